/* hyco-default.h: the preferred input where present, the alternate elsewhere.
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

#define HYCO_TYPE_DEFAULT (hyco_default_get_type ())
HYCO_API
G_DECLARE_FINAL_TYPE (HycoDefault, hyco_default, HYCO, DEFAULT, HycoActor)

G_END_DECLS
