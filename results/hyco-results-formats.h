/* hyco-results-formats.h: a run's results written in the formats other tools read: plots
 * (PLplot) and MATLAB files (libmatio). One file per format in results/.
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

G_END_DECLS
