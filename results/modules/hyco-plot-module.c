/* hyco-plot-module.c: the module hyco-plot, PLplot's functions for the plots
 * (results/hyco-results-plot.c, sweep/hyco-sweep-plot.c), which load it only to draw.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-format-module-private.h"
#include "hyco-plot-private.h"

#include <plplot.h>

G_MODULE_EXPORT const char hyco_module_version[] = HYCO_VERSION;

/* PLplot's own functions (plinit() is a macro for c_plinit()): a PLplot whose types differ from
 * the table's does not compile (-Werror=incompatible-pointer-types). */
G_MODULE_EXPORT const HycoPlplot hyco_plplot = {
  .adv = c_pladv,
  .box = c_plbox,
  .col0 = c_plcol0,
  .end1 = c_plend1,
  .gDevs = plgDevs,
  .gspa = c_plgspa,
  .gstrm = c_plgstrm,
  .init = c_plinit,
  .join = c_pljoin,
  .lab = c_pllab,
  .line = c_plline,
  .mkstrm = c_plmkstrm,
  .poin = c_plpoin,
  .ptex = c_plptex,
  .schr = c_plschr,
  .scmap0n = c_plscmap0n,
  .scol0 = c_plscol0,
  .sdev = c_plsdev,
  .sfnam = c_plsfnam,
  .smaj = c_plsmaj,
  .smin = c_plsmin,
  .spage = c_plspage,
  .sstrm = c_plsstrm,
  .ssym = c_plssym,
  .string = c_plstring,
  .vpor = c_plvpor,
  .width = c_plwidth,
  .wind = c_plwind,
};
