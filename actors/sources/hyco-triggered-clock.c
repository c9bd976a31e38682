/* hyco-triggered-clock.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actors.h"

/**
 * HycoTriggeredClock:
 *
 * Ptolemy II's TriggeredClock: a #HycoClock that does not run until an event arrives on
 * `start`, which starts its cycles at that tag as if it had just been initialized (the first
 * output is produced at once when the first offset is 0), and that stops on an event on
 * `stop`. Start and stop at the same tag leave it stopped. The clock itself looks for these
 * ports: this class only declares them.
 */
struct _HycoTriggeredClock
{
  HycoClock parent_instance;
};

G_DEFINE_FINAL_TYPE (HycoTriggeredClock, hyco_triggered_clock, HYCO_TYPE_CLOCK)
HYCO_REGISTER_DEFINE (triggered_clock, HYCO_TYPE_TRIGGERED_CLOCK, "TriggeredClock")

static void
hyco_triggered_clock_class_init (HycoTriggeredClockClass *klass)
{
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  hyco_actor_class_set_description (actor_class,
                                    "A Clock started and stopped by input events");
  hyco_actor_class_add_port (actor_class, "start", HYCO_PORT_INPUT,
                             "An event starts the cycles at its tag");
  hyco_actor_class_add_port (actor_class, "stop", HYCO_PORT_INPUT,
                             "An event stops the clock");
}

static void
hyco_triggered_clock_init (HycoTriggeredClock *self)
{
}
