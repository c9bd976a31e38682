/* hyco-fmu-value.h: one value of an FMU variable's type (the C types of the typed calls,
 * hyco-fmu-instance.h) to and from a Hyco value; not installed.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "hyco-kernel.h"
#include "hyco-fmu-instance.h"

G_BEGIN_DECLS

/* Stores @v as one element of @type at @p; FALSE if it is not a value of the type (a fraction
 * for an integer, out of its range, a string for a number). A String element points into @v. */
gboolean _hyco_fmu_value_to_element (HycoFmuType type, const HycoValue *v, guint8 *p);
/* One element of @type at @p as a Hyco value; FALSE for a UInt64 beyond a Hyco integer. */
gboolean _hyco_fmu_element_to_value (HycoFmuType type, const guint8 *p, HycoValue *v);

/* Whether @value is one of the items of @variable's Enumeration type; TRUE when it lists none
 * (or @variable is no Enumeration). */
gboolean _hyco_fmu_is_enumeration_item (const HycoFmuVariable *variable, gint64 value);
/* The items of @variable's Enumeration type, "off = 1, slow = 2", for messages. */
char *_hyco_fmu_list_enumeration_items (const HycoFmuVariable *variable);

/* The range of an integer type (the C type's), as doubles for the check of a Hyco value;
 * FALSE for a type that is no integer. */
gboolean _hyco_fmu_integer_range (HycoFmuType type, double *min, double *max);

G_END_DECLS
