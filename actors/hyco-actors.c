/* hyco-actors.c: registration of the actor library.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actors.h"

/* The registration functions HYCO_REGISTER_DEFINE defines in each actor's file, listed by
 * actors/meson.build. */
#define HYCO_ACTOR(stem) void _hyco_register_##stem (void);
#include "hyco-actors-list.h"
#undef HYCO_ACTOR

/**
 * hyco_actors_register:
 *
 * Registers every actor of the library under the class name model files use (Ptolemy II's
 * names). hyco_init() calls it; applications do not need to.
 */
void
hyco_actors_register (void)
{
#define HYCO_ACTOR(stem) _hyco_register_##stem ();
#include "hyco-actors-list.h"
#undef HYCO_ACTOR
}
