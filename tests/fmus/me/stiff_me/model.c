/* stiff_me: x' = -k (x - cos t) - sin t (solution cos t from x = 1, stiff for large k) and
 * y' = -y (solution e^-t), with nominals 1 and 0.1. See ../../README.md.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "me-model.h"

#include <math.h>

enum
{
  X,
  DER_X,
  Y,
  DER_Y,
  K,
  N_REALS
};

static const double starts[N_REALS] = { [X] = 1, [Y] = 1, [K] = 10000 };
static const MeCausality causalities[N_REALS] = {
  [X] = ME_PARAMETER, [DER_X] = ME_COMPUTED, [Y] = ME_PARAMETER,
  [DER_Y] = ME_COMPUTED, [K] = ME_PARAMETER,
};
static const unsigned state_vrs[] = { X, Y };
static const unsigned derivative_vrs[] = { DER_X, DER_Y };
static const double nominals[] = { 1, 0.1 };

static void
initialize (double *r, double time, MeEventInfo *info)
{
}

static void
evaluate (double *r, double time)
{
  r[DER_X] = -r[K] * (r[X] - cos (time)) - sin (time);
  r[DER_Y] = -r[Y];
}

static void
update (double *r, double time, MeEventInfo *info)
{
}

const MeModel me_model = {
  .guid = "{3f6c2a10-8b7e-4d21-a9c4-51e0d7b6f302}",
  .n_reals = N_REALS,
  .starts = starts,
  .causalities = causalities,
  .n_states = 2,
  .state_vrs = state_vrs,
  .derivative_vrs = derivative_vrs,
  .nominals = nominals,
  .n_indicators = 0,
  .initialize = initialize,
  .evaluate = evaluate,
  .indicators = NULL,
  .update = update,
};
