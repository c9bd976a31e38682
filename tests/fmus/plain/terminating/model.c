/* terminating: an FMU that asks to end the simulation (FMI 2.0's fmi2Terminated), category 0A.
 *
 * Its output t is its own time. A step that reaches endTime stops there: it returns
 * fmi2Discard with fmi2LastSuccessfulTime at endTime and fmi2GetBooleanStatus(fmi2Terminated)
 * true, and the FMU refuses to step again. With logging on, it says when at initialization.
 * Variables: endTime 0; out t 1.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "fmu-runtime.h"

#include <math.h>

typedef struct
{
  double end_time, t;
} State;

enum
{
  END_TIME,
  T
};

static const FmuVariable variables[] = {
  [END_TIME] = FMU_VARIABLE ("endTime", FMU_REAL, FMU_PARAMETER, FMU_FIXED, State, end_time, 1.0),
  [T] = FMU_VARIABLE ("t", FMU_REAL, FMU_OUTPUT, FMU_FIXED, State, t, 0.0),
};

static fmi2Status
initialize (FmuInstance *fmu)
{
  State *s = FMU_STATE (fmu, State);

  s->t = fmu->clock.time;
  fmu_log (fmu, fmi2OK, "logEvents", "will ask to end the simulation at %g", s->end_time);
  return fmi2OK;
}

static fmi2Status
do_step (FmuInstance *fmu, double step, double *performed)
{
  State *s = FMU_STATE (fmu, State);
  double left = s->end_time - fmu->clock.time;

  /* Within a relative 1e-12 of endTime is at it: masters add up their steps. */
  if (step < left - 1e-12 * fabs (s->end_time))
    {
      s->t = fmu->clock.time + step;
      return fmi2OK;
    }
  *performed = left > 0 ? left : 0;
  s->t = fmu->clock.time + *performed;
  fmu->clock.terminated = true;
  fmu_log (fmu, fmi2Discard, "logStatusDiscard", "the simulation ends at %g", s->t);
  return fmi2Discard;
}

const FmuModel fmu_model = {
  .guid = "{5b0e4a53-7c1e-4d7e-9a0f-2f5b7c3d9e11}",
  .category = FMU_CATEGORY_0A,
  .variables = variables,
  .n_variables = sizeof variables / sizeof variables[0],
  .state_size = sizeof (State),
  .can_get_and_set_state = true,
  .initialize = initialize,
  .do_step = do_step,
};
