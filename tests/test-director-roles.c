/* test-director-roles.c: the interfaces between directors (HycoContinuousStatefulDirector) and
 * the public director functions built on them, with test directors that implement them and
 * with the continuous and modal directors of the library.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "test-support.h"

/* A continuous director as far as the interface goes: counts the notifications it gets and
 * lists the actors of its composite. */
#define TEST_TYPE_SOLVER (test_solver_get_type ())
G_DECLARE_FINAL_TYPE (TestSolver, test_solver, TEST, SOLVER, HycoDirector)

struct _TestSolver
{
  HycoDirector parent_instance;

  guint states_changed;
};

static void
test_solver_foreach_state_actor (HycoContinuousStatefulDirector *director, HycoActorFunc func,
                                 gpointer user_data)
{
  HycoCompositeActor *container = hyco_director_get_container (HYCO_DIRECTOR (director));
  g_autoptr (GPtrArray) actors = hyco_composite_actor_get_actors (container);

  for (guint i = 0; i < actors->len; i++)
    func (actors->pdata[i], user_data);
}

static void
test_solver_states_changed (HycoContinuousStatefulDirector *director)
{
  TEST_SOLVER (director)->states_changed++;
}

static void
test_solver_stateful_init (HycoContinuousStatefulDirectorInterface *iface)
{
  iface->foreach_state_actor = test_solver_foreach_state_actor;
  iface->states_changed = test_solver_states_changed;
}

G_DEFINE_FINAL_TYPE_WITH_CODE (TestSolver, test_solver, HYCO_TYPE_DIRECTOR,
                               G_IMPLEMENT_INTERFACE (HYCO_TYPE_CONTINUOUS_STATEFUL_DIRECTOR,
                                                      test_solver_stateful_init))

static void
test_solver_class_init (TestSolverClass *klass)
{
}

static void
test_solver_init (TestSolver *self)
{
}

/* A director that keeps its container's time, as a modal model's does; everything else is
 * the interface's default. */
#define TEST_TYPE_PASS_THROUGH (test_pass_through_get_type ())
G_DECLARE_FINAL_TYPE (TestPassThrough, test_pass_through, TEST, PASS_THROUGH, HycoDirector)

struct _TestPassThrough
{
  HycoDirector parent_instance;
};

static gboolean
test_pass_through_keeps_container_time (HycoContinuousStatefulDirector *director)
{
  return TRUE;
}

static void
test_pass_through_stateful_init (HycoContinuousStatefulDirectorInterface *iface)
{
  iface->keeps_container_time = test_pass_through_keeps_container_time;
}

G_DEFINE_FINAL_TYPE_WITH_CODE (TestPassThrough, test_pass_through, HYCO_TYPE_DIRECTOR,
                               G_IMPLEMENT_INTERFACE (HYCO_TYPE_CONTINUOUS_STATEFUL_DIRECTOR,
                                                      test_pass_through_stateful_init))

static void
test_pass_through_class_init (TestPassThroughClass *klass)
{
}

static void
test_pass_through_init (TestPassThrough *self)
{
}

/* A director that implements none of it. */
#define TEST_TYPE_PLAIN (test_plain_get_type ())
G_DECLARE_FINAL_TYPE (TestPlain, test_plain, TEST, PLAIN, HycoDirector)

struct _TestPlain
{
  HycoDirector parent_instance;
};

G_DEFINE_FINAL_TYPE (TestPlain, test_plain, HYCO_TYPE_DIRECTOR)

static void
test_plain_class_init (TestPlainClass *klass)
{
}

static void
test_plain_init (TestPlain *self)
{
}

/* Adds a composite named @name to @container, governed by a new director of @type, or
 * transparent for G_TYPE_NONE. */
static HycoCompositeActor *
add_composite (HycoCompositeActor *container, const char *name, GType type)
{
  g_autoptr (HycoCompositeActor) composite = hyco_composite_actor_new (name);
  g_autoptr (GError) error = NULL;

  if (type != G_TYPE_NONE)
    {
      g_autoptr (HycoDirector) director = g_object_new (type, NULL);
      hyco_composite_actor_set_director (composite, director);
    }
  g_assert_true (hyco_composite_actor_add_actor (container, HYCO_ACTOR (composite), &error));
  g_assert_no_error (error);
  return composite; /* the container holds it */
}

static HycoDirector *
director_of (HycoCompositeActor *composite)
{
  return hyco_composite_actor_get_director (composite);
}

/* top (solver) > Group (transparent) > Modes (keeps the time) > Inner (transparent) >
 * Leaf (plain): the leaf's enclosing continuous director is the top's. */
static void
test_enclosing_through_composites (void)
{
  g_autoptr (HycoCompositeActor) top = hyco_composite_actor_new ("top");
  g_autoptr (TestSolver) solver = g_object_new (TEST_TYPE_SOLVER, NULL);
  HycoCompositeActor *modes, *leaf;

  hyco_composite_actor_set_director (top, HYCO_DIRECTOR (solver));
  modes
    = add_composite (add_composite (top, "Group", G_TYPE_NONE), "Modes", TEST_TYPE_PASS_THROUGH);
  leaf = add_composite (add_composite (modes, "Inner", G_TYPE_NONE), "Leaf", TEST_TYPE_PLAIN);

  g_assert_true (hyco_director_get_enclosing_director (director_of (leaf)) == director_of (modes));
  g_assert_true (hyco_director_get_enclosing_director (director_of (modes))
                 == HYCO_DIRECTOR (solver));
  g_assert_null (hyco_director_get_enclosing_director (HYCO_DIRECTOR (solver)));

  g_assert_true (hyco_director_get_enclosing_continuous_director (director_of (leaf))
                 == HYCO_CONTINUOUS_STATEFUL_DIRECTOR (solver));
  g_assert_true (hyco_director_get_enclosing_continuous_director (director_of (modes))
                 == HYCO_CONTINUOUS_STATEFUL_DIRECTOR (solver));
  g_assert_null (hyco_director_get_enclosing_continuous_director (HYCO_DIRECTOR (solver)));

  g_assert_true (hyco_director_is_continuous (HYCO_DIRECTOR (solver)));
  g_assert_false (hyco_director_is_continuous (director_of (modes)));
  g_assert_false (hyco_director_is_continuous (director_of (leaf)));
}

/* Notifications from inside, directly or through a director that keeps the time, reach the
 * enclosing continuous director; the interface's default passes one on from the director that
 * keeps the time. */
static void
test_states_changed_reaches_solver (void)
{
  g_autoptr (HycoCompositeActor) top = hyco_composite_actor_new ("top");
  g_autoptr (TestSolver) solver = g_object_new (TEST_TYPE_SOLVER, NULL);
  HycoCompositeActor *modes, *leaf;

  hyco_composite_actor_set_director (top, HYCO_DIRECTOR (solver));
  modes = add_composite (top, "Modes", TEST_TYPE_PASS_THROUGH);
  leaf = add_composite (add_composite (modes, "Inner", G_TYPE_NONE), "Leaf", TEST_TYPE_PLAIN);

  hyco_director_notify_states_changed (director_of (leaf));
  g_assert_cmpuint (solver->states_changed, ==, 1);
  hyco_director_notify_states_changed (director_of (modes));
  g_assert_cmpuint (solver->states_changed, ==, 2);
  hyco_continuous_stateful_director_states_changed (
    HYCO_CONTINUOUS_STATEFUL_DIRECTOR (director_of (modes)));
  g_assert_cmpuint (solver->states_changed, ==, 3);
  /* The top has nothing outside it to tell. */
  hyco_director_notify_states_changed (HYCO_DIRECTOR (solver));
  g_assert_cmpuint (solver->states_changed, ==, 3);
}

/* A director without the interface in between is not looked through: the plain director is
 * inside the solver, but nothing encloses the leaf, and its notification goes nowhere. */
static void
test_other_director_stops_the_search (void)
{
  g_autoptr (HycoCompositeActor) top = hyco_composite_actor_new ("top");
  g_autoptr (TestSolver) solver = g_object_new (TEST_TYPE_SOLVER, NULL);
  HycoCompositeActor *plain, *leaf;

  hyco_composite_actor_set_director (top, HYCO_DIRECTOR (solver));
  plain = add_composite (top, "Discrete", TEST_TYPE_PLAIN);
  leaf = add_composite (add_composite (plain, "Modes", TEST_TYPE_PASS_THROUGH), "Leaf",
                        TEST_TYPE_SOLVER);

  g_assert_false (HYCO_IS_CONTINUOUS_STATEFUL_DIRECTOR (director_of (plain)));
  g_assert_false (hyco_director_is_continuous (director_of (plain)));
  g_assert_true (hyco_director_get_enclosing_director (director_of (plain))
                 == HYCO_DIRECTOR (solver));
  g_assert_true (hyco_director_get_enclosing_continuous_director (director_of (plain))
                 == HYCO_CONTINUOUS_STATEFUL_DIRECTOR (solver));
  g_assert_null (hyco_director_get_enclosing_continuous_director (director_of (leaf)));
  hyco_director_notify_states_changed (director_of (leaf));
  g_assert_cmpuint (solver->states_changed, ==, 0);
  g_assert_cmpuint (TEST_SOLVER (director_of (leaf))->states_changed, ==, 0);
}

static void
count_actor (HycoActor *actor, gpointer user_data)
{
  g_ptr_array_add (user_data, actor);
}

/* foreach_state_actor lists what the implementation says; by default nothing. */
static void
test_foreach_state_actor (void)
{
  g_autoptr (HycoCompositeActor) top = hyco_composite_actor_new ("top");
  g_autoptr (TestSolver) solver = g_object_new (TEST_TYPE_SOLVER, NULL);
  g_autoptr (GPtrArray) seen = g_ptr_array_new ();
  HycoCompositeActor *modes;

  hyco_composite_actor_set_director (top, HYCO_DIRECTOR (solver));
  modes = add_composite (top, "Modes", TEST_TYPE_PASS_THROUGH);
  add_composite (top, "Other", G_TYPE_NONE);

  hyco_continuous_stateful_director_foreach_state_actor (HYCO_CONTINUOUS_STATEFUL_DIRECTOR (solver),
                                                         count_actor, seen);
  g_assert_cmpuint (seen->len, ==, 2);
  g_assert_true (seen->pdata[0] == modes);
  g_ptr_array_set_size (seen, 0);
  hyco_continuous_stateful_director_foreach_state_actor (
    HYCO_CONTINUOUS_STATEFUL_DIRECTOR (director_of (modes)), count_actor, seen);
  g_assert_cmpuint (seen->len, ==, 0);
}

/* The library's directors take their roles: the continuous director is a continuous one, the
 * modal director keeps its container's time, DE and SR have neither role. */
static void
test_library_directors (void)
{
  g_autoptr (HycoDirector) continuous = hyco_continuous_director_new ();
  g_autoptr (HycoDirector) modal = hyco_modal_director_new ();
  g_autoptr (HycoDirector) de = hyco_de_director_new ();
  g_autoptr (HycoDirector) sr = hyco_sr_director_new ();

  g_assert_true (hyco_director_is_continuous (continuous));
  g_assert_true (HYCO_IS_CONTINUOUS_STATEFUL_DIRECTOR (modal));
  g_assert_true (hyco_continuous_stateful_director_keeps_container_time (
    HYCO_CONTINUOUS_STATEFUL_DIRECTOR (modal)));
  g_assert_false (hyco_director_is_continuous (modal));
  g_assert_false (HYCO_IS_CONTINUOUS_STATEFUL_DIRECTOR (de));
  g_assert_false (HYCO_IS_CONTINUOUS_STATEFUL_DIRECTOR (sr));
}

/* A modal model inside a continuous director, prepared: the refinements' directors share the
 * top's solver through the modal director, which is fired at every tag as they are. */
static void
test_modal_model_in_continuous (void)
{
  g_autofree char *path
    = g_test_build_filename (G_TEST_DIST, "..", "models", "thermostat-modal.xml", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoModel) model = hyco_model_new_from_file (path, &error);
  HycoDirector *top, *modal, *heating;

  g_assert_no_error (error);
  g_assert_true (hyco_model_prepare (model, &error));
  g_assert_no_error (error);
  top = director_of (hyco_model_get_toplevel (model));
  modal = director_of (HYCO_COMPOSITE_ACTOR (hyco_model_lookup_actor (model, "Thermostat")));
  heating
    = director_of (HYCO_COMPOSITE_ACTOR (hyco_model_lookup_actor (model, "Thermostat.Heating")));

  g_assert_true (hyco_director_is_continuous (top));
  g_assert_true (hyco_director_is_continuous (heating));
  g_assert_true (hyco_director_get_enclosing_director (heating) == modal);
  g_assert_true (hyco_director_get_enclosing_continuous_director (heating)
                 == HYCO_CONTINUOUS_STATEFUL_DIRECTOR (top));
  g_assert_true (hyco_director_get_enclosing_continuous_director (modal)
                 == HYCO_CONTINUOUS_STATEFUL_DIRECTOR (top));
  g_assert_true (hyco_director_wants_every_tag (heating));
  g_assert_true (hyco_director_wants_every_tag (modal));
}

/* A local time that stands still: set, then converted both ways. */
static void
test_local_time (void)
{
  g_autoptr (HycoDirector) director = g_object_new (TEST_TYPE_PLAIN, NULL);
  HycoTag local = { 3, 1 }, outer = { 10, 4 }, tag;

  /* By default the time outside. */
  hyco_director_local_to_outer_tag (director, &local, &tag);
  g_assert_cmpint (tag.time, ==, 3);
  g_assert_cmpuint (tag.microstep, ==, 1);

  hyco_director_set_local_time (director, &local, &outer);
  hyco_director_local_to_outer_tag (director, &local, &tag);
  g_assert_cmpint (tag.time, ==, 10);
  g_assert_cmpuint (tag.microstep, ==, 4);
  hyco_director_outer_to_local_tag (director, &tag, &tag);
  g_assert_cmpint (tag.time, ==, 3);
  g_assert_cmpuint (tag.microstep, ==, 1);
  /* Later local times run behind by the lag, microsteps unshifted. */
  tag.time = 15;
  tag.microstep = 2;
  hyco_director_outer_to_local_tag (director, &tag, &tag);
  g_assert_cmpint (tag.time, ==, 8);
  g_assert_cmpuint (tag.microstep, ==, 2);
  /* At the anchor, a microstep outside before the shift is local microstep 0. */
  tag.time = 10;
  tag.microstep = 1;
  hyco_director_outer_to_local_tag (director, &tag, &tag);
  g_assert_cmpint (tag.time, ==, 3);
  g_assert_cmpuint (tag.microstep, ==, 0);
}

/* The firings a director's actors asked for and that are still to come. */
static void
test_pending_requests (void)
{
  g_autoptr (HycoCompositeActor) top = hyco_composite_actor_new ("top");
  g_autoptr (HycoDirector) de = hyco_de_director_new ();
  g_autoptr (HycoDirector) plain = g_object_new (TEST_TYPE_PLAIN, NULL);
  g_autoptr (HycoActor) log = test_log_new ("Log");
  g_autoptr (HycoModel) model = NULL;
  g_autoptr (GError) error = NULL;
  HycoTag asked = { 5, 1 }, granted, tag;

  hyco_composite_actor_set_director (top, de);
  g_assert_true (hyco_composite_actor_add_actor (top, log, &error));
  model = hyco_model_new (top);
  g_assert_true (hyco_model_prepare (model, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (hyco_director_get_n_pending_requests (de), ==, 0);
  g_assert_true (hyco_actor_fire_at_tag (log, &asked, &granted, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (hyco_director_get_n_pending_requests (de), ==, 1);
  g_assert_true (hyco_director_get_pending_request (de, 0, &tag));
  g_assert_true (hyco_tag_equal (&tag, &granted));
  g_assert_false (hyco_director_get_pending_request (de, 1, &tag));
  /* A director that keeps no queue has none. */
  g_assert_cmpuint (hyco_director_get_n_pending_requests (plain), ==, 0);
  g_assert_false (hyco_director_get_pending_request (plain, 0, &tag));
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  hyco_init ();
  g_test_add_func ("/director-roles/enclosing/through-composites",
                   test_enclosing_through_composites);
  g_test_add_func ("/director-roles/states-changed/reaches-solver",
                   test_states_changed_reaches_solver);
  g_test_add_func ("/director-roles/states-changed/other-director-stops",
                   test_other_director_stops_the_search);
  g_test_add_func ("/director-roles/foreach-state-actor", test_foreach_state_actor);
  g_test_add_func ("/director-roles/library-directors", test_library_directors);
  g_test_add_func ("/director-roles/modal-in-continuous", test_modal_model_in_continuous);
  g_test_add_func ("/director-roles/local-time", test_local_time);
  g_test_add_func ("/director-roles/pending-requests", test_pending_requests);
  return g_test_run ();
}
