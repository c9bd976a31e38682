/* gain: y = k u with direct feedthrough, category 0A.
 *
 * The output is computed when it is read, from the input set last, so a master that knows
 * the dependency (ModelStructure: y depends on u) can set u and get y at the same
 * communication point, as FIDE does (seed 001 section IV.B). doStep has nothing to do.
 * Variables: k 0 (tunable), input u 1, output y 2.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "fmu-runtime.h"

typedef struct
{
  double k, u, y;
} State;

enum
{
  K,
  U,
  Y
};

static const FmuVariable variables[] = {
  [K] = FMU_VARIABLE ("k", FMU_REAL, FMU_PARAMETER, FMU_TUNABLE, State, k, 2.0),
  [U] = FMU_VARIABLE ("u", FMU_REAL, FMU_INPUT, FMU_FIXED, State, u, 0.0),
  [Y] = FMU_VARIABLE ("y", FMU_REAL, FMU_OUTPUT, FMU_FIXED, State, y, 0.0),
};

static void
compute_outputs (FmuInstance *fmu)
{
  State *s = FMU_STATE (fmu, State);

  s->y = s->k * s->u;
}

static fmi2Status
do_step (FmuInstance *fmu, double step, double *performed)
{
  return fmi2OK;
}

const FmuModel fmu_model = {
  .guid = "{ce0ea24f-7cd3-5566-89f9-474583861985}",
  .category = FMU_CATEGORY_0A,
  .variables = variables,
  .n_variables = sizeof variables / sizeof variables[0],
  .state_size = sizeof (State),
  .can_get_and_set_state = true,
  .compute_outputs = compute_outputs,
  .do_step = do_step,
};
