/* hyco-expression.c: Ptolemy II's expression language, parsed by the grammar of
 * hyco-expr-parser.y and evaluated by hyco-expr-eval.c.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-kernel.h"
#include "hyco-expr-private.h"

#include <math.h>

/**
 * HycoExpression:
 *
 * An expression in Ptolemy II's expression language, as guards (`x >= 21 && heat`), actions
 * (`-e * v`), parameters (`2 * pi * f`) and values (`{1, 2, 3}`, `createSequence(0.0, 0.5,
 * 10)`, `{a = 1, b = "x"}`) are written:
 *
 * - literals: ints (`12`, `0x1F`, octal `017`, `12L`), doubles (`1.5`, `.5`, `1e-3`, `2d`),
 *   strings in double or single quotes with Java's escapes, `true` and `false`;
 * - arrays `{1, 2, 3}` and records `{a = 1, b = 2}` (fields sorted by name);
 * - operators, from the loosest: `?:`, `||`, `&&`, `|`, `#` (exclusive or), `&`, `==` `!=`,
 *   `<` `<=` `>` `>=`, `<<` `>>` `>>>`, `+` `-`, `*` `/` `%`, `^`, and the prefix `-` `!` `~`;
 * - functions: `sin`, `cos`, `tan`, their inverses and hyperbolic forms, `exp`, `log` (natural),
 *   `log10`, `log2`, `sqrt`, `floor`, `ceil`, `rint`, `round`, `abs`, `sign`, `pow`, `atan2`,
 *   `hypot`, `max`, `min`, `sum`, `avg` (of numbers or arrays), `createSequence(start, step,
 *   n)`, `repeat(n, value)`, `isNaN`, `isInfinite`;
 * - `a(i)`: element i (from 0) of the array `a`; `a.length()`; `r.name`: a record's field;
 * - constants: `PI`, `pi`, `E`, `e`, `NaN`, `Infinity`, `MaxInt`, `MinInt`, `MaxLong`,
 *   `MinLong`, `MaxDouble`, `MinDouble`, ...
 *
 * Every other name is a variable, which the caller binds before evaluating (`e` and
 * `Infinity` too, falling back to the constants when left unbound).
 *
 * There are two ways to evaluate. hyco_expression_evaluate_value() follows Ptolemy's types:
 * an int with an int gives an int (`3 / 2` is 1, overflow is an error), with a double a double;
 * `+` joins strings; `==` compares any two values. hyco_expression_evaluate() computes in
 * doubles (every number, and booleans as 1 and 0), as guards and numeric parameters always
 * were, and gives a double.
 */

struct _HycoExpression
{
  GObject parent_instance;

  char *text;
  ExprNode *root;
  GPtrArray *names;  /* char*, the variables in order of appearance */
  HycoValue *values; /* their values, NONE while unbound */
};

G_DEFINE_FINAL_TYPE (HycoExpression, hyco_expression, G_TYPE_OBJECT)

/* clang-format off */
/**
 * hyco_expression_error_quark:
 *
 * The error domain of expressions: a syntax error, an unknown name, or an evaluation that fails,
 * with a message naming the expression and the position in it.
 *
 * Returns: the #GQuark of #HycoExpressionError
 */
G_DEFINE_QUARK (hyco-expression-error-quark, hyco_expression_error)
/* clang-format on */

static void
hyco_expression_finalize (GObject *object)
{
  HycoExpression *self = HYCO_EXPRESSION (object);

  for (guint i = 0; self->values != NULL && i < self->names->len; i++)
    hyco_value_clear (&self->values[i]);
  g_free (self->values);
  _hyco_expr_node_free (self->root);
  g_free (self->text);
  g_ptr_array_unref (self->names);
  G_OBJECT_CLASS (hyco_expression_parent_class)->finalize (object);
}

static void
hyco_expression_class_init (HycoExpressionClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = hyco_expression_finalize;
}

static void
hyco_expression_init (HycoExpression *self)
{
  self->names = g_ptr_array_new_with_free_func (g_free);
}

/**
 * hyco_expression_new:
 * @text: the expression
 * @error: return location for a #GError
 *
 * Parses @text. A syntax error (%HYCO_EXPRESSION_ERROR_SYNTAX) names the expression and the
 * position (counted from 1) of what could not be read.
 *
 * Returns: (transfer full) (nullable): the expression, or %NULL
 */
HycoExpression *
hyco_expression_new (const char *text, GError **error)
{
  g_autoptr (HycoExpression) self = NULL;

  g_return_val_if_fail (text != NULL, NULL);
  if (text[strspn (text, " \t\r\n")] == '\0')
    {
      g_set_error (error, HYCO_EXPRESSION_ERROR, HYCO_EXPRESSION_ERROR_SYNTAX,
                   "the expression is empty");
      return NULL;
    }
  self = g_object_new (HYCO_TYPE_EXPRESSION, NULL);
  self->text = g_strdup (text);
  self->root = _hyco_expr_parse (text, self->names, error);
  if (self->root == NULL)
    return NULL;
  self->values = g_new0 (HycoValue, self->names->len);
  return g_steal_pointer (&self);
}

/**
 * hyco_expression_get_text:
 * @self: an expression
 *
 * Gets the text the expression was parsed from.
 *
 * Returns: the expression's text
 */
const char *
hyco_expression_get_text (HycoExpression *self)
{
  g_return_val_if_fail (HYCO_IS_EXPRESSION (self), NULL);
  return self->text;
}

/**
 * hyco_expression_get_n_variables:
 * @self: an expression
 *
 * Counts the distinct variables the expression names, each given its value with
 * hyco_expression_set_variable() before hyco_expression_evaluate().
 *
 * Returns: how many variables the expression uses
 */
guint
hyco_expression_get_n_variables (HycoExpression *self)
{
  g_return_val_if_fail (HYCO_IS_EXPRESSION (self), 0);
  return self->names->len;
}

/**
 * hyco_expression_get_variable_name:
 * @self: an expression
 * @index: a variable index
 *
 * Gets the name of one of the variables the expression names, by the index
 * hyco_expression_set_variable() gives its value at.
 *
 * Returns: the variable's name
 */
const char *
hyco_expression_get_variable_name (HycoExpression *self, guint index)
{
  g_return_val_if_fail (HYCO_IS_EXPRESSION (self), NULL);
  g_return_val_if_fail (index < self->names->len, NULL);
  return self->names->pdata[index];
}

static int
first_position (const ExprNode *node, int variable)
{
  if (node->variable == variable && (node->kind == EXPR_NAME || node->kind == EXPR_CALL))
    return node->position;
  for (guint i = 0; i < node->n_args; i++)
    {
      int position = first_position (node->args[i], variable);

      if (position > 0)
        return position;
    }
  return 0;
}

/**
 * hyco_expression_get_variable_position:
 * @self: an expression
 * @index: a variable index
 *
 * Where the variable first appears in the expression's text, for messages.
 *
 * Returns: the position, counted from 1
 */
int
hyco_expression_get_variable_position (HycoExpression *self, guint index)
{
  g_return_val_if_fail (HYCO_IS_EXPRESSION (self), 0);
  g_return_val_if_fail (index < self->names->len, 0);
  return first_position (self->root, (int) index);
}

/**
 * hyco_expression_set_variable:
 * @self: an expression
 * @index: a variable index
 * @value: its value for the next evaluations (booleans as 1 and 0)
 *
 * Sets a variable to a double.
 */
void
hyco_expression_set_variable (HycoExpression *self, guint index, double value)
{
  g_return_if_fail (HYCO_IS_EXPRESSION (self));
  g_return_if_fail (index < self->names->len);
  hyco_value_set_double (&self->values[index], value);
}

/**
 * hyco_expression_set_variable_value:
 * @self: an expression
 * @index: a variable index
 * @value: (nullable): its value for the next evaluations (copied; an array or a record is
 *   shared), or %NULL to unbind it
 *
 * Sets a variable to any value. An unbound variable named as a constant (`e`, `Infinity`)
 * is that constant; any other is an error when evaluated.
 */
void
hyco_expression_set_variable_value (HycoExpression *self, guint index, const HycoValue *value)
{
  g_return_if_fail (HYCO_IS_EXPRESSION (self));
  g_return_if_fail (index < self->names->len);
  if (value != NULL)
    hyco_value_assign (&self->values[index], value);
  else
    hyco_value_clear (&self->values[index]);
}

/**
 * hyco_expression_evaluate_value:
 * @self: an expression
 * @result: (out caller-allocates): the value
 * @error: return location for a #GError
 *
 * Evaluates the expression with the variables' current values, with Ptolemy's types: ints
 * stay ints (`3 / 2` is 1, `1 + 0.5` is a double), strings join with `+`, arrays and records
 * combine element by element. An unknown name, a type that an operator or function does not
 * take, an integer overflow or division by zero, an index out of bounds fail with
 * %HYCO_EXPRESSION_ERROR_EVALUATION, naming the expression and the position. A scalar result
 * allocates nothing. On failure @result is unchanged.
 *
 * Returns: %TRUE on success
 */
gboolean
hyco_expression_evaluate_value (HycoExpression *self, HycoValue *result, GError **error)
{
  ExprContext context;

  g_return_val_if_fail (HYCO_IS_EXPRESSION (self), FALSE);
  g_return_val_if_fail (result != NULL, FALSE);
  context.text = self->text;
  context.values = self->values;
  context.names = self->names;
  context.mode = EXPR_MODE_VALUES;
  return _hyco_expr_evaluate (&context, self->root, result, error);
}

/**
 * hyco_expression_evaluate:
 * @self: an expression
 * @result: (out): the value
 * @error: return location for a #GError
 *
 * Evaluates the expression with the variables' current values, computing with doubles: every
 * number is a double (`3 / 2` is 1.5) and booleans count as 1 and 0, as guards and numeric
 * parameters are read. A result that is not a number or a boolean (a string, an array) fails
 * with %HYCO_EXPRESSION_ERROR_EVALUATION.
 *
 * Returns: %TRUE on success
 */
gboolean
hyco_expression_evaluate (HycoExpression *self, double *result, GError **error)
{
  HycoValue value = HYCO_VALUE_INIT;
  ExprContext context;

  g_return_val_if_fail (HYCO_IS_EXPRESSION (self), FALSE);
  g_return_val_if_fail (result != NULL, FALSE);
  context.text = self->text;
  context.values = self->values;
  context.names = self->names;
  context.mode = EXPR_MODE_DOUBLES;
  if (!_hyco_expr_evaluate (&context, self->root, &value, error))
    return FALSE;
  switch (value.type)
    {
    case HYCO_VALUE_TYPE_DOUBLE:
    case HYCO_VALUE_TYPE_INT:
    case HYCO_VALUE_TYPE_BOOLEAN:
      *result = hyco_value_get_double (&value);
      return TRUE;
    default:
      g_set_error (error, HYCO_EXPRESSION_ERROR, HYCO_EXPRESSION_ERROR_EVALUATION,
                   "in \"%s\": the value is %s %s, not a number", self->text,
                   value.type == HYCO_VALUE_TYPE_ARRAY ? "an" : "a",
                   hyco_value_type_to_string (value.type));
      hyco_value_clear (&value);
      return FALSE;
    }
}
