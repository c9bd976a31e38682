/* hc_zero_crossing: reference component 3.9, FMI-HC category 3 (any resolution; 10^-9 s
 * until the master sets one), the paper's example of that category.
 *
 * Emits an event of value 0 on y:
 * - at (t, 1) when x crossed zero during the positive step that arrived at (t, 0) and
 *   |x(t, 0)| <= tolerance; fmi2HybridGetMaxStepSize answers 0 at (t, 0) for that microstep;
 * - at (t, n) when x changes sign (or becomes 0) from (t, n - 1) to (t, n).
 * Values within ±tolerance count as zero; a crossing goes from a sign to the other sign or to
 * zero (leaving zero is none). A crossing with |x| > tolerance means the step overshot:
 * fmi2HybridGetMaxStepSize and fmi2HybridDoStep return fmi2Error (logged), the master's cue to
 * restore the last committed state and revise the step (seed 001 section III). Before a crossing,
 * the max step size is a hint from the slope of x over the last step (the ticks until x would reach
 * zero), else no constraint. Variables: tolerance 0, input x 1, output y 2 (events, value 0).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "fmu-runtime.h"

#include <math.h>

typedef struct
{
  double tolerance, x, y;
  double previous; /* x at the last tag stepped from */
  int has_previous;
  int pending;   /* a crossing at (t, 0), to show at (t, 1) */
  double before; /* x at the start of the last positive step, and that step, for the slope */
  fmi2HybridTime last_step;
} State;

enum
{
  TOLERANCE,
  X,
  Y
};

static const FmuVariable variables[] = {
  [TOLERANCE]
  = FMU_VARIABLE ("tolerance", FMU_REAL, FMU_PARAMETER, FMU_FIXED, State, tolerance, 1e-6),
  [X] = FMU_VARIABLE ("x", FMU_REAL, FMU_INPUT, FMU_FIXED, State, x, 0.0),
  [Y] = FMU_VARIABLE ("y", FMU_REAL, FMU_OUTPUT, FMU_FIXED, State, y, 0.0),
};

/* The sign of v, 0 within the tolerance: x "is zero" there. */
static int
sign (const State *s, double v)
{
  return v > s->tolerance ? 1 : v < -s->tolerance ? -1 : 0;
}

/* From a sign to another or to zero; leaving zero is not a crossing. */
static bool
crossed (const State *s)
{
  return s->has_previous && sign (s, s->previous) != 0 && sign (s, s->x) != sign (s, s->previous);
}

/* A crossing seen at microstep 0 happened inside the last continuous interval. */
static bool
overshot (FmuInstance *fmu)
{
  const State *s = FMU_STATE (fmu, State);

  return fmu->clock.microstep == 0 && fmu_present (fmu, X) && crossed (s) && sign (s, s->x) != 0;
}

static fmi2Status
report_overshoot (FmuInstance *fmu)
{
  const State *s = FMU_STATE (fmu, State);

  return fmu_error (fmu,
                    "x crossed zero and is %g at %g s, beyond the tolerance %g: revise the step",
                    s->x, fmu->clock.time, s->tolerance);
}

static void
compute_outputs (FmuInstance *fmu)
{
  State *s = FMU_STATE (fmu, State);

  s->y = 0;
  fmu_set_present (
    fmu, Y, fmu->clock.microstep > 0 && (s->pending || (fmu_present (fmu, X) && crossed (s))));
}

static fmi2Status
hybrid_get_max_step (FmuInstance *fmu, fmi2HybridTime *max_step)
{
  State *s = FMU_STATE (fmu, State);

  if (overshot (fmu))
    return report_overshoot (fmu);
  if (fmu->clock.microstep == 0 && fmu_present (fmu, X) && crossed (s))
    *max_step = 0;
  else if (fmu_present (fmu, X) && s->last_step > 0 && s->x != s->before)
    {
      const double slope = (s->x - s->before) / (double) s->last_step; /* per tick */
      const double ticks = -s->x / slope;

      /* Rounded up, but not for the last bits of a quotient that is a whole number. */
      if (ticks > 0 && ticks < 1e18)
        *max_step = (fmi2HybridTime) fmax (1, ceil (ticks * (1 - 1e-12)));
    }
  return fmi2OK;
}

static fmi2Status
hybrid_do_step (FmuInstance *fmu, fmi2HybridTime step, fmi2HybridTime *performed)
{
  State *s = FMU_STATE (fmu, State);
  const bool crossing = fmu->clock.microstep == 0 && fmu_present (fmu, X) && crossed (s);

  if (overshot (fmu))
    return report_overshoot (fmu);
  if (crossing && step > 0)
    {
      *performed = 0;
      fmu_log (fmu, fmi2Discard, "logStatusDiscard",
               "a zero step must deliver the crossing at %g s first", fmu->clock.time);
      return fmi2Discard;
    }
  s->pending = crossing;
  if (fmu_present (fmu, X))
    {
      if (step > 0)
        {
          s->before = s->x;
          s->last_step = step;
        }
      s->previous = s->x;
      s->has_previous = 1;
    }
  return fmi2OK;
}

const FmuModel fmu_model = {
  .guid = "{6b2b27ea-9fac-51bf-9483-c4f7d159020f}",
  .category = FMU_CATEGORY_3,
  .variables = variables,
  .n_variables = sizeof variables / sizeof variables[0],
  .state_size = sizeof (State),
  .can_get_and_set_state = true,
  .resolution = -9,
  .compute_outputs = compute_outputs,
  .hybrid_do_step = hybrid_do_step,
  .hybrid_get_max_step = hybrid_get_max_step,
};
