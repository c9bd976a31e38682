/* hyco-fmi2-instance.c: the instance interface (hyco-fmu-instance.h) on FMI 2.0 and FMI-HC:
 * the library's functions themselves, and an instance's errors and end.
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

G_STATIC_ASSERT (sizeof (HycoFmuStatusKind) == sizeof (fmi2StatusKind));
G_STATIC_ASSERT ((int) HYCO_FMU_STATUS_KIND_DO_STEP == (int) fmi2DoStepStatus
                 && (int) HYCO_FMU_STATUS_KIND_PENDING == (int) fmi2PendingStatus
                 && (int) HYCO_FMU_STATUS_KIND_LAST_SUCCESSFUL_TIME == (int) fmi2LastSuccessfulTime
                 && (int) HYCO_FMU_STATUS_KIND_TERMINATED == (int) fmi2Terminated);
G_STATIC_ASSERT (sizeof (HycoFmuStatus) == sizeof (fmi2Status));
G_STATIC_ASSERT (sizeof (gboolean) == sizeof (fmi2Boolean) && TRUE == fmi2True);
G_STATIC_ASSERT (sizeof (guint64) == sizeof (fmi2HybridTime));
G_STATIC_ASSERT (sizeof (gsize) == sizeof (size_t));
/* FMI-HC's "no limit", fmi2HybridTimeMax, is G_MAXUINT64. */
G_STATIC_ASSERT (fmi2HybridTimeMax == G_MAXUINT64);

#define INSTANCE(self) ((Instance *) (self))

static gboolean
check (HycoFmuInstance *self, HycoFmuStatus status, const char *call, GError **error)
{
  Instance *instance = INSTANCE (self);

  /* A step left running asynchronously (fmi2Pending, refused by the check) is cancelled, as
   * FMI 2.0 section 4.2.3 has a master do when it stops the run. */
  if (status == HYCO_FMU_STATUS_PENDING && instance->fmi->fmi2CancelStep != NULL)
    instance->fmi->fmi2CancelStep (instance->component);
  return _hyco_fmi2_fmu_check (instance->fmu, instance->name, (fmi2Status) status, call, error);
}

/* The components of FMUs that returned fmi2Fatal. FMI 2.0 section 2.1.3 forbids any further
 * call, fmi2FreeInstance included, so what the FMU allocated cannot be given back: it is kept
 * here, reachable, until the process ends (leak checkers count it as still reachable). */
static GPtrArray *abandoned;
static GMutex abandoned_lock;

static void
abandon (fmi2Component component)
{
  g_mutex_lock (&abandoned_lock);
  if (abandoned == NULL)
    abandoned = g_ptr_array_new ();
  g_ptr_array_add (abandoned, component);
  g_mutex_unlock (&abandoned_lock);
}

static void
free_instance (HycoFmuInstance *self)
{
  Instance *instance = INSTANCE (self);

  if (_hyco_fmi2_fmu_is_fatal (instance->fmu))
    abandon (instance->component);
  else
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
  .get_real_status = "fmi2GetRealStatus",
  .get_boolean_status = "fmi2GetBooleanStatus",
  .get_state = "fmi2GetFMUstate",
  .set_state = "fmi2SetFMUstate",
  .free_state = "fmi2FreeFMUstate",
};

/* Each call is the library's own function: the interface's calls are FMI 2.0's, with the
 * fmi2Component as the handle and the same types (asserted above), so that the FMU actor's
 * calls cost what calling the FMU directly costs. */
void
_hyco_fmi2_instance_ops_init (HycoFmuInstanceOps *ops, const HycoFmi2Functions *fmi)
{
#define OP(name, function) ops->name = (__typeof__ (ops->name)) (void (*) (void)) fmi->function;
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
  OP (get_real_status, fmi2GetRealStatus)
  OP (get_boolean_status, fmi2GetBooleanStatus)
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
  instance->parent.handle = component;
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

static const HycoFmuModelExchangeCallNames model_exchange_names = {
  .set_time = "fmi2SetTime",
  .set_continuous_states = "fmi2SetContinuousStates",
  .get_derivatives = "fmi2GetDerivatives",
  .get_event_indicators = "fmi2GetEventIndicators",
  .get_continuous_states = "fmi2GetContinuousStates",
  .get_nominals_of_continuous_states = "fmi2GetNominalsOfContinuousStates",
  .enter_event_mode = "fmi2EnterEventMode",
  .new_discrete_states = "fmi2NewDiscreteStates",
  .enter_continuous_time_mode = "fmi2EnterContinuousTimeMode",
  .completed_integrator_step = "fmi2CompletedIntegratorStep",
};

/* The event information passes through as FMI 2.0's. */
G_STATIC_ASSERT (sizeof (HycoFmuEventInfo) == sizeof (fmi2EventInfo));
G_STATIC_ASSERT (G_STRUCT_OFFSET (HycoFmuEventInfo, next_event_time)
                 == G_STRUCT_OFFSET (fmi2EventInfo, nextEventTime));
G_STATIC_ASSERT (G_STRUCT_OFFSET (HycoFmuEventInfo, next_event_time_defined)
                 == G_STRUCT_OFFSET (fmi2EventInfo, nextEventTimeDefined));

/* As for co-simulation, each call is the library's own function. */
void
_hyco_fmi2_instance_model_exchange_ops_init (HycoFmuModelExchangeOps *ops,
                                             const HycoFmi2Functions *fmi)
{
#define OP(name, function) ops->name = (__typeof__ (ops->name)) (void (*) (void)) fmi->function;
  OP (set_time, fmi2SetTime)
  OP (set_continuous_states, fmi2SetContinuousStates)
  OP (get_derivatives, fmi2GetDerivatives)
  OP (get_event_indicators, fmi2GetEventIndicators)
  OP (get_continuous_states, fmi2GetContinuousStates)
  OP (get_nominals_of_continuous_states, fmi2GetNominalsOfContinuousStates)
  OP (enter_event_mode, fmi2EnterEventMode)
  OP (new_discrete_states, fmi2NewDiscreteStates)
  OP (enter_continuous_time_mode, fmi2EnterContinuousTimeMode)
  OP (completed_integrator_step, fmi2CompletedIntegratorStep)
#undef OP
  ops->names = &model_exchange_names;
}
