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

/**
 * HYCO_REGISTER_DEFINE:
 * @stem: the class's file name without `hyco-`, in C spelling (`math_function` for
 *   hyco-math-function.c)
 * @type: the class's #GType
 * @...: the class names model files use, the canonical one first; a Ptolemy II fully
 *   qualified name among them is found before a short name (see hyco_registry_lookup())
 *
 * Defines `_hyco_register_STEM()`, which registers @type under each name: placed next to the
 * class, as GStreamer's element registration is, so that a module's list of classes can be
 * generated from its build file (see actors/meson.build).
 */
#define HYCO_REGISTER_DEFINE(stem, type, ...)                                                      \
  void _hyco_register_##stem (void);                                                               \
  void _hyco_register_##stem (void)                                                                \
  {                                                                                                \
    static const char *const names[] = { __VA_ARGS__, NULL };                                      \
    for (unsigned i = 0; names[i] != NULL; i++)                                                    \
      hyco_registry_register (names[i], type);                                                     \
  }

HYCO_API void hyco_registry_add_module (HycoModuleInit init);
HYCO_API void hyco_registry_ensure_modules (void);
HYCO_API void hyco_registry_register (const char *name, GType type);
HYCO_API void hyco_registry_register_alias (const char *name, GType type);
HYCO_API GType hyco_registry_lookup (const char *name);
HYCO_API const char *hyco_registry_get_name (GType type);
HYCO_API GPtrArray *hyco_registry_list (void);
HYCO_API GPtrArray *hyco_registry_list_aliases (GType type);
HYCO_API char *hyco_registry_suggest (const char *name);

G_END_DECLS
