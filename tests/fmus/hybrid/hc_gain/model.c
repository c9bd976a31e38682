/* hc_gain: reference component 3.2, FMI-HC category 1.
 *
 * y = a·x when x is present, absent when x is; computed when read (direct feedthrough,
 * declared in ModelStructure). Variables: a 0 (tunable), input x 1, output y 2.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "fmu-runtime.h"

typedef struct
{
  double a, x, y;
} State;

enum
{
  A,
  X,
  Y
};

static const FmuVariable variables[] = {
  [A] = FMU_VARIABLE ("a", FMU_REAL, FMU_PARAMETER, FMU_TUNABLE, State, a, 2.0),
  [X] = FMU_VARIABLE ("x", FMU_REAL, FMU_INPUT, FMU_FIXED, State, x, 0.0),
  [Y] = FMU_VARIABLE ("y", FMU_REAL, FMU_OUTPUT, FMU_FIXED, State, y, 0.0),
};

static void
compute_outputs (FmuInstance *fmu)
{
  State *s = FMU_STATE (fmu, State);

  s->y = s->a * s->x;
  fmu_set_present (fmu, Y, fmu_present (fmu, X));
}

static fmi2Status
hybrid_do_step (FmuInstance *fmu, fmi2HybridTime step, fmi2HybridTime *performed)
{
  return fmi2OK;
}

const FmuModel fmu_model = {
  .guid = "{20ffffd3-6a3f-55fd-b816-4a8d16f3219d}",
  .category = FMU_CATEGORY_1,
  .variables = variables,
  .n_variables = sizeof variables / sizeof variables[0],
  .state_size = sizeof (State),
  .can_get_and_set_state = true,
  .compute_outputs = compute_outputs,
  .hybrid_do_step = hybrid_do_step,
};
