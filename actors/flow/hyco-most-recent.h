/* hyco-most-recent.h: outputs the most recent input when triggered.
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

#define HYCO_TYPE_MOST_RECENT (hyco_most_recent_get_type ())
HYCO_API
G_DECLARE_FINAL_TYPE (HycoMostRecent, hyco_most_recent, HYCO, MOST_RECENT, HycoActor)

G_END_DECLS
