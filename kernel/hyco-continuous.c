/* hyco-continuous.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-kernel.h"

/**
 * HycoContinuousState:
 *
 * An actor with continuous states that a continuous director integrates: one, as an Integrator, or
 * several, as a Model Exchange FMU. The director's solver sets tentative states at each stage and
 * reads the derivatives the firing gives; the actor commits its states in postfire, so that a
 * rejected or refined step leaves no trace.
 */
G_DEFINE_INTERFACE (HycoContinuousState, hyco_continuous_state, HYCO_TYPE_ACTOR)

static void
hyco_continuous_state_default_init (HycoContinuousStateInterface *iface)
{
}

/**
 * hyco_continuous_state_get_state:
 * @self: an actor with continuous state
 *
 * Gets the actor's committed state, the value at the last accepted step, for an actor with one
 * state.
 *
 * Returns: the committed state
 */
double
hyco_continuous_state_get_state (HycoContinuousState *self)
{
  g_return_val_if_fail (HYCO_IS_CONTINUOUS_STATE (self), 0.0);
  return HYCO_CONTINUOUS_STATE_GET_IFACE (self)->get_state (self);
}

/**
 * hyco_continuous_state_set_tentative_state:
 * @self: an actor with continuous state
 * @state: the state to output at the current stage
 *
 * Sets the state the actor outputs until the director sets another or the actor commits it.
 */
void
hyco_continuous_state_set_tentative_state (HycoContinuousState *self, double state)
{
  g_return_if_fail (HYCO_IS_CONTINUOUS_STATE (self));
  HYCO_CONTINUOUS_STATE_GET_IFACE (self)->set_tentative_state (self, state);
}

/**
 * hyco_continuous_state_get_derivative:
 * @self: an actor with continuous state
 *
 * Gets the derivative the actor's input received at the current solver stage, for an actor with one
 * state. The continuous director calls this after firing the actor.
 *
 * Returns: the derivative the actor received at the current stage
 */
double
hyco_continuous_state_get_derivative (HycoContinuousState *self)
{
  g_return_val_if_fail (HYCO_IS_CONTINUOUS_STATE (self), 0.0);
  return HYCO_CONTINUOUS_STATE_GET_IFACE (self)->get_derivative (self);
}

/**
 * hyco_continuous_state_get_n_states:
 * @self: an actor with continuous state
 *
 * Gets how many continuous states the actor integrates: the length of the arrays the other
 * functions of this interface fill.
 *
 * Returns: how many states the actor has (1 unless it implements get_n_states)
 */
guint
hyco_continuous_state_get_n_states (HycoContinuousState *self)
{
  HycoContinuousStateInterface *iface;

  g_return_val_if_fail (HYCO_IS_CONTINUOUS_STATE (self), 0);
  iface = HYCO_CONTINUOUS_STATE_GET_IFACE (self);
  return iface->get_n_states ? iface->get_n_states (self) : 1;
}

/**
 * hyco_continuous_state_get_states: (skip)
 * @self: an actor with continuous state
 * @states: where to put the committed states, hyco_continuous_state_get_n_states() of them
 *
 * Copies the actor's committed states, the values at the last accepted step.
 */
void
hyco_continuous_state_get_states (HycoContinuousState *self, double *states)
{
  HycoContinuousStateInterface *iface;

  g_return_if_fail (HYCO_IS_CONTINUOUS_STATE (self));
  iface = HYCO_CONTINUOUS_STATE_GET_IFACE (self);
  if (iface->get_n_states)
    iface->get_states (self, states);
  else
    states[0] = iface->get_state (self);
}

/**
 * hyco_continuous_state_set_tentative_states: (skip)
 * @self: an actor with continuous state
 * @states: the states to output at the current stage, hyco_continuous_state_get_n_states()
 *   of them
 *
 * Gives the actor the states the solver computed for the current stage; the actor outputs them when
 * it fires, and commits them only if the step is accepted.
 */
void
hyco_continuous_state_set_tentative_states (HycoContinuousState *self, const double *states)
{
  HycoContinuousStateInterface *iface;

  g_return_if_fail (HYCO_IS_CONTINUOUS_STATE (self));
  iface = HYCO_CONTINUOUS_STATE_GET_IFACE (self);
  if (iface->get_n_states)
    iface->set_tentative_states (self, states);
  else
    iface->set_tentative_state (self, states[0]);
}

/**
 * hyco_continuous_state_get_derivatives: (skip)
 * @self: an actor with continuous state
 * @derivatives: where to put the derivatives at the current stage
 *
 * Copies the derivative of each of the actor's states at the current solver stage, for actors with
 * several states.
 */
void
hyco_continuous_state_get_derivatives (HycoContinuousState *self, double *derivatives)
{
  HycoContinuousStateInterface *iface;

  g_return_if_fail (HYCO_IS_CONTINUOUS_STATE (self));
  iface = HYCO_CONTINUOUS_STATE_GET_IFACE (self);
  if (iface->get_n_states)
    iface->get_derivatives (self, derivatives);
  else
    derivatives[0] = iface->get_derivative (self);
}

/**
 * hyco_continuous_state_get_nominals: (skip)
 * @self: an actor with continuous state
 * @nominals: where to put each state's nominal magnitude (1 when the actor gives none)
 *
 * Copies each state's nominal magnitude, which scales the solver's error estimate (an FMU's nominal
 * values).
 */
void
hyco_continuous_state_get_nominals (HycoContinuousState *self, double *nominals)
{
  HycoContinuousStateInterface *iface;
  guint n;

  g_return_if_fail (HYCO_IS_CONTINUOUS_STATE (self));
  iface = HYCO_CONTINUOUS_STATE_GET_IFACE (self);
  n = iface->get_n_states ? iface->get_n_states (self) : 1;
  if (iface->get_nominals)
    iface->get_nominals (self, nominals);
  else
    for (guint i = 0; i < n; i++)
      nominals[i] = 1;
}

/**
 * HycoStepSizeControl:
 *
 * An actor that has a say in the step size of the continuous director that governs it: it may
 * reject a step it finds too large (an event to locate, an error too large) and propose a smaller
 * one, and suggest how large the next step may be.
 */
G_DEFINE_INTERFACE (HycoStepSizeControl, hyco_step_size_control, HYCO_TYPE_ACTOR)

static gboolean
default_accurate (HycoStepSizeControl *self)
{
  return TRUE;
}

static gint64
default_refined (HycoStepSizeControl *self, gint64 step)
{
  return step;
}

static gint64
default_suggested (HycoStepSizeControl *self)
{
  return HYCO_TIME_INFINITY;
}

static void
hyco_step_size_control_default_init (HycoStepSizeControlInterface *iface)
{
  iface->is_step_size_accurate = default_accurate;
  iface->refined_step_size = default_refined;
  iface->suggested_step_size = default_suggested;
}

/**
 * hyco_step_size_control_is_step_size_accurate:
 * @self: an actor that votes on the step size
 *
 * Asks the actor, after a step was tried, whether the step was small enough for it (an event it
 * must locate, an error it can tolerate); a step any actor rejects is refined.
 *
 * Returns: %TRUE if the step just fired was small enough for the actor
 */
gboolean
hyco_step_size_control_is_step_size_accurate (HycoStepSizeControl *self)
{
  g_return_val_if_fail (HYCO_IS_STEP_SIZE_CONTROL (self), TRUE);
  return HYCO_STEP_SIZE_CONTROL_GET_IFACE (self)->is_step_size_accurate (self);
}

/**
 * hyco_step_size_control_refined_step_size:
 * @self: an actor that votes on the step size
 * @step: the step just tried, in ticks
 *
 * Asks the actor, after it rejected a step with hyco_step_size_control_is_step_size_accurate(), for
 * the smaller step to try instead.
 *
 * Returns: the step size in ticks the actor proposes instead, or 0 when time cannot advance
 *   before the actor takes a zero-size step (a microstep) at the committed time
 */
gint64
hyco_step_size_control_refined_step_size (HycoStepSizeControl *self, gint64 step)
{
  g_return_val_if_fail (HYCO_IS_STEP_SIZE_CONTROL (self), step);
  return HYCO_STEP_SIZE_CONTROL_GET_IFACE (self)->refined_step_size (self, step);
}

/**
 * hyco_step_size_control_suggested_step_size:
 * @self: an actor that votes on the step size
 *
 * Asks the actor, after a step was accepted, how large the next step may be; the continuous
 * director takes the smallest suggestion of its actors.
 *
 * Returns: the largest next step in ticks the actor wants, or %HYCO_TIME_INFINITY
 */
gint64
hyco_step_size_control_suggested_step_size (HycoStepSizeControl *self)
{
  g_return_val_if_fail (HYCO_IS_STEP_SIZE_CONTROL (self), HYCO_TIME_INFINITY);
  return HYCO_STEP_SIZE_CONTROL_GET_IFACE (self)->suggested_step_size (self);
}

/**
 * HycoStageFunction:
 *
 * An actor that tells the continuous director what it computes at a solver stage (a constant, a
 * gain, a sum, a function of time), so that the director evaluates it at each stage without firing
 * it.
 */
G_DEFINE_INTERFACE (HycoStageFunction, hyco_stage_function, HYCO_TYPE_ACTOR)

static void
hyco_stage_function_default_init (HycoStageFunctionInterface *iface)
{
}

/**
 * hyco_stage_function_get_stage_function:
 * @self: an actor
 * @spec: (out caller-allocates) (skip): where to put what it computes
 *
 * Asks an actor whether its output at every solver stage is a fixed function of its inputs and
 * time (a gain, a sum) that the continuous director can evaluate itself, which spares firing it
 * at each stage; fills @spec with it when it is.
 *
 * Returns: whether the actor's output at a solver stage is the function put in @spec
 */
gboolean
hyco_stage_function_get_stage_function (HycoStageFunction *self, HycoStageFunctionSpec *spec)
{
  g_return_val_if_fail (HYCO_IS_STAGE_FUNCTION (self), FALSE);
  g_return_val_if_fail (spec != NULL, FALSE);
  *spec = (HycoStageFunctionSpec){ 0 };
  return HYCO_STAGE_FUNCTION_GET_IFACE (self)->get_stage_function (self, spec);
}
