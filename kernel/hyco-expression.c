/* hyco-expression.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-kernel.h"

#include <math.h>
#include <muParserDLL.h>

/**
 * HycoExpression:
 *
 * An expression over numbers and booleans, as guards (`x >= 21 && heat`), actions (`-e * v`)
 * and parameters (`2 * pi * f`) are written, parsed by muparser (Debian's libmuparser-dev):
 * `+ - * / ^`, comparisons, `&&`, `||`, `!`, `?:`, functions such as `sin`, `exp`, `sqrt`,
 * `abs`, `min`, `max`, and the constants `pi`, `true` (1) and `false` (0). Booleans are 1 and
 * 0. Every other name is a variable whose value the caller sets before evaluating.
 */

struct _HycoExpression
{
  GObject parent_instance;

  char *text;
  muParserHandle_t parser;
  GPtrArray *names;  /* char*, the variables in order of appearance */
  double *values;    /* their storage, which the parser reads */
  guint n_values;
  guint capacity;
};

G_DEFINE_FINAL_TYPE (HycoExpression, hyco_expression, G_TYPE_OBJECT)

/* clang-format off */
G_DEFINE_QUARK (hyco-expression-error-quark, hyco_expression_error)
/* clang-format on */

/* Most expressions have a handful of variables; their storage must not move once the parser
 * holds pointers into it, so it is allocated once, large enough for any expression's text. */
static double *
define_variable (const muChar_t *name, void *user_data)
{
  HycoExpression *self = user_data;

  g_assert (self->n_values < self->capacity);
  g_ptr_array_add (self->names, g_strdup (name));
  self->values[self->n_values] = 0;
  return &self->values[self->n_values++];
}

static muFloat_t
logical_not (muFloat_t value)
{
  return value == 0 ? 1 : 0;
}

static void
ignore_error (muParserHandle_t parser)
{
  /* Errors are read back with mupError (): nothing to print. */
}

static void
hyco_expression_finalize (GObject *object)
{
  HycoExpression *self = HYCO_EXPRESSION (object);

  if (self->parser)
    mupRelease (self->parser);
  g_free (self->text);
  g_free (self->values);
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

static void
set_error (HycoExpression *self, GError **error, HycoExpressionError code)
{
  int position = mupGetErrorPos (self->parser);
  g_autofree char *message = g_strdup (mupGetErrorMsg (self->parser));
  char *own_position = strstr (message, " at position ");

  /* muparser counts from 0 and says so in its message; we count from 1, once. */
  if (own_position)
    *own_position = '\0';
  if (position >= 0)
    g_set_error (error, HYCO_EXPRESSION_ERROR, code, "in \"%s\" at position %d: %s", self->text,
                 position + 1, message);
  else
    g_set_error (error, HYCO_EXPRESSION_ERROR, code, "in \"%s\": %s", self->text, message);
}

/**
 * hyco_expression_new:
 * @text: the expression
 * @error: return location for a #GError
 *
 * Parses @text. A syntax error names the expression and the position (counted from 1).
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
  self->capacity = (guint) strlen (text) + 1;
  self->values = g_new0 (double, self->capacity);
  self->parser = mupCreate (muBASETYPE_FLOAT);
  mupSetErrorHandler (self->parser, ignore_error);
  mupDefineConst (self->parser, "pi", G_PI);
  mupDefineConst (self->parser, "true", 1);
  mupDefineConst (self->parser, "false", 0);
  mupDefineInfixOprt (self->parser, "!", logical_not, 6);
  mupSetVarFactory (self->parser, define_variable, self);
  mupSetExpr (self->parser, text);
  /* Asking for the variables parses the expression and defines them through the factory. */
  mupGetExprVarNum (self->parser);
  if (mupError (self->parser))
    {
      set_error (self, error, HYCO_EXPRESSION_ERROR_SYNTAX);
      return NULL;
    }
  return g_steal_pointer (&self);
}

/**
 * hyco_expression_get_text:
 * @self: an expression
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
 * Returns: how many variables the expression uses
 */
guint
hyco_expression_get_n_variables (HycoExpression *self)
{
  g_return_val_if_fail (HYCO_IS_EXPRESSION (self), 0);
  return self->n_values;
}

/**
 * hyco_expression_get_variable_name:
 * @self: an expression
 * @index: a variable index
 *
 * Returns: the variable's name
 */
const char *
hyco_expression_get_variable_name (HycoExpression *self, guint index)
{
  g_return_val_if_fail (HYCO_IS_EXPRESSION (self), NULL);
  g_return_val_if_fail (index < self->n_values, NULL);
  return self->names->pdata[index];
}

/**
 * hyco_expression_set_variable:
 * @self: an expression
 * @index: a variable index
 * @value: its value for the next evaluations (booleans as 1 and 0)
 *
 * Sets a variable.
 */
void
hyco_expression_set_variable (HycoExpression *self, guint index, double value)
{
  g_return_if_fail (HYCO_IS_EXPRESSION (self));
  g_return_if_fail (index < self->n_values);
  self->values[index] = value;
}

/**
 * hyco_expression_evaluate:
 * @self: an expression
 * @result: (out): the value
 * @error: return location for a #GError
 *
 * Evaluates the expression with the variables' current values.
 *
 * Returns: %TRUE on success
 */
gboolean
hyco_expression_evaluate (HycoExpression *self, double *result, GError **error)
{
  g_return_val_if_fail (HYCO_IS_EXPRESSION (self), FALSE);
  g_return_val_if_fail (result != NULL, FALSE);
  *result = mupEval (self->parser);
  if (mupError (self->parser))
    {
      set_error (self, error, HYCO_EXPRESSION_ERROR_EVALUATION);
      mupErrorReset (self->parser);
      return FALSE;
    }
  return TRUE;
}
