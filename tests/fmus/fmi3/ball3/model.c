/* ball3: an FMI 3.0 bouncing ball with its state event inside steps, integrated exactly.
 *
 * h'' = -10 from h = h0 (5 m), v = 0: the ball first hits the ground at exactly 1 s with
 * v = -10 m/s and leaves it with -e v (e = 0.7: 7 m/s), then hits it again 1.4 s later (2.4 s),
 * and so on; below 0.1 m/s it stays on the ground. A step that crosses an impact returns early
 * at the impact when early return is allowed (lastSuccessfulTime: the impact time), and with
 * event mode the bounce is the update at the next microstep (eventHandlingNeeded); otherwise
 * the FMU bounces within the step. Variables: h0 0 (fixed), e 1 (tunable), outputs h 2, v 3.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "fmu3-runtime.h"

#include <math.h>

typedef struct
{
  double h0, e, h, v;
  bool bounce_pending;
  bool resting;
} State;

enum
{
  H0,
  E,
  H,
  V
};

static const Fmu3Variable variables[] = {
  [H0] = FMU3_VARIABLE ("h0", FMU3_FLOAT64, FMU3_PARAMETER, State, h0),
  [E] = { .name = "e", .type = FMU3_FLOAT64, .causality = FMU3_PARAMETER, .tunable = true,
          .offset = offsetof (State, e), .size = sizeof (double), .count = 1, .size_of = -1 },
  [H] = FMU3_VARIABLE ("h", FMU3_FLOAT64, FMU3_OUTPUT, State, h),
  [V] = FMU3_VARIABLE ("v", FMU3_FLOAT64, FMU3_OUTPUT, State, v),
};

static const State start = { .h0 = 5, .e = 0.7 };

#define G 10.0
#define EPSILON 1e-12

static fmi3Status
initialize (Fmu3Instance *fmu)
{
  State *s = FMU3_STATE (fmu, State);

  if (!(s->h0 > 0))
    return fmu3_error (fmu, "h0 must be positive, not %g", s->h0);
  s->h = s->h0;
  s->v = 0;
  return fmi3OK;
}

static void
bounce (Fmu3Instance *fmu, State *s)
{
  s->h = 0;
  s->v = -s->e * s->v;
  s->bounce_pending = false;
  if (s->v < 0.1)
    {
      s->v = 0;
      s->resting = true;
    }
  fmu3_log (fmu, fmi3OK, "bounce at %.17g s: v = %g", fmu->time, s->v);
}

/* Moves the ball by @tau seconds of free flight. */
static void
fly (State *s, double tau)
{
  s->h += s->v * tau - G / 2 * tau * tau;
  s->v -= G * tau;
}

static fmi3Status
update (Fmu3Instance *fmu, Fmu3UpdateResult *result)
{
  State *s = FMU3_STATE (fmu, State);

  if (s->bounce_pending)
    bounce (fmu, s);
  return fmi3OK;
}

static fmi3Status
do_step (Fmu3Instance *fmu, double end, Fmu3StepResult *result)
{
  State *s = FMU3_STATE (fmu, State);

  while (!s->resting)
    {
      /* The positive root of h + v tau - G/2 tau^2 = 0. */
      double tau = (s->v + sqrt (s->v * s->v + 2 * G * s->h)) / G;
      double impact = fmu->time + tau;
      if (impact > end + EPSILON)
        break;
      fly (s, tau);
      s->h = 0;
      fmu->time = impact;
      s->bounce_pending = true;
      if (fmu->event_mode_used && (fmu->early_return_allowed || impact >= end - EPSILON))
        {
          result->event = true;
          result->early = impact < end - EPSILON;
          if (!result->early)
            fmu->time = end;
          return fmi3OK;
        }
      bounce (fmu, s);
    }
  if (!s->resting)
    fly (s, end - fmu->time);
  fmu->time = end;
  return fmi3OK;
}

const Fmu3Model fmu3_model = {
  .token = "{9b2d4e77-1c0a-4f3e-8d6b-2a5c7e9f1b03}",
  .variables = variables,
  .n_variables = sizeof variables / sizeof variables[0],
  .state_size = sizeof (State),
  .start = &start,
  .initialize = initialize,
  .do_step = do_step,
  .update = update,
};
