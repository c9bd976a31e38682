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

/* The parameters whose defaults are Ptolemy II's: installed again under the same names, so that
 * a blank value, `hyco actors` and a saved file all see Ptolemy II's default. */
enum
{
  PROP_0,
  PROP_SOLVER,
  PROP_INITIAL_STEP,
  PROP_ERROR_TOLERANCE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
hyco_ptolemy_continuous_director_get_property (GObject *object, guint prop_id, GValue *value,
                                               GParamSpec *pspec)
{
  HycoContinuousDirector *director = HYCO_CONTINUOUS_DIRECTOR (object);

  switch (prop_id)
    {
    case PROP_SOLVER:
      g_value_set_string (value, director->solver_name);
      break;
    case PROP_INITIAL_STEP:
      g_value_set_string (value, director->initial_step_literal);
      break;
    case PROP_ERROR_TOLERANCE:
      g_value_set_double (value, director->error_tolerance);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
set_string (char **field, const GValue *value, GParamSpec *pspec)
{
  const char *text = g_value_get_string (value);

  g_free (*field);
  *field = g_strdup (text ? text : G_PARAM_SPEC_STRING (pspec)->default_value);
}

static void
hyco_ptolemy_continuous_director_set_property (GObject *object, guint prop_id,
                                               const GValue *value, GParamSpec *pspec)
{
  HycoContinuousDirector *director = HYCO_CONTINUOUS_DIRECTOR (object);

  switch (prop_id)
    {
    case PROP_SOLVER:
      set_string (&director->solver_name, value, pspec);
      break;
    case PROP_INITIAL_STEP:
      set_string (&director->initial_step_literal, value, pspec);
      break;
    case PROP_ERROR_TOLERANCE:
      director->error_tolerance = g_value_get_double (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }
  g_object_notify_by_pspec (object, pspec);
}

static void
hyco_ptolemy_continuous_director_class_init (HycoPtolemyContinuousDirectorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->get_property = hyco_ptolemy_continuous_director_get_property;
  object_class->set_property = hyco_ptolemy_continuous_director_set_property;

  /**
   * HycoPtolemyContinuousDirector:ODESolver:
   *
   * The solver: `ExplicitRK23Solver` (Bogacki-Shampine 2(3), Ptolemy II's default),
   * `ExplicitRK45Solver` (Cash-Karp 4(5), as in Ptolemy II), `DormandPrince`, or `CVODE`.
   */
  properties[PROP_SOLVER] = g_param_spec_string (
    "ODESolver", NULL,
    "ExplicitRK23Solver (Bogacki-Shampine), ExplicitRK45Solver (Cash-Karp), DormandPrince or "
    "CVODE (BDF, for stiff models)",
    "ExplicitRK23Solver", G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HycoPtolemyContinuousDirector:initStepSize:
   *
   * The first step tried, and the step after every zero-size step, in seconds.
   */
  properties[PROP_INITIAL_STEP] = hyco_param_spec_literal (
    "initStepSize", "First step tried, and after every zero step (s)", HYCO_PARAM_KIND_TIME,
    "0.1");
  /**
   * HycoPtolemyContinuousDirector:errorTolerance:
   *
   * The bound on each state's local error in a step, absolute: a step is accurate when every
   * state's error estimate is below it.
   */
  properties[PROP_ERROR_TOLERANCE] = g_param_spec_double (
    "errorTolerance", NULL, "Absolute local error bound per step", 0, G_MAXDOUBLE, 1e-4,
    G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
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
 * Creates a continuous-time director with the numerics of Ptolemy II's ContinuousDirector (its
 * solvers, step-size control and level-crossing event location), for models that must give Ptolemy
 * II's numbers.
 *
 * Returns: (transfer full): a new continuous-time director with Ptolemy II's numerics
 */
HycoDirector *
hyco_ptolemy_continuous_director_new (void)
{
  return g_object_new (HYCO_TYPE_PTOLEMY_CONTINUOUS_DIRECTOR, NULL);
}
