/* hyco-clock.h: Ptolemy II's Clock, a periodic sequence of values at offsets into each period.
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

#define HYCO_TYPE_CLOCK (hyco_clock_get_type ())
HYCO_API
G_DECLARE_DERIVABLE_TYPE (HycoClock, hyco_clock, HYCO, CLOCK, HycoActor)

/**
 * HycoClockClass:
 *
 * The clock's class; #HycoTriggeredClock derives from it to add start and stop inputs.
 */
struct _HycoClockClass
{
  HycoActorClass parent_class;

  /*< private >*/
  gpointer padding[8];
};

G_END_DECLS
