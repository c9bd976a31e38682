/* hyco-continuous-ramp.h: a straight line of model time.
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

#define HYCO_TYPE_CONTINUOUS_RAMP (hyco_continuous_ramp_get_type ())
HYCO_API
G_DECLARE_FINAL_TYPE (HycoContinuousRamp, hyco_continuous_ramp, HYCO, CONTINUOUS_RAMP, HycoActor)

G_END_DECLS
