/* probe: an FMU that reports what its master told it, category 0A, for the FMI 2.0 details
 * the FMU actor must get right.
 *
 * Outputs, computed at initialization and at each doStep: the tolerance and the stop time
 * fmi2SetupExperiment gave (0 and -1 when not defined), the size of the last doStep (0
 * before any), the FMU's time, the number of steps, and the values of its inputs and of its
 * String parameter label as the master set them. The Enumeration mode (items off = 1,
 * slow = 2, fast = 4: a gap, so that a value between the least and the greatest can be none
 * of them) is read and written as an Integer.
 * Variables: label 0 (String), inputs mode 1 (Enumeration), count 2 (Integer), flag 3
 * (Boolean); outputs tolerance 4, stopTime 5, lastStep 6, t 7, steps 8 (Integer),
 * labelOut 9 (String), modeOut 10 (Enumeration), countOut 11 (Integer), flagOut 12 (Boolean).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "fmu-runtime.h"

#include <stdio.h>

typedef struct
{
  char label[FMU_STRING_CAPACITY];
  int mode, count, flag;
  double tolerance, stop_time, last_step, t;
  int steps;
  char label_out[FMU_STRING_CAPACITY];
  int mode_out, count_out, flag_out;
} State;

enum
{
  LABEL,
  MODE,
  COUNT,
  FLAG,
  TOLERANCE,
  STOP_TIME,
  LAST_STEP,
  T,
  STEPS,
  LABEL_OUT,
  MODE_OUT,
  COUNT_OUT,
  FLAG_OUT,
};

static const FmuVariable variables[] = {
  [LABEL] = FMU_STRING_VARIABLE ("label", FMU_PARAMETER, FMU_FIXED, State, label, "none"),
  [MODE] = FMU_VARIABLE ("mode", FMU_INTEGER, FMU_INPUT, FMU_FIXED, State, mode, 1),
  [COUNT] = FMU_VARIABLE ("count", FMU_INTEGER, FMU_INPUT, FMU_FIXED, State, count, 0),
  [FLAG] = FMU_VARIABLE ("flag", FMU_BOOLEAN, FMU_INPUT, FMU_FIXED, State, flag, 0),
  [TOLERANCE] = FMU_VARIABLE ("tolerance", FMU_REAL, FMU_OUTPUT, FMU_FIXED, State, tolerance, 0.0),
  [STOP_TIME] = FMU_VARIABLE ("stopTime", FMU_REAL, FMU_OUTPUT, FMU_FIXED, State, stop_time, 0.0),
  [LAST_STEP] = FMU_VARIABLE ("lastStep", FMU_REAL, FMU_OUTPUT, FMU_FIXED, State, last_step, 0.0),
  [T] = FMU_VARIABLE ("t", FMU_REAL, FMU_OUTPUT, FMU_FIXED, State, t, 0.0),
  [STEPS] = FMU_VARIABLE ("steps", FMU_INTEGER, FMU_OUTPUT, FMU_FIXED, State, steps, 0),
  [LABEL_OUT] = FMU_STRING_VARIABLE ("labelOut", FMU_OUTPUT, FMU_FIXED, State, label_out, ""),
  [MODE_OUT] = FMU_VARIABLE ("modeOut", FMU_INTEGER, FMU_OUTPUT, FMU_FIXED, State, mode_out, 1),
  [COUNT_OUT] = FMU_VARIABLE ("countOut", FMU_INTEGER, FMU_OUTPUT, FMU_FIXED, State, count_out, 0),
  [FLAG_OUT] = FMU_VARIABLE ("flagOut", FMU_BOOLEAN, FMU_OUTPUT, FMU_FIXED, State, flag_out, 0),
};

static void
report (FmuInstance *fmu)
{
  State *s = FMU_STATE (fmu, State);

  s->tolerance = fmu->tolerance_defined ? fmu->tolerance : 0;
  s->stop_time = fmu->stop_time_defined ? fmu->stop_time : -1;
  s->t = fmu->clock.time;
  snprintf (s->label_out, sizeof s->label_out, "%s", s->label);
  s->mode_out = s->mode;
  s->count_out = s->count;
  s->flag_out = s->flag;
}

static fmi2Status
initialize (FmuInstance *fmu)
{
  report (fmu);
  return fmi2OK;
}

static fmi2Status
do_step (FmuInstance *fmu, double step, double *performed)
{
  State *s = FMU_STATE (fmu, State);

  s->last_step = step;
  s->steps++;
  report (fmu);
  s->t = fmu->clock.time + step; /* the runtime advances the clock afterwards */
  return fmi2OK;
}

const FmuModel fmu_model = {
  .guid = "{5b0f3a61-2c8e-4d7a-9e15-0a4c6f2d8b31}",
  .category = FMU_CATEGORY_0A,
  .variables = variables,
  .n_variables = sizeof variables / sizeof variables[0],
  .state_size = sizeof (State),
  .can_get_and_set_state = true,
  .initialize = initialize,
  .do_step = do_step,
};
