/* hyco-sweep-private.h: what the sweep's files share: its fields; not installed.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "hyco-sweep.h"
#include "hyco-kernel.h"

G_BEGIN_DECLS

typedef enum
{
  HYCO_SWEEP_PARAM_LIST,
  HYCO_SWEEP_PARAM_RANGE,
  HYCO_SWEEP_PARAM_NORMAL,  /* low: mean, high: standard deviation */
  HYCO_SWEEP_PARAM_UNIFORM, /* between low and high */
} HycoSweepParamKind;

typedef struct
{
  char *name; /* as --set names it */
  char *spec; /* as the user wrote it, for messages */
  HycoSweepParamKind kind;
  double low, high, step;
  gboolean has_step;
  /* A list's or a stepped range's values, and the texts they are set as. */
  guint n_values;
  double *values;
  char **texts;
  guint *permutation; /* a Latin hypercube's stratum of each run */
} HycoSweepParam;

/* A summary the user wrote as an expression over a run's results (hyco_sweep_add_summary()). */
typedef struct
{
  char *name;
  char *text;
} HycoSweepExpr;

struct _HycoSweep
{
  GObject parent_instance;

  char *model_file;
  char *stop_time;
  GPtrArray *parameters;  /* HycoSweepParam */
  GPtrArray *assignments; /* name, text, name, text, ... */
  GPtrArray *probes;      /* signal names */
  GPtrArray *expressions; /* HycoSweepExpr, in the order added */
  HycoSweepDesign design;
  guint samples;
  guint32 seed;
  guint jobs;

  /* The plan: per run, per parameter, in run-major order. */
  gboolean planned;
  guint n_runs;
  double *values;
  char **texts;
  /* The results, each run's written only by the thread that runs it. */
  int *statuses;
  char **errors;
  double *summaries; /* per run: per probe, the summary kinds; then each expression's value */
  /* The names the expressions see, a tree of dotted names (SweepBinding), built by the plan
   * when there are expressions; and whether a run keeps its probed signals' values for them. */
  GPtrArray *bindings;
  gboolean expressions_use_arrays;
  gint finished, failed;
  int mpi_rank; /* this process's rank in the last sweep under mpirun, else 0 */
};

/* What the MPI part (sweep/mpi/, a module loaded only under mpirun) is given besides the
 * public API, which is all it links: a way to record a run that another rank ran. */
typedef struct
{
  void (*store) (HycoSweep *self, guint run, int status, const char *error,
                 const double *summaries);
} HycoSweepMpiHooks;

/* The module's one entry point, "hyco_sweep_mpi_run": runs the sweep over the MPI ranks, the
 * results gathered on rank 0; sets @rank. */
typedef gboolean (*HycoSweepMpiRun) (HycoSweep *self, GCancellable *cancellable,
                                     const HycoSweepMpiHooks *hooks, int *rank, GError **error);

G_END_DECLS
