/* fmu-runtime.h: the small FMU runtime shared by the test FMUs in tests/fmus/.
 *
 * A test FMU is a model.c that describes its variables (a table of FmuVariable) and its
 * behaviour (the callbacks of FmuModel) and nothing else; the runtime implements every FMI 2.0
 * co-simulation function on top of it, and the FMI-HC functions (SEMANTICS.md section 6) that
 * the FMU's category needs. Which FMI-HC functions a library exports decides its category, so
 * they live in separate static libraries (common/meson.build) that an FMU links whole:
 *
 *   fmu-runtime.c         FMI 2.0 (every category)
 *   fmu-hybrid-values.c   fmi2GetHybrid* / fmi2SetHybrid* (0B to 4)
 *   fmu-real-max-step.c   fmi2GetMaxStepSize (0B)
 *   fmu-integer-time.c    fmi2HybridDoStep, fmi2HybridGetMaxStepSize (1 to 4)
 *   fmu-get-resolution.c  fmi2GetPreferredResolution (2 and 4)
 *   fmu-set-resolution.c  fmi2SetResolution (3 and 4)
 *
 * Conventions that keep the runtime small:
 * - a variable's value reference is its index in the model's table (the runtime checks it);
 * - values live in the model's state struct, a plain C struct without pointers (strings are
 *   char arrays of FMU_STRING_CAPACITY), so that an FMU state is a byte copy;
 * - every variable has a signal status (present, absent) in the instance; parameters are
 *   always present, inputs have the status the master set last (fmi2SetReal sets present),
 *   outputs the status the model gives them. Plain fmi2Get* ignore statuses. Discrete inputs
 *   (FMU_DISCRETE) become absent after each step.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#define FMI2_EXPORT_FUNCTIONS /* the prototypes of the functions an FMU exports */
#include "hyco-fmi2.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum
{
  FMU_REAL,    /* double */
  FMU_INTEGER, /* int */
  FMU_BOOLEAN, /* int (fmi2Boolean) */
  FMU_STRING,  /* char[FMU_STRING_CAPACITY], NUL-terminated */
} FmuType;

typedef enum
{
  FMU_PARAMETER,
  FMU_INPUT,
  FMU_OUTPUT,
  FMU_LOCAL,
} FmuCausality;

/* Only what the runtime needs: a fixed parameter cannot be set after initialization, a
 * tunable one can; a discrete input carries events, so it is absent again after every step
 * unless the master sets it (a DE event is present at one tag only). Other inputs keep the
 * value and status set last; outputs and locals ignore it. */
typedef enum
{
  FMU_FIXED,
  FMU_TUNABLE,
  FMU_DISCRETE,
} FmuVariability;

typedef enum
{
  FMU_CATEGORY_0A, /* plain FMI 2.0: positive real steps only */
  FMU_CATEGORY_0B, /* real time, zero steps, fmi2GetMaxStepSize */
  FMU_CATEGORY_1,  /* integer time, time-invariant (no resolution functions) */
  FMU_CATEGORY_2,  /* integer time, fixed resolution (fmi2GetPreferredResolution only) */
  FMU_CATEGORY_3,  /* integer time, any resolution (fmi2SetResolution only) */
  FMU_CATEGORY_4,  /* integer time, preferred and settable resolution */
} FmuCategory;

#define FMU_STRING_CAPACITY 32

typedef struct
{
  const char *name;
  FmuType type;
  FmuCausality causality;
  FmuVariability variability;
  size_t offset; /* of the value in the model's state struct */
  size_t size;   /* sizeof the member, checked against the type at instantiation */
  double start;  /* Real, Integer, Boolean */
  const char *start_string;
} FmuVariable;

/* One table entry; the value reference is the entry's index. */
#define FMU_VARIABLE(name_, type_, causality_, variability_, State, member, start_)                \
  {                                                                                                \
    .name = name_, .type = type_, .causality = causality_, .variability = variability_,            \
    .offset = offsetof (State, member), .size = sizeof (((State *) 0)->member), .start = start_    \
  }
#define FMU_STRING_VARIABLE(name_, causality_, variability_, State, member, start_)                \
  {                                                                                                \
    .name = name_, .type = FMU_STRING, .causality = causality_, .variability = variability_,       \
    .offset = offsetof (State, member), .size = sizeof (((State *) 0)->member),                    \
    .start_string = start_                                                                         \
  }

typedef enum
{
  FMU_PHASE_INSTANTIATED,
  FMU_PHASE_INITIALIZATION,
  FMU_PHASE_STEP,
  FMU_PHASE_TERMINATED,
  FMU_PHASE_ERROR, /* a model callback returned fmi2Error: only get (for diagnosis),
                    * fmi2SetFMUstate, fmi2Reset and fmi2FreeInstance */
  FMU_PHASE_FATAL, /* no call at all (FMI 2.0 section 2.1.3): any is reported on stderr */
} FmuPhase;

/* What an FMU state saves besides the model's struct and the statuses. */
typedef struct
{
  FmuPhase phase;
  double time;          /* seconds; for integer-time models start_time + ticks·10^resolution */
  fmi2HybridTime ticks; /* integer time from the start time (categories 1 to 4) */
  uint64_t microstep;   /* 0 after a positive step, + 1 after a zero step */
  double last_successful_time;
  bool terminated; /* the model asked to end the simulation (fmi2Terminated): no more steps */
} FmuClock;

typedef struct FmuInstance FmuInstance;

typedef struct
{
  const char *guid; /* must equal the modelDescription's */
  FmuCategory category;
  const FmuVariable *variables;
  size_t n_variables;
  size_t state_size; /* sizeof the model's state struct */
  bool can_get_and_set_state;
  /* Categories 2 and 4: the resolution returned by fmi2GetPreferredResolution; every
   * integer-time model: the resolution used until fmi2SetResolution (category 1 models have
   * no use for it: they are time-invariant). */
  int resolution;

  /* All optional unless said otherwise. Callbacks returning fmi2Error or fmi2Fatal should log
   * why (fmu_error does both). */

  /* At fmi2Instantiate, after start values: NULL fails fmi2Instantiate. */
  bool (*instantiate) (FmuInstance *fmu);
  /* At fmi2ExitInitializationMode: check parameters, derive internal values (tick counts of
   * parameters in seconds: the resolution is final then), initial outputs. */
  fmi2Status (*initialize) (FmuInstance *fmu);
  /* Before every get of a value: outputs (and their statuses) from the state and the current
   * inputs. FMUs with direct feedthrough compute here and commit in their step; it must not
   * change anything but outputs, since a master may get any number of times at one tag. */
  void (*compute_outputs) (FmuInstance *fmu);
  /* Real-time models (0A, 0B): advance from fmu->clock.time by @step seconds (0 only for 0B);
   * *performed is preset to @step and may be lowered together with fmi2Discard (partial
   * progress). The runtime advances the clock afterwards. A model that sets
   * fmu->clock.terminated and returns fmi2Discard asks the master to end the simulation. */
  fmi2Status (*do_step) (FmuInstance *fmu, double step, double *performed);
  /* Integer-time models (1 to 4): the same in ticks; a step of 0 is a microstep. Required. */
  fmi2Status (*hybrid_do_step) (FmuInstance *fmu, fmi2HybridTime step, fmi2HybridTime *performed);
  /* 0B: the largest step the next do_step accepts, seconds; HUGE_VAL when unconstrained. */
  fmi2Status (*get_max_step) (FmuInstance *fmu, double *max_step);
  /* 1 to 4: ticks, 0 to ask for a microstep, fmi2HybridTimeMax when unconstrained; the
   * runtime answers fmi2HybridTimeMax when NULL. */
  fmi2Status (*hybrid_get_max_step) (FmuInstance *fmu, fmi2HybridTime *max_step);
  /* Called first by every value get (set: false) and set (true) of the given type; anything
   * but fmi2OK fails the call. For fault injection. */
  fmi2Status (*before_access) (FmuInstance *fmu, FmuType type, bool set);
} FmuModel;

struct FmuInstance
{
  const FmuModel *model;
  char *name;
  fmi2CallbackLogger logger;
  fmi2CallbackAllocateMemory allocate;
  fmi2CallbackFreeMemory free;
  fmi2ComponentEnvironment environment;
  bool logging;

  double start_time, stop_time, tolerance; /* from fmi2SetupExperiment */
  bool stop_time_defined, tolerance_defined;
  int resolution; /* ticks are 10^resolution s */

  FmuClock clock;
  /* The master promised never to set a state from before this time (a step with
   * noSetFMUStatePriorToCurrentPoint true); -HUGE_VAL until it does. */
  double promised_time;
  bool pending;             /* a step returned fmi2Pending and was not cancelled yet */
  fmi2SignalStatus *status; /* one per variable */
  void *state;              /* the model's struct, model->state_size bytes */
};

/* Every FMU defines this, the runtime's only link to the model. */
extern const FmuModel fmu_model;

#define FMU_STATE(fmu, Type) ((Type *) (fmu)->state)

/* Logs through the master's logger: errors and warnings always, the rest when logging is on.
 * Category is one of "logStatusError", "logStatusWarning", "logEvents", "logAll". */
void fmu_log (FmuInstance *fmu, fmi2Status status, const char *category, const char *format, ...)
  __attribute__ ((format (printf, 4, 5)));
/* Logs @format as an error and returns fmi2Error. */
fmi2Status fmu_error (FmuInstance *fmu, const char *format, ...)
  __attribute__ ((format (printf, 2, 3)));

static inline bool
fmu_present (FmuInstance *fmu, fmi2ValueReference vr)
{
  return fmu->status[vr] == fmi2SignalPresent;
}

static inline void
fmu_set_present (FmuInstance *fmu, fmi2ValueReference vr, bool present)
{
  fmu->status[vr] = present ? fmi2SignalPresent : fmi2SignalAbsent;
}

/* 10^resolution, the length of a tick in seconds. */
double fmu_tick (FmuInstance *fmu);
/* Converts a parameter in seconds to ticks, exactly: FALSE with a logged error naming @what
 * when @seconds is negative or not an integer number of ticks (within 1e-9 relative). */
bool fmu_seconds_to_ticks (FmuInstance *fmu, const char *what, double seconds,
                           fmi2HybridTime *ticks);
/* fmu->clock.ticks in seconds from the start time. */
double fmu_ticks_to_seconds (FmuInstance *fmu, fmi2HybridTime ticks);

/* For integer-time models with time events: lowers *performed (preset to @step) to
 * @max_step, the model's own fmi2HybridGetMaxStepSize answer, and returns fmi2Discard with a
 * log message when it had to (partial progress); fmi2OK otherwise. A positive step refused
 * outright (*performed == 0) must leave the model's state alone. */
fmi2Status fmu_limit_step (FmuInstance *fmu, fmi2HybridTime max_step, fmi2HybridTime step,
                           fmi2HybridTime *performed);

/* Internal to the runtime's pieces. */
#define FMU_IN(phase) (1u << (phase))
/* NULL-safe: FALSE (logged when possible) unless @fmu is in one of @phases. */
bool _fmu_check_phase (FmuInstance *fmu, const char *function, unsigned phases);
fmi2Status _fmu_get (FmuInstance *fmu, const char *function, FmuType type,
                     const fmi2ValueReference vr[], size_t nvr, void *values,
                     fmi2SignalStatus status[]);
fmi2Status _fmu_set (FmuInstance *fmu, const char *function, FmuType type,
                     const fmi2ValueReference vr[], size_t nvr, const void *values,
                     const fmi2SignalStatus status[]);
/* A step's noSetFMUStatePriorToCurrentPoint: the master's promise, checked by fmi2SetFMUstate. */
void _fmu_note_promise (FmuInstance *fmu, fmi2Boolean noSetFMUStatePriorToCurrentPoint);
fmi2Status _fmu_hybrid_step (FmuInstance *fmu, const char *function, fmi2HybridTime step,
                             fmi2HybridTime *performed);
fmi2Status _fmu_finish (FmuInstance *fmu, fmi2Status status);
