/* hc_zero_order_hold: reference component 3.10, FMI-HC category 1.
 *
 * CT output y = the last present value of the DE input x, including at the tag of the event
 * itself (direct feedthrough); absent before the first event. Variables: input x 0 (events),
 * output y 1.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "fmu-runtime.h"

typedef struct
{
  double x, y;
  double held;
  int holding;
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

  s->y = fmu_present (fmu, X) ? s->x : s->held;
  fmu_set_present (fmu, Y, fmu_present (fmu, X) || s->holding);
}

static fmi2Status
hybrid_do_step (FmuInstance *fmu, fmi2HybridTime step, fmi2HybridTime *performed)
{
  State *s = FMU_STATE (fmu, State);

  if (fmu_present (fmu, X))
    {
      s->held = s->x;
      s->holding = 1;
    }
  return fmi2OK;
}

const FmuModel fmu_model = {
  .guid = "{3cc7b8b8-2c34-54ac-bbc4-79955088456a}",
  .category = FMU_CATEGORY_1,
  .variables = variables,
  .n_variables = sizeof variables / sizeof variables[0],
  .state_size = sizeof (State),
  .can_get_and_set_state = true,
  .compute_outputs = compute_outputs,
  .hybrid_do_step = hybrid_do_step,
};
