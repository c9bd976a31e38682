/* fig7_source: FMU A of seed 003 figure 7, FMI-HC category 2 with a fixed resolution of
 * 10^0 s (1 s).
 *
 * Produces discrete events at local times t1, t2, t3 (15, 20 and 30 s), present at (tk, 1)
 * with value k (1, 2, 3). fmi2HybridGetMaxStepSize: ticks to the next event, 0 at (tk, 0).
 * Connected to fig7_sink (resolution 10 s) by a master at 1 s, the event at 15 reaches the
 * sink when the sink's clock says 10 (the floor in the master-to-FMU conversion), while those
 * at 20 and 30 arrive at 20 and 30. Variables: t1 0, t2 1, t3 2, output y 3.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "fmu-runtime.h"

typedef struct
{
  double t[3], y;
  fmi2HybridTime event[3]; /* ticks, increasing */
} State;

enum
{
  T1,
  T2,
  T3,
  Y
};

static const FmuVariable variables[] = {
  [T1] = FMU_VARIABLE ("t1", FMU_REAL, FMU_PARAMETER, FMU_FIXED, State, t[0], 15.0),
  [T2] = FMU_VARIABLE ("t2", FMU_REAL, FMU_PARAMETER, FMU_FIXED, State, t[1], 20.0),
  [T3] = FMU_VARIABLE ("t3", FMU_REAL, FMU_PARAMETER, FMU_FIXED, State, t[2], 30.0),
  [Y] = FMU_VARIABLE ("y", FMU_REAL, FMU_OUTPUT, FMU_FIXED, State, y, 0.0),
};

static fmi2Status
initialize (FmuInstance *fmu)
{
  State *s = FMU_STATE (fmu, State);
  static const char *const names[] = { "t1", "t2", "t3" };

  for (int i = 0; i < 3; i++)
    {
      if (!fmu_seconds_to_ticks (fmu, names[i], s->t[i], &s->event[i]))
        return fmi2Error;
      if (i > 0 && s->event[i] <= s->event[i - 1])
        return fmu_error (fmu, "t1 < t2 < t3 is required");
    }
  return fmi2OK;
}

static void
compute_outputs (FmuInstance *fmu)
{
  State *s = FMU_STATE (fmu, State);

  fmu_set_present (fmu, Y, false);
  for (int i = 0; i < 3; i++)
    if (fmu->clock.ticks == s->event[i] && fmu->clock.microstep == 1)
      {
        s->y = i + 1;
        fmu_set_present (fmu, Y, true);
      }
}

static fmi2Status
hybrid_get_max_step (FmuInstance *fmu, fmi2HybridTime *max_step)
{
  State *s = FMU_STATE (fmu, State);

  for (int i = 0; i < 3; i++)
    {
      if (s->event[i] == fmu->clock.ticks && fmu->clock.microstep == 0)
        {
          *max_step = 0;
          return fmi2OK;
        }
      if (s->event[i] > fmu->clock.ticks)
        {
          *max_step = s->event[i] - fmu->clock.ticks;
          return fmi2OK;
        }
    }
  return fmi2OK; /* preset: no constraint */
}

static fmi2Status
hybrid_do_step (FmuInstance *fmu, fmi2HybridTime step, fmi2HybridTime *performed)
{
  fmi2HybridTime max_step = fmi2HybridTimeMax;

  hybrid_get_max_step (fmu, &max_step);
  return fmu_limit_step (fmu, max_step, step, performed);
}

const FmuModel fmu_model = {
  .guid = "{3fe214e7-c842-5988-b774-62d605a5ecd5}",
  .category = FMU_CATEGORY_2,
  .variables = variables,
  .n_variables = sizeof variables / sizeof variables[0],
  .state_size = sizeof (State),
  .can_get_and_set_state = true,
  .resolution = 0,
  .initialize = initialize,
  .compute_outputs = compute_outputs,
  .hybrid_do_step = hybrid_do_step,
  .hybrid_get_max_step = hybrid_get_max_step,
};
