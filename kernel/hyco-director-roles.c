/* hyco-director-roles.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-kernel.h"

/**
 * HycoContinuousStatefulDirector:
 *
 * A director whose composite holds continuous states that a continuous director integrates: a
 * continuous director itself, or a director that, like a modal model's, lets the continuous
 * director outside reach through it (Ptolemy II's ContinuousStatefulDirector and
 * QuasiTransparentDirector).
 */
G_DEFINE_INTERFACE (HycoContinuousStatefulDirector, hyco_continuous_stateful_director,
                    HYCO_TYPE_DIRECTOR)

static void
default_foreach_state_actor (HycoContinuousStatefulDirector *self, HycoActorFunc func,
                             gpointer user_data)
{
}

static void
default_states_changed (HycoContinuousStatefulDirector *self)
{
  hyco_director_notify_states_changed (HYCO_DIRECTOR (self));
}

static gboolean
default_keeps_container_time (HycoContinuousStatefulDirector *self)
{
  return FALSE;
}

static double
default_guard_tolerance (HycoContinuousStatefulDirector *self)
{
  return 0;
}

static void
hyco_continuous_stateful_director_default_init (HycoContinuousStatefulDirectorInterface *iface)
{
  iface->foreach_state_actor = default_foreach_state_actor;
  iface->states_changed = default_states_changed;
  iface->keeps_container_time = default_keeps_container_time;
  iface->guard_tolerance = default_guard_tolerance;
}

/**
 * hyco_continuous_stateful_director_foreach_state_actor:
 * @self: a director with continuous states inside
 * @func: (scope call): the function to call on each actor
 * @user_data: (closure): data for @func
 *
 * Calls @func on each actor inside @self whose continuous states (#HycoContinuousState), votes
 * on the step size (#HycoStepSizeControl) and composites an enclosing continuous director takes
 * into its solver now: a nested continuous director's actors, the active refinement of a modal
 * model. Called when the enclosing director collects its states (at initialize, and after
 * hyco_director_notify_states_changed()).
 */
void
hyco_continuous_stateful_director_foreach_state_actor (HycoContinuousStatefulDirector *self,
                                                       HycoActorFunc func, gpointer user_data)
{
  g_return_if_fail (HYCO_IS_CONTINUOUS_STATEFUL_DIRECTOR (self));
  g_return_if_fail (func != NULL);
  HYCO_CONTINUOUS_STATEFUL_DIRECTOR_GET_IFACE (self)->foreach_state_actor (self, func, user_data);
}

/**
 * hyco_continuous_stateful_director_states_changed:
 * @self: a director with continuous states inside
 *
 * Tells @self that the set of continuous states inside it changed (a modal model switched
 * mode), so that the solver collects them again before it goes on. Call
 * hyco_director_notify_states_changed() on the director where the change happened rather than
 * this on a director you looked up.
 */
void
hyco_continuous_stateful_director_states_changed (HycoContinuousStatefulDirector *self)
{
  g_return_if_fail (HYCO_IS_CONTINUOUS_STATEFUL_DIRECTOR (self));
  HYCO_CONTINUOUS_STATEFUL_DIRECTOR_GET_IFACE (self)->states_changed (self);
}

/**
 * hyco_continuous_stateful_director_keeps_container_time:
 * @self: a director with continuous states inside
 *
 * Tells whether the director runs its contents in its container's time (as a modal model's director
 * does) and leaves their continuous states to the continuous director outside it.
 *
 * Returns: %TRUE if @self runs its contents in its container's time and leaves their states to
 *   the continuous director outside (a modal model's director): the directors inside look
 *   through it for their enclosing continuous director; %FALSE if @self is a continuous director
 */
gboolean
hyco_continuous_stateful_director_keeps_container_time (HycoContinuousStatefulDirector *self)
{
  g_return_val_if_fail (HYCO_IS_CONTINUOUS_STATEFUL_DIRECTOR (self), FALSE);
  return HYCO_CONTINUOUS_STATEFUL_DIRECTOR_GET_IFACE (self)->keeps_container_time (self);
}

/**
 * hyco_continuous_stateful_director_get_guard_tolerance:
 * @self: a continuous director
 *
 * Gets how a modal model inside the director locates the time at which a guard becomes true:
 * exactly in time (0), or as a level crossing within a tolerance on the compared values, as Ptolemy
 * II does.
 *
 * Returns: 0 if a modal model inside @self locates its guards in time (Hyco's semantics), else
 *   the tolerance in the compared values within which it locates them as level crossings
 *   (Ptolemy II's continuous director): see #HycoContinuousStatefulDirectorInterface
 */
double
hyco_continuous_stateful_director_get_guard_tolerance (HycoContinuousStatefulDirector *self)
{
  g_return_val_if_fail (HYCO_IS_CONTINUOUS_STATEFUL_DIRECTOR (self), 0);
  return HYCO_CONTINUOUS_STATEFUL_DIRECTOR_GET_IFACE (self)->guard_tolerance (self);
}

/* Whether directors inside look through @director to the one outside it. */
static gboolean
keeps_container_time (HycoDirector *director)
{
  return HYCO_IS_CONTINUOUS_STATEFUL_DIRECTOR (director)
         && hyco_continuous_stateful_director_keeps_container_time (
           HYCO_CONTINUOUS_STATEFUL_DIRECTOR (director));
}

/**
 * hyco_director_is_continuous:
 * @self: a director
 *
 * Tells whether the director is a continuous director, which integrates states and so may fire its
 * contents at a time and then again at an earlier one, during solver stages and refined steps.
 * Actors that keep state use it to know that a firing may be abandoned.
 *
 * Returns: %TRUE if @self is a continuous director: it implements
 *   #HycoContinuousStatefulDirector and does not keep its container's time. It integrates the
 *   states inside (with its own solver, or nested in another continuous director with that
 *   one's) and so may fire its contents at a time and then at an earlier one: solver stages,
 *   refined steps.
 */
gboolean
hyco_director_is_continuous (HycoDirector *self)
{
  g_return_val_if_fail (HYCO_IS_DIRECTOR (self), FALSE);
  return HYCO_IS_CONTINUOUS_STATEFUL_DIRECTOR (self) && !keeps_container_time (self);
}

/**
 * hyco_director_get_enclosing_continuous_director:
 * @self: a director
 *
 * The continuous director whose time and solver the contents of @self's composite share, if
 * any: the enclosing director (hyco_director_get_enclosing_director()), looking through
 * directors that keep their container's time (modal models), when it is a continuous one
 * (hyco_director_is_continuous()). Like hyco_director_get_enclosing_director(), known from
 * preinitialize on.
 *
 * Returns: (transfer none) (nullable): the enclosing continuous director, or %NULL
 */
HycoContinuousStatefulDirector *
hyco_director_get_enclosing_continuous_director (HycoDirector *self)
{
  HycoDirector *outer;

  g_return_val_if_fail (HYCO_IS_DIRECTOR (self), NULL);
  outer = hyco_director_get_enclosing_director (self);
  while (outer != NULL && keeps_container_time (outer))
    outer = hyco_director_get_enclosing_director (outer);
  return outer != NULL && HYCO_IS_CONTINUOUS_STATEFUL_DIRECTOR (outer)
           ? HYCO_CONTINUOUS_STATEFUL_DIRECTOR (outer)
           : NULL;
}

/**
 * hyco_director_notify_states_changed:
 * @self: a director
 *
 * Tells the continuous director that integrates the states inside @self's composite, if any
 * (hyco_director_get_enclosing_continuous_director()), that they changed: a modal model
 * switched mode, so other states are active now. A continuous director nested in another
 * passes it on, so it reaches the one whose solver integrates them.
 */
void
hyco_director_notify_states_changed (HycoDirector *self)
{
  HycoContinuousStatefulDirector *outer;

  g_return_if_fail (HYCO_IS_DIRECTOR (self));
  outer = hyco_director_get_enclosing_continuous_director (self);
  if (outer != NULL)
    hyco_continuous_stateful_director_states_changed (outer);
}
