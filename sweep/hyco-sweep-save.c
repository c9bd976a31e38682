/* hyco-sweep-save.c: a sweep's results as HDF5 (through Debian's libhdf5, in the module
 * hyco-hdf5: results/modules/) and CSV.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-sweep-private.h"
#include "hyco-output-file-private.h"
#include "hyco-format-module-private.h"

#include <errno.h>
#include <math.h>
#include <string.h>

/* The sweep's columns and attributes as the module hyco-hdf5 writes them (no HDF5 here:
 * hyco loads it only to write one); the strings and @buffers stay with the caller until then. */
static void
hdf5_columns (HycoSweep *self, GStrv summaries, GArray *columns, GArray *attributes,
              GPtrArray *buffers, GPtrArray *names)
{
  guint n = self->n_runs, n_params = self->parameters->len;
  guint n_summaries = g_strv_length (summaries);
  guint32 *indices = g_new (guint32, MAX (n, 1));
  gint32 *statuses = g_new (gint32, MAX (n, 1));
  const char **errors = g_new (const char *, MAX (n, 1));
  HycoHdf5Column column;
  HycoHdf5Attribute attribute;

  g_ptr_array_add (buffers, indices);
  g_ptr_array_add (buffers, statuses);
  g_ptr_array_add (buffers, errors);
  for (guint r = 0; r < n; r++)
    {
      indices[r] = r;
      statuses[r] = self->statuses[r];
      errors[r] = self->errors[r] ? self->errors[r] : "";
    }
  column = (HycoHdf5Column) { "run", HYCO_HDF5_UINT32, n, indices };
  g_array_append_val (columns, column);
  column = (HycoHdf5Column) { "status", HYCO_HDF5_INT32, n, statuses };
  g_array_append_val (columns, column);
  column = (HycoHdf5Column) { "error", HYCO_HDF5_STRING, n, errors };
  g_array_append_val (columns, column);
  for (guint p = 0; p < n_params; p++)
    {
      char *name
        = g_strconcat ("parameters/", ((HycoSweepParam *) self->parameters->pdata[p])->name, NULL);
      double *values = g_new (double, MAX (n, 1));
      g_ptr_array_add (names, name);
      g_ptr_array_add (buffers, values);
      for (guint r = 0; r < n; r++)
        values[r] = self->values[r * n_params + p];
      column = (HycoHdf5Column) { name, HYCO_HDF5_DOUBLE, n, values };
      g_array_append_val (columns, column);
    }
  for (guint s = 0; s < n_summaries; s++)
    {
      char *name = g_strconcat ("summary/", summaries[s], NULL);
      double *values = g_new (double, MAX (n, 1));
      const char *expression = hyco_sweep_get_summary_expression (self, s);
      g_ptr_array_add (names, name);
      g_ptr_array_add (buffers, values);
      for (guint r = 0; r < n; r++)
        values[r] = self->summaries[(gsize) r * n_summaries + s];
      /* An expression's value keeps its text beside it. */
      column = (HycoHdf5Column) { name, HYCO_HDF5_DOUBLE, n, values,
                                  expression ? "expression" : NULL, expression };
      g_array_append_val (columns, column);
    }
  attribute = (HycoHdf5Attribute) { "model", self->model_file, 0 };
  g_array_append_val (attributes, attribute);
  attribute = (HycoHdf5Attribute) { "design", hyco_sweep_design_to_string (self->design), 0 };
  g_array_append_val (attributes, attribute);
  attribute = (HycoHdf5Attribute) { "seed", NULL, self->seed };
  g_array_append_val (attributes, attribute);
  attribute = (HycoHdf5Attribute) { "samples", NULL, self->samples };
  g_array_append_val (attributes, attribute);
  attribute = (HycoHdf5Attribute) { "hyco_version", HYCO_VERSION, 0 };
  g_array_append_val (attributes, attribute);
}

/**
 * hyco_sweep_save_hdf5:
 * @self: a sweep that ran
 * @path: the HDF5 file to write (`sweep.h5`)
 * @error: return location for an error
 *
 * Writes the sweep's results to an HDF5 file that h5py, MATLAB (h5read) and Octave read: one
 * dataset per column, a value per run in run order: `/run` (the index), `/status` (0
 * completed, 1 failed, 2 could not start, -1 not run: #HycoSweepStatus), `/error` (the error
 * message, empty for a run that completed), `/parameters/NAME` for each varied or sampled
 * parameter and `/summary/NAME` for each summary value (see hyco_sweep_list_summaries()),
 * with an attribute `expression` holding the expression of a summary computed by one;
 * and the attributes `model`, `design`, `seed`, `samples` and `hyco_version` on the root. The
 * file holds no time stamp: the same sweep writes the same bytes, whatever the number of jobs.
 * A file already at @path is replaced only once the new one is complete.
 *
 * Returns: %TRUE on success
 */
gboolean
hyco_sweep_save_hdf5 (HycoSweep *self, const char *path, GError **error)
{
  g_autoptr (GError) local_error = NULL;
  g_autoptr (GArray) columns = g_array_new (FALSE, FALSE, sizeof (HycoHdf5Column));
  g_autoptr (GArray) attributes = g_array_new (FALSE, FALSE, sizeof (HycoHdf5Attribute));
  g_autoptr (GPtrArray) buffers = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_auto (GStrv) summaries = NULL;
  g_autofree char *what = NULL;
  HycoOutputFile *output;
  HycoHdf5Write write;
  gboolean written;

  g_return_val_if_fail (HYCO_IS_SWEEP (self) && self->planned, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  what = g_strdup_printf ("writing the sweep's results to %s", path);
  write = _hyco_module_symbol ("results", "hyco-hdf5", HYCO_HDF5_WRITE_SYMBOL, what,
                               HYCO_SWEEP_ERROR, HYCO_SWEEP_ERROR_IO, error);
  if (write == NULL)
    return FALSE;
  output = _hyco_output_file_new (path, "the sweep's results", &local_error);
  if (output == NULL)
    {
      g_set_error (error, HYCO_SWEEP_ERROR, HYCO_SWEEP_ERROR_IO, "%s", local_error->message);
      return FALSE;
    }
  summaries = hyco_sweep_list_summaries (self);
  hdf5_columns (self, summaries, columns, attributes, buffers, names);
  written = write (_hyco_output_file_get_write_path (output),
                   (const HycoHdf5Column *) (gpointer) columns->data, columns->len,
                   (const HycoHdf5Attribute *) (gpointer) attributes->data, attributes->len);
  if (!written)
    {
      _hyco_output_file_abort (output);
      g_set_error (error, HYCO_SWEEP_ERROR, HYCO_SWEEP_ERROR_IO,
                   "writing the sweep's results to %s failed (HDF5 could not write it: is the "
                   "disk full?)",
                   path);
      return FALSE;
    }
  if (!_hyco_output_file_commit (output, 0, &local_error))
    {
      g_set_error (error, HYCO_SWEEP_ERROR, HYCO_SWEEP_ERROR_IO, "%s", local_error->message);
      return FALSE;
    }
  return TRUE;
}

/* A CSV field: quoted when it holds a comma, a quote or a line break (RFC 4180). */
static void
append_field (GString *line, const char *text)
{
  if (strpbrk (text, ",\"\r\n") == NULL)
    {
      g_string_append (line, text);
      return;
    }
  g_string_append_c (line, '"');
  for (const char *c = text; *c; c++)
    {
      if (*c == '"')
        g_string_append_c (line, '"');
      g_string_append_c (line, *c);
    }
  g_string_append_c (line, '"');
}

static void
append_number (GString *line, double value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  g_string_append_c (line, ',');
  if (isnan (value))
    g_string_append (line, "nan");
  else
    g_string_append (line, g_ascii_formatd (buffer, sizeof buffer, "%.17g", value));
}

/**
 * hyco_sweep_save_csv:
 * @self: a sweep that ran
 * @path: the CSV file to write (`sweep.csv`)
 * @error: return location for an error
 *
 * Writes the sweep's results as CSV: a header line, then a line per run in run order: `run`,
 * each parameter's value as the run set it, `status`, `error` and each summary value (17
 * significant digits, `nan` where the run has none). A file already at @path is replaced only
 * once the new one is complete.
 *
 * Returns: %TRUE on success
 */
gboolean
hyco_sweep_save_csv (HycoSweep *self, const char *path, GError **error)
{
  g_auto (GStrv) summaries = NULL;
  g_autoptr (GError) local_error = NULL;
  g_autoptr (GString) line = g_string_new ("run");
  guint n_params, n_summaries;
  HycoOutputFile *output;
  FILE *stream;
  int write_errno = 0;

  g_return_val_if_fail (HYCO_IS_SWEEP (self) && self->planned, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  summaries = hyco_sweep_list_summaries (self);
  n_params = self->parameters->len;
  n_summaries = g_strv_length (summaries);
  output = _hyco_output_file_new (path, "the sweep's summary", &local_error);
  if (output == NULL)
    {
      g_set_error (error, HYCO_SWEEP_ERROR, HYCO_SWEEP_ERROR_IO, "%s", local_error->message);
      return FALSE;
    }
  stream = _hyco_output_file_get_stream (output);
  for (guint p = 0; p < n_params; p++)
    {
      g_string_append_c (line, ',');
      append_field (line, ((HycoSweepParam *) self->parameters->pdata[p])->name);
    }
  g_string_append (line, ",status,error");
  for (guint s = 0; s < n_summaries; s++)
    {
      g_string_append_c (line, ',');
      append_field (line, summaries[s]);
    }
  g_string_append_c (line, '\n');
  for (guint r = 0; r < self->n_runs; r++)
    {
      if (fwrite (line->str, 1, line->len, stream) != line->len && write_errno == 0)
        write_errno = errno ? errno : EIO;
      g_string_printf (line, "%u", r);
      for (guint p = 0; p < n_params; p++)
        {
          g_string_append_c (line, ',');
          append_field (line, self->texts[r * n_params + p]);
        }
      g_string_append_printf (line, ",%d,", self->statuses[r]);
      append_field (line, self->errors[r] ? self->errors[r] : "");
      for (guint s = 0; s < n_summaries; s++)
        append_number (line, self->summaries[(gsize) r * n_summaries + s]);
      g_string_append_c (line, '\n');
    }
  if (fwrite (line->str, 1, line->len, stream) != line->len && write_errno == 0)
    write_errno = errno ? errno : EIO;
  if (!_hyco_output_file_commit (output, write_errno, &local_error))
    {
      g_set_error (error, HYCO_SWEEP_ERROR, HYCO_SWEEP_ERROR_IO, "%s", local_error->message);
      return FALSE;
    }
  return TRUE;
}
