/* hyco-server.h: Ptolemy II's DE Server, a queue served one job at a time.
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

#define HYCO_TYPE_SERVER (hyco_server_get_type ())
HYCO_API
G_DECLARE_FINAL_TYPE (HycoServer, hyco_server, HYCO, SERVER, HycoActor)

G_END_DECLS
