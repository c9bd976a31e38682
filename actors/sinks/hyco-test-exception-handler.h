/* hyco-test-exception-handler.h: passes a run that fails the way the model expects.
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

#define HYCO_TYPE_TEST_EXCEPTION_HANDLER (hyco_test_exception_handler_get_type ())
HYCO_API
G_DECLARE_FINAL_TYPE (HycoTestExceptionHandler, hyco_test_exception_handler, HYCO,
                      TEST_EXCEPTION_HANDLER, HycoActor)

G_END_DECLS
