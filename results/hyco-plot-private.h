/* hyco-plot-private.h: what every PLplot drawing of Hyco shares (the results' plots, a
 * sweep's): PLplot keeps its state in globals, so one plot at a time; the drivers by file
 * name; PLplot itself, from a module; and the check that a file came out whole. Not
 * installed.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* PLplot's functions that the plots call, as PLplot declares them (Debian builds it with PLFLT
 * a double and PLINT a 32-bit integer): the table the module hyco-plot (results/modules/), which
 * links PLplot, exports, so that Hyco loads PLplot only to draw. */
typedef struct
{
  void (*adv) (gint32 page);
  void (*box) (const char *xopt, double xtick, gint32 nxsub, const char *yopt, double ytick,
               gint32 nysub);
  void (*col0) (gint32 icol0);
  void (*end1) (void);
  void (*gDevs) (const char ***p_menustr, const char ***p_devname, int *p_ndev);
  void (*gspa) (double *xmin, double *xmax, double *ymin, double *ymax);
  void (*gstrm) (gint32 *p_strm);
  void (*init) (void);
  void (*join) (double x1, double y1, double x2, double y2);
  void (*lab) (const char *xlabel, const char *ylabel, const char *tlabel);
  void (*line) (gint32 n, const double *x, const double *y);
  void (*mkstrm) (gint32 *p_strm);
  void (*poin) (gint32 n, const double *x, const double *y, gint32 code);
  void (*ptex) (double x, double y, double dx, double dy, double just, const char *text);
  void (*schr) (double def, double scale);
  void (*scmap0n) (gint32 ncol0);
  void (*scol0) (gint32 icol0, gint32 r, gint32 g, gint32 b);
  void (*sdev) (const char *devname);
  void (*sfnam) (const char *fnam);
  void (*smaj) (double def, double scale);
  void (*smin) (double def, double scale);
  void (*spage) (double xp, double yp, gint32 xleng, gint32 yleng, gint32 xoff, gint32 yoff);
  void (*sstrm) (gint32 strm);
  void (*ssym) (double def, double scale);
  void (*string) (gint32 n, const double *x, const double *y, const char *string);
  void (*vpor) (double xmin, double xmax, double ymin, double ymax);
  void (*width) (double width);
  void (*wind) (double xmin, double xmax, double ymin, double ymax);
} HycoPlplot;

#define HYCO_PLPLOT_SYMBOL "hyco_plplot"

/* PLplot's functions, loading the module on first use; NULL and an error in @domain and @code,
 * naming the module, when it cannot be loaded. @what: "plotting to FILE". */
const HycoPlplot *_hyco_plot_load (const char *what, GQuark domain, gint code, GError **error);

/* Around everything from checking the driver to plend1(). */
void _hyco_plot_lock (void);
void _hyco_plot_unlock (void);

/* PLplot's driver for @path by its extension (.svg, .png, .pdf), or NULL. */
const char *_hyco_plot_driver_for (const char *path);
/* Whether PLplot has @driver (it asks on standard input for one it lacks): under the lock. */
gboolean _hyco_plot_driver_available (const HycoPlplot *plplot, const char *driver);
/* PLplot's drivers do not report write errors (a full disk): whether the file at @path ends as
 * @driver's format ends. */
gboolean _hyco_plot_file_is_complete (const char *path, const char *driver);

G_END_DECLS
