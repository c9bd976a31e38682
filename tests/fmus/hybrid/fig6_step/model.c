/* fig6_step: FMU A of seed 003 figure 6, category 0B (real time, zero steps,
 * fmi2GetMaxStepSize).
 *
 * Outputs a piecewise-constant x: `before` until switchTime, `after` from (switchTime, 1) on.
 * fmi2GetMaxStepSize returns the time left to switchTime (0.4 s at the start), then 0 once
 * there, asking for the zero step that shows the discontinuity, then no constraint
 * (HUGE_VAL). doStep stops at switchTime with fmi2Discard if asked to go past it, and
 * refuses (fmi2Discard, no progress) a positive step at (switchTime, 0). With a master at
 * resolution 10^0 s, the wrapper rounds 0.4 up to one tick: the master sees the
 * discontinuity at t = 1 while the FMU is at 0.4 (the paper's point), then must pass
 * 10 + 0.6 to the FMU for a master step of 10. Variables: switchTime 0, before 1, after 2,
 * output x 3.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "fmu-runtime.h"

#include <math.h>

typedef struct
{
  double switch_time, before, after, x;
  int phase;
} State;

enum
{
  SWITCH_TIME,
  BEFORE,
  AFTER,
  X
};
enum
{
  BEFORE_SWITCH,
  AT_SWITCH,
  AFTER_SWITCH
};

static const FmuVariable variables[] = {
  [SWITCH_TIME]
  = FMU_VARIABLE ("switchTime", FMU_REAL, FMU_PARAMETER, FMU_FIXED, State, switch_time, 0.4),
  [BEFORE] = FMU_VARIABLE ("before", FMU_REAL, FMU_PARAMETER, FMU_FIXED, State, before, 0.0),
  [AFTER] = FMU_VARIABLE ("after", FMU_REAL, FMU_PARAMETER, FMU_FIXED, State, after, 1.0),
  [X] = FMU_VARIABLE ("x", FMU_REAL, FMU_OUTPUT, FMU_FIXED, State, x, 0.0),
};

/* Reaching the switch is decided with a relative slack, since a master computes the step as
 * (i + Δi)·r − t in floating point; once reached, the phase says so, no more comparisons. */
static bool
reaches (double time, double step, double target)
{
  return time + step >= target - 1e-9 * fmax (1.0, fabs (target));
}

static fmi2Status
initialize (FmuInstance *fmu)
{
  State *s = FMU_STATE (fmu, State);

  s->phase = reaches (fmu->clock.time, 0, s->switch_time) ? AT_SWITCH : BEFORE_SWITCH;
  return fmi2OK;
}

static void
compute_outputs (FmuInstance *fmu)
{
  State *s = FMU_STATE (fmu, State);

  s->x = s->phase == AFTER_SWITCH ? s->after : s->before;
}

static fmi2Status
get_max_step (FmuInstance *fmu, double *max_step)
{
  State *s = FMU_STATE (fmu, State);

  if (s->phase == BEFORE_SWITCH)
    *max_step = s->switch_time - fmu->clock.time;
  else if (s->phase == AT_SWITCH)
    *max_step = 0;
  return fmi2OK;
}

static fmi2Status
do_step (FmuInstance *fmu, double step, double *performed)
{
  State *s = FMU_STATE (fmu, State);

  switch (s->phase)
    {
    case BEFORE_SWITCH:
      if (!reaches (fmu->clock.time, step, s->switch_time))
        return fmi2OK;
      s->phase = AT_SWITCH;
      if (step > s->switch_time - fmu->clock.time)
        {
          *performed = fmax (0, s->switch_time - fmu->clock.time);
          fmu_log (fmu, fmi2Discard, "logStatusDiscard", "stopped at the discontinuity, %g s",
                   s->switch_time);
          return fmi2Discard;
        }
      return fmi2OK;
    case AT_SWITCH:
      if (step > 0)
        {
          *performed = 0;
          fmu_log (fmu, fmi2Discard, "logStatusDiscard",
                   "a zero step must show the discontinuity at %g s first", s->switch_time);
          return fmi2Discard;
        }
      s->phase = AFTER_SWITCH;
      return fmi2OK;
    default:
      return fmi2OK;
    }
}

const FmuModel fmu_model = {
  .guid = "{ba1a4f51-7d26-5f6d-adeb-235ec5c431a9}",
  .category = FMU_CATEGORY_0B,
  .variables = variables,
  .n_variables = sizeof variables / sizeof variables[0],
  .state_size = sizeof (State),
  .can_get_and_set_state = true,
  .initialize = initialize,
  .compute_outputs = compute_outputs,
  .do_step = do_step,
  .get_max_step = get_max_step,
};
