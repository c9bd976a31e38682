/* hyco-fmu-error.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-fmu-error.h"

/**
 * hyco_fmu_error_quark:
 *
 * The error domain of loading and calling FMUs.
 *
 * Returns: the #HycoFmuError domain
 */
/* The quark name is text, not a subtraction: keep clang-format away from it. */
/* clang-format off */
G_DEFINE_QUARK (hyco-fmu-error-quark, hyco_fmu_error)
/* clang-format on */
