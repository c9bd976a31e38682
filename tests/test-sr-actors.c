/* test-sr-actors.c: the logic and synchronous-reactive actors (LogicalOperator, LogicalNot,
 * Comparator, Pre, UnitDelay, Default, Counter), run in small DE and SR models.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "test-fixture.h"

#include <string.h>

#define NS HYCO_DEFAULT_RESOLUTION

/* One expected event at (time, 1), the tag of clock events and of SR ticks, on channel 0. A
 * list of them ends with a NULL time. */
typedef struct
{
  const char *time;
  const char *value;
} Expected;

static void
setup_de (Fixture *f, gconstpointer data)
{
  g_autoptr (HycoDirector) director = hyco_de_director_new ();

  fixture_init (f, director);
}

/* A top-level SR director ticking every second, at (k, 1). */
static void
setup_sr (Fixture *f, gconstpointer data)
{
  g_autoptr (HycoDirector) director = NULL;
  GType type = hyco_registry_lookup ("SRDirector");

  g_assert_true (g_type_is_a (type, HYCO_TYPE_DIRECTOR));
  director = g_object_new (type, NULL);
  fixture_set (director, "period", "1");
  fixture_init (f, director);
}

/* Runs and asserts failure with @code and a message containing @part. */
static void
run_fails (Fixture *f, int code, const char *part)
{
  g_autoptr (GError) error = NULL;

  g_assert_false (fixture_run (f, &error));
  g_assert_error (error, HYCO_ACTOR_ERROR, code);
  g_test_message ("expected failure: %s", error->message);
  fixture_assert_contains (error->message, part);
}

static char *
describe (HycoRecorder *recorder)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < hyco_recorder_get_count (recorder); i++)
    {
      HycoTag tag;
      g_autofree char *tag_text = NULL;
      g_autofree char *value = hyco_value_to_literal (hyco_recorder_get_value (recorder, i));
      hyco_recorder_get_tag (recorder, i, &tag);
      tag_text = hyco_tag_to_string (&tag, NS);
      g_string_append_printf (text, "%s[%u]=%s ", tag_text, hyco_recorder_get_channel (recorder, i),
                              value);
    }
  return g_string_free (text, FALSE);
}

/* Asserts that @recorder holds exactly @expected: times, microstep 1, channel 0, values of the
 * same type. */
static void
assert_events (HycoActor *recorder, const Expected *expected)
{
  HycoRecorder *rec = HYCO_RECORDER (recorder);
  g_autofree char *got = describe (rec);
  guint n = 0;

  while (expected[n].time != NULL)
    n++;
  g_test_message ("recorded: %s", got);
  if (hyco_recorder_get_count (rec) != n)
    g_error ("expected %u events, recorded %u: %s", n, hyco_recorder_get_count (rec), got);
  for (guint i = 0; i < n; i++)
    {
      g_auto (HycoValue) want = HYCO_VALUE_INIT;
      const HycoValue *value = hyco_recorder_get_value (rec, i);
      HycoTag tag;
      gint64 time = 0;

      g_assert_true (hyco_time_parse (expected[i].time, NS, &time, NULL));
      hyco_recorder_get_tag (rec, i, &tag);
      g_assert_cmpint (tag.time, ==, time);
      g_assert_cmpuint (tag.microstep, ==, 1);
      g_assert_cmpuint (hyco_recorder_get_channel (rec, i), ==, 0);
      g_assert_true (hyco_value_parse_literal (expected[i].value, &want, NULL));
      g_assert_cmpint (hyco_value_get_value_type (value), ==, hyco_value_get_value_type (&want));
      if (!hyco_value_equal (value, &want))
        g_error ("event %u: expected %s, recorded %s", i, expected[i].value, got);
    }
}

/* A Ramp (0, 1, 2, ...) sampled where a clock of @period and @offset ticks: present values
 * that differ from tick to tick, under SR too (where the Ramp fires at every tick). */
static HycoActor *
add_sampled_ramp (Fixture *f, const char *period, const char *offset)
{
  HycoActor *ramp = fixture_add (f, "Ramp", "Ramp", NULL);
  HycoActor *clock
    = fixture_add (f, "DiscreteClock", "SampleClock", "period", period, "offset", offset, NULL);
  HycoActor *sampler = fixture_add (f, "Sampler", "Sampler", NULL);

  fixture_connect (f, ramp, "output", sampler, "input");
  fixture_connect (f, clock, "output", sampler, "trigger");
  return sampler;
}

static void
add_model_test (const char *path, gconstpointer data, void (*setup) (Fixture *, gconstpointer),
                void (*func) (Fixture *, gconstpointer))
{
  g_test_add (path, Fixture, data, setup, func, fixture_teardown);
}

/* LogicalOperator ------------------------------------------------------------------------ */

typedef struct
{
  const char *function;
  const char *values[4]; /* at times 0, 2, 3, 4 */
} LogicCase;

/* Channel 0 is true at 0, 2, 4; channel 1 false at 0, 3: both present, one, the other. */
static const LogicCase logic_cases[] = {
  { "and", { "false", "true", "false", "true" } },
  { "or", { "true", "true", "false", "true" } },
  { "xor", { "true", "true", "false", "true" } },
  { "nand", { "true", "false", "true", "false" } },
  { "nor", { "false", "false", "true", "false" } },
  { "xnor", { "false", "false", "true", "false" } },
};

/* Under DE the operator fires where some channel is present; under SR it fires at every tick
 * and produces nothing at 1, where both channels are absent. */
static void
test_logical_function (Fixture *f, gconstpointer data)
{
  const LogicCase *c = data;
  HycoActor *a = fixture_add (f, "DiscreteClock", "A", "period", "2", "value", "true", NULL);
  HycoActor *b = fixture_add (f, "DiscreteClock", "B", "period", "3", "value", "false", NULL);
  HycoActor *op = fixture_add (f, "LogicalOperator", "Op", "function", c->function, NULL);
  HycoActor *rec = fixture_add (f, "Recorder", "Rec", NULL);
  const Expected expected[] = {
    { "0", c->values[0] }, { "2", c->values[1] }, { "3", c->values[2] },
    { "4", c->values[3] }, { NULL, NULL },
  };

  fixture_stop_time (f, "4");
  fixture_connect (f, a, "output", op, "input");
  fixture_connect (f, b, "output", op, "input");
  fixture_connect (f, op, "output", rec, "input");
  fixture_run_ok (f);
  assert_events (rec, expected);
}

/* Three channels, one of them absent: only the present ones count. */
static void
test_logical_absent_ignored (Fixture *f, gconstpointer data)
{
  HycoActor *a = fixture_add (f, "DiscreteClock", "A", "period", "1", "value", "true", NULL);
  HycoActor *b = fixture_add (f, "DiscreteClock", "B", "period", "2", "value", "true", NULL);
  HycoActor *c
    = fixture_add (f, "DiscreteClock", "C", "period", "1", "offset", "0.5", "value", "false", NULL);
  HycoActor *op = fixture_add (f, "LogicalOperator", "Op", "function", "xor", NULL);
  HycoActor *rec = fixture_add (f, "Recorder", "Rec", NULL);
  const Expected expected[] = {
    { "0", "false" },   { "0.5", "false" }, { "1", "true" },
    { "1.5", "false" }, { "2", "false" },   { NULL, NULL },
  };

  fixture_stop_time (f, "2");
  fixture_connect (f, a, "output", op, "input");
  fixture_connect (f, b, "output", op, "input");
  fixture_connect (f, c, "output", op, "input");
  fixture_connect (f, op, "output", rec, "input");
  fixture_run_ok (f);
  assert_events (rec, expected);
}

static void
test_logical_not_boolean (Fixture *f, gconstpointer data)
{
  HycoActor *clock = fixture_add (f, "DiscreteClock", "Clock", "value", "true", NULL);
  HycoActor *number = fixture_add (f, "Const", "Number", "value", "5", NULL);
  HycoActor *op = fixture_add (f, "LogicalOperator", "Op", "function", "or", NULL);

  fixture_stop_time (f, "1");
  fixture_connect (f, clock, "output", op, "input");
  fixture_connect (f, clock, "output", number, "trigger");
  fixture_connect (f, number, "output", op, "input");
  run_fails (f, HYCO_ACTOR_ERROR_FAILED, "Op: input channel 1: int 5 is not a boolean");
}

/* Under SR, `or` is true as soon as one channel is, so a cycle through its own output settles;
 * `and` likewise on a false channel. */
static void
test_logical_constructive_cycle (Fixture *f, gconstpointer data)
{
  const char *function = data;
  gboolean is_or = g_str_equal (function, "or");
  const char *seed = is_or ? "true" : "false";
  HycoActor *source = fixture_add (f, "Const", "Source", "value", seed, NULL);
  HycoActor *op = fixture_add (f, "LogicalOperator", "Op", "function", function, NULL);
  HycoActor *rec = fixture_add (f, "Recorder", "Rec", NULL);
  const Expected expected[] = {
    { "0", seed }, { "1", seed }, { "2", seed }, { "3", seed }, { NULL, NULL },
  };

  fixture_stop_time (f, "3");
  fixture_connect (f, source, "output", op, "input");
  fixture_connect (f, op, "output", op, "input");
  fixture_connect (f, op, "output", rec, "input");
  fixture_run_ok (f);
  assert_events (rec, expected);
}

/* A value that does not decide the function leaves the output unknown: the cycle cannot
 * settle, and the director names it. */
static void
test_logical_unsettled_cycle (Fixture *f, gconstpointer data)
{
  const char *function = data;
  HycoActor *source = fixture_add (f, "Const", "Source", "value", "false", NULL);
  HycoActor *op = fixture_add (f, "LogicalOperator", "Op", "function", function, NULL);

  fixture_stop_time (f, "3");
  fixture_connect (f, source, "output", op, "input");
  fixture_connect (f, op, "output", op, "input");
  run_fails (f, HYCO_ACTOR_ERROR_CAUSALITY, "Op.output");
}

static void
test_logical_parameters (void)
{
  g_autoptr (HycoActor) op = g_object_new (HYCO_TYPE_LOGICAL_OPERATOR, "name", "Op", NULL);
  g_autoptr (GError) error = NULL;
  GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (op), "function");
  g_autofree char *def = hyco_param_default_to_string (pspec);
  HycoLogicalFunction function;

  g_assert_cmpstr (def, ==, "and");
  g_assert_false (hyco_param_set_from_string (G_OBJECT (op), "function", "implies", &error));
  g_assert_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_BAD_VALUE);
  g_clear_error (&error);
  for (guint i = 0; i < G_N_ELEMENTS (logic_cases); i++)
    {
      g_autofree char *text = NULL;
      g_assert_true (
        hyco_param_set_from_string (G_OBJECT (op), "function", logic_cases[i].function, &error));
      g_assert_no_error (error);
      text = hyco_param_to_string (G_OBJECT (op), pspec);
      g_assert_cmpstr (text, ==, logic_cases[i].function);
    }
  g_object_get (op, "function", &function, NULL);
  g_assert_cmpint (function, ==, HYCO_LOGICAL_FUNCTION_XNOR);

  /* Non-strict with a same-tag dependency, whatever the function. */
  g_assert_false (hyco_actor_is_strict (op));
  g_assert_true (hyco_actor_output_depends_on (op, hyco_actor_get_port (op, "output"),
                                               hyco_actor_get_port (op, "input")));
  g_assert_true (hyco_port_is_multiport (hyco_actor_get_port (op, "input")));
}

/* LogicalNot ----------------------------------------------------------------------------- */

static void
test_logical_not (Fixture *f, gconstpointer data)
{
  HycoActor *a = fixture_add (f, "DiscreteClock", "A", "period", "2", "value", "true", NULL);
  HycoActor *b
    = fixture_add (f, "DiscreteClock", "B", "period", "2", "offset", "1", "value", "false", NULL);
  HycoActor *not_a = fixture_add (f, "LogicalNot", "NotA", NULL);
  HycoActor *not_b = fixture_add (f, "LogicalNot", "NotB", NULL);
  HycoActor *rec_a = fixture_add (f, "Recorder", "RecA", NULL);
  HycoActor *rec_b = fixture_add (f, "Recorder", "RecB", NULL);
  const Expected expected_a[] = { { "0", "false" }, { "2", "false" }, { NULL, NULL } };
  const Expected expected_b[] = { { "1", "true" }, { "3", "true" }, { NULL, NULL } };

  fixture_stop_time (f, "3");
  fixture_connect (f, a, "output", not_a, "input");
  fixture_connect (f, b, "output", not_b, "input");
  fixture_connect (f, not_a, "output", rec_a, "input");
  fixture_connect (f, not_b, "output", rec_b, "input");
  fixture_run_ok (f);
  assert_events (rec_a, expected_a);
  assert_events (rec_b, expected_b);
  g_assert_true (hyco_actor_is_strict (not_a));
}

static void
test_logical_not_type_error (Fixture *f, gconstpointer data)
{
  HycoActor *clock = fixture_add (f, "DiscreteClock", "Clock", "value", "\"yes\"", NULL);
  HycoActor *not = fixture_add (f, "LogicalNot", "Not", NULL);

  fixture_stop_time (f, "1");
  fixture_connect (f, clock, "output", not, "input");
  run_fails (f, HYCO_ACTOR_ERROR_FAILED, "Not: input: string \"yes\" is not a boolean");
}

/* Comparator ----------------------------------------------------------------------------- */

/* Compares two constants once under DE: the recorded literal, or NULL with @error set. */
static char *
compare_once (const char *left, const char *right, const char *comparison, const char *tolerance,
              GError **error)
{
  g_autoptr (HycoDirector) director = hyco_de_director_new ();
  Fixture fixture, *f = &fixture;
  HycoActor *l, *r, *cmp, *rec;
  char *result = NULL;

  fixture_init (f, director);
  l = fixture_add (f, "Const", "Left", "value", left, NULL);
  r = fixture_add (f, "Const", "Right", "value", right, NULL);
  cmp
    = fixture_add (f, "Comparator", "Cmp", "comparison", comparison, "tolerance", tolerance, NULL);
  rec = fixture_add (f, "Recorder", "Rec", NULL);
  fixture_connect (f, l, "output", cmp, "left");
  fixture_connect (f, r, "output", cmp, "right");
  fixture_connect (f, cmp, "output", rec, "input");
  if (fixture_run (f, error))
    {
      g_assert_cmpuint (hyco_recorder_get_count (HYCO_RECORDER (rec)), ==, 1);
      result = hyco_value_to_literal (hyco_recorder_get_value (HYCO_RECORDER (rec), 0));
    }
  fixture_teardown (f, NULL);
  return result;
}

static void
assert_compares (const char *left, const char *comparison, const char *right, const char *tolerance,
                 gboolean expected)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *result = compare_once (left, right, comparison, tolerance, &error);

  g_assert_no_error (error);
  if (g_strcmp0 (result, expected ? "true" : "false") != 0)
    g_error ("%s %s %s (tolerance %s): expected %s, got %s", left, comparison, right, tolerance,
             expected ? "true" : "false", result);
}

static void
assert_compare_fails (const char *left, const char *comparison, const char *right, const char *part)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *result = compare_once (left, right, comparison, "0", &error);

  g_assert_null (result);
  g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_FAILED);
  g_test_message ("expected failure: %s", error->message);
  fixture_assert_contains (error->message, part);
}

static const char *const comparisons[] = { ">", ">=", "<", "<=", "==", "!=" };

static gboolean
expected_order (const char *comparison, int order)
{
  if (g_str_equal (comparison, ">"))
    return order > 0;
  if (g_str_equal (comparison, ">="))
    return order >= 0;
  if (g_str_equal (comparison, "<"))
    return order < 0;
  if (g_str_equal (comparison, "<="))
    return order <= 0;
  if (g_str_equal (comparison, "=="))
    return order == 0;
  return order != 0;
}

/* Every operator on left < right, left = right and left > right, for integers, doubles, a mix,
 * and strings. */
static void
test_comparator_operators (void)
{
  static const char *const operands[][3] = {
    { "1", "2", "3" },
    { "1.5", "2.0", "2.5" },
    { "1", "2.0", "3" },
    { "\"abc\"", "\"abd\"", "\"b\"" },
    /* Exactly two integers that doubles cannot tell apart. */
    { "9007199254740992", "9007199254740993", "9007199254740994" },
  };

  for (guint k = 0; k < G_N_ELEMENTS (operands); k++)
    for (guint i = 0; i < G_N_ELEMENTS (comparisons); i++)
      for (int l = 0; l < 3; l++)
        assert_compares (operands[k][l], comparisons[i], operands[k][1], "0",
                         expected_order (comparisons[i], (l > 1) - (l < 1)));
}

static void
test_comparator_tolerance (void)
{
  /* Ptolemy II's rule: the tolerance loosens every numeric comparison. */
  assert_compares ("2.95", "==", "3", "0.1", TRUE);
  assert_compares ("2.8", "==", "3", "0.1", FALSE);
  assert_compares ("3.05", "!=", "3", "0.1", FALSE);
  assert_compares ("3.2", "!=", "3", "0.1", TRUE);
  assert_compares ("2.95", ">", "3", "0.1", TRUE);
  assert_compares ("2.8", ">=", "3", "0.1", FALSE);
  assert_compares ("3.05", "<", "3", "0.1", TRUE);
  assert_compares ("3.2", "<=", "3", "0.1", FALSE);
  /* Integers: the exact difference, even where it overflows an int64. */
  assert_compares ("1", "==", "3", "2", TRUE);
  assert_compares ("0", "==", "3", "2", FALSE);
  assert_compares ("2", ">", "3", "1.5", TRUE);
  assert_compares ("9223372036854775807", ">", "-9223372036854775808", "1", TRUE);
  assert_compares ("-9223372036854775808", "<", "9223372036854775807", "1", TRUE);
  assert_compares ("-9223372036854775808", "==", "9223372036854775807", "1", FALSE);
  /* Strings ignore it. */
  assert_compares ("\"abc\"", "==", "\"abd\"", "5", FALSE);
  /* NaN is unequal to everything, itself included. */
  assert_compares ("NaN", "==", "NaN", "0", FALSE);
  assert_compares ("NaN", "!=", "1", "0", TRUE);
  assert_compares ("NaN", "<", "1", "1", FALSE);
  assert_compares ("Infinity", "==", "Infinity", "0", TRUE);
}

static void
test_comparator_booleans (void)
{
  assert_compares ("true", "==", "true", "0", TRUE);
  assert_compares ("true", "==", "false", "0", FALSE);
  assert_compares ("false", "!=", "false", "0", FALSE);
  assert_compares ("true", "!=", "false", "0", TRUE);
  assert_compare_fails ("true", "<", "false", "booleans are not ordered");
  assert_compare_fails ("true", ">=", "true", "only == and != apply to booleans");
}

static void
test_comparator_type_errors (void)
{
  assert_compare_fails ("1", "==", "\"a\"",
                        "Cmp: cannot compare left int 1 with right string "
                        "\"a\"");
  assert_compare_fails ("true", "!=", "1", "cannot compare left boolean true with right int 1");
  assert_compare_fails ("\"a\"", "<", "1.5", "cannot compare left string \"a\" with right double");
}

/* The output is absent wherever one input is. */
static void
test_comparator_absent (Fixture *f, gconstpointer data)
{
  HycoActor *l = fixture_add (f, "DiscreteClock", "L", "period", "1", "value", "1", NULL);
  HycoActor *r = fixture_add (f, "DiscreteClock", "R", "period", "2", "value", "0.5", NULL);
  HycoActor *cmp = fixture_add (f, "Comparator", "Cmp", NULL);
  HycoActor *rec = fixture_add (f, "Recorder", "Rec", NULL);
  const Expected expected[] = { { "0", "true" }, { "2", "true" }, { "4", "true" }, { NULL, NULL } };

  fixture_stop_time (f, "4");
  fixture_connect (f, l, "output", cmp, "left");
  fixture_connect (f, r, "output", cmp, "right");
  fixture_connect (f, cmp, "output", rec, "input");
  fixture_run_ok (f);
  assert_events (rec, expected);
}

static void
test_comparator_parameters (Fixture *f, gconstpointer data)
{
  HycoActor *l = fixture_add (f, "Const", "L", NULL);
  HycoActor *r = fixture_add (f, "Const", "R", NULL);
  HycoActor *cmp = fixture_add (f, "Comparator", "Cmp", NULL);
  GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (cmp), "comparison");
  g_autofree char *def = hyco_param_default_to_string (pspec);
  g_autoptr (GError) error = NULL;

  /* Ptolemy II's default, and its spelling. */
  g_assert_cmpstr (def, ==, ">");
  g_assert_false (hyco_param_set_from_string (G_OBJECT (cmp), "tolerance", "-1", &error));
  g_assert_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_BAD_VALUE);
  g_clear_error (&error);
  g_assert_false (hyco_param_set_from_string (G_OBJECT (cmp), "tolerance", "small", &error));
  g_assert_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_BAD_VALUE);
  g_clear_error (&error);

  fixture_connect (f, l, "output", cmp, "left");
  fixture_connect (f, r, "output", cmp, "right");
  /* Surrounding blanks are fine, as in Ptolemy II. */
  fixture_set (cmp, "comparison", " >= ");
  fixture_run_ok (f);
  fixture_set (cmp, "comparison", "=>");
  run_fails (f, HYCO_ACTOR_ERROR_PARAMETER,
             "Cmp: parameter comparison: \"=>\" is not one of >, >=, <, <=, ==, !=");
  fixture_set (cmp, "comparison", "gt");
  run_fails (f, HYCO_ACTOR_ERROR_PARAMETER, "\"gt\"");
}

/* Pre ------------------------------------------------------------------------------------ */

/* Under SR the output at each tick is the last present input of an earlier tick. */
static void
test_pre_sr (Fixture *f, gconstpointer data)
{
  HycoActor *input = add_sampled_ramp (f, "2", "1"); /* 1 at 1, 3 at 3, 5 at 5 */
  HycoActor *pre = fixture_add (f, "Pre", "Pre", NULL);
  HycoActor *rec = fixture_add (f, "Recorder", "Rec", NULL);
  const Expected expected[] = {
    { "2", "1" }, { "3", "1" }, { "4", "3" }, { "5", "3" }, { NULL, NULL },
  };

  fixture_stop_time (f, "5");
  fixture_connect (f, input, "output", pre, "input");
  fixture_connect (f, pre, "output", rec, "input");
  fixture_run_ok (f);
  assert_events (rec, expected);
  g_assert_false (hyco_actor_is_strict (pre));
  g_assert_false (hyco_actor_output_depends_on (pre, hyco_actor_get_port (pre, "output"),
                                                hyco_actor_get_port (pre, "input")));
}

/* Under DE it fires where its input is present and produces the previous present input. */
static void
test_pre_de (Fixture *f, gconstpointer data)
{
  /* Added downstream first: a Pre that declared no dependency under DE would have its output
   * settled absent before its input arrives. */
  HycoActor *rec = fixture_add (f, "Recorder", "Rec", NULL);
  HycoActor *pre = fixture_add (f, "Pre", "Pre", NULL);
  HycoActor *ramp = fixture_add (f, "Ramp", "Ramp", NULL);
  HycoActor *clock = fixture_add (f, "DiscreteClock", "Clock", NULL);
  const Expected expected[] = { { "1", "0" }, { "2", "1" }, { "3", "2" }, { NULL, NULL } };

  fixture_stop_time (f, "3");
  fixture_connect (f, pre, "output", rec, "input");
  fixture_connect (f, ramp, "output", pre, "input");
  fixture_connect (f, clock, "output", ramp, "trigger");
  fixture_run_ok (f);
  assert_events (rec, expected);
  g_assert_true (hyco_actor_is_strict (pre));
}

/* Under SR Pre breaks a feedback loop: an accumulator that counts ticks. */
static void
test_pre_sr_loop (Fixture *f, gconstpointer data)
{
  HycoActor *one = fixture_add (f, "Const", "One", NULL);
  HycoActor *adder = fixture_add (f, "Adder", "Adder", NULL);
  HycoActor *pre = fixture_add (f, "Pre", "Pre", NULL);
  HycoActor *rec = fixture_add (f, "Recorder", "Rec", NULL);
  const Expected expected[] = {
    { "0", "1" }, { "1", "2" }, { "2", "3" }, { "3", "4" }, { NULL, NULL },
  };

  fixture_stop_time (f, "3");
  fixture_connect (f, one, "output", adder, "input");
  fixture_connect (f, pre, "output", adder, "input");
  fixture_connect (f, adder, "output", pre, "input");
  fixture_connect (f, adder, "output", rec, "input");
  fixture_run_ok (f);
  assert_events (rec, expected);
}

/* Under DE it does not delay in time, so the same loop is a zero-delay loop. */
static void
test_pre_de_loop (Fixture *f, gconstpointer data)
{
  HycoActor *clock = fixture_add (f, "DiscreteClock", "Clock", NULL);
  HycoActor *adder = fixture_add (f, "Adder", "Adder", NULL);
  HycoActor *pre = fixture_add (f, "Pre", "Pre", NULL);

  fixture_stop_time (f, "3");
  fixture_connect (f, clock, "output", adder, "input");
  fixture_connect (f, pre, "output", adder, "input");
  fixture_connect (f, adder, "output", pre, "input");
  run_fails (f, HYCO_ACTOR_ERROR_CAUSALITY, "zero-delay loop");
}

/* UnitDelay ------------------------------------------------------------------------------ */

/* Under SR the output is the input of the previous tick, absent included. */
static void
test_unit_delay_sr (Fixture *f, gconstpointer data)
{
  HycoActor *input = add_sampled_ramp (f, "2", "1"); /* 1 at 1, 3 at 3 */
  HycoActor *delay = fixture_add (f, "UnitDelay", "Delay", "initialValue", "10", NULL);
  HycoActor *rec = fixture_add (f, "Recorder", "Rec", NULL);
  const Expected expected[] = { { "0", "10" }, { "2", "1" }, { "4", "3" }, { NULL, NULL } };

  fixture_stop_time (f, "5");
  fixture_connect (f, input, "output", delay, "input");
  fixture_connect (f, delay, "output", rec, "input");
  fixture_run_ok (f);
  assert_events (rec, expected);
  g_assert_false (hyco_actor_is_strict (delay));
  g_assert_false (hyco_actor_output_depends_on (delay, hyco_actor_get_port (delay, "output"),
                                                hyco_actor_get_port (delay, "input")));
}

/* The default initial value is 0, as in Ptolemy II's UnitDelay; the state starts over at each
 * run. */
static void
test_unit_delay_default (Fixture *f, gconstpointer data)
{
  HycoActor *input = add_sampled_ramp (f, "1", "0");
  HycoActor *delay = fixture_add (f, "UnitDelay", "Delay", NULL);
  HycoActor *rec = fixture_add (f, "Recorder", "Rec", NULL);
  const Expected expected[] = { { "0", "0" }, { "1", "0" }, { "2", "1" }, { NULL, NULL } };

  fixture_stop_time (f, "2");
  fixture_connect (f, input, "output", delay, "input");
  fixture_connect (f, delay, "output", rec, "input");
  fixture_run_ok (f);
  assert_events (rec, expected);
  fixture_run_ok (f);
  assert_events (rec, expected);
}

static void
test_unit_delay_de (Fixture *f, gconstpointer data)
{
  HycoActor *rec = fixture_add (f, "Recorder", "Rec", NULL);
  HycoActor *delay = fixture_add (f, "UnitDelay", "Delay", "initialValue", "\"start\"", NULL);
  HycoActor *ramp = fixture_add (f, "Ramp", "Ramp", "init", "1.5", NULL);
  HycoActor *clock = fixture_add (f, "DiscreteClock", "Clock", "period", "0.5", NULL);
  const Expected expected[] = {
    { "0", "\"start\"" },
    { "0.5", "1.5" },
    { "1", "2.5" },
    { NULL, NULL },
  };

  fixture_stop_time (f, "1");
  fixture_connect (f, delay, "output", rec, "input");
  fixture_connect (f, ramp, "output", delay, "input");
  fixture_connect (f, clock, "output", ramp, "trigger");
  fixture_run_ok (f);
  assert_events (rec, expected);
}

static void
test_unit_delay_bad_initial (Fixture *f, gconstpointer data)
{
  HycoActor *delay = fixture_add (f, "UnitDelay", "Delay", NULL);
  g_autoptr (GError) error = NULL;

  g_assert_false (hyco_param_set_from_string (G_OBJECT (delay), "initialValue", "1 2", &error));
  g_assert_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_BAD_VALUE);
  fixture_assert_contains (error->message, "initialValue");
}

/* Default -------------------------------------------------------------------------------- */

/* The preferred input where present, else the alternate; absent where both are. */
static void
test_default_choice (Fixture *f, gconstpointer data)
{
  HycoActor *preferred = fixture_add (f, "DiscreteClock", "P", "period", "2", "value", "1", NULL);
  HycoActor *alternate
    = fixture_add (f, "DiscreteClock", "A", "period", "3", "value", "\"alt\"", NULL);
  HycoActor *def = fixture_add (f, "Default", "Default", NULL);
  HycoActor *rec = fixture_add (f, "Recorder", "Rec", NULL);
  const Expected expected[] = {
    { "0", "1" }, { "2", "1" }, { "3", "\"alt\"" }, { "4", "1" }, { "6", "1" }, { NULL, NULL },
  };

  fixture_stop_time (f, "6");
  fixture_connect (f, preferred, "output", def, "preferred");
  fixture_connect (f, alternate, "output", def, "alternate");
  fixture_connect (f, def, "output", rec, "input");
  fixture_run_ok (f);
  assert_events (rec, expected);
  g_assert_false (hyco_actor_is_strict (def));
  g_assert_true (hyco_actor_output_depends_on (def, hyco_actor_get_port (def, "output"),
                                               hyco_actor_get_port (def, "alternate")));
}

/* Default and UnitDelay in a loop hold the last sample: Default(preferred = samples,
 * alternate = UnitDelay(output)). */
static void
test_default_hold_loop (Fixture *f, gconstpointer data)
{
  HycoActor *samples = add_sampled_ramp (f, "3", "1"); /* 1 at 1, 4 at 4 */
  HycoActor *def = fixture_add (f, "Default", "Default", NULL);
  HycoActor *delay = fixture_add (f, "UnitDelay", "Delay", "initialValue", "42", NULL);
  HycoActor *rec = fixture_add (f, "Recorder", "Rec", NULL);
  const Expected expected[] = {
    { "0", "42" }, { "1", "1" }, { "2", "1" },   { "3", "1" },
    { "4", "4" },  { "5", "4" }, { NULL, NULL },
  };

  fixture_stop_time (f, "5");
  fixture_connect (f, samples, "output", def, "preferred");
  fixture_connect (f, delay, "output", def, "alternate");
  fixture_connect (f, def, "output", delay, "input");
  fixture_connect (f, def, "output", rec, "input");
  fixture_run_ok (f);
  assert_events (rec, expected);
}

/* A present preferred input settles a cycle through the alternate one, which waits for it. */
static void
test_default_constructive_cycle (Fixture *f, gconstpointer data)
{
  HycoActor *seven = fixture_add (f, "Const", "Seven", "value", "7", NULL);
  HycoActor *def = fixture_add (f, "Default", "Default", NULL);
  HycoActor *gain = fixture_add (f, "Gain", "Gain", "factor", "2", NULL);
  HycoActor *rec = fixture_add (f, "Recorder", "Rec", NULL);
  const Expected expected[] = { { "0", "14" }, { "1", "14" }, { "2", "14" }, { NULL, NULL } };

  fixture_stop_time (f, "2");
  fixture_connect (f, seven, "output", def, "preferred");
  fixture_connect (f, def, "output", gain, "input");
  fixture_connect (f, gain, "output", def, "alternate");
  fixture_connect (f, gain, "output", rec, "input");
  fixture_run_ok (f);
  assert_events (rec, expected);
}

/* Where the preferred input is absent the same cycle has nothing to start from. */
static void
test_default_unsettled_cycle (Fixture *f, gconstpointer data)
{
  HycoActor *clock = fixture_add (f, "DiscreteClock", "Clock", "period", "2", NULL);
  HycoActor *def = fixture_add (f, "Default", "Default", NULL);
  HycoActor *gain = fixture_add (f, "Gain", "Gain", NULL);

  fixture_stop_time (f, "2");
  fixture_connect (f, clock, "output", def, "preferred");
  fixture_connect (f, def, "output", gain, "input");
  fixture_connect (f, gain, "output", def, "alternate");
  run_fails (f, HYCO_ACTOR_ERROR_CAUSALITY, "at (1, 1)");
}

/* A present alternate says nothing while the preferred input is unknown. */
static void
test_default_waits_for_preferred (Fixture *f, gconstpointer data)
{
  HycoActor *alternate = fixture_add (f, "Const", "Alternate", NULL);
  HycoActor *def = fixture_add (f, "Default", "Default", NULL);
  HycoActor *gain = fixture_add (f, "Gain", "Gain", NULL);

  fixture_stop_time (f, "2");
  fixture_connect (f, alternate, "output", def, "alternate");
  fixture_connect (f, def, "output", gain, "input");
  fixture_connect (f, gain, "output", def, "preferred");
  run_fails (f, HYCO_ACTOR_ERROR_CAUSALITY, "Default.output");
}

/* Counter -------------------------------------------------------------------------------- */

static void
test_counter (Fixture *f, gconstpointer data)
{
  HycoActor *up1 = fixture_add (f, "DiscreteClock", "Up1", "period", "1", NULL);
  HycoActor *up2 = fixture_add (f, "DiscreteClock", "Up2", "period", "2", NULL);
  HycoActor *down = fixture_add (f, "DiscreteClock", "Down", "period", "3", NULL);
  HycoActor *counter = fixture_add (f, "Counter", "Counter", NULL);
  HycoActor *rec = fixture_add (f, "Recorder", "Rec", NULL);
  /* +2 −1, +1, +2, +1 −1 (still produced), +2, +1, +2 −1 */
  const Expected expected[] = {
    { "0", "1" }, { "1", "2" }, { "2", "4" }, { "3", "4" },
    { "4", "6" }, { "5", "7" }, { "6", "8" }, { NULL, NULL },
  };

  fixture_stop_time (f, "6");
  fixture_connect (f, up1, "output", counter, "increment");
  fixture_connect (f, up2, "output", counter, "increment");
  fixture_connect (f, down, "output", counter, "decrement");
  fixture_connect (f, counter, "output", rec, "input");
  fixture_run_ok (f);
  assert_events (rec, expected);
  g_assert_true (hyco_actor_is_strict (counter));
}

/* Under SR the counter fires at every tick but counts only present events, from `init`. */
static void
test_counter_sr (Fixture *f, gconstpointer data)
{
  HycoActor *up = fixture_add (f, "DiscreteClock", "Up", "period", "2", NULL);
  HycoActor *down = fixture_add (f, "DiscreteClock", "Down", "period", "3", "offset", "1", NULL);
  HycoActor *counter = fixture_add (f, "Counter", "Counter", "init", "-10", NULL);
  HycoActor *rec = fixture_add (f, "Recorder", "Rec", NULL);
  const Expected expected[] = {
    { "0", "-9" }, { "1", "-10" }, { "2", "-9" }, { "4", "-9" }, { NULL, NULL },
  };

  fixture_stop_time (f, "5");
  fixture_connect (f, up, "output", counter, "increment");
  fixture_connect (f, down, "output", counter, "decrement");
  fixture_connect (f, counter, "output", rec, "input");
  fixture_run_ok (f);
  assert_events (rec, expected);
}

static void
test_counter_parameters (Fixture *f, gconstpointer data)
{
  HycoActor *clock = fixture_add (f, "DiscreteClock", "Clock", NULL);
  HycoActor *counter = fixture_add (f, "Counter", "Counter", NULL);
  g_autoptr (GError) error = NULL;

  g_assert_false (hyco_param_set_from_string (G_OBJECT (counter), "init", "one", &error));
  g_assert_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_BAD_VALUE);

  fixture_stop_time (f, "3");
  fixture_connect (f, clock, "output", counter, "increment");
  fixture_set (counter, "init", "1.5");
  run_fails (f, HYCO_ACTOR_ERROR_PARAMETER, "Counter: parameter init: must be an integer, not 1.5");
  fixture_set (counter, "init", "9223372036854775806");
  run_fails (f, HYCO_ACTOR_ERROR_FAILED, "Counter: integer overflow");
}

/* The library ----------------------------------------------------------------------------- */

static void
test_registry (void)
{
  static const struct
  {
    const char *name;
    const char *ports[3];
  } classes[] = {
    { "LogicalOperator", { "input", "output" } },
    { "LogicalNot", { "input", "output" } },
    { "Comparator", { "left", "right", "output" } },
    { "Pre", { "input", "output" } },
    { "UnitDelay", { "input", "output" } },
    { "Default", { "preferred", "alternate", "output" } },
    { "Counter", { "increment", "decrement", "output" } },
  };

  for (guint i = 0; i < G_N_ELEMENTS (classes); i++)
    {
      GType type = hyco_registry_lookup (classes[i].name);
      g_autoptr (GTypeClass) klass = NULL;

      g_assert_true (g_type_is_a (type, HYCO_TYPE_ACTOR));
      g_assert_cmpstr (hyco_registry_get_name (type), ==, classes[i].name);
      klass = g_type_class_ref (type);
      g_assert_nonnull (hyco_actor_class_get_description (HYCO_ACTOR_CLASS (klass)));
      for (guint p = 0; p < G_N_ELEMENTS (classes[i].ports) && classes[i].ports[p]; p++)
        {
          g_assert_cmpint (
            hyco_actor_class_get_port_flags (HYCO_ACTOR_CLASS (klass), classes[i].ports[p]), !=, 0);
          g_assert_nonnull (
            hyco_actor_class_get_port_description (HYCO_ACTOR_CLASS (klass), classes[i].ports[p]));
        }
    }
  g_assert_true (hyco_registry_lookup ("ptolemy.actor.lib.logic.LogicalOperator")
                 == HYCO_TYPE_LOGICAL_OPERATOR);
  g_assert_true (hyco_registry_lookup ("ptolemy.domains.sr.lib.Default") == HYCO_TYPE_DEFAULT);
}

/* A model file names the operators as Ptolemy II writes them, escaped in XML. */
static void
test_model_file (void)
{
  static const char model_text[]
    = "<entity name=\"top\" class=\"ptolemy.actor.TypedCompositeActor\">\n"
      "  <property name=\"SR\" class=\"SRDirector\">\n"
      "    <property name=\"period\" value=\"1\"/>\n"
      "    <property name=\"stopTime\" value=\"2\"/>\n"
      "  </property>\n"
      "  <entity name=\"A\" class=\"Ramp\"/>\n"
      "  <entity name=\"B\" class=\"Const\"><property name=\"value\" value=\"1\"/></entity>\n"
      "  <entity name=\"Cmp\" class=\"ptolemy.actor.lib.logic.Comparator\">\n"
      "    <property name=\"comparison\" value=\"&lt;=\"/>\n"
      "  </entity>\n"
      "  <entity name=\"Not\" class=\"ptolemy.actor.lib.logic.LogicalNot\"/>\n"
      "  <entity name=\"Check\" class=\"Test\">\n"
      "    <property name=\"correctValues\" value=\"{false, false, true}\"/>\n"
      "  </entity>\n"
      "  <relation name=\"r1\"/><relation name=\"r2\"/><relation name=\"r3\"/>"
      "<relation name=\"r4\"/>\n"
      "  <link port=\"A.output\" relation=\"r1\"/><link port=\"Cmp.left\" relation=\"r1\"/>\n"
      "  <link port=\"B.output\" relation=\"r2\"/><link port=\"Cmp.right\" relation=\"r2\"/>\n"
      "  <link port=\"Cmp.output\" relation=\"r3\"/><link port=\"Not.input\" relation=\"r3\"/>\n"
      "  <link port=\"Not.output\" relation=\"r4\"/><link port=\"Check.input\" relation=\"r4\"/>\n"
      "</entity>\n";
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoModel) model = hyco_model_new_from_data (model_text, -1, "sr-actors.xml", &error);
  g_autofree char *saved = NULL;

  g_assert_no_error (error);
  g_assert_true (hyco_model_run (model, NULL, &error));
  g_assert_no_error (error);
  saved = hyco_model_save_to_data (model);
  fixture_assert_contains (saved, "value=\"&lt;=\"");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  hyco_init ();

  for (guint i = 0; i < G_N_ELEMENTS (logic_cases); i++)
    {
      g_autofree char *de = g_strdup_printf ("/logical-operator/de/%s", logic_cases[i].function);
      g_autofree char *sr = g_strdup_printf ("/logical-operator/sr/%s", logic_cases[i].function);
      add_model_test (de, &logic_cases[i], setup_de, test_logical_function);
      add_model_test (sr, &logic_cases[i], setup_sr, test_logical_function);
    }
  add_model_test ("/logical-operator/de/absent-ignored", NULL, setup_de,
                  test_logical_absent_ignored);
  add_model_test ("/logical-operator/de/not-boolean", NULL, setup_de, test_logical_not_boolean);
  add_model_test ("/logical-operator/sr/or-cycle", "or", setup_sr, test_logical_constructive_cycle);
  add_model_test ("/logical-operator/sr/and-cycle", "and", setup_sr,
                  test_logical_constructive_cycle);
  add_model_test ("/logical-operator/sr/or-cycle-unsettled", "or", setup_sr,
                  test_logical_unsettled_cycle);
  add_model_test ("/logical-operator/sr/xor-cycle-unsettled", "xor", setup_sr,
                  test_logical_unsettled_cycle);
  g_test_add_func ("/logical-operator/parameters", test_logical_parameters);

  add_model_test ("/logical-not/de", NULL, setup_de, test_logical_not);
  add_model_test ("/logical-not/sr", NULL, setup_sr, test_logical_not);
  add_model_test ("/logical-not/type-error", NULL, setup_de, test_logical_not_type_error);

  g_test_add_func ("/comparator/operators", test_comparator_operators);
  g_test_add_func ("/comparator/tolerance", test_comparator_tolerance);
  g_test_add_func ("/comparator/booleans", test_comparator_booleans);
  g_test_add_func ("/comparator/type-errors", test_comparator_type_errors);
  add_model_test ("/comparator/de/absent", NULL, setup_de, test_comparator_absent);
  add_model_test ("/comparator/sr/absent", NULL, setup_sr, test_comparator_absent);
  add_model_test ("/comparator/parameters", NULL, setup_de, test_comparator_parameters);

  add_model_test ("/pre/sr", NULL, setup_sr, test_pre_sr);
  add_model_test ("/pre/de", NULL, setup_de, test_pre_de);
  add_model_test ("/pre/sr/loop", NULL, setup_sr, test_pre_sr_loop);
  add_model_test ("/pre/de/loop", NULL, setup_de, test_pre_de_loop);

  add_model_test ("/unit-delay/sr", NULL, setup_sr, test_unit_delay_sr);
  add_model_test ("/unit-delay/sr/default", NULL, setup_sr, test_unit_delay_default);
  add_model_test ("/unit-delay/de", NULL, setup_de, test_unit_delay_de);
  add_model_test ("/unit-delay/bad-initial-value", NULL, setup_de, test_unit_delay_bad_initial);

  add_model_test ("/default/de", NULL, setup_de, test_default_choice);
  add_model_test ("/default/sr", NULL, setup_sr, test_default_choice);
  add_model_test ("/default/sr/hold-loop", NULL, setup_sr, test_default_hold_loop);
  add_model_test ("/default/sr/constructive-cycle", NULL, setup_sr,
                  test_default_constructive_cycle);
  add_model_test ("/default/sr/unsettled-cycle", NULL, setup_sr, test_default_unsettled_cycle);
  add_model_test ("/default/sr/waits-for-preferred", NULL, setup_sr,
                  test_default_waits_for_preferred);

  add_model_test ("/counter/de", NULL, setup_de, test_counter);
  add_model_test ("/counter/sr", NULL, setup_sr, test_counter_sr);
  add_model_test ("/counter/parameters", NULL, setup_de, test_counter_parameters);

  g_test_add_func ("/sr-actors/registry", test_registry);
  g_test_add_func ("/sr-actors/model-file", test_model_file);

  return g_test_run ();
}
