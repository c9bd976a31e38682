/* loader.c: the FMU loader's own test FMU (modelDescription.xml next to this file).
 *
 * y = k u at each step, steps counts them; the call that the parameter failOn names returns
 * fmi2Error after logging why, and an instance named "fail" cannot be instantiated. Every FMI 2.0
 * function is exported; the FMI-HC functions of LOADER_CATEGORY (0 for 0A, 10 for 0B, 1 to 4)
 * too, so that one source gives an FMU of each category; LOADER_MINIMAL leaves out the functions
 * a library may lack. Self-contained: the loader is tested apart from the test FMUs' runtime in
 * common/.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#define FMI2_EXPORT_FUNCTIONS
#include "hyco-fmi2.h"

#include <stdio.h>
#include <string.h>

#ifndef LOADER_CATEGORY
#define LOADER_CATEGORY 0
#endif

enum
{
  FAIL_NONE,
  FAIL_EXIT_INITIALIZATION,
  FAIL_DO_STEP,
  FAIL_GET_REAL,
};

enum
{
  REAL_U,
  REAL_K,
  REAL_Y,
  REAL_X,
  REAL_TIME,
  REAL_Z,
  REAL_W,
  N_REALS
};
enum
{
  INTEGER_FAIL_ON,
  INTEGER_STEPS,
  INTEGER_MODE,
  N_INTEGERS
};

typedef struct
{
  const fmi2CallbackFunctions *functions;
  char name[64];
  int logging;
  double reals[N_REALS];
  int integers[N_INTEGERS];
  int enable;
  char label[64];
} Instance;

#define LOG(instance, status, category, ...)                                                       \
  (instance)->functions->logger ((instance)->functions->componentEnvironment, (instance)->name,    \
                                 (status), (category), __VA_ARGS__)

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
  ((Instance *) c)->logging = loggingOn;
  return fmi2OK;
}

fmi2Component
fmi2Instantiate (fmi2String instanceName, fmi2Type fmuType, fmi2String fmuGUID,
                 fmi2String fmuResourceLocation, const fmi2CallbackFunctions *functions,
                 fmi2Boolean visible, fmi2Boolean loggingOn)
{
  Instance *instance;

  if (strcmp (instanceName, "fail") == 0 || fmuType != fmi2CoSimulation
      || strcmp (fmuGUID, "{8c4e810f-3df3-4a00-8276-176fa3c9f000}") != 0
      || strncmp (fmuResourceLocation, "file://", 7) != 0)
    {
      functions->logger (functions->componentEnvironment, instanceName, fmi2Error, "logStatusError",
                         "cannot instantiate %s (%s)", instanceName, fmuResourceLocation);
      return NULL;
    }
  instance = functions->allocateMemory (1, sizeof (Instance));
  instance->functions = functions;
  snprintf (instance->name, sizeof instance->name, "%s", instanceName);
  instance->logging = loggingOn;
  instance->reals[REAL_K] = 2;
  instance->enable = 1;
  instance->integers[INTEGER_MODE] = 1;
  strcpy (instance->label, "hello");
  if (instance->logging)
    LOG (instance, fmi2OK, "logAll", "instantiated with resources at %s", fmuResourceLocation);
  return instance;
}

void
fmi2FreeInstance (fmi2Component c)
{
  Instance *instance = c;

  if (instance)
    instance->functions->freeMemory (instance);
}

fmi2Status
fmi2SetupExperiment (fmi2Component c, fmi2Boolean toleranceDefined, fmi2Real tolerance,
                     fmi2Real startTime, fmi2Boolean stopTimeDefined, fmi2Real stopTime)
{
  ((Instance *) c)->reals[REAL_TIME] = startTime;
  return fmi2OK;
}

fmi2Status
fmi2EnterInitializationMode (fmi2Component c)
{
  return fmi2OK;
}

fmi2Status
fmi2ExitInitializationMode (fmi2Component c)
{
  Instance *instance = c;

  if (instance->integers[INTEGER_FAIL_ON] == FAIL_EXIT_INITIALIZATION)
    {
      /* #i0# is failOn's value reference, which the loader turns into its name. */
      LOG (instance, fmi2Error, "logStatusError", "initialization fails as #i0# = %d asks, ##%d",
           instance->integers[INTEGER_FAIL_ON], 1);
      return fmi2Error;
    }
  instance->reals[REAL_Y] = instance->reals[REAL_K] * instance->reals[REAL_U];
  return fmi2OK;
}

fmi2Status
fmi2Terminate (fmi2Component c)
{
  return fmi2OK;
}

fmi2Status
fmi2Reset (fmi2Component c)
{
  return fmi2OK;
}

fmi2Status
fmi2GetReal (fmi2Component c, const fmi2ValueReference vr[], size_t nvr, fmi2Real value[])
{
  Instance *instance = c;

  if (instance->integers[INTEGER_FAIL_ON] == FAIL_GET_REAL)
    {
      LOG (instance, fmi2Warning, "logStatusWarning", "about to fail");
      LOG (instance, fmi2Error, "logStatusError", "fmi2GetReal fails on request");
      return fmi2Error;
    }
  for (size_t i = 0; i < nvr; i++)
    {
      if (vr[i] >= N_REALS)
        return fmi2Error;
      value[i] = instance->reals[vr[i]];
    }
  return fmi2OK;
}

fmi2Status
fmi2GetInteger (fmi2Component c, const fmi2ValueReference vr[], size_t nvr, fmi2Integer value[])
{
  Instance *instance = c;

  for (size_t i = 0; i < nvr; i++)
    {
      if (vr[i] >= N_INTEGERS)
        return fmi2Error;
      value[i] = instance->integers[vr[i]];
    }
  return fmi2OK;
}

fmi2Status
fmi2GetBoolean (fmi2Component c, const fmi2ValueReference vr[], size_t nvr, fmi2Boolean value[])
{
  for (size_t i = 0; i < nvr; i++)
    value[i] = ((Instance *) c)->enable;
  return fmi2OK;
}

fmi2Status
fmi2GetString (fmi2Component c, const fmi2ValueReference vr[], size_t nvr, fmi2String value[])
{
  for (size_t i = 0; i < nvr; i++)
    value[i] = ((Instance *) c)->label;
  return fmi2OK;
}

fmi2Status
fmi2SetReal (fmi2Component c, const fmi2ValueReference vr[], size_t nvr, const fmi2Real value[])
{
  Instance *instance = c;

  for (size_t i = 0; i < nvr; i++)
    {
      if (vr[i] != REAL_U && vr[i] != REAL_K)
        {
          LOG (instance, fmi2Error, "logStatusError", "#r%u# cannot be set", vr[i]);
          return fmi2Error;
        }
      instance->reals[vr[i]] = value[i];
    }
  return fmi2OK;
}

fmi2Status
fmi2SetInteger (fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                const fmi2Integer value[])
{
  Instance *instance = c;

  for (size_t i = 0; i < nvr; i++)
    {
      if (vr[i] != INTEGER_FAIL_ON)
        return fmi2Error;
      instance->integers[vr[i]] = value[i];
    }
  return fmi2OK;
}

fmi2Status
fmi2SetBoolean (fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                const fmi2Boolean value[])
{
  for (size_t i = 0; i < nvr; i++)
    ((Instance *) c)->enable = value[i];
  return fmi2OK;
}

fmi2Status
fmi2SetString (fmi2Component c, const fmi2ValueReference vr[], size_t nvr, const fmi2String value[])
{
  for (size_t i = 0; i < nvr; i++)
    snprintf (((Instance *) c)->label, sizeof ((Instance *) c)->label, "%s", value[i]);
  return fmi2OK;
}

/* LOADER_MINIMAL leaves out what a library may lack: the FMU state functions (when the FMU
 * says canGetAndSetFMUstate="false") and the optional ones. */
#ifndef LOADER_MINIMAL
fmi2Status
fmi2GetFMUstate (fmi2Component c, fmi2FMUstate *FMUstate)
{
  Instance *instance = c;
  Instance *copy = *FMUstate ? *FMUstate : instance->functions->allocateMemory (1, sizeof *copy);

  *copy = *instance;
  *FMUstate = copy;
  return fmi2OK;
}

fmi2Status
fmi2SetFMUstate (fmi2Component c, fmi2FMUstate FMUstate)
{
  *(Instance *) c = *(Instance *) FMUstate;
  return fmi2OK;
}

fmi2Status
fmi2FreeFMUstate (fmi2Component c, fmi2FMUstate *FMUstate)
{
  ((Instance *) c)->functions->freeMemory (*FMUstate);
  *FMUstate = NULL;
  return fmi2OK;
}

fmi2Status
fmi2SerializedFMUstateSize (fmi2Component c, fmi2FMUstate FMUstate, size_t *size)
{
  return fmi2Error;
}

fmi2Status
fmi2SerializeFMUstate (fmi2Component c, fmi2FMUstate FMUstate, fmi2Byte serializedState[],
                       size_t size)
{
  return fmi2Error;
}

fmi2Status
fmi2DeSerializeFMUstate (fmi2Component c, const fmi2Byte serializedState[], size_t size,
                         fmi2FMUstate *FMUstate)
{
  return fmi2Error;
}

fmi2Status
fmi2GetDirectionalDerivative (fmi2Component c, const fmi2ValueReference vUnknown_ref[],
                              size_t nUnknown, const fmi2ValueReference vKnown_ref[], size_t nKnown,
                              const fmi2Real dvKnown[], fmi2Real dvUnknown[])
{
  return fmi2Error;
}

fmi2Status
fmi2SetRealInputDerivatives (fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                             const fmi2Integer order[], const fmi2Real value[])
{
  return fmi2Error;
}

fmi2Status
fmi2GetRealOutputDerivatives (fmi2Component c, const fmi2ValueReference vr[], size_t nvr,
                              const fmi2Integer order[], fmi2Real value[])
{
  return fmi2Error;
}

#endif

static fmi2Status
step (Instance *instance, double size)
{
  if (instance->integers[INTEGER_FAIL_ON] == FAIL_DO_STEP)
    {
      LOG (instance, fmi2Error, "logStatusError", "the step at t = %g fails on request",
           instance->reals[REAL_TIME]);
      return fmi2Error;
    }
  if (instance->logging)
    LOG (instance, fmi2OK, "logAll", "step from t = %g by %g", instance->reals[REAL_TIME], size);
  instance->reals[REAL_TIME] += size;
  instance->reals[REAL_Y] = instance->reals[REAL_K] * instance->reals[REAL_U];
  instance->integers[INTEGER_STEPS]++;
  return fmi2OK;
}

fmi2Status
fmi2DoStep (fmi2Component c, fmi2Real currentCommunicationPoint, fmi2Real communicationStepSize,
            fmi2Boolean noSetFMUStatePriorToCurrentPoint)
{
  return step (c, communicationStepSize);
}

#ifndef LOADER_MINIMAL
fmi2Status
fmi2CancelStep (fmi2Component c)
{
  return fmi2Error;
}

fmi2Status
fmi2GetStatus (fmi2Component c, const fmi2StatusKind s, fmi2Status *value)
{
  return fmi2Discard;
}

fmi2Status
fmi2GetRealStatus (fmi2Component c, const fmi2StatusKind s, fmi2Real *value)
{
  if (s != fmi2LastSuccessfulTime)
    return fmi2Discard;
  *value = ((Instance *) c)->reals[REAL_TIME];
  return fmi2OK;
}

fmi2Status
fmi2GetIntegerStatus (fmi2Component c, const fmi2StatusKind s, fmi2Integer *value)
{
  return fmi2Discard;
}

fmi2Status
fmi2GetBooleanStatus (fmi2Component c, const fmi2StatusKind s, fmi2Boolean *value)
{
  return fmi2Discard;
}

fmi2Status
fmi2GetStringStatus (fmi2Component c, const fmi2StatusKind s, fmi2String *value)
{
  return fmi2Discard;
}
#endif

/* FMI-HC: only what the category needs, since the exported symbols decide it. */
#if LOADER_CATEGORY == 10
fmi2Status
fmi2GetMaxStepSize (fmi2Component c, fmi2Real *maxStep)
{
  *maxStep = 1.0;
  return fmi2OK;
}
#endif

#if LOADER_CATEGORY >= 1 && LOADER_CATEGORY <= 4
fmi2Status
fmi2HybridGetMaxStepSize (fmi2Component c, fmi2HybridTime *maxStep)
{
  *maxStep = fmi2HybridTimeMax;
  return fmi2OK;
}

fmi2Status
fmi2HybridDoStep (fmi2Component c, fmi2HybridTime currentPoint, fmi2HybridTime stepSize,
                  fmi2Boolean noSetFMUStatePriorToCurrentPoint, fmi2HybridTime *performedStep)
{
  *performedStep = stepSize;
  return step (c, (double) stepSize);
}
#endif

#if LOADER_CATEGORY == 2 || LOADER_CATEGORY == 4
fmi2Status
fmi2GetPreferredResolution (fmi2Component c, fmi2Integer *r)
{
  *r = -3;
  return fmi2OK;
}
#endif

#if LOADER_CATEGORY == 3 || LOADER_CATEGORY == 4
fmi2Status
fmi2SetResolution (fmi2Component c, fmi2Integer r)
{
  return fmi2OK;
}
#endif
