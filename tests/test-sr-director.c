/* test-sr-director.c: the synchronous-reactive director, the fixed-point engine shared with DE,
 * causality analysis, and directors nested in any order (SEMANTICS.md sections 3 and 4).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "test-support.h"

static void
assert_entry (TestLog *log, guint i, const char *time, guint64 microstep, gint64 value)
{
  HycoTag expected = test_tag (time, microstep);
  HycoTag tag = test_log_tag (log, i);

  g_assert_cmpint (tag.time, ==, expected.time);
  g_assert_cmpuint (tag.microstep, ==, expected.microstep);
  g_assert_cmpint (test_log_value (log, i), ==, value);
}

/* A periodic top-level SR director ticks at (k·period, 1); every actor fires at every tick and
 * is postfired once per tick. */
static void
test_periodic_top (void)
{
  g_autoptr (HycoCompositeActor) top = test_sr_top_new ("0.5", "2");
  HycoActor *seven = test_seven_new ("Seven");
  HycoActor *pass = test_pass_new ("Pass");
  HycoActor *log = test_log_new ("Log");
  g_autoptr (HycoModel) model = NULL;

  test_add (top, seven);
  test_add (top, pass);
  test_add (top, log);
  test_connect (top, seven, "output", pass, "input");
  test_connect (top, pass, "output", log, "input");
  model = test_run_ok (top);
  g_assert_cmpuint (test_log_count (TEST_LOG (log)), ==, 5);
  for (guint k = 0; k < 5; k++)
    g_assert_cmpint (test_log_tag (TEST_LOG (log), k).time, ==, k * 500000000);
  assert_entry (TEST_LOG (log), 4, "2", 1, 8);
  g_assert_cmpuint (test_log_postfires (TEST_LOG (log)), ==, 5);
  g_assert_cmpuint (test_log_fires (TEST_LOG (log)), ==, 5);
  g_assert_cmpuint (
    hyco_sr_director_get_tick_count (HYCO_SR_DIRECTOR (hyco_composite_actor_get_director (top))),
    ==, 5);
}

/* Under SR a strict actor whose inputs are all absent still fires, and what it leaves unknown
 * becomes absent. */
static void
test_absent_by_default (void)
{
  g_autoptr (HycoCompositeActor) top = test_sr_top_new ("1", "3");
  HycoActor *pass = test_pass_new ("Pass");
  HycoActor *log = test_log_new ("Log");
  g_autoptr (HycoModel) model = NULL;

  test_add (top, pass);
  test_add (top, log);
  test_connect (top, pass, "output", log, "input");
  model = test_run_ok (top);
  g_assert_cmpuint (test_log_fires (TEST_LOG (log)), ==, 4);
  g_assert_cmpuint (test_log_count (TEST_LOG (log)), ==, 0);
  g_assert_cmpint (hyco_port_get_status (hyco_actor_get_port (log, "input"), 0), ==,
                   HYCO_SIGNAL_ABSENT);
}

/* A cycle through a non-strict actor is accepted and settles within each tick: Either takes
 * the present `preferred` without waiting for its fed-back `alternate`. */
static void
test_constructive_cycle (void)
{
  g_autoptr (HycoCompositeActor) top = test_sr_top_new ("1", "2");
  HycoActor *seven = test_seven_new ("Seven");
  HycoActor *either = test_either_new ("Either");
  HycoActor *pass = test_pass_new ("Pass");
  HycoActor *log = test_log_new ("Log");
  g_autoptr (HycoModel) model = NULL;

  test_add (top, seven);
  test_add (top, either);
  test_add (top, pass);
  test_add (top, log);
  test_connect (top, seven, "output", either, "preferred");
  test_connect (top, either, "output", pass, "input");
  test_connect (top, pass, "output", either, "alternate");
  test_connect (top, pass, "output", log, "input");
  model = test_run_ok (top);
  g_assert_cmpuint (test_log_count (TEST_LOG (log)), ==, 3);
  assert_entry (TEST_LOG (log), 0, "0", 1, 8);
  assert_entry (TEST_LOG (log), 2, "2", 1, 8);
  g_assert_cmpuint (test_log_postfires (TEST_LOG (log)), ==, 3);
}

/* The same cycle with nothing to start it cannot settle: the ports left unknown are named
 * when the tick runs. */
static void
test_unsettled_cycle (void)
{
  g_autoptr (HycoCompositeActor) top = test_sr_top_new ("1", "2");
  HycoActor *either = test_either_new ("Either");
  HycoActor *pass = test_lazy_pass_new ("Lazy");
  g_autoptr (HycoModel) model = NULL;
  g_autoptr (GError) error = NULL;

  test_add (top, either);
  test_add (top, pass);
  /* No preferred source: preferred is absent, alternate waits for Lazy, Lazy for Either. */
  test_connect (top, either, "output", pass, "input");
  test_connect (top, pass, "output", either, "alternate");
  model = hyco_model_new (top);
  g_assert_true (hyco_model_prepare (model, &error));
  g_assert_false (hyco_model_run (model, NULL, &error));
  g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_CAUSALITY);
  g_assert_nonnull (strstr (error->message, "Either.output"));
  g_assert_nonnull (strstr (error->message, "Lazy.output"));
  g_assert_nonnull (strstr (error->message, "(0, 1)"));
}

/* A cycle through strict actors only is refused before the run, even under SR. */
static void
test_strict_cycle_refused (void)
{
  g_autoptr (HycoCompositeActor) top = test_sr_top_new ("1", "2");
  HycoActor *a = test_pass_new ("A");
  HycoActor *b = g_object_new (hyco_registry_lookup ("Adder"), "name", "B", NULL);
  HycoActor *either = test_either_new ("Either");
  g_autoptr (HycoModel) model = NULL;
  g_autoptr (GError) error = NULL;

  test_add (top, a);
  test_add (top, b);
  test_add (top, either);
  /* A non-strict actor in the same strongly connected component must not hide the strict
   * loop A -> B -> A. */
  test_connect (top, a, "output", b, "input");
  test_connect (top, b, "output", a, "input");
  test_connect (top, b, "output", either, "preferred");
  test_connect (top, either, "output", b, "input");
  model = hyco_model_new (top);
  g_assert_false (hyco_model_prepare (model, &error));
  g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_CAUSALITY);
  g_assert_nonnull (strstr (error->message, "A.output"));
  g_assert_nonnull (strstr (error->message, "B.input"));
  g_assert_null (strstr (error->message, "Either"));
}

/* Knowledge only grows within a tick: an actor that changes an output it already produced is
 * reported by name. */
static void
test_monotonicity (void)
{
  g_autoptr (HycoCompositeActor) top = test_sr_top_new ("1", "2");
  HycoActor *fickle = test_fickle_new ("Fickle");
  HycoActor *log = test_log_new ("Log");
  g_autoptr (HycoModel) model = NULL;
  g_autoptr (GError) error = NULL;

  test_add (top, fickle);
  test_add (top, log);
  test_connect (top, fickle, "output", log, "input");
  model = hyco_model_new (top);
  g_assert_false (hyco_model_run (model, NULL, &error));
  g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_FAILED);
  g_assert_nonnull (strstr (error->message, "Fickle"));
  g_assert_nonnull (strstr (error->message, "output"));
  g_assert_cmpuint (test_log_wrapups (TEST_LOG (log)), ==, 1);
}

/* A top-level SR director needs a period; a negative one is refused. */
static void
test_period_errors (void)
{
  const char *periods[] = { "0", "-1", "Infinity", "1e-12" };

  for (guint i = 0; i < G_N_ELEMENTS (periods); i++)
    {
      g_autoptr (HycoCompositeActor) top = test_sr_top_new (periods[i], "1");
      g_autoptr (HycoModel) model = hyco_model_new (top);
      g_autoptr (GError) error = NULL;
      g_assert_false (hyco_model_prepare (model, &error));
      g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_PARAMETER);
      /* Period 0 at the top level ticks at one time: it is the number of ticks that lacks. */
      g_assert_nonnull (strstr (error->message, i == 0 ? "iterations" : "period"));
    }
}

/* Runs a model given inline; its Test actors fail the run on any difference. */
static HycoModel *
run_inline (const char *xml)
{
  HycoModel *model = test_load_inline (xml);
  g_autoptr (GError) error = NULL;

  g_assert_true (hyco_model_run (model, NULL, &error));
  g_assert_no_error (error);
  return model;
}

#define RAMP_TIME_TEST(ramp_values, tags, times)                                               \
  "  <entity name='Ramp' class='Ramp'/>"                                                       \
  "  <entity name='Time' class='CurrentTime'/>"                                                \
  "  <entity name='TestRamp' class='Test'>"                                                    \
  "    <property name='correctValues' value='" ramp_values "'/>"                               \
  "    <property name='correctTags' value='" tags "'/>"                                        \
  "  </entity>"                                                                                \
  "  <entity name='TestTime' class='Test'>"                                                    \
  "    <property name='correctValues' value='" times "'/>"                                     \
  "    <property name='correctTags' value='" tags "'/>"                                        \
  "  </entity>"                                                                                \
  "  <relation name='r'/><relation name='t'/>"                                                 \
  "  <link port='Ramp.output' relation='r'/><link port='TestRamp.input' relation='r'/>"        \
  "  <link port='Time.trigger' relation='r'/><link port='Time.output' relation='t'/>"          \
  "  <link port='TestTime.input' relation='t'/>"

static HycoTag
reached (HycoModel *model)
{
  HycoTag tag;

  hyco_model_get_current_tag (model, &tag);
  return tag;
}

static guint64
tick_count (HycoModel *model)
{
  return hyco_sr_director_get_tick_count (
    HYCO_SR_DIRECTOR (hyco_composite_actor_get_director (hyco_model_get_toplevel (model))));
}

/* Period 0 at the top level, as Ptolemy II's modal and SR tests run: `iterations` ticks at the
 * start time, one microstep after the other; time does not advance. */
static void
test_iterations_at_one_time (void)
{
  g_autoptr (HycoModel) model
    = run_inline ("<entity name='top' class='CompositeActor'>"
                  "  <property name='SR' class='SRDirector'>"
                  "    <property name='iterations' value='3'/>"
                  "  </property>" RAMP_TIME_TEST ("{0, 1, 2}", "{(0, 1), (0, 2), (0, 3)}",
                                                  "{0.0, 0.0, 0.0}")
                  "</entity>");

  g_assert_cmpuint (tick_count (model), ==, 3);
  g_assert_cmpint (reached (model).time, ==, 0);
  g_assert_cmpuint (reached (model).microstep, ==, 3);
}

/* With a period, iterations bounds the ticks k·period, k below it (the stop time is Infinity). */
static void
test_iterations_periodic (void)
{
  g_autoptr (HycoModel) model = run_inline (
    "<entity name='top' class='CompositeActor'>"
    "  <property name='SR' class='SRDirector'>"
    "    <property name='period' value='0.5'/><property name='iterations' value='4'/>"
    "  </property>" RAMP_TIME_TEST ("{0, 1, 2, 3}", "{(0, 1), (0.5, 1), (1, 1), (1.5, 1)}",
                                    "{0.0, 0.5, 1.0, 1.5}")
    "</entity>");

  g_assert_cmpuint (tick_count (model), ==, 4);
  g_assert_cmpint (reached (model).time, ==, test_tag ("1.5", 1).time);
}

/* The stop time and iterations: whichever comes first ends the run. */
static void
test_iterations_and_stop_time (void)
{
  g_autoptr (HycoModel) model = run_inline (
    "<entity name='top' class='CompositeActor'>"
    "  <property name='SR' class='SRDirector'>"
    "    <property name='period' value='1'/><property name='iterations' value='10'/>"
    "    <property name='stopTime' value='1'/>"
    "  </property>" RAMP_TIME_TEST ("{0, 1}", "{(0, 1), (1, 1)}", "{0.0, 1.0}")
    "</entity>");

  g_assert_cmpuint (tick_count (model), ==, 2);
}

/* startTime: the grid starts there, and so do the iterations at one time. */
static void
test_start_time (void)
{
  g_autoptr (HycoModel) periodic = run_inline (
    "<entity name='top' class='CompositeActor'>"
    "  <property name='SR' class='SRDirector'>"
    "    <property name='period' value='1'/><property name='iterations' value='2'/>"
    "    <property name='startTime' value='2'/>"
    "  </property>" RAMP_TIME_TEST ("{0, 1}", "{(2, 1), (3, 1)}", "{2.0, 3.0}")
    "</entity>");
  g_autoptr (HycoModel) still = run_inline (
    "<entity name='top' class='CompositeActor'>"
    "  <property name='SR' class='SRDirector'>"
    "    <property name='iterations' value='2'/><property name='startTime' value='-1.5'/>"
    "  </property>" RAMP_TIME_TEST ("{0, 1}", "{(-1.5, 1), (-1.5, 2)}", "{-1.5, -1.5}")
    "</entity>");

  g_assert_cmpint (reached (periodic).time, ==, test_tag ("3", 1).time);
  g_assert_cmpint (reached (still).time, ==, -test_tag ("1.5", 1).time);
}

/* Inside a composite, iterations ends the composite's firings, as Ptolemy II's postfire
 * returning false: the triggered SR composite reacts to the first two clock events only. */
static void
test_iterations_inside (void)
{
  g_autoptr (HycoModel) model = run_inline (
    "<entity name='top' class='CompositeActor'>"
    "  <property name='DE' class='DEDirector'><property name='stopTime' value='5'/></property>"
    "  <entity name='Clock' class='DiscreteClock'/>"
    "  <entity name='Inner' class='CompositeActor'>"
    "    <property name='SR' class='SRDirector'><property name='iterations' value='2'/>"
    "    </property>"
    "    <port name='in'><property name='input'/></port>"
    "    <port name='out'><property name='output'/></port>"
    "    <entity name='Ramp' class='Ramp'/>"
    "    <relation name='i'/><relation name='o'/>"
    "    <link port='in' relation='i'/><link port='Ramp.trigger' relation='i'/>"
    "    <link port='Ramp.output' relation='o'/><link port='out' relation='o'/>"
    "  </entity>"
    "  <entity name='Test' class='Test'>"
    "    <property name='correctValues' value='{0, 1}'/>"
    "    <property name='correctTags' value='{(0, 1), (1, 1)}'/>"
    "  </entity>"
    "  <relation name='c'/><relation name='o'/>"
    "  <link port='Clock.output' relation='c'/><link port='Inner.in' relation='c'/>"
    "  <link port='Inner.out' relation='o'/><link port='Test.input' relation='o'/>"
    "</entity>");

  (void) model;
}

/* Ptolemy II's SR schedulers only order the fixed point's computation: any is accepted; a
 * class that is none of them is refused by name. The SyncCharts editor's statesignals note is
 * kept. */
static void
test_scheduler (void)
{
  g_autoptr (HycoModel) model = test_load_inline (
    "<entity name='top' class='CompositeActor'>"
    "  <property name='SR' class='SRDirector'>"
    "    <property name='iterations' value='1'/><property name='synchronizeToRealTime' "
    "value='false'/>"
    "    <property name='scheduler' value='ptolemy.domains.sr.kernel.SROptimizedScheduler'/>"
    "    <property name='statesignals' value='[A_SyncChart_918158682]'/>"
    "  </property>"
    "</entity>");
  g_autoptr (HycoModel) bad = test_load_inline (
    "<entity name='top' class='CompositeActor'>"
    "  <property name='SR' class='SRDirector'>"
    "    <property name='iterations' value='1'/>"
    "    <property name='scheduler' value='ptolemy.actor.sched.Scheduler'/>"
    "  </property>"
    "</entity>");
  g_autoptr (GError) error = NULL;

  g_assert_true (hyco_model_prepare (model, &error));
  g_assert_no_error (error);
  g_assert_false (hyco_model_prepare (bad, &error));
  g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_PARAMETER);
  test_assert_contains (error->message, "scheduler");
  test_assert_contains (error->message, "ptolemy.actor.sched.Scheduler");
}

/* synchronizeToRealTime: the ticks never run ahead of the wall clock. */
static void
test_synchronize_to_real_time (void)
{
  g_autoptr (HycoModel) model = test_load_inline (
    "<entity name='top' class='CompositeActor'>"
    "  <property name='SR' class='SRDirector'>"
    "    <property name='period' value='0.1'/><property name='iterations' value='4'/>"
    "    <property name='synchronizeToRealTime' value='true'/>"
    "  </property>"
    "</entity>");
  gint64 begin = g_get_monotonic_time ();

  g_assert_true (hyco_model_run (model, NULL, NULL));
  g_assert_cmpint (g_get_monotonic_time () - begin, >=, 300000);
}

/* A triggered SR composite in DE ticks exactly when an event reaches it; its own sources fire
 * at those ticks only. */
static void
test_triggered_inside_de (void)
{
  g_autoptr (HycoCompositeActor) top = test_top_new (NULL);
  HycoCompositeActor *sr = test_sr_composite_new (top, "SR", "0");
  HycoTag tags[] = { test_tag ("0.3", 1), test_tag ("1.7", 2) };
  HycoActor *emitter = test_emitter_new ("E", tags, 2);
  HycoActor *pass = test_pass_new ("Pass");
  HycoActor *seven = test_seven_new ("Seven");
  HycoActor *log = test_log_new ("Log");
  HycoPort *in = test_port (HYCO_ACTOR (sr), "in", HYCO_PORT_INPUT);
  HycoPort *out = test_port (HYCO_ACTOR (sr), "out", HYCO_PORT_OUTPUT);
  HycoPort *seven_out = test_port (HYCO_ACTOR (sr), "seven", HYCO_PORT_OUTPUT);
  g_autoptr (HycoModel) model = NULL;
  g_autoptr (GError) error = NULL;

  test_add (sr, pass);
  test_add (sr, seven);
  g_assert_true (
    hyco_composite_actor_connect_ports (sr, in, hyco_actor_get_port (pass, "input"), &error));
  g_assert_true (
    hyco_composite_actor_connect_ports (sr, hyco_actor_get_port (pass, "output"), out, &error));
  g_assert_true (hyco_composite_actor_connect_ports (sr, hyco_actor_get_port (seven, "output"),
                                                     seven_out, &error));
  test_add (top, emitter);
  test_add (top, log);
  test_connect (top, emitter, "output", HYCO_ACTOR (sr), "in");
  test_connect (top, HYCO_ACTOR (sr), "out", log, "input");
  test_connect (top, HYCO_ACTOR (sr), "seven", log, "input");
  model = test_run_ok (top);
  g_assert_cmpuint (test_log_count (TEST_LOG (log)), ==, 4);
  assert_entry (TEST_LOG (log), 0, "0.3", 1, 1);
  assert_entry (TEST_LOG (log), 1, "0.3", 1, 7);
  assert_entry (TEST_LOG (log), 2, "1.7", 2, 2);
  assert_entry (TEST_LOG (log), 3, "1.7", 2, 7);
}

/* A periodic SR composite in DE asks its container for its grid ticks. */
static void
test_periodic_inside_de (void)
{
  g_autoptr (HycoCompositeActor) top = test_top_new ("1");
  HycoCompositeActor *sr = test_sr_composite_new (top, "SR", "0.25");
  HycoActor *seven = test_seven_new ("Seven");
  HycoActor *log = test_log_new ("Log");
  HycoPort *out = test_port (HYCO_ACTOR (sr), "out", HYCO_PORT_OUTPUT);
  g_autoptr (HycoModel) model = NULL;
  g_autoptr (GError) error = NULL;

  test_add (sr, seven);
  g_assert_true (
    hyco_composite_actor_connect_ports (sr, hyco_actor_get_port (seven, "output"), out, &error));
  test_add (top, log);
  test_connect (top, HYCO_ACTOR (sr), "out", log, "input");
  model = test_run_ok (top);
  g_assert_cmpuint (test_log_count (TEST_LOG (log)), ==, 5);
  for (guint k = 0; k < 5; k++)
    g_assert_cmpint (test_log_tag (TEST_LOG (log), k).time, ==, k * 250000000);
  assert_entry (TEST_LOG (log), 4, "1", 1, 7);
}

/* A DE composite inside a periodic SR top level asks for a tag between two ticks: a periodic
 * director grants only its grid ticks (Ptolemy II's periodic director helper), and the DE
 * director, which needs the exact tag, says so. A request on the grid is granted as is. */
static void
test_fire_at_between_ticks (void)
{
  for (int on_grid = 0; on_grid < 2; on_grid++)
    {
      g_autoptr (HycoCompositeActor) top = test_sr_top_new ("1", "2");
      HycoCompositeActor *de = test_composite_new (top, "DE", TRUE);
      HycoTag tags[] = { test_tag (on_grid ? "1" : "0.25", 1) };
      HycoActor *emitter = test_emitter_new ("E", tags, 1);
      HycoActor *log = test_log_new ("Log");
      HycoPort *out = test_port (HYCO_ACTOR (de), "out", HYCO_PORT_OUTPUT);
      g_autoptr (HycoModel) model = NULL;
      g_autoptr (GError) error = NULL;

      test_add (de, emitter);
      g_assert_true (hyco_composite_actor_connect_ports (
        de, hyco_actor_get_port (emitter, "output"), out, &error));
      test_add (top, log);
      test_connect (top, HYCO_ACTOR (de), "out", log, "input");
      model = hyco_model_new (top);
      hyco_model_run (model, NULL, &error);
      if (!on_grid)
        {
          g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_TIME);
          test_assert_contains (error->message, "granted (1, 1) instead of (0.25, 1)");
          continue;
        }
      g_assert_no_error (error);
      g_assert_cmpuint (test_log_count (TEST_LOG (log)), ==, 1);
      assert_entry (TEST_LOG (log), 0, "1", 1, 0);
      /* Grid ticks at 0, 1, 2 only. */
      g_assert_cmpuint (test_log_postfires (TEST_LOG (log)), ==, 3);
    }
}

/* Three levels, DE in SR in DE, with presence and absence crossing every boundary both ways:
 * the inner DE doubles what the SR level passes in (+1), and the outer level adds 1 again. */
static void
test_three_levels (void)
{
  g_autoptr (HycoCompositeActor) top = test_top_new (NULL);
  HycoCompositeActor *sr = test_sr_composite_new (top, "SR", "0");
  HycoCompositeActor *de = test_composite_new (sr, "DE", TRUE);
  HycoTag tags[] = { test_tag ("1", 1), test_tag ("2", 1) };
  HycoActor *emitter = test_emitter_new ("E", tags, 2);
  HycoActor *outer_pass = test_pass_new ("Outer");
  HycoActor *sr_pass = test_pass_new ("Middle");
  HycoActor *de_pass = test_pass_new ("Inner");
  HycoActor *log = test_log_new ("Log");
  HycoActor *middle_log = test_log_new ("MiddleLog");
  HycoPort *sr_in = test_port (HYCO_ACTOR (sr), "in", HYCO_PORT_INPUT);
  HycoPort *sr_out = test_port (HYCO_ACTOR (sr), "out", HYCO_PORT_OUTPUT);
  HycoPort *de_in = test_port (HYCO_ACTOR (de), "in", HYCO_PORT_INPUT);
  HycoPort *de_out = test_port (HYCO_ACTOR (de), "out", HYCO_PORT_OUTPUT);
  g_autoptr (HycoModel) model = NULL;
  g_autoptr (GError) error = NULL;

  test_add (de, de_pass);
  g_assert_true (
    hyco_composite_actor_connect_ports (de, de_in, hyco_actor_get_port (de_pass, "input"), &error));
  g_assert_true (hyco_composite_actor_connect_ports (de, hyco_actor_get_port (de_pass, "output"),
                                                     de_out, &error));
  test_add (sr, sr_pass);
  test_add (sr, middle_log);
  g_assert_true (
    hyco_composite_actor_connect_ports (sr, sr_in, hyco_actor_get_port (sr_pass, "input"), &error));
  g_assert_true (hyco_composite_actor_connect_ports (sr, hyco_actor_get_port (sr_pass, "output"),
                                                     de_in, &error));
  g_assert_true (hyco_composite_actor_connect_ports (sr, de_out, sr_out, &error));
  g_assert_true (hyco_composite_actor_connect_ports (
    sr, de_out, hyco_actor_get_port (middle_log, "input"), &error));
  g_assert_no_error (error);
  test_add (top, emitter);
  test_add (top, outer_pass);
  test_add (top, log);
  test_connect (top, emitter, "output", HYCO_ACTOR (sr), "in");
  test_connect (top, HYCO_ACTOR (sr), "out", outer_pass, "input");
  test_connect (top, outer_pass, "output", log, "input");
  model = test_run_ok (top);
  /* 0 -> Middle 1 -> Inner 2 -> Outer 3 at (1, 1); 1 -> 4 at (2, 1). */
  g_assert_cmpuint (test_log_count (TEST_LOG (log)), ==, 2);
  assert_entry (TEST_LOG (log), 0, "1", 1, 3);
  assert_entry (TEST_LOG (log), 1, "2", 1, 4);
  g_assert_cmpuint (test_log_count (TEST_LOG (middle_log)), ==, 2);
  assert_entry (TEST_LOG (middle_log), 0, "1", 1, 2);
}

/* An SR composite fired twice at one tag by an outer fixed point (its output feeds back to its
 * input through a non-strict actor) commits once: its actors are postfired once per tick. */
static void
test_fire_without_commit (void)
{
  g_autoptr (HycoCompositeActor) top = test_sr_top_new ("1", "1");
  HycoCompositeActor *sr = test_sr_composite_new (top, "Inner", "0");
  HycoActor *seven = test_seven_new ("Seven");
  HycoActor *inner_log = test_log_new ("InnerLog");
  HycoActor *either = test_either_new ("Either");
  HycoActor *log = test_log_new ("Log");
  HycoPort *in = test_port (HYCO_ACTOR (sr), "in", HYCO_PORT_INPUT);
  HycoPort *first = test_port (HYCO_ACTOR (sr), "first", HYCO_PORT_OUTPUT);
  g_autoptr (HycoModel) model = NULL;
  g_autoptr (GError) error = NULL;

  /* Inside: Seven -> first (independent of in); in -> InnerLog. */
  test_add (sr, seven);
  test_add (sr, inner_log);
  g_assert_true (
    hyco_composite_actor_connect_ports (sr, hyco_actor_get_port (seven, "output"), first, &error));
  g_assert_true (
    hyco_composite_actor_connect_ports (sr, in, hyco_actor_get_port (inner_log, "input"), &error));
  /* Outside: first -> Either.preferred -> Inner.in, so Inner must fire before its input is
   * known, and again after. */
  test_add (top, either);
  test_add (top, log);
  test_connect (top, HYCO_ACTOR (sr), "first", either, "preferred");
  test_connect (top, either, "output", HYCO_ACTOR (sr), "in");
  test_connect (top, either, "output", log, "input");
  model = test_run_ok (top);
  g_assert_cmpuint (test_log_count (TEST_LOG (inner_log)), ==, 2);
  assert_entry (TEST_LOG (inner_log), 1, "1", 1, 7);
  g_assert_cmpuint (test_log_postfires (TEST_LOG (inner_log)), ==, 2);
  g_assert_cmpuint (test_log_count (TEST_LOG (log)), ==, 2);
}

/* SR inside SR, Ptolemy II's sub-clock pattern: an inner periodic director with a coarser
 * period reacts only at its own grid ticks, though the outer one fires it at each of its own;
 * between them its outputs are absent. Absence crosses the boundary as absence. */
static void
test_sr_inside_sr (void)
{
  g_autoptr (HycoCompositeActor) top = test_sr_top_new ("0.5", "2");
  HycoCompositeActor *inner = test_sr_composite_new (top, "Slow", "1");
  HycoActor *seven = test_seven_new ("Seven");
  HycoActor *pass = test_pass_new ("Pass");
  HycoActor *inner_log = test_log_new ("InnerLog");
  HycoActor *log = test_log_new ("Log");
  HycoActor *absent_log = test_log_new ("AbsentLog");
  HycoPort *out = test_port (HYCO_ACTOR (inner), "out", HYCO_PORT_OUTPUT);
  HycoPort *nothing = test_port (HYCO_ACTOR (inner), "nothing", HYCO_PORT_OUTPUT);
  HycoDirector *inner_director = hyco_composite_actor_get_director (inner);
  g_autoptr (HycoModel) model = NULL;
  g_autoptr (GError) error = NULL;

  test_add (inner, seven);
  test_add (inner, pass);
  test_add (inner, inner_log);
  g_assert_true (
    hyco_composite_actor_connect_ports (inner, hyco_actor_get_port (seven, "output"), out, &error));
  g_assert_true (hyco_composite_actor_connect_ports (inner, hyco_actor_get_port (seven, "output"),
                                                     hyco_actor_get_port (inner_log, "input"),
                                                     &error));
  /* Pass has no input inside: its output is absent at every tick. */
  g_assert_true (hyco_composite_actor_connect_ports (inner, hyco_actor_get_port (pass, "output"),
                                                     nothing, &error));
  test_add (top, log);
  test_add (top, absent_log);
  test_connect (top, HYCO_ACTOR (inner), "out", log, "input");
  test_connect (top, HYCO_ACTOR (inner), "nothing", absent_log, "input");
  model = test_run_ok (top);
  /* The outer director ticks at 0, 0.5, ..., 2; the inner one at 0, 1, 2 only. */
  g_assert_cmpuint (test_log_fires (TEST_LOG (log)), ==, 5);
  g_assert_cmpuint (test_log_count (TEST_LOG (log)), ==, 3);
  for (guint k = 0; k < 3; k++)
    assert_entry (TEST_LOG (log), k, k == 0 ? "0" : k == 1 ? "1" : "2", 1, 7);
  g_assert_cmpuint (test_log_fires (TEST_LOG (inner_log)), ==, 3);
  g_assert_cmpuint (test_log_count (TEST_LOG (inner_log)), ==, 3);
  g_assert_cmpuint (hyco_sr_director_get_tick_count (HYCO_SR_DIRECTOR (inner_director)), ==, 3);
  g_assert_cmpuint (test_log_count (TEST_LOG (absent_log)), ==, 0);
  g_assert_cmpuint (test_log_fires (TEST_LOG (absent_log)), ==, 5);
  g_assert_cmpint (hyco_port_get_status (hyco_actor_get_port (absent_log, "input"), 0), ==,
                   HYCO_SIGNAL_ABSENT);
}

/* Inside a continuous composite, a periodic SR director reacts only at its grid ticks
 * (k·period, 1), not at the solver's stages and steps nor at (0, 0); between them its outputs
 * are absent. */
static void
test_periodic_inside_continuous (void)
{
  g_autoptr (HycoCompositeActor) top = test_continuous_top_new ("10");
  HycoCompositeActor *sr = test_sr_composite_new (top, "SR", "0.5");
  HycoActor *ramp = test_add_new (top, "Const", "One");
  HycoActor *integrator = test_add_new (top, "Integrator", "Integrator");
  HycoActor *seven = test_seven_new ("Seven");
  HycoActor *inner_log = test_log_new ("InnerLog");
  HycoActor *log = test_log_new ("Log");
  HycoPort *out = test_port (HYCO_ACTOR (sr), "out", HYCO_PORT_OUTPUT);
  HycoDirector *inner = hyco_composite_actor_get_director (sr);
  g_autoptr (HycoModel) model = NULL;
  g_autoptr (GError) error = NULL;

  /* Something to integrate, with steps finer than the grid. */
  test_set (hyco_composite_actor_get_director (top), "maxStepSize", "0.1");
  test_connect (top, ramp, "output", integrator, "derivative");
  test_add (sr, seven);
  test_add (sr, inner_log);
  g_assert_true (
    hyco_composite_actor_connect_ports (sr, hyco_actor_get_port (seven, "output"), out, &error));
  g_assert_true (hyco_composite_actor_connect_ports (
    sr, hyco_actor_get_port (seven, "output"), hyco_actor_get_port (inner_log, "input"), &error));
  test_add (top, log);
  test_connect (top, HYCO_ACTOR (sr), "out", log, "input");
  model = test_run_ok (top);
  g_assert_cmpuint (hyco_continuous_director_get_step_count (
                      HYCO_CONTINUOUS_DIRECTOR (hyco_composite_actor_get_director (top))),
                    >=, 100);
  g_assert_cmpuint (hyco_sr_director_get_tick_count (HYCO_SR_DIRECTOR (inner)), ==, 21);
  g_assert_cmpuint (test_log_fires (TEST_LOG (inner_log)), ==, 21);
  g_assert_cmpuint (test_log_count (TEST_LOG (inner_log)), ==, 21);
  g_assert_cmpuint (test_log_count (TEST_LOG (log)), ==, 21);
  for (guint k = 0; k < 21; k++)
    {
      g_autofree char *time = g_strdup_printf ("%u.%u", k / 2, k % 2 ? 5 : 0);
      assert_entry (TEST_LOG (inner_log), k, time, 1, 7);
      assert_entry (TEST_LOG (log), k, time, 1, 7);
    }
}

/* Inside DE, a periodic SR director does not react to input events off its grid: its actors
 * do not fire and its outputs are absent; at its grid ticks it reads what its inputs hold. A
 * triggered one reacts to every firing. */
static void
test_periodic_inside_de_off_grid (void)
{
  for (int periodic = 0; periodic < 2; periodic++)
    {
      g_autoptr (HycoCompositeActor) top = test_top_new ("2");
      HycoCompositeActor *sr = test_sr_composite_new (top, "SR", periodic ? "1" : "0");
      HycoTag tags[] = { test_tag ("0.3", 1), test_tag ("1", 1) };
      HycoActor *emitter = test_emitter_new ("E", tags, 2);
      HycoActor *pass = test_pass_new ("Pass");
      HycoActor *seven = test_seven_new ("Seven");
      HycoActor *log = test_log_new ("Log");
      HycoActor *seven_log = test_log_new ("SevenLog");
      HycoPort *in = test_port (HYCO_ACTOR (sr), "in", HYCO_PORT_INPUT);
      HycoPort *out = test_port (HYCO_ACTOR (sr), "out", HYCO_PORT_OUTPUT);
      HycoPort *seven_out = test_port (HYCO_ACTOR (sr), "seven", HYCO_PORT_OUTPUT);
      g_autoptr (HycoModel) model = NULL;
      g_autoptr (GError) error = NULL;

      test_add (sr, pass);
      test_add (sr, seven);
      g_assert_true (
        hyco_composite_actor_connect_ports (sr, in, hyco_actor_get_port (pass, "input"), &error));
      g_assert_true (
        hyco_composite_actor_connect_ports (sr, hyco_actor_get_port (pass, "output"), out, &error));
      g_assert_true (hyco_composite_actor_connect_ports (sr, hyco_actor_get_port (seven, "output"),
                                                         seven_out, &error));
      test_add (top, emitter);
      test_add (top, log);
      test_add (top, seven_log);
      test_connect (top, emitter, "output", HYCO_ACTOR (sr), "in");
      test_connect (top, HYCO_ACTOR (sr), "out", log, "input");
      test_connect (top, HYCO_ACTOR (sr), "seven", seven_log, "input");
      model = test_run_ok (top);
      if (periodic)
        {
          /* Ticks at (0, 1), (1, 1), (2, 1): the event at (0.3, 1) is not seen. */
          g_assert_cmpuint (test_log_count (TEST_LOG (log)), ==, 1);
          assert_entry (TEST_LOG (log), 0, "1", 1, 2);
          g_assert_cmpuint (test_log_count (TEST_LOG (seven_log)), ==, 3);
          assert_entry (TEST_LOG (seven_log), 0, "0", 1, 7);
          assert_entry (TEST_LOG (seven_log), 1, "1", 1, 7);
          assert_entry (TEST_LOG (seven_log), 2, "2", 1, 7);
        }
      else
        {
          /* Ticks at the events only. */
          g_assert_cmpuint (test_log_count (TEST_LOG (log)), ==, 2);
          assert_entry (TEST_LOG (log), 0, "0.3", 1, 1);
          assert_entry (TEST_LOG (log), 1, "1", 1, 2);
          g_assert_cmpuint (test_log_count (TEST_LOG (seven_log)), ==, 2);
          assert_entry (TEST_LOG (seven_log), 0, "0.3", 1, 7);
          assert_entry (TEST_LOG (seven_log), 1, "1", 1, 7);
        }
      g_assert_cmpuint (
        hyco_sr_director_get_tick_count (HYCO_SR_DIRECTOR (hyco_composite_actor_get_director (sr))),
        ==, periodic ? 3 : 2);
    }
}

/* A top-level periodic SR director grants its actors' requests at grid ticks only, so a
 * continuous composite inside, which needs the exact tags of its steps (from (0, 0) on), is
 * refused with the tag it asked for and the one it got, rather than ticking every SR actor at
 * every integration step. */
static void
test_continuous_inside_periodic_top (void)
{
  g_autoptr (HycoCompositeActor) top = test_sr_top_new ("1", "3");
  HycoCompositeActor *ct = hyco_composite_actor_new ("CT");
  g_autoptr (HycoDirector) director = hyco_continuous_director_new ();
  HycoActor *seven = test_seven_new ("Seven");
  HycoActor *log = test_log_new ("Log");
  g_autoptr (HycoModel) model = NULL;
  g_autoptr (GError) error = NULL;

  hyco_composite_actor_set_director (ct, director);
  test_add (top, HYCO_ACTOR (ct));
  test_add_new (ct, "Const", "One");
  test_connect (ct, hyco_composite_actor_get_actor (ct, "One"), "output",
                test_add_new (ct, "Integrator", "Integrator"), "derivative");
  test_add (top, seven);
  test_add (top, log);
  test_connect (top, seven, "output", log, "input");
  model = hyco_model_new (top);
  hyco_model_run (model, NULL, &error);
  g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_TIME);
  test_assert_contains (error->message, "granted (0, 1) instead of (0, 0)");
  g_assert_cmpuint (test_log_fires (TEST_LOG (log)), ==, 0);
}

/* Under SR a source with a connected trigger is silent at ticks where no trigger is present,
 * and one with none outputs at every tick (component 3.1). */
static void
test_sources_and_triggers (void)
{
  g_autoptr (HycoCompositeActor) top = test_sr_top_new ("1", "4");
  HycoActor *clock = g_object_new (hyco_registry_lookup ("DiscreteClock"), "name", "Clock", NULL);
  HycoActor *triggered = g_object_new (hyco_registry_lookup ("Const"), "name", "Triggered", NULL);
  HycoActor *free_running = g_object_new (hyco_registry_lookup ("Const"), "name", "Free", NULL);
  HycoActor *log = test_log_new ("Log");
  HycoActor *free_log = test_log_new ("FreeLog");
  g_autoptr (HycoModel) model = NULL;
  g_autoptr (GError) error = NULL;

  hyco_param_set_from_string (G_OBJECT (clock), "period", "2", &error);
  g_assert_no_error (error);
  test_add (top, clock);
  test_add (top, triggered);
  test_add (top, free_running);
  test_add (top, log);
  test_add (top, free_log);
  test_connect (top, clock, "output", triggered, "trigger");
  test_connect (top, triggered, "output", log, "input");
  test_connect (top, free_running, "output", free_log, "input");
  model = test_run_ok (top);
  g_assert_cmpuint (test_log_count (TEST_LOG (log)), ==, 3);
  assert_entry (TEST_LOG (log), 1, "2", 1, 1);
  g_assert_cmpuint (test_log_count (TEST_LOG (free_log)), ==, 5);
}

/* Causality through composites: a composite whose path meets only strict actors makes a loop
 * around it a real one, named at its ports; with a non-strict actor on the path the loop is
 * accepted. */
static void
test_composite_loop_verdict (void)
{
  for (int constructive = 0; constructive < 2; constructive++)
    {
      g_autoptr (HycoCompositeActor) top = test_top_new (NULL);
      HycoCompositeActor *box = test_composite_new (top, "Box", TRUE);
      HycoActor *inner = constructive ? test_lazy_pass_new ("Inner") : test_pass_new ("Inner");
      HycoActor *outer = test_pass_new ("Outer");
      HycoPort *in = test_port (HYCO_ACTOR (box), "in", HYCO_PORT_INPUT);
      HycoPort *out = test_port (HYCO_ACTOR (box), "out", HYCO_PORT_OUTPUT);
      g_autoptr (HycoModel) model = NULL;
      g_autoptr (GError) error = NULL;

      test_add (box, inner);
      g_assert_true (
        hyco_composite_actor_connect_ports (box, in, hyco_actor_get_port (inner, "input"), &error));
      g_assert_true (hyco_composite_actor_connect_ports (box, hyco_actor_get_port (inner, "output"),
                                                         out, &error));
      test_add (top, outer);
      test_connect (top, HYCO_ACTOR (box), "out", outer, "input");
      test_connect (top, outer, "output", HYCO_ACTOR (box), "in");
      model = hyco_model_new (top);
      if (constructive)
        {
          /* Accepted; nothing ever fires it, so the run is simply empty. */
          g_assert_true (hyco_model_prepare (model, &error));
          g_assert_no_error (error);
          g_assert_true (hyco_actor_output_depends_on (HYCO_ACTOR (box), out, in));
        }
      else
        {
          g_assert_false (hyco_model_prepare (model, &error));
          g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_CAUSALITY);
          g_assert_nonnull (strstr (error->message, "Box.out"));
          g_assert_nonnull (strstr (error->message, "Outer.input"));
        }
    }
}

/* A CatchUpComposite (Ptolemy II's) under a periodic SR director of period 1 holding an SR
 * director of period 0.5: the inside runs at its own ticks 0.5, 1.5 too, caught up with when
 * the composite is next fired, its inputs absent there; the ports are linked to the inside
 * composite's of the same name without links in the file. An output at a caught-up tick is
 * an error; the composite must hold one composite with a director. */
#define CATCH_UP_MODEL(inside_links)                                                           \
  "<entity name='top' class='CompositeActor'>"                                                 \
  "  <property name='SR' class='SRDirector'>"                                                  \
  "    <property name='period' value='1'/><property name='iterations' value='3'/>"            \
  "  </property>"                                                                              \
  "  <entity name='Ramp' class='Ramp'/>"                                                       \
  "  <entity name='CU' class='ptolemy.actor.lib.hoc.CatchUpComposite'>"                        \
  "    <port name='in'><property name='input'/></port>"                                        \
  "    <port name='out'><property name='output'/></port>"                                      \
  "    <entity name='Contents' class='CompositeActor'>"                                        \
  "      <property name='SR' class='SRDirector'><property name='period' value='0.5'/>"         \
  "      </property>"                                                                          \
  "      <port name='in'><property name='input'/></port>"                                      \
  "      <port name='out'><property name='output'/></port>"                                    \
  "      <entity name='Time' class='CurrentTime'/>"                                            \
  "      <entity name='Ticks' class='Ramp'/>"                                                  \
  "      <entity name='TickTime' class='CurrentTime'/>"                                        \
  "      <entity name='Inside' class='Test'>"                                                  \
  "        <property name='correctValues' value='{0.0, 0.5, 1.0, 1.5, 2.0}'/>"                 \
  "        <property name='correctTags' value='{(0, 1), (0.5, 1), (1, 1), (1.5, 1), (2, 1)}'/>" \
  "      </entity>"                                                                            \
  "      <relation name='i'/><relation name='o'/><relation name='t'/><relation name='tt'/>"    \
  "      <link port='Ticks.output' relation='t'/><link port='TickTime.trigger' relation='t'/>" \
  "      <link port='TickTime.output' relation='tt'/><link port='Inside.input' relation='tt'/>" \
  inside_links                                                                                 \
  "    </entity>"                                                                              \
  "  </entity>"                                                                                \
  "  <entity name='Outside' class='Test'>"                                                     \
  "    <property name='correctValues' value='{0.0, 1.0, 2.0}'/>"                               \
  "    <property name='correctTags' value='{(0, 1), (1, 1), (2, 1)}'/>"                        \
  "  </entity>"                                                                                \
  "  <relation name='r'/><relation name='o'/>"                                                \
  "  <link port='Ramp.output' relation='r'/><link port='CU.in' relation='r'/>"                 \
  "  <link port='CU.out' relation='o'/><link port='Outside.input' relation='o'/>"              \
  "</entity>"

static void
test_catch_up_composite (void)
{
  g_autoptr (HycoModel) model = run_inline (CATCH_UP_MODEL (
    "      <link port='in' relation='i'/><link port='Time.trigger' relation='i'/>"
    "      <link port='Time.output' relation='o'/><link port='out' relation='o'/>"));
  g_autoptr (HycoModel) early = test_load_inline (CATCH_UP_MODEL (
    "      <link port='TickTime.output' relation='o'/><link port='out' relation='o'/>"));
  g_autoptr (HycoModel) empty = test_load_inline (
    "<entity name='top' class='CompositeActor'>"
    "  <property name='SR' class='SRDirector'><property name='iterations' value='1'/>"
    "  </property>"
    "  <entity name='CU' class='CatchUpComposite'/>"
    "</entity>");
  g_autofree char *saved = hyco_model_save_to_data (model);
  g_autoptr (HycoModel) reloaded = NULL;
  g_autoptr (GError) error = NULL;

  /* Saved without its own director, and read back, it runs alike. */
  g_assert_null (strstr (saved, "CatchUpDirector"));
  reloaded = hyco_model_new_from_data (saved, -1, "saved.xml", &error);
  g_assert_no_error (error);
  g_assert_true (hyco_model_run (reloaded, NULL, &error));
  g_assert_no_error (error);

  g_assert_false (hyco_model_run (early, NULL, &error));
  g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_TIME);
  test_assert_contains (error->message, "CU.Contents.out: an output while catching up at (0.5, 1)");
  g_clear_error (&error);
  g_assert_false (hyco_model_run (empty, NULL, &error));
  g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_STRUCTURE);
  test_assert_contains (error->message, "holds one composite actor with a director");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  hyco_init ();
  g_test_add_func ("/sr/periodic-top", test_periodic_top);
  g_test_add_func ("/sr/catch-up-composite", test_catch_up_composite);
  g_test_add_func ("/sr/absent-by-default", test_absent_by_default);
  g_test_add_func ("/sr/constructive-cycle", test_constructive_cycle);
  g_test_add_func ("/sr/unsettled-cycle", test_unsettled_cycle);
  g_test_add_func ("/sr/strict-cycle-refused", test_strict_cycle_refused);
  g_test_add_func ("/sr/monotonicity", test_monotonicity);
  g_test_add_func ("/sr/period-errors", test_period_errors);
  g_test_add_func ("/sr/iterations-at-one-time", test_iterations_at_one_time);
  g_test_add_func ("/sr/iterations-periodic", test_iterations_periodic);
  g_test_add_func ("/sr/iterations-and-stop-time", test_iterations_and_stop_time);
  g_test_add_func ("/sr/start-time", test_start_time);
  g_test_add_func ("/sr/iterations-inside", test_iterations_inside);
  g_test_add_func ("/sr/scheduler", test_scheduler);
  g_test_add_func ("/sr/synchronize-to-real-time", test_synchronize_to_real_time);
  g_test_add_func ("/sr/triggered-inside-de", test_triggered_inside_de);
  g_test_add_func ("/sr/periodic-inside-de", test_periodic_inside_de);
  g_test_add_func ("/sr/periodic-inside-de-off-grid", test_periodic_inside_de_off_grid);
  g_test_add_func ("/sr/periodic-inside-continuous", test_periodic_inside_continuous);
  g_test_add_func ("/sr/continuous-inside-periodic-top", test_continuous_inside_periodic_top);
  g_test_add_func ("/sr/fire-at-between-ticks", test_fire_at_between_ticks);
  g_test_add_func ("/sr/three-levels", test_three_levels);
  g_test_add_func ("/sr/fire-without-commit", test_fire_without_commit);
  g_test_add_func ("/sr/sr-inside-sr", test_sr_inside_sr);
  g_test_add_func ("/sr/sources-and-triggers", test_sources_and_triggers);
  g_test_add_func ("/causality/composite-loop-verdict", test_composite_loop_verdict);
  return g_test_run ();
}
