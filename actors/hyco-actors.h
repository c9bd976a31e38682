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

/* Math */
#include "hyco-gain.h"
#include "hyco-adder.h"
#include "hyco-product.h"
#include "hyco-math-function.h"

/* Flow of events */
#include "hyco-sampler.h"
#include "hyco-time-delay.h"
#include "hyco-microstep-delay.h"

/* Sinks */
#include "hyco-recorder.h"
#include "hyco-test.h"

/* Logic and synchronous-reactive signals */
#include "hyco-logical-operator.h"
#include "hyco-logical-not.h"
#include "hyco-comparator.h"
#include "hyco-pre.h"
#include "hyco-unit-delay.h"
#include "hyco-default.h"
#include "hyco-counter.h"

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
