/* hyco-results-plot.c: plots of recorded signals, drawn by PLplot.
 *
 * One panel per signal on a shared time axis. A signal present at every tag is a line through
 * its values in tag order: two values at one time (successive microsteps) make a vertical
 * segment, so a discontinuity shows as a jump at its instant. A signal present only at some
 * tags is a stem and a marker per event, and nothing where it is absent: absence is not zero.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-results-formats.h"
#include "hyco-output-file-private.h"
#include "hyco-results-private.h"

#include <errno.h>
#include <math.h>
#include <plplot.h>
#include <glib/gstdio.h>
#include <stdio.h>

/* PLplot keeps global state (streams, the driver table): one plot at a time. */
static GMutex plot_lock;

/* cmap0 entries. */
enum
{
  COLOR_BACKGROUND,
  COLOR_AXES,
  COLOR_GRID,
  COLOR_FIRST_SIGNAL,
};

static const guint8 palette[][3] = {
  { 31, 119, 180 }, { 214, 39, 40 }, { 44, 160, 44 },   { 148, 103, 189 },
  { 255, 127, 14 }, { 140, 86, 75 }, { 227, 119, 194 }, { 23, 190, 207 },
};

/* Pixels, whatever the size. */
#define MARGIN_LEFT 80.0
#define MARGIN_RIGHT 24.0
#define MARGIN_TOP 12.0
#define MARGIN_BOTTOM 52.0
#define PANEL_HEADER 22.0

static const char *
driver_for (const char *path)
{
  const char *dot = strrchr (path, '.');

  if (dot == NULL)
    return NULL;
  if (g_ascii_strcasecmp (dot, ".svg") == 0)
    return "svg";
  if (g_ascii_strcasecmp (dot, ".png") == 0)
    return "pngcairo";
  if (g_ascii_strcasecmp (dot, ".pdf") == 0)
    return "pdfcairo";
  return NULL;
}

/* PLplot's drivers do not report write errors (a full disk): a file that does not end as its
 * format ends was cut short. SVG ends with its root element's end tag, PNG with its IEND chunk
 * (type, then a 4-byte checksum), PDF with the %%EOF marker. */
static gboolean
plot_file_is_complete (const char *path, const char *driver)
{
  char tail[32];
  FILE *file = fopen (path, "rb");
  size_t n = 0;

  if (file == NULL)
    return FALSE;
  if (fseeko (file, 0, SEEK_END) == 0 && ftello (file) >= (off_t) sizeof tail
      && fseeko (file, -(off_t) sizeof tail, SEEK_END) == 0)
    n = fread (tail, 1, sizeof tail, file);
  fclose (file);
  if (n != sizeof tail)
    return FALSE;
  if (g_str_equal (driver, "pngcairo"))
    return memcmp (tail + sizeof tail - 8, "IEND", 4) == 0;
  return g_strstr_len (tail, sizeof tail, g_str_equal (driver, "svg") ? "</svg>" : "%%EOF") != NULL;
}

/* PLplot asks on standard input for a device it does not know, and exits on most errors:
 * check first. */
static gboolean
driver_available (const char *driver)
{
  int n = 256;
  const char **menu = g_new0 (const char *, n);
  const char **names = g_new0 (const char *, n);
  gboolean found = FALSE;

  plgDevs (&menu, &names, &n);
  for (int i = 0; i < n && !found; i++)
    found = names[i] && g_str_equal (names[i], driver);
  g_free (menu);
  g_free (names);
  return found;
}

static void
value_range (GArray *values, gboolean with_zero, double *low, double *high)
{
  double lo = with_zero ? 0.0 : INFINITY, hi = with_zero ? 0.0 : -INFINITY;

  for (guint i = 0; i < values->len; i++)
    {
      double v = g_array_index (values, double, i);
      if (isnan (v))
        continue;
      lo = MIN (lo, v);
      hi = MAX (hi, v);
    }
  if (!isfinite (lo) || !isfinite (hi))
    lo = hi = 0.0;
  if (hi - lo < 1e-300)
    {
      double pad = fabs (hi) > 0 ? fabs (hi) * 0.5 : 1.0;
      lo -= pad;
      hi += pad;
    }
  else
    {
      double pad = (hi - lo) * 0.08;
      lo -= pad;
      hi += pad;
    }
  *low = lo;
  *high = hi;
}

static void
draw_line (GArray *times, GArray *values)
{
  const double *t = (const double *) (gpointer) times->data;
  const double *v = (const double *) (gpointer) values->data;
  guint start = 0;

  for (guint i = 0; i <= times->len; i++)
    {
      if (i < times->len && !isnan (t[i]))
        continue;
      /* A segment between two breaks; alone, a point is a marker. */
      if (i - start >= 2)
        plline ((PLINT) (i - start), t + start, v + start);
      else if (i - start == 1)
        plpoin (1, t + start, v + start, 17);
      start = i + 1;
    }
  if (times->len <= 100)
    plpoin ((PLINT) times->len, t, v, 17);
}

static void
draw_events (GArray *times, GArray *values)
{
  const double *t = (const double *) (gpointer) times->data;
  const double *v = (const double *) (gpointer) values->data;

  for (guint i = 0; i < times->len; i++)
    pljoin (t[i], 0.0, t[i], v[i]);
  plpoin ((PLINT) times->len, t, v, 4);
}

static gboolean
collect_panels (HycoResults *self, const char *const *names, GPtrArray *panels, GError **error)
{
  GPtrArray *signals = _hyco_results_get_signals (self);

  if (names)
    {
      for (guint i = 0; names[i]; i++)
        {
          HycoResultsSignal *signal = _hyco_results_lookup (self, names[i], error);
          if (signal == NULL)
            return FALSE;
          if (_hyco_results_signal_style (self, signal) != HYCO_PLOT_STYLE_NONE)
            g_ptr_array_add (panels, signal);
        }
    }
  else
    for (guint i = 0; i < signals->len; i++)
      if (_hyco_results_signal_style (self, signals->pdata[i]) != HYCO_PLOT_STYLE_NONE)
        g_ptr_array_add (panels, signals->pdata[i]);
  if (panels->len == 0)
    {
      g_set_error_literal (error, HYCO_RESULTS_ERROR, HYCO_RESULTS_ERROR_NOTHING_TO_PLOT,
                           "no signal with numeric or boolean values was present: nothing to "
                           "plot");
      return FALSE;
    }
  return TRUE;
}

static void
draw (HycoResults *self, GPtrArray *panels, guint width, guint height)
{
  double t_end
    = hyco_time_to_seconds (hyco_results_get_end_time (self), hyco_results_get_resolution (self));
  double t_start = 0.0, t_pad;
  double plot_height = (double) height - MARGIN_TOP - MARGIN_BOTTOM;
  double panel_height = plot_height / panels->len;

  for (guint p = 0; p < panels->len; p++)
    {
      HycoResultsSignal *signal = panels->pdata[p];
      gint64 last = g_array_index (signal->times, gint64, signal->times->len - 1);
      t_end = MAX (t_end, hyco_time_to_seconds (last, hyco_results_get_resolution (self)));
    }
  if (t_end <= t_start)
    t_end = t_start + 1.0;
  t_pad = (t_end - t_start) * 0.02;

  /* PLplot scales text and symbols with the page's larger side: keep them at one pixel size. */
  pladv (0);
  plschr (0.0, 0.9 * 1000.0 / MAX (width, height));
  plssym (0.0, 0.45 * 1000.0 / MAX (width, height));
  for (guint p = 0; p < panels->len; p++)
    {
      HycoResultsSignal *signal = panels->pdata[p];
      HycoPlotStyle style = _hyco_results_signal_style (self, signal);
      g_autoptr (GArray) times = g_array_new (FALSE, FALSE, sizeof (double));
      g_autoptr (GArray) values = g_array_new (FALSE, FALSE, sizeof (double));
      double top = MARGIN_TOP + p * panel_height + PANEL_HEADER;
      double bottom = MARGIN_TOP + (p + 1) * panel_height - 8.0;
      gboolean last = p + 1 == panels->len;
      g_autofree char *label = NULL;
      double low, high;

      _hyco_results_signal_points (self, signal, style, times, values);
      value_range (values, style == HYCO_PLOT_STYLE_EVENTS, &low, &high);
      plvpor (MARGIN_LEFT / width, 1.0 - MARGIN_RIGHT / width, 1.0 - bottom / height,
              1.0 - top / height);
      plwind (t_start - t_pad, t_end + t_pad, low, high);
      plcol0 (COLOR_GRID);
      plwidth (0.5);
      plbox ("g", 0.0, 0, "g", 0.0, 0);
      plcol0 (COLOR_AXES);
      plwidth (1.0);
      plbox (last ? "bcnst" : "bcst", 0.0, 0, "bcnstv", 0.0, 0);
      {
        const char *unit = hyco_results_get_unit (self, signal->name);
        label
          = g_strdup_printf ("%s%s%s%s%s", signal->name, unit ? " [" : "", unit ? unit : "",
                             unit ? "]" : "", style == HYCO_PLOT_STYLE_LINE ? "" : "  (events)");
      }
      plmtex ("t", 0.6, 0.0, 0.0, label);
      if (last)
        plmtex ("b", 3.2, 0.5, 0.5, "time (s)");
      plcol0 (COLOR_FIRST_SIGNAL + (PLINT) (p % G_N_ELEMENTS (palette)));
      plwidth (1.5);
      if (style == HYCO_PLOT_STYLE_LINE)
        draw_line (times, values);
      else
        draw_events (times, values);
    }
}

/**
 * hyco_results_plot:
 * @self: results
 * @path: the file to write: `.svg`, `.png` or `.pdf`
 * @signals: (nullable) (array zero-terminated=1): the signals to plot, in panel order, or
 *   %NULL for every signal with a numeric or boolean value present at least once
 * @width: the width in pixels (points for PDF), or 0 for 1000
 * @height: the height, or 0 for 80 plus 180 per panel
 * @error: return location for a #GError
 *
 * Plots signals in panels over a shared time axis in seconds, each panel labelled with its
 * signal's name. A continuous signal (present at every tag the model executed from its first
 * value on, microstep 0 included: see hyco_results_get_plot_style()) is drawn as a line through its
 * values in tag order, so a discontinuity, two values at one time at successive microsteps, is a
 * vertical jump at that instant. Other signals are drawn as events: a stem from 0 and a marker at
 * each present value, nothing where the signal is absent. Booleans are drawn as 0 and 1; string
 * signals are left out. See hyco_results_get_plot_points() for the points drawn. The file is
 * written atomically: a file already at @path is replaced only once the new one is complete.
 *
 * Returns: %TRUE on success
 */
gboolean
hyco_results_plot (HycoResults *self, const char *path, const char *const *signals, guint width,
                   guint height, GError **error)
{
  g_autoptr (GPtrArray) panels = g_ptr_array_new ();
  g_autoptr (GError) local_error = NULL;
  HycoOutputFile *output;
  const char *driver;
  PLINT stream, previous;

  g_return_val_if_fail (HYCO_IS_RESULTS (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  driver = driver_for (path);
  if (driver == NULL)
    {
      g_set_error (error, HYCO_RESULTS_ERROR, HYCO_RESULTS_ERROR_FORMAT,
                   "cannot plot to %s: name a .svg, .png or .pdf file", path);
      return FALSE;
    }
  if (!collect_panels (self, signals, panels, error))
    return FALSE;
  if (width == 0)
    width = 1000;
  if (height == 0)
    height = 80 + 180 * panels->len;
  if (height < MARGIN_TOP + MARGIN_BOTTOM + panels->len * (PANEL_HEADER + 30.0)
      || width < MARGIN_LEFT + MARGIN_RIGHT + 100)
    {
      g_set_error (error, HYCO_RESULTS_ERROR, HYCO_RESULTS_ERROR_FORMAT,
                   "cannot plot %u signals in %u×%u pixels: make the plot larger", panels->len,
                   width, height);
      return FALSE;
    }

  g_mutex_lock (&plot_lock);
  if (!driver_available (driver))
    {
      g_mutex_unlock (&plot_lock);
      g_set_error (error, HYCO_RESULTS_ERROR, HYCO_RESULTS_ERROR_DRIVER,
                   "cannot plot to %s: PLplot has no %s driver (on Debian, install %s)", path,
                   driver, g_str_equal (driver, "svg") ? "libplplot17" : "plplot-driver-cairo");
      return FALSE;
    }
  /* PLplot opens the file itself, and exits when it cannot: the file is made first. */
  output = _hyco_output_file_new (path, "the plot", &local_error);
  if (output == NULL)
    {
      g_mutex_unlock (&plot_lock);
      g_set_error (error, HYCO_RESULTS_ERROR, HYCO_RESULTS_ERROR_IO, "%s", local_error->message);
      return FALSE;
    }

  plgstrm (&previous);
  plmkstrm (&stream);
  plsdev (driver);
  plsfnam (_hyco_output_file_get_write_path (output));
  plspage (0.0, 0.0, (PLINT) width, (PLINT) height, 0, 0);
  plscmap0n (COLOR_FIRST_SIGNAL + G_N_ELEMENTS (palette));
  plscol0 (COLOR_BACKGROUND, 255, 255, 255);
  plscol0 (COLOR_AXES, 0, 0, 0);
  plscol0 (COLOR_GRID, 220, 220, 220);
  for (guint i = 0; i < G_N_ELEMENTS (palette); i++)
    plscol0 (COLOR_FIRST_SIGNAL + (PLINT) i, palette[i][0], palette[i][1], palette[i][2]);
  plinit ();
  draw (self, panels, width, height);
  plend1 ();
  plsstrm (previous);

  g_mutex_unlock (&plot_lock);
  if (!plot_file_is_complete (_hyco_output_file_get_write_path (output), driver))
    {
      _hyco_output_file_abort (output);
      g_set_error (error, HYCO_RESULTS_ERROR, HYCO_RESULTS_ERROR_IO,
                   "writing the plot to %s failed: the file came out incomplete (is the disk "
                   "full?)",
                   path);
      return FALSE;
    }
  if (!_hyco_output_file_commit (output, 0, &local_error))
    {
      g_set_error (error, HYCO_RESULTS_ERROR, HYCO_RESULTS_ERROR_IO, "%s", local_error->message);
      return FALSE;
    }
  return TRUE;
}
