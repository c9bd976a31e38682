/* types3: FMI 3.0's variable types through one FMU, each output computed from its input when it
 * is read (direct feedthrough, as the ModelStructure declares).
 *
 *   gain (Int8 parameter, 2) times u8 (UInt8 input)    -> y16 (Int16)
 *   u64 (UInt64 input) plus 1 (wrapping)                -> next64 (UInt64)
 *   f32 (Float32 input) halved                          -> half32 (Float32)
 *   x (Float64 array input of n values, n a structural
 *     parameter, 3; start 1 2 3)                        -> sum (Float64), twice (Float64[n])
 *   flag (Boolean input)                                -> not_flag (Boolean)
 *   word (String input, "abc")                          -> reversed (String)
 *   data (Binary input, 01 02 03, maxSize 8)            -> data_reversed (Binary),
 *                                                          data_size (UInt32)
 *   data XOR key (Binary parameter, ff, maxSize 4),
 *     the key repeated over the data                    -> data_xor (Binary)
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "fmu3-runtime.h"

#include <string.h>

#define CAPACITY 8

typedef struct
{
  fmi3UInt64 n;
  fmi3Int8 gain;
  fmi3UInt8 u8;
  fmi3Int16 y16;
  fmi3UInt64 u64, next64;
  fmi3Float32 f32, half32;
  fmi3Float64 x[CAPACITY];
  fmi3Float64 sum;
  fmi3Float64 twice[CAPACITY];
  bool flag, not_flag;
  char word[FMU3_STRING_CAPACITY], reversed[FMU3_STRING_CAPACITY];
  Fmu3Binary data, data_reversed;
  fmi3UInt32 data_size;
  Fmu3Binary key, data_xor;
} State;

enum
{
  N,
  GAIN,
  U8,
  Y16,
  U64,
  NEXT64,
  F32,
  HALF32,
  X,
  SUM,
  TWICE,
  FLAG,
  NOT_FLAG,
  WORD,
  REVERSED,
  DATA,
  DATA_REVERSED,
  DATA_SIZE,
  KEY,
  DATA_XOR
};

static const Fmu3Variable variables[] = {
  [N] = FMU3_VARIABLE ("n", FMU3_UINT64, FMU3_STRUCTURAL_PARAMETER, State, n),
  [GAIN] = FMU3_VARIABLE ("gain", FMU3_INT8, FMU3_PARAMETER, State, gain),
  [U8] = FMU3_VARIABLE ("u8", FMU3_UINT8, FMU3_INPUT, State, u8),
  [Y16] = FMU3_VARIABLE ("y16", FMU3_INT16, FMU3_OUTPUT, State, y16),
  [U64] = FMU3_VARIABLE ("u64", FMU3_UINT64, FMU3_INPUT, State, u64),
  [NEXT64] = FMU3_VARIABLE ("next64", FMU3_UINT64, FMU3_OUTPUT, State, next64),
  [F32] = FMU3_VARIABLE ("f32", FMU3_FLOAT32, FMU3_INPUT, State, f32),
  [HALF32] = FMU3_VARIABLE ("half32", FMU3_FLOAT32, FMU3_OUTPUT, State, half32),
  [X] = FMU3_ARRAY ("x", FMU3_FLOAT64, FMU3_INPUT, State, x, N),
  [SUM] = FMU3_VARIABLE ("sum", FMU3_FLOAT64, FMU3_OUTPUT, State, sum),
  [TWICE] = FMU3_ARRAY ("twice", FMU3_FLOAT64, FMU3_OUTPUT, State, twice, N),
  [FLAG] = FMU3_VARIABLE ("flag", FMU3_BOOLEAN, FMU3_INPUT, State, flag),
  [NOT_FLAG] = FMU3_VARIABLE ("not_flag", FMU3_BOOLEAN, FMU3_OUTPUT, State, not_flag),
  [WORD] = FMU3_VARIABLE ("word", FMU3_STRING, FMU3_INPUT, State, word),
  [REVERSED] = FMU3_VARIABLE ("reversed", FMU3_STRING, FMU3_OUTPUT, State, reversed),
  [DATA] = FMU3_VARIABLE ("data", FMU3_BINARY, FMU3_INPUT, State, data),
  [DATA_REVERSED] = FMU3_VARIABLE ("data_reversed", FMU3_BINARY, FMU3_OUTPUT, State, data_reversed),
  [DATA_SIZE] = FMU3_VARIABLE ("data_size", FMU3_UINT32, FMU3_OUTPUT, State, data_size),
  [KEY] = FMU3_VARIABLE ("key", FMU3_BINARY, FMU3_PARAMETER, State, key),
  [DATA_XOR] = FMU3_VARIABLE ("data_xor", FMU3_BINARY, FMU3_OUTPUT, State, data_xor),
};

static const State start = {
  .n = 3,
  .gain = 2,
  .x = { 1, 2, 3 },
  .word = "abc",
  .data = { 3, { 1, 2, 3 } },
  .key = { 1, { 0xff } },
};

static fmi3Status
initialize (Fmu3Instance *fmu)
{
  State *s = FMU3_STATE (fmu, State);

  if (s->n > CAPACITY)
    return fmu3_error (fmu, "n is %llu, more than %d", (unsigned long long) s->n, CAPACITY);
  return fmi3OK;
}

static void
compute_outputs (Fmu3Instance *fmu)
{
  State *s = FMU3_STATE (fmu, State);
  size_t length = strlen (s->word);

  s->y16 = (fmi3Int16) (s->gain * s->u8);
  s->next64 = s->u64 + 1;
  s->half32 = s->f32 / 2;
  s->sum = 0;
  for (fmi3UInt64 i = 0; i < s->n && i < CAPACITY; i++)
    {
      s->sum += s->x[i];
      s->twice[i] = 2 * s->x[i];
    }
  s->not_flag = !s->flag;
  for (size_t i = 0; i < length; i++)
    s->reversed[i] = s->word[length - 1 - i];
  s->reversed[length] = '\0';
  s->data_reversed.size = s->data.size;
  for (size_t i = 0; i < s->data.size; i++)
    s->data_reversed.data[i] = s->data.data[s->data.size - 1 - i];
  s->data_size = (fmi3UInt32) s->data.size;
  s->data_xor.size = s->data.size;
  for (size_t i = 0; i < s->data.size; i++)
    s->data_xor.data[i]
      = s->key.size > 0 ? s->data.data[i] ^ s->key.data[i % s->key.size] : s->data.data[i];
}

const Fmu3Model fmu3_model = {
  .token = "{2e8c5a19-7b4d-4c6f-a1e0-3d9b8f7a6c52}",
  .variables = variables,
  .n_variables = sizeof variables / sizeof variables[0],
  .state_size = sizeof (State),
  .start = &start,
  .initialize = initialize,
  .compute_outputs = compute_outputs,
};
