/* hyco-logical-not.h: boolean negation.
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

#define HYCO_TYPE_LOGICAL_NOT (hyco_logical_not_get_type ())
HYCO_API
G_DECLARE_FINAL_TYPE (HycoLogicalNot, hyco_logical_not, HYCO, LOGICAL_NOT, HycoActor)

G_END_DECLS
