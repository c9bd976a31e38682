/* hyco-gain.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actor-helpers-private.h"
#include "hyco-signal-private.h"
#include "hyco-actors.h"

/**
 * HycoGain:
 *
 * The gain of the reference set (component 3.2): y = `factor`·x when x is present, absent
 * otherwise. Two integers give an integer (overflow is an error); otherwise the product is a
 * double. Registered as `Gain` and, for Ptolemy II models, as `Scale`.
 */
struct _HycoGain
{
  HycoActor parent_instance;

  char *factor_literal;
  HycoValue factor;
  HycoValue product; /* scratch, so that firing does not allocate */

  HycoPort *input;
  HycoPort *output;
};

static void hyco_gain_stage_function_init (HycoStageFunctionInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (HycoGain, hyco_gain, HYCO_TYPE_ACTOR,
                               G_IMPLEMENT_INTERFACE (HYCO_TYPE_STAGE_FUNCTION,
                                                      hyco_gain_stage_function_init))
HYCO_REGISTER_DEFINE (gain, HYCO_TYPE_GAIN, "Gain", "Scale")

enum
{
  PROP_0,
  PROP_FACTOR,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
hyco_gain_constructed (GObject *object)
{
  HycoGain *self = HYCO_GAIN (object);

  G_OBJECT_CLASS (hyco_gain_parent_class)->constructed (object);
  self->input = hyco_actor_get_port (HYCO_ACTOR (self), "input");
  self->output = hyco_actor_get_port (HYCO_ACTOR (self), "output");
}

static void
hyco_gain_finalize (GObject *object)
{
  HycoGain *self = HYCO_GAIN (object);

  g_free (self->factor_literal);
  hyco_value_clear (&self->factor);
  hyco_value_clear (&self->product);
  G_OBJECT_CLASS (hyco_gain_parent_class)->finalize (object);
}

static void
hyco_gain_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  HycoGain *self = HYCO_GAIN (object);

  switch (prop_id)
    {
    case PROP_FACTOR:
      g_value_set_string (value, self->factor_literal);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hyco_gain_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  HycoGain *self = HYCO_GAIN (object);

  switch (prop_id)
    {
    case PROP_FACTOR:
      if (_hyco_actors_set_literal (&self->factor_literal, value, pspec))
        g_object_notify_by_pspec (object, pspec);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static gboolean
hyco_gain_preinitialize (HycoActor *actor, GError **error)
{
  HycoGain *self = HYCO_GAIN (actor);

  if (!_hyco_actors_parse_value (actor, "factor", self->factor_literal, &self->factor, error))
    return FALSE;
  if (!hyco_value_is_numeric (&self->factor))
    {
      hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_PARAMETER,
                            "parameter factor: must be a number, not %s", self->factor_literal);
      return FALSE;
    }
  return TRUE;
}

/* Anything but a double times a double: through hyco_value_multiply(), which may fail. */
static G_NO_INLINE gboolean
multiply (HycoGain *self, const HycoValue *x, GError **error)
{
  g_autoptr (GError) local_error = NULL;

  if (!hyco_value_multiply (&self->factor, x, &self->product, &local_error))
    {
      hyco_actor_set_error (HYCO_ACTOR (self), error, HYCO_ACTOR_ERROR_FAILED, "%s",
                            local_error->message);
      return FALSE;
    }
  _hyco_port_write (self->output, 0, &self->product);
  return TRUE;
}

/* Reaches its own ports inline (hyco-signal-private.h): the public calls' checks would cost
 * more than the multiplication. */
static gboolean
hyco_gain_fire (HycoActor *actor, GError **error)
{
  HycoGain *self = (HycoGain *) actor;
  const HycoValue *x = _hyco_port_read_value (self->input, 0);

  if (x == NULL)
    return TRUE;
  /* Doubles, most often: the product hyco_value_multiply() would compute, without it. */
  if (G_LIKELY (x->type == HYCO_VALUE_TYPE_DOUBLE && self->factor.type == HYCO_VALUE_TYPE_DOUBLE))
    {
      _hyco_port_write_double (self->output, 0, self->factor.data.v_double * x->data.v_double);
      return TRUE;
    }
  return multiply (self, x, error);
}

/* factor × input, as hyco_value_multiply() computes it for a double input. */
static gboolean
hyco_gain_get_stage_function (HycoStageFunction *function, HycoStageFunctionSpec *spec)
{
  HycoGain *self = HYCO_GAIN (function);

  if (!hyco_value_is_numeric (&self->factor))
    return FALSE;
  spec->kind = HYCO_STAGE_FUNCTION_SCALE;
  spec->constant = hyco_value_get_double (&self->factor);
  return TRUE;
}

static void
hyco_gain_stage_function_init (HycoStageFunctionInterface *iface)
{
  iface->get_stage_function = hyco_gain_get_stage_function;
}

static void
hyco_gain_class_init (HycoGainClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  object_class->constructed = hyco_gain_constructed;
  object_class->finalize = hyco_gain_finalize;
  object_class->get_property = hyco_gain_get_property;
  object_class->set_property = hyco_gain_set_property;
  actor_class->preinitialize = hyco_gain_preinitialize;
  actor_class->fire = hyco_gain_fire;

  hyco_actor_class_set_description (actor_class, "Multiplies its input by a factor");
  hyco_actor_class_add_port (actor_class, "input", HYCO_PORT_INPUT, "The signal to scale");
  hyco_actor_class_add_port (actor_class, "output", HYCO_PORT_OUTPUT,
                             "factor × input where the input is present, absent elsewhere");

  /**
   * HycoGain:factor:
   *
   * The factor, as a numeric value literal (`2`, `0.5`).
   */
  properties[PROP_FACTOR]
    = hyco_param_spec_literal ("factor", "The factor", HYCO_PARAM_KIND_VALUE, "1");
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hyco_gain_init (HycoGain *self)
{
  self->factor_literal = g_strdup ("1");
}
