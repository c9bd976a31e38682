/* fuzz-fmu-archive.c: libFuzzer target for the unpacking of an FMU's zip archive. Each input is
 * the archive itself, unpacked into a private directory and never loaded: whatever the bytes,
 * the unpacker must either fail with an error of its own or write regular files and folders
 * only inside that directory (no zip-slip, no link), and the directory must come out empty once
 * removed. Seeded with the test FMUs by tools/fuzz.sh, which builds and runs it.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-fmu-archive.h"
#include "hyco-fmu-error.h"

#include <glib/gstdio.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

static char *directory; /* private: holds the archive and the folder it is unpacked into */

static guint
count_entries (const char *path)
{
  g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
  guint n = 0;

  while (dir && g_dir_read_name (dir))
    n++;
  return n;
}

/* Every entry below @path is a regular file or a folder: the unpacker never makes links,
 * devices or FIFOs. */
static void
assert_only_files_and_folders (const char *path)
{
  g_autoptr (GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  while (dir && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child = g_build_filename (path, name, NULL);
      struct stat info;

      g_assert (lstat (child, &info) == 0);
      g_assert (S_ISREG (info.st_mode) || S_ISDIR (info.st_mode));
      if (S_ISDIR (info.st_mode))
        assert_only_files_and_folders (child);
    }
}

int
LLVMFuzzerTestOneInput (const guint8 *data, size_t size)
{
  g_autofree char *archive = NULL;
  g_autofree char *unpacked = NULL;
  g_autoptr (GError) error = NULL;

  if (directory == NULL)
    {
      directory = g_dir_make_tmp ("fuzz-archive-XXXXXX", NULL);
      g_setenv ("TMPDIR", directory, TRUE);
    }
  archive = g_build_filename (directory, "fuzz.fmu", NULL);
  unpacked = g_build_filename (directory, "unpacked", NULL);
  g_assert (g_file_set_contents (archive, (const char *) data, (gssize) size, NULL));
  g_assert (g_mkdir (unpacked, 0700) == 0);

  if (!_hyco_fmu_archive_unpack (archive, unpacked, &error))
    g_assert (error != NULL && error->domain == HYCO_FMU_ERROR
              && g_str_has_prefix (error->message, archive));
  else
    g_assert (error == NULL);
  /* Nothing beside the two entries made here: an entry named ../x lands nowhere else. */
  g_assert_cmpuint (count_entries (directory), ==, 2);
  assert_only_files_and_folders (unpacked);

  _hyco_fmu_archive_remove_tree (unpacked);
  g_unlink (archive);
  g_assert_cmpuint (count_entries (directory), ==, 0);
  return 0;
}
