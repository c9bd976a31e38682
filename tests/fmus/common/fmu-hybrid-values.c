/* fmu-hybrid-values.c: fmi2GetHybrid* and fmi2SetHybrid*, values with a signal status (absent
 * or present), for FMUs of categories 0B to 4.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "fmu-runtime.h"

#define HYBRID_GET_SET(Type, TYPE, ctype)                                                          \
  fmi2Status fmi2GetHybrid##Type (fmi2Component c, const fmi2ValueReference vr[], size_t nvr,      \
                                  ctype value[], fmi2SignalStatus status[])                        \
  {                                                                                                \
    return _fmu_get (c, "fmi2GetHybrid" #Type, TYPE, vr, nvr, value, status);                      \
  }                                                                                                \
  fmi2Status fmi2SetHybrid##Type (fmi2Component c, const fmi2ValueReference vr[], size_t nvr,      \
                                  const ctype value[], const fmi2SignalStatus status[])            \
  {                                                                                                \
    return _fmu_set (c, "fmi2SetHybrid" #Type, TYPE, vr, nvr, value, status);                      \
  }

HYBRID_GET_SET (Real, FMU_REAL, fmi2Real)
HYBRID_GET_SET (Integer, FMU_INTEGER, fmi2Integer)
HYBRID_GET_SET (Boolean, FMU_BOOLEAN, fmi2Boolean)
HYBRID_GET_SET (String, FMU_STRING, fmi2String)
