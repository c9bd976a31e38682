/* hyco-parameter-owner.c: the parameter protocol, and its first provider, GObject properties.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-param-private.h"

/**
 * HycoParameterOwner:
 *
 * What has parameters: every actor and director, whose parameters are its properties, a composite
 * with its model parameters, an FMU actor with its FMU's variables. Setting, reading and listing
 * parameters through it works the same whoever provides them, as model files and the command line's
 * `--set` do.
 */
G_DEFINE_INTERFACE (HycoParameterOwner, hyco_parameter_owner, G_TYPE_OBJECT)
G_DEFINE_BOXED_TYPE (HycoParameterInfo, hyco_parameter_info, hyco_parameter_info_copy,
                     hyco_parameter_info_free)

/**
 * hyco_parameter_info_copy:
 * @self: a #HycoParameterInfo
 *
 * Copies a parameter's description.
 *
 * Returns: (transfer full): a copy of @self
 */
HycoParameterInfo *
hyco_parameter_info_copy (const HycoParameterInfo *self)
{
  HycoParameterInfo *copy = g_new0 (HycoParameterInfo, 1);

  copy->name = g_strdup (self->name);
  copy->type = g_strdup (self->type);
  copy->unit = g_strdup (self->unit);
  copy->default_text = g_strdup (self->default_text);
  copy->documentation = g_strdup (self->documentation);
  return copy;
}

/**
 * hyco_parameter_info_free:
 * @self: a #HycoParameterInfo
 *
 * Frees a parameter's description, as hyco_parameter_owner_describe() returns it.
 */
void
hyco_parameter_info_free (HycoParameterInfo *self)
{
  if (self == NULL)
    return;
  g_free (self->name);
  g_free (self->type);
  g_free (self->unit);
  g_free (self->default_text);
  g_free (self->documentation);
  g_free (self);
}

/* The property provider: every writable property of an actor or director but its name. */

static GParamSpec *
find_property (HycoParameterOwner *self, const char *name)
{
  GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (self), name);

  if (pspec == NULL || g_str_equal (name, "name") || !(pspec->flags & G_PARAM_WRITABLE)
      || (pspec->flags & G_PARAM_CONSTRUCT_ONLY))
    return NULL;
  return pspec;
}

static char **
properties_list (HycoParameterOwner *self)
{
  g_autoptr (GPtrArray) params = hyco_param_list (G_OBJECT_GET_CLASS (self));
  GStrvBuilder *builder = g_strv_builder_new ();
  char **names;

  for (guint i = 0; i < params->len; i++)
    g_strv_builder_add (builder, ((GParamSpec *) params->pdata[i])->name);
  names = g_strv_builder_end (builder);
  g_strv_builder_unref (builder);
  return names;
}

static gboolean
properties_has (HycoParameterOwner *self, const char *name)
{
  return find_property (self, name) != NULL;
}

static gboolean
properties_set_text (HycoParameterOwner *self, const char *name, const char *text,
                     gboolean evaluate, GError **error)
{
  return _hyco_param_set_text (G_OBJECT (self), name, text, evaluate, error);
}

static char *
properties_get_text (HycoParameterOwner *self, const char *name)
{
  GParamSpec *pspec = find_property (self, name);

  return pspec ? hyco_param_to_string (G_OBJECT (self), pspec) : NULL;
}

static gboolean
properties_is_set (HycoParameterOwner *self, const char *name)
{
  GParamSpec *pspec = find_property (self, name);

  return pspec != NULL && !hyco_param_is_default (G_OBJECT (self), pspec);
}

static gboolean
properties_needs_evaluation (HycoParameterOwner *self, const char *name)
{
  return hyco_param_get_expression (G_OBJECT (self), name) != NULL;
}

static gboolean
properties_evaluate (HycoParameterOwner *self, const char *name, GError **error)
{
  return _hyco_param_resolve_expression (G_OBJECT (self), name, error);
}

/* What a property's text holds, in the words `hyco actors` uses. */
static const char *
property_type (GParamSpec *pspec)
{
  GType type = G_PARAM_SPEC_VALUE_TYPE (pspec);

  switch (hyco_param_spec_get_kind (pspec))
    {
    case HYCO_PARAM_KIND_TIME:
      return "time";
    case HYCO_PARAM_KIND_RESOLUTION:
      return "resolution";
    case HYCO_PARAM_KIND_VALUE:
      return "value";
    case HYCO_PARAM_KIND_VALUE_LIST:
      return "values";
    case HYCO_PARAM_KIND_TAG_LIST:
      return "tags";
    case HYCO_PARAM_KIND_PLAIN:
      break;
    }
  if (type == G_TYPE_DOUBLE)
    return "number";
  if (type == G_TYPE_BOOLEAN)
    return "boolean";
  if (type == G_TYPE_INT || type == G_TYPE_INT64 || type == G_TYPE_LONG || type == G_TYPE_UINT
      || type == G_TYPE_UINT64)
    return "integer";
  if (G_TYPE_IS_ENUM (type))
    return "choice";
  return "string";
}

static HycoParameterInfo *
properties_describe (HycoParameterOwner *self, const char *name)
{
  GParamSpec *pspec = find_property (self, name);
  HycoParameterInfo *info;

  if (pspec == NULL)
    return NULL;
  info = g_new0 (HycoParameterInfo, 1);
  info->name = g_strdup (pspec->name);
  info->type = g_strdup (property_type (pspec));
  info->default_text = hyco_param_default_to_string (pspec);
  info->documentation = g_strdup (g_param_spec_get_blurb (pspec));
  return info;
}

static void
hyco_parameter_owner_default_init (HycoParameterOwnerInterface *iface)
{
}

/* The interface of every actor and director: their GObject properties. */
void
_hyco_parameter_owner_properties_init (HycoParameterOwnerInterface *iface)
{
  iface->list = properties_list;
  iface->has = properties_has;
  iface->set_text = properties_set_text;
  iface->get_text = properties_get_text;
  iface->is_set = properties_is_set;
  iface->needs_evaluation = properties_needs_evaluation;
  iface->evaluate = properties_evaluate;
  iface->describe = properties_describe;
}

/* The public calls: the same for every owner and every provider. */

/**
 * hyco_parameter_owner_list:
 * @self: an actor or director
 *
 * Lists the parameters of an actor or director: what hyco_parameter_owner_set_text() can set.
 *
 * Returns: (transfer full): the names of all its parameters: its class's, then those its
 *   provider adds (a composite's model parameters, an FMU's settable variables)
 */
char **
hyco_parameter_owner_list (HycoParameterOwner *self)
{
  g_return_val_if_fail (HYCO_IS_PARAMETER_OWNER (self), NULL);
  return HYCO_PARAMETER_OWNER_GET_IFACE (self)->list (self);
}

/**
 * hyco_parameter_owner_has:
 * @self: an actor or director
 * @name: a parameter name
 *
 * Tells whether an actor or director has a parameter of that name, among its class's and those its
 * provider adds.
 *
 * Returns: whether @self has a parameter @name
 */
gboolean
hyco_parameter_owner_has (HycoParameterOwner *self, const char *name)
{
  g_return_val_if_fail (HYCO_IS_PARAMETER_OWNER (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);
  return HYCO_PARAMETER_OWNER_GET_IFACE (self)->has (self, name);
}

/**
 * hyco_parameter_owner_set_text:
 * @self: an actor or director
 * @name: a parameter name
 * @text: a literal, or an expression over the model parameters in scope of @self
 * @error: return location for a #GError
 *
 * Sets a parameter now, as `hyco run --set` does: an expression must evaluate in the scope
 * @self has, or the parameter keeps its value. The error (%HYCO_PARAM_ERROR_UNKNOWN for a
 * name @self lacks) does not repeat the parameter's name: callers prefix what they know.
 *
 * Returns: %TRUE on success
 */
gboolean
hyco_parameter_owner_set_text (HycoParameterOwner *self, const char *name, const char *text,
                               GError **error)
{
  g_return_val_if_fail (HYCO_IS_PARAMETER_OWNER (self), FALSE);
  g_return_val_if_fail (name != NULL && text != NULL, FALSE);
  return HYCO_PARAMETER_OWNER_GET_IFACE (self)->set_text (self, name, text, TRUE, error);
}

/**
 * hyco_parameter_owner_declare_text:
 * @self: an actor or director
 * @name: a parameter name
 * @text: a literal, or an expression
 * @error: return location for a #GError
 *
 * Sets a parameter as a model file states it: an expression's syntax is checked now and its
 * value computed by hyco_parameter_owner_evaluate() once the whole model is built (a name it
 * uses may be declared later). On a composite, a name its class lacks declares a model
 * parameter.
 *
 * Returns: %TRUE on success
 */
gboolean
hyco_parameter_owner_declare_text (HycoParameterOwner *self, const char *name, const char *text,
                                   GError **error)
{
  g_return_val_if_fail (HYCO_IS_PARAMETER_OWNER (self), FALSE);
  g_return_val_if_fail (name != NULL && text != NULL, FALSE);
  return HYCO_PARAMETER_OWNER_GET_IFACE (self)->set_text (self, name, text, FALSE, error);
}

/**
 * hyco_parameter_owner_get_text:
 * @self: an actor or director
 * @name: a parameter name
 *
 * Gets a parameter's text, as a model file holds it.
 *
 * Returns: (transfer full) (nullable): the parameter's text: the expression it was given, or
 *   its value; %NULL when @self has no such parameter
 */
char *
hyco_parameter_owner_get_text (HycoParameterOwner *self, const char *name)
{
  g_return_val_if_fail (HYCO_IS_PARAMETER_OWNER (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);
  return HYCO_PARAMETER_OWNER_GET_IFACE (self)->get_text (self, name);
}

/**
 * hyco_parameter_owner_is_set:
 * @self: an actor or director
 * @name: a parameter name
 *
 * Tells whether a parameter was set to something other than its default, which a saved model
 * writes.
 *
 * Returns: whether the parameter differs from its default (what a saved model writes)
 */
gboolean
hyco_parameter_owner_is_set (HycoParameterOwner *self, const char *name)
{
  g_return_val_if_fail (HYCO_IS_PARAMETER_OWNER (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);
  return HYCO_PARAMETER_OWNER_GET_IFACE (self)->is_set (self, name);
}

/**
 * hyco_parameter_owner_needs_evaluation:
 * @self: an actor or director
 * @name: a parameter name
 *
 * Tells whether a parameter is given as an expression over the model parameters, evaluated when the
 * model is prepared and again when the model parameters it names change.
 *
 * Returns: whether the parameter's value is computed from an expression
 */
gboolean
hyco_parameter_owner_needs_evaluation (HycoParameterOwner *self, const char *name)
{
  g_return_val_if_fail (HYCO_IS_PARAMETER_OWNER (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);
  return HYCO_PARAMETER_OWNER_GET_IFACE (self)->needs_evaluation (self, name);
}

/**
 * hyco_parameter_owner_evaluate:
 * @self: an actor or director
 * @name: a parameter name
 * @error: return location for a #GError
 *
 * Computes the value of a parameter given as an expression, in the scope @self has now.
 * The error does not repeat the parameter's name.
 *
 * Returns: %TRUE on success (and for a parameter that is not an expression)
 */
gboolean
hyco_parameter_owner_evaluate (HycoParameterOwner *self, const char *name, GError **error)
{
  g_return_val_if_fail (HYCO_IS_PARAMETER_OWNER (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);
  return HYCO_PARAMETER_OWNER_GET_IFACE (self)->evaluate (self, name, error);
}

/**
 * hyco_parameter_owner_describe:
 * @self: an actor or director
 * @name: a parameter name
 *
 * Describes one of the parameters of an actor or director, as `hyco actors` lists them: its type,
 * unit, default and documentation.
 *
 * Returns: (transfer full) (nullable): the parameter's type, unit, default and documentation,
 *   or %NULL when @self has no such parameter
 */
HycoParameterInfo *
hyco_parameter_owner_describe (HycoParameterOwner *self, const char *name)
{
  g_return_val_if_fail (HYCO_IS_PARAMETER_OWNER (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);
  return HYCO_PARAMETER_OWNER_GET_IFACE (self)->describe (self, name);
}

/**
 * hyco_parameter_owner_declare_string:
 * @self: an actor or director
 * @name: a parameter name
 * @text: the parameter's text, which is a string as it is, not an expression
 * @error: return location for a #GError
 *
 * Sets a parameter in Ptolemy II's string mode, as a model file states a `StringParameter`
 * or a `StringAttribute`: @text is the value itself. On a composite, a name its class lacks
 * declares a model parameter in string mode (hyco_composite_actor_set_string_parameter()),
 * which expressions read as a string. A parameter of the class that holds a value (a
 * %HYCO_PARAM_KIND_VALUE parameter) gets the string @text; any other takes @text as
 * hyco_parameter_owner_declare_text() does (a plain string parameter takes it as it is).
 *
 * Returns: %TRUE on success
 */
gboolean
hyco_parameter_owner_declare_string (HycoParameterOwner *self, const char *name, const char *text,
                                     GError **error)
{
  GParamSpec *pspec;

  g_return_val_if_fail (HYCO_IS_PARAMETER_OWNER (self), FALSE);
  g_return_val_if_fail (name != NULL && text != NULL, FALSE);
  pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (self), name);
  if (pspec == NULL && HYCO_IS_COMPOSITE_ACTOR (self))
    return hyco_composite_actor_set_string_parameter (HYCO_COMPOSITE_ACTOR (self), name, text,
                                                      error);
  if (pspec != NULL && hyco_param_spec_get_kind (pspec) == HYCO_PARAM_KIND_VALUE)
    {
      g_auto (HycoValue) value = HYCO_VALUE_INIT;
      g_autofree char *literal = NULL;

      hyco_value_set_string (&value, text);
      literal = hyco_value_to_literal (&value);
      return hyco_parameter_owner_declare_text (self, name, literal, error);
    }
  return hyco_parameter_owner_declare_text (self, name, text, error);
}
