/* test-value.c: signal values, their arithmetic and their literals.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "test-support.h"

#include <math.h>
#include <string.h>

/* Parses @literal and asserts success; the caller clears @value. */
static void
parse_ok (const char *literal, HycoValue *value)
{
  g_autoptr (GError) error = NULL;

  if (!hyco_value_parse_literal (literal, value, &error))
    g_error ("parsing \"%s\" failed: %s", literal, error->message);
  g_assert_no_error (error);
}

static void
assert_to_string (const HycoValue *value, const char *expected)
{
  g_autofree char *text = hyco_value_to_string (value);

  g_assert_cmpstr (text, ==, expected);
}

static void
assert_to_literal (const HycoValue *value, const char *expected)
{
  g_autofree char *text = hyco_value_to_literal (value);

  g_assert_cmpstr (text, ==, expected);
}

static void
test_init_and_types (void)
{
  g_auto (HycoValue) v = HYCO_VALUE_INIT;
  g_autoptr (HycoValue) heap = hyco_value_new ();

  g_assert_cmpint (hyco_value_get_value_type (&v), ==, HYCO_VALUE_TYPE_NONE);
  g_assert_cmpint (hyco_value_get_value_type (heap), ==, HYCO_VALUE_TYPE_NONE);

  g_assert_cmpstr (hyco_value_type_to_string (HYCO_VALUE_TYPE_DOUBLE), ==, "double");
  g_assert_cmpstr (hyco_value_type_to_string (HYCO_VALUE_TYPE_INT), ==, "int");
  g_assert_cmpstr (hyco_value_type_to_string (HYCO_VALUE_TYPE_BOOLEAN), ==, "boolean");
  g_assert_cmpstr (hyco_value_type_to_string (HYCO_VALUE_TYPE_STRING), ==, "string");
  g_assert_cmpstr (hyco_value_type_to_string (HYCO_VALUE_TYPE_NONE), ==, "none");

  g_assert_cmpstr (g_quark_to_string (HYCO_VALUE_ERROR), ==, "hyco-value-error-quark");
  g_assert_true (G_TYPE_IS_BOXED (HYCO_TYPE_VALUE));
  g_assert_cmpstr (g_type_name (HYCO_TYPE_VALUE), ==, "HycoValue");
}

static void
test_setters_getters (void)
{
  g_auto (HycoValue) v = HYCO_VALUE_INIT;

  hyco_value_set_double (&v, 2.75);
  g_assert_cmpint (hyco_value_get_value_type (&v), ==, HYCO_VALUE_TYPE_DOUBLE);
  g_assert_cmpfloat (hyco_value_get_double (&v), ==, 2.75);
  g_assert_cmpint (hyco_value_get_int (&v), ==, 2);
  g_assert_true (hyco_value_get_boolean (&v));
  g_assert_null (hyco_value_get_string (&v));
  g_assert_true (hyco_value_is_numeric (&v));

  hyco_value_set_double (&v, -2.75);
  g_assert_cmpint (hyco_value_get_int (&v), ==, -2);
  hyco_value_set_double (&v, 0.0);
  g_assert_false (hyco_value_get_boolean (&v));
  hyco_value_set_double (&v, NAN);
  g_assert_cmpint (hyco_value_get_int (&v), ==, 0);
  g_assert_true (hyco_value_get_boolean (&v));
  hyco_value_set_double (&v, 1e300);
  g_assert_cmpint (hyco_value_get_int (&v), ==, G_MAXINT64);
  hyco_value_set_double (&v, -INFINITY);
  g_assert_cmpint (hyco_value_get_int (&v), ==, G_MININT64);

  hyco_value_set_int (&v, -7);
  g_assert_cmpint (hyco_value_get_value_type (&v), ==, HYCO_VALUE_TYPE_INT);
  g_assert_cmpint (hyco_value_get_int (&v), ==, -7);
  g_assert_cmpfloat (hyco_value_get_double (&v), ==, -7.0);
  g_assert_true (hyco_value_get_boolean (&v));
  g_assert_true (hyco_value_is_numeric (&v));
  hyco_value_set_int (&v, 0);
  g_assert_false (hyco_value_get_boolean (&v));

  hyco_value_set_boolean (&v, TRUE);
  g_assert_cmpint (hyco_value_get_value_type (&v), ==, HYCO_VALUE_TYPE_BOOLEAN);
  g_assert_true (hyco_value_get_boolean (&v));
  g_assert_cmpfloat (hyco_value_get_double (&v), ==, 1.0);
  g_assert_cmpint (hyco_value_get_int (&v), ==, 1);
  g_assert_false (hyco_value_is_numeric (&v));
  hyco_value_set_boolean (&v, 42); /* normalised */
  g_assert_cmpint (hyco_value_get_boolean (&v), ==, TRUE);
  hyco_value_set_boolean (&v, FALSE);
  g_assert_cmpfloat (hyco_value_get_double (&v), ==, 0.0);
  g_assert_cmpint (hyco_value_get_int (&v), ==, 0);

  hyco_value_set_string (&v, "text");
  g_assert_cmpint (hyco_value_get_value_type (&v), ==, HYCO_VALUE_TYPE_STRING);
  g_assert_cmpstr (hyco_value_get_string (&v), ==, "text");
  g_assert_false (hyco_value_is_numeric (&v));
  g_assert_cmpfloat (hyco_value_get_double (&v), ==, 0.0);
  g_assert_cmpint (hyco_value_get_int (&v), ==, 0);
  g_assert_false (hyco_value_get_boolean (&v));

  /* Setting a string over a string (and a string to itself) frees the old one: valgrind. */
  hyco_value_set_string (&v, "other");
  g_assert_cmpstr (hyco_value_get_string (&v), ==, "other");
  hyco_value_set_string (&v, hyco_value_get_string (&v));
  g_assert_cmpstr (hyco_value_get_string (&v), ==, "other");
  hyco_value_set_int (&v, 3);
  g_assert_null (hyco_value_get_string (&v));

  hyco_value_clear (&v);
  g_assert_cmpint (hyco_value_get_value_type (&v), ==, HYCO_VALUE_TYPE_NONE);
  g_assert_cmpfloat (hyco_value_get_double (&v), ==, 0.0);
  g_assert_false (hyco_value_is_numeric (&v));
  hyco_value_clear (&v); /* clearing twice is fine */
}

/* The scalar setters write in place over a scalar and release a string, an array or a record
 * first (valgrind: nothing leaks, nothing shared is freed); what they leave compares as a
 * freshly set value does. */
static void
test_set_in_place (void)
{
  g_auto (HycoValue) v = HYCO_VALUE_INIT;
  g_auto (HycoValue) shared = HYCO_VALUE_INIT;
  g_auto (HycoValue) fresh = HYCO_VALUE_INIT;

  hyco_value_set_string (&v, "released");
  hyco_value_set_double (&v, 1.5);
  g_assert_cmpint (hyco_value_get_value_type (&v), ==, HYCO_VALUE_TYPE_DOUBLE);
  g_assert_cmpfloat (hyco_value_get_double (&v), ==, 1.5);

  parse_ok ("{1, 2, 3}", &shared);
  hyco_value_assign (&v, &shared);
  hyco_value_set_int (&v, 4);
  g_assert_cmpint (hyco_value_get_int (&v), ==, 4);
  assert_to_literal (&shared, "{1, 2, 3}"); /* the array v shared is still whole */

  parse_ok ("{a = \"x\"}", &shared);
  hyco_value_assign (&v, &shared);
  hyco_value_set_boolean (&v, TRUE);
  assert_to_literal (&shared, "{a = \"x\"}");

  /* A boolean over a double whose bits are all set reads and compares as a fresh one. */
  hyco_value_set_double (&v, -NAN);
  hyco_value_set_boolean (&v, 7);
  hyco_value_set_boolean (&fresh, TRUE);
  g_assert_true (hyco_value_equal (&v, &fresh));
  g_assert_cmpint (hyco_value_get_int (&v), ==, 1);
  hyco_value_set_boolean (&v, FALSE);
  hyco_value_set_boolean (&fresh, FALSE);
  g_assert_true (hyco_value_equal (&v, &fresh));

  /* Over a none, and a double over an int over a double. */
  hyco_value_clear (&v);
  hyco_value_set_int (&v, -3);
  hyco_value_set_double (&v, 0.25);
  g_assert_cmpfloat (hyco_value_get_double (&v), ==, 0.25);
  hyco_value_set_int (&v, G_MININT64);
  g_assert_cmpint (hyco_value_get_int (&v), ==, G_MININT64);
}

static void
test_copy_assign_free (void)
{
  g_autoptr (HycoValue) s = hyco_value_new ();
  g_autoptr (HycoValue) copy = NULL;
  g_auto (HycoValue) dest = HYCO_VALUE_INIT;
  HycoValue *boxed;

  hyco_value_set_string (s, "deep");
  copy = hyco_value_copy (s);
  g_assert_cmpstr (hyco_value_get_string (copy), ==, "deep");
  g_assert_true (hyco_value_get_string (copy) != hyco_value_get_string (s));

  hyco_value_set_string (&dest, "overwritten");
  hyco_value_assign (&dest, s);
  g_assert_cmpstr (hyco_value_get_string (&dest), ==, "deep");
  g_assert_true (hyco_value_get_string (&dest) != hyco_value_get_string (s));

  /* Self-assignment must not free the string it copies. */
  hyco_value_assign (&dest, &dest);
  g_assert_cmpstr (hyco_value_get_string (&dest), ==, "deep");

  hyco_value_set_double (s, 1.5);
  hyco_value_assign (&dest, s);
  g_assert_cmpfloat (hyco_value_get_double (&dest), ==, 1.5);

  boxed = g_boxed_copy (HYCO_TYPE_VALUE, s);
  g_assert_true (hyco_value_equal (boxed, s));
  g_boxed_free (HYCO_TYPE_VALUE, boxed);

  hyco_value_free (NULL);
}

static void
test_equal (void)
{
  g_auto (HycoValue) a = HYCO_VALUE_INIT;
  g_auto (HycoValue) b = HYCO_VALUE_INIT;

  g_assert_true (hyco_value_equal (&a, &b)); /* none == none */

  hyco_value_set_int (&a, 1);
  g_assert_false (hyco_value_equal (&a, &b));
  hyco_value_set_double (&b, 1.0);
  g_assert_true (hyco_value_equal (&a, &b));
  g_assert_true (hyco_value_equal (&b, &a));
  hyco_value_set_double (&b, 1.5);
  g_assert_false (hyco_value_equal (&a, &b));

  /* Integer–double comparison is exact, not through a rounded double. */
  hyco_value_set_int (&a, (G_GINT64_CONSTANT (1) << 53) + 1);
  hyco_value_set_double (&b, 9007199254740992.0);
  g_assert_false (hyco_value_equal (&a, &b));
  hyco_value_set_int (&a, G_MAXINT64);
  hyco_value_set_double (&b, 9223372036854775808.0);
  g_assert_false (hyco_value_equal (&a, &b));
  hyco_value_set_int (&a, G_MININT64);
  hyco_value_set_double (&b, -9223372036854775808.0);
  g_assert_true (hyco_value_equal (&a, &b));
  hyco_value_set_double (&b, NAN);
  g_assert_false (hyco_value_equal (&a, &b));

  hyco_value_set_double (&a, NAN);
  g_assert_true (hyco_value_equal (&a, &b));
  g_assert_true (hyco_value_equal (&a, &a));
  hyco_value_set_double (&a, 0.0);
  g_assert_false (hyco_value_equal (&a, &b));
  hyco_value_set_double (&b, -0.0);
  g_assert_true (hyco_value_equal (&a, &b));
  hyco_value_set_double (&a, INFINITY);
  hyco_value_set_double (&b, INFINITY);
  g_assert_true (hyco_value_equal (&a, &b));
  hyco_value_set_double (&b, -INFINITY);
  g_assert_false (hyco_value_equal (&a, &b));

  hyco_value_set_boolean (&a, TRUE);
  hyco_value_set_boolean (&b, TRUE);
  g_assert_true (hyco_value_equal (&a, &b));
  hyco_value_set_boolean (&b, FALSE);
  g_assert_false (hyco_value_equal (&a, &b));
  hyco_value_set_int (&b, 1);
  g_assert_false (hyco_value_equal (&a, &b)); /* booleans are not numbers */

  hyco_value_set_string (&a, "x");
  hyco_value_set_string (&b, "x");
  g_assert_true (hyco_value_equal (&a, &b));
  hyco_value_set_string (&b, "y");
  g_assert_false (hyco_value_equal (&a, &b));
  hyco_value_set_string (&a, "1");
  hyco_value_set_int (&b, 1);
  g_assert_false (hyco_value_equal (&a, &b));
}

static void
test_close (void)
{
  g_auto (HycoValue) a = HYCO_VALUE_INIT;
  g_auto (HycoValue) b = HYCO_VALUE_INIT;

  hyco_value_set_double (&a, 1.0);
  hyco_value_set_double (&b, 1.05);
  g_assert_true (hyco_value_close (&a, &b, 0.1));
  g_assert_false (hyco_value_close (&a, &b, 0.01));
  g_assert_true (hyco_value_close (&b, &a, 0.1));
  g_assert_false (hyco_value_close (&a, &b, 0.0));

  hyco_value_set_int (&b, 2);
  g_assert_true (hyco_value_close (&a, &b, 1.0));
  g_assert_false (hyco_value_close (&a, &b, 0.5));

  hyco_value_set_int (&a, G_MININT64);
  hyco_value_set_int (&b, G_MAXINT64);
  g_assert_false (hyco_value_close (&a, &b, 1e18));
  g_assert_true (hyco_value_close (&a, &b, 2e19));
  hyco_value_set_int (&a, G_MAXINT64 - 1);
  g_assert_true (hyco_value_close (&a, &b, 1.0));
  g_assert_false (hyco_value_close (&a, &b, 0.0));

  hyco_value_set_double (&a, NAN);
  hyco_value_set_double (&b, NAN);
  g_assert_true (hyco_value_close (&a, &b, 0.0));
  hyco_value_set_double (&b, 1.0);
  g_assert_false (hyco_value_close (&a, &b, 1e300));
  hyco_value_set_double (&a, INFINITY);
  hyco_value_set_double (&b, INFINITY);
  g_assert_true (hyco_value_close (&a, &b, 0.0));

  hyco_value_set_string (&a, "s");
  hyco_value_set_string (&b, "s");
  g_assert_true (hyco_value_close (&a, &b, 0.0));
  hyco_value_set_string (&b, "t");
  g_assert_false (hyco_value_close (&a, &b, 1e300));
  hyco_value_set_boolean (&a, TRUE);
  hyco_value_set_int (&b, 1);
  g_assert_false (hyco_value_close (&a, &b, 1e300));
  hyco_value_set_boolean (&b, TRUE);
  g_assert_true (hyco_value_close (&a, &b, 0.0));
}

static void
test_addition (void)
{
  g_autoptr (GError) error = NULL;
  g_auto (HycoValue) a = HYCO_VALUE_INIT;
  g_auto (HycoValue) b = HYCO_VALUE_INIT;
  g_auto (HycoValue) r = HYCO_VALUE_INIT;

  hyco_value_set_int (&a, 2);
  hyco_value_set_int (&b, 3);
  g_assert_true (hyco_value_add (&a, &b, &r, &error));
  g_assert_no_error (error);
  g_assert_cmpint (hyco_value_get_value_type (&r), ==, HYCO_VALUE_TYPE_INT);
  g_assert_cmpint (hyco_value_get_int (&r), ==, 5);

  hyco_value_set_double (&b, 0.5);
  g_assert_true (hyco_value_add (&a, &b, &r, &error));
  g_assert_cmpint (hyco_value_get_value_type (&r), ==, HYCO_VALUE_TYPE_DOUBLE);
  g_assert_cmpfloat (hyco_value_get_double (&r), ==, 2.5);
  g_assert_true (hyco_value_add (&b, &a, &r, &error));
  g_assert_cmpfloat (hyco_value_get_double (&r), ==, 2.5);

  hyco_value_set_double (&a, 0.25);
  g_assert_true (hyco_value_add (&a, &b, &r, &error));
  g_assert_cmpint (hyco_value_get_value_type (&r), ==, HYCO_VALUE_TYPE_DOUBLE);
  g_assert_cmpfloat (hyco_value_get_double (&r), ==, 0.75);
  g_assert_no_error (error);
}

static void
test_add_strings (void)
{
  g_autoptr (GError) error = NULL;
  g_auto (HycoValue) a = HYCO_VALUE_INIT;
  g_auto (HycoValue) b = HYCO_VALUE_INIT;
  g_auto (HycoValue) r = HYCO_VALUE_INIT;

  hyco_value_set_string (&a, "a");
  hyco_value_set_string (&b, "b");
  g_assert_true (hyco_value_add (&a, &b, &r, &error));
  g_assert_cmpstr (hyco_value_get_string (&r), ==, "ab");

  hyco_value_set_int (&b, 1);
  g_assert_true (hyco_value_add (&a, &b, &r, &error));
  g_assert_cmpstr (hyco_value_get_string (&r), ==, "a1");
  g_assert_true (hyco_value_add (&b, &a, &r, &error));
  g_assert_cmpstr (hyco_value_get_string (&r), ==, "1a");

  hyco_value_set_boolean (&b, TRUE);
  g_assert_true (hyco_value_add (&a, &b, &r, &error));
  g_assert_cmpstr (hyco_value_get_string (&r), ==, "atrue");

  hyco_value_set_double (&b, 0.5);
  g_assert_true (hyco_value_add (&a, &b, &r, &error));
  g_assert_cmpstr (hyco_value_get_string (&r), ==, "a0.5");
  g_assert_no_error (error);
}

/* The result may be one of the operands, including when it holds a string. */
static void
test_add_aliasing (void)
{
  g_autoptr (GError) error = NULL;
  g_auto (HycoValue) a = HYCO_VALUE_INIT;
  g_auto (HycoValue) b = HYCO_VALUE_INIT;

  hyco_value_set_int (&a, 2);
  hyco_value_set_int (&b, 3);
  g_assert_true (hyco_value_add (&a, &b, &a, &error));
  g_assert_cmpint (hyco_value_get_int (&a), ==, 5);
  g_assert_true (hyco_value_add (&a, &b, &b, &error));
  g_assert_cmpint (hyco_value_get_int (&b), ==, 8);
  g_assert_true (hyco_value_add (&a, &a, &a, &error));
  g_assert_cmpint (hyco_value_get_int (&a), ==, 10);

  hyco_value_set_string (&a, "ab");
  g_assert_true (hyco_value_add (&a, &a, &a, &error));
  g_assert_cmpstr (hyco_value_get_string (&a), ==, "abab");
  hyco_value_set_string (&b, "c");
  g_assert_true (hyco_value_add (&a, &b, &b, &error));
  g_assert_cmpstr (hyco_value_get_string (&b), ==, "ababc");
  g_assert_true (hyco_value_add (&a, &b, &a, &error));
  g_assert_cmpstr (hyco_value_get_string (&a), ==, "ababababc");

  /* A string result replaced by a number frees the string. */
  hyco_value_set_int (&b, 1);
  hyco_value_set_double (&b, 1.5);
  {
    g_auto (HycoValue) one = HYCO_VALUE_INIT;

    hyco_value_set_int (&one, 1);
    g_assert_true (hyco_value_add (&b, &one, &a, &error));
    g_assert_cmpfloat (hyco_value_get_double (&a), ==, 2.5);
  }

  hyco_value_set_double (&a, 1.5);
  g_assert_true (hyco_value_multiply (&a, &a, &a, &error));
  g_assert_cmpfloat (hyco_value_get_double (&a), ==, 2.25);
  g_assert_no_error (error);
}

static void
test_add_errors (void)
{
  g_auto (HycoValue) a = HYCO_VALUE_INIT;
  g_auto (HycoValue) b = HYCO_VALUE_INIT;
  g_auto (HycoValue) r = HYCO_VALUE_INIT;

  hyco_value_set_string (&r, "untouched");

  {
    g_autoptr (GError) error = NULL;

    hyco_value_set_boolean (&a, TRUE);
    hyco_value_set_int (&b, 1);
    g_assert_false (hyco_value_add (&a, &b, &r, &error));
    g_assert_error (error, HYCO_VALUE_ERROR, HYCO_VALUE_ERROR_TYPE);
    g_assert_nonnull (strstr (error->message, "boolean"));
    g_assert_nonnull (strstr (error->message, "int"));
    g_assert_cmpstr (hyco_value_get_string (&r), ==, "untouched");
  }
  {
    g_autoptr (GError) error = NULL;

    hyco_value_set_boolean (&b, FALSE);
    g_assert_false (hyco_value_add (&a, &b, &r, &error));
    g_assert_error (error, HYCO_VALUE_ERROR, HYCO_VALUE_ERROR_TYPE);
  }
  {
    g_autoptr (GError) error = NULL;

    hyco_value_clear (&a);
    hyco_value_set_double (&b, 1.0);
    g_assert_false (hyco_value_add (&a, &b, &r, &error));
    g_assert_error (error, HYCO_VALUE_ERROR, HYCO_VALUE_ERROR_TYPE);
    g_assert_nonnull (strstr (error->message, "none"));
    g_assert_nonnull (strstr (error->message, "double"));
  }
  {
    g_autoptr (GError) error = NULL;

    hyco_value_set_string (&b, "s");
    g_assert_false (hyco_value_add (&a, &b, &r, &error));
    g_assert_error (error, HYCO_VALUE_ERROR, HYCO_VALUE_ERROR_TYPE);
  }
  {
    g_autoptr (GError) error = NULL;

    hyco_value_set_int (&a, G_MAXINT64);
    hyco_value_set_int (&b, 1);
    g_assert_false (hyco_value_add (&a, &b, &r, &error));
    g_assert_error (error, HYCO_VALUE_ERROR, HYCO_VALUE_ERROR_OVERFLOW);
    g_assert_nonnull (strstr (error->message, "9223372036854775807"));
    g_assert_cmpstr (hyco_value_get_string (&r), ==, "untouched");
  }
  {
    g_autoptr (GError) error = NULL;

    hyco_value_set_int (&a, G_MININT64);
    hyco_value_set_int (&b, -1);
    g_assert_false (hyco_value_add (&a, &b, &a, &error));
    g_assert_error (error, HYCO_VALUE_ERROR, HYCO_VALUE_ERROR_OVERFLOW);
    g_assert_cmpint (hyco_value_get_int (&a), ==, G_MININT64);
  }
  /* A NULL error location is allowed. */
  g_assert_false (hyco_value_add (&a, &b, &r, NULL));
}

static void
test_multiply (void)
{
  g_auto (HycoValue) a = HYCO_VALUE_INIT;
  g_auto (HycoValue) b = HYCO_VALUE_INIT;
  g_auto (HycoValue) r = HYCO_VALUE_INIT;

  {
    g_autoptr (GError) error = NULL;

    hyco_value_set_int (&a, 6);
    hyco_value_set_int (&b, -7);
    g_assert_true (hyco_value_multiply (&a, &b, &r, &error));
    g_assert_no_error (error);
    g_assert_cmpint (hyco_value_get_value_type (&r), ==, HYCO_VALUE_TYPE_INT);
    g_assert_cmpint (hyco_value_get_int (&r), ==, -42);

    hyco_value_set_double (&b, 0.5);
    g_assert_true (hyco_value_multiply (&a, &b, &r, &error));
    g_assert_cmpint (hyco_value_get_value_type (&r), ==, HYCO_VALUE_TYPE_DOUBLE);
    g_assert_cmpfloat (hyco_value_get_double (&r), ==, 3.0);
    g_assert_no_error (error);
  }
  {
    g_autoptr (GError) error = NULL;

    hyco_value_set_int (&a, G_GINT64_CONSTANT (4611686018427387904)); /* 2^62 */
    hyco_value_set_int (&b, 2);
    g_assert_false (hyco_value_multiply (&a, &b, &r, &error));
    g_assert_error (error, HYCO_VALUE_ERROR, HYCO_VALUE_ERROR_OVERFLOW);
    g_assert_cmpfloat (hyco_value_get_double (&r), ==, 3.0);
  }
  {
    g_autoptr (GError) error = NULL;

    hyco_value_set_int (&b, -2);
    g_assert_true (hyco_value_multiply (&a, &b, &r, &error));
    g_assert_cmpint (hyco_value_get_int (&r), ==, G_MININT64);
    g_assert_no_error (error);
  }
  {
    g_autoptr (GError) error = NULL;

    hyco_value_set_string (&a, "a");
    g_assert_false (hyco_value_multiply (&a, &b, &r, &error));
    g_assert_error (error, HYCO_VALUE_ERROR, HYCO_VALUE_ERROR_TYPE);
    g_assert_nonnull (strstr (error->message, "string"));
  }
  {
    g_autoptr (GError) error = NULL;

    hyco_value_set_boolean (&a, TRUE);
    g_assert_false (hyco_value_multiply (&a, &b, &r, &error));
    g_assert_error (error, HYCO_VALUE_ERROR, HYCO_VALUE_ERROR_TYPE);
  }
  {
    g_autoptr (GError) error = NULL;

    hyco_value_clear (&a);
    g_assert_false (hyco_value_multiply (&a, &b, &r, &error));
    g_assert_error (error, HYCO_VALUE_ERROR, HYCO_VALUE_ERROR_TYPE);
  }
}

static void
test_parse_literal (void)
{
  g_auto (HycoValue) v = HYCO_VALUE_INIT;

  parse_ok ("true", &v);
  g_assert_cmpint (hyco_value_get_value_type (&v), ==, HYCO_VALUE_TYPE_BOOLEAN);
  g_assert_true (hyco_value_get_boolean (&v));
  parse_ok (" false ", &v);
  g_assert_cmpint (hyco_value_get_value_type (&v), ==, HYCO_VALUE_TYPE_BOOLEAN);
  g_assert_false (hyco_value_get_boolean (&v));

  parse_ok ("42", &v);
  g_assert_cmpint (hyco_value_get_value_type (&v), ==, HYCO_VALUE_TYPE_INT);
  g_assert_cmpint (hyco_value_get_int (&v), ==, 42);
  parse_ok ("-42", &v);
  g_assert_cmpint (hyco_value_get_int (&v), ==, -42);
  parse_ok ("+42", &v);
  g_assert_cmpint (hyco_value_get_int (&v), ==, 42);
  parse_ok ("5L", &v);
  g_assert_cmpint (hyco_value_get_value_type (&v), ==, HYCO_VALUE_TYPE_INT);
  g_assert_cmpint (hyco_value_get_int (&v), ==, 5);
  parse_ok ("007", &v);
  g_assert_cmpint (hyco_value_get_int (&v), ==, 7);
  parse_ok ("9223372036854775807", &v);
  g_assert_cmpint (hyco_value_get_int (&v), ==, G_MAXINT64);
  parse_ok ("-9223372036854775808", &v);
  g_assert_cmpint (hyco_value_get_int (&v), ==, G_MININT64);

  parse_ok ("2.5", &v);
  g_assert_cmpint (hyco_value_get_value_type (&v), ==, HYCO_VALUE_TYPE_DOUBLE);
  g_assert_cmpfloat (hyco_value_get_double (&v), ==, 2.5);
  parse_ok ("1e-3", &v);
  g_assert_cmpint (hyco_value_get_value_type (&v), ==, HYCO_VALUE_TYPE_DOUBLE);
  g_assert_cmpfloat (hyco_value_get_double (&v), ==, 1e-3);
  parse_ok ("1E3", &v);
  g_assert_cmpint (hyco_value_get_value_type (&v), ==, HYCO_VALUE_TYPE_DOUBLE);
  g_assert_cmpfloat (hyco_value_get_double (&v), ==, 1000.0);
  parse_ok ("1.0", &v);
  g_assert_cmpint (hyco_value_get_value_type (&v), ==, HYCO_VALUE_TYPE_DOUBLE);
  parse_ok (".5", &v);
  g_assert_cmpfloat (hyco_value_get_double (&v), ==, 0.5);
  parse_ok ("-5.", &v);
  g_assert_cmpfloat (hyco_value_get_double (&v), ==, -5.0);
  parse_ok ("0.1", &v);
  g_assert_cmpfloat (hyco_value_get_double (&v), ==, 0.1);
  parse_ok ("1e-400", &v); /* underflows to zero, not an error */
  g_assert_cmpfloat (hyco_value_get_double (&v), ==, 0.0);
  parse_ok ("Infinity", &v);
  g_assert_true (isinf (hyco_value_get_double (&v)) && hyco_value_get_double (&v) > 0);
  parse_ok ("-Infinity", &v);
  g_assert_true (isinf (hyco_value_get_double (&v)) && hyco_value_get_double (&v) < 0);
  parse_ok ("NaN", &v);
  g_assert_true (isnan (hyco_value_get_double (&v)));

  parse_ok ("\"hello, world\"", &v);
  g_assert_cmpint (hyco_value_get_value_type (&v), ==, HYCO_VALUE_TYPE_STRING);
  g_assert_cmpstr (hyco_value_get_string (&v), ==, "hello, world");
  parse_ok ("  \"\"  ", &v);
  g_assert_cmpstr (hyco_value_get_string (&v), ==, "");
  parse_ok ("\"q\\\"b\\\\n\\nt\\t\"", &v);
  g_assert_cmpstr (hyco_value_get_string (&v), ==, "q\"b\\n\nt\t");
  parse_ok ("\"  padded  \"", &v);
  g_assert_cmpstr (hyco_value_get_string (&v), ==, "  padded  ");
  parse_ok ("\"caf\xc3\xa9\"", &v);
  g_assert_cmpstr (hyco_value_get_string (&v), ==, "caf\xc3\xa9");
}

static void
test_parse_literal_errors (void)
{
  static const char *const bad[] = {
    "",
    "   ",
    "abc",
    "True",
    "1.2.3",
    "1e",
    "--1",
    ".",
    "1,5",
    "0x1", /* not a hexadecimal int (0x10 is bytes) */
    "inf",
    "nan",
    "infinity",
    "\"open",
    "\"a\"b\"",
    "\"bad\\q\"",
    "\"trail\\\"",
    "'single'",
    "1 2",
    "5LL",
    "L",
    "1.5L",
    "9223372036854775808",
    "-9223372036854775809",
    "99999999999999999999999",
    "1e400",
    "-1e400",
    "\"\xff\"",
    "{1",
    "{1, }",
    "{1} 2",
    "{a = 1, 2}",
    "{1, a = 2}",
    "{{1, x}}",
  };

  for (gsize i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;
      g_auto (HycoValue) v = HYCO_VALUE_INIT;

      hyco_value_set_string (&v, "untouched");
      g_assert_false (hyco_value_parse_literal (bad[i], &v, &error));
      g_assert_error (error, HYCO_VALUE_ERROR, HYCO_VALUE_ERROR_SYNTAX);
      g_assert_cmpstr (hyco_value_get_string (&v), ==, "untouched");
      g_test_message ("%s", error->message);
    }

  {
    g_autoptr (GError) error = NULL;
    g_auto (HycoValue) v = HYCO_VALUE_INIT;

    g_assert_false (hyco_value_parse_literal (" abc ", &v, &error));
    g_assert_true (g_str_has_prefix (error->message, "\"abc\" is not a value literal"));
  }
}

static void
test_to_string (void)
{
  g_auto (HycoValue) v = HYCO_VALUE_INIT;

  assert_to_string (&v, "");
  hyco_value_set_double (&v, 0.1);
  assert_to_string (&v, "0.10000000000000001");
  hyco_value_set_double (&v, 2.5);
  assert_to_string (&v, "2.5");
  hyco_value_set_double (&v, 1.0);
  assert_to_string (&v, "1");
  hyco_value_set_double (&v, 1e300);
  assert_to_string (&v, "1.0000000000000001e+300");
  hyco_value_set_double (&v, INFINITY);
  assert_to_string (&v, "Infinity");
  hyco_value_set_double (&v, -INFINITY);
  assert_to_string (&v, "-Infinity");
  hyco_value_set_double (&v, NAN);
  assert_to_string (&v, "NaN");
  hyco_value_set_int (&v, G_MININT64);
  assert_to_string (&v, "-9223372036854775808");
  hyco_value_set_int (&v, 42);
  assert_to_string (&v, "42");
  hyco_value_set_boolean (&v, TRUE);
  assert_to_string (&v, "true");
  hyco_value_set_boolean (&v, FALSE);
  assert_to_string (&v, "false");
  hyco_value_set_string (&v, "a,\"b\"");
  assert_to_string (&v, "a,\"b\"");
}

static void
test_to_literal (void)
{
  g_auto (HycoValue) v = HYCO_VALUE_INIT;

  assert_to_literal (&v, "");
  hyco_value_set_double (&v, 0.1);
  assert_to_literal (&v, "0.1");
  hyco_value_set_double (&v, 1.0);
  assert_to_literal (&v, "1.0");
  hyco_value_set_double (&v, -0.0);
  assert_to_literal (&v, "-0.0");
  hyco_value_set_double (&v, 0.1 + 0.2);
  assert_to_literal (&v, "0.30000000000000004");
  hyco_value_set_double (&v, 1e300);
  assert_to_literal (&v, "1e+300");
  hyco_value_set_double (&v, 1e15);
  assert_to_literal (&v, "1e+15");
  hyco_value_set_double (&v, 123456.0);
  assert_to_literal (&v, "123456.0");
  hyco_value_set_double (&v, INFINITY);
  assert_to_literal (&v, "Infinity");
  hyco_value_set_double (&v, -INFINITY);
  assert_to_literal (&v, "-Infinity");
  hyco_value_set_double (&v, NAN);
  assert_to_literal (&v, "NaN");
  hyco_value_set_int (&v, -5);
  assert_to_literal (&v, "-5");
  hyco_value_set_boolean (&v, TRUE);
  assert_to_literal (&v, "true");
  hyco_value_set_string (&v, "say \"hi\"\\\n\tbye");
  assert_to_literal (&v, "\"say \\\"hi\\\"\\\\\\n\\tbye\"");
}

/* parse_literal (to_literal (v)) gives back v, with the same type and bit-exact doubles. */
static void
test_literal_round_trip (void)
{
  static const double doubles[] = {
    0.0,
    -0.0,
    0.1,
    0.2,
    0.3,
    0.1 + 0.2,
    1.0,
    -1.0,
    1.0 / 3.0,
    2.0 / 3.0,
    M_PI,
    M_E,
    1e-300,
    1e300,
    5e-324,
    2.2250738585072014e-308,
    1.7976931348623157e308,
    9007199254740993.0,
    123456789012345678.0,
    1e15,
    1e16,
    1e17,
    1e21,
    1e22,
    1e23,
    INFINITY,
    -INFINITY,
    NAN,
  };
  static const gint64 ints[] = { 0, 1, -1, G_MAXINT64, G_MININT64, 1000000 };
  static const char *const strings[] = {
    "",    "plain", "with \"quotes\"", "back\\slash", "line\nbreak", "tab\there",
    "a,b", "{x}",   "caf\xc3\xa9",     "\\\"",        "\"",
  };
  g_auto (HycoValue) v = HYCO_VALUE_INIT;
  g_auto (HycoValue) back = HYCO_VALUE_INIT;

  for (gsize i = 0; i < G_N_ELEMENTS (doubles); i++)
    {
      g_autofree char *text = NULL;

      hyco_value_set_double (&v, doubles[i]);
      text = hyco_value_to_literal (&v);
      parse_ok (text, &back);
      g_assert_cmpint (hyco_value_get_value_type (&back), ==, HYCO_VALUE_TYPE_DOUBLE);
      g_assert_true (hyco_value_equal (&v, &back));
      g_assert_cmpint (signbit (hyco_value_get_double (&v)), ==,
                       signbit (hyco_value_get_double (&back)));
    }

  /* The text is the shortest of %.15g, %.16g, %.17g that reads back. */
  {
    g_autofree char *text = NULL;

    hyco_value_set_double (&v, 1.0 / 3.0);
    text = hyco_value_to_literal (&v);
    g_assert_cmpstr (text, ==, "0.3333333333333333");
  }

  for (gsize i = 0; i < G_N_ELEMENTS (ints); i++)
    {
      g_autofree char *text = NULL;

      hyco_value_set_int (&v, ints[i]);
      text = hyco_value_to_literal (&v);
      parse_ok (text, &back);
      g_assert_cmpint (hyco_value_get_value_type (&back), ==, HYCO_VALUE_TYPE_INT);
      g_assert_cmpint (hyco_value_get_int (&back), ==, ints[i]);
    }

  for (int b = 0; b <= 1; b++)
    {
      g_autofree char *text = NULL;

      hyco_value_set_boolean (&v, b);
      text = hyco_value_to_literal (&v);
      parse_ok (text, &back);
      g_assert_cmpint (hyco_value_get_value_type (&back), ==, HYCO_VALUE_TYPE_BOOLEAN);
      g_assert_true (hyco_value_equal (&v, &back));
    }

  for (gsize i = 0; i < G_N_ELEMENTS (strings); i++)
    {
      g_autofree char *text = NULL;

      hyco_value_set_string (&v, strings[i]);
      text = hyco_value_to_literal (&v);
      parse_ok (text, &back);
      g_assert_cmpstr (hyco_value_get_string (&back), ==, strings[i]);
    }
}

static void
test_parse_list (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) list = NULL;
  HycoValue *v;

  list = hyco_value_parse_list ("{1, 2.5, \"a,b\", true}", &error);
  g_assert_no_error (error);
  g_assert_nonnull (list);
  g_assert_cmpuint (list->len, ==, 4);
  v = g_ptr_array_index (list, 0);
  g_assert_cmpint (hyco_value_get_value_type (v), ==, HYCO_VALUE_TYPE_INT);
  g_assert_cmpint (hyco_value_get_int (v), ==, 1);
  v = g_ptr_array_index (list, 1);
  g_assert_cmpint (hyco_value_get_value_type (v), ==, HYCO_VALUE_TYPE_DOUBLE);
  g_assert_cmpfloat (hyco_value_get_double (v), ==, 2.5);
  v = g_ptr_array_index (list, 2);
  g_assert_cmpstr (hyco_value_get_string (v), ==, "a,b");
  v = g_ptr_array_index (list, 3);
  g_assert_cmpint (hyco_value_get_value_type (v), ==, HYCO_VALUE_TYPE_BOOLEAN);
  g_assert_true (hyco_value_get_boolean (v));
  g_clear_pointer (&list, g_ptr_array_unref);

  list = hyco_value_parse_list ("{}", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, 0);
  g_clear_pointer (&list, g_ptr_array_unref);

  list = hyco_value_parse_list ("  {  }  ", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, 0);
  g_clear_pointer (&list, g_ptr_array_unref);

  list = hyco_value_parse_list (" {42} ", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, 1);
  g_assert_cmpint (hyco_value_get_int (g_ptr_array_index (list, 0)), ==, 42);
  g_clear_pointer (&list, g_ptr_array_unref);

  /* Escaped quotes and commas inside strings do not end the element. */
  list = hyco_value_parse_list ("{\"x\\\",y\",\"}\", \"\\\\\",-Infinity}", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, 4);
  g_assert_cmpstr (hyco_value_get_string (g_ptr_array_index (list, 0)), ==, "x\",y");
  g_assert_cmpstr (hyco_value_get_string (g_ptr_array_index (list, 1)), ==, "}");
  g_assert_cmpstr (hyco_value_get_string (g_ptr_array_index (list, 2)), ==, "\\");
  g_assert_true (isinf (hyco_value_get_double (g_ptr_array_index (list, 3))));
}

static void
test_parse_list_errors (void)
{
  static const char *const bad[] = {
    "",     "1, 2", "{1, 2",  "1, 2}",    "{",           "}",    "{,}",   "{1,,2}",
    "{1,}", "{,1}", "{1, x}", "{\"open}", "{{1, 2}, x}", "{1}}", "{ , }", "{a = 1}",
  };

  for (gsize i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (GPtrArray) list = hyco_value_parse_list (bad[i], &error);

      g_assert_null (list);
      g_assert_error (error, HYCO_VALUE_ERROR, HYCO_VALUE_ERROR_SYNTAX);
      g_test_message ("%s: %s", bad[i], error->message);
    }

  {
    g_autoptr (GError) error = NULL;
    g_autoptr (GPtrArray) list = hyco_value_parse_list ("{1,,2}", &error);

    g_assert_null (list);
    g_assert_error (error, HYCO_VALUE_ERROR, HYCO_VALUE_ERROR_SYNTAX);
    g_assert_nonnull (strstr (error->message, "{1,,2}"));
    g_assert_nonnull (strstr (error->message, "element 2"));
  }
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (GPtrArray) list = hyco_value_parse_list ("{1, 2, x}", &error);

    g_assert_null (list);
    g_assert_error (error, HYCO_VALUE_ERROR, HYCO_VALUE_ERROR_SYNTAX);
    g_assert_nonnull (strstr (error->message, "element 3"));
    g_assert_nonnull (strstr (error->message, "\"x\""));
  }
}

static void
assert_literal_round_trip (const char *text, const char *expected)
{
  g_auto (HycoValue) v = HYCO_VALUE_INIT;
  g_auto (HycoValue) back = HYCO_VALUE_INIT;
  g_autofree char *literal = NULL;

  parse_ok (text, &v);
  literal = hyco_value_to_literal (&v);
  g_assert_cmpstr (literal, ==, expected);
  parse_ok (literal, &back);
  g_assert_true (hyco_value_equal (&v, &back));
}

static void
test_arrays (void)
{
  g_auto (HycoValue) a = HYCO_VALUE_INIT;
  g_auto (HycoValue) b = HYCO_VALUE_INIT;
  HycoValue elements[3] = { HYCO_VALUE_INIT, HYCO_VALUE_INIT, HYCO_VALUE_INIT };
  const HycoValue *first;

  hyco_value_set_int (&elements[0], 1);
  hyco_value_set_double (&elements[1], 2.5);
  hyco_value_set_string (&elements[2], "x");
  hyco_value_set_array (&a, elements, 3);
  for (guint i = 0; i < 3; i++)
    hyco_value_clear (&elements[i]);

  g_assert_cmpint (hyco_value_get_value_type (&a), ==, HYCO_VALUE_TYPE_ARRAY);
  g_assert_cmpstr (hyco_value_type_to_string (HYCO_VALUE_TYPE_ARRAY), ==, "array");
  g_assert_cmpuint (hyco_value_get_array_length (&a), ==, 3);
  g_assert_cmpint (hyco_value_get_int (hyco_value_get_array_element (&a, 0)), ==, 1);
  g_assert_cmpstr (hyco_value_get_string (hyco_value_get_array_element (&a, 2)), ==, "x");
  g_assert_null (hyco_value_get_array_element (&a, 3));
  g_assert_false (hyco_value_is_numeric (&a));
  g_assert_cmpfloat (hyco_value_get_double (&a), ==, 0.0);

  /* Assigning shares the elements: the same element, not a copy of it. */
  first = hyco_value_get_array_element (&a, 0);
  hyco_value_assign (&b, &a);
  g_assert_true (hyco_value_get_array_element (&b, 0) == first);
  g_assert_true (hyco_value_equal (&a, &b));
  hyco_value_clear (&a);
  g_assert_cmpint (hyco_value_get_int (hyco_value_get_array_element (&b, 0)), ==, 1);

  /* An element assigned over its own array survives the array's release. */
  hyco_value_assign (&b, hyco_value_get_array_element (&b, 2));
  g_assert_cmpstr (hyco_value_get_string (&b), ==, "x");

  /* An array may contain itself as an element's source. */
  hyco_value_set_int (&a, 7);
  hyco_value_set_array (&a, &a, 1);
  g_assert_cmpuint (hyco_value_get_array_length (&a), ==, 1);
  g_assert_cmpint (hyco_value_get_int (hyco_value_get_array_element (&a, 0)), ==, 7);

  hyco_value_set_array (&a, NULL, 0);
  g_assert_cmpuint (hyco_value_get_array_length (&a), ==, 0);
  assert_to_string (&a, "{}");
}

static void
test_records (void)
{
  static const char *const names[] = { "b", "a", "c" };
  HycoValue values[3] = { HYCO_VALUE_INIT, HYCO_VALUE_INIT, HYCO_VALUE_INIT };
  static const char *const twice[] = { "a", "a" };
  g_auto (HycoValue) r = HYCO_VALUE_INIT;
  g_autoptr (GError) error = NULL;

  hyco_value_set_int (&values[0], 2);
  hyco_value_set_int (&values[1], 1);
  hyco_value_set_string (&values[2], "three");
  g_assert_true (hyco_value_set_record (&r, names, values, 3, &error));
  g_assert_no_error (error);
  g_assert_cmpint (hyco_value_get_value_type (&r), ==, HYCO_VALUE_TYPE_RECORD);
  g_assert_cmpuint (hyco_value_get_record_size (&r), ==, 3);
  /* Sorted by name, as Ptolemy orders a record's fields. */
  g_assert_cmpstr (hyco_value_get_record_field_name (&r, 0), ==, "a");
  g_assert_cmpstr (hyco_value_get_record_field_name (&r, 2), ==, "c");
  g_assert_cmpint (hyco_value_get_int (hyco_value_get_record_field (&r, 1)), ==, 2);
  g_assert_cmpint (hyco_value_get_int (hyco_value_lookup_record_field (&r, "a")), ==, 1);
  g_assert_null (hyco_value_lookup_record_field (&r, "d"));
  g_assert_cmpuint (hyco_value_get_array_length (&r), ==, 0);
  assert_to_string (&r, "{a = 1, b = 2, c = \"three\"}");

  g_assert_false (hyco_value_set_record (&r, twice, values, 2, &error));
  g_assert_error (error, HYCO_VALUE_ERROR, HYCO_VALUE_ERROR_FIELD);
  g_assert_cmpuint (hyco_value_get_record_size (&r), ==, 3);
  for (guint i = 0; i < 3; i++)
    hyco_value_clear (&values[i]);
}

static void
test_compound_literals (void)
{
  g_auto (HycoValue) v = HYCO_VALUE_INIT;
  g_auto (HycoValue) w = HYCO_VALUE_INIT;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) list = NULL;

  assert_literal_round_trip ("{1, 2, 3}", "{1, 2, 3}");
  assert_literal_round_trip (" { 1.0 ,2.5e3,-Infinity } ", "{1.0, 2500.0, -Infinity}");
  assert_literal_round_trip ("{{1, 2}, {}, {\"a,}\"}}", "{{1, 2}, {}, {\"a,}\"}}");
  assert_literal_round_trip ("{b = 2, a = {1L, true}}", "{a = {1, true}, b = 2}");
  assert_literal_round_trip ("{{x = 1}, {x = 2.0}}", "{{x = 1}, {x = 2.0}}");
  assert_literal_round_trip ("{}", "{}");
  parse_ok ("\"a\\rb\\'\"", &v);
  g_assert_cmpstr (hyco_value_get_string (&v), ==, "a\rb'");

  /* Ptolemy compares an int with a double by value, element by element. */
  parse_ok ("{1, 2}", &v);
  parse_ok ("{1.0, 2.0}", &w);
  g_assert_true (hyco_value_equal (&v, &w));
  parse_ok ("{1.0, 2.001}", &w);
  g_assert_false (hyco_value_equal (&v, &w));
  g_assert_true (hyco_value_close (&v, &w, 0.01));
  g_assert_false (hyco_value_close (&v, &w, 0.0001));
  parse_ok ("{1, 2, 3}", &w);
  g_assert_false (hyco_value_close (&v, &w, 10));
  parse_ok ("{a = 1, b = 2.0}", &v);
  parse_ok ("{b = 2, a = 1.0}", &w);
  g_assert_true (hyco_value_equal (&v, &w));
  parse_ok ("{a = 1, c = 2}", &w);
  g_assert_false (hyco_value_close (&v, &w, 10));

  g_assert_false (hyco_value_parse_literal ("{a = 1, a = 2}", &v, &error));
  g_assert_error (error, HYCO_VALUE_ERROR, HYCO_VALUE_ERROR_FIELD);
  g_clear_error (&error);

  g_assert_false (hyco_value_parse_literal ("{1, {2, x}}", &v, &error));
  g_assert_nonnull (strstr (error->message, "element 2: element 2: \"x\""));
  g_clear_error (&error);

  list = hyco_value_parse_list ("{{1, 2}, {a = 3}, \"s\"}", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (list->len, ==, 3);
  g_assert_cmpuint (hyco_value_get_array_length (g_ptr_array_index (list, 0)), ==, 2);
  g_assert_cmpuint (hyco_value_get_record_size (g_ptr_array_index (list, 1)), ==, 1);
}

static void
test_programmer_errors (void)
{
  g_auto (HycoValue) v = HYCO_VALUE_INIT;
  guint n_criticals;

  hyco_value_set_int (&v, 7);

  test_catch_criticals (&n_criticals);
  hyco_value_set_string (&v, NULL);
  g_assert_false (hyco_value_close (&v, &v, -1.0));
  g_assert_false (hyco_value_parse_literal (NULL, &v, NULL));
  g_assert_null (hyco_value_copy (NULL));
  g_assert_null (hyco_value_parse_list (NULL, NULL));
  test_release_criticals ();

  g_assert_cmpuint (n_criticals, ==, 5);
  g_assert_cmpint (hyco_value_get_int (&v), ==, 7);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/value/init", test_init_and_types);
  g_test_add_func ("/value/set-get", test_setters_getters);
  g_test_add_func ("/value/set-in-place", test_set_in_place);
  g_test_add_func ("/value/copy-assign-free", test_copy_assign_free);
  g_test_add_func ("/value/equal", test_equal);
  g_test_add_func ("/value/close", test_close);
  g_test_add_func ("/value/add/numeric", test_addition);
  g_test_add_func ("/value/add/strings", test_add_strings);
  g_test_add_func ("/value/add/aliasing", test_add_aliasing);
  g_test_add_func ("/value/add/errors", test_add_errors);
  g_test_add_func ("/value/multiply", test_multiply);
  g_test_add_func ("/value/parse/literal", test_parse_literal);
  g_test_add_func ("/value/parse/literal-errors", test_parse_literal_errors);
  g_test_add_func ("/value/parse/list", test_parse_list);
  g_test_add_func ("/value/parse/list-errors", test_parse_list_errors);
  g_test_add_func ("/value/to-string", test_to_string);
  g_test_add_func ("/value/to-literal", test_to_literal);
  g_test_add_func ("/value/literal-round-trip", test_literal_round_trip);
  g_test_add_func ("/value/programmer-errors", test_programmer_errors);
  g_test_add_func ("/value/array", test_arrays);
  g_test_add_func ("/value/record", test_records);
  g_test_add_func ("/value/compound-literals", test_compound_literals);

  return g_test_run ();
}
