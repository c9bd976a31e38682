/* hyco-continuous-director.h: the continuous-time director.
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

#define HYCO_TYPE_CONTINUOUS_DIRECTOR (hyco_continuous_director_get_type ())
HYCO_API
G_DECLARE_FINAL_TYPE (HycoContinuousDirector, hyco_continuous_director, HYCO, CONTINUOUS_DIRECTOR,
                      HycoDirector)

HYCO_API HycoDirector *hyco_continuous_director_new (void);
HYCO_API guint64 hyco_continuous_director_get_step_count (HycoContinuousDirector *self);
HYCO_API guint64 hyco_continuous_director_get_rejected_step_count (HycoContinuousDirector *self);

G_END_DECLS
