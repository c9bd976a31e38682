/* hyco-tag-queue.c: the pure events (fire_at requests) of a director, ordered by tag, then by
 * the position of the requesting actor in the causality schedule (depth, then model order).
 * Shared by the directors that keep their own notion of "next tag" (DE, SR).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-director-private.h"

typedef struct
{
  HycoTag tag;
  guint position;
  HycoActor *actor;
} Event;

/* _hyco_tag_queue_peek() reads the head's tag as the heap's data. */
G_STATIC_ASSERT (G_STRUCT_OFFSET (Event, tag) == 0);

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

/* A binary min-heap in a GArray that only grows: no allocation per event once warm, and no
 * call either (the array's length is the heap's size, its room is @heap_capacity). */
static void
heap_push (HycoTagQueue *self, const Event *event)
{
  GArray *heap = self->heap;
  guint i = heap->len;
  Event *data;

  if (G_UNLIKELY (i >= self->heap_capacity))
    {
      self->heap_capacity = MAX (64, 2 * i);
      g_array_set_size (heap, self->heap_capacity);
    }
  heap->len = i + 1; /* plain structs, within the room: nothing else to do */
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
  heap->len = n; /* plain structs: shrinking needs nothing else */
}

void
_hyco_tag_queue_init (HycoTagQueue *self)
{
  self->heap = g_array_new (FALSE, FALSE, sizeof (Event));
  self->heap_capacity = 0;
  self->triggered = g_ptr_array_new ();
  self->triggered_capacity = 0;
  self->tag_started = FALSE;
}

void
_hyco_tag_queue_destroy (HycoTagQueue *self)
{
  g_clear_pointer (&self->heap, g_array_unref);
  g_clear_pointer (&self->triggered, g_ptr_array_unref);
}

void
_hyco_tag_queue_reset (HycoTagQueue *self)
{
  _hyco_tag_queue_release (self);
  g_array_set_size (self->heap, 0);
}

guint
_hyco_tag_queue_length (HycoTagQueue *self)
{
  return self->heap->len;
}

/* The tag of a pending request, in no particular order. */
const HycoTag *
_hyco_tag_queue_nth (HycoTagQueue *self, guint index)
{
  return &g_array_index (self->heap, Event, index).tag;
}

void
_hyco_tag_queue_take (HycoTagQueue *self, const HycoTag *tag)
{
  GArray *heap = self->heap;

  while (heap->len > 0)
    {
      Event *top = (Event *) heap->data;
      HycoActorPrivate *priv;
      if (top->tag.time != tag->time || top->tag.microstep != tag->microstep)
        break;
      priv = _hyco_actor_get_private (top->actor);
      if (!priv->pure_event)
        {
          priv->pure_event = TRUE;
          _hyco_ptr_array_push (self->triggered, &self->triggered_capacity, top->actor);
        }
      /* The last event (one actor stepping alone, an FMU's communication step): nothing to
       * move. */
      if (heap->len == 1)
        heap->len = 0;
      else
        heap_pop (heap);
    }
}

gboolean
_hyco_tag_queue_check_missed (HycoTagQueue *self, HycoDirector *director, GError **error)
{
  HycoDirectorPrivate *priv = _hyco_director_get_private (director);
  const HycoTag *head = _hyco_tag_queue_peek (self);

  if (head == NULL || hyco_tag_compare (head, &priv->current) >= 0)
    return TRUE;
  {
    g_autofree char *missed = hyco_tag_to_string (head, priv->resolution);
    hyco_actor_set_error (HYCO_ACTOR (priv->container), error, HYCO_ACTOR_ERROR_TIME,
                          "an event at %s was not fired by the enclosing director", missed);
  }
  return FALSE;
}

gboolean
_hyco_tag_queue_report_zeno (HycoTagQueue *self, HycoDirector *director, const HycoTag *next,
                             GError **error)
{
  HycoDirectorPrivate *priv = _hyco_director_get_private (director);
  g_autoptr (GPtrArray) actors = g_ptr_array_new ();
  g_autofree char *names = NULL;
  g_autofree char *time = hyco_time_to_string (next->time, priv->resolution);

  for (guint i = 0; i < self->heap->len; i++)
    {
      Event *event = &g_array_index (self->heap, Event, i);
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

/* The time-Zeno error of _hyco_tag_queue_check_time_zeno() (hyco-director-private.h), out of
 * its way: the check runs at every tag and fails once. */
gboolean
_hyco_tag_queue_report_time_zeno (HycoTagQueue *self, HycoDirectorPrivate *priv,
                                  const HycoTag *next, GError **error)
{
  g_autoptr (GPtrArray) actors = g_ptr_array_new ();
  g_autofree char *names = NULL;
  g_autofree char *first = NULL;
  g_autofree char *last = NULL;
  g_autofree char *span = NULL;

  for (guint i = 0; i < self->heap->len; i++)
    {
      Event *event = &g_array_index (self->heap, Event, i);
      if (event->tag.time == next->time && !g_ptr_array_find (actors, event->actor, NULL))
        g_ptr_array_add (actors, event->actor);
    }
  names = _hyco_director_describe_actors (actors);
  first = hyco_time_to_string (priv->dense_first, priv->resolution);
  last = hyco_time_to_string (next->time, priv->resolution);
  span
    = hyco_time_to_string (MIN (priv->time_zeno_ticks, (guint64) G_MAXINT64 - 1), priv->resolution);
  g_set_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_ZENO,
               "Zeno behaviour: events at %" G_GUINT64_FORMAT " model times in a row from %s s "
               "to %s s, each at most %" G_GUINT64_FORMAT " ticks (%s s) after the one before "
               "(timeZenoEvents, timeZenoTicks): model time only creeps forward; actors with "
               "events at %s s: %s",
               priv->dense_events + 1, first, last, priv->time_zeno_ticks, span, last,
               *names ? names : "none");
  return FALSE;
}

/* fire_at: a tag in the past is an error; the current tag, once computed, becomes the next
 * microstep; inside a composite the request goes up and must come back at the same tag. */
gboolean
_hyco_tag_queue_request (HycoTagQueue *self, HycoDirector *director, HycoActor *actor,
                         const HycoTag *tag, HycoTag *granted, GError **error)
{
  HycoDirectorPrivate *priv = _hyco_director_get_private (director);
  Event event = { *tag, _hyco_actor_get_private (actor)->schedule_position, actor };
  int order = _hyco_tag_compare (tag, &priv->current);

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
  if (!_hyco_director_is_top_level (_hyco_director_get_private (director)))
    {
      /* Asked of the container in the time outside, which a startTime may shift and a local
       * clock's rate stretch. */
      HycoTag request = { _hyco_director_local_to_outer_time (director, event.tag.time),
                          event.tag.microstep };
      HycoTag outer;
      if (!hyco_actor_fire_at_tag (HYCO_ACTOR (priv->container), &request, &outer, error))
        return FALSE;
      if (!hyco_tag_equal (&outer, &request))
        {
          g_autofree char *asked = hyco_tag_to_string (&event.tag, priv->resolution);
          g_autofree char *got = NULL;
          outer.time = _hyco_director_outer_to_local_time (director, outer.time);
          got = hyco_tag_to_string (&outer, priv->resolution);
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
  heap_push (self, &event);
  *granted = event.tag;
  return TRUE;
}
