/* hyco-record-disassembler.h: sends each field of a record on the output port of its name.
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

#define HYCO_TYPE_RECORD_DISASSEMBLER (hyco_record_disassembler_get_type ())
HYCO_API
G_DECLARE_FINAL_TYPE (HycoRecordDisassembler, hyco_record_disassembler, HYCO, RECORD_DISASSEMBLER, HycoActor)

G_END_DECLS
