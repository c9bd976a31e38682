/* hyco-test.h: checks the events it receives against expected values or a reference.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined(HYCO_INSIDE) && !defined(HYCO_COMPILATION)
#error "Only <hyco.h> can be included directly."
#endif

#include "hyco-export.h"
#include "hyco-non-strict-test.h"

G_BEGIN_DECLS

#define HYCO_TYPE_TEST (hyco_test_get_type ())
HYCO_API
G_DECLARE_FINAL_TYPE (HycoTest, hyco_test, HYCO, TEST, HycoNonStrictTest)

HYCO_API guint hyco_test_get_count (HycoTest *self);

G_END_DECLS
