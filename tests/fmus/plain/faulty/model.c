/* faulty: an FMU that fails on purpose, category 0A, for the error paths of the loader, the
 * FMU actor and the directors.
 *
 * Otherwise a pass-through: y takes u at doStep and t is the FMU's time. The parameter failAt
 * names the failure, which happens once the FMU's time has reached failAtTime (doStep: when
 * the step would end after failAtTime), with a logged message saying so:
 *   0  never
 *   1  doStep returns fmi2Error
 *   2  fmi2GetReal returns fmi2Error (in step mode)
 *   3  fmi2SetReal returns fmi2Error (in step mode)
 *   4  fmi2Instantiate returns NULL: parameters cannot be set before fmi2Instantiate, so this
 *      one is chosen by the environment variable HYCO_FAULTY_FAIL_AT=4 instead
 *   5  doStep returns fmi2Fatal
 *   6  doStep returns fmi2Discard, having reached failAtTime (partial progress, see
 *      fmi2GetRealStatus(fmi2LastSuccessfulTime))
 *   7  fmi2ExitInitializationMode returns fmi2Error
 *   8  doStep returns fmi2Pending: the step goes on asynchronously (canRunAsynchronuously is
 *      true), to be cancelled with fmi2CancelStep
 *   9  doStep calls exit(0), as a badly written FMU ends the whole process
 *   10 doStep never returns (it logs that it hangs, then sleeps forever)
 *   11 every doStep logs a warning, and steps on (an FMU that floods its log)
 *   12 doStep crashes its process (SIGSEGV, as a write through a null pointer would)
 *   13 fmi2SetReal crashes its process (SIGSEGV, in step mode)
 *   14 every doStep writes a line to standard output and one to standard error, as a
 *      debugging printf would, and steps on
 * A master that calls it after fmi2Fatal (mode 5), even fmi2FreeInstance, is reported on
 * standard error (fmu-runtime.c), since FMI 2.0 section 2.1.3 forbids it.
 * Its library's constructor, which runs as the library is loaded, before any FMI call, first
 * appends the id of the process loading it to the file the environment variable
 * HYCO_FAULTY_LOAD_MARKER names, if set (whether, and in which process, the library was
 * loaded), then does what HYCO_FAULTY_LOAD says: "exit" calls exit(0), "crash" crashes the
 * process (SIGSEGV), anything else nothing.
 * Variables: failAt 0 (Integer), failAtTime 1, input u 2, outputs y 3, t 4.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "fmu-runtime.h"

#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

typedef struct
{
  int fail_at;
  double fail_at_time;
  double u, y, t;
} State;

enum
{
  FAIL_AT,
  FAIL_AT_TIME,
  U,
  Y,
  T
};

enum
{
  NEVER,
  DO_STEP_ERROR,
  GET_REAL,
  SET_REAL,
  INSTANTIATE,
  DO_STEP_FATAL,
  DO_STEP_DISCARD,
  EXIT_INITIALIZATION,
  DO_STEP_PENDING,
  DO_STEP_EXIT,
  DO_STEP_HANG,
  DO_STEP_WARNING,
  DO_STEP_CRASH,
  SET_REAL_CRASH,
  DO_STEP_PRINT,
};

static const FmuVariable variables[] = {
  [FAIL_AT] = FMU_VARIABLE ("failAt", FMU_INTEGER, FMU_PARAMETER, FMU_FIXED, State, fail_at, 1),
  [FAIL_AT_TIME]
  = FMU_VARIABLE ("failAtTime", FMU_REAL, FMU_PARAMETER, FMU_FIXED, State, fail_at_time, 1.0),
  [U] = FMU_VARIABLE ("u", FMU_REAL, FMU_INPUT, FMU_FIXED, State, u, 0.0),
  [Y] = FMU_VARIABLE ("y", FMU_REAL, FMU_OUTPUT, FMU_FIXED, State, y, 0.0),
  [T] = FMU_VARIABLE ("t", FMU_REAL, FMU_OUTPUT, FMU_FIXED, State, t, 0.0),
};

__attribute__ ((constructor)) static void
on_load (void)
{
  const char *marker = getenv ("HYCO_FAULTY_LOAD_MARKER");
  const char *load = getenv ("HYCO_FAULTY_LOAD");

  if (marker != NULL && *marker != '\0')
    {
      FILE *file = fopen (marker, "a");
      if (file != NULL)
        {
          fprintf (file, "%ld\n", (long) getpid ());
          fclose (file);
        }
    }
  if (load != NULL && strcmp (load, "exit") == 0)
    exit (0);
  if (load != NULL && strcmp (load, "crash") == 0)
    raise (SIGSEGV);
}

static bool
instantiate (FmuInstance *fmu)
{
  const char *fail_at = getenv ("HYCO_FAULTY_FAIL_AT");

  if (fail_at && strcmp (fail_at, "4") == 0)
    {
      fmu_error (fmu, "fmi2Instantiate fails on purpose (HYCO_FAULTY_FAIL_AT=4)");
      return false;
    }
  return true;
}

static fmi2Status
initialize (FmuInstance *fmu)
{
  State *s = FMU_STATE (fmu, State);

  if (s->fail_at == EXIT_INITIALIZATION)
    return fmu_error (fmu, "fmi2ExitInitializationMode fails on purpose (failAt=7)");
  s->t = fmu->clock.time;
  return fmi2OK;
}

static fmi2Status
do_step (FmuInstance *fmu, double step, double *performed)
{
  State *s = FMU_STATE (fmu, State);
  const double end = fmu->clock.time + step;

  if (end > s->fail_at_time)
    switch (s->fail_at)
      {
      case DO_STEP_ERROR:
        return fmu_error (fmu, "doStep fails on purpose at %g (failAt=1)", fmu->clock.time);
      case DO_STEP_FATAL:
        fmu_log (fmu, fmi2Fatal, "logStatusFatal",
                 "doStep fails fatally on purpose at %g (failAt=5)", fmu->clock.time);
        return fmi2Fatal;
      case DO_STEP_PENDING:
        fmu_log (fmu, fmi2OK, "logAll", "doStep goes on asynchronously on purpose at %g (failAt=8)",
                 fmu->clock.time);
        return fmi2Pending;
      case DO_STEP_EXIT:
        exit (0);
      case DO_STEP_WARNING:
        fmu_log (fmu, fmi2Warning, "logStatusWarning", "a warning on purpose at %g (failAt=11)",
                 fmu->clock.time);
        break;
      case DO_STEP_CRASH:
        /* raise(), not a null pointer: the compiler may not remove it, and the signal is the
         * one a real crash gives. */
        raise (SIGSEGV);
        break;
      case DO_STEP_PRINT:
        printf ("faulty: a step from %g\n", fmu->clock.time);
        fprintf (stderr, "faulty: on standard error at %g\n", fmu->clock.time);
        fflush (stdout);
        break;
      case DO_STEP_HANG:
        fmu_log (fmu, fmi2OK, "logAll", "doStep hangs on purpose at %g (failAt=10)",
                 fmu->clock.time);
        for (;;)
          sleep (1);
      case DO_STEP_DISCARD:
        if (fmu->clock.time < s->fail_at_time)
          {
            *performed = s->fail_at_time - fmu->clock.time;
            s->y = s->u;
            s->t = s->fail_at_time;
          }
        else
          *performed = 0;
        fmu_log (fmu, fmi2Discard, "logStatusDiscard",
                 "doStep stops at failAtTime = %g on purpose (failAt=6)", s->fail_at_time);
        return fmi2Discard;
      default:
        break;
      }
  s->y = s->u;
  s->t = end;
  return fmi2OK;
}

static fmi2Status
before_access (FmuInstance *fmu, FmuType type, bool set)
{
  State *s = FMU_STATE (fmu, State);

  if (type != FMU_REAL || fmu->clock.phase != FMU_PHASE_STEP || fmu->clock.time < s->fail_at_time)
    return fmi2OK;
  if (!set && s->fail_at == GET_REAL)
    return fmu_error (fmu, "fmi2GetReal fails on purpose at %g (failAt=2)", fmu->clock.time);
  if (set && s->fail_at == SET_REAL)
    return fmu_error (fmu, "fmi2SetReal fails on purpose at %g (failAt=3)", fmu->clock.time);
  if (set && s->fail_at == SET_REAL_CRASH)
    raise (SIGSEGV);
  return fmi2OK;
}

const FmuModel fmu_model = {
  .guid = "{e8966c87-e732-5c68-b45c-2a70665c9b4c}",
  .category = FMU_CATEGORY_0A,
  .variables = variables,
  .n_variables = sizeof variables / sizeof variables[0],
  .state_size = sizeof (State),
  .can_get_and_set_state = true,
  .instantiate = instantiate,
  .initialize = initialize,
  .do_step = do_step,
  .before_access = before_access,
};
