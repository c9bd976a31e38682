/* hyco-composite-actor.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-private.h"

/**
 * HycoCompositeActor:
 *
 * An actor that contains actors and relations. With a director it is opaque: to its container
 * it is one actor whose fire, postfire, fire_at and causality interface are implemented by its
 * director. Without one it is transparent: its contents are governed by the director of the
 * nearest opaque container, as if they were not grouped.
 */

typedef struct
{
  GPtrArray *actors;    /* HycoActor*, owned, in insertion order */
  GPtrArray *relations; /* HycoRelation*, owned */
  HycoDirector *director;
  HycoModel *model;       /* unowned, top level only */
  gboolean *dependencies; /* [output index * n_ports + input index], from the director */
  gboolean *constructive; /* same layout: some path between them meets a non-strict actor */
  gboolean prefired;      /* the director was prefired at the current tag */
  HycoTag prefired_at;
} HycoCompositeActorPrivate;

G_DEFINE_TYPE_WITH_PRIVATE (HycoCompositeActor, hyco_composite_actor, HYCO_TYPE_ACTOR)

#define PRIV(self) ((HycoCompositeActorPrivate *) hyco_composite_actor_get_instance_private (self))

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
  g_clear_pointer (&priv->actors, g_ptr_array_unref);
  g_clear_pointer (&priv->relations, g_ptr_array_unref);
  G_OBJECT_CLASS (hyco_composite_actor_parent_class)->dispose (object);
}

static void
hyco_composite_actor_finalize (GObject *object)
{
  g_free (PRIV (HYCO_COMPOSITE_ACTOR (object))->dependencies);
  g_free (PRIV (HYCO_COMPOSITE_ACTOR (object))->constructive);
  G_OBJECT_CLASS (hyco_composite_actor_parent_class)->finalize (object);
}

static gboolean
hyco_composite_actor_preinitialize (HycoActor *actor, GError **error)
{
  HycoCompositeActor *self = HYCO_COMPOSITE_ACTOR (actor);
  HycoCompositeActorPrivate *priv = PRIV (self);

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
}

/**
 * hyco_composite_actor_new:
 * @name: the composite's name
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
  return hyco_composite_actor_get_actor (self, name) != NULL
         || hyco_composite_actor_get_relation (self, name) != NULL;
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
  _hyco_actor_set_container (actor, self);
  return TRUE;
}

/**
 * hyco_composite_actor_get_actor:
 * @self: a composite
 * @name: a contained actor's name
 *
 * Returns: (transfer none) (nullable): the actor, or %NULL
 */
HycoActor *
hyco_composite_actor_get_actor (HycoCompositeActor *self, const char *name)
{
  GPtrArray *actors;

  g_return_val_if_fail (HYCO_IS_COMPOSITE_ACTOR (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);
  actors = PRIV (self)->actors;
  for (guint i = 0; i < actors->len; i++)
    if (g_str_equal (hyco_actor_get_name (actors->pdata[i]), name))
      return actors->pdata[i];
  return NULL;
}

/**
 * hyco_composite_actor_get_actors:
 * @self: a composite
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
  return relation;
}

/**
 * hyco_composite_actor_get_relation:
 * @self: a composite
 * @name: a relation name
 *
 * Returns: (transfer none) (nullable): the relation, or %NULL
 */
HycoRelation *
hyco_composite_actor_get_relation (HycoCompositeActor *self, const char *name)
{
  GPtrArray *relations;

  g_return_val_if_fail (HYCO_IS_COMPOSITE_ACTOR (self), NULL);
  g_return_val_if_fail (name != NULL, NULL);
  relations = PRIV (self)->relations;
  for (guint i = 0; i < relations->len; i++)
    if (g_str_equal (hyco_relation_get_name (relations->pdata[i]), name))
      return relations->pdata[i];
  return NULL;
}

/**
 * hyco_composite_actor_get_relations:
 * @self: a composite
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
 *   is a port of @self
 *
 * Returns: (transfer none) (nullable): the port, or %NULL
 */
HycoPort *
hyco_composite_actor_lookup_port (HycoCompositeActor *self, const char *path)
{
  const char *dot;
  g_autofree char *actor_path = NULL;
  HycoActor *actor;

  g_return_val_if_fail (HYCO_IS_COMPOSITE_ACTOR (self), NULL);
  g_return_val_if_fail (path != NULL, NULL);
  dot = strrchr (path, '.');
  if (dot == NULL)
    return hyco_actor_get_port (HYCO_ACTOR (self), path);
  actor_path = g_strndup (path, (gsize) (dot - path));
  actor = hyco_composite_actor_lookup_actor (self, actor_path);
  return actor ? hyco_actor_get_port (actor, dot + 1) : NULL;
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
_hyco_composite_actor_is_constructive (HycoCompositeActor *self, HycoPort *output,
                                       HycoPort *input)
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
  HycoActor *top = HYCO_ACTOR (self);

  while (hyco_actor_get_container (top))
    top = HYCO_ACTOR (hyco_actor_get_container (top));
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
            }
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
