/* hyco-results-mat.c: results as a MATLAB v5 file, written by libmatio.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-results-formats.h"
#include "hyco-results-private.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <matio.h>

static const char *signal_fields[] = {
  "name", "type", "time", "ticks", "microstep", "value", "present", NULL,
};

static matvar_t *
column (enum matio_classes class_type, enum matio_types data_type, gsize n, const void *data,
        int flags)
{
  size_t dims[2] = { n, 1 };

  return Mat_VarCreate (NULL, class_type, data_type, 2, dims, (void *) data, flags);
}

static matvar_t *
text (const char *value)
{
  size_t dims[2] = { 1, strlen (value) };

  return Mat_VarCreate (NULL, MAT_C_CHAR, MAT_T_UTF8, 2, dims, (void *) value, 0);
}

static matvar_t *
signal_struct (HycoResults *self, GPtrArray *signals)
{
  size_t dims[2] = { 1, signals->len };
  matvar_t *array = Mat_VarCreateStruct2 ("signals", 2, dims, signal_fields);
  int resolution = hyco_results_get_resolution (self);

  for (guint i = 0; i < signals->len; i++)
    {
      HycoResultsSignal *signal = signals->pdata[i];
      gsize n = signal->times->len;
      g_autofree double *seconds = g_new (double, MAX (n, 1));
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

/**
 * hyco_results_save_mat:
 * @self: results
 * @path: the file to write (conventionally `.mat`)
 * @error: return location for a #GError
 *
 * Writes the results as a MATLAB v5 file (compressed), which MATLAB, GNU Octave and SciPy
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

  /* libmatio says nothing about why it cannot create a file: find out first. */
  {
    FILE *probe = fopen (path, "wb");
    if (probe == NULL || fclose (probe) != 0)
      {
        int saved = errno;
        g_set_error (error, HYCO_RESULTS_ERROR, HYCO_RESULTS_ERROR_IO, "cannot write %s: %s", path,
                     g_strerror (saved));
        return FALSE;
      }
  }
  file = Mat_CreateVer (path, "MATLAB 5.0 MAT-file, written by Hyco", MAT_FT_MAT5);
  if (file == NULL)
    {
      g_set_error (error, HYCO_RESULTS_ERROR, HYCO_RESULTS_ERROR_IO, "cannot write %s", path);
      return FALSE;
    }
  exponent = hyco_results_get_resolution (self);
  resolution = Mat_VarCreate ("resolution", MAT_C_INT32, MAT_T_INT32, 2, scalar, &exponent, 0);
  array = signal_struct (self, signals);
  failed = Mat_VarWrite (file, resolution, MAT_COMPRESSION_ZLIB);
  if (failed == 0)
    failed = Mat_VarWrite (file, array, MAT_COMPRESSION_ZLIB);
  Mat_VarFree (resolution);
  Mat_VarFree (array);
  if (Mat_Close (file) != 0)
    failed = 1;
  if (failed)
    {
      g_set_error (error, HYCO_RESULTS_ERROR, HYCO_RESULTS_ERROR_IO, "writing %s failed", path);
      return FALSE;
    }
  return TRUE;
}
