/* hyco-fmu-info.h: what an FMU holds, as text.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined(HYCO_INSIDE) && !defined(HYCO_COMPILATION)
#error "Only <hyco.h> can be included directly."
#endif

#include "hyco-export.h"
#include "hyco-fmu-error.h"

G_BEGIN_DECLS

HYCO_API char *hyco_fmu_describe_file (const char *path, GError **error);

G_END_DECLS
