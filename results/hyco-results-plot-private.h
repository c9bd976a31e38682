/* hyco-results-plot-private.h: where a plot put its parts, for the tests.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "hyco-results-formats.h"

G_BEGIN_DECLS

/* A rectangle on the page, in pixels, y from the top. */
typedef struct
{
  double x, y, width, height;
} HycoPlotBox;

typedef struct
{
  guint width, height;
  guint n_panels;
  HycoPlotBox *frames;      /* each panel's frame */
  HycoPlotBox *headers;     /* each panel's title: the signal's name */
  HycoPlotBox *value_ticks; /* around each panel's value tick labels */
  guint *n_value_ticks;     /* how many value tick labels each panel has */
  gboolean *dense;          /* each panel: events too dense for stems, drawn as a raster */
  HycoPlotBox time_ticks;   /* around the time tick labels */
  guint n_time_ticks;
  HycoPlotBox time_title; /* "time (s)" */
  char *time_title_text;
} HycoPlotLayout;

/* hyco_results_plot(), also returning where each part went. */
gboolean _hyco_results_plot_with_layout (HycoResults *self, const char *path,
                                         const char *const *signals, guint width, guint height,
                                         HycoPlotLayout **layout, GError **error);
void _hyco_plot_layout_free (HycoPlotLayout *layout);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HycoPlotLayout, _hyco_plot_layout_free)

G_END_DECLS
