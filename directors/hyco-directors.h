/* hyco-directors.h: the directors: discrete events, synchronous-reactive, continuous time.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined(HYCO_INSIDE) && !defined(HYCO_COMPILATION)
#error "Only <hyco.h> can be included directly."
#endif

#include "hyco-export.h"
#include "hyco-kernel.h"
#include "hyco-de-director.h"
#include "hyco-sr-director.h"
#include "hyco-continuous-director.h"
#include "hyco-ptolemy-continuous-director.h"

G_BEGIN_DECLS

HYCO_API void hyco_directors_register (void);

G_END_DECLS
