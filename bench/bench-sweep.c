/* bench-sweep.c: a sweep's runs spread over threads (issue 22's figure). The bouncing ball
 * over restitution and initial height, 101 x 10 = 1010 runs (as `hyco sweep
 * models/bouncing-ball.xml --vary e=0.5:0.9:0.004 --vary h0=1:10:1 --probe Ball.impact
 * --jobs N`), run with 1 job and with JOBS jobs, interleaved, in the same process; prints the
 * median wall time of each, the ratio, and whether the two gave the same summaries.
 * Goal: with 2 jobs at most 0.6x the time of 1. On a machine shared with other work the ratio
 * is higher: it prints the CPU time each used, which stays the same when the cores are free.
 *
 *   ninja -C build && build/bench/bench-sweep [REPEATS [JOBS]]
 *
 * REPEATS interleaved pairs (default 3), JOBS the jobs of the parallel run (default 2). Run
 * from the source root.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "bench-median.h"
#include "hyco.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#define MODEL "models/bouncing-ball.xml"

static double
cpu_seconds (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return usage.ru_utime.tv_sec + usage.ru_stime.tv_sec
         + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1e-6;
}

/* One sweep with @jobs jobs: its wall time, the CPU time it used in @cpu, and the sweep (for
 * comparing the summaries) in @out. */
static double
run_sweep (guint jobs, double *cpu, HycoSweep **out)
{
  g_autoptr (GError) error = NULL;
  HycoSweep *sweep = hyco_sweep_new (MODEL);
  double wall, used;

  if (!hyco_sweep_add_vary (sweep, "e=0.5:0.9:0.004", &error)
      || !hyco_sweep_add_vary (sweep, "h0=1:10:1", &error))
    g_error ("bench-sweep: %s", error->message);
  hyco_sweep_add_probe (sweep, "Ball.impact");
  hyco_sweep_set_jobs (sweep, jobs);
  if (!hyco_sweep_plan (sweep, &error))
    g_error ("bench-sweep: %s", error->message);
  used = cpu_seconds ();
  wall = g_get_monotonic_time ();
  if (!hyco_sweep_run (sweep, NULL, &error))
    g_error ("bench-sweep: %s", error->message);
  wall = (g_get_monotonic_time () - wall) * 1e-6;
  *cpu = cpu_seconds () - used;
  *out = sweep;
  return wall;
}

static gboolean
same_summaries (HycoSweep *a, HycoSweep *b)
{
  g_auto (GStrv) names = hyco_sweep_list_summaries (a);
  guint runs = hyco_sweep_get_run_count (a);

  if (runs != hyco_sweep_get_run_count (b))
    return FALSE;
  for (guint run = 0; run < runs; run++)
    {
      if (hyco_sweep_get_status (a, run) != hyco_sweep_get_status (b, run))
        return FALSE;
      for (guint s = 0; names[s] != NULL; s++)
        {
          double x = hyco_sweep_get_summary (a, run, s), y = hyco_sweep_get_summary (b, run, s);
          /* Bit for bit; NaN (no event) equals NaN. */
          if (memcmp (&x, &y, sizeof x) != 0)
            return FALSE;
        }
    }
  return TRUE;
}

int
main (int argc, char **argv)
{
  guint repeats = argc > 1 ? (guint) atoi (argv[1]) : 3;
  guint jobs = argc > 2 ? (guint) atoi (argv[2]) : 2;
  g_autofree double *serial = NULL, *parallel = NULL;
  double serial_cpu = 0, parallel_cpu = 0;
  gboolean same = TRUE;
  guint runs = 0;

  if (repeats == 0 || jobs < 2)
    {
      fprintf (stderr, "usage: bench-sweep [REPEATS [JOBS]] (JOBS at least 2)\n");
      return 2;
    }
  hyco_init ();
  serial = g_new (double, repeats);
  parallel = g_new (double, repeats);
  for (guint i = 0; i < repeats; i++)
    {
      g_autoptr (HycoSweep) one = NULL, many = NULL;
      double cpu;

      serial[i] = run_sweep (1, &cpu, &one);
      serial_cpu += cpu / repeats;
      parallel[i] = run_sweep (jobs, &cpu, &many);
      parallel_cpu += cpu / repeats;
      same = same && same_summaries (one, many);
      runs = hyco_sweep_get_run_count (one);
    }
  printf ("Sweep: %s, %u runs, 1 job and %u jobs, %u interleaved repetitions (medians)\n", MODEL,
          runs, jobs, repeats);
  printf ("  1 job     %7.3f s wall  %7.3f s CPU\n", bench_median (serial, repeats), serial_cpu);
  printf ("  %u jobs    %7.3f s wall  %7.3f s CPU\n", jobs, bench_median (parallel, repeats),
          parallel_cpu);
  printf ("  ratio     %7.2f x the time of 1 job (goal with 2 jobs: at most 0.6)\n",
          bench_median (parallel, repeats) / bench_median (serial, repeats));
  printf ("  results   %s\n", same ? "the same summaries, bit for bit" : "DIFFERENT");
  return same ? 0 : 1;
}
