/* hyco-ptolemy-continuous-director.h: the continuous-time director with Ptolemy II's numerics.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined(HYCO_INSIDE) && !defined(HYCO_COMPILATION)
#error "Only <hyco.h> can be included directly."
#endif

#include "hyco-export.h"
#include "hyco-continuous-director.h"

G_BEGIN_DECLS

#define HYCO_TYPE_PTOLEMY_CONTINUOUS_DIRECTOR (hyco_ptolemy_continuous_director_get_type ())
HYCO_API
G_DECLARE_FINAL_TYPE (HycoPtolemyContinuousDirector, hyco_ptolemy_continuous_director, HYCO,
                      PTOLEMY_CONTINUOUS_DIRECTOR, HycoContinuousDirector)

HYCO_API HycoDirector *hyco_ptolemy_continuous_director_new (void);

G_END_DECLS
