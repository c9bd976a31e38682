/* vanderpol3: the Van der Pol oscillator as an FMI 3.0 co-simulation FMU, the twin of the FMI
 * 2.0 `vanderpol` (same equations, same RK4 in equal substeps of at most `substep` seconds, so
 * that both give the same values at the same communication points): what bench/bench-fmu
 * compares FMI 3.0's overhead per step with FMI 2.0's on. No events.
 * Variables: mu 0 (tunable), x1_0 1, x2_0 2, substep 3 (fixed), outputs x1 4, x2 5.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "fmu3-runtime.h"

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

static const Fmu3Variable variables[] = {
  [MU] = { .name = "mu", .type = FMU3_FLOAT64, .causality = FMU3_PARAMETER, .tunable = true,
           .offset = offsetof (State, mu), .size = sizeof (double), .count = 1, .size_of = -1 },
  [X1_0] = FMU3_VARIABLE ("x1_0", FMU3_FLOAT64, FMU3_PARAMETER, State, x1_0),
  [X2_0] = FMU3_VARIABLE ("x2_0", FMU3_FLOAT64, FMU3_PARAMETER, State, x2_0),
  [SUBSTEP] = FMU3_VARIABLE ("substep", FMU3_FLOAT64, FMU3_PARAMETER, State, substep),
  [X1] = FMU3_VARIABLE ("x1", FMU3_FLOAT64, FMU3_OUTPUT, State, x1),
  [X2] = FMU3_VARIABLE ("x2", FMU3_FLOAT64, FMU3_OUTPUT, State, x2),
};

static const State start = { .mu = 1, .x1_0 = 2, .x2_0 = 0, .substep = 1e-3 };

static void
derivative (double mu, const double x[2], double dx[2])
{
  dx[0] = x[1];
  dx[1] = mu * (1 - x[0] * x[0]) * x[1] - x[0];
}

static fmi3Status
initialize (Fmu3Instance *fmu)
{
  State *s = FMU3_STATE (fmu, State);

  if (!(s->substep > 0))
    return fmu3_error (fmu, "substep must be positive, not %g", s->substep);
  s->x1 = s->x1_0;
  s->x2 = s->x2_0;
  return fmi3OK;
}

static fmi3Status
do_step (Fmu3Instance *fmu, double end, Fmu3StepResult *result)
{
  State *s = FMU3_STATE (fmu, State);
  const double step = end - fmu->time;
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
  fmu->time = end;
  return fmi3OK;
}

const Fmu3Model fmu3_model = {
  .token = "{3f6a9c21-5d8e-4b17-a2c4-8e1f0b7d6a39}",
  .variables = variables,
  .n_variables = sizeof variables / sizeof variables[0],
  .state_size = sizeof (State),
  .start = &start,
  .initialize = initialize,
  .do_step = do_step,
};
