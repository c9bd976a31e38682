/* hyco-discrete-clock.h: a periodic discrete-event generator.
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

#define HYCO_TYPE_DISCRETE_CLOCK (hyco_discrete_clock_get_type ())
HYCO_API
G_DECLARE_FINAL_TYPE (HycoDiscreteClock, hyco_discrete_clock, HYCO, DISCRETE_CLOCK, HycoActor)

G_END_DECLS
