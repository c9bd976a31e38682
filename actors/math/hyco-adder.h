/* hyco-adder.h: adds the present channels of its input.
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

#define HYCO_TYPE_ADDER (hyco_adder_get_type ())
HYCO_API
G_DECLARE_FINAL_TYPE (HycoAdder, hyco_adder, HYCO, ADDER, HycoActor)

G_END_DECLS
