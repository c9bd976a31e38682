/* step_event_me: x' = 1; after each completed integrator step where x has reached `limit`, a
 * step event (the completed integrator step asks for event mode) resets x to 0 and counts it;
 * after stop_after events (when positive) the FMU asks to end the simulation.
 * See ../../README.md.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "me-model.h"

enum
{
  X,
  DER_X,
  COUNT,
  LIMIT,
  STOP_AFTER, /* events after which the FMU ends the simulation; 0: never */
  N_REALS
};

static const double starts[N_REALS] = { [LIMIT] = 1 };
static const MeCausality causalities[N_REALS] = {
  [X] = ME_PARAMETER,
  [DER_X] = ME_COMPUTED,
  [COUNT] = ME_COMPUTED,
  [LIMIT] = ME_PARAMETER,
  [STOP_AFTER] = ME_PARAMETER,
};
static const unsigned state_vrs[] = { X };
static const unsigned derivative_vrs[] = { DER_X };

static void
initialize (double *r, double time, MeEventInfo *info)
{
}

static void
evaluate (double *r, double time)
{
  r[DER_X] = 1;
}

static void
update (double *r, double time, MeEventInfo *info)
{
  if (r[X] >= r[LIMIT])
    {
      r[X] = 0;
      r[COUNT] += 1;
      info->valuesOfContinuousStatesChanged = true;
      if (r[STOP_AFTER] > 0 && r[COUNT] >= r[STOP_AFTER])
        info->terminateSimulation = true;
    }
}

static bool
completed_step (double *r, double time)
{
  return r[X] >= r[LIMIT];
}

const MeModel me_model = {
  .guid = "{5e8a7c42-13d9-4b6f-8e20-c4a9d1f37b04}",
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
  .completed_step = completed_step,
};
