/* hyco-expression-actor.h: Ptolemy II's Expression actor: an expression over its inputs.
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

#define HYCO_TYPE_EXPRESSION_ACTOR (hyco_expression_actor_get_type ())
HYCO_API
G_DECLARE_FINAL_TYPE (HycoExpressionActor, hyco_expression_actor, HYCO, EXPRESSION_ACTOR,
                      HycoActor)

G_END_DECLS
