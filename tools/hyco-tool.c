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
