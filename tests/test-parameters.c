/* test-parameters.c: model parameters of composites, and expressions in parameter values.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-param-private.h"
#include "test-support.h"

#include <math.h>

/* A clock ticking once (value 1 at time 0) into a Gain whose factor is @factor, recorded; the
 * top level declares f = 2. */
#define GAIN_MODEL(factor)                                                                         \
  "<entity name=\"top\" class=\"CompositeActor\">\n"                                               \
  "  <property name=\"f\" class=\"ptolemy.data.expr.Parameter\" value=\"2\"/>\n"                   \
  "  <property name=\"director\" class=\"DEDirector\">\n"                                          \
  "    <property name=\"stopTime\" value=\"0\"/>\n"                                                \
  "  </property>\n"                                                                                \
  "  <entity name=\"Clock\" class=\"DiscreteClock\"/>\n"                                           \
  "  <entity name=\"Gain\" class=\"Gain\">\n"                                                      \
  "    <property name=\"factor\" value=\"" factor "\"/>\n"                                         \
  "  </entity>\n"                                                                                  \
  "  <entity name=\"Recorder\" class=\"Recorder\"/>\n"                                             \
  "  <relation name=\"a\"/>\n"                                                                     \
  "  <relation name=\"b\"/>\n"                                                                     \
  "  <link port=\"Clock.output\" relation=\"a\"/>\n"                                               \
  "  <link port=\"Gain.input\" relation=\"a\"/>\n"                                                 \
  "  <link port=\"Gain.output\" relation=\"b\"/>\n"                                                \
  "  <link port=\"Recorder.input\" relation=\"b\"/>\n"                                             \
  "</entity>\n"

/* The load error's message: `inline.xml:LINE: ` first, then each of @parts. */
static void
assert_load_fails (const char *xml, guint line, const char *const *parts)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoModel) model = hyco_model_new_from_data (xml, -1, "inline.xml", &error);
  g_autofree char *prefix = g_strdup_printf ("inline.xml:%u: ", line);

  g_assert_null (model);
  g_assert_error (error, HYCO_MODEL_FILE_ERROR, HYCO_MODEL_FILE_ERROR_BAD_VALUE);
  g_test_message ("%s", error->message);
  if (!g_str_has_prefix (error->message, prefix))
    g_assert_cmpstr (error->message, ==, prefix);
  for (guint i = 0; parts[i]; i++)
    test_assert_contains (error->message, parts[i]);
}

static HycoRecorder *
run_and_get_recorder (HycoModel *model, const char *path)
{
  g_autoptr (GError) error = NULL;
  HycoActor *recorder;

  hyco_model_run (model, NULL, &error);
  g_assert_no_error (error);
  recorder = hyco_model_lookup_actor (model, path);
  g_assert_nonnull (recorder);
  return HYCO_RECORDER (recorder);
}

static double
recorded_double (HycoRecorder *recorder, guint index)
{
  g_assert_cmpuint (hyco_recorder_get_count (recorder), >, index);
  return hyco_value_get_double (hyco_recorder_get_value (recorder, index));
}

static char *
parameter_text (HycoModel *model, const char *actor_path, const char *name)
{
  GObject *actor = G_OBJECT (hyco_model_lookup_actor (model, actor_path));
  GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (actor), name);

  return hyco_param_to_string (actor, pspec);
}

/* `2 * pi * f` with f declared at the top level. */
static void
test_gain_expression (void)
{
  g_autoptr (HycoModel) model = test_load_inline (GAIN_MODEL ("2 * pi * f"));
  HycoActor *gain = hyco_model_lookup_actor (model, "Gain");
  g_autofree char *text = parameter_text (model, "Gain", "factor");
  HycoRecorder *recorder;

  /* The expression is the parameter's text; the property holds its value. */
  g_assert_cmpstr (text, ==, "2 * pi * f");
  g_assert_cmpstr (hyco_param_get_expression (G_OBJECT (gain), "factor"), ==, "2 * pi * f");
  recorder = run_and_get_recorder (model, "Recorder");
  g_assert_cmpuint (hyco_recorder_get_count (recorder), ==, 1);
  g_assert_cmpfloat (recorded_double (recorder, 0), ==, 2 * G_PI * 2);
  {
    g_autofree char *factor = NULL;
    g_object_get (gain, "factor", &factor, NULL);
    g_assert_cmpstr (factor, ==, "12.566370614359172");
  }
  /* A literal replaces the expression. */
  g_assert_true (hyco_param_set_from_string (G_OBJECT (gain), "factor", "3", NULL));
  g_assert_null (hyco_param_get_expression (G_OBJECT (gain), "factor"));
  recorder = run_and_get_recorder (model, "Recorder");
  g_assert_cmpfloat (recorded_double (recorder, 0), ==, 3);
}

/* A plain double parameter (not a literal kind), and constants without any parameter. */
static void
test_plain_parameters (void)
{
  g_autoptr (HycoCompositeActor) top = hyco_composite_actor_new ("top");
  g_autoptr (HycoActor) wave
    = g_object_new (hyco_registry_lookup ("ContinuousSinewave"), "name", "Wave", NULL);
  g_autoptr (HycoActor) loose
    = g_object_new (hyco_registry_lookup ("ContinuousSinewave"), "name", "Loose", NULL);
  g_autoptr (HycoActor) test = g_object_new (HYCO_TYPE_TEST, "name", "Test", NULL);
  g_autoptr (GError) error = NULL;
  double frequency = 0, tolerance = 0;

  g_assert_true (hyco_composite_actor_set_parameter (top, "f", "50", &error));
  g_assert_no_error (error);
  g_assert_true (hyco_composite_actor_add_actor (top, wave, &error));
  g_assert_true (hyco_param_set_from_string (G_OBJECT (wave), "frequency", "2 * f", &error));
  g_assert_no_error (error);
  g_object_get (wave, "frequency", &frequency, NULL);
  g_assert_cmpfloat (frequency, ==, 100);

  /* Ptolemy II's constants, unless a parameter hides them. */
  g_assert_true (hyco_composite_actor_set_parameter (top, "forever", "-Infinity", &error));
  g_assert_true (hyco_composite_actor_evaluate_parameter (top, "forever", &frequency, &error));
  g_assert_true (isinf (frequency) && frequency < 0);
  g_assert_true (hyco_composite_actor_set_parameter (top, "e", "3", &error));
  g_assert_true (hyco_param_set_from_string (G_OBJECT (wave), "frequency", "e", &error));
  g_object_get (wave, "frequency", &frequency, NULL);
  g_assert_cmpfloat (frequency, ==, 3);

  /* Outside any composite only constants are in scope. */
  g_assert_true (hyco_param_set_from_string (G_OBJECT (loose), "frequency", "e * 2", &error));
  g_object_get (loose, "frequency", &frequency, NULL);
  g_assert_cmpfloat (frequency, ==, G_E * 2);
  g_assert_false (hyco_param_set_from_string (G_OBJECT (loose), "frequency", "2 * f", &error));
  g_assert_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_BAD_VALUE);
  test_assert_contains (error->message, "unknown name \"f\"");
  g_clear_error (&error);

  /* The spec's range is checked on the value. */
  g_assert_false (hyco_param_set_from_string (G_OBJECT (test), "tolerance", "1 - 2", &error));
  g_assert_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_BAD_VALUE);
  test_assert_contains (error->message, "-1");
  g_clear_error (&error);
  g_object_get (test, "tolerance", &tolerance, NULL);
  g_assert_cmpfloat (tolerance, ==, 1e-9);
  /* Lists are not numbers: no expression there. */
  g_assert_false (hyco_param_set_from_string (G_OBJECT (test), "correctValues", "1 + 1", &error));
  g_assert_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_BAD_VALUE);
}

#define SHADOW_MODEL                                                                               \
  "<entity name=\"top\" class=\"CompositeActor\">\n"                                               \
  "  <property name=\"f\" class=\"ptolemy.data.expr.Parameter\" value=\"1\"/>\n"                   \
  "  <property name=\"g\" value=\"10 * f\"/>\n"                                                    \
  "  <property name=\"director\" class=\"DEDirector\">\n"                                          \
  "    <property name=\"stopTime\" value=\"0\"/>\n"                                                \
  "  </property>\n"                                                                                \
  "  <entity name=\"Clock\" class=\"DiscreteClock\"/>\n"                                           \
  "  <entity name=\"Outer\" class=\"Gain\">\n"                                                     \
  "    <property name=\"factor\" value=\"f + g\"/>\n"                                              \
  "  </entity>\n"                                                                                  \
  "  <entity name=\"OuterRecorder\" class=\"Recorder\"/>\n"                                        \
  "  <entity name=\"Inner\" class=\"CompositeActor\">\n"                                           \
  "    <property name=\"f\" class=\"ptolemy.data.expr.Parameter\" value=\"3\"/>\n"                 \
  "    <port name=\"in\">\n"                                                                       \
  "      <property name=\"input\"/>\n"                                                             \
  "    </port>\n"                                                                                  \
  "    <entity name=\"Gain\" class=\"Gain\">\n"                                                    \
  "      <property name=\"factor\" value=\"f + g\"/>\n"                                            \
  "    </entity>\n"                                                                                \
  "    <entity name=\"Recorder\" class=\"Recorder\"/>\n"                                           \
  "    <relation name=\"a\"/>\n"                                                                   \
  "    <relation name=\"b\"/>\n"                                                                   \
  "    <link port=\"in\" relation=\"a\"/>\n"                                                       \
  "    <link port=\"Gain.input\" relation=\"a\"/>\n"                                               \
  "    <link port=\"Gain.output\" relation=\"b\"/>\n"                                              \
  "    <link port=\"Recorder.input\" relation=\"b\"/>\n"                                           \
  "  </entity>\n"                                                                                  \
  "  <relation name=\"a\"/>\n"                                                                     \
  "  <relation name=\"b\"/>\n"                                                                     \
  "  <link port=\"Clock.output\" relation=\"a\"/>\n"                                               \
  "  <link port=\"Outer.input\" relation=\"a\"/>\n"                                                \
  "  <link port=\"Inner.in\" relation=\"a\"/>\n"                                                   \
  "  <link port=\"Outer.output\" relation=\"b\"/>\n"                                               \
  "  <link port=\"OuterRecorder.input\" relation=\"b\"/>\n"                                        \
  "</entity>\n"

/* Inner f hides the top level's inside Inner; g, declared at the top level, is evaluated
 * there, with the top level's f, wherever it is used. */
static void
test_shadowing (void)
{
  g_autoptr (HycoModel) model = test_load_inline (SHADOW_MODEL);
  HycoCompositeActor *top = hyco_model_get_toplevel (model);
  HycoCompositeActor *inner = HYCO_COMPOSITE_ACTOR (hyco_model_lookup_actor (model, "Inner"));
  g_auto (GStrv) names = hyco_composite_actor_list_parameters (top);
  g_autoptr (GError) error = NULL;
  double value = 0;

  g_assert_cmpuint (g_strv_length (names), ==, 2);
  g_assert_cmpstr (names[0], ==, "f");
  g_assert_cmpstr (names[1], ==, "g");
  g_assert_cmpstr (hyco_composite_actor_get_parameter_text (top, "g"), ==, "10 * f");
  g_assert_null (hyco_composite_actor_get_parameter_text (inner, "g"));
  g_assert_true (hyco_composite_actor_evaluate_parameter (inner, "f", &value, &error));
  g_assert_cmpfloat (value, ==, 3);
  g_assert_true (hyco_composite_actor_evaluate_parameter (inner, "g", &value, &error));
  g_assert_cmpfloat (value, ==, 10);
  g_assert_true (hyco_composite_actor_evaluate_parameter (top, "f", &value, &error));
  g_assert_cmpfloat (value, ==, 1);
  g_assert_false (hyco_composite_actor_evaluate_parameter (top, "h", &value, &error));
  g_assert_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_UNKNOWN);

  g_assert_cmpfloat (recorded_double (run_and_get_recorder (model, "OuterRecorder"), 0), ==, 11);
  g_assert_cmpfloat (recorded_double (run_and_get_recorder (model, "Inner.Recorder"), 0), ==, 13);
}

/* A change during a run reaches the nearest parameter of the name, keeps its declared text, and
 * the next prepare starts from the declared value again. */
static void
test_change_parameter (void)
{
  g_autoptr (HycoModel) model = test_load_inline (SHADOW_MODEL);
  HycoCompositeActor *top = hyco_model_get_toplevel (model);
  HycoCompositeActor *inner = HYCO_COMPOSITE_ACTOR (hyco_model_lookup_actor (model, "Inner"));
  HycoActor *gain = hyco_model_lookup_actor (model, "Inner.Gain");
  g_auto (HycoValue) five = HYCO_VALUE_INIT;
  g_autoptr (GError) error = NULL;
  double value = 0;

  g_assert_true (hyco_model_prepare (model, &error));
  hyco_value_set_int (&five, 5);
  g_assert_true (hyco_composite_actor_change_parameter (inner, "f", &five, &error));
  g_assert_no_error (error);
  g_assert_true (hyco_composite_actor_evaluate_parameter (inner, "f", &value, &error));
  g_assert_cmpfloat (value, ==, 5);
  g_assert_true (hyco_composite_actor_evaluate_parameter (top, "f", &value, &error));
  g_assert_cmpfloat (value, ==, 1);
  g_assert_cmpstr (hyco_composite_actor_get_parameter_text (inner, "f"), ==, "3");
  /* The inner Gain's factor, f + g, was evaluated again. */
  {
    g_autofree char *factor = NULL;
    g_object_get (gain, "factor", &factor, NULL);
    g_assert_cmpstr (factor, ==, "15.0");
  }
  /* g is the top level's: changed there, seen inside. */
  g_assert_true (hyco_composite_actor_change_parameter (inner, "g", &five, &error));
  g_assert_true (hyco_composite_actor_evaluate_parameter (top, "g", &value, &error));
  g_assert_cmpfloat (value, ==, 5);
  g_assert_false (hyco_composite_actor_change_parameter (inner, "h", &five, &error));
  g_assert_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_UNKNOWN);
  g_clear_error (&error);

  g_assert_true (hyco_model_prepare (model, &error));
  g_assert_true (hyco_composite_actor_evaluate_parameter (inner, "f", &value, &error));
  g_assert_cmpfloat (value, ==, 3);
  g_assert_true (hyco_composite_actor_evaluate_parameter (top, "g", &value, &error));
  g_assert_cmpfloat (value, ==, 10);
}

/* The helper the state machines bind their guards with. */
static void
test_lookup (void)
{
  g_autoptr (HycoModel) model = test_load_inline (SHADOW_MODEL);
  HycoActor *inner = hyco_model_lookup_actor (model, "Inner");
  g_autoptr (GError) error = NULL;
  double value = 0;

  g_assert_true (
    _hyco_parameter_lookup (hyco_model_lookup_actor (model, "Inner.Gain"), "f", &value, &error));
  g_assert_cmpfloat (value, ==, 3);
  g_assert_true (_hyco_parameter_lookup (inner, "f", &value, &error));
  g_assert_cmpfloat (value, ==, 3);
  g_assert_true (
    _hyco_parameter_lookup (hyco_model_lookup_actor (model, "Outer"), "f", &value, &error));
  g_assert_cmpfloat (value, ==, 1);
  g_assert_no_error (error);
  /* Not found: no error. */
  g_assert_false (_hyco_parameter_lookup (inner, "nothing", &value, &error));
  g_assert_no_error (error);
  /* Found but broken: an error. */
  g_assert_true (hyco_composite_actor_set_parameter (hyco_model_get_toplevel (model), "g",
                                                     "nothing + 1", &error));
  g_assert_false (_hyco_parameter_lookup (inner, "g", &value, &error));
  g_assert_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_UNKNOWN_NAME);
}

#define CLOCK_MODEL                                                                                \
  "<entity name=\"top\" class=\"CompositeActor\">\n"                                               \
  "  <property name=\"rate\" class=\"ptolemy.data.expr.Parameter\" value=\"4\"/>\n"                \
  "  <property name=\"director\" class=\"DEDirector\">\n"                                          \
  "    <property name=\"stopTime\" value=\"2 / rate\"/>\n"                                         \
  "  </property>\n"                                                                                \
  "  <entity name=\"Clock\" class=\"DiscreteClock\">\n"                                            \
  "    <property name=\"period\" value=\"1 / rate\"/>\n"                                           \
  "  </entity>\n"                                                                                  \
  "  <entity name=\"Recorder\" class=\"Recorder\"/>\n"                                             \
  "  <relation name=\"a\"/>\n"                                                                     \
  "  <link port=\"Clock.output\" relation=\"a\"/>\n"                                               \
  "  <link port=\"Recorder.input\" relation=\"a\"/>\n"                                             \
  "</entity>\n"

static void
assert_tags (HycoRecorder *recorder, int resolution, const char *const *expected)
{
  guint n = g_strv_length ((char **) expected);

  g_assert_cmpuint (hyco_recorder_get_count (recorder), ==, n);
  for (guint i = 0; i < n; i++)
    {
      HycoTag tag;
      g_autofree char *time = NULL;
      hyco_recorder_get_tag (recorder, i, &tag);
      time = hyco_time_to_string (tag.time, resolution);
      g_assert_cmpstr (time, ==, expected[i]);
      g_assert_cmpuint (tag.microstep, ==, 1);
    }
}

/* A time parameter from an expression: exact when the value is a whole number of ticks, the
 * nearest tick otherwise. */
static void
test_time_parameter (void)
{
  g_autoptr (HycoModel) model = test_load_inline (CLOCK_MODEL);
  g_autoptr (GError) error = NULL;
  HycoRecorder *recorder = run_and_get_recorder (model, "Recorder");
  HycoActor *clock = hyco_model_lookup_actor (model, "Clock");
  int resolution = hyco_model_get_resolution (model);
  g_autofree char *period = NULL;

  assert_tags (recorder, resolution, (const char *const[]){ "0", "0.25", "0.5", NULL });
  g_object_get (clock, "period", &period, NULL);
  g_assert_cmpstr (period, ==, "0.25");

  /* 1 / 3 s is no decimal: Ptolemy II rounds it to the resolution, and so do we. */
  g_assert_true (hyco_model_set_parameter (model, "rate", "3", &error));
  g_assert_no_error (error);
  recorder = run_and_get_recorder (model, "Recorder");
  assert_tags (recorder, resolution,
               (const char *const[]){ "0", "0.333333333", "0.666666666", NULL });

  /* The resolution itself may be computed. */
  g_assert_true (hyco_model_set_parameter (model, "director.timeResolution", "10 ^ -3", &error));
  g_assert_no_error (error);
  recorder = run_and_get_recorder (model, "Recorder");
  g_assert_cmpint (hyco_model_get_resolution (model), ==, -3);
  assert_tags (recorder, -3, (const char *const[]){ "0", "0.333", "0.666", NULL });
}

/* What `hyco run --set f=3` does: the new value reaches every expression that uses it. */
static void
test_set_before_run (void)
{
  g_autoptr (HycoModel) model = test_load_inline (SHADOW_MODEL);
  g_autoptr (GError) error = NULL;

  g_assert_true (hyco_model_set_parameter (model, "f", "2", &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (recorded_double (run_and_get_recorder (model, "OuterRecorder"), 0), ==, 22);
  g_assert_cmpfloat (recorded_double (run_and_get_recorder (model, "Inner.Recorder"), 0), ==, 23);

  /* A composite's parameter by its path. */
  g_assert_true (hyco_model_set_parameter (model, "Inner.f", "7", &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (recorded_double (run_and_get_recorder (model, "Inner.Recorder"), 0), ==, 27);
  /* Inner's f is the f nearest to Inner: itself. */
  g_assert_false (hyco_model_set_parameter (model, "Inner.f", "f + 1", &error));
  g_assert_error (error, HYCO_MODEL_FILE_ERROR, HYCO_MODEL_FILE_ERROR_BAD_VALUE);
  test_assert_contains (error->message, "Inner.f: the parameters depend on each other in a cycle: "
                                        "f -> f");
  g_clear_error (&error);
  g_assert_cmpstr (hyco_composite_actor_get_parameter_text (
                     HYCO_COMPOSITE_ACTOR (hyco_model_lookup_actor (model, "Inner")), "f"),
                   ==, "7");

  /* A value that cannot be evaluated is refused, and the old one kept. */
  g_assert_false (hyco_model_set_parameter (model, "f", "nothing", &error));
  g_assert_error (error, HYCO_MODEL_FILE_ERROR, HYCO_MODEL_FILE_ERROR_BAD_VALUE);
  test_assert_contains (error->message, "unknown name \"nothing\"");
  g_clear_error (&error);
  g_assert_false (hyco_model_set_parameter (model, "f", "2 +", &error));
  g_assert_error (error, HYCO_MODEL_FILE_ERROR, HYCO_MODEL_FILE_ERROR_BAD_VALUE);
  test_assert_contains (error->message, "position");
  g_clear_error (&error);
  g_assert_cmpstr (hyco_composite_actor_get_parameter_text (hyco_model_get_toplevel (model), "f"),
                   ==, "2");
  /* Only declared parameters can be set. */
  g_assert_false (hyco_model_set_parameter (model, "h", "2", &error));
  g_assert_error (error, HYCO_MODEL_FILE_ERROR, HYCO_MODEL_FILE_ERROR_UNKNOWN_PARAMETER);
  g_clear_error (&error);

  /* The same through the composite. */
  g_assert_true (
    hyco_composite_actor_set_parameter (hyco_model_get_toplevel (model), "f", "3", &error));
  g_assert_cmpfloat (recorded_double (run_and_get_recorder (model, "OuterRecorder"), 0), ==, 33);
}

/* An unknown name: at load, the property's line and the position; when a model parameter is
 * changed through the API to use one, at prepare, the composite's line. */
static void
test_unknown_name (void)
{
  g_autoptr (HycoModel) model = NULL;
  g_autoptr (GError) error = NULL;

  assert_load_fails (GAIN_MODEL ("2 * pi * g"), 8,
                     (const char *const[]){ "property \"factor\"", "Gain \"Gain\"",
                                            "in \"2 * pi * g\" at position 10",
                                            "unknown name \"g\"", NULL });
  /* One bare name may be a mistyped literal: the literal's syntax is recalled. */
  assert_load_fails (
    GAIN_MODEL ("two"), 8,
    (const char *const[]){ "\"two\" is not a value literal", "unknown name \"two\"", NULL });

  model = test_load_inline (GAIN_MODEL ("2 * pi * f"));
  g_assert_true (
    hyco_composite_actor_set_parameter (hyco_model_get_toplevel (model), "f", "3 * h", &error));
  g_assert_no_error (error);
  g_assert_false (hyco_model_prepare (model, &error));
  g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_PARAMETER);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, "inline.xml:1: top: parameter f: "));
  test_assert_contains (error->message, "in \"3 * h\" at position 5: unknown name \"h\"");
  g_clear_error (&error);

  /* Through the actor that uses it, the chain of parameters is given. */
  g_assert_true (
    hyco_composite_actor_set_parameter (hyco_model_get_toplevel (model), "f", "3", &error));
  g_assert_true (hyco_param_set_from_string (G_OBJECT (hyco_model_lookup_actor (model, "Gain")),
                                             "factor", "f * 2", &error));
  g_assert_true (
    hyco_composite_actor_set_parameter (hyco_model_get_toplevel (model), "f", "3 * h", &error));
  g_assert_false (hyco_param_set_from_string (G_OBJECT (hyco_model_lookup_actor (model, "Gain")),
                                              "factor", "f * 2", &error));
  g_assert_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_BAD_VALUE);
  test_assert_contains (error->message,
                        "factor: in \"f * 2\" at position 1: parameter f: in \"3 * h\" "
                        "at position 5: unknown name \"h\"");
}

static void
test_syntax_error (void)
{
  g_autoptr (HycoCompositeActor) top = hyco_composite_actor_new ("top");
  g_auto (GStrv) names = NULL;
  g_autoptr (GError) error = NULL;

  assert_load_fails (GAIN_MODEL ("2 * * f"), 8,
                     (const char *const[]){ "property \"factor\"", "2 * * f", "position", NULL });
  assert_load_fails ("<entity name=\"top\" class=\"CompositeActor\">\n"
                     "  <property name=\"f\" class=\"ptolemy.data.expr.Parameter\" value=\"(1\"/>\n"
                     "</entity>\n",
                     2, (const char *const[]){ "property \"f\"", "\"(1\"", "position", NULL });

  g_assert_false (hyco_composite_actor_set_parameter (top, "f", "1 +", &error));
  g_assert_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_BAD_VALUE);
  test_assert_contains (error->message, "position");
  g_clear_error (&error);
  g_assert_false (hyco_composite_actor_set_parameter (top, "a.b", "1", &error));
  g_assert_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_INVALID_NAME);
  g_clear_error (&error);
  g_assert_false (hyco_composite_actor_set_parameter (top, "name", "1", &error));
  g_assert_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_INVALID_NAME);
  g_clear_error (&error);
  names = hyco_composite_actor_list_parameters (top);
  g_assert_cmpuint (g_strv_length (names), ==, 0);
}

static void
test_cycle (void)
{
  g_autoptr (HycoCompositeActor) top = hyco_composite_actor_new ("top");
  g_autoptr (GError) error = NULL;
  double value;

  assert_load_fails (
    "<entity name=\"top\" class=\"CompositeActor\">\n"
    "  <property name=\"a\" class=\"ptolemy.data.expr.Parameter\" value=\"b + 1\"/>\n"
    "  <property name=\"b\" class=\"ptolemy.data.expr.Parameter\" value=\"a\"/>\n"
    "</entity>\n",
    2, (const char *const[]){ "property \"a\"", "a -> b -> a", NULL });

  g_assert_true (hyco_composite_actor_set_parameter (top, "a", "b + c", &error));
  g_assert_true (hyco_composite_actor_set_parameter (top, "b", "2 * c", &error));
  g_assert_true (hyco_composite_actor_set_parameter (top, "c", "1", &error));
  g_assert_true (hyco_composite_actor_evaluate_parameter (top, "a", &value, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (value, ==, 3);
  g_assert_true (hyco_composite_actor_set_parameter (top, "c", "a - 1", &error));
  g_assert_false (hyco_composite_actor_evaluate_parameter (top, "b", &value, &error));
  g_assert_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_CYCLE);
  g_test_message ("%s", error->message);
  test_assert_contains (error->message, "b -> c -> a -> b");
}

/* Saved and loaded again, the model reads the same, expressions and all. */
static void
test_round_trip (void)
{
  g_autoptr (HycoModel) model = test_load_inline (SHADOW_MODEL);
  g_autoptr (HycoModel) clock_model = test_load_inline (CLOCK_MODEL);
  g_autoptr (HycoModel) reloaded = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *saved = hyco_model_save_to_data (model);
  g_autofree char *saved_again = NULL;
  g_autofree char *clock_saved = hyco_model_save_to_data (clock_model);
  const char *f, *director;

  g_test_message ("%s", saved);
  f = strstr (saved, "<property name=\"f\" class=\"ptolemy.data.expr.Parameter\" value=\"1\"/>");
  director = strstr (saved, "<property name=\"director\"");
  g_assert_nonnull (f);
  g_assert_nonnull (director);
  g_assert_true (f < director);
  test_assert_contains (
    saved, "<property name=\"g\" class=\"ptolemy.data.expr.Parameter\" value=\"10 * f\"/>");
  test_assert_contains (saved, "<property name=\"factor\" value=\"f + g\"/>");
  test_assert_contains (saved, "<property name=\"f\" class=\"ptolemy.data.expr.Parameter\" "
                               "value=\"3\"/>");
  test_assert_contains (clock_saved, "<property name=\"stopTime\" value=\"2 / rate\"/>");
  test_assert_contains (clock_saved, "<property name=\"period\" value=\"1 / rate\"/>");

  reloaded = hyco_model_new_from_data (saved, -1, "saved.xml", &error);
  g_assert_no_error (error);
  saved_again = hyco_model_save_to_data (reloaded);
  g_assert_cmpstr (saved_again, ==, saved);
  /* Running does not change what is saved. */
  run_and_get_recorder (reloaded, "OuterRecorder");
  g_free (saved_again);
  saved_again = hyco_model_save_to_data (reloaded);
  g_assert_cmpstr (saved_again, ==, saved);
}

/* What `hyco inspect` prints for model parameters. */
static void
test_describe (void)
{
  g_autoptr (HycoModel) model = test_load_inline (SHADOW_MODEL);
  g_autofree char *text = hyco_model_describe (model);

  g_test_message ("%s", text);
  test_assert_contains (text, "  parameter g = 10 * f  (model parameter, 10.0)\n");
  test_assert_contains (text, "    parameter f = 3  (model parameter, 3.0)\n");
  test_assert_contains (text, "parameter factor = f + g  (set)\n");
}

/* Every owner answers the same calls, whoever provides the parameter: the class's properties
 * or the composite's model parameters; the model's entry point agrees with them. */
static void
test_protocol (void)
{
  g_autoptr (HycoModel) model = test_load_inline (SHADOW_MODEL);
  HycoParameterOwner *top = HYCO_PARAMETER_OWNER (hyco_model_get_toplevel (model));
  HycoParameterOwner *gain = HYCO_PARAMETER_OWNER (hyco_model_lookup_actor (model, "Inner.Gain"));
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) names = hyco_parameter_owner_list (top);
  g_autoptr (HycoParameterInfo) info = NULL;
  g_autofree char *text = NULL;
  g_autofree char *gain_text = NULL;

  g_assert_cmpuint (g_strv_length (names), ==, 2);
  g_assert_cmpstr (names[0], ==, "f");
  g_assert_cmpstr (names[1], ==, "g");
  g_assert_true (hyco_parameter_owner_has (top, "g"));
  g_assert_false (hyco_parameter_owner_has (top, "h"));
  g_assert_true (hyco_parameter_owner_needs_evaluation (top, "g"));
  text = hyco_parameter_owner_get_text (top, "g");
  g_assert_cmpstr (text, ==, "10 * f");
  info = hyco_parameter_owner_describe (top, "g");
  g_assert_cmpstr (info->type, ==, "expression");

  g_assert_true (hyco_parameter_owner_has (gain, "factor"));
  g_assert_true (hyco_parameter_owner_is_set (gain, "factor"));
  gain_text = hyco_parameter_owner_get_text (gain, "factor");
  g_assert_cmpstr (gain_text, ==, "f + g");
  g_assert_true (hyco_parameter_owner_evaluate (gain, "factor", &error));
  g_assert_no_error (error);

  /* A bad value is refused with an error that leaves naming the parameter to the caller. */
  g_assert_false (hyco_parameter_owner_set_text (top, "g", "f +", &error));
  g_assert_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_BAD_VALUE);
  g_assert_false (g_str_has_prefix (error->message, "g"));
  g_clear_error (&error);
  g_assert_false (hyco_parameter_owner_set_text (gain, "gain", "2", &error));
  g_assert_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_UNKNOWN);
  g_clear_error (&error);
  g_assert_false (hyco_model_set_parameter (model, "Inner.Gain.factor", "f +", &error));
  g_assert_error (error, HYCO_MODEL_FILE_ERROR, HYCO_MODEL_FILE_ERROR_BAD_VALUE);
  g_assert_true (g_str_has_prefix (error->message, "Inner.Gain.factor: "));
  g_clear_error (&error);

  g_assert_true (hyco_model_set_parameter (model, "g", "2 * f", &error));
  g_assert_no_error (error);
  g_free (text);
  text = hyco_parameter_owner_get_text (top, "g");
  g_assert_cmpstr (text, ==, "2 * f");

  /* An expression whose value is no literal of the parameter says what it evaluated to, with
   * the literal's own complaint whole. */
  g_assert_false (hyco_parameter_owner_set_text (
    HYCO_PARAMETER_OWNER (hyco_composite_actor_get_director (HYCO_COMPOSITE_ACTOR (top))),
    "timeResolution", "f + 2", &error));
  g_assert_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_BAD_VALUE);
  g_assert_cmpstr (error->message, ==,
                   "evaluates to 3.0: resolution \"3.0\" is not a power of ten in seconds, such as "
                   "\"1e-9\"");
}

/* Model parameters hold values of any type, with Ptolemy's types; value and list parameters
 * of actors take any expression, evaluated when the model is prepared. */
#define VALUES_MODEL                                                                               \
  "<entity name=\"top\" class=\"CompositeActor\">\n"                                               \
  "  <property name=\"x\" class=\"ptolemy.data.expr.Parameter\" value=\"3\"/>\n"                   \
  "  <property name=\"list\" class=\"ptolemy.data.expr.Parameter\" value=\"{x, 2 * x}\"/>\n"      \
  "  <property name=\"record\" class=\"ptolemy.data.expr.Parameter\" "                             \
  "value=\"{b = &quot;two&quot;, a = 1.5}\"/>\n"                                                   \
  "  <property name=\"director\" class=\"DEDirector\">\n"                                          \
  "    <property name=\"stopTime\" value=\"2\"/>\n"                                                \
  "  </property>\n"                                                                                \
  "  <entity name=\"Clock\" class=\"DiscreteClock\">\n"                                            \
  "    <property name=\"value\" value=\"list\"/>\n"                                                \
  "  </entity>\n"                                                                                  \
  "  <entity name=\"Test\" class=\"Test\">\n"                                                      \
  "    <property name=\"correctValues\" value=\"repeat(3, list)\"/>\n"                             \
  "  </entity>\n"                                                                                  \
  "  <relation name=\"a\"/>\n"                                                                     \
  "  <link port=\"Clock.output\" relation=\"a\"/>\n"                                               \
  "  <link port=\"Test.input\" relation=\"a\"/>\n"                                                 \
  "</entity>\n"

static void
test_values (void)
{
  g_autoptr (HycoModel) model = test_load_inline (VALUES_MODEL);
  HycoCompositeActor *top = hyco_model_get_toplevel (model);
  g_auto (HycoValue) value = HYCO_VALUE_INIT;
  g_autoptr (GError) error = NULL;
  g_autofree char *literal = NULL;
  g_autofree char *correct = NULL;
  g_autofree char *saved = NULL;
  double number = 0;

  g_assert_true (hyco_composite_actor_evaluate_parameter_value (top, "list", &value, &error));
  g_assert_no_error (error);
  literal = hyco_value_to_literal (&value);
  g_assert_cmpstr (literal, ==, "{3, 6}");
  g_assert_true (hyco_composite_actor_evaluate_parameter_value (top, "record", &value, &error));
  g_assert_cmpstr (hyco_value_get_string (hyco_value_lookup_record_field (&value, "b")), ==, "two");

  /* A number is asked for where an array is: the parameter's error. */
  g_assert_false (hyco_composite_actor_evaluate_parameter (top, "list", &number, &error));
  g_assert_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_BAD_VALUE);
  test_assert_contains (error->message, "{3, 6} is not a number");
  g_clear_error (&error);

  /* The clock sends the array, the test expects it three times (at 0, 1 and 2). */
  hyco_model_run (model, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (hyco_test_get_count (HYCO_TEST (hyco_model_lookup_actor (model, "Test"))), ==,
                    3);
  correct = parameter_text (model, "Test", "correctValues");
  g_assert_cmpstr (correct, ==, "repeat(3, list)");

  /* The modeller's text is saved, not the value. */
  saved = hyco_model_save_to_data (model);
  test_assert_contains (saved, "value=\"{x, 2 * x}\"");
  test_assert_contains (saved, "<property name=\"correctValues\" value=\"repeat(3, list)\"/>");
}

/* Ptolemy's StringParameter: the text is the string. */
static void
test_string_mode (void)
{
  g_autoptr (HycoCompositeActor) top = hyco_composite_actor_new ("top");
  g_autoptr (HycoActor) constant
    = g_object_new (hyco_registry_lookup ("Const"), "name", "Const", NULL);
  g_auto (HycoValue) value = HYCO_VALUE_INIT;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;

  g_assert_true (hyco_composite_actor_set_string_parameter (top, "solver", "ExplicitRK23Solver",
                                                            &error));
  g_assert_true (hyco_composite_actor_is_string_parameter (top, "solver"));
  g_assert_true (hyco_composite_actor_evaluate_parameter_value (top, "solver", &value, &error));
  g_assert_cmpstr (hyco_value_get_string (&value), ==, "ExplicitRK23Solver");
  g_assert_cmpstr (hyco_composite_actor_get_parameter_text (top, "solver"), ==,
                   "ExplicitRK23Solver");
  g_assert_true (hyco_parameter_owner_declare_string (HYCO_PARAMETER_OWNER (top), "message",
                                                      "a \"quoted\" text, not 1 + 1", &error));
  g_assert_true (hyco_composite_actor_evaluate_parameter_value (top, "message", &value, &error));
  g_assert_cmpstr (hyco_value_get_string (&value), ==, "a \"quoted\" text, not 1 + 1");

  /* Expressions read it as a string; --set keeps it in string mode. */
  g_assert_true (hyco_composite_actor_add_actor (top, constant, &error));
  g_assert_true (hyco_param_set_from_string (G_OBJECT (constant), "value", "solver + \"!\"",
                                             &error));
  g_assert_no_error (error);
  g_object_get (constant, "value", &text, NULL);
  g_assert_cmpstr (text, ==, "\"ExplicitRK23Solver!\"");
  g_assert_true (hyco_parameter_owner_set_text (HYCO_PARAMETER_OWNER (top), "solver", "CVODE",
                                                &error));
  g_assert_true (hyco_composite_actor_is_string_parameter (top, "solver"));

  /* A value parameter of a class in string mode holds the string. */
  g_assert_true (hyco_parameter_owner_declare_string (HYCO_PARAMETER_OWNER (constant), "value",
                                                      "plain text", &error));
  g_assert_true (hyco_parameter_owner_evaluate (HYCO_PARAMETER_OWNER (constant), "value", &error));
  g_clear_pointer (&text, g_free);
  g_object_get (constant, "value", &text, NULL);
  g_assert_cmpstr (text, ==, "\"plain text\"");
}

/* `3 / 2` is an int in a model parameter (Ptolemy's types), but an actor's numeric parameter
 * computes in doubles, as it always has. */
static void
test_types (void)
{
  g_autoptr (HycoCompositeActor) top = hyco_composite_actor_new ("top");
  g_autoptr (HycoActor) wave
    = g_object_new (hyco_registry_lookup ("ContinuousSinewave"), "name", "Wave", NULL);
  g_auto (HycoValue) value = HYCO_VALUE_INIT;
  g_autoptr (GError) error = NULL;
  double frequency = 0;

  g_assert_true (hyco_composite_actor_set_parameter (top, "half", "3 / 2", &error));
  g_assert_true (hyco_composite_actor_set_parameter (top, "rate", "4", &error));
  g_assert_true (hyco_composite_actor_evaluate_parameter_value (top, "half", &value, &error));
  g_assert_cmpint (hyco_value_get_value_type (&value), ==, HYCO_VALUE_TYPE_INT);
  g_assert_cmpint (hyco_value_get_int (&value), ==, 1);
  g_assert_true (hyco_composite_actor_add_actor (top, wave, &error));
  g_assert_true (hyco_param_set_from_string (G_OBJECT (wave), "frequency", "1 / rate", &error));
  g_object_get (wave, "frequency", &frequency, NULL);
  g_assert_cmpfloat (frequency, ==, 0.25);

  /* An empty expression leaves the parameter at its default, as Ptolemy gives it no value. */
  g_assert_true (hyco_param_set_from_string (G_OBJECT (wave), "frequency", " ", &error));
  g_assert_no_error (error);
  g_assert_true (hyco_param_is_default (G_OBJECT (wave), g_object_class_find_property (
                                                           G_OBJECT_GET_CLASS (wave), "frequency")));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  hyco_init ();
  g_test_add_func ("/parameters/gain-expression", test_gain_expression);
  g_test_add_func ("/parameters/plain", test_plain_parameters);
  g_test_add_func ("/parameters/shadowing", test_shadowing);
  g_test_add_func ("/parameters/lookup", test_lookup);
  g_test_add_func ("/parameters/change-during-run", test_change_parameter);
  g_test_add_func ("/parameters/time", test_time_parameter);
  g_test_add_func ("/parameters/set-before-run", test_set_before_run);
  g_test_add_func ("/parameters/error/unknown-name", test_unknown_name);
  g_test_add_func ("/parameters/error/syntax", test_syntax_error);
  g_test_add_func ("/parameters/error/cycle", test_cycle);
  g_test_add_func ("/parameters/round-trip", test_round_trip);
  g_test_add_func ("/parameters/describe", test_describe);
  g_test_add_func ("/parameters/protocol", test_protocol);
  g_test_add_func ("/parameters/values", test_values);
  g_test_add_func ("/parameters/string-mode", test_string_mode);
  g_test_add_func ("/parameters/types", test_types);
  return g_test_run ();
}
