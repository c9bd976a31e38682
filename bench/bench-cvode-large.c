/* bench-cvode-large.c: CVODE on a large model. The heat equation on a rod of N cells (N states,
 * dT_i/dt = k (T_i-1 - 2 T_i + T_i+1), ends held at 0), built from Integrators, Gains and
 * AddSubtracts (4 actors a cell) under the continuous director with ODESolver CVODE, is run
 * with the director's linear solver chosen automatically (banded here: each state depends on
 * its neighbours only) and forced dense, as before; and against CVODE called directly on the
 * same equation with a band solver. Prints steps per second, the final temperature of the
 * middle cell each way, and the ratios of wall times.
 *
 *   ninja -C build && build/bench/bench-cvode-large [N]     (default N = 2000)
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco.h"

#include <cvode/cvode.h>
#include <nvector/nvector_serial.h>
#include <stdio.h>
#include <stdlib.h>
#include <sunlinsol/sunlinsol_band.h>
#include <sunmatrix/sunmatrix_band.h>

#define CONDUCTION 1e4 /* k: eigenvalues down to -4k, a stiff system */
#define STOP_TIME "0.01"
#define RTOL 1e-6
#define ATOL 1e-9

/* The rod starts hot in its left half. */
static double
initial_temperature (guint i, guint n)
{
  return i < n / 2 ? 1.0 : 0.0;
}

static char *
heat_model (guint n, const char *linear_solver)
{
  GString *xml = g_string_new (NULL);

  g_string_append_printf (xml,
                          "<entity name=\"rod\" class=\"TypedCompositeActor\">\n"
                          "<property name=\"director\" class=\"ContinuousDirector\">\n"
                          "  <property name=\"stopTime\" value=\"%s\"/>\n"
                          "  <property name=\"ODESolver\" value=\"CVODE\"/>\n"
                          "  <property name=\"relativeTolerance\" value=\"%g\"/>\n"
                          "  <property name=\"absoluteTolerance\" value=\"%g\"/>\n"
                          "  <property name=\"maxStepSize\" value=\"1\"/>\n"
                          "  <property name=\"linearSolver\" value=\"%s\"/>\n"
                          "</property>\n",
                          STOP_TIME, RTOL, ATOL, linear_solver);
  for (guint i = 0; i < n; i++)
    g_string_append_printf (
      xml,
      "<entity name=\"T%u\" class=\"Integrator\"><property name=\"initialState\" value=\"%g\"/>"
      "</entity>\n"
      "<entity name=\"Twice%u\" class=\"Gain\"><property name=\"factor\" value=\"2\"/></entity>\n"
      "<entity name=\"Sum%u\" class=\"AddSubtract\"/>\n"
      "<entity name=\"K%u\" class=\"Gain\"><property name=\"factor\" value=\"%g\"/></entity>\n"
      "<relation name=\"t%u\"/><relation name=\"twice%u\"/><relation name=\"sum%u\"/>"
      "<relation name=\"dt%u\"/>\n"
      "<link port=\"T%u.state\" relation=\"t%u\"/><link port=\"Twice%u.input\" relation=\"t%u\"/>"
      "<link port=\"Twice%u.output\" relation=\"twice%u\"/>"
      "<link port=\"Sum%u.minus\" relation=\"twice%u\"/>"
      "<link port=\"Sum%u.output\" relation=\"sum%u\"/><link port=\"K%u.input\" relation=\"sum%u\"/>"
      "<link port=\"K%u.output\" relation=\"dt%u\"/><link port=\"T%u.derivative\" relation=\"dt%u\"/>"
      "\n",
      i, initial_temperature (i, n), i, i, i, CONDUCTION, i, i, i, i, i, i, i, i, i, i, i, i, i,
      i, i, i, i, i, i, i);
  /* Each cell's sum takes its neighbours' temperatures. */
  for (guint i = 0; i < n; i++)
    {
      if (i > 0)
        g_string_append_printf (xml, "<link port=\"Sum%u.plus\" relation=\"t%u\"/>\n", i, i - 1);
      if (i + 1 < n)
        g_string_append_printf (xml, "<link port=\"Sum%u.plus\" relation=\"t%u\"/>\n", i, i + 1);
    }
  g_string_append_printf (xml, "<entity name=\"Middle\" class=\"Recorder\"/>\n"
                                "<link port=\"Middle.input\" relation=\"t%u\"/>\n</entity>\n",
                          n / 2);
  return g_string_free (xml, FALSE);
}

/* Runs the model; the step count, and the middle cell's final temperature. */
static double
run_hyco (guint n, const char *linear_solver, guint64 *steps, double *middle)
{
  g_autofree char *xml = heat_model (n, linear_solver);
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoModel) model = hyco_model_new_from_data (xml, -1, "rod.xml", &error);
  HycoDirector *director;
  HycoRecorder *middle_cell;
  gint64 start;
  double seconds;

  if (model == NULL || !hyco_model_prepare (model, &error))
    g_error ("%s", error->message);
  start = g_get_monotonic_time ();
  if (!hyco_model_run (model, NULL, &error))
    g_error ("%s", error->message);
  seconds = (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC;
  director = hyco_composite_actor_get_director (hyco_model_get_toplevel (model));
  *steps = hyco_continuous_director_get_step_count (HYCO_CONTINUOUS_DIRECTOR (director));
  middle_cell = HYCO_RECORDER (hyco_model_lookup_actor (model, "Middle"));
  *middle = hyco_value_get_double (
    hyco_recorder_get_value (middle_cell, hyco_recorder_get_count (middle_cell) - 1));
  return seconds;
}

static int
heat (realtype t, N_Vector y, N_Vector ydot, void *user_data)
{
  const double *x = N_VGetArrayPointer (y);
  double *dx = N_VGetArrayPointer (ydot);
  sunindextype n = N_VGetLength (y);

  for (sunindextype i = 0; i < n; i++)
    dx[i] = CONDUCTION * ((i > 0 ? x[i - 1] : 0) - 2 * x[i] + (i + 1 < n ? x[i + 1] : 0));
  return 0;
}

/* CVODE directly: BDF, the same tolerances, a band solver with its difference quotients. */
static double
run_direct (guint n, guint64 *steps, double *middle)
{
  SUNContext context;
  N_Vector y;
  SUNMatrix matrix;
  SUNLinearSolver solver;
  void *memory;
  realtype reached;
  long int nst = 0;
  gint64 start = g_get_monotonic_time ();
  double seconds;

  SUNContext_Create (NULL, &context);
  y = N_VNew_Serial (n, context);
  for (guint i = 0; i < n; i++)
    N_VGetArrayPointer (y)[i] = initial_temperature (i, n);
  memory = CVodeCreate (CV_BDF, context);
  matrix = SUNBandMatrix (n, 1, 1, context);
  solver = SUNLinSol_Band (y, matrix, context);
  CVodeInit (memory, heat, 0, y);
  CVodeSStolerances (memory, RTOL, ATOL);
  CVodeSetLinearSolver (memory, solver, matrix);
  CVodeSetMaxStep (memory, 1);
  CVodeSetMaxNumSteps (memory, -1);
  CVodeSetStopTime (memory, g_ascii_strtod (STOP_TIME, NULL));
  if (CVode (memory, g_ascii_strtod (STOP_TIME, NULL), y, &reached, CV_NORMAL) < 0)
    g_error ("CVODE failed");
  seconds = (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC;
  CVodeGetNumSteps (memory, &nst);
  *steps = (guint64) nst;
  *middle = N_VGetArrayPointer (y)[n / 2];
  CVodeFree (&memory);
  SUNLinSolFree (solver);
  SUNMatDestroy (matrix);
  N_VDestroy (y);
  SUNContext_Free (&context);
  return seconds;
}

int
main (int argc, char **argv)
{
  guint n = argc > 1 ? (guint) atoi (argv[1]) : 2000;
  guint64 steps_auto, steps_dense, steps_direct;
  double middle_auto, middle_dense, middle_direct, auto_s, dense_s, direct_s;

  hyco_init ();
  if (n < 4)
    g_error ("usage: bench-cvode-large [N >= 4]");
  auto_s = run_hyco (n, "auto", &steps_auto, &middle_auto);
  dense_s = run_hyco (n, "dense", &steps_dense, &middle_dense);
  direct_s = run_direct (n, &steps_direct, &middle_direct);

  printf ("Heat equation, %u cells (%u states, %u actors), %s s, CVODE (BDF), rtol %g\n", n, n,
          4 * n, STOP_TIME, RTOL);
  printf ("  hyco, band    %6" G_GUINT64_FORMAT " steps in %7.3f s: %8.1f steps/s, T%u = %.9g\n",
          steps_auto, auto_s, (double) steps_auto / auto_s, n / 2, middle_auto);
  printf ("  hyco, dense   %6" G_GUINT64_FORMAT " steps in %7.3f s: %8.1f steps/s, T%u = %.9g\n",
          steps_dense, dense_s, (double) steps_dense / dense_s, n / 2, middle_dense);
  printf ("  direct, band  %6" G_GUINT64_FORMAT " steps in %7.3f s: %8.1f steps/s, T%u = %.9g\n",
          steps_direct, direct_s, (double) steps_direct / direct_s, n / 2, middle_direct);
  printf ("  band against dense: %.1f x faster (goal: 10)\n", dense_s / auto_s);
  printf ("  ratio   %.1f x the direct call's wall time\n", auto_s / direct_s);
  return 0;
}
