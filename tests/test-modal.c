/* test-modal.c: modal models (state machines with refinements) in DE and Continuous, and the
 * hybrid automata shipped in models/.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "test-support.h"

#include <glib/gstdio.h>
#include <math.h>
#include <unistd.h>

static HycoModel *
load (const char *path)
{
  g_autoptr (GError) error = NULL;
  HycoModel *model = hyco_model_new_from_file (path, &error);

  g_assert_no_error (error);
  return model;
}

static HycoModel *
load_text (const char *text)
{
  g_autoptr (GError) error = NULL;
  HycoModel *model = hyco_model_new_from_data (text, -1, "modal.xml", &error);

  g_assert_no_error (error);
  return model;
}

static void
run_ok (HycoModel *model)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (hyco_model_run (model, NULL, &error));
  g_assert_no_error (error);
}

static HycoActor *
lookup (HycoModel *model, const char *path)
{
  HycoActor *actor = hyco_composite_actor_lookup_actor (hyco_model_get_toplevel (model), path);

  g_assert_nonnull (actor);
  return actor;
}

static double
recorded (HycoModel *model, const char *recorder, guint index, HycoTag *tag)
{
  HycoRecorder *r = HYCO_RECORDER (lookup (model, recorder));

  g_assert_cmpuint (index, <, hyco_recorder_get_count (r));
  if (tag)
    hyco_recorder_get_tag (r, index, tag);
  return hyco_value_get_double (hyco_recorder_get_value (r, index));
}

static guint
recorded_count (HycoModel *model, const char *recorder)
{
  return hyco_recorder_get_count (HYCO_RECORDER (lookup (model, recorder)));
}

/* Component 3.6: the output toggles one microstep after each event (the model's Test actors
 * check both sides of every event). */
static void
test_discrete_control (void)
{
  g_autoptr (HycoModel) model = load ("models/modal-discrete-control.xml");
  HycoCompositeActor *toggle;

  run_ok (model);
  toggle = HYCO_COMPOSITE_ACTOR (lookup (model, "Toggle"));
  g_assert_cmpstr (hyco_modal_model_get_current_state (HYCO_MODAL_MODEL (toggle)), ==, "b");
  g_assert_cmpuint (hyco_modal_director_get_transition_count (
                      HYCO_MODAL_DIRECTOR (hyco_composite_actor_get_director (toggle))),
                    ==, 5);
}

/* The bouncing ball: impact k + 1 comes 2 t1 0.8^k after impact k, t1 = sqrt(2 h / g); the
 * accumulation point is handled by the rest mode and the run reaches its stop time. */
static void
test_bouncing_ball (void)
{
  g_autoptr (HycoModel) model = load ("models/bouncing-ball.xml");
  const double t1 = sqrt (2 * 10 / 9.81);
  double expected = t1;
  HycoDirector *director;
  HycoTag tag, end;
  guint impacts;

  run_ok (model);
  for (guint k = 0; k < 10; k++)
    {
      double v = recorded (model, "Impacts", k, &tag);
      double time = hyco_time_to_seconds (tag.time, -9);
      g_test_message ("impact %u at %.9f s (analytic %.9f), v = %g", k + 1, time, expected, v);
      g_assert_cmpfloat_with_epsilon (time, expected, 1e-6);
      g_assert_cmpuint (tag.microstep, ==, 1); /* like a zero-crossing detector's event */
      g_assert_cmpfloat_with_epsilon (v, -9.81 * t1 * pow (0.8, k), 1e-5);
      expected += 2 * t1 * pow (0.8, k + 1);
    }
  /* Then ever shorter flights, until the ball rests before the accumulation point. */
  impacts = recorded_count (model, "Impacts");
  g_assert_cmpuint (impacts, >, 20);
  g_assert_cmpuint (impacts, <, 40);
  recorded (model, "Impacts", impacts - 1, &tag);
  g_assert_cmpfloat (hyco_time_to_seconds (tag.time, -9), <, t1 + 2 * t1 * 0.8 / (1 - 0.8));
  g_assert_cmpstr (hyco_modal_model_get_current_state (HYCO_MODAL_MODEL (lookup (model, "Ball"))),
                   ==, "rest");
  director = hyco_composite_actor_get_director (hyco_model_get_toplevel (model));
  hyco_director_get_current_tag (director, &end);
  g_assert_cmpint (end.time, ==, 20 * G_GINT64_CONSTANT (1000000000));
  /* The set actions changed the integrators' parameters during the run only. */
  {
    double height, velocity;
    g_object_get (lookup (model, "Ball.Free.Height"), "initialState", &height, NULL);
    g_object_get (lookup (model, "Ball.Free.Velocity"), "initialState", &velocity, NULL);
    g_assert_cmpfloat (height, ==, 10);
    g_assert_cmpfloat (velocity, ==, 0);
  }
  /* And a second run gives the same impacts. */
  {
    double first = recorded (model, "Impacts", 3, NULL);
    run_ok (model);
    g_assert_cmpuint (recorded_count (model, "Impacts"), ==, impacts);
    g_assert_cmpfloat (recorded (model, "Impacts", 3, NULL), ==, first);
  }
}

/* Under SR, refinements without a director of their own tick with the modal model: a gain of
 * 10 until the ramp reaches 2, then of -1. The transition is taken in postfire of the reaction
 * that enabled it, and the new mode reacts at the next tick: no extra reaction at (2, 2), where
 * the ramp would have advanced. */
static void
test_under_sr (void)
{
  g_autoptr (HycoModel) model = load_text (
    "<entity name=\"top\" class=\"CompositeActor\">"
    "<property name=\"d\" class=\"SRDirector\"><property name=\"stopTime\" value=\"4\"/>"
    "<property name=\"period\" value=\"1\"/></property>"
    "<entity name=\"Ramp\" class=\"Ramp\"/>"
    "<entity name=\"M\" class=\"ModalModel\">"
    "<port name=\"x\"><property name=\"input\"/></port>"
    "<port name=\"y\"><property name=\"output\"/></port>"
    "<entity name=\"_Controller\" class=\"ModalController\">"
    "<entity name=\"A\" class=\"State\"><property name=\"isInitialState\" value=\"true\"/>"
    "<property name=\"refinementName\" value=\"RA\"/></entity>"
    "<entity name=\"B\" class=\"State\"><property name=\"refinementName\" value=\"RB\"/>"
    "</entity>"
    "<relation name=\"ab\" class=\"Transition\">"
    "<property name=\"guardExpression\" value=\"x &gt;= 2\"/></relation>"
    "<link port=\"A.outgoingPort\" relation=\"ab\"/><link port=\"B.incomingPort\" "
    "relation=\"ab\"/></entity>"
    "<entity name=\"RA\" class=\"Refinement\"><port name=\"x\"><property name=\"input\"/>"
    "</port><port name=\"y\"><property name=\"output\"/></port>"
    "<entity name=\"G\" class=\"Gain\"><property name=\"factor\" value=\"10.0\"/></entity>"
    "<relation name=\"a\"/><relation name=\"b\"/><link port=\"x\" relation=\"a\"/>"
    "<link port=\"G.input\" relation=\"a\"/><link port=\"G.output\" relation=\"b\"/>"
    "<link port=\"y\" relation=\"b\"/></entity>"
    "<entity name=\"RB\" class=\"Refinement\"><port name=\"x\"><property name=\"input\"/>"
    "</port><port name=\"y\"><property name=\"output\"/></port>"
    "<entity name=\"G\" class=\"Gain\"><property name=\"factor\" value=\"-1.0\"/></entity>"
    "<relation name=\"a\"/><relation name=\"b\"/><link port=\"x\" relation=\"a\"/>"
    "<link port=\"G.input\" relation=\"a\"/><link port=\"G.output\" relation=\"b\"/>"
    "<link port=\"y\" relation=\"b\"/></entity>"
    "</entity>"
    "<entity name=\"R\" class=\"Recorder\"/>"
    "<relation name=\"x\"/><relation name=\"y\"/>"
    "<link port=\"Ramp.output\" relation=\"x\"/><link port=\"M.x\" relation=\"x\"/>"
    "<link port=\"M.y\" relation=\"y\"/><link port=\"R.input\" relation=\"y\"/>"
    "</entity>");
  const double expected[] = { 0, 10, 20, -3, -4 };
  const guint64 microsteps[] = { 1, 1, 1, 1, 1 };

  run_ok (model);
  g_assert_cmpuint (recorded_count (model, "R"), ==, G_N_ELEMENTS (expected));
  for (guint k = 0; k < G_N_ELEMENTS (expected); k++)
    {
      HycoTag tag;
      g_assert_cmpfloat (recorded (model, "R", k, &tag), ==, expected[k]);
      g_assert_cmpint (tag.time, ==, (gint64) k * 1000000000);
      g_assert_cmpuint (tag.microstep, ==, microsteps[k]);
    }
}

/* A triggered SR composite in DE holding a modal model that changes mode at every reaction:
 * each transition commits in postfire of its reaction, and the new mode reacts when the clock
 * next fires the composite. The sources and CurrentTime react once per clock tick, at (k, 1),
 * never again at (k, 2); with Recorders (no Test to stop it) the run ends at its stop time,
 * not in a Zeno error. */
static void
test_transition_within_sr_reaction (void)
{
  g_autoptr (HycoModel) model = load_text (
    "<entity name=\"top\" class=\"CompositeActor\">"
    "<property name=\"d\" class=\"DEDirector\"><property name=\"stopTime\" value=\"3\"/>"
    "</property>"
    "<entity name=\"Clock\" class=\"DiscreteClock\"><property name=\"period\" value=\"1\"/>"
    "</entity>"
    "<entity name=\"S\" class=\"CompositeActor\">"
    "<property name=\"sr\" class=\"SRDirector\"/>"
    "<port name=\"tick\"><property name=\"input\"/></port>"
    "<port name=\"y\"><property name=\"output\"/></port>"
    "<port name=\"t\"><property name=\"output\"/></port>"
    "<entity name=\"Ramp\" class=\"Ramp\"/>"
    "<entity name=\"Now\" class=\"CurrentTime\"/>"
    "<entity name=\"M\" class=\"ModalModel\">"
    "<port name=\"x\"><property name=\"input\"/></port>"
    "<port name=\"y\"><property name=\"output\"/></port>"
    "<entity name=\"_Controller\" class=\"ModalController\">"
    "<entity name=\"A\" class=\"State\"><property name=\"isInitialState\" value=\"true\"/>"
    "<property name=\"refinementName\" value=\"RA\"/></entity>"
    "<entity name=\"B\" class=\"State\"><property name=\"refinementName\" value=\"RB\"/>"
    "</entity>"
    "<relation name=\"ab\" class=\"Transition\">"
    "<property name=\"guardExpression\" value=\"true\"/></relation>"
    "<relation name=\"ba\" class=\"Transition\">"
    "<property name=\"guardExpression\" value=\"true\"/></relation>"
    "<link port=\"A.outgoingPort\" relation=\"ab\"/>"
    "<link port=\"B.incomingPort\" relation=\"ab\"/>"
    "<link port=\"B.outgoingPort\" relation=\"ba\"/>"
    "<link port=\"A.incomingPort\" relation=\"ba\"/></entity>"
    "<entity name=\"RA\" class=\"Refinement\"><port name=\"x\"><property name=\"input\"/>"
    "</port><port name=\"y\"><property name=\"output\"/></port>"
    "<entity name=\"G\" class=\"Gain\"><property name=\"factor\" value=\"10.0\"/></entity>"
    "<relation name=\"a\"/><relation name=\"b\"/><link port=\"x\" relation=\"a\"/>"
    "<link port=\"G.input\" relation=\"a\"/><link port=\"G.output\" relation=\"b\"/>"
    "<link port=\"y\" relation=\"b\"/></entity>"
    "<entity name=\"RB\" class=\"Refinement\"><port name=\"x\"><property name=\"input\"/>"
    "</port><port name=\"y\"><property name=\"output\"/></port>"
    "<entity name=\"G\" class=\"Gain\"><property name=\"factor\" value=\"-1.0\"/></entity>"
    "<relation name=\"a\"/><relation name=\"b\"/><link port=\"x\" relation=\"a\"/>"
    "<link port=\"G.input\" relation=\"a\"/><link port=\"G.output\" relation=\"b\"/>"
    "<link port=\"y\" relation=\"b\"/></entity>"
    "</entity>"
    "<relation name=\"x\"/><relation name=\"my\"/><relation name=\"now\"/>"
    "<link port=\"Ramp.output\" relation=\"x\"/><link port=\"M.x\" relation=\"x\"/>"
    "<link port=\"M.y\" relation=\"my\"/><link port=\"y\" relation=\"my\"/>"
    "<link port=\"Now.output\" relation=\"now\"/><link port=\"t\" relation=\"now\"/>"
    "</entity>"
    "<entity name=\"R\" class=\"Recorder\"/>"
    "<entity name=\"T\" class=\"Recorder\"/>"
    "<relation name=\"tick\"/><relation name=\"y\"/><relation name=\"t\"/>"
    "<link port=\"Clock.output\" relation=\"tick\"/><link port=\"S.tick\" relation=\"tick\"/>"
    "<link port=\"S.y\" relation=\"y\"/><link port=\"R.input\" relation=\"y\"/>"
    "<link port=\"S.t\" relation=\"t\"/><link port=\"T.input\" relation=\"t\"/>"
    "</entity>");
  /* A at 0 and 2 (gain 10), B at 1 and 3 (gain -1), on the ramp 0, 1, 2, 3. */
  const double expected[] = { 0, -1, 20, -3 };

  run_ok (model);
  g_assert_cmpuint (recorded_count (model, "R"), ==, G_N_ELEMENTS (expected));
  g_assert_cmpuint (recorded_count (model, "T"), ==, G_N_ELEMENTS (expected));
  for (guint k = 0; k < G_N_ELEMENTS (expected); k++)
    {
      HycoTag tag;
      g_assert_cmpfloat (recorded (model, "R", k, &tag), ==, expected[k]);
      g_assert_cmpint (tag.time, ==, (gint64) k * 1000000000);
      g_assert_cmpuint (tag.microstep, ==, 1);
      g_assert_cmpfloat (recorded (model, "T", k, &tag), ==, k);
      g_assert_cmpint (tag.time, ==, (gint64) k * 1000000000);
      g_assert_cmpuint (tag.microstep, ==, 1);
    }
  g_assert_cmpuint (
    hyco_modal_director_get_transition_count (HYCO_MODAL_DIRECTOR (
      hyco_composite_actor_get_director (HYCO_COMPOSITE_ACTOR (lookup (model, "S.M"))))),
    ==, 4);
}

/* A periodic SR refinement keeps its grid in its local time: suspended at 1.5 s (local 1.5)
 * and resumed by a history transition at 4 s, it reacts next at local 2, model time 4.5 s,
 * then at 5.5 s, and never in between (CurrentTime shows the local time). */
static void
test_periodic_sr_refinement_resumed (void)
{
  g_autoptr (HycoModel) model = load_text (
    "<entity name=\"top\" class=\"CompositeActor\">"
    "<property name=\"d\" class=\"DEDirector\"><property name=\"stopTime\" value=\"6\"/></property>"
    "<entity name=\"Switch\" class=\"DiscreteClock\">"
    "<property name=\"period\" value=\"2.5\"/>"
    "<property name=\"offset\" value=\"1.5\"/>"
    "</entity>"
    "<entity name=\"M\" class=\"ModalModel\">"
    "<port name=\"s\"><property name=\"input\"/></port>"
    "<port name=\"y\"><property name=\"output\"/></port>"
    "<entity name=\"_Controller\" class=\"ModalController\">"
    "<entity name=\"A\" class=\"State\"><property name=\"isInitialState\" value=\"true\"/>"
    "<property name=\"refinementName\" value=\"RA\"/></entity>"
    "<entity name=\"B\" class=\"State\"/>"
    "<relation name=\"ab\" class=\"Transition\"><property name=\"guardExpression\" "
    "value=\"s_isPresent\"/></relation>"
    "<relation name=\"ba\" class=\"Transition\"><property name=\"guardExpression\" "
    "value=\"s_isPresent\"/></relation>"
    "<link port=\"A.outgoingPort\" relation=\"ab\"/><link port=\"B.incomingPort\" relation=\"ab\"/>"
    "<link port=\"B.outgoingPort\" relation=\"ba\"/><link port=\"A.incomingPort\" relation=\"ba\"/>"
    "</entity>"
    "<entity name=\"RA\" class=\"Refinement\">"
    "<property name=\"sr\" class=\"SRDirector\"><property name=\"period\" value=\"1\"/></property>"
    "<port name=\"y\"><property name=\"output\"/></port>"
    "<entity name=\"C\" class=\"CurrentTime\"/>"
    "<relation name=\"r\"/><link port=\"C.output\" relation=\"r\"/><link port=\"y\" "
    "relation=\"r\"/>"
    "</entity>"
    "</entity>"
    "<entity name=\"R\" class=\"Recorder\"/>"
    "<relation name=\"s\"/><relation name=\"y\"/>"
    "<link port=\"Switch.output\" relation=\"s\"/><link port=\"M.s\" relation=\"s\"/>"
    "<link port=\"M.y\" relation=\"y\"/><link port=\"R.input\" relation=\"y\"/>"
    "</entity>");
  const double times[] = { 0, 1, 4.5, 5.5 };

  run_ok (model);
  g_assert_cmpuint (recorded_count (model, "R"), ==, G_N_ELEMENTS (times));
  for (guint k = 0; k < G_N_ELEMENTS (times); k++)
    {
      HycoTag tag;
      g_assert_cmpfloat (recorded (model, "R", k, &tag), ==, k);
      g_assert_cmpint (tag.time, ==, (gint64) (times[k] * 1e9));
      g_assert_cmpuint (tag.microstep, ==, 1);
    }
}

/* Guards and set actions read model parameters, evaluated when the model is prepared: with
 * e = 0.5 each flight is half the previous one. An unknown name is an error at its element. */
static void
test_parameters (void)
{
  g_autoptr (HycoModel) model = load ("models/bouncing-ball.xml");
  g_autoptr (GError) error = NULL;
  const double t1 = sqrt (2 * 10 / 9.81);
  HycoTag tag;

  g_assert_true (hyco_model_set_parameter (model, "e", "0.5", &error));
  g_assert_no_error (error);
  run_ok (model);
  recorded (model, "Impacts", 1, &tag);
  g_assert_cmpfloat_with_epsilon (hyco_time_to_seconds (tag.time, -9), t1 + 2 * t1 * 0.5, 1e-6);
  {
    g_autofree char *contents = NULL;
    g_autoptr (GString) text = NULL;
    g_autoptr (HycoModel) broken = NULL;
    g_file_get_contents ("models/bouncing-ball.xml", &contents, NULL, &error);
    g_assert_no_error (error);
    text = g_string_new (contents);
    g_assert_cmpuint (
      g_string_replace (text, "v &lt; -restingSpeed\"", "v &lt; -restingSpeeds\"", 1), ==, 1);
    broken = load_text (text->str);
    g_assert_false (hyco_model_prepare (broken, &error));
    g_test_message ("%s", error->message);
    g_assert_true (g_str_has_prefix (error->message, "modal.xml:"));
    g_assert_nonnull (strstr (error->message, "\"restingSpeeds\""));
  }
}

/* The hybrid-automaton thermostat agrees with the one built from actors: both check the same
 * analytic switching times, and they end at the same temperature. */
static void
test_thermostat_agrees (void)
{
  g_autoptr (HycoModel) modal = load ("models/thermostat-modal.xml");
  g_autoptr (HycoModel) actors = load ("models/thermostat.xml");
  HycoModalModel *thermostat;
  g_autofree char *room = NULL;
  double x_modal, x_actors;

  run_ok (modal);
  run_ok (actors);
  thermostat = HYCO_MODAL_MODEL (lookup (modal, "Thermostat"));
  room = g_strdup_printf ("Thermostat.%s.Room",
                          g_str_equal (hyco_modal_model_get_current_state (thermostat), "heating")
                            ? "Heating"
                            : "Cooling");
  x_modal = hyco_continuous_state_get_state (HYCO_CONTINUOUS_STATE (lookup (modal, room)));
  x_actors = hyco_continuous_state_get_state (HYCO_CONTINUOUS_STATE (lookup (actors, "Room")));
  g_test_message ("x(3.4) = %.12f (modal), %.12f (actors)", x_modal, x_actors);
  g_assert_cmpfloat_with_epsilon (x_modal, x_actors, 1e-6);
  g_assert_cmpfloat (x_modal, >, 19 - 1e-6);
  g_assert_cmpfloat (x_modal, <, 21 + 1e-6);
}

/* A modal model with input x and output y, states A and B toggled by x, under @director:
 * @refinements and the transitions' extra properties are filled in. */
static char *
toggle_model (const char *director, const char *a_to_b, const char *b_to_a, const char *refinements,
              const char *outside)
{
  return g_strdup_printf (
    "<entity name=\"top\" class=\"CompositeActor\">\n"
    "<property name=\"d\" class=\"%s\"><property name=\"stopTime\" value=\"4.5\"/></property>\n"
    "<entity name=\"Clock\" class=\"DiscreteClock\"/>\n"
    "<entity name=\"M\" class=\"ModalModel\">\n"
    "<port name=\"x\"><property name=\"input\"/></port>\n"
    "<port name=\"y\"><property name=\"output\"/></port>\n"
    "<port name=\"z\"><property name=\"output\"/></port>\n"
    "<entity name=\"_Controller\" class=\"ModalController\">\n"
    "<entity name=\"A\" class=\"State\"><property name=\"isInitialState\" value=\"true\"/>"
    "<property name=\"refinementName\" value=\"RA\"/></entity>\n"
    "<entity name=\"B\" class=\"State\"><property name=\"refinementName\" value=\"RB\"/>"
    "</entity>\n"
    "<relation name=\"ab\" class=\"Transition\">"
    "<property name=\"guardExpression\" value=\"x_isPresent\"/>%s</relation>\n"
    "<relation name=\"ba\" class=\"Transition\">"
    "<property name=\"guardExpression\" value=\"x_isPresent\"/>%s</relation>\n"
    "<link port=\"A.outgoingPort\" relation=\"ab\"/><link port=\"B.incomingPort\" "
    "relation=\"ab\"/>\n"
    "<link port=\"B.outgoingPort\" relation=\"ba\"/><link port=\"A.incomingPort\" "
    "relation=\"ba\"/>\n"
    "</entity>\n"
    "%s\n"
    "</entity>\n"
    "<entity name=\"Samples\" class=\"Recorder\"/>\n"
    "<entity name=\"Sampler\" class=\"Sampler\"/>\n"
    "<relation name=\"x\"/><relation name=\"y\"/><relation name=\"s\"/>\n"
    "<link port=\"Clock.output\" relation=\"x\"/><link port=\"M.x\" relation=\"x\"/>\n"
    "<link port=\"M.y\" relation=\"y\"/>\n"
    "%s\n"
    "</entity>\n",
    director, a_to_b, b_to_a, refinements, outside);
}

/* A integrates 1 while it is current, B holds 0; the clock's events at (k, 1) switch, so A is
 * current on [1, 2) and [3, 4). Back in A, a history transition resumes the integral where it
 * stopped, a reset one starts it again at 0. */
static void
check_history_or_reset (gboolean reset)
{
  g_autofree char *text = toggle_model (
    "ContinuousDirector", "", reset ? "<property name=\"reset\" value=\"true\"/>" : "",
    "<entity name=\"RA\" class=\"Refinement\">"
    "<port name=\"y\"><property name=\"output\"/></port>"
    "<entity name=\"One\" class=\"Const\"/><entity name=\"I\" class=\"Integrator\"/>"
    "<relation name=\"one\"/><relation name=\"y\"/>"
    "<link port=\"One.output\" relation=\"one\"/><link port=\"I.derivative\" relation=\"one\"/>"
    "<link port=\"I.state\" relation=\"y\"/><link port=\"y\" relation=\"y\"/></entity>\n"
    "<entity name=\"RB\" class=\"Refinement\">"
    "<port name=\"y\"><property name=\"output\"/></port>"
    "<entity name=\"Zero\" class=\"Const\"><property name=\"value\" value=\"0.0\"/></entity>"
    "<relation name=\"y\"/>"
    "<link port=\"Zero.output\" relation=\"y\"/><link port=\"y\" relation=\"y\"/></entity>",
    "<link port=\"Sampler.input\" relation=\"y\"/><link port=\"Sampler.trigger\" relation=\"x\"/>"
    "<link port=\"Sampler.output\" relation=\"s\"/><link port=\"Samples.input\" relation=\"s\"/>");
  g_autoptr (HycoModel) model = load_text (text);
  /* y at each event (k, 1), before the switch. */
  const double expected[] = { 0, 0, 1, 0, reset ? 1 : 2 };

  run_ok (model);
  g_assert_cmpuint (recorded_count (model, "Samples"), ==, G_N_ELEMENTS (expected));
  for (guint k = 0; k < G_N_ELEMENTS (expected); k++)
    {
      HycoTag tag;
      double y = recorded (model, "Samples", k, &tag);
      g_assert_cmpint (tag.time, ==, k * G_GINT64_CONSTANT (1000000000));
      g_assert_cmpfloat_with_epsilon (y, expected[k], 1e-9);
    }
}

static void
test_history (void)
{
  check_history_or_reset (FALSE);
}

static void
test_reset (void)
{
  check_history_or_reset (TRUE);
}

/* Local time: RA holds a clock of period 0.25 s; the modal model toggles at 0.5, 1.5, 2.5 and
 * 3.5 s, so RA is current on [0, 0.5), [1.5, 2.5) and [3.5, 4.5]. Its time stops while it is
 * inactive: resumed by history, its next tick (local 0.75 s) comes 0.25 s after the
 * resumption; started again by a reset, it ticks at once (local 0). */
static void
check_local_time (gboolean reset)
{
  g_autofree char *model_text = toggle_model (
    "DEDirector", "", reset ? "<property name=\"reset\" value=\"true\"/>" : "",
    "<entity name=\"RA\" class=\"Refinement\">"
    "<property name=\"d\" class=\"DEDirector\"/>"
    "<port name=\"y\"><property name=\"output\"/></port>"
    "<entity name=\"Tick\" class=\"DiscreteClock\"><property name=\"period\" value=\"0.25\"/>"
    "</entity><relation name=\"y\"/>"
    "<link port=\"Tick.output\" relation=\"y\"/><link port=\"y\" relation=\"y\"/></entity>\n"
    "<entity name=\"RB\" class=\"Refinement\"/>",
    "<link port=\"Samples.input\" relation=\"y\"/>");
  g_autoptr (GString) text = g_string_new (model_text);
  g_autoptr (HycoModel) model = NULL;
  /* Ticks in model time (ms) and microstep. */
  const gint64 history[][2]
    = { { 0, 1 },    { 250, 1 },  { 500, 1 },  { 1750, 1 }, { 2000, 1 }, { 2250, 1 },
        { 2500, 1 }, { 3750, 1 }, { 4000, 1 }, { 4250, 1 }, { 4500, 1 } };
  const gint64 restarted[][2]
    = { { 0, 1 },    { 250, 1 },  { 500, 1 },  { 1500, 2 }, { 1750, 1 }, { 2000, 1 }, { 2250, 1 },
        { 2500, 1 }, { 3500, 2 }, { 3750, 1 }, { 4000, 1 }, { 4250, 1 }, { 4500, 1 } };
  const gint64 (*expected)[2] = reset ? restarted : history;
  guint n = reset ? G_N_ELEMENTS (restarted) : G_N_ELEMENTS (history);

  g_string_replace (text, "<entity name=\"Clock\" class=\"DiscreteClock\"/>",
                    "<entity name=\"Clock\" class=\"DiscreteClock\"><property name=\"offset\" "
                    "value=\"0.5\"/></entity>",
                    1);
  g_autofree char *trace_path = g_build_filename (g_get_tmp_dir (), "hyco-test-modal-XXXXXX", NULL);
  g_autofree char *trace = NULL;
  int fd = g_mkstemp (trace_path);

  g_assert_cmpint (fd, >=, 0);
  close (fd);
  model = load_text (text->str);
  g_assert_true (hyco_model_set_trace_file (model, trace_path, NULL));
  run_ok (model);
  /* The trace gives the signals inside the refinement in model time too. */
  g_assert_true (g_file_get_contents (trace_path, &trace, NULL, NULL));
  g_unlink (trace_path);
  g_assert_nonnull (
    strstr (trace, reset ? "M.RA.Tick.output,3.5,2,1\n" : "M.RA.Tick.output,3.75,1,1\n"));
  for (guint k = 0; k < MIN (n, recorded_count (model, "Samples")); k++)
    {
      HycoTag tag;
      recorded (model, "Samples", k, &tag);
      g_test_message ("tick %u at (%" G_GINT64_FORMAT ", %" G_GUINT64_FORMAT ")", k, tag.time,
                      tag.microstep);
      g_assert_cmpint (tag.time, ==, expected[k][0] * 1000000);
      g_assert_cmpuint (tag.microstep, ==, (guint64) expected[k][1]);
    }
  g_assert_cmpuint (recorded_count (model, "Samples"), ==, n);
}

static void
test_local_time_history (void)
{
  check_local_time (FALSE);
}

static void
test_local_time_reset (void)
{
  check_local_time (TRUE);
}

/* What a DE refinement scheduled comes after a history transition as long after the
 * resumption as it was due after the suspension, as in Ptolemy II since its local clocks (its
 * DE test Modal2 expects 1.5 s there since 9.0; the 7.1 version expected 1.0 s). RA delays x by
 * 1.5 s and is current on [0, 0], [1, 2] and [3, 4]: the event x of 0 s, due at local 1.5 s,
 * comes at 3.5 s (RA stood still from 0 to 1 s and from 2 to 3 s); that of 2 s (local 1 s),
 * due at local 2.5 s, would come at 4.5 s, when RA is inactive again. */
static void
test_local_time_history_delay (void)
{
  g_autofree char *text = toggle_model (
    "DEDirector", "", "",
    "<entity name=\"RA\" class=\"Refinement\">"
    "<property name=\"d\" class=\"DEDirector\"/>"
    "<port name=\"x\"><property name=\"input\"/></port>"
    "<port name=\"y\"><property name=\"output\"/></port>"
    "<entity name=\"Delay\" class=\"TimedDelay\"><property name=\"delay\" value=\"1.5\"/>"
    "</entity><relation name=\"x\"/><relation name=\"y\"/>"
    "<link port=\"x\" relation=\"x\"/><link port=\"Delay.input\" relation=\"x\"/>"
    "<link port=\"Delay.output\" relation=\"y\"/><link port=\"y\" relation=\"y\"/></entity>\n"
    "<entity name=\"RB\" class=\"Refinement\"/>",
    "<link port=\"Samples.input\" relation=\"y\"/>");
  g_autoptr (HycoModel) model = load_text (text);
  HycoTag tag;

  run_ok (model);
  g_assert_cmpuint (recorded_count (model, "Samples"), ==, 1);
  recorded (model, "Samples", 0, &tag);
  g_assert_cmpint (tag.time, ==, 3500000000);
  g_assert_cmpuint (tag.microstep, ==, 1);
}

/* A reset transition restarts a refinement's local time where its director's startTime says,
 * as Ptolemy II's directors do when initialized: RA (a clock of period 0.5 s triggering
 * CurrentTime) is current on [0, 0], [1, 2] and [3, 4], entered again by a reset at 1 and 3 s.
 * With startTime blank its director starts at the time of the reset, and CurrentTime reads
 * the model's time; with startTime 0 local time starts again at 0 at each reset. */
static void
check_reset_start_time (const char *start_time)
{
  g_autofree char *refinements = g_strdup_printf (
    "<entity name=\"RA\" class=\"Refinement\">"
    "<property name=\"d\" class=\"DEDirector\">%s</property>"
    "<port name=\"y\"><property name=\"output\"/></port>"
    "<entity name=\"Tick\" class=\"DiscreteClock\"><property name=\"period\" value=\"0.5\"/>"
    "</entity><entity name=\"Now\" class=\"CurrentTime\"/>"
    "<relation name=\"t\"/><relation name=\"y\"/>"
    "<link port=\"Tick.output\" relation=\"t\"/><link port=\"Now.trigger\" relation=\"t\"/>"
    "<link port=\"Now.output\" relation=\"y\"/><link port=\"y\" relation=\"y\"/></entity>\n"
    "<entity name=\"RB\" class=\"Refinement\"/>",
    start_time);
  g_autofree char *text
    = toggle_model ("DEDirector", "", "<property name=\"reset\" value=\"true\"/>", refinements,
                    "<link port=\"Samples.input\" relation=\"y\"/>");
  g_autoptr (HycoModel) model = load_text (text);
  /* The ticks' tags in model time (ms) and microstep, and what CurrentTime read there. */
  const gint64 tags[][2]
    = { { 0, 1 }, { 1000, 2 }, { 1500, 1 }, { 2000, 1 }, { 3000, 2 }, { 3500, 1 }, { 4000, 1 } };
  const double blank[] = { 0, 1, 1.5, 2, 3, 3.5, 4 };
  const double zero[] = { 0, 0, 0.5, 1, 0, 0.5, 1 };
  const double *expected = *start_time == '\0' ? blank : zero;

  run_ok (model);
  g_assert_cmpuint (recorded_count (model, "Samples"), ==, G_N_ELEMENTS (tags));
  for (guint k = 0; k < G_N_ELEMENTS (tags); k++)
    {
      HycoTag tag;
      double now = recorded (model, "Samples", k, &tag);
      g_assert_cmpint (tag.time, ==, tags[k][0] * 1000000);
      g_assert_cmpuint (tag.microstep, ==, (guint64) tags[k][1]);
      g_assert_cmpfloat (now, ==, expected[k]);
    }
}

static void
test_reset_blank_start_time (void)
{
  check_reset_start_time ("");
}

static void
test_reset_start_time (void)
{
  check_reset_start_time ("<property name=\"startTime\" value=\"0\"/>");
}

/* A modal model toggled at 0, 1, 2, 3 and 4 s whose RA (current on [0, 0], [1, 2] and [3, 4],
 * entered by reset transitions) holds a SingleEvent at 0.5 s; @properties go in RA's director. */
static HycoModel *
load_event_model (const char *properties)
{
  g_autofree char *refinements = g_strdup_printf (
    "<entity name=\"RA\" class=\"Refinement\">"
    "<property name=\"d\" class=\"DEDirector\">%s</property>"
    "<port name=\"y\"><property name=\"output\"/></port>"
    "<entity name=\"Event\" class=\"SingleEvent\"><property name=\"time\" value=\"0.5\"/>"
    "<property name=\"value\" value=\"2.0\"/></entity><relation name=\"y\"/>"
    "<link port=\"Event.output\" relation=\"y\"/><link port=\"y\" relation=\"y\"/></entity>\n"
    "<entity name=\"RB\" class=\"Refinement\"/>",
    properties);
  g_autofree char *text
    = toggle_model ("DEDirector", "", "<property name=\"reset\" value=\"true\"/>", refinements,
                    "<link port=\"Samples.input\" relation=\"y\"/>");

  return load_text (text);
}

/* Ptolemy II's ResetTransitionWithStartTime4 in small: with no startTime, RA's director starts
 * at 1 s when the reset enters RA again, and the event's time 0.5 s is one it cannot grant:
 * the run fails there, naming the actor. With startTime 0 local time starts at 0 at every
 * reset, and the event comes 0.5 s after each (RA is left at 0 s, before its first one). */
static void
test_reset_event_before_start (void)
{
  g_autoptr (HycoModel) failing = load_event_model ("");
  g_autoptr (HycoModel) passing = load_event_model ("<property name=\"startTime\" value=\"0\"/>");
  g_autoptr (GError) error = NULL;
  const gint64 times[] = { 1500, 3500 }; /* ms */
  HycoTag tag;

  g_assert_false (hyco_model_run (failing, NULL, &error));
  g_test_message ("%s", error->message);
  g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_TIME);
  g_assert_nonnull (strstr (error->message, "M.RA.Event"));
  g_assert_nonnull (strstr (error->message, "(0.5, 1)"));
  hyco_director_get_current_tag (
    hyco_composite_actor_get_director (hyco_model_get_toplevel (failing)), &tag);
  g_assert_cmpint (tag.time, ==, 1000000000);
  g_assert_cmpuint (recorded_count (failing, "Samples"), ==, 0);

  run_ok (passing);
  g_assert_cmpuint (recorded_count (passing, "Samples"), ==, G_N_ELEMENTS (times));
  for (guint k = 0; k < G_N_ELEMENTS (times); k++)
    {
      g_assert_cmpfloat (recorded (passing, "Samples", k, &tag), ==, 2);
      g_assert_cmpint (tag.time, ==, times[k] * 1000000);
      g_assert_cmpuint (tag.microstep, ==, 1);
    }
}

/* Ptolemy II's transition refinements, under SR: RA gives y = 10 x on the ramp 0, 1, 2, ...;
 * the self-loop on A, enabled once y > 25, has the output actions y = 0 and z = 7 and the
 * refinement T, a Const of -1 on y, which fires after them and replaces their y (its input
 * y_in, Ptolemy II's mirror of the output y, is accepted, and absent). z keeps its action's
 * value. The model saved by Hyco and loaded again keeps the refinement and runs the same. */
static void
test_transition_refinement (void)
{
  const char *text
    = "<entity name=\"top\" class=\"CompositeActor\">"
      "<property name=\"d\" class=\"SRDirector\"><property name=\"stopTime\" value=\"4\"/>"
      "<property name=\"period\" value=\"1\"/></property>"
      "<entity name=\"Ramp\" class=\"Ramp\"/>"
      "<entity name=\"M\" class=\"ModalModel\">"
      "<port name=\"x\"><property name=\"input\"/></port>"
      "<port name=\"y\"><property name=\"output\"/></port>"
      "<port name=\"z\"><property name=\"output\"/></port>"
      "<entity name=\"_Controller\" class=\"ModalController\">"
      "<entity name=\"A\" class=\"State\"><property name=\"isInitialState\" value=\"true\"/>"
      "<property name=\"refinementName\" value=\"RA\"/></entity>"
      "<relation name=\"again\" class=\"Transition\">"
      "<property name=\"guardExpression\" value=\"y &gt; 25\"/>"
      "<property name=\"outputActions\" value=\"y = 0; z = 7\"/>"
      "<property name=\"refinementName\" value=\"T\"/></relation>"
      "<link port=\"A.outgoingPort\" relation=\"again\"/>"
      "<link port=\"A.incomingPort\" relation=\"again\"/></entity>"
      "<entity name=\"RA\" class=\"Refinement\"><port name=\"x\"><property name=\"input\"/>"
      "</port><port name=\"y\"><property name=\"output\"/></port>"
      "<entity name=\"G\" class=\"Gain\"><property name=\"factor\" value=\"10.0\"/></entity>"
      "<relation name=\"a\"/><relation name=\"b\"/><link port=\"x\" relation=\"a\"/>"
      "<link port=\"G.input\" relation=\"a\"/><link port=\"G.output\" relation=\"b\"/>"
      "<link port=\"y\" relation=\"b\"/></entity>"
      "<entity name=\"T\" class=\"TransitionRefinement\">"
      "<property name=\"d\" class=\"SRDirector\"/>"
      "<port name=\"y\"><property name=\"output\"/></port>"
      "<port name=\"y_in\"><property name=\"input\"/></port>"
      "<entity name=\"C\" class=\"Const\"><property name=\"value\" value=\"-1.0\"/></entity>"
      "<relation name=\"c\"/><link port=\"C.output\" relation=\"c\"/>"
      "<link port=\"y\" relation=\"c\"/></entity>"
      "<relation name=\"y\"/><link port=\"y\" relation=\"y\"/>"
      "<link port=\"T.y_in\" relation=\"y\"/>"
      "</entity>"
      "<entity name=\"Y\" class=\"Recorder\"/><entity name=\"Z\" class=\"Recorder\"/>"
      "<relation name=\"x\"/><relation name=\"y\"/><relation name=\"z\"/>"
      "<link port=\"Ramp.output\" relation=\"x\"/><link port=\"M.x\" relation=\"x\"/>"
      "<link port=\"M.y\" relation=\"y\"/><link port=\"Y.input\" relation=\"y\"/>"
      "<link port=\"M.z\" relation=\"z\"/><link port=\"Z.input\" relation=\"z\"/>"
      "</entity>";
  g_autoptr (HycoModel) model = load_text (text);
  g_autoptr (HycoModel) again = NULL;
  g_autofree char *saved = NULL;
  const double ys[] = { 0, 10, 20, -1, -1 };

  for (guint run = 0; run < 2; run++)
    {
      HycoModel *current = run == 0 ? model : again;
      HycoTag tag;
      run_ok (current);
      g_assert_cmpuint (recorded_count (current, "Y"), ==, G_N_ELEMENTS (ys));
      for (guint k = 0; k < G_N_ELEMENTS (ys); k++)
        {
          g_assert_cmpfloat (recorded (current, "Y", k, &tag), ==, ys[k]);
          g_assert_cmpint (tag.time, ==, (gint64) k * 1000000000);
        }
      /* z only where the transition was taken, at 3 and 4 s. */
      g_assert_cmpuint (recorded_count (current, "Z"), ==, 2);
      for (guint k = 0; k < 2; k++)
        {
          g_assert_cmpfloat (recorded (current, "Z", k, &tag), ==, 7);
          g_assert_cmpint (tag.time, ==, (gint64) (k + 3) * 1000000000);
        }
      if (run == 0)
        {
          saved = hyco_model_save_to_data (model);
          g_assert_nonnull (strstr (saved, "name=\"refinementName\" value=\"T\""));
          again = load_text (saved);
        }
    }
  /* A refinement name that names no composite of the modal model is refused. */
  {
    g_autoptr (GString) edited = g_string_new (text);
    g_autoptr (HycoModel) broken = NULL;
    g_autoptr (GError) error = NULL;
    g_assert_cmpuint (g_string_replace (edited, "name=\"refinementName\" value=\"T\"",
                                        "name=\"refinementName\" value=\"U\"", 1),
                      ==, 1);
    broken = load_text (edited->str);
    g_assert_false (hyco_model_prepare (broken, &error));
    g_test_message ("%s", error->message);
    g_assert_nonnull (strstr (error->message, "the transition from A to A"));
    g_assert_nonnull (strstr (error->message, "no refinement named \"U\""));
  }
}

/* In DE, RA passes 10 x to y. A non-preemptive transition lets the refinement react to the
 * event that leaves the state; a preemptive one takes the transition instead. Either way the
 * output action's z comes at the event's tag. */
static void
check_preemption (gboolean preemptive)
{
  g_autofree char *text = toggle_model (
    "DEDirector",
    preemptive ? "<property name=\"outputActions\" value=\"z = 5\"/>"
                 "<property name=\"preemptive\" value=\"true\"/>"
               : "<property name=\"outputActions\" value=\"z = 5\"/>",
    "",
    "<entity name=\"RA\" class=\"Refinement\">"
    "<port name=\"x\"><property name=\"input\"/></port>"
    "<port name=\"y\"><property name=\"output\"/></port>"
    "<entity name=\"Ten\" class=\"Gain\"><property name=\"factor\" value=\"10.0\"/></entity>"
    "<relation name=\"x\"/><relation name=\"y\"/>"
    "<link port=\"x\" relation=\"x\"/><link port=\"Ten.input\" relation=\"x\"/>"
    "<link port=\"Ten.output\" relation=\"y\"/><link port=\"y\" relation=\"y\"/></entity>\n"
    "<entity name=\"RB\" class=\"Refinement\"/>",
    "<relation name=\"z\"/><entity name=\"Zs\" class=\"Recorder\"/>"
    "<link port=\"M.z\" relation=\"z\"/><link port=\"Zs.input\" relation=\"z\"/>"
    "<link port=\"Samples.input\" relation=\"y\"/>");
  g_autoptr (HycoModel) model = load_text (text);
  HycoTag tag;

  run_ok (model);
  /* Events at 0, 1, 2, 3, 4: A is current at 0, 2 and 4. */
  g_assert_cmpuint (recorded_count (model, "Samples"), ==, preemptive ? 0 : 3);
  if (!preemptive)
    {
      g_assert_cmpfloat (recorded (model, "Samples", 0, &tag), ==, 10);
      g_assert_cmpint (tag.time, ==, 0);
      g_assert_cmpuint (tag.microstep, ==, 1);
    }
  g_assert_cmpuint (recorded_count (model, "Zs"), ==, 3);
  g_assert_cmpfloat (recorded (model, "Zs", 1, &tag), ==, 5);
  g_assert_cmpint (tag.time, ==, 2 * G_GINT64_CONSTANT (1000000000));
  g_assert_cmpuint (tag.microstep, ==, 1);
}

static void
test_non_preemptive (void)
{
  check_preemption (FALSE);
}

static void
test_preemptive (void)
{
  check_preemption (TRUE);
}

#define ABSENT_TEMPLATE                                                                            \
  "<entity name=\"top\" class=\"CompositeActor\">\n"                                               \
  "<property name=\"d\" class=\"DEDirector\"><property name=\"stopTime\" value=\"2\"/>"            \
  "</property>\n"                                                                                  \
  "<entity name=\"Clock\" class=\"DiscreteClock\"/>\n"                                             \
  "<entity name=\"M\" class=\"FSMActor\">\n"                                                       \
  "<port name=\"tick\"><property name=\"input\"/></port>\n"                                        \
  "<port name=\"x\"><property name=\"input\"/></port>\n"                                           \
  "<port name=\"y\"><property name=\"output\"/></port>\n"                                          \
  "<entity name=\"A\" class=\"State\"><property name=\"isInitialState\" "                          \
  "value=\"true\"/></entity>\n"                                                                    \
  "<relation name=\"t\" class=\"Transition\">"                                                     \
  "<property name=\"guardExpression\" value=\"%s\"/>"                                              \
  "<property name=\"outputActions\" value=\"%s\"/></relation>\n"                                   \
  "<link port=\"A.outgoingPort\" relation=\"t\"/><link port=\"A.incomingPort\" "                   \
  "relation=\"t\"/>\n"                                                                             \
  "</entity>\n"                                                                                    \
  "<entity name=\"Ys\" class=\"Recorder\"/>\n"                                                     \
  "<relation name=\"tick\"/><relation name=\"y\"/>\n"                                              \
  "<link port=\"Clock.output\" relation=\"tick\"/><link port=\"M.tick\" relation=\"tick\"/>\n"     \
  "<link port=\"M.y\" relation=\"y\"/><link port=\"Ys.input\" relation=\"y\"/>\n"                  \
  "</entity>\n"

/* A guard reading an absent input is false; an action reading one is an error. */
static void
test_absent_inputs (void)
{
  const struct
  {
    const char *guard, *action;
    guint count; /* G_MAXUINT: the run fails */
  } cases[] = {
    { "x &lt; 1", "y = 1", 0 },     /* x is never present: not x = 0 */
    { "!(x &gt;= 1)", "y = 1", 0 }, /* whatever the rest of the guard says */
    /* Presence is always known (ticks at 0, 1, 2). (A self-loop on `!x_isPresent` alone would
     * be taken again at every microstep, Ptolemy II's state machines asking to be fired again
     * after each transition.) */
    { "tick_isPresent &amp;&amp; !x_isPresent", "y = 1", 3 },
    { "tick_isPresent", "y = tick", 3 }, /* present: its value */
    { "tick_isPresent", "y = x", G_MAXUINT },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text = g_strdup_printf (ABSENT_TEMPLATE, cases[i].guard, cases[i].action);
      g_autoptr (HycoModel) model = load_text (text);
      g_autoptr (GError) error = NULL;
      gboolean ok = hyco_model_run (model, NULL, &error);
      if (cases[i].count == G_MAXUINT)
        {
          g_assert_false (ok);
          g_test_message ("%s", error->message);
          g_assert_nonnull (strstr (error->message, "reads x, which is absent at (0, 1)"));
          continue;
        }
      g_assert_no_error (error);
      g_assert_cmpuint (recorded_count (model, "Ys"), ==, cases[i].count);
    }
}

/* Mistakes in a modal model are errors naming the element, found when loading or preparing. */
static void
test_errors (void)
{
  const struct
  {
    const char *refinements, *transition;
    const char *part;
  } cases[] = {
    { "<entity name=\"RB\" class=\"Refinement\"/>", "", "no refinement named \"RA\"" },
    { "<entity name=\"RA\" class=\"Refinement\"><port name=\"w\"><property name=\"input\"/>"
      "</port></entity><entity name=\"RB\" class=\"Refinement\"/>",
      "", "input w has no match" },
    { "<entity name=\"RA\" class=\"Refinement\"/><entity name=\"RB\" class=\"Refinement\"/>",
      "<property name=\"setActions\" value=\"RA.Nobody.initialState = 1\"/>",
      "no actor in the modal model's refinements named \"RA.Nobody\"" },
    { "<entity name=\"RA\" class=\"Refinement\"><entity name=\"C\" class=\"Const\"/></entity>"
      "<entity name=\"RB\" class=\"Refinement\"/>",
      "<property name=\"setActions\" value=\"RA.C.nothing = 1\"/>",
      "RA.C has no parameter \"nothing\"" },
    { "<entity name=\"RA\" class=\"Refinement\"/><entity name=\"RB\" class=\"Refinement\"/>",
      "<property name=\"outputActions\" value=\"w = 1\"/>", "no output named \"w\"" },
    { "<entity name=\"RA\" class=\"Refinement\"/><entity name=\"RB\" class=\"Refinement\"/>"
      "<entity name=\"G\" class=\"Gain\"/>",
      "", "holds one state machine" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *text
        = toggle_model ("DEDirector", cases[i].transition, "", cases[i].refinements, "");
      g_autoptr (HycoModel) model = load_text (text);
      g_autoptr (GError) error = NULL;
      g_assert_false (hyco_model_prepare (model, &error));
      g_assert_nonnull (error);
      g_test_message ("%s", error->message);
      g_assert_true (g_str_has_prefix (error->message, "modal.xml:"));
      g_assert_nonnull (strstr (error->message, cases[i].part));
    }
}

/* Links inside a modal model may only join ports of one name. */
static void
test_link_names (void)
{
  g_autofree char *text = toggle_model (
    "DEDirector", "", "",
    "<entity name=\"RA\" class=\"Refinement\"><port name=\"y\"><property name=\"output\"/>"
    "</port></entity><entity name=\"RB\" class=\"Refinement\"/>"
    "<relation name=\"r\"/><link port=\"x\" relation=\"r\"/><link port=\"RA.y\" relation=\"r\"/>",
    "");
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoModel) model = hyco_model_new_from_data (text, -1, "modal.xml", &error);

  g_assert_null (model);
  g_assert_error (error, HYCO_MODEL_FILE_ERROR, HYCO_MODEL_FILE_ERROR_INVALID);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, "modal.xml:"));
  g_assert_nonnull (strstr (error->message, "connect by name"));
}

/* Saving writes states' refinements and the transitions' kinds, and not the directors a modal
 * model gave itself and its refinements: loading the saved text and saving again is stable. */
static void
test_round_trip (void)
{
  const char *paths[] = { "models/bouncing-ball.xml", "models/modal-discrete-control.xml" };

  for (guint i = 0; i < G_N_ELEMENTS (paths); i++)
    {
      g_autoptr (HycoModel) model = load (paths[i]);
      g_autoptr (HycoModel) again = NULL;
      g_autofree char *first = NULL;
      g_autofree char *second = NULL;

      run_ok (model); /* creates the implicit directors */
      first = hyco_model_save_to_data (model);
      again = load_text (first);
      second = hyco_model_save_to_data (again);
      g_assert_cmpstr (first, ==, second);
      g_assert_nonnull (strstr (first, "refinementName"));
      g_assert_null (strstr (first, "FSMDirector"));
      run_ok (again);
    }
}

/* A modal model whose output b feeds its own input a, in Ptolemy II's shape (ModalPort,
 * RefinementPort, relations with width Auto). In s1 no transition writes b, so b is absent
 * before a is known (Ptolemy II's may analysis) and the loop is no loop: a is absent, s1 -> s2
 * on !a_isPresent. In s2 both transitions write b from a's presence: a real loop, reported
 * when the state machine gets there, at the second tick. */
#define MAY_TEMPLATE                                                                               \
  "<entity name=\"top\" class=\"ptolemy.actor.TypedCompositeActor\">\n"                            \
  "<property name=\"SR\" class=\"ptolemy.domains.sr.kernel.SRDirector\">"                          \
  "<property name=\"period\" value=\"1\"/><property name=\"stopTime\" value=\"%s\"/>"              \
  "</property>\n"                                                                                  \
  "<entity name=\"M\" class=\"ptolemy.domains.modal.modal.ModalModel\">\n"                         \
  "<property name=\"directorClass\" class=\"ptolemy.data.expr.StringParameter\" "                  \
  "value=\"ptolemy.domains.modal.kernel.FSMDirector\"/>\n"                                         \
  "<port name=\"a\" class=\"ptolemy.domains.modal.modal.ModalPort\"><property name=\"input\"/>"    \
  "</port>\n"                                                                                      \
  "<port name=\"b\" class=\"ptolemy.domains.modal.modal.ModalPort\"><property name=\"output\"/>"   \
  "</port>\n"                                                                                      \
  "<entity name=\"_Controller\" class=\"ptolemy.domains.modal.modal.ModalController\">\n"          \
  "<port name=\"a\" class=\"ptolemy.domains.modal.modal.RefinementPort\">"                         \
  "<property name=\"input\"/></port>\n"                                                            \
  "<port name=\"b\" class=\"ptolemy.domains.modal.modal.RefinementPort\">"                         \
  "<property name=\"input\"/><property name=\"output\"/></port>\n"                                 \
  "<entity name=\"s1\" class=\"ptolemy.domains.modal.kernel.State\">"                              \
  "<property name=\"isInitialState\" value=\"true\"/></entity>\n"                                  \
  "<entity name=\"s2\" class=\"ptolemy.domains.modal.kernel.State\"/>\n"                           \
  "<relation name=\"t1\" class=\"ptolemy.domains.modal.kernel.Transition\">"                       \
  "<property name=\"guardExpression\" value=\"!a_isPresent\"/></relation>\n"                       \
  "<relation name=\"t2\" class=\"ptolemy.domains.modal.kernel.Transition\">"                       \
  "<property name=\"guardExpression\" value=\"a_isPresent\"/>"                                     \
  "<property name=\"outputActions\" value=\"b = 1\"/></relation>\n"                                \
  "<relation name=\"t3\" class=\"ptolemy.domains.modal.kernel.Transition\">"                       \
  "<property name=\"guardExpression\" value=\"!a_isPresent\"/>"                                    \
  "<property name=\"outputActions\" value=\"b = 2\"/></relation>\n"                                \
  "<link port=\"s1.outgoingPort\" relation=\"t1\"/><link port=\"s2.incomingPort\" "                \
  "relation=\"t1\"/>\n"                                                                            \
  "<link port=\"s2.outgoingPort\" relation=\"t2\"/><link port=\"s1.incomingPort\" "                \
  "relation=\"t2\"/>\n"                                                                            \
  "<link port=\"s2.outgoingPort\" relation=\"t3\"/><link port=\"s1.incomingPort\" "                \
  "relation=\"t3\"/>\n"                                                                            \
  "</entity>\n"                                                                                    \
  "<relation name=\"aRelation\" class=\"ptolemy.actor.TypedIORelation\">"                          \
  "<property name=\"width\" class=\"ptolemy.data.expr.Parameter\" value=\"Auto\"/>"                \
  "<vertex name=\"vertex1\" value=\"[0.0, 0.0]\"/></relation>\n"                                   \
  "<relation name=\"bRelation\" class=\"ptolemy.actor.TypedIORelation\">"                          \
  "<property name=\"width\" class=\"ptolemy.data.expr.Parameter\" value=\"Auto\"/></relation>\n"   \
  "<link port=\"a\" relation=\"aRelation\"/><link port=\"_Controller.a\" "                         \
  "relation=\"aRelation\"/>\n"                                                                     \
  "<link port=\"b\" relation=\"bRelation\"/><link port=\"_Controller.b\" "                         \
  "relation=\"bRelation\"/>\n"                                                                     \
  "</entity>\n"                                                                                    \
  "<entity name=\"Bs\" class=\"Recorder\"/>\n"                                                     \
  "<relation name=\"loop\"/>\n"                                                                    \
  "<link port=\"M.b\" relation=\"loop\"/><link port=\"M.a\" relation=\"loop\"/>"                   \
  "<link port=\"Bs.input\" relation=\"loop\"/>\n"                                                  \
  "</entity>\n"

static void
test_may_analysis (void)
{
  g_autofree char *first = g_strdup_printf (MAY_TEMPLATE, "0");
  g_autofree char *second = g_strdup_printf (MAY_TEMPLATE, "1");
  g_autoptr (HycoModel) model = load_text (first);
  g_autoptr (HycoModel) looping = load_text (second);
  g_autoptr (GError) error = NULL;
  HycoModalModel *modal;

  run_ok (model);
  modal = HYCO_MODAL_MODEL (lookup (model, "M"));
  g_assert_cmpstr (hyco_modal_model_get_current_state (modal), ==, "s2");
  g_assert_cmpuint (recorded_count (model, "Bs"), ==, 0);
  g_assert_false (hyco_model_run (looping, NULL, &error));
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "(1, 1)"));
}

/* A state passed through by an immediate transition runs its refinement, initialized first by
 * a reset transition (tests/models/ptolemy-modal-transient.xml, whose Test actors check
 * inner = 1 and outer = 3 at both ticks). Entered by a history transition instead, the
 * refinement (a ModalRefinement) resumes where it was: s2 -> s3, inner = 2 at the second tick. */
static void
test_transient_refinement (void)
{
  g_autofree char *path
    = g_test_build_filename (G_TEST_DIST, "models", "ptolemy-modal-transient.xml", NULL);
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoModel) model = NULL;
  g_autoptr (HycoModel) history = NULL;
  g_autoptr (GString) edited = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  model = load_text (text);
  run_ok (model);
  /* The transition "again" keeps history. */
  {
    const char *again = strstr (text, "<relation name=\"again\"");
    const char *reset = again ? strstr (again, "name=\"reset\"") : NULL;
    const char *value = reset ? strstr (reset, "value=\"true\"") : NULL;
    g_assert_nonnull (value);
    edited = g_string_new_len (text, value - text);
    g_string_append (edited, "value=\"false\"");
    g_string_append (edited, value + strlen ("value=\"true\""));
  }
  history = load_text (edited->str);
  g_assert_false (hyco_model_run (history, NULL, &error));
  g_test_message ("%s", error->message);
  g_assert_nonnull (strstr (error->message, "CheckInner"));
  g_assert_nonnull (strstr (error->message, "received 2"));
}

/* Older Ptolemy II state machines (the fsm era) say which state is initial only by writing it
 * first: s1 here has no isInitialState. Guards read the input's first channel as Ptolemy II
 * names it, a_0 and a_0_isPresent. s2 is final: there the modal model is done, its output
 * absent, and the rest of the model runs on (Ptolemy II's postfire returning false). */
#define FINAL_MODEL                                                                                \
  "<entity name=\"top\" class=\"ptolemy.actor.TypedCompositeActor\">\n"                            \
  "<property name=\"SR\" class=\"ptolemy.domains.sr.kernel.SRDirector\">"                          \
  "<property name=\"iterations\" value=\"4\"/></property>\n"                                      \
  "<entity name=\"One\" class=\"ptolemy.actor.lib.Const\"/>\n"                                     \
  "<entity name=\"M\" class=\"ptolemy.domains.modal.modal.ModalModel\">\n"                         \
  "<port name=\"a\" class=\"ptolemy.domains.modal.modal.ModalPort\"><property name=\"input\"/>"    \
  "</port>\n"                                                                                      \
  "<port name=\"b\" class=\"ptolemy.domains.modal.modal.ModalPort\"><property name=\"output\"/>"   \
  "</port>\n"                                                                                      \
  "<entity name=\"_Controller\" class=\"ptolemy.domains.modal.modal.ModalController\">\n"          \
  "<property name=\"count\" class=\"ptolemy.data.expr.Parameter\" value=\"0\"/>\n"                 \
  "<port name=\"a\" class=\"ptolemy.domains.modal.modal.RefinementPort\">"                         \
  "<property name=\"input\"/></port>\n"                                                            \
  "<port name=\"b\" class=\"ptolemy.domains.modal.modal.RefinementPort\">"                         \
  "<property name=\"input\"/><property name=\"output\"/></port>\n"                                 \
  "<entity name=\"s1\" class=\"ptolemy.domains.modal.kernel.State\"/>\n"                           \
  "<entity name=\"s2\" class=\"ptolemy.domains.modal.kernel.State\">"                              \
  "<property name=\"isFinalState\" value=\"true\"/></entity>\n"                                    \
  "<relation name=\"t1\" class=\"ptolemy.domains.modal.kernel.Transition\">"                       \
  "<property name=\"guardExpression\" value=\"a_0 == 1 &amp;&amp; count &lt; 1\"/>"               \
  "<property name=\"outputActions\" value=\"b = a_0\"/>"                                          \
  "<property name=\"setActions\" value=\"count = count + 1\"/></relation>\n"                      \
  "<relation name=\"t2\" class=\"ptolemy.domains.modal.kernel.Transition\">"                       \
  "<property name=\"guardExpression\" value=\"a_0_isPresent &amp;&amp; count &gt;= 1\"/>"         \
  "<property name=\"outputActions\" value=\"b = 2\"/></relation>\n"                                \
  "<link port=\"s1.outgoingPort\" relation=\"t1\"/><link port=\"s1.incomingPort\" "                \
  "relation=\"t1\"/>\n"                                                                            \
  "<link port=\"s1.outgoingPort\" relation=\"t2\"/><link port=\"s2.incomingPort\" "                \
  "relation=\"t2\"/>\n"                                                                            \
  "</entity>\n"                                                                                    \
  "<relation name=\"aRelation\"/><relation name=\"bRelation\"/>\n"                                 \
  "<link port=\"a\" relation=\"aRelation\"/><link port=\"_Controller.a\" "                         \
  "relation=\"aRelation\"/>\n"                                                                     \
  "<link port=\"b\" relation=\"bRelation\"/><link port=\"_Controller.b\" "                         \
  "relation=\"bRelation\"/>\n"                                                                     \
  "</entity>\n"                                                                                    \
  "<entity name=\"Bs\" class=\"Recorder\"/>\n"                                                     \
  "<entity name=\"Ones\" class=\"Recorder\"/>\n"                                                   \
  "<relation name=\"r1\"/><relation name=\"r2\"/>\n"                                               \
  "<link port=\"One.output\" relation=\"r1\"/><link port=\"M.a\" relation=\"r1\"/>"                 \
  "<link port=\"Ones.input\" relation=\"r1\"/>\n"                                                  \
  "<link port=\"M.b\" relation=\"r2\"/><link port=\"Bs.input\" relation=\"r2\"/>\n"                \
  "</entity>\n"

static void
test_first_state_final_state (void)
{
  g_autoptr (HycoModel) model = load_text (FINAL_MODEL);

  run_ok (model);
  g_assert_cmpstr (hyco_modal_model_get_current_state (HYCO_MODAL_MODEL (lookup (model, "M"))),
                   ==, "s2");
  g_assert_cmpuint (recorded_count (model, "Bs"), ==, 2);
  g_assert_cmpfloat (recorded (model, "Bs", 0, NULL), ==, 1);
  g_assert_cmpfloat (recorded (model, "Bs", 1, NULL), ==, 2);
  g_assert_cmpuint (recorded_count (model, "Ones"), ==, 4);
}

/* Ptolemy II's ModalPort and RefinementPort are often marked multiport (continuous/Modal1.xml):
 * with one channel outside, they are the single ports Hyco wires by name. */
static void
test_multiport_refinement_ports (void)
{
  g_autofree char *path
    = g_test_build_filename (G_TEST_DIST, "models", "ptolemy-modal-transient.xml", NULL);
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GString) edited = NULL;
  g_autoptr (HycoModel) model = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  edited = g_string_new (text);
  g_assert_cmpuint (g_string_replace (edited, "<property name=\"output\"/>",
                                      "<property name=\"output\"/><property name=\"multiport\"/>", 0),
                    >, 4);
  model = load_text (edited->str);
  run_ok (model);
}

/* A state machine as a state's refinement (Ptolemy II's ModalController other than
 * _Controller, modal/ResetFinal2): it runs in the modal model's domain, and a reset
 * transition initializes it again, out of its final state. a = 1: c -> c, b = 1; a = 2:
 * c -> d, final; a = 3: nothing, and the controller's reset; a = 4: c -> c, b = 4 again. */
#define MACHINE_REFINEMENT                                                                         \
  "<entity name=\"top\" class=\"ptolemy.actor.TypedCompositeActor\">\n"                            \
  "<property name=\"SR\" class=\"ptolemy.domains.sr.kernel.SRDirector\">"                          \
  "<property name=\"iterations\" value=\"6\"/></property>\n"                                      \
  "<entity name=\"Ramp\" class=\"ptolemy.actor.lib.Ramp\">"                                       \
  "<property name=\"init\" value=\"1\"/></entity>\n"                                              \
  "<entity name=\"M\" class=\"ptolemy.domains.modal.modal.ModalModel\">\n"                         \
  "<port name=\"a\" class=\"ptolemy.domains.modal.modal.ModalPort\"><property name=\"input\"/>"    \
  "</port>\n"                                                                                      \
  "<port name=\"b\" class=\"ptolemy.domains.modal.modal.ModalPort\"><property name=\"output\"/>"   \
  "</port>\n"                                                                                      \
  "<entity name=\"_Controller\" class=\"ptolemy.domains.modal.modal.ModalController\">\n"          \
  "<port name=\"a\" class=\"ptolemy.domains.modal.modal.RefinementPort\">"                         \
  "<property name=\"input\"/></port>\n"                                                            \
  "<port name=\"b\" class=\"ptolemy.domains.modal.modal.RefinementPort\">"                         \
  "<property name=\"input\"/><property name=\"output\"/></port>\n"                                 \
  "<entity name=\"s\" class=\"ptolemy.domains.modal.kernel.State\">"                               \
  "<property name=\"refinementName\" value=\"inner\"/></entity>\n"                                 \
  "<relation name=\"t\" class=\"ptolemy.domains.modal.kernel.Transition\">"                        \
  "<property name=\"guardExpression\" value=\"a == 3\"/>"                                         \
  "<property name=\"reset\" value=\"true\"/></relation>\n"                                         \
  "<link port=\"s.outgoingPort\" relation=\"t\"/><link port=\"s.incomingPort\" relation=\"t\"/>\n" \
  "</entity>\n"                                                                                    \
  "<entity name=\"inner\" class=\"ptolemy.domains.modal.modal.ModalController\">\n"                \
  "<property name=\"n\" class=\"ptolemy.data.expr.Parameter\" value=\"0\"/>\n"                     \
  "<port name=\"a\" class=\"ptolemy.domains.modal.modal.RefinementPort\">"                         \
  "<property name=\"input\"/></port>\n"                                                            \
  "<port name=\"b\" class=\"ptolemy.domains.modal.modal.RefinementPort\">"                         \
  "<property name=\"output\"/></port>\n"                                                           \
  "<entity name=\"c\" class=\"ptolemy.domains.modal.kernel.State\">"                               \
  "<property name=\"isInitialState\" value=\"true\"/></entity>\n"                                  \
  "<entity name=\"d\" class=\"ptolemy.domains.modal.kernel.State\">"                               \
  "<property name=\"isFinalState\" value=\"true\"/></entity>\n"                                    \
  "<relation name=\"t1\" class=\"ptolemy.domains.modal.kernel.Transition\">"                       \
  "<property name=\"guardExpression\" value=\"a_isPresent &amp;&amp; n &lt; 1\"/>"                \
  "<property name=\"outputActions\" value=\"b = a\"/>"                                            \
  "<property name=\"setActions\" value=\"n = n + 1\"/></relation>\n"                              \
  "<relation name=\"t2\" class=\"ptolemy.domains.modal.kernel.Transition\">"                       \
  "<property name=\"guardExpression\" value=\"a_isPresent &amp;&amp; n &gt;= 1\"/></relation>\n"  \
  "<link port=\"c.outgoingPort\" relation=\"t1\"/><link port=\"c.incomingPort\" "                  \
  "relation=\"t1\"/>\n"                                                                            \
  "<link port=\"c.outgoingPort\" relation=\"t2\"/><link port=\"d.incomingPort\" "                  \
  "relation=\"t2\"/>\n"                                                                            \
  "</entity>\n"                                                                                    \
  "<relation name=\"aRelation\"/><relation name=\"bRelation\"/>\n"                                 \
  "<link port=\"a\" relation=\"aRelation\"/><link port=\"_Controller.a\" relation=\"aRelation\"/>" \
  "<link port=\"inner.a\" relation=\"aRelation\"/>\n"                                              \
  "<link port=\"b\" relation=\"bRelation\"/><link port=\"_Controller.b\" relation=\"bRelation\"/>" \
  "<link port=\"inner.b\" relation=\"bRelation\"/>\n"                                              \
  "</entity>\n"                                                                                    \
  "<entity name=\"Bs\" class=\"Recorder\"/>\n"                                                     \
  "<relation name=\"r1\"/><relation name=\"r2\"/>\n"                                               \
  "<link port=\"Ramp.output\" relation=\"r1\"/><link port=\"M.a\" relation=\"r1\"/>\n"              \
  "<link port=\"M.b\" relation=\"r2\"/><link port=\"Bs.input\" relation=\"r2\"/>\n"                \
  "</entity>\n"

static void
test_machine_refinement (void)
{
  g_autoptr (HycoModel) model = load_text (MACHINE_REFINEMENT);

  run_ok (model);
  g_assert_cmpuint (recorded_count (model, "Bs"), ==, 2);
  g_assert_cmpfloat (recorded (model, "Bs", 0, NULL), ==, 1);
  g_assert_cmpfloat (recorded (model, "Bs", 1, NULL), ==, 4);
}

/* A preemptive transition chosen before the modal model's input is known settles its outputs:
 * what it does not write is absent, so that the modal model's output b, fed back to its input
 * a, is no causality loop (modal/PreemptionHierarchy). The refinement, whose Const would write
 * b, is never fired. */
#define PREEMPTION_LOOP                                                                            \
  "<entity name=\"top\" class=\"ptolemy.actor.TypedCompositeActor\">\n"                            \
  "<property name=\"SR\" class=\"ptolemy.domains.sr.kernel.SRDirector\">"                          \
  "<property name=\"iterations\" value=\"3\"/></property>\n"                                      \
  "<entity name=\"M\" class=\"ptolemy.domains.modal.modal.ModalModel\">\n"                         \
  "<port name=\"a\" class=\"ptolemy.domains.modal.modal.ModalPort\"><property name=\"input\"/>"    \
  "</port>\n"                                                                                      \
  "<port name=\"b\" class=\"ptolemy.domains.modal.modal.ModalPort\"><property name=\"output\"/>"   \
  "</port>\n"                                                                                      \
  "<entity name=\"_Controller\" class=\"ptolemy.domains.modal.modal.ModalController\">\n"          \
  "<port name=\"a\" class=\"ptolemy.domains.modal.modal.RefinementPort\">"                         \
  "<property name=\"input\"/></port>\n"                                                            \
  "<port name=\"b\" class=\"ptolemy.domains.modal.modal.RefinementPort\">"                         \
  "<property name=\"input\"/><property name=\"output\"/></port>\n"                                 \
  "<entity name=\"s\" class=\"ptolemy.domains.modal.kernel.State\">"                               \
  "<property name=\"isInitialState\" value=\"true\"/>"                                             \
  "<property name=\"refinementName\" value=\"R\"/></entity>\n"                                     \
  "<relation name=\"t\" class=\"ptolemy.domains.modal.kernel.Transition\">"                        \
  "<property name=\"guardExpression\" value=\"true\"/>"                                           \
  "<property name=\"preemptive\" value=\"true\"/></relation>\n"                                    \
  "<link port=\"s.outgoingPort\" relation=\"t\"/><link port=\"s.incomingPort\" relation=\"t\"/>\n" \
  "</entity>\n"                                                                                    \
  "<entity name=\"R\" class=\"ptolemy.domains.modal.modal.Refinement\">\n"                         \
  "<port name=\"a\" class=\"ptolemy.domains.modal.modal.RefinementPort\">"                         \
  "<property name=\"input\"/></port>\n"                                                            \
  "<port name=\"b\" class=\"ptolemy.domains.modal.modal.RefinementPort\">"                         \
  "<property name=\"output\"/></port>\n"                                                           \
  "<entity name=\"One\" class=\"ptolemy.actor.lib.Const\"/>\n"                                     \
  "<relation name=\"r\"/><link port=\"One.output\" relation=\"r\"/><link port=\"b\" "             \
  "relation=\"r\"/>\n"                                                                             \
  "</entity>\n"                                                                                    \
  "<relation name=\"aRelation\"/><relation name=\"bRelation\"/>\n"                                 \
  "<link port=\"a\" relation=\"aRelation\"/><link port=\"_Controller.a\" relation=\"aRelation\"/>" \
  "<link port=\"R.a\" relation=\"aRelation\"/>\n"                                                  \
  "<link port=\"b\" relation=\"bRelation\"/><link port=\"_Controller.b\" relation=\"bRelation\"/>" \
  "<link port=\"R.b\" relation=\"bRelation\"/>\n"                                                  \
  "</entity>\n"                                                                                    \
  "<entity name=\"Bs\" class=\"Recorder\"/>\n"                                                     \
  "<relation name=\"loop\"/>\n"                                                                    \
  "<link port=\"M.b\" relation=\"loop\"/><link port=\"M.a\" relation=\"loop\"/>"                   \
  "<link port=\"Bs.input\" relation=\"loop\"/>\n"                                                  \
  "</entity>\n"

static void
test_preemption_settles_outputs (void)
{
  g_autoptr (HycoModel) model = load_text (PREEMPTION_LOOP);

  run_ok (model);
  g_assert_cmpuint (recorded_count (model, "Bs"), ==, 0);
}

/* The modal models of Ptolemy II's own test suite, when ../shared/ptolemy/models is there:
 * whatever else stops them loading (actors and director parameters of other parts), it is never
 * the syntax of their state machines and modal models: drawing properties of states and
 * transitions, Ptolemy II's transition flags, controller attributes, relations inside. */
static void
test_ptolemy_suite_syntax (void)
{
  static const char *const models[] = {
    "modal/Default5.xml",
    "modal/InitialStateTransition1.xml",
    "modal/InitialStateTransition4.xml",
    "modal/ImmediateTransitionReset.xml",
    "modal/Broadcast.xml",
    "modal/ResetTransitionWithStartTime.xml",
    "de/Modal1.xml",
    "de/ResetTransitionWithStartTime1.xml",
    "continuous/Modal1.xml",
    "continuous/ImmediateTransitions.xml",
    "continuous/ModalTransitionGuardWithReset.xml",
    "sr/SRmodalSuperdense.xml",
    "sr/MayAnalysisBreaksCausalityLoop.xml",
    "sr/dynamicCausalityInterface1.xml",
  };
  static const char *const modal_complaints[] = {
    "a transition has",
    "a state has",
    "State entities only",
    "directorClass",
    "relation inside a modal model",
    "a state machine's variable",
    "not supported yet",
    "modal director",
    "refinement",
  };
  g_autofree char *root
    = g_test_build_filename (G_TEST_DIST, "..", "..", "shared", "ptolemy", "models", NULL);

  if (!g_file_test (root, G_FILE_TEST_IS_DIR))
    {
      g_test_skip ("no Ptolemy II models in ../shared/ptolemy/models");
      return;
    }
  for (guint i = 0; i < G_N_ELEMENTS (models); i++)
    {
      g_autofree char *path = g_build_filename (root, models[i], NULL);
      g_autoptr (GError) error = NULL;
      g_autoptr (HycoModel) model = hyco_model_new_from_file (path, &error);
      if (model != NULL)
        continue;
      const char *cause = strstr (error->message, ".xml:");
      g_test_message ("%s: %s", models[i], error->message);
      g_assert_nonnull (cause);
      for (guint c = 0; c < G_N_ELEMENTS (modal_complaints); c++)
        g_assert_null (strstr (cause, modal_complaints[c]));
    }
}

/* A set action may assign a parameter of the refinement itself (Ptolemy II's
 * `refinement.variable`): the parameters inside that name it follow, so the reset refinement
 * starts from it. The bouncing ball with the rebound velocity in the refinement's parameter
 * `v0` (Velocity.initialState = v0) bounces exactly as the original; the parameter gets its
 * text back after the run. */
static void
test_refinement_parameter (void)
{
  g_autoptr (HycoModel) original = load ("models/bouncing-ball.xml");
  g_autofree char *text = NULL;
  g_autoptr (GString) edited = NULL;
  g_autoptr (HycoModel) model = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_true (g_file_get_contents ("models/bouncing-ball.xml", &text, NULL, &error));
  edited = g_string_new (text);
  g_assert_cmpuint (
    g_string_replace (edited, "Free.Velocity.initialState = -e * v", "Free.v0 = -e * v", 0), ==, 1);
  g_assert_cmpuint (g_string_replace (edited, "<entity name=\"Velocity\" class=\"Integrator\"/>",
                                      "<property name=\"v0\" value=\"0\"/><entity "
                                      "name=\"Velocity\" class=\"Integrator\"><property "
                                      "name=\"initialState\" value=\"v0\"/></entity>",
                                      0),
                    ==, 1);
  model = load_text (edited->str);
  run_ok (original);
  run_ok (model);
  g_assert_cmpuint (recorded_count (model, "Impacts"), ==, recorded_count (original, "Impacts"));
  g_assert_cmpfloat (recorded (model, "Impacts", 3, NULL), ==,
                     recorded (original, "Impacts", 3, NULL));
  g_assert_cmpstr (hyco_composite_actor_get_parameter_text (
                     HYCO_COMPOSITE_ACTOR (lookup (model, "Ball.Free")), "v0"),
                   ==, "0");
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/modal/discrete-control", test_discrete_control);
  g_test_add_func ("/modal/bouncing-ball", test_bouncing_ball);
  g_test_add_func ("/modal/parameters", test_parameters);
  g_test_add_func ("/modal/under-sr", test_under_sr);
  g_test_add_func ("/modal/transition-within-sr-reaction", test_transition_within_sr_reaction);
  g_test_add_func ("/modal/periodic-sr-refinement-resumed", test_periodic_sr_refinement_resumed);
  g_test_add_func ("/modal/thermostat-agrees", test_thermostat_agrees);
  g_test_add_func ("/modal/history", test_history);
  g_test_add_func ("/modal/reset", test_reset);
  g_test_add_func ("/modal/local-time/history", test_local_time_history);
  g_test_add_func ("/modal/local-time/reset", test_local_time_reset);
  g_test_add_func ("/modal/local-time/history-delay", test_local_time_history_delay);
  g_test_add_func ("/modal/local-time/reset-blank-start-time", test_reset_blank_start_time);
  g_test_add_func ("/modal/local-time/reset-start-time", test_reset_start_time);
  g_test_add_func ("/modal/local-time/reset-event-before-start", test_reset_event_before_start);
  g_test_add_func ("/modal/ptolemy/transition-refinement", test_transition_refinement);
  g_test_add_func ("/modal/non-preemptive", test_non_preemptive);
  g_test_add_func ("/modal/preemptive", test_preemptive);
  g_test_add_func ("/modal/absent-inputs", test_absent_inputs);
  g_test_add_func ("/modal/errors", test_errors);
  g_test_add_func ("/modal/link-names", test_link_names);
  g_test_add_func ("/modal/round-trip", test_round_trip);
  g_test_add_func ("/modal/ptolemy/may-analysis", test_may_analysis);
  g_test_add_func ("/modal/ptolemy/transient-refinement", test_transient_refinement);
  g_test_add_func ("/modal/ptolemy/suite-syntax", test_ptolemy_suite_syntax);
  g_test_add_func ("/modal/ptolemy/refinement-parameter", test_refinement_parameter);
  g_test_add_func ("/modal/ptolemy/first-state-final-state", test_first_state_final_state);
  g_test_add_func ("/modal/ptolemy/multiport-refinement-ports", test_multiport_refinement_ports);
  g_test_add_func ("/modal/ptolemy/machine-refinement", test_machine_refinement);
  g_test_add_func ("/modal/ptolemy/preemption-settles-outputs", test_preemption_settles_outputs);
  return g_test_run ();
}
