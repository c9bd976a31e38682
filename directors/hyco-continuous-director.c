/* hyco-continuous-director.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-directors.h"
#include "hyco-director-private.h"
#include "hyco-model-private.h"
#include "hyco-param-private.h"
#include "hyco-cvode.h"
#include "hyco-stage-program.h"
#include "hyco-continuous-director-private.h"

#include <math.h>

/**
 * HycoContinuousDirector:
 *
 * Continuous-time semantics over superdense time: a variable-step explicit Runge-Kutta solver
 * (Bogacki-Shampine 2(3) or Dormand-Prince 4(5), both first-same-as-last) or CVODE's BDF
 * integrates the states of the actors implementing #HycoContinuousState, and meets discrete
 * events exactly.
 *
 * Each solver stage fires the whole model (every actor, to the fixed point, as SR does) at the
 * stage's time with tentative states; nothing commits until a step is accepted, so a rejected
 * or refined step leaves no trace. A step is accepted when the solver's error estimate is
 * within the tolerances and every #HycoStepSizeControl actor (a zero-crossing detector) finds
 * it accurate; otherwise it is retried with the smallest refined size proposed. Steps never
 * pass a fire_at request (a breakpoint) or the stop time. The accepted step's end is the tag
 * (t, 0); then, as long as requests remain at t, the model is fired at (t, 1), (t, 2), ... with
 * the states held, so a discontinuity shows as different values at one time and successive
 * microsteps, bounded by maxMicrosteps. Integration restarts from the final values.
 *
 * Unless everything the derivatives depend on declares its function (#HycoStageFunction):
 * then the stages inside a step are evaluated from those functions without firing anything,
 * and at the step's end those actors' outputs are written rather than fired, the other actors
 * fired: the same doubles and events, a fraction of the cost (`compileStages`).
 *
 * After a microstep where discrete events happened, one more microstep is fired where they are
 * absent again, and integration restarts from its values: a model's final values at a time are
 * those of a firing without events (composition test 4.3 relies on it). A model from Ptolemy II
 * gets #HycoPtolemyContinuousDirector instead, this engine with Ptolemy II's step-size rules,
 * Cash-Karp for ExplicitRK45Solver and no such microstep, whose class documentation lists
 * every difference.
 */

struct _HycoTableau
{
  const char *name;
  guint stages;
  guint order; /* of the error estimate's lower method, for step-size control */
  const double *c;
  const double *a; /* stages x stages, row-major, lower triangle */
  const double *b;
  const double *b_low;
};

static const double bs_c[] = { 0, 1.0 / 2, 3.0 / 4, 1 };
static const double bs_a[] = {
  0,       0,       0,       0, /* */
  1.0 / 2, 0,       0,       0, /* */
  0,       3.0 / 4, 0,       0, /* */
  2.0 / 9, 1.0 / 3, 4.0 / 9, 0,
};
static const double bs_b[] = { 2.0 / 9, 1.0 / 3, 4.0 / 9, 0 };
static const double bs_b_low[] = { 7.0 / 24, 1.0 / 4, 1.0 / 3, 1.0 / 8 };

static const double dp_c[] = { 0, 1.0 / 5, 3.0 / 10, 4.0 / 5, 8.0 / 9, 1, 1 };
static const double dp_a[] = {
  0,
  0,
  0,
  0,
  0,
  0,
  0, /* */
  1.0 / 5,
  0,
  0,
  0,
  0,
  0,
  0, /* */
  3.0 / 40,
  9.0 / 40,
  0,
  0,
  0,
  0,
  0, /* */
  44.0 / 45,
  -56.0 / 15,
  32.0 / 9,
  0,
  0,
  0,
  0, /* */
  19372.0 / 6561,
  -25360.0 / 2187,
  64448.0 / 6561,
  -212.0 / 729,
  0,
  0,
  0, /* */
  9017.0 / 3168,
  -355.0 / 33,
  46732.0 / 5247,
  49.0 / 176,
  -5103.0 / 18656,
  0,
  0, /* */
  35.0 / 384,
  0,
  500.0 / 1113,
  125.0 / 192,
  -2187.0 / 6784,
  11.0 / 84,
  0,
};
static const double dp_b[]
  = { 35.0 / 384, 0, 500.0 / 1113, 125.0 / 192, -2187.0 / 6784, 11.0 / 84, 0 };
static const double dp_b_low[]
  = { 5179.0 / 57600, 0, 7571.0 / 16695, 393.0 / 640, -92097.0 / 339200, 187.0 / 2100, 1.0 / 40 };

/* Cash-Karp 4(5), Ptolemy II's ExplicitRK45Solver: six stages at 0, 1/5, 3/10, 3/5, 1 and 7/8
 * of the step, the fifth-order weights as the solution, and a seventh stage at the step's end
 * with zero weights (the derivatives the next step starts from). */
static const double ck_c[] = { 0, 1.0 / 5, 3.0 / 10, 3.0 / 5, 1, 7.0 / 8, 1 };
static const double ck_a[] = {
  0,                0,             0,               0,                  0,            0,              0, /* */
  1.0 / 5,          0,             0,               0,                  0,            0,              0, /* */
  3.0 / 40,         9.0 / 40,      0,               0,                  0,            0,              0, /* */
  3.0 / 10,         -9.0 / 10,     6.0 / 5,         0,                  0,            0,              0, /* */
  -11.0 / 54,       5.0 / 2,       -70.0 / 27,      35.0 / 27,          0,            0,              0, /* */
  1631.0 / 55296,   175.0 / 512,   575.0 / 13824,   44275.0 / 110592,   253.0 / 4096, 0,              0, /* */
  37.0 / 378,       0,             250.0 / 621,     125.0 / 594,        0,            512.0 / 1771,   0,
};
static const double ck_b[] = { 37.0 / 378, 0, 250.0 / 621, 125.0 / 594, 0, 512.0 / 1771, 0 };
static const double ck_b_low[]
  = { 2825.0 / 27648, 0, 18575.0 / 48384, 13525.0 / 55296, 277.0 / 14336, 1.0 / 4, 0 };

static const Tableau bogacki_shampine = { "ExplicitRK23Solver", 4, 2, bs_c, bs_a, bs_b, bs_b_low };
/* CVODE steps itself: one "stage", the step's end. */
static const Tableau cvode_steps = { "CVODE", 1, 4, NULL, NULL, NULL, NULL };
/* CVODE with no state to integrate (a model of time-dependent actors only): nothing for CVODE
 * to do, so the model is fired at each step's end, as by a one-stage method. */
static const double end_c[] = { 0, 1 };
static const double end_a[] = { 0, 0, 0, 0 };
static const double end_b[] = { 0, 0 };
static const Tableau stateless_steps = { "CVODE", 2, 4, end_c, end_a, end_b, end_b };
static const Tableau dormand_prince = { "ExplicitRK45Solver", 7, 4, dp_c, dp_a, dp_b, dp_b_low };
static const Tableau cash_karp = { "ExplicitRK45Solver", 7, 4, ck_c, ck_a, ck_b, ck_b_low };

static void hyco_continuous_director_stateful_init (HycoContinuousStatefulDirectorInterface *iface);

G_DEFINE_TYPE_WITH_CODE (HycoContinuousDirector, hyco_continuous_director, HYCO_TYPE_DIRECTOR,
                               G_IMPLEMENT_INTERFACE (HYCO_TYPE_CONTINUOUS_STATEFUL_DIRECTOR,
                                                      hyco_continuous_director_stateful_init))

enum
{
  PROP_0,
  PROP_SOLVER,
  PROP_RELATIVE_TOLERANCE,
  PROP_ABSOLUTE_TOLERANCE,
  PROP_INITIAL_STEP,
  PROP_MAX_STEP,
  PROP_COMPILE_STAGES,
  PROP_ERROR_TOLERANCE,
  PROP_MAX_ITERATIONS,
  PROP_VALUE_RESOLUTION,
  PROP_MIN_STEP_SIZE,
  PROP_RUN_AHEAD_LENGTH,
  PROP_SYNCHRONIZE_TO_REAL_TIME,
  PROP_LINEAR_SOLVER,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static gboolean cvode_rhs (gpointer user_data, double t, const double *y, double *ydot,
                           GError **error);

static void
free_run_arrays (HycoContinuousDirector *self)
{
  g_clear_pointer (&self->program, _hyco_stage_program_free);
  g_clear_pointer (&self->cvode, _hyco_cvode_free);
  g_clear_pointer (&self->states, g_ptr_array_unref);
  g_clear_pointer (&self->controllers, g_ptr_array_unref);
  g_clear_pointer (&self->x, g_free);
  g_clear_pointer (&self->k, g_free);
  g_clear_pointer (&self->x_new, g_free);
  g_clear_pointer (&self->scratch, g_free);
  g_clear_pointer (&self->x_end, g_free);
  g_clear_pointer (&self->state_ifaces, g_free);
  g_clear_pointer (&self->offsets, g_free);
  g_clear_pointer (&self->atol_scaled, g_free);
}

static void
hyco_continuous_director_finalize (GObject *object)
{
  HycoContinuousDirector *self = HYCO_CONTINUOUS_DIRECTOR (object);

  free_run_arrays (self);
  _hyco_tag_queue_destroy (&self->queue);
  g_free (self->solver_name);
  g_free (self->linear_solver_name);
  g_free (self->initial_step_literal);
  g_free (self->max_step_literal);
  G_OBJECT_CLASS (hyco_continuous_director_parent_class)->finalize (object);
}

static void
hyco_continuous_director_get_property (GObject *object, guint prop_id, GValue *value,
                                       GParamSpec *pspec)
{
  HycoContinuousDirector *self = HYCO_CONTINUOUS_DIRECTOR (object);

  switch (prop_id)
    {
    case PROP_SOLVER:
      g_value_set_string (value, self->solver_name);
      break;
    case PROP_LINEAR_SOLVER:
      g_value_set_string (value, self->linear_solver_name);
      break;
    case PROP_RELATIVE_TOLERANCE:
      g_value_set_double (value, self->relative_tolerance);
      break;
    case PROP_ABSOLUTE_TOLERANCE:
      g_value_set_double (value, self->absolute_tolerance);
      break;
    case PROP_INITIAL_STEP:
      g_value_set_string (value, self->initial_step_literal);
      break;
    case PROP_MAX_STEP:
      g_value_set_string (value, self->max_step_literal);
      break;
    case PROP_COMPILE_STAGES:
      g_value_set_boolean (value, self->compile_stages);
      break;
    case PROP_ERROR_TOLERANCE:
      g_value_set_double (value, self->error_tolerance);
      break;
    case PROP_MAX_ITERATIONS:
      g_value_set_int (value, self->max_iterations);
      break;
    case PROP_VALUE_RESOLUTION:
      g_value_set_double (value, self->value_resolution);
      break;
    case PROP_MIN_STEP_SIZE:
      g_value_set_double (value, self->min_step_size);
      break;
    case PROP_RUN_AHEAD_LENGTH:
      g_value_set_double (value, self->run_ahead_length);
      break;
    case PROP_SYNCHRONIZE_TO_REAL_TIME:
      g_value_set_boolean (value, self->synchronize_to_real_time);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
set_string (char **field, const GValue *value, GParamSpec *pspec)
{
  const char *text = g_value_get_string (value);

  g_free (*field);
  *field = g_strdup (text ? text : G_PARAM_SPEC_STRING (pspec)->default_value);
}

static void
hyco_continuous_director_set_property (GObject *object, guint prop_id, const GValue *value,
                                       GParamSpec *pspec)
{
  HycoContinuousDirector *self = HYCO_CONTINUOUS_DIRECTOR (object);

  switch (prop_id)
    {
    case PROP_SOLVER:
      set_string (&self->solver_name, value, pspec);
      break;
    case PROP_LINEAR_SOLVER:
      set_string (&self->linear_solver_name, value, pspec);
      break;
    case PROP_RELATIVE_TOLERANCE:
      self->relative_tolerance = g_value_get_double (value);
      break;
    case PROP_ABSOLUTE_TOLERANCE:
      self->absolute_tolerance = g_value_get_double (value);
      break;
    case PROP_INITIAL_STEP:
      set_string (&self->initial_step_literal, value, pspec);
      break;
    case PROP_MAX_STEP:
      set_string (&self->max_step_literal, value, pspec);
      break;
    case PROP_COMPILE_STAGES:
      self->compile_stages = g_value_get_boolean (value);
      break;
    case PROP_ERROR_TOLERANCE:
      self->error_tolerance = g_value_get_double (value);
      break;
    case PROP_MAX_ITERATIONS:
      self->max_iterations = g_value_get_int (value);
      break;
    case PROP_VALUE_RESOLUTION:
      self->value_resolution = g_value_get_double (value);
      break;
    case PROP_MIN_STEP_SIZE:
      self->min_step_size = g_value_get_double (value);
      break;
    case PROP_RUN_AHEAD_LENGTH:
      self->run_ahead_length = g_value_get_double (value);
      break;
    case PROP_SYNCHRONIZE_TO_REAL_TIME:
      self->synchronize_to_real_time = g_value_get_boolean (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }
  g_object_notify_by_pspec (object, pspec);
}

static gboolean
parse_step (HycoDirector *director, const char *name, const char *literal, gint64 *ticks,
            GError **error)
{
  int resolution = _hyco_director_get_private (director)->resolution;
  g_autoptr (GError) local_error = NULL;

  if (!hyco_time_parse (literal, resolution, ticks, &local_error))
    {
      _hyco_set_parameter_error (director, error, name, local_error->message);
      return FALSE;
    }
  if (*ticks <= 0)
    {
      g_autofree char *message = g_strdup_printf ("\"%s\" must be greater than 0", literal);
      _hyco_set_parameter_error (director, error, name, message);
      return FALSE;
    }
  return TRUE;
}

static gboolean
hyco_continuous_director_preinitialize (HycoDirector *director, GError **error)
{
  HycoContinuousDirector *self = HYCO_CONTINUOUS_DIRECTOR (director);

  if (!HYCO_DIRECTOR_CLASS (hyco_continuous_director_parent_class)->preinitialize (director, error))
    return FALSE;
  if (g_str_equal (self->solver_name, "ExplicitRK23Solver")
      || g_str_equal (self->solver_name, "BogackiShampine"))
    self->tableau = &bogacki_shampine;
  else if (g_str_equal (self->solver_name, "ExplicitRK45Solver")
           || g_str_equal (self->solver_name, "DormandPrince"))
    self->tableau = self->ptolemy && !g_str_equal (self->solver_name, "DormandPrince")
                      ? &cash_karp
                      : &dormand_prince;
  else if (g_str_equal (self->solver_name, "CashKarp"))
    self->tableau = &cash_karp;
  else if (g_str_equal (self->solver_name, "CVODE") || g_str_equal (self->solver_name, "BDF"))
    self->tableau = &cvode_steps;
  else
    {
      g_autofree char *message
        = g_strdup_printf ("no solver named \"%s\": use ExplicitRK23Solver (Bogacki-Shampine), "
                           "ExplicitRK45Solver (Dormand-Prince, Cash-Karp in a model from "
                           "Ptolemy II), DormandPrince, CashKarp or CVODE (BDF, for stiff "
                           "models)",
                           self->solver_name);
      _hyco_set_parameter_error (director, error, "ODESolver", message);
      return FALSE;
    }
  if (g_str_equal (self->linear_solver_name, "auto"))
    self->cvode_linear_solver = HYCO_CVODE_LINEAR_SOLVER_AUTO;
  else if (g_str_equal (self->linear_solver_name, "dense"))
    self->cvode_linear_solver = HYCO_CVODE_LINEAR_SOLVER_DENSE;
  else if (g_str_equal (self->linear_solver_name, "band"))
    self->cvode_linear_solver = HYCO_CVODE_LINEAR_SOLVER_BAND;
  else
    {
      g_autofree char *message = g_strdup_printf (
        "no linear solver named \"%s\": use auto, dense or band", self->linear_solver_name);
      _hyco_set_parameter_error (director, error, "linearSolver", message);
      return FALSE;
    }
  if (!(self->relative_tolerance > 0) || !(self->absolute_tolerance >= 0))
    {
      _hyco_set_parameter_error (director, error, "relativeTolerance",
                                 "tolerances must be positive (relative) and non-negative "
                                 "(absolute)");
      return FALSE;
    }
  /* Ptolemy II's errorTolerance bounds each state's local error absolutely. */
  self->rtol = self->error_tolerance > 0 ? 0 : self->relative_tolerance;
  self->atol = self->error_tolerance > 0 ? self->error_tolerance : self->absolute_tolerance;
  if (!parse_step (director, "initStepSize", self->initial_step_literal, &self->initial_step, error)
      || !parse_step (director, "maxStepSize", self->max_step_literal, &self->max_step, error))
    return FALSE;
  self->nested = !hyco_director_is_top_level (director);
  self->embedded
    = self->nested && hyco_director_get_enclosing_continuous_director (director) != NULL;

  free_run_arrays (self);
  self->states = g_ptr_array_new ();
  self->controllers = g_ptr_array_new ();
  self->n = 0;
  return TRUE;
}

/* Adds what the solver integrates in @actor: its state, its vote on the step size, and those
 * of the actors the director inside lets it integrate (#HycoContinuousStatefulDirector: a
 * continuous director's, a modal model's active refinement). */
static void
collect_actor (HycoActor *actor, gpointer data)
{
  HycoContinuousDirector *self = data;
  HycoDirector *inner = HYCO_IS_COMPOSITE_ACTOR (actor)
                          ? hyco_composite_actor_get_director (HYCO_COMPOSITE_ACTOR (actor))
                          : NULL;

  if (HYCO_IS_CONTINUOUS_STATE (actor))
    g_ptr_array_add (self->states, actor);
  if (HYCO_IS_STEP_SIZE_CONTROL (actor))
    g_ptr_array_add (self->controllers, actor);
  if (HYCO_IS_CONTINUOUS_STATEFUL_DIRECTOR (inner))
    hyco_continuous_stateful_director_foreach_state_actor (
      HYCO_CONTINUOUS_STATEFUL_DIRECTOR (inner), collect_actor, self);
}

/* One solver for the whole continuous hierarchy: (re)collects the states it integrates and
 * sizes the solver's arrays; called at initialize and after a modal model switched mode. */
static gboolean
collect_states (HycoContinuousDirector *self, GError **error)
{
  HycoDirectorPrivate *priv = _hyco_director_get_private (HYCO_DIRECTOR (self));
  GPtrArray *actors = priv->schedule.actors;
  guint previous = self->n;

  g_ptr_array_set_size (self->states, 0);
  g_ptr_array_set_size (self->controllers, 0);
  self->program_stale = TRUE;
  for (guint i = 0; i < actors->len; i++)
    collect_actor (actors->pdata[i], self);
  self->states_changed = FALSE;
  self->own_states = FALSE;
  for (guint i = 0; i < actors->len; i++)
    self->own_states = self->own_states || HYCO_IS_CONTINUOUS_STATE (actors->pdata[i]);
  self->state_ifaces
    = g_renew (HycoContinuousStateInterface *, self->state_ifaces, MAX (self->states->len, 1));
  self->offsets = g_renew (guint, self->offsets, self->states->len + 1);
  self->multi = FALSE;
  self->n = 0;
  for (guint i = 0; i < self->states->len; i++)
    {
      HycoContinuousStateInterface *iface = HYCO_CONTINUOUS_STATE_GET_IFACE (self->states->pdata[i]);
      self->state_ifaces[i] = iface;
      self->offsets[i] = self->n;
      self->multi = self->multi || iface->get_n_states != NULL;
      self->n += iface->get_n_states ? iface->get_n_states (self->states->pdata[i]) : 1;
    }
  self->offsets[self->states->len] = self->n;
  /* Each state's absolute tolerance, scaled by its nominal (atol times 1 for the others: the
   * same double). */
  g_free (self->atol_scaled);
  self->atol_scaled = g_new (double, MAX (self->n, 1));
  for (guint i = 0; i < self->states->len; i++)
    {
      hyco_continuous_state_get_nominals (self->states->pdata[i],
                                          &self->atol_scaled[self->offsets[i]]);
      for (guint j = self->offsets[i]; j < self->offsets[i + 1]; j++)
        self->atol_scaled[j] = self->atol * fabs (self->atol_scaled[j]);
    }
  if (self->x != NULL && self->n == previous)
    {
      if (self->cvode == NULL)
        return TRUE;
      /* CVODE takes new tolerances at a restart (its weights are set up there). */
      self->cvode_stale = TRUE;
      return _hyco_cvode_set_tolerances (self->cvode, self->rtol, self->atol_scaled, error);
    }
  g_free (self->x);
  g_free (self->k);
  g_free (self->x_new);
  g_free (self->scratch);
  g_free (self->x_end);
  if (self->tableau == &cvode_steps && self->n == 0)
    self->tableau = &stateless_steps;
  self->x = g_new0 (double, MAX (self->n, 1));
  self->k = g_new0 (double, MAX (self->n * self->tableau->stages, 1));
  self->x_new = g_new0 (double, MAX (self->n, 1));
  self->scratch = g_new0 (double, MAX (self->n, 1));
  self->x_end = g_new0 (double, MAX (self->n, 1));
  g_clear_pointer (&self->cvode, _hyco_cvode_free);
  self->cvode_stale = TRUE;
  if (self->tableau == &cvode_steps && self->n > 0)
    {
      self->cvode = _hyco_cvode_new (self->n, self->rtol, self->atol_scaled,
                                     hyco_time_to_seconds (self->max_step, priv->resolution),
                                     hyco_time_to_seconds (self->initial_step, priv->resolution),
                                     self->cvode_linear_solver, cvode_rhs, self, error);
      if (self->cvode == NULL)
        return FALSE;
    }
  return TRUE;
}

/* Nested in another continuous director, the actors whose states that one's solver
 * integrates: all of them. */
static void
hyco_continuous_director_foreach_state_actor (HycoContinuousStatefulDirector *director,
                                              HycoActorFunc func, gpointer user_data)
{
  HycoContinuousDirector *self = HYCO_CONTINUOUS_DIRECTOR (director);
  GPtrArray *actors = _hyco_director_get_private (HYCO_DIRECTOR (self))->schedule.actors;

  if (!self->embedded)
    return;
  for (guint i = 0; i < actors->len; i++)
    func (actors->pdata[i], user_data);
}

/* A modal model inside switched mode: the solver that integrates the states inside, this one's
 * or the enclosing continuous director's, collects them again before it goes on. */
static void
hyco_continuous_director_states_changed (HycoContinuousStatefulDirector *director)
{
  HycoContinuousDirector *self = HYCO_CONTINUOUS_DIRECTOR (director);

  if (self->embedded)
    hyco_director_notify_states_changed (HYCO_DIRECTOR (self));
  else
    self->states_changed = TRUE;
}

/* Ptolemy II's director (HycoPtolemyContinuousDirector) has modal models inside locate their
 * guards as its HybridModalDirector does: as level crossings, to its errorTolerance. */
static double
hyco_continuous_director_guard_tolerance (HycoContinuousStatefulDirector *director)
{
  HycoContinuousDirector *self = HYCO_CONTINUOUS_DIRECTOR (director);

  return self->ptolemy ? self->error_tolerance : 0;
}

static void
hyco_continuous_director_stateful_init (HycoContinuousStatefulDirectorInterface *iface)
{
  iface->foreach_state_actor = hyco_continuous_director_foreach_state_actor;
  iface->states_changed = hyco_continuous_director_states_changed;
  iface->guard_tolerance = hyco_continuous_director_guard_tolerance;
}

/* With one state per actor (integrators), the one-state calls; with an actor of several,
 * each actor's array at its offset. */
static void
read_committed_states (HycoContinuousDirector *self)
{
  if (!self->multi)
    for (guint i = 0; i < self->n; i++)
      self->x[i] = self->state_ifaces[i]->get_state (self->states->pdata[i]);
  else
    for (guint i = 0; i < self->states->len; i++)
      hyco_continuous_state_get_states (self->states->pdata[i], &self->x[self->offsets[i]]);
}

static void
set_tentative_states (HycoContinuousDirector *self, const double *x)
{
  if (!self->multi)
    for (guint i = 0; i < self->n; i++)
      self->state_ifaces[i]->set_tentative_state (self->states->pdata[i], x[i]);
  else
    for (guint i = 0; i < self->states->len; i++)
      hyco_continuous_state_set_tentative_states (self->states->pdata[i], &x[self->offsets[i]]);
}

static void
read_derivatives (HycoContinuousDirector *self, double *k)
{
  if (!self->multi)
    for (guint i = 0; i < self->n; i++)
      k[i] = self->state_ifaces[i]->get_derivative (self->states->pdata[i]);
  else
    for (guint i = 0; i < self->states->len; i++)
      hyco_continuous_state_get_derivatives (self->states->pdata[i], &k[self->offsets[i]]);
}

/* Inside a composite: ask the container to fire it at exactly @tag. */
static gboolean
request_container (HycoContinuousDirector *self, HycoDirectorPrivate *priv, const HycoTag *tag,
                   GError **error)
{
  HycoTag granted;

  if (!hyco_actor_fire_at_tag (HYCO_ACTOR (priv->container), tag, &granted, error))
    return FALSE;
  if (!hyco_tag_equal (&granted, tag))
    {
      g_autofree char *asked = hyco_tag_to_string (tag, priv->resolution);
      g_autofree char *got = hyco_tag_to_string (&granted, priv->resolution);
      hyco_actor_set_error (HYCO_ACTOR (priv->container), error, HYCO_ACTOR_ERROR_TIME,
                            "the enclosing director granted %s instead of %s: a continuous "
                            "composite is fired at the exact tags of its integration steps, "
                            "which a periodic director outside does not give (put it in a DE "
                            "or continuous model, or inside a triggered SR composite)",
                            got, asked);
      return FALSE;
    }
  return TRUE;
}

static void
on_actor_changed (HycoContinuousDirector *self)
{
  self->program_stale = TRUE;
}

/* Whether a director outside is in the middle of a tag (a reset transition initializes this
 * one again): a request for now is then the next microstep, whatever this one prefers. */
static gboolean
container_tag_started (HycoDirectorPrivate *priv)
{
  for (HycoActor *actor = HYCO_ACTOR (priv->container); actor != NULL;
       actor = HYCO_ACTOR (hyco_actor_get_container (actor)))
    {
      HycoDirector *outside = hyco_actor_get_executive_director (actor);
      HycoTagQueue *queue = outside ? _hyco_director_get_private (outside)->queue : NULL;
      if (queue != NULL && queue->tag_started)
        return TRUE;
    }
  return FALSE;
}

static gboolean
hyco_continuous_director_initialize (HycoDirector *director, GError **error)
{
  HycoContinuousDirector *self = HYCO_CONTINUOUS_DIRECTOR (director);
  HycoDirectorPrivate *priv = _hyco_director_get_private (director);
  gboolean ok;

  _hyco_tag_queue_reset (&self->queue);
  self->steps = self->rejected = 0;
  self->started = FALSE;
  self->settle = FALSE;
  self->at_breakpoint = FALSE;
  self->committed_time = 0;
  self->committed_microstep = 0;
  self->step = self->initial_step;
  self->last_error = 0;
  /* Ptolemy II: a request for the start made while the actors initialize (Const and the other
   * sources that fire once) is for the first firing, not a microstep after it. */
  priv->requests_now_first = self->ptolemy && !container_tag_started (priv);
  ok = HYCO_DIRECTOR_CLASS (hyco_continuous_director_parent_class)->initialize (director, error);
  priv->requests_now_first = FALSE;
  if (!ok)
    return FALSE;
  if (priv->start_shift != 0)
    return hyco_director_reject_parameter (
      director, "startTime",
      "inside a composite a continuous director starts at the time of its container: leave "
      "startTime blank",
      error);
  /* Integration starts where the run starts (startTime) or where the container initialized
   * this director. */
  self->committed_time = priv->current.time;
  if (self->embedded)
    return TRUE;
  /* The stage program is built at the first step, and again when a parameter changes. */
  for (guint i = 0; i < priv->schedule.actors->len; i++)
    if (HYCO_IS_STAGE_FUNCTION (priv->schedule.actors->pdata[i]))
      {
        g_signal_handlers_disconnect_by_func (priv->schedule.actors->pdata[i], on_actor_changed,
                                              self);
        g_signal_connect_object (priv->schedule.actors->pdata[i], "notify",
                                 G_CALLBACK (on_actor_changed), self, G_CONNECT_SWAPPED);
      }
  /* After the actors' initialize: modal models inside know their initial mode. */
  g_clear_pointer (&self->x, g_free);
  if (!collect_states (self, error))
    return FALSE;
  read_committed_states (self);
  self->cvode_stale = TRUE;
  self->planned_end = -1;
  self->steps_counter = priv->model ? _hyco_model_get_counter (priv->model, "steps") : NULL;
  self->rollbacks_counter = priv->model ? _hyco_model_get_counter (priv->model, "rollbacks") : NULL;
  self->compiled_counter = priv->model ? _hyco_model_get_counter (priv->model, "compiled") : NULL;
  if (!self->nested)
    {
      self->stop_time = priv->stop_time;
      return TRUE;
    }
  {
    HycoActor *top = _hyco_actor_get_toplevel (HYCO_ACTOR (priv->container));
    HycoTag start = { priv->current.time, 0 };
    self->stop_time = hyco_director_get_stop_time (
      hyco_composite_actor_get_director (HYCO_COMPOSITE_ACTOR (top)));
    /* The signals at (start, 0) come from the initial states: ask to be fired then. */
    return request_container (self, priv, &start, error);
  }
}

/* Without a stop time, integration may reach the last tick of model time: a step beyond it
 * cannot be represented, so the run ends there with an error (with a stop time, steps end at
 * it, within the range). */
static gboolean
check_time_range (HycoContinuousDirector *self, HycoDirectorPrivate *priv, GError **error)
{
  g_autofree char *end = NULL;
  g_autofree char *resolution = NULL;

  if (self->committed_time < HYCO_TIME_INFINITY - 1)
    return TRUE;
  end = hyco_time_to_string (self->committed_time, priv->resolution);
  resolution = hyco_resolution_to_string (priv->resolution);
  g_set_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_TIME,
               "%s: integration cannot go on after %s s, the end of the range of model time at "
               "resolution %s s (give the run a stop time or a coarser timeResolution)",
               hyco_director_get_name (HYCO_DIRECTOR (self)), end, resolution);
  return FALSE;
}

static gboolean
hyco_continuous_director_prefire (HycoDirector *director, GError **error)
{
  HycoContinuousDirector *self = HYCO_CONTINUOUS_DIRECTOR (director);
  HycoDirectorPrivate *priv = _hyco_director_get_private (director);
  const HycoTag *request = _hyco_tag_queue_peek (&self->queue);

  if (self->embedded)
    {
      /* The enclosing continuous director steps; this one fires its contents at each of its
       * stages and tags. */
      HYCO_DIRECTOR_CLASS (hyco_continuous_director_parent_class)->prefire (director, error);
      _hyco_tag_queue_take (&self->queue, &priv->current);
      return TRUE;
    }
  if (self->nested)
    {
      /* The container decides the tag: a later time is a step to it, the same time another
       * microstep. */
      HYCO_DIRECTOR_CLASS (hyco_continuous_director_parent_class)->prefire (director, error);
      if (!_hyco_tag_queue_check_missed (&self->queue, director, error))
        return FALSE;
      _hyco_tag_queue_take (&self->queue, &priv->current);
      self->phase = !self->started || priv->current.time == self->committed_time ? PHASE_DISCRETE
                                                                                 : PHASE_STEP;
      return TRUE;
    }
  if (!self->started)
    {
      /* The first iteration computes the signals at (start, 0) from the initial states. */
      self->phase = PHASE_DISCRETE;
      priv->current.time = self->committed_time;
      priv->current.microstep = 0;
      _hyco_tag_queue_take (&self->queue, &priv->current);
      return TRUE;
    }
  if (self->at_breakpoint)
    {
      /* Ptolemy II: a step that ended at a breakpoint is followed by a zero-size step at the
       * next microstep, whether or not a request is for it. */
      HycoTag next = { priv->current.time, priv->current.microstep + 1 };
      self->at_breakpoint = FALSE;
      if (next.microstep > priv->max_microsteps)
        return _hyco_tag_queue_report_zeno (&self->queue, director, &next, error);
      self->phase = PHASE_DISCRETE;
      priv->current = next;
      _hyco_tag_queue_take (&self->queue, &priv->current);
      return TRUE;
    }
  if (self->settle && (request == NULL || request->time != self->committed_time))
    {
      self->settle = FALSE;
      if (priv->current.microstep >= priv->max_microsteps)
        {
          HycoTag next = { priv->current.time, priv->current.microstep + 1 };
          return _hyco_tag_queue_report_zeno (&self->queue, director, &next, error);
        }
      self->phase = PHASE_DISCRETE;
      priv->current.microstep++;
      return TRUE;
    }
  self->settle = FALSE;
  if (request != NULL && request->time == self->committed_time)
    {
      /* Requests at the current time: the next microstep. */
      if (request->microstep > priv->max_microsteps)
        return _hyco_tag_queue_report_zeno (&self->queue, director, request, error);
      if (!_hyco_tag_queue_check_time_zeno (&self->queue, director, request, error))
        return FALSE;
      self->phase = PHASE_DISCRETE;
      priv->current = *request;
      _hyco_tag_queue_take (&self->queue, &priv->current);
      return TRUE;
    }
  if (self->committed_time >= self->stop_time)
    return FALSE;
  if (!check_time_range (self, priv, error))
    return FALSE;
  self->phase = PHASE_STEP;
  return TRUE;
}

static gint64
limit_step (HycoContinuousDirector *self, HycoDirectorPrivate *priv, gint64 step)
{
  const HycoTag *request = _hyco_tag_queue_peek (&self->queue);
  gint64 room = self->stop_time - self->committed_time;

  step = MIN (step, self->max_step);
  if (self->stop_time != HYCO_TIME_INFINITY)
    step = MIN (step, room);
  else /* up to the last tick of model time (check_time_range() stops there) */
    step = MIN (step, HYCO_TIME_INFINITY - 1 - self->committed_time);
  if (request != NULL)
    step = MIN (step, request->time - self->committed_time);
  return MAX (step, 1);
}

/* The stage program, built again after the states or a parameter of an actor changed. */
static HycoStageProgram *
stage_program (HycoContinuousDirector *self)
{
  if (G_UNLIKELY (self->program_stale))
    {
      g_clear_pointer (&self->program, _hyco_stage_program_free);
      /* The program knows one state per actor, an integrator's. */
      if (self->compile_stages && !self->multi)
        self->program = _hyco_stage_program_new (HYCO_DIRECTOR (self), self->states);
      self->program_stale = FALSE;
    }
  return self->program;
}

/* Computes the derivatives @k at @time for the tentative states @x: a solver stage, or the
 * step's end (@end), where the model is fired. Inside a step, a stage program computes them
 * without firing; at the end it writes what its actors would send, and the others fire. */
static gboolean
fire_stage (HycoContinuousDirector *self, HycoDirectorPrivate *priv, gint64 time, const double *x,
            double *k, gboolean end, GError **error)
{
  HycoStageProgram *program = stage_program (self);
  gboolean ok;

  priv->current.time = time;
  priv->current.microstep = 0;
  if (program != NULL)
    {
      _hyco_stage_program_evaluate (program, time, x, k);
      if (self->compiled_counter)
        _hyco_model_counter_add (self->compiled_counter, 1);
      if (!end)
        return TRUE;
      set_tentative_states (self, x);
      priv->publish = _hyco_stage_program_publish;
      priv->publish_data = program;
      ok = _hyco_director_run_schedule (HYCO_DIRECTOR (self), TRUE, error);
      priv->publish = NULL;
      self->published = TRUE;
      return ok;
    }
  self->published = FALSE;
  set_tentative_states (self, x);
  if (!_hyco_director_run_schedule (HYCO_DIRECTOR (self), TRUE, error))
    return FALSE;
  read_derivatives (self, k);
  return TRUE;
}

static G_ALWAYS_INLINE inline double
error_ratio (HycoContinuousDirector *self, const guint stages, double h)
{
  const Tableau *t = self->tableau;
  /* Locals: without strict aliasing, every store would reload the fields. */
  const double *k = self->k, *x = self->x, *x_new = self->x_new, *atol = self->atol_scaled;
  const guint n = self->n;
  double worst = 0;

  for (guint i = 0; i < n; i++)
    {
      double e = 0, scale;
#pragma GCC unroll 8
      for (guint j = 0; j < stages; j++)
        e += (t->b[j] - t->b_low[j]) * k[j * n + i];
      e *= h;
      scale = atol[i] + self->rtol * MAX (fabs (x[i]), fabs (x_new[i]));
      worst = MAX (worst, fabs (e) / (scale > 0 ? scale : DBL_MIN));
    }
  return worst;
}

static gint64
scale_step (gint64 step, double factor)
{
  double scaled = (double) step * factor;

  if (scaled >= (double) G_MAXINT64 / 2)
    return G_MAXINT64 / 2;
  return MAX ((gint64) scaled, 1);
}

/* CVODE's right-hand side: the model fired at @t with tentative states @y. */
static gboolean
cvode_rhs (gpointer user_data, double t, const double *y, double *ydot, GError **error)
{
  HycoContinuousDirector *self = user_data;
  HycoDirectorPrivate *priv = _hyco_director_get_private (HYCO_DIRECTOR (self));
  gint64 ticks = (gint64) llround (t / hyco_time_to_seconds (1, priv->resolution));

  return fire_stage (self, priv, MAX (ticks, self->committed_time), y, ydot, FALSE, error);
}

/* One CVODE step from the committed time, at most @limit ticks, ending exactly on it when it
 * gets there; refined by restarting CVODE when a step-size controller (a zero-crossing
 * detector) objects. On return the signals are those at the step's end. */
static gboolean
take_step_cvode (HycoContinuousDirector *self, HycoDirectorPrivate *priv, gint64 limit,
                 gint64 *taken, GError **error)
{
  double tick = hyco_time_to_seconds (1, priv->resolution);
  double start = hyco_time_to_seconds (self->committed_time, priv->resolution);

  for (;;)
    {
      double reached;
      gint64 end, refined = G_MAXINT64;
      gboolean accurate = TRUE;

      if (self->cvode_stale)
        {
          if (!_hyco_cvode_restart (self->cvode, start, self->x, error))
            return FALSE;
          self->cvode_stale = FALSE;
        }
      if (!_hyco_cvode_step (self->cvode, start + (double) limit * tick, &reached, self->x_new,
                             error))
        return FALSE;
      end = (gint64) llround (reached / tick); /* once: CLAMP() repeats its argument */
      end = CLAMP (end, self->committed_time + 1, self->committed_time + limit);
      if (!fire_stage (self, priv, end, self->x_new, self->k, TRUE, error))
        return FALSE;
      for (guint c = 0; c < self->controllers->len; c++)
        {
          HycoStepSizeControl *controller = self->controllers->pdata[c];
          if (!hyco_step_size_control_is_step_size_accurate (controller))
            {
              accurate = FALSE;
              refined = MIN (refined, hyco_step_size_control_refined_step_size (
                                        controller, end - self->committed_time));
            }
        }
      if (accurate || end - self->committed_time == 1)
        {
          *taken = end - self->committed_time;
          self->last_error = 0;
          return TRUE;
        }
      /* Back to the committed states, aiming at the crossing. */
      self->rejected++;
      if (self->rollbacks_counter)
        _hyco_model_counter_add (self->rollbacks_counter, 1);
      self->cvode_stale = TRUE;
      limit = CLAMP (refined, 1, end - self->committed_time - 1);
    }
}

/* Inside a composite with CVODE: from the committed states to exactly @time, in as many
 * internal steps as CVODE needs; restarted, since planning the step moved CVODE ahead. */
static gboolean
cvode_advance (HycoContinuousDirector *self, HycoDirectorPrivate *priv, gint64 time, GError **error)
{
  double start = hyco_time_to_seconds (self->committed_time, priv->resolution);
  double end = hyco_time_to_seconds (time, priv->resolution);

  self->cvode_stale = TRUE;
  if (!_hyco_cvode_restart (self->cvode, start, self->x, error)
      || !_hyco_cvode_advance (self->cvode, end, self->x_new, error))
    return FALSE;
  return fire_stage (self, priv, time, self->x_new, self->k, TRUE, error);
}

/* Stages 1 .. s-1 of a step of @step ticks (@h seconds), each fired at its time with
 * x + h sum_j a_sj k_j; the last has c = 1 and the solution's weights, so it fires the model
 * at the step's end with the new states (first same as last). */
static G_ALWAYS_INLINE inline gboolean
fire_stages (HycoContinuousDirector *self, HycoDirectorPrivate *priv, const Tableau *t,
             const guint stages, gint64 step, double h, GError **error)
{
#pragma GCC unroll 8
  for (guint s = 1; s < stages; s++)
    {
      double *x_stage = s == stages - 1 ? self->x_new : self->scratch;
      /* Rounded to the nearest tick (c >= 0: no llround() call needed), and never past the
       * step's end, which a double may round beyond when the step has more than 53 bits. */
      gint64 offset = MIN ((gint64) (t->c[s] * (double) step + 0.5), step);
      /* Locals: without strict aliasing, every store would reload the fields. */
      const double *a = &t->a[s * stages], *k = self->k, *x = self->x;
      const guint n = self->n;
      for (guint i = 0; i < n; i++)
        {
          double sum = 0;
#pragma GCC unroll 8
          for (guint j = 0; j < s; j++)
            sum += a[j] * k[j * n + i];
          x_stage[i] = x[i] + h * sum;
        }
      if (!fire_stage (self, priv, self->committed_time + (s == stages - 1 ? step : offset),
                       x_stage, &self->k[s * n], s == stages - 1, error))
        return FALSE;
    }
  return TRUE;
}

/* One step from the committed time, of @step ticks, refined until accurate if @refine (else
 * an inaccurate step is an error); the size taken goes to @taken. On return the signals are
 * those at the step's end, (t, 0). k[0] must hold the derivatives at the committed states. */
static gboolean
take_step (HycoContinuousDirector *self, HycoDirectorPrivate *priv, gint64 step, gboolean refine,
           gint64 *taken, GError **error)
{
  const Tableau *t = self->tableau;

  for (;;)
    {
      double h = hyco_time_to_seconds (step, priv->resolution);
      double ratio = 0;
      gint64 refined = G_MAXINT64;
      gboolean accurate = TRUE;

      /* With the number of stages a constant (Dormand-Prince's 7), the sums unroll. */
      if (!(t->stages == 7 ? fire_stages (self, priv, t, 7, step, h, error)
                           : fire_stages (self, priv, t, t->stages, step, h, error)))
        return FALSE;
      if (self->n > 0)
        ratio = t->stages == 7 ? error_ratio (self, 7, h) : error_ratio (self, t->stages, h);
      if (self->ptolemy)
        {
          /* Ptolemy II: each state's error strictly below the tolerance; an inaccurate state
           * asks for half the step, a level crossing for its own; whatever no shorter than the
           * step tried is halved. */
          accurate = ratio < 1;
          refined = accurate ? step : step / 2;
        }
      else if (ratio > 1)
        {
          accurate = FALSE;
          double shrink = 0.9 * pow (ratio, -1.0 / (t->order + 1)); /* once: MAX() repeats */
          refined = scale_step (step, MAX (0.2, shrink));
        }
      for (guint c = 0; c < self->controllers->len; c++)
        {
          HycoStepSizeControl *controller = self->controllers->pdata[c];
          if (!hyco_step_size_control_is_step_size_accurate (controller))
            {
              accurate = FALSE;
              refined = MIN (refined, hyco_step_size_control_refined_step_size (controller, step));
            }
        }
      if (self->ptolemy && !accurate && refined >= step)
        refined = step / 2;
      if (refined == 0)
        {
          /* An actor must take a zero-size step at the committed time before time can
           * advance: no step now (the caller takes that microstep). */
          *taken = 0;
          return TRUE;
        }
      if (accurate || (step == 1 && ratio <= 1))
        {
          self->last_error = ratio;
          *taken = step;
          return TRUE;
        }
      if (!refine)
        {
          g_autofree char *when = hyco_time_to_string (self->committed_time, priv->resolution);
          hyco_actor_set_error (HYCO_ACTOR (priv->container), error, HYCO_ACTOR_ERROR_TIME,
                                "fired later than the step it asked for, from t = %s s, allows",
                                when);
          return FALSE;
        }
      if (step == 1)
        {
          g_autofree char *when = hyco_time_to_string (self->committed_time, priv->resolution);
          g_set_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_FAILED,
                       "%s: the solver cannot meet its tolerance at t = %s s even with a step of "
                       "one tick (%g): the model may be stiff or discontinuous",
                       hyco_director_get_name (HYCO_DIRECTOR (self)), when, ratio);
          return FALSE;
        }
      self->rejected++;
      if (self->rollbacks_counter)
        _hyco_model_counter_add (self->rollbacks_counter, 1);
      step = CLAMP (refined, 1, step - 1);
      /* The step wanted shrinks too: the next one grows from what was accepted. */
      self->step = MIN (self->step, step);
    }
}

/* Fires the model at the current tag with the states held (the start, microsteps), reading
 * the derivatives the next step starts from. */
static gboolean
fire_discrete (HycoContinuousDirector *self, HycoDirectorPrivate *priv, GError **error)
{
  HycoTag tag = priv->current;

  self->published = FALSE;
  set_tentative_states (self, self->x);
  if (!_hyco_director_run_schedule (HYCO_DIRECTOR (self), TRUE, error))
    return FALSE;
  read_derivatives (self, self->k);
  priv->current = tag;
  return TRUE;
}

/* Inside a composite, the step to the container's time: its stages and end are computed ahead
 * of that time (discrete inputs absent there), then the model is fired at the container's tag
 * with the new states and the actual inputs. */
static gboolean
fire_nested_step (HycoContinuousDirector *self, HycoDirectorPrivate *priv, GError **error)
{
  HycoTag tag = priv->current, start = { self->committed_time, self->committed_microstep };
  gint64 taken;
  gboolean ok, planned;

  /* The container fires at the end of the CVODE step computed ahead: that step is taken as it
   * is, and CVODE goes on from it with its history (order, step size), as at the top level.
   * Restarting it at every step would integrate each one at first order from a tiny initial
   * step, and the errors of those steps add up. */
  planned = self->cvode && !self->cvode_stale && tag.time == self->planned_end;
  priv->speculating = TRUE;
  priv->current = start;
  ok = fire_discrete (self, priv, error)
       && (planned || (self->cvode ? cvode_advance (self, priv, tag.time, error)
                                   : take_step (self, priv, tag.time - self->committed_time,
                                                FALSE, &taken, error)));
  priv->speculating = FALSE;
  priv->current = tag;
  if (!ok)
    return FALSE;
  if (!planned)
    memcpy (self->x_end, self->x_new, sizeof (double) * self->n);
  set_tentative_states (self, self->x_end);
  self->published = FALSE;
  return _hyco_director_run_schedule (HYCO_DIRECTOR (self), TRUE, error);
}

/* The step was refused with no progress by an actor that has something to do at the committed
 * time first (an FMU stopped at an event it has yet to produce): the firing becomes a zero-size
 * step there, at the next microstep, from the committed states. */
static gboolean
fire_microstep_instead (HycoContinuousDirector *self, HycoDirectorPrivate *priv, GError **error)
{
  HycoTag next = { self->committed_time, self->committed_microstep + 1 };

  if (next.microstep > priv->max_microsteps)
    return _hyco_tag_queue_report_zeno (&self->queue, HYCO_DIRECTOR (self), &next, error);
  self->phase = PHASE_DISCRETE;
  priv->current = next;
  _hyco_tag_queue_take (&self->queue, &priv->current);
  return fire_discrete (self, priv, error);
}

static gboolean
hyco_continuous_director_fire (HycoDirector *director, GError **error)
{
  HycoContinuousDirector *self = HYCO_CONTINUOUS_DIRECTOR (director);
  HycoDirectorPrivate *priv = _hyco_director_get_private (director);
  gint64 taken;
  gboolean ok;

  self->queue.tag_started = TRUE;
  if (self->embedded)
    return _hyco_director_run_schedule (director, TRUE, error);
  if (self->phase == PHASE_DISCRETE)
    return fire_discrete (self, priv, error);
  if (self->nested)
    ok = fire_nested_step (self, priv, error);
  else if (self->cvode)
    ok = take_step_cvode (self, priv, limit_step (self, priv, self->max_step), &taken, error);
  else
    {
      ok = take_step (self, priv, limit_step (self, priv, self->step), TRUE, &taken, error);
      if (ok && taken == 0)
        return fire_microstep_instead (self, priv, error);
    }
  /* Requests for the step's end, (t, 0), are served by it: not another firing at (t, 0). */
  if (ok && self->ptolemy && !self->nested)
    {
      const HycoTag *request = _hyco_tag_queue_peek (&self->queue);
      self->at_breakpoint = (request != NULL && request->time == priv->current.time)
                            || priv->current.time == self->stop_time;
    }
  if (ok)
    _hyco_tag_queue_take (&self->queue, &priv->current);
  return ok;
}

/* The size of the next step from the error of the one just taken. */
static void
plan_next_step (HycoContinuousDirector *self, gint64 taken)
{
  double growth
    = self->last_error > 0 ? 0.9 * pow (self->last_error, -1.0 / (self->tableau->order + 1)) : 5.0;
  gint64 next = scale_step (MAX (taken, self->step), CLAMP (growth, 0.2, 5.0));

  if (self->ptolemy)
    /* Ptolemy II: ten times the step taken, five times when this director integrates states
     * of its own (each integrator suggests that after an accurate step). The states inside a
     * composite do not limit it: that composite's director has already moved on to its own
     * next step, five times this one, when it is asked. */
    self->step = scale_step (taken, self->own_states ? 5.0 : 10.0);
  /* A step cut short by a breakpoint does not shrink the next one. */
  else
    self->step = taken < self->step ? MAX (self->step, next) : next;
  for (guint c = 0; c < self->controllers->len; c++)
    {
      gint64 suggested = hyco_step_size_control_suggested_step_size (self->controllers->pdata[c]);
      self->step = MIN (self->step, suggested);
    }
  self->step = CLAMP (self->step, 1, self->max_step);
}

/* Inside a composite, after a commit: compute the next step ahead (fire only, nothing
 * committed), refined until accurate, and ask the container for its end. Firing earlier (an
 * event from outside) then takes a part of an accurate step. */
static gboolean
plan_nested_step (HycoContinuousDirector *self, HycoDirectorPrivate *priv, GError **error)
{
  HycoTag tag = priv->current;
  HycoTag end = { 0, 0 };
  gint64 taken = 0;
  gboolean ok;

  const HycoTag *request = _hyco_tag_queue_peek (&self->queue);

  if (self->committed_time >= self->stop_time)
    return TRUE;
  /* A request later at this same time comes first; plan after it. */
  if (request != NULL && request->time == self->committed_time)
    return TRUE;
  if (!check_time_range (self, priv, error))
    return FALSE;
  priv->speculating = TRUE;
  ok = fire_discrete (self, priv, error)
       && (self->cvode
             ? take_step_cvode (self, priv, limit_step (self, priv, self->max_step), &taken, error)
             : take_step (self, priv, limit_step (self, priv, self->step), TRUE, &taken, error));
  priv->speculating = FALSE;
  priv->current = tag;
  if (!ok)
    return FALSE;
  self->step = taken;
  end.time = self->committed_time + taken;
  if (self->cvode)
    {
      memcpy (self->x_end, self->x_new, sizeof (double) * self->n);
      self->planned_end = end.time;
    }
  return request_container (self, priv, &end, error);
}

static gboolean
hyco_continuous_director_postfire (HycoDirector *director, GError **error)
{
  HycoContinuousDirector *self = HYCO_CONTINUOUS_DIRECTOR (director);
  HycoDirectorPrivate *priv = _hyco_director_get_private (director);
  gboolean ok;

  /* A tag is committed no earlier than its time on the wall clock. */
  if (self->synchronize_to_real_time && !self->nested)
    hyco_director_synchronize_to_real_time (director, priv->current.time);
  ok = _hyco_director_postfire_fired (director, error);

  /* The actors the step's end wrote without firing or postfiring: their events. */
  if (self->published && priv->model != NULL)
    _hyco_model_add_events (priv->model, _hyco_stage_program_get_silent_events (self->program));
  self->settle
    = !self->ptolemy && self->phase == PHASE_DISCRETE && self->queue.triggered->len > 0;
  _hyco_tag_queue_release (&self->queue);
  if (!ok || self->embedded)
    return ok;
  self->started = TRUE;
  /* Resets and mode switches may have changed states: restart from what the actors
   * committed. */
  if (self->states_changed && !collect_states (self, error))
    return FALSE;
  read_committed_states (self);
  /* A state set at the step's end (a reset by an input there) is a discontinuity for CVODE. */
  if (self->cvode && self->nested && self->phase == PHASE_STEP
      && memcmp (self->x, self->x_end, sizeof (double) * self->n) != 0)
    self->cvode_stale = TRUE;
  self->planned_end = -1; /* planned again below, from the new committed tag */
  if (self->phase == PHASE_STEP)
    {
      gint64 taken = priv->current.time - self->committed_time;
      /* The last stage's derivatives are those at the new states: the next step's first. */
      memcpy (self->k, &self->k[(self->tableau->stages - 1) * self->n], sizeof (double) * self->n);
      self->steps++;
      if (self->steps_counter)
        _hyco_model_counter_add (self->steps_counter, 1);
      self->committed_time = priv->current.time;
      plan_next_step (self, taken);
    }
  self->committed_microstep = priv->current.microstep;
  if (self->phase == PHASE_DISCRETE)
    self->cvode_stale = TRUE;
  /* Ptolemy II starts again from initStepSize after every zero-size step. */
  if (self->phase == PHASE_DISCRETE && self->ptolemy)
    self->step = self->initial_step;
  if (!self->nested)
    return TRUE;
  if (self->settle)
    {
      /* Discrete events happened: one more microstep, where they are absent again. */
      HycoTag next = { priv->current.time, priv->current.microstep + 1 };
      self->settle = FALSE;
      return request_container (self, priv, &next, error);
    }
  return plan_nested_step (self, priv, error);
}

static gboolean
hyco_continuous_director_wrapup (HycoDirector *director, GError **error)
{
  HycoContinuousDirector *self = HYCO_CONTINUOUS_DIRECTOR (director);
  GPtrArray *actors = _hyco_director_get_private (director)->schedule.actors;

  for (guint i = 0; actors != NULL && i < actors->len; i++)
    g_signal_handlers_disconnect_by_func (actors->pdata[i], on_actor_changed, self);
  g_clear_pointer (&self->program, _hyco_stage_program_free);
  return HYCO_DIRECTOR_CLASS (hyco_continuous_director_parent_class)->wrapup (director, error);
}

static gboolean
hyco_continuous_director_fire_at (HycoDirector *director, HycoActor *actor, const HycoTag *tag,
                                  HycoTag *granted, GError **error)
{
  return _hyco_tag_queue_request (&HYCO_CONTINUOUS_DIRECTOR (director)->queue, director, actor, tag,
                                  granted, error);
}

static void
hyco_continuous_director_class_init (HycoContinuousDirectorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoDirectorClass *director_class = HYCO_DIRECTOR_CLASS (klass);

  object_class->finalize = hyco_continuous_director_finalize;
  object_class->get_property = hyco_continuous_director_get_property;
  object_class->set_property = hyco_continuous_director_set_property;
  director_class->preinitialize = hyco_continuous_director_preinitialize;
  director_class->initialize = hyco_continuous_director_initialize;
  director_class->prefire = hyco_continuous_director_prefire;
  director_class->fire = hyco_continuous_director_fire;
  director_class->postfire = hyco_continuous_director_postfire;
  director_class->fire_at = hyco_continuous_director_fire_at;
  director_class->wrapup = hyco_continuous_director_wrapup;

  /**
   * HycoContinuousDirector:ODESolver:
   *
   * The solver: `ExplicitRK45Solver` (Dormand-Prince 4(5), the default; Cash-Karp 4(5) under
   * #HycoPtolemyContinuousDirector, as in Ptolemy II), `ExplicitRK23Solver` (Bogacki-Shampine
   * 2(3)), Ptolemy II's names, `DormandPrince` and `CashKarp` by name, or `CVODE` (SUNDIALS
   * BDF, for stiff models; top level only; see #HycoContinuousDirector:linearSolver).
   */
  properties[PROP_SOLVER] = g_param_spec_string (
    "ODESolver", NULL,
    "ExplicitRK45Solver (Dormand-Prince), ExplicitRK23Solver (Bogacki-Shampine), CashKarp or "
    "CVODE (BDF, for stiff models)",
    "ExplicitRK45Solver", G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HycoContinuousDirector:relativeTolerance:
   *
   * The solver's relative error tolerance per step.
   */
  properties[PROP_RELATIVE_TOLERANCE] = g_param_spec_double (
    "relativeTolerance", NULL, "Relative error tolerance per step", 0, 1, 1e-6,
    G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HycoContinuousDirector:absoluteTolerance:
   *
   * The solver's absolute error tolerance per step.
   */
  properties[PROP_ABSOLUTE_TOLERANCE] = g_param_spec_double (
    "absoluteTolerance", NULL, "Absolute error tolerance per step", 0, G_MAXDOUBLE, 1e-9,
    G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HycoContinuousDirector:initStepSize:
   *
   * The first step tried, in seconds.
   */
  properties[PROP_INITIAL_STEP] = hyco_param_spec_literal ("initStepSize", "First step tried (s)",
                                                           HYCO_PARAM_KIND_TIME, "0.001");
  /**
   * HycoContinuousDirector:maxStepSize:
   *
   * The largest step, in seconds.
   */
  properties[PROP_MAX_STEP]
    = hyco_param_spec_literal ("maxStepSize", "Largest step (s)", HYCO_PARAM_KIND_TIME, "1");
  /**
   * HycoContinuousDirector:compileStages:
   *
   * Whether solver stages are evaluated from the functions the actors upstream of the
   * derivatives declare (#HycoStageFunction) instead of firing them, when all of them do. The
   * results are the same to the last bit; turn it off to fire every actor at every stage.
   */
  properties[PROP_COMPILE_STAGES] = g_param_spec_boolean (
    "compileStages", NULL, "Evaluate solver stages without firing pure-function actors", TRUE,
    G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HycoContinuousDirector:errorTolerance:
   *
   * Ptolemy II's tolerance: when positive, the bound on each state's local error in a step,
   * absolute, in place of #HycoContinuousDirector:relativeTolerance and
   * #HycoContinuousDirector:absoluteTolerance. 0 (the default): those apply.
   */
  properties[PROP_ERROR_TOLERANCE] = g_param_spec_double (
    "errorTolerance", NULL,
    "Absolute local error bound per step, Ptolemy II's (0: relative/absoluteTolerance apply)", 0,
    G_MAXDOUBLE, 0, G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HycoContinuousDirector:maxIterations:
   *
   * Ptolemy II's bound on the rounds of its fixed point at one tag. The fixed point here is
   * computed constructively and always ends within the number of signals, so it needs no bound;
   * it is checked and kept for Ptolemy II's models.
   */
  properties[PROP_MAX_ITERATIONS] = g_param_spec_int (
    "maxIterations", NULL, "Ptolemy II's fixed-point rounds (the fixed point here needs none)", 1,
    G_MAXINT, 20, G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HycoContinuousDirector:valueResolution:
   *
   * Ptolemy II's convergence threshold for the values of implicit solvers' iterations. The
   * explicit solvers do not iterate and CVODE has its own Newton tolerance, so it is kept for
   * Ptolemy II's models without effect.
   */
  properties[PROP_VALUE_RESOLUTION] = g_param_spec_double (
    "valueResolution", NULL, "Ptolemy II's implicit-solver convergence threshold (no effect)",
    G_MINDOUBLE, G_MAXDOUBLE, 1e-6,
    G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HycoContinuousDirector:minStepSize:
   *
   * Ptolemy II's smallest step, in seconds. Steps here shrink to one tick of the resolution
   * when accuracy or a level crossing needs it, so it is kept without effect.
   */
  properties[PROP_MIN_STEP_SIZE] = g_param_spec_double (
    "minStepSize", NULL, "Ptolemy II's smallest step (s); steps shrink to one tick here", 0,
    G_MAXDOUBLE, 1e-5, G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HycoContinuousDirector:runAheadLength:
   *
   * Ptolemy II's bound on how far a continuous composite integrates ahead of the time outside.
   * Here it steps ahead only as far as its container grants, so it is kept without effect.
   */
  properties[PROP_RUN_AHEAD_LENGTH] = g_param_spec_double (
    "runAheadLength", NULL, "Ptolemy II's run-ahead bound inside a composite (no effect)", 0,
    G_MAXDOUBLE, 1, G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HycoContinuousDirector:synchronizeToRealTime:
   *
   * Whether the top level waits before each tag until as much real time has passed since the
   * run started as model time since the start time: the run never gets ahead of real time.
   */
  properties[PROP_SYNCHRONIZE_TO_REAL_TIME] = g_param_spec_boolean (
    "synchronizeToRealTime", NULL, "Never run ahead of wall-clock time (top level)", FALSE,
    G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HycoContinuousDirector:linearSolver:
   *
   * How CVODE solves the linear systems of its Newton iterations, on Jacobians by difference
   * quotients: `auto` (the default) probes the model at the start for the Jacobian's band
   * (which derivatives depend on which states) and takes a band solver when the band is at most
   * a quarter of the states wide, the dense one otherwise; `dense` always; `band` with the
   * probed band whatever its width. In a large model of local couplings (a chain, a grid, a
   * discretised equation) the band solver costs a few model evaluations a Jacobian where the
   * dense one costs one per state, and its factorisation grows linearly with the states.
   * Only CVODE uses it.
   */
  properties[PROP_LINEAR_SOLVER] = g_param_spec_string (
    "linearSolver", NULL, "CVODE's Newton solver: auto (band where the model allows), dense or band",
    "auto", G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hyco_continuous_director_init (HycoContinuousDirector *self)
{
  _hyco_director_get_private (HYCO_DIRECTOR (self))->fires_every_actor = TRUE;
  _hyco_director_get_private (HYCO_DIRECTOR (self))->wants_every_tag = TRUE;
  self->solver_name = g_strdup ("ExplicitRK45Solver");
  self->linear_solver_name = g_strdup ("auto");
  self->relative_tolerance = 1e-6;
  self->absolute_tolerance = 1e-9;
  self->initial_step_literal = g_strdup ("0.001");
  self->max_step_literal = g_strdup ("1");
  self->compile_stages = TRUE;
  self->max_iterations = 20;
  self->value_resolution = 1e-6;
  self->min_step_size = 1e-5;
  self->run_ahead_length = 1;
  _hyco_tag_queue_init (&self->queue);
  _hyco_director_get_private (HYCO_DIRECTOR (self))->queue = &self->queue;
}

/**
 * hyco_continuous_director_new:
 *
 * Creates a continuous-time director, which integrates the states of the actors it governs
 * (Integrator and FMUs with states) with an adaptive solver and locates the events their
 * signals cause.
 *
 * Returns: (transfer full): a new continuous-time director
 */
HycoDirector *
hyco_continuous_director_new (void)
{
  return g_object_new (HYCO_TYPE_CONTINUOUS_DIRECTOR, NULL);
}

/**
 * hyco_continuous_director_get_step_count:
 * @self: a continuous director
 *
 * Counts the integration steps the director accepted, for statistics and tests.
 *
 * Returns: the number of accepted integration steps in the current or last run
 */
guint64
hyco_continuous_director_get_step_count (HycoContinuousDirector *self)
{
  g_return_val_if_fail (HYCO_IS_CONTINUOUS_DIRECTOR (self), 0);
  return self->steps;
}

/**
 * hyco_continuous_director_get_rejected_step_count:
 * @self: a continuous director
 *
 * Counts the integration steps the director tried and then abandoned for a smaller one, because the
 * error was too large or an actor asked for a refinement
 * (hyco_step_size_control_is_step_size_accurate()).
 *
 * Returns: the number of rejected or refined step attempts (rollbacks) in the current or last
 *   run
 */
guint64
hyco_continuous_director_get_rejected_step_count (HycoContinuousDirector *self)
{
  g_return_val_if_fail (HYCO_IS_CONTINUOUS_DIRECTOR (self), 0);
  return self->rejected;
}
