/* hyco-timed-delay.h: Ptolemy II's discrete-event delay, zero delay included.
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

#define HYCO_TYPE_TIMED_DELAY (hyco_timed_delay_get_type ())
HYCO_API
G_DECLARE_FINAL_TYPE (HycoTimedDelay, hyco_timed_delay, HYCO, TIMED_DELAY, HycoActor)

G_END_DECLS
