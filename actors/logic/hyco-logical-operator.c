/* hyco-logical-operator.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actor-helpers-private.h"
#include "hyco-actors.h"

/**
 * HycoLogicalOperator:
 *
 * Ptolemy II's LogicalOperator: the boolean function `function` of the inputs present on the
 * channels of its `input` multiport. Absent channels are ignored; the output is absent when
 * every channel is. A present input that is not a boolean is an error.
 *
 * The actor is non-strict, so that synchronous-reactive models can close constructive cycles
 * through it: `and` and `nand` are decided as soon as one present input is false, `or` and
 * `nor` as soon as one is true, whatever the other channels; otherwise (and always for `xor`
 * and `xnor`) the output waits until every channel is known. Its output depends on its input
 * at the same tag.
 */
struct _HycoLogicalOperator
{
  HycoActor parent_instance;

  HycoLogicalFunction function;

  HycoPort *input;
  HycoPort *output;
};

G_DEFINE_ENUM_TYPE (HycoLogicalFunction, hyco_logical_function,
                    G_DEFINE_ENUM_VALUE (HYCO_LOGICAL_FUNCTION_AND, "and"),
                    G_DEFINE_ENUM_VALUE (HYCO_LOGICAL_FUNCTION_OR, "or"),
                    G_DEFINE_ENUM_VALUE (HYCO_LOGICAL_FUNCTION_XOR, "xor"),
                    G_DEFINE_ENUM_VALUE (HYCO_LOGICAL_FUNCTION_NAND, "nand"),
                    G_DEFINE_ENUM_VALUE (HYCO_LOGICAL_FUNCTION_NOR, "nor"),
                    G_DEFINE_ENUM_VALUE (HYCO_LOGICAL_FUNCTION_XNOR, "xnor"))

G_DEFINE_FINAL_TYPE (HycoLogicalOperator, hyco_logical_operator, HYCO_TYPE_ACTOR)
HYCO_REGISTER_DEFINE (logical_operator, HYCO_TYPE_LOGICAL_OPERATOR, "LogicalOperator")

enum
{
  PROP_0,
  PROP_FUNCTION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
hyco_logical_operator_constructed (GObject *object)
{
  HycoLogicalOperator *self = HYCO_LOGICAL_OPERATOR (object);

  G_OBJECT_CLASS (hyco_logical_operator_parent_class)->constructed (object);
  self->input = hyco_actor_get_port (HYCO_ACTOR (self), "input");
  self->output = hyco_actor_get_port (HYCO_ACTOR (self), "output");
}

static void
hyco_logical_operator_get_property (GObject *object, guint prop_id, GValue *value,
                                    GParamSpec *pspec)
{
  HycoLogicalOperator *self = HYCO_LOGICAL_OPERATOR (object);

  switch (prop_id)
    {
    case PROP_FUNCTION:
      g_value_set_enum (value, self->function);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hyco_logical_operator_set_property (GObject *object, guint prop_id, const GValue *value,
                                    GParamSpec *pspec)
{
  HycoLogicalOperator *self = HYCO_LOGICAL_OPERATOR (object);

  switch (prop_id)
    {
    case PROP_FUNCTION:
      if (self->function != (HycoLogicalFunction) g_value_get_enum (value))
        {
          self->function = g_value_get_enum (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static gboolean
hyco_logical_operator_fire (HycoActor *actor, GError **error)
{
  HycoLogicalOperator *self = HYCO_LOGICAL_OPERATOR (actor);
  HycoLogicalFunction function = self->function;
  guint width = hyco_port_get_width (self->input);
  /* and and nand are settled by one false input, or and nor by one true input. */
  gboolean has_dominant
    = function != HYCO_LOGICAL_FUNCTION_XOR && function != HYCO_LOGICAL_FUNCTION_XNOR;
  gboolean dominant = function == HYCO_LOGICAL_FUNCTION_OR || function == HYCO_LOGICAL_FUNCTION_NOR;
  gboolean any_unknown = FALSE, any_present = FALSE, dominated = FALSE, parity = FALSE;
  gboolean result = FALSE;

  for (guint c = 0; c < width; c++)
    {
      HycoSignalStatus status = hyco_port_get_status (self->input, c);
      const HycoValue *x;
      gboolean b;

      if (status == HYCO_SIGNAL_UNKNOWN)
        {
          any_unknown = TRUE;
          continue;
        }
      if (status == HYCO_SIGNAL_ABSENT)
        continue;
      x = hyco_port_get_value (self->input, c);
      if (hyco_value_get_value_type (x) != HYCO_VALUE_TYPE_BOOLEAN)
        {
          g_autofree char *literal = hyco_value_to_literal (x);
          hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_FAILED,
                                "input channel %u: %s %s is not a boolean", c,
                                hyco_value_type_to_string (hyco_value_get_value_type (x)), literal);
          return FALSE;
        }
      b = hyco_value_get_boolean (x);
      any_present = TRUE;
      dominated |= has_dominant && b == dominant;
      parity ^= b;
    }

  /* Leave the output unknown until it is determined: a later firing at this tag may only add
   * to what this one produced. */
  if (any_unknown && !dominated)
    return TRUE;
  if (!any_present)
    {
      hyco_port_send_absent (self->output, 0);
      return TRUE;
    }
  switch (function)
    {
    case HYCO_LOGICAL_FUNCTION_AND:
    case HYCO_LOGICAL_FUNCTION_NOR:
      result = !dominated;
      break;
    case HYCO_LOGICAL_FUNCTION_OR:
    case HYCO_LOGICAL_FUNCTION_NAND:
      result = dominated;
      break;
    case HYCO_LOGICAL_FUNCTION_XOR:
      result = parity;
      break;
    case HYCO_LOGICAL_FUNCTION_XNOR:
      result = !parity;
      break;
    }
  hyco_port_send_boolean (self->output, 0, result);
  return TRUE;
}

static gboolean
hyco_logical_operator_is_strict (HycoActor *actor)
{
  /* The same for every function, so that changing the function does not change the
   * causality analysis of the model. */
  return FALSE;
}

static gboolean
hyco_logical_operator_output_depends_on (HycoActor *actor, HycoPort *output, HycoPort *input)
{
  return TRUE;
}

static void
hyco_logical_operator_class_init (HycoLogicalOperatorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  object_class->constructed = hyco_logical_operator_constructed;
  object_class->get_property = hyco_logical_operator_get_property;
  object_class->set_property = hyco_logical_operator_set_property;
  actor_class->fire = hyco_logical_operator_fire;
  actor_class->is_strict = hyco_logical_operator_is_strict;
  actor_class->output_depends_on = hyco_logical_operator_output_depends_on;

  hyco_actor_class_set_description (actor_class,
                                    "A boolean function (and, or, xor, nand, nor, xnor) of the "
                                    "present inputs");
  hyco_actor_class_add_port (actor_class, "input", HYCO_PORT_INPUT | HYCO_PORT_MULTIPORT,
                             "Booleans; absent channels are ignored");
  hyco_actor_class_add_port (actor_class, "output", HYCO_PORT_OUTPUT,
                             "The function of the present inputs, absent when none is present");

  /**
   * HycoLogicalOperator:function:
   *
   * The function computed: `and`, `or`, `xor`, `nand`, `nor` or `xnor`.
   */
  properties[PROP_FUNCTION]
    = g_param_spec_enum ("function", NULL, "and, or, xor, nand, nor or xnor",
                         HYCO_TYPE_LOGICAL_FUNCTION, HYCO_LOGICAL_FUNCTION_AND,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hyco_logical_operator_init (HycoLogicalOperator *self)
{
  self->function = HYCO_LOGICAL_FUNCTION_AND;
}
