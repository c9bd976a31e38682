/* test-fmu-me.c: Model Exchange FMUs (FMUModelExchange) under the continuous director: the
 * project's ME test FMUs (tests/fmus/me/, see tests/fmus/README.md), their states integrated
 * by each solver, state and time events at exact superdense tags, event iterations as
 * microsteps, values against the analytic solutions.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "test-support.h"

#include <math.h>
#include <string.h>

static char *
fmu_path (const char *name)
{
  return g_build_filename (g_getenv ("HYCO_TEST_FMU_DIR"), name, NULL);
}

static HycoActor *
add_fmu (HycoCompositeActor *top, const char *file, const char *name)
{
  g_autofree char *path = fmu_path (file);
  g_autoptr (GError) error = NULL;
  HycoActor *actor = hyco_fmu_me_actor_new (name);

  hyco_fmu_me_actor_load (HYCO_FMU_ME_ACTOR (actor), path, &error);
  g_assert_no_error (error);
  test_add (top, actor);
  return actor;
}

static HycoActor *
record (HycoCompositeActor *top, HycoActor *from, const char *port)
{
  HycoActor *recorder = test_add_new (top, "Recorder", port);

  test_connect (top, from, port, recorder, "input");
  return recorder;
}

/* Where the recorder saw a value at @time and @microstep; -1 if nowhere. */
static int
find (HycoRecorder *recorder, gint64 time, guint64 microstep)
{
  for (guint i = 0; i < hyco_recorder_get_count (recorder); i++)
    {
      HycoTag tag;
      hyco_recorder_get_tag (recorder, i, &tag);
      if (tag.time == time && tag.microstep == microstep)
        return (int) i;
    }
  return -1;
}

static double
value_at (HycoRecorder *recorder, gint64 time, guint64 microstep)
{
  int i = find (recorder, time, microstep);

  g_assert_cmpint (i, >=, 0);
  return hyco_value_get_double (hyco_recorder_get_value (recorder, (guint) i));
}

static double
seconds (HycoCompositeActor *top, gint64 ticks)
{
  return hyco_time_to_seconds (ticks, hyco_director_get_resolution (
                                        hyco_composite_actor_get_director (top)));
}

/* The ball falls from 1 m (g = 9.81, e = 0.7, resting below 0.1 m/s): each impact a state
 * event located just past the crossing (the height within the FMU's event tolerance below 0
 * at (t, 0)), the bounce at (t, 1), at the analytic times. */
static void
test_bouncing_ball (gconstpointer solver)
{
  g_autoptr (HycoCompositeActor) top = test_continuous_top_new ("3");
  HycoDirector *director = hyco_composite_actor_get_director (top);
  HycoActor *ball = add_fmu (top, "bouncing_ball_me.fmu", "Ball");
  HycoActor *h = record (top, ball, "h");
  HycoActor *v = record (top, ball, "v");
  g_autoptr (HycoModel) model = NULL;
  const double g = 9.81, e = 0.7, tolerance = 1e-6;
  double impact = sqrt (2 / g), speed = g * impact; /* the first impact */
  guint bounces = 0, expected = 0;
  double location_bound = 0, solver_slack = g_str_equal (solver, "CVODE") ? 1e-5 : 0;

  test_set (director, "ODESolver", solver);
  model = test_run_ok (top);
  /* Analytic: impacts until the speed after one falls below v_min. */
  for (double s = speed; s * e >= 0.1; s *= e)
    expected++;
  expected++; /* the one that makes it rest */

  for (guint i = 0; i < hyco_recorder_get_count (HYCO_RECORDER (h)); i++)
    {
      HycoTag tag;
      double before, after;

      hyco_recorder_get_tag (HYCO_RECORDER (h), i, &tag);
      if (tag.microstep != 1)
        continue;
      bounces++;
      before = value_at (HYCO_RECORDER (h), tag.time, 0);
      g_assert_cmpfloat (before, <=, 0);
      g_assert_cmpfloat (before, >=, -tolerance);
      g_assert_cmpfloat (value_at (HYCO_RECORDER (h), tag.time, 1), ==, 0);
      after = value_at (HYCO_RECORDER (v), tag.time, 1);
      if (bounces < expected)
        g_assert_cmpfloat (after, ==, -e * value_at (HYCO_RECORDER (v), tag.time, 0));
      else
        g_assert_cmpfloat (after, ==, 0);
      /* The first four impacts at the analytic times. Each is located up to tolerance / speed
       * past the crossing, and the ball then leaves faster by e g times that, which lengthens
       * the next flight by 2 e times it: bound_k = (1 + 2 e) bound_k-1 + tolerance / speed_k
       * (plus a tick). The Runge-Kutta solvers are exact on this polynomial motion; CVODE's
       * BDF is not, its error within its relative tolerance (1e-6) of the heights. */
      location_bound = (1 + 2 * e) * location_bound + tolerance / speed + 1e-9;
      if (bounces <= 4)
        {
          g_test_message ("impact %u at %.9f s, analytic %.9f s, bound %.3g s", bounces,
                          seconds (top, tag.time), impact, location_bound + solver_slack);
          g_assert_cmpfloat (fabs (seconds (top, tag.time) - impact), <,
                             location_bound + solver_slack);
        }
      impact += 2 * e * speed / g;
      speed *= e;
    }
  g_assert_cmpuint (bounces, ==, expected);
  g_assert_cmpuint (hyco_fmu_me_actor_get_event_count (HYCO_FMU_ME_ACTOR (ball)), ==, expected);
}

/* Time events every 0.5 s flip u, a second event iteration step counts them: (t, 1) and
 * (t, 2); steps end exactly on them; x' = rate u with rate = 2 from an input. */
static void
test_time_events (void)
{
  g_autoptr (HycoCompositeActor) top = test_continuous_top_new ("2");
  HycoActor *fmu = add_fmu (top, "time_event_me.fmu", "Wave");
  HycoActor *rate = test_add_new (top, "Const", "Rate");
  HycoActor *x = record (top, fmu, "x");
  HycoActor *u = record (top, fmu, "u");
  HycoActor *count = record (top, fmu, "count");
  g_autoptr (HycoModel) model = NULL;
  HycoTag half = test_tag ("0.5", 0), one = test_tag ("1", 0), one_half = test_tag ("1.5", 0);

  test_set (rate, "value", "2");
  test_connect (top, rate, "output", fmu, "rate");
  model = test_run_ok (top);
  g_assert_cmpfloat_with_epsilon (value_at (HYCO_RECORDER (x), half.time, 0), 1, 1e-12);
  g_assert_cmpfloat (value_at (HYCO_RECORDER (u), half.time, 0), ==, 1);
  g_assert_cmpfloat (value_at (HYCO_RECORDER (u), half.time, 1), ==, -1);
  g_assert_cmpfloat (value_at (HYCO_RECORDER (count), half.time, 1), ==, 0);
  g_assert_cmpfloat (value_at (HYCO_RECORDER (count), half.time, 2), ==, 1);
  g_assert_cmpfloat_with_epsilon (value_at (HYCO_RECORDER (x), one.time, 0), 0, 1e-12);
  g_assert_cmpfloat (value_at (HYCO_RECORDER (u), one.time, 1), ==, 1);
  g_assert_cmpfloat (value_at (HYCO_RECORDER (count), one_half.time, 2), ==, 3);
  g_assert_cmpfloat_with_epsilon (value_at (HYCO_RECORDER (x), one_half.time, 0), 1, 1e-12);
  /* Nothing at a microstep beyond the iteration's (and the director's settling one). */
  g_assert_cmpint (find (HYCO_RECORDER (u), half.time, 4), ==, -1);
  /* Two iteration steps at each of 0.5, 1, 1.5 and 2, the stop time (whose tags are the run's). */
  g_assert_cmpuint (hyco_fmu_me_actor_get_event_count (HYCO_FMU_ME_ACTOR (fmu)), ==, 8);
  g_assert_cmpfloat (value_at (HYCO_RECORDER (count), test_tag ("2", 0).time, 2), ==, 4);
}

/* Step events: after the first step that ends with x >= 1 (x' = 1), the FMU asks for event
 * mode; at (t, 1) x is reset and counted. The step before it ended below 1. */
static void
test_step_events (void)
{
  g_autoptr (HycoCompositeActor) top = test_continuous_top_new ("3");
  HycoActor *fmu = add_fmu (top, "step_event_me.fmu", "Ramp");
  HycoActor *x = record (top, fmu, "x");
  HycoActor *count = record (top, fmu, "count");
  g_autoptr (HycoModel) model = NULL;
  guint events = 0;
  double previous = 0, current = 0; /* x at the last two step ends */

  model = test_run_ok (top);
  for (guint i = 0; i < hyco_recorder_get_count (HYCO_RECORDER (x)); i++)
    {
      HycoTag tag;
      double value = hyco_value_get_double (hyco_recorder_get_value (HYCO_RECORDER (x), i));

      hyco_recorder_get_tag (HYCO_RECORDER (x), i, &tag);
      if (tag.microstep == 1)
        {
          events++;
          g_assert_cmpfloat (value, ==, 0);
          g_assert_cmpfloat (value_at (HYCO_RECORDER (x), tag.time, 0), >=, 1);
          g_assert_cmpfloat (value_at (HYCO_RECORDER (count), tag.time, 1), ==, events);
          g_assert_cmpfloat (value_at (HYCO_RECORDER (count), tag.time, 0), ==, events - 1);
          /* The step end before this one: still below the limit. */
          g_assert_cmpfloat (previous, <, 1);
        }
      else if (tag.microstep == 0)
        {
          /* Every step that ends at or past the limit is followed by its event. */
          if (value >= 1)
            g_assert_cmpint (find (HYCO_RECORDER (x), tag.time, 1), >=, 0);
          previous = current;
          current = value;
        }
    }
  g_assert_cmpuint (events, >=, 2);
  g_assert_cmpuint (hyco_fmu_me_actor_get_event_count (HYCO_FMU_ME_ACTOR (fmu)), ==, events);
}

/* The FMU asks to end the simulation in its second event iteration: the run ends there,
 * without error, the FMU terminated. */
static void
test_terminate_simulation (void)
{
  g_autoptr (HycoCompositeActor) top = test_continuous_top_new ("10");
  HycoActor *fmu = add_fmu (top, "step_event_me.fmu", "Ramp");
  HycoActor *count = record (top, fmu, "count");
  g_autoptr (HycoModel) model = NULL;
  g_autoptr (GError) error = NULL;
  HycoTag last;
  guint n;

  hyco_fmu_me_actor_set_start (HYCO_FMU_ME_ACTOR (fmu), "stop_after", "2", &error);
  g_assert_no_error (error);
  model = test_run_ok (top);
  n = hyco_recorder_get_count (HYCO_RECORDER (count));
  hyco_recorder_get_tag (HYCO_RECORDER (count), n - 1, &last);
  g_assert_cmpuint (last.microstep, ==, 1);
  g_assert_cmpfloat (hyco_value_get_double (hyco_recorder_get_value (HYCO_RECORDER (count), n - 1)),
                     ==, 2);
  g_assert_cmpfloat (seconds (top, last.time), <, 10);
  g_assert_cmpuint (hyco_fmu_me_actor_get_event_count (HYCO_FMU_ME_ACTOR (fmu)), ==, 2);
  /* Values of the wrong type are refused when set. */
  g_assert_false (hyco_fmu_me_actor_set_start (HYCO_FMU_ME_ACTOR (fmu), "limit", "x", &error));
  g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_PARAMETER);
}

static guint64
stiff_steps (const char *solver, double *x, double *y)
{
  g_autoptr (HycoCompositeActor) top = test_continuous_top_new ("1");
  HycoDirector *director = hyco_composite_actor_get_director (top);
  HycoActor *fmu = add_fmu (top, "stiff_me.fmu", "Stiff");
  HycoActor *xs = record (top, fmu, "x");
  HycoActor *ys = record (top, fmu, "y");
  g_autoptr (HycoModel) model = NULL;
  HycoTag end = test_tag ("1", 0);

  test_set (director, "ODESolver", solver);
  model = test_run_ok (top);
  *x = value_at (HYCO_RECORDER (xs), end.time, 0);
  *y = value_at (HYCO_RECORDER (ys), end.time, 0);
  return hyco_continuous_director_get_step_count (HYCO_CONTINUOUS_DIRECTOR (director));
}

/* A stiff FMU: both solvers follow cos t and e^-t, CVODE in far fewer steps. */
static void
test_stiff (void)
{
  double x_rk, y_rk, x_bdf, y_bdf;
  guint64 rk = stiff_steps ("ExplicitRK45Solver", &x_rk, &y_rk);
  guint64 bdf = stiff_steps ("CVODE", &x_bdf, &y_bdf);

  g_test_message ("steps: Dormand-Prince %" G_GUINT64_FORMAT ", CVODE %" G_GUINT64_FORMAT, rk,
                  bdf);
  g_assert_cmpfloat_with_epsilon (x_rk, cos (1.0), 1e-6);
  g_assert_cmpfloat_with_epsilon (y_rk, exp (-1.0), 1e-6);
  g_assert_cmpfloat_with_epsilon (x_bdf, cos (1.0), 1e-4);
  g_assert_cmpfloat_with_epsilon (y_bdf, exp (-1.0), 1e-4);
  g_assert_cmpuint (bdf * 10, <, rk);
}

/* Under DE: refused, saying where it belongs. */
static void
test_under_de (void)
{
  g_autoptr (HycoCompositeActor) top = test_top_new ("1");
  g_autoptr (HycoModel) model = NULL;
  g_autoptr (GError) error = NULL;

  add_fmu (top, "bouncing_ball_me.fmu", "Ball");
  model = hyco_model_new (top);
  g_assert_false (hyco_model_run (model, NULL, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "is a Model Exchange FMU"));
  g_assert_nonnull (strstr (error->message, "ContinuousDirector"));
}

/* FMUImport takes co-simulation FMUs: an ME-only one is refused with the class to use. */
static void
test_import_refuses (void)
{
  g_autofree char *path = fmu_path ("bouncing_ball_me.fmu");
  g_autoptr (HycoActor) actor = hyco_fmu_actor_new ("Ball");
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoActor) me = hyco_fmu_me_actor_new ("Other");
  g_autofree char *cosim = fmu_path ("vanderpol.fmu");

  g_assert_false (hyco_fmu_actor_load (HYCO_FMU_ACTOR (actor), path, &error));
  g_assert_nonnull (strstr (error->message, "use it in an FMUModelExchange actor"));
  g_clear_error (&error);
  g_assert_false (hyco_fmu_me_actor_load (HYCO_FMU_ME_ACTOR (me), cosim, &error));
  g_assert_nonnull (strstr (error->message, "no ModelExchange element"));
}

/* An fmuFile that cannot be loaded, set as a parameter (a model file, --set, Python): no
 * warning when it is set, and an error naming the parameter when the model is prepared. */
static void
test_bad_file_parameter (void)
{
  g_autoptr (HycoCompositeActor) top = test_top_new ("1");
  g_autoptr (HycoModel) model = NULL;
  g_autoptr (GError) error = NULL;
  HycoActor *actor = hyco_fmu_me_actor_new ("Ball");

  test_add (top, actor);
  g_assert_true (hyco_parameter_owner_set_text (HYCO_PARAMETER_OWNER (actor), "fmuFile",
                                                "no-such.fmu", &error));
  g_assert_no_error (error);
  model = hyco_model_new (top);
  g_assert_false (hyco_model_run (model, NULL, &error));
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "fmuFile"));
  g_assert_nonnull (strstr (error->message, "no-such.fmu"));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  hyco_init ();
  if (g_getenv ("HYCO_TEST_FMU_DIR") == NULL)
    g_error ("HYCO_TEST_FMU_DIR is not set: run the test with meson test");

  g_test_add_data_func ("/fmu-me/bouncing-ball/rk45", "ExplicitRK45Solver", test_bouncing_ball);
  g_test_add_data_func ("/fmu-me/bouncing-ball/rk23", "ExplicitRK23Solver", test_bouncing_ball);
  g_test_add_data_func ("/fmu-me/bouncing-ball/cvode", "CVODE", test_bouncing_ball);
  g_test_add_func ("/fmu-me/time-events", test_time_events);
  g_test_add_func ("/fmu-me/step-events", test_step_events);
  g_test_add_func ("/fmu-me/terminate-simulation", test_terminate_simulation);
  g_test_add_func ("/fmu-me/stiff", test_stiff);
  g_test_add_func ("/fmu-me/under-de", test_under_de);
  g_test_add_func ("/fmu-me/import-refuses", test_import_refuses);
  g_test_add_func ("/fmu-me/bad-file-parameter", test_bad_file_parameter);
  return g_test_run ();
}
