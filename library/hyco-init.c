/* hyco-init.c: the library's modules, each registering its own classes.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco.h"

/* The kernel registers a module's classes the first time a class is looked up by name, so an
 * application that loads a model needs no init call. The modules are made known when the
 * library is loaded: that only stores four function pointers, and the kernel stays ignorant
 * of which modules exist. */
__attribute__ ((constructor)) static void
add_builtin_modules (void)
{
  hyco_registry_add_module (hyco_directors_register);
  hyco_registry_add_module (hyco_actors_register);
  hyco_registry_add_module (hyco_modal_register);
  hyco_registry_add_module (hyco_fmi_register);
}

/**
 * hyco_init:
 *
 * Registers the classes of every module of the library (directors, actors, modal models,
 * FMUs). Idempotent; every function that looks a class up by name does it first, so
 * applications rarely need it.
 */
void
hyco_init (void)
{
  hyco_registry_ensure_modules ();
}
