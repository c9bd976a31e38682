/* hc_time_delay: reference component 3.12 (discrete time delay), FMI-HC category 4 (prefers
 * 10^-3 s; d must be a whole number of ticks).
 *
 * y(t, n) = x(t - d, n), d > 0: every event on x is queued with its tag shifted by d and
 * comes out at exactly that tag, microstep included. fmi2HybridGetMaxStepSize: the ticks to
 * the next queued event, 0 while it is at the current time but a later microstep; longer
 * steps stop there (fmi2Discard). The queue holds 64 events (more in flight within d is an
 * error). Non-strict: no dependency in ModelStructure. With d = 0.01 s it is the plant of the
 * event-ordering scenario (seed 002). Variables: d 0, input x 1 (events), output y 2.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "fmu-runtime.h"

#define CAPACITY 64

typedef struct
{
  fmi2HybridTime ticks;
  uint64_t microstep;
  double value;
} Event;

typedef struct
{
  double d, x, y;
  fmi2HybridTime delay; /* ticks */
  /* A ring buffer kept in tag order (inputs arrive in tag order, the delay is constant),
   * inside the state so that an FMU state is a plain copy. */
  Event queue[CAPACITY];
  unsigned head, count;
} State;

enum
{
  D,
  X,
  Y
};

static const FmuVariable variables[] = {
  [D] = FMU_VARIABLE ("d", FMU_REAL, FMU_PARAMETER, FMU_FIXED, State, d, 0.01),
  [X] = FMU_VARIABLE ("x", FMU_REAL, FMU_INPUT, FMU_DISCRETE, State, x, 0.0),
  [Y] = FMU_VARIABLE ("y", FMU_REAL, FMU_OUTPUT, FMU_FIXED, State, y, 0.0),
};

static fmi2Status
initialize (FmuInstance *fmu)
{
  State *s = FMU_STATE (fmu, State);

  if (!fmu_seconds_to_ticks (fmu, "d", s->d, &s->delay))
    return fmi2Error;
  if (s->delay == 0)
    return fmu_error (fmu, "d must be positive (use hc_microstep_delay for a zero delay)");
  return fmi2OK;
}

static const Event *
first (const State *s)
{
  return s->count > 0 ? &s->queue[s->head] : NULL;
}

static bool
is_now (FmuInstance *fmu, const Event *e)
{
  return e && e->ticks == fmu->clock.ticks && e->microstep == fmu->clock.microstep;
}

/* The first queued event after the current tag. */
static const Event *
next_event (FmuInstance *fmu)
{
  const State *s = FMU_STATE (fmu, State);

  for (unsigned i = 0; i < s->count; i++)
    {
      const Event *e = &s->queue[(s->head + i) % CAPACITY];

      if (e->ticks > fmu->clock.ticks
          || (e->ticks == fmu->clock.ticks && e->microstep > fmu->clock.microstep))
        return e;
    }
  return NULL;
}

static void
compute_outputs (FmuInstance *fmu)
{
  State *s = FMU_STATE (fmu, State);
  const Event *e = first (s);

  fmu_set_present (fmu, Y, is_now (fmu, e));
  if (is_now (fmu, e))
    s->y = e->value;
}

static fmi2Status
hybrid_get_max_step (FmuInstance *fmu, fmi2HybridTime *max_step)
{
  const State *s = FMU_STATE (fmu, State);
  const Event *e = next_event (fmu);

  if (e)
    *max_step = e->ticks - fmu->clock.ticks;
  /* An input event now comes out d later, possibly before the queued ones. */
  if (fmu_present (fmu, X) && s->delay < *max_step)
    *max_step = s->delay;
  return fmi2OK;
}

static fmi2Status
hybrid_do_step (FmuInstance *fmu, fmi2HybridTime step, fmi2HybridTime *performed)
{
  State *s = FMU_STATE (fmu, State);
  fmi2HybridTime max_step = fmi2HybridTimeMax;
  fmi2Status status;

  hybrid_get_max_step (fmu, &max_step);
  status = fmu_limit_step (fmu, max_step, step, performed);
  if (step > 0 && *performed == 0)
    return status;

  /* Events of this tag and before are delivered (or were missed: the master stepped past
   * them against the max step size). */
  while (
    s->count > 0
    && !(first (s)->ticks > fmu->clock.ticks
         || (first (s)->ticks == fmu->clock.ticks && first (s)->microstep > fmu->clock.microstep)))
    {
      s->head = (s->head + 1) % CAPACITY;
      s->count--;
    }
  if (fmu_present (fmu, X))
    {
      Event *e;

      if (s->count == CAPACITY)
        return fmu_error (fmu, "more than %d events within d", CAPACITY);
      if (fmu->clock.ticks > UINT64_MAX - s->delay)
        return fmu_error (fmu, "time overflows");
      e = &s->queue[(s->head + s->count) % CAPACITY];
      e->ticks = fmu->clock.ticks + s->delay;
      e->microstep = fmu->clock.microstep;
      e->value = s->x;
      s->count++;
    }
  return status;
}

const FmuModel fmu_model = {
  .guid = "{d2a46853-c97e-5842-8d94-59eb3a3933cf}",
  .category = FMU_CATEGORY_4,
  .variables = variables,
  .n_variables = sizeof variables / sizeof variables[0],
  .state_size = sizeof (State),
  .can_get_and_set_state = true,
  .resolution = -3,
  .initialize = initialize,
  .compute_outputs = compute_outputs,
  .hybrid_do_step = hybrid_do_step,
  .hybrid_get_max_step = hybrid_get_max_step,
};
