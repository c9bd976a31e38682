/* hyco-current-time.h: a source of the current model time.
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

#define HYCO_TYPE_CURRENT_TIME (hyco_current_time_get_type ())
HYCO_API
G_DECLARE_FINAL_TYPE (HycoCurrentTime, hyco_current_time, HYCO, CURRENT_TIME, HycoActor)

G_END_DECLS
