/* hyco-cvode.c: the module hyco-cvode, the stiff solver on SUNDIALS CVODE, which the library
 * loads only when a continuous director uses it (hyco-cvode-load.c): SUNDIALS is six libraries
 * that every hyco command would otherwise load at start-up. It links SUNDIALS and GLib, nothing
 * of Hyco (kernel/hyco-module-private.h).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-cvode.h"
#include "hyco-module-private.h"

#include <cvode/cvode.h>
#include <nvector/nvector_serial.h>
#include <math.h>
#include <sunlinsol/sunlinsol_band.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunmatrix/sunmatrix_band.h>
#include <sunmatrix/sunmatrix_dense.h>

#include <string.h>

/* CVODE with BDF and a direct linear solver, Jacobians by difference quotients (firings of the
 * model, all without side effects). A dense Jacobian costs n firings and its factorisation n³/3
 * operations, which dominates from a few hundred states on; but in a large model a state's
 * derivative usually depends on a few neighbours only, and with a banded Jacobian (half-
 * bandwidths ml and mu) CVODE needs ml + mu + 1 firings and O(n (ml + mu)²) operations. So the
 * pattern is found by probing the model once, at the first restart, and the band solver is
 * chosen where the band is narrow. A dependence the probes miss (a partial derivative that is 0
 * at both probes, a switch) costs Newton iterations, never accuracy: CVODE's error control
 * stays on the true derivatives. Restarted from the committed states after every discontinuity
 * or rejected step, which is how CVODE is meant to meet events. */
struct _HycoCvode
{
  SUNContext context;
  void *memory;
  N_Vector y;
  SUNMatrix matrix;
  SUNLinearSolver solver;
  HycoCvodeLinearSolver linear_solver; /* until the first restart, what was asked */
  gboolean linear_solver_set;
  guint n;
  HycoCvodeRhs rhs;
  gpointer user_data;
  GError *rhs_error; /* why the model's evaluation failed, for the caller */
  GQuark error_domain; /* of CVODE's own failures */
  gint error_code;
};

static int
evaluate (realtype t, N_Vector y, N_Vector ydot, void *user_data)
{
  HycoCvode *self = user_data;

  if (self->rhs_error != NULL)
    return -1;
  return self->rhs (self->user_data, t, N_VGetArrayPointer (y), N_VGetArrayPointer (ydot),
                    &self->rhs_error)
           ? 0
           : -1;
}

static gboolean
check (HycoCvode *self, int flag, const char *call, GError **error)
{
  if (flag >= 0)
    return TRUE;
  if (self->rhs_error != NULL)
    {
      g_propagate_error (error, self->rhs_error);
      self->rhs_error = NULL;
      return FALSE;
    }
  g_set_error (error, self->error_domain, self->error_code, "CVODE: %s failed: %s", call,
               CVodeGetReturnFlagName (flag));
  return FALSE;
}

/* One absolute tolerance for all states when they are the same (the usual case), else a vector
 * (states scaled by their nominals). */
static gboolean
cvode_set_tolerances (HycoCvode *self, double relative_tolerance,
                            const double *absolute_tolerances, GError **error)
{
  N_Vector vector;
  gboolean ok, uniform = TRUE;

  for (guint i = 1; i < self->n; i++)
    uniform = uniform && absolute_tolerances[i] == absolute_tolerances[0];
  if (uniform)
    return check (self,
                  CVodeSStolerances (self->memory, relative_tolerance, absolute_tolerances[0]),
                  "CVodeSStolerances", error);
  vector = N_VNew_Serial ((sunindextype) self->n, self->context);
  memcpy (N_VGetArrayPointer (vector), absolute_tolerances, sizeof (double) * self->n);
  /* CVODE keeps its own copy. */
  ok = check (self, CVodeSVtolerances (self->memory, relative_tolerance, vector),
              "CVodeSVtolerances", error);
  N_VDestroy (vector);
  return ok;
}

/* Below this many states a dense Jacobian is as cheap as any. */
#define MIN_BAND_STATES 16

static gboolean
attach_linear_solver (HycoCvode *self, HycoCvodeLinearSolver kind, guint lower, guint upper,
                      GError **error)
{
  if (kind == HYCO_CVODE_LINEAR_SOLVER_BAND)
    {
      self->matrix = SUNBandMatrix ((sunindextype) self->n, (sunindextype) upper,
                                    (sunindextype) lower, self->context);
      self->solver = self->matrix ? SUNLinSol_Band (self->y, self->matrix, self->context) : NULL;
    }
  else
    {
      self->matrix = SUNDenseMatrix ((sunindextype) self->n, (sunindextype) self->n,
                                     self->context);
      self->solver = self->matrix ? SUNLinSol_Dense (self->y, self->matrix, self->context) : NULL;
    }
  if (self->matrix == NULL || self->solver == NULL)
    {
      g_set_error (error, self->error_domain, self->error_code,
                   "CVODE: cannot create the linear solver for %u states", self->n);
      return FALSE;
    }
  self->linear_solver = kind;
  self->linear_solver_set = TRUE;
  return check (self, CVodeSetLinearSolver (self->memory, self->solver, self->matrix),
                "CVodeSetLinearSolver", error);
}

/* How far a probe moves state j from @base. */
static inline double
probe_delta (const double *base, guint j)
{
  return 1e-4 * MAX (fabs (base[j]), 1.0);
}

/* The model evaluated at @base with every state j = @offset (mod @period) moved, into @f. */
static gboolean
probe_group (HycoCvode *self, double t, const double *base, guint period, guint offset,
             double *x, double *f)
{
  memcpy (x, base, sizeof (double) * self->n);
  for (guint j = offset; j < self->n; j += period)
    x[j] += probe_delta (base, j);
  return self->rhs (self->user_data, t, x, f, NULL);
}

/* The state moved with @offset (mod @period) within [@from, @to], or -1 when there is none
 * (the interval being shorter than the period, there is at most one). */
static gint64
moved_state_in (gint64 from, gint64 to, guint period, guint offset, guint n)
{
  gint64 j = from + ((((gint64) offset - from) % period) + period) % period;

  return j <= to && j >= 0 && j < (gint64) n ? j : -1;
}

typedef enum
{
  BAND_FOUND,
  BAND_WIDER,  /* a dependence reaches beyond the half-width tried */
  BAND_FAILED, /* the model cannot be evaluated there */
} BandProbe;

/* Finds the band at @base supposing half-widths of at most @w, with 4w + 4 evaluations of the
 * model instead of n, as CVODE's own band Jacobian groups its columns: the states j = r
 * (mod 2w + 1) are moved together, and the change of a derivative i is attributed to the one
 * such j within w of i, which gives the partial derivative d(f_i)/d(x_j) too. A dependence
 * farther than w would be attributed to the wrong state, so the guess is checked by moving the
 * states grouped by 2w + 2 instead, where the attributed partial derivatives must predict
 * every change (to a tenth: the model need not be linear): one they do not predict is a
 * dependence beyond the band. @partials: n × (2w + 1). */
static BandProbe
probe_band (HycoCvode *self, double t, const double *base, guint w, double *partials,
            double *f0, double *x, double *f, guint *lower, guint *upper)
{
  guint n = self->n, width = 2 * w + 1;

  if (!self->rhs (self->user_data, t, base, f0, NULL))
    return BAND_FAILED;
  for (guint offset = 0; offset < width; offset++)
    {
      if (!probe_group (self, t, base, width, offset, x, f))
        return BAND_FAILED;
      for (guint i = 0; i < n; i++)
        {
          gint64 j = moved_state_in ((gint64) i - w, (gint64) i + w, width, offset, n);
          double change = f[i] - f0[i];

          if (j < 0)
            {
              if (!(change == 0))
                return BAND_WIDER; /* at an end of the states: a farther dependence */
              continue;
            }
          partials[(gsize) i * width + (guint) (j - (gint64) i + w)]
            = change / probe_delta (base, (guint) j);
          if (!(change == 0) && j < (gint64) i)
            *lower = MAX (*lower, (guint) ((gint64) i - j));
          else if (!(change == 0))
            *upper = MAX (*upper, (guint) (j - (gint64) i));
        }
    }
  for (guint offset = 0; offset < width + 1; offset++)
    {
      if (!probe_group (self, t, base, width + 1, offset, x, f))
        return BAND_FAILED;
      for (guint i = 0; i < n; i++)
        {
          gint64 j = moved_state_in ((gint64) i - w, (gint64) i + w, width + 1, offset, n);
          double change = f[i] - f0[i], predicted = 0;

          if (j >= 0)
            predicted = partials[(gsize) i * width + (guint) (j - (gint64) i + w)]
                        * probe_delta (base, (guint) j);
          if (!(fabs (change - predicted)
                <= 0.1 * MAX (fabs (change), fabs (predicted)) + 1e-12 * (fabs (f0[i]) + 1)))
            return BAND_WIDER;
        }
    }
  return BAND_FOUND;
}

/* Finds the Jacobian's band at (@t, @y), and at a point nearby moved in every state, so that a
 * dependence whose partial derivative is 0 at @y (x·y at y = 0) is still seen; with half-widths
 * tried from 2, doubled while a dependence reaches beyond them, as long as a band solver would
 * pay. Then attaches the band solver when the band is narrow enough (or was asked for), else the
 * dense one; a model that cannot be evaluated at the probes gets the dense solver. */
static gboolean
choose_linear_solver (HycoCvode *self, double t, const double *y, GError **error)
{
  guint n = self->n, lower = 0, upper = 0, w;
  g_autofree double *moved = g_new (double, n);
  g_autofree double *f0 = g_new (double, n);
  g_autofree double *x = g_new (double, n);
  g_autofree double *f = g_new (double, n);
  g_autofree double *partials = NULL;
  BandProbe found = BAND_WIDER;
  HycoCvodeLinearSolver kind = HYCO_CVODE_LINEAR_SOLVER_DENSE;
  gint64 started = g_get_monotonic_time ();

  for (guint i = 0; i < n; i++)
    moved[i] = y[i] + 1e-3 * MAX (fabs (y[i]), 1.0) * (1.0 + (double) (i % 7) / 7.0);
  for (w = 2; found == BAND_WIDER && 2 * w + 2 <= n; w *= 2)
    {
      lower = upper = 0;
      g_free (partials);
      partials = g_new0 (double, (gsize) n * (2 * w + 1));
      found = probe_band (self, t, y, w, partials, f0, x, f, &lower, &upper);
      /* The second point may lie where the model cannot be evaluated: the first suffices. */
      if (found == BAND_FOUND)
        {
          guint lower_moved = lower, upper_moved = upper;
          BandProbe again
            = probe_band (self, t, moved, w, partials, f0, x, f, &lower_moved, &upper_moved);
          if (again == BAND_WIDER)
            found = BAND_WIDER;
          else if (again == BAND_FOUND)
            lower = lower_moved, upper = upper_moved;
        }
      if (found == BAND_WIDER && self->linear_solver != HYCO_CVODE_LINEAR_SOLVER_BAND
          && 4 * (4 * w + 1) > n)
        break; /* the band is too wide to pay: dense */
    }
  if (found == BAND_FOUND
      && (self->linear_solver == HYCO_CVODE_LINEAR_SOLVER_BAND || 4 * (lower + upper + 1) <= n))
    kind = HYCO_CVODE_LINEAR_SOLVER_BAND;
  else if (self->linear_solver == HYCO_CVODE_LINEAR_SOLVER_BAND && found != BAND_FAILED)
    {
      /* Asked for a band that is the whole matrix. */
      kind = HYCO_CVODE_LINEAR_SOLVER_BAND;
      lower = upper = n - 1;
    }
  g_debug ("CVODE, %u states: %s linear solver (%s%u below and %u above the diagonal; probed "
           "in %.3f s)",
           n, kind == HYCO_CVODE_LINEAR_SOLVER_BAND ? "band" : "dense",
           found == BAND_FOUND                   ? "the Jacobian's band: "
           : found == BAND_FAILED                ? "the model cannot be evaluated at the probes; "
           : kind == HYCO_CVODE_LINEAR_SOLVER_BAND ? "asked for, with no narrower band than "
                                                 : "the band is wider than ",
           lower, upper, (double) (g_get_monotonic_time () - started) / G_USEC_PER_SEC);
  return attach_linear_solver (self, kind, lower, upper, error);
}

static void cvode_free (HycoCvode *self);

static HycoCvode *
cvode_new (guint n, double relative_tolerance, const double *absolute_tolerances,
           double max_step, double initial_step, HycoCvodeLinearSolver linear_solver,
           HycoCvodeRhs rhs, gpointer user_data, GQuark error_domain, gint error_code,
           GError **error)
{
  HycoCvode *self = g_new0 (HycoCvode, 1);

  self->error_domain = error_domain;
  self->error_code = error_code;
  self->n = n;
  self->linear_solver = linear_solver;
  self->rhs = rhs;
  self->user_data = user_data;
  if (SUNContext_Create (NULL, &self->context) != 0)
    {
      g_set_error (error, self->error_domain, self->error_code,
                   "CVODE: cannot create a SUNDIALS context");
      g_free (self);
      return NULL;
    }
  self->y = N_VNew_Serial ((sunindextype) n, self->context);
  N_VConst (0, self->y);
  self->memory = CVodeCreate (CV_BDF, self->context);
  /* The band, if any, is known at the first restart, where the states are. */
  if (n < MIN_BAND_STATES && linear_solver == HYCO_CVODE_LINEAR_SOLVER_AUTO)
    self->linear_solver = HYCO_CVODE_LINEAR_SOLVER_DENSE;
  if (self->memory == NULL
      || !check (self, CVodeInit (self->memory, evaluate, 0, self->y), "CVodeInit", error)
      || !check (self, CVodeSetUserData (self->memory, self), "CVodeSetUserData", error)
      || !cvode_set_tolerances (self, relative_tolerance, absolute_tolerances, error)
      || (self->linear_solver == HYCO_CVODE_LINEAR_SOLVER_DENSE
          && !attach_linear_solver (self, HYCO_CVODE_LINEAR_SOLVER_DENSE, 0, 0, error))
      || !check (self, CVodeSetMaxStep (self->memory, max_step), "CVodeSetMaxStep", error)
      || !check (self, CVodeSetInitStep (self->memory, initial_step), "CVodeSetInitStep", error)
      || !check (self, CVodeSetMaxNumSteps (self->memory, -1), "CVodeSetMaxNumSteps", error))
    {
      cvode_free (self);
      return NULL;
    }
  /* Messages reach the caller through GError, not stderr. */
  CVodeSetErrFile (self->memory, NULL);
  return self;
}

static gboolean
cvode_restart (HycoCvode *self, double t, const double *y, GError **error)
{
  if (!self->linear_solver_set && !choose_linear_solver (self, t, y, error))
    return FALSE;
  memcpy (N_VGetArrayPointer (self->y), y, sizeof (double) * self->n);
  return check (self, CVodeReInit (self->memory, t, self->y), "CVodeReInit", error);
}

static gboolean
cvode_step (HycoCvode *self, double t_stop, double *t_reached, double *y, GError **error)
{
  realtype reached = 0;

  if (!check (self, CVodeSetStopTime (self->memory, t_stop), "CVodeSetStopTime", error)
      || !check (self, CVode (self->memory, t_stop, self->y, &reached, CV_ONE_STEP), "CVode",
                 error))
    return FALSE;
  *t_reached = reached;
  memcpy (y, N_VGetArrayPointer (self->y), sizeof (double) * self->n);
  return TRUE;
}

/* Integrates to exactly @t_end (its stop time), however many internal steps it takes. */
static gboolean
cvode_advance (HycoCvode *self, double t_end, double *y, GError **error)
{
  realtype reached = 0;

  if (!check (self, CVodeSetStopTime (self->memory, t_end), "CVodeSetStopTime", error)
      || !check (self, CVode (self->memory, t_end, self->y, &reached, CV_NORMAL), "CVode", error))
    return FALSE;
  memcpy (y, N_VGetArrayPointer (self->y), sizeof (double) * self->n);
  return TRUE;
}

static HycoCvodeLinearSolver
cvode_get_linear_solver (HycoCvode *self)
{
  return self->linear_solver;
}

static void
cvode_free (HycoCvode *self)
{
  if (self == NULL)
    return;
  if (self->memory)
    CVodeFree (&self->memory);
  if (self->solver)
    SUNLinSolFree (self->solver);
  if (self->matrix)
    SUNMatDestroy (self->matrix);
  if (self->y)
    N_VDestroy (self->y);
  g_clear_error (&self->rhs_error);
  SUNContext_Free (&self->context);
  g_free (self);
}

G_MODULE_EXPORT const char hyco_module_version[] = HYCO_VERSION;

G_MODULE_EXPORT const HycoCvodeOps hyco_cvode_ops = {
  .new = cvode_new,
  .get_linear_solver = cvode_get_linear_solver,
  .set_tolerances = cvode_set_tolerances,
  .restart = cvode_restart,
  .step = cvode_step,
  .advance = cvode_advance,
  .free = cvode_free,
};
