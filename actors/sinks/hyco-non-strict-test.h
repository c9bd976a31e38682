/* hyco-non-strict-test.h: checks the values it receives against a list, ignoring absent inputs.
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

#define HYCO_TYPE_NON_STRICT_TEST (hyco_non_strict_test_get_type ())
HYCO_API
G_DECLARE_DERIVABLE_TYPE (HycoNonStrictTest, hyco_non_strict_test, HYCO, NON_STRICT_TEST, HycoActor)

/**
 * HycoNonStrictTestClass:
 * @parent_class: the parent class
 *
 * The class of #HycoNonStrictTest; #HycoTest derives from it, as Ptolemy II's Test derives
 * from NonStrictTest.
 */
struct _HycoNonStrictTestClass
{
  HycoActorClass parent_class;

  /*< private >*/
  gpointer padding[8];
};

HYCO_API guint hyco_non_strict_test_get_count (HycoNonStrictTest *self);

G_END_DECLS
