/* me-runtime.c: FMI 2.0 Model Exchange on top of a MeModel (see me-runtime.h).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "me-runtime.h"
#include "me-values.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
  fmi2CallbackFunctions callbacks;
  char *name;
  Mode mode;
  double time;
  double *r;
  MeValue *v;          /* the variables of other types (me-values.h) */
  MeEventInfo info;    /* of the last event iteration step */
  bool update_pending; /* fmi2NewDiscreteStates said more were needed */
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
  if (self->callbacks.logger)
    self->callbacks.logger (self->callbacks.componentEnvironment, self->name, fmi2Error, "error",
                            "%s", message);
}

/* Whether @call is allowed in the instance's mode (@allowed, a mask); if not, an error. */
static bool
allowed (Instance *self, const char *call, unsigned allowed)
{
  static const char *const names[]
    = { "instantiated", "initialization mode", "event mode", "continuous-time mode",
        "terminated", "error" };

  if (self->mode != FAILED && ((1u << self->mode) & allowed))
    return true;
  log_error (self, "%s is not allowed in %s", call, names[self->mode]);
  if (self->mode != FAILED)
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
fmi2GetTypesPlatform (void)
{
  return "default";
}

const char *
fmi2GetVersion (void)
{
  return "2.0";
}

fmi2Status
fmi2SetDebugLogging (fmi2Component c, fmi2Boolean loggingOn, size_t nCategories,
                     const fmi2String categories[])
{
  return fmi2OK;
}

fmi2Component
fmi2Instantiate (fmi2String instanceName, fmi2Type fmuType, fmi2String fmuGUID,
                 fmi2String fmuResourceLocation, const fmi2CallbackFunctions *functions,
                 fmi2Boolean visible, fmi2Boolean loggingOn)
{
  Instance *self;

  if (functions == NULL || instanceName == NULL)
    return NULL;
  if (fmuType != fmi2ModelExchange || fmuGUID == NULL || strcmp (fmuGUID, me_model.guid) != 0)
    {
      if (functions->logger)
        functions->logger (functions->componentEnvironment, instanceName, fmi2Error, "error",
                           fmuType != fmi2ModelExchange ? "only Model Exchange is supported"
                                                        : "wrong GUID");
      return NULL;
    }
  self = calloc (1, sizeof *self);
  memcpy (&self->callbacks, functions, sizeof *functions);
  self->name = strdup (instanceName);
  self->r = calloc (me_model.n_reals, sizeof (double));
  memcpy (self->r, me_model.starts, sizeof (double) * me_model.n_reals);
  self->v = me_values_new ();
  self->mode = INSTANTIATED;
  self->dirty = true;
  return self;
}

void
fmi2FreeInstance (fmi2Component c)
{
  Instance *self = c;

  if (self == NULL)
    return;
  free (self->r);
  free (self->v);
  free (self->name);
  free (self);
}

fmi2Status
fmi2SetupExperiment (fmi2Component c, fmi2Boolean toleranceDefined, fmi2Real tolerance,
                     fmi2Real startTime, fmi2Boolean stopTimeDefined, fmi2Real stopTime)
{
  Instance *self = c;

  if (!allowed (self, "fmi2SetupExperiment", M_INSTANTIATED))
    return fmi2Error;
  self->time = startTime;
  return fmi2OK;
}

fmi2Status
fmi2EnterInitializationMode (fmi2Component c)
{
  Instance *self = c;

  if (!allowed (self, "fmi2EnterInitializationMode", M_INSTANTIATED))
    return fmi2Error;
  self->mode = INITIALIZATION;
  return fmi2OK;
}

fmi2Status
fmi2ExitInitializationMode (fmi2Component c)
{
  Instance *self = c;

  if (!allowed (self, "fmi2ExitInitializationMode", M_INITIALIZATION))
    return fmi2Error;
  memset (&self->info, 0, sizeof self->info);
  me_model.initialize (self->r, self->time, &self->info);
  self->dirty = true;
  self->mode = EVENT;
  /* The first event iteration still has to run (fmi2NewDiscreteStates at least once). */
  self->update_pending = true;
  return fmi2OK;
}

fmi2Status
fmi2Terminate (fmi2Component c)
{
  Instance *self = c;

  if (!allowed (self, "fmi2Terminate", M_EVENT | M_CONTINUOUS))
    return fmi2Error;
  self->mode = TERMINATED;
  return fmi2OK;
}

fmi2Status
fmi2Reset (fmi2Component c)
{
  Instance *self = c;

  memcpy (self->r, me_model.starts, sizeof (double) * me_model.n_reals);
  free (self->v);
  self->v = me_values_new ();
  self->mode = INSTANTIATED;
  self->dirty = true;
  return fmi2OK;
}

static bool
check_references (Instance *self, const char *call, const fmi2ValueReference vr[], size_t nvr)
{
  for (size_t i = 0; i < nvr; i++)
    if (vr[i] >= me_model.n_reals)
      {
        log_error (self, "%s: no variable with value reference %u", call, vr[i]);
        return false;
      }
  return true;
}

fmi2Status
fmi2GetReal (fmi2Component c, const fmi2ValueReference vr[], size_t nvr, fmi2Real value[])
{
  Instance *self = c;

  if (!allowed (self, "fmi2GetReal", M_INITIALIZATION | M_EVENT | M_CONTINUOUS | M_TERMINATED)
      || !check_references (self, "fmi2GetReal", vr, nvr))
    return fmi2Error;
  evaluate (self);
  for (size_t i = 0; i < nvr; i++)
    value[i] = self->r[vr[i]];
  return fmi2OK;
}

fmi2Status
fmi2SetReal (fmi2Component c, const fmi2ValueReference vr[], size_t nvr, const fmi2Real value[])
{
  Instance *self = c;

  if (!allowed (self, "fmi2SetReal",
                M_INSTANTIATED | M_INITIALIZATION | M_EVENT | M_CONTINUOUS)
      || !check_references (self, "fmi2SetReal", vr, nvr))
    return fmi2Error;
  for (size_t i = 0; i < nvr; i++)
    {
      MeCausality causality = me_model.causalities[vr[i]];
      if (causality == ME_COMPUTED
          || (causality == ME_PARAMETER && self->mode != INSTANTIATED
              && self->mode != INITIALIZATION)
          || (causality == ME_DISCRETE_INPUT && self->mode == CONTINUOUS))
        {
          log_error (self, "fmi2SetReal: value reference %u cannot be set now", vr[i]);
          return fmi2Error;
        }
      self->r[vr[i]] = value[i];
    }
  self->dirty = true;
  return fmi2OK;
}

/* The value of the variable @vr of @type (Integer, Boolean, String) that @call reaches; NULL
 * (logged) for another variable, or for one that cannot be @set now. */
static MeValue *
typed_value (Instance *self, const char *call, fmi2ValueReference vr, const char *type, bool set)
{
  const MeVariable *variable = me_variable (vr);

  if (variable == NULL || !me_type_matches (variable->type, type, true))
    {
      log_error (self, "%s: no %s variable with value reference %u", call, type, vr);
      return NULL;
    }
  if (set
      && !me_settable (variable->causality,
                       self->mode == INSTANTIATED || self->mode == INITIALIZATION,
                       self->mode == EVENT))
    {
      log_error (self, "%s: value reference %u cannot be set now", call, vr);
      return NULL;
    }
  return &self->v[vr - ME_VALUES_VR];
}

#define READABLE_MODES (M_INITIALIZATION | M_EVENT | M_CONTINUOUS | M_TERMINATED)
#define SETTABLE_MODES (M_INSTANTIATED | M_INITIALIZATION | M_EVENT | M_CONTINUOUS)

fmi2Status
fmi2GetInteger (fmi2Component c, const fmi2ValueReference vr[], size_t nvr, fmi2Integer value[])
{
  Instance *self = c;

  if (!allowed (self, "fmi2GetInteger", READABLE_MODES))
    return fmi2Error;
  for (size_t i = 0; i < nvr; i++)
    {
      MeValue *v = typed_value (self, "fmi2GetInteger", vr[i], "Integer", false);
      if (v == NULL)
        return fmi2Error;
      value[i] = (fmi2Integer) v->i;
    }
  return fmi2OK;
}

fmi2Status
fmi2GetBoolean (fmi2Component c, const fmi2ValueReference vr[], size_t nvr, fmi2Boolean value[])
{
  Instance *self = c;

  if (!allowed (self, "fmi2GetBoolean", READABLE_MODES))
    return fmi2Error;
  for (size_t i = 0; i < nvr; i++)
    {
      MeValue *v = typed_value (self, "fmi2GetBoolean", vr[i], "Boolean", false);
      if (v == NULL)
        return fmi2Error;
      value[i] = v->i ? fmi2True : fmi2False;
    }
  return fmi2OK;
}

fmi2Status
fmi2GetString (fmi2Component c, const fmi2ValueReference vr[], size_t nvr, fmi2String value[])
{
  Instance *self = c;

  if (!allowed (self, "fmi2GetString", READABLE_MODES))
    return fmi2Error;
  for (size_t i = 0; i < nvr; i++)
    {
      MeValue *v = typed_value (self, "fmi2GetString", vr[i], "String", false);
      if (v == NULL)
        return fmi2Error;
      value[i] = v->s;
    }
  return fmi2OK;
}

fmi2Status
fmi2SetInteger (fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                const fmi2Integer value[])
{
  Instance *self = c;

  if (!allowed (self, "fmi2SetInteger", SETTABLE_MODES))
    return fmi2Error;
  for (size_t i = 0; i < nvr; i++)
    {
      MeValue *v = typed_value (self, "fmi2SetInteger", vr[i], "Integer", true);
      if (v == NULL)
        return fmi2Error;
      v->i = value[i];
    }
  self->dirty = true;
  return fmi2OK;
}

fmi2Status
fmi2SetBoolean (fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                const fmi2Boolean value[])
{
  Instance *self = c;

  if (!allowed (self, "fmi2SetBoolean", SETTABLE_MODES))
    return fmi2Error;
  for (size_t i = 0; i < nvr; i++)
    {
      MeValue *v = typed_value (self, "fmi2SetBoolean", vr[i], "Boolean", true);
      if (v == NULL)
        return fmi2Error;
      v->i = value[i] != fmi2False;
    }
  self->dirty = true;
  return fmi2OK;
}

fmi2Status
fmi2SetString (fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
               const fmi2String value[])
{
  Instance *self = c;

  if (!allowed (self, "fmi2SetString", SETTABLE_MODES))
    return fmi2Error;
  for (size_t i = 0; i < nvr; i++)
    {
      MeValue *v = typed_value (self, "fmi2SetString", vr[i], "String", true);
      if (v == NULL)
        return fmi2Error;
      if (value[i] == NULL || strlen (value[i]) >= sizeof v->s)
        {
          log_error (self, "fmi2SetString: value reference %u takes at most %zu bytes", vr[i],
                     sizeof v->s - 1);
          return fmi2Error;
        }
      strcpy (v->s, value[i]);
    }
  self->dirty = true;
  return fmi2OK;
}

fmi2Status
fmi2GetFMUstate (fmi2Component c, fmi2FMUstate *FMUstate)
{
  return fmi2Error;
}

fmi2Status
fmi2SetFMUstate (fmi2Component c, fmi2FMUstate FMUstate)
{
  return fmi2Error;
}

fmi2Status
fmi2FreeFMUstate (fmi2Component c, fmi2FMUstate *FMUstate)
{
  return fmi2Error;
}

/* Model Exchange -------------------------------------------------------------------------- */

fmi2Status
fmi2EnterEventMode (fmi2Component c)
{
  Instance *self = c;

  if (!allowed (self, "fmi2EnterEventMode", M_CONTINUOUS))
    return fmi2Error;
  self->mode = EVENT;
  return fmi2OK;
}

fmi2Status
fmi2NewDiscreteStates (fmi2Component c, fmi2EventInfo *info)
{
  Instance *self = c;

  if (!allowed (self, "fmi2NewDiscreteStates", M_EVENT))
    return fmi2Error;
  evaluate (self);
  memset (&self->info, 0, sizeof self->info);
  if (me_model.update_values)
    me_model.update_values (self->r, self->v);
  me_model.update (self->r, self->time, &self->info);
  self->dirty = true;
  self->update_pending = self->info.newDiscreteStatesNeeded;
  info->newDiscreteStatesNeeded = self->info.newDiscreteStatesNeeded;
  info->terminateSimulation = self->info.terminateSimulation;
  info->nominalsOfContinuousStatesChanged = self->info.nominalsOfContinuousStatesChanged;
  info->valuesOfContinuousStatesChanged = self->info.valuesOfContinuousStatesChanged;
  info->nextEventTimeDefined = self->info.nextEventTimeDefined;
  info->nextEventTime = self->info.nextEventTime;
  return fmi2OK;
}

fmi2Status
fmi2EnterContinuousTimeMode (fmi2Component c)
{
  Instance *self = c;

  if (!allowed (self, "fmi2EnterContinuousTimeMode", M_EVENT))
    return fmi2Error;
  if (self->update_pending)
    {
      log_error (self, "fmi2EnterContinuousTimeMode before the event iteration ended "
                       "(newDiscreteStatesNeeded)");
      self->mode = FAILED;
      return fmi2Error;
    }
  self->mode = CONTINUOUS;
  return fmi2OK;
}

fmi2Status
fmi2CompletedIntegratorStep (fmi2Component c, fmi2Boolean noSetFMUStatePriorToCurrentPoint,
                             fmi2Boolean *enterEventMode, fmi2Boolean *terminateSimulation)
{
  Instance *self = c;

  if (!allowed (self, "fmi2CompletedIntegratorStep", M_CONTINUOUS))
    return fmi2Error;
  evaluate (self);
  *enterEventMode = me_model.completed_step && me_model.completed_step (self->r, self->time);
  *terminateSimulation = fmi2False;
  return fmi2OK;
}

fmi2Status
fmi2SetTime (fmi2Component c, fmi2Real time)
{
  Instance *self = c;

  if (!allowed (self, "fmi2SetTime", M_EVENT | M_CONTINUOUS))
    return fmi2Error;
  self->time = time;
  self->dirty = true;
  return fmi2OK;
}

static bool
check_count (Instance *self, const char *call, size_t n, size_t expected)
{
  if (n == expected)
    return true;
  log_error (self, "%s: %zu values, the model has %zu", call, n, expected);
  return false;
}

fmi2Status
fmi2SetContinuousStates (fmi2Component c, const fmi2Real x[], size_t nx)
{
  Instance *self = c;

  if (!allowed (self, "fmi2SetContinuousStates", M_CONTINUOUS)
      || !check_count (self, "fmi2SetContinuousStates", nx, me_model.n_states))
    return fmi2Error;
  for (size_t i = 0; i < nx; i++)
    self->r[me_model.state_vrs[i]] = x[i];
  self->dirty = true;
  return fmi2OK;
}

#define READABLE (M_INITIALIZATION | M_EVENT | M_CONTINUOUS | M_TERMINATED)

fmi2Status
fmi2GetDerivatives (fmi2Component c, fmi2Real derivatives[], size_t nx)
{
  Instance *self = c;

  if (!allowed (self, "fmi2GetDerivatives", READABLE)
      || !check_count (self, "fmi2GetDerivatives", nx, me_model.n_states))
    return fmi2Error;
  evaluate (self);
  for (size_t i = 0; i < nx; i++)
    derivatives[i] = self->r[me_model.derivative_vrs[i]];
  return fmi2OK;
}

fmi2Status
fmi2GetEventIndicators (fmi2Component c, fmi2Real eventIndicators[], size_t ni)
{
  Instance *self = c;

  if (!allowed (self, "fmi2GetEventIndicators", READABLE)
      || !check_count (self, "fmi2GetEventIndicators", ni, me_model.n_indicators))
    return fmi2Error;
  evaluate (self);
  if (ni > 0)
    me_model.indicators (self->r, self->time, eventIndicators);
  return fmi2OK;
}

fmi2Status
fmi2GetContinuousStates (fmi2Component c, fmi2Real x[], size_t nx)
{
  Instance *self = c;

  if (!allowed (self, "fmi2GetContinuousStates", READABLE)
      || !check_count (self, "fmi2GetContinuousStates", nx, me_model.n_states))
    return fmi2Error;
  for (size_t i = 0; i < nx; i++)
    x[i] = self->r[me_model.state_vrs[i]];
  return fmi2OK;
}

fmi2Status
fmi2GetNominalsOfContinuousStates (fmi2Component c, fmi2Real x_nominal[], size_t nx)
{
  Instance *self = c;

  if (!allowed (self, "fmi2GetNominalsOfContinuousStates", READABLE | M_INSTANTIATED)
      || !check_count (self, "fmi2GetNominalsOfContinuousStates", nx, me_model.n_states))
    return fmi2Error;
  for (size_t i = 0; i < nx; i++)
    x_nominal[i] = me_model.nominals ? me_model.nominals[i] : 1.0;
  return fmi2OK;
}
