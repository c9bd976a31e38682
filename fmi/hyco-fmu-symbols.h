/* hyco-fmu-symbols.h: the FMI functions an FMU's shared library exports, read from its ELF
 * dynamic symbol table without loading it; not installed.
 *
 * Loading a library runs its code (its constructors) in the loading process: what `hyco fmu
 * info` and `hyco inspect` show of an FMU (its category, its FMI-HC functions) and what makes
 * it unusable (no library for this machine, a missing function) is read from the file instead.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _HycoFmuSymbols HycoFmuSymbols;

/* The functions of the FMI standards ("fmi2...", "fmi3...") that the shared library @library
 * defines and exports, as the dynamic loader would find them. Refused unless it is an ELF
 * shared object for this machine (class, byte order, machine): a HYCO_FMU_ERROR_NO_BINARY error
 * that starts with @fmu_path and names the library as @name (its path within the FMU). */
HycoFmuSymbols *_hyco_fmu_symbols_read (const char *library, const char *fmu_path,
                                        const char *name, GError **error);
/* Whether @symbol is among them. */
gboolean _hyco_fmu_symbols_has (const HycoFmuSymbols *self, const char *symbol);
void _hyco_fmu_symbols_free (HycoFmuSymbols *self);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (HycoFmuSymbols, _hyco_fmu_symbols_free)

G_END_DECLS
