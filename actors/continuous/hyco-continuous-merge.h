/* hyco-continuous-merge.h
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

#define HYCO_TYPE_CONTINUOUS_MERGE (hyco_continuous_merge_get_type ())
HYCO_API
G_DECLARE_FINAL_TYPE (HycoContinuousMerge, hyco_continuous_merge, HYCO, CONTINUOUS_MERGE, HycoActor)

G_END_DECLS
