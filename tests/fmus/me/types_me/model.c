/* types_me: discrete inputs and outputs of every type a Model Exchange FMU can exchange, each
 * output computed from its input in the event iteration (so it changes in event mode only),
 * and one state x' = n driven by the discrete input n. FMI 2.0 (modelDescription.xml) has the
 * Integer, Boolean, String and Enumeration ones, FMI 3.0 (modelDescription3.xml) every type.
 * See ../../README.md.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "me-model.h"

#include <string.h>

enum
{
  X,
  DER_X,
  RATE, /* n as a Real, taken in the event iteration */
  N_REALS
};

/* The other variables: value reference ME_VALUES_VR + index. */
enum
{
  N,
  TWICE,
  U64,
  NEXT64,
  F32,
  HALF32,
  FLAG,
  NOT_FLAG,
  WORD,
  REVERSED,
  DATA,
  DATA_REVERSED,
  MODE,
  MODE_OUT,
  EVENTS,
  N_VALUES
};

static const double starts[N_REALS] = { [RATE] = 1 };
static const MeCausality causalities[N_REALS] = {
  [X] = ME_PARAMETER,
  [DER_X] = ME_COMPUTED,
  [RATE] = ME_COMPUTED,
};
static const unsigned state_vrs[] = { X };
static const unsigned derivative_vrs[] = { DER_X };

static const MeVariable values[N_VALUES] = {
  [N] = { "Int8", ME_DISCRETE_INPUT, { .i = 1 } },
  [TWICE] = { "Int16", ME_COMPUTED, { .i = 0 } },
  [U64] = { "UInt64", ME_DISCRETE_INPUT, { .i = 0 } },
  [NEXT64] = { "UInt64", ME_COMPUTED, { .i = 0 } },
  [F32] = { "Float32", ME_DISCRETE_INPUT, { .f = 0 } },
  [HALF32] = { "Float32", ME_COMPUTED, { .f = 0 } },
  [FLAG] = { "Boolean", ME_DISCRETE_INPUT, { .i = 0 } },
  [NOT_FLAG] = { "Boolean", ME_COMPUTED, { .i = 0 } },
  [WORD] = { "String", ME_DISCRETE_INPUT, { .s = "abc" } },
  [REVERSED] = { "String", ME_COMPUTED, { .s = "" } },
  [DATA] = { "Binary", ME_DISCRETE_INPUT, { .b = { 1, 2, 3 }, .size = 3 } },
  [DATA_REVERSED] = { "Binary", ME_COMPUTED, { .size = 0 } },
  [MODE] = { "Enumeration", ME_DISCRETE_INPUT, { .i = 1 } },
  [MODE_OUT] = { "Enumeration", ME_COMPUTED, { .i = 1 } },
  [EVENTS] = { "UInt32", ME_COMPUTED, { .i = 0 } },
};

static void
initialize (double *r, double time, MeEventInfo *info)
{
}

static void
evaluate (double *r, double time)
{
  r[DER_X] = r[RATE];
}

/* Each event iteration step: every output from its input, and one more step counted. */
static void
update_values (double *r, MeValue *v)
{
  size_t length = strlen (v[WORD].s);

  r[RATE] = (double) v[N].i;
  v[TWICE].i = 2 * v[N].i;
  v[NEXT64].i = (long long) ((unsigned long long) v[U64].i + 1);
  v[HALF32].f = (float) (v[F32].f / 2);
  v[NOT_FLAG].i = !v[FLAG].i;
  for (size_t i = 0; i < length; i++)
    v[REVERSED].s[i] = v[WORD].s[length - 1 - i];
  v[REVERSED].s[length] = '\0';
  for (size_t i = 0; i < v[DATA].size; i++)
    v[DATA_REVERSED].b[i] = v[DATA].b[v[DATA].size - 1 - i];
  v[DATA_REVERSED].size = v[DATA].size;
  v[MODE_OUT].i = v[MODE].i;
  v[EVENTS].i += 1;
}

static void
update (double *r, double time, MeEventInfo *info)
{
}

const MeModel me_model = {
  .guid = "{5b0e7c42-91d3-4a6e-8f2b-c4d7a1e3b960}",
  .n_reals = N_REALS,
  .starts = starts,
  .causalities = causalities,
  .n_states = 1,
  .state_vrs = state_vrs,
  .derivative_vrs = derivative_vrs,
  .n_indicators = 0,
  .initialize = initialize,
  .evaluate = evaluate,
  .indicators = NULL,
  .update = update,
  .n_values = N_VALUES,
  .values = values,
  .update_values = update_values,
};
