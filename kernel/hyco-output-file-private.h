/* hyco-output-file-private.h: writing an output file so that it is either the earlier file or
 * the new, complete one, whatever happens meanwhile; not installed.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>
#include <stdio.h>

G_BEGIN_DECLS

typedef struct _HycoOutputFile HycoOutputFile;

/* Whether @path can be written, found out without creating or changing anything there (a
 * probe file could be left behind by a kill): an error "cannot write @what to @path: ..." */
gboolean _hyco_output_file_check (const char *path, const char *what, GError **error);

/* Starts writing @path, which messages call @what ("the trace"): a regular file (or a path
 * where none is yet) is written to a temporary file beside it, hidden and named after it, which
 * _hyco_output_file_commit() renames into place (through a symbolic link, onto its target);
 * anything else, a device or a FIFO (/dev/stdout), is written directly, since it cannot be
 * replaced. Temporary files that a killed run left for @path are removed. */
HycoOutputFile *_hyco_output_file_new (const char *path, const char *what, GError **error);
/* Where a writer that opens a file by name writes: the temporary file (which exists, empty). */
const char *_hyco_output_file_get_write_path (HycoOutputFile *self);
/* The temporary file opened for writing by stdio, owned by @self: written and closed by
 * _hyco_output_file_commit(). */
FILE *_hyco_output_file_get_stream (HycoOutputFile *self);
/* Flushes everything to the disk, closes, and renames the temporary file into place; any
 * failure (@write_errno, when the writer saw one, among them) leaves the earlier file as it
 * was, removes the temporary one, and is an error naming the path. Frees @self. */
gboolean _hyco_output_file_commit (HycoOutputFile *self, int write_errno, GError **error);
/* Gives up: the temporary file is removed, the earlier file stays. Frees @self. */
void _hyco_output_file_abort (HycoOutputFile *self);

G_END_DECLS
