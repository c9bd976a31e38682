/* test-ptolemy-actors.c: the actors of Ptolemy II's library that its own test models use,
 * run in small DE models with exact tags and values.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "test-fixture.h"

#define NS HYCO_DEFAULT_RESOLUTION

/* Clock ---------------------------------------------------------------------------------- */

static void
test_clock_default (Fixture *f, gconstpointer data)
{
  HycoActor *clock = fixture_add (f, "Clock", "Clock", NULL);
  HycoActor *rec = fixture_add (f, "Recorder", "Rec", NULL);
  const FixtureEvent expected[] = {
    { "0", 1, "1" }, { "1", 1, "0" }, { "2", 1, "1" }, { "3", 1, "0" }, { "4", 1, "1" },
  };

  fixture_connect (f, clock, "output", rec, "input");
  fixture_stop_time (f, "4");
  fixture_run_ok (f);
  fixture_assert_events (rec, expected, G_N_ELEMENTS (expected));
}

/* Equal offsets: both values at one time, one microstep apart. */
static void
test_clock_equal_offsets (Fixture *f, gconstpointer data)
{
  HycoActor *clock = fixture_add (f, "Clock", "Clock", "offsets", "{0.5, 0.5, 0.5}", "values",
                                  "{1, 2, 3}", NULL);
  HycoActor *rec = fixture_add (f, "Recorder", "Rec", NULL);
  const FixtureEvent expected[] = {
    { "0.5", 1, "1" }, { "0.5", 2, "2" }, { "0.5", 3, "3" },
    { "2.5", 1, "1" }, { "2.5", 2, "2" }, { "2.5", 3, "3" },
  };

  fixture_connect (f, clock, "output", rec, "input");
  fixture_stop_time (f, "4");
  fixture_run_ok (f);
  fixture_assert_events (rec, expected, G_N_ELEMENTS (expected));
}

static void
test_clock_cycles_and_stop_time (Fixture *f, gconstpointer data)
{
  HycoActor *cycles = fixture_add (f, "Clock", "Cycles", "period", "1", "offsets", "{0.0, 0.25}",
                                   "values", "{\"a\", \"b\"}", "numberOfCycles", "2", NULL);
  HycoActor *stopped = fixture_add (f, "Clock", "Stopped", "period", "1", "offsets", "{0.5}",
                                    "values", "{2.5}", "stopTime", "2.5", NULL);
  HycoActor *rec = fixture_add (f, "Recorder", "Rec", NULL);
  const FixtureEvent expected[] = {
    { "0", 1, "\"a\"" }, { "0.25", 1, "\"b\"" }, { "0.5", 1, "2.5", 1 },
    { "1", 1, "\"a\"" }, { "1.25", 1, "\"b\"" }, { "1.5", 1, "2.5", 1 },
    { "2.5", 1, "2.5", 1 },
  };

  fixture_connect (f, cycles, "output", rec, "input");
  fixture_connect (f, stopped, "output", rec, "input");
  fixture_stop_time (f, "10");
  fixture_run_ok (f);
  fixture_assert_events (rec, expected, G_N_ELEMENTS (expected));
}

/* With trigger connected, outputs after the first wait for a trigger; a trigger between two
 * output times makes the next one happen, a late one skips beats. */
static void
test_clock_trigger (Fixture *f, gconstpointer data)
{
  HycoActor *control
    = fixture_add (f, "Clock", "Control", "period", "3", "offsets", "{0.5}", "values", "{true}",
                   NULL);
  HycoActor *clock = fixture_add (f, "Clock", "Clock", "offsets", "{0.0, 1.0}", "values",
                                  "{1, 2}", NULL);
  HycoActor *rec = fixture_add (f, "Recorder", "Rec", NULL);
  const FixtureEvent expected[] = {
    { "0", 1, "1" }, { "1", 1, "2" }, { "4", 1, "1" }, { "7", 1, "2" }, { "10", 1, "1" },
  };

  fixture_connect (f, control, "output", clock, "trigger");
  fixture_connect (f, clock, "output", rec, "input");
  fixture_stop_time (f, "10");
  fixture_run_ok (f);
  fixture_assert_events (rec, expected, G_N_ELEMENTS (expected));
}

/* A trigger at an output's own tag, through a zero delay: the clock then runs every phase. */
static void
test_clock_trigger_feedback (Fixture *f, gconstpointer data)
{
  HycoActor *clock = fixture_add (f, "Clock", "Clock", "offsets", "{0.0, 1.0}", "values",
                                  "{1, 2}", NULL);
  HycoActor *delay = fixture_add (f, "TimedDelay", "Delay", "delay", "0", NULL);
  HycoActor *rec = fixture_add (f, "Recorder", "Rec", NULL);
  const FixtureEvent expected[] = {
    { "0", 1, "1" }, { "1", 1, "2" }, { "2", 1, "1" }, { "3", 1, "2" },
  };

  fixture_connect (f, clock, "output", delay, "input");
  fixture_connect (f, delay, "output", clock, "trigger");
  fixture_connect (f, clock, "output", rec, "input");
  fixture_stop_time (f, "3");
  fixture_run_ok (f);
  fixture_assert_events (rec, expected, G_N_ELEMENTS (expected));
}

/* A new period at a cycle's start shortens the cycle in progress when it can still end. */
static void
test_clock_period_input (Fixture *f, gconstpointer data)
{
  HycoActor *control = fixture_add (f, "Clock", "Control", "period", "11", "offsets",
                                    "{0.0, 6.5}", "values", "{2.0, 1.0}", NULL);
  HycoActor *clock
    = fixture_add (f, "Clock", "Clock", "offsets", "{0.0}", "values", "{1}", NULL);
  HycoActor *rec = fixture_add (f, "Recorder", "Rec", NULL);
  const FixtureEvent expected[] = {
    { "0", 1, "1" }, { "2", 1, "1" }, { "4", 1, "1" }, { "6", 1, "1" },
    { "7", 1, "1" }, { "8", 1, "1" }, { "9", 1, "1" }, { "10", 1, "1" },
  };

  fixture_connect (f, control, "output", clock, "period");
  fixture_connect (f, clock, "output", rec, "input");
  fixture_stop_time (f, "10");
  fixture_run_ok (f);
  fixture_assert_events (rec, expected, G_N_ELEMENTS (expected));
}

static void
test_clock_bad_parameters (Fixture *f, gconstpointer data)
{
  g_autofree char *message = NULL;

  fixture_add (f, "Clock", "Clock", "offsets", "{0.0, 1.0}", "values", "{1}", NULL);
  message = fixture_run_fails (f, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_PARAMETER);
  fixture_assert_contains (message, "Clock");
  fixture_assert_contains (message, "offsets and values");
}

static void
test_triggered_clock (Fixture *f, gconstpointer data)
{
  HycoActor *start = fixture_add (f, "SingleEvent", "Start", "time", "1.5", NULL);
  HycoActor *stop = fixture_add (f, "SingleEvent", "Stop", "time", "6", NULL);
  HycoActor *clock = fixture_add (f, "TriggeredClock", "Clock", "offsets", "{0.0, 1.0}",
                                  "values", "{1, 2}", NULL);
  HycoActor *rec = fixture_add (f, "Recorder", "Rec", NULL);
  const FixtureEvent expected[] = {
    { "1.5", 1, "1" }, { "2.5", 1, "2" }, { "3.5", 1, "1" }, { "4.5", 1, "2" }, { "5.5", 1, "1" },
  };

  fixture_connect (f, start, "output", clock, "start");
  fixture_connect (f, stop, "output", clock, "stop");
  fixture_connect (f, clock, "output", rec, "input");
  fixture_stop_time (f, "10");
  fixture_run_ok (f);
  fixture_assert_events (rec, expected, G_N_ELEMENTS (expected));
}

/* DiscreteClock ---------------------------------------------------------------------------- */

static void
test_discrete_clock_offsets (Fixture *f, gconstpointer data)
{
  HycoActor *clock = fixture_add (f, "DiscreteClock", "Clock", "period", "2", "offsets",
                                  "{0.0, 0.5, 0.5}", "values", "{1, 2, 3}", "stopTime", "2",
                                  NULL);
  HycoActor *rec = fixture_add (f, "Recorder", "Rec", NULL);
  const FixtureEvent expected[] = {
    { "0", 1, "1" }, { "0.5", 1, "2" }, { "0.5", 2, "3" }, { "2", 1, "1" },
  };

  fixture_connect (f, clock, "output", rec, "input");
  fixture_stop_time (f, "5");
  fixture_run_ok (f);
  fixture_assert_events (rec, expected, G_N_ELEMENTS (expected));
}

/* SingleEvent, CurrentMicrostep ---------------------------------------------------------- */

static void
test_single_event (Fixture *f, gconstpointer data)
{
  HycoActor *first = fixture_add (f, "SingleEvent", "First", NULL);
  HycoActor *later = fixture_add (f, "SingleEvent", "Later", "time", "1.5", "value", "7", NULL);
  HycoActor *never = fixture_add (f, "SingleEvent", "Never", "time", "-1", NULL);
  HycoActor *rec = fixture_add (f, "Recorder", "Rec", NULL);
  const FixtureEvent expected[] = {
    { "0", 1, "true" },
    { "1.5", 1, "7", 1 },
  };

  fixture_connect (f, first, "output", rec, "input");
  fixture_connect (f, later, "output", rec, "input");
  fixture_connect (f, never, "output", rec, "input");
  fixture_stop_time (f, "3");
  fixture_run_ok (f);
  fixture_assert_events (rec, expected, G_N_ELEMENTS (expected));
}

static void
test_current_microstep (Fixture *f, gconstpointer data)
{
  HycoActor *clock = fixture_add (f, "Clock", "Clock", "offsets", "{0.5, 0.5}", "values",
                                  "{1, 2}", NULL);
  HycoActor *micro = fixture_add (f, "GetCurrentMicrostep", "Micro", NULL);
  HycoActor *rec = fixture_add (f, "Recorder", "Rec", NULL);
  const FixtureEvent expected[] = { { "0.5", 1, "1" }, { "0.5", 2, "2" } };

  fixture_connect (f, clock, "output", micro, "trigger");
  fixture_connect (f, micro, "output", rec, "input");
  fixture_stop_time (f, "1");
  fixture_run_ok (f);
  fixture_assert_events (rec, expected, G_N_ELEMENTS (expected));
}

/* TimedDelay ------------------------------------------------------------------------------ */

static void
test_timed_delay (Fixture *f, gconstpointer data)
{
  HycoActor *clock = fixture_add (f, "Clock", "Clock", "period", "1", "offsets", "{0.0, 0.0}",
                                  "values", "{1, 2}", NULL);
  HycoActor *zero = fixture_add (f, "TimedDelay", "Zero", "delay", "0", NULL);
  HycoActor *later = fixture_add (f, "TimedDelay", "Later", "delay", "0.5", NULL);
  HycoActor *rec = fixture_add (f, "Recorder", "Rec", NULL);
  /* The zero delay moves each event one microstep on; the positive one starts again at
   * microstep 1 and keeps the two events of a time one microstep apart. */
  const FixtureEvent expected[] = {
    { "0", 2, "1" }, { "0", 3, "2" }, { "0.5", 1, "1", 1 }, { "0.5", 2, "2", 1 },
    { "1", 2, "1" }, { "1", 3, "2" },
  };

  fixture_connect (f, clock, "output", zero, "input");
  fixture_connect (f, clock, "output", later, "input");
  fixture_connect (f, zero, "output", rec, "input");
  fixture_connect (f, later, "output", rec, "input");
  fixture_stop_time (f, "1");
  fixture_run_ok (f);
  fixture_assert_events (rec, expected, G_N_ELEMENTS (expected));
}

static void
test_timed_delay_input (Fixture *f, gconstpointer data)
{
  HycoActor *clock = fixture_add (f, "Clock", "Clock", "period", "1", "offsets", "{0.0}",
                                  "values", "{\"x\"}", NULL);
  HycoActor *delays = fixture_add (f, "Clock", "Delays", "period", "10", "offsets", "{1.0}",
                                   "values", "{0.25}", NULL);
  HycoActor *delay = fixture_add (f, "ptolemy.actor.lib.TimeDelay", "Delay", NULL);
  HycoActor *rec = fixture_add (f, "Recorder", "Rec", NULL);
  const FixtureEvent expected[] = {
    { "1", 1, "\"x\"" }, { "1.25", 1, "\"x\"" }, { "2.25", 1, "\"x\"" },
  };

  g_assert_true (HYCO_IS_TIMED_DELAY (delay));
  fixture_connect (f, clock, "output", delay, "input");
  fixture_connect (f, delays, "output", delay, "delay");
  fixture_connect (f, delay, "output", rec, "input");
  fixture_stop_time (f, "2.5");
  fixture_run_ok (f);
  fixture_assert_events (rec, expected, G_N_ELEMENTS (expected));
}

/* Merge ----------------------------------------------------------------------------------- */

static void
merge_model (Fixture *f, const char *discard)
{
  HycoActor *a = fixture_add (f, "Clock", "A", "period", "1", "offsets", "{0.0}", "values",
                              "{1}", NULL);
  HycoActor *b = fixture_add (f, "Clock", "B", "period", "1", "offsets", "{0.0, 0.5}", "values",
                              "{2, 3}", NULL);
  HycoActor *merge = fixture_add (f, "Merge", "Merge", "discardEvents", discard, NULL);
  HycoActor *rec = fixture_add (f, "Recorder", "Rec", NULL);

  fixture_connect (f, a, "output", merge, "input");
  fixture_connect (f, b, "output", merge, "input");
  fixture_connect (f, merge, "output", rec, "input");
  fixture_stop_time (f, "1");
  fixture_run_ok (f);
}

static void
test_merge (Fixture *f, gconstpointer data)
{
  const FixtureEvent expected[] = {
    { "0", 1, "1" }, { "0", 2, "2" }, { "0.5", 1, "3" }, { "1", 1, "1" }, { "1", 2, "2" },
  };

  merge_model (f, "false");
  fixture_assert_events (hyco_composite_actor_get_actor (f->top, "Rec"), expected,
                 G_N_ELEMENTS (expected));
}

static void
test_merge_discard (Fixture *f, gconstpointer data)
{
  const FixtureEvent expected[] = { { "0", 1, "1" }, { "0.5", 1, "3" }, { "1", 1, "1" } };

  merge_model (f, "true");
  fixture_assert_events (hyco_composite_actor_get_actor (f->top, "Rec"), expected,
                 G_N_ELEMENTS (expected));
}

/* AddSubtract ------------------------------------------------------------------------------ */

static void
test_add_subtract (Fixture *f, gconstpointer data)
{
  HycoActor *one = fixture_add (f, "Clock", "One", "period", "1", "offsets", "{0.0}", "values",
                                "{5}", NULL);
  HycoActor *two = fixture_add (f, "Clock", "Two", "period", "2", "offsets", "{0.0}", "values",
                                "{2}", NULL);
  HycoActor *half = fixture_add (f, "Clock", "Half", "period", "3", "offsets", "{0.5}",
                                 "values", "{0.5}", NULL);
  HycoActor *sub = fixture_add (f, "AddSubtract", "Sub", NULL);
  HycoActor *rec = fixture_add (f, "Recorder", "Rec", NULL);
  /* Integers stay integers; a double makes a double; only minus present: 0 − it. */
  const FixtureEvent expected[] = {
    { "0", 1, "3" }, { "0.5", 1, "-0.5" }, { "1", 1, "5" }, { "2", 1, "3" },
  };

  fixture_connect (f, one, "output", sub, "plus");
  fixture_connect (f, two, "output", sub, "minus");
  fixture_connect (f, half, "output", sub, "minus");
  fixture_connect (f, sub, "output", rec, "input");
  fixture_stop_time (f, "2");
  fixture_run_ok (f);
  fixture_assert_events (rec, expected, G_N_ELEMENTS (expected));
}

static void
test_add_subtract_string (Fixture *f, gconstpointer data)
{
  HycoActor *text = fixture_add (f, "Const", "Text", "value", "\"a\"", NULL);
  HycoActor *sub = fixture_add (f, "AddSubtract", "Sub", NULL);
  g_autofree char *message = NULL;

  fixture_connect (f, text, "output", sub, "minus");
  message = fixture_run_fails (f, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_FAILED);
  fixture_assert_contains (message, "Sub");
  fixture_assert_contains (message, "minus channel 0");
}

/* Stop, IsPresent -------------------------------------------------------------------------- */

static void
test_stop (Fixture *f, gconstpointer data)
{
  HycoActor *clock = fixture_add (f, "Clock", "Clock", "period", "1", "offsets", "{0.0}",
                                  "values", "{1}", NULL);
  HycoActor *event = fixture_add (f, "SingleEvent", "Event", "time", "2", NULL);
  HycoActor *stop = fixture_add (f, "Stop", "Stop", NULL);
  HycoActor *present = fixture_add (f, "IsPresent", "Present", NULL);
  HycoActor *rec = fixture_add (f, "Recorder", "Rec", NULL);
  const FixtureEvent expected[] = { { "0", 1, "true" }, { "1", 1, "true" }, { "2", 1, "true" } };

  fixture_connect (f, event, "output", stop, "input");
  fixture_connect (f, clock, "output", present, "input");
  fixture_connect (f, present, "output", rec, "input");
  fixture_stop_time (f, "10");
  fixture_run_ok (f);
  fixture_assert_events (rec, expected, G_N_ELEMENTS (expected));
  g_assert_nonnull (strstr (hyco_model_get_stop_reason (f->model), "Stop"));
}

/* ResettableTimer --------------------------------------------------------------------------- */

static void
timer_model (Fixture *f, const char *preemptive, const char *times, const char *delays)
{
  HycoActor *requests = fixture_add (f, "Clock", "Requests", "period", "100", "offsets", times,
                                     "values", delays, NULL);
  HycoActor *timer
    = fixture_add (f, "ResettableTimer", "Timer", "value", "\"done\"", "preemptive", preemptive,
                   NULL);
  HycoActor *rec = fixture_add (f, "Recorder", "Rec", NULL);

  fixture_connect (f, requests, "output", timer, "input");
  fixture_connect (f, timer, "output", rec, "input");
  fixture_stop_time (f, "20");
  fixture_run_ok (f);
}

/* Preemptive: the request at 1 replaces the one at 0; the one at 5 is cancelled at 6; 0 gives
 * the next microstep. */
static void
test_resettable_timer_preemptive (Fixture *f, gconstpointer data)
{
  const FixtureEvent expected[] = { { "3", 1, "\"done\"" }, { "8", 2, "\"done\"" } };

  timer_model (f, "true", "{0.0, 1.0, 5.0, 6.0, 8.0}", "{2.5, 2.0, 3.0, -1.0, 0.0}");
  fixture_assert_events (hyco_composite_actor_get_actor (f->top, "Rec"), expected,
                 G_N_ELEMENTS (expected));
}

/* Not preemptive: requests wait for the one in progress. */
static void
test_resettable_timer_queued (Fixture *f, gconstpointer data)
{
  const FixtureEvent expected[] = {
    { "2.5", 1, "\"done\"" }, { "4.5", 1, "\"done\"" }, { "8", 2, "\"done\"" },
  };

  timer_model (f, "false", "{0.0, 1.0, 5.0, 6.0, 8.0}", "{2.5, 2.0, 3.0, -1.0, 0.0}");
  fixture_assert_events (hyco_composite_actor_get_actor (f->top, "Rec"), expected,
                 G_N_ELEMENTS (expected));
}

/* When, BooleanToAnything, Sequence, firingCountLimit ------------------------------------------ */

static void
test_when_and_boolean_to_anything (Fixture *f, gconstpointer data)
{
  HycoActor *control = fixture_add (f, "Clock", "Control", "period", "3", "offsets",
                                    "{0.0, 1.0, 2.0}", "values", "{true, false, true}", NULL);
  HycoActor *input = fixture_add (f, "Clock", "Input", "period", "3", "offsets", "{0.0, 1.0}",
                                  "values", "{7, 8}", NULL);
  HycoActor *when = fixture_add (f, "When", "When", NULL);
  HycoActor *convert
    = fixture_add (f, "BooleanToAnything", "Convert", "trueValue", "-1.0", NULL);
  HycoActor *rec = fixture_add (f, "Recorder", "Rec", NULL);
  /* The false value takes the double type of the true value, as Ptolemy II resolves it. */
  const FixtureEvent expected[] = {
    { "0", 1, "7" }, { "0", 1, "-1.0", 1 }, { "1", 1, "0.0", 1 }, { "2", 1, "-1.0", 1 },
  };

  fixture_connect (f, control, "output", when, "control");
  fixture_connect (f, input, "output", when, "input");
  fixture_connect (f, when, "output", rec, "input");
  fixture_connect (f, control, "output", convert, "input");
  fixture_connect (f, convert, "output", rec, "input");
  fixture_stop_time (f, "2");
  fixture_run_ok (f);
  fixture_assert_events (rec, expected, G_N_ELEMENTS (expected));
}

static void
test_sequence_and_limits (Fixture *f, gconstpointer data)
{
  HycoActor *enable = fixture_add (f, "Clock", "Enable", "period", "1", "offsets", "{0.0, 0.5}",
                                   "values", "{true, false}", NULL);
  HycoActor *sequence = fixture_add (f, "Sequence", "Sequence", "values", "{1, 5, 3}", NULL);
  HycoActor *ramp = fixture_add (f, "Ramp", "Ramp", "firingCountLimit", "2", NULL);
  HycoActor *rec = fixture_add (f, "Recorder", "Rec", NULL);
  const FixtureEvent expected[] = {
    { "0", 1, "1" }, { "0", 1, "0", 1 }, { "0.5", 1, "1", 1 }, { "1", 1, "5" },
    { "2", 1, "3" },
  };

  fixture_connect (f, enable, "output", sequence, "enable");
  fixture_connect (f, sequence, "output", rec, "input");
  fixture_connect (f, enable, "output", ramp, "trigger");
  fixture_connect (f, ramp, "output", rec, "input");
  fixture_stop_time (f, "5");
  fixture_run_ok (f);
  fixture_assert_events (rec, expected, G_N_ELEMENTS (expected));
}

/* PoissonClock --------------------------------------------------------------------------- */

/* Seeded, the intervals are Ptolemy II's: java.util.Random seeded with 1 plus the Java hash of
 * ".top.Poisson", −ln(1 − nextDouble())·meanTime each, rounded to the nanosecond. */
static void
test_poisson_clock_seeded (Fixture *f, gconstpointer data)
{
  HycoActor *poisson = fixture_add (f, "PoissonClock", "Poisson", "meanTime", "2.0", "seed", "1L",
                                    "values", "{1, 2}", NULL);
  HycoActor *rec = fixture_add (f, "Recorder", "Rec", NULL);
  const FixtureEvent expected[] = {
    { "0", 1, "1" },           { "4.204146047", 1, "2" },  { "6.314273152", 1, "1" },
    { "7.217702416", 1, "2" }, { "11.775810530", 1, "1" },
  };

  fixture_connect (f, poisson, "output", rec, "input");
  fixture_stop_time (f, "12");
  fixture_run_ok (f);
  fixture_assert_events (rec, expected, G_N_ELEMENTS (expected));
}

/* Timer, NonInterruptibleTimer ------------------------------------------------------------ */

static void
test_timers (Fixture *f, gconstpointer data)
{
  HycoActor *requests = fixture_add (f, "Clock", "Requests", "period", "100", "offsets",
                                     "{0.0, 1.0, 5.0}", "values", "{2.0, 1.0, 0.0}", NULL);
  HycoActor *timer = fixture_add (f, "Timer", "Timer", "value", "1", NULL);
  HycoActor *queued = fixture_add (f, "NonInterruptibleTimer", "Queued", "value", "2", NULL);
  HycoActor *rec = fixture_add (f, "Recorder", "Rec", NULL);
  /* Every input times at once: the two timings due at 2 one microstep apart. Not
   * interruptible: the input at 1 waits for the output at 2 and is due at 3. */
  const FixtureEvent expected[] = {
    { "2", 1, "1" },    { "2", 1, "2", 1 }, { "2", 2, "1" },
    { "3", 1, "2", 1 }, { "5", 2, "1" },    { "5", 2, "2", 1 },
  };

  fixture_connect (f, requests, "output", timer, "input");
  fixture_connect (f, requests, "output", queued, "input");
  fixture_connect (f, timer, "output", rec, "input");
  fixture_connect (f, queued, "output", rec, "input");
  fixture_stop_time (f, "10");
  fixture_run_ok (f);
  fixture_assert_events (rec, expected, G_N_ELEMENTS (expected));
}

/* Server ----------------------------------------------------------------------------------- */

static void
test_server (Fixture *f, gconstpointer data)
{
  HycoActor *jobs = fixture_add (f, "Clock", "Jobs", "period", "100", "offsets",
                                 "{0.0, 0.5, 3.0}", "values", "{\"a\", \"b\", \"c\"}", NULL);
  HycoActor *server = fixture_add (f, "Server", "Server", NULL);
  HycoActor *rec = fixture_add (f, "Recorder", "Rec", NULL);
  /* One at a time, a second of service each; size counts the jobs held after each firing. */
  const FixtureEvent expected[] = {
    { "0", 1, "1", 1 },       { "0.5", 1, "2", 1 }, { "1", 1, "\"a\"" }, { "1", 1, "1", 1 },
    { "2", 1, "\"b\"" },      { "2", 1, "0", 1 },   { "3", 1, "1", 1 },  { "4", 1, "\"c\"" },
    { "4", 1, "0", 1 },
  };

  fixture_connect (f, jobs, "output", server, "input");
  fixture_connect (f, server, "output", rec, "input");
  fixture_connect (f, server, "size", rec, "input");
  fixture_stop_time (f, "10");
  fixture_run_ok (f);
  fixture_assert_events (rec, expected, G_N_ELEMENTS (expected));
}

/* SetVariable and _priority -------------------------------------------------------------------- */

/* Two SetVariables set P at 0 (the one of smaller priority first); a Const whose value is P,
 * fired at 0 and 1, sends P as it was before and after; a second run starts from P as
 * declared. */
static void
set_variable_model (Fixture *f, int priority_a, int priority_b, const FixtureEvent *expected, guint n)
{
  HycoActor *event = fixture_add (f, "SingleEvent", "Event", NULL);
  HycoActor *one = fixture_add (f, "Const", "One", "value", "1", NULL);
  HycoActor *two = fixture_add (f, "Const", "Two", "value", "2", NULL);
  HycoActor *set_a = fixture_add (f, "SetVariable", "SetA", "variableName", "P", NULL);
  HycoActor *set_b = fixture_add (f, "SetVariable", "SetB", "variableName", "P", NULL);
  HycoActor *clock = fixture_add (f, "Clock", "Clock", "period", "1", "offsets", "{0.0}",
                                  "values", "{1}", NULL);
  HycoActor *reader = fixture_add (f, "Const", "Reader", NULL);
  HycoActor *rec = fixture_add (f, "Recorder", "Rec", NULL);

  g_assert_true (hyco_composite_actor_set_parameter (f->top, "P", "7", NULL));
  fixture_set (reader, "value", "P * 10");
  hyco_actor_set_priority (set_a, priority_a);
  hyco_actor_set_priority (set_b, priority_b);
  g_assert_cmpint (hyco_actor_get_priority (set_b), ==, priority_b);
  fixture_connect (f, event, "output", one, "trigger");
  fixture_connect (f, event, "output", two, "trigger");
  fixture_connect (f, one, "output", set_a, "input");
  fixture_connect (f, two, "output", set_b, "input");
  fixture_connect (f, clock, "output", reader, "trigger");
  fixture_connect (f, reader, "output", rec, "input");
  fixture_stop_time (f, "1");
  fixture_run_ok (f);
  fixture_assert_events (rec, expected, n);
  g_assert_cmpstr (hyco_composite_actor_get_parameter_text (f->top, "P"), ==, "7");
  fixture_run_ok (f);
  fixture_assert_events (rec, expected, n);
}

static void
test_set_variable_model_order (Fixture *f, gconstpointer data)
{
  /* Equal priorities: model order, SetB last. */
  const FixtureEvent expected[] = { { "0", 1, "70.0" }, { "1", 1, "20.0" } };

  set_variable_model (f, 0, 0, expected, G_N_ELEMENTS (expected));
}

static void
test_set_variable_priority (Fixture *f, gconstpointer data)
{
  /* SetB's smaller priority fires it first: SetA's value wins. */
  const FixtureEvent expected[] = { { "0", 1, "70.0" }, { "1", 1, "10.0" } };

  set_variable_model (f, 0, -1, expected, G_N_ELEMENTS (expected));
}

/* The output: with delayed, the parameter's value before the change; without, the input. */
static void
test_set_variable_output (Fixture *f, gconstpointer data)
{
  HycoActor *event = fixture_add (f, "SingleEvent", "Event", NULL);
  HycoActor *three = fixture_add (f, "Const", "Three", "value", "3", NULL);
  HycoActor *delayed = fixture_add (f, "SetVariable", "Delayed", "variableName", "P", NULL);
  HycoActor *now = fixture_add (f, "SetVariable", "Now", "variableName", "Q", "delayed",
                                "false", NULL);
  HycoActor *rec_delayed = fixture_add (f, "Recorder", "RecDelayed", NULL);
  HycoActor *rec_now = fixture_add (f, "Recorder", "RecNow", NULL);
  const FixtureEvent expected_delayed[] = { { "0", 1, "7" } };
  const FixtureEvent expected_now[] = { { "0", 1, "3" } };

  g_assert_true (hyco_composite_actor_set_parameter (f->top, "P", "7", NULL));
  g_assert_true (hyco_composite_actor_set_parameter (f->top, "Q", "8", NULL));
  fixture_connect (f, event, "output", three, "trigger");
  fixture_connect (f, three, "output", delayed, "input");
  fixture_connect (f, three, "output", now, "input");
  fixture_connect (f, delayed, "output", rec_delayed, "input");
  fixture_connect (f, now, "output", rec_now, "input");
  fixture_stop_time (f, "1");
  fixture_run_ok (f);
  fixture_assert_events (rec_delayed, expected_delayed, G_N_ELEMENTS (expected_delayed));
  fixture_assert_events (rec_now, expected_now, G_N_ELEMENTS (expected_now));
}

/* Ptolemy's _priority attribute is read as the actor's priority. */
static void
test_priority_read (void)
{
  const char *data
    = "<entity name=\"top\" class=\"CompositeActor\">\n"
      "  <property name=\"d\" class=\"DEDirector\"/>\n"
      "  <entity name=\"C\" class=\"Const\">\n"
      "    <property name=\"_priority\" class=\"ptolemy.domains.de.kernel.Priority\""
      " value=\"-1\"/>\n"
      "  </entity>\n"
      "  <entity name=\"D\" class=\"Const\"/>\n"
      "</entity>\n";
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoModel) model = hyco_model_new_from_data (data, -1, NULL, &error);

  g_assert_no_error (error);
  g_assert_cmpint (hyco_actor_get_priority (hyco_model_lookup_actor (model, "C")), ==, -1);
  g_assert_cmpint (hyco_actor_get_priority (hyco_model_lookup_actor (model, "D")), ==, 0);
}

static void
test_set_variable_unknown (Fixture *f, gconstpointer data)
{
  HycoActor *set = fixture_add (f, "SetVariable", "Set", "variableName", "Q", NULL);
  g_autofree char *message = NULL;

  (void) set;
  message = fixture_run_fails (f, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_PARAMETER);
  fixture_assert_contains (message, "Set: variableName: no model parameter named \"Q\"");
}

/* Older Servers name the service time newServiceTime; set, it is the service time. */
static void
test_server_new_service_time (Fixture *f, gconstpointer data)
{
  HycoActor *job = fixture_add (f, "SingleEvent", "Job", "time", "1.0", NULL);
  HycoActor *server
    = fixture_add (f, "Server", "Server", "serviceTime", "3", "newServiceTime", "0.5", NULL);
  HycoActor *rec = fixture_add (f, "Recorder", "Rec", NULL);
  const FixtureEvent expected[] = { { "1.5", 1, "true" } };

  fixture_connect (f, job, "output", server, "input");
  fixture_connect (f, server, "output", rec, "input");
  fixture_stop_time (f, "10");
  fixture_run_ok (f);
  fixture_assert_events (rec, expected, G_N_ELEMENTS (expected));
}

/* ArrayToSequence and records -------------------------------------------------------------- */

/* Two arrays at one tag go out element by element at the same microsteps, where a
 * RecordAssembler pairs them; a RecordDisassembler takes the record apart again. */
static void
test_array_to_sequence_and_records (Fixture *f, gconstpointer data)
{
  HycoActor *numbers = fixture_add (f, "Const", "Numbers", "value", "{1, 2, 3}", NULL);
  HycoActor *names = fixture_add (f, "Const", "Names", "value", "{\"a\", \"b\", \"c\"}", NULL);
  HycoActor *seq1 = fixture_add (f, "ArrayToSequence", "Seq1", "arrayLength", "3", NULL);
  HycoActor *seq2 = fixture_add (f, "ArrayToSequence", "Seq2", "arrayLength", "3", NULL);
  HycoActor *assembler = fixture_add (f, "RecordAssembler", "Assembler", NULL);
  HycoActor *disassembler = fixture_add (f, "RecordDisassembler", "Disassembler", NULL);
  HycoActor *records = fixture_add (f, "Recorder", "Records", NULL);
  HycoActor *fields = fixture_add (f, "Recorder", "Fields", NULL);
  const FixtureEvent expected_records[] = {
    { "0", 1, "{n = 1, name = \"a\"}" },
    { "0", 2, "{n = 2, name = \"b\"}" },
    { "0", 3, "{n = 3, name = \"c\"}" },
  };
  const FixtureEvent expected_fields[] = { { "0", 1, "1" }, { "0", 2, "2" }, { "0", 3, "3" } };

  g_assert_nonnull (hyco_actor_add_port (assembler, "n", HYCO_PORT_INPUT, NULL));
  g_assert_nonnull (hyco_actor_add_port (assembler, "name", HYCO_PORT_INPUT, NULL));
  g_assert_nonnull (hyco_actor_add_port (disassembler, "n", HYCO_PORT_OUTPUT, NULL));
  fixture_connect (f, numbers, "output", seq1, "input");
  fixture_connect (f, names, "output", seq2, "input");
  fixture_connect (f, seq1, "output", assembler, "n");
  fixture_connect (f, seq2, "output", assembler, "name");
  fixture_connect (f, assembler, "output", records, "input");
  fixture_connect (f, assembler, "output", disassembler, "input");
  fixture_connect (f, disassembler, "n", fields, "input");
  fixture_stop_time (f, "1");
  fixture_run_ok (f);
  fixture_assert_events (records, expected_records, G_N_ELEMENTS (expected_records));
  fixture_assert_events (fields, expected_fields, G_N_ELEMENTS (expected_fields));
}

static void
test_array_to_sequence_length (Fixture *f, gconstpointer data)
{
  HycoActor *numbers = fixture_add (f, "Const", "Numbers", "value", "{1, 2}", NULL);
  HycoActor *seq = fixture_add (f, "ArrayToSequence", "Seq", "arrayLength", "3", NULL);
  g_autofree char *message = NULL;

  fixture_connect (f, numbers, "output", seq, "input");
  fixture_stop_time (f, "1");
  message = fixture_run_fails (f, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_FAILED);
  fixture_assert_contains (message, "Seq: input {1, 2} has 2 elements, not arrayLength 3");
}

/* The class names Ptolemy II's models use ----------------------------------------------------- */

static void
test_registry (void)
{
  const struct
  {
    const char *name;
    GType type;
  } classes[] = {
    { "ptolemy.actor.lib.Clock", HYCO_TYPE_CLOCK },
    { "ptolemy.actor.lib.TriggeredClock", HYCO_TYPE_TRIGGERED_CLOCK },
    { "ptolemy.actor.lib.DiscreteClock", HYCO_TYPE_DISCRETE_CLOCK },
    { "ptolemy.actor.lib.SingleEvent", HYCO_TYPE_SINGLE_EVENT },
    { "ptolemy.domains.de.lib.SingleEvent", HYCO_TYPE_SINGLE_EVENT },
    { "ptolemy.actor.lib.GetCurrentMicrostep", HYCO_TYPE_CURRENT_MICROSTEP },
    { "ptolemy.actor.lib.CurrentMicrostep", HYCO_TYPE_CURRENT_MICROSTEP },
    { "ptolemy.actor.lib.Sequence", HYCO_TYPE_SEQUENCE },
    { "ptolemy.actor.lib.PoissonClock", HYCO_TYPE_POISSON_CLOCK },
    { "ptolemy.domains.de.lib.TimedDelay", HYCO_TYPE_TIMED_DELAY },
    { "ptolemy.domains.de.lib.VariableDelay", HYCO_TYPE_TIMED_DELAY },
    /* The newer TimeDelay is Ptolemy II's DE delay; Hyco's own keeps the short name. */
    { "ptolemy.actor.lib.TimeDelay", HYCO_TYPE_TIMED_DELAY },
    { "TimeDelay", HYCO_TYPE_TIME_DELAY },
    { "ptolemy.domains.de.lib.Merge", HYCO_TYPE_MERGE },
    { "ptolemy.actor.lib.ResettableTimer", HYCO_TYPE_RESETTABLE_TIMER },
    { "ptolemy.domains.de.lib.Timer", HYCO_TYPE_TIMER },
    { "ptolemy.domains.de.lib.NonInterruptibleTimer", HYCO_TYPE_NON_INTERRUPTIBLE_TIMER },
    { "ptolemy.domains.de.lib.Server", HYCO_TYPE_SERVER },
    { "ptolemy.actor.lib.AddSubtract", HYCO_TYPE_ADD_SUBTRACT },
    { "ptolemy.actor.lib.Scale", HYCO_TYPE_GAIN },
    { "ptolemy.actor.lib.SetVariable", HYCO_TYPE_SET_VARIABLE },
    { "ptolemy.actor.lib.RecordAssembler", HYCO_TYPE_RECORD_ASSEMBLER },
    { "ptolemy.actor.lib.RecordDisassembler", HYCO_TYPE_RECORD_DISASSEMBLER },
    { "ptolemy.domains.sdf.lib.ArrayToSequence", HYCO_TYPE_ARRAY_TO_SEQUENCE },
    { "ptolemy.actor.lib.TestExceptionHandler", HYCO_TYPE_TEST_EXCEPTION_HANDLER },
    { "ptolemy.actor.lib.TestExceptionAttribute", HYCO_TYPE_TEST_EXCEPTION_HANDLER },
    { "ptolemy.actor.lib.Stop", HYCO_TYPE_STOP },
    { "ptolemy.actor.lib.logic.IsPresent", HYCO_TYPE_IS_PRESENT },
    { "ptolemy.domains.sr.lib.When", HYCO_TYPE_WHEN },
    { "ptolemy.domains.sr.lib.NonStrictDelay", HYCO_TYPE_UNIT_DELAY },
    { "ptolemy.actor.lib.conversions.BooleanToAnything", HYCO_TYPE_BOOLEAN_TO_ANYTHING },
  };

  for (guint i = 0; i < G_N_ELEMENTS (classes); i++)
    {
      g_test_message ("%s", classes[i].name);
      g_assert_true (hyco_registry_lookup (classes[i].name) == classes[i].type);
    }
}

static void
add_model_test (const char *path, void (*func) (Fixture *, gconstpointer))
{
  g_test_add (path, Fixture, NULL, fixture_setup_de, func, fixture_teardown);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  hyco_init ();

  add_model_test ("/ptolemy-actors/clock/default", test_clock_default);
  add_model_test ("/ptolemy-actors/clock/equal-offsets", test_clock_equal_offsets);
  add_model_test ("/ptolemy-actors/clock/cycles-and-stop-time", test_clock_cycles_and_stop_time);
  add_model_test ("/ptolemy-actors/clock/trigger", test_clock_trigger);
  add_model_test ("/ptolemy-actors/clock/trigger-feedback", test_clock_trigger_feedback);
  add_model_test ("/ptolemy-actors/clock/period-input", test_clock_period_input);
  add_model_test ("/ptolemy-actors/clock/bad-parameters", test_clock_bad_parameters);
  add_model_test ("/ptolemy-actors/triggered-clock", test_triggered_clock);
  add_model_test ("/ptolemy-actors/discrete-clock/offsets", test_discrete_clock_offsets);
  add_model_test ("/ptolemy-actors/single-event", test_single_event);
  add_model_test ("/ptolemy-actors/current-microstep", test_current_microstep);
  add_model_test ("/ptolemy-actors/timed-delay/zero-and-positive", test_timed_delay);
  add_model_test ("/ptolemy-actors/timed-delay/delay-input", test_timed_delay_input);
  add_model_test ("/ptolemy-actors/merge/simultaneous", test_merge);
  add_model_test ("/ptolemy-actors/merge/discard", test_merge_discard);
  add_model_test ("/ptolemy-actors/add-subtract/types", test_add_subtract);
  add_model_test ("/ptolemy-actors/add-subtract/string", test_add_subtract_string);
  add_model_test ("/ptolemy-actors/stop", test_stop);
  add_model_test ("/ptolemy-actors/resettable-timer/preemptive", test_resettable_timer_preemptive);
  add_model_test ("/ptolemy-actors/resettable-timer/queued", test_resettable_timer_queued);
  add_model_test ("/ptolemy-actors/when-and-boolean-to-anything",
                  test_when_and_boolean_to_anything);
  add_model_test ("/ptolemy-actors/sequence-and-limits", test_sequence_and_limits);
  add_model_test ("/ptolemy-actors/poisson-clock/seeded", test_poisson_clock_seeded);
  add_model_test ("/ptolemy-actors/timers", test_timers);
  add_model_test ("/ptolemy-actors/server", test_server);
  add_model_test ("/ptolemy-actors/server/new-service-time", test_server_new_service_time);
  add_model_test ("/ptolemy-actors/set-variable/model-order", test_set_variable_model_order);
  add_model_test ("/ptolemy-actors/set-variable/priority", test_set_variable_priority);
  add_model_test ("/ptolemy-actors/set-variable/unknown", test_set_variable_unknown);
  add_model_test ("/ptolemy-actors/set-variable/output", test_set_variable_output);
  add_model_test ("/ptolemy-actors/array-to-sequence/records", test_array_to_sequence_and_records);
  add_model_test ("/ptolemy-actors/array-to-sequence/length", test_array_to_sequence_length);
  g_test_add_func ("/ptolemy-actors/priority/read", test_priority_read);
  g_test_add_func ("/ptolemy-actors/registry", test_registry);
  return g_test_run ();
}
