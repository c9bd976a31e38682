/* hyco-results-mat.c: results as a MATLAB v5 file, written by libmatio.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-results-formats.h"
#include "hyco-output-file-private.h"
#include "hyco-results-private.h"
#include "hyco-format-module-private.h"

/* The signals as the module writes them; @seconds keeps the time columns until then. */
static HycoMatSignal *
mat_signals (HycoResults *self, GPtrArray *signals, GPtrArray *seconds)
{
  HycoMatSignal *columns = g_new0 (HycoMatSignal, MAX (signals->len, 1));
  int resolution = hyco_results_get_resolution (self);

  for (guint i = 0; i < signals->len; i++)
    {
      HycoResultsSignal *signal = signals->pdata[i];
      gsize n = signal->times->len;
      double *times = g_new (double, MAX (n, 1));
      g_ptr_array_add (seconds, times);
      for (gsize k = 0; k < n; k++)
        times[k] = hyco_time_to_seconds (g_array_index (signal->times, gint64, k), resolution);
      columns[i] = (HycoMatSignal) {
        .name = signal->name,
        .type = hyco_value_type_to_string (signal->type),
        .n = n,
        .seconds = times,
        .ticks = (const gint64 *) signal->times->data,
        .microsteps = (const guint64 *) signal->microsteps->data,
        .values = (const double *) signal->values->data,
        .present = (const guint8 *) signal->presence->data,
      };
    }
  return columns;
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
  g_autoptr (GPtrArray) seconds = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GError) local_error = NULL;
  g_autofree HycoMatSignal *columns = NULL;
  g_autofree char *what = NULL;
  HycoOutputFile *output;
  HycoMatWrite write;
  GPtrArray *all;
  gboolean failed;

  g_return_val_if_fail (HYCO_IS_RESULTS (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  what = g_strdup_printf ("writing the results to %s", path);
  write = _hyco_module_symbol ("results", "hyco-results-mat", HYCO_MAT_WRITE_SYMBOL, what,
                                      HYCO_RESULTS_ERROR, HYCO_RESULTS_ERROR_IO, error);
  if (write == NULL)
    return FALSE;
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
  columns = mat_signals (self, signals, seconds);
  failed = !write (_hyco_output_file_get_write_path (output), hyco_results_get_resolution (self),
                   columns, signals->len);
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
