/* hyco-level-crossing-detector.h
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

#define HYCO_TYPE_LEVEL_CROSSING_DETECTOR (hyco_level_crossing_detector_get_type ())
HYCO_API
G_DECLARE_FINAL_TYPE (HycoLevelCrossingDetector, hyco_level_crossing_detector, HYCO,
                      LEVEL_CROSSING_DETECTOR, HycoActor)

G_END_DECLS
