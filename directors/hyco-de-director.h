/* hyco-de-director.h: the discrete-event director.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined(HYCO_INSIDE) && !defined(HYCO_COMPILATION)
#error "Only <hyco.h> can be included directly."
#endif

#include "hyco-export.h"
#include "hyco-director.h"

G_BEGIN_DECLS

#define HYCO_TYPE_DE_DIRECTOR (hyco_de_director_get_type ())
HYCO_API
G_DECLARE_FINAL_TYPE (HycoDEDirector, hyco_de_director, HYCO, DE_DIRECTOR, HycoDirector)

HYCO_API HycoDirector *hyco_de_director_new (void);
HYCO_API guint hyco_de_director_get_queue_length (HycoDEDirector *self);

G_END_DECLS
