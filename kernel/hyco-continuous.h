/* hyco-continuous.h: what actors implement to take part in continuous-time integration.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined(HYCO_INSIDE) && !defined(HYCO_COMPILATION)
#error "Only <hyco.h> can be included directly."
#endif

#include "hyco-actor.h"

G_BEGIN_DECLS

#define HYCO_TYPE_CONTINUOUS_STATE (hyco_continuous_state_get_type ())
G_DECLARE_INTERFACE (HycoContinuousState, hyco_continuous_state, HYCO, CONTINUOUS_STATE,
                     HycoActor)

/**
 * HycoContinuousStateInterface:
 * @get_state: the committed state, at the start of the current step
 * @set_tentative_state: the state the actor outputs when fired at the current solver stage or
 *   step end; not committed until postfire
 * @get_derivative: the state's derivative read from the actor's inputs at the current stage
 *   (called after the director fired the model at that stage)
 *
 * An actor with one continuous state (an integrator). The director's solver owns the
 * arithmetic: it sets tentative states at each stage, fires the model, reads derivatives, and
 * the actor commits its tentative state in postfire. Firing stays free of side effects, so a
 * rejected or refined step leaves no trace.
 */
struct _HycoContinuousStateInterface
{
  GTypeInterface g_iface;

  double (*get_state) (HycoContinuousState *self);
  void (*set_tentative_state) (HycoContinuousState *self, double state);
  double (*get_derivative) (HycoContinuousState *self);
};

double hyco_continuous_state_get_state (HycoContinuousState *self);
void hyco_continuous_state_set_tentative_state (HycoContinuousState *self, double state);
double hyco_continuous_state_get_derivative (HycoContinuousState *self);

#define HYCO_TYPE_STEP_SIZE_CONTROL (hyco_step_size_control_get_type ())
G_DECLARE_INTERFACE (HycoStepSizeControl, hyco_step_size_control, HYCO, STEP_SIZE_CONTROL,
                     HycoActor)

/**
 * HycoStepSizeControlInterface:
 * @is_step_size_accurate: after the model was fired at a step's end, whether the step was
 *   small enough for this actor (a zero-crossing detector says no when the crossing lies
 *   inside the step and is not within its tolerance of the end)
 * @refined_step_size: when inaccurate, the step size in ticks the actor proposes instead
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

gboolean hyco_step_size_control_is_step_size_accurate (HycoStepSizeControl *self);
gint64 hyco_step_size_control_refined_step_size (HycoStepSizeControl *self, gint64 step);
gint64 hyco_step_size_control_suggested_step_size (HycoStepSizeControl *self);

G_END_DECLS
