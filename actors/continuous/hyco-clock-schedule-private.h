/* hyco-clock-schedule-private.h: the event times and values of Ptolemy II's DiscreteClock,
 * shared by the continuous domain's DiscreteClock and ContinuousClock; not installed.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "hyco-kernel.h"

G_BEGIN_DECLS

/* One period is a sequence of phases: phase i outputs values[i] at cycle start + offsets[i].
 * Cycles start at the time the clock is initialized and every period after it; times are
 * integer ticks, so a cycle start is exact however many cycles have passed. */
typedef struct
{
  /* Parameters, converted in preinitialize. */
  gint64 period;     /* HYCO_TIME_INFINITY for a single cycle */
  gint64 stop_time;  /* no event after it; HYCO_TIME_INFINITY for none */
  gint64 max_cycles; /* <= 0 for no limit */
  GArray *offsets;   /* gint64 ticks, nondecreasing */
  GPtrArray *values; /* HycoValue *, as many as offsets */

  /* Run. */
  gint64 cycle_start;
  gint64 cycle;
  guint phase;
  HycoTag next; /* the tag of the next event */
  gboolean done;
} HycoClockSchedule;

void _hyco_clock_schedule_clear (HycoClockSchedule *self);
gboolean _hyco_clock_schedule_prepare (HycoClockSchedule *self, HycoActor *actor,
                                       const char *offsets, const char *values, GError **error);
gboolean _hyco_clock_schedule_start (HycoClockSchedule *self, HycoActor *actor, GError **error);
const HycoValue *_hyco_clock_schedule_due (HycoClockSchedule *self, HycoActor *actor);
gboolean _hyco_clock_schedule_advance (HycoClockSchedule *self, HycoActor *actor, GError **error);

G_END_DECLS
