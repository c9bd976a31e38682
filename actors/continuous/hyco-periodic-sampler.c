/* hyco-periodic-sampler.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actor-helpers-private.h"
#include "hyco-actors.h"
#include "hyco-director-private.h"

/**
 * HycoPeriodicSampler:
 *
 * Samples a continuous signal every `samplePeriod` seconds into discrete events, as Ptolemy
 * II's PeriodicSampler: the output is an event at (k·samplePeriod, 1), k = 0, 1, ..., and
 * absent at every other tag. Sample times are exact multiples of the period in ticks, so they
 * coincide exactly with those of any other actor on the same grid.
 *
 * With `microstep` 0 (the default) the event carries the input's left limit at the sample
 * time: its value at (k·samplePeriod, 0), before any discontinuity at that time, sent one
 * microstep later so that the output is absent at microstep 0, continuous from the left. A
 * signal that jumps at the sample time is sampled before the jump, and the jump shows in the
 * next sample. Only the input at the sample time counts: under a continuous director, which
 * lands a step on every sample time, its value at (k·samplePeriod, 0); under DE an event at
 * that tag, if any. Where the input is absent there, so is the sample. This output depends
 * on a value stored at an earlier tag, never on the input at its own tag: the actor is then
 * non-strict and its output does not depend on its input, so it breaks zero-delay loops as a
 * microstep delay does.
 *
 * With `microstep` m > 0 the event is at (k·samplePeriod, m) and carries the input at that
 * same tag (absent if the input is): m = 1 samples after a discontinuity at microstep 1, as a
 * Sampler triggered by a discrete clock does. The output then depends on the input at once.
 */
struct _HycoPeriodicSampler
{
  HycoActor parent_instance;

  char *period_literal;
  gint64 period;
  guint microstep;

  gint64 start; /* when the actor was initialized: samples at start + k·period */
  gint64 cycle; /* the sample's index k */
  HycoTag next; /* (k·period, max (microstep, 1)) */
  gboolean has_sample;
  HycoValue sample; /* the input at the last committed tag, when present there */

  HycoPort *input;
  HycoPort *output;
};

G_DEFINE_FINAL_TYPE (HycoPeriodicSampler, hyco_periodic_sampler, HYCO_TYPE_ACTOR)
HYCO_REGISTER_DEFINE (periodic_sampler, HYCO_TYPE_PERIODIC_SAMPLER, "PeriodicSampler")

enum
{
  PROP_0,
  PROP_SAMPLE_PERIOD,
  PROP_MICROSTEP,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
hyco_periodic_sampler_constructed (GObject *object)
{
  HycoPeriodicSampler *self = HYCO_PERIODIC_SAMPLER (object);

  G_OBJECT_CLASS (hyco_periodic_sampler_parent_class)->constructed (object);
  self->input = hyco_actor_get_port (HYCO_ACTOR (self), "input");
  self->output = hyco_actor_get_port (HYCO_ACTOR (self), "output");
}

static void
hyco_periodic_sampler_finalize (GObject *object)
{
  HycoPeriodicSampler *self = HYCO_PERIODIC_SAMPLER (object);

  g_free (self->period_literal);
  hyco_value_clear (&self->sample);
  G_OBJECT_CLASS (hyco_periodic_sampler_parent_class)->finalize (object);
}

static void
hyco_periodic_sampler_get_property (GObject *object, guint prop_id, GValue *value,
                                    GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_SAMPLE_PERIOD:
      g_value_set_string (value, HYCO_PERIODIC_SAMPLER (object)->period_literal);
      break;
    case PROP_MICROSTEP:
      g_value_set_uint (value, HYCO_PERIODIC_SAMPLER (object)->microstep);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hyco_periodic_sampler_set_property (GObject *object, guint prop_id, const GValue *value,
                                    GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_SAMPLE_PERIOD:
      if (_hyco_actors_set_literal (&HYCO_PERIODIC_SAMPLER (object)->period_literal, value, pspec))
        g_object_notify_by_pspec (object, pspec);
      break;
    case PROP_MICROSTEP:
      if (HYCO_PERIODIC_SAMPLER (object)->microstep != g_value_get_uint (value))
        {
          HYCO_PERIODIC_SAMPLER (object)->microstep = g_value_get_uint (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static gboolean
hyco_periodic_sampler_preinitialize (HycoActor *actor, GError **error)
{
  HycoPeriodicSampler *self = HYCO_PERIODIC_SAMPLER (actor);

  return _hyco_actors_get_positive_time (actor, "samplePeriod", FALSE, NULL, &self->period, error);
}

static gboolean
hyco_periodic_sampler_initialize (HycoActor *actor, GError **error)
{
  HycoPeriodicSampler *self = HYCO_PERIODIC_SAMPLER (actor);
  HycoTag now;

  self->cycle = 0;
  /* As Ptolemy II's: the samples count from the time of initialization (a mode entered
   * later, inside a modal model), at the first microstep not yet passed. */
  hyco_actor_get_current_tag (actor, &now);
  self->start = self->next.time = now.time;
  self->next.microstep = MAX (MAX (self->microstep, 1), now.microstep + 1);
  self->has_sample = FALSE;
  hyco_value_clear (&self->sample);
  return _hyco_actors_fire_at_tag_exactly (actor, &self->next, error);
}

static gboolean
is_sample_tag (HycoPeriodicSampler *self)
{
  HycoTag now = _hyco_actor_current_tag (HYCO_ACTOR (self));

  return now.time == self->next.time && now.microstep == self->next.microstep;
}

static gboolean
hyco_periodic_sampler_fire (HycoActor *actor, GError **error)
{
  HycoPeriodicSampler *self = HYCO_PERIODIC_SAMPLER (actor);

  if (!is_sample_tag (self))
    hyco_port_send_absent (self->output, 0);
  else if (self->microstep > 0)
    {
      /* Strict in this mode: the director fires it with its input known. */
      if (hyco_port_is_present (self->input, 0))
        hyco_port_send (self->output, 0, hyco_port_get_value (self->input, 0));
      else
        hyco_port_send_absent (self->output, 0);
    }
  /* The input may still be unknown here: the output does not depend on it. */
  else if (self->has_sample)
    hyco_port_send (self->output, 0, &self->sample);
  else
    hyco_port_send_absent (self->output, 0);
  return TRUE;
}

static gboolean
hyco_periodic_sampler_postfire (HycoActor *actor, GError **error)
{
  HycoPeriodicSampler *self = HYCO_PERIODIC_SAMPLER (actor);
  const HycoValue *x = hyco_port_get_value (self->input, 0);
  HycoTag now = _hyco_actor_current_tag (actor);
  gboolean sampled = is_sample_tag (self);

  if (sampled)
    {
      gint64 time;

      if (self->cycle == G_MAXINT64
          || !hyco_time_multiply (self->period, self->cycle + 1, &time, NULL)
          || !hyco_time_add (self->start, time, &time, NULL))
        {
          /* After the stop time, if there is one: no sample is left to take. */
          g_autofree char *period
            = hyco_time_to_string (self->period, hyco_actor_get_resolution (actor));
          if (!_hyco_actors_drop_beyond_time_range (actor, error,
                                                    "the sample after sample %" G_GINT64_FORMAT
                                                    " (period %s s) is beyond the range of "
                                                    "model time",
                                                    self->cycle, period))
            return FALSE;
        }
      else
        {
          self->cycle++;
          self->next.time = time;
          self->next.microstep = MAX (self->microstep, 1);
          if (!_hyco_actors_fire_at_tag_exactly (actor, &self->next, error))
            return FALSE;
        }
    }
  /* Only the input at the sample's time, before the sample's microstep, is sampled: under a
   * continuous director the step's end (k·samplePeriod, 0); under DE an event there, if any.
   * An absent input there gives an absent sample. */
  if (sampled)
    self->has_sample = FALSE;
  else if (self->microstep == 0 && now.time == self->next.time
           && now.microstep < self->next.microstep)
    {
      self->has_sample = x != NULL && hyco_port_is_present (self->input, 0);
      if (self->has_sample)
        hyco_value_assign (&self->sample, x);
    }
  return TRUE;
}

static gboolean
hyco_periodic_sampler_is_strict (HycoActor *actor)
{
  return HYCO_PERIODIC_SAMPLER (actor)->microstep > 0;
}

static gboolean
hyco_periodic_sampler_output_depends_on (HycoActor *actor, HycoPort *output, HycoPort *input)
{
  return HYCO_PERIODIC_SAMPLER (actor)->microstep > 0;
}

static void
hyco_periodic_sampler_class_init (HycoPeriodicSamplerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  object_class->constructed = hyco_periodic_sampler_constructed;
  object_class->finalize = hyco_periodic_sampler_finalize;
  object_class->get_property = hyco_periodic_sampler_get_property;
  object_class->set_property = hyco_periodic_sampler_set_property;
  actor_class->preinitialize = hyco_periodic_sampler_preinitialize;
  actor_class->initialize = hyco_periodic_sampler_initialize;
  actor_class->fire = hyco_periodic_sampler_fire;
  actor_class->postfire = hyco_periodic_sampler_postfire;
  actor_class->is_strict = hyco_periodic_sampler_is_strict;
  actor_class->output_depends_on = hyco_periodic_sampler_output_depends_on;

  hyco_actor_class_set_description (actor_class,
                                    "Samples a continuous input at (k·samplePeriod, 1), taking "
                                    "its value at (k·samplePeriod, microstep)");
  hyco_actor_class_add_port (actor_class, "input", HYCO_PORT_INPUT,
                             "The continuous signal to sample");
  hyco_actor_class_add_port (actor_class, "output", HYCO_PORT_OUTPUT,
                             "The samples, discrete events at (k·samplePeriod, 1)");

  /**
   * HycoPeriodicSampler:samplePeriod:
   *
   * The time between samples, in seconds; greater than zero.
   */
  properties[PROP_SAMPLE_PERIOD] = hyco_param_spec_literal (
    "samplePeriod", "Time between samples (s)", HYCO_PARAM_KIND_TIME, "0.1");
  /**
   * HycoPeriodicSampler:microstep:
   *
   * The microstep whose input is sampled: 0 (the default) for the left limit, sent at
   * microstep 1; m > 0 for the input at (k·samplePeriod, m), sent at once.
   */
  properties[PROP_MICROSTEP] = g_param_spec_uint (
    "microstep", NULL, "Microstep sampled: 0 for the left limit (sent at 1), m > 0 for (t, m)", 0,
    G_MAXUINT, 0, G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hyco_periodic_sampler_init (HycoPeriodicSampler *self)
{
  self->period_literal = g_strdup ("0.1");
}
