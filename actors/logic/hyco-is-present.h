/* hyco-is-present.h: whether its input is present.
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

#define HYCO_TYPE_IS_PRESENT (hyco_is_present_get_type ())
HYCO_API
G_DECLARE_FINAL_TYPE (HycoIsPresent, hyco_is_present, HYCO, IS_PRESENT, HycoActor)

G_END_DECLS
