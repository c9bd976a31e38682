/* hyco-fmu-me-actor.h: a Model Exchange FMU as an actor whose continuous states a continuous
 * director integrates.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined(HYCO_INSIDE) && !defined(HYCO_COMPILATION)
#error "Only <hyco.h> can be included directly."
#endif

#include "hyco-export.h"
#include "hyco-actor.h"

G_BEGIN_DECLS

#define HYCO_TYPE_FMU_ME_ACTOR (hyco_fmu_me_actor_get_type ())
HYCO_API
G_DECLARE_FINAL_TYPE (HycoFMUMEActor, hyco_fmu_me_actor, HYCO, FMU_ME_ACTOR, HycoActor)

HYCO_API HycoActor *hyco_fmu_me_actor_new (const char *name);
HYCO_API gboolean hyco_fmu_me_actor_load (HycoFMUMEActor *self, const char *path, GError **error);
HYCO_API gboolean hyco_fmu_me_actor_set_start (HycoFMUMEActor *self, const char *name,
                                               const char *text, GError **error);
HYCO_API guint64 hyco_fmu_me_actor_get_event_count (HycoFMUMEActor *self);
HYCO_API gboolean hyco_fmu_me_actor_get_default_experiment (HycoFMUMEActor *self,
                                                            double *start_time, double *stop_time,
                                                            double *step_size, double *tolerance);

G_END_DECLS
