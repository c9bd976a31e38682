/* hyco-fmu-archive.h: unpacking an FMU's zip archive; not installed.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Unpacks the zip archive @path into the existing directory @directory. Refused before anything
 * is written: entries with an empty name, a NUL byte, an absolute path, a backslash or a `..`
 * component, symbolic links, encrypted entries, more than 100000 entries or more than 1 GiB
 * unpacked by the sizes the archive gives; while writing: an entry given twice, more than
 * 1 GiB in all whatever the sizes said, a damaged entry. HYCO_FMU_ERROR errors (ARCHIVE,
 * UNSAFE_PATH) that start with @path. What was written on failure stays: the caller removes
 * @directory. */
gboolean _hyco_fmu_archive_unpack (const char *path, const char *directory, GError **error);

/* Removes @path and everything below it, never following a symbolic link. */
void _hyco_fmu_archive_remove_tree (const char *path);

G_END_DECLS
