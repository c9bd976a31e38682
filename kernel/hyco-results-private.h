/* hyco-results-private.h: the sinks a model feeds while it runs; not installed.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "hyco-actor-private.h"

G_BEGIN_DECLS

/* A sink receives, after each firing of an actor, the output channels it knows about: the
 * model numbers every output channel once (its signal index) and names it as the trace does
 * (`Inner.Clock.output`, `Add.output[1]` for a channel of a multiport). Sinks are fed on the
 * run's thread, in tag order. */
typedef struct _HycoSink HycoSink;

typedef struct
{
  /* Called for every present value; and for absent ones too when @wants_absent is set.
   * @iteration counts the tags the top level executed before this one. */
  void (*write) (HycoSink *sink, guint index, const char *name, const HycoTag *tag,
                 guint64 iteration, const HycoSignal *signal);
  /* Ends the run (@tags: iterations of the top level, @end: the time reached); frees the sink. */
  gboolean (*close) (HycoSink *sink, guint64 tags, gint64 end, GError **error);
  gboolean wants_absent;
} HycoSinkClass;

struct _HycoSink
{
  const HycoSinkClass *klass;
};

/* The CSV trace (hyco-trace.c). */
HycoSink *_hyco_trace_sink_open (const char *path, int resolution, GError **error);

/* One recorded signal: a sample per tag at which its actor fired (structure of arrays, grown
 * by doubling: no allocation per event). */
typedef struct
{
  char *name;
  HycoValueType type; /* of the first present value; NONE until then */
  GArray *times;      /* gint64 ticks */
  GArray *microsteps; /* guint64 */
  GArray *values;     /* double; NaN when absent or not numeric */
  GArray *presence;   /* guint8 */
  GArray *gaps;       /* guint: samples whose actor did not fire at the tag before */
  guint64 n_present;
  gboolean present_at_zero;    /* present at some microstep 0: continuous from the left */
  guint64 first_present;       /* iteration of the first present value */
  guint64 last_iteration;      /* of the latest sample */
  guint64 n_continuing;        /* present samples right after a present sample's iteration */
  gboolean absent_after_first; /* absent at some sample after its first value */
  guint reserved;              /* samples the four columns have room for (hyco-results.c) */
} HycoResultsSignal;

HycoResultsSignal *_hyco_results_add_signal (HycoResults *self, const char *name);
void _hyco_results_set_unit (HycoResults *self, const char *signal, const char *unit);
HycoResultsSignal *_hyco_results_lookup (HycoResults *self, const char *name, GError **error);
GPtrArray *_hyco_results_get_signals (HycoResults *self);
HycoPlotStyle _hyco_results_signal_style (HycoResults *self, HycoResultsSignal *signal);
void _hyco_results_signal_points (HycoResults *self, HycoResultsSignal *signal, HycoPlotStyle style,
                                  GArray *times, GArray *values);

/* The in-memory results (hyco-results.c): every signal, or only those in @probes. */
HycoSink *_hyco_results_sink_new (HycoResults *results, const char *const *probes);
HycoResults *_hyco_results_new (int resolution);

G_END_DECLS
