/* hyco-comparator.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actor-helpers-private.h"
#include "hyco-actors.h"

#include <string.h>

/* Parsed from the comparison parameter, whose text is the operator itself. */
typedef enum
{
  COMPARISON_GREATER_THAN,
  COMPARISON_GREATER_EQUAL,
  COMPARISON_LESS_THAN,
  COMPARISON_LESS_EQUAL,
  COMPARISON_EQUAL,
  COMPARISON_NOT_EQUAL,
} Comparison;

/* In the order of Comparison. */
static const char *const operators[] = { ">", ">=", "<", "<=", "==", "!=" };

/**
 * HycoComparator:
 *
 * Ptolemy II's Comparator: a boolean, `left` `comparison` `right`, where both inputs are
 * present; absent where either is absent.
 *
 * Numbers (integers and doubles, mixed) compare by value, as doubles except that two integers
 * compare exactly; NaN is unequal to everything. As in Ptolemy II, a `tolerance` > 0 loosens
 * every numeric comparison: `>` is left + tolerance > right, `<` is left < right + tolerance,
 * `==` is |left − right| ≤ tolerance, and `!=` is its negation. Strings compare byte by byte
 * (strcmp) with every operator, ignoring the tolerance; booleans only with `==` and `!=`. Any
 * other pair of types is an error.
 */
struct _HycoComparator
{
  HycoActor parent_instance;

  char *comparison_literal;
  Comparison comparison;
  double tolerance;

  HycoPort *left;
  HycoPort *right;
  HycoPort *output;
};

G_DEFINE_FINAL_TYPE (HycoComparator, hyco_comparator, HYCO_TYPE_ACTOR)
HYCO_REGISTER_DEFINE (comparator, HYCO_TYPE_COMPARATOR, "Comparator")

enum
{
  PROP_0,
  PROP_COMPARISON,
  PROP_TOLERANCE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
hyco_comparator_constructed (GObject *object)
{
  HycoComparator *self = HYCO_COMPARATOR (object);

  G_OBJECT_CLASS (hyco_comparator_parent_class)->constructed (object);
  self->left = hyco_actor_get_port (HYCO_ACTOR (self), "left");
  self->right = hyco_actor_get_port (HYCO_ACTOR (self), "right");
  self->output = hyco_actor_get_port (HYCO_ACTOR (self), "output");
}

static void
hyco_comparator_finalize (GObject *object)
{
  g_free (HYCO_COMPARATOR (object)->comparison_literal);
  G_OBJECT_CLASS (hyco_comparator_parent_class)->finalize (object);
}

static void
hyco_comparator_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  HycoComparator *self = HYCO_COMPARATOR (object);

  switch (prop_id)
    {
    case PROP_COMPARISON:
      g_value_set_string (value, self->comparison_literal);
      break;
    case PROP_TOLERANCE:
      g_value_set_double (value, self->tolerance);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hyco_comparator_set_property (GObject *object, guint prop_id, const GValue *value,
                              GParamSpec *pspec)
{
  HycoComparator *self = HYCO_COMPARATOR (object);

  switch (prop_id)
    {
    case PROP_COMPARISON:
      if (_hyco_actors_set_literal (&self->comparison_literal, value, pspec))
        g_object_notify_by_pspec (object, pspec);
      break;
    case PROP_TOLERANCE:
      if (self->tolerance != g_value_get_double (value))
        {
          self->tolerance = g_value_get_double (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static gboolean
hyco_comparator_preinitialize (HycoActor *actor, GError **error)
{
  HycoComparator *self = HYCO_COMPARATOR (actor);
  g_autofree char *text = g_strstrip (g_strdup (self->comparison_literal));

  for (guint i = 0; i < G_N_ELEMENTS (operators); i++)
    if (g_str_equal (text, operators[i]))
      {
        self->comparison = (Comparison) i;
        return TRUE;
      }
  hyco_actor_set_error (
    actor, error, HYCO_ACTOR_ERROR_PARAMETER,
    "parameter comparison: \"%s\" is not one of >, >=, <, <=, ==, !=", self->comparison_literal);
  return FALSE;
}

/* Applies an ordering comparison to the sign of left − right. */
static gboolean
apply_to_order (Comparison comparison, int order)
{
  switch (comparison)
    {
    case COMPARISON_GREATER_THAN:
      return order > 0;
    case COMPARISON_GREATER_EQUAL:
      return order >= 0;
    case COMPARISON_LESS_THAN:
      return order < 0;
    case COMPARISON_LESS_EQUAL:
      return order <= 0;
    case COMPARISON_EQUAL:
      return order == 0;
    case COMPARISON_NOT_EQUAL:
    default:
      return order != 0;
    }
}

/* Numbers compare as Ptolemy II's Comparator does, in doubles with the tolerance on the side
 * that loosens the test (so NaN compares false, and unequal), except that two integers compare
 * exactly. */
static gboolean
compare_numbers (HycoComparator *self, const HycoValue *l, const HycoValue *r)
{
  double tolerance = self->tolerance;
  double a, b;

  if (hyco_value_get_value_type (l) == HYCO_VALUE_TYPE_INT
      && hyco_value_get_value_type (r) == HYCO_VALUE_TYPE_INT)
    {
      gint64 x = hyco_value_get_int (l), y = hyco_value_get_int (r);

      if (tolerance == 0.0)
        return apply_to_order (self->comparison, (x > y) - (x < y));
      /* x − y may overflow a gint64 but never a guint64: round it to a double once. */
      a = x >= y ? (double) ((guint64) x - (guint64) y) : -(double) ((guint64) y - (guint64) x);
      b = 0.0;
    }
  else
    {
      a = hyco_value_get_double (l);
      b = hyco_value_get_double (r);
    }
  switch (self->comparison)
    {
    case COMPARISON_GREATER_THAN:
      return a + tolerance > b;
    case COMPARISON_GREATER_EQUAL:
      return a + tolerance >= b;
    case COMPARISON_LESS_THAN:
      return a < b + tolerance;
    case COMPARISON_LESS_EQUAL:
      return a <= b + tolerance;
    case COMPARISON_EQUAL:
      return a <= b + tolerance && a >= b - tolerance;
    case COMPARISON_NOT_EQUAL:
    default:
      return !(a <= b + tolerance && a >= b - tolerance);
    }
}

static gboolean
hyco_comparator_fire (HycoActor *actor, GError **error)
{
  HycoComparator *self = HYCO_COMPARATOR (actor);
  const HycoValue *l = hyco_port_get_value (self->left, 0);
  const HycoValue *r = hyco_port_get_value (self->right, 0);
  HycoValueType lt, rt;
  gboolean result;

  if (l == NULL || r == NULL)
    return TRUE;
  lt = hyco_value_get_value_type (l);
  rt = hyco_value_get_value_type (r);
  if (hyco_value_is_numeric (l) && hyco_value_is_numeric (r))
    result = compare_numbers (self, l, r);
  else if (lt == HYCO_VALUE_TYPE_STRING && rt == HYCO_VALUE_TYPE_STRING)
    {
      int order = strcmp (hyco_value_get_string (l), hyco_value_get_string (r));
      result = apply_to_order (self->comparison, (order > 0) - (order < 0));
    }
  else if (lt == HYCO_VALUE_TYPE_BOOLEAN && rt == HYCO_VALUE_TYPE_BOOLEAN
           && (self->comparison == COMPARISON_EQUAL || self->comparison == COMPARISON_NOT_EQUAL))
    result = (hyco_value_get_boolean (l) == hyco_value_get_boolean (r))
             == (self->comparison == COMPARISON_EQUAL);
  else
    {
      g_autofree char *left = hyco_value_to_literal (l);
      g_autofree char *right = hyco_value_to_literal (r);
      const char *op = operators[self->comparison];

      if (lt == HYCO_VALUE_TYPE_BOOLEAN && rt == HYCO_VALUE_TYPE_BOOLEAN)
        hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_FAILED,
                              "booleans are not ordered: cannot compare %s %s %s (only == and "
                              "!= apply to booleans)",
                              left, op, right);
      else
        hyco_actor_set_error (
          actor, error, HYCO_ACTOR_ERROR_FAILED, "cannot compare left %s %s with right %s %s",
          hyco_value_type_to_string (lt), left, hyco_value_type_to_string (rt), right);
      return FALSE;
    }
  hyco_port_send_boolean (self->output, 0, result);
  return TRUE;
}

static void
hyco_comparator_class_init (HycoComparatorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  object_class->constructed = hyco_comparator_constructed;
  object_class->finalize = hyco_comparator_finalize;
  object_class->get_property = hyco_comparator_get_property;
  object_class->set_property = hyco_comparator_set_property;
  actor_class->preinitialize = hyco_comparator_preinitialize;
  actor_class->fire = hyco_comparator_fire;

  hyco_actor_class_set_description (actor_class, "Compares left with right (>, >=, <, <=, ==, !=)");
  hyco_actor_class_add_port (actor_class, "left", HYCO_PORT_INPUT,
                             "The left operand: a number, string or boolean");
  hyco_actor_class_add_port (actor_class, "right", HYCO_PORT_INPUT,
                             "The right operand, of a type comparable with left");
  hyco_actor_class_add_port (actor_class, "output", HYCO_PORT_OUTPUT,
                             "The boolean result where both inputs are present, absent elsewhere");

  /**
   * HycoComparator:comparison:
   *
   * The operator, as Ptolemy II writes it: `>`, `>=`, `<`, `<=`, `==` or `!=`. It is text
   * rather than an enumeration because introspection cannot name enumeration values `>`; the
   * text is checked when the model is prepared.
   */
  properties[PROP_COMPARISON]
    = g_param_spec_string ("comparison", NULL, ">, >=, <, <=, == or !=", ">",
                           G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HycoComparator:tolerance:
   *
   * How far a numeric comparison may miss and still be true (≥ 0).
   */
  properties[PROP_TOLERANCE] = g_param_spec_double (
    "tolerance", NULL, "How far a numeric comparison may miss and still hold", 0.0, G_MAXDOUBLE,
    0.0, G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hyco_comparator_init (HycoComparator *self)
{
  self->comparison_literal = g_strdup (">");
  self->comparison = COMPARISON_GREATER_THAN;
}
