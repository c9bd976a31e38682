/* hyco-parameter-owner.h: one protocol for parameters, whoever provides them.
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

#define HYCO_TYPE_PARAMETER_OWNER (hyco_parameter_owner_get_type ())
HYCO_API
G_DECLARE_INTERFACE (HycoParameterOwner, hyco_parameter_owner, HYCO, PARAMETER_OWNER, GObject)

/**
 * HycoParameterInfo:
 * @name: the parameter's name
 * @type: what its text holds: `number`, `integer`, `boolean`, `time`, `resolution`, `value`,
 *   `values`, `tags`, `string`, `expression` (a model parameter) or `text`
 * @unit: (nullable): its unit, when it has one
 * @default_text: (nullable): its text when nothing sets it
 * @documentation: (nullable): what it means
 *
 * What hyco_parameter_owner_describe() tells of one parameter.
 */
typedef struct
{
  char *name;
  char *type;
  char *unit;
  char *default_text;
  char *documentation;
} HycoParameterInfo;

#define HYCO_TYPE_PARAMETER_INFO (hyco_parameter_info_get_type ())
HYCO_API GType hyco_parameter_info_get_type (void);
HYCO_API HycoParameterInfo *hyco_parameter_info_copy (const HycoParameterInfo *self);
HYCO_API void hyco_parameter_info_free (HycoParameterInfo *self);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (HycoParameterInfo, hyco_parameter_info_free)

/**
 * HycoParameterOwnerInterface:
 * @list: the names of every parameter, in the order a user reads them
 * @has: whether @name is a parameter
 * @set_text: sets @name from a literal or an expression over the model parameters in scope;
 *   with @evaluate %FALSE (a model file, where a parameter may be declared below its use)
 *   only the syntax of an expression is checked, and on a composite an unknown name declares
 *   a model parameter. The error does not repeat the parameter's name.
 * @get_text: the text the parameter was given (its expression, if it has one), or its value
 * @is_set: whether it differs from its default: what a saved model file writes
 * @needs_evaluation: whether its value is an expression still to be evaluated
 * @evaluate: computes an expression's value in the owner's scope
 * @describe: its type, unit, default and documentation
 *
 * Actors, directors and composites answer the same calls, whoever provides their parameters:
 * GObject properties (every actor and director), model parameters (composites) or an FMU's
 * variables (FMU actors). A class that adds parameters implements the interface again and
 * chains up for the names it does not know (g_type_interface_peek_parent()).
 */
struct _HycoParameterOwnerInterface
{
  GTypeInterface g_iface;

  char **(*list) (HycoParameterOwner *self);
  gboolean (*has) (HycoParameterOwner *self, const char *name);
  gboolean (*set_text) (HycoParameterOwner *self, const char *name, const char *text,
                        gboolean evaluate, GError **error);
  char *(*get_text) (HycoParameterOwner *self, const char *name);
  gboolean (*is_set) (HycoParameterOwner *self, const char *name);
  gboolean (*needs_evaluation) (HycoParameterOwner *self, const char *name);
  gboolean (*evaluate) (HycoParameterOwner *self, const char *name, GError **error);
  HycoParameterInfo *(*describe) (HycoParameterOwner *self, const char *name);
};

/**
 * HycoParameterOwnerInterface::set_text:
 * @self: an actor or director
 * @name: a parameter name
 * @text: a literal, or an expression over the model parameters in scope
 * @evaluate: whether to evaluate an expression now; %FALSE checks only its syntax (a model
 *   file, where a parameter may be declared below its use)
 * @error: return location for a #GError
 *
 * Sets a parameter from its text. hyco_parameter_owner_set_text() calls it with @evaluate
 * %TRUE; a model file's reader calls it with %FALSE, and then on a composite an unknown name
 * declares a model parameter. The error does not repeat the parameter's name: the caller adds
 * it, in the user's words.
 *
 * Returns: %TRUE on success
 */

HYCO_API char **hyco_parameter_owner_list (HycoParameterOwner *self);
HYCO_API gboolean hyco_parameter_owner_has (HycoParameterOwner *self, const char *name);
HYCO_API gboolean hyco_parameter_owner_set_text (HycoParameterOwner *self, const char *name,
                                                 const char *text, GError **error);
HYCO_API gboolean hyco_parameter_owner_declare_text (HycoParameterOwner *self, const char *name,
                                                     const char *text, GError **error);
HYCO_API gboolean hyco_parameter_owner_declare_string (HycoParameterOwner *self, const char *name,
                                                       const char *text, GError **error);
HYCO_API char *hyco_parameter_owner_get_text (HycoParameterOwner *self, const char *name);
HYCO_API gboolean hyco_parameter_owner_is_set (HycoParameterOwner *self, const char *name);
HYCO_API gboolean hyco_parameter_owner_needs_evaluation (HycoParameterOwner *self,
                                                         const char *name);
HYCO_API gboolean hyco_parameter_owner_evaluate (HycoParameterOwner *self, const char *name,
                                                 GError **error);
HYCO_API HycoParameterInfo *hyco_parameter_owner_describe (HycoParameterOwner *self,
                                                           const char *name);

G_END_DECLS
