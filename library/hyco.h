/* hyco.h: the one header applications include: the kernel and every module of the library.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#define HYCO_INSIDE
#include "hyco-kernel.h"
#include "hyco-directors.h"
#include "hyco-actors.h"
#include "hyco-modal.h"
#include "hyco-fmi.h"
#include "hyco-results-formats.h"
#include "hyco-sweep.h"
#undef HYCO_INSIDE

G_BEGIN_DECLS

HYCO_API void hyco_init (void);

G_END_DECLS
