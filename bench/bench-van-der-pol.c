/* bench-van-der-pol.c: the continuous director's overhead. Van der Pol with mu = 1 over 1000 s
 * with Dormand-Prince at rtol 1e-6, and mu = 1000 over 3000 s with CVODE, each against the
 * same method called directly on an analytic right-hand side (a hand-written RK45 loop with
 * the director's step-size controller; CVODE with the same settings). Prints steps per second,
 * actor firings per step, and the ratio of wall times. Goal: within 3x of the direct calls.
 * Each figure is the fastest of REPEATS runs, Hyco's and the direct call's in turn, so that
 * runs of a few milliseconds are measured against the same state of a noisy machine.
 *
 *   ninja -C build && build/bench/bench-van-der-pol
 *
 * Run from the source root (it loads models/van-der-pol*.xml).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco.h"

#include <cvode/cvode.h>
#include <math.h>
#include <nvector/nvector_serial.h>
#include <stdio.h>
#include <sunlinsol/sunlinsol_dense.h>
#include <sunmatrix/sunmatrix_dense.h>

#define REPEATS 25

static double mu;

static void
van_der_pol (const double *x, double *dx)
{
  dx[0] = x[1];
  dx[1] = mu * (1 - x[0] * x[0]) * x[1] - x[0];
}

/* Dormand-Prince 4(5) with the continuous director's controller: error ratio against
 * atol + rtol max(|x|, |x_new|), growth in [0.2, 5], safety 0.9, first same as last. */
static guint64
direct_rk45 (double stop, double rtol, double atol, double first_step, double max_step, double *x)
{
  static const double c[] = { 0, 1.0 / 5, 3.0 / 10, 4.0 / 5, 8.0 / 9, 1, 1 };
  static const double a[7][7] = {
    { 0 },
    { 1.0 / 5 },
    { 3.0 / 40, 9.0 / 40 },
    { 44.0 / 45, -56.0 / 15, 32.0 / 9 },
    { 19372.0 / 6561, -25360.0 / 2187, 64448.0 / 6561, -212.0 / 729 },
    { 9017.0 / 3168, -355.0 / 33, 46732.0 / 5247, 49.0 / 176, -5103.0 / 18656 },
    { 35.0 / 384, 0, 500.0 / 1113, 125.0 / 192, -2187.0 / 6784, 11.0 / 84 },
  };
  static const double e[] = { 35.0 / 384 - 5179.0 / 57600,
                              0,
                              500.0 / 1113 - 7571.0 / 16695,
                              125.0 / 192 - 393.0 / 640,
                              -2187.0 / 6784 + 92097.0 / 339200,
                              11.0 / 84 - 187.0 / 2100,
                              -1.0 / 40 };
  double k[7][2], t = 0, h = first_step;
  guint64 steps = 0;

  (void) c;
  van_der_pol (x, k[0]);
  while (t < stop)
    {
      double x_new[2], ratio = 0;
      h = MIN (h, stop - t);
      for (int s = 1; s < 7; s++)
        {
          double stage[2];
          for (int i = 0; i < 2; i++)
            {
              double sum = 0;
              for (int j = 0; j < s; j++)
                sum += a[s][j] * k[j][i];
              stage[i] = x[i] + h * sum;
            }
          van_der_pol (stage, k[s]);
          if (s == 6)
            memcpy (x_new, stage, sizeof x_new);
        }
      for (int i = 0; i < 2; i++)
        {
          double err = 0;
          for (int j = 0; j < 7; j++)
            err += e[j] * k[j][i];
          ratio = MAX (ratio, fabs (h * err) / (atol + rtol * MAX (fabs (x[i]), fabs (x_new[i]))));
        }
      if (ratio > 1)
        {
          h *= MAX (0.2, 0.9 * pow (ratio, -0.2));
          continue;
        }
      t += h;
      memcpy (x, x_new, sizeof x_new);
      memcpy (k[0], k[6], sizeof k[0]);
      steps++;
      h = MIN (max_step, h * (ratio > 0 ? CLAMP (0.9 * pow (ratio, -0.2), 0.2, 5.0) : 5.0));
    }
  return steps;
}

static int
cvode_rhs (realtype t, N_Vector y, N_Vector ydot, void *user_data)
{
  van_der_pol (N_VGetArrayPointer (y), N_VGetArrayPointer (ydot));
  return 0;
}

static guint64
direct_cvode (double stop, double rtol, double atol, double max_step, double first_step, double *x)
{
  SUNContext context;
  N_Vector y;
  SUNMatrix matrix;
  SUNLinearSolver solver;
  void *memory;
  realtype t = 0;
  long steps = 0;

  SUNContext_Create (NULL, &context);
  y = N_VNew_Serial (2, context);
  N_VGetArrayPointer (y)[0] = x[0];
  N_VGetArrayPointer (y)[1] = x[1];
  memory = CVodeCreate (CV_BDF, context);
  CVodeInit (memory, cvode_rhs, 0, y);
  CVodeSStolerances (memory, rtol, atol);
  matrix = SUNDenseMatrix (2, 2, context);
  solver = SUNLinSol_Dense (y, matrix, context);
  CVodeSetLinearSolver (memory, solver, matrix);
  CVodeSetMaxStep (memory, max_step);
  CVodeSetInitStep (memory, first_step);
  CVodeSetMaxNumSteps (memory, -1);
  CVodeSetStopTime (memory, stop);
  while (t < stop)
    if (CVode (memory, stop, y, &t, CV_ONE_STEP) < 0)
      g_error ("CVODE failed");
  CVodeGetNumSteps (memory, &steps);
  x[0] = N_VGetArrayPointer (y)[0];
  x[1] = N_VGetArrayPointer (y)[1];
  CVodeFree (&memory);
  SUNLinSolFree (solver);
  SUNMatDestroy (matrix);
  N_VDestroy (y);
  SUNContext_Free (&context);
  return (guint64) steps;
}

static double
run_model_once (const char *path, const char *stop, guint64 *steps, guint64 *firings, double *x1)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoModel) model = hyco_model_new_from_file (path, &error);
  HycoRecorder *samples;
  HycoDirector *director;
  gint64 start;
  double seconds;

  if (model == NULL || !hyco_model_set_stop_time (model, stop, &error)
      || !hyco_model_prepare (model, &error))
    g_error ("%s", error->message);
  start = g_get_monotonic_time ();
  if (!hyco_model_run (model, NULL, &error))
    g_error ("%s", error->message);
  seconds = (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC;
  director = hyco_composite_actor_get_director (hyco_model_get_toplevel (model));
  *steps = hyco_continuous_director_get_step_count (HYCO_CONTINUOUS_DIRECTOR (director));
  *firings = hyco_model_get_firing_count (model);
  samples = HYCO_RECORDER (hyco_model_lookup_actor (model, "Samples"));
  *x1 = hyco_value_get_double (
    hyco_recorder_get_value (samples, hyco_recorder_get_count (samples) - 1));
  return seconds;
}

static void
report (const char *title, double seconds, guint64 steps, guint64 firings, double x1,
        double direct_seconds, guint64 direct_steps, double direct_x1)
{
  printf ("%s\n", title);
  printf ("  hyco    %8" G_GUINT64_FORMAT " steps in %.4f s: %.3g steps/s, %.1f actor firings "
          "per step, x1(end) = %.9g\n",
          steps, seconds, (double) steps / seconds, (double) firings / (double) steps, x1);
  printf ("  direct  %8" G_GUINT64_FORMAT " steps in %.4f s: %.3g steps/s, x1(end) = %.9g\n",
          direct_steps, direct_seconds, (double) direct_steps / direct_seconds, direct_x1);
  printf ("  ratio   %.1f x the direct call's wall time (goal: 3)\n", seconds / direct_seconds);
}

static double
time_direct_rk45 (guint64 *steps, double *x)
{
  gint64 start = g_get_monotonic_time ();

  mu = 1;
  x[0] = 2;
  x[1] = 0;
  *steps = direct_rk45 (1000, 1e-6, 1e-9, 1e-3, 1, x);
  return (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC;
}

static double
time_direct_cvode (guint64 *steps, double *x)
{
  gint64 start = g_get_monotonic_time ();

  mu = 1000;
  x[0] = 2;
  x[1] = 0;
  *steps = direct_cvode (3000, 1e-6, 1e-9, 100, 1e-3, x);
  return (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC;
}

static void
compare (const char *title, const char *model, const char *stop,
         double (*time_direct) (guint64 *steps, double *x))
{
  guint64 steps, firings, direct_steps;
  double seconds = G_MAXDOUBLE, direct_seconds = G_MAXDOUBLE, x1, x[2];

  for (int r = 0; r < REPEATS; r++)
    {
      seconds = fmin (seconds, run_model_once (model, stop, &steps, &firings, &x1));
      direct_seconds = fmin (direct_seconds, time_direct (&direct_steps, x));
    }
  report (title, seconds, steps, firings, x1, direct_seconds, direct_steps, x[0]);
}

int
main (void)
{
  hyco_init ();
  compare ("Van der Pol, mu = 1, 1000 s, Dormand-Prince 4(5), rtol 1e-6", "models/van-der-pol.xml",
           "1000", time_direct_rk45);
  compare ("Van der Pol, mu = 1000, 3000 s, CVODE (BDF), rtol 1e-6", "models/van-der-pol-stiff.xml",
           "3000", time_direct_cvode);
  return 0;
}
