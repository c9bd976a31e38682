/* hyco-continuous-director-private.h: the continuous director's instance, for the subclass
 * with Ptolemy II's numerics. Internal.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "hyco-directors.h"
#include "hyco-director-private.h"
#include "hyco-model-private.h"
#include "hyco-cvode.h"
#include "hyco-stage-program.h"

G_BEGIN_DECLS

/* A Runge-Kutta tableau (hyco-continuous-director.c defines them). */
typedef struct _HycoTableau Tableau;

typedef enum
{
  PHASE_DISCRETE, /* fire at a tag with the states held: start, microsteps */
  PHASE_STEP,     /* integrate from the committed time to a new one */
} Phase;

struct _HycoContinuousDirector
{
  HycoDirector parent_instance;

  /* Parameters. */
  char *solver_name;
  double relative_tolerance;
  double absolute_tolerance;
  double error_tolerance; /* Ptolemy II's: an absolute bound, used when positive */
  double rtol, atol;      /* the tolerances the solver uses, from those, at preinitialize */
  int max_iterations;
  double value_resolution;
  double min_step_size;
  double run_ahead_length;
  gboolean synchronize_to_real_time;
  char *initial_step_literal;
  char *max_step_literal;
  char *linear_solver_name;
  int cvode_linear_solver; /* HycoCvodeLinearSolver, from linear_solver_name at preinitialize */

  /* Run. */
  const Tableau *tableau;
  gint64 initial_step, max_step;
  HycoTagQueue queue;
  GPtrArray *states; /* HycoContinuousState actors, unowned (the schedule owns them) */
  HycoContinuousStateInterface **state_ifaces; /* theirs, called directly at every stage */
  GPtrArray *controllers;                      /* HycoStepSizeControl actors */
  guint n;        /* states, in all */
  gboolean multi; /* some actor has several states (get_n_states): the array forms, at the
                   * offsets below, instead of one state per actor */
  guint *offsets; /* where each actor's states start in x, when multi */
  double *atol_scaled; /* each state's absolute tolerance: atol times its nominal */
  double *x;     /* committed states */
  double *k;     /* stage derivatives, stages x n; k[0] at the committed states */
  double *x_new; /* the step's result */
  double *scratch;
  Phase phase;
  gboolean started;
  gboolean settle;       /* discrete events happened at this microstep: fire one more, where they
                          * are absent again, to get the final values the solver restarts from */
  gint64 committed_time; /* model time of the committed states */
  gint64 stop_time;      /* the top level's: a nested director has none of its own */
  gboolean nested;       /* inside a composite: steps are driven by the container's tags */
  gboolean embedded;     /* inside a continuous director, whose solver integrates our states */
  guint64 committed_microstep;
  double *x_end;     /* a nested step's result, while the final firing runs */
  gint64 planned_end; /* nested, with CVODE: the time of the step computed ahead, whose states
                       * are in x_end and where CVODE stands; -1 when none */
  gint64 step;       /* the step size to try next, in ticks */
  double last_error; /* the accepted step's error ratio, for the next step size */
  guint64 steps, rejected;
  HycoModelCounter *steps_counter, *rollbacks_counter; /* the model's statistics */
  HycoModelCounter *compiled_counter; /* stages computed by a stage program, not firing */
  HycoCvode *cvode;                   /* the stiff backend, when chosen */
  gboolean cvode_stale;    /* states changed outside CVODE (a discontinuity): restart it */
  gboolean states_changed; /* a modal model inside switched mode: collect the states again */
  gboolean compile_stages;
  HycoStageProgram *program; /* the stages without firing, when the model allows it */
  gboolean program_stale;    /* states or an actor's parameters changed: build it again */
  gboolean published;        /* the last run of the schedule had the program's values written */

  /* Ptolemy II's numerics (#HycoPtolemyContinuousDirector), set at construction. */
  gboolean ptolemy;
  gboolean own_states;    /* some states are of actors in this director's schedule, not inside
                           * a composite in it */
  gboolean at_breakpoint; /* a step ended where a request or the stop time is: Ptolemy II
                           * follows it with a zero-size step at the next microstep */
};


G_END_DECLS
