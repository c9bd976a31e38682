/* hyco-de-director.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-directors.h"

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

  HycoEventQueue *queue; /* owned by the base class (hyco_director_set_event_queue) */
  /* Read once per run rather than at every tag. */
  gboolean top_level;
  gint64 stop_time;
  guint64 max_microsteps;
};

G_DEFINE_FINAL_TYPE (HycoDEDirector, hyco_de_director, HYCO_TYPE_DIRECTOR)

static gboolean
hyco_de_director_initialize (HycoDirector *director, GError **error)
{
  HycoDEDirector *self = (HycoDEDirector *) director;

  self->top_level = hyco_director_is_top_level (director);
  self->stop_time = hyco_director_get_stop_time (director);
  self->max_microsteps = hyco_director_get_max_microsteps (director);
  /* Empty the queue before actors initialize: that is when they first call fire_at. */
  hyco_event_queue_clear (self->queue);
  return HYCO_DIRECTOR_CLASS (hyco_de_director_parent_class)->initialize (director, error);
}

static gboolean
hyco_de_director_prefire (HycoDirector *director, GError **error)
{
  HycoDEDirector *self = (HycoDEDirector *) director;
  const HycoTag *head;
  HycoTag next;

  if (!self->top_level)
    {
      /* Inside a composite the tag is the container's; the outer director fires the composite
       * at every tag this director asked for. */
      HYCO_DIRECTOR_CLASS (hyco_de_director_parent_class)->prefire (director, error);
      if (!hyco_event_queue_check_missed (self->queue, director, error))
        return FALSE;
      hyco_director_get_current_tag (director, &next);
      hyco_event_queue_take (self->queue, &next);
      return TRUE;
    }

  head = hyco_event_queue_peek (self->queue);
  if (head == NULL || head->time > self->stop_time)
    return FALSE;
  if (head->microstep > self->max_microsteps)
    return hyco_event_queue_report_zeno (self->queue, director, head, error);
  if (!hyco_event_queue_check_time_zeno (self->queue, director, head, error))
    return FALSE;
  next = *head;
  hyco_director_set_current_tag (director, &next);
  hyco_event_queue_take (self->queue, &next);
  return TRUE;
}

static gboolean
hyco_de_director_fire (HycoDirector *director, GError **error)
{
  hyco_event_queue_start_tag (((HycoDEDirector *) director)->queue);
  return hyco_director_run_schedule (director, error);
}

static gboolean
hyco_de_director_postfire (HycoDirector *director, GError **error)
{
  gboolean ok = hyco_director_postfire_fired (director, error);

  hyco_event_queue_release (((HycoDEDirector *) director)->queue);
  return ok;
}

static void
hyco_de_director_class_init (HycoDEDirectorClass *klass)
{
  HycoDirectorClass *director_class = HYCO_DIRECTOR_CLASS (klass);

  /* fire_at is the base class's: it queues requests in the event queue. */
  director_class->initialize = hyco_de_director_initialize;
  director_class->prefire = hyco_de_director_prefire;
  director_class->fire = hyco_de_director_fire;
  director_class->postfire = hyco_de_director_postfire;
}

static void
hyco_de_director_init (HycoDEDirector *self)
{
  g_autoptr (HycoEventQueue) queue = hyco_event_queue_new ();

  hyco_director_set_event_queue (HYCO_DIRECTOR (self), queue);
  self->queue = queue;
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
  return hyco_event_queue_get_length (self->queue);
}
