/* hyco-non-interruptible-timer.h: a Timer that times one input at a time.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined(HYCO_INSIDE) && !defined(HYCO_COMPILATION)
#error "Only <hyco.h> can be included directly."
#endif

#include "hyco-export.h"
#include "hyco-timer.h"

G_BEGIN_DECLS

#define HYCO_TYPE_NON_INTERRUPTIBLE_TIMER (hyco_non_interruptible_timer_get_type ())
HYCO_API
G_DECLARE_FINAL_TYPE (HycoNonInterruptibleTimer, hyco_non_interruptible_timer, HYCO,
                      NON_INTERRUPTIBLE_TIMER, HycoTimer)

G_END_DECLS
