/* hc_constant: reference component 3.1 (SEMANTICS.md section 5), FMI-HC category 1.
 *
 * y = c, present at every tag. Time-invariant, hence category 1 (integer time, no
 * resolution functions). Variables: c 0 (tunable), output y 1.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "fmu-runtime.h"

typedef struct
{
  double c, y;
} State;

enum
{
  C,
  Y
};

static const FmuVariable variables[] = {
  [C] = FMU_VARIABLE ("c", FMU_REAL, FMU_PARAMETER, FMU_TUNABLE, State, c, 1.0),
  [Y] = FMU_VARIABLE ("y", FMU_REAL, FMU_OUTPUT, FMU_FIXED, State, y, 0.0),
};

static void
compute_outputs (FmuInstance *fmu)
{
  State *s = FMU_STATE (fmu, State);

  s->y = s->c;
}

static fmi2Status
hybrid_do_step (FmuInstance *fmu, fmi2HybridTime step, fmi2HybridTime *performed)
{
  return fmi2OK;
}

const FmuModel fmu_model = {
  .guid = "{65e85ba8-4b89-5e26-8f63-42610511eb9f}",
  .category = FMU_CATEGORY_1,
  .variables = variables,
  .n_variables = sizeof variables / sizeof variables[0],
  .state_size = sizeof (State),
  .can_get_and_set_state = true,
  .compute_outputs = compute_outputs,
  .hybrid_do_step = hybrid_do_step,
};
