/* hyco-discrete-clock.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actor-helpers-private.h"
#include "hyco-actors.h"

/**
 * HycoDiscreteClock:
 *
 * The periodic discrete generator of the reference set (component 3.5): produces `value` at
 * the tags (`offset` + k·`period`, 1) for k = 0, 1, 2, ... and is absent at every other tag.
 * Event times are computed from k in integer ticks, never accumulated in floating point, so
 * clocks whose periods are multiples of one another produce exactly simultaneous events.
 */
struct _HycoDiscreteClock
{
  HycoActor parent_instance;

  char *period_literal;
  char *offset_literal;
  char *value_literal;

  gint64 period;
  gint64 offset;
  HycoValue value;

  gint64 start; /* the time at which it was initialized, from which offset counts (Ptolemy II's
                 * cycle start: a director's startTime, or a reset refinement's time) */
  gint64 cycle; /* k of the next event */
  HycoTag next; /* the tag of the next event */

  HycoPort *output;
};

G_DEFINE_FINAL_TYPE (HycoDiscreteClock, hyco_discrete_clock, HYCO_TYPE_ACTOR)
HYCO_REGISTER_DEFINE (discrete_clock, HYCO_TYPE_DISCRETE_CLOCK, "DiscreteClock")

enum
{
  PROP_0,
  PROP_PERIOD,
  PROP_OFFSET,
  PROP_VALUE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
hyco_discrete_clock_constructed (GObject *object)
{
  HycoDiscreteClock *self = HYCO_DISCRETE_CLOCK (object);

  G_OBJECT_CLASS (hyco_discrete_clock_parent_class)->constructed (object);
  self->output = hyco_actor_get_port (HYCO_ACTOR (self), "output");
}

static void
hyco_discrete_clock_finalize (GObject *object)
{
  HycoDiscreteClock *self = HYCO_DISCRETE_CLOCK (object);

  g_free (self->period_literal);
  g_free (self->offset_literal);
  g_free (self->value_literal);
  hyco_value_clear (&self->value);
  G_OBJECT_CLASS (hyco_discrete_clock_parent_class)->finalize (object);
}

static char **
literal_field (HycoDiscreteClock *self, guint prop_id)
{
  switch (prop_id)
    {
    case PROP_PERIOD:
      return &self->period_literal;
    case PROP_OFFSET:
      return &self->offset_literal;
    case PROP_VALUE:
      return &self->value_literal;
    default:
      return NULL;
    }
}

static void
hyco_discrete_clock_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  char **field = literal_field (HYCO_DISCRETE_CLOCK (object), prop_id);

  if (field == NULL)
    {
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }
  g_value_set_string (value, *field);
}

static void
hyco_discrete_clock_set_property (GObject *object, guint prop_id, const GValue *value,
                                  GParamSpec *pspec)
{
  char **field = literal_field (HYCO_DISCRETE_CLOCK (object), prop_id);

  if (field == NULL)
    {
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }
  if (_hyco_actors_set_literal (field, value, pspec))
    g_object_notify_by_pspec (object, pspec);
}

static gboolean
hyco_discrete_clock_preinitialize (HycoActor *actor, GError **error)
{
  HycoDiscreteClock *self = HYCO_DISCRETE_CLOCK (actor);

  return _hyco_actors_get_positive_time (actor, "period", FALSE, NULL, &self->period, error)
         && _hyco_actors_get_positive_time (actor, "offset", TRUE, NULL, &self->offset, error)
         && _hyco_actors_parse_value (actor, "value", self->value_literal, &self->value, error);
}

static gboolean
hyco_discrete_clock_initialize (HycoActor *actor, GError **error)
{
  HycoDiscreteClock *self = HYCO_DISCRETE_CLOCK (actor);

  HycoTag now;

  hyco_actor_get_current_tag (actor, &now);
  self->start = now.time;
  self->cycle = 0;
  self->next.microstep = 1;
  if (!hyco_time_add (self->start, self->offset, &self->next.time, error))
    return FALSE;
  return _hyco_actors_fire_at_tag_exactly (actor, &self->next, error);
}

/* Whether this firing is the one the clock asked for, not one caused by another request. */
static gboolean
is_event_tag (HycoDiscreteClock *self)
{
  HycoTag now;

  if (!hyco_actor_has_pure_event (HYCO_ACTOR (self)))
    return FALSE;
  hyco_actor_get_current_tag (HYCO_ACTOR (self), &now);
  return hyco_tag_equal (&now, &self->next);
}

static gboolean
hyco_discrete_clock_fire (HycoActor *actor, GError **error)
{
  HycoDiscreteClock *self = HYCO_DISCRETE_CLOCK (actor);

  if (is_event_tag (self))
    hyco_port_send (self->output, 0, &self->value);
  return TRUE;
}

static gboolean
hyco_discrete_clock_postfire (HycoActor *actor, GError **error)
{
  HycoDiscreteClock *self = HYCO_DISCRETE_CLOCK (actor);
  gint64 elapsed, time;

  if (!is_event_tag (self))
    return TRUE;
  if (self->cycle == G_MAXINT64
      || !hyco_time_multiply (self->period, self->cycle + 1, &elapsed, NULL)
      || !hyco_time_add (self->offset, elapsed, &time, NULL)
      || !hyco_time_add (self->start, time, &time, NULL))
    {
      /* After the stop time, if there is one: the clock has no event left. */
      g_autofree char *period
        = hyco_time_to_string (self->period, hyco_actor_get_resolution (actor));
      return _hyco_actors_drop_beyond_time_range (actor, error,
                                                  "the event after cycle %" G_GINT64_FORMAT
                                                  " (period %s s) is beyond the range of model "
                                                  "time",
                                                  self->cycle, period);
    }
  self->cycle++;
  self->next.time = time;
  self->next.microstep = 1;
  return _hyco_actors_fire_at_tag_exactly (actor, &self->next, error);
}

static void
hyco_discrete_clock_class_init (HycoDiscreteClockClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  object_class->constructed = hyco_discrete_clock_constructed;
  object_class->finalize = hyco_discrete_clock_finalize;
  object_class->get_property = hyco_discrete_clock_get_property;
  object_class->set_property = hyco_discrete_clock_set_property;
  actor_class->preinitialize = hyco_discrete_clock_preinitialize;
  actor_class->initialize = hyco_discrete_clock_initialize;
  actor_class->fire = hyco_discrete_clock_fire;
  actor_class->postfire = hyco_discrete_clock_postfire;

  hyco_actor_class_set_description (actor_class,
                                    "Produces a value at (offset + k·period, 1), k = 0, 1, ...");
  hyco_actor_class_add_port (actor_class, "output", HYCO_PORT_OUTPUT,
                             "The periodic events, absent between them");

  /**
   * HycoDiscreteClock:period:
   *
   * The time between events, in seconds, as an exact decimal literal; greater than 0.
   */
  properties[PROP_PERIOD]
    = hyco_param_spec_literal ("period", "Time between events (s)", HYCO_PARAM_KIND_TIME, "1");
  /**
   * HycoDiscreteClock:offset:
   *
   * The time of the first event, in seconds; not negative.
   */
  properties[PROP_OFFSET]
    = hyco_param_spec_literal ("offset", "Time of the first event (s)", HYCO_PARAM_KIND_TIME, "0");
  /**
   * HycoDiscreteClock:value:
   *
   * The value of every event, as a value literal.
   */
  properties[PROP_VALUE]
    = hyco_param_spec_literal ("value", "The value of every event", HYCO_PARAM_KIND_VALUE, "1");
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hyco_discrete_clock_init (HycoDiscreteClock *self)
{
  self->period_literal = g_strdup ("1");
  self->offset_literal = g_strdup ("0");
  self->value_literal = g_strdup ("1");
}
