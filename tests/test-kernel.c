/* test-kernel.c: ports, relations, composites, parameters, the registry and causality.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "test-support.h"

static void
test_port_declarations (void)
{
  g_autoptr (HycoActor) pass = test_pass_new ("P");
  HycoPort *input = hyco_actor_get_port (pass, "input");
  HycoPort *output = hyco_actor_get_port (pass, "output");
  g_autoptr (GPtrArray) ports = hyco_actor_get_ports (pass);
  g_autoptr (GError) error = NULL;

  g_assert_cmpuint (ports->len, ==, 2);
  g_assert_true (hyco_port_is_input (input));
  g_assert_false (hyco_port_is_output (input));
  g_assert_true (hyco_port_is_output (output));
  g_assert_false (hyco_port_is_multiport (output));
  g_assert_true (hyco_port_get_container (input) == pass);
  g_assert_cmpstr (hyco_port_get_name (input), ==, "input");
  g_assert_null (hyco_actor_get_port (pass, "missing"));
  /* Unconnected and unprepared: reading gives absent, not garbage. */
  g_assert_cmpint (hyco_port_get_status (input, 0), ==, HYCO_SIGNAL_ABSENT);
  g_assert_null (hyco_port_get_value (input, 3));

  g_assert_null (hyco_actor_add_port (pass, "input", HYCO_PORT_INPUT, &error));
  g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_STRUCTURE);
  g_clear_error (&error);
  g_assert_null (hyco_actor_add_port (pass, "neither", 0, &error));
  g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_STRUCTURE);
}

static void
test_full_names (void)
{
  g_autoptr (HycoCompositeActor) top = test_top_new (NULL);
  HycoCompositeActor *inner = test_composite_new (top, "Inner", TRUE);
  HycoActor *pass = test_pass_new ("Clock");

  test_add (inner, pass);
  {
    g_autofree char *actor = hyco_actor_get_full_name (pass);
    g_autofree char *port = hyco_port_get_full_name (hyco_actor_get_port (pass, "output"));
    g_autofree char *top_name = hyco_actor_get_full_name (HYCO_ACTOR (top));
    g_assert_cmpstr (actor, ==, "Inner.Clock");
    g_assert_cmpstr (port, ==, "Inner.Clock.output");
    g_assert_cmpstr (top_name, ==, "");
  }
  g_assert_true (hyco_composite_actor_lookup_actor (top, "Inner.Clock") == pass);
  g_assert_true (hyco_composite_actor_lookup_port (top, "Inner.Clock.input")
                 == hyco_actor_get_port (pass, "input"));
  g_assert_null (hyco_composite_actor_lookup_actor (top, "Inner.Nobody"));
  g_assert_null (hyco_composite_actor_lookup_port (top, "Inner.Clock.nothing"));
  g_assert_null (hyco_composite_actor_lookup_actor (top, "Inner.Clock.deeper"));
}

static void
test_names_unique (void)
{
  g_autoptr (HycoCompositeActor) top = test_top_new (NULL);
  g_autoptr (HycoActor) again = test_pass_new ("A");
  g_autoptr (HycoActor) dotted = test_pass_new ("a.b");
  g_autoptr (GError) error = NULL;

  test_add (top, test_pass_new ("A"));
  g_assert_false (hyco_composite_actor_add_actor (top, again, &error));
  g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_STRUCTURE);
  g_assert_nonnull (strstr (error->message, "\"A\""));
  g_clear_error (&error);
  g_assert_null (hyco_composite_actor_add_relation (top, "A", &error));
  g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_STRUCTURE);
  g_clear_error (&error);
  g_assert_false (hyco_composite_actor_add_actor (top, dotted, &error));
  g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_STRUCTURE);
}

/* A port can only be linked to a relation of the composite that holds its actor (outside) or
 * of its own composite (inside). */
static void
test_link_visibility (void)
{
  g_autoptr (HycoCompositeActor) top = test_top_new (NULL);
  HycoCompositeActor *inner = test_composite_new (top, "Inner", TRUE);
  HycoActor *deep = test_pass_new ("Deep");
  HycoRelation *relation;
  g_autoptr (GError) error = NULL;

  test_add (inner, deep);
  relation = hyco_composite_actor_add_relation (top, "r", &error);
  g_assert_no_error (error);
  g_assert_false (
    hyco_composite_actor_link (top, hyco_actor_get_port (deep, "input"), relation, &error));
  g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_STRUCTURE);
  g_assert_nonnull (strstr (error->message, "Inner.Deep.input"));
}

/* Fan-out: one output, several readers, one relation; and the relation lists its ports. */
static void
test_fan_out (void)
{
  g_autoptr (HycoCompositeActor) top = test_top_new (NULL);
  HycoTag tags[] = { test_tag ("1", 1) };
  HycoActor *emitter = test_emitter_new ("E", tags, 1);
  HycoActor *a = test_log_new ("A");
  HycoActor *b = test_log_new ("B");
  g_autoptr (HycoModel) model = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) relations = NULL;
  g_autoptr (GPtrArray) linked = NULL;

  test_add (top, emitter);
  test_add (top, a);
  test_add (top, b);
  test_connect (top, emitter, "output", a, "input");
  test_connect (top, emitter, "output", b, "input");
  relations = hyco_composite_actor_get_relations (top);
  g_assert_cmpuint (relations->len, ==, 1);
  linked = hyco_relation_get_linked_ports (relations->pdata[0]);
  g_assert_cmpuint (linked->len, ==, 3);
  model = hyco_model_new (top);
  g_assert_true (hyco_model_run (model, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (test_log_count (TEST_LOG (a)), ==, 1);
  g_assert_cmpuint (test_log_count (TEST_LOG (b)), ==, 1);
  g_assert_cmpuint (hyco_port_get_width (hyco_actor_get_port (a, "input")), ==, 1);
}

static void
test_parameters (void)
{
  g_autoptr (HycoDirector) director = hyco_de_director_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *stop = NULL;
  GParamSpec *pspec;

  g_assert_true (hyco_param_set_from_string (G_OBJECT (director), "stopTime", "2.5", &error));
  g_assert_no_error (error);
  pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (director), "stopTime");
  g_assert_cmpint (hyco_param_spec_get_kind (pspec), ==, HYCO_PARAM_KIND_TIME);
  stop = hyco_param_to_string (G_OBJECT (director), pspec);
  g_assert_cmpstr (stop, ==, "2.5");
  g_assert_false (hyco_param_is_default (G_OBJECT (director), pspec));

  g_assert_false (hyco_param_set_from_string (G_OBJECT (director), "stopTime", "soon", &error));
  g_assert_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_BAD_VALUE);
  g_assert_nonnull (strstr (error->message, "soon"));
  g_clear_error (&error);
  g_assert_false (hyco_param_set_from_string (G_OBJECT (director), "stopTme", "1", &error));
  g_assert_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_UNKNOWN);
  g_assert_nonnull (strstr (error->message, "stopTme"));
  g_clear_error (&error);
  g_assert_false (hyco_param_set_from_string (G_OBJECT (director), "name", "x", &error));
  g_assert_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_UNKNOWN);
  g_clear_error (&error);
  g_assert_false (
    hyco_param_set_from_string (G_OBJECT (director), "timeResolution", "3e-9", &error));
  g_assert_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_BAD_VALUE);
  g_clear_error (&error);
  g_assert_false (hyco_param_set_from_string (G_OBJECT (director), "maxMicrosteps", "-4", &error));
  g_assert_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_BAD_VALUE);
  g_clear_error (&error);
  g_assert_false (hyco_param_set_from_string (G_OBJECT (director), "maxMicrosteps", "0", &error));
  g_assert_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_BAD_VALUE);
  g_clear_error (&error);
  g_assert_true (hyco_param_set_from_string (G_OBJECT (director), "maxMicrosteps", "20", &error));
}

static void
test_tag_list (void)
{
  g_autoptr (GArray) tags = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_true (hyco_param_parse_tag_list ("{(0.1, 1), (0.3,2)}", -9, &tags, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (tags->len, ==, 2);
  g_assert_cmpint (g_array_index (tags, HycoTag, 1).time, ==, 300000000);
  g_assert_cmpuint (g_array_index (tags, HycoTag, 1).microstep, ==, 2);
  g_assert_false (hyco_param_parse_tag_list ("{(0.1, -1)}", -9, NULL, &error));
  g_assert_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_BAD_VALUE);
  g_clear_error (&error);
  g_assert_false (hyco_param_parse_tag_list ("(0.1, 1)", -9, NULL, &error));
  g_assert_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_BAD_VALUE);
}

static void
test_registry (void)
{
  g_autoptr (GPtrArray) names = hyco_registry_list ();

  g_assert_true (hyco_registry_lookup ("DEDirector") == HYCO_TYPE_DE_DIRECTOR);
  g_assert_true (hyco_registry_lookup ("ptolemy.domains.de.kernel.DEDirector")
                 == HYCO_TYPE_DE_DIRECTOR);
  g_assert_true (hyco_registry_lookup ("ptolemy.actor.TypedCompositeActor")
                 == HYCO_TYPE_COMPOSITE_ACTOR);
  g_assert_true (hyco_registry_lookup ("NoSuchActor") == G_TYPE_INVALID);
  g_assert_cmpstr (hyco_registry_get_name (HYCO_TYPE_DE_DIRECTOR), ==, "DEDirector");
  g_assert_true (g_ptr_array_find_with_equal_func (names, "DEDirector", g_str_equal, NULL));
  g_assert_true (g_ptr_array_find_with_equal_func (names, "DiscreteClock", g_str_equal, NULL));
  for (guint i = 1; i < names->len; i++)
    g_assert_cmpstr (names->pdata[i - 1], <, names->pdata[i]);
}

/* A composite whose output does not reach an input through its contents reports no
 * dependency; one with a path does. A delay-free composite is non-strict. */
static void
test_composite_causality (void)
{
  g_autoptr (HycoCompositeActor) top = test_top_new (NULL);
  HycoCompositeActor *box = test_composite_new (top, "Box", TRUE);
  HycoActor *pass = test_pass_new ("P");
  HycoTag tags[] = { test_tag ("1", 1) };
  HycoActor *emitter = test_emitter_new ("E", tags, 1);
  HycoPort *in, *through, *own;
  g_autoptr (HycoModel) model = NULL;
  g_autoptr (GError) error = NULL;

  in = hyco_actor_add_port (HYCO_ACTOR (box), "in", HYCO_PORT_INPUT, NULL);
  through = hyco_actor_add_port (HYCO_ACTOR (box), "through", HYCO_PORT_OUTPUT, NULL);
  own = hyco_actor_add_port (HYCO_ACTOR (box), "own", HYCO_PORT_OUTPUT, NULL);
  test_add (box, pass);
  test_add (box, emitter);
  g_assert_true (
    hyco_composite_actor_connect_ports (box, in, hyco_actor_get_port (pass, "input"), &error));
  g_assert_true (hyco_composite_actor_connect_ports (box, hyco_actor_get_port (pass, "output"),
                                                     through, &error));
  g_assert_true (
    hyco_composite_actor_connect_ports (box, hyco_actor_get_port (emitter, "output"), own, &error));
  g_assert_no_error (error);
  model = hyco_model_new (top);
  g_assert_true (hyco_model_prepare (model, &error));
  g_assert_no_error (error);
  g_assert_false (hyco_actor_is_strict (HYCO_ACTOR (box)));
  g_assert_true (hyco_actor_output_depends_on (HYCO_ACTOR (box), through, in));
  g_assert_false (hyco_actor_output_depends_on (HYCO_ACTOR (box), own, in));
  g_assert_true (hyco_actor_get_executive_director (pass)
                 == hyco_composite_actor_get_director (box));
}

/* A transparent composite is not an actor of its own: its contents join the enclosing
 * director's schedule. */
static void
test_transparent_scope (void)
{
  g_autoptr (HycoCompositeActor) top = test_top_new (NULL);
  HycoCompositeActor *group = test_composite_new (top, "Group", FALSE);
  g_autoptr (HycoModel) model = NULL;
  g_autoptr (GPtrArray) actors = NULL;
  g_autoptr (GError) error = NULL;

  test_add (group, test_pass_new ("A"));
  test_add (top, test_pass_new ("B"));
  model = hyco_model_new (top);
  g_assert_true (hyco_model_prepare (model, &error));
  actors = hyco_director_get_actors (hyco_composite_actor_get_director (top));
  g_assert_cmpuint (actors->len, ==, 2);
  g_assert_cmpstr (hyco_actor_get_name (actors->pdata[0]), ==, "A");
  g_assert_false (hyco_composite_actor_is_opaque (group));
}

static void
test_model_parameters (void)
{
  g_autoptr (HycoCompositeActor) top = test_top_new (NULL);
  g_autoptr (HycoModel) model = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *text = NULL;

  test_composite_new (top, "Inner", TRUE);
  model = hyco_model_new (top);
  g_assert_true (hyco_model_set_parameter (model, "director.stopTime", "3", &error));
  g_assert_true (hyco_model_set_parameter (model, "Inner.director.maxMicrosteps", "7", &error));
  g_assert_no_error (error);
  g_assert_false (hyco_model_set_parameter (model, "Nobody.period", "3", &error));
  g_assert_error (error, HYCO_MODEL_FILE_ERROR, HYCO_MODEL_FILE_ERROR_UNKNOWN_PARAMETER);
  g_assert_nonnull (strstr (error->message, "Nobody"));
  g_clear_error (&error);
  g_assert_false (hyco_model_set_parameter (model, "director.stopTime", "x", &error));
  g_assert_error (error, HYCO_MODEL_FILE_ERROR, HYCO_MODEL_FILE_ERROR_BAD_VALUE);
  g_clear_error (&error);
  g_assert_false (hyco_model_set_stop_time (model, "-", &error));
  g_clear_error (&error);
  text = hyco_model_describe (model);
  g_assert_nonnull (strstr (text, "parameter stopTime = 3  (set)"));
  g_assert_nonnull (strstr (text, "composite Inner"));
  g_assert_nonnull (strstr (text, "parameter maxMicrosteps = 7  (set)"));
}

static void
test_top_without_director (void)
{
  g_autoptr (HycoCompositeActor) top = hyco_composite_actor_new ("bare");
  g_autoptr (HycoModel) model = hyco_model_new (top);
  g_autoptr (GError) error = NULL;

  g_assert_false (hyco_model_run (model, NULL, &error));
  g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_STRUCTURE);
  g_assert_nonnull (strstr (error->message, "bare"));
}

/* Composites nested 60000 deep (freeing one ~50000 deep overflowed the stack): saving and
 * freeing the model do not recurse as deep, and the innermost actor finds its model. */
static void
test_deep_nesting (void)
{
  const guint depth = 60000;
  HycoCompositeActor *top = hyco_composite_actor_new ("top");
  HycoCompositeActor *composite = top;
  g_autoptr (HycoModel) model = NULL;
  g_autofree char *saved = NULL;
  const char *at;
  guint levels = 0;
  g_autoptr (HycoDirector) director = hyco_de_director_new ();

  hyco_composite_actor_set_director (top, director);
  for (guint i = 0; i < depth; i++)
    {
      g_autofree char *name = g_strdup_printf ("C%u", i);
      HycoCompositeActor *inner = hyco_composite_actor_new (name);
      g_assert_true (hyco_composite_actor_add_actor (composite, HYCO_ACTOR (inner), NULL));
      g_object_unref (inner);
      composite = inner;
    }
  model = hyco_model_new (top);
  g_object_unref (top);
  g_assert_true (hyco_actor_get_model (HYCO_ACTOR (composite)) == model);
  saved = hyco_model_save_to_data (model);
  for (at = strstr (saved, "<entity name=\"C"); at != NULL;
       at = strstr (at + 1, "<entity name=\"C"))
    levels++;
  g_assert_cmpuint (levels, ==, depth);
  g_assert_nonnull (strstr (saved, "<entity name=\"C59999\" class=\"CompositeActor\"/>"));
  g_clear_object (&model);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  hyco_init ();
  g_test_add_func ("/port/declarations", test_port_declarations);
  g_test_add_func ("/actor/full-names", test_full_names);
  g_test_add_func ("/composite/names-unique", test_names_unique);
  g_test_add_func ("/composite/link-visibility", test_link_visibility);
  g_test_add_func ("/composite/fan-out", test_fan_out);
  g_test_add_func ("/composite/causality", test_composite_causality);
  g_test_add_func ("/composite/transparent-scope", test_transparent_scope);
  g_test_add_func ("/param/set-from-string", test_parameters);
  g_test_add_func ("/param/tag-list", test_tag_list);
  g_test_add_func ("/registry/lookup", test_registry);
  g_test_add_func ("/model/parameters", test_model_parameters);
  g_test_add_func ("/model/top-without-director", test_top_without_director);
  g_test_add_func ("/model/deep-nesting", test_deep_nesting);
  return g_test_run ();
}
