/* hyco-plot-private.h: what every PLplot drawing of Hyco shares (the results' plots, a
 * sweep's): PLplot keeps its state in globals, so one plot at a time; the drivers by file
 * name; and the check that a file came out whole. Not installed.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Around everything from checking the driver to plend1(). */
void _hyco_plot_lock (void);
void _hyco_plot_unlock (void);

/* PLplot's driver for @path by its extension (.svg, .png, .pdf), or NULL. */
const char *_hyco_plot_driver_for (const char *path);
/* Whether PLplot has @driver (it asks on standard input for one it lacks): under the lock. */
gboolean _hyco_plot_driver_available (const char *driver);
/* PLplot's drivers do not report write errors (a full disk): whether the file at @path ends as
 * @driver's format ends. */
gboolean _hyco_plot_file_is_complete (const char *path, const char *driver);

G_END_DECLS
