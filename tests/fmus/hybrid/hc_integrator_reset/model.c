/* hc_integrator_reset: reference component 3.8, FMI-HC category 4 (prefers 10^-6 s).
 *
 * As hc_integrator (y = y0 + ∫ x(α, 0) dα, the integrand taken at each positive step's
 * start), and at a tag where the DE input r is present y jumps to r's value at that very tag:
 * y depends on r immediately (declared in ModelStructure), not on x. In composition test 4.4
 * (with hc_zero_crossing and hc_microstep_delay) this gives y(t, 0) ≈ 1, y(t, 1) ≈ 1 and
 * y(t, 2) = 0 at each reset. Variables: y0 0, inputs x 1, r 2 (events), output y 3.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "fmu-runtime.h"

typedef struct
{
  double y0, x, r, y;
  double integral;
} State;

enum
{
  Y0,
  X,
  R,
  Y
};

static const FmuVariable variables[] = {
  [Y0] = FMU_VARIABLE ("y0", FMU_REAL, FMU_PARAMETER, FMU_FIXED, State, y0, 0.0),
  [X] = FMU_VARIABLE ("x", FMU_REAL, FMU_INPUT, FMU_FIXED, State, x, 0.0),
  [R] = FMU_VARIABLE ("r", FMU_REAL, FMU_INPUT, FMU_DISCRETE, State, r, 0.0),
  [Y] = FMU_VARIABLE ("y", FMU_REAL, FMU_OUTPUT, FMU_FIXED, State, y, 0.0),
};

static fmi2Status
initialize (FmuInstance *fmu)
{
  State *s = FMU_STATE (fmu, State);

  s->integral = s->y0;
  return fmi2OK;
}

static void
compute_outputs (FmuInstance *fmu)
{
  State *s = FMU_STATE (fmu, State);

  s->y = fmu_present (fmu, R) ? s->r : s->integral;
}

static fmi2Status
hybrid_do_step (FmuInstance *fmu, fmi2HybridTime step, fmi2HybridTime *performed)
{
  State *s = FMU_STATE (fmu, State);

  if (fmu_present (fmu, R))
    s->integral = s->r;
  if (step > 0 && fmu_present (fmu, X))
    s->integral += s->x * fmu_ticks_to_seconds (fmu, step);
  return fmi2OK;
}

const FmuModel fmu_model = {
  .guid = "{3f1824de-836d-5b52-a8ba-9159fed3d6d4}",
  .category = FMU_CATEGORY_4,
  .variables = variables,
  .n_variables = sizeof variables / sizeof variables[0],
  .state_size = sizeof (State),
  .can_get_and_set_state = true,
  .resolution = -6,
  .initialize = initialize,
  .compute_outputs = compute_outputs,
  .hybrid_do_step = hybrid_do_step,
};
