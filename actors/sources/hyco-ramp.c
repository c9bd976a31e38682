/* hyco-ramp.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actors-private.h"
#include "hyco-actors.h"

/**
 * HycoRamp:
 *
 * Produces `init`, then `init` + `step`, `init` + 2·`step`, ... one value per firing: the state
 * is produced when the actor fires and advanced by `step` when the tag is committed, so a
 * repeated firing at one tag produces the same value. It fires when `trigger` has an event, or
 * once at the start if nothing is connected to `trigger`. Integer parameters give integers
 * (overflow is an error); strings concatenate, as in Ptolemy II.
 */
struct _HycoRamp
{
  HycoActor parent_instance;

  char *init_literal;
  char *step_literal;
  HycoValue init;
  HycoValue step;
  HycoValue state;

  char *limit_literal;
  gint64 limit; /* firings before the actor stops; 0: no limit */
  gint64 firings;

  HycoPort *trigger;
  HycoPort *output;
};

G_DEFINE_FINAL_TYPE (HycoRamp, hyco_ramp, HYCO_TYPE_ACTOR)
HYCO_REGISTER_DEFINE (ramp, HYCO_TYPE_RAMP, "Ramp")

enum
{
  PROP_0,
  PROP_INIT,
  PROP_STEP,
  PROP_FIRING_COUNT_LIMIT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
hyco_ramp_constructed (GObject *object)
{
  HycoRamp *self = HYCO_RAMP (object);

  G_OBJECT_CLASS (hyco_ramp_parent_class)->constructed (object);
  self->trigger = hyco_actor_get_port (HYCO_ACTOR (self), "trigger");
  self->output = hyco_actor_get_port (HYCO_ACTOR (self), "output");
}

static void
hyco_ramp_finalize (GObject *object)
{
  HycoRamp *self = HYCO_RAMP (object);

  g_free (self->init_literal);
  g_free (self->step_literal);
  hyco_value_clear (&self->init);
  hyco_value_clear (&self->step);
  hyco_value_clear (&self->state);
  g_free (self->limit_literal);
  G_OBJECT_CLASS (hyco_ramp_parent_class)->finalize (object);
}

static void
hyco_ramp_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  HycoRamp *self = HYCO_RAMP (object);

  switch (prop_id)
    {
    case PROP_INIT:
      g_value_set_string (value, self->init_literal);
      break;
    case PROP_STEP:
      g_value_set_string (value, self->step_literal);
      break;
    case PROP_FIRING_COUNT_LIMIT:
      g_value_set_string (value, self->limit_literal);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hyco_ramp_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  HycoRamp *self = HYCO_RAMP (object);

  switch (prop_id)
    {
    case PROP_INIT:
      if (_hyco_actors_set_literal (&self->init_literal, value, pspec))
        g_object_notify_by_pspec (object, pspec);
      break;
    case PROP_STEP:
      if (_hyco_actors_set_literal (&self->step_literal, value, pspec))
        g_object_notify_by_pspec (object, pspec);
      break;
    case PROP_FIRING_COUNT_LIMIT:
      if (_hyco_actors_set_literal (&self->limit_literal, value, pspec))
        g_object_notify_by_pspec (object, pspec);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static gboolean
hyco_ramp_preinitialize (HycoActor *actor, GError **error)
{
  HycoRamp *self = HYCO_RAMP (actor);
  g_auto (HycoValue) sum = HYCO_VALUE_INIT;
  g_autoptr (GError) local_error = NULL;

  if (!_hyco_actors_parse_value (actor, "init", self->init_literal, &self->init, error)
      || !_hyco_actors_parse_value (actor, "step", self->step_literal, &self->step, error)
      || !_hyco_actors_parse_count (actor, "firingCountLimit", self->limit_literal, &self->limit,
                                    error))
    return FALSE;
  /* Catch a step of the wrong type now rather than at the first commit. */
  if (!hyco_value_add (&self->init, &self->step, &sum, &local_error)
      && !g_error_matches (local_error, HYCO_VALUE_ERROR, HYCO_VALUE_ERROR_OVERFLOW))
    {
      hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_PARAMETER,
                            "parameters init and step: %s", local_error->message);
      return FALSE;
    }
  return TRUE;
}

static gboolean
hyco_ramp_initialize (HycoActor *actor, GError **error)
{
  HycoRamp *self = HYCO_RAMP (actor);

  hyco_value_assign (&self->state, &self->init);
  self->firings = 0;
  return _hyco_actors_fire_at_start_if_untriggered (actor, self->trigger, error);
}

static gboolean
hyco_ramp_fire (HycoActor *actor, GError **error)
{
  HycoRamp *self = HYCO_RAMP (actor);

  hyco_port_send (self->output, 0, &self->state);
  return TRUE;
}

static gboolean
hyco_ramp_postfire (HycoActor *actor, GError **error)
{
  HycoRamp *self = HYCO_RAMP (actor);
  g_autoptr (GError) local_error = NULL;

  if (self->limit > 0 && ++self->firings >= self->limit)
    hyco_actor_finish (actor);
  if (hyco_value_add (&self->state, &self->step, &self->state, &local_error))
    return TRUE;
  hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_FAILED, "%s", local_error->message);
  return FALSE;
}

static gboolean
hyco_ramp_prefire (HycoActor *actor)
{
  return _hyco_actors_trigger_ready (actor, hyco_actor_get_port (actor, "trigger"));
}

static void
hyco_ramp_class_init (HycoRampClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  object_class->constructed = hyco_ramp_constructed;
  object_class->finalize = hyco_ramp_finalize;
  object_class->get_property = hyco_ramp_get_property;
  object_class->set_property = hyco_ramp_set_property;
  actor_class->preinitialize = hyco_ramp_preinitialize;
  actor_class->initialize = hyco_ramp_initialize;
  actor_class->prefire = hyco_ramp_prefire;
  actor_class->fire = hyco_ramp_fire;
  actor_class->postfire = hyco_ramp_postfire;

  hyco_actor_class_set_description (actor_class,
                                    "Produces init, init + step, init + 2·step, ... when "
                                    "triggered");
  hyco_actor_class_add_port (actor_class, "trigger", HYCO_PORT_INPUT | HYCO_PORT_MULTIPORT,
                             "Any event makes the actor fire; if unconnected, it fires once "
                             "at the start");
  hyco_actor_class_add_port (actor_class, "output", HYCO_PORT_OUTPUT, "The current value");

  /**
   * HycoRamp:init:
   *
   * The first value produced, as a value literal.
   */
  properties[PROP_INIT]
    = hyco_param_spec_literal ("init", "The first value produced", HYCO_PARAM_KIND_VALUE, "0");
  /**
   * HycoRamp:step:
   *
   * What is added to the value after each firing, as a value literal.
   */
  properties[PROP_STEP] = hyco_param_spec_literal ("step", "What is added after each firing",
                                                   HYCO_PARAM_KIND_VALUE, "1");
  /**
   * HycoRamp:firingCountLimit:
   *
   * After this many firings the actor is not fired again (Ptolemy II's LimitedFiringSource);
   * NONE or 0: no limit.
   */
  properties[PROP_FIRING_COUNT_LIMIT]
    = hyco_param_spec_literal ("firingCountLimit", "Firings before it stops, or NONE",
                               HYCO_PARAM_KIND_PLAIN, "NONE");
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hyco_ramp_init (HycoRamp *self)
{
  self->limit_literal = g_strdup ("NONE");
  self->init_literal = g_strdup ("0");
  self->step_literal = g_strdup ("1");
}
