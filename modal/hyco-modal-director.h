/* hyco-modal-director.h: the director of a modal model (Ptolemy II's FSMDirector).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined(HYCO_INSIDE) && !defined(HYCO_COMPILATION)
#error "Only <hyco.h> can be included directly."
#endif

#include "hyco-export.h"
#include "hyco-director.h"

G_BEGIN_DECLS

#define HYCO_TYPE_MODAL_DIRECTOR (hyco_modal_director_get_type ())
HYCO_API
G_DECLARE_FINAL_TYPE (HycoModalDirector, hyco_modal_director, HYCO, MODAL_DIRECTOR, HycoDirector)

HYCO_API HycoDirector *hyco_modal_director_new (void);
HYCO_API guint64 hyco_modal_director_get_transition_count (HycoModalDirector *self);

G_END_DECLS
