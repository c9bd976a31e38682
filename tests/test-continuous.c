/* test-continuous.c: the continuous director and the continuous actors (SEMANTICS.md sections
 * 2, 4 and 5; seed components 3.4, 3.7-3.10).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "test-support.h"
#include "hyco-continuous-director-private.h"

#include <math.h>
#include <string.h>

static HycoContinuousDirector *
director_of (HycoCompositeActor *top)
{
  return HYCO_CONTINUOUS_DIRECTOR (hyco_composite_actor_get_director (top));
}

/* The value a recorder saw at a tag; fails if it saw none. */
static double
recorded_at (HycoRecorder *recorder, const char *time, guint64 microstep)
{
  HycoTag wanted = test_tag (time, microstep);

  for (guint i = 0; i < hyco_recorder_get_count (recorder); i++)
    {
      HycoTag tag;
      hyco_recorder_get_tag (recorder, i, &tag);
      if (hyco_tag_equal (&tag, &wanted))
        return hyco_value_get_double (hyco_recorder_get_value (recorder, i));
    }
  g_error ("nothing recorded at (%s, %" G_GUINT64_FORMAT ")", time, microstep);
  return NAN;
}

/* y' = y, y(0) = 1 over one second with a fixed step h: the error at t = 1. */
static double
exponential_error (const char *solver, const char *step)
{
  g_autoptr (HycoCompositeActor) top = test_continuous_top_new ("1");
  HycoActor *integral = test_add_new (top, "Integrator", "Integral");
  HycoActor *recorder = test_add_new (top, "Recorder", "Recorder");
  HycoDirector *director = hyco_composite_actor_get_director (top);
  g_autoptr (HycoModel) model = NULL;

  test_set (director, "ODESolver", solver);
  test_set (director, "initStepSize", step);
  test_set (director, "maxStepSize", step);
  /* Tolerances that never reject: the step stays fixed. */
  test_set (director, "relativeTolerance", "1");
  test_set (director, "absoluteTolerance", "1e300");
  test_set (integral, "initialState", "1");
  test_connect (top, integral, "state", integral, "derivative");
  test_connect (top, integral, "state", recorder, "input");
  model = test_run_ok (top);
  g_assert_cmpuint (hyco_continuous_director_get_rejected_step_count (director_of (top)), ==, 0);
  return fabs (recorded_at (HYCO_RECORDER (recorder), "1", 0) - exp (1.0));
}

/* An actor with two states, x' = v and v' = -x (x = cos t from x = 1, v = 0), through the
 * array forms of #HycoContinuousState; it outputs x. */
#define TEST_TYPE_OSCILLATOR (test_oscillator_get_type ())
G_DECLARE_FINAL_TYPE (TestOscillator, test_oscillator, TEST, OSCILLATOR, HycoActor)

struct _TestOscillator
{
  HycoActor parent_instance;
  double committed[2], tentative[2];
  double nominal;
  double later_nominal; /* from t = 1 on, when positive (the director told so) */
};

static guint
oscillator_n_states (HycoContinuousState *state)
{
  return 2;
}

static void
oscillator_get_states (HycoContinuousState *state, double *x)
{
  memcpy (x, TEST_OSCILLATOR (state)->committed, sizeof (double) * 2);
}

static void
oscillator_set_tentative_states (HycoContinuousState *state, const double *x)
{
  memcpy (TEST_OSCILLATOR (state)->tentative, x, sizeof (double) * 2);
}

static void
oscillator_get_derivatives (HycoContinuousState *state, double *dx)
{
  TestOscillator *self = TEST_OSCILLATOR (state);

  dx[0] = self->tentative[1];
  dx[1] = -self->tentative[0];
}

static void
oscillator_get_nominals (HycoContinuousState *state, double *nominals)
{
  nominals[0] = nominals[1] = TEST_OSCILLATOR (state)->nominal;
}

static void
oscillator_state_init (HycoContinuousStateInterface *iface)
{
  iface->get_n_states = oscillator_n_states;
  iface->get_states = oscillator_get_states;
  iface->set_tentative_states = oscillator_set_tentative_states;
  iface->get_derivatives = oscillator_get_derivatives;
  iface->get_nominals = oscillator_get_nominals;
}

G_DEFINE_FINAL_TYPE_WITH_CODE (TestOscillator, test_oscillator, HYCO_TYPE_ACTOR,
                               G_IMPLEMENT_INTERFACE (HYCO_TYPE_CONTINUOUS_STATE,
                                                      oscillator_state_init))

static gboolean
oscillator_initialize (HycoActor *actor, GError **error)
{
  TestOscillator *self = TEST_OSCILLATOR (actor);

  self->committed[0] = self->tentative[0] = 1;
  self->committed[1] = self->tentative[1] = 0;
  return TRUE;
}

static gboolean
oscillator_fire (HycoActor *actor, GError **error)
{
  hyco_port_send_double (hyco_actor_get_port (actor, "x"), 0,
                         TEST_OSCILLATOR (actor)->tentative[0]);
  return TRUE;
}

static gboolean
oscillator_postfire (HycoActor *actor, GError **error)
{
  TestOscillator *self = TEST_OSCILLATOR (actor);

  HycoTag now;

  memcpy (self->committed, self->tentative, sizeof self->committed);
  hyco_actor_get_current_tag (actor, &now);
  if (self->later_nominal > 0 && self->nominal != self->later_nominal
      && hyco_time_to_seconds (now.time, hyco_actor_get_resolution (actor)) >= 1)
    {
      self->nominal = self->later_nominal;
      hyco_continuous_stateful_director_states_changed (
        HYCO_CONTINUOUS_STATEFUL_DIRECTOR (hyco_actor_get_executive_director (actor)));
    }
  return TRUE;
}

static void
test_oscillator_class_init (TestOscillatorClass *klass)
{
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  actor_class->initialize = oscillator_initialize;
  actor_class->fire = oscillator_fire;
  actor_class->postfire = oscillator_postfire;
  hyco_actor_class_add_port (actor_class, "x", HYCO_PORT_OUTPUT, "the first state");
}

static void
test_oscillator_init (TestOscillator *self)
{
  self->nominal = 1;
}

/* Several states in one actor, integrated with an integrator's (y' = x, so y = sin t) by each
 * solver: the array forms at their offsets, x = cos t and y = sin t to the tolerance. */
static void
test_several_states (gconstpointer solver)
{
  g_autoptr (HycoCompositeActor) top = test_continuous_top_new ("2");
  HycoActor *oscillator = g_object_new (TEST_TYPE_OSCILLATOR, "name", "Oscillator", NULL);
  HycoActor *integral = test_add_new (top, "Integrator", "Integral");
  HycoActor *x = test_add_new (top, "Recorder", "X");
  HycoActor *y = test_add_new (top, "Recorder", "Y");
  HycoDirector *director = hyco_composite_actor_get_director (top);
  g_autoptr (HycoModel) model = NULL;
  double states[2];

  test_add (top, oscillator);
  test_set (director, "ODESolver", solver);
  test_set (director, "relativeTolerance", "1e-8");
  test_set (director, "absoluteTolerance", "1e-10");
  test_connect (top, oscillator, "x", integral, "derivative");
  test_connect (top, oscillator, "x", x, "input");
  test_connect (top, integral, "state", y, "input");
  model = test_run_ok (top);
  g_assert_cmpfloat_with_epsilon (recorded_at (HYCO_RECORDER (x), "2", 0), cos (2.0), 1e-5);
  g_assert_cmpfloat_with_epsilon (recorded_at (HYCO_RECORDER (y), "2", 0), sin (2.0), 1e-5);
  g_assert_cmpuint (hyco_continuous_state_get_n_states (HYCO_CONTINUOUS_STATE (oscillator)), ==, 2);
  hyco_continuous_state_get_states (HYCO_CONTINUOUS_STATE (oscillator), states);
  g_assert_cmpfloat_with_epsilon (states[1], -sin (2.0), 1e-5);
  g_assert_cmpfloat_with_epsilon (
    hyco_continuous_state_get_state (HYCO_CONTINUOUS_STATE (integral)), sin (2.0), 1e-5);
}

/* Accepted steps under an absolute tolerance scaled by the states' nominal. */
static guint64
oscillator_steps_changing (const char *solver, double nominal, double later)
{
  g_autoptr (HycoCompositeActor) top = test_continuous_top_new ("2");
  HycoActor *oscillator = g_object_new (TEST_TYPE_OSCILLATOR, "name", "Oscillator", NULL);
  HycoDirector *director = hyco_composite_actor_get_director (top);
  g_autoptr (HycoModel) model = NULL;
  double states[2];

  TEST_OSCILLATOR (oscillator)->nominal = nominal;
  TEST_OSCILLATOR (oscillator)->later_nominal = later;
  test_add (top, oscillator);
  test_set (director, "ODESolver", solver);
  test_set (director, "errorTolerance", "1e-9");
  model = test_run_ok (top);
  hyco_continuous_state_get_states (HYCO_CONTINUOUS_STATE (oscillator), states);
  g_assert_cmpfloat_with_epsilon (states[0], cos (2.0), 1e-3);
  return hyco_continuous_director_get_step_count (director_of (top));
}

/* Nominals that change during the run (an actor tells the director its states changed): the
 * tolerances follow, for each solver. */
static void
test_nominals_change (gconstpointer solver)
{
  guint64 fixed = oscillator_steps_changing (solver, 1, 0);
  guint64 loosened = oscillator_steps_changing (solver, 1, 1e4);

  g_test_message ("%s: steps with nominal 1: %" G_GUINT64_FORMAT
                  ", 1e4 from t = 1: %" G_GUINT64_FORMAT,
                  (const char *) solver, fixed, loosened);
  g_assert_cmpuint (loosened, <, fixed);
}

static guint64
oscillator_steps (double nominal)
{
  g_autoptr (HycoCompositeActor) top = test_continuous_top_new ("2");
  HycoActor *oscillator = g_object_new (TEST_TYPE_OSCILLATOR, "name", "Oscillator", NULL);
  HycoDirector *director = hyco_composite_actor_get_director (top);
  g_autoptr (HycoModel) model = NULL;

  TEST_OSCILLATOR (oscillator)->nominal = nominal;
  test_add (top, oscillator);
  test_set (director, "errorTolerance", "1e-9");
  model = test_run_ok (top);
  return hyco_continuous_director_get_step_count (director_of (top));
}

/* Nominals scale the absolute tolerance: large nominals allow larger steps. */
static void
test_nominals (void)
{
  guint64 unit = oscillator_steps (1), large = oscillator_steps (1e4);

  g_test_message ("steps with nominal 1: %" G_GUINT64_FORMAT ", with 1e4: %" G_GUINT64_FORMAT, unit,
                  large);
  g_assert_cmpuint (large, <, unit);
}

/* The global error falls as h^3 (Bogacki-Shampine) and h^5 (Dormand-Prince). */
static void
test_solver_order (void)
{
  struct
  {
    const char *solver;
    int order;
    const char *coarse, *fine;
  } cases[] = {
    { "ExplicitRK23Solver", 3, "0.1", "0.05" },
    { "ExplicitRK45Solver", 5, "0.1", "0.05" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      double coarse = exponential_error (cases[i].solver, cases[i].coarse);
      double fine = exponential_error (cases[i].solver, cases[i].fine);
      double observed = log2 (coarse / fine);
      g_test_message ("%s: errors %g and %g, observed order %.2f", cases[i].solver, coarse, fine,
                      observed);
      g_assert_cmpfloat (fabs (observed - cases[i].order), <, 0.3);
    }
}

/* With tolerances, the error control keeps the result accurate. */
static void
test_error_control (void)
{
  g_autoptr (HycoCompositeActor) top = test_continuous_top_new ("2");
  HycoActor *integral = test_add_new (top, "Integrator", "Integral");
  HycoActor *recorder = test_add_new (top, "Recorder", "Recorder");
  HycoDirector *director = hyco_composite_actor_get_director (top);
  g_autoptr (HycoModel) model = NULL;

  test_set (director, "initStepSize", "1");
  test_set (integral, "initialState", "1");
  test_connect (top, integral, "state", integral, "derivative");
  test_connect (top, integral, "state", recorder, "input");
  model = test_run_ok (top);
  g_assert_cmpfloat (fabs (recorded_at (HYCO_RECORDER (recorder), "2", 0) - exp (2.0)), <,
                     1e-5 * exp (2.0));
  /* An initial step of 1 s is too coarse: it was rejected and refined. */
  g_assert_cmpuint (hyco_continuous_director_get_rejected_step_count (director_of (top)), >, 0);
}

/* Steps land exactly on fire_at requests (breakpoints), at microstep 0, then the request is
 * served at its own microstep. */
static void
test_breakpoints (void)
{
  g_autoptr (HycoCompositeActor) top = test_continuous_top_new ("1");
  HycoTag tags[] = { test_tag ("0.3", 1), test_tag ("0.7", 2) };
  HycoActor *emitter = test_emitter_new ("E", tags, 2);
  HycoActor *one = test_add_new (top, "Const", "One");
  HycoActor *integral = test_add_new (top, "Integrator", "Integral");
  HycoActor *recorder = test_add_new (top, "Recorder", "Recorder");
  HycoActor *log = test_log_new ("Log");
  g_autoptr (HycoModel) model = NULL;

  test_add (top, emitter);
  test_add (top, log);
  test_set (one, "value", "1.0");
  test_connect (top, one, "output", integral, "derivative");
  test_connect (top, integral, "state", recorder, "input");
  test_connect (top, emitter, "output", log, "input");
  model = test_run_ok (top);
  g_assert_cmpfloat_with_epsilon (recorded_at (HYCO_RECORDER (recorder), "0.3", 0), 0.3, 1e-12);
  g_assert_cmpfloat_with_epsilon (recorded_at (HYCO_RECORDER (recorder), "0.3", 1), 0.3, 1e-12);
  g_assert_cmpfloat_with_epsilon (recorded_at (HYCO_RECORDER (recorder), "0.7", 2), 0.7, 1e-12);
  g_assert_cmpuint (test_log_count (TEST_LOG (log)), ==, 2);
  g_assert_cmpint (test_log_tag (TEST_LOG (log), 1).microstep, ==, 2);
}

/* A step refined to locate a zero crossing leaves no trace: actors are postfired once per
 * committed tag, and the recorder sees no tag of a rejected attempt. */
static void
test_rollback_leaves_no_trace (void)
{
  g_autoptr (HycoCompositeActor) top = test_continuous_top_new ("0.95");
  HycoActor *one = test_add_new (top, "Const", "One");
  HycoActor *integral = test_add_new (top, "Integrator", "Integral");
  HycoActor *offset = test_add_new (top, "Const", "Offset");
  HycoActor *sum = test_add_new (top, "Adder", "Sum");
  HycoActor *crossing = test_add_new (top, "ZeroCrossingDetector", "Crossing");
  HycoActor *recorder = test_add_new (top, "Recorder", "Recorder");
  HycoActor *log = test_log_new ("Log");
  HycoDirector *director = hyco_composite_actor_get_director (top);
  g_autoptr (HycoModel) model = NULL;
  HycoTag previous = { -1, 0 };

  test_add (top, log);
  test_set (director, "maxStepSize", "0.5");
  test_set (one, "value", "1.0");
  test_set (offset, "value", "-0.6");
  test_connect (top, one, "output", integral, "derivative");
  test_connect (top, integral, "state", sum, "input");
  test_connect (top, offset, "output", sum, "input");
  test_connect (top, sum, "output", crossing, "trigger");
  test_connect (top, integral, "state", recorder, "input");
  test_connect (top, crossing, "output", log, "input");
  model = test_run_ok (top);
  g_assert_cmpuint (hyco_continuous_director_get_rejected_step_count (director_of (top)), >, 0);
  g_assert_cmpuint (test_log_postfires (TEST_LOG (log)), ==,
                    hyco_model_get_iteration_count (model));
  g_assert_cmpuint (hyco_recorder_get_count (HYCO_RECORDER (recorder)), ==,
                    hyco_model_get_iteration_count (model));
  for (guint i = 0; i < hyco_recorder_get_count (HYCO_RECORDER (recorder)); i++)
    {
      HycoTag tag;
      hyco_recorder_get_tag (HYCO_RECORDER (recorder), i, &tag);
      g_assert_cmpint (hyco_tag_compare (&previous, &tag), <, 0);
      previous = tag;
    }
  /* The crossing at 0.6 is emitted at (t, 1) with t within the tolerance of 0.6. */
  g_assert_cmpuint (test_log_count (TEST_LOG (log)), ==, 1);
  g_assert_cmpuint (test_log_tag (TEST_LOG (log), 0).microstep, ==, 1);
  g_assert_cmpfloat (fabs ((double) test_log_tag (TEST_LOG (log), 0).time * 1e-9 - 0.6), <, 1e-4);
}

/* Component 3.4: the old value at (kp, 0), the new one from (kp, 1). */
static void
test_periodic_piecewise_constant (void)
{
  g_autoptr (HycoCompositeActor) top = test_continuous_top_new ("2");
  HycoActor *square = test_add_new (top, "PeriodicPiecewiseConstant", "Square");
  HycoActor *recorder = test_add_new (top, "Recorder", "Recorder");
  g_autoptr (HycoModel) model = NULL;

  test_set (square, "a", "3");
  test_set (square, "b", "5");
  test_set (square, "period", "0.5");
  test_connect (top, square, "output", recorder, "input");
  model = test_run_ok (top);
  g_assert_cmpfloat (recorded_at (HYCO_RECORDER (recorder), "0", 0), ==, 3);
  g_assert_cmpfloat (recorded_at (HYCO_RECORDER (recorder), "0.5", 0), ==, 3);
  g_assert_cmpfloat (recorded_at (HYCO_RECORDER (recorder), "0.5", 1), ==, 5);
  g_assert_cmpfloat (recorded_at (HYCO_RECORDER (recorder), "1", 0), ==, 5);
  g_assert_cmpfloat (recorded_at (HYCO_RECORDER (recorder), "1", 1), ==, 3);
  g_assert_cmpfloat (recorded_at (HYCO_RECORDER (recorder), "1.5", 1), ==, 5);
}

/* Component 3.10: absent before the first event, then the last value, from the event's tag. */
static void
test_zero_order_hold (void)
{
  g_autoptr (HycoCompositeActor) top = test_continuous_top_new ("1");
  HycoActor *clock = test_add_new (top, "DiscreteClock", "Clock");
  HycoActor *ramp = test_add_new (top, "Ramp", "Ramp");
  HycoActor *hold = test_add_new (top, "ZeroOrderHold", "Hold");
  HycoActor *recorder = test_add_new (top, "Recorder", "Recorder");
  HycoTag first;
  g_autoptr (HycoModel) model = NULL;

  test_set (clock, "period", "0.4");
  test_set (clock, "offset", "0.2");
  test_connect (top, clock, "output", ramp, "trigger");
  test_connect (top, ramp, "output", hold, "input");
  test_connect (top, hold, "output", recorder, "input");
  model = test_run_ok (top);
  hyco_recorder_get_tag (HYCO_RECORDER (recorder), 0, &first);
  g_assert_cmpint (first.time, ==, 200000000);
  g_assert_cmpuint (first.microstep, ==, 1);
  g_assert_cmpfloat (recorded_at (HYCO_RECORDER (recorder), "0.6", 0), ==, 0);
  g_assert_cmpfloat (recorded_at (HYCO_RECORDER (recorder), "0.6", 1), ==, 1);
  g_assert_cmpfloat (recorded_at (HYCO_RECORDER (recorder), "1", 0), ==, 1);
  g_assert_cmpfloat (recorded_at (HYCO_RECORDER (recorder), "1", 1), ==, 2);
}

/* Component 3.9 across microsteps: a jump through the level at one time is an event at the
 * microstep of the jump; a rising-only detector ignores falling ones. */
static void
test_crossing_across_microsteps (void)
{
  for (int rising_only = 0; rising_only < 2; rising_only++)
    {
      g_autoptr (HycoCompositeActor) top = test_continuous_top_new ("2.5");
      HycoActor *square = test_add_new (top, "PeriodicPiecewiseConstant", "Square");
      HycoActor *crossing = test_add_new (top, "ZeroCrossingDetector", "Crossing");
      HycoActor *log = test_log_new ("Log");
      g_autoptr (HycoModel) model = NULL;

      test_add (top, log);
      if (rising_only)
        test_set (crossing, "direction", "rising");
      test_set (crossing, "value", "7");
      test_connect (top, square, "output", crossing, "trigger");
      test_connect (top, crossing, "output", log, "input");
      model = test_run_ok (top);
      /* 1 -> -1 at (1, 1) falls; -1 -> 1 at (2, 1) rises. */
      g_assert_cmpuint (test_log_count (TEST_LOG (log)), ==, rising_only ? 1 : 2);
      g_assert_cmpint (test_log_tag (TEST_LOG (log), 0).time, ==,
                       rising_only ? 2000000000 : 1000000000);
      g_assert_cmpuint (test_log_tag (TEST_LOG (log), 0).microstep, ==, 1);
      g_assert_cmpint (test_log_value (TEST_LOG (log), 0), ==, 7);
    }
}

/* Component 3.9's corner case: x = (t - 1)^2 touches zero at t = 1 without crossing. The
 * detector sees the dip inside a step, refines the step to its bottom, and emits at (1, 1);
 * a detector watching rising crossings only does not. */
static void
test_touch_without_crossing (void)
{
  for (int rising_only = 0; rising_only < 2; rising_only++)
    {
      g_autoptr (HycoCompositeActor) top = test_continuous_top_new ("3");
      HycoActor *slope = test_add_new (top, "ContinuousRamp", "Slope");
      HycoActor *square = test_add_new (top, "Integrator", "Square");
      HycoActor *crossing = test_add_new (top, "ZeroCrossingDetector", "Crossing");
      HycoActor *log = test_log_new ("Log");
      g_autoptr (HycoModel) model = NULL;

      test_add (top, log);
      test_set (slope, "initialValue", "-2");
      test_set (slope, "rate", "2");
      test_set (square, "initialState", "1");
      test_set (crossing, "errorTolerance", "1e-9");
      if (rising_only)
        test_set (crossing, "direction", "rising");
      test_connect (top, slope, "output", square, "derivative");
      test_connect (top, square, "state", crossing, "trigger");
      test_connect (top, crossing, "output", log, "input");
      model = test_run_ok (top);
      g_assert_cmpuint (test_log_count (TEST_LOG (log)), ==, rising_only ? 0 : 1);
      if (!rising_only)
        {
          g_assert_cmpint (llabs (test_log_tag (TEST_LOG (log), 0).time - 1000000000), <, 1000);
          g_assert_cmpuint (test_log_tag (TEST_LOG (log), 0).microstep, ==, 1);
        }
    }
}

/* Component 3.7's variants: a loop through a non-strict integrator (variants 1 and 2) is
 * fine; through the strict variant 3 alone it is a real zero-delay loop. */
static void
test_integrator_variants (void)
{
  for (guint variant = 1; variant <= 3; variant++)
    {
      g_autoptr (HycoCompositeActor) top = test_continuous_top_new ("1");
      HycoActor *integral = test_add_new (top, "Integrator", "Integral");
      g_autoptr (HycoModel) model = NULL;
      g_autoptr (GError) error = NULL;
      g_autofree char *text = g_strdup_printf ("%u", variant);

      test_set (integral, "variant", text);
      test_connect (top, integral, "state", integral, "derivative");
      model = hyco_model_new (top);
      if (variant < 3)
        {
          g_assert_true (hyco_model_prepare (model, &error));
          g_assert_no_error (error);
        }
      else
        {
          g_assert_false (hyco_model_prepare (model, &error));
          g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_CAUSALITY);
          g_assert_nonnull (strstr (error->message, "Integral.state"));
        }
    }
}

static void
test_parameter_errors (void)
{
  struct
  {
    const char *name, *value, *expected;
  } cases[] = {
    { "ODESolver", "Euler", "ODESolver" },
    { "initStepSize", "0", "initStepSize" },
    { "maxStepSize", "-1", "maxStepSize" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (HycoCompositeActor) top = test_continuous_top_new ("1");
      g_autoptr (HycoModel) model = NULL;
      g_autoptr (GError) error = NULL;
      test_set (hyco_composite_actor_get_director (top), cases[i].name, cases[i].value);
      model = hyco_model_new (top);
      g_assert_false (hyco_model_prepare (model, &error));
      g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_PARAMETER);
      g_assert_nonnull (strstr (error->message, cases[i].expected));
    }
}

/* DE and SR composites inside a continuous model: their time events are breakpoints, their
 * outputs cross up at their own tags, and continuous inputs reach them at every step. */
static void
test_discrete_inside (void)
{
  g_autoptr (HycoCompositeActor) top = test_continuous_top_new ("1");
  HycoCompositeActor *de = test_composite_new (top, "DE", TRUE);
  HycoCompositeActor *sr = test_sr_composite_new (top, "SR", "0");
  HycoTag tags[] = { test_tag ("0.3", 1) };
  HycoActor *emitter = test_emitter_new ("E", tags, 1);
  HycoActor *one = test_add_new (top, "Const", "One");
  HycoActor *integral = test_add_new (top, "Integrator", "Integral");
  HycoActor *doubler = g_object_new (hyco_registry_lookup ("Gain"), "name", "Doubler", NULL);
  HycoActor *recorder = test_add_new (top, "Recorder", "Recorder");
  HycoActor *log = test_log_new ("Log");
  HycoPort *de_out = test_port (HYCO_ACTOR (de), "out", HYCO_PORT_OUTPUT);
  HycoPort *sr_in = test_port (HYCO_ACTOR (sr), "in", HYCO_PORT_INPUT);
  HycoPort *sr_out = test_port (HYCO_ACTOR (sr), "out", HYCO_PORT_OUTPUT);
  g_autoptr (HycoModel) model = NULL;
  g_autoptr (GError) error = NULL;

  test_add (de, emitter);
  g_assert_true (hyco_composite_actor_connect_ports (de, hyco_actor_get_port (emitter, "output"),
                                                     de_out, &error));
  test_set (doubler, "factor", "2.0");
  test_add (sr, doubler);
  g_assert_true (
    hyco_composite_actor_connect_ports (sr, sr_in, hyco_actor_get_port (doubler, "input"), &error));
  g_assert_true (hyco_composite_actor_connect_ports (sr, hyco_actor_get_port (doubler, "output"),
                                                     sr_out, &error));
  test_add (top, log);
  test_set (one, "value", "1.0");
  test_connect (top, one, "output", integral, "derivative");
  test_connect (top, integral, "state", HYCO_ACTOR (sr), "in");
  test_connect (top, HYCO_ACTOR (sr), "out", recorder, "input");
  test_connect (top, HYCO_ACTOR (de), "out", log, "input");
  model = test_run_ok (top);
  g_assert_cmpuint (test_log_count (TEST_LOG (log)), ==, 1);
  g_assert_cmpint (test_log_tag (TEST_LOG (log), 0).time, ==, 300000000);
  g_assert_cmpuint (test_log_tag (TEST_LOG (log), 0).microstep, ==, 1);
  /* The SR composite doubles the ramp at every committed tag, including the breakpoint. */
  g_assert_cmpfloat_with_epsilon (recorded_at (HYCO_RECORDER (recorder), "0.3", 0), 0.6, 1e-12);
  g_assert_cmpfloat_with_epsilon (recorded_at (HYCO_RECORDER (recorder), "1", 0), 2.0, 1e-12);
}

/* A continuous composite inside DE: it steps ahead only as far as it can be accurate, the DE
 * level fires it at those step ends and at every tag of its own (its outputs are continuous),
 * and discrete inputs reach it at their tags. u steps 1, 2, 3 at t = 0, 1, 2 through a
 * zero-order hold into an integrator: y = t on [0, 1], 1 + 2 (t - 1) on [1, 2]. */
static void
test_inside_de (gconstpointer solver)
{
  g_autoptr (HycoCompositeActor) top = test_top_new ("2");
  HycoCompositeActor *plant = hyco_composite_actor_new ("Plant");
  g_autoptr (HycoDirector) director = hyco_continuous_director_new ();
  HycoActor *hold = g_object_new (hyco_registry_lookup ("ZeroOrderHold"), "name", "Hold", NULL);
  HycoActor *integral
    = g_object_new (hyco_registry_lookup ("Integrator"), "name", "Integral", NULL);
  HycoActor *clock = test_add_new (top, "DiscreteClock", "Clock");
  HycoActor *steps = test_add_new (top, "Ramp", "Steps");
  HycoActor *sampling = test_add_new (top, "DiscreteClock", "Sampling");
  HycoActor *sampler = test_add_new (top, "Sampler", "Sampler");
  HycoActor *recorder = test_add_new (top, "Recorder", "Recorder");
  HycoPort *u, *y;
  g_autoptr (HycoModel) model = NULL;
  g_autoptr (GError) error = NULL;

  test_set (director, "ODESolver", solver);
  hyco_composite_actor_set_director (plant, director);
  test_add (top, HYCO_ACTOR (plant));
  u = test_port (HYCO_ACTOR (plant), "u", HYCO_PORT_INPUT);
  y = test_port (HYCO_ACTOR (plant), "y", HYCO_PORT_OUTPUT);
  test_add (plant, hold);
  test_add (plant, integral);
  g_assert_true (
    hyco_composite_actor_connect_ports (plant, u, hyco_actor_get_port (hold, "input"), &error));
  test_connect (plant, hold, "output", integral, "derivative");
  g_assert_true (
    hyco_composite_actor_connect_ports (plant, hyco_actor_get_port (integral, "state"), y, &error));
  test_set (steps, "init", "1.0");
  test_set (sampling, "period", "0.25");
  test_connect (top, clock, "output", steps, "trigger");
  test_connect (top, steps, "output", HYCO_ACTOR (plant), "u");
  test_connect (top, HYCO_ACTOR (plant), "y", sampler, "input");
  test_connect (top, sampling, "output", sampler, "trigger");
  test_connect (top, sampler, "output", recorder, "input");
  model = test_run_ok (top);
  g_assert_cmpuint (hyco_recorder_get_count (HYCO_RECORDER (recorder)), ==, 9);
  g_assert_cmpfloat_with_epsilon (recorded_at (HYCO_RECORDER (recorder), "0.25", 1), 0.25, 1e-9);
  g_assert_cmpfloat_with_epsilon (recorded_at (HYCO_RECORDER (recorder), "1", 1), 1.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (recorded_at (HYCO_RECORDER (recorder), "1.5", 1), 2.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (recorded_at (HYCO_RECORDER (recorder), "2", 1), 3.0, 1e-9);
  g_assert_cmpuint (hyco_continuous_director_get_step_count (HYCO_CONTINUOUS_DIRECTOR (director)),
                    >, 0);
}

/* A zero crossing inside a continuous composite in DE is located by refining the step planned
 * ahead, and its event crosses up at (t, 1). */
static void
test_crossing_inside_de (void)
{
  g_autoptr (HycoCompositeActor) top = test_top_new ("1");
  HycoCompositeActor *plant = hyco_composite_actor_new ("Plant");
  g_autoptr (HycoDirector) director = hyco_continuous_director_new ();
  HycoActor *one = g_object_new (hyco_registry_lookup ("Const"), "name", "One", NULL);
  HycoActor *integral
    = g_object_new (hyco_registry_lookup ("Integrator"), "name", "Integral", NULL);
  HycoActor *crossing
    = g_object_new (hyco_registry_lookup ("ZeroCrossingDetector"), "name", "Crossing", NULL);
  HycoActor *log = test_log_new ("Log");
  HycoPort *event;
  g_autoptr (HycoModel) model = NULL;
  g_autoptr (GError) error = NULL;

  hyco_composite_actor_set_director (plant, director);
  test_add (top, HYCO_ACTOR (plant));
  event = test_port (HYCO_ACTOR (plant), "event", HYCO_PORT_OUTPUT);
  test_add (plant, one);
  test_add (plant, integral);
  test_add (plant, crossing);
  test_set (one, "value", "1.0");
  test_set (integral, "initialState", "-0.4");
  test_set (crossing, "errorTolerance", "1e-9");
  test_connect (plant, one, "output", integral, "derivative");
  test_connect (plant, integral, "state", crossing, "trigger");
  g_assert_true (hyco_composite_actor_connect_ports (
    plant, hyco_actor_get_port (crossing, "output"), event, &error));
  test_add (top, log);
  test_connect (top, HYCO_ACTOR (plant), "event", log, "input");
  model = test_run_ok (top);
  g_assert_cmpuint (test_log_count (TEST_LOG (log)), ==, 1);
  g_assert_cmpint (test_log_tag (TEST_LOG (log), 0).time, ==, 400000000);
  g_assert_cmpuint (test_log_tag (TEST_LOG (log), 0).microstep, ==, 1);
}

/* Continuous inside continuous shares one solver: the outer director integrates the inner
 * composite's states too (the inner one takes no step of its own), so the inner integrator's
 * error enters the outer step control. The outer integrates what the inner integrates:
 * y = t^2 / 2 from the inner y' = t. */
static void
test_inside_continuous (void)
{
  g_autoptr (HycoCompositeActor) top = test_continuous_top_new ("2");
  HycoCompositeActor *inner = hyco_composite_actor_new ("Inner");
  g_autoptr (HycoDirector) director = hyco_continuous_director_new ();
  HycoActor *one = g_object_new (hyco_registry_lookup ("Const"), "name", "One", NULL);
  HycoActor *ramp = g_object_new (hyco_registry_lookup ("Integrator"), "name", "Ramp", NULL);
  HycoActor *outer = test_add_new (top, "Integrator", "Outer");
  HycoActor *recorder = test_add_new (top, "Recorder", "Recorder");
  HycoPort *out;
  g_autoptr (HycoModel) model = NULL;
  g_autoptr (GError) error = NULL;

  hyco_composite_actor_set_director (inner, director);
  test_add (top, HYCO_ACTOR (inner));
  out = test_port (HYCO_ACTOR (inner), "out", HYCO_PORT_OUTPUT);
  test_add (inner, one);
  test_add (inner, ramp);
  test_set (one, "value", "1.0");
  test_connect (inner, one, "output", ramp, "derivative");
  g_assert_true (
    hyco_composite_actor_connect_ports (inner, hyco_actor_get_port (ramp, "state"), out, &error));
  test_connect (top, HYCO_ACTOR (inner), "out", outer, "derivative");
  test_connect (top, outer, "state", recorder, "input");
  model = test_run_ok (top);
  g_assert_cmpfloat_with_epsilon (recorded_at (HYCO_RECORDER (recorder), "2", 0), 2.0, 1e-6);
  g_assert_cmpuint (hyco_continuous_director_get_step_count (HYCO_CONTINUOUS_DIRECTOR (director)),
                    ==, 0);
  g_assert_cmpuint (hyco_continuous_director_get_step_count (director_of (top)), >, 0);
}

/* Runs an example model with parameter overrides; returns the last value its Recorder named
 * Samples saw, and the number of steps. */
static double
run_example (const char *name, const char *const *settings, guint64 *steps)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "models", name, NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoModel) model = hyco_model_new_from_file (path, &error);
  HycoRecorder *samples;
  HycoDirector *director;

  g_assert_no_error (error);
  for (guint i = 0; settings[i]; i += 2)
    {
      hyco_model_set_parameter (model, settings[i], settings[i + 1], &error);
      g_assert_no_error (error);
    }
  hyco_model_run (model, NULL, &error);
  g_assert_no_error (error);
  samples = HYCO_RECORDER (hyco_model_lookup_actor (model, "Samples"));
  director = hyco_composite_actor_get_director (hyco_model_get_toplevel (model));
  *steps = hyco_continuous_director_get_step_count (HYCO_CONTINUOUS_DIRECTOR (director));
  return hyco_value_get_double (
    hyco_recorder_get_value (samples, hyco_recorder_get_count (samples) - 1));
}

/* Van der Pol with mu = 1 against a reference at a tight tolerance. */
static void
test_van_der_pol (void)
{
  const char *normal[] = { NULL };
  const char *tight[]
    = { "director.relativeTolerance", "1e-12", "director.absoluteTolerance", "1e-12", NULL };
  guint64 steps, reference_steps;
  double value = run_example ("van-der-pol.xml", normal, &steps);
  double reference = run_example ("van-der-pol.xml", tight, &reference_steps);

  g_test_message ("x1(20) = %.12g in %" G_GUINT64_FORMAT
                  " steps, reference %.12g in %" G_GUINT64_FORMAT,
                  value, steps, reference, reference_steps);
  g_assert_cmpfloat (fabs (value - reference), <, 1e-5);
  g_assert_cmpuint (steps, <, reference_steps);
}

/* The stiff variant: CVODE takes far fewer steps than Dormand-Prince for the same answer. */
static void
test_stiff (void)
{
  const char *cvode[] = { "director.stopTime", "10", NULL };
  const char *explicit_rk[]
    = { "director.stopTime", "10", "director.ODESolver", "ExplicitRK45Solver", NULL };
  guint64 cvode_steps, rk_steps;
  double by_cvode = run_example ("van-der-pol-stiff.xml", cvode, &cvode_steps);
  double by_rk = run_example ("van-der-pol-stiff.xml", explicit_rk, &rk_steps);

  g_test_message ("CVODE %" G_GUINT64_FORMAT " steps, Dormand-Prince %" G_GUINT64_FORMAT,
                  cvode_steps, rk_steps);
  g_assert_cmpuint (cvode_steps * 20, <, rk_steps);
  g_assert_cmpfloat (fabs (by_cvode - by_rk), <, 1e-4);
}

/* y' = y, y(0) = 1 to t = 2 with @tolerance as Ptolemy II's errorTolerance (NULL: Hyco's own
 * tolerances): the steps taken, and the error at t = 2. */
static guint64
exponential_steps (const char *tolerance, double *error_at_2)
{
  g_autoptr (HycoCompositeActor) top = test_continuous_top_new ("2");
  HycoActor *integral = test_add_new (top, "Integrator", "Integral");
  HycoActor *recorder = test_add_new (top, "Recorder", "Recorder");
  HycoDirector *director = hyco_composite_actor_get_director (top);
  g_autoptr (HycoModel) model = NULL;

  if (tolerance != NULL)
    test_set (director, "errorTolerance", tolerance);
  test_set (integral, "initialState", "1");
  test_connect (top, integral, "state", integral, "derivative");
  test_connect (top, integral, "state", recorder, "input");
  model = test_run_ok (top);
  *error_at_2 = fabs (recorded_at (HYCO_RECORDER (recorder), "2", 0) - exp (2.0));
  return hyco_continuous_director_get_step_count (director_of (top));
}

/* errorTolerance, Ptolemy II's absolute bound on each state's local error, replaces Hyco's
 * relative and absolute tolerances when given: 1e-4 takes fewer, coarser steps than the
 * defaults, 1e-12 more, finer ones; each stays within its bound per step. */
static void
test_error_tolerance (void)
{
  double coarse_error, default_error, fine_error;
  guint64 coarse = exponential_steps ("1e-4", &coarse_error);
  guint64 by_default = exponential_steps (NULL, &default_error);
  guint64 fine = exponential_steps ("1e-12", &fine_error);

  g_assert_cmpuint (coarse, <, by_default);
  g_assert_cmpuint (by_default, <, fine);
  g_assert_cmpfloat (coarse_error, >, default_error);
  g_assert_cmpfloat (fine_error, <, default_error);
  g_assert_cmpfloat (coarse_error, <, 1e-4 * coarse);
}

/* startTime: integration starts there, from the initial state: x' = 1 from t = 1 is 1 at t = 2
 * (Ptolemy II's Continuous parameters set as its models do). */
static void
test_start_time (void)
{
  g_autoptr (HycoCompositeActor) top = test_continuous_top_new ("2");
  HycoActor *one = test_add_new (top, "Const", "One");
  HycoActor *integral = test_add_new (top, "Integrator", "Integral");
  HycoActor *recorder = test_add_new (top, "Recorder", "Recorder");
  HycoDirector *director = hyco_composite_actor_get_director (top);
  g_autoptr (HycoModel) model = NULL;
  HycoTag first;

  test_set (director, "startTime", "1");
  test_set (director, "initStepSize", "0.1");
  test_set (director, "maxStepSize", "1.0");
  test_set (director, "maxIterations", "20");
  test_set (director, "minStepSize", "1.0E-5");
  test_set (director, "valueResolution", "1.0E-6");
  test_set (director, "runAheadLength", "0.1");
  test_set (director, "synchronizeToRealTime", "false");
  test_set (one, "value", "1.0");
  test_connect (top, one, "output", integral, "derivative");
  test_connect (top, integral, "state", recorder, "input");
  model = test_run_ok (top);
  hyco_recorder_get_tag (HYCO_RECORDER (recorder), 0, &first);
  g_assert_cmpint (first.time, ==, test_tag ("1", 0).time);
  g_assert_cmpuint (first.microstep, ==, 0);
  g_assert_cmpfloat_with_epsilon (recorded_at (HYCO_RECORDER (recorder), "1", 0), 0, 1e-12);
  g_assert_cmpfloat_with_epsilon (recorded_at (HYCO_RECORDER (recorder), "2", 0), 1, 1e-12);
}

/* A top level under the director a Ptolemy II model gets. */
static HycoCompositeActor *
ptolemy_top_new (const char *stop_time)
{
  HycoCompositeActor *top = hyco_composite_actor_new ("top");
  g_autoptr (HycoDirector) director = hyco_ptolemy_continuous_director_new ();

  test_set (director, "stopTime", stop_time);
  hyco_composite_actor_set_director (top, director);
  return top;
}

/* The tags a recorder saw, as "t/m t/m ..." with times in seconds. */
static char *
recorded_tags (HycoRecorder *recorder)
{
  GString *tags = g_string_new (NULL);

  for (guint i = 0; i < hyco_recorder_get_count (recorder); i++)
    {
      HycoTag tag;
      g_autofree char *time = NULL;
      hyco_recorder_get_tag (recorder, i, &tag);
      time = hyco_time_to_string (tag.time, -9);
      g_string_append_printf (tags, "%s%s/%" G_GUINT64_FORMAT, i ? " " : "", time, tag.microstep);
    }
  return g_string_free (tags, FALSE);
}

/* Ptolemy II's defaults and names: the file's class name gets them, ContinuousDirector keeps
 * Hyco's. */
static void
test_ptolemy_defaults (void)
{
  g_autoptr (HycoDirector) ptolemy = hyco_ptolemy_continuous_director_new ();
  g_autoptr (HycoDirector) hyco = hyco_continuous_director_new ();
  g_autofree char *solver = NULL, *init_step = NULL, *hyco_solver = NULL, *hyco_step = NULL;
  double tolerance, hyco_tolerance;

  g_object_get (ptolemy, "ODESolver", &solver, "initStepSize", &init_step, "errorTolerance",
                &tolerance, NULL);
  g_object_get (hyco, "ODESolver", &hyco_solver, "initStepSize", &hyco_step, "errorTolerance",
                &hyco_tolerance, NULL);
  g_assert_cmpstr (solver, ==, "ExplicitRK23Solver");
  g_assert_cmpstr (init_step, ==, "0.1");
  /* The parameters' declared defaults too: what a blank value, a saved file and `hyco actors`
   * go by. */
  g_assert_true (hyco_param_is_default (
    G_OBJECT (ptolemy),
    g_object_class_find_property (G_OBJECT_GET_CLASS (ptolemy), "initStepSize")));
  g_assert_true (hyco_param_is_default (
    G_OBJECT (ptolemy),
    g_object_class_find_property (G_OBJECT_GET_CLASS (ptolemy), "errorTolerance")));
  g_assert_cmpfloat (tolerance, ==, 1e-4);
  g_assert_cmpstr (hyco_solver, ==, "ExplicitRK45Solver");
  g_assert_cmpstr (hyco_step, ==, "0.001");
  g_assert_cmpfloat (hyco_tolerance, ==, 0);
  g_assert_true (g_type_is_a (hyco_registry_lookup ("ptolemy.domains.continuous.kernel."
                                                    "ContinuousDirector"),
                              HYCO_TYPE_PTOLEMY_CONTINUOUS_DIRECTOR));
  g_assert_true (hyco_registry_lookup ("ContinuousDirector") == HYCO_TYPE_CONTINUOUS_DIRECTOR);
}

/* x' = 1 under Ptolemy II's numerics: the first step is initStepSize, each accurate step is
 * followed by one five times as long, within maxStepSize (1 s), the stop time cuts the last and is
 * followed by a zero step at the next microstep. The Const's request for the start is the first
 * firing, (0, 0), and no microstep follows it. */
static void
test_ptolemy_steps (void)
{
  g_autoptr (HycoCompositeActor) top = ptolemy_top_new ("5");
  HycoActor *one = test_add_new (top, "Const", "One");
  HycoActor *integral = test_add_new (top, "Integrator", "Integral");
  HycoActor *recorder = test_add_new (top, "Recorder", "Recorder");
  g_autoptr (HycoModel) model = NULL;
  g_autofree char *tags = NULL;

  test_set (one, "value", "1.0");
  test_connect (top, one, "output", integral, "derivative");
  test_connect (top, integral, "state", recorder, "input");
  model = test_run_ok (top);
  tags = recorded_tags (HYCO_RECORDER (recorder));
  g_assert_cmpstr (tags, ==, "0/0 0.1/0 0.6/0 1.6/0 2.6/0 3.6/0 4.6/0 5/0 5/1");
  g_assert_cmpfloat_with_epsilon (recorded_at (HYCO_RECORDER (recorder), "3.6", 0), 3.6, 1e-12);
}

/* Without states each step is ten times the last, within maxStepSize; a request (a clock's
 * tick at 1.5) ends a step and is followed by a zero step, after which the steps start again
 * from initStepSize. */
static void
test_ptolemy_breakpoint (void)
{
  g_autoptr (HycoCompositeActor) top = ptolemy_top_new ("3");
  HycoActor *clock = test_add_new (top, "DiscreteClock", "Clock");
  HycoActor *time = test_add_new (top, "CurrentTime", "Time");
  HycoActor *recorder = test_add_new (top, "Recorder", "Recorder");
  g_autoptr (HycoModel) model = NULL;
  g_autofree char *tags = NULL;

  test_set (clock, "period", "10");
  test_set (clock, "offsets", "{1.5}");
  test_connect (top, time, "output", recorder, "input");
  model = test_run_ok (top);
  tags = recorded_tags (HYCO_RECORDER (recorder));
  g_assert_cmpstr (tags, ==, "0/0 0.1/0 1.1/0 1.5/0 1.5/1 1.6/0 2.6/0 3/0 3/1");
}

/* Ptolemy II's ExplicitRK45Solver is Cash-Karp: fifth order, and not Dormand-Prince's
 * numbers. */
static void
test_ptolemy_cash_karp (void)
{
  double errors[2], dormand_prince = exponential_error ("ExplicitRK45Solver", "0.1");

  for (guint i = 0; i < 2; i++)
    {
      g_autoptr (HycoCompositeActor) top = ptolemy_top_new ("1");
      HycoActor *integral = test_add_new (top, "Integrator", "Integral");
      HycoActor *recorder = test_add_new (top, "Recorder", "Recorder");
      HycoDirector *director = hyco_composite_actor_get_director (top);
      g_autoptr (HycoModel) model = NULL;

      test_set (director, "ODESolver", "ExplicitRK45Solver");
      test_set (director, "initStepSize", i == 0 ? "0.1" : "0.05");
      test_set (director, "maxStepSize", i == 0 ? "0.1" : "0.05");
      test_set (director, "errorTolerance", "1e300");
      test_set (integral, "initialState", "1");
      test_connect (top, integral, "state", integral, "derivative");
      test_connect (top, integral, "state", recorder, "input");
      model = test_run_ok (top);
      errors[i] = fabs (recorded_at (HYCO_RECORDER (recorder), "1", 0) - exp (1.0));
    }
  g_assert_cmpfloat (errors[0] / errors[1], >, 24);
  g_assert_cmpfloat (errors[0] / errors[1], <, 40);
  g_assert_cmpfloat (fabs (errors[0] - dormand_prince), >, 1e-9);
}

/* Ptolemy II's own models that record a value at every integration step, to 1e-9, pass. */
static void
test_ptolemy_models (void)
{
  static const char *const models[] = {
    "continuous/Integration2.xml",
    "continuous/IntegratorImpulse2.xml",
    "continuous/ComparedClocks.xml",
    "continuous/ContinuousWithinContinuous7.xml",
    "continuous/ContinuousInDEwithNoPorts.xml",
    "continuous/ContinuousClock.xml",
    "continuous/Modal1.xml",
  };
  g_autofree char *root
    = g_test_build_filename (G_TEST_DIST, "..", "..", "shared", "ptolemy", "models", NULL);

  if (!g_file_test (root, G_FILE_TEST_IS_DIR))
    {
      g_test_skip ("no Ptolemy II models in ../shared/ptolemy/models");
      return;
    }
  for (guint i = 0; i < G_N_ELEMENTS (models); i++)
    {
      g_autofree char *path = g_build_filename (root, models[i], NULL);
      g_autoptr (GError) error = NULL;
      g_autoptr (HycoModel) model = hyco_model_new_from_file (path, &error);
      g_test_message ("%s", models[i]);
      g_assert_no_error (error);
      hyco_model_run (model, NULL, &error);
      g_assert_no_error (error);
    }
}

/* @text with every @from replaced by @to, which must occur. */
static char *
replaced (const char *text, const char *from, const char *to)
{
  g_auto (GStrv) parts = g_strsplit (text, from, -1);

  g_assert_cmpuint (g_strv_length (parts), >, 1);
  return g_strjoinv (to, parts);
}

static void
run_text (const char *text, gboolean passes, const char *expected)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoModel) model = hyco_model_new_from_data (text, -1, "crossing.xml", &error);
  HycoCompositeActor *modal;
  HycoFSMActor *controller;

  g_assert_no_error (error);
  if (!passes)
    {
      g_assert_false (hyco_model_run (model, NULL, &error));
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, expected));
      return;
    }
  hyco_model_run (model, NULL, &error);
  g_assert_no_error (error);
  modal = HYCO_COMPOSITE_ACTOR (
    hyco_composite_actor_get_actor (hyco_model_get_toplevel (model), "ModalModel"));
  controller = HYCO_FSM_ACTOR (hyco_composite_actor_get_actor (modal, "_Controller"));
  g_assert_cmpstr (hyco_fsm_actor_get_current_state (controller), ==, expected);
}

/* Under Ptolemy II's continuous director a guard over a continuous signal is a level crossing
 * measured in the values it compares (tests/models/ptolemy-continuous-guard-crossing.xml,
 * whose Test actor checks every tag and value): `x == 1.0` holds within errorTolerance, its
 * level crossed between two steps is found although the guard is false at both, and the step
 * is refined by linear interpolation to end half a tolerance past it, at 1.00005. `>=` lands
 * there too. With a tolerance of 0.01, the crossing is at 1.005 instead. A guard that can
 * never hold (`x == 1.0 && false`) still has the step refined at its comparison's level, as
 * Ptolemy II's relations do, but leaves the machine in Rise: the Test actor then objects at
 * the first value Fall would have produced, at (1.00005, 1). */
static void
test_ptolemy_guard_crossing (void)
{
  g_autofree char *path
    = g_test_build_filename (G_TEST_DIST, "models", "ptolemy-continuous-guard-crossing.xml", NULL);
  g_autofree char *text = NULL;
  g_autofree char *at_least = NULL;
  g_autofree char *tolerant = NULL;
  g_autofree char *tolerant_values = NULL;
  g_autofree char *tolerant_tags = NULL;
  g_autofree char *never = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  run_text (text, TRUE, "Fall");

  at_least = replaced (text, "value=\"x == 1.0\"", "value=\"x &gt;= 1.0\"");
  run_text (at_least, TRUE, "Fall");

  tolerant = replaced (text,
                       "<property name=\"stopTime\" class=\"ptolemy.data.expr.Parameter\" "
                       "value=\"1.5\">",
                       "<property name=\"errorTolerance\" value=\"0.01\"/>"
                       "<property name=\"stopTime\" class=\"ptolemy.data.expr.Parameter\" "
                       "value=\"1.5\">");
  tolerant_values = replaced (tolerant, "1.00005, 5.0, 5.0, 4.9, 4.50005, 4.50005",
                              "1.005, 5.0, 5.0, 4.9, 4.505, 4.505");
  tolerant_tags
    = replaced (tolerant_values, "(1.00005, 0), (1.00005, 1), (1.00005, 2), (1.10005, 0)",
                "(1.005, 0), (1.005, 1), (1.005, 2), (1.105, 0)");
  run_text (tolerant_tags, TRUE, "Fall");

  never = replaced (text, "value=\"x == 1.0\"", "value=\"x == 1.0 &amp;&amp; false\"");
  run_text (never, FALSE, "expected 5.0 at (1.00005, 1), received 1.5 at (1.5, 0)");
}

/* A rod of @n cells under CVODE (dT_i/dt = 100 (T_i-1 - 2 T_i + T_i+1)), with @linear_solver,
 * and, when @far_link, the middle cell also heated by cell 0: a dependence half the Jacobian
 * away from its diagonal. The linear solver chosen, and the middle cell's temperature at the end.
 */
static HycoCvodeLinearSolver
heat_rod (guint n, const char *linear_solver, gboolean far_link, double *middle)
{
  g_autoptr (HycoCompositeActor) top = test_continuous_top_new ("0.05");
  g_autoptr (HycoModel) model = NULL;
  HycoDirector *director = hyco_composite_actor_get_director (top);
  g_autoptr (GPtrArray) cells = g_ptr_array_new ();
  g_autoptr (GPtrArray) sums = g_ptr_array_new ();
  HycoActor *recorder = test_add_new (top, "Recorder", "Middle");

  test_set (director, "ODESolver", "CVODE");
  test_set (director, "linearSolver", linear_solver);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *cell_name = g_strdup_printf ("T%u", i);
      g_autofree char *twice_name = g_strdup_printf ("Twice%u", i);
      g_autofree char *sum_name = g_strdup_printf ("Sum%u", i);
      g_autofree char *k_name = g_strdup_printf ("K%u", i);
      HycoActor *cell = test_add_new (top, "Integrator", cell_name);
      HycoActor *twice = test_add_new (top, "Gain", twice_name);
      HycoActor *sum = test_add_new (top, "AddSubtract", sum_name);
      HycoActor *k = test_add_new (top, "Gain", k_name);

      test_set (cell, "initialState", i < n / 2 ? "1" : "0");
      test_set (twice, "factor", "2");
      test_set (k, "factor", "100");
      test_connect (top, cell, "state", twice, "input");
      test_connect (top, twice, "output", sum, "minus");
      test_connect (top, sum, "output", k, "input");
      test_connect (top, k, "output", cell, "derivative");
      g_ptr_array_add (cells, cell);
      g_ptr_array_add (sums, sum);
    }
  for (guint i = 0; i < n; i++)
    {
      if (i > 0)
        test_connect (top, cells->pdata[i - 1], "state", sums->pdata[i], "plus");
      if (i + 1 < n)
        test_connect (top, cells->pdata[i + 1], "state", sums->pdata[i], "plus");
    }
  if (far_link)
    test_connect (top, cells->pdata[0], "state", sums->pdata[n / 2], "plus");
  test_connect (top, cells->pdata[n / 2], "state", recorder, "input");
  model = test_run_ok (top);
  *middle = hyco_value_get_double (hyco_recorder_get_value (
    HYCO_RECORDER (recorder), hyco_recorder_get_count (HYCO_RECORDER (recorder)) - 1));
  return _hyco_cvode_get_linear_solver (director_of (top)->cvode);
}

/* CVODE's linear solver: a chain of local couplings gets the band solver, found by probing the
 * model, with the dense solver's results; a dependence far from the diagonal (the middle cell
 * on cell 0) is found by the check of the probes and gets the dense solver; a band asked for
 * where the dependences are not banded still gives the same results. */
static void
test_cvode_linear_solver (void)
{
  double dense, band, far_dense, far_auto, far_band;

  g_assert_cmpint (heat_rod (40, "auto", FALSE, &band), ==, HYCO_CVODE_LINEAR_SOLVER_BAND);
  g_assert_cmpint (heat_rod (40, "dense", FALSE, &dense), ==, HYCO_CVODE_LINEAR_SOLVER_DENSE);
  g_test_message ("middle cell: band %.12g, dense %.12g", band, dense);
  g_assert_cmpfloat (fabs (band - dense), <, 1e-6);
  g_assert_cmpfloat (band, >, 0.05);
  g_assert_cmpfloat (band, <, 0.95);

  g_assert_cmpint (heat_rod (40, "auto", TRUE, &far_auto), ==, HYCO_CVODE_LINEAR_SOLVER_DENSE);
  g_assert_cmpint (heat_rod (40, "dense", TRUE, &far_dense), ==, HYCO_CVODE_LINEAR_SOLVER_DENSE);
  g_assert_cmpint (heat_rod (40, "band", TRUE, &far_band), ==, HYCO_CVODE_LINEAR_SOLVER_BAND);
  g_assert_cmpfloat (fabs (far_auto - far_dense), <, 1e-12);
  g_assert_cmpfloat (fabs (far_band - far_dense), <, 1e-6);
  g_assert_cmpfloat (fabs (far_dense - dense), >, 1e-6);
}

/* A linear solver Hyco does not have is refused, naming it. */
static void
test_cvode_linear_solver_unknown (void)
{
  g_autoptr (HycoCompositeActor) top = test_continuous_top_new ("1");
  g_autoptr (HycoModel) model = NULL;
  g_autoptr (GError) error = NULL;
  HycoActor *integral = test_add_new (top, "Integrator", "Integral");

  test_set (hyco_composite_actor_get_director (top), "linearSolver", "sparse");
  test_connect (top, integral, "state", integral, "derivative");
  model = hyco_model_new (top);
  g_assert_false (hyco_model_prepare (model, &error));
  g_assert_nonnull (strstr (error->message, "linearSolver"));
  g_assert_nonnull (strstr (error->message, "no linear solver named \"sparse\""));
}

/* CurrentTime into a Recorder under @solver, to 1 s: what the Recorder saw, tag by tag. */
static char *
record_time_without_states (const char *solver)
{
  g_autoptr (HycoCompositeActor) top = test_continuous_top_new ("1");
  g_autoptr (HycoModel) model = NULL;
  g_autoptr (GError) error = NULL;
  HycoActor *now = test_add_new (top, "CurrentTime", "Now");
  HycoActor *recorder = test_add_new (top, "Recorder", "Seen");
  GString *seen = g_string_new (NULL);

  test_set (hyco_composite_actor_get_director (top), "ODESolver", solver);
  test_connect (top, now, "output", recorder, "input");
  model = hyco_model_new (top);
  g_assert_true (hyco_model_run (model, NULL, &error));
  g_assert_no_error (error);
  for (guint i = 0; i < hyco_recorder_get_count (HYCO_RECORDER (recorder)); i++)
    {
      HycoTag tag;
      g_autofree char *when = NULL;

      hyco_recorder_get_tag (HYCO_RECORDER (recorder), i, &tag);
      when = hyco_tag_to_string (&tag, HYCO_DEFAULT_RESOLUTION);
      g_string_append_printf (
        seen, "%s %.17g; ", when,
        hyco_value_get_double (hyco_recorder_get_value (HYCO_RECORDER (recorder), i)));
    }
  return g_string_free (seen, FALSE);
}

/* CVODE with no state to integrate steps the model as the one-step methods do (it stepped at
 * time 0 forever). */
static void
test_cvode_without_states (void)
{
  g_autofree char *cvode = record_time_without_states ("CVODE");
  g_autofree char *rk23 = record_time_without_states ("ExplicitRK23Solver");

  g_assert_cmpstr (cvode, ==, rk23);
  g_assert_true (g_str_has_suffix (cvode, "(1, 0) 1; "));
}

#define REFINEMENTS_INSIDE_CONTINUOUS                                                              \
  "<entity name='top' class='ptolemy.actor.TypedCompositeActor'>"                                  \
  "<property name='Continuous Director' "                                                          \
  "class='ptolemy.domains.continuous.kernel.ContinuousDirector'><property name='stopTime' "        \
  "value='15.0'/></property>"                                                                      \
  "<entity name='Switch' class='ptolemy.domains.continuous.lib.DiscreteClock'>"                    \
  "<property name='period' value='5.0'/><property name='offsets' value='{0.0}'/>"                  \
  "<property name='values' value='{1}'/></entity>"                                                 \
  "<entity name='M' class='ptolemy.domains.modal.modal.ModalModel'>"                               \
  "<port name='in' class='ptolemy.domains.modal.modal.ModalPort'><property name='input'/>"         \
  "</port>"                                                                                        \
  "<port name='out' class='ptolemy.domains.modal.modal.ModalPort'>"                                \
  "<property name='output'/></port>"                                                               \
  "<port name='ramp' class='ptolemy.domains.modal.modal.ModalPort'>"                               \
  "<property name='output'/></port>"                                                               \
  "<entity name='_Controller' class='ptolemy.domains.modal.modal.ModalController'>"                \
  "<port name='in' class='ptolemy.domains.modal.modal.RefinementPort'>"                            \
  "<property name='input'/></port>"                                                                \
  "<port name='out' class='ptolemy.domains.modal.modal.RefinementPort'>"                           \
  "<property name='input'/><property name='output'/></port>"                                       \
  "<port name='ramp' class='ptolemy.domains.modal.modal.RefinementPort'>"                          \
  "<property name='input'/><property name='output'/></port>"                                       \
  "<entity name='a' class='ptolemy.domains.modal.kernel.State'>"                                   \
  "<property name='refinementName' value='A'/>"                                                    \
  "<property name='isInitialState' value='true'/></entity>"                                        \
  "<entity name='b' class='ptolemy.domains.modal.kernel.State'>"                                   \
  "<property name='refinementName' value='B'/></entity>"                                           \
  "<relation name='ab' class='ptolemy.domains.modal.kernel.Transition'>"                           \
  "<property name='guardExpression' value='in_isPresent'/></relation>"                             \
  "<relation name='ba' class='ptolemy.domains.modal.kernel.Transition'>"                           \
  "<property name='guardExpression' value='in_isPresent'/></relation>"                             \
  "<link port='a.outgoingPort' relation='ab'/><link port='b.incomingPort' relation='ab'/>"         \
  "<link port='b.outgoingPort' relation='ba'/><link port='a.incomingPort' relation='ba'/>"         \
  "</entity>"                                                                                      \
  "<entity name='A' class='ptolemy.domains.modal.modal.Refinement'>"                               \
  "<property name='Continuous Director' "                                                          \
  "class='ptolemy.domains.continuous.kernel.ContinuousDirector'/>"                                 \
  "<port name='in' class='ptolemy.domains.modal.modal.RefinementPort'>"                            \
  "<property name='input'/></port>"                                                                \
  "<port name='out' class='ptolemy.domains.modal.modal.RefinementPort'>"                           \
  "<property name='output'/></port>"                                                               \
  "<port name='ramp' class='ptolemy.domains.modal.modal.RefinementPort'>"                          \
  "<property name='output'/></port>"                                                               \
  "<entity name='Clock' class='ptolemy.domains.continuous.lib.DiscreteClock'>"                     \
  "<property name='period' value='2.0'/><property name='offsets' value='{0.0}'/>"                  \
  "<property name='values' value='{1.0}'/></entity>"                                               \
  "<relation name='o'/><link port='out' relation='o'/>"                                            \
  "<link port='Clock.output' relation='o'/>"                                                       \
  "</entity>"                                                                                      \
  "<entity name='B' class='ptolemy.domains.modal.modal.Refinement'>"                               \
  "<property name='Continuous Director' "                                                          \
  "class='ptolemy.domains.continuous.kernel.ContinuousDirector'/>"                                 \
  "<port name='in' class='ptolemy.domains.modal.modal.RefinementPort'>"                            \
  "<property name='input'/></port>"                                                                \
  "<port name='out' class='ptolemy.domains.modal.modal.RefinementPort'>"                           \
  "<property name='output'/></port>"                                                               \
  "<port name='ramp' class='ptolemy.domains.modal.modal.RefinementPort'>"                          \
  "<property name='output'/></port>"                                                               \
  "<entity name='Clock' class='ptolemy.domains.continuous.lib.DiscreteClock'>"                     \
  "<property name='period' value='3.0'/><property name='offsets' value='{0.0}'/>"                  \
  "<property name='values' value='{2.0}'/></entity>"                                               \
  "<entity name='One' class='ptolemy.actor.lib.Const'/>"                                           \
  "<entity name='Ramp' class='ptolemy.domains.continuous.lib.Integrator'/>"                        \
  "<relation name='o'/><relation name='d'/><relation name='r'/>"                                   \
  "<link port='out' relation='o'/><link port='Clock.output' relation='o'/>"                        \
  "<link port='One.output' relation='d'/><link port='Ramp.derivative' relation='d'/>"              \
  "<link port='Ramp.state' relation='r'/><link port='ramp' relation='r'/>"                         \
  "</entity>"                                                                                      \
  "<relation name='inR'/><relation name='outR'/><relation name='rampR'/>"                          \
  "<link port='in' relation='inR'/><link port='_Controller.in' relation='inR'/>"                   \
  "<link port='A.in' relation='inR'/><link port='B.in' relation='inR'/>"                           \
  "<link port='out' relation='outR'/><link port='_Controller.out' relation='outR'/>"               \
  "<link port='A.out' relation='outR'/><link port='B.out' relation='outR'/>"                       \
  "<link port='ramp' relation='rampR'/><link port='_Controller.ramp' relation='rampR'/>"           \
  "<link port='A.ramp' relation='rampR'/><link port='B.ramp' relation='rampR'/>"                   \
  "</entity>"                                                                                      \
  "<entity name='Outs' class='Recorder'/><entity name='Ramps' class='Recorder'/>"                  \
  "<relation name='s'/><relation name='o'/><relation name='r'/>"                                   \
  "<link port='Switch.output' relation='s'/><link port='M.in' relation='s'/>"                      \
  "<link port='M.out' relation='o'/><link port='Outs.input' relation='o'/>"                        \
  "<link port='M.ramp' relation='r'/><link port='Ramps.input' relation='r'/>"                      \
  "</entity>"

/* Continuous refinements in a continuous model under Ptolemy II's directors (the structure of
 * ptII's continuous/ContinuousInContinuous at revision 8b65dc4, whose NonStrictTests expect
 * exactly these tags and values): Switch, a continuous DiscreteClock, fires at (5k, 1) and
 * toggles between A (an event 1 every 2 s) and B (an event 2 every 3 s, and a ramp). A's event
 * at time 0 comes before the switch (both at microstep 1, A's refinement first), B entered at
 * (0, 1) runs at (0, 2) and, its director resumed, at (0, 3). A refinement's time stands still
 * while it is inactive: A, left at 0 and entered again at 5, has its next events at 7 and 9 (2
 * and 4 of its own time), B, left at 5 and entered again at 10, at 11 and 14, and the ramp
 * holds 5 from 5 to 10. (The copy in ../shared, of 8.0.beta, expects 6, 8 and 10 instead:
 * refinements then kept no time of their own.) */
static void
test_ptolemy_refinements_inside_continuous (void)
{
  static const char *const ramp_tags[]
    = { "0 2",    "0 3",    "0.1 0",  "1.1 0", "2 0",  "2 1",    "2.1 0",  "3 0",  "3 1",
        "3.1 0",  "4.1 0",  "5 0",    "5 1",   "10 2", "10 3",   "10.1 0", "11 0", "11 1",
        "11.1 0", "12.1 0", "13.1 0", "14 0",  "14 1", "14.1 0", "15 0",   "15 1" };
  static const double ramp_values[] = { 0, 0, 0.1, 1.1, 2, 2,   2.1, 3,   3, 3.1, 4.1, 5,  5,
                                        5, 5, 5.1, 6,   6, 6.1, 7.1, 8.1, 9, 9,   9.1, 10, 10 };
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoModel) model
    = hyco_model_new_from_data (REFINEMENTS_INSIDE_CONTINUOUS, -1, "refinements.xml", &error);
  HycoCompositeActor *top;
  HycoRecorder *outs, *ramps;
  g_autoptr (GString) seen = g_string_new (NULL);

  g_assert_no_error (error);
  hyco_model_run (model, NULL, &error);
  g_assert_no_error (error);
  top = hyco_model_get_toplevel (model);
  outs = HYCO_RECORDER (hyco_composite_actor_get_actor (top, "Outs"));
  ramps = HYCO_RECORDER (hyco_composite_actor_get_actor (top, "Ramps"));
  for (guint i = 0; i < hyco_recorder_get_count (outs); i++)
    {
      HycoTag tag;
      g_autofree char *when = NULL;

      hyco_recorder_get_tag (outs, i, &tag);
      when = hyco_tag_to_string (&tag, HYCO_DEFAULT_RESOLUTION);
      g_string_append_printf (seen, "%s%s %g", i ? "; " : "", when,
                              hyco_value_get_double (hyco_recorder_get_value (outs, i)));
    }
  g_assert_cmpstr (seen->str, ==,
                   "(0, 1) 1; (0, 2) 2; (3, 1) 2; (7, 1) 1; (9, 1) 1; (11, 1) 2; "
                   "(14, 1) 2");
  g_assert_cmpuint (hyco_recorder_get_count (ramps), ==, G_N_ELEMENTS (ramp_tags));
  for (guint i = 0; i < G_N_ELEMENTS (ramp_tags); i++)
    {
      HycoTag tag;
      g_auto (GStrv) expected = g_strsplit (ramp_tags[i], " ", 2);
      HycoTag wanted = test_tag (expected[0], g_ascii_strtoull (expected[1], NULL, 10));

      hyco_recorder_get_tag (ramps, i, &tag);
      g_assert_true (hyco_tag_equal (&tag, &wanted));
      g_assert_cmpfloat_with_epsilon (hyco_value_get_double (hyco_recorder_get_value (ramps, i)),
                                      ramp_values[i], 1e-9);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  hyco_init ();
  g_test_add_func ("/continuous/solver-order", test_solver_order);
  g_test_add_data_func ("/continuous/several-states/rk45", "ExplicitRK45Solver",
                        test_several_states);
  g_test_add_data_func ("/continuous/several-states/rk23", "ExplicitRK23Solver",
                        test_several_states);
  g_test_add_data_func ("/continuous/several-states/cash-karp", "CashKarp", test_several_states);
  g_test_add_data_func ("/continuous/several-states/cvode", "CVODE", test_several_states);
  g_test_add_func ("/continuous/cvode/linear-solver", test_cvode_linear_solver);
  g_test_add_func ("/continuous/cvode/linear-solver-unknown", test_cvode_linear_solver_unknown);
  g_test_add_func ("/continuous/cvode/without-states", test_cvode_without_states);
  g_test_add_func ("/continuous/nominals", test_nominals);
  g_test_add_data_func ("/continuous/nominals-change/rk45", "ExplicitRK45Solver",
                        test_nominals_change);
  g_test_add_data_func ("/continuous/nominals-change/cvode", "CVODE", test_nominals_change);
  g_test_add_func ("/continuous/error-control", test_error_control);
  g_test_add_func ("/continuous/error-tolerance", test_error_tolerance);
  g_test_add_func ("/continuous/start-time", test_start_time);
  g_test_add_func ("/continuous/ptolemy/defaults", test_ptolemy_defaults);
  g_test_add_func ("/continuous/ptolemy/steps", test_ptolemy_steps);
  g_test_add_func ("/continuous/ptolemy/breakpoint", test_ptolemy_breakpoint);
  g_test_add_func ("/continuous/ptolemy/cash-karp", test_ptolemy_cash_karp);
  g_test_add_func ("/continuous/ptolemy/models", test_ptolemy_models);
  g_test_add_func ("/continuous/ptolemy/guard-crossing", test_ptolemy_guard_crossing);
  g_test_add_func ("/continuous/breakpoints", test_breakpoints);
  g_test_add_func ("/continuous/rollback-leaves-no-trace", test_rollback_leaves_no_trace);
  g_test_add_func ("/continuous/periodic-piecewise-constant", test_periodic_piecewise_constant);
  g_test_add_func ("/continuous/zero-order-hold", test_zero_order_hold);
  g_test_add_func ("/continuous/crossing-across-microsteps", test_crossing_across_microsteps);
  g_test_add_func ("/continuous/touch-without-crossing", test_touch_without_crossing);
  g_test_add_func ("/continuous/integrator-variants", test_integrator_variants);
  g_test_add_func ("/continuous/parameter-errors", test_parameter_errors);
  g_test_add_func ("/continuous/discrete-inside", test_discrete_inside);
  g_test_add_data_func ("/continuous/inside-de/rk45", "ExplicitRK45Solver", test_inside_de);
  g_test_add_data_func ("/continuous/inside-de/cvode", "CVODE", test_inside_de);
  g_test_add_func ("/continuous/inside-continuous", test_inside_continuous);
  g_test_add_func ("/continuous/ptolemy-refinements-inside-continuous",
                   test_ptolemy_refinements_inside_continuous);
  g_test_add_func ("/continuous/van-der-pol", test_van_der_pol);
  g_test_add_func ("/continuous/stiff", test_stiff);
  g_test_add_func ("/continuous/crossing-inside-de", test_crossing_inside_de);
  return g_test_run ();
}
