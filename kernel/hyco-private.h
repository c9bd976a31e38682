/* hyco-private.h: structures shared inside the kernel and by directors; not installed.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "hyco-kernel.h"

G_BEGIN_DECLS

/* A copy of @array's pointers without its element free function: what a (transfer container)
 * getter returns. g_ptr_array_copy() would keep the free function and unref the elements. */
static inline GPtrArray *
_hyco_ptr_array_copy_unowned (GPtrArray *array)
{
  GPtrArray *copy = g_ptr_array_sized_new (array->len);

  for (guint i = 0; i < array->len; i++)
    g_ptr_array_add (copy, array->pdata[i]);
  return copy;
}

/* Empties an array of unowned pointers (no element free function, not null-terminated)
 * without g_ptr_array_set_size()'s general path: once per tag on the directors' hot path. */
static inline void
_hyco_ptr_array_empty (GPtrArray *array)
{
  array->len = 0;
}

/* hyco_tag_compare() without its checks, for the hot paths. */
static inline int
_hyco_tag_compare (const HycoTag *a, const HycoTag *b)
{
  if (a->time != b->time)
    return a->time < b->time ? -1 : 1;
  return a->microstep < b->microstep ? -1 : a->microstep > b->microstep;
}

/* g_ptr_array_add() for the directors' hot paths, without its call and checks: @capacity is
 * the room the array is known to have, grown by doubling with g_ptr_array_set_size(), the
 * only call that allocates (emptying an array keeps its room). */
static inline void
_hyco_ptr_array_push (GPtrArray *array, guint *capacity, gpointer item)
{
  guint len = array->len;

  if (G_UNLIKELY (len >= *capacity))
    {
      *capacity = MAX (16, 2 * len);
      g_ptr_array_set_size (array, *capacity);
    }
  array->pdata[len] = item;
  array->len = len + 1;
}

/* A director's epoch: bumping @value makes every signal it owns unknown at once, so a new tag
 * (or a repeated fire) costs nothing per signal. @violations counts writes that tried to change
 * a signal already known in this epoch: actor bugs, reported by the director. */
typedef struct
{
  guint64 value;
  guint violations;
} HycoEpoch;

/* One channel of a signal at the current tag. The status is only valid while @stamp equals
 * the owning director's epoch. */
typedef struct
{
  guint64 stamp;
  HycoEpoch *epoch;
  HycoSignalStatus status;
  gboolean violated; /* a write tried to change it after it was known (see HycoEpoch) */
  HycoValue value;
} HycoSignal;

static inline HycoSignalStatus
hyco_signal_status (const HycoSignal *signal)
{
  return signal->stamp == signal->epoch->value ? signal->status : HYCO_SIGNAL_UNKNOWN;
}

static inline void
hyco_signal_set_absent (HycoSignal *signal)
{
  signal->stamp = signal->epoch->value;
  signal->status = HYCO_SIGNAL_ABSENT;
}

static inline void
hyco_signal_mark_present (HycoSignal *signal)
{
  signal->stamp = signal->epoch->value;
  signal->status = HYCO_SIGNAL_PRESENT;
}

/* Whether a write of @status (and @value, when present) may proceed: knowledge only grows
 * within a tick, so writing to a known signal is allowed only when it says the same thing,
 * and then there is nothing to write. Anything else is recorded as a violation. */
static inline gboolean
hyco_signal_may_write (HycoSignal *signal, HycoSignalStatus status, const HycoValue *value)
{
  if (signal->stamp != signal->epoch->value)
    return TRUE;
  if (signal->status != status
      || (status == HYCO_SIGNAL_PRESENT && !hyco_value_equal (&signal->value, value)))
    {
      signal->violated = TRUE;
      signal->epoch->violations++;
    }
  return FALSE;
}

/* Copies what is known of @from into @to (which may belong to another director). */
void _hyco_signal_copy (HycoSignal *to, const HycoSignal *from);

/* A signal that is absent at every tag: what a port reads through a relation with no source. */
HycoSignal *_hyco_signal_always_absent (void);

struct _HycoPort
{
  GObject parent_instance;

  char *name;
  HycoActor *container; /* unowned: the actor owns its ports */
  HycoPortFlags flags;
  GPtrArray *relations; /* unowned HycoRelation*, in link order */
  char *unit;           /* of the values it carries, for labels; NULL if not given */

  /* Wiring, rebuilt at every preinitialize. */
  HycoSignal *signals; /* storage this port writes: actor outputs, inside copies of the inputs
                        * of an opaque composite, outside copies of its outputs */
  guint n_signals;
  HycoSignal **sources; /* per channel, the signal this port reads */
  HycoPort **source_ports;
  guint n_sources;

  /* Causality, rebuilt at every preinitialize by the governing director. */
  int depth;
  gboolean cyclic;         /* on a (constructive) cycle */
  guint component;         /* strongly connected component in the director's graph */
  HycoPort **dependencies; /* inputs this output depends on (non-strict actors) */
  guint n_dependencies;
};

HycoPort *_hyco_port_new (HycoActor *container, const char *name, HycoPortFlags flags);
void _hyco_port_link (HycoPort *self, HycoRelation *relation);
void _hyco_port_reset_wiring (HycoPort *self);
void _hyco_port_allocate_signals (HycoPort *self, guint width, HycoEpoch *epoch);
void _hyco_port_set_sources (HycoPort *self, guint width);
guint _hyco_port_count_relations (HycoPort *self, gboolean inside);
HycoRelation *_hyco_port_get_relation (HycoPort *self, gboolean inside, guint index);

HycoRelation *_hyco_relation_new (HycoCompositeActor *container, const char *name);
void _hyco_relation_add_port (HycoRelation *self, HycoPort *port);

typedef struct
{
  char *name;
  HycoCompositeActor *container; /* unowned: the composite owns its actors */
  GPtrArray *ports;
  HycoDirector *executive; /* the director that fires this actor; set at preinitialize */
  gboolean finished;

  /* Bookkeeping of the executive director. */
  guint scope_index;
  guint schedule_position;     /* index of its first schedule entry: depth, then model order */
  gboolean pure_event;         /* fire_at requested the current tag */
  gboolean fired;              /* fired at the current tag, awaiting postfire */
  HycoSignal **output_signals; /* every channel of its output ports, set when wired: what the
                                * model counts as events after each firing */
  guint n_output_signals;
} HycoActorPrivate;

/* The base classes' private data, reached inline: the directors' hot paths use it at every
 * firing. The offsets are set when the classes are initialized, before any instance exists. */
extern gint _hyco_actor_private_offset;
extern gint _hyco_director_private_offset;

static inline HycoActorPrivate *
_hyco_actor_get_private (HycoActor *self)
{
  return G_STRUCT_MEMBER_P (self, _hyco_actor_private_offset);
}
void _hyco_actor_set_container (HycoActor *self, HycoCompositeActor *container);
gboolean _hyco_actor_has_default_postfire (HycoActor *self);

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
} HycoScheduleEntry;

typedef struct
{
  GPtrArray *actors; /* HycoActor*, owned refs, in model order */
  HycoScheduleEntry *entries;
  guint n_entries;
} HycoSchedule;

gboolean _hyco_schedule_build (HycoSchedule *schedule, HycoDirector *director, GError **error);
void _hyco_schedule_clear (HycoSchedule *schedule);
gboolean _hyco_composite_actor_wire (HycoCompositeActor *container, HycoDirector *director,
                                     GPtrArray *scope, HycoEpoch *epoch, GError **error);
void _hyco_composite_actor_collect_scope (HycoCompositeActor *self, GPtrArray *scope);
void _hyco_composite_actor_set_dependencies (HycoCompositeActor *self, gboolean *depends,
                                             gboolean *constructive);
gboolean _hyco_composite_actor_is_constructive (HycoCompositeActor *self, HycoPort *output,
                                                HycoPort *input);
void _hyco_composite_actor_set_model (HycoCompositeActor *self, HycoModel *model);
HycoModel *_hyco_composite_actor_get_model (HycoCompositeActor *self);

/* The local time of a director governing the refinement of a modal model, which stands still
 * while the refinement is inactive: the time outside minus @lag and, at the local time
 * @anchor, the microstep outside minus @shift. All zero elsewhere: the time outside. */
typedef struct
{
  gint64 lag;
  gint64 anchor;
  gint64 shift;
} HycoLocalTime;

void _hyco_local_time_to_outer (const HycoLocalTime *self, const HycoTag *local, HycoTag *outer);
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
  char *stop_time_literal;
  char *resolution_literal;
  guint64 max_microsteps;
  gboolean fires_every_actor;  /* each firing fires all actors (SR), not only triggered ones */
  gboolean wants_every_tag;    /* its composite carries continuous signals: the container fires
                                * it at every tag, triggered or not */
  struct _HycoTagQueue *queue; /* its pending fire_at requests, if it keeps a queue */
  HycoLocalTime local_time;    /* set by a modal model on its refinements' directors */
  gboolean speculating;        /* firing ahead of the container's time: inputs are taken as
                                * absent and nothing is transferred out */
  /* When set, each run of the schedule calls it first (in the run's epoch) to write the outputs
   * of the entries marked precomputed, which are then not fired (see HycoPrecomputed): a
   * continuous director that evaluated them itself. */
  void (*publish) (gpointer data);
  gpointer publish_data;
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
const HycoTag *_hyco_tag_queue_peek (HycoTagQueue *self);
guint _hyco_tag_queue_length (HycoTagQueue *self);
const HycoTag *_hyco_tag_queue_nth (HycoTagQueue *self, guint index);
void _hyco_tag_queue_take (HycoTagQueue *self, const HycoTag *tag);
void _hyco_tag_queue_release (HycoTagQueue *self);
gboolean _hyco_tag_queue_check_missed (HycoTagQueue *self, HycoDirector *director, GError **error);
gboolean _hyco_tag_queue_report_zeno (HycoTagQueue *self, HycoDirector *director,
                                      const HycoTag *next, GError **error);
gboolean _hyco_tag_queue_request (HycoTagQueue *self, HycoDirector *director, HycoActor *actor,
                                  const HycoTag *tag, HycoTag *granted, GError **error);

/* Model internals. */
void _hyco_model_trace_outputs (HycoModel *self, HycoActor *actor, const HycoTag *tag);
gboolean _hyco_model_has_trace (HycoModel *self);
void _hyco_model_request_stop (HycoModel *self, HycoActor *actor, const char *reason);
void _hyco_model_count_events (HycoModel *self, HycoActor *actor);
void _hyco_model_add_events (HycoModel *self, guint64 events);

/* A named counter a director adds to the model's statistics (hyco_model_get_statistics()),
 * such as "steps" or "rollbacks": look it up once (at initialize), then add to it from the
 * run's thread. It is reset at the start of each run and lives as long as the model. */
typedef struct _HycoModelCounter HycoModelCounter;
HycoModelCounter *_hyco_model_get_counter (HycoModel *self, const char *name);
void _hyco_model_counter_add (HycoModelCounter *counter, guint64 amount);

typedef struct _HycoTrace HycoTrace;
HycoTrace *_hyco_trace_open (const char *path, int resolution, GError **error);
void _hyco_trace_write (HycoTrace *self, const char *signal, const HycoTag *tag,
                        const HycoValue *value);
gboolean _hyco_trace_close (HycoTrace *self, GError **error);

/* Where a model file declared an actor or director ("models/x.xml:12"), so that errors found
 * when the model is prepared can point there. */
void _hyco_set_source_location (gpointer object, const char *file, long line);
const char *_hyco_get_source_location (gpointer object);
void _hyco_set_parameter_error (gpointer object, GError **error, const char *parameter,
                                const char *message);

/* Parameters given as expressions (see hyco-param.c): set with or without evaluating now, and
 * evaluated into the properties' values when the model is prepared. */
gboolean _hyco_param_set_text (GObject *object, const char *name, const char *text,
                               gboolean evaluate, GError **error);
gboolean _hyco_param_resolve_expression (GObject *object, const char *name, GError **error);
gboolean _hyco_param_resolve_expressions (GObject *object, GError **error);
/* The parameter protocol of GObject properties, which every actor and director implements. */
void _hyco_parameter_owner_properties_init (HycoParameterOwnerInterface *iface);

/* Evaluates @expression with its names bound to the model parameters visible from @scope (its
 * own, then its containers'); @scope may be NULL, where no name is visible. */
gboolean _hyco_composite_actor_evaluate_expression (HycoCompositeActor *scope,
                                                    HycoExpression *expression, double *value,
                                                    GError **error);
gboolean _hyco_composite_actor_check_parameters (HycoCompositeActor *self, GError **error);

/* The value of the model parameter @name visible from @actor: from its container up, or from
 * itself up for a composite. Returns %FALSE without an error when no parameter in scope has
 * that name, %FALSE with one when its value cannot be evaluated. */
gboolean _hyco_parameter_lookup (HycoActor *actor, const char *name, double *value, GError **error);

/* Model files. */
HycoCompositeActor *_hyco_model_file_load (const char *data, gssize length, const char *source_name,
                                           GError **error);
char *_hyco_model_file_save (HycoCompositeActor *toplevel);

G_END_DECLS
