/* hc_integrator: reference component 3.7, FMI-HC category 3 (any resolution, set by the
 * master; 10^-9 s until then).
 *
 * y(t, n) = y0 + ∫0..t x(α, 0) dα. Over a positive step the integrand is the input's value at
 * the step's start (its final value there, which is x(α, 0) on the open interval after it):
 * exact for the piecewise-constant inputs of composition tests 4.2 and 4.3, and glitches
 * (values only at microsteps > 0 that are gone by the final microstep) do not count. Zero
 * steps change nothing. The output does not depend on the input at the same tag (non-strict,
 * variant 1 of the paper), so ModelStructure gives no dependency. Variables: y0 0, input x 1,
 * output y 2.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "fmu-runtime.h"

typedef struct
{
  double y0, x, y;
} State;

enum
{
  Y0,
  X,
  Y
};

static const FmuVariable variables[] = {
  [Y0] = FMU_VARIABLE ("y0", FMU_REAL, FMU_PARAMETER, FMU_FIXED, State, y0, 0.0),
  [X] = FMU_VARIABLE ("x", FMU_REAL, FMU_INPUT, FMU_FIXED, State, x, 0.0),
  [Y] = FMU_VARIABLE ("y", FMU_REAL, FMU_OUTPUT, FMU_FIXED, State, y, 0.0),
};

static fmi2Status
initialize (FmuInstance *fmu)
{
  State *s = FMU_STATE (fmu, State);

  s->y = s->y0;
  return fmi2OK;
}

static fmi2Status
hybrid_do_step (FmuInstance *fmu, fmi2HybridTime step, fmi2HybridTime *performed)
{
  State *s = FMU_STATE (fmu, State);

  if (step > 0 && fmu_present (fmu, X))
    s->y += s->x * fmu_ticks_to_seconds (fmu, step);
  return fmi2OK;
}

const FmuModel fmu_model = {
  .guid = "{b8af43ea-a9fb-5e8a-b167-cd822df2e12e}",
  .category = FMU_CATEGORY_3,
  .variables = variables,
  .n_variables = sizeof variables / sizeof variables[0],
  .state_size = sizeof (State),
  .can_get_and_set_state = true,
  .resolution = -9,
  .initialize = initialize,
  .hybrid_do_step = hybrid_do_step,
};
