/* hyco-format-module-private.h: the result formats whose libraries are loaded only when a file
 * of theirs is written; not installed.
 *
 * libmatio (with HDF5, curl, GnuTLS, Kerberos and LDAP behind it), PLplot and HDF5 would
 * otherwise be loaded and relocated by every hyco command, most of its start-up. Each is
 * wrapped in a module (results/modules/) that links it and nothing of Hyco: the library
 * prepares plain data and hands it over, so that a module serves the shared library and the
 * tests that link the library's layers alike (a module linking libhyco would bring a second
 * copy of every class into such a test). The library loads them with _hyco_module_symbol()
 * (folder "results").
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "hyco-module-private.h"

G_BEGIN_DECLS

/* hyco-results-mat: a MATLAB v5 file (libmatio). */
typedef struct
{
  const char *name;
  const char *type;
  gsize n;
  const double *seconds;
  const gint64 *ticks;
  const guint64 *microsteps;
  const double *values;
  const guint8 *present;
} HycoMatSignal;

/* Writes `resolution` (int32) and the struct array `signals` to @path, uncompressed; FALSE if
 * libmatio reported a failure (it does not check every write: check the file too). */
typedef gboolean (*HycoMatWrite) (const char *path, gint32 resolution, const HycoMatSignal *signals,
                                  guint n_signals);
#define HYCO_MAT_WRITE_SYMBOL "hyco_mat_write"

/* hyco-hdf5: a sweep's columns and attributes as an HDF5 file. */
typedef enum
{
  HYCO_HDF5_UINT32,
  HYCO_HDF5_INT32,
  HYCO_HDF5_DOUBLE,
  HYCO_HDF5_STRING, /* data: const char *[n], variable-length UTF-8 */
} HycoHdf5Kind;

typedef struct
{
  const char *name; /* a path: "parameters/x" makes the group */
  HycoHdf5Kind kind;
  gsize n;
  const void *data;
  const char *attribute_name; /* a string attribute of the dataset, or NULL */
  const char *attribute_text;
} HycoHdf5Column;

typedef struct
{
  const char *name;
  const char *text; /* a UTF-8 string attribute, or NULL for a uint32 one: */
  guint32 number;
} HycoHdf5Attribute;

/* Writes the datasets and the root's attributes to @path; FALSE on any failure. */
typedef gboolean (*HycoHdf5Write) (const char *path, const HycoHdf5Column *columns, guint n_columns,
                                   const HycoHdf5Attribute *attributes, guint n_attributes);
#define HYCO_HDF5_WRITE_SYMBOL "hyco_hdf5_write"

G_END_DECLS
