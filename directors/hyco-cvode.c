/* hyco-cvode.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-directors.h"
#include "hyco-kernel.h"
#include "hyco-cvode.h"

#include <cvode/cvode.h>
#include <nvector/nvector_serial.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunmatrix/sunmatrix_dense.h>

#include <string.h>

/* CVODE with BDF and a dense direct linear solver (Jacobians by difference quotients: each is
 * n extra firings of the model, all without side effects). Restarted from the committed states
 * after every discontinuity or rejected step, which is how CVODE is meant to meet events. */
struct _HycoCvode
{
  SUNContext context;
  void *memory;
  N_Vector y;
  SUNMatrix matrix;
  SUNLinearSolver solver;
  guint n;
  HycoCvodeRhs rhs;
  gpointer user_data;
  GError *rhs_error; /* why the model's evaluation failed, for the caller */
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
  g_set_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_FAILED, "CVODE: %s failed: %s", call,
               CVodeGetReturnFlagName (flag));
  return FALSE;
}

/* One absolute tolerance for all states when they are the same (the usual case), else a vector
 * (states scaled by their nominals). */
gboolean
_hyco_cvode_set_tolerances (HycoCvode *self, double relative_tolerance,
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

HycoCvode *
_hyco_cvode_new (guint n, double relative_tolerance, const double *absolute_tolerances,
                 double max_step, double initial_step, HycoCvodeRhs rhs, gpointer user_data,
                 GError **error)
{
  HycoCvode *self = g_new0 (HycoCvode, 1);

  self->n = n;
  self->rhs = rhs;
  self->user_data = user_data;
  if (SUNContext_Create (NULL, &self->context) != 0)
    {
      g_set_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_FAILED,
                   "CVODE: cannot create a SUNDIALS context");
      g_free (self);
      return NULL;
    }
  self->y = N_VNew_Serial ((sunindextype) n, self->context);
  N_VConst (0, self->y);
  self->memory = CVodeCreate (CV_BDF, self->context);
  self->matrix = SUNDenseMatrix ((sunindextype) n, (sunindextype) n, self->context);
  self->solver = SUNLinSol_Dense (self->y, self->matrix, self->context);
  if (self->memory == NULL || self->matrix == NULL || self->solver == NULL
      || !check (self, CVodeInit (self->memory, evaluate, 0, self->y), "CVodeInit", error)
      || !check (self, CVodeSetUserData (self->memory, self), "CVodeSetUserData", error)
      || !_hyco_cvode_set_tolerances (self, relative_tolerance, absolute_tolerances, error)
      || !check (self, CVodeSetLinearSolver (self->memory, self->solver, self->matrix),
                 "CVodeSetLinearSolver", error)
      || !check (self, CVodeSetMaxStep (self->memory, max_step), "CVodeSetMaxStep", error)
      || !check (self, CVodeSetInitStep (self->memory, initial_step), "CVodeSetInitStep", error)
      || !check (self, CVodeSetMaxNumSteps (self->memory, -1), "CVodeSetMaxNumSteps", error))
    {
      _hyco_cvode_free (self);
      return NULL;
    }
  /* Messages reach the caller through GError, not stderr. */
  CVodeSetErrFile (self->memory, NULL);
  return self;
}

gboolean
_hyco_cvode_restart (HycoCvode *self, double t, const double *y, GError **error)
{
  memcpy (N_VGetArrayPointer (self->y), y, sizeof (double) * self->n);
  return check (self, CVodeReInit (self->memory, t, self->y), "CVodeReInit", error);
}

gboolean
_hyco_cvode_step (HycoCvode *self, double t_stop, double *t_reached, double *y, GError **error)
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
gboolean
_hyco_cvode_advance (HycoCvode *self, double t_end, double *y, GError **error)
{
  realtype reached = 0;

  if (!check (self, CVodeSetStopTime (self->memory, t_end), "CVodeSetStopTime", error)
      || !check (self, CVode (self->memory, t_end, self->y, &reached, CV_NORMAL), "CVode", error))
    return FALSE;
  memcpy (y, N_VGetArrayPointer (self->y), sizeof (double) * self->n);
  return TRUE;
}

void
_hyco_cvode_free (HycoCvode *self)
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
