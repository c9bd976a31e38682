/* hyco-fmu-error.h: the errors of loading an FMU.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined(HYCO_INSIDE) && !defined(HYCO_COMPILATION)
#error "Only <hyco.h> can be included directly."
#endif

#include "hyco-export.h"

#include <glib.h>

G_BEGIN_DECLS

#define HYCO_FMU_ERROR (hyco_fmu_error_quark ())

/**
 * HycoFmuError:
 * @HYCO_FMU_ERROR_NOT_FOUND: no such file
 * @HYCO_FMU_ERROR_ARCHIVE: not a zip archive, unreadable, damaged or too large
 * @HYCO_FMU_ERROR_UNSAFE_PATH: an archive entry with an absolute path, a `..` component or a
 *   symbolic link
 * @HYCO_FMU_ERROR_DESCRIPTION: modelDescription.xml missing or malformed
 * @HYCO_FMU_ERROR_UNSUPPORTED: an FMI version or kind of FMU that Hyco does not run (it runs
 *   FMI 2.0 co-simulation FMUs)
 * @HYCO_FMU_ERROR_NO_BINARY: no library for this platform, or it does not load
 * @HYCO_FMU_ERROR_MISSING_FUNCTION: the library does not export a function its FMI version
 *   requires
 * @HYCO_FMU_ERROR_CALL: a call into the FMU failed
 *
 * Errors of loading an FMU and of calling it. Their messages start with the FMU's file name,
 * or for calls with the FMU's model name and instance.
 */
typedef enum
{
  HYCO_FMU_ERROR_NOT_FOUND,
  HYCO_FMU_ERROR_ARCHIVE,
  HYCO_FMU_ERROR_UNSAFE_PATH,
  HYCO_FMU_ERROR_DESCRIPTION,
  HYCO_FMU_ERROR_UNSUPPORTED,
  HYCO_FMU_ERROR_NO_BINARY,
  HYCO_FMU_ERROR_MISSING_FUNCTION,
  HYCO_FMU_ERROR_CALL,
} HycoFmuError;

HYCO_API GQuark hyco_fmu_error_quark (void);

G_END_DECLS
