/* hyco-merge.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actors-private.h"
#include "hyco-actors.h"

/**
 * HycoMerge:
 *
 * Ptolemy II's discrete-event Merge (`ptolemy.domains.de.lib.Merge`): merges the channels of
 * its input into one signal in tag order. At a tag where several channels have an event, the
 * lowest channel's goes out at once and, unless `discardEvents` is true, the others go out one
 * per microstep at the following microsteps of the same time, in channel order (Ptolemy II's
 * Merge leaves them in its receivers and asks to be fired again at the current time; Hyco's
 * signals last one tag, so they wait here). An event arriving on a lower channel while others
 * wait goes out first, as it does there.
 */
enum
{
  PROP_0,
  PROP_DISCARD_EVENTS,
  N_PROPS
};

typedef struct
{
  guint channel;
  HycoValue value;
} Waiting;

struct _HycoMerge
{
  HycoActor parent_instance;

  char *literals[N_PROPS];
  gboolean discard;
  /* Events waiting for a later microstep, in arrival order; storage reused. */
  GArray *waiting;
  /* What fire sent: a waiting event (its index) or an input channel. */
  gint sent_waiting;
  gint sent_channel;

  HycoPort *input;
  HycoPort *output;
};

G_DEFINE_FINAL_TYPE (HycoMerge, hyco_merge, HYCO_TYPE_ACTOR)
HYCO_REGISTER_DEFINE (merge, HYCO_TYPE_MERGE, "Merge")

static GParamSpec *properties[N_PROPS];

static void
waiting_clear (gpointer data)
{
  hyco_value_clear (&((Waiting *) data)->value);
}

static void
hyco_merge_constructed (GObject *object)
{
  HycoMerge *self = HYCO_MERGE (object);

  G_OBJECT_CLASS (hyco_merge_parent_class)->constructed (object);
  self->input = hyco_actor_get_port (HYCO_ACTOR (self), "input");
  self->output = hyco_actor_get_port (HYCO_ACTOR (self), "output");
}

static void
hyco_merge_finalize (GObject *object)
{
  HycoMerge *self = HYCO_MERGE (object);

  _hyco_literals_clear (self->literals, N_PROPS);
  g_array_unref (self->waiting);
  G_OBJECT_CLASS (hyco_merge_parent_class)->finalize (object);
}

static void
hyco_merge_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  _hyco_literals_get (HYCO_MERGE (object)->literals, N_PROPS, prop_id, value);
}

static void
hyco_merge_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  _hyco_literals_set (object, HYCO_MERGE (object)->literals, N_PROPS, prop_id, value, pspec);
}

static gboolean
hyco_merge_preinitialize (HycoActor *actor, GError **error)
{
  HycoMerge *self = HYCO_MERGE (actor);

  return _hyco_actors_parse_boolean (actor, "discardEvents", self->literals[PROP_DISCARD_EVENTS],
                                     &self->discard, error);
}

static gboolean
hyco_merge_initialize (HycoActor *actor, GError **error)
{
  g_array_set_size (HYCO_MERGE (actor)->waiting, 0);
  return TRUE;
}

static gboolean
hyco_merge_fire (HycoActor *actor, GError **error)
{
  HycoMerge *self = HYCO_MERGE (actor);
  guint width = hyco_port_get_width (self->input);
  guint lowest = G_MAXUINT;

  self->sent_waiting = -1;
  self->sent_channel = -1;
  /* A waiting event came before any input on its channel. */
  for (guint i = 0; i < self->waiting->len; i++)
    {
      Waiting *w = &g_array_index (self->waiting, Waiting, i);
      if (w->channel < lowest)
        {
          lowest = w->channel;
          self->sent_waiting = (gint) i;
        }
    }
  for (guint c = 0; c < width && c < lowest; c++)
    if (hyco_port_is_present (self->input, c))
      {
        self->sent_waiting = -1;
        self->sent_channel = (gint) c;
        break;
      }
  if (self->sent_waiting >= 0)
    hyco_port_send (self->output, 0,
                    &g_array_index (self->waiting, Waiting, self->sent_waiting).value);
  else if (self->sent_channel >= 0)
    hyco_port_send (self->output, 0, hyco_port_get_value (self->input, self->sent_channel));
  return TRUE;
}

static gboolean
hyco_merge_postfire (HycoActor *actor, GError **error)
{
  HycoMerge *self = HYCO_MERGE (actor);
  guint width = hyco_port_get_width (self->input);

  if (self->sent_waiting >= 0)
    g_array_remove_index (self->waiting, self->sent_waiting);
  if (!self->discard)
    for (guint c = 0; c < width; c++)
      {
        const HycoValue *x = hyco_port_get_value (self->input, c);
        Waiting w = { c, HYCO_VALUE_INIT };

        if (x == NULL || (gint) c == self->sent_channel)
          continue;
        g_array_append_val (self->waiting, w);
        hyco_value_assign (&g_array_index (self->waiting, Waiting, self->waiting->len - 1).value,
                           x);
      }
  if (self->waiting->len > 0)
    return hyco_actor_fire_at (actor, hyco_actor_get_current_time (actor), NULL, error);
  return TRUE;
}

static void
hyco_merge_class_init (HycoMergeClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  object_class->constructed = hyco_merge_constructed;
  object_class->finalize = hyco_merge_finalize;
  object_class->get_property = hyco_merge_get_property;
  object_class->set_property = hyco_merge_set_property;
  actor_class->preinitialize = hyco_merge_preinitialize;
  actor_class->initialize = hyco_merge_initialize;
  actor_class->fire = hyco_merge_fire;
  actor_class->postfire = hyco_merge_postfire;

  hyco_actor_class_set_description (actor_class,
                                    "Merges its channels in tag order, one event per microstep");
  hyco_actor_class_add_port (actor_class, "input", HYCO_PORT_INPUT | HYCO_PORT_MULTIPORT,
                             "The signals to merge");
  hyco_actor_class_add_port (actor_class, "output", HYCO_PORT_OUTPUT,
                             "The events of every channel; simultaneous ones one microstep "
                             "apart, lowest channel first");

  /**
   * HycoMerge:discardEvents:
   *
   * Whether the events of other channels at the same tag as the one produced are dropped
   * rather than produced at the next microsteps.
   */
  properties[PROP_DISCARD_EVENTS]
    = hyco_param_spec_literal ("discardEvents", "Drop simultaneous events of other channels",
                               HYCO_PARAM_KIND_VALUE, "false");
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hyco_merge_init (HycoMerge *self)
{
  _hyco_literals_init (self->literals, properties, N_PROPS);
  self->waiting = g_array_new (FALSE, FALSE, sizeof (Waiting));
  g_array_set_clear_func (self->waiting, waiting_clear);
}
