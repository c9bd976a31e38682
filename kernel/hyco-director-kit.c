/* hyco-director-kit.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-director-private.h"
#include "hyco-param-private.h"

#include <math.h>

/* The director kit: what a director's own virtual methods use, as public API, so that a director
 * outside the library (in C or in a language binding) is written as the built-in ones are. The
 * overview is in the documentation of HycoDirector (hyco-director.c).
 *
 * The functions a director calls at every tag or event check their arguments against NULL
 * only: a GType check of a director subclass costs some 60 instructions, which at four calls
 * a tag made the DE benchmark 1% slower. The functions of a run's set-up check types. */

/**
 * hyco_director_run_schedule:
 * @self: a director
 * @error: return location for a #GError
 *
 * Fires the actors the director governs at the current tag until the least fixed point over
 * unknown, absent and present is reached, in one pass along the causality schedule (iterating
 * only the cycles): the director's `fire`. The composite's inputs are transferred in first and
 * its outputs out at the end. Which actors fire depends on
 * [method@Hyco.Director.fires_every_actor]: every actor, or only the actors with a pure event
 * or a present input. May run several times at one tag; nothing is committed.
 *
 * Returns: %TRUE on success; %FALSE with @error set when an actor failed or a causality loop
 *   is left unknown
 */
gboolean
hyco_director_run_schedule (HycoDirector *self, GError **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return _hyco_director_run_schedule (self, _hyco_director_get_private (self)->fires_every_actor,
                                      error);
}

/**
 * hyco_director_postfire_fired:
 * @self: a director
 * @error: return location for a #GError
 *
 * Postfires, once and in the order they first fired, the actors fired at the current tag since
 * the last call, and records their outputs in the model's trace and results: the director's
 * `postfire`. Every fired actor is forgotten even when one fails.
 *
 * Returns: %TRUE on success; %FALSE with the first actor's error
 */
gboolean
hyco_director_postfire_fired (HycoDirector *self, GError **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return _hyco_director_postfire_fired (self, error);
}

/**
 * hyco_director_transfer_inputs:
 * @self: a director
 *
 * Copies the signals arriving at the container's input ports to the inside, where the
 * governed actors read them (an input with nothing connected outside is absent).
 * [method@Hyco.Director.run_schedule] does this itself; a director firing its actors
 * otherwise calls it first.
 */
void
hyco_director_transfer_inputs (HycoDirector *self)
{
  g_return_if_fail (HYCO_IS_DIRECTOR (self));
  g_return_if_fail (_hyco_director_get_private (self)->container != NULL);
  _hyco_director_transfer_inputs (self);
}

/**
 * hyco_director_transfer_outputs:
 * @self: a director
 *
 * Copies the signals the governed actors produced on the container's output ports to the
 * outside (an output with nothing connected inside is absent).
 * [method@Hyco.Director.run_schedule] does this itself.
 */
void
hyco_director_transfer_outputs (HycoDirector *self)
{
  g_return_if_fail (HYCO_IS_DIRECTOR (self));
  g_return_if_fail (_hyco_director_get_private (self)->container != NULL);
  _hyco_director_transfer_outputs (self);
}

/**
 * hyco_director_set_current_tag:
 * @self: a director
 * @tag: the tag to execute
 *
 * Sets the tag the director executes next, which its actors see as their current tag: what a
 * top-level director's `prefire` does once it has chosen the next tag. Tags never go back
 * within a run. (Inside a composite, the base class's `prefire` takes the container's tag.)
 */
void
hyco_director_set_current_tag (HycoDirector *self, const HycoTag *tag)
{
  g_return_if_fail (self != NULL && tag != NULL);
  _hyco_director_get_private (self)->current = *tag;
}

/**
 * hyco_director_get_max_microsteps:
 * @self: a director
 *
 * The bound on microsteps at one model time (the `maxMicrosteps` parameter): a director that
 * would go beyond it reports Zeno behaviour, for instance with
 * [method@Hyco.EventQueue.report_zeno].
 *
 * Returns: the largest microstep the director may execute
 */
guint64
hyco_director_get_max_microsteps (HycoDirector *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return _hyco_director_get_private (self)->max_microsteps;
}

/**
 * hyco_director_set_fires_every_actor:
 * @self: a director
 * @fires_every_actor: whether each firing fires every actor
 *
 * Declares whether [method@Hyco.Director.run_schedule] fires every actor the director governs
 * (synchronous-reactive semantics) or only those with a pure event or a present input
 * (discrete events, the default). The causality analysis depends on it: call it from the
 * instance's init function, before the director is preinitialized.
 */
void
hyco_director_set_fires_every_actor (HycoDirector *self, gboolean fires_every_actor)
{
  g_return_if_fail (HYCO_IS_DIRECTOR (self));
  _hyco_director_get_private (self)->fires_every_actor = !!fires_every_actor;
}

/**
 * hyco_director_set_parallel:
 * @self: a director firing only triggered actors, with an event queue
 * @parallel: whether to advance actors in parallel
 *
 * Declares whether [method@Hyco.Director.run_schedule] first advances, in worker threads and
 * several at once, the actors fired at the tag for a pure event whose class implements
 * `advance` (see #HycoActorClass): the DE director's `parallel`. The threads, one per core
 * besides the director's own, start at the first tag with two such actors and end at wrapup.
 * Call it from `initialize`.
 */
void
hyco_director_set_parallel (HycoDirector *self, gboolean parallel)
{
  g_return_if_fail (HYCO_IS_DIRECTOR (self));
  _hyco_director_set_parallel (self, !!parallel);
}

/**
 * hyco_director_get_time_parameter:
 * @self: a director
 * @name: the name of a time parameter (a string property holding a time literal, such as one
 *   made by [func@Hyco.param_spec_literal] with %HYCO_PARAM_KIND_TIME)
 * @ticks: (out): the time in ticks of the model's resolution
 * @error: return location for a #GError
 *
 * Converts a time parameter of the director exactly to ticks. The resolution is known once the
 * base class has preinitialized: call it from `preinitialize` after chaining up.
 *
 * Returns: (skip): %TRUE on success; on failure a %HYCO_ACTOR_ERROR_PARAMETER error naming
 *   the director, the parameter and the literal
 */
gboolean
hyco_director_get_time_parameter (HycoDirector *self, const char *name, gint64 *ticks,
                                  GError **error)
{
  g_autofree char *literal = NULL;
  g_autoptr (GError) local_error = NULL;

  g_return_val_if_fail (HYCO_IS_DIRECTOR (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);
  g_return_val_if_fail (ticks != NULL, FALSE);
  g_object_get (self, name, &literal, NULL);
  if (hyco_time_parse (literal ? literal : "", _hyco_director_get_private (self)->resolution, ticks,
                       &local_error))
    return TRUE;
  _hyco_set_parameter_error (self, error, name, local_error->message);
  return FALSE;
}

/**
 * hyco_director_reject_parameter:
 * @self: a director
 * @name: the name of the parameter
 * @message: why its value cannot be used
 * @error: return location for a #GError
 *
 * Fails with the error a bad parameter value gets: %HYCO_ACTOR_ERROR_PARAMETER, with the
 * model file's location of the director when it was read from one, the director's name, the
 * parameter's name and @message. For a director's `preinitialize`:
 *
 * ```c
 * if (self->period < 0)
 *   return hyco_director_reject_parameter (director, "period", "must not be negative", error);
 * ```
 *
 * Returns: %FALSE, always, with @error set
 */
gboolean
hyco_director_reject_parameter (HycoDirector *self, const char *name, const char *message,
                                GError **error)
{
  g_return_val_if_fail (HYCO_IS_DIRECTOR (self), FALSE);
  g_return_val_if_fail (name != NULL && message != NULL, FALSE);
  _hyco_set_parameter_error (self, error, name, message);
  return FALSE;
}

/**
 * hyco_director_synchronize_to_real_time:
 * @self: a director
 * @time: a model time in ticks, at or after the director's start time
 *
 * Waits until as much wall-clock time has passed since the director was initialized as
 * model time from its start time to @time: a director whose `synchronizeToRealTime` is set
 * calls it before it executes the tag at @time, so that the run never gets ahead of real time
 * (it may fall behind). Returns at once for a time already reached.
 */
void
hyco_director_synchronize_to_real_time (HycoDirector *self, gint64 time)
{
  HycoDirectorPrivate *priv;
  double ahead;

  g_return_if_fail (HYCO_IS_DIRECTOR (self));
  priv = _hyco_director_get_private (self);
  if (time == HYCO_TIME_INFINITY || time <= priv->start_time)
    return;
  ahead = hyco_time_to_seconds (time - priv->start_time, priv->resolution) * G_USEC_PER_SEC
          - (double) (g_get_monotonic_time () - priv->real_start);
  if (ahead > 0)
    g_usleep ((gulong) MIN (ceil (ahead), (double) G_MAXULONG));
}

/* The event queue: a reference-counted box around the queue the engine and the modal model
 * know (HycoTagQueue, hyco-tag-queue.c). */
struct _HycoEventQueue
{
  HycoTagQueue queue;
  gatomicrefcount ref_count;
};

/* The director's private data keeps a HycoEventQueue as its HycoTagQueue. */
G_STATIC_ASSERT (G_STRUCT_OFFSET (HycoEventQueue, queue) == 0);

G_DEFINE_BOXED_TYPE (HycoEventQueue, hyco_event_queue, hyco_event_queue_ref, hyco_event_queue_unref)

/**
 * hyco_event_queue_new:
 *
 * Creates an empty queue of pure events. A director that keeps one gives it to the base class
 * with [method@Hyco.Director.set_event_queue].
 *
 * Returns: (transfer full): a new event queue
 */
HycoEventQueue *
hyco_event_queue_new (void)
{
  HycoEventQueue *self = g_new0 (HycoEventQueue, 1);

  _hyco_tag_queue_init (&self->queue);
  g_atomic_ref_count_init (&self->ref_count);
  return self;
}

/**
 * hyco_event_queue_ref:
 * @self: an event queue
 *
 * Takes a reference to the queue; release it with hyco_event_queue_unref().
 *
 * Returns: (transfer full): @self, with one more reference
 */
HycoEventQueue *
hyco_event_queue_ref (HycoEventQueue *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

/**
 * hyco_event_queue_unref:
 * @self: (transfer full): an event queue
 *
 * Drops a reference; the last one frees the queue.
 */
void
hyco_event_queue_unref (HycoEventQueue *self)
{
  g_return_if_fail (self != NULL);
  if (!g_atomic_ref_count_dec (&self->ref_count))
    return;
  _hyco_tag_queue_destroy (&self->queue);
  g_free (self);
}

/**
 * hyco_event_queue_clear:
 * @self: an event queue
 *
 * Drops every pending event and ends the current tag (as [method@Hyco.EventQueue.release]):
 * what a director does in `initialize`, before its actors make their first requests.
 */
void
hyco_event_queue_clear (HycoEventQueue *self)
{
  g_return_if_fail (self != NULL);
  _hyco_tag_queue_reset (&self->queue);
}

/**
 * hyco_event_queue_get_length:
 * @self: an event queue
 *
 * Counts the firings requested of the queue and not yet taken.
 *
 * Returns: how many events are pending
 */
guint
hyco_event_queue_get_length (HycoEventQueue *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return _hyco_tag_queue_length (&self->queue);
}

/**
 * hyco_event_queue_peek:
 * @self: an event queue
 *
 * Gets the earliest tag at which a firing is pending, which a director's prefire chooses as its
 * next tag, without taking it from the queue.
 *
 * Returns: (nullable) (transfer none): the earliest pending tag, valid until the queue
 *   changes, or %NULL when no event is pending
 */
const HycoTag *
hyco_event_queue_peek (HycoEventQueue *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return _hyco_tag_queue_peek (&self->queue);
}

/**
 * hyco_event_queue_request:
 * @self: an event queue
 * @director: the director whose queue it is
 * @actor: the requesting actor, governed by @director
 * @tag: the requested tag
 * @granted: (out caller-allocates): the tag the firing was queued at
 * @error: return location for a #GError
 *
 * Queues a pure event for @actor: the director's `fire_at`. A request for the current tag is
 * granted the current tag until the tag has started (see
 * [method@Hyco.EventQueue.start_tag]), then the next microstep. Inside a composite the request
 * is passed up, and must be granted exactly there. At the top level an event after the stop
 * time is granted but not queued, since it would never fire.
 *
 * Returns: %TRUE on success; %FALSE with a %HYCO_ACTOR_ERROR_TIME error for a tag in the past,
 *   an infinite time, a microstep overflow, or a tag the enclosing director did not grant
 */
gboolean
hyco_event_queue_request (HycoEventQueue *self, HycoDirector *director, HycoActor *actor,
                          const HycoTag *tag, HycoTag *granted, GError **error)
{
  g_return_val_if_fail (self != NULL && director != NULL && actor != NULL, FALSE);
  g_return_val_if_fail (tag != NULL && granted != NULL, FALSE);
  return _hyco_tag_queue_request (&self->queue, director, actor, tag, granted, error);
}

/**
 * hyco_event_queue_take:
 * @self: an event queue
 * @tag: the tag about to be executed
 *
 * Removes the events at @tag and marks their actors as having a pure event
 * ([method@Hyco.Actor.has_pure_event]), which triggers them in
 * [method@Hyco.Director.run_schedule], until [method@Hyco.EventQueue.release]. A director's
 * `prefire` calls it once the current tag is set.
 */
void
hyco_event_queue_take (HycoEventQueue *self, const HycoTag *tag)
{
  HycoTag taken;

  g_return_if_fail (self != NULL);
  g_return_if_fail (tag != NULL);
  /* @tag may be the queue's own head (from hyco_event_queue_peek()), which taking moves. */
  taken = *tag;
  _hyco_tag_queue_take (&self->queue, &taken);
}

/**
 * hyco_event_queue_start_tag:
 * @self: an event queue
 *
 * Marks the current tag as under way, so that a request for it is granted the next microstep
 * until [method@Hyco.EventQueue.release]: what a director's `fire` does first.
 */
void
hyco_event_queue_start_tag (HycoEventQueue *self)
{
  g_return_if_fail (self != NULL);
  self->queue.tag_started = TRUE;
}

/**
 * hyco_event_queue_release:
 * @self: an event queue
 *
 * Ends the current tag: the actors marked by [method@Hyco.EventQueue.take] lose their pure
 * event. A director's `postfire` calls it after committing the tag.
 */
void
hyco_event_queue_release (HycoEventQueue *self)
{
  g_return_if_fail (self != NULL);
  _hyco_tag_queue_release (&self->queue);
}

/**
 * hyco_event_queue_check_missed:
 * @self: an event queue
 * @director: the director whose queue it is, inside a composite
 * @error: return location for a #GError
 *
 * Checks that no pending event is earlier than the director's current tag: inside a
 * composite, the tag comes from the enclosing director, which must have fired the composite
 * at every tag it was asked for.
 *
 * Returns: %TRUE if no event was missed; otherwise %FALSE with a %HYCO_ACTOR_ERROR_TIME error
 */
gboolean
hyco_event_queue_check_missed (HycoEventQueue *self, HycoDirector *director, GError **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (HYCO_IS_DIRECTOR (director), FALSE);
  return _hyco_tag_queue_check_missed (&self->queue, director, error);
}

/**
 * hyco_event_queue_check_time_zeno:
 * @self: an event queue
 * @director: the director whose queue it is, at the top level
 * @next: the tag about to be executed
 * @error: return location for a #GError
 *
 * Counts the time of @next as a model time with discrete events (once per time, and only at a
 * microstep above 0), for the bound on
 * time-Zeno behaviour: when more than #HycoDirector:timeZenoEvents such times follow the first,
 * each at most #HycoDirector:timeZenoTicks after the one before, model time only creeps forward by
 * the resolution and the run is ended. A top-level director's `prefire` calls it for each tag
 * it chooses, before taking its events.
 *
 * Returns: %TRUE if the run may go on; otherwise %FALSE with a %HYCO_ACTOR_ERROR_ZENO error
 *   naming the times and the actors with events at @next
 */
gboolean
hyco_event_queue_check_time_zeno (HycoEventQueue *self, HycoDirector *director, const HycoTag *next,
                                  GError **error)
{
  g_return_val_if_fail (self != NULL && director != NULL && next != NULL, FALSE);
  return _hyco_tag_queue_check_time_zeno (&self->queue, director, next, error);
}

/**
 * hyco_event_queue_report_zeno:
 * @self: an event queue
 * @director: the director whose queue it is
 * @next: the tag beyond the director's maximum microstep
 * @error: return location for a #GError
 *
 * Fails with the %HYCO_ACTOR_ERROR_ZENO error of a model whose time stalls at @next, naming
 * the actors with events at @next.
 *
 * Returns: %FALSE, always, with @error set
 */
gboolean
hyco_event_queue_report_zeno (HycoEventQueue *self, HycoDirector *director, const HycoTag *next,
                              GError **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (HYCO_IS_DIRECTOR (director), FALSE);
  g_return_val_if_fail (next != NULL, FALSE);
  return _hyco_tag_queue_report_zeno (&self->queue, director, next, error);
}

/**
 * hyco_director_set_event_queue:
 * @self: a director
 * @queue: (nullable): the director's queue of pure events
 *
 * Gives the base class the director's queue of pure events, from the instance's init
 * function. The base class keeps a reference, and then:
 *
 * - its `fire_at` queues requests there with [method@Hyco.EventQueue.request];
 * - its pending events are the director's pending requests
 *   ([method@Hyco.Director.get_pending_request]), which a modal model whose refinement the
 *   director governs asks for again when the refinement resumes.
 */
void
hyco_director_set_event_queue (HycoDirector *self, HycoEventQueue *queue)
{
  HycoDirectorPrivate *priv;

  g_return_if_fail (HYCO_IS_DIRECTOR (self));
  priv = _hyco_director_get_private (self);
  if (queue != NULL)
    hyco_event_queue_ref (queue);
  if (priv->owns_queue)
    hyco_event_queue_unref ((HycoEventQueue *) priv->queue);
  priv->owns_queue = queue != NULL;
  priv->queue = queue != NULL ? &queue->queue : NULL;
}

/**
 * hyco_director_get_event_queue:
 * @self: a director
 *
 * Gets the event queue a director class uses to keep the firings its actors request; see
 * hyco_director_set_event_queue().
 *
 * Returns: (nullable) (transfer none): the queue given with
 *   [method@Hyco.Director.set_event_queue]
 */
HycoEventQueue *
hyco_director_get_event_queue (HycoDirector *self)
{
  HycoDirectorPrivate *priv;

  g_return_val_if_fail (HYCO_IS_DIRECTOR (self), NULL);
  priv = _hyco_director_get_private (self);
  return priv->owns_queue ? (HycoEventQueue *) priv->queue : NULL;
}
