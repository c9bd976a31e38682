/* bench-de-scale.c: the cost of a DE tag against the size of the model. A DiscreteClock drives
 * one Gain (two actors fire at each tag) beside idle chains of Gains that nothing triggers, for
 * models of 10, 10^3, 10^4 and 10^5 actors; prints the wall time per tag at each size and the
 * ratio of the largest to the smallest, which an event-driven director keeps near 1.
 *
 * The time per tag is the difference of two runs of different lengths over their difference in
 * tags, so what a run costs once (initializing every actor, wrapping up) is left out, in
 * processor time, so that other work on the machine is left out too (the median of REPEATS).
 *
 *   ninja -C build bench/bench-de-scale && build/bench/bench-de-scale [TICKS] [REPEATS] [SIZE]
 *
 * SIZE, if given, measures that one size alone (a director visiting every actor at every tag
 * needs far fewer TICKS at 10^5 than at 10).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco.h"

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#define IDLE_CHAIN 10

static HycoActor *
add_actor (HycoCompositeActor *top, const char *class_name, const char *name)
{
  HycoActor *actor = g_object_new (hyco_registry_lookup (class_name), "name", name, NULL);

  if (!hyco_composite_actor_add_actor (top, actor, NULL))
    g_error ("cannot add %s", name);
  g_object_unref (actor);
  return actor;
}

static void
connect (HycoCompositeActor *top, HycoActor *from, HycoActor *to)
{
  g_autoptr (GError) error = NULL;

  if (!hyco_composite_actor_connect_ports (top, hyco_actor_get_port (from, "output"),
                                           hyco_actor_get_port (to, "input"), &error))
    g_error ("%s", error->message);
}

/* Clock -> Gain, then @size - 2 Gains in chains of IDLE_CHAIN whose heads have no source. */
static HycoModel *
build_model (guint size)
{
  g_autoptr (HycoCompositeActor) top = hyco_composite_actor_new ("scale");
  g_autoptr (HycoDirector) director = hyco_de_director_new ();
  g_autoptr (GError) error = NULL;
  HycoActor *clock, *gain, *previous = NULL;

  hyco_composite_actor_set_director (top, director);
  clock = add_actor (top, "DiscreteClock", "Clock");
  if (!hyco_param_set_from_string (G_OBJECT (clock), "period", "0.001", &error))
    g_error ("%s", error->message);
  gain = add_actor (top, "Gain", "Gain");
  connect (top, clock, gain);
  for (guint i = 0; i + 2 < size; i++)
    {
      g_autofree char *name = g_strdup_printf ("Idle%u", i);
      HycoActor *idle = add_actor (top, "Gain", name);
      if (i % IDLE_CHAIN != 0)
        connect (top, previous, idle);
      previous = idle;
    }
  return hyco_model_new (top);
}

/* The processor time of this thread: on a machine others share, what the run itself cost. */
static double
cpu_seconds (void)
{
  struct timespec now;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &now);
  return (double) now.tv_sec + (double) now.tv_nsec * 1e-9;
}

/* Runs @ticks clock periods; returns the processor seconds of hyco_model_run(). */
static double
run (HycoModel *model, guint64 ticks)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *stop = g_strdup_printf ("%" G_GUINT64_FORMAT "e-3", ticks - 1);
  double start;

  if (!hyco_model_set_stop_time (model, stop, &error) || !hyco_model_prepare (model, &error))
    g_error ("%s", error->message);
  start = cpu_seconds ();
  if (!hyco_model_run (model, NULL, &error))
    g_error ("%s", error->message);
  if (hyco_model_get_firing_count (model) != 2 * ticks)
    g_error ("%" G_GUINT64_FORMAT " firings for %" G_GUINT64_FORMAT " ticks: expected two a tick",
             hyco_model_get_firing_count (model), ticks);
  return cpu_seconds () - start;
}

static int
compare_doubles (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

int
main (int argc, char **argv)
{
  guint64 ticks = argc > 1 ? g_ascii_strtoull (argv[1], NULL, 10) : 1000000;
  guint repeats = argc > 2 ? (guint) g_ascii_strtoull (argv[2], NULL, 10) : 5;
  guint sizes[] = { 10, 1000, 10000, 100000 };
  double per_tag[G_N_ELEMENTS (sizes)];
  guint n_sizes = G_N_ELEMENTS (sizes);

  hyco_init ();
  if (ticks < 20)
    ticks = 20;
  if (repeats < 1)
    repeats = 1;
  if (argc > 3)
    {
      sizes[0] = MAX (3, (guint) g_ascii_strtoull (argv[3], NULL, 10));
      n_sizes = 1;
    }
  printf ("DE tag with 2 firing actors (Clock -> Gain) among idle Gain chains; %" G_GUINT64_FORMAT
          " ticks, median of %u\n",
          ticks, repeats);
  for (guint s = 0; s < n_sizes; s++)
    {
      g_autoptr (HycoModel) model = build_model (sizes[s]);
      g_autofree double *samples = g_new (double, repeats);
      for (guint r = 0; r < repeats; r++)
        {
          double shorter = run (model, ticks / 10);
          double longer = run (model, ticks);
          samples[r] = MAX (0.0, longer - shorter) / (double) (ticks - ticks / 10);
        }
      qsort (samples, repeats, sizeof (double), compare_doubles);
      per_tag[s] = samples[repeats / 2];
      printf ("  N = %-7u %10.1f ns per tag\n", sizes[s], per_tag[s] * 1e9);
    }
  if (n_sizes == G_N_ELEMENTS (sizes))
    printf ("  ratio N = 1e5 / N = 10: %.2f (goal at most 3)\n", per_tag[n_sizes - 1] / per_tag[0]);
  return 0;
}
