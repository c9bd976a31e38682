/* hyco-sr-director.h: the synchronous-reactive director.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined(HYCO_INSIDE) && !defined(HYCO_COMPILATION)
#error "Only <hyco.h> can be included directly."
#endif

#include "hyco-export.h"
#include "hyco-director.h"

G_BEGIN_DECLS

#define HYCO_TYPE_SR_DIRECTOR (hyco_sr_director_get_type ())
HYCO_API
G_DECLARE_FINAL_TYPE (HycoSRDirector, hyco_sr_director, HYCO, SR_DIRECTOR, HycoDirector)

HYCO_API HycoDirector *hyco_sr_director_new (void);
HYCO_API guint64 hyco_sr_director_get_tick_count (HycoSRDirector *self);

G_END_DECLS
