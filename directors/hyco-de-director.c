/* hyco-de-director.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-directors.h"
#include "hyco-director-private.h"

/**
 * HycoDEDirector:
 *
 * Discrete-event semantics over superdense time. A queue of pure events (fire_at requests)
 * ordered by tag, then by the destination's position in the causality schedule (topological
 * depth, then model order) decides the next tag; at each tag the schedule is run once, which
 * computes the least fixed point over unknown, absent and present (Lee and Zheng, EMSOFT 2007),
 * so an opaque composite in a feedback loop that is not a real zero-delay loop runs. Actors
 * fire when they have a pure event or a present input; all events of a tag are processed before
 * time advances. The trace is the same whatever the order in which events were queued.
 */

struct _HycoDEDirector
{
  HycoDirector parent_instance;

  HycoTagQueue queue;
};

G_DEFINE_FINAL_TYPE (HycoDEDirector, hyco_de_director, HYCO_TYPE_DIRECTOR)

static void
hyco_de_director_finalize (GObject *object)
{
  _hyco_tag_queue_destroy (&HYCO_DE_DIRECTOR (object)->queue);
  G_OBJECT_CLASS (hyco_de_director_parent_class)->finalize (object);
}

static gboolean
hyco_de_director_initialize (HycoDirector *director, GError **error)
{
  /* Empty the queue before actors initialize: that is when they first call fire_at. */
  _hyco_tag_queue_reset (&((HycoDEDirector *) director)->queue);
  return HYCO_DIRECTOR_CLASS (hyco_de_director_parent_class)->initialize (director, error);
}

static gboolean
hyco_de_director_prefire (HycoDirector *director, GError **error)
{
  HycoDEDirector *self = ((HycoDEDirector *) director);
  HycoDirectorPrivate *priv = _hyco_director_get_private (director);
  const HycoTag *next;

  if (!_hyco_director_is_top_level (_hyco_director_get_private (director)))
    {
      /* Inside a composite the tag is the container's; the outer director fires the composite
       * at every tag this director asked for. */
      HYCO_DIRECTOR_CLASS (hyco_de_director_parent_class)->prefire (director, error);
      if (!_hyco_tag_queue_check_missed (&self->queue, director, error))
        return FALSE;
      _hyco_tag_queue_take (&self->queue, &priv->current);
      return TRUE;
    }

  next = _hyco_tag_queue_peek (&self->queue);
  if (next == NULL || next->time > priv->stop_time)
    return FALSE;
  if (next->microstep > priv->max_microsteps)
    return _hyco_tag_queue_report_zeno (&self->queue, director, next, error);
  priv->current = *next;
  _hyco_tag_queue_take (&self->queue, &priv->current);
  return TRUE;
}

static gboolean
hyco_de_director_fire (HycoDirector *director, GError **error)
{
  ((HycoDEDirector *) director)->queue.tag_started = TRUE;
  return _hyco_director_run_schedule (director, FALSE, error);
}

static gboolean
hyco_de_director_postfire (HycoDirector *director, GError **error)
{
  gboolean ok = _hyco_director_postfire_fired (director, error);

  _hyco_tag_queue_release (&((HycoDEDirector *) director)->queue);
  return ok;
}

static gboolean
hyco_de_director_fire_at (HycoDirector *director, HycoActor *actor, const HycoTag *tag,
                          HycoTag *granted, GError **error)
{
  return _hyco_tag_queue_request (&((HycoDEDirector *) director)->queue, director, actor, tag,
                                  granted, error);
}

static void
hyco_de_director_class_init (HycoDEDirectorClass *klass)
{
  HycoDirectorClass *director_class = HYCO_DIRECTOR_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = hyco_de_director_finalize;
  director_class->initialize = hyco_de_director_initialize;
  director_class->prefire = hyco_de_director_prefire;
  director_class->fire = hyco_de_director_fire;
  director_class->postfire = hyco_de_director_postfire;
  director_class->fire_at = hyco_de_director_fire_at;
}

static void
hyco_de_director_init (HycoDEDirector *self)
{
  _hyco_tag_queue_init (&self->queue);
  _hyco_director_get_private (HYCO_DIRECTOR (self))->queue = &self->queue;
}

/**
 * hyco_de_director_new:
 *
 * Returns: (transfer full): a new discrete-event director
 */
HycoDirector *
hyco_de_director_new (void)
{
  return g_object_new (HYCO_TYPE_DE_DIRECTOR, NULL);
}

/**
 * hyco_de_director_get_queue_length:
 * @self: a DE director
 *
 * Returns: how many pure events are queued
 */
guint
hyco_de_director_get_queue_length (HycoDEDirector *self)
{
  g_return_val_if_fail (HYCO_IS_DE_DIRECTOR (self), 0);
  return _hyco_tag_queue_length (&self->queue);
}
