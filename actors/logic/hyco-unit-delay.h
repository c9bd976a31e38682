/* hyco-unit-delay.h: delays a signal by one tick.
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

#define HYCO_TYPE_UNIT_DELAY (hyco_unit_delay_get_type ())
HYCO_API
G_DECLARE_FINAL_TYPE (HycoUnitDelay, hyco_unit_delay, HYCO, UNIT_DELAY, HycoActor)

G_END_DECLS
