/* test-actors.c: the actor library, run in small DE models.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "test-fixture.h"

#include <math.h>
#include <string.h>

#define NS HYCO_DEFAULT_RESOLUTION

static gint64
ticks (const char *literal)
{
  g_autoptr (GError) error = NULL;
  gint64 t = 0;

  g_assert_true (hyco_time_parse (literal, NS, &t, &error));
  g_assert_no_error (error);
  return t;
}

/* Const ---------------------------------------------------------------------------------- */

static void
test_const_triggered (Fixture *f, gconstpointer data)
{
  HycoActor *clock = fixture_add (f, "DiscreteClock", "Clock", "period", "0.5", NULL);
  HycoActor *c = fixture_add (f, "Const", "Const", "value", "42", NULL);
  HycoActor *rec = fixture_add (f, "Recorder", "Rec", NULL);
  const FixtureEvent expected[] = {
    { "0", 1, "42" },
    { "0.5", 1, "42" },
    { "1", 1, "42" },
  };

  fixture_connect (f, clock, "output", c, "trigger");
  fixture_connect (f, c, "output", rec, "input");
  fixture_stop_time (f, "1");
  fixture_run_ok (f);
  fixture_assert_events (rec, expected, G_N_ELEMENTS (expected));
}

static void
test_const_untriggered (Fixture *f, gconstpointer data)
{
  HycoActor *c = fixture_add (f, "Const", "Const", "value", "\"hello\"", NULL);
  HycoActor *rec = fixture_add (f, "Recorder", "Rec", NULL);
  const FixtureEvent expected[] = { { "0", 1, "\"hello\"" } };

  fixture_connect (f, c, "output", rec, "input");
  fixture_run_ok (f);
  fixture_assert_events (rec, expected, G_N_ELEMENTS (expected));

  /* A second run starts afresh. */
  fixture_run_ok (f);
  fixture_assert_events (rec, expected, G_N_ELEMENTS (expected));
}

static void
test_const_default (Fixture *f, gconstpointer data)
{
  HycoActor *c = fixture_add (f, "Const", "Const", NULL);
  HycoActor *rec = fixture_add (f, "Recorder", "Rec", NULL);
  const FixtureEvent expected[] = { { "0", 1, "1" } };
  g_autofree char *value = NULL;

  g_object_get (c, "value", &value, NULL);
  g_assert_cmpstr (value, ==, "1");
  fixture_connect (f, c, "output", rec, "input");
  fixture_run_ok (f);
  fixture_assert_events (rec, expected, G_N_ELEMENTS (expected));
}

/* DiscreteClock ---------------------------------------------------------------------------- */

static void
test_clock_tags (Fixture *f, gconstpointer data)
{
  HycoActor *clock = fixture_add (f, "DiscreteClock", "Clock", "period", "0.1", NULL);
  HycoActor *rec = fixture_add (f, "Recorder", "Rec", NULL);
  HycoRecorder *r = HYCO_RECORDER (rec);

  fixture_connect (f, clock, "output", rec, "input");
  fixture_stop_time (f, "1");
  fixture_run_ok (f);
  g_assert_cmpuint (hyco_recorder_get_count (r), ==, 11);
  for (guint k = 0; k < 11; k++)
    {
      HycoTag tag;
      hyco_recorder_get_tag (r, k, &tag);
      g_assert_cmpint (tag.time, ==, (gint64) k * 100000000);
      g_assert_cmpuint (tag.microstep, ==, 1);
      g_assert_cmpint (hyco_value_get_int (hyco_recorder_get_value (r, k)), ==, 1);
    }
}

static void
test_clock_offset (Fixture *f, gconstpointer data)
{
  HycoActor *clock = fixture_add (f, "DiscreteClock", "Clock", "period", "0.3", "offset", "0.05",
                                  "value", "2.5", NULL);
  HycoActor *rec = fixture_add (f, "Recorder", "Rec", NULL);
  const FixtureEvent expected[] = {
    { "0.05", 1, "2.5" },
    { "0.35", 1, "2.5" },
    { "0.65", 1, "2.5" },
    { "0.95", 1, "2.5" },
  };

  fixture_connect (f, clock, "output", rec, "input");
  fixture_stop_time (f, "1");
  fixture_run_ok (f);
  fixture_assert_events (rec, expected, G_N_ELEMENTS (expected));
}

/* Composition test 4.1: periods q and 2q, q = 0.1 not exact in binary; the second clock sampled
 * by the first equals the second clock at every tag. */
static void
test_clock_simultaneous (Fixture *f, gconstpointer data)
{
  HycoActor *fast = fixture_add (f, "DiscreteClock", "Fast", "period", "0.1", NULL);
  HycoActor *slow = fixture_add (f, "DiscreteClock", "Slow", "period", "0.2", "value", "7", NULL);
  HycoActor *sampler = fixture_add (f, "Sampler", "Sampler", NULL);
  HycoActor *test = fixture_add (f, "Test", "Test", NULL);
  HycoActor *sampled = fixture_add (f, "Recorder", "Sampled", NULL);
  HycoActor *reference = fixture_add (f, "Recorder", "Reference", NULL);
  HycoRecorder *a = HYCO_RECORDER (sampled), *b = HYCO_RECORDER (reference);

  fixture_connect (f, slow, "output", sampler, "input");
  fixture_connect (f, fast, "output", sampler, "trigger");
  fixture_connect (f, sampler, "output", test, "input");
  fixture_connect (f, slow, "output", test, "reference");
  fixture_connect (f, sampler, "output", sampled, "input");
  fixture_connect (f, slow, "output", reference, "input");
  fixture_stop_time (f, "1000");
  fixture_run_ok (f);

  g_assert_cmpuint (hyco_recorder_get_count (b), ==, 5001);
  g_assert_cmpuint (hyco_recorder_get_count (a), ==, hyco_recorder_get_count (b));
  g_assert_cmpuint (hyco_test_get_count (HYCO_TEST (test)), ==, 5001);
  for (guint i = 0; i < hyco_recorder_get_count (a); i++)
    {
      HycoTag ta, tb;
      hyco_recorder_get_tag (a, i, &ta);
      hyco_recorder_get_tag (b, i, &tb);
      g_assert_true (hyco_tag_equal (&ta, &tb));
      g_assert_cmpint (ta.time, ==, (gint64) i * 200000000);
    }
}

static void
test_clock_resolution (Fixture *f, gconstpointer data)
{
  HycoActor *clock = fixture_add (f, "DiscreteClock", "Clock", "period", "0.25", NULL);
  HycoActor *rec = fixture_add (f, "Recorder", "Rec", NULL);
  g_autoptr (GArray) times = NULL;
  HycoTag tag;

  fixture_connect (f, clock, "output", rec, "input");
  fixture_set (f->director, "timeResolution", "1e-3");
  fixture_stop_time (f, "0.5");
  fixture_run_ok (f);
  g_assert_cmpuint (hyco_recorder_get_count (HYCO_RECORDER (rec)), ==, 3);
  hyco_recorder_get_tag (HYCO_RECORDER (rec), 1, &tag);
  g_assert_cmpint (tag.time, ==, 250);
  times = hyco_recorder_get_times (HYCO_RECORDER (rec));
  g_assert_cmpfloat (g_array_index (times, double, 2), ==, 0.5);

  /* Finer than the resolution: a parameter error that names the actor and the parameter. */
  {
    g_autofree char *message = NULL;
    fixture_set (clock, "period", "0.0001");
    message = fixture_run_fails (f, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_PARAMETER);
    fixture_assert_contains (message, "Clock");
    fixture_assert_contains (message, "period");
  }
}

/* Ramp --------------------------------------------------------------------------------------- */

static void
test_ramp_triggered (Fixture *f, gconstpointer data)
{
  HycoActor *clock = fixture_add (f, "DiscreteClock", "Clock", "period", "0.25", NULL);
  HycoActor *ramp = fixture_add (f, "Ramp", "Ramp", "init", "10", "step", "5", NULL);
  HycoActor *rec = fixture_add (f, "Recorder", "Rec", NULL);
  const FixtureEvent expected[] = {
    { "0", 1, "10" },    { "0.25", 1, "15" }, { "0.5", 1, "20" },
    { "0.75", 1, "25" }, { "1", 1, "30" },
  };

  fixture_connect (f, clock, "output", ramp, "trigger");
  fixture_connect (f, ramp, "output", rec, "input");
  fixture_stop_time (f, "1");
  fixture_run_ok (f);
  fixture_assert_events (rec, expected, G_N_ELEMENTS (expected));
}

static void
test_ramp_double (Fixture *f, gconstpointer data)
{
  HycoActor *clock = fixture_add (f, "DiscreteClock", "Clock", "period", "1", NULL);
  HycoActor *ramp = fixture_add (f, "Ramp", "Ramp", "init", "0", "step", "0.5", NULL);
  HycoActor *rec = fixture_add (f, "Recorder", "Rec", NULL);
  const FixtureEvent expected[] = {
    { "0", 1, "0" },
    { "1", 1, "0.5" },
    { "2", 1, "1.0" },
  };

  fixture_connect (f, clock, "output", ramp, "trigger");
  fixture_connect (f, ramp, "output", rec, "input");
  fixture_stop_time (f, "2");
  fixture_run_ok (f);
  fixture_assert_events (rec, expected, G_N_ELEMENTS (expected));
}

static void
test_ramp_untriggered (Fixture *f, gconstpointer data)
{
  HycoActor *ramp = fixture_add (f, "Ramp", "Ramp", "init", "3", NULL);
  HycoActor *rec = fixture_add (f, "Recorder", "Rec", NULL);
  const FixtureEvent expected[] = { { "0", 1, "3" } };

  fixture_connect (f, ramp, "output", rec, "input");
  fixture_run_ok (f);
  fixture_assert_events (rec, expected, G_N_ELEMENTS (expected));
}

static void
test_ramp_bad_step (Fixture *f, gconstpointer data)
{
  fixture_add (f, "Ramp", "Ramp", "init", "true", NULL);
  g_autofree char *message = fixture_run_fails (f, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_PARAMETER);

  fixture_assert_contains (message, "Ramp");
  fixture_assert_contains (message, "step");
}

static void
test_ramp_overflow (Fixture *f, gconstpointer data)
{
  HycoActor *clock = fixture_add (f, "DiscreteClock", "Clock", NULL);
  HycoActor *ramp = fixture_add (f, "Ramp", "Ramp", "init", "9223372036854775806", NULL);
  g_autofree char *message = NULL;

  fixture_connect (f, clock, "output", ramp, "trigger");
  message = fixture_run_fails (f, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_FAILED);
  fixture_assert_contains (message, "Ramp");
  fixture_assert_contains (message, "overflow");
}

/* CurrentTime ------------------------------------------------------------------------------ */

static void
test_current_time (Fixture *f, gconstpointer data)
{
  HycoActor *clock
    = fixture_add (f, "DiscreteClock", "Clock", "period", "0.1", "offset", "0.3", NULL);
  HycoActor *now = fixture_add (f, "CurrentTime", "Now", NULL);
  HycoActor *rec = fixture_add (f, "Recorder", "Rec", NULL);
  g_autoptr (GArray) values = NULL;
  g_autoptr (GArray) times = NULL;

  fixture_connect (f, clock, "output", now, "trigger");
  fixture_connect (f, now, "output", rec, "input");
  fixture_stop_time (f, "1");
  fixture_run_ok (f);
  values = hyco_recorder_get_doubles (HYCO_RECORDER (rec));
  times = hyco_recorder_get_times (HYCO_RECORDER (rec));
  g_assert_cmpuint (values->len, ==, 8);
  for (guint i = 0; i < values->len; i++)
    {
      g_assert_cmpfloat (g_array_index (values, double, i), ==,
                         hyco_time_to_seconds ((3 + (gint64) i) * 100000000, NS));
      g_assert_cmpfloat (g_array_index (values, double, i), ==, g_array_index (times, double, i));
      g_assert_cmpint (hyco_value_get_value_type (hyco_recorder_get_value (HYCO_RECORDER (rec), i)),
                       ==, HYCO_VALUE_TYPE_DOUBLE);
    }
  g_assert_cmpfloat (g_array_index (values, double, 0), ==, 0.3);
}

static void
test_current_time_untriggered (Fixture *f, gconstpointer data)
{
  HycoActor *now = fixture_add (f, "CurrentTime", "Now", NULL);
  HycoActor *rec = fixture_add (f, "Recorder", "Rec", NULL);
  const FixtureEvent expected[] = { { "0", 1, "0.0" } };

  fixture_connect (f, now, "output", rec, "input");
  fixture_run_ok (f);
  fixture_assert_events (rec, expected, G_N_ELEMENTS (expected));
}

/* Gain --------------------------------------------------------------------------------------- */

static void
test_gain_int (Fixture *f, gconstpointer data)
{
  HycoActor *clock = fixture_add (f, "DiscreteClock", "Clock", "period", "0.5", "value", "3", NULL);
  HycoActor *gain = fixture_add (f, "Gain", "Gain", "factor", "-2", NULL);
  HycoActor *rec = fixture_add (f, "Recorder", "Rec", NULL);
  const FixtureEvent expected[] = { { "0", 1, "-6" }, { "0.5", 1, "-6" }, { "1", 1, "-6" } };

  fixture_connect (f, clock, "output", gain, "input");
  fixture_connect (f, gain, "output", rec, "input");
  fixture_stop_time (f, "1");
  fixture_run_ok (f);
  fixture_assert_events (rec, expected, G_N_ELEMENTS (expected));
}

static void
test_gain_double (Fixture *f, gconstpointer data)
{
  HycoActor *clock = fixture_add (f, "DiscreteClock", "Clock", "period", "1", "value", "3", NULL);
  HycoActor *gain = fixture_add (f, "Scale", "Gain", "factor", "0.5", NULL);
  HycoActor *ramp = fixture_add (f, "Ramp", "Ramp", "init", "1.5", NULL);
  HycoActor *gain2 = fixture_add (f, "Gain", "Gain2", "factor", "2", NULL);
  HycoActor *rec = fixture_add (f, "Recorder", "Rec", NULL);
  const FixtureEvent expected[] = {
    { "0", 1, "1.5", 0 },
    { "0", 1, "3.0", 1 },
    { "1", 1, "1.5", 0 },
    { "1", 1, "5.0", 1 },
  };

  g_assert_true (G_OBJECT_TYPE (gain) == HYCO_TYPE_GAIN);
  fixture_connect (f, clock, "output", gain, "input");
  fixture_connect (f, clock, "output", ramp, "trigger");
  fixture_connect (f, ramp, "output", gain2, "input");
  fixture_connect (f, gain, "output", rec, "input");
  fixture_connect (f, gain2, "output", rec, "input");
  fixture_stop_time (f, "1");
  fixture_run_ok (f);
  fixture_assert_events (rec, expected, G_N_ELEMENTS (expected));
}

static void
test_gain_absent (Fixture *f, gconstpointer data)
{
  /* The gain is not fired where its input is absent, and produces nothing. */
  HycoActor *clock = fixture_add (f, "DiscreteClock", "Clock", "period", "1", NULL);
  HycoActor *other = fixture_add (f, "DiscreteClock", "Other", "period", "0.5", "value", "0", NULL);
  HycoActor *gain = fixture_add (f, "Gain", "Gain", "factor", "4", NULL);
  HycoActor *rec = fixture_add (f, "Recorder", "Rec", NULL);
  const FixtureEvent expected[] = {
    { "0", 1, "4", 0 }, { "0", 1, "0", 1 }, { "0.5", 1, "0", 1 },
    { "1", 1, "4", 0 }, { "1", 1, "0", 1 },
  };

  fixture_connect (f, clock, "output", gain, "input");
  fixture_connect (f, gain, "output", rec, "input");
  fixture_connect (f, other, "output", rec, "input");
  fixture_stop_time (f, "1");
  fixture_run_ok (f);
  fixture_assert_events (rec, expected, G_N_ELEMENTS (expected));
}

/* Adder -------------------------------------------------------------------------------------- */

static void
test_adder_present_absent (Fixture *f, gconstpointer data)
{
  HycoActor *a = fixture_add (f, "DiscreteClock", "A", "period", "0.2", "value", "1", NULL);
  HycoActor *b = fixture_add (f, "DiscreteClock", "B", "period", "0.3", "value", "10", NULL);
  HycoActor *adder = fixture_add (f, "Adder", "Adder", NULL);
  HycoActor *rec = fixture_add (f, "Recorder", "Rec", NULL);
  const FixtureEvent expected[] = {
    { "0", 1, "11" },   { "0.2", 1, "1" },  { "0.3", 1, "10" },
    { "0.4", 1, "1" },  { "0.6", 1, "11" }, { "0.8", 1, "1" },
    { "0.9", 1, "10" }, { "1", 1, "1" },    { "1.2", 1, "11" },
  };

  fixture_connect (f, a, "output", adder, "input");
  fixture_connect (f, b, "output", adder, "input");
  fixture_connect (f, adder, "output", rec, "input");
  fixture_stop_time (f, "1.2");
  fixture_run_ok (f);
  fixture_assert_events (rec, expected, G_N_ELEMENTS (expected));
}

static void
test_adder_mixed (Fixture *f, gconstpointer data)
{
  HycoActor *a = fixture_add (f, "Const", "A", "value", "1", NULL);
  HycoActor *b = fixture_add (f, "Const", "B", "value", "0.25", NULL);
  HycoActor *c = fixture_add (f, "Const", "C", "value", "2", NULL);
  HycoActor *adder = fixture_add (f, "Adder", "Adder", NULL);
  HycoActor *rec = fixture_add (f, "Recorder", "Rec", NULL);
  const FixtureEvent expected[] = { { "0", 1, "3.25" } };

  fixture_connect (f, a, "output", adder, "input");
  fixture_connect (f, b, "output", adder, "input");
  fixture_connect (f, c, "output", adder, "input");
  fixture_connect (f, adder, "output", rec, "input");
  fixture_run_ok (f);
  fixture_assert_events (rec, expected, G_N_ELEMENTS (expected));
}

static void
test_adder_type_error (Fixture *f, gconstpointer data)
{
  HycoActor *a = fixture_add (f, "Const", "A", "value", "1", NULL);
  HycoActor *b = fixture_add (f, "Const", "B", "value", "true", NULL);
  HycoActor *adder = fixture_add (f, "Adder", "Adder", NULL);
  g_autofree char *message = NULL;

  fixture_connect (f, a, "output", adder, "input");
  fixture_connect (f, b, "output", adder, "input");
  message = fixture_run_fails (f, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_FAILED);
  fixture_assert_contains (message, "Adder");
}

/* Sampler ------------------------------------------------------------------------------------ */

static void
test_sampler (Fixture *f, gconstpointer data)
{
  HycoActor *fast = fixture_add (f, "DiscreteClock", "Fast", "period", "0.1", NULL);
  HycoActor *ramp = fixture_add (f, "Ramp", "Ramp", NULL);
  HycoActor *trigger = fixture_add (f, "DiscreteClock", "Trigger", "period", "0.25", NULL);
  HycoActor *sampler = fixture_add (f, "Sampler", "Sampler", NULL);
  HycoActor *rec = fixture_add (f, "Recorder", "Rec", NULL);
  /* At 0.25 and 0.75 the ramp is absent, so the sample is too. */
  const FixtureEvent expected[] = { { "0", 1, "0" }, { "0.5", 1, "5" }, { "1", 1, "10" } };

  fixture_connect (f, fast, "output", ramp, "trigger");
  fixture_connect (f, ramp, "output", sampler, "input");
  fixture_connect (f, trigger, "output", sampler, "trigger");
  fixture_connect (f, sampler, "output", rec, "input");
  fixture_stop_time (f, "1");
  fixture_run_ok (f);
  fixture_assert_events (rec, expected, G_N_ELEMENTS (expected));
}

/* TimeDelay ---------------------------------------------------------------------------------- */

static void
test_time_delay_basic (Fixture *f, gconstpointer data)
{
  HycoActor *clock = fixture_add (f, "DiscreteClock", "Clock", "period", "0.1", NULL);
  HycoActor *ramp = fixture_add (f, "Ramp", "Ramp", NULL);
  HycoActor *delay = fixture_add (f, "TimeDelay", "Delay", "delay", "0.35", NULL);
  HycoActor *rec = fixture_add (f, "Recorder", "Rec", NULL);
  /* Four events are in flight at once. */
  const FixtureEvent expected[] = {
    { "0.35", 1, "0" }, { "0.45", 1, "1" }, { "0.55", 1, "2" }, { "0.65", 1, "3" },
    { "0.75", 1, "4" }, { "0.85", 1, "5" }, { "0.95", 1, "6" },
  };

  fixture_connect (f, clock, "output", ramp, "trigger");
  fixture_connect (f, ramp, "output", delay, "input");
  fixture_connect (f, delay, "output", rec, "input");
  fixture_stop_time (f, "1");
  fixture_run_ok (f);
  fixture_assert_events (rec, expected, G_N_ELEMENTS (expected));
}

/* y(t, n) = x(t − d, n) with many events in flight, the queue growing after it wrapped around,
 * and microsteps other than 1 (through a microstep delay). */
static void
test_time_delay_many (Fixture *f, gconstpointer data)
{
  HycoActor *slow = fixture_add (f, "DiscreteClock", "Slow", "period", "0.5", NULL);
  HycoActor *burst = fixture_add (f, "DiscreteClock", "Burst", "period", "0.03", "offset", "3.01",
                                  "value", "100", NULL);
  HycoActor *adder = fixture_add (f, "Adder", "Adder", NULL);
  HycoActor *ramp = fixture_add (f, "Ramp", "Ramp", "init", "0.5", NULL);
  HycoActor *later = fixture_add (f, "MicrostepDelay", "Later", NULL);
  HycoActor *merge = fixture_add (f, "Adder", "Merge", NULL);
  HycoActor *delay = fixture_add (f, "TimeDelay", "Delay", "delay", "1.25", NULL);
  HycoActor *in = fixture_add (f, "Recorder", "In", NULL);
  HycoActor *out = fixture_add (f, "Recorder", "Out", NULL);
  HycoRecorder *x = HYCO_RECORDER (in), *y = HYCO_RECORDER (out);
  gint64 d = ticks ("1.25"), stop = ticks ("6");
  guint n = 0;

  fixture_connect (f, slow, "output", adder, "input");
  fixture_connect (f, burst, "output", adder, "input");
  fixture_connect (f, adder, "output", ramp, "trigger");
  fixture_connect (f, ramp, "output", later, "input");
  /* x has events at microsteps 1 (the ramp) and 2 (its microstep delay). */
  fixture_connect (f, ramp, "output", merge, "input");
  fixture_connect (f, later, "output", merge, "input");
  fixture_connect (f, merge, "output", delay, "input");
  fixture_connect (f, merge, "output", in, "input");
  fixture_connect (f, delay, "output", out, "input");
  fixture_stop_time (f, "6");
  fixture_run_ok (f);

  /* Every event of x that can come out before the stop time comes out d later. */
  for (guint i = 0; i < hyco_recorder_get_count (x); i++)
    {
      HycoTag tx, ty;
      hyco_recorder_get_tag (x, i, &tx);
      if (tx.time + d > stop)
        break;
      g_assert_cmpuint (n, <, hyco_recorder_get_count (y));
      hyco_recorder_get_tag (y, n, &ty);
      g_assert_cmpint (ty.time, ==, tx.time + d);
      g_assert_cmpuint (ty.microstep, ==, tx.microstep);
      g_assert_true (
        hyco_value_equal (hyco_recorder_get_value (y, n), hyco_recorder_get_value (x, i)));
      n++;
    }
  g_assert_cmpuint (hyco_recorder_get_count (y), ==, n);
  /* The burst puts about 2 × 1.25 / 0.03 events in flight: well past the initial capacity. */
  g_assert_cmpuint (n, >, 100);
}

static void
test_time_delay_feedback (Fixture *f, gconstpointer data)
{
  /* A loop through a time delay is not a zero-delay loop. */
  HycoActor *c = fixture_add (f, "Const", "Const", NULL);
  HycoActor *adder = fixture_add (f, "Adder", "Adder", NULL);
  HycoActor *delay = fixture_add (f, "TimeDelay", "Delay", "delay", "0.25", NULL);
  HycoActor *rec = fixture_add (f, "Recorder", "Rec", NULL);
  const FixtureEvent expected[] = {
    { "0", 1, "1" }, { "0.25", 1, "1" }, { "0.5", 1, "1" }, { "0.75", 1, "1" }, { "1", 1, "1" },
  };

  fixture_connect (f, c, "output", adder, "input");
  fixture_connect (f, adder, "output", delay, "input");
  fixture_connect (f, delay, "output", adder, "input");
  fixture_connect (f, adder, "output", rec, "input");
  fixture_stop_time (f, "1");
  fixture_run_ok (f);
  fixture_assert_events (rec, expected, G_N_ELEMENTS (expected));
}

/* MicrostepDelay ----------------------------------------------------------------------------- */

static void
test_microstep_delay (Fixture *f, gconstpointer data)
{
  HycoActor *clock = fixture_add (f, "DiscreteClock", "Clock", "period", "0.5", NULL);
  HycoActor *ramp = fixture_add (f, "Ramp", "Ramp", NULL);
  HycoActor *delay = fixture_add (f, "MicrostepDelay", "Delay", NULL);
  HycoActor *delay2 = fixture_add (f, "MicrostepDelay", "Delay2", NULL);
  HycoActor *rec = fixture_add (f, "Recorder", "Rec", NULL);
  const FixtureEvent expected[] = {
    { "0", 1, "0", 0 },   { "0", 2, "0", 1 },   { "0", 3, "0", 2 },
    { "0.5", 1, "1", 0 }, { "0.5", 2, "1", 1 }, { "0.5", 3, "1", 2 },
    { "1", 1, "2", 0 },   { "1", 2, "2", 1 },   { "1", 3, "2", 2 },
  };

  fixture_connect (f, clock, "output", ramp, "trigger");
  fixture_connect (f, ramp, "output", delay, "input");
  fixture_connect (f, delay, "output", delay2, "input");
  fixture_connect (f, ramp, "output", rec, "input");
  fixture_connect (f, delay, "output", rec, "input");
  fixture_connect (f, delay2, "output", rec, "input");
  fixture_stop_time (f, "1");
  fixture_run_ok (f);
  fixture_assert_events (rec, expected, G_N_ELEMENTS (expected));
}

static void
test_microstep_delay_feedback (Fixture *f, gconstpointer data)
{
  /* A loop through a microstep delay is causal, but never leaves time 0: Zeno. */
  HycoActor *c = fixture_add (f, "Const", "Const", NULL);
  HycoActor *adder = fixture_add (f, "Adder", "Adder", NULL);
  HycoActor *delay = fixture_add (f, "MicrostepDelay", "Delay", NULL);
  HycoActor *rec = fixture_add (f, "Recorder", "Rec", NULL);
  g_autofree char *message = NULL;

  fixture_connect (f, c, "output", adder, "input");
  fixture_connect (f, adder, "output", delay, "input");
  fixture_connect (f, delay, "output", adder, "input");
  fixture_connect (f, adder, "output", rec, "input");
  fixture_set (f->director, "maxMicrosteps", "5");
  message = fixture_run_fails (f, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_ZENO);
  fixture_assert_contains (message, "Delay");
  g_assert_cmpuint (hyco_recorder_get_count (HYCO_RECORDER (rec)), ==, 5);
  for (guint i = 0; i < 5; i++)
    {
      HycoTag tag;
      hyco_recorder_get_tag (HYCO_RECORDER (rec), i, &tag);
      g_assert_cmpint (tag.time, ==, 0);
      g_assert_cmpuint (tag.microstep, ==, i + 1);
    }
}

/* Recorder ----------------------------------------------------------------------------------- */

static void
test_recorder_channels (Fixture *f, gconstpointer data)
{
  HycoActor *a = fixture_add (f, "DiscreteClock", "A", "period", "0.5", "value", "\"tick\"", NULL);
  HycoActor *b = fixture_add (f, "DiscreteClock", "B", "period", "0.25", "value", "2", NULL);
  HycoActor *rec = fixture_add (f, "Recorder", "Rec", NULL);
  const FixtureEvent expected[] = {
    { "0", 1, "\"tick\"", 0 },   { "0", 1, "2", 1 },   { "0.25", 1, "2", 1 },
    { "0.5", 1, "\"tick\"", 0 }, { "0.5", 1, "2", 1 },
  };
  g_autoptr (GArray) times = NULL;
  g_autoptr (GArray) doubles = NULL;

  fixture_connect (f, a, "output", rec, "input");
  fixture_connect (f, b, "output", rec, "input");
  fixture_stop_time (f, "0.5");
  fixture_run_ok (f);
  fixture_assert_events (rec, expected, G_N_ELEMENTS (expected));
  times = hyco_recorder_get_times (HYCO_RECORDER (rec));
  doubles = hyco_recorder_get_doubles (HYCO_RECORDER (rec));
  g_assert_cmpuint (times->len, ==, 5);
  g_assert_cmpuint (doubles->len, ==, 5);
  g_assert_cmpfloat (g_array_index (times, double, 2), ==, 0.25);
  g_assert_cmpfloat (g_array_index (times, double, 4), ==, 0.5);
  g_assert_true (isnan (g_array_index (doubles, double, 0)));
  g_assert_cmpfloat (g_array_index (doubles, double, 1), ==, 2.0);

  /* Cleared when the next run starts. */
  fixture_stop_time (f, "0.25");
  fixture_run_ok (f);
  fixture_assert_events (rec, expected, 3);
}

/* Test --------------------------------------------------------------------------------------- */

/* Clock (period 0.1) -> Ramp (0, 1, 2, ...) -> Test, stopping at @stop. */
static HycoActor *
ramp_into_test (Fixture *f, const char *stop, const char *values, const char *tags)
{
  HycoActor *clock = fixture_add (f, "DiscreteClock", "Clock", "period", "0.1", NULL);
  HycoActor *ramp = fixture_add (f, "Ramp", "Ramp", NULL);
  HycoActor *test
    = fixture_add (f, "Test", "Test", "correctValues", values, "correctTags", tags, NULL);

  fixture_connect (f, clock, "output", ramp, "trigger");
  fixture_connect (f, ramp, "output", test, "input");
  fixture_stop_time (f, stop);
  return test;
}

static void
test_test_pass (Fixture *f, gconstpointer data)
{
  HycoActor *test
    = ramp_into_test (f, "0.3", "{0, 1, 2, 3}", "{(0, 1), (0.1, 1), (0.2, 1), (0.3, 1)}");

  fixture_run_ok (f);
  g_assert_cmpuint (hyco_test_get_count (HYCO_TEST (test)), ==, 4);
}

static void
test_test_pass_untimed (Fixture *f, gconstpointer data)
{
  HycoActor *test = ramp_into_test (f, "0.3", "{0, 1, 2, 3}", "{}");

  fixture_run_ok (f);
  g_assert_cmpuint (hyco_test_get_count (HYCO_TEST (test)), ==, 4);
}

static void
test_test_value_mismatch (Fixture *f, gconstpointer data)
{
  HycoActor *test = ramp_into_test (f, "0.3", "{0, 1, 5, 3}", "{}");
  g_autofree char *message = fixture_run_fails (f, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_TEST_FAILED);

  fixture_assert_contains (message, "Test: ");
  fixture_assert_contains (message, "at (0.2, 1)");
  fixture_assert_contains (message, "expected 5");
  fixture_assert_contains (message, "received 2");
  g_assert_cmpuint (hyco_test_get_count (HYCO_TEST (test)), ==, 2);
}

static void
test_test_tag_mismatch (Fixture *f, gconstpointer data)
{
  g_autofree char *message = NULL;

  ramp_into_test (f, "0.3", "{0, 1}", "{(0, 1), (0.15, 1)}");
  message = fixture_run_fails (f, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_TEST_FAILED);
  fixture_assert_contains (message, "expected 1 at (0.15, 1)");
  fixture_assert_contains (message, "received 1 at (0.1, 1)");
}

/* Values beyond the list are accepted, as Ptolemy II's Test does (a power-up test). */
static void
test_test_too_many (Fixture *f, gconstpointer data)
{
  HycoActor *test = ramp_into_test (f, "0.3", "{0, 1}", "{}");

  fixture_run_ok (f);
  g_assert_cmpuint (hyco_test_get_count (HYCO_TEST (test)), ==, 2);
}

static void
test_test_missing (Fixture *f, gconstpointer data)
{
  g_autofree char *message = NULL;
  g_autofree char *message2 = NULL;

  ramp_into_test (f, "0.2", "{0, 1, 2, 3, 4}", "{}");
  message = fixture_run_fails (f, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_TEST_FAILED);
  fixture_assert_contains (message, "expected 5 values, received 3; first missing: 3");

  fixture_set (hyco_composite_actor_get_actor (f->top, "Test"), "correctTags",
               "{(0, 1), (0.1, 1), (0.2, 1), (0.3, 1), (0.4, 1)}");
  message2 = fixture_run_fails (f, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_TEST_FAILED);
  fixture_assert_contains (message2, "first missing: 3 (at (0.3, 1))");
}

static void
test_test_tolerance (Fixture *f, gconstpointer data)
{
  HycoActor *clock = fixture_add (f, "DiscreteClock", "Clock", "value", "0.1", NULL);
  HycoActor *gain = fixture_add (f, "Gain", "Gain", "factor", "3", NULL);
  HycoActor *test = fixture_add (f, "Test", "Test", "correctValues", "{0.3}", NULL);
  g_autofree char *message = NULL;

  fixture_connect (f, clock, "output", gain, "input");
  fixture_connect (f, gain, "output", test, "input");
  fixture_stop_time (f, "0");
  fixture_run_ok (f); /* 3 × 0.1 is 0.30000000000000004 */

  fixture_set (test, "tolerance", "0");
  message = fixture_run_fails (f, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_TEST_FAILED);
  fixture_assert_contains (message, "expected 0.3");
}

static void
test_test_reference (Fixture *f, gconstpointer data)
{
  HycoActor *input = fixture_add (f, "DiscreteClock", "Input", "period", "0.2", "value", "4", NULL);
  HycoActor *reference
    = fixture_add (f, "DiscreteClock", "Reference", "period", "0.1", "value", "4", NULL);
  HycoActor *test = fixture_add (f, "Test", "Test", NULL);
  g_autofree char *message = NULL;
  g_autofree char *message2 = NULL;

  fixture_connect (f, input, "output", test, "input");
  fixture_connect (f, reference, "output", test, "reference");
  fixture_stop_time (f, "1");
  message = fixture_run_fails (f, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_TEST_FAILED);
  g_assert_cmpstr (message, ==, "Test: at (0.1, 1) input is absent but reference is 4");
  g_assert_cmpuint (hyco_test_get_count (HYCO_TEST (test)), ==, 1);

  fixture_set (reference, "period", "0.2");
  fixture_set (reference, "value", "5");
  message2 = fixture_run_fails (f, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_TEST_FAILED);
  fixture_assert_contains (message2, "at (0, 1) input is 4 but reference is 5");

  fixture_set (reference, "value", "4.0");
  fixture_run_ok (f);
  g_assert_cmpuint (hyco_test_get_count (HYCO_TEST (test)), ==, 6);
}

static void
test_test_tags_count (Fixture *f, gconstpointer data)
{
  g_autofree char *message = NULL;

  ramp_into_test (f, "0.3", "{0, 1}", "{(0, 1)}");
  message = fixture_run_fails (f, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_PARAMETER);
  fixture_assert_contains (message, "Test");
  fixture_assert_contains (message, "correctTags");
}

/* Parameters --------------------------------------------------------------------------------- */

static void
test_param_zero_period (Fixture *f, gconstpointer data)
{
  fixture_add (f, "DiscreteClock", "Clock", "period", "0", NULL);
  g_autofree char *message = fixture_run_fails (f, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_PARAMETER);

  fixture_assert_contains (message, "Clock: parameter period");
}

static void
test_param_negative_offset (Fixture *f, gconstpointer data)
{
  fixture_add (f, "DiscreteClock", "Clock", "offset", "-1", NULL);
  g_autofree char *message = fixture_run_fails (f, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_PARAMETER);

  fixture_assert_contains (message, "Clock: parameter offset");
}

static void
test_param_zero_delay (Fixture *f, gconstpointer data)
{
  fixture_add (f, "TimeDelay", "Delay", "delay", "0", NULL);
  g_autofree char *message = fixture_run_fails (f, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_PARAMETER);

  fixture_assert_contains (message, "Delay: parameter delay");
  fixture_assert_contains (message, "MicrostepDelay");
}

static void
test_param_unrepresentable (Fixture *f, gconstpointer data)
{
  fixture_add (f, "DiscreteClock", "Clock", "period", "1e-12", NULL);
  g_autofree char *message = fixture_run_fails (f, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_PARAMETER);

  fixture_assert_contains (message, "Clock: parameter period");
  fixture_assert_contains (message, "1e-12");
}

static void
test_param_bad_text (Fixture *f, gconstpointer data)
{
  g_autoptr (HycoActor) c = g_object_new (HYCO_TYPE_CONST, "name", "Const", NULL);
  g_autoptr (HycoActor) clock = g_object_new (HYCO_TYPE_DISCRETE_CLOCK, "name", "Clock", NULL);
  g_autoptr (HycoActor) test = g_object_new (HYCO_TYPE_TEST, "name", "Test", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GError) error2 = NULL;
  g_autoptr (GError) error3 = NULL;
  double tolerance = 0;

  /* Literals are checked when set, and the old text is kept. */
  g_assert_false (hyco_param_set_from_string (G_OBJECT (c), "value", "1 2", &error));
  g_assert_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_BAD_VALUE);
  g_assert_false (hyco_param_set_from_string (G_OBJECT (clock), "period", "soon", &error2));
  g_assert_error (error2, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_BAD_VALUE);
  g_assert_false (hyco_param_set_from_string (G_OBJECT (test), "correctTags", "{(1)}", &error3));
  g_assert_error (error3, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_BAD_VALUE);
  /* The tolerance has a minimum of 0. (Only the return value is checked: hyco-param.c does not
   * yet set the GError for an out-of-range double.) */
  g_assert_false (hyco_param_set_from_string (G_OBJECT (test), "tolerance", "-1", NULL));
  g_object_get (test, "tolerance", &tolerance, NULL);
  g_assert_cmpfloat (tolerance, ==, 1e-9);
}

static void
test_param_gain_not_number (Fixture *f, gconstpointer data)
{
  fixture_add (f, "Gain", "Gain", "factor", "\"two\"", NULL);
  g_autofree char *message = fixture_run_fails (f, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_PARAMETER);

  fixture_assert_contains (message, "Gain: parameter factor");
}

static void
count_notify (guint *count)
{
  (*count)++;
}

static void
test_param_notify (void)
{
  g_autoptr (HycoActor) clock = g_object_new (HYCO_TYPE_DISCRETE_CLOCK, "name", "Clock", NULL);
  g_autofree char *period = NULL;
  guint notified = 0;

  g_signal_connect_swapped (clock, "notify::period", G_CALLBACK (count_notify), &notified);
  fixture_set (clock, "period", "0.5");
  fixture_set (clock, "period", "0.5"); /* unchanged: no notification */
  g_assert_cmpuint (notified, ==, 1);
  g_object_set (clock, "period", NULL, NULL); /* back to the default */
  g_object_get (clock, "period", &period, NULL);
  g_assert_cmpstr (period, ==, "1");
  g_assert_cmpuint (notified, ==, 2);
}

/* Registry and classes ------------------------------------------------------------------------ */

static void
test_registry (void)
{
  static const struct
  {
    const char *name;
    const char *ports;
  } classes[] = {
    { "Const", "trigger output" },
    { "DiscreteClock", "output" },
    { "Ramp", "trigger output" },
    { "CurrentTime", "trigger output" },
    { "Gain", "input output" },
    { "Adder", "input output" },
    { "Sampler", "input trigger output" },
    { "TimeDelay", "input output" },
    { "MicrostepDelay", "input output" },
    { "Recorder", "input" },
    { "Test", "input reference output" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (classes); i++)
    {
      GType type = hyco_registry_lookup (classes[i].name);
      g_autoptr (GTypeClass) klass = NULL;
      g_autoptr (GPtrArray) names = NULL;
      g_autofree char *joined = NULL;

      g_assert_true (g_type_is_a (type, HYCO_TYPE_ACTOR));
      g_assert_cmpstr (hyco_registry_get_name (type), ==, classes[i].name);
      klass = g_type_class_ref (type);
      g_assert_nonnull (hyco_actor_class_get_description (HYCO_ACTOR_CLASS (klass)));
      names = hyco_actor_class_list_port_names (HYCO_ACTOR_CLASS (klass));
      g_ptr_array_add (names, NULL);
      joined = g_strjoinv (" ", (char **) names->pdata);
      g_assert_cmpstr (joined, ==, classes[i].ports);
      for (guint p = 0; p + 1 < names->len; p++)
        g_assert_nonnull (
          hyco_actor_class_get_port_description (HYCO_ACTOR_CLASS (klass), names->pdata[p]));
    }
  g_assert_true (hyco_registry_lookup ("Scale") == HYCO_TYPE_GAIN);
  g_assert_true (hyco_registry_lookup ("ptolemy.actor.lib.Ramp") == HYCO_TYPE_RAMP);
  g_assert_true (hyco_registry_lookup ("ptolemy.domains.de.lib.TimeDelay") == HYCO_TYPE_TIME_DELAY);
}

static void
test_causality_interface (void)
{
  g_autoptr (HycoActor) delay = g_object_new (HYCO_TYPE_TIME_DELAY, "name", "D", NULL);
  g_autoptr (HycoActor) micro = g_object_new (HYCO_TYPE_MICROSTEP_DELAY, "name", "M", NULL);
  g_autoptr (HycoActor) sampler = g_object_new (HYCO_TYPE_SAMPLER, "name", "S", NULL);

  g_assert_false (hyco_actor_is_strict (delay));
  g_assert_false (hyco_actor_output_depends_on (delay, hyco_actor_get_port (delay, "output"),
                                                hyco_actor_get_port (delay, "input")));
  g_assert_false (hyco_actor_is_strict (micro));
  g_assert_false (hyco_actor_output_depends_on (micro, hyco_actor_get_port (micro, "output"),
                                                hyco_actor_get_port (micro, "input")));
  g_assert_true (hyco_actor_is_strict (sampler));
  g_assert_true (hyco_port_is_multiport (hyco_actor_get_port (sampler, "trigger")));
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

  add_model_test ("/actors/const/triggered", test_const_triggered);
  add_model_test ("/actors/const/untriggered", test_const_untriggered);
  add_model_test ("/actors/const/default", test_const_default);
  add_model_test ("/actors/discrete-clock/tags", test_clock_tags);
  add_model_test ("/actors/discrete-clock/offset", test_clock_offset);
  add_model_test ("/actors/discrete-clock/simultaneous", test_clock_simultaneous);
  add_model_test ("/actors/discrete-clock/resolution", test_clock_resolution);
  add_model_test ("/actors/ramp/triggered", test_ramp_triggered);
  add_model_test ("/actors/ramp/double", test_ramp_double);
  add_model_test ("/actors/ramp/untriggered", test_ramp_untriggered);
  add_model_test ("/actors/ramp/bad-step", test_ramp_bad_step);
  add_model_test ("/actors/ramp/overflow", test_ramp_overflow);
  add_model_test ("/actors/current-time/triggered", test_current_time);
  add_model_test ("/actors/current-time/untriggered", test_current_time_untriggered);
  add_model_test ("/actors/gain/int", test_gain_int);
  add_model_test ("/actors/gain/double", test_gain_double);
  add_model_test ("/actors/gain/absent", test_gain_absent);
  add_model_test ("/actors/adder/present-absent", test_adder_present_absent);
  add_model_test ("/actors/adder/mixed-types", test_adder_mixed);
  add_model_test ("/actors/adder/type-error", test_adder_type_error);
  add_model_test ("/actors/sampler/sample", test_sampler);
  add_model_test ("/actors/time-delay/basic", test_time_delay_basic);
  add_model_test ("/actors/time-delay/many-pending", test_time_delay_many);
  add_model_test ("/actors/time-delay/feedback", test_time_delay_feedback);
  add_model_test ("/actors/microstep-delay/microsteps", test_microstep_delay);
  add_model_test ("/actors/microstep-delay/feedback-zeno", test_microstep_delay_feedback);
  add_model_test ("/actors/recorder/channels", test_recorder_channels);
  add_model_test ("/actors/test/pass", test_test_pass);
  add_model_test ("/actors/test/pass-untimed", test_test_pass_untimed);
  add_model_test ("/actors/test/value-mismatch", test_test_value_mismatch);
  add_model_test ("/actors/test/tag-mismatch", test_test_tag_mismatch);
  add_model_test ("/actors/test/too-many", test_test_too_many);
  add_model_test ("/actors/test/missing", test_test_missing);
  add_model_test ("/actors/test/tolerance", test_test_tolerance);
  add_model_test ("/actors/test/reference", test_test_reference);
  add_model_test ("/actors/test/tags-count", test_test_tags_count);
  add_model_test ("/actors/parameters/zero-period", test_param_zero_period);
  add_model_test ("/actors/parameters/negative-offset", test_param_negative_offset);
  add_model_test ("/actors/parameters/zero-delay", test_param_zero_delay);
  add_model_test ("/actors/parameters/unrepresentable", test_param_unrepresentable);
  add_model_test ("/actors/parameters/bad-text", test_param_bad_text);
  add_model_test ("/actors/parameters/gain-not-number", test_param_gain_not_number);
  g_test_add_func ("/actors/parameters/notify", test_param_notify);
  g_test_add_func ("/actors/registry/classes", test_registry);
  g_test_add_func ("/actors/causality/interface", test_causality_interface);

  return g_test_run ();
}
