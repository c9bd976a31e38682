/* test-fmu-loader.c: unpacking FMUs, reading their descriptions, loading their libraries, and
 * the messages of their instances. The FMUs are the loader's own (tests/fmus/loader: one per
 * FMI-HC category) and the archives it must refuse (tests/fmus/broken), built into
 * $HYCO_TEST_FMU_DIR. TMPDIR is a private directory, so that every test can check that nothing
 * is left in it.
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

static char *
fmu_path (const char *subdirectory, const char *name)
{
  return g_build_filename (g_getenv ("HYCO_TEST_FMU_DIR"), subdirectory, name, NULL);
}

static HycoFmu *
open_loader (const char *category)
{
  g_autofree char *name = g_strdup_printf ("loader-%s.fmu", category);
  g_autofree char *path = fmu_path ("loader", name);
  g_autoptr (GError) error = NULL;
  HycoFmu *fmu = _hyco_fmu_open (path, &error);

  g_assert_no_error (error);
  g_assert_nonnull (fmu);
  return fmu;
}

static const HycoFmuVariable *
find (HycoFmu *fmu, const char *name)
{
  const HycoFmuVariable *variable = _hyco_fmu_find_variable (fmu, name);

  g_assert_nonnull (variable);
  g_assert_cmpstr (variable->name, ==, name);
  return variable;
}

/* The variables an output depends on, by name, space-separated; "all" when undeclared. */
static char *
dependencies_of (HycoFmu *fmu, const char *name)
{
  const HycoFmuVariable *variable = find (fmu, name);
  GString *text = g_string_new (NULL);

  if (variable->n_dependencies < 0)
    {
      g_assert_null (variable->dependencies);
      g_string_append (text, "all");
    }
  for (int i = 0; i < variable->n_dependencies; i++)
    {
      const HycoFmuVariable *input = fmu->description->variables->pdata[variable->dependencies[i]];
      g_assert_cmpint (input->causality, ==, HYCO_FMU_CAUSALITY_INPUT);
      g_string_append_printf (text, "%s%s", i ? " " : "", input->name);
    }
  return g_string_free (text, FALSE);
}

static void
test_description (void)
{
  g_autoptr (HycoFmu) fmu = open_loader ("0A");
  const HycoFmuVariable *variable;
  g_autofree char *y = NULL;
  g_autofree char *steps = NULL;
  g_autofree char *z = NULL;
  g_autofree char *w = NULL;

  g_assert_cmpstr (fmu->description->fmi_version, ==, "2.0");
  g_assert_cmpstr (fmu->description->model_name, ==, "LoaderTest");
  g_assert_cmpstr (fmu->description->guid, ==, "{8c4e810f-3df3-4a00-8276-176fa3c9f000}");
  g_assert_cmpstr (fmu->description->model_identifier, ==, "loader");
  g_assert_cmpstr (fmu->description->generation_tool, ==, "hyco tests");
  g_assert_true (g_str_has_prefix (fmu->description->description, "Test FMU of the FMU loader"));

  g_assert_true (fmu->description->can_handle_variable_communication_step_size);
  g_assert_false (fmu->description->can_interpolate_inputs);
  g_assert_true (fmu->description->can_get_and_set_fmu_state);
  g_assert_false (fmu->description->can_serialize_fmu_state);
  g_assert_false (fmu->description->needs_execution_tool);
  g_assert_cmpuint (fmu->description->max_output_derivative_order, ==, 1);
  g_assert_true (fmu->description->declares_can_get_max_step_size);
  g_assert_true (fmu->description->declares_can_handle_integer_time); /* written "1" */
  g_assert_false (fmu->description->declares_can_get_preferred_resolution);
  g_assert_false (fmu->description->declares_can_set_resolution);

  g_assert_cmpfloat (fmu->description->start_time, ==, 0.0);
  g_assert_cmpfloat (fmu->description->stop_time, ==, 10.0);
  g_assert_cmpfloat (fmu->description->tolerance, ==, 1e-6);
  g_assert_cmpfloat (fmu->description->step_size, ==, 0.5);

  g_assert_cmpuint (fmu->description->variables->len, ==, 12);
  g_assert_true (fmu->description->variables->pdata[0] == find (fmu, "failOn"));
  g_assert_true (fmu->description->variables->pdata[11] == find (fmu, "w"));
  g_assert_null (_hyco_fmu_find_variable (fmu, "nothing"));

  variable = find (fmu, "failOn");
  g_assert_cmpint (variable->causality, ==, HYCO_FMU_CAUSALITY_PARAMETER);
  g_assert_cmpint (variable->variability, ==, HYCO_FMU_VARIABILITY_TUNABLE);
  g_assert_cmpint (variable->type, ==, HYCO_FMU_TYPE_INTEGER);
  g_assert_cmpuint (variable->value_reference, ==, 0);
  g_assert_cmpstr (variable->start, ==, "0");
  g_assert_null (variable->unit);
  g_assert_true (g_str_has_prefix (variable->description, "The call that returns"));

  variable = find (fmu, "u");
  g_assert_cmpint (variable->causality, ==, HYCO_FMU_CAUSALITY_INPUT);
  g_assert_cmpint (variable->variability, ==, HYCO_FMU_VARIABILITY_CONTINUOUS); /* default */
  g_assert_cmpint (variable->type, ==, HYCO_FMU_TYPE_REAL);
  g_assert_cmpstr (variable->unit, ==, "m"); /* from its declaredType */
  g_assert_cmpstr (variable->start, ==, "0");
  g_assert_null (variable->description);
  g_assert_cmpint (variable->n_dependencies, ==, -1);
  g_assert_null (variable->dependencies);

  variable = find (fmu, "k");
  g_assert_cmpint (variable->variability, ==, HYCO_FMU_VARIABILITY_FIXED);
  g_assert_cmpstr (variable->unit, ==, "1");
  g_assert_cmpuint (variable->value_reference, ==, 1);

  variable = find (fmu, "y");
  g_assert_cmpint (variable->causality, ==, HYCO_FMU_CAUSALITY_OUTPUT);
  g_assert_cmpstr (variable->unit, ==, "mm"); /* its own, over the declaredType's */
  g_assert_null (variable->start);
  g_assert_cmpstr (variable->description, ==, "k u");

  variable = find (fmu, "steps");
  g_assert_cmpint (variable->variability, ==, HYCO_FMU_VARIABILITY_DISCRETE);
  variable = find (fmu, "enable");
  g_assert_cmpint (variable->type, ==, HYCO_FMU_TYPE_BOOLEAN);
  g_assert_cmpstr (variable->start, ==, "true");
  variable = find (fmu, "label");
  g_assert_cmpint (variable->type, ==, HYCO_FMU_TYPE_STRING);
  g_assert_cmpstr (variable->start, ==, "hello");
  variable = find (fmu, "mode");
  g_assert_cmpint (variable->type, ==, HYCO_FMU_TYPE_ENUMERATION);
  g_assert_cmpint (variable->causality, ==, HYCO_FMU_CAUSALITY_LOCAL);
  g_assert_cmpint (variable->variability, ==, HYCO_FMU_VARIABILITY_DISCRETE); /* not a Real */
  variable = find (fmu, "x");
  g_assert_cmpint (variable->causality, ==, HYCO_FMU_CAUSALITY_LOCAL); /* default */
  variable = find (fmu, "time");
  g_assert_cmpint (variable->causality, ==, HYCO_FMU_CAUSALITY_INDEPENDENT);

  /* initial, given or the standard's default, and so what a master may set before
   * initialization: parameters, inputs, and variables whose initial is exact or approx. */
  {
    static const struct
    {
      const char *name;
      HycoFmuInitial initial;
      gboolean settable;
    } cases[] = {
      { "failOn", HYCO_FMU_INITIAL_EXACT, TRUE },  /* a parameter */
      { "u", HYCO_FMU_INITIAL_NONE, TRUE },        /* an input */
      { "y", HYCO_FMU_INITIAL_CALCULATED, FALSE }, /* a continuous output */
      { "steps", HYCO_FMU_INITIAL_EXACT, TRUE },   /* an output, initial="exact" */
      { "x", HYCO_FMU_INITIAL_CALCULATED, FALSE }, /* a local, although it has a start */
      { "time", HYCO_FMU_INITIAL_NONE, FALSE },    /* the independent variable */
    };
    for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
      {
        variable = find (fmu, cases[i].name);
        g_assert_cmpint (variable->initial, ==, cases[i].initial);
        g_assert_cmpint (_hyco_fmu_variable_is_settable (variable), ==, cases[i].settable);
      }
  }

  /* ModelStructure: y on u; steps on nothing; z on enable (x, a state, and time are inside the
   * FMU); w undeclared, so on every input. */
  y = dependencies_of (fmu, "y");
  steps = dependencies_of (fmu, "steps");
  z = dependencies_of (fmu, "z");
  w = dependencies_of (fmu, "w");
  g_assert_cmpstr (y, ==, "u");
  g_assert_cmpstr (steps, ==, "");
  g_assert_cmpint (find (fmu, "steps")->n_dependencies, ==, 0);
  g_assert_cmpstr (z, ==, "enable");
  g_assert_cmpstr (w, ==, "all");
}

static void
test_categories (void)
{
  static const struct
  {
    const char *fmu;
    HycoFmuCategory category;
  } cases[] = {
    { "0A", HYCO_FMU_CATEGORY_0A }, { "0B", HYCO_FMU_CATEGORY_0B }, { "1", HYCO_FMU_CATEGORY_1 },
    { "2", HYCO_FMU_CATEGORY_2 },   { "3", HYCO_FMU_CATEGORY_3 },   { "4", HYCO_FMU_CATEGORY_4 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (HycoFmu) fmu = open_loader (cases[i].fmu);
      gboolean hybrid = cases[i].category >= HYCO_FMU_CATEGORY_1;

      g_assert_cmpint (fmu->category, ==, cases[i].category);
      g_assert_cmpstr (_hyco_fmu_category_name (fmu->category), ==, cases[i].fmu);
      g_assert_true ((FMI (fmu)->fmi2HybridDoStep != NULL) == hybrid);
      g_assert_true ((FMI (fmu)->fmi2HybridGetMaxStepSize != NULL) == hybrid);
      g_assert_true ((FMI (fmu)->fmi2GetMaxStepSize != NULL)
                     == (cases[i].category == HYCO_FMU_CATEGORY_0B));
      g_assert_null (FMI (fmu)->fmi2GetHybridReal); /* the loader's FMU exports none */
      /* Every FMI 2.0 function, the optional ones included (this FMU has them all). */
      g_assert_nonnull (FMI (fmu)->fmi2DoStep);
      g_assert_nonnull (FMI (fmu)->fmi2GetFMUstate);
      g_assert_nonnull (FMI (fmu)->fmi2GetDirectionalDerivative);
      g_assert_nonnull (FMI (fmu)->fmi2GetStringStatus);
      g_assert_cmpstr (FMI (fmu)->fmi2GetVersion (), ==, "2.0");
    }
}

/* Unpacked while open, removed at the last reference; each FMU opened has its own copy of the
 * library, so that two instances of one FMU file do not share its globals. */
static void
test_lifetime (void)
{
  HycoFmu *fmu = open_loader ("0A");
  HycoFmu *again = open_loader ("0A");
  g_autofree char *description = g_build_filename (fmu->directory, "modelDescription.xml", NULL);
  g_autofree char *directory = g_strdup (fmu->directory);
  g_autofree char *expected_uri = NULL;

  g_assert_cmpuint (test_private_tmp_count (), ==, 2);
  g_assert_true (g_str_has_prefix (fmu->directory, g_get_tmp_dir ()));
  g_assert_true (g_file_test (description, G_FILE_TEST_IS_REGULAR));
  expected_uri = g_strconcat ("file://", fmu->directory, "/resources/", NULL);
  g_assert_cmpstr (fmu->resource_uri, ==, expected_uri);
  g_assert_cmpstr (fmu->directory, !=, again->directory);
  g_assert_true (FMI (fmu)->fmi2DoStep != FMI (again)->fmi2DoStep);

  g_assert_true (_hyco_fmu_ref (fmu) == fmu);
  _hyco_fmu_unref (fmu);
  g_assert_true (g_file_test (directory, G_FILE_TEST_IS_DIR));
  _hyco_fmu_unref (fmu);
  g_assert_false (g_file_test (directory, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (test_private_tmp_count (), ==, 1);

  /* The other one still works. */
  {
    g_autoptr (GError) error = NULL;
    HycoFmuInstance *c = _hyco_fmu_instantiate (again, "again", FALSE, &error);
    g_assert_no_error (error);
    g_assert_nonnull (c);
    g_assert_cmpint (FMI (again)->fmi2DoStep (COMPONENT (c), 0, 1, fmi2True), ==, fmi2OK);
    c->ops->free (c);
  }
  _hyco_fmu_unref (again);
  g_assert_cmpuint (test_private_tmp_count (), ==, 0);
}

static void
test_errors (void)
{
  static const struct
  {
    const char *file;
    HycoFmuError code;
    const char *message; /* what the message says after the file name */
  } cases[] = {
    { "parent-path.fmu", HYCO_FMU_ERROR_UNSAFE_PATH,
      "\"resources/../../evil\" is refused: a \"..\"" },
    { "absolute-path.fmu", HYCO_FMU_ERROR_UNSAFE_PATH,
      "\"/tmp/hyco-fmu-evil\" is refused: an absolute path" },
    { "backslash-path.fmu", HYCO_FMU_ERROR_UNSAFE_PATH, "a backslash" },
    { "symlink.fmu", HYCO_FMU_ERROR_UNSAFE_PATH,
      "\"resources/passwd\" is refused: a symbolic link" },
    { "huge.fmu", HYCO_FMU_ERROR_ARCHIVE, "too large" },
    { "duplicate-entry.fmu", HYCO_FMU_ERROR_ARCHIVE,
      "modelDescription.xml: the archive holds it twice" },
    { "not-a-zip.fmu", HYCO_FMU_ERROR_ARCHIVE, "not a zip archive" },
    { "no-description.fmu", HYCO_FMU_ERROR_DESCRIPTION, "no modelDescription.xml" },
    { "no-binary.fmu", HYCO_FMU_ERROR_NO_BINARY, "no binaries/linux64/loader.so" },
    { "missing-function.fmu", HYCO_FMU_ERROR_MISSING_FUNCTION,
      "binaries/linux64/loader.so does not export fmi2DoStep," },
    /* Named within the FMU: where it was unpacked is gone when the message is read. */
    { "not-a-library.fmu", HYCO_FMU_ERROR_NO_BINARY,
      "binaries/linux64/loader.so does not load: binaries/linux64/loader.so: " },
    { "missing-state-functions.fmu", HYCO_FMU_ERROR_MISSING_FUNCTION,
      "does not export fmi2GetFMUstate, fmi2SetFMUstate, fmi2FreeFMUstate, which FMI 2.0 "
      "requires" },
    { "bad-xml.fmu", HYCO_FMU_ERROR_DESCRIPTION,
      "modelDescription.xml:69: malformed XML: column 5: '<' inside a tag (is the '>' of the tag "
      "before it missing?) or in an attribute value (where it is written &lt;)" },
    { "fmi1.fmu", HYCO_FMU_ERROR_UNSUPPORTED,
      "modelDescription.xml:6: fmiModelDescription: fmiVersion is \"1.0\"" },
    /* A ModelExchange element instead: its functions are required. */
    { "no-cosimulation.fmu", HYCO_FMU_ERROR_MISSING_FUNCTION,
      "does not export fmi2EnterEventMode, fmi2NewDiscreteStates, fmi2EnterContinuousTimeMode, "
      "fmi2CompletedIntegratorStep, fmi2SetTime, fmi2SetContinuousStates, fmi2GetDerivatives, "
      "fmi2GetEventIndicators, fmi2GetContinuousStates, fmi2GetNominalsOfContinuousStates, which "
      "FMI 2.0 Model Exchange requires" },
    { "dependency-not-input.fmu", HYCO_FMU_ERROR_DESCRIPTION,
      "modelDescription.xml:70: Unknown: dependency 5 is steps, an output, not an input" },
    { "bad-identifier.fmu", HYCO_FMU_ERROR_DESCRIPTION,
      "modelDescription.xml:9: CoSimulation: modelIdentifier \"../../../loader\" is not a C "
      "identifier" },
    { "entity.fmu", HYCO_FMU_ERROR_DESCRIPTION,
      "modelDescription.xml:3: ENTITY a: entity declarations are refused" },
    { "bad-min.fmu", HYCO_FMU_ERROR_DESCRIPTION,
      "Real of ScalarVariable \"k\": min=\"zero\" is not a valid Real" },
    { "bad-initial.fmu", HYCO_FMU_ERROR_DESCRIPTION,
      "modelDescription.xml:41: ScalarVariable \"steps\": unknown initial \"sometimes\"" },
    { "two-types.fmu", HYCO_FMU_ERROR_DESCRIPTION,
      "Integer of ScalarVariable \"k\": a ScalarVariable has exactly one of" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = fmu_path ("broken", cases[i].file);
      g_autofree char *prefix = g_strconcat (path, ": ", NULL);
      g_autoptr (GError) error = NULL;
      g_autoptr (HycoFmu) fmu = _hyco_fmu_open (path, &error);

      g_test_message ("%s", error ? error->message : "(no error)");
      g_assert_null (fmu);
      g_assert_error (error, HYCO_FMU_ERROR, (int) cases[i].code);
      if (!g_str_has_prefix (error->message, prefix)
          || strstr (error->message + strlen (prefix), cases[i].message) == NULL)
        g_assert_cmpstr (error->message, ==, cases[i].message); /* fails, showing both */
      g_assert_cmpuint (test_private_tmp_count (), ==, 0);
    }
  g_assert_false (g_file_test ("/tmp/hyco-fmu-evil", G_FILE_TEST_EXISTS));
}

/* An output dependency on a parameter is not what FMI 2.0 allows, but changes no causality: a
 * message, and the dependency on the input listed with it is kept. */
static void
test_dependency_on_parameter (void)
{
  g_autofree char *path = fmu_path ("broken", "dependency-on-parameter.fmu");
  g_autofree char *expected = g_strconcat (
    path,
    ": modelDescription.xml:*: Unknown: dependency 3 is k, a parameter, which FMI 2.0 does "
    "not list among the knowns of an output; ignored*",
    NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoFmu) fmu = NULL;
  g_autofree char *y = NULL;

  g_test_expect_message ("Hyco", G_LOG_LEVEL_MESSAGE, expected);
  fmu = _hyco_fmu_open (path, &error);
  g_test_assert_expected_messages ();
  g_assert_no_error (error);
  y = dependencies_of (fmu, "y");
  g_assert_cmpstr (y, ==, "u");
}

/* Optional functions are NULL; the state functions too when the FMU says it has no state. */
static void
test_optional_functions (void)
{
  g_autofree char *path = fmu_path ("broken", "stateless.fmu");
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoFmu) fmu = _hyco_fmu_open (path, &error);

  g_assert_no_error (error);
  g_assert_false (fmu->description->can_get_and_set_fmu_state);
  g_assert_null (FMI (fmu)->fmi2GetFMUstate);
  g_assert_null (FMI (fmu)->fmi2SetFMUstate);
  g_assert_null (FMI (fmu)->fmi2FreeFMUstate);
  g_assert_null (FMI (fmu)->fmi2SerializeFMUstate);
  g_assert_null (FMI (fmu)->fmi2GetDirectionalDerivative);
  g_assert_null (FMI (fmu)->fmi2SetRealInputDerivatives);
  g_assert_null (FMI (fmu)->fmi2CancelStep);
  g_assert_null (FMI (fmu)->fmi2GetRealStatus);
  g_assert_nonnull (FMI (fmu)->fmi2DoStep);
  g_assert_cmpint (fmu->category, ==, HYCO_FMU_CATEGORY_0A);
}

static void
test_not_found (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoFmu) fmu = _hyco_fmu_open ("tests/no-such.fmu", &error);

  g_assert_null (fmu);
  g_assert_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_NOT_FOUND);
  g_assert_cmpstr (error->message, ==, "tests/no-such.fmu: no such file");
  g_clear_error (&error);

  fmu = _hyco_fmu_open ("tests", &error);
  g_assert_null (fmu);
  g_assert_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_ARCHIVE);
  g_assert_cmpuint (test_private_tmp_count (), ==, 0);
}

/* Log messages of the "Hyco" domain: "LEVEL TEXT" (errors the FMU logs are info: their text
 * is in the error of the call that failed). */
static GPtrArray *logged;

static void
record_message (const char *domain, GLogLevelFlags level, const char *message, gpointer data)
{
  g_ptr_array_add (logged, g_strdup_printf ("%s %s",
                                            (level & G_LOG_LEVEL_DEBUG)     ? "debug"
                                            : (level & G_LOG_LEVEL_MESSAGE) ? "message"
                                                                            : "other",
                                            message));
}

static guint
start_recording (void)
{
  logged = g_ptr_array_new_with_free_func (g_free);
  return g_log_set_handler ("Hyco", G_LOG_LEVEL_DEBUG | G_LOG_LEVEL_MESSAGE | G_LOG_LEVEL_INFO,
                            record_message, NULL);
}

static void
stop_recording (guint handler)
{
  g_log_remove_handler ("Hyco", handler);
  g_clear_pointer (&logged, g_ptr_array_unref);
}

static void
set_fail_on (HycoFmu *fmu, HycoFmuInstance *c, int call)
{
  const fmi2ValueReference reference = find (fmu, "failOn")->value_reference;

  g_assert_cmpint (FMI (fmu)->fmi2SetInteger (COMPONENT (c), &reference, 1, &call), ==, fmi2OK);
}

static void
test_instantiate_fails (void)
{
  g_autoptr (HycoFmu) fmu = open_loader ("1");
  g_autoptr (GError) error = NULL;
  g_autofree char *expected = NULL;
  HycoFmuInstance *c;

  /* The FMU logs why at fmi2Error, which becomes the error's message. */
  c = _hyco_fmu_instantiate (fmu, "fail", FALSE, &error);
  g_test_assert_expected_messages ();
  g_assert_null (c);
  g_assert_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_CALL);
  expected = g_strdup_printf ("FMU LoaderTest (fail): fmi2Instantiate failed: cannot instantiate "
                              "fail (%s)",
                              fmu->resource_uri);
  g_assert_cmpstr (error->message, ==, expected);
}

static void
test_check (void)
{
  g_autoptr (HycoFmu) fmu = open_loader ("4");
  g_autoptr (GError) error = NULL;
  HycoFmuInstance *c = _hyco_fmu_instantiate (fmu, "plant", FALSE, &error);
  const fmi2ValueReference y = find (fmu, "y")->value_reference;
  fmi2Real value;
  fmi2Status status;

  g_assert_no_error (error);
  g_assert_nonnull (c);

  /* Success and warnings pass; no message is kept from them. */
  g_assert_true (_hyco_fmi2_fmu_check (fmu, "plant", fmi2OK, "fmi2DoStep", &error));
  g_assert_true (_hyco_fmi2_fmu_check (fmu, "plant", fmi2Warning, "fmi2DoStep", &error));
  g_assert_no_error (error);

  /* A failure without a message. */
  g_assert_false (_hyco_fmi2_fmu_check (fmu, "plant", fmi2Discard, "fmi2DoStep", &error));
  g_assert_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_CALL);
  g_assert_cmpstr (error->message, ==, "FMU LoaderTest (plant): fmi2DoStep returned fmi2Discard");
  g_clear_error (&error);

  /* With the FMU's last message; #i0# becomes failOn and ## becomes #. */
  set_fail_on (fmu, c, 1);
  status = FMI (fmu)->fmi2ExitInitializationMode (COMPONENT (c));
  g_test_assert_expected_messages ();
  g_assert_false (
    _hyco_fmi2_fmu_check (fmu, "plant", status, "fmi2ExitInitializationMode", &error));
  g_assert_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_CALL);
  g_assert_cmpstr (error->message, ==,
                   "FMU LoaderTest (plant): fmi2ExitInitializationMode "
                   "returned fmi2Error: initialization fails as failOn = 1 "
                   "asks, #1");
  g_clear_error (&error);

  set_fail_on (fmu, c, 2);
  status = FMI (fmu)->fmi2DoStep (COMPONENT (c), 0, 0.5, fmi2True);
  g_test_assert_expected_messages ();
  g_assert_false (_hyco_fmi2_fmu_check (fmu, "plant", status, "fmi2DoStep", &error));
  g_assert_cmpstr (error->message, ==,
                   "FMU LoaderTest (plant): fmi2DoStep returned fmi2Error: "
                   "the step at t = 0 fails on request");
  g_clear_error (&error);

  /* The message was the last call's: a later failure without one does not repeat it. */
  g_assert_false (_hyco_fmi2_fmu_check (fmu, "plant", fmi2Fatal, "fmi2DoStep", &error));
  g_assert_cmpstr (error->message, ==, "FMU LoaderTest (plant): fmi2DoStep returned fmi2Fatal");
  g_clear_error (&error);

  /* The last message wins, a warning before it does not. */
  set_fail_on (fmu, c, 3);
  g_test_expect_message ("Hyco", G_LOG_LEVEL_MESSAGE, "plant: logStatusWarning: about to fail");
  status = FMI (fmu)->fmi2GetReal (COMPONENT (c), &y, 1, &value);
  g_test_assert_expected_messages ();
  g_assert_false (_hyco_fmi2_fmu_check (fmu, "plant", status, "fmi2GetReal", &error));
  g_assert_cmpstr (error->message, ==,
                   "FMU LoaderTest (plant): fmi2GetReal returned fmi2Error: "
                   "fmi2GetReal fails on request");
  g_clear_error (&error);

  /* Messages are kept per instance. */
  {
    HycoFmuInstance *other = _hyco_fmu_instantiate (fmu, "other", FALSE, &error);
    g_assert_no_error (error);
    set_fail_on (fmu, other, 2);
    g_assert_cmpint (FMI (fmu)->fmi2DoStep (COMPONENT (other), 0, 0.5, fmi2True), ==, fmi2Error);
    g_test_assert_expected_messages ();
    g_assert_false (_hyco_fmi2_fmu_check (fmu, "plant", fmi2Error, "fmi2DoStep", &error));
    g_assert_cmpstr (error->message, ==, "FMU LoaderTest (plant): fmi2DoStep returned fmi2Error");
    g_clear_error (&error);
    g_assert_false (_hyco_fmi2_fmu_check (fmu, "other", fmi2Error, "fmi2DoStep", &error));
    g_assert_true (g_str_has_suffix (error->message, ": the step at t = 0 fails on request"));
    g_clear_error (&error);
    other->ops->free (other);
  }

  /* Value references of unknown variables stay as written. */
  {
    const fmi2ValueReference time = 99;
    const fmi2Real one = 1;
    g_assert_cmpint (FMI (fmu)->fmi2SetReal (COMPONENT (c), &time, 1, &one), ==, fmi2Error);
    g_test_assert_expected_messages ();
    g_assert_false (_hyco_fmi2_fmu_check (fmu, "plant", fmi2Error, "fmi2SetReal", NULL));
  }
  c->ops->free (c);
}

/* fmi2OK messages are shown (message level) when the instance logs, dropped when it does not. */
static void
test_logging (void)
{
  g_autoptr (HycoFmu) fmu = open_loader ("0B");
  g_autoptr (GError) error = NULL;
  g_autofree char *instantiated = NULL;
  guint handler = start_recording ();
  HycoFmuInstance *logging, *quiet;

  logging = _hyco_fmu_instantiate (fmu, "logging", TRUE, &error);
  g_assert_no_error (error);
  quiet = _hyco_fmu_instantiate (fmu, "quiet", FALSE, &error);
  g_assert_no_error (error);
  /* The FMU logs, but the loader was told not to show it. */
  g_assert_cmpint (FMI (fmu)->fmi2SetDebugLogging (COMPONENT (quiet), fmi2True, 0, NULL), ==,
                   fmi2OK);
  g_assert_cmpint (FMI (fmu)->fmi2DoStep (COMPONENT (logging), 0, 0.5, fmi2True), ==, fmi2OK);
  g_assert_cmpint (FMI (fmu)->fmi2DoStep (COMPONENT (quiet), 0, 0.5, fmi2True), ==, fmi2OK);
  g_assert_cmpint (FMI (fmu)->fmi2DoStep (COMPONENT (logging), 0.5, 0.25, fmi2True), ==, fmi2OK);

  instantiated = g_strdup_printf ("message logging: logAll: instantiated with resources at %s",
                                  fmu->resource_uri);
  g_assert_cmpuint (logged->len, ==, 3);
  g_assert_cmpstr (logged->pdata[0], ==, instantiated);
  g_assert_cmpstr (logged->pdata[1], ==, "message logging: logAll: step from t = 0 by 0.5");
  g_assert_cmpstr (logged->pdata[2], ==, "message logging: logAll: step from t = 0.5 by 0.25");
  /* fmi2OK messages are not kept for errors. */
  g_assert_false (_hyco_fmi2_fmu_check (fmu, "logging", fmi2Error, "fmi2DoStep", &error));
  g_assert_cmpstr (error->message, ==, "FMU LoaderTest (logging): fmi2DoStep returned fmi2Error");

  logging->ops->free (logging);
  quiet->ops->free (quiet);
  stop_recording (handler);
}

static void
test_describe (void)
{
  g_autoptr (HycoFmu) fmu = open_loader ("4");
  g_autofree char *text = _hyco_fmu_describe (fmu);

  g_test_message ("%s", text);
  g_assert_true (g_str_has_prefix (text, "FMU LoaderTest ("));
  for (const char *const *expected
       = (const char *const
            []){ "  GUID            {8c4e810f-3df3-4a00-8276-176fa3c9f000}\n",
                 "  FMI version     2.0, co-simulation\n", "  generated by    hyco tests\n",
                 "  library         binaries/linux64/loader.so\n",
                 "  category        4 (FMI-HC, integer time, preferred and settable resolution)\n",
                 "  FMI-HC          fmi2GetPreferredResolution fmi2SetResolution "
                 "fmi2HybridGetMaxStepSize "
                 "fmi2HybridDoStep\n",
                 "canHandleVariableCommunicationStepSize canGetAndSetFMUstate canGetMaxStepSize "
                 "canHandleIntegerTime maxOutputDerivativeOrder=1\n",
                 "  experiment      start 0, stop 10, step size 0.5, tolerance 1e-06\n",
                 "  variables       12\n",
                 "    failOn (parameter, tunable Integer), value reference 0, start 0\n",
                 "    u (input, continuous Real), value reference 0, start 0, unit m\n",
                 "    y (output, continuous Real), value reference 2, unit mm, depends on u\n      "
                 "k u\n",
                 "    steps (output, discrete Integer), value reference 1, start 0 (settable, "
                 "initial exact), depends on no input\n",
                 "    w (output, continuous Real), value reference 6, depends on every input\n",
                 NULL };
       *expected; expected++)
    if (strstr (text, *expected) == NULL)
      g_assert_cmpstr (text, ==, *expected); /* fails, showing both */
}

/* The public API the command line uses: the same text, and the loader's errors. */
static void
test_describe_file (void)
{
  g_autoptr (HycoFmu) fmu = open_loader ("4");
  g_autofree char *path = fmu_path ("loader", "loader-4.fmu");
  g_autofree char *fmi1 = fmu_path ("broken", "fmi1.fmu");
  g_autofree char *expected = _hyco_fmu_describe (fmu);
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;

  text = hyco_fmu_describe_file (path, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (text, ==, expected);
  g_clear_pointer (&text, g_free);

  g_assert_null (hyco_fmu_describe_file ("tests/no-such.fmu", &error));
  g_assert_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_NOT_FOUND);
  g_clear_error (&error);
  /* An FMI version without a backend: refused before anything else is read. */
  g_assert_null (hyco_fmu_describe_file (fmi1, &error));
  g_assert_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_UNSUPPORTED);
  test_assert_contains (error->message, "fmiVersion is \"1.0\": only FMI 2.0 and 3.0 FMUs are supported");
  g_clear_pointer (&fmu, _hyco_fmu_unref);
  g_assert_cmpuint (test_private_tmp_count (), ==, 0);
}

/* The default experiment an FMU actor's description proposes (hyco fmu run). */
static void
test_default_experiment (void)
{
  g_autoptr (HycoActor) actor = hyco_fmu_actor_new ("F");
  g_autoptr (HycoActor) empty = hyco_fmu_actor_new ("Empty");
  g_autofree char *path = fmu_path ("loader", "loader-4.fmu");
  g_autoptr (GError) error = NULL;
  double start, stop, step, tolerance;

  g_assert_false (hyco_fmu_actor_get_default_experiment (HYCO_FMU_ACTOR (empty), &start, &stop,
                                                         &step, &tolerance));
  g_assert_true (isnan (start) && isnan (stop) && isnan (step) && isnan (tolerance));

  g_assert_true (hyco_fmu_actor_load (HYCO_FMU_ACTOR (actor), path, &error));
  g_assert_no_error (error);
  g_assert_true (hyco_fmu_actor_get_default_experiment (HYCO_FMU_ACTOR (actor), &start, &stop,
                                                        &step, &tolerance));
  g_assert_cmpfloat (start, ==, 0);
  g_assert_cmpfloat (stop, ==, 10);
  g_assert_cmpfloat (step, ==, 0.5);
  g_assert_cmpfloat (tolerance, ==, 1e-6);
  g_assert_true (
    hyco_fmu_actor_get_default_experiment (HYCO_FMU_ACTOR (actor), NULL, NULL, NULL, NULL));
}

/* An Enumeration variable has its type's items, shared by the variables of that type; the
 * canRunAsynchronuously capability is read (faulty declares it, probe does not). */
static void
test_enumeration_items (void)
{
  g_autofree char *probe_path
    = g_build_filename (g_getenv ("HYCO_TEST_FMU_DIR"), "probe.fmu", NULL);
  g_autofree char *faulty_path
    = g_build_filename (g_getenv ("HYCO_TEST_FMU_DIR"), "faulty.fmu", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoFmu) probe = _hyco_fmu_open (probe_path, &error);
  g_autoptr (HycoFmu) faulty = NULL;
  static const struct
  {
    const char *name;
    int value;
    const char *description;
  } expected[] = { { "off", 1, "not running" }, { "slow", 2, NULL }, { "fast", 4, "full speed" } };
  const HycoFmuVariable *mode, *mode_out;

  g_assert_no_error (error);
  mode = find (probe, "mode");
  mode_out = find (probe, "modeOut");
  g_assert_cmpint (mode->type, ==, HYCO_FMU_TYPE_ENUMERATION);
  g_assert_nonnull (mode->items);
  g_assert_true (mode->items == mode_out->items);
  g_assert_cmpuint (mode->items->len, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      const HycoFmuEnumerationItem *item = mode->items->pdata[i];
      g_assert_cmpstr (item->name, ==, expected[i].name);
      g_assert_cmpint (item->value, ==, expected[i].value);
      g_assert_cmpstr (item->description, ==, expected[i].description);
    }
  g_assert_null (find (probe, "count")->items);
  g_assert_false (probe->description->can_run_asynchronuously);

  faulty = _hyco_fmu_open (faulty_path, &error);
  g_assert_no_error (error);
  g_assert_true (faulty->description->can_run_asynchronuously);
}

/* The instance interface of the FMI 2.0 backend: the library's own functions as the calls,
 * NULL where the library lacks one, the fmi2Component as the handle, fmi2 names for errors.
 * Before the library is loaded (opening the FMU reads its symbols, and runs none of its code),
 * the calls it has stand as _hyco_fmu_function_not_loaded. */
static void
test_instance_ops (void)
{
  g_autoptr (HycoFmu) plain = open_loader ("0A");
  g_autoptr (HycoFmu) hybrid = open_loader ("4");
  g_autoptr (GError) error = NULL;
  HycoFmuInstance *instance;
  double y = NAN;
  const HycoFmuValueReference y_reference = find (plain, "y")->value_reference;

  g_assert_true (plain->backend == &_hyco_fmi2_backend);
  g_assert_false (_hyco_fmu_is_loaded (plain));
  g_assert_true ((gpointer) plain->ops->do_step == (gpointer) _hyco_fmu_function_not_loaded);
  g_assert_null (plain->ops->do_integer_step);
  g_assert_true ((gpointer) hybrid->ops->do_integer_step
                 == (gpointer) _hyco_fmu_function_not_loaded);
  g_assert_true (_hyco_fmu_load (plain, &error));
  g_assert_true (_hyco_fmu_load (hybrid, &error));
  g_assert_no_error (error);
  g_assert_true (_hyco_fmu_is_loaded (plain));
  g_assert_true ((gpointer) plain->ops->do_step == (gpointer) FMI (plain)->fmi2DoStep);
  g_assert_null (plain->ops->do_integer_step);
  g_assert_null (plain->ops->get_hybrid_real);
  g_assert_true ((gpointer) hybrid->ops->do_integer_step
                 == (gpointer) FMI (hybrid)->fmi2HybridDoStep);
  g_assert_nonnull (hybrid->ops->set_resolution);
  g_assert_cmpstr (plain->ops->names->do_step, ==, "fmi2DoStep");
  g_assert_cmpstr (plain->ops->names->do_integer_step, ==, "fmi2HybridDoStep");
  g_assert_cmpstr (plain->ops->terminated_status, ==, "fmi2Terminated");

  instance = _hyco_fmu_instantiate (plain, "ops", FALSE, &error);
  g_assert_no_error (error);
  g_assert_true (instance->ops == plain->ops);
  g_assert_true (instance->handle == COMPONENT (instance));
  g_assert_cmpint (instance->ops->setup_experiment (instance->handle, FALSE, 0, 0, FALSE, 0), ==,
                   HYCO_FMU_STATUS_OK);
  g_assert_cmpint (instance->ops->enter_initialization_mode (instance->handle), ==,
                   HYCO_FMU_STATUS_OK);
  g_assert_cmpint (instance->ops->exit_initialization_mode (instance->handle), ==,
                   HYCO_FMU_STATUS_OK);
  g_assert_cmpint (instance->ops->do_step (instance->handle, 0, 0.5, TRUE), ==, HYCO_FMU_STATUS_OK);
  g_assert_cmpint (instance->ops->get_real (instance->handle, &y_reference, 1, &y), ==,
                   HYCO_FMU_STATUS_OK);
  g_assert_false (isnan (y));
  g_assert_true (instance->ops->check (instance, HYCO_FMU_STATUS_WARNING, "fmi2DoStep", &error));
  g_assert_false (instance->ops->check (instance, HYCO_FMU_STATUS_DISCARD, "fmi2DoStep", &error));
  g_assert_cmpstr (error->message, ==, "FMU LoaderTest (ops): fmi2DoStep returned fmi2Discard");
  /* The instance holds the FMU: its files stay until the instance is freed. */
  g_clear_pointer (&plain, _hyco_fmu_unref);
  g_assert_cmpuint (test_private_tmp_count (), ==, 2);
  instance->ops->free (instance);
  g_assert_cmpuint (test_private_tmp_count (), ==, 1);
}

/* What a description's XML may not do, read straight from a directory: declarations of any
 * kind, nesting deeper than 256, an encoding other than UTF-8 or ISO-8859-1. */
static char *
read_description_error (const char *xml)
{
  static const char *const versions[] = { "2.0", NULL };
  g_autoptr (GError) error = NULL;
  g_autoptr (GError) io_error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("hyco-description-XXXXXX", &io_error);
  g_autofree char *file = g_build_filename (dir, "modelDescription.xml", NULL);
  HycoModelDescription *description;

  g_assert_no_error (io_error);
  g_file_set_contents (file, xml, -1, &io_error);
  g_assert_no_error (io_error);
  description = _hyco_model_description_read ("x.fmu", dir, versions, &error);
  g_remove (file);
  g_rmdir (dir);
  if (description != NULL)
    {
      _hyco_model_description_free (description);
      return NULL;
    }
  g_assert_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_DESCRIPTION);
  return g_strdup (error->message);
}

#define DESCRIPTION_START                                                                          \
  "<fmiModelDescription fmiVersion=\"2.0\" modelName=\"m\" guid=\"{1}\"\n"                         \
  "    xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\">\n"                                 \
  "  <CoSimulation modelIdentifier=\"m\"/>\n"

static void
test_description_xml (void)
{
  GString *deep
    = g_string_new ("<?xml version=\"1.0\"?>\n" DESCRIPTION_START "  <ModelVariables/>\n"
                    "  <VendorAnnotations>\n");
  char *message;

  message = read_description_error ("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                                    "<!-- a comment -->\n" DESCRIPTION_START "  <ModelVariables/>\n"
                                    "</fmiModelDescription>\n");
  g_assert_null (message);
  message = read_description_error ("<?xml version=\"1.0\"?>\n"
                                    "<!DOCTYPE fmiModelDescription [\n"
                                    "  <!ATTLIST ScalarVariable causality CDATA \"input\">\n"
                                    "]>\n" DESCRIPTION_START "  <ModelVariables/>\n"
                                    "</fmiModelDescription>\n");
  g_assert_cmpstr (message, ==,
                   "x.fmu: modelDescription.xml:3: ATTLIST ScalarVariable: DOCTYPE declarations "
                   "are refused");
  g_free (message);
  message = read_description_error (
    "<?xml version=\"1.0\" encoding=\"UTF-16\"?>\n" DESCRIPTION_START "  <ModelVariables/>\n"
    "</fmiModelDescription>\n");
  g_assert_cmpstr (message, ==,
                   "x.fmu: modelDescription.xml:1: the XML declaration names the encoding "
                   "\"UTF-16\": only UTF-8 (and US-ASCII, a part of it) and ISO-8859-1 are read");
  g_free (message);
  /* fmiModelDescription and VendorAnnotations are two levels: 255 more are one too many. */
  for (guint i = 0; i < 255; i++)
    g_string_append (deep, "<Tool>\n");
  message = read_description_error (deep->str);
  g_assert_cmpstr (message, ==,
                   "x.fmu: modelDescription.xml:261: <Tool> is nested 257 elements deep: model "
                   "descriptions are limited to 256 levels");
  g_free (message);
  g_string_free (deep, TRUE);
}

int
main (int argc, char **argv)
{
  const char *private_tmp = test_private_tmp_begin ("test-fmu-loader");
  int status;

  g_test_init (&argc, &argv, NULL);
  hyco_init ();
  g_assert_cmpstr (g_get_tmp_dir (), ==, private_tmp);

  if (g_getenv ("HYCO_TEST_FMU_DIR") == NULL)
    g_error ("HYCO_TEST_FMU_DIR is not set: run the test with meson test");

  g_test_add_func ("/fmu/open/description", test_description);
  g_test_add_func ("/fmu/open/categories", test_categories);
  g_test_add_func ("/fmu/open/lifetime", test_lifetime);
  g_test_add_func ("/fmu/open/errors", test_errors);
  g_test_add_func ("/fmu/open/optional-functions", test_optional_functions);
  g_test_add_func ("/fmu/open/dependency-on-parameter", test_dependency_on_parameter);
  g_test_add_func ("/fmu/open/not-found", test_not_found);
  g_test_add_func ("/fmu/instantiate/fails", test_instantiate_fails);
  g_test_add_func ("/fmu/check", test_check);
  g_test_add_func ("/fmu/logging", test_logging);
  g_test_add_func ("/fmu/describe", test_describe);
  g_test_add_func ("/fmu/describe/file", test_describe_file);
  g_test_add_func ("/fmu/default-experiment", test_default_experiment);
  g_test_add_func ("/fmu/description/enumeration-items", test_enumeration_items);
  g_test_add_func ("/fmu/instance/ops", test_instance_ops);
  g_test_add_func ("/fmu/description/xml", test_description_xml);
  status = g_test_run ();

  g_assert_cmpuint (test_private_tmp_count (), ==, 0);
  test_private_tmp_end ();
  return status;
}
