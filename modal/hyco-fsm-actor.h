/* hyco-fsm-actor.h
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

#define HYCO_TYPE_FSM_ACTOR (hyco_fsm_actor_get_type ())
HYCO_API
G_DECLARE_FINAL_TYPE (HycoFSMActor, hyco_fsm_actor, HYCO, FSM_ACTOR, HycoActor)

HYCO_API HycoActor *hyco_fsm_actor_new (const char *name);
HYCO_API gboolean hyco_fsm_actor_add_state (HycoFSMActor *self, const char *name, gboolean initial,
                                            gboolean final, GError **error);
HYCO_API gboolean hyco_fsm_actor_add_transition (HycoFSMActor *self, const char *from,
                                                 const char *to, const char *guard,
                                                 const char *output_actions,
                                                 const char *set_actions, GError **error);
HYCO_API gboolean hyco_fsm_actor_add_variable (HycoFSMActor *self, const char *name, double initial,
                                               GError **error);
HYCO_API const char *hyco_fsm_actor_get_current_state (HycoFSMActor *self);
HYCO_API double hyco_fsm_actor_get_variable (HycoFSMActor *self, const char *name);

HYCO_API guint hyco_fsm_actor_get_n_states (HycoFSMActor *self);
HYCO_API const char *hyco_fsm_actor_get_state (HycoFSMActor *self, guint index, gboolean *initial,
                                               gboolean *final);
HYCO_API guint hyco_fsm_actor_get_n_transitions (HycoFSMActor *self);
HYCO_API void hyco_fsm_actor_get_transition (HycoFSMActor *self, guint index, const char **from,
                                             const char **to, const char **guard,
                                             const char **output_actions, const char **set_actions);
HYCO_API gboolean hyco_fsm_actor_set_state_refinement (HycoFSMActor *self, const char *state,
                                                       const char *refinement, GError **error);
HYCO_API const char *hyco_fsm_actor_get_state_refinement (HycoFSMActor *self, guint index);
HYCO_API void hyco_fsm_actor_set_transition_kind (HycoFSMActor *self, guint index,
                                                  gboolean preemptive, gboolean reset);
HYCO_API void hyco_fsm_actor_get_transition_kind (HycoFSMActor *self, guint index,
                                                  gboolean *preemptive, gboolean *reset);
HYCO_API void hyco_fsm_actor_set_transition_default (HycoFSMActor *self, guint index,
                                                     gboolean is_default);
HYCO_API gboolean hyco_fsm_actor_get_transition_default (HycoFSMActor *self, guint index);
HYCO_API void hyco_fsm_actor_set_transition_immediate (HycoFSMActor *self, guint index,
                                                       gboolean immediate);
HYCO_API gboolean hyco_fsm_actor_get_transition_immediate (HycoFSMActor *self, guint index);
HYCO_API void hyco_fsm_actor_set_transition_nondeterministic (HycoFSMActor *self, guint index,
                                                              gboolean nondeterministic);
HYCO_API gboolean hyco_fsm_actor_get_transition_nondeterministic (HycoFSMActor *self, guint index);
HYCO_API void hyco_fsm_actor_set_transition_refinement (HycoFSMActor *self, guint index,
                                                        const char *refinement);
HYCO_API const char *hyco_fsm_actor_get_transition_refinement (HycoFSMActor *self, guint index);
HYCO_API gboolean hyco_fsm_actor_set_initial_state (HycoFSMActor *self, const char *state,
                                                    GError **error);
HYCO_API gboolean hyco_fsm_actor_set_state_final (HycoFSMActor *self, const char *state,
                                                  gboolean final, GError **error);
HYCO_API guint hyco_fsm_actor_get_n_variables (HycoFSMActor *self);
HYCO_API const char *hyco_fsm_actor_get_variable_name (HycoFSMActor *self, guint index,
                                                       double *initial);

G_END_DECLS
