/* hyco-comparator.h: compares two inputs.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined(HYCO_INSIDE) && !defined(HYCO_COMPILATION)
#error "Only <hyco.h> can be included directly."
#endif

#include "hyco-actor.h"

G_BEGIN_DECLS

/**
 * HycoComparison:
 * @HYCO_COMPARISON_GREATER_THAN: left > right (`>`)
 * @HYCO_COMPARISON_GREATER_EQUAL: left ≥ right (`>=`)
 * @HYCO_COMPARISON_LESS_THAN: left < right (`<`)
 * @HYCO_COMPARISON_LESS_EQUAL: left ≤ right (`<=`)
 * @HYCO_COMPARISON_EQUAL: left = right (`==`)
 * @HYCO_COMPARISON_NOT_EQUAL: left ≠ right (`!=`)
 *
 * The comparison a #HycoComparator makes; model files name it by the operator in parentheses,
 * as Ptolemy II does.
 */
typedef enum
{
  HYCO_COMPARISON_GREATER_THAN,
  HYCO_COMPARISON_GREATER_EQUAL,
  HYCO_COMPARISON_LESS_THAN,
  HYCO_COMPARISON_LESS_EQUAL,
  HYCO_COMPARISON_EQUAL,
  HYCO_COMPARISON_NOT_EQUAL,
} HycoComparison;

#define HYCO_TYPE_COMPARISON (hyco_comparison_get_type ())
GType hyco_comparison_get_type (void) G_GNUC_CONST;

#define HYCO_TYPE_COMPARATOR (hyco_comparator_get_type ())
G_DECLARE_FINAL_TYPE (HycoComparator, hyco_comparator, HYCO, COMPARATOR, HycoActor)

G_END_DECLS
