/* hyco-results-mat-module.c: the module hyco-results-mat, which writes MATLAB v5 files with
 * libmatio for hyco_results_save_mat() (results/hyco-results-mat.c), loaded only then.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-format-module-private.h"

#include <matio.h>

G_MODULE_EXPORT const char hyco_module_version[] = HYCO_VERSION;
G_MODULE_EXPORT gboolean hyco_mat_write (const char *path, gint32 resolution,
                                         const HycoMatSignal *signals, guint n_signals);

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

gboolean
hyco_mat_write (const char *path, gint32 resolution, const HycoMatSignal *signals, guint n_signals)
{
  size_t scalar[2] = { 1, 1 }, dims[2] = { 1, n_signals };
  matvar_t *exponent, *array;
  mat_t *file;
  int failed;

  file = Mat_CreateVer (path, "MATLAB 5.0 MAT-file, written by Hyco", MAT_FT_MAT5);
  if (file == NULL)
    return FALSE;
  exponent = Mat_VarCreate ("resolution", MAT_C_INT32, MAT_T_INT32, 2, scalar, &resolution, 0);
  array = Mat_VarCreateStruct2 ("signals", 2, dims, signal_fields);
  for (guint i = 0; i < n_signals; i++)
    {
      const HycoMatSignal *signal = &signals[i];
      Mat_VarSetStructFieldByName (array, "name", i, text (signal->name));
      Mat_VarSetStructFieldByName (array, "type", i, text (signal->type));
      Mat_VarSetStructFieldByName (
        array, "time", i, column (MAT_C_DOUBLE, MAT_T_DOUBLE, signal->n, signal->seconds, 0));
      Mat_VarSetStructFieldByName (array, "ticks", i,
                                   column (MAT_C_INT64, MAT_T_INT64, signal->n, signal->ticks, 0));
      Mat_VarSetStructFieldByName (
        array, "microstep", i,
        column (MAT_C_UINT64, MAT_T_UINT64, signal->n, signal->microsteps, 0));
      Mat_VarSetStructFieldByName (
        array, "value", i, column (MAT_C_DOUBLE, MAT_T_DOUBLE, signal->n, signal->values, 0));
      Mat_VarSetStructFieldByName (
        array, "present", i,
        column (MAT_C_UINT8, MAT_T_UINT8, signal->n, signal->present, MAT_F_LOGICAL));
    }
  failed = Mat_VarWrite (file, exponent, MAT_COMPRESSION_NONE);
  if (failed == 0)
    failed = Mat_VarWrite (file, array, MAT_COMPRESSION_NONE);
  Mat_VarFree (exponent);
  Mat_VarFree (array);
  if (Mat_Close (file) != 0)
    failed = 1;
  return failed == 0;
}
