/* hyco-results-html.c: a run as one self-contained, interactive HTML page.
 *
 * The page (results/html/: view.html, view.css, view.js, compiled into the library as a
 * GResource) draws the signals itself, because no plotting library knows superdense time: it
 * zooms from the whole run down to one instant, whose microsteps it spreads into columns. This
 * file gathers what the page shows, from a run's recorded results or from a CSV trace, and
 * writes the page with the data as JSON inside it.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-results-formats.h"
#include "hyco-output-file-private.h"
#include "hyco-results-private.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

/* The page's template, style and script (results/html/), compiled in by meson. */
GResource *_hyco_html_get_resource (void);
void _hyco_html_register_resource (void);

/* One signal on the page: its samples, each at a tag of the page's tag table. */
typedef struct
{
  char *name;
  char *type;       /* what the legend calls its values: "double", "boolean", "string", ... */
  gboolean numeric; /* values the page can place on a value axis */
  gboolean line;    /* continuous: a line through its values; else events */
  GArray *tags;     /* guint: index into the tag table, increasing */
  GPtrArray *texts; /* the value as Hyco prints it; NULL where absent */
  GArray *breaks;   /* guint: samples the line does not reach from the one before */
} ViewSignal;

/* Every tag at which some signal has a sample, in order: its instant's index and microstep. */
typedef struct
{
  GPtrArray *times; /* char *: each instant's time in seconds, as Hyco prints it */
  GArray *instants; /* guint, per tag */
  GArray *steps;    /* guint64, per tag */
  GPtrArray *signals;
} View;

static void
view_signal_free (ViewSignal *signal)
{
  g_free (signal->name);
  g_free (signal->type);
  g_array_unref (signal->tags);
  g_ptr_array_unref (signal->texts);
  g_array_unref (signal->breaks);
  g_free (signal);
}

static ViewSignal *
view_signal_new (const char *name)
{
  ViewSignal *signal = g_new0 (ViewSignal, 1);

  signal->name = g_strdup (name);
  signal->tags = g_array_new (FALSE, FALSE, sizeof (guint));
  signal->texts = g_ptr_array_new_with_free_func (g_free);
  signal->breaks = g_array_new (FALSE, FALSE, sizeof (guint));
  return signal;
}

static void
view_init (View *view)
{
  view->times = g_ptr_array_new_with_free_func (g_free);
  view->instants = g_array_new (FALSE, FALSE, sizeof (guint));
  view->steps = g_array_new (FALSE, FALSE, sizeof (guint64));
  view->signals = g_ptr_array_new_with_free_func ((GDestroyNotify) view_signal_free);
}

static void
view_clear (View *view)
{
  g_ptr_array_unref (view->times);
  g_array_unref (view->instants);
  g_array_unref (view->steps);
  g_ptr_array_unref (view->signals);
}

/* A tag in ticks at some resolution; sorted to make the tag table. */
typedef struct
{
  gint64 ticks;
  guint64 microstep;
} Tag;

static int
compare_tags (gconstpointer a, gconstpointer b)
{
  const Tag *x = a, *y = b;

  if (x->ticks != y->ticks)
    return x->ticks < y->ticks ? -1 : 1;
  return x->microstep < y->microstep ? -1 : x->microstep > y->microstep;
}

/* Sorts @tags and makes them the view's tag table, each instant's time written at
 * @resolution, duplicates once. */
static void
view_set_tags (View *view, GArray *tags, int resolution)
{
  g_array_sort (tags, compare_tags);
  for (guint i = 0; i < tags->len; i++)
    {
      const Tag *tag = &g_array_index (tags, Tag, i);
      const Tag *before = i > 0 ? &g_array_index (tags, Tag, i - 1) : NULL;
      guint instant;

      if (before && compare_tags (before, tag) == 0)
        continue;
      if (before == NULL || before->ticks != tag->ticks)
        g_ptr_array_add (view->times, hyco_time_to_string (tag->ticks, resolution));
      instant = view->times->len - 1;
      g_array_append_val (view->instants, instant);
      g_array_append_val (view->steps, tag->microstep);
    }
}

/* The index of @tag in the tag table, searched from @from on (samples come in tag order). */
static guint
find_tag (GArray *table, const Tag *tag, guint from)
{
  guint low = from, high = table->len;

  while (low < high)
    {
      guint middle = low + (high - low) / 2;
      if (compare_tags (&g_array_index (table, Tag, middle), tag) < 0)
        low = middle + 1;
      else
        high = middle;
    }
  return low;
}

/* Writing ------------------------------------------------------------------------------- */

/* @text as a JSON string. `<` is escaped so that nothing in it (`</script>`, `<!--`) can end
 * the script element that holds the data; U+2028 and U+2029, which end a line in some
 * JavaScript parsers, are escaped too. */
static void
write_json_string (FILE *file, const char *text)
{
  fputc ('"', file);
  for (const char *p = text; *p; p++)
    {
      unsigned char c = (unsigned char) *p;
      if (c == '"' || c == '\\')
        fprintf (file, "\\%c", c);
      else if (c == '\n')
        fputs ("\\n", file);
      else if (c == '\r')
        fputs ("\\r", file);
      else if (c == '\t')
        fputs ("\\t", file);
      else if (c < 0x20 || c == '<' || c == '>' || c == '&')
        fprintf (file, "\\u%04x", c);
      else if (c == 0xe2 && (unsigned char) p[1] == 0x80
               && ((unsigned char) p[2] == 0xa8 || (unsigned char) p[2] == 0xa9))
        {
          fprintf (file, "\\u%04x", (unsigned char) p[2] == 0xa8 ? 0x2028 : 0x2029);
          p += 2;
        }
      else
        fputc (c, file);
    }
  fputc ('"', file);
}

static void
write_json (FILE *file, const View *view, const char *title)
{
  fputs ("{\"title\":", file);
  write_json_string (file, title);
  fputs (",\n\"times\":[", file);
  for (guint i = 0; i < view->times->len; i++)
    {
      if (i)
        fputc (',', file);
      write_json_string (file, view->times->pdata[i]);
    }
  /* Per tag, its instant and microstep; microsteps as numbers (exact up to 2^53, far beyond
   * any run's). */
  fputs ("],\n\"instants\":[", file);
  for (guint i = 0; i < view->instants->len; i++)
    fprintf (file, "%s%u", i ? "," : "", g_array_index (view->instants, guint, i));
  fputs ("],\n\"steps\":[", file);
  for (guint i = 0; i < view->steps->len; i++)
    fprintf (file, "%s%" G_GUINT64_FORMAT, i ? "," : "", g_array_index (view->steps, guint64, i));
  fputs ("],\n\"signals\":[", file);
  for (guint s = 0; s < view->signals->len; s++)
    {
      const ViewSignal *signal = view->signals->pdata[s];
      fputs (s ? ",\n{\"name\":" : "\n{\"name\":", file);
      write_json_string (file, signal->name);
      fputs (",\"type\":", file);
      write_json_string (file, signal->type);
      fprintf (file, ",\"numeric\":%s,\"style\":\"%s\",\"tags\":[",
               signal->numeric ? "true" : "false", signal->line ? "line" : "events");
      for (guint i = 0; i < signal->tags->len; i++)
        fprintf (file, "%s%u", i ? "," : "", g_array_index (signal->tags, guint, i));
      fputs ("],\"values\":[", file);
      for (guint i = 0; i < signal->texts->len; i++)
        {
          const char *text = signal->texts->pdata[i];
          if (i)
            fputc (',', file);
          if (text)
            write_json_string (file, text);
          else
            fputs ("null", file);
        }
      fputs ("],\"breaks\":[", file);
      for (guint i = 0; i < signal->breaks->len; i++)
        fprintf (file, "%s%u", i ? "," : "", g_array_index (signal->breaks, guint, i));
      fputs ("]}", file);
    }
  fputs ("]}", file);
}

static GBytes *
asset (const char *name)
{
  static gsize initialized = 0;
  g_autofree char *path = g_strconcat ("/org/hyco/html/", name, NULL);
  GBytes *bytes;

  /* Registered when first needed, not when the library loads. */
  if (g_once_init_enter (&initialized))
    {
      _hyco_html_register_resource ();
      g_once_init_leave (&initialized, 1);
    }
  bytes = g_resource_lookup_data (_hyco_html_get_resource (), path, G_RESOURCE_LOOKUP_FLAGS_NONE,
                                  NULL);

  /* Compiled in: only a broken build lacks it. */
  g_assert (bytes != NULL);
  return bytes;
}

/* Writes the template's text from @at up to @marker (or to its end), and returns where the
 * text after @marker starts. */
static const char *
write_until (FILE *file, const char *at, const char *marker)
{
  const char *found = marker ? strstr (at, marker) : NULL;

  if (found == NULL)
    {
      fputs (at, file);
      return at + strlen (at);
    }
  fwrite (at, 1, (gsize) (found - at), file);
  return found + strlen (marker);
}

static gboolean
write_page (const View *view, const char *path, const char *title, GError **error)
{
  g_autoptr (GBytes) page = asset ("view.html");
  g_autoptr (GBytes) style = asset ("view.css");
  g_autoptr (GBytes) script = asset ("view.js");
  g_autoptr (GError) local_error = NULL;
  HycoOutputFile *output = _hyco_output_file_new (path, "the HTML view", &local_error);
  const char *at;
  FILE *file;
  int write_errno = 0;

  if (output == NULL)
    {
      g_set_error (error, HYCO_RESULTS_ERROR, HYCO_RESULTS_ERROR_IO, "%s", local_error->message);
      return FALSE;
    }
  file = _hyco_output_file_get_stream (output);
  /* Resources end in a NUL that g_bytes_get_size() does not count. */
  at = g_bytes_get_data (page, NULL);
  at = write_until (file, at, "<!--style-->");
  fputs ((const char *) g_bytes_get_data (style, NULL), file);
  at = write_until (file, at, "<!--data-->");
  write_json (file, view, title);
  at = write_until (file, at, "<!--script-->");
  fputs ((const char *) g_bytes_get_data (script, NULL), file);
  write_until (file, at, NULL);
  if (ferror (file))
    write_errno = errno ? errno : EIO;
  if (!_hyco_output_file_commit (output, write_errno, &local_error))
    {
      g_set_error (error, HYCO_RESULTS_ERROR, HYCO_RESULTS_ERROR_IO, "%s", local_error->message);
      return FALSE;
    }
  return TRUE;
}

/* From a run's results ------------------------------------------------------------------ */

static char *
format_number (HycoValueType type, double number)
{
  g_autoptr (HycoValue) value = NULL;

  if (type == HYCO_VALUE_TYPE_BOOLEAN)
    return g_strdup (number != 0 ? "true" : "false");
  if (type == HYCO_VALUE_TYPE_INT)
    return g_strdup_printf ("%" G_GINT64_FORMAT, (gint64) number);
  value = hyco_value_new ();
  hyco_value_set_double (value, number);
  return hyco_value_to_string (value);
}

/* The samples of @recorded as the view's signal, its tags looked up in @table. */
static ViewSignal *
signal_from_results (HycoResults *self, HycoResultsSignal *recorded, GArray *table)
{
  ViewSignal *signal = view_signal_new (recorded->name);
  const guint8 *present = recorded->presence->data;
  const double *values = (const double *) (gpointer) recorded->values->data;
  const guint *gaps = (const guint *) (gpointer) recorded->gaps->data;
  guint next_gap = 0, at = 0;
  gboolean broken = FALSE;

  signal->type = g_strdup (hyco_value_type_to_string (recorded->type));
  signal->numeric = TRUE;
  signal->line = _hyco_results_signal_style (self, recorded) == HYCO_PLOT_STYLE_LINE;
  for (guint i = 0; i < recorded->times->len; i++)
    {
      Tag tag = { g_array_index (recorded->times, gint64, i),
                  g_array_index (recorded->microsteps, guint64, i) };
      at = find_tag (table, &tag, at);
      g_array_append_val (signal->tags, at);
      g_ptr_array_add (signal->texts,
                       present[i] ? format_number (recorded->type, values[i]) : NULL);
      /* Its actor did not fire at the tags in between (its mode was inactive), or it was
       * absent: no line across. */
      if (next_gap < recorded->gaps->len && gaps[next_gap] == i)
        {
          next_gap++;
          broken = TRUE;
        }
      if (!present[i])
        broken = TRUE;
      else if (broken)
        {
          g_array_append_val (signal->breaks, i);
          broken = FALSE;
        }
    }
  return signal;
}

/**
 * hyco_results_save_html:
 * @self: results
 * @path: the file to write (conventionally `.html`)
 * @signals: (nullable) (array zero-terminated=1): the signals to show, in panel order, or
 *   %NULL for every signal with a numeric or boolean value present at least once
 * @title: (nullable): the page's title, such as the model file's name
 * @error: return location for a #GError
 *
 * Writes one self-contained HTML page (inline style, script and data; nothing loaded from
 * the network) that draws the signals in panels over a shared time axis, as
 * hyco_results_plot() does, and lets the reader zoom (mouse wheel, dragging over a
 * stretch, the buttons or the keys + - arrows 0), from the whole run down to one instant,
 * whose microsteps it spreads into columns labelled with their tags (t, n). Continuous
 * signals are lines, discrete ones stems at the tags where they are present; where a
 * signal is absent the page draws a grey band (a line's gap) or a hollow marker (at a tag
 * shown as a column). Hovering shows a sample's exact tag and value. Dense events are
 * drawn as a density strip. String signals are left out: hyco_trace_save_html() of the
 * run's trace shows them. The file is written atomically: a file already at @path is
 * replaced only once the new one is complete.
 *
 * Returns: %TRUE on success
 */
gboolean
hyco_results_save_html (HycoResults *self, const char *path, const char *const *signals,
                        const char *title, GError **error)
{
  g_autoptr (GPtrArray) chosen = g_ptr_array_new ();
  g_autoptr (GArray) tags = g_array_new (FALSE, FALSE, sizeof (Tag));
  GPtrArray *all;
  View view;
  gboolean ok;

  g_return_val_if_fail (HYCO_IS_RESULTS (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  all = _hyco_results_get_signals (self);
  if (signals)
    for (guint i = 0; signals[i]; i++)
      {
        HycoResultsSignal *signal = _hyco_results_lookup (self, signals[i], error);
        if (signal == NULL)
          return FALSE;
        if (_hyco_results_signal_style (self, signal) != HYCO_PLOT_STYLE_NONE)
          g_ptr_array_add (chosen, signal);
      }
  else
    for (guint i = 0; i < all->len; i++)
      if (_hyco_results_signal_style (self, all->pdata[i]) != HYCO_PLOT_STYLE_NONE)
        g_ptr_array_add (chosen, all->pdata[i]);

  for (guint s = 0; s < chosen->len; s++)
    {
      HycoResultsSignal *signal = chosen->pdata[s];
      for (guint i = 0; i < signal->times->len; i++)
        {
          Tag tag = { g_array_index (signal->times, gint64, i),
                      g_array_index (signal->microsteps, guint64, i) };
          g_array_append_val (tags, tag);
        }
    }
  view_init (&view);
  view_set_tags (&view, tags, hyco_results_get_resolution (self));
  /* The table again, once each: where the samples' tags are looked up. */
  {
    guint kept = 0;
    for (guint i = 0; i < tags->len; i++)
      if (kept == 0
          || compare_tags (&g_array_index (tags, Tag, kept - 1), &g_array_index (tags, Tag, i))
               != 0)
        g_array_index (tags, Tag, kept++) = g_array_index (tags, Tag, i);
    g_array_set_size (tags, kept);
  }
  for (guint s = 0; s < chosen->len; s++)
    g_ptr_array_add (view.signals, signal_from_results (self, chosen->pdata[s], tags));
  ok = write_page (&view, path, title ? title : "Hyco run", error);
  view_clear (&view);
  return ok;
}

/* From a trace ---------------------------------------------------------------------------- */

/* One row of a trace. */
typedef struct
{
  guint signal;
  guint line;
  char *time;
  guint64 microstep;
  char *value;
  gboolean quoted; /* the value was quoted: a string, an array or a record, never a number */
  gint64 ticks;
  guint order;
} Row;

typedef struct
{
  FILE *file;
  const char *path;
  guint line;       /* of the record being read, from 1 */
  guint next_line;  /* of the next one */
  GString *record;  /* its text, lines of quoted fields joined */
} TraceReader;

static gboolean G_GNUC_PRINTF (3, 4)
  trace_error (TraceReader *reader, GError **error, const char *format, ...)
{
  va_list args;
  g_autofree char *message = NULL;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s:%u: %s", reader->path,
               reader->line, message);
  return FALSE;
}

/* Reads the next record, a line or, where a quoted field holds line breaks, several; FALSE
 * at the end of the file (or an error, set). */
static gboolean
read_record (TraceReader *reader, gboolean *done, GError **error)
{
  gboolean quoted = FALSE;
  int c;

  g_string_truncate (reader->record, 0);
  reader->line = reader->next_line;
  while ((c = getc (reader->file)) != EOF)
    {
      if (c == '"')
        quoted = !quoted;
      if (c == '\n')
        {
          reader->next_line++;
          if (!quoted)
            break;
        }
      g_string_append_c (reader->record, (char) c);
    }
  if (ferror (reader->file))
    {
      int saved = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), "cannot read %s: %s",
                   reader->path, g_strerror (saved));
      return FALSE;
    }
  if (quoted)
    return trace_error (reader, error, "a quoted field is not closed before the end of the file");
  if (reader->record->len > 0 && reader->record->str[reader->record->len - 1] == '\r')
    g_string_truncate (reader->record, reader->record->len - 1);
  *done = c == EOF && reader->record->len == 0;
  return TRUE;
}

/* Splits a record into its CSV fields, unquoted; which were quoted goes to @quoted. */
static GPtrArray *
split_record (TraceReader *reader, GArray *quoted, GError **error)
{
  GPtrArray *fields = g_ptr_array_new_with_free_func (g_free);
  const char *p = reader->record->str;

  g_array_set_size (quoted, 0);
  for (;;)
    {
      GString *field = g_string_new (NULL);
      gboolean was_quoted = *p == '"';
      if (was_quoted)
        {
          for (p++;; p++)
            {
              if (*p == '\0')
                break;
              if (*p == '"' && p[1] == '"')
                p++;
              else if (*p == '"')
                {
                  p++;
                  break;
                }
              g_string_append_c (field, *p);
            }
          if (*p != ',' && *p != '\0')
            {
              g_string_free (field, TRUE);
              g_ptr_array_unref (fields);
              trace_error (reader, error, "a quoted field is followed by text: write \"\" for a "
                                          "quote inside one");
              return NULL;
            }
        }
      else
        while (*p != ',' && *p != '\0')
          g_string_append_c (field, *p++);
      g_ptr_array_add (fields, g_string_free (field, FALSE));
      g_array_append_val (quoted, was_quoted);
      if (*p == '\0')
        break;
      p++;
    }
  return fields;
}

/* Whether @text is a number as the trace writes one (true and false count, as 1 and 0). */
static gboolean
is_number (const char *text)
{
  char *end;

  if (g_str_equal (text, "true") || g_str_equal (text, "false") || g_str_equal (text, "NaN")
      || g_str_equal (text, "Infinity") || g_str_equal (text, "-Infinity"))
    return TRUE;
  /* Hyco writes no hexadecimal number, which strtod would read: 0x0a1b is bytes. */
  if (*text == '\0' || g_ascii_isspace (*text) || strpbrk (text, "xX") != NULL)
    return FALSE;
  g_ascii_strtod (text, &end);
  return *end == '\0';
}

/* The value type a legend names, from the values' texts. */
static const char *
trace_type (GPtrArray *texts, gboolean any_quoted)
{
  gboolean boolean = TRUE, integer = TRUE;

  if (any_quoted)
    return "string";
  for (guint i = 0; i < texts->len; i++)
    {
      const char *text = texts->pdata[i];
      if (text == NULL)
        continue;
      if (!g_str_equal (text, "true") && !g_str_equal (text, "false"))
        boolean = FALSE;
      if (text[strspn (text, "-0123456789")] != '\0' || !is_number (text))
        integer = FALSE;
    }
  return boolean ? "boolean" : integer ? "int" : "double";
}

static void
row_clear (Row *row)
{
  g_free (row->time);
  g_free (row->value);
}

static int
compare_rows (gconstpointer a, gconstpointer b)
{
  const Row *x = a, *y = b;

  if (x->ticks != y->ticks)
    return x->ticks < y->ticks ? -1 : 1;
  if (x->microstep != y->microstep)
    return x->microstep < y->microstep ? -1 : 1;
  return x->order < y->order ? -1 : x->order > y->order;
}

/* Digits after the decimal point of a time written in decimal. */
static guint
fraction_digits (const char *time)
{
  const char *point = strchr (time, '.');

  return point ? (guint) strlen (point + 1) : 0;
}

/* A time as the trace writes it: decimal seconds, with no exponent (so that its digits after
 * the point tell its resolution). */
static gboolean
is_decimal (const char *time)
{
  const char *digits = *time == '-' ? time + 1 : time;
  const char *point = strchr (digits, '.');
  gsize whole = point ? (gsize) (point - digits) : strlen (digits);

  return whole > 0 && strspn (digits, "0123456789") == whole
         && (point == NULL || (point[1] != '\0' && strspn (point + 1, "0123456789") == strlen (point + 1)));
}

/* Reads the trace's rows, their times in ticks at @resolution: the finest the trace writes. */
static gboolean
read_trace (TraceReader *reader, GPtrArray *names, GArray *rows, int *resolution,
            GError **error)
{
  g_autoptr (GHashTable) index = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GArray) quoted = g_array_new (FALSE, FALSE, sizeof (gboolean));
  guint digits = 0;
  gboolean done = FALSE;

  if (!read_record (reader, &done, error))
    return FALSE;
  if (done || !g_str_equal (reader->record->str, "signal,time,microstep,value"))
    return trace_error (reader, error,
                        "not a Hyco trace: the first line must be signal,time,microstep,value "
                        "(hyco run MODEL.xml --trace FILE.csv writes one)");
  for (;;)
    {
      g_autoptr (GPtrArray) fields = NULL;
      Row row = { 0 };
      const char *name, *microstep;
      char *end;
      gpointer found;

      if (!read_record (reader, &done, error))
        return FALSE;
      if (done)
        break;
      if (reader->record->len == 0)
        continue;
      if (!g_utf8_validate (reader->record->str, (gssize) reader->record->len, NULL))
        return trace_error (reader, error, "the text is not UTF-8");
      fields = split_record (reader, quoted, error);
      if (fields == NULL)
        return FALSE;
      if (fields->len != 4)
        return trace_error (reader, error,
                            "%u fields where a trace has 4: signal,time,microstep,value (quote "
                            "a field that holds a comma)",
                            fields->len);
      name = fields->pdata[0];
      if (*name == '\0')
        return trace_error (reader, error, "no signal name");
      if (!is_decimal (fields->pdata[1]))
        return trace_error (reader, error,
                            "the time \"%s\" is not a time in seconds written as a trace "
                            "writes one (as 0.25)",
                            (const char *) fields->pdata[1]);
      microstep = fields->pdata[2];
      errno = 0;
      row.microstep = g_ascii_strtoull (microstep, &end, 10);
      if (*microstep < '0' || *microstep > '9' || *end != '\0' || errno != 0)
        return trace_error (reader, error, "the microstep \"%s\" is not a whole number",
                            microstep);
      if (!g_hash_table_lookup_extended (index, name, NULL, &found))
        {
          found = GUINT_TO_POINTER (names->len);
          g_ptr_array_add (names, g_strdup (name));
          g_hash_table_insert (index, names->pdata[names->len - 1], found);
        }
      row.signal = GPOINTER_TO_UINT (found);
      row.line = reader->line;
      row.time = g_strdup (fields->pdata[1]);
      row.value = g_strdup (fields->pdata[3]);
      row.quoted = g_array_index (quoted, gboolean, 3);
      row.order = rows->len;
      digits = MAX (digits, fraction_digits (row.time));
      g_array_append_val (rows, row);
    }
  /* The trace's times at the finest resolution they are written at: exact, and ordered as
   * the run's tags were. */
  *resolution = -(int) digits;
  for (guint i = 0; i < rows->len; i++)
    {
      Row *row = &g_array_index (rows, Row, i);
      g_autoptr (GError) local_error = NULL;
      if (!hyco_time_parse (row->time, *resolution, &row->ticks, &local_error))
        {
          reader->line = row->line;
          return trace_error (reader, error, "the time %s: %s", row->time, local_error->message);
        }
    }
  return TRUE;
}

/* A trace's signals from its @rows, sorted by tag. Absence is not in a trace: a signal is
 * absent at every tag of the table at which it has no row. */
static void
view_from_rows (View *view, GPtrArray *names, GArray *rows, int resolution)
{
  g_autoptr (GArray) tags = g_array_new (FALSE, FALSE, sizeof (Tag));
  g_autofree guint *last_instant = g_new0 (guint, names->len + 1);
  g_autofree guint *instants_present = g_new0 (guint, names->len + 1);
  g_autofree guint *instants_at_zero = g_new0 (guint, names->len + 1);
  g_autofree gboolean *any_quoted = g_new0 (gboolean, names->len + 1);
  guint tag_index = 0;

  g_array_sort (rows, compare_rows);
  for (guint i = 0; i < rows->len; i++)
    {
      const Row *row = &g_array_index (rows, Row, i);
      Tag tag = { row->ticks, row->microstep };
      g_array_append_val (tags, tag);
    }
  view_set_tags (view, tags, resolution);
  for (guint s = 0; s < names->len; s++)
    g_ptr_array_add (view->signals, view_signal_new (names->pdata[s]));

  for (guint i = 0; i < rows->len; i++)
    {
      Row *row = &g_array_index (rows, Row, i);
      ViewSignal *signal = view->signals->pdata[row->signal];
      guint instant;
      if (i > 0
          && (g_array_index (rows, Row, i - 1).ticks != row->ticks
              || g_array_index (rows, Row, i - 1).microstep != row->microstep))
        tag_index++;
      instant = g_array_index (view->instants, guint, tag_index);
      /* Two rows of one signal at one tag: the later one is its value there. */
      if (signal->tags->len > 0
          && g_array_index (signal->tags, guint, signal->tags->len - 1) == tag_index)
        {
          g_free (signal->texts->pdata[signal->texts->len - 1]);
          signal->texts->pdata[signal->texts->len - 1] = g_steal_pointer (&row->value);
          continue;
        }
      /* The line does not run across instants where the signal has no value. */
      if (signal->tags->len > 0 && instant > last_instant[row->signal] + 1)
        g_array_append_val (signal->breaks, signal->tags->len);
      if (signal->tags->len == 0 || instant != last_instant[row->signal])
        instants_present[row->signal]++;
      last_instant[row->signal] = instant;
      if (row->microstep == 0)
        instants_at_zero[row->signal]++;
      if (row->quoted)
        any_quoted[row->signal] = TRUE;
      g_array_append_val (signal->tags, tag_index);
      g_ptr_array_add (signal->texts, g_steal_pointer (&row->value));
    }

  for (guint s = 0; s < names->len; s++)
    {
      ViewSignal *signal = view->signals->pdata[s];
      signal->numeric = !any_quoted[s];
      for (guint i = 0; signal->numeric && i < signal->texts->len; i++)
        signal->numeric = is_number (signal->texts->pdata[i]);
      signal->type = g_strdup (signal->numeric ? trace_type (signal->texts, FALSE)
                                               : trace_type (signal->texts, TRUE));
      if (!signal->numeric && !any_quoted[s])
        {
          g_free (signal->type);
          signal->type = g_strdup ("value");
        }
      /* Continuous: present at microstep 0, where a discrete event never is (a continuous
       * director's outputs are, at every step), at most of its instants; the trace does not
       * tell the tags its actor fired at, which the plot of a run's results goes by. */
      signal->line = signal->numeric && instants_present[s] >= 2
                     && (guint64) instants_at_zero[s] * 4 >= (guint64) instants_present[s] * 3;
    }
}

/**
 * hyco_trace_save_html:
 * @trace: a trace as `hyco run --trace` writes it (CSV: signal,time,microstep,value)
 * @path: the file to write (conventionally `.html`)
 * @title: (nullable): the page's title, or %NULL for the trace's file name
 * @error: return location for a #GError
 *
 * Writes the interactive page hyco_results_save_html() writes, for the signals of a trace:
 * every value shown as the trace has it (strings, arrays and records included), and each
 * signal absent at every tag of the trace at which it has no row. A signal present at
 * microstep 0 and at most instants from its first value on is drawn as a line, the others
 * as events. A trace that is not one (a wrong header, a row without four fields, a time or
 * microstep that is no number) is an error of %G_IO_ERROR_INVALID_DATA that names the file
 * and line; one that cannot be read, of %G_IO_ERROR; one that cannot be written,
 * %HYCO_RESULTS_ERROR_IO.
 *
 * Returns: %TRUE on success
 */
gboolean
hyco_trace_save_html (const char *trace, const char *path, const char *title, GError **error)
{
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GArray) rows = g_array_new (FALSE, FALSE, sizeof (Row));
  g_autofree char *base = NULL;
  TraceReader reader = { 0 };
  gboolean ok;
  View view;
  int resolution = 0;

  g_return_val_if_fail (trace != NULL, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  g_array_set_clear_func (rows, (GDestroyNotify) row_clear);
  reader.file = fopen (trace, "rb");
  if (reader.file == NULL)
    {
      int saved = errno;
      g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved), "cannot read %s: %s", trace,
                   g_strerror (saved));
      return FALSE;
    }
  reader.path = trace;
  reader.next_line = 1;
  reader.record = g_string_new (NULL);
  ok = read_trace (&reader, names, rows, &resolution, error);
  fclose (reader.file);
  g_string_free (reader.record, TRUE);
  if (!ok)
    return FALSE;
  view_init (&view);
  view_from_rows (&view, names, rows, resolution);
  base = g_filename_display_basename (trace);
  ok = write_page (&view, path, title ? title : base, error);
  view_clear (&view);
  return ok;
}
