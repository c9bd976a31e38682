/* hyco-discrete-clock.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actors-private.h"
#include "hyco-actors.h"
#include "hyco-signal-private.h"

/**
 * HycoDiscreteClock:
 *
 * The periodic discrete generator of the reference set (component 3.5), extended to Ptolemy
 * II's DiscreteClock: each `period` from `offset` begins a cycle in which `values[i]` is
 * produced at `offsets[i]` into it (with `values` empty, as by default, every event has the
 * value `value`). With the defaults, `value` at the tags (`offset` + k·`period`, 1), absent at
 * every other tag.
 *
 * Events are at microstep 1 of their time, the microstep of a discrete event, where Ptolemy
 * II's DiscreteClock uses microstep 0; events at one time (equal offsets) come one microstep
 * apart. Event times are computed in integer ticks, so clocks whose periods are multiples of
 * one another produce exactly simultaneous events.
 *
 * At `stopTime` the clock stops, as Ptolemy II's does. Ptolemy II's DiscreteClock also has
 * start, stop, trigger and period inputs; no model of the suite uses them, and input ports
 * would move the clock in the schedule of every existing model, so they are left out.
 */
enum
{
  PROP_0,
  PROP_PERIOD,
  PROP_OFFSET,
  PROP_VALUE,
  PROP_OFFSETS,
  PROP_VALUES,
  PROP_STOP_TIME,
  PROP_STOP_TIME_IS_LOCAL,
  N_PROPS
};

struct _HycoDiscreteClock
{
  HycoActor parent_instance;

  char *literals[N_PROPS];

  gint64 offset;
  gint64 stop_time;
  GArray *offsets; /* gint64 ticks into the cycle */
  GPtrArray *values;
  HycoValue value;

  gint64 period;
  gint64 cycle_start;
  guint phase;
  HycoTag next; /* the tag of the next event */

  HycoPort *output;
};

G_DEFINE_FINAL_TYPE (HycoDiscreteClock, hyco_discrete_clock, HYCO_TYPE_ACTOR)
HYCO_REGISTER_DEFINE (discrete_clock, HYCO_TYPE_DISCRETE_CLOCK, "DiscreteClock")

static GParamSpec *properties[N_PROPS];

static void
hyco_discrete_clock_constructed (GObject *object)
{
  HycoDiscreteClock *self = HYCO_DISCRETE_CLOCK (object);
  HycoActor *actor = HYCO_ACTOR (object);

  G_OBJECT_CLASS (hyco_discrete_clock_parent_class)->constructed (object);
  self->output = hyco_actor_get_port (actor, "output");
}

static void
hyco_discrete_clock_finalize (GObject *object)
{
  HycoDiscreteClock *self = HYCO_DISCRETE_CLOCK (object);

  _hyco_literals_clear (self->literals, N_PROPS);
  g_clear_pointer (&self->offsets, g_array_unref);
  g_clear_pointer (&self->values, g_ptr_array_unref);
  hyco_value_clear (&self->value);
  G_OBJECT_CLASS (hyco_discrete_clock_parent_class)->finalize (object);
}

static void
hyco_discrete_clock_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  _hyco_literals_get (HYCO_DISCRETE_CLOCK (object)->literals, N_PROPS, prop_id, value);
}

static void
hyco_discrete_clock_set_property (GObject *object, guint prop_id, const GValue *value,
                                  GParamSpec *pspec)
{
  _hyco_literals_set (object, HYCO_DISCRETE_CLOCK (object)->literals, N_PROPS, prop_id, value,
                      pspec);
}

static gboolean
hyco_discrete_clock_preinitialize (HycoActor *actor, GError **error)
{
  HycoDiscreteClock *self = HYCO_DISCRETE_CLOCK (actor);

  g_clear_pointer (&self->offsets, g_array_unref);
  g_clear_pointer (&self->values, g_ptr_array_unref);
  if (!_hyco_actors_get_positive_time (actor, "period", FALSE, NULL, &self->period, error)
      || !_hyco_actors_get_positive_time (actor, "offset", TRUE, NULL, &self->offset, error)
      || !_hyco_actors_parse_value (actor, "value", self->literals[PROP_VALUE], &self->value,
                                    error)
      || !_hyco_actors_parse_time_list (actor, "offsets", self->literals[PROP_OFFSETS],
                                        &self->offsets, error)
      || !_hyco_actors_parse_value_list (actor, "values", self->literals[PROP_VALUES],
                                         &self->values, error)
      || !hyco_actor_get_time_parameter (actor, "stopTime", &self->stop_time, error))
    return FALSE;
  if (self->offsets->len == 0
      || (self->values->len != 0 && self->values->len != self->offsets->len))
    {
      hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_PARAMETER,
                            "parameters offsets and values: must have the same number of "
                            "elements, at least one, not %u and %u",
                            self->offsets->len, self->values->len);
      return FALSE;
    }
  return TRUE;
}

static const HycoValue *
value_at (HycoDiscreteClock *self, guint phase)
{
  return self->values->len ? self->values->pdata[phase] : &self->value;
}

/* The time of @phase in the cycle that starts at @cycle_start, FALSE beyond the range of
 * time. */
static gboolean
phase_time (HycoDiscreteClock *self, gint64 cycle_start, guint phase, gint64 *time)
{
  return hyco_time_add (cycle_start, g_array_index (self->offsets, gint64, phase), time, NULL);
}

static gboolean
hyco_discrete_clock_initialize (HycoActor *actor, GError **error)
{
  HycoDiscreteClock *self = HYCO_DISCRETE_CLOCK (actor);
  HycoTag now;
  gint64 start;

  hyco_actor_get_current_tag (actor, &now);
  if (!hyco_time_add (now.time, self->offset, &start, error))
    return FALSE;
  /* Ptolemy II's TimedSource: fired at the stop time, the clock stops there. */
  if (self->stop_time != HYCO_TIME_INFINITY && self->stop_time > now.time
      && !hyco_actor_fire_at (actor, self->stop_time, NULL, error))
    return FALSE;
  if (!phase_time (self, start, 0, &self->next.time))
    return _hyco_actors_drop_beyond_time_range (actor, error,
                                                "the first event is beyond the range of model "
                                                "time");
  self->cycle_start = start;
  self->phase = 0;
  self->next.microstep = self->next.time == now.time ? now.microstep + 1 : 1;
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
    _hyco_port_write (self->output, 0, value_at (self, self->phase));
  return TRUE;
}

/* Moves to the next phase and asks to be fired at its tag. */
static gboolean
next_phase (HycoDiscreteClock *self, const HycoTag *now, GError **error)
{
  HycoActor *actor = HYCO_ACTOR (self);
  gint64 time;

  if (++self->phase >= self->offsets->len)
    {
      self->phase = 0;
      if (!hyco_time_add (self->cycle_start, self->period, &self->cycle_start, NULL))
        goto beyond;
    }
  if (!phase_time (self, self->cycle_start, self->phase, &time))
    goto beyond;
  /* Equal offsets: the next event is at the same time, one microstep later. */
  self->next.microstep = time == now->time ? now->microstep + 1 : 1;
  self->next.time = time;
  return _hyco_actors_fire_at_tag_exactly (actor, &self->next, error);

beyond:
  {
    g_autofree char *period
      = hyco_time_to_string (self->period, hyco_actor_get_resolution (actor));
    return _hyco_actors_drop_beyond_time_range (actor, error,
                                                "the event after %s (period %s s) is beyond the "
                                                "range of model time",
                                                hyco_actor_get_name (actor), period);
  }
}

static gboolean
hyco_discrete_clock_postfire (HycoActor *actor, GError **error)
{
  HycoDiscreteClock *self = HYCO_DISCRETE_CLOCK (actor);
  HycoTag now;

  hyco_actor_get_current_tag (actor, &now);
  if (now.time >= self->stop_time)
    {
      hyco_actor_finish (actor);
      return TRUE;
    }
  if (!is_event_tag (self))
    return TRUE;
  return next_phase (self, &now, error);
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
   * The value of every event, as a value literal, when `values` is empty.
   */
  properties[PROP_VALUE]
    = hyco_param_spec_literal ("value", "The value of every event", HYCO_PARAM_KIND_VALUE, "1");
  /**
   * HycoDiscreteClock:offsets:
   *
   * The times of the events into each period, in seconds, not decreasing (Ptolemy II's).
   */
  properties[PROP_OFFSETS]
    = hyco_param_spec_literal ("offsets", "Times of the events into each period (s)",
                               HYCO_PARAM_KIND_VALUE_LIST, "{0.0}");
  /**
   * HycoDiscreteClock:values:
   *
   * The value of each event of a period, one per offset; empty: `value` for every one.
   */
  properties[PROP_VALUES]
    = hyco_param_spec_literal ("values", "The values of each period, or {} for value",
                               HYCO_PARAM_KIND_VALUE_LIST, "{}");
  /**
   * HycoDiscreteClock:stopTime:
   *
   * The time at which the clock stops, in seconds, or Infinity.
   */
  properties[PROP_STOP_TIME] = hyco_param_spec_literal (
    "stopTime", "Time at which the clock stops (s)", HYCO_PARAM_KIND_TIME, "Infinity");
  /**
   * HycoDiscreteClock:stopTimeIsLocal:
   *
   * Ptolemy II's choice between local and global time for `stopTime`; they are the same time
   * in Hyco, so it has no effect.
   */
  properties[PROP_STOP_TIME_IS_LOCAL]
    = hyco_param_spec_literal ("stopTimeIsLocal", "stopTime in local time (no effect)",
                               HYCO_PARAM_KIND_VALUE, "false");
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hyco_discrete_clock_init (HycoDiscreteClock *self)
{
  _hyco_literals_init (self->literals, properties, N_PROPS);
}
