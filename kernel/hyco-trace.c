/* hyco-trace.c: the CSV trace of every present output value, one row per event.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-model-private.h"
#include "hyco-output-file-private.h"
#include "hyco-results-private.h"
#include "hyco-util-private.h"

#include <errno.h>
#include <stdio.h>

struct _HycoTrace
{
  HycoOutputFile *output;
  FILE *file;
  int resolution;
  int write_errno;
};

static void
write_csv_field (FILE *file, const char *text, gboolean force_quotes)
{
  if (!force_quotes && strpbrk (text, ",\"\r\n") == NULL)
    {
      fputs (text, file);
      return;
    }
  fputc ('"', file);
  for (const char *p = text; *p; p++)
    {
      if (*p == '"')
        fputc ('"', file);
      fputc (*p, file);
    }
  fputc ('"', file);
}

/* @microstep in decimal, into @text (24 bytes hold any guint64); returns where it starts. */
static const char *
format_microstep (guint64 microstep, char text[24])
{
  char *at = text + 23;

  *at = '\0';
  do
    *--at = (char) ('0' + microstep % 10);
  while ((microstep /= 10) != 0);
  return at;
}

HycoTrace *
_hyco_trace_open (const char *path, int resolution, GError **error)
{
  HycoOutputFile *output = _hyco_output_file_new (path, "the trace", error);
  HycoTrace *self;

  if (output == NULL)
    return NULL;
  self = g_new0 (HycoTrace, 1);
  self->output = output;
  self->file = _hyco_output_file_get_stream (output);
  self->resolution = resolution;
  fputs ("signal,time,microstep,value\n", self->file);
  return self;
}

void
_hyco_trace_write (HycoTrace *self, const char *signal, const HycoTag *tag, const HycoValue *value)
{
  char time[HYCO_TIME_TEXT_SIZE], scalar[HYCO_VALUE_TEXT_SIZE], microstep[24];
  g_autofree char *compound = NULL;
  const char *text = _hyco_value_format_scalar (value, scalar);

  /* No allocation and no printf per event, for the trace to cost what writing its bytes does. */
  if (text == NULL)
    text = compound = hyco_value_to_string (value);
  write_csv_field (self->file, signal, FALSE);
  fputc (',', self->file);
  fputs (_hyco_time_format (tag->time, self->resolution, time), self->file);
  fputc (',', self->file);
  fputs (format_microstep (tag->microstep, microstep), self->file);
  fputc (',', self->file);
  write_csv_field (self->file, text, hyco_value_get_value_type (value) == HYCO_VALUE_TYPE_STRING);
  if (fputc ('\n', self->file) == EOF && self->write_errno == 0)
    self->write_errno = errno ? errno : EIO;
}

gboolean
_hyco_trace_close (HycoTrace *self, GError **error)
{
  gboolean ok = _hyco_output_file_commit (self->output, self->write_errno, error);

  g_free (self);
  return ok;
}

/* The trace as one of the model's sinks: only present values become rows. */
typedef struct
{
  HycoSink parent;
  HycoTrace *trace;
} TraceSink;

static void
trace_sink_write (HycoSink *sink, guint index, const char *name, const HycoTag *tag,
                  guint64 iteration, const HycoSignal *signal)
{
  _hyco_trace_write (((TraceSink *) sink)->trace, name, tag, &signal->value);
}

static gboolean
trace_sink_close (HycoSink *sink, guint64 tags, gint64 end, GError **error)
{
  TraceSink *self = (TraceSink *) sink;
  gboolean ok = _hyco_trace_close (self->trace, error);

  g_free (self);
  return ok;
}

static const HycoSinkClass trace_sink_class = {
  .write = trace_sink_write,
  .close = trace_sink_close,
  .wants_absent = FALSE,
};

HycoSink *
_hyco_trace_sink_open (const char *path, int resolution, GError **error)
{
  HycoTrace *trace = _hyco_trace_open (path, resolution, error);
  TraceSink *self;

  if (trace == NULL)
    return NULL;
  self = g_new0 (TraceSink, 1);
  self->parent.klass = &trace_sink_class;
  self->trace = trace;
  return &self->parent;
}
