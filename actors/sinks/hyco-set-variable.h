/* hyco-set-variable.h: sets a model parameter from its input during the run.
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

#define HYCO_TYPE_SET_VARIABLE (hyco_set_variable_get_type ())
HYCO_API
G_DECLARE_FINAL_TYPE (HycoSetVariable, hyco_set_variable, HYCO, SET_VARIABLE, HycoActor)

G_END_DECLS
