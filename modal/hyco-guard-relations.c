/* hyco-guard-relations.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-expr-private.h"
#include "hyco-guard-relations-private.h"

#include <math.h>

/* A guard read as Ptolemy II's continuous domain reads it (its evaluator for guard expressions
 * and the relation list it fills): every comparison in the guard, and every true-or-false
 * operand of `&&`, `||` and `!`, is a relation whose kind (true, false, equal, below, above)
 * and distance to its threshold (|left - right|) are recorded at each evaluation, both sides
 * of `&&` and `||` being evaluated always so that every relation is measured every time.
 * `==` and `!=` between numbers hold within the director's error tolerance, since a
 * continuous signal never meets a level exactly; a number that passed from below a level to
 * above it (or back) between two commits is an event even when the guard is false at both.
 * The values at the last commit are what the step size is refined by: the step is shortened
 * in proportion to how far the relation was from its threshold then and how far past it is
 * now. */

typedef enum
{
  RELATION_INVALID,
  RELATION_TRUE,
  RELATION_FALSE,
  RELATION_EQUAL,
  RELATION_BELOW,
  RELATION_ABOVE,
} RelationKind;

typedef struct
{
  RelationKind kind, committed_kind;
  double distance, committed_distance;
} Relation;

struct _HycoGuardRelations
{
  ExprNode *root;
  GPtrArray *names;
  GArray *relations; /* Relation, in the order the walk meets them */
  guint next;        /* the walk's position in relations */
  double tolerance;
  ExprContext context;
};

HycoGuardRelations *
_hyco_guard_relations_new (const char *text, GError **error)
{
  HycoGuardRelations *self = g_new0 (HycoGuardRelations, 1);

  self->names = g_ptr_array_new_with_free_func (g_free);
  self->root = _hyco_expr_parse (text, self->names, error);
  if (self->root == NULL)
    {
      _hyco_guard_relations_free (self);
      return NULL;
    }
  self->relations = g_array_new (FALSE, TRUE, sizeof (Relation));
  self->context.text = text;
  self->context.names = self->names;
  self->context.mode = EXPR_MODE_DOUBLES;
  return self;
}

void
_hyco_guard_relations_free (HycoGuardRelations *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->root, _hyco_expr_node_free);
  g_ptr_array_unref (self->names);
  if (self->relations != NULL)
    g_array_unref (self->relations);
  g_free (self);
}

guint
_hyco_guard_relations_get_n_variables (HycoGuardRelations *self)
{
  return self->names->len;
}

/* Records the next relation the walk meets: added at the first evaluation (kind and distance
 * then also counting as committed, as a relation new to the list has no history), updated at
 * the later ones. */
static void
record (HycoGuardRelations *self, RelationKind kind, double distance)
{
  Relation *relation;

  if (self->next == self->relations->len)
    {
      Relation added = { kind, kind, distance, distance };
      g_array_append_val (self->relations, added);
    }
  relation = &g_array_index (self->relations, Relation, self->next++);
  relation->kind = kind;
  relation->distance = distance;
}

static gboolean
is_number (const HycoValue *value)
{
  return value->type == HYCO_VALUE_TYPE_DOUBLE || value->type == HYCO_VALUE_TYPE_INT;
}

static gboolean
is_comparison (const ExprNode *node)
{
  if (node->kind != EXPR_BINARY)
    return FALSE;
  switch (node->op)
    {
    case OP_LESS:
    case OP_GREATER:
    case OP_LESS_EQUAL:
    case OP_GREATER_EQUAL:
    case OP_EQUAL:
    case OP_NOT_EQUAL:
      return TRUE;
    default:
      return FALSE;
    }
}

static gboolean walk (HycoGuardRelations *self, const ExprNode *node, gboolean *result,
                      GError **error);

/* A comparison: both sides evaluated as usual, the comparison itself done here. */
static gboolean
compare (HycoGuardRelations *self, const ExprNode *node, gboolean *result, GError **error)
{
  HycoValue left = HYCO_VALUE_INIT, right = HYCO_VALUE_INIT, plain = HYCO_VALUE_INIT;
  gboolean ok = TRUE;
  double x, y, difference;

  if (!_hyco_expr_evaluate (&self->context, node->args[0], &left, error)
      || !_hyco_expr_evaluate (&self->context, node->args[1], &right, error))
    {
      hyco_value_clear (&left);
      return FALSE;
    }
  if (!is_number (&left) || !is_number (&right))
    {
      /* Booleans, strings: compared as usual, a relation without distance. */
      ok = _hyco_expr_evaluate (&self->context, node, &plain, error);
      *result = ok && plain.type == HYCO_VALUE_TYPE_BOOLEAN && hyco_value_get_boolean (&plain);
      if (ok)
        record (self, *result ? RELATION_TRUE : RELATION_FALSE, 0);
      hyco_value_clear (&plain);
      hyco_value_clear (&left);
      hyco_value_clear (&right);
      return ok;
    }
  x = hyco_value_get_double (&left);
  y = hyco_value_get_double (&right);
  difference = x - y;
  switch (node->op)
    {
    case OP_EQUAL:
    case OP_NOT_EQUAL:
      {
        gboolean close = fabs (difference) <= self->tolerance;
        *result = node->op == OP_EQUAL ? close : !close;
        record (self, close ? RELATION_EQUAL : difference < 0 ? RELATION_BELOW : RELATION_ABOVE,
                fabs (difference));
        break;
      }
    default:
      *result = node->op == OP_LESS            ? x < y
                : node->op == OP_GREATER       ? x > y
                : node->op == OP_LESS_EQUAL    ? x <= y
                                               : x >= y;
      record (self, *result ? RELATION_TRUE : RELATION_FALSE, fabs (difference));
      break;
    }
  hyco_value_clear (&left);
  hyco_value_clear (&right);
  return TRUE;
}

/* A node whose value is read as true or false: the guard, and the operands of the logical
 * operators. */
static gboolean
walk (HycoGuardRelations *self, const ExprNode *node, gboolean *result, GError **error)
{
  HycoValue value = HYCO_VALUE_INIT;
  gboolean first, second;

  if (node->kind == EXPR_AND || node->kind == EXPR_OR)
    {
      /* Both sides, always. */
      if (!walk (self, node->args[0], &first, error) || !walk (self, node->args[1], &second, error))
        return FALSE;
      *result = node->kind == EXPR_AND ? first && second : first || second;
      return TRUE;
    }
  if (node->kind == EXPR_UNARY && node->op == OP_NOT)
    {
      if (!walk (self, node->args[0], &first, error))
        return FALSE;
      *result = !first;
      return TRUE;
    }
  if (is_comparison (node))
    return compare (self, node, result, error);
  if (!_hyco_expr_evaluate (&self->context, node, &value, error))
    return FALSE;
  *result = value.type == HYCO_VALUE_TYPE_BOOLEAN ? hyco_value_get_boolean (&value)
            : is_number (&value)                  ? hyco_value_get_double (&value) != 0
                                                  : FALSE;
  hyco_value_clear (&value);
  record (self, *result ? RELATION_TRUE : RELATION_FALSE, 0);
  return TRUE;
}

/* Evaluates the guard with @values (the expression's variables, by index, all bound), `==`
 * and `!=` within @tolerance, and records its relations. */
gboolean
_hyco_guard_relations_evaluate (HycoGuardRelations *self, const HycoValue *values,
                                double tolerance, gboolean *result, GError **error)
{
  self->context.values = values;
  self->tolerance = tolerance;
  self->next = 0;
  return walk (self, self->root, result, error);
}

/* The step that ends here is kept: the relations as now evaluated are where the next starts. */
void
_hyco_guard_relations_commit (HycoGuardRelations *self)
{
  for (guint i = 0; i < self->relations->len; i++)
    {
      Relation *relation = &g_array_index (self->relations, Relation, i);
      relation->committed_kind = relation->kind;
      relation->committed_distance = relation->distance;
    }
}

/* A transition was taken: what the relations were before says nothing any more. */
void
_hyco_guard_relations_forget (HycoGuardRelations *self)
{
  for (guint i = 0; i < self->relations->len; i++)
    {
      Relation *relation = &g_array_index (self->relations, Relation, i);
      relation->committed_kind = RELATION_INVALID;
      relation->committed_distance = 0;
    }
}

static gboolean
changed (const Relation *relation)
{
  return relation->committed_kind != RELATION_INVALID && relation->committed_kind != relation->kind;
}

/* Whether a number passed from below a level to above it, or back, since the last commit
 * (the guard of an `==` may be false at both ends of the step that crossed it). */
gboolean
_hyco_guard_relations_crossed (HycoGuardRelations *self)
{
  for (guint i = 0; i < self->relations->len; i++)
    {
      const Relation *relation = &g_array_index (self->relations, Relation, i);
      if (changed (relation)
          && ((relation->committed_kind == RELATION_BELOW && relation->kind == RELATION_ABOVE)
              || (relation->committed_kind == RELATION_ABOVE && relation->kind == RELATION_BELOW)))
        return TRUE;
    }
  return FALSE;
}

/* The largest distance to its threshold of a relation that changed kind since the last
 * commit, 0 if none did; @committed gets that relation's distance at the last commit. */
double
_hyco_guard_relations_overshoot (HycoGuardRelations *self, double *committed)
{
  double largest = 0;

  *committed = 0;
  for (guint i = 0; i < self->relations->len; i++)
    {
      const Relation *relation = &g_array_index (self->relations, Relation, i);
      if (changed (relation) && relation->distance > largest)
        {
          largest = relation->distance;
          *committed = relation->committed_distance;
        }
    }
  /* As Ptolemy II, when no relation changed, the previous distance is the first relation's. */
  if (largest == 0 && self->relations->len > 0)
    *committed = g_array_index (self->relations, Relation, 0).committed_distance;
  return largest;
}
