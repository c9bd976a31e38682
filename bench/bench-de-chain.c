/* bench-de-chain.c: DE throughput. A DiscreteClock drives a chain of 100 Gain actors for
 * 10^6 clock ticks; prints actor firings per second against the goal of 5 x 10^7/s, the time
 * per tick against a plain C loop doing the same arithmetic and against a bare event loop doing
 * the same work (a binary heap of events, each firing popping one and pushing the next), peak
 * memory, and heap allocations per tick in steady state (counted by interposing malloc).
 *
 *   ninja -C build bench/bench-de-chain && build/bench/bench-de-chain [TICKS] [CHAIN]
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco.h"

#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>

/* Every allocation of the process goes through these, including GLib's. */
extern void *__libc_malloc (size_t size);
extern void *__libc_calloc (size_t n, size_t size);
extern void *__libc_realloc (void *ptr, size_t size);
extern void __libc_free (void *ptr);

static volatile guint64 allocations;

void *malloc (size_t size);
void *calloc (size_t n, size_t size);
void *realloc (void *ptr, size_t size);
void free (void *ptr);

void *
malloc (size_t size)
{
  allocations++;
  return __libc_malloc (size);
}

void *
calloc (size_t n, size_t size)
{
  allocations++;
  return __libc_calloc (n, size);
}

void *
realloc (void *ptr, size_t size)
{
  allocations++;
  return __libc_realloc (ptr, size);
}

void
free (void *ptr)
{
  __libc_free (ptr);
}

#define PERIOD "0.001"

/* Processor time of this thread, in microseconds: on a machine others share, what the work
 * itself cost, where wall time would count their work too. */
static gint64
cpu_time (void)
{
  struct timespec now;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &now);
  return (gint64) now.tv_sec * G_USEC_PER_SEC + now.tv_nsec / 1000;
}

static HycoActor *
add_actor (HycoCompositeActor *top, const char *class_name, const char *name)
{
  HycoActor *actor = g_object_new (hyco_registry_lookup (class_name), "name", name, NULL);

  if (!hyco_composite_actor_add_actor (top, actor, NULL))
    g_error ("cannot add %s", name);
  g_object_unref (actor);
  return actor;
}

static HycoModel *
build_chain (guint chain)
{
  g_autoptr (HycoCompositeActor) top = hyco_composite_actor_new ("chain");
  g_autoptr (HycoDirector) director = hyco_de_director_new ();
  HycoActor *previous;
  g_autoptr (GError) error = NULL;

  hyco_composite_actor_set_director (top, director);
  previous = add_actor (top, "DiscreteClock", "Clock");
  hyco_param_set_from_string (G_OBJECT (previous), "period", PERIOD, &error);
  g_assert_no_error (error);
  for (guint i = 0; i < chain; i++)
    {
      g_autofree char *name = g_strdup_printf ("Gain%u", i);
      HycoActor *gain = add_actor (top, "Gain", name);
      hyco_param_set_from_string (G_OBJECT (gain), "factor", "1.0000001", &error);
      if (!hyco_composite_actor_connect_ports (top, hyco_actor_get_port (previous, "output"),
                                               hyco_actor_get_port (gain, "input"), &error))
        g_error ("%s", error->message);
      previous = gain;
    }
  return hyco_model_new (top);
}

/* Runs ticks clock periods; returns wall seconds and the allocations made by the run. */
static double
run (HycoModel *model, guint64 ticks, guint64 *allocated)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *stop = g_strdup_printf ("%" G_GUINT64_FORMAT "e-3", ticks - 1);
  gint64 start;
  guint64 before;

  if (!hyco_model_set_stop_time (model, stop, &error) || !hyco_model_prepare (model, &error))
    g_error ("%s", error->message);
  before = allocations;
  start = cpu_time ();
  if (!hyco_model_run (model, NULL, &error))
    g_error ("%s", error->message);
  *allocated = allocations - before;
  return (double) (cpu_time () - start) / G_USEC_PER_SEC;
}

/* The same arithmetic with no framework: what a hand-written simulation would cost. */
static double
direct_baseline (guint64 ticks, guint chain)
{
  volatile double sink = 0;
  gint64 start = cpu_time ();

  for (guint64 t = 0; t < ticks; t++)
    {
      double x = 1.0;
      for (guint i = 0; i < chain; i++)
        x *= 1.0000001;
      sink += x;
    }
  (void) sink;
  return (double) (cpu_time () - start) / G_USEC_PER_SEC;
}

/* The same work as a minimal discrete-event simulator written by hand: events (tag, actor,
 * value) in a binary min-heap ordered by tag then actor; the clock's event pushes its next one
 * and one for the first Gain; each Gain's event pushes one for the next at the same tag. What
 * a framework firing only triggered actors cannot do with less. */
typedef struct
{
  gint64 time;
  guint64 microstep;
  guint actor;
  double value;
} BareEvent;

static inline gboolean
bare_before (const BareEvent *a, const BareEvent *b)
{
  if (a->time != b->time)
    return a->time < b->time;
  if (a->microstep != b->microstep)
    return a->microstep < b->microstep;
  return a->actor < b->actor;
}

/* Forced inline: GCC otherwise keeps the push a call, and the baseline would be slower than a
 * hand-written loop is. */
G_ALWAYS_INLINE static inline void
bare_push (BareEvent *heap, guint *n, BareEvent event)
{
  guint i = (*n)++;

  while (i > 0 && bare_before (&event, &heap[(i - 1) / 2]))
    {
      heap[i] = heap[(i - 1) / 2];
      i = (i - 1) / 2;
    }
  heap[i] = event;
}

G_ALWAYS_INLINE static inline BareEvent
bare_pop (BareEvent *heap, guint *n)
{
  BareEvent top = heap[0], last = heap[--*n];
  guint i = 0;

  for (;;)
    {
      guint child = 2 * i + 1;
      if (child >= *n)
        break;
      if (child + 1 < *n && bare_before (&heap[child + 1], &heap[child]))
        child++;
      if (!bare_before (&heap[child], &last))
        break;
      heap[i] = heap[child];
      i = child;
    }
  heap[i] = last;
  return top;
}

static double
heap_baseline (guint64 ticks, guint chain)
{
  BareEvent heap[8];
  guint n = 0;
  volatile double sink = 0;
  const gint64 period = 1000000; /* 1 ms in ns */
  gint64 start = cpu_time ();

  bare_push (heap, &n, (BareEvent) { 0, 1, 0, 1.0 });
  while (n > 0)
    {
      BareEvent event = bare_pop (heap, &n);
      if (event.actor == 0)
        {
          if (event.time / period + 1 < (gint64) ticks)
            bare_push (heap, &n, (BareEvent) { event.time + period, 1, 0, 1.0 });
          bare_push (heap, &n, (BareEvent) { event.time, event.microstep, 1, event.value });
        }
      else if (event.actor < chain)
        bare_push (heap, &n,
                   (BareEvent) { event.time, event.microstep, event.actor + 1,
                                 event.value * 1.0000001 });
      else
        sink += event.value * 1.0000001;
    }
  (void) sink;
  return (double) (cpu_time () - start) / G_USEC_PER_SEC;
}

int
main (int argc, char **argv)
{
  guint64 ticks = argc > 1 ? g_ascii_strtoull (argv[1], NULL, 10) : 1000000;
  guint chain = argc > 2 ? (guint) g_ascii_strtoull (argv[2], NULL, 10) : 100;
  g_autoptr (HycoModel) model = NULL;
  guint64 firings, small_allocs, large_allocs;
  double seconds, baseline, heap_loop, rate;
  struct rusage usage;

  hyco_init ();
  if (ticks < 20)
    ticks = 20;
  model = build_chain (chain);
  /* Allocations that grow with the run are per-event allocations: compare two lengths. */
  run (model, ticks / 10, &small_allocs);
  seconds = run (model, ticks, &large_allocs);
  firings = hyco_model_get_firing_count (model);
  baseline = direct_baseline (ticks, chain);
  heap_loop = heap_baseline (ticks, chain);
  rate = (double) firings / seconds;
  getrusage (RUSAGE_SELF, &usage);

  printf ("DE chain: DiscreteClock -> %u x Gain, %" G_GUINT64_FORMAT " ticks\n", chain, ticks);
  printf ("  firings            %" G_GUINT64_FORMAT " in %.3f s\n", firings, seconds);
  printf ("  firings per second %.3g (goal 5e7: ratio %.2f)\n", rate, rate / 5e7);
  printf ("  per tick           %.1f ns (plain C loop %.1f ns: ratio %.1f)\n",
          seconds * 1e9 / (double) ticks, baseline * 1e9 / (double) ticks, seconds / baseline);
  printf ("  bare heap loop     %.1f ns per tick: ratio %.2f (goal at most 1.6)\n",
          heap_loop * 1e9 / (double) ticks, seconds / heap_loop);
  printf ("  peak memory        %.1f MiB (max RSS)\n", usage.ru_maxrss / 1024.0);
  printf (
    "  heap allocations   %" G_GUINT64_FORMAT " for %" G_GUINT64_FORMAT " ticks, %" G_GUINT64_FORMAT
    " for %" G_GUINT64_FORMAT ": %.4f per tick in steady state\n",
    small_allocs, ticks / 10, large_allocs, ticks,
    MAX (0.0, ((double) large_allocs - (double) small_allocs) / (double) (ticks - ticks / 10)));
  return 0;
}
