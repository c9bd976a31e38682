/* hyco-array-to-sequence.h: the elements of each input array, one per microstep.
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

#define HYCO_TYPE_ARRAY_TO_SEQUENCE (hyco_array_to_sequence_get_type ())
HYCO_API
G_DECLARE_FINAL_TYPE (HycoArrayToSequence, hyco_array_to_sequence, HYCO, ARRAY_TO_SEQUENCE,
                      HycoActor)

G_END_DECLS
