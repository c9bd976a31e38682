/* hyco-module-private.h: the library's modules, loaded when they are needed; not installed.
 *
 * A module wraps a library that most runs do not use and that is costly to load: libmatio,
 * PLplot and HDF5 for the result formats (results/modules/), SUNDIALS' CVODE for the stiff
 * solver (directors/). Loading them with the library would make every hyco command relocate
 * them at start-up. A module links its library and GLib, nothing of Hyco, and exports its
 * entry points and the Hyco version it was built with.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <gmodule.h>

G_BEGIN_DECLS

/* Looks up @symbol in the module @name ("hyco-results-mat"), loading it on first use and
 * keeping it loaded: the build's (BUILD/@folder/NAME.so, @folder the source folder whose
 * meson.build builds it) when it exists, else the installed one (LIBDIR/hyco/NAME.so). A
 * module that is missing, does not load, or comes from another version of Hyco is an error in
 * @domain and @code: "@what needs Hyco's module FILE (why), which the package libhyco-1.0-0
 * provides; ...". Thread-safe. */
gpointer _hyco_module_symbol (const char *folder, const char *name, const char *symbol,
                              const char *what, GQuark domain, gint code, GError **error);

/* Every module exports its Hyco version under this name, which must be the library's:
 * G_MODULE_EXPORT const char hyco_module_version[] = HYCO_VERSION; */
#define HYCO_MODULE_VERSION_SYMBOL "hyco_module_version"

G_END_DECLS
