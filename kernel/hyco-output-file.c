/* hyco-output-file.c: output files replaced atomically (write beside, flush, rename).
 *
 * A run's trace, plot and results, and a saved model, must never be left half written: not by
 * a full disk, not by Ctrl-C or SIGKILL while they are written. POSIX rename() within one
 * directory is atomic, so each is written to a temporary file beside its path and renamed over
 * it once it is complete and on the disk.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-output-file-private.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

struct _HycoOutputFile
{
  char *path;      /* as given, for messages */
  char *what;      /* "the trace" */
  char *target;    /* the file replaced: @path, or what its symbolic link names */
  char *temporary; /* NULL when written directly */
  int fd;          /* of the temporary file, or of the target written directly */
  FILE *stream;
  /* A device or FIFO written by name: libmatio and PLplot do not report write errors, so they
   * write a temporary file elsewhere, which is copied, checking every write. */
  char *copied;
};

/* The temporary files of @base are named ".BASE.hyco-PID-XXXXXX", so that those of a process
 * that no longer exists, killed while it wrote, can be told from those being written. */
static void
remove_stale_temporaries (const char *directory, const char *base)
{
  g_autofree char *prefix = g_strdup_printf (".%s.hyco-", base);
  GDir *dir = g_dir_open (directory, 0, NULL);
  const char *name;

  if (dir == NULL)
    return;
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      char *end;
      guint64 pid;

      if (!g_str_has_prefix (name, prefix))
        continue;
      pid = g_ascii_strtoull (name + strlen (prefix), &end, 10);
      if (end == name + strlen (prefix) || *end != '-' || strlen (end) != strlen ("-XXXXXX")
          || pid == 0 || pid > G_MAXINT || (pid_t) pid == getpid ())
        continue;
      /* Only a process known to be gone: one alive, or another user's, keeps its file. */
      if (kill ((pid_t) pid, 0) == -1 && errno == ESRCH)
        {
          g_autofree char *stale = g_build_filename (directory, name, NULL);
          g_unlink (stale);
        }
    }
  g_dir_close (dir);
}

gboolean
_hyco_output_file_check (const char *path, const char *what, GError **error)
{
  g_autofree char *directory = g_path_get_dirname (path);
  GStatBuf info;
  int failed = 0;

  if (g_stat (path, &info) == 0)
    {
      if (S_ISDIR (info.st_mode))
        failed = EISDIR;
      else if (access (path, W_OK) != 0)
        failed = errno;
    }
  else if (errno != ENOENT)
    failed = errno;
  else if (access (directory, W_OK | X_OK) != 0)
    failed = errno;
  if (failed)
    g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (failed),
                 "cannot write %s to %s: %s", what, path, g_strerror (failed));
  return failed == 0;
}

HycoOutputFile *
_hyco_output_file_new (const char *path, const char *what, GError **error)
{
  g_autofree char *target = NULL;
  GStatBuf info;
  gboolean exists;
  HycoOutputFile *self;

  /* Through a symbolic link, the file it names is replaced, not the link. */
  if (g_lstat (path, &info) == 0 && S_ISLNK (info.st_mode))
    target = realpath (path, NULL);
  if (target == NULL)
    target = g_strdup (path);
  exists = g_stat (target, &info) == 0;

  self = g_new0 (HycoOutputFile, 1);
  self->path = g_strdup (path);
  self->what = g_strdup (what);
  self->fd = -1;
  if (exists && !S_ISREG (info.st_mode))
    {
      /* A device or a FIFO: nothing to replace, nothing to keep. */
      self->target = g_strdup (path);
      self->fd = g_open (path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    }
  else
    {
      g_autofree char *directory = g_path_get_dirname (target);
      g_autofree char *base = g_path_get_basename (target);
      g_autofree char *name = g_strdup_printf (".%s.hyco-%ld-XXXXXX", base, (long) getpid ());

      remove_stale_temporaries (directory, base);
      self->target = g_steal_pointer (&target);
      self->temporary = g_build_filename (directory, name, NULL);
      self->fd = g_mkstemp_full (self->temporary, O_RDWR | O_CLOEXEC, 0666);
      /* The replacement keeps the permissions of the file it replaces. */
      if (self->fd >= 0 && exists)
        (void) fchmod (self->fd, info.st_mode & 07777);
    }
  if (self->fd < 0)
    {
      int saved = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                   "cannot write %s to %s: %s", what, path, g_strerror (saved));
      g_clear_pointer (&self->temporary, g_free);
      _hyco_output_file_abort (self);
      return NULL;
    }
  return self;
}

const char *
_hyco_output_file_get_write_path (HycoOutputFile *self)
{
  if (self->temporary)
    return self->temporary;
  if (self->copied == NULL)
    {
      int fd;
      self->copied = g_build_filename (g_get_tmp_dir (), "hyco-output-XXXXXX", NULL);
      fd = g_mkstemp_full (self->copied, O_RDWR | O_CLOEXEC, 0600);
      if (fd >= 0)
        close (fd);
      /* Else the writer fails to open it, and says so. */
    }
  return self->copied;
}

/* Copies @from to @fd, every write checked: 0, or the errno of the failure. */
static int
copy_to (const char *from, int fd)
{
  g_autofree char *buffer = g_malloc (1 << 16);
  int in = g_open (from, O_RDONLY | O_CLOEXEC, 0);
  int failed = 0;
  gssize n;

  if (in < 0)
    return errno;
  while (failed == 0 && (n = read (in, buffer, 1 << 16)) != 0)
    {
      if (n < 0)
        {
          if (errno != EINTR)
            failed = errno;
          continue;
        }
      for (gssize done = 0; failed == 0 && done < n;)
        {
          gssize written = write (fd, buffer + done, (gsize) (n - done));
          if (written < 0 && errno != EINTR)
            failed = errno;
          else if (written > 0)
            done += written;
        }
    }
  close (in);
  return failed;
}

FILE *
_hyco_output_file_get_stream (HycoOutputFile *self)
{
  if (self->stream == NULL)
    {
      self->stream = fdopen (self->fd, "wb");
      if (self->stream == NULL)
        g_error ("fdopen on a file descriptor open for writing failed: %s", g_strerror (errno));
      self->fd = -1;
      setvbuf (self->stream, NULL, _IOFBF, 1 << 16);
    }
  return self->stream;
}

/* fsync() on what cannot hold data (a pipe, a terminal, /dev/null) is no failure. */
static gboolean
sync_failed (int fd)
{
  return fsync (fd) != 0 && errno != EINVAL && errno != EROFS && errno != ENOTSUP;
}

gboolean
_hyco_output_file_commit (HycoOutputFile *self, int write_errno, GError **error)
{
  int failed = write_errno;

  if (self->stream)
    {
      if (fflush (self->stream) != 0 && failed == 0)
        failed = errno;
      if (failed == 0 && ferror (self->stream))
        failed = EIO;
      if (failed == 0 && sync_failed (fileno (self->stream)))
        failed = errno;
      if (fclose (self->stream) != 0 && failed == 0)
        failed = errno;
      self->stream = NULL;
    }
  else
    {
      /* Written by name (libmatio, PLplot): any descriptor of the file syncs its data. */
      if (failed == 0 && self->copied)
        failed = copy_to (self->copied, self->fd);
      if (failed == 0 && sync_failed (self->fd))
        failed = errno;
      if (close (self->fd) != 0 && failed == 0)
        failed = errno;
      self->fd = -1;
    }
  if (failed == 0 && self->temporary)
    {
      g_autofree char *directory = g_path_get_dirname (self->target);
      int dir_fd;

      if (g_rename (self->temporary, self->target) != 0)
        failed = errno;
      else
        {
          g_clear_pointer (&self->temporary, g_free);
          /* The rename itself is on the disk once the directory is. */
          dir_fd = g_open (directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC, 0);
          if (dir_fd >= 0)
            {
              (void) fsync (dir_fd);
              close (dir_fd);
            }
        }
    }
  if (failed)
    g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (failed),
                 "writing %s to %s failed: %s", self->what, self->path, g_strerror (failed));
  _hyco_output_file_abort (self);
  return failed == 0;
}

void
_hyco_output_file_abort (HycoOutputFile *self)
{
  if (self->stream)
    fclose (self->stream);
  else if (self->fd >= 0)
    close (self->fd);
  if (self->temporary)
    g_unlink (self->temporary);
  if (self->copied)
    g_unlink (self->copied);
  g_free (self->copied);
  g_free (self->path);
  g_free (self->what);
  g_free (self->target);
  g_free (self->temporary);
  g_free (self);
}
