/* hyco-periodic-sampler.h: samples a continuous signal periodically into discrete events.
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

#define HYCO_TYPE_PERIODIC_SAMPLER (hyco_periodic_sampler_get_type ())
HYCO_API
G_DECLARE_FINAL_TYPE (HycoPeriodicSampler, hyco_periodic_sampler, HYCO, PERIODIC_SAMPLER, HycoActor)

G_END_DECLS
