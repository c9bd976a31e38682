/* test-fmu-actor.c: the FMU actor (FMUImport) in models: FMUs that cannot be loaded, FMUs that
 * fail during a run, FMUs that cannot save their state, FMU parameters in model files, rollback
 * under a continuous director, and direct feedthrough. The FMUs are the project's test FMUs
 * (tests/fmus/README.md) and the archives the loader refuses (tests/fmus/broken), found
 * through HYCO_FMU_PATH and HYCO_TEST_FMU_DIR. TMPDIR is a private directory, so that every test
 * can check that no unpacked FMU is left in it.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-fmi2-fmu.h"
#include "test-support.h"

#include <glib/gstdio.h>
#include <math.h>

/* The FMI 2.0 backend underneath: its function table, and an instance's fmi2Component. */
#define FMI(fmu) (_hyco_fmi2_fmu_get_functions (fmu))
#define COMPONENT(instance) (_hyco_fmi2_instance_get_component (instance))
#include <string.h>

/* Models are read from text under this name: a relative fmuFile is not next to it (the test
 * runs in the source root), so it is found through HYCO_FMU_PATH. */
#define SOURCE "fmu-actor.xml"

/* A model file: a director of class @director with @stop_time, then @body, which starts at
 * line 6 (its first entity's fmuFile property, when it has one first, is at line 7). */
static char *
model_text (const char *director, const char *stop_time, const char *body)
{
  return g_strdup_printf ("<?xml version=\"1.0\"?>\n"
                          "<entity name=\"m\" class=\"TypedCompositeActor\">\n"
                          "  <property name=\"Director\" class=\"%s\">\n"
                          "    <property name=\"stopTime\" value=\"%s\"/>\n"
                          "  </property>\n"
                          "%s"
                          "</entity>\n",
                          director, stop_time, body);
}

static HycoModel *
load (const char *director, const char *stop_time, const char *body)
{
  g_autofree char *text = model_text (director, stop_time, body);
  g_autoptr (GError) error = NULL;
  HycoModel *model = hyco_model_new_from_data (text, -1, SOURCE, &error);

  g_assert_no_error (error);
  return model;
}

/* A TestLog with nothing connected: it counts the wrapups of the run, failed or not. */
static TestLog *
add_witness (HycoModel *model)
{
  HycoActor *witness = test_log_new ("Witness");

  test_add (hyco_model_get_toplevel (model), witness);
  return TEST_LOG (witness);
}

/* The value of the Recorder @name's last event, which must be at @time (seconds). */
static double
last_value_at (HycoModel *model, const char *name, gint64 time)
{
  HycoRecorder *recorder = HYCO_RECORDER (hyco_model_lookup_actor (model, name));
  guint n = hyco_recorder_get_count (recorder);
  HycoTag tag;

  g_assert_cmpuint (n, >, 0);
  hyco_recorder_get_tag (recorder, n - 1, &tag);
  g_assert_cmpint (tag.time, ==, time);
  return hyco_value_get_double (hyco_recorder_get_value (recorder, n - 1));
}

/* Model time is in nanoseconds (the default resolution). */
#define SECOND G_GINT64_CONSTANT (1000000000)

/* Messages the FMUs log (domain "Hyco", "INSTANCE: logStatusError: TEXT"). The loader gives
 * fmi2Error and fmi2Fatal messages a level that is not fatal in tests; if a build makes them
 * warnings, those of the FMUs are still no reason to abort, since the run reports them. */
static GPtrArray *logged;

static void
record_message (const char *domain, GLogLevelFlags level, const char *message, gpointer data)
{
  g_ptr_array_add (logged, g_strdup (message));
}

static gboolean
fmu_messages_not_fatal (const char *domain, GLogLevelFlags level, const char *message,
                        gpointer data)
{
  return !(g_strcmp0 (domain, "Hyco") == 0 && strstr (message, ": logStatus") != NULL);
}

/* Runs @model, which must succeed, keeping the messages it logs in `logged`. */
static void
run_recording_messages (HycoModel *model)
{
  g_autoptr (GError) error = NULL;
  guint handler;

  logged = g_ptr_array_new_with_free_func (g_free);
  handler = g_log_set_handler ("Hyco", G_LOG_LEVEL_MESSAGE, record_message, NULL);
  g_assert_true (hyco_model_run (model, NULL, &error));
  g_log_remove_handler ("Hyco", handler);
  g_assert_no_error (error);
}

static gboolean
was_logged (const char *part)
{
  for (guint i = 0; i < logged->len; i++)
    if (strstr (logged->pdata[i], part) != NULL)
      return TRUE;
  return FALSE;
}

/* Loading ------------------------------------------------------------------------------- */

typedef struct
{
  const char *file; /* relative to HYCO_FMU_PATH */
  int code;         /* HycoFmuError */
  const char *reason;
} Broken;

static const Broken broken[] = {
  { "no-such.fmu", HYCO_FMU_ERROR_NOT_FOUND, "no-such.fmu: no such file" },
  { "broken/parent-path.fmu", HYCO_FMU_ERROR_UNSAFE_PATH,
    "the archive entry \"resources/../../evil\" is refused: a \"..\" component" },
  { "broken/absolute-path.fmu", HYCO_FMU_ERROR_UNSAFE_PATH,
    "the archive entry \"/tmp/hyco-fmu-evil\" is refused: an absolute path" },
  { "broken/no-binary.fmu", HYCO_FMU_ERROR_NO_BINARY,
    "no binaries/linux64/loader.so: the FMU has no library for this platform" },
  { "broken/bad-xml.fmu", HYCO_FMU_ERROR_DESCRIPTION, "modelDescription.xml:69: malformed XML" },
  { "broken/missing-function.fmu", HYCO_FMU_ERROR_MISSING_FUNCTION,
    "binaries/linux64/loader.so does not export fmi2DoStep, which FMI 2.0 requires" },
};

/* In a model file: the error is where fmuFile is set, with the loader's reason; nothing is left
 * unpacked. */
static void
test_load_model_file (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (broken); i++)
    {
      g_autofree char *body = g_strdup_printf ("  <entity name=\"F\" class=\"FMUImport\">\n"
                                               "    <property name=\"fmuFile\" value=\"%s\"/>\n"
                                               "    <property name=\"k\" value=\"1\"/>\n"
                                               "  </entity>\n",
                                               broken[i].file);
      g_autofree char *text = model_text ("DEDirector", "1", body);
      g_autoptr (GError) error = NULL;
      g_autoptr (HycoModel) model = hyco_model_new_from_data (text, -1, SOURCE, &error);
      const char *base = strrchr (broken[i].file, '/');
      g_autofree char *named = g_strdup_printf ("%s: ", base ? base + 1 : broken[i].file);

      g_test_message ("%s", broken[i].file);
      g_assert_null (model);
      g_assert_error (error, HYCO_MODEL_FILE_ERROR, HYCO_MODEL_FILE_ERROR_BAD_VALUE);
      g_assert_true (g_str_has_prefix (error->message, SOURCE ":7: property \"fmuFile\": "));
      test_assert_contains (error->message, named); /* the FMU file, as found */
      test_assert_contains (error->message, broken[i].reason);
      g_assert_cmpuint (test_private_tmp_count (), ==, 0);
    }
}

/* hyco_fmu_actor_load() says which of the loader's errors it was. */
static void
test_load_api (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (broken); i++)
    {
      g_autoptr (HycoActor) actor = hyco_fmu_actor_new ("F");
      g_autoptr (GError) error = NULL;

      g_test_message ("%s", broken[i].file);
      g_assert_false (hyco_fmu_actor_load (HYCO_FMU_ACTOR (actor), broken[i].file, &error));
      g_assert_error (error, HYCO_FMU_ERROR, broken[i].code);
      test_assert_contains (error->message, broken[i].reason);
      g_assert_null (hyco_fmu_actor_get_category (HYCO_FMU_ACTOR (actor)));
      g_assert_cmpuint (test_private_tmp_count (), ==, 0);
    }
}

/* Built in code, the actor keeps the reason for prepare, which names the actor and fmuFile. */
static void
test_load_prepare (void)
{
  g_autoptr (HycoCompositeActor) top = test_top_new ("1");
  HycoActor *actor = test_add_new (top, "FMUImport", "F");
  HycoActor *empty = test_add_new (top, "FMUImport", "Empty");
  g_autoptr (HycoModel) model = hyco_model_new (top);
  g_autoptr (GError) error = NULL;

  test_set (actor, "fmuFile", "broken/parent-path.fmu");
  g_assert_false (hyco_model_prepare (model, &error));
  g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_PARAMETER);
  test_assert_contains (error->message, "F: parameter fmuFile: ");
  test_assert_contains (error->message, "parent-path.fmu: the archive entry");
  g_clear_error (&error);

  test_set (actor, "fmuFile", "gain.fmu");
  g_assert_false (hyco_model_prepare (model, &error));
  g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_PARAMETER);
  g_assert_cmpstr (error->message, ==, "Empty: parameter fmuFile: no FMU given");
  g_clear_error (&error);

  test_set (empty, "fmuFile", "gain.fmu");
  g_assert_true (hyco_model_prepare (model, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (test_private_tmp_count (), ==, 2);
  g_clear_object (&model);
  g_clear_object (&top);
  g_assert_cmpuint (test_private_tmp_count (), ==, 0);
}

/* Failures during a run ------------------------------------------------------------------ */

typedef struct
{
  int fail_at;
  const char *message; /* the whole error message */
  const char *logged;  /* what the FMU logged */
} Failure;

/* Runs a model whose FMU F fails; checks the error, that the FMU's own message reached GLib
 * logging, that wrapup ran, and that the FMU is gone with the model. */
static void
run_failing (HycoModel *model, GQuark domain, int code, const char *message,
             const char *logged_part)
{
  g_autoptr (GError) error = NULL;
  TestLog *witness = add_witness (model);
  guint handler;

  logged = g_ptr_array_new_with_free_func (g_free);
  handler = g_log_set_handler (
    "Hyco", G_LOG_LEVEL_MASK & ~(G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_ERROR), record_message, NULL);
  g_assert_false (hyco_model_run (model, NULL, &error));
  g_log_remove_handler ("Hyco", handler);
  g_assert_error (error, domain, code);
  g_assert_cmpstr (error->message, ==, message);
  if (logged_part)
    g_assert_true (was_logged (logged_part));
  g_clear_pointer (&logged, g_ptr_array_unref);
  g_assert_cmpuint (test_log_wrapups (witness), ==, 1);
}

static char *
faulty_body (int fail_at, gboolean continuous)
{
  /* The FMU sets u in step mode (failAt 3) from a ramp under a continuous director, and under
   * DE (stepped by its communication step) from its own output t, which depends on no input:
   * an event source of its own would trigger it at tags where its outputs are already absent
   * (see /fmu-actor/feedthrough/delayed). */
  if (continuous)
    return g_strdup_printf ("  <entity name=\"F\" class=\"FMUImport\">\n"
                            "    <property name=\"fmuFile\" value=\"faulty.fmu\"/>\n"
                            "    <property name=\"failAt\" value=\"%d\"/>\n"
                            "  </entity>\n"
                            "  <entity name=\"Ramp\" class=\"ContinuousRamp\"/>\n"
                            "  <relation name=\"u\" class=\"TypedIORelation\"/>\n"
                            "  <link port=\"Ramp.output\" relation=\"u\"/>\n"
                            "  <link port=\"F.u\" relation=\"u\"/>\n",
                            fail_at);
  return g_strdup_printf ("  <entity name=\"F\" class=\"FMUImport\">\n"
                          "    <property name=\"fmuFile\" value=\"faulty.fmu\"/>\n"
                          "    <property name=\"failAt\" value=\"%d\"/>\n"
                          "    <property name=\"communicationStepSize\" value=\"0.25\"/>\n"
                          "  </entity>\n"
                          "  <relation name=\"t\" class=\"TypedIORelation\"/>\n"
                          "  <link port=\"F.t\" relation=\"t\"/>\n"
                          "  <link port=\"F.u\" relation=\"t\"/>\n",
                          fail_at);
}

static void
test_faulty_de (void)
{
  static const Failure failures[] = {
    { 1,
      "F: FMU faulty (F): fmi2DoStep returned fmi2Error: doStep fails on purpose at 1 (failAt=1)",
      "F: logStatusError: doStep fails on purpose at 1 (failAt=1)" },
    { 2,
      "F: FMU faulty (F): fmi2GetReal returned fmi2Error: fmi2GetReal fails on purpose at 1 "
      "(failAt=2)",
      "F: logStatusError: fmi2GetReal fails on purpose at 1 (failAt=2)" },
    { 3,
      "F: FMU faulty (F): fmi2SetReal returned fmi2Error: fmi2SetReal fails on purpose at 1 "
      "(failAt=3)",
      "F: logStatusError: fmi2SetReal fails on purpose at 1 (failAt=3)" },
    { 5,
      "F: FMU faulty (F): fmi2DoStep returned fmi2Fatal: doStep fails fatally on purpose at 1 "
      "(failAt=5)",
      "F: logStatusFatal: doStep fails fatally on purpose at 1 (failAt=5)" },
    { 7,
      "F: FMU faulty (F): fmi2ExitInitializationMode returned fmi2Error: "
      "fmi2ExitInitializationMode fails on purpose (failAt=7)",
      "F: logStatusError: fmi2ExitInitializationMode fails on purpose (failAt=7)" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (failures); i++)
    {
      g_autofree char *body = faulty_body (failures[i].fail_at, FALSE);
      g_autoptr (HycoModel) model = load ("DEDirector", "2", body);

      g_test_message ("failAt = %d", failures[i].fail_at);
      run_failing (model, HYCO_FMU_ERROR, HYCO_FMU_ERROR_CALL, failures[i].message,
                   failures[i].logged);
      g_clear_object (&model);
      g_assert_cmpuint (test_private_tmp_count (), ==, 0);
    }
}

/* fmi2Instantiate returning NULL: chosen by the environment, since parameters come after it. */
static void
test_faulty_instantiate (void)
{
  g_autofree char *body = faulty_body (0, FALSE);
  g_autoptr (HycoModel) model = load ("DEDirector", "2", body);

  g_setenv ("HYCO_FAULTY_FAIL_AT", "4", TRUE);
  run_failing (model, HYCO_FMU_ERROR, HYCO_FMU_ERROR_CALL,
               "F: FMU faulty (F): fmi2Instantiate failed: fmi2Instantiate fails on purpose "
               "(HYCO_FAULTY_FAIL_AT=4)",
               "F: logStatusError: fmi2Instantiate fails on purpose (HYCO_FAULTY_FAIL_AT=4)");
  g_unsetenv ("HYCO_FAULTY_FAIL_AT");

  /* The same model runs once the FMU instantiates. */
  g_assert_true (hyco_model_set_parameter (model, "F.failAt", "0", NULL));
  g_assert_true (hyco_model_run (model, NULL, NULL));
  g_clear_object (&model);
  g_assert_cmpuint (test_private_tmp_count (), ==, 0);
}

/* A step the FMU does not complete (fmi2Discard) where no director can take a smaller one
 * must not be committed as if it had been taken. */
static void
test_faulty_discard_de (void)
{
  static const char body[] = "  <entity name=\"F\" class=\"FMUImport\">\n"
                             "    <property name=\"fmuFile\" value=\"faulty.fmu\"/>\n"
                             "    <property name=\"failAt\" value=\"6\"/>\n"
                             "    <property name=\"communicationStepSize\" value=\"0.25\"/>\n"
                             "  </entity>\n"
                             "  <entity name=\"R\" class=\"Recorder\"/>\n"
                             "  <relation name=\"t\" class=\"TypedIORelation\"/>\n"
                             "  <link port=\"F.t\" relation=\"t\"/>\n"
                             "  <link port=\"R.input\" relation=\"t\"/>\n";
  /* The FMU stops at failAtTime = 1, in the step from 1 to 1.25. */
  g_autoptr (HycoModel) model = load ("DEDirector", "1.25", body);
  g_autoptr (GError) error = NULL;
  gboolean ok = hyco_model_run (model, NULL, &error);

  g_assert_false (ok);
  g_assert_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_CALL);
  test_assert_contains (error->message, "F: FMU faulty (F): fmi2DoStep returned fmi2Discard");
  test_assert_contains (error->message, "doStep stops at failAtTime = 1 on purpose (failAt=6)");
}

static void
test_faulty_continuous (void)
{
  static const Failure failures[] = {
    { 7,
      "F: FMU faulty (F): fmi2ExitInitializationMode returned fmi2Error: "
      "fmi2ExitInitializationMode fails on purpose (failAt=7)",
      NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (failures); i++)
    {
      g_autofree char *body = faulty_body (failures[i].fail_at, TRUE);
      g_autoptr (HycoModel) model = load ("ContinuousDirector", "2", body);

      g_test_message ("failAt = %d", failures[i].fail_at);
      run_failing (model, HYCO_FMU_ERROR, HYCO_FMU_ERROR_CALL, failures[i].message,
                   failures[i].logged);
      g_clear_object (&model);
      g_assert_cmpuint (test_private_tmp_count (), ==, 0);
    }

  /* Failures that step revision does not retry, at whatever time the director's steps reach
   * failAtTime: a plain FMU's fmi2Error from its step (1: FMI 2.0 section 2.1.3 lets the
   * simulation go on only from a saved state, and a step refused is discarded, not an
   * error), fmi2GetReal (2), fmi2SetReal (3), fmi2Fatal (5), fmi2Pending (8). */
  static const struct
  {
    int fail_at;
    const char *call;
    const char *says;
  } unrevised[]
    = { { 1, "fmi2DoStep returned fmi2Error", " on purpose at " },
        { 2, "fmi2GetReal returned fmi2Error", " on purpose at " },
        { 3, "fmi2SetReal returned fmi2Error", " on purpose at " },
        { 5, "fmi2DoStep returned fmi2Fatal", " on purpose at " },
        { 8, "fmi2DoStep returned fmi2Pending", "asynchronous FMUs are not supported" } };
  for (guint i = 0; i < G_N_ELEMENTS (unrevised); i++)
    {
      g_autofree char *body = faulty_body (unrevised[i].fail_at, TRUE);
      g_autoptr (HycoModel) model = load ("ContinuousDirector", "2", body);
      g_autoptr (GError) error = NULL;
      TestLog *witness = add_witness (model);

      g_test_message ("failAt = %d", unrevised[i].fail_at);
      g_assert_false (hyco_model_run (model, NULL, &error));
      g_assert_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_CALL);
      g_assert_true (g_str_has_prefix (error->message, "F: FMU faulty (F): "));
      test_assert_contains (error->message, unrevised[i].call);
      test_assert_contains (error->message, unrevised[i].says);
      g_assert_cmpuint (test_log_wrapups (witness), ==, 1);
      /* Once: the director did not retry the step (the FMU's error phase would refuse a
       * second step with another message). */
      g_assert_null (strstr (error->message, "discarded"));
      g_clear_object (&model);
      g_assert_cmpuint (test_private_tmp_count (), ==, 0);
    }
}

/* A discarded step under a continuous director: revised down to one tick, then an error that
 * says which FMU and call, with the FMU's reason. */
static void
test_faulty_discard_continuous (void)
{
  g_autofree char *body = faulty_body (6, TRUE);
  g_autoptr (HycoModel) model = load ("ContinuousDirector", "2", body);
  g_autoptr (GError) error = NULL;
  TestLog *witness = add_witness (model);

  g_assert_false (hyco_model_run (model, NULL, &error));
  g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_FAILED);
  g_assert_true (g_str_has_prefix (error->message,
                                   "F: the FMU discarded the step to (1.000000001, 0) even at "
                                   "the smallest step the director can take"));
  g_assert_cmpuint (test_log_wrapups (witness), ==, 1);
  test_assert_contains (error->message, "FMU faulty (F): fmi2DoStep returned fmi2Discard");
  test_assert_contains (error->message, "doStep stops at failAtTime = 1 on purpose (failAt=6)");
}

/* State ---------------------------------------------------------------------------------- */

static const char dahlquist_body[] = "  <entity name=\"D\" class=\"FMUImport\">\n"
                                     "    <property name=\"fmuFile\" value=\"dahlquist.fmu\"/>\n"
                                     "    <property name=\"k\" value=\"2\"/>\n"
                                     "    <property name=\"x0\" value=\"3\"/>\n"
                                     "    <property name=\"communicationStepSize\" "
                                     "value=\"0.1\"/>\n"
                                     "  </entity>\n"
                                     "  <entity name=\"R\" class=\"Recorder\"/>\n"
                                     "  <relation name=\"x\" class=\"TypedIORelation\"/>\n"
                                     "  <link port=\"D.x\" relation=\"x\"/>\n"
                                     "  <link port=\"R.input\" relation=\"x\"/>\n";

/* An FMU that cannot save its state cannot be rolled back: refused where steps are, when the
 * model is prepared. */
static void
test_dahlquist_continuous (void)
{
  g_autoptr (HycoModel) model = load ("ContinuousDirector", "1", dahlquist_body);
  g_autoptr (GError) error = NULL;
  TestLog *witness = add_witness (model);

  g_assert_false (hyco_model_prepare (model, &error));
  g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_STRUCTURE);
  g_assert_cmpstr (error->message, ==,
                   SOURCE ":6: D: the FMU dahlquist cannot save and restore its state "
                          "(canGetAndSetFMUstate is false), which a continuous director needs "
                          "to roll back its steps; use it under a DE or SR director");
  g_clear_error (&error);
  /* A run prepares first: the same error, and nothing initialized or wrapped up. */
  g_assert_false (hyco_model_run (model, NULL, &error));
  g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_STRUCTURE);
  g_assert_cmpuint (test_log_wrapups (witness), ==, 0);
  g_assert_cmpuint (hyco_recorder_get_count (HYCO_RECORDER (hyco_model_lookup_actor (model, "R"))),
                    ==, 0);
  g_clear_object (&model);
  g_assert_cmpuint (test_private_tmp_count (), ==, 0);
}

/* Under DE, one forward Euler step per communication step: x(nh) = x0 (1 - k h)^n. The FMU is
 * stepped from one communication point to the next, in seconds: h is 0.1 to rounding. */
static void
test_dahlquist_de (void)
{
  g_autoptr (HycoModel) model = load ("DEDirector", "1", dahlquist_body);
  g_autoptr (GError) error = NULL;
  HycoRecorder *recorder = HYCO_RECORDER (hyco_model_lookup_actor (model, "R"));
  const double k = 2, x0 = 3, h = 0.1;
  double x = x0;

  g_assert_true (hyco_model_run (model, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (hyco_recorder_get_count (recorder), ==, 11);
  for (guint n = 0; n <= 10; n++)
    {
      HycoTag tag;
      double value = hyco_value_get_double (hyco_recorder_get_value (recorder, n));
      hyco_recorder_get_tag (recorder, n, &tag);
      g_assert_cmpint (tag.time, ==, n * SECOND / 10);
      g_assert_cmpuint (tag.microstep, ==, 0);
      /* The FMU's own arithmetic over the communication points, exactly; the closed form to
       * rounding. */
      g_assert_cmpfloat (value, ==, x);
      g_assert_cmpfloat_with_epsilon (value, x0 * pow (1 - k * h, n), 1e-14);
      x += -k * x * ((double) (n + 1) / 10 - (double) n / 10);
    }
  g_clear_object (&model);
  g_assert_cmpuint (test_private_tmp_count (), ==, 0);
}

/* Termination --------------------------------------------------------------------------- */

/* The `terminating` FMU asks to end the simulation (fmi2Discard, then fmi2Terminated) when its
 * step reaches endTime; its output t is its own time. */
static HycoModel *
terminating (const char *director, const char *end_time)
{
  g_autofree char *body
    = g_strdup_printf ("  <entity name=\"F\" class=\"FMUImport\">\n"
                       "    <property name=\"fmuFile\" value=\"terminating.fmu\"/>\n"
                       "    <property name=\"endTime\" value=\"%s\"/>\n"
                       "    <property name=\"communicationStepSize\" value=\"0.25\"/>\n"
                       "  </entity>\n"
                       "  <entity name=\"R\" class=\"Recorder\"/>\n"
                       "  <relation name=\"t\" class=\"TypedIORelation\"/>\n"
                       "  <link port=\"F.t\" relation=\"t\"/>\n"
                       "  <link port=\"R.input\" relation=\"t\"/>\n",
                       end_time);
  return load (director, "10", body);
}

static void
assert_stopped_at (HycoModel *model, gint64 time, const char *reason)
{
  HycoTag reached;

  hyco_model_get_current_tag (model, &reached);
  g_assert_cmpint (reached.time, ==, time);
  g_assert_cmpstr (hyco_model_get_stop_reason (model), ==, reason);
}

/* An FMU that asks to end the simulation ends the run, which succeeds, at the tag it was
 * stepped to: under DE the step to 1 s that reached endTime = 1 s exactly... */
static void
test_terminated_de (void)
{
  g_autoptr (HycoModel) model = terminating ("DEDirector", "1");
  g_autoptr (GError) error = NULL;

  g_assert_true (hyco_model_run (model, NULL, &error));
  g_assert_no_error (error);
  assert_stopped_at (model, SECOND,
                     "F: the FMU terminating asked to end the simulation at 1 s (fmi2Terminated)");
  g_assert_cmpfloat (last_value_at (model, "R", SECOND), ==, 1);
  /* ... and, where no smaller step can be taken, the one that stopped short at 0.9 s: the
   * FMU's outputs at the tag are where it got. */
  g_clear_object (&model);
  model = terminating ("DEDirector", "0.9");
  g_assert_true (hyco_model_run (model, NULL, &error));
  g_assert_no_error (error);
  assert_stopped_at (model, SECOND,
                     "F: the FMU terminating asked to end the simulation at 0.9 s "
                     "(fmi2Terminated)");
  g_assert_cmpfloat_with_epsilon (last_value_at (model, "R", SECOND), 0.9, 1e-15);
  /* The next run starts afresh: with endTime after the stop time, it ends at the stop time. */
  g_assert_true (hyco_model_set_parameter (model, "F.endTime", "100", &error));
  g_assert_true (hyco_model_run (model, NULL, &error));
  g_assert_no_error (error);
  assert_stopped_at (model, 10 * SECOND, NULL);
  g_clear_object (&model);
  g_assert_cmpuint (test_private_tmp_count (), ==, 0);
}

/* fmuLogging: everything the FMU logs is shown (at message level); without, only warnings
 * (errors are in the run's error). */
static void
test_fmu_logging (void)
{
  for (int on = 0; on <= 1; on++)
    {
      g_autoptr (HycoModel) model = terminating ("DEDirector", "1");

      g_object_set (hyco_model_lookup_actor (model, "F"), "fmuLogging", on, NULL);
      run_recording_messages (model);
      g_assert_true (was_logged ("F: logEvents: will ask to end the simulation at 1") == on);
      g_assert_true (was_logged ("F: logStatusDiscard: the simulation ends at 1") == on);
      g_clear_pointer (&logged, g_ptr_array_unref);
    }
  g_assert_cmpuint (test_private_tmp_count (), ==, 0);
}

/* An FMU that cannot handle variable communication step sizes: a warning, once, when inputs
 * fire it between the points of its grid; none when they fall on it. */
static void
test_fixed_step_size (void)
{
  for (int aligned = 0; aligned <= 1; aligned++)
    {
      g_autofree char *body
        = g_strdup_printf ("  <entity name=\"C\" class=\"DiscreteClock\"><property name=\"period\" "
                           "value=\"%s\"/></entity>\n"
                           "  <entity name=\"G\" class=\"FMUImport\">\n"
                           "    <property name=\"fmuFile\" value=\"fixed_step.fmu\"/>\n"
                           "    <property name=\"communicationStepSize\" value=\"0.25\"/>\n"
                           "  </entity>\n"
                           "  <relation name=\"c\"/><link port=\"C.output\" relation=\"c\"/>"
                           "<link port=\"G.u\" relation=\"c\"/>\n",
                           aligned ? "0.5" : "0.3");
      g_autoptr (HycoModel) model = load ("DEDirector", "2", body);
      guint warnings = 0;

      run_recording_messages (model);
      for (guint i = 0; i < logged->len; i++)
        warnings += strstr (logged->pdata[i], "canHandleVariableCommunicationStepSize") != NULL;
      g_assert_cmpuint (warnings, ==, aligned ? 0 : 1);
      g_assert_true (aligned
                     || was_logged ("G: the FMU gain cannot handle variable communication step "
                                    "sizes (canHandleVariableCommunicationStepSize is false), but "
                                    "after steps of 0.25 s it took a step of 0.05 s (from "
                                    "0.25 s)"));
      g_clear_pointer (&logged, g_ptr_array_unref);
    }
  g_assert_cmpuint (test_private_tmp_count (), ==, 0);
}

/* The steps the warning about variable step sizes names are those taken: under a continuous
 * director held at steps of 0.25 s, the solver's stages step the FMU to times inside each step
 * and roll it back, which is no variable step. */
static void
test_fixed_step_size_continuous (void)
{
  const char *body = "  <entity name=\"C\" class=\"Const\"/>\n"
                     "  <entity name=\"G\" class=\"FMUImport\">\n"
                     "    <property name=\"fmuFile\" value=\"fixed_step.fmu\"/>\n"
                     "  </entity>\n"
                     "  <relation name=\"c\"/><link port=\"C.output\" relation=\"c\"/>"
                     "<link port=\"G.u\" relation=\"c\"/>\n";
  g_autoptr (HycoModel) model = load ("ContinuousDirector", "2", body);
  HycoDirector *director = hyco_composite_actor_get_director (hyco_model_get_toplevel (model));

  test_set (director, "initStepSize", "0.25");
  test_set (director, "maxStepSize", "0.25");
  run_recording_messages (model);
  for (guint i = 0; i < logged->len; i++)
    g_assert_null (strstr (logged->pdata[i], "canHandleVariableCommunicationStepSize"));
  /* The stages did fire it between the steps. */
  g_assert_cmpuint (hyco_model_get_firing_count (model), >, 2 * 8 + 2);
  g_clear_pointer (&logged, g_ptr_array_unref);
  g_clear_object (&model);
  g_assert_cmpuint (test_private_tmp_count (), ==, 0);
}

/* A continuous director takes a smaller step to where the FMU stopped: the run ends at 0.9 s
 * exactly. */
static void
test_terminated_continuous (void)
{
  g_autoptr (HycoModel) model = terminating ("ContinuousDirector", "0.9");
  g_autoptr (GError) error = NULL;

  g_assert_true (hyco_model_run (model, NULL, &error));
  g_assert_no_error (error);
  assert_stopped_at (model, 9 * SECOND / 10,
                     "F: the FMU terminating asked to end the simulation at 0.9 s "
                     "(fmi2Terminated)");
  g_assert_cmpfloat_with_epsilon (last_value_at (model, "R", 9 * SECOND / 10), 0.9, 1e-15);
  g_clear_object (&model);
  g_assert_cmpuint (test_private_tmp_count (), ==, 0);
}

/* Parameters ----------------------------------------------------------------------------- */

static char *
vanderpol_body (const char *properties)
{
  return g_strdup_printf ("  <entity name=\"VdP\" class=\"FMUImport\">\n"
                          "    <property name=\"fmuFile\" value=\"vanderpol.fmu\"/>\n"
                          "%s"
                          "  </entity>\n"
                          "  <entity name=\"R\" class=\"Recorder\"/>\n"
                          "  <relation name=\"x1\" class=\"TypedIORelation\"/>\n"
                          "  <link port=\"VdP.x1\" relation=\"x1\"/>\n"
                          "  <link port=\"R.input\" relation=\"x1\"/>\n",
                          properties);
}

static double
run_vanderpol (HycoModel *model)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (hyco_model_run (model, NULL, &error));
  g_assert_no_error (error);
  return last_value_at (model, "R", 2 * SECOND);
}

/* With mu = 0, x1 = x1_0 cos t + x2_0 sin t (RK4 in 1 ms substeps: to about 1e-12). */
static void
test_parameters_set (void)
{
  g_autofree char *body
    = vanderpol_body ("    <property name=\"communicationStepSize\" value=\"0.5\"/>\n"
                      "    <property name=\"mu\" value=\"0\"/>\n"
                      "    <property name=\"x1_0\" value=\"1\"/>\n");
  g_autoptr (HycoModel) model = load ("DEDirector", "2", body);
  HycoFMUActor *actor = HYCO_FMU_ACTOR (hyco_model_lookup_actor (model, "VdP"));
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) names = hyco_fmu_actor_list_fmu_parameters (actor);
  double mu0, mu1;

  g_assert_cmpstrv (names, ((const char *const[]){ "mu", "x1_0", NULL }));
  g_assert_cmpstr (hyco_fmu_actor_get_fmu_parameter (actor, "mu"), ==, "0");
  g_assert_null (hyco_fmu_actor_get_fmu_parameter (actor, "x2_0"));
  g_assert_cmpstr (hyco_fmu_actor_get_category (actor), ==, "0A");
  mu0 = run_vanderpol (model);
  g_assert_cmpfloat_with_epsilon (mu0, cos (2.0), 1e-9);

  /* As `hyco run --set VdP.mu=1` does; the model runs again with it. */
  g_assert_true (hyco_model_set_parameter (model, "VdP.mu", "1", &error));
  g_assert_no_error (error);
  g_assert_cmpstr (hyco_fmu_actor_get_fmu_parameter (actor, "mu"), ==, "1");
  mu1 = run_vanderpol (model);
  g_assert_cmpfloat (fabs (mu1 - mu0), >, 1e-3);

  /* Back to mu = 0: the first result again, exactly. */
  g_assert_true (hyco_model_set_parameter (model, "VdP.mu", "0.0", &error));
  g_assert_cmpfloat (run_vanderpol (model), ==, mu0);

  g_assert_false (hyco_model_set_parameter (model, "VdP.nu", "1", &error));
  g_assert_error (error, HYCO_MODEL_FILE_ERROR, HYCO_MODEL_FILE_ERROR_UNKNOWN_PARAMETER);
  g_assert_cmpstr (error->message, ==, "VdP.nu: VdP has no parameter \"nu\"");
  g_clear_error (&error);
  /* A calculated output cannot be set: FMI 2.0 lets a master set only parameters, inputs and
   * variables whose initial is exact or approx. */
  g_assert_false (hyco_model_set_parameter (model, "VdP.x1", "1", &error));
  g_assert_error (error, HYCO_MODEL_FILE_ERROR, HYCO_MODEL_FILE_ERROR_BAD_VALUE);
  g_assert_cmpstr (error->message, ==,
                   "VdP.x1: the FMU's variable cannot be set: FMI 2.0 lets a master set "
                   "parameters, inputs and variables whose initial is exact or approx, and x1 is "
                   "a calculated output");
  g_clear_error (&error);
  g_assert_false (hyco_model_set_parameter (model, "VdP.mu", "fast", &error));
  g_assert_error (error, HYCO_MODEL_FILE_ERROR, HYCO_MODEL_FILE_ERROR_BAD_VALUE);
  g_assert_cmpstr (error->message, ==,
                   "VdP.mu: \"fast\" is not a value of the FMU's Real variable; as an "
                   "expression: in \"fast\" at position 1: unknown name \"fast\"");
  g_clear_error (&error);
  g_assert_cmpstr (hyco_fmu_actor_get_fmu_parameter (actor, "mu"), ==, "0.0");
  g_clear_object (&model);
  g_assert_cmpuint (test_private_tmp_count (), ==, 0);
}

/* An input's start value is set as a parameter (FMI 2.0 lets a master set inputs before
 * initialization): with nothing connected, the FMU computes with it throughout. */
static void
test_parameters_input_start (void)
{
  g_autoptr (HycoModel) model
    = load ("DEDirector", "1",
            "  <entity name=\"G\" class=\"FMUImport\">\n"
            "    <property name=\"fmuFile\" value=\"gain.fmu\"/>\n"
            "    <property name=\"communicationStepSize\" value=\"0.5\"/>\n"
            "    <property name=\"u\" value=\"3\"/>\n"
            "  </entity>\n"
            "  <entity name=\"R\" class=\"Recorder\"/>\n"
            "  <relation name=\"y\" class=\"TypedIORelation\"/>\n"
            "  <link port=\"G.y\" relation=\"y\"/>\n"
            "  <link port=\"R.input\" relation=\"y\"/>\n");
  HycoRecorder *recorder = HYCO_RECORDER (hyco_model_lookup_actor (model, "R"));
  g_autoptr (GError) error = NULL;

  g_assert_true (hyco_model_run (model, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (hyco_recorder_get_count (recorder), ==, 3); /* 0, 0.5 and 1 s */
  for (guint i = 0; i < 3; i++)
    g_assert_cmpfloat (hyco_value_get_double (hyco_recorder_get_value (recorder, i)), ==, 6);

  /* As `hyco run --set G.u=-1` does (k is 2). */
  g_assert_true (hyco_model_set_parameter (model, "G.u", "-1", &error));
  g_assert_true (hyco_model_run (model, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (last_value_at (model, "R", SECOND), ==, -2);
  g_clear_object (&model);
  g_assert_cmpuint (test_private_tmp_count (), ==, 0);
}

/* FMU parameters may be expressions over the model parameters, as any numeric parameter:
 * evaluated when the model is prepared, so --set on a model parameter reaches them. */
static void
test_parameters_expressions (void)
{
  static const char body[] = "  <property name=\"damping\" class=\"Parameter\" value=\"0\"/>\n"
                             "  <entity name=\"VdP\" class=\"FMUImport\">\n"
                             "    <property name=\"fmuFile\" value=\"vanderpol.fmu\"/>\n"
                             "    <property name=\"communicationStepSize\" value=\"0.5\"/>\n"
                             "    <property name=\"mu\" value=\"2 * damping\"/>\n"
                             "    <property name=\"x1_0\" value=\"damping + 1\"/>\n"
                             "  </entity>\n"
                             "  <entity name=\"R\" class=\"Recorder\"/>\n"
                             "  <relation name=\"x1\" class=\"TypedIORelation\"/>\n"
                             "  <link port=\"VdP.x1\" relation=\"x1\"/>\n"
                             "  <link port=\"R.input\" relation=\"x1\"/>\n";
  g_autoptr (HycoModel) model = load ("DEDirector", "2", body);
  HycoFMUActor *actor = HYCO_FMU_ACTOR (hyco_model_lookup_actor (model, "VdP"));
  g_autoptr (GError) error = NULL;
  double x;

  g_assert_cmpstr (hyco_fmu_actor_get_fmu_parameter (actor, "mu"), ==, "2 * damping");
  /* mu = 0, x1_0 = 1: cos t. */
  g_assert_cmpfloat_with_epsilon (run_vanderpol (model), cos (2.0), 1e-9);
  /* damping = 0.5: mu = 1, x1_0 = 1.5. */
  g_assert_true (hyco_model_set_parameter (model, "damping", "0.5", &error));
  g_assert_no_error (error);
  x = run_vanderpol (model);
  g_assert_cmpfloat (fabs (x - 1.5 * cos (2.0)), >, 1e-3);
  /* The same as literals. */
  g_assert_true (hyco_model_set_parameter (model, "VdP.mu", "1", &error));
  g_assert_true (hyco_model_set_parameter (model, "VdP.x1_0", "1.5", &error));
  g_assert_cmpfloat (run_vanderpol (model), ==, x);
  /* An expression given later is evaluated at once; out of range when the model is prepared. */
  g_assert_true (hyco_model_set_parameter (model, "VdP.mu", "damping * 4", &error));
  g_assert_true (hyco_model_set_parameter (model, "damping", "-1", &error));
  g_assert_false (hyco_model_prepare (model, &error));
  g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_PARAMETER);
  g_assert_cmpstr (error->message, ==,
                   SOURCE ":7: VdP: parameter mu: damping * 4 = -4 is below the FMU's minimum 0");
  g_clear_object (&model);
  g_assert_cmpuint (test_private_tmp_count (), ==, 0);
}

static void
test_parameters_errors (void)
{
  static const struct
  {
    const char *property;
    int code;
    const char *message;
  } cases[] = {
    { "    <property name=\"nu\" value=\"1\"/>\n", HYCO_MODEL_FILE_ERROR_UNKNOWN_PARAMETER,
      SOURCE ":8: property \"nu\": FMUImport \"VdP\" has no parameter \"nu\"" },
    { "    <property name=\"mu\" value=\"fast\"/>\n", HYCO_MODEL_FILE_ERROR_BAD_VALUE,
      SOURCE ":8: property \"mu\": bad value for FMUImport \"VdP\": \"fast\" is not a value of "
             "the FMU's Real variable; as an expression: in \"fast\" at position 1: unknown "
             "name \"fast\"" },
    { "    <property name=\"mu\" value=\"2 *\"/>\n", HYCO_MODEL_FILE_ERROR_BAD_VALUE,
      SOURCE ":8: property \"mu\": bad value for FMUImport \"VdP\": \"2 *\" is not a value of "
             "the FMU's Real variable; as an expression: " },
    { "    <property name=\"mu\" value=\"x1_0 + 1\"/>\n", HYCO_MODEL_FILE_ERROR_BAD_VALUE,
      SOURCE ":8: property \"mu\": bad value for FMUImport \"VdP\": in \"x1_0 + 1\" at "
             "position 1: unknown name \"x1_0\"" },
    { "    <property name=\"x1\" value=\"1\"/>\n", HYCO_MODEL_FILE_ERROR_BAD_VALUE,
      SOURCE ":8: property \"x1\": bad value for FMUImport \"VdP\": the FMU's variable cannot "
             "be set: FMI 2.0 lets a master set parameters, inputs and variables whose initial "
             "is exact or approx, and x1 is a calculated output" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *body = vanderpol_body (cases[i].property);
      g_autofree char *text = model_text ("DEDirector", "2", body);
      g_autoptr (GError) error = NULL;
      g_autoptr (HycoModel) model = hyco_model_new_from_data (text, -1, SOURCE, &error);

      g_assert_null (model);
      g_assert_error (error, HYCO_MODEL_FILE_ERROR, cases[i].code);
      if (!g_str_has_prefix (error->message, cases[i].message))
        g_assert_cmpstr (error->message, ==, cases[i].message); /* fails, showing both */
      g_assert_cmpuint (test_private_tmp_count (), ==, 0);
    }

  /* An FMU parameter before fmuFile: the FMU, and so its parameters, are not known yet. */
  {
    static const char body[] = "  <entity name=\"VdP\" class=\"FMUImport\">\n"
                               "    <property name=\"mu\" value=\"2\"/>\n"
                               "    <property name=\"fmuFile\" value=\"vanderpol.fmu\"/>\n"
                               "  </entity>\n";
    g_autofree char *text = model_text ("DEDirector", "2", body);
    g_autoptr (GError) error = NULL;
    g_autoptr (HycoModel) model = hyco_model_new_from_data (text, -1, SOURCE, &error);

    g_assert_null (model);
    g_assert_error (error, HYCO_MODEL_FILE_ERROR, HYCO_MODEL_FILE_ERROR_UNKNOWN_PARAMETER);
    g_assert_true (g_str_has_prefix (error->message, SOURCE ":7: "));
    g_assert_cmpuint (test_private_tmp_count (), ==, 0);
  }
}

/* Saved: fmuFile first (it loads the FMU), then the FMU's parameters in the order they were set;
 * read back, the same model, saved the same. */
static void
test_parameters_round_trip (void)
{
  g_autofree char *body
    = vanderpol_body ("    <property name=\"communicationStepSize\" value=\"0.5\"/>\n"
                      "    <property name=\"x2_0\" value=\"0.5\"/>\n"
                      "    <property name=\"mu\" value=\"0.25\"/>\n");
  g_autoptr (HycoModel) model = load ("DEDirector", "2", body);
  g_autoptr (HycoModel) reloaded = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *saved = NULL;
  g_autofree char *saved_again = NULL;
  const char *file, *x2_0, *mu, *step;

  g_assert_true (hyco_model_set_parameter (model, "VdP.substep", "0.002", &error));
  g_assert_true (hyco_model_set_parameter (model, "VdP.mu", "0.5", &error));
  saved = hyco_model_save_to_data (model);
  g_test_message ("%s", saved);
  file = strstr (saved, "<property name=\"fmuFile\"");
  step = strstr (saved, "<property name=\"communicationStepSize\"");
  x2_0 = strstr (saved, "<property name=\"x2_0\" class=\"ptolemy.data.expr.Parameter\" "
                        "value=\"0.5\"/>");
  mu = strstr (saved, "<property name=\"mu\" class=\"ptolemy.data.expr.Parameter\" "
                      "value=\"0.5\"/>");
  g_assert_nonnull (file);
  g_assert_nonnull (step);
  g_assert_nonnull (x2_0);
  g_assert_nonnull (mu);
  g_assert_nonnull (strstr (saved, "value=\"vanderpol.fmu\""));
  g_assert_nonnull (strstr (saved, "<property name=\"substep\""));
  g_assert_true (file < x2_0 && x2_0 < mu);
  g_assert_true (step < x2_0);

  reloaded = hyco_model_new_from_data (saved, -1, "saved.xml", &error);
  g_assert_no_error (error);
  saved_again = hyco_model_save_to_data (reloaded);
  g_assert_cmpstr (saved_again, ==, saved);
  g_assert_cmpfloat (run_vanderpol (reloaded), ==, run_vanderpol (model));
  g_clear_object (&model);
  g_clear_object (&reloaded);
  g_assert_cmpuint (test_private_tmp_count (), ==, 0);
}

/* Rollback ------------------------------------------------------------------------------- */

/* Under a continuous director stuck at steps of 0.5 s, the solver's stages step the FMU to
 * times inside each step and roll it back; the committed steps are DE's, and so is the result,
 * to the last bit (the FMU's RK4 substeps depend only on the step it is given). */
static void
test_rollback_fixed_steps (void)
{
  g_autofree char *de_body
    = vanderpol_body ("    <property name=\"communicationStepSize\" value=\"0.5\"/>\n");
  g_autofree char *continuous_body = vanderpol_body ("");
  g_autoptr (HycoModel) de = load ("DEDirector", "2", de_body);
  g_autoptr (HycoModel) continuous = load ("ContinuousDirector", "2", continuous_body);
  HycoDirector *director = hyco_composite_actor_get_director (hyco_model_get_toplevel (continuous));
  HycoRecorder *recorder = HYCO_RECORDER (hyco_model_lookup_actor (continuous, "R"));
  double x1_de, x1_continuous;

  test_set (director, "initStepSize", "0.5");
  test_set (director, "maxStepSize", "0.5");
  x1_de = run_vanderpol (de);
  x1_continuous = run_vanderpol (continuous);
  g_assert_cmpfloat (x1_continuous, ==, x1_de);
  /* The steps were those of DE, and the FMU was fired more often than committed. */
  for (guint i = 0, n = 0; i < hyco_recorder_get_count (recorder); i++)
    {
      HycoTag tag;
      hyco_recorder_get_tag (recorder, i, &tag);
      if (tag.microstep == 0)
        g_assert_cmpint (tag.time, ==, (gint64) n++ * SECOND / 2);
    }
  g_assert_cmpuint (hyco_model_get_firing_count (continuous), >,
                    2 * (guint64) hyco_recorder_get_count (recorder));
  g_clear_object (&de);
  g_clear_object (&continuous);
  g_assert_cmpuint (test_private_tmp_count (), ==, 0);
}

/* The FMU stepped directly along @times (ns), as the actor steps it between commits. */
static double
replay_vanderpol (const gint64 *times, guint n)
{
  g_autofree char *path = g_build_filename (g_getenv ("HYCO_TEST_FMU_DIR"), "vanderpol.fmu", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoFmu) fmu = _hyco_fmu_open (path, &error);
  HycoFmuInstance *c;
  fmi2ValueReference x1 = 0;
  fmi2Real value = NAN;

  g_assert_no_error (error);
  x1 = _hyco_fmu_find_variable (fmu, "x1")->value_reference;
  c = _hyco_fmu_instantiate (fmu, "replay", FALSE, &error);
  g_assert_no_error (error);
  g_assert_cmpint (FMI (fmu)->fmi2SetupExperiment (COMPONENT (c), fmi2False, 0, 0, fmi2False, 0),
                   ==, fmi2OK);
  g_assert_cmpint (FMI (fmu)->fmi2EnterInitializationMode (COMPONENT (c)), ==, fmi2OK);
  g_assert_cmpint (FMI (fmu)->fmi2ExitInitializationMode (COMPONENT (c)), ==, fmi2OK);
  for (guint i = 1; i < n; i++)
    {
      /* From one communication point to the next, in seconds. */
      double from = (double) times[i - 1] / 1e9, to = (double) times[i] / 1e9;
      g_assert_cmpint (FMI (fmu)->fmi2DoStep (COMPONENT (c), from, to - from, fmi2False), ==,
                       fmi2OK);
    }
  g_assert_cmpint (FMI (fmu)->fmi2GetReal (COMPONENT (c), &x1, 1, &value), ==, fmi2OK);
  c->ops->free (c);
  return value;
}

/* With the director's own step sizes, made to reject steps by an integrator with a tight
 * tolerance: the result is that of the FMU stepped along the committed times only. */
static void
test_rollback_adaptive (void)
{
  g_autofree char *body = vanderpol_body ("");
  g_autofree char *extended = g_strconcat (body,
                                           "  <entity name=\"I\" class=\"Integrator\"/>\n"
                                           "  <link port=\"I.derivative\" relation=\"x1\"/>\n",
                                           NULL);
  g_autoptr (HycoModel) model = load ("ContinuousDirector", "2", extended);
  HycoDirector *director = hyco_composite_actor_get_director (hyco_model_get_toplevel (model));
  HycoRecorder *recorder = HYCO_RECORDER (hyco_model_lookup_actor (model, "R"));
  g_autoptr (GArray) times = g_array_new (FALSE, FALSE, sizeof (gint64));
  double x1;

  test_set (director, "initStepSize", "1");
  test_set (director, "relativeTolerance", "1e-12");
  test_set (director, "absoluteTolerance", "1e-12");
  x1 = run_vanderpol (model);
  g_assert_cmpuint (
    hyco_continuous_director_get_rejected_step_count (HYCO_CONTINUOUS_DIRECTOR (director)), >, 0);
  for (guint i = 0; i < hyco_recorder_get_count (recorder); i++)
    {
      HycoTag tag;
      hyco_recorder_get_tag (recorder, i, &tag);
      if (times->len == 0 || g_array_index (times, gint64, times->len - 1) != tag.time)
        g_array_append_val (times, tag.time);
    }
  g_test_message ("%u committed times", times->len);
  g_assert_cmpuint (times->len, >, 3);
  g_assert_cmpfloat (x1, ==, replay_vanderpol ((const gint64 *) times->data, times->len));
  g_clear_object (&model);
  g_assert_cmpuint (test_private_tmp_count (), ==, 0);
}

/* Feedthrough ---------------------------------------------------------------------------- */

/* A clock drives a ramp 0, 1, 2, ... at (k, 1) into gain (k = 2). */
static char *
gain_body (const char *direct_feedthrough)
{
  return g_strdup_printf ("  <entity name=\"G\" class=\"FMUImport\">\n"
                          "    <property name=\"fmuFile\" value=\"gain.fmu\"/>\n"
                          "    <property name=\"directFeedthrough\" value=\"%s\"/>\n"
                          "  </entity>\n"
                          "  <entity name=\"Clock\" class=\"DiscreteClock\"/>\n"
                          "  <entity name=\"Ramp\" class=\"Ramp\"/>\n"
                          "  <entity name=\"R\" class=\"Recorder\"/>\n"
                          "  <relation name=\"c\" class=\"TypedIORelation\"/>\n"
                          "  <relation name=\"u\" class=\"TypedIORelation\"/>\n"
                          "  <relation name=\"y\" class=\"TypedIORelation\"/>\n"
                          "  <link port=\"Clock.output\" relation=\"c\"/>\n"
                          "  <link port=\"Ramp.trigger\" relation=\"c\"/>\n"
                          "  <link port=\"Ramp.output\" relation=\"u\"/>\n"
                          "  <link port=\"G.u\" relation=\"u\"/>\n"
                          "  <link port=\"G.y\" relation=\"y\"/>\n"
                          "  <link port=\"R.input\" relation=\"y\"/>\n",
                          direct_feedthrough);
}

/* y at each tag where the ramp has an event, (k, 1) for k = 0..3, into @y. */
static void
gain_outputs (HycoModel *model, double y[4])
{
  HycoRecorder *recorder = HYCO_RECORDER (hyco_model_lookup_actor (model, "R"));

  for (guint k = 0; k < 4; k++)
    y[k] = NAN;
  for (guint i = 0; i < hyco_recorder_get_count (recorder); i++)
    {
      HycoTag tag;
      hyco_recorder_get_tag (recorder, i, &tag);
      if (tag.microstep == 1 && tag.time % SECOND == 0 && tag.time <= 3 * SECOND)
        y[tag.time / SECOND] = hyco_value_get_double (hyco_recorder_get_value (recorder, i));
    }
}

static void
test_feedthrough_declared (void)
{
  g_autofree char *body = gain_body ("true");
  g_autoptr (HycoModel) model = load ("DEDirector", "3", body);
  g_autoptr (GError) error = NULL;
  double y[4];

  g_assert_true (hyco_model_run (model, NULL, &error));
  g_assert_no_error (error);
  gain_outputs (model, y);
  for (guint k = 0; k < 4; k++)
    g_assert_cmpfloat (y[k], ==, 2.0 * k);
  g_clear_object (&model);
  g_assert_cmpuint (test_private_tmp_count (), ==, 0);
}

/* Without directFeedthrough the FMU sees an input at its next step: y(k, 1) = 2 (k - 1). */
static void
test_feedthrough_delayed (void)
{
  g_autofree char *body = gain_body ("false");
  g_autoptr (HycoModel) model = load ("DEDirector", "3", body);
  g_autoptr (GError) error = NULL;
  double y[4];

  g_assert_true (hyco_model_run (model, NULL, &error));
  g_assert_no_error (error);
  gain_outputs (model, y);
  g_assert_cmpfloat (y[0], ==, 0.0);
  for (guint k = 1; k < 4; k++)
    g_assert_cmpfloat (y[k], ==, 2.0 * (k - 1));
}

/* communicationStepSize: fired on a grid from the start, whatever else fires the actor in
 * between (inputs under DE, solver steps under a continuous director). */
static void
test_communication_grid (void)
{
  static const char body[]
    = "  <entity name=\"C\" class=\"DiscreteClock\"><property name=\"period\" value=\"0.3\"/>"
      "</entity>\n"
      "  <entity name=\"G\" class=\"FMUImport\">\n"
      "    <property name=\"fmuFile\" value=\"gain.fmu\"/>\n"
      "    <property name=\"communicationStepSize\" value=\"0.25\"/>\n"
      "  </entity>\n"
      "  <entity name=\"R\" class=\"Recorder\"/>\n"
      "  <relation name=\"c\"/><link port=\"C.output\" relation=\"c\"/>"
      "<link port=\"G.u\" relation=\"c\"/>\n"
      "  <relation name=\"y\"/><link port=\"G.y\" relation=\"y\"/>"
      "<link port=\"R.input\" relation=\"y\"/>\n";
  static const gint64 fired[] = { 0, 0, 250, 300, 500, 600, 750, 900, 1000 }; /* ms */
  g_autoptr (HycoModel) model = load ("DEDirector", "1", body);
  g_autoptr (GError) error = NULL;
  HycoRecorder *recorder = HYCO_RECORDER (hyco_model_lookup_actor (model, "R"));
  g_autoptr (GVariant) statistics = NULL;
  guint64 steps = 0;

  g_assert_true (hyco_model_run (model, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (hyco_recorder_get_count (recorder), ==, G_N_ELEMENTS (fired));
  for (guint i = 0; i < G_N_ELEMENTS (fired); i++)
    {
      HycoTag tag;
      hyco_recorder_get_tag (recorder, i, &tag);
      g_assert_cmpint (tag.time, ==, fired[i] * (SECOND / 1000));
    }

  /* Alone under a continuous director: a step to each point of the grid once the step size
   * has grown (0.001, 0.005, 0.025, 0.125 and 0.094 to the first point, then 0.25 at a time),
   * not a grid from every step's end. */
  g_clear_object (&model);
  model = load ("ContinuousDirector", "1",
                "  <entity name=\"V\" class=\"FMUImport\">\n"
                "    <property name=\"fmuFile\" value=\"vanderpol.fmu\"/>\n"
                "    <property name=\"communicationStepSize\" value=\"0.25\"/>\n"
                "  </entity>\n");
  g_assert_true (hyco_model_run (model, NULL, &error));
  g_assert_no_error (error);
  statistics = hyco_model_get_statistics (model);
  g_assert_true (g_variant_lookup (statistics, "steps", "t", &steps));
  g_assert_cmpuint (steps, ==, 5 + 3);
  g_clear_object (&model);
  g_assert_cmpuint (test_private_tmp_count (), ==, 0);
}

int
main (int argc, char **argv)
{
  const char *private_tmp = test_private_tmp_begin ("test-fmu-actor");
  int status;

  g_test_init (&argc, &argv, NULL);
  hyco_init ();
  g_assert_cmpstr (g_get_tmp_dir (), ==, private_tmp);
  g_test_log_set_fatal_handler (fmu_messages_not_fatal, NULL);

  if (g_getenv ("HYCO_TEST_FMU_DIR") == NULL || g_getenv ("HYCO_FMU_PATH") == NULL)
    g_error ("HYCO_TEST_FMU_DIR or HYCO_FMU_PATH is not set: run the test with meson test");

  g_test_add_func ("/fmu-actor/load/model-file", test_load_model_file);
  g_test_add_func ("/fmu-actor/load/api", test_load_api);
  g_test_add_func ("/fmu-actor/load/prepare", test_load_prepare);
  g_test_add_func ("/fmu-actor/faulty/de", test_faulty_de);
  g_test_add_func ("/fmu-actor/faulty/instantiate", test_faulty_instantiate);
  g_test_add_func ("/fmu-actor/faulty/discard-de", test_faulty_discard_de);
  g_test_add_func ("/fmu-actor/faulty/continuous", test_faulty_continuous);
  g_test_add_func ("/fmu-actor/faulty/discard-continuous", test_faulty_discard_continuous);
  g_test_add_func ("/fmu-actor/state/refused-under-continuous", test_dahlquist_continuous);
  g_test_add_func ("/fmu-actor/communication-grid", test_communication_grid);
  g_test_add_func ("/fmu-actor/parameters/expressions", test_parameters_expressions);
  g_test_add_func ("/fmu-actor/terminated/de", test_terminated_de);
  g_test_add_func ("/fmu-actor/logging", test_fmu_logging);
  g_test_add_func ("/fmu-actor/fixed-step-size", test_fixed_step_size);
  g_test_add_func ("/fmu-actor/fixed-step-size/continuous", test_fixed_step_size_continuous);
  g_test_add_func ("/fmu-actor/terminated/continuous", test_terminated_continuous);
  g_test_add_func ("/fmu-actor/state/euler-under-de", test_dahlquist_de);
  g_test_add_func ("/fmu-actor/parameters/set", test_parameters_set);
  g_test_add_func ("/fmu-actor/parameters/errors", test_parameters_errors);
  g_test_add_func ("/fmu-actor/parameters/input-start", test_parameters_input_start);
  g_test_add_func ("/fmu-actor/parameters/round-trip", test_parameters_round_trip);
  g_test_add_func ("/fmu-actor/rollback/fixed-steps", test_rollback_fixed_steps);
  g_test_add_func ("/fmu-actor/rollback/adaptive", test_rollback_adaptive);
  g_test_add_func ("/fmu-actor/feedthrough/declared", test_feedthrough_declared);
  g_test_add_func ("/fmu-actor/feedthrough/delayed", test_feedthrough_delayed);
  status = g_test_run ();

  g_assert_cmpuint (test_private_tmp_count (), ==, 0);
  test_private_tmp_end ();
  return status;
}
