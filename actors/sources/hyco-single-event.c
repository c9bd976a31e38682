/* hyco-single-event.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actors-private.h"
#include "hyco-actors.h"

/**
 * HycoSingleEvent:
 *
 * Ptolemy II's SingleEvent (both `ptolemy.actor.lib` and `ptolemy.domains.de.lib`): produces
 * `value` once, at `time`. It asks to be fired there in initialize, so the event is at
 * (`time`, 1), the microstep of a discrete event; at the start of the run too, since a DE run
 * begins at microstep 0 and an event requested for the current time comes one microstep later.
 * A time before the start produces nothing.
 */
enum
{
  PROP_0,
  PROP_TIME,
  PROP_VALUE,
  N_PROPS
};

struct _HycoSingleEvent
{
  HycoActor parent_instance;

  char *literals[N_PROPS];
  gint64 time;
  HycoValue value;
  HycoPort *output;
};

G_DEFINE_FINAL_TYPE (HycoSingleEvent, hyco_single_event, HYCO_TYPE_ACTOR)
HYCO_REGISTER_DEFINE (single_event, HYCO_TYPE_SINGLE_EVENT, "SingleEvent")

static GParamSpec *properties[N_PROPS];

static void
hyco_single_event_constructed (GObject *object)
{
  HycoSingleEvent *self = HYCO_SINGLE_EVENT (object);

  G_OBJECT_CLASS (hyco_single_event_parent_class)->constructed (object);
  self->output = hyco_actor_get_port (HYCO_ACTOR (self), "output");
}

static void
hyco_single_event_finalize (GObject *object)
{
  HycoSingleEvent *self = HYCO_SINGLE_EVENT (object);

  _hyco_literals_clear (self->literals, N_PROPS);
  hyco_value_clear (&self->value);
  G_OBJECT_CLASS (hyco_single_event_parent_class)->finalize (object);
}

static void
hyco_single_event_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  _hyco_literals_get (HYCO_SINGLE_EVENT (object)->literals, N_PROPS, prop_id, value);
}

static void
hyco_single_event_set_property (GObject *object, guint prop_id, const GValue *value,
                                GParamSpec *pspec)
{
  _hyco_literals_set (object, HYCO_SINGLE_EVENT (object)->literals, N_PROPS, prop_id, value,
                      pspec);
}

static gboolean
hyco_single_event_preinitialize (HycoActor *actor, GError **error)
{
  HycoSingleEvent *self = HYCO_SINGLE_EVENT (actor);
  g_auto (HycoValue) time = HYCO_VALUE_INIT;

  if (!_hyco_actors_parse_value (actor, "time", self->literals[PROP_TIME], &time, error)
      || !_hyco_actors_parse_value (actor, "value", self->literals[PROP_VALUE], &self->value,
                                    error))
    return FALSE;
  /* A negative time (Ptolemy's way of saying "never") has no tick count to check. */
  if (hyco_value_is_numeric (&time) && hyco_value_get_double (&time) < 0)
    {
      self->time = -1;
      return TRUE;
    }
  return _hyco_actors_value_to_ticks (actor, "parameter time", &time, &self->time, error);
}

static gboolean
hyco_single_event_initialize (HycoActor *actor, GError **error)
{
  HycoSingleEvent *self = HYCO_SINGLE_EVENT (actor);

  /* As Ptolemy II's, it asks for its time whenever that is not negative: a time before the
   * director's start (a refinement initialized again by a reset transition, its startTime
   * blank, starts at the time of the transition) is a firing no director can grant. */
  if (self->time < 0 || self->time == HYCO_TIME_INFINITY)
    return TRUE;
  return hyco_actor_fire_at (actor, self->time, NULL, error);
}

static gboolean
hyco_single_event_fire (HycoActor *actor, GError **error)
{
  HycoSingleEvent *self = HYCO_SINGLE_EVENT (actor);

  if (hyco_actor_has_pure_event (actor) && hyco_actor_get_current_time (actor) == self->time)
    hyco_port_send (self->output, 0, &self->value);
  return TRUE;
}

static gboolean
hyco_single_event_postfire (HycoActor *actor, GError **error)
{
  HycoSingleEvent *self = HYCO_SINGLE_EVENT (actor);

  if (hyco_actor_has_pure_event (actor) && hyco_actor_get_current_time (actor) == self->time)
    hyco_actor_finish (actor);
  return TRUE;
}

static void
hyco_single_event_class_init (HycoSingleEventClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  object_class->constructed = hyco_single_event_constructed;
  object_class->finalize = hyco_single_event_finalize;
  object_class->get_property = hyco_single_event_get_property;
  object_class->set_property = hyco_single_event_set_property;
  actor_class->preinitialize = hyco_single_event_preinitialize;
  actor_class->initialize = hyco_single_event_initialize;
  actor_class->fire = hyco_single_event_fire;
  actor_class->postfire = hyco_single_event_postfire;

  hyco_actor_class_set_description (actor_class, "Produces one event, value at time");
  hyco_actor_class_add_port (actor_class, "output", HYCO_PORT_OUTPUT,
                             "The event at (time, 1), absent elsewhere");

  /**
   * HycoSingleEvent:time:
   *
   * The time of the event, in seconds; a negative time means no event.
   */
  properties[PROP_TIME]
    = hyco_param_spec_literal ("time", "Time of the event (s)", HYCO_PARAM_KIND_VALUE, "0.0");
  /**
   * HycoSingleEvent:value:
   *
   * The value of the event.
   */
  properties[PROP_VALUE]
    = hyco_param_spec_literal ("value", "The value of the event", HYCO_PARAM_KIND_VALUE, "true");
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hyco_single_event_init (HycoSingleEvent *self)
{
  _hyco_literals_init (self->literals, properties, N_PROPS);
}
