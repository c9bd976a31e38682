/* bouncing_ball_me: a ball falling from h = 1 m and bouncing with coefficient e; its one event
 * indicator is the height (a state event at each impact). See ../../README.md.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "me-model.h"

enum
{
  H,
  DER_H,
  V,
  DER_V,
  G,
  E,
  V_MIN,
  N_REALS
};

static const double starts[N_REALS] = { [H] = 1, [V] = 0, [G] = 9.81, [E] = 0.7, [V_MIN] = 0.1 };
static const MeCausality causalities[N_REALS] = {
  [H] = ME_PARAMETER, [DER_H] = ME_COMPUTED, [V] = ME_PARAMETER, [DER_V] = ME_COMPUTED,
  [G] = ME_PARAMETER, [E] = ME_PARAMETER,    [V_MIN] = ME_PARAMETER,
};
static const unsigned state_vrs[] = { H, V };
static const unsigned derivative_vrs[] = { DER_H, DER_V };

static void
initialize (double *r, double time, MeEventInfo *info)
{
}

static void
evaluate (double *r, double time)
{
  r[DER_H] = r[V];
  r[DER_V] = -r[G];
}

static void
indicators (const double *r, double time, double *z)
{
  z[0] = r[H];
}

/* An impact: the ball leaves the ground upwards, or rests when too slow. */
static void
update (double *r, double time, MeEventInfo *info)
{
  if (r[H] <= 0 && r[V] < 0)
    {
      r[H] = 0;
      r[V] = -r[E] * r[V];
      if (r[V] < r[V_MIN])
        {
          r[V] = 0;
          r[G] = 0;
        }
    }
}

const MeModel me_model = {
  .guid = "{b0a1e5d2-4c1f-4f6e-9a51-6d2b7c3e8f01}",
  .n_reals = N_REALS,
  .starts = starts,
  .causalities = causalities,
  .n_states = 2,
  .state_vrs = state_vrs,
  .derivative_vrs = derivative_vrs,
  .n_indicators = 1,
  .initialize = initialize,
  .evaluate = evaluate,
  .indicators = indicators,
  .update = update,
};
