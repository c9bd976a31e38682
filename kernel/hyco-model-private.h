/* hyco-model-private.h: the model's run, shared by the synchronous and asynchronous forms; not
 * installed.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "hyco-private.h"

G_BEGIN_DECLS

/* A model runs once at a time: begin fails with G_IO_ERROR_PENDING while a run is going on. */
gboolean _hyco_model_begin_run (HycoModel *self, GError **error);
void _hyco_model_end_run (HycoModel *self);
/* The run between the two, on whichever thread runs it. */
gboolean _hyco_model_run_started (HycoModel *self, GCancellable *cancellable, GError **error);

/* Installs the signals of the asynchronous run (hyco-model-async.c). */
void _hyco_model_class_init_async (GObjectClass *klass);

G_END_DECLS
