/* hyco-fmu-output.h: what FMUs running in the process write on its standard output, taken
 * from it and shown as their messages; for a program that owns its process (the hyco tool).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined(HYCO_INSIDE) && !defined(HYCO_COMPILATION)
#error "Only <hyco.h> can be included directly."
#endif

#include "hyco-export.h"

#include <glib.h>

G_BEGIN_DECLS

HYCO_API int hyco_fmu_output_contain (GError **error);
HYCO_API void hyco_fmu_output_drain (void);
HYCO_API void hyco_fmu_output_restore (void);

G_END_DECLS
