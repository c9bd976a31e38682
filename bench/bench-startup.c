/* bench-startup.c: what a hyco command costs besides its work, spawned as a user runs it.
 *
 * Start-up (the default): `hyco run models/zero-delay-feedback.xml --stop-time 3`, a small
 * model that runs in well under a millisecond, spawned N times (posix_spawn, output to
 * /dev/null), interleaved with spawning /bin/true the same way: the median wall time per start
 * of each, hyco's less the baseline's, and the ratio. Goal: hyco under 10 ms. The result
 * formats' libraries (libmatio, PLplot, HDF5) are loaded only to write their files, so they do
 * not count here (results/hyco-format-module-private.h).
 *
 * Results ("results"): `hyco fmu run vanderpol.fmu -t 1000 --step 0.001`, 10^6 steps of the
 * Van der Pol test FMU, with and without `--results FILE.mat` (66 MB), interleaved: the median
 * wall time and the median CPU time (user and system, of the process) of each, and the ratios.
 * Goal: --results adds at most 50%. And the floor of what --results adds, measured the same
 * way in this process: as many bytes as the file has, written into fresh memory (as recording
 * does) and then to a file (write, fsync, rename, as hyco writes its outputs); on a machine
 * where a page fault or a page of the page cache costs much, that floor alone can exceed the
 * goal.
 *
 *   ninja -C build && build/bench/bench-startup [N]
 *   build/bench/bench-startup results [N]
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "bench-median.h"

#include <glib.h>
#include <glib/gstdio.h>

#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

typedef struct
{
  double wall; /* seconds */
  double cpu;  /* user and system, seconds */
} Cost;

static double
now (void)
{
  struct timespec t;

  clock_gettime (CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

/* Runs @argv with its output to /dev/null; exits the bench if it fails. */
static Cost
spawn (char *const *argv)
{
  posix_spawn_file_actions_t actions;
  struct rusage usage;
  Cost cost;
  double start;
  int status;
  pid_t pid;

  posix_spawn_file_actions_init (&actions);
  posix_spawn_file_actions_addopen (&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  start = now ();
  if (posix_spawn (&pid, argv[0], &actions, NULL, argv, environ) != 0)
    {
      fprintf (stderr, "bench-startup: cannot run %s\n", argv[0]);
      exit (1);
    }
  if (wait4 (pid, &status, 0, &usage) != pid || !WIFEXITED (status) || WEXITSTATUS (status) != 0)
    {
      fprintf (stderr, "bench-startup: %s failed\n", argv[0]);
      exit (1);
    }
  cost.wall = now () - start;
  cost.cpu = usage.ru_utime.tv_sec + usage.ru_utime.tv_usec * 1e-6 + usage.ru_stime.tv_sec
             + usage.ru_stime.tv_usec * 1e-6;
  posix_spawn_file_actions_destroy (&actions);
  return cost;
}

static void
startup (guint n)
{
  char *hyco[] = { HYCO_EXE,      "run", HYCO_SOURCE_ROOT "/models/zero-delay-feedback.xml",
                   "--stop-time", "3",   NULL };
  char *baseline[] = { "/bin/true", NULL };
  g_autofree double *hyco_wall = g_new (double, n);
  g_autofree double *hyco_cpu = g_new (double, n);
  g_autofree double *true_wall = g_new (double, n);
  g_autofree double *true_cpu = g_new (double, n);
  double h, t, hc, tc;

  /* Once each first: the files in the page cache, as for a user's second command. */
  spawn (hyco);
  spawn (baseline);
  for (guint i = 0; i < n; i++)
    {
      Cost cost = spawn (hyco);
      hyco_wall[i] = cost.wall;
      hyco_cpu[i] = cost.cpu;
      cost = spawn (baseline);
      true_wall[i] = cost.wall;
      true_cpu[i] = cost.cpu;
    }
  h = bench_median (hyco_wall, n);
  t = bench_median (true_wall, n);
  hc = bench_median (hyco_cpu, n);
  tc = bench_median (true_cpu, n);
  printf ("Start-up: hyco run models/zero-delay-feedback.xml --stop-time 3, %u starts "
          "interleaved with /bin/true (medians)\n",
          n);
  printf ("                wall         CPU (user and system)\n");
  printf ("  hyco run      %7.2f ms   %7.2f ms\n", h * 1e3, hc * 1e3);
  printf ("  /bin/true     %7.2f ms   %7.2f ms\n", t * 1e3, tc * 1e3);
  printf ("  hyco's own    %7.2f ms   %7.2f ms (hyco less /bin/true)\n", (h - t) * 1e3,
          (hc - tc) * 1e3);
  printf ("  ratio         %7.2f x    %7.2f x /bin/true (goal: hyco under 10 ms wall)\n", h / t,
          tc > 0 ? hc / tc : 0.0);
}

static double
cpu_now (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return usage.ru_utime.tv_sec + usage.ru_utime.tv_usec * 1e-6 + usage.ru_stime.tv_sec
         + usage.ru_stime.tv_usec * 1e-6;
}

/* @size bytes written into fresh memory, then to a file beside @path that replaces it. */
static Cost
floor_of_writing (const char *path, gsize size)
{
  g_autofree char *temporary = g_strconcat (path, ".tmp", NULL);
  double start = now (), cpu = cpu_now ();
  guint8 *bytes = g_malloc (size);
  const gsize block = 8 << 20;
  gboolean failed = FALSE;
  Cost cost;
  int fd;

  for (gsize i = 0; i < size; i++)
    bytes[i] = (guint8) i;
  fd = open (temporary, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  for (gsize done = 0; fd >= 0 && done < size; done += block)
    if (write (fd, bytes + done, MIN (block, size - done)) != (gssize) MIN (block, size - done))
      failed = TRUE;
  if (fd < 0 || failed || fsync (fd) != 0 || close (fd) != 0 || g_rename (temporary, path) != 0)
    {
      fprintf (stderr, "bench-startup: cannot write %s\n", temporary);
      exit (1);
    }
  g_free (bytes);
  cost.wall = now () - start;
  cost.cpu = cpu_now () - cpu;
  return cost;
}

static void
results (guint n)
{
  g_autofree char *dir = g_dir_make_tmp ("hyco-bench-startup-XXXXXX", NULL);
  g_autofree char *mat = g_build_filename (dir, "r.mat", NULL);
  char *plain[] = { HYCO_EXE, "fmu",  "run",    HYCO_BUILD_ROOT "/tests/fmus/vanderpol.fmu",
                    "-t",     "1000", "--step", "0.001",
                    "-q",     NULL,   NULL,     NULL };
  char *with[G_N_ELEMENTS (plain)];
  g_autofree double *plain_wall = g_new (double, n);
  g_autofree double *plain_cpu = g_new (double, n);
  g_autofree double *with_wall = g_new (double, n);
  g_autofree double *with_cpu = g_new (double, n);
  g_autofree double *floor_wall = g_new (double, n);
  g_autofree double *floor_cpu = g_new (double, n);
  double pw, pc, ww, wc, fw, fc;
  GStatBuf st;

  memcpy (with, plain, sizeof plain);
  with[9] = "--results";
  with[10] = mat;
  for (guint i = 0; i < n; i++)
    {
      Cost cost = spawn (plain);
      plain_wall[i] = cost.wall;
      plain_cpu[i] = cost.cpu;
      cost = spawn (with);
      with_wall[i] = cost.wall;
      with_cpu[i] = cost.cpu;
      if (g_stat (mat, &st) != 0)
        st.st_size = 0;
      cost = floor_of_writing (mat, st.st_size);
      floor_wall[i] = cost.wall;
      floor_cpu[i] = cost.cpu;
    }
  pw = bench_median (plain_wall, n);
  pc = bench_median (plain_cpu, n);
  ww = bench_median (with_wall, n);
  wc = bench_median (with_cpu, n);
  fw = bench_median (floor_wall, n);
  fc = bench_median (floor_cpu, n);
  printf ("Results: hyco fmu run vanderpol.fmu -t 1000 --step 0.001 (10^6 steps), with and "
          "without --results (%.1f MB), %u runs each, interleaved (medians)\n",
          st.st_size / 1e6, n);
  printf ("                      wall        CPU (user and system)\n");
  printf ("  without --results   %7.3f s   %7.3f s\n", pw, pc);
  printf ("  with --results      %7.3f s   %7.3f s\n", ww, wc);
  printf ("  ratio               %7.2f x   %7.2f x (goal: 1.5)\n", ww / pw, wc / pc);
  printf ("  --results adds      %7.3f s   %7.3f s\n", ww - pw, wc - pc);
  printf ("  floor: the file's bytes into fresh memory, then written, fsync'd and renamed\n");
  printf ("                      %7.3f s   %7.3f s: --results adds %.2f x (wall), %.2f x (CPU) "
          "that\n",
          fw, fc, (ww - pw) / fw, fc > 0 ? (wc - pc) / fc : 0.0);
  printf ("  without --results plus the floor: %.2f x (wall), %.2f x (CPU) the run without\n",
          (pw + fw) / pw, (pc + fc) / pc);
  g_unlink (mat);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  gboolean results_mode = argc > 1 && g_str_equal (argv[1], "results");
  const char *count = argv[results_mode ? 2 : 1];
  guint n = argc > (results_mode ? 2 : 1) ? (guint) atoi (count) : (results_mode ? 5 : 50);

  if (n == 0)
    {
      fprintf (stderr, "usage: bench-startup [N] | bench-startup results [N]\n");
      return 2;
    }
  if (results_mode)
    results (n);
  else
    startup (n);
  return 0;
}
