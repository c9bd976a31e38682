/* test-model-async.c: running a model without blocking a main loop.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "test-support.h"

/* What the signals and the callback of one asynchronous run saw. */
typedef struct
{
  HycoModel *model;
  TestLog *log; /* counts wrapups */
  GMainLoop *loop;
  GCancellable *cancellable;
  GThread *thread; /* where everything must be delivered */
  guint events;    /* emissions and the callback, in order */
  guint progress_count;
  double last_progress;
  HycoTag last_tag;
  guint progress_order; /* the event number of the last progress */
  guint recorded_order;
  guint error_order;
  guint finished_order;
  GError *signalled_error;
  GError *error;
  gboolean ok;
  gboolean done;
} Run;

static void
on_progress (HycoModel *model, double time, HycoTag *tag, gpointer user_data)
{
  Run *run = user_data;

  g_assert_true (g_thread_self () == run->thread);
  g_assert_cmpfloat (time, >=, run->last_progress);
  g_assert_cmpint (hyco_tag_compare (tag, &run->last_tag), >=, 0);
  run->last_progress = time;
  run->last_tag = *tag;
  run->progress_count++;
  run->progress_order = ++run->events;
}

static void
on_recorded (HycoModel *model, HycoResults *results, gpointer user_data)
{
  Run *run = user_data;

  g_assert_true (g_thread_self () == run->thread);
  g_assert_true (results == hyco_model_get_results (model));
  run->recorded_order = ++run->events;
}

static void
on_error (HycoModel *model, GError *error, gpointer user_data)
{
  Run *run = user_data;

  g_assert_true (g_thread_self () == run->thread);
  g_assert_null (run->signalled_error);
  run->signalled_error = g_error_copy (error);
  run->error_order = ++run->events;
}

static void
on_finished (GObject *source, GAsyncResult *result, gpointer user_data)
{
  Run *run = user_data;

  g_assert_true (g_thread_self () == run->thread);
  g_assert_true (source == G_OBJECT (run->model));
  run->ok = hyco_model_run_finish (run->model, result, &run->error);
  /* A run refused because another goes on leaves that one running. */
  if (!g_error_matches (run->error, G_IO_ERROR, G_IO_ERROR_PENDING))
    g_assert_false (hyco_model_is_running (run->model));
  run->finished_order = ++run->events;
  run->done = TRUE;
  g_main_loop_quit (run->loop);
}

/* A clock and a ramp it triggers (@stop_time NULL: forever), and a log that only counts
 * wrapups. */
static void
run_init (Run *run, const char *stop_time, const char *period)
{
  g_autoptr (HycoCompositeActor) top = test_top_new (stop_time);
  HycoActor *clock = test_add_new (top, "DiscreteClock", "Clock");
  HycoActor *ramp = test_add_new (top, "Ramp", "Ramp");

  memset (run, 0, sizeof *run);
  test_set (clock, "period", period);
  test_connect (top, clock, "output", ramp, "trigger");
  run->log = TEST_LOG (test_log_new ("Log"));
  test_add (top, HYCO_ACTOR (run->log));
  run->model = hyco_model_new (top);
  run->loop = g_main_loop_new (g_main_context_get_thread_default (), FALSE);
  run->cancellable = g_cancellable_new ();
  run->thread = g_thread_self ();
  run->last_progress = -1;
  g_signal_connect (run->model, "progress", G_CALLBACK (on_progress), run);
  g_signal_connect (run->model, "recorded", G_CALLBACK (on_recorded), run);
  g_signal_connect (run->model, "error", G_CALLBACK (on_error), run);
}

static void
run_clear (Run *run)
{
  g_clear_object (&run->model);
  g_clear_object (&run->cancellable);
  g_clear_pointer (&run->loop, g_main_loop_unref);
  g_clear_error (&run->error);
  g_clear_error (&run->signalled_error);
}

static void
run_start (Run *run)
{
  hyco_model_run_async (run->model, run->cancellable, on_finished, run);
  /* The callback comes from the main loop, never from inside the call. */
  g_assert_false (run->done);
  g_assert_true (hyco_model_is_running (run->model));
}

static void
test_async_completes (void)
{
  Run run;
  HycoResults *results;
  guint ticks = 0;

  run_init (&run, "20", "0.001");
  hyco_model_set_record_results (run.model, TRUE);
  run_start (&run);
  while (!run.done)
    {
      g_main_context_iteration (NULL, TRUE);
      ticks++;
    }
  g_assert_no_error (run.error);
  g_assert_true (run.ok);
  g_assert_true (ticks > 0);

  /* The last progress is the stop time, then the results, then the callback; no error. */
  g_assert_cmpuint (run.progress_count, >=, 1);
  g_assert_cmpfloat (run.last_progress, ==, 20.0);
  g_assert_cmpint (run.last_tag.time, ==, 20 * G_GINT64_CONSTANT (1000000000));
  g_assert_cmpuint (run.recorded_order, ==, run.progress_order + 1);
  g_assert_cmpuint (run.finished_order, ==, run.recorded_order + 1);
  g_assert_cmpuint (run.error_order, ==, 0);
  results = hyco_model_get_results (run.model);
  g_assert_nonnull (results);
  g_assert_cmpuint (hyco_results_get_present_count (results, "Clock.output"), ==, 20001);
  g_assert_cmpuint (hyco_model_get_event_count (run.model), ==, 40002);
  g_assert_cmpuint (test_log_wrapups (run.log), ==, 1);

  /* The model can run again, synchronously too. */
  g_assert_true (hyco_model_run (run.model, NULL, &run.error));
  g_assert_no_error (run.error);
  run_clear (&run);
}

/* Progress arrives while the run goes on, not only at its end. */
static void
test_async_progress (void)
{
  Run run;

  run_init (&run, NULL, "0.001");
  run_start (&run);
  while (run.progress_count < 3)
    g_main_context_iteration (NULL, TRUE);
  g_assert_false (run.done);
  g_assert_true (hyco_model_is_running (run.model));
  g_assert_cmpfloat (run.last_progress, >, 0.0);
  g_cancellable_cancel (run.cancellable);
  g_main_loop_run (run.loop);
  g_assert_error (run.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  run_clear (&run);
}

static gboolean
cancel_later (gpointer user_data)
{
  g_cancellable_cancel (user_data);
  return G_SOURCE_REMOVE;
}

static void
test_async_cancel (void)
{
  Run run;

  run_init (&run, NULL, "0.001");
  run_start (&run);
  g_timeout_add (50, cancel_later, run.cancellable);
  g_main_loop_run (run.loop);

  g_assert_false (run.ok);
  g_assert_error (run.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_error (run.signalled_error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (run.finished_order, ==, run.error_order + 1);
  /* Stopped cleanly: every actor wrapped up, once. */
  g_assert_cmpuint (test_log_wrapups (run.log), ==, 1);
  g_assert_cmpuint (run.progress_count, >=, 1);
  g_assert_cmpfloat (run.last_progress, >, 0.0);
  g_assert_false (hyco_model_is_running (run.model));
  run_clear (&run);
}

static void
test_async_cancelled_before (void)
{
  Run run;

  run_init (&run, NULL, "0.001");
  g_cancellable_cancel (run.cancellable);
  run_start (&run);
  g_main_loop_run (run.loop);
  g_assert_error (run.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (test_log_wrapups (run.log), ==, 1);
  run_clear (&run);
}

static void
test_async_busy (void)
{
  Run run;
  g_autoptr (GError) error = NULL;

  run_init (&run, NULL, "0.001");
  run_start (&run);
  g_assert_false (hyco_model_run (run.model, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_PENDING);
  g_clear_error (&error);

  /* A second asynchronous run fails through its own callback; the first goes on. */
  {
    Run second = run;
    second.done = FALSE;
    second.loop = g_main_loop_new (NULL, FALSE);
    second.error = NULL;
    hyco_model_run_async (run.model, NULL, on_finished, &second);
    g_main_loop_run (second.loop);
    g_assert_error (second.error, G_IO_ERROR, G_IO_ERROR_PENDING);
    g_clear_error (&second.error);
    g_main_loop_unref (second.loop);
  }
  g_assert_true (hyco_model_is_running (run.model));
  g_assert_false (run.done);
  g_cancellable_cancel (run.cancellable);
  g_main_loop_run (run.loop);
  g_assert_error (run.error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  run_clear (&run);
}

static void
test_async_failure (void)
{
  Run run;

  run_init (&run, "1", "0.1");
  test_add (hyco_model_get_toplevel (run.model), test_failer_new ("Failer"));
  run_start (&run);
  g_main_loop_run (run.loop);
  g_assert_false (run.ok);
  g_assert_error (run.error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_FAILED);
  g_assert_error (run.signalled_error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_FAILED);
  g_assert_cmpstr (run.error->message, ==, run.signalled_error->message);
  g_assert_cmpuint (test_log_wrapups (run.log), ==, 1);
  run_clear (&run);
}

/* Signals and the callback arrive in the context that was the thread default at the call. */
static gpointer
run_in_own_context (gpointer user_data)
{
  g_autoptr (GMainContext) context = g_main_context_new ();
  Run run;

  g_main_context_push_thread_default (context);
  run_init (&run, "5", "0.001");
  run_start (&run);
  g_main_loop_run (run.loop);
  g_assert_no_error (run.error);
  g_assert_cmpfloat (run.last_progress, ==, 5.0);
  run_clear (&run);
  g_main_context_pop_thread_default (context);
  return NULL;
}

static void
test_async_thread_default_context (void)
{
  GThread *thread = g_thread_new ("test-context", run_in_own_context, NULL);

  g_thread_join (thread);
}

/* One top-level composite, one model: a second model over it is a programming error, refused;
 * once the first is gone, another may take it. */
static void
test_one_model_per_toplevel (void)
{
  g_autoptr (GError) error = NULL;
  HycoModel *first = hyco_model_new_from_file (
    g_test_get_filename (G_TEST_DIST, "..", "models", "simultaneous-events.xml", NULL), &error);
  HycoCompositeActor *top;
  HycoModel *second;

  g_assert_no_error (error);
  top = g_object_ref (hyco_model_get_toplevel (first));
  g_test_expect_message ("Hyco", G_LOG_LEVEL_CRITICAL, "*_hyco_composite_actor_get_model*");
  second = hyco_model_new (top);
  g_test_assert_expected_messages ();
  g_assert_null (second);
  g_object_unref (first);
  second = hyco_model_new (top);
  g_assert_nonnull (second);
  g_assert_true (hyco_model_run (second, NULL, &error));
  g_assert_no_error (error);
  g_object_unref (second);
  g_object_unref (top);
}

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  hyco_init ();
  g_test_add_func ("/model/async/completes", test_async_completes);
  g_test_add_func ("/model/async/progress", test_async_progress);
  g_test_add_func ("/model/async/cancel", test_async_cancel);
  g_test_add_func ("/model/async/cancelled-before-start", test_async_cancelled_before);
  g_test_add_func ("/model/async/busy", test_async_busy);
  g_test_add_func ("/model/one-model-per-toplevel", test_one_model_per_toplevel);
  g_test_add_func ("/model/async/failure", test_async_failure);
  g_test_add_func ("/model/async/thread-default-context", test_async_thread_default_context);
  return g_test_run ();
}
