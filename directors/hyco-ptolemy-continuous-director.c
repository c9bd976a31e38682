/* hyco-ptolemy-continuous-director.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-ptolemy-continuous-director.h"
#include "hyco-continuous-director-private.h"

/**
 * HycoPtolemyContinuousDirector:
 *
 * The continuous director a model from Ptolemy II gets (`ptolemy.domains.continuous.kernel.
 * ContinuousDirector`): the same engine as #HycoContinuousDirector, with Ptolemy II's numerics
 * and defaults, so that the values Ptolemy II's own test models record at every integration
 * step, to 1e-9, come out the same. It differs in exactly these points:
 *
 * - Defaults: `ODESolver` ExplicitRK23Solver (Bogacki-Shampine 2(3)), `initStepSize` 0.1,
 *   `errorTolerance` 1e-4 (an absolute bound on each state's local error in a step).
 * - `ExplicitRK45Solver` is Cash-Karp 4(5), as in Ptolemy II, not Dormand-Prince
 *   (`DormandPrince` still names that one).
 * - A step is accurate when every state's error estimate is strictly below the tolerance;
 *   otherwise it is retried with half its size, or the smaller size a level-crossing detector
 *   asks for. After an accurate step the next one is five times as long (ten times without
 *   states), within maxStepSize, the next request and the stop time: no error-based growth.
 * - Every zero-size step (the start, a microstep) restarts the step size at initStepSize.
 * - A step that ends at a time with a pending firing request, or at the stop time, is followed
 *   by a zero-size step at the next microstep even when the request was for the step's end:
 *   Ptolemy II's breakpoints are times, and it always handles them with a step of size zero.
 * - No extra microstep after discrete events: #HycoContinuousDirector fires one more microstep,
 *   where the events are absent again, to restart integration from the final values (which
 *   makes its compositions exact); Ptolemy II restarts from the values at the last microstep
 *   fired, so its tests record no such firing.
 */

struct _HycoPtolemyContinuousDirector
{
  HycoContinuousDirector parent_instance;
};

G_DEFINE_FINAL_TYPE (HycoPtolemyContinuousDirector, hyco_ptolemy_continuous_director,
                     HYCO_TYPE_CONTINUOUS_DIRECTOR)

static void
hyco_ptolemy_continuous_director_class_init (HycoPtolemyContinuousDirectorClass *klass)
{
}

static void
hyco_ptolemy_continuous_director_init (HycoPtolemyContinuousDirector *self)
{
  HycoContinuousDirector *director = HYCO_CONTINUOUS_DIRECTOR (self);

  /* Ptolemy II's defaults, which its model files leave out. */
  director->ptolemy = TRUE;
  g_free (director->solver_name);
  director->solver_name = g_strdup ("ExplicitRK23Solver");
  g_free (director->initial_step_literal);
  director->initial_step_literal = g_strdup ("0.1");
  director->error_tolerance = 1e-4;
}

/**
 * hyco_ptolemy_continuous_director_new:
 *
 * Returns: (transfer full): a new continuous-time director with Ptolemy II's numerics
 */
HycoDirector *
hyco_ptolemy_continuous_director_new (void)
{
  return g_object_new (HYCO_TYPE_PTOLEMY_CONTINUOUS_DIRECTOR, NULL);
}
