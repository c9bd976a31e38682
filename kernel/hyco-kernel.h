/* hyco-kernel.h: the kernel's public API: time, values, ports, actors, composites, the director
 * base, parameters, the class registry, models and results. It names no concrete director or
 * actor class; the modules around it (directors, actors, modal, fmi) register theirs.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined(HYCO_INSIDE) && !defined(HYCO_COMPILATION)
#error "Only <hyco.h> can be included directly."
#endif

#include "hyco-export.h"
#include "hyco-time.h"
#include "hyco-value.h"
#include "hyco-port.h"
#include "hyco-relation.h"
#include "hyco-actor.h"
#include "hyco-composite-actor.h"
#include "hyco-director.h"
#include "hyco-director-roles.h"
#include "hyco-director-kit.h"
#include "hyco-local-clock.h"
#include "hyco-param.h"
#include "hyco-parameter-owner.h"
#include "hyco-registry.h"
#include "hyco-model.h"
#include "hyco-results.h"
#include "hyco-continuous.h"
#include "hyco-expression.h"
