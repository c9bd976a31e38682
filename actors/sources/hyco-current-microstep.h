/* hyco-current-microstep.h: the current microstep, when triggered.
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

#define HYCO_TYPE_CURRENT_MICROSTEP (hyco_current_microstep_get_type ())
HYCO_API
G_DECLARE_FINAL_TYPE (HycoCurrentMicrostep, hyco_current_microstep, HYCO, CURRENT_MICROSTEP, HycoActor)

G_END_DECLS
