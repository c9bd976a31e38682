/* dahlquist: Dahlquist's test equation x' = -k x, x(0) = x0, category 0A.
 *
 * One forward Euler step per doStep, x += -k x h, on purpose: the result depends on the
 * master's step sizes (stable only for k h < 2), which is what the test equation is for.
 * canGetAndSetFMUstate=false: the FMU that cannot be rolled back (fmi2GetFMUstate fails), so
 * the FMU actor must refuse to use it where a director needs rollback. Variables: k 0
 * (tunable), x0 1, output x 2.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "fmu-runtime.h"

typedef struct
{
  double k, x0, x;
} State;

enum
{
  K,
  X0,
  X
};

static const FmuVariable variables[] = {
  [K] = FMU_VARIABLE ("k", FMU_REAL, FMU_PARAMETER, FMU_TUNABLE, State, k, 1.0),
  [X0] = FMU_VARIABLE ("x0", FMU_REAL, FMU_PARAMETER, FMU_FIXED, State, x0, 1.0),
  [X] = FMU_VARIABLE ("x", FMU_REAL, FMU_OUTPUT, FMU_FIXED, State, x, 0.0),
};

static fmi2Status
initialize (FmuInstance *fmu)
{
  State *s = FMU_STATE (fmu, State);

  s->x = s->x0;
  return fmi2OK;
}

static fmi2Status
do_step (FmuInstance *fmu, double step, double *performed)
{
  State *s = FMU_STATE (fmu, State);

  s->x += -s->k * s->x * step;
  return fmi2OK;
}

const FmuModel fmu_model = {
  .guid = "{3198d7de-e206-5114-8f72-34bd8a220ef0}",
  .category = FMU_CATEGORY_0A,
  .variables = variables,
  .n_variables = sizeof variables / sizeof variables[0],
  .state_size = sizeof (State),
  .can_get_and_set_state = false,
  .initialize = initialize,
  .do_step = do_step,
};
