/* hyco-continuous-sinewave.h: a sine wave of model time.
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

#define HYCO_TYPE_CONTINUOUS_SINEWAVE (hyco_continuous_sinewave_get_type ())
HYCO_API
G_DECLARE_FINAL_TYPE (HycoContinuousSinewave, hyco_continuous_sinewave, HYCO, CONTINUOUS_SINEWAVE,
                      HycoActor)

G_END_DECLS
