/* hyco-continuous-ramp.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actor-helpers-private.h"
#include "hyco-actors.h"

/**
 * HycoContinuousRamp:
 *
 * A continuous signal, initialValue + rate·t, where t is the current model time in seconds
 * from the start of the run. It is present at every firing and has no input. Unlike the
 * discrete `Ramp`, which counts its triggers, it is a function of time alone, so it is the
 * same at every solver stage and at every microstep of one time.
 */
struct _HycoContinuousRamp
{
  HycoActor parent_instance;

  double initial_value;
  double rate;

  HycoPort *output;
};

static void hyco_continuous_ramp_stage_function_init (HycoStageFunctionInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (HycoContinuousRamp, hyco_continuous_ramp, HYCO_TYPE_ACTOR,
                               G_IMPLEMENT_INTERFACE (HYCO_TYPE_STAGE_FUNCTION,
                                                      hyco_continuous_ramp_stage_function_init))
HYCO_REGISTER_DEFINE (continuous_ramp, HYCO_TYPE_CONTINUOUS_RAMP, "ContinuousRamp")

enum
{
  PROP_0,
  PROP_INITIAL_VALUE,
  PROP_RATE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static double *
field (HycoContinuousRamp *self, guint prop_id)
{
  switch (prop_id)
    {
    case PROP_INITIAL_VALUE:
      return &self->initial_value;
    case PROP_RATE:
      return &self->rate;
    default:
      return NULL;
    }
}

static void
hyco_continuous_ramp_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  double *f = field (HYCO_CONTINUOUS_RAMP (object), prop_id);

  if (f == NULL)
    {
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }
  g_value_set_double (value, *f);
}

static void
hyco_continuous_ramp_set_property (GObject *object, guint prop_id, const GValue *value,
                                   GParamSpec *pspec)
{
  double *f = field (HYCO_CONTINUOUS_RAMP (object), prop_id);

  if (f == NULL)
    {
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }
  if (*f == g_value_get_double (value))
    return;
  *f = g_value_get_double (value);
  g_object_notify_by_pspec (object, pspec);
}

static void
hyco_continuous_ramp_constructed (GObject *object)
{
  HycoContinuousRamp *self = HYCO_CONTINUOUS_RAMP (object);

  G_OBJECT_CLASS (hyco_continuous_ramp_parent_class)->constructed (object);
  self->output = hyco_actor_get_port (HYCO_ACTOR (self), "output");
}

/* The value at @t seconds: what firing sends and the stage function computes. */
static double
value_at (gconstpointer data, double t)
{
  const HycoContinuousRamp *self = data;

  return self->initial_value + self->rate * t;
}

static gboolean
hyco_continuous_ramp_fire (HycoActor *actor, GError **error)
{
  double t
    = hyco_time_to_seconds (hyco_actor_get_current_time (actor), hyco_actor_get_resolution (actor));

  hyco_port_send_double (HYCO_CONTINUOUS_RAMP (actor)->output, 0, value_at (actor, t));
  return TRUE;
}

static gboolean
hyco_continuous_ramp_get_stage_function (HycoStageFunction *function, HycoStageFunctionSpec *spec)
{
  spec->kind = HYCO_STAGE_FUNCTION_OF_TIME;
  spec->of_time = value_at;
  spec->data = function;
  return TRUE;
}

static void
hyco_continuous_ramp_stage_function_init (HycoStageFunctionInterface *iface)
{
  iface->get_stage_function = hyco_continuous_ramp_get_stage_function;
}

static void
hyco_continuous_ramp_class_init (HycoContinuousRampClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  object_class->constructed = hyco_continuous_ramp_constructed;
  object_class->get_property = hyco_continuous_ramp_get_property;
  object_class->set_property = hyco_continuous_ramp_set_property;
  actor_class->fire = hyco_continuous_ramp_fire;

  hyco_actor_class_set_description (actor_class,
                                    "A continuous ramp of model time: initialValue + rate·t");
  hyco_actor_class_add_port (actor_class, "output", HYCO_PORT_OUTPUT,
                             "The ramp, present at every firing");

  /**
   * HycoContinuousRamp:initialValue:
   *
   * The value at time zero.
   */
  properties[PROP_INITIAL_VALUE]
    = g_param_spec_double ("initialValue", NULL, "Value at time zero", -G_MAXDOUBLE, G_MAXDOUBLE, 0,
                           G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HycoContinuousRamp:rate:
   *
   * The slope, in units per second.
   */
  properties[PROP_RATE]
    = g_param_spec_double ("rate", NULL, "Slope (per second)", -G_MAXDOUBLE, G_MAXDOUBLE, 1,
                           G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hyco_continuous_ramp_init (HycoContinuousRamp *self)
{
  self->rate = 1;
}
