/* hyco-sequence.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actors-private.h"
#include "hyco-actors.h"

/**
 * HycoSequence:
 *
 * Ptolemy II's Sequence: produces the elements of `values` in order, one per firing where
 * `enable` is present and true (every firing when `enable` is not connected). At the end it
 * starts again if `repeat` is true, else keeps producing the last value if `holdLastOutput` is
 * true, else stops (its postfire returns false). The position advances when the tag is
 * committed, so repeated firings at one tag produce the same value.
 */
enum
{
  PROP_0,
  PROP_VALUES,
  PROP_REPEAT,
  PROP_HOLD_LAST_OUTPUT,
  N_PROPS
};

struct _HycoSequence
{
  HycoActor parent_instance;

  char *literals[N_PROPS];
  GPtrArray *values;
  gboolean repeat;
  gboolean hold_last_output;

  guint index;   /* of the next value */
  gboolean sent; /* the last fire produced values[index] */

  HycoPort *enable;
  HycoPort *output;
};

G_DEFINE_FINAL_TYPE (HycoSequence, hyco_sequence, HYCO_TYPE_ACTOR)
HYCO_REGISTER_DEFINE (sequence, HYCO_TYPE_SEQUENCE, "Sequence")

static GParamSpec *properties[N_PROPS];

static void
hyco_sequence_constructed (GObject *object)
{
  HycoSequence *self = HYCO_SEQUENCE (object);

  G_OBJECT_CLASS (hyco_sequence_parent_class)->constructed (object);
  self->enable = hyco_actor_get_port (HYCO_ACTOR (self), "enable");
  self->output = hyco_actor_get_port (HYCO_ACTOR (self), "output");
}

static void
hyco_sequence_finalize (GObject *object)
{
  HycoSequence *self = HYCO_SEQUENCE (object);

  _hyco_literals_clear (self->literals, N_PROPS);
  g_clear_pointer (&self->values, g_ptr_array_unref);
  G_OBJECT_CLASS (hyco_sequence_parent_class)->finalize (object);
}

static void
hyco_sequence_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  _hyco_literals_get (HYCO_SEQUENCE (object)->literals, N_PROPS, prop_id, value);
}

static void
hyco_sequence_set_property (GObject *object, guint prop_id, const GValue *value,
                            GParamSpec *pspec)
{
  _hyco_literals_set (object, HYCO_SEQUENCE (object)->literals, N_PROPS, prop_id, value, pspec);
}

static gboolean
hyco_sequence_preinitialize (HycoActor *actor, GError **error)
{
  HycoSequence *self = HYCO_SEQUENCE (actor);

  g_clear_pointer (&self->values, g_ptr_array_unref);
  return _hyco_actors_parse_value_list (actor, "values", self->literals[PROP_VALUES],
                                        &self->values, error)
         && _hyco_actors_parse_boolean (actor, "repeat", self->literals[PROP_REPEAT],
                                        &self->repeat, error)
         && _hyco_actors_parse_boolean (actor, "holdLastOutput",
                                        self->literals[PROP_HOLD_LAST_OUTPUT],
                                        &self->hold_last_output, error);
}

static gboolean
hyco_sequence_initialize (HycoActor *actor, GError **error)
{
  HycoSequence *self = HYCO_SEQUENCE (actor);

  self->index = 0;
  self->sent = FALSE;
  return TRUE;
}

static gboolean
hyco_sequence_fire (HycoActor *actor, GError **error)
{
  HycoSequence *self = HYCO_SEQUENCE (actor);
  gboolean enabled = TRUE;

  self->sent = FALSE;
  if (hyco_port_get_width (self->enable) > 0)
    {
      const HycoValue *x = hyco_port_get_value (self->enable, 0);
      enabled = x != NULL && hyco_value_get_value_type (x) == HYCO_VALUE_TYPE_BOOLEAN
                && hyco_value_get_boolean (x);
    }
  if (enabled && self->index < self->values->len)
    {
      hyco_port_send (self->output, 0, self->values->pdata[self->index]);
      self->sent = TRUE;
    }
  return TRUE;
}

static gboolean
hyco_sequence_postfire (HycoActor *actor, GError **error)
{
  HycoSequence *self = HYCO_SEQUENCE (actor);

  if (!self->sent)
    return TRUE;
  if (++self->index < self->values->len)
    return TRUE;
  if (self->repeat)
    self->index = 0;
  else if (self->hold_last_output)
    self->index = self->values->len - 1;
  else
    hyco_actor_finish (actor);
  return TRUE;
}

static void
hyco_sequence_class_init (HycoSequenceClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  object_class->constructed = hyco_sequence_constructed;
  object_class->finalize = hyco_sequence_finalize;
  object_class->get_property = hyco_sequence_get_property;
  object_class->set_property = hyco_sequence_set_property;
  actor_class->preinitialize = hyco_sequence_preinitialize;
  actor_class->initialize = hyco_sequence_initialize;
  actor_class->fire = hyco_sequence_fire;
  actor_class->postfire = hyco_sequence_postfire;

  hyco_actor_class_set_description (actor_class,
                                    "Produces values in order, one per enabled firing");
  hyco_actor_class_add_port (actor_class, "enable", HYCO_PORT_INPUT,
                             "If connected, a value is produced only where this is true");
  hyco_actor_class_add_port (actor_class, "output", HYCO_PORT_OUTPUT, "The next value");

  /**
   * HycoSequence:values:
   *
   * The values, in order.
   */
  properties[PROP_VALUES] = hyco_param_spec_literal ("values", "The values, in order",
                                                     HYCO_PARAM_KIND_VALUE_LIST, "{1}");
  /**
   * HycoSequence:repeat:
   *
   * Whether to start again after the last value.
   */
  properties[PROP_REPEAT] = hyco_param_spec_literal ("repeat", "Start again after the last value",
                                                     HYCO_PARAM_KIND_VALUE, "false");
  /**
   * HycoSequence:holdLastOutput:
   *
   * Whether to keep producing the last value (without repeat).
   */
  properties[PROP_HOLD_LAST_OUTPUT] = hyco_param_spec_literal (
    "holdLastOutput", "Keep producing the last value", HYCO_PARAM_KIND_VALUE, "false");
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hyco_sequence_init (HycoSequence *self)
{
  _hyco_literals_init (self->literals, properties, N_PROPS);
}
