/* hyco-expression.h: Ptolemy II's expression language, for guards, actions, parameters and
 * values.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined(HYCO_INSIDE) && !defined(HYCO_COMPILATION)
#error "Only <hyco.h> can be included directly."
#endif

#include "hyco-export.h"
#include "hyco-value.h"
#include <glib-object.h>

G_BEGIN_DECLS

/**
 * HYCO_EXPRESSION_ERROR:
 *
 * Error domain for expressions; errors are from #HycoExpressionError.
 */
#define HYCO_EXPRESSION_ERROR (hyco_expression_error_quark ())

/**
 * HycoExpressionError:
 * @HYCO_EXPRESSION_ERROR_SYNTAX: the text is not an expression
 * @HYCO_EXPRESSION_ERROR_EVALUATION: the expression could not be evaluated
 * @HYCO_EXPRESSION_ERROR_UNKNOWN_NAME: the expression names a variable that is not bound and
 *   no constant
 *
 * Errors from expressions.
 */
typedef enum
{
  HYCO_EXPRESSION_ERROR_SYNTAX,
  HYCO_EXPRESSION_ERROR_EVALUATION,
  HYCO_EXPRESSION_ERROR_UNKNOWN_NAME,
} HycoExpressionError;

#define HYCO_TYPE_EXPRESSION (hyco_expression_get_type ())
HYCO_API
G_DECLARE_FINAL_TYPE (HycoExpression, hyco_expression, HYCO, EXPRESSION, GObject)

HYCO_API GQuark hyco_expression_error_quark (void);

HYCO_API HycoExpression *hyco_expression_new (const char *text, GError **error);
HYCO_API const char *hyco_expression_get_text (HycoExpression *self);
HYCO_API guint hyco_expression_get_n_variables (HycoExpression *self);
HYCO_API const char *hyco_expression_get_variable_name (HycoExpression *self, guint index);
HYCO_API void hyco_expression_set_variable (HycoExpression *self, guint index, double value);
HYCO_API gboolean hyco_expression_evaluate (HycoExpression *self, double *result, GError **error);
HYCO_API int hyco_expression_get_variable_position (HycoExpression *self, guint index);
HYCO_API void hyco_expression_set_variable_value (HycoExpression *self, guint index,
                                                  const HycoValue *value);
HYCO_API gboolean hyco_expression_evaluate_value (HycoExpression *self, HycoValue *result,
                                                  GError **error);

G_END_DECLS
