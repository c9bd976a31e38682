/* hyco-const.h: a source of a constant value.
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

#define HYCO_TYPE_CONST (hyco_const_get_type ())
HYCO_API
G_DECLARE_FINAL_TYPE (HycoConst, hyco_const, HYCO, CONST, HycoActor)

G_END_DECLS
