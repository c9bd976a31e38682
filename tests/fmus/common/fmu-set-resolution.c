/* fmu-set-resolution.c: fmi2SetResolution (categories 3 and 4). Only before the end of
 * initialization: models turn their parameters in seconds into ticks when it ends.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "fmu-runtime.h"

fmi2Status
fmi2SetResolution (fmi2Component c, fmi2Integer r)
{
  FmuInstance *fmu = c;

  if (!_fmu_check_phase (fmu, "fmi2SetResolution",
                         FMU_IN (FMU_PHASE_INSTANTIATED) | FMU_IN (FMU_PHASE_INITIALIZATION)))
    return fmi2Error;
  /* Beyond ±18 a tick count or a double of seconds stops being useful. */
  if (r < -18 || r > 18)
    return fmu_error (fmu, "fmi2SetResolution: 1e%d s is out of range", r);
  fmu->resolution = r;
  fmu_log (fmu, fmi2OK, "logAll", "fmi2SetResolution: 1e%d s", r);
  return fmi2OK;
}
