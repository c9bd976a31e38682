/* hyco-ramp.h: a source whose value grows by a step at each firing.
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

#define HYCO_TYPE_RAMP (hyco_ramp_get_type ())
HYCO_API
G_DECLARE_FINAL_TYPE (HycoRamp, hyco_ramp, HYCO, RAMP, HycoActor)

G_END_DECLS
