/* test-test-actors.c: Test and NonStrictTest with Ptolemy II's semantics: multiport inputs,
 * values beyond the list, requireAllCorrectValues, trainingMode, the output port, absent
 * inputs.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "test-fixture.h"

/* A continuous model fires its sinks at every integration step: a discrete signal there is
 * absent at most firings. */
static void
continuous_setup (Fixture *f, gconstpointer data)
{
  g_autoptr (HycoDirector) director = hyco_continuous_director_new ();

  fixture_init (f, director);
}

/* A Ramp 0, 1, 2, ... at 0, 0.1, 0.2, ... into @test's input. */
static HycoActor *
ramp (Fixture *f, const char *name, const char *step)
{
  g_autofree char *clock_name = g_strconcat (name, "Clock", NULL);
  HycoActor *clock = fixture_add (f, "DiscreteClock", clock_name, "period", "0.1", NULL);
  HycoActor *r = fixture_add (f, "Ramp", name, "step", step, NULL);

  fixture_connect (f, clock, "output", r, "trigger");
  return r;
}

static void
test_beyond_the_list (Fixture *f, gconstpointer data)
{
  const char *classes[] = { "Test", "NonStrictTest" };

  for (guint i = 0; i < G_N_ELEMENTS (classes); i++)
    {
      HycoActor *r = ramp (f, classes[i], "1");
      g_autofree char *name = g_strconcat (classes[i], "Check", NULL);
      HycoActor *test = fixture_add (f, classes[i], name, "correctValues", "{0, 1}", NULL);

      fixture_connect (f, r, "output", test, "input");
    }
  fixture_stop_time (f, "0.5");
  /* Six values each, two checked: a power-up test, as in Ptolemy II. */
  fixture_run_ok (f);
}

static void
test_multiport (Fixture *f, gconstpointer data)
{
  HycoActor *a = ramp (f, "A", "1");
  HycoActor *b = ramp (f, "B", "10");
  HycoActor *test
    = fixture_add (f, "Test", "Test", "correctValues", "{{0, 0}, {1, 10}, {2, 20}, {3, 30}}", NULL);
  g_autofree char *message = NULL;

  fixture_connect (f, a, "output", test, "input");
  fixture_connect (f, b, "output", test, "input");
  fixture_stop_time (f, "0.3");
  fixture_run_ok (f);
  g_assert_cmpuint (hyco_test_get_count (HYCO_TEST (test)), ==, 4);

  fixture_set (test, "correctValues", "{{0, 0}, {1, 10}, {2, 21}}");
  message = fixture_run_fails (f, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_TEST_FAILED);
  fixture_assert_contains (message, "at (0.2, 1) expected {2, 21}, received {2, 20}");
}

/* Several channels: a tag where one has a value and another has none fails, as Ptolemy's
 * "Empty input on channel" does. */
static void
test_multiport_absent_channel (Fixture *f, gconstpointer data)
{
  HycoActor *a = ramp (f, "A", "1");
  HycoActor *slow = fixture_add (f, "DiscreteClock", "Slow", "period", "0.2", NULL);
  HycoActor *test
    = fixture_add (f, "Test", "Test", "correctValues", "{{0, 1}, {1, 1}, {2, 1}}", NULL);
  g_autofree char *message = NULL;

  fixture_connect (f, a, "output", test, "input");
  fixture_connect (f, slow, "output", test, "input");
  fixture_stop_time (f, "0.2");
  message = fixture_run_fails (f, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_TEST_FAILED);
  fixture_assert_contains (message, "at (0.1, 1) channel 1 of the input is absent");
}

static void
test_non_strict_one_channel (Fixture *f, gconstpointer data)
{
  HycoActor *a = ramp (f, "A", "1");
  HycoActor *b = ramp (f, "B", "1");
  HycoActor *test = fixture_add (f, "NonStrictTest", "Check", "correctValues", "{0}", NULL);
  g_autoptr (GError) error = NULL;

  fixture_connect (f, a, "output", test, "input");
  fixture_connect (f, b, "output", test, "input");
  fixture_stop_time (f, "0");
  g_assert_false (fixture_run (f, &error));
  g_assert_nonnull (error);
  fixture_assert_contains (error->message, "port Check.input is not a multiport");
}

/* Under a continuous director both are fired at every step, where the clock's signal is
 * absent: absent inputs are not checked. */
static void
test_absent_inputs_not_checked (Fixture *f, gconstpointer data)
{
  HycoActor *sine = fixture_add (f, "ContinuousSinewave", "Sine", NULL);
  HycoActor *integral = fixture_add (f, "Integrator", "Integral", NULL);
  HycoActor *r = ramp (f, "Ramp", "1");
  HycoActor *strict = fixture_add (f, "Test", "Strict", "correctValues", "{0, 1, 2, 3}", NULL);
  HycoActor *loose
    = fixture_add (f, "NonStrictTest", "Loose", "correctValues", "{0, 1, 2, 3}", NULL);

  fixture_connect (f, sine, "output", integral, "derivative");
  fixture_connect (f, r, "output", strict, "input");
  fixture_connect (f, r, "output", loose, "input");
  fixture_stop_time (f, "0.3");
  fixture_run_ok (f);
  g_assert_cmpuint (hyco_test_get_count (HYCO_TEST (strict)), ==, 4);
  g_assert_cmpuint (hyco_non_strict_test_get_count (HYCO_NON_STRICT_TEST (loose)), ==, 4);
}

static void
test_require_all (Fixture *f, gconstpointer data)
{
  HycoActor *r = ramp (f, "Ramp", "1");
  HycoActor *test = fixture_add (f, "NonStrictTest", "Check", "correctValues", "{0, 1, 2}", NULL);
  g_autofree char *message = NULL;

  fixture_connect (f, r, "output", test, "input");
  fixture_stop_time (f, "0.1");
  message = fixture_run_fails (f, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_TEST_FAILED);
  fixture_assert_contains (message, "Check: expected 3 values, received 2; first missing: 2");

  fixture_set (test, "requireAllCorrectValues", "false");
  g_test_expect_message ("Hyco", G_LOG_LEVEL_MESSAGE, "*Check: expected 3 values, received 2*");
  fixture_run_ok (f);
  g_test_assert_expected_messages ();
}

/* Training mode checks nothing and keeps what it received as correctValues; the next run,
 * out of training mode, checks against it. */
static void
test_training_mode (Fixture *f, gconstpointer data)
{
  HycoActor *r = ramp (f, "Ramp", "0.5");
  HycoActor *test
    = fixture_add (f, "Test", "Check", "correctValues", "{7}", "trainingMode", "true", NULL);
  g_autofree char *trained = NULL;

  fixture_set (r, "init", "0.0");
  fixture_connect (f, r, "output", test, "input");
  fixture_stop_time (f, "0.3");
  g_test_expect_message ("Hyco", G_LOG_LEVEL_MESSAGE, "*Check: in training mode*4 values*");
  fixture_run_ok (f);
  g_test_assert_expected_messages ();
  g_object_get (test, "correctValues", &trained, NULL);
  g_assert_cmpstr (trained, ==, "{0.0, 0.5, 1.0, 1.5}");

  fixture_set (test, "trainingMode", "false");
  fixture_run_ok (f);
  g_assert_cmpuint (hyco_test_get_count (HYCO_TEST (test)), ==, 4);
}

/* The output is false while values are expected and true once all have been received, from
 * the firing after the last one, as Ptolemy's Test sends it. */
static void
test_output (Fixture *f, gconstpointer data)
{
  HycoActor *r = ramp (f, "Ramp", "1");
  HycoActor *test = fixture_add (f, "Test", "Check", "correctValues", "{0, 1}", NULL);
  HycoActor *rec = fixture_add (f, "Recorder", "Rec", NULL);
  const char *expected[] = { "false", "false", "true", "true" };

  fixture_connect (f, r, "output", test, "input");
  fixture_connect (f, test, "output", rec, "input");
  fixture_stop_time (f, "0.3");
  fixture_run_ok (f);
  g_assert_cmpuint (hyco_recorder_get_count (HYCO_RECORDER (rec)), ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      g_autofree char *value
        = hyco_value_to_literal (hyco_recorder_get_value (HYCO_RECORDER (rec), i));
      HycoTag tag;

      hyco_recorder_get_tag (HYCO_RECORDER (rec), i, &tag);
      g_assert_cmpint (tag.time, ==, i * 100000000);
      g_assert_cmpuint (tag.microstep, ==, 1);
      g_assert_cmpstr (value, ==, expected[i]);
    }
}

/* Numbers compare within the tolerance whatever their types, as Ptolemy's isCloseTo does:
 * an int received against a double expected, and inside arrays. */
static void
test_int_against_double (Fixture *f, gconstpointer data)
{
  HycoActor *r = ramp (f, "Ramp", "1");
  HycoActor *test
    = fixture_add (f, "NonStrictTest", "Check", "correctValues", "{0.0, 1.0, 2.0000000001}", NULL);

  fixture_connect (f, r, "output", test, "input");
  fixture_stop_time (f, "0.2");
  fixture_run_ok (f);
}

/* With one channel, an element {x} of correctValues is x (Ptolemy's one value per channel), and
 * an array value is still compared whole first. */
static void
test_one_element_arrays (Fixture *f, gconstpointer data)
{
  HycoActor *arrays = fixture_add (f, "Const", "Arrays", "value", "{7, 8}", NULL);
  HycoActor *single = fixture_add (f, "Const", "Single", "value", "{9}", NULL);
  HycoActor *test = fixture_add (f, "Test", "Check", "correctValues", "{{{7, 8}}}", NULL);
  HycoActor *test_single = fixture_add (f, "Test", "CheckSingle", "correctValues", "{{9}}", NULL);

  fixture_connect (f, arrays, "output", test, "input");
  fixture_connect (f, single, "output", test_single, "input");
  fixture_stop_time (f, "0");
  fixture_run_ok (f);
}

/* TestExceptionHandler ----------------------------------------------------------------------- */

#define CAUSALITY_MESSAGE "Unknown inputs remain. Possible causality loop:\na"

/* A run that fails with a Test's failure at 0.1: not the causality loop expected. */
static void
failing_test (Fixture *f)
{
  HycoActor *r = ramp (f, "R", "1");
  HycoActor *test = fixture_add (f, "Test", "Check", "correctValues", "{0, 5}", NULL);

  fixture_connect (f, r, "output", test, "input");
  fixture_stop_time (f, "0.5");
}

static void
test_exception_handler_no_error (Fixture *f, gconstpointer data)
{
  g_autofree char *message = NULL;

  ramp (f, "R", "1");
  fixture_add (f, "TestExceptionHandler", "Handler", "correctExceptionMessage", CAUSALITY_MESSAGE,
               NULL);
  fixture_stop_time (f, "0.5");
  message = fixture_run_fails (f, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_TEST_FAILED);
  fixture_assert_contains (message, "Handler: the run was expected to fail with a causality "
                                    "loop, but it ended without error");
}

static void
test_exception_handler_other_error (Fixture *f, gconstpointer data)
{
  g_autofree char *message = NULL;

  failing_test (f);
  fixture_add (f, "TestExceptionHandler", "Handler", "correctExceptionMessage", CAUSALITY_MESSAGE,
               NULL);
  message = fixture_run_fails (f, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_TEST_FAILED);
  fixture_assert_contains (message, "Handler: the run was expected to fail with a causality "
                                    "loop, but it failed otherwise: Check: ");
}

static void
test_exception_handler_unknown_message (Fixture *f, gconstpointer data)
{
  g_autoptr (GError) error = NULL;

  fixture_add (f, "TestExceptionHandler", "Handler", "correctExceptionMessage",
               "Something Ptolemy says", NULL);
  g_assert_false (fixture_run (f, &error));
  g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_PARAMETER);
  fixture_assert_contains (error->message, "Handler: correctExceptionMessage: Hyco does not know "
                                           "which of its errors Ptolemy's message \"Something "
                                           "Ptolemy says\" stands for");
}

/* In training mode any failure passes, and the run passes again: the check is added anew by
 * each prepare, not twice. */
static void
test_exception_handler_training (Fixture *f, gconstpointer data)
{
  failing_test (f);
  fixture_add (f, "TestExceptionHandler", "Handler", "trainingMode", "true", NULL);
  fixture_run_ok (f);
  fixture_run_ok (f);
}

/* Ptolemy's TestExceptionAttribute, an attribute of the composite, is read as the actor. */
static void
test_exception_attribute_read (void)
{
  const char *data
    = "<entity name=\"top\" class=\"CompositeActor\">\n"
      "  <property name=\"d\" class=\"DEDirector\"/>\n"
      "  <property name=\"Expect\" class=\"ptolemy.actor.lib.TestExceptionAttribute\">\n"
      "    <property name=\"correctExceptionMessage\" "
      "class=\"ptolemy.data.expr.StringParameter\" value=\"Possible causality loop\"/>\n"
      "    <property name=\"trainingMode\" class=\"ptolemy.actor.parameters.SharedParameter\""
      " value=\"false\"/>\n"
      "  </property>\n"
      "</entity>\n";
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoModel) model = hyco_model_new_from_data (data, -1, NULL, &error);
  HycoActor *expect;

  g_assert_no_error (error);
  expect = hyco_model_lookup_actor (model, "Expect");
  g_assert_true (HYCO_IS_TEST_EXCEPTION_HANDLER (expect));
  g_assert_false (hyco_model_run (model, NULL, &error));
  g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_TEST_FAILED);
  fixture_assert_contains (error->message, "Expect: the run was expected to fail with a "
                                           "causality loop, but it ended without error");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  hyco_init ();

  g_test_add ("/test-actors/beyond-the-list", Fixture, NULL, fixture_setup_de, test_beyond_the_list,
              fixture_teardown);
  g_test_add ("/test-actors/test/multiport", Fixture, NULL, fixture_setup_de, test_multiport,
              fixture_teardown);
  g_test_add ("/test-actors/test/multiport-absent-channel", Fixture, NULL, fixture_setup_de,
              test_multiport_absent_channel, fixture_teardown);
  g_test_add ("/test-actors/test/output", Fixture, NULL, fixture_setup_de, test_output, fixture_teardown);
  g_test_add ("/test-actors/non-strict/one-channel", Fixture, NULL, fixture_setup_de,
              test_non_strict_one_channel, fixture_teardown);
  g_test_add ("/test-actors/absent-inputs-not-checked", Fixture, NULL, continuous_setup,
              test_absent_inputs_not_checked, fixture_teardown);
  g_test_add ("/test-actors/require-all-correct-values", Fixture, NULL, fixture_setup_de, test_require_all,
              fixture_teardown);
  g_test_add ("/test-actors/training-mode", Fixture, NULL, fixture_setup_de, test_training_mode,
              fixture_teardown);
  g_test_add ("/test-actors/test/one-element-arrays", Fixture, NULL, fixture_setup_de,
              test_one_element_arrays, fixture_teardown);
  g_test_add ("/test-actors/exception-handler/no-error", Fixture, NULL, fixture_setup_de,
              test_exception_handler_no_error, fixture_teardown);
  g_test_add ("/test-actors/exception-handler/other-error", Fixture, NULL, fixture_setup_de,
              test_exception_handler_other_error, fixture_teardown);
  g_test_add ("/test-actors/exception-handler/unknown-message", Fixture, NULL, fixture_setup_de,
              test_exception_handler_unknown_message, fixture_teardown);
  g_test_add ("/test-actors/exception-handler/training", Fixture, NULL, fixture_setup_de,
              test_exception_handler_training, fixture_teardown);
  g_test_add_func ("/test-actors/exception-attribute/read", test_exception_attribute_read);
  g_test_add ("/test-actors/int-against-double", Fixture, NULL, fixture_setup_de, test_int_against_double,
              fixture_teardown);
  return g_test_run ();
}
