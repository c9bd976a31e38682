/* hyco-tool.h: what the commands of the hyco tool share (hyco.c, hyco-sweep.c): exit
 * statuses, messages, checks of options.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "hyco.h"

#include <stdio.h>

/* Exit statuses, as documented in --help. */
enum
{
  EXIT_OK = 0,
  EXIT_RUN_FAILED = 1,
  EXIT_BAD_INPUT = 2,
};

/* "hyco: error: MESSAGE" on standard error. */
void hyco_tool_print_error (const char *format, ...) G_GNUC_PRINTF (1, 2);
/* The error, then the command's help; EXIT_BAD_INPUT. */
int hyco_tool_usage_error (GOptionContext *context, const char *message);
/* WIDTHxHEIGHT in pixels, within what a plot can have. */
gboolean hyco_tool_parse_size (const char *text, guint *width, guint *height);
/* Whether @path can be written (an error naming @option if not): checked before a run, so
 * that a typo costs nothing. */
gboolean hyco_tool_check_writable (const char *option, const char *path);

/* For the commands that may load an FMU in the process (run, fmu run, sweep), before they
 * write anything on standard output: what such an FMU prints there becomes its messages on
 * standard error (hyco_fmu_output_contain()), and the tool's own output goes to the standard
 * output as it was, hyco_tool_output(). */
void hyco_tool_contain_fmu_output (void);
/* Where the tool writes its own output: stdout, or its copy once FMU output is contained. */
FILE *hyco_tool_output (void);
/* An output file's path as the library is to open it: the standard output named as
 * /dev/stdout (/dev/fd/1, /proc/self/fd/1) is the tool's, not the FMUs'. Free it. */
char *hyco_tool_output_path (const char *path);
/* At the end: the FMUs' last lines shown, the tool's output flushed, standard output back. */
void hyco_tool_end_fmu_output (void);

/* The sweep command (hyco-sweep.c), given the text --help-all collects. */
int hyco_tool_sweep (int argc, char **argv, GString *help_all);
