/* me-runtime.h: the small FMI 2.0 Model Exchange runtime of the test FMUs in tests/fmus/me/.
 *
 * A model.c describes its Real variables (value reference = index into its value array) and
 * its equations (MeModel); the runtime implements every FMI 2.0 function a Model Exchange FMU
 * exports on top of it, with a strict state machine (FMI 2.0 section 3.2.3): a call in a mode
 * where the standard does not allow it is logged and returns fmi2Error, so a host that gets
 * the protocol wrong fails its tests. Only Real variables; fmi2Get/SetInteger, Boolean and
 * String accept no value reference.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#define FMI2_EXPORT_FUNCTIONS
#include "hyco-fmi2.h"

#include <stdbool.h>

typedef enum
{
  ME_PARAMETER, /* settable before initialization only */
  ME_INPUT,     /* settable at any time */
  ME_COMPUTED,  /* states, derivatives, outputs, locals: not settable */
} MeCausality;

typedef struct
{
  const char *guid;
  unsigned n_reals;
  const double *starts;            /* n_reals */
  const MeCausality *causalities;  /* n_reals */
  unsigned n_states;
  const unsigned *state_vrs;       /* where the states are among the values */
  const unsigned *derivative_vrs;  /* where their derivatives are */
  const double *nominals;          /* n_states, or NULL for 1 */
  unsigned n_indicators;
  /* At fmi2ExitInitializationMode: the states from the parameters, and the first event time. */
  void (*initialize) (double *r, double time, fmi2EventInfo *info);
  /* The derivatives (into their variables) and the other computed values at the states. */
  void (*evaluate) (double *r, double time);
  void (*indicators) (const double *r, double time, double *z);
  /* One step of the event iteration: fills info (the runtime zeroes it first). */
  void (*update) (double *r, double time, fmi2EventInfo *info);
  /* At fmi2CompletedIntegratorStep (NULL: never): whether a step event is due. */
  bool (*completed_step) (double *r, double time);
} MeModel;

/* What the model.c defines. */
extern const MeModel me_model;
