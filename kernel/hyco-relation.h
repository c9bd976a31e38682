/* hyco-relation.h: a relation joins one source port to any number of destination ports.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined(HYCO_INSIDE) && !defined(HYCO_COMPILATION)
#error "Only <hyco.h> can be included directly."
#endif

#include "hyco-export.h"
#include <glib-object.h>
#include "hyco-port.h"

G_BEGIN_DECLS

#define HYCO_TYPE_RELATION (hyco_relation_get_type ())
HYCO_API
G_DECLARE_FINAL_TYPE (HycoRelation, hyco_relation, HYCO, RELATION, GObject)

typedef struct _HycoCompositeActor HycoCompositeActor;

HYCO_API const char *hyco_relation_get_name (HycoRelation *self);
HYCO_API HycoCompositeActor *hyco_relation_get_container (HycoRelation *self);
HYCO_API GPtrArray *hyco_relation_get_linked_ports (HycoRelation *self);

G_END_DECLS
