/* hyco-timer.h: Ptolemy II's DE Timer, value a time given by each input later.
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

#define HYCO_TYPE_TIMER (hyco_timer_get_type ())
HYCO_API
G_DECLARE_DERIVABLE_TYPE (HycoTimer, hyco_timer, HYCO, TIMER, HycoActor)

/**
 * HycoTimerClass:
 * @queued: whether inputs wait for the timing in progress (#HycoNonInterruptibleTimer) rather
 *   than each starting its own at once
 *
 * The timer's class.
 */
struct _HycoTimerClass
{
  HycoActorClass parent_class;

  gboolean queued;

  /*< private >*/
  gpointer padding[8];
};

G_END_DECLS
