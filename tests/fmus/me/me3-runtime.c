/* me3-runtime.c: FMI 3.0 Model Exchange on top of a MeModel (me-model.h).
 *
 * Every function an FMI 3.0 Model Exchange FMU exports, with a strict state machine (FMI 3.0
 * section 3.2, the Model Exchange state machine): a call in a mode where the standard does not
 * allow it is logged and returns fmi3Error, and the instance accepts nothing more, so a host
 * that gets the protocol wrong fails its tests. In particular the time and the continuous
 * states are set in Continuous-Time Mode only, fmi3EnterEventMode comes from there only, and
 * fmi3EnterContinuousTimeMode only ends an event iteration that needs no further step. Only
 * Float64 variables: the value reference of a model value is its index, and ME3_TIME_VR is the
 * independent variable time; the model's variables of other types (me-values.h) have their
 * own typed getters and setters, each only its type's.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#define FMI3_EXPORT_FUNCTIONS
#include "hyco-fmi3.h"
#include "me-model.h"
#include "me-values.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The independent variable's value reference in the models' FMI 3.0 descriptions. */
#define ME3_TIME_VR 1000

typedef enum
{
  INSTANTIATED,
  INITIALIZATION,
  EVENT,
  CONTINUOUS,
  TERMINATED,
  FAILED,
} Mode;

enum
{
  M_INSTANTIATED = 1 << INSTANTIATED,
  M_INITIALIZATION = 1 << INITIALIZATION,
  M_EVENT = 1 << EVENT,
  M_CONTINUOUS = 1 << CONTINUOUS,
  M_TERMINATED = 1 << TERMINATED,
};

typedef struct
{
  fmi3InstanceEnvironment environment;
  fmi3LogMessageCallback log;
  Mode mode;
  double time;
  double *r;
  MeValue *v; /* the variables of other types (me-values.h) */
  bool update_pending; /* the last event iteration step asked for another */
  bool dirty;          /* states, time or inputs changed since the last evaluation */
} Instance;

static void
log_error (Instance *self, const char *format, ...)
{
  char message[512];
  va_list args;

  va_start (args, format);
  vsnprintf (message, sizeof message, format, args);
  va_end (args);
  if (self->log)
    self->log (self->environment, fmi3Error, "error", message);
}

/* Whether @call is allowed in the instance's mode (@allowed, a mask); if not, an error, after
 * which the instance allows nothing. */
static bool
allowed (Instance *self, const char *call, unsigned allowed)
{
  static const char *const names[] = { "Instantiated",         "Initialization Mode", "Event Mode",
                                       "Continuous-Time Mode", "Terminated",          "an error" };

  if (self->mode != FAILED && ((1u << self->mode) & allowed))
    return true;
  log_error (self, "%s is not allowed in %s", call, names[self->mode]);
  self->mode = FAILED;
  return false;
}

static void
evaluate (Instance *self)
{
  if (!self->dirty)
    return;
  me_model.evaluate (self->r, self->time);
  self->dirty = false;
}

const char *
fmi3GetVersion (void)
{
  return "3.0";
}

fmi3Status
fmi3SetDebugLogging (fmi3Instance instance, fmi3Boolean loggingOn, size_t nCategories,
                     const fmi3String categories[])
{
  return fmi3OK;
}

fmi3Instance
fmi3InstantiateModelExchange (fmi3String instanceName, fmi3String instantiationToken,
                              fmi3String resourcePath, fmi3Boolean visible, fmi3Boolean loggingOn,
                              fmi3InstanceEnvironment instanceEnvironment,
                              fmi3LogMessageCallback logMessage)
{
  Instance *self;

  if (instanceName == NULL || instantiationToken == NULL
      || strcmp (instantiationToken, me_model.guid) != 0)
    {
      if (logMessage)
        logMessage (instanceEnvironment, fmi3Error, "error", "wrong instantiation token");
      return NULL;
    }
  self = calloc (1, sizeof *self);
  self->environment = instanceEnvironment;
  self->log = logMessage;
  self->r = calloc (me_model.n_reals, sizeof (double));
  memcpy (self->r, me_model.starts, sizeof (double) * me_model.n_reals);
  self->v = me_values_new ();
  self->mode = INSTANTIATED;
  self->dirty = true;
  return self;
}

void
fmi3FreeInstance (fmi3Instance instance)
{
  Instance *self = instance;

  if (self == NULL)
    return;
  free (self->r);
  free (self->v);
  free (self);
}

fmi3Status
fmi3EnterInitializationMode (fmi3Instance instance, fmi3Boolean toleranceDefined,
                             fmi3Float64 tolerance, fmi3Float64 startTime,
                             fmi3Boolean stopTimeDefined, fmi3Float64 stopTime)
{
  Instance *self = instance;

  if (!allowed (self, "fmi3EnterInitializationMode", M_INSTANTIATED))
    return fmi3Error;
  self->time = startTime;
  self->dirty = true;
  self->mode = INITIALIZATION;
  return fmi3OK;
}

fmi3Status
fmi3ExitInitializationMode (fmi3Instance instance)
{
  Instance *self = instance;
  MeEventInfo info = { 0 };

  if (!allowed (self, "fmi3ExitInitializationMode", M_INITIALIZATION))
    return fmi3Error;
  me_model.initialize (self->r, self->time, &info);
  self->dirty = true;
  /* A Model Exchange FMU leaves initialization in Event Mode, its first event iteration still
   * to run (fmi3UpdateDiscreteStates at least once). */
  self->mode = EVENT;
  self->update_pending = true;
  return fmi3OK;
}

fmi3Status
fmi3Terminate (fmi3Instance instance)
{
  Instance *self = instance;

  if (!allowed (self, "fmi3Terminate", M_EVENT | M_CONTINUOUS))
    return fmi3Error;
  self->mode = TERMINATED;
  return fmi3OK;
}

fmi3Status
fmi3Reset (fmi3Instance instance)
{
  Instance *self = instance;

  memcpy (self->r, me_model.starts, sizeof (double) * me_model.n_reals);
  free (self->v);
  self->v = me_values_new ();
  self->mode = INSTANTIATED;
  self->dirty = true;
  return fmi3OK;
}

static bool
check_references (Instance *self, const char *call, const fmi3ValueReference vr[], size_t nvr,
                  bool time_too)
{
  for (size_t i = 0; i < nvr; i++)
    if (vr[i] >= me_model.n_reals && !(time_too && vr[i] == ME3_TIME_VR))
      {
        log_error (self, "%s: no variable with value reference %u", call, vr[i]);
        return false;
      }
  return true;
}

fmi3Status
fmi3GetFloat64 (fmi3Instance instance, const fmi3ValueReference vr[], size_t nvr,
                fmi3Float64 values[], size_t nValues)
{
  Instance *self = instance;

  if (!allowed (self, "fmi3GetFloat64",
                M_INSTANTIATED | M_INITIALIZATION | M_EVENT | M_CONTINUOUS | M_TERMINATED)
      || !check_references (self, "fmi3GetFloat64", vr, nvr, true))
    return fmi3Error;
  if (nValues != nvr)
    {
      log_error (self, "fmi3GetFloat64: %zu values for %zu scalars", nValues, nvr);
      return fmi3Error;
    }
  evaluate (self);
  for (size_t i = 0; i < nvr; i++)
    values[i] = vr[i] == ME3_TIME_VR ? self->time : self->r[vr[i]];
  return fmi3OK;
}

fmi3Status
fmi3SetFloat64 (fmi3Instance instance, const fmi3ValueReference vr[], size_t nvr,
                const fmi3Float64 values[], size_t nValues)
{
  Instance *self = instance;

  if (!allowed (self, "fmi3SetFloat64", M_INSTANTIATED | M_INITIALIZATION | M_EVENT | M_CONTINUOUS)
      || !check_references (self, "fmi3SetFloat64", vr, nvr, false))
    return fmi3Error;
  for (size_t i = 0; i < nvr; i++)
    {
      MeCausality causality = me_model.causalities[vr[i]];
      if (causality == ME_COMPUTED
          || (causality == ME_PARAMETER && self->mode != INSTANTIATED
              && self->mode != INITIALIZATION)
          || (causality == ME_DISCRETE_INPUT && self->mode == CONTINUOUS))
        {
          log_error (self, "fmi3SetFloat64: value reference %u cannot be set now", vr[i]);
          self->mode = FAILED;
          return fmi3Error;
        }
      self->r[vr[i]] = values[i];
    }
  self->dirty = true;
  return fmi3OK;
}

/* The typed getters and setters of the other types ------------------------------------------ */

/* The value of the variable @vr of @type that @call reaches; NULL (logged, the instance failed)
 * for another variable, for one that cannot be @set now, or a wrong number of values. */
static MeValue *
typed_value (Instance *self, const char *call, fmi3ValueReference vr, const char *type, bool set)
{
  const MeVariable *variable = me_variable (vr);

  if (variable == NULL || !me_type_matches (variable->type, type, false))
    log_error (self, "%s: no %s variable with value reference %u", call, type, vr);
  else if (set
           && !me_settable (variable->causality,
                            self->mode == INSTANTIATED || self->mode == INITIALIZATION,
                            self->mode == EVENT))
    log_error (self, "%s: value reference %u cannot be set now", call, vr);
  else
    return &self->v[vr - ME_VALUES_VR];
  self->mode = FAILED;
  return NULL;
}

static bool
typed_call (Instance *self, const char *call, bool set, size_t nvr, size_t nValues)
{
  if (!allowed (self, call,
                set ? M_INSTANTIATED | M_INITIALIZATION | M_EVENT | M_CONTINUOUS
                    : M_INSTANTIATED | M_INITIALIZATION | M_EVENT | M_CONTINUOUS | M_TERMINATED))
    return false;
  if (nValues == nvr)
    return true;
  log_error (self, "%s: %zu values for %zu scalars", call, nValues, nvr);
  self->mode = FAILED;
  return false;
}

/* fmi3GetInt8, fmi3SetInt8, ...: @field of the values, converted to and from @Type's C type. */
#define TYPED(Type, field)                                                                         \
  fmi3Status fmi3Get##Type (fmi3Instance instance, const fmi3ValueReference vr[], size_t nvr,      \
                            fmi3##Type values[], size_t nValues)                                   \
  {                                                                                                \
    Instance *self = instance;                                                                     \
    if (!typed_call (self, "fmi3Get" #Type, false, nvr, nValues))                                  \
      return fmi3Error;                                                                            \
    for (size_t i = 0; i < nvr; i++)                                                               \
      {                                                                                            \
        MeValue *v = typed_value (self, "fmi3Get" #Type, vr[i], #Type, false);                     \
        if (v == NULL)                                                                             \
          return fmi3Error;                                                                        \
        values[i] = (fmi3##Type) v->field;                                                         \
      }                                                                                            \
    return fmi3OK;                                                                                 \
  }                                                                                                \
  fmi3Status fmi3Set##Type (fmi3Instance instance, const fmi3ValueReference vr[], size_t nvr,      \
                            const fmi3##Type values[], size_t nValues)                             \
  {                                                                                                \
    Instance *self = instance;                                                                     \
    if (!typed_call (self, "fmi3Set" #Type, true, nvr, nValues))                                   \
      return fmi3Error;                                                                            \
    for (size_t i = 0; i < nvr; i++)                                                               \
      {                                                                                            \
        MeValue *v = typed_value (self, "fmi3Set" #Type, vr[i], #Type, true);                      \
        if (v == NULL)                                                                             \
          return fmi3Error;                                                                        \
        v->field = values[i];                                                                      \
      }                                                                                            \
    self->dirty = true;                                                                            \
    return fmi3OK;                                                                                 \
  }

TYPED (Float32, f)
TYPED (Int8, i)
TYPED (UInt8, i)
TYPED (Int16, i)
TYPED (UInt16, i)
TYPED (Int32, i)
TYPED (UInt32, i)
TYPED (Int64, i)
TYPED (UInt64, i)
TYPED (Boolean, i)

fmi3Status
fmi3GetString (fmi3Instance instance, const fmi3ValueReference vr[], size_t nvr,
               fmi3String values[], size_t nValues)
{
  Instance *self = instance;

  if (!typed_call (self, "fmi3GetString", false, nvr, nValues))
    return fmi3Error;
  for (size_t i = 0; i < nvr; i++)
    {
      MeValue *v = typed_value (self, "fmi3GetString", vr[i], "String", false);
      if (v == NULL)
        return fmi3Error;
      values[i] = v->s;
    }
  return fmi3OK;
}

fmi3Status
fmi3SetString (fmi3Instance instance, const fmi3ValueReference vr[], size_t nvr,
               const fmi3String values[], size_t nValues)
{
  Instance *self = instance;

  if (!typed_call (self, "fmi3SetString", true, nvr, nValues))
    return fmi3Error;
  for (size_t i = 0; i < nvr; i++)
    {
      MeValue *v = typed_value (self, "fmi3SetString", vr[i], "String", true);
      if (v == NULL)
        return fmi3Error;
      if (values[i] == NULL || strlen (values[i]) >= sizeof v->s)
        {
          log_error (self, "fmi3SetString: value reference %u takes at most %zu bytes", vr[i],
                     sizeof v->s - 1);
          self->mode = FAILED;
          return fmi3Error;
        }
      strcpy (v->s, values[i]);
    }
  self->dirty = true;
  return fmi3OK;
}

fmi3Status
fmi3GetBinary (fmi3Instance instance, const fmi3ValueReference vr[], size_t nvr,
               size_t valueSizes[], fmi3Binary values[], size_t nValues)
{
  Instance *self = instance;

  if (!typed_call (self, "fmi3GetBinary", false, nvr, nValues))
    return fmi3Error;
  for (size_t i = 0; i < nvr; i++)
    {
      MeValue *v = typed_value (self, "fmi3GetBinary", vr[i], "Binary", false);
      if (v == NULL)
        return fmi3Error;
      valueSizes[i] = v->size;
      values[i] = v->b;
    }
  return fmi3OK;
}

fmi3Status
fmi3SetBinary (fmi3Instance instance, const fmi3ValueReference vr[], size_t nvr,
               const size_t valueSizes[], const fmi3Binary values[], size_t nValues)
{
  Instance *self = instance;

  if (!typed_call (self, "fmi3SetBinary", true, nvr, nValues))
    return fmi3Error;
  for (size_t i = 0; i < nvr; i++)
    {
      MeValue *v = typed_value (self, "fmi3SetBinary", vr[i], "Binary", true);
      if (v == NULL)
        return fmi3Error;
      if (valueSizes[i] > sizeof v->b || (valueSizes[i] > 0 && values[i] == NULL))
        {
          log_error (self, "fmi3SetBinary: value reference %u takes at most %zu bytes", vr[i],
                     sizeof v->b);
          self->mode = FAILED;
          return fmi3Error;
        }
      if (valueSizes[i] > 0)
        memcpy (v->b, values[i], valueSizes[i]);
      v->size = valueSizes[i];
    }
  self->dirty = true;
  return fmi3OK;
}

fmi3Status
fmi3GetFMUState (fmi3Instance instance, fmi3FMUState *FMUState)
{
  return fmi3Error;
}

fmi3Status
fmi3SetFMUState (fmi3Instance instance, fmi3FMUState FMUState)
{
  return fmi3Error;
}

fmi3Status
fmi3FreeFMUState (fmi3Instance instance, fmi3FMUState *FMUState)
{
  return fmi3Error;
}

/* Model Exchange -------------------------------------------------------------------------- */

fmi3Status
fmi3EnterEventMode (fmi3Instance instance)
{
  Instance *self = instance;

  if (!allowed (self, "fmi3EnterEventMode", M_CONTINUOUS))
    return fmi3Error;
  self->mode = EVENT;
  return fmi3OK;
}

fmi3Status
fmi3UpdateDiscreteStates (fmi3Instance instance, fmi3Boolean *discreteStatesNeedUpdate,
                          fmi3Boolean *terminateSimulation,
                          fmi3Boolean *nominalsOfContinuousStatesChanged,
                          fmi3Boolean *valuesOfContinuousStatesChanged,
                          fmi3Boolean *nextEventTimeDefined, fmi3Float64 *nextEventTime)
{
  Instance *self = instance;
  MeEventInfo info = { 0 };

  if (!allowed (self, "fmi3UpdateDiscreteStates", M_EVENT))
    return fmi3Error;
  evaluate (self);
  if (me_model.update_values)
    me_model.update_values (self->r, self->v);
  me_model.update (self->r, self->time, &info);
  self->dirty = true;
  self->update_pending = info.newDiscreteStatesNeeded;
  *discreteStatesNeedUpdate = info.newDiscreteStatesNeeded;
  *terminateSimulation = info.terminateSimulation;
  *nominalsOfContinuousStatesChanged = info.nominalsOfContinuousStatesChanged;
  *valuesOfContinuousStatesChanged = info.valuesOfContinuousStatesChanged;
  *nextEventTimeDefined = info.nextEventTimeDefined;
  *nextEventTime = info.nextEventTime;
  return fmi3OK;
}

fmi3Status
fmi3EnterContinuousTimeMode (fmi3Instance instance)
{
  Instance *self = instance;

  if (!allowed (self, "fmi3EnterContinuousTimeMode", M_EVENT))
    return fmi3Error;
  if (self->update_pending)
    {
      log_error (self, "fmi3EnterContinuousTimeMode before the event iteration ended "
                       "(discreteStatesNeedUpdate)");
      self->mode = FAILED;
      return fmi3Error;
    }
  self->mode = CONTINUOUS;
  return fmi3OK;
}

fmi3Status
fmi3CompletedIntegratorStep (fmi3Instance instance, fmi3Boolean noSetFMUStatePriorToCurrentPoint,
                             fmi3Boolean *enterEventMode, fmi3Boolean *terminateSimulation)
{
  Instance *self = instance;

  if (!allowed (self, "fmi3CompletedIntegratorStep", M_CONTINUOUS))
    return fmi3Error;
  evaluate (self);
  *enterEventMode = me_model.completed_step && me_model.completed_step (self->r, self->time);
  *terminateSimulation = fmi3False;
  return fmi3OK;
}

fmi3Status
fmi3SetTime (fmi3Instance instance, fmi3Float64 time)
{
  Instance *self = instance;

  if (!allowed (self, "fmi3SetTime", M_CONTINUOUS))
    return fmi3Error;
  self->time = time;
  self->dirty = true;
  return fmi3OK;
}

static bool
check_count (Instance *self, const char *call, size_t n, size_t expected)
{
  if (n == expected)
    return true;
  log_error (self, "%s: %zu values, the model has %zu", call, n, expected);
  self->mode = FAILED;
  return false;
}

fmi3Status
fmi3SetContinuousStates (fmi3Instance instance, const fmi3Float64 x[], size_t nx)
{
  Instance *self = instance;

  if (!allowed (self, "fmi3SetContinuousStates", M_CONTINUOUS)
      || !check_count (self, "fmi3SetContinuousStates", nx, me_model.n_states))
    return fmi3Error;
  for (size_t i = 0; i < nx; i++)
    self->r[me_model.state_vrs[i]] = x[i];
  self->dirty = true;
  return fmi3OK;
}

#define READABLE (M_INITIALIZATION | M_EVENT | M_CONTINUOUS | M_TERMINATED)

fmi3Status
fmi3GetContinuousStateDerivatives (fmi3Instance instance, fmi3Float64 derivatives[], size_t nx)
{
  Instance *self = instance;

  if (!allowed (self, "fmi3GetContinuousStateDerivatives", READABLE)
      || !check_count (self, "fmi3GetContinuousStateDerivatives", nx, me_model.n_states))
    return fmi3Error;
  evaluate (self);
  for (size_t i = 0; i < nx; i++)
    derivatives[i] = self->r[me_model.derivative_vrs[i]];
  return fmi3OK;
}

fmi3Status
fmi3GetEventIndicators (fmi3Instance instance, fmi3Float64 eventIndicators[], size_t ni)
{
  Instance *self = instance;

  if (!allowed (self, "fmi3GetEventIndicators", READABLE)
      || !check_count (self, "fmi3GetEventIndicators", ni, me_model.n_indicators))
    return fmi3Error;
  evaluate (self);
  if (ni > 0)
    me_model.indicators (self->r, self->time, eventIndicators);
  return fmi3OK;
}

fmi3Status
fmi3GetContinuousStates (fmi3Instance instance, fmi3Float64 x[], size_t nx)
{
  Instance *self = instance;

  if (!allowed (self, "fmi3GetContinuousStates", READABLE)
      || !check_count (self, "fmi3GetContinuousStates", nx, me_model.n_states))
    return fmi3Error;
  for (size_t i = 0; i < nx; i++)
    x[i] = self->r[me_model.state_vrs[i]];
  return fmi3OK;
}

fmi3Status
fmi3GetNominalsOfContinuousStates (fmi3Instance instance, fmi3Float64 nominals[], size_t nx)
{
  Instance *self = instance;

  if (!allowed (self, "fmi3GetNominalsOfContinuousStates", READABLE)
      || !check_count (self, "fmi3GetNominalsOfContinuousStates", nx, me_model.n_states))
    return fmi3Error;
  for (size_t i = 0; i < nx; i++)
    nominals[i] = me_model.nominals ? me_model.nominals[i] : 1.0;
  return fmi3OK;
}

fmi3Status
fmi3GetNumberOfContinuousStates (fmi3Instance instance, size_t *nContinuousStates)
{
  *nContinuousStates = me_model.n_states;
  return fmi3OK;
}

fmi3Status
fmi3GetNumberOfEventIndicators (fmi3Instance instance, size_t *nEventIndicators)
{
  *nEventIndicators = me_model.n_indicators;
  return fmi3OK;
}
