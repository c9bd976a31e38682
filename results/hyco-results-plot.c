/* hyco-results-plot.c: plots of recorded signals, drawn by PLplot.
 *
 * One panel per signal on a shared time axis. Every box (frames, titles, tick labels) is laid
 * out in pixels by this file before anything is drawn, and text is placed at those pixels:
 * PLplot's own label offsets are in character heights, which at some page sizes put the time
 * axis title off the page.
 *
 * A continuous signal is a line through its values in tag order: two values at one time
 * (successive microsteps) make a vertical segment, so a discontinuity shows as a jump at its
 * instant. A signal present only at some tags is a stem and a marker per event, and nothing
 * where it is absent: absence is not zero. Events denser than the pixels are a mark per pixel
 * column over their values, and an event raster: stems there would be a solid block.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-results-formats.h"
#include "hyco-results-plot-private.h"
#include "hyco-plot-private.h"
#include "hyco-output-file-private.h"
#include "hyco-results-private.h"
#include "hyco-format-module-private.h"

#include <errno.h>
#include <math.h>
#include <glib/gstdio.h>
#include <stdio.h>

/* PLplot keeps global state (streams, the driver table): one plot at a time, whoever draws
 * it (hyco-plot-private.h). */
static GMutex plot_lock;

/* PLplot, from the module hyco-plot: set under the lock. */
static const HycoPlplot *plplot;

const HycoPlplot *
_hyco_plot_load (const char *what, GQuark domain, gint code, GError **error)
{
  return _hyco_module_symbol ("results", "hyco-plot", HYCO_PLPLOT_SYMBOL, what, domain, code,
                              error);
}

void
_hyco_plot_lock (void)
{
  g_mutex_lock (&plot_lock);
}

void
_hyco_plot_unlock (void)
{
  g_mutex_unlock (&plot_lock);
}

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

/* Pixels, whatever the size (points for PDF): text is as tall on every page, and every box is
 * laid out in pixels before anything is drawn, so nothing falls off the page. */
#define TEXT_HEIGHT 14.0
#define MARGIN_TOP 6.0
#define MARGIN_RIGHT 24.0
#define MARGIN_LEFT_MIN 48.0
#define PANEL_HEADER (TEXT_HEIGHT * 1.7)
#define PANEL_GAP 5.0
#define TICK_LENGTH 5.0
#define TICK_LABEL_GAP 6.0
/* Below the last panel: the time tick labels, then the axis title, then a margin. */
#define MARGIN_BOTTOM (TICK_LABEL_GAP + TEXT_HEIGHT + 8.0 + TEXT_HEIGHT + 10.0)
#define MIN_PANEL_HEIGHT 24.0
#define MIN_PLOT_WIDTH 100.0
/* Room between the frame and the first or last instant, and the largest or smallest value:
 * a marker there is drawn whole, off the frame. */
#define EDGE_ROOM 12.0
/* Events closer than this on average are too dense for a stem each. */
#define DENSE_SPACING 4.0
/* The strip at the bottom of a dense events panel with a mark at each instant with events. */
#define RASTER_HEIGHT 8.0
const char *
_hyco_plot_driver_for (const char *path)
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
gboolean
_hyco_plot_file_is_complete (const char *path, const char *driver)
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
gboolean
_hyco_plot_driver_available (const HycoPlplot *pl, const char *driver)
{
  int n = 256;
  const char **menu = g_new0 (const char *, n);
  const char **names = g_new0 (const char *, n);
  gboolean found = FALSE;

  pl->gDevs (&menu, &names, &n);
  for (int i = 0; i < n && !found; i++)
    found = names[i] && g_str_equal (names[i], driver);
  g_free (menu);
  g_free (names);
  return found;
}

/* The range a panel's value axis covers: the values (and 0 for stems), with room for a marker
 * at each end that is @room pixels of @pixels tall. */
static void
value_range (GArray *values, gboolean with_zero, double room, double pixels, double *low,
             double *high)
{
  double lo = with_zero ? 0.0 : INFINITY, hi = with_zero ? 0.0 : -INFINITY;
  double fraction = MIN (MAX (room / MAX (pixels, 1.0), 0.04), 0.3);
  double pad;

  for (guint i = 0; i < values->len; i++)
    {
      double v = g_array_index (values, double, i);
      if (!isfinite (v))
        continue;
      lo = MIN (lo, v);
      hi = MAX (hi, v);
    }
  if (!isfinite (lo) || !isfinite (hi))
    lo = hi = 0.0;
  if (hi - lo < 1e-300 || hi - lo < 1e-12 * MAX (fabs (lo), fabs (hi)))
    {
      pad = fabs (hi) > 0 ? fabs (hi) * 0.5 : 1.0;
      lo -= pad;
      hi += pad;
    }
  /* @fraction of the whole axis at each end: (hi - lo) is 1 - 2 fraction of it. */
  pad = (hi - lo) * fraction / (1.0 - 2.0 * fraction);
  *low = lo - pad;
  *high = hi + pad;
}

/* 1, 2 or 5 times a power of ten, at least @range / @count: ticks a person reads at once. */
static double
nice_step (double range, double count)
{
  double raw = range / MAX (count, 1.0);
  double magnitude, mantissa;

  if (!(raw > 0.0) || !isfinite (raw))
    return 1.0;
  magnitude = pow (10.0, floor (log10 (raw)));
  mantissa = raw / magnitude;
  if (mantissa <= 1.0 + 1e-9)
    return magnitude;
  if (mantissa <= 2.0 + 1e-9)
    return 2.0 * magnitude;
  if (mantissa <= 5.0 + 1e-9)
    return 5.0 * magnitude;
  return 10.0 * magnitude;
}

static double
next_nice_step (double step)
{
  return nice_step (step * 1.5, 1.0);
}

/* A tick value written out in full, with as many decimals as the step needs: no multiplier
 * off to the side of the axis. Very large or small values take an exponent in the label
 * itself. */
static char *
format_tick (double value, double step)
{
  char format[16];
  char text[G_ASCII_DTOSTR_BUF_SIZE];
  int decimals = MAX (0, (int) -floor (log10 (step) + 1e-9));

  if (fabs (value) < step * 1e-6)
    value = 0.0;
  if (decimals <= 5 && fabs (value) < 1e6)
    g_snprintf (format, sizeof format, "%%.%df", decimals);
  else
    g_snprintf (
      format, sizeof format, "%%.%dg",
      CLAMP ((int) (floor (log10 (MAX (fabs (value), step))) - floor (log10 (step))) + 1, 1, 6));
  g_ascii_formatd (text, sizeof text, format, value);
  return g_strdup (text);
}

/* The tick values of [@low, @high] at multiples of @step. */
static GArray *
ticks_in (double low, double high, double step)
{
  GArray *ticks = g_array_new (FALSE, FALSE, sizeof (double));

  for (double k = ceil (low / step - 1e-9); k * step <= high + step * 1e-9; k++)
    {
      double value = k * step;
      g_array_append_val (ticks, value);
    }
  return ticks;
}

/* The unit the time axis is labelled in: its ticks read 0 to 50 ms, not 0 to 0.05 s. */
static void
time_unit (double span, double *factor, const char **name)
{
  if (span >= 1.0)
    *factor = 1.0, *name = "s";
  else if (span >= 1e-3)
    *factor = 1e-3, *name = "ms";
  else if (span >= 1e-6)
    *factor = 1e-6, *name = "µs";
  else
    *factor = 1e-9, *name = "ns";
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
        plplot->line ((gint32) (i - start), t + start, v + start);
      else if (i - start == 1)
        plplot->poin (1, t + start, v + start, 17);
      start = i + 1;
    }
  if (times->len <= 100)
    plplot->poin ((gint32) times->len, t, v, 17);
}

static void
draw_events (GArray *times, GArray *values)
{
  const double *t = (const double *) (gpointer) times->data;
  const double *v = (const double *) (gpointer) values->data;

  for (guint i = 0; i < times->len; i++)
    plplot->join (t[i], 0.0, t[i], v[i]);
  plplot->poin ((gint32) times->len, t, v, 4);
}

/* Events too dense for a stem each (more than the pixels hold): in each pixel column, a mark
 * over the range of the values there, and a mark in the strip at the bottom (an event
 * raster), so both the values and where events are dense or sparse show. */
static void
draw_dense_events (GArray *times, GArray *values, guint columns, double t_low, double t_high,
                   double pixel, double raster_low, double raster_high)
{
  g_autofree double *lo = g_new (double, columns);
  g_autofree double *hi = g_new (double, columns);
  g_autofree guint *count = g_new0 (guint, columns);
  double column_width = (t_high - t_low) / columns;

  for (guint i = 0; i < times->len; i++)
    {
      double t = g_array_index (times, double, i), v = g_array_index (values, double, i);
      guint c;
      if (!isfinite (t) || !isfinite (v))
        continue;
      c = (guint) CLAMP ((t - t_low) / column_width, 0.0, (double) columns - 1.0);
      lo[c] = count[c] ? MIN (lo[c], v) : v;
      hi[c] = count[c] ? MAX (hi[c], v) : v;
      count[c]++;
    }
  for (guint c = 0; c < columns; c++)
    if (count[c])
      {
        double x = t_low + (c + 0.5) * column_width;
        /* At least two pixels tall, so a single value shows. */
        plplot->join (x, lo[c] - pixel, x, hi[c] + pixel);
        plplot->join (x, raster_low, x, raster_high);
      }
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

/* One panel, worked out before anything is drawn. */
typedef struct
{
  HycoPlotStyle style;
  GArray *times, *values;
  double low, high; /* the value axis */
  double data_low;  /* below it, the raster strip of dense events */
  double value_step;
  GArray *value_ticks; /* double */
  GPtrArray *value_labels;
  gboolean dense;
  gboolean single_tick; /* one label, at the extreme value, off the tick grid */
  char *header;
} Panel;

static void
panel_clear (Panel *panel)
{
  g_clear_pointer (&panel->times, g_array_unref);
  g_clear_pointer (&panel->values, g_array_unref);
  g_clear_pointer (&panel->value_ticks, g_array_unref);
  g_clear_pointer (&panel->value_labels, g_ptr_array_unref);
  g_clear_pointer (&panel->header, g_free);
}

void
_hyco_plot_layout_free (HycoPlotLayout *layout)
{
  if (layout == NULL)
    return;
  g_free (layout->frames);
  g_free (layout->headers);
  g_free (layout->value_ticks);
  g_free (layout->n_value_ticks);
  g_free (layout->dense);
  g_free (layout->time_title_text);
  g_free (layout);
}

/* Pixels per millimetre of the page: PLplot sizes text, symbols and ticks in millimetres. */
static double pixels_per_mm;

/* PLplot does not tell how wide a string is (plstrl() is not exported): a generous width
 * for the sans-serif font its cairo drivers use, per character, in text heights. */
static double
text_width (const char *text)
{
  double width = 0.0;

  for (const char *c = text; *c; c = g_utf8_next_char (c))
    {
      gunichar u = g_utf8_get_char (c);
      if (u == '.' || u == ',' || u == ':' || u == ' ' || u == 'i' || u == 'l' || u == '('
          || u == ')' || u == '[' || u == ']')
        width += 0.45;
      else if (u == 'm' || u == 'w' || u == 'M' || u == 'W')
        width += 1.15;
      else
        width += 0.80;
    }
  return width * TEXT_HEIGHT;
}

/* Writes @text with its middle at @y pixels from the top; @just: 0 left at @x, 0.5 centred,
 * 1 right. Returns the box it takes. */
static HycoPlotBox
put_text (guint width, guint height, double x, double y, double just, const char *text)
{
  double w = text_width (text);
  HycoPlotBox box = { x - just * w, y - TEXT_HEIGHT * 0.75, w, TEXT_HEIGHT * 1.5 };

  plplot->vpor (0.0, 1.0, 0.0, 1.0);
  plplot->wind (0.0, width, -(double) height, 0.0);
  /* PLplot puts a string's reference point at half its character height. */
  plplot->ptex (x, -y, 1.0, 0.0, just, text);
  return box;
}

static HycoPlotBox
box_union (HycoPlotBox a, HycoPlotBox b)
{
  HycoPlotBox u;

  if (a.width <= 0.0 && a.height <= 0.0)
    return b;
  u.x = MIN (a.x, b.x);
  u.y = MIN (a.y, b.y);
  u.width = MAX (a.x + a.width, b.x + b.width) - u.x;
  u.height = MAX (a.y + a.height, b.y + b.height) - u.y;
  return u;
}

/* The note after an event signal's name: its count, and for dense events their rate and, when
 * @explained, how they are drawn. */
static char *
events_header (guint n, double first, double last, double factor, const char *unit, gboolean dense,
               gboolean explained)
{
  char rate[G_ASCII_DTOSTR_BUF_SIZE];

  if (!dense)
    return g_strdup_printf ("(%u event%s)", n, n == 1 ? "" : "s");
  if (last > first)
    g_ascii_formatd (rate, sizeof rate, "%.3g", (n - 1) / ((last - first) / factor));
  else
    g_strlcpy (rate, "?", sizeof rate);
  return g_strdup_printf ("(%u events, %s per %s%s)", n, rate, unit,
                          explained ? ": too dense for stems; the strip marks where they are"
                                    : ", too dense for stems");
}

static HycoPlotLayout *
draw (HycoResults *self, GPtrArray *signals, guint width, guint height)
{
  int resolution = hyco_results_get_resolution (self);
  guint n = signals->len;
  HycoPlotLayout *layout = g_new0 (HycoPlotLayout, 1);
  g_autofree Panel *panels = g_new0 (Panel, n);
  g_autoptr (GArray) time_ticks = NULL;
  g_autoptr (GPtrArray) time_labels = g_ptr_array_new_with_free_func (g_free);
  double t_start = 0.0, t_end = hyco_time_to_seconds (hyco_results_get_end_time (self), resolution);
  double t_low, t_high, t_step, factor;
  double slot = (height - MARGIN_TOP - MARGIN_BOTTOM) / n;
  double frame_height = slot - PANEL_HEADER - PANEL_GAP;
  double left = MARGIN_LEFT_MIN, right = MARGIN_RIGHT, plot_width, widest;
  double page_x0, page_x1, page_y0, page_y1;
  const char *unit;

  layout->width = width;
  layout->height = height;
  layout->n_panels = n;
  layout->frames = g_new0 (HycoPlotBox, n);
  layout->headers = g_new0 (HycoPlotBox, n);
  layout->value_ticks = g_new0 (HycoPlotBox, n);
  layout->n_value_ticks = g_new0 (guint, n);
  layout->dense = g_new0 (gboolean, n);

  plplot->adv (0);
  plplot->gspa (&page_x0, &page_x1, &page_y0, &page_y1);
  pixels_per_mm = width / (page_x1 - page_x0);
  plplot->schr (TEXT_HEIGHT / pixels_per_mm, 1.0);
  plplot->ssym (TEXT_HEIGHT * 0.5 / pixels_per_mm, 1.0);
  plplot->smaj (TICK_LENGTH / pixels_per_mm, 1.0);
  plplot->smin (TICK_LENGTH * 0.5 / pixels_per_mm, 1.0);

  for (guint p = 0; p < n; p++)
    {
      HycoResultsSignal *signal = signals->pdata[p];
      gint64 last = g_array_index (signal->times, gint64, signal->times->len - 1);
      t_end = MAX (t_end, hyco_time_to_seconds (last, resolution));
    }
  if (t_end <= t_start)
    t_end = t_start + 1.0;
  time_unit (t_end - t_start, &factor, &unit);

  /* The values, their axes and labels: these set the left margin. */
  for (guint p = 0; p < n; p++)
    {
      HycoResultsSignal *signal = signals->pdata[p];
      Panel *panel = &panels[p];
      const char *signal_unit = hyco_results_get_unit (self, signal->name);
      g_autofree char *kind = NULL;
      guint n_events = 0;
      double target, room;

      panel->style = _hyco_results_signal_style (self, signal);
      panel->times = g_array_new (FALSE, FALSE, sizeof (double));
      panel->values = g_array_new (FALSE, FALSE, sizeof (double));
      _hyco_results_signal_points (self, signal, panel->style, panel->times, panel->values);
      for (guint i = 0; i < panel->times->len; i++)
        n_events += !isnan (g_array_index (panel->times, double, i));
      /* Against the widest the frame can be: the margins are not known yet. */
      panel->dense = panel->style == HYCO_PLOT_STYLE_EVENTS
                     && n_events * DENSE_SPACING > width - MARGIN_LEFT_MIN - MARGIN_RIGHT;
      room = EDGE_ROOM + (panel->dense ? RASTER_HEIGHT + 2.0 : 0.0);
      value_range (panel->values, panel->style == HYCO_PLOT_STYLE_EVENTS && !panel->dense, room,
                   frame_height, &panel->low, &panel->high);
      panel->data_low = panel->low;
      if (panel->dense)
        panel->low -= (panel->high - panel->low) * (RASTER_HEIGHT + 2.0)
                      / MAX (frame_height - RASTER_HEIGHT - 2.0, 1.0);
      /* A label every two and a half text heights at most: never on top of each other. */
      target = MAX (frame_height / (TEXT_HEIGHT * 2.5), 1.0);
      panel->value_step = nice_step (panel->high - panel->data_low, target);
      panel->value_ticks = ticks_in (panel->data_low, panel->high, panel->value_step);
      /* Two labels at least, unless they would then touch. */
      while (panel->value_ticks->len < 2 && target < 4.0
             && frame_height / (target * 2.0) >= TEXT_HEIGHT * 1.5)
        {
          target *= 2.0;
          g_array_unref (panel->value_ticks);
          panel->value_step = nice_step (panel->high - panel->data_low, target);
          panel->value_ticks = ticks_in (panel->data_low, panel->high, panel->value_step);
        }
      /* Room for one label only: the extreme value, which says more than a 0 does. */
      panel->single_tick = frame_height / 2.0 < TEXT_HEIGHT * 1.5;
      if (panel->single_tick)
        {
          double extreme = 0.0;
          for (guint i = 0; i < panel->values->len; i++)
            {
              double v = g_array_index (panel->values, double, i);
              if (isfinite (v) && fabs (v) > fabs (extreme))
                extreme = v;
            }
          panel->value_step = nice_step (panel->high - panel->data_low, 2.0);
          g_array_set_size (panel->value_ticks, 0);
          g_array_append_val (panel->value_ticks, extreme);
        }
      panel->value_labels = g_ptr_array_new_with_free_func (g_free);
      for (guint i = 0; i < panel->value_ticks->len; i++)
        {
          char *label
            = format_tick (g_array_index (panel->value_ticks, double, i), panel->value_step);
          left = MAX (left, text_width (label) + TICK_LABEL_GAP + 10.0);
          g_ptr_array_add (panel->value_labels, label);
        }
      if (panel->style == HYCO_PLOT_STYLE_EVENTS)
        {
          double first = INFINITY, last = -INFINITY;
          for (guint i = 0; i < panel->times->len; i++)
            {
              double t = g_array_index (panel->times, double, i);
              first = MIN (first, t);
              last = MAX (last, t);
            }
          kind = events_header (n_events, first, last, factor, unit, panel->dense, TRUE);
          panel->header = g_strdup_printf ("%s%s%s%s  %s", signal->name,
                                           signal_unit ? " [" : "", signal_unit ? signal_unit : "",
                                           signal_unit ? "]" : "", kind);
          /* Too wide for the page: the note without its explanation. */
          if (text_width (panel->header) > width - 2.0 * MARGIN_LEFT_MIN - MARGIN_RIGHT)
            {
              g_free (kind);
              kind = events_header (n_events, first, last, factor, unit, panel->dense, FALSE);
            }
          g_free (panel->header);
        }
      panel->header = g_strdup_printf ("%s%s%s%s%s%s", signal->name, signal_unit ? " [" : "",
                                       signal_unit ? signal_unit : "", signal_unit ? "]" : "",
                                       kind ? "  " : "", kind ? kind : "");
      /* Too wide for the page: the name alone, then its end (where names differ). */
      if (kind && text_width (panel->header) > width - 2.0 * MARGIN_LEFT_MIN - MARGIN_RIGHT)
        {
          g_free (panel->header);
          panel->header = g_strdup (signal->name);
        }
      while (text_width (panel->header) > width - 2.0 * MARGIN_LEFT_MIN - MARGIN_RIGHT
             && g_utf8_strlen (panel->header, -1) > 4)
        {
          char *shorter = g_strconcat ("…", g_utf8_offset_to_pointer (panel->header, 2), NULL);
          g_free (panel->header);
          panel->header = shorter;
        }
      layout->dense[p] = panel->dense;
    }

  /* The time axis: ticks far enough apart for their labels, in a unit that needs no
   * multiplier; the widest label sets the right margin (the last one is centred on its tick). */
  for (int pass = 0; pass < 2; pass++)
    {
      plot_width = width - left - right;
      t_step = nice_step ((t_end - t_start) / factor, plot_width / 100.0) * factor;
      for (;;)
        {
          t_low = t_start - (t_end - t_start) * EDGE_ROOM / (plot_width - 2.0 * EDGE_ROOM);
          t_high = t_end + (t_end - t_start) * EDGE_ROOM / (plot_width - 2.0 * EDGE_ROOM);
          g_clear_pointer (&time_ticks, g_array_unref);
          g_ptr_array_set_size (time_labels, 0);
          time_ticks = ticks_in (t_low, t_high, t_step);
          widest = 0.0;
          for (guint i = 0; i < time_ticks->len; i++)
            {
              char *label
                = format_tick (g_array_index (time_ticks, double, i) / factor, t_step / factor);
              widest = MAX (widest, text_width (label));
              g_ptr_array_add (time_labels, label);
            }
          if (widest + 2.0 * TEXT_HEIGHT <= t_step / (t_high - t_low) * plot_width)
            break;
          t_step = next_nice_step (t_step / factor) * factor;
        }
      right = MAX (MARGIN_RIGHT, widest / 2.0 + 6.0);
    }

  for (guint p = 0; p < n; p++)
    {
      Panel *panel = &panels[p];
      HycoPlotBox *frame = &layout->frames[p];
      gboolean last = p + 1 == n;

      frame->x = left;
      frame->y = MARGIN_TOP + p * slot + PANEL_HEADER;
      frame->width = plot_width;
      frame->height = frame_height;
      plplot->vpor (frame->x / width, (frame->x + frame->width) / width,
              1.0 - (frame->y + frame->height) / height, 1.0 - frame->y / height);
      plplot->wind (t_low, t_high, panel->low, panel->high);
      plplot->col0 (COLOR_GRID);
      plplot->width (0.5);
      plplot->box ("g", t_step, 0, "g", panel->value_step, 0);
      plplot->col0 (COLOR_AXES);
      plplot->width (1.0);
      plplot->box ("bcst", t_step, 0, panel->single_tick ? "bc" : "bct", panel->value_step, 0);
      if (panel->single_tick)
        {
          double v = g_array_index (panel->value_ticks, double, 0);
          double tick = TICK_LENGTH / frame->width * (t_high - t_low);
          plplot->join (t_low, v, t_low + tick, v);
          plplot->join (t_high - tick, v, t_high, v);
        }
      plplot->col0 (COLOR_FIRST_SIGNAL + (gint32) (p % G_N_ELEMENTS (palette)));
      plplot->width (1.5);
      if (panel->style == HYCO_PLOT_STYLE_LINE)
        draw_line (panel->times, panel->values);
      else if (!panel->dense)
        draw_events (panel->times, panel->values);
      else
        {
          double pixel = (panel->high - panel->low) / frame->height;
          plplot->width (1.0);
          draw_dense_events (panel->times, panel->values, (guint) frame->width, t_low, t_high,
                             pixel, panel->low + pixel, panel->low + RASTER_HEIGHT * pixel);
        }

      plplot->col0 (COLOR_AXES);
      layout->headers[p] = put_text (width, height, frame->x, frame->y - PANEL_HEADER / 2.0 + 1.0,
                                     0.0, panel->header);
      for (guint i = 0; i < panel->value_ticks->len; i++)
        {
          double v = g_array_index (panel->value_ticks, double, i);
          double y = frame->y + (panel->high - v) / (panel->high - panel->low) * frame->height;
          HycoPlotBox box = put_text (width, height, frame->x - TICK_LABEL_GAP, y, 1.0,
                                      panel->value_labels->pdata[i]);
          layout->value_ticks[p] = box_union (layout->value_ticks[p], box);
        }
      layout->n_value_ticks[p] = panel->value_ticks->len;
      if (last)
        {
          for (guint i = 0; i < time_ticks->len; i++)
            {
              double t = g_array_index (time_ticks, double, i);
              double x = frame->x + (t - t_low) / (t_high - t_low) * frame->width;
              HycoPlotBox box = put_text (
                width, height, x, frame->y + frame->height + TICK_LABEL_GAP + TEXT_HEIGHT / 2.0,
                0.5, time_labels->pdata[i]);
              layout->time_ticks = box_union (layout->time_ticks, box);
            }
          layout->n_time_ticks = time_ticks->len;
          layout->time_title_text = g_strdup_printf ("time (%s)", unit);
          layout->time_title
            = put_text (width, height, frame->x + frame->width / 2.0,
                        height - 10.0 - TEXT_HEIGHT / 2.0, 0.5, layout->time_title_text);
        }
    }
  for (guint p = 0; p < n; p++)
    panel_clear (&panels[p]);
  return layout;
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
 * each present value, nothing where the signal is absent; events closer together than a few
 * pixels are drawn as a mark over their values in each pixel column and a strip along the
 * bottom of the panel that marks where they are, and the panel's title gives their number and
 * rate. Booleans are drawn as 0 and 1; string signals are left out. The time axis is labelled
 * in seconds, milliseconds, microseconds or nanoseconds, whichever reads best, and every tick
 * label is written in full. See hyco_results_get_plot_points() for the points drawn. The file is
 * written atomically: a file already at @path is replaced only once the new one is complete.
 *
 * Returns: %TRUE on success
 */
gboolean
hyco_results_plot (HycoResults *self, const char *path, const char *const *signals, guint width,
                   guint height, GError **error)
{
  return _hyco_results_plot_with_layout (self, path, signals, width, height, NULL, error);
}

gboolean
_hyco_results_plot_with_layout (HycoResults *self, const char *path, const char *const *signals,
                                guint width, guint height, HycoPlotLayout **layout, GError **error)
{
  g_autoptr (HycoPlotLayout) drawn = NULL;
  g_autoptr (GPtrArray) panels = g_ptr_array_new ();
  g_autoptr (GError) local_error = NULL;
  g_autofree char *what = NULL;
  HycoOutputFile *output;
  const char *driver;
  gint32 stream, previous;

  g_return_val_if_fail (HYCO_IS_RESULTS (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  driver = _hyco_plot_driver_for (path);
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
  if (height
        < MARGIN_TOP + MARGIN_BOTTOM + panels->len * (PANEL_HEADER + PANEL_GAP + MIN_PANEL_HEIGHT)
      || width < 2 * MARGIN_LEFT_MIN + MARGIN_RIGHT + MIN_PLOT_WIDTH)
    {
      g_set_error (error, HYCO_RESULTS_ERROR, HYCO_RESULTS_ERROR_FORMAT,
                   "cannot plot %u signals in %u×%u pixels: make the plot larger", panels->len,
                   width, height);
      return FALSE;
    }

  what = g_strdup_printf ("plotting to %s", path);
  g_mutex_lock (&plot_lock);
  plplot = _hyco_plot_load (what, HYCO_RESULTS_ERROR, HYCO_RESULTS_ERROR_DRIVER, error);
  if (plplot == NULL)
    {
      g_mutex_unlock (&plot_lock);
      return FALSE;
    }
  if (!_hyco_plot_driver_available (plplot, driver))
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

  plplot->gstrm (&previous);
  plplot->mkstrm (&stream);
  plplot->sdev (driver);
  plplot->sfnam (_hyco_output_file_get_write_path (output));
  plplot->spage (0.0, 0.0, (gint32) width, (gint32) height, 0, 0);
  plplot->scmap0n (COLOR_FIRST_SIGNAL + G_N_ELEMENTS (palette));
  plplot->scol0 (COLOR_BACKGROUND, 255, 255, 255);
  plplot->scol0 (COLOR_AXES, 0, 0, 0);
  plplot->scol0 (COLOR_GRID, 220, 220, 220);
  for (guint i = 0; i < G_N_ELEMENTS (palette); i++)
    plplot->scol0 (COLOR_FIRST_SIGNAL + (gint32) i, palette[i][0], palette[i][1], palette[i][2]);
  plplot->init ();
  drawn = draw (self, panels, width, height);
  plplot->end1 ();
  plplot->sstrm (previous);

  g_mutex_unlock (&plot_lock);
  if (!_hyco_plot_file_is_complete (_hyco_output_file_get_write_path (output), driver))
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
  if (layout)
    *layout = g_steal_pointer (&drawn);
  return TRUE;
}
