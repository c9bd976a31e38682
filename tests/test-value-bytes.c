/* test-value-bytes.c: bytes values (FMI 3.0 Binary): sharing, equality, their literal and
 * their text in a trace.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "test-support.h"

#include <string.h>

static void
test_set_get (void)
{
  static const guint8 data[] = { 0x0a, 0x1b, 0x00, 0xff };
  g_auto (HycoValue) v = HYCO_VALUE_INIT;
  const guint8 *got;
  gsize size = 99;

  hyco_value_set_bytes_data (&v, data, sizeof data);
  g_assert_cmpint (hyco_value_get_value_type (&v), ==, HYCO_VALUE_TYPE_BYTES);
  g_assert_cmpstr (hyco_value_type_to_string (HYCO_VALUE_TYPE_BYTES), ==, "bytes");
  got = hyco_value_get_bytes_data (&v, &size);
  g_assert_cmpmem (got, size, data, sizeof data);
  g_assert_true (got != data); /* a copy */
  g_assert_cmpint (g_bytes_get_size (hyco_value_get_bytes (&v)), ==, 4);
  /* Not a number, a string or a boolean. */
  g_assert_cmpfloat (hyco_value_get_double (&v), ==, 0.0);
  g_assert_cmpint (hyco_value_get_int (&v), ==, 0);
  g_assert_false (hyco_value_get_boolean (&v));
  g_assert_null (hyco_value_get_string (&v));
  g_assert_false (hyco_value_is_numeric (&v));

  /* Other values hold no bytes. */
  hyco_value_set_int (&v, 3);
  g_assert_null (hyco_value_get_bytes (&v));
  g_assert_null (hyco_value_get_bytes_data (&v, &size));
  g_assert_cmpuint (size, ==, 0);

  hyco_value_set_bytes_data (&v, NULL, 0);
  g_assert_cmpint (hyco_value_get_value_type (&v), ==, HYCO_VALUE_TYPE_BYTES);
  g_assert_cmpuint (g_bytes_get_size (hyco_value_get_bytes (&v)), ==, 0);
}

/* Copies share the bytes: no copy of the data per value passed on. */
static void
test_shared (void)
{
  g_autoptr (GBytes) bytes = g_bytes_new ("abc", 3);
  g_auto (HycoValue) a = HYCO_VALUE_INIT;
  g_auto (HycoValue) b = HYCO_VALUE_INIT;
  g_autoptr (HycoValue) c = NULL;

  hyco_value_set_bytes (&a, bytes);
  g_assert_true (hyco_value_get_bytes (&a) == bytes);
  hyco_value_assign (&b, &a);
  c = hyco_value_copy (&b);
  g_assert_true (hyco_value_get_bytes (&b) == bytes);
  g_assert_true (hyco_value_get_bytes (c) == bytes);
  hyco_value_clear (&a);
  hyco_value_clear (&b);
  g_assert_cmpmem (g_bytes_get_data (hyco_value_get_bytes (c), NULL), 3, "abc", 3);
  /* Set from the bytes it holds already. */
  hyco_value_set_bytes (c, hyco_value_get_bytes (c));
  g_assert_true (hyco_value_get_bytes (c) == bytes);
  /* As an array's element. */
  hyco_value_set_array (&a, c, 1);
  hyco_value_assign (&a, hyco_value_get_array_element (&a, 0));
  g_assert_true (hyco_value_get_bytes (&a) == bytes);
}

static void
test_equal (void)
{
  g_auto (HycoValue) a = HYCO_VALUE_INIT;
  g_auto (HycoValue) b = HYCO_VALUE_INIT;
  g_auto (HycoValue) s = HYCO_VALUE_INIT;

  hyco_value_set_bytes_data (&a, (const guint8 *) "\x01\x02", 2);
  hyco_value_set_bytes_data (&b, (const guint8 *) "\x01\x02", 2);
  g_assert_true (hyco_value_equal (&a, &b));
  g_assert_true (hyco_value_close (&a, &b, 0.5));
  hyco_value_set_bytes_data (&b, (const guint8 *) "\x01\x03", 2);
  g_assert_false (hyco_value_equal (&a, &b));
  g_assert_false (hyco_value_close (&a, &b, 10.0)); /* bytes are not numbers */
  hyco_value_set_bytes_data (&b, (const guint8 *) "\x01", 1);
  g_assert_false (hyco_value_equal (&a, &b));
  /* Not equal to their text, nor to a number. */
  hyco_value_set_string (&s, "0x0102");
  g_assert_false (hyco_value_equal (&a, &s));
  hyco_value_set_int (&s, 258);
  g_assert_false (hyco_value_equal (&a, &s));
}

static void
test_text (void)
{
  static const struct
  {
    const char *literal, *canonical;
    gsize size;
    const char *data;
  } cases[] = {
    { "0x0a1b", "0x0a1b", 2, "\x0a\x1b" },
    { "0X0A1BFF", "0x0a1bff", 3, "\x0a\x1b\xff" },
    { " 0x00 ", "0x00", 1, "\0" },
    { "0x", "0x", 0, "" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto (HycoValue) v = HYCO_VALUE_INIT;
      g_auto (HycoValue) back = HYCO_VALUE_INIT;
      g_autoptr (GError) error = NULL;
      g_autofree char *literal = NULL, *text = NULL;
      gsize size;
      const guint8 *data;

      g_assert_true (hyco_value_parse_literal (cases[i].literal, &v, &error));
      g_assert_no_error (error);
      g_assert_cmpint (hyco_value_get_value_type (&v), ==, HYCO_VALUE_TYPE_BYTES);
      data = hyco_value_get_bytes_data (&v, &size);
      g_assert_cmpmem (data, size, cases[i].data, cases[i].size);
      literal = hyco_value_to_literal (&v);
      text = hyco_value_to_string (&v);
      g_assert_cmpstr (literal, ==, cases[i].canonical);
      g_assert_cmpstr (text, ==, cases[i].canonical);
      g_assert_true (hyco_value_parse_literal (literal, &back, NULL));
      g_assert_true (hyco_value_equal (&v, &back));
    }
}

static void
test_in_arrays (void)
{
  g_auto (HycoValue) v = HYCO_VALUE_INIT;
  g_autofree char *text = NULL;

  g_assert_true (hyco_value_parse_literal ("{0x01, 0x, 0xabcd}", &v, NULL));
  g_assert_cmpuint (hyco_value_get_array_length (&v), ==, 3);
  g_assert_cmpint (hyco_value_get_value_type (hyco_value_get_array_element (&v, 2)), ==,
                   HYCO_VALUE_TYPE_BYTES);
  text = hyco_value_to_literal (&v);
  g_assert_cmpstr (text, ==, "{0x01, 0x, 0xabcd}");
}

static void
test_bad_literals (void)
{
  static const struct
  {
    const char *literal, *message;
  } cases[] = {
    { "0xa", "bytes literal \"0xa\" has an odd number of hexadecimal digits: write two per "
             "byte (0x0a, not 0xa)" },
    { "0x0g", "bytes literal \"0x0g\" has a character that is not a hexadecimal digit at "
              "position 4" },
    { "0x 01", "bytes literal \"0x 01\" has a character that is not a hexadecimal digit at "
               "position 3" },
  };

  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto (HycoValue) v = HYCO_VALUE_INIT;
      g_autoptr (GError) error = NULL;

      hyco_value_set_int (&v, 7);
      g_assert_false (hyco_value_parse_literal (cases[i].literal, &v, &error));
      g_assert_error (error, HYCO_VALUE_ERROR, HYCO_VALUE_ERROR_SYNTAX);
      g_assert_cmpstr (error->message, ==, cases[i].message);
      /* Unchanged on failure. */
      g_assert_cmpint (hyco_value_get_int (&v), ==, 7);
    }
}

/* Bytes do not add or multiply, except that a string sum takes their text (as any value's). */
static void
test_arithmetic (void)
{
  g_auto (HycoValue) a = HYCO_VALUE_INIT;
  g_auto (HycoValue) s = HYCO_VALUE_INIT;
  g_auto (HycoValue) r = HYCO_VALUE_INIT;
  g_autoptr (GError) error = NULL;

  hyco_value_set_bytes_data (&a, (const guint8 *) "\x01", 1);
  g_assert_false (hyco_value_add (&a, &a, &r, &error));
  g_assert_error (error, HYCO_VALUE_ERROR, HYCO_VALUE_ERROR_TYPE);
  g_clear_error (&error);
  g_assert_false (hyco_value_multiply (&a, &a, &r, &error));
  g_assert_error (error, HYCO_VALUE_ERROR, HYCO_VALUE_ERROR_TYPE);
  hyco_value_set_string (&s, "b=");
  g_assert_true (hyco_value_add (&s, &a, &r, NULL));
  g_assert_cmpstr (hyco_value_get_string (&r), ==, "b=0x01");
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/value-bytes/set-get", test_set_get);
  g_test_add_func ("/value-bytes/shared", test_shared);
  g_test_add_func ("/value-bytes/equal", test_equal);
  g_test_add_func ("/value-bytes/text", test_text);
  g_test_add_func ("/value-bytes/in-arrays", test_in_arrays);
  g_test_add_func ("/value-bytes/bad-literals", test_bad_literals);
  g_test_add_func ("/value-bytes/arithmetic", test_arithmetic);
  return g_test_run ();
}
