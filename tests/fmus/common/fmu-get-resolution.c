/* fmu-get-resolution.c: fmi2GetPreferredResolution (categories 2 and 4).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "fmu-runtime.h"

fmi2Status
fmi2GetPreferredResolution (fmi2Component c, fmi2Integer *r)
{
  FmuInstance *fmu = c;

  if (!_fmu_check_phase (fmu, "fmi2GetPreferredResolution",
                         FMU_IN (FMU_PHASE_INSTANTIATED) | FMU_IN (FMU_PHASE_INITIALIZATION)
                           | FMU_IN (FMU_PHASE_STEP) | FMU_IN (FMU_PHASE_TERMINATED)))
    return fmi2Error;
  if (r == NULL)
    return fmu_error (fmu, "fmi2GetPreferredResolution: NULL");
  *r = fmu->model->resolution;
  return fmi2OK;
}
