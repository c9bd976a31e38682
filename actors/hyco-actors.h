/* hyco-actors.h: the actor library.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined(HYCO_INSIDE) && !defined(HYCO_COMPILATION)
#error "Only <hyco.h> can be included directly."
#endif

#include "hyco-export.h"
#include "hyco-kernel.h"

/* Sources */
#include "hyco-const.h"
#include "hyco-discrete-clock.h"
#include "hyco-ramp.h"
#include "hyco-current-time.h"
#include "hyco-clock.h"
#include "hyco-triggered-clock.h"
#include "hyco-single-event.h"
#include "hyco-current-microstep.h"
#include "hyco-sequence.h"
#include "hyco-poisson-clock.h"

/* Math */
#include "hyco-gain.h"
#include "hyco-adder.h"
#include "hyco-product.h"
#include "hyco-math-function.h"
#include "hyco-expression-actor.h"
#include "hyco-add-subtract.h"

/* Flow of events */
#include "hyco-sampler.h"
#include "hyco-most-recent.h"
#include "hyco-catch-up-composite.h"
#include "hyco-time-delay.h"
#include "hyco-microstep-delay.h"
#include "hyco-timed-delay.h"
#include "hyco-merge.h"
#include "hyco-resettable-timer.h"
#include "hyco-timer.h"
#include "hyco-non-interruptible-timer.h"
#include "hyco-server.h"

/* Sinks */
#include "hyco-recorder.h"
#include "hyco-non-strict-test.h"
#include "hyco-test.h"

/* Logic and synchronous-reactive signals */
#include "hyco-logical-operator.h"
#include "hyco-logical-not.h"
#include "hyco-comparator.h"
#include "hyco-pre.h"
#include "hyco-unit-delay.h"
#include "hyco-default.h"
#include "hyco-counter.h"
#include "hyco-stop.h"
#include "hyco-is-present.h"
#include "hyco-set-variable.h"
#include "hyco-array-to-sequence.h"
#include "hyco-record-assembler.h"
#include "hyco-record-disassembler.h"
#include "hyco-test-exception-handler.h"
#include "hyco-when.h"
#include "hyco-boolean-to-anything.h"

/* Continuous time */
#include "hyco-integrator.h"
#include "hyco-zero-crossing-detector.h"
#include "hyco-periodic-piecewise-constant.h"
#include "hyco-zero-order-hold.h"
#include "hyco-continuous-sinewave.h"
#include "hyco-continuous-ramp.h"
#include "hyco-periodic-sampler.h"
#include "hyco-level-crossing-detector.h"
#include "hyco-continuous-discrete-clock.h"
#include "hyco-continuous-clock.h"
#include "hyco-continuous-merge.h"
#include "hyco-derivative.h"

G_BEGIN_DECLS

HYCO_API void hyco_actors_register (void);

G_END_DECLS
