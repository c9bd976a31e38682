/* hyco-sweep-save.c: a sweep's results as HDF5 (through Debian's libhdf5) and CSV.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-sweep-private.h"
#include "hyco-output-file-private.h"

#include <errno.h>
#include <hdf5.h>
#include <math.h>
#include <string.h>

/* HDF5 prints a stack of its own on standard error at each failure; the errors here say what
 * failed in the user's words instead. The setting is per thread in a thread-safe HDF5 and
 * global otherwise: turned off once, for good, since the library reports every error it meets
 * by its return value. */
static GMutex hdf5_lock;

static void
silence_hdf5 (void)
{
  static gsize done;

  if (g_once_init_enter (&done))
    {
      H5Eset_auto2 (H5E_DEFAULT, NULL, NULL);
      g_once_init_leave (&done, 1);
    }
}

/* Writes a one-dimensional dataset @name of @n elements of @type, stored as @file_type. The
 * datasets keep no modification times, so that one sweep gives the same file byte for byte
 * whenever it runs. */
static gboolean
write_column (hid_t file, const char *name, hid_t file_type, hid_t type, gsize n, const void *data)
{
  hsize_t dims[1] = { n };
  hid_t space = H5Screate_simple (1, dims, NULL);
  hid_t properties = H5Pcreate (H5P_DATASET_CREATE);
  hid_t links = H5Pcreate (H5P_LINK_CREATE);
  hid_t dataset = -1;
  herr_t status = -1;

  if (space >= 0 && properties >= 0 && links >= 0)
    {
      H5Pset_obj_track_times (properties, 0);
      H5Pset_create_intermediate_group (links, 1);
      dataset = H5Dcreate2 (file, name, file_type, space, links, properties, H5P_DEFAULT);
    }
  if (dataset >= 0)
    status = n ? H5Dwrite (dataset, type, H5S_ALL, H5S_ALL, H5P_DEFAULT, data) : 0;
  if (dataset >= 0)
    H5Dclose (dataset);
  if (links >= 0)
    H5Pclose (links);
  if (properties >= 0)
    H5Pclose (properties);
  if (space >= 0)
    H5Sclose (space);
  return status >= 0;
}

static gboolean
write_string_attribute (hid_t object, const char *name, const char *value)
{
  hid_t type = H5Tcopy (H5T_C_S1);
  hid_t space = H5Screate (H5S_SCALAR);
  hid_t attribute = -1;
  herr_t status = -1;

  /* Variable-length, as h5py writes a str attribute and reads it back as one. */
  H5Tset_size (type, H5T_VARIABLE);
  H5Tset_cset (type, H5T_CSET_UTF8);
  attribute = H5Acreate2 (object, name, type, space, H5P_DEFAULT, H5P_DEFAULT);
  if (attribute >= 0)
    {
      status = H5Awrite (attribute, type, &value);
      H5Aclose (attribute);
    }
  H5Sclose (space);
  H5Tclose (type);
  return status >= 0;
}

static gboolean
write_uint_attribute (hid_t object, const char *name, guint32 value)
{
  hid_t space = H5Screate (H5S_SCALAR);
  hid_t attribute = H5Acreate2 (object, name, H5T_STD_U32LE, space, H5P_DEFAULT, H5P_DEFAULT);
  herr_t status = -1;

  if (attribute >= 0)
    {
      status = H5Awrite (attribute, H5T_NATIVE_UINT32, &value);
      H5Aclose (attribute);
    }
  H5Sclose (space);
  return status >= 0;
}

static gboolean
write_hdf5 (HycoSweep *self, const char *path)
{
  guint n = self->n_runs, n_params = self->parameters->len;
  g_auto (GStrv) summaries = hyco_sweep_list_summaries (self);
  guint n_summaries = g_strv_length (summaries);
  g_autofree guint32 *indices = g_new (guint32, MAX (n, 1));
  g_autofree gint32 *statuses = g_new (gint32, MAX (n, 1));
  g_autofree const char **errors = g_new (const char *, MAX (n, 1));
  g_autofree double *column = g_new (double, MAX (n, 1));
  hid_t file, string_type;
  gboolean ok;

  /* HDF5's default file format, the earliest that holds the file: what MATLAB and Octave
   * read. No times in it (see write_column()). */
  file = H5Fcreate (path, H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
  if (file < 0)
    return FALSE;
  string_type = H5Tcopy (H5T_C_S1);
  H5Tset_size (string_type, H5T_VARIABLE);
  H5Tset_cset (string_type, H5T_CSET_UTF8);
  for (guint r = 0; r < n; r++)
    {
      indices[r] = r;
      statuses[r] = self->statuses[r];
      errors[r] = self->errors[r] ? self->errors[r] : "";
    }
  ok = write_column (file, "run", H5T_STD_U32LE, H5T_NATIVE_UINT32, n, indices)
       && write_column (file, "status", H5T_STD_I32LE, H5T_NATIVE_INT32, n, statuses)
       && write_column (file, "error", string_type, string_type, n, errors);
  for (guint p = 0; ok && p < n_params; p++)
    {
      g_autofree char *name
        = g_strconcat ("parameters/", ((HycoSweepParam *) self->parameters->pdata[p])->name, NULL);
      for (guint r = 0; r < n; r++)
        column[r] = self->values[r * n_params + p];
      ok = write_column (file, name, H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, n, column);
    }
  for (guint s = 0; ok && s < n_summaries; s++)
    {
      g_autofree char *name = g_strconcat ("summary/", summaries[s], NULL);
      const char *expression = hyco_sweep_get_summary_expression (self, s);
      for (guint r = 0; r < n; r++)
        column[r] = self->summaries[(gsize) r * n_summaries + s];
      ok = write_column (file, name, H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, n, column);
      /* An expression's value keeps its text beside it. */
      if (ok && expression)
        {
          hid_t dataset = H5Dopen2 (file, name, H5P_DEFAULT);
          ok = dataset >= 0 && write_string_attribute (dataset, "expression", expression);
          if (dataset >= 0)
            H5Dclose (dataset);
        }
    }
  ok = ok && write_string_attribute (file, "model", self->model_file)
       && write_string_attribute (file, "design", hyco_sweep_design_to_string (self->design))
       && write_uint_attribute (file, "seed", self->seed)
       && write_uint_attribute (file, "samples", self->samples)
       && write_string_attribute (file, "hyco_version", HYCO_VERSION);
  H5Tclose (string_type);
  if (H5Fclose (file) < 0)
    ok = FALSE;
  return ok;
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
  HycoOutputFile *output;
  gboolean written;

  g_return_val_if_fail (HYCO_IS_SWEEP (self) && self->planned, FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  silence_hdf5 ();
  output = _hyco_output_file_new (path, "the sweep's results", &local_error);
  if (output == NULL)
    {
      g_set_error (error, HYCO_SWEEP_ERROR, HYCO_SWEEP_ERROR_IO, "%s", local_error->message);
      return FALSE;
    }
  /* Debian's serial HDF5 is not built thread-safe: one file at a time. */
  g_mutex_lock (&hdf5_lock);
  written = write_hdf5 (self, _hyco_output_file_get_write_path (output));
  g_mutex_unlock (&hdf5_lock);
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
