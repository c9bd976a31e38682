/* hc_sampler: reference component 3.11, FMI-HC category 1.
 *
 * DE output y = x at the tags where the DE input s is present (and x too), absent elsewhere;
 * direct feedthrough from both. Variables: inputs x 0 (sampled), s 1 (events), output y 2.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "fmu-runtime.h"

typedef struct
{
  double x, s, y;
} State;

enum
{
  X,
  S,
  Y
};

static const FmuVariable variables[] = {
  [X] = FMU_VARIABLE ("x", FMU_REAL, FMU_INPUT, FMU_FIXED, State, x, 0.0),
  [S] = FMU_VARIABLE ("s", FMU_REAL, FMU_INPUT, FMU_DISCRETE, State, s, 0.0),
  [Y] = FMU_VARIABLE ("y", FMU_REAL, FMU_OUTPUT, FMU_FIXED, State, y, 0.0),
};

static void
compute_outputs (FmuInstance *fmu)
{
  State *s = FMU_STATE (fmu, State);

  s->y = s->x;
  fmu_set_present (fmu, Y, fmu_present (fmu, S) && fmu_present (fmu, X));
}

static fmi2Status
hybrid_do_step (FmuInstance *fmu, fmi2HybridTime step, fmi2HybridTime *performed)
{
  return fmi2OK;
}

const FmuModel fmu_model = {
  .guid = "{4b838148-45f8-51b2-aa76-9c3dc2d52656}",
  .category = FMU_CATEGORY_1,
  .variables = variables,
  .n_variables = sizeof variables / sizeof variables[0],
  .state_size = sizeof (State),
  .can_get_and_set_state = true,
  .compute_outputs = compute_outputs,
  .hybrid_do_step = hybrid_do_step,
};
