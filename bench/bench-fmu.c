/* bench-fmu.c: the FMU actor's overhead. A plain FMI 2.0 FMU (Van der Pol, from the test FMUs)
 * stepped 10^6 times with a fixed step, through Hyco and by a minimal C loop making the same
 * FMI calls on the same FMU, and the ratio of wall times:
 *
 *   - without rollback: a DE director fires the FMU actor every step (communicationStepSize);
 *     the loop calls fmi2DoStep and fmi2GetReal on every output, and fmi2SetReal on every input;
 *   - with rollback on every step: a continuous director (Bogacki-Shampine, fixed step) fires
 *     the actor at its stages, h/2, 3h/4 and h, each from the committed state; the loop does
 *     the same: per stage fmi2SetFMUstate, fmi2DoStep and the gets, and fmi2GetFMUstate at the
 *     step's end.
 *
 * The same without rollback with the FMU's FMI 3.0 twin (vanderpol3: the same equations and
 * substeps), against a loop making the FMI 3.0 calls (fmi3DoStep, fmi3GetFloat64): its figure
 * says what Hyco adds per step for FMI 3.0 next to what it adds for FMI 2.0 (goal: no more).
 *
 * Isolation (argument "isolation"): the same FMU with isolation="process" (in a host process,
 * its messages through the shared page, and for comparison over the socket alone:
 * HYCO_FMU_TRANSPORT=socket) against isolation="none", in the same run: ns per step and the
 * ratio, through Hyco with and without rollback, and the round trip alone: the loop's
 * fmi2DoStep and fmi2GetReal made through the isolated instance against the same calls in
 * process (goal: under 5 µs per step), next to a bare round trip of each transport between two
 * processes here, now (what the machine's load allows); the same for the FMI 3.0 twin, its
 * fmi3DoStep and an fmi3GetFloat64 per output (as the actor makes them), and through Hyco. Each
 * isolated loop says how many round trips a step took (the gets after a step go with it: 1).
 *
 * Each runs twice: with the FMU's internal step (substep) equal to the communication step, so
 * that the FMU does almost nothing per step and the figures measure Hyco's overhead alone, and
 * with ten internal steps per communication step, closer to what a real FMU does.
 *
 * Each figure is the fastest of REPEATS runs. Goal: at most 1.5x the direct loop without
 * rollback. Since Hyco adds a fixed time per step, whatever the FMU does, the goal holds for
 * every FMU whose step takes at least twice that: the "goal" line says from how long on.
 *
 *   ninja -C build && build/bench/bench-fmu [STEPS]
 *
 * Run from the source root after building (it uses build/tests/fmus/vanderpol.fmu and
 * vanderpol3.fmu).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco.h"
#include "hyco-fmi2-fmu.h"
#include "hyco-fmi3-fmu.h"
#include "hyco-fmu-remote.h"
#include "hyco-fmu-protocol.h"
#include "hyco-signal-private.h"

#include <gmodule.h>

#include <math.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>

#define FMU_PATH "build/tests/fmus/vanderpol.fmu"
#define FMU3_PATH "build/tests/fmus/vanderpol3.fmu"
#define STEP 1e-3
#define REPEATS 3

typedef struct
{
  HycoFmu *fmu;
  HycoFmuInstance *instance;
  const HycoFmi2Functions *fmi; /* the FMI 2.0 calls, made directly */
  fmi2Component c;
  fmi2ValueReference outputs[16];
  guint n_outputs;
  fmi2Real values[16];
} Direct;

static void
fail (const char *what, GError *error)
{
  fprintf (stderr, "bench-fmu: %s: %s\n", what, error ? error->message : "failed");
  exit (1);
}

static double substep; /* the FMU's parameter of that name */

static void
direct_open (Direct *d)
{
  const HycoFmuVariable *parameter;

  GError *error = NULL;

  d->fmu = _hyco_fmu_open (FMU_PATH, &error);
  if (d->fmu == NULL)
    fail ("open", error);
  d->n_outputs = 0;
  for (guint i = 0; i < d->fmu->description->variables->len && d->n_outputs < 16; i++)
    {
      const HycoFmuVariable *v = d->fmu->description->variables->pdata[i];
      if (v->causality == HYCO_FMU_CAUSALITY_OUTPUT && v->type == HYCO_FMU_TYPE_REAL)
        d->outputs[d->n_outputs++] = v->value_reference;
    }
  d->instance = _hyco_fmu_instantiate (d->fmu, "direct", FALSE, &error);
  if (d->instance == NULL)
    fail ("instantiate", error);
  d->fmi = _hyco_fmi2_fmu_get_functions (d->fmu);
  d->c = _hyco_fmi2_instance_get_component (d->instance);
  parameter = _hyco_fmu_find_variable (d->fmu, "substep");
  if (d->fmi->fmi2SetupExperiment (d->c, fmi2False, 0, 0, fmi2False, 0) > fmi2Warning
      || d->fmi->fmi2SetReal (d->c, &parameter->value_reference, 1, &substep) > fmi2Warning
      || d->fmi->fmi2EnterInitializationMode (d->c) > fmi2Warning
      || d->fmi->fmi2ExitInitializationMode (d->c) > fmi2Warning)
    fail ("initialize", NULL);
}

static void
direct_close (Direct *d)
{
  d->fmi->fmi2Terminate (d->c);
  d->instance->ops->free (d->instance);
  _hyco_fmu_unref (d->fmu);
}

static double
direct_plain (guint64 steps, double *last)
{
  Direct d;
  gint64 start;
  double t = 0;

  direct_open (&d);
  start = g_get_monotonic_time ();
  for (guint64 k = 0; k < steps; k++)
    {
      if (d.fmi->fmi2DoStep (d.c, t, STEP, fmi2True) > fmi2Warning
          || d.fmi->fmi2GetReal (d.c, d.outputs, d.n_outputs, d.values) > fmi2Warning)
        fail ("step", NULL);
      t = (double) (k + 1) * STEP;
    }
  *last = d.values[0];
  start = g_get_monotonic_time () - start;
  direct_close (&d);
  return (double) start / 1e6;
}

static double
direct_rollback (guint64 steps, double *last)
{
  static const double stages[] = { 0.5, 0.75, 1 };
  Direct d;
  fmi2FMUstate state = NULL;
  gint64 start;
  double t = 0;

  direct_open (&d);
  start = g_get_monotonic_time ();
  d.fmi->fmi2GetFMUstate (d.c, &state);
  for (guint64 k = 0; k < steps; k++)
    {
      for (guint s = 0; s < G_N_ELEMENTS (stages); s++)
        if (d.fmi->fmi2SetFMUstate (d.c, state) > fmi2Warning
            || d.fmi->fmi2DoStep (d.c, t, stages[s] * STEP, fmi2False) > fmi2Warning
            || d.fmi->fmi2GetReal (d.c, d.outputs, d.n_outputs, d.values) > fmi2Warning)
          fail ("step", NULL);
      d.fmi->fmi2GetFMUstate (d.c, &state);
      t = (double) (k + 1) * STEP;
    }
  *last = d.values[0];
  start = g_get_monotonic_time () - start;
  d.fmi->fmi2FreeFMUstate (d.c, &state);
  direct_close (&d);
  return (double) start / 1e6;
}

/* The FMI 3.0 loop: the FMU's own functions, looked up in its library (which the FMU loader
 * has opened: the same code Hyco calls). */
typedef struct
{
  HycoFmu *fmu;
  HycoFmuInstance *instance;
  GModule *library;
  fmi3DoStepTYPE *do_step;
  fmi3GetFloat64TYPE *get_float64;
  fmi3Instance c;
  fmi3ValueReference outputs[2];
  fmi3Float64 values[2];
} Direct3;

static void
direct3_open (Direct3 *d)
{
  GError *error = NULL;
  g_autofree char *library = NULL;
  fmi3SetFloat64TYPE *set_float64;
  fmi3EnterInitializationModeTYPE *enter;
  fmi3ExitInitializationModeTYPE *exit_initialization;
  const HycoFmuVariable *parameter;

  d->fmu = _hyco_fmu_open (FMU3_PATH, &error);
  if (d->fmu == NULL)
    fail ("open", error);
  library = g_build_filename (d->fmu->directory, "binaries", "x86_64-linux", "vanderpol3.so", NULL);
  d->library = g_module_open (library, G_MODULE_BIND_LOCAL);
  if (d->library == NULL || !g_module_symbol (d->library, "fmi3DoStep", (gpointer *) &d->do_step)
      || !g_module_symbol (d->library, "fmi3GetFloat64", (gpointer *) &d->get_float64)
      || !g_module_symbol (d->library, "fmi3SetFloat64", (gpointer *) &set_float64)
      || !g_module_symbol (d->library, "fmi3EnterInitializationMode", (gpointer *) &enter)
      || !g_module_symbol (d->library, "fmi3ExitInitializationMode",
                           (gpointer *) &exit_initialization))
    fail ("symbols", NULL);
  d->instance = _hyco_fmu_instantiate (d->fmu, "direct", FALSE, &error);
  if (d->instance == NULL)
    fail ("instantiate", error);
  d->c = _hyco_fmi3_instance_get_instance (d->instance);
  d->outputs[0] = _hyco_fmu_find_variable (d->fmu, "x1")->value_reference;
  d->outputs[1] = _hyco_fmu_find_variable (d->fmu, "x2")->value_reference;
  parameter = _hyco_fmu_find_variable (d->fmu, "substep");
  if (set_float64 (d->c, &parameter->value_reference, 1, &substep, 1) > fmi3Warning
      || enter (d->c, fmi3False, 0, 0, fmi3False, 0) > fmi3Warning
      || exit_initialization (d->c) > fmi3Warning)
    fail ("initialize", NULL);
}

static double
direct3_plain (guint64 steps, double *last)
{
  Direct3 d;
  gint64 start;
  double t = 0;
  fmi3Boolean event, terminate, early;
  fmi3Float64 reached;

  direct3_open (&d);
  start = g_get_monotonic_time ();
  for (guint64 k = 0; k < steps; k++)
    {
      if (d.do_step (d.c, t, STEP, fmi3True, &event, &terminate, &early, &reached) > fmi3Warning
          || d.get_float64 (d.c, d.outputs, 2, d.values, 2) > fmi3Warning)
        fail ("step", NULL);
      t = (double) (k + 1) * STEP;
    }
  *last = d.values[0];
  start = g_get_monotonic_time () - start;
  d.instance->ops->terminate (d.instance->handle);
  d.instance->ops->free (d.instance);
  g_module_close (d.library);
  _hyco_fmu_unref (d.fmu);
  return (double) start / 1e6;
}

/* The floor of an isolated call: a bare round trip of small messages over a socket pair
 * to a child process, on this machine, now (a busy machine's scheduler sets it). */
static double
socket_round_trip (guint64 trips)
{
  char buffer[64] = { 0 };
  int pair[2];
  pid_t child;
  gint64 start;

  if (socketpair (AF_UNIX, SOCK_STREAM, 0, pair) != 0)
    fail ("socketpair", NULL);
  child = fork ();
  if (child == 0)
    {
      close (pair[0]);
      while (read (pair[1], buffer, 64) == 64)
        if (write (pair[1], buffer, 48) != 48)
          break;
      _exit (0);
    }
  close (pair[1]);
  start = g_get_monotonic_time ();
  for (guint64 k = 0; k < trips; k++)
    if (write (pair[0], buffer, 64) != 64 || read (pair[0], buffer, 48) != 48)
      fail ("round trip", NULL);
  start = g_get_monotonic_time () - start;
  close (pair[0]);
  waitpid (child, NULL, 0);
  return (double) start * 1e3 / (double) trips; /* ns */
}

/* The same floor through a shared page's slots, as the isolated FMU's messages go: the same
 * futex wake-ups and adaptive spin (hyco-fmu-protocol.h). */
static double
slot_round_trip (guint64 trips)
{
  HycoFmuRemoteShared *shared = mmap (NULL, sizeof *shared, PROT_READ | PROT_WRITE,
                                      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  gint64 spin = HYCO_FMU_REMOTE_SPIN_MIN;
  gint replies = 0;
  pid_t child;
  gint64 start;

  if (shared == MAP_FAILED)
    fail ("mmap", NULL);
  child = fork ();
  if (child == 0)
    {
      gint requests = 0;
      for (;;)
        {
          while (!hyco_fmu_remote_wait (&shared->request_sequence, requests,
                                        &shared->host_waiting, G_USEC_PER_SEC, &spin))
            ;
          requests = g_atomic_int_get (&shared->request_sequence);
          if (g_atomic_int_get (&shared->closing))
            _exit (0);
          memcpy (shared->reply, shared->request, 48);
          shared->reply_size = 48;
          hyco_fmu_remote_post (&shared->reply_sequence, &shared->actor_waiting);
        }
    }
  start = g_get_monotonic_time ();
  for (guint64 k = 0; k < trips; k++)
    {
      memset (shared->request, (int) (k & 0xff), 64);
      shared->request_size = 64;
      hyco_fmu_remote_post (&shared->request_sequence, &shared->host_waiting);
      while (!hyco_fmu_remote_wait (&shared->reply_sequence, replies, &shared->actor_waiting,
                                    G_USEC_PER_SEC, &spin))
        ;
      replies = g_atomic_int_get (&shared->reply_sequence);
    }
  start = g_get_monotonic_time () - start;
  g_atomic_int_set (&shared->closing, 1);
  hyco_fmu_remote_post (&shared->request_sequence, &shared->host_waiting);
  waitpid (child, NULL, 0);
  munmap (shared, sizeof *shared);
  return (double) start * 1e3 / (double) trips; /* ns */
}

static double through_hyco_isolated (const char *fmu_path, guint64 steps, gboolean rollback,
                                     const char *isolation, double *last, guint64 *firings);

/* As direct_plain(), through the instance interface of an instance in this process or
 * (@isolated) in a host process, its messages through the shared page or (@socket) over the
 * socket: what a step's round trip to the host costs. */
static double
instance_plain (const char *path, guint64 steps, gboolean isolated, gboolean socket, double *last,
                double *round_trips)
{
  GError *error = NULL;
  g_autoptr (HycoFmu) fmu = _hyco_fmu_open (path, &error);
  gboolean fmi3 = g_str_equal (path, FMU3_PATH);
  const HycoFmuVariable *parameter;
  HycoFmuInstance *instance;
  const HycoFmuInstanceOps *ops;
  HycoFmuValueReference outputs[16];
  double values[16];
  guint n_outputs = 0;
  gint64 start;
  guint64 trips;
  double t = 0;

  if (fmu == NULL)
    fail ("open", error);
  for (guint i = 0; i < fmu->description->variables->len && n_outputs < 16; i++)
    {
      const HycoFmuVariable *v = fmu->description->variables->pdata[i];
      if (v->causality == HYCO_FMU_CAUSALITY_OUTPUT && v->type == HYCO_FMU_TYPE_REAL)
        outputs[n_outputs++] = v->value_reference;
    }
  if (socket)
    g_setenv ("HYCO_FMU_TRANSPORT", "socket", TRUE);
  instance = isolated ? _hyco_fmu_remote_instantiate (fmu, "instance", FALSE, FALSE, FALSE, 60,
                                                      &error)
             : fmi3   ? _hyco_fmu_instantiate_with_events (fmu, "instance", FALSE, FALSE, FALSE,
                                                          &error)
                      : _hyco_fmu_instantiate (fmu, "instance", FALSE, &error);
  g_unsetenv ("HYCO_FMU_TRANSPORT");
  if (instance == NULL)
    fail ("instantiate", error);
  ops = instance->ops;
  parameter = _hyco_fmu_find_variable (fmu, "substep");
  if (ops->setup_experiment (instance->handle, FALSE, 0, 0, FALSE, 0) > HYCO_FMU_STATUS_WARNING
      || (fmi3 ? ops->set_values (instance->handle, HYCO_FMU_TYPE_REAL,
                                  &parameter->value_reference, 1, &substep, 1)
               : ops->set_real (instance->handle, &parameter->value_reference, 1, &substep))
           > HYCO_FMU_STATUS_WARNING
      || ops->enter_initialization_mode (instance->handle) > HYCO_FMU_STATUS_WARNING
      || ops->exit_initialization_mode (instance->handle) > HYCO_FMU_STATUS_WARNING)
    fail ("initialize", NULL);
  trips = isolated ? _hyco_fmu_remote_get_round_trips (instance) : 0;
  start = g_get_monotonic_time ();
  for (guint64 k = 0; k < steps; k++)
    {
      if (fmi3)
        {
          /* As the FMU actor makes them: fmi3DoStep, then fmi3GetFloat64 for each output. */
          gboolean event, terminate, early;
          double reached;
          if (ops->do_event_step (instance->handle, t, STEP, TRUE, &event, &terminate, &early,
                                  &reached)
              > HYCO_FMU_STATUS_WARNING)
            fail ("step", NULL);
          for (guint i = 0; i < n_outputs; i++)
            if (ops->get_values (instance->handle, HYCO_FMU_TYPE_REAL, &outputs[i], 1, &values[i],
                                 1)
                > HYCO_FMU_STATUS_WARNING)
              fail ("get", NULL);
        }
      else if (ops->do_step (instance->handle, t, STEP, TRUE) > HYCO_FMU_STATUS_WARNING
               || ops->get_real (instance->handle, outputs, n_outputs, values)
                    > HYCO_FMU_STATUS_WARNING)
        fail ("step", NULL);
      t = (double) (k + 1) * STEP;
    }
  start = g_get_monotonic_time () - start;
  if (round_trips != NULL)
    *round_trips = isolated ? (double) (_hyco_fmu_remote_get_round_trips (instance) - trips)
                                / (double) steps
                            : 0;
  *last = values[0];
  ops->terminate (instance->handle);
  ops->free (instance);
  return (double) start / 1e6;
}

static double
through_hyco (const char *fmu_path, guint64 steps, gboolean rollback, double *last,
              guint64 *firings)
{
  return through_hyco_isolated (fmu_path, steps, rollback, "none", last, firings);
}

static double
through_hyco_isolated (const char *fmu_path, guint64 steps, gboolean rollback,
                       const char *isolation, double *last, guint64 *firings)
{
  g_autofree char *stop = g_strdup_printf ("%g", (double) steps * STEP);
  g_autofree char *path = g_canonicalize_filename (fmu_path, NULL);
  g_autofree char *text = g_strdup_printf (
    "<entity name=\"bench\" class=\"CompositeActor\">"
    "<property name=\"d\" class=\"%s\"><property name=\"stopTime\" value=\"%s\"/>%s</property>"
    "<entity name=\"FMU\" class=\"FMUImport\"><property name=\"fmuFile\" value=\"%s\"/>%s"
    "<property name=\"substep\" value=\"%g\"/><property name=\"isolation\" value=\"%s\"/>"
    "</entity></entity>",
    rollback ? "ContinuousDirector" : "DEDirector", stop,
    rollback ? "<property name=\"ODESolver\" value=\"ExplicitRK23Solver\"/>"
               "<property name=\"initStepSize\" value=\"0.001\"/>"
               "<property name=\"maxStepSize\" value=\"0.001\"/>"
             : "",
    path, rollback ? "" : "<property name=\"communicationStepSize\" value=\"0.001\"/>", substep,
    isolation);
  GError *error = NULL;
  g_autoptr (HycoModel) model = hyco_model_new_from_data (text, -1, "bench.xml", &error);
  HycoActor *fmu;
  HycoPort *output = NULL;
  g_autoptr (GPtrArray) ports = NULL;
  gint64 start;

  if (model == NULL)
    fail ("model", error);
  fmu = hyco_composite_actor_get_actor (hyco_model_get_toplevel (model), "FMU");
  ports = hyco_actor_get_ports (fmu);
  for (guint i = 0; i < ports->len && output == NULL; i++)
    if (hyco_port_is_output (ports->pdata[i]))
      output = ports->pdata[i];
  if (!hyco_model_prepare (model, &error))
    fail ("prepare", error);
  start = g_get_monotonic_time ();
  if (!hyco_model_run (model, NULL, &error))
    fail ("run", error);
  start = g_get_monotonic_time () - start;
  *firings = hyco_director_get_firing_count (
    hyco_composite_actor_get_director (hyco_model_get_toplevel (model)));
  /* The output's last value (its status expired with the run's last tag). */
  *last = output && output->n_signals > 0 ? hyco_value_get_double (&output->signals[0].value) : NAN;
  return (double) start / 1e6;
}

int
main (int argc, char **argv)
{
  guint64 steps = argc > 1 ? g_ascii_strtoull (argv[1], NULL, 10) : 1000000;

  if (!g_file_test (FMU_PATH, G_FILE_TEST_EXISTS) || !g_file_test (FMU3_PATH, G_FILE_TEST_EXISTS))
    {
      fprintf (stderr, "bench-fmu: %s or %s not found: build first, run from the source root\n",
               FMU_PATH, FMU3_PATH);
      return 1;
    }
  hyco_init ();
  for (int work = 0; work <= 1; work++)
    for (int rollback = 0; rollback <= 1; rollback++)
      if (argc <= 2 || g_str_equal (argv[2], rollback ? "rollback" : "plain"))
        {
          double hyco_last, direct_last;
          guint64 firings = 0;
          double direct = G_MAXDOUBLE, hyco = G_MAXDOUBLE;

          substep = work ? STEP / 10 : STEP;
          /* The fastest of a few runs, Hyco's and the loop's in turn: both measured against the
           * same state of a noisy machine. */
          for (int r = 0; r < REPEATS; r++)
            {
              direct = fmin (direct, rollback ? direct_rollback (steps, &direct_last)
                                              : direct_plain (steps, &direct_last));
              hyco = fmin (hyco, through_hyco (FMU_PATH, steps, rollback, &hyco_last, &firings));
            }
          printf ("%s, %" G_GUINT64_FORMAT " steps of %g s, %s\n",
                  rollback ? "with rollback on every step (continuous director, 3 stages)"
                           : "without rollback (DE director)",
                  steps, STEP,
                  work ? "10 internal RK4 steps per step"
                       : "1 internal RK4 step per step (overhead)");
          printf ("  hyco    %.3f s: %.3g steps/s, %" G_GUINT64_FORMAT " firings, x1 %.8g\n", hyco,
                  (double) steps / hyco, firings, hyco_last);
          printf ("  direct  %.3f s: %.3g steps/s, x1 %.8g\n", direct, (double) steps / direct,
                  direct_last);
          printf ("  ratio   %.2f x the direct loop's wall time%s\n", hyco / direct,
                  rollback ? "" : " (goal: 1.5)");
          /* What Hyco adds, whatever the FMU costs: the ratio for an FMU whose step takes
           * longer follows from it. */
          printf ("  added   %.0f ns per step\n", (hyco - direct) / (double) steps * 1e9);
          /* (c + a) / c <= 1.5 where the FMU's step c is at least twice what Hyco adds, a. */
          if (!rollback)
            printf (
              "  goal    met by an FMU whose step takes %.0f ns or more (this one: %.0f ns)\n",
              2 * (hyco - direct) / (double) steps * 1e9, direct / (double) steps * 1e9);
        }
  /* Isolation: a host process against the hyco process, in the same run; fewer steps, as
   * each costs a round trip or more. */
  if (argc <= 2 || g_str_equal (argv[2], "isolation"))
    {
      guint64 isolated_steps = MAX (steps / 10, 1);
      double in_process = G_MAXDOUBLE, isolated = G_MAXDOUBLE, over_socket = G_MAXDOUBLE, last,
             last_isolated, last_socket;
      double slot_floor = G_MAXDOUBLE, socket_floor = G_MAXDOUBLE;
      double in_process3 = G_MAXDOUBLE, isolated3 = G_MAXDOUBLE, last3, last_isolated3;
      double trips = 0, trips3 = 0;
      guint64 firings = 0;

      substep = STEP;
      /* In turn, each the fastest of a few: all measured against the same state of a noisy
       * machine. */
      for (int r = 0; r < REPEATS; r++)
        {
          in_process = fmin (in_process,
                             instance_plain (FMU_PATH, isolated_steps, FALSE, FALSE, &last, NULL));
          isolated = fmin (isolated, instance_plain (FMU_PATH, isolated_steps, TRUE, FALSE,
                                                     &last_isolated, &trips));
          over_socket = fmin (
            over_socket, instance_plain (FMU_PATH, isolated_steps, TRUE, TRUE, &last_socket, NULL));
          in_process3 = fmin (
            in_process3, instance_plain (FMU3_PATH, isolated_steps, FALSE, FALSE, &last3, NULL));
          isolated3 = fmin (isolated3, instance_plain (FMU3_PATH, isolated_steps, TRUE, FALSE,
                                                       &last_isolated3, &trips3));
          slot_floor = fmin (slot_floor, slot_round_trip (isolated_steps));
          socket_floor = fmin (socket_floor, socket_round_trip (isolated_steps));
        }
      printf ("Isolation, %" G_GUINT64_FORMAT " steps of %g s, 1 internal RK4 step per step\n",
              isolated_steps, STEP);
      printf ("  calls    fmi2DoStep + fmi2GetReal: in process %.0f ns per step, isolated %.0f "
              "ns (x %.1f), over the socket alone %.0f ns (x %.1f), x1 %.8g, %.8g and %.8g\n",
              in_process / (double) isolated_steps * 1e9, isolated / (double) isolated_steps * 1e9,
              isolated / in_process, over_socket / (double) isolated_steps * 1e9,
              over_socket / in_process, last, last_isolated, last_socket);
      printf ("  round trip %.0f ns per step added by the host process (goal: under 5000); "
              "over the socket alone %.0f ns; %.2f round trips per step\n",
              (isolated - in_process) / (double) isolated_steps * 1e9,
              (over_socket - in_process) / (double) isolated_steps * 1e9, trips);
      printf ("  calls    fmi3DoStep + fmi3GetFloat64 per output: in process %.0f ns per step, "
              "isolated %.0f ns (x %.1f), %.2f round trips per step, x1 %.8g and %.8g\n",
              in_process3 / (double) isolated_steps * 1e9,
              isolated3 / (double) isolated_steps * 1e9, isolated3 / in_process3, trips3, last3,
              last_isolated3);
      printf ("  floor    a bare round trip to a child process here, now: %.0f ns through a "
              "shared page (futex, adaptive spin), %.0f ns over a socket (the step above makes "
              "2)\n",
              slot_floor, socket_floor);
      for (int rollback = 0; rollback <= 2; rollback++)
        {
          /* 2: FMI 3.0, without rollback. */
          const char *path = rollback == 2 ? FMU3_PATH : FMU_PATH;
          in_process = isolated = G_MAXDOUBLE;
          for (int r = 0; r < REPEATS; r++)
            {
              in_process
                = fmin (in_process, through_hyco_isolated (path, isolated_steps, rollback == 1,
                                                           "none", &last, &firings));
              isolated
                = fmin (isolated, through_hyco_isolated (path, isolated_steps, rollback == 1,
                                                         "process", &last_isolated, &firings));
            }
          printf ("  hyco %s: isolation=none %.0f ns per step, process %.0f ns (x %.1f), x1 "
                  "%.8g and %.8g\n",
                  rollback == 2   ? "FMI 3.0 without rollback"
                  : rollback == 1 ? "with rollback (3 stages)"
                                  : "without rollback",
                  in_process / (double) isolated_steps * 1e9,
                  isolated / (double) isolated_steps * 1e9, isolated / in_process, last,
                  last_isolated);
        }
    }
  /* FMI 3.0, without rollback: what Hyco adds per step next to the FMI 2.0 figure above. */
  for (int work = 0; work <= 1; work++)
    if (argc <= 2 || g_str_equal (argv[2], "fmi3"))
      {
        double hyco_last, direct_last;
        guint64 firings = 0;
        double direct = G_MAXDOUBLE, hyco = G_MAXDOUBLE, direct2 = G_MAXDOUBLE, hyco2 = G_MAXDOUBLE,
               last2;

        substep = work ? STEP / 10 : STEP;
        for (int r = 0; r < REPEATS; r++)
          {
            direct = fmin (direct, direct3_plain (steps, &direct_last));
            hyco = fmin (hyco, through_hyco (FMU3_PATH, steps, FALSE, &hyco_last, &firings));
            direct2 = fmin (direct2, direct_plain (steps, &last2));
            hyco2 = fmin (hyco2, through_hyco (FMU_PATH, steps, FALSE, &last2, &firings));
          }
        printf (
          "FMI 3.0, without rollback (DE director), %" G_GUINT64_FORMAT " steps of %g s, %s\n",
          steps, STEP,
          work ? "10 internal RK4 steps per step" : "1 internal RK4 step per step (overhead)");
        printf ("  hyco    %.3f s: %.3g steps/s, x1 %.8g\n", hyco, (double) steps / hyco,
                hyco_last);
        printf ("  direct  %.3f s: %.3g steps/s, x1 %.8g\n", direct, (double) steps / direct,
                direct_last);
        printf ("  ratio   %.2f x the direct loop's wall time\n", hyco / direct);
        printf ("  added   %.0f ns per step (FMI 2.0, measured alongside: %.0f ns; goal: no "
                "more)\n",
                (hyco - direct) / (double) steps * 1e9, (hyco2 - direct2) / (double) steps * 1e9);
      }
  return 0;
}
