/* hyco-directors.c: registration of the directors.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-directors.h"

/**
 * hyco_directors_register:
 *
 * Registers the DE, SR and Continuous directors under the class names model files use.
 * hyco_init() calls it; applications do not need to.
 */
void
hyco_directors_register (void)
{
  hyco_registry_register ("DEDirector", HYCO_TYPE_DE_DIRECTOR);
  hyco_registry_register ("SRDirector", HYCO_TYPE_SR_DIRECTOR);
  hyco_registry_register ("ContinuousDirector", HYCO_TYPE_CONTINUOUS_DIRECTOR);
  /* What a model from Ptolemy II gets: its numerics, so that its tests' values come out. */
  hyco_registry_register ("PtolemyContinuousDirector", HYCO_TYPE_PTOLEMY_CONTINUOUS_DIRECTOR);
  hyco_registry_register_alias ("ptolemy.domains.continuous.kernel.ContinuousDirector",
                                HYCO_TYPE_PTOLEMY_CONTINUOUS_DIRECTOR);
}
