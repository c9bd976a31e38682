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

G_END_DECLS
