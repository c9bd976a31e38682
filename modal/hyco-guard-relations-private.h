/* hyco-guard-relations-private.h: a guard's comparisons measured as level crossings, for a
 * modal model under Ptolemy II's continuous director; not installed.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "hyco-value.h"

G_BEGIN_DECLS

typedef struct _HycoGuardRelations HycoGuardRelations;

HycoGuardRelations *_hyco_guard_relations_new (const char *text, GError **error);
void _hyco_guard_relations_free (HycoGuardRelations *self);
guint _hyco_guard_relations_get_n_variables (HycoGuardRelations *self);
gboolean _hyco_guard_relations_evaluate (HycoGuardRelations *self, const HycoValue *values,
                                         double tolerance, gboolean *result, GError **error);
void _hyco_guard_relations_commit (HycoGuardRelations *self);
void _hyco_guard_relations_forget (HycoGuardRelations *self);
gboolean _hyco_guard_relations_crossed (HycoGuardRelations *self);
double _hyco_guard_relations_overshoot (HycoGuardRelations *self, double *committed);

G_END_DECLS
