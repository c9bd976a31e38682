/* hyco-fmi2.h: the FMI 2.0 co-simulation interface and its hybrid extension (FMI-HC).
 *
 * Written from the FMI 2.0 specification (types, and the signatures of the functions an FMU's
 * shared library exports) and from SEMANTICS.md section 6 for the FMI-HC functions, which are
 * this project's ABI. Used by the FMI 2.0 backend (fmi/fmi2/), and by the test FMUs in
 * tests/fmus/, which define FMI2_EXPORT_FUNCTIONS to get prototypes of the functions they
 * export.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C"
{
#endif

  /* Types (FMI 2.0, section 2.1.2). */
  typedef void *fmi2Component;
  typedef void *fmi2ComponentEnvironment;
  typedef void *fmi2FMUstate;
  typedef unsigned int fmi2ValueReference;
  typedef double fmi2Real;
  typedef int fmi2Integer;
  typedef int fmi2Boolean;
  typedef char fmi2Char;
  typedef const fmi2Char *fmi2String;
  typedef char fmi2Byte;

#define fmi2True 1
#define fmi2False 0

  typedef enum
  {
    fmi2OK,
    fmi2Warning,
    fmi2Discard,
    fmi2Error,
    fmi2Fatal,
    fmi2Pending
  } fmi2Status;

  typedef enum
  {
    fmi2ModelExchange,
    fmi2CoSimulation
  } fmi2Type;

  typedef enum
  {
    fmi2DoStepStatus,
    fmi2PendingStatus,
    fmi2LastSuccessfulTime,
    fmi2Terminated
  } fmi2StatusKind;

  typedef void (*fmi2CallbackLogger) (fmi2ComponentEnvironment componentEnvironment,
                                      fmi2String instanceName, fmi2Status status,
                                      fmi2String category, fmi2String message, ...);
  typedef void *(*fmi2CallbackAllocateMemory) (size_t nobj, size_t size);
  typedef void (*fmi2CallbackFreeMemory) (void *obj);
  typedef void (*fmi2StepFinished) (fmi2ComponentEnvironment componentEnvironment,
                                    fmi2Status status);

  typedef struct
  {
    const fmi2CallbackLogger logger;
    const fmi2CallbackAllocateMemory allocateMemory;
    const fmi2CallbackFreeMemory freeMemory;
    const fmi2StepFinished stepFinished;
    const fmi2ComponentEnvironment componentEnvironment;
  } fmi2CallbackFunctions;

  /* Model Exchange (FMI 2.0 section 3.2.2): what fmi2NewDiscreteStates reports. */
  typedef struct
  {
    fmi2Boolean newDiscreteStatesNeeded;
    fmi2Boolean terminateSimulation;
    fmi2Boolean nominalsOfContinuousStatesChanged;
    fmi2Boolean valuesOfContinuousStatesChanged;
    fmi2Boolean nextEventTimeDefined;
    fmi2Real nextEventTime;
  } fmi2EventInfo;

  /* FMI-HC (SEMANTICS.md section 6). */
  typedef uint64_t fmi2HybridTime; /* ticks of 10^r s from the start time */
  typedef fmi2Integer fmi2SignalStatus;
#define fmi2SignalPresent 0
#define fmi2SignalAbsent 1
#define fmi2SignalUnknown 2
#define fmi2HybridTimeMax UINT64_MAX

/* The function types, one per exported function: NAME ## TYPE, as the standard names them. */
/* clang-format off */
#define HYCO_FMI2_FUNCTIONS(F) \
  F (const char *, fmi2GetTypesPlatform, (void)) \
  F (const char *, fmi2GetVersion, (void)) \
  F (fmi2Status, fmi2SetDebugLogging, (fmi2Component c, fmi2Boolean loggingOn, size_t nCategories, const fmi2String categories[])) \
  F (fmi2Component, fmi2Instantiate, (fmi2String instanceName, fmi2Type fmuType, fmi2String fmuGUID, fmi2String fmuResourceLocation, const fmi2CallbackFunctions *functions, fmi2Boolean visible, fmi2Boolean loggingOn)) \
  F (void, fmi2FreeInstance, (fmi2Component c)) \
  F (fmi2Status, fmi2SetupExperiment, (fmi2Component c, fmi2Boolean toleranceDefined, fmi2Real tolerance, fmi2Real startTime, fmi2Boolean stopTimeDefined, fmi2Real stopTime)) \
  F (fmi2Status, fmi2EnterInitializationMode, (fmi2Component c)) \
  F (fmi2Status, fmi2ExitInitializationMode, (fmi2Component c)) \
  F (fmi2Status, fmi2Terminate, (fmi2Component c)) \
  F (fmi2Status, fmi2Reset, (fmi2Component c)) \
  F (fmi2Status, fmi2GetReal, (fmi2Component c, const fmi2ValueReference vr[], size_t nvr, fmi2Real value[])) \
  F (fmi2Status, fmi2GetInteger, (fmi2Component c, const fmi2ValueReference vr[], size_t nvr, fmi2Integer value[])) \
  F (fmi2Status, fmi2GetBoolean, (fmi2Component c, const fmi2ValueReference vr[], size_t nvr, fmi2Boolean value[])) \
  F (fmi2Status, fmi2GetString, (fmi2Component c, const fmi2ValueReference vr[], size_t nvr, fmi2String value[])) \
  F (fmi2Status, fmi2SetReal, (fmi2Component c, const fmi2ValueReference vr[], size_t nvr, const fmi2Real value[])) \
  F (fmi2Status, fmi2SetInteger, (fmi2Component c, const fmi2ValueReference vr[], size_t nvr, const fmi2Integer value[])) \
  F (fmi2Status, fmi2SetBoolean, (fmi2Component c, const fmi2ValueReference vr[], size_t nvr, const fmi2Boolean value[])) \
  F (fmi2Status, fmi2SetString, (fmi2Component c, const fmi2ValueReference vr[], size_t nvr, const fmi2String value[])) \
  F (fmi2Status, fmi2GetFMUstate, (fmi2Component c, fmi2FMUstate *FMUstate)) \
  F (fmi2Status, fmi2SetFMUstate, (fmi2Component c, fmi2FMUstate FMUstate)) \
  F (fmi2Status, fmi2FreeFMUstate, (fmi2Component c, fmi2FMUstate *FMUstate)) \
  F (fmi2Status, fmi2SerializedFMUstateSize, (fmi2Component c, fmi2FMUstate FMUstate, size_t *size)) \
  F (fmi2Status, fmi2SerializeFMUstate, (fmi2Component c, fmi2FMUstate FMUstate, fmi2Byte serializedState[], size_t size)) \
  F (fmi2Status, fmi2DeSerializeFMUstate, (fmi2Component c, const fmi2Byte serializedState[], size_t size, fmi2FMUstate *FMUstate)) \
  F (fmi2Status, fmi2GetDirectionalDerivative, (fmi2Component c, const fmi2ValueReference vUnknown_ref[], size_t nUnknown, const fmi2ValueReference vKnown_ref[], size_t nKnown, const fmi2Real dvKnown[], fmi2Real dvUnknown[])) \
  F (fmi2Status, fmi2SetRealInputDerivatives, (fmi2Component c, const fmi2ValueReference vr[], size_t nvr, const fmi2Integer order[], const fmi2Real value[])) \
  F (fmi2Status, fmi2GetRealOutputDerivatives, (fmi2Component c, const fmi2ValueReference vr[], size_t nvr, const fmi2Integer order[], fmi2Real value[])) \
  F (fmi2Status, fmi2DoStep, (fmi2Component c, fmi2Real currentCommunicationPoint, fmi2Real communicationStepSize, fmi2Boolean noSetFMUStatePriorToCurrentPoint)) \
  F (fmi2Status, fmi2CancelStep, (fmi2Component c)) \
  F (fmi2Status, fmi2GetStatus, (fmi2Component c, const fmi2StatusKind s, fmi2Status *value)) \
  F (fmi2Status, fmi2GetRealStatus, (fmi2Component c, const fmi2StatusKind s, fmi2Real *value)) \
  F (fmi2Status, fmi2GetIntegerStatus, (fmi2Component c, const fmi2StatusKind s, fmi2Integer *value)) \
  F (fmi2Status, fmi2GetBooleanStatus, (fmi2Component c, const fmi2StatusKind s, fmi2Boolean *value)) \
  F (fmi2Status, fmi2GetStringStatus, (fmi2Component c, const fmi2StatusKind s, fmi2String *value))

/* Model Exchange (FMI 2.0 section 3.2): required of an FMU with a ModelExchange element. */
#define HYCO_FMI2_ME_FUNCTIONS(F) \
  F (fmi2Status, fmi2EnterEventMode, (fmi2Component c)) \
  F (fmi2Status, fmi2NewDiscreteStates, (fmi2Component c, fmi2EventInfo *fmi2eventInfo)) \
  F (fmi2Status, fmi2EnterContinuousTimeMode, (fmi2Component c)) \
  F (fmi2Status, fmi2CompletedIntegratorStep, (fmi2Component c, fmi2Boolean noSetFMUStatePriorToCurrentPoint, fmi2Boolean *enterEventMode, fmi2Boolean *terminateSimulation)) \
  F (fmi2Status, fmi2SetTime, (fmi2Component c, fmi2Real time)) \
  F (fmi2Status, fmi2SetContinuousStates, (fmi2Component c, const fmi2Real x[], size_t nx)) \
  F (fmi2Status, fmi2GetDerivatives, (fmi2Component c, fmi2Real derivatives[], size_t nx)) \
  F (fmi2Status, fmi2GetEventIndicators, (fmi2Component c, fmi2Real eventIndicators[], size_t ni)) \
  F (fmi2Status, fmi2GetContinuousStates, (fmi2Component c, fmi2Real x[], size_t nx)) \
  F (fmi2Status, fmi2GetNominalsOfContinuousStates, (fmi2Component c, fmi2Real x_nominal[], size_t nx))

/* FMI-HC: optional; which of them an FMU exports decides its category. */
#define HYCO_FMI2_HYBRID_FUNCTIONS(F) \
  F (fmi2Status, fmi2GetPreferredResolution, (fmi2Component c, fmi2Integer *r)) \
  F (fmi2Status, fmi2SetResolution, (fmi2Component c, fmi2Integer r)) \
  F (fmi2Status, fmi2HybridGetMaxStepSize, (fmi2Component c, fmi2HybridTime *maxStep)) \
  F (fmi2Status, fmi2HybridDoStep, (fmi2Component c, fmi2HybridTime currentPoint, fmi2HybridTime step, fmi2Boolean noSetFMUStatePriorToCurrentPoint, fmi2HybridTime *performedStep)) \
  F (fmi2Status, fmi2GetHybridReal, (fmi2Component c, const fmi2ValueReference vr[], size_t nvr, fmi2Real value[], fmi2SignalStatus status[])) \
  F (fmi2Status, fmi2GetHybridInteger, (fmi2Component c, const fmi2ValueReference vr[], size_t nvr, fmi2Integer value[], fmi2SignalStatus status[])) \
  F (fmi2Status, fmi2GetHybridBoolean, (fmi2Component c, const fmi2ValueReference vr[], size_t nvr, fmi2Boolean value[], fmi2SignalStatus status[])) \
  F (fmi2Status, fmi2GetHybridString, (fmi2Component c, const fmi2ValueReference vr[], size_t nvr, fmi2String value[], fmi2SignalStatus status[])) \
  F (fmi2Status, fmi2SetHybridReal, (fmi2Component c, const fmi2ValueReference vr[], size_t nvr, const fmi2Real value[], const fmi2SignalStatus status[])) \
  F (fmi2Status, fmi2SetHybridInteger, (fmi2Component c, const fmi2ValueReference vr[], size_t nvr, const fmi2Integer value[], const fmi2SignalStatus status[])) \
  F (fmi2Status, fmi2SetHybridBoolean, (fmi2Component c, const fmi2ValueReference vr[], size_t nvr, const fmi2Boolean value[], const fmi2SignalStatus status[])) \
  F (fmi2Status, fmi2SetHybridString, (fmi2Component c, const fmi2ValueReference vr[], size_t nvr, const fmi2String value[], const fmi2SignalStatus status[])) \
  F (fmi2Status, fmi2GetMaxStepSize, (fmi2Component c, fmi2Real *maxStep))
  /* clang-format on */

#define HYCO_FMI2_DECLARE_TYPE(ret, name, args) typedef ret name##TYPE args;
  HYCO_FMI2_FUNCTIONS (HYCO_FMI2_DECLARE_TYPE)
  HYCO_FMI2_ME_FUNCTIONS (HYCO_FMI2_DECLARE_TYPE)
  HYCO_FMI2_HYBRID_FUNCTIONS (HYCO_FMI2_DECLARE_TYPE)
#undef HYCO_FMI2_DECLARE_TYPE

/* An FMU's own sources declare what they export. */
#ifdef FMI2_EXPORT_FUNCTIONS
#define FMI2_Export __attribute__ ((visibility ("default")))
#define HYCO_FMI2_DECLARE_EXPORT(ret, name, args) FMI2_Export ret name args;
  HYCO_FMI2_FUNCTIONS (HYCO_FMI2_DECLARE_EXPORT)
  HYCO_FMI2_ME_FUNCTIONS (HYCO_FMI2_DECLARE_EXPORT)
  HYCO_FMI2_HYBRID_FUNCTIONS (HYCO_FMI2_DECLARE_EXPORT)
#undef HYCO_FMI2_DECLARE_EXPORT
#endif

#ifdef __cplusplus
}
#endif
