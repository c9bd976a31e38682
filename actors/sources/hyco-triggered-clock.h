/* hyco-triggered-clock.h: a Clock that starts and stops on input events.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined(HYCO_INSIDE) && !defined(HYCO_COMPILATION)
#error "Only <hyco.h> can be included directly."
#endif

#include "hyco-export.h"
#include "hyco-clock.h"

G_BEGIN_DECLS

#define HYCO_TYPE_TRIGGERED_CLOCK (hyco_triggered_clock_get_type ())
HYCO_API
G_DECLARE_FINAL_TYPE (HycoTriggeredClock, hyco_triggered_clock, HYCO, TRIGGERED_CLOCK, HycoClock)

G_END_DECLS
