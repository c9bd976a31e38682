/* hc_microstep_delay: reference component 3.13, FMI-HC category 1.
 *
 * y(t, n) = x(t, n - 1), y(t, 0) absent: a zero step carries the input's event to the next
 * microstep, a positive step drops it. Non-strict (no dependency in ModelStructure), which
 * is what breaks the zero-delay loop of composition test 4.4. fmi2HybridGetMaxStepSize is 0
 * while an event is present, so that the master takes the microstep that delivers it.
 * Variables: input x 0 (events), output y 1.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "fmu-runtime.h"

typedef struct
{
  double x, y;
  double pending;
  int has_pending;
} State;

enum
{
  X,
  Y
};

static const FmuVariable variables[] = {
  [X] = FMU_VARIABLE ("x", FMU_REAL, FMU_INPUT, FMU_DISCRETE, State, x, 0.0),
  [Y] = FMU_VARIABLE ("y", FMU_REAL, FMU_OUTPUT, FMU_FIXED, State, y, 0.0),
};

static void
compute_outputs (FmuInstance *fmu)
{
  State *s = FMU_STATE (fmu, State);

  s->y = s->pending;
  fmu_set_present (fmu, Y, s->has_pending);
}

static fmi2Status
hybrid_get_max_step (FmuInstance *fmu, fmi2HybridTime *max_step)
{
  if (fmu_present (fmu, X))
    *max_step = 0;
  return fmi2OK;
}

static fmi2Status
hybrid_do_step (FmuInstance *fmu, fmi2HybridTime step, fmi2HybridTime *performed)
{
  State *s = FMU_STATE (fmu, State);

  s->has_pending = step == 0 && fmu_present (fmu, X);
  s->pending = s->has_pending ? s->x : 0;
  return fmi2OK;
}

const FmuModel fmu_model = {
  .guid = "{1b922e65-9e14-5033-834e-a853823a86a6}",
  .category = FMU_CATEGORY_1,
  .variables = variables,
  .n_variables = sizeof variables / sizeof variables[0],
  .state_size = sizeof (State),
  .can_get_and_set_state = true,
  .compute_outputs = compute_outputs,
  .hybrid_do_step = hybrid_do_step,
  .hybrid_get_max_step = hybrid_get_max_step,
};
