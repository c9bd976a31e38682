/* hyco-boolean-to-anything.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actors-private.h"
#include "hyco-actors.h"

/**
 * HycoBooleanToAnything:
 *
 * Ptolemy II's BooleanToAnything: `trueValue` for a true input, `falseValue` for a false one.
 * As Ptolemy II's type resolution makes the output type at least both values' types, an
 * integer value is produced as a double when the other value is a double.
 */
enum
{
  PROP_0,
  PROP_FALSE_VALUE,
  PROP_TRUE_VALUE,
  N_PROPS
};

struct _HycoBooleanToAnything
{
  HycoActor parent_instance;

  char *literals[N_PROPS];
  HycoValue false_value;
  HycoValue true_value;

  HycoPort *input;
  HycoPort *output;
};

G_DEFINE_FINAL_TYPE (HycoBooleanToAnything, hyco_boolean_to_anything, HYCO_TYPE_ACTOR)
HYCO_REGISTER_DEFINE (boolean_to_anything, HYCO_TYPE_BOOLEAN_TO_ANYTHING, "BooleanToAnything")

static GParamSpec *properties[N_PROPS];

static void
hyco_boolean_to_anything_constructed (GObject *object)
{
  HycoBooleanToAnything *self = HYCO_BOOLEAN_TO_ANYTHING (object);

  G_OBJECT_CLASS (hyco_boolean_to_anything_parent_class)->constructed (object);
  self->input = hyco_actor_get_port (HYCO_ACTOR (self), "input");
  self->output = hyco_actor_get_port (HYCO_ACTOR (self), "output");
}

static void
hyco_boolean_to_anything_finalize (GObject *object)
{
  HycoBooleanToAnything *self = HYCO_BOOLEAN_TO_ANYTHING (object);

  _hyco_literals_clear (self->literals, N_PROPS);
  hyco_value_clear (&self->false_value);
  hyco_value_clear (&self->true_value);
  G_OBJECT_CLASS (hyco_boolean_to_anything_parent_class)->finalize (object);
}

static void
hyco_boolean_to_anything_get_property (GObject *object, guint prop_id, GValue *value,
                                       GParamSpec *pspec)
{
  _hyco_literals_get (HYCO_BOOLEAN_TO_ANYTHING (object)->literals, N_PROPS, prop_id, value);
}

static void
hyco_boolean_to_anything_set_property (GObject *object, guint prop_id, const GValue *value,
                                       GParamSpec *pspec)
{
  _hyco_literals_set (object, HYCO_BOOLEAN_TO_ANYTHING (object)->literals, N_PROPS, prop_id,
                      value, pspec);
}

/* An integer becomes a double when the other value is one: the output's type is the least
 * type of both, as Ptolemy II resolves it. */
static void
promote (HycoValue *value, const HycoValue *other)
{
  if (hyco_value_get_value_type (value) == HYCO_VALUE_TYPE_INT
      && hyco_value_get_value_type (other) == HYCO_VALUE_TYPE_DOUBLE)
    hyco_value_set_double (value, (double) hyco_value_get_int (value));
}

static gboolean
hyco_boolean_to_anything_preinitialize (HycoActor *actor, GError **error)
{
  HycoBooleanToAnything *self = HYCO_BOOLEAN_TO_ANYTHING (actor);

  if (!_hyco_actors_parse_value (actor, "falseValue", self->literals[PROP_FALSE_VALUE],
                                 &self->false_value, error)
      || !_hyco_actors_parse_value (actor, "trueValue", self->literals[PROP_TRUE_VALUE],
                                    &self->true_value, error))
    return FALSE;
  promote (&self->false_value, &self->true_value);
  promote (&self->true_value, &self->false_value);
  return TRUE;
}

static gboolean
hyco_boolean_to_anything_fire (HycoActor *actor, GError **error)
{
  HycoBooleanToAnything *self = HYCO_BOOLEAN_TO_ANYTHING (actor);
  const HycoValue *x = hyco_port_get_value (self->input, 0);

  if (x == NULL)
    return TRUE;
  if (hyco_value_get_value_type (x) != HYCO_VALUE_TYPE_BOOLEAN)
    {
      g_autofree char *text = hyco_value_to_literal (x);
      hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_FAILED,
                            "input: must be true or false, not %s", text);
      return FALSE;
    }
  hyco_port_send (self->output, 0,
                  hyco_value_get_boolean (x) ? &self->true_value : &self->false_value);
  return TRUE;
}

static void
hyco_boolean_to_anything_class_init (HycoBooleanToAnythingClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  object_class->constructed = hyco_boolean_to_anything_constructed;
  object_class->finalize = hyco_boolean_to_anything_finalize;
  object_class->get_property = hyco_boolean_to_anything_get_property;
  object_class->set_property = hyco_boolean_to_anything_set_property;
  actor_class->preinitialize = hyco_boolean_to_anything_preinitialize;
  actor_class->fire = hyco_boolean_to_anything_fire;

  hyco_actor_class_set_description (actor_class, "trueValue or falseValue for a boolean");
  hyco_actor_class_add_port (actor_class, "input", HYCO_PORT_INPUT, "A boolean");
  hyco_actor_class_add_port (actor_class, "output", HYCO_PORT_OUTPUT,
                             "trueValue or falseValue where the input is present");

  /**
   * HycoBooleanToAnything:falseValue:
   *
   * The value produced for false.
   */
  properties[PROP_FALSE_VALUE] = hyco_param_spec_literal (
    "falseValue", "The value produced for false", HYCO_PARAM_KIND_VALUE, "0");
  /**
   * HycoBooleanToAnything:trueValue:
   *
   * The value produced for true.
   */
  properties[PROP_TRUE_VALUE] = hyco_param_spec_literal ("trueValue", "The value produced for true",
                                                         HYCO_PARAM_KIND_VALUE, "1");
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hyco_boolean_to_anything_init (HycoBooleanToAnything *self)
{
  _hyco_literals_init (self->literals, properties, N_PROPS);
}
