/* hyco-results-mat.c: results as a MATLAB v5 file, written by libmatio.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-results-formats.h"
#include "hyco-output-file-private.h"
#include "hyco-results-private.h"

#include <matio.h>

static const char *signal_fields[] = {
  "name", "type", "time", "ticks", "microstep", "value", "present", NULL,
};

/* A column of @n values at @data, which libmatio writes from where it is (not copied: the
 * results can be hundreds of megabytes); @data must outlive the variable. */
static matvar_t *
column (enum matio_classes class_type, enum matio_types data_type, gsize n, const void *data,
        int flags)
{
  size_t dims[2] = { n, 1 };

  return Mat_VarCreate (NULL, class_type, data_type, 2, dims, (void *) data,
                        flags | MAT_F_DONT_COPY_DATA);
}

/* A text in UTF-8: libmatio counts its dimensions in characters, not bytes. */
static matvar_t *
text (const char *value)
{
  size_t dims[2] = { 1, (size_t) g_utf8_strlen (value, -1) };

  return Mat_VarCreate (NULL, MAT_C_CHAR, MAT_T_UTF8, 2, dims, (void *) value, 0);
}

/* @times_in_seconds keeps the time columns until the struct is written. */
static matvar_t *
signal_struct (HycoResults *self, GPtrArray *signals, GPtrArray *times_in_seconds)
{
  size_t dims[2] = { 1, signals->len };
  matvar_t *array = Mat_VarCreateStruct2 ("signals", 2, dims, signal_fields);
  int resolution = hyco_results_get_resolution (self);

  for (guint i = 0; i < signals->len; i++)
    {
      HycoResultsSignal *signal = signals->pdata[i];
      gsize n = signal->times->len;
      double *seconds = g_new (double, MAX (n, 1));
      g_ptr_array_add (times_in_seconds, seconds);
      for (gsize k = 0; k < n; k++)
        seconds[k] = hyco_time_to_seconds (g_array_index (signal->times, gint64, k), resolution);
      Mat_VarSetStructFieldByName (array, "name", i, text (signal->name));
      Mat_VarSetStructFieldByName (array, "type", i,
                                   text (hyco_value_type_to_string (signal->type)));
      Mat_VarSetStructFieldByName (array, "time", i,
                                   column (MAT_C_DOUBLE, MAT_T_DOUBLE, n, seconds, 0));
      Mat_VarSetStructFieldByName (array, "ticks", i,
                                   column (MAT_C_INT64, MAT_T_INT64, n, signal->times->data, 0));
      Mat_VarSetStructFieldByName (
        array, "microstep", i, column (MAT_C_UINT64, MAT_T_UINT64, n, signal->microsteps->data, 0));
      Mat_VarSetStructFieldByName (array, "value", i,
                                   column (MAT_C_DOUBLE, MAT_T_DOUBLE, n, signal->values->data, 0));
      Mat_VarSetStructFieldByName (
        array, "present", i,
        column (MAT_C_UINT8, MAT_T_UINT8, n, signal->presence->data, MAT_F_LOGICAL));
    }
  return array;
}

/* libmatio does not check its writes: a full disk leaves a file cut short. A MAT v5 file is a
 * 128-byte header and data elements, each an 8-byte tag (type, byte count), written first, and
 * its bytes padded to 8: the file must end where its @n_elements elements end. */
static gboolean
mat_file_is_complete (const char *path, guint n_elements)
{
  FILE *file = fopen (path, "rb");
  goffset offset = 128;
  gboolean complete = file != NULL;

  for (guint i = 0; complete && i < n_elements; i++)
    {
      guint32 tag[2];
      complete = fseeko (file, offset, SEEK_SET) == 0 && fread (tag, sizeof tag, 1, file) == 1;
      if (complete)
        offset += 8 + (goffset) (tag[1] + 7u) / 8 * 8;
    }
  if (complete)
    complete = fseeko (file, 0, SEEK_END) == 0 && ftello (file) == offset;
  if (file)
    fclose (file);
  return complete;
}

/**
 * hyco_results_save_mat:
 * @self: results
 * @path: the file to write (conventionally `.mat`)
 * @error: return location for a #GError
 *
 * Writes the results as a MATLAB v5 file (uncompressed: compressing costs ten times the
 * writing, and every reader reads either), atomically (a file already at @path
 * is replaced only once the new one is complete), which MATLAB, GNU Octave and SciPy
 * read directly. It holds two variables:
 *
 * - `resolution`: the exponent r of the time resolution (ticks of 10^r s), an int32 scalar
 * - `signals`: a 1×N struct array, one element per signal present at least once (as
 *   hyco_results_list_signals() lists them), with the fields `name` and `type` (`double`,
 *   `int`, `boolean` or `string`), and one column per field with a row per sample: `time`
 *   (double, seconds), `ticks` (int64, exact time), `microstep` (uint64), `value` (double:
 *   booleans 0 and 1, NaN where absent or a string) and `present` (logical).
 *
 * In MATLAB or Octave: `load("r.mat"); s = signals(1); plot(s.time(s.present),
 * s.value(s.present), "o")`. In Python: `scipy.io.loadmat("r.mat", squeeze_me=True,
 * struct_as_record=False)["signals"]`.
 *
 * Returns: %TRUE on success
 */
gboolean
hyco_results_save_mat (HycoResults *self, const char *path, GError **error)
{
  g_autoptr (GPtrArray) signals = g_ptr_array_new ();
  g_autoptr (GPtrArray) times_in_seconds = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GError) local_error = NULL;
  HycoOutputFile *output;
  GPtrArray *all;
  mat_t *file;
  matvar_t *array, *resolution;
  size_t scalar[2] = { 1, 1 };
  gint32 exponent;
  int failed;

  g_return_val_if_fail (HYCO_IS_RESULTS (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  all = _hyco_results_get_signals (self);
  for (guint i = 0; i < all->len; i++)
    if (((HycoResultsSignal *) all->pdata[i])->n_present > 0)
      g_ptr_array_add (signals, all->pdata[i]);

  output = _hyco_output_file_new (path, "the results", &local_error);
  if (output == NULL)
    {
      g_set_error (error, HYCO_RESULTS_ERROR, HYCO_RESULTS_ERROR_IO, "%s", local_error->message);
      return FALSE;
    }
  file = Mat_CreateVer (_hyco_output_file_get_write_path (output),
                        "MATLAB 5.0 MAT-file, written by Hyco", MAT_FT_MAT5);
  if (file == NULL)
    {
      _hyco_output_file_abort (output);
      g_set_error (error, HYCO_RESULTS_ERROR, HYCO_RESULTS_ERROR_IO, "cannot write %s", path);
      return FALSE;
    }
  exponent = hyco_results_get_resolution (self);
  resolution = Mat_VarCreate ("resolution", MAT_C_INT32, MAT_T_INT32, 2, scalar, &exponent, 0);
  array = signal_struct (self, signals, times_in_seconds);
  failed = Mat_VarWrite (file, resolution, MAT_COMPRESSION_NONE);
  if (failed == 0)
    failed = Mat_VarWrite (file, array, MAT_COMPRESSION_NONE);
  Mat_VarFree (resolution);
  Mat_VarFree (array);
  if (Mat_Close (file) != 0)
    failed = 1;
  if (failed || !mat_file_is_complete (_hyco_output_file_get_write_path (output), 2))
    {
      _hyco_output_file_abort (output);
      g_set_error (error, HYCO_RESULTS_ERROR, HYCO_RESULTS_ERROR_IO,
                   "writing the results to %s failed: the file came out incomplete (is the disk "
                   "full?)",
                   path);
      return FALSE;
    }
  if (!_hyco_output_file_commit (output, 0, &local_error))
    {
      g_set_error (error, HYCO_RESULTS_ERROR, HYCO_RESULTS_ERROR_IO, "%s", local_error->message);
      return FALSE;
    }
  return TRUE;
}
