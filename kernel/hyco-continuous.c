/* hyco-continuous.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-kernel.h"

G_DEFINE_INTERFACE (HycoContinuousState, hyco_continuous_state, HYCO_TYPE_ACTOR)

static void
hyco_continuous_state_default_init (HycoContinuousStateInterface *iface)
{
}

/**
 * hyco_continuous_state_get_state:
 * @self: an actor with continuous state
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
 * Returns: the step size in ticks the actor proposes instead
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
 * Returns: the largest next step in ticks the actor wants, or %HYCO_TIME_INFINITY
 */
gint64
hyco_step_size_control_suggested_step_size (HycoStepSizeControl *self)
{
  g_return_val_if_fail (HYCO_IS_STEP_SIZE_CONTROL (self), HYCO_TIME_INFINITY);
  return HYCO_STEP_SIZE_CONTROL_GET_IFACE (self)->suggested_step_size (self);
}

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
