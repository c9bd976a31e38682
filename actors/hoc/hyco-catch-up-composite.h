/* hyco-catch-up-composite.h: a composite whose inside model catches up with the time outside.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined(HYCO_INSIDE) && !defined(HYCO_COMPILATION)
#error "Only <hyco.h> can be included directly."
#endif

#include "hyco-export.h"
#include "hyco-composite-actor.h"

G_BEGIN_DECLS

#define HYCO_TYPE_CATCH_UP_COMPOSITE (hyco_catch_up_composite_get_type ())
HYCO_API
G_DECLARE_FINAL_TYPE (HycoCatchUpComposite, hyco_catch_up_composite, HYCO, CATCH_UP_COMPOSITE,
                      HycoCompositeActor)

G_END_DECLS
