/* hyco-fmu-actor-private.h: what the model file and the parameter entry points ask of an FMU
 * actor; not installed.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "hyco-kernel.h"
#include "hyco-fmu-actor.h"

G_BEGIN_DECLS

gboolean _hyco_fmu_actor_has_fmu_variable (HycoFMUActor *self, const char *name);
/* The parameter protocol of an FMU actor: its class's properties, then the FMU's variables
 * (hyco-fmu-parameters.c). */
void _hyco_fmu_actor_parameter_owner_init (HycoParameterOwnerInterface *iface);
void _hyco_fmu_actor_syntax_register (void);

const char *_hyco_fmu_actor_get_load_error (HycoFMUActor *self);
gboolean _hyco_fmu_actor_set_fmu_parameter_text (HycoFMUActor *self, const char *name,
                                                 const char *text, gboolean evaluate,
                                                 GError **error);
gboolean _hyco_fmu_actor_is_fmu_parameter_expression (HycoFMUActor *self, const char *name);
gboolean _hyco_fmu_actor_resolve_fmu_parameter (HycoFMUActor *self, const char *name,
                                                GError **error);
/* Where an FMU actor (@actor: FMUImport's or FMUModelExchange's) finds its relative fmuFile
 * @path: next to the model file it was loaded from, then in each directory of HYCO_FMU_PATH,
 * then relative to the working directory. */
char *_hyco_fmu_actor_resolve_path (HycoActor *actor, const char *path);

G_END_DECLS
