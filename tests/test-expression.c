/* test-expression.c: expressions for guards, actions and parameters.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco.h"

#include <math.h>

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

/* The examples: a guard, an action, a parameter. */
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
  return g_test_run ();
}
