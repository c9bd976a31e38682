/* hyco-model-async.c: running a model without blocking a main loop.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-model-private.h"

/* The run goes on a GTask worker thread (the inner task). Everything the application sees
 * happens in the main context that was the thread default when hyco_model_run_async() was
 * called: "progress" from a timeout there that reads the model's progress snapshot (so the run's
 * loop pays nothing for it, and the application gets at most one emission per interval), and,
 * once the worker is done, the final "progress", "recorded" and "error", then the caller's
 * callback through the outer task. Two tasks, because a GTask run in a thread calls its
 * callback as soon as the thread returns, and the signals must come first. */

/* At most one "progress" emission per this many milliseconds. */
#define PROGRESS_INTERVAL_MS 100

enum
{
  SIGNAL_PROGRESS,
  SIGNAL_RECORDED,
  SIGNAL_ERROR,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

typedef struct
{
  HycoModel *model; /* unowned: the tasks own it */
  GSource *timeout; /* emits "progress" while the run goes on */
  HycoTag reported; /* the last tag "progress" reported */
  gboolean any_reported;
} RunAsync;

static void
run_async_free (gpointer data)
{
  RunAsync *run = data;

  if (run->timeout)
    {
      g_source_destroy (run->timeout);
      g_source_unref (run->timeout);
    }
  g_free (run);
}

void
_hyco_model_class_init_async (GObjectClass *klass)
{
  /**
   * HycoModel::progress:
   * @model: the model
   * @time: the model time reached, in seconds
   * @tag: the tag reached, exactly (time in ticks of the model's resolution)
   *
   * Emitted during an asynchronous run (hyco_model_run_async()) when the model has reached a
   * later tag, at most every 100 ms, and once more when the run ends if it went further since.
   * It is emitted in the main context hyco_model_run_async() was called from.
   */
  signals[SIGNAL_PROGRESS]
    = g_signal_new ("progress", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                    G_TYPE_NONE, 2, G_TYPE_DOUBLE, HYCO_TYPE_TAG | G_SIGNAL_TYPE_STATIC_SCOPE);

  /**
   * HycoModel::recorded:
   * @model: the model
   * @results: what the run recorded
   *
   * Emitted once at the end of an asynchronous run that recorded its signals (see
   * hyco_model_set_record_results()), whether it completed or not, before its callback and in
   * the same main context. The values are delivered after the run rather than in batches
   * during it: the run's thread then never shares the results with the application, and the
   * recording costs no more than in a synchronous run. hyco_model_get_results() returns the
   * same object until the next run.
   */
  signals[SIGNAL_RECORDED] = g_signal_new ("recorded", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                                           0, NULL, NULL, NULL, G_TYPE_NONE, 1, HYCO_TYPE_RESULTS);

  /**
   * HycoModel::error:
   * @model: the model
   * @error: why the run failed: an actor's or director's error, or %G_IO_ERROR_CANCELLED
   *
   * Emitted when an asynchronous run fails or is cancelled, before its callback (whose
   * hyco_model_run_finish() returns the same error) and in the same main context.
   */
  signals[SIGNAL_ERROR]
    = g_signal_new ("error", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                    G_TYPE_NONE, 1, G_TYPE_ERROR | G_SIGNAL_TYPE_STATIC_SCOPE);
}

/* Emits "progress" if the model went further than last reported. */
static void
report_progress (RunAsync *run)
{
  HycoTag tag;

  hyco_model_get_progress (run->model, &tag, NULL, NULL);
  if (run->any_reported && hyco_tag_equal (&tag, &run->reported))
    return;
  run->reported = tag;
  run->any_reported = TRUE;
  g_signal_emit (run->model, signals[SIGNAL_PROGRESS], 0,
                 hyco_time_to_seconds (tag.time, hyco_model_get_resolution (run->model)), &tag);
}

static gboolean
on_progress_timeout (gpointer user_data)
{
  report_progress (user_data);
  return G_SOURCE_CONTINUE;
}

static void
run_in_thread (GTask *worker, gpointer source_object, gpointer task_data, GCancellable *cancellable)
{
  GError *error = NULL;

  if (_hyco_model_run_started (source_object, cancellable, &error))
    g_task_return_boolean (worker, TRUE);
  else
    g_task_return_error (worker, error);
}

/* In the caller's main context, once the run's thread is done. */
static void
on_worker_done (GObject *source_object, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (GTask) task = user_data;
  HycoModel *self = HYCO_MODEL (source_object);
  RunAsync *run = g_task_get_task_data (task);
  g_autoptr (GError) error = NULL;
  HycoResults *results;

  g_task_propagate_boolean (G_TASK (result), &error);
  g_source_destroy (run->timeout);
  g_clear_pointer (&run->timeout, g_source_unref);
  _hyco_model_end_run (self);

  report_progress (run);
  results = hyco_model_get_results (self);
  if (results)
    g_signal_emit (self, signals[SIGNAL_RECORDED], 0, results);
  if (error)
    {
      g_signal_emit (self, signals[SIGNAL_ERROR], 0, error);
      g_task_return_error (task, g_steal_pointer (&error));
    }
  else
    g_task_return_boolean (task, TRUE);
}

/**
 * hyco_model_run_async:
 * @self: a model
 * @cancellable: (nullable): cancels the run between two tags; it still wraps up every actor
 * @callback: (scope async) (closure user_data): called when the run has ended
 * @user_data: data for @callback
 *
 * Runs the model as hyco_model_run() does, on a worker thread, without blocking the main
 * context that is the thread default now (g_main_context_get_thread_default()). That context
 * must be iterated (by a #GMainLoop, for example): the #HycoModel::progress signal is emitted
 * in it while the run goes on, then #HycoModel::recorded and #HycoModel::error as they apply,
 * and then @callback, which calls hyco_model_run_finish() for the outcome.
 *
 * Until @callback, the model belongs to the run: call nothing on it but
 * hyco_model_get_progress() and hyco_model_is_running(). Actors (those written in Python
 * too) are fired on the worker thread. A run started while another is going on fails with
 * %G_IO_ERROR_PENDING. Cancelling @cancellable stops the run before its next tag; every actor
 * is wrapped up and the run fails with %G_IO_ERROR_CANCELLED. Cancelling after the run has
 * completed changes nothing.
 */
void
hyco_model_run_async (HycoModel *self, GCancellable *cancellable, GAsyncReadyCallback callback,
                      gpointer user_data)
{
  g_autoptr (GTask) task = NULL;
  g_autoptr (GTask) worker = NULL;
  GError *error = NULL;
  RunAsync *run;

  g_return_if_fail (HYCO_IS_MODEL (self));
  g_return_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable));

  task = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (task, hyco_model_run_async);
  g_task_set_name (task, "hyco_model_run_async");
  /* The outcome is the run's: one that completed is not turned into a cancellation. */
  g_task_set_check_cancellable (task, FALSE);
  if (!_hyco_model_begin_run (self, &error))
    {
      g_task_return_error (task, error);
      return;
    }

  run = g_new0 (RunAsync, 1);
  run->model = self;
  run->timeout = g_timeout_source_new (PROGRESS_INTERVAL_MS);
  g_source_set_name (run->timeout, "[hyco] run progress");
  g_source_set_callback (run->timeout, on_progress_timeout, run, NULL);
  g_source_attach (run->timeout, g_task_get_context (task));
  g_task_set_task_data (task, run, run_async_free);

  worker = g_task_new (self, cancellable, on_worker_done, g_object_ref (task));
  g_task_set_source_tag (worker, run_in_thread);
  g_task_set_name (worker, "hyco model run");
  g_task_set_check_cancellable (worker, FALSE);
  /* Never return before the run has wrapped up, cancelled or not. */
  g_task_set_return_on_cancel (worker, FALSE);
  g_task_run_in_thread (worker, run_in_thread);
}

/**
 * hyco_model_run_finish:
 * @self: a model
 * @result: the #GAsyncResult given to the callback of hyco_model_run_async()
 * @error: return location for a #GError
 *
 * Gets the outcome of an asynchronous run.
 *
 * Returns: %TRUE if the run completed; %FALSE with an actor's or director's error,
 *   %G_IO_ERROR_CANCELLED, or %G_IO_ERROR_PENDING if the model was already running
 */
gboolean
hyco_model_run_finish (HycoModel *self, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (HYCO_IS_MODEL (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  g_return_val_if_fail (g_async_result_is_tagged (result, hyco_model_run_async), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}
