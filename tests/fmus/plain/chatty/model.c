/* chatty: an FMU that writes on its standard output at every step, as a debugging printf
 * does, category 0A, for what hyco does with what an FMU writes (hyco_fmu_output_contain()).
 *
 * At each doStep it writes `lines` lines, as `style` says, and counts its steps in n:
 *   0  "chatty: step N line K at T", printf
 *   1  the same line, then its bytes that are not text: an invalid UTF-8 sequence, an escape
 *      sequence and a carriage return, in one write() on descriptor 1
 *   2  the same line in two write()s, its newline in the second; and after the last step of
 *      the run, from stopTime on, "chatty: no newline at T" without one (printf: it stays in
 *      the C library's buffer until it is flushed)
 *   3  as 0, and at its second step "chatty: exiting at T", then exit(3), as an FMU that gives
 *      up says why on its standard output and ends the process
 * Variables: lines 0 (Integer), style 1 (Integer), output n 2 (Real, the steps taken).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "fmu-runtime.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct
{
  int lines;
  int style;
  double n;
} State;

enum
{
  LINES,
  STYLE,
  N
};

static const FmuVariable variables[] = {
  [LINES] = FMU_VARIABLE ("lines", FMU_INTEGER, FMU_PARAMETER, FMU_FIXED, State, lines, 1),
  [STYLE] = FMU_VARIABLE ("style", FMU_INTEGER, FMU_PARAMETER, FMU_FIXED, State, style, 0),
  [N] = FMU_VARIABLE ("n", FMU_REAL, FMU_OUTPUT, FMU_FIXED, State, n, 0.0),
};

static void
write_all (const char *text, size_t size)
{
  while (size > 0)
    {
      ssize_t n = write (STDOUT_FILENO, text, size);
      if (n <= 0)
        return;
      text += n, size -= (size_t) n;
    }
}

static fmi2Status
do_step (FmuInstance *fmu, double step, double *performed)
{
  State *s = FMU_STATE (fmu, State);
  char line[128];

  s->n += 1;
  for (int k = 1; k <= s->lines; k++)
    {
      int length = snprintf (line, sizeof line, "chatty: step %g line %d at %g", s->n, k,
                             fmu->clock.time);
      switch (s->style)
        {
        case 1:
          {
            static const char odd[] = " \xff\xfe \x1b[31mred\x1b[0m\r\n";
            char buffer[sizeof line + sizeof odd];
            memcpy (buffer, line, (size_t) length);
            memcpy (buffer + length, odd, sizeof odd - 1);
            write_all (buffer, (size_t) length + sizeof odd - 1);
            break;
          }
        case 2:
          write_all (line, (size_t) length);
          write_all ("\n", 1);
          break;
        default:
          printf ("%s\n", line);
          break;
        }
    }
  if (s->style == 3 && s->n == 2)
    {
      printf ("chatty: exiting at %g\n", fmu->clock.time);
      exit (3);
    }
  if (s->style == 2 && fmu->stop_time_defined && fmu->clock.time + step >= fmu->stop_time - 1e-9)
    printf ("chatty: no newline at %g", fmu->clock.time + step);
  return fmi2OK;
}

const FmuModel fmu_model = {
  .guid = "{5b0c1d8e-2f43-4a8e-9d61-7c3e0a9f2b14}",
  .category = FMU_CATEGORY_0A,
  .variables = variables,
  .n_variables = sizeof variables / sizeof variables[0],
  .state_size = sizeof (State),
  .can_get_and_set_state = true,
  .do_step = do_step,
};
