/* fig7_sink: FMU B of seed 003 figure 7, FMI-HC category 2 with a fixed resolution of
 * 10^1 s (10 s).
 *
 * Records when, by its own clock, events arrive on x: receivedAt is the local time in
 * seconds (tick count · 10) of the last event (-1 before any) and count the number received,
 * both including an event present at the current tag (direct feedthrough); y repeats x.
 * Its clock moves in steps of 10 s only, so fed by fig7_source through a master at 1 s it
 * reports the event of local time 15 at 10, those of 20 and 30 at 20 and 30. Variables:
 * input x 0 (events), outputs y 1, receivedAt 2, count 3 (Integer).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "fmu-runtime.h"

typedef struct
{
  double x, y, received_at;
  int count;
  double last_at; /* committed */
  int received;   /* committed */
} State;

enum
{
  X,
  Y,
  RECEIVED_AT,
  COUNT
};

static const FmuVariable variables[] = {
  [X] = FMU_VARIABLE ("x", FMU_REAL, FMU_INPUT, FMU_DISCRETE, State, x, 0.0),
  [Y] = FMU_VARIABLE ("y", FMU_REAL, FMU_OUTPUT, FMU_FIXED, State, y, 0.0),
  [RECEIVED_AT]
  = FMU_VARIABLE ("receivedAt", FMU_REAL, FMU_OUTPUT, FMU_FIXED, State, received_at, 0.0),
  [COUNT] = FMU_VARIABLE ("count", FMU_INTEGER, FMU_OUTPUT, FMU_FIXED, State, count, 0),
};

static fmi2Status
initialize (FmuInstance *fmu)
{
  State *s = FMU_STATE (fmu, State);

  s->last_at = -1;
  return fmi2OK;
}

static void
compute_outputs (FmuInstance *fmu)
{
  State *s = FMU_STATE (fmu, State);
  const bool event = fmu_present (fmu, X);

  s->y = s->x;
  fmu_set_present (fmu, Y, event);
  s->received_at = event ? fmu->clock.time : s->last_at;
  s->count = s->received + (event ? 1 : 0);
}

static fmi2Status
hybrid_do_step (FmuInstance *fmu, fmi2HybridTime step, fmi2HybridTime *performed)
{
  State *s = FMU_STATE (fmu, State);

  if (fmu_present (fmu, X))
    {
      s->last_at = fmu->clock.time;
      s->received++;
      fmu_log (fmu, fmi2OK, "logEvents", "event %g received at local time %g s", s->x,
               fmu->clock.time);
    }
  return fmi2OK;
}

const FmuModel fmu_model = {
  .guid = "{0c04934d-71d5-5c44-8714-e44473f6a50e}",
  .category = FMU_CATEGORY_2,
  .variables = variables,
  .n_variables = sizeof variables / sizeof variables[0],
  .state_size = sizeof (State),
  .can_get_and_set_state = true,
  .resolution = 1,
  .initialize = initialize,
  .compute_outputs = compute_outputs,
  .hybrid_do_step = hybrid_do_step,
};
