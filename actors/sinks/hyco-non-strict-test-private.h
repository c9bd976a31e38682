/* hyco-non-strict-test-private.h: what Test uses of NonStrictTest's checking; not installed.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "hyco-kernel.h"
#include "hyco-non-strict-test.h"

G_BEGIN_DECLS

/* Checks @value, received at @now, against the next expected value and tag (or collects it in
 * training mode); values beyond the expected ones are accepted, as in Ptolemy II. */
gboolean _hyco_non_strict_test_check (HycoNonStrictTest *self, const HycoTag *now,
                                      const HycoValue *value, GError **error);
/* Fails the run with a test failure, and remembers that this test failed. */
gboolean _hyco_non_strict_test_fail (HycoNonStrictTest *self, GError **error, const char *format,
                                     ...) G_GNUC_PRINTF (3, 4);
/* Whether correctValues is what the values are checked against (and so can be missing at the
 * end of a run); set in initialize. */
void _hyco_non_strict_test_set_uses_correct_values (HycoNonStrictTest *self, gboolean uses);
/* Whether every expected value has been received. */
gboolean _hyco_non_strict_test_is_complete (HycoNonStrictTest *self);
int _hyco_non_strict_test_get_resolution (HycoNonStrictTest *self);
double _hyco_non_strict_test_get_tolerance (HycoNonStrictTest *self);

G_END_DECLS
