/* hyco-director-private.h: the schedule, the director base class's internals and the queue of pure
 * events, shared by the engine and the in-tree directors; not installed.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "hyco-actor-private.h"
#include "hyco-director-kit.h"

G_BEGIN_DECLS

/* What running the schedule does with an entry while its director has a publish hook. */
typedef enum
{
  HYCO_PRECOMPUTED_NONE,     /* fired as usual */
  HYCO_PRECOMPUTED_POSTFIRE, /* outputs written by the hook; postfired */
  HYCO_PRECOMPUTED_DONE,     /* outputs written by the hook; its postfire does nothing and no
                              * sink traces it, so nothing else either */
} HycoPrecomputed;

/* The schedule: the actors a director governs (through transparent composites), each fired at
 * one or more depths of the port dependency graph. Firing the entries in order, each only
 * when the inputs it needs are known, computes the least fixed point of one tag in one pass. */
typedef struct
{
  HycoActor *actor;
  HycoActorPrivate *priv;
  HycoActorClass *klass; /* called directly: the public wrappers' type checks cost ~10% */
  gboolean strict;
  int depth;
  HycoPort **outputs; /* outputs first determined at this entry */
  guint n_outputs;
  HycoPort **inputs; /* all inputs of the actor */
  guint n_inputs;
  gboolean cyclic; /* some output is on a cycle */
  gboolean always; /* fired at every tag, triggered or not (a continuous composite) */
  guint group_end; /* for the entries of a depth iterated to a fixed point: end of the group */
  HycoPrecomputed precomputed; /* while the director has a publish hook */
  gboolean conditional; /* an opaque composite on a cycle that reacts only when triggered, and
                         * then fires every actor inside: see _hyco_schedule_fire_untriggered() */
} HycoScheduleEntry;

typedef struct
{
  GPtrArray *actors; /* HycoActor*, owned refs, in model order */
  HycoScheduleEntry *entries;
  guint n_entries;
} HycoSchedule;

gboolean _hyco_schedule_build (HycoSchedule *schedule, HycoDirector *director, GError **error);
void _hyco_schedule_clear (HycoSchedule *schedule);
gboolean _hyco_schedule_fire_untriggered (HycoScheduleEntry *entry, GError **error);

/* The local time of a director governing the refinement of a modal model, which stands still
 * while the refinement is inactive (hyco_director_set_local_time()): the time outside minus
 * @lag and, at the local time @anchor, the microstep outside minus @shift. All zero elsewhere:
 * the time outside. */
typedef struct
{
  gint64 lag;
  gint64 anchor;
  gint64 shift;
} HycoLocalTime;

void _hyco_local_time_to_outer (const HycoLocalTime *self, const HycoTag *local, HycoTag *outer);
/* A director's local time from the time outside and back, through its localClock's rate and
 * a startTime given inside a composite. */
gint64 _hyco_director_outer_to_local_time (HycoDirector *self, gint64 outer);
gint64 _hyco_director_local_to_outer_time (HycoDirector *self, gint64 local);
/* The director whose localClock a clock is (unowned), for the scope of its expressions. */
void _hyco_local_clock_set_director (HycoLocalClock *self, HycoDirector *director);
HycoDirector *_hyco_local_clock_get_director (HycoLocalClock *self);
void _hyco_director_get_model_tag (HycoDirector *self, HycoTag *tag);

/* Director internals shared with subclasses. */
typedef struct
{
  HycoCompositeActor *container; /* unowned */
  HycoModel *model;              /* unowned; set at preinitialize */
  HycoSchedule schedule;
  HycoEpoch epoch;
  HycoTag current;
  int resolution;
  gint64 stop_time;
  guint64 firings;
  GPtrArray *fired; /* HycoActor*, unowned, in firing order */
  guint fired_capacity;
  gboolean owns_queue; /* @queue is (the first member of) a HycoEventQueue given by
                        * hyco_director_set_event_queue(), referenced, whose requests the
                        * base class's fire_at queues. Here, in a hole of the struct: eight
                        * more bytes cost the continuous benchmark a few percent. */
  char *stop_time_literal;
  char *start_time_literal;
  gint64 start_time;  /* the local time at which the director starts, once initialized */
  gint64 start_shift; /* local time minus the time outside (the executive's), from a startTime
                       * given inside a composite; 0 elsewhere */
  gint64 real_start;
  HycoLocalClock *local_clock; /* owned, or NULL: Ptolemy II's localClock, if the file has one */  /* monotonic wall time (us) at initialize, to pace synchronizeToRealTime */
  char *resolution_literal;
  guint64 max_microsteps;
  gboolean fires_every_actor;  /* each firing fires all actors (SR), not only triggered ones */
  gboolean wants_every_tag;    /* its composite carries continuous signals: the container fires
                                * it at every tag, triggered or not */
  gboolean requests_now_first; /* while its actors initialize, a request for the current time
                                * is for the first firing, not the next microstep (Ptolemy II's
                                * continuous director) */
  struct _HycoTagQueue *queue; /* its pending fire_at requests, if it keeps a queue */
  HycoLocalTime local_time;    /* see hyco_director_set_local_time() */
  gboolean speculating;        /* firing ahead of the container's time: inputs are taken as
                                * absent and nothing is transferred out */
  /* When set, each run of the schedule calls it first (in the run's epoch) to write the outputs
   * of the entries marked precomputed, which are then not fired (see HycoPrecomputed): a
   * continuous director that evaluated them itself. */
  void (*publish) (gpointer data);
  gpointer publish_data;
  gboolean conditional; /* firing whose outputs count only where absent: the transfer out
                         * passes on absent signals alone (_hyco_schedule_fire_untriggered()) */
  /* Time-Zeno (see hyco_event_queue_check_time_zeno()): the parameters, and the times with
   * events lately, each within time_zeno_ticks of the one before. */
  guint64 time_zeno_events;
  guint64 time_zeno_ticks;
  guint64 dense_events; /* how many followed the first closely */
  gint64 dense_first;
  gint64 dense_last;
  /* Ptolemy II's localClock at a rate other than 1 (drifting): from the time outside
   * clock_outer on, local time is clock_local plus the time outside since then times
   * clock_rate. At rate 1 local time is the time outside plus start_shift. Committed (the
   * origin moved to now) whenever the rate changes during the run (clock_running). */
  gboolean drifting;
  gboolean clock_running;
  double clock_rate;
  gint64 clock_outer;
  gint64 clock_local;
  /* The container's input ports that set its model parameters (PortParameters), or NULL. */
  GPtrArray *parameter_ports;
  /* For a director firing only triggered actors, with its pure events in @queue (DE): the
   * entries a tag visits (see HycoWorklist in hyco-director.c), built at its first run. */
  struct _HycoWorklist *worklist;
  /* Actors advanced in parallel (HycoActorClass.advance) before a tag's firings: set by a
   * director with a `parallel` parameter (DE). The worker threads are started at the first tag
   * with two actors to advance and joined at wrapup; @advanced counts the advances. */
  gboolean parallel;
  struct _HycoWorkers *workers;
  GPtrArray *advancing; /* HycoActor*, unowned: the current tag's batch */
  guint64 advanced;
} HycoDirectorPrivate;

static inline HycoDirectorPrivate *
_hyco_director_get_private (HycoDirector *self)
{
  return G_STRUCT_MEMBER_P (self, _hyco_director_private_offset);
}

/* hyco_director_is_top_level() without its type checks, for the directors' hot paths. */
static inline gboolean
_hyco_director_is_top_level (HycoDirectorPrivate *priv)
{
  return priv->container != NULL
         && _hyco_actor_get_private ((HycoActor *) priv->container)->container == NULL;
}
/* hyco_actor_get_current_tag() without its type check (some 50 instructions for a subclass),
 * for actors fired at every solver stage. */
static inline HycoTag
_hyco_actor_current_tag (HycoActor *self)
{
  HycoDirector *executive = _hyco_actor_get_private (self)->executive;
  HycoTag start = { 0, 0 };

  return executive != NULL ? _hyco_director_get_private (executive)->current : start;
}

void _hyco_director_set_container (HycoDirector *self, HycoCompositeActor *container);
gboolean _hyco_director_parse_resolution (HycoDirector *self, int *resolution, GError **error);
void _hyco_director_transfer_inputs (HycoDirector *self);
void _hyco_director_transfer_outputs (HycoDirector *self);
void _hyco_director_absent_inputs (HycoDirector *self);
gboolean _hyco_director_run_schedule (HycoDirector *self, gboolean fire_all, GError **error);
gboolean _hyco_director_postfire_fired (HycoDirector *self, GError **error);
char *_hyco_director_describe_actors (GPtrArray *actors);

/* Threads advancing actors in parallel (hyco-workers.c). */
typedef struct _HycoWorkers HycoWorkers;
HycoWorkers *_hyco_workers_new (guint n_threads);
void _hyco_workers_advance (HycoWorkers *self, HycoActor **actors, guint n_actors);
void _hyco_workers_free (HycoWorkers *self);
void _hyco_director_set_parallel (HycoDirector *self, gboolean parallel);

/* The pure events of a director (see hyco-tag-queue.c). */
typedef struct _HycoTagQueue
{
  GArray *heap;         /* binary min-heap of events */
  guint heap_capacity;  /* allocated events (heap->len is the heap's size) */
  GPtrArray *triggered; /* actors marked with a pure event at the current tag */
  guint triggered_capacity;
  gboolean tag_started; /* the current tag has been fired: a request for it means the next
                         * microstep */
} HycoTagQueue;

void _hyco_tag_queue_init (HycoTagQueue *self);
void _hyco_tag_queue_destroy (HycoTagQueue *self);
void _hyco_tag_queue_reset (HycoTagQueue *self);
guint _hyco_tag_queue_length (HycoTagQueue *self);
const HycoTag *_hyco_tag_queue_nth (HycoTagQueue *self, guint index);
void _hyco_tag_queue_take (HycoTagQueue *self, const HycoTag *tag);
gboolean _hyco_tag_queue_check_missed (HycoTagQueue *self, HycoDirector *director, GError **error);
gboolean _hyco_tag_queue_report_time_zeno (HycoTagQueue *self, HycoDirectorPrivate *priv,
                                           const HycoTag *next, GError **error);
gboolean _hyco_tag_queue_report_zeno (HycoTagQueue *self, HycoDirector *director,
                                      const HycoTag *next, GError **error);
gboolean _hyco_tag_queue_request (HycoTagQueue *self, HycoDirector *director, HycoActor *actor,
                                  const HycoTag *tag, HycoTag *granted, GError **error);

/* What a director asks of its queue at every tag, inline: a call each would cost a DE tag of
 * an FMU more than the work. */

/* The earliest pending tag, or NULL. (An event's tag is its first member, hyco-tag-queue.c.) */
static inline const HycoTag *
_hyco_tag_queue_peek (HycoTagQueue *self)
{
  return self->heap->len ? (const HycoTag *) (gconstpointer) self->heap->data : NULL;
}

static inline void
_hyco_tag_queue_release (HycoTagQueue *self)
{
  for (guint i = 0; i < self->triggered->len; i++)
    _hyco_actor_get_private (self->triggered->pdata[i])->pure_event = FALSE;
  _hyco_ptr_array_empty (self->triggered);
  self->tag_started = FALSE;
}

/* Counts @next's time as one with events, unless it was counted already. Time-Zeno is a run of
 * time_zeno_events such times, each at most time_zeno_ticks after the one before: time then
 * advances only by the resolution (the impacts of a bouncing ball after their accumulation
 * point), and would go on so forever, each time a new one, which maxMicrosteps never sees. */
static inline gboolean
_hyco_tag_queue_check_time_zeno (HycoTagQueue *self, HycoDirector *director, const HycoTag *next,
                                 GError **error)
{
  HycoDirectorPrivate *priv = _hyco_director_get_private (director);

  /* Discrete events only: the ends of an inner continuous director's steps, at microstep 0,
   * may be as close as its solver needs. */
  if (next->time == priv->dense_last || next->microstep == 0 || priv->time_zeno_events == 0)
    return TRUE;
  if (priv->dense_last >= 0 && next->time > priv->dense_last
      && (guint64) (next->time - priv->dense_last) <= priv->time_zeno_ticks)
    priv->dense_events++;
  else
    {
      priv->dense_events = 0;
      priv->dense_first = next->time;
    }
  priv->dense_last = next->time;
  if (G_LIKELY (priv->dense_events <= priv->time_zeno_events))
    return TRUE;
  return _hyco_tag_queue_report_time_zeno (self, priv, next, error);
}

G_END_DECLS
