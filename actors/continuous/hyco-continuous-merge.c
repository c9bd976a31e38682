/* hyco-continuous-merge.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actor-helpers-private.h"
#include "hyco-actors.h"

/**
 * HycoContinuousMerge:
 *
 * Ptolemy II's ContinuousMerge: at each firing the output is the input of the first channel,
 * in channel order, that is present, and absent when none is. With `discard` true (the
 * default) the other present inputs are dropped. With `discard` false they are kept, in
 * channel order, and produced one per microstep at the following microsteps of the same time,
 * before any new input (so a continuous input there can make a chattering Zeno model, as
 * Ptolemy II warns).
 */
struct _HycoContinuousMerge
{
  HycoActor parent_instance;

  gboolean discard;
  GQueue pending; /* HycoValue *, only when discard is false */

  HycoPort *input;
  HycoPort *output;
};

G_DEFINE_FINAL_TYPE (HycoContinuousMerge, hyco_continuous_merge, HYCO_TYPE_ACTOR)
HYCO_REGISTER_DEFINE (continuous_merge, HYCO_TYPE_CONTINUOUS_MERGE, "ContinuousMerge")

enum
{
  PROP_0,
  PROP_DISCARD,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
hyco_continuous_merge_get_property (GObject *object, guint prop_id, GValue *value,
                                    GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_DISCARD:
      g_value_set_boolean (value, HYCO_CONTINUOUS_MERGE (object)->discard);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hyco_continuous_merge_set_property (GObject *object, guint prop_id, const GValue *value,
                                    GParamSpec *pspec)
{
  HycoContinuousMerge *self = HYCO_CONTINUOUS_MERGE (object);

  switch (prop_id)
    {
    case PROP_DISCARD:
      if (self->discard != g_value_get_boolean (value))
        {
          self->discard = g_value_get_boolean (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hyco_continuous_merge_constructed (GObject *object)
{
  HycoContinuousMerge *self = HYCO_CONTINUOUS_MERGE (object);

  G_OBJECT_CLASS (hyco_continuous_merge_parent_class)->constructed (object);
  self->input = hyco_actor_get_port (HYCO_ACTOR (self), "input");
  self->output = hyco_actor_get_port (HYCO_ACTOR (self), "output");
}

static void
clear_pending (HycoContinuousMerge *self)
{
  g_queue_clear_full (&self->pending, (GDestroyNotify) hyco_value_free);
}

static void
hyco_continuous_merge_finalize (GObject *object)
{
  clear_pending (HYCO_CONTINUOUS_MERGE (object));
  G_OBJECT_CLASS (hyco_continuous_merge_parent_class)->finalize (object);
}

static gboolean
hyco_continuous_merge_initialize (HycoActor *actor, GError **error)
{
  clear_pending (HYCO_CONTINUOUS_MERGE (actor));
  return TRUE;
}

/* The channel whose input is the output, or -1 for none (a pending value, or no input). */
static int
first_present (HycoContinuousMerge *self)
{
  guint width = hyco_port_get_width (self->input);

  for (guint i = 0; i < width; i++)
    if (hyco_port_is_present (self->input, i))
      return (int) i;
  return -1;
}

static gboolean
hyco_continuous_merge_fire (HycoActor *actor, GError **error)
{
  HycoContinuousMerge *self = HYCO_CONTINUOUS_MERGE (actor);
  int channel;

  /* Values kept from an earlier microstep come first. */
  if (!g_queue_is_empty (&self->pending))
    {
      hyco_port_send (self->output, 0, g_queue_peek_head (&self->pending));
      return TRUE;
    }
  channel = first_present (self);
  if (channel < 0)
    hyco_port_send_absent (self->output, 0);
  else
    hyco_port_send (self->output, 0, hyco_port_get_value (self->input, (guint) channel));
  return TRUE;
}

static gboolean
hyco_continuous_merge_postfire (HycoActor *actor, GError **error)
{
  HycoContinuousMerge *self = HYCO_CONTINUOUS_MERGE (actor);
  guint width = hyco_port_get_width (self->input);
  int sent = -1;
  HycoTag next;

  if (!g_queue_is_empty (&self->pending))
    hyco_value_free (g_queue_pop_head (&self->pending));
  else
    sent = first_present (self);
  if (self->discard)
    return TRUE;
  /* Every present input not sent now waits for a later microstep. */
  for (guint i = 0; i < width; i++)
    if ((int) i != sent && hyco_port_is_present (self->input, i))
      g_queue_push_tail (&self->pending, hyco_value_copy (hyco_port_get_value (self->input, i)));
  if (g_queue_is_empty (&self->pending))
    return TRUE;
  hyco_actor_get_current_tag (actor, &next);
  next.microstep++;
  return _hyco_actors_fire_at_tag_exactly (actor, &next, error);
}

static void
hyco_continuous_merge_class_init (HycoContinuousMergeClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  object_class->constructed = hyco_continuous_merge_constructed;
  object_class->finalize = hyco_continuous_merge_finalize;
  object_class->get_property = hyco_continuous_merge_get_property;
  object_class->set_property = hyco_continuous_merge_set_property;
  actor_class->initialize = hyco_continuous_merge_initialize;
  actor_class->fire = hyco_continuous_merge_fire;
  actor_class->postfire = hyco_continuous_merge_postfire;

  hyco_actor_class_set_description (actor_class,
                                    "Outputs the first present input in channel order");
  hyco_actor_class_add_port (actor_class, "input", HYCO_PORT_INPUT | HYCO_PORT_MULTIPORT,
                             "The signals merged, the first channel first");
  hyco_actor_class_add_port (actor_class, "output", HYCO_PORT_OUTPUT,
                             "The first present input; absent when none is");

  /**
   * HycoContinuousMerge:discard:
   *
   * Whether present inputs after the first are dropped (the default) or produced at the
   * following microsteps.
   */
  properties[PROP_DISCARD] = g_param_spec_boolean (
    "discard", NULL, "Drop present inputs after the first (else produce them at later microsteps)",
    TRUE, G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hyco_continuous_merge_init (HycoContinuousMerge *self)
{
  self->discard = TRUE;
  g_queue_init (&self->pending);
}
