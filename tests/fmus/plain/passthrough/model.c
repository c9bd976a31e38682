/* passthrough: the identity ("propagate") component of the event-ordering scenario of seed
 * 002, category 0A.
 *
 * y takes the value of u at doStep, as an FMI 2.0 FMU under Restriction 1 must: a value set
 * at one communication point shows at the next, so a Jacobi master delays each hop by one
 * step (N = 6 hops make the controller time out). ModelStructure still declares that y
 * depends on u, as the scenario's identity does. Variables: input u 0, output y 1.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "fmu-runtime.h"

typedef struct
{
  double u, y;
} State;

enum
{
  U,
  Y
};

static const FmuVariable variables[] = {
  [U] = FMU_VARIABLE ("u", FMU_REAL, FMU_INPUT, FMU_FIXED, State, u, 0.0),
  [Y] = FMU_VARIABLE ("y", FMU_REAL, FMU_OUTPUT, FMU_FIXED, State, y, 0.0),
};

static fmi2Status
do_step (FmuInstance *fmu, double step, double *performed)
{
  State *s = FMU_STATE (fmu, State);

  s->y = s->u;
  return fmi2OK;
}

const FmuModel fmu_model = {
  .guid = "{2d52f619-df48-53fb-a4b2-bfc01c020691}",
  .category = FMU_CATEGORY_0A,
  .variables = variables,
  .n_variables = sizeof variables / sizeof variables[0],
  .state_size = sizeof (State),
  .can_get_and_set_state = true,
  .do_step = do_step,
};
