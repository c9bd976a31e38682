/* hyco-fmi.c: registration of FMUs as actors.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-fmi.h"
#include "hyco-fmu-actor-private.h"

/**
 * hyco_fmi_register:
 *
 * Registers the FMU actor under Ptolemy II's class name FMUImport (and FMUActor), and the
 * Model Exchange FMU actor as FMUModelExchange. hyco_init() calls it; applications do not need
 * to.
 */
void
hyco_fmi_register (void)
{
  hyco_registry_register ("FMUImport", HYCO_TYPE_FMU_ACTOR);
  hyco_registry_register ("FMUActor", HYCO_TYPE_FMU_ACTOR);
  hyco_registry_register ("FMUModelExchange", HYCO_TYPE_FMU_ME_ACTOR);
  _hyco_fmu_actor_syntax_register ();
}
