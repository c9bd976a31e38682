/* hc_controller: the software statechart of the event-ordering scenario (seed 002,
 * SEMANTICS.md section 7), FMI-HC category 4 (prefers 10^-3 s).
 *
 *   S0 --(emitTime, 1) / e1--> S1 --reaction--> S2
 *                              S1 --(emitTime + timeout, 1), no reaction--> S3
 *
 * e1 is a DE event of value 1 at (emitTime, 1) (0.01 s). A reaction present at any tag in
 * S1 up to and including the timeout's tag (emitTime + timeout, 1) (0.05 s) wins; otherwise
 * the statechart times out there. Outputs state (0 to 3) and stateName ("S0" to "S3") show
 * the state after the transition taken at the current tag, from the current input (a Mealy
 * output, hence their dependency on reaction); the transition is committed by the step.
 * fmi2HybridGetMaxStepSize: the ticks to the next time event, 0 at its microstep 0; longer
 * steps stop there. Variables: emitTime 0, timeout 1, input reaction 2 (events), outputs
 * e1 3, state 4 (Integer), stateName 5 (String).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "fmu-runtime.h"

#include <stdio.h>

typedef struct
{
  double emit_time, timeout, reaction, e1;
  int state;
  char state_name[FMU_STRING_CAPACITY];
  int current;                   /* committed state */
  fmi2HybridTime emit, deadline; /* ticks */
} State;

enum
{
  EMIT_TIME,
  TIMEOUT,
  REACTION,
  E1,
  STATE,
  STATE_NAME
};
enum
{
  S0,
  S1,
  S2,
  S3
};

static const FmuVariable variables[] = {
  [EMIT_TIME]
  = FMU_VARIABLE ("emitTime", FMU_REAL, FMU_PARAMETER, FMU_FIXED, State, emit_time, 0.01),
  [TIMEOUT] = FMU_VARIABLE ("timeout", FMU_REAL, FMU_PARAMETER, FMU_FIXED, State, timeout, 0.04),
  [REACTION] = FMU_VARIABLE ("reaction", FMU_REAL, FMU_INPUT, FMU_DISCRETE, State, reaction, 0.0),
  [E1] = FMU_VARIABLE ("e1", FMU_REAL, FMU_OUTPUT, FMU_FIXED, State, e1, 0.0),
  [STATE] = FMU_VARIABLE ("state", FMU_INTEGER, FMU_OUTPUT, FMU_FIXED, State, state, 0),
  [STATE_NAME] = FMU_STRING_VARIABLE ("stateName", FMU_OUTPUT, FMU_FIXED, State, state_name, "S0"),
};

static fmi2Status
initialize (FmuInstance *fmu)
{
  State *s = FMU_STATE (fmu, State);
  fmi2HybridTime timeout;

  if (!fmu_seconds_to_ticks (fmu, "emitTime", s->emit_time, &s->emit)
      || !fmu_seconds_to_ticks (fmu, "timeout", s->timeout, &timeout))
    return fmi2Error;
  s->deadline = s->emit + timeout;
  s->current = S0;
  return fmi2OK;
}

/* Whether the current tag is at or after (ticks, 1). */
static bool
reached (FmuInstance *fmu, fmi2HybridTime ticks)
{
  return fmu->clock.ticks > ticks || (fmu->clock.ticks == ticks && fmu->clock.microstep >= 1);
}

/* The state after the current tag's transition, if any. */
static int
next_state (FmuInstance *fmu)
{
  const State *s = FMU_STATE (fmu, State);

  switch (s->current)
    {
    case S0:
      return reached (fmu, s->emit) ? S1 : S0;
    case S1:
      if (fmu_present (fmu, REACTION))
        return S2;
      return reached (fmu, s->deadline) ? S3 : S1;
    default:
      return s->current;
    }
}

static void
compute_outputs (FmuInstance *fmu)
{
  State *s = FMU_STATE (fmu, State);

  s->state = next_state (fmu);
  snprintf (s->state_name, sizeof s->state_name, "S%d", s->state);
  s->e1 = 1;
  fmu_set_present (fmu, E1, s->current == S0 && s->state == S1);
}

/* The time event that the state after this tag's transition waits for, if any. */
static fmi2Status
hybrid_get_max_step (FmuInstance *fmu, fmi2HybridTime *max_step)
{
  const State *s = FMU_STATE (fmu, State);
  const int next = next_state (fmu);

  if (next == S0)
    *max_step = s->emit - fmu->clock.ticks; /* 0 at (emitTime, 0): not reached yet */
  else if (next == S1)
    *max_step = s->deadline - fmu->clock.ticks;
  return fmi2OK;
}

static fmi2Status
hybrid_do_step (FmuInstance *fmu, fmi2HybridTime step, fmi2HybridTime *performed)
{
  State *s = FMU_STATE (fmu, State);
  fmi2HybridTime max_step = fmi2HybridTimeMax;
  fmi2Status status;
  int next;

  hybrid_get_max_step (fmu, &max_step);
  status = fmu_limit_step (fmu, max_step, step, performed);
  if (step > 0 && *performed == 0)
    return status;
  next = next_state (fmu);
  if (next != s->current)
    fmu_log (fmu, fmi2OK, "logEvents", "S%d -> S%d at (%g s, %llu)", s->current, next,
             fmu->clock.time, (unsigned long long) fmu->clock.microstep);
  s->current = next;
  return status;
}

const FmuModel fmu_model = {
  .guid = "{3a35b070-55b3-5ffd-84c3-a43de824dc08}",
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
