/* hyco-continuous-discrete-clock.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actor-helpers-private.h"
#include "hyco-actors.h"
#include "hyco-clock-schedule-private.h"

/**
 * HycoContinuousDiscreteClock:
 *
 * The continuous domain's DiscreteClock of Ptolemy II (ptolemy.domains.continuous.lib): a
 * periodic sequence of discrete events, with the continuous library's defaults. Cycles start
 * when the run starts and every `period` after; in each, `values`[i] is produced at the cycle's
 * start plus `offsets`[i] (nondecreasing times; an offset beyond a finite period is never
 * reached). An `Infinity` period gives one cycle, a finite sequence of events. No event comes
 * after `stopTime`.
 *
 * Each event is at microstep 1 of its time, absent at microstep 0, as a discrete signal in a
 * continuous model must be: continuous from the left, so that an integrator or a level
 * crossing detector downstream sees the value before the event at the step's end, (t, 0).
 * Events of equal offsets come at successive microsteps, 1, 2, ...
 */
struct _HycoContinuousDiscreteClock
{
  HycoActor parent_instance;

  char *period_literal;
  char *offsets_literal;
  char *values_literal;
  char *stop_time_literal;
  gboolean stop_time_is_local;
  HycoClockSchedule schedule;

  HycoPort *output;
};

G_DEFINE_FINAL_TYPE (HycoContinuousDiscreteClock, hyco_continuous_discrete_clock, HYCO_TYPE_ACTOR)
HYCO_REGISTER_DEFINE (continuous_discrete_clock, HYCO_TYPE_CONTINUOUS_DISCRETE_CLOCK,
                      "ptolemy.domains.continuous.lib.DiscreteClock")

enum
{
  PROP_0,
  PROP_PERIOD,
  PROP_OFFSETS,
  PROP_VALUES,
  PROP_STOP_TIME,
  PROP_STOP_TIME_IS_LOCAL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static char **
literal_field (HycoContinuousDiscreteClock *self, guint prop_id)
{
  switch (prop_id)
    {
    case PROP_PERIOD:
      return &self->period_literal;
    case PROP_OFFSETS:
      return &self->offsets_literal;
    case PROP_VALUES:
      return &self->values_literal;
    case PROP_STOP_TIME:
      return &self->stop_time_literal;
    default:
      return NULL;
    }
}

static void
get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  HycoContinuousDiscreteClock *self = HYCO_CONTINUOUS_DISCRETE_CLOCK (object);
  char **field = literal_field (self, prop_id);

  if (field != NULL)
    g_value_set_string (value, *field);
  else if (prop_id == PROP_STOP_TIME_IS_LOCAL)
    g_value_set_boolean (value, self->stop_time_is_local);
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  HycoContinuousDiscreteClock *self = HYCO_CONTINUOUS_DISCRETE_CLOCK (object);
  char **field = literal_field (self, prop_id);

  if (field != NULL)
    {
      if (_hyco_actors_set_literal (field, value, pspec))
        g_object_notify_by_pspec (object, pspec);
    }
  else if (prop_id == PROP_STOP_TIME_IS_LOCAL)
    {
      if (self->stop_time_is_local != g_value_get_boolean (value))
        {
          self->stop_time_is_local = g_value_get_boolean (value);
          g_object_notify_by_pspec (object, pspec);
        }
    }
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
hyco_continuous_discrete_clock_constructed (GObject *object)
{
  HycoContinuousDiscreteClock *self = HYCO_CONTINUOUS_DISCRETE_CLOCK (object);

  G_OBJECT_CLASS (hyco_continuous_discrete_clock_parent_class)->constructed (object);
  self->output = hyco_actor_get_port (HYCO_ACTOR (self), "output");
}

static void
hyco_continuous_discrete_clock_finalize (GObject *object)
{
  HycoContinuousDiscreteClock *self = HYCO_CONTINUOUS_DISCRETE_CLOCK (object);

  g_free (self->period_literal);
  g_free (self->offsets_literal);
  g_free (self->values_literal);
  g_free (self->stop_time_literal);
  _hyco_clock_schedule_clear (&self->schedule);
  G_OBJECT_CLASS (hyco_continuous_discrete_clock_parent_class)->finalize (object);
}

static gboolean
hyco_continuous_discrete_clock_preinitialize (HycoActor *actor, GError **error)
{
  HycoContinuousDiscreteClock *self = HYCO_CONTINUOUS_DISCRETE_CLOCK (actor);

  self->schedule.max_cycles = 0;
  return _hyco_clock_schedule_prepare (&self->schedule, actor, self->offsets_literal,
                                       self->values_literal, error);
}

static gboolean
hyco_continuous_discrete_clock_initialize (HycoActor *actor, GError **error)
{
  return _hyco_clock_schedule_start (&HYCO_CONTINUOUS_DISCRETE_CLOCK (actor)->schedule, actor,
                                     error);
}

static gboolean
hyco_continuous_discrete_clock_fire (HycoActor *actor, GError **error)
{
  HycoContinuousDiscreteClock *self = HYCO_CONTINUOUS_DISCRETE_CLOCK (actor);
  const HycoValue *value = _hyco_clock_schedule_due (&self->schedule, actor);

  if (value != NULL)
    hyco_port_send (self->output, 0, value);
  else
    hyco_port_send_absent (self->output, 0);
  return TRUE;
}

static gboolean
hyco_continuous_discrete_clock_postfire (HycoActor *actor, GError **error)
{
  return _hyco_clock_schedule_advance (&HYCO_CONTINUOUS_DISCRETE_CLOCK (actor)->schedule, actor,
                                       error);
}

static void
hyco_continuous_discrete_clock_class_init (HycoContinuousDiscreteClockClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  object_class->constructed = hyco_continuous_discrete_clock_constructed;
  object_class->finalize = hyco_continuous_discrete_clock_finalize;
  object_class->get_property = get_property;
  object_class->set_property = set_property;
  actor_class->preinitialize = hyco_continuous_discrete_clock_preinitialize;
  actor_class->initialize = hyco_continuous_discrete_clock_initialize;
  actor_class->fire = hyco_continuous_discrete_clock_fire;
  actor_class->postfire = hyco_continuous_discrete_clock_postfire;

  hyco_actor_class_set_description (actor_class,
                                    "Periodic discrete events: values[i] at each cycle's start "
                                    "plus offsets[i], at microstep 1");
  hyco_actor_class_add_port (actor_class, "output", HYCO_PORT_OUTPUT,
                             "The events, at microstep 1 of their times");

  /**
   * HycoContinuousDiscreteClock:period:
   *
   * The time between cycle starts, in seconds; `Infinity` for a single cycle.
   */
  properties[PROP_PERIOD]
    = hyco_param_spec_literal ("period", "Time between cycles (s)", HYCO_PARAM_KIND_TIME, "2.0");
  /**
   * HycoContinuousDiscreteClock:offsets:
   *
   * The times of the events within a cycle, in seconds, nondecreasing.
   */
  properties[PROP_OFFSETS]
    = hyco_param_spec_literal ("offsets", "Event times within a cycle (s), nondecreasing",
                               HYCO_PARAM_KIND_VALUE_LIST, "{0.0, 1.0}");
  /**
   * HycoContinuousDiscreteClock:values:
   *
   * The value of each event, one per offset.
   */
  properties[PROP_VALUES] = hyco_param_spec_literal ("values", "Event values, one per offset",
                                                     HYCO_PARAM_KIND_VALUE_LIST, "{1, 0}");
  /**
   * HycoContinuousDiscreteClock:stopTime:
   *
   * No event after this time, in seconds.
   */
  properties[PROP_STOP_TIME] = hyco_param_spec_literal ("stopTime", "No event after this time (s)",
                                                        HYCO_PARAM_KIND_TIME, "Infinity");
  /**
   * HycoContinuousDiscreteClock:stopTimeIsLocal:
   *
   * Ptolemy II's choice between a modal model's local time and global time for `stopTime`;
   * model time is the same everywhere in Hyco, so it changes nothing.
   */
  properties[PROP_STOP_TIME_IS_LOCAL] = g_param_spec_boolean (
    "stopTimeIsLocal", NULL, "Ptolemy II's local stop time inside modal models (no effect)", FALSE,
    G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hyco_continuous_discrete_clock_init (HycoContinuousDiscreteClock *self)
{
  self->period_literal = g_strdup ("2.0");
  self->offsets_literal = g_strdup ("{0.0, 1.0}");
  self->values_literal = g_strdup ("{1, 0}");
  self->stop_time_literal = g_strdup ("Infinity");
}
