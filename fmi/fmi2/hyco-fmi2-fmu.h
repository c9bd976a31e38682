/* hyco-fmi2-fmu.h: the FMI 2.0 backend (with FMI-HC): an FMU's library and its instances; not
 * installed.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "hyco-fmi2.h"
#include "hyco-fmu.h"

#include <gmodule.h>

G_BEGIN_DECLS

/* The function table: FMI 2.0 functions are all resolved (a missing one fails the load,
 * except the optional ones listed in hyco-fmi2-fmu.c: fmi2GetDirectionalDerivative, the state
 * serialization functions, fmi2SetRealInputDerivatives, fmi2GetRealOutputDerivatives,
 * fmi2CancelStep and the fmi2Get*Status functions, which are NULL when absent); FMI-HC
 * functions are NULL when the library does not export them. */
typedef struct
{
#define HYCO_FMI2_DECLARE_MEMBER(ret, name, args) name##TYPE *name;
  HYCO_FMI2_FUNCTIONS (HYCO_FMI2_DECLARE_MEMBER)
  HYCO_FMI2_HYBRID_FUNCTIONS (HYCO_FMI2_DECLARE_MEMBER)
  HYCO_FMI2_ME_FUNCTIONS (HYCO_FMI2_DECLARE_MEMBER)
#undef HYCO_FMI2_DECLARE_MEMBER
} HycoFmi2Functions;

extern const HycoFmuBackend _hyco_fmi2_backend;

/* The library's functions, of an FMU the FMI 2.0 backend loaded. */
const HycoFmi2Functions *_hyco_fmi2_fmu_get_functions (HycoFmu *fmu);

/* fmi2OK and fmi2Warning: TRUE. fmi2Discard, fmi2Error, fmi2Fatal, fmi2Pending: FALSE with a
 * HYCO_FMU_ERROR_CALL error "FMU <modelName> (<instance>): <call> returned fmi2Error" (for
 * fmi2Pending: that asynchronous FMUs are not supported) and the last message the FMU logged
 * for that instance, if any. The message kept is the last one logged with fmi2Warning,
 * fmi2Discard, fmi2Error or fmi2Fatal since the previous check (or instantiation) of that
 * instance: every check forgets it. Value references in messages (`#r12#`) are replaced by
 * the variables' names. */
gboolean _hyco_fmi2_fmu_check (HycoFmu *fmu, const char *instance_name, fmi2Status status,
                               const char *call, GError **error);
/* Whether a check saw fmi2Fatal: then no call may be made to any instance of @fmu (FMI 2.0
 * section 2.1.3), not even fmi2FreeInstance. */
gboolean _hyco_fmi2_fmu_is_fatal (HycoFmu *fmu);

/* The instance's fmi2Component (hyco-fmi2-instance.c). */
fmi2Component _hyco_fmi2_instance_get_component (HycoFmuInstance *instance);
/* An instance of @component, which fmi2Instantiate returned for @instance_name. */
HycoFmuInstance *_hyco_fmi2_instance_new (HycoFmu *fmu, const char *instance_name,
                                          fmi2Component component);
/* The ops of @fmu's instances: NULL where @functions lacks what a call needs. */
void _hyco_fmi2_instance_ops_init (HycoFmuInstanceOps *ops, const HycoFmi2Functions *functions);

/* Model Exchange: an instance of @fmu (which has a ModelExchange element) instantiated with
 * fmi2ModelExchange, and the ME calls (@me) it takes. NULL with an error naming the FMU when
 * the FMU cannot be run that way. */
/* Its Model Exchange calls, resolved when the library was loaded (for a remote instance's
 * names). */
const HycoFmuModelExchangeOps *_hyco_fmi2_fmu_get_model_exchange_ops (HycoFmu *fmu);
HycoFmuInstance *_hyco_fmi2_fmu_instantiate_model_exchange (HycoFmu *fmu, const char *instance_name,
                                                            gboolean logging,
                                                            const HycoFmuModelExchangeOps **me,
                                                            GError **error);
void _hyco_fmi2_instance_model_exchange_ops_init (HycoFmuModelExchangeOps *ops,
                                                  const HycoFmi2Functions *functions);

G_END_DECLS
