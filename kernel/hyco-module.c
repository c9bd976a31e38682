/* hyco-module.c: the library's modules, loaded on demand (hyco-module-private.h).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-module-private.h"

#include <gmodule.h>

/* The package that installs the modules, for the message when one is missing. */
#define MODULE_PACKAGE "libhyco-1.0-0"

static GMutex modules_lock;
static GHashTable *modules; /* name -> GModule, resident; never freed */

/* Under the lock. The build's module when it exists (this library runs from the build, as the
 * tests and bench/ run it), else the installed one, as the sweep finds its MPI part. */
static GModule *
open_module (const char *folder, const char *name, const char *what, GQuark domain, gint code,
             GError **error)
{
  g_autofree char *file = g_strconcat (name, ".", G_MODULE_SUFFIX, NULL);
  g_autofree char *built = g_build_filename (HYCO_MODULE_BUILD_ROOT, folder, file, NULL);
  g_autofree char *installed = g_build_filename (HYCO_MODULE_DIR, file, NULL);
  const char *path = g_file_test (built, G_FILE_TEST_EXISTS) ? built : installed;
  g_autofree char *why = NULL;
  const char *version = NULL;
  GModule *module;

  /* Lazy: libmatio brings some fifty libraries, whose functions would otherwise all be bound
   * now (25 million instructions), where a MAT file calls a few dozen. */
  module = g_module_open (path, G_MODULE_BIND_LAZY | G_MODULE_BIND_LOCAL);
  if (module == NULL)
    why = g_strdup (g_file_test (path, G_FILE_TEST_EXISTS) ? g_module_error () : "no such file");
  else if (!g_module_symbol (module, HYCO_MODULE_VERSION_SYMBOL, (gpointer *) &version)
           || version == NULL || !g_str_equal (version, HYCO_VERSION))
    {
      why = g_strdup_printf ("it is not Hyco %s's: %s", HYCO_VERSION,
                             version ? version : "it has no version");
      g_module_close (module);
      module = NULL;
    }
  if (module == NULL)
    {
      g_set_error (error, domain, code,
                   "%s needs Hyco's module %s (%s), which the package %s provides; reinstall "
                   "it, or rebuild Hyco",
                   what, path, why, MODULE_PACKAGE);
      return NULL;
    }
  /* The modules' libraries keep global state (PLplot's streams, HDF5's identifiers): loaded
   * once, for good. */
  g_module_make_resident (module);
  return module;
}

gpointer
_hyco_module_symbol (const char *folder, const char *name, const char *symbol, const char *what,
                     GQuark domain, gint code, GError **error)
{
  GModule *module;
  gpointer address = NULL;

  g_mutex_lock (&modules_lock);
  if (modules == NULL)
    modules = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  module = g_hash_table_lookup (modules, name);
  if (module == NULL)
    {
      module = open_module (folder, name, what, domain, code, error);
      if (module)
        g_hash_table_insert (modules, g_strdup (name), module);
    }
  g_mutex_unlock (&modules_lock);
  if (module == NULL)
    return NULL;
  if (!g_module_symbol (module, symbol, &address) || address == NULL)
    {
      g_set_error (error, domain, code,
                   "%s needs %s from Hyco's module %s, which lacks it (%s); reinstall the "
                   "package %s, or rebuild Hyco",
                   what, symbol, g_module_name (module), g_module_error (), MODULE_PACKAGE);
      return NULL;
    }
  return address;
}
