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

struct _HycoSweep
{
  GObject parent_instance;

  char *model_file;
  char *stop_time;
  GPtrArray *parameters;  /* HycoSweepParam */
  GPtrArray *assignments; /* name, text, name, text, ... */
  GPtrArray *probes;      /* signal names */
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
  double *summaries; /* per run, per probe, the summary kinds */
  gint finished, failed;
};

G_END_DECLS
