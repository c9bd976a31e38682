/* hyco-fmi3-instance.c: the instance interface (hyco-fmu-instance.h) on FMI 3.0: each call a
 * small function over the library's, since FMI 3.0's types and arguments differ from the
 * interface's (fmi3Boolean is one byte, getters take a number of values, the experiment is
 * given to fmi3EnterInitializationMode).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-fmi3-fmu.h"

typedef struct
{
  HycoFmuInstance parent; /* its handle is this struct */
  const HycoFmi3Functions *fmi;
  fmi3Instance instance;
  HycoFmu *fmu; /* a reference */
  gpointer log;
  /* What setup_experiment was given, for fmi3EnterInitializationMode. */
  gboolean tolerance_defined, stop_time_defined;
  double tolerance, start_time, stop_time;
  /* What the last fmi3DoStep said, for the FMI 2.0 style status getters. */
  double last_successful_time;
  gboolean terminated;
  GArray *booleans; /* fmi3Boolean scratch: gboolean arrays converted */
} Instance;

#define INSTANCE(handle) ((Instance *) (handle))

fmi3Instance
_hyco_fmi3_instance_get_instance (HycoFmuInstance *instance)
{
  return ((Instance *) instance)->instance;
}

G_STATIC_ASSERT (sizeof (HycoFmuValueReference) == sizeof (fmi3ValueReference));
G_STATIC_ASSERT ((int) HYCO_FMU_STATUS_OK == (int) fmi3OK
                 && (int) HYCO_FMU_STATUS_WARNING == (int) fmi3Warning
                 && (int) HYCO_FMU_STATUS_DISCARD == (int) fmi3Discard
                 && (int) HYCO_FMU_STATUS_ERROR == (int) fmi3Error
                 && (int) HYCO_FMU_STATUS_FATAL == (int) fmi3Fatal);
G_STATIC_ASSERT (sizeof (int) == sizeof (fmi3Int32) && sizeof (double) == sizeof (fmi3Float64));

static gboolean
check (HycoFmuInstance *self, HycoFmuStatus status, const char *call, GError **error)
{
  return _hyco_fmi3_fmu_check (INSTANCE (self)->fmu, INSTANCE (self)->log, (fmi3Status) status,
                               call, error);
}

static void
free_instance (HycoFmuInstance *self)
{
  Instance *instance = INSTANCE (self);

  instance->fmi->fmi3FreeInstance (instance->instance);
  _hyco_fmu_unref (instance->fmu);
  g_array_unref (instance->booleans);
  g_free (instance);
}

/* The calls ------------------------------------------------------------------------------ */

static HycoFmuStatus
setup_experiment (gpointer handle, gboolean tolerance_defined, double tolerance, double start_time,
                  gboolean stop_time_defined, double stop_time)
{
  Instance *self = INSTANCE (handle);

  self->tolerance_defined = tolerance_defined;
  self->tolerance = tolerance;
  self->start_time = start_time;
  self->stop_time_defined = stop_time_defined;
  self->stop_time = stop_time;
  return HYCO_FMU_STATUS_OK;
}

static HycoFmuStatus
enter_initialization_mode (gpointer handle)
{
  Instance *self = INSTANCE (handle);

  return (HycoFmuStatus) self->fmi->fmi3EnterInitializationMode (
    self->instance, self->tolerance_defined, self->tolerance, self->start_time,
    self->stop_time_defined, self->stop_time);
}

static HycoFmuStatus
exit_initialization_mode (gpointer handle)
{
  return (HycoFmuStatus) INSTANCE (handle)->fmi->fmi3ExitInitializationMode (
    INSTANCE (handle)->instance);
}

static HycoFmuStatus
terminate (gpointer handle)
{
  return (HycoFmuStatus) INSTANCE (handle)->fmi->fmi3Terminate (INSTANCE (handle)->instance);
}

/* A gboolean array as fmi3Booleans, in the instance's scratch array. */
static fmi3Boolean *
to_booleans (Instance *self, const int *values, gsize n)
{
  fmi3Boolean *booleans;

  g_array_set_size (self->booleans, n);
  booleans = (fmi3Boolean *) (void *) self->booleans->data;
  for (gsize i = 0; values && i < n; i++)
    booleans[i] = values[i] != 0;
  return booleans;
}

static HycoFmuStatus
get_values (gpointer handle, HycoFmuType type, const HycoFmuValueReference *vr, gsize n,
            gpointer values, gsize n_values)
{
  Instance *self = INSTANCE (handle);
  const HycoFmi3Functions *fmi = self->fmi;
  fmi3Instance c = self->instance;
  fmi3Status status;

  switch (type)
    {
    case HYCO_FMU_TYPE_REAL:
      return (HycoFmuStatus) fmi->fmi3GetFloat64 (c, vr, n, values, n_values);
    case HYCO_FMU_TYPE_FLOAT32:
      return (HycoFmuStatus) fmi->fmi3GetFloat32 (c, vr, n, values, n_values);
    case HYCO_FMU_TYPE_INT8:
      return (HycoFmuStatus) fmi->fmi3GetInt8 (c, vr, n, values, n_values);
    case HYCO_FMU_TYPE_UINT8:
      return (HycoFmuStatus) fmi->fmi3GetUInt8 (c, vr, n, values, n_values);
    case HYCO_FMU_TYPE_INT16:
      return (HycoFmuStatus) fmi->fmi3GetInt16 (c, vr, n, values, n_values);
    case HYCO_FMU_TYPE_UINT16:
      return (HycoFmuStatus) fmi->fmi3GetUInt16 (c, vr, n, values, n_values);
    case HYCO_FMU_TYPE_INTEGER:
      return (HycoFmuStatus) fmi->fmi3GetInt32 (c, vr, n, values, n_values);
    case HYCO_FMU_TYPE_UINT32:
      return (HycoFmuStatus) fmi->fmi3GetUInt32 (c, vr, n, values, n_values);
    case HYCO_FMU_TYPE_INT64:
    case HYCO_FMU_TYPE_ENUMERATION:
      return (HycoFmuStatus) fmi->fmi3GetInt64 (c, vr, n, values, n_values);
    case HYCO_FMU_TYPE_UINT64:
      return (HycoFmuStatus) fmi->fmi3GetUInt64 (c, vr, n, values, n_values);
    case HYCO_FMU_TYPE_STRING:
      return (HycoFmuStatus) fmi->fmi3GetString (c, vr, n, values, n_values);
    case HYCO_FMU_TYPE_BOOLEAN:
    case HYCO_FMU_TYPE_CLOCK:
      {
        fmi3Boolean *booleans = to_booleans (self, NULL, n_values);
        int *out = values;
        status = type == HYCO_FMU_TYPE_BOOLEAN
                   ? fmi->fmi3GetBoolean (c, vr, n, booleans, n_values)
                   : fmi->fmi3GetClock (c, vr, n, booleans);
        for (gsize i = 0; i < n_values; i++)
          out[i] = booleans[i] ? TRUE : FALSE;
        return (HycoFmuStatus) status;
      }
    case HYCO_FMU_TYPE_BINARY:
      break;
    }
  g_return_val_if_reached (HYCO_FMU_STATUS_ERROR);
}

static HycoFmuStatus
set_values (gpointer handle, HycoFmuType type, const HycoFmuValueReference *vr, gsize n,
            gconstpointer values, gsize n_values)
{
  Instance *self = INSTANCE (handle);
  const HycoFmi3Functions *fmi = self->fmi;
  fmi3Instance c = self->instance;

  switch (type)
    {
    case HYCO_FMU_TYPE_REAL:
      return (HycoFmuStatus) fmi->fmi3SetFloat64 (c, vr, n, values, n_values);
    case HYCO_FMU_TYPE_FLOAT32:
      return (HycoFmuStatus) fmi->fmi3SetFloat32 (c, vr, n, values, n_values);
    case HYCO_FMU_TYPE_INT8:
      return (HycoFmuStatus) fmi->fmi3SetInt8 (c, vr, n, values, n_values);
    case HYCO_FMU_TYPE_UINT8:
      return (HycoFmuStatus) fmi->fmi3SetUInt8 (c, vr, n, values, n_values);
    case HYCO_FMU_TYPE_INT16:
      return (HycoFmuStatus) fmi->fmi3SetInt16 (c, vr, n, values, n_values);
    case HYCO_FMU_TYPE_UINT16:
      return (HycoFmuStatus) fmi->fmi3SetUInt16 (c, vr, n, values, n_values);
    case HYCO_FMU_TYPE_INTEGER:
      return (HycoFmuStatus) fmi->fmi3SetInt32 (c, vr, n, values, n_values);
    case HYCO_FMU_TYPE_UINT32:
      return (HycoFmuStatus) fmi->fmi3SetUInt32 (c, vr, n, values, n_values);
    case HYCO_FMU_TYPE_INT64:
    case HYCO_FMU_TYPE_ENUMERATION:
      return (HycoFmuStatus) fmi->fmi3SetInt64 (c, vr, n, values, n_values);
    case HYCO_FMU_TYPE_UINT64:
      return (HycoFmuStatus) fmi->fmi3SetUInt64 (c, vr, n, values, n_values);
    case HYCO_FMU_TYPE_STRING:
      return (HycoFmuStatus) fmi->fmi3SetString (c, vr, n, values, n_values);
    case HYCO_FMU_TYPE_BOOLEAN:
      return (HycoFmuStatus) fmi->fmi3SetBoolean (c, vr, n, to_booleans (self, values, n_values),
                                                  n_values);
    case HYCO_FMU_TYPE_CLOCK:
      return (HycoFmuStatus) fmi->fmi3SetClock (c, vr, n, to_booleans (self, values, n_values));
    case HYCO_FMU_TYPE_BINARY:
      break;
    }
  g_return_val_if_reached (HYCO_FMU_STATUS_ERROR);
}

static HycoFmuStatus
get_binary (gpointer handle, const HycoFmuValueReference *vr, gsize n, gsize *sizes,
            const guint8 **values, gsize n_values)
{
  return (HycoFmuStatus) INSTANCE (handle)->fmi->fmi3GetBinary (INSTANCE (handle)->instance, vr, n,
                                                                sizes, values, n_values);
}

static HycoFmuStatus
set_binary (gpointer handle, const HycoFmuValueReference *vr, gsize n, const gsize *sizes,
            const guint8 *const *values, gsize n_values)
{
  return (HycoFmuStatus) INSTANCE (handle)->fmi->fmi3SetBinary (
    INSTANCE (handle)->instance, vr, n, sizes, (const fmi3Binary *) values, n_values);
}

/* FMI 2.0's scalar calls, for what the actor does the same in every version. */
static HycoFmuStatus
set_real (gpointer handle, const HycoFmuValueReference *vr, gsize n, const double *values)
{
  return set_values (handle, HYCO_FMU_TYPE_REAL, vr, n, values, n);
}

static HycoFmuStatus
set_integer (gpointer handle, const HycoFmuValueReference *vr, gsize n, const int *values)
{
  return set_values (handle, HYCO_FMU_TYPE_INTEGER, vr, n, values, n);
}

static HycoFmuStatus
set_boolean (gpointer handle, const HycoFmuValueReference *vr, gsize n, const int *values)
{
  return set_values (handle, HYCO_FMU_TYPE_BOOLEAN, vr, n, values, n);
}

static HycoFmuStatus
set_string (gpointer handle, const HycoFmuValueReference *vr, gsize n, const char *const *values)
{
  return set_values (handle, HYCO_FMU_TYPE_STRING, vr, n, values, n);
}

static HycoFmuStatus
get_real (gpointer handle, const HycoFmuValueReference *vr, gsize n, double *values)
{
  return get_values (handle, HYCO_FMU_TYPE_REAL, vr, n, values, n);
}

static HycoFmuStatus
get_integer (gpointer handle, const HycoFmuValueReference *vr, gsize n, int *values)
{
  return get_values (handle, HYCO_FMU_TYPE_INTEGER, vr, n, values, n);
}

static HycoFmuStatus
get_boolean (gpointer handle, const HycoFmuValueReference *vr, gsize n, int *values)
{
  return get_values (handle, HYCO_FMU_TYPE_BOOLEAN, vr, n, values, n);
}

static HycoFmuStatus
get_string (gpointer handle, const HycoFmuValueReference *vr, gsize n, const char **values)
{
  return get_values (handle, HYCO_FMU_TYPE_STRING, vr, n, (gpointer) values, n);
}

static HycoFmuStatus
do_event_step (gpointer handle, double current_time, double step, gboolean no_rollback,
               gboolean *event_handling_needed, gboolean *terminate_simulation,
               gboolean *early_return, double *last_successful_time)
{
  Instance *self = INSTANCE (handle);
  fmi3Boolean event = fmi3False, terminated = fmi3False, early = fmi3False;
  double last = current_time + step;
  fmi3Status status = self->fmi->fmi3DoStep (self->instance, current_time, step,
                                             no_rollback ? fmi3True : fmi3False, &event,
                                             &terminated, &early, &last);

  *event_handling_needed = event;
  *terminate_simulation = terminated;
  *early_return = early;
  *last_successful_time = last;
  self->terminated = terminated;
  self->last_successful_time = last;
  return (HycoFmuStatus) status;
}

/* fmi3DoStep as FMI 2.0's: an early return is a discard whose last successful time the status
 * getters give, and the end of the simulation the terminated status. */
static HycoFmuStatus
do_step (gpointer handle, double current_time, double step, gboolean no_rollback)
{
  gboolean event, terminated, early;
  double last;
  HycoFmuStatus status = do_event_step (handle, current_time, step, no_rollback, &event,
                                        &terminated, &early, &last);

  if (status <= HYCO_FMU_STATUS_WARNING && (early || terminated))
    return HYCO_FMU_STATUS_DISCARD;
  return status;
}

static HycoFmuStatus
get_real_status (gpointer handle, HycoFmuStatusKind kind, double *value)
{
  if (kind != HYCO_FMU_STATUS_KIND_LAST_SUCCESSFUL_TIME)
    return HYCO_FMU_STATUS_DISCARD;
  *value = INSTANCE (handle)->last_successful_time;
  return HYCO_FMU_STATUS_OK;
}

static HycoFmuStatus
get_boolean_status (gpointer handle, HycoFmuStatusKind kind, gboolean *value)
{
  if (kind != HYCO_FMU_STATUS_KIND_TERMINATED)
    return HYCO_FMU_STATUS_DISCARD;
  *value = INSTANCE (handle)->terminated;
  return HYCO_FMU_STATUS_OK;
}

static HycoFmuStatus
enter_event_mode (gpointer handle)
{
  return (HycoFmuStatus) INSTANCE (handle)->fmi->fmi3EnterEventMode (INSTANCE (handle)->instance);
}

static HycoFmuStatus
enter_step_mode (gpointer handle)
{
  return (HycoFmuStatus) INSTANCE (handle)->fmi->fmi3EnterStepMode (INSTANCE (handle)->instance);
}

G_STATIC_ASSERT (sizeof (int) == sizeof (fmi3IntervalQualifier));

static HycoFmuStatus
get_interval_decimal (gpointer handle, const HycoFmuValueReference *vr, gsize n, double *intervals,
                      int *qualifiers)
{
  return (HycoFmuStatus) INSTANCE (handle)->fmi->fmi3GetIntervalDecimal (
    INSTANCE (handle)->instance, vr, n, intervals, (fmi3IntervalQualifier *) qualifiers);
}

static HycoFmuStatus
get_shift_decimal (gpointer handle, const HycoFmuValueReference *vr, gsize n, double *shifts)
{
  return (HycoFmuStatus) INSTANCE (handle)->fmi->fmi3GetShiftDecimal (INSTANCE (handle)->instance,
                                                                      vr, n, shifts);
}

static HycoFmuStatus
get_interval_fraction (gpointer handle, const HycoFmuValueReference *vr, gsize n, guint64 *counters,
                       guint64 *resolutions, int *qualifiers)
{
  return (HycoFmuStatus) INSTANCE (handle)->fmi->fmi3GetIntervalFraction (
    INSTANCE (handle)->instance, vr, n, counters, resolutions,
    (fmi3IntervalQualifier *) qualifiers);
}

static HycoFmuStatus
get_shift_fraction (gpointer handle, const HycoFmuValueReference *vr, gsize n, guint64 *counters,
                    guint64 *resolutions)
{
  return (HycoFmuStatus) INSTANCE (handle)->fmi->fmi3GetShiftFraction (
    INSTANCE (handle)->instance, vr, n, counters, resolutions);
}

static HycoFmuStatus
set_interval_decimal (gpointer handle, const HycoFmuValueReference *vr, gsize n,
                      const double *intervals)
{
  return (HycoFmuStatus) INSTANCE (handle)->fmi->fmi3SetIntervalDecimal (
    INSTANCE (handle)->instance, vr, n, intervals);
}

static HycoFmuStatus
set_interval_fraction (gpointer handle, const HycoFmuValueReference *vr, gsize n,
                       const guint64 *counters, const guint64 *resolutions)
{
  return (HycoFmuStatus) INSTANCE (handle)->fmi->fmi3SetIntervalFraction (
    INSTANCE (handle)->instance, vr, n, counters, resolutions);
}

static HycoFmuStatus
enter_configuration_mode (gpointer handle)
{
  return (HycoFmuStatus) INSTANCE (handle)->fmi->fmi3EnterConfigurationMode (
    INSTANCE (handle)->instance);
}

static HycoFmuStatus
exit_configuration_mode (gpointer handle)
{
  return (HycoFmuStatus) INSTANCE (handle)->fmi->fmi3ExitConfigurationMode (
    INSTANCE (handle)->instance);
}

static HycoFmuStatus
update_discrete_states (gpointer handle, gboolean *needs_update, gboolean *terminate_simulation,
                        gboolean *next_event_time_defined, double *next_event_time)
{
  Instance *self = INSTANCE (handle);
  fmi3Boolean update = fmi3False, terminated = fmi3False, nominals = fmi3False,
              values = fmi3False, defined = fmi3False;
  double next = 0;
  fmi3Status status = self->fmi->fmi3UpdateDiscreteStates (self->instance, &update, &terminated,
                                                           &nominals, &values, &defined, &next);

  *needs_update = update;
  *terminate_simulation = terminated;
  *next_event_time_defined = defined;
  *next_event_time = next;
  return (HycoFmuStatus) status;
}

static HycoFmuStatus
get_state (gpointer handle, gpointer *state)
{
  return (HycoFmuStatus) INSTANCE (handle)->fmi->fmi3GetFMUState (INSTANCE (handle)->instance,
                                                                  state);
}

static HycoFmuStatus
set_state (gpointer handle, gpointer state)
{
  return (HycoFmuStatus) INSTANCE (handle)->fmi->fmi3SetFMUState (INSTANCE (handle)->instance,
                                                                  state);
}

static HycoFmuStatus
free_state (gpointer handle, gpointer *state)
{
  return (HycoFmuStatus) INSTANCE (handle)->fmi->fmi3FreeFMUState (INSTANCE (handle)->instance,
                                                                   state);
}

static const HycoFmuCallNames names = {
  .setup_experiment = "fmi3EnterInitializationMode",
  .enter_initialization_mode = "fmi3EnterInitializationMode",
  .exit_initialization_mode = "fmi3ExitInitializationMode",
  .terminate = "fmi3Terminate",
  .set_real = "fmi3SetFloat64",
  .set_integer = "fmi3SetInt32",
  .set_boolean = "fmi3SetBoolean",
  .set_string = "fmi3SetString",
  .get_real = "fmi3GetFloat64",
  .get_integer = "fmi3GetInt32",
  .get_boolean = "fmi3GetBoolean",
  .get_string = "fmi3GetString",
  .do_step = "fmi3DoStep",
  .get_real_status = "fmi3DoStep",
  .get_boolean_status = "fmi3DoStep",
  .get_state = "fmi3GetFMUState",
  .set_state = "fmi3SetFMUState",
  .free_state = "fmi3FreeFMUState",
  .get_values = "fmi3Get",
  .set_values = "fmi3Set",
  .get_binary = "fmi3GetBinary",
  .set_binary = "fmi3SetBinary",
  .enter_event_mode = "fmi3EnterEventMode",
  .update_discrete_states = "fmi3UpdateDiscreteStates",
  .enter_step_mode = "fmi3EnterStepMode",
  .enter_configuration_mode = "fmi3EnterConfigurationMode",
  .get_interval_decimal = "fmi3GetIntervalDecimal",
  .get_shift_decimal = "fmi3GetShiftDecimal",
  .get_interval_fraction = "fmi3GetIntervalFraction",
  .get_shift_fraction = "fmi3GetShiftFraction",
  .set_interval_decimal = "fmi3SetIntervalDecimal",
  .set_interval_fraction = "fmi3SetIntervalFraction",
  .exit_configuration_mode = "fmi3ExitConfigurationMode",
  .do_event_step = "fmi3DoStep",
};

void
_hyco_fmi3_instance_ops_init (HycoFmuInstanceOps *ops, const HycoFmi3Functions *fmi)
{
  memset (ops, 0, sizeof *ops);
  ops->setup_experiment = setup_experiment;
  ops->enter_initialization_mode = enter_initialization_mode;
  ops->exit_initialization_mode = exit_initialization_mode;
  ops->terminate = terminate;
  ops->set_real = set_real;
  ops->set_integer = set_integer;
  ops->set_boolean = set_boolean;
  ops->set_string = set_string;
  ops->get_real = get_real;
  ops->get_integer = get_integer;
  ops->get_boolean = get_boolean;
  ops->get_string = get_string;
  ops->do_step = do_step;
  ops->get_real_status = get_real_status;
  ops->get_boolean_status = get_boolean_status;
  ops->get_values = get_values;
  ops->set_values = set_values;
  if (fmi->fmi3GetBinary)
    ops->get_binary = get_binary;
  if (fmi->fmi3SetBinary)
    ops->set_binary = set_binary;
  ops->do_event_step = do_event_step;
  if (fmi->fmi3EnterEventMode && fmi->fmi3UpdateDiscreteStates && fmi->fmi3EnterStepMode)
    {
      ops->enter_event_mode = enter_event_mode;
      ops->update_discrete_states = update_discrete_states;
      ops->enter_step_mode = enter_step_mode;
    }
  if (fmi->fmi3EnterConfigurationMode && fmi->fmi3ExitConfigurationMode)
    {
      ops->enter_configuration_mode = enter_configuration_mode;
      ops->exit_configuration_mode = exit_configuration_mode;
    }
  if (fmi->fmi3GetIntervalDecimal)
    ops->get_interval_decimal = get_interval_decimal;
  if (fmi->fmi3GetShiftDecimal)
    ops->get_shift_decimal = get_shift_decimal;
  if (fmi->fmi3GetIntervalFraction)
    ops->get_interval_fraction = get_interval_fraction;
  if (fmi->fmi3GetShiftFraction)
    ops->get_shift_fraction = get_shift_fraction;
  if (fmi->fmi3SetIntervalDecimal)
    ops->set_interval_decimal = set_interval_decimal;
  if (fmi->fmi3SetIntervalFraction)
    ops->set_interval_fraction = set_interval_fraction;
  if (fmi->fmi3GetFMUState && fmi->fmi3SetFMUState && fmi->fmi3FreeFMUState)
    {
      ops->get_state = get_state;
      ops->set_state = set_state;
      ops->free_state = free_state;
    }
  ops->check = check;
  ops->free = free_instance;
  ops->names = &names;
  ops->terminated_status = "terminateSimulation";
}

HycoFmuInstance *
_hyco_fmi3_instance_new (HycoFmu *fmu, const HycoFmi3Functions *functions, gpointer log,
                         fmi3Instance instance)
{
  Instance *self = g_new0 (Instance, 1);

  self->parent.ops = fmu->ops;
  self->parent.handle = self;
  self->fmi = functions;
  self->instance = instance;
  self->fmu = _hyco_fmu_ref (fmu);
  self->log = log;
  self->booleans = g_array_new (FALSE, TRUE, sizeof (fmi3Boolean));
  return &self->parent;
}

/* Model Exchange ------------------------------------------------------------------------- */

static HycoFmuStatus
me_set_time (gpointer handle, double time)
{
  return (HycoFmuStatus) INSTANCE (handle)->fmi->fmi3SetTime (INSTANCE (handle)->instance, time);
}

static HycoFmuStatus
me_set_continuous_states (gpointer handle, const double *x, gsize n)
{
  return (HycoFmuStatus) INSTANCE (handle)->fmi->fmi3SetContinuousStates (
    INSTANCE (handle)->instance, x, n);
}

static HycoFmuStatus
me_get_derivatives (gpointer handle, double *derivatives, gsize n)
{
  return (HycoFmuStatus) INSTANCE (handle)->fmi->fmi3GetContinuousStateDerivatives (
    INSTANCE (handle)->instance, derivatives, n);
}

static HycoFmuStatus
me_get_event_indicators (gpointer handle, double *indicators, gsize n)
{
  return (HycoFmuStatus) INSTANCE (handle)->fmi->fmi3GetEventIndicators (
    INSTANCE (handle)->instance, indicators, n);
}

static HycoFmuStatus
me_get_continuous_states (gpointer handle, double *x, gsize n)
{
  return (HycoFmuStatus) INSTANCE (handle)->fmi->fmi3GetContinuousStates (
    INSTANCE (handle)->instance, x, n);
}

static HycoFmuStatus
me_get_nominals (gpointer handle, double *nominals, gsize n)
{
  return (HycoFmuStatus) INSTANCE (handle)->fmi->fmi3GetNominalsOfContinuousStates (
    INSTANCE (handle)->instance, nominals, n);
}

static HycoFmuStatus
me_enter_event_mode (gpointer handle)
{
  return (HycoFmuStatus) INSTANCE (handle)->fmi->fmi3EnterEventMode (INSTANCE (handle)->instance);
}

/* fmi3UpdateDiscreteStates: its six outputs are FMI 2.0's event info, field for field. */
static HycoFmuStatus
me_new_discrete_states (gpointer handle, HycoFmuEventInfo *info)
{
  Instance *self = INSTANCE (handle);
  fmi3Boolean update = fmi3False, terminated = fmi3False, nominals = fmi3False, values = fmi3False,
              defined = fmi3False;
  double next = 0;
  fmi3Status status = self->fmi->fmi3UpdateDiscreteStates (self->instance, &update, &terminated,
                                                           &nominals, &values, &defined, &next);

  info->new_discrete_states_needed = update;
  info->terminate_simulation = terminated;
  info->nominals_of_continuous_states_changed = nominals;
  info->values_of_continuous_states_changed = values;
  info->next_event_time_defined = defined;
  info->next_event_time = defined ? next : 0;
  return (HycoFmuStatus) status;
}

static HycoFmuStatus
me_enter_continuous_time_mode (gpointer handle)
{
  return (HycoFmuStatus) INSTANCE (handle)->fmi->fmi3EnterContinuousTimeMode (
    INSTANCE (handle)->instance);
}

static HycoFmuStatus
me_completed_integrator_step (gpointer handle, gboolean no_set_state_prior,
                              gboolean *enter_event_mode, gboolean *terminate_simulation)
{
  Instance *self = INSTANCE (handle);
  fmi3Boolean enter = fmi3False, terminated = fmi3False;
  fmi3Status status = self->fmi->fmi3CompletedIntegratorStep (
    self->instance, no_set_state_prior ? fmi3True : fmi3False, &enter, &terminated);

  *enter_event_mode = enter;
  *terminate_simulation = terminated;
  return (HycoFmuStatus) status;
}

static const HycoFmuModelExchangeCallNames model_exchange_names = {
  .set_time = "fmi3SetTime",
  .set_continuous_states = "fmi3SetContinuousStates",
  .get_derivatives = "fmi3GetContinuousStateDerivatives",
  .get_event_indicators = "fmi3GetEventIndicators",
  .get_continuous_states = "fmi3GetContinuousStates",
  .get_nominals_of_continuous_states = "fmi3GetNominalsOfContinuousStates",
  .enter_event_mode = "fmi3EnterEventMode",
  .new_discrete_states = "fmi3UpdateDiscreteStates",
  .enter_continuous_time_mode = "fmi3EnterContinuousTimeMode",
  .completed_integrator_step = "fmi3CompletedIntegratorStep",
};

void
_hyco_fmi3_instance_model_exchange_ops_init (HycoFmuModelExchangeOps *ops)
{
  ops->set_time = me_set_time;
  ops->set_continuous_states = me_set_continuous_states;
  ops->get_derivatives = me_get_derivatives;
  ops->get_event_indicators = me_get_event_indicators;
  ops->get_continuous_states = me_get_continuous_states;
  ops->get_nominals_of_continuous_states = me_get_nominals;
  ops->enter_event_mode = me_enter_event_mode;
  ops->new_discrete_states = me_new_discrete_states;
  ops->enter_continuous_time_mode = me_enter_continuous_time_mode;
  ops->completed_integrator_step = me_completed_integrator_step;
  ops->names = &model_exchange_names;
}
