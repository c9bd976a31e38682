/* hyco-model.h: a model (Ptolemy's manager): loads, saves and runs a top-level composite.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined(HYCO_INSIDE) && !defined(HYCO_COMPILATION)
#error "Only <hyco.h> can be included directly."
#endif

#include "hyco-export.h"
#include <gio/gio.h>
#include "hyco-composite-actor.h"
#include "hyco-results.h"

G_BEGIN_DECLS

/**
 * HYCO_MODEL_FILE_ERROR:
 *
 * Error domain for reading and writing model files; errors are from #HycoModelFileError.
 */
#define HYCO_MODEL_FILE_ERROR (hyco_model_file_error_quark ())

/**
 * HycoModelFileError:
 * @HYCO_MODEL_FILE_ERROR_IO: the file cannot be read or written
 * @HYCO_MODEL_FILE_ERROR_MALFORMED: the file is not well-formed XML
 * @HYCO_MODEL_FILE_ERROR_INVALID: an element or attribute is missing or not allowed there
 * @HYCO_MODEL_FILE_ERROR_UNKNOWN_CLASS: no actor or director class has that name
 * @HYCO_MODEL_FILE_ERROR_UNKNOWN_PORT: a link names a port that does not exist
 * @HYCO_MODEL_FILE_ERROR_UNKNOWN_PARAMETER: a property names a parameter the class lacks
 * @HYCO_MODEL_FILE_ERROR_BAD_VALUE: a parameter value cannot be parsed
 * @HYCO_MODEL_FILE_ERROR_UNKNOWN_RELATION: a link names a relation that does not exist
 * @HYCO_MODEL_FILE_ERROR_DUPLICATE_NAME: two elements in one composite share a name
 *
 * Errors from model files.
 */
typedef enum
{
  HYCO_MODEL_FILE_ERROR_IO,
  HYCO_MODEL_FILE_ERROR_MALFORMED,
  HYCO_MODEL_FILE_ERROR_INVALID,
  HYCO_MODEL_FILE_ERROR_UNKNOWN_CLASS,
  HYCO_MODEL_FILE_ERROR_UNKNOWN_PORT,
  HYCO_MODEL_FILE_ERROR_UNKNOWN_PARAMETER,
  HYCO_MODEL_FILE_ERROR_BAD_VALUE,
  HYCO_MODEL_FILE_ERROR_UNKNOWN_RELATION,
  HYCO_MODEL_FILE_ERROR_DUPLICATE_NAME,
} HycoModelFileError;

/**
 * HYCO_MODEL_FILE_MAX_SIZE:
 *
 * The largest model file hyco_model_new_from_file() reads, in bytes (512 MiB): enough for a
 * flat model of millions of actors and relations, and a bound on what reading one costs.
 */
#define HYCO_MODEL_FILE_MAX_SIZE (G_GINT64_CONSTANT (512) * 1024 * 1024)

/**
 * HYCO_MODEL_FILE_MAX_DEPTH:
 *
 * How deeply a model file's elements may nest (10000): composites inside composites, each a
 * level, and their properties. XML parsers commonly stop at 256.
 */
#define HYCO_MODEL_FILE_MAX_DEPTH 10000u

/**
 * HYCO_MODEL_FILE_MAX_ATTRIBUTES:
 *
 * How many XML attributes one element of a model file may have (1000). MoML elements have at
 * most a few; XML parsers commonly check each attribute against every other, so an element of
 * very many would take minutes to read.
 */
#define HYCO_MODEL_FILE_MAX_ATTRIBUTES 1000u

#define HYCO_TYPE_MODEL (hyco_model_get_type ())
HYCO_API
G_DECLARE_FINAL_TYPE (HycoModel, hyco_model, HYCO, MODEL, GObject)

HYCO_API GQuark hyco_model_file_error_quark (void);

HYCO_API HycoModel *hyco_model_new (HycoCompositeActor *toplevel);
HYCO_API HycoModel *hyco_model_new_from_file (const char *path, GError **error);
HYCO_API HycoModel *hyco_model_new_from_data (const char *data, gssize length,
                                              const char *source_name, GError **error);
HYCO_API gboolean hyco_model_save_to_file (HycoModel *self, const char *path, GError **error);
HYCO_API char *hyco_model_save_to_data (HycoModel *self);

HYCO_API HycoCompositeActor *hyco_model_get_toplevel (HycoModel *self);
HYCO_API HycoActor *hyco_model_lookup_actor (HycoModel *self, const char *path);
HYCO_API gboolean hyco_model_set_parameter (HycoModel *self, const char *path, const char *text,
                                            GError **error);
HYCO_API gboolean hyco_model_set_stop_time (HycoModel *self, const char *literal, GError **error);
HYCO_API gboolean hyco_model_set_trace_file (HycoModel *self, const char *path, GError **error);
HYCO_API gboolean hyco_model_get_trace_written (HycoModel *self);
HYCO_API void hyco_model_set_record_results (HycoModel *self, gboolean record);
HYCO_API void hyco_model_set_probes (HycoModel *self, const char *const *signals);
HYCO_API HycoResults *hyco_model_get_results (HycoModel *self);
HYCO_API char **hyco_model_list_signals (HycoModel *self);

/**
 * HycoModelRunCheck:
 * @model: the model whose run ended
 * @failure: (inout) (nullable): the error that ended the run, %NULL if it ended well; the
 *   check may clear it (a failure the model expects) or set it (an expected failure that did
 *   not happen, or a different one)
 * @user_data: what hyco_model_add_run_check() was given
 *
 * Decides whether a run passed, once it ended: see hyco_model_add_run_check().
 */
typedef void (*HycoModelRunCheck) (HycoModel *model, GError **failure, gpointer user_data);

HYCO_API gboolean hyco_model_prepare (HycoModel *self, GError **error);
HYCO_API void hyco_model_add_run_check (HycoModel *self, HycoModelRunCheck check,
                                        gpointer user_data);
HYCO_API gboolean hyco_model_run (HycoModel *self, GCancellable *cancellable, GError **error);
HYCO_API void hyco_model_run_async (HycoModel *self, GCancellable *cancellable,
                                    GAsyncReadyCallback callback, gpointer user_data);
HYCO_API gboolean hyco_model_run_finish (HycoModel *self, GAsyncResult *result, GError **error);
HYCO_API gboolean hyco_model_is_running (HycoModel *self);

HYCO_API int hyco_model_get_resolution (HycoModel *self);
HYCO_API void hyco_model_get_current_tag (HycoModel *self, HycoTag *tag);
HYCO_API guint64 hyco_model_get_firing_count (HycoModel *self);
HYCO_API guint64 hyco_model_get_iteration_count (HycoModel *self);
HYCO_API guint64 hyco_model_get_event_count (HycoModel *self);
HYCO_API GVariant *hyco_model_get_statistics (HycoModel *self);
HYCO_API const char *hyco_model_get_stop_reason (HycoModel *self);
HYCO_API void hyco_model_get_progress (HycoModel *self, HycoTag *tag, guint64 *iterations,
                                       guint64 *events);
HYCO_API char *hyco_model_describe (HycoModel *self);
/**
 * hyco_model_get_reading_notes:
 * @self: a model
 *
 * What reading the model's file passed over without an error, as `hyco --verbose` shows it:
 * the drawing and documentation attributes it ignored, the classes of older Ptolemy II
 * versions it renamed, the attributes it accepted because they change nothing Hyco does; one
 * line each, with the counts by name.
 *
 * Returns: (transfer full) (array zero-terminated=1): the lines; none for a model that was
 *   not read from a file, or whose file had nothing to note
 */
HYCO_API char **hyco_model_get_reading_notes (HycoModel *self);

G_END_DECLS
