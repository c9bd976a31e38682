/* test-sweep.c: parameter sweeps: specifications, run lists, runs on one and two threads, and
 * their HDF5 and CSV files.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "test-support.h"

#include <glib/gstdio.h>
#include <hdf5.h>
#include <math.h>
#include <string.h>

#define BALL "models/bouncing-ball.xml"
#define PARAMETERS "tests/examples/parameters.xml"

/* The texts a parameter takes, run by run, joined by spaces. */
static char *
parameter_texts (HycoSweep *sweep, guint parameter)
{
  GString *out = g_string_new (NULL);

  for (guint r = 0; r < hyco_sweep_get_run_count (sweep); r++)
    g_string_append_printf (out, "%s%s", r ? " " : "",
                            hyco_sweep_get_parameter_text (sweep, r, parameter));
  return g_string_free (out, FALSE);
}

static HycoSweep *
planned (const char *const *vary, const char *const *sample, HycoSweepDesign design, guint samples,
         guint32 seed)
{
  HycoSweep *sweep = hyco_sweep_new (BALL);
  g_autoptr (GError) error = NULL;

  for (guint i = 0; vary && vary[i]; i++)
    g_assert_true (hyco_sweep_add_vary (sweep, vary[i], &error));
  for (guint i = 0; sample && sample[i]; i++)
    g_assert_true (hyco_sweep_add_sample (sweep, sample[i], &error));
  hyco_sweep_set_design (sweep, design);
  hyco_sweep_set_samples (sweep, samples);
  hyco_sweep_set_seed (sweep, seed);
  g_assert_true (hyco_sweep_plan (sweep, &error));
  g_assert_no_error (error);
  return sweep;
}

static void
test_ranges (void)
{
  const struct
  {
    const char *spec, *texts;
  } cases[] = {
    { "Ball.e=0.5:0.9:0.1", "0.5 0.6 0.7 0.8 0.9" },
    { "e=1:0:-0.25", "1 0.75 0.5 0.25 0" },
    { "e=0:1:0.3", "0 0.3 0.6 0.9" },
    { "e = 2:2:1", "2" },
    { "e=-1e-3:1e-3:1e-3", "-0.001 0 0.001" },
    { "k=[1, 2,5]", "1 2 5" },
    { "k=[1e3]", "1e3" },
    { "k=7", "7" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (HycoSweep) sweep = planned ((const char *const[]){ cases[i].spec, NULL }, NULL,
                                             HYCO_SWEEP_DESIGN_FACTORIAL, 0, 0);
      g_autofree char *texts = parameter_texts (sweep, 0);
      g_assert_cmpstr (texts, ==, cases[i].texts);
      /* The value recorded is the one the text sets. */
      for (guint r = 0; r < hyco_sweep_get_run_count (sweep); r++)
        g_assert_cmpfloat (hyco_sweep_get_parameter_value (sweep, r, 0), ==,
                           g_ascii_strtod (hyco_sweep_get_parameter_text (sweep, r, 0), NULL));
    }
}

static void
test_factorial (void)
{
  g_autoptr (HycoSweep) sweep = planned ((const char *const[]){ "a=[1,2]", "b=10:30:10", NULL },
                                         NULL, HYCO_SWEEP_DESIGN_FACTORIAL, 0, 0);
  g_auto (GStrv) names = hyco_sweep_list_parameters (sweep);
  g_autofree char *a = parameter_texts (sweep, 0);
  g_autofree char *b = parameter_texts (sweep, 1);

  g_assert_cmpuint (hyco_sweep_get_run_count (sweep), ==, 6);
  g_assert_cmpstr (names[0], ==, "a");
  g_assert_cmpstr (names[1], ==, "b");
  g_assert_null (names[2]);
  /* The first parameter changes slowest. */
  g_assert_cmpstr (a, ==, "1 1 1 2 2 2");
  g_assert_cmpstr (b, ==, "10 20 30 10 20 30");
}

static void
test_spec_errors (void)
{
  const struct
  {
    gboolean sample;
    const char *spec, *message;
  } cases[] = {
    { FALSE, "e", "e: write NAME=VALUES, as in Ball.e=0.5:0.9:0.1 or k=[1,2,5]" },
    { FALSE, "=1:2:1",
      "=1:2:1: \"\" is not a parameter's name; write NAME=VALUES, as in "
      "Ball.e=0.5:0.9:0.1 or k=[1,2,5]" },
    { FALSE, "e=", "e=: no values; write e=0.5:0.9:0.1 or e=[1,2,5]" },
    { FALSE, "e=0.5:x:0.1",
      "e=0.5:x:0.1: \"x\" is not a number; write a range as "
      "e=LOW:HIGH:STEP, as in e=0.5:0.9:0.1" },
    { FALSE, "e=0.5:0.9:-0.1", "e=0.5:0.9:-0.1: the step -0.1 never leads from 0.5 to 0.9" },
    { FALSE, "e=0.5:0.9:0", "e=0.5:0.9:0: the step 0 never leads from 0.5 to 0.9" },
    { FALSE, "e=1:2:3:4", "e=1:2:3:4: write a range as e=LOW:HIGH:STEP, as in e=0.5:0.9:0.1" },
    { FALSE, "e=0:1:1e-9", "e=0:1:1e-9: the range has 1000000001 values, more than 10000000" },
    { FALSE, "k=[1,2", "k=[1,2: the list has no closing bracket; write k=[1,2,5]" },
    { FALSE, "k=[1,two,5]", "k=[1,two,5]: \"two\" is not a number; write k=[1,2,5]" },
    { FALSE, "k=[1,,5]", "k=[1,,5]: the list has an empty value; write k=[1,2,5]" },
    { FALSE, "k=[]", "k=[]: the list is empty; write k=[1,2,5]" },
    { FALSE, "k=normal(1,2)",
      "k=normal(1,2): a distribution is sampled, not varied (--sample "
      "k=normal(1,2))" },
    { TRUE, "mu=1:2:1",
      "mu=1:2:1: write a distribution, as in mu=normal(1,0.1) or "
      "a=uniform(0,2) (lists and ranges are varied: --vary)" },
    { TRUE, "mu=gauss(1,2)",
      "mu=gauss(1,2): no distribution is called \"gauss\" (there are "
      "normal(MEAN,SD) and uniform(LOW,HIGH))" },
    { TRUE, "mu=normal(1)", "mu=normal(1): normal takes two numbers, as in normal(1,0.1)" },
    { TRUE, "mu=normal(1,-2)", "mu=normal(1,-2): the standard deviation -2 is negative" },
    { TRUE, "mu=uniform(2,1)", "mu=uniform(2,1): the low end 2 is not below the high end 1" },
    { TRUE, "mu=uniform(a,1)", "mu=uniform(a,1): \"a\" is not a number" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (HycoSweep) sweep = hyco_sweep_new (BALL);
      g_autoptr (GError) error = NULL;
      gboolean ok = cases[i].sample ? hyco_sweep_add_sample (sweep, cases[i].spec, &error)
                                    : hyco_sweep_add_vary (sweep, cases[i].spec, &error);
      g_assert_false (ok);
      g_assert_error (error, HYCO_SWEEP_ERROR, HYCO_SWEEP_ERROR_BAD_SPEC);
      g_assert_cmpstr (error->message, ==, cases[i].message);
    }
  {
    g_autoptr (HycoSweep) sweep = hyco_sweep_new (BALL);
    g_autoptr (GError) error = NULL;
    g_assert_true (hyco_sweep_add_vary (sweep, "e=[1,2]", &error));
    g_assert_false (hyco_sweep_add_sample (sweep, "e=normal(1,2)", &error));
    g_assert_cmpstr (error->message, ==, "e=normal(1,2): e is already varied or sampled (e=[1,2])");
  }
}

static void
test_design_errors (void)
{
  const struct
  {
    const char *vary, *sample;
    HycoSweepDesign design;
    guint samples;
    const char *message;
  } cases[] = {
    { "k=[1,2]", NULL, HYCO_SWEEP_DESIGN_LHS, 4,
      "k=[1,2]: a Latin hypercube samples ranges and distributions, not lists; write a range "
      "k=LOW:HIGH, or use the factorial design" },
    { "e=0:1:0.5", NULL, HYCO_SWEEP_DESIGN_LHS, 4,
      "e=0:1:0.5: a Latin hypercube samples a range anywhere between its ends; write it without "
      "a step, e=0:1" },
    { "e=0:1", NULL, HYCO_SWEEP_DESIGN_FACTORIAL, 0,
      "e=0:1: a full factorial design needs the range's step, as in e=0:1:STEP (or use the Latin "
      "hypercube design)" },
    { "e=0:1", NULL, HYCO_SWEEP_DESIGN_LHS, 0,
      "a Latin hypercube needs its number of samples (the runs)" },
    { NULL, "mu=normal(0,1)", HYCO_SWEEP_DESIGN_FACTORIAL, 0,
      "sampled parameters need a number of samples" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (HycoSweep) sweep = hyco_sweep_new (BALL);
      g_autoptr (GError) error = NULL;
      if (cases[i].vary)
        g_assert_true (hyco_sweep_add_vary (sweep, cases[i].vary, NULL));
      if (cases[i].sample)
        g_assert_true (hyco_sweep_add_sample (sweep, cases[i].sample, NULL));
      hyco_sweep_set_design (sweep, cases[i].design);
      hyco_sweep_set_samples (sweep, cases[i].samples);
      g_assert_false (hyco_sweep_plan (sweep, &error));
      g_assert_error (error, HYCO_SWEEP_ERROR, HYCO_SWEEP_ERROR_BAD_DESIGN);
      g_assert_cmpstr (error->message, ==, cases[i].message);
    }
}

/* Each of the n strata of each parameter is used by exactly one run. */
static void
test_latin_hypercube (void)
{
  const guint n = 20;
  g_autoptr (HycoSweep) sweep
    = planned ((const char *const[]){ "x=2:4", NULL },
               (const char *const[]){ "u=uniform(-1,1)", "z=normal(10,2)", NULL },
               HYCO_SWEEP_DESIGN_LHS, n, 7);
  g_autoptr (HycoSweep) again
    = planned ((const char *const[]){ "x=2:4", NULL },
               (const char *const[]){ "u=uniform(-1,1)", "z=normal(10,2)", NULL },
               HYCO_SWEEP_DESIGN_LHS, n, 7);
  g_autoptr (HycoSweep) other
    = planned ((const char *const[]){ "x=2:4", NULL },
               (const char *const[]){ "u=uniform(-1,1)", "z=normal(10,2)", NULL },
               HYCO_SWEEP_DESIGN_LHS, n, 8);
  guint differ = 0;

  g_assert_cmpuint (hyco_sweep_get_run_count (sweep), ==, n);
  for (guint p = 0; p < 3; p++)
    {
      g_autofree guint *hits = g_new0 (guint, n);
      for (guint r = 0; r < n; r++)
        {
          double v = hyco_sweep_get_parameter_value (sweep, r, p);
          double u = p == 0   ? (v - 2) / 2
                     : p == 1 ? (v + 1) / 2
                              : 0.5 * erfc (-(v - 10) / 2 / G_SQRT2);
          guint stratum = (guint) floor (u * n);
          g_assert_cmpuint (stratum, <, n);
          hits[stratum]++;
          /* The same seed, the same values; another seed, others. */
          g_assert_cmpfloat (v, ==, hyco_sweep_get_parameter_value (again, r, p));
          differ += v != hyco_sweep_get_parameter_value (other, r, p);
        }
      for (guint s = 0; s < n; s++)
        g_assert_cmpuint (hits[s], ==, 1);
    }
  g_assert_cmpuint (differ, ==, 3 * n);
}

/* Run i's sampled values depend on the seed and i alone: not on the number of runs. */
static void
test_samples_by_seed (void)
{
  g_autoptr (HycoSweep) five = planned (NULL, (const char *const[]){ "mu=normal(1,0.1)", NULL },
                                        HYCO_SWEEP_DESIGN_FACTORIAL, 5, 7);
  g_autoptr (HycoSweep) ten = planned (NULL, (const char *const[]){ "mu=normal(1,0.1)", NULL },
                                       HYCO_SWEEP_DESIGN_FACTORIAL, 10, 7);
  g_autoptr (HycoSweep) repeated
    = planned ((const char *const[]){ "k=[1,2]", NULL },
               (const char *const[]){ "a=uniform(0,2)", NULL }, HYCO_SWEEP_DESIGN_FACTORIAL, 3, 7);
  double sum = 0, squares = 0;
  g_autofree char *k = parameter_texts (repeated, 0);

  for (guint r = 0; r < 5; r++)
    g_assert_cmpstr (hyco_sweep_get_parameter_text (five, r, 0), ==,
                     hyco_sweep_get_parameter_text (ten, r, 0));
  for (guint r = 0; r < 10; r++)
    {
      double v = hyco_sweep_get_parameter_value (ten, r, 0);
      sum += v;
      squares += v * v;
      /* 17 digits: the text sets exactly the value drawn. */
      g_assert_cmpfloat (v, ==, g_ascii_strtod (hyco_sweep_get_parameter_text (ten, r, 0), NULL));
    }
  /* Ten draws of N(1, 0.1): the mean within 4 standard errors, the spread within reason. */
  g_assert_cmpfloat (fabs (sum / 10 - 1), <, 4 * 0.1 / sqrt (10));
  g_assert_cmpfloat (sqrt (squares / 10 - (sum / 10) * (sum / 10)), >, 0.02);
  g_assert_cmpfloat (sqrt (squares / 10 - (sum / 10) * (sum / 10)), <, 0.3);
  /* Each combination three times, each time with a value of its own. */
  g_assert_cmpstr (k, ==, "1 1 1 2 2 2");
  for (guint r = 0; r < 6; r++)
    for (guint q = 0; q < r; q++)
      g_assert_cmpfloat (hyco_sweep_get_parameter_value (repeated, r, 1), !=,
                         hyco_sweep_get_parameter_value (repeated, q, 1));
}

static char *
read_file (const char *path)
{
  char *contents = NULL;

  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  return contents;
}

static HycoSweep *
ball_sweep (guint jobs)
{
  HycoSweep *sweep = hyco_sweep_new (BALL);

  g_assert_true (hyco_sweep_add_vary (sweep, "e=0.5:0.9:0.1", NULL));
  g_assert_true (hyco_sweep_add_sample (sweep, "h0=uniform(1,10)", NULL));
  hyco_sweep_set_samples (sweep, 3);
  hyco_sweep_set_seed (sweep, 3);
  hyco_sweep_set_stop_time (sweep, "5");
  hyco_sweep_add_probe (sweep, "Ball.impact");
  hyco_sweep_add_probe (sweep, "Ball.y");
  g_assert_true (hyco_sweep_add_summary (sweep, "range", "Ball.y.max - Ball.y.min", NULL));
  g_assert_true (hyco_sweep_add_summary (sweep, "mean", "avg(Ball.impact.values) / h0", NULL));
  hyco_sweep_set_jobs (sweep, jobs);
  return sweep;
}

/* Two models run at once in two threads give what they give one after the other: the same
 * values to the bit, the same files byte for byte. */
static void
test_jobs (void)
{
  g_autoptr (HycoSweep) one = ball_sweep (1);
  g_autoptr (HycoSweep) two = ball_sweep (2);
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("hyco-sweep-XXXXXX", NULL);
  const char *names[] = { "one.h5", "two.h5", "one.csv", "two.csv" };
  char *paths[4];
  g_auto (GStrv) summaries = NULL;
  guint finished, failed;

  for (guint i = 0; i < 4; i++)
    paths[i] = g_build_filename (dir, names[i], NULL);
  g_assert_true (hyco_sweep_run (one, NULL, &error));
  g_assert_true (hyco_sweep_run (two, NULL, &error));
  g_assert_no_error (error);
  summaries = hyco_sweep_list_summaries (one);
  g_assert_cmpuint (g_strv_length (summaries), ==, 12);
  g_assert_cmpstr (summaries[0], ==, "Ball.impact.final");
  g_assert_cmpstr (summaries[3], ==, "Ball.impact.events");
  g_assert_cmpstr (summaries[9], ==, "Ball.y.first");
  g_assert_cmpstr (summaries[11], ==, "mean");
  g_assert_cmpuint (hyco_sweep_get_run_count (two), ==, 15);
  hyco_sweep_get_progress (two, &finished, &failed);
  g_assert_cmpuint (finished, ==, 15);
  g_assert_cmpuint (failed, ==, 0);
  for (guint r = 0; r < 15; r++)
    {
      g_assert_cmpint (hyco_sweep_get_status (two, r), ==, HYCO_SWEEP_STATUS_OK);
      g_assert_null (hyco_sweep_get_error_message (two, r));
      for (guint s = 0; s < 12; s++)
        {
          double a = hyco_sweep_get_summary (one, r, s), b = hyco_sweep_get_summary (two, r, s);
          g_assert_cmpmem (&a, sizeof a, &b, sizeof b);
        }
      /* The ball is dropped at 0 from h0: y's first event at 0, its maximum h0, and it
       * bounces. */
      g_assert_cmpfloat (hyco_sweep_get_summary (one, r, 9), ==, 0.0);
      g_assert_cmpfloat_with_epsilon (hyco_sweep_get_summary (one, r, 7),
                                      hyco_sweep_get_parameter_value (one, r, 1), 1e-9);
      g_assert_cmpfloat (hyco_sweep_get_summary (one, r, 3), >=, 1);
      g_assert_cmpfloat (hyco_sweep_get_summary (one, r, 10), ==,
                         hyco_sweep_get_summary (one, r, 7) - hyco_sweep_get_summary (one, r, 6));
      g_assert_false (isnan (hyco_sweep_get_summary (one, r, 11)));
    }
  g_assert_true (hyco_sweep_save_hdf5 (one, paths[0], &error));
  g_assert_true (hyco_sweep_save_hdf5 (two, paths[1], &error));
  g_assert_true (hyco_sweep_save_csv (one, paths[2], &error));
  g_assert_true (hyco_sweep_save_csv (two, paths[3], &error));
  g_assert_no_error (error);
  for (guint i = 0; i < 4; i += 2)
    {
      gsize length_a, length_b;
      g_autofree char *a = NULL, *b = NULL;
      g_assert_true (g_file_get_contents (paths[i], &a, &length_a, NULL));
      g_assert_true (g_file_get_contents (paths[i + 1], &b, &length_b, NULL));
      g_assert_cmpmem (a, length_a, b, length_b);
    }
  for (guint i = 0; i < 4; i++)
    {
      g_unlink (paths[i]);
      g_free (paths[i]);
    }
  g_rmdir (dir);
}

static double *
read_doubles (hid_t file, const char *name, guint n)
{
  hid_t dataset = H5Dopen2 (file, name, H5P_DEFAULT);
  hid_t space = H5Dget_space (dataset);
  hsize_t dims[1];
  double *values = g_new (double, n);

  g_assert_cmpint (dataset, >=, 0);
  g_assert_cmpint (H5Sget_simple_extent_ndims (space), ==, 1);
  H5Sget_simple_extent_dims (space, dims, NULL);
  g_assert_cmpuint (dims[0], ==, n);
  g_assert_cmpint (H5Dread (dataset, H5T_NATIVE_DOUBLE, H5S_ALL, H5S_ALL, H5P_DEFAULT, values), >=,
                   0);
  H5Sclose (space);
  H5Dclose (dataset);
  return values;
}

static char *
read_string_attribute (hid_t file, const char *name)
{
  hid_t attribute = H5Aopen (file, name, H5P_DEFAULT);
  hid_t type = H5Aget_type (attribute);
  char *value = NULL, *copy;

  g_assert_true (H5Tis_variable_str (type) > 0);
  g_assert_cmpint (H5Aread (attribute, type, &value), >=, 0);
  copy = g_strdup (value);
  H5free_memory (value);
  H5Tclose (type);
  H5Aclose (attribute);
  return copy;
}

/* Runs that fail are recorded with their error, and the others go on: a Test actor's mismatch
 * (status 1) and a parameter the model refuses (status 2). The file holds it all. */
static void
test_failures_and_hdf5 (void)
{
  g_autoptr (HycoSweep) sweep = hyco_sweep_new (PARAMETERS);
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("hyco-sweep-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "sweep.h5", NULL);
  g_autofree char *csv_path = g_build_filename (dir, "sweep.csv", NULL);
  g_autofree char *csv = NULL;
  g_autofree double *f = NULL, *rate = NULL, *events = NULL, *final = NULL;
  g_autofree char *model = NULL, *design = NULL;
  gint32 statuses[4];
  char *errors[4];
  guint finished, failed;
  hid_t file, dataset, string_type;

  g_assert_true (hyco_sweep_add_vary (sweep, "f=[0.5,1]", NULL));
  g_assert_true (hyco_sweep_add_vary (sweep, "rate=[4,0]", NULL));
  hyco_sweep_add_probe (sweep, "Gain.output");
  hyco_sweep_set_jobs (sweep, 2);
  g_assert_true (hyco_sweep_run (sweep, NULL, &error));
  g_assert_no_error (error);
  hyco_sweep_get_progress (sweep, &finished, &failed);
  g_assert_cmpuint (finished, ==, 4);
  g_assert_cmpuint (failed, ==, 3);
  g_assert_cmpint (hyco_sweep_get_status (sweep, 0), ==, HYCO_SWEEP_STATUS_OK);
  g_assert_cmpint (hyco_sweep_get_status (sweep, 1), ==, HYCO_SWEEP_STATUS_INVALID);
  g_assert_cmpint (hyco_sweep_get_status (sweep, 2), ==, HYCO_SWEEP_STATUS_FAILED);
  g_assert_cmpint (hyco_sweep_get_status (sweep, 3), ==, HYCO_SWEEP_STATUS_INVALID);
  g_assert_null (hyco_sweep_get_error_message (sweep, 0));
  g_test_message ("run 1: %s", hyco_sweep_get_error_message (sweep, 1));
  g_test_message ("run 2: %s", hyco_sweep_get_error_message (sweep, 2));
  g_assert_true (
    g_str_has_prefix (hyco_sweep_get_error_message (sweep, 2), "tests/examples/parameters.xml:"));
  g_assert_nonnull (strstr (hyco_sweep_get_error_message (sweep, 2), "GainTest"));
  g_assert_nonnull (strstr (hyco_sweep_get_error_message (sweep, 1), "period"));
  /* Three ticks of 2 pi f: 0.5 passes, 1 fails at its first tick, recorded up to there. */
  g_assert_cmpfloat (hyco_sweep_get_summary (sweep, 0, 0), ==, 2 * G_PI * 0.5);
  g_assert_cmpfloat (hyco_sweep_get_summary (sweep, 0, 3), ==, 3);
  g_assert_cmpfloat (hyco_sweep_get_summary (sweep, 0, 4), ==, 0);
  g_assert_true (isnan (hyco_sweep_get_summary (sweep, 1, 0)));

  g_assert_true (hyco_sweep_save_hdf5 (sweep, path, &error));
  g_assert_true (hyco_sweep_save_csv (sweep, csv_path, &error));
  g_assert_no_error (error);
  file = H5Fopen (path, H5F_ACC_RDONLY, H5P_DEFAULT);
  g_assert_cmpint (file, >=, 0);
  f = read_doubles (file, "parameters/f", 4);
  rate = read_doubles (file, "/parameters/rate", 4);
  events = read_doubles (file, "summary/Gain.output.events", 4);
  final = read_doubles (file, "summary/Gain.output.final", 4);
  g_assert_cmpfloat (f[0], ==, 0.5);
  g_assert_cmpfloat (f[3], ==, 1);
  g_assert_cmpfloat (rate[0], ==, 4);
  g_assert_cmpfloat (rate[1], ==, 0);
  g_assert_cmpfloat (events[0], ==, 3);
  g_assert_true (isnan (events[1]));
  g_assert_cmpfloat (final[0], ==, G_PI);
  dataset = H5Dopen2 (file, "status", H5P_DEFAULT);
  g_assert_cmpint (H5Dread (dataset, H5T_NATIVE_INT32, H5S_ALL, H5S_ALL, H5P_DEFAULT, statuses), >=,
                   0);
  H5Dclose (dataset);
  g_assert_cmpint (statuses[0], ==, 0);
  g_assert_cmpint (statuses[1], ==, 2);
  g_assert_cmpint (statuses[2], ==, 1);
  g_assert_cmpint (statuses[3], ==, 2);
  string_type = H5Tcopy (H5T_C_S1);
  H5Tset_size (string_type, H5T_VARIABLE);
  H5Tset_cset (string_type, H5T_CSET_UTF8);
  dataset = H5Dopen2 (file, "error", H5P_DEFAULT);
  g_assert_cmpint (H5Dread (dataset, string_type, H5S_ALL, H5S_ALL, H5P_DEFAULT, errors), >=, 0);
  g_assert_cmpstr (errors[0], ==, "");
  g_assert_cmpstr (errors[2], ==, hyco_sweep_get_error_message (sweep, 2));
  {
    hid_t space = H5Dget_space (dataset);
    H5Dvlen_reclaim (string_type, space, H5P_DEFAULT, errors);
    H5Sclose (space);
  }
  H5Dclose (dataset);
  H5Tclose (string_type);
  model = read_string_attribute (file, "model");
  design = read_string_attribute (file, "design");
  g_assert_cmpstr (model, ==, PARAMETERS);
  g_assert_cmpstr (design, ==, "factorial");
  H5Fclose (file);

  csv = read_file (csv_path);
  g_assert_true (g_str_has_prefix (
    csv, "run,f,rate,status,error,Gain.output.final,Gain.output.min,Gain.output.max,"
         "Gain.output.events,Gain.output.first\n"
         "0,0.5,4,0,,3.1415926535897931,3.1415926535897931,3.1415926535897931,3,0\n"
         "1,0.5,0,2,"));
  g_unlink (path);
  g_unlink (csv_path);
  g_rmdir (dir);
}

/* The number of impacts of the bouncing ball dropped from @h0 before @stop, and the speed of
 * the first: each impact's speed is e times the last's, each flight between two takes twice
 * the speed over g, and an impact slower than the resting speed (0.1 m/s) is the last. */
static guint
ball_impacts (double e, double h0, double stop)
{
  const double g = 9.81, resting = 0.1;
  double speed = sqrt (2 * g * h0), t = sqrt (2 * h0 / g);
  guint impacts = 0;

  while (t < stop)
    {
      /* Far from the edges, so that the solver's tolerance cannot change the count. */
      g_assert_cmpfloat (fabs (t - stop), >, 1e-3);
      g_assert_cmpfloat (fabs (speed - resting), >, 1e-6);
      impacts++;
      if (speed < resting)
        break;
      speed *= e;
      t += 2 * speed / g;
    }
  return impacts;
}

static guint
summary_index (HycoSweep *sweep, const char *name)
{
  gboolean is_parameter = TRUE;
  guint index = G_MAXUINT;

  g_assert_true (hyco_sweep_lookup_column (sweep, name, &is_parameter, &index));
  g_assert_false (is_parameter);
  return index;
}

/* Summary values computed by expressions over the probed signals' summaries, their values and
 * times, the parameters and the summaries before them. */
static void
test_summary_expressions (void)
{
  g_autoptr (HycoSweep) sweep = hyco_sweep_new (BALL);
  g_autoptr (GError) error = NULL;
  const struct
  {
    const char *name, *expression;
  } summaries[] = {
    { "range", "Ball.y.max - Ball.y.min" },
    { "tenth", "Ball.impact.events / 10" },
    { "Ball.count", "Ball.impact.values.length()" },
    { "relative", "range / h0" },
    { "hardest", "min(Ball.impact.values)" },
    { "first", "min(Ball.impact.times)" },
    { "same", "Ball.count == Ball.impact.events && e < 1" },
    { "energy", "sum(Ball.impact.values * Ball.impact.values) / 2" },
    { "euler", "E" },
  };
  g_auto (GStrv) names = NULL;

  g_assert_true (hyco_sweep_add_vary (sweep, "e=[0.5,0.8]", NULL));
  g_assert_true (hyco_sweep_add_vary (sweep, "h0=[2,10]", NULL));
  hyco_sweep_add_probe (sweep, "Ball.y");
  hyco_sweep_add_probe (sweep, "Ball.impact");
  hyco_sweep_set_stop_time (sweep, "5");
  hyco_sweep_set_jobs (sweep, 2);
  for (guint i = 0; i < G_N_ELEMENTS (summaries); i++)
    {
      g_assert_true (
        hyco_sweep_add_summary (sweep, summaries[i].name, summaries[i].expression, &error));
      g_assert_no_error (error);
    }
  g_assert_true (hyco_sweep_run (sweep, NULL, &error));
  g_assert_no_error (error);
  names = hyco_sweep_list_summaries (sweep);
  g_assert_cmpuint (g_strv_length (names), ==, 10 + G_N_ELEMENTS (summaries));
  for (guint i = 0; i < G_N_ELEMENTS (summaries); i++)
    {
      g_assert_cmpstr (names[10 + i], ==, summaries[i].name);
      g_assert_cmpstr (hyco_sweep_get_summary_expression (sweep, 10 + i), ==,
                       summaries[i].expression);
    }
  g_assert_null (hyco_sweep_get_summary_expression (sweep, 3));
  g_assert_cmpuint (hyco_sweep_get_run_count (sweep), ==, 4);
  for (guint r = 0; r < 4; r++)
    {
      double e = hyco_sweep_get_parameter_value (sweep, r, 0);
      double h0 = hyco_sweep_get_parameter_value (sweep, r, 1);
      double max = hyco_sweep_get_summary (sweep, r, summary_index (sweep, "Ball.y.max"));
      double min = hyco_sweep_get_summary (sweep, r, summary_index (sweep, "Ball.y.min"));
      double events
        = hyco_sweep_get_summary (sweep, r, summary_index (sweep, "Ball.impact.events"));
      double range = hyco_sweep_get_summary (sweep, r, summary_index (sweep, "range"));
      double energy = 0;

      g_assert_cmpint (hyco_sweep_get_status (sweep, r), ==, HYCO_SWEEP_STATUS_OK);
      /* The expressions compute what C computes from the same values, to the bit. */
      g_assert_cmpfloat (range, ==, max - min);
      g_assert_cmpfloat (hyco_sweep_get_summary (sweep, r, summary_index (sweep, "relative")), ==,
                         range / h0);
      g_assert_cmpfloat (hyco_sweep_get_summary (sweep, r, summary_index (sweep, "tenth")), ==,
                         events / 10);
      g_assert_cmpfloat (hyco_sweep_get_summary (sweep, r, summary_index (sweep, "Ball.count")), ==,
                         events);
      g_assert_cmpfloat (
        hyco_sweep_get_summary (sweep, r, summary_index (sweep, "hardest")), ==,
        hyco_sweep_get_summary (sweep, r, summary_index (sweep, "Ball.impact.min")));
      g_assert_cmpfloat (
        hyco_sweep_get_summary (sweep, r, summary_index (sweep, "first")), ==,
        hyco_sweep_get_summary (sweep, r, summary_index (sweep, "Ball.impact.first")));
      g_assert_cmpfloat (hyco_sweep_get_summary (sweep, r, summary_index (sweep, "same")), ==, 1);
      g_assert_cmpfloat (hyco_sweep_get_summary (sweep, r, summary_index (sweep, "euler")), ==,
                         G_E);
      /* And what is known of the ball: dropped from h0 onto the ground, it bounces as often
       * as its restitution says; the first impact is the hardest, at sqrt(2 g h0). */
      g_assert_cmpfloat_with_epsilon (range, h0, 1e-8);
      g_assert_cmpfloat (events, ==, ball_impacts (e, h0, 5));
      g_assert_cmpfloat_with_epsilon (
        hyco_sweep_get_summary (sweep, r, summary_index (sweep, "hardest")), -sqrt (2 * 9.81 * h0),
        1e-6);
      /* Half the sum of the squared impact speeds: a geometric series of ratio e^2. */
      for (guint k = 0; k < (guint) events; k++)
        energy += 2 * 9.81 * h0 * pow (e * e, k) / 2;
      g_assert_cmpfloat_with_epsilon (
        hyco_sweep_get_summary (sweep, r, summary_index (sweep, "energy")), energy, 1e-5 * energy);
    }
  /* Two of the four cases bounce to rest within 5 s, two do not. */
  g_assert_cmpuint (ball_impacts (0.5, 2, 5), ==, 7);
  g_assert_cmpuint (ball_impacts (0.8, 10, 5), ==, 2);
}

/* A summary written wrongly, named as another value, or naming a value the sweep lacks is
 * refused before any run; its message starts with its name and points into the expression. */
static void
test_summary_errors (void)
{
  const struct
  {
    const char *name, *expression;
    gboolean at_plan;
    const char *message;
  } cases[] = {
    { "x", "Ball.y.max -", FALSE,
      "x: in \"Ball.y.max -\" at position 13: the expression ends too early" },
    { "x", " ", FALSE, "x: the expression is empty" },
    { "x", "Ball.y.max ** 2", FALSE, "x: in \"Ball.y.max ** 2\" at position 13: unexpected \"*\"" },
    { "2x", "1", FALSE,
      "2x: a summary is named as the expression language names values: letters, digits and _, "
      "not starting with a digit, parts joined by dots (range, Ball.range)" },
    { "a/b", "1", FALSE,
      "a/b: a summary is named as the expression language names values: letters, digits and _, "
      "not starting with a digit, parts joined by dots (range, Ball.range)" },
    { "x", "Bal.y.max", TRUE,
      "x: in \"Bal.y.max\" at position 1: unknown name \"Bal\" (an expression sees the varied "
      "and sampled parameters, the probed signals and the summaries before it: e, Ball)" },
    { "x", "1 + later", TRUE,
      "x: in \"1 + later\" at position 5: unknown name \"later\" (an expression sees the varied "
      "and sampled parameters, the probed signals and the summaries before it: e, Ball)" },
    { "x", "Ball.y.mxa", TRUE,
      "x: in \"Ball.y.mxa\" at position 1: the record has no field \"mxa\"" },
    { "x", "Ball.y.values.size()", TRUE,
      "x: in \"Ball.y.values.size()\" at position 1: an array has no method \"size\"" },
    { "e", "1", TRUE, "e: the parameter e and the summary e: the same name" },
    { "Ball.y", "1", TRUE,
      "Ball.y: the probed signal Ball.y and the summary Ball.y: the same name" },
    { "Ball.y.max", "1", TRUE,
      "Ball.y.max: the probed signal Ball.y and the summary Ball.y.max: an expression cannot "
      "tell them apart" },
    { "Ball", "1", TRUE,
      "Ball: the names under Ball and the summary Ball: an expression cannot tell them apart" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (HycoSweep) sweep = hyco_sweep_new (BALL);
      g_autoptr (GError) error = NULL;
      gboolean added;

      g_assert_true (hyco_sweep_add_vary (sweep, "e=[0.5]", NULL));
      hyco_sweep_add_probe (sweep, "Ball.y");
      added = hyco_sweep_add_summary (sweep, cases[i].name, cases[i].expression, &error);
      g_assert_true (added == cases[i].at_plan);
      if (added)
        g_assert_false (hyco_sweep_plan (sweep, &error));
      g_assert_error (error, HYCO_SWEEP_ERROR, HYCO_SWEEP_ERROR_BAD_SUMMARY);
      g_assert_cmpstr (error->message, ==, cases[i].message);
    }
  {
    /* Two summaries of one name. */
    g_autoptr (HycoSweep) sweep = hyco_sweep_new (BALL);
    g_autoptr (GError) error = NULL;
    g_assert_true (hyco_sweep_add_summary (sweep, "x", "1", NULL));
    g_assert_false (hyco_sweep_add_summary (sweep, "x", "2", &error));
    g_assert_error (error, HYCO_SWEEP_ERROR, HYCO_SWEEP_ERROR_BAD_SUMMARY);
    g_assert_cmpstr (error->message, ==, "x: the sweep already has a summary of that name (1)");
  }
  {
    /* A parameter named as a signal's record cannot be told apart from it. */
    g_autoptr (HycoSweep) sweep = hyco_sweep_new (BALL);
    g_autoptr (GError) error = NULL;
    g_assert_true (hyco_sweep_add_vary (sweep, "Ball.y=[1]", NULL));
    hyco_sweep_add_probe (sweep, "Ball.y");
    g_assert_true (hyco_sweep_add_summary (sweep, "x", "1", NULL));
    g_assert_false (hyco_sweep_plan (sweep, &error));
    g_assert_error (error, HYCO_SWEEP_ERROR, HYCO_SWEEP_ERROR_BAD_SPEC);
    g_assert_cmpstr (error->message, ==,
                     "the parameter Ball.y and the probed signal Ball.y: the same name, which a "
                     "summary expression cannot tell apart");
  }
}

/* An expression that fails in a run fails the run, with its error and its value NaN; over a
 * failed run's results it counts what the run recorded; a run that did not start has NaN. */
static void
test_summary_run_errors (void)
{
  g_autoptr (HycoSweep) ball = hyco_sweep_new (BALL);
  g_autoptr (HycoSweep) sweep = hyco_sweep_new (PARAMETERS);
  g_autoptr (GError) error = NULL;
  guint finished, failed;

  g_assert_true (hyco_sweep_add_vary (ball, "h0=[2,5]", NULL));
  hyco_sweep_add_probe (ball, "Ball.y");
  hyco_sweep_set_stop_time (ball, "1");
  g_assert_true (hyco_sweep_add_summary (ball, "top", "Ball.y.max", NULL));
  /* An array of values is not a number; and a sum over arrays of another length fails. */
  g_assert_true (hyco_sweep_add_summary (ball, "heights", "Ball.y.values", NULL));
  g_assert_true (hyco_sweep_add_summary (ball, "mismatch", "sum(Ball.y.values + {1, 2})", NULL));
  g_assert_true (hyco_sweep_run (ball, NULL, &error));
  g_assert_no_error (error);
  hyco_sweep_get_progress (ball, &finished, &failed);
  g_assert_cmpuint (finished, ==, 2);
  g_assert_cmpuint (failed, ==, 2);
  for (guint r = 0; r < 2; r++)
    {
      g_assert_cmpint (hyco_sweep_get_status (ball, r), ==, HYCO_SWEEP_STATUS_FAILED);
      /* The first error is the run's; every value that could be computed is there. */
      g_assert_cmpstr (hyco_sweep_get_error_message (ball, r), ==,
                       BALL ": summary heights: in \"Ball.y.values\": the value is an array, not "
                            "a number");
      g_assert_cmpfloat (hyco_sweep_get_summary (ball, r, 5), ==,
                         hyco_sweep_get_parameter_value (ball, r, 0));
      g_assert_true (isnan (hyco_sweep_get_summary (ball, r, 6)));
      g_assert_true (isnan (hyco_sweep_get_summary (ball, r, 7)));
    }

  g_assert_true (hyco_sweep_add_vary (sweep, "f=[0.5,1]", NULL));
  g_assert_true (hyco_sweep_add_vary (sweep, "rate=[4,0]", NULL));
  hyco_sweep_add_probe (sweep, "Gain.output");
  g_assert_true (hyco_sweep_add_summary (sweep, "twice", "2 * Gain.output.events", NULL));
  g_assert_true (hyco_sweep_add_summary (sweep, "per", "Gain.output.final / f", NULL));
  g_assert_true (hyco_sweep_run (sweep, NULL, &error));
  g_assert_no_error (error);
  /* Completed: three ticks of 2 pi f. */
  g_assert_cmpint (hyco_sweep_get_status (sweep, 0), ==, HYCO_SWEEP_STATUS_OK);
  g_assert_cmpfloat (hyco_sweep_get_summary (sweep, 0, 5), ==, 6);
  g_assert_cmpfloat (hyco_sweep_get_summary (sweep, 0, 6), ==, G_PI / 0.5);
  /* Failed at its first tick, which it recorded; its error the Test actor's. */
  g_assert_cmpint (hyco_sweep_get_status (sweep, 2), ==, HYCO_SWEEP_STATUS_FAILED);
  g_assert_nonnull (strstr (hyco_sweep_get_error_message (sweep, 2), "GainTest"));
  g_assert_cmpfloat (hyco_sweep_get_summary (sweep, 2, 5), ==, 2);
  g_assert_cmpfloat (hyco_sweep_get_summary (sweep, 2, 6), ==, 2 * G_PI);
  /* Never started. */
  g_assert_cmpint (hyco_sweep_get_status (sweep, 1), ==, HYCO_SWEEP_STATUS_INVALID);
  g_assert_true (isnan (hyco_sweep_get_summary (sweep, 1, 5)));
  g_assert_true (isnan (hyco_sweep_get_summary (sweep, 1, 6)));
}

static void
on_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  GError **error = user_data;

  g_assert_false (hyco_sweep_run_finish (HYCO_SWEEP (source), result, error));
}

static void
on_progress (HycoSweep *sweep, guint finished, guint failed, gpointer user_data)
{
  guint *count = user_data;

  (*count)++;
}

/* Cancelled before it starts: no run runs, each is recorded as not run, and the sweep says it
 * was cancelled. */
static void
test_cancel (void)
{
  g_autoptr (HycoSweep) sweep = ball_sweep (2);
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (GError) error = NULL;
  guint progress = 0, finished;

  g_signal_connect (sweep, "progress", G_CALLBACK (on_progress), &progress);
  g_cancellable_cancel (cancellable);
  hyco_sweep_run_async (sweep, cancellable, on_done, &error);
  while (error == NULL)
    g_main_context_iteration (NULL, TRUE);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (progress, ==, 1);
  hyco_sweep_get_progress (sweep, &finished, NULL);
  g_assert_cmpuint (finished, ==, 0);
  for (guint r = 0; r < hyco_sweep_get_run_count (sweep); r++)
    g_assert_cmpint (hyco_sweep_get_status (sweep, r), ==, HYCO_SWEEP_STATUS_NOT_RUN);
}

static void
on_done_ok (GObject *source, GAsyncResult *result, gpointer user_data)
{
  gboolean *done = user_data;
  g_autoptr (GError) error = NULL;

  g_assert_true (hyco_sweep_run_finish (HYCO_SWEEP (source), result, &error));
  g_assert_no_error (error);
  *done = TRUE;
}

static void
test_async (void)
{
  g_autoptr (HycoSweep) sweep = ball_sweep (2);
  gboolean done = FALSE;
  guint progress = 0, finished;

  g_signal_connect (sweep, "progress", G_CALLBACK (on_progress), &progress);
  hyco_sweep_run_async (sweep, NULL, on_done_ok, &done);
  while (!done)
    g_main_context_iteration (NULL, TRUE);
  g_assert_cmpuint (progress, >=, 1);
  hyco_sweep_get_progress (sweep, &finished, NULL);
  g_assert_cmpuint (finished, ==, 15);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  hyco_init ();
  g_test_add_func ("/sweep/ranges", test_ranges);
  g_test_add_func ("/sweep/factorial", test_factorial);
  g_test_add_func ("/sweep/spec-errors", test_spec_errors);
  g_test_add_func ("/sweep/design-errors", test_design_errors);
  g_test_add_func ("/sweep/latin-hypercube", test_latin_hypercube);
  g_test_add_func ("/sweep/samples-by-seed", test_samples_by_seed);
  g_test_add_func ("/sweep/jobs", test_jobs);
  g_test_add_func ("/sweep/failures-and-hdf5", test_failures_and_hdf5);
  g_test_add_func ("/sweep/summary-expressions", test_summary_expressions);
  g_test_add_func ("/sweep/summary-errors", test_summary_errors);
  g_test_add_func ("/sweep/summary-run-errors", test_summary_run_errors);
  g_test_add_func ("/sweep/cancel", test_cancel);
  g_test_add_func ("/sweep/async", test_async);
  return g_test_run ();
}
