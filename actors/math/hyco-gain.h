/* hyco-gain.h: multiplies its input by a factor.
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

#define HYCO_TYPE_GAIN (hyco_gain_get_type ())
HYCO_API
G_DECLARE_FINAL_TYPE (HycoGain, hyco_gain, HYCO, GAIN, HycoActor)

G_END_DECLS
