/* hyco-fmu-actor.h: an FMI 2.0 co-simulation FMU as an actor.
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

#define HYCO_TYPE_FMU_ACTOR (hyco_fmu_actor_get_type ())
HYCO_API
G_DECLARE_FINAL_TYPE (HycoFMUActor, hyco_fmu_actor, HYCO, FMU_ACTOR, HycoActor)

HYCO_API HycoActor *hyco_fmu_actor_new (const char *name);
HYCO_API gboolean hyco_fmu_actor_load (HycoFMUActor *self, const char *path, GError **error);
HYCO_API gboolean hyco_fmu_actor_set_fmu_parameter (HycoFMUActor *self, const char *name,
                                                    const char *text, GError **error);
HYCO_API const char *hyco_fmu_actor_get_fmu_parameter (HycoFMUActor *self, const char *name);
HYCO_API char **hyco_fmu_actor_list_fmu_parameters (HycoFMUActor *self);
HYCO_API const char *hyco_fmu_actor_get_category (HycoFMUActor *self);
HYCO_API gboolean hyco_fmu_actor_get_default_experiment (HycoFMUActor *self, double *start_time,
                                                         double *stop_time, double *step_size,
                                                         double *tolerance);

G_END_DECLS
