/* hc_passthrough: the identity ("propagate") component of the event-ordering scenario
 * (seed 002, SEMANTICS.md section 7) as an FMI-HC FMU, category 1.
 *
 * y = x at the same tag, present or absent as x is: direct feedthrough, computed when read,
 * so a master that orders by dependencies propagates e1 through any number of them within
 * one tag and the controller ends in S2. Variables: input x 0 (events), output y 1.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "fmu-runtime.h"

typedef struct
{
  double x, y;
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

  s->y = s->x;
  fmu_set_present (fmu, Y, fmu_present (fmu, X));
}

static fmi2Status
hybrid_do_step (FmuInstance *fmu, fmi2HybridTime step, fmi2HybridTime *performed)
{
  return fmi2OK;
}

const FmuModel fmu_model = {
  .guid = "{d4a50859-7195-5b2b-873e-0f5a6e3d38e1}",
  .category = FMU_CATEGORY_1,
  .variables = variables,
  .n_variables = sizeof variables / sizeof variables[0],
  .state_size = sizeof (State),
  .can_get_and_set_state = true,
  .compute_outputs = compute_outputs,
  .hybrid_do_step = hybrid_do_step,
};
