/* hyco-sweep-mpi.c: a sweep spread over the ranks of an MPI job (Open MPI), loaded by the
 * sweep only in a process mpirun started: rank 0 hands out run indices on request and gathers
 * the results; every rank, rank 0 included, runs one run at a time. Each rank plans the same
 * run list from the same arguments, so only indices and results travel.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-sweep-private.h"

#include <mpi.h>
#include <string.h>

enum
{
  TAG_RESULT = 1, /* a rank's result (or first request) to rank 0 */
  TAG_RUN = 2,    /* rank 0's answer: the next run, or -1 */
};

G_MODULE_EXPORT gboolean hyco_sweep_mpi_run (HycoSweep *self, GCancellable *cancellable,
                                             const HycoSweepMpiHooks *hooks, int *rank,
                                             GError **error);

/* A result as it travels: the run (-1 for a rank's first request), its status, its summary
 * values, and its error message with its final NUL. */
static GByteArray *
pack_result (HycoSweep *sweep, gint32 run, guint n_summaries)
{
  GByteArray *buffer = g_byte_array_new ();
  gint32 status = run >= 0 ? hyco_sweep_get_status (sweep, run) : 0;
  const char *message = run >= 0 ? hyco_sweep_get_error_message (sweep, run) : NULL;

  g_byte_array_append (buffer, (const guint8 *) &run, sizeof run);
  g_byte_array_append (buffer, (const guint8 *) &status, sizeof status);
  for (guint s = 0; run >= 0 && s < n_summaries; s++)
    {
      double value = hyco_sweep_get_summary (sweep, run, s);
      g_byte_array_append (buffer, (const guint8 *) &value, sizeof value);
    }
  if (message == NULL)
    message = "";
  g_byte_array_append (buffer, (const guint8 *) message, strlen (message) + 1);
  return buffer;
}

static void
store_packed (HycoSweep *sweep, const HycoSweepMpiHooks *hooks, const guint8 *data, gsize length,
              guint n_summaries)
{
  gint32 run, status;
  g_autofree double *summaries = g_new0 (double, MAX (n_summaries, 1));
  gsize header = 2 * sizeof (gint32) + n_summaries * sizeof (double);

  memcpy (&run, data, sizeof run);
  if (run < 0)
    return;
  g_return_if_fail (length > header && data[length - 1] == '\0');
  memcpy (&status, data + sizeof run, sizeof status);
  memcpy (summaries, data + 2 * sizeof (gint32), n_summaries * sizeof (double));
  hooks->store (sweep, (guint) run, status, (const char *) data + header, summaries);
}

typedef struct
{
  HycoSweep *sweep;
  GCancellable *cancellable;
  gint next; /* the next run to hand out, to another rank or to rank 0's own thread */
} Shared;

/* The next run, or -1 when there is none left or the sweep is cancelled. */
static gint32
take_run (Shared *shared)
{
  gint run;

  if (g_cancellable_is_cancelled (shared->cancellable))
    return -1;
  run = g_atomic_int_add (&shared->next, 1);
  return run < (gint) hyco_sweep_get_run_count (shared->sweep) ? run : -1;
}

/* Rank 0's own runs, on a thread, while the main one answers the other ranks (only it calls
 * MPI). */
static gpointer
local_runs (gpointer data)
{
  Shared *shared = data;
  gint32 run;

  while ((run = take_run (shared)) >= 0)
    {
      g_debug ("MPI rank 0: run %d", run);
      hyco_sweep_run_one (shared->sweep, (guint) run, shared->cancellable);
    }
  return NULL;
}

static void
serve (Shared *shared, const HycoSweepMpiHooks *hooks, int size, guint n_summaries)
{
  GThread *local = g_thread_new ("hyco-sweep-local", local_runs, shared);
  int active = size - 1;

  while (active > 0)
    {
      MPI_Status status;
      int count;
      g_autofree guint8 *data = NULL;
      gint32 next;

      MPI_Probe (MPI_ANY_SOURCE, TAG_RESULT, MPI_COMM_WORLD, &status);
      MPI_Get_count (&status, MPI_BYTE, &count);
      data = g_malloc (MAX (count, 1));
      MPI_Recv (data, count, MPI_BYTE, status.MPI_SOURCE, TAG_RESULT, MPI_COMM_WORLD,
                MPI_STATUS_IGNORE);
      if (count >= (int) (2 * sizeof (gint32) + 1))
        store_packed (shared->sweep, hooks, data, (gsize) count, n_summaries);
      next = take_run (shared);
      MPI_Send (&next, 1, MPI_INT32_T, status.MPI_SOURCE, TAG_RUN, MPI_COMM_WORLD);
      if (next < 0)
        active--;
    }
  g_thread_join (local);
}

static void
work (HycoSweep *sweep, GCancellable *cancellable, guint n_summaries, int rank)
{
  gint32 run = -1;

  for (;;)
    {
      g_autoptr (GByteArray) result = pack_result (sweep, run, n_summaries);

      MPI_Send (result->data, (int) result->len, MPI_BYTE, 0, TAG_RESULT, MPI_COMM_WORLD);
      MPI_Recv (&run, 1, MPI_INT32_T, 0, TAG_RUN, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
      if (run < 0)
        break;
      g_debug ("MPI rank %d: run %d", rank, run);
      hyco_sweep_run_one (sweep, (guint) run, cancellable);
    }
}

G_MODULE_EXPORT gboolean
hyco_sweep_mpi_run (HycoSweep *self, GCancellable *cancellable, const HycoSweepMpiHooks *hooks,
                    int *rank, GError **error)
{
  g_auto (GStrv) summaries = hyco_sweep_list_summaries (self);
  guint n_summaries = g_strv_length (summaries);
  Shared shared = { self, cancellable, 0 };
  int initialized, provided, size;

  /* Only the thread that initializes MPI calls it (the sweep's thread): serialized is enough,
   * and the same thread finalizes it, as the standard asks. */
  MPI_Initialized (&initialized);
  if (initialized)
    {
      g_set_error (error, HYCO_SWEEP_ERROR, HYCO_SWEEP_ERROR_MPI,
                   "MPI runs one sweep per process: start another mpirun for the next");
      return FALSE;
    }
  MPI_Init_thread (NULL, NULL, MPI_THREAD_SERIALIZED, &provided);
  MPI_Comm_rank (MPI_COMM_WORLD, rank);
  MPI_Comm_size (MPI_COMM_WORLD, &size);
  if (*rank == 0)
    serve (&shared, hooks, size, n_summaries);
  else
    work (self, cancellable, n_summaries, *rank);
  MPI_Barrier (MPI_COMM_WORLD);
  MPI_Finalize ();
  return TRUE;
}
