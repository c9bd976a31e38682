/* fmu-real-max-step.c: fmi2GetMaxStepSize, real time, which makes an FMU category 0B.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "fmu-runtime.h"

#include <math.h>

fmi2Status
fmi2GetMaxStepSize (fmi2Component c, fmi2Real *maxStep)
{
  FmuInstance *fmu = c;

  if (!_fmu_check_phase (fmu, "fmi2GetMaxStepSize", FMU_IN (FMU_PHASE_STEP)))
    return fmi2Error;
  if (maxStep == NULL)
    return fmu_error (fmu, "fmi2GetMaxStepSize: NULL");
  *maxStep = HUGE_VAL; /* no constraint */
  if (fmu->model->get_max_step == NULL)
    return fmi2OK;
  return _fmu_finish (fmu, fmu->model->get_max_step (fmu, maxStep));
}
