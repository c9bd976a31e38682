/* hyco-de-director.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-private.h"

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

typedef struct
{
  HycoTag tag;
  guint position; /* the actor's first schedule entry: depth, then model order */
  HycoActor *actor;
} Event;

struct _HycoDEDirector
{
  HycoDirector parent_instance;

  GArray *queue;        /* binary min-heap of Event */
  GPtrArray *triggered; /* actors with a pure event at the current tag */
  gboolean tag_started; /* fire has run at the current tag */
  gboolean have_tag;    /* prefire took the current tag's events */
};

G_DEFINE_FINAL_TYPE (HycoDEDirector, hyco_de_director, HYCO_TYPE_DIRECTOR)

static inline int
event_compare (const Event *a, const Event *b)
{
  if (a->tag.time != b->tag.time)
    return a->tag.time < b->tag.time ? -1 : 1;
  if (a->tag.microstep != b->tag.microstep)
    return a->tag.microstep < b->tag.microstep ? -1 : 1;
  if (a->position != b->position)
    return a->position < b->position ? -1 : 1;
  return 0;
}

static void
heap_push (GArray *heap, const Event *event)
{
  guint i = heap->len;
  Event *data;

  g_array_set_size (heap, heap->len + 1);
  data = (Event *) heap->data;
  while (i > 0)
    {
      guint parent = (i - 1) / 2;
      if (event_compare (&data[parent], event) <= 0)
        break;
      data[i] = data[parent];
      i = parent;
    }
  data[i] = *event;
}

static void
heap_pop (GArray *heap)
{
  Event *data = (Event *) heap->data;
  guint n = heap->len - 1, i = 0;
  Event last = data[n];

  for (;;)
    {
      guint child = 2 * i + 1;
      if (child >= n)
        break;
      if (child + 1 < n && event_compare (&data[child + 1], &data[child]) < 0)
        child++;
      if (event_compare (&last, &data[child]) <= 0)
        break;
      data[i] = data[child];
      i = child;
    }
  data[i] = last;
  g_array_set_size (heap, n);
}

static void
hyco_de_director_finalize (GObject *object)
{
  HycoDEDirector *self = HYCO_DE_DIRECTOR (object);

  g_array_unref (self->queue);
  g_ptr_array_unref (self->triggered);
  G_OBJECT_CLASS (hyco_de_director_parent_class)->finalize (object);
}

static void
clear_triggered (HycoDEDirector *self)
{
  for (guint i = 0; i < self->triggered->len; i++)
    _hyco_actor_get_private (self->triggered->pdata[i])->pure_event = FALSE;
  g_ptr_array_set_size (self->triggered, 0);
}

static gboolean
hyco_de_director_initialize (HycoDirector *director, GError **error)
{
  HycoDEDirector *self = HYCO_DE_DIRECTOR (director);

  /* Empty the queue before actors initialize: that is when they first call fire_at. */
  g_array_set_size (self->queue, 0);
  clear_triggered (self);
  self->tag_started = FALSE;
  self->have_tag = FALSE;
  return HYCO_DIRECTOR_CLASS (hyco_de_director_parent_class)->initialize (director, error);
}

/* Moves the events at the current tag out of the queue and marks their actors. */
static void
take_current_events (HycoDEDirector *self, const HycoTag *current)
{
  while (self->queue->len > 0)
    {
      Event *top = &g_array_index (self->queue, Event, 0);
      HycoActorPrivate *priv;
      if (!hyco_tag_equal (&top->tag, current))
        break;
      priv = _hyco_actor_get_private (top->actor);
      if (!priv->pure_event)
        {
          priv->pure_event = TRUE;
          g_ptr_array_add (self->triggered, top->actor);
        }
      heap_pop (self->queue);
    }
}

static gboolean
report_zeno (HycoDEDirector *self, HycoDirectorPrivate *priv, const HycoTag *next, GError **error)
{
  g_autoptr (GPtrArray) actors = g_ptr_array_new ();
  g_autofree char *names = NULL;
  g_autofree char *time = hyco_time_to_string (next->time, priv->resolution);

  for (guint i = 0; i < self->queue->len; i++)
    {
      Event *event = &g_array_index (self->queue, Event, i);
      if (hyco_tag_equal (&event->tag, next) && !g_ptr_array_find (actors, event->actor, NULL))
        g_ptr_array_add (actors, event->actor);
    }
  names = _hyco_director_describe_actors (actors);
  g_set_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_ZENO,
               "Zeno behaviour: model time stalls at %s s after %" G_GUINT64_FORMAT
               " microsteps (maxMicrosteps); actors still firing: %s",
               time, priv->max_microsteps, names);
  return FALSE;
}

static gboolean
hyco_de_director_prefire (HycoDirector *director, GError **error)
{
  HycoDEDirector *self = HYCO_DE_DIRECTOR (director);
  HycoDirectorPrivate *priv = _hyco_director_get_private (director);
  Event *next;

  if (!hyco_director_is_top_level (director))
    {
      /* Inside a composite the tag is the container's; the outer director fires the composite
       * at every tag this director asked for. */
      HYCO_DIRECTOR_CLASS (hyco_de_director_parent_class)->prefire (director, error);
      if (self->queue->len > 0
          && hyco_tag_compare (&g_array_index (self->queue, Event, 0).tag, &priv->current) < 0)
        {
          g_autofree char *missed
            = hyco_tag_to_string (&g_array_index (self->queue, Event, 0).tag, priv->resolution);
          g_set_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_TIME,
                       "%s: an event at %s was not fired by the enclosing director",
                       hyco_actor_get_name (HYCO_ACTOR (priv->container)), missed);
          return FALSE;
        }
      take_current_events (self, &priv->current);
      self->have_tag = TRUE;
      return TRUE;
    }

  if (self->queue->len == 0)
    return FALSE;
  next = &g_array_index (self->queue, Event, 0);
  if (next->tag.time > priv->stop_time)
    return FALSE;
  if (next->tag.microstep > priv->max_microsteps)
    return report_zeno (self, priv, &next->tag, error);
  priv->current = next->tag;
  take_current_events (self, &priv->current);
  self->have_tag = TRUE;
  return TRUE;
}

static gboolean
hyco_de_director_fire (HycoDirector *director, GError **error)
{
  HYCO_DE_DIRECTOR (director)->tag_started = TRUE;
  return _hyco_director_run_schedule (director, error);
}

static gboolean
hyco_de_director_postfire (HycoDirector *director, GError **error)
{
  HycoDEDirector *self = HYCO_DE_DIRECTOR (director);
  gboolean ok = _hyco_director_postfire_fired (director, error);

  clear_triggered (self);
  self->tag_started = FALSE;
  self->have_tag = FALSE;
  return ok;
}

static gboolean
hyco_de_director_fire_at (HycoDirector *director, HycoActor *actor, const HycoTag *tag,
                          HycoTag *granted, GError **error)
{
  HycoDEDirector *self = HYCO_DE_DIRECTOR (director);
  HycoDirectorPrivate *priv = _hyco_director_get_private (director);
  Event event = { *tag, _hyco_actor_get_private (actor)->schedule_position, actor };
  int order = hyco_tag_compare (tag, &priv->current);

  if (order < 0)
    {
      g_autofree char *requested = hyco_tag_to_string (tag, priv->resolution);
      g_autofree char *now = hyco_tag_to_string (&priv->current, priv->resolution);
      hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_TIME,
                            "requested a firing at %s, in the past (now %s)", requested, now);
      return FALSE;
    }
  if (order == 0 && self->tag_started)
    {
      /* The current tag has been computed: the earliest firing left is the next microstep. */
      if (tag->microstep == G_MAXUINT64)
        {
          hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_TIME, "microstep overflow");
          return FALSE;
        }
      event.tag.microstep++;
    }
  if (event.tag.time == HYCO_TIME_INFINITY)
    {
      hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_TIME,
                            "requested a firing at an infinite time");
      return FALSE;
    }
  if (!hyco_director_is_top_level (director))
    {
      HycoTag outer;
      if (!hyco_actor_fire_at_tag (HYCO_ACTOR (priv->container), &event.tag, &outer, error))
        return FALSE;
      if (!hyco_tag_equal (&outer, &event.tag))
        {
          g_autofree char *asked = hyco_tag_to_string (&event.tag, priv->resolution);
          g_autofree char *got = hyco_tag_to_string (&outer, priv->resolution);
          hyco_actor_set_error (HYCO_ACTOR (priv->container), error, HYCO_ACTOR_ERROR_TIME,
                                "the enclosing director granted %s instead of %s", got, asked);
          return FALSE;
        }
    }
  else if (event.tag.time > priv->stop_time && priv->stop_time != HYCO_TIME_INFINITY)
    {
      /* Never fired: keeping it would only grow the queue. */
      *granted = event.tag;
      return TRUE;
    }
  heap_push (self->queue, &event);
  *granted = event.tag;
  return TRUE;
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
  self->queue = g_array_sized_new (FALSE, FALSE, sizeof (Event), 64);
  self->triggered = g_ptr_array_new ();
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
  return self->queue->len;
}
