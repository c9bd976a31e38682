/* hyco-registry.h: actor and director classes by name, for model files and the command line.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined(HYCO_INSIDE) && !defined(HYCO_COMPILATION)
#error "Only <hyco.h> can be included directly."
#endif

#include "hyco-export.h"
#include <glib-object.h>

G_BEGIN_DECLS

/**
 * HycoModuleInit:
 *
 * A module's registration function: it calls hyco_registry_register() for each of its classes.
 */
typedef void (*HycoModuleInit) (void);

HYCO_API void hyco_registry_add_module (HycoModuleInit init);
HYCO_API void hyco_registry_ensure_modules (void);
HYCO_API void hyco_registry_register (const char *name, GType type);
HYCO_API GType hyco_registry_lookup (const char *name);
HYCO_API const char *hyco_registry_get_name (GType type);
HYCO_API GPtrArray *hyco_registry_list (void);

G_END_DECLS
