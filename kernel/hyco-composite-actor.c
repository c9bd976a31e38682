/* hyco-composite-actor.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-director-private.h"
#include "hyco-param-private.h"

#include <math.h>

/**
 * HycoCompositeActor:
 *
 * An actor that contains actors and relations. With a director it is opaque: to its container
 * it is one actor whose fire, postfire, fire_at and causality interface are implemented by its
 * director. Without one it is transparent: its contents are governed by the director of the
 * nearest opaque container, as if they were not grouped.
 *
 * A composite also holds model parameters (Ptolemy II's `Parameter` attributes): named
 * expressions, such as `f = 50` or `w = 2 * pi * f`, that the parameters of the actors and
 * directors inside it may use. See hyco_composite_actor_set_parameter().
 */

/* A model parameter: its name and its expression, whose text is the parameter's text; or, in
 * string mode (Ptolemy's StringParameter), its text, which is its value as it is. */
typedef struct
{
  char *name;
  HycoExpression *expression; /* NULL in string mode */
  char *text;                 /* the text in string mode */
  HycoValue *changed;         /* the value the run gave it (hyco_composite_actor_change_parameter()),
                               * which its expression gets back when the model is next prepared */
  gboolean has_port;          /* set by the input port of its name (Ptolemy's PortParameter) */
} Parameter;

static void
parameter_free (gpointer data)
{
  Parameter *parameter = data;

  g_free (parameter->name);
  g_clear_object (&parameter->expression);
  g_free (parameter->text);
  g_clear_pointer (&parameter->changed, hyco_value_free);
  g_free (parameter);
}

static const char *
parameter_text (Parameter *parameter)
{
  return parameter->expression ? hyco_expression_get_text (parameter->expression)
                               : parameter->text;
}

typedef struct
{
  GPtrArray *actors;    /* HycoActor*, owned, in insertion order */
  GPtrArray *relations; /* HycoRelation*, owned */
  /* Each actor's and relation's name (its own string) -> it: one namespace for both, looked
   * up for every link of a model file, so that building a model is linear in its size. */
  GHashTable *contents;
  HycoDirector *director;
  HycoModel *model;       /* unowned, top level only */
  gboolean *dependencies; /* [output index * n_ports + input index], from the director */
  gboolean *constructive; /* same layout: some path between them meets a non-strict actor */
  gboolean prefired;      /* the director was prefired at the current tag */
  HycoTag prefired_at;
  GPtrArray *parameters; /* Parameter*, in declaration order */
} HycoCompositeActorPrivate;

static void parameter_owner_init (HycoParameterOwnerInterface *iface);

G_DEFINE_TYPE_WITH_CODE (HycoCompositeActor, hyco_composite_actor, HYCO_TYPE_ACTOR,
                         G_ADD_PRIVATE (HycoCompositeActor)
                         G_IMPLEMENT_INTERFACE (HYCO_TYPE_PARAMETER_OWNER, parameter_owner_init))

#define PRIV(self) ((HycoCompositeActorPrivate *) hyco_composite_actor_get_instance_private (self))

/* The actors whose last reference a composite being disposed gives up. Releasing them one
 * inside the other would recurse as deep as composites nest (a model nested 1e5 deep would
 * overflow the stack): the outermost dispose releases them all, in order, those of composites
 * it releases included. */
static __thread GPtrArray *releasing;

static void
release_actors (GPtrArray *actors)
{
  gboolean outermost = releasing == NULL;

  if (outermost)
    releasing = g_ptr_array_new ();
  /* The references go over to the queue. */
  for (guint i = 0; i < actors->len; i++)
    g_ptr_array_add (releasing, actors->pdata[i]);
  g_ptr_array_set_free_func (actors, NULL);
  g_ptr_array_unref (actors);
  if (!outermost)
    return;
  for (guint i = 0; i < releasing->len; i++)
    g_object_unref (releasing->pdata[i]);
  g_clear_pointer (&releasing, g_ptr_array_unref);
}

static void
hyco_composite_actor_dispose (GObject *object)
{
  HycoCompositeActorPrivate *priv = PRIV (HYCO_COMPOSITE_ACTOR (object));

  if (priv->director)
    _hyco_director_set_container (priv->director, NULL);
  g_clear_object (&priv->director);
  if (priv->actors)
    for (guint i = 0; i < priv->actors->len; i++)
      _hyco_actor_set_container (priv->actors->pdata[i], NULL);
  g_clear_pointer (&priv->contents, g_hash_table_unref);
  if (priv->actors)
    release_actors (g_steal_pointer (&priv->actors));
  g_clear_pointer (&priv->relations, g_ptr_array_unref);
  G_OBJECT_CLASS (hyco_composite_actor_parent_class)->dispose (object);
}

static void
hyco_composite_actor_finalize (GObject *object)
{
  g_free (PRIV (HYCO_COMPOSITE_ACTOR (object))->dependencies);
  g_free (PRIV (HYCO_COMPOSITE_ACTOR (object))->constructive);
  g_ptr_array_unref (PRIV (HYCO_COMPOSITE_ACTOR (object))->parameters);
  G_OBJECT_CLASS (hyco_composite_actor_parent_class)->finalize (object);
}

static gboolean
hyco_composite_actor_preinitialize (HycoActor *actor, GError **error)
{
  HycoCompositeActor *self = HYCO_COMPOSITE_ACTOR (actor);
  HycoCompositeActorPrivate *priv = PRIV (self);

  /* A run starts from the model's parameters as declared, not as the last run left them. */
  for (guint i = 0; i < priv->parameters->len; i++)
    g_clear_pointer (&((Parameter *) priv->parameters->pdata[i])->changed, hyco_value_free);
  if (!_hyco_composite_actor_check_parameters (self, error))
    return FALSE;
  for (guint i = 0; i < priv->actors->len; i++)
    if (!hyco_actor_preinitialize (priv->actors->pdata[i], error))
      return FALSE;
  if (priv->director == NULL)
    return TRUE;
  return hyco_director_preinitialize (priv->director, error);
}

static gboolean
hyco_composite_actor_initialize (HycoActor *actor, GError **error)
{
  HycoCompositeActorPrivate *priv = PRIV (HYCO_COMPOSITE_ACTOR (actor));

  priv->prefired = FALSE;
  /* A transparent composite's contents are initialized by the director governing them. */
  if (priv->director == NULL)
    return TRUE;
  return hyco_director_initialize (priv->director, error);
}

static gboolean
hyco_composite_actor_fire (HycoActor *actor, GError **error)
{
  HycoCompositeActorPrivate *priv = PRIV (HYCO_COMPOSITE_ACTOR (actor));
  HycoTag outer;

  if (priv->director == NULL)
    return TRUE;
  hyco_actor_get_current_tag (actor, &outer);
  /* The inner director is prefired once per tag, however often an outer fixed point fires the
   * composite, and again when the outer tag moved without a commit (a continuous director's
   * solver stages); prefire can fail, which the actor's prefire cannot report. */
  if (!priv->prefired || !hyco_tag_equal (&priv->prefired_at, &outer))
    {
      if (!hyco_director_prefire (priv->director, error))
        return FALSE;
      priv->prefired = TRUE;
      priv->prefired_at = outer;
    }
  return hyco_director_fire (priv->director, error);
}

static gboolean
hyco_composite_actor_postfire (HycoActor *actor, GError **error)
{
  HycoCompositeActorPrivate *priv = PRIV (HYCO_COMPOSITE_ACTOR (actor));

  if (priv->director == NULL)
    return TRUE;
  priv->prefired = FALSE;
  return hyco_director_postfire (priv->director, error);
}

static gboolean
hyco_composite_actor_wrapup (HycoActor *actor, GError **error)
{
  HycoCompositeActorPrivate *priv = PRIV (HYCO_COMPOSITE_ACTOR (actor));

  priv->prefired = FALSE;
  if (priv->director == NULL)
    return TRUE;
  return hyco_director_wrapup (priv->director, error);
}

static gboolean
hyco_composite_actor_is_strict (HycoActor *actor)
{
  /* An opaque composite can often produce some outputs before all inputs are known. */
  return FALSE;
}

static int
port_index (HycoActor *actor, HycoPort *port)
{
  GPtrArray *ports = _hyco_actor_get_private (actor)->ports;

  for (guint i = 0; i < ports->len; i++)
    if (ports->pdata[i] == (gpointer) port)
      return (int) i;
  return -1;
}

static gboolean
hyco_composite_actor_output_depends_on (HycoActor *actor, HycoPort *output, HycoPort *input)
{
  HycoCompositeActorPrivate *priv = PRIV (HYCO_COMPOSITE_ACTOR (actor));
  guint n = _hyco_actor_get_private (actor)->ports->len;
  int o = port_index (actor, output), i = port_index (actor, input);

  if (priv->dependencies == NULL || o < 0 || i < 0)
    return TRUE;
  return priv->dependencies[(guint) o * n + (guint) i];
}

static void
hyco_composite_actor_class_init (HycoCompositeActorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  object_class->dispose = hyco_composite_actor_dispose;
  object_class->finalize = hyco_composite_actor_finalize;
  actor_class->preinitialize = hyco_composite_actor_preinitialize;
  actor_class->initialize = hyco_composite_actor_initialize;
  actor_class->fire = hyco_composite_actor_fire;
  actor_class->postfire = hyco_composite_actor_postfire;
  actor_class->wrapup = hyco_composite_actor_wrapup;
  actor_class->is_strict = hyco_composite_actor_is_strict;
  actor_class->output_depends_on = hyco_composite_actor_output_depends_on;
  hyco_actor_class_set_description (actor_class,
                                    "A composite of actors; opaque when it has a director");
}

static void
hyco_composite_actor_init (HycoCompositeActor *self)
{
  PRIV (self)->actors = g_ptr_array_new_with_free_func (g_object_unref);
  PRIV (self)->relations = g_ptr_array_new_with_free_func (g_object_unref);
  PRIV (self)->contents = g_hash_table_new (g_str_hash, g_str_equal);
  PRIV (self)->parameters = g_ptr_array_new_with_free_func (parameter_free);
}

/**
 * hyco_composite_actor_new:
 * @name: the composite's name
 *
 * Creates a composite actor with no actors, relations or director: a transparent composite until
 * hyco_composite_actor_set_director() gives it a director. Give the top level a director and wrap
 * it in a model with hyco_model_new() to run it.
 *
 * Returns: (transfer full): a new, empty, transparent composite
 */
HycoCompositeActor *
hyco_composite_actor_new (const char *name)
{
  return g_object_new (HYCO_TYPE_COMPOSITE_ACTOR, "name", name, NULL);
}

static gboolean
name_is_taken (HycoCompositeActor *self, const char *name)
{
  return g_hash_table_contains (PRIV (self)->contents, name);
}

static gboolean
check_new_name (HycoCompositeActor *self, const char *name, GError **error)
{
  if (name == NULL || *name == '\0' || strchr (name, '.') != NULL)
    {
      g_set_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_STRUCTURE,
                   "\"%s\" is not a valid name: names are not empty and contain no '.'",
                   name ? name : "");
      return FALSE;
    }
  if (name_is_taken (self, name))
    {
      g_set_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_STRUCTURE,
                   "%s already contains something named \"%s\"",
                   hyco_actor_get_name (HYCO_ACTOR (self)), name);
      return FALSE;
    }
  return TRUE;
}

/**
 * hyco_composite_actor_add_actor:
 * @self: a composite
 * @actor: (transfer none): an actor without a container
 * @error: return location for a #GError
 *
 * Adds @actor to the composite, which takes a reference.
 *
 * Returns: %TRUE on success; %FALSE if the name is taken or invalid
 */
gboolean
hyco_composite_actor_add_actor (HycoCompositeActor *self, HycoActor *actor, GError **error)
{
  g_return_val_if_fail (HYCO_IS_COMPOSITE_ACTOR (self), FALSE);
  g_return_val_if_fail (HYCO_IS_ACTOR (actor), FALSE);
  g_return_val_if_fail (hyco_actor_get_container (actor) == NULL, FALSE);
  if (!check_new_name (self, hyco_actor_get_name (actor), error))
    return FALSE;
  g_ptr_array_add (PRIV (self)->actors, g_object_ref (actor));
  g_hash_table_insert (PRIV (self)->contents, (gpointer) hyco_actor_get_name (actor), actor);
  _hyco_actor_set_container (actor, self);
  return TRUE;
}

/**
 * hyco_composite_actor_get_actor:
 * @self: a composite
 * @name: a contained actor's name
 *
 * Gets one of the actors added directly to the composite; hyco_composite_actor_lookup_actor()
 * follows a path through inner composites.
 *
 * Returns: (transfer none) (nullable): the actor, or %NULL
 */
HycoActor *
hyco_composite_actor_get_actor (HycoCompositeActor *self, const char *name)
{
  gpointer found;

  g_return_val_if_fail (HYCO_IS_COMPOSITE_ACTOR (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);
  found = g_hash_table_lookup (PRIV (self)->contents, name);
  return HYCO_IS_ACTOR (found) ? found : NULL;
}

/**
 * hyco_composite_actor_get_actors:
 * @self: a composite
 *
 * Lists the actors added directly to the composite (not those inside inner composites).
 *
 * Returns: (transfer container) (element-type Hyco.Actor): the contained actors, in the order
 *   they were added
 */
GPtrArray *
hyco_composite_actor_get_actors (HycoCompositeActor *self)
{
  g_return_val_if_fail (HYCO_IS_COMPOSITE_ACTOR (self), NULL);
  return _hyco_ptr_array_copy_unowned (PRIV (self)->actors);
}

/**
 * hyco_composite_actor_add_relation:
 * @self: a composite
 * @name: the relation's name
 * @error: return location for a #GError
 *
 * Adds a relation to the composite: a connection point to which hyco_composite_actor_link() links
 * ports. A relation is named like the composite's actors, in the same name space; the name must be
 * free, or @error is set.
 *
 * Returns: (transfer none) (nullable): the new relation, or %NULL if the name is taken
 */
HycoRelation *
hyco_composite_actor_add_relation (HycoCompositeActor *self, const char *name, GError **error)
{
  HycoRelation *relation;

  g_return_val_if_fail (HYCO_IS_COMPOSITE_ACTOR (self), NULL);
  if (!check_new_name (self, name, error))
    return NULL;
  relation = _hyco_relation_new (self, name);
  g_ptr_array_add (PRIV (self)->relations, relation);
  g_hash_table_insert (PRIV (self)->contents, (gpointer) hyco_relation_get_name (relation),
                       relation);
  return relation;
}

/**
 * hyco_composite_actor_get_relation:
 * @self: a composite
 * @name: a relation name
 *
 * Gets one of the composite's relations by name.
 *
 * Returns: (transfer none) (nullable): the relation, or %NULL
 */
HycoRelation *
hyco_composite_actor_get_relation (HycoCompositeActor *self, const char *name)
{
  gpointer found;

  g_return_val_if_fail (HYCO_IS_COMPOSITE_ACTOR (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);
  found = g_hash_table_lookup (PRIV (self)->contents, name);
  return HYCO_IS_RELATION (found) ? found : NULL;
}

/**
 * hyco_composite_actor_get_relations:
 * @self: a composite
 *
 * Lists the composite's relations.
 *
 * Returns: (transfer container) (element-type Hyco.Relation): the relations, in creation order
 */
GPtrArray *
hyco_composite_actor_get_relations (HycoCompositeActor *self)
{
  g_return_val_if_fail (HYCO_IS_COMPOSITE_ACTOR (self), NULL);
  return _hyco_ptr_array_copy_unowned (PRIV (self)->relations);
}

/**
 * hyco_composite_actor_link:
 * @self: a composite
 * @port: a port of a contained actor, or of @self itself (an inside link)
 * @relation: a relation of @self
 * @error: return location for a #GError
 *
 * Links @port to @relation.
 *
 * Returns: %TRUE on success
 */
gboolean
hyco_composite_actor_link (HycoCompositeActor *self, HycoPort *port, HycoRelation *relation,
                           GError **error)
{
  HycoActor *owner;

  g_return_val_if_fail (HYCO_IS_COMPOSITE_ACTOR (self), FALSE);
  g_return_val_if_fail (HYCO_IS_PORT (port), FALSE);
  g_return_val_if_fail (HYCO_IS_RELATION (relation), FALSE);
  owner = hyco_port_get_container (port);
  if (hyco_relation_get_container (relation) != self)
    {
      g_set_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_STRUCTURE,
                   "relation %s does not belong to %s", hyco_relation_get_name (relation),
                   hyco_actor_get_name (HYCO_ACTOR (self)));
      return FALSE;
    }
  if (owner != HYCO_ACTOR (self) && hyco_actor_get_container (owner) != self)
    {
      g_autofree char *name = hyco_port_get_full_name (port);
      g_set_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_STRUCTURE,
                   "port %s is not visible from %s", name, hyco_actor_get_name (HYCO_ACTOR (self)));
      return FALSE;
    }
  _hyco_port_link (port, relation);
  _hyco_relation_add_port (relation, port);
  return TRUE;
}

/**
 * hyco_composite_actor_connect_ports:
 * @self: a composite
 * @source: the writing port (an output of a contained actor or an input of @self)
 * @destination: the reading port
 * @error: return location for a #GError
 *
 * Links two ports through a relation: the one @source already writes into, or a new one.
 *
 * Returns: %TRUE on success
 */
gboolean
hyco_composite_actor_connect_ports (HycoCompositeActor *self, HycoPort *source,
                                    HycoPort *destination, GError **error)
{
  gboolean inside = hyco_port_get_container (source) == HYCO_ACTOR (self);
  HycoRelation *relation = NULL;

  g_return_val_if_fail (HYCO_IS_COMPOSITE_ACTOR (self), FALSE);
  g_return_val_if_fail (HYCO_IS_PORT (source) && HYCO_IS_PORT (destination), FALSE);
  if (!hyco_port_is_multiport (source))
    relation = _hyco_port_get_relation (source, inside, 0);
  if (relation == NULL)
    {
      g_autofree char *name = NULL;
      for (guint n = PRIV (self)->relations->len + 1; name == NULL || name_is_taken (self, name);
           n++)
        {
          g_free (name);
          name = g_strdup_printf ("relation%u", n);
        }
      relation = hyco_composite_actor_add_relation (self, name, error);
      if (relation == NULL || !hyco_composite_actor_link (self, source, relation, error))
        return FALSE;
    }
  return hyco_composite_actor_link (self, destination, relation, error);
}

/**
 * hyco_composite_actor_set_director:
 * @self: a composite
 * @director: (nullable) (transfer none): the director, or %NULL to make @self transparent
 *
 * Gives the composite its model of computation.
 */
void
hyco_composite_actor_set_director (HycoCompositeActor *self, HycoDirector *director)
{
  HycoCompositeActorPrivate *priv;

  g_return_if_fail (HYCO_IS_COMPOSITE_ACTOR (self));
  g_return_if_fail (director == NULL || HYCO_IS_DIRECTOR (director));
  priv = PRIV (self);
  if (priv->director)
    _hyco_director_set_container (priv->director, NULL);
  g_set_object (&priv->director, director);
  if (director)
    _hyco_director_set_container (director, self);
}

/**
 * hyco_composite_actor_get_director:
 * @self: a composite
 *
 * Gets the composite's director, set with hyco_composite_actor_set_director(); a composite without
 * one is transparent, and its actors are fired by the director outside.
 *
 * Returns: (transfer none) (nullable): the director
 */
HycoDirector *
hyco_composite_actor_get_director (HycoCompositeActor *self)
{
  g_return_val_if_fail (HYCO_IS_COMPOSITE_ACTOR (self), NULL);
  return PRIV (self)->director;
}

/**
 * hyco_composite_actor_is_opaque:
 * @self: a composite
 *
 * Tells whether the composite is opaque: it has its own director, and is fired as one actor by the
 * director outside. A transparent composite only groups actors.
 *
 * Returns: %TRUE if the composite has a director
 */
gboolean
hyco_composite_actor_is_opaque (HycoCompositeActor *self)
{
  g_return_val_if_fail (HYCO_IS_COMPOSITE_ACTOR (self), FALSE);
  return PRIV (self)->director != NULL;
}

/**
 * hyco_composite_actor_lookup_actor:
 * @self: a composite
 * @path: a dot-separated path below @self, as in `Inner.Clock`
 *
 * Finds an actor anywhere below the composite by its path of names, as the trace and the command
 * line's `--set` name it.
 *
 * Returns: (transfer none) (nullable): the actor, or %NULL
 */
HycoActor *
hyco_composite_actor_lookup_actor (HycoCompositeActor *self, const char *path)
{
  g_auto (GStrv) parts = NULL;
  HycoActor *actor = HYCO_ACTOR (self);

  g_return_val_if_fail (HYCO_IS_COMPOSITE_ACTOR (self), NULL);
  g_return_val_if_fail (path != NULL, NULL);
  parts = g_strsplit (path, ".", -1);
  for (guint i = 0; parts[i] && actor; i++)
    {
      if (!HYCO_IS_COMPOSITE_ACTOR (actor))
        return NULL;
      actor = hyco_composite_actor_get_actor (HYCO_COMPOSITE_ACTOR (actor), parts[i]);
    }
  return actor;
}

/**
 * hyco_composite_actor_lookup_port:
 * @self: a composite
 * @path: a dot-separated path ending in a port name, as in `Inner.Clock.output`; a bare name
 *   is a port of @self. A port's name may have dots (an FMU's `Plant.sensor.y`).
 *
 * Finds a port anywhere below the composite by its path, as hyco_composite_actor_connect_ports()
 * and the trace name it; the path goes down through the actors it names, and what is left is the
 * port's name, which may have dots.
 *
 * Returns: (transfer none) (nullable): the port, or %NULL
 */
HycoPort *
hyco_composite_actor_lookup_port (HycoCompositeActor *self, const char *path)
{
  HycoActor *actor = HYCO_ACTOR (self);

  g_return_val_if_fail (HYCO_IS_COMPOSITE_ACTOR (self), NULL);
  g_return_val_if_fail (path != NULL, NULL);
  /* Down through the actors the path names; what is left is the port's name, which may have
   * dots of its own (an FMU's variable `sensor.y`). */
  for (;;)
    {
      const char *dot = strchr (path, '.');
      g_autofree char *name = NULL;
      HycoActor *inner;
      if (dot == NULL || !HYCO_IS_COMPOSITE_ACTOR (actor))
        return hyco_actor_get_port (actor, path);
      name = g_strndup (path, (gsize) (dot - path));
      inner = hyco_composite_actor_get_actor (HYCO_COMPOSITE_ACTOR (actor), name);
      if (inner == NULL)
        return hyco_actor_get_port (actor, path);
      actor = inner;
      path = dot + 1;
    }
}

/* Model parameters. */

static Parameter *
get_parameter (HycoCompositeActor *self, const char *name)
{
  GPtrArray *parameters = PRIV (self)->parameters;

  for (guint i = 0; i < parameters->len; i++)
    if (g_str_equal (((Parameter *) parameters->pdata[i])->name, name))
      return parameters->pdata[i];
  return NULL;
}

/* The parameter @name visible from @scope: its own, else its container's, and so on up. */
static Parameter *
find_in_scope (HycoCompositeActor *scope, const char *name, HycoCompositeActor **owner)
{
  for (; scope != NULL; scope = hyco_actor_get_container (HYCO_ACTOR (scope)))
    {
      Parameter *parameter = get_parameter (scope, name);
      if (parameter)
        {
          *owner = scope;
          return parameter;
        }
    }
  return NULL;
}

static Parameter *find_or_fail (HycoCompositeActor *self, const char *name,
                                HycoCompositeActor **owner, GError **error);
static gboolean declare_parameter (HycoCompositeActor *self, const char *name,
                                   const char *expression, gboolean string_mode, GError **error);

/**
 * hyco_composite_actor_set_parameter:
 * @self: a composite
 * @name: the parameter's name, which expressions use
 * @expression: its value: an expression such as `50` or `2 * pi * f`
 * @error: return location for a #GError
 *
 * Declares a model parameter of the composite, or changes its expression. A model parameter
 * is what a `property` of a composite entity that is not one of its class's parameters
 * declares in a model file, as in Ptolemy II:
 * `<property name="f" class="ptolemy.data.expr.Parameter" value="50"/>`.
 *
 * Expressions are those of #HycoExpression: numbers, `true` and `false`, arithmetic,
 * comparisons, `&&`, `||`, `!`, functions such as `sin` and `sqrt`, the constants `pi`, `e`
 * and `Infinity`, and the names of model parameters. A name means the parameter of that name
 * in the nearest composite, starting at the one that holds the expression and going up to the
 * top level: an inner parameter hides an outer one. Actors' and directors' numeric parameters
 * may be such expressions too (see hyco_param_set_from_string()).
 *
 * Only the syntax is checked here; names are looked up when the parameter is evaluated (see
 * hyco_composite_actor_evaluate_parameter()), which the model does whenever it is prepared.
 *
 * Returns: %TRUE on success; %FALSE with %HYCO_PARAM_ERROR_BAD_VALUE for a syntax error (with
 *   its position), %HYCO_PARAM_ERROR_INVALID_NAME for a name that contains a dot or that is a
 *   property of the composite's class
 */
gboolean
hyco_composite_actor_set_parameter (HycoCompositeActor *self, const char *name,
                                    const char *expression, GError **error)
{
  g_autoptr (GError) local_error = NULL;

  g_return_val_if_fail (HYCO_IS_COMPOSITE_ACTOR (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);
  g_return_val_if_fail (expression != NULL, FALSE);
  if (declare_parameter (self, name, expression, FALSE, &local_error))
    return TRUE;
  if (g_error_matches (local_error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_BAD_VALUE))
    g_prefix_error (&local_error, "%s: ", name);
  g_propagate_error (error, g_steal_pointer (&local_error));
  return FALSE;
}

/**
 * hyco_composite_actor_set_string_parameter:
 * @self: a composite
 * @name: the parameter's name, which expressions use
 * @text: its value, a string as it is
 * @error: return location for a #GError
 *
 * Declares a model parameter in string mode, or changes its text: its value is the string
 * @text itself, not an expression, as Ptolemy II's `StringParameter` holds it
 * (`<property name="ODESolver" class="ptolemy.data.expr.StringParameter"
 * value="ExplicitRK23Solver"/>`). Expressions that name it get the string.
 * hyco_composite_actor_set_parameter() on the same name makes it an expression again.
 *
 * Returns: %TRUE on success; %FALSE with %HYCO_PARAM_ERROR_INVALID_NAME for a name that
 *   contains a dot or that is a property of the composite's class
 */
gboolean
hyco_composite_actor_set_string_parameter (HycoCompositeActor *self, const char *name,
                                           const char *text, GError **error)
{
  g_return_val_if_fail (HYCO_IS_COMPOSITE_ACTOR (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);
  g_return_val_if_fail (text != NULL, FALSE);
  return declare_parameter (self, name, text, TRUE, error);
}

/**
 * hyco_composite_actor_is_string_parameter:
 * @self: a composite
 * @name: the name of one of its model parameters
 *
 * Tells whether one of the composite's model parameters is a string taken literally rather than an
 * expression that is evaluated (Ptolemy II's string mode).
 *
 * Returns: %TRUE if the composite itself has a model parameter @name in string mode (see
 *   hyco_composite_actor_set_string_parameter())
 */
gboolean
hyco_composite_actor_is_string_parameter (HycoCompositeActor *self, const char *name)
{
  Parameter *parameter;

  g_return_val_if_fail (HYCO_IS_COMPOSITE_ACTOR (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);
  parameter = get_parameter (self, name);
  return parameter != NULL && parameter->expression == NULL;
}

/* hyco_composite_actor_set_parameter() without naming the parameter in a syntax error. */
static gboolean
declare_parameter (HycoCompositeActor *self, const char *name, const char *expression,
                   gboolean string_mode, GError **error)
{
  g_autoptr (GError) local_error = NULL;
  g_autoptr (HycoExpression) compiled = NULL;
  Parameter *parameter;

  if (*name == '\0' || strchr (name, '.') != NULL
      || g_object_class_find_property (G_OBJECT_GET_CLASS (self), name) != NULL)
    {
      g_set_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_INVALID_NAME,
                   *name == '\0' || strchr (name, '.')
                     ? "\"%s\" is not a valid parameter name: names are not empty and contain "
                       "no '.'"
                     : "\"%s\" is a property of the composite, not a model parameter",
                   name);
      return FALSE;
    }
  if (!string_mode)
    {
      compiled = hyco_expression_new (expression, &local_error);
      if (compiled == NULL)
        {
          g_set_error_literal (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_BAD_VALUE,
                               local_error->message);
          return FALSE;
        }
    }
  parameter = get_parameter (self, name);
  if (parameter == NULL)
    {
      parameter = g_new0 (Parameter, 1);
      parameter->name = g_strdup (name);
      g_ptr_array_add (PRIV (self)->parameters, parameter);
    }
  g_clear_object (&parameter->expression);
  g_clear_pointer (&parameter->text, g_free);
  g_clear_pointer (&parameter->changed, hyco_value_free);
  parameter->expression = g_steal_pointer (&compiled);
  if (string_mode)
    parameter->text = g_strdup (expression);
  return TRUE;
}

/* Evaluates again the expression parameters of every actor and director under @self. */
static gboolean
refresh_dependents (HycoCompositeActor *self, GError **error)
{
  HycoCompositeActorPrivate *priv = PRIV (self);

  if (priv->director != NULL && !_hyco_param_refresh (G_OBJECT (priv->director), error))
    return FALSE;
  for (guint i = 0; i < priv->actors->len; i++)
    {
      HycoActor *actor = priv->actors->pdata[i];

      if (!_hyco_param_refresh (G_OBJECT (actor), error))
        return FALSE;
      if (HYCO_IS_COMPOSITE_ACTOR (actor) && !refresh_dependents (HYCO_COMPOSITE_ACTOR (actor), error))
        return FALSE;
    }
  return TRUE;
}

/**
 * hyco_composite_actor_change_parameter:
 * @self: a composite
 * @name: a model parameter in scope of @self: its own, or else the nearest container's
 * @value: its new value
 * @error: return location for a #GError
 *
 * Gives a model parameter a new value during a run, as Ptolemy II's SetVariable does. The
 * parameter keeps its declared expression (hyco_composite_actor_get_parameter_text()), which
 * it gets back when the model is next prepared: each run starts from the model as written.
 *
 * Every actor and director under the parameter's owner whose parameter expressions give a
 * different value now is told (hyco_actor_parameter_changed()), so that its next firing uses
 * the new value. Call it between firings (in postfire), never during one: it evaluates
 * expressions and allocates, which is fine for a change of the model's configuration and not
 * meant for every event.
 *
 * Returns: %TRUE on success; %FALSE with %HYCO_PARAM_ERROR_UNKNOWN when no model parameter
 *   @name is in scope, or an error of the actor or parameter that cannot take the new value
 */
gboolean
hyco_composite_actor_change_parameter (HycoCompositeActor *self, const char *name,
                                       const HycoValue *value, GError **error)
{
  HycoCompositeActor *owner = NULL;
  Parameter *parameter;

  g_return_val_if_fail (HYCO_IS_COMPOSITE_ACTOR (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);
  g_return_val_if_fail (value != NULL, FALSE);
  parameter = find_or_fail (self, name, &owner, error);
  if (parameter == NULL)
    return FALSE;
  if (parameter->changed == NULL)
    parameter->changed = hyco_value_copy (value);
  else
    hyco_value_assign (parameter->changed, value);
  return refresh_dependents (owner, error);
}

/**
 * hyco_composite_actor_set_parameter_port:
 * @self: a composite
 * @name: the name of one of its own model parameters
 * @has_port: whether the parameter is set by the input port of its name
 * @error: return location for a #GError
 *
 * Makes a model parameter Ptolemy II's PortParameter: during a run, a value arriving at the
 * composite's input port of the same name becomes the parameter's value (as
 * hyco_composite_actor_change_parameter() gives it) when the composite fires, before anything
 * inside it fires; without one, the parameter keeps the value it has.
 *
 * Returns: %TRUE on success; %FALSE with %HYCO_PARAM_ERROR_UNKNOWN when @self has no model
 *   parameter @name
 */
gboolean
hyco_composite_actor_set_parameter_port (HycoCompositeActor *self, const char *name,
                                         gboolean has_port, GError **error)
{
  Parameter *parameter;

  g_return_val_if_fail (HYCO_IS_COMPOSITE_ACTOR (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);
  parameter = get_parameter (self, name);
  if (parameter == NULL)
    {
      g_set_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_UNKNOWN, "no model parameter \"%s\"",
                   name);
      return FALSE;
    }
  parameter->has_port = has_port;
  return TRUE;
}

/**
 * hyco_composite_actor_has_parameter_port:
 * @self: a composite
 * @name: a name
 *
 * Tells whether a model parameter of the composite takes its value from an input port of the same
 * name (Ptolemy II's PortParameter), as hyco_composite_actor_set_parameter_port() sets up.
 *
 * Returns: %TRUE if @self has a model parameter @name set by its input port of that name (see
 *   hyco_composite_actor_set_parameter_port())
 */
gboolean
hyco_composite_actor_has_parameter_port (HycoCompositeActor *self, const char *name)
{
  Parameter *parameter;

  g_return_val_if_fail (HYCO_IS_COMPOSITE_ACTOR (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);
  parameter = get_parameter (self, name);
  return parameter != NULL && parameter->has_port;
}

/**
 * hyco_composite_actor_get_parameter_text:
 * @self: a composite
 * @name: the name of one of its model parameters
 *
 * Gets the text of one of the composite's model parameters (see
 * hyco_composite_actor_set_parameter()) as written, before it is evaluated.
 *
 * Returns: (nullable): the parameter's expression as it was given, or %NULL if the composite
 *   itself has no model parameter of that name
 */
const char *
hyco_composite_actor_get_parameter_text (HycoCompositeActor *self, const char *name)
{
  Parameter *parameter;

  g_return_val_if_fail (HYCO_IS_COMPOSITE_ACTOR (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);
  parameter = get_parameter (self, name);
  return parameter ? parameter_text (parameter) : NULL;
}

/**
 * hyco_composite_actor_list_parameters:
 * @self: a composite
 *
 * Lists the model parameters declared on the composite itself, not those of composites above or
 * inside it.
 *
 * Returns: (transfer full) (array zero-terminated=1): the names of the composite's own model
 *   parameters, in the order they were declared
 */
char **
hyco_composite_actor_list_parameters (HycoCompositeActor *self)
{
  GPtrArray *parameters;
  char **names;

  g_return_val_if_fail (HYCO_IS_COMPOSITE_ACTOR (self), NULL);
  parameters = PRIV (self)->parameters;
  names = g_new0 (char *, parameters->len + 1);
  for (guint i = 0; i < parameters->len; i++)
    names[i] = g_strdup (((Parameter *) parameters->pdata[i])->name);
  return names;
}

/* "a -> b -> a": the parameters on @stack from @parameter on, then @parameter again. */
static void
set_cycle_error (GPtrArray *stack, Parameter *parameter, GError **error)
{
  g_autoptr (GString) cycle = g_string_new (NULL);
  guint first = 0;

  g_ptr_array_find (stack, parameter, &first);
  for (guint i = first; i < stack->len; i++)
    g_string_append_printf (cycle, "%s -> ", ((Parameter *) stack->pdata[i])->name);
  g_string_append (cycle, parameter->name);
  g_set_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_CYCLE,
               "the parameters depend on each other in a cycle: %s", cycle->str);
}

static gboolean evaluate_parameter (HycoCompositeActor *owner, Parameter *parameter,
                                    GPtrArray *stack, HycoValue *value, GError **error);

/* Binds each name of @expression to the value of the parameter it means from @scope; a name
 * that none means stays unbound, which is a constant's (`e`, `Infinity`) or an error. @stack
 * holds the parameters being evaluated, to tell a cycle from a deep chain. */
static gboolean
bind_in_scope (HycoCompositeActor *scope, HycoExpression *expression, GPtrArray *stack,
               GError **error)
{
  const char *text = hyco_expression_get_text (expression);
  guint n = hyco_expression_get_n_variables (expression);

  for (guint i = 0; i < n; i++)
    {
      const char *name = hyco_expression_get_variable_name (expression, i);
      g_autoptr (GError) local_error = NULL;
      g_auto (HycoValue) bound = HYCO_VALUE_INIT;
      HycoCompositeActor *owner = NULL;
      Parameter *parameter = find_in_scope (scope, name, &owner);

      if (parameter == NULL)
        {
          hyco_expression_set_variable_value (expression, i, NULL);
          continue;
        }
      if (!evaluate_parameter (owner, parameter, stack, &bound, &local_error))
        {
          /* A cycle is named once, whole, not wrapped by every parameter on it. */
          if (g_error_matches (local_error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_CYCLE))
            g_propagate_error (error, g_steal_pointer (&local_error));
          else
            g_set_error (error, local_error->domain, local_error->code,
                         "in \"%s\" at position %d: parameter %s: %s", text,
                         hyco_expression_get_variable_position (expression, i), name,
                         local_error->message);
          return FALSE;
        }
      hyco_expression_set_variable_value (expression, i, &bound);
    }
  return TRUE;
}

/* An unknown name is the parameters' error, as it always was, not the expression's. */
static void
convert_unknown_name (GError **error)
{
  if (error != NULL && *error != NULL
      && g_error_matches (*error, HYCO_EXPRESSION_ERROR, HYCO_EXPRESSION_ERROR_UNKNOWN_NAME))
    {
      (*error)->domain = HYCO_PARAM_ERROR;
      (*error)->code = HYCO_PARAM_ERROR_UNKNOWN_NAME;
    }
}

static gboolean
evaluate_in_scope (HycoCompositeActor *scope, HycoExpression *expression, GPtrArray *stack,
                   HycoValue *value, GError **error)
{
  if (!bind_in_scope (scope, expression, stack, error))
    return FALSE;
  if (hyco_expression_evaluate_value (expression, value, error))
    return TRUE;
  convert_unknown_name (error);
  return FALSE;
}

static gboolean
evaluate_parameter (HycoCompositeActor *owner, Parameter *parameter, GPtrArray *stack,
                    HycoValue *value, GError **error)
{
  gboolean ok;

  if (parameter->changed != NULL)
    {
      hyco_value_assign (value, parameter->changed);
      return TRUE;
    }
  if (parameter->expression == NULL)
    {
      hyco_value_set_string (value, parameter->text);
      return TRUE;
    }
  if (g_ptr_array_find (stack, parameter, NULL))
    {
      set_cycle_error (stack, parameter, error);
      return FALSE;
    }
  g_ptr_array_add (stack, parameter);
  ok = evaluate_in_scope (owner, parameter->expression, stack, value, error);
  g_ptr_array_remove_index (stack, stack->len - 1);
  return ok;
}

/* A parameter's value where a number is needed. */
static gboolean
value_to_number (const HycoValue *value, double *number, GError **error)
{
  switch (hyco_value_get_value_type (value))
    {
    case HYCO_VALUE_TYPE_DOUBLE:
    case HYCO_VALUE_TYPE_INT:
    case HYCO_VALUE_TYPE_BOOLEAN:
      *number = hyco_value_get_double (value);
      return TRUE;
    default:
      {
        g_autofree char *literal = hyco_value_to_literal (value);

        g_set_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_BAD_VALUE,
                     "its value %s is not a number", literal);
        return FALSE;
      }
    }
}

/* The parameter @name in scope of @self, or an error saying there is none. */
static Parameter *
find_or_fail (HycoCompositeActor *self, const char *name, HycoCompositeActor **owner,
              GError **error)
{
  Parameter *parameter = find_in_scope (self, name, owner);

  if (parameter == NULL)
    g_set_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_UNKNOWN,
                 "no model parameter named \"%s\" in %s or its containers", name,
                 hyco_actor_get_name (HYCO_ACTOR (self)));
  return parameter;
}

/**
 * hyco_composite_actor_evaluate_parameter_value:
 * @self: a composite
 * @name: a model parameter's name
 * @value: (out caller-allocates): its value
 * @error: return location for a #GError
 *
 * Evaluates the model parameter @name as the composite sees it (its own, or else the nearest
 * container's, up to the top level) into a value of any type, with Ptolemy's types: `4` is an
 * int, `1 / 4` is the int 0, `{1, 2.5}` an array of doubles, `"text"` a string; a parameter in
 * string mode is its text.
 *
 * Returns: %TRUE on success; %FALSE with the errors of
 *   hyco_composite_actor_evaluate_parameter()
 */
gboolean
hyco_composite_actor_evaluate_parameter_value (HycoCompositeActor *self, const char *name,
                                               HycoValue *value, GError **error)
{
  g_autoptr (GPtrArray) stack = g_ptr_array_new ();
  HycoCompositeActor *owner = NULL;
  Parameter *parameter;

  g_return_val_if_fail (HYCO_IS_COMPOSITE_ACTOR (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);
  g_return_val_if_fail (value != NULL, FALSE);
  parameter = find_or_fail (self, name, &owner, error);
  return parameter != NULL && evaluate_parameter (owner, parameter, stack, value, error);
}

/**
 * hyco_composite_actor_evaluate_parameter:
 * @self: a composite
 * @name: a model parameter's name
 * @value: (out): its value (booleans are 1 and 0)
 * @error: return location for a #GError
 *
 * Evaluates the model parameter @name as the composite sees it: its own, or else the nearest
 * container's, up to the top level. Its value must be a number or a boolean; see
 * hyco_composite_actor_evaluate_parameter_value() for any other.
 *
 * Returns: %TRUE on success; %FALSE with %HYCO_PARAM_ERROR_UNKNOWN when no parameter of that
 *   name is in scope, %HYCO_PARAM_ERROR_UNKNOWN_NAME when its expression (or one it uses)
 *   names none, %HYCO_PARAM_ERROR_CYCLE when parameters depend on each other,
 *   %HYCO_PARAM_ERROR_BAD_VALUE when its value is not a number, or a %HYCO_EXPRESSION_ERROR
 */
gboolean
hyco_composite_actor_evaluate_parameter (HycoCompositeActor *self, const char *name, double *value,
                                         GError **error)
{
  g_auto (HycoValue) result = HYCO_VALUE_INIT;

  g_return_val_if_fail (value != NULL, FALSE);
  return hyco_composite_actor_evaluate_parameter_value (self, name, &result, error)
         && value_to_number (&result, value, error);
}

/* An actor's numeric parameter: computed with doubles, as it always was (`1 / rate` is 0.25),
 * over the model parameters' values. */
gboolean
_hyco_composite_actor_evaluate_expression (HycoCompositeActor *scope, HycoExpression *expression,
                                           double *value, GError **error)
{
  g_autoptr (GPtrArray) stack = g_ptr_array_new ();

  if (!bind_in_scope (scope, expression, stack, error))
    return FALSE;
  if (hyco_expression_evaluate (expression, value, error))
    return TRUE;
  convert_unknown_name (error);
  return FALSE;
}

gboolean
_hyco_composite_actor_evaluate_expression_value (HycoCompositeActor *scope,
                                                 HycoExpression *expression, HycoValue *value,
                                                 GError **error)
{
  g_autoptr (GPtrArray) stack = g_ptr_array_new ();

  return evaluate_in_scope (scope, expression, stack, value, error);
}

/* Every model parameter of @self can be evaluated: checked when the model is prepared, so that
 * a broken parameter is reported even where nothing uses it. */
gboolean
_hyco_composite_actor_check_parameters (HycoCompositeActor *self, GError **error)
{
  GPtrArray *parameters = PRIV (self)->parameters;

  for (guint i = 0; i < parameters->len; i++)
    {
      Parameter *parameter = parameters->pdata[i];
      g_autoptr (GPtrArray) stack = g_ptr_array_new ();
      g_autoptr (GError) local_error = NULL;
      g_auto (HycoValue) ignored = HYCO_VALUE_INIT;

      if (!evaluate_parameter (self, parameter, stack, &ignored, &local_error))
        {
          _hyco_set_parameter_error (self, error, parameter->name, local_error->message);
          return FALSE;
        }
    }
  return TRUE;
}

gboolean
_hyco_parameter_lookup_value (HycoActor *actor, const char *name, HycoValue *value, GError **error)
{
  HycoCompositeActor *scope;
  HycoCompositeActor *owner = NULL;
  Parameter *parameter;
  g_autoptr (GPtrArray) stack = NULL;

  g_return_val_if_fail (HYCO_IS_ACTOR (actor), FALSE);
  g_return_val_if_fail (name != NULL && value != NULL, FALSE);
  scope = HYCO_IS_COMPOSITE_ACTOR (actor) ? HYCO_COMPOSITE_ACTOR (actor)
                                          : hyco_actor_get_container (actor);
  parameter = find_in_scope (scope, name, &owner);
  if (parameter == NULL)
    return FALSE;
  stack = g_ptr_array_new ();
  return evaluate_parameter (owner, parameter, stack, value, error);
}

gboolean
_hyco_parameter_lookup (HycoActor *actor, const char *name, double *value, GError **error)
{
  g_auto (HycoValue) result = HYCO_VALUE_INIT;

  g_return_val_if_fail (value != NULL, FALSE);
  if (!_hyco_parameter_lookup_value (actor, name, &result, error))
    return FALSE;
  if (value_to_number (&result, value, error))
    return TRUE;
  g_prefix_error (error, "parameter %s: ", name);
  return FALSE;
}

void
_hyco_composite_actor_collect_scope (HycoCompositeActor *self, GPtrArray *scope)
{
  GPtrArray *actors = PRIV (self)->actors;

  for (guint i = 0; i < actors->len; i++)
    {
      HycoActor *actor = actors->pdata[i];
      if (HYCO_IS_COMPOSITE_ACTOR (actor) && !hyco_composite_actor_is_opaque ((gpointer) actor))
        _hyco_composite_actor_collect_scope ((gpointer) actor, scope);
      else
        g_ptr_array_add (scope, g_object_ref (actor));
    }
}

void
_hyco_composite_actor_set_dependencies (HycoCompositeActor *self, gboolean *depends,
                                        gboolean *constructive)
{
  g_free (PRIV (self)->dependencies);
  g_free (PRIV (self)->constructive);
  PRIV (self)->dependencies = depends;
  PRIV (self)->constructive = constructive;
}

gboolean
_hyco_composite_actor_is_constructive (HycoCompositeActor *self, HycoPort *output, HycoPort *input)
{
  HycoCompositeActorPrivate *priv = PRIV (self);
  guint n = _hyco_actor_get_private (HYCO_ACTOR (self))->ports->len;
  int o = port_index (HYCO_ACTOR (self), output), i = port_index (HYCO_ACTOR (self), input);

  /* Unknown (not prepared): assume the worst for loop detection's sake, a partial answer. */
  if (priv->constructive == NULL || o < 0 || i < 0)
    return TRUE;
  return priv->constructive[(guint) o * n + (guint) i];
}

void
_hyco_composite_actor_set_model (HycoCompositeActor *self, HycoModel *model)
{
  PRIV (self)->model = model;
}

HycoModel *
_hyco_composite_actor_get_model (HycoCompositeActor *self)
{
  HycoActor *top = _hyco_actor_get_toplevel (HYCO_ACTOR (self));

  return PRIV (HYCO_COMPOSITE_ACTOR (top))->model;
}

static guint
relation_index (HycoPort *port, HycoRelation *relation, gboolean inside)
{
  for (guint i = 0;; i++)
    {
      HycoRelation *r = _hyco_port_get_relation (port, inside, i);
      if (r == NULL || r == relation)
        return r ? i : 0;
    }
}

static gboolean
is_opaque_actor (HycoActor *actor)
{
  return !HYCO_IS_COMPOSITE_ACTOR (actor)
         || hyco_composite_actor_is_opaque (HYCO_COMPOSITE_ACTOR (actor));
}

static gboolean resolve_writer (HycoRelation *relation, HycoPort *reader, GHashTable *visiting,
                                HycoSignal **signal, HycoPort **writer, GError **error);

/* Finds the one signal written into @relation, following transparent composites inward (an
 * output of a transparent composite) and outward (an input of a transparent container). */
static gboolean
resolve_writer_through (HycoRelation *relation, HycoPort *reader, GHashTable *visiting,
                        HycoSignal **signal, HycoPort **writer, GError **error)
{
  HycoCompositeActor *container = hyco_relation_get_container (relation);
  g_autoptr (GPtrArray) ports = hyco_relation_get_linked_ports (relation);

  *signal = NULL;
  *writer = NULL;
  for (guint i = 0; i < ports->len; i++)
    {
      HycoPort *port = ports->pdata[i];
      HycoActor *owner = port->container;
      HycoSignal *found = NULL;
      HycoPort *found_port = NULL;

      if (port == reader)
        continue;
      if (owner != HYCO_ACTOR (container) && (port->flags & HYCO_PORT_OUTPUT))
        {
          /* An output of a contained actor, seen from outside. */
          if (is_opaque_actor (owner))
            {
              guint channel
                = (port->flags & HYCO_PORT_MULTIPORT) ? relation_index (port, relation, FALSE) : 0;
              if (channel < port->n_signals)
                {
                  found = &port->signals[channel];
                  found_port = port;
                }
            }
          else
            {
              for (guint k = 0; k < _hyco_port_count_relations (port, TRUE); k++)
                {
                  HycoSignal *s;
                  HycoPort *w;
                  if (!resolve_writer (_hyco_port_get_relation (port, TRUE, k), port, visiting, &s,
                                       &w, error))
                    return FALSE;
                  if (s && found)
                    {
                      g_autofree char *name = hyco_port_get_full_name (port);
                      g_set_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_STRUCTURE,
                                   "output %s has more than one source inside", name);
                      return FALSE;
                    }
                  if (s)
                    {
                      found = s;
                      found_port = w;
                    }
                }
            }
        }
      else if (owner == HYCO_ACTOR (container) && (port->flags & HYCO_PORT_INPUT))
        {
          /* An input of the container, seen from inside. */
          if (hyco_composite_actor_is_opaque (container))
            {
              guint channel
                = (port->flags & HYCO_PORT_MULTIPORT) ? relation_index (port, relation, TRUE) : 0;
              if (channel < port->n_signals)
                {
                  found = &port->signals[channel];
                  found_port = port;
                }
            }
          else
            {
              HycoRelation *outside = _hyco_port_get_relation (port, FALSE, 0);
              if (outside && !resolve_writer (outside, port, visiting, &found, &found_port, error))
                return FALSE;
            }
        }
      if (found == NULL)
        continue;
      if (*signal != NULL && *signal != found)
        {
          g_autofree char *a = hyco_port_get_full_name (*writer);
          g_autofree char *b = hyco_port_get_full_name (found_port);
          g_set_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_STRUCTURE,
                       "relation %s in %s has more than one source: %s and %s",
                       hyco_relation_get_name (relation),
                       hyco_actor_get_name (HYCO_ACTOR (container)), a, b);
          return FALSE;
        }
      *signal = found;
      *writer = found_port;
    }
  return TRUE;
}

/* @visiting holds the relations being resolved: links through transparent composites can
 * close a loop with no actor on it, which has no source at all. */
static gboolean
resolve_writer (HycoRelation *relation, HycoPort *reader, GHashTable *visiting, HycoSignal **signal,
                HycoPort **writer, GError **error)
{
  g_autoptr (GHashTable) own = NULL;
  gboolean ok;

  if (visiting == NULL)
    visiting = own = g_hash_table_new (NULL, NULL);
  if (!g_hash_table_add (visiting, relation))
    {
      g_autofree char *where
        = hyco_actor_get_full_name (HYCO_ACTOR (hyco_relation_get_container (relation)));
      g_set_error (
        error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_STRUCTURE,
        "relation %s in %s is linked in a loop through the ports of transparent "
        "composites, with no actor on it",
        hyco_relation_get_name (relation),
        *where ? where : hyco_actor_get_name (HYCO_ACTOR (hyco_relation_get_container (relation))));
      return FALSE;
    }
  ok = resolve_writer_through (relation, reader, visiting, signal, writer, error);
  g_hash_table_remove (visiting, relation);
  return ok;
}

static gboolean
wire_reader (HycoPort *port, gboolean inside, GError **error)
{
  guint n = _hyco_port_count_relations (port, inside);
  guint width = n;

  if (!(port->flags & HYCO_PORT_MULTIPORT) && n > 1)
    {
      /* Several relations into a single port are allowed only if at most one has a source:
       * they then merely fan the same signal out (Ptolemy II allows the same). */
      width = 1;
    }
  _hyco_port_set_sources (port, width);
  for (guint i = 0; i < n; i++)
    {
      HycoSignal *signal;
      HycoPort *writer;
      guint channel = (port->flags & HYCO_PORT_MULTIPORT) ? i : 0;

      if (!resolve_writer (_hyco_port_get_relation (port, inside, i), port, NULL, &signal, &writer,
                           error))
        return FALSE;
      if (signal == NULL)
        continue;
      if (port->source_ports[channel] != NULL)
        {
          g_autofree char *name = hyco_port_get_full_name (port);
          g_set_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_STRUCTURE,
                       "port %s is not a multiport but receives from more than one source", name);
          return FALSE;
        }
      port->sources[channel] = signal;
      port->source_ports[channel] = writer;
    }
  return TRUE;
}

/* Wires the signals of everything @director governs: storage for every output in its scope
 * and for the inside of its container's inputs, and the source of every input. */
gboolean
_hyco_composite_actor_wire (HycoCompositeActor *container, HycoDirector *director, GPtrArray *scope,
                            HycoEpoch *epoch, GError **error)
{
  GPtrArray *own_ports = _hyco_actor_get_private (HYCO_ACTOR (container))->ports;

  for (guint i = 0; i < own_ports->len; i++)
    {
      HycoPort *port = own_ports->pdata[i];
      if (port->flags & HYCO_PORT_INPUT)
        {
          guint width = MAX (1, _hyco_port_count_relations (port, FALSE));
          if (!(port->flags & HYCO_PORT_MULTIPORT))
            width = 1;
          _hyco_port_allocate_signals (port, width, epoch);
        }
    }
  for (guint a = 0; a < scope->len; a++)
    {
      HycoActorPrivate *priv = _hyco_actor_get_private (scope->pdata[a]);
      guint n_signals = 0;
      priv->executive = director;
      priv->scope_index = a;
      for (guint i = 0; i < priv->ports->len; i++)
        {
          HycoPort *port = priv->ports->pdata[i];
          if (port->flags & HYCO_PORT_OUTPUT)
            {
              guint width = 1;
              if (port->flags & HYCO_PORT_MULTIPORT)
                width = MAX (1, _hyco_port_count_relations (port, FALSE));
              _hyco_port_allocate_signals (port, width, epoch);
              n_signals += port->n_signals;
            }
        }
      priv->output_signals = g_renew (HycoSignal *, priv->output_signals, MAX (n_signals, 1));
      priv->n_output_signals = 0;
      for (guint i = 0; i < priv->ports->len; i++)
        {
          HycoPort *port = priv->ports->pdata[i];
          for (guint c = 0; (port->flags & HYCO_PORT_OUTPUT) && c < port->n_signals; c++)
            priv->output_signals[priv->n_output_signals++] = &port->signals[c];
        }
    }
  for (guint a = 0; a < scope->len; a++)
    {
      GPtrArray *ports = _hyco_actor_get_private (scope->pdata[a])->ports;
      for (guint i = 0; i < ports->len; i++)
        {
          HycoPort *port = ports->pdata[i];
          if ((port->flags & HYCO_PORT_INPUT) && !wire_reader (port, FALSE, error))
            return FALSE;
        }
    }
  for (guint i = 0; i < own_ports->len; i++)
    {
      HycoPort *port = own_ports->pdata[i];
      if ((port->flags & HYCO_PORT_OUTPUT) && !wire_reader (port, TRUE, error))
        return FALSE;
    }
  return TRUE;
}

/* The parameter protocol: the class's properties, then the model parameters. A name the class
 * lacks is a model parameter: declared by a model file, changed (and evaluated at once) by
 * everyone else. */

static HycoParameterOwnerInterface *parent_owner_iface;

static gboolean
is_class_parameter (HycoParameterOwner *self, const char *name)
{
  return parent_owner_iface->has (self, name)
         || g_object_class_find_property (G_OBJECT_GET_CLASS (self), name) != NULL;
}

static char **
owner_list (HycoParameterOwner *self)
{
  g_auto (GStrv) own = parent_owner_iface->list (self);
  g_auto (GStrv) model = hyco_composite_actor_list_parameters (HYCO_COMPOSITE_ACTOR (self));
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();

  g_strv_builder_addv (builder, (const char **) own);
  g_strv_builder_addv (builder, (const char **) model);
  return g_strv_builder_end (builder);
}

static gboolean
owner_has (HycoParameterOwner *self, const char *name)
{
  return parent_owner_iface->has (self, name)
         || get_parameter (HYCO_COMPOSITE_ACTOR (self), name) != NULL;
}

static gboolean
owner_set_text (HycoParameterOwner *self, const char *name, const char *text, gboolean evaluate,
                GError **error)
{
  HycoCompositeActor *composite = HYCO_COMPOSITE_ACTOR (self);
  g_autofree char *old_text = NULL;
  g_auto (HycoValue) value = HYCO_VALUE_INIT;
  /* A parameter in string mode stays one: its new text is its new string. */
  gboolean string_mode = hyco_composite_actor_is_string_parameter (composite, name);

  if (is_class_parameter (self, name))
    return parent_owner_iface->set_text (self, name, text, evaluate, error);
  if (!evaluate)
    return declare_parameter (composite, name, text, string_mode, error);
  if (get_parameter (composite, name) == NULL)
    return parent_owner_iface->set_text (self, name, text, evaluate, error);
  /* A new value that cannot be evaluated is refused, and the old one kept. */
  old_text = g_strdup (hyco_composite_actor_get_parameter_text (composite, name));
  if (declare_parameter (composite, name, text, string_mode, error)
      && hyco_composite_actor_evaluate_parameter_value (composite, name, &value, error))
    return TRUE;
  declare_parameter (composite, name, old_text, string_mode, NULL);
  return FALSE;
}

static char *
owner_get_text (HycoParameterOwner *self, const char *name)
{
  if (is_class_parameter (self, name))
    return parent_owner_iface->get_text (self, name);
  return g_strdup (hyco_composite_actor_get_parameter_text (HYCO_COMPOSITE_ACTOR (self), name));
}

static gboolean
owner_is_set (HycoParameterOwner *self, const char *name)
{
  if (is_class_parameter (self, name))
    return parent_owner_iface->is_set (self, name);
  return get_parameter (HYCO_COMPOSITE_ACTOR (self), name) != NULL;
}

static gboolean
owner_needs_evaluation (HycoParameterOwner *self, const char *name)
{
  if (is_class_parameter (self, name))
    return parent_owner_iface->needs_evaluation (self, name);
  return get_parameter (HYCO_COMPOSITE_ACTOR (self), name) != NULL;
}

static gboolean
owner_evaluate (HycoParameterOwner *self, const char *name, GError **error)
{
  g_auto (HycoValue) ignored = HYCO_VALUE_INIT;

  if (is_class_parameter (self, name) || get_parameter (HYCO_COMPOSITE_ACTOR (self), name) == NULL)
    return parent_owner_iface->evaluate (self, name, error);
  return hyco_composite_actor_evaluate_parameter_value (HYCO_COMPOSITE_ACTOR (self), name,
                                                        &ignored, error);
}

static HycoParameterInfo *
owner_describe (HycoParameterOwner *self, const char *name)
{
  HycoParameterInfo *info;

  if (is_class_parameter (self, name) || get_parameter (HYCO_COMPOSITE_ACTOR (self), name) == NULL)
    return parent_owner_iface->describe (self, name);
  info = g_new0 (HycoParameterInfo, 1);
  info->name = g_strdup (name);
  info->type = g_strdup ("expression");
  info->documentation = g_strdup ("a model parameter: expressions in this composite and inside "
                                  "it use it by name");
  return info;
}

static void
parameter_owner_init (HycoParameterOwnerInterface *iface)
{
  parent_owner_iface = g_type_interface_peek_parent (iface);
  iface->list = owner_list;
  iface->has = owner_has;
  iface->set_text = owner_set_text;
  iface->get_text = owner_get_text;
  iface->is_set = owner_is_set;
  iface->needs_evaluation = owner_needs_evaluation;
  iface->evaluate = owner_evaluate;
  iface->describe = owner_describe;
}
