/* hyco-continuous-clock.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actor-helpers-private.h"
#include "hyco-actors.h"
#include "hyco-clock-schedule-private.h"

/**
 * HycoContinuousClock:
 *
 * Ptolemy II's ContinuousClock: a piecewise-constant continuous signal, the events of the
 * continuous domain's DiscreteClock held by a zero-order hold. Cycles start when the run
 * starts and every `period` after (for `numberOfCycles` cycles, or forever when it is not
 * positive); in each, the signal takes `values`[i] at the cycle's start plus `offsets`[i] and
 * keeps it until the next change. Before the first change it is `defaultValue` (absent when
 * that is empty). No change comes after `stopTime`.
 *
 * The signal is present at every firing. A change at time t shows at (t, 1): at (t, 0) the
 * signal still has its old value, continuous from the left, so a solver integrating it meets
 * the old value at the end of the step that reaches t and the new one from the step after.
 */
struct _HycoContinuousClock
{
  HycoActor parent_instance;

  char *period_literal;
  char *offsets_literal;
  char *values_literal;
  char *stop_time_literal;
  gboolean stop_time_is_local;
  char *default_literal;
  gint number_of_cycles;
  HycoClockSchedule schedule;

  /* The signal's committed value, from defaultValue, then the last event. */
  gboolean holding;
  HycoValue held;

  HycoPort *output;
};

G_DEFINE_FINAL_TYPE (HycoContinuousClock, hyco_continuous_clock, HYCO_TYPE_ACTOR)
HYCO_REGISTER_DEFINE (continuous_clock, HYCO_TYPE_CONTINUOUS_CLOCK, "ContinuousClock")

enum
{
  PROP_0,
  PROP_PERIOD,
  PROP_OFFSETS,
  PROP_VALUES,
  PROP_STOP_TIME,
  PROP_STOP_TIME_IS_LOCAL,
  PROP_DEFAULT_VALUE,
  PROP_NUMBER_OF_CYCLES,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static char **
literal_field (HycoContinuousClock *self, guint prop_id)
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
    case PROP_DEFAULT_VALUE:
      return &self->default_literal;
    default:
      return NULL;
    }
}

static void
get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  HycoContinuousClock *self = HYCO_CONTINUOUS_CLOCK (object);
  char **field = literal_field (self, prop_id);

  if (field != NULL)
    g_value_set_string (value, *field);
  else if (prop_id == PROP_STOP_TIME_IS_LOCAL)
    g_value_set_boolean (value, self->stop_time_is_local);
  else if (prop_id == PROP_NUMBER_OF_CYCLES)
    g_value_set_int (value, self->number_of_cycles);
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  HycoContinuousClock *self = HYCO_CONTINUOUS_CLOCK (object);
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
  else if (prop_id == PROP_NUMBER_OF_CYCLES)
    {
      if (self->number_of_cycles != g_value_get_int (value))
        {
          self->number_of_cycles = g_value_get_int (value);
          g_object_notify_by_pspec (object, pspec);
        }
    }
  else
    G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
}

static void
hyco_continuous_clock_constructed (GObject *object)
{
  HycoContinuousClock *self = HYCO_CONTINUOUS_CLOCK (object);

  G_OBJECT_CLASS (hyco_continuous_clock_parent_class)->constructed (object);
  self->output = hyco_actor_get_port (HYCO_ACTOR (self), "output");
}

static void
hyco_continuous_clock_finalize (GObject *object)
{
  HycoContinuousClock *self = HYCO_CONTINUOUS_CLOCK (object);

  g_free (self->period_literal);
  g_free (self->offsets_literal);
  g_free (self->values_literal);
  g_free (self->stop_time_literal);
  g_free (self->default_literal);
  hyco_value_clear (&self->held);
  _hyco_clock_schedule_clear (&self->schedule);
  G_OBJECT_CLASS (hyco_continuous_clock_parent_class)->finalize (object);
}

static gboolean
hyco_continuous_clock_preinitialize (HycoActor *actor, GError **error)
{
  HycoContinuousClock *self = HYCO_CONTINUOUS_CLOCK (actor);

  self->schedule.max_cycles = self->number_of_cycles;
  return _hyco_clock_schedule_prepare (&self->schedule, actor, self->offsets_literal,
                                       self->values_literal, error);
}

static gboolean
hyco_continuous_clock_initialize (HycoActor *actor, GError **error)
{
  HycoContinuousClock *self = HYCO_CONTINUOUS_CLOCK (actor);
  g_autofree char *initial = g_strstrip (g_strdup (self->default_literal));

  /* An empty defaultValue (Ptolemy II's empty expression): absent before the first event. */
  hyco_value_clear (&self->held);
  self->holding = initial[0] != '\0';
  if (self->holding
      && !_hyco_actors_parse_value (actor, "defaultValue", initial, &self->held, error))
    return FALSE;
  return _hyco_clock_schedule_start (&self->schedule, actor, error);
}

static gboolean
hyco_continuous_clock_fire (HycoActor *actor, GError **error)
{
  HycoContinuousClock *self = HYCO_CONTINUOUS_CLOCK (actor);
  const HycoValue *value = _hyco_clock_schedule_due (&self->schedule, actor);

  if (value != NULL)
    hyco_port_send (self->output, 0, value);
  else if (self->holding)
    hyco_port_send (self->output, 0, &self->held);
  else
    hyco_port_send_absent (self->output, 0);
  return TRUE;
}

static gboolean
hyco_continuous_clock_postfire (HycoActor *actor, GError **error)
{
  HycoContinuousClock *self = HYCO_CONTINUOUS_CLOCK (actor);
  const HycoValue *value = _hyco_clock_schedule_due (&self->schedule, actor);

  if (value != NULL)
    {
      hyco_value_assign (&self->held, value);
      self->holding = TRUE;
    }
  return _hyco_clock_schedule_advance (&self->schedule, actor, error);
}

static void
hyco_continuous_clock_class_init (HycoContinuousClockClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  object_class->constructed = hyco_continuous_clock_constructed;
  object_class->finalize = hyco_continuous_clock_finalize;
  object_class->get_property = get_property;
  object_class->set_property = set_property;
  actor_class->preinitialize = hyco_continuous_clock_preinitialize;
  actor_class->initialize = hyco_continuous_clock_initialize;
  actor_class->fire = hyco_continuous_clock_fire;
  actor_class->postfire = hyco_continuous_clock_postfire;

  hyco_actor_class_set_description (actor_class,
                                    "A piecewise-constant signal: values[i] from each cycle's "
                                    "start plus offsets[i] on");
  hyco_actor_class_add_port (actor_class, "output", HYCO_PORT_OUTPUT,
                             "The signal, present at every firing; a change at t shows at "
                             "(t, 1)");

  /**
   * HycoContinuousClock:period:
   *
   * The time between cycle starts, in seconds; `Infinity` for a single cycle.
   */
  properties[PROP_PERIOD]
    = hyco_param_spec_literal ("period", "Time between cycles (s)", HYCO_PARAM_KIND_TIME, "2.0");
  /**
   * HycoContinuousClock:offsets:
   *
   * The times of the events within a cycle, in seconds, nondecreasing.
   */
  properties[PROP_OFFSETS]
    = hyco_param_spec_literal ("offsets", "Event times within a cycle (s), nondecreasing",
                               HYCO_PARAM_KIND_VALUE_LIST, "{0.0, 1.0}");
  /**
   * HycoContinuousClock:values:
   *
   * The value of each event, one per offset.
   */
  properties[PROP_VALUES] = hyco_param_spec_literal ("values", "Event values, one per offset",
                                                     HYCO_PARAM_KIND_VALUE_LIST, "{1, 0}");
  /**
   * HycoContinuousClock:stopTime:
   *
   * No event after this time, in seconds.
   */
  properties[PROP_STOP_TIME] = hyco_param_spec_literal ("stopTime", "No event after this time (s)",
                                                        HYCO_PARAM_KIND_TIME, "Infinity");
  /**
   * HycoContinuousClock:stopTimeIsLocal:
   *
   * Ptolemy II's choice between a modal model's local time and global time for `stopTime`;
   * model time is the same everywhere in Hyco, so it changes nothing.
   */
  properties[PROP_STOP_TIME_IS_LOCAL] = g_param_spec_boolean (
    "stopTimeIsLocal", NULL, "Ptolemy II's local stop time inside modal models (no effect)", FALSE,
    G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HycoContinuousClock:defaultValue:
   *
   * The signal before the first change, a value literal; empty for absent.
   */
  properties[PROP_DEFAULT_VALUE] = g_param_spec_string (
    "defaultValue", NULL, "The signal before the first change; empty for absent", "0.0",
    G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HycoContinuousClock:numberOfCycles:
   *
   * How many cycles to produce; 0 or less (the default, -1) for no limit.
   */
  properties[PROP_NUMBER_OF_CYCLES] = g_param_spec_int (
    "numberOfCycles", NULL, "Cycles to produce; -1 for no limit", G_MININT, G_MAXINT, -1,
    G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hyco_continuous_clock_init (HycoContinuousClock *self)
{
  self->period_literal = g_strdup ("2.0");
  self->offsets_literal = g_strdup ("{0.0, 1.0}");
  self->values_literal = g_strdup ("{1, 0}");
  self->stop_time_literal = g_strdup ("Infinity");
  self->default_literal = g_strdup ("0.0");
  self->number_of_cycles = -1;
}
