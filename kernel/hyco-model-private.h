/* hyco-model-private.h: the model's run, shared by the synchronous and asynchronous forms,
 * what directors report to it (events, counters, stop requests), its trace and its files; not
 * installed.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "hyco-kernel.h"

G_BEGIN_DECLS

/* Model internals. */
void _hyco_model_trace_outputs (HycoModel *self, HycoActor *actor, const HycoTag *tag);
gboolean _hyco_model_has_trace (HycoModel *self);
void _hyco_model_request_stop (HycoModel *self, HycoActor *actor, const char *reason);
void _hyco_model_add_events (HycoModel *self, guint64 events);

/* A named counter a director adds to the model's statistics (hyco_model_get_statistics()),
 * such as "steps" or "rollbacks": look it up once (at initialize), then add to it from the
 * run's thread. It is reset at the start of each run and lives as long as the model. */
typedef struct _HycoModelCounter HycoModelCounter;
HycoModelCounter *_hyco_model_get_counter (HycoModel *self, const char *name);
void _hyco_model_counter_add (HycoModelCounter *counter, guint64 amount);

typedef struct _HycoTrace HycoTrace;
HycoTrace *_hyco_trace_open (const char *path, int resolution, GError **error);
void _hyco_trace_write (HycoTrace *self, const char *signal, const HycoTag *tag,
                        const HycoValue *value);
gboolean _hyco_trace_close (HycoTrace *self, GError **error);

/* Model files. */
HycoCompositeActor *_hyco_model_file_load (const char *data, gssize length, const char *source_name,
                                           GError **error);
char *_hyco_model_file_save (HycoCompositeActor *toplevel);

/* A model runs once at a time: begin fails with G_IO_ERROR_PENDING while a run is going on. */
gboolean _hyco_model_begin_run (HycoModel *self, GError **error);
void _hyco_model_end_run (HycoModel *self);
/* The run between the two, on whichever thread runs it. */
gboolean _hyco_model_run_started (HycoModel *self, GCancellable *cancellable, GError **error);

/* Installs the signals of the asynchronous run (hyco-model-async.c). */
void _hyco_model_class_init_async (GObjectClass *klass);

G_END_DECLS
