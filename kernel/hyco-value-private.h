/* hyco-value-private.h: building arrays and records in place, for the kernel's parsers and
 * the expression evaluator, which know their sizes before they know their elements.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "hyco-value.h"

G_BEGIN_DECLS

/* Makes @value an array of @n elements, all of type NONE, and returns them for the caller to
 * fill before the value is copied anywhere (once shared, an array is immutable). */
HycoValue *_hyco_value_init_array (HycoValue *value, gsize n);

/* Makes @value a record of @n fields, and returns their values and their name slots; the
 * caller fills both (the names with g_strdup'ed strings) and then calls
 * _hyco_value_finish_record(), which sorts the fields by name and fails on a repeated name,
 * clearing @value. */
HycoValue *_hyco_value_init_record (HycoValue *value, gsize n, char ***names);
gboolean _hyco_value_finish_record (HycoValue *value, GError **error);

/* The scalar setters in place, for the hot paths (a port's value rewritten at every event): a
 * value holding a double, an integer or a boolean owns nothing, so only a string, an array or a
 * record goes through hyco_value_clear() first. The result is the public setters'. */
static inline void
_hyco_value_release (HycoValue *value)
{
  if (G_UNLIKELY (value->type >= HYCO_VALUE_TYPE_STRING))
    hyco_value_clear (value);
}

static inline void
_hyco_value_put_double (HycoValue *value, double v)
{
  _hyco_value_release (value);
  value->type = HYCO_VALUE_TYPE_DOUBLE;
  value->data.v_double = v;
}

static inline void
_hyco_value_put_int (HycoValue *value, gint64 v)
{
  _hyco_value_release (value);
  value->type = HYCO_VALUE_TYPE_INT;
  value->data.v_int = v;
}

/* Normalised so that equal() can compare booleans with ==; the rest of the union zeroed, as
 * hyco_value_clear() leaves it. */
static inline void
_hyco_value_put_boolean (HycoValue *value, gboolean v)
{
  _hyco_value_release (value);
  value->type = HYCO_VALUE_TYPE_BOOLEAN;
  value->data.v_int = 0;
  value->data.v_boolean = v ? TRUE : FALSE;
}

G_END_DECLS
