/* hyco-array-to-sequence.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actor-helpers-private.h"
#include "hyco-actors-private.h"
#include "hyco-actors.h"

/**
 * HycoArrayToSequence:
 *
 * Ptolemy II's ArrayToSequence (`ptolemy.domains.sdf.lib.ArrayToSequence`): each array on the
 * input goes out as its elements, in order. Ptolemy's SDF actor sends them all in one firing,
 * as several tokens at one time; a Hyco signal has one value per tag, so the elements go out
 * at successive microsteps, the first at the array's own tag. Actors downstream see the same
 * values in the same order, and elements of arrays that arrive together (two
 * ArrayToSequences fed at one tag) meet at the same microsteps. An array arriving while
 * elements of an earlier one are still going out waits for them. With `enforceArrayLength`
 * (the default), an array whose length is not `arrayLength` is an error.
 */
enum
{
  PROP_0,
  PROP_ARRAY_LENGTH,
  PROP_ENFORCE_ARRAY_LENGTH,
  N_PROPS
};

struct _HycoArrayToSequence
{
  HycoActor parent_instance;

  char *literals[N_PROPS];
  gint64 array_length;
  gboolean enforce;

  GArray *pending; /* HycoValue: elements still to go out, from `head`; storage reused */
  guint head;
  HycoTag next; /* when pending[head] goes out */
  gboolean sent_pending; /* fire sent pending[head] */

  HycoPort *input;
  HycoPort *output;
};

G_DEFINE_FINAL_TYPE (HycoArrayToSequence, hyco_array_to_sequence, HYCO_TYPE_ACTOR)
HYCO_REGISTER_DEFINE (array_to_sequence, HYCO_TYPE_ARRAY_TO_SEQUENCE, "ArrayToSequence")

static GParamSpec *properties[N_PROPS];

static void
hyco_array_to_sequence_constructed (GObject *object)
{
  HycoArrayToSequence *self = HYCO_ARRAY_TO_SEQUENCE (object);

  G_OBJECT_CLASS (hyco_array_to_sequence_parent_class)->constructed (object);
  self->input = hyco_actor_get_port (HYCO_ACTOR (self), "input");
  self->output = hyco_actor_get_port (HYCO_ACTOR (self), "output");
}

static void
hyco_array_to_sequence_finalize (GObject *object)
{
  HycoArrayToSequence *self = HYCO_ARRAY_TO_SEQUENCE (object);

  _hyco_literals_clear (self->literals, N_PROPS);
  g_array_unref (self->pending);
  G_OBJECT_CLASS (hyco_array_to_sequence_parent_class)->finalize (object);
}

static void
hyco_array_to_sequence_get_property (GObject *object, guint prop_id, GValue *value,
                                     GParamSpec *pspec)
{
  _hyco_literals_get (HYCO_ARRAY_TO_SEQUENCE (object)->literals, N_PROPS, prop_id, value);
}

static void
hyco_array_to_sequence_set_property (GObject *object, guint prop_id, const GValue *value,
                                     GParamSpec *pspec)
{
  _hyco_literals_set (object, HYCO_ARRAY_TO_SEQUENCE (object)->literals, N_PROPS, prop_id,
                      value, pspec);
}

static gboolean
hyco_array_to_sequence_preinitialize (HycoActor *actor, GError **error)
{
  HycoArrayToSequence *self = HYCO_ARRAY_TO_SEQUENCE (actor);

  return _hyco_actors_parse_count (actor, "arrayLength", self->literals[PROP_ARRAY_LENGTH],
                                   &self->array_length, error)
         && _hyco_actors_parse_boolean (actor, "enforceArrayLength",
                                        self->literals[PROP_ENFORCE_ARRAY_LENGTH], &self->enforce,
                                        error);
}

static gboolean
hyco_array_to_sequence_initialize (HycoActor *actor, GError **error)
{
  HycoArrayToSequence *self = HYCO_ARRAY_TO_SEQUENCE (actor);

  g_array_set_size (self->pending, 0);
  self->head = 0;
  return TRUE;
}

static gboolean
check_array (HycoArrayToSequence *self, const HycoValue *array, GError **error)
{
  g_autofree char *literal = NULL;

  if (hyco_value_get_value_type (array) == HYCO_VALUE_TYPE_ARRAY
      && (!self->enforce
          || (gint64) hyco_value_get_array_length (array) == self->array_length))
    return TRUE;
  literal = hyco_value_to_literal (array);
  if (hyco_value_get_value_type (array) != HYCO_VALUE_TYPE_ARRAY)
    hyco_actor_set_error (HYCO_ACTOR (self), error, HYCO_ACTOR_ERROR_FAILED,
                          "input %s is not an array", literal);
  else
    hyco_actor_set_error (HYCO_ACTOR (self), error, HYCO_ACTOR_ERROR_FAILED,
                          "input %s has %u elements, not arrayLength %" G_GINT64_FORMAT
                          " (enforceArrayLength is true)",
                          literal, hyco_value_get_array_length (array), self->array_length);
  return FALSE;
}

static gboolean
hyco_array_to_sequence_fire (HycoActor *actor, GError **error)
{
  HycoArrayToSequence *self = HYCO_ARRAY_TO_SEQUENCE (actor);
  HycoTag now;

  hyco_actor_get_current_tag (actor, &now);
  self->sent_pending = self->head < self->pending->len && hyco_tag_equal (&self->next, &now);
  if (self->sent_pending)
    {
      hyco_port_send (self->output, 0, &g_array_index (self->pending, HycoValue, self->head));
      return TRUE;
    }
  if (self->head < self->pending->len
      || hyco_port_get_width (self->input) == 0 || !hyco_port_is_present (self->input, 0))
    return TRUE;
  {
    const HycoValue *array = hyco_port_get_value (self->input, 0);

    if (!check_array (self, array, error))
      return FALSE;
    if (hyco_value_get_array_length (array) > 0)
      hyco_port_send (self->output, 0, hyco_value_get_array_element (array, 0));
  }
  return TRUE;
}

static gboolean
hyco_array_to_sequence_postfire (HycoActor *actor, GError **error)
{
  HycoArrayToSequence *self = HYCO_ARRAY_TO_SEQUENCE (actor);
  HycoTag now;
  gboolean was_idle = self->head >= self->pending->len;

  hyco_actor_get_current_tag (actor, &now);
  if (self->sent_pending)
    self->head++;
  if (self->head >= self->pending->len)
    {
      g_array_set_size (self->pending, 0);
      self->head = 0;
    }
  if (hyco_port_get_width (self->input) > 0 && hyco_port_is_present (self->input, 0))
    {
      const HycoValue *array = hyco_port_get_value (self->input, 0);
      /* An array arriving while idle sent its first element in fire. */
      guint first = was_idle ? 1 : 0;

      if (!check_array (self, array, error))
        return FALSE;
      for (guint i = first; i < hyco_value_get_array_length (array); i++)
        {
          HycoValue element = HYCO_VALUE_INIT;

          hyco_value_assign (&element, hyco_value_get_array_element (array, i));
          g_array_append_val (self->pending, element);
        }
    }
  if (self->head >= self->pending->len)
    return TRUE;
  self->next.time = now.time;
  self->next.microstep = now.microstep + 1;
  return _hyco_actors_fire_at_tag_exactly (actor, &self->next, error);
}

static void
hyco_array_to_sequence_class_init (HycoArrayToSequenceClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  object_class->constructed = hyco_array_to_sequence_constructed;
  object_class->finalize = hyco_array_to_sequence_finalize;
  object_class->get_property = hyco_array_to_sequence_get_property;
  object_class->set_property = hyco_array_to_sequence_set_property;
  actor_class->preinitialize = hyco_array_to_sequence_preinitialize;
  actor_class->initialize = hyco_array_to_sequence_initialize;
  actor_class->fire = hyco_array_to_sequence_fire;
  actor_class->postfire = hyco_array_to_sequence_postfire;

  hyco_actor_class_set_description (actor_class,
                                    "The elements of each input array, one per microstep");
  hyco_actor_class_add_port (actor_class, "input", HYCO_PORT_INPUT, "The arrays");
  hyco_actor_class_add_port (actor_class, "output", HYCO_PORT_OUTPUT,
                             "Their elements, at successive microsteps");

  /**
   * HycoArrayToSequence:arrayLength:
   *
   * The length input arrays must have when enforceArrayLength is true.
   */
  properties[PROP_ARRAY_LENGTH] = hyco_param_spec_literal (
    "arrayLength", "Length of the input arrays", HYCO_PARAM_KIND_VALUE, "1");
  /**
   * HycoArrayToSequence:enforceArrayLength:
   *
   * Whether an array of another length than arrayLength is an error.
   */
  properties[PROP_ENFORCE_ARRAY_LENGTH] = hyco_param_spec_literal (
    "enforceArrayLength", "Refuse arrays of another length", HYCO_PARAM_KIND_VALUE, "true");
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hyco_array_to_sequence_init (HycoArrayToSequence *self)
{
  _hyco_literals_init (self->literals, properties, N_PROPS);
  self->pending = g_array_new (FALSE, FALSE, sizeof (HycoValue));
  g_array_set_clear_func (self->pending, (GDestroyNotify) hyco_value_clear);
}
