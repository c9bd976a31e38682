/* hyco-poisson-clock.h: events at the times of a Poisson process.
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

#define HYCO_TYPE_POISSON_CLOCK (hyco_poisson_clock_get_type ())
HYCO_API
G_DECLARE_FINAL_TYPE (HycoPoissonClock, hyco_poisson_clock, HYCO, POISSON_CLOCK, HycoActor)

G_END_DECLS
