/* me-runtime.h: the small FMI 2.0 Model Exchange runtime of the test FMUs in tests/fmus/me/.
 *
 * It implements every FMI 2.0 function a Model Exchange FMU exports on top of a MeModel
 * (me-model.h), with a strict state machine (FMI 2.0 section 3.2.3): a call in a mode where the
 * standard does not allow it is logged and returns fmi2Error, so a host that gets the protocol
 * wrong fails its tests. Only Real variables; fmi2Get/SetInteger, Boolean and String accept no
 * value reference.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#define FMI2_EXPORT_FUNCTIONS
#include "hyco-fmi2.h"
#include "me-model.h"
