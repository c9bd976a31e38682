/* me-model.h: a Model Exchange test model (tests/fmus/me/), whatever the FMI version of the
 * runtime it is linked with: me-runtime.c makes an FMI 2.0 FMU of it, me3-runtime.c an FMI 3.0
 * one, so that both versions run the same equations.
 *
 * A model.c describes its Real variables (value reference = index into its value array) and
 * its equations (MeModel); the runtime implements every function of its version's Model
 * Exchange interface on top of it, with a strict state machine.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>

typedef enum
{
  ME_PARAMETER,      /* settable before initialization only */
  ME_INPUT,          /* settable at any time (a continuous input) */
  ME_DISCRETE_INPUT, /* settable before initialization and in event mode */
  ME_COMPUTED,       /* states, derivatives, outputs, locals: not settable */
} MeCausality;

/* What an event iteration step reports (FMI 2.0's fmi2EventInfo, FMI 3.0's outputs of
 * fmi3UpdateDiscreteStates). */
typedef struct
{
  bool newDiscreteStatesNeeded;
  bool terminateSimulation;
  bool nominalsOfContinuousStatesChanged;
  bool valuesOfContinuousStatesChanged;
  bool nextEventTimeDefined;
  double nextEventTime;
} MeEventInfo;

/* The value of a variable of a type other than Real (Float64). */
typedef struct
{
  long long i;          /* the integer types (UInt64's bits), Enumeration, Boolean (0 or 1) */
  double f;             /* Float32 */
  char s[32];           /* String, at most 31 bytes */
  unsigned char b[8];   /* Binary, at most 8 bytes */
  size_t size;          /* of the Binary */
} MeValue;

/* Such a variable, value reference ME_VALUES_VR + its index: discrete, set before
 * initialization (ME_PARAMETER) or also in event mode (ME_DISCRETE_INPUT), or computed in the
 * event iteration (ME_COMPUTED). */
#define ME_VALUES_VR 100

typedef struct
{
  /* FMI 3.0's name of its type: Int8, UInt8, ..., UInt64, Float32, Boolean, String, Binary,
   * Enumeration (an Int64); through FMI 2.0, the integer types and Enumeration are Integers. */
  const char *type;
  MeCausality causality;
  MeValue start;
} MeVariable;

typedef struct
{
  const char *guid; /* FMI 3.0: the instantiation token */
  unsigned n_reals;
  const double *starts;           /* n_reals */
  const MeCausality *causalities; /* n_reals */
  unsigned n_states;
  const unsigned *state_vrs;      /* where the states are among the values */
  const unsigned *derivative_vrs; /* where their derivatives are */
  const double *nominals;         /* n_states, or NULL for 1 */
  unsigned n_indicators;
  /* When initialization ends: the states from the parameters, and the first event time. */
  void (*initialize) (double *r, double time, MeEventInfo *info);
  /* The derivatives (into their variables) and the other computed values at the states. */
  void (*evaluate) (double *r, double time);
  void (*indicators) (const double *r, double time, double *z);
  /* One step of the event iteration: fills info (the runtime zeroes it first). */
  void (*update) (double *r, double time, MeEventInfo *info);
  /* When an integrator step is completed (NULL: never): whether a step event is due. */
  bool (*completed_step) (double *r, double time);
  /* The variables of other types (none: 0, NULL), and what each event iteration step computes
   * of them, before update() (NULL: nothing). */
  unsigned n_values;
  const MeVariable *values;
  void (*update_values) (double *r, MeValue *v);
} MeModel;

/* What the model.c defines. */
extern const MeModel me_model;
