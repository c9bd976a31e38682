/* hyco-sweep.c: `hyco sweep`, many runs of one model file with parameters varied and sampled.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-tool.h"

#include <errno.h>
#include <glib-unix.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* How many failed runs' errors are printed; the others are in the files. */
#define MAX_ERRORS_SHOWN 5
/* Progress appears after this long, as for hyco run. */
#define PROGRESS_DELAY_US G_USEC_PER_SEC
#define PROGRESS_INTERVAL_MS 250

/* Set while the runs go on: code of a model's (an FMU's library) that calls exit() in a run
 * must not end hyco as if the sweep had succeeded, as hyco run says for a run, nor, under
 * mpirun, leave Open MPI to say only that a rank ended "improperly". */
static gint sweeping;

static void
exit_during_sweep (void)
{
  const char *rank = g_getenv ("OMPI_COMM_WORLD_RANK");

  if (!g_atomic_int_get (&sweeping))
    return;
  /* What the FMU wrote before, often why it gave up, is shown first. */
  hyco_fmu_output_drain ();
  /* The files are written after the runs: those there before stay as they were. */
  if (rank)
    fprintf (stderr,
             "hyco: error: MPI rank %s: a run was ended by a call to exit() from the model's "
             "code (an FMU's library?): the sweep stops, its results were not written\n",
             rank);
  else
    fputs ("hyco: error: a run was ended by a call to exit() from the model's code (an FMU's "
           "library?): the sweep stopped, its results were not written\n",
           stderr);
  _exit (EXIT_RUN_FAILED);
}

typedef struct
{
  char **vary;
  char **sample;
  char **set;
  char **probes;
  char **summaries;
  char *stop_time;
  char *design;
  int samples;
  gint64 seed;
  int jobs;
  char *output;
  char *plot;
  char *plot_x;
  char *plot_y;
  char *plot_size;
  gboolean quiet;
} SweepOptions;

static void
sweep_options_clear (SweepOptions *options)
{
  g_strfreev (options->vary);
  g_strfreev (options->sample);
  g_strfreev (options->set);
  g_strfreev (options->probes);
  g_strfreev (options->summaries);
  g_free (options->stop_time);
  g_free (options->design);
  g_free (options->output);
  g_free (options->plot);
  g_free (options->plot_x);
  g_free (options->plot_y);
  g_free (options->plot_size);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (SweepOptions, sweep_options_clear)

typedef struct
{
  HycoSweep *sweep;
  GCancellable *cancellable;
  GMainLoop *loop;
  GError *error;
  gboolean ok;
  gint64 started;
  gboolean progress_shown;
} SweepRun;

static gboolean
show_progress (gpointer user_data)
{
  SweepRun *run = user_data;
  gint64 elapsed = g_get_monotonic_time () - run->started;
  guint finished, failed;

  if (elapsed < PROGRESS_DELAY_US)
    return G_SOURCE_CONTINUE;
  hyco_sweep_get_progress (run->sweep, &finished, &failed);
  fprintf (stderr, "\rhyco: %u of %u runs, %u failed, wall time %.1f s\033[K", finished,
           hyco_sweep_get_run_count (run->sweep), failed, (double) elapsed / G_USEC_PER_SEC);
  fflush (stderr);
  run->progress_shown = TRUE;
  return G_SOURCE_CONTINUE;
}

static void
on_sweep_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  SweepRun *run = user_data;

  run->ok = hyco_sweep_run_finish (HYCO_SWEEP (source), result, &run->error);
  g_main_loop_quit (run->loop);
}

static gboolean
on_interrupt (gpointer user_data)
{
  SweepRun *run = user_data;

  if (g_cancellable_is_cancelled (run->cancellable))
    {
      fprintf (stderr, "hyco: interrupted again: stopping now; no file was written\n");
      _exit (EXIT_RUN_FAILED);
    }
  fprintf (stderr, "hyco: interrupted, stopping the sweep: the runs going on are cancelled, "
                   "the results of those that ended are written (again to stop at once)\n");
  g_cancellable_cancel (run->cancellable);
  return G_SOURCE_CONTINUE;
}

/* The CSV summary's name: beside the HDF5 file, with its extension. */
static char *
csv_path_for (const char *output)
{
  const char *dot = strrchr (output, '.');
  const char *slash = strrchr (output, '/');

  g_autofree char *stem
    = dot && (!slash || dot > slash) ? g_strndup (output, dot - output) : g_strdup (output);

  return g_strconcat (stem, ".csv", NULL);
}



/* The options' own consistency, and the sweep built from them. */
static int
build_sweep (SweepOptions *options, HycoSweep *sweep)
{
  g_autoptr (GError) error = NULL;
  HycoSweepDesign design = HYCO_SWEEP_DESIGN_FACTORIAL;

  if (options->design && !hyco_sweep_design_from_string (options->design, &design))
    {
      hyco_tool_print_error ("--design %s: the designs are factorial and lhs (Latin hypercube)",
                   options->design);
      return EXIT_BAD_INPUT;
    }
  if (options->samples < 0)
    {
      hyco_tool_print_error ("--samples %d: give a number of samples of 1 or more", options->samples);
      return EXIT_BAD_INPUT;
    }
  if (options->jobs < 0)
    {
      hyco_tool_print_error ("--jobs %d: give a number of jobs of 1 or more (0: one per core)",
                   options->jobs);
      return EXIT_BAD_INPUT;
    }
  if (options->seed < 0 || options->seed > G_MAXUINT32)
    {
      hyco_tool_print_error ("--seed %" G_GINT64_FORMAT ": give a seed from 0 to %u", options->seed,
                   G_MAXUINT32);
      return EXIT_BAD_INPUT;
    }
  for (guint i = 0; options->vary && options->vary[i]; i++)
    if (!hyco_sweep_add_vary (sweep, options->vary[i], &error))
      {
        hyco_tool_print_error ("--vary %s", error->message);
        return EXIT_BAD_INPUT;
      }
  for (guint i = 0; options->sample && options->sample[i]; i++)
    if (!hyco_sweep_add_sample (sweep, options->sample[i], &error))
      {
        hyco_tool_print_error ("--sample %s", error->message);
        return EXIT_BAD_INPUT;
      }
  if (design == HYCO_SWEEP_DESIGN_LHS && options->samples == 0)
    {
      hyco_tool_print_error ("--design lhs needs --samples N, the number of runs");
      return EXIT_BAD_INPUT;
    }
  if (design == HYCO_SWEEP_DESIGN_FACTORIAL && options->sample && options->samples == 0)
    {
      hyco_tool_print_error ("--sample %s needs --samples N, the number of runs of each combination",
                   options->sample[0]);
      return EXIT_BAD_INPUT;
    }
  if (design == HYCO_SWEEP_DESIGN_FACTORIAL && !options->sample && options->samples > 0)
    {
      hyco_tool_print_error ("--samples %d without --sample would run each combination alike: sample a "
                   "parameter (--sample mu=normal(1,0.1)) or use --design lhs",
                   options->samples);
      return EXIT_BAD_INPUT;
    }
  for (guint i = 0; options->set && options->set[i]; i++)
    {
      g_auto (GStrv) parts = g_strsplit (options->set[i], "=", 2);
      if (parts[0] == NULL || parts[1] == NULL || *parts[0] == '\0')
        {
          hyco_tool_print_error ("--set %s: write NAME=VALUE, as in --set Clock.period=0.5", options->set[i]);
          return EXIT_BAD_INPUT;
        }
      hyco_sweep_add_assignment (sweep, parts[0], parts[1]);
    }
  for (guint i = 0; options->probes && options->probes[i]; i++)
    hyco_sweep_add_probe (sweep, options->probes[i]);
  for (guint i = 0; options->summaries && options->summaries[i]; i++)
    {
      const char *spec = options->summaries[i];
      const char *equals = strchr (spec, '=');
      g_autofree char *name = equals ? g_strstrip (g_strndup (spec, equals - spec)) : NULL;

      if (equals == NULL)
        {
          hyco_tool_print_error ("--summary %s: write NAME=EXPRESSION, as in --summary "
                                 "range=Ball.y.max-Ball.y.min",
                                 spec);
          return EXIT_BAD_INPUT;
        }
      if (!hyco_sweep_add_summary (sweep, name, equals + 1, &error))
        {
          hyco_tool_print_error ("--summary %s", error->message);
          return EXIT_BAD_INPUT;
        }
    }
  hyco_sweep_set_stop_time (sweep, options->stop_time);
  hyco_sweep_set_design (sweep, design);
  hyco_sweep_set_samples (sweep, (guint) options->samples);
  hyco_sweep_set_seed (sweep, (guint32) options->seed);
  hyco_sweep_set_jobs (sweep, (guint) options->jobs);
  if (!hyco_sweep_plan (sweep, &error))
    {
      /* A summary's errors start with its name, as the option's do. */
      gboolean summary = g_error_matches (error, HYCO_SWEEP_ERROR, HYCO_SWEEP_ERROR_BAD_SUMMARY);
      hyco_tool_print_error ("%s%s", summary ? "--summary " : "", error->message);
      return EXIT_BAD_INPUT;
    }
  return EXIT_OK;
}

/* Errors that are the arguments' rather than a run's, found on one instance of the model
 * before the sweep: a file that does not load, a --set or --stop-time it refuses, a varied
 * parameter it lacks, a probe of no signal. */
static int
check_model (HycoSweep *sweep, const char *file, SweepOptions *options)
{
  g_autoptr (HycoModel) model = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) names = hyco_sweep_list_parameters (sweep);
  g_autoptr (GPtrArray) probes = g_ptr_array_new ();

  model = hyco_model_new_from_file (file, &error);
  if (model == NULL)
    {
      hyco_tool_print_error ("%s", error->message);
      return EXIT_BAD_INPUT;
    }
  if (options->stop_time && !hyco_model_set_stop_time (model, options->stop_time, &error))
    {
      hyco_tool_print_error ("--stop-time %s: %s", options->stop_time, error->message);
      return EXIT_BAD_INPUT;
    }
  for (guint i = 0; options->set && options->set[i]; i++)
    {
      g_auto (GStrv) parts = g_strsplit (options->set[i], "=", 2);
      if (!hyco_model_set_parameter (model, parts[0], parts[1], &error))
        {
          hyco_tool_print_error ("--set %s", error->message);
          return EXIT_BAD_INPUT;
        }
    }
  for (guint p = 0; names[p]; p++)
    if (!hyco_model_set_parameter (model, names[p], hyco_sweep_get_parameter_text (sweep, 0, p),
                                   &error))
      {
        /* A value the model refuses is the run's failure; a name it lacks, the arguments'. */
        if (g_error_matches (error, HYCO_MODEL_FILE_ERROR, HYCO_MODEL_FILE_ERROR_UNKNOWN_PARAMETER))
          {
            /* build_sweep() adds the varied parameters first, then the sampled ones. */
            guint n_varied = options->vary ? g_strv_length (options->vary) : 0;
            hyco_tool_print_error ("%s %s", p < n_varied ? "--vary" : "--sample", error->message);
            return EXIT_BAD_INPUT;
          }
        g_clear_error (&error);
      }
  if (options->probes)
    {
      for (guint i = 0; options->probes[i]; i++)
        g_ptr_array_add (probes, options->probes[i]);
      g_ptr_array_add (probes, NULL);
      hyco_model_set_record_results (model, TRUE);
      hyco_model_set_probes (model, (const char *const *) probes->pdata);
      if (!hyco_model_prepare (model, &error)
          && g_error_matches (error, HYCO_RESULTS_ERROR, HYCO_RESULTS_ERROR_UNKNOWN_SIGNAL))
        {
          hyco_tool_print_error ("--probe: %s", error->message);
          return EXIT_BAD_INPUT;
        }
    }
  return EXIT_OK;
}

static void
print_failures (HycoSweep *sweep)
{
  g_auto (GStrv) names = hyco_sweep_list_parameters (sweep);
  guint shown = 0, failed = 0;

  for (guint r = 0; r < hyco_sweep_get_run_count (sweep); r++)
    {
      g_autoptr (GString) values = g_string_new (NULL);
      if (hyco_sweep_get_status (sweep, r) == HYCO_SWEEP_STATUS_OK
          || hyco_sweep_get_status (sweep, r) == HYCO_SWEEP_STATUS_NOT_RUN)
        continue;
      failed++;
      if (shown == MAX_ERRORS_SHOWN)
        continue;
      for (guint p = 0; names[p]; p++)
        g_string_append_printf (values, "%s%s=%s", p ? " " : "", names[p],
                                hyco_sweep_get_parameter_text (sweep, r, p));
      fprintf (stderr, "hyco: run %u%s%s%s failed: %s\n", r, values->len ? " (" : "", values->str,
               values->len ? ")" : "", hyco_sweep_get_error_message (sweep, r));
      shown++;
    }
  if (failed > shown)
    fprintf (stderr, "hyco: and %u more failed runs (their errors are in the results)\n",
             failed - shown);
}

static int
run_sweep (HycoSweep *sweep, const char *file, SweepOptions *options, guint width, guint height)
{
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  g_autoptr (GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  g_autofree char *csv = options->output ? csv_path_for (options->output) : NULL;
  g_autoptr (GError) error = NULL;
  SweepRun run = { 0 };
  guint sigint, sigterm, progress = 0, finished, failed, n_runs;
  gboolean interrupted;
  const char *rank;
  double wall;
  int status = EXIT_OK;

  /* Before anything is written there: what an FMU in this process prints is its message. */
  hyco_tool_contain_fmu_output ();
  run.sweep = sweep;
  run.cancellable = cancellable;
  run.loop = loop;
  run.started = g_get_monotonic_time ();
  sigint = g_unix_signal_add (SIGINT, on_interrupt, &run);
  sigterm = g_unix_signal_add (SIGTERM, on_interrupt, &run);
  /* Under mpirun, rank 0 alone gathers the results, shows progress and writes the files. */
  rank = g_getenv ("OMPI_COMM_WORLD_RANK");
  if (!options->quiet && isatty (STDERR_FILENO) && (rank == NULL || g_str_equal (rank, "0")))
    progress = g_timeout_add (PROGRESS_INTERVAL_MS, show_progress, &run);
  g_atomic_int_set (&sweeping, TRUE);
  hyco_sweep_run_async (sweep, cancellable, on_sweep_done, &run);
  g_main_loop_run (loop);
  g_atomic_int_set (&sweeping, FALSE);
  hyco_fmu_output_drain ();
  wall = (double) (g_get_monotonic_time () - run.started) / G_USEC_PER_SEC;
  if (progress)
    g_source_remove (progress);
  if (run.progress_shown)
    fputs ("\r\033[K", stderr);
  g_source_remove (sigint);
  g_source_remove (sigterm);
  interrupted = !run.ok;
  if (run.error && !g_error_matches (run.error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      hyco_tool_print_error ("%s", run.error->message);
      g_clear_error (&run.error);
      return EXIT_RUN_FAILED;
    }
  g_clear_error (&run.error);
  if (hyco_sweep_get_mpi_rank (sweep) != 0)
    return interrupted ? EXIT_RUN_FAILED : EXIT_OK;

  hyco_sweep_get_progress (sweep, &finished, &failed);
  n_runs = hyco_sweep_get_run_count (sweep);
  if (options->output && !hyco_sweep_save_hdf5 (sweep, options->output, &error))
    {
      hyco_tool_print_error ("-o %s", error->message);
      g_clear_error (&error);
      status = EXIT_RUN_FAILED;
    }
  if (options->output && !hyco_sweep_save_csv (sweep, csv, &error))
    {
      hyco_tool_print_error ("-o %s", error->message);
      g_clear_error (&error);
      status = EXIT_RUN_FAILED;
    }
  if (options->plot
      && !hyco_sweep_plot (sweep, options->plot, options->plot_x, options->plot_y, width, height,
                           &error))
    {
      hyco_tool_print_error ("--plot %s", error->message);
      g_clear_error (&error);
      status = EXIT_RUN_FAILED;
    }
  if (!options->quiet)
    {
      const char *ranks = g_getenv ("OMPI_COMM_WORLD_SIZE");
      FILE *out = hyco_tool_output ();
      fprintf (out, "%s %s: %u runs (%s design), ", interrupted ? "Interrupted" : "Swept", file, n_runs,
              hyco_sweep_design_to_string (hyco_sweep_get_design (sweep)));
      if (ranks)
        fprintf (out, "on %s MPI ranks\n", ranks);
      else
        fprintf (out, "%u at once\n", MIN (hyco_sweep_get_jobs (sweep), MAX (n_runs, 1)));
      fprintf (out, "  completed   %u\n", finished - failed);
      fprintf (out, "  failed      %u%s\n", failed,
              failed ? " (the errors on standard error and in the results say why)" : "");
      if (interrupted)
        fprintf (out, "  not run     %u (interrupted)\n", n_runs - finished);
      fprintf (out, "  wall time   %.3f s\n", wall);
      if (options->output)
        fprintf (out, "  results     %s, %s\n", options->output, csv);
      else
        fprintf (out, "  results     none (add -o sweep.h5 to write them, with sweep.csv beside)\n");
      if (options->plot)
        fprintf (out, "  plot        %s (%s against %s)\n", options->plot, options->plot_y,
                options->plot_x);
    }
  fflush (hyco_tool_output ());
  print_failures (sweep);
  if (interrupted)
    status = EXIT_RUN_FAILED;
  return status;
}

int
hyco_tool_sweep (int argc, char **argv, GString *help_all)
{
  g_auto (SweepOptions) options = { .seed = 0 };
  const GOptionEntry entries[]
    = { { "vary", 0, 0, G_OPTION_ARG_STRING_ARRAY, &options.vary,
          "Vary a parameter over a range, inclusive of its end (--vary Ball.e=0.5:0.9:0.1; with "
          "--design lhs a range without a step, e=0.5:0.9) or a list (--vary k=[1,2,5]); names as "
          "for hyco run --set (repeatable)",
          "NAME=VALUES" },
        { "sample", 0, 0, G_OPTION_ARG_STRING_ARRAY, &options.sample,
          "Sample a parameter from a distribution, normal(MEAN,SD) or uniform(LOW,HIGH): --sample "
          "mu=normal(1,0.1) (repeatable)",
          "NAME=DIST" },
        { "samples", 'n', 0, G_OPTION_ARG_INT, &options.samples,
          "The number of samples: the runs of a Latin hypercube, or the runs of each combination "
          "of the varied values with --sample",
          "N" },
        { "seed", 0, 0, G_OPTION_ARG_INT64, &options.seed,
          "Seed of the sampled values (default 0): run i draws from the seed and i alone", "S" },
        { "design", 0, 0, G_OPTION_ARG_STRING, &options.design,
          "factorial (default: every combination of the varied values) or lhs (a Latin hypercube "
          "of --samples runs)",
          "DESIGN" },
        { "set", 's', 0, G_OPTION_ARG_STRING_ARRAY, &options.set,
          "Set a parameter to the same value in every run, as hyco run --set does (repeatable)",
          "NAME=VALUE" },
        { "stop-time", 't', 0, G_OPTION_ARG_STRING, &options.stop_time,
          "Stop every run at model time T seconds", "T" },
        { "probe", 0, 0, G_OPTION_ARG_STRING_ARRAY, &options.probes,
          "Summarise a signal in every run (repeatable): SIGNAL.final, .min, .max, .events (how "
          "many times present) and .first (the time of its first event), e.g. --probe Ball.impact",
          "SIGNAL" },
        { "summary", 0, 0, G_OPTION_ARG_STRING_ARRAY, &options.summaries,
          "A summary value of every run computed by an expression (repeatable): --summary "
          "range=Ball.y.max-Ball.y.min; it sees the varied and sampled parameters, each probed "
          "SIGNAL's .final, .min, .max, .events, .first, .values and .times, and the summaries "
          "before it",
          "NAME=EXPR" },
        { "jobs", 'j', 0, G_OPTION_ARG_INT, &options.jobs,
          "Runs at once, each on a thread (default: one per core); the results do not depend on it",
          "N" },
        { "output", 'o', 0, G_OPTION_ARG_FILENAME, &options.output,
          "Write the results to FILE.h5 (HDF5: /run, /status, /error, /parameters/NAME, "
          "/summary/NAME) and FILE.csv beside it",
          "FILE.h5" },
        { "plot", 'p', 0, G_OPTION_ARG_FILENAME, &options.plot,
          "Plot --plot-y against --plot-x to FILE (.svg, .png or .pdf), a point per completed run",
          "FILE" },
        { "plot-x", 0, 0, G_OPTION_ARG_STRING, &options.plot_x,
          "The plot's horizontal axis: a varied parameter (default the first)", "NAME" },
        { "plot-y", 0, 0, G_OPTION_ARG_STRING, &options.plot_y,
          "The plot's vertical axis: a summary value, e.g. Ball.impact.events or a --summary's "
          "NAME",
          "NAME" },
        { "plot-size", 0, 0, G_OPTION_ARG_STRING, &options.plot_size,
          "Size of the plot in pixels (default 800x600)", "WxH" },
        { "quiet", 'q', 0, G_OPTION_ARG_NONE, &options.quiet,
          "Print nothing but errors (no progress, no summary)", NULL },
        { NULL } };
  g_autoptr (GOptionContext) context
    = g_option_context_new ("MODEL.xml - run a model many times, its parameters varied or sampled");
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoSweep) sweep = NULL;
  guint width = 0, height = 0;
  int status;

  g_option_context_set_summary (
    context, "Runs a model file once for each combination of the varied parameters' values, or "
             "for each sample, each run a fresh instance of the model, and summarises the probed "
             "signals of each run. A run that fails is recorded with its error; the others go "
             "on.");
  g_option_context_set_description (
    context, "Exit status: 0 when the sweep ran, even if some of its runs failed (the summary "
             "says how many), 1 when it was interrupted or a file could not be written, 2 when "
             "the arguments are wrong or the model cannot be loaded. On a terminal, a sweep "
             "longer than a second shows its progress on standard error. Started by Open MPI's "
             "mpirun, the runs spread over the MPI ranks, and rank 0 writes the files.");
  g_option_context_add_main_entries (context, entries, NULL);
  if (help_all)
    {
      g_autofree char *help = g_option_context_get_help (context, TRUE, NULL);
      const char *listed = strstr (help, "Application Options:\n");
      g_string_append_printf (help_all, "\nhyco %s: %s\n", "sweep MODEL.xml",
                              "run a model many times, its parameters varied or sampled");
      g_string_append (help_all, listed ? listed + strlen ("Application Options:\n") : "");
      return EXIT_OK;
    }
  if (!g_option_context_parse (context, &argc, &argv, &error))
    return hyco_tool_usage_error (context, error->message);
  if (argc != 2)
    return hyco_tool_usage_error (context, argc < 2 ? "no model file given" : "more than one model file");
  if (options.output && !g_str_has_suffix (options.output, ".h5")
      && !g_str_has_suffix (options.output, ".hdf5"))
    {
      hyco_tool_print_error ("-o %s: name an HDF5 file, FILE.h5", options.output);
      return EXIT_BAD_INPUT;
    }
  if (options.plot && !g_str_has_suffix (options.plot, ".svg")
      && !g_str_has_suffix (options.plot, ".png") && !g_str_has_suffix (options.plot, ".pdf"))
    {
      hyco_tool_print_error ("--plot %s: name a .svg, .png or .pdf file", options.plot);
      return EXIT_BAD_INPUT;
    }
  if (!options.plot && (options.plot_x || options.plot_y || options.plot_size))
    {
      hyco_tool_print_error ("--%s needs --plot", options.plot_x   ? "plot-x"
                                        : options.plot_y ? "plot-y"
                                                         : "plot-size");
      return EXIT_BAD_INPUT;
    }
  if (options.plot && !options.plot_y)
    {
      hyco_tool_print_error ("--plot %s needs --plot-y, the summary value to draw (e.g. --probe Ball.impact "
                   "--plot-y Ball.impact.events)",
                   options.plot);
      return EXIT_BAD_INPUT;
    }
  if (options.plot_size && !hyco_tool_parse_size (options.plot_size, &width, &height))
    {
      hyco_tool_print_error ("--plot-size %s: write WIDTHxHEIGHT in pixels, as in --plot-size 1200x800 "
                   "(at least 200x150)",
                   options.plot_size);
      return EXIT_BAD_INPUT;
    }
  if ((options.output && !hyco_tool_check_writable ("-o", options.output))
      || (options.plot && !hyco_tool_check_writable ("--plot", options.plot)))
    return EXIT_BAD_INPUT;

  atexit (exit_during_sweep);
  sweep = hyco_sweep_new (argv[1]);
  if ((status = build_sweep (&options, sweep)) != EXIT_OK)
    return status;
  if (options.plot)
    {
      g_auto (GStrv) names = hyco_sweep_list_parameters (sweep);
      if (!options.plot_x && names[0] == NULL)
        {
          hyco_tool_print_error ("--plot %s needs --plot-x: nothing is varied", options.plot);
          return EXIT_BAD_INPUT;
        }
      if (!options.plot_x)
        options.plot_x = g_strdup (names[0]);
      for (guint axis = 0; axis < 2; axis++)
        {
          const char *name = axis ? options.plot_y : options.plot_x;
          if (!hyco_sweep_lookup_column (sweep, name, NULL, NULL))
            {
              g_auto (GStrv) summaries = hyco_sweep_list_summaries (sweep);
              g_autofree char *parameter_list = g_strjoinv (", ", names);
              g_autofree char *summary_list = g_strjoinv (", ", summaries);
              hyco_tool_print_error ("--plot-%s %s: the sweep has no such parameter or summary value "
                           "(parameters: %s; summary values: %s)",
                           axis ? "y" : "x", name, names[0] ? parameter_list : "none",
                           summaries[0] ? summary_list : "none: add --probe SIGNAL or --summary");
              return EXIT_BAD_INPUT;
            }
        }
    }
  if ((status = check_model (sweep, argv[1], &options)) != EXIT_OK)
    return status;
  return run_sweep (sweep, argv[1], &options, width, height);
}
