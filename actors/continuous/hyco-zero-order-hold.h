/* hyco-zero-order-hold.h
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

#define HYCO_TYPE_ZERO_ORDER_HOLD (hyco_zero_order_hold_get_type ())
HYCO_API
G_DECLARE_FINAL_TYPE (HycoZeroOrderHold, hyco_zero_order_hold, HYCO, ZERO_ORDER_HOLD, HycoActor)

G_END_DECLS
