/* time_event_me: x' = rate gain u, where u flips sign at time events every `period` seconds (a
 * second event iteration step then counts the event in `count`); rate is a continuous input,
 * gain a discrete one (set in event mode only). See
 * ../../README.md.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "me-model.h"

enum
{
  X,
  DER_X,
  U,
  COUNT,
  RATE,
  PERIOD,
  NEXT,  /* the next time event */
  PHASE, /* 1 between the flip and the count */
  GAIN,
  N_REALS
};

static const double starts[N_REALS] = { [U] = 1, [RATE] = 1, [PERIOD] = 0.5, [GAIN] = 1 };
static const MeCausality causalities[N_REALS] = {
  [X] = ME_PARAMETER,  [DER_X] = ME_COMPUTED,  [U] = ME_COMPUTED,    [COUNT] = ME_COMPUTED,
  [RATE] = ME_INPUT,   [PERIOD] = ME_PARAMETER, [NEXT] = ME_COMPUTED, [PHASE] = ME_COMPUTED,
  [GAIN] = ME_DISCRETE_INPUT,
};
static const unsigned state_vrs[] = { X };
static const unsigned derivative_vrs[] = { DER_X };

static void
initialize (double *r, double time, MeEventInfo *info)
{
  r[NEXT] = time + r[PERIOD];
  r[PHASE] = 0;
}

static void
evaluate (double *r, double time)
{
  r[DER_X] = r[RATE] * r[GAIN] * r[U];
}

/* At a time event: first flip u and ask for another step, then count the event. */
static void
update (double *r, double time, MeEventInfo *info)
{
  if (r[PHASE] == 1)
    {
      r[COUNT] += 1;
      r[PHASE] = 0;
      r[NEXT] += r[PERIOD];
    }
  else if (time >= r[NEXT] - 1e-9)
    {
      r[U] = -r[U];
      r[PHASE] = 1;
      info->newDiscreteStatesNeeded = true;
    }
  info->nextEventTimeDefined = true;
  info->nextEventTime = r[NEXT];
}

const MeModel me_model = {
  .guid = "{9d2e4b61-0c3a-4e8f-b7d5-2a6c1e9f4b03}",
  .n_reals = N_REALS,
  .starts = starts,
  .causalities = causalities,
  .n_states = 1,
  .state_vrs = state_vrs,
  .derivative_vrs = derivative_vrs,
  .n_indicators = 0,
  .initialize = initialize,
  .evaluate = evaluate,
  .indicators = NULL,
  .update = update,
};
