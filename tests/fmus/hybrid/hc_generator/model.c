/* hc_generator: reference component 3.5 (periodic discrete generator), FMI-HC category 2.
 *
 * DE output y = a at (kp, 1) for k = 0, 1, 2, ..., absent at every other tag. Its resolution
 * is fixed at 10^-3 s (category 2, as the paper suggests for periodic generators: they make
 * events at multiples of their resolution only), so p must be a whole number of
 * milliseconds. fmi2HybridGetMaxStepSize: 0 at (kp, 0), for the microstep of the event, else
 * the ticks to the next multiple of p; a longer step stops there (fmi2Discard). Variables:
 * a 0, p 1, output y 2.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "fmu-runtime.h"

typedef struct
{
  double a, p, y;
  fmi2HybridTime period; /* ticks */
} State;

enum
{
  A,
  P,
  Y
};

static const FmuVariable variables[] = {
  [A] = FMU_VARIABLE ("a", FMU_REAL, FMU_PARAMETER, FMU_FIXED, State, a, 1.0),
  [P] = FMU_VARIABLE ("p", FMU_REAL, FMU_PARAMETER, FMU_FIXED, State, p, 0.1),
  [Y] = FMU_VARIABLE ("y", FMU_REAL, FMU_OUTPUT, FMU_FIXED, State, y, 0.0),
};

static fmi2Status
initialize (FmuInstance *fmu)
{
  State *s = FMU_STATE (fmu, State);

  if (!fmu_seconds_to_ticks (fmu, "p", s->p, &s->period))
    return fmi2Error;
  if (s->period == 0)
    return fmu_error (fmu, "p must be positive");
  return fmi2OK;
}

static void
compute_outputs (FmuInstance *fmu)
{
  State *s = FMU_STATE (fmu, State);

  s->y = s->a;
  fmu_set_present (fmu, Y, fmu->clock.ticks % s->period == 0 && fmu->clock.microstep == 1);
}

static fmi2Status
hybrid_get_max_step (FmuInstance *fmu, fmi2HybridTime *max_step)
{
  State *s = FMU_STATE (fmu, State);
  const fmi2HybridTime phase = fmu->clock.ticks % s->period;

  *max_step = phase == 0 && fmu->clock.microstep == 0 ? 0 : s->period - phase;
  return fmi2OK;
}

static fmi2Status
hybrid_do_step (FmuInstance *fmu, fmi2HybridTime step, fmi2HybridTime *performed)
{
  fmi2HybridTime max_step;

  hybrid_get_max_step (fmu, &max_step);
  return fmu_limit_step (fmu, max_step, step, performed);
}

const FmuModel fmu_model = {
  .guid = "{4502b2d1-a544-504f-bca3-f27b8b42efd3}",
  .category = FMU_CATEGORY_2,
  .variables = variables,
  .n_variables = sizeof variables / sizeof variables[0],
  .state_size = sizeof (State),
  .can_get_and_set_state = true,
  .resolution = -3,
  .initialize = initialize,
  .compute_outputs = compute_outputs,
  .hybrid_do_step = hybrid_do_step,
  .hybrid_get_max_step = hybrid_get_max_step,
};
