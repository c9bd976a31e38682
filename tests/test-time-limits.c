/* test-time-limits.c: the limits of model time (issue 16): firings beyond the range of model
 * time, time-Zeno, modal models as sources.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "test-support.h"

#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

/* Runs the model in @xml, with @stop_time if not NULL, and returns its trace (what was
 * traced up to a failure too); the run's error goes to @error. */
static char *
run_trace (const char *xml, const char *stop_time, GError **error)
{
  g_autoptr (HycoModel) model = test_load_inline (xml);
  g_autofree char *path = g_build_filename (g_get_tmp_dir (), "hyco-test-time-XXXXXX", NULL);
  char *trace = NULL;
  int fd = g_mkstemp (path);

  g_assert_cmpint (fd, >=, 0);
  close (fd);
  if (stop_time != NULL)
    g_assert_true (hyco_model_set_stop_time (model, stop_time, NULL));
  g_assert_true (hyco_model_set_trace_file (model, path, NULL));
  hyco_model_run (model, NULL, error);
  g_assert_true (g_file_get_contents (path, &trace, NULL, NULL));
  g_unlink (path);
  return trace;
}

/* At a resolution of 1e-18 s, model time ends at 9.223372036854775806 s: the clock's event at
 * 10 and the delayed events at 10 and later are beyond it. */
static const char de_range_model[] = "<entity name='range' class='TypedCompositeActor'>"
                                     "  <property name='director' class='DEDirector'>"
                                     "    <property name='timeResolution' value='1e-18'/>"
                                     "  </property>"
                                     "  <entity name='Clock' class='DiscreteClock'>"
                                     "    <property name='period' value='1'/>"
                                     "  </entity>"
                                     "  <entity name='Delay' class='TimeDelay'>"
                                     "    <property name='delay' value='5'/>"
                                     "  </entity>"
                                     "  <relation name='r' class='TypedIORelation'/>"
                                     "  <link port='Clock.output' relation='r'/>"
                                     "  <link port='Delay.input' relation='r'/>"
                                     "</entity>";

/* Requests beyond the range of model time lie after any stop time: dropped, the run goes on to
 * its stop time. */
static void
test_beyond_range_after_stop (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *trace = run_trace (de_range_model, "9.2", &error);

  g_assert_no_error (error);
  g_assert_cmpstr (trace, ==,
                   "signal,time,microstep,value\n"
                   "Clock.output,0,1,1\n"
                   "Clock.output,1,1,1\n"
                   "Clock.output,2,1,1\n"
                   "Clock.output,3,1,1\n"
                   "Clock.output,4,1,1\n"
                   "Clock.output,5,1,1\n"
                   "Delay.output,5,1,1\n"
                   "Clock.output,6,1,1\n"
                   "Delay.output,6,1,1\n"
                   "Clock.output,7,1,1\n"
                   "Delay.output,7,1,1\n"
                   "Clock.output,8,1,1\n"
                   "Delay.output,8,1,1\n"
                   "Clock.output,9,1,1\n"
                   "Delay.output,9,1,1\n");
}

/* Without a stop time, such a request is before it: an error naming the actor and the tag. */
static void
test_beyond_range_without_stop (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *trace = run_trace (de_range_model, NULL, &error);

  g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_TIME);
  g_assert_cmpstr (error->message, ==,
                   "Delay: the event at (5, 1), delayed by 5 s, is beyond the range "
                   "of model time");
  g_assert_true (g_str_has_suffix (trace, "Clock.output,5,1,1\nDelay.output,5,1,1\n"));
}

/* A switch of the periodic signal beyond the range of model time does not end the integration
 * before the stop time. */
static void
test_integration_beyond_range (void)
{
  static const char model[] = "<entity name='range' class='TypedCompositeActor'>"
                              "  <property name='director' class='ContinuousDirector'>"
                              "    <property name='timeResolution' value='1e-18'/>"
                              "    <property name='stopTime' value='6'/>"
                              "  </property>"
                              "  <entity name='Square' class='PeriodicPiecewiseConstant'>"
                              "    <property name='a' value='1.0'/>"
                              "    <property name='b' value='-1.0'/>"
                              "    <property name='period' value='5'/>"
                              "  </entity>"
                              "  <entity name='Integral' class='Integrator'/>"
                              "  <relation name='r' class='TypedIORelation'/>"
                              "  <link port='Square.output' relation='r'/>"
                              "  <link port='Integral.derivative' relation='r'/>"
                              "</entity>";
  g_autoptr (GError) error = NULL;
  g_autofree char *trace = run_trace (model, NULL, &error);

  g_assert_no_error (error);
  test_assert_contains (trace, "Square.output,5,0,1\nIntegral.state,5,0,5\n"
                               "Square.output,5,1,-1\nIntegral.state,5,1,5\n");
  g_assert_true (g_str_has_suffix (trace, "Square.output,6,0,-1\nIntegral.state,6,0,4\n"));

  /* Without a stop time, integration ends with an error at the last tick of model time. */
  g_clear_error (&error);
  g_free (trace);
  trace = run_trace (model, "Infinity", &error);
  g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_TIME);
  g_assert_cmpstr (error->message, ==,
                   "Square: the switch after 5 s (period 5 s) is beyond the range of "
                   "model time");
}

/* A periodic SR director's next tick beyond the range of model time ends its grid. */
static void
test_sr_grid_beyond_range (void)
{
  static const char model[] = "<entity name='range' class='TypedCompositeActor'>"
                              "  <property name='director' class='SRDirector'>"
                              "    <property name='timeResolution' value='1e-18'/>"
                              "    <property name='period' value='1'/>"
                              "  </property>"
                              "  <entity name='Now' class='CurrentTime'/>"
                              "</entity>";
  g_autoptr (GError) error = NULL;
  g_autofree char *trace = run_trace (model, "9.2", &error);

  g_assert_no_error (error);
  g_assert_true (g_str_has_suffix (trace, "Now.output,8,1,8\nNow.output,9,1,9\n"));
  g_clear_error (&error);
  g_free (trace);
  trace = run_trace (model, NULL, &error);
  g_assert_error (error, HYCO_TIME_ERROR, HYCO_TIME_ERROR_OVERFLOW);
  g_assert_cmpstr (error->message, ==,
                   "director: model time overflow: 9000000000000000000 + 1000000000000000000 "
                   "ticks is outside the representable time range");
}

/* A continuous model without a stop time stops at the end of model time, not wrapping to
 * negative times. */
static void
test_integration_end_of_range (void)
{
  static const char model[] = "<entity name='range' class='TypedCompositeActor'>"
                              "  <property name='director' class='ContinuousDirector'>"
                              "    <property name='timeResolution' value='1e-18'/>"
                              "  </property>"
                              "  <entity name='Ramp' class='ContinuousRamp'/>"
                              "  <entity name='Integral' class='Integrator'/>"
                              "  <relation name='r' class='TypedIORelation'/>"
                              "  <link port='Ramp.output' relation='r'/>"
                              "  <link port='Integral.derivative' relation='r'/>"
                              "</entity>";
  g_autoptr (GError) error = NULL;
  g_autofree char *trace = run_trace (model, NULL, &error);

  g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_TIME);
  g_assert_cmpstr (error->message, ==,
                   "director: integration cannot go on after 9.223372036854775806 s, the end of "
                   "the range of model time at resolution 1e-18 s (give the run a stop time or "
                   "a coarser timeResolution)");
  test_assert_contains (trace, "Ramp.output,9.223372036854775806,0,");
  g_assert_null (strstr (trace, ",-"));
}

/* A clock at every tick: with timeZenoEvents 5 and timeZenoTicks 1, the sixth time after the
 * first, each a tick after the one before, ends the run before it executes. */
static const char de_dense_model[] = "<entity name='dense' class='TypedCompositeActor'>"
                                     "  <property name='director' class='DEDirector'>"
                                     "    <property name='stopTime' value='1e-6'/>"
                                     "    <property name='timeZenoEvents' value='%s'/>"
                                     "    <property name='timeZenoTicks' value='%s'/>"
                                     "  </property>"
                                     "  <entity name='Clock' class='DiscreteClock'>"
                                     "    <property name='period' value='1e-9'/>"
                                     "  </entity>"
                                     "</entity>";

static void
test_time_zeno_de (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *xml = g_strdup_printf (de_dense_model, "5", "1");
  g_autofree char *trace = run_trace (xml, NULL, &error);

  g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_ZENO);
  g_assert_cmpstr (error->message, ==,
                   "Zeno behaviour: events at 7 model times in a row from 0 s to 0.000000006 s, "
                   "each at most 1 ticks (0.000000001 s) after the one before (timeZenoEvents, "
                   "timeZenoTicks): model time only creeps forward; actors with events at "
                   "0.000000006 s: Clock");
  g_assert_cmpstr (trace, ==,
                   "signal,time,microstep,value\n"
                   "Clock.output,0,1,1\n"
                   "Clock.output,0.000000001,1,1\n"
                   "Clock.output,0.000000002,1,1\n"
                   "Clock.output,0.000000003,1,1\n"
                   "Clock.output,0.000000004,1,1\n"
                   "Clock.output,0.000000005,1,1\n");

  /* Events two ticks apart do not count with timeZenoTicks 1; the check can be turned off. */
  for (guint i = 0; i < 2; i++)
    {
      g_autofree char *ticks = g_strdup_printf (de_dense_model, i ? "0" : "5", "1");
      g_autofree char *out = NULL;
      char *period;
      g_clear_error (&error);
      if (i == 0)
        {
          period = strstr (ticks, "1e-9");
          memcpy (period, "2e-9", 4);
        }
      out = run_trace (ticks, NULL, &error);
      g_assert_no_error (error);
      g_assert_true (g_str_has_suffix (out, "Clock.output,0.000001,1,1\n"));
    }
}

/* The bouncing ball of issue 16 without its resting mode: after the accumulation point of its
 * impacts, it bounces every few ticks. */
static const char zeno_ball_model[]
  = "<entity name='ball' class='TypedCompositeActor'>"
    "  <property name='director' class='ContinuousDirector'>"
    "    <property name='stopTime' value='10'/>"
    "    <property name='maxStepSize' value='0.1'/>"
    "  </property>"
    "  <entity name='Ball' class='ModalModel'>"
    "    <property name='errorTolerance' value='1e-9'/>"
    "    <port name='y' class='ModalPort'><property name='output'/></port>"
    "    <port name='v' class='ModalPort'><property name='output'/></port>"
    "    <port name='impact' class='ModalPort'><property name='output'/></port>"
    "    <entity name='_Controller' class='ModalController'>"
    "      <entity name='free' class='State'>"
    "        <property name='isInitialState' value='true'/>"
    "        <property name='refinementName' value='Free'/>"
    "      </entity>"
    "      <relation name='bounce' class='Transition'>"
    "        <property name='guardExpression' value='y &lt;= 0 &amp;&amp; v &lt; 0'/>"
    "        <property name='outputActions' value='impact = v'/>"
    "        <property name='setActions' value='Free.Height.initialState = 0; "
    "Free.Velocity.initialState = -0.5 * v'/>"
    "        <property name='reset' value='true'/>"
    "      </relation>"
    "      <link port='free.outgoingPort' relation='bounce'/>"
    "      <link port='free.incomingPort' relation='bounce'/>"
    "    </entity>"
    "    <entity name='Free' class='Refinement'>"
    "      <port name='y' class='RefinementPort'><property name='output'/></port>"
    "      <port name='v' class='RefinementPort'><property name='output'/></port>"
    "      <entity name='Gravity' class='Const'><property name='value' value='-9.81'/></entity>"
    "      <entity name='Velocity' class='Integrator'/>"
    "      <entity name='Height' class='Integrator'>"
    "        <property name='initialState' value='1'/>"
    "      </entity>"
    "      <relation name='g' class='TypedIORelation'/>"
    "      <relation name='velocity' class='TypedIORelation'/>"
    "      <relation name='height' class='TypedIORelation'/>"
    "      <link port='Gravity.output' relation='g'/>"
    "      <link port='Velocity.derivative' relation='g'/>"
    "      <link port='Velocity.state' relation='velocity'/>"
    "      <link port='Height.derivative' relation='velocity'/>"
    "      <link port='v' relation='velocity'/>"
    "      <link port='Height.state' relation='height'/>"
    "      <link port='y' relation='height'/>"
    "    </entity>"
    "  </entity>"
    "</entity>";

static void
test_time_zeno_bouncing_ball (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *trace = run_trace (zeno_ball_model, NULL, &error);

  g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_ZENO);
  g_assert_cmpstr (error->message, ==,
                   "Zeno behaviour: events at 1002 model times in a row from 1.354570948 s to "
                   "1.35457296 s, each at most 10 ticks (0.00000001 s) after the one before "
                   "(timeZenoEvents, timeZenoTicks): model time only creeps forward; actors with "
                   "events at 1.35457296 s: Ball");
  /* Ended before the impact at (1.35457296, 1), with some thousand impacts traced. */
  g_assert_true (
    g_str_has_suffix (trace, "Ball.Free.Height.state,1.35457296,0,-6.5399999999999999e-18\n"));
  g_assert_cmpuint (strlen (trace), <, 2000000);
}

/* A modal model with no inputs in DE, fired only where it asks (issue 16, point 4): its
 * refinement holds a DE director and a clock. */
static const char modal_clock_source[]
  = "<entity name='msrc' class='TypedCompositeActor'>"
    "<property name='director' class='DEDirector'>"
    "<property name='stopTime' value='3'/>"
    "</property>"
    "<entity name='Source' class='ModalModel'>"
    "<port name='y' class='ModalPort'><property name='output'/></port>"
    "<entity name='_Controller' class='ModalController'>"
    "<entity name='a' class='State'>"
    "<property name='isInitialState' value='true'/>"
    "<property name='refinementName' value='A'/>"
    "</entity>"
    "</entity>"
    "<entity name='A' class='Refinement'>"
    "<property name='director' class='DEDirector'/>"
    "<port name='y' class='RefinementPort'><property name='output'/></port>"
    "<entity name='Clock' class='DiscreteClock'><property name='period' value='1'/></entity>"
    "<relation name='r' class='TypedIORelation'/>"
    "<link port='Clock.output' relation='r'/>"
    "<link port='y' relation='r'/>"
    "</entity>"
    "<relation name='yRelation' class='TypedIORelation'/>"
    "<link port='y' relation='yRelation'/>"
    "<link port='A.y' relation='yRelation'/>"
    "</entity>"
    "<entity name='Rec' class='Recorder'/>"
    "<relation name='r' class='TypedIORelation'/>"
    "<link port='Source.y' relation='r'/>"
    "<link port='Rec.input' relation='r'/>"
    "</entity>";

/* Its transition is timed by a TimeDelay in the refinement (1.5 s after the start); the reset
 * transition starts the other refinement's clock (period 0.5) one microstep later. */
static const char modal_timed_source[]
  = "<entity name='msrc' class='TypedCompositeActor'>"
    "<property name='director' class='DEDirector'>"
    "<property name='stopTime' value='3'/>"
    "</property>"
    "<entity name='Source' class='ModalModel'>"
    "<port name='y' class='ModalPort'><property name='output'/></port>"
    "<entity name='_Controller' class='ModalController'>"
    "<entity name='a' class='State'>"
    "<property name='isInitialState' value='true'/>"
    "<property name='refinementName' value='A'/>"
    "</entity>"
    "<entity name='b' class='State'>"
    "<property name='refinementName' value='B'/>"
    "</entity>"
    "<relation name='go' class='Transition'>"
    "<property name='guardExpression' value='y_isPresent'/>"
    "<property name='reset' value='true'/>"
    "</relation>"
    "<link port='a.outgoingPort' relation='go'/>"
    "<link port='b.incomingPort' relation='go'/>"
    "</entity>"
    "<entity name='A' class='Refinement'>"
    "<port name='y' class='RefinementPort'><property name='output'/></port>"
    "<entity name='Start' class='Const'/>"
    "<entity name='Later' class='TimeDelay'><property name='delay' value='1.5'/></entity>"
    "<relation name='r0' class='TypedIORelation'/>"
    "<link port='Start.output' relation='r0'/>"
    "<link port='Later.input' relation='r0'/>"
    "<relation name='r' class='TypedIORelation'/>"
    "<link port='Later.output' relation='r'/>"
    "<link port='y' relation='r'/>"
    "</entity>"
    "<entity name='B' class='Refinement'>"
    "<port name='y' class='RefinementPort'><property name='output'/></port>"
    "<entity name='Clock' class='DiscreteClock'><property name='period' value='0.5'/></entity>"
    "<relation name='r' class='TypedIORelation'/>"
    "<link port='Clock.output' relation='r'/>"
    "<link port='y' relation='r'/>"
    "</entity>"
    "<relation name='yRelation' class='TypedIORelation'/>"
    "<link port='y' relation='yRelation'/>"
    "<link port='A.y' relation='yRelation'/>"
    "<link port='B.y' relation='yRelation'/>"
    "</entity>"
    "<entity name='Rec' class='Recorder'/>"
    "<relation name='r' class='TypedIORelation'/>"
    "<link port='Source.y' relation='r'/>"
    "<link port='Rec.input' relation='r'/>"
    "</entity>";

/* Inside a DE composite, a continuous refinement whose ramp crosses 1.5. */
static const char modal_crossing_source[]
  = "<entity name='msrc' class='TypedCompositeActor'>"
    "<property name='director' class='DEDirector'>"
    "<property name='stopTime' value='3'/>"
    "</property>"
    "<entity name='Outer' class='TypedCompositeActor'>"
    "<property name='director' class='DEDirector'/>"
    "<port name='y' class='TypedIOPort'><property name='output'/></port>"
    "<entity name='Source' class='ModalModel'>"
    "<port name='y' class='ModalPort'><property name='output'/></port>"
    "<entity name='_Controller' class='ModalController'>"
    "<entity name='a' class='State'>"
    "<property name='isInitialState' value='true'/>"
    "<property name='refinementName' value='A'/>"
    "</entity>"
    "</entity>"
    "<entity name='A' class='Refinement'>"
    "<property name='director' class='ContinuousDirector'/>"
    "<port name='y' class='RefinementPort'><property name='output'/></port>"
    "<entity name='Ramp' class='ContinuousRamp'/>"
    "<entity name='Cross' class='ZeroCrossingDetector'><property name='level' "
    "value='1.5'/></entity>"
    "<relation name='r0' class='TypedIORelation'/>"
    "<link port='Ramp.output' relation='r0'/>"
    "<link port='Cross.trigger' relation='r0'/>"
    "<relation name='r' class='TypedIORelation'/>"
    "<link port='Cross.output' relation='r'/>"
    "<link port='y' relation='r'/>"
    "</entity>"
    "<relation name='yRelation' class='TypedIORelation'/>"
    "<link port='y' relation='yRelation'/>"
    "<link port='A.y' relation='yRelation'/>"
    "</entity>"
    "<relation name='o' class='TypedIORelation'/>"
    "<link port='Source.y' relation='o'/>"
    "<link port='y' relation='o'/>"
    "</entity>"
    "<entity name='Rec' class='Recorder'/>"
    "<relation name='r' class='TypedIORelation'/>"
    "<link port='Outer.y' relation='r'/>"
    "<link port='Rec.input' relation='r'/>"
    "</entity>";

/* The rows of @trace for @signal. */
static char *
rows_of (const char *trace, const char *signal)
{
  g_auto (GStrv) lines = g_strsplit (trace, "\n", -1);
  GString *rows = g_string_new (NULL);

  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], signal) && lines[i][strlen (signal)] == ',')
      g_string_append_printf (rows, "%s\n", lines[i]);
  return g_string_free (rows, FALSE);
}

static void
check_modal_source (const char *xml, const char *signal, const char *expected)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *trace = run_trace (xml, NULL, &error);
  g_autofree char *rows = NULL;

  g_assert_no_error (error);
  rows = rows_of (trace, signal);
  g_assert_cmpstr (rows, ==, expected);
}

static void
test_modal_source (void)
{
  check_modal_source (modal_clock_source, "Source.y",
                      "Source.y,0,1,1\n"
                      "Source.y,1,1,1\n"
                      "Source.y,2,1,1\n"
                      "Source.y,3,1,1\n");
  check_modal_source (modal_timed_source, "Source.y",
                      "Source.y,1.5,1,1\n"
                      "Source.y,1.5,2,1\n"
                      "Source.y,2,1,1\n"
                      "Source.y,2.5,1,1\n"
                      "Source.y,3,1,1\n");
  check_modal_source (modal_crossing_source, "Outer.y", "Outer.y,1.5,1,0\n");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  hyco_init ();
  g_test_add_func ("/time-limits/beyond-range/after-stop", test_beyond_range_after_stop);
  g_test_add_func ("/time-limits/beyond-range/without-stop", test_beyond_range_without_stop);
  g_test_add_func ("/time-limits/beyond-range/integration", test_integration_beyond_range);
  g_test_add_func ("/time-limits/beyond-range/end-of-time", test_integration_end_of_range);
  g_test_add_func ("/time-limits/beyond-range/sr-grid", test_sr_grid_beyond_range);
  g_test_add_func ("/time-limits/time-zeno/de", test_time_zeno_de);
  g_test_add_func ("/time-limits/time-zeno/bouncing-ball", test_time_zeno_bouncing_ball);
  g_test_add_func ("/time-limits/modal-source/de", test_modal_source);
  return g_test_run ();
}
