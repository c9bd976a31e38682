/* hyco-expr-private.h: the syntax tree of Ptolemy II's expression language, its parser
 * (hyco-expr-parser.y) and its evaluator (hyco-expr-eval.c); #HycoExpression is the public
 * face of both.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "hyco-value.h"

G_BEGIN_DECLS

typedef enum
{
  EXPR_CONSTANT, /* a literal: constant */
  EXPR_NAME,     /* an identifier: name, variable (its index among the expression's names) */
  EXPR_UNARY,    /* op args[0] */
  EXPR_BINARY,   /* args[0] op args[1] */
  EXPR_AND,      /* args[0] && args[1], evaluated left to right, stopping when known */
  EXPR_OR,       /* args[0] || args[1] */
  EXPR_IF,       /* args[0] ? args[1] : args[2] */
  EXPR_CALL,     /* name(args...): the function numbered op (from 1), or, when op is 0, the
                  * element of the array the variable holds */
  EXPR_ARRAY,    /* {args...} */
  EXPR_RECORD,   /* {labels[0] = args[0], ...} */
  EXPR_METHOD,   /* args[0].name(args[1...]), or args[0].name, a record's field */
} ExprKind;

/* Operators, by the characters that write them. */
typedef enum
{
  OP_ADD = '+',
  OP_SUBTRACT = '-',
  OP_MULTIPLY = '*',
  OP_DIVIDE = '/',
  OP_MODULO = '%',
  OP_POWER = '^',
  OP_NOT = '!',
  OP_BITWISE_NOT = '~',
  OP_BITWISE_AND = '&',
  OP_BITWISE_OR = '|',
  OP_BITWISE_XOR = '#',
  OP_LESS = '<',
  OP_GREATER = '>',
  OP_LESS_EQUAL = 256,
  OP_GREATER_EQUAL,
  OP_EQUAL,
  OP_NOT_EQUAL,
  OP_SHIFT_LEFT,
  OP_SHIFT_RIGHT,
  OP_SHIFT_RIGHT_UNSIGNED,
} ExprOp;

typedef struct _ExprNode ExprNode;
struct _ExprNode
{
  ExprKind kind;
  int op;
  int position; /* of the node's first character, counted from 1 */
  HycoValue constant;
  char *name;
  int variable; /* -1 unless an EXPR_NAME or an EXPR_CALL on a variable */
  guint n_args;
  ExprNode **args;
  char **labels; /* EXPR_RECORD's field names, in the order written */
  gboolean method_call; /* EXPR_METHOD written with parentheses */
};

/* Parses @text into a tree; the names it uses (identifiers other than literals and built-in
 * constants, and names called as functions that are no built-in function) are added to
 * @names in the order they first appear, each node holding its index there. */
ExprNode *_hyco_expr_parse (const char *text, GPtrArray *names, GError **error);
void _hyco_expr_node_free (ExprNode *node);

/* How numbers behave: Ptolemy's types (an int divided by an int is an int), or every number a
 * double, as the expressions of guards and numeric parameters always were. */
typedef enum
{
  EXPR_MODE_VALUES,
  EXPR_MODE_DOUBLES,
} ExprMode;

typedef struct
{
  const char *text;       /* for messages */
  const HycoValue *values; /* the variables, by index; NONE when not bound */
  GPtrArray *names;
  ExprMode mode;
} ExprContext;

gboolean _hyco_expr_evaluate (const ExprContext *context, const ExprNode *node,
                              HycoValue *result, GError **error);

/* Ptolemy's named constants (PI, pi, E, e, NaN, Infinity, MaxInt, ...): %TRUE and @value set
 * when @name is one. */
gboolean _hyco_expr_lookup_constant (const char *name, HycoValue *value);
/* Constants that are never variables: every constant except e and Infinity, which expressions
 * could always name as variables (a model parameter, a coefficient of restitution `e`). */
gboolean _hyco_expr_is_fixed_constant (const char *name);
gboolean _hyco_expr_is_function (const char *name);
int _hyco_expr_function_index (const char *name);

G_END_DECLS
