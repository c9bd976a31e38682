/* hyco-actor-helpers-private.h: helpers shared by the actors of every module; not installed.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "hyco-kernel.h"

G_BEGIN_DECLS

gboolean _hyco_actors_set_literal (char **field, const GValue *value, GParamSpec *pspec);
gboolean _hyco_actors_parse_value (HycoActor *actor, const char *name, const char *literal,
                                   HycoValue *value, GError **error);
gboolean _hyco_actors_get_positive_time (HycoActor *actor, const char *name, gboolean allow_zero,
                                         const char *hint, gint64 *ticks, GError **error);
gboolean _hyco_actors_fire_at_tag_exactly (HycoActor *actor, const HycoTag *tag, GError **error);
gboolean _hyco_actors_drop_beyond_time_range (HycoActor *actor, GError **error, const char *format,
                                              ...) G_GNUC_PRINTF (3, 4);
gboolean _hyco_actors_fire_at_start_if_untriggered (HycoActor *actor, HycoPort *trigger,
                                                    GError **error);
gboolean _hyco_actors_fired_only_when_triggered (HycoActor *actor);
gboolean _hyco_actors_trigger_ready (HycoActor *actor, HycoPort *trigger);

G_END_DECLS
