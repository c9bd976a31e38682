/* hyco-hdf5-module.c: the module hyco-hdf5, which writes columns and attributes as an HDF5
 * file (Debian's serial libhdf5) for a sweep's results (sweep/hyco-sweep-save.c), loaded only
 * then.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-format-module-private.h"

#include <hdf5.h>

G_MODULE_EXPORT const char hyco_module_version[] = HYCO_VERSION;
G_MODULE_EXPORT gboolean hyco_hdf5_write (const char *path, const HycoHdf5Column *columns,
                                          guint n_columns, const HycoHdf5Attribute *attributes,
                                          guint n_attributes);

/* Debian's serial HDF5 is not built thread-safe: one file at a time. */
static GMutex hdf5_lock;

/* HDF5 prints a stack of its own on standard error at each failure; the errors the library
 * reports say what failed in the user's words instead. The setting is per thread in a
 * thread-safe HDF5 and global otherwise: turned off once, for good, since HDF5 reports every
 * error it meets by its return value. */
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
write_file (const char *path, const HycoHdf5Column *columns, guint n_columns,
            const HycoHdf5Attribute *attributes, guint n_attributes)
{
  hid_t file, string_type;
  gboolean ok = TRUE;

  /* HDF5's default file format, the earliest that holds the file: what MATLAB and Octave
   * read. No times in it (see write_column()). */
  file = H5Fcreate (path, H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT);
  if (file < 0)
    return FALSE;
  string_type = H5Tcopy (H5T_C_S1);
  H5Tset_size (string_type, H5T_VARIABLE);
  H5Tset_cset (string_type, H5T_CSET_UTF8);
  for (guint c = 0; ok && c < n_columns; c++)
    {
      const HycoHdf5Column *column = &columns[c];
      switch (column->kind)
        {
        case HYCO_HDF5_UINT32:
          ok = write_column (file, column->name, H5T_STD_U32LE, H5T_NATIVE_UINT32, column->n,
                             column->data);
          break;
        case HYCO_HDF5_INT32:
          ok = write_column (file, column->name, H5T_STD_I32LE, H5T_NATIVE_INT32, column->n,
                             column->data);
          break;
        case HYCO_HDF5_DOUBLE:
          ok = write_column (file, column->name, H5T_IEEE_F64LE, H5T_NATIVE_DOUBLE, column->n,
                             column->data);
          break;
        case HYCO_HDF5_STRING:
          ok = write_column (file, column->name, string_type, string_type, column->n, column->data);
          break;
        default:
          ok = FALSE;
        }
      if (ok && column->attribute_name != NULL)
        {
          hid_t dataset = H5Dopen2 (file, column->name, H5P_DEFAULT);
          ok = dataset >= 0
               && write_string_attribute (dataset, column->attribute_name, column->attribute_text);
          if (dataset >= 0)
            H5Dclose (dataset);
        }
    }
  for (guint a = 0; ok && a < n_attributes; a++)
    ok = attributes[a].text ? write_string_attribute (file, attributes[a].name, attributes[a].text)
                            : write_uint_attribute (file, attributes[a].name, attributes[a].number);
  H5Tclose (string_type);
  if (H5Fclose (file) < 0)
    ok = FALSE;
  return ok;
}

gboolean
hyco_hdf5_write (const char *path, const HycoHdf5Column *columns, guint n_columns,
                 const HycoHdf5Attribute *attributes, guint n_attributes)
{
  gboolean written;

  silence_hdf5 ();
  g_mutex_lock (&hdf5_lock);
  written = write_file (path, columns, n_columns, attributes, n_attributes);
  g_mutex_unlock (&hdf5_lock);
  return written;
}
