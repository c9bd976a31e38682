/* hyco-modal.c: registration of state machines and modal models.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-modal.h"
#include "hyco-modal-private.h"

/**
 * hyco_modal_register:
 *
 * Registers the state machine, the modal model and its director under Ptolemy II's class names.
 * hyco_init() calls it; applications do not need to.
 */
void
hyco_modal_register (void)
{
  hyco_registry_register ("FSMActor", HYCO_TYPE_FSM_ACTOR);
  hyco_registry_register ("ModalController", HYCO_TYPE_FSM_ACTOR);
  hyco_registry_register ("ModalModel", HYCO_TYPE_MODAL_MODEL);
  hyco_registry_register ("Refinement", HYCO_TYPE_COMPOSITE_ACTOR);
  /* A transition's refinement (Ptolemy II's, deprecated there for immediate transitions). */
  hyco_registry_register ("TransitionRefinement", HYCO_TYPE_COMPOSITE_ACTOR);
  /* A state refinement that is a state machine with refinements of its own: a modal model. */
  hyco_registry_register ("ModalRefinement", HYCO_TYPE_MODAL_MODEL);
  hyco_registry_register ("FSMDirector", HYCO_TYPE_MODAL_DIRECTOR);
  hyco_registry_register ("ModalDirector", HYCO_TYPE_MODAL_DIRECTOR);
  _hyco_modal_syntax_register ();
}
