/* hyco-value.h: the values a signal carries (double, int64, boolean, string, array, record,
 * bytes).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined(HYCO_INSIDE) && !defined(HYCO_COMPILATION)
#error "Only <hyco.h> can be included directly."
#endif

#include "hyco-export.h"
#include <glib-object.h>

G_BEGIN_DECLS

/**
 * HYCO_VALUE_ERROR:
 *
 * Error domain for value parsing and arithmetic; errors are from #HycoValueError.
 */
#define HYCO_VALUE_ERROR (hyco_value_error_quark ())

/**
 * HycoValueError:
 * @HYCO_VALUE_ERROR_SYNTAX: the text is not a value literal
 * @HYCO_VALUE_ERROR_TYPE: the operation is not defined for the value's type
 * @HYCO_VALUE_ERROR_OVERFLOW: integer arithmetic overflowed
 * @HYCO_VALUE_ERROR_FIELD: a record names a field twice
 *
 * Errors from value parsing and arithmetic.
 */
typedef enum
{
  HYCO_VALUE_ERROR_SYNTAX,
  HYCO_VALUE_ERROR_TYPE,
  HYCO_VALUE_ERROR_OVERFLOW,
  HYCO_VALUE_ERROR_FIELD,
} HycoValueError;

/**
 * HycoValueType:
 * @HYCO_VALUE_TYPE_NONE: no value (a cleared #HycoValue)
 * @HYCO_VALUE_TYPE_DOUBLE: a double-precision real (FMI Real)
 * @HYCO_VALUE_TYPE_INT: a 64-bit signed integer (FMI Integer, enumerations)
 * @HYCO_VALUE_TYPE_BOOLEAN: a boolean (FMI Boolean)
 * @HYCO_VALUE_TYPE_STRING: a UTF-8 string (FMI String)
 * @HYCO_VALUE_TYPE_ARRAY: an immutable array of values (Ptolemy's `{1, 2, 3}`)
 * @HYCO_VALUE_TYPE_RECORD: an immutable record of named values, its fields sorted by name
 *   (Ptolemy's `{a = 1, b = "x"}`)
 * @HYCO_VALUE_TYPE_BYTES: an immutable sequence of bytes (FMI 3.0 Binary), written `0x0a1b`
 *
 * The kind of value held by a #HycoValue.
 */
typedef enum
{
  HYCO_VALUE_TYPE_NONE,
  HYCO_VALUE_TYPE_DOUBLE,
  HYCO_VALUE_TYPE_INT,
  HYCO_VALUE_TYPE_BOOLEAN,
  HYCO_VALUE_TYPE_STRING,
  HYCO_VALUE_TYPE_ARRAY,
  HYCO_VALUE_TYPE_RECORD,
  HYCO_VALUE_TYPE_BYTES,
} HycoValueType;

/**
 * HycoValue:
 *
 * A value of one of the #HycoValueType kinds. Scalars are stored inline, so passing them
 * does not allocate; a string owns its bytes. Arrays and records are immutable and shared:
 * copying or assigning one takes a reference to the same elements, never a deep copy. Bytes
 * are a #GBytes, shared the same way.
 * Initialise with `HYCO_VALUE_INIT` or one of the
 * setters, release with hyco_value_clear().
 */
typedef struct _HycoValue HycoValue;
struct _HycoValue
{
  /*< private >*/
  HycoValueType type;
  union
  {
    double v_double;
    gint64 v_int;
    gboolean v_boolean;
    char *v_string;
    gpointer v_compound;
    GBytes *v_bytes;
  } data;
};

#define HYCO_VALUE_INIT                                                                            \
  {                                                                                                \
    HYCO_VALUE_TYPE_NONE,                                                                          \
    {                                                                                              \
      0                                                                                            \
    }                                                                                              \
  }

#define HYCO_TYPE_VALUE (hyco_value_get_type ())

HYCO_API GType hyco_value_get_type (void) G_GNUC_CONST;
HYCO_API GQuark hyco_value_error_quark (void);

HYCO_API HycoValue *hyco_value_new (void);
HYCO_API HycoValue *hyco_value_copy (const HycoValue *value);
HYCO_API void hyco_value_free (HycoValue *value);
HYCO_API void hyco_value_clear (HycoValue *value);
HYCO_API void hyco_value_assign (HycoValue *dest, const HycoValue *src);

HYCO_API HycoValueType hyco_value_get_value_type (const HycoValue *value);
HYCO_API const char *hyco_value_type_to_string (HycoValueType type);

HYCO_API void hyco_value_set_double (HycoValue *value, double v);
HYCO_API void hyco_value_set_int (HycoValue *value, gint64 v);
HYCO_API void hyco_value_set_boolean (HycoValue *value, gboolean v);
HYCO_API void hyco_value_set_string (HycoValue *value, const char *v);

HYCO_API void hyco_value_set_bytes (HycoValue *value, GBytes *bytes);
HYCO_API void hyco_value_set_bytes_data (HycoValue *value, const guint8 *data, gsize size);
HYCO_API GBytes *hyco_value_get_bytes (const HycoValue *value);
HYCO_API const guint8 *hyco_value_get_bytes_data (const HycoValue *value, gsize *size);

HYCO_API void hyco_value_set_array (HycoValue *value, const HycoValue *elements,
                                    gsize n_elements);
HYCO_API guint hyco_value_get_array_length (const HycoValue *value);
HYCO_API const HycoValue *hyco_value_get_array_element (const HycoValue *value, guint index);

HYCO_API gboolean hyco_value_set_record (HycoValue *value, const char *const *names,
                                         const HycoValue *values, gsize n_fields, GError **error);
HYCO_API guint hyco_value_get_record_size (const HycoValue *value);
HYCO_API const char *hyco_value_get_record_field_name (const HycoValue *value, guint index);
HYCO_API const HycoValue *hyco_value_get_record_field (const HycoValue *value, guint index);
HYCO_API const HycoValue *hyco_value_lookup_record_field (const HycoValue *value,
                                                         const char *name);

HYCO_API double hyco_value_get_double (const HycoValue *value);
HYCO_API gint64 hyco_value_get_int (const HycoValue *value);
HYCO_API gboolean hyco_value_get_boolean (const HycoValue *value);
HYCO_API const char *hyco_value_get_string (const HycoValue *value);
HYCO_API gboolean hyco_value_is_numeric (const HycoValue *value);

HYCO_API gboolean hyco_value_equal (const HycoValue *a, const HycoValue *b);
HYCO_API gboolean hyco_value_close (const HycoValue *a, const HycoValue *b, double tolerance);

HYCO_API gboolean hyco_value_add (const HycoValue *a, const HycoValue *b, HycoValue *result,
                                  GError **error);
HYCO_API gboolean hyco_value_multiply (const HycoValue *a, const HycoValue *b, HycoValue *result,
                                       GError **error);

HYCO_API gboolean hyco_value_parse_literal (const char *literal, HycoValue *value, GError **error);
HYCO_API char *hyco_value_to_literal (const HycoValue *value);
HYCO_API char *hyco_value_to_string (const HycoValue *value);
HYCO_API GPtrArray *hyco_value_parse_list (const char *literal, GError **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HycoValue, hyco_value_free)
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (HycoValue, hyco_value_clear)

G_END_DECLS
