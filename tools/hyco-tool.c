/* hyco-tool.c: what the commands of the hyco tool share.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-tool.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <sys/stat.h>
#include <unistd.h>

void
hyco_tool_print_error (const char *format, ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  fprintf (stderr, "hyco: error: %s\n", message);
}

int
hyco_tool_usage_error (GOptionContext *context, const char *message)
{
  g_autofree char *help = g_option_context_get_help (context, TRUE, NULL);

  hyco_tool_print_error ("%s", message);
  fprintf (stderr, "%s", help);
  return EXIT_BAD_INPUT;
}

gboolean
hyco_tool_parse_size (const char *text, guint *width, guint *height)
{
  char *end;
  guint64 w, h;

  w = g_ascii_strtoull (text, &end, 10);
  if (end == text || (*end != 'x' && *end != 'X'))
    return FALSE;
  text = end + 1;
  h = g_ascii_strtoull (text, &end, 10);
  if (end == text || *end != '\0' || w < 200 || h < 150 || w > 20000 || h > 20000)
    return FALSE;
  *width = (guint) w;
  *height = (guint) h;
  return TRUE;
}

gboolean
hyco_tool_check_writable (const char *option, const char *path)
{
  g_autofree char *directory = g_path_get_dirname (path);
  GStatBuf info;
  int failed = 0;

  if (g_stat (path, &info) == 0)
    failed = S_ISDIR (info.st_mode) ? EISDIR : access (path, W_OK) != 0 ? errno : 0;
  else
    failed = errno != ENOENT ? errno : access (directory, W_OK | X_OK) != 0 ? errno : 0;
  if (failed)
    hyco_tool_print_error ("%s %s: %s", option, path, g_strerror (failed));
  return failed == 0;
}

/* The tool's own standard output once FMUs' is taken off descriptor 1 (NULL before). */
static FILE *own_output;

void
hyco_tool_contain_fmu_output (void)
{
  g_autoptr (GError) error = NULL;
  int fd;

  if (own_output != NULL)
    return;
  fd = hyco_fmu_output_contain (&error);
  if (fd < 0)
    {
      fprintf (stderr, "hyco: warning: %s\n", error->message);
      return;
    }
  own_output = fdopen (fd, "w");
  if (own_output == NULL)
    return;
  /* Buffered as stdout would be there: what the tool writes is the same either way. */
  setvbuf (own_output, NULL, isatty (fd) ? _IOLBF : _IOFBF, BUFSIZ);
}

FILE *
hyco_tool_output (void)
{
  return own_output != NULL ? own_output : stdout;
}

char *
hyco_tool_output_path (const char *path)
{
  if (own_output != NULL
      && (g_str_equal (path, "/dev/stdout") || g_str_equal (path, "/dev/fd/1")
          || g_str_equal (path, "/proc/self/fd/1")))
    {
      /* Flushed first: the file is written by another stream on the same descriptor. */
      fflush (own_output);
      return g_strdup_printf ("/dev/fd/%d", fileno (own_output));
    }
  return g_strdup (path);
}

void
hyco_tool_end_fmu_output (void)
{
  if (own_output == NULL)
    return;
  hyco_fmu_output_drain ();
  fflush (own_output);
  hyco_fmu_output_restore ();
}
