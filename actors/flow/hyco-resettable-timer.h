/* hyco-resettable-timer.h: an event a given time after each input, restartable.
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

#define HYCO_TYPE_RESETTABLE_TIMER (hyco_resettable_timer_get_type ())
HYCO_API
G_DECLARE_FINAL_TYPE (HycoResettableTimer, hyco_resettable_timer, HYCO, RESETTABLE_TIMER,
                      HycoActor)

G_END_DECLS
