/* clocks3: FMI 3.0 clocks in co-simulation with event mode.
 *
 * trigger is a triggered input clock and u (Int32) is clocked by it: at each tick the FMU
 * adds u to total (an ordinary discrete output) and, when u is even, ticks its output clock
 * even, whose clocked output doubled is 2 u. The output clock alarm ticks once, at alarmTime
 * (a time event announced as the next event time), with its clocked output alarms (1).
 * Variables: trigger 0 (input clock), u 1 (clocked by trigger), even 2 (output clock),
 * doubled 3 (clocked by even), alarm 4 (output clock), alarms 5 (clocked by alarm),
 * total 6 (Int32), alarmTime 7 (fixed, 1 s).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "fmu3-runtime.h"

#include <math.h>

typedef struct
{
  bool trigger;
  int32_t u;
  bool even;
  int32_t doubled;
  bool alarm;
  int32_t alarms;
  int32_t total;
  double alarm_time;
  int32_t alarms_done;
} State;

enum
{
  TRIGGER,
  U,
  EVEN,
  DOUBLED,
  ALARM,
  ALARMS,
  TOTAL,
  ALARM_TIME
};

static const Fmu3Variable variables[] = {
  [TRIGGER] = FMU3_VARIABLE ("trigger", FMU3_CLOCK, FMU3_INPUT, State, trigger),
  [U] = FMU3_CLOCKED ("u", FMU3_INT32, FMU3_INPUT, State, u, TRIGGER),
  [EVEN] = FMU3_VARIABLE ("even", FMU3_CLOCK, FMU3_OUTPUT, State, even),
  [DOUBLED] = FMU3_CLOCKED ("doubled", FMU3_INT32, FMU3_OUTPUT, State, doubled, EVEN),
  [ALARM] = FMU3_VARIABLE ("alarm", FMU3_CLOCK, FMU3_OUTPUT, State, alarm),
  [ALARMS] = FMU3_CLOCKED ("alarms", FMU3_INT32, FMU3_OUTPUT, State, alarms, ALARM),
  [TOTAL] = FMU3_VARIABLE ("total", FMU3_INT32, FMU3_OUTPUT, State, total),
  [ALARM_TIME] = FMU3_VARIABLE ("alarmTime", FMU3_FLOAT64, FMU3_PARAMETER, State, alarm_time),
};

static const State start = { .alarm_time = 1.0 };

#define EPSILON 1e-9

/* The clocked partitions, computed when their outputs are read (before the update). */
static void
compute_outputs (Fmu3Instance *fmu)
{
  State *s = FMU3_STATE (fmu, State);

  if (s->trigger)
    {
      s->even = s->u % 2 == 0;
      s->doubled = 2 * s->u;
    }
  if (s->alarm)
    s->alarms = s->alarms_done + 1;
}

static fmi3Status
update (Fmu3Instance *fmu, Fmu3UpdateResult *result)
{
  State *s = FMU3_STATE (fmu, State);

  compute_outputs (fmu);
  if (s->trigger)
    s->total += s->u;
  if (s->alarm)
    s->alarms_done++;
  result->next_event_defined = s->alarms_done == 0;
  result->next_event_time = s->alarm_time;
  return fmi3OK;
}

static fmi3Status
do_step (Fmu3Instance *fmu, double end, Fmu3StepResult *result)
{
  State *s = FMU3_STATE (fmu, State);

  if (s->alarms_done == 0 && fmu->time < s->alarm_time - EPSILON
      && s->alarm_time <= end + EPSILON)
    {
      /* The alarm: at its time, with early return; at the end of the step otherwise. */
      fmu->time = fmu->early_return_allowed ? s->alarm_time : end;
      result->early = fmu->time < end - EPSILON;
      s->alarm = true;
      result->event = true;
      return fmi3OK;
    }
  fmu->time = end;
  return fmi3OK;
}

const Fmu3Model fmu3_model = {
  .token = "{7d3a1f58-2c9e-4b0d-8e6a-1f4c3b2a9d07}",
  .variables = variables,
  .n_variables = sizeof variables / sizeof variables[0],
  .state_size = sizeof (State),
  .start = &start,
  .compute_outputs = compute_outputs,
  .do_step = do_step,
  .update = update,
};
