/* hyco-current-microstep.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actors-private.h"
#include "hyco-actors.h"

/**
 * HycoCurrentMicrostep:
 *
 * Ptolemy II's GetCurrentMicrostep and CurrentMicrostep: produces the microstep of the current
 * tag, an integer, each time it fires: when `trigger` has an event, or once at the start if
 * nothing is connected to `trigger` (at (0, 1), so it then produces 1).
 */
struct _HycoCurrentMicrostep
{
  HycoActor parent_instance;

  HycoPort *trigger;
  HycoPort *output;
};

G_DEFINE_FINAL_TYPE (HycoCurrentMicrostep, hyco_current_microstep, HYCO_TYPE_ACTOR)
HYCO_REGISTER_DEFINE (current_microstep, HYCO_TYPE_CURRENT_MICROSTEP, "CurrentMicrostep",
                      "GetCurrentMicrostep")

static void
hyco_current_microstep_constructed (GObject *object)
{
  HycoCurrentMicrostep *self = HYCO_CURRENT_MICROSTEP (object);

  G_OBJECT_CLASS (hyco_current_microstep_parent_class)->constructed (object);
  self->trigger = hyco_actor_get_port (HYCO_ACTOR (self), "trigger");
  self->output = hyco_actor_get_port (HYCO_ACTOR (self), "output");
}

static gboolean
hyco_current_microstep_initialize (HycoActor *actor, GError **error)
{
  return _hyco_actors_fire_at_start_if_untriggered (actor, HYCO_CURRENT_MICROSTEP (actor)->trigger,
                                                    error);
}

static gboolean
hyco_current_microstep_prefire (HycoActor *actor)
{
  return _hyco_actors_trigger_ready (actor, HYCO_CURRENT_MICROSTEP (actor)->trigger);
}

static gboolean
hyco_current_microstep_fire (HycoActor *actor, GError **error)
{
  HycoTag now;

  hyco_actor_get_current_tag (actor, &now);
  if (now.microstep > G_MAXINT64)
    {
      hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_FAILED,
                            "the microstep is beyond the range of an integer");
      return FALSE;
    }
  hyco_port_send_int (HYCO_CURRENT_MICROSTEP (actor)->output, 0, (gint64) now.microstep);
  return TRUE;
}

static void
hyco_current_microstep_class_init (HycoCurrentMicrostepClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  object_class->constructed = hyco_current_microstep_constructed;
  actor_class->initialize = hyco_current_microstep_initialize;
  actor_class->prefire = hyco_current_microstep_prefire;
  actor_class->fire = hyco_current_microstep_fire;

  hyco_actor_class_set_description (actor_class,
                                    "Produces the current microstep when triggered");
  hyco_actor_class_add_port (actor_class, "trigger", HYCO_PORT_INPUT | HYCO_PORT_MULTIPORT,
                             "Any event makes the actor fire; if unconnected, it fires once "
                             "at the start");
  hyco_actor_class_add_port (actor_class, "output", HYCO_PORT_OUTPUT,
                             "The microstep of the current tag (an integer)");
}

static void
hyco_current_microstep_init (HycoCurrentMicrostep *self)
{
}
