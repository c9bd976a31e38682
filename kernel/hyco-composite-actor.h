/* hyco-composite-actor.h: an actor made of actors; opaque when it holds a director.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined(HYCO_INSIDE) && !defined(HYCO_COMPILATION)
#error "Only <hyco.h> can be included directly."
#endif

#include "hyco-export.h"
#include "hyco-actor.h"
#include "hyco-relation.h"

G_BEGIN_DECLS

#define HYCO_TYPE_COMPOSITE_ACTOR (hyco_composite_actor_get_type ())
HYCO_API
G_DECLARE_DERIVABLE_TYPE (HycoCompositeActor, hyco_composite_actor, HYCO, COMPOSITE_ACTOR,
                          HycoActor)

/**
 * HycoCompositeActorClass:
 *
 * The class of composite actors.
 */
struct _HycoCompositeActorClass
{
  HycoActorClass parent_class;

  /*< private >*/
  gpointer padding[8];
};

HYCO_API HycoCompositeActor *hyco_composite_actor_new (const char *name);
HYCO_API gboolean hyco_composite_actor_add_actor (HycoCompositeActor *self, HycoActor *actor,
                                                  GError **error);
HYCO_API HycoActor *hyco_composite_actor_get_actor (HycoCompositeActor *self, const char *name);
HYCO_API GPtrArray *hyco_composite_actor_get_actors (HycoCompositeActor *self);
HYCO_API HycoRelation *hyco_composite_actor_add_relation (HycoCompositeActor *self,
                                                          const char *name, GError **error);
HYCO_API HycoRelation *hyco_composite_actor_get_relation (HycoCompositeActor *self,
                                                          const char *name);
HYCO_API GPtrArray *hyco_composite_actor_get_relations (HycoCompositeActor *self);
HYCO_API gboolean hyco_composite_actor_link (HycoCompositeActor *self, HycoPort *port,
                                             HycoRelation *relation, GError **error);
HYCO_API gboolean hyco_composite_actor_connect_ports (HycoCompositeActor *self, HycoPort *source,
                                                      HycoPort *destination, GError **error);
HYCO_API void hyco_composite_actor_set_director (HycoCompositeActor *self, HycoDirector *director);
HYCO_API HycoDirector *hyco_composite_actor_get_director (HycoCompositeActor *self);
HYCO_API gboolean hyco_composite_actor_is_opaque (HycoCompositeActor *self);
HYCO_API HycoActor *hyco_composite_actor_lookup_actor (HycoCompositeActor *self, const char *path);
HYCO_API HycoPort *hyco_composite_actor_lookup_port (HycoCompositeActor *self, const char *path);

HYCO_API gboolean hyco_composite_actor_set_parameter (HycoCompositeActor *self, const char *name,
                                                      const char *expression, GError **error);
HYCO_API gboolean hyco_composite_actor_change_parameter (HycoCompositeActor *self, const char *name,
                                                         const HycoValue *value, GError **error);
HYCO_API const char *hyco_composite_actor_get_parameter_text (HycoCompositeActor *self,
                                                              const char *name);
HYCO_API char **hyco_composite_actor_list_parameters (HycoCompositeActor *self);
HYCO_API gboolean hyco_composite_actor_set_parameter_port (HycoCompositeActor *self,
                                                           const char *name, gboolean has_port,
                                                           GError **error);
HYCO_API gboolean hyco_composite_actor_has_parameter_port (HycoCompositeActor *self,
                                                           const char *name);
HYCO_API gboolean hyco_composite_actor_set_string_parameter (HycoCompositeActor *self,
                                                            const char *name, const char *text,
                                                            GError **error);
HYCO_API gboolean hyco_composite_actor_is_string_parameter (HycoCompositeActor *self,
                                                           const char *name);
HYCO_API gboolean hyco_composite_actor_evaluate_parameter_value (HycoCompositeActor *self,
                                                                const char *name,
                                                                HycoValue *value, GError **error);
HYCO_API gboolean hyco_composite_actor_evaluate_parameter (HycoCompositeActor *self,
                                                           const char *name, double *value,
                                                           GError **error);

G_END_DECLS
