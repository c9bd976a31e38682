/* hyco-modal-private.h: how the modal director drives a state machine and its refinements;
 * not installed.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "hyco-modal.h"

G_BEGIN_DECLS

/* Which of the current state's transitions a choice considers: a modal model tests the
 * preemptive ones before its refinement fires and the others after. */
typedef enum
{
  HYCO_FSM_CHOICE_ALL,
  HYCO_FSM_CHOICE_PREEMPTIVE,
  HYCO_FSM_CHOICE_NON_PREEMPTIVE,
} HycoFSMChoice;

gboolean _hyco_fsm_actor_choose (HycoFSMActor *self, HycoFSMChoice which, gboolean act,
                                 GError **error);
gboolean _hyco_fsm_actor_has_chosen (HycoFSMActor *self);
gboolean _hyco_fsm_actor_commit (HycoFSMActor *self, gboolean *taken, gboolean *reset,
                                 GError **error);
const char *_hyco_fsm_actor_get_current_refinement (HycoFSMActor *self);
gboolean _hyco_fsm_actor_is_final (HycoFSMActor *self);
void _hyco_fsm_actor_remember_guard_inputs (HycoFSMActor *self);
double _hyco_fsm_actor_crossing_fraction (HycoFSMActor *self);
void _hyco_fsm_actor_set_guard_tolerance (HycoFSMActor *self, double tolerance);
double _hyco_fsm_actor_get_guard_tolerance (HycoFSMActor *self);
gboolean _hyco_fsm_actor_guards_accurate (HycoFSMActor *self, double *overshoot,
                                          double *committed);
gboolean _hyco_fsm_actor_transitions_read (HycoFSMActor *self, HycoFSMChoice which,
                                           gboolean current, HycoPort *output, HycoPort *port);
gboolean _hyco_fsm_actor_transitions_write (HycoFSMActor *self, HycoFSMChoice which,
                                            gboolean current, HycoPort *output);
gboolean _hyco_fsm_actor_has_silent_state (HycoFSMActor *self, HycoPort *output);
guint _hyco_fsm_actor_get_chain_length (HycoFSMActor *self);
const char *_hyco_fsm_actor_get_transient_refinement (HycoFSMActor *self, guint index,
                                                      gboolean *reset);
gboolean _hyco_fsm_actor_chain_writes_from (HycoFSMActor *self, guint index, HycoPort *output);
const char *_hyco_fsm_actor_get_chain_refinement (HycoFSMActor *self, guint index);

/* What the active refinement produced on the output named like @output (an output port of
 * the modal model) at the current tag; NULL when absent or when no refinement fired. */
const HycoValue *_hyco_modal_director_get_refinement_output (HycoModalDirector *self,
                                                             HycoPort *output);
gboolean _hyco_modal_director_chose_transition (HycoModalDirector *self, gint64 *committed_time);
double _hyco_modal_director_crossing_fraction (HycoModalDirector *self);
HycoFSMActor *_hyco_modal_director_get_controller (HycoModalDirector *self);

/* The output of @modal that the port @name of @owner, one of its refinements, mirrors: Ptolemy
 * II's transition refinements have an input `y_in` for each output y (absent in Hyco); NULL for
 * other ports. */
HycoPort *_hyco_modal_mirrored_output (HycoActor *modal, HycoActor *owner, const char *name);

/* Whether @director is the one a modal model made for itself, which its file does not name. */
gboolean _hyco_modal_model_is_implicit_director (HycoDirector *director);

/* Registers how state machines and modal models read, write and describe themselves
 * (hyco-modal-syntax.c). */
void _hyco_modal_syntax_register (void);

G_END_DECLS
