/* periodic3: FMI 3.0 time-based input clocks, which the importer ticks.
 *
 * sample is a constant clock (intervalDecimal 0.3 s, shiftDecimal 0.1 s in the description):
 * ticks at 0.1, 0.4, 0.7, ... s; slow is a fixed clock whose interval the FMU gives through
 * fmi3GetIntervalDecimal from its parameter period (0.5 s; shift 0): ticks at 0, 0.5, 1, ... s.
 * The clocked outputs samples and slows count the ticks of their clocks.
 * Variables: sample 0, slow 1 (input clocks), samples 2 (clocked by sample), slows 3 (clocked
 * by slow), period 4 (fixed), told 5 (output: the interval the importer set for slow with
 * fmi3SetIntervalDecimal or fmi3SetIntervalFraction, which slow then ticks at; 0 if none).
 * interval3 is this library under a description that gives slow an intervalDecimal, which the
 * importer must then set in Initialization Mode.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "fmu3-runtime.h"

typedef struct
{
  bool sample, slow;
  int32_t samples, slows;
  double period;
  int32_t samples_done, slows_done;
  double told; /* the interval the importer set for slow (fmi3SetIntervalDecimal), or 0 */
} State;

enum
{
  SAMPLE,
  SLOW,
  SAMPLES,
  SLOWS,
  PERIOD,
  TOLD
};

static const Fmu3Variable variables[] = {
  [SAMPLE] = FMU3_VARIABLE ("sample", FMU3_CLOCK, FMU3_INPUT, State, sample),
  [SLOW] = FMU3_VARIABLE ("slow", FMU3_CLOCK, FMU3_INPUT, State, slow),
  [SAMPLES] = FMU3_CLOCKED ("samples", FMU3_INT32, FMU3_OUTPUT, State, samples, SAMPLE),
  [SLOWS] = FMU3_CLOCKED ("slows", FMU3_INT32, FMU3_OUTPUT, State, slows, SLOW),
  [PERIOD] = FMU3_VARIABLE ("period", FMU3_FLOAT64, FMU3_PARAMETER, State, period),
  [TOLD] = FMU3_VARIABLE ("told", FMU3_FLOAT64, FMU3_OUTPUT, State, told),
};

static const State start = { .period = 0.5 };

static void
compute_outputs (Fmu3Instance *fmu)
{
  State *s = FMU3_STATE (fmu, State);

  if (s->sample)
    s->samples = s->samples_done + 1;
  if (s->slow)
    s->slows = s->slows_done + 1;
}

static fmi3Status
update (Fmu3Instance *fmu, Fmu3UpdateResult *result)
{
  State *s = FMU3_STATE (fmu, State);

  compute_outputs (fmu);
  s->samples_done += s->sample;
  s->slows_done += s->slow;
  return fmi3OK;
}

static fmi3Status
interval (Fmu3Instance *fmu, size_t clock, double *value, double *shift,
          fmi3IntervalQualifier *qualifier)
{
  State *s = FMU3_STATE (fmu, State);

  if (clock != SLOW)
    return fmu3_error (fmu, "%s is a constant clock: its interval is in the description",
                       variables[clock].name);
  *value = s->told > 0 ? s->told : s->period;
  *shift = 0;
  *qualifier = fmi3IntervalUnchanged;
  return fmi3OK;
}

/* The importer sets slow's interval (interval3's description gives it one): kept, told. */
static fmi3Status
set_interval (Fmu3Instance *fmu, size_t clock, double value)
{
  State *s = FMU3_STATE (fmu, State);

  if (clock != SLOW)
    return fmu3_error (fmu, "%s is a constant clock: its interval cannot be set",
                       variables[clock].name);
  s->told = value;
  return fmi3OK;
}

const Fmu3Model fmu3_model = {
  .token = "{c51e2b84-9f3d-4a76-b0e1-6d8a2f3c4e15}",
  .variables = variables,
  .n_variables = sizeof variables / sizeof variables[0],
  .state_size = sizeof (State),
  .start = &start,
  .compute_outputs = compute_outputs,
  .update = update,
  .interval = interval,
  .set_interval = set_interval,
};
