/* hyco-microstep-delay.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actor-helpers-private.h"
#include "hyco-actors.h"

/**
 * HycoMicrostepDelay:
 *
 * The discrete microstep delay of the reference set (component 3.13): y(t, n) = x(t, n − 1),
 * and y(t, 0) is absent. Its output does not depend on its input at the same tag, so it breaks
 * zero-delay loops without letting model time advance. At most one event is in flight: the
 * next input tag is never earlier than the tag of the event pending.
 */
struct _HycoMicrostepDelay
{
  HycoActor parent_instance;

  gboolean has_pending;
  HycoTag pending_tag;
  HycoValue pending;

  HycoPort *input;
  HycoPort *output;
};

G_DEFINE_FINAL_TYPE (HycoMicrostepDelay, hyco_microstep_delay, HYCO_TYPE_ACTOR)
HYCO_REGISTER_DEFINE (microstep_delay, HYCO_TYPE_MICROSTEP_DELAY, "MicrostepDelay")

static void
hyco_microstep_delay_constructed (GObject *object)
{
  HycoMicrostepDelay *self = HYCO_MICROSTEP_DELAY (object);

  G_OBJECT_CLASS (hyco_microstep_delay_parent_class)->constructed (object);
  self->input = hyco_actor_get_port (HYCO_ACTOR (self), "input");
  self->output = hyco_actor_get_port (HYCO_ACTOR (self), "output");
}

static void
hyco_microstep_delay_finalize (GObject *object)
{
  hyco_value_clear (&HYCO_MICROSTEP_DELAY (object)->pending);
  G_OBJECT_CLASS (hyco_microstep_delay_parent_class)->finalize (object);
}

static gboolean
hyco_microstep_delay_initialize (HycoActor *actor, GError **error)
{
  HycoMicrostepDelay *self = HYCO_MICROSTEP_DELAY (actor);

  self->has_pending = FALSE;
  hyco_value_clear (&self->pending);
  return TRUE;
}

static gboolean
hyco_microstep_delay_fire (HycoActor *actor, GError **error)
{
  HycoMicrostepDelay *self = HYCO_MICROSTEP_DELAY (actor);
  HycoTag now;

  /* The input may still be unknown here: the output does not depend on it. */
  if (!self->has_pending)
    return TRUE;
  hyco_actor_get_current_tag (actor, &now);
  if (hyco_tag_equal (&self->pending_tag, &now))
    hyco_port_send (self->output, 0, &self->pending);
  return TRUE;
}

static gboolean
hyco_microstep_delay_postfire (HycoActor *actor, GError **error)
{
  HycoMicrostepDelay *self = HYCO_MICROSTEP_DELAY (actor);
  const HycoValue *x = hyco_port_get_value (self->input, 0);
  HycoTag now;

  hyco_actor_get_current_tag (actor, &now);
  if (self->has_pending && hyco_tag_compare (&self->pending_tag, &now) <= 0)
    self->has_pending = FALSE;
  if (x == NULL)
    return TRUE;
  if (now.microstep == G_MAXUINT64)
    {
      g_autofree char *tag = hyco_tag_to_string (&now, hyco_actor_get_resolution (actor));
      hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_TIME,
                            "microstep overflow delaying the event at %s", tag);
      return FALSE;
    }
  self->has_pending = TRUE;
  self->pending_tag.time = now.time;
  self->pending_tag.microstep = now.microstep + 1;
  hyco_value_assign (&self->pending, x);
  return _hyco_actors_fire_at_tag_exactly (actor, &self->pending_tag, error);
}

static gboolean
hyco_microstep_delay_is_strict (HycoActor *actor)
{
  return FALSE;
}

static gboolean
hyco_microstep_delay_output_depends_on (HycoActor *actor, HycoPort *output, HycoPort *input)
{
  return FALSE;
}

static void
hyco_microstep_delay_class_init (HycoMicrostepDelayClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  object_class->constructed = hyco_microstep_delay_constructed;
  object_class->finalize = hyco_microstep_delay_finalize;
  actor_class->initialize = hyco_microstep_delay_initialize;
  actor_class->fire = hyco_microstep_delay_fire;
  actor_class->postfire = hyco_microstep_delay_postfire;
  actor_class->is_strict = hyco_microstep_delay_is_strict;
  actor_class->output_depends_on = hyco_microstep_delay_output_depends_on;

  hyco_actor_class_set_description (actor_class,
                                    "Delays each event by one microstep: y(t, n) = x(t, n − 1)");
  hyco_actor_class_add_port (actor_class, "input", HYCO_PORT_INPUT, "The events to delay");
  hyco_actor_class_add_port (actor_class, "output", HYCO_PORT_OUTPUT,
                             "The events one microstep later");
}

static void
hyco_microstep_delay_init (HycoMicrostepDelay *self)
{
}
