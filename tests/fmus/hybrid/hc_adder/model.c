/* hc_adder: reference component 3.3, FMI-HC category 1.
 *
 * y = the sum of the present inputs, absent when both are absent; direct feedthrough from
 * both. Variables: inputs x1 0, x2 1, output y 2.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "fmu-runtime.h"

typedef struct
{
  double x1, x2, y;
} State;

enum
{
  X1,
  X2,
  Y
};

static const FmuVariable variables[] = {
  [X1] = FMU_VARIABLE ("x1", FMU_REAL, FMU_INPUT, FMU_FIXED, State, x1, 0.0),
  [X2] = FMU_VARIABLE ("x2", FMU_REAL, FMU_INPUT, FMU_FIXED, State, x2, 0.0),
  [Y] = FMU_VARIABLE ("y", FMU_REAL, FMU_OUTPUT, FMU_FIXED, State, y, 0.0),
};

static void
compute_outputs (FmuInstance *fmu)
{
  State *s = FMU_STATE (fmu, State);

  s->y = (fmu_present (fmu, X1) ? s->x1 : 0) + (fmu_present (fmu, X2) ? s->x2 : 0);
  fmu_set_present (fmu, Y, fmu_present (fmu, X1) || fmu_present (fmu, X2));
}

static fmi2Status
hybrid_do_step (FmuInstance *fmu, fmi2HybridTime step, fmi2HybridTime *performed)
{
  return fmi2OK;
}

const FmuModel fmu_model = {
  .guid = "{b3710d1e-3e8d-5f95-8319-596920705b9d}",
  .category = FMU_CATEGORY_1,
  .variables = variables,
  .n_variables = sizeof variables / sizeof variables[0],
  .state_size = sizeof (State),
  .can_get_and_set_state = true,
  .compute_outputs = compute_outputs,
  .hybrid_do_step = hybrid_do_step,
};
