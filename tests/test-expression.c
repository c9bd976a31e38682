/* test-expression.c: expressions for guards, actions and parameters.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco.h"
#include "test-support.h"

#include <math.h>
#include <stdarg.h>
#include <string.h>

static double
evaluate (const char *text, const char *const *names, const double *values)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoExpression) expression = hyco_expression_new (text, &error);
  double result = NAN;

  g_assert_no_error (error);
  for (guint i = 0; i < hyco_expression_get_n_variables (expression); i++)
    {
      const char *name = hyco_expression_get_variable_name (expression, i);
      gboolean found = FALSE;
      for (guint k = 0; names && names[k]; k++)
        if (g_str_equal (names[k], name))
          {
            hyco_expression_set_variable (expression, i, values[k]);
            found = TRUE;
          }
      g_assert_true (found);
    }
  g_assert_true (hyco_expression_evaluate (expression, &result, &error));
  g_assert_no_error (error);
  return result;
}

/* Evaluates @text with Ptolemy's types, the variables bound to the literals in @bindings
 * ("name", "literal", ..., NULL), and returns the result as a literal. */
static char *
value_of (const char *text, ...)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoExpression) expression = hyco_expression_new (text, &error);
  g_auto (HycoValue) result = HYCO_VALUE_INIT;
  const char *name;
  va_list args;

  g_assert_no_error (error);
  va_start (args, text);
  while ((name = va_arg (args, const char *)) != NULL)
    {
      const char *literal = va_arg (args, const char *);
      g_auto (HycoValue) value = HYCO_VALUE_INIT;

      g_assert_true (hyco_value_parse_literal (literal, &value, NULL));
      for (guint i = 0; i < hyco_expression_get_n_variables (expression); i++)
        if (g_str_equal (hyco_expression_get_variable_name (expression, i), name))
          hyco_expression_set_variable_value (expression, i, &value);
    }
  va_end (args);
  if (!hyco_expression_evaluate_value (expression, &result, &error))
    g_error ("evaluating %s failed: %s", text, error->message);
  return hyco_value_to_literal (&result);
}

#define assert_value(text, expected, ...)                                                          \
  G_STMT_START                                                                                     \
  {                                                                                                \
    g_autofree char *literal_ = value_of (text, ##__VA_ARGS__, NULL);                              \
    g_assert_cmpstr (literal_, ==, expected);                                                      \
  }                                                                                                \
  G_STMT_END

/* Ptolemy's results for the same expressions. */
static void
test_values (void)
{
  /* Literals of every kind. */
  assert_value ("12", "12");
  assert_value ("0x1F", "31");
  assert_value ("017", "15");
  assert_value ("5L", "5");
  assert_value ("1.5", "1.5");
  assert_value (".5", "0.5");
  assert_value ("1e3", "1000.0");
  assert_value ("2d", "2.0");
  assert_value ("\"a\\tb\\\"\"", "\"a\\tb\\\"\"");
  assert_value ("'single'", "\"single\"");
  assert_value ("true", "true");
  assert_value ("False", "false");

  /* Ptolemy's types: int with int stays an int. */
  assert_value ("3 / 2", "1");
  assert_value ("-7 / 2", "-3");
  assert_value ("-7 % 3", "-1");
  assert_value ("3 / 2.0", "1.5");
  assert_value ("1 + 0.5", "1.5");
  assert_value ("2 ^ 10", "1024");
  assert_value ("2.0 ^ 3", "8.0");
  assert_value ("2 ^ -1", "0");
  assert_value ("-2 ^ 2", "4");
  assert_value ("2 + 3 * 4 ^ 2", "50");
  assert_value ("7.5 % 2", "1.5");
  assert_value ("5 & 3 | 8", "9");
  assert_value ("5 # 1", "4");
  assert_value ("~0", "-1");
  assert_value ("(1 << 4) >> 1", "8");
  assert_value ("true & false", "false");

  /* Strings. */
  assert_value ("\"a\" + 1", "\"a1\"");
  assert_value ("1.0 + \"b\"", "\"1.0b\"");
  assert_value ("\"x\" + {1, 2}", "\"x{1, 2}\"");
  assert_value ("\"ab\" == \"ab\"", "true");
  assert_value ("\"abc\".length()", "3");

  /* Comparisons and logic. */
  assert_value ("1 == 1.0", "true");
  assert_value ("1 != 2", "true");
  assert_value ("3 >= 3.5", "false");
  assert_value ("{1, 2} == {1.0, 2.0}", "true");
  assert_value ("!true || 1 < 2 && false", "false");
  assert_value ("2 > 1 ? \"yes\" : \"no\"", "\"yes\"");
  assert_value ("NaN == NaN", "false");
  /* The right side is not evaluated once the left decides. */
  assert_value ("false && undefined", "false");
  assert_value ("true || 1 / 0 == 0", "true");

  /* Arrays and records. */
  assert_value ("{1, 2, 3}", "{1, 2, 3}");
  assert_value ("{1, 2.5}", "{1.0, 2.5}");
  assert_value ("{}", "{}");
  assert_value ("{x, 2 * x}", "{3, 6}", "x", "3");
  assert_value ("{1, 2} + {10, 20}", "{11, 22}");
  assert_value ("2 * {1, 2.5}", "{2.0, 5.0}");
  assert_value ("-{1, 2}", "{-1, -2}");
  assert_value ("{b = 2, a = \"x\"}", "{a = \"x\", b = 2}");
  assert_value ("{a = 1, b = 2} + {b = 3, c = 4}", "{b = 5}");
  assert_value ("r.b", "{1, 2}", "r", "{a = 1, b = {1, 2}}");
  assert_value ("r.b.c + r.a", "3", "r", "{a = 1, b = {c = 2}}");
  assert_value ("{a = {1, 2}}.a.length()", "2");
  assert_value ("r.a.toString().length()", "3", "r", "{a = 1.5}");
  assert_value ("a(1)", "20", "a", "{10, 20, 30}");
  assert_value ("a.length()", "3", "a", "{10, 20, 30}");
  assert_value ("{{a = 1, b = 2}, {a = 2, b = 3}}", "{{a = 1, b = 2}, {a = 2, b = 3}}");

  /* Functions. */
  assert_value ("createSequence(0.0, 0.5, 4)", "{0.0, 0.5, 1.0, 1.5}");
  assert_value ("createSequence(1, 2, 3)", "{1, 3, 5}");
  assert_value ("repeat(3, 0.0)", "{0.0, 0.0, 0.0}");
  assert_value ("repeat(2, \"s\")", "{\"s\", \"s\"}");
  assert_value ("abs(-3)", "3");
  assert_value ("abs(-3.5)", "3.5");
  assert_value ("round(2.5)", "3");
  assert_value ("floor(2.5)", "2.0");
  assert_value ("max(1, 2)", "2");
  assert_value ("max(1, 2.5)", "2.5");
  assert_value ("min({4, 2, 8})", "2");
  assert_value ("sum({1, 2, 3})", "6");
  assert_value ("exp(0)", "1.0");
  assert_value ("sqrt({4.0, 9.0})", "{2.0, 3.0}");
  assert_value ("pow(2, 3)", "8.0");

  /* Constants, and names bound before constants. */
  assert_value ("PI", "3.141592653589793");
  assert_value ("MaxInt + 1", "2147483648");
  assert_value ("e", "2.718281828459045");
  assert_value ("e", "0.5", "e", "0.5");
  assert_value ("-Infinity", "-Infinity");
}

/* The expressions of the Ptolemy II models in ../shared/ptolemy/models, with the values
 * Ptolemy gives them. */
static void
test_suite_expressions (void)
{
  g_autofree char *sequence = value_of ("createSequence(0.0, 0.0, 100)", NULL);
  g_autofree char *repeated = value_of ("repeat(13, 0.0)", NULL);

  g_autoptr (GPtrArray) elements = hyco_value_parse_list (sequence, NULL);

  g_assert_cmpuint (elements->len, ==, 100);
  for (guint i = 0; i < elements->len; i++)
    g_assert_cmpfloat (hyco_value_get_double (elements->pdata[i]), ==, 0.0);
  g_assert_cmpint (hyco_value_get_value_type (elements->pdata[99]), ==, HYCO_VALUE_TYPE_DOUBLE);
  g_assert_cmpstr (repeated, ==,
                   "{0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0}");
  assert_value ("1.0 / (2 * PI)", "0.15915494309189535");
  assert_value ("PI/2.0", "1.5707963267948966");
  assert_value ("exp(-time)", "1.0", "time", "0.0");
  assert_value ("input > 10", "true", "input", "11");
  assert_value ("in % 10 == 0", "true", "in", "20");
  assert_value ("in || true", "true", "in", "false");
  assert_value ("time == timeInterval * 2", "true", "time", "2.0", "timeInterval", "1.0");
  assert_value ("trigger_isPresent && input_isPresent", "false", "trigger_isPresent", "true",
                "input_isPresent", "false");
  assert_value ("( ! A_SyncChart_918158682i_isPresent)", "true", "A_SyncChart_918158682i_isPresent",
                "false");
  assert_value ("count -1", "4", "count", "5");
  assert_value ("{output}", "{true}", "output", "true");
  assert_value ("1L", "1");
  assert_value ("\"DISCRETE\"", "\"DISCRETE\"");
  assert_value ("{{{a=1, b=2},{a=2, b=3}}, {{a=1, b=2},{a=2, b=3},{a=3, b=4}}}",
                "{{{a = 1, b = 2}, {a = 2, b = 3}}, {{a = 1, b = 2}, {a = 2, b = 3}, {a = 3, b = 4}}}");
}

static void
assert_evaluation_error (const char *text, const char *part)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoExpression) expression = hyco_expression_new (text, &error);
  g_auto (HycoValue) result = HYCO_VALUE_INIT;

  g_assert_no_error (error);
  g_assert_false (hyco_expression_evaluate_value (expression, &result, &error));
  g_assert_true (g_error_matches (error, HYCO_EXPRESSION_ERROR, HYCO_EXPRESSION_ERROR_EVALUATION)
                 || g_error_matches (error, HYCO_EXPRESSION_ERROR,
                                     HYCO_EXPRESSION_ERROR_UNKNOWN_NAME));
  g_test_message ("%s", error->message);
  if (strstr (error->message, part) == NULL)
    g_error ("\"%s\" is not in \"%s\"", part, error->message);
  g_assert_cmpint (hyco_value_get_value_type (&result), ==, HYCO_VALUE_TYPE_NONE);
}

static void
test_evaluation_errors (void)
{
  assert_evaluation_error ("1 / 0", "in \"1 / 0\" at position 3: integer division by zero");
  assert_evaluation_error ("MaxLong + 1", "at position 9: integer overflow");
  assert_evaluation_error ("2 ^ 64", "integer overflow");
  assert_evaluation_error ("x + 1", "at position 1: unknown name \"x\"");
  assert_evaluation_error ("true + 1", "cannot apply + to a boolean and an int");
  assert_evaluation_error ("{1, 2} + {1}", "arrays of lengths 2 and 1");
  assert_evaluation_error ("\"a\" < 1", "cannot apply <");
  assert_evaluation_error ("\"a\" ? 1 : 2", "a string is not a condition");
  assert_evaluation_error ("{a = 1}.b", "the record has no field \"b\"");
  assert_evaluation_error ("sin(1, 2)", "sin takes one argument, not 2");
  assert_evaluation_error ("repeat(-1, 0)", "-1 is not a length");
  assert_evaluation_error ("createSequence(0, 1, 2.5)", "createSequence expects an int");
  assert_evaluation_error ("{a = 1, a = 2}", "names a field twice");
  assert_evaluation_error ("f(1)", "unknown function or name \"f\"");
}

/* The double API computes as it always did: every number a double. */
static void
test_doubles (void)
{
  const char *names[] = { "rate", "x", NULL };
  double values[] = { 4, 7 };
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoExpression) text = hyco_expression_new ("\"a\"", &error);
  double result;

  g_assert_cmpfloat (evaluate ("1 / rate", names, values), ==, 0.25);
  g_assert_cmpfloat (evaluate ("3 / 2", names, values), ==, 1.5);
  g_assert_cmpfloat (evaluate ("x % 4", names, values), ==, 3);
  g_assert_cmpfloat (evaluate ("true + 1", names, values), ==, 2);
  g_assert_cmpfloat (evaluate ("x > 3 ? 1 : x > 1 ? 2 : 3", names, values), ==, 1);
  g_assert_cmpfloat (evaluate ("MaxInt", names, values), ==, 2147483647);
  g_assert_cmpfloat (evaluate ("2^0.5", names, values), ==, sqrt (2));
  g_assert_false (hyco_expression_evaluate (text, &result, &error));
  g_assert_error (error, HYCO_EXPRESSION_ERROR, HYCO_EXPRESSION_ERROR_EVALUATION);
}

static void
test_variable_positions (void)
{
  g_autoptr (HycoExpression) expression = hyco_expression_new ("1 + y * f(x) + y", NULL);

  g_assert_cmpuint (hyco_expression_get_n_variables (expression), ==, 3);
  g_assert_cmpstr (hyco_expression_get_variable_name (expression, 0), ==, "y");
  g_assert_cmpint (hyco_expression_get_variable_position (expression, 0), ==, 5);
  g_assert_cmpstr (hyco_expression_get_variable_name (expression, 1), ==, "f");
  g_assert_cmpint (hyco_expression_get_variable_position (expression, 1), ==, 9);
  g_assert_cmpint (hyco_expression_get_variable_position (expression, 2), ==, 11);
}

/* Ptolemy's Expression actor: `a + b` fires only when both inputs are present (at 0 and 2,
 * where the clocks coincide), at the clocks' exact tags; `iteration` counts those firings,
 * `time` is in seconds, and model parameters are in scope. */
#define EXPRESSION_MODEL                                                                           \
  "<entity name=\"top\" class=\"ptolemy.actor.TypedCompositeActor\">\n"                            \
  "  <property name=\"k\" class=\"ptolemy.data.expr.Parameter\" value=\"100\"/>\n"                 \
  "  <property name=\"director\" class=\"ptolemy.domains.de.kernel.DEDirector\">\n"                \
  "    <property name=\"stopTime\" value=\"4\"/>\n"                                                \
  "  </property>\n"                                                                                \
  "  <entity name=\"A\" class=\"DiscreteClock\">\n"                                                \
  "    <property name=\"value\" value=\"1\"/>\n"                                                   \
  "  </entity>\n"                                                                                  \
  "  <entity name=\"B\" class=\"DiscreteClock\">\n"                                                \
  "    <property name=\"period\" value=\"2\"/>\n"                                                  \
  "    <property name=\"value\" value=\"0.5\"/>\n"                                                 \
  "  </entity>\n"                                                                                  \
  "  <entity name=\"Sum\" class=\"ptolemy.actor.lib.Expression\">\n"                               \
  "    <property name=\"expression\" value=\"k * (a + b) + iteration + time / 10\"/>\n"            \
  "    <port name=\"a\" class=\"ptolemy.actor.TypedIOPort\"><property name=\"input\"/></port>\n"   \
  "    <port name=\"b\" class=\"ptolemy.actor.TypedIOPort\"><property name=\"input\"/></port>\n"   \
  "  </entity>\n"                                                                                  \
  "  <entity name=\"Compare\" class=\"ptolemy.actor.lib.Expression\">\n"                           \
  "    <property name=\"expression\" value=\"in > 0 ? &quot;yes&quot; : &quot;no&quot;\"/>\n"      \
  "    <port name=\"in\" class=\"ptolemy.actor.TypedIOPort\"><property name=\"input\"/></port>\n"  \
  "  </entity>\n"                                                                                  \
  "  <entity name=\"Test\" class=\"Test\">\n"                                                      \
  "    <property name=\"correctValues\" value=\"{151.0, 152.2, 153.4}\"/>\n"                       \
  "    <property name=\"correctTags\" value=\"{(0, 1), (2, 1), (4, 1)}\"/>\n"                      \
  "  </entity>\n"                                                                                  \
  "  <entity name=\"TestCompare\" class=\"Test\">\n"                                               \
  "    <property name=\"correctValues\" value=\"repeat(5, &quot;yes&quot;)\"/>\n"                  \
  "    <property name=\"correctTags\" value=\"{(0, 1), (1, 1), (2, 1), (3, 1), (4, 1)}\"/>\n"      \
  "  </entity>\n"                                                                                  \
  "  <relation name=\"ra\"/>\n"                                                                    \
  "  <relation name=\"rb\"/>\n"                                                                    \
  "  <relation name=\"out\"/>\n"                                                                   \
  "  <relation name=\"compared\"/>\n"                                                              \
  "  <link port=\"A.output\" relation=\"ra\"/>\n"                                                  \
  "  <link port=\"Sum.a\" relation=\"ra\"/>\n"                                                     \
  "  <link port=\"Compare.in\" relation=\"ra\"/>\n"                                                \
  "  <link port=\"B.output\" relation=\"rb\"/>\n"                                                  \
  "  <link port=\"Sum.b\" relation=\"rb\"/>\n"                                                     \
  "  <link port=\"Sum.output\" relation=\"out\"/>\n"                                               \
  "  <link port=\"Test.input\" relation=\"out\"/>\n"                                               \
  "  <link port=\"Compare.output\" relation=\"compared\"/>\n"                                      \
  "  <link port=\"TestCompare.input\" relation=\"compared\"/>\n"                                   \
  "</entity>\n"

static void
test_expression_actor (void)
{
  g_autoptr (HycoModel) model = test_load_inline (EXPRESSION_MODEL);
  g_autoptr (GError) error = NULL;
  g_autofree char *saved = NULL;
  g_autoptr (HycoModel) reloaded = NULL;

  hyco_model_run (model, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (hyco_test_get_count (HYCO_TEST (hyco_model_lookup_actor (model, "Test"))), ==,
                    3);
  g_assert_cmpuint (
    hyco_test_get_count (HYCO_TEST (hyco_model_lookup_actor (model, "TestCompare"))), ==, 5);

  /* Saved with its ports and its expression, and runs again the same. */
  saved = hyco_model_save_to_data (model);
  test_assert_contains (saved, "<port name=\"a\" class=\"TypedIOPort\">");
  test_assert_contains (saved, "value=\"k * (a + b) + iteration + time / 10\"");
  reloaded = hyco_model_new_from_data (saved, -1, "saved.xml", &error);
  g_assert_no_error (error);
  hyco_model_run (reloaded, NULL, &error);
  g_assert_no_error (error);
}

static void
test_expression_actor_errors (void)
{
  static const struct
  {
    const char *expression;
    const char *part;
  } cases[] = {
    { "a +", "parameter expression: in \"a +\" at position 4: the expression ends too early" },
    { "a + nothing", "at position 5: unknown name \"nothing\"" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *xml = g_strdup_printf (
        "<entity name=\"top\" class=\"CompositeActor\">\n"
        "  <property name=\"director\" class=\"DEDirector\"/>\n"
        "  <entity name=\"E\" class=\"Expression\">\n"
        "    <property name=\"expression\" value=\"%s\"/>\n"
        "    <port name=\"a\"><property name=\"input\"/></port>\n"
        "  </entity>\n"
        "</entity>\n",
        cases[i].expression);
      g_autoptr (GError) error = NULL;
      g_autoptr (HycoModel) model = hyco_model_new_from_data (xml, -1, "inline.xml", &error);

      if (model != NULL)
        hyco_model_run (model, NULL, &error);
      g_assert_nonnull (error);
      g_test_message ("%s", error->message);
      test_assert_contains (error->message, cases[i].part);
    }
}

/* The issue's examples: a guard, an action, a parameter. */
static void
test_examples (void)
{
  const char *names[] = { "x", "heat", "e", "v", "f", NULL };
  double values[] = { 21.5, 1, 0.8, -3, 2 };

  g_assert_cmpfloat (evaluate ("x >= 21 && heat", names, values), ==, 1);
  values[1] = 0;
  g_assert_cmpfloat (evaluate ("x >= 21 && heat", names, values), ==, 0);
  g_assert_cmpfloat_with_epsilon (evaluate ("-e * v", names, values), 2.4, 1e-15);
  g_assert_cmpfloat_with_epsilon (evaluate ("2 * pi * f", names, values), 4 * G_PI, 1e-15);
  g_assert_cmpfloat (evaluate ("!(x < 21) || false", names, values), ==, 1);
  g_assert_cmpfloat (evaluate ("x > 30 ? 1 : 2", names, values), ==, 2);
  g_assert_cmpfloat_with_epsilon (evaluate ("sqrt(abs(v)) + max(1, 2)", names, values),
                                  sqrt (3) + 2, 1e-15);
}

static void
test_variables (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoExpression) expression = hyco_expression_new ("a + b * a", &error);

  g_assert_no_error (error);
  g_assert_cmpuint (hyco_expression_get_n_variables (expression), ==, 2);
  g_assert_cmpstr (hyco_expression_get_variable_name (expression, 0), ==, "a");
  g_assert_cmpstr (hyco_expression_get_variable_name (expression, 1), ==, "b");
  g_assert_cmpstr (hyco_expression_get_text (expression), ==, "a + b * a");
}

/* Syntax errors are reported when parsing, with the expression and the position. */
static void
test_syntax_errors (void)
{
  const struct
  {
    const char *text;
    const char *part;
  } cases[] = {
    { "x >= ", "position" },
    { "2 * (x + 1", "\"2 * (x + 1\"" },
    { "x ** 2", "position" },
    { "   ", "empty" },
    { "sin(", "sin(" },
    { "{1, 2", "position 6: the expression ends too early" },
    { "x == y == z", "position 8: unexpected \"==\"" },
    { "\"open", "position 1: the string has no closing double quote" },
    { "1 + @", "position 5: unexpected character \"@\"" },
    { "99999999999999999999", "does not fit in a 64-bit int" },
    { "08", "not an octal number" },
    { "1.5i", "complex numbers are not supported" },
    { "\"\\q\"", "unknown escape" },
    { "{a = 1, 2}", "position 9" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (HycoExpression) expression = hyco_expression_new (cases[i].text, &error);
      g_assert_null (expression);
      g_assert_error (error, HYCO_EXPRESSION_ERROR, HYCO_EXPRESSION_ERROR_SYNTAX);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, cases[i].part));
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/expression/examples", test_examples);
  g_test_add_func ("/expression/variables", test_variables);
  g_test_add_func ("/expression/syntax-errors", test_syntax_errors);
  g_test_add_func ("/expression/values", test_values);
  g_test_add_func ("/expression/suite", test_suite_expressions);
  g_test_add_func ("/expression/evaluation-errors", test_evaluation_errors);
  g_test_add_func ("/expression/doubles", test_doubles);
  g_test_add_func ("/expression/variable-positions", test_variable_positions);
  g_test_add_func ("/expression/actor", test_expression_actor);
  g_test_add_func ("/expression/actor-errors", test_expression_actor_errors);
  return g_test_run ();
}
