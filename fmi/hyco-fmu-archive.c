/* hyco-fmu-archive.c: an FMU's zip archive unpacked into a directory, refusing what could
 * write outside it or fill the disk.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-fmu-archive.h"
#include "hyco-fmu-error.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <unzip.h>

/* An FMU that unpacks to more than this is refused before anything is written (zip bombs). */
#define MAX_UNPACKED_SIZE (G_GUINT64_CONSTANT (1) << 30)
#define MAX_ENTRIES 100000

typedef struct
{
  const char *path;      /* the archive, as given: errors name it */
  const char *directory; /* where it is unpacked */
} Archive;

void
_hyco_fmu_archive_remove_tree (const char *path)
{
  GStatBuf info;

  if (g_lstat (path, &info) != 0)
    return;
  if (S_ISDIR (info.st_mode))
    {
      GDir *dir = g_dir_open (path, 0, NULL);
      const char *name;

      while (dir && (name = g_dir_read_name (dir)))
        {
          g_autofree char *child = g_build_filename (path, name, NULL);
          _hyco_fmu_archive_remove_tree (child);
        }
      if (dir)
        g_dir_close (dir);
      if (g_rmdir (path) != 0)
        g_warning ("cannot remove %s: %s", path, g_strerror (errno));
    }
  else if (g_unlink (path) != 0)
    g_warning ("cannot remove %s: %s", path, g_strerror (errno));
}

/* Why an entry's name is refused, or NULL: it must be a relative path below the directory. */
static const char *
unsafe_name (const char *name, gsize length)
{
  g_auto (GStrv) parts = NULL;

  if (length == 0 || strlen (name) != length)
    return "an empty name or a NUL byte in it";
  if (name[0] == '/')
    return "an absolute path";
  if (strchr (name, '\\'))
    return "a backslash, which may be a path separator";
  parts = g_strsplit (name, "/", -1);
  for (guint i = 0; parts[i]; i++)
    if (g_str_equal (parts[i], ".."))
      return "a \"..\" component";
  return NULL;
}

/* The entry's file name relative to the directory: its components without empty ones and ".";
 * "" for the directory itself. */
static char *
relative_path (const char *name)
{
  g_auto (GStrv) parts = g_strsplit (name, "/", -1);
  g_autoptr (GPtrArray) kept = g_ptr_array_new ();

  for (guint i = 0; parts[i]; i++)
    if (*parts[i] != '\0' && !g_str_equal (parts[i], "."))
      g_ptr_array_add (kept, parts[i]);
  g_ptr_array_add (kept, NULL);
  return g_build_filenamev ((char **) kept->pdata);
}

/* The current entry's information and name (NUL-terminated, as stored). */
static gboolean
current_entry (unzFile zip, unz_file_info64 *info, char **name)
{
  if (unzGetCurrentFileInfo64 (zip, info, NULL, 0, NULL, 0, NULL, 0) != UNZ_OK)
    return FALSE;
  *name = g_malloc (info->size_filename + 1);
  if (unzGetCurrentFileInfo64 (zip, info, *name, info->size_filename + 1, NULL, 0, NULL, 0)
      != UNZ_OK)
    {
      g_clear_pointer (name, g_free);
      return FALSE;
    }
  (*name)[info->size_filename] = '\0';
  return TRUE;
}

static gboolean
is_symlink (const unz_file_info64 *info)
{
  /* Made on Unix (3): the high 16 bits of the external attributes are st_mode. */
  return (info->version >> 8) == 3 && S_ISLNK ((info->external_fa >> 16) & 0xFFFF);
}

/* Every name and the total size, before anything is written. */
/* After walking the archive's directory: whether it ended where it should, not on damage. */
static gboolean
listed_to_end (const Archive *self, int status, GError **error)
{
  if (status == UNZ_END_OF_LIST_OF_FILE)
    return TRUE;
  g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_ARCHIVE,
               "%s: the zip archive is damaged (its directory cannot be read)", self->path);
  return FALSE;
}

static gboolean
check_entries (const Archive *self, unzFile zip, GError **error)
{
  guint64 total = 0;
  guint entries = 0;
  int status;

  for (status = unzGoToFirstFile (zip); status == UNZ_OK; status = unzGoToNextFile (zip))
    {
      unz_file_info64 info;
      g_autofree char *name = NULL;
      const char *reason;

      if (!current_entry (zip, &info, &name))
        break;
      reason = unsafe_name (name, info.size_filename);
      if (reason == NULL && is_symlink (&info))
        reason = "a symbolic link";
      if (reason)
        {
          g_autofree char *printable = g_strescape (name, NULL);
          g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_UNSAFE_PATH,
                       "%s: the archive entry \"%s\" is refused: %s", self->path, printable,
                       reason);
          return FALSE;
        }
      if (info.flag & 1)
        {
          g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_ARCHIVE,
                       "%s: the archive entry %s is encrypted", self->path, name);
          return FALSE;
        }
      if (++entries > MAX_ENTRIES)
        {
          g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_ARCHIVE,
                       "%s: the archive has too many entries (more than %d)", self->path,
                       MAX_ENTRIES);
          return FALSE;
        }
      if (info.uncompressed_size > MAX_UNPACKED_SIZE - total)
        {
          g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_ARCHIVE,
                       "%s: the archive is too large (more than 1 GiB unpacked)", self->path);
          return FALSE;
        }
      total += info.uncompressed_size;
    }
  return listed_to_end (self, status, error);
}

static gboolean
write_all (int fd, const char *data, gsize size)
{
  while (size > 0)
    {
      gssize written = write (fd, data, size);
      if (written < 0 && errno == EINTR)
        continue;
      if (written <= 0)
        return FALSE;
      data += written;
      size -= (gsize) written;
    }
  return TRUE;
}

/* Writes the current entry's data to @target, a new file; @total counts the bytes unpacked. */
static gboolean
extract_file (const Archive *self, unzFile zip, const char *name, const char *target, char *buffer,
              gsize buffer_size, guint64 *total, GError **error)
{
  int fd, read, status;
  gboolean ok = TRUE;

  /* O_EXCL: an entry that appears twice does not overwrite the first. */
  fd = g_open (target, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (fd < 0)
    {
      int saved = errno;
      g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_ARCHIVE, "%s: cannot unpack %s: %s",
                   self->path, name,
                   saved == EEXIST ? "the archive holds it twice" : g_strerror (saved));
      return FALSE;
    }
  if (unzOpenCurrentFile (zip) != UNZ_OK)
    {
      close (fd);
      g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_ARCHIVE,
                   "%s: cannot read the archive entry %s (damaged or an unsupported compression "
                   "method)",
                   self->path, name);
      return FALSE;
    }
  while ((read = unzReadCurrentFile (zip, buffer, (unsigned) buffer_size)) > 0)
    {
      *total += (guint64) read;
      if (*total > MAX_UNPACKED_SIZE)
        {
          g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_ARCHIVE,
                       "%s: the archive is too large (more than 1 GiB unpacked)", self->path);
          ok = FALSE;
          break;
        }
      if (!write_all (fd, buffer, (gsize) read))
        {
          g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_ARCHIVE, "%s: cannot unpack %s: %s",
                       self->path, name, g_strerror (errno));
          ok = FALSE;
          break;
        }
    }
  status = unzCloseCurrentFile (zip);
  if (ok && (read < 0 || status != UNZ_OK))
    {
      g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_ARCHIVE,
                   "%s: the archive entry %s is damaged%s", self->path, name,
                   status == UNZ_CRCERROR ? " (its checksum does not match)" : "");
      ok = FALSE;
    }
  if (close (fd) != 0 && ok)
    {
      g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_ARCHIVE, "%s: cannot unpack %s: %s",
                   self->path, name, g_strerror (errno));
      ok = FALSE;
    }
  return ok;
}

static gboolean
extract_entries (const Archive *self, unzFile zip, GError **error)
{
  const gsize buffer_size = 64 * 1024;
  g_autofree char *buffer = g_malloc (buffer_size);
  guint64 total = 0;
  int status;

  for (status = unzGoToFirstFile (zip); status == UNZ_OK; status = unzGoToNextFile (zip))
    {
      unz_file_info64 info;
      g_autofree char *name = NULL;
      g_autofree char *relative = NULL;
      g_autofree char *target = NULL;
      g_autofree char *parent = NULL;
      gboolean is_directory;

      if (!current_entry (zip, &info, &name))
        break;
      is_directory = g_str_has_suffix (name, "/");
      relative = relative_path (name);
      if (*relative == '\0')
        continue;
      target = g_build_filename (self->directory, relative, NULL);
      parent = is_directory ? g_strdup (target) : g_path_get_dirname (target);
      if (g_mkdir_with_parents (parent, 0755) != 0)
        {
          g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_ARCHIVE, "%s: cannot unpack %s: %s",
                       self->path, name, g_strerror (errno));
          return FALSE;
        }
      if (!is_directory
          && !extract_file (self, zip, name, target, buffer, buffer_size, &total, error))
        return FALSE;
    }
  return listed_to_end (self, status, error);
}

static gboolean
unpack (const Archive *self, GError **error)
{
  unzFile zip = unzOpen64 (self->path);
  gboolean ok;

  if (zip == NULL)
    {
      g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_ARCHIVE,
                   "%s: not a zip archive (an FMU is one), or unreadable", self->path);
      return FALSE;
    }
  ok = check_entries (self, zip, error) && extract_entries (self, zip, error);
  unzClose (zip);
  return ok;
}

gboolean
_hyco_fmu_archive_unpack (const char *path, const char *directory, GError **error)
{
  const Archive archive = { path, directory };

  g_return_val_if_fail (path != NULL, FALSE);
  g_return_val_if_fail (directory != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  return unpack (&archive, error);
}
