/* hyco-continuous.h: what actors implement to take part in continuous-time integration.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined(HYCO_INSIDE) && !defined(HYCO_COMPILATION)
#error "Only <hyco.h> can be included directly."
#endif

#include "hyco-export.h"
#include "hyco-actor.h"

G_BEGIN_DECLS

#define HYCO_TYPE_CONTINUOUS_STATE (hyco_continuous_state_get_type ())
HYCO_API
G_DECLARE_INTERFACE (HycoContinuousState, hyco_continuous_state, HYCO, CONTINUOUS_STATE, HycoActor)

/**
 * HycoContinuousStateInterface:
 * @get_state: the committed state, at the start of the current step
 * @set_tentative_state: the state the actor outputs when fired at the current solver stage or
 *   step end; not committed until postfire
 * @get_derivative: the state's derivative read from the actor's inputs at the current stage
 *   (called after the director fired the model at that stage)
 * @get_n_states: how many states the actor has, for an actor with several (a Model Exchange
 *   FMU); %NULL for one. An actor that sets it implements the array forms below instead of
 *   the one-state forms above. The number may change only where the director collects the
 *   states again (at initialize, after a mode switch).
 * @get_states: the committed states, into an array of get_n_states() doubles
 * @set_tentative_states: the states to output at the current stage or step end
 * @get_derivatives: the states' derivatives at the current stage, after the firing
 * @get_nominals: each state's nominal magnitude, which scales the absolute tolerance of the
 *   director's error control (FMI's nominalsOfContinuousStates); %NULL: 1 for each
 *
 * An actor with continuous states: one (an integrator), or several. The director's solver
 * owns the arithmetic: it sets tentative states at each stage, fires the model, reads
 * derivatives, and the actor commits its tentative states in postfire. Firing stays free of
 * side effects, so a rejected or refined step leaves no trace.
 */
struct _HycoContinuousStateInterface
{
  GTypeInterface g_iface;

  double (*get_state) (HycoContinuousState *self);
  void (*set_tentative_state) (HycoContinuousState *self, double state);
  double (*get_derivative) (HycoContinuousState *self);

  guint (*get_n_states) (HycoContinuousState *self);
  void (*get_states) (HycoContinuousState *self, double *states);
  void (*set_tentative_states) (HycoContinuousState *self, const double *states);
  void (*get_derivatives) (HycoContinuousState *self, double *derivatives);
  void (*get_nominals) (HycoContinuousState *self, double *nominals);
};

HYCO_API double hyco_continuous_state_get_state (HycoContinuousState *self);
HYCO_API void hyco_continuous_state_set_tentative_state (HycoContinuousState *self, double state);
HYCO_API double hyco_continuous_state_get_derivative (HycoContinuousState *self);
HYCO_API guint hyco_continuous_state_get_n_states (HycoContinuousState *self);
HYCO_API void hyco_continuous_state_get_states (HycoContinuousState *self, double *states);
HYCO_API void hyco_continuous_state_set_tentative_states (HycoContinuousState *self,
                                                          const double *states);
HYCO_API void hyco_continuous_state_get_derivatives (HycoContinuousState *self,
                                                     double *derivatives);
HYCO_API void hyco_continuous_state_get_nominals (HycoContinuousState *self, double *nominals);

#define HYCO_TYPE_STEP_SIZE_CONTROL (hyco_step_size_control_get_type ())
HYCO_API
G_DECLARE_INTERFACE (HycoStepSizeControl, hyco_step_size_control, HYCO, STEP_SIZE_CONTROL,
                     HycoActor)

/**
 * HycoStepSizeControlInterface:
 * @is_step_size_accurate: after the model was fired at a step's end, whether the step was
 *   small enough for this actor (a zero-crossing detector says no when the crossing lies
 *   inside the step and is not within its tolerance of the end)
 * @refined_step_size: when inaccurate, the step size in ticks the actor proposes instead (0: a
 *   zero-size step at the committed time first)
 * @suggested_step_size: after postfire, the largest next step in ticks the actor wants, or
 *   %HYCO_TIME_INFINITY for no constraint
 *
 * An actor that votes on the continuous director's step size (Ptolemy II's
 * ContinuousStepSizeController).
 */
struct _HycoStepSizeControlInterface
{
  GTypeInterface g_iface;

  gboolean (*is_step_size_accurate) (HycoStepSizeControl *self);
  gint64 (*refined_step_size) (HycoStepSizeControl *self, gint64 step);
  gint64 (*suggested_step_size) (HycoStepSizeControl *self);
};

HYCO_API gboolean hyco_step_size_control_is_step_size_accurate (HycoStepSizeControl *self);
HYCO_API gint64 hyco_step_size_control_refined_step_size (HycoStepSizeControl *self, gint64 step);
HYCO_API gint64 hyco_step_size_control_suggested_step_size (HycoStepSizeControl *self);

/**
 * HycoStageFunctionKind:
 * @HYCO_STAGE_FUNCTION_CONSTANT: the output is @constant
 * @HYCO_STAGE_FUNCTION_STATE: the output is the tentative state the director set (a
 *   #HycoContinuousState whose other inputs are unconnected)
 * @HYCO_STAGE_FUNCTION_SCALE: the output is @constant times the one input
 * @HYCO_STAGE_FUNCTION_SUM: the output is the sum of the inputs, added in channel order
 * @HYCO_STAGE_FUNCTION_PRODUCT: the output is the product of the first @n_factors inputs in
 *   channel order (1.0 if none), divided by each of the others in order
 * @HYCO_STAGE_FUNCTION_UNARY: the output is @unary of the one input
 * @HYCO_STAGE_FUNCTION_OF_TIME: the output is @of_time (@data, t), t in seconds
 *
 * The functions a #HycoStageFunction can declare.
 */
typedef enum
{
  HYCO_STAGE_FUNCTION_CONSTANT,
  HYCO_STAGE_FUNCTION_STATE,
  HYCO_STAGE_FUNCTION_SCALE,
  HYCO_STAGE_FUNCTION_SUM,
  HYCO_STAGE_FUNCTION_PRODUCT,
  HYCO_STAGE_FUNCTION_UNARY,
  HYCO_STAGE_FUNCTION_OF_TIME,
} HycoStageFunctionKind;

/**
 * HycoStageFunctionSpec:
 * @kind: which function
 * @constant: the value of a constant, the factor of a scale
 * @n_factors: for a product, how many of the inputs multiply
 * @unary: (skip): for %HYCO_STAGE_FUNCTION_UNARY
 * @of_time: (skip): for %HYCO_STAGE_FUNCTION_OF_TIME
 * @data: (skip): passed to @of_time; owned by the actor, valid until its next parameter change
 *
 * What an actor computes at a solver stage, in doubles.
 */
typedef struct
{
  HycoStageFunctionKind kind;
  double constant;
  guint n_factors;
  double (*unary) (double x);
  double (*of_time) (gconstpointer data, double t);
  gconstpointer data;
} HycoStageFunctionSpec;

#define HYCO_TYPE_STAGE_FUNCTION (hyco_stage_function_get_type ())
HYCO_API
G_DECLARE_INTERFACE (HycoStageFunction, hyco_stage_function, HYCO, STAGE_FUNCTION, HycoActor)

/**
 * HycoStageFunctionInterface:
 * @get_stage_function: whether, with its present parameters and connections, the actor's one
 *   output is a fixed function of its inputs and time, present whenever they are; if so, fills
 *   @spec with it. Inputs are the channels of the actor's input ports, in port order.
 *
 * An actor that tells the continuous director what it computes, so that solver stages can be
 * evaluated without firing it. The declared function must give the same doubles, bit for bit,
 * as firing the actor on double inputs, and the actor must not need firing at stages for any
 * other reason. The director asks again after any of the actor's properties changes.
 */
struct _HycoStageFunctionInterface
{
  GTypeInterface g_iface;

  gboolean (*get_stage_function) (HycoStageFunction *self, HycoStageFunctionSpec *spec);
};

HYCO_API gboolean hyco_stage_function_get_stage_function (HycoStageFunction *self,
                                                          HycoStageFunctionSpec *spec);

G_END_DECLS
