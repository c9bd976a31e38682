/* test-time.c: exact decimal model time, tags and resolutions.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "test-support.h"

#include <math.h>
#include <string.h>

#define NS HYCO_DEFAULT_RESOLUTION

/* Parses at @resolution and asserts success. */
static gint64
parse_ok (const char *literal, int resolution)
{
  g_autoptr (GError) error = NULL;
  gint64 ticks = -42;

  if (!hyco_time_parse (literal, resolution, &ticks, &error))
    g_error ("parsing \"%s\" at 1e%d failed: %s", literal, resolution, error->message);
  g_assert_no_error (error);
  return ticks;
}

/* Parses at @resolution, asserts failure with @code and that @ticks is untouched. */
static void
parse_fails (const char *literal, int resolution, HycoTimeError code)
{
  g_autoptr (GError) error = NULL;
  gint64 ticks = -42;

  g_assert_false (hyco_time_parse (literal, resolution, &ticks, &error));
  g_assert_error (error, HYCO_TIME_ERROR, (int) code);
  g_assert_cmpint (ticks, ==, -42);
  g_test_message ("\"%s\": %s", literal, error->message);
}

static void
assert_to_string (gint64 ticks, int resolution, const char *expected)
{
  g_autofree char *text = hyco_time_to_string (ticks, resolution);

  g_assert_cmpstr (text, ==, expected);
}

static void
test_parse_exact (void)
{
  g_assert_cmpint (parse_ok ("0.1", NS), ==, 100000000);
  g_assert_cmpint (parse_ok ("1e-3", NS), ==, 1000000);
  g_assert_cmpint (parse_ok ("2.5", NS), ==, 2500000000);
  g_assert_cmpint (parse_ok ("0.000003", NS), ==, 3000);
  g_assert_cmpint (parse_ok ("0", NS), ==, 0);
  g_assert_cmpint (parse_ok ("10e-10", NS), ==, 1);
  g_assert_cmpint (parse_ok ("1e-9", NS), ==, 1);
  g_assert_cmpint (parse_ok ("1", NS), ==, 1000000000);
  g_assert_cmpint (parse_ok ("1.", NS), ==, 1000000000);
  g_assert_cmpint (parse_ok (".5", NS), ==, 500000000);
  g_assert_cmpint (parse_ok ("0.3", NS), ==, 300000000);
  g_assert_cmpint (parse_ok ("1E3", NS), ==, G_GINT64_CONSTANT (1000000000000));
  g_assert_cmpint (parse_ok ("1e+3", NS), ==, G_GINT64_CONSTANT (1000000000000));
  g_assert_cmpint (parse_ok ("0.0000000010", NS), ==, 1);
  g_assert_cmpint (parse_ok ("123.456789012", NS), ==, G_GINT64_CONSTANT (123456789012));

  g_assert_cmpint (parse_ok ("15", 0), ==, 15);
  g_assert_cmpint (parse_ok ("1500", 2), ==, 15);
  g_assert_cmpint (parse_ok ("1", HYCO_RESOLUTION_MIN), ==,
                   G_GINT64_CONSTANT (1000000000000000000));
  g_assert_cmpint (parse_ok ("1e18", HYCO_RESOLUTION_MAX), ==, 1);
}

static void
test_parse_forms (void)
{
  /* Whitespace, signs, leading and trailing zeros. */
  g_assert_cmpint (parse_ok ("  0.1\t\n", NS), ==, 100000000);
  g_assert_cmpint (parse_ok ("+0.1", NS), ==, 100000000);
  g_assert_cmpint (parse_ok ("-0.1", NS), ==, -100000000);
  g_assert_cmpint (parse_ok ("-1.5", NS), ==, -1500000000);
  g_assert_cmpint (parse_ok ("-0", NS), ==, 0);
  g_assert_cmpint (parse_ok ("000000000000000000000000000001", NS), ==, 1000000000);
  g_assert_cmpint (parse_ok ("1.000000000000000000000", NS), ==, 1000000000);
  g_assert_cmpint (parse_ok ("1.000000000000000000000", 0), ==, 1);
  g_assert_cmpint (parse_ok ("100000000000000000000000e-20", NS), ==,
                   G_GINT64_CONSTANT (1000000000000));
  g_assert_cmpint (parse_ok ("0.000000000000000000000000000000", NS), ==, 0);
  g_assert_cmpint (parse_ok ("0e999999999999", NS), ==, 0);
  g_assert_cmpint (parse_ok ("0.0e-999999999999999999999999", NS), ==, 0);

  /* The extremes of the tick range. */
  g_assert_cmpint (parse_ok ("9223372036.854775806", NS), ==, G_MAXINT64 - 1);
  g_assert_cmpint (parse_ok ("-9223372036.854775808", NS), ==, G_MININT64);
  g_assert_cmpint (parse_ok ("-9223372036854775808", 0), ==, G_MININT64);

  /* Infinity in its accepted spellings. */
  g_assert_cmpint (parse_ok ("Infinity", NS), ==, HYCO_TIME_INFINITY);
  g_assert_cmpint (parse_ok ("infinity", 0), ==, HYCO_TIME_INFINITY);
  g_assert_cmpint (parse_ok ("INF", NS), ==, HYCO_TIME_INFINITY);
  g_assert_cmpint (parse_ok ("+inf", NS), ==, HYCO_TIME_INFINITY);
  g_assert_cmpint (parse_ok (" +Infinity ", NS), ==, HYCO_TIME_INFINITY);
}

static void
test_parse_not_representable (void)
{
  parse_fails ("1e-10", NS, HYCO_TIME_ERROR_NOT_REPRESENTABLE);
  parse_fails ("0.0000000001", NS, HYCO_TIME_ERROR_NOT_REPRESENTABLE);
  parse_fails ("1.0000000005", NS, HYCO_TIME_ERROR_NOT_REPRESENTABLE);
  parse_fails ("0.5", 0, HYCO_TIME_ERROR_NOT_REPRESENTABLE);
  parse_fails ("150", 2, HYCO_TIME_ERROR_NOT_REPRESENTABLE);
  parse_fails ("-0.1", 0, HYCO_TIME_ERROR_NOT_REPRESENTABLE);
  parse_fails ("1e-999999999999", NS, HYCO_TIME_ERROR_NOT_REPRESENTABLE);
}

static void
test_parse_not_representable_message (void)
{
  g_autoptr (GError) error = NULL;
  gint64 ticks;

  g_assert_false (hyco_time_parse (" 0.0000000001 ", NS, &ticks, &error));
  g_assert_error (error, HYCO_TIME_ERROR, HYCO_TIME_ERROR_NOT_REPRESENTABLE);
  g_assert_cmpstr (error->message, ==,
                   "time literal \"0.0000000001\" cannot be represented at resolution 1e-9 s");
}

static void
test_parse_overflow (void)
{
  g_autoptr (GError) error = NULL;
  gint64 ticks;

  parse_fails ("1e20", NS, HYCO_TIME_ERROR_OVERFLOW);
  parse_fails ("-1e20", NS, HYCO_TIME_ERROR_OVERFLOW);
  parse_fails ("1e10", NS, HYCO_TIME_ERROR_OVERFLOW);
  parse_fails ("1e999999999999", NS, HYCO_TIME_ERROR_OVERFLOW);
  parse_fails ("1e99999999999999999999999999999999", NS, HYCO_TIME_ERROR_OVERFLOW);
  parse_fails ("100000000000000000000000000000000000000000", 0, HYCO_TIME_ERROR_OVERFLOW);
  /* G_MAXINT64 ticks is reserved for Infinity. */
  parse_fails ("9223372036.854775807", NS, HYCO_TIME_ERROR_OVERFLOW);
  parse_fails ("9223372036854775807", 0, HYCO_TIME_ERROR_OVERFLOW);
  parse_fails ("9223372036854775808", 0, HYCO_TIME_ERROR_OVERFLOW);
  parse_fails ("-9223372036854775809", 0, HYCO_TIME_ERROR_OVERFLOW);
  parse_fails ("18446744073709551616", 0, HYCO_TIME_ERROR_OVERFLOW);
  parse_fails ("1e19", 0, HYCO_TIME_ERROR_OVERFLOW);
  parse_fails ("1e37", HYCO_RESOLUTION_MAX, HYCO_TIME_ERROR_OVERFLOW);

  g_assert_false (hyco_time_parse ("1e20", NS, &ticks, &error));
  g_assert_error (error, HYCO_TIME_ERROR, HYCO_TIME_ERROR_OVERFLOW);
  g_assert_nonnull (strstr (error->message, "\"1e20\""));
  g_assert_nonnull (strstr (error->message, "9223372036.854775806"));
}

static void
test_parse_syntax (void)
{
  static const char *const bad[] = {
    "",    "   ", "abc",  "1.2.3", "1e",  "1e+",   "--1",       "+-1",  ".",         "-.",  "e5",
    "1 s", "1s",  "0x10", "1,5",   "- 1", "1e5.0", "-Infinity", "-inf", "Infinityx", "nan", "1 2",
  };

  for (gsize i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;

      parse_fails (bad[i], NS, HYCO_TIME_ERROR_SYNTAX);
      g_assert_false (hyco_time_validate (bad[i], &error));
      g_assert_error (error, HYCO_TIME_ERROR, HYCO_TIME_ERROR_SYNTAX);
    }
}

static void
test_parse_syntax_message (void)
{
  g_autoptr (GError) error = NULL;
  gint64 ticks;

  g_assert_false (hyco_time_parse ("1.2.3", NS, &ticks, &error));
  g_assert_error (error, HYCO_TIME_ERROR, HYCO_TIME_ERROR_SYNTAX);
  g_assert_true (g_str_has_prefix (error->message, "\"1.2.3\" is not a time literal"));
}

static void
test_validate (void)
{
  static const char *const good[] = {
    "0", "0.1", "-2.5", " 1e-3 ", "1e999999999999", "1e-10", "Infinity", "+inf", ".5", "5.",
  };

  for (gsize i = 0; i < G_N_ELEMENTS (good); i++)
    {
      g_autoptr (GError) error = NULL;

      g_assert_true (hyco_time_validate (good[i], &error));
      g_assert_no_error (error);
    }

  /* A NULL error location is allowed. */
  g_assert_false (hyco_time_validate ("x", NULL));
}

static void
test_to_string (void)
{
  assert_to_string (100000000, NS, "0.1");
  assert_to_string (1000000000, NS, "1");
  assert_to_string (300000000, NS, "0.3");
  assert_to_string (0, NS, "0");
  assert_to_string (-1500000000, NS, "-1.5");
  assert_to_string (1, NS, "0.000000001");
  assert_to_string (-1, NS, "-0.000000001");
  assert_to_string (1000000001, NS, "1.000000001");
  assert_to_string (G_GINT64_CONSTANT (123456789012), NS, "123.456789012");
  assert_to_string (10, NS, "0.00000001");
  assert_to_string (3, 2, "300");
  assert_to_string (-3, 2, "-300");
  assert_to_string (0, 2, "0");
  assert_to_string (15, 0, "15");
  assert_to_string (15, -1, "1.5");
  assert_to_string (1, HYCO_RESOLUTION_MIN, "0.000000000000000001");
  assert_to_string (1, HYCO_RESOLUTION_MAX, "1000000000000000000");
  assert_to_string (HYCO_TIME_INFINITY, NS, "Infinity");
  assert_to_string (HYCO_TIME_INFINITY, 0, "Infinity");
  assert_to_string (G_MAXINT64 - 1, NS, "9223372036.854775806");
  assert_to_string (G_MININT64, NS, "-9223372036.854775808");
  assert_to_string (G_MININT64, 0, "-9223372036854775808");
  assert_to_string (G_MININT64, HYCO_RESOLUTION_MIN, "-9.223372036854775808");
  assert_to_string (G_MININT64, 3, "-9223372036854775808000");
}

static void
test_round_trip (void)
{
  static const gint64 samples[] = {
    0,
    1,
    -1,
    10,
    100000000,
    999999999,
    1000000000,
    -1000000001,
    G_MAXINT64 - 1,
    G_MININT64,
    G_MININT64 + 1,
    G_GINT64_CONSTANT (86400000000000),
  };

  for (int r = HYCO_RESOLUTION_MIN; r <= HYCO_RESOLUTION_MAX; r++)
    for (gsize i = 0; i < G_N_ELEMENTS (samples); i++)
      {
        g_autofree char *text = hyco_time_to_string (samples[i], r);

        g_assert_cmpint (parse_ok (text, r), ==, samples[i]);
      }
}

/* The point of integer ticks: decimal steps accumulate without drift. */
static void
test_exactness (void)
{
  g_autoptr (GError) error = NULL;
  gint64 step = parse_ok ("0.000003", NS);
  gint64 tenth = parse_ok ("0.1", NS);
  gint64 sum = 0, triple = 0, sum_of_triples = 0;
  g_autofree char *text = NULL;

  /* 12 × 3 µs one by one equals 4 × (3 µs + 3 µs + 3 µs). */
  for (int i = 0; i < 12; i++)
    g_assert_true (hyco_time_add (sum, step, &sum, &error));
  for (int i = 0; i < 3; i++)
    g_assert_true (hyco_time_add (triple, step, &triple, &error));
  for (int i = 0; i < 4; i++)
    g_assert_true (hyco_time_add (sum_of_triples, triple, &sum_of_triples, &error));
  g_assert_no_error (error);
  g_assert_cmpint (sum, ==, sum_of_triples);
  g_assert_cmpint (sum, ==, parse_ok ("0.000036", NS));

  /* 0.1 added ten times is exactly 1. */
  sum = 0;
  for (int i = 0; i < 10; i++)
    g_assert_true (hyco_time_add (sum, tenth, &sum, &error));
  g_assert_no_error (error);
  g_assert_cmpint (sum, ==, parse_ok ("1", NS));

  /* 0.1 + 0.2 prints as 0.3, unlike in floating point. */
  g_assert_true (hyco_time_add (tenth, parse_ok ("0.2", NS), &sum, &error));
  g_assert_no_error (error);
  text = hyco_time_to_string (sum, NS);
  g_assert_cmpstr (text, ==, "0.3");
  g_assert_cmpint (sum, ==, parse_ok ("0.3", NS));
}

static void
test_addition (void)
{
  gint64 result = 7;

  g_assert_true (hyco_time_add (2, 3, &result, NULL));
  g_assert_cmpint (result, ==, 5);
  g_assert_true (hyco_time_add (-2, 3, &result, NULL));
  g_assert_cmpint (result, ==, 1);
  g_assert_true (hyco_time_add (G_MAXINT64 - 2, 1, &result, NULL));
  g_assert_cmpint (result, ==, G_MAXINT64 - 1);
  g_assert_true (hyco_time_add (G_MININT64, 0, &result, NULL));
  g_assert_cmpint (result, ==, G_MININT64);
}

static void
test_add_overflow (void)
{
  static const gint64 cases[][2] = {
    { G_MAXINT64 - 1, 1 }, /* reaches Infinity */
    { G_MAXINT64 - 1, G_MAXINT64 - 1 },
    { G_GINT64_CONSTANT (5000000000000000000), G_GINT64_CONSTANT (5000000000000000000) },
    { G_MININT64, -1 },
    { HYCO_TIME_INFINITY, 0 },
    { HYCO_TIME_INFINITY, -1 },
    { 0, HYCO_TIME_INFINITY },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      gint64 result = 7;

      g_assert_false (hyco_time_add (cases[i][0], cases[i][1], &result, &error));
      g_assert_error (error, HYCO_TIME_ERROR, HYCO_TIME_ERROR_OVERFLOW);
      g_assert_nonnull (strstr (error->message, "model time overflow"));
      g_assert_cmpint (result, ==, 7);
    }
}

static void
test_multiply (void)
{
  g_autoptr (GError) error = NULL;
  gint64 result = 7;

  g_assert_true (hyco_time_multiply (100000000, 10, &result, &error));
  g_assert_no_error (error);
  g_assert_cmpint (result, ==, 1000000000);
  g_assert_true (hyco_time_multiply (-3, 4, &result, &error));
  g_assert_cmpint (result, ==, -12);
  g_assert_true (hyco_time_multiply (5, 0, &result, &error));
  g_assert_cmpint (result, ==, 0);
  g_assert_no_error (error);

  result = 7;
  g_assert_false (hyco_time_multiply (G_GINT64_CONSTANT (5000000000000000000), 2, &result, &error));
  g_assert_error (error, HYCO_TIME_ERROR, HYCO_TIME_ERROR_OVERFLOW);
  g_assert_cmpint (result, ==, 7);
  g_clear_error (&error);

  g_assert_false (hyco_time_multiply (G_MININT64, -1, &result, &error));
  g_assert_error (error, HYCO_TIME_ERROR, HYCO_TIME_ERROR_OVERFLOW);
  g_clear_error (&error);

  g_assert_false (hyco_time_multiply (HYCO_TIME_INFINITY, 1, &result, &error));
  g_assert_error (error, HYCO_TIME_ERROR, HYCO_TIME_ERROR_OVERFLOW);
  g_clear_error (&error);

  g_assert_false (hyco_time_multiply (G_MAXINT64, 1, &result, &error));
  g_assert_error (error, HYCO_TIME_ERROR, HYCO_TIME_ERROR_OVERFLOW);
  g_assert_cmpint (result, ==, 7);
}

static void
test_to_seconds (void)
{
  g_assert_cmpfloat (hyco_time_to_seconds (100000000, NS), ==, 0.1);
  g_assert_cmpfloat (hyco_time_to_seconds (300000000, NS), ==, 0.3);
  g_assert_cmpfloat (hyco_time_to_seconds (1, NS), ==, 1e-9);
  g_assert_cmpfloat (hyco_time_to_seconds (-1500000000, NS), ==, -1.5);
  g_assert_cmpfloat (hyco_time_to_seconds (0, NS), ==, 0.0);
  g_assert_cmpfloat (hyco_time_to_seconds (15, 0), ==, 15.0);
  g_assert_cmpfloat (hyco_time_to_seconds (3, 2), ==, 300.0);
  g_assert_cmpfloat (hyco_time_to_seconds (1, HYCO_RESOLUTION_MIN), ==, 1e-18);
  g_assert_cmpfloat (hyco_time_to_seconds (1, HYCO_RESOLUTION_MAX), ==, 1e18);
  g_assert_true (isinf (hyco_time_to_seconds (HYCO_TIME_INFINITY, NS)));
  g_assert_cmpfloat (hyco_time_to_seconds (HYCO_TIME_INFINITY, NS), >, 0.0);
}

static void
test_resolution_parse (void)
{
  static const struct
  {
    const char *literal;
    int expected;
  } good[] = {
    { "1e-9", -9 },
    { "1E-9", -9 },
    { "0.001", -3 },
    { "1", 0 },
    { "10", 1 },
    { "1e3", 3 },
    { " 1e-18 ", -18 },
    { "1e18", 18 },
    { "0.000000001", -9 },
    { "10e-10", -9 },
    { "1.000", 0 },
    { "+100", 2 },
    { "1000000000000000000", 18 },
  };
  static const char *const bad[] = {
    "",     "abc",      "2e-9", "0.002", "0",   "-1e-9",          "1e-19",
    "1e19", "Infinity", "11",   "1e",    "0.5", "1e999999999999", "1e-999999999999",
  };

  for (gsize i = 0; i < G_N_ELEMENTS (good); i++)
    {
      g_autoptr (GError) error = NULL;
      int r = 99;

      g_assert_true (hyco_resolution_parse (good[i].literal, &r, &error));
      g_assert_no_error (error);
      g_assert_cmpint (r, ==, good[i].expected);
    }

  for (gsize i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;
      int r = 99;

      g_assert_false (hyco_resolution_parse (bad[i], &r, &error));
      g_assert_error (error, HYCO_TIME_ERROR, HYCO_TIME_ERROR_RESOLUTION);
      g_assert_cmpint (r, ==, 99);
      g_test_message ("\"%s\": %s", bad[i], error->message);
    }
}

static void
test_resolution_to_string (void)
{
  for (int r = HYCO_RESOLUTION_MIN; r <= HYCO_RESOLUTION_MAX; r++)
    {
      g_autofree char *text = hyco_resolution_to_string (r);
      int back = 99;

      g_assert_true (hyco_resolution_parse (text, &back, NULL));
      g_assert_cmpint (back, ==, r);
    }

  {
    g_autofree char *ns = hyco_resolution_to_string (-9);
    g_autofree char *one = hyco_resolution_to_string (0);
    g_autofree char *kilo = hyco_resolution_to_string (3);

    g_assert_cmpstr (ns, ==, "1e-9");
    g_assert_cmpstr (one, ==, "1");
    g_assert_cmpstr (kilo, ==, "1e3");
  }
}

static void
test_tag_boxed (void)
{
  g_autoptr (HycoTag) tag = hyco_tag_new (100000000, 3);
  g_autoptr (HycoTag) copy = hyco_tag_copy (tag);
  HycoTag *boxed;

  g_assert_cmpint (tag->time, ==, 100000000);
  g_assert_cmpuint (tag->microstep, ==, 3);
  g_assert_true (copy != tag);
  g_assert_true (hyco_tag_equal (tag, copy));

  g_assert_true (G_TYPE_IS_BOXED (HYCO_TYPE_TAG));
  g_assert_cmpstr (g_type_name (HYCO_TYPE_TAG), ==, "HycoTag");
  boxed = g_boxed_copy (HYCO_TYPE_TAG, tag);
  g_assert_true (hyco_tag_equal (boxed, tag));
  g_boxed_free (HYCO_TYPE_TAG, boxed);

  hyco_tag_free (NULL);
}

static void
test_tag_compare (void)
{
  HycoTag a = { 10, 0 }, b = { 10, 1 }, c = { 11, 0 }, d = { -5, 100 }, e = { 10, 0 };
  HycoTag big = { 10, G_MAXUINT64 }, inf = { HYCO_TIME_INFINITY, 0 };

  g_assert_cmpint (hyco_tag_compare (&a, &b), ==, -1);
  g_assert_cmpint (hyco_tag_compare (&b, &a), ==, 1);
  g_assert_cmpint (hyco_tag_compare (&b, &c), ==, -1);
  g_assert_cmpint (hyco_tag_compare (&c, &b), ==, 1);
  g_assert_cmpint (hyco_tag_compare (&d, &a), ==, -1);
  g_assert_cmpint (hyco_tag_compare (&a, &e), ==, 0);
  g_assert_cmpint (hyco_tag_compare (&big, &c), ==, -1);
  g_assert_cmpint (hyco_tag_compare (&a, &big), ==, -1);
  g_assert_cmpint (hyco_tag_compare (&inf, &big), ==, 1);

  g_assert_true (hyco_tag_equal (&a, &e));
  g_assert_false (hyco_tag_equal (&a, &b));
  g_assert_false (hyco_tag_equal (&a, &c));
}

static void
test_tag_to_string (void)
{
  HycoTag a = { 100000000, 1 }, b = { 0, 0 }, c = { HYCO_TIME_INFINITY, 0 };
  HycoTag d = { -1500000000, G_MAXUINT64 };
  g_autofree char *sa = hyco_tag_to_string (&a, NS);
  g_autofree char *sb = hyco_tag_to_string (&b, NS);
  g_autofree char *sc = hyco_tag_to_string (&c, NS);
  g_autofree char *sd = hyco_tag_to_string (&d, NS);

  g_assert_cmpstr (sa, ==, "(0.1, 1)");
  g_assert_cmpstr (sb, ==, "(0, 0)");
  g_assert_cmpstr (sc, ==, "(Infinity, 0)");
  g_assert_cmpstr (sd, ==, "(-1.5, 18446744073709551615)");
}

static void
test_error_quark (void)
{
  g_assert_cmpstr (g_quark_to_string (HYCO_TIME_ERROR), ==, "hyco-time-error-quark");
}

static void
test_programmer_errors (void)
{
  guint n_criticals;
  gint64 ticks = 7;
  int r = 7;

  test_catch_criticals (&n_criticals);
  g_assert_false (hyco_time_parse ("1", HYCO_RESOLUTION_MAX + 1, &ticks, NULL));
  g_assert_false (hyco_time_parse ("1", HYCO_RESOLUTION_MIN - 1, &ticks, NULL));
  g_assert_false (hyco_time_parse (NULL, 0, &ticks, NULL));
  g_assert_null (hyco_time_to_string (0, 19));
  g_assert_null (hyco_resolution_to_string (-19));
  g_assert_false (hyco_resolution_parse (NULL, &r, NULL));
  g_assert_false (hyco_time_add (1, 2, NULL, NULL));
  g_assert_null (hyco_tag_copy (NULL));
  test_release_criticals ();

  g_assert_cmpuint (n_criticals, ==, 8);
  g_assert_cmpint (ticks, ==, 7);
  g_assert_cmpint (r, ==, 7);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/time/parse/exact", test_parse_exact);
  g_test_add_func ("/time/parse/forms", test_parse_forms);
  g_test_add_func ("/time/parse/not-representable", test_parse_not_representable);
  g_test_add_func ("/time/parse/not-representable-message", test_parse_not_representable_message);
  g_test_add_func ("/time/parse/overflow", test_parse_overflow);
  g_test_add_func ("/time/parse/syntax", test_parse_syntax);
  g_test_add_func ("/time/parse/syntax-message", test_parse_syntax_message);
  g_test_add_func ("/time/validate", test_validate);
  g_test_add_func ("/time/to-string", test_to_string);
  g_test_add_func ("/time/round-trip", test_round_trip);
  g_test_add_func ("/time/exactness", test_exactness);
  g_test_add_func ("/time/add", test_addition);
  g_test_add_func ("/time/add/overflow", test_add_overflow);
  g_test_add_func ("/time/multiply", test_multiply);
  g_test_add_func ("/time/to-seconds", test_to_seconds);
  g_test_add_func ("/time/resolution/parse", test_resolution_parse);
  g_test_add_func ("/time/resolution/to-string", test_resolution_to_string);
  g_test_add_func ("/time/tag/boxed", test_tag_boxed);
  g_test_add_func ("/time/tag/compare", test_tag_compare);
  g_test_add_func ("/time/tag/to-string", test_tag_to_string);
  g_test_add_func ("/time/error-quark", test_error_quark);
  g_test_add_func ("/time/programmer-errors", test_programmer_errors);

  return g_test_run ();
}
