/* test-continuous-actors.c: Product, MathFunction, ContinuousSinewave, ContinuousRamp,
 * PeriodicSampler, and the continuous actors of Ptolemy II (Integrator's impulse,
 * LevelCrossingDetector, the continuous DiscreteClock, ContinuousClock, ZeroOrderHold's
 * defaultValue, ContinuousMerge, Derivative), under the continuous director and DE.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "test-support.h"

#include <math.h>
#include <string.h>

/* Runs a model that must fail with @code; returns the message. */
static char *
run_fails (HycoCompositeActor *top, int code)
{
  g_autoptr (HycoModel) model = hyco_model_new (top);
  g_autoptr (GError) error = NULL;

  g_assert_false (hyco_model_run (model, NULL, &error));
  g_assert_error (error, HYCO_ACTOR_ERROR, code);
  g_test_message ("expected failure: %s", error->message);
  return g_strdup (error->message);
}

static double
seconds (const HycoTag *tag)
{
  return hyco_time_to_seconds (tag->time, HYCO_DEFAULT_RESOLUTION);
}

/* The value a recorder saw at a tag; fails if it saw none. */
static const HycoValue *
recorded_at (HycoActor *recorder, const char *time, guint64 microstep)
{
  HycoTag wanted = test_tag (time, microstep);

  for (guint i = 0; i < hyco_recorder_get_count (HYCO_RECORDER (recorder)); i++)
    {
      HycoTag tag;
      hyco_recorder_get_tag (HYCO_RECORDER (recorder), i, &tag);
      if (hyco_tag_equal (&tag, &wanted))
        return hyco_recorder_get_value (HYCO_RECORDER (recorder), i);
    }
  g_error ("nothing recorded at (%s, %" G_GUINT64_FORMAT ")", time, microstep);
  return NULL;
}

static double
recorded_double (HycoActor *recorder, guint i)
{
  return hyco_value_get_double (hyco_recorder_get_value (HYCO_RECORDER (recorder), i));
}

/* Product ---------------------------------------------------------------------------------- */

static HycoActor *
add_clock (HycoCompositeActor *top, const char *name, const char *period, const char *value)
{
  HycoActor *clock = test_add_new (top, "DiscreteClock", name);

  test_set (clock, "period", period);
  test_set (clock, "value", value);
  return clock;
}

/* Factors every 1 s (3) and 2 s (2), a divisor every 3 s (4.0): the output combines the
 * channels present at each tag, and is an integer where only integers take part. Under the
 * continuous director, which fires the product at every tag, it is absent everywhere else. */
static void
test_product_absent_channels (void)
{
  g_autoptr (HycoCompositeActor) top = test_continuous_top_new ("6");
  HycoActor *a = add_clock (top, "A", "1", "3");
  HycoActor *b = add_clock (top, "B", "2", "2");
  HycoActor *c = add_clock (top, "C", "3", "4.0");
  HycoActor *product = test_add_new (top, "Product", "Product");
  HycoActor *recorder = test_add_new (top, "Recorder", "Recorder");
  g_autoptr (HycoModel) model = NULL;
  const double expected[] = { 1.5, 3, 6, 0.75, 6, 3, 1.5 };

  test_connect (top, a, "output", product, "multiply");
  test_connect (top, b, "output", product, "multiply");
  test_connect (top, c, "output", product, "divide");
  test_connect (top, product, "output", recorder, "input");
  model = test_run_ok (top);
  g_assert_cmpuint (hyco_recorder_get_count (HYCO_RECORDER (recorder)), ==,
                    G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      HycoTag tag;
      const HycoValue *value = hyco_recorder_get_value (HYCO_RECORDER (recorder), i);

      hyco_recorder_get_tag (HYCO_RECORDER (recorder), i, &tag);
      g_assert_cmpint (tag.time, ==, (gint64) i * 1000000000);
      g_assert_cmpuint (tag.microstep, ==, 1);
      g_assert_cmpfloat (hyco_value_get_double (value), ==, expected[i]);
      /* The divisor is a double: where it is present the result is one. */
      g_assert_cmpint (hyco_value_get_value_type (value), ==,
                       i % 3 == 0 ? HYCO_VALUE_TYPE_DOUBLE : HYCO_VALUE_TYPE_INT);
    }
}

/* One Product fed by constants, under DE; returns its output (NULL if absent) in @out. */
static void
run_product (const char *const *factors, const char *const *divisors, HycoValue *out)
{
  g_autoptr (HycoCompositeActor) top = test_top_new ("1");
  HycoActor *product = test_add_new (top, "Product", "Product");
  HycoActor *recorder = test_add_new (top, "Recorder", "Recorder");
  g_autoptr (HycoModel) model = NULL;
  guint n = 0;

  for (; factors && *factors; factors++)
    {
      g_autofree char *name = g_strdup_printf ("F%u", n++);
      HycoActor *constant = test_add_new (top, "Const", name);
      test_set (constant, "value", *factors);
      test_connect (top, constant, "output", product, "multiply");
    }
  for (; divisors && *divisors; divisors++)
    {
      g_autofree char *name = g_strdup_printf ("D%u", n++);
      HycoActor *constant = test_add_new (top, "Const", name);
      test_set (constant, "value", *divisors);
      test_connect (top, constant, "output", product, "divide");
    }
  test_connect (top, product, "output", recorder, "input");
  model = test_run_ok (top);
  hyco_value_clear (out);
  if (hyco_recorder_get_count (HYCO_RECORDER (recorder)) > 0)
    {
      g_assert_cmpuint (hyco_recorder_get_count (HYCO_RECORDER (recorder)), ==, 1);
      hyco_value_assign (out, hyco_recorder_get_value (HYCO_RECORDER (recorder), 0));
    }
}

static void
test_product_arithmetic (void)
{
  g_auto (HycoValue) out = HYCO_VALUE_INIT;
  const char *seven[] = { "7", NULL }, *minus_seven[] = { "-7", NULL }, *two[] = { "2", NULL };
  const char *four_point_zero[] = { "4.0", NULL }, *one_point_zero[] = { "1.0", NULL };
  const char *zero_point_zero[] = { "0.0", NULL }, *minus_one[] = { "-1.0", NULL };
  const char *mixed[] = { "2", "0.5", "3", NULL };

  /* Integers divide with truncation toward zero. */
  run_product (seven, two, &out);
  g_assert_cmpint (hyco_value_get_value_type (&out), ==, HYCO_VALUE_TYPE_INT);
  g_assert_cmpint (hyco_value_get_int (&out), ==, 3);
  run_product (minus_seven, two, &out);
  g_assert_cmpint (hyco_value_get_int (&out), ==, -3);
  /* With no factor the dividend is one. */
  run_product (NULL, four_point_zero, &out);
  g_assert_cmpfloat (hyco_value_get_double (&out), ==, 0.25);
  /* A double among integers makes the product a double. */
  run_product (mixed, NULL, &out);
  g_assert_cmpint (hyco_value_get_value_type (&out), ==, HYCO_VALUE_TYPE_DOUBLE);
  g_assert_cmpfloat (hyco_value_get_double (&out), ==, 3.0);
  /* IEEE semantics for doubles: no error. */
  run_product (one_point_zero, zero_point_zero, &out);
  g_assert_true (isinf (hyco_value_get_double (&out)) && hyco_value_get_double (&out) > 0);
  run_product (minus_one, zero_point_zero, &out);
  g_assert_true (isinf (hyco_value_get_double (&out)) && hyco_value_get_double (&out) < 0);
  run_product (zero_point_zero, zero_point_zero, &out);
  g_assert_true (isnan (hyco_value_get_double (&out)));
  /* Nothing connected: nothing out. */
  run_product (NULL, NULL, &out);
  g_assert_cmpint (hyco_value_get_value_type (&out), ==, HYCO_VALUE_TYPE_NONE);
  g_assert_true (hyco_registry_lookup ("MultiplyDivide") == HYCO_TYPE_PRODUCT);
}

static void
test_product_errors (void)
{
  struct
  {
    const char *factor, *divisor, *expected;
  } cases[] = {
    { "1", "0", "by zero" },
    { "-9223372036854775808", "-1", "overflow" },
    { "\"text\"", "1", "expected a number" },
    { "2", "true", "expected a number" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (HycoCompositeActor) top = test_top_new ("1");
      HycoActor *factor = test_add_new (top, "Const", "Factor");
      HycoActor *divisor = test_add_new (top, "Const", "Divisor");
      HycoActor *product = test_add_new (top, "Product", "Product");
      g_autofree char *message = NULL;

      test_set (factor, "value", cases[i].factor);
      test_set (divisor, "value", cases[i].divisor);
      test_connect (top, factor, "output", product, "multiply");
      test_connect (top, divisor, "output", product, "divide");
      message = run_fails (top, HYCO_ACTOR_ERROR_FAILED);
      g_assert_nonnull (strstr (message, "Product"));
      g_assert_nonnull (strstr (message, cases[i].expected));
    }
}

/* MathFunction ----------------------------------------------------------------------------- */

static void
test_math_function_libm (void)
{
  struct
  {
    const char *name;
    double (*expected) (double);
  } functions[] = {
    { "exp", exp },   { "log", log },   { "sin", sin },     { "cos", cos },
    { "tan", tan },   { "sqrt", sqrt }, { "square", NULL }, { "abs", fabs },
    { "asin", asin }, { "acos", acos }, { "atan", atan },   { "sinh", sinh },
    { "cosh", cosh }, { "tanh", tanh }, { "floor", floor }, { "ceil", ceil },
  };
  /* Inside every function's domain, plus an integer, a negative and an out-of-domain point
   * for some (NaN, as libm gives). */
  const char *points[] = { "0.25", "0.5", "0.9", "2", "-1.5" };
  g_autoptr (HycoCompositeActor) top = test_top_new ("1");
  HycoActor *recorders[G_N_ELEMENTS (functions)][G_N_ELEMENTS (points)];
  g_autoptr (HycoModel) model = NULL;

  for (guint p = 0; p < G_N_ELEMENTS (points); p++)
    {
      g_autofree char *name = g_strdup_printf ("X%u", p);
      HycoActor *constant = test_add_new (top, "Const", name);

      test_set (constant, "value", points[p]);
      for (guint f = 0; f < G_N_ELEMENTS (functions); f++)
        {
          g_autofree char *fname = g_strdup_printf ("%s%u", functions[f].name, p);
          g_autofree char *rname = g_strdup_printf ("R%s%u", functions[f].name, p);
          HycoActor *function = test_add_new (top, "MathFunction", fname);

          recorders[f][p] = test_add_new (top, "Recorder", rname);
          test_set (function, "function", functions[f].name);
          test_connect (top, constant, "output", function, "input");
          test_connect (top, function, "output", recorders[f][p], "input");
        }
    }
  model = test_run_ok (top);
  for (guint f = 0; f < G_N_ELEMENTS (functions); f++)
    for (guint p = 0; p < G_N_ELEMENTS (points); p++)
      {
        double x = g_ascii_strtod (points[p], NULL);
        double want = functions[f].expected ? functions[f].expected (x) : x * x;
        const HycoValue *got;

        g_assert_cmpuint (hyco_recorder_get_count (HYCO_RECORDER (recorders[f][p])), ==, 1);
        got = hyco_recorder_get_value (HYCO_RECORDER (recorders[f][p]), 0);
        g_assert_cmpint (hyco_value_get_value_type (got), ==, HYCO_VALUE_TYPE_DOUBLE);
        if (isnan (want))
          g_assert_true (isnan (hyco_value_get_double (got)));
        else
          g_assert_cmpfloat (hyco_value_get_double (got), ==, want);
      }
}

/* Under the continuous director the function is fired at every tag: it is present only where
 * its discrete input is. */
static void
test_math_function_absent (void)
{
  g_autoptr (HycoCompositeActor) top = test_continuous_top_new ("1");
  HycoActor *clock = add_clock (top, "Clock", "0.5", "4");
  HycoActor *function = test_add_new (top, "MathFunction", "Sqrt");
  HycoActor *recorder = test_add_new (top, "Recorder", "Recorder");
  g_autoptr (HycoModel) model = NULL;

  test_set (function, "function", "sqrt");
  test_connect (top, clock, "output", function, "input");
  test_connect (top, function, "output", recorder, "input");
  model = test_run_ok (top);
  g_assert_cmpuint (hyco_recorder_get_count (HYCO_RECORDER (recorder)), ==, 3);
  for (guint i = 0; i < 3; i++)
    {
      HycoTag tag;
      hyco_recorder_get_tag (HYCO_RECORDER (recorder), i, &tag);
      g_assert_cmpint (tag.time, ==, (gint64) i * 500000000);
      g_assert_cmpuint (tag.microstep, ==, 1);
      g_assert_cmpfloat (recorded_double (recorder, i), ==, 2.0);
    }
}

static void
test_math_function_unknown (void)
{
  g_autoptr (HycoCompositeActor) top = test_top_new ("1");
  HycoActor *function = test_add_new (top, "MathFunction", "Function");
  g_autoptr (HycoModel) model = NULL;
  g_autoptr (GError) error = NULL;

  test_set (function, "function", "cbrt");
  model = hyco_model_new (top);
  g_assert_false (hyco_model_prepare (model, &error));
  g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_PARAMETER);
  g_test_message ("expected failure: %s", error->message);
  g_assert_nonnull (strstr (error->message, "Function"));
  g_assert_nonnull (strstr (error->message, "\"cbrt\""));
  g_assert_nonnull (strstr (error->message, "exp, log, sin"));
  g_assert_nonnull (strstr (error->message, "floor, ceil"));
}

/* ContinuousSinewave and ContinuousRamp ---------------------------------------------------- */

/* The wave itself at every committed tag, and its integral: (1 − cos 2πft)/(2πf). */
static void
test_sinewave (void)
{
  g_autoptr (HycoCompositeActor) top = test_continuous_top_new ("2");
  HycoActor *sine = test_add_new (top, "ContinuousSinewave", "Sine");
  HycoActor *shifted = test_add_new (top, "ContinuousSinewave", "Shifted");
  HycoActor *integral = test_add_new (top, "Integrator", "Integral");
  HycoActor *integral_recorder = test_add_new (top, "Recorder", "IntegralRecorder");
  HycoActor *wave_recorder = test_add_new (top, "Recorder", "WaveRecorder");
  HycoDirector *director = hyco_composite_actor_get_director (top);
  g_autoptr (HycoModel) model = NULL;
  const double f = 1.5, w = 2 * G_PI * f;
  guint count;

  test_set (director, "maxStepSize", "0.05");
  test_set (sine, "frequency", "1.5");
  test_set (shifted, "frequency", "1.5");
  test_set (shifted, "amplitude", "2");
  test_set (shifted, "phase", "0.5");
  test_set (shifted, "offset", "-1");
  test_connect (top, sine, "output", integral, "derivative");
  test_connect (top, integral, "state", integral_recorder, "input");
  test_connect (top, shifted, "output", wave_recorder, "input");
  model = test_run_ok (top);

  count = hyco_recorder_get_count (HYCO_RECORDER (integral_recorder));
  g_assert_cmpuint (count, >=, 40);
  for (guint i = 0; i < count; i++)
    {
      HycoTag tag;
      double t;

      hyco_recorder_get_tag (HYCO_RECORDER (integral_recorder), i, &tag);
      t = seconds (&tag);
      g_assert_cmpfloat (fabs (recorded_double (integral_recorder, i) - (1 - cos (w * t)) / w), <,
                         1e-6);
      hyco_recorder_get_tag (HYCO_RECORDER (wave_recorder), i, &tag);
      g_assert_cmpfloat_with_epsilon (recorded_double (wave_recorder, i),
                                      2 * sin (w * seconds (&tag) + 0.5) - 1, 1e-12);
    }
  /* Three full periods by t = 2: the integral is back at zero. */
  g_assert_cmpfloat (fabs (hyco_value_get_double (recorded_at (integral_recorder, "2", 0))), <,
                     1e-6);
}

/* The ramp is a function of time alone; integrated, it gives an exact quadratic. */
static void
test_ramp (void)
{
  g_autoptr (HycoCompositeActor) top = test_continuous_top_new ("3");
  HycoActor *ramp = test_add_new (top, "ContinuousRamp", "Ramp");
  HycoActor *integral = test_add_new (top, "Integrator", "Integral");
  HycoActor *ramp_recorder = test_add_new (top, "Recorder", "RampRecorder");
  HycoActor *integral_recorder = test_add_new (top, "Recorder", "IntegralRecorder");
  g_autoptr (HycoModel) model = NULL;

  test_set (ramp, "initialValue", "2");
  test_set (ramp, "rate", "-0.5");
  test_connect (top, ramp, "output", ramp_recorder, "input");
  test_connect (top, ramp, "output", integral, "derivative");
  test_connect (top, integral, "state", integral_recorder, "input");
  model = test_run_ok (top);
  g_assert_cmpuint (hyco_recorder_get_count (HYCO_RECORDER (ramp_recorder)), >, 2);
  for (guint i = 0; i < hyco_recorder_get_count (HYCO_RECORDER (ramp_recorder)); i++)
    {
      HycoTag tag;

      hyco_recorder_get_tag (HYCO_RECORDER (ramp_recorder), i, &tag);
      g_assert_cmpfloat (recorded_double (ramp_recorder, i), ==, 2 - 0.5 * seconds (&tag));
    }
  g_assert_cmpfloat (hyco_value_get_double (recorded_at (ramp_recorder, "0", 0)), ==, 2);
  g_assert_cmpfloat (hyco_value_get_double (recorded_at (ramp_recorder, "3", 0)), ==, 0.5);
  g_assert_cmpfloat_with_epsilon (hyco_value_get_double (recorded_at (integral_recorder, "3", 0)),
                                  2 * 3 - 0.25 * 9, 1e-9);
}

/* Parameters are finite: the parameter layer refuses infinities and NaN. */
static void
test_source_parameters (void)
{
  const char *classes[] = { "ContinuousSinewave", "ContinuousRamp" };
  const char *parameters[] = { "phase", "rate" };
  const char *values[] = { "nan", "inf", "1e999" };

  for (guint i = 0; i < G_N_ELEMENTS (classes); i++)
    for (guint v = 0; v < G_N_ELEMENTS (values); v++)
      {
        g_autoptr (HycoActor) source = g_object_new (hyco_registry_lookup (classes[i]), NULL);
        g_autoptr (GError) error = NULL;

        g_assert_false (
          hyco_param_set_from_string (G_OBJECT (source), parameters[i], values[v], &error));
        g_assert_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_BAD_VALUE);
      }
}

/* PeriodicSampler -------------------------------------------------------------------------- */

/* Samples at exactly (k·p, 1), with the ramp's value at k·p, and nothing anywhere else. */
static void
test_sampler_tags (void)
{
  g_autoptr (HycoCompositeActor) top = test_continuous_top_new ("1");
  HycoActor *ramp = test_add_new (top, "ContinuousRamp", "Ramp");
  HycoActor *sampler = test_add_new (top, "PeriodicSampler", "Sampler");
  HycoActor *recorder = test_add_new (top, "Recorder", "Recorder");
  HycoDirector *director = hyco_composite_actor_get_director (top);
  g_autoptr (HycoModel) model = NULL;

  /* Steps that do not divide the period: the breakpoints must still be met exactly. */
  test_set (director, "initStepSize", "0.03");
  test_set (director, "maxStepSize", "0.07");
  test_set (ramp, "initialValue", "1");
  test_set (ramp, "rate", "3");
  test_connect (top, ramp, "output", sampler, "input");
  test_connect (top, sampler, "output", recorder, "input");
  model = test_run_ok (top);
  g_assert_cmpuint (hyco_recorder_get_count (HYCO_RECORDER (recorder)), ==, 11);
  for (guint k = 0; k <= 10; k++)
    {
      HycoTag tag;

      hyco_recorder_get_tag (HYCO_RECORDER (recorder), k, &tag);
      g_assert_cmpint (tag.time, ==, (gint64) k * 100000000);
      g_assert_cmpuint (tag.microstep, ==, 1);
      g_assert_cmpfloat (recorded_double (recorder, k), ==, 1 + 3 * seconds (&tag));
    }
}

/* A jump at the sample time is sampled before it: the left limit, the value at (kp, 0). */
static void
test_sampler_left_limit (void)
{
  g_autoptr (HycoCompositeActor) top = test_continuous_top_new ("1.5");
  HycoActor *square = test_add_new (top, "PeriodicPiecewiseConstant", "Square");
  HycoActor *sampler = test_add_new (top, "PeriodicSampler", "Sampler");
  HycoActor *recorder = test_add_new (top, "Recorder", "Recorder");
  g_autoptr (HycoModel) model = NULL;
  /* The square is 1 on (0, 0.5), -1 on (0.5, 1), 1 on (1, 1.5), switching at (kp, 1). */
  const double expected[] = { 1, 1, 1, -1, -1, 1, 1 };

  test_set (square, "a", "1.0");
  test_set (square, "b", "-1.0");
  test_set (square, "period", "0.5");
  test_set (sampler, "samplePeriod", "0.25");
  test_connect (top, square, "output", sampler, "input");
  test_connect (top, sampler, "output", recorder, "input");
  model = test_run_ok (top);
  g_assert_cmpuint (hyco_recorder_get_count (HYCO_RECORDER (recorder)), ==,
                    G_N_ELEMENTS (expected));
  for (guint k = 0; k < G_N_ELEMENTS (expected); k++)
    {
      HycoTag tag;

      hyco_recorder_get_tag (HYCO_RECORDER (recorder), k, &tag);
      g_assert_cmpint (tag.time, ==, (gint64) k * 250000000);
      g_assert_cmpuint (tag.microstep, ==, 1);
      g_assert_cmpfloat (recorded_double (recorder, k), ==, expected[k]);
    }
}

/* Its output does not depend on its input at the same tag, so it closes a loop without a
 * causality error: s(k) = k·p + s(k − 1) through a hold and an adder, s(0) = 0. */
static void
test_sampler_breaks_loops (void)
{
  g_autoptr (HycoCompositeActor) top = test_continuous_top_new ("0.5");
  HycoActor *ramp = test_add_new (top, "ContinuousRamp", "Ramp");
  HycoActor *sum = test_add_new (top, "Adder", "Sum");
  HycoActor *sampler = test_add_new (top, "PeriodicSampler", "Sampler");
  HycoActor *hold = test_add_new (top, "ZeroOrderHold", "Hold");
  HycoActor *recorder = test_add_new (top, "Recorder", "Recorder");
  g_autoptr (HycoModel) model = NULL;

  test_connect (top, ramp, "output", sum, "input");
  test_connect (top, hold, "output", sum, "input");
  test_connect (top, sum, "output", sampler, "input");
  test_connect (top, sampler, "output", hold, "input");
  test_connect (top, sampler, "output", recorder, "input");
  model = test_run_ok (top);
  g_assert_false (hyco_actor_is_strict (sampler));
  g_assert_cmpuint (hyco_recorder_get_count (HYCO_RECORDER (recorder)), ==, 6);
  for (guint k = 0; k <= 5; k++)
    g_assert_cmpfloat_with_epsilon (recorded_double (recorder, k), 0.1 * k * (k + 1) / 2, 1e-12);
}

static void
test_sampler_period_error (void)
{
  const char *periods[] = { "0", "-0.1" };

  for (guint i = 0; i < G_N_ELEMENTS (periods); i++)
    {
      g_autoptr (HycoCompositeActor) top = test_continuous_top_new ("1");
      HycoActor *sampler = test_add_new (top, "PeriodicSampler", "Sampler");
      g_autoptr (HycoModel) model = NULL;
      g_autoptr (GError) error = NULL;

      test_set (sampler, "samplePeriod", periods[i]);
      model = hyco_model_new (top);
      g_assert_false (hyco_model_prepare (model, &error));
      g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_PARAMETER);
      g_assert_nonnull (strstr (error->message, "samplePeriod"));
    }
}

/* Ptolemy II's continuous actors ------------------------------------------------------------ */

/* A model from a string, under a continuous director with Ptolemy II's first step (0.1 s), run
 * to its stop time. */
static HycoModel *
run_xml (const char *stop_time, const char *body)
{
  g_autofree char *xml
    = g_strdup_printf ("<entity name='top' class='TypedCompositeActor'>"
                       "  <property name='Continuous Director' class='ContinuousDirector'>"
                       "    <property name='stopTime' value='%s'/>"
                       "    <property name='initStepSize' value='0.1'/>"
                       "  </property>%s</entity>",
                       stop_time, body);
  g_autoptr (GError) error = NULL;
  HycoModel *model = hyco_model_new_from_data (xml, -1, "test", &error);

  g_assert_no_error (error);
  hyco_model_run (model, NULL, &error);
  g_assert_no_error (error);
  return model;
}

/* What a Recorder saw, as "(t, n) value" items joined by "; ". */
static char *
recorded (HycoModel *model, const char *name)
{
  HycoRecorder *recorder = HYCO_RECORDER (hyco_model_lookup_actor (model, name));
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < hyco_recorder_get_count (recorder); i++)
    {
      HycoTag tag;
      g_autofree char *when = NULL;
      g_autofree char *value = hyco_value_to_string (hyco_recorder_get_value (recorder, i));

      hyco_recorder_get_tag (recorder, i, &tag);
      when = hyco_tag_to_string (&tag, HYCO_DEFAULT_RESOLUTION);
      g_string_append_printf (text, "%s%s %s", i ? "; " : "", when, value);
    }
  return g_string_free (text, FALSE);
}

static void
assert_recorded (HycoModel *model, const char *name, const char *expected)
{
  g_autofree char *seen = recorded (model, name);

  g_assert_cmpstr (seen, ==, expected);
}

#define INTEGRATE_ONE                                                                              \
  "<entity name='One' class='Const'><property name='value' value='1.0'/></entity>"                 \
  "<entity name='X' class='ptolemy.domains.continuous.lib.Integrator'/>"                           \
  "<relation name='one'/><relation name='x'/>"                                                     \
  "<link port='One.output' relation='one'/><link port='X.derivative' relation='one'/>"             \
  "<link port='X.state' relation='x'/>"

/* x' = 1 from 0 crosses 0.4: the steps 0.1 and then 0.5 overshoot to 0.6, beyond the
 * tolerance of 0.1; the refined step aims half a tolerance past the level, 0.35 s, so the
 * crossing is located at 0.45, and the event (the level, by default) comes one microstep
 * later. A falling-only detector sees nothing; an impulse of 1 at (1, 1) jumps the state from
 * 1 to 2 across 1.5, an event at once, at (1, 2). */
static void
test_level_crossing_detector (void)
{
  g_autoptr (HycoModel) model = run_xml (
    "2", INTEGRATE_ONE
    "<entity name='Cross' class='ptolemy.domains.continuous.lib.LevelCrossingDetector'>"
    "  <property name='level' value='0.4'/><property name='errorTolerance' value='0.1'/>"
    "</entity>"
    "<entity name='Falling' class='ptolemy.domains.continuous.lib.LevelCrossingDetector'>"
    "  <property name='level' value='0.4'/><property name='direction' value='falling'/>"
    "</entity>"
    "<entity name='Jump' class='ptolemy.domains.continuous.lib.LevelCrossingDetector'>"
    "  <property name='level' value='1.5'/><property name='value' value='\"up\"'/>"
    "</entity>"
    "<entity name='Kick' class='ptolemy.domains.continuous.lib.DiscreteClock'>"
    "  <property name='period' value='Infinity'/><property name='offsets' value='{1.0}'/>"
    "  <property name='values' value='{1.0}'/>"
    "</entity>"
    "<entity name='Crossings' class='Recorder'/><entity name='Falls' class='Recorder'/>"
    "<entity name='Jumps' class='Recorder'/>"
    "<relation name='kick'/><relation name='c'/><relation name='f'/><relation name='j'/>"
    "<link port='Cross.trigger' relation='x'/><link port='Falling.trigger' relation='x'/>"
    "<link port='Jump.trigger' relation='x'/>"
    "<link port='Kick.output' relation='kick'/><link port='X.impulse' relation='kick'/>"
    "<link port='Cross.output' relation='c'/><link port='Crossings.input' relation='c'/>"
    "<link port='Falling.output' relation='f'/><link port='Falls.input' relation='f'/>"
    "<link port='Jump.output' relation='j'/><link port='Jumps.input' relation='j'/>");

  assert_recorded (model, "Crossings", "(0.45, 1) 0.40000000000000002");
  assert_recorded (model, "Falls", "");
  assert_recorded (model, "Jumps", "(1, 2) up");
}

/* Ptolemy II's class under its own name and its full name; component 3.9 keeps its own. */
static void
test_level_crossing_detector_names (void)
{
  g_assert_true (hyco_registry_lookup ("LevelCrossingDetector")
                 == HYCO_TYPE_LEVEL_CROSSING_DETECTOR);
  g_assert_true (hyco_registry_lookup ("ptolemy.domains.continuous.lib.LevelCrossingDetector")
                 == HYCO_TYPE_LEVEL_CROSSING_DETECTOR);
  g_assert_true (hyco_registry_lookup ("ZeroCrossingDetector") == HYCO_TYPE_ZERO_CROSSING_DETECTOR);
  g_assert_true (hyco_registry_lookup ("ptolemy.domains.continuous.lib.DiscreteClock")
                 == HYCO_TYPE_CONTINUOUS_DISCRETE_CLOCK);
  g_assert_true (hyco_registry_lookup ("ptolemy.actor.lib.DiscreteClock")
                 != HYCO_TYPE_CONTINUOUS_DISCRETE_CLOCK);
}

static void
test_level_crossing_detector_errors (void)
{
  const char *bad[][2] = { { "direction", "up" }, { "errorTolerance", "0" } };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (HycoCompositeActor) top = test_continuous_top_new ("1");
      HycoActor *cross
        = test_add_new (top, "ptolemy.domains.continuous.lib.LevelCrossingDetector", "Cross");
      g_autoptr (HycoModel) model = NULL;
      g_autoptr (GError) error = NULL;

      test_set (cross, bad[i][0], bad[i][1]);
      model = hyco_model_new (top);
      g_assert_false (hyco_model_prepare (model, &error));
      g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_PARAMETER);
      g_assert_nonnull (strstr (error->message, "Cross"));
      g_assert_nonnull (strstr (error->message, bad[i][0]));
    }
}

/* An impulse adds its weight to the state at its own tag; a reset at the same tag wins. */
static void
test_integrator_impulse (void)
{
  g_autoptr (HycoModel) model = run_xml (
    "3", INTEGRATE_ONE
    "<entity name='Kick' class='ptolemy.domains.continuous.lib.DiscreteClock'>"
    "  <property name='period' value='Infinity'/><property name='offsets' value='{1.0, 2.0}'/>"
    "  <property name='values' value='{0.5, 10.0}'/>"
    "</entity>"
    "<entity name='Reset' class='ptolemy.domains.continuous.lib.DiscreteClock'>"
    "  <property name='period' value='Infinity'/><property name='offsets' value='{2.0}'/>"
    "  <property name='values' value='{-1.0}'/>"
    "</entity>"
    "<entity name='States' class='Recorder'/>"
    "<relation name='kick'/><relation name='reset'/>"
    "<link port='Kick.output' relation='kick'/><link port='X.impulse' relation='kick'/>"
    "<link port='Reset.output' relation='reset'/><link port='X.initialState' relation='reset'/>"
    "<link port='States.input' relation='x'/>");
  HycoActor *states = hyco_model_lookup_actor (model, "States");

  g_assert_cmpfloat_with_epsilon (hyco_value_get_double (recorded_at (states, "1", 0)), 1, 1e-9);
  g_assert_cmpfloat_with_epsilon (hyco_value_get_double (recorded_at (states, "1", 1)), 1.5, 1e-9);
  g_assert_cmpfloat (hyco_value_get_double (recorded_at (states, "2", 1)), ==, -1);
  g_assert_cmpfloat_with_epsilon (hyco_value_get_double (recorded_at (states, "3", 0)), 0, 1e-9);
}

/* A continuous signal on impulse or initialState would act at every solver stage: an error
 * at the first step. */
static void
test_integrator_inputs_not_discrete (void)
{
  const char *ports[] = { "impulse", "initialState" };

  for (guint i = 0; i < G_N_ELEMENTS (ports); i++)
    {
      g_autofree char *xml
        = g_strdup_printf ("<entity name='top' class='TypedCompositeActor'>"
                           "  <property name='Continuous Director' class='ContinuousDirector'>"
                           "    <property name='stopTime' value='1'/>"
                           "  </property>%s"
                           "  <link port='X.%s' relation='one'/>"
                           "</entity>",
                           INTEGRATE_ONE, ports[i]);
      g_autoptr (GError) error = NULL;
      g_autoptr (HycoModel) model = hyco_model_new_from_data (xml, -1, "test", &error);

      g_assert_no_error (error);
      g_assert_false (hyco_model_run (model, NULL, &error));
      g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_FAILED);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, "X"));
      g_assert_nonnull (strstr (error->message, ports[i]));
      g_assert_nonnull (strstr (error->message, "discrete"));
    }
}

#define CLOCK_TO(name, recorder)                                                                   \
  "<entity name='" recorder "' class='Recorder'/><relation name='" recorder "In'/>"                \
  "<link port='" name ".output' relation='" recorder "In'/>"                                       \
  "<link port='" recorder ".input' relation='" recorder "In'/>"

/* The continuous library's defaults: period 2, offsets {0, 1}, values {1, 0}; events at
 * microstep 1. Equal offsets give successive microsteps; an offset beyond a finite period is
 * never reached; an infinite period is one cycle; no event after stopTime. */
static void
test_continuous_discrete_clock (void)
{
  g_autoptr (HycoModel) model = run_xml (
    "5", "<entity name='Default' class='ptolemy.domains.continuous.lib.DiscreteClock'/>"
         "<entity name='Twice' class='ptolemy.domains.continuous.lib.DiscreteClock'>"
         "  <property name='period' value='1.5'/><property name='offsets' value='{0.5, 0.5, 2}'/>"
         "  <property name='values' value='{1, 2, 3}'/>"
         "  <property name='stopTime' value='2'/>"
         "</entity>"
         "<entity name='Once' class='ptolemy.domains.continuous.lib.DiscreteClock'>"
         "  <property name='period' value='Infinity'/><property name='offsets' value='{0.3, 4}'/>"
         "  <property name='values' value='{true, \"end\"}'/>"
         "</entity>" CLOCK_TO ("Default", "D") CLOCK_TO ("Twice", "T") CLOCK_TO ("Once", "O"));

  assert_recorded (model, "D", "(0, 1) 1; (1, 1) 0; (2, 1) 1; (3, 1) 0; (4, 1) 1; (5, 1) 0");
  assert_recorded (model, "T", "(0.5, 1) 1; (0.5, 2) 2; (2, 1) 1; (2, 2) 2");
  assert_recorded (model, "O", "(0.3, 1) true; (4, 1) end");
}

/* Inside a continuous composite inside DE, the events leave the composite at their own tags. */
static void
test_continuous_discrete_clock_in_de (void)
{
  const char *xml
    = "<entity name='top' class='TypedCompositeActor'>"
      "  <property name='DE Director' class='DEDirector'>"
      "    <property name='stopTime' value='7'/></property>"
      "  <entity name='Inner' class='TypedCompositeActor'>"
      "    <property name='Continuous Director' class='ContinuousDirector'/>"
      "    <port name='out'><property name='output'/></port>"
      "    <entity name='Clock' class='ptolemy.domains.continuous.lib.DiscreteClock'>"
      "      <property name='period' value='3'/><property name='offsets' value='{0.0}'/>"
      "      <property name='values' value='{2.0}'/>"
      "    </entity>"
      "    <relation name='r'/>"
      "    <link port='Clock.output' relation='r'/><link port='out' relation='r'/>"
      "  </entity>"
      "  <entity name='Rec' class='Recorder'/><relation name='o'/>"
      "  <link port='Inner.out' relation='o'/><link port='Rec.input' relation='o'/>"
      "</entity>";
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoModel) model = hyco_model_new_from_data (xml, -1, "test", &error);

  g_assert_no_error (error);
  g_assert_true (hyco_model_run (model, NULL, &error));
  g_assert_no_error (error);
  assert_recorded (model, "Rec", "(0, 1) 2; (3, 1) 2; (6, 1) 2");
}

static void
test_continuous_discrete_clock_errors (void)
{
  const char *bad[][2] = { { "offsets", "{1, 0.5}" }, { "values", "{1}" }, { "period", "0" } };

  for (guint i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (HycoCompositeActor) top = test_continuous_top_new ("1");
      HycoActor *clock
        = test_add_new (top, "ptolemy.domains.continuous.lib.DiscreteClock", "Clock");
      g_autoptr (HycoModel) model = NULL;
      g_autoptr (GError) error = NULL;

      test_set (clock, bad[i][0], bad[i][1]);
      model = hyco_model_new (top);
      g_assert_false (hyco_model_prepare (model, &error));
      g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_PARAMETER);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, "Clock"));
      g_assert_nonnull (strstr (error->message, bad[i][0]));
    }
}

/* Piecewise constant: defaultValue until the first change, each change at (t, 1), the old
 * value still at (t, 0). One cycle only: the last value stays. */
static void
test_continuous_clock (void)
{
  g_autoptr (HycoModel) model = run_xml (
    "1", "<entity name='Clock' class='ptolemy.domains.continuous.lib.ContinuousClock'>"
         "  <property name='period' value='0.5'/><property name='offsets' value='{0.0, 0.2}'/>"
         "  <property name='values' value='{1, 2}'/>"
         "</entity>"
         "<entity name='Once' class='ContinuousClock'>"
         "  <property name='period' value='0.5'/><property name='offsets' value='{0.1, 0.2}'/>"
         "  <property name='values' value='{1, 2}'/><property name='numberOfCycles' value='1'/>"
         "  <property name='defaultValue' value=''/>"
         "</entity>" CLOCK_TO ("Clock", "C") CLOCK_TO ("Once", "O"));
  HycoActor *c = hyco_model_lookup_actor (model, "C");
  HycoActor *o = hyco_model_lookup_actor (model, "O");
  struct
  {
    HycoActor *recorder;
    const char *time;
    guint64 microstep;
    double value;
  } expected[] = {
    { c, "0", 0, 0 },   { c, "0", 1, 1 },   { c, "0.2", 0, 1 }, { c, "0.2", 1, 2 },
    { c, "0.5", 0, 2 }, { c, "0.5", 1, 1 }, { c, "0.7", 1, 2 }, { c, "1", 0, 2 },
    { c, "1", 1, 1 },   { o, "0.1", 1, 1 }, { o, "0.2", 1, 2 }, { o, "0.7", 1, 2 },
    { o, "1", 1, 2 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    g_assert_cmpfloat (hyco_value_get_double (recorded_at (expected[i].recorder, expected[i].time,
                                                           expected[i].microstep)),
                       ==, expected[i].value);
  /* Absent before its first change: the first value seen is at (0.1, 1). */
  {
    HycoTag first;
    hyco_recorder_get_tag (HYCO_RECORDER (o), 0, &first);
    g_assert_cmpint (first.time, ==, 100000000);
    g_assert_cmpuint (first.microstep, ==, 1);
  }
}

/* defaultValue until the first input, then the last input. */
static void
test_zero_order_hold_default (void)
{
  g_autoptr (HycoModel) model = run_xml (
    "1", "<entity name='Clock' class='ptolemy.domains.continuous.lib.DiscreteClock'>"
         "  <property name='period' value='Infinity'/><property name='offsets' value='{0.5}'/>"
         "  <property name='values' value='{7}'/>"
         "</entity>"
         "<entity name='Hold' class='ZeroOrderHold'><property name='defaultValue' value='-1'/>"
         "</entity>"
         "<relation name='e'/><link port='Clock.output' relation='e'/>"
         "<link port='Hold.input' relation='e'/>" CLOCK_TO ("Hold", "H"));
  HycoActor *h = hyco_model_lookup_actor (model, "H");

  g_assert_cmpint (hyco_value_get_int (recorded_at (h, "0", 0)), ==, -1);
  g_assert_cmpint (hyco_value_get_int (recorded_at (h, "0.5", 0)), ==, -1);
  g_assert_cmpint (hyco_value_get_int (recorded_at (h, "0.5", 1)), ==, 7);
  g_assert_cmpint (hyco_value_get_int (recorded_at (h, "1", 0)), ==, 7);
}

/* A continuous signal into a hold under a continuous director is an error at the first step;
 * at the first firing it is allowed. */
static void
test_zero_order_hold_not_discrete (void)
{
  const char *xml = "<entity name='top' class='TypedCompositeActor'>"
                    "  <property name='Continuous Director' class='ContinuousDirector'>"
                    "    <property name='stopTime' value='1'/></property>"
                    "  <entity name='One' class='Const'/>"
                    "  <entity name='Hold' class='ZeroOrderHold'/><relation name='one'/>"
                    "  <link port='One.output' relation='one'/>"
                    "  <link port='Hold.input' relation='one'/>"
                    "</entity>";
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoModel) model = hyco_model_new_from_data (xml, -1, "test", &error);

  g_assert_no_error (error);
  g_assert_false (hyco_model_run (model, NULL, &error));
  g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_FAILED);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "Hold"));
  g_assert_nonnull (strstr (error->message, "discrete"));
}

/* The first present channel wins; with discard false the others follow, one per microstep. */
static void
test_continuous_merge (void)
{
  g_autoptr (HycoModel) model = run_xml (
    "2", "<entity name='A' class='ptolemy.domains.continuous.lib.DiscreteClock'>"
         "  <property name='period' value='2'/><property name='offsets' value='{1.0}'/>"
         "  <property name='values' value='{10}'/>"
         "</entity>"
         "<entity name='B' class='ptolemy.domains.continuous.lib.DiscreteClock'>"
         "  <property name='period' value='1'/><property name='offsets' value='{0.0}'/>"
         "  <property name='values' value='{20}'/>"
         "</entity>"
         "<entity name='First' class='ContinuousMerge'/>"
         "<entity name='All' class='ContinuousMerge'><property name='discard' value='false'/>"
         "</entity>"
         "<relation name='a'/><relation name='b'/>"
         "<link port='A.output' relation='a'/><link port='B.output' relation='b'/>"
         "<link port='First.input' relation='a'/><link port='First.input' relation='b'/>"
         "<link port='All.input' relation='a'/><link port='All.input' relation='b'/>" CLOCK_TO (
           "First", "F") CLOCK_TO ("All", "L"));

  assert_recorded (model, "F", "(0, 1) 20; (1, 1) 10; (2, 1) 20");
  assert_recorded (model, "L", "(0, 1) 20; (1, 1) 10; (1, 2) 20; (2, 1) 20");
}

/* Derivative into an Integrator (derivative and impulse) reproduces a piecewise-constant
 * input at every tag; the derivative of a ramp of slope 1 is 1 once time has passed. */
static void
test_derivative (void)
{
  g_autoptr (HycoModel) model = run_xml (
    "3",
    "<entity name='Clock' class='ContinuousClock'>"
    "  <property name='values' value='{1.5, -2}'/>"
    "</entity>"
    "<entity name='D' class='ptolemy.domains.continuous.lib.Derivative'/>"
    "<entity name='Y' class='ptolemy.domains.continuous.lib.Integrator'/>"
    "<entity name='Error' class='Adder'/>"
    "<entity name='Minus' class='Gain'><property name='factor' value='-1.0'/></entity>"
    "<relation name='c'/><relation name='d'/><relation name='i'/><relation name='y'/>"
    "<relation name='m'/>"
    "<link port='Clock.output' relation='c'/><link port='D.input' relation='c'/>"
    "<link port='D.derivative' relation='d'/><link port='Y.derivative' relation='d'/>"
    "<link port='D.impulse' relation='i'/><link port='Y.impulse' relation='i'/>"
    "<link port='Y.state' relation='y'/><link port='Error.input' relation='y'/>"
    "<link port='Minus.input' relation='c'/>"
    "<link port='Minus.output' relation='m'/><link port='Error.input' relation='m'/>"
    "<entity name='Slope' class='ContinuousRamp'/>"
    "<entity name='DS' class='ptolemy.domains.continuous.lib.Derivative'/>"
    "<relation name='s'/><link port='Slope.output' relation='s'/>"
    "<link port='DS.input' relation='s'/>" CLOCK_TO (
      "Error", "E") "<entity name='States' class='Recorder'/>"
                    "<link port='States.input' relation='y'/><relation name='ds'/>"
                    "<link port='DS.derivative' relation='ds'/><entity name='R' class='Recorder'/>"
                    "<link port='R.input' relation='ds'/>");
  HycoRecorder *error = HYCO_RECORDER (hyco_model_lookup_actor (model, "E"));
  HycoRecorder *slope = HYCO_RECORDER (hyco_model_lookup_actor (model, "R"));
  HycoActor *states = hyco_model_lookup_actor (model, "States");

  g_assert_cmpuint (hyco_recorder_get_count (error), >, 6);
  for (guint i = 0; i < hyco_recorder_get_count (error); i++)
    g_assert_cmpfloat_with_epsilon (hyco_value_get_double (hyco_recorder_get_value (error, i)), 0,
                                    1e-12);
  g_assert_cmpfloat (hyco_value_get_double (recorded_at (states, "0", 0)), ==, 0);
  g_assert_cmpfloat (hyco_value_get_double (recorded_at (states, "0", 1)), ==, 1.5);
  g_assert_cmpfloat (hyco_value_get_double (recorded_at (states, "1", 1)), ==, -2);
  /* 0 at time 0, at every microstep: no time has passed since the first firing. */
  for (guint i = 0; i < hyco_recorder_get_count (slope); i++)
    {
      HycoTag tag;
      hyco_recorder_get_tag (slope, i, &tag);
      g_assert_cmpfloat_with_epsilon (hyco_value_get_double (hyco_recorder_get_value (slope, i)),
                                      tag.time > 0 ? 1 : 0, 1e-6);
    }
}

/* microstep 0 samples the left limit at (kT, 1); microstep 1 the value after the jump, at
 * (kT, 1) too; a discrete input absent at (kT, 0) gives no sample. */
static void
test_sampler_microstep (void)
{
  g_autoptr (HycoModel) model = run_xml (
    "1",
    "<entity name='Clock' class='ContinuousClock'>"
    "  <property name='period' value='0.5'/><property name='offsets' value='{0.0}'/>"
    "  <property name='values' value='{1}'/><property name='defaultValue' value='0'/>"
    "</entity>"
    "<entity name='Events' class='ptolemy.domains.continuous.lib.DiscreteClock'/>"
    "<entity name='Left' class='PeriodicSampler'><property name='samplePeriod' value='0.5'/>"
    "</entity>"
    "<entity name='Right' class='PeriodicSampler'><property name='samplePeriod' value='0.5'/>"
    "  <property name='microstep' value='1'/></entity>"
    "<entity name='Discrete' class='PeriodicSampler'>"
    "  <property name='samplePeriod' value='0.5'/></entity>"
    "<relation name='c'/><relation name='e'/>"
    "<link port='Clock.output' relation='c'/><link port='Left.input' relation='c'/>"
    "<link port='Right.input' relation='c'/>"
    "<link port='Events.output' relation='e'/><link port='Discrete.input' relation='e'/>" CLOCK_TO (
      "Left", "L") CLOCK_TO ("Right", "R") CLOCK_TO ("Discrete", "D"));

  assert_recorded (model, "L", "(0, 1) 0; (0.5, 1) 1; (1, 1) 1");
  assert_recorded (model, "R", "(0, 1) 1; (0.5, 1) 1; (1, 1) 1");
  assert_recorded (model, "D", "");
}

/* Under DE only events at the sample time count: a clock's events, at microstep 1, are not at
 * the left limit (k·T, 0), so the default sampler sees none; with microstep 1 it sees them. */
static void
test_sampler_in_de (void)
{
  const char *xml
    = "<entity name='top' class='TypedCompositeActor'>"
      "  <property name='DE Director' class='DEDirector'>"
      "    <property name='stopTime' value='2'/></property>"
      "  <entity name='Clock' class='DiscreteClock'><property name='period' value='0.5'/>"
      "    <property name='value' value='4'/></entity>"
      "  <entity name='Left' class='PeriodicSampler'><property name='samplePeriod' value='1'/>"
      "  </entity>"
      "  <entity name='At1' class='PeriodicSampler'><property name='samplePeriod' value='1'/>"
      "    <property name='microstep' value='1'/></entity>"
      "  <entity name='L' class='Recorder'/><entity name='A' class='Recorder'/>"
      "  <relation name='c'/><relation name='l'/><relation name='a'/>"
      "  <link port='Clock.output' relation='c'/><link port='Left.input' relation='c'/>"
      "  <link port='At1.input' relation='c'/>"
      "  <link port='Left.output' relation='l'/><link port='L.input' relation='l'/>"
      "  <link port='At1.output' relation='a'/><link port='A.input' relation='a'/>"
      "</entity>";
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoModel) model = hyco_model_new_from_data (xml, -1, "test", &error);

  g_assert_no_error (error);
  g_assert_true (hyco_model_run (model, NULL, &error));
  g_assert_no_error (error);
  assert_recorded (model, "L", "");
  assert_recorded (model, "A", "(0, 1) 4; (1, 1) 4; (2, 1) 4");
}

/* Ptolemy II's continuous director takes Ptolemy II's steps with Ptolemy II's Derivative (the
 * difference from the input of the last committed step) into an Integrator: Bogacki-Shampine,
 * each state's error estimate below 1e-4, half the step after a rejected one, five times it
 * after an accepted one, the first 0.1 s. The expected steps and the drift of the integral
 * from cos t come from those rules computed independently, in double precision (the times
 * here are whole ticks, 1 ns, so the fourth step ends at 0.218164062, not ...0625): after the
 * first step the next, 0.5 s, is rejected down to 0.015625 s, because the derivative's first
 * stage still lags by half the previous step. This is why continuous/Derivative2's copy, whose
 * tolerance was for the earlier Derivative that kept the input of every stage, drifts past it. */
static void
test_derivative_ptolemy_steps (void)
{
  static const struct
  {
    const char *time;
    double drift;
  } expected[] = {
    { "0.1", 0.00249678942215 },         { "0.115625", 0.00273065276217 },
    { "0.19375", 0.00437385170541 },     { "0.218164062", 0.00472867149096 },
    { "0.279199217", 0.00579394407145 }, { "0.317346188", 0.00639194531581 },
  };
  const char *xml
    = "<entity name='top' class='ptolemy.actor.TypedCompositeActor'>"
      "  <property name='Continuous Director'"
      "            class='ptolemy.domains.continuous.kernel.ContinuousDirector'>"
      "    <property name='stopTime' value='1.0'/>"
      "  </property>"
      "  <entity name='Wave' class='ptolemy.domains.continuous.lib.ContinuousSinewave'>"
      "    <property name='frequency' value='1.0 / (2 * PI)'/>"
      "    <property name='phase' value='PI / 2.0'/>"
      "  </entity>"
      "  <entity name='D' class='ptolemy.domains.continuous.lib.Derivative'/>"
      "  <entity name='X' class='ptolemy.domains.continuous.lib.Integrator'/>"
      "  <entity name='Drift' class='ptolemy.actor.lib.AddSubtract'/>"
      "  <entity name='R' class='Recorder'/>"
      "  <relation name='w'/><relation name='d'/><relation name='i'/><relation name='x'/>"
      "  <relation name='e'/>"
      "  <link port='Wave.output' relation='w'/><link port='D.input' relation='w'/>"
      "  <link port='D.derivative' relation='d'/><link port='X.derivative' relation='d'/>"
      "  <link port='D.impulse' relation='i'/><link port='X.impulse' relation='i'/>"
      "  <link port='X.state' relation='x'/><link port='Drift.plus' relation='x'/>"
      "  <link port='Drift.minus' relation='w'/>"
      "  <link port='Drift.output' relation='e'/><link port='R.input' relation='e'/>"
      "</entity>";
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoModel) model = hyco_model_new_from_data (xml, -1, "test", &error);
  HycoRecorder *drift;

  g_assert_no_error (error);
  hyco_model_run (model, NULL, &error);
  g_assert_no_error (error);
  drift = HYCO_RECORDER (hyco_model_lookup_actor (model, "R"));
  /* (0, 0), where the impulse brings the state to the input's 1, and then the steps. */
  g_assert_cmpuint (hyco_recorder_get_count (drift), >, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      HycoTag tag;
      g_autofree char *when = NULL;

      hyco_recorder_get_tag (drift, i + 1, &tag);
      when = hyco_time_to_string (tag.time, HYCO_DEFAULT_RESOLUTION);
      g_assert_cmpstr (when, ==, expected[i].time);
      g_assert_cmpuint (tag.microstep, ==, 0);
      g_assert_cmpfloat_with_epsilon (
        hyco_value_get_double (hyco_recorder_get_value (drift, i + 1)), expected[i].drift, 1e-9);
    }
}

/* At least ten steps per period, as Ptolemy II's ContinuousSinewave. */
static void
test_sinewave_samples_per_period (void)
{
  g_autoptr (HycoModel) model
    = run_xml ("1", "<entity name='Wave' class='ptolemy.domains.continuous.lib.ContinuousSinewave'>"
                    "  <property name='frequency' value='2'/><property name='magnitude' value='3'/>"
                    "</entity>" CLOCK_TO ("Wave", "W"));
  HycoRecorder *wave = HYCO_RECORDER (hyco_model_lookup_actor (model, "W"));
  HycoTag previous = { 0, 0 };

  for (guint i = 0; i < hyco_recorder_get_count (wave); i++)
    {
      HycoTag tag;
      hyco_recorder_get_tag (wave, i, &tag);
      /* The director takes suggestions from the second step on; the first is initStepSize. */
      if (previous.time > 0)
        g_assert_cmpint (tag.time - previous.time, <=, 50000000);
      g_assert_cmpfloat_with_epsilon (hyco_value_get_double (hyco_recorder_get_value (wave, i)),
                                      3 * sin (4 * G_PI * seconds (&tag)), 1e-12);
      previous = tag;
    }
  g_assert_cmpint (previous.time, ==, 1000000000);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  hyco_init ();
  g_test_add_func ("/product/absent-channels", test_product_absent_channels);
  g_test_add_func ("/product/arithmetic", test_product_arithmetic);
  g_test_add_func ("/product/errors", test_product_errors);
  g_test_add_func ("/math-function/libm", test_math_function_libm);
  g_test_add_func ("/math-function/absent", test_math_function_absent);
  g_test_add_func ("/math-function/unknown-name", test_math_function_unknown);
  g_test_add_func ("/continuous-sinewave/integrated", test_sinewave);
  g_test_add_func ("/continuous-ramp/values", test_ramp);
  g_test_add_func ("/continuous-sources/parameter-errors", test_source_parameters);
  g_test_add_func ("/periodic-sampler/tags", test_sampler_tags);
  g_test_add_func ("/periodic-sampler/left-limit", test_sampler_left_limit);
  g_test_add_func ("/periodic-sampler/breaks-loops", test_sampler_breaks_loops);
  g_test_add_func ("/periodic-sampler/period-error", test_sampler_period_error);
  g_test_add_func ("/periodic-sampler/microstep", test_sampler_microstep);
  g_test_add_func ("/periodic-sampler/in-de", test_sampler_in_de);
  g_test_add_func ("/level-crossing-detector/located", test_level_crossing_detector);
  g_test_add_func ("/level-crossing-detector/names", test_level_crossing_detector_names);
  g_test_add_func ("/level-crossing-detector/parameter-errors",
                   test_level_crossing_detector_errors);
  g_test_add_func ("/integrator/impulse", test_integrator_impulse);
  g_test_add_func ("/integrator/inputs-not-discrete", test_integrator_inputs_not_discrete);
  g_test_add_func ("/continuous-discrete-clock/events", test_continuous_discrete_clock);
  g_test_add_func ("/continuous-discrete-clock/inside-de", test_continuous_discrete_clock_in_de);
  g_test_add_func ("/continuous-discrete-clock/parameter-errors",
                   test_continuous_discrete_clock_errors);
  g_test_add_func ("/continuous-clock/values", test_continuous_clock);
  g_test_add_func ("/zero-order-hold/default-value", test_zero_order_hold_default);
  g_test_add_func ("/zero-order-hold/not-discrete", test_zero_order_hold_not_discrete);
  g_test_add_func ("/continuous-merge/channels", test_continuous_merge);
  g_test_add_func ("/derivative/identity", test_derivative);
  g_test_add_func ("/derivative/ptolemy-steps", test_derivative_ptolemy_steps);
  g_test_add_func ("/continuous-sinewave/samples-per-period", test_sinewave_samples_per_period);
  return g_test_run ();
}
