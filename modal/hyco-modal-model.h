/* hyco-modal-model.h: a state machine whose states hold refinements.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined(HYCO_INSIDE) && !defined(HYCO_COMPILATION)
#error "Only <hyco.h> can be included directly."
#endif

#include "hyco-export.h"
#include "hyco-composite-actor.h"

G_BEGIN_DECLS

#define HYCO_TYPE_MODAL_MODEL (hyco_modal_model_get_type ())
HYCO_API
G_DECLARE_FINAL_TYPE (HycoModalModel, hyco_modal_model, HYCO, MODAL_MODEL, HycoCompositeActor)

HYCO_API HycoActor *hyco_modal_model_new (const char *name);
HYCO_API const char *hyco_modal_model_get_current_state (HycoModalModel *self);

G_END_DECLS
