/* fuzz-fmu-description.c: libFuzzer target for the FMU loader's modelDescription.xml reader.
 * Each input becomes the description of an FMU archive (made here with minizip, without a
 * library, so the load always ends in an error after the description is read); the loader must
 * fail with an error of its own domain, and leave nothing in the temporary directory. Built
 * and run by tools/fuzz.sh.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-fmu.h"

#include <glib/gstdio.h>
#include <zip.h>

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

static char *directory; /* private: where the archive is written and the loader unpacks */

static guint
count_entries (void)
{
  g_autoptr (GDir) dir = g_dir_open (directory, 0, NULL);
  guint n = 0;

  while (dir && g_dir_read_name (dir))
    n++;
  return n;
}

int
LLVMFuzzerTestOneInput (const guint8 *data, size_t size)
{
  g_autofree char *path = NULL;
  g_autoptr (GError) error = NULL;
  HycoFmu *fmu;
  zipFile zip;

  if (directory == NULL)
    {
      directory = g_dir_make_tmp ("fuzz-fmu-XXXXXX", NULL);
      g_setenv ("TMPDIR", directory, TRUE);
    }
  path = g_build_filename (directory, "fuzz.fmu", NULL);
  zip = zipOpen64 (path, APPEND_STATUS_CREATE);
  g_assert (zip != NULL);
  g_assert (zipOpenNewFileInZip64 (zip, "modelDescription.xml", NULL, NULL, 0, NULL, 0, NULL,
                                   Z_DEFLATED, Z_DEFAULT_COMPRESSION, size > 0xffffffff)
            == ZIP_OK);
  g_assert (zipWriteInFileInZip (zip, data, (unsigned) size) == ZIP_OK);
  zipCloseFileInZip (zip);
  zipClose (zip, NULL);

  fmu = _hyco_fmu_open (path, &error);
  if (fmu != NULL)
    g_error ("an FMU without a library loaded");
  g_assert (error != NULL && error->domain == HYCO_FMU_ERROR);
  g_assert (g_str_has_prefix (error->message, path));
  g_unlink (path);
  g_assert_cmpuint (count_entries (), ==, 0);
  return 0;
}
