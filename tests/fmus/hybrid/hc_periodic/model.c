/* hc_periodic: reference component 3.4 (periodic piecewise constant), FMI-HC category 4
 * (prefers 10^-3 s, accepts any resolution at which p is a whole number of ticks).
 *
 * CT output y = a on (2kp, (2k+1)p), b on ((2k+1)p, (2k+2)p); at each multiple of p > 0 the
 * old value at microstep 0 and the new one from microstep 1 (y = a at (0, 0)).
 * fmi2HybridGetMaxStepSize: 0 at (kp, 0) for k > 0, else the ticks to the next multiple of p;
 * a longer step stops there (fmi2Discard). Variables: a 0, b 1, p 2, output y 3.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "fmu-runtime.h"

typedef struct
{
  double a, b, p, y;
  fmi2HybridTime period; /* ticks */
} State;

enum
{
  A,
  B,
  P,
  Y
};

static const FmuVariable variables[] = {
  [A] = FMU_VARIABLE ("a", FMU_REAL, FMU_PARAMETER, FMU_FIXED, State, a, 1.0),
  [B] = FMU_VARIABLE ("b", FMU_REAL, FMU_PARAMETER, FMU_FIXED, State, b, -1.0),
  [P] = FMU_VARIABLE ("p", FMU_REAL, FMU_PARAMETER, FMU_FIXED, State, p, 1.0),
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

/* At a breakpoint, microstep 0 still belongs to the interval before it. */
static bool
at_breakpoint (FmuInstance *fmu)
{
  const State *s = FMU_STATE (fmu, State);

  return fmu->clock.ticks > 0 && fmu->clock.ticks % s->period == 0 && fmu->clock.microstep == 0;
}

static void
compute_outputs (FmuInstance *fmu)
{
  State *s = FMU_STATE (fmu, State);
  const fmi2HybridTime interval = fmu->clock.ticks / s->period - (at_breakpoint (fmu) ? 1 : 0);

  s->y = interval % 2 == 0 ? s->a : s->b;
}

static fmi2Status
hybrid_get_max_step (FmuInstance *fmu, fmi2HybridTime *max_step)
{
  State *s = FMU_STATE (fmu, State);

  *max_step = at_breakpoint (fmu) ? 0 : s->period - fmu->clock.ticks % s->period;
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
  .guid = "{3a275bfb-4a4d-5d8d-8702-9f90b74f26e3}",
  .category = FMU_CATEGORY_4,
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
