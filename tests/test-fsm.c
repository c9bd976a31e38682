/* test-fsm.c: the state machine actor in DE and SR models.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "test-support.h"

#include <math.h>

/* A machine with input x and output y, added to @top. */
static HycoFSMActor *
machine (HycoCompositeActor *top)
{
  HycoActor *fsm = hyco_fsm_actor_new ("Machine");

  test_port (fsm, "x", HYCO_PORT_INPUT);
  test_port (fsm, "y", HYCO_PORT_OUTPUT);
  test_add (top, fsm);
  return HYCO_FSM_ACTOR (fsm);
}

static void
check_ok (gboolean ok, GError *error)
{
  g_assert_no_error (error);
  g_assert_true (ok);
}

/* Toggling on each input event (the discrete part of component 3.6): output 2 on the way to
 * B, 1 on the way back, at the tag of the event. */
static void
test_toggle (void)
{
  g_autoptr (HycoCompositeActor) top = test_top_new ("2");
  HycoFSMActor *fsm = machine (top);
  HycoActor *clock = test_add_new (top, "DiscreteClock", "Clock");
  HycoActor *recorder = test_add_new (top, "Recorder", "Recorder");
  g_autoptr (HycoModel) model = NULL;
  GError *error = NULL;

  check_ok (hyco_fsm_actor_add_state (fsm, "A", TRUE, FALSE, &error), error);
  check_ok (hyco_fsm_actor_add_state (fsm, "B", FALSE, FALSE, &error), error);
  check_ok (hyco_fsm_actor_add_transition (fsm, "A", "B", "x_isPresent", "y = 2", NULL, &error),
            error);
  check_ok (hyco_fsm_actor_add_transition (fsm, "B", "A", "x_isPresent", "y = 1", NULL, &error),
            error);
  test_connect (top, clock, "output", HYCO_ACTOR (fsm), "x");
  test_connect (top, HYCO_ACTOR (fsm), "y", recorder, "input");
  model = test_run_ok (top);
  g_assert_cmpuint (hyco_recorder_get_count (HYCO_RECORDER (recorder)), ==, 3);
  g_assert_cmpfloat (hyco_value_get_double (hyco_recorder_get_value (HYCO_RECORDER (recorder), 0)),
                     ==, 2);
  g_assert_cmpfloat (hyco_value_get_double (hyco_recorder_get_value (HYCO_RECORDER (recorder), 1)),
                     ==, 1);
  g_assert_cmpstr (hyco_fsm_actor_get_current_state (fsm), ==, "B");
}

/* Guards over input values and variables; set actions commit in postfire, all right-hand
 * sides seeing the values from before the transition. */
static void
test_variables (void)
{
  g_autoptr (HycoCompositeActor) top = test_top_new ("4");
  HycoFSMActor *fsm = machine (top);
  HycoActor *clock = test_add_new (top, "DiscreteClock", "Clock");
  HycoActor *ramp = test_add_new (top, "Ramp", "Ramp");
  HycoActor *recorder = test_add_new (top, "Recorder", "Recorder");
  g_autoptr (HycoModel) model = NULL;
  GError *error = NULL;

  check_ok (hyco_fsm_actor_add_variable (fsm, "n", 0, &error), error);
  check_ok (hyco_fsm_actor_add_variable (fsm, "previous", -1, &error), error);
  check_ok (hyco_fsm_actor_add_state (fsm, "Counting", TRUE, FALSE, &error), error);
  check_ok (hyco_fsm_actor_add_state (fsm, "Done", FALSE, TRUE, &error), error);
  check_ok (hyco_fsm_actor_add_transition (fsm, "Counting", "Counting", "x < 3",
                                           "y = 10 * n + previous", "n = n + 1; previous = n",
                                           &error),
            error);
  check_ok (
    hyco_fsm_actor_add_transition (fsm, "Counting", "Done", "x >= 3", "y = -1", NULL, &error),
    error);
  test_connect (top, clock, "output", ramp, "trigger");
  test_connect (top, ramp, "output", HYCO_ACTOR (fsm), "x");
  test_connect (top, HYCO_ACTOR (fsm), "y", recorder, "input");
  model = test_run_ok (top);
  /* x = 0, 1, 2: y = 10n + previous with (n, previous) = (0, -1), (1, 0), (2, 1); x = 3: -1;
   * x = 4: the final state does not react. */
  g_assert_cmpuint (hyco_recorder_get_count (HYCO_RECORDER (recorder)), ==, 4);
  g_assert_cmpfloat (hyco_value_get_double (hyco_recorder_get_value (HYCO_RECORDER (recorder), 0)),
                     ==, -1);
  g_assert_cmpfloat (hyco_value_get_double (hyco_recorder_get_value (HYCO_RECORDER (recorder), 2)),
                     ==, 21);
  g_assert_cmpfloat (hyco_value_get_double (hyco_recorder_get_value (HYCO_RECORDER (recorder), 3)),
                     ==, -1);
  g_assert_cmpfloat (hyco_fsm_actor_get_variable (fsm, "n"), ==, 3);
  g_assert_cmpstr (hyco_fsm_actor_get_current_state (fsm), ==, "Done");
}

/* A default transition (declared first here) is taken only when no other is enabled: on each
 * clock event at (k, 1), x = 1 + k is compared with 2; while it is not greater, the default
 * transition counts. Saved models keep the flag. */
static void
test_default_transition (void)
{
  g_autoptr (HycoCompositeActor) top = test_top_new ("4");
  HycoFSMActor *fsm = machine (top);
  HycoActor *clock = test_add_new (top, "DiscreteClock", "Clock");
  HycoActor *ramp = test_add_new (top, "Ramp", "Ramp");
  HycoActor *recorder = test_add_new (top, "Recorder", "Recorder");
  g_autoptr (HycoModel) model = NULL;
  g_autofree char *saved = NULL;
  GError *error = NULL;

  test_set (ramp, "init", "1");
  test_connect (top, clock, "output", ramp, "trigger");
  check_ok (hyco_fsm_actor_add_state (fsm, "A", TRUE, FALSE, &error), error);
  check_ok (hyco_fsm_actor_add_state (fsm, "B", FALSE, TRUE, &error), error);
  check_ok (hyco_fsm_actor_add_transition (fsm, "A", "A", "x_isPresent", "y = 0", NULL, &error),
            error);
  hyco_fsm_actor_set_transition_default (fsm, 0, TRUE);
  check_ok (hyco_fsm_actor_add_transition (fsm, "A", "B", "x > 2", "y = x", NULL, &error), error);
  test_connect (top, ramp, "output", HYCO_ACTOR (fsm), "x");
  test_connect (top, HYCO_ACTOR (fsm), "y", recorder, "input");
  model = test_run_ok (top);
  /* x = 1, 2: the default (y = 0); x = 3: the other one, to B, which is final. */
  g_assert_cmpuint (hyco_recorder_get_count (HYCO_RECORDER (recorder)), ==, 3);
  g_assert_cmpfloat (hyco_value_get_double (hyco_recorder_get_value (HYCO_RECORDER (recorder), 1)),
                     ==, 0);
  g_assert_cmpfloat (hyco_value_get_double (hyco_recorder_get_value (HYCO_RECORDER (recorder), 2)),
                     ==, 3);
  g_assert_cmpstr (hyco_fsm_actor_get_current_state (fsm), ==, "B");
  saved = hyco_model_save_to_data (model);
  g_assert_nonnull (strstr (saved, "<property name=\"defaultTransition\" value=\"true\"/>"));
}

/* Two enabled transitions are an error naming both, unless the machine is nondeterministic. */
static void
test_nondeterminism (void)
{
  for (int deterministic = 1; deterministic >= 0; deterministic--)
    {
      g_autoptr (HycoCompositeActor) top = test_top_new ("1");
      HycoFSMActor *fsm = machine (top);
      HycoActor *clock = test_add_new (top, "DiscreteClock", "Clock");
      g_autoptr (HycoModel) model = NULL;
      GError *error = NULL;

      if (!deterministic)
        test_set (fsm, "deterministic", "false");
      check_ok (hyco_fsm_actor_add_state (fsm, "A", TRUE, FALSE, &error), error);
      check_ok (hyco_fsm_actor_add_state (fsm, "B", FALSE, FALSE, &error), error);
      check_ok (hyco_fsm_actor_add_state (fsm, "C", FALSE, FALSE, &error), error);
      check_ok (hyco_fsm_actor_add_transition (fsm, "A", "B", "x > 0", NULL, NULL, &error), error);
      check_ok (hyco_fsm_actor_add_transition (fsm, "A", "C", "x >= 1", NULL, NULL, &error), error);
      test_connect (top, clock, "output", HYCO_ACTOR (fsm), "x");
      model = hyco_model_new (top);
      if (deterministic)
        {
          g_assert_false (hyco_model_run (model, NULL, &error));
          g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_FAILED);
          g_assert_nonnull (strstr (error->message, "A -> B"));
          g_assert_nonnull (strstr (error->message, "A -> C"));
          g_clear_error (&error);
        }
      else
        {
          check_ok (hyco_model_run (model, NULL, &error), error);
          g_assert_cmpstr (hyco_fsm_actor_get_current_state (fsm), ==, "B");
        }
    }
}

/* Expression errors: syntax when the transition is added (with the position), names when the
 * model is prepared. */
static void
test_errors (void)
{
  g_autoptr (HycoCompositeActor) top = test_top_new ("1");
  HycoFSMActor *fsm = machine (top);
  g_autoptr (HycoModel) model = NULL;
  GError *error = NULL;

  check_ok (hyco_fsm_actor_add_state (fsm, "A", TRUE, FALSE, &error), error);
  g_assert_false (hyco_fsm_actor_add_transition (fsm, "A", "A", "x >= ", NULL, NULL, &error));
  g_assert_error (error, HYCO_EXPRESSION_ERROR, HYCO_EXPRESSION_ERROR_SYNTAX);
  g_assert_nonnull (strstr (error->message, "Machine"));
  g_assert_nonnull (strstr (error->message, "position"));
  g_clear_error (&error);
  g_assert_false (hyco_fsm_actor_add_transition (fsm, "A", "Nowhere", NULL, NULL, NULL, &error));
  g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_STRUCTURE);
  g_clear_error (&error);
  g_assert_false (hyco_fsm_actor_add_transition (fsm, "A", "A", NULL, "y 2", NULL, &error));
  g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_PARAMETER);
  g_clear_error (&error);
  check_ok (hyco_fsm_actor_add_transition (fsm, "A", "A", "q > 1", "z = 1", NULL, &error), error);
  model = hyco_model_new (top);
  g_assert_false (hyco_model_prepare (model, &error));
  g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_PARAMETER);
  g_assert_nonnull (strstr (error->message, "\"q\""));
  g_clear_error (&error);
}

/* Under SR the machine reacts at every tick its inputs are present. */
static void
test_under_sr (void)
{
  g_autoptr (HycoCompositeActor) top = test_sr_top_new ("1", "3");
  HycoFSMActor *fsm = machine (top);
  HycoActor *one = test_add_new (top, "Const", "One");
  HycoActor *recorder = test_add_new (top, "Recorder", "Recorder");
  g_autoptr (HycoModel) model = NULL;
  GError *error = NULL;

  check_ok (hyco_fsm_actor_add_variable (fsm, "total", 0, &error), error);
  check_ok (hyco_fsm_actor_add_state (fsm, "S", TRUE, FALSE, &error), error);
  check_ok (hyco_fsm_actor_add_transition (fsm, "S", "S", "x_isPresent", "y = total + x",
                                           "total = total + x", &error),
            error);
  test_connect (top, one, "output", HYCO_ACTOR (fsm), "x");
  test_connect (top, HYCO_ACTOR (fsm), "y", recorder, "input");
  model = test_run_ok (top);
  g_assert_cmpuint (hyco_recorder_get_count (HYCO_RECORDER (recorder)), ==, 4);
  g_assert_cmpfloat (hyco_value_get_double (hyco_recorder_get_value (HYCO_RECORDER (recorder), 3)),
                     ==, 4);
}

/* What @recorder saw, as `(time, microstep)=value` separated by spaces. */
static char *
recording (HycoActor *recorder)
{
  HycoRecorder *r = HYCO_RECORDER (recorder);
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < hyco_recorder_get_count (r); i++)
    {
      HycoTag tag;
      g_autofree char *text = NULL;
      hyco_recorder_get_tag (r, i, &tag);
      text = hyco_tag_to_string (&tag, HYCO_DEFAULT_RESOLUTION);
      g_string_append_printf (out, "%s%s=%g", i ? " " : "", text,
                              hyco_value_get_double (hyco_recorder_get_value (r, i)));
    }
  return g_string_free (out, FALSE);
}

/* A machine that records its output y, with an emitter of events on x at @tags (if any). */
static HycoFSMActor *
timed_machine (HycoCompositeActor *top, const HycoTag *tags, guint n_tags, HycoActor **recorder)
{
  HycoFSMActor *fsm = machine (top);

  *recorder = test_add_new (top, "Recorder", "Recorder");
  test_connect (top, HYCO_ACTOR (fsm), "y", *recorder, "input");
  if (n_tags > 0)
    {
      HycoActor *emitter = test_emitter_new ("Emitter", tags, n_tags);
      test_add (top, emitter);
      test_connect (top, emitter, "output", HYCO_ACTOR (fsm), "x");
    }
  return fsm;
}

/* Entered at (t, n), timeout(d) holds at (t + d, 1) under DE, and timeout(0) at (t, n + 1): A
 * waits 1.5 s, B none, so the machine alternates at (1.5k, 1) and (1.5k, 2). */
static void
test_timeout_tags (void)
{
  g_autoptr (HycoCompositeActor) top = test_top_new ("4.5");
  HycoActor *recorder;
  HycoFSMActor *fsm = timed_machine (top, NULL, 0, &recorder);
  g_autoptr (HycoModel) model = NULL;
  g_autofree char *seen = NULL;
  GError *error = NULL;

  check_ok (hyco_fsm_actor_add_state (fsm, "A", TRUE, FALSE, &error), error);
  check_ok (hyco_fsm_actor_add_state (fsm, "B", FALSE, FALSE, &error), error);
  check_ok (hyco_fsm_actor_add_transition (fsm, "A", "B", "timeout(1.5)", "y = 1", NULL, &error),
            error);
  check_ok (hyco_fsm_actor_add_transition (fsm, "B", "A", "timeout (0)", "y = 2", NULL, &error),
            error);
  model = test_run_ok (top);
  seen = recording (recorder);
  g_assert_cmpstr (seen, ==, "(1.5, 1)=1 (1.5, 2)=2 (3, 1)=1 (3, 2)=2 (4.5, 1)=1 (4.5, 2)=2");
}

/* A chain of zero timeouts takes one microstep per state; the delay is an expression over
 * variables and parameters, evaluated when the state is entered (after the set actions). */
static void
test_timeout_delay_expression (void)
{
  g_autoptr (HycoCompositeActor) top = test_top_new ("10");
  HycoActor *recorder;
  HycoFSMActor *fsm = timed_machine (top, NULL, 0, &recorder);
  g_autoptr (HycoModel) model = NULL;
  g_autofree char *seen = NULL;
  GError *error = NULL;

  check_ok (hyco_composite_actor_set_parameter (top, "first", "0.5", &error), error);
  check_ok (hyco_fsm_actor_add_variable (fsm, "ta", 0, &error), error);
  check_ok (hyco_fsm_actor_add_state (fsm, "A", TRUE, FALSE, &error), error);
  check_ok (hyco_fsm_actor_add_state (fsm, "B", FALSE, FALSE, &error), error);
  check_ok (hyco_fsm_actor_add_state (fsm, "C", FALSE, FALSE, &error), error);
  check_ok (hyco_fsm_actor_add_transition (fsm, "A", "B", "timeout(0)", "y = 0", NULL, &error),
            error);
  check_ok (
    hyco_fsm_actor_add_transition (fsm, "B", "C", "timeout(ta)", "y = ta", "ta = first", &error),
    error);
  check_ok (hyco_fsm_actor_add_transition (fsm, "C", "C", "timeout(2 * ta)", "y = ta",
                                           "ta = 2 * ta", &error),
            error);
  model = test_run_ok (top);
  seen = recording (recorder);
  /* C entered at (0, 2) with ta = 0.5: due at 1; then ta = 1, due at 1 + 2; then 3 + 4. */
  g_assert_cmpstr (seen, ==, "(0, 1)=0 (0, 2)=0 (1, 1)=0.5 (3, 1)=1 (7, 1)=2");
}

/* Re-entering a state restarts its timers: the requests of earlier visits find the guard
 * false. Events at (1, 1) and (2.5, 1) re-enter A, so timeout(2) fires only at (4.5, 1). */
static void
test_timeout_restart (void)
{
  const HycoTag tags[] = { test_tag ("1", 1), test_tag ("2.5", 1) };
  g_autoptr (HycoCompositeActor) top = test_top_new ("10");
  HycoActor *recorder;
  HycoFSMActor *fsm = timed_machine (top, tags, G_N_ELEMENTS (tags), &recorder);
  g_autoptr (HycoModel) model = NULL;
  g_autofree char *seen = NULL;
  GError *error = NULL;

  check_ok (hyco_fsm_actor_add_state (fsm, "A", TRUE, FALSE, &error), error);
  check_ok (hyco_fsm_actor_add_state (fsm, "B", FALSE, TRUE, &error), error);
  check_ok (hyco_fsm_actor_add_transition (fsm, "A", "A", "x_isPresent", "y = 0", NULL, &error),
            error);
  check_ok (hyco_fsm_actor_add_transition (fsm, "A", "B", "timeout(2)", "y = 1", NULL, &error),
            error);
  model = test_run_ok (top);
  seen = recording (recorder);
  g_assert_cmpstr (seen, ==, "(1, 1)=0 (2.5, 1)=0 (4.5, 1)=1");
  g_assert_cmpstr (hyco_fsm_actor_get_current_state (fsm), ==, "B");
}

/* An input at the tag a timeout is due: both guards hold at the same firing. Exclusive guards
 * choose (here the input wins, and a third transition is the confluent case); otherwise the
 * machine reports both transitions at that tag. */
static void
test_timeout_race (void)
{
  const HycoTag tags[] = { test_tag ("1", 1), test_tag ("3", 1) };
  g_autoptr (HycoCompositeActor) top = test_top_new ("10");
  HycoActor *recorder;
  HycoFSMActor *fsm = timed_machine (top, tags, G_N_ELEMENTS (tags), &recorder);
  g_autoptr (HycoModel) model = NULL;
  g_autofree char *seen = NULL;
  GError *error = NULL;

  check_ok (hyco_fsm_actor_add_state (fsm, "A", TRUE, FALSE, &error), error);
  check_ok (hyco_fsm_actor_add_state (fsm, "B", FALSE, FALSE, &error), error);
  check_ok (hyco_fsm_actor_add_state (fsm, "C", FALSE, TRUE, &error), error);
  /* A: internal at 1, unless the input comes then. */
  check_ok (hyco_fsm_actor_add_transition (fsm, "A", "B", "timeout(1) && !x_isPresent", "y = 1",
                                           NULL, &error),
            error);
  check_ok (hyco_fsm_actor_add_transition (fsm, "A", "B", "x_isPresent && !timeout(1)", "y = 2",
                                           NULL, &error),
            error);
  check_ok (hyco_fsm_actor_add_transition (fsm, "A", "B", "x_isPresent && timeout(1)", "y = 3",
                                           NULL, &error),
            error);
  /* B, entered at (1, 1): due at (3, 1) with the second event. */
  check_ok (hyco_fsm_actor_add_transition (fsm, "B", "C", "timeout(2) && !x_isPresent", "y = 4",
                                           NULL, &error),
            error);
  check_ok (hyco_fsm_actor_add_transition (fsm, "B", "C", "x_isPresent", "y = 5", NULL, &error),
            error);
  model = test_run_ok (top);
  seen = recording (recorder);
  g_assert_cmpstr (seen, ==, "(1, 1)=3 (3, 1)=5");
  g_clear_object (&model);

  /* Guards that are not exclusive: the error names both transitions and the tag. */
  {
    const HycoTag tie[] = { test_tag ("1", 1) };
    g_autoptr (HycoCompositeActor) other = test_top_new ("10");
    HycoFSMActor *racing = timed_machine (other, tie, 1, &recorder);
    g_autoptr (HycoModel) failed = NULL;

    check_ok (hyco_fsm_actor_add_state (racing, "A", TRUE, FALSE, &error), error);
    check_ok (hyco_fsm_actor_add_state (racing, "B", FALSE, FALSE, &error), error);
    check_ok (hyco_fsm_actor_add_transition (racing, "A", "B", "timeout(1)", "y = 1", NULL, &error),
              error);
    check_ok (
      hyco_fsm_actor_add_transition (racing, "A", "B", "x_isPresent", "y = 2", NULL, &error),
      error);
    failed = hyco_model_new (other);
    g_assert_false (hyco_model_run (failed, NULL, &error));
    g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_FAILED);
    test_assert_contains (error->message, "two transitions are enabled at (1, 1)");
    test_assert_contains (error->message, "\"timeout(1)\"");
    g_clear_error (&error);
  }
}

/* timeout(Infinity) never fires, and the machine asks for no firing: only the start tag runs. */
static void
test_timeout_infinity (void)
{
  g_autoptr (HycoCompositeActor) top = test_top_new ("Infinity");
  HycoActor *recorder;
  HycoFSMActor *fsm = timed_machine (top, NULL, 0, &recorder);
  g_autoptr (HycoModel) model = NULL;
  GError *error = NULL;

  check_ok (hyco_fsm_actor_add_variable (fsm, "forever", INFINITY, &error), error);
  check_ok (hyco_fsm_actor_add_state (fsm, "A", TRUE, FALSE, &error), error);
  check_ok (hyco_fsm_actor_add_state (fsm, "B", FALSE, FALSE, &error), error);
  check_ok (
    hyco_fsm_actor_add_transition (fsm, "A", "B", "timeout(Infinity)", "y = 1", NULL, &error),
    error);
  check_ok (hyco_fsm_actor_add_transition (fsm, "A", "B", "timeout(forever) || timeout(1e300)",
                                           "y = 2", NULL, &error),
            error);
  model = test_run_ok (top);
  g_assert_cmpuint (hyco_recorder_get_count (HYCO_RECORDER (recorder)), ==, 0);
  g_assert_cmpstr (hyco_fsm_actor_get_current_state (fsm), ==, "A");
}

/* Errors: a negative delay when the state is entered, a timeout outside a guard or inside
 * another's delay, and syntax errors whose positions are those of the guard as written. */
static void
test_timeout_errors (void)
{
  g_autoptr (HycoCompositeActor) top = test_top_new ("10");
  HycoFSMActor *fsm = machine (top);
  g_autoptr (HycoModel) model = NULL;
  GError *error = NULL;

  check_ok (hyco_fsm_actor_add_state (fsm, "A", TRUE, FALSE, &error), error);
  g_assert_false (
    hyco_fsm_actor_add_transition (fsm, "A", "A", "timeout(1) && ", NULL, NULL, &error));
  g_assert_error (error, HYCO_EXPRESSION_ERROR, HYCO_EXPRESSION_ERROR_SYNTAX);
  test_assert_contains (error->message, "Machine: in \"timeout(1) && \" at position");
  g_clear_error (&error);
  g_assert_false (
    hyco_fsm_actor_add_transition (fsm, "A", "A", "timeout(timeout(1))", NULL, NULL, &error));
  g_assert_error (error, HYCO_EXPRESSION_ERROR, HYCO_EXPRESSION_ERROR_SYNTAX);
  test_assert_contains (error->message, "cannot hold another timeout");
  g_clear_error (&error);
  g_assert_false (hyco_fsm_actor_add_transition (fsm, "A", "A", "timeout()", NULL, NULL, &error));
  g_assert_error (error, HYCO_EXPRESSION_ERROR, HYCO_EXPRESSION_ERROR_SYNTAX);
  g_clear_error (&error);
  g_assert_false (
    hyco_fsm_actor_add_transition (fsm, "A", "A", NULL, "y = timeout(1)", NULL, &error));
  g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_PARAMETER);
  test_assert_contains (error->message, "only be used in a guard");
  g_clear_error (&error);
  check_ok (hyco_fsm_actor_add_transition (fsm, "A", "A", "timeout(1 - 2)", NULL, NULL, &error),
            error);
  model = hyco_model_new (top);
  g_assert_false (hyco_model_run (model, NULL, &error));
  g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_FAILED);
  test_assert_contains (error->message, "timeout(1 - 2) at (0, 0): the delay is -1");
  g_clear_error (&error);
}

/* A loop of zero timeouts never lets time advance: the microstep bound reports it. */
static void
test_timeout_zeno (void)
{
  g_autoptr (HycoCompositeActor) top = test_top_new ("1");
  HycoFSMActor *fsm = machine (top);
  g_autoptr (HycoModel) model = NULL;
  GError *error = NULL;

  check_ok (hyco_fsm_actor_add_state (fsm, "A", TRUE, FALSE, &error), error);
  check_ok (hyco_fsm_actor_add_transition (fsm, "A", "A", "timeout(0)", NULL, NULL, &error), error);
  model = hyco_model_new (top);
  g_assert_false (hyco_model_run (model, NULL, &error));
  g_assert_nonnull (error);
  test_assert_contains (error->message, "Zeno");
  test_assert_contains (error->message, "Machine");
  g_clear_error (&error);
}

/* As a modal model's controller, under Continuous: the requests go up through the modal model,
 * the integration lands on them, and the new mode shows one microstep after the transition.
 * Mode A (y = 1) lasts 0.5 s, mode B (y = 2) 1.5 s. */
static void
test_timeout_modal_controller (void)
{
  static const char xml[]
    = "<entity name='m' class='TypedCompositeActor'>"
      " <property name='d' class='ContinuousDirector'><property name='stopTime' value='4.5'/>"
      " </property>"
      " <entity name='Toggle' class='ModalModel'>"
      "  <port name='y'><property name='output'/></port>"
      "  <entity name='_Controller' class='ModalController'>"
      "   <entity name='a' class='State'><property name='isInitialState' value='true'/>"
      "    <property name='refinementName' value='A'/></entity>"
      "   <entity name='b' class='State'><property name='refinementName' value='B'/></entity>"
      "   <relation name='toB' class='Transition'>"
      "    <property name='guardExpression' value='timeout(0.5)'/></relation>"
      "   <relation name='toA' class='Transition'>"
      "    <property name='guardExpression' value='timeout(1.5)'/></relation>"
      "   <link port='a.outgoingPort' relation='toB'/><link port='b.incomingPort' relation='toB'/>"
      "   <link port='b.outgoingPort' relation='toA'/><link port='a.incomingPort' relation='toA'/>"
      "  </entity>"
      "  <entity name='A' class='Refinement'><port name='y'><property name='output'/></port>"
      "   <entity name='c' class='Const'><property name='value' value='1'/></entity>"
      "   <relation name='r'/><link port='c.output' relation='r'/><link port='y' relation='r'/>"
      "  </entity>"
      "  <entity name='B' class='Refinement'><port name='y'><property name='output'/></port>"
      "   <entity name='c' class='Const'><property name='value' value='2'/></entity>"
      "   <relation name='r'/><link port='c.output' relation='r'/><link port='y' relation='r'/>"
      "  </entity>"
      " </entity>"
      " <entity name='Recorder' class='Recorder'/>"
      " <relation name='y'/><link port='Toggle.y' relation='y'/>"
      " <link port='Recorder.input' relation='y'/>"
      "</entity>";
  g_autoptr (HycoModel) model = test_load_inline (xml);
  HycoRecorder *recorder = HYCO_RECORDER (
    hyco_composite_actor_lookup_actor (hyco_model_get_toplevel (model), "Recorder"));
  g_autoptr (GString) changes = g_string_new (NULL);
  GError *error = NULL;
  double previous = 0;

  check_ok (hyco_model_run (model, NULL, &error), error);
  for (guint i = 0; i < hyco_recorder_get_count (recorder); i++)
    {
      double value = hyco_value_get_double (hyco_recorder_get_value (recorder, i));
      if (value != previous)
        {
          HycoTag tag;
          g_autofree char *text = NULL;
          hyco_recorder_get_tag (recorder, i, &tag);
          text = hyco_tag_to_string (&tag, HYCO_DEFAULT_RESOLUTION);
          g_string_append_printf (changes, "%s%s=%g", changes->len ? " " : "", text, value);
          previous = value;
        }
    }
  g_assert_cmpstr (changes->str, ==, "(0, 0)=1 (0.5, 2)=2 (2, 2)=1 (2.5, 2)=2 (4, 2)=1 (4.5, 2)=2");
}

/* Ptolemy II's shape in a model file: errors name the file, line and element. */
static void
test_model_file_errors (void)
{
  const struct
  {
    const char *body;
    int code;
    const char *part;
  } cases[] = {
    { "<relation name=\"t\" class=\"Transition\">"
      "<property name=\"guardExpression\" value=\"x &gt;= \"/></relation>"
      "<link port=\"A.outgoingPort\" relation=\"t\"/><link port=\"A.incomingPort\" "
      "relation=\"t\"/>",
      HYCO_MODEL_FILE_ERROR_BAD_VALUE, "position" },
    { "<relation name=\"t\" class=\"Transition\"/>", HYCO_MODEL_FILE_ERROR_INVALID,
      "outgoingPort" },
    { "<relation name=\"t\" class=\"Transition\"><property name=\"termination\" "
      "value=\"true\"/></relation>",
      HYCO_MODEL_FILE_ERROR_INVALID, "not supported yet" },
    { "<relation name=\"t\" class=\"Transition\"><property name=\"reset\" "
      "value=\"maybe\"/></relation>",
      HYCO_MODEL_FILE_ERROR_BAD_VALUE, "neither true nor false" },
    { "<entity name=\"B\" class=\"State\"><property name=\"refinementName\" "
      "value=\"R\"/></entity>",
      HYCO_MODEL_FILE_ERROR_INVALID, "only the controller of a ModalModel" },
    { "<link port=\"A.outgoingPort\" relation=\"nothing\"/>",
      HYCO_MODEL_FILE_ERROR_UNKNOWN_RELATION, "nothing" },
    { "<entity name=\"G\" class=\"Gain\"/>", HYCO_MODEL_FILE_ERROR_INVALID, "State" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text
        = g_strdup_printf ("<entity name=\"top\" class=\"CompositeActor\">\n"
                           "<property name=\"d\" class=\"DEDirector\"/>\n"
                           "<entity name=\"M\" class=\"FSMActor\">\n"
                           "<port name=\"x\"><property name=\"input\"/></port>\n"
                           "<entity name=\"A\" class=\"State\"><property name=\"isInitialState\" "
                           "value=\"true\"/></entity>\n"
                           "%s\n"
                           "</entity>\n"
                           "</entity>\n",
                           cases[i].body);
      g_autoptr (GError) error = NULL;
      g_autoptr (HycoModel) model = hyco_model_new_from_data (text, -1, "fsm.xml", &error);
      g_assert_null (model);
      g_assert_error (error, HYCO_MODEL_FILE_ERROR, cases[i].code);
      g_test_message ("%s", error->message);
      g_assert_true (g_str_has_prefix (error->message, "fsm.xml:"));
      g_assert_nonnull (strstr (error->message, cases[i].part));
    }
}

/* A machine in Ptolemy II's shape (full class names, Vergil's drawing properties) inside a DE
 * model with a clock ticking on `tick` at 0, 1, 2, ... until @stop: @body holds its states,
 * transitions and links, and @check the properties of a Test actor reading its output y. */
static char *
ptolemy_machine (const char *created_by, const char *stop, const char *controller_properties,
                 const char *body, const char *check)
{
  return g_strdup_printf (
    "<entity name=\"top\" class=\"ptolemy.actor.TypedCompositeActor\">\n"
    "<property name=\"_createdBy\" class=\"ptolemy.kernel.attributes.VersionAttribute\" "
    "value=\"%s\"/>\n"
    "<property name=\"DE Director\" class=\"ptolemy.domains.de.kernel.DEDirector\">"
    "<property name=\"stopTime\" value=\"%s\"/></property>\n"
    "<entity name=\"Clock\" class=\"ptolemy.actor.lib.DiscreteClock\"/>\n"
    "<entity name=\"M\" class=\"ptolemy.domains.modal.kernel.FSMActor\">\n%s"
    "<port name=\"tick\" class=\"ptolemy.actor.TypedIOPort\"><property name=\"input\"/></port>\n"
    "<port name=\"y\" class=\"ptolemy.actor.TypedIOPort\"><property name=\"output\"/></port>\n"
    "%s\n</entity>\n"
    "<entity name=\"Check\" class=\"ptolemy.actor.lib.Test\">%s</entity>\n"
    "<relation name=\"tick\"/><relation name=\"y\"/>\n"
    "<link port=\"Clock.output\" relation=\"tick\"/><link port=\"M.tick\" relation=\"tick\"/>\n"
    "<link port=\"M.y\" relation=\"y\"/><link port=\"Check.input\" relation=\"y\"/>\n"
    "</entity>\n",
    created_by, stop, controller_properties, body, check);
}

#define PT_STATE(name, initial)                                                                    \
  "<entity name=\"" name "\" class=\"ptolemy.domains.modal.kernel.State\">"                        \
  "<property name=\"isInitialState\" class=\"ptolemy.data.expr.Parameter\" value=\"" initial       \
  "\"/>"                                                                                           \
  "<property name=\"_location\" class=\"ptolemy.kernel.util.Location\" value=\"[0.0, 0.0]\"/>"     \
  "</entity>\n"
#define PT_TRANSITION(name, from, to, properties)                                                  \
  "<relation name=\"" name "\" class=\"ptolemy.domains.modal.kernel.Transition\">" properties      \
  "<property name=\"exitAngle\" class=\"ptolemy.data.expr.Parameter\" value=\"0.6\"/>"             \
  "<property name=\"gamma\" class=\"ptolemy.data.expr.Parameter\" value=\"0.1\"/></relation>\n"    \
  "<link port=\"" from ".outgoingPort\" relation=\"" name "\"/>"                                   \
  "<link port=\"" to ".incomingPort\" relation=\"" name "\"/>\n"
#define PT_PROPERTY(name, value) "<property name=\"" name "\" value=\"" value "\"/>"

static HycoModel *
load_machine (const char *text)
{
  g_autoptr (GError) error = NULL;
  HycoModel *model = hyco_model_new_from_data (text, -1, "machine.xml", &error);

  g_assert_no_error (error);
  return model;
}

static HycoFSMActor *
machine_of (HycoModel *model)
{
  HycoCompositeActor *top = hyco_model_get_toplevel (model);

  return HYCO_FSM_ACTOR (hyco_composite_actor_get_actor (top, "M"));
}

/* Immediate transitions: one chosen by a tick leads, in the same firing, through the states
 * whose immediate transitions are enabled; the last output action wins and every set action
 * applies in turn. One enabled in the initial state is taken at initialization. (The model
 * file tests/models/ptolemy-modal-immediate.xml, with its drawing properties.) */
static void
test_ptolemy_immediate (void)
{
  g_autofree char *path
    = g_test_build_filename (G_TEST_DIST, "models", "ptolemy-modal-immediate.xml", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoModel) model = hyco_model_new_from_file (path, &error);
  HycoFSMActor *fsm;

  g_assert_no_error (error);
  fsm
    = HYCO_FSM_ACTOR (hyco_composite_actor_get_actor (hyco_model_get_toplevel (model), "Machine"));
  g_assert_true (hyco_fsm_actor_get_transition_immediate (fsm, 0));
  g_assert_false (hyco_fsm_actor_get_transition_immediate (fsm, 1));
  /* The Test actor checks y = 2, 22, 2, 46 at (0, 1), (1, 1), (2, 1), (3, 1). */
  g_assert_true (hyco_model_run (model, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpfloat (hyco_fsm_actor_get_variable (fsm, "n"), ==, 46);
  g_assert_cmpstr (hyco_fsm_actor_get_current_state (fsm), ==, "A");
}

/* After a transition the machine is fired again one microstep later, as Ptolemy II's is: a
 * transition enabled without an input (here B -> A on `true`) is taken then, at (1, 2), not at
 * the next tick. And a transition enabled in the initial state without inputs (I -> A) fires
 * the machine at the start, (0, 1), where nothing else would. */
static void
test_ptolemy_refire (void)
{
  g_autofree char *text
    = ptolemy_machine ("8.1.devel", "1", "",
                       PT_STATE ("I", "true") PT_STATE ("A", "false") PT_STATE ("B", "false")
                         PT_TRANSITION ("start", "I", "A", PT_PROPERTY ("outputActions", "y = 0"))
                           PT_TRANSITION ("go", "A", "B",
                                          PT_PROPERTY ("guardExpression", "tick_isPresent")
                                            PT_PROPERTY ("outputActions", "y = 1"))
                             PT_TRANSITION ("back", "B", "A",
                                            PT_PROPERTY ("guardExpression", "true")
                                              PT_PROPERTY ("outputActions", "y = 2")),
                       PT_PROPERTY ("correctValues", "{0, 1, 2}")
                         PT_PROPERTY ("correctTags", "{(0, 1), (1, 1), (1, 2)}"));
  g_autoptr (HycoModel) model = load_machine (text);
  g_autoptr (GError) error = NULL;

  g_assert_true (hyco_model_run (model, NULL, &error));
  g_assert_no_error (error);
}

/* Which transitions re-initialize the destination's refinement follows the version that saved
 * the model, as in Ptolemy II: before 9.1 `reset` says so (false when absent); from 9.1 on
 * every transition does unless `history` is true; without `_createdBy` (Hyco's own files)
 * `reset` decides. */
static void
test_ptolemy_reset_versions (void)
{
  const struct
  {
    const char *version, *properties;
    gboolean reset;
  } cases[] = {
    { "8.1.devel", "", FALSE },
    { "8.1.devel", PT_PROPERTY ("reset", "true"), TRUE },
    { "9.0.devel", PT_PROPERTY ("reset", "false"), FALSE },
    { "9.1.devel", "", TRUE },
    { "9.1.devel", PT_PROPERTY ("reset", "false"), TRUE },
    { "10.0.1", PT_PROPERTY ("history", "true"), FALSE },
    { "8.1.devel", PT_PROPERTY ("reset", "true") PT_PROPERTY ("history", "true"), FALSE },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *transition = g_strdup_printf (
        "<relation name=\"t\" class=\"ptolemy.domains.modal.kernel.Transition\">%s</relation>"
        "<link port=\"A.outgoingPort\" relation=\"t\"/><link port=\"B.incomingPort\" "
        "relation=\"t\"/>",
        cases[i].properties);
      g_autofree char *body
        = g_strconcat (PT_STATE ("A", "true") PT_STATE ("B", "false"), transition, NULL);
      g_autofree char *text = ptolemy_machine (cases[i].version, "0", "", body, "");
      g_autoptr (HycoModel) model = load_machine (text);
      gboolean preemptive, reset;
      hyco_fsm_actor_get_transition_kind (machine_of (model), 0, &preemptive, &reset);
      g_test_message ("%s %s", cases[i].version, cases[i].properties);
      g_assert_cmpint (reset, ==, cases[i].reset);
    }
}

/* The controller's initialStateName and finalStateNames (Ptolemy II's older way to say so),
 * and two enabled transitions both marked nondeterministic (the first declared is taken). */
static void
test_ptolemy_controller_attributes (void)
{
  g_autofree char *text = ptolemy_machine (
    "8.1.devel", "2",
    "<property name=\"initialStateName\" class=\"ptolemy.kernel.util.StringAttribute\" "
    "value=\"B\"/><property name=\"finalStateNames\" "
    "class=\"ptolemy.kernel.util.StringAttribute\" value=\"C, D\"/>"
    "<property name=\"stateDependentCausality\" class=\"ptolemy.data.expr.Parameter\" "
    "value=\"true\"/>\n",
    PT_STATE ("A", "true") PT_STATE ("B", "false") PT_STATE ("C", "false") PT_STATE ("D", "false")
      PT_TRANSITION ("toC", "B", "C",
                     PT_PROPERTY ("guardExpression", "tick_isPresent") PT_PROPERTY (
                       "outputActions", "y = 3") PT_PROPERTY ("nondeterministic", "true"))
        PT_TRANSITION ("toD", "B", "D",
                       PT_PROPERTY ("guardExpression", "tick_isPresent") PT_PROPERTY (
                         "outputActions", "y = 4") PT_PROPERTY ("nondeterministic", "true")),
    PT_PROPERTY ("correctValues", "{3}") PT_PROPERTY ("correctTags", "{(0, 1)}"));
  g_autoptr (HycoModel) model = load_machine (text);
  g_autoptr (GError) error = NULL;
  gboolean initial, final;

  hyco_fsm_actor_get_state (machine_of (model), 1, &initial, &final);
  g_assert_true (initial);
  hyco_fsm_actor_get_state (machine_of (model), 0, &initial, &final);
  g_assert_false (initial);
  hyco_fsm_actor_get_state (machine_of (model), 3, &initial, &final);
  g_assert_true (final);
  g_assert_true (hyco_model_run (model, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (hyco_fsm_actor_get_current_state (machine_of (model)), ==, "C");
}

/* Immediate transitions that would be taken forever, and two enabled transitions of which one
 * is not nondeterministic, stop the run naming the transitions and the tag. */
static void
test_ptolemy_immediate_errors (void)
{
  const struct
  {
    const char *body, *message;
  } cases[] = {
    { PT_STATE ("A", "true") PT_TRANSITION ("t", "A", "A",
                                            PT_PROPERTY ("guardExpression", "tick_isPresent")
                                              PT_PROPERTY ("immediate", "true")),
      "at (0, 1): the self-loop A -> A cannot be immediate" },
    { PT_STATE ("A", "true") PT_STATE ("B", "false") PT_STATE ("C", "false")
        PT_TRANSITION ("t", "A", "B", PT_PROPERTY ("guardExpression", "tick_isPresent"))
          PT_TRANSITION ("u", "B", "C", PT_PROPERTY ("immediate", "true"))
            PT_TRANSITION ("v", "C", "B", PT_PROPERTY ("immediate", "true")),
      "at (0, 1): the immediate transition C -> B closes a cycle of immediate transitions" },
    { PT_STATE ("A", "true") PT_STATE ("B", "false") PT_TRANSITION (
        "t", "A", "B",
        PT_PROPERTY ("guardExpression", "tick_isPresent") PT_PROPERTY ("nondeterministic", "true"))
        PT_TRANSITION ("u", "A", "B", PT_PROPERTY ("guardExpression", "tick_isPresent")),
      "two transitions are enabled at (0, 1): A -> B (guard \"tick_isPresent\") and A -> B" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = ptolemy_machine ("8.1.devel", "1", "", cases[i].body, "");
      g_autoptr (HycoModel) model = load_machine (text);
      g_autoptr (GError) error = NULL;
      g_assert_false (hyco_model_run (model, NULL, &error));
      g_assert_nonnull (error);
      g_test_message ("%s", error->message);
      g_assert_nonnull (strstr (error->message, cases[i].message));
    }
}

/* Two state machines in a loop, each reading the other's output only in some states (Ptolemy
 * II's stateDependentCausality): not strict, each fires before its inputs are known and
 * chooses once its current state's transitions can be tested, so the loop resolves at every
 * tick. Opposite's output alternates 1, 2, 1, 2. */
static void
test_ptolemy_state_dependent_loop (void)
{
  const char *text
    = "<entity name=\"top\" class=\"ptolemy.actor.TypedCompositeActor\">\n"
      "<property name=\"SR Director\" class=\"ptolemy.domains.sr.kernel.SRDirector\">"
      "<property name=\"period\" value=\"1\"/><property name=\"stopTime\" value=\"3\"/>"
      "</property>\n"
      "<entity name=\"Const\" class=\"ptolemy.actor.lib.Const\"/>\n"
      "<entity name=\"Original\" class=\"ptolemy.domains.modal.kernel.FSMActor\">"
      "<port name=\"input\"><property name=\"input\"/></port>"
      "<port name=\"trigger\"><property name=\"input\"/></port>"
      "<port name=\"output\"><property name=\"output\"/></port>" PT_STATE (
        "dependency",
        "true") PT_STATE ("nodependency",
                          "false") PT_TRANSITION ("t", "dependency", "nodependency",
                                                  PT_PROPERTY (
                                                    "guardExpression",
                                                    "trigger_isPresent &amp;&amp; input_isPresent")
                                                    PT_PROPERTY ("outputActions", "output = 2"))
        PT_TRANSITION (
          "u", "nodependency", "dependency",
          PT_PROPERTY ("guardExpression", "trigger_isPresent") PT_PROPERTY (
            "outputActions",
            "output = 1")) "</entity>\n"
                           "<entity name=\"Opposite\" "
                           "class=\"ptolemy.domains.modal.kernel.FSMActor\">"
                           "<port name=\"input\"><property name=\"input\"/></port>"
                           "<port name=\"trigger\"><property name=\"input\"/></port>"
                           "<port name=\"output\"><property name=\"output\"/></port>" PT_STATE (
                             "dependency",
                             "false") PT_STATE ("nodependency",
                                                "true") PT_TRANSITION ("t", "dependency",
                                                                       "nodependency",
                                                                       PT_PROPERTY (
                                                                         "guardExpression",
                                                                         "trigger_isPresent "
                                                                         "&amp;&amp; "
                                                                         "input_isPresent")
                                                                         PT_PROPERTY (
                                                                           "outputActions",
                                                                           "output = 2"))
                             PT_TRANSITION (
                               "u", "nodependency", "dependency",
                               PT_PROPERTY ("guardExpression", "trigger_isPresent") PT_PROPERTY (
                                 "outputActions",
                                 "output = 1")) "</entity>\n"
                                                "<entity name=\"Check\" "
                                                "class=\"ptolemy.actor.lib.Test\">" PT_PROPERTY (
                                                  "correctValues",
                                                  "{1, 2, 1, 2}") "</entity>\n"
                                                                  "<relation "
                                                                  "name=\"trigger\"/><relation "
                                                                  "name=\"forth\"/><relation "
                                                                  "name=\"back\"/>\n"
                                                                  "<link port=\"Const.output\" "
                                                                  "relation=\"trigger\"/>"
                                                                  "<link port=\"Original.trigger\" "
                                                                  "relation=\"trigger\"/>"
                                                                  "<link port=\"Opposite.trigger\" "
                                                                  "relation=\"trigger\"/>\n"
                                                                  "<link port=\"Original.output\" "
                                                                  "relation=\"forth\"/>"
                                                                  "<link port=\"Opposite.input\" "
                                                                  "relation=\"forth\"/>\n"
                                                                  "<link port=\"Opposite.output\" "
                                                                  "relation=\"back\"/>"
                                                                  "<link port=\"Original.input\" "
                                                                  "relation=\"back\"/><link "
                                                                  "port=\"Check.input\" "
                                                                  "relation=\"back\"/>\n"
                                                                  "</entity>\n";
  g_autoptr (HycoModel) model = load_machine (text);
  g_autoptr (GError) error = NULL;

  g_assert_true (hyco_model_run (model, NULL, &error));
  g_assert_no_error (error);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  hyco_init ();
  g_test_add_func ("/fsm/toggle", test_toggle);
  g_test_add_func ("/fsm/variables", test_variables);
  g_test_add_func ("/fsm/nondeterminism", test_nondeterminism);
  g_test_add_func ("/fsm/default-transition", test_default_transition);
  g_test_add_func ("/fsm/errors", test_errors);
  g_test_add_func ("/fsm/under-sr", test_under_sr);
  g_test_add_func ("/fsm/model-file-errors", test_model_file_errors);
  g_test_add_func ("/fsm/timeout/tags", test_timeout_tags);
  g_test_add_func ("/fsm/timeout/delay-expression", test_timeout_delay_expression);
  g_test_add_func ("/fsm/timeout/restart", test_timeout_restart);
  g_test_add_func ("/fsm/timeout/race", test_timeout_race);
  g_test_add_func ("/fsm/timeout/infinity", test_timeout_infinity);
  g_test_add_func ("/fsm/timeout/errors", test_timeout_errors);
  g_test_add_func ("/fsm/timeout/zeno", test_timeout_zeno);
  g_test_add_func ("/fsm/timeout/modal-controller", test_timeout_modal_controller);
  g_test_add_func ("/fsm/ptolemy/immediate", test_ptolemy_immediate);
  g_test_add_func ("/fsm/ptolemy/refire", test_ptolemy_refire);
  g_test_add_func ("/fsm/ptolemy/reset-versions", test_ptolemy_reset_versions);
  g_test_add_func ("/fsm/ptolemy/controller-attributes", test_ptolemy_controller_attributes);
  g_test_add_func ("/fsm/ptolemy/immediate-errors", test_ptolemy_immediate_errors);
  g_test_add_func ("/fsm/ptolemy/state-dependent-loop", test_ptolemy_state_dependent_loop);
  return g_test_run ();
}
