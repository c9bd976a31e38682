/* hyco-fmi.h: FMUs as actors.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined(HYCO_INSIDE) && !defined(HYCO_COMPILATION)
#error "Only <hyco.h> can be included directly."
#endif

#include "hyco-export.h"
#include "hyco-kernel.h"
#include "hyco-fmu-actor.h"
#include "hyco-fmu-me-actor.h"
#include "hyco-fmu-error.h"
#include "hyco-fmu-info.h"
#include "hyco-fmu-output.h"

G_BEGIN_DECLS

HYCO_API void hyco_fmi_register (void);

G_END_DECLS
