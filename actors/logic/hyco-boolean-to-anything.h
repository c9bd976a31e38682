/* hyco-boolean-to-anything.h: one of two values for a boolean input.
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

#define HYCO_TYPE_BOOLEAN_TO_ANYTHING (hyco_boolean_to_anything_get_type ())
HYCO_API
G_DECLARE_FINAL_TYPE (HycoBooleanToAnything, hyco_boolean_to_anything, HYCO, BOOLEAN_TO_ANYTHING, HycoActor)

G_END_DECLS
