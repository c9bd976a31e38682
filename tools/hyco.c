/* hyco.c: the command-line tool.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-tool.h"

#include <errno.h>
#include <glib-unix.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <sys/stat.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

/* Set by --help-all (for the man page): each command appends its options here, then returns. */
static GString *help_all;


#define VERBOSE_HELP                                                                               \
  "Also tell, on standard error, what reading the model file passed over: Vergil's drawing and "   \
  "documentation attributes it ignored, the classes of older Ptolemy II versions it renamed, "     \
  "and attributes it accepted because they change nothing in Hyco, with counts by name"

/* --verbose: one line for each kind of thing the reader passed over, on standard error so
 * that what the command prints on standard output stays the same. */
static void
print_reading_notes (HycoModel *model, const char *file)
{
  g_auto (GStrv) notes = hyco_model_get_reading_notes (model);

  for (guint i = 0; notes[i] != NULL; i++)
    fprintf (stderr, "hyco: %s: %s\n", file, notes[i]);
}

/* Errors from a model file already start with its name and line; others get the file name. */
static void
print_model_error (const char *file, const GError *error)
{
  g_autofree char *prefix = g_strconcat (file, ":", NULL);

  if (g_str_has_prefix (error->message, prefix))
    hyco_tool_print_error ("%s", error->message);
  else
    hyco_tool_print_error ("%s: %s", file, error->message);
}


static void print_warning (const char *format, ...) G_GNUC_PRINTF (1, 2);

static void
print_warning (const char *format, ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  fprintf (stderr, "hyco: warning: %s\n", message);
}

/* The library's messages (an FMU's log, what a description gets wrong but is let through) and
 * warnings, worded as the tool's own rather than with GLib's prefix and clock. */
static void
log_to_stderr (const char *domain, GLogLevelFlags level, const char *message, gpointer data)
{
  fprintf (stderr, "hyco: %s%s\n", (level & G_LOG_LEVEL_WARNING) ? "warning: " : "", message);
}

/* For --help-all: a command's options, under a heading of its own. */
static void
append_help (GOptionContext *context, const char *command, const char *synopsis)
{
  g_autofree char *help = g_option_context_get_help (context, TRUE, NULL);
  const char *options = strstr (help, "Application Options:\n");

  g_string_append_printf (help_all, "\nhyco %s: %s\n", command, synopsis);
  if (options)
    g_string_append (help_all, options + strlen ("Application Options:\n"));
  else
    g_string_append (help_all, "  (no options)\n");
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

/* Ctrl-C and SIGTERM while a model or an FMU is loaded (unpacking a large FMU takes seconds)
 * must not kill hyco there and then: the FMUs' temporary directories would stay behind. The
 * signals are caught from the start, noted, and acted on once loading is over. */
static gboolean interrupted;

static gboolean
note_interrupt (gpointer user_data)
{
  interrupted = TRUE;
  return G_SOURCE_CONTINUE;
}

/* Whether a signal came while loading: then said, and the caller exits with 1 (what it loaded
 * is freed on the way out, its temporary directories with it). */
static gboolean
interrupted_while_loading (void)
{
  while (g_main_context_iteration (NULL, FALSE))
    ;
  if (interrupted)
    fprintf (stderr, "hyco: interrupted\n");
  return interrupted;
}

/* Set while a model runs: code of the model's (an FMU's library) that calls exit() then must
 * not end hyco as if the run had succeeded. */
static gboolean running;

static void
exit_during_run (void)
{
  if (!running)
    return;
  /* What the FMU wrote before, often why it gave up, is shown first. */
  hyco_fmu_output_drain ();
  /* The outputs are not renamed into place: the files there before stay as they were. */
  fputs ("hyco: error: the run was ended by a call to exit() from the model's code (an FMU's "
         "library?): the outputs were not written\n",
         stderr);
  _exit (1);
}

/* hyco run ------------------------------------------------------------------------------- */

typedef struct
{
  HycoModel *model;
  GCancellable *cancellable;
  GMainLoop *loop;
  GError *error;
  gboolean ok;
  gint64 started;          /* monotonic µs */
  gboolean progress_shown; /* a progress line is on the terminal */
  gboolean writing;        /* the run is over, its outputs being written */
} RunData;

/* Progress appears after this long, so that short runs print nothing but their summary. */
#define PROGRESS_DELAY_US G_USEC_PER_SEC
#define PROGRESS_INTERVAL_MS 250

static gboolean
show_progress (gpointer user_data)
{
  RunData *data = user_data;
  gint64 elapsed = g_get_monotonic_time () - data->started;
  double wall = (double) elapsed / G_USEC_PER_SEC;
  g_autofree char *time = NULL;
  guint64 tags, events;
  HycoTag tag;

  if (elapsed < PROGRESS_DELAY_US)
    return G_SOURCE_CONTINUE;
  hyco_model_get_progress (data->model, &tag, &tags, &events);
  time = hyco_time_to_string (tag.time, hyco_model_get_resolution (data->model));
  /* \r and erase-to-end-of-line: the line is rewritten in place. */
  fprintf (stderr, "\rhyco: model time %s s, wall time %.1f s, %.3g tags/s, %.3g events/s\033[K",
           time, wall, (double) tags / wall, (double) events / wall);
  fflush (stderr);
  data->progress_shown = TRUE;
  return G_SOURCE_CONTINUE;
}



static gboolean
has_suffix (const char *path, const char *const *suffixes)
{
  for (guint i = 0; suffixes[i]; i++)
    if (g_str_has_suffix (path, suffixes[i]))
      return TRUE;
  return FALSE;
}

/* A writing error names the output and its path already. */
static void
print_output_error (const char *option, const GError *error)
{
  if (g_error_matches (error, HYCO_RESULTS_ERROR, HYCO_RESULTS_ERROR_IO))
    hyco_tool_print_error ("%s", error->message);
  else
    hyco_tool_print_error ("%s %s", option, error->message);
}

/* The string signals among @names, for the warnings of the outputs that leave them out. */
static char *
string_signals (HycoResults *recorded, const char *const *probes)
{
  g_auto (GStrv) names
    = probes ? g_strdupv ((char **) probes) : hyco_results_list_signals (recorded);
  GString *strings = g_string_new (NULL);

  for (guint i = 0; names[i]; i++)
    if (hyco_results_get_value_type (recorded, names[i]) == HYCO_VALUE_TYPE_STRING)
      g_string_append_printf (strings, "%s%s", strings->len ? ", " : "", names[i]);
  return g_string_free (strings, strings->len == 0);
}

/* Writes the plot, the result file and the HTML view of a run, whether or not it completed;
 * the view is titled @source, the file run. */
static gboolean
write_results (HycoModel *model, const char *plot, const char *const *probes, guint width,
               guint height, const char *results, const char *html, const char *source)
{
  HycoResults *recorded = hyco_model_get_results (model);
  g_autoptr (GError) error = NULL;
  g_autofree char *results_path = results ? hyco_tool_output_path (results) : NULL;
  g_autofree char *html_path = html ? hyco_tool_output_path (html) : NULL;
  gboolean ok = TRUE;

  if (recorded == NULL)
    return TRUE;
  if (plot)
    {
      g_auto (GStrv) names
        = probes ? g_strdupv ((char **) probes) : hyco_results_list_signals (recorded);
      g_autoptr (GString) strings = g_string_new (NULL);
      for (guint i = 0; names[i]; i++)
        if (hyco_results_get_value_type (recorded, names[i]) == HYCO_VALUE_TYPE_STRING)
          g_string_append_printf (strings, "%s%s", strings->len ? ", " : "", names[i]);
      if (strings->len)
        print_warning ("strings are not plotted: %s", strings->str);
      g_autofree char *path = hyco_tool_output_path (plot);
      if (!hyco_results_plot (recorded, path, probes, width, height, &error))
        {
          print_output_error ("--plot", error);
          g_clear_error (&error);
          ok = FALSE;
        }
    }
  if (results && !hyco_results_save_mat (recorded, results_path, &error))
    {
      print_output_error ("--results", error);
      g_clear_error (&error);
      ok = FALSE;
    }
  if (html)
    {
      g_autofree char *strings = string_signals (recorded, probes);
      g_autofree char *title = g_filename_display_basename (source);
      if (strings)
        print_warning ("strings are not in the --html view: %s (hyco view of the run's --trace "
                       "shows them)",
                       strings);
      if (!hyco_results_save_html (recorded, html_path, probes, title, &error))
        {
          print_output_error ("--html", error);
          ok = FALSE;
        }
    }
  return ok;
}

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

  if (data->writing)
    fprintf (stderr, "hyco: interrupted; the files already being written are finished first\n");
  else if (g_cancellable_is_cancelled (data->cancellable))
    {
      /* The run did not stop at the first: it is stuck in a call that does not return (an
       * FMU's doStep that hangs). Nothing was renamed into place. */
      fprintf (stderr, "hyco: interrupted again: stopping now, in the middle of the run; its "
                       "outputs were not written and the files there before are unchanged\n");
      _exit (EXIT_RUN_FAILED);
    }
  else
    fprintf (stderr, "hyco: interrupted, stopping the run (again to stop at once)\n");
  g_cancellable_cancel (data->cancellable);
  return G_SOURCE_CONTINUE;
}

/* Firings, tags and events, then whatever counters the directors keep (steps, rollbacks). */
static void
print_statistics (HycoModel *model)
{
  g_autoptr (GVariant) statistics = hyco_model_get_statistics (model);
  const char *const standard[] = { "time", "resolution", "iterations", "firings", "events", NULL };
  GVariantIter iter;
  const char *key;
  GVariant *value;
  FILE *out = hyco_tool_output ();

  fprintf (out, "  executed    %" G_GUINT64_FORMAT " tags, %" G_GUINT64_FORMAT
          " actor firings, %" G_GUINT64_FORMAT " events\n",
          hyco_model_get_iteration_count (model), hyco_model_get_firing_count (model),
          hyco_model_get_event_count (model));
  g_variant_iter_init (&iter, statistics);
  while (g_variant_iter_loop (&iter, "{&sv}", &key, &value))
    if (!g_strv_contains (standard, key) && g_variant_is_of_type (value, G_VARIANT_TYPE_UINT64))
      fprintf (out, "  %-11s %" G_GUINT64_FORMAT "\n", key, g_variant_get_uint64 (value));
}

/* What hyco run and hyco fmu run share: what to change before the run and what to record. */
typedef struct
{
  char *stop_time;
  GPtrArray *assignments;   /* the --set texts, in order */
  guint stop_time_position; /* how many --set came before the last --stop-time */
  char *trace;
  char *plot;
  char *plot_size;
  char **probes;
  char *results;
  char *html;
  gboolean quiet;
  gboolean verbose;
  guint width, height;
} RunOptions;

static void
run_options_clear (RunOptions *options)
{
  g_free (options->stop_time);
  g_clear_pointer (&options->assignments, g_ptr_array_unref);
  g_free (options->trace);
  g_free (options->plot);
  g_free (options->plot_size);
  g_strfreev (options->probes);
  g_free (options->results);
  g_free (options->html);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (RunOptions, run_options_clear)

/* --stop-time and --set director.stopTime set the same parameter: the one given last wins, as
 * for any option given twice. Only the last --stop-time counts, so where it stood among the
 * --set options is all there is to remember. */
static gboolean
on_stop_time (const char *option, const char *value, gpointer data, GError **error)
{
  RunOptions *options = data;

  g_free (options->stop_time);
  options->stop_time = g_strdup (value);
  options->stop_time_position = options->assignments->len;
  return TRUE;
}

static gboolean
on_set (const char *option, const char *value, gpointer data, GError **error)
{
  RunOptions *options = data;

  g_ptr_array_add (options->assignments, g_strdup (value));
  return TRUE;
}

/* @set_help and @probe_help say how names are written for the command; @verbose_help, for a
 * command that reads a model file, what --verbose tells of it. */
static void
add_run_options (GOptionContext *context, RunOptions *options, const char *set_help,
                 const char *probe_help, const char *verbose_help)
{
  const GOptionEntry entries[] = {
    { "stop-time", 't', 0, G_OPTION_ARG_CALLBACK, on_stop_time,
      "Stop at model time T seconds (sets the top-level director's stopTime; of this and --set "
      "director.stopTime, the last given wins)",
      "T" },
    { "set", 's', 0, G_OPTION_ARG_CALLBACK, on_set, set_help, "NAME=VALUE" },
    { "trace", 0, 0, G_OPTION_ARG_FILENAME, &options->trace,
      "Write every present output value to FILE as CSV (signal,time,microstep,value)", "FILE.csv" },
    { "plot", 'p', 0, G_OPTION_ARG_FILENAME, &options->plot,
      "Plot the signals to FILE (.svg, .png or .pdf): a panel per signal, lines for continuous "
      "signals with jumps at discontinuities, stems for discrete events",
      "FILE" },
    { "probe", 0, 0, G_OPTION_ARG_STRING_ARRAY, &options->probes, probe_help, "SIGNAL" },
    { "plot-size", 0, 0, G_OPTION_ARG_STRING, &options->plot_size,
      "Size of the plot in pixels (default 1000 wide, 180 per panel)", "WxH" },
    { "results", 'r', 0, G_OPTION_ARG_FILENAME, &options->results,
      "Write every signal's time, microstep, value and presence to FILE as MATLAB v5", "FILE.mat" },
    { "html", 0, 0, G_OPTION_ARG_FILENAME, &options->html,
      "Write an interactive view of the run to FILE: one self-contained HTML page, a panel per "
      "signal, to zoom from the whole run into one instant's microsteps and hover for exact tags "
      "and values",
      "FILE.html" },
    { "quiet", 'q', 0, G_OPTION_ARG_NONE, &options->quiet,
      "Print nothing but errors (no progress, no summary)", NULL },
    { NULL }
  };

  GOptionGroup *group = g_option_group_new (NULL, NULL, NULL, options, NULL);

  options->assignments = g_ptr_array_new_with_free_func (g_free);
  g_option_group_add_entries (group, entries);
  if (verbose_help != NULL)
    {
      const GOptionEntry verbose_entries[] = {
        { "verbose", 'v', 0, G_OPTION_ARG_NONE, &options->verbose, verbose_help, NULL },
        { NULL },
      };
      g_option_group_add_entries (group, verbose_entries);
    }
  g_option_context_set_main_group (context, group);
}

/* The options' own consistency, before anything is loaded: EXIT_OK if they are fine. */
static int
check_run_options (RunOptions *options)
{
  if (options->plot
      && !has_suffix (options->plot, (const char *const[]){ ".svg", ".png", ".pdf", NULL }))
    {
      hyco_tool_print_error ("--plot %s: name a .svg, .png or .pdf file", options->plot);
      return EXIT_BAD_INPUT;
    }
  if (options->plot_size && !hyco_tool_parse_size (options->plot_size, &options->width, &options->height))
    {
      hyco_tool_print_error ("--plot-size %s: write WIDTHxHEIGHT in pixels, as in --plot-size 1200x800 "
                   "(at least 200x150)",
                   options->plot_size);
      return EXIT_BAD_INPUT;
    }
  if (options->probes && !options->plot && !options->results && !options->html)
    {
      hyco_tool_print_error ("--probe needs --plot, --results or --html");
      return EXIT_BAD_INPUT;
    }
  if (options->plot_size && !options->plot && !options->results)
    {
      hyco_tool_print_error ("--plot-size needs --plot or --results");
      return EXIT_BAD_INPUT;
    }
  if ((options->plot && !hyco_tool_check_writable ("--plot", options->plot))
      || (options->results && !hyco_tool_check_writable ("--results", options->results))
      || (options->html && !hyco_tool_check_writable ("--html", options->html)))
    return EXIT_BAD_INPUT;
  return EXIT_OK;
}

/* Whether @a and @b name one file: the same inode when both exist, else the same path. */
static gboolean
same_file (const char *a, const char *b)
{
  GStatBuf info_a, info_b;
  gboolean a_exists = g_stat (a, &info_a) == 0, b_exists = g_stat (b, &info_b) == 0;

  if (a_exists || b_exists)
    return a_exists && b_exists && info_a.st_dev == info_b.st_dev && info_a.st_ino == info_b.st_ino
           && S_ISREG (info_a.st_mode);
  {
    g_autofree char *canonical_a = g_canonicalize_filename (a, NULL);
    g_autofree char *canonical_b = g_canonicalize_filename (b, NULL);
    return g_str_equal (canonical_a, canonical_b);
  }
}

/* The first parameter of @actor or of an actor inside it whose value names @output (an FMU's
 * fmuFile, a data file), as given or relative to @directory, the model file's; its full
 * name, or NULL. */
static char *
parameter_naming (HycoActor *actor, const char *output, const char *directory)
{
  g_auto (GStrv) names = hyco_parameter_owner_list (HYCO_PARAMETER_OWNER (actor));

  for (guint i = 0; names && names[i]; i++)
    {
      g_autofree char *text
        = hyco_parameter_owner_get_text (HYCO_PARAMETER_OWNER (actor), names[i]);
      g_autofree char *relative = NULL;
      gsize length = text ? strlen (text) : 0;

      if (length >= 2 && text[0] == '"' && text[length - 1] == '"')
        {
          memmove (text, text + 1, length - 2);
          text[length - 2] = '\0';
        }
      if (text == NULL || *text == '\0' || !g_file_test (text, G_FILE_TEST_EXISTS))
        {
          if (text == NULL || *text == '\0' || g_path_is_absolute (text))
            continue;
          relative = g_build_filename (directory, text, NULL);
        }
      if (same_file (relative ? relative : text, output))
        {
          g_autofree char *actor_name = hyco_actor_get_full_name (actor);
          return g_strdup_printf ("%s.%s", actor_name, names[i]);
        }
    }
  if (HYCO_IS_COMPOSITE_ACTOR (actor))
    {
      g_autoptr (GPtrArray) actors = hyco_composite_actor_get_actors (HYCO_COMPOSITE_ACTOR (actor));
      for (guint i = 0; i < actors->len; i++)
        {
          char *found = parameter_naming (actors->pdata[i], output, directory);
          if (found)
            return found;
        }
    }
  return NULL;
}

/* Refuses, before the run, outputs that would overwrite one another, the model file (or the
 * FMU that `hyco fmu run` runs) or a file the model reads. */
static gboolean
check_outputs_distinct (HycoModel *model, const char *source, const RunOptions *options)
{
  const struct
  {
    const char *option, *path;
  } outputs[] = {
    { "--trace", options->trace },
    { "--plot", options->plot },
    { "--results", options->results },
    { "--html", options->html },
  };
  g_autofree char *directory = g_path_get_dirname (source);

  for (guint i = 0; i < G_N_ELEMENTS (outputs); i++)
    {
      g_autofree char *parameter = NULL;

      if (outputs[i].path == NULL)
        continue;
      for (guint k = 0; k < i; k++)
        if (outputs[k].path && same_file (outputs[k].path, outputs[i].path))
          {
            hyco_tool_print_error ("%s %s and %s %s name the same file: give each output its own",
                         outputs[k].option, outputs[k].path, outputs[i].option, outputs[i].path);
            return FALSE;
          }
      if (same_file (outputs[i].path, source))
        {
          hyco_tool_print_error ("%s %s would overwrite the file being run", outputs[i].option,
                       outputs[i].path);
          return FALSE;
        }
      parameter = parameter_naming (HYCO_ACTOR (hyco_model_get_toplevel (model)), outputs[i].path,
                                    directory);
      if (parameter)
        {
          hyco_tool_print_error ("%s %s would overwrite the file %s names", outputs[i].option,
                       outputs[i].path, parameter);
          return FALSE;
        }
    }
  return TRUE;
}

/* @name, or @name under the actor @scope when that is given: hyco fmu run takes the FMU's own
 * names. */
static char *
scoped_name (const char *scope, const char *name)
{
  return scope ? g_strconcat (scope, ".", name, NULL) : g_strdup (name);
}

/* Sets @name to @text, @name under the actor @scope when that is given; the error message
 * starts with @name as the user wrote it. */
static gboolean
set_assignment (HycoModel *model, const char *scope, const char *name, const char *text,
                GError **error)
{
  HycoActor *owner;

  if (scope == NULL)
    return hyco_model_set_parameter (model, name, text, error);
  owner = hyco_composite_actor_lookup_actor (hyco_model_get_toplevel (model), scope);
  g_assert (owner != NULL);
  if (!hyco_parameter_owner_set_text (HYCO_PARAMETER_OWNER (owner), name, text, error))
    {
      g_prefix_error (error, "%s: ", name);
      return FALSE;
    }
  return TRUE;
}

/* The summary of a run on standard output; after a @failed one, what was written up to the
 * failure. */
static void
print_summary (HycoModel *model, const char *source, RunOptions *options, double wall,
               gboolean failed)
{
  HycoDirector *director = hyco_composite_actor_get_director (hyco_model_get_toplevel (model));
  int resolution = hyco_model_get_resolution (model);
  g_autofree char *resolution_text = hyco_resolution_to_string (resolution);
  g_autofree char *start_text = NULL;
  g_autofree char *end_text = NULL;
  g_autofree char *stop_text = NULL;
  const char *written = failed ? " (up to the failure)" : "";
  HycoTag reached;
  FILE *out = hyco_tool_output ();

  hyco_model_get_current_tag (model, &reached);
  start_text = hyco_time_to_string (hyco_director_get_start_time (director), resolution);
  end_text = hyco_time_to_string (reached.time, resolution);
  stop_text = hyco_time_to_string (hyco_director_get_stop_time (director), resolution);
  fprintf (out, "%s %s: top level \"%s\" under %s\n", failed ? "Failed" : "Ran", source,
          hyco_actor_get_name (HYCO_ACTOR (hyco_model_get_toplevel (model))),
          hyco_registry_get_name (G_OBJECT_TYPE (director))
            ? hyco_registry_get_name (G_OBJECT_TYPE (director))
            : G_OBJECT_TYPE_NAME (director));
  fprintf (out, "  model time  %s s to %s s (stop time %s s, resolution %s s)\n", start_text, end_text,
          stop_text, resolution_text);
  if (failed)
    fprintf (out, "  failed      at %s s (the error message on standard error says why)\n", end_text);
  if (hyco_model_get_stop_reason (model))
    fprintf (out, "  stopped     by %s\n", hyco_model_get_stop_reason (model));
  fprintf (out, "  wall time   %.3f s\n", wall);
  print_statistics (model);
  if (options->trace && !hyco_model_get_trace_written (model))
    fprintf (out, "  trace       %s not written (the error says why; a file there before is kept)\n",
            options->trace);
  else if (options->trace)
    fprintf (out, "  trace       %s%s\n", options->trace, written);
  else
    fprintf (out, "  trace       none (add --trace FILE.csv to record every event)\n");
  if (options->plot)
    fprintf (out, "  plot        %s%s\n", options->plot, written);
  else
    fprintf (out, "  plot        none (add --plot FILE.png to draw the signals)\n");
  if (options->results)
    fprintf (out, "  results     %s%s\n", options->results, written);
  if (options->html)
    fprintf (out, "  html view   %s%s\n", options->html, written);
}

/* Applies the options to @model loaded from @source, runs it on a thread (Ctrl-C cancels it
 * cleanly), writes what was asked for and prints the summary. */
static int
run_model (HycoModel *model, const char *source, RunOptions *options, const char *scope)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GCancellable) cancellable = NULL;
  g_autoptr (GMainLoop) loop = NULL;
  g_autoptr (GThread) thread = NULL;
  g_autoptr (GPtrArray) probes = g_ptr_array_new_with_free_func (g_free);
  const char *const *probe_list;
  RunData data = { 0 };
  gint64 started;
  double wall;
  guint sigint, sigterm;
  guint progress = 0;
  int status = EXIT_OK;

  /* In the order given, so that the last of --stop-time and --set director.stopTime wins. */
  for (guint i = 0; i <= options->assignments->len; i++)
    {
      g_auto (GStrv) parts = NULL;
      if (i == options->stop_time_position && options->stop_time
          && !hyco_model_set_stop_time (model, options->stop_time, &error))
        {
          hyco_tool_print_error ("--stop-time %s: %s", options->stop_time, error->message);
          return EXIT_BAD_INPUT;
        }
      if (i == options->assignments->len)
        break;
      parts = g_strsplit (options->assignments->pdata[i], "=", 2);
      if (parts[0] == NULL || parts[1] == NULL || *parts[0] == '\0')
        {
          hyco_tool_print_error ("--set %s: write NAME=VALUE, as in --set %s",
                       (const char *) options->assignments->pdata[i],
                       scope ? "k=0.5" : "Clock.period=0.5");
          return EXIT_BAD_INPUT;
        }
      if (!set_assignment (model, scope, parts[0], parts[1], &error))
        {
          hyco_tool_print_error ("--set %s", error->message);
          return EXIT_BAD_INPUT;
        }
    }
  if (!check_outputs_distinct (model, source, options))
    return EXIT_BAD_INPUT;
  /* Before anything is written there: what an FMU in this process prints is its message. */
  hyco_tool_contain_fmu_output ();
  if (options->trace)
    {
      g_autofree char *trace = hyco_tool_output_path (options->trace);
      if (!hyco_model_set_trace_file (model, trace, &error))
        {
          hyco_tool_print_error ("%s", error->message);
          return EXIT_BAD_INPUT;
        }
    }
  for (guint i = 0; options->probes && options->probes[i]; i++)
    g_ptr_array_add (probes, scoped_name (scope, options->probes[i]));
  g_ptr_array_add (probes, NULL);
  probe_list = options->probes ? (const char *const *) probes->pdata : NULL;
  hyco_model_set_record_results (model, options->plot || options->results || options->html);
  hyco_model_set_probes (model, probe_list);
  if (!hyco_model_prepare (model, &error))
    {
      if (g_error_matches (error, HYCO_RESULTS_ERROR, HYCO_RESULTS_ERROR_UNKNOWN_SIGNAL))
        hyco_tool_print_error ("--probe: %s", error->message);
      else
        print_model_error (source, error);
      return EXIT_BAD_INPUT;
    }

  cancellable = g_cancellable_new ();
  loop = g_main_loop_new (NULL, FALSE);
  data.model = model;
  data.cancellable = cancellable;
  data.loop = loop;
  sigint = g_unix_signal_add (SIGINT, on_interrupt, &data);
  sigterm = g_unix_signal_add (SIGTERM, on_interrupt, &data);
  started = g_get_monotonic_time ();
  data.started = started;
  if (!options->quiet && isatty (STDERR_FILENO))
    progress = g_timeout_add (PROGRESS_INTERVAL_MS, show_progress, &data);
  /* The run goes on a thread so that the main loop can turn Ctrl-C into a clean cancellation
   * (wrapup still runs, the trace is still closed). */
  running = TRUE;
  thread = g_thread_new ("hyco-run", run_thread, &data);
  g_main_loop_run (loop);
  g_thread_join (g_steal_pointer (&thread));
  running = FALSE;
  /* The FMUs' lines before what hyco says of the run. */
  hyco_fmu_output_drain ();
  wall = (double) (g_get_monotonic_time () - started) / G_USEC_PER_SEC;
  if (progress)
    g_source_remove (progress);
  if (data.progress_shown)
    fputs ("\r\033[K", stderr);

  /* Ctrl-C stays caught until the outputs are written: a file is never left half written. */
  data.writing = TRUE;
  if (!data.ok)
    {
      /* What was recorded up to the failure helps to find it: written, and said so. The error
       * comes last, where a terminal leaves it in view, after the summary that points to it. */
      if (write_results (model, options->plot, probe_list, options->width, options->height,
                         options->results, options->html, source)
          && !options->quiet)
        print_summary (model, source, options, wall, TRUE);
      fflush (hyco_tool_output ());
      print_model_error (source, data.error);
      g_error_free (data.error);
      status = EXIT_RUN_FAILED;
    }
  else if (!write_results (model, options->plot, probe_list, options->width, options->height,
                           options->results, options->html, source))
    status = EXIT_RUN_FAILED;
  else if (!options->quiet)
    print_summary (model, source, options, wall, FALSE);
  /* An interruption while writing: the outputs are complete, but the user asked to stop. */
  while (g_main_context_iteration (NULL, FALSE))
    ;
  g_source_remove (sigint);
  g_source_remove (sigterm);
  if (status == EXIT_OK && g_cancellable_is_cancelled (cancellable))
    status = EXIT_RUN_FAILED;
  return status;
}

static int
command_run (int argc, char **argv)
{
  g_auto (RunOptions) options = { 0 };
  g_autoptr (GOptionContext) context
    = new_context ("MODEL.xml - run a model", "Runs a model file to its stop time.",
                   "Exit status: 0 when the run completes, 1 when it fails (a Test actor's "
                   "mismatch, an actor error, an interruption), 2 when the model cannot be "
                   "loaded or prepared or the arguments are wrong. On a terminal, a run longer "
                   "than a second shows its progress on standard error.");
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoModel) model = NULL;
  int status;

  add_run_options (
    context, &options,
    "Set a parameter: --set Clock.period=0.5, --set director.stopTime=10, a model parameter "
    "--set f=50 or --set Plant.f=50; values may be expressions (--set Gain.factor=2*pi*f)",
    "Plot, write to --results and show in --html only this signal (repeatable; --trace still "
    "has every signal), "
    "e.g. --probe Clock1.output",
    VERBOSE_HELP);
  if (help_all)
    {
      append_help (context, "run MODEL.xml", "run a model file to its stop time");
      return EXIT_OK;
    }
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return hyco_tool_usage_error (context, error->message);
  if (argc != 2)
    return hyco_tool_usage_error (context, argc < 2 ? "no model file given" : "more than one model file");
  if ((status = check_run_options (&options)) != EXIT_OK)
    return status;
  model = hyco_model_new_from_file (argv[1], &error);
  if (interrupted_while_loading ())
    return EXIT_RUN_FAILED;
  if (model == NULL)
    {
      hyco_tool_print_error ("%s", error->message);
      return EXIT_BAD_INPUT;
    }
  if (options.verbose)
    print_reading_notes (model, argv[1]);
  return run_model (model, argv[1], &options, NULL);
}

/* hyco view ------------------------------------------------------------------------------ */

/* TRACE.csv's HTML view beside it: trace.csv gives trace.html. */
static char *
default_view_path (const char *trace)
{
  if (g_str_has_suffix (trace, ".csv") && strlen (trace) > strlen (".csv"))
    {
      g_autofree char *stem = g_strndup (trace, strlen (trace) - strlen (".csv"));
      return g_strconcat (stem, ".html", NULL);
    }
  return g_strconcat (trace, ".html", NULL);
}

static int
command_view (int argc, char **argv)
{
  g_autofree char *html = NULL;
  g_autofree char *title = NULL;
  const GOptionEntry entries[] = {
    { "html", 'o', 0, G_OPTION_ARG_FILENAME, &html,
      "Write the view to FILE.html (default: TRACE.html for TRACE.csv)", "FILE.html" },
    { "title", 0, 0, G_OPTION_ARG_STRING, &title,
      "The page's title (default: the trace's file name)", "TEXT" },
    { NULL },
  };
  g_autoptr (GOptionContext) context = new_context (
    "TRACE.csv - an interactive view of a trace",
    "Writes one self-contained HTML page (no network needed to open it) that shows a trace "
    "written by hyco run --trace: a panel per signal over a shared time axis, continuous "
    "signals as lines, discrete ones as stems where they are present, and where a signal is "
    "absent a grey band or a hollow marker. Zoom with the mouse wheel, by dragging over a "
    "stretch, with the buttons or the keys + - arrows 0, from the whole run down to one "
    "instant, whose microsteps are spread into columns labelled (t, n); double-click an "
    "instant to see it alone. Hover for a value's exact tag and value, as the trace writes "
    "them. A signal is absent at every tag of the trace at which it has no row.",
    "Exit status: 0 when the view is written, 1 when writing it fails, 2 when the trace "
    "cannot be read or is not one (the error names the file and line) or the arguments are "
    "wrong.");
  g_autoptr (GError) error = NULL;
  g_autofree char *output = NULL;

  g_option_context_add_main_entries (context, entries, NULL);
  if (help_all)
    {
      append_help (context, "view TRACE.csv", "an interactive HTML view of a trace");
      return EXIT_OK;
    }
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return hyco_tool_usage_error (context, error->message);
  if (argc != 2)
    return hyco_tool_usage_error (context, argc < 2 ? "no trace given" : "more than one trace");
  output = html ? g_strdup (html) : default_view_path (argv[1]);
  if (same_file (output, argv[1]))
    {
      hyco_tool_print_error ("--html %s would overwrite the trace", output);
      return EXIT_BAD_INPUT;
    }
  if (!hyco_tool_check_writable ("--html", output))
    return EXIT_BAD_INPUT;
  if (!hyco_trace_save_html (argv[1], output, title, &error))
    {
      if (g_error_matches (error, HYCO_RESULTS_ERROR, HYCO_RESULTS_ERROR_IO))
        {
          hyco_tool_print_error ("%s", error->message);
          return EXIT_RUN_FAILED;
        }
      hyco_tool_print_error ("%s", error->message);
      return EXIT_BAD_INPUT;
    }
  return EXIT_OK;
}

/* hyco inspect --------------------------------------------------------------------------- */

static int
command_inspect (int argc, char **argv)
{
  gboolean verbose = FALSE;
  const GOptionEntry entries[] = {
    { "verbose", 'v', 0, G_OPTION_ARG_NONE, &verbose, VERBOSE_HELP, NULL },
    { NULL },
  };
  g_autoptr (GOptionContext) context
    = new_context ("MODEL.xml - show a model's hierarchy",
                   "Prints the composites, directors, actors, ports, relations and links of a "
                   "model, and every parameter with its value ((set) marks values that differ "
                   "from the class default).",
                   NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoModel) model = NULL;
  g_autofree char *text = NULL;

  if (help_all)
    {
      g_option_context_add_main_entries (context, entries, NULL);
      append_help (context, "inspect MODEL.xml", "show a model's hierarchy and parameters");
      return EXIT_OK;
    }
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return hyco_tool_usage_error (context, error->message);
  if (argc != 2)
    return hyco_tool_usage_error (context, argc < 2 ? "no model file given" : "more than one model file");
  model = hyco_model_new_from_file (argv[1], &error);
  if (interrupted_while_loading ())
    return EXIT_RUN_FAILED;
  if (model == NULL)
    {
      hyco_tool_print_error ("%s", error->message);
      return EXIT_BAD_INPUT;
    }
  if (verbose)
    print_reading_notes (model, argv[1]);
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

  if (help_all)
    {
      append_help (context, "actors", "list actor and director classes");
      return EXIT_OK;
    }
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return hyco_tool_usage_error (context, error->message);
  if (argc != 1)
    return hyco_tool_usage_error (context, "unexpected argument");
  names = hyco_registry_list ();
  for (guint i = 0; i < names->len; i++)
    {
      GType type = hyco_registry_lookup (names->pdata[i]);
      g_autoptr (GTypeClass) klass = g_type_class_ref (type);
      g_autoptr (GPtrArray) aliases = hyco_registry_list_aliases (type);
      g_autoptr (GString) also = g_string_new (NULL);

      /* Model files may name the class otherwise (Ptolemy II's names): said, so that a name
       * read in a model can be found here. */
      for (guint a = 0; a < aliases->len; a++)
        g_string_append_printf (also, "%s%s", a ? ", " : "    also named ",
                                (char *) aliases->pdata[a]);
      if (also->len)
        g_string_append_c (also, '\n');
      if (g_type_is_a (type, HYCO_TYPE_DIRECTOR))
        {
          printf ("%s (director)\n%s", (char *) names->pdata[i], also->str);
          print_parameters (G_OBJECT_CLASS (klass));
          continue;
        }
      {
        HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);
        const char *description = hyco_actor_class_get_description (actor_class);
        g_autoptr (GPtrArray) ports = hyco_actor_class_list_port_names (actor_class);
        printf ("%s%s%s\n%s", (char *) names->pdata[i], description ? " - " : "",
                description ? description : "", also->str);
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

/* hyco fmu ------------------------------------------------------------------------------- */

static int
command_fmu_info (int argc, char **argv)
{
  g_autoptr (GOptionContext) context = new_context (
    "FILE.fmu - show what an FMU holds",
    "Unpacks an FMI 2.0 or 3.0 co-simulation FMU into a temporary directory (removed at the end), "
    "reads "
    "its modelDescription.xml and loads its library, then prints its names, GUID, FMI-HC "
    "category and the FMI-HC functions it exports, its capabilities, its default experiment and "
    "each variable with causality, variability, type, start, unit and (outputs) the inputs it "
    "depends on.",
    "Exit status: 0 when the FMU loads, 2 when it cannot be (not a zip archive, an unsafe "
    "entry, a malformed or unsupported modelDescription.xml, no library for linux64, a missing "
    "FMI function) or the arguments are wrong.");
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;

  if (help_all)
    {
      append_help (context, "fmu info FILE.fmu",
                   "show an FMU's description, FMI-HC category and variables");
      return EXIT_OK;
    }
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return hyco_tool_usage_error (context, error->message);
  if (argc != 2)
    return hyco_tool_usage_error (context, argc < 2 ? "no FMU given" : "more than one FMU");
  text = hyco_fmu_describe_file (argv[1], &error);
  if (interrupted_while_loading ())
    return EXIT_RUN_FAILED;
  if (text == NULL)
    {
      /* The loader's messages start with the file's name. */
      hyco_tool_print_error ("%s", error->message);
      return EXIT_BAD_INPUT;
    }
  fputs (text, stdout);
  return EXIT_OK;
}

/* The actor's name: the file's, without .fmu and with no dots (which separate names). */
static char *
fmu_actor_name (const char *path)
{
  g_autofree char *base = g_path_get_basename (path);
  char *name;

  if (g_str_has_suffix (base, ".fmu") && strlen (base) > strlen (".fmu"))
    base[strlen (base) - strlen (".fmu")] = '\0';
  name = g_strdup (base);
  g_strdelimit (name, ".", '_');
  return name;
}

/* A Model Exchange FMU on its own: the one actor of a model under a continuous director
 * whose solver integrates its states. The --set texts that name the FMU's variables become its
 * start values; the others go to the model. */
static int
run_model_exchange (const char *path, const char *name, const char *solver, RunOptions *options)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoCompositeActor) top = hyco_composite_actor_new (name);
  g_autoptr (HycoDirector) director = hyco_continuous_director_new ();
  g_autoptr (HycoActor) actor = hyco_fmu_me_actor_new (name);
  g_autoptr (HycoModel) model = NULL;
  g_autoptr (GPtrArray) rest = g_ptr_array_new_with_free_func (g_free);

  hyco_composite_actor_set_director (top, director);
  if (solver != NULL)
    g_object_set (director, "ODESolver", solver, NULL);
  if (!hyco_fmu_me_actor_load (HYCO_FMU_ME_ACTOR (actor), path, &error))
    {
      print_model_error (path, error);
      return EXIT_BAD_INPUT;
    }
  for (guint i = 0; options->assignments && i < options->assignments->len; i++)
    {
      const char *text = options->assignments->pdata[i];
      const char *equals = strchr (text, '=');
      g_autofree char *variable = equals ? g_strndup (text, (gsize) (equals - text)) : NULL;
      g_autoptr (GError) local_error = NULL;

      /* The actor's own parameters (fmuLogging, isolation, ...) go to it, as for FMUImport. */
      if (variable == NULL || strchr (variable, '.')
          || g_object_class_find_property (G_OBJECT_GET_CLASS (actor), variable) != NULL)
        {
          g_ptr_array_add (rest, g_strdup (text));
          continue;
        }
      if (!hyco_fmu_me_actor_set_start (HYCO_FMU_ME_ACTOR (actor), variable, equals + 1,
                                        &local_error))
        {
          hyco_tool_print_error ("--set %s: %s", text, local_error->message);
          return EXIT_BAD_INPUT;
        }
    }
  if (options->assignments)
    {
      g_ptr_array_set_size (options->assignments, 0);
      for (guint i = 0; i < rest->len; i++)
        g_ptr_array_add (options->assignments, g_strdup (rest->pdata[i]));
    }
  if (!hyco_composite_actor_add_actor (top, actor, &error))
    {
      hyco_tool_print_error ("%s: %s", path, error->message);
      return EXIT_BAD_INPUT;
    }
  model = hyco_model_new (top);
  if (options->stop_time == NULL)
    {
      double stop_time = NAN;
      /* The default experiment's stop time; else 1 s. */
      hyco_fmu_me_actor_get_default_experiment (HYCO_FMU_ME_ACTOR (actor), NULL, &stop_time,
                                                NULL, NULL);
      options->stop_time
        = g_strdup_printf ("%.15g", isfinite (stop_time) && stop_time > 0 ? stop_time : 1.0);
    }
  return run_model (model, path, options, name);
}

static int
command_fmu_run (int argc, char **argv)
{
  g_auto (RunOptions) options = { 0 };
  g_autofree char *step = NULL;
  g_autofree char *solver = NULL;
  gboolean model_exchange = FALSE;
  const GOptionEntry entries[]
    = { { "step", 0, 0, G_OPTION_ARG_STRING, &step,
          "Step the FMU every H seconds (default: the stepSize of its default experiment, else "
          "the stop time / 500)",
          "H" },
        { "model-exchange", 0, 0, G_OPTION_ARG_NONE, &model_exchange,
          "Run the FMU through its Model Exchange interface (the default for an FMU that has "
          "only that one)",
          NULL },
        { "solver", 0, 0, G_OPTION_ARG_STRING, &solver,
          "Model Exchange: the continuous director's solver (ExplicitRK45Solver, "
          "ExplicitRK23Solver, CVODE, ...; implies --model-exchange)",
          "NAME" },
        { NULL } };
  g_autoptr (GOptionContext) context = new_context (
    "FILE.fmu - run an FMU on its own",
    "Runs an FMI 2.0 or 3.0 co-simulation FMU alone, as the one actor of a model under a DE "
    "director: "
    "stepped at a fixed communication step from 0 to the stop time (both from its default "
    "experiment unless given; else 1 s and 500 steps), with a short last step to the stop time "
    "where the step does not divide it, as FMPy takes (not for an FMU that cannot handle "
    "variable communication step sizes). The FMU is told the stop time and the tolerance of "
    "its default experiment (--set fmuTolerance=T changes it). Its outputs are traced, plotted or "
    "recorded as for hyco run, under the name of the file (vanderpol.fmu: vanderpol.x1); its "
    "inputs keep their start values (which --set changes). --set and --probe take the FMU's own "
    "names (--set mu=2, --probe x1), and the actor's parameters (--set fmuLogging=true). A Model "
    "Exchange FMU (one without a co-simulation interface, or any with --model-exchange or "
    "--solver) runs under a continuous director whose solver integrates its states, its event "
    "indicators located as level crossings and its events handled at microsteps.",
    "Exit status: 0 when the run completes, 1 when it fails (the FMU cannot be instantiated or "
    "initialized, or a call returns an error), 2 when the FMU cannot be loaded or the arguments "
    "are wrong.");
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoCompositeActor) top = NULL;
  g_autoptr (HycoDirector) director = NULL;
  g_autoptr (HycoActor) actor = NULL;
  g_autoptr (HycoModel) model = NULL;
  g_autofree char *name = NULL;
  g_autofree char *step_text = NULL;
  g_autofree char *step_name = NULL;
  double start_time, stop_time, step_size;
  gint64 stop, step_ticks;
  int resolution;
  int status;

  add_run_options (context, &options,
                   "Set an FMU parameter or start value by its name in the FMU: --set mu=2, "
                   "--set spring.c=3, an input --set u=1, a state --set x=0.5 (where its initial "
                   "is exact or approx); or a parameter of the actor: --set fmuLogging=true",
                   "Plot, write to --results and show in --html only this output (repeatable; "
                   "--trace still has every output), e.g. --probe x1",
                   NULL);
  g_option_context_add_main_entries (context, entries, NULL);
  if (help_all)
    {
      append_help (context, "fmu run FILE.fmu", "run an FMU on its own");
      return EXIT_OK;
    }
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return hyco_tool_usage_error (context, error->message);
  if (argc != 2)
    return hyco_tool_usage_error (context, argc < 2 ? "no FMU given" : "more than one FMU");
  if ((status = check_run_options (&options)) != EXIT_OK)
    return status;

  name = fmu_actor_name (argv[1]);
  if (model_exchange || solver != NULL)
    return run_model_exchange (argv[1], name, solver, &options);
  top = hyco_composite_actor_new (name);
  director = hyco_de_director_new ();
  hyco_composite_actor_set_director (top, director);
  actor = hyco_fmu_actor_new (name);
  if (!hyco_fmu_actor_load (HYCO_FMU_ACTOR (actor), argv[1], &error)
      || interrupted_while_loading ())
    {
      if (interrupted)
        return EXIT_RUN_FAILED;
      /* A Model Exchange FMU only: run it so. */
      g_autoptr (HycoActor) me = hyco_fmu_me_actor_new (name);
      g_autoptr (GError) me_error = NULL;
      if (hyco_fmu_me_actor_load (HYCO_FMU_ME_ACTOR (me), argv[1], &me_error))
        return run_model_exchange (argv[1], name, NULL, &options);
      print_model_error (argv[1], error);
      return EXIT_BAD_INPUT;
    }
  if (!hyco_composite_actor_add_actor (top, actor, &error))
    {
      hyco_tool_print_error ("%s: %s", argv[1], error->message);
      return EXIT_BAD_INPUT;
    }
  model = hyco_model_new (top);

  /* What the FMU's default experiment proposes, where the command line says nothing. */
  hyco_fmu_actor_get_default_experiment (HYCO_FMU_ACTOR (actor), &start_time, &stop_time,
                                         &step_size, NULL);
  if (isfinite (start_time) && start_time != 0)
    print_warning ("%s: the default experiment starts at %g s; model time starts at 0 s", argv[1],
                   start_time);
  if (options.stop_time == NULL)
    options.stop_time
      = g_strdup_printf ("%.15g", isfinite (stop_time) && stop_time > 0 ? stop_time : 1.0);
  /* A literal (there are no model parameters to write an expression of); the director checks
   * the rest when the model is prepared. */
  resolution = hyco_model_get_resolution (model);
  if (!hyco_time_parse (options.stop_time, resolution, &stop, &error))
    {
      hyco_tool_print_error ("--stop-time %s: %s", options.stop_time, error->message);
      return EXIT_BAD_INPUT;
    }
  /* Fifteen digits give back the decimal text a description wrote (0.1, not
   * 0.10000000000000001, which is no time at the model's resolution). */
  step_text = step                                    ? g_strdup (step)
              : isfinite (step_size) && step_size > 0 ? g_strdup_printf ("%.15g", step_size)
                                                      : NULL;
  if (step_text)
    {
      if (!hyco_time_parse (step_text, resolution, &step_ticks, &error))
        {
          hyco_tool_print_error ("%s %s: %s", step ? "--step" : "the default experiment's stepSize",
                       step_text, error->message);
          return EXIT_BAD_INPUT;
        }
      if (step_ticks <= 0 || step_ticks == HYCO_TIME_INFINITY)
        {
          hyco_tool_print_error ("--step %s: give a positive number of seconds, as in --step 0.01",
                       step_text);
          return EXIT_BAD_INPUT;
        }
    }
  else if (stop == HYCO_TIME_INFINITY)
    {
      hyco_tool_print_error ("--stop-time %s: give --step too (the FMU's default experiment has no "
                   "stepSize to step it by)",
                   options.stop_time);
      return EXIT_BAD_INPUT;
    }
  else
    step_ticks = MAX (stop / 500, 1);
  /* A step that does not divide the stop time ends in a short last step to it, which the
   * actor takes (and warns about an FMU that cannot take one). */
  g_free (step_text);
  step_text = hyco_time_to_string (step_ticks, resolution);
  step_name = scoped_name (name, "communicationStepSize");
  if (!hyco_model_set_parameter (model, step_name, step_text, &error))
    {
      hyco_tool_print_error ("--step %s: %s", step_text, error->message);
      return EXIT_BAD_INPUT;
    }
  return run_model (model, argv[1], &options, name);
}

static const struct
{
  const char *name;
  int (*run) (int argc, char **argv);
  const char *summary;
} fmu_commands[] = {
  { "info", command_fmu_info, "Show an FMU's description, FMI-HC category and variables" },
  { "run", command_fmu_run, "Run an FMU on its own, stepped at a fixed step" },
};

static void
print_fmu_help (FILE *out)
{
  fprintf (out, "Usage:\n  hyco fmu COMMAND [OPTION...] FILE.fmu\n\nFMI 2.0 and 3.0 co-simulation "
                "FMUs.\n\nCommands:\n");
  for (guint i = 0; i < G_N_ELEMENTS (fmu_commands); i++)
    fprintf (out, "  %-10s %s\n", fmu_commands[i].name, fmu_commands[i].summary);
  fprintf (out, "\nRun 'hyco fmu COMMAND --help' for a command's options.\n");
}

static int
command_fmu (int argc, char **argv)
{
  if (help_all)
    {
      for (guint i = 0; i < G_N_ELEMENTS (fmu_commands); i++)
        fmu_commands[i].run (0, NULL);
      return EXIT_OK;
    }
  if (argc < 2)
    {
      hyco_tool_print_error ("no fmu command given");
      print_fmu_help (stderr);
      return EXIT_BAD_INPUT;
    }
  if (g_str_equal (argv[1], "--help") || g_str_equal (argv[1], "-h"))
    {
      print_fmu_help (stdout);
      return EXIT_OK;
    }
  for (guint i = 0; i < G_N_ELEMENTS (fmu_commands); i++)
    if (g_str_equal (argv[1], fmu_commands[i].name))
      {
        g_autofree char *prog = g_strdup_printf ("hyco fmu %s", fmu_commands[i].name);
        g_set_prgname (prog);
        return fmu_commands[i].run (argc - 1, argv + 1);
      }
  hyco_tool_print_error ("unknown fmu command \"%s\"", argv[1]);
  print_fmu_help (stderr);
  return EXIT_BAD_INPUT;
}

/* hyco sweep: tools/hyco-sweep.c ------------------------------------------------------------ */


static int
command_sweep (int argc, char **argv)
{
  return hyco_tool_sweep (argc, argv, help_all);
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
  { "fmu", command_fmu, "Show what an FMU holds, or run it on its own (hyco fmu info FILE.fmu)" },
  { "view", command_view, "Write an interactive HTML view of a trace (hyco view trace.csv)" },
  { "sweep", command_sweep, "Run a model many times, its parameters varied or sampled" },
};

static void
print_help (FILE *out)
{
  fprintf (out, "Usage:\n  hyco COMMAND [OPTION...]\n\nHyco runs hybrid co-simulation models.\n\n"
                "Commands:\n");
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    fprintf (out, "  %-10s %s\n", commands[i].name, commands[i].summary);
  fprintf (out, "\nRun 'hyco COMMAND --help' for a command's options.\n");
}

/* After the directories of HYCO_FMU_PATH, the tool looks for FMUs where its example FMUs are:
 * the example models name theirs without a directory (models/fmu-*.xml: hc_generator.fmu).
 * The uninstalled tool (build/tools/hyco) looks in the build's test FMU directory, so that a
 * fresh build runs them as the README shows, with no variable set; the installed one in
 * DATADIR/hyco/fmus, where a package that ships the examples puts their FMUs. */
static void
add_default_fmu_directory (void)
{
  g_autofree char *self = g_file_read_link ("/proc/self/exe", NULL);
  g_autofree char *directory = self ? g_path_get_dirname (self) : NULL;
  g_autofree char *tools = realpath (HYCO_BUILD_TOOLS_DIR, NULL);
  g_autofree char *mine = directory ? realpath (directory, NULL) : NULL;
  const char *search = g_getenv ("HYCO_FMU_PATH");
  const char *fmus = tools != NULL && mine != NULL && g_str_equal (tools, mine)
                       ? HYCO_BUILD_FMU_DIR
                       : HYCO_INSTALLED_FMU_DIR;
  g_autofree char *extended = search && *search
                                ? g_strconcat (search, G_SEARCHPATH_SEPARATOR_S, fmus, NULL)
                                : g_strdup (fmus);

  g_setenv ("HYCO_FMU_PATH", extended, TRUE);
}

int
main (int argc, char **argv)
{
  add_default_fmu_directory ();
  g_unix_signal_add (SIGINT, note_interrupt, NULL);
  g_unix_signal_add (SIGTERM, note_interrupt, NULL);
  atexit (exit_during_run);
  /* The user's character set (for messages on a terminal) and message language only: numbers
   * keep the C locale's decimal point, and start-up opens 7 locale files instead of 27. */
  setlocale (LC_CTYPE, "");
  setlocale (LC_MESSAGES, "");
  hyco_init ();
  g_log_set_handler ("Hyco", G_LOG_LEVEL_MESSAGE | G_LOG_LEVEL_WARNING, log_to_stderr, NULL);
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
  if (g_str_equal (argv[1], "--help-all"))
    {
      /* Everything at once, for help2man: the commands, then each command's options. */
      print_help (stdout);
      help_all = g_string_new ("\nOptions of each command:\n");
      for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
        commands[i].run (0, NULL);
      fputs (help_all->str, stdout);
      g_string_free (g_steal_pointer (&help_all), TRUE);
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
        int status;
        g_set_prgname (prog);
        status = commands[i].run (argc - 1, argv + 1);
        hyco_tool_end_fmu_output ();
        return status;
      }
  hyco_tool_print_error ("unknown command \"%s\"", argv[1]);
  print_help (stderr);
  return EXIT_BAD_INPUT;
}
