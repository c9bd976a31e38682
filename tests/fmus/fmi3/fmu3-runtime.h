/* fmu3-runtime.h: the small FMI 3.0 co-simulation runtime shared by the test FMUs in
 * tests/fmus/fmi3/, in the spirit of ../common/fmu-runtime.h.
 *
 * A model is a model.c with a table of variables and callbacks; the runtime implements the FMI
 * 3.0 co-simulation functions on top of it with a strict state machine: instantiated →
 * (configuration mode →) initialization mode → event mode (eventModeUsed) or step mode ⇄ event
 * mode → terminated. A call out of sequence, an unknown value reference, a getter or setter of
 * the wrong type, a wrong number of values, a zero or negative step, a step that does not start
 * where the last one ended, or a setting the standard forbids in that state returns fmi3Error
 * with a logged message and changes nothing. A model's fmi3Error puts the instance in an error
 * state, left only by fmi3SetFMUState, fmi3Reset or fmi3FreeInstance.
 *
 * Conventions that keep it small (as the FMI 2.0 runtime's):
 * - a variable's value reference is its index in the model's table;
 * - values live in the model's state struct, a plain C struct without pointers (strings are
 *   char arrays of FMU3_STRING_CAPACITY, Binary values an Fmu3Binary), so that an FMU state is
 *   a byte copy;
 * - an array variable has a fixed capacity in the struct and its number of values is the
 *   value of a UInt64 structural parameter (`size_of`, the parameter's index), or `count`.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#define FMI3_EXPORT_FUNCTIONS /* the prototypes of the functions an FMU exports */
#include "hyco-fmi3.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum
{
  FMU3_FLOAT32,
  FMU3_FLOAT64,
  FMU3_INT8,
  FMU3_UINT8,
  FMU3_INT16,
  FMU3_UINT16,
  FMU3_INT32,
  FMU3_UINT32,
  FMU3_INT64,
  FMU3_UINT64,
  FMU3_BOOLEAN, /* bool */
  FMU3_STRING,  /* char[FMU3_STRING_CAPACITY] */
  FMU3_BINARY,  /* Fmu3Binary */
  FMU3_CLOCK,   /* bool: active; input clocks set by the master, all inactive after an update */
} Fmu3Type;

typedef enum
{
  FMU3_PARAMETER,
  FMU3_STRUCTURAL_PARAMETER, /* UInt64, settable in configuration mode only */
  FMU3_INPUT,
  FMU3_OUTPUT,
  FMU3_LOCAL,
} Fmu3Causality;

#define FMU3_STRING_CAPACITY 32
#define FMU3_BINARY_CAPACITY 32

typedef struct
{
  size_t size;
  uint8_t data[FMU3_BINARY_CAPACITY];
} Fmu3Binary;

typedef struct
{
  const char *name;
  Fmu3Type type;
  Fmu3Causality causality;
  bool tunable;   /* a parameter settable in event mode */
  size_t offset;  /* of the value (an array's first) in the model's state struct */
  size_t size;    /* sizeof the member, checked at instantiation */
  size_t count;   /* the number of values when fixed: 1 for a scalar */
  int size_of;    /* else the index of the structural parameter giving it, -1 if none */
  int clocked_by; /* a clocked variable: its clock's index + 1 (set only at its ticks); else 0 */
} Fmu3Variable;

/* One table entry; the value reference is the entry's index. */
#define FMU3_VARIABLE(name_, type_, causality_, State, member)                                     \
  {                                                                                                \
    .name = name_, .type = type_, .causality = causality_, .offset = offsetof (State, member),     \
    .size = sizeof (((State *) 0)->member), .count = 1, .size_of = -1                              \
  }
#define FMU3_CLOCKED(name_, type_, causality_, State, member, clock_)                            \
  {                                                                                                \
    .name = name_, .type = type_, .causality = causality_, .offset = offsetof (State, member),     \
    .size = sizeof (((State *) 0)->member), .count = 1, .size_of = -1, .clocked_by = (clock_) + 1  \
  }
#define FMU3_ARRAY(name_, type_, causality_, State, member, size_of_)                              \
  {                                                                                                \
    .name = name_, .type = type_, .causality = causality_, .offset = offsetof (State, member),     \
    .size = sizeof (((State *) 0)->member), .count = 0, .size_of = size_of_                        \
  }

typedef enum
{
  FMU3_INSTANTIATED,
  FMU3_CONFIGURATION,
  FMU3_INITIALIZATION,
  FMU3_EVENT,
  FMU3_STEP,
  FMU3_TERMINATED,
  FMU3_ERROR,
} Fmu3Phase;

typedef struct Fmu3Instance Fmu3Instance;

/* What a step tells the master (fmi3DoStep's results). */
typedef struct
{
  bool event;     /* eventHandlingNeeded */
  bool terminate; /* terminateSimulation */
  bool early;     /* earlyReturn: stopped at *time, before the end of the step */
} Fmu3StepResult;

/* What an update of the discrete states tells (fmi3UpdateDiscreteStates' results). */
typedef struct
{
  bool needs_update;
  bool terminate;
  bool next_event_defined;
  double next_event_time;
} Fmu3UpdateResult;

typedef struct
{
  const char *token; /* must equal the modelDescription's instantiationToken */
  const Fmu3Variable *variables;
  size_t n_variables;
  size_t state_size;
  const void *start; /* the state at instantiation: start values */

  /* All optional. */
  /* At fmi3ExitInitializationMode. */
  fmi3Status (*initialize) (Fmu3Instance *fmu);
  /* Before every get: outputs from the state and the inputs (direct feedthrough); must change
   * nothing but outputs. */
  void (*compute_outputs) (Fmu3Instance *fmu);
  /* Advances from fmu->time to at most @end (> fmu->time) and sets fmu->time to where it got.
   * It may stop early at an event only when fmu->early_return_allowed (result->early); with
   * event mode used, an event ends the step there or at @end with result->event; without, the
   * model handles it itself. */
  fmi3Status (*do_step) (Fmu3Instance *fmu, double end, Fmu3StepResult *result);
  /* In event mode (fmi3UpdateDiscreteStates): one update of the discrete states. */
  fmi3Status (*update) (Fmu3Instance *fmu, Fmu3UpdateResult *result);
  /* A time-based clock's interval and shift (fmi3GetIntervalDecimal, fmi3GetShiftDecimal), by
   * its index in the table; NULL when every clock is constant or triggered. */
  fmi3Status (*interval) (Fmu3Instance *fmu, size_t clock, double *interval, double *shift,
                          fmi3IntervalQualifier *qualifier);
  /* The same as fractions (fmi3GetIntervalFraction, fmi3GetShiftFraction), for the clocks
   * declared supportsFraction; NULL: the runtime refuses those calls. */
  fmi3Status (*interval_fraction) (Fmu3Instance *fmu, size_t clock, uint64_t *counter,
                                   uint64_t *resolution, uint64_t *shift_counter,
                                   fmi3IntervalQualifier *qualifier);
  /* The interval the importer gives a fixed or tunable clock (fmi3SetIntervalDecimal, or
   * fmi3SetIntervalFraction as counter / resolution seconds), in Initialization Mode or Event
   * Mode; NULL: the runtime refuses those calls. */
  fmi3Status (*set_interval) (Fmu3Instance *fmu, size_t clock, double interval);
} Fmu3Model;

struct Fmu3Instance
{
  const Fmu3Model *model;
  char *name;
  fmi3InstanceEnvironment environment;
  fmi3LogMessageCallback logger;
  bool logging, event_mode_used, early_return_allowed;
  double start_time, stop_time;
  bool stop_time_defined;

  Fmu3Phase phase;
  double time;
  bool terminated;
  void *state; /* the model's struct */
};

/* Every FMU defines this, the runtime's only link to the model. */
extern const Fmu3Model fmu3_model;

#define FMU3_STATE(fmu, Type) ((Type *) (fmu)->state)

void fmu3_log (Fmu3Instance *fmu, fmi3Status status, const char *format, ...)
  __attribute__ ((format (printf, 3, 4)));
/* Logs @format as an error and returns fmi3Error. */
fmi3Status fmu3_error (Fmu3Instance *fmu, const char *format, ...)
  __attribute__ ((format (printf, 2, 3)));
