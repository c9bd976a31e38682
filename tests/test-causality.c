/* test-causality.c: causality interfaces of opaque composites in feedback loops (issue 16,
 * point 2): loops through a delay inside an SR composite or a modal model run, with their exact
 * tags; real zero-delay loops are still refused, naming the ports (and the tag when found
 * while running).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "test-support.h"

/* top (DE) holds E -> Add -> SR.in, SR.out -> Add, Add -> Log; SR (triggered) holds
 * in -> @inner -> out. Returns SR. */
static HycoCompositeActor *
sr_loop_new (HycoCompositeActor *top, HycoActor *emitter, HycoActor *inner, HycoActor **log)
{
  HycoCompositeActor *sr = test_sr_composite_new (top, "SR", "0");
  HycoActor *add = test_add_new (top, "Adder", "Add");
  g_autoptr (GError) error = NULL;

  test_port (HYCO_ACTOR (sr), "in", HYCO_PORT_INPUT);
  test_port (HYCO_ACTOR (sr), "out", HYCO_PORT_OUTPUT);
  test_add (sr, inner);
  g_assert_true (hyco_composite_actor_connect_ports (
    sr, hyco_actor_get_port (HYCO_ACTOR (sr), "in"), hyco_actor_get_port (inner, "input"), &error));
  g_assert_true (hyco_composite_actor_connect_ports (sr, hyco_actor_get_port (inner, "output"),
                                                     hyco_actor_get_port (HYCO_ACTOR (sr), "out"),
                                                     &error));
  g_assert_no_error (error);
  *log = test_log_new ("Log");
  test_add (top, emitter);
  test_add (top, *log);
  test_connect (top, emitter, "output", add, "input");
  test_connect (top, HYCO_ACTOR (sr), "out", add, "input");
  test_connect (top, add, "output", HYCO_ACTOR (sr), "in");
  test_connect (top, add, "output", *log, "input");
  return sr;
}

/* A DE loop through a triggered SR composite whose path holds a time delay: the composite's
 * output is absent at every tag but those of the delayed events, whether or not the loop's
 * input makes it react, so the loop settles. E emits 0, 1, 2 at (0, 1), (1, 1), (2, 1); the
 * delay of 0.5 feeds each sum back: Add(t) = E(t) + Add(t - 0.5). */
static void
test_sr_time_delay_loop (void)
{
  g_autoptr (HycoCompositeActor) top = test_top_new ("3");
  HycoTag tags[] = { test_tag ("0", 1), test_tag ("1", 1), test_tag ("2", 1) };
  HycoActor *delay = g_object_new (hyco_registry_lookup ("TimeDelay"), "name", "Delay", NULL);
  HycoActor *log;
  HycoCompositeActor *sr;
  g_autoptr (HycoModel) model = NULL;
  g_autofree char *trace = NULL;

  test_set (delay, "delay", "0.5");
  sr = sr_loop_new (top, test_emitter_new ("E", tags, 3), delay, &log);
  model = test_run_ok (top);
  trace = test_log_dump (TEST_LOG (log));
  g_assert_cmpstr (trace, ==,
                   "(0, 1) ch0=0\n"
                   "(0.5, 1) ch0=0\n"
                   "(1, 1) ch0=1\n"
                   "(1.5, 1) ch0=1\n"
                   "(2, 1) ch0=3\n"
                   "(2.5, 1) ch0=3\n"
                   "(3, 1) ch0=3\n");
  /* One reaction per tag of the trace: the firing that settled its output absent at (0, 1),
   * before Add's output triggered it, was not committed as one. */
  g_assert_cmpuint (
    hyco_sr_director_get_tick_count (HYCO_SR_DIRECTOR (hyco_composite_actor_get_director (sr))), ==,
    7);
}

/* The same loop with a strict actor instead of the delay is a real zero-delay loop: refused
 * before the run, naming the ports on it. */
static void
test_sr_zero_delay_loop (void)
{
  g_autoptr (HycoCompositeActor) top = test_top_new ("3");
  HycoTag tags[] = { test_tag ("0", 1) };
  HycoActor *log;
  g_autoptr (HycoModel) model = NULL;
  g_autoptr (GError) error = NULL;

  sr_loop_new (top, test_emitter_new ("E", tags, 1), test_pass_new ("Pass"), &log);
  model = hyco_model_new (top);
  g_assert_false (hyco_model_prepare (model, &error));
  g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_CAUSALITY);
  test_assert_contains (error->message, "SR.in");
  test_assert_contains (error->message, "SR.out");
  test_assert_contains (error->message, "Add.output");
}

/* Through Pre, the SR composite's output is present whenever it reacts (from the second
 * reaction on). Triggered by E at its tags as well, it surely reacts there, so the loop runs:
 * Add(k) = E(k) + Add(k - 1), one reaction per tag. */
static void
test_sr_pre_loop (void)
{
  g_autoptr (HycoCompositeActor) top = test_top_new ("3");
  HycoTag tags[] = { test_tag ("0", 1), test_tag ("1", 1), test_tag ("2", 2) };
  HycoActor *emitter = test_emitter_new ("E", tags, 3);
  HycoActor *log;
  HycoCompositeActor *sr;
  g_autoptr (HycoModel) model = NULL;
  g_autofree char *trace = NULL;

  sr = sr_loop_new (top, emitter, g_object_new (hyco_registry_lookup ("Pre"), "name", "Pre", NULL),
                    &log);
  test_port (HYCO_ACTOR (sr), "trigger", HYCO_PORT_INPUT);
  test_connect (top, emitter, "output", HYCO_ACTOR (sr), "trigger");
  model = test_run_ok (top);
  trace = test_log_dump (TEST_LOG (log));
  g_assert_cmpstr (trace, ==,
                   "(0, 1) ch0=0\n"
                   "(1, 1) ch0=1\n"
                   "(2, 2) ch0=3\n");
  g_assert_cmpuint (
    hyco_sr_director_get_tick_count (HYCO_SR_DIRECTOR (hyco_composite_actor_get_director (sr))), ==,
    3);
}

/* Without that trigger, whether the composite reacts at (1, 1) depends on Add's output, which
 * needs the composite's output, present only if it reacts: a real causality loop, found at
 * run time at that tag (at (0, 1) Pre had nothing to send, and the loop settled). */
static void
test_sr_pre_loop_refused (void)
{
  g_autoptr (HycoCompositeActor) top = test_top_new ("3");
  HycoTag tags[] = { test_tag ("0", 1), test_tag ("1", 1) };
  HycoActor *log;
  g_autoptr (HycoModel) model = NULL;
  g_autoptr (GError) error = NULL;

  sr_loop_new (top, test_emitter_new ("E", tags, 2),
               g_object_new (hyco_registry_lookup ("Pre"), "name", "Pre", NULL), &log);
  model = hyco_model_new (top);
  g_assert_false (hyco_model_run (model, NULL, &error));
  g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_CAUSALITY);
  test_assert_contains (error->message, "at (1, 1)");
  test_assert_contains (error->message, "SR.out");
  test_assert_contains (error->message, "Add.output");
  g_assert_cmpuint (test_log_count (TEST_LOG (log)), ==, 1);
}

/* A DE loop through a modal model whose refinements hold delays only: the controller reads
 * only `s`, each refinement delays `x` in time, so `y` does not depend on `x` at the same tag.
 * A (initial) delays by 0.5, B by 0.25 (B_DELAY); the switch to B at 1.75 (Switch) suspends
 * A with its event for (2, 1), which then never comes: Add(t) = Clock(t) + Add(t - delay). */
static const char modal_loop[]
  = "<entity name='modal-loop' class='CompositeActor'>"
    "  <property name='DE Director' class='DEDirector'>"
    "    <property name='stopTime' value='3'/>"
    "  </property>"
    "  <entity name='Clock' class='DiscreteClock'/>"
    "  <entity name='Switch' class='DiscreteClock'>"
    "    <property name='offset' value='1.75'/>"
    "    <property name='period' value='10'/>"
    "  </entity>"
    "  <entity name='Add' class='Adder'/>"
    "  <entity name='Check' class='Test'>"
    "    <property name='correctValues' value='{1, 1, 2, 2, 1, 1, 1, 1, 2}'/>"
    "    <property name='correctTags' value='{(0, 1), (0.5, 1), (1, 1), (1.5, 1), (2, 1),"
    "      (2.25, 1), (2.5, 1), (2.75, 1), (3, 1)}'/>"
    "  </entity>"
    "  <entity name='M' class='ModalModel'>"
    "    <port name='x' class='ModalPort'><property name='input'/></port>"
    "    <port name='s' class='ModalPort'><property name='input'/></port>"
    "    <port name='y' class='ModalPort'><property name='output'/></port>"
    "    <port name='z' class='ModalPort'><property name='output'/></port>"
    "    <entity name='_Controller' class='ModalController'>"
    "      <entity name='a' class='State'>"
    "        <property name='isInitialState' value='true'/>"
    "        <property name='refinementName' value='A'/>"
    "      </entity>"
    "      <entity name='b' class='State'>"
    "        <property name='refinementName' value='B'/>"
    "      </entity>"
    "      <relation name='toB' class='Transition'>"
    "        <property name='guardExpression' value='%s'/>"
    "        <property name='outputActions' value='%s'/>"
    "      </relation>"
    "      <link port='a.outgoingPort' relation='toB'/>"
    "      <link port='b.incomingPort' relation='toB'/>"
    "    </entity>"
    "    <entity name='A' class='Refinement'>"
    "      <port name='x' class='RefinementPort'><property name='input'/></port>"
    "      <port name='y' class='RefinementPort'><property name='output'/></port>"
    "      <entity name='Delay' class='TimeDelay'><property name='delay' value='0.5'/></entity>"
    "      <relation name='in' class='TypedIORelation'/>"
    "      <relation name='out' class='TypedIORelation'/>"
    "      <link port='x' relation='in'/>"
    "      <link port='Delay.input' relation='in'/>"
    "      <link port='Delay.output' relation='out'/>"
    "      <link port='y' relation='out'/>"
    "    </entity>"
    "    <entity name='B' class='Refinement'>"
    "      <port name='x' class='RefinementPort'><property name='input'/></port>"
    "      <port name='y' class='RefinementPort'><property name='output'/></port>"
    "      <entity name='Delay' class='%s'>%s</entity>"
    "      <relation name='in' class='TypedIORelation'/>"
    "      <relation name='out' class='TypedIORelation'/>"
    "      <link port='x' relation='in'/>"
    "      <link port='Delay.input' relation='in'/>"
    "      <link port='Delay.output' relation='out'/>"
    "      <link port='y' relation='out'/>"
    "    </entity>"
    "  </entity>"
    "  <relation name='tick' class='TypedIORelation'/>"
    "  <relation name='switch' class='TypedIORelation'/>"
    "  <relation name='sum' class='TypedIORelation'/>"
    "  <relation name='back' class='TypedIORelation'/>"
    "  <link port='Clock.output' relation='tick'/>"
    "  <link port='Add.input' relation='tick'/>"
    "  <link port='Switch.output' relation='switch'/>"
    "  <link port='M.s' relation='switch'/>"
    "  <link port='Add.output' relation='sum'/>"
    "  <link port='M.x' relation='sum'/>"
    "  <link port='Check.input' relation='sum'/>"
    "  <link port='M.y' relation='back'/>"
    "  <link port='Add.input' relation='back'/>"
    "</entity>";

static HycoModel *
modal_loop_new (const char *guard, const char *output_actions, const char *b_class,
                const char *b_properties)
{
  g_autofree char *xml = g_strdup_printf (modal_loop, guard, output_actions, b_class, b_properties);

  return test_load_inline (xml);
}

static void
assert_depends (HycoModel *model, const char *output, const char *input, gboolean expected)
{
  HycoActor *m = hyco_composite_actor_get_actor (hyco_model_get_toplevel (model), "M");

  g_assert_cmpint (hyco_actor_output_depends_on (m, hyco_actor_get_port (m, output),
                                                 hyco_actor_get_port (m, input)),
                   ==, expected);
}

static void
test_modal_delay_loop (void)
{
  const char *guards[] = { "s_isPresent", "s_isPresent || x_isPresent &amp;&amp; s_isPresent" };

  /* Whether or not the guard reads the loop's input: it writes no output (Ptolemy II's
   * FSMCausalityInterface), and the transition is taken at the commit. */
  for (guint g = 0; g < G_N_ELEMENTS (guards); g++)
    {
      g_autoptr (HycoModel) model
        = modal_loop_new (guards[g], "", "TimeDelay", "<property name='delay' value='0.25'/>");
      g_autoptr (GError) error = NULL;

      hyco_model_run (model, NULL, &error);
      g_assert_no_error (error);
      assert_depends (model, "y", "x", FALSE);
      assert_depends (model, "y", "s", FALSE);
      assert_depends (model, "z", "x", FALSE);
    }
}

/* A transition whose guard reads the loop's signal and whose output action writes another
 * output: that output depends on x, y still does not. Fired before x is known, the modal model
 * passes y on and leaves z unknown until the transition can be tested. */
static void
test_modal_output_action_loop (void)
{
  g_autoptr (HycoModel) model
    = modal_loop_new ("s_isPresent || x_isPresent &amp;&amp; s_isPresent", "z = 5", "TimeDelay",
                      "<property name='delay' value='0.25'/>");
  g_autoptr (GError) error = NULL;

  hyco_model_run (model, NULL, &error);
  g_assert_no_error (error);
  assert_depends (model, "y", "x", FALSE);
  assert_depends (model, "z", "x", TRUE);
  assert_depends (model, "z", "s", TRUE);
}

/* With a refinement that passes `x` on at the same tag (a Gain), or a transition whose output
 * action writes `y` and whose guard reads `x`, the loop is a real zero-delay loop: refused
 * before the run, naming the ports on it. */
static void
test_modal_zero_delay_loop (void)
{
  struct
  {
    const char *guard, *output_actions, *b_class, *b_properties;
  } cases[] = {
    { "s_isPresent", "", "Gain", "" },
    { "s_isPresent &amp;&amp; x_isPresent", "y = 5", "TimeDelay",
      "<property name='delay' value='0.25'/>" },
  };

  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      g_autoptr (HycoModel) model = modal_loop_new (cases[c].guard, cases[c].output_actions,
                                                    cases[c].b_class, cases[c].b_properties);
      g_autoptr (GError) error = NULL;

      assert_depends (model, "y", "x", TRUE);
      g_assert_false (hyco_model_prepare (model, &error));
      g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_CAUSALITY);
      test_assert_contains (error->message, "M.x");
      test_assert_contains (error->message, "M.y");
      test_assert_contains (error->message, "Add.output");
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  hyco_init ();
  g_test_add_func ("/causality/sr/time-delay-loop", test_sr_time_delay_loop);
  g_test_add_func ("/causality/sr/zero-delay-loop", test_sr_zero_delay_loop);
  g_test_add_func ("/causality/sr/pre-loop", test_sr_pre_loop);
  g_test_add_func ("/causality/sr/pre-loop-refused", test_sr_pre_loop_refused);
  g_test_add_func ("/causality/modal/delay-loop", test_modal_delay_loop);
  g_test_add_func ("/causality/modal/output-action-loop", test_modal_output_action_loop);
  g_test_add_func ("/causality/modal/zero-delay-loop", test_modal_zero_delay_loop);
  return g_test_run ();
}
