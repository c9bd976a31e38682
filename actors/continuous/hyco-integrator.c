/* hyco-integrator.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actor-helpers-private.h"
#include "hyco-actors.h"

/**
 * HycoIntegrator:
 *
 * Integrates its `derivative` input (components 3.7 and 3.8): `state` is the integral from the
 * start, beginning at the `initialState` parameter. An event on the `initialState` input resets
 * the state to its value at the event's tag, visible on `state` at that same tag (as Ptolemy
 * II's ContinuousIntegrator). An event on the `impulse` input is the weight of a Dirac delta:
 * it adds to the state, also at its own tag; where both arrive together the reset wins. Both
 * are discrete inputs: either present at microstep 0 during an integration step is an error,
 * as in Ptolemy II, since a continuous signal there would act at every solver stage.
 *
 * The state itself is advanced by the continuous director's solver: the actor only outputs
 * the tentative state it is given and commits it in postfire, so `state` does not depend on
 * `derivative` at the same tag and breaks algebraic loops.
 */
struct _HycoIntegrator
{
  HycoActor parent_instance;

  double initial_state;
  guint variant;
  double committed;
  double tentative;
  gboolean fired; /* postfired at least once since initialize */

  HycoPort *derivative;
  HycoPort *impulse;
  HycoPort *reset;
  HycoPort *state;
};

static void hyco_integrator_state_init (HycoContinuousStateInterface *iface);
static void hyco_integrator_stage_function_init (HycoStageFunctionInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (HycoIntegrator, hyco_integrator, HYCO_TYPE_ACTOR,
                               G_IMPLEMENT_INTERFACE (HYCO_TYPE_CONTINUOUS_STATE,
                                                      hyco_integrator_state_init)
                                 G_IMPLEMENT_INTERFACE (HYCO_TYPE_STAGE_FUNCTION,
                                                        hyco_integrator_stage_function_init))
HYCO_REGISTER_DEFINE (integrator, HYCO_TYPE_INTEGRATOR, "Integrator", "ContinuousIntegrator")

enum
{
  PROP_0,
  PROP_INITIAL_STATE,
  PROP_VARIANT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
hyco_integrator_constructed (GObject *object)
{
  HycoIntegrator *self = HYCO_INTEGRATOR (object);

  G_OBJECT_CLASS (hyco_integrator_parent_class)->constructed (object);
  self->derivative = hyco_actor_get_port (HYCO_ACTOR (self), "derivative");
  self->impulse = hyco_actor_get_port (HYCO_ACTOR (self), "impulse");
  self->reset = hyco_actor_get_port (HYCO_ACTOR (self), "initialState");
  self->state = hyco_actor_get_port (HYCO_ACTOR (self), "state");
}

static void
hyco_integrator_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_INITIAL_STATE:
      g_value_set_double (value, HYCO_INTEGRATOR (object)->initial_state);
      break;
    case PROP_VARIANT:
      g_value_set_uint (value, HYCO_INTEGRATOR (object)->variant);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hyco_integrator_set_property (GObject *object, guint prop_id, const GValue *value,
                              GParamSpec *pspec)
{
  HycoIntegrator *self = HYCO_INTEGRATOR (object);

  switch (prop_id)
    {
    case PROP_INITIAL_STATE:
      if (self->initial_state != g_value_get_double (value))
        {
          self->initial_state = g_value_get_double (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_VARIANT:
      if (self->variant != g_value_get_uint (value))
        {
          self->variant = g_value_get_uint (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static gboolean
hyco_integrator_initialize (HycoActor *actor, GError **error)
{
  HycoIntegrator *self = HYCO_INTEGRATOR (actor);

  self->committed = self->tentative = self->initial_state;
  self->fired = FALSE;
  return TRUE;
}

/* The initialState parameter changed during the run (a set action of a modal model, a
 * SetVariable): as in Ptolemy II, the state becomes the new value at once, which the
 * continuous director reads when it commits. */
static gboolean
hyco_integrator_parameter_changed (HycoActor *actor, const char *name, GError **error)
{
  HycoIntegrator *self = HYCO_INTEGRATOR (actor);

  if (g_str_equal (name, "initialState"))
    self->committed = self->tentative = self->initial_state;
  return TRUE;
}

static gboolean
input_known (HycoPort *port)
{
  return hyco_port_get_width (port) == 0 || hyco_port_is_known (port, 0);
}

/* An impulse or a reset in a continuous signal, present at microstep 0 during an integration
 * step, is an error, as in Ptolemy II: it would act at every solver stage (at the first
 * firing, where no step is under way, it is allowed). */
static gboolean
check_discrete (HycoIntegrator *self, HycoPort *port, const char *what, GError **error)
{
  HycoTag now;
  g_autofree char *when = NULL;

  hyco_actor_get_current_tag (HYCO_ACTOR (self), &now);
  if (now.microstep > 0 || !self->fired)
    return TRUE;
  when = hyco_time_to_string (now.time, hyco_actor_get_resolution (HYCO_ACTOR (self)));
  hyco_actor_set_error (HYCO_ACTOR (self), error, HYCO_ACTOR_ERROR_FAILED,
                        "input %s: %s must be a discrete event (present only at microsteps "
                        "after 0), but it is present at (%s, 0), during an integration step",
                        hyco_port_get_name (port), what, when);
  return FALSE;
}

/* The state at the current tag: the tentative state, plus an impulse, or replaced by a reset,
 * both taking effect at their own tag. An impulse adds to the committed state: it comes at a
 * microstep after 0 (or at the very first firing), where no step is under way and the
 * tentative state is the committed one. */
static gboolean
current_state (HycoIntegrator *self, double *value, GError **error)
{
  *value = self->tentative;
  if (hyco_port_is_present (self->impulse, 0))
    {
      double weight = hyco_port_get_double (self->impulse, 0);

      /* A zero impulse changes nothing (a discrete clock's 0 between its events). */
      if (weight != 0 && !check_discrete (self, self->impulse, "an impulse", error))
        return FALSE;
      *value = self->committed + weight;
    }
  if (hyco_port_is_present (self->reset, 0))
    {
      if (!check_discrete (self, self->reset, "a reset", error))
        return FALSE;
      *value = hyco_port_get_double (self->reset, 0);
    }
  return TRUE;
}

static gboolean
hyco_integrator_fire (HycoActor *actor, GError **error)
{
  HycoIntegrator *self = HYCO_INTEGRATOR (actor);
  double value;

  /* The output needs only the reset and impulse inputs: with either still unknown, wait. */
  if (!input_known (self->reset) || !input_known (self->impulse))
    return TRUE;
  if (!current_state (self, &value, error))
    return FALSE;
  hyco_port_send_double (self->state, 0, value);
  return TRUE;
}

static gboolean
hyco_integrator_postfire (HycoActor *actor, GError **error)
{
  HycoIntegrator *self = HYCO_INTEGRATOR (actor);
  double value;

  if (!current_state (self, &value, error))
    return FALSE;
  self->committed = self->tentative = value;
  self->fired = TRUE;
  return TRUE;
}

/* Variants 1 and 2 of component 3.7 are non-strict: the state does not depend on the
 * derivative at the same tag. Variant 3 is strict, as implicit integration algorithms are: it
 * waits for its input, so a loop through it alone is a real zero-delay loop. */
static gboolean
hyco_integrator_is_strict (HycoActor *actor)
{
  return HYCO_INTEGRATOR (actor)->variant == 3;
}

static gboolean
hyco_integrator_output_depends_on (HycoActor *actor, HycoPort *output, HycoPort *input)
{
  return input == HYCO_INTEGRATOR (actor)->reset || input == HYCO_INTEGRATOR (actor)->impulse;
}

static double
hyco_integrator_get_state (HycoContinuousState *state)
{
  return HYCO_INTEGRATOR (state)->committed;
}

static void
hyco_integrator_set_tentative_state (HycoContinuousState *state, double value)
{
  HYCO_INTEGRATOR (state)->tentative = value;
}

static double
hyco_integrator_get_derivative (HycoContinuousState *state)
{
  HycoIntegrator *self = HYCO_INTEGRATOR (state);

  /* An absent derivative (a discrete signal between events) contributes nothing. */
  return hyco_port_is_present (self->derivative, 0) ? hyco_port_get_double (self->derivative, 0)
                                                    : 0.0;
}

static void
hyco_integrator_state_init (HycoContinuousStateInterface *iface)
{
  iface->get_state = hyco_integrator_get_state;
  iface->set_tentative_state = hyco_integrator_set_tentative_state;
  iface->get_derivative = hyco_integrator_get_derivative;
}

/* Without resets or impulses, the output is the tentative state the director sets. */
static gboolean
hyco_integrator_get_stage_function (HycoStageFunction *function, HycoStageFunctionSpec *spec)
{
  if (hyco_port_get_width (HYCO_INTEGRATOR (function)->reset) > 0
      || hyco_port_get_width (HYCO_INTEGRATOR (function)->impulse) > 0)
    return FALSE;
  spec->kind = HYCO_STAGE_FUNCTION_STATE;
  return TRUE;
}

static void
hyco_integrator_stage_function_init (HycoStageFunctionInterface *iface)
{
  iface->get_stage_function = hyco_integrator_get_stage_function;
}

static void
hyco_integrator_class_init (HycoIntegratorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  object_class->constructed = hyco_integrator_constructed;
  object_class->get_property = hyco_integrator_get_property;
  object_class->set_property = hyco_integrator_set_property;
  actor_class->initialize = hyco_integrator_initialize;
  actor_class->parameter_changed = hyco_integrator_parameter_changed;
  actor_class->fire = hyco_integrator_fire;
  actor_class->postfire = hyco_integrator_postfire;
  actor_class->is_strict = hyco_integrator_is_strict;
  actor_class->output_depends_on = hyco_integrator_output_depends_on;

  hyco_actor_class_set_description (actor_class,
                                    "Integrates its derivative input; resets on initialState");
  hyco_actor_class_add_port (actor_class, "derivative", HYCO_PORT_INPUT,
                             "The derivative of the state (continuous)");
  hyco_actor_class_add_port (actor_class, "initialState", HYCO_PORT_INPUT,
                             "An event resets the state to its value at the event's tag");
  hyco_actor_class_add_port (actor_class, "impulse", HYCO_PORT_INPUT,
                             "An event adds its value to the state at the event's tag");
  hyco_actor_class_add_port (actor_class, "state", HYCO_PORT_OUTPUT,
                             "The integral, starting at the initialState parameter");

  /**
   * HycoIntegrator:initialState:
   *
   * The state at the start of the run.
   */
  properties[PROP_INITIAL_STATE] = g_param_spec_double (
    "initialState", NULL, "The state at the start of the run", -G_MAXDOUBLE, G_MAXDOUBLE, 0,
    G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HycoIntegrator:variant:
   *
   * Component 3.7's variant: 1 and 2 are non-strict (the default, 1), 3 is strict.
   */
  properties[PROP_VARIANT] = g_param_spec_uint (
    "variant", NULL, "Component 3.7's variant: 1 or 2 non-strict, 3 strict", 1, 3, 1,
    G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hyco_integrator_init (HycoIntegrator *self)
{
  self->variant = 1;
}
