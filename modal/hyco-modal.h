/* hyco-modal.h: state machines and modal models: the FSM actor, the modal model and its director.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined(HYCO_INSIDE) && !defined(HYCO_COMPILATION)
#error "Only <hyco.h> can be included directly."
#endif

#include "hyco-export.h"
#include "hyco-kernel.h"
#include "hyco-fsm-actor.h"
#include "hyco-modal-model.h"
#include "hyco-modal-director.h"

G_BEGIN_DECLS

HYCO_API void hyco_modal_register (void);

G_END_DECLS
