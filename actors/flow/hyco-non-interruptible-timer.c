/* hyco-non-interruptible-timer.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actors.h"

/**
 * HycoNonInterruptibleTimer:
 *
 * Ptolemy II's NonInterruptibleTimer: a #HycoTimer that times one input at a time; inputs
 * that arrive while a timing is in progress wait, first come first served, and the next one
 * starts at the tag the previous output is produced.
 */
struct _HycoNonInterruptibleTimer
{
  HycoTimer parent_instance;
};

G_DEFINE_FINAL_TYPE (HycoNonInterruptibleTimer, hyco_non_interruptible_timer, HYCO_TYPE_TIMER)
HYCO_REGISTER_DEFINE (non_interruptible_timer, HYCO_TYPE_NON_INTERRUPTIBLE_TIMER,
                      "NonInterruptibleTimer")

static void
hyco_non_interruptible_timer_class_init (HycoNonInterruptibleTimerClass *klass)
{
  HYCO_TIMER_CLASS (klass)->queued = TRUE;
  hyco_actor_class_set_description (HYCO_ACTOR_CLASS (klass),
                                    "A Timer that times one input at a time, the others "
                                    "waiting in turn");
}

static void
hyco_non_interruptible_timer_init (HycoNonInterruptibleTimer *self)
{
}
