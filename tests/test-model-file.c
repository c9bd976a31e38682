/* test-model-file.c: reading and writing model files (MoML), and the example models.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "test-support.h"
#include "hyco-xml-private.h"

#include <glib/gstdio.h>
#include <signal.h>
#include <sys/resource.h>

#define MOML_HEADER                                                                                \
  "<?xml version=\"1.0\" standalone=\"no\"?>\n"                                                    \
  "<!DOCTYPE entity PUBLIC \"-//UC Berkeley//DTD MoML 1//EN\"\n"                                   \
  "    \"http://ptolemy.eecs.berkeley.edu/xml/dtd/MoML_1.dtd\">\n"

static HycoModel *
load_test_model (const char *name, GError **error)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "models", name, NULL);
  return hyco_model_new_from_file (path, error);
}

/* Checks a load error: its domain and code, and that the message starts with `FILE:LINE: ` and
 * names @offending. */
static void
assert_load_error (GError *error, HycoModelFileError code, const char *file, guint line,
                   const char *offending)
{
  g_autofree char *prefix = g_strdup_printf ("%s:%u: ", file, line);

  g_assert_error (error, HYCO_MODEL_FILE_ERROR, (int) code);
  g_test_message ("%s", error->message);
  if (!g_str_has_prefix (error->message, prefix))
    g_assert_cmpstr (error->message, ==, prefix); /* fails, showing the message */
  if (strstr (error->message, offending) == NULL)
    g_assert_cmpstr (error->message, ==, offending);
}

static void
assert_inline_fails (const char *xml, HycoModelFileError code, guint line, const char *offending)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoModel) model = hyco_model_new_from_data (xml, -1, "inline.xml", &error);

  g_assert_null (model);
  assert_load_error (error, code, "inline.xml", line, offending);
}

static void
assert_file_fails (const char *name, HycoModelFileError code, guint line, const char *offending)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "models", name, NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoModel) model = hyco_model_new_from_file (path, &error);

  g_assert_null (model);
  assert_load_error (error, code, path, line, offending);
}

static char *
get_string (gpointer object, const char *name)
{
  char *value = NULL;

  g_object_get (object, name, &value, NULL);
  return value;
}

static void
assert_string_param (gpointer object, const char *name, const char *expected)
{
  g_autofree char *value = get_string (object, name);
  g_assert_cmpstr (value, ==, expected);
}

static void
assert_linked_ports (HycoCompositeActor *composite, const char *relation_name,
                     const char *const *expected)
{
  HycoRelation *relation = hyco_composite_actor_get_relation (composite, relation_name);
  g_autoptr (GPtrArray) ports = NULL;
  guint n = g_strv_length ((char **) expected);

  g_assert_nonnull (relation);
  ports = hyco_relation_get_linked_ports (relation);
  g_assert_cmpuint (ports->len, ==, n);
  for (guint i = 0; i < n; i++)
    g_assert_true (ports->pdata[i] == hyco_composite_actor_lookup_port (composite, expected[i]));
}

/* Loading. */

static void
test_load_structure (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoModel) model = load_test_model ("good-structure.xml", &error);
  HycoCompositeActor *top;
  HycoCompositeActor *inner;
  HycoDirector *director;
  g_autoptr (GPtrArray) actors = NULL;
  g_autoptr (GPtrArray) relations = NULL;
  g_autoptr (GPtrArray) ports = NULL;
  g_autoptr (GPtrArray) in_relations = NULL;
  const char *const names[] = { "Fast", "Slow", "Inner", "Log", "Also" };
  guint64 max_microsteps = 0;
  HycoPort *in;

  g_assert_no_error (error);
  top = hyco_model_get_toplevel (model);
  g_assert_cmpstr (hyco_actor_get_name (HYCO_ACTOR (top)), ==, "top");
  g_assert_true (G_OBJECT_TYPE (top) == HYCO_TYPE_COMPOSITE_ACTOR);

  director = hyco_composite_actor_get_director (top);
  g_assert_true (HYCO_IS_DE_DIRECTOR (director));
  g_assert_cmpstr (hyco_director_get_name (director), ==, "director");
  assert_string_param (director, "stopTime", "10");
  assert_string_param (director, "timeResolution", "1e-6");
  g_object_get (director, "maxMicrosteps", &max_microsteps, NULL);
  g_assert_cmpuint (max_microsteps, ==, 50);

  actors = hyco_composite_actor_get_actors (top);
  g_assert_cmpuint (actors->len, ==, G_N_ELEMENTS (names));
  for (guint i = 0; i < actors->len; i++)
    g_assert_cmpstr (hyco_actor_get_name (actors->pdata[i]), ==, names[i]);
  g_assert_true (HYCO_IS_DISCRETE_CLOCK (actors->pdata[0]));
  assert_string_param (actors->pdata[0], "period", "0.25");
  assert_string_param (actors->pdata[0], "value", "3");
  assert_string_param (actors->pdata[1], "period", "1");
  assert_string_param (actors->pdata[1], "offset", "0.5");
  g_assert_true (HYCO_IS_RECORDER (actors->pdata[3]));

  inner = HYCO_COMPOSITE_ACTOR (actors->pdata[2]);
  g_assert_true (hyco_composite_actor_is_opaque (inner));
  g_assert_cmpstr (hyco_director_get_name (hyco_composite_actor_get_director (inner)), ==,
                   "inner director");
  ports = hyco_actor_get_ports (HYCO_ACTOR (inner));
  g_assert_cmpuint (ports->len, ==, 2);
  in = hyco_actor_get_port (HYCO_ACTOR (inner), "in");
  g_assert_cmpint (hyco_port_get_flags (in), ==, HYCO_PORT_INPUT | HYCO_PORT_MULTIPORT);
  g_assert_cmpint (hyco_port_get_flags (hyco_actor_get_port (HYCO_ACTOR (inner), "out")), ==,
                   HYCO_PORT_OUTPUT);
  g_assert_true (HYCO_IS_ADDER (hyco_composite_actor_get_actor (inner, "Sum")));
  assert_linked_ports (inner, "r", (const char *const[]){ "in", "Sum.input", NULL });
  assert_linked_ports (inner, "s", (const char *const[]){ "Sum.output", "out", NULL });

  relations = hyco_composite_actor_get_relations (top);
  g_assert_cmpuint (relations->len, ==, 3);
  assert_linked_ports (top, "a", (const char *const[]){ "Fast.output", "Inner.in", NULL });
  assert_linked_ports (top, "b", (const char *const[]){ "Slow.output", "Inner.in", NULL });
  assert_linked_ports (top, "c",
                       (const char *const[]){ "Inner.out", "Log.input", "Also.input", NULL });
  /* The multiport's channels are its outside links in file order. */
  in_relations = hyco_port_get_linked_relations (in);
  g_assert_cmpuint (in_relations->len, ==, 3);
  g_assert_true (in_relations->pdata[0] == hyco_composite_actor_get_relation (inner, "r"));
  g_assert_true (in_relations->pdata[1] == hyco_composite_actor_get_relation (top, "a"));
  g_assert_true (in_relations->pdata[2] == hyco_composite_actor_get_relation (top, "b"));
}

/* A file as Vergil saves it: Ptolemy's qualified class names resolve, layout and documentation
 * are skipped, and the model runs. */
static void
test_load_ptolemy (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoModel) model = load_test_model ("good-ptolemy.xml", &error);
  HycoCompositeActor *top;
  g_autoptr (GPtrArray) actors = NULL;
  g_autoptr (GPtrArray) relations = NULL;
  g_autofree char *saved = NULL;

  g_assert_no_error (error);
  top = hyco_model_get_toplevel (model);
  actors = hyco_composite_actor_get_actors (top);
  g_assert_cmpuint (actors->len, ==, 4);
  g_assert_true (HYCO_IS_DISCRETE_CLOCK (actors->pdata[0]));
  g_assert_true (HYCO_IS_RAMP (actors->pdata[1]));
  g_assert_true (HYCO_IS_GAIN (actors->pdata[2])); /* Ptolemy's Scale */
  g_assert_true (HYCO_IS_TEST (actors->pdata[3]));
  assert_string_param (actors->pdata[0], "period", "0.5");
  assert_string_param (actors->pdata[1], "init", "1");
  assert_string_param (hyco_composite_actor_get_director (top), "stopTime", "2.5");
  relations = hyco_composite_actor_get_relations (top);
  g_assert_cmpuint (relations->len, ==, 3);
  assert_linked_ports (top, "relation2",
                       (const char *const[]){ "Ramp.output", "Scale.input", NULL });

  /* Nothing graphical is written back. */
  saved = hyco_model_save_to_data (model);
  for (const char *const *word
       = (const char *const[]){ "_location", "_vergil", "Annotation", "vertex", "width", "<doc",
                                "<display", "configure", "VersionAttribute", NULL };
       *word; word++)
    g_assert_null (strstr (saved, *word));

  hyco_model_run (model, NULL, &error);
  g_assert_no_error (error);
}

static void
test_load_qualified_names (void)
{
  g_autoptr (HycoModel) model
    = test_load_inline ("<entity name=\"q\" class=\"ptolemy.actor.TypedCompositeActor\">\n"
                        "  <property name=\"d\" class=\"ptolemy.domains.de.kernel.DEDirector\"/>\n"
                        "  <entity name=\"C\" class=\"ptolemy.actor.lib.Const\"/>\n"
                        "  <entity name=\"R\" class=\"Recorder\"/>\n"
                        "  <relation name=\"r\" class=\"ptolemy.actor.IORelation\"/>\n"
                        "  <link port=\"C.output\" relation=\"r\"/>\n"
                        "  <link port=\"R.input\" relation=\"r\"/>\n"
                        "</entity>\n");
  HycoCompositeActor *top = hyco_model_get_toplevel (model);

  g_assert_true (HYCO_IS_DE_DIRECTOR (hyco_composite_actor_get_director (top)));
  g_assert_true (HYCO_IS_CONST (hyco_composite_actor_get_actor (top, "C")));
  g_assert_true (HYCO_IS_RECORDER (hyco_composite_actor_get_actor (top, "R")));
}

/* `_location` and the other underscore properties are Vergil's, wherever they appear; so are
 * comments, doc and display elements. */
static void
test_load_ignored (void)
{
  g_autoptr (HycoModel) model = test_load_inline (
    "<?xml version=\"1.0\"?>\n"
    "<!-- a comment -->\n"
    "<entity name=\"top\" class=\"CompositeActor\">\n"
    "  <property name=\"_location\" class=\"ptolemy.kernel.util.Location\" value=\"[1, 2]\"/>\n"
    "  <property name=\"_whatever\"/>\n"
    "  <?some-processing instruction?>\n"
    "  <doc>A <b>model</b></doc>\n"
    "  <property name=\"DE\" class=\"DEDirector\">\n"
    "    <property name=\"_location\" class=\"ptolemy.kernel.util.Location\" value=\"[0, 0]\"/>\n"
    "    <doc>directs</doc>\n"
    "  </property>\n"
    "  <entity name=\"Clock\" class=\"DiscreteClock\">\n"
    "    <property name=\"_location\" value=\"[95.0, 180.0]\"/>\n"
    "    <property name=\"period\" value=\"2\">\n"
    "      <property name=\"_hideName\" class=\"ptolemy.kernel.util.SingletonAttribute\"/>\n"
    "    </property>\n"
    "    <display name=\"The clock\"/>\n"
    "  </entity>\n"
    "  <relation name=\"r\">\n"
    "    <property name=\"_location\" value=\"[1, 1]\"/>\n"
    "    <property name=\"width\" value=\"1\"/>\n"
    "    <vertex name=\"v\" value=\"[1, 1]\"/>\n"
    "  </relation>\n"
    "</entity>\n");
  HycoCompositeActor *top = hyco_model_get_toplevel (model);
  HycoActor *clock = hyco_composite_actor_get_actor (top, "Clock");
  g_autoptr (GPtrArray) actors = hyco_composite_actor_get_actors (top);
  g_autofree char *saved = hyco_model_save_to_data (model);

  g_assert_cmpuint (actors->len, ==, 1);
  assert_string_param (clock, "period", "2");
  g_assert_null (strstr (saved, "_location"));
  g_assert_null (strstr (saved, "_whatever"));
}

/* Ptolemy writes the ports of atomic actors too; they are checked against the class. */
static void
test_load_atomic_ports (void)
{
  g_autoptr (HycoModel) model
    = test_load_inline ("<entity name=\"top\" class=\"CompositeActor\">\n"
                        "  <entity name=\"R\" class=\"Ramp\">\n"
                        "    <port name=\"trigger\" class=\"ptolemy.actor.TypedIOPort\">\n"
                        "      <property name=\"input\"/>\n"
                        "      <property name=\"multiport\"/>\n"
                        "    </port>\n"
                        "    <port name=\"output\"><property name=\"output\"/></port>\n"
                        "  </entity>\n"
                        "</entity>\n");

  g_assert_nonnull (model);
  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\">\n"
                       "  <entity name=\"R\" class=\"Ramp\">\n"
                       "    <port name=\"output\">\n"
                       "      <property name=\"input\"/>\n"
                       "    </port>\n"
                       "  </entity>\n"
                       "</entity>\n",
                       HYCO_MODEL_FILE_ERROR_INVALID, 3, "output");
  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\">\n"
                       "  <entity name=\"R\" class=\"Ramp\">\n"
                       "    <port name=\"extra\"><property name=\"input\"/></port>\n"
                       "  </entity>\n"
                       "</entity>\n",
                       HYCO_MODEL_FILE_ERROR_UNKNOWN_PORT, 3, "\"extra\"");
}

/* Load errors, each with file, line and the offending name. */

static void
test_error_malformed (void)
{
  assert_file_fails ("bad-malformed.xml", HYCO_MODEL_FILE_ERROR_MALFORMED, 9,
                     "malformed XML: </entity> does not close <property>, opened on line 8");
  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\">\n"
                       "  <entity name=\"Clock\" class=\"DiscreteClock\">\n"
                       "</entity>\n",
                       HYCO_MODEL_FILE_ERROR_MALFORMED, 4,
                       "malformed XML: the file ends before <entity>, opened on line 1, is "
                       "closed");
  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\"\n"
                       "  <entity/>\n",
                       HYCO_MODEL_FILE_ERROR_MALFORMED, 2,
                       "malformed XML: column 3: '<' inside a tag");
  assert_inline_fails ("", HYCO_MODEL_FILE_ERROR_MALFORMED, 1, "malformed XML: the file is empty");
}

static void
test_error_unknown_class (void)
{
  assert_file_fails ("bad-unknown-class.xml", HYCO_MODEL_FILE_ERROR_UNKNOWN_CLASS, 8,
                     "entity \"Clock\": no actor class named \"ptolemy.actor.lib.DiscretClock\"");
  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\">\n"
                       "  <property name=\"d\" class=\"PNDirector\"/>\n"
                       "</entity>\n",
                       HYCO_MODEL_FILE_ERROR_UNKNOWN_CLASS, 2, "PNDirector");
  /* A misspelt director class: named, with the classes there are. */
  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\">\n"
                       "  <property name=\"d\" class=\"ptolemy.domains.de.kernel.DEDirectr\"/>\n"
                       "</entity>\n",
                       HYCO_MODEL_FILE_ERROR_UNKNOWN_CLASS, 2,
                       "property \"d\": no director class named "
                       "\"ptolemy.domains.de.kernel.DEDirectr\" (the director classes: "
                       "ContinuousDirector, DEDirector, FSMDirector, PtolemyContinuousDirector, "
                       "SRDirector)");
  assert_inline_fails ("<entity name=\"top\" class=\"Composite\"/>\n",
                       HYCO_MODEL_FILE_ERROR_UNKNOWN_CLASS, 1, "\"Composite\"");
  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\">\n"
                       "  <port name=\"p\" class=\"ptolemy.actor.Something\">\n"
                       "    <property name=\"input\"/>\n"
                       "  </port>\n"
                       "</entity>\n",
                       HYCO_MODEL_FILE_ERROR_UNKNOWN_CLASS, 2, "ptolemy.actor.Something");
}

static void
test_error_unknown_parameter (void)
{
  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\">\n"
                       "  <entity name=\"Clock\" class=\"DiscreteClock\">\n"
                       "    <property name=\"period\" value=\"1\"/>\n"
                       "    <property name=\"perod\" value=\"1\"/>\n"
                       "  </entity>\n"
                       "</entity>\n",
                       HYCO_MODEL_FILE_ERROR_UNKNOWN_PARAMETER, 4,
                       "property \"perod\": DiscreteClock \"Clock\" has no parameter \"perod\"");
  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\">\n"
                       "  <property name=\"d\" class=\"DEDirector\">\n"
                       "    <property name=\"stoptime\" value=\"1\"/>\n"
                       "  </property>\n"
                       "</entity>\n",
                       HYCO_MODEL_FILE_ERROR_UNKNOWN_PARAMETER, 3, "stoptime");
  /* `name` is not a parameter: it is the element's own attribute. */
  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\">\n"
                       "  <entity name=\"C\" class=\"Const\">\n"
                       "    <property name=\"name\" value=\"D\"/>\n"
                       "  </entity>\n"
                       "</entity>\n",
                       HYCO_MODEL_FILE_ERROR_UNKNOWN_PARAMETER, 3, "\"name\"");
  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\">\n"
                       "  <port name=\"p\">\n"
                       "    <property name=\"input\"/>\n"
                       "    <property name=\"tokenConsumptionRate\" value=\"2\"/>\n"
                       "  </port>\n"
                       "</entity>\n",
                       HYCO_MODEL_FILE_ERROR_UNKNOWN_PARAMETER, 4, "tokenConsumptionRate");
}

static void
test_error_bad_value (void)
{
  assert_file_fails ("bad-bad-value.xml", HYCO_MODEL_FILE_ERROR_BAD_VALUE, 9, "abc");
  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\">\n"
                       "  <property name=\"DE Director\" class=\"DEDirector\">\n"
                       "    <property name=\"stopTime\" value=\"soon\"/>\n"
                       "  </property>\n"
                       "</entity>\n",
                       HYCO_MODEL_FILE_ERROR_BAD_VALUE, 3, "soon");
  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\">\n"
                       "  <property name=\"DE Director\" class=\"DEDirector\">\n"
                       "    <property name=\"maxMicrosteps\" value=\"-3\"/>\n"
                       "  </property>\n"
                       "</entity>\n",
                       HYCO_MODEL_FILE_ERROR_BAD_VALUE, 3, "maxMicrosteps");
  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\">\n"
                       "  <entity name=\"T\" class=\"Test\">\n"
                       "    <property name=\"correctTags\" value=\"{(0, 1), (x, 2)}\"/>\n"
                       "  </entity>\n"
                       "</entity>\n",
                       HYCO_MODEL_FILE_ERROR_BAD_VALUE, 3, "correctTags");
  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\">\n"
                       "  <port name=\"p\">\n"
                       "    <property name=\"input\" value=\"yes\"/>\n"
                       "  </port>\n"
                       "</entity>\n",
                       HYCO_MODEL_FILE_ERROR_BAD_VALUE, 3, "yes");
  /* A wider relation would be a bus of several channels. */
  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\">\n"
                       "  <relation name=\"bus\">\n"
                       "    <property name=\"width\" value=\"3\"/>\n"
                       "  </relation>\n"
                       "</entity>\n",
                       HYCO_MODEL_FILE_ERROR_BAD_VALUE, 3, "\"3\"");
}

static void
test_error_dangling_link (void)
{
  assert_file_fails ("bad-dangling-link.xml", HYCO_MODEL_FILE_ERROR_UNKNOWN_PORT, 11,
                     "link port=\"Clock.outpt\": Clock has no port \"outpt\"");
  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\">\n"
                       "  <relation name=\"r\"/>\n"
                       "  <link port=\"Nobody.output\" relation=\"r\"/>\n"
                       "</entity>\n",
                       HYCO_MODEL_FILE_ERROR_UNKNOWN_PORT, 3, "Nobody");
  /* Links stay within one composite: its ports and those of the actors directly inside. */
  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\">\n"
                       "  <entity name=\"Inner\" class=\"CompositeActor\">\n"
                       "    <entity name=\"Clock\" class=\"DiscreteClock\"/>\n"
                       "  </entity>\n"
                       "  <relation name=\"r\"/>\n"
                       "  <link port=\"Inner.Clock.output\" relation=\"r\"/>\n"
                       "</entity>\n",
                       HYCO_MODEL_FILE_ERROR_INVALID, 6, "can only name its own ports");
  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\">\n"
                       "  <relation name=\"r\"/>\n"
                       "  <link port=\"in\" relation=\"r\"/>\n"
                       "</entity>\n",
                       HYCO_MODEL_FILE_ERROR_UNKNOWN_PORT, 3, "\"in\"");
  /* Links reach only one level down, as in Ptolemy. */
  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\">\n"
                       "  <entity name=\"In\" class=\"CompositeActor\">\n"
                       "    <entity name=\"C\" class=\"Const\"/>\n"
                       "  </entity>\n"
                       "  <relation name=\"r\"/>\n"
                       "  <link port=\"In.C.output\" relation=\"r\"/>\n"
                       "</entity>\n",
                       HYCO_MODEL_FILE_ERROR_INVALID, 6, "In.C.output");
}

static void
test_error_unknown_relation (void)
{
  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\">\n"
                       "  <entity name=\"C\" class=\"Const\"/>\n"
                       "  <relation name=\"r1\"/>\n"
                       "  <link port=\"C.output\" relation=\"r1\"/>\n"
                       "  <link port=\"C.output\" relation=\"r2\"/>\n"
                       "</entity>\n",
                       HYCO_MODEL_FILE_ERROR_UNKNOWN_RELATION, 5,
                       "link relation=\"r2\": top has no relation \"r2\"");
}

static void
test_error_duplicate_name (void)
{
  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\">\n"
                       "  <entity name=\"A\" class=\"Const\"/>\n"
                       "  <entity name=\"B\" class=\"Const\"/>\n"
                       "  <entity name=\"A\" class=\"Ramp\"/>\n"
                       "</entity>\n",
                       HYCO_MODEL_FILE_ERROR_DUPLICATE_NAME, 4, "entity \"A\"");
  /* Entities and relations share one namespace. */
  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\">\n"
                       "  <entity name=\"A\" class=\"Const\"/>\n"
                       "  <relation name=\"A\"/>\n"
                       "</entity>\n",
                       HYCO_MODEL_FILE_ERROR_DUPLICATE_NAME, 3, "relation \"A\"");
  /* The same name in different composites is fine. */
  g_autoptr (HycoModel) model = test_load_inline ("<entity name=\"top\" class=\"CompositeActor\">\n"
                                                  "  <entity name=\"A\" class=\"CompositeActor\">\n"
                                                  "    <entity name=\"A\" class=\"Const\"/>\n"
                                                  "  </entity>\n"
                                                  "</entity>\n");
  g_assert_nonnull (model);
}

static void
test_error_duplicate_port (void)
{
  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\">\n"
                       "  <port name=\"p\"><property name=\"input\"/></port>\n"
                       "  <port name=\"q\"><property name=\"output\"/></port>\n"
                       "  <port name=\"p\"><property name=\"output\"/></port>\n"
                       "</entity>\n",
                       HYCO_MODEL_FILE_ERROR_DUPLICATE_NAME, 4, "port \"p\"");
}

static void
test_error_missing_attribute (void)
{
  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\">\n"
                       "  <entity class=\"Const\"/>\n"
                       "</entity>\n",
                       HYCO_MODEL_FILE_ERROR_INVALID, 2, "missing attribute \"name\"");
  assert_inline_fails ("<entity class=\"CompositeActor\"/>\n", HYCO_MODEL_FILE_ERROR_INVALID, 1,
                       "\"name\"");
  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\">\n"
                       "  <entity name=\"C\"/>\n"
                       "</entity>\n",
                       HYCO_MODEL_FILE_ERROR_INVALID, 2,
                       "entity \"C\": missing attribute \"class\"");
  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\">\n"
                       "  <relation/>\n"
                       "</entity>\n",
                       HYCO_MODEL_FILE_ERROR_INVALID, 2, "\"name\"");
  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\">\n"
                       "  <port><property name=\"input\"/></port>\n"
                       "</entity>\n",
                       HYCO_MODEL_FILE_ERROR_INVALID, 2, "\"name\"");
  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\">\n"
                       "  <property value=\"1\"/>\n"
                       "</entity>\n",
                       HYCO_MODEL_FILE_ERROR_INVALID, 2, "\"name\"");
  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\">\n"
                       "  <relation name=\"r\"/>\n"
                       "  <link relation=\"r\"/>\n"
                       "</entity>\n",
                       HYCO_MODEL_FILE_ERROR_INVALID, 3, "\"port\"");
  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\">\n"
                       "  <property name=\"d\" class=\"DEDirector\">\n"
                       "    <property value=\"1\"/>\n"
                       "  </property>\n"
                       "</entity>\n",
                       HYCO_MODEL_FILE_ERROR_INVALID, 3, "\"name\"");
  /* A property is a parameter with a value or a director. */
  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\">\n"
                       "  <entity name=\"C\" class=\"Const\">\n"
                       "    <property name=\"value\"/>\n"
                       "  </entity>\n"
                       "</entity>\n",
                       HYCO_MODEL_FILE_ERROR_INVALID, 3, "\"value\"");
  /* Neither input nor output. */
  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\">\n"
                       "  <port name=\"p\"/>\n"
                       "</entity>\n",
                       HYCO_MODEL_FILE_ERROR_INVALID, 2, "port \"p\"");
}

static void
test_error_unknown_element (void)
{
  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\">\n"
                       "  <entity name=\"C\" class=\"Const\">\n"
                       "    <parameter name=\"value\" value=\"2\"/>\n"
                       "  </entity>\n"
                       "</entity>\n",
                       HYCO_MODEL_FILE_ERROR_INVALID, 3, "<parameter>");
  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\">\n"
                       "  <class name=\"C\" extends=\"Const\"/>\n"
                       "</entity>\n",
                       HYCO_MODEL_FILE_ERROR_INVALID, 2, "<class>");
  assert_inline_fails ("<model name=\"top\" class=\"CompositeActor\"/>\n",
                       HYCO_MODEL_FILE_ERROR_INVALID, 1, "<model>");
  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\">\n"
                       "  <relation name=\"r\">\n"
                       "    <link port=\"a\" relation=\"r\"/>\n"
                       "  </relation>\n"
                       "</entity>\n",
                       HYCO_MODEL_FILE_ERROR_INVALID, 3, "<link>");
  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\">\n"
                       "  stray text\n"
                       "</entity>\n",
                       HYCO_MODEL_FILE_ERROR_INVALID, 2, "entity \"top\"");
}

static void
test_error_director_placement (void)
{
  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\">\n"
                       "  <entity name=\"C\" class=\"Const\">\n"
                       "    <property name=\"DE\" class=\"DEDirector\"/>\n"
                       "  </entity>\n"
                       "</entity>\n",
                       HYCO_MODEL_FILE_ERROR_INVALID, 3, "Const \"C\"");
  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\">\n"
                       "  <property name=\"one\" class=\"DEDirector\"/>\n"
                       "  <property name=\"two\" class=\"DEDirector\"/>\n"
                       "</entity>\n",
                       HYCO_MODEL_FILE_ERROR_INVALID, 3, "property \"two\"");
  /* A director class as an entity, an actor class as a property. */
  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\">\n"
                       "  <entity name=\"D\" class=\"ptolemy.domains.de.kernel.DEDirector\"/>\n"
                       "</entity>\n",
                       HYCO_MODEL_FILE_ERROR_INVALID, 2, "DEDirector");
  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\">\n"
                       "  <property name=\"R\" class=\"Ramp\"/>\n"
                       "</entity>\n",
                       HYCO_MODEL_FILE_ERROR_INVALID, 2, "Ramp");
  /* Only composites contain things or sit at the top. */
  assert_inline_fails ("<entity name=\"top\" class=\"Ramp\"/>\n", HYCO_MODEL_FILE_ERROR_INVALID, 1,
                       "Ramp");
  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\">\n"
                       "  <entity name=\"C\" class=\"Const\">\n"
                       "    <relation name=\"r\"/>\n"
                       "  </entity>\n"
                       "</entity>\n",
                       HYCO_MODEL_FILE_ERROR_INVALID, 3, "Const \"C\"");
}

/* Relations linked to each other are one relation group: their ports are connected as through
 * one relation, the first declared. Both relations must be declared above the link. */
static void
test_relation_link (void)
{
  g_autoptr (HycoModel) model = test_load_inline ("<entity name=\"top\" class=\"CompositeActor\">\n"
                                                  "  <entity name=\"C\" class=\"Const\"/>\n"
                                                  "  <entity name=\"R1\" class=\"Recorder\"/>\n"
                                                  "  <entity name=\"R2\" class=\"Recorder\"/>\n"
                                                  "  <relation name=\"r1\"/>\n"
                                                  "  <relation name=\"r2\"/>\n"
                                                  "  <relation name=\"r3\"/>\n"
                                                  "  <link port=\"R2.input\" relation=\"r3\"/>\n"
                                                  "  <link port=\"C.output\" relation=\"r1\"/>\n"
                                                  "  <link port=\"R1.input\" relation=\"r2\"/>\n"
                                                  "  <link relation1=\"r2\" relation2=\"r3\"/>\n"
                                                  "  <link relation1=\"r1\" relation2=\"r2\"/>\n"
                                                  "</entity>\n");
  HycoCompositeActor *top = hyco_model_get_toplevel (model);
  g_autoptr (GPtrArray) relations = hyco_composite_actor_get_relations (top);
  const char *const linked[] = { "R2.input", "C.output", "R1.input", NULL };

  g_assert_cmpuint (relations->len, ==, 1);
  assert_linked_ports (top, "r1", linked);
  g_assert_null (hyco_composite_actor_get_relation (top, "r2"));

  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\">\n"
                       "  <relation name=\"r1\"/>\n"
                       "  <link relation1=\"r1\" relation2=\"r2\"/>\n"
                       "  <relation name=\"r2\"/>\n"
                       "</entity>\n",
                       HYCO_MODEL_FILE_ERROR_UNKNOWN_RELATION, 3,
                       "link relation2=\"r2\": top has no relation \"r2\"");
  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\">\n"
                       "  <relation name=\"r1\"/>\n"
                       "  <relation name=\"r2\"/>\n"
                       "  <link relation1=\"r1\" relation2=\"r2\"/>\n"
                       "  <relation name=\"r2\"/>\n"
                       "</entity>\n",
                       HYCO_MODEL_FILE_ERROR_DUPLICATE_NAME, 5, "\"r2\"");
  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\">\n"
                       "  <relation name=\"r1\"/>\n"
                       "  <link relation1=\"r1\"/>\n"
                       "</entity>\n",
                       HYCO_MODEL_FILE_ERROR_INVALID, 3, "relation1 and relation2");
}

/* A link index is accepted only where it means what file order means anyway. */
static void
test_error_link_index (void)
{
  g_autoptr (HycoModel) model
    = test_load_inline ("<entity name=\"top\" class=\"CompositeActor\">\n"
                        "  <entity name=\"R\" class=\"Recorder\"/>\n"
                        "  <relation name=\"a\"/>\n"
                        "  <relation name=\"b\"/>\n"
                        "  <link port=\"R.input\" relation=\"a\" index=\"0\"/>\n"
                        "  <link port=\"R.input\" relation=\"b\" index=\"1\"/>\n"
                        "</entity>\n");

  g_assert_nonnull (model);
  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\">\n"
                       "  <entity name=\"R\" class=\"Recorder\"/>\n"
                       "  <relation name=\"a\"/>\n"
                       "  <relation name=\"b\"/>\n"
                       "  <link port=\"R.input\" relation=\"b\" index=\"1\"/>\n"
                       "  <link port=\"R.input\" relation=\"a\" index=\"0\"/>\n"
                       "</entity>\n",
                       HYCO_MODEL_FILE_ERROR_INVALID, 5, "index=\"1\"");
  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\">\n"
                       "  <port name=\"p\"><property name=\"input\"/></port>\n"
                       "  <relation name=\"a\"/>\n"
                       "  <link port=\"p\" relation=\"a\" insideIndex=\"3\"/>\n"
                       "</entity>\n",
                       HYCO_MODEL_FILE_ERROR_INVALID, 4, "insideIndex=\"3\"");
}

/* The DOCTYPE is never fetched and entities are never declared nor expanded. */
static void
test_error_entities (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("hyco-model-file-XXXXXX", &error);
  g_autofree char *dtd = NULL;
  g_autofree char *xml = NULL;

  assert_inline_fails ("<?xml version=\"1.0\"?>\n"
                       "<!DOCTYPE entity [\n"
                       "  <!ENTITY lol \"lol\">\n"
                       "]>\n"
                       "<entity name=\"&lol;\" class=\"CompositeActor\"/>\n",
                       HYCO_MODEL_FILE_ERROR_INVALID, 3, "lol");
  /* Nor attribute defaults, which the internal subset could otherwise slip in. */
  assert_inline_fails ("<?xml version=\"1.0\"?>\n"
                       "<!DOCTYPE entity [\n"
                       "  <!ELEMENT entity ANY>\n"
                       "  <!ATTLIST entity class CDATA \"CompositeActor\">\n"
                       "]>\n"
                       "<entity name=\"top\"/>\n",
                       HYCO_MODEL_FILE_ERROR_INVALID, 3, "<!ELEMENT entity>");
  assert_inline_fails ("<?xml version=\"1.0\"?>\n"
                       "<!DOCTYPE entity [\n"
                       "  <!ATTLIST entity class (A|B) \"A\">\n"
                       "]>\n"
                       "<entity name=\"top\"/>\n",
                       HYCO_MODEL_FILE_ERROR_INVALID, 3, "<!ATTLIST entity>");

  /* A local DTD that would name the top level and default its class if it were read. */
  g_assert_no_error (error);
  dtd = g_build_filename (dir, "moml.dtd", NULL);
  g_file_set_contents (dtd,
                       "<!ENTITY who \"someone\">\n"
                       "<!ATTLIST entity class CDATA \"CompositeActor\">\n",
                       -1, &error);
  g_assert_no_error (error);
  xml = g_strdup_printf ("<?xml version=\"1.0\" standalone=\"no\"?>\n"
                         "<!DOCTYPE entity SYSTEM \"file://%s\">\n"
                         "<entity name=\"&who;\" class=\"CompositeActor\"/>\n",
                         dtd);
  {
    g_autoptr (HycoModel) model = hyco_model_new_from_data (xml, -1, "inline.xml", &error);
    g_assert_null (model);
    g_assert_error (error, HYCO_MODEL_FILE_ERROR, HYCO_MODEL_FILE_ERROR_MALFORMED);
    g_assert_nonnull (strstr (error->message, "inline.xml:3:"));
    g_assert_nonnull (strstr (error->message, "who"));
    g_clear_error (&error);
  }
  g_free (xml);
  xml = g_strdup_printf ("<?xml version=\"1.0\" standalone=\"no\"?>\n"
                         "<!DOCTYPE entity SYSTEM \"file://%s\">\n"
                         "<entity name=\"top\"/>\n",
                         dtd);
  {
    g_autoptr (HycoModel) model = hyco_model_new_from_data (xml, -1, "inline.xml", &error);
    g_assert_null (model);
    assert_load_error (error, HYCO_MODEL_FILE_ERROR_INVALID, "inline.xml", 3, "\"class\"");
  }
  g_remove (dtd);
  g_rmdir (dir);
}

/* Saving. */

static void
test_save_format (void)
{
  const char *source = MOML_HEADER
    "<entity name=\"top\" class=\"ptolemy.actor.TypedCompositeActor\">\n"
    "  <property name=\"DE Director\" class=\"ptolemy.domains.de.kernel.DEDirector\">\n"
    "    <property name=\"stopTime\" value=\"100\"/>\n"
    "    <property name=\"maxMicrosteps\" class=\"ptolemy.data.expr.Parameter\" value=\"7\"/>\n"
    "  </property>\n"
    "  <entity name=\"Clock1\" class=\"DiscreteClock\">\n"
    "    <property name=\"period\" value=\"0.1\"/>\n"
    "  </entity>\n"
    "  <entity name=\"Inner\" class=\"CompositeActor\">\n"
    "    <port name=\"in\" class=\"ptolemy.actor.TypedIOPort\">\n"
    "      <property name=\"input\"/>\n"
    "      <property name=\"multiport\"/>\n"
    "    </port>\n"
    "    <entity name=\"Log\" class=\"Recorder\"/>\n"
    "    <relation name=\"r\"/>\n"
    "    <link port=\"in\" relation=\"r\"/>\n"
    "    <link port=\"Log.input\" relation=\"r\"/>\n"
    "  </entity>\n"
    "  <relation name=\"r1\" class=\"ptolemy.actor.TypedIORelation\"/>\n"
    "  <link port=\"Clock1.output\" relation=\"r1\"/>\n"
    "  <link port=\"Inner.in\" relation=\"r1\"/>\n"
    "</entity>\n";
  const char *expected = MOML_HEADER "<entity name=\"top\" class=\"CompositeActor\">\n"
                                     "  <property name=\"DE Director\" class=\"DEDirector\">\n"
                                     "    <property name=\"stopTime\" value=\"100\"/>\n"
                                     "    <property name=\"maxMicrosteps\" value=\"7\"/>\n"
                                     "  </property>\n"
                                     "  <entity name=\"Clock1\" class=\"DiscreteClock\">\n"
                                     "    <property name=\"period\" value=\"0.1\"/>\n"
                                     "  </entity>\n"
                                     "  <entity name=\"Inner\" class=\"CompositeActor\">\n"
                                     "    <port name=\"in\" class=\"TypedIOPort\">\n"
                                     "      <property name=\"input\"/>\n"
                                     "      <property name=\"multiport\"/>\n"
                                     "    </port>\n"
                                     "    <entity name=\"Log\" class=\"Recorder\"/>\n"
                                     "    <relation name=\"r\" class=\"TypedIORelation\"/>\n"
                                     "    <link port=\"in\" relation=\"r\"/>\n"
                                     "    <link port=\"Log.input\" relation=\"r\"/>\n"
                                     "  </entity>\n"
                                     "  <relation name=\"r1\" class=\"TypedIORelation\"/>\n"
                                     "  <link port=\"Clock1.output\" relation=\"r1\"/>\n"
                                     "  <link port=\"Inner.in\" relation=\"r1\"/>\n"
                                     "</entity>\n";
  g_autoptr (HycoModel) model = test_load_inline (source);
  g_autofree char *saved = hyco_model_save_to_data (model);

  g_assert_cmpstr (saved, ==, expected);
}

/* Values with XML's special characters survive a save and a load. */
static void
test_save_escaping (void)
{
  const char *text = "\"<a & b> 'c'\"";
  g_autoptr (HycoCompositeActor) top = hyco_composite_actor_new ("top & <co>");
  g_autoptr (HycoActor) constant = g_object_new (HYCO_TYPE_CONST, "name", "C \"1\"", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoModel) model = NULL;
  g_autoptr (HycoModel) reloaded = NULL;
  g_autofree char *saved = NULL;
  HycoActor *copy;

  hyco_composite_actor_add_actor (top, constant, &error);
  g_assert_no_error (error);
  hyco_param_set_from_string (G_OBJECT (constant), "value", text, &error);
  g_assert_no_error (error);
  model = hyco_model_new (top);
  saved = hyco_model_save_to_data (model);
  g_test_message ("%s", saved);
  reloaded = hyco_model_new_from_data (saved, -1, "saved.xml", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (hyco_actor_get_name (HYCO_ACTOR (hyco_model_get_toplevel (reloaded))), ==,
                   "top & <co>");
  copy = hyco_composite_actor_get_actor (hyco_model_get_toplevel (reloaded), "C \"1\"");
  g_assert_nonnull (copy);
  assert_string_param (copy, "value", text);
}

/* A multiport's channels are numbered in the order of its links. The writer groups links by
 * relation, but never at the cost of that order. */
static void
test_save_multiport_order (void)
{
  g_autoptr (HycoModel) model = test_load_inline ("<entity name=\"top\" class=\"CompositeActor\">\n"
                                                  "  <entity name=\"A\" class=\"Const\"/>\n"
                                                  "  <entity name=\"B\" class=\"Const\"/>\n"
                                                  "  <entity name=\"R\" class=\"Recorder\"/>\n"
                                                  "  <relation name=\"a\"/>\n"
                                                  "  <relation name=\"b\"/>\n"
                                                  "  <link port=\"B.output\" relation=\"b\"/>\n"
                                                  "  <link port=\"R.input\" relation=\"b\"/>\n"
                                                  "  <link port=\"A.output\" relation=\"a\"/>\n"
                                                  "  <link port=\"R.input\" relation=\"a\"/>\n"
                                                  "</entity>\n");
  g_autofree char *saved = hyco_model_save_to_data (model);
  g_autoptr (HycoModel) reloaded = test_load_inline (saved);
  HycoCompositeActor *top = hyco_model_get_toplevel (reloaded);
  HycoPort *input = hyco_composite_actor_lookup_port (top, "R.input");
  g_autoptr (GPtrArray) relations = hyco_port_get_linked_relations (input);
  const char *a_link = strstr (saved, "<link port=\"A.output\" relation=\"a\"/>");
  const char *b_link = strstr (saved, "<link port=\"R.input\" relation=\"b\"/>");

  g_assert_cmpuint (relations->len, ==, 2);
  g_assert_cmpstr (hyco_relation_get_name (relations->pdata[0]), ==, "b");
  g_assert_cmpstr (hyco_relation_get_name (relations->pdata[1]), ==, "a");
  /* Relation a comes first where it can: its source link precedes relation b's links. */
  g_assert_nonnull (a_link);
  g_assert_nonnull (b_link);
  g_assert_true (a_link < b_link);
}

/* load(save(load(x))) saves as save(load(x)) does, for every model we ship. */
static void
round_trip (const char *path)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoModel) model = hyco_model_new_from_file (path, &error);
  g_autoptr (HycoModel) reloaded = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *saved_again = NULL;

  g_test_message ("round trip of %s", path);
  g_assert_no_error (error);
  saved = hyco_model_save_to_data (model);
  reloaded = hyco_model_new_from_data (saved, -1, path, &error);
  g_assert_no_error (error);
  saved_again = hyco_model_save_to_data (reloaded);
  g_assert_cmpstr (saved_again, ==, saved);
}

static int
compare_paths (gconstpointer a, gconstpointer b)
{
  return g_strcmp0 (*(const char *const *) a, *(const char *const *) b);
}

static GPtrArray *
list_models (const char *dir, const char *prefix)
{
  GPtrArray *paths = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GError) error = NULL;
  g_autoptr (GDir) handle = g_dir_open (dir, 0, &error);
  const char *name;

  g_assert_no_error (error);
  while ((name = g_dir_read_name (handle)) != NULL)
    if (g_str_has_prefix (name, prefix) && g_str_has_suffix (name, ".xml"))
      g_ptr_array_add (paths, g_build_filename (dir, name, NULL));
  g_ptr_array_sort (paths, compare_paths);
  return paths;
}

static void
test_round_trip (void)
{
  g_autofree char *examples_dir = g_test_build_filename (G_TEST_DIST, "..", "models", NULL);
  g_autofree char *tests_dir = g_test_build_filename (G_TEST_DIST, "models", NULL);
  g_autoptr (GPtrArray) examples = list_models (examples_dir, "");
  g_autoptr (GPtrArray) good = list_models (tests_dir, "good-");
  g_autoptr (GPtrArray) ptolemy = list_models (tests_dir, "ptolemy-");
  g_autofree char *loop = g_build_filename (tests_dir, "bad-zero-delay-loop.xml", NULL);

  g_assert_cmpuint (examples->len, >=, 3);
  g_assert_cmpuint (good->len, >=, 2);
  for (guint i = 0; i < examples->len; i++)
    round_trip (examples->pdata[i]);
  for (guint i = 0; i < good->len; i++)
    round_trip (good->pdata[i]);
  g_assert_cmpuint (ptolemy->len, >=, 1);
  for (guint i = 0; i < ptolemy->len; i++)
    round_trip (ptolemy->pdata[i]);
  round_trip (loop);
}

/* Running. */

static void
test_examples_run (void)
{
  g_autofree char *dir = g_test_build_filename (G_TEST_DIST, "..", "models", NULL);
  g_autoptr (GPtrArray) paths = list_models (dir, "");

  for (guint i = 0; i < paths->len; i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (HycoModel) model = hyco_model_new_from_file (paths->pdata[i], &error);

      g_test_message ("running %s", (const char *) paths->pdata[i]);
      g_assert_no_error (error);
      if (g_str_has_suffix (paths->pdata[i], "-error.xml"))
        {
          /* Shipped to show how a model that cannot run is refused. */
          g_assert_false (hyco_model_prepare (model, &error));
          g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_CAUSALITY);
          continue;
        }
      hyco_model_run (model, NULL, &error);
      g_assert_no_error (error);
    }
}

/* Each self-checking example model (tests/examples): what its Test actors check must actually happen, so a model whose tests
 * never see an event does not pass by accident. */
static void
test_example_feedback_counts (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *path
    = g_test_build_filename (G_TEST_DIST, "examples", "de-feedback.xml", NULL);
  g_autoptr (HycoModel) model = hyco_model_new_from_file (path, &error);
  HycoActor *echo_test;

  g_assert_no_error (error);
  echo_test = hyco_model_lookup_actor (model, "EchoTest");
  g_assert_nonnull (echo_test);
  /* A wrong expectation must make the run fail. */
  hyco_model_set_parameter (model, "EchoTest.correctValues", "{0, 20, 40, 60, 80, 101}", &error);
  g_assert_no_error (error);
  g_assert_false (hyco_model_run (model, NULL, &error));
  g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_TEST_FAILED);
}

static void
test_zero_delay_loop (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoModel) model = load_test_model ("bad-zero-delay-loop.xml", &error);

  g_assert_no_error (error);
  g_assert_false (hyco_model_prepare (model, &error));
  g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_CAUSALITY);
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "Gain"));
  g_assert_nonnull (strstr (error->message, "Add"));
}

/* A port's unit is read, written back, and reaches the results' labels. */
static void
test_port_units (void)
{
  const char *text = "<entity name=\"top\" class=\"CompositeActor\">\n"
                     "  <property name=\"d\" class=\"DEDirector\">\n"
                     "    <property name=\"stopTime\" value=\"1\"/>\n"
                     "  </property>\n"
                     "  <port name=\"out\" class=\"TypedIOPort\">\n"
                     "    <property name=\"output\"/>\n"
                     "    <property name=\"unit\" value=\"m/s\"/>\n"
                     "  </port>\n"
                     "  <entity name=\"Clock\" class=\"DiscreteClock\">\n"
                     "    <port name=\"output\"><property name=\"unit\" value=\"V\"/></port>\n"
                     "  </entity>\n"
                     "</entity>\n";
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoModel) model = hyco_model_new_from_data (text, -1, "units.xml", &error);
  g_autoptr (HycoModel) again = NULL;
  g_autofree char *saved = NULL;
  HycoActor *clock;

  g_assert_no_error (error);
  clock = hyco_model_lookup_actor (model, "Clock");
  g_assert_cmpstr (hyco_port_get_unit (hyco_actor_get_port (clock, "output")), ==, "V");
  g_assert_cmpstr (
    hyco_port_get_unit (hyco_actor_get_port (HYCO_ACTOR (hyco_model_get_toplevel (model)), "out")),
    ==, "m/s");
  saved = hyco_model_save_to_data (model);
  again = hyco_model_new_from_data (saved, -1, "saved.xml", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (
    hyco_port_get_unit (hyco_actor_get_port (hyco_model_lookup_actor (again, "Clock"), "output")),
    ==, "V");
  hyco_model_set_record_results (model, TRUE);
  g_assert_true (hyco_model_run (model, NULL, &error));
  g_assert_cmpstr (hyco_results_get_unit (hyco_model_get_results (model), "Clock.output"), ==, "V");
}

/* Reading Ptolemy II's MoML as Vergil writes it. */

/* A model with Vergil's attributes everywhere, fsm-era class names, widths, vertices and a
 * relation group: the structure loads, and the notes count what was passed over. */
static void
test_ptolemy_vergil (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoModel) model = load_test_model ("ptolemy-vergil.xml", &error);
  HycoCompositeActor *top;
  g_autoptr (GPtrArray) relations = NULL;
  g_auto (GStrv) notes = NULL;
  const char *const toggled[] = { "Toggle.y", "Test.input", NULL };
  const char *const expected_notes[] = {
    "ignored 18 drawing and documentation attributes (_location 4, vertex 2, TextAttribute 1, "
    "_cardinal 1, _hideName 1, _layoutHint 1, _showName 1, _vergilCenter 1, "
    "_vergilSize 1, _vergilZoomFactor 1, _windowProperties 1, author 1, doc 1, signalType 1)",
    "renamed 10 classes of older Ptolemy II versions (ptolemy.domains.fsm.kernel.* 7, "
    "ptolemy.kernel.util.VersionAttribute 1, ptolemy.moml.Location 1, "
    "ptolemy.moml.SharedParameter 1)",
    "accepted 2 attributes that change nothing in Hyco (_type (a port's declared type; values "
    "are not converted) 1, localClock at its defaults 1)",
    NULL,
  };

  g_assert_no_error (error);
  top = hyco_model_get_toplevel (model);
  assert_string_param (hyco_composite_actor_get_director (top), "stopTime", "1.5");
  /* A SharedParameter (ptolemy.moml's, renamed) on a composite is a model parameter; a
   * StringAttribute no class reads is documentation. */
  g_assert_cmpstr (hyco_composite_actor_get_parameter_text (top, "high"), ==, "2");
  g_assert_null (hyco_composite_actor_get_parameter_text (top, "author"));
  g_assert_true (HYCO_IS_FSM_ACTOR (hyco_composite_actor_get_actor (top, "Toggle")));
  /* toggled and checked are one relation group, made as the first declared. */
  relations = hyco_composite_actor_get_relations (top);
  g_assert_cmpuint (relations->len, ==, 2);
  assert_linked_ports (top, "toggled", toggled);
  g_assert_null (hyco_composite_actor_get_relation (top, "checked"));

  notes = hyco_model_get_reading_notes (model);
  g_assert_cmpstrv (notes, expected_notes);
  hyco_model_run (model, NULL, &error);
  g_assert_no_error (error);
}

/* A model built in code, or a file with nothing to pass over, has no notes. */
static void
test_ptolemy_no_notes (void)
{
  g_autoptr (HycoModel) model = test_load_inline ("<entity name=\"top\" class=\"CompositeActor\">\n"
                                                  "  <entity name=\"C\" class=\"Const\"/>\n"
                                                  "</entity>\n");
  g_auto (GStrv) notes = hyco_model_get_reading_notes (model);
  g_autoptr (HycoCompositeActor) top = hyco_composite_actor_new ("top");
  g_autoptr (HycoModel) built = hyco_model_new (top);
  g_auto (GStrv) built_notes = hyco_model_get_reading_notes (built);

  g_assert_cmpuint (g_strv_length (notes), ==, 0);
  g_assert_cmpuint (g_strv_length (built_notes), ==, 0);
}

/* Attributes a Ptolemy simulation reads are honoured or refused by name, never dropped. */
static void
test_ptolemy_semantic_attributes (void)
{
  assert_inline_fails (
    "<entity name=\"top\" class=\"CompositeActor\">\n"
    "  <entity name=\"C\" class=\"Const\">\n"
    "    <property name=\"_priority\" class=\"ptolemy.domains.de.kernel.Priority\""
    " value=\"first\"/>\n"
    "  </entity>\n"
    "</entity>\n",
    HYCO_MODEL_FILE_ERROR_BAD_VALUE, 3,
    "property \"_priority\": Const \"C\": \"_priority\" (Ptolemy's order of simultaneous "
    "firings) is an actor's integer, not \"first\"");
  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\">\n"
                       "  <port name=\"p\">\n"
                       "    <property name=\"input\"/>\n"
                       "    <property name=\"_type\" class=\"ptolemy.actor.TypeAttribute\""
                       " value=\"double\"/>\n"
                       "  </port>\n"
                       "</entity>\n",
                       HYCO_MODEL_FILE_ERROR_BAD_VALUE, 4,
                       "property \"_type\": a port declared of type \"double\" is not supported");
  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\">\n"
                       "  <port name=\"p\">\n"
                       "    <property name=\"input\"/>\n"
                       "    <property name=\"defaultValue\" class=\"ptolemy.data.expr.Parameter\""
                       " value=\"0\"/>\n"
                       "  </port>\n"
                       "</entity>\n",
                       HYCO_MODEL_FILE_ERROR_UNKNOWN_PARAMETER, 4, "default value");
  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\">\n"
                       "  <property name=\"d\" class=\"DEDirector\">\n"
                       "    <property name=\"localClock\" class=\"ptolemy.actor.LocalClock\">\n"
                       "      <property name=\"drift\" value=\"2.0\"/>\n"
                       "    </property>\n"
                       "  </property>\n"
                       "</entity>\n",
                       HYCO_MODEL_FILE_ERROR_UNKNOWN_PARAMETER, 4,
                       "property \"drift\": DEDirector \"d\": parameter \"drift\" of its "
                       "local clock \"localClock\" is not supported");
  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\">\n"
                       "  <property name=\"_enableBackwardTypeInference\""
                       " class=\"ptolemy.data.expr.Parameter\" value=\"true\"/>\n"
                       "</entity>\n",
                       HYCO_MODEL_FILE_ERROR_UNKNOWN_PARAMETER, 2, "backward type inference");
  /* An attribute class with semantics Hyco does not have is named. */
  assert_inline_fails (
    "<entity name=\"top\" class=\"CompositeActor\">\n"
    "  <property name=\"Expect\" class=\"ptolemy.actor.lib.ExampleAttribute\">\n"
    "    <property name=\"message\" value=\"&quot;x&quot;\"/>\n"
    "  </property>\n"
    "</entity>\n",
    HYCO_MODEL_FILE_ERROR_UNKNOWN_CLASS, 2,
    "property \"Expect\": attribute class "
    "\"ptolemy.actor.lib.ExampleAttribute\" is not supported");
  /* What changes nothing is accepted. */
  {
    g_autoptr (HycoModel) model = test_load_inline (
      "<entity name=\"top\" class=\"CompositeActor\">\n"
      "  <property name=\"_defaultInferredWidthTo1\" class=\"ptolemy.data.expr.Parameter\""
      " value=\"true\"/>\n"
      "  <property name=\"_enableBackwardTypeInference\" class=\"ptolemy.data.expr.Parameter\""
      " value=\"false\"/>\n"
      "  <property name=\"_somethingNew\" class=\"ptolemy.data.expr.Parameter\" value=\"1\"/>\n"
      "  <entity name=\"C\" class=\"Const\">\n"
      "    <property name=\"_priority\" class=\"ptolemy.domains.de.kernel.Priority\""
      " value=\"0\"/>\n"
      "  </entity>\n"
      "  <port name=\"p\">\n"
      "    <property name=\"input\"/>\n"
      "    <property name=\"_type\" class=\"ptolemy.actor.TypeAttribute\" value=\"unknown\"/>\n"
      "    <property name=\"defaultValue\" class=\"ptolemy.data.expr.Parameter\"/>\n"
      "    <property name=\"local_input\" class=\"ptolemy.kernel.util.StringAttribute\"/>\n"
      "  </port>\n"
      "</entity>\n");
    g_auto (GStrv) notes = hyco_model_get_reading_notes (model);
    const char *const expected[] = {
      "ignored 1 drawing and documentation attributes (local_input 1)",
      "ignored 1 other underscore attributes, which Ptolemy or its tools add (_somethingNew 1)",
      "accepted 4 attributes that change nothing in Hyco (_defaultInferredWidthTo1 (relations "
      "are one channel wide) 1, _enableBackwardTypeInference false 1, _priority 0 (the "
      "default) 1, _type (a port's declared type; values are not converted) 1)",
      NULL,
    };

    g_assert_cmpstrv (notes, expected);
  }
  /* A priority other than 0 orders simultaneous firings, and is saved with the model. */
  {
    g_autoptr (HycoModel) model = test_load_inline (
      "<entity name=\"top\" class=\"CompositeActor\">\n"
      "  <entity name=\"C\" class=\"Const\">\n"
      "    <property name=\"_priority\" class=\"ptolemy.domains.de.kernel.Priority\""
      " value=\"-1\"/>\n"
      "  </entity>\n"
      "</entity>\n");
    g_autofree char *saved = hyco_model_save_to_data (model);
    g_autoptr (HycoModel) reloaded = test_load_inline (saved);
    HycoCompositeActor *top = hyco_model_get_toplevel (reloaded);

    g_assert_cmpint (hyco_actor_get_priority (hyco_composite_actor_get_actor (top, "C")), ==, -1);
  }
}

/* Parameter classes on properties: a class parameter whatever the class; on a composite, a
 * model parameter (text for the string classes); on an atomic actor, refused by name. */
static void
test_ptolemy_parameter_classes (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoModel) model = test_load_inline (
    "<entity name=\"top\" class=\"ptolemy.actor.TypedCompositeActor\">\n"
    "  <property name=\"d\" class=\"DEDirector\">\n"
    "    <property name=\"stopTime\" class=\"ptolemy.data.expr.ExpertParameter\" value=\"p\"/>\n"
    "  </property>\n"
    "  <property name=\"p\" class=\"ptolemy.actor.parameters.SharedParameter\" value=\"3\"/>\n"
    "  <property name=\"q\" class=\"ptolemy.data.expr.SingletonParameter\" value=\"p + 1\"/>\n"
    "  <entity name=\"C\" class=\"ptolemy.actor.lib.DiscreteClock\">\n"
    "    <property name=\"period\" class=\"ptolemy.actor.parameters.PortParameter\" value=\"q\"/>\n"
    "    <property name=\"note\" class=\"ptolemy.kernel.util.StringAttribute\" value=\"n\"/>\n"
    "  </entity>\n"
    "</entity>\n");
  HycoCompositeActor *top = hyco_model_get_toplevel (model);
  HycoActor *clock = hyco_composite_actor_get_actor (top, "C");

  g_assert_cmpstr (hyco_composite_actor_get_parameter_text (top, "q"), ==, "p + 1");
  assert_string_param (clock, "period", "4.0");

  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\">\n"
                       "  <entity name=\"C\" class=\"Const\">\n"
                       "    <property name=\"gain\" class=\"ptolemy.data.expr.Parameter\""
                       " value=\"1\"/>\n"
                       "  </entity>\n"
                       "</entity>\n",
                       HYCO_MODEL_FILE_ERROR_UNKNOWN_PARAMETER, 3,
                       "property \"gain\": Const \"C\" has no parameter \"gain\"");
  /* A PortParameter is also a port in Ptolemy: Hyco's class may have it as a parameter only. */
  assert_inline_fails (
    "<entity name=\"top\" class=\"CompositeActor\">\n"
    "  <entity name=\"C\" class=\"DiscreteClock\">\n"
    "    <port name=\"period\" class=\"ptolemy.actor.parameters.ParameterPort\">\n"
    "      <property name=\"input\"/>\n"
    "    </port>\n"
    "  </entity>\n"
    "</entity>\n",
    HYCO_MODEL_FILE_ERROR_UNKNOWN_PORT, 3,
    "DiscreteClock \"C\" has no port \"period\": \"period\" is a parameter of "
    "it, not a port");

  /* A PortParameter on a composite is a model parameter and an input port of one name: what
   * arrives at the port sets the parameter (hyco_composite_actor_set_parameter_port()). Its
   * port must be an input only. */
  {
    g_autoptr (HycoModel) linked = test_load_inline (
      "<entity name=\"top\" class=\"CompositeActor\">\n"
      "  <entity name=\"C\" class=\"Const\"/>\n"
      "  <entity name=\"Inner\" class=\"TypedCompositeActor\">\n"
      "    <property name=\"rate\" class=\"ptolemy.actor.parameters.PortParameter\" value=\"2\"/>\n"
      "    <port name=\"rate\" class=\"ptolemy.actor.parameters.ParameterPort\">\n"
      "      <property name=\"input\"/>\n"
      "    </port>\n"
      "  </entity>\n"
      "  <relation name=\"r\"/>\n"
      "  <link port=\"C.output\" relation=\"r\"/>\n"
      "  <link port=\"Inner.rate\" relation=\"r\"/>\n"
      "</entity>\n");
    g_autoptr (HycoModel) portless = test_load_inline (
      "<entity name=\"top\" class=\"CompositeActor\">\n"
      "  <entity name=\"Inner\" class=\"TypedCompositeActor\">\n"
      "    <property name=\"rate\" class=\"ptolemy.actor.parameters.PortParameter\" value=\"2\"/>\n"
      "  </entity>\n"
      "</entity>\n");
    HycoCompositeActor *inner = HYCO_COMPOSITE_ACTOR (
      hyco_composite_actor_get_actor (hyco_model_get_toplevel (linked), "Inner"));
    HycoCompositeActor *plain = HYCO_COMPOSITE_ACTOR (
      hyco_composite_actor_get_actor (hyco_model_get_toplevel (portless), "Inner"));

    g_assert_cmpstr (hyco_composite_actor_get_parameter_text (inner, "rate"), ==, "2");
    g_assert_true (hyco_composite_actor_has_parameter_port (inner, "rate"));
    g_assert_false (hyco_composite_actor_has_parameter_port (plain, "rate"));
  }
  assert_inline_fails (
    "<entity name=\"top\" class=\"CompositeActor\">\n"
    "  <entity name=\"Inner\" class=\"TypedCompositeActor\">\n"
    "    <property name=\"rate\" class=\"ptolemy.actor.parameters.PortParameter\" value=\"2\"/>\n"
    "    <port name=\"rate\">\n"
    "      <property name=\"output\"/>\n"
    "    </port>\n"
    "  </entity>\n"
    "</entity>\n",
    HYCO_MODEL_FILE_ERROR_INVALID, 3,
    "property \"rate\": CompositeActor \"Inner\": the port \"rate\" of a PortParameter must be "
    "an input only");

  /* A StringParameter model parameter is text, handed over as a string. */
  {
    g_autoptr (HycoModel) strings = hyco_model_new_from_data (
      "<entity name=\"top\" class=\"CompositeActor\">\n"
      "  <property name=\"s\" class=\"ptolemy.data.expr.StringParameter\" value=\"a "
      "&quot;b&quot;\"/>\n"
      "</entity>\n",
      -1, "inline.xml", &error);

    if (strings == NULL)
      {
        /* The expression language evaluates string-valued model parameters from its own
         * change on; until then the text still arrives quoted. */
        g_assert_nonnull (strstr (error->message, "\"a \\\"b\\\"\""));
        g_test_message ("string model parameters not evaluated yet: %s", error->message);
      }
    else
      g_assert_cmpstr (
        hyco_composite_actor_get_parameter_text (hyco_model_get_toplevel (strings), "s"), ==,
        "\"a \\\"b\\\"\"");
  }
}

/* An unknown class is named, with the Hyco class that does its work, or one spelt alike. */
static void
test_ptolemy_class_suggestions (void)
{
  GType ramp = hyco_registry_lookup ("Ramp");
  g_autofree char *gate = hyco_registry_suggest ("ptolemy.actor.lib.logic.LogicGate");
  g_autofree char *clock = hyco_registry_suggest ("DiscretClock");
  g_autofree char *nothing = hyco_registry_suggest ("ptolemy.actor.lib.Xyzzy");
  g_autoptr (GPtrArray) names = NULL;

  g_assert_cmpstr (gate, ==, "\"LogicalOperator\"");
  g_assert_cmpstr (clock, ==, "\"DiscreteClock\"");
  g_assert_null (nothing);
  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\">\n"
                       "  <entity name=\"A\" class=\"ptolemy.actor.lib.logic.LogicGate\"/>\n"
                       "</entity>\n",
                       HYCO_MODEL_FILE_ERROR_UNKNOWN_CLASS, 2,
                       "entity \"A\": no actor class named \"ptolemy.actor.lib.logic.LogicGate\" "
                       "(Hyco has \"LogicalOperator\")");

  /* A full name is looked up before its last component, and an alias is never canonical. */
  hyco_registry_register_alias ("ptolemy.domains.test.lib.Const", ramp);
  g_assert_true (hyco_registry_lookup ("ptolemy.domains.test.lib.Const") == ramp);
  g_assert_true (hyco_registry_lookup ("ptolemy.actor.lib.Const")
                 == hyco_registry_lookup ("Const"));
  g_assert_cmpstr (hyco_registry_get_name (ramp), ==, "Ramp");
  names = hyco_registry_list ();
  for (guint i = 0; i < names->len; i++)
    g_assert_cmpstr (names->pdata[i], !=, "ptolemy.domains.test.lib.Const");
}

/* Links at a position: Ptolemy's insertAt and insertInsideAt, -1 meaning at the end. */
static void
test_ptolemy_insert_at (void)
{
  g_autoptr (HycoModel) model
    = test_load_inline ("<entity name=\"top\" class=\"CompositeActor\">\n"
                        "  <port name=\"p\"><property name=\"input\"/></port>\n"
                        "  <entity name=\"R\" class=\"Recorder\"/>\n"
                        "  <relation name=\"a\"/>\n"
                        "  <relation name=\"b\"/>\n"
                        "  <link port=\"R.input\" relation=\"a\" insertAt=\"0\"/>\n"
                        "  <link port=\"R.input\" relation=\"b\" insertAt=\"-1\"/>\n"
                        "  <link port=\"p\" relation=\"a\" insertInsideAt=\"0\"/>\n"
                        "</entity>\n");

  g_assert_nonnull (model);
  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\">\n"
                       "  <entity name=\"R\" class=\"Recorder\"/>\n"
                       "  <relation name=\"a\"/>\n"
                       "  <link port=\"R.input\" relation=\"a\" insertAt=\"2\"/>\n"
                       "</entity>\n",
                       HYCO_MODEL_FILE_ERROR_INVALID, 4, "insertAt=\"2\"");
  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\">\n"
                       "  <entity name=\"R\" class=\"Recorder\"/>\n"
                       "  <relation name=\"a\"/>\n"
                       "  <link port=\"R.input\" relation=\"a\" insertInsideAt=\"0\"/>\n"
                       "</entity>\n",
                       HYCO_MODEL_FILE_ERROR_INVALID, 4, "insertInsideAt=\"0\"");
}

/* Ptolemy II's own test models (../shared/ptolemy/models from the source root) load as far as
 * the reader is concerned: what may still stop one is a class or parameter Hyco's library
 * lacks, named, never the file's structure or Vergil's attributes. */
static void
test_ptolemy_suite (void)
{
  static const char *const models[] = {
    "actorlib/Clock5.xml",
    "actorlib/Clock13.xml",
    "actorlib/CompareDE.xml",
    "actorlib/DiscreteClock2.xml",
    "actorlib/TriggeredClock.xml",
    "continuous/ContinuousInDE4.xml",
    "continuous/Integration2.xml",
    "continuous/ContinuousWithinContinuous7.xml",
    "de/ResettableTimer2.xml",
    "de/Priority2.xml",
    "sr/SRinDE.xml",
    "sr/GuardedCountTimed.xml",
  };
  g_autofree char *dir
    = g_test_build_filename (G_TEST_DIST, "..", "..", "shared", "ptolemy", "models", NULL);

  if (!g_file_test (dir, G_FILE_TEST_IS_DIR))
    {
      g_test_skip ("no Ptolemy II models in ../shared/ptolemy/models");
      return;
    }
  for (guint i = 0; i < G_N_ELEMENTS (models); i++)
    {
      g_autofree char *path = g_build_filename (dir, models[i], NULL);
      g_autoptr (GError) error = NULL;
      g_autoptr (HycoModel) model = hyco_model_new_from_file (path, &error);

      if (model != NULL)
        continue;
      g_test_message ("%s", error->message);
      g_assert_true (error->domain == HYCO_MODEL_FILE_ERROR);
      if (error->code != HYCO_MODEL_FILE_ERROR_UNKNOWN_CLASS
          && error->code != HYCO_MODEL_FILE_ERROR_UNKNOWN_PARAMETER
          && error->code != HYCO_MODEL_FILE_ERROR_BAD_VALUE)
        g_assert_cmpstr (error->message, ==, "a class or parameter the library lacks");
      g_assert_null (strstr (error->message, "\"_"));
      g_assert_null (strstr (error->message, "width"));
      g_assert_null (strstr (error->message, "relation1"));
      g_assert_null (strstr (error->message, "ptolemy.domains.fsm"));
    }
}

/* Nesting beyond XML parsers' usual 256 levels loads; beyond HYCO_MODEL_FILE_MAX_DEPTH it is
 * refused with the line and the limit. */
static char *
nested_model (guint depth)
{
  GString *xml = g_string_new ("<entity name=\"top\" class=\"CompositeActor\">"
                               "<property name=\"director\" class=\"DEDirector\"/>\n");

  for (guint i = 0; i < depth; i++)
    g_string_append_printf (xml, "<entity name=\"C%u\" class=\"CompositeActor\">\n", i);
  for (guint i = 0; i < depth; i++)
    g_string_append (xml, "</entity>\n");
  g_string_append (xml, "</entity>\n");
  return g_string_free (xml, FALSE);
}

static void
test_deep_nesting (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *deep = nested_model (5000);
  g_autofree char *too_deep = nested_model (HYCO_MODEL_FILE_MAX_DEPTH);
  g_autoptr (HycoModel) model = hyco_model_new_from_data (deep, -1, "deep.xml", &error);
  HycoModel *refused;

  g_assert_no_error (error);
  g_assert_nonnull (hyco_model_lookup_actor (model, "C0.C1.C2"));
  g_assert_true (hyco_model_run (model, NULL, &error));
  g_assert_no_error (error);
  /* The top level's entity and HYCO_MODEL_FILE_MAX_DEPTH inside it: one too many. */
  refused = hyco_model_new_from_data (too_deep, -1, "deep.xml", &error);
  g_assert_null (refused);
  g_assert_error (error, HYCO_MODEL_FILE_ERROR, HYCO_MODEL_FILE_ERROR_MALFORMED);
  g_assert_cmpstr (error->message, ==,
                   "deep.xml:10001: <entity> is nested 10001 elements deep: model files are "
                   "limited to 10000 levels");
}

/* An element of HYCO_MODEL_FILE_MAX_ATTRIBUTES attributes loads, one more is refused before
 * parsing with its line (an element of 1e5 took libxml2 2.9 minutes); '=' and '>' in quoted
 * values, comments, CDATA sections, processing instructions and the DOCTYPE are not counted. */
static char *
many_attributes_model (guint n)
{
  GString *xml = g_string_new ("<?xml version=\"1.0\"?>\n"
                               "<!DOCTYPE entity PUBLIC \"-//a=b//EN\" \"x=y>.dtd\">\n"
                               "<!-- a=1 <b c=2> -->\n<?pi d=3?>\n"
                               "<entity name=\"top\" class=\"CompositeActor\">\n"
                               "<property name=\"director\" class=\"DEDirector\"/>\n"
                               "<doc><![CDATA[<e f=1 g=2>]]></doc>\n<entity name=\"C\"\n");

  g_string_append (xml, " class=\"ptolemy.actor.lib.Const\"");
  for (guint i = 2; i < n; i++) /* name and class are two */
    g_string_append_printf (xml, " a%u=\"=>\"", i);
  g_string_append (xml, ">\n<property name=\"value\" value=\"2\"/></entity>\n</entity>\n");
  return g_string_free (xml, FALSE);
}

static void
test_attribute_limit (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *most = many_attributes_model (HYCO_MODEL_FILE_MAX_ATTRIBUTES);
  g_autofree char *too_many = many_attributes_model (HYCO_MODEL_FILE_MAX_ATTRIBUTES + 1);
  g_autoptr (HycoModel) model = hyco_model_new_from_data (most, -1, "wide.xml", &error);
  HycoModel *refused;

  g_assert_no_error (error);
  g_assert_nonnull (hyco_model_lookup_actor (model, "C"));
  refused = hyco_model_new_from_data (too_many, -1, "wide.xml", &error);
  g_assert_null (refused);
  g_assert_error (error, HYCO_MODEL_FILE_ERROR, HYCO_MODEL_FILE_ERROR_MALFORMED);
  g_assert_cmpstr (error->message, ==,
                   "wide.xml:8: <entity> has more than 1000 attributes: model files are limited "
                   "to 1000 per element");
}

/* What the reader reads of XML beyond MoML's elements: encodings, references, the DOCTYPE,
 * text, and what it says of a file that is not well-formed. */

static void
test_xml_encodings (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoModel) latin1 = NULL;

  /* ISO-8859-1, as its declaration says: converted. */
  latin1 = hyco_model_new_from_data ("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n"
                                     "<entity name=\"t\xe9\" class=\"CompositeActor\">\n"
                                     "  <property name=\"d\" class=\"DEDirector\"/>\n"
                                     "</entity>\n",
                                     -1, "inline.xml", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (hyco_actor_get_name (HYCO_ACTOR (hyco_model_get_toplevel (latin1))), ==,
                   "t\xc3\xa9");
  assert_inline_fails ("<?xml version=\"1.0\" encoding=\"windows-1252\"?>\n"
                       "<entity name=\"t\" class=\"CompositeActor\"/>\n",
                       HYCO_MODEL_FILE_ERROR_MALFORMED, 1,
                       "inline.xml:1: the XML declaration names the encoding \"windows-1252\": "
                       "only UTF-8 (and US-ASCII, a part of it) and ISO-8859-1 are read");
  assert_inline_fails ("\xff\xfe<", HYCO_MODEL_FILE_ERROR_MALFORMED, 1,
                       "inline.xml:1: the file is UTF-16: only UTF-8");
  /* Bytes that are not UTF-8, in a file that does not say it is ISO-8859-1. */
  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\">\n"
                       "  <entity name=\"t\xe9\" class=\"Const\"/>\n"
                       "</entity>\n",
                       HYCO_MODEL_FILE_ERROR_MALFORMED, 2,
                       "inline.xml:2: malformed XML: column 18: the byte 0xE9 is not UTF-8 (a "
                       "file in ISO-8859-1 says so in its XML declaration)");
}

#define MOML_DOCTYPE                                                                               \
  "<?xml version=\"1.0\" standalone=\"no\"?>\n"                                                    \
  "<!DOCTYPE entity PUBLIC \"-//UC Berkeley//DTD MoML 1//EN\"\n"                                   \
  "    \"http://ptolemy.eecs.berkeley.edu/xml/dtd/MoML_1.dtd\">\n"

static void
test_xml_references (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoModel) model = NULL;

  /* Ptolemy's DOCTYPE (not fetched), the predefined entities, character references, comments,
   * processing instructions, CDATA sections of whitespace. */
  model = hyco_model_new_from_data (
    MOML_DOCTYPE "<!-- a comment -->\n"
                 "<entity name=\"top\" class=\"CompositeActor\">\n"
                 "  <?vergil something?>\n"
                 "  <property name=\"d\" class=\"DEDirector\"/><![CDATA[ \n ]]>\n"
                 "  <entity name=\"a&amp;&lt;&gt;&quot;&apos;&#65;&#x42;\" "
                 "class=\"Const\"/>\n"
                 "</entity>\n",
    -1, "inline.xml", &error);
  g_assert_no_error (error);
  g_assert_nonnull (hyco_composite_actor_get_actor (hyco_model_get_toplevel (model), "a&<>\"'AB"));
  /* With a DOCTYPE that names a DTD, a reference to an entity it might declare is refused, in
   * text as in an attribute (where the parser would drop it), at its line. */
  assert_inline_fails (MOML_DOCTYPE "<entity name=\"top\" class=\"CompositeActor\">\n"
                                    "  &who;\n"
                                    "</entity>\n",
                       HYCO_MODEL_FILE_ERROR_MALFORMED, 5,
                       "inline.xml:5: malformed XML: &who; refers to an entity that is not "
                       "declared: only &amp; &lt; &gt; &quot; &apos; and character references "
                       "are read");
  assert_inline_fails (MOML_DOCTYPE "<entity name=\"top\"\n"
                                    "        class=\"&who;CompositeActor\"/>\n",
                       HYCO_MODEL_FILE_ERROR_MALFORMED, 5, "malformed XML: &who; refers to");
  /* Without one, the parser refuses it itself: named the same way. */
  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\">\n"
                       "  <entity name=\"&lol;\" class=\"Const\"/>\n"
                       "</entity>\n",
                       HYCO_MODEL_FILE_ERROR_MALFORMED, 2, "malformed XML: &lol; refers to");
  assert_inline_fails ("<?xml version=\"1.0\"?>\n"
                       "<!DOCTYPE entity SYSTEM \"moml.dtd\" [\n"
                       "  %outside;\n"
                       "]>\n"
                       "<entity name=\"top\" class=\"CompositeActor\"/>\n",
                       HYCO_MODEL_FILE_ERROR_MALFORMED, 3,
                       "inline.xml:3: malformed XML: %outside; refers to a parameter entity, "
                       "which is not read");
  assert_inline_fails ("<?xml version=\"1.0\"?>\n"
                       "<!DOCTYPE entity [\n"
                       "  <!NOTATION gif SYSTEM \"image/gif\">\n"
                       "]>\n"
                       "<entity name=\"top\" class=\"CompositeActor\"/>\n",
                       HYCO_MODEL_FILE_ERROR_INVALID, 3,
                       "inline.xml:3: <!NOTATION gif>: declarations in the DOCTYPE are not "
                       "supported; it only names the MoML DTD");
}

static void
test_xml_errors (void)
{
  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\" name=\"again\"/>\n",
                       HYCO_MODEL_FILE_ERROR_MALFORMED, 1,
                       "inline.xml:1: malformed XML: the attribute \"name\" is given twice");
  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\"/>\n<entity/>\n",
                       HYCO_MODEL_FILE_ERROR_MALFORMED, 2,
                       "inline.xml:2: malformed XML: column 1: more after the end of the "
                       "top-level element, which must be the only one");
  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\">\n"
                       "  <property name=\"x\" value=\"a & b\"/>\n"
                       "</entity>\n",
                       HYCO_MODEL_FILE_ERROR_MALFORMED, 2,
                       "inline.xml:2: malformed XML: column 31: '&' that begins no reference (it "
                       "is written &amp;)");
  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\">\n"
                       "  <entity name=\"C\"",
                       HYCO_MODEL_FILE_ERROR_MALFORMED, 2,
                       "inline.xml:2: malformed XML: the file ends inside a tag, within <entity>, "
                       "opened on line 1");
  assert_inline_fails (" \n", HYCO_MODEL_FILE_ERROR_MALFORMED, 2,
                       "inline.xml:2: malformed XML: the file is empty");
  assert_inline_fails ("<?xml version=\"1.0\"?>\n<!-- nothing -->\n",
                       HYCO_MODEL_FILE_ERROR_MALFORMED, 3,
                       "inline.xml:3: malformed XML: the file holds no element");
  /* Text is dated by its first character, CDATA sections' too; a start tag by its end. */
  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\">\n"
                       "<![CDATA[\n"
                       "\n"
                       "  x]]>\n"
                       "</entity>\n",
                       HYCO_MODEL_FILE_ERROR_INVALID, 4,
                       "inline.xml:4: entity \"top\": unexpected text inside the element");
  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\">\n"
                       "  <entity\n"
                       "     name=\"C\"\n"
                       "     class=\"Const\"><unknown/></entity>\n"
                       "</entity>\n",
                       HYCO_MODEL_FILE_ERROR_INVALID, 4, "inline.xml:4: <unknown>");
  /* Lines end with a line feed, a carriage return, or both. */
  assert_inline_fails ("<entity name=\"top\" class=\"CompositeActor\">\r\n"
                       "  <entity\r"
                       "     name=\"C\"\r\n"
                       "     class=\"Const\"><unknown/></entity>\n"
                       "</entity>\n",
                       HYCO_MODEL_FILE_ERROR_INVALID, 4, "inline.xml:4: <unknown>");
}

/* Saved files are written as libxml2 wrote them (the expected texts are its output): values
 * escaped, non-ASCII characters as references, indentation up to 60 spaces. */
static void
test_save_libxml2_format (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoModel) model = NULL;
  g_autoptr (HycoModel) deep = NULL;
  g_autoptr (HycoModel) reloaded = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *saved_again = NULL;
  g_autofree char *deep_source = nested_model (40);
  g_autofree char *indent = g_strnfill (60, ' ');
  g_autofree char *line = NULL;

  model = hyco_model_new_from_data (
    MOML_DOCTYPE
    "<entity name=\"top\" class=\"ptolemy.actor.TypedCompositeActor\">\n"
    "  <property name=\"s\" class=\"ptolemy.data.expr.StringParameter\" "
    "value=\"a&amp;b&lt;c&gt;de'fg h i \xc3\xa9 \xc3\xbc \xc3\x9f \xe6\x97\xa5\xe6\x9c\xac "
    "\xf0\x9d\x84\x9e &#xFFFD; ]]&gt; end\"/>\n"
    "  <property name=\"x\" class=\"ptolemy.data.expr.Parameter\" "
    "value=\"1 +&#10;&#9;2&#13;+ 3 &lt; 7\"/>\n"
    "  <property name=\"DE Director\" class=\"ptolemy.domains.de.kernel.DEDirector\"/>\n"
    "  <entity name=\"Clock \xc3\xa9\" class=\"DiscreteClock\">\n"
    "    <property name=\"period\" value=\"0.1\"/>\n"
    "  </entity>\n"
    "</entity>\n",
    -1, "inline.xml", &error);
  g_assert_no_error (error);
  saved = hyco_model_save_to_data (model);
  g_assert_cmpstr (saved, ==,
                   MOML_DOCTYPE "<entity name=\"top\" class=\"CompositeActor\">\n"
                                "  <property name=\"s\" class=\"ptolemy.data.expr.Parameter\" "
                                "value=\"&quot;a&amp;b&lt;c&gt;de'fg h i &#xE9; &#xFC; &#xDF; "
                                "&#x65E5;&#x672C; &#x1D11E; &#xFFFD; ]]&gt; end&quot;\"/>\n"
                                "  <property name=\"x\" class=\"ptolemy.data.expr.Parameter\" "
                                "value=\"1 +&#10;&#9;2&#13;+ 3 &lt; 7\"/>\n"
                                "  <property name=\"DE Director\" class=\"DEDirector\"/>\n"
                                "  <entity name=\"Clock &#xE9;\" class=\"DiscreteClock\">\n"
                                "    <property name=\"period\" value=\"0.1\"/>\n"
                                "  </entity>\n"
                                "</entity>\n");
  reloaded = hyco_model_new_from_data (saved, -1, "saved.xml", &error);
  g_assert_no_error (error);
  saved_again = hyco_model_save_to_data (reloaded);
  g_assert_cmpstr (saved_again, ==, saved);

  /* 41 levels: the 30th (C29) and those below it are indented by 60 spaces. */
  deep = hyco_model_new_from_data (deep_source, -1, "deep.xml", &error);
  g_assert_no_error (error);
  g_clear_pointer (&saved, g_free);
  saved = hyco_model_save_to_data (deep);
  line = g_strdup_printf ("\n%s<entity name=\"C29\" class=\"CompositeActor\">\n", indent);
  g_assert_nonnull (strstr (saved, line));
  g_clear_pointer (&line, g_free);
  line = g_strdup_printf ("\n%s<entity name=\"C39\" class=\"CompositeActor\"/>\n%s</entity>\n",
                          indent, indent);
  g_assert_nonnull (strstr (saved, line));
  g_clear_pointer (&line, g_free);
  line = g_strdup_printf ("\n  %s<", indent);
  g_assert_null (strstr (saved, line));
  g_clear_pointer (&line, g_free);
  line = g_strdup_printf ("\n%s<entity name=\"C28\" class=\"CompositeActor\">\n", indent + 2);
  g_assert_nonnull (strstr (saved, line));
}

/* Bytes that are not UTF-8 in a value, as libxml2 2.9 wrote them: each byte that begins no
 * character XML allows as a reference to itself, the last byte as it is. */
static void
test_save_bytes (void)
{
  HycoXmlDocument *doc = _hyco_xml_document_new ();
  HycoXmlNode *root = _hyco_xml_new_element (doc, NULL, "entity");
  HycoXmlNode *p = _hyco_xml_new_element (doc, root, "p");
  HycoXmlNode *q = _hyco_xml_new_element (doc, root, "q");
  GString *out = g_string_new (NULL);

  _hyco_xml_set_attr (p, "a", "x\xff y \xc3\xa9 z\x01\x1f'");
  _hyco_xml_set_attr (q, "b", "\xc3\xa9 end\xc3");
  _hyco_xml_set_attr (q, "c", "\xef\xbf\xbe|\xed\xa0\x80|\xf4\x90\x80\x80|\xc0\x80|");
  _hyco_xml_set_attr (q, "b", "\xc3\xa9 end\xc3"); /* in its place */
  _hyco_xml_dump (root, out);
  g_assert_cmpstr (out->str, ==,
                   "<entity>\n"
                   "  <p a=\"x&#xFF; y &#xE9; z\x01\x1f'\"/>\n"
                   "  <q b=\"&#xE9; end\xc3\" c=\"&#xEF;&#xBF;&#xBE;|&#xED;&#xA0;&#x80;|"
                   "&#xF4;&#x90;&#x80;&#x80;|&#xC0;&#x80;|\"/>\n"
                   "</entity>\n");
  g_string_free (out, TRUE);
  _hyco_xml_document_free (doc);
}

/* A saved model replaces the file at its path only once complete: when writing fails (a full
 * disk, here a file size limit), the earlier file stays and no temporary file is left. */
static void
test_save_to_file_atomically (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("hyco-save-XXXXXX", &error);
  g_autofree char *path = g_build_filename (dir, "saved.xml", NULL);
  g_autofree char *contents = NULL;
  g_autofree char *data = NULL;
  g_autoptr (HycoModel) model = NULL;
  struct rlimit saved_limit, limit;
  GDir *listing;

  g_assert_no_error (error);
  model = hyco_model_new_from_data ("<entity name=\"top\" class=\"CompositeActor\">"
                                    "<property name=\"director\" class=\"DEDirector\"/>"
                                    "<entity name=\"Clock\" class=\"DiscreteClock\"/></entity>",
                                    -1, "inline.xml", &error);
  g_assert_no_error (error);
  data = hyco_model_save_to_data (model);
  g_assert_true (hyco_model_save_to_file (model, path, &error));
  g_assert_no_error (error);
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, data);

  g_assert_true (g_file_set_contents (path, "earlier", -1, NULL));
  signal (SIGXFSZ, SIG_IGN);
  g_assert_cmpint (getrlimit (RLIMIT_FSIZE, &saved_limit), ==, 0);
  limit = saved_limit;
  limit.rlim_cur = 16;
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &limit), ==, 0);
  g_assert_false (hyco_model_save_to_file (model, path, &error));
  g_assert_cmpint (setrlimit (RLIMIT_FSIZE, &saved_limit), ==, 0);
  signal (SIGXFSZ, SIG_DFL);
  g_assert_error (error, HYCO_MODEL_FILE_ERROR, HYCO_MODEL_FILE_ERROR_IO);
  g_assert_true (g_str_has_prefix (error->message, "writing the model to "));
  g_assert_nonnull (strstr (error->message, path));
  g_clear_pointer (&contents, g_free);
  g_assert_true (g_file_get_contents (path, &contents, NULL, NULL));
  g_assert_cmpstr (contents, ==, "earlier");
  listing = g_dir_open (dir, 0, NULL);
  g_assert_cmpstr (g_dir_read_name (listing), ==, "saved.xml");
  g_assert_null (g_dir_read_name (listing));
  g_dir_close (listing);
  g_clear_error (&error);

  /* What is not a regular file is written directly, and its errors are errors. */
  g_assert_false (hyco_model_save_to_file (model, "/dev/full", &error));
  g_assert_cmpstr (error->message, ==,
                   "writing the model to /dev/full failed: No space left on device");
  g_unlink (path);
  g_rmdir (dir);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  hyco_init ();

  g_test_add_func ("/model-file/load/structure", test_load_structure);
  g_test_add_func ("/model-file/load/ptolemy", test_load_ptolemy);
  g_test_add_func ("/model-file/load/qualified-names", test_load_qualified_names);
  g_test_add_func ("/model-file/load/ignored", test_load_ignored);
  g_test_add_func ("/model-file/load/atomic-ports", test_load_atomic_ports);
  g_test_add_func ("/model-file/load/malformed", test_error_malformed);
  g_test_add_func ("/model-file/load/unknown-class", test_error_unknown_class);
  g_test_add_func ("/model-file/load/unknown-parameter", test_error_unknown_parameter);
  g_test_add_func ("/model-file/load/bad-value", test_error_bad_value);
  g_test_add_func ("/model-file/load/dangling-link", test_error_dangling_link);
  g_test_add_func ("/model-file/load/unknown-relation", test_error_unknown_relation);
  g_test_add_func ("/model-file/load/duplicate-name", test_error_duplicate_name);
  g_test_add_func ("/model-file/load/duplicate-port", test_error_duplicate_port);
  g_test_add_func ("/model-file/load/missing-attribute", test_error_missing_attribute);
  g_test_add_func ("/model-file/load/unknown-element", test_error_unknown_element);
  g_test_add_func ("/model-file/load/director-placement", test_error_director_placement);
  g_test_add_func ("/model-file/load/relation-link", test_relation_link);
  g_test_add_func ("/model-file/load/link-index", test_error_link_index);
  g_test_add_func ("/model-file/load/entities", test_error_entities);
  g_test_add_func ("/model-file/save/format", test_save_format);
  g_test_add_func ("/model-file/save/escaping", test_save_escaping);
  g_test_add_func ("/model-file/save/multiport-order", test_save_multiport_order);
  g_test_add_func ("/model-file/save/round-trip", test_round_trip);
  g_test_add_func ("/model-file/run/examples", test_examples_run);
  g_test_add_func ("/model-file/run/feedback-checked", test_example_feedback_counts);
  g_test_add_func ("/model-file/run/zero-delay-loop", test_zero_delay_loop);

  g_test_add_func ("/model-file/port-units", test_port_units);
  g_test_add_func ("/model-file/ptolemy/vergil", test_ptolemy_vergil);
  g_test_add_func ("/model-file/ptolemy/no-notes", test_ptolemy_no_notes);
  g_test_add_func ("/model-file/ptolemy/semantic-attributes", test_ptolemy_semantic_attributes);
  g_test_add_func ("/model-file/ptolemy/parameter-classes", test_ptolemy_parameter_classes);
  g_test_add_func ("/model-file/ptolemy/class-suggestions", test_ptolemy_class_suggestions);
  g_test_add_func ("/model-file/ptolemy/insert-at", test_ptolemy_insert_at);
  g_test_add_func ("/model-file/ptolemy/suite", test_ptolemy_suite);
  g_test_add_func ("/model-file/save-to-file-atomically", test_save_to_file_atomically);
  g_test_add_func ("/model-file/deep-nesting", test_deep_nesting);
  g_test_add_func ("/model-file/attribute-limit", test_attribute_limit);
  g_test_add_func ("/model-file/xml/encodings", test_xml_encodings);
  g_test_add_func ("/model-file/xml/references", test_xml_references);
  g_test_add_func ("/model-file/xml/errors", test_xml_errors);
  g_test_add_func ("/model-file/save/libxml2-format", test_save_libxml2_format);
  g_test_add_func ("/model-file/save/bytes", test_save_bytes);
  return g_test_run ();
}
