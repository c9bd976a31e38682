/* hyco-current-time.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actor-helpers-private.h"
#include "hyco-actors.h"

/**
 * HycoCurrentTime:
 *
 * Produces the current model time, in seconds as a double, each time it fires: when `trigger`
 * has an event, or once at the start if nothing is connected to `trigger`. The double is a
 * conversion for display and arithmetic at the edge of the model; model time itself stays in
 * exact integer ticks.
 */
struct _HycoCurrentTime
{
  HycoActor parent_instance;

  int resolution;
  HycoPort *trigger;
  HycoPort *output;
};

G_DEFINE_FINAL_TYPE (HycoCurrentTime, hyco_current_time, HYCO_TYPE_ACTOR)
HYCO_REGISTER_DEFINE (current_time, HYCO_TYPE_CURRENT_TIME, "CurrentTime")

static void
hyco_current_time_constructed (GObject *object)
{
  HycoCurrentTime *self = HYCO_CURRENT_TIME (object);

  G_OBJECT_CLASS (hyco_current_time_parent_class)->constructed (object);
  self->trigger = hyco_actor_get_port (HYCO_ACTOR (self), "trigger");
  self->output = hyco_actor_get_port (HYCO_ACTOR (self), "output");
}

static gboolean
hyco_current_time_initialize (HycoActor *actor, GError **error)
{
  HycoCurrentTime *self = HYCO_CURRENT_TIME (actor);

  self->resolution = hyco_actor_get_resolution (actor);
  return _hyco_actors_fire_at_start_if_untriggered (actor, self->trigger, error);
}

static gboolean
hyco_current_time_fire (HycoActor *actor, GError **error)
{
  HycoCurrentTime *self = HYCO_CURRENT_TIME (actor);

  hyco_port_send_double (
    self->output, 0, hyco_time_to_seconds (hyco_actor_get_current_time (actor), self->resolution));
  return TRUE;
}

static gboolean
hyco_current_time_prefire (HycoActor *actor)
{
  return _hyco_actors_trigger_ready (actor, hyco_actor_get_port (actor, "trigger"));
}

static void
hyco_current_time_class_init (HycoCurrentTimeClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  object_class->constructed = hyco_current_time_constructed;
  actor_class->initialize = hyco_current_time_initialize;
  actor_class->prefire = hyco_current_time_prefire;
  actor_class->fire = hyco_current_time_fire;

  hyco_actor_class_set_description (actor_class,
                                    "Produces the current model time in seconds when triggered");
  hyco_actor_class_add_port (actor_class, "trigger", HYCO_PORT_INPUT | HYCO_PORT_MULTIPORT,
                             "Any event makes the actor fire; if unconnected, it fires once "
                             "at the start");
  hyco_actor_class_add_port (actor_class, "output", HYCO_PORT_OUTPUT,
                             "The model time in seconds (a double)");
}

static void
hyco_current_time_init (HycoCurrentTime *self)
{
  self->resolution = HYCO_DEFAULT_RESOLUTION;
}
