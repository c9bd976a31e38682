/* hyco-param-private.h: parameters given as text and expressions, and where a model file declared
 * their owners; not installed.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "hyco-kernel.h"

G_BEGIN_DECLS

/* Where a model file declared an actor or director ("models/x.xml:12"), so that errors found
 * when the model is prepared can point there. */
void _hyco_set_source_location (gpointer object, const char *file, long line);
const char *_hyco_get_source_location (gpointer object);
void _hyco_set_parameter_error (gpointer object, GError **error, const char *parameter,
                                const char *message);

/* Parameters given as expressions (see hyco-param.c): set with or without evaluating now, and
 * evaluated into the properties' values when the model is prepared. */
gboolean _hyco_param_set_text (GObject *object, const char *name, const char *text,
                               gboolean evaluate, GError **error);
gboolean _hyco_param_resolve_expression (GObject *object, const char *name, GError **error);
gboolean _hyco_param_resolve_expressions (GObject *object, GError **error);
gboolean _hyco_param_refresh (GObject *object, GError **error);
/* The parameter protocol of GObject properties, which every actor and director implements. */
void _hyco_parameter_owner_properties_init (HycoParameterOwnerInterface *iface);

/* Evaluates @expression with its names bound to the model parameters visible from @scope (its
 * own, then its containers'); @scope may be NULL, where no name is visible. */
gboolean _hyco_composite_actor_evaluate_expression (HycoCompositeActor *scope,
                                                    HycoExpression *expression, double *value,
                                                    GError **error);
/* The same with Ptolemy's types, into a value of any type (a VALUE or VALUE_LIST parameter). */
gboolean _hyco_composite_actor_evaluate_expression_value (HycoCompositeActor *scope,
                                                          HycoExpression *expression,
                                                          HycoValue *value, GError **error);
gboolean _hyco_composite_actor_check_parameters (HycoCompositeActor *self, GError **error);

/* The value of the model parameter @name visible from @actor: from its container up, or from
 * itself up for a composite. Returns %FALSE without an error when no parameter in scope has
 * that name, %FALSE with one when its value cannot be evaluated. */
gboolean _hyco_parameter_lookup (HycoActor *actor, const char *name, double *value, GError **error);
gboolean _hyco_parameter_lookup_value (HycoActor *actor, const char *name, HycoValue *value,
                                       GError **error);

G_END_DECLS
