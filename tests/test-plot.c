/* test-plot.c: plots a person can read, checked on the rendered image: nothing cut off at any
 * panel count, dense events not a solid block, the first and last instants off the frame.
 *
 * The PNG is read back here (GIO inflates it: no image library needed), and what the plot
 * code says it laid out is checked against the pixels it drew.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "test-support.h"

#include "hyco-results-plot-private.h"
#include "hyco-results-private.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <math.h>

/* An 8-bit RGB or RGBA image, not interlaced: what PLplot's cairo driver writes. */
typedef struct
{
  guint width, height, channels;
  guint8 *pixels; /* rows top to bottom */
} Image;

static void
image_free (Image *image)
{
  g_free (image->pixels);
  g_free (image);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Image, image_free)

static guint
be32 (const guint8 *p)
{
  return ((guint) p[0] << 24) | ((guint) p[1] << 16) | ((guint) p[2] << 8) | p[3];
}

static int
paeth (int a, int b, int c)
{
  int p = a + b - c, pa = abs (p - a), pb = abs (p - b), pc = abs (p - c);

  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

static Image *
read_png (const char *path)
{
  g_autofree guint8 *data = NULL;
  g_autoptr (GByteArray) compressed = g_byte_array_new ();
  g_autoptr (GConverter) inflater = NULL;
  g_autofree guint8 *raw = NULL;
  gsize length = 0, raw_length, read = 0, written = 0;
  Image *image = g_new0 (Image, 1);
  gsize stride;

  g_assert_true (g_file_get_contents (path, (char **) &data, &length, NULL));
  g_assert_cmpmem (data, 8, "\x89PNG\r\n\x1a\n", 8);
  for (gsize pos = 8; pos + 12 <= length;)
    {
      guint size = be32 (data + pos);
      const guint8 *type = data + pos + 4, *body = data + pos + 8;
      g_assert_cmpuint (pos + 12 + size, <=, length);
      if (memcmp (type, "IHDR", 4) == 0)
        {
          image->width = be32 (body);
          image->height = be32 (body + 4);
          g_assert_cmpuint (body[8], ==, 8);            /* bit depth */
          g_assert_true (body[9] == 6 || body[9] == 2); /* RGBA or RGB */
          g_assert_cmpuint (body[12], ==, 0);           /* not interlaced */
          image->channels = body[9] == 6 ? 4 : 3;
        }
      else if (memcmp (type, "IDAT", 4) == 0)
        g_byte_array_append (compressed, body, size);
      pos += 12 + size;
    }
  stride = (gsize) image->width * image->channels;
  raw_length = (stride + 1) * image->height;
  raw = g_malloc (raw_length);
  inflater = G_CONVERTER (g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_ZLIB));
  g_assert_cmpint (g_converter_convert (inflater, compressed->data, compressed->len, raw,
                                        raw_length, G_CONVERTER_INPUT_AT_END, &read, &written,
                                        NULL),
                   ==, G_CONVERTER_FINISHED);
  g_assert_cmpuint (written, ==, raw_length);

  image->pixels = g_malloc0 (stride * image->height);
  for (guint y = 0; y < image->height; y++)
    {
      const guint8 *in = raw + y * (stride + 1) + 1;
      guint8 *row = image->pixels + y * stride;
      const guint8 *up = y > 0 ? row - stride : NULL;
      guint filter = in[-1];
      for (gsize x = 0; x < stride; x++)
        {
          int a = x >= image->channels ? row[x - image->channels] : 0;
          int b = up ? up[x] : 0;
          int c = up && x >= image->channels ? up[x - image->channels] : 0;
          int predicted = filter == 1   ? a
                          : filter == 2 ? b
                          : filter == 3 ? (a + b) / 2
                          : filter == 4 ? paeth (a, b, c)
                                        : 0;
          g_assert_cmpuint (filter, <=, 4);
          row[x] = (guint8) (in[x] + predicted);
        }
    }
  return image;
}

static const guint8 *
pixel (const Image *image, guint x, guint y)
{
  return image->pixels + ((gsize) y * image->width + x) * image->channels;
}

/* Ink: darker than the light grey of the grid. */
static gboolean
inked (const Image *image, guint x, guint y)
{
  const guint8 *p = pixel (image, x, y);

  return p[0] + p[1] + p[2] < 3 * 180;
}

static guint
ink_in (const Image *image, double x0, double y0, double x1, double y1)
{
  guint count = 0;

  for (guint y = (guint) MAX (y0, 0.0); y < MIN (y1, (double) image->height); y++)
    for (guint x = (guint) MAX (x0, 0.0); x < MIN (x1, (double) image->width); x++)
      count += inked (image, x, y);
  return count;
}

/* Near the plot's first signal colour (31, 119, 180). */
static gboolean
first_colour (const Image *image, guint x, guint y)
{
  const guint8 *p = pixel (image, x, y);

  return p[2] > 120 && p[0] < 150 && p[2] > p[0] + 40;
}

static void
assert_inside (const HycoPlotBox *box, guint width, guint height)
{
  g_assert_cmpfloat (box->x, >=, 0.0);
  g_assert_cmpfloat (box->y, >=, 0.0);
  g_assert_cmpfloat (box->x + box->width, <=, width);
  g_assert_cmpfloat (box->y + box->height, <=, height);
  g_assert_cmpfloat (box->width, >, 0.0);
  g_assert_cmpfloat (box->height, >, 0.0);
}

static void
feed (HycoSink *sink, guint index, const char *name, guint64 iteration, gint64 time,
      guint64 microstep, double value)
{
  HycoEpoch epoch = { 1, 0 };
  HycoSignal signal = { .stamp = 1, .epoch = &epoch, .status = HYCO_SIGNAL_PRESENT };
  HycoTag tag = { time, microstep };

  hyco_value_set_double (&signal.value, value);
  sink->klass->write (sink, index, name, &tag, iteration, &signal);
  hyco_value_clear (&signal.value);
}

/* @n continuous signals (a sine each, of a different size) over 10 s, at resolution 1 ms. */
static HycoResults *
continuous_results (guint n)
{
  HycoResults *results = _hyco_results_new (-3);
  HycoSink *sink = _hyco_results_sink_new (results, NULL);

  for (guint64 i = 0; i <= 200; i++)
    for (guint s = 0; s < n; s++)
      {
        g_autofree char *name = g_strdup_printf ("Signal%u.output", s);
        feed (sink, s, name, i, (gint64) i * 50, 0, pow (10.0, (int) s - 4) * sin (i * 0.05 + s));
      }
  g_assert_true (sink->klass->close (sink, 201, 10000, NULL));
  return results;
}

static char *
temporary_png (void)
{
  g_autofree char *dir = g_dir_make_tmp ("hyco-plot-XXXXXX", NULL);

  g_assert_nonnull (dir);
  return g_build_filename (dir, "p.png", NULL);
}

static void
remove_png (const char *path)
{
  g_autofree char *dir = g_path_get_dirname (path);

  g_remove (path);
  g_rmdir (dir);
}

/* 1 to 12 panels, at the default size and crammed into 900×700: every part on the page, the
 * time axis title's pixels drawn inside its box and nothing of it cut by the bottom edge, value
 * tick labels that do not touch. */
static void
check_layout (guint n, guint width, guint height)
{
  g_autoptr (HycoResults) results = continuous_results (n);
  g_autofree char *png = temporary_png ();
  g_autoptr (HycoPlotLayout) layout = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (Image) image = NULL;
  const HycoPlotBox *title;

  g_assert_true (
    _hyco_results_plot_with_layout (results, png, NULL, width, height, &layout, &error));
  g_assert_no_error (error);
  image = read_png (png);
  remove_png (png);
  g_assert_cmpuint (image->width, ==, layout->width);
  g_assert_cmpuint (image->height, ==, layout->height);
  g_assert_cmpuint (layout->n_panels, ==, n);
  g_assert_cmpstr (layout->time_title_text, ==, "time (s)");

  title = &layout->time_title;
  assert_inside (title, image->width, image->height);
  assert_inside (&layout->time_ticks, image->width, image->height);
  g_assert_cmpuint (layout->n_time_ticks, >=, 3);
  /* The title is drawn where the layout says, whole: ink in its box, none just around it,
   * and the image's last rows blank. */
  g_assert_cmpuint (
    ink_in (image, title->x, title->y, title->x + title->width, title->y + title->height), >, 60);
  g_assert_cmpuint (ink_in (image, title->x - 30, ceil (title->y + title->height),
                            title->x + title->width + 30, image->height),
                    ==, 0);
  g_assert_cmpuint (ink_in (image, 0, image->height - 3, image->width, image->height), ==, 0);
  g_assert_cmpuint (ink_in (image, title->x - 30, title->y - 4, title->x, title->y + title->height),
                    ==, 0);
  /* The time tick labels are below the last frame and above the title. */
  g_assert_cmpfloat (layout->time_ticks.y, >=,
                     layout->frames[n - 1].y + layout->frames[n - 1].height);
  g_assert_cmpfloat (layout->time_ticks.y + layout->time_ticks.height, <=, title->y);
  g_assert_cmpuint (ink_in (image, layout->time_ticks.x, layout->time_ticks.y,
                            layout->time_ticks.x + layout->time_ticks.width,
                            layout->time_ticks.y + layout->time_ticks.height),
                    >, 30);

  for (guint p = 0; p < n; p++)
    {
      const HycoPlotBox *frame = &layout->frames[p], *header = &layout->headers[p];
      const HycoPlotBox *ticks = &layout->value_ticks[p];
      assert_inside (frame, image->width, image->height);
      assert_inside (header, image->width, image->height);
      assert_inside (ticks, image->width, image->height);
      /* The title above its frame, below the previous one. */
      g_assert_cmpfloat (header->y + header->height, <=, frame->y + 1.0);
      if (p > 0)
        g_assert_cmpfloat (header->y, >=, layout->frames[p - 1].y + layout->frames[p - 1].height);
      g_assert_cmpuint (
        ink_in (image, header->x, header->y, header->x + header->width, header->y + header->height),
        >, 40);
      /* Value labels left of the frame, evenly spaced and not touching: n labels of one
       * box height each fit in their union. */
      g_assert_cmpfloat (ticks->x + ticks->width, <=, frame->x);
      g_assert_cmpuint (layout->n_value_ticks[p], >=, 1);
      g_assert_cmpfloat (ticks->height, >=, layout->n_value_ticks[p] * 14.0 * 1.5 - 0.01);
      g_assert_cmpuint (
        ink_in (image, ticks->x, ticks->y, ticks->x + ticks->width, ticks->y + ticks->height), >,
        10);
    }
}

static void
test_layouts (void)
{
  for (guint n = 1; n <= 12; n++)
    {
      g_test_message ("%u panels", n);
      check_layout (n, 0, 0);
      check_layout (n, 900, 700);
    }
  check_layout (4, 640, 480);
  check_layout (7, 1600, 900);
}

/* A millisecond-long run: labelled in milliseconds, not seconds with a multiplier. */
static void
test_time_unit (void)
{
  g_autoptr (HycoResults) results = _hyco_results_new (-6);
  HycoSink *sink = _hyco_results_sink_new (results, NULL);
  g_autofree char *png = temporary_png ();
  g_autoptr (HycoPlotLayout) layout = NULL;
  g_autoptr (GError) error = NULL;

  feed (sink, 0, "Timer.output", 0, 10000, 1, 1.0);
  feed (sink, 0, "Timer.output", 1, 50000, 1, 1.0);
  g_assert_true (sink->klass->close (sink, 2, 50000, NULL));
  g_assert_true (_hyco_results_plot_with_layout (results, png, NULL, 0, 0, &layout, &error));
  g_assert_no_error (error);
  remove_png (png);
  g_assert_cmpstr (layout->time_title_text, ==, "time (ms)");
  /* 0, 10, ..., 50: ticks a person counts, not 0 to 5 times 10⁻². */
  g_assert_cmpuint (layout->n_time_ticks, ==, 6);
}

/* 1000 events over 50 s, then 50 over the next 50 s: too dense for a stem each. The panel is
 * not a solid block of colour, and the raster strip shows where the events are dense. */
static void
test_dense_events (void)
{
  g_autoptr (HycoResults) results = _hyco_results_new (-3);
  HycoSink *sink = _hyco_results_sink_new (results, NULL);
  g_autofree char *png = temporary_png ();
  g_autoptr (HycoPlotLayout) layout = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (Image) image = NULL;
  const HycoPlotBox *frame;
  guint64 iteration = 0;
  guint left_columns = 0, right_columns = 0, half;
  double area, ink;

  for (gint64 t = 0; t < 50000; t += 50)
    feed (sink, 0, "Clock.output", iteration++, t, 1, 1.0 + (t % 1000 == 0));
  for (gint64 t = 50000; t < 100000; t += 1000)
    feed (sink, 0, "Clock.output", iteration++, t, 1, 1.0);
  g_assert_true (sink->klass->close (sink, iteration, 100000, NULL));
  g_assert_cmpint (hyco_results_get_plot_style (results, "Clock.output"), ==,
                   HYCO_PLOT_STYLE_EVENTS);

  g_assert_true (_hyco_results_plot_with_layout (results, png, NULL, 0, 0, &layout, &error));
  g_assert_no_error (error);
  image = read_png (png);
  remove_png (png);
  g_assert_true (layout->dense[0]);
  frame = &layout->frames[0];

  /* Inside the frame (its border left out): little ink, where stems would fill the first
   * half from 0 to the values. */
  area = (frame->width - 4) * (frame->height - 4);
  ink = ink_in (image, frame->x + 2, frame->y + 2, frame->x + frame->width - 2,
                frame->y + frame->height - 2);
  g_assert_cmpfloat (ink / area, <, 0.15);
  g_assert_cmpfloat (ink / area, >, 0.01);

  /* The raster strip, just above the bottom of the frame: a mark in nearly every column of
   * the dense half, in few of the sparse half. */
  half = (guint) (frame->width / 2);
  for (guint x = (guint) frame->x + 14; x < (guint) (frame->x + frame->width) - 14; x++)
    {
      gboolean marked = FALSE;
      for (guint y = (guint) (frame->y + frame->height) - 8;
           y < (guint) (frame->y + frame->height) - 3; y++)
        marked |= first_colour (image, x, y);
      if (x < frame->x + half - 10)
        left_columns += marked;
      else if (x > frame->x + half + 10)
        right_columns += marked;
    }
  g_assert_cmpuint (left_columns, >, (half - 24) * 9 / 10);
  g_assert_cmpuint (right_columns, <, (half - 24) * 3 / 10);
  g_assert_cmpuint (right_columns, >=, 40);
}

/* Events at the first and last instants, at the largest value: their stems and markers are
 * inside the frame, not drawn over it. */
static void
test_edge_events (void)
{
  g_autoptr (HycoResults) results = _hyco_results_new (-3);
  HycoSink *sink = _hyco_results_sink_new (results, NULL);
  g_autofree char *png = temporary_png ();
  g_autoptr (HycoPlotLayout) layout = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (Image) image = NULL;
  const HycoPlotBox *frame;
  guint first = G_MAXUINT, last = 0, top = G_MAXUINT;

  feed (sink, 0, "Edges.output", 0, 0, 1, 1.0);
  feed (sink, 0, "Edges.output", 1, 5000, 1, 0.5);
  feed (sink, 0, "Edges.output", 2, 10000, 1, 1.0);
  g_assert_true (sink->klass->close (sink, 3, 10000, NULL));
  g_assert_true (_hyco_results_plot_with_layout (results, png, NULL, 0, 0, &layout, &error));
  g_assert_no_error (error);
  image = read_png (png);
  remove_png (png);
  g_assert_false (layout->dense[0]);
  frame = &layout->frames[0];
  for (guint y = (guint) frame->y - 3; y < frame->y + frame->height + 3; y++)
    for (guint x = (guint) frame->x - 3; x < frame->x + frame->width + 3; x++)
      if (first_colour (image, x, y))
        {
          first = MIN (first, x);
          last = MAX (last, x);
          top = MIN (top, y);
        }
  g_assert_cmpuint (first, <, last);
  g_assert_cmpfloat (first, >=, frame->x + 4);
  g_assert_cmpfloat (last, <=, frame->x + frame->width - 4);
  g_assert_cmpfloat (top, >=, frame->y + 3);
  /* ... and near it: the stems are at the instants, not moved. */
  g_assert_cmpfloat (first, <=, frame->x + 20);
  g_assert_cmpfloat (last, >=, frame->x + frame->width - 20);
}

/* The first example of the README: 1000 events over 100 s, drawn dense, not solid. */
static void
test_simultaneous_events_example (void)
{
  g_autofree char *model_path
    = g_test_build_filename (G_TEST_DIST, "../models/simultaneous-events.xml", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoModel) model = hyco_model_new_from_file (model_path, &error);
  g_autofree char *png = temporary_png ();
  g_autoptr (HycoPlotLayout) layout = NULL;
  g_autoptr (Image) image = NULL;

  g_assert_no_error (error);
  hyco_model_set_record_results (model, TRUE);
  g_assert_true (hyco_model_run (model, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (_hyco_results_plot_with_layout (hyco_model_get_results (model), png, NULL, 0, 0,
                                                 &layout, &error));
  g_assert_no_error (error);
  image = read_png (png);
  remove_png (png);
  g_assert_cmpuint (layout->n_panels, ==, 3);
  for (guint p = 0; p < layout->n_panels; p++)
    {
      const HycoPlotBox *frame = &layout->frames[p];
      double area = (frame->width - 4) * (frame->height - 4);
      g_assert_true (layout->dense[p]);
      g_assert_cmpfloat (ink_in (image, frame->x + 2, frame->y + 2, frame->x + frame->width - 2,
                                 frame->y + frame->height - 2)
                           / area,
                         <, 0.15);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  hyco_init ();
  g_test_add_func ("/plot/layouts", test_layouts);
  g_test_add_func ("/plot/time-unit", test_time_unit);
  g_test_add_func ("/plot/dense-events", test_dense_events);
  g_test_add_func ("/plot/edge-events", test_edge_events);
  g_test_add_func ("/plot/simultaneous-events-example", test_simultaneous_events_example);
  return g_test_run ();
}
