/* bench-fmu-parallel.c: FMUs of one tag stepped in parallel (the DE director's `parallel`).
 * Two equally heavy Van der Pol FMUs (the test FMU, its RK4 substep made small, so that a
 * communication step of 10 ms takes some 10^5 substeps), nothing connected, run under a DE
 * director serially and with parallel=true, in the same process, each the fastest of REPEATS
 * runs; prints the wall times, the speed-up and whether the traces are byte for byte the same.
 * Goal: a speed-up of at least 1.6 on 2 cores. On a machine shared with other work the figure
 * is lower: it says how many cores it saw and the CPU time the parallel run used.
 *
 *   ninja -C build && build/bench/bench-fmu-parallel [STEPS [SUBSTEP [FMUS]]]
 *
 * STEPS communication steps (default 200), SUBSTEP the FMUs' substep (default 1e-7 s), FMUS
 * how many FMUs (default 2). Run from the source root after building (it uses
 * build/tests/fmus/vanderpol.fmu).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco.h"

#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>

#define FMU_PATH "build/tests/fmus/vanderpol.fmu"
#define STEP 0.01
#define REPEATS 3

static void
fail (const char *what, GError *error)
{
  fprintf (stderr, "bench-fmu-parallel: %s: %s\n", what, error ? error->message : "failed");
  exit (1);
}

static char *
model_text (const char *fmu, guint steps, double substep, guint n_fmus, gboolean parallel)
{
  GString *text = g_string_new (NULL);
  char stop[G_ASCII_DTOSTR_BUF_SIZE], sub[G_ASCII_DTOSTR_BUF_SIZE];

  g_ascii_dtostr (stop, sizeof stop, steps * STEP);
  g_ascii_dtostr (sub, sizeof sub, substep);
  g_string_append_printf (text,
                          "<?xml version=\"1.0\"?>\n"
                          "<entity name=\"parallel\" class=\"TypedCompositeActor\">\n"
                          "  <property name=\"Director\" class=\"DEDirector\">\n"
                          "    <property name=\"stopTime\" value=\"%s\"/>\n"
                          "    <property name=\"parallel\" value=\"%s\"/>\n"
                          "  </property>\n",
                          stop, parallel ? "true" : "false");
  /* Equally heavy: the same substeps; different mu, so that they compute different things. */
  for (guint i = 0; i < n_fmus; i++)
    g_string_append_printf (text,
                            "  <entity name=\"VdP%u\" class=\"FMUImport\">\n"
                            "    <property name=\"fmuFile\" value=\"%s\"/>\n"
                            "    <property name=\"communicationStepSize\" value=\"0.01\"/>\n"
                            "    <property name=\"substep\" value=\"%s\"/>\n"
                            "    <property name=\"mu\" value=\"%u\"/>\n"
                            "  </entity>\n",
                            i + 1, fmu, sub, i + 1);
  g_string_append (text, "</entity>\n");
  return g_string_free (text, FALSE);
}

static double
cpu_seconds (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return usage.ru_utime.tv_sec + usage.ru_stime.tv_sec
         + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
}

/* The fastest of REPEATS runs, in seconds; its CPU time in @cpu; the trace's text in @trace. */
static double
run (const char *text, const char *trace_path, double *cpu, char **trace)
{
  double best = G_MAXDOUBLE;

  for (int r = 0; r < REPEATS; r++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (HycoModel) model = hyco_model_new_from_data (text, -1, "parallel.xml", &error);
      double cpu_start, wall;
      gint64 start;

      if (model == NULL)
        fail ("model", error);
      if (!hyco_model_set_trace_file (model, trace_path, &error))
        fail ("trace", error);
      cpu_start = cpu_seconds ();
      start = g_get_monotonic_time ();
      if (!hyco_model_run (model, NULL, &error))
        fail ("run", error);
      wall = (g_get_monotonic_time () - start) / 1e6;
      if (wall < best)
        {
          best = wall;
          *cpu = cpu_seconds () - cpu_start;
        }
    }
  g_clear_pointer (trace, g_free);
  if (!g_file_get_contents (trace_path, trace, NULL, NULL))
    fail ("reading the trace", NULL);
  return best;
}

int
main (int argc, char **argv)
{
  guint steps = argc > 1 ? (guint) atoi (argv[1]) : 200;
  double substep = argc > 2 ? g_ascii_strtod (argv[2], NULL) : 1e-7;
  guint n_fmus = argc > 3 ? (guint) atoi (argv[3]) : 2;
  g_autofree char *fmu = g_canonicalize_filename (FMU_PATH, NULL);
  g_autofree char *dir = g_dir_make_tmp ("bench-fmu-parallel-XXXXXX", NULL);
  g_autofree char *trace_path = NULL;
  g_autofree char *serial_text = NULL, *parallel_text = NULL;
  g_autofree char *serial_trace = NULL, *parallel_trace = NULL;
  double serial, parallel, serial_cpu = 0, parallel_cpu = 0;

  hyco_init ();
  if (!g_file_test (fmu, G_FILE_TEST_IS_REGULAR))
    {
      fprintf (stderr, "bench-fmu-parallel: no %s: build first, run from the source root\n",
               FMU_PATH);
      return 1;
    }
  if (steps == 0 || !(substep > 0) || n_fmus == 0 || dir == NULL)
    {
      fprintf (stderr, "usage: bench-fmu-parallel [STEPS [SUBSTEP [FMUS]]]\n");
      return 1;
    }
  trace_path = g_build_filename (dir, "trace.csv", NULL);
  serial_text = model_text (fmu, steps, substep, n_fmus, FALSE);
  parallel_text = model_text (fmu, steps, substep, n_fmus, TRUE);

  printf ("%u Van der Pol FMUs, %u steps of %g s, substep %g s (%.0f RK4 substeps a step); "
          "%u cores\n",
          n_fmus, steps, STEP, substep, STEP / substep, g_get_num_processors ());
  serial = run (serial_text, trace_path, &serial_cpu, &serial_trace);
  parallel = run (parallel_text, trace_path, &parallel_cpu, &parallel_trace);
  printf ("  serial     %8.3f s wall  %8.3f s CPU  (%.3f ms a step)\n", serial, serial_cpu,
          serial / steps * 1e3);
  printf ("  parallel   %8.3f s wall  %8.3f s CPU  (%.3f ms a step)\n", parallel, parallel_cpu,
          parallel / steps * 1e3);
  printf ("  speed-up   %.2fx (goal: at least 1.6 on 2 cores)\n", serial / parallel);
  printf ("  traces     %s\n", g_strcmp0 (serial_trace, parallel_trace) == 0
                                 ? "identical"
                                 : "DIFFERENT");
  g_unlink (trace_path);
  g_rmdir (dir);
  return g_strcmp0 (serial_trace, parallel_trace) == 0 ? 0 : 1;
}
