/* stair3: an FMI 3.0 counter that steps up at every multiple of `period` (time events), with
 * event mode.
 *
 * After each update the FMU announces the next event time (nextEventTimeDefined), so a master
 * that fires it there steps exactly to it: fmi3DoStep then ends with eventHandlingNeeded and
 * the update in event mode raises `counter`. Every third step needs a second update, which
 * raises `carries` (discreteStatesNeedUpdate after the first): at the model's superdense tags,
 * counter changes at (k period, 1) and carries at (3 j period, 2). When counter reaches
 * `limit` the update asks to end the simulation (terminateSimulation). A step past an event
 * returns early there when early return is allowed; otherwise the FMU handles the event itself
 * during the step. Without event mode, it always does.
 * Variables: period 0 (fixed, 0.5 s), limit 1 (fixed, 5), outputs counter 2, carries 3.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "fmu3-runtime.h"

#include <math.h>

typedef struct
{
  double period;
  int32_t limit;
  int32_t counter;
  int32_t carries;
  double next_event;
  bool carry_pending;
} State;

enum
{
  PERIOD,
  LIMIT,
  COUNTER,
  CARRIES
};

static const Fmu3Variable variables[] = {
  [PERIOD] = FMU3_VARIABLE ("period", FMU3_FLOAT64, FMU3_PARAMETER, State, period),
  [LIMIT] = FMU3_VARIABLE ("limit", FMU3_INT32, FMU3_PARAMETER, State, limit),
  [COUNTER] = FMU3_VARIABLE ("counter", FMU3_INT32, FMU3_OUTPUT, State, counter),
  [CARRIES] = FMU3_VARIABLE ("carries", FMU3_INT32, FMU3_OUTPUT, State, carries),
};

static const State start = { .period = 0.5, .limit = 5 };

#define EPSILON 1e-9

static fmi3Status
initialize (Fmu3Instance *fmu)
{
  State *s = FMU3_STATE (fmu, State);

  if (!(s->period > 0))
    return fmu3_error (fmu, "period must be positive, not %g", s->period);
  s->next_event = fmu->start_time + s->period;
  return fmi3OK;
}

/* One update: the step at an event time, then (every third) the carry. */
static fmi3Status
update (Fmu3Instance *fmu, Fmu3UpdateResult *result)
{
  State *s = FMU3_STATE (fmu, State);

  if (s->carry_pending)
    {
      s->carries++;
      s->carry_pending = false;
      fmu3_log (fmu, fmi3OK, "carry %d at %g s", s->carries, fmu->time);
    }
  else if (fmu->time >= s->next_event - EPSILON)
    {
      s->counter++;
      s->next_event += s->period;
      s->carry_pending = s->counter % 3 == 0;
      fmu3_log (fmu, fmi3OK, "counter %d at %g s", s->counter, fmu->time);
    }
  result->needs_update = s->carry_pending;
  result->terminate = s->counter >= s->limit;
  result->next_event_defined = true;
  result->next_event_time = s->next_event;
  return fmi3OK;
}

static fmi3Status
do_step (Fmu3Instance *fmu, double end, Fmu3StepResult *result)
{
  State *s = FMU3_STATE (fmu, State);

  while (s->next_event < end - EPSILON)
    {
      Fmu3UpdateResult update_result = { 0 };
      fmu->time = s->next_event;
      if (fmu->early_return_allowed)
        {
          result->early = true;
          result->event = fmu->event_mode_used;
          if (!fmu->event_mode_used)
            do
              update (fmu, &update_result);
            while (update_result.needs_update);
          result->terminate = update_result.terminate;
          return fmi3OK;
        }
      /* Not allowed to return: the event is handled here, within the step. */
      do
        update (fmu, &update_result);
      while (update_result.needs_update);
      if (update_result.terminate)
        {
          result->terminate = true;
          return fmi3OK;
        }
    }
  fmu->time = end;
  if (fabs (s->next_event - end) <= EPSILON)
    {
      if (fmu->event_mode_used)
        result->event = true;
      else
        {
          Fmu3UpdateResult update_result = { 0 };
          do
            update (fmu, &update_result);
          while (update_result.needs_update);
          result->terminate = update_result.terminate;
        }
    }
  return fmi3OK;
}

const Fmu3Model fmu3_model = {
  .token = "{4f0b7c36-6d1e-4b5a-9a3e-5f7d2c1b0a31}",
  .variables = variables,
  .n_variables = sizeof variables / sizeof variables[0],
  .state_size = sizeof (State),
  .start = &start,
  .initialize = initialize,
  .do_step = do_step,
  .update = update,
};
