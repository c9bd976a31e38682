/* hyco-continuous-sinewave.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actor-helpers-private.h"
#include "hyco-actors.h"

#include <math.h>

/**
 * HycoContinuousSinewave:
 *
 * A continuous signal, amplitude·sin(2π·frequency·t + phase) + offset, where t is the current
 * model time in seconds from the start of the run. It is present at every firing and has no
 * input; under a continuous director it is a smooth source whose accuracy the solver's step
 * control takes care of. Model time is converted to seconds only here, at the edge, so the
 * wave is as exact as a double allows at each tag.
 *
 * As Ptolemy II's ContinuousSinewave (whose inner director's maxStepSize is
 * 1/(10·frequency)), it asks the director for at least `samplesPerPeriod` steps per period,
 * so that the wave is drawn smoothly even where nothing else limits the steps; 0 lifts the
 * limit. `magnitude` is Ptolemy II's name for the amplitude.
 */
struct _HycoContinuousSinewave
{
  HycoActor parent_instance;

  double frequency;
  double phase;
  double amplitude;
  double offset;
  double samples_per_period;

  HycoPort *output;
};

static void hyco_continuous_sinewave_stage_function_init (HycoStageFunctionInterface *iface);
static void hyco_continuous_sinewave_control_init (HycoStepSizeControlInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (HycoContinuousSinewave, hyco_continuous_sinewave, HYCO_TYPE_ACTOR,
                               G_IMPLEMENT_INTERFACE (HYCO_TYPE_STAGE_FUNCTION,
                                                      hyco_continuous_sinewave_stage_function_init)
                                 G_IMPLEMENT_INTERFACE (HYCO_TYPE_STEP_SIZE_CONTROL,
                                                        hyco_continuous_sinewave_control_init))
HYCO_REGISTER_DEFINE (continuous_sinewave, HYCO_TYPE_CONTINUOUS_SINEWAVE, "ContinuousSinewave")

enum
{
  PROP_0,
  PROP_FREQUENCY,
  PROP_PHASE,
  PROP_AMPLITUDE,
  PROP_OFFSET,
  PROP_MAGNITUDE,
  PROP_SAMPLES_PER_PERIOD,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static double *
field (HycoContinuousSinewave *self, guint prop_id)
{
  switch (prop_id)
    {
    case PROP_FREQUENCY:
      return &self->frequency;
    case PROP_PHASE:
      return &self->phase;
    case PROP_AMPLITUDE:
    case PROP_MAGNITUDE:
      return &self->amplitude;
    case PROP_OFFSET:
      return &self->offset;
    case PROP_SAMPLES_PER_PERIOD:
      return &self->samples_per_period;
    default:
      return NULL;
    }
}

static void
hyco_continuous_sinewave_get_property (GObject *object, guint prop_id, GValue *value,
                                       GParamSpec *pspec)
{
  double *f = field (HYCO_CONTINUOUS_SINEWAVE (object), prop_id);

  if (f == NULL)
    {
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }
  g_value_set_double (value, *f);
}

static void
hyco_continuous_sinewave_set_property (GObject *object, guint prop_id, const GValue *value,
                                       GParamSpec *pspec)
{
  double *f = field (HYCO_CONTINUOUS_SINEWAVE (object), prop_id);

  if (f == NULL)
    {
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }
  if (*f == g_value_get_double (value))
    return;
  *f = g_value_get_double (value);
  g_object_notify_by_pspec (object, pspec);
  /* Two names for one value: both change. */
  if (prop_id == PROP_AMPLITUDE)
    g_object_notify_by_pspec (object, properties[PROP_MAGNITUDE]);
  else if (prop_id == PROP_MAGNITUDE)
    g_object_notify_by_pspec (object, properties[PROP_AMPLITUDE]);
}

static void
hyco_continuous_sinewave_constructed (GObject *object)
{
  HycoContinuousSinewave *self = HYCO_CONTINUOUS_SINEWAVE (object);

  G_OBJECT_CLASS (hyco_continuous_sinewave_parent_class)->constructed (object);
  self->output = hyco_actor_get_port (HYCO_ACTOR (self), "output");
}

/* The value at @t seconds: what firing sends and the stage function computes. */
static double
value_at (gconstpointer data, double t)
{
  const HycoContinuousSinewave *self = data;

  return self->amplitude * sin (2 * G_PI * self->frequency * t + self->phase) + self->offset;
}

static gboolean
hyco_continuous_sinewave_fire (HycoActor *actor, GError **error)
{
  double t
    = hyco_time_to_seconds (hyco_actor_get_current_time (actor), hyco_actor_get_resolution (actor));

  hyco_port_send_double (HYCO_CONTINUOUS_SINEWAVE (actor)->output, 0, value_at (actor, t));
  return TRUE;
}

static gboolean
hyco_continuous_sinewave_get_stage_function (HycoStageFunction *function,
                                             HycoStageFunctionSpec *spec)
{
  spec->kind = HYCO_STAGE_FUNCTION_OF_TIME;
  spec->of_time = value_at;
  spec->data = function;
  return TRUE;
}

static void
hyco_continuous_sinewave_stage_function_init (HycoStageFunctionInterface *iface)
{
  iface->get_stage_function = hyco_continuous_sinewave_get_stage_function;
}

/* At least samplesPerPeriod steps per period: at most 1 / (samplesPerPeriod·frequency). */
static gint64
hyco_continuous_sinewave_suggested_step_size (HycoStepSizeControl *control)
{
  HycoContinuousSinewave *self = HYCO_CONTINUOUS_SINEWAVE (control);
  double limit, tick;

  if (!(self->samples_per_period > 0) || self->frequency == 0)
    return HYCO_TIME_INFINITY;
  tick = hyco_time_to_seconds (1, hyco_actor_get_resolution (HYCO_ACTOR (self)));
  limit = 1.0 / (self->samples_per_period * fabs (self->frequency)) / tick;
  if (!(limit < (double) (HYCO_TIME_INFINITY / 2)))
    return HYCO_TIME_INFINITY;
  return MAX ((gint64) llround (limit), 1);
}

static void
hyco_continuous_sinewave_control_init (HycoStepSizeControlInterface *iface)
{
  iface->suggested_step_size = hyco_continuous_sinewave_suggested_step_size;
}

static void
hyco_continuous_sinewave_class_init (HycoContinuousSinewaveClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  object_class->constructed = hyco_continuous_sinewave_constructed;
  object_class->get_property = hyco_continuous_sinewave_get_property;
  object_class->set_property = hyco_continuous_sinewave_set_property;
  actor_class->fire = hyco_continuous_sinewave_fire;

  hyco_actor_class_set_description (actor_class, "A continuous sine wave of model time: "
                                                 "amplitude·sin(2π·frequency·t + phase) + offset");
  hyco_actor_class_add_port (actor_class, "output", HYCO_PORT_OUTPUT,
                             "The sine wave, present at every firing");

  /**
   * HycoContinuousSinewave:frequency:
   *
   * The frequency, in hertz.
   */
  properties[PROP_FREQUENCY]
    = g_param_spec_double ("frequency", NULL, "Frequency (Hz)", -G_MAXDOUBLE, G_MAXDOUBLE, 1,
                           G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HycoContinuousSinewave:phase:
   *
   * The phase at time zero, in radians.
   */
  properties[PROP_PHASE]
    = g_param_spec_double ("phase", NULL, "Phase at time zero (rad)", -G_MAXDOUBLE, G_MAXDOUBLE, 0,
                           G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HycoContinuousSinewave:amplitude:
   *
   * The amplitude.
   */
  properties[PROP_AMPLITUDE]
    = g_param_spec_double ("amplitude", NULL, "Amplitude", -G_MAXDOUBLE, G_MAXDOUBLE, 1,
                           G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HycoContinuousSinewave:offset:
   *
   * A constant added to the wave.
   */
  properties[PROP_OFFSET]
    = g_param_spec_double ("offset", NULL, "Constant added to the wave", -G_MAXDOUBLE, G_MAXDOUBLE,
                           0, G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HycoContinuousSinewave:magnitude:
   *
   * Ptolemy II's name for the amplitude: setting one sets the other.
   */
  properties[PROP_MAGNITUDE] = g_param_spec_double (
    "magnitude", NULL, "The amplitude (Ptolemy II's name)", -G_MAXDOUBLE, G_MAXDOUBLE, 1,
    G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HycoContinuousSinewave:samplesPerPeriod:
   *
   * The fewest steps the director takes per period of the wave (Ptolemy II's 10); 0 for no
   * limit.
   */
  properties[PROP_SAMPLES_PER_PERIOD] = g_param_spec_double (
    "samplesPerPeriod", NULL, "Fewest steps per period (0 for no limit)", 0, G_MAXDOUBLE, 10,
    G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hyco_continuous_sinewave_init (HycoContinuousSinewave *self)
{
  self->frequency = 1;
  self->amplitude = 1;
  self->samples_per_period = 10;
}
