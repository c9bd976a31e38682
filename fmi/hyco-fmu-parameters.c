/* hyco-fmu-parameters.c: an FMU actor's parameters: its class's properties, then the
 * variables of its FMU that a master may set (FMI 2.0: parameters, inputs, and variables
 * whose initial is exact or approx); and how `hyco inspect` shows them.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-fmu-actor-private.h"
#include "hyco-model-syntax-private.h"
#include "hyco-kernel.h"

static HycoParameterOwnerInterface *parent_iface;

/* A property of the class wins over an FMU variable of the same name, as in the model file. */
static gboolean
is_property (HycoParameterOwner *self, const char *name)
{
  return g_object_class_find_property (G_OBJECT_GET_CLASS (self), name) != NULL;
}

static char **
fmu_list (HycoParameterOwner *self)
{
  g_auto (GStrv) own = parent_iface->list (self);
  g_auto (GStrv) set = hyco_fmu_actor_list_fmu_parameters (HYCO_FMU_ACTOR (self));
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();

  g_strv_builder_addv (builder, (const char **) own);
  g_strv_builder_addv (builder, (const char **) set);
  return g_strv_builder_end (builder);
}

static gboolean
fmu_has (HycoParameterOwner *self, const char *name)
{
  return parent_iface->has (self, name)
         || (!is_property (self, name)
             && _hyco_fmu_actor_has_fmu_variable (HYCO_FMU_ACTOR (self), name));
}

static gboolean
fmu_set_text (HycoParameterOwner *self, const char *name, const char *text, gboolean evaluate,
              GError **error)
{
  HycoFMUActor *actor = HYCO_FMU_ACTOR (self);
  const char *load_error;

  if (!is_property (self, name))
    return _hyco_fmu_actor_set_fmu_parameter_text (actor, name, text, evaluate, error);
  if (!parent_iface->set_text (self, name, text, evaluate, error))
    return FALSE;
  /* The FMU is loaded when its file is set: a model file reports what went wrong at the
   * property; elsewhere it is reported when the model is prepared. */
  load_error = _hyco_fmu_actor_get_load_error (actor);
  if (!evaluate && g_str_equal (name, "fmuFile") && load_error != NULL)
    {
      g_set_error_literal (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_BAD_VALUE, load_error);
      return FALSE;
    }
  return TRUE;
}

static char *
fmu_get_text (HycoParameterOwner *self, const char *name)
{
  if (is_property (self, name))
    return parent_iface->get_text (self, name);
  return g_strdup (hyco_fmu_actor_get_fmu_parameter (HYCO_FMU_ACTOR (self), name));
}

static gboolean
fmu_is_set (HycoParameterOwner *self, const char *name)
{
  if (is_property (self, name))
    return parent_iface->is_set (self, name);
  return hyco_fmu_actor_get_fmu_parameter (HYCO_FMU_ACTOR (self), name) != NULL;
}

static gboolean
fmu_needs_evaluation (HycoParameterOwner *self, const char *name)
{
  if (is_property (self, name))
    return parent_iface->needs_evaluation (self, name);
  return _hyco_fmu_actor_is_fmu_parameter_expression (HYCO_FMU_ACTOR (self), name);
}

static gboolean
fmu_evaluate (HycoParameterOwner *self, const char *name, GError **error)
{
  if (is_property (self, name))
    return parent_iface->evaluate (self, name, error);
  return _hyco_fmu_actor_resolve_fmu_parameter (HYCO_FMU_ACTOR (self), name, error);
}

static HycoParameterInfo *
fmu_describe (HycoParameterOwner *self, const char *name)
{
  HycoParameterInfo *info;

  if (is_property (self, name) || !fmu_has (self, name))
    return parent_iface->describe (self, name);
  info = g_new0 (HycoParameterInfo, 1);
  info->name = g_strdup (name);
  info->type = g_strdup ("fmu-variable");
  info->documentation = g_strdup ("a variable of the FMU (its start value, unless set)");
  return info;
}

void
_hyco_fmu_actor_parameter_owner_init (HycoParameterOwnerInterface *iface)
{
  parent_iface = g_type_interface_peek_parent (iface);
  iface->list = fmu_list;
  iface->has = fmu_has;
  iface->set_text = fmu_set_text;
  iface->get_text = fmu_get_text;
  iface->is_set = fmu_is_set;
  iface->needs_evaluation = fmu_needs_evaluation;
  iface->evaluate = fmu_evaluate;
  iface->describe = fmu_describe;
}

/* What `hyco inspect` shows of an FMU actor beyond ports and parameters. */
static void
describe_fmu (HycoActor *actor, GString *out, const char *indent)
{
  g_auto (GStrv) names = hyco_fmu_actor_list_fmu_parameters (HYCO_FMU_ACTOR (actor));
  const char *category = hyco_fmu_actor_get_category (HYCO_FMU_ACTOR (actor));

  if (category)
    g_string_append_printf (out, "%sFMI-HC category %s\n", indent, category);
  for (guint i = 0; names[i]; i++)
    g_string_append_printf (out, "%sFMU parameter %s = %s\n", indent, names[i],
                            hyco_fmu_actor_get_fmu_parameter (HYCO_FMU_ACTOR (actor), names[i]));
}

void
_hyco_fmu_actor_syntax_register (void)
{
  static const HycoModelSyntax syntax = { .describe = describe_fmu };

  _hyco_model_syntax_register (HYCO_TYPE_FMU_ACTOR, &syntax);
}
