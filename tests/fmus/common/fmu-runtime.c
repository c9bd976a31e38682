/* fmu-runtime.c: the FMI 2.0 co-simulation functions of every test FMU, generic over the
 * model's variable table and callbacks (fmu-runtime.h).
 *
 * The runtime is strict on purpose: the FMUs exist to test a master, so a call out of
 * sequence, an unknown value reference or a value of the wrong type fails with fmi2Error and a
 * message naming the function, instead of being tolerated. A misuse leaves the instance as it
 * was (the call had no effect); an error the model reports moves it to the error phase, where
 * only fmi2SetFMUstate, fmi2Reset and fmi2FreeInstance help, as FMI 2.0 says.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "fmu-runtime.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const phase_names[] = {
  [FMU_PHASE_INSTANTIATED] = "instantiated",
  [FMU_PHASE_INITIALIZATION] = "initialization mode",
  [FMU_PHASE_STEP] = "step mode",
  [FMU_PHASE_TERMINATED] = "terminated",
  [FMU_PHASE_ERROR] = "error",
  [FMU_PHASE_FATAL] = "fatal error",
};

static const char *const type_names[] = {
  [FMU_REAL] = "Real",
  [FMU_INTEGER] = "Integer",
  [FMU_BOOLEAN] = "Boolean",
  [FMU_STRING] = "String",
};

/* Logging. The message is formatted here and its '%' doubled, because FMI 2.0 makes the
 * logger's message a printf format: a master's logger that formats and one that prints the
 * message as it is both show the right text. */
static void
log_message (fmi2CallbackLogger logger, fmi2ComponentEnvironment environment, const char *name,
             fmi2Status status, const char *category, const char *format, va_list args)
{
  char text[1024], escaped[2 * sizeof text];
  size_t j = 0;

  vsnprintf (text, sizeof text, format, args);
  for (size_t i = 0; text[i] != '\0'; i++)
    {
      escaped[j++] = text[i];
      if (text[i] == '%')
        escaped[j++] = '%';
    }
  escaped[j] = '\0';
  logger (environment, name, status, category, escaped);
}

void
fmu_log (FmuInstance *fmu, fmi2Status status, const char *category, const char *format, ...)
{
  va_list args;

  if (status < fmi2Warning && !fmu->logging)
    return;
  va_start (args, format);
  log_message (fmu->logger, fmu->environment, fmu->name, status, category, format, args);
  va_end (args);
}

fmi2Status
fmu_error (FmuInstance *fmu, const char *format, ...)
{
  va_list args;

  va_start (args, format);
  log_message (fmu->logger, fmu->environment, fmu->name, fmi2Error, "logStatusError", format, args);
  va_end (args);
  return fmi2Error;
}

/* Time conversions. Negative resolutions divide by an exact power of ten rather than
 * multiply by an inexact one, so that 10^7 ticks at 10^-9 s is the double nearest 0.01. */
static double
power_of_ten (int exponent)
{
  return pow (10.0, exponent);
}

double
fmu_tick (FmuInstance *fmu)
{
  return power_of_ten (fmu->resolution);
}

double
fmu_ticks_to_seconds (FmuInstance *fmu, fmi2HybridTime ticks)
{
  if (fmu->resolution < 0)
    return (double) ticks / power_of_ten (-fmu->resolution);
  return (double) ticks * power_of_ten (fmu->resolution);
}

bool
fmu_seconds_to_ticks (FmuInstance *fmu, const char *what, double seconds, fmi2HybridTime *ticks)
{
  double exact = fmu->resolution < 0 ? seconds * power_of_ten (-fmu->resolution)
                                     : seconds / power_of_ten (fmu->resolution);
  double rounded = nearbyint (exact);

  if (!(seconds >= 0) || !(exact < 1.8e19))
    {
      fmu_error (fmu, "%s = %g s cannot be a time here", what, seconds);
      return false;
    }
  if (fabs (exact - rounded) > 1e-9 * fmax (1.0, exact))
    {
      fmu_error (fmu, "%s = %g s is not a multiple of the resolution 1e%d s", what, seconds,
                 fmu->resolution);
      return false;
    }
  *ticks = (fmi2HybridTime) rounded;
  return true;
}

fmi2Status
fmu_limit_step (FmuInstance *fmu, fmi2HybridTime max_step, fmi2HybridTime step,
                fmi2HybridTime *performed)
{
  *performed = step;
  if (step <= max_step)
    return fmi2OK;
  *performed = max_step;
  fmu_log (fmu, fmi2Discard, "logStatusDiscard",
           "a step of %llu ticks from (%llu, %llu) passes an event: %llu done",
           (unsigned long long) step, (unsigned long long) fmu->clock.ticks,
           (unsigned long long) fmu->clock.microstep, (unsigned long long) max_step);
  return fmi2Discard;
}

/* Instance life cycle. */

static void
set_start_values (FmuInstance *fmu)
{
  const FmuModel *model = fmu->model;

  memset (fmu->state, 0, model->state_size);
  for (size_t i = 0; i < model->n_variables; i++)
    {
      const FmuVariable *v = &model->variables[i];
      char *value = (char *) fmu->state + v->offset;

      switch (v->type)
        {
        case FMU_REAL:
          *(double *) value = v->start;
          break;
        case FMU_INTEGER:
        case FMU_BOOLEAN:
          *(int *) value = (int) v->start;
          break;
        case FMU_STRING:
          snprintf (value, FMU_STRING_CAPACITY, "%s", v->start_string ? v->start_string : "");
          break;
        }
      fmu->status[i] = v->causality == FMU_INPUT && v->variability == FMU_DISCRETE
                         ? fmi2SignalAbsent
                         : fmi2SignalPresent;
    }
  fmu->resolution = model->resolution;
  fmu->start_time = 0;
  fmu->stop_time_defined = fmu->tolerance_defined = false;
  memset (&fmu->clock, 0, sizeof fmu->clock);
  fmu->clock.phase = FMU_PHASE_INSTANTIATED;
  fmu->promised_time = -HUGE_VAL;
  fmu->pending = false;
}

/* A wrong table is a bug in model.c; say so at once rather than corrupt memory later. */
static const char *
check_table (const FmuModel *model)
{
  static const size_t sizes[] = {
    [FMU_REAL] = sizeof (double),
    [FMU_INTEGER] = sizeof (int),
    [FMU_BOOLEAN] = sizeof (int),
    [FMU_STRING] = FMU_STRING_CAPACITY,
  };

  for (size_t i = 0; i < model->n_variables; i++)
    {
      const FmuVariable *v = &model->variables[i];

      if (v->size != sizes[v->type] || v->offset + v->size > model->state_size)
        return v->name;
    }
  return NULL;
}

static void
log_before_instance (const fmi2CallbackFunctions *functions, fmi2String name, const char *format,
                     ...)
{
  va_list args;

  va_start (args, format);
  log_message (functions->logger, functions->componentEnvironment, name ? name : "?", fmi2Error,
               "logStatusError", format, args);
  va_end (args);
}

static void *
allocate (FmuInstance *fmu, size_t size)
{
  return fmu->allocate ? fmu->allocate (1, size) : calloc (1, size);
}

static void
release (FmuInstance *fmu, void *memory)
{
  if (fmu->free)
    fmu->free (memory);
  else
    free (memory);
}

/* A master that calls an instance after fmi2Fatal breaks FMI 2.0 section 2.1.3 ("it is not
 * possible to call any other function for any of the FMU instances"): said on standard error,
 * since the master's logger is what misbehaves, for the tests to see. */
static void
report_call_after_fatal (FmuInstance *fmu, const char *function)
{
  fprintf (stderr, "FMU instance %s: %s called after fmi2Fatal, which FMI 2.0 forbids\n",
           fmu->name ? fmu->name : "?", function);
}

fmi2Component
fmi2Instantiate (fmi2String instanceName, fmi2Type fmuType, fmi2String fmuGUID,
                 fmi2String fmuResourceLocation, const fmi2CallbackFunctions *functions,
                 fmi2Boolean visible, fmi2Boolean loggingOn)
{
  const FmuModel *model = &fmu_model;
  const char *wrong;
  FmuInstance *fmu;

  /* Without a logger there is no one to tell. */
  if (functions == NULL || functions->logger == NULL)
    return NULL;
  if (instanceName == NULL || instanceName[0] == '\0')
    {
      log_before_instance (functions, instanceName, "fmi2Instantiate: no instance name");
      return NULL;
    }
  if (fmuType != fmi2CoSimulation)
    {
      log_before_instance (functions, instanceName,
                           "fmi2Instantiate: this FMU supports co-simulation only");
      return NULL;
    }
  if (fmuGUID == NULL || strcmp (fmuGUID, model->guid) != 0)
    {
      log_before_instance (functions, instanceName,
                           "fmi2Instantiate: GUID %s does not match the FMU's %s",
                           fmuGUID ? fmuGUID : "(null)", model->guid);
      return NULL;
    }
  if ((wrong = check_table (model)) != NULL)
    {
      log_before_instance (functions, instanceName,
                           "fmi2Instantiate: variable %s does not fit its type (a bug)", wrong);
      return NULL;
    }

  fmu = functions->allocateMemory ? functions->allocateMemory (1, sizeof *fmu)
                                  : calloc (1, sizeof *fmu);
  if (fmu == NULL)
    return NULL;
  fmu->model = model;
  fmu->logger = functions->logger;
  fmu->allocate = functions->allocateMemory;
  fmu->free = functions->freeMemory;
  fmu->environment = functions->componentEnvironment;
  fmu->logging = loggingOn;
  fmu->name = allocate (fmu, strlen (instanceName) + 1);
  fmu->status = allocate (fmu, model->n_variables * sizeof *fmu->status + 1);
  fmu->state = allocate (fmu, model->state_size);
  if (fmu->name == NULL || fmu->status == NULL || fmu->state == NULL)
    {
      fmi2FreeInstance (fmu);
      return NULL;
    }
  strcpy (fmu->name, instanceName);
  set_start_values (fmu);
  if (model->instantiate && !model->instantiate (fmu))
    {
      fmi2FreeInstance (fmu);
      return NULL;
    }
  fmu_log (fmu, fmi2OK, "logAll", "fmi2Instantiate: %s", instanceName);
  return fmu;
}

void
fmi2FreeInstance (fmi2Component c)
{
  FmuInstance *fmu = c;

  if (fmu == NULL)
    return;
  if (fmu->clock.phase == FMU_PHASE_FATAL)
    report_call_after_fatal (fmu, "fmi2FreeInstance");
  release (fmu, fmu->state);
  release (fmu, fmu->status);
  release (fmu, fmu->name);
  release (fmu, fmu);
}

/* The state machine. */

bool
_fmu_check_phase (FmuInstance *fmu, const char *function, unsigned phases)
{
  if (fmu == NULL)
    return false;
  if (fmu->clock.phase == FMU_PHASE_FATAL)
    report_call_after_fatal (fmu, function);
  if ((phases & FMU_IN (fmu->clock.phase)) == 0)
    {
      fmu_error (fmu, "%s: not allowed in %s", function, phase_names[fmu->clock.phase]);
      return false;
    }
  return true;
}

/* After fmi2Fatal a master must not even free the instance (FMI 2.0 section 2.1.3): the
 * instances it abandons are kept here, so that a master right to abandon them leaks nothing
 * that valgrind would count (volatile: never read, the stores would be optimized away). */
static FmuInstance *volatile abandoned[64];
static size_t n_abandoned;

fmi2Status
_fmu_finish (FmuInstance *fmu, fmi2Status status)
{
  if (status == fmi2Error)
    fmu->clock.phase = FMU_PHASE_ERROR;
  else if (status == fmi2Fatal && fmu->clock.phase != FMU_PHASE_FATAL)
    {
      fmu->clock.phase = FMU_PHASE_FATAL;
      if (n_abandoned < sizeof abandoned / sizeof abandoned[0])
        abandoned[n_abandoned++] = fmu;
    }
  else if (status == fmi2Pending)
    fmu->pending = true;
  return status;
}

#define ANY_BUT_FATAL                                                                              \
  (FMU_IN (FMU_PHASE_INSTANTIATED) | FMU_IN (FMU_PHASE_INITIALIZATION) | FMU_IN (FMU_PHASE_STEP)   \
   | FMU_IN (FMU_PHASE_TERMINATED) | FMU_IN (FMU_PHASE_ERROR))

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
  FmuInstance *fmu = c;

  if (!_fmu_check_phase (fmu, "fmi2SetDebugLogging", ANY_BUT_FATAL))
    return fmi2Error;
  fmu->logging = loggingOn;
  return fmi2OK;
}

fmi2Status
fmi2SetupExperiment (fmi2Component c, fmi2Boolean toleranceDefined, fmi2Real tolerance,
                     fmi2Real startTime, fmi2Boolean stopTimeDefined, fmi2Real stopTime)
{
  FmuInstance *fmu = c;

  if (!_fmu_check_phase (fmu, "fmi2SetupExperiment", FMU_IN (FMU_PHASE_INSTANTIATED)))
    return fmi2Error;
  if (!isfinite (startTime) || (stopTimeDefined && !(stopTime >= startTime))
      || (toleranceDefined && !(tolerance > 0)))
    return fmu_error (fmu, "fmi2SetupExperiment: start %g, stop %g, tolerance %g make no sense",
                      startTime, stopTime, tolerance);
  fmu->tolerance_defined = toleranceDefined;
  fmu->tolerance = tolerance;
  fmu->start_time = startTime;
  fmu->stop_time_defined = stopTimeDefined;
  fmu->stop_time = stopTime;
  return fmi2OK;
}

fmi2Status
fmi2EnterInitializationMode (fmi2Component c)
{
  FmuInstance *fmu = c;

  if (!_fmu_check_phase (fmu, "fmi2EnterInitializationMode", FMU_IN (FMU_PHASE_INSTANTIATED)))
    return fmi2Error;
  fmu->clock.phase = FMU_PHASE_INITIALIZATION;
  fmu->clock.time = fmu->clock.last_successful_time = fmu->start_time;
  return fmi2OK;
}

fmi2Status
fmi2ExitInitializationMode (fmi2Component c)
{
  FmuInstance *fmu = c;
  fmi2Status status = fmi2OK;

  if (!_fmu_check_phase (fmu, "fmi2ExitInitializationMode", FMU_IN (FMU_PHASE_INITIALIZATION)))
    return fmi2Error;
  if (fmu->model->initialize)
    status = fmu->model->initialize (fmu);
  if (status <= fmi2Warning)
    fmu->clock.phase = FMU_PHASE_STEP;
  return _fmu_finish (fmu, status);
}

fmi2Status
fmi2Terminate (fmi2Component c)
{
  FmuInstance *fmu = c;

  if (!_fmu_check_phase (fmu, "fmi2Terminate", FMU_IN (FMU_PHASE_STEP)))
    return fmi2Error;
  fmu->clock.phase = FMU_PHASE_TERMINATED;
  return fmi2OK;
}

fmi2Status
fmi2Reset (fmi2Component c)
{
  FmuInstance *fmu = c;

  if (!_fmu_check_phase (fmu, "fmi2Reset", ANY_BUT_FATAL))
    return fmi2Error;
  set_start_values (fmu);
  if (fmu->model->instantiate && !fmu->model->instantiate (fmu))
    return _fmu_finish (fmu, fmi2Error);
  return fmi2OK;
}

/* Values. */

static bool
check_references (FmuInstance *fmu, const char *function, FmuType type,
                  const fmi2ValueReference vr[], size_t nvr, const void *values)
{
  if (nvr > 0 && (vr == NULL || values == NULL))
    {
      fmu_error (fmu, "%s: NULL array", function);
      return false;
    }
  for (size_t i = 0; i < nvr; i++)
    {
      if (vr[i] >= fmu->model->n_variables)
        {
          fmu_error (fmu, "%s: no variable has value reference %u", function, vr[i]);
          return false;
        }
      if (fmu->model->variables[vr[i]].type != type)
        {
          fmu_error (fmu, "%s: variable %s (value reference %u) is a %s", function,
                     fmu->model->variables[vr[i]].name, vr[i],
                     type_names[fmu->model->variables[vr[i]].type]);
          return false;
        }
    }
  return true;
}

fmi2Status
_fmu_get (FmuInstance *fmu, const char *function, FmuType type, const fmi2ValueReference vr[],
          size_t nvr, void *values, fmi2SignalStatus status[])
{
  fmi2Status access = fmi2OK;

  if (!_fmu_check_phase (fmu, function,
                         FMU_IN (FMU_PHASE_INITIALIZATION) | FMU_IN (FMU_PHASE_STEP)
                           | FMU_IN (FMU_PHASE_TERMINATED) | FMU_IN (FMU_PHASE_ERROR)))
    return fmi2Error;
  if (!check_references (fmu, function, type, vr, nvr, values))
    return fmi2Error;
  if (nvr > 0 && status == NULL && strstr (function, "Hybrid") != NULL)
    return fmu_error (fmu, "%s: NULL status array", function);
  if (fmu->model->before_access
      && (access = fmu->model->before_access (fmu, type, false)) != fmi2OK)
    return _fmu_finish (fmu, access);
  if (fmu->model->compute_outputs)
    fmu->model->compute_outputs (fmu);

  for (size_t i = 0; i < nvr; i++)
    {
      const char *value = (const char *) fmu->state + fmu->model->variables[vr[i]].offset;

      switch (type)
        {
        case FMU_REAL:
          ((fmi2Real *) values)[i] = *(const double *) value;
          break;
        case FMU_INTEGER:
          ((fmi2Integer *) values)[i] = *(const int *) value;
          break;
        case FMU_BOOLEAN:
          ((fmi2Boolean *) values)[i] = *(const int *) value ? fmi2True : fmi2False;
          break;
        case FMU_STRING:
          /* Valid until the next call: the FMI 2.0 rule for strings. */
          ((fmi2String *) values)[i] = value;
          break;
        }
      if (status)
        status[i] = fmu->status[vr[i]];
    }
  return fmi2OK;
}

fmi2Status
_fmu_set (FmuInstance *fmu, const char *function, FmuType type, const fmi2ValueReference vr[],
          size_t nvr, const void *values, const fmi2SignalStatus status[])
{
  const FmuPhase phase = fmu ? fmu->clock.phase : FMU_PHASE_FATAL;
  fmi2Status access = fmi2OK;

  if (!_fmu_check_phase (fmu, function,
                         FMU_IN (FMU_PHASE_INSTANTIATED) | FMU_IN (FMU_PHASE_INITIALIZATION)
                           | FMU_IN (FMU_PHASE_STEP)))
    return fmi2Error;
  if (!check_references (fmu, function, type, vr, nvr, values))
    return fmi2Error;
  if (nvr > 0 && status == NULL && strstr (function, "Hybrid") != NULL)
    return fmu_error (fmu, "%s: NULL status array", function);

  /* Check everything first, so that a failed set changes nothing. */
  for (size_t i = 0; i < nvr; i++)
    {
      const FmuVariable *v = &fmu->model->variables[vr[i]];
      bool absent = status && status[i] == fmi2SignalAbsent;

      if (status && status[i] != fmi2SignalPresent && status[i] != fmi2SignalAbsent)
        return fmu_error (fmu, "%s: %s can only be set present or absent", function, v->name);
      if (v->causality == FMU_OUTPUT || v->causality == FMU_LOCAL)
        return fmu_error (fmu, "%s: %s is not an input or a parameter", function, v->name);
      if (v->causality == FMU_PARAMETER && absent)
        return fmu_error (fmu, "%s: parameter %s cannot be absent", function, v->name);
      if (v->causality == FMU_PARAMETER && v->variability == FMU_FIXED && phase == FMU_PHASE_STEP)
        return fmu_error (fmu, "%s: parameter %s is fixed after initialization", function, v->name);
      if (type == FMU_STRING && !absent
          && (((const fmi2String *) values)[i] == NULL
              || strlen (((const fmi2String *) values)[i]) >= FMU_STRING_CAPACITY))
        return fmu_error (fmu, "%s: a value of %s is NULL or longer than %d bytes", function,
                          v->name, FMU_STRING_CAPACITY - 1);
    }
  if (fmu->model->before_access && (access = fmu->model->before_access (fmu, type, true)) != fmi2OK)
    return _fmu_finish (fmu, access);

  for (size_t i = 0; i < nvr; i++)
    {
      char *value = (char *) fmu->state + fmu->model->variables[vr[i]].offset;

      if (status && status[i] == fmi2SignalAbsent)
        {
          fmu->status[vr[i]] = fmi2SignalAbsent;
          continue;
        }
      switch (type)
        {
        case FMU_REAL:
          *(double *) value = ((const fmi2Real *) values)[i];
          break;
        case FMU_INTEGER:
          *(int *) value = ((const fmi2Integer *) values)[i];
          break;
        case FMU_BOOLEAN:
          *(int *) value = ((const fmi2Boolean *) values)[i] ? fmi2True : fmi2False;
          break;
        case FMU_STRING:
          strcpy (value, ((const fmi2String *) values)[i]);
          break;
        }
      fmu->status[vr[i]] = fmi2SignalPresent;
    }
  return fmi2OK;
}

#define GET_SET(Type, TYPE, ctype)                                                                 \
  fmi2Status fmi2Get##Type (fmi2Component c, const fmi2ValueReference vr[], size_t nvr,            \
                            ctype value[])                                                         \
  {                                                                                                \
    return _fmu_get (c, "fmi2Get" #Type, TYPE, vr, nvr, value, NULL);                              \
  }                                                                                                \
  fmi2Status fmi2Set##Type (fmi2Component c, const fmi2ValueReference vr[], size_t nvr,            \
                            const ctype value[])                                                   \
  {                                                                                                \
    return _fmu_set (c, "fmi2Set" #Type, TYPE, vr, nvr, value, NULL);                              \
  }

GET_SET (Real, FMU_REAL, fmi2Real)
GET_SET (Integer, FMU_INTEGER, fmi2Integer)
GET_SET (Boolean, FMU_BOOLEAN, fmi2Boolean)
GET_SET (String, FMU_STRING, fmi2String)

/* Steps. */

/* After a step, the events of discrete inputs are in the past. */
static void
clear_events (FmuInstance *fmu)
{
  for (size_t i = 0; i < fmu->model->n_variables; i++)
    if (fmu->model->variables[i].causality == FMU_INPUT
        && fmu->model->variables[i].variability == FMU_DISCRETE)
      fmu->status[i] = fmi2SignalAbsent;
}

static bool
advance_microstep (FmuInstance *fmu, const char *function)
{
  if (fmu->clock.microstep == UINT64_MAX)
    {
      fmu_error (fmu, "%s: the microstep overflows", function);
      return false;
    }
  fmu->clock.microstep++;
  return true;
}

void
_fmu_note_promise (FmuInstance *fmu, fmi2Boolean noSetFMUStatePriorToCurrentPoint)
{
  if (noSetFMUStatePriorToCurrentPoint)
    fmu->promised_time = fmax (fmu->promised_time, fmu->clock.time);
}

fmi2Status
_fmu_hybrid_step (FmuInstance *fmu, const char *function, fmi2HybridTime step,
                  fmi2HybridTime *performed)
{
  fmi2HybridTime done = step;
  fmi2Status status;

  if (step > 0 && fmu->clock.ticks > UINT64_MAX - step)
    return fmu_error (fmu, "%s: time overflows", function);
  if (step == 0 && fmu->clock.microstep == UINT64_MAX)
    return fmu_error (fmu, "%s: the microstep overflows", function);

  status = fmu->model->hybrid_do_step (fmu, step, &done);
  if (status <= fmi2Discard)
    {
      if (done > step)
        return _fmu_finish (fmu, fmu_error (fmu, "%s: the model went too far (a bug)", function));
      if (done > 0)
        {
          fmu->clock.ticks += done;
          fmu->clock.microstep = 0;
        }
      else if (step == 0)
        advance_microstep (fmu, function);
      fmu->clock.time = fmu->start_time + fmu_ticks_to_seconds (fmu, fmu->clock.ticks);
      fmu->clock.last_successful_time = fmu->clock.time;
      clear_events (fmu);
    }
  *performed = done;
  return _fmu_finish (fmu, status);
}

/* The master's notion of the current time must be the FMU's: within a relative 1e-9, since
 * a master may compute it as ticks · resolution while the FMU added steps. */
static bool
same_time (double a, double b)
{
  return fabs (a - b) <= 1e-9 * fmax (1.0, fmax (fabs (a), fabs (b)));
}

fmi2Status
fmi2DoStep (fmi2Component c, fmi2Real currentCommunicationPoint, fmi2Real communicationStepSize,
            fmi2Boolean noSetFMUStatePriorToCurrentPoint)
{
  FmuInstance *fmu = c;
  const double h = communicationStepSize;
  fmi2Status status;

  if (!_fmu_check_phase (fmu, "fmi2DoStep", FMU_IN (FMU_PHASE_STEP)))
    return fmi2Error;
  if (!(h >= 0) || !isfinite (h))
    return fmu_error (fmu, "fmi2DoStep: step size %g", h);
  if (fmu->clock.terminated)
    return fmu_error (fmu, "fmi2DoStep: the FMU asked to end the simulation at %g",
                      fmu->clock.time);
  if (h == 0 && fmu->model->category == FMU_CATEGORY_0A)
    return fmu_error (fmu, "fmi2DoStep: zero step sizes need FMI-HC (this FMU is category 0A)");
  if (!same_time (currentCommunicationPoint, fmu->clock.time))
    return fmu_error (fmu, "fmi2DoStep: communication point %.17g, but the FMU is at %.17g",
                      currentCommunicationPoint, fmu->clock.time);
  _fmu_note_promise (fmu, noSetFMUStatePriorToCurrentPoint);

  if (fmu->model->do_step)
    {
      double performed = h;

      fmu->clock.time = currentCommunicationPoint;
      status = fmu->model->do_step (fmu, h, &performed);
      if (status <= fmi2Discard)
        {
          if (!(performed >= 0 && performed <= h))
            return _fmu_finish (
              fmu, fmu_error (fmu, "fmi2DoStep: progress %g of %g (a bug)", performed, h));
          if (performed > 0)
            fmu->clock.microstep = 0;
          else if (h == 0 && !advance_microstep (fmu, "fmi2DoStep"))
            return fmi2Error;
          fmu->clock.time = currentCommunicationPoint + performed;
          fmu->clock.last_successful_time = fmu->clock.time;
          clear_events (fmu);
        }
      return _fmu_finish (fmu, status);
    }
  else
    {
      /* An integer-time model through the real-time interface: whole ticks only. */
      fmi2HybridTime ticks, performed;

      if (!fmu_seconds_to_ticks (fmu, "fmi2DoStep: the step size", h, &ticks))
        return fmi2Error;
      return _fmu_hybrid_step (fmu, "fmi2DoStep", ticks, &performed);
    }
}

fmi2Status
fmi2CancelStep (fmi2Component c)
{
  FmuInstance *fmu = c;

  if (fmu == NULL)
    return fmi2Error;
  if (!fmu->pending)
    return fmu_error (c, "fmi2CancelStep: no step is pending");
  /* Cancelled: only fmi2FreeInstance, fmi2Reset (and state and get calls) remain, as after
   * an error. */
  fmu->pending = false;
  fmu->clock.phase = FMU_PHASE_ERROR;
  return fmi2OK;
}

/* Status queries: only what a synchronous FMU can answer. */

fmi2Status
fmi2GetStatus (fmi2Component c, const fmi2StatusKind s, fmi2Status *value)
{
  if (!_fmu_check_phase (c, "fmi2GetStatus", ANY_BUT_FATAL))
    return fmi2Error;
  return fmi2Discard;
}

fmi2Status
fmi2GetRealStatus (fmi2Component c, const fmi2StatusKind s, fmi2Real *value)
{
  FmuInstance *fmu = c;

  if (!_fmu_check_phase (fmu, "fmi2GetRealStatus", ANY_BUT_FATAL))
    return fmi2Error;
  if (s != fmi2LastSuccessfulTime || value == NULL)
    return fmi2Discard;
  *value = fmu->clock.last_successful_time;
  return fmi2OK;
}

fmi2Status
fmi2GetIntegerStatus (fmi2Component c, const fmi2StatusKind s, fmi2Integer *value)
{
  if (!_fmu_check_phase (c, "fmi2GetIntegerStatus", ANY_BUT_FATAL))
    return fmi2Error;
  return fmi2Discard;
}

static bool
fmu_terminated (fmi2Component c)
{
  return ((FmuInstance *) c)->clock.terminated;
}

fmi2Status
fmi2GetBooleanStatus (fmi2Component c, const fmi2StatusKind s, fmi2Boolean *value)
{
  if (!_fmu_check_phase (c, "fmi2GetBooleanStatus", ANY_BUT_FATAL))
    return fmi2Error;
  if (s != fmi2Terminated || value == NULL)
    return fmi2Discard;
  *value = fmu_terminated (c) ? fmi2True : fmi2False;
  return fmi2OK;
}

fmi2Status
fmi2GetStringStatus (fmi2Component c, const fmi2StatusKind s, fmi2String *value)
{
  if (!_fmu_check_phase (c, "fmi2GetStringStatus", ANY_BUT_FATAL))
    return fmi2Error;
  return fmi2Discard;
}

/* Not provided (the model descriptions say so). */

fmi2Status
fmi2GetDirectionalDerivative (fmi2Component c, const fmi2ValueReference vUnknown_ref[],
                              size_t nUnknown, const fmi2ValueReference vKnown_ref[], size_t nKnown,
                              const fmi2Real dvKnown[], fmi2Real dvUnknown[])
{
  if (c == NULL)
    return fmi2Error;
  return fmu_error (c, "fmi2GetDirectionalDerivative: not provided");
}

fmi2Status
fmi2SetRealInputDerivatives (fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                             const fmi2Integer order[], const fmi2Real value[])
{
  if (c == NULL)
    return fmi2Error;
  return fmu_error (c, "fmi2SetRealInputDerivatives: inputs are not interpolated");
}

fmi2Status
fmi2GetRealOutputDerivatives (fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                              const fmi2Integer order[], fmi2Real value[])
{
  if (c == NULL)
    return fmi2Error;
  return fmu_error (c, "fmi2GetRealOutputDerivatives: maxOutputDerivativeOrder is 0");
}

/* FMU states: one block holding a header, the statuses and a byte copy of the model's struct,
 * with no pointers inside, so that serializing it is copying it. The header names the model
 * (its GUID) and the size, so that a state from another FMU is refused. */

typedef struct
{
  char guid[64];
  size_t size;
  int resolution;
  FmuClock clock;
} FmuStateHeader;

#define ALIGN(n) (((n) + 15u) & ~(size_t) 15u)

static size_t
state_block_size (const FmuModel *model)
{
  return ALIGN (sizeof (FmuStateHeader)) + ALIGN (model->n_variables * sizeof (fmi2SignalStatus))
         + model->state_size;
}

static void
state_block_parts (const FmuModel *model, void *block, fmi2SignalStatus **status, void **state)
{
  *status = (fmi2SignalStatus *) ((char *) block + ALIGN (sizeof (FmuStateHeader)));
  *state = (char *) *status + ALIGN (model->n_variables * sizeof (fmi2SignalStatus));
}

static bool
check_state_support (FmuInstance *fmu, const char *function)
{
  if (!fmu->model->can_get_and_set_state)
    {
      fmu_error (fmu, "%s: this FMU cannot get and set its state (canGetAndSetFMUstate=false)",
                 function);
      return false;
    }
  return true;
}

static bool
check_state_block (FmuInstance *fmu, const char *function, const void *block, size_t size)
{
  const FmuStateHeader *header = block;

  if (block == NULL || size != state_block_size (fmu->model) || header->size != size
      || strncmp (header->guid, fmu->model->guid, sizeof header->guid) != 0)
    {
      fmu_error (fmu, "%s: not a state of this FMU", function);
      return false;
    }
  return true;
}

fmi2Status
fmi2GetFMUstate (fmi2Component c, fmi2FMUstate *FMUstate)
{
  FmuInstance *fmu = c;
  const size_t size = fmu ? state_block_size (fmu->model) : 0;
  FmuStateHeader *header;
  fmi2SignalStatus *status;
  void *state;

  if (!_fmu_check_phase (fmu, "fmi2GetFMUstate",
                         FMU_IN (FMU_PHASE_INSTANTIATED) | FMU_IN (FMU_PHASE_INITIALIZATION)
                           | FMU_IN (FMU_PHASE_STEP) | FMU_IN (FMU_PHASE_TERMINATED)))
    return fmi2Error;
  if (!check_state_support (fmu, "fmi2GetFMUstate"))
    return fmi2Error;
  if (FMUstate == NULL)
    return fmu_error (fmu, "fmi2GetFMUstate: NULL");
  /* A non-NULL state is one to overwrite (FMI 2.0), which saves an allocation per step. */
  if (*FMUstate != NULL && !check_state_block (fmu, "fmi2GetFMUstate", *FMUstate, size))
    return fmi2Error;
  header = *FMUstate ? *FMUstate : allocate (fmu, size);
  if (header == NULL)
    return fmu_error (fmu, "fmi2GetFMUstate: out of memory");
  memset (header, 0, sizeof *header);
  snprintf (header->guid, sizeof header->guid, "%s", fmu->model->guid);
  header->size = size;
  header->resolution = fmu->resolution;
  header->clock = fmu->clock;
  state_block_parts (fmu->model, header, &status, &state);
  memcpy (status, fmu->status, fmu->model->n_variables * sizeof *status);
  memcpy (state, fmu->state, fmu->model->state_size);
  *FMUstate = header;
  return fmi2OK;
}

fmi2Status
fmi2SetFMUstate (fmi2Component c, fmi2FMUstate FMUstate)
{
  FmuInstance *fmu = c;
  const FmuStateHeader *header = FMUstate;
  fmi2SignalStatus *status;
  void *state;

  if (!_fmu_check_phase (fmu, "fmi2SetFMUstate", ANY_BUT_FATAL))
    return fmi2Error;
  if (!check_state_support (fmu, "fmi2SetFMUstate")
      || !check_state_block (fmu, "fmi2SetFMUstate", FMUstate, state_block_size (fmu->model)))
    return fmi2Error;
  if (header->clock.time < fmu->promised_time
      && !same_time (header->clock.time, fmu->promised_time))
    return fmu_error (fmu,
                      "fmi2SetFMUstate: a state at %.17g, but the master promised "
                      "(noSetFMUStatePriorToCurrentPoint) not to go back before %.17g",
                      header->clock.time, fmu->promised_time);
  fmu->resolution = header->resolution;
  fmu->clock = header->clock;
  state_block_parts (fmu->model, FMUstate, &status, &state);
  memcpy (fmu->status, status, fmu->model->n_variables * sizeof *status);
  memcpy (fmu->state, state, fmu->model->state_size);
  return fmi2OK;
}

fmi2Status
fmi2FreeFMUstate (fmi2Component c, fmi2FMUstate *FMUstate)
{
  FmuInstance *fmu = c;

  if (fmu == NULL)
    return fmi2Error;
  if (fmu->clock.phase == FMU_PHASE_FATAL)
    report_call_after_fatal (fmu, "fmi2FreeFMUstate");
  if (!check_state_support (fmu, "fmi2FreeFMUstate"))
    return fmi2Error;
  if (FMUstate == NULL || *FMUstate == NULL)
    return fmi2OK;
  release (fmu, *FMUstate);
  *FMUstate = NULL;
  return fmi2OK;
}

fmi2Status
fmi2SerializedFMUstateSize (fmi2Component c, fmi2FMUstate FMUstate, size_t *size)
{
  FmuInstance *fmu = c;

  if (!_fmu_check_phase (fmu, "fmi2SerializedFMUstateSize", ANY_BUT_FATAL))
    return fmi2Error;
  if (!check_state_support (fmu, "fmi2SerializedFMUstateSize")
      || !check_state_block (fmu, "fmi2SerializedFMUstateSize", FMUstate,
                             state_block_size (fmu->model)))
    return fmi2Error;
  if (size == NULL)
    return fmu_error (fmu, "fmi2SerializedFMUstateSize: NULL");
  *size = state_block_size (fmu->model);
  return fmi2OK;
}

fmi2Status
fmi2SerializeFMUstate (fmi2Component c, fmi2FMUstate FMUstate, fmi2Byte serializedState[],
                       size_t size)
{
  FmuInstance *fmu = c;

  if (!_fmu_check_phase (fmu, "fmi2SerializeFMUstate", ANY_BUT_FATAL))
    return fmi2Error;
  if (!check_state_support (fmu, "fmi2SerializeFMUstate")
      || !check_state_block (fmu, "fmi2SerializeFMUstate", FMUstate, size))
    return fmi2Error;
  if (serializedState == NULL)
    return fmu_error (fmu, "fmi2SerializeFMUstate: NULL");
  memcpy (serializedState, FMUstate, size);
  return fmi2OK;
}

fmi2Status
fmi2DeSerializeFMUstate (fmi2Component c, const fmi2Byte serializedState[], size_t size,
                         fmi2FMUstate *FMUstate)
{
  FmuInstance *fmu = c;
  void *block;

  if (!_fmu_check_phase (fmu, "fmi2DeSerializeFMUstate", ANY_BUT_FATAL))
    return fmi2Error;
  if (!check_state_support (fmu, "fmi2DeSerializeFMUstate"))
    return fmi2Error;
  if (FMUstate == NULL)
    return fmu_error (fmu, "fmi2DeSerializeFMUstate: NULL");
  /* Copied into an aligned block before looking at the header: the bytes may be anywhere. */
  if (serializedState == NULL || size != state_block_size (fmu->model))
    return fmu_error (fmu, "fmi2DeSerializeFMUstate: not a state of this FMU");
  block = allocate (fmu, size);
  if (block == NULL)
    return fmu_error (fmu, "fmi2DeSerializeFMUstate: out of memory");
  memcpy (block, serializedState, size);
  if (!check_state_block (fmu, "fmi2DeSerializeFMUstate", block, size))
    {
      release (fmu, block);
      return fmi2Error;
    }
  *FMUstate = block; /* a new state, whatever *FMUstate was (FMI 2.0) */
  return fmi2OK;
}
