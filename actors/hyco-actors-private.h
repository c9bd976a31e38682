/* hyco-actors-private.h: what the actors of this library share and the kernel's helpers do not
 * cover: parameters kept as text in an array indexed by property id, Ptolemy II's symbolic
 * counts (UNBOUNDED, NONE) and lists of times. Not installed.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "hyco-actor-helpers-private.h"

G_BEGIN_DECLS

/* Literal parameters stored as text, one slot per property id (slot 0 unused): an actor with
 * many parameters then needs no switch per property. */
static inline void
_hyco_literals_init (char **literals, GParamSpec **properties, guint n_props)
{
  for (guint i = 1; i < n_props; i++)
    if (properties[i] != NULL && G_IS_PARAM_SPEC_STRING (properties[i]))
      literals[i] = g_strdup (G_PARAM_SPEC_STRING (properties[i])->default_value);
}

static inline void
_hyco_literals_clear (char **literals, guint n_props)
{
  for (guint i = 0; i < n_props; i++)
    g_clear_pointer (&literals[i], g_free);
}

static inline void
_hyco_literals_get (char **literals, guint n_props, guint prop_id, GValue *value)
{
  g_return_if_fail (prop_id > 0 && prop_id < n_props);
  g_value_set_string (value, literals[prop_id]);
}

static inline void
_hyco_literals_set (GObject *object, char **literals, guint n_props, guint prop_id,
                    const GValue *value, GParamSpec *pspec)
{
  g_return_if_fail (prop_id > 0 && prop_id < n_props);
  if (_hyco_actors_set_literal (&literals[prop_id], value, pspec))
    g_object_notify_by_pspec (object, pspec);
}

gboolean _hyco_actors_parse_count (HycoActor *actor, const char *name, const char *literal,
                                   gint64 *count, GError **error);
gboolean _hyco_actors_parse_time_list (HycoActor *actor, const char *name, const char *literal,
                                       GArray **ticks, GError **error);
gboolean _hyco_actors_parse_value_list (HycoActor *actor, const char *name, const char *literal,
                                        GPtrArray **values, GError **error);
gboolean _hyco_actors_value_to_ticks (HycoActor *actor, const char *what, const HycoValue *value,
                                      gint64 *ticks, GError **error);
gboolean _hyco_actors_parse_boolean (HycoActor *actor, const char *name, const char *literal,
                                     gboolean *result, GError **error);
void _hyco_actors_register_declared_ports (GType type);

G_END_DECLS
