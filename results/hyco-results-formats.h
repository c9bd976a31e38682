/* hyco-results-formats.h: a run's results written in the formats other tools read: plots
 * (PLplot), MATLAB files (libmatio) and an interactive HTML page (our own script). One file
 * per format in results/.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined(HYCO_INSIDE) && !defined(HYCO_COMPILATION)
#error "Only <hyco.h> can be included directly."
#endif

#include "hyco-kernel.h"

G_BEGIN_DECLS

HYCO_API gboolean hyco_results_plot (HycoResults *self, const char *path,
                                     const char *const *signals, guint width, guint height,
                                     GError **error);
HYCO_API gboolean hyco_results_save_mat (HycoResults *self, const char *path, GError **error);
HYCO_API gboolean hyco_results_save_html (HycoResults *self, const char *path,
                                          const char *const *signals, const char *title,
                                          GError **error);
HYCO_API gboolean hyco_trace_save_html (const char *trace, const char *path, const char *title,
                                        GError **error);

G_END_DECLS
