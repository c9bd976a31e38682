/* hyco-actor-private.h: the actor base class and composites as directors see them; not installed.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "hyco-signal-private.h"

G_BEGIN_DECLS

typedef struct
{
  char *name;
  HycoCompositeActor *container; /* unowned: the composite owns its actors */
  HycoActor *toplevel;           /* cached by _hyco_actor_get_toplevel(), unowned */
  guint toplevel_generation;     /* the structure generation it was cached in */
  GPtrArray *ports;
  GHashTable *ports_by_name; /* name -> port, once an actor has many (an FMU's): else NULL */
  HycoDirector *executive; /* the director that fires this actor; set at preinitialize */
  gboolean finished;

  /* Bookkeeping of the executive director. */
  guint scope_index;
  int priority; /* among actors of one depth, the smaller fires first (Ptolemy's _priority) */
  guint schedule_position;     /* index of its first schedule entry: depth, then model order */
  gboolean pure_event;         /* fire_at requested the current tag */
  gboolean fired;              /* fired at the current tag, awaiting postfire */
  HycoSignal **output_signals; /* every channel of its output ports, set when wired: what the
                                * model counts as events after each firing */
  guint n_output_signals;
  /* Its class's prefire and postfire are the base class's, which do nothing: the directors
   * skip the calls. Set at construction. */
  gboolean default_prefire;
  gboolean default_postfire;
  /* The model's trace, per port of @ports (NULL for one not traced yet): what the signals of
   * its channels are called and numbered, so that tracing an event looks nothing up. Valid
   * while @trace_generation is its model's (hyco-model.c). */
  gpointer *trace_ports;
  guint n_trace_ports;
  guint trace_generation;
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
/* The outermost container of @self (@self when it has none): cached, so that asking it of every
 * actor of a model costs its size, not its size times its depth. */
HycoActor *_hyco_actor_get_toplevel (HycoActor *self);
gboolean _hyco_actor_has_default_postfire (HycoActor *self);

gboolean _hyco_composite_actor_wire (HycoCompositeActor *container, HycoDirector *director,
                                     GPtrArray *scope, HycoEpoch *epoch, GError **error);
void _hyco_composite_actor_collect_scope (HycoCompositeActor *self, GPtrArray *scope);
void _hyco_composite_actor_set_dependencies (HycoCompositeActor *self, gboolean *depends,
                                             gboolean *constructive);
gboolean _hyco_composite_actor_is_constructive (HycoCompositeActor *self, HycoPort *output,
                                                HycoPort *input);
void _hyco_composite_actor_set_model (HycoCompositeActor *self, HycoModel *model);
HycoModel *_hyco_composite_actor_get_model (HycoCompositeActor *self);

G_END_DECLS
