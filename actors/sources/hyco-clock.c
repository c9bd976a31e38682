/* hyco-clock.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actors-private.h"
#include "hyco-actors.h"

/**
 * HycoClock:
 *
 * Ptolemy II's Clock (`ptolemy.actor.lib.Clock`): from the time it is initialized, each
 * `period` begins a cycle in which `values[i]` is produced at `offsets[i]` into the period.
 * Each output is produced at the first firing at its time, which is the tag the clock asked
 * for with fire_at: microstep 1 for a later time, the next microstep when two offsets are equal
 * (both outputs then happen at one time, one microstep apart, in order).
 *
 * With `trigger` connected, after the first output an output is produced only if a trigger
 * event has arrived since the last one: a trigger arriving at an output's time produces it
 * there; one arriving earlier makes the clock ask to be fired at the next output time; the
 * outputs whose times passed without a trigger are skipped ("skipped beats").
 *
 * `period` is also an input port: a new period at a tag changes the cycle in progress as
 * Ptolemy II does, and if the cycle in progress has not yet reached its new end, it is cut
 * short to end at (start of the cycle + new period).
 *
 * The clock stops (its postfire returns false) after `numberOfCycles` complete cycles (each
 * completed by producing the last of `values`), or at `stopTime`, at which it asks to be
 * fired so that no output after it is produced.
 */

enum
{
  PROP_0,
  PROP_PERIOD,
  PROP_OFFSETS,
  PROP_VALUES,
  PROP_NUMBER_OF_CYCLES,
  PROP_STOP_TIME,
  PROP_STOP_TIME_IS_LOCAL,
  N_PROPS
};

typedef struct
{
  gint64 cycle_start;
  gint64 next_output;
  gint64 period;
  gint64 previous_period;
  guint phase;
  gboolean triggered; /* a trigger arrived since the last output */
  gboolean enabled;
  gboolean first_output_produced;
} ClockState;

typedef struct
{
  char *literals[N_PROPS];

  GArray *offsets; /* gint64 ticks into the period */
  GPtrArray *values;
  gint64 period;
  gint64 cycle_limit; /* <= 0: no limit */
  gint64 stop_time;

  ClockState state;     /* committed in postfire */
  ClockState tentative; /* computed by the last fire */
  gint64 cycle_count;
  gboolean produced;
  gboolean period_changed;
  gboolean restarted;

  HycoPort *output;
  HycoPort *trigger;
  HycoPort *period_port;
  HycoPort *start; /* NULL unless a TriggeredClock */
  HycoPort *stop;
} HycoClockPrivate;

G_DEFINE_TYPE_WITH_PRIVATE (HycoClock, hyco_clock, HYCO_TYPE_ACTOR)
HYCO_REGISTER_DEFINE (clock, HYCO_TYPE_CLOCK, "Clock")

static GParamSpec *properties[N_PROPS];

#define PRIV(self) ((HycoClockPrivate *) hyco_clock_get_instance_private (HYCO_CLOCK (self)))

static void
hyco_clock_constructed (GObject *object)
{
  HycoClockPrivate *priv = PRIV (object);
  HycoActor *actor = HYCO_ACTOR (object);

  G_OBJECT_CLASS (hyco_clock_parent_class)->constructed (object);
  priv->output = hyco_actor_get_port (actor, "output");
  priv->trigger = hyco_actor_get_port (actor, "trigger");
  priv->period_port = hyco_actor_get_port (actor, "period");
  priv->start = hyco_actor_get_port (actor, "start");
  priv->stop = hyco_actor_get_port (actor, "stop");
}

static void
hyco_clock_finalize (GObject *object)
{
  HycoClockPrivate *priv = PRIV (object);

  _hyco_literals_clear (priv->literals, N_PROPS);
  g_clear_pointer (&priv->offsets, g_array_unref);
  g_clear_pointer (&priv->values, g_ptr_array_unref);
  G_OBJECT_CLASS (hyco_clock_parent_class)->finalize (object);
}

static void
hyco_clock_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  _hyco_literals_get (PRIV (object)->literals, N_PROPS, prop_id, value);
}

static void
hyco_clock_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  _hyco_literals_set (object, PRIV (object)->literals, N_PROPS, prop_id, value, pspec);
}

static gboolean
hyco_clock_preinitialize (HycoActor *actor, GError **error)
{
  HycoClockPrivate *priv = PRIV (actor);

  g_clear_pointer (&priv->offsets, g_array_unref);
  g_clear_pointer (&priv->values, g_ptr_array_unref);
  if (!_hyco_actors_get_positive_time (actor, "period", FALSE, NULL, &priv->period, error)
      || !_hyco_actors_parse_time_list (actor, "offsets", priv->literals[PROP_OFFSETS],
                                        &priv->offsets, error)
      || !_hyco_actors_parse_value_list (actor, "values", priv->literals[PROP_VALUES],
                                         &priv->values, error)
      || !_hyco_actors_parse_count (actor, "numberOfCycles",
                                    priv->literals[PROP_NUMBER_OF_CYCLES], &priv->cycle_limit,
                                    error)
      || !hyco_actor_get_time_parameter (actor, "stopTime", &priv->stop_time, error))
    return FALSE;
  if (priv->offsets->len == 0 || priv->offsets->len != priv->values->len)
    {
      hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_PARAMETER,
                            "parameters offsets and values: must have the same number of "
                            "elements, at least one, not %u and %u",
                            priv->offsets->len, priv->values->len);
      return FALSE;
    }
  return TRUE;
}

static inline gint64
offset_at (HycoClockPrivate *priv, guint phase)
{
  return g_array_index (priv->offsets, gint64, phase);
}

/* Starts the cycles at @now, as initialize does (and a TriggeredClock's start input). */
static void
restart (HycoClockPrivate *priv, ClockState *s, gint64 now)
{
  s->cycle_start = now;
  s->phase = 0;
  s->next_output = now + offset_at (priv, 0);
  s->first_output_produced = FALSE;
  s->previous_period = s->period;
  /* The first output needs no trigger. */
  s->triggered = TRUE;
}

/* Moves the next output to the first phase whose time is not before @now: outputs whose
 * times passed (not triggered, or the clock was not fired, as in an inactive mode) are
 * skipped. */
static void
catch_up (HycoClockPrivate *priv, ClockState *s, gint64 now)
{
  guint n = priv->offsets->len;
  gint64 phase_time;

  if (s->next_output >= now)
    return;
  /* Whole cycles at once: a clock inactive for long must not walk every phase. */
  if (now - s->cycle_start > 2 * s->period)
    {
      gint64 cycles = (now - s->cycle_start) / s->period - 1;
      s->cycle_start += cycles * s->period;
      s->phase = 0;
    }
  phase_time = s->cycle_start + offset_at (priv, s->phase);
  while (phase_time < now)
    {
      if (++s->phase >= n)
        {
          s->phase = 0;
          s->cycle_start += s->period;
        }
      phase_time = s->cycle_start + offset_at (priv, s->phase);
    }
  s->next_output = phase_time;
}

static gboolean
hyco_clock_initialize (HycoActor *actor, GError **error)
{
  HycoClockPrivate *priv = PRIV (actor);
  gint64 now = hyco_actor_get_current_time (actor);

  priv->state.period = priv->period;
  restart (priv, &priv->state, now);
  /* A TriggeredClock waits for its start input. */
  priv->state.enabled = priv->start == NULL;
  priv->cycle_count = 0;
  /* As Ptolemy II's TimedSource: fired at the stop time, it stops there and produces nothing
   * after it. */
  if (priv->stop_time != HYCO_TIME_INFINITY && priv->stop_time > now
      && !hyco_actor_fire_at (actor, priv->stop_time, NULL, error))
    return FALSE;
  return hyco_actor_fire_at (actor, priv->state.next_output, NULL, error);
}

static gboolean
present (HycoPort *port)
{
  return port != NULL && hyco_port_get_width (port) > 0 && hyco_port_any_present (port);
}

static gboolean
hyco_clock_fire (HycoActor *actor, GError **error)
{
  HycoClockPrivate *priv = PRIV (actor);
  ClockState s = priv->state;
  gint64 now = hyco_actor_get_current_time (actor);
  gboolean trigger_connected = hyco_port_get_width (priv->trigger) > 0;

  priv->produced = FALSE;
  priv->period_changed = FALSE;
  priv->restarted = FALSE;

  if (present (priv->start))
    {
      restart (priv, &s, now);
      s.enabled = TRUE;
      priv->restarted = TRUE;
    }
  /* Start and stop together: stopped. */
  if (present (priv->stop))
    s.enabled = FALSE;

  if (present (priv->period_port))
    {
      gint64 period;

      if (!_hyco_actors_value_to_ticks (actor, "input period",
                                        hyco_port_get_value (priv->period_port, 0), &period,
                                        error))
        return FALSE;
      if (period <= 0)
        {
          hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_PARAMETER,
                                "input period: must be greater than 0");
          return FALSE;
        }
      s.period = period;
      catch_up (priv, &s, now);
      /* At a cycle's start the new period applies to the cycle that has just begun: it ends
       * at (its start + the new period) instead, unless that is already past. */
      if (s.phase == 0 && s.first_output_produced)
        {
          gint64 shortened = s.cycle_start - s.previous_period + period;
          if (shortened >= now)
            s.next_output = s.cycle_start = shortened;
        }
      s.previous_period = period;
      priv->period_changed = TRUE;
    }

  if (present (priv->trigger))
    s.triggered = TRUE;

  if (s.enabled)
    {
      catch_up (priv, &s, now);
      if (s.next_output == now)
        {
          if (!trigger_connected || s.triggered)
            hyco_port_send (priv->output, 0, priv->values->pdata[s.phase]);
          /* Skipped for want of a trigger, the output still counts for the schedule. */
          priv->produced = TRUE;
        }
    }
  priv->tentative = s;
  return TRUE;
}

static gboolean
hyco_clock_postfire (HycoActor *actor, GError **error)
{
  HycoClockPrivate *priv = PRIV (actor);
  ClockState s = priv->tentative;
  gint64 now = hyco_actor_get_current_time (actor);
  gboolean trigger_connected = hyco_port_get_width (priv->trigger) > 0;
  gboolean fire_at_needed;

  /* With a trigger connected, the clock asks for the next output only once triggered. */
  fire_at_needed = (s.enabled
                    && ((!trigger_connected && priv->produced)
                        || (trigger_connected && s.triggered && !priv->produced)))
                   || priv->period_changed || priv->restarted;
  if (priv->restarted)
    priv->cycle_count = 0;
  if (priv->produced)
    {
      s.first_output_produced = TRUE;
      s.triggered = FALSE;
      if (++s.phase == priv->offsets->len)
        {
          s.phase = 0;
          s.cycle_start += s.period;
          priv->cycle_count++;
        }
    }
  s.next_output = s.cycle_start + offset_at (priv, s.phase);
  if (priv->cycle_limit > 0 && priv->cycle_count >= priv->cycle_limit)
    s.enabled = FALSE;
  priv->state = s;

  if (now >= priv->stop_time || (priv->cycle_limit > 0 && priv->cycle_count >= priv->cycle_limit))
    {
      hyco_actor_finish (actor);
      return TRUE;
    }
  if (fire_at_needed)
    return hyco_actor_fire_at (actor, MAX (s.next_output, now), NULL, error);
  return TRUE;
}

static void
hyco_clock_class_init (HycoClockClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  object_class->constructed = hyco_clock_constructed;
  object_class->finalize = hyco_clock_finalize;
  object_class->get_property = hyco_clock_get_property;
  object_class->set_property = hyco_clock_set_property;
  actor_class->preinitialize = hyco_clock_preinitialize;
  actor_class->initialize = hyco_clock_initialize;
  actor_class->fire = hyco_clock_fire;
  actor_class->postfire = hyco_clock_postfire;

  hyco_actor_class_set_description (actor_class,
                                    "Produces values[i] at offsets[i] into each period");
  hyco_actor_class_add_port (actor_class, "output", HYCO_PORT_OUTPUT,
                             "The values, each at its offset into the period");
  hyco_actor_class_add_port (actor_class, "trigger", HYCO_PORT_INPUT | HYCO_PORT_MULTIPORT,
                             "If connected, an output after the first needs an event here "
                             "since the last output");
  hyco_actor_class_add_port (actor_class, "period", HYCO_PORT_INPUT,
                             "A new period, in seconds, from its tag on");

  /**
   * HycoClock:period:
   *
   * The length of a cycle, in seconds; greater than 0. The `period` input changes it.
   */
  properties[PROP_PERIOD]
    = hyco_param_spec_literal ("period", "Length of a cycle (s)", HYCO_PARAM_KIND_TIME, "2.0");
  /**
   * HycoClock:offsets:
   *
   * The times into each cycle of the values, in seconds, not decreasing (`{0.0, 1.0}`).
   */
  properties[PROP_OFFSETS]
    = hyco_param_spec_literal ("offsets", "Times of the values into each cycle (s)",
                               HYCO_PARAM_KIND_VALUE_LIST, "{0.0, 1.0}");
  /**
   * HycoClock:values:
   *
   * The values produced in each cycle, one per offset.
   */
  properties[PROP_VALUES] = hyco_param_spec_literal ("values", "The values of each cycle",
                                                     HYCO_PARAM_KIND_VALUE_LIST, "{1, 0}");
  /**
   * HycoClock:numberOfCycles:
   *
   * How many cycles to produce, or UNBOUNDED.
   */
  properties[PROP_NUMBER_OF_CYCLES]
    = hyco_param_spec_literal ("numberOfCycles", "Cycles to produce, or UNBOUNDED",
                               HYCO_PARAM_KIND_PLAIN, "UNBOUNDED");
  /**
   * HycoClock:stopTime:
   *
   * The time at which the clock stops, in seconds, or Infinity.
   */
  properties[PROP_STOP_TIME] = hyco_param_spec_literal (
    "stopTime", "Time at which the clock stops (s)", HYCO_PARAM_KIND_TIME, "Infinity");
  /**
   * HycoClock:stopTimeIsLocal:
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
hyco_clock_init (HycoClock *self)
{
  _hyco_literals_init (PRIV (self)->literals, properties, N_PROPS);
}
