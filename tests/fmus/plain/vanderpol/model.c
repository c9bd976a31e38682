/* vanderpol: the Van der Pol oscillator, category 0A (plain FMI 2.0).
 *
 *   x1' = x2,  x2' = mu (1 - x1²) x2 - x1,  x1(0) = x1_0, x2(0) = x2_0
 *
 * Each doStep integrates with classic RK4 in equal substeps of at most `substep` seconds, so
 * the result depends only on the communication points. Variables (value references): mu 0
 * (tunable), x1_0 1, x2_0 2, substep 3, outputs x1 4, x2 5. canGetAndSetFMUstate: the FMU
 * actor's rollback tests use it.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "fmu-runtime.h"

#include <math.h>

typedef struct
{
  double mu, x1_0, x2_0, substep;
  double x1, x2;
} State;

enum
{
  MU,
  X1_0,
  X2_0,
  SUBSTEP,
  X1,
  X2
};

static const FmuVariable variables[] = {
  [MU] = FMU_VARIABLE ("mu", FMU_REAL, FMU_PARAMETER, FMU_TUNABLE, State, mu, 1.0),
  [X1_0] = FMU_VARIABLE ("x1_0", FMU_REAL, FMU_PARAMETER, FMU_FIXED, State, x1_0, 2.0),
  [X2_0] = FMU_VARIABLE ("x2_0", FMU_REAL, FMU_PARAMETER, FMU_FIXED, State, x2_0, 0.0),
  [SUBSTEP] = FMU_VARIABLE ("substep", FMU_REAL, FMU_PARAMETER, FMU_FIXED, State, substep, 1e-3),
  [X1] = FMU_VARIABLE ("x1", FMU_REAL, FMU_OUTPUT, FMU_FIXED, State, x1, 0.0),
  [X2] = FMU_VARIABLE ("x2", FMU_REAL, FMU_OUTPUT, FMU_FIXED, State, x2, 0.0),
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

  if (!(s->substep > 0))
    return fmu_error (fmu, "substep must be positive, not %g", s->substep);
  s->x1 = s->x1_0;
  s->x2 = s->x2_0;
  return fmi2OK;
}

static fmi2Status
do_step (FmuInstance *fmu, double step, double *performed)
{
  State *s = FMU_STATE (fmu, State);
  const int n = (int) ceil (step / s->substep);
  const double h = step / n;
  double x[2] = { s->x1, s->x2 };

  for (int i = 0; i < n; i++)
    {
      double k1[2], k2[2], k3[2], k4[2], y[2];

      derivative (s->mu, x, k1);
      for (int j = 0; j < 2; j++)
        y[j] = x[j] + h / 2 * k1[j];
      derivative (s->mu, y, k2);
      for (int j = 0; j < 2; j++)
        y[j] = x[j] + h / 2 * k2[j];
      derivative (s->mu, y, k3);
      for (int j = 0; j < 2; j++)
        y[j] = x[j] + h * k3[j];
      derivative (s->mu, y, k4);
      for (int j = 0; j < 2; j++)
        x[j] += h / 6 * (k1[j] + 2 * k2[j] + 2 * k3[j] + k4[j]);
    }
  s->x1 = x[0];
  s->x2 = x[1];
  return fmi2OK;
}

const FmuModel fmu_model = {
  .guid = "{7349a916-e227-50c7-8c58-d84fbe981215}",
  .category = FMU_CATEGORY_0A,
  .variables = variables,
  .n_variables = sizeof variables / sizeof variables[0],
  .state_size = sizeof (State),
  .can_get_and_set_state = true,
  .initialize = initialize,
  .do_step = do_step,
};
