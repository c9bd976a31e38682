/* hyco.c: the command-line tool.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco.h"

#include <glib-unix.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>

/* Exit statuses, as documented in --help. */
enum
{
  EXIT_OK = 0,
  EXIT_RUN_FAILED = 1,
  EXIT_BAD_INPUT = 2,
};

static void print_error (const char *format, ...) G_GNUC_PRINTF (1, 2);

static void
print_error (const char *format, ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  fprintf (stderr, "hyco: error: %s\n", message);
}

/* Errors from a model file already start with its name and line; others get the file name. */
static void
print_model_error (const char *file, const GError *error)
{
  g_autofree char *prefix = g_strconcat (file, ":", NULL);

  if (g_str_has_prefix (error->message, prefix))
    print_error ("%s", error->message);
  else
    print_error ("%s: %s", file, error->message);
}

static int
usage_error (GOptionContext *context, const char *message)
{
  g_autofree char *help = g_option_context_get_help (context, TRUE, NULL);
  print_error ("%s", message);
  fprintf (stderr, "%s", help);
  return EXIT_BAD_INPUT;
}

static GOptionContext *
new_context (const char *parameters, const char *summary, const char *description)
{
  GOptionContext *context = g_option_context_new (parameters);
  g_option_context_set_summary (context, summary);
  if (description)
    g_option_context_set_description (context, description);
  return context;
}

/* hyco run ------------------------------------------------------------------------------- */

typedef struct
{
  HycoModel *model;
  GCancellable *cancellable;
  GMainLoop *loop;
  GError *error;
  gboolean ok;
} RunData;

static gboolean
quit_loop (gpointer user_data)
{
  g_main_loop_quit (user_data);
  return G_SOURCE_REMOVE;
}

static gpointer
run_thread (gpointer user_data)
{
  RunData *data = user_data;

  data->ok = hyco_model_run (data->model, data->cancellable, &data->error);
  /* Quit from the loop's own thread: a quit issued before g_main_loop_run() starts is lost. */
  g_idle_add (quit_loop, data->loop);
  return NULL;
}

static gboolean
on_interrupt (gpointer user_data)
{
  RunData *data = user_data;

  fprintf (stderr, "hyco: interrupted, stopping the run\n");
  g_cancellable_cancel (data->cancellable);
  return G_SOURCE_CONTINUE;
}

static int
command_run (int argc, char **argv)
{
  g_autofree char *stop_time = NULL;
  g_autofree char *trace = NULL;
  g_auto (GStrv) assignments = NULL;
  gboolean quiet = FALSE;
  GOptionEntry entries[] = {
    { "stop-time", 't', 0, G_OPTION_ARG_STRING, &stop_time,
      "Stop at model time T seconds (overrides the director's stopTime)", "T" },
    { "set", 's', 0, G_OPTION_ARG_STRING_ARRAY, &assignments,
      "Set a parameter, e.g. --set Clock.period=0.5 or --set director.stopTime=10", "NAME=VALUE" },
    { "trace", 0, 0, G_OPTION_ARG_FILENAME, &trace,
      "Write every present output value to FILE as CSV (signal,time,microstep,value)", "FILE.csv" },
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &quiet, "Print nothing but errors", NULL },
    { NULL }
  };
  g_autoptr (GOptionContext) context
    = new_context ("MODEL.xml - run a model", "Runs a model file to its stop time.",
                   "Exit status: 0 when the run completes, 1 when it fails (a Test actor's "
                   "mismatch, an actor error, an interruption), 2 when the model cannot be "
                   "loaded or prepared or the arguments are wrong.");
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoModel) model = NULL;
  g_autoptr (GCancellable) cancellable = NULL;
  g_autoptr (GMainLoop) loop = NULL;
  g_autoptr (GThread) thread = NULL;
  g_autofree char *start_text = NULL;
  g_autofree char *end_text = NULL;
  g_autofree char *stop_text = NULL;
  HycoDirector *director;
  RunData data = { 0 };
  HycoTag reached;
  gint64 started;
  double wall;
  guint sigint, sigterm;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return usage_error (context, error->message);
  if (argc != 2)
    return usage_error (context, argc < 2 ? "no model file given" : "more than one model file");

  model = hyco_model_new_from_file (argv[1], &error);
  if (model == NULL)
    {
      print_error ("%s", error->message);
      return EXIT_BAD_INPUT;
    }
  if (stop_time && !hyco_model_set_stop_time (model, stop_time, &error))
    {
      print_error ("--stop-time %s: %s", stop_time, error->message);
      return EXIT_BAD_INPUT;
    }
  for (guint i = 0; assignments && assignments[i]; i++)
    {
      g_auto (GStrv) parts = g_strsplit (assignments[i], "=", 2);
      if (parts[0] == NULL || parts[1] == NULL || *parts[0] == '\0')
        {
          print_error ("--set %s: write NAME=VALUE, as in --set Clock.period=0.5", assignments[i]);
          return EXIT_BAD_INPUT;
        }
      if (!hyco_model_set_parameter (model, parts[0], parts[1], &error))
        {
          print_error ("--set %s", error->message);
          return EXIT_BAD_INPUT;
        }
    }
  if (trace && !hyco_model_set_trace_file (model, trace, &error))
    {
      print_error ("%s", error->message);
      return EXIT_BAD_INPUT;
    }
  if (!hyco_model_prepare (model, &error))
    {
      print_model_error (argv[1], error);
      return EXIT_BAD_INPUT;
    }

  director = hyco_composite_actor_get_director (hyco_model_get_toplevel (model));
  cancellable = g_cancellable_new ();
  loop = g_main_loop_new (NULL, FALSE);
  data.model = model;
  data.cancellable = cancellable;
  data.loop = loop;
  sigint = g_unix_signal_add (SIGINT, on_interrupt, &data);
  sigterm = g_unix_signal_add (SIGTERM, on_interrupt, &data);
  started = g_get_monotonic_time ();
  /* The run goes on a thread so that the main loop can turn Ctrl-C into a clean cancellation
   * (wrapup still runs, the trace is still closed). */
  thread = g_thread_new ("hyco-run", run_thread, &data);
  g_main_loop_run (loop);
  g_thread_join (g_steal_pointer (&thread));
  wall = (double) (g_get_monotonic_time () - started) / G_USEC_PER_SEC;
  g_source_remove (sigint);
  g_source_remove (sigterm);

  if (!data.ok)
    {
      print_model_error (argv[1], data.error);
      g_error_free (data.error);
      return EXIT_RUN_FAILED;
    }
  if (quiet)
    return EXIT_OK;
  hyco_model_get_current_tag (model, &reached);
  end_text = hyco_time_to_string (reached.time, hyco_model_get_resolution (model));
  stop_text = hyco_time_to_string (hyco_director_get_stop_time (director),
                                   hyco_model_get_resolution (model));
  {
    g_autofree char *resolution = hyco_resolution_to_string (hyco_model_get_resolution (model));
    printf ("Ran %s: top level \"%s\" under %s\n", argv[1],
            hyco_actor_get_name (HYCO_ACTOR (hyco_model_get_toplevel (model))),
            hyco_registry_get_name (G_OBJECT_TYPE (director))
              ? hyco_registry_get_name (G_OBJECT_TYPE (director))
              : G_OBJECT_TYPE_NAME (director));
    printf ("  model time  0 s to %s s (stop time %s s, resolution %s s)\n", end_text, stop_text,
            resolution);
    printf ("  wall time   %.3f s\n", wall);
    printf ("  executed    %" G_GUINT64_FORMAT " tags, %" G_GUINT64_FORMAT " actor firings\n",
            hyco_model_get_iteration_count (model), hyco_model_get_firing_count (model));
    if (trace)
      printf ("  trace       %s\n", trace);
    else
      printf ("  trace       none (add --trace FILE.csv to record every event)\n");
  }
  return EXIT_OK;
}

/* hyco inspect --------------------------------------------------------------------------- */

static int
command_inspect (int argc, char **argv)
{
  g_autoptr (GOptionContext) context
    = new_context ("MODEL.xml - show a model's hierarchy",
                   "Prints the composites, directors, actors, ports, relations and links of a "
                   "model, and every parameter with its value ((set) marks values that differ "
                   "from the class default).",
                   NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoModel) model = NULL;
  g_autofree char *text = NULL;

  if (!g_option_context_parse (context, &argc, &argv, &error))
    return usage_error (context, error->message);
  if (argc != 2)
    return usage_error (context, argc < 2 ? "no model file given" : "more than one model file");
  model = hyco_model_new_from_file (argv[1], &error);
  if (model == NULL)
    {
      print_error ("%s", error->message);
      return EXIT_BAD_INPUT;
    }
  text = hyco_model_describe (model);
  fputs (text, stdout);
  return EXIT_OK;
}

/* hyco actors ---------------------------------------------------------------------------- */

static void
print_parameters (GObjectClass *klass)
{
  g_autoptr (GPtrArray) params = hyco_param_list (klass);

  for (guint i = 0; i < params->len; i++)
    {
      GParamSpec *pspec = params->pdata[i];
      g_autofree char *def = hyco_param_default_to_string (pspec);
      printf ("    parameter %-16s default %-10s %s\n", pspec->name, def,
              g_param_spec_get_blurb (pspec) ? g_param_spec_get_blurb (pspec) : "");
    }
}

static int
command_actors (int argc, char **argv)
{
  g_autoptr (GOptionContext) context
    = new_context ("- list actor and director classes",
                   "Lists every class a model file can name, with its ports and parameters.", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) names = NULL;

  if (!g_option_context_parse (context, &argc, &argv, &error))
    return usage_error (context, error->message);
  if (argc != 1)
    return usage_error (context, "unexpected argument");
  names = hyco_registry_list ();
  for (guint i = 0; i < names->len; i++)
    {
      GType type = hyco_registry_lookup (names->pdata[i]);
      g_autoptr (GTypeClass) klass = g_type_class_ref (type);
      if (g_type_is_a (type, HYCO_TYPE_DIRECTOR))
        {
          printf ("%s (director)\n", (char *) names->pdata[i]);
          print_parameters (G_OBJECT_CLASS (klass));
          continue;
        }
      {
        HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);
        const char *description = hyco_actor_class_get_description (actor_class);
        g_autoptr (GPtrArray) ports = hyco_actor_class_list_port_names (actor_class);
        printf ("%s%s%s\n", (char *) names->pdata[i], description ? " - " : "",
                description ? description : "");
        for (guint p = 0; p < ports->len; p++)
          {
            const char *port = ports->pdata[p];
            HycoPortFlags flags = hyco_actor_class_get_port_flags (actor_class, port);
            const char *about = hyco_actor_class_get_port_description (actor_class, port);
            g_autofree char *kind
              = g_strconcat ((flags & HYCO_PORT_INPUT) ? "input" : "output",
                             (flags & HYCO_PORT_MULTIPORT) ? ", multiport" : "", NULL);
            printf ("    port      %-16s %-18s %s\n", port, kind, about ? about : "");
          }
        print_parameters (G_OBJECT_CLASS (klass));
      }
    }
  return EXIT_OK;
}

/* main ----------------------------------------------------------------------------------- */

static const struct
{
  const char *name;
  int (*run) (int argc, char **argv);
  const char *summary;
} commands[] = {
  { "run", command_run, "Run a model file to its stop time" },
  { "inspect", command_inspect, "Show a model's hierarchy and parameters" },
  { "actors", command_actors, "List actor and director classes with ports and parameters" },
};

static void
print_help (FILE *out)
{
  fprintf (out, "Usage:\n  hyco COMMAND [OPTION…]\n\nHyco runs hybrid co-simulation models.\n\n"
                "Commands:\n");
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    fprintf (out, "  %-10s %s\n", commands[i].name, commands[i].summary);
  fprintf (out, "\nRun 'hyco COMMAND --help' for a command's options.\n");
}

int
main (int argc, char **argv)
{
  setlocale (LC_ALL, "");
  hyco_init ();
  if (argc < 2)
    {
      print_help (stderr);
      return EXIT_BAD_INPUT;
    }
  if (g_str_equal (argv[1], "--help") || g_str_equal (argv[1], "-h")
      || g_str_equal (argv[1], "help"))
    {
      print_help (stdout);
      return EXIT_OK;
    }
  if (g_str_equal (argv[1], "--version"))
    {
      printf ("hyco 0.1.0\n");
      return EXIT_OK;
    }
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (g_str_equal (argv[1], commands[i].name))
      {
        g_autofree char *prog = g_strdup_printf ("hyco %s", commands[i].name);
        g_set_prgname (prog);
        return commands[i].run (argc - 1, argv + 1);
      }
  print_error ("unknown command \"%s\"", argv[1]);
  print_help (stderr);
  return EXIT_BAD_INPUT;
}
