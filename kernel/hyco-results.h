/* hyco-results.h: the signals a run recorded, with plots and MATLAB result files.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined(HYCO_INSIDE) && !defined(HYCO_COMPILATION)
#error "Only <hyco.h> can be included directly."
#endif

#include "hyco-export.h"
#include <gio/gio.h>
#include "hyco-value.h"

G_BEGIN_DECLS

/**
 * HYCO_RESULTS_ERROR:
 *
 * Error domain for results, plots and result files; errors are from #HycoResultsError.
 */
#define HYCO_RESULTS_ERROR (hyco_results_error_quark ())

/**
 * HycoResultsError:
 * @HYCO_RESULTS_ERROR_UNKNOWN_SIGNAL: no signal of that name was recorded
 * @HYCO_RESULTS_ERROR_FORMAT: the file name's extension names no supported format
 * @HYCO_RESULTS_ERROR_IO: the file cannot be written
 * @HYCO_RESULTS_ERROR_NOTHING_TO_PLOT: no signal with a numeric value was recorded
 * @HYCO_RESULTS_ERROR_DRIVER: the plotting library lacks the output driver
 *
 * Errors from results.
 */
typedef enum
{
  HYCO_RESULTS_ERROR_UNKNOWN_SIGNAL,
  HYCO_RESULTS_ERROR_FORMAT,
  HYCO_RESULTS_ERROR_IO,
  HYCO_RESULTS_ERROR_NOTHING_TO_PLOT,
  HYCO_RESULTS_ERROR_DRIVER,
} HycoResultsError;

/**
 * HycoPlotStyle:
 * @HYCO_PLOT_STYLE_NONE: not plotted (string values, or never present)
 * @HYCO_PLOT_STYLE_LINE: present at every tag the model executed, or, inside a modal model's
 *   refinement, at every tag while its mode was active (a continuous-time signal): a line
 *   through its values in tag order, vertical where one time has several microsteps, broken
 *   where its mode was inactive
 * @HYCO_PLOT_STYLE_EVENTS: present at isolated tags (a discrete-event signal): a stem and a
 *   marker at each event, nothing in between
 *
 * How a plot draws a signal.
 */
typedef enum
{
  HYCO_PLOT_STYLE_NONE,
  HYCO_PLOT_STYLE_LINE,
  HYCO_PLOT_STYLE_EVENTS,
} HycoPlotStyle;

#define HYCO_TYPE_RESULTS (hyco_results_get_type ())
HYCO_API
G_DECLARE_FINAL_TYPE (HycoResults, hyco_results, HYCO, RESULTS, GObject)

HYCO_API GQuark hyco_results_error_quark (void);

HYCO_API int hyco_results_get_resolution (HycoResults *self);
HYCO_API guint64 hyco_results_get_tag_count (HycoResults *self);
HYCO_API gint64 hyco_results_get_end_time (HycoResults *self);
HYCO_API char **hyco_results_list_signals (HycoResults *self);
HYCO_API gboolean hyco_results_has_signal (HycoResults *self, const char *signal);
HYCO_API HycoValueType hyco_results_get_value_type (HycoResults *self, const char *signal);
HYCO_API gsize hyco_results_get_sample_count (HycoResults *self, const char *signal);
HYCO_API guint64 hyco_results_get_present_count (HycoResults *self, const char *signal);
HYCO_API const gint64 *hyco_results_get_times (HycoResults *self, const char *signal,
                                               gsize *n_samples);
HYCO_API const guint64 *hyco_results_get_microsteps (HycoResults *self, const char *signal,
                                                     gsize *n_samples);
HYCO_API const double *hyco_results_get_values (HycoResults *self, const char *signal,
                                                gsize *n_samples);
HYCO_API const guint8 *hyco_results_get_presence (HycoResults *self, const char *signal,
                                                  gsize *n_samples);
HYCO_API GBytes *hyco_results_get_times_bytes (HycoResults *self, const char *signal);
HYCO_API GBytes *hyco_results_get_microsteps_bytes (HycoResults *self, const char *signal);
HYCO_API GBytes *hyco_results_get_values_bytes (HycoResults *self, const char *signal);
HYCO_API GBytes *hyco_results_get_presence_bytes (HycoResults *self, const char *signal);

HYCO_API HycoPlotStyle hyco_results_get_plot_style (HycoResults *self, const char *signal);
HYCO_API const char *hyco_results_get_unit (HycoResults *self, const char *signal);
HYCO_API gboolean hyco_results_get_plot_points (HycoResults *self, const char *signal,
                                                double **times, double **values, gsize *n_points,
                                                GError **error);

G_END_DECLS
