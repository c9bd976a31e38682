/* vanderpol_tolerance: the Van der Pol oscillator integrated to a tolerance, category 0A.
 *
 *   x1' = x2,  x2' = mu (1 - x1²) x2 - x1
 *
 * Each doStep integrates with the Bogacki-Shampine RK2(3) pair, adapting its substeps so that
 * the local error estimate stays below the tolerance (relative and absolute): the tolerance of
 * fmi2SetupExperiment when the master gives one, else the `tolerance` parameter. When a step
 * needs more than `maxSubsteps` substeps, doStep stops where it got, returns fmi2Discard, and
 * fmi2GetRealStatus(fmi2LastSuccessfulTime) tells how far (FMI 2.0 partial progress); the FMU
 * then continues from there. Variables: mu 0, x1_0 1, x2_0 2, tolerance 3, maxSubsteps 4
 * (Integer), outputs x1 5, x2 6, substeps 7 and rejected 8 (Integer: substeps accepted and
 * rejected in the last doStep, to see the work a tolerance costs).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "fmu-runtime.h"

#include <math.h>

typedef struct
{
  double mu, x1_0, x2_0, tolerance;
  int max_substeps;
  double x1, x2;
  int substeps, rejected;
  double h; /* the substep to try next: kept across doSteps (and saved with the state) */
} State;

enum
{
  MU,
  X1_0,
  X2_0,
  TOLERANCE,
  MAX_SUBSTEPS,
  X1,
  X2,
  SUBSTEPS,
  REJECTED
};

static const FmuVariable variables[] = {
  [MU] = FMU_VARIABLE ("mu", FMU_REAL, FMU_PARAMETER, FMU_TUNABLE, State, mu, 1.0),
  [X1_0] = FMU_VARIABLE ("x1_0", FMU_REAL, FMU_PARAMETER, FMU_FIXED, State, x1_0, 2.0),
  [X2_0] = FMU_VARIABLE ("x2_0", FMU_REAL, FMU_PARAMETER, FMU_FIXED, State, x2_0, 0.0),
  [TOLERANCE]
  = FMU_VARIABLE ("tolerance", FMU_REAL, FMU_PARAMETER, FMU_TUNABLE, State, tolerance, 1e-6),
  [MAX_SUBSTEPS] = FMU_VARIABLE ("maxSubsteps", FMU_INTEGER, FMU_PARAMETER, FMU_TUNABLE, State,
                                 max_substeps, 1000),
  [X1] = FMU_VARIABLE ("x1", FMU_REAL, FMU_OUTPUT, FMU_FIXED, State, x1, 0.0),
  [X2] = FMU_VARIABLE ("x2", FMU_REAL, FMU_OUTPUT, FMU_FIXED, State, x2, 0.0),
  [SUBSTEPS] = FMU_VARIABLE ("substeps", FMU_INTEGER, FMU_OUTPUT, FMU_FIXED, State, substeps, 0),
  [REJECTED] = FMU_VARIABLE ("rejected", FMU_INTEGER, FMU_OUTPUT, FMU_FIXED, State, rejected, 0),
};

static void
derivative (double mu, const double x[2], double dx[2])
{
  dx[0] = x[1];
  dx[1] = mu * (1 - x[0] * x[0]) * x[1] - x[0];
}

static fmi2Status
initialize (FmuInstance *fmu)
{
  State *s = FMU_STATE (fmu, State);

  s->x1 = s->x1_0;
  s->x2 = s->x2_0;
  s->h = 1e-3;
  return fmi2OK;
}

static fmi2Status
do_step (FmuInstance *fmu, double step, double *performed)
{
  State *s = FMU_STATE (fmu, State);
  const double tolerance = fmu->tolerance_defined ? fmu->tolerance : s->tolerance;
  double x[2] = { s->x1, s->x2 }, done = 0;

  if (!(tolerance > 0))
    return fmu_error (fmu, "tolerance must be positive, not %g", tolerance);
  s->substeps = s->rejected = 0;
  while (done < step)
    {
      double k1[2], k2[2], k3[2], k4[2], y[2], z[2], error = 0;
      /* The last substep lands on the communication point exactly. */
      const bool last = done + s->h >= step * (1 - 1e-12);
      const double h = last ? step - done : s->h;

      if (s->substeps + s->rejected >= s->max_substeps)
        {
          fmu_log (fmu, fmi2Discard, "logStatusDiscard",
                   "%d substeps did not reach the communication point: stopped at %.17g",
                   s->max_substeps, fmu->clock.time + done);
          *performed = done;
          s->x1 = x[0];
          s->x2 = x[1];
          return fmi2Discard;
        }
      derivative (s->mu, x, k1);
      for (int j = 0; j < 2; j++)
        y[j] = x[j] + h / 2 * k1[j];
      derivative (s->mu, y, k2);
      for (int j = 0; j < 2; j++)
        y[j] = x[j] + 3 * h / 4 * k2[j];
      derivative (s->mu, y, k3);
      for (int j = 0; j < 2; j++)
        y[j] = x[j] + h * (2 * k1[j] + 3 * k2[j] + 4 * k3[j]) / 9;
      derivative (s->mu, y, k4);
      for (int j = 0; j < 2; j++)
        {
          z[j] = x[j] + h * (7 * k1[j] / 24 + k2[j] / 4 + k3[j] / 3 + k4[j] / 8);
          error = fmax (error, fabs (y[j] - z[j]) / (tolerance * (1 + fabs (x[j]))));
        }
      if (error <= 1)
        {
          x[0] = y[0];
          x[1] = y[1];
          done = last ? step : done + h;
          s->substeps++;
        }
      else
        s->rejected++;
      /* Third-order step control, bounded growth and shrinkage; the step to the
       * communication point does not shorten the next one. */
      if (!last || error > 1)
        s->h = h * fmin (4.0, fmax (0.2, 0.9 * pow (fmax (error, 1e-10), -1.0 / 3)));
    }
  s->x1 = x[0];
  s->x2 = x[1];
  return fmi2OK;
}

const FmuModel fmu_model = {
  .guid = "{54f57da2-7538-5d20-b2a9-54e3f8622ecb}",
  .category = FMU_CATEGORY_0A,
  .variables = variables,
  .n_variables = sizeof variables / sizeof variables[0],
  .state_size = sizeof (State),
  .can_get_and_set_state = true,
  .initialize = initialize,
  .do_step = do_step,
};
