/* hyco-sequence.h: a sequence of values, one per enabled firing.
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

#define HYCO_TYPE_SEQUENCE (hyco_sequence_get_type ())
HYCO_API
G_DECLARE_FINAL_TYPE (HycoSequence, hyco_sequence, HYCO, SEQUENCE, HycoActor)

G_END_DECLS
