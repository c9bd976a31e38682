/* hyco-sweep.h: parameter sweeps and ensembles: many runs of one model file, each a fresh
 * instance with its own parameter values, summarised run by run.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined(HYCO_INSIDE) && !defined(HYCO_COMPILATION)
#error "Only <hyco.h> can be included directly."
#endif

#include "hyco-export.h"
#include <gio/gio.h>

G_BEGIN_DECLS

/**
 * HYCO_SWEEP_ERROR:
 *
 * Error domain for sweeps; errors are from #HycoSweepError.
 */
#define HYCO_SWEEP_ERROR (hyco_sweep_error_quark ())

/**
 * HycoSweepError:
 * @HYCO_SWEEP_ERROR_BAD_SPEC: a varied or sampled parameter is written wrongly, or, when
 *   summaries are computed by expressions, named as a probed signal
 * @HYCO_SWEEP_ERROR_BAD_DESIGN: the parameters do not fit the design (a list in a Latin
 *   hypercube, a Latin hypercube without a number of samples), or the sweep has no run
 * @HYCO_SWEEP_ERROR_UNKNOWN_VALUE: a plot names a parameter or summary value the sweep lacks
 * @HYCO_SWEEP_ERROR_IO: a result file cannot be written
 * @HYCO_SWEEP_ERROR_MPI: launched by `mpirun`, the sweep could not use MPI
 * @HYCO_SWEEP_ERROR_BAD_SUMMARY: a summary expression is written wrongly, its name is taken,
 *   or it names a value the sweep lacks (see hyco_sweep_add_summary())
 *
 * Errors from sweeps.
 */
typedef enum
{
  HYCO_SWEEP_ERROR_BAD_SPEC,
  HYCO_SWEEP_ERROR_BAD_DESIGN,
  HYCO_SWEEP_ERROR_UNKNOWN_VALUE,
  HYCO_SWEEP_ERROR_IO,
  HYCO_SWEEP_ERROR_MPI,
  HYCO_SWEEP_ERROR_BAD_SUMMARY,
} HycoSweepError;

/**
 * HycoSweepDesign:
 * @HYCO_SWEEP_DESIGN_FACTORIAL: every combination of the varied parameters' values (the first
 *   varied parameter changes slowest), each repeated for the number of samples when
 *   parameters are sampled
 * @HYCO_SWEEP_DESIGN_LHS: a Latin hypercube of the number of samples: each varied range and
 *   each distribution is cut into that many strata of equal probability, and each stratum of
 *   each parameter is used by exactly one run
 *
 * How a sweep combines its parameters into runs.
 */
typedef enum
{
  HYCO_SWEEP_DESIGN_FACTORIAL,
  HYCO_SWEEP_DESIGN_LHS,
} HycoSweepDesign;

/**
 * HycoSweepStatus:
 * @HYCO_SWEEP_STATUS_OK: the run completed
 * @HYCO_SWEEP_STATUS_FAILED: the run started and failed (a Test actor's mismatch, an actor's
 *   error)
 * @HYCO_SWEEP_STATUS_INVALID: the model could not be loaded, its parameters set or prepared
 * @HYCO_SWEEP_STATUS_NOT_RUN: the run has not run (the sweep was cancelled before it)
 *
 * How a run of a sweep ended; the numbers are those `hyco run` exits with, and -1.
 */
typedef enum
{
  HYCO_SWEEP_STATUS_NOT_RUN = -1,
  HYCO_SWEEP_STATUS_OK = 0,
  HYCO_SWEEP_STATUS_FAILED = 1,
  HYCO_SWEEP_STATUS_INVALID = 2,
} HycoSweepStatus;

#define HYCO_TYPE_SWEEP (hyco_sweep_get_type ())
HYCO_API
G_DECLARE_FINAL_TYPE (HycoSweep, hyco_sweep, HYCO, SWEEP, GObject)

HYCO_API GQuark hyco_sweep_error_quark (void);

HYCO_API HycoSweep *hyco_sweep_new (const char *model_file);
HYCO_API const char *hyco_sweep_get_model_file (HycoSweep *self);
HYCO_API gboolean hyco_sweep_add_vary (HycoSweep *self, const char *spec, GError **error);
HYCO_API gboolean hyco_sweep_add_sample (HycoSweep *self, const char *spec, GError **error);
HYCO_API void hyco_sweep_add_assignment (HycoSweep *self, const char *name, const char *text);
HYCO_API void hyco_sweep_set_stop_time (HycoSweep *self, const char *literal);
HYCO_API void hyco_sweep_add_probe (HycoSweep *self, const char *signal);
HYCO_API gboolean hyco_sweep_add_summary (HycoSweep *self, const char *name, const char *expression,
                                          GError **error);
HYCO_API void hyco_sweep_set_design (HycoSweep *self, HycoSweepDesign design);
HYCO_API HycoSweepDesign hyco_sweep_get_design (HycoSweep *self);
HYCO_API gboolean hyco_sweep_design_from_string (const char *name, HycoSweepDesign *design);
HYCO_API const char *hyco_sweep_design_to_string (HycoSweepDesign design);
HYCO_API void hyco_sweep_set_samples (HycoSweep *self, guint samples);
HYCO_API guint hyco_sweep_get_samples (HycoSweep *self);
HYCO_API void hyco_sweep_set_seed (HycoSweep *self, guint32 seed);
HYCO_API guint32 hyco_sweep_get_seed (HycoSweep *self);
HYCO_API void hyco_sweep_set_jobs (HycoSweep *self, guint jobs);
HYCO_API guint hyco_sweep_get_jobs (HycoSweep *self);

HYCO_API gboolean hyco_sweep_plan (HycoSweep *self, GError **error);
HYCO_API guint hyco_sweep_get_run_count (HycoSweep *self);
HYCO_API char **hyco_sweep_list_parameters (HycoSweep *self);
HYCO_API double hyco_sweep_get_parameter_value (HycoSweep *self, guint run, guint parameter);
HYCO_API const char *hyco_sweep_get_parameter_text (HycoSweep *self, guint run, guint parameter);
HYCO_API char **hyco_sweep_list_summaries (HycoSweep *self);
HYCO_API const char *hyco_sweep_get_summary_expression (HycoSweep *self, guint summary);

HYCO_API gboolean hyco_sweep_run_one (HycoSweep *self, guint run, GCancellable *cancellable);
HYCO_API gboolean hyco_sweep_run (HycoSweep *self, GCancellable *cancellable, GError **error);
HYCO_API void hyco_sweep_run_async (HycoSweep *self, GCancellable *cancellable,
                                    GAsyncReadyCallback callback, gpointer user_data);
HYCO_API gboolean hyco_sweep_run_finish (HycoSweep *self, GAsyncResult *result, GError **error);
HYCO_API void hyco_sweep_get_progress (HycoSweep *self, guint *finished, guint *failed);
HYCO_API int hyco_sweep_get_mpi_rank (HycoSweep *self);

HYCO_API HycoSweepStatus hyco_sweep_get_status (HycoSweep *self, guint run);
HYCO_API const char *hyco_sweep_get_error_message (HycoSweep *self, guint run);
HYCO_API double hyco_sweep_get_summary (HycoSweep *self, guint run, guint summary);
HYCO_API gboolean hyco_sweep_lookup_column (HycoSweep *self, const char *name,
                                            gboolean *is_parameter, guint *index);

HYCO_API gboolean hyco_sweep_save_csv (HycoSweep *self, const char *path, GError **error);
HYCO_API gboolean hyco_sweep_save_hdf5 (HycoSweep *self, const char *path, GError **error);
HYCO_API gboolean hyco_sweep_plot (HycoSweep *self, const char *path, const char *x, const char *y,
                                   guint width, guint height, GError **error);

G_END_DECLS
