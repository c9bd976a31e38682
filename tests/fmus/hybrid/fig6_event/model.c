/* fig6_event: FMU B of seed 003 figure 6, category 0B.
 *
 * Produces one discrete event y = value at (eventTime, 1) (0.8 s), absent at every other tag.
 * Like the paper's FMU B it gives no indication of the step it accepts (fmi2GetMaxStepSize
 * answers HUGE_VAL, no constraint): a master finds the event by stepping it. Asked to step
 * past eventTime, doStep stops there and returns fmi2Discard (fmi2LastSuccessfulTime =
 * eventTime); a master at resolution 10^0 s rounds that progress up and sees the event at
 * t = 1. At (eventTime, 0) only a zero step is accepted (a positive one: fmi2Discard, no
 * progress), and the event is present after it. Variables: eventTime 0, value 1, output y 2.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "fmu-runtime.h"

#include <math.h>

typedef struct
{
  double event_time, value, y;
  int phase;
} State;

enum
{
  EVENT_TIME,
  VALUE,
  Y
};
enum
{
  BEFORE_EVENT,
  AT_EVENT,
  EVENT_PRESENT,
  AFTER_EVENT
};

static const FmuVariable variables[] = {
  [EVENT_TIME]
  = FMU_VARIABLE ("eventTime", FMU_REAL, FMU_PARAMETER, FMU_FIXED, State, event_time, 0.8),
  [VALUE] = FMU_VARIABLE ("value", FMU_REAL, FMU_PARAMETER, FMU_FIXED, State, value, 1.0),
  [Y] = FMU_VARIABLE ("y", FMU_REAL, FMU_OUTPUT, FMU_FIXED, State, y, 0.0),
};

/* As in fig6_step: a relative slack to reach the event, then the phase remembers. */
static bool
reaches (double time, double step, double target)
{
  return time + step >= target - 1e-9 * fmax (1.0, fabs (target));
}

static fmi2Status
initialize (FmuInstance *fmu)
{
  State *s = FMU_STATE (fmu, State);

  s->phase = reaches (fmu->clock.time, 0, s->event_time) ? AT_EVENT : BEFORE_EVENT;
  return fmi2OK;
}

static void
compute_outputs (FmuInstance *fmu)
{
  State *s = FMU_STATE (fmu, State);

  s->y = s->value;
  fmu_set_present (fmu, Y, s->phase == EVENT_PRESENT);
}

static fmi2Status
do_step (FmuInstance *fmu, double step, double *performed)
{
  State *s = FMU_STATE (fmu, State);

  switch (s->phase)
    {
    case BEFORE_EVENT:
      if (!reaches (fmu->clock.time, step, s->event_time))
        return fmi2OK;
      s->phase = AT_EVENT;
      if (step > s->event_time - fmu->clock.time)
        {
          *performed = fmax (0, s->event_time - fmu->clock.time);
          fmu_log (fmu, fmi2Discard, "logStatusDiscard", "stopped at the event, %g s",
                   s->event_time);
          return fmi2Discard;
        }
      return fmi2OK;
    case AT_EVENT:
      if (step > 0)
        {
          *performed = 0;
          fmu_log (fmu, fmi2Discard, "logStatusDiscard",
                   "a zero step must produce the event at %g s first", s->event_time);
          return fmi2Discard;
        }
      s->phase = EVENT_PRESENT;
      return fmi2OK;
    case EVENT_PRESENT:
      s->phase = AFTER_EVENT;
      return fmi2OK;
    default:
      return fmi2OK;
    }
}

const FmuModel fmu_model = {
  .guid = "{4362e3e8-986a-56a6-86df-80da68ae3961}",
  .category = FMU_CATEGORY_0B,
  .variables = variables,
  .n_variables = sizeof variables / sizeof variables[0],
  .state_size = sizeof (State),
  .can_get_and_set_state = true,
  .initialize = initialize,
  .compute_outputs = compute_outputs,
  .do_step = do_step,
};
