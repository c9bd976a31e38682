/* test-compiled-stages.c: solver stages evaluated from the functions actors declare
 * (HycoStageFunction) give the same run as firing every actor at every stage, event for event
 * and bit for bit, and fall back to firing when something upstream of a derivative declares
 * nothing.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "test-support.h"

#include <glib/gstdio.h>

typedef struct
{
  char *trace; /* the --trace CSV: every event with its tag and value, %.17g */
  guint64 firings;
  guint64 events;
  guint64 compiled; /* the statistics' count of stages computed without firing */
  guint64 steps;
  guint64 rejected;
} Run;

static void
run_clear (Run *run)
{
  g_free (run->trace);
}

/* Runs @model_xml (a file under models/, or XML text) with the continuous director's
 * compileStages (at @compile_path) set as given, traced if @trace. */
static void
run_model (const char *model_xml, gboolean is_file, const char *const *settings,
           const char *compile_path, gboolean compile_stages, gboolean trace, Run *run)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoModel) model = NULL;
  g_autofree char *trace_path = NULL;
  HycoDirector *director;
  int fd = g_file_open_tmp ("hyco-compiled-stages-XXXXXX.csv", &trace_path, &error);

  g_assert_no_error (error);
  close (fd);
  if (is_file)
    {
      g_autofree char *path = g_test_build_filename (G_TEST_DIST, "..", "models", model_xml, NULL);
      model = hyco_model_new_from_file (path, &error);
    }
  else
    model = hyco_model_new_from_data (model_xml, -1, "test", &error);
  g_assert_no_error (error);
  for (guint i = 0; settings != NULL && settings[i]; i += 2)
    {
      hyco_model_set_parameter (model, settings[i], settings[i + 1], &error);
      g_assert_no_error (error);
    }
  hyco_model_set_parameter (model, compile_path, compile_stages ? "true" : "false", &error);
  g_assert_no_error (error);
  if (trace)
    {
      hyco_model_set_trace_file (model, trace_path, &error);
      g_assert_no_error (error);
    }
  hyco_model_run (model, NULL, &error);
  g_assert_no_error (error);
  director = hyco_composite_actor_get_director (hyco_model_get_toplevel (model));
  run->firings = hyco_model_get_firing_count (model);
  run->events = hyco_model_get_event_count (model);
  {
    g_autoptr (GVariant) statistics = hyco_model_get_statistics (model);
    g_assert_true (g_variant_lookup (statistics, "compiled", "t", &run->compiled));
  }
  if (HYCO_IS_CONTINUOUS_DIRECTOR (director))
    {
      run->steps = hyco_continuous_director_get_step_count (HYCO_CONTINUOUS_DIRECTOR (director));
      run->rejected
        = hyco_continuous_director_get_rejected_step_count (HYCO_CONTINUOUS_DIRECTOR (director));
    }
  g_clear_object (&model); /* closes the trace */
  g_file_get_contents (trace_path, &run->trace, NULL, &error);
  g_assert_no_error (error);
  g_unlink (trace_path);
}

/* Both ways give the same trace; returns how many times fewer firings compiling took. */
static double
assert_same_runs_at (const char *model_xml, gboolean is_file, const char *const *settings,
                     const char *compile_path)
{
  Run fired = { 0 }, compiled = { 0 }, untraced = { 0 };
  double ratio;

  run_model (model_xml, is_file, settings, compile_path, FALSE, TRUE, &fired);
  run_model (model_xml, is_file, settings, compile_path, TRUE, TRUE, &compiled);
  g_assert_cmpuint (strlen (fired.trace), >, 100);
  g_assert_cmpstr (compiled.trace, ==, fired.trace);
  g_assert_cmpuint (compiled.steps, ==, fired.steps);
  g_assert_cmpuint (compiled.rejected, ==, fired.rejected);
  g_assert_cmpuint (compiled.events, ==, fired.events);
  g_assert_cmpuint (fired.compiled, ==, 0);
  if (compiled.firings < fired.firings)
    g_assert_cmpuint (compiled.compiled, >, 0);
  else
    g_assert_cmpuint (compiled.compiled, ==, 0);
  /* Without a trace, actors that need no postfire are not even postfired: the same events. */
  run_model (model_xml, is_file, settings, compile_path, TRUE, FALSE, &untraced);
  g_assert_cmpuint (untraced.events, ==, fired.events);
  g_assert_cmpuint (untraced.firings, ==, compiled.firings);
  ratio = (double) fired.firings / (double) compiled.firings;
  g_test_message ("%s: %" G_GUINT64_FORMAT " steps, %" G_GUINT64_FORMAT
                  " firings fired, %" G_GUINT64_FORMAT " compiled (%.1fx fewer)",
                  is_file ? model_xml : "model", fired.steps, fired.firings, compiled.firings,
                  ratio);
  run_clear (&fired);
  run_clear (&compiled);
  run_clear (&untraced);
  return ratio;
}

static double
assert_same_runs (const char *model_xml, gboolean is_file, const char *const *settings)
{
  return assert_same_runs_at (model_xml, is_file, settings, "director.compileStages");
}

/* Van der Pol: constants, products, gains, adders and two integrators. Stages inside a step
 * fire nothing; ends fire the sampler and the recorder only. */
static void
test_van_der_pol (void)
{
  g_assert_cmpfloat (assert_same_runs ("van-der-pol.xml", TRUE, NULL), >, 10);
}

/* CVODE calls the right-hand side many times per step: the same holds. */
static void
test_cvode (void)
{
  const char *settings[] = { "director.stopTime", "100", NULL };

  g_assert_cmpfloat (assert_same_runs ("van-der-pol-stiff.xml", TRUE, settings), >, 2);
}

/* Every kind of declared function: of time (sine, ramp), unary, a sum of three, a product
 * with a divisor, a product of a divisor alone, a scale; and, for W, a chain where each takes
 * the value of the one before (scale, unary, sum of three, product of two, quotient). */
static const char every_function_xml[]
  = "<entity name='top' class='TypedCompositeActor'>"
    "  <property name='director' class='ContinuousDirector'>"
    "    <property name='stopTime' value='5'/>"
    "  </property>"
    "  <entity name='Sine' class='ContinuousSinewave'>"
    "    <property name='frequency' value='0.7'/>"
    "    <property name='phase' value='0.3'/>"
    "  </entity>"
    "  <entity name='Ramp' class='ContinuousRamp'>"
    "    <property name='rate' value='0.25'/>"
    "  </entity>"
    "  <entity name='Two' class='Const'><property name='value' value='2.0'/></entity>"
    "  <entity name='Exp' class='MathFunction'><property name='function' value='exp'/></entity>"
    "  <entity name='Sum' class='Adder'/>"
    "  <entity name='Ratio' class='Product'/>"
    "  <entity name='Inverse' class='Product'/>"
    "  <entity name='Half' class='Gain'><property name='factor' value='0.5'/></entity>"
    "  <entity name='X' class='Integrator'><property name='initialState' value='1'/></entity>"
    "  <entity name='Y' class='Integrator'/>"
    "  <relation name='sine'/><relation name='ramp'/><relation name='two'/>"
    "  <relation name='x'/><relation name='y'/><relation name='exp'/><relation name='sum'/>"
    "  <relation name='ratio'/><relation name='inverse'/><relation name='half'/>"
    "  <link port='Sine.output' relation='sine'/>"
    "  <link port='Ramp.output' relation='ramp'/>"
    "  <link port='Two.output' relation='two'/>"
    "  <link port='X.state' relation='x'/>"
    "  <link port='Y.state' relation='y'/>"
    "  <link port='Exp.input' relation='y'/>"
    "  <link port='Exp.output' relation='exp'/>"
    "  <link port='Sum.input' relation='sine'/>"
    "  <link port='Sum.input' relation='ramp'/>"
    "  <link port='Sum.input' relation='x'/>"
    "  <link port='Sum.output' relation='sum'/>"
    "  <link port='Ratio.multiply' relation='sum'/>"
    "  <link port='Ratio.multiply' relation='two'/>"
    "  <link port='Ratio.divide' relation='exp'/>"
    "  <link port='Ratio.output' relation='ratio'/>"
    "  <link port='Inverse.divide' relation='exp'/>"
    "  <link port='Inverse.output' relation='inverse'/>"
    "  <link port='Half.input' relation='inverse'/>"
    "  <link port='Half.output' relation='half'/>"
    "  <link port='X.derivative' relation='half'/>"
    "  <link port='Y.derivative' relation='ratio'/>"
    "  <entity name='Neg' class='Gain'><property name='factor' value='-0.3'/></entity>"
    "  <entity name='Exp2' class='MathFunction'><property name='function' value='exp'/></entity>"
    "  <entity name='Total' class='Adder'/>"
    "  <entity name='Twice' class='Product'/>"
    "  <entity name='Q' class='Product'/>"
    "  <entity name='W' class='Integrator'/>"
    "  <relation name='neg'/><relation name='exp2'/><relation name='total'/>"
    "  <relation name='twice'/><relation name='q'/>"
    "  <link port='Neg.input' relation='y'/>"
    "  <link port='Neg.output' relation='neg'/>"
    "  <link port='Exp2.input' relation='neg'/>"
    "  <link port='Exp2.output' relation='exp2'/>"
    "  <link port='Total.input' relation='two'/>"
    "  <link port='Total.input' relation='sine'/>"
    "  <link port='Total.input' relation='exp2'/>"
    "  <link port='Total.output' relation='total'/>"
    "  <link port='Twice.multiply' relation='two'/>"
    "  <link port='Twice.multiply' relation='total'/>"
    "  <link port='Twice.output' relation='twice'/>"
    "  <link port='Q.multiply' relation='x'/>"
    "  <link port='Q.divide' relation='twice'/>"
    "  <link port='Q.output' relation='q'/>"
    "  <link port='W.derivative' relation='q'/>"
    "</entity>";

static void
test_every_function (void)
{
  g_assert_cmpfloat (assert_same_runs (every_function_xml, FALSE, NULL), >, 3);
}

/* Van der Pol inside DE, sampled by a clock: the continuous director plans each step ahead
 * (inputs absent) and fires again at the container's tag. */
static const char nested_xml[]
  = "<entity name='top' class='TypedCompositeActor'>"
    "  <property name='director' class='DEDirector'>"
    "    <property name='stopTime' value='20'/>"
    "  </property>"
    "  <entity name='Clock' class='DiscreteClock'><property name='period' value='0.7'/></entity>"
    "  <entity name='Plant' class='TypedCompositeActor'>"
    "    <property name='solver' class='ContinuousDirector'/>"
    "    <port name='y' class='TypedIOPort'><property name='output'/></port>"
    "    <entity name='Mu' class='Const'><property name='value' value='1.0'/></entity>"
    "    <entity name='One' class='Const'><property name='value' value='1.0'/></entity>"
    "    <entity name='X1' class='Integrator'><property name='initialState' value='2'/></entity>"
    "    <entity name='X2' class='Integrator'/>"
    "    <entity name='Square' class='Product'/>"
    "    <entity name='Negate' class='Gain'><property name='factor' value='-1.0'/></entity>"
    "    <entity name='Damping' class='Adder'/>"
    "    <entity name='Force' class='Product'/>"
    "    <entity name='Restore' class='Gain'><property name='factor' value='-1.0'/></entity>"
    "    <entity name='Acceleration' class='Adder'/>"
    "    <relation name='x1'/><relation name='x2'/><relation name='mu'/><relation name='one'/>"
    "    <relation name='square'/><relation name='negated'/><relation name='damping'/>"
    "    <relation name='force'/><relation name='restore'/><relation name='acceleration'/>"
    "    <link port='X1.state' relation='x1'/>"
    "    <link port='y' relation='x1'/>"
    "    <link port='Square.multiply' relation='x1'/>"
    "    <link port='Square.multiply' relation='x1'/>"
    "    <link port='Restore.input' relation='x1'/>"
    "    <link port='X2.state' relation='x2'/>"
    "    <link port='X1.derivative' relation='x2'/>"
    "    <link port='Force.multiply' relation='x2'/>"
    "    <link port='Mu.output' relation='mu'/>"
    "    <link port='Force.multiply' relation='mu'/>"
    "    <link port='One.output' relation='one'/>"
    "    <link port='Damping.input' relation='one'/>"
    "    <link port='Square.output' relation='square'/>"
    "    <link port='Negate.input' relation='square'/>"
    "    <link port='Negate.output' relation='negated'/>"
    "    <link port='Damping.input' relation='negated'/>"
    "    <link port='Damping.output' relation='damping'/>"
    "    <link port='Force.multiply' relation='damping'/>"
    "    <link port='Force.output' relation='force'/>"
    "    <link port='Acceleration.input' relation='force'/>"
    "    <link port='Restore.output' relation='restore'/>"
    "    <link port='Acceleration.input' relation='restore'/>"
    "    <link port='Acceleration.output' relation='acceleration'/>"
    "    <link port='X2.derivative' relation='acceleration'/>"
    "  </entity>"
    "  <entity name='Sample' class='Sampler'/>"
    "  <entity name='Samples' class='Recorder'/>"
    "  <relation name='tick'/><relation name='y'/><relation name='s'/>"
    "  <link port='Clock.output' relation='tick'/>"
    "  <link port='Sample.trigger' relation='tick'/>"
    "  <link port='Plant.y' relation='y'/>"
    "  <link port='Sample.input' relation='y'/>"
    "  <link port='Sample.output' relation='s'/>"
    "  <link port='Samples.input' relation='s'/>"
    "</entity>";

static void
test_inside_de (void)
{
  g_assert_cmpfloat (assert_same_runs_at (nested_xml, FALSE, NULL, "Plant.solver.compileStages"), >,
                     3);
}

/* An integer constant upstream of a derivative: firing sends an int, which a double register
 * would not reproduce, so nothing is compiled and the firings are the same. */
static void
test_fallback (void)
{
  g_autofree char *xml = g_strdup (every_function_xml);
  char *two = strstr (xml, "value='2.0'");

  memcpy (two, "value='2'  ", strlen ("value='2'  "));
  g_assert_cmpfloat (assert_same_runs (xml, FALSE, NULL), ==, 1);
}

/* A compiled cone beside actors that still fire at step ends only: a crossing detector on x1
 * (which refines steps) into a recorder, and a sampler. */
static void
test_beside_detector (void)
{
  g_autofree char *path
    = g_test_build_filename (G_TEST_DIST, "..", "models", "van-der-pol.xml", NULL);
  g_autofree char *text = NULL;
  g_autoptr (GString) xml = NULL;
  g_autoptr (GError) error = NULL;
  char *end;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  xml = g_string_new (text);
  end = strstr (xml->str, "</entity>\n");
  while (strstr (end + 1, "</entity>") != NULL)
    end = strstr (end + 1, "</entity>");
  g_string_insert (xml, end - xml->str,
                   "<entity name='Crossing' class='LevelCrossingDetector'>"
                   "<property name='level' value='0.5'/>"
                   "<property name='errorTolerance' value='1e-9'/></entity>"
                   "<entity name='Crossings' class='Recorder'/>"
                   "<relation name='crossing'/>"
                   "<link port='Crossing.trigger' relation='x1'/>"
                   "<link port='Crossing.output' relation='crossing'/>"
                   "<link port='Crossings.input' relation='crossing'/>");
  g_assert_cmpfloat (assert_same_runs (xml->str, FALSE, NULL), >, 5);
}

/* Models where something upstream of a derivative is not a declared function (a modal model,
 * a periodic source, an integrator with resets, a zero-crossing detector's feedback): the
 * same runs, compiled or not. */
static void
test_other_models (void)
{
  const char *models[] = { "thermostat.xml",           "bouncing-ball.xml",
                           "zero-delay-feedback.xml",  "integrating-discontinuities.xml",
                           "integrating-glitches.xml", "thermostat-modal.xml" };

  for (guint i = 0; i < G_N_ELEMENTS (models); i++)
    assert_same_runs (models[i], TRUE, NULL);
}

/* Random models: random expressions over states, constants and sources of time feed the
 * integrators, with shared subexpressions, so that operations come in many orders and chain in
 * every way. Each derivative is -x plus a bounded expression, so that the runs stay finite. */
typedef struct
{
  GRand *rand;
  GString *xml;
  GPtrArray *nodes; /* relation names of the expressions built so far, to share */
  guint n_states;
  guint count;
} RandomModel;

/* A new actor of @class_name with @properties (XML), output on a new relation; returns the
 * relation's name. */
static const char *
add_node (RandomModel *m, const char *class_name, const char *properties, const char *output)
{
  char *relation = g_strdup_printf ("r%u", m->count);

  g_string_append_printf (m->xml,
                          "<entity name='N%u' class='%s'>%s</entity><relation name='%s'/>"
                          "<link port='N%u.%s' relation='%s'/>",
                          m->count, class_name, properties, relation, m->count, output, relation);
  m->count++;
  g_ptr_array_add (m->nodes, relation);
  return relation;
}

static void
link_input (RandomModel *m, const char *port, const char *relation)
{
  g_string_append_printf (m->xml, "<link port='N%u.%s' relation='%s'/>", m->count - 1, port,
                          relation);
}

static const char *
random_expression (RandomModel *m, guint depth)
{
  GRand *r = m->rand;
  g_autofree char *properties = NULL;

  if (m->nodes->len > 0 && g_rand_int_range (r, 0, 5) == 0)
    return m->nodes->pdata[g_rand_int_range (r, 0, (int) m->nodes->len)]; /* shared */
  if (depth == 0 || g_rand_int_range (r, 0, 4) == 0)
    switch (g_rand_int_range (r, 0, 4))
      {
      case 0:
        {
          /* Owned by the shared expressions, which a state may be too. */
          char *state = g_strdup_printf ("x%d", g_rand_int_range (r, 0, (int) m->n_states));
          g_ptr_array_add (m->nodes, state);
          return state;
        }
      case 1:
        properties = g_strdup_printf ("<property name='value' value='%.3f'/>",
                                      g_rand_double_range (r, -1, 1));
        return add_node (m, "Const", properties, "output");
      case 2:
        properties
          = g_strdup_printf ("<property name='frequency' value='%.3f'/>"
                             "<property name='phase' value='%.3f'/>",
                             g_rand_double_range (r, 0.1, 2), g_rand_double_range (r, 0, 3));
        return add_node (m, "ContinuousSinewave", properties, "output");
      default:
        properties = g_strdup_printf ("<property name='rate' value='%.3f'/>",
                                      g_rand_double_range (r, -0.5, 0.5));
        return add_node (m, "ContinuousRamp", properties, "output");
      }
  switch (g_rand_int_range (r, 0, 5))
    {
    case 0:
      {
        const char *input = random_expression (m, depth - 1);
        properties = g_strdup_printf ("<property name='factor' value='%.3f'/>",
                                      g_rand_double_range (r, -2, 2));
        add_node (m, "Gain", properties, "output");
        link_input (m, "input", input);
        return m->nodes->pdata[m->nodes->len - 1];
      }
    case 1:
      {
        const char *inputs[3];
        guint n = (guint) g_rand_int_range (r, 2, 4);
        for (guint i = 0; i < n; i++)
          inputs[i] = random_expression (m, depth - 1);
        add_node (m, "Adder", "", "output");
        for (guint i = 0; i < n; i++)
          link_input (m, "input", inputs[i]);
        return m->nodes->pdata[m->nodes->len - 1];
      }
    case 2:
      {
        const char *a = random_expression (m, depth - 1);
        const char *b = random_expression (m, depth - 1);
        add_node (m, "Product", "", "output");
        link_input (m, "multiply", a);
        link_input (m, "multiply", b);
        return m->nodes->pdata[m->nodes->len - 1];
      }
    case 3:
      {
        /* a / (2 + sin b): a quotient that stays finite. */
        const char *a = random_expression (m, depth - 1);
        const char *b = random_expression (m, depth - 1);
        const char *two = add_node (m, "Const", "<property name='value' value='2.0'/>", "output");
        const char *sine, *divisor;
        sine = add_node (m, "MathFunction", "<property name='function' value='sin'/>", "output");
        link_input (m, "input", b);
        divisor = add_node (m, "Adder", "", "output");
        link_input (m, "input", two);
        link_input (m, "input", sine);
        add_node (m, "Product", "", "output");
        link_input (m, "multiply", a);
        link_input (m, "divide", divisor);
        return m->nodes->pdata[m->nodes->len - 1];
      }
    default:
      {
        static const char *const bounded[] = { "sin", "cos", "tanh", "atan" };
        const char *input = random_expression (m, depth - 1);
        properties = g_strdup_printf ("<property name='function' value='%s'/>",
                                      bounded[g_rand_int_range (r, 0, 4)]);
        add_node (m, "MathFunction", properties, "output");
        link_input (m, "input", input);
        return m->nodes->pdata[m->nodes->len - 1];
      }
    }
}

static char *
random_model (guint32 seed)
{
  RandomModel m = { g_rand_new_with_seed (seed), g_string_new (NULL),
                    g_ptr_array_new_with_free_func (g_free), 0, 0 };

  m.n_states = (guint) g_rand_int_range (m.rand, 1, 5);
  g_string_append_printf (m.xml,
                          "<entity name='top' class='TypedCompositeActor'>"
                          "<property name='director' class='ContinuousDirector'>"
                          "<property name='stopTime' value='2'/>"
                          "<property name='ODESolver' value='%s'/></property>",
                          g_rand_boolean (m.rand) ? "ExplicitRK45Solver" : "ExplicitRK23Solver");
  for (guint i = 0; i < m.n_states; i++)
    g_string_append_printf (m.xml,
                            "<entity name='X%u' class='Integrator'>"
                            "<property name='initialState' value='%.3f'/></entity>"
                            "<relation name='x%u'/><link port='X%u.state' relation='x%u'/>",
                            i, g_rand_double_range (m.rand, -1, 1), i, i, i);
  for (guint i = 0; i < m.n_states; i++)
    {
      g_autofree char *state = g_strdup_printf ("x%u", i);
      const char *expression = random_expression (&m, 3);
      const char *decay = add_node (&m, "Gain", "<property name='factor' value='-1.0'/>", "output");
      link_input (&m, "input", state);
      add_node (&m, "Adder", "", "output");
      link_input (&m, "input", decay);
      link_input (&m, "input", expression);
      g_string_append_printf (m.xml, "<link port='X%u.derivative' relation='%s'/>", i,
                              (const char *) m.nodes->pdata[m.nodes->len - 1]);
    }
  g_string_append (m.xml, "</entity>");
  g_rand_free (m.rand);
  g_ptr_array_unref (m.nodes);
  return g_string_free (m.xml, FALSE);
}

static void
test_random_models (void)
{
  for (guint32 seed = 1; seed <= 25; seed++)
    {
      g_autofree char *xml = random_model (seed);
      g_test_message ("seed %u", seed);
      g_assert_cmpfloat (assert_same_runs (xml, FALSE, NULL), >, 2);
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  hyco_init ();

  g_test_add_func ("/compiled-stages/van-der-pol", test_van_der_pol);
  g_test_add_func ("/compiled-stages/cvode", test_cvode);
  g_test_add_func ("/compiled-stages/every-function", test_every_function);
  g_test_add_func ("/compiled-stages/inside-de", test_inside_de);
  g_test_add_func ("/compiled-stages/beside-detector", test_beside_detector);
  g_test_add_func ("/compiled-stages/fallback", test_fallback);
  g_test_add_func ("/compiled-stages/other-models", test_other_models);
  g_test_add_func ("/compiled-stages/random-models", test_random_models);
  return g_test_run ();
}
