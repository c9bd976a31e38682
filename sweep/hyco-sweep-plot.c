/* hyco-sweep-plot.c: a summary value of a sweep against a varied parameter, drawn with PLplot
 * as the results' plots are (results/hyco-results-plot.c): same drivers, colours and text size,
 * and PLplot from the same module (hyco-plot), loaded only to draw.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-sweep-private.h"
#include "hyco-output-file-private.h"
#include "hyco-plot-private.h"

#include <math.h>
#include <string.h>

enum
{
  COLOR_BACKGROUND,
  COLOR_AXES,
  COLOR_GRID,
  COLOR_POINTS,
  COLOR_FAILED,
  N_COLORS
};

/* PLplot, from the module hyco-plot: set under the plot lock. */
static const HycoPlplot *plplot;

/* Text height in pixels, as the results' plots have it. */
#define TEXT_HEIGHT 13.0

/* The axis' range around @low and @high, with a margin, and one that is not empty. */
static void
widen (double *low, double *high)
{
  double span = *high - *low;

  if (span <= 0)
    span = fabs (*low) > 0 ? fabs (*low) * 0.1 : 1.0;
  *low -= span * 0.05;
  *high += span * 0.05;
}

static void
draw (HycoSweep *self, guint x_index, gboolean x_is_parameter, guint y_index,
      gboolean y_is_parameter, const char *x_name, const char *y_name, guint width)
{
  g_autofree double *xs = g_new (double, MAX (self->n_runs, 1));
  g_autofree double *ys = g_new (double, MAX (self->n_runs, 1));
  g_autofree char *title = NULL;
  double x_low = INFINITY, x_high = -INFINITY, y_low = INFINITY, y_high = -INFINITY;
  double page_x0, page_x1, page_y0, page_y1, pixels_per_mm;
  guint n = 0, failed = 0;

  for (guint r = 0; r < self->n_runs; r++)
    {
      double x = x_is_parameter ? hyco_sweep_get_parameter_value (self, r, x_index)
                                : hyco_sweep_get_summary (self, r, x_index);
      double y = y_is_parameter ? hyco_sweep_get_parameter_value (self, r, y_index)
                                : hyco_sweep_get_summary (self, r, y_index);
      if (self->statuses[r] != HYCO_SWEEP_STATUS_OK)
        failed++;
      if (!isfinite (x) || !isfinite (y) || self->statuses[r] != HYCO_SWEEP_STATUS_OK)
        continue;
      xs[n] = x;
      ys[n] = y;
      x_low = MIN (x_low, x);
      x_high = MAX (x_high, x);
      y_low = MIN (y_low, y);
      y_high = MAX (y_high, y);
      n++;
    }
  if (n == 0)
    {
      x_low = y_low = 0;
      x_high = y_high = 1;
    }
  widen (&x_low, &x_high);
  widen (&y_low, &y_high);

  plplot->adv (0);
  plplot->gspa (&page_x0, &page_x1, &page_y0, &page_y1);
  pixels_per_mm = width / (page_x1 - page_x0);
  plplot->schr (TEXT_HEIGHT / pixels_per_mm, 1.0);
  plplot->ssym (TEXT_HEIGHT * 0.6 / pixels_per_mm, 1.0);
  plplot->smaj (6.0 / pixels_per_mm, 1.0);
  plplot->smin (3.0 / pixels_per_mm, 1.0);
  plplot->vpor (0.12, 0.96, 0.12, 0.9);
  plplot->wind (x_low, x_high, y_low, y_high);
  plplot->col0 (COLOR_GRID);
  plplot->box ("g", 0, 0, "g", 0, 0);
  plplot->col0 (COLOR_AXES);
  plplot->box ("bcnst", 0, 0, "bcnstv", 0, 0);
  title = failed ? g_strdup_printf ("%s against %s: %u runs (%u failed, not drawn)", y_name, x_name,
                                    self->n_runs, failed)
                 : g_strdup_printf ("%s against %s: %u runs", y_name, x_name, self->n_runs);
  plplot->lab (x_name, y_name, title);
  plplot->col0 (COLOR_POINTS);
  /* A filled disc of the text's font, centred on the point (the cairo and svg drivers draw
   * Unicode). */
  plplot->schr (TEXT_HEIGHT * 0.8 / pixels_per_mm, 1.0);
  if (n > 0)
    plplot->string ((gint32) n, xs, ys, "●");
}

/**
 * hyco_sweep_plot:
 * @self: a sweep that ran
 * @path: the picture to write: .svg, .png or .pdf
 * @x: the horizontal axis: a varied or sampled parameter's name (or a summary value's)
 * @y: the vertical axis: a summary value's name (`Ball.impact.events`), or a parameter's
 * @width: the width in pixels, 0 for 800
 * @height: the height in pixels, 0 for 600
 * @error: return location for an error
 *
 * Draws a point for each run that completed, @y against @x; the title counts the runs and
 * those that failed, which are not drawn. A file already at @path is replaced only once the
 * new one is complete.
 *
 * Returns: %TRUE on success
 */
gboolean
hyco_sweep_plot (HycoSweep *self, const char *path, const char *x, const char *y, guint width,
                 guint height, GError **error)
{
  g_autoptr (GError) local_error = NULL;
  g_autofree char *what = NULL;
  gboolean x_is_parameter, y_is_parameter;
  guint x_index, y_index;
  HycoOutputFile *output;
  const char *driver;
  gint32 stream, previous;

  g_return_val_if_fail (HYCO_IS_SWEEP (self) && self->planned, FALSE);
  g_return_val_if_fail (path != NULL && x != NULL && y != NULL, FALSE);
  driver = _hyco_plot_driver_for (path);
  if (driver == NULL)
    {
      g_set_error (error, HYCO_SWEEP_ERROR, HYCO_SWEEP_ERROR_IO,
                   "cannot plot to %s: name a .svg, .png or .pdf file", path);
      return FALSE;
    }
  for (guint axis = 0; axis < 2; axis++)
    {
      const char *name = axis ? y : x;
      if (!hyco_sweep_lookup_column (self, name, axis ? &y_is_parameter : &x_is_parameter,
                                     axis ? &y_index : &x_index))
        {
          g_auto (GStrv) parameters = hyco_sweep_list_parameters (self);
          g_auto (GStrv) summaries = hyco_sweep_list_summaries (self);
          g_autofree char *parameter_list = g_strjoinv (", ", parameters);
          g_autofree char *summary_list = g_strjoinv (", ", summaries);
          g_set_error (error, HYCO_SWEEP_ERROR, HYCO_SWEEP_ERROR_UNKNOWN_VALUE,
                       "the sweep has no parameter or summary value \"%s\" (parameters: %s; "
                       "summary values: %s)",
                       name, *parameters ? parameter_list : "none",
                       *summaries ? summary_list : "none: probe a signal");
          return FALSE;
        }
    }
  if (width == 0)
    width = 800;
  if (height == 0)
    height = 600;

  what = g_strdup_printf ("plotting to %s", path);
  _hyco_plot_lock ();
  plplot = _hyco_plot_load (what, HYCO_SWEEP_ERROR, HYCO_SWEEP_ERROR_IO, error);
  if (plplot == NULL)
    {
      _hyco_plot_unlock ();
      return FALSE;
    }
  if (!_hyco_plot_driver_available (plplot, driver))
    {
      _hyco_plot_unlock ();
      g_set_error (error, HYCO_SWEEP_ERROR, HYCO_SWEEP_ERROR_IO,
                   "cannot plot to %s: PLplot has no %s driver (on Debian, install %s)", path,
                   driver, g_str_equal (driver, "svg") ? "libplplot17" : "plplot-driver-cairo");
      return FALSE;
    }
  output = _hyco_output_file_new (path, "the plot", &local_error);
  if (output == NULL)
    {
      _hyco_plot_unlock ();
      g_set_error (error, HYCO_SWEEP_ERROR, HYCO_SWEEP_ERROR_IO, "%s", local_error->message);
      return FALSE;
    }
  plplot->gstrm (&previous);
  plplot->mkstrm (&stream);
  plplot->sdev (driver);
  plplot->sfnam (_hyco_output_file_get_write_path (output));
  plplot->spage (0.0, 0.0, (gint32) width, (gint32) height, 0, 0);
  plplot->scmap0n (N_COLORS);
  plplot->scol0 (COLOR_BACKGROUND, 255, 255, 255);
  plplot->scol0 (COLOR_AXES, 0, 0, 0);
  plplot->scol0 (COLOR_GRID, 220, 220, 220);
  plplot->scol0 (COLOR_POINTS, 31, 119, 180);
  plplot->scol0 (COLOR_FAILED, 214, 39, 40);
  plplot->init ();
  draw (self, x_index, x_is_parameter, y_index, y_is_parameter, x, y, width);
  plplot->end1 ();
  plplot->sstrm (previous);
  _hyco_plot_unlock ();
  if (!_hyco_plot_file_is_complete (_hyco_output_file_get_write_path (output), driver))
    {
      _hyco_output_file_abort (output);
      g_set_error (error, HYCO_SWEEP_ERROR, HYCO_SWEEP_ERROR_IO,
                   "writing the plot to %s failed: the file came out incomplete (is the disk "
                   "full?)",
                   path);
      return FALSE;
    }
  if (!_hyco_output_file_commit (output, 0, &local_error))
    {
      g_set_error (error, HYCO_SWEEP_ERROR, HYCO_SWEEP_ERROR_IO, "%s", local_error->message);
      return FALSE;
    }
  return TRUE;
}
