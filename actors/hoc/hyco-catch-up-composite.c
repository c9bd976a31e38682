/* hyco-catch-up-composite.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actor-helpers-private.h"
#include "hyco-actors.h"
#include "hyco-director-private.h"
#include "hyco-model-syntax-private.h"

/**
 * HycoCatchUpComposite:
 *
 * Ptolemy II's CatchUpComposite (`ptolemy.actor.lib.hoc.CatchUpComposite`): a composite
 * holding one composite with a director of its own (Ptolemy's `Contents`), whose events may
 * fall between the times the model outside fires it. A firing the inside asks for at a time
 * the director outside will not fire the composite at (a periodic SR director between two of
 * its ticks) is kept; when the composite is next fired, the inside first catches up: it runs
 * one complete iteration at each kept time before the time outside, in order, seeing its
 * inputs absent and forbidden to produce outputs; then it runs at the time outside with the
 * inputs, its outputs passed out. Each port of the composite is linked to the port of the same
 * name of the composite inside (Ptolemy's mirror ports), unless the model links them itself.
 *
 * The catching up happens when the composite fires, so it may only be fired once per tag:
 * the composite is strict (fired once every input is known), and is refused under a
 * continuous director, which fires its actors at solver stages it may discard.
 */
struct _HycoCatchUpComposite
{
  HycoCompositeActor parent_instance;
};

G_DEFINE_FINAL_TYPE (HycoCatchUpComposite, hyco_catch_up_composite, HYCO_TYPE_COMPOSITE_ACTOR)
HYCO_REGISTER_DEFINE (catch_up_composite, HYCO_TYPE_CATCH_UP_COMPOSITE, "CatchUpComposite")

/* The director a catch-up composite gives itself (Ptolemy's CatchUpDirector, which model
 * files do not save). */
#define HYCO_TYPE_CATCH_UP_DIRECTOR (hyco_catch_up_director_get_type ())
G_DECLARE_FINAL_TYPE (HycoCatchUpDirector, hyco_catch_up_director, HYCO, CATCH_UP_DIRECTOR,
                      HycoDirector)

struct _HycoCatchUpDirector
{
  HycoDirector parent_instance;

  GArray *pending; /* HycoTag, in order: firings asked for that the outside did not grant */
};

G_DEFINE_FINAL_TYPE (HycoCatchUpDirector, hyco_catch_up_director, HYCO_TYPE_DIRECTOR)

static void
add_pending (HycoCatchUpDirector *self, const HycoTag *tag)
{
  guint i = 0;

  while (i < self->pending->len
         && hyco_tag_compare (&g_array_index (self->pending, HycoTag, i), tag) < 0)
    i++;
  if (i < self->pending->len && hyco_tag_equal (&g_array_index (self->pending, HycoTag, i), tag))
    return;
  g_array_insert_val (self->pending, i, *tag);
}

/* A request of the inside goes outside; where the outside grants another tag, it is kept for
 * a catch-up iteration, and the inside is told it is granted. */
static gboolean
hyco_catch_up_director_fire_at (HycoDirector *director, HycoActor *actor, const HycoTag *tag,
                                HycoTag *granted, GError **error)
{
  HycoCatchUpDirector *self = HYCO_CATCH_UP_DIRECTOR (director);
  HycoActor *container = HYCO_ACTOR (hyco_director_get_container (director));
  HycoTag outer;

  if (!hyco_actor_fire_at_tag (container, tag, &outer, error))
    return FALSE;
  if (!hyco_tag_equal (&outer, tag))
    add_pending (self, tag);
  *granted = *tag;
  return TRUE;
}

static gboolean
hyco_catch_up_director_initialize (HycoDirector *director, GError **error)
{
  g_array_set_size (HYCO_CATCH_UP_DIRECTOR (director)->pending, 0);
  return HYCO_DIRECTOR_CLASS (hyco_catch_up_director_parent_class)->initialize (director, error);
}

/* An output of the inside during a catch-up iteration has nowhere to go: the time outside is
 * past it. */
static gboolean
check_no_outputs (HycoDirector *director, const HycoTag *at, const HycoTag *now, GError **error)
{
  HycoDirectorPrivate *priv = _hyco_director_get_private (director);
  GPtrArray *actors = priv->schedule.actors;

  for (guint i = 0; i < actors->len; i++)
    {
      g_autoptr (GPtrArray) ports = hyco_actor_get_ports (actors->pdata[i]);

      for (guint p = 0; p < ports->len; p++)
        {
          HycoPort *port = ports->pdata[p];
          g_autofree char *when = NULL;
          g_autofree char *outside = NULL;
          g_autofree char *name = NULL;

          gboolean present = FALSE;

          for (guint c = 0; hyco_port_is_output (port) && c < port->n_signals; c++)
            present |= hyco_signal_status (&port->signals[c]) == HYCO_SIGNAL_PRESENT;
          if (!present)
            continue;
          when = hyco_tag_to_string (at, priv->resolution);
          outside = hyco_tag_to_string (now, priv->resolution);
          name = hyco_port_get_full_name (port);
          g_set_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_TIME,
                       "%s: an output while catching up at %s, but the time outside is "
                       "already %s (a CatchUpComposite's inside may produce outputs only at "
                       "the times it is fired)",
                       name, when, outside);
          return FALSE;
        }
    }
  return TRUE;
}

/* The catch-up iterations, complete ones (fired and committed) at the kept tags before the
 * tag outside, with the inputs absent; then the firing at the tag outside, committed by
 * postfire. Each fires the composite inside, triggered or not, as Ptolemy II iterates its
 * Contents: its director decides whether it has anything to do. */
static gboolean
hyco_catch_up_director_fire (HycoDirector *director, GError **error)
{
  HycoCatchUpDirector *self = HYCO_CATCH_UP_DIRECTOR (director);
  HycoDirectorPrivate *priv = _hyco_director_get_private (director);
  HycoTag now = priv->current;
  gboolean ok = TRUE;

  while (ok && self->pending->len > 0
         && hyco_tag_compare (&g_array_index (self->pending, HycoTag, 0), &now) < 0)
    {
      HycoTag at = g_array_index (self->pending, HycoTag, 0);

      g_array_remove_index (self->pending, 0);
      priv->current = at;
      priv->speculating = TRUE;
      ok = _hyco_director_run_schedule (director, TRUE, error)
           && check_no_outputs (director, &at, &now, error);
      priv->speculating = FALSE;
      ok = ok && _hyco_director_postfire_fired (director, error);
    }
  priv->current = now;
  if (!ok)
    return FALSE;
  /* A request for the tag outside is met by this firing. */
  while (self->pending->len > 0
         && hyco_tag_equal (&g_array_index (self->pending, HycoTag, 0), &now))
    g_array_remove_index (self->pending, 0);
  return _hyco_director_run_schedule (director, TRUE, error);
}

static void
hyco_catch_up_director_finalize (GObject *object)
{
  g_array_unref (HYCO_CATCH_UP_DIRECTOR (object)->pending);
  G_OBJECT_CLASS (hyco_catch_up_director_parent_class)->finalize (object);
}

static void
hyco_catch_up_director_class_init (HycoCatchUpDirectorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoDirectorClass *director_class = HYCO_DIRECTOR_CLASS (klass);

  object_class->finalize = hyco_catch_up_director_finalize;
  director_class->initialize = hyco_catch_up_director_initialize;
  director_class->fire = hyco_catch_up_director_fire;
  director_class->fire_at = hyco_catch_up_director_fire_at;
}

static void
hyco_catch_up_director_init (HycoCatchUpDirector *self)
{
  self->pending = g_array_new (FALSE, FALSE, sizeof (HycoTag));
}

/* Links each port of @self to the port of the same name of @inside (Ptolemy's mirror ports),
 * where the model does not link them. */
static gboolean
link_mirror_ports (HycoCompositeActor *self, HycoActor *inside, GError **error)
{
  g_autoptr (GPtrArray) ports = hyco_actor_get_ports (HYCO_ACTOR (self));

  for (guint i = 0; i < ports->len; i++)
    {
      HycoPort *port = ports->pdata[i];
      HycoPort *mirror = hyco_actor_get_port (inside, hyco_port_get_name (port));
      g_autofree char *name = NULL;
      HycoRelation *relation;

      if (mirror == NULL || _hyco_port_count_relations (port, TRUE) > 0
          || _hyco_port_count_relations (mirror, FALSE) > 0)
        continue;
      name = g_strdup_printf ("mirror_%s", hyco_port_get_name (port));
      relation = hyco_composite_actor_add_relation (self, name, error);
      if (relation == NULL || !hyco_composite_actor_link (self, port, relation, error)
          || !hyco_composite_actor_link (self, mirror, relation, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
hyco_catch_up_composite_preinitialize (HycoActor *actor, GError **error)
{
  HycoCompositeActor *composite = HYCO_COMPOSITE_ACTOR (actor);
  HycoDirector *director = hyco_composite_actor_get_director (composite);
  HycoDirector *outer = hyco_actor_get_executive_director (actor);
  g_autoptr (GPtrArray) actors = hyco_composite_actor_get_actors (composite);
  HycoActor *inside = actors->len == 1 ? actors->pdata[0] : NULL;

  if (director == NULL)
    {
      g_autoptr (HycoCatchUpDirector) own = g_object_new (HYCO_TYPE_CATCH_UP_DIRECTOR, NULL);
      hyco_composite_actor_set_director (composite, HYCO_DIRECTOR (own));
    }
  else if (!HYCO_IS_CATCH_UP_DIRECTOR (director))
    {
      hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_STRUCTURE,
                            "a CatchUpComposite has a director of its own; %s is not allowed",
                            hyco_director_get_name (director));
      return FALSE;
    }
  if (inside == NULL || !HYCO_IS_COMPOSITE_ACTOR (inside)
      || hyco_composite_actor_get_director (HYCO_COMPOSITE_ACTOR (inside)) == NULL)
    {
      hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_STRUCTURE,
                            "a CatchUpComposite holds one composite actor with a director of "
                            "its own (Ptolemy's Contents); this one holds %u actors%s",
                            actors->len,
                            actors->len == 1 ? ", which is not a composite with a director" : "");
      return FALSE;
    }
  if (outer != NULL && hyco_director_is_continuous (outer))
    {
      hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_STRUCTURE,
                            "a CatchUpComposite cannot run under a continuous director (%s): its "
                            "inside catches up when fired, which a continuous director does at "
                            "solver stages it may discard",
                            hyco_director_get_name (outer));
      return FALSE;
    }
  if (!link_mirror_ports (composite, inside, error))
    return FALSE;
  return HYCO_ACTOR_CLASS (hyco_catch_up_composite_parent_class)->preinitialize (actor, error);
}

static gboolean
hyco_catch_up_composite_is_strict (HycoActor *actor)
{
  return TRUE;
}

/* The director is the composite's own: files do not save it. */
static void
write_catch_up_contents (HycoActor *actor, HycoXmlNode *element)
{
  _hyco_model_writer_save_composite (element, HYCO_COMPOSITE_ACTOR (actor), FALSE);
}

static void
hyco_catch_up_composite_class_init (HycoCatchUpCompositeClass *klass)
{
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);
  static const HycoModelSyntax syntax = {
    .declares_ports = TRUE,
    .write_contents = write_catch_up_contents,
    .execution_note = "catch-up: the composite inside runs at the times it asks for, caught up "
                      "with when fired",
  };

  actor_class->preinitialize = hyco_catch_up_composite_preinitialize;
  actor_class->is_strict = hyco_catch_up_composite_is_strict;
  hyco_actor_class_set_description (actor_class,
                                    "Runs a composite inside at its own times, catching up "
                                    "with the time outside when fired");
  _hyco_model_syntax_register (HYCO_TYPE_CATCH_UP_COMPOSITE, &syntax);
}

static void
hyco_catch_up_composite_init (HycoCatchUpComposite *self)
{
}
