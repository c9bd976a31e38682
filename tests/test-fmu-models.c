/* test-fmu-models.c: the composition tests with FMUs in place of the native actors, against
 * the native models' traces; step revision on the tunnelling bouncing ball; the quantization
 * examples of seed file 003. The test FMUs are found through HYCO_FMU_PATH (set by meson).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "test-support.h"

#include <math.h>

static HycoResults *
run_recording (const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoModel) model = hyco_model_new_from_file (path, &error);
  HycoResults *results;

  g_assert_no_error (error);
  hyco_model_set_record_results (model, TRUE);
  g_assert_true (hyco_model_run (model, NULL, &error));
  g_assert_no_error (error);
  results = hyco_model_get_results (model);
  g_assert_nonnull (results);
  return g_object_ref (results);
}

/* The present events of @signal: tags and values. */
typedef struct
{
  GArray *times, *microsteps, *values;
} Events;

static void
events_clear (Events *events)
{
  g_array_unref (events->times);
  g_array_unref (events->microsteps);
  g_array_unref (events->values);
}

static Events
present_events (HycoResults *results, const char *signal)
{
  Events events
    = { g_array_new (FALSE, FALSE, sizeof (gint64)), g_array_new (FALSE, FALSE, sizeof (guint64)),
        g_array_new (FALSE, FALSE, sizeof (double)) };
  gsize n = 0;
  const gint64 *times;
  const guint64 *microsteps;
  const double *values;
  const guint8 *present;

  g_assert_true (hyco_results_has_signal (results, signal));
  times = hyco_results_get_times (results, signal, &n);
  microsteps = hyco_results_get_microsteps (results, signal, &n);
  values = hyco_results_get_values (results, signal, &n);
  present = hyco_results_get_presence (results, signal, &n);
  for (gsize i = 0; i < n; i++)
    if (present[i])
      {
        g_array_append_val (events.times, times[i]);
        g_array_append_val (events.microsteps, microsteps[i]);
        g_array_append_val (events.values, values[i]);
      }
  return events;
}

/* The events of @native_signal in the native model and @fmu_signal in the FMU one have the
 * same tags, and values within @tolerance (times within @time_tolerance ticks, 0: exact). */
static void
check_same_events (HycoResults *native, const char *native_signal, HycoResults *fmu,
                   const char *fmu_signal, double tolerance, gint64 time_tolerance)
{
  Events a = present_events (native, native_signal);
  Events b = present_events (fmu, fmu_signal);

  g_test_message ("%s: %u events, %s: %u", native_signal, a.times->len, fmu_signal, b.times->len);
  g_assert_cmpuint (a.times->len, >, 0);
  g_assert_cmpuint (a.times->len, ==, b.times->len);
  for (guint i = 0; i < a.times->len; i++)
    {
      gint64 ta = g_array_index (a.times, gint64, i), tb = g_array_index (b.times, gint64, i);
      g_assert_cmpint (ABS (ta - tb), <=, time_tolerance);
      g_assert_cmpuint (g_array_index (a.microsteps, guint64, i), ==,
                        g_array_index (b.microsteps, guint64, i));
      g_assert_cmpfloat (
        fabs (g_array_index (a.values, double, i) - g_array_index (b.values, double, i)), <=,
        tolerance);
    }
  events_clear (&a);
  events_clear (&b);
}

/* A continuous signal in both models: at every tag the two traces share (the steps differ:
 * the native model's solver has states to control, the FMU model's has none), the values
 * agree within @tolerance; returns how many tags were compared. */
static guint
check_common_tags (HycoResults *native, const char *native_signal, HycoResults *fmu,
                   const char *fmu_signal, double tolerance)
{
  Events a = present_events (native, native_signal);
  Events b = present_events (fmu, fmu_signal);
  guint i = 0, j = 0, common = 0;

  while (i < a.times->len && j < b.times->len)
    {
      gint64 ta = g_array_index (a.times, gint64, i), tb = g_array_index (b.times, gint64, j);
      guint64 na = g_array_index (a.microsteps, guint64, i);
      guint64 nb = g_array_index (b.microsteps, guint64, j);
      if (ta < tb || (ta == tb && na < nb))
        i++;
      else if (tb < ta || nb < na)
        j++;
      else
        {
          g_assert_cmpfloat (
            fabs (g_array_index (a.values, double, i) - g_array_index (b.values, double, j)), <=,
            tolerance);
          common++, i++, j++;
        }
    }
  g_test_message ("%s and %s: %u common tags", native_signal, fmu_signal, common);
  events_clear (&a);
  events_clear (&b);
  return common;
}

/* 4.1: every event of both generators and of the sampler, at the same tags. */
static void
test_simultaneous_events (void)
{
  g_autoptr (HycoResults) native = run_recording ("tests/examples/simultaneous-events.xml");
  g_autoptr (HycoResults) fmu = run_recording ("tests/examples/fmu-simultaneous-events.xml");

  check_same_events (native, "Clock1.output", fmu, "Clock1.y", 0, 0);
  check_same_events (native, "Clock2.output", fmu, "Clock2.y", 0, 0);
  check_same_events (native, "Sampler.output", fmu, "Sampler.y", 0, 0);
}

/* 4.2 and 4.3: the integral sampled at the same tags, equal within the solver's tolerance. */
static void
test_integrating_discontinuities (void)
{
  g_autoptr (HycoResults) native = run_recording ("tests/examples/integrating-discontinuities.xml");
  g_autoptr (HycoResults) fmu
    = run_recording ("tests/examples/fmu-integrating-discontinuities.xml");

  check_same_events (native, "Sample.output", fmu, "Sample.y", 1e-9, 0);
  g_assert_cmpuint (check_common_tags (native, "Integral.state", fmu, "Integral.y", 1e-9), >=, 20);
  g_assert_cmpuint (check_common_tags (native, "Square.output", fmu, "Square.y", 0), >=, 20);
}

static void
test_integrating_glitches (void)
{
  g_autoptr (HycoResults) native = run_recording ("tests/examples/integrating-glitches.xml");
  g_autoptr (HycoResults) fmu = run_recording ("tests/examples/fmu-integrating-glitches.xml");

  check_same_events (native, "Sample.output", fmu, "Sample.y", 1e-9, 0);
  g_assert_cmpuint (check_common_tags (native, "Integral.state", fmu, "Integral.y", 1e-9), >=, 20);
}

/* 4.4: the resets at the same microsteps, at times within the zero-crossing tolerance; y at
 * each reset time is 1 at microsteps 0 and 1 and 0 at microstep 2 in both. */
static void
test_zero_delay_feedback (void)
{
  g_autoptr (HycoResults) native = run_recording ("tests/examples/zero-delay-feedback.xml");
  g_autoptr (HycoResults) fmu = run_recording ("tests/examples/fmu-zero-delay-feedback.xml");
  Events resets;

  check_same_events (native, "When.output", fmu, "When.output", 1e-4, 100000);
  check_same_events (native, "Later.output", fmu, "Later.y", 1e-4, 100000);
  g_assert_cmpuint (check_common_tags (native, "Integral.state", fmu, "Integral.y", 1e-5), >=, 1);
  resets = present_events (fmu, "Integral.y");
  for (guint i = 0; i < resets.times->len; i++)
    {
      gint64 t = g_array_index (resets.times, gint64, i);
      guint64 n = g_array_index (resets.microsteps, guint64, i);
      double y = g_array_index (resets.values, double, i);
      if (t == 0 || t % G_GINT64_CONSTANT (1000000000) != 0)
        continue;
      g_assert_cmpfloat_with_epsilon (y, n < 2 ? 1 : 0, 1e-6);
    }
  events_clear (&resets);
}

/* Step revision: the ball bounces at the analytic times, sqrt(2 h0 / g) (1 + 2 e + 2 e^2 ...),
 * and is never below the floor by more than the FMU's tolerance. */
static void
test_bouncing_ball (void)
{
  g_autoptr (HycoResults) results = run_recording ("models/fmu-bouncing-ball.xml");
  Events bounces = present_events (results, "Ball.bounces");
  Events heights = present_events (results, "Ball.h");
  const double t1 = sqrt (2 * 1 / 9.81);
  double expected = t1, flight = 2 * t1 * 0.8;
  int seen = 0;

  for (guint i = 0; i < bounces.times->len && seen < 5; i++)
    if ((int) g_array_index (bounces.values, double, i) > seen)
      {
        double time = (double) g_array_index (bounces.times, gint64, i) * 1e-9;
        seen = (int) g_array_index (bounces.values, double, i);
        g_test_message ("bounce %d at %.9f s (analytic %.9f)", seen, time, expected);
        g_assert_cmpfloat_with_epsilon (time, expected, 1e-5);
        expected += flight;
        flight *= 0.8;
      }
  g_assert_cmpint (seen, ==, 5);
  for (guint i = 0; i < heights.values->len; i++)
    g_assert_cmpfloat (g_array_index (heights.values, double, i), >=, -1e-6);
  events_clear (&bounces);
  events_clear (&heights);
}

/* Without revision the FMU's error state ends the run: it would tunnel. */
static void
test_bouncing_ball_without_revision (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoModel) model = hyco_model_new_from_file ("models/fmu-bouncing-ball.xml", &error);

  g_assert_no_error (error);
  g_assert_true (hyco_model_set_parameter (model, "revision", "false", &error));
  g_assert_false (hyco_model_run (model, NULL, &error));
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "Ball"));
  g_assert_nonnull (strstr (error->message, "fmi2HybridDoStep"));
  g_assert_nonnull (strstr (error->message, "below the floor"));
}

/* Seed 003's figures: with the master at 1 s, A's change at 0.4 s and B's event at 0.8 s are
 * seen at t = 1 (figure 6); B counting tens of seconds sees A's event at 15 s at 10 s (figure
 * 7). The models' Test actors check the exact tags; here the figures are checked again from
 * the recorded signals. */
static void
test_quantization (void)
{
  g_autoptr (HycoResults) fig6 = run_recording ("tests/examples/fmu-quantization-fig6.xml");
  g_autoptr (HycoResults) fig7 = run_recording ("tests/examples/fmu-quantization-fig7.xml");
  Events event = present_events (fig6, "B.y");
  Events arrivals = present_events (fig7, "B.receivedAt");

  g_assert_cmpuint (event.times->len, ==, 1);
  g_assert_cmpint (g_array_index (event.times, gint64, 0), ==, 1);
  g_assert_cmpfloat (g_array_index (arrivals.values, double, 1), ==, 10);
  g_assert_cmpint (g_array_index (arrivals.times, gint64, 1), ==, 15);
  events_clear (&event);
  events_clear (&arrivals);
}

/* An FMU whose description has everything other tools write (unit and type definitions, both
 * interfaces, states, derivatives, aliases, vendor annotations, structured names) runs
 * unchanged, and gives what the same library does under its plain description; its ports
 * carry the declared units. Names with dots (`sensor.position`, `oscillator.mu`) are linked,
 * looked up and set like any other. */
static void
test_foreign_description (void)
{
  static const char *text
    = "<entity name=\"top\" class=\"CompositeActor\">"
      "<property name=\"d\" class=\"ContinuousDirector\"><property name=\"stopTime\" "
      "value=\"3\"/></property>"
      "<entity name=\"Theirs\" class=\"FMUImport\"><property name=\"fmuFile\" "
      "value=\"foreign_tool.fmu\"/><property name=\"oscillator.mu\" value=\"1\"/>"
      "<property name=\"x_start[1]\" value=\"2\"/></entity>"
      "<entity name=\"Ours\" class=\"FMUImport\"><property name=\"fmuFile\" "
      "value=\"vanderpol.fmu\"/><property name=\"mu\" value=\"1.5\"/></entity>"
      "<entity name=\"Double\" class=\"Gain\"><property name=\"factor\" value=\"2\"/></entity>"
      "<relation name=\"r\"/>"
      "<link port=\"Theirs.sensor.position\" relation=\"r\"/>"
      "<link port=\"Double.input\" relation=\"r\"/>"
      "</entity>";
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoModel) model = hyco_model_new_from_data (text, -1, "foreign.xml", &error);
  HycoActor *theirs;
  HycoResults *results;
  gsize n_theirs = 0, n_ours = 0, n_doubled = 0;
  const double *a, *b, *doubled;

  g_assert_no_error (error);
  theirs = hyco_model_lookup_actor (model, "Theirs");
  g_assert_true (
    hyco_composite_actor_lookup_port (hyco_model_get_toplevel (model), "Theirs.sensor.position")
    == hyco_actor_get_port (theirs, "sensor.position"));
  g_assert_cmpstr (hyco_port_get_unit (hyco_actor_get_port (theirs, "sensor.position")), ==, "m");
  g_assert_cmpstr (hyco_fmu_actor_get_category (HYCO_FMU_ACTOR (theirs)), ==, "0A");
  /* As `hyco run --set Theirs.oscillator.mu=1.5` does. */
  g_assert_true (hyco_model_set_parameter (model, "Theirs.oscillator.mu", "1.5", &error));
  g_assert_no_error (error);
  g_assert_cmpstr (hyco_fmu_actor_get_fmu_parameter (HYCO_FMU_ACTOR (theirs), "oscillator.mu"), ==,
                   "1.5");
  g_assert_false (hyco_model_set_parameter (model, "Theirs.oscillator.nu", "1", &error));
  g_assert_error (error, HYCO_MODEL_FILE_ERROR, HYCO_MODEL_FILE_ERROR_UNKNOWN_PARAMETER);
  g_clear_error (&error);
  g_assert_false (hyco_model_set_parameter (model, "Nobody.oscillator.mu", "1", &error));
  g_assert_error (error, HYCO_MODEL_FILE_ERROR, HYCO_MODEL_FILE_ERROR_UNKNOWN_PARAMETER);
  g_clear_error (&error);
  /* The range the FMU declares: its declared type's minimum, its own maximum. */
  g_assert_false (hyco_model_set_parameter (model, "Theirs.oscillator.mu", "-1", &error));
  g_assert_error (error, HYCO_MODEL_FILE_ERROR, HYCO_MODEL_FILE_ERROR_BAD_VALUE);
  g_assert_cmpstr (error->message, ==,
                   "Theirs.oscillator.mu: -1 is below the FMU's minimum 0");
  g_clear_error (&error);
  g_assert_false (hyco_model_set_parameter (model, "Theirs.oscillator.mu", "50", &error));
  g_assert_cmpstr (error->message, ==,
                   "Theirs.oscillator.mu: 50 is above the FMU's maximum 10");
  g_clear_error (&error);
  g_assert_cmpstr (hyco_fmu_actor_get_fmu_parameter (HYCO_FMU_ACTOR (theirs), "oscillator.mu"), ==,
                   "1.5");

  hyco_model_set_record_results (model, TRUE);
  g_assert_true (hyco_model_run (model, NULL, &error));
  g_assert_no_error (error);
  results = hyco_model_get_results (model);
  a = hyco_results_get_values (results, "Theirs.sensor.position", &n_theirs);
  b = hyco_results_get_values (results, "Ours.x1", &n_ours);
  doubled = hyco_results_get_values (results, "Double.output", &n_doubled);
  g_assert_cmpuint (n_theirs, ==, n_ours);
  g_assert_cmpuint (n_doubled, ==, n_ours);
  g_assert_cmpuint (n_theirs, >, 2);
  for (gsize i = 0; i < n_theirs; i++)
    {
      g_assert_cmpfloat (a[i], ==, b[i]);
      g_assert_cmpfloat (doubled[i], ==, 2 * b[i]);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  if (g_getenv ("HYCO_FMU_PATH") == NULL)
    g_error ("HYCO_FMU_PATH is not set: run the test with meson test");
  g_test_add_func ("/fmu-models/simultaneous-events", test_simultaneous_events);
  g_test_add_func ("/fmu-models/integrating-discontinuities", test_integrating_discontinuities);
  g_test_add_func ("/fmu-models/integrating-glitches", test_integrating_glitches);
  g_test_add_func ("/fmu-models/zero-delay-feedback", test_zero_delay_feedback);
  g_test_add_func ("/fmu-models/bouncing-ball", test_bouncing_ball);
  g_test_add_func ("/fmu-models/bouncing-ball-without-revision",
                   test_bouncing_ball_without_revision);
  g_test_add_func ("/fmu-models/quantization", test_quantization);
  g_test_add_func ("/fmu-models/foreign-description", test_foreign_description);
  return g_test_run ();
}
