/* aperiodic3: FMI 3.0 input clocks whose interval the FMU gives as the run goes (countdown,
 * changing and tunable clocks), ticked by the importer.
 *
 * - sample, a constant clock (every 1 s from 0 s), counts its ticks in samples. At its ticks
 *   0, 1 and 2 (0, 1 and 2 s) it starts the countdown of alarm: 0.25 s, 0 s (the alarm is then
 *   due at once: the next microstep) and 0.25 s.
 * - alarm, a countdown clock: its interval is fmi3IntervalNotYetKnown until a sample starts
 *   it, then fmi3IntervalChanged once (from that event), fmi3IntervalUnchanged until its tick,
 *   which uses it up. Ticks at 0.25, (1, +1) and 2.25 s; alarms counts them.
 * - step, a changing clock: first 0.5 s after the start, then after its n-th tick 0.25 s
 *   (n = 1), 0.125 s (n = 2), 1 s (n >= 3), given (fmi3IntervalChanged) when it has just
 *   ticked: ticks at 0.5, 0.75, 0.875, 1.875, 2.875 s; steps counts them.
 * - beat, a tunable clock without intervalDecimal: interval period (0.4 s) and shift 0.1 s
 *   from fmi3GetIntervalDecimal and fmi3GetShiftDecimal: 0.1, 0.5, 0.9 s. In the event of the
 *   sample at 1 s the FMU retunes it to 0.25 s, as a change of a tunable parameter would
 *   (fmi3IntervalChanged in that event mode, then unchanged): the next beats count from that
 *   event, 1.25, 1.5, 1.75 s, ...; beats counts them.
 *
 * - third, a tunable clock with supportsFraction: every 1/3 s from 0 s, which the FMU gives as
 *   the fraction 1/3 (fmi3GetIntervalFraction) and as the decimal 0.333... s: the importer
 *   that takes the fraction ticks at k/3 s exactly (rounded to its tags); thirds counts them.
 * - odd, an output clock clocked by sample, is active at the odd ticks of sample (1 s, 3 s).
 *
 * The interval getter keeps what it has told (alarm's and beat's "changed" are told once), so
 * that the qualifiers follow the standard's table; Hyco asks for the shift of beat only.
 * Variables: sample 0, alarm 1, step 2, beat 3 (input clocks), samples 4, alarms 5, steps 6,
 * beats 7 (Int32, clocked by each), period 8 (tunable, 0.4), third 9 (input clock), thirds 10
 * (Int32, clocked by third), odd 11 (output clock, clocked by sample).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "fmu3-runtime.h"

typedef struct
{
  bool sample, alarm, step, beat, third, odd;
  int32_t samples, alarms, steps, beats, thirds, thirds_done;
  double period;
  int32_t samples_done, alarms_done, steps_done, beats_done;
  double countdown;   /* alarm's interval, from the sample that started it */
  int32_t alarm_told; /* 0 not yet known, 1 to be told changed, 2 told */
  bool beat_retuned;  /* beat's new interval not yet told */
} State;

enum
{
  SAMPLE,
  ALARM,
  STEP,
  BEAT,
  SAMPLES,
  ALARMS,
  STEPS,
  BEATS,
  PERIOD,
  THIRD,
  THIRDS,
  ODD
};

static const Fmu3Variable variables[] = {
  [SAMPLE] = FMU3_VARIABLE ("sample", FMU3_CLOCK, FMU3_INPUT, State, sample),
  [ALARM] = FMU3_VARIABLE ("alarm", FMU3_CLOCK, FMU3_INPUT, State, alarm),
  [STEP] = FMU3_VARIABLE ("step", FMU3_CLOCK, FMU3_INPUT, State, step),
  [BEAT] = FMU3_VARIABLE ("beat", FMU3_CLOCK, FMU3_INPUT, State, beat),
  [SAMPLES] = FMU3_CLOCKED ("samples", FMU3_INT32, FMU3_OUTPUT, State, samples, SAMPLE),
  [ALARMS] = FMU3_CLOCKED ("alarms", FMU3_INT32, FMU3_OUTPUT, State, alarms, ALARM),
  [STEPS] = FMU3_CLOCKED ("steps", FMU3_INT32, FMU3_OUTPUT, State, steps, STEP),
  [BEATS] = FMU3_CLOCKED ("beats", FMU3_INT32, FMU3_OUTPUT, State, beats, BEAT),
  [PERIOD] = FMU3_VARIABLE ("period", FMU3_FLOAT64, FMU3_PARAMETER, State, period),
  [THIRD] = FMU3_VARIABLE ("third", FMU3_CLOCK, FMU3_INPUT, State, third),
  [THIRDS] = FMU3_CLOCKED ("thirds", FMU3_INT32, FMU3_OUTPUT, State, thirds, THIRD),
  [ODD] = FMU3_CLOCKED ("odd", FMU3_CLOCK, FMU3_OUTPUT, State, odd, SAMPLE),
};

static const State start = { .period = 0.4 };

static void
compute_outputs (Fmu3Instance *fmu)
{
  State *s = FMU3_STATE (fmu, State);

  if (s->sample)
    {
      s->samples = s->samples_done + 1;
      s->odd = s->samples_done % 2 == 1;
    }
  if (s->alarm)
    s->alarms = s->alarms_done + 1;
  if (s->step)
    s->steps = s->steps_done + 1;
  if (s->beat)
    s->beats = s->beats_done + 1;
  if (s->third)
    s->thirds = s->thirds_done + 1;
}

static fmi3Status
update (Fmu3Instance *fmu, Fmu3UpdateResult *result)
{
  State *s = FMU3_STATE (fmu, State);

  compute_outputs (fmu);
  if (s->alarm)
    s->alarm_told = 0; /* used up */
  if (s->sample && s->samples_done <= 2)
    {
      s->countdown = s->samples_done == 1 ? 0 : 0.25;
      s->alarm_told = 1;
    }
  if (s->sample && s->samples_done == 1)
    {
      s->period = 0.25;
      s->beat_retuned = true;
    }
  s->samples_done += s->sample;
  s->alarms_done += s->alarm;
  s->steps_done += s->step;
  s->beats_done += s->beat;
  s->thirds_done += s->third;
  return fmi3OK;
}

/* The changing clock's interval after its n-th tick (the first: from the start, n = 0). */
static double
step_interval (int32_t n)
{
  return n == 0 ? 0.5 : n == 1 ? 0.25 : n == 2 ? 0.125 : 1.0;
}

static fmi3Status
interval (Fmu3Instance *fmu, size_t clock, double *value, double *shift,
          fmi3IntervalQualifier *qualifier)
{
  State *s = FMU3_STATE (fmu, State);

  *shift = 0;
  switch (clock)
    {
    case ALARM:
      *value = s->countdown;
      *qualifier = s->alarm_told == 0   ? fmi3IntervalNotYetKnown
                   : s->alarm_told == 1 ? fmi3IntervalChanged
                                        : fmi3IntervalUnchanged;
      if (s->alarm_told == 1)
        s->alarm_told = 2;
      return fmi3OK;
    case STEP:
      /* Known right after each tick (at it, the next one's), and at the start. */
      *value = step_interval (s->steps_done + s->step);
      *qualifier = s->step || fmu->phase == FMU3_INITIALIZATION ? fmi3IntervalChanged
                                                                : fmi3IntervalUnchanged;
      return fmi3OK;
    case BEAT:
      *value = s->period;
      *shift = 0.1;
      *qualifier = s->beat_retuned || fmu->phase == FMU3_INITIALIZATION ? fmi3IntervalChanged
                                                                        : fmi3IntervalUnchanged;
      s->beat_retuned = false;
      return fmi3OK;
    case THIRD:
      *value = 1.0 / 3;
      *qualifier = fmu->phase == FMU3_INITIALIZATION ? fmi3IntervalChanged : fmi3IntervalUnchanged;
      return fmi3OK;
    default:
      return fmu3_error (fmu, "%s is a constant clock: its interval is in the description",
                         variables[clock].name);
    }
}

static fmi3Status
interval_fraction (Fmu3Instance *fmu, size_t clock, uint64_t *counter, uint64_t *resolution,
                   uint64_t *shift_counter, fmi3IntervalQualifier *qualifier)
{
  if (clock != THIRD)
    return fmu3_error (fmu, "%s does not support fractions", variables[clock].name);
  *counter = 1;
  *resolution = 3;
  *shift_counter = 0;
  *qualifier = fmu->phase == FMU3_INITIALIZATION ? fmi3IntervalChanged : fmi3IntervalUnchanged;
  return fmi3OK;
}

const Fmu3Model fmu3_model = {
  .token = "{8d0b6e3a-52c1-4f7e-9a64-1e2f3b4c5d6a}",
  .variables = variables,
  .n_variables = sizeof variables / sizeof variables[0],
  .state_size = sizeof (State),
  .start = &start,
  .compute_outputs = compute_outputs,
  .update = update,
  .interval = interval,
  .interval_fraction = interval_fraction,
};
