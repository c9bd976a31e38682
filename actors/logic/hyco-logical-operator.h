/* hyco-logical-operator.h: and, or, xor and their negations over boolean channels.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined(HYCO_INSIDE) && !defined(HYCO_COMPILATION)
#error "Only <hyco.h> can be included directly."
#endif

#include "hyco-export.h"
#include "hyco-actor.h"

G_BEGIN_DECLS

/**
 * HycoLogicalFunction:
 * @HYCO_LOGICAL_FUNCTION_AND: true when every present input is true (`and`)
 * @HYCO_LOGICAL_FUNCTION_OR: true when some present input is true (`or`)
 * @HYCO_LOGICAL_FUNCTION_XOR: true when an odd number of present inputs are true (`xor`)
 * @HYCO_LOGICAL_FUNCTION_NAND: the negation of and (`nand`)
 * @HYCO_LOGICAL_FUNCTION_NOR: the negation of or (`nor`)
 * @HYCO_LOGICAL_FUNCTION_XNOR: the negation of xor (`xnor`)
 *
 * The function a #HycoLogicalOperator computes over its present inputs; model files name it by
 * the word in parentheses.
 */
typedef enum
{
  HYCO_LOGICAL_FUNCTION_AND,
  HYCO_LOGICAL_FUNCTION_OR,
  HYCO_LOGICAL_FUNCTION_XOR,
  HYCO_LOGICAL_FUNCTION_NAND,
  HYCO_LOGICAL_FUNCTION_NOR,
  HYCO_LOGICAL_FUNCTION_XNOR,
} HycoLogicalFunction;

#define HYCO_TYPE_LOGICAL_FUNCTION (hyco_logical_function_get_type ())
HYCO_API GType hyco_logical_function_get_type (void) G_GNUC_CONST;

#define HYCO_TYPE_LOGICAL_OPERATOR (hyco_logical_operator_get_type ())
HYCO_API
G_DECLARE_FINAL_TYPE (HycoLogicalOperator, hyco_logical_operator, HYCO, LOGICAL_OPERATOR, HycoActor)

G_END_DECLS
