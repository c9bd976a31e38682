/* fmu-integer-time.c: fmi2HybridDoStep and fmi2HybridGetMaxStepSize, integer time in ticks of
 * 10^r s from the start time, which make an FMU category 1 (or 2 to 4 with the resolution
 * functions).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "fmu-runtime.h"

fmi2Status
fmi2HybridDoStep (fmi2Component c, fmi2HybridTime currentPoint, fmi2HybridTime step,
                  fmi2Boolean noSetFMUStatePriorToCurrentPoint, fmi2HybridTime *performedStep)
{
  FmuInstance *fmu = c;

  if (!_fmu_check_phase (fmu, "fmi2HybridDoStep", FMU_IN (FMU_PHASE_STEP)))
    return fmi2Error;
  if (performedStep == NULL)
    return fmu_error (fmu, "fmi2HybridDoStep: NULL performedStep");
  /* Integer time is exact: the master's current point is the FMU's, or the master is lost. */
  if (currentPoint != fmu->clock.ticks)
    return fmu_error (fmu, "fmi2HybridDoStep: current point %llu, but the FMU is at %llu",
                      (unsigned long long) currentPoint, (unsigned long long) fmu->clock.ticks);
  _fmu_note_promise (fmu, noSetFMUStatePriorToCurrentPoint);
  return _fmu_hybrid_step (fmu, "fmi2HybridDoStep", step, performedStep);
}

fmi2Status
fmi2HybridGetMaxStepSize (fmi2Component c, fmi2HybridTime *maxStep)
{
  FmuInstance *fmu = c;

  if (!_fmu_check_phase (fmu, "fmi2HybridGetMaxStepSize", FMU_IN (FMU_PHASE_STEP)))
    return fmi2Error;
  if (maxStep == NULL)
    return fmu_error (fmu, "fmi2HybridGetMaxStepSize: NULL");
  *maxStep = fmi2HybridTimeMax;
  if (fmu->model->hybrid_get_max_step == NULL)
    return fmi2OK;
  return _fmu_finish (fmu, fmu->model->hybrid_get_max_step (fmu, maxStep));
}
