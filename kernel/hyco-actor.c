/* hyco-actor.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-director-private.h"
#include "hyco-model-private.h"
#include "hyco-param-private.h"

/**
 * HycoActor:
 *
 * The base class of every actor. A director drives an actor through preinitialize and
 * initialize, then iterations of prefire, fire (any number of times per tag, without persistent
 * side effect) and postfire (once per tag, committing state), and finally wrapup, which is
 * always called.
 *
 * Subclasses declare their ports in class_init with hyco_actor_class_add_port() and their
 * parameters as GObject properties (see hyco_param_spec_literal()).
 */

/* The quark name is text, not a subtraction: keep clang-format away from it. */
/* clang-format off */
/**
 * hyco_actor_error_quark:
 *
 * The error domain of actors and directors: a model that cannot run as built (its structure, a
 * parameter, a zero-delay loop) or a run that fails (an actor, a Test that saw something else, too
 * many microsteps), with a message naming the actor, port or director.
 *
 * Returns: the #GQuark of #HycoActorError
 */
G_DEFINE_QUARK (hyco-actor-error-quark, hyco_actor_error)
/* clang-format on */

G_DEFINE_TYPE_WITH_CODE (HycoActor, hyco_actor, G_TYPE_OBJECT,
                         G_ADD_PRIVATE (HycoActor)
                         G_IMPLEMENT_INTERFACE (HYCO_TYPE_PARAMETER_OWNER,
                                                _hyco_parameter_owner_properties_init))

enum
{
  PROP_0,
  PROP_NAME,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

typedef struct
{
  char *name;
  HycoPortFlags flags;
  char *description;
} PortTemplate;

static GQuark
port_templates_quark (void)
{
  return g_quark_from_static_string ("hyco-port-templates");
}

static GQuark
description_quark (void)
{
  return g_quark_from_static_string ("hyco-actor-description");
}

gint _hyco_actor_private_offset;

/* Bumped by every change of an actor's container: what _hyco_actor_get_toplevel() caches is
 * current only in the generation it was cached in. Starts at 1: 0 marks no cache. */
static gint structure_generation = 1;

void
_hyco_actor_set_container (HycoActor *self, HycoCompositeActor *container)
{
  _hyco_actor_get_private (self)->container = container;
  /* Every cached top level may be stale now. */
  g_atomic_int_inc (&structure_generation);
}

HycoActor *
_hyco_actor_get_toplevel (HycoActor *self)
{
  guint generation = (guint) g_atomic_int_get (&structure_generation);
  HycoActor *top = self;
  HycoActor *next;

  /* Up to the first ancestor whose cache is current (or the top), then down again, caching. */
  for (HycoActorPrivate *priv = _hyco_actor_get_private (top); priv->container != NULL;
       priv = _hyco_actor_get_private (top))
    {
      if (priv->toplevel_generation == generation)
        {
          top = priv->toplevel;
          break;
        }
      top = HYCO_ACTOR (priv->container);
    }
  for (HycoActor *actor = self; actor != NULL && actor != top; actor = next)
    {
      HycoActorPrivate *priv = _hyco_actor_get_private (actor);
      if (priv->toplevel_generation == generation)
        break;
      priv->toplevel = top;
      priv->toplevel_generation = generation;
      next = HYCO_ACTOR (priv->container);
    }
  return top;
}

static gboolean hyco_actor_real_true (HycoActor *self, GError **error);
static gboolean hyco_actor_real_prefire (HycoActor *self);

static void
hyco_actor_constructed (GObject *object)
{
  HycoActor *self = HYCO_ACTOR (object);
  HycoActorPrivate *priv = _hyco_actor_get_private (self);
  g_autoptr (GPtrArray) names = hyco_actor_class_list_port_names (HYCO_ACTOR_GET_CLASS (self));

  G_OBJECT_CLASS (hyco_actor_parent_class)->constructed (object);
  priv->default_prefire = HYCO_ACTOR_GET_CLASS (self)->prefire == hyco_actor_real_prefire;
  priv->default_postfire = HYCO_ACTOR_GET_CLASS (self)->postfire == hyco_actor_real_true;
  for (guint i = 0; i < names->len; i++)
    {
      const char *name = names->pdata[i];
      HycoPortFlags flags = hyco_actor_class_get_port_flags (HYCO_ACTOR_GET_CLASS (self), name);
      hyco_actor_add_port (self, name, flags, NULL);
    }
}

static void
hyco_actor_finalize (GObject *object)
{
  HycoActorPrivate *priv = _hyco_actor_get_private (HYCO_ACTOR (object));

  g_free (priv->name);
  g_clear_pointer (&priv->ports_by_name, g_hash_table_unref);
  g_ptr_array_unref (priv->ports);
  g_free (priv->output_signals);
  g_free (priv->trace_ports);
  G_OBJECT_CLASS (hyco_actor_parent_class)->finalize (object);
}

static void
hyco_actor_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  HycoActorPrivate *priv = _hyco_actor_get_private (HYCO_ACTOR (object));

  switch (prop_id)
    {
    case PROP_NAME:
      g_value_set_string (value, priv->name);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hyco_actor_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  HycoActorPrivate *priv = _hyco_actor_get_private (HYCO_ACTOR (object));

  switch (prop_id)
    {
    case PROP_NAME:
      g_free (priv->name);
      priv->name = g_value_dup_string (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static gboolean
hyco_actor_real_true (HycoActor *self, GError **error)
{
  return TRUE;
}

static gboolean
hyco_actor_real_prefire (HycoActor *self)
{
  return TRUE;
}

static gboolean
hyco_actor_real_wrapup (HycoActor *self, GError **error)
{
  return TRUE;
}

static gboolean
hyco_actor_real_is_strict (HycoActor *self)
{
  return TRUE;
}

static gboolean
hyco_actor_real_output_depends_on (HycoActor *self, HycoPort *output, HycoPort *input)
{
  return TRUE;
}

/* An actor that reads its parameters' values when it fires needs nothing more. */
static gboolean
hyco_actor_real_parameter_changed (HycoActor *self, const char *name, GError **error)
{
  return TRUE;
}

/* Whether postfiring @self does nothing: those a director may skip. */
gboolean
_hyco_actor_has_default_postfire (HycoActor *self)
{
  return HYCO_ACTOR_GET_CLASS (self)->postfire == hyco_actor_real_true;
}

static void
hyco_actor_class_init (HycoActorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  _hyco_actor_private_offset = HycoActor_private_offset;
  object_class->constructed = hyco_actor_constructed;
  object_class->finalize = hyco_actor_finalize;
  object_class->get_property = hyco_actor_get_property;
  object_class->set_property = hyco_actor_set_property;

  klass->preinitialize = hyco_actor_real_true;
  klass->initialize = hyco_actor_real_true;
  klass->prefire = hyco_actor_real_prefire;
  klass->fire = hyco_actor_real_true;
  klass->postfire = hyco_actor_real_true;
  klass->wrapup = hyco_actor_real_wrapup;
  klass->is_strict = hyco_actor_real_is_strict;
  klass->output_depends_on = hyco_actor_real_output_depends_on;
  klass->parameter_changed = hyco_actor_real_parameter_changed;

  /**
   * HycoActor:name:
   *
   * The actor's name, unique within its container.
   */
  properties[PROP_NAME]
    = g_param_spec_string ("name", NULL, "The actor's name", NULL,
                           G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hyco_actor_init (HycoActor *self)
{
  HycoActorPrivate *priv = _hyco_actor_get_private (self);

  priv->ports = g_ptr_array_new_with_free_func (g_object_unref);
}

static void
port_template_free (gpointer data)
{
  PortTemplate *template = data;

  g_free (template->name);
  g_free (template->description);
  g_free (template);
}

/**
 * hyco_actor_class_add_port:
 * @klass: an actor class
 * @name: the port's name
 * @flags: input, output, multiport
 * @description: what the port carries, for `hyco actors`
 *
 * Declares a port that every instance of the class (and of its subclasses) has. Call it from
 * class_init. A subclass may declare a port of its base class again, to change its flags or
 * description.
 */
void
hyco_actor_class_add_port (HycoActorClass *klass, const char *name, HycoPortFlags flags,
                           const char *description)
{
  GType type = G_TYPE_FROM_CLASS (klass);
  GPtrArray *templates = g_type_get_qdata (type, port_templates_quark ());
  PortTemplate *template;

  g_return_if_fail (HYCO_IS_ACTOR_CLASS (klass));
  g_return_if_fail (name != NULL);
  if (templates == NULL)
    {
      /* Class data lives as long as the type, which is forever. */
      templates = g_ptr_array_new_with_free_func (port_template_free);
      g_type_set_qdata (type, port_templates_quark (), templates);
    }
  template = g_new0 (PortTemplate, 1);
  template->name = g_strdup (name);
  template->flags = flags;
  template->description = g_strdup (description);
  g_ptr_array_add (templates, template);
}

static PortTemplate *
find_port_template (HycoActorClass *klass, const char *name)
{
  for (GType type = G_TYPE_FROM_CLASS (klass); type != G_TYPE_OBJECT; type = g_type_parent (type))
    {
      GPtrArray *templates = g_type_get_qdata (type, port_templates_quark ());
      for (guint i = 0; templates && i < templates->len; i++)
        {
          PortTemplate *template = templates->pdata[i];
          if (g_str_equal (template->name, name))
            return template;
        }
    }
  return NULL;
}

/**
 * hyco_actor_class_list_port_names:
 * @klass: an actor class
 *
 * Lists the ports an actor class declares with hyco_actor_class_add_port(), which every actor of
 * the class has; `hyco actors` shows them.
 *
 * Returns: (transfer full) (element-type utf8): the names of the ports the class declares,
 *   base classes' first
 */
GPtrArray *
hyco_actor_class_list_port_names (HycoActorClass *klass)
{
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  GSList *types = NULL;

  g_return_val_if_fail (HYCO_IS_ACTOR_CLASS (klass), names);
  for (GType type = G_TYPE_FROM_CLASS (klass); type != G_TYPE_OBJECT; type = g_type_parent (type))
    types = g_slist_prepend (types, GSIZE_TO_POINTER (type));
  for (GSList *l = types; l; l = l->next)
    {
      GPtrArray *templates = g_type_get_qdata (GPOINTER_TO_SIZE (l->data), port_templates_quark ());
      for (guint i = 0; templates && i < templates->len; i++)
        {
          const char *name = ((PortTemplate *) templates->pdata[i])->name;

          /* A subclass that declares a base class's port again changes its flags (Test's
           * input is a multiport where NonStrictTest's is not): one port, in the base's place. */
          if (!g_ptr_array_find_with_equal_func (names, name, g_str_equal, NULL))
            g_ptr_array_add (names, g_strdup (name));
        }
    }
  g_slist_free (types);
  return names;
}

/**
 * hyco_actor_class_get_port_flags:
 * @klass: an actor class
 * @name: a declared port's name
 *
 * Gets whether a port an actor class declares is an input, an output, a multiport.
 *
 * Returns: the declared port's flags, 0 if the class declares no such port
 */
HycoPortFlags
hyco_actor_class_get_port_flags (HycoActorClass *klass, const char *name)
{
  PortTemplate *template;

  g_return_val_if_fail (HYCO_IS_ACTOR_CLASS (klass), 0);
  template = find_port_template (klass, name);
  return template ? template->flags : 0;
}

/**
 * hyco_actor_class_get_port_description:
 * @klass: an actor class
 * @name: a declared port's name
 *
 * Gets the description of a port an actor class declares, as `hyco actors` shows it.
 *
 * Returns: (nullable): the declared port's description
 */
const char *
hyco_actor_class_get_port_description (HycoActorClass *klass, const char *name)
{
  PortTemplate *template;

  g_return_val_if_fail (HYCO_IS_ACTOR_CLASS (klass), NULL);
  template = find_port_template (klass, name);
  return template ? template->description : NULL;
}

/**
 * hyco_actor_class_set_description:
 * @klass: an actor class
 * @description: one line on what the actor does
 *
 * Sets the line shown by `hyco actors`.
 */
void
hyco_actor_class_set_description (HycoActorClass *klass, const char *description)
{
  g_return_if_fail (HYCO_IS_ACTOR_CLASS (klass));
  g_type_set_qdata (G_TYPE_FROM_CLASS (klass), description_quark (),
                    (gpointer) g_intern_string (description));
}

/**
 * hyco_actor_class_get_description:
 * @klass: an actor class
 *
 * Gets the one-line description of an actor class, set with hyco_actor_class_set_description().
 *
 * Returns: (nullable): the line shown by `hyco actors`
 */
const char *
hyco_actor_class_get_description (HycoActorClass *klass)
{
  g_return_val_if_fail (HYCO_IS_ACTOR_CLASS (klass), NULL);
  return g_type_get_qdata (G_TYPE_FROM_CLASS (klass), description_quark ());
}

/**
 * hyco_actor_get_name:
 * @self: an actor
 *
 * Gets the name the actor was created with, unique within its composite; hyco_actor_get_full_name()
 * gives its path from the top level.
 *
 * Returns: the actor's name
 */
const char *
hyco_actor_get_name (HycoActor *self)
{
  g_return_val_if_fail (HYCO_IS_ACTOR (self), NULL);
  return _hyco_actor_get_private (self)->name;
}

/**
 * hyco_actor_get_full_name:
 * @self: an actor
 *
 * The actor's name below the top level, dot-separated (`Inner.Clock`); empty for the top level.
 *
 * Returns: (transfer full): the full name
 */
char *
hyco_actor_get_full_name (HycoActor *self)
{
  GString *name = g_string_new (NULL);

  g_return_val_if_fail (HYCO_IS_ACTOR (self), g_string_free (name, FALSE));
  for (HycoActor *actor = self; _hyco_actor_get_private (actor)->container != NULL;
       actor = HYCO_ACTOR (_hyco_actor_get_private (actor)->container))
    {
      if (name->len > 0)
        g_string_prepend_c (name, '.');
      g_string_prepend (name, _hyco_actor_get_private (actor)->name);
    }
  return g_string_free (name, FALSE);
}

/**
 * hyco_actor_get_container:
 * @self: an actor
 *
 * Gets the composite the actor was added to with hyco_composite_actor_add_actor(); the top level
 * has none.
 *
 * Returns: (transfer none) (nullable): the composite that holds the actor
 */
HycoCompositeActor *
hyco_actor_get_container (HycoActor *self)
{
  g_return_val_if_fail (HYCO_IS_ACTOR (self), NULL);
  return _hyco_actor_get_private (self)->container;
}

/**
 * hyco_actor_get_port:
 * @self: an actor
 * @name: a port name
 *
 * Looks up one of the actor's own ports by name (`input`, `output`, or a port added with
 * hyco_actor_add_port()); a composite's lookup through the hierarchy is
 * hyco_composite_actor_lookup_port().
 *
 * Returns: (transfer none) (nullable): the port, or %NULL if the actor has none of that name
 */
HycoPort *
hyco_actor_get_port (HycoActor *self, const char *name)
{
  HycoActorPrivate *priv;

  g_return_val_if_fail (HYCO_IS_ACTOR (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);
  priv = _hyco_actor_get_private (self);
  if (priv->ports_by_name != NULL)
    return g_hash_table_lookup (priv->ports_by_name, name);
  for (guint i = 0; i < priv->ports->len; i++)
    if (g_str_equal (HYCO_PORT (priv->ports->pdata[i])->name, name))
      return priv->ports->pdata[i];
  return NULL;
}

/**
 * hyco_actor_get_ports:
 * @self: an actor
 *
 * Lists the actor's ports: those its class declares, then those added with hyco_actor_add_port().
 *
 * Returns: (transfer container) (element-type Hyco.Port): the actor's ports in declaration order
 */
GPtrArray *
hyco_actor_get_ports (HycoActor *self)
{
  g_return_val_if_fail (HYCO_IS_ACTOR (self), NULL);
  return _hyco_ptr_array_copy_unowned (_hyco_actor_get_private (self)->ports);
}

/**
 * hyco_actor_add_port:
 * @self: an actor
 * @name: the new port's name
 * @flags: input and/or output, multiport
 * @error: return location for a #GError
 *
 * Adds a port to this actor (composites get their ports this way).
 *
 * Returns: (transfer none) (nullable): the new port, or %NULL if the name is taken or the
 *   flags name neither input nor output
 */
HycoPort *
hyco_actor_add_port (HycoActor *self, const char *name, HycoPortFlags flags, GError **error)
{
  HycoActorPrivate *priv;
  HycoPort *port;

  g_return_val_if_fail (HYCO_IS_ACTOR (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);
  if (hyco_actor_get_port (self, name) != NULL)
    {
      g_set_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_STRUCTURE,
                   "%s already has a port named \"%s\"", hyco_actor_get_name (self), name);
      return NULL;
    }
  if ((flags & (HYCO_PORT_INPUT | HYCO_PORT_OUTPUT)) == 0)
    {
      g_set_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_STRUCTURE,
                   "port \"%s\" of %s is neither an input nor an output", name,
                   hyco_actor_get_name (self));
      return NULL;
    }
  port = _hyco_port_new (self, name, flags);
  priv = _hyco_actor_get_private (self);
  g_ptr_array_add (priv->ports, port);
  /* A few ports are found quickest by looking at each; an FMU's thousands, by name. */
  if (priv->ports_by_name == NULL && priv->ports->len > 16)
    {
      priv->ports_by_name = g_hash_table_new (g_str_hash, g_str_equal);
      for (guint i = 0; i < priv->ports->len; i++)
        g_hash_table_insert (priv->ports_by_name, HYCO_PORT (priv->ports->pdata[i])->name,
                             priv->ports->pdata[i]);
    }
  else if (priv->ports_by_name != NULL)
    g_hash_table_insert (priv->ports_by_name, port->name, port);
  return port;
}

/**
 * hyco_actor_get_executive_director:
 * @self: an actor
 *
 * Gets the director that fires the actor: the director of the nearest opaque composite above it,
 * looking through transparent composites. It is settled when the model is prepared; before that it
 * is %NULL.
 *
 * Returns: (transfer none) (nullable): the director that fires this actor, once the model is
 *   prepared
 */
HycoDirector *
hyco_actor_get_executive_director (HycoActor *self)
{
  g_return_val_if_fail (HYCO_IS_ACTOR (self), NULL);
  return _hyco_actor_get_private (self)->executive;
}

/**
 * hyco_actor_preinitialize:
 * @self: an actor
 * @error: return location for a #GError
 *
 * Checks parameters and structure before a run. Parameters given as expressions are
 * evaluated first, over the model parameters as they are now, so the class's preinitialize
 * reads their values.
 *
 * Returns: %TRUE on success
 */
gboolean
hyco_actor_preinitialize (HycoActor *self, GError **error)
{
  g_return_val_if_fail (HYCO_IS_ACTOR (self), FALSE);
  _hyco_actor_get_private (self)->finished = FALSE;
  if (!_hyco_param_resolve_expressions (G_OBJECT (self), error))
    return FALSE;
  return HYCO_ACTOR_GET_CLASS (self)->preinitialize (self, error);
}

/**
 * hyco_actor_initialize:
 * @self: an actor
 * @error: return location for a #GError
 *
 * Resets the actor to the start of a run.
 *
 * Returns: %TRUE on success
 */
gboolean
hyco_actor_initialize (HycoActor *self, GError **error)
{
  HycoActorPrivate *priv;

  g_return_val_if_fail (HYCO_IS_ACTOR (self), FALSE);
  priv = _hyco_actor_get_private (self);
  priv->finished = FALSE;
  priv->pure_event = FALSE;
  priv->fired = FALSE;
  return HYCO_ACTOR_GET_CLASS (self)->initialize (self, error);
}

/**
 * hyco_actor_prefire:
 * @self: an actor
 *
 * Asks the actor whether it is ready to fire at the current tag; its director calls this before
 * hyco_actor_fire() and skips the firing when it returns %FALSE. It must have no side effect that
 * outlives the tag.
 *
 * Returns: %FALSE if the actor is not ready to fire at the current tag
 */
gboolean
hyco_actor_prefire (HycoActor *self)
{
  g_return_val_if_fail (HYCO_IS_ACTOR (self), FALSE);
  return HYCO_ACTOR_GET_CLASS (self)->prefire (self);
}

/**
 * hyco_actor_fire:
 * @self: an actor
 * @error: return location for a #GError
 *
 * Reads inputs and produces outputs at the current tag, without committing state.
 *
 * Returns: %TRUE on success
 */
gboolean
hyco_actor_fire (HycoActor *self, GError **error)
{
  g_return_val_if_fail (HYCO_IS_ACTOR (self), FALSE);
  return HYCO_ACTOR_GET_CLASS (self)->fire (self, error);
}

/**
 * hyco_actor_postfire:
 * @self: an actor
 * @error: return location for a #GError
 *
 * Commits the actor's state for the current tag.
 *
 * Returns: %TRUE on success
 */
gboolean
hyco_actor_postfire (HycoActor *self, GError **error)
{
  g_return_val_if_fail (HYCO_IS_ACTOR (self), FALSE);
  return HYCO_ACTOR_GET_CLASS (self)->postfire (self, error);
}

/**
 * hyco_actor_wrapup:
 * @self: an actor
 * @error: return location for a #GError
 *
 * Ends a run for this actor; final checks (such as a Test actor's missing values) may fail.
 *
 * Returns: %TRUE on success
 */
gboolean
hyco_actor_wrapup (HycoActor *self, GError **error)
{
  g_return_val_if_fail (HYCO_IS_ACTOR (self), FALSE);
  return HYCO_ACTOR_GET_CLASS (self)->wrapup (self, error);
}

/**
 * hyco_actor_set_error: (skip)
 * @self: an actor
 * @error: return location for a #GError
 * @code: the error code
 * @format: printf-style message
 * @...: arguments
 *
 * Sets @error in %HYCO_ACTOR_ERROR with a message that starts with the actor's full name.
 */
void
hyco_actor_set_error (HycoActor *self, GError **error, HycoActorError code, const char *format, ...)
{
  g_autofree char *name = hyco_actor_get_full_name (self);
  g_autofree char *message = NULL;
  const char *location = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  /* A bad parameter or structure is fixed in the model file: point at the actor's element. */
  if (code == HYCO_ACTOR_ERROR_PARAMETER || code == HYCO_ACTOR_ERROR_STRUCTURE)
    location = _hyco_get_source_location (self);
  g_set_error (error, HYCO_ACTOR_ERROR, code, "%s%s%s: %s", location ? location : "",
               location ? ": " : "", *name ? name : hyco_actor_get_name (self), message);
}

/**
 * hyco_actor_is_strict:
 * @self: an actor
 *
 * Tells whether the actor needs every input known (present or absent) before it fires. A non-strict
 * actor (Ptolemy II's non-strict actors, such as a NonStrictTest) may fire with some inputs unknown
 * and is fired again as they become known, which a fixed point in SR and zero-delay loops need.
 *
 * Returns: %TRUE if the actor needs every input known before it fires
 */
gboolean
hyco_actor_is_strict (HycoActor *self)
{
  g_return_val_if_fail (HYCO_IS_ACTOR (self), TRUE);
  return HYCO_ACTOR_GET_CLASS (self)->is_strict (self);
}

/**
 * hyco_actor_output_depends_on:
 * @self: an actor
 * @output: one of its output ports
 * @input: one of its input ports
 *
 * The actor's causality interface: whether @output at a tag depends on @input at the same tag.
 * A strict actor's outputs depend on all of its inputs.
 *
 * Returns: %TRUE if the dependency is immediate
 */
gboolean
hyco_actor_output_depends_on (HycoActor *self, HycoPort *output, HycoPort *input)
{
  g_return_val_if_fail (HYCO_IS_ACTOR (self), TRUE);
  if (hyco_actor_is_strict (self))
    return TRUE;
  return HYCO_ACTOR_GET_CLASS (self)->output_depends_on (self, output, input);
}

/**
 * hyco_actor_parameter_changed:
 * @self: an actor
 * @name: one of its parameters
 * @error: return location for a #GError
 *
 * Tells the actor that its parameter @name has a new value during the run: a model parameter
 * its expression names was changed (see hyco_composite_actor_change_parameter()).
 *
 * Returns: %TRUE if the actor accepts the new value
 */
gboolean
hyco_actor_parameter_changed (HycoActor *self, const char *name, GError **error)
{
  g_return_val_if_fail (HYCO_IS_ACTOR (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);
  return HYCO_ACTOR_GET_CLASS (self)->parameter_changed (self, name, error);
}

/**
 * hyco_actor_get_model:
 * @self: an actor
 *
 * Gets the model that runs the actor, as settled when its top-level composite was last prepared; an
 * actor not yet in a prepared model has none.
 *
 * Returns: (transfer none) (nullable): the model the actor's top level was last prepared in
 */
HycoModel *
hyco_actor_get_model (HycoActor *self)
{
  HycoActor *top;

  g_return_val_if_fail (HYCO_IS_ACTOR (self), NULL);
  top = _hyco_actor_get_toplevel (self);
  return HYCO_IS_COMPOSITE_ACTOR (top) ? _hyco_composite_actor_get_model (HYCO_COMPOSITE_ACTOR (top))
                                       : NULL;
}

/**
 * hyco_actor_set_priority:
 * @self: an actor
 * @priority: its priority; 0 by default
 *
 * Orders the actor among actors its director would otherwise fire in model order: those at
 * the same depth of the causality schedule fire by increasing priority, then in model order
 * (Ptolemy II's `_priority` attribute, `ptolemy.domains.de.kernel.Priority`, where a smaller
 * number fires first). It never reorders an actor before one it depends on. Takes effect
 * when the model is next prepared.
 */
void
hyco_actor_set_priority (HycoActor *self, int priority)
{
  g_return_if_fail (HYCO_IS_ACTOR (self));
  _hyco_actor_get_private (self)->priority = priority;
}

/**
 * hyco_actor_get_priority:
 * @self: an actor
 *
 * Gets the priority that orders the actor among actors a director could fire at the same point; see
 * hyco_actor_set_priority().
 *
 * Returns: its priority (see hyco_actor_set_priority())
 */
int
hyco_actor_get_priority (HycoActor *self)
{
  g_return_val_if_fail (HYCO_IS_ACTOR (self), 0);
  return _hyco_actor_get_private (self)->priority;
}

/**
 * hyco_actor_get_current_tag:
 * @self: an actor
 * @tag: (out caller-allocates): the tag
 *
 * Gets the current tag of the actor's director.
 */
void
hyco_actor_get_current_tag (HycoActor *self, HycoTag *tag)
{
  g_return_if_fail (HYCO_IS_ACTOR (self));
  g_return_if_fail (tag != NULL);
  *tag = _hyco_actor_current_tag (self);
}

/**
 * hyco_actor_get_current_time:
 * @self: an actor
 *
 * Gets the time of the current tag of the actor's director, as hyco_actor_get_current_tag() does
 * without the microstep. Convert it to seconds with hyco_time_to_seconds() and
 * hyco_actor_get_resolution().
 *
 * Returns: the current model time in ticks
 */
gint64
hyco_actor_get_current_time (HycoActor *self)
{
  HycoTag tag;

  hyco_actor_get_current_tag (self, &tag);
  return tag.time;
}

/**
 * hyco_actor_get_resolution:
 * @self: an actor
 *
 * Gets the time resolution of the model the actor is in, the exponent r of a tick of 10^r s, so
 * that times in ticks (hyco_actor_get_current_time()) can be converted; the default resolution for
 * an actor in no model. The model settles it before any actor is preinitialized, so an actor may
 * convert its time parameters in its own preinitialize.
 *
 * Returns: the model's resolution exponent r (ticks of 10^r s)
 */
int
hyco_actor_get_resolution (HycoActor *self)
{
  HycoActor *top;
  HycoModel *model;

  g_return_val_if_fail (HYCO_IS_ACTOR (self), HYCO_DEFAULT_RESOLUTION);
  /* The model settles the resolution before anything is preinitialized, so actors can convert
   * their time parameters in their own preinitialize. */
  top = _hyco_actor_get_toplevel (self);
  model = HYCO_IS_COMPOSITE_ACTOR (top) ? _hyco_composite_actor_get_model ((gpointer) top) : NULL;
  return model ? hyco_model_get_resolution (model) : HYCO_DEFAULT_RESOLUTION;
}

/**
 * hyco_actor_get_stop_time:
 * @self: an actor
 *
 * The model time at which the run stops, the top-level director's `stopTime`: a firing
 * requested after it never happens. Known once the model is prepared.
 *
 * Returns: the stop time in ticks, or %HYCO_TIME_INFINITY when the run has none
 */
gint64
hyco_actor_get_stop_time (HycoActor *self)
{
  HycoActor *top;
  HycoDirector *director;

  g_return_val_if_fail (HYCO_IS_ACTOR (self), HYCO_TIME_INFINITY);
  top = _hyco_actor_get_toplevel (self);
  director = HYCO_IS_COMPOSITE_ACTOR (top)
               ? hyco_composite_actor_get_director (HYCO_COMPOSITE_ACTOR (top))
               : NULL;
  return director ? hyco_director_get_stop_time (director) : HYCO_TIME_INFINITY;
}

/**
 * hyco_actor_fire_at_tag:
 * @self: an actor
 * @tag: the requested tag
 * @granted: (out caller-allocates) (optional): the tag at which the actor will be fired
 * @error: return location for a #GError
 *
 * Asks the actor's director to fire it at @tag. Directors grant the tag or the earliest later
 * one they can; a tag in the past is an error.
 *
 * Returns: %TRUE on success
 */
gboolean
hyco_actor_fire_at_tag (HycoActor *self, const HycoTag *tag, HycoTag *granted, GError **error)
{
  HycoActorPrivate *priv;
  HycoTag ignored;

  g_return_val_if_fail (HYCO_IS_ACTOR (self), FALSE);
  g_return_val_if_fail (tag != NULL, FALSE);
  priv = _hyco_actor_get_private (self);
  if (priv->executive == NULL)
    {
      g_set_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_STRUCTURE,
                   "%s has no director to fire it", hyco_actor_get_name (self));
      return FALSE;
    }
  /* The director's checks would repeat these: straight to its method (a hot path of DE). */
  return HYCO_DIRECTOR_GET_CLASS (priv->executive)
    ->fire_at (priv->executive, self, tag, granted ? granted : &ignored, error);
}

/**
 * hyco_actor_fire_at:
 * @self: an actor
 * @time: the requested model time in ticks
 * @granted: (out caller-allocates) (optional): the tag at which the actor will be fired
 * @error: return location for a #GError
 *
 * Asks to be fired at @time: at microstep 1 if @time is later than now, as discrete events are,
 * or at the next microstep if @time is now.
 *
 * Returns: %TRUE on success
 */
gboolean
hyco_actor_fire_at (HycoActor *self, gint64 time, HycoTag *granted, GError **error)
{
  HycoTag now, tag;

  hyco_actor_get_current_tag (self, &now);
  tag.time = time;
  if (time == now.time)
    {
      if (now.microstep == G_MAXUINT64)
        {
          g_set_error (error, HYCO_TIME_ERROR, HYCO_TIME_ERROR_OVERFLOW, "%s: microstep overflow",
                       hyco_actor_get_name (self));
          return FALSE;
        }
      HycoDirector *director = hyco_actor_get_executive_director (self);
      tag.microstep = now.microstep + 1;
      if (director != NULL && _hyco_director_get_private (director)->requests_now_first)
        tag.microstep = now.microstep;
    }
  else
    tag.microstep = 1;
  return hyco_actor_fire_at_tag (self, &tag, granted, error);
}

/**
 * hyco_actor_has_pure_event:
 * @self: an actor
 *
 * Tells, during a firing, whether the director fires the actor at this tag because the actor asked
 * for it with hyco_actor_fire_at() (a pure event), rather than only because an input arrived.
 *
 * Returns: %TRUE if the actor is fired at the current tag because it asked to be (fire_at)
 */
gboolean
hyco_actor_has_pure_event (HycoActor *self)
{
  g_return_val_if_fail (HYCO_IS_ACTOR (self), FALSE);
  return _hyco_actor_get_private (self)->pure_event;
}

/**
 * hyco_actor_finish:
 * @self: an actor
 *
 * Called from postfire: asks the director not to fire the actor again in this run (Ptolemy's
 * postfire returning false).
 */
void
hyco_actor_finish (HycoActor *self)
{
  g_return_if_fail (HYCO_IS_ACTOR (self));
  _hyco_actor_get_private (self)->finished = TRUE;
}

/**
 * hyco_actor_request_stop:
 * @self: an actor
 * @reason: why, in a few words, for the run's summary
 *
 * Called from postfire: ends the run once the current tag is complete, as reaching the stop
 * time would (Ptolemy II's Stop actor); the run succeeds, and hyco_model_get_stop_reason()
 * says who stopped it and why. The first request of a run is the one kept.
 */
void
hyco_actor_request_stop (HycoActor *self, const char *reason)
{
  HycoDirector *executive;
  HycoModel *model;

  g_return_if_fail (HYCO_IS_ACTOR (self));
  g_return_if_fail (reason != NULL);
  executive = _hyco_actor_get_private (self)->executive;
  model = executive ? _hyco_director_get_private (executive)->model : NULL;
  if (model != NULL)
    _hyco_model_request_stop (model, self, reason);
}

/**
 * hyco_actor_is_finished:
 * @self: an actor
 *
 * Tells whether the actor called hyco_actor_finish() in this run: its director fires it no more
 * until the next run.
 *
 * Returns: %TRUE once the actor asked not to be fired again
 */
gboolean
hyco_actor_is_finished (HycoActor *self)
{
  g_return_val_if_fail (HYCO_IS_ACTOR (self), TRUE);
  return _hyco_actor_get_private (self)->finished;
}

/**
 * hyco_actor_get_time_parameter:
 * @self: an actor
 * @name: the name of a time parameter (a string property holding a time literal)
 * @ticks: (out): the time in ticks of the model's resolution
 * @error: return location for a #GError
 *
 * Converts a time parameter exactly to ticks, for use in preinitialize.
 *
 * Returns: %TRUE on success; the error names the actor, the parameter and the literal
 */
gboolean
hyco_actor_get_time_parameter (HycoActor *self, const char *name, gint64 *ticks, GError **error)
{
  g_autofree char *literal = NULL;
  g_autoptr (GError) local_error = NULL;

  g_return_val_if_fail (HYCO_IS_ACTOR (self), FALSE);
  g_return_val_if_fail (ticks != NULL, FALSE);
  g_object_get (self, name, &literal, NULL);
  if (hyco_time_parse (literal ? literal : "", hyco_actor_get_resolution (self), ticks,
                       &local_error))
    return TRUE;
  _hyco_set_parameter_error (self, error, name, local_error->message);
  return FALSE;
}
