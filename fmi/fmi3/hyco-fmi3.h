/* hyco-fmi3.h: the FMI 3.0 co-simulation and Model Exchange interfaces.
 *
 * Written from the FMI 3.0 specification (section 2.2: types and the signatures of the
 * functions an FMU's shared library exports; section 3: Model Exchange; section 4:
 * co-simulation). Only what Hyco calls,
 * or what a test FMU exports, is declared. Used by the FMI 3.0 backend (fmi/fmi3/), and by the
 * test FMUs in tests/fmus/fmi3/, which define FMI3_EXPORT_FUNCTIONS to get prototypes of the
 * functions they export.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C"
{
#endif

  /* Types (FMI 3.0, section 2.2.2). fmi3Boolean is C's bool: one byte, not an int. */
  typedef void *fmi3Instance;
  typedef void *fmi3InstanceEnvironment;
  typedef void *fmi3FMUState;
  typedef uint32_t fmi3ValueReference;
  typedef float fmi3Float32;
  typedef double fmi3Float64;
  typedef int8_t fmi3Int8;
  typedef uint8_t fmi3UInt8;
  typedef int16_t fmi3Int16;
  typedef uint16_t fmi3UInt16;
  typedef int32_t fmi3Int32;
  typedef uint32_t fmi3UInt32;
  typedef int64_t fmi3Int64;
  typedef uint64_t fmi3UInt64;
  typedef bool fmi3Boolean;
  typedef char fmi3Char;
  typedef const fmi3Char *fmi3String;
  typedef uint8_t fmi3Byte;
  typedef const fmi3Byte *fmi3Binary;
  typedef bool fmi3Clock;

#define fmi3True true
#define fmi3False false
#define fmi3ClockActive true
#define fmi3ClockInactive false

  typedef enum
  {
    fmi3OK,
    fmi3Warning,
    fmi3Discard,
    fmi3Error,
    fmi3Fatal,
  } fmi3Status;

  typedef enum
  {
    fmi3Independent,
    fmi3Constant,
    fmi3Fixed,
    fmi3Tunable,
    fmi3Discrete,
    fmi3Dependent,
  } fmi3DependencyKind;

  typedef enum
  {
    fmi3IntervalNotYetKnown,
    fmi3IntervalUnchanged,
    fmi3IntervalChanged,
  } fmi3IntervalQualifier;

  /* No variadic arguments and no instance name, unlike FMI 2.0's logger: the message is
   * formatted by the FMU. */
  typedef void (*fmi3LogMessageCallback) (fmi3InstanceEnvironment instanceEnvironment,
                                          fmi3Status status, fmi3String category,
                                          fmi3String message);
  typedef void (*fmi3IntermediateUpdateCallback) (
    fmi3InstanceEnvironment instanceEnvironment, fmi3Float64 intermediateUpdateTime,
    fmi3Boolean intermediateVariableSetRequested, fmi3Boolean intermediateVariableGetAllowed,
    fmi3Boolean intermediateStepFinished, fmi3Boolean canReturnEarly,
    fmi3Boolean *earlyReturnRequested, fmi3Float64 *earlyReturnTime);

/* clang-format off */
/* The function types, one per exported function: NAME ## TYPE, as the standard names them.
 * Those required of every co-simulation FMU first. */
#define HYCO_FMI3_FUNCTIONS(F) \
  F (const char *, fmi3GetVersion, (void)) \
  F (fmi3Status, fmi3SetDebugLogging, (fmi3Instance instance, fmi3Boolean loggingOn, size_t nCategories, const fmi3String categories[])) \
  F (fmi3Instance, fmi3InstantiateCoSimulation, (fmi3String instanceName, fmi3String instantiationToken, fmi3String resourcePath, fmi3Boolean visible, fmi3Boolean loggingOn, fmi3Boolean eventModeUsed, fmi3Boolean earlyReturnAllowed, const fmi3ValueReference requiredIntermediateVariables[], size_t nRequiredIntermediateVariables, fmi3InstanceEnvironment instanceEnvironment, fmi3LogMessageCallback logMessage, fmi3IntermediateUpdateCallback intermediateUpdate)) \
  F (void, fmi3FreeInstance, (fmi3Instance instance)) \
  F (fmi3Status, fmi3EnterInitializationMode, (fmi3Instance instance, fmi3Boolean toleranceDefined, fmi3Float64 tolerance, fmi3Float64 startTime, fmi3Boolean stopTimeDefined, fmi3Float64 stopTime)) \
  F (fmi3Status, fmi3ExitInitializationMode, (fmi3Instance instance)) \
  F (fmi3Status, fmi3EnterEventMode, (fmi3Instance instance)) \
  F (fmi3Status, fmi3Terminate, (fmi3Instance instance)) \
  F (fmi3Status, fmi3Reset, (fmi3Instance instance)) \
  F (fmi3Status, fmi3GetFloat32, (fmi3Instance instance, const fmi3ValueReference valueReferences[], size_t nValueReferences, fmi3Float32 values[], size_t nValues)) \
  F (fmi3Status, fmi3GetFloat64, (fmi3Instance instance, const fmi3ValueReference valueReferences[], size_t nValueReferences, fmi3Float64 values[], size_t nValues)) \
  F (fmi3Status, fmi3GetInt8, (fmi3Instance instance, const fmi3ValueReference valueReferences[], size_t nValueReferences, fmi3Int8 values[], size_t nValues)) \
  F (fmi3Status, fmi3GetUInt8, (fmi3Instance instance, const fmi3ValueReference valueReferences[], size_t nValueReferences, fmi3UInt8 values[], size_t nValues)) \
  F (fmi3Status, fmi3GetInt16, (fmi3Instance instance, const fmi3ValueReference valueReferences[], size_t nValueReferences, fmi3Int16 values[], size_t nValues)) \
  F (fmi3Status, fmi3GetUInt16, (fmi3Instance instance, const fmi3ValueReference valueReferences[], size_t nValueReferences, fmi3UInt16 values[], size_t nValues)) \
  F (fmi3Status, fmi3GetInt32, (fmi3Instance instance, const fmi3ValueReference valueReferences[], size_t nValueReferences, fmi3Int32 values[], size_t nValues)) \
  F (fmi3Status, fmi3GetUInt32, (fmi3Instance instance, const fmi3ValueReference valueReferences[], size_t nValueReferences, fmi3UInt32 values[], size_t nValues)) \
  F (fmi3Status, fmi3GetInt64, (fmi3Instance instance, const fmi3ValueReference valueReferences[], size_t nValueReferences, fmi3Int64 values[], size_t nValues)) \
  F (fmi3Status, fmi3GetUInt64, (fmi3Instance instance, const fmi3ValueReference valueReferences[], size_t nValueReferences, fmi3UInt64 values[], size_t nValues)) \
  F (fmi3Status, fmi3GetBoolean, (fmi3Instance instance, const fmi3ValueReference valueReferences[], size_t nValueReferences, fmi3Boolean values[], size_t nValues)) \
  F (fmi3Status, fmi3GetString, (fmi3Instance instance, const fmi3ValueReference valueReferences[], size_t nValueReferences, fmi3String values[], size_t nValues)) \
  F (fmi3Status, fmi3GetBinary, (fmi3Instance instance, const fmi3ValueReference valueReferences[], size_t nValueReferences, size_t valueSizes[], fmi3Binary values[], size_t nValues)) \
  F (fmi3Status, fmi3SetFloat32, (fmi3Instance instance, const fmi3ValueReference valueReferences[], size_t nValueReferences, const fmi3Float32 values[], size_t nValues)) \
  F (fmi3Status, fmi3SetFloat64, (fmi3Instance instance, const fmi3ValueReference valueReferences[], size_t nValueReferences, const fmi3Float64 values[], size_t nValues)) \
  F (fmi3Status, fmi3SetInt8, (fmi3Instance instance, const fmi3ValueReference valueReferences[], size_t nValueReferences, const fmi3Int8 values[], size_t nValues)) \
  F (fmi3Status, fmi3SetUInt8, (fmi3Instance instance, const fmi3ValueReference valueReferences[], size_t nValueReferences, const fmi3UInt8 values[], size_t nValues)) \
  F (fmi3Status, fmi3SetInt16, (fmi3Instance instance, const fmi3ValueReference valueReferences[], size_t nValueReferences, const fmi3Int16 values[], size_t nValues)) \
  F (fmi3Status, fmi3SetUInt16, (fmi3Instance instance, const fmi3ValueReference valueReferences[], size_t nValueReferences, const fmi3UInt16 values[], size_t nValues)) \
  F (fmi3Status, fmi3SetInt32, (fmi3Instance instance, const fmi3ValueReference valueReferences[], size_t nValueReferences, const fmi3Int32 values[], size_t nValues)) \
  F (fmi3Status, fmi3SetUInt32, (fmi3Instance instance, const fmi3ValueReference valueReferences[], size_t nValueReferences, const fmi3UInt32 values[], size_t nValues)) \
  F (fmi3Status, fmi3SetInt64, (fmi3Instance instance, const fmi3ValueReference valueReferences[], size_t nValueReferences, const fmi3Int64 values[], size_t nValues)) \
  F (fmi3Status, fmi3SetUInt64, (fmi3Instance instance, const fmi3ValueReference valueReferences[], size_t nValueReferences, const fmi3UInt64 values[], size_t nValues)) \
  F (fmi3Status, fmi3SetBoolean, (fmi3Instance instance, const fmi3ValueReference valueReferences[], size_t nValueReferences, const fmi3Boolean values[], size_t nValues)) \
  F (fmi3Status, fmi3SetString, (fmi3Instance instance, const fmi3ValueReference valueReferences[], size_t nValueReferences, const fmi3String values[], size_t nValues)) \
  F (fmi3Status, fmi3SetBinary, (fmi3Instance instance, const fmi3ValueReference valueReferences[], size_t nValueReferences, const size_t valueSizes[], const fmi3Binary values[], size_t nValues)) \
  F (fmi3Status, fmi3GetClock, (fmi3Instance instance, const fmi3ValueReference valueReferences[], size_t nValueReferences, fmi3Clock values[])) \
  F (fmi3Status, fmi3SetClock, (fmi3Instance instance, const fmi3ValueReference valueReferences[], size_t nValueReferences, const fmi3Clock values[])) \
  F (fmi3Status, fmi3GetIntervalDecimal, (fmi3Instance instance, const fmi3ValueReference valueReferences[], size_t nValueReferences, fmi3Float64 intervals[], fmi3IntervalQualifier qualifiers[])) \
  F (fmi3Status, fmi3GetShiftDecimal, (fmi3Instance instance, const fmi3ValueReference valueReferences[], size_t nValueReferences, fmi3Float64 shifts[])) \
  F (fmi3Status, fmi3GetIntervalFraction, (fmi3Instance instance, const fmi3ValueReference valueReferences[], size_t nValueReferences, fmi3UInt64 counters[], fmi3UInt64 resolutions[], fmi3IntervalQualifier qualifiers[])) \
  F (fmi3Status, fmi3GetShiftFraction, (fmi3Instance instance, const fmi3ValueReference valueReferences[], size_t nValueReferences, fmi3UInt64 counters[], fmi3UInt64 resolutions[])) \
  F (fmi3Status, fmi3SetIntervalDecimal, (fmi3Instance instance, const fmi3ValueReference valueReferences[], size_t nValueReferences, const fmi3Float64 intervals[])) \
  F (fmi3Status, fmi3SetIntervalFraction, (fmi3Instance instance, const fmi3ValueReference valueReferences[], size_t nValueReferences, const fmi3UInt64 counters[], const fmi3UInt64 resolutions[])) \
  F (fmi3Status, fmi3UpdateDiscreteStates, (fmi3Instance instance, fmi3Boolean *discreteStatesNeedUpdate, fmi3Boolean *terminateSimulation, fmi3Boolean *nominalsOfContinuousStatesChanged, fmi3Boolean *valuesOfContinuousStatesChanged, fmi3Boolean *nextEventTimeDefined, fmi3Float64 *nextEventTime)) \
  F (fmi3Status, fmi3EnterStepMode, (fmi3Instance instance)) \
  F (fmi3Status, fmi3EnterConfigurationMode, (fmi3Instance instance)) \
  F (fmi3Status, fmi3ExitConfigurationMode, (fmi3Instance instance)) \
  F (fmi3Status, fmi3DoStep, (fmi3Instance instance, fmi3Float64 currentCommunicationPoint, fmi3Float64 communicationStepSize, fmi3Boolean noSetFMUStatePriorToCurrentPoint, fmi3Boolean *eventHandlingNeeded, fmi3Boolean *terminateSimulation, fmi3Boolean *earlyReturn, fmi3Float64 *lastSuccessfulTime)) \
  F (fmi3Status, fmi3GetFMUState, (fmi3Instance instance, fmi3FMUState *FMUState)) \
  F (fmi3Status, fmi3SetFMUState, (fmi3Instance instance, fmi3FMUState FMUState)) \
  F (fmi3Status, fmi3FreeFMUState, (fmi3Instance instance, fmi3FMUState *FMUState))
/* clang-format on */

/* clang-format off */
/* Model Exchange (section 3.2): its instantiation, the modes around continuous time, and the
 * evaluation of the model's equations at the time and states the importer sets. */
#define HYCO_FMI3_ME_FUNCTIONS(F) \
  F (fmi3Instance, fmi3InstantiateModelExchange, (fmi3String instanceName, fmi3String instantiationToken, fmi3String resourcePath, fmi3Boolean visible, fmi3Boolean loggingOn, fmi3InstanceEnvironment instanceEnvironment, fmi3LogMessageCallback logMessage)) \
  F (fmi3Status, fmi3EnterContinuousTimeMode, (fmi3Instance instance)) \
  F (fmi3Status, fmi3CompletedIntegratorStep, (fmi3Instance instance, fmi3Boolean noSetFMUStatePriorToCurrentPoint, fmi3Boolean *enterEventMode, fmi3Boolean *terminateSimulation)) \
  F (fmi3Status, fmi3SetTime, (fmi3Instance instance, fmi3Float64 time)) \
  F (fmi3Status, fmi3SetContinuousStates, (fmi3Instance instance, const fmi3Float64 continuousStates[], size_t nContinuousStates)) \
  F (fmi3Status, fmi3GetContinuousStateDerivatives, (fmi3Instance instance, fmi3Float64 derivatives[], size_t nContinuousStates)) \
  F (fmi3Status, fmi3GetEventIndicators, (fmi3Instance instance, fmi3Float64 eventIndicators[], size_t nEventIndicators)) \
  F (fmi3Status, fmi3GetContinuousStates, (fmi3Instance instance, fmi3Float64 continuousStates[], size_t nContinuousStates)) \
  F (fmi3Status, fmi3GetNominalsOfContinuousStates, (fmi3Instance instance, fmi3Float64 nominals[], size_t nContinuousStates)) \
  F (fmi3Status, fmi3GetNumberOfEventIndicators, (fmi3Instance instance, size_t *nEventIndicators)) \
  F (fmi3Status, fmi3GetNumberOfContinuousStates, (fmi3Instance instance, size_t *nContinuousStates))
/* clang-format on */

#define HYCO_FMI3_DECLARE_TYPE(ret, name, args) typedef ret name##TYPE args;
  HYCO_FMI3_FUNCTIONS (HYCO_FMI3_DECLARE_TYPE)
  HYCO_FMI3_ME_FUNCTIONS (HYCO_FMI3_DECLARE_TYPE)
#undef HYCO_FMI3_DECLARE_TYPE

/* An FMU's own sources declare what they export. */
#ifdef FMI3_EXPORT_FUNCTIONS
#define FMI3_Export __attribute__ ((visibility ("default")))
#define HYCO_FMI3_DECLARE_EXPORT(ret, name, args) FMI3_Export ret name args;
  HYCO_FMI3_FUNCTIONS (HYCO_FMI3_DECLARE_EXPORT)
  HYCO_FMI3_ME_FUNCTIONS (HYCO_FMI3_DECLARE_EXPORT)
#undef HYCO_FMI3_DECLARE_EXPORT
#endif

#ifdef __cplusplus
}
#endif
