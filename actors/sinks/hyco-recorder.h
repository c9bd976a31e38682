/* hyco-recorder.h: records the events it receives, for tests and applications.
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

#define HYCO_TYPE_RECORDER (hyco_recorder_get_type ())
HYCO_API
G_DECLARE_FINAL_TYPE (HycoRecorder, hyco_recorder, HYCO, RECORDER, HycoActor)

HYCO_API guint hyco_recorder_get_count (HycoRecorder *self);
HYCO_API void hyco_recorder_get_tag (HycoRecorder *self, guint index, HycoTag *tag);
HYCO_API guint hyco_recorder_get_channel (HycoRecorder *self, guint index);
HYCO_API const HycoValue *hyco_recorder_get_value (HycoRecorder *self, guint index);
HYCO_API GArray *hyco_recorder_get_times (HycoRecorder *self);
HYCO_API GArray *hyco_recorder_get_doubles (HycoRecorder *self);

G_END_DECLS
