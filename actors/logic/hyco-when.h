/* hyco-when.h: the input where the control is true (SR's when).
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

#define HYCO_TYPE_WHEN (hyco_when_get_type ())
HYCO_API
G_DECLARE_FINAL_TYPE (HycoWhen, hyco_when, HYCO, WHEN, HycoActor)

G_END_DECLS
