/* hyco-add-subtract.h: the sum of the plus channels minus the minus channels.
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

#define HYCO_TYPE_ADD_SUBTRACT (hyco_add_subtract_get_type ())
HYCO_API
G_DECLARE_FINAL_TYPE (HycoAddSubtract, hyco_add_subtract, HYCO, ADD_SUBTRACT, HycoActor)

G_END_DECLS
