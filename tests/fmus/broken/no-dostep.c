/* no-dostep.c: a library that exports every FMI 2.0 function but fmi2DoStep, all of them stubs,
 * for the loader's missing-function error (make-broken.py packs it as missing-function.fmu).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#define FMI2_EXPORT_FUNCTIONS
#include "hyco-fmi2.h"

/* fmi2DoStep's stub gets another name, with internal linkage: the library does not export it. */
#define fmi2DoStep missing_fmi2DoStep
static fmi2DoStepTYPE missing_fmi2DoStep __attribute__ ((unused));

#define STUB(ret, name, args)                                                                      \
  ret name args                                                                                    \
  {                                                                                                \
    return (ret) 0;                                                                                \
  }
HYCO_FMI2_FUNCTIONS (STUB)
