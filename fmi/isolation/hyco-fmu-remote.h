/* hyco-fmu-remote.h: an FMU instance in a process of its own (FMUImport's isolation="process");
 * not installed.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "hyco-fmu.h"

G_BEGIN_DECLS

/* An instance of @fmu (co-simulation, FMI 2.0 or 3.0, for FMI 3.0 with @event_mode_used and
 * @early_return_allowed as _hyco_fmu_instantiate_with_events() takes them) created and run by
 * a host process (hyco-fmu-host), with the instance interface of an instance in this process:
 * the same calls
 * (the same functions present as @fmu's own), the same checks and messages, FMU states kept in
 * the host. A call whose process dies (a crash, exit()) or that does not return within
 * @call_timeout seconds (then the process is killed) returns the fatal status, and its check
 * gives a HYCO_FMU_ERROR_CALL error naming the FMU, the instance, the FMU file and the call:
 * nothing more is asked of that instance. NULL with an error naming the FMU when the host
 * cannot be started or the FMU cannot be instantiated there. */
HycoFmuInstance *_hyco_fmu_remote_instantiate (HycoFmu *fmu, const char *instance_name,
                                               gboolean logging, gboolean event_mode_used,
                                               gboolean early_return_allowed, double call_timeout,
                                               GError **error);

/* As _hyco_fmu_remote_instantiate(), a Model Exchange instance, as
 * _hyco_fmu_instantiate_model_exchange() makes one: its Model Exchange calls in @me. */
HycoFmuInstance *_hyco_fmu_remote_instantiate_model_exchange (HycoFmu *fmu,
                                                              const char *instance_name,
                                                              gboolean logging,
                                                              double call_timeout,
                                                              const HycoFmuModelExchangeOps **me,
                                                              GError **error);

/* Whether @instance runs in a host process. */
gboolean _hyco_fmu_remote_is_remote (HycoFmuInstance *instance);

/* How many round trips to its process the calls on @instance, a remote one, took: for the
 * tests and the benchmark of the read-ahead (a step and the gets after it: one). */
guint64 _hyco_fmu_remote_get_round_trips (HycoFmuInstance *instance);

/* Where the host program is: $HYCO_FMU_HOST if set, else next to the library in its build
 * tree when it runs from there, else where it is installed. */
char *_hyco_fmu_remote_host_path (void);

G_END_DECLS
