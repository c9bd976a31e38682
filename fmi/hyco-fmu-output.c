/* hyco-fmu-output.c: what FMUs running in the process write on its standard output (a
 * debugging printf), taken off it and shown as the FMU's messages.
 *
 * An FMU's library shares the process's file descriptors and the C library's stdout: what it
 * prints would land in the middle of a trace written to standard output, or of a summary. The
 * descriptors belong to the program, not to a library it uses, so nothing happens unless the
 * program asks for it (hyco_fmu_output_contain()): then, when the first FMU library is about to
 * be loaded in the process, descriptor 1 becomes a pipe that a thread reads, a line at a time,
 * each line logged as an isolated FMU's are (hyco-fmu-remote.c): "F: the FMU wrote: ...",
 * within the limit of an FMU's messages, the rest counted. The program writes its own output
 * on the copy of descriptor 1 it was given.
 *
 * Standard error stays as it is: it is where the program's messages go already, and where GLib,
 * the dynamic loader and a crashing process say their last words, which a pipe read by a thread
 * of the dying process would lose.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#define _GNU_SOURCE
#include "hyco-fmu-output.h"
#include "hyco-fmu-output-private.h"
#include "hyco-fmu.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

/* A longer line is cut there (a binary dump without newlines must not grow memory). */
#define LINE_LIMIT 4096
#define READ_SIZE (64 * 1024)

/* Everything below is guarded by the lock; armed is read without it first. */
static GMutex lock;
static gint armed;          /* hyco_fmu_output_contain() was called */
static int own_output = -1; /* the program's standard output, for its own writes */
static int pipe_read = -1;  /* the other end is descriptor 1, once capturing */
static GThread *reader;
static int stop_ends[2] = { -1, -1 }; /* written to end the reader */
static GString *line;     /* a line not complete yet */
static gboolean line_cut; /* it reached LINE_LIMIT: the rest up to its newline is dropped */
static GPtrArray *names;  /* the instances made in the process, each once */
static HycoFmuLogBudget budget;
static guint64 reported; /* of budget.suppressed, the messages already said not shown */

/* Who wrote: the instance, when only one was made in the process (as an isolated FMU's line
 * is named by its actor); else every one of them, since a write does not say by whom. */
static char *
writer_name (void)
{
  if (names == NULL || names->len == 0)
    return g_strdup ("an FMU");
  g_ptr_array_add (names, NULL);
  {
    char *joined = g_strjoinv (" or ", (char **) names->pdata);
    g_ptr_array_set_size (names, names->len - 1);
    return joined;
  }
}

/* One line the FMU wrote: shown as valid UTF-8 with no control characters (an escape
 * sequence is not the terminal's to act on), within the budget. */
static void
show_line (const char *text, gsize length)
{
  g_autofree char *name = NULL;
  g_autofree char *valid = NULL;

  if (length > 0 && text[length - 1] == '\r')
    length--;
  if (budget.shown >= HYCO_FMU_LOG_LIMIT)
    {
      budget.suppressed++; /* a flood costs a count, nothing more */
      return;
    }
  name = writer_name ();
  if (!_hyco_fmu_log_budget_take (&budget, name))
    return;
  valid = g_utf8_make_valid (text, (gssize) length);
  for (char *p = valid; *p != '\0'; p++)
    if ((*p > 0 && *p < ' ' && *p != '\t') || *p == 0x7f)
      *p = '?';
  _hyco_fmu_log (G_LOG_LEVEL_MESSAGE, "%s: the FMU wrote: %s", name, valid);
}

static void
end_line (void)
{
  show_line (line->str, line->len);
  g_string_truncate (line, 0);
  line_cut = FALSE;
}

static void
split_lines (const char *data, gsize size)
{
  while (size > 0)
    {
      const char *newline = memchr (data, '\n', size);
      gsize part = newline != NULL ? (gsize) (newline - data) : size;

      if (!line_cut)
        {
          gsize room = LINE_LIMIT - line->len;
          g_string_append_len (line, data, (gssize) MIN (part, room));
          line_cut = part > room;
        }
      if (newline == NULL)
        return;
      end_line ();
      data += part + 1, size -= part + 1;
    }
}

/* Reads what is in the pipe, without waiting: FALSE once its write end is closed. */
static gboolean
take_output (void)
{
  static char buffer[READ_SIZE]; /* under the lock */

  for (;;)
    {
      ssize_t n = read (pipe_read, buffer, sizeof buffer);
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        return errno == EAGAIN || errno == EWOULDBLOCK;
      if (n == 0)
        return FALSE;
      split_lines (buffer, (gsize) n);
    }
}

/* The thread that keeps the pipe empty: an FMU that writes more than it holds would otherwise
 * wait for the run to end, which waits for the FMU. */
static gpointer
read_output (gpointer data)
{
  for (;;)
    {
      struct pollfd pfd[2] = { { .fd = GPOINTER_TO_INT (data), .events = POLLIN },
                               { .fd = stop_ends[0], .events = POLLIN } };
      gboolean open;

      if (poll (pfd, 2, -1) < 0)
        {
          if (errno == EINTR)
            continue;
          return NULL;
        }
      /* Not a wait for the end of the pipe: a child process may hold descriptor 1 still. */
      if (pfd[1].revents != 0)
        return NULL;
      g_mutex_lock (&lock);
      open = take_output ();
      g_mutex_unlock (&lock);
      if (!open)
        return NULL;
    }
}

/**
 * hyco_fmu_output_contain:
 * @error: return location for a #GError
 *
 * For a program that owns its process (the hyco tool), not for a library: from the first FMU
 * library loaded in the process (not those of FMUs run with `isolation` `process`, which run in
 * processes of their own), what FMUs write on standard output does not reach it: each line is
 * one of the FMU's messages, logged in the log domain "Hyco" (`F: the FMU wrote: ...`, `F` the
 * FMU actor, when one FMU was instantiated in the process), the first 100 shown and the rest
 * counted. To be called before anything is written on standard output; the C library's stdout
 * is made line-buffered, so that a line an FMU prints is seen when it is printed.
 *
 * Returns: a descriptor of the standard output as it was, where the program writes its own
 * output from now on (it stays open until the process ends), or -1 with @error set
 */
int
hyco_fmu_output_contain (GError **error)
{
  int fd;

  g_return_val_if_fail (error == NULL || *error == NULL, -1);

  g_mutex_lock (&lock);
  if (own_output < 0)
    {
      fflush (stdout);
      own_output = fcntl (STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);
      if (own_output < 0)
        {
          int saved = errno;
          g_mutex_unlock (&lock);
          g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved),
                       "cannot keep the standard output for the program: %s",
                       g_strerror (saved));
          return -1;
        }
      setvbuf (stdout, NULL, _IOLBF, 0);
      g_atomic_int_set (&armed, 1);
    }
  fd = own_output;
  g_mutex_unlock (&lock);
  return fd;
}

void
_hyco_fmu_output_will_load (const char *instance_name)
{
  int ends[2];

  if (!g_atomic_int_get (&armed))
    return;
  g_mutex_lock (&lock);
  if (names == NULL)
    names = g_ptr_array_new_with_free_func (g_free);
  if (instance_name != NULL
      && !g_ptr_array_find_with_equal_func (names, instance_name, g_str_equal, NULL))
    g_ptr_array_add (names, g_strdup (instance_name));
  if (pipe_read >= 0 || own_output < 0)
    {
      g_mutex_unlock (&lock);
      return;
    }
  if (pipe2 (stop_ends, O_CLOEXEC) != 0 || pipe2 (ends, O_CLOEXEC) != 0)
    {
      int saved = errno;
      if (stop_ends[0] >= 0)
        close (stop_ends[0]), close (stop_ends[1]);
      stop_ends[0] = stop_ends[1] = -1;
      errno = saved;
      g_mutex_unlock (&lock);
      g_warning ("what FMUs write on standard output is not taken off it: no pipe: %s",
                 g_strerror (errno));
      return;
    }
  /* Room for a burst of lines while the reader waits for a processor. */
  (void) fcntl (ends[1], F_SETPIPE_SZ, 1024 * 1024);
  (void) fcntl (ends[0], F_SETFL, fcntl (ends[0], F_GETFL) | O_NONBLOCK);
  fflush (stdout);
  /* dup2 leaves descriptor 1 without FD_CLOEXEC: a child started by an FMU writes there too. */
  if (dup2 (ends[1], STDOUT_FILENO) < 0)
    {
      int saved = errno;
      close (ends[0]), close (ends[1]);
      close (stop_ends[0]), close (stop_ends[1]);
      stop_ends[0] = stop_ends[1] = -1;
      g_mutex_unlock (&lock);
      g_warning ("what FMUs write on standard output is not taken off it: %s",
                 g_strerror (saved));
      return;
    }
  close (ends[1]);
  pipe_read = ends[0];
  line = g_string_new (NULL);
  reader = g_thread_new ("hyco-fmu-output", read_output, GINT_TO_POINTER (pipe_read));
  g_mutex_unlock (&lock);
}

/* Under the lock: every line written so far shown, the last one even without its newline, and
 * the count of those not shown. */
static void
drain_locked (void)
{
  if (pipe_read < 0)
    return;
  take_output ();
  if (line->len > 0 || line_cut)
    end_line ();
  if (budget.suppressed > reported)
    {
      g_autofree char *name = writer_name ();
      HycoFmuLogBudget since = { budget.shown, budget.suppressed - reported };
      _hyco_fmu_log_budget_report (&since, name);
      reported = budget.suppressed;
    }
}

/**
 * hyco_fmu_output_drain:
 *
 * Shows what the FMUs wrote on standard output up to now (hyco_fmu_output_contain()), a last
 * line without its newline included, and how many lines were not shown. The program calls it
 * when a run is over, before it writes what it says of the run.
 */
void
hyco_fmu_output_drain (void)
{
  /* Not under the lock: on a full pipe, flushing waits for the reader, which takes it. */
  fflush (stdout);
  g_mutex_lock (&lock);
  drain_locked ();
  g_mutex_unlock (&lock);
}

/**
 * hyco_fmu_output_restore:
 *
 * Drains what FMUs wrote (hyco_fmu_output_drain()) and gives standard output back to the
 * program, the reading thread ended. For the program's end, once every FMU instance is freed.
 */
void
hyco_fmu_output_restore (void)
{
  GThread *thread;

  fflush (stdout);
  g_mutex_lock (&lock);
  drain_locked ();
  if (pipe_read >= 0)
    (void) dup2 (own_output, STDOUT_FILENO); /* the pipe's last write end: the reader sees EOF */
  thread = g_steal_pointer (&reader);
  g_mutex_unlock (&lock);
  if (thread != NULL)
    {
      while (write (stop_ends[1], "", 1) < 0 && errno == EINTR)
        ;
      g_thread_join (thread);
      close (stop_ends[0]), close (stop_ends[1]);
      stop_ends[0] = stop_ends[1] = -1;
    }
  g_mutex_lock (&lock);
  if (pipe_read >= 0)
    {
      drain_locked ();
      close (pipe_read);
      pipe_read = -1;
      g_string_free (g_steal_pointer (&line), TRUE);
    }
  g_clear_pointer (&names, g_ptr_array_unref);
  g_mutex_unlock (&lock);
}
