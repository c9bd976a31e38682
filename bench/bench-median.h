/* bench-median.h: the median of repeated measurements, for the benchmarks that print medians.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>
#include <stdlib.h>

static inline int
bench_compare_doubles (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

/* Sorts @values in place. */
static inline double
bench_median (double *values, guint n)
{
  qsort (values, n, sizeof *values, bench_compare_doubles);
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2.0;
}
