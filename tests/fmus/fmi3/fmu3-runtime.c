/* fmu3-runtime.c: the FMI 3.0 co-simulation functions of the test FMUs (fmu3-runtime.h).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "fmu3-runtime.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define M (fmu3_model)

static const char *const phase_names[]
  = { "instantiated", "configuration mode", "initialization mode", "event mode",
      "step mode",    "terminated",         "an error state" };

static const char *const type_names[]
  = { "Float32", "Float64", "Int8",  "UInt8",   "Int16",  "UInt16", "Int32",
      "UInt32",  "Int64",   "UInt64", "Boolean", "String", "Binary", "Clock" };

static const size_t element_sizes[] = { sizeof (fmi3Float32), sizeof (fmi3Float64), 1, 1, 2, 2,
                                        4, 4, 8, 8, sizeof (bool), FMU3_STRING_CAPACITY,
                                        sizeof (Fmu3Binary), sizeof (bool) };

void
fmu3_log (Fmu3Instance *fmu, fmi3Status status, const char *format, ...)
{
  char message[512];
  va_list args;

  if (fmu->logger == NULL || (status == fmi3OK && !fmu->logging))
    return;
  va_start (args, format);
  vsnprintf (message, sizeof message, format, args);
  va_end (args);
  fmu->logger (fmu->environment, status,
               status >= fmi3Error     ? "logStatusError"
               : status == fmi3Warning ? "logStatusWarning"
                                       : "logEvents",
               message);
}

fmi3Status
fmu3_error (Fmu3Instance *fmu, const char *format, ...)
{
  char message[512];
  va_list args;

  va_start (args, format);
  vsnprintf (message, sizeof message, format, args);
  va_end (args);
  if (fmu->logger)
    fmu->logger (fmu->environment, fmi3Error, "logStatusError", message);
  return fmi3Error;
}

/* Whether @fmu is in one of the phases of the mask (1 << phase); logs the refusal if not. */
static bool
allowed (Fmu3Instance *fmu, const char *function, unsigned mask)
{
  if (fmu == NULL)
    return false;
  if (mask & (1u << fmu->phase))
    return true;
  fmu3_error (fmu, "%s is not allowed in %s", function, phase_names[fmu->phase]);
  return false;
}

#define IN(phase) (1u << (phase))
#define ANY_BUT_ERROR                                                                              \
  (IN (FMU3_INSTANTIATED) | IN (FMU3_CONFIGURATION) | IN (FMU3_INITIALIZATION) | IN (FMU3_EVENT) \
   | IN (FMU3_STEP) | IN (FMU3_TERMINATED))

/* A model callback's status: an error moves the instance to the error state. */
static fmi3Status
model_status (Fmu3Instance *fmu, fmi3Status status)
{
  if (status >= fmi3Error)
    fmu->phase = FMU3_ERROR;
  return status;
}

static size_t
count_of (Fmu3Instance *fmu, const Fmu3Variable *variable)
{
  if (variable->size_of < 0)
    return variable->count;
  return (size_t) *(const fmi3UInt64 *) (const void *) ((const char *) fmu->state
                                                         + M.variables[variable->size_of].offset);
}

static void *
value_at (Fmu3Instance *fmu, const Fmu3Variable *variable, size_t i)
{
  return (char *) fmu->state + variable->offset + i * element_sizes[variable->type];
}

/* Checks the value references and the number of values for a get or set of @type. */
static bool
check_access (Fmu3Instance *fmu, const char *function, Fmu3Type type,
              const fmi3ValueReference vr[], size_t n_vr, size_t n_values, bool set)
{
  size_t total = 0;

  for (size_t i = 0; i < n_vr; i++)
    {
      const Fmu3Variable *variable;
      if (vr[i] >= M.n_variables)
        {
          fmu3_error (fmu, "%s: no variable has value reference %u", function, vr[i]);
          return false;
        }
      variable = &M.variables[vr[i]];
      if (variable->type != type)
        {
          fmu3_error (fmu, "%s: %s is a %s, not a %s", function, variable->name,
                      type_names[variable->type], type_names[type]);
          return false;
        }
      if (set && variable->causality == FMU3_OUTPUT)
        {
          fmu3_error (fmu, "%s: %s is an output", function, variable->name);
          return false;
        }
      if (set && fmu->phase == FMU3_CONFIGURATION
          && variable->causality != FMU3_STRUCTURAL_PARAMETER)
        {
          fmu3_error (fmu, "%s: only structural parameters are set in configuration mode, not %s",
                      function, variable->name);
          return false;
        }
      if (set && variable->causality == FMU3_STRUCTURAL_PARAMETER
          && fmu->phase != FMU3_CONFIGURATION)
        {
          fmu3_error (fmu, "%s: the structural parameter %s can only be set in configuration mode",
                      function, variable->name);
          return false;
        }
      if (set && variable->causality == FMU3_PARAMETER && !variable->tunable
          && fmu->phase != FMU3_INSTANTIATED && fmu->phase != FMU3_INITIALIZATION)
        {
          fmu3_error (fmu, "%s: the fixed parameter %s cannot be set in %s", function,
                      variable->name, phase_names[fmu->phase]);
          return false;
        }
      if (set && variable->clocked_by
          && !(fmu->phase == FMU3_EVENT
               && *(const bool *) value_at (fmu, &M.variables[variable->clocked_by - 1], 0)))
        {
          fmu3_error (fmu, "%s: %s is clocked: set only when its clock ticks, in event mode",
                      function, variable->name);
          return false;
        }
      if (set && variable->type == FMU3_CLOCK
          && (variable->causality != FMU3_INPUT || fmu->phase != FMU3_EVENT))
        {
          fmu3_error (fmu, "%s: %s: only input clocks are set, in event mode", function,
                      variable->name);
          return false;
        }
      if (set && variable->causality == FMU3_LOCAL)
        {
          fmu3_error (fmu, "%s: %s is a local", function, variable->name);
          return false;
        }
      total += count_of (fmu, variable);
    }
  if (total != n_values)
    {
      fmu3_error (fmu, "%s: %zu values for variables of %zu", function, n_values, total);
      return false;
    }
  return true;
}

static fmi3Status
get_values (fmi3Instance instance, const char *function, Fmu3Type type,
            const fmi3ValueReference vr[], size_t n_vr, void *values, size_t n_values)
{
  Fmu3Instance *fmu = instance;
  size_t k = 0;

  if (!allowed (fmu, function, ANY_BUT_ERROR | IN (FMU3_ERROR))
      || !check_access (fmu, function, type, vr, n_vr, n_values, false))
    return fmi3Error;
  if (M.compute_outputs && fmu->phase != FMU3_INSTANTIATED && fmu->phase != FMU3_CONFIGURATION)
    M.compute_outputs (fmu);
  for (size_t i = 0; i < n_vr; i++)
    {
      const Fmu3Variable *variable = &M.variables[vr[i]];
      for (size_t j = 0; j < count_of (fmu, variable); j++, k++)
        if (type == FMU3_STRING)
          ((fmi3String *) values)[k] = value_at (fmu, variable, j);
        else
          memcpy ((char *) values + k * element_sizes[type], value_at (fmu, variable, j),
                  element_sizes[type]);
    }
  return fmi3OK;
}

static fmi3Status
set_values (fmi3Instance instance, const char *function, Fmu3Type type,
            const fmi3ValueReference vr[], size_t n_vr, const void *values, size_t n_values)
{
  Fmu3Instance *fmu = instance;
  size_t k = 0;

  if (!allowed (fmu, function,
                IN (FMU3_INSTANTIATED) | IN (FMU3_CONFIGURATION) | IN (FMU3_INITIALIZATION)
                  | IN (FMU3_EVENT) | IN (FMU3_STEP))
      || !check_access (fmu, function, type, vr, n_vr, n_values, true))
    return fmi3Error;
  for (size_t i = 0; i < n_vr; i++)
    {
      const Fmu3Variable *variable = &M.variables[vr[i]];
      if (type == FMU3_STRING)
        for (size_t j = 0; j < count_of (fmu, variable); j++)
          if (strlen (((const fmi3String *) values)[k + j]) >= FMU3_STRING_CAPACITY)
            {
              fmu3_error (fmu, "%s: the string for %s is longer than %d bytes", function,
                          variable->name, FMU3_STRING_CAPACITY - 1);
              return fmi3Error;
            }
      for (size_t j = 0; j < count_of (fmu, variable); j++, k++)
        if (type == FMU3_STRING)
          strcpy (value_at (fmu, variable, j), ((const fmi3String *) values)[k]);
        else
          memcpy (value_at (fmu, variable, j), (const char *) values + k * element_sizes[type],
                  element_sizes[type]);
    }
  return fmi3OK;
}

/* The typed getters and setters. */
#define TYPED(Name, TYPE, ctype)                                                                   \
  fmi3Status fmi3Get##Name (fmi3Instance instance, const fmi3ValueReference vr[], size_t n_vr,    \
                            ctype values[], size_t n_values)                                       \
  {                                                                                                \
    return get_values (instance, "fmi3Get" #Name, TYPE, vr, n_vr, (void *) values, n_values);      \
  }                                                                                                \
  fmi3Status fmi3Set##Name (fmi3Instance instance, const fmi3ValueReference vr[], size_t n_vr,    \
                            const ctype values[], size_t n_values)                                 \
  {                                                                                                \
    return set_values (instance, "fmi3Set" #Name, TYPE, vr, n_vr, (const void *) values,           \
                       n_values);                                                                  \
  }
TYPED (Float32, FMU3_FLOAT32, fmi3Float32)
TYPED (Float64, FMU3_FLOAT64, fmi3Float64)
TYPED (Int8, FMU3_INT8, fmi3Int8)
TYPED (UInt8, FMU3_UINT8, fmi3UInt8)
TYPED (Int16, FMU3_INT16, fmi3Int16)
TYPED (UInt16, FMU3_UINT16, fmi3UInt16)
TYPED (Int32, FMU3_INT32, fmi3Int32)
TYPED (UInt32, FMU3_UINT32, fmi3UInt32)
TYPED (Int64, FMU3_INT64, fmi3Int64)
TYPED (UInt64, FMU3_UINT64, fmi3UInt64)
TYPED (Boolean, FMU3_BOOLEAN, fmi3Boolean)
TYPED (String, FMU3_STRING, fmi3String)

fmi3Status
fmi3GetClock (fmi3Instance instance, const fmi3ValueReference vr[], size_t n_vr,
              fmi3Clock values[])
{
  return get_values (instance, "fmi3GetClock", FMU3_CLOCK, vr, n_vr, values, n_vr);
}

fmi3Status
fmi3SetClock (fmi3Instance instance, const fmi3ValueReference vr[], size_t n_vr,
              const fmi3Clock values[])
{
  return set_values (instance, "fmi3SetClock", FMU3_CLOCK, vr, n_vr, values, n_vr);
}

static fmi3Status
get_intervals (fmi3Instance instance, const char *function, const fmi3ValueReference vr[],
               size_t n_vr, double intervals[], double shifts[],
               fmi3IntervalQualifier qualifiers[])
{
  Fmu3Instance *fmu = instance;

  if (!allowed (fmu, function, IN (FMU3_INITIALIZATION) | IN (FMU3_EVENT) | IN (FMU3_STEP)))
    return fmi3Error;
  for (size_t i = 0; i < n_vr; i++)
    {
      double interval = 0, shift = 0;
      fmi3IntervalQualifier qualifier = fmi3IntervalNotYetKnown;
      if (vr[i] >= M.n_variables || M.variables[vr[i]].type != FMU3_CLOCK || M.interval == NULL)
        return fmu3_error (fmu, "%s: value reference %u is not a time-based clock", function,
                           vr[i]);
      if (model_status (fmu, M.interval (fmu, vr[i], &interval, &shift, &qualifier)) >= fmi3Error)
        return fmi3Error;
      if (intervals)
        intervals[i] = interval;
      if (shifts)
        shifts[i] = shift;
      if (qualifiers)
        qualifiers[i] = qualifier;
    }
  return fmi3OK;
}

fmi3Status
fmi3GetIntervalDecimal (fmi3Instance instance, const fmi3ValueReference vr[], size_t n_vr,
                        fmi3Float64 intervals[], fmi3IntervalQualifier qualifiers[])
{
  return get_intervals (instance, "fmi3GetIntervalDecimal", vr, n_vr, intervals, NULL,
                        qualifiers);
}

/* fmi3SetIntervalDecimal and fmi3SetIntervalFraction: @intervals, or @counters / @resolutions
 * seconds. */
static fmi3Status
set_intervals (fmi3Instance instance, const char *function, const fmi3ValueReference vr[],
               size_t n_vr, const double intervals[], const fmi3UInt64 counters[],
               const fmi3UInt64 resolutions[])
{
  Fmu3Instance *fmu = instance;

  if (!allowed (fmu, function, IN (FMU3_INITIALIZATION) | IN (FMU3_EVENT)))
    return fmi3Error;
  for (size_t i = 0; i < n_vr; i++)
    {
      double interval = intervals ? intervals[i]
                        : resolutions[i] > 0 ? (double) counters[i] / (double) resolutions[i]
                                             : 0;
      if (vr[i] >= M.n_variables || M.variables[vr[i]].type != FMU3_CLOCK
          || M.set_interval == NULL)
        return fmu3_error (fmu, "%s: value reference %u is not a clock whose interval the "
                                "importer sets",
                           function, vr[i]);
      if (!(interval > 0))
        return fmu3_error (fmu, "%s: %g s is not an interval", function, interval);
      if (model_status (fmu, M.set_interval (fmu, vr[i], interval)) >= fmi3Error)
        return fmi3Error;
    }
  return fmi3OK;
}

fmi3Status
fmi3SetIntervalDecimal (fmi3Instance instance, const fmi3ValueReference vr[], size_t n_vr,
                        const fmi3Float64 intervals[])
{
  return set_intervals (instance, "fmi3SetIntervalDecimal", vr, n_vr, intervals, NULL, NULL);
}

fmi3Status
fmi3SetIntervalFraction (fmi3Instance instance, const fmi3ValueReference vr[], size_t n_vr,
                         const fmi3UInt64 counters[], const fmi3UInt64 resolutions[])
{
  return set_intervals (instance, "fmi3SetIntervalFraction", vr, n_vr, NULL, counters,
                        resolutions);
}

static fmi3Status
get_fractions (fmi3Instance instance, const char *function, const fmi3ValueReference vr[],
               size_t n_vr, fmi3UInt64 counters[], fmi3UInt64 resolutions[],
               fmi3IntervalQualifier qualifiers[])
{
  Fmu3Instance *fmu = instance;

  if (!allowed (fmu, function, IN (FMU3_INITIALIZATION) | IN (FMU3_EVENT) | IN (FMU3_STEP)))
    return fmi3Error;
  for (size_t i = 0; i < n_vr; i++)
    {
      uint64_t counter = 0, resolution = 1, shift = 0;
      fmi3IntervalQualifier qualifier = fmi3IntervalNotYetKnown;
      if (vr[i] >= M.n_variables || M.variables[vr[i]].type != FMU3_CLOCK
          || M.interval_fraction == NULL)
        return fmu3_error (fmu, "%s: value reference %u is not a clock with fractions", function,
                           vr[i]);
      if (model_status (fmu,
                        M.interval_fraction (fmu, vr[i], &counter, &resolution, &shift, &qualifier))
          >= fmi3Error)
        return fmi3Error;
      counters[i] = qualifiers ? counter : shift;
      resolutions[i] = resolution;
      if (qualifiers)
        qualifiers[i] = qualifier;
    }
  return fmi3OK;
}

fmi3Status
fmi3GetIntervalFraction (fmi3Instance instance, const fmi3ValueReference vr[], size_t n_vr,
                         fmi3UInt64 counters[], fmi3UInt64 resolutions[],
                         fmi3IntervalQualifier qualifiers[])
{
  return get_fractions (instance, "fmi3GetIntervalFraction", vr, n_vr, counters, resolutions,
                        qualifiers);
}

fmi3Status
fmi3GetShiftFraction (fmi3Instance instance, const fmi3ValueReference vr[], size_t n_vr,
                      fmi3UInt64 counters[], fmi3UInt64 resolutions[])
{
  return get_fractions (instance, "fmi3GetShiftFraction", vr, n_vr, counters, resolutions, NULL);
}

fmi3Status
fmi3GetShiftDecimal (fmi3Instance instance, const fmi3ValueReference vr[], size_t n_vr,
                     fmi3Float64 shifts[])
{
  return get_intervals (instance, "fmi3GetShiftDecimal", vr, n_vr, NULL, shifts, NULL);
}

fmi3Status
fmi3GetBinary (fmi3Instance instance, const fmi3ValueReference vr[], size_t n_vr,
               size_t sizes[], fmi3Binary values[], size_t n_values)
{
  Fmu3Instance *fmu = instance;
  size_t k = 0;

  if (!allowed (fmu, "fmi3GetBinary", ANY_BUT_ERROR | IN (FMU3_ERROR))
      || !check_access (fmu, "fmi3GetBinary", FMU3_BINARY, vr, n_vr, n_values, false))
    return fmi3Error;
  if (M.compute_outputs && fmu->phase != FMU3_INSTANTIATED && fmu->phase != FMU3_CONFIGURATION)
    M.compute_outputs (fmu);
  for (size_t i = 0; i < n_vr; i++)
    for (size_t j = 0; j < count_of (fmu, &M.variables[vr[i]]); j++, k++)
      {
        const Fmu3Binary *binary = value_at (fmu, &M.variables[vr[i]], j);
        sizes[k] = binary->size;
        values[k] = binary->data;
      }
  return fmi3OK;
}

fmi3Status
fmi3SetBinary (fmi3Instance instance, const fmi3ValueReference vr[], size_t n_vr,
               const size_t sizes[], const fmi3Binary values[], size_t n_values)
{
  Fmu3Instance *fmu = instance;
  size_t k = 0;

  if (!allowed (fmu, "fmi3SetBinary",
                IN (FMU3_INSTANTIATED) | IN (FMU3_INITIALIZATION) | IN (FMU3_EVENT)
                  | IN (FMU3_STEP))
      || !check_access (fmu, "fmi3SetBinary", FMU3_BINARY, vr, n_vr, n_values, true))
    return fmi3Error;
  for (size_t i = 0; i < n_values; i++)
    if (sizes[i] > FMU3_BINARY_CAPACITY)
      return fmu3_error (fmu, "fmi3SetBinary: %zu bytes, more than %d", sizes[i],
                         FMU3_BINARY_CAPACITY);
  for (size_t i = 0; i < n_vr; i++)
    for (size_t j = 0; j < count_of (fmu, &M.variables[vr[i]]); j++, k++)
      {
        Fmu3Binary *binary = value_at (fmu, &M.variables[vr[i]], j);
        binary->size = sizes[k];
        memcpy (binary->data, values[k], sizes[k]);
      }
  return fmi3OK;
}

/* Life cycle ------------------------------------------------------------------------------ */

const char *
fmi3GetVersion (void)
{
  return "3.0";
}

fmi3Status
fmi3SetDebugLogging (fmi3Instance instance, fmi3Boolean logging_on, size_t n_categories,
                     const fmi3String categories[])
{
  Fmu3Instance *fmu = instance;

  if (!allowed (fmu, "fmi3SetDebugLogging", ANY_BUT_ERROR))
    return fmi3Error;
  fmu->logging = logging_on;
  return fmi3OK;
}

fmi3Instance
fmi3InstantiateCoSimulation (fmi3String instance_name, fmi3String token, fmi3String resources,
                             fmi3Boolean visible, fmi3Boolean logging_on,
                             fmi3Boolean event_mode_used, fmi3Boolean early_return_allowed,
                             const fmi3ValueReference required[], size_t n_required,
                             fmi3InstanceEnvironment environment, fmi3LogMessageCallback logger,
                             fmi3IntermediateUpdateCallback intermediate_update)
{
  Fmu3Instance *fmu = calloc (1, sizeof *fmu);

  fmu->model = &M;
  fmu->environment = environment;
  fmu->logger = logger;
  fmu->logging = logging_on;
  if (instance_name == NULL || token == NULL || strcmp (token, M.token) != 0)
    {
      fmu3_error (fmu, "the instantiation token \"%s\" is not this FMU's", token ? token : "");
      free (fmu);
      return NULL;
    }
  for (size_t i = 0; i < M.n_variables; i++)
    if (M.variables[i].size
        < element_sizes[M.variables[i].type] * (M.variables[i].size_of < 0 ? M.variables[i].count : 1))
      {
        fmu3_error (fmu, "%s: its member is too small for its type", M.variables[i].name);
        free (fmu);
        return NULL;
      }
  /* A model without discrete states to update has no event mode (as the Reference FMUs refuse
   * it where they have no event update). */
  if (event_mode_used && M.update == NULL)
    {
      fmu3_error (fmu, "Event Mode is not supported");
      free (fmu);
      return NULL;
    }
  fmu->name = strdup (instance_name);
  fmu->event_mode_used = event_mode_used;
  fmu->early_return_allowed = early_return_allowed;
  fmu->state = calloc (1, M.state_size);
  memcpy (fmu->state, M.start, M.state_size);
  fmu->phase = FMU3_INSTANTIATED;
  return fmu;
}

void
fmi3FreeInstance (fmi3Instance instance)
{
  Fmu3Instance *fmu = instance;

  if (fmu == NULL)
    return;
  free (fmu->state);
  free (fmu->name);
  free (fmu);
}

fmi3Status
fmi3EnterConfigurationMode (fmi3Instance instance)
{
  Fmu3Instance *fmu = instance;

  if (!allowed (fmu, "fmi3EnterConfigurationMode", IN (FMU3_INSTANTIATED)))
    return fmi3Error;
  fmu->phase = FMU3_CONFIGURATION;
  return fmi3OK;
}

fmi3Status
fmi3ExitConfigurationMode (fmi3Instance instance)
{
  Fmu3Instance *fmu = instance;

  if (!allowed (fmu, "fmi3ExitConfigurationMode", IN (FMU3_CONFIGURATION)))
    return fmi3Error;
  fmu->phase = FMU3_INSTANTIATED;
  return fmi3OK;
}

fmi3Status
fmi3EnterInitializationMode (fmi3Instance instance, fmi3Boolean tolerance_defined,
                             fmi3Float64 tolerance, fmi3Float64 start_time,
                             fmi3Boolean stop_time_defined, fmi3Float64 stop_time)
{
  Fmu3Instance *fmu = instance;

  if (!allowed (fmu, "fmi3EnterInitializationMode", IN (FMU3_INSTANTIATED)))
    return fmi3Error;
  fmu->start_time = fmu->time = start_time;
  fmu->stop_time_defined = stop_time_defined;
  fmu->stop_time = stop_time;
  fmu->phase = FMU3_INITIALIZATION;
  return fmi3OK;
}

fmi3Status
fmi3ExitInitializationMode (fmi3Instance instance)
{
  Fmu3Instance *fmu = instance;

  if (!allowed (fmu, "fmi3ExitInitializationMode", IN (FMU3_INITIALIZATION)))
    return fmi3Error;
  if (M.initialize && model_status (fmu, M.initialize (fmu)) >= fmi3Error)
    return fmi3Error;
  /* FMI 3.0 section 4.2.2: co-simulation with event mode starts in event mode. */
  fmu->phase = fmu->event_mode_used ? FMU3_EVENT : FMU3_STEP;
  return fmi3OK;
}

fmi3Status
fmi3EnterEventMode (fmi3Instance instance)
{
  Fmu3Instance *fmu = instance;

  if (!allowed (fmu, "fmi3EnterEventMode", IN (FMU3_STEP)))
    return fmi3Error;
  if (!fmu->event_mode_used)
    return fmu3_error (fmu, "fmi3EnterEventMode: the instance was created without event mode");
  fmu->phase = FMU3_EVENT;
  return fmi3OK;
}

fmi3Status
fmi3UpdateDiscreteStates (fmi3Instance instance, fmi3Boolean *needs_update,
                          fmi3Boolean *terminate, fmi3Boolean *nominals_changed,
                          fmi3Boolean *values_changed, fmi3Boolean *next_event_time_defined,
                          fmi3Float64 *next_event_time)
{
  Fmu3Instance *fmu = instance;
  Fmu3UpdateResult result = { 0 };

  if (!allowed (fmu, "fmi3UpdateDiscreteStates", IN (FMU3_EVENT)))
    return fmi3Error;
  if (M.update && model_status (fmu, M.update (fmu, &result)) >= fmi3Error)
    return fmi3Error;
  /* The update ends the clocks' ticks. */
  for (size_t i = 0; i < M.n_variables; i++)
    if (M.variables[i].type == FMU3_CLOCK)
      *(bool *) value_at (fmu, &M.variables[i], 0) = false;
  *needs_update = result.needs_update;
  *terminate = result.terminate;
  *nominals_changed = false;
  *values_changed = false;
  *next_event_time_defined = result.next_event_defined;
  *next_event_time = result.next_event_time;
  fmu->terminated = result.terminate;
  return fmi3OK;
}

fmi3Status
fmi3EnterStepMode (fmi3Instance instance)
{
  Fmu3Instance *fmu = instance;

  if (!allowed (fmu, "fmi3EnterStepMode", IN (FMU3_EVENT)))
    return fmi3Error;
  if (fmu->terminated)
    return fmu3_error (fmu, "fmi3EnterStepMode: the model asked to terminate");
  fmu->phase = FMU3_STEP;
  return fmi3OK;
}

fmi3Status
fmi3DoStep (fmi3Instance instance, fmi3Float64 current, fmi3Float64 step, fmi3Boolean no_set,
            fmi3Boolean *event, fmi3Boolean *terminate, fmi3Boolean *early, fmi3Float64 *last)
{
  Fmu3Instance *fmu = instance;
  Fmu3StepResult result = { 0 };
  fmi3Status status = fmi3OK;

  if (!allowed (fmu, "fmi3DoStep", IN (FMU3_STEP)))
    return fmi3Error;
  if (!(step > 0))
    return fmu3_error (fmu, "fmi3DoStep: a step of %.17g s: steps are positive", step);
  if (fabs (current - fmu->time) > 1e-12 * fmax (1, fabs (current)))
    return fmu3_error (fmu, "fmi3DoStep: the step starts at %.17g s, but the FMU is at %.17g s",
                       current, fmu->time);
  if (fmu->terminated)
    return fmu3_error (fmu, "fmi3DoStep: the model asked to terminate");
  if (M.do_step)
    status = model_status (fmu, M.do_step (fmu, current + step, &result));
  else
    fmu->time = current + step;
  if (status >= fmi3Error)
    return status;
  if (result.early && !fmu->early_return_allowed)
    return model_status (fmu, fmu3_error (fmu, "the model returned early, which was not allowed"));
  if (result.event && !fmu->event_mode_used)
    return model_status (fmu, fmu3_error (fmu, "the model signals an event without event mode"));
  *event = result.event;
  *terminate = fmu->terminated = result.terminate;
  *early = result.early;
  *last = fmu->time;
  return status;
}

fmi3Status
fmi3Terminate (fmi3Instance instance)
{
  Fmu3Instance *fmu = instance;

  if (!allowed (fmu, "fmi3Terminate", IN (FMU3_EVENT) | IN (FMU3_STEP)))
    return fmi3Error;
  fmu->phase = FMU3_TERMINATED;
  return fmi3OK;
}

fmi3Status
fmi3Reset (fmi3Instance instance)
{
  Fmu3Instance *fmu = instance;

  if (fmu == NULL)
    return fmi3Error;
  memcpy (fmu->state, M.start, M.state_size);
  fmu->phase = FMU3_INSTANTIATED;
  fmu->terminated = false;
  fmu->time = 0;
  return fmi3OK;
}

/* FMU states: the phase, the time and the model's struct. */
typedef struct
{
  Fmu3Phase phase;
  double time;
  bool terminated;
} Saved;

fmi3Status
fmi3GetFMUState (fmi3Instance instance, fmi3FMUState *state)
{
  Fmu3Instance *fmu = instance;
  Saved *saved;

  if (!allowed (fmu, "fmi3GetFMUState",
                IN (FMU3_INITIALIZATION) | IN (FMU3_EVENT) | IN (FMU3_STEP) | IN (FMU3_TERMINATED)
                  | IN (FMU3_ERROR)))
    return fmi3Error;
  saved = *state ? *state : malloc (sizeof (Saved) + M.state_size);
  saved->phase = fmu->phase;
  saved->time = fmu->time;
  saved->terminated = fmu->terminated;
  memcpy (saved + 1, fmu->state, M.state_size);
  *state = saved;
  return fmi3OK;
}

fmi3Status
fmi3SetFMUState (fmi3Instance instance, fmi3FMUState state)
{
  Fmu3Instance *fmu = instance;
  const Saved *saved = state;

  if (!allowed (fmu, "fmi3SetFMUState",
                IN (FMU3_INITIALIZATION) | IN (FMU3_EVENT) | IN (FMU3_STEP) | IN (FMU3_TERMINATED)
                  | IN (FMU3_ERROR)))
    return fmi3Error;
  if (saved == NULL)
    return fmu3_error (fmu, "fmi3SetFMUState: no state");
  fmu->phase = saved->phase;
  fmu->time = saved->time;
  fmu->terminated = saved->terminated;
  memcpy (fmu->state, saved + 1, M.state_size);
  return fmi3OK;
}

fmi3Status
fmi3FreeFMUState (fmi3Instance instance, fmi3FMUState *state)
{
  if (instance == NULL)
    return fmi3Error;
  free (*state);
  *state = NULL;
  return fmi3OK;
}
