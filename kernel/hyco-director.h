/* hyco-director.h: the base class of directors, which give a composite its model of computation.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined(HYCO_INSIDE) && !defined(HYCO_COMPILATION)
#error "Only <hyco.h> can be included directly."
#endif

#include "hyco-export.h"
#include "hyco-actor.h"
#include "hyco-local-clock.h"

G_BEGIN_DECLS

#define HYCO_TYPE_DIRECTOR (hyco_director_get_type ())
HYCO_API
G_DECLARE_DERIVABLE_TYPE (HycoDirector, hyco_director, HYCO, DIRECTOR, GObject)

typedef struct _HycoModel HycoModel;

/**
 * HycoDirectorClass:
 * @preinitialize: analyse the composite's contents (the base class wires signals and computes
 *   the causality schedule; chain up first)
 * @initialize: reset the director and initialize the actors it governs
 * @prefire: at the top level, choose the next tag and return %FALSE when the run is over; inside
 *   a composite, take the container's tag and return whether the director is ready
 * @fire: run the composite at the current tag, without committing
 * @postfire: commit the actors fired at the current tag
 * @wrapup: wrap up the actors it governs
 * @fire_at: queue a firing of @actor at @tag or the earliest later tag it can, returned in
 *   @granted (the base class queues it in the director's event queue, if it was given one)
 *
 * The virtual methods of a director.
 */
struct _HycoDirectorClass
{
  GObjectClass parent_class;

  gboolean (*preinitialize) (HycoDirector *self, GError **error);
  gboolean (*initialize) (HycoDirector *self, GError **error);
  gboolean (*prefire) (HycoDirector *self, GError **error);
  gboolean (*fire) (HycoDirector *self, GError **error);
  gboolean (*postfire) (HycoDirector *self, GError **error);
  gboolean (*wrapup) (HycoDirector *self, GError **error);
  gboolean (*fire_at) (HycoDirector *self, HycoActor *actor, const HycoTag *tag, HycoTag *granted,
                       GError **error);

  /*< private >*/
  gpointer padding[12];
};

HYCO_API const char *hyco_director_get_name (HycoDirector *self);
HYCO_API HycoCompositeActor *hyco_director_get_container (HycoDirector *self);
HYCO_API HycoModel *hyco_director_get_model (HycoDirector *self);
HYCO_API gboolean hyco_director_is_top_level (HycoDirector *self);
HYCO_API void hyco_director_get_current_tag (HycoDirector *self, HycoTag *tag);
HYCO_API int hyco_director_get_resolution (HycoDirector *self);
HYCO_API gint64 hyco_director_get_stop_time (HycoDirector *self);
HYCO_API gint64 hyco_director_get_start_time (HycoDirector *self);
HYCO_API void hyco_director_set_local_clock (HycoDirector *self, HycoLocalClock *clock);
HYCO_API HycoLocalClock *hyco_director_get_local_clock (HycoDirector *self);
HYCO_API GPtrArray *hyco_director_get_actors (HycoDirector *self);
HYCO_API guint64 hyco_director_get_firing_count (HycoDirector *self);
HYCO_API gboolean hyco_director_fires_every_actor (HycoDirector *self);
HYCO_API gboolean hyco_director_wants_every_tag (HycoDirector *self);
HYCO_API HycoDirector *hyco_director_get_enclosing_director (HycoDirector *self);
HYCO_API guint hyco_director_get_n_pending_requests (HycoDirector *self);
HYCO_API gboolean hyco_director_get_pending_request (HycoDirector *self, guint index, HycoTag *tag);

HYCO_API void hyco_director_set_local_time (HycoDirector *self, const HycoTag *local,
                                            const HycoTag *outer);
HYCO_API void hyco_director_local_to_outer_tag (HycoDirector *self, const HycoTag *local,
                                                HycoTag *outer);
HYCO_API void hyco_director_outer_to_local_tag (HycoDirector *self, const HycoTag *outer,
                                                HycoTag *local);

HYCO_API gboolean hyco_director_preinitialize (HycoDirector *self, GError **error);
HYCO_API gboolean hyco_director_initialize (HycoDirector *self, GError **error);
HYCO_API gboolean hyco_director_prefire (HycoDirector *self, GError **error);
HYCO_API gboolean hyco_director_fire (HycoDirector *self, GError **error);
HYCO_API gboolean hyco_director_postfire (HycoDirector *self, GError **error);
HYCO_API gboolean hyco_director_wrapup (HycoDirector *self, GError **error);
HYCO_API gboolean hyco_director_fire_at (HycoDirector *self, HycoActor *actor, const HycoTag *tag,
                                         HycoTag *granted, GError **error);

G_END_DECLS
