/* hyco-record-assembler.h: assembles a record from its inputs, one field a port.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined(HYCO_INSIDE) && !defined(HYCO_COMPILATION)
#error "Only <hyco.h> can be included directly."
#endif

#include "hyco-export.h"
#include "hyco-actor.h"

G_BEGIN_DECLS

#define HYCO_TYPE_RECORD_ASSEMBLER (hyco_record_assembler_get_type ())
HYCO_API
G_DECLARE_FINAL_TYPE (HycoRecordAssembler, hyco_record_assembler, HYCO, RECORD_ASSEMBLER, HycoActor)

G_END_DECLS
