/* hyco-local-clock.h: Ptolemy II's local clock of a director.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined(HYCO_INSIDE) && !defined(HYCO_COMPILATION)
#error "Only <hyco.h> can be included directly."
#endif

#include "hyco-export.h"
#include <glib-object.h>

G_BEGIN_DECLS

#define HYCO_TYPE_LOCAL_CLOCK (hyco_local_clock_get_type ())
HYCO_API
G_DECLARE_FINAL_TYPE (HycoLocalClock, hyco_local_clock, HYCO, LOCAL_CLOCK, GObject)

HYCO_API HycoLocalClock *hyco_local_clock_new (void);
HYCO_API double hyco_local_clock_get_clock_rate (HycoLocalClock *self);
HYCO_API const char *hyco_local_clock_get_global_time_resolution (HycoLocalClock *self);

G_END_DECLS
