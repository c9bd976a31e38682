/* hyco-periodic-piecewise-constant.h
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

#define HYCO_TYPE_PERIODIC_PIECEWISE_CONSTANT (hyco_periodic_piecewise_constant_get_type ())
HYCO_API
G_DECLARE_FINAL_TYPE (HycoPeriodicPiecewiseConstant, hyco_periodic_piecewise_constant, HYCO,
                      PERIODIC_PIECEWISE_CONSTANT, HycoActor)

G_END_DECLS
