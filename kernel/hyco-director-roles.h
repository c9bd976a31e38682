/* hyco-director-roles.h: what directors ask of each other across a composite's boundary, as
 * interfaces any director may implement (Ptolemy II's director interfaces).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined(HYCO_INSIDE) && !defined(HYCO_COMPILATION)
#error "Only <hyco.h> can be included directly."
#endif

#include "hyco-export.h"
#include "hyco-director.h"

G_BEGIN_DECLS

/**
 * HycoActorFunc:
 * @actor: an actor
 * @user_data: the data given with the function
 *
 * A function called on each of a set of actors.
 */
typedef void (*HycoActorFunc) (HycoActor *actor, gpointer user_data);

#define HYCO_TYPE_CONTINUOUS_STATEFUL_DIRECTOR (hyco_continuous_stateful_director_get_type ())
HYCO_API
G_DECLARE_INTERFACE (HycoContinuousStatefulDirector, hyco_continuous_stateful_director, HYCO,
                     CONTINUOUS_STATEFUL_DIRECTOR, HycoDirector)

/**
 * HycoContinuousStatefulDirectorInterface:
 * @foreach_state_actor: calls a function on each actor inside whose continuous states an
 *   enclosing continuous director integrates now; by default none
 * @states_changed: the set of continuous states inside changed (a modal model switched mode):
 *   collect them again before the next step; by default passed on to the enclosing continuous
 *   director
 * @keeps_container_time: whether the director runs its contents in its container's time and
 *   solver rather than integrating them itself (a modal model's director); by default %FALSE
 * @guard_tolerance: for a continuous director, how a modal model inside locates its guards:
 *   0 (the default) in time, to the modal model's own errorTolerance (Hyco's semantics); or a
 *   tolerance in the values the guards compare, as level crossings, `==` holding within it, and
 *   with a refinement resumed by a transition fired once more at its instant (Ptolemy II's
 *   ContinuousDirector with its HybridModalDirector)
 *
 * A director whose composite holds continuous states that a continuous director may integrate
 * (Ptolemy II's ContinuousStatefulDirector and QuasiTransparentDirector): a continuous
 * director, and a director that, like a modal model's, lets the continuous director outside
 * reach through it.
 *
 * A director implementing it that does not keep its container's time is a continuous one (see
 * hyco_director_is_continuous()): it fires its contents at solver stages and refined steps. A
 * continuous director nested in another (through directors that keep their container's time)
 * lets the outer one integrate the states inside, which it lists with @foreach_state_actor.
 */
struct _HycoContinuousStatefulDirectorInterface
{
  GTypeInterface g_iface;

  void (*foreach_state_actor) (HycoContinuousStatefulDirector *self, HycoActorFunc func,
                               gpointer user_data);
  void (*states_changed) (HycoContinuousStatefulDirector *self);
  gboolean (*keeps_container_time) (HycoContinuousStatefulDirector *self);
  double (*guard_tolerance) (HycoContinuousStatefulDirector *self);
};

/**
 * HycoContinuousStatefulDirectorInterface::guard_tolerance:
 * @self: a continuous director
 *
 * Tells a modal model inside the director how to locate the time its guards become true; a
 * director that does not implement it has them located in time. Called through
 * hyco_continuous_stateful_director_get_guard_tolerance().
 *
 * Returns: 0 to locate guards in time, else the tolerance in the compared values within which
 *   they are located as level crossings
 */

HYCO_API void
hyco_continuous_stateful_director_foreach_state_actor (HycoContinuousStatefulDirector *self,
                                                       HycoActorFunc func, gpointer user_data);
HYCO_API void
hyco_continuous_stateful_director_states_changed (HycoContinuousStatefulDirector *self);
HYCO_API gboolean
hyco_continuous_stateful_director_keeps_container_time (HycoContinuousStatefulDirector *self);
HYCO_API double
hyco_continuous_stateful_director_get_guard_tolerance (HycoContinuousStatefulDirector *self);

HYCO_API gboolean hyco_director_is_continuous (HycoDirector *self);
HYCO_API HycoContinuousStatefulDirector *
hyco_director_get_enclosing_continuous_director (HycoDirector *self);
HYCO_API void hyco_director_notify_states_changed (HycoDirector *self);

G_END_DECLS
