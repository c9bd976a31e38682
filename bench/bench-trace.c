/* bench-trace.c: what the CSV trace costs. A DiscreteClock drives a chain of Gains; the run is
 * timed with and without a trace, and the difference (the trace's cost) is compared with a
 * plain fprintf loop writing the same rows (read back from the trace: name, time, microstep,
 * value as numbers) to a file on the same disk. Goal: the trace within 1.3x of that loop.
 * Each figure is the fastest of REPEATS runs, the three in turn.
 *
 *   ninja -C build && build/bench/bench-trace [TICKS] [CHAIN]
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco.h"

#include <glib/gstdio.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define PERIOD "0.001"
#define REPEATS 5

typedef struct
{
  guint signal;
  double time;
  guint64 microstep;
  double value;
} Row;

static HycoModel *
chain_model (guint ticks, guint length)
{
  g_autoptr (HycoCompositeActor) top = hyco_composite_actor_new ("chain");
  g_autoptr (HycoDirector) director = hyco_de_director_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *stop = g_strdup_printf ("%g", (ticks - 0.5) * g_ascii_strtod (PERIOD, NULL));
  HycoActor *previous = g_object_new (hyco_registry_lookup ("DiscreteClock"), "name", "Clock",
                                      NULL);
  HycoModel *model;

  hyco_composite_actor_set_director (top, director);
  hyco_composite_actor_add_actor (top, previous, NULL);
  g_object_unref (previous);
  if (!hyco_param_set_from_string (G_OBJECT (previous), "period", PERIOD, &error))
    g_error ("%s", error->message);
  for (guint i = 0; i < length; i++)
    {
      g_autofree char *name = g_strdup_printf ("Gain%u", i);
      HycoActor *gain = g_object_new (hyco_registry_lookup ("Gain"), "name", name, NULL);

      hyco_composite_actor_add_actor (top, gain, NULL);
      g_object_unref (gain);
      if (!hyco_param_set_from_string (G_OBJECT (gain), "factor", "1.0000001", &error)
          || !hyco_composite_actor_connect_ports (top, hyco_actor_get_port (previous, "output"),
                                                  hyco_actor_get_port (gain, "input"), &error))
        g_error ("%s", error->message);
      previous = gain;
    }
  model = hyco_model_new (top);
  if (!hyco_model_set_stop_time (model, stop, &error))
    g_error ("%s", error->message);
  return model;
}

static double
run (guint ticks, guint length, const char *trace)
{
  g_autoptr (HycoModel) model = chain_model (ticks, length);
  g_autoptr (GError) error = NULL;
  gint64 start;

  if ((trace != NULL && !hyco_model_set_trace_file (model, trace, &error))
      || !hyco_model_prepare (model, &error))
    g_error ("%s", error->message);
  start = g_get_monotonic_time ();
  if (!hyco_model_run (model, NULL, &error))
    g_error ("%s", error->message);
  return (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC;
}

/* The trace's rows as numbers, and its signal names. */
static GArray *
read_rows (const char *path, GPtrArray *names)
{
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  g_autoptr (GHashTable) index = g_hash_table_new (g_str_hash, g_str_equal);
  GArray *rows = g_array_new (FALSE, FALSE, sizeof (Row));

  if (!g_file_get_contents (path, &text, NULL, NULL))
    g_error ("cannot read %s", path);
  lines = g_strsplit (text, "\n", -1);
  for (guint i = 1; lines[i] != NULL && lines[i][0] != '\0'; i++)
    {
      g_auto (GStrv) fields = g_strsplit (lines[i], ",", 4);
      gpointer found;
      Row row;

      if (!g_hash_table_lookup_extended (index, fields[0], NULL, &found))
        {
          found = GUINT_TO_POINTER (names->len);
          g_ptr_array_add (names, g_strdup (fields[0]));
          g_hash_table_insert (index, names->pdata[names->len - 1], found);
        }
      row.signal = GPOINTER_TO_UINT (found);
      row.time = g_ascii_strtod (fields[1], NULL);
      row.microstep = g_ascii_strtoull (fields[2], NULL, 10);
      row.value = g_ascii_strtod (fields[3], NULL);
      g_array_append_val (rows, row);
    }
  return rows;
}

/* The baseline: the same rows with one fprintf each. */
static double
write_rows (GArray *rows, GPtrArray *names, const char *path, gsize *bytes)
{
  gint64 start = g_get_monotonic_time ();
  FILE *file = fopen (path, "w");

  fputs ("signal,time,microstep,value\n", file);
  for (guint i = 0; i < rows->len; i++)
    {
      const Row *row = &g_array_index (rows, Row, i);
      fprintf (file, "%s,%.10g,%" G_GUINT64_FORMAT ",%.17g\n",
               (const char *) names->pdata[row->signal], row->time, row->microstep, row->value);
    }
  fflush (file);
  fsync (fileno (file));
  fclose (file);
  *bytes = 0;
  {
    GStatBuf info;
    if (g_stat (path, &info) == 0)
      *bytes = (gsize) info.st_size;
  }
  return (double) (g_get_monotonic_time () - start) / G_USEC_PER_SEC;
}

int
main (int argc, char **argv)
{
  guint ticks = argc > 1 ? (guint) atoi (argv[1]) : 100000;
  guint length = argc > 2 ? (guint) atoi (argv[2]) : 10;
  g_autofree char *directory = g_dir_make_tmp ("bench-trace-XXXXXX", NULL);
  g_autofree char *trace = g_build_filename (directory, "trace.csv", NULL);
  g_autofree char *plain = g_build_filename (directory, "plain.csv", NULL);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GArray) rows = NULL;
  double without = G_MAXDOUBLE, with = G_MAXDOUBLE, baseline = G_MAXDOUBLE;
  gsize trace_bytes = 0, plain_bytes = 0;
  GStatBuf info;

  hyco_init ();
  run (ticks, length, trace);
  rows = read_rows (trace, names);
  for (int i = 0; i < REPEATS; i++)
    {
      without = fmin (without, run (ticks, length, NULL));
      with = fmin (with, run (ticks, length, trace));
      baseline = fmin (baseline, write_rows (rows, names, plain, &plain_bytes));
    }
  if (g_stat (trace, &info) == 0)
    trace_bytes = (gsize) info.st_size;
  printf ("Trace of %u ticks through %u Gains: %u rows, %.1f MB (fprintf loop: %.1f MB)\n", ticks,
          length, rows->len, trace_bytes / 1e6, plain_bytes / 1e6);
  printf ("  run without trace  %.3f s\n", without);
  printf ("  run with trace     %.3f s: the trace costs %.3f s, %.0f ns a row\n", with,
          with - without, (with - without) / rows->len * 1e9);
  printf ("  fprintf loop       %.3f s, %.0f ns a row\n", baseline, baseline / rows->len * 1e9);
  printf ("  ratio   %.2f x the fprintf loop (goal: 1.3)\n", (with - without) / baseline);
  g_unlink (trace);
  g_unlink (plain);
  g_rmdir (directory);
  return 0;
}
