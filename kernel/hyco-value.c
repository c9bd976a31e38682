/* hyco-value.c: the values a signal carries (double, int64, boolean, string, array, record,
 * bytes).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-value.h"
#include "hyco-value-private.h"
#include "hyco-util-private.h"

#include <errno.h>
#include <math.h>
#include <string.h>

/* The quark name is text, not a subtraction: keep clang-format away from it. */
/* clang-format off */
/**
 * hyco_value_error_quark:
 *
 * The error domain of values: a literal that cannot be parsed, an operation on a type that does not
 * allow it, an integer overflow, a record that names a field twice.
 *
 * Returns: the #GQuark of #HycoValueError
 */
G_DEFINE_QUARK (hyco-value-error-quark, hyco_value_error)
/* clang-format on */

G_DEFINE_BOXED_TYPE (HycoValue, hyco_value, hyco_value_copy, hyco_value_free)

/* The shared payload of an array or a record. It is immutable once built, so values that
 * hold it share it by reference: passing an array through ports and parameters never copies
 * its elements. A record's names are sorted, which is the order Ptolemy gives its fields. */
typedef struct
{
  gatomicrefcount ref;
  gsize n;
  char **names; /* NULL for an array */
  HycoValue items[];
} Compound;

static gboolean
is_compound_type (HycoValueType type)
{
  return type == HYCO_VALUE_TYPE_ARRAY || type == HYCO_VALUE_TYPE_RECORD;
}

static Compound *
compound_new (gsize n, gboolean with_names)
{
  Compound *c = g_malloc0 (sizeof (Compound) + n * sizeof (HycoValue));

  g_atomic_ref_count_init (&c->ref);
  c->n = n;
  if (with_names)
    c->names = g_new0 (char *, n + 1);
  return c;
}

static void
compound_unref (Compound *c)
{
  if (!g_atomic_ref_count_dec (&c->ref))
    return;
  for (gsize i = 0; i < c->n; i++)
    hyco_value_clear (&c->items[i]);
  g_strfreev (c->names);
  g_free (c);
}

static const Compound *
compound_of (const HycoValue *value, HycoValueType type)
{
  return value->type == type ? value->data.v_compound : NULL;
}

/**
 * hyco_value_new:
 *
 * Creates an empty value (of type %HYCO_VALUE_TYPE_NONE) on the heap. Values embedded in
 * other structures or on the stack are initialised with `HYCO_VALUE_INIT` instead.
 *
 * Returns: (transfer full): a new #HycoValue; free with [method@Hyco.Value.free]
 */
HycoValue *
hyco_value_new (void)
{
  return g_new0 (HycoValue, 1);
}

/**
 * hyco_value_copy:
 * @value: a #HycoValue
 *
 * Copies a value on the heap; a string is duplicated, an array or a record is shared (it is
 * immutable).
 *
 * Returns: (transfer full): a copy of @value
 */
HycoValue *
hyco_value_copy (const HycoValue *value)
{
  HycoValue *copy;

  g_return_val_if_fail (value != NULL, NULL);

  copy = hyco_value_new ();
  hyco_value_assign (copy, value);
  return copy;
}

/**
 * hyco_value_free:
 * @value: (nullable) (transfer full): a heap-allocated #HycoValue
 *
 * Clears and frees a value made by [ctor@Hyco.Value.new] or [method@Hyco.Value.copy].
 * Does nothing for %NULL.
 */
void
hyco_value_free (HycoValue *value)
{
  if (value == NULL)
    return;

  hyco_value_clear (value);
  g_free (value);
}

/**
 * hyco_value_clear:
 * @value: a #HycoValue
 *
 * Releases what @value owns (a string) and resets it to %HYCO_VALUE_TYPE_NONE. The value can
 * be reused afterwards.
 */
void
hyco_value_clear (HycoValue *value)
{
  g_return_if_fail (value != NULL);

  if (value->type == HYCO_VALUE_TYPE_STRING)
    g_free (value->data.v_string);
  else if (value->type == HYCO_VALUE_TYPE_BYTES)
    g_bytes_unref (value->data.v_bytes);
  else if (is_compound_type (value->type))
    compound_unref (value->data.v_compound);
  value->type = HYCO_VALUE_TYPE_NONE;
  memset (&value->data, 0, sizeof value->data);
}

/**
 * hyco_value_assign:
 * @dest: the #HycoValue to overwrite
 * @src: the #HycoValue to copy
 *
 * Replaces the content of @dest with a copy of @src: a string is duplicated, an array or a
 * record is shared by reference (it is immutable). @dest and @src may be the same value, and
 * @src may be an element of the array @dest holds.
 */
void
hyco_value_assign (HycoValue *dest, const HycoValue *src)
{
  g_return_if_fail (dest != NULL);
  g_return_if_fail (src != NULL);

  /* Clearing dest first would free the string we are about to copy. */
  if (dest == src)
    return;

  /* Take what src holds before clearing dest, which may own src (an element of its array). */
  HycoValue tmp = *src;

  if (src->type == HYCO_VALUE_TYPE_STRING)
    tmp.data.v_string = g_strdup (src->data.v_string);
  else if (src->type == HYCO_VALUE_TYPE_BYTES)
    g_bytes_ref (src->data.v_bytes);
  else if (is_compound_type (src->type))
    g_atomic_ref_count_inc (&((Compound *) src->data.v_compound)->ref);
  hyco_value_clear (dest);
  *dest = tmp;
}

/**
 * hyco_value_get_value_type:
 * @value: a #HycoValue
 *
 * Gets the kind of value held.
 *
 * Returns: the #HycoValueType of @value
 */
HycoValueType
hyco_value_get_value_type (const HycoValue *value)
{
  g_return_val_if_fail (value != NULL, HYCO_VALUE_TYPE_NONE);

  return value->type;
}

/**
 * hyco_value_type_to_string:
 * @type: a #HycoValueType
 *
 * Names a value type for messages: `double`, `int`, `boolean`, `string`, `array`, `record`,
 * `bytes` or `none`.
 *
 * Returns: (transfer none): a static string
 */
const char *
hyco_value_type_to_string (HycoValueType type)
{
  switch (type)
    {
    case HYCO_VALUE_TYPE_NONE:
      return "none";
    case HYCO_VALUE_TYPE_DOUBLE:
      return "double";
    case HYCO_VALUE_TYPE_INT:
      return "int";
    case HYCO_VALUE_TYPE_BOOLEAN:
      return "boolean";
    case HYCO_VALUE_TYPE_STRING:
      return "string";
    case HYCO_VALUE_TYPE_ARRAY:
      return "array";
    case HYCO_VALUE_TYPE_RECORD:
      return "record";
    case HYCO_VALUE_TYPE_BYTES:
      return "bytes";
    default:
      g_return_val_if_reached ("invalid");
    }
}

/**
 * hyco_value_set_double:
 * @value: a #HycoValue
 * @v: the new value
 *
 * Makes @value a double, releasing its previous content.
 */
void
hyco_value_set_double (HycoValue *value, double v)
{
  g_return_if_fail (value != NULL);

  _hyco_value_put_double (value, v);
}

/**
 * hyco_value_set_int:
 * @value: a #HycoValue
 * @v: the new value
 *
 * Makes @value an integer, releasing its previous content.
 */
void
hyco_value_set_int (HycoValue *value, gint64 v)
{
  g_return_if_fail (value != NULL);

  _hyco_value_put_int (value, v);
}

/**
 * hyco_value_set_boolean:
 * @value: a #HycoValue
 * @v: the new value
 *
 * Makes @value a boolean, releasing its previous content. Any nonzero @v is stored as %TRUE.
 */
void
hyco_value_set_boolean (HycoValue *value, gboolean v)
{
  g_return_if_fail (value != NULL);

  _hyco_value_put_boolean (value, v);
}

/**
 * hyco_value_set_string:
 * @value: a #HycoValue
 * @v: the new value, a UTF-8 string; it is copied
 *
 * Makes @value a string holding a copy of @v, releasing its previous content. @v may be the
 * string @value currently holds.
 */
void
hyco_value_set_string (HycoValue *value, const char *v)
{
  char *copy;

  g_return_if_fail (value != NULL);
  g_return_if_fail (v != NULL);

  /* Copy before clearing, in case v is our own string. */
  copy = g_strdup (v);
  hyco_value_clear (value);
  value->type = HYCO_VALUE_TYPE_STRING;
  value->data.v_string = copy;
}

HycoValue *
_hyco_value_init_array (HycoValue *value, gsize n)
{
  Compound *c = compound_new (n, FALSE);

  hyco_value_clear (value);
  value->type = HYCO_VALUE_TYPE_ARRAY;
  value->data.v_compound = c;
  return c->items;
}

HycoValue *
_hyco_value_init_record (HycoValue *value, gsize n, char ***names)
{
  Compound *c = compound_new (n, TRUE);

  hyco_value_clear (value);
  value->type = HYCO_VALUE_TYPE_RECORD;
  value->data.v_compound = c;
  *names = c->names;
  return c->items;
}

gboolean
_hyco_value_finish_record (HycoValue *value, GError **error)
{
  Compound *c = value->data.v_compound;

  /* Records are small: an insertion sort keeps names and values together without an index. */
  for (gsize i = 1; i < c->n; i++)
    for (gsize j = i; j > 0 && strcmp (c->names[j - 1], c->names[j]) > 0; j--)
      {
        char *name = c->names[j];
        HycoValue item = c->items[j];

        c->names[j] = c->names[j - 1];
        c->items[j] = c->items[j - 1];
        c->names[j - 1] = name;
        c->items[j - 1] = item;
      }
  for (gsize i = 1; i < c->n; i++)
    if (strcmp (c->names[i - 1], c->names[i]) == 0)
      {
        g_set_error (error, HYCO_VALUE_ERROR, HYCO_VALUE_ERROR_FIELD,
                     "the record has two fields named \"%s\"", c->names[i]);
        hyco_value_clear (value);
        return FALSE;
      }
  return TRUE;
}

/**
 * hyco_value_set_bytes:
 * @value: a #HycoValue
 * @bytes: the bytes
 *
 * Makes @value the bytes @bytes (an FMI 3.0 Binary value), taking a reference to them: bytes
 * are immutable, so values share them and passing them on never copies them.
 */
void
hyco_value_set_bytes (HycoValue *value, GBytes *bytes)
{
  g_return_if_fail (value != NULL);
  g_return_if_fail (bytes != NULL);

  /* Referenced before the clear: @bytes may be what @value holds. */
  g_bytes_ref (bytes);
  hyco_value_clear (value);
  value->type = HYCO_VALUE_TYPE_BYTES;
  value->data.v_bytes = bytes;
}

/**
 * hyco_value_set_bytes_data:
 * @value: a #HycoValue
 * @data: (array length=size) (nullable): the bytes to copy
 * @size: how many
 *
 * Makes @value a copy of the @size bytes at @data (%NULL for none).
 */
void
hyco_value_set_bytes_data (HycoValue *value, const guint8 *data, gsize size)
{
  g_autoptr (GBytes) bytes = NULL;

  g_return_if_fail (value != NULL);
  g_return_if_fail (data != NULL || size == 0);

  bytes = g_bytes_new (data, size);
  hyco_value_set_bytes (value, bytes);
}

/**
 * hyco_value_get_bytes:
 * @value: a #HycoValue
 *
 * Gets the bytes held by a bytes value; other types are not converted.
 *
 * Returns: (nullable) (transfer none): the bytes, or %NULL if @value is not bytes
 */
GBytes *
hyco_value_get_bytes (const HycoValue *value)
{
  g_return_val_if_fail (value != NULL, NULL);

  return value->type == HYCO_VALUE_TYPE_BYTES ? value->data.v_bytes : NULL;
}

/**
 * hyco_value_get_bytes_data:
 * @value: a #HycoValue
 * @size: (out): the number of bytes (0 if @value is not bytes)
 *
 * Gets the bytes held by a bytes value, in place.
 *
 * Returns: (array length=size) (nullable) (transfer none): the bytes, owned by @value, or %NULL
 *   if @value is not bytes or holds none
 */
const guint8 *
hyco_value_get_bytes_data (const HycoValue *value, gsize *size)
{
  g_return_val_if_fail (value != NULL, NULL);
  g_return_val_if_fail (size != NULL, NULL);

  *size = 0;
  if (value->type != HYCO_VALUE_TYPE_BYTES)
    return NULL;
  return g_bytes_get_data (value->data.v_bytes, size);
}

/**
 * hyco_value_set_array:
 * @value: a #HycoValue
 * @elements: (array length=n_elements) (nullable): the elements, copied
 * @n_elements: how many elements
 *
 * Makes @value an array holding copies of @elements (arrays and records among them are
 * shared, not copied), releasing its previous content. @elements may include @value itself.
 * Elements may be of different types, as a Ptolemy array literal before type resolution.
 */
void
hyco_value_set_array (HycoValue *value, const HycoValue *elements, gsize n_elements)
{
  HycoValue tmp = HYCO_VALUE_INIT;
  HycoValue *items;

  g_return_if_fail (value != NULL);
  g_return_if_fail (elements != NULL || n_elements == 0);

  items = _hyco_value_init_array (&tmp, n_elements);
  for (gsize i = 0; i < n_elements; i++)
    hyco_value_assign (&items[i], &elements[i]);
  hyco_value_clear (value);
  *value = tmp;
}

/**
 * hyco_value_get_array_length:
 * @value: a #HycoValue
 *
 * Gets the number of elements of an array.
 *
 * Returns: the length, or 0 if @value is not an array
 */
guint
hyco_value_get_array_length (const HycoValue *value)
{
  const Compound *c;

  g_return_val_if_fail (value != NULL, 0);

  c = compound_of (value, HYCO_VALUE_TYPE_ARRAY);
  return c != NULL ? (guint) c->n : 0;
}

/**
 * hyco_value_get_array_element:
 * @value: an array #HycoValue
 * @index: the element's index, from 0
 *
 * Gets an element of an array. It belongs to the array: copy it with
 * [method@Hyco.Value.assign] to keep it beyond the array's life.
 *
 * Returns: (transfer none) (nullable): the element, or %NULL if @value is not an array or
 *   @index is out of range
 */
const HycoValue *
hyco_value_get_array_element (const HycoValue *value, guint index)
{
  const Compound *c;

  g_return_val_if_fail (value != NULL, NULL);

  c = compound_of (value, HYCO_VALUE_TYPE_ARRAY);
  return c != NULL && index < c->n ? &c->items[index] : NULL;
}

/**
 * hyco_value_set_record:
 * @value: a #HycoValue
 * @names: (array length=n_fields): the field names
 * @values: (array length=n_fields): the field values, copied
 * @n_fields: how many fields
 * @error: return location for a #GError
 *
 * Makes @value a record with the given fields, sorted by name as Ptolemy orders them, so the
 * order of @names does not matter. A name given twice fails with %HYCO_VALUE_ERROR_FIELD and
 * leaves @value unchanged.
 *
 * Returns: %TRUE on success, %FALSE if @error is set
 */
gboolean
hyco_value_set_record (HycoValue *value, const char *const *names, const HycoValue *values,
                       gsize n_fields, GError **error)
{
  HycoValue tmp = HYCO_VALUE_INIT;
  HycoValue *items;
  char **slots;

  g_return_val_if_fail (value != NULL, FALSE);
  g_return_val_if_fail ((names != NULL && values != NULL) || n_fields == 0, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  items = _hyco_value_init_record (&tmp, n_fields, &slots);
  for (gsize i = 0; i < n_fields; i++)
    {
      slots[i] = g_strdup (names[i]);
      hyco_value_assign (&items[i], &values[i]);
    }
  if (!_hyco_value_finish_record (&tmp, error))
    return FALSE;
  hyco_value_clear (value);
  *value = tmp;
  return TRUE;
}

/**
 * hyco_value_get_record_size:
 * @value: a #HycoValue
 *
 * Gets the number of fields of a record.
 *
 * Returns: the number of fields, or 0 if @value is not a record
 */
guint
hyco_value_get_record_size (const HycoValue *value)
{
  const Compound *c;

  g_return_val_if_fail (value != NULL, 0);

  c = compound_of (value, HYCO_VALUE_TYPE_RECORD);
  return c != NULL ? (guint) c->n : 0;
}

/**
 * hyco_value_get_record_field_name:
 * @value: a record #HycoValue
 * @index: the field's index, from 0, in the order of the names
 *
 * Gets the name of a record's field; the fields are sorted by name.
 *
 * Returns: (transfer none) (nullable): the name, or %NULL if @value is not a record or
 *   @index is out of range
 */
const char *
hyco_value_get_record_field_name (const HycoValue *value, guint index)
{
  const Compound *c;

  g_return_val_if_fail (value != NULL, NULL);

  c = compound_of (value, HYCO_VALUE_TYPE_RECORD);
  return c != NULL && index < c->n ? c->names[index] : NULL;
}

/**
 * hyco_value_get_record_field:
 * @value: a record #HycoValue
 * @index: the field's index, from 0, in the order of the names
 *
 * Gets the value of a record's field; it belongs to the record.
 *
 * Returns: (transfer none) (nullable): the field's value, or %NULL if @value is not a record
 *   or @index is out of range
 */
const HycoValue *
hyco_value_get_record_field (const HycoValue *value, guint index)
{
  const Compound *c;

  g_return_val_if_fail (value != NULL, NULL);

  c = compound_of (value, HYCO_VALUE_TYPE_RECORD);
  return c != NULL && index < c->n ? &c->items[index] : NULL;
}

/**
 * hyco_value_lookup_record_field:
 * @value: a record #HycoValue
 * @name: a field name
 *
 * Finds a record's field by name.
 *
 * Returns: (transfer none) (nullable): the field's value, or %NULL if @value is not a record
 *   or has no field @name
 */
const HycoValue *
hyco_value_lookup_record_field (const HycoValue *value, const char *name)
{
  const Compound *c;
  gsize lo = 0, hi;

  g_return_val_if_fail (value != NULL, NULL);
  g_return_val_if_fail (name != NULL, NULL);

  c = compound_of (value, HYCO_VALUE_TYPE_RECORD);
  if (c == NULL)
    return NULL;
  for (hi = c->n; lo < hi;)
    {
      gsize mid = lo + (hi - lo) / 2;
      int cmp = strcmp (name, c->names[mid]);

      if (cmp == 0)
        return &c->items[mid];
      if (cmp < 0)
        hi = mid;
      else
        lo = mid + 1;
    }
  return NULL;
}

/**
 * hyco_value_get_double:
 * @value: a #HycoValue
 *
 * Gets the value as a double. Integers are converted (rounding to nearest above 2^53) and
 * booleans give 1.0 or 0.0; strings and empty values give 0.0.
 *
 * Returns: the value as a double
 */
double
hyco_value_get_double (const HycoValue *value)
{
  g_return_val_if_fail (value != NULL, 0.0);

  switch (value->type)
    {
    case HYCO_VALUE_TYPE_DOUBLE:
      return value->data.v_double;
    case HYCO_VALUE_TYPE_INT:
      return (double) value->data.v_int;
    case HYCO_VALUE_TYPE_BOOLEAN:
      return value->data.v_boolean ? 1.0 : 0.0;
    case HYCO_VALUE_TYPE_NONE:
    case HYCO_VALUE_TYPE_STRING:
    default:
      return 0.0;
    }
}

/* Converting an out-of-range or NaN double to an integer is undefined behaviour in C, so
 * clamp explicitly. -2^63 and 2^63 are exact doubles. */
static gint64
double_to_int_truncated (double d)
{
  if (isnan (d))
    return 0;
  if (d >= 9223372036854775808.0)
    return G_MAXINT64;
  if (d < -9223372036854775808.0)
    return G_MININT64;
  return (gint64) d;
}

/**
 * hyco_value_get_int:
 * @value: a #HycoValue
 *
 * Gets the value as an integer. Doubles are truncated toward zero (clamped to the gint64
 * range, NaN gives 0) and booleans give 1 or 0; strings and empty values give 0.
 *
 * Returns: the value as an integer
 */
gint64
hyco_value_get_int (const HycoValue *value)
{
  g_return_val_if_fail (value != NULL, 0);

  switch (value->type)
    {
    case HYCO_VALUE_TYPE_INT:
      return value->data.v_int;
    case HYCO_VALUE_TYPE_DOUBLE:
      return double_to_int_truncated (value->data.v_double);
    case HYCO_VALUE_TYPE_BOOLEAN:
      return value->data.v_boolean ? 1 : 0;
    case HYCO_VALUE_TYPE_NONE:
    case HYCO_VALUE_TYPE_STRING:
    default:
      return 0;
    }
}

/**
 * hyco_value_get_boolean:
 * @value: a #HycoValue
 *
 * Gets the value as a boolean: a nonzero number (including NaN) is %TRUE; strings and empty
 * values are %FALSE.
 *
 * Returns: the value as a boolean
 */
gboolean
hyco_value_get_boolean (const HycoValue *value)
{
  g_return_val_if_fail (value != NULL, FALSE);

  switch (value->type)
    {
    case HYCO_VALUE_TYPE_BOOLEAN:
      return value->data.v_boolean;
    case HYCO_VALUE_TYPE_INT:
      return value->data.v_int != 0;
    case HYCO_VALUE_TYPE_DOUBLE:
      return value->data.v_double != 0.0;
    case HYCO_VALUE_TYPE_NONE:
    case HYCO_VALUE_TYPE_STRING:
    default:
      return FALSE;
    }
}

/**
 * hyco_value_get_string:
 * @value: a #HycoValue
 *
 * Gets the string held by a string value. Other types are not converted; use
 * [method@Hyco.Value.to_string] for that.
 *
 * Returns: (nullable) (transfer none): the string, or %NULL if @value is not a string
 */
const char *
hyco_value_get_string (const HycoValue *value)
{
  g_return_val_if_fail (value != NULL, NULL);

  return value->type == HYCO_VALUE_TYPE_STRING ? value->data.v_string : NULL;
}

/**
 * hyco_value_is_numeric:
 * @value: a #HycoValue
 *
 * Checks whether @value is a number (a double or an integer); booleans are not numbers.
 *
 * Returns: %TRUE for %HYCO_VALUE_TYPE_DOUBLE and %HYCO_VALUE_TYPE_INT
 */
gboolean
hyco_value_is_numeric (const HycoValue *value)
{
  g_return_val_if_fail (value != NULL, FALSE);

  return value->type == HYCO_VALUE_TYPE_DOUBLE || value->type == HYCO_VALUE_TYPE_INT;
}

/* Exact comparison of an integer with a double: converting the integer to double would make
 * 2^53 + 1 equal to 2^53. */
static gboolean
int_equals_double (gint64 i, double d)
{
  if (isnan (d) || d != trunc (d))
    return FALSE;
  if (d >= 9223372036854775808.0 || d < -9223372036854775808.0)
    return FALSE;
  return (gint64) d == i;
}

/* Arrays and records compare element by element, as Ptolemy's isEqualTo and isCloseTo do:
 * the same length (the same field names), and each pair equal (or close). */
static gboolean
compound_match (const HycoValue *a, const HycoValue *b, gboolean close, double tolerance)
{
  const Compound *x = a->data.v_compound, *y = b->data.v_compound;

  if (x == y)
    return TRUE;
  if (x->n != y->n)
    return FALSE;
  for (gsize i = 0; i < x->n; i++)
    {
      if (x->names != NULL && strcmp (x->names[i], y->names[i]) != 0)
        return FALSE;
      if (close ? !hyco_value_close (&x->items[i], &y->items[i], tolerance)
                : !hyco_value_equal (&x->items[i], &y->items[i]))
        return FALSE;
    }
  return TRUE;
}

/**
 * hyco_value_equal:
 * @a: a #HycoValue
 * @b: another #HycoValue
 *
 * Checks whether two values are the same. Values of different types are unequal, except
 * that an integer and a double compare numerically (`1` equals `1.0`). Doubles compare with
 * `==` except that NaN equals NaN, so that a trace compares equal to itself. Arrays are
 * equal when they have the same length and equal elements (`{1, 2}` equals `{1.0, 2.0}`),
 * records when they have the same field names and equal values, bytes when they are the same
 * bytes.
 *
 * Returns: %TRUE if the values are equal
 */
gboolean
hyco_value_equal (const HycoValue *a, const HycoValue *b)
{
  g_return_val_if_fail (a != NULL, FALSE);
  g_return_val_if_fail (b != NULL, FALSE);

  if (a->type == HYCO_VALUE_TYPE_INT && b->type == HYCO_VALUE_TYPE_DOUBLE)
    return int_equals_double (a->data.v_int, b->data.v_double);
  if (a->type == HYCO_VALUE_TYPE_DOUBLE && b->type == HYCO_VALUE_TYPE_INT)
    return int_equals_double (b->data.v_int, a->data.v_double);

  if (a->type != b->type)
    return FALSE;

  switch (a->type)
    {
    case HYCO_VALUE_TYPE_NONE:
      return TRUE;
    case HYCO_VALUE_TYPE_DOUBLE:
      if (isnan (a->data.v_double) && isnan (b->data.v_double))
        return TRUE;
      return a->data.v_double == b->data.v_double;
    case HYCO_VALUE_TYPE_INT:
      return a->data.v_int == b->data.v_int;
    case HYCO_VALUE_TYPE_BOOLEAN:
      return !a->data.v_boolean == !b->data.v_boolean;
    case HYCO_VALUE_TYPE_STRING:
      return g_strcmp0 (a->data.v_string, b->data.v_string) == 0;
    case HYCO_VALUE_TYPE_ARRAY:
    case HYCO_VALUE_TYPE_RECORD:
      return compound_match (a, b, FALSE, 0.0);
    case HYCO_VALUE_TYPE_BYTES:
      return g_bytes_equal (a->data.v_bytes, b->data.v_bytes);
    default:
      g_return_val_if_reached (FALSE);
    }
}

/**
 * hyco_value_close:
 * @a: a #HycoValue
 * @b: another #HycoValue
 * @tolerance: the largest allowed absolute difference, not negative
 *
 * Checks whether two values agree within an absolute tolerance, as when comparing a trace
 * against a reference. Two numbers (doubles or integers) are close if |@a − @b| ≤ @tolerance;
 * arrays and records are close when they have the same shape and their elements are close,
 * pair by pair (Ptolemy's isCloseTo); other values are close if they are
 * [method@Hyco.Value.equal]. Equal values are always close, so NaN is close to NaN and an
 * infinity to itself.
 *
 * Returns: %TRUE if the values are close
 */
gboolean
hyco_value_close (const HycoValue *a, const HycoValue *b, double tolerance)
{
  g_return_val_if_fail (a != NULL, FALSE);
  g_return_val_if_fail (b != NULL, FALSE);
  g_return_val_if_fail (tolerance >= 0.0, FALSE);

  if (hyco_value_equal (a, b))
    return TRUE;
  if (is_compound_type (a->type) && a->type == b->type)
    return compound_match (a, b, TRUE, tolerance);
  if (!hyco_value_is_numeric (a) || !hyco_value_is_numeric (b))
    return FALSE;

  if (a->type == HYCO_VALUE_TYPE_INT && b->type == HYCO_VALUE_TYPE_INT)
    {
      gint64 x = a->data.v_int, y = b->data.v_int;
      /* The true difference always fits a guint64 even when x − y overflows a gint64. */
      guint64 diff = x > y ? (guint64) x - (guint64) y : (guint64) y - (guint64) x;

      return (double) diff <= tolerance;
    }

  return fabs (hyco_value_get_double (a) - hyco_value_get_double (b)) <= tolerance;
}

typedef enum
{
  OP_ADD,
  OP_MULTIPLY,
} ArithOp;

/* Shared by add and multiply. The result is built in a temporary so that @result may alias
 * @a or @b, and so that @result is untouched on error. */
static gboolean
value_arith (ArithOp op, const HycoValue *a, const HycoValue *b, HycoValue *result, GError **error)
{
  const char *verb = op == OP_ADD ? "add" : "multiply";
  HycoValue tmp = HYCO_VALUE_INIT;

  g_return_val_if_fail (a != NULL, FALSE);
  g_return_val_if_fail (b != NULL, FALSE);
  g_return_val_if_fail (result != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* Like Ptolemy, a string sum concatenates the text forms; an empty value has no text. */
  if (op == OP_ADD && a->type != HYCO_VALUE_TYPE_NONE && b->type != HYCO_VALUE_TYPE_NONE
      && (a->type == HYCO_VALUE_TYPE_STRING || b->type == HYCO_VALUE_TYPE_STRING))
    {
      g_autofree char *sa = hyco_value_to_string (a);
      g_autofree char *sb = hyco_value_to_string (b);

      tmp.type = HYCO_VALUE_TYPE_STRING;
      tmp.data.v_string = g_strconcat (sa, sb, NULL);
    }
  else if (!hyco_value_is_numeric (a) || !hyco_value_is_numeric (b))
    {
      g_set_error (error, HYCO_VALUE_ERROR, HYCO_VALUE_ERROR_TYPE,
                   "cannot %s values of type %s and %s", verb, hyco_value_type_to_string (a->type),
                   hyco_value_type_to_string (b->type));
      return FALSE;
    }
  else if (a->type == HYCO_VALUE_TYPE_INT && b->type == HYCO_VALUE_TYPE_INT)
    {
      gint64 x = a->data.v_int, y = b->data.v_int, r;
      gboolean overflow
        = op == OP_ADD ? __builtin_add_overflow (x, y, &r) : __builtin_mul_overflow (x, y, &r);

      if (overflow)
        {
          g_set_error (error, HYCO_VALUE_ERROR, HYCO_VALUE_ERROR_OVERFLOW,
                       "integer overflow: %" G_GINT64_FORMAT " %c %" G_GINT64_FORMAT
                       " does not fit in a 64-bit int",
                       x, op == OP_ADD ? '+' : '*', y);
          return FALSE;
        }
      tmp.type = HYCO_VALUE_TYPE_INT;
      tmp.data.v_int = r;
    }
  else
    {
      double x = hyco_value_get_double (a), y = hyco_value_get_double (b);

      tmp.type = HYCO_VALUE_TYPE_DOUBLE;
      tmp.data.v_double = op == OP_ADD ? x + y : x * y;
    }

  /* Move tmp into result: a and b are no longer needed, so clearing an alias is safe. */
  hyco_value_clear (result);
  *result = tmp;
  return TRUE;
}

/**
 * hyco_value_add:
 * @a: a #HycoValue
 * @b: another #HycoValue
 * @result: (out caller-allocates): return location for @a + @b; may be @a or @b
 * @error: return location for a #GError
 *
 * Adds two values. Two integers give an integer (failing with %HYCO_VALUE_ERROR_OVERFLOW
 * rather than wrapping); an integer and a double, or two doubles, give a double. If either
 * value is a string, the result is the concatenation of both values'
 * [method@Hyco.Value.to_string] forms, as in Ptolemy (`"a" + 1` is `"a1"`). Any other
 * combination (a boolean with a number, or an empty value) fails with
 * %HYCO_VALUE_ERROR_TYPE. On failure @result is unchanged.
 *
 * Returns: %TRUE on success, %FALSE if @error is set
 */
gboolean
hyco_value_add (const HycoValue *a, const HycoValue *b, HycoValue *result, GError **error)
{
  return value_arith (OP_ADD, a, b, result, error);
}

/**
 * hyco_value_multiply:
 * @a: a #HycoValue
 * @b: another #HycoValue
 * @result: (out caller-allocates): return location for @a × @b; may be @a or @b
 * @error: return location for a #GError
 *
 * Multiplies two numbers, with the same promotion as [method@Hyco.Value.add]: two integers
 * give an integer (failing with %HYCO_VALUE_ERROR_OVERFLOW rather than wrapping), otherwise
 * a double. Other types fail with %HYCO_VALUE_ERROR_TYPE. On failure @result is unchanged.
 *
 * Returns: %TRUE on success, %FALSE if @error is set
 */
gboolean
hyco_value_multiply (const HycoValue *a, const HycoValue *b, HycoValue *result, GError **error)
{
  return value_arith (OP_MULTIPLY, a, b, result, error);
}

/* Unescapes a double-quoted string literal (quotes included in [begin, end)). Returns NULL
 * on a malformed literal, with @reason set to a static explanation. */
static char *
unquote_string (const char *begin, const char *end, const char **reason)
{
  g_autoptr (GString) out = g_string_new (NULL);
  const char *p;

  *reason = "it has no closing double quote";
  if (end - begin < 2 || begin[0] != '"' || end[-1] != '"')
    return NULL;

  for (p = begin + 1; p < end - 1; p++)
    {
      if (*p == '"')
        {
          *reason = "a double quote inside it is not escaped as \\\"";
          return NULL;
        }
      if (*p != '\\')
        {
          g_string_append_c (out, *p);
          continue;
        }
      /* A backslash just before the closing quote escapes it, leaving the string open. */
      if (++p == end - 1)
        return NULL;
      switch (*p)
        {
        case '"':
        case '\\':
          g_string_append_c (out, *p);
          break;
        case 'n':
          g_string_append_c (out, '\n');
          break;
        case 't':
          g_string_append_c (out, '\t');
          break;
        /* The rest of Java's escapes, which Ptolemy's strings may hold too. */
        case 'r':
          g_string_append_c (out, '\r');
          break;
        case 'b':
          g_string_append_c (out, '\b');
          break;
        case 'f':
          g_string_append_c (out, '\f');
          break;
        case '\'':
          g_string_append_c (out, '\'');
          break;
        default:
          *reason = "it has an unknown escape; use \\\" \\\\ \\n \\t \\r \\b \\f or \\'";
          return NULL;
        }
    }

  if (!g_utf8_validate_len (out->str, out->len, NULL))
    {
      *reason = "it is not valid UTF-8";
      return NULL;
    }
  return g_string_free (g_steal_pointer (&out), FALSE);
}

typedef enum
{
  INT_NOT_INTEGER,
  INT_OK,
  INT_OUT_OF_RANGE,
} IntScan;

/* Reads [+-]?digits[lL]? (Ptolemy writes longs as "5L") into a gint64. */
static IntScan
scan_int (const char *text, gint64 *out)
{
  const char *p = text;
  gboolean negative = FALSE;
  gboolean out_of_range = FALSE;
  guint64 mag = 0;
  gsize n = 0;

  if (*p == '+' || *p == '-')
    negative = (*p++ == '-');
  for (; g_ascii_isdigit (*p); p++, n++)
    if (__builtin_mul_overflow (mag, 10, &mag)
        || __builtin_add_overflow (mag, (guint64) (*p - '0'), &mag))
      out_of_range = TRUE;
  if (*p == 'L' || *p == 'l')
    p++;
  if (n == 0 || *p != '\0')
    return INT_NOT_INTEGER;

  if (out_of_range || mag > (guint64) G_MAXINT64 + (negative ? 1 : 0))
    return INT_OUT_OF_RANGE;

  if (negative)
    *out = mag == (guint64) G_MAXINT64 + 1 ? G_MININT64 : -(gint64) mag;
  else
    *out = (gint64) mag;
  return INT_OK;
}

/* Checks the floating literal grammar before g_ascii_strtod, which would also accept hex,
 * "inf", "nan" and "infinity" in any case:
 *   [+-]? (digits [. digits?] | . digits) ([eE] [+-]? digits)?  with a '.' or an exponent. */
static gboolean
is_float_syntax (const char *text)
{
  const char *p = text;
  gsize n_int = 0, n_frac = 0, n_exp = 0;
  gboolean has_point = FALSE, has_exp = FALSE;

  if (*p == '+' || *p == '-')
    p++;
  for (; g_ascii_isdigit (*p); p++)
    n_int++;
  if (*p == '.')
    {
      has_point = TRUE;
      for (p++; g_ascii_isdigit (*p); p++)
        n_frac++;
    }
  if (n_int + n_frac == 0)
    return FALSE;
  if (*p == 'e' || *p == 'E')
    {
      has_exp = TRUE;
      p++;
      if (*p == '+' || *p == '-')
        p++;
      for (; g_ascii_isdigit (*p); p++)
        n_exp++;
      if (n_exp == 0)
        return FALSE;
    }
  return *p == '\0' && (has_point || has_exp);
}

static void
set_syntax_error (GError **error, const char *text)
{
  /* Messages must be UTF-8 even when the offending text is not. */
  g_autofree char *shown = g_utf8_make_valid (text, -1);

  g_set_error (error, HYCO_VALUE_ERROR, HYCO_VALUE_ERROR_SYNTAX,
               "\"%s\" is not a value literal: expected a number (1, 2.5, 1e-3), true, false, "
               "a double-quoted string, bytes 0x0a1b, an array {1, 2} or a record {a = 1, b = 2}",
               shown);
}

/* Bytes: "0x" and two hex digits per byte, in either case ("0x" alone: none). The value
 * literals have no hexadecimal integers, so the prefix is unambiguous here; the expression
 * language's 0x1F is an int, and it has no bytes literal. */
static gboolean
parse_bytes (const char *text, HycoValue *value, GError **error)
{
  const char *digits = text + 2;
  gsize n = strlen (digits);
  guint8 *data;

  for (gsize i = 0; i < n; i++)
    if (!g_ascii_isxdigit (digits[i]))
      {
        g_autofree char *shown = g_utf8_make_valid (text, -1);
        g_set_error (error, HYCO_VALUE_ERROR, HYCO_VALUE_ERROR_SYNTAX,
                     "bytes literal \"%s\" has a character that is not a hexadecimal digit at "
                     "position %" G_GSIZE_FORMAT,
                     shown, i + 3);
        return FALSE;
      }
  if (n % 2 != 0)
    {
      g_set_error (error, HYCO_VALUE_ERROR, HYCO_VALUE_ERROR_SYNTAX,
                   "bytes literal \"%s\" has an odd number of hexadecimal digits: write two "
                   "per byte (0x0a, not 0xa)",
                   text);
      return FALSE;
    }
  data = g_malloc (n / 2 + 1);
  for (gsize i = 0; i < n / 2; i++)
    data[i] = (guint8) (g_ascii_xdigit_value (digits[2 * i]) << 4
                        | g_ascii_xdigit_value (digits[2 * i + 1]));
  hyco_value_clear (value);
  value->type = HYCO_VALUE_TYPE_BYTES;
  value->data.v_bytes = g_bytes_new_take (data, n / 2);
  return TRUE;
}

/* Parses the scalar literal in [begin, end) into @value, which is only written on success. */
static gboolean
parse_scalar_range (const char *begin, const char *end, HycoValue *value, GError **error)
{
  g_autofree char *text = NULL;
  gint64 i;

  while (begin < end && g_ascii_isspace (*begin))
    begin++;
  while (end > begin && g_ascii_isspace (end[-1]))
    end--;
  text = g_strndup (begin, (gsize) (end - begin));

  if (strcmp (text, "true") == 0 || strcmp (text, "false") == 0)
    {
      hyco_value_set_boolean (value, text[0] == 't');
      return TRUE;
    }

  if (text[0] == '"')
    {
      const char *reason = NULL;
      char *s = unquote_string (begin, end, &reason);

      if (s == NULL)
        {
          g_autofree char *shown = g_utf8_make_valid (text, -1);

          g_set_error (error, HYCO_VALUE_ERROR, HYCO_VALUE_ERROR_SYNTAX,
                       "string literal %s is not valid: %s", shown, reason);
          return FALSE;
        }
      hyco_value_clear (value);
      value->type = HYCO_VALUE_TYPE_STRING;
      value->data.v_string = s;
      return TRUE;
    }

  if (text[0] == '0' && (text[1] == 'x' || text[1] == 'X'))
    return parse_bytes (text, value, error);

  switch (scan_int (text, &i))
    {
    case INT_OK:
      hyco_value_set_int (value, i);
      return TRUE;
    case INT_OUT_OF_RANGE:
      g_set_error (error, HYCO_VALUE_ERROR, HYCO_VALUE_ERROR_SYNTAX,
                   "integer literal \"%s\" does not fit in a 64-bit int (%" G_GINT64_FORMAT
                   " to %" G_GINT64_FORMAT ")",
                   text, G_MININT64, G_MAXINT64);
      return FALSE;
    case INT_NOT_INTEGER:
    default:
      break;
    }

  if (strcmp (text, "Infinity") == 0)
    {
      hyco_value_set_double (value, INFINITY);
      return TRUE;
    }
  if (strcmp (text, "-Infinity") == 0)
    {
      hyco_value_set_double (value, -INFINITY);
      return TRUE;
    }
  if (strcmp (text, "NaN") == 0)
    {
      hyco_value_set_double (value, NAN);
      return TRUE;
    }

  if (is_float_syntax (text))
    {
      char *parse_end = NULL;
      double d;

      errno = 0;
      d = g_ascii_strtod (text, &parse_end);
      /* ERANGE on underflow still gives the nearest (subnormal or zero) double, which is what
       * we want; only overflow to infinity is an error. */
      if (parse_end != NULL && *parse_end == '\0' && !(errno == ERANGE && isinf (d)))
        {
          hyco_value_set_double (value, d);
          return TRUE;
        }
      if (isinf (d))
        {
          g_set_error (error, HYCO_VALUE_ERROR, HYCO_VALUE_ERROR_SYNTAX,
                       "double literal \"%s\" is too large for a double (write Infinity if "
                       "that is intended)",
                       text);
          return FALSE;
        }
    }

  set_syntax_error (error, text);
  return FALSE;
}

/* Arrays nest without bound in the grammar; a limit keeps a hostile file from exhausting the
 * stack. */
#define MAX_NESTING 256

static gboolean parse_value (const char **p, const char *end, HycoValue *value, guint depth,
                             GError **error);

static const char *
skip_blank (const char *p, const char *end)
{
  while (p < end && g_ascii_isspace (*p))
    p++;
  return p;
}

/* The end of the scalar starting at @p: the first ',' or '}' outside a string literal. */
static const char *
scalar_end (const char *p, const char *end)
{
  gboolean in_string = FALSE;

  for (; p < end; p++)
    {
      if (in_string)
        {
          if (*p == '\\' && p + 1 < end)
            p++;
          else if (*p == '"')
            in_string = FALSE;
        }
      else if (*p == '"')
        in_string = TRUE;
      else if (*p == ',' || *p == '}')
        break;
    }
  return p;
}

static gboolean
is_label_start (char c)
{
  return g_ascii_isalpha (c) || c == '_' || c == '$';
}

static gboolean
is_label_char (char c)
{
  return g_ascii_isalnum (c) || c == '_' || c == '$';
}

/* A record's field starts with a name and a single '=' ("a == b" is an expression). Returns
 * the end of the name, or NULL when the element at @p is not a field. */
static const char *
field_label_end (const char *p, const char *end)
{
  const char *q;

  if (p >= end || !is_label_start (*p))
    return NULL;
  for (q = p + 1; q < end && is_label_char (*q); q++)
    ;
  {
    const char *eq = skip_blank (q, end);

    if (eq < end && *eq == '=' && (eq + 1 >= end || eq[1] != '='))
      return q;
  }
  return NULL;
}

/* Parses `{...}` at @p (on its brace): an array of values, or a record when the first element
 * is `name = value`. Errors name the element, counted from 1. */
static gboolean
parse_compound (const char **p, const char *end, HycoValue *value, guint depth, GError **error)
{
  g_autoptr (GArray) items = g_array_new (FALSE, TRUE, sizeof (HycoValue));
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  HycoValue result = HYCO_VALUE_INIT;
  const char *q = skip_blank (*p + 1, end);
  gboolean is_record;
  guint position = 1;
  gboolean ok = FALSE;

  g_array_set_clear_func (items, (GDestroyNotify) hyco_value_clear);
  if (depth >= MAX_NESTING)
    {
      g_set_error (error, HYCO_VALUE_ERROR, HYCO_VALUE_ERROR_SYNTAX,
                   "arrays and records are nested more than %d deep", MAX_NESTING);
      return FALSE;
    }
  if (q < end && *q == '}')
    {
      _hyco_value_init_array (value, 0);
      *p = q + 1;
      return TRUE;
    }

  is_record = field_label_end (q, end) != NULL;
  for (;; position++)
    {
      HycoValue item = HYCO_VALUE_INIT;

      q = skip_blank (q, end);
      if (is_record)
        {
          const char *label_end = field_label_end (q, end);

          if (label_end == NULL)
            {
              g_set_error (error, HYCO_VALUE_ERROR, HYCO_VALUE_ERROR_SYNTAX,
                           "element %u: a record's fields are written name = value", position);
              return FALSE;
            }
          g_ptr_array_add (names, g_strndup (q, (gsize) (label_end - q)));
          q = skip_blank (label_end, end) + 1;
        }
      else if (field_label_end (q, end) != NULL)
        {
          g_set_error (error, HYCO_VALUE_ERROR, HYCO_VALUE_ERROR_SYNTAX,
                       "element %u: an array cannot hold a record's field (name = value)",
                       position);
          return FALSE;
        }
      q = skip_blank (q, end);
      if (q >= end || *q == ',' || *q == '}')
        {
          g_set_error (error, HYCO_VALUE_ERROR, HYCO_VALUE_ERROR_SYNTAX,
                       "element %u: the element is empty", position);
          return FALSE;
        }
      if (!parse_value (&q, end, &item, depth + 1, error))
        {
          g_prefix_error (error, "element %u: ", position);
          return FALSE;
        }
      g_array_append_val (items, item);
      q = skip_blank (q, end);
      if (q < end && *q == ',')
        {
          q++;
          continue;
        }
      if (q < end && *q == '}')
        break;
      g_set_error (error, HYCO_VALUE_ERROR, HYCO_VALUE_ERROR_SYNTAX,
                   "element %u: %s", position,
                   q >= end ? "there is no closing brace" : "a comma or a closing brace should follow it");
      return FALSE;
    }

  if (is_record)
    {
      char **slots;
      HycoValue *fields = _hyco_value_init_record (&result, items->len, &slots);

      for (guint i = 0; i < items->len; i++)
        {
          fields[i] = g_array_index (items, HycoValue, i);
          slots[i] = g_steal_pointer (&names->pdata[i]);
        }
      /* Moved into the record: forget them without clearing. */
      g_array_set_clear_func (items, NULL);
      ok = _hyco_value_finish_record (&result, error);
    }
  else
    {
      HycoValue *elements = _hyco_value_init_array (&result, items->len);

      memcpy (elements, items->data, items->len * sizeof (HycoValue));
      /* Moved: forget them without clearing. */
      g_array_set_clear_func (items, NULL);
      ok = TRUE;
    }
  if (!ok)
    return FALSE;
  hyco_value_clear (value);
  *value = result;
  *p = q + 1;
  return TRUE;
}

/* Parses one value at @p, leaving @p after it; it ends at a ',' or '}' at its own level. */
static gboolean
parse_value (const char **p, const char *end, HycoValue *value, guint depth, GError **error)
{
  const char *q = skip_blank (*p, end);
  const char *stop;

  if (q < end && *q == '{')
    {
      if (!parse_compound (&q, end, value, depth, error))
        return FALSE;
      *p = q;
      return TRUE;
    }
  stop = scalar_end (q, end);
  if (!parse_scalar_range (q, stop, value, error))
    return FALSE;
  *p = stop;
  return TRUE;
}

/* Parses all of [begin, end) as one value. */
static gboolean
parse_literal_range (const char *begin, const char *end, HycoValue *value, GError **error)
{
  const char *p = skip_blank (begin, end);
  HycoValue tmp = HYCO_VALUE_INIT;

  if (p >= end || *p != '{')
    return parse_scalar_range (begin, end, value, error);
  if (!parse_value (&p, end, &tmp, 0, error))
    {
      g_autofree char *shown = g_utf8_make_valid (begin, end - begin);

      g_prefix_error (error, "\"%s\", ", g_strstrip (shown));
      return FALSE;
    }
  if (skip_blank (p, end) != end)
    {
      g_set_error (error, HYCO_VALUE_ERROR, HYCO_VALUE_ERROR_SYNTAX,
                   "there is text after the closing brace at position %d",
                   (int) (skip_blank (p, end) - begin) + 1);
      hyco_value_clear (&tmp);
      return FALSE;
    }
  hyco_value_clear (value);
  *value = tmp;
  return TRUE;
}

/**
 * hyco_value_parse_literal:
 * @literal: a value literal, such as `1`, `5L`, `2.5`, `1e-3`, `true` or `"text"`
 * @value: the #HycoValue to set
 * @error: return location for a #GError
 *
 * Parses a literal in the Ptolemy expression forms, ignoring surrounding whitespace:
 *
 * - `true` and `false` give a boolean;
 * - a double-quoted string, with the escapes `\"`, `\\`, `\n`, `\t`, `\r`, `\b`, `\f` and
 *   `\'`, gives a string;
 * - an integer (optional sign, digits, optional trailing `L`) that fits 64 bits gives an int;
 * - a number with a decimal point or an exponent, `Infinity`, `-Infinity` or `NaN` gives a
 *   double;
 * - `0x` and two hexadecimal digits per byte give bytes (`0x0a1b`; `0x` is no bytes);
 * - literals between braces, separated by commas, give an array (`{1, 2.5, {"a"}}`, `{}`);
 * - `name = literal` pairs between braces give a record (`{a = 1, b = {2, 3}}`), its fields
 *   sorted by name; a name given twice fails with %HYCO_VALUE_ERROR_FIELD.
 *
 * Anything else, including empty text, fails with %HYCO_VALUE_ERROR_SYNTAX, naming the
 * element (counted from 1) of an array or record. On failure @value is unchanged. This reads
 * literals only; expressions (`{1, 2*x}`) are evaluated by #HycoExpression.
 *
 * Returns: %TRUE on success, %FALSE if @error is set
 */
gboolean
hyco_value_parse_literal (const char *literal, HycoValue *value, GError **error)
{
  g_return_val_if_fail (literal != NULL, FALSE);
  g_return_val_if_fail (value != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return parse_literal_range (literal, literal + strlen (literal), value, error);
}

/* The text form of a double for traces and messages; NULL for a finite number. */
static const char *
special_double_name (double d)
{
  if (isnan (d))
    return "NaN";
  if (isinf (d))
    return d > 0 ? "Infinity" : "-Infinity";
  return NULL;
}

static char *
format_double (double d, const char *format)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  return g_strdup (g_ascii_formatd (buf, sizeof buf, format, d));
}

static char *
double_to_literal (double d)
{
  static const char *const formats[] = { "%.15g", "%.16g", "%.17g" };
  const char *special = special_double_name (d);
  char *text = NULL;

  if (special != NULL)
    return g_strdup (special);

  /* Prefer the shortest text that reads back as the same double, so 0.1 is written "0.1";
   * %.17g always round-trips. */
  for (gsize i = 0; i < G_N_ELEMENTS (formats); i++)
    {
      g_free (text);
      text = format_double (d, formats[i]);
      if (g_ascii_strtod (text, NULL) == d)
        break;
    }

  /* A double literal needs a point or an exponent, or it would read back as an int. */
  if (strpbrk (text, ".eE") == NULL)
    {
      char *with_point = g_strconcat (text, ".0", NULL);

      g_free (text);
      text = with_point;
    }
  return text;
}

static char *
quote_string (const char *s)
{
  GString *out = g_string_new ("\"");

  for (const char *p = s; *p != '\0'; p++)
    {
      switch (*p)
        {
        case '"':
          g_string_append (out, "\\\"");
          break;
        case '\\':
          g_string_append (out, "\\\\");
          break;
        case '\n':
          g_string_append (out, "\\n");
          break;
        case '\t':
          g_string_append (out, "\\t");
          break;
        default:
          g_string_append_c (out, *p);
          break;
        }
    }
  g_string_append_c (out, '"');
  return g_string_free (out, FALSE);
}

/* Bytes as "0x" and two lowercase hex digits per byte, as they are read back. */
static char *
bytes_to_literal (GBytes *bytes)
{
  static const char digits[] = "0123456789abcdef";
  gsize n;
  const guint8 *data = g_bytes_get_data (bytes, &n);
  char *text = g_malloc (2 * n + 3), *p = text;

  *p++ = '0';
  *p++ = 'x';
  for (gsize i = 0; i < n; i++)
    {
      *p++ = digits[data[i] >> 4];
      *p++ = digits[data[i] & 0xf];
    }
  *p = '\0';
  return text;
}

/**
 * hyco_value_to_literal:
 * @value: a #HycoValue
 *
 * Formats a value as a literal that [func@Hyco.Value.parse_literal] reads back to an equal
 * value of the same type: doubles in the shortest form that round-trips and always with a
 * point or exponent (`1.0`, `0.1`, `1e+300`, `Infinity`, `NaN`), integers in decimal, booleans
 * as `true` or `false`, strings double-quoted with escapes, bytes as `0x0a1b` (lowercase),
 * arrays as `{1, 2.5, "a"}` and records as `{a = 1, b = 2}` (Ptolemy's forms). An empty value gives
 * an empty string, which does not parse.
 *
 * Returns: (transfer full): the literal
 */
static void
append_literal (GString *out, const HycoValue *value)
{
  g_autofree char *text = hyco_value_to_literal (value);

  g_string_append (out, text);
}

/* Ptolemy's form: `{1, 2, 3}` and `{a = 1, b = "x"}`, elements as literals. */
static char *
compound_to_literal (const HycoValue *value)
{
  const Compound *c = value->data.v_compound;
  GString *out = g_string_new ("{");

  for (gsize i = 0; i < c->n; i++)
    {
      if (i > 0)
        g_string_append (out, ", ");
      if (c->names != NULL)
        g_string_append_printf (out, "%s = ", c->names[i]);
      append_literal (out, &c->items[i]);
    }
  g_string_append_c (out, '}');
  return g_string_free (out, FALSE);
}

char *
hyco_value_to_literal (const HycoValue *value)
{
  g_return_val_if_fail (value != NULL, NULL);

  switch (value->type)
    {
    case HYCO_VALUE_TYPE_ARRAY:
    case HYCO_VALUE_TYPE_RECORD:
      return compound_to_literal (value);
    case HYCO_VALUE_TYPE_DOUBLE:
      return double_to_literal (value->data.v_double);
    case HYCO_VALUE_TYPE_STRING:
      return quote_string (value->data.v_string);
    case HYCO_VALUE_TYPE_BYTES:
      return bytes_to_literal (value->data.v_bytes);
    case HYCO_VALUE_TYPE_INT:
    case HYCO_VALUE_TYPE_BOOLEAN:
    case HYCO_VALUE_TYPE_NONE:
    default:
      return hyco_value_to_string (value);
    }
}

/**
 * hyco_value_to_string:
 * @value: a #HycoValue
 *
 * Formats a value as it appears in a trace: doubles with 17 significant digits (`%.17g`,
 * enough to be exact) or `Infinity`, `-Infinity`, `NaN`; integers in decimal; booleans as
 * `true` or `false`; strings as they are, without quotes or escapes; bytes, arrays and
 * records as their literal ([method@Hyco.Value.to_literal]); an empty value as an empty string.
 *
 * Returns: (transfer full): the text
 */
char *
hyco_value_to_string (const HycoValue *value)
{
  char text[HYCO_VALUE_TEXT_SIZE];
  const char *scalar;

  g_return_val_if_fail (value != NULL, NULL);

  scalar = _hyco_value_format_scalar (value, text);
  if (scalar != NULL)
    return g_strdup (scalar);
  if (value->type == HYCO_VALUE_TYPE_BYTES)
    return bytes_to_literal (value->data.v_bytes);
  return compound_to_literal (value);
}

const char *
_hyco_value_format_scalar (const HycoValue *value, char text[HYCO_VALUE_TEXT_SIZE])
{
  const char *special;

  switch (value->type)
    {
    case HYCO_VALUE_TYPE_DOUBLE:
      special = special_double_name (value->data.v_double);
      if (special != NULL)
        return special;
      return g_ascii_formatd (text, HYCO_VALUE_TEXT_SIZE, "%.17g", value->data.v_double);
    case HYCO_VALUE_TYPE_INT:
      g_snprintf (text, HYCO_VALUE_TEXT_SIZE, "%" G_GINT64_FORMAT, value->data.v_int);
      return text;
    case HYCO_VALUE_TYPE_BOOLEAN:
      return value->data.v_boolean ? "true" : "false";
    case HYCO_VALUE_TYPE_STRING:
      return value->data.v_string;
    case HYCO_VALUE_TYPE_ARRAY:
    case HYCO_VALUE_TYPE_RECORD:
    case HYCO_VALUE_TYPE_BYTES:
      return NULL;
    case HYCO_VALUE_TYPE_NONE:
    default:
      return "";
    }
}

/**
 * hyco_value_parse_list:
 * @literal: an array literal, such as `{1, 2.5, "a,b", true, {3, 4}}`
 * @error: return location for a #GError
 *
 * Parses an array literal (see [func@Hyco.Value.parse_literal]) into its elements, which may
 * themselves be arrays or records; `{}` is the empty list. Text that is not an array between
 * braces (a scalar, a record, a missing brace), an empty element or a malformed element fails
 * with %HYCO_VALUE_ERROR_SYNTAX, naming the list and the element's position (from 1).
 *
 * Returns: (transfer full) (element-type Hyco.Value) (nullable): the values, or %NULL if
 *   @error is set
 */
GPtrArray *
hyco_value_parse_list (const char *literal, GError **error)
{
  g_autoptr (GPtrArray) values = NULL;
  g_autofree char *text = NULL;
  g_autofree char *shown = NULL;
  g_auto (HycoValue) array = HYCO_VALUE_INIT;
  const char *p, *end;
  guint n;

  g_return_val_if_fail (literal != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  text = g_strstrip (g_strdup (literal));
  end = text + strlen (text);
  /* Messages must be UTF-8 even when the list is not. */
  shown = g_utf8_make_valid (text, -1);
  if (text[0] != '{')
    {
      g_set_error (error, HYCO_VALUE_ERROR, HYCO_VALUE_ERROR_SYNTAX,
                   "list \"%s\" must be enclosed in braces, such as {1, 2, 3}", shown);
      return NULL;
    }
  p = text;
  if (!parse_value (&p, end, &array, 0, error))
    {
      g_prefix_error (error, "list \"%s\", ", shown);
      return NULL;
    }
  if (p != end)
    {
      g_set_error (error, HYCO_VALUE_ERROR, HYCO_VALUE_ERROR_SYNTAX,
                   "list \"%s\" has text after its closing brace, at position %d", shown,
                   (int) (p - text) + 1);
      return NULL;
    }
  if (array.type != HYCO_VALUE_TYPE_ARRAY)
    {
      g_set_error (error, HYCO_VALUE_ERROR, HYCO_VALUE_ERROR_SYNTAX,
                   "list \"%s\" is a record, not a list of values such as {1, 2, 3}", shown);
      return NULL;
    }

  n = hyco_value_get_array_length (&array);
  values = g_ptr_array_new_full (n, (GDestroyNotify) hyco_value_free);
  for (guint i = 0; i < n; i++)
    g_ptr_array_add (values, hyco_value_copy (hyco_value_get_array_element (&array, i)));
  return g_steal_pointer (&values);
}
