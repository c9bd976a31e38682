/* hyco-integrator.h
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

#define HYCO_TYPE_INTEGRATOR (hyco_integrator_get_type ())
HYCO_API
G_DECLARE_FINAL_TYPE (HycoIntegrator, hyco_integrator, HYCO, INTEGRATOR, HycoActor)

G_END_DECLS
