/* hyco-fmi2-instance.c: the instance interface (hyco-fmu-instance.h) on FMI 2.0 and FMI-HC
 * calls, each one call of the library's function.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-fmi2-fmu.h"

typedef struct
{
  HycoFmuInstance parent;
  const HycoFmi2Functions *fmi;
  fmi2Component component;
  HycoFmu *fmu; /* a reference */
  char *name;
} Instance;

/* The interface's types are FMI 2.0's: the calls pass arrays through. */
G_STATIC_ASSERT (sizeof (HycoFmuValueReference) == sizeof (fmi2ValueReference));
G_STATIC_ASSERT (sizeof (int) == sizeof (fmi2Integer) && sizeof (int) == sizeof (fmi2Boolean));
G_STATIC_ASSERT (sizeof (HycoFmuSignal) == sizeof (fmi2SignalStatus));
G_STATIC_ASSERT (HYCO_FMU_SIGNAL_PRESENT == fmi2SignalPresent
                 && HYCO_FMU_SIGNAL_ABSENT == fmi2SignalAbsent
                 && HYCO_FMU_SIGNAL_UNKNOWN == fmi2SignalUnknown);
G_STATIC_ASSERT ((int) HYCO_FMU_STATUS_OK == (int) fmi2OK
                 && (int) HYCO_FMU_STATUS_WARNING == (int) fmi2Warning
                 && (int) HYCO_FMU_STATUS_DISCARD == (int) fmi2Discard
                 && (int) HYCO_FMU_STATUS_ERROR == (int) fmi2Error
                 && (int) HYCO_FMU_STATUS_FATAL == (int) fmi2Fatal
                 && (int) HYCO_FMU_STATUS_PENDING == (int) fmi2Pending);

#define INSTANCE(self) ((Instance *) (self))
#define CALL(self, function, ...)                                                                  \
  ((HycoFmuStatus) INSTANCE (self)->fmi->function (INSTANCE (self)->component, __VA_ARGS__))

static HycoFmuStatus
setup_experiment (HycoFmuInstance *self, gboolean tolerance_defined, double tolerance,
                  double start_time, gboolean stop_time_defined, double stop_time)
{
  return CALL (self, fmi2SetupExperiment, tolerance_defined ? fmi2True : fmi2False, tolerance,
               start_time, stop_time_defined ? fmi2True : fmi2False, stop_time);
}

static HycoFmuStatus
enter_initialization_mode (HycoFmuInstance *self)
{
  return (HycoFmuStatus) INSTANCE (self)->fmi->fmi2EnterInitializationMode (
    INSTANCE (self)->component);
}

static HycoFmuStatus
exit_initialization_mode (HycoFmuInstance *self)
{
  return (HycoFmuStatus) INSTANCE (self)->fmi->fmi2ExitInitializationMode (
    INSTANCE (self)->component);
}

static HycoFmuStatus
terminate (HycoFmuInstance *self)
{
  return (HycoFmuStatus) INSTANCE (self)->fmi->fmi2Terminate (INSTANCE (self)->component);
}

/* Getters and setters of each type, plain and hybrid. */
#define ACCESSORS(name, Name, type)                                                                \
  static HycoFmuStatus set_##name (HycoFmuInstance *self, const HycoFmuValueReference *vr,         \
                                   gsize n, const type *values)                                    \
  {                                                                                                \
    return CALL (self, fmi2Set##Name, vr, n, values);                                              \
  }                                                                                                \
  static HycoFmuStatus get_##name (HycoFmuInstance *self, const HycoFmuValueReference *vr,         \
                                   gsize n, type *values)                                          \
  {                                                                                                \
    return CALL (self, fmi2Get##Name, vr, n, values);                                              \
  }                                                                                                \
  static HycoFmuStatus set_hybrid_##name (HycoFmuInstance *self, const HycoFmuValueReference *vr,  \
                                          gsize n, const type *values,                             \
                                          const HycoFmuSignal *presence)                           \
  {                                                                                                \
    return CALL (self, fmi2SetHybrid##Name, vr, n, values, (const fmi2SignalStatus *) presence);   \
  }                                                                                                \
  static HycoFmuStatus get_hybrid_##name (HycoFmuInstance *self, const HycoFmuValueReference *vr,  \
                                          gsize n, type *values, HycoFmuSignal *presence)          \
  {                                                                                                \
    return CALL (self, fmi2GetHybrid##Name, vr, n, values, (fmi2SignalStatus *) presence);         \
  }

ACCESSORS (real, Real, double)
ACCESSORS (integer, Integer, int)
ACCESSORS (boolean, Boolean, int)
#undef ACCESSORS

static HycoFmuStatus
set_string (HycoFmuInstance *self, const HycoFmuValueReference *vr, gsize n,
            const char *const *values)
{
  return CALL (self, fmi2SetString, vr, n, (const fmi2String *) values);
}

static HycoFmuStatus
get_string (HycoFmuInstance *self, const HycoFmuValueReference *vr, gsize n, const char **values)
{
  return CALL (self, fmi2GetString, vr, n, values);
}

static HycoFmuStatus
set_hybrid_string (HycoFmuInstance *self, const HycoFmuValueReference *vr, gsize n,
                   const char *const *values, const HycoFmuSignal *presence)
{
  return CALL (self, fmi2SetHybridString, vr, n, (const fmi2String *) values,
               (const fmi2SignalStatus *) presence);
}

static HycoFmuStatus
get_hybrid_string (HycoFmuInstance *self, const HycoFmuValueReference *vr, gsize n,
                   const char **values, HycoFmuSignal *presence)
{
  return CALL (self, fmi2GetHybridString, vr, n, values, (fmi2SignalStatus *) presence);
}

static HycoFmuStatus
do_step (HycoFmuInstance *self, double current_time, double step, gboolean no_rollback)
{
  return CALL (self, fmi2DoStep, current_time, step, no_rollback ? fmi2True : fmi2False);
}

static HycoFmuStatus
do_integer_step (HycoFmuInstance *self, guint64 current_time, guint64 step, gboolean no_rollback,
                 guint64 *performed)
{
  fmi2HybridTime done = 0;
  HycoFmuStatus status = CALL (self, fmi2HybridDoStep, (fmi2HybridTime) current_time,
                               (fmi2HybridTime) step, no_rollback ? fmi2True : fmi2False, &done);

  *performed = done;
  return status;
}

static HycoFmuStatus
get_max_step_size (HycoFmuInstance *self, double *max_step)
{
  return CALL (self, fmi2GetMaxStepSize, max_step);
}

/* FMI-HC's "no limit", fmi2HybridTimeMax, is G_MAXUINT64. */
G_STATIC_ASSERT (fmi2HybridTimeMax == G_MAXUINT64);

static HycoFmuStatus
get_integer_max_step_size (HycoFmuInstance *self, guint64 *max_step)
{
  fmi2HybridTime step = (fmi2HybridTime) *max_step;
  HycoFmuStatus status = CALL (self, fmi2HybridGetMaxStepSize, &step);

  *max_step = step;
  return status;
}

static HycoFmuStatus
set_resolution (HycoFmuInstance *self, int resolution)
{
  return CALL (self, fmi2SetResolution, resolution);
}

static HycoFmuStatus
get_preferred_resolution (HycoFmuInstance *self, int *resolution)
{
  return CALL (self, fmi2GetPreferredResolution, resolution);
}

static HycoFmuStatus
get_last_successful_time (HycoFmuInstance *self, double *time)
{
  return CALL (self, fmi2GetRealStatus, fmi2LastSuccessfulTime, time);
}

static HycoFmuStatus
get_terminated (HycoFmuInstance *self, gboolean *terminated)
{
  fmi2Boolean value = *terminated ? fmi2True : fmi2False;
  HycoFmuStatus status = CALL (self, fmi2GetBooleanStatus, fmi2Terminated, &value);

  *terminated = value;
  return status;
}

static HycoFmuStatus
get_state (HycoFmuInstance *self, gpointer *state)
{
  return CALL (self, fmi2GetFMUstate, state);
}

static HycoFmuStatus
set_state (HycoFmuInstance *self, gpointer state)
{
  return CALL (self, fmi2SetFMUstate, state);
}

static HycoFmuStatus
free_state (HycoFmuInstance *self, gpointer *state)
{
  return CALL (self, fmi2FreeFMUstate, state);
}

static gboolean
check (HycoFmuInstance *self, HycoFmuStatus status, const char *call, GError **error)
{
  return _hyco_fmi2_fmu_check (INSTANCE (self)->fmu, INSTANCE (self)->name, (fmi2Status) status,
                               call, error);
}

static void
free_instance (HycoFmuInstance *self)
{
  Instance *instance = INSTANCE (self);

  instance->fmi->fmi2FreeInstance (instance->component);
  _hyco_fmu_unref (instance->fmu);
  g_free (instance->name);
  g_free (instance);
}

static const HycoFmuCallNames names = {
  .setup_experiment = "fmi2SetupExperiment",
  .enter_initialization_mode = "fmi2EnterInitializationMode",
  .exit_initialization_mode = "fmi2ExitInitializationMode",
  .terminate = "fmi2Terminate",
  .set_real = "fmi2SetReal",
  .set_integer = "fmi2SetInteger",
  .set_boolean = "fmi2SetBoolean",
  .set_string = "fmi2SetString",
  .get_real = "fmi2GetReal",
  .get_integer = "fmi2GetInteger",
  .get_boolean = "fmi2GetBoolean",
  .get_string = "fmi2GetString",
  .set_hybrid_real = "fmi2SetHybridReal",
  .set_hybrid_integer = "fmi2SetHybridInteger",
  .set_hybrid_boolean = "fmi2SetHybridBoolean",
  .set_hybrid_string = "fmi2SetHybridString",
  .get_hybrid_real = "fmi2GetHybridReal",
  .get_hybrid_integer = "fmi2GetHybridInteger",
  .get_hybrid_boolean = "fmi2GetHybridBoolean",
  .get_hybrid_string = "fmi2GetHybridString",
  .do_step = "fmi2DoStep",
  .do_integer_step = "fmi2HybridDoStep",
  .get_max_step_size = "fmi2GetMaxStepSize",
  .get_integer_max_step_size = "fmi2HybridGetMaxStepSize",
  .set_resolution = "fmi2SetResolution",
  .get_preferred_resolution = "fmi2GetPreferredResolution",
  .get_last_successful_time = "fmi2GetRealStatus",
  .get_terminated = "fmi2GetBooleanStatus",
  .get_state = "fmi2GetFMUstate",
  .set_state = "fmi2SetFMUstate",
  .free_state = "fmi2FreeFMUstate",
};

void
_hyco_fmi2_instance_ops_init (HycoFmuInstanceOps *ops, const HycoFmi2Functions *fmi)
{
#define OP(name, function) ops->name = fmi->function ? name : NULL;
  OP (setup_experiment, fmi2SetupExperiment)
  OP (enter_initialization_mode, fmi2EnterInitializationMode)
  OP (exit_initialization_mode, fmi2ExitInitializationMode)
  OP (terminate, fmi2Terminate)
  OP (set_real, fmi2SetReal)
  OP (set_integer, fmi2SetInteger)
  OP (set_boolean, fmi2SetBoolean)
  OP (set_string, fmi2SetString)
  OP (get_real, fmi2GetReal)
  OP (get_integer, fmi2GetInteger)
  OP (get_boolean, fmi2GetBoolean)
  OP (get_string, fmi2GetString)
  OP (set_hybrid_real, fmi2SetHybridReal)
  OP (set_hybrid_integer, fmi2SetHybridInteger)
  OP (set_hybrid_boolean, fmi2SetHybridBoolean)
  OP (set_hybrid_string, fmi2SetHybridString)
  OP (get_hybrid_real, fmi2GetHybridReal)
  OP (get_hybrid_integer, fmi2GetHybridInteger)
  OP (get_hybrid_boolean, fmi2GetHybridBoolean)
  OP (get_hybrid_string, fmi2GetHybridString)
  OP (do_step, fmi2DoStep)
  OP (do_integer_step, fmi2HybridDoStep)
  OP (get_max_step_size, fmi2GetMaxStepSize)
  OP (get_integer_max_step_size, fmi2HybridGetMaxStepSize)
  OP (set_resolution, fmi2SetResolution)
  OP (get_preferred_resolution, fmi2GetPreferredResolution)
  OP (get_last_successful_time, fmi2GetRealStatus)
  OP (get_terminated, fmi2GetBooleanStatus)
  OP (get_state, fmi2GetFMUstate)
  OP (set_state, fmi2SetFMUstate)
  OP (free_state, fmi2FreeFMUstate)
#undef OP
  ops->check = check;
  ops->free = free_instance;
  ops->names = &names;
  ops->terminated_status = "fmi2Terminated";
}

HycoFmuInstance *
_hyco_fmi2_instance_new (HycoFmu *fmu, const char *instance_name, fmi2Component component)
{
  Instance *instance = g_new0 (Instance, 1);

  instance->parent.ops = fmu->ops;
  instance->fmi = _hyco_fmi2_fmu_get_functions (fmu);
  instance->component = component;
  instance->fmu = _hyco_fmu_ref (fmu);
  instance->name = g_strdup (instance_name);
  return &instance->parent;
}

fmi2Component
_hyco_fmi2_instance_get_component (HycoFmuInstance *instance)
{
  g_return_val_if_fail (instance != NULL, NULL);

  return INSTANCE (instance)->component;
}
