/* hc_modal: reference component 3.6 (modal model with discrete control), FMI-HC category 1.
 *
 * CT output y = a in the first mode, b in the second; every event on the DE input x toggles
 * the mode, and the new value shows one microstep after the event: at the event's tag y is
 * still the old value (so y does not depend on x at the same tag: non-strict, no dependency
 * in ModelStructure), and fmi2HybridGetMaxStepSize answers 0 while an event is present, for
 * the microstep that shows the toggle. Variables: a 0, b 1, input x 2 (events), output y 3.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "fmu-runtime.h"

typedef struct
{
  double a, b, x, y;
  int mode;
} State;

enum
{
  A,
  B,
  X,
  Y
};

static const FmuVariable variables[] = {
  [A] = FMU_VARIABLE ("a", FMU_REAL, FMU_PARAMETER, FMU_FIXED, State, a, 0.0),
  [B] = FMU_VARIABLE ("b", FMU_REAL, FMU_PARAMETER, FMU_FIXED, State, b, 1.0),
  [X] = FMU_VARIABLE ("x", FMU_REAL, FMU_INPUT, FMU_DISCRETE, State, x, 0.0),
  [Y] = FMU_VARIABLE ("y", FMU_REAL, FMU_OUTPUT, FMU_FIXED, State, y, 0.0),
};

static void
compute_outputs (FmuInstance *fmu)
{
  State *s = FMU_STATE (fmu, State);

  s->y = s->mode ? s->b : s->a;
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

  if (fmu_present (fmu, X))
    s->mode = !s->mode;
  return fmi2OK;
}

const FmuModel fmu_model = {
  .guid = "{31b2c017-68dd-5682-98ae-56bc99012255}",
  .category = FMU_CATEGORY_1,
  .variables = variables,
  .n_variables = sizeof variables / sizeof variables[0],
  .state_size = sizeof (State),
  .can_get_and_set_state = true,
  .compute_outputs = compute_outputs,
  .hybrid_do_step = hybrid_do_step,
  .hybrid_get_max_step = hybrid_get_max_step,
};
