/* hyco-time-delay.h: delays events by a fixed model time.
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

#define HYCO_TYPE_TIME_DELAY (hyco_time_delay_get_type ())
HYCO_API
G_DECLARE_FINAL_TYPE (HycoTimeDelay, hyco_time_delay, HYCO, TIME_DELAY, HycoActor)

G_END_DECLS
