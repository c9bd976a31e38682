/* test-format-modules.c: the libraries the library keeps in modules are loaded only when they
 * are needed: the result formats' (libmatio, PLplot, HDF5, from results/modules/) when a file
 * of theirs is written, SUNDIALS (directors/hyco-cvode.c) when a continuous director uses
 * CVODE; and a module that cannot be loaded is an error that names its file and package.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "test-support.h"

#include "hyco-format-module-private.h"

#include <glib/gstdio.h>
#include <string.h>

/* Whether a library whose file name starts with @name is mapped into this process. */
static gboolean
mapped (const char *name)
{
  g_autofree char *maps = NULL;
  g_autofree char *pattern = g_strconcat ("/", name, NULL);

  g_assert_true (g_file_get_contents ("/proc/self/maps", &maps, NULL, NULL));
  return strstr (maps, pattern) != NULL;
}

static HycoModel *
run_model (const char *file)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", file, NULL);
  g_autoptr (GError) error = NULL;
  HycoModel *model = hyco_model_new_from_file (path, &error);

  g_assert_no_error (error);
  hyco_model_set_record_results (model, TRUE);
  hyco_model_run (model, NULL, &error);
  g_assert_no_error (error);
  return model;
}

/* One test, in this order: whatever loaded a library stays loaded. */
static void
test_loaded_on_demand (void)
{
  g_autofree char *dir = g_dir_make_tmp ("hyco-modules-XXXXXX", NULL);
  g_autofree char *mat = g_build_filename (dir, "r.mat", NULL);
  g_autofree char *svg = g_build_filename (dir, "r.svg", NULL);
  g_autofree char *h5 = g_build_filename (dir, "s.h5", NULL);
  g_autoptr (HycoModel) model = run_model ("models/simultaneous-events.xml");
  HycoResults *results = hyco_model_get_results (model);
  g_autoptr (HycoSweep) sweep = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *ball = NULL;

  /* A model read and run: none of them. */
  g_assert_false (mapped ("libsundials"));
  g_assert_false (mapped ("hyco-cvode.so"));
  g_assert_false (mapped ("libmatio"));
  g_assert_false (mapped ("libplplot"));
  g_assert_false (mapped ("libhdf5"));
  g_assert_false (mapped ("hyco-results-mat.so"));

  g_assert_true (hyco_results_save_mat (results, mat, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_test (mat, G_FILE_TEST_IS_REGULAR));
  g_assert_true (mapped ("hyco-results-mat.so"));
  g_assert_true (mapped ("libmatio"));
  g_assert_false (mapped ("libplplot"));
  g_assert_false (mapped ("hyco-hdf5.so"));

  g_assert_true (hyco_results_plot (results, svg, NULL, 0, 0, &error));
  g_assert_no_error (error);
  g_assert_true (mapped ("hyco-plot.so"));
  g_assert_true (mapped ("libplplot"));
  g_assert_false (mapped ("hyco-hdf5.so"));

  ball = g_test_build_filename (G_TEST_DIST, "..", "models", "bouncing-ball.xml", NULL);
  sweep = hyco_sweep_new (ball);
  hyco_sweep_set_stop_time (sweep, "1");
  g_assert_true (hyco_sweep_add_vary (sweep, "Ball.e=[0.5,0.7]", &error));
  g_assert_true (hyco_sweep_run (sweep, NULL, &error));
  g_assert_no_error (error);
  g_assert_false (mapped ("hyco-hdf5.so"));
  g_assert_true (hyco_sweep_save_hdf5 (sweep, h5, &error));
  g_assert_no_error (error);
  g_assert_true (mapped ("hyco-hdf5.so"));

  /* CVODE, only for a model that solves with it. */
  g_assert_false (mapped ("libsundials"));
  g_clear_object (&model);
  model = run_model ("models/van-der-pol-stiff.xml");
  g_assert_true (mapped ("hyco-cvode.so"));
  g_assert_true (mapped ("libsundials_cvode"));

  g_unlink (mat);
  g_unlink (svg);
  g_unlink (h5);
  g_rmdir (dir);
}

static void
test_missing_module (void)
{
  g_autoptr (GError) error = NULL;
  gpointer entry = _hyco_module_symbol ("results", "hyco-no-such-module", "hyco_no_such_entry",
                                        "writing the results to r.mat", HYCO_RESULTS_ERROR,
                                        HYCO_RESULTS_ERROR_IO, &error);

  g_assert_null (entry);
  g_assert_error (error, HYCO_RESULTS_ERROR, HYCO_RESULTS_ERROR_IO);
  /* Not in the build: the installed path is named, where the package puts it. */
  g_assert_true (g_str_has_prefix (error->message, "writing the results to r.mat needs Hyco's "
                                                   "module /"));
  g_assert_nonnull (strstr (error->message, "/hyco/hyco-no-such-module.so (no such file), which "
                                            "the package libhyco-1.0-0 provides; reinstall it, "
                                            "or rebuild Hyco"));
}

static void
test_missing_entry (void)
{
  g_autoptr (GError) error = NULL;
  gpointer entry = _hyco_module_symbol ("results", "hyco-results-mat", "hyco_no_such_entry",
                                        "writing the results to r.mat", HYCO_RESULTS_ERROR,
                                        HYCO_RESULTS_ERROR_IO, &error);

  g_assert_null (entry);
  g_assert_error (error, HYCO_RESULTS_ERROR, HYCO_RESULTS_ERROR_IO);
  g_assert_true (g_str_has_prefix (error->message, "writing the results to r.mat needs "
                                                   "hyco_no_such_entry from Hyco's module /"));
  g_assert_nonnull (strstr (error->message, "/hyco-results-mat.so, which lacks it ("));
  g_assert_true (g_str_has_suffix (error->message, "); reinstall the package libhyco-1.0-0, or "
                                                   "rebuild Hyco"));
}

/* Loaded once: the same entry point each time, from any thread. */
static gpointer
look_up_mat_write (gpointer data)
{
  return _hyco_module_symbol ("results", "hyco-results-mat", HYCO_MAT_WRITE_SYMBOL, "writing",
                              HYCO_RESULTS_ERROR, HYCO_RESULTS_ERROR_IO, NULL);
}

static void
test_loaded_once (void)
{
  GThread *threads[4];
  gpointer first = look_up_mat_write (NULL);

  g_assert_nonnull (first);
  for (guint i = 0; i < G_N_ELEMENTS (threads); i++)
    threads[i] = g_thread_new ("lookup", look_up_mat_write, NULL);
  for (guint i = 0; i < G_N_ELEMENTS (threads); i++)
    g_assert_true (g_thread_join (threads[i]) == first);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  hyco_init ();
  g_test_add_func ("/format-modules/loaded-on-demand", test_loaded_on_demand);
  g_test_add_func ("/format-modules/missing-module", test_missing_module);
  g_test_add_func ("/format-modules/missing-entry", test_missing_entry);
  g_test_add_func ("/format-modules/loaded-once", test_loaded_once);
  return g_test_run ();
}
