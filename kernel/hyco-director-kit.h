/* hyco-director-kit.h: what a director needs from the kernel, so that one can be written outside
 * the library: the per-tag fixed point, the commit of what fired, the composite's boundary, the
 * current tag, director parameters, and a queue of pure events.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined(HYCO_INSIDE) && !defined(HYCO_COMPILATION)
#error "Only <hyco.h> can be included directly."
#endif

#include "hyco-export.h"
#include "hyco-director.h"

G_BEGIN_DECLS

/* Running the composite at the current tag. */
HYCO_API gboolean hyco_director_run_schedule (HycoDirector *self, GError **error);
HYCO_API gboolean hyco_director_postfire_fired (HycoDirector *self, GError **error);
HYCO_API void hyco_director_transfer_inputs (HycoDirector *self);
HYCO_API void hyco_director_transfer_outputs (HycoDirector *self);

/* The director's state. */
HYCO_API void hyco_director_set_current_tag (HycoDirector *self, const HycoTag *tag);
HYCO_API guint64 hyco_director_get_max_microsteps (HycoDirector *self);
HYCO_API void hyco_director_set_fires_every_actor (HycoDirector *self, gboolean fires_every_actor);
HYCO_API void hyco_director_set_parallel (HycoDirector *self, gboolean parallel);
HYCO_API void hyco_director_synchronize_to_real_time (HycoDirector *self, gint64 time);

/* Parameters. */
HYCO_API gboolean hyco_director_get_time_parameter (HycoDirector *self, const char *name,
                                                    gint64 *ticks, GError **error);
HYCO_API gboolean hyco_director_reject_parameter (HycoDirector *self, const char *name,
                                                  const char *message, GError **error);

/**
 * HycoEventQueue:
 *
 * The pure events of a director: the firings its actors requested with
 * hyco_actor_fire_at(), ordered by tag, then by the requesting actor's position in the
 * causality schedule (depth, then model order), so that the order of requests never shows in
 * a trace. Once it has grown to the largest number of pending events, queuing and taking
 * events allocates nothing.
 */
typedef struct _HycoEventQueue HycoEventQueue;

#define HYCO_TYPE_EVENT_QUEUE (hyco_event_queue_get_type ())

HYCO_API GType hyco_event_queue_get_type (void) G_GNUC_CONST;
HYCO_API HycoEventQueue *hyco_event_queue_new (void);
HYCO_API HycoEventQueue *hyco_event_queue_ref (HycoEventQueue *self);
HYCO_API void hyco_event_queue_unref (HycoEventQueue *self);

HYCO_API void hyco_event_queue_clear (HycoEventQueue *self);
HYCO_API guint hyco_event_queue_get_length (HycoEventQueue *self);
HYCO_API const HycoTag *hyco_event_queue_peek (HycoEventQueue *self);
HYCO_API gboolean hyco_event_queue_request (HycoEventQueue *self, HycoDirector *director,
                                            HycoActor *actor, const HycoTag *tag, HycoTag *granted,
                                            GError **error);
HYCO_API void hyco_event_queue_take (HycoEventQueue *self, const HycoTag *tag);
HYCO_API void hyco_event_queue_start_tag (HycoEventQueue *self);
HYCO_API void hyco_event_queue_release (HycoEventQueue *self);
HYCO_API gboolean hyco_event_queue_check_missed (HycoEventQueue *self, HycoDirector *director,
                                                 GError **error);
HYCO_API gboolean hyco_event_queue_check_time_zeno (HycoEventQueue *self, HycoDirector *director,
                                                    const HycoTag *next, GError **error);
HYCO_API gboolean hyco_event_queue_report_zeno (HycoEventQueue *self, HycoDirector *director,
                                                const HycoTag *next, GError **error);

HYCO_API void hyco_director_set_event_queue (HycoDirector *self, HycoEventQueue *queue);
HYCO_API HycoEventQueue *hyco_director_get_event_queue (HycoDirector *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HycoEventQueue, hyco_event_queue_unref)

G_END_DECLS
