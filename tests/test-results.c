/* test-results.c: recorded results, plot points, plots and MATLAB result files.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "test-support.h"

#include "hyco-results-private.h"

#include <glib/gstdio.h>
#include <math.h>
#include <matio.h>

typedef struct
{
  char *dir;
} Fixture;

static void
fixture_set_up (Fixture *fixture, gconstpointer data)
{
  fixture->dir = g_dir_make_tmp ("hyco-results-XXXXXX", NULL);
  g_assert_nonnull (fixture->dir);
}

static void
fixture_tear_down (Fixture *fixture, gconstpointer data)
{
  g_autoptr (GDir) dir = g_dir_open (fixture->dir, 0, NULL);
  const char *name;

  while ((name = g_dir_read_name (dir)))
    {
      g_autofree char *path = g_build_filename (fixture->dir, name, NULL);
      g_unlink (path);
    }
  g_rmdir (fixture->dir);
  g_free (fixture->dir);
}

static HycoModel *
run_model (const char *file, const char *trace, const char *const *probes)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, file, NULL);
  g_autoptr (GError) error = NULL;
  HycoModel *model = hyco_model_new_from_file (path, &error);

  g_assert_no_error (error);
  hyco_model_set_record_results (model, TRUE);
  hyco_model_set_probes (model, probes);
  if (trace)
    {
      hyco_model_set_trace_file (model, trace, &error);
      g_assert_no_error (error);
    }
  hyco_model_run (model, NULL, &error);
  g_assert_no_error (error);
  return model;
}

/* Two values at one time, at microsteps 1 and 2: the plot has both, in tag order. */
static void
test_discontinuity_points (void)
{
  g_autoptr (HycoModel) model = run_model ("models/plot-discontinuity.xml", NULL, NULL);
  HycoResults *results = hyco_model_get_results (model);
  g_autofree double *times = NULL;
  g_autofree double *values = NULL;
  g_autoptr (GError) error = NULL;
  gsize n = 0;
  guint found = 0;

  g_assert_nonnull (results);
  g_assert_true (
    hyco_results_get_plot_points (results, "Merge.output", &times, &values, &n, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (n, ==, 6);
  for (gsize i = 0; i + 1 < n; i++)
    if (times[i] == 1.0 && times[i + 1] == 1.0)
      {
        g_assert_cmpfloat (values[i], ==, 1.0);
        g_assert_cmpfloat (values[i + 1], ==, 5.0);
        found++;
      }
  g_assert_cmpuint (found, ==, 1);
  /* A discrete-event signal: never present at microstep 0, so drawn as events. */
  g_assert_cmpint (hyco_results_get_plot_style (results, "Merge.output"), ==,
                   HYCO_PLOT_STYLE_EVENTS);
  g_assert_cmpuint (hyco_results_get_tag_count (results), ==, 6);
  g_assert_cmpuint (hyco_results_get_present_count (results, "Merge.output"), ==, 6);

  g_clear_pointer (&times, g_free);
  g_clear_pointer (&values, g_free);
  g_assert_false (
    hyco_results_get_plot_points (results, "Nobody.output", &times, &values, &n, &error));
  g_assert_error (error, HYCO_RESULTS_ERROR, HYCO_RESULTS_ERROR_UNKNOWN_SIGNAL);
}

static void
feed (HycoSink *sink, guint64 iteration, gint64 time, guint64 microstep, gboolean present,
      double value)
{
  HycoEpoch epoch = { 1, 0 };
  HycoSignal signal = { .stamp = 1, .epoch = &epoch };
  HycoTag tag = { time, microstep };

  signal.status = present ? HYCO_SIGNAL_PRESENT : HYCO_SIGNAL_ABSENT;
  hyco_value_set_double (&signal.value, value);
  sink->klass->write (sink, 0, "Integrator.output", &tag, iteration, &signal);
  hyco_value_clear (&signal.value);
}

/* A continuous signal (present at every tag, microstep 0 included) is a line, and its jump at
 * t = 1 is two vertices at one time. */
static void
test_line_with_jump (void)
{
  g_autoptr (HycoResults) results = _hyco_results_new (0);
  HycoSink *sink = _hyco_results_sink_new (results, NULL);
  g_autofree double *times = NULL;
  g_autofree double *values = NULL;
  gsize n = 0;

  feed (sink, 0, 0, 0, TRUE, 0.0);
  feed (sink, 1, 1, 0, TRUE, 1.0);
  feed (sink, 2, 1, 1, TRUE, 3.0);
  feed (sink, 3, 2, 0, TRUE, 4.0);
  g_assert_true (sink->klass->close (sink, 4, 2, NULL));
  g_assert_cmpint (hyco_results_get_plot_style (results, "Integrator.output"), ==,
                   HYCO_PLOT_STYLE_LINE);
  g_assert_true (
    hyco_results_get_plot_points (results, "Integrator.output", &times, &values, &n, NULL));
  g_assert_cmpuint (n, ==, 4);
  g_assert_cmpfloat (times[0], ==, 0.0);
  g_assert_cmpfloat (times[1], ==, 1.0);
  g_assert_cmpfloat (values[1], ==, 1.0);
  g_assert_cmpfloat (times[2], ==, 1.0);
  g_assert_cmpfloat (values[2], ==, 3.0);

  /* Absent at one tag: no longer continuous, and absence is not a value. */
  {
    g_autoptr (HycoResults) gap = _hyco_results_new (0);
    g_autofree double *t = NULL;
    g_autofree double *v = NULL;
    sink = _hyco_results_sink_new (gap, NULL);
    feed (sink, 0, 0, 0, TRUE, 1.0);
    feed (sink, 1, 1, 0, FALSE, 0.0);
    feed (sink, 2, 2, 0, TRUE, 2.0);
    g_assert_true (sink->klass->close (sink, 3, 2, NULL));
    g_assert_cmpint (hyco_results_get_plot_style (gap, "Integrator.output"), ==,
                     HYCO_PLOT_STYLE_EVENTS);
    g_assert_cmpuint (hyco_results_get_sample_count (gap, "Integrator.output"), ==, 3);
    g_assert_true (hyco_results_get_plot_points (gap, "Integrator.output", &t, &v, &n, NULL));
    g_assert_cmpuint (n, ==, 2);
  }

  /* Absent only before its first value (a zero-order hold): continuous from there on. */
  {
    g_autoptr (HycoResults) hold = _hyco_results_new (0);
    sink = _hyco_results_sink_new (hold, NULL);
    feed (sink, 0, 0, 0, FALSE, 0.0);
    feed (sink, 1, 0, 1, TRUE, 1.0);
    feed (sink, 2, 1, 0, TRUE, 1.0);
    g_assert_true (sink->klass->close (sink, 3, 1, NULL));
    g_assert_cmpint (hyco_results_get_plot_style (hold, "Integrator.output"), ==,
                     HYCO_PLOT_STYLE_LINE);
  }
}

/* Inside a modal model's refinement: its actor fires only while its mode is active, so the
 * signal has no sample in between; it is continuous while active (a line, broken where the
 * mode was inactive), not a forest of events. A discrete event at microstep 1 stays events. */
static void
test_line_in_mode (void)
{
  g_autoptr (HycoResults) results = _hyco_results_new (0);
  HycoSink *sink = _hyco_results_sink_new (results, NULL);
  g_autofree double *times = NULL;
  g_autofree double *values = NULL;
  gsize n = 0;

  /* Active at iterations 0-3, inactive at 4-5, active again at 6-9. */
  for (guint64 i = 0; i < 10; i++)
    if (i < 4 || i > 5)
      feed (sink, i, (gint64) i, 0, TRUE, (double) i);
  g_assert_true (sink->klass->close (sink, 10, 9, NULL));
  g_assert_cmpint (hyco_results_get_plot_style (results, "Integrator.output"), ==,
                   HYCO_PLOT_STYLE_LINE);
  g_assert_true (
    hyco_results_get_plot_points (results, "Integrator.output", &times, &values, &n, NULL));
  g_assert_cmpuint (n, ==, 9);
  g_assert_cmpfloat (times[3], ==, 3.0);
  g_assert_true (isnan (times[4]) && isnan (values[4]));
  g_assert_cmpfloat (times[5], ==, 6.0);
  g_assert_cmpfloat (values[8], ==, 9.0);

  /* Present at isolated tags, even at microstep 0: events. */
  {
    g_autoptr (HycoResults) isolated = _hyco_results_new (0);
    sink = _hyco_results_sink_new (isolated, NULL);
    for (guint64 i = 0; i < 12; i += 3)
      feed (sink, i, (gint64) i, 0, TRUE, 1.0);
    g_assert_true (sink->klass->close (sink, 12, 9, NULL));
    g_assert_cmpint (hyco_results_get_plot_style (isolated, "Integrator.output"), ==,
                     HYCO_PLOT_STYLE_EVENTS);
  }

  /* At successive tags but never at microstep 0 (a discrete clock): events. */
  {
    g_autoptr (HycoResults) clock = _hyco_results_new (0);
    sink = _hyco_results_sink_new (clock, NULL);
    for (guint64 i = 0; i < 8; i++)
      if (i != 4)
        feed (sink, i, (gint64) i, 1, TRUE, 1.0);
    g_assert_true (sink->klass->close (sink, 8, 7, NULL));
    g_assert_cmpint (hyco_results_get_plot_style (clock, "Integrator.output"), ==,
                     HYCO_PLOT_STYLE_EVENTS);
  }
}

static guint
read_be32 (const guint8 *p)
{
  return ((guint) p[0] << 24) | ((guint) p[1] << 16) | ((guint) p[2] << 8) | p[3];
}

static void
test_plot_png (Fixture *fixture, gconstpointer data)
{
  g_autoptr (HycoModel) model = run_model ("models/plot-discontinuity.xml", NULL, NULL);
  g_autofree char *png = g_build_filename (fixture->dir, "p.png", NULL);
  g_autofree char *svg = g_build_filename (fixture->dir, "p.svg", NULL);
  g_autofree char *contents = NULL;
  g_autoptr (GError) error = NULL;
  const char *probes[] = { "Merge.output", "Low.output", NULL };
  gsize length = 0;

  g_assert_true (hyco_results_plot (hyco_model_get_results (model), png, probes, 640, 480, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (png, &contents, &length, NULL));
  g_assert_cmpuint (length, >, 1000);
  g_assert_cmpmem (contents, 8, "\x89PNG\r\n\x1a\n", 8);
  g_assert_cmpmem (contents + 12, 4, "IHDR", 4);
  g_assert_cmpuint (read_be32 ((const guint8 *) contents + 16), ==, 640);
  g_assert_cmpuint (read_be32 ((const guint8 *) contents + 20), ==, 480);

  g_assert_true (hyco_results_plot (hyco_model_get_results (model), svg, NULL, 0, 0, &error));
  g_assert_no_error (error);
  g_clear_pointer (&contents, g_free);
  g_assert_true (g_file_get_contents (svg, &contents, &length, NULL));
  g_assert_nonnull (strstr (contents, "<svg"));

  g_assert_false (hyco_results_plot (hyco_model_get_results (model), "p.gif", NULL, 0, 0, &error));
  g_assert_error (error, HYCO_RESULTS_ERROR, HYCO_RESULTS_ERROR_FORMAT);
  g_clear_error (&error);
  g_assert_false (hyco_results_plot (hyco_model_get_results (model), "/nonexistent/dir/p.png", NULL,
                                     0, 0, &error));
  g_assert_error (error, HYCO_RESULTS_ERROR, HYCO_RESULTS_ERROR_IO);
}

static void
test_unknown_probe (void)
{
  g_autofree char *path
    = g_test_build_filename (G_TEST_DIST, "models/plot-discontinuity.xml", NULL);
  g_autoptr (HycoModel) model = hyco_model_new_from_file (path, NULL);
  g_autoptr (GError) error = NULL;
  const char *probes[] = { "Merge.outptu", NULL };

  hyco_model_set_record_results (model, TRUE);
  hyco_model_set_probes (model, probes);
  g_assert_false (hyco_model_prepare (model, &error));
  g_assert_error (error, HYCO_RESULTS_ERROR, HYCO_RESULTS_ERROR_UNKNOWN_SIGNAL);
  g_assert_nonnull (strstr (error->message, "Merge.output"));
}

/* The trace's rows, per signal: ticks, microstep and value text. */
typedef struct
{
  gint64 ticks;
  guint64 microstep;
  char *value;
} Row;

static void
row_clear (gpointer data)
{
  g_free (((Row *) data)->value);
}

static GHashTable *
read_trace (const char *path, int resolution)
{
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  GHashTable *rows
    = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_array_unref);

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  g_assert_cmpstr (lines[0], ==, "signal,time,microstep,value");
  for (guint i = 1; lines[i] && *lines[i]; i++)
    {
      g_auto (GStrv) fields = g_strsplit (lines[i], ",", 4);
      GArray *array = g_hash_table_lookup (rows, fields[0]);
      Row row = { 0 };
      g_assert_true (hyco_time_parse (fields[1], resolution, &row.ticks, NULL));
      row.microstep = g_ascii_strtoull (fields[2], NULL, 10);
      row.value = g_strdup (fields[3]);
      if (array == NULL)
        {
          array = g_array_new (FALSE, FALSE, sizeof (Row));
          g_array_set_clear_func (array, row_clear);
          g_hash_table_insert (rows, g_strdup (fields[0]), array);
        }
      g_array_append_val (array, row);
    }
  return rows;
}

static double
value_of (const char *text)
{
  if (g_str_equal (text, "true"))
    return 1.0;
  if (g_str_equal (text, "false"))
    return 0.0;
  return g_ascii_strtod (text, NULL);
}

static char *
mat_string (matvar_t *var)
{
  g_assert_nonnull (var);
  g_assert_cmpint (var->class_type, ==, MAT_C_CHAR);
  return g_strndup (var->data, var->nbytes);
}

/* Written with libmatio, read back with libmatio, compared row by row with the CSV trace. */
static void
check_mat_against_trace (Fixture *fixture, const char *model_file)
{
  g_autofree char *trace = g_build_filename (fixture->dir, "t.csv", NULL);
  g_autofree char *mat_path = g_build_filename (fixture->dir, "r.mat", NULL);
  g_autoptr (HycoModel) model = run_model (model_file, trace, NULL);
  HycoResults *results = hyco_model_get_results (model);
  int resolution = hyco_results_get_resolution (results);
  g_autoptr (GHashTable) rows = read_trace (trace, resolution);
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) names = hyco_results_list_signals (results);
  mat_t *mat;
  matvar_t *var;
  guint64 n_rows = 0;

  g_assert_true (hyco_results_save_mat (results, mat_path, &error));
  g_assert_no_error (error);

  mat = Mat_Open (mat_path, MAT_ACC_RDONLY);
  g_assert_nonnull (mat);
  var = Mat_VarRead (mat, "resolution");
  g_assert_nonnull (var);
  g_assert_cmpint (*(gint32 *) var->data, ==, resolution);
  Mat_VarFree (var);

  var = Mat_VarRead (mat, "signals");
  g_assert_nonnull (var);
  g_assert_cmpint (var->class_type, ==, MAT_C_STRUCT);
  g_assert_cmpuint (var->dims[0] * var->dims[1], ==, g_strv_length (names));
  /* Every signal of the trace is in the file, and nothing else. */
  g_assert_cmpuint (g_hash_table_size (rows), ==, g_strv_length (names));
  for (guint i = 0; names[i]; i++)
    {
      g_autofree char *name = mat_string (Mat_VarGetStructFieldByName (var, "name", i));
      matvar_t *ticks = Mat_VarGetStructFieldByName (var, "ticks", i);
      matvar_t *time = Mat_VarGetStructFieldByName (var, "time", i);
      matvar_t *microstep = Mat_VarGetStructFieldByName (var, "microstep", i);
      matvar_t *value = Mat_VarGetStructFieldByName (var, "value", i);
      matvar_t *present = Mat_VarGetStructFieldByName (var, "present", i);
      GArray *expected = g_hash_table_lookup (rows, name);
      gsize n = ticks->dims[0];
      guint k = 0;

      g_assert_cmpstr (name, ==, names[i]);
      g_assert_nonnull (expected);
      g_assert_true (present->isLogical);
      g_assert_cmpuint (time->dims[0], ==, n);
      g_assert_cmpuint (value->dims[0], ==, n);
      for (gsize s = 0; s < n; s++)
        {
          const Row *row;
          if (!((guint8 *) present->data)[s])
            {
              g_assert_true (isnan (((double *) value->data)[s]));
              continue;
            }
          g_assert_cmpuint (k, <, expected->len);
          row = &g_array_index (expected, Row, k++);
          g_assert_cmpint (((gint64 *) ticks->data)[s], ==, row->ticks);
          g_assert_cmpfloat (((double *) time->data)[s], ==,
                             hyco_time_to_seconds (row->ticks, resolution));
          g_assert_cmpuint (((guint64 *) microstep->data)[s], ==, row->microstep);
          g_assert_cmpfloat (((double *) value->data)[s], ==, value_of (row->value));
        }
      g_assert_cmpuint (k, ==, expected->len);
      n_rows += k;
    }
  Mat_VarFree (var);
  Mat_Close (mat);

  /* The statistics count the same events. */
  {
    g_autoptr (GVariant) statistics = hyco_model_get_statistics (model);
    guint64 events = 0;
    g_assert_true (g_variant_lookup (statistics, "events", "t", &events));
    g_assert_cmpuint (events, ==, n_rows);
    g_assert_cmpuint (hyco_model_get_event_count (model), ==, n_rows);
  }
}

static void
test_mat_simultaneous (Fixture *fixture, gconstpointer data)
{
  check_mat_against_trace (fixture, "../models/simultaneous-events.xml");
}

static void
test_mat_nested (Fixture *fixture, gconstpointer data)
{
  check_mat_against_trace (fixture, "../models/nested-directors.xml");
}

static void
test_progress_snapshot (void)
{
  g_autoptr (HycoModel) model = run_model ("models/plot-discontinuity.xml", NULL, NULL);
  HycoTag tag;
  guint64 iterations = 0, events = 0;

  hyco_model_get_progress (model, &tag, &iterations, &events);
  g_assert_cmpint (tag.time, ==, 2000000000);
  g_assert_cmpuint (iterations, ==, hyco_model_get_iteration_count (model));
  g_assert_cmpuint (events, ==, 15);
}

/* The signal names are known before the model is prepared (the model prepares itself to learn
 * its ports' widths), and that preparation serves the run; a model that cannot be prepared
 * lists none. */
static void
test_list_signals_unprepared (void)
{
  g_autofree char *path
    = g_test_build_filename (G_TEST_DIST, "..", "models", "simultaneous-events.xml", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoModel) model = hyco_model_new_from_file (path, &error);
  const char *const expected[]
    = { "Clock1.output", "Clock2.output", "Sampler.output", NULL };
  g_auto (GStrv) names = NULL;
  g_auto (GStrv) again = NULL;
  g_autoptr (HycoCompositeActor) nothing = NULL;
  g_autoptr (HycoModel) empty = NULL;
  g_auto (GStrv) none = NULL;

  g_assert_no_error (error);
  names = hyco_model_list_signals (model);
  g_assert_cmpstrv (names, expected);
  hyco_model_set_record_results (model, TRUE);
  g_assert_true (hyco_model_run (model, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (
    hyco_results_get_sample_count (hyco_model_get_results (model), "Sampler.output"), ==, 1001);
  /* After a run, as before it. */
  again = hyco_model_list_signals (model);
  g_assert_cmpstrv (again, expected);

  nothing = hyco_composite_actor_new ("nothing");
  empty = hyco_model_new (nothing);
  none = hyco_model_list_signals (empty);
  g_assert_nonnull (none);
  g_assert_cmpuint (g_strv_length (none), ==, 0);
  g_assert_false (hyco_model_prepare (empty, &error));
  g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_STRUCTURE);
}

/* The array getters need no count: hyco_results_get_sample_count() gives it. */
static void
test_arrays_without_count (void)
{
  g_autoptr (HycoModel) model = run_model ("../models/simultaneous-events.xml", NULL, NULL);
  HycoResults *results = hyco_model_get_results (model);
  int resolution = hyco_results_get_resolution (results);
  gsize n = 0;
  const double *values = hyco_results_get_values (results, "Sampler.output", NULL);
  const gint64 *times = hyco_results_get_times (results, "Sampler.output", NULL);
  const guint64 *microsteps = hyco_results_get_microsteps (results, "Sampler.output", NULL);
  const guint8 *presence = hyco_results_get_presence (results, "Sampler.output", NULL);
  g_autofree double *plot_times = NULL;
  g_autofree double *plot_values = NULL;

  g_assert_true (values == hyco_results_get_values (results, "Sampler.output", &n));
  g_assert_cmpuint (n, ==, hyco_results_get_sample_count (results, "Sampler.output"));
  g_assert_cmpuint (n, ==, 1001);
  /* Clock1 triggers every 0.1 s, Clock2 gives 2 every 0.2 s. */
  g_assert_cmpfloat (hyco_time_to_seconds (times[0], resolution), ==, 0.0);
  g_assert_cmpfloat (hyco_time_to_seconds (times[1], resolution), ==, 0.1);
  g_assert_cmpfloat (hyco_time_to_seconds (times[2], resolution), ==, 0.2);
  g_assert_cmpuint (microsteps[0], ==, 1); /* as in the trace: a clock fires at microstep 1 */
  g_assert_cmpuint (presence[0], ==, 1);
  g_assert_cmpuint (presence[1], ==, 0);
  g_assert_cmpuint (presence[2], ==, 1);
  g_assert_cmpfloat (values[0], ==, 2.0);
  g_assert_true (isnan (values[1]));
  g_assert_cmpfloat (values[2], ==, 2.0);

  g_assert_true (hyco_results_get_plot_points (results, "Sampler.output", &plot_times, &plot_values,
                                               NULL, NULL));
  g_assert_cmpfloat (plot_times[0], ==, 0.0);
  g_assert_cmpfloat (plot_values[0], ==, 2.0);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  hyco_init ();
  g_test_add_func ("/results/discontinuity-points", test_discontinuity_points);
  g_test_add_func ("/results/line-with-jump", test_line_with_jump);
  g_test_add_func ("/results/line-in-mode", test_line_in_mode);
  g_test_add_func ("/results/unknown-probe", test_unknown_probe);
  g_test_add_func ("/results/progress-snapshot", test_progress_snapshot);
  g_test_add_func ("/results/list-signals-unprepared", test_list_signals_unprepared);
  g_test_add_func ("/results/arrays-without-count", test_arrays_without_count);
  g_test_add ("/results/plot-png", Fixture, NULL, fixture_set_up, test_plot_png, fixture_tear_down);
  g_test_add ("/results/mat/simultaneous-events", Fixture, NULL, fixture_set_up,
              test_mat_simultaneous, fixture_tear_down);
  g_test_add ("/results/mat/nested-directors", Fixture, NULL, fixture_set_up, test_mat_nested,
              fixture_tear_down);
  return g_test_run ();
}
