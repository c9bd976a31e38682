/* hc_bouncing_ball: the bouncing ball of seed 001 section VI, FMI-HC category 4 (prefers
 * 10^-6 s), which flags tunnelling so that a master's step revision locates the impact.
 *
 *   h' = v, v' = -g; at an impact v := -e v
 *
 * Each step moves the ball exactly (the ballistic parabola). As in the paper,
 * fmi2HybridGetMaxStepSize returns a fixed step, maxStep (0.05 s), which does not know where
 * the floor is. A step that would end with the ball below -tolerance is tunnelling: the FMU
 * moves there anyway (h shows how deep, for diagnosis), logs it and returns fmi2Error, so the
 * master restores the last committed state of every FMU and retries a smaller step
 * (bisection); a step that ends with -tolerance <= h <= 0 while falling is the impact, to the
 * FMU's tolerance: fmi2HybridGetMaxStepSize answers 0 and the zero step bounces (h := 0,
 * v := -e v, bounces + 1), v being discontinuous there: old value at (t, 0), new at (t, 1).
 * A rebound too weak to rise above the tolerance leaves the ball at rest (no Zeno).
 * With h0 = 1 m the first impact is at sqrt(2/9.81) = 0.4515 s; with h0 = 100 m at 4.5152 s,
 * the paper's figure 7b. Variables: h0 0, v0 1, g 2, e 3 (tunable), tolerance 4, maxStep 5,
 * outputs h 6, v 7, bounces 8 (Integer).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "fmu-runtime.h"

#include <math.h>

typedef struct
{
  double h0, v0, g, e, tolerance, max_step;
  double h, v;
  int bounces;
  int mode;
  fmi2HybridTime step; /* maxStep in ticks */
} State;

enum
{
  H0,
  V0,
  G,
  E,
  TOLERANCE,
  MAX_STEP,
  H,
  V,
  BOUNCES
};
enum
{
  FLYING,
  IMPACT,
  RESTING
};

static const FmuVariable variables[] = {
  [H0] = FMU_VARIABLE ("h0", FMU_REAL, FMU_PARAMETER, FMU_FIXED, State, h0, 1.0),
  [V0] = FMU_VARIABLE ("v0", FMU_REAL, FMU_PARAMETER, FMU_FIXED, State, v0, 0.0),
  [G] = FMU_VARIABLE ("g", FMU_REAL, FMU_PARAMETER, FMU_FIXED, State, g, 9.81),
  [E] = FMU_VARIABLE ("e", FMU_REAL, FMU_PARAMETER, FMU_TUNABLE, State, e, 0.7),
  [TOLERANCE]
  = FMU_VARIABLE ("tolerance", FMU_REAL, FMU_PARAMETER, FMU_FIXED, State, tolerance, 1e-3),
  [MAX_STEP] = FMU_VARIABLE ("maxStep", FMU_REAL, FMU_PARAMETER, FMU_FIXED, State, max_step, 0.05),
  [H] = FMU_VARIABLE ("h", FMU_REAL, FMU_OUTPUT, FMU_FIXED, State, h, 0.0),
  [V] = FMU_VARIABLE ("v", FMU_REAL, FMU_OUTPUT, FMU_FIXED, State, v, 0.0),
  [BOUNCES] = FMU_VARIABLE ("bounces", FMU_INTEGER, FMU_OUTPUT, FMU_FIXED, State, bounces, 0),
};

static fmi2Status
initialize (FmuInstance *fmu)
{
  State *s = FMU_STATE (fmu, State);

  if (!(s->h0 >= 0) || !(s->g > 0) || !(s->tolerance > 0) || !(s->e >= 0 && s->e <= 1))
    return fmu_error (fmu, "need h0 >= 0, g > 0, tolerance > 0 and 0 <= e <= 1");
  if (!fmu_seconds_to_ticks (fmu, "maxStep", s->max_step, &s->step))
    return fmi2Error;
  if (s->step == 0)
    return fmu_error (fmu, "maxStep must be positive");
  s->h = s->h0;
  s->v = s->v0;
  s->mode = s->h0 == 0 && s->v0 <= 0 ? IMPACT : FLYING;
  return fmi2OK;
}

static fmi2Status
hybrid_get_max_step (FmuInstance *fmu, fmi2HybridTime *max_step)
{
  State *s = FMU_STATE (fmu, State);

  if (s->mode == IMPACT)
    *max_step = 0;
  else if (s->mode == FLYING)
    *max_step = s->step;
  return fmi2OK;
}

static fmi2Status
hybrid_do_step (FmuInstance *fmu, fmi2HybridTime step, fmi2HybridTime *performed)
{
  State *s = FMU_STATE (fmu, State);
  double dt, h;

  switch (s->mode)
    {
    case IMPACT:
      if (step > 0)
        {
          *performed = 0;
          fmu_log (fmu, fmi2Discard, "logStatusDiscard",
                   "the impact at %g s needs a zero step first", fmu->clock.time);
          return fmi2Discard;
        }
      s->h = 0;
      s->v = -s->e * s->v;
      s->bounces++;
      s->mode = s->v > sqrt (2 * s->g * s->tolerance) ? FLYING : RESTING;
      if (s->mode == RESTING)
        s->v = 0;
      fmu_log (fmu, fmi2OK, "logEvents", "bounce %d at %.9g s, v = %g", s->bounces, fmu->clock.time,
               s->v);
      return fmi2OK;
    case FLYING:
      if (step == 0)
        return fmi2OK;
      dt = fmu_ticks_to_seconds (fmu, step);
      h = s->h + s->v * dt - s->g * dt * dt / 2;
      s->v -= s->g * dt;
      s->h = h;
      if (h < -s->tolerance)
        return fmu_error (fmu,
                          "tunnelling: a step of %g s from %.9g s ends %g m below the floor "
                          "(tolerance %g m); revise the step",
                          dt, fmu->clock.time, -h, s->tolerance);
      if (h <= 0 && s->v < 0)
        s->mode = IMPACT;
      return fmi2OK;
    default:
      return fmi2OK;
    }
}

const FmuModel fmu_model = {
  .guid = "{60b51314-15dc-5653-84d9-05c9e603726b}",
  .category = FMU_CATEGORY_4,
  .variables = variables,
  .n_variables = sizeof variables / sizeof variables[0],
  .state_size = sizeof (State),
  .can_get_and_set_state = true,
  .resolution = -6,
  .initialize = initialize,
  .hybrid_do_step = hybrid_do_step,
  .hybrid_get_max_step = hybrid_get_max_step,
};
