/* hyco-fmi3-fmu.h: the FMI 3.0 backend: an FMU's library and its co-simulation instances; not
 * installed.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "hyco-fmi3.h"
#include "hyco-fmu.h"

G_BEGIN_DECLS

/* The function table: NULL where the library does not export a function. Loading checks that
 * what the FMU's description needs is there (hyco-fmi3-fmu.c). */
typedef struct
{
#define HYCO_FMI3_DECLARE_MEMBER(ret, name, args) name##TYPE *name;
  HYCO_FMI3_FUNCTIONS (HYCO_FMI3_DECLARE_MEMBER)
  HYCO_FMI3_ME_FUNCTIONS (HYCO_FMI3_DECLARE_MEMBER)
#undef HYCO_FMI3_DECLARE_MEMBER
} HycoFmi3Functions;

extern const HycoFmuBackend _hyco_fmi3_backend;

/* fmi3OK and fmi3Warning: TRUE. Others: FALSE with a HYCO_FMU_ERROR_CALL error
 * "FMU <modelName> (<instance>): <call> returned fmi3Error" and the last message the instance
 * logged at fmi3Warning or worse since the previous check, which every check forgets. */
gboolean _hyco_fmi3_fmu_check (HycoFmu *fmu, gpointer log, fmi3Status status, const char *call,
                               GError **error);

/* An instance of @instance (fmi3InstantiateCoSimulation's), logging into @log
 * (hyco-fmi3-instance.c). */
HycoFmuInstance *_hyco_fmi3_instance_new (HycoFmu *fmu, const HycoFmi3Functions *functions,
                                          gpointer log, fmi3Instance instance);
/* The FMU's own fmi3Instance behind @instance (for callers that make FMI calls directly). */
fmi3Instance _hyco_fmi3_instance_get_instance (HycoFmuInstance *instance);
/* The ops of @fmu's instances. */
void _hyco_fmi3_instance_ops_init (HycoFmuInstanceOps *ops, const HycoFmi3Functions *functions);

/* Model Exchange: an instance of @fmu (which has a ModelExchange element) made by
 * fmi3InstantiateModelExchange, and the ME calls (@me) it takes. NULL with an error naming the
 * FMU when the FMU cannot be run that way. */
/* Its Model Exchange calls, resolved when the library was loaded (for a remote instance's
 * names). */
const HycoFmuModelExchangeOps *_hyco_fmi3_fmu_get_model_exchange_ops (HycoFmu *fmu);
HycoFmuInstance *_hyco_fmi3_fmu_instantiate_model_exchange (HycoFmu *fmu, const char *instance_name,
                                                            gboolean logging,
                                                            const HycoFmuModelExchangeOps **me,
                                                            GError **error);
/* The ME calls on FMI 3.0 (hyco-fmi3-instance.c). */
void _hyco_fmi3_instance_model_exchange_ops_init (HycoFmuModelExchangeOps *ops);

G_END_DECLS
