/* hyco-embed.c: embedding Hyco in a GLib application.
 *
 * Runs a model asynchronously while the main loop stays free: prints the progress the model
 * reports, and turns Ctrl-C (SIGINT) into a clean cancellation, after which every actor has
 * still been wrapped up.
 *
 *   hyco-embed [--stop-time T] [--cancel-after MS] MODEL.xml
 *
 * Exits 0 when the run completes, 1 when it fails or is cancelled, 2 when the model cannot be
 * loaded or the arguments are wrong.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <hyco.h>
#include <glib-unix.h>
#include <signal.h>
#include <stdio.h>

typedef struct
{
  GMainLoop *loop;
  GCancellable *cancellable;
  int status;
} App;

static void
on_progress (HycoModel *model, double time, HycoTag *tag, gpointer user_data)
{
  guint64 events = 0;
  HycoTag reached;

  hyco_model_get_progress (model, &reached, NULL, &events);
  printf ("progress: model time %g s, %" G_GUINT64_FORMAT " events\n", time, events);
  fflush (stdout);
}

static void
on_error (HycoModel *model, GError *error, gpointer user_data)
{
  printf ("error: %s\n", error->message);
}

static void
on_finished (GObject *source, GAsyncResult *result, gpointer user_data)
{
  HycoModel *model = HYCO_MODEL (source);
  App *app = user_data;
  g_autoptr (GError) error = NULL;
  HycoTag reached;

  hyco_model_get_current_tag (model, &reached);
  if (hyco_model_run_finish (model, result, &error))
    {
      printf ("completed at model time %g s after %" G_GUINT64_FORMAT " tags\n",
              hyco_time_to_seconds (reached.time, hyco_model_get_resolution (model)),
              hyco_model_get_iteration_count (model));
      app->status = 0;
    }
  else
    {
      printf ("%s at model time %g s: every actor wrapped up\n",
              g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) ? "cancelled" : "failed",
              hyco_time_to_seconds (reached.time, hyco_model_get_resolution (model)));
      app->status = 1;
    }
  g_main_loop_quit (app->loop);
}

/* Ctrl-C: cancel the run; the loop goes on until the run has wrapped up. */
static gboolean
on_sigint (gpointer user_data)
{
  App *app = user_data;

  printf ("interrupted: cancelling the run\n");
  g_cancellable_cancel (app->cancellable);
  return G_SOURCE_CONTINUE;
}

/* --cancel-after: press Ctrl-C for the user. */
static gboolean
interrupt_self (gpointer user_data)
{
  raise (SIGINT);
  return G_SOURCE_REMOVE;
}

int
main (int argc, char *argv[])
{
  g_autofree char *stop_time = NULL;
  int cancel_after = -1;
  const GOptionEntry entries[] = {
    { "stop-time", 0, 0, G_OPTION_ARG_STRING, &stop_time, "Run to this model time (seconds)", "T" },
    { "cancel-after", 0, 0, G_OPTION_ARG_INT, &cancel_after,
      "Send SIGINT to itself after this many milliseconds", "MS" },
    { NULL },
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("MODEL.xml");
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoModel) model = NULL;
  App app = { 0 };
  guint sigint;

  setvbuf (stdout, NULL, _IOLBF, 0);
  g_option_context_add_main_entries (context, entries, NULL);
  g_option_context_set_summary (context, "Runs a model in a GLib main loop; Ctrl-C cancels it.");
  if (!g_option_context_parse (context, &argc, &argv, &error) || argc != 2)
    {
      fprintf (stderr, "hyco-embed: %s\n", error ? error->message : "one model file expected");
      return 2;
    }
  model = hyco_model_new_from_file (argv[1], &error);
  if (model == NULL || (stop_time && !hyco_model_set_stop_time (model, stop_time, &error)))
    {
      fprintf (stderr, "hyco-embed: %s\n", error->message);
      return 2;
    }

  app.loop = g_main_loop_new (NULL, FALSE);
  app.cancellable = g_cancellable_new ();
  g_signal_connect (model, "progress", G_CALLBACK (on_progress), &app);
  g_signal_connect (model, "error", G_CALLBACK (on_error), &app);
  sigint = g_unix_signal_add (SIGINT, on_sigint, &app);
  if (cancel_after >= 0)
    g_timeout_add ((guint) cancel_after, interrupt_self, NULL);

  hyco_model_run_async (model, app.cancellable, on_finished, &app);
  g_main_loop_run (app.loop);

  g_source_remove (sigint);
  g_object_unref (app.cancellable);
  g_main_loop_unref (app.loop);
  return app.status;
}
