/* hyco-math-function.h: applies a function of the C library to its input.
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

#define HYCO_TYPE_MATH_FUNCTION (hyco_math_function_get_type ())
HYCO_API
G_DECLARE_FINAL_TYPE (HycoMathFunction, hyco_math_function, HYCO, MATH_FUNCTION, HycoActor)

G_END_DECLS
