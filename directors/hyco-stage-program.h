/* hyco-stage-program.h: a continuous director's solver stages evaluated without firing actors.
 * Internal.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "hyco-director-private.h"

G_BEGIN_DECLS

typedef struct _HycoStageProgram HycoStageProgram;

HycoStageProgram *_hyco_stage_program_new (HycoDirector *director, GPtrArray *states);
void _hyco_stage_program_free (HycoStageProgram *self);
void _hyco_stage_program_evaluate (HycoStageProgram *self, gint64 time, const double *x, double *k);
void _hyco_stage_program_publish (gpointer self);
guint _hyco_stage_program_get_silent_events (HycoStageProgram *self);

G_END_DECLS
