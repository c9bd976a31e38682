/* test-de-director.c: the discrete-event director against SEMANTICS.md section 4.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "test-support.h"

#include <glib/gstdio.h>

static void
assert_tag (HycoTag tag, const char *time, guint64 microstep)
{
  HycoTag expected = test_tag (time, microstep);
  g_assert_cmpint (tag.time, ==, expected.time);
  g_assert_cmpuint (tag.microstep, ==, expected.microstep);
}

/* Events queued out of order are processed in tag order. */
static void
test_ordering (void)
{
  g_autoptr (HycoCompositeActor) top = test_top_new (NULL);
  HycoTag tags[]
    = { test_tag ("0.3", 1), test_tag ("0.1", 2), test_tag ("0.1", 1), test_tag ("0", 0) };
  HycoActor *emitter = test_emitter_new ("E", tags, G_N_ELEMENTS (tags));
  HycoActor *log = test_log_new ("Log");
  g_autoptr (HycoModel) model = NULL;

  test_add (top, emitter);
  test_add (top, log);
  test_connect (top, emitter, "output", log, "input");
  model = test_run_ok (top);
  g_assert_cmpuint (test_log_count (TEST_LOG (log)), ==, 4);
  assert_tag (test_log_tag (TEST_LOG (log), 0), "0", 0);
  assert_tag (test_log_tag (TEST_LOG (log), 1), "0.1", 1);
  assert_tag (test_log_tag (TEST_LOG (log), 2), "0.1", 2);
  assert_tag (test_log_tag (TEST_LOG (log), 3), "0.3", 1);
  for (guint i = 0; i < 4; i++)
    g_assert_cmpint (test_log_value (TEST_LOG (log), i), ==, i);
}

/* Simultaneous events from two sources reach a receiver in one firing, with one postfire. */
static void
test_simultaneity (void)
{
  g_autoptr (HycoCompositeActor) top = test_top_new (NULL);
  HycoTag a_tags[] = { test_tag ("1", 1), test_tag ("2", 1) };
  HycoTag b_tags[] = { test_tag ("2", 1) };
  HycoActor *a = test_emitter_new ("A", a_tags, 2);
  HycoActor *b = test_emitter_new ("B", b_tags, 1);
  HycoActor *log = test_log_new ("Log");
  g_autoptr (HycoModel) model = NULL;

  test_add (top, a);
  test_add (top, b);
  test_add (top, log);
  test_connect (top, a, "output", log, "input");
  test_connect (top, b, "output", log, "input");
  model = test_run_ok (top);
  g_assert_cmpuint (test_log_postfires (TEST_LOG (log)), ==, 2);
  g_assert_cmpuint (test_log_count (TEST_LOG (log)), ==, 3);
  assert_tag (test_log_tag (TEST_LOG (log), 1), "2", 1);
  assert_tag (test_log_tag (TEST_LOG (log), 2), "2", 1);
  g_assert_cmpuint (test_log_channel (TEST_LOG (log), 1), ==, 0);
  g_assert_cmpuint (test_log_channel (TEST_LOG (log), 2), ==, 1);
}

/* A chain of strict actors computes a whole tag in one pass, in depth order. */
static void
test_chain (void)
{
  g_autoptr (HycoCompositeActor) top = test_top_new (NULL);
  HycoTag tags[] = { test_tag ("0.5", 1) };
  HycoActor *emitter = test_emitter_new ("E", tags, 1);
  HycoActor *log = test_log_new ("Log");
  HycoActor *previous = emitter;
  g_autoptr (HycoModel) model = NULL;

  /* Added in reverse order, so model order cannot be what makes it work. */
  test_add (top, log);
  for (int i = 9; i >= 0; i--)
    {
      g_autofree char *name = g_strdup_printf ("P%d", i);
      test_add (top, test_pass_new (name));
    }
  test_add (top, emitter);
  for (int i = 0; i < 10; i++)
    {
      g_autofree char *name = g_strdup_printf ("P%d", i);
      HycoActor *pass = hyco_composite_actor_get_actor (top, name);
      test_connect (top, previous, "output", pass, "input");
      previous = pass;
    }
  test_connect (top, previous, "output", log, "input");
  model = test_run_ok (top);
  g_assert_cmpuint (test_log_count (TEST_LOG (log)), ==, 1);
  g_assert_cmpint (test_log_value (TEST_LOG (log), 0), ==, 10);
  g_assert_cmpuint (test_log_fires (TEST_LOG (log)), ==, 1);
  /* Emitter, 10 passes, log. */
  g_assert_cmpuint (hyco_model_get_firing_count (model), ==, 12);
}

/* A tag at which one actor alone has an event and nothing reads its outputs is that actor's
 * firing alone (the director's shortcut for it); next to tags with readers and with two
 * actors, each counted as any tag: firings, events and tags as without the shortcut. */
static void
test_lone_actor_tags (void)
{
  g_autoptr (HycoCompositeActor) top = test_top_new (NULL);
  /* A, read by nobody, alone at 1 and 3; B, read by the log, alone at 2; both at 4. */
  HycoTag a_tags[] = { test_tag ("1", 1), test_tag ("3", 1), test_tag ("4", 1) };
  HycoTag b_tags[] = { test_tag ("2", 1), test_tag ("4", 1) };
  HycoActor *a = test_emitter_new ("A", a_tags, G_N_ELEMENTS (a_tags));
  HycoActor *b = test_emitter_new ("B", b_tags, G_N_ELEMENTS (b_tags));
  HycoActor *log = test_log_new ("Log");
  g_autoptr (HycoModel) model = NULL;

  test_add (top, a);
  test_add (top, b);
  test_add (top, log);
  test_connect (top, b, "output", log, "input");
  model = test_run_ok (top);
  g_assert_cmpuint (test_log_count (TEST_LOG (log)), ==, 2);
  assert_tag (test_log_tag (TEST_LOG (log), 0), "2", 1);
  assert_tag (test_log_tag (TEST_LOG (log), 1), "4", 1);
  g_assert_cmpint (test_log_value (TEST_LOG (log), 0), ==, 0);
  g_assert_cmpint (test_log_value (TEST_LOG (log), 1), ==, 1);
  g_assert_cmpuint (test_log_fires (TEST_LOG (log)), ==, 2);
  g_assert_cmpuint (test_log_postfires (TEST_LOG (log)), ==, 2);
  /* A 3, B 2, the log 2; an event per emitter firing; the initial tag and 4 of events. */
  g_assert_cmpuint (hyco_model_get_firing_count (model), ==, 7);
  g_assert_cmpuint (hyco_model_get_event_count (model), ==, 5);
  g_assert_cmpuint (hyco_model_get_iteration_count (model), ==, 4);
}

/* Events after the stop time are not processed; events at the stop time are. */
static void
test_stop_time (void)
{
  g_autoptr (HycoCompositeActor) top = test_top_new ("0.2");
  HycoTag tags[] = { test_tag ("0.1", 1), test_tag ("0.2", 1), test_tag ("0.2", 5),
                     test_tag ("0.200000001", 0) };
  HycoActor *emitter = test_emitter_new ("E", tags, 4);
  HycoActor *log = test_log_new ("Log");
  g_autoptr (HycoModel) model = NULL;
  HycoTag reached;

  test_add (top, emitter);
  test_add (top, log);
  test_connect (top, emitter, "output", log, "input");
  model = test_run_ok (top);
  g_assert_cmpuint (test_log_count (TEST_LOG (log)), ==, 3);
  hyco_model_get_current_tag (model, &reached);
  assert_tag (reached, "0.2", 5);
  g_assert_cmpuint (test_log_wrapups (TEST_LOG (log)), ==, 1);
}

static char *
run_and_dump (gboolean reversed)
{
  g_autoptr (HycoCompositeActor) top = test_top_new (NULL);
  HycoTag tags_a[] = { test_tag ("1", 1), test_tag ("1", 2), test_tag ("3", 1) };
  HycoTag tags_b[] = { test_tag ("3", 1), test_tag ("1", 2), test_tag ("2", 1) };
  HycoActor *a = test_emitter_new ("A", reversed ? tags_b : tags_a, 3);
  HycoActor *b = test_emitter_new ("B", reversed ? tags_a : tags_b, 3);
  HycoActor *log = test_log_new ("Log");
  g_autoptr (HycoModel) model = NULL;

  if (reversed)
    {
      test_add (top, log);
      test_add (top, b);
      test_add (top, a);
      test_connect (top, b, "output", log, "input");
      test_connect (top, a, "output", log, "input");
    }
  else
    {
      test_add (top, a);
      test_add (top, b);
      test_add (top, log);
      test_connect (top, a, "output", log, "input");
      test_connect (top, b, "output", log, "input");
    }
  model = test_run_ok (top);
  return test_log_dump (TEST_LOG (log));
}

/* The same events give the same trace (up to channel naming) whatever the insertion order. */
static void
test_determinism (void)
{
  g_autofree char *first = run_and_dump (FALSE);
  g_autofree char *again = run_and_dump (FALSE);
  g_autofree char *reversed = run_and_dump (TRUE);
  g_auto (GStrv) lines_a = NULL, lines_b = NULL;

  g_assert_cmpstr (first, ==, again);
  /* In the reversed model the same emissions arrive on the other channels; tags and values
   * per tag must match as multisets, so compare line counts and the tag sequence. */
  lines_a = g_strsplit (first, "\n", -1);
  lines_b = g_strsplit (reversed, "\n", -1);
  g_assert_cmpuint (g_strv_length (lines_a), ==, g_strv_length (lines_b));
  for (guint i = 0; lines_a[i]; i++)
    g_assert_cmpstr (strtok (lines_a[i], " "), ==, strtok (lines_b[i], " "));
}

/* fire_at at the current tag during postfire is granted the next microstep; the past is an
 * error naming the actor. */
static void
test_fire_at (void)
{
  g_autoptr (HycoCompositeActor) top = test_top_new ("1");
  HycoTag tags[] = { test_tag ("0.5", 3) };
  HycoActor *emitter = test_emitter_new ("E", tags, 1);
  g_autoptr (HycoModel) model = NULL;
  g_autoptr (GError) error = NULL;
  HycoTag granted, past = test_tag ("0.1", 0);

  test_add (top, emitter);
  model = test_run_ok (top);
  /* After the run the director sits at (0.5, 3), the tag already computed. */
  g_assert_true (hyco_actor_fire_at (emitter, test_tag ("0.5", 0).time, &granted, &error));
  g_assert_no_error (error);
  assert_tag (granted, "0.5", 4);
  g_assert_true (hyco_actor_fire_at (emitter, test_tag ("0.7", 0).time, &granted, &error));
  assert_tag (granted, "0.7", 1);
  g_assert_false (hyco_actor_fire_at_tag (emitter, &past, &granted, &error));
  g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_TIME);
  g_assert_nonnull (strstr (error->message, "E"));
  g_assert_nonnull (strstr (error->message, "past"));
}

/* An actor that keeps asking for the same time is stopped by the microstep bound. */
static void
test_zeno (void)
{
  g_autoptr (HycoCompositeActor) top = test_top_new (NULL);
  g_autoptr (HycoModel) model = NULL;
  g_autoptr (GError) error = NULL;
  HycoActor *log = test_log_new ("Log");

  test_add (top, test_staller_new ("Chatter"));
  test_add (top, log);
  hyco_param_set_from_string (G_OBJECT (hyco_composite_actor_get_director (top)), "maxMicrosteps",
                              "50", &error);
  g_assert_no_error (error);
  model = hyco_model_new (top);
  g_assert_false (hyco_model_run (model, NULL, &error));
  g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_ZENO);
  g_assert_nonnull (strstr (error->message, "Chatter"));
  g_assert_nonnull (strstr (error->message, "50"));
  g_assert_cmpuint (test_log_wrapups (TEST_LOG (log)), ==, 1);
}

/* A real zero-delay loop is reported before the run, naming its actors and ports. */
static void
test_zero_delay_loop (void)
{
  g_autoptr (HycoCompositeActor) top = test_top_new (NULL);
  g_autoptr (HycoModel) model = NULL;
  g_autoptr (GError) error = NULL;
  HycoActor *a = test_pass_new ("A");
  HycoActor *b = test_pass_new ("B");

  test_add (top, a);
  test_add (top, b);
  test_connect (top, a, "output", b, "input");
  test_connect (top, b, "output", a, "input");
  model = hyco_model_new (top);
  g_assert_false (hyco_model_prepare (model, &error));
  g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_CAUSALITY);
  g_assert_nonnull (strstr (error->message, "A.output"));
  g_assert_nonnull (strstr (error->message, "B.input"));
}

/* An opaque DE composite in a feedback loop that is not a causality loop runs: its output
 * `count` does not depend on its input, `echo` does (Ptolemy II rejects this model). */
static void
test_composite_feedback (void)
{
  g_autoptr (HycoCompositeActor) top = test_top_new (NULL);
  HycoCompositeActor *loop = test_composite_new (top, "Loop", TRUE);
  HycoTag tags[] = { test_tag ("1", 1), test_tag ("2", 1) };
  HycoActor *emitter = test_emitter_new ("E", tags, 2);
  HycoActor *inner_pass = test_pass_new ("Inner");
  HycoActor *outer_pass = test_pass_new ("Outer");
  HycoActor *log = test_log_new ("Log");
  HycoPort *in, *count, *echo;
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoModel) model = NULL;

  in = hyco_actor_add_port (HYCO_ACTOR (loop), "in", HYCO_PORT_INPUT, &error);
  count = hyco_actor_add_port (HYCO_ACTOR (loop), "count", HYCO_PORT_OUTPUT, &error);
  echo = hyco_actor_add_port (HYCO_ACTOR (loop), "echo", HYCO_PORT_OUTPUT, &error);
  g_assert_no_error (error);
  test_add (loop, emitter);
  test_add (loop, inner_pass);
  g_assert_true (hyco_composite_actor_connect_ports (loop, hyco_actor_get_port (emitter, "output"),
                                                     count, &error));
  g_assert_true (hyco_composite_actor_connect_ports (
    loop, in, hyco_actor_get_port (inner_pass, "input"), &error));
  g_assert_true (hyco_composite_actor_connect_ports (
    loop, hyco_actor_get_port (inner_pass, "output"), echo, &error));
  g_assert_no_error (error);
  test_add (top, outer_pass);
  test_add (top, log);
  test_connect (top, HYCO_ACTOR (loop), "count", outer_pass, "input");
  test_connect (top, outer_pass, "output", HYCO_ACTOR (loop), "in");
  test_connect (top, HYCO_ACTOR (loop), "echo", log, "input");
  model = test_run_ok (top);
  /* count 0 -> Outer 1 -> Inner 2 at (1, 1); count 1 -> 3 at (2, 1). */
  g_assert_cmpuint (test_log_count (TEST_LOG (log)), ==, 2);
  assert_tag (test_log_tag (TEST_LOG (log), 0), "1", 1);
  g_assert_cmpint (test_log_value (TEST_LOG (log), 0), ==, 2);
  assert_tag (test_log_tag (TEST_LOG (log), 1), "2", 1);
  g_assert_cmpint (test_log_value (TEST_LOG (log), 1), ==, 3);
  g_assert_false (hyco_actor_output_depends_on (HYCO_ACTOR (loop), count, in));
  g_assert_true (hyco_actor_output_depends_on (HYCO_ACTOR (loop), echo, in));
}

/* Transparent composites are looked through; opaque ones nest three deep; inner fire_at
 * requests come back at exactly the requested tag. */
static void
test_nesting (void)
{
  g_autoptr (HycoCompositeActor) top = test_top_new (NULL);
  HycoCompositeActor *level1 = test_composite_new (top, "L1", TRUE);
  HycoCompositeActor *level2 = test_composite_new (level1, "L2", FALSE);
  HycoCompositeActor *level3 = test_composite_new (level2, "L3", TRUE);
  HycoTag tags[] = { test_tag ("0.25", 1), test_tag ("0.25", 4), test_tag ("7", 2) };
  HycoActor *emitter = test_emitter_new ("E", tags, 3);
  HycoActor *log = test_log_new ("Log");
  HycoPort *out1, *out2, *out3;
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoModel) model = NULL;

  out3 = hyco_actor_add_port (HYCO_ACTOR (level3), "out", HYCO_PORT_OUTPUT, &error);
  out2 = hyco_actor_add_port (HYCO_ACTOR (level2), "out", HYCO_PORT_OUTPUT, &error);
  out1 = hyco_actor_add_port (HYCO_ACTOR (level1), "out", HYCO_PORT_OUTPUT, &error);
  g_assert_no_error (error);
  test_add (level3, emitter);
  g_assert_true (hyco_composite_actor_connect_ports (
    level3, hyco_actor_get_port (emitter, "output"), out3, &error));
  g_assert_true (hyco_composite_actor_connect_ports (level2, out3, out2, &error));
  g_assert_true (hyco_composite_actor_connect_ports (level1, out2, out1, &error));
  g_assert_no_error (error);
  test_add (top, log);
  test_connect (top, HYCO_ACTOR (level1), "out", log, "input");
  model = test_run_ok (top);
  g_assert_cmpuint (test_log_count (TEST_LOG (log)), ==, 3);
  for (guint i = 0; i < 3; i++)
    {
      g_assert_cmpint (test_log_tag (TEST_LOG (log), i).time, ==, tags[i].time);
      g_assert_cmpuint (test_log_tag (TEST_LOG (log), i).microstep, ==, tags[i].microstep);
      g_assert_cmpint (test_log_value (TEST_LOG (log), i), ==, i);
    }
}

/* A failing actor fails the run with its own message, and every actor is still wrapped up. */
static void
test_failure_wraps_up (void)
{
  g_autoptr (HycoCompositeActor) top = test_top_new (NULL);
  HycoActor *log = test_log_new ("Log");
  g_autoptr (HycoModel) model = NULL;
  g_autoptr (GError) error = NULL;

  test_add (top, test_failer_new ("Broken"));
  test_add (top, log);
  model = hyco_model_new (top);
  g_assert_false (hyco_model_run (model, NULL, &error));
  g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_FAILED);
  g_assert_cmpstr (error->message, ==, "Broken: deliberate failure");
  g_assert_cmpuint (test_log_wrapups (TEST_LOG (log)), ==, 1);
}

/* A cancelled run stops between tags and still wraps up. */
static void
test_cancel (void)
{
  g_autoptr (HycoCompositeActor) top = test_top_new (NULL);
  HycoActor *log = test_log_new ("Log");
  g_autoptr (HycoModel) model = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();

  test_add (top, test_staller_new ("Forever"));
  test_add (top, log);
  model = hyco_model_new (top);
  g_cancellable_cancel (cancellable);
  g_assert_false (hyco_model_run (model, cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_cmpuint (test_log_wrapups (TEST_LOG (log)), ==, 1);
}

/* A model can run twice and gives the same result. */
static void
test_rerun (void)
{
  g_autoptr (HycoCompositeActor) top = test_top_new (NULL);
  HycoTag tags[] = { test_tag ("1", 1), test_tag ("2", 1) };
  HycoActor *emitter = test_emitter_new ("E", tags, 2);
  HycoActor *log = test_log_new ("Log");
  g_autoptr (HycoModel) model = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;

  test_add (top, emitter);
  test_add (top, log);
  test_connect (top, emitter, "output", log, "input");
  model = test_run_ok (top);
  first = test_log_dump (TEST_LOG (log));
  g_assert_true (hyco_model_run (model, NULL, &error));
  g_assert_no_error (error);
  second = test_log_dump (TEST_LOG (log));
  g_assert_cmpstr (first, ==, second);
}

/* A relation with two sources is a structural error naming both. */
static void
test_two_sources (void)
{
  g_autoptr (HycoCompositeActor) top = test_top_new (NULL);
  HycoActor *a = test_emitter_new ("A", NULL, 0);
  HycoActor *b = test_emitter_new ("B", NULL, 0);
  HycoActor *log = test_log_new ("Log");
  g_autoptr (HycoModel) model = NULL;
  g_autoptr (GError) error = NULL;
  HycoRelation *relation;

  test_add (top, a);
  test_add (top, b);
  test_add (top, log);
  relation = hyco_composite_actor_add_relation (top, "shared", &error);
  hyco_composite_actor_link (top, hyco_actor_get_port (a, "output"), relation, &error);
  hyco_composite_actor_link (top, hyco_actor_get_port (b, "output"), relation, &error);
  hyco_composite_actor_link (top, hyco_actor_get_port (log, "input"), relation, &error);
  g_assert_no_error (error);
  model = hyco_model_new (top);
  g_assert_false (hyco_model_prepare (model, &error));
  g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_STRUCTURE);
  g_assert_nonnull (strstr (error->message, "shared"));
  g_assert_nonnull (strstr (error->message, "A.output"));
  g_assert_nonnull (strstr (error->message, "B.output"));
}

/* A stop time the resolution cannot represent is reported when the model is prepared. */
static void
test_unrepresentable_stop_time (void)
{
  g_autoptr (HycoCompositeActor) top = test_top_new ("0.0000000001");
  g_autoptr (HycoModel) model = hyco_model_new (top);
  g_autoptr (GError) error = NULL;

  g_assert_false (hyco_model_prepare (model, &error));
  g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_PARAMETER);
  g_assert_nonnull (strstr (error->message, "stopTime"));
  g_assert_nonnull (strstr (error->message, "0.0000000001"));
}

/* Runs a model given inline; its Test actors fail the run on any difference. */
static HycoModel *
run_inline (const char *xml)
{
  HycoModel *model = test_load_inline (xml);
  g_autoptr (GError) error = NULL;

  g_assert_true (hyco_model_run (model, NULL, &error));
  g_assert_no_error (error);
  return model;
}

#define CLOCK_TIME_TEST(correct_values, correct_tags)                                          \
  "  <entity name='Clock' class='DiscreteClock'/>"                                             \
  "  <entity name='Time' class='CurrentTime'/>"                                                \
  "  <entity name='Test' class='Test'>"                                                        \
  "    <property name='correctValues' value='" correct_values "'/>"                            \
  "    <property name='correctTags' value='" correct_tags "'/>"                                \
  "  </entity>"                                                                                \
  "  <relation name='c'/><relation name='t'/>"                                                 \
  "  <link port='Clock.output' relation='c'/><link port='Time.trigger' relation='c'/>"         \
  "  <link port='Time.output' relation='t'/><link port='Test.input' relation='t'/>"

/* startTime at the top level: time starts there, and a clock's first event is at it. */
static void
test_start_time (void)
{
  g_autoptr (HycoModel) model = run_inline (
    "<entity name='top' class='CompositeActor'>"
    "  <property name='DE' class='DEDirector'>"
    "    <property name='startTime' value='0.5'/><property name='stopTime' value='2.5'/>"
    "  </property>" CLOCK_TIME_TEST ("{0.5, 1.5, 2.5}", "{(0.5, 1), (1.5, 1), (2.5, 1)}")
    "</entity>");
  HycoTag reached;

  hyco_model_get_current_tag (model, &reached);
  g_assert_cmpint (reached.time, ==, test_tag ("2.5", 1).time);
  g_assert_cmpint (hyco_director_get_start_time (
                     hyco_composite_actor_get_director (hyco_model_get_toplevel (model))),
                   ==, test_tag ("0.5", 0).time);
}

/* A stop time before the start time, and a start time the resolution cannot hold, are the
 * parameters' fault. */
static void
test_start_time_errors (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoModel) model = test_load_inline (
    "<entity name='top' class='CompositeActor'>"
    "  <property name='DE' class='DEDirector'>"
    "    <property name='startTime' value='2'/><property name='stopTime' value='1'/>"
    "  </property>"
    "</entity>");
  g_autoptr (HycoModel) fine = test_load_inline (
    "<entity name='top' class='CompositeActor'>"
    "  <property name='DE' class='DEDirector'><property name='startTime' value='1e-12'/>"
    "  </property>"
    "</entity>");

  g_assert_false (hyco_model_prepare (model, &error));
  g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_PARAMETER);
  test_assert_contains (error->message, "stopTime");
  test_assert_contains (error->message, "before the start time 2");
  g_clear_error (&error);
  g_assert_false (hyco_model_prepare (fine, &error));
  g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_PARAMETER);
  test_assert_contains (error->message, "startTime");
}

/* Inside a composite, as Ptolemy II's DEinDEwithStartTimes: a startTime of 2 starts local time
 * at 2 while the time outside is 0. Inside, the clock and CurrentTime see local time; outside,
 * the events come at the corresponding model times. */
static void
test_start_time_inside (void)
{
  g_autoptr (HycoModel) model = NULL;
  g_autofree char *trace = NULL;
  g_autofree char *contents = NULL;
  const char *tmp = test_private_tmp_begin ("hyco-start-inside");

  trace = g_build_filename (tmp, "trace.csv", NULL);
  model = test_load_inline (
    "<entity name='top' class='CompositeActor'>"
    "  <property name='DE' class='DEDirector'><property name='stopTime' value='5'/></property>"
    "  <entity name='Inner' class='CompositeActor'>"
    "    <property name='DE' class='DEDirector'><property name='startTime' value='2'/></property>"
    "    <port name='out'><property name='output'/></port>"
    "    <entity name='Ramp' class='Ramp'/>"
    "    <relation name='r'/>" CLOCK_TIME_TEST (
      "{2.0, 3.0, 4.0, 5.0, 6.0, 7.0}", "{(2, 1), (3, 1), (4, 1), (5, 1), (6, 1), (7, 1)}")
    "    <link port='Ramp.trigger' relation='c'/><link port='Ramp.output' relation='r'/>"
    "    <link port='out' relation='r'/>"
    "  </entity>"
    "  <entity name='Outside' class='Test'>"
    "    <property name='correctValues' value='{0, 1, 2, 3, 4, 5}'/>"
    "    <property name='correctTags' value='{(0, 1), (1, 1), (2, 1), (3, 1), (4, 1), (5, 1)}'/>"
    "  </entity>"
    "  <relation name='o'/>"
    "  <link port='Inner.out' relation='o'/><link port='Outside.input' relation='o'/>"
    "</entity>");
  g_assert_true (hyco_model_set_trace_file (model, trace, NULL));
  g_assert_true (hyco_model_run (model, NULL, NULL));
  /* The trace is in model time: the local time 2 is the model time 0. */
  g_assert_true (g_file_get_contents (trace, &contents, NULL, NULL));
  test_assert_contains (contents, "Inner.Time.output,0,1,2\n");
  test_assert_contains (contents, "Inner.Time.output,5,1,7\n");
  g_remove (trace);
  test_private_tmp_end ();
}

/* A negative startTime inside: local time runs behind, so a clock's event at local 0.25 (its
 * offset from the start -0.25) is at model time 0.5. */
static void
test_negative_start_time_inside (void)
{
  g_autoptr (HycoModel) model = run_inline (
    "<entity name='top' class='CompositeActor'>"
    "  <property name='DE' class='DEDirector'><property name='stopTime' value='2'/></property>"
    "  <entity name='Inner' class='CompositeActor'>"
    "    <property name='DE' class='DEDirector'>"
    "      <property name='startTime' value='-0.25'/>"
    "    </property>"
    "    <port name='out'><property name='output'/></port>"
    "    <entity name='Clock' class='DiscreteClock'><property name='offset' value='0.5'/>"
    "    </entity>"
    "    <entity name='Time' class='CurrentTime'/>"
    "    <entity name='Test' class='Test'>"
    "      <property name='correctValues' value='{0.25, 1.25}'/>"
    "      <property name='correctTags' value='{(0.25, 1), (1.25, 1)}'/>"
    "    </entity>"
    "    <relation name='c'/><relation name='t'/>"
    "    <link port='Clock.output' relation='c'/><link port='Time.trigger' relation='c'/>"
    "    <link port='Time.output' relation='t'/><link port='Test.input' relation='t'/>"
    "    <link port='out' relation='t'/>"
    "  </entity>"
    "  <entity name='Outside' class='Test'>"
    "    <property name='correctValues' value='{0.25, 1.25}'/>"
    "    <property name='correctTags' value='{(0.5, 1), (1.5, 1)}'/>"
    "  </entity>"
    "  <relation name='o'/>"
    "  <link port='Inner.out' relation='o'/><link port='Outside.input' relation='o'/>"
    "</entity>");

  (void) model;
}

/* stopWhenQueueIsEmpty false: time goes on to the stop time, where the run ends; without a
 * stop time it would wait forever, and is refused. */
static void
test_stop_when_queue_is_empty (void)
{
#define QUEUE_MODEL                                                                          \
  "<entity name='top' class='CompositeActor'>"                                                \
  "  <property name='DE' class='DEDirector'>"                                                 \
  "    <property name='stopTime' value='3'/>"                                                \
  "    <property name='stopWhenQueueIsEmpty' value='%s'/>"                                    \
  "  </property>"                                                                             \
  "  <entity name='Clock' class='DiscreteClock'><property name='period' value='10'/></entity>" \
  "</entity>"
  g_autofree char *stopping = g_strdup_printf (QUEUE_MODEL, "true");
  g_autofree char *going_on = g_strdup_printf (QUEUE_MODEL, "false");
  g_autoptr (HycoModel) a = run_inline (stopping);
  g_autoptr (HycoModel) b = run_inline (going_on);
  g_autoptr (HycoModel) c = test_load_inline (
    "<entity name='top' class='CompositeActor'>"
    "  <property name='DE' class='DEDirector'>"
    "    <property name='stopWhenQueueIsEmpty' value='false'/>"
    "  </property>"
    "</entity>");
  g_autoptr (GError) error = NULL;
  HycoTag reached;

  hyco_model_get_current_tag (a, &reached);
  g_assert_cmpint (reached.time, ==, 0);
  hyco_model_get_current_tag (b, &reached);
  g_assert_cmpint (reached.time, ==, test_tag ("3", 1).time);
  g_assert_cmpuint (reached.microstep, ==, 1);
  g_assert_false (hyco_model_prepare (c, &error));
  g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_PARAMETER);
  test_assert_contains (error->message, "stopWhenQueueIsEmpty");
}

/* synchronizeToRealTime: the run never gets ahead of the wall clock (it may fall behind: only
 * the lower bound is checked). */
static void
test_synchronize_to_real_time (void)
{
  g_autoptr (HycoModel) model = test_load_inline (
    "<entity name='top' class='CompositeActor'>"
    "  <property name='DE' class='DEDirector'>"
    "    <property name='stopTime' value='0.3'/>"
    "    <property name='synchronizeToRealTime' value='true'/>"
    "  </property>"
    "  <entity name='Clock' class='DiscreteClock'><property name='period' value='0.1'/></entity>"
    "</entity>");
  gint64 begin = g_get_monotonic_time ();

  g_assert_true (hyco_model_run (model, NULL, NULL));
  g_assert_cmpint (g_get_monotonic_time () - begin, >=, 300000);
}

/* Ptolemy II's calendar-queue tuning and its MaxDouble stop time are accepted; an unknown
 * director parameter stays an error naming it. */
static void
test_ptolemy_parameters (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoModel) model = test_load_inline (
    "<entity name='top' class='CompositeActor'>"
    "  <property name='DE' class='DEDirector'>"
    "    <property name='startTime' value='0.0'/>"
    "    <property name='stopTime' value='1.7976931348623E308'/>"
    "    <property name='stopWhenQueueIsEmpty' value='true'/>"
    "    <property name='synchronizeToRealTime' value='false'/>"
    "    <property name='isCQAdaptive' value='true'/>"
    "    <property name='minBinCount' value='2'/>"
    "    <property name='binCountFactor' value='2'/>"
    "    <property name='enforceMicrostepSemantics' value='false'/>"
    "  </property>"
    "</entity>");
  HycoModel *bad;

  g_assert_true (hyco_model_prepare (model, &error));
  g_assert_no_error (error);
  g_assert_cmpint (hyco_director_get_stop_time (
                     hyco_composite_actor_get_director (hyco_model_get_toplevel (model))),
                   ==, HYCO_TIME_INFINITY);
  bad = hyco_model_new_from_data ("<entity name='top' class='CompositeActor'>"
                                  "  <property name='DE' class='DEDirector'>"
                                  "    <property name='queueTuning' value='2'/>"
                                  "  </property>"
                                  "</entity>",
                                  -1, "bad.xml", &error);
  g_assert_null (bad);
  g_assert_nonnull (error);
  test_assert_contains (error->message, "queueTuning");
}

/* enforceMicrostepSemantics: a continuous signal (present at microstep 0) into a DE actor is
 * refused, naming the port; without it, it is taken. */
static void
test_enforce_microstep_semantics (void)
{
#define MICROSTEP_MODEL                                                                      \
  "<entity name='top' class='CompositeActor'>"  \
  "  <property name='DE' class='DEDirector'>"  \
  "    <property name='stopTime' value='1'/>"  \
  "    <property name='enforceMicrostepSemantics' value='%s'/>"  \
  "  </property>"  \
  "  <entity name='Plant' class='CompositeActor'>"  \
  "    <property name='CT' class='ContinuousDirector'/>"  \
  "    <port name='out'><property name='output'/></port>"  \
  "    <entity name='Ramp' class='ContinuousRamp'/>"  \
  "    <relation name='r'/>"  \
  "    <link port='Ramp.output' relation='r'/><link port='out' relation='r'/>"  \
  "  </entity>"  \
  "  <entity name='Gain' class='Gain'/>"  \
  "  <relation name='o'/>"  \
  "  <link port='Plant.out' relation='o'/><link port='Gain.input' relation='o'/>"  \
  "</entity>"
  g_autofree char *enforced = g_strdup_printf (MICROSTEP_MODEL, "true");
  g_autofree char *relaxed = g_strdup_printf (MICROSTEP_MODEL, "false");
  g_autoptr (HycoModel) model = test_load_inline (enforced);
  g_autoptr (HycoModel) fine = run_inline (relaxed);
  g_autoptr (GError) error = NULL;

  g_assert_false (hyco_model_run (model, NULL, &error));
  g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_TIME);
  test_assert_contains (error->message, "Gain.input");
  test_assert_contains (error->message, "microstep 0");
}

/* Ptolemy II's localClock: at the top level its rate has no consequence (rate 1 and 0.5 run
 * alike); a rate that is not positive, or a resolution other than the model's, is refused
 * naming the parameter. */
static void
test_local_clock (void)
{
  const char *rates[] = { "1", "0.5", "0" };

  for (guint i = 0; i < G_N_ELEMENTS (rates); i++)
    {
      g_autoptr (HycoModel) model = test_load_inline (
        "<entity name='top' class='CompositeActor'>"
        "  <property name='DE' class='DEDirector'><property name='stopTime' value='2'/>"
        "  </property>" CLOCK_TIME_TEST ("{0.0, 1.0, 2.0}", "{(0, 1), (1, 1), (2, 1)}")
        "</entity>");
      HycoDirector *director = hyco_composite_actor_get_director (hyco_model_get_toplevel (model));
      g_autoptr (HycoLocalClock) clock = hyco_local_clock_new ();
      g_autoptr (GError) error = NULL;

      test_set (clock, "clockRate", rates[i]);
      hyco_director_set_local_clock (director, clock);
      g_assert_true (hyco_director_get_local_clock (director) == clock);
      if (i < 2)
        {
          g_assert_true (hyco_model_run (model, NULL, &error));
          g_assert_no_error (error);
          test_set (clock, "globalTimeResolution", "1e-6");
          g_assert_false (hyco_model_prepare (model, &error));
          g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_PARAMETER);
          test_assert_contains (error->message, "localClock.globalTimeResolution");
          continue;
        }
      g_assert_false (hyco_model_prepare (model, &error));
      g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_PARAMETER);
      test_assert_contains (error->message, "localClock.clockRate");
      test_assert_contains (error->message, "must be positive");
    }
}

/* Inside a composite, a localClock of rate 0.5 makes local time go at half the pace of the
 * time outside: the clock inside, of period 1 in local time, asks to be fired at the model
 * times 0, 2, 4, 6, and CurrentTime inside reads 0, 1, 2, 3 there. The director's parameter
 * is localClock.clockRate, and a saved model keeps it. */
#define DRIFTING_MODEL(rate)                                                                   \
  "<entity name='top' class='CompositeActor'>"                                                 \
  "  <property name='DE' class='DEDirector'><property name='stopTime' value='6'/></property>"  \
  "  <entity name='Inner' class='CompositeActor'>"                                             \
  "    <property name='DE' class='DEDirector'>"                                                \
  "      <property name='localClock' class='ptolemy.actor.LocalClock'>"                        \
  "        <property name='clockRate' value='" rate "'/>"                                      \
  "      </property>"                                                                          \
  "    </property>"                                                                            \
  "    <port name='out'><property name='output'/></port>"                                      \
  "    <relation name='r'/>" CLOCK_TIME_TEST ("{0.0, 1.0, 2.0, 3.0}",                          \
                                              "{(0, 1), (1, 1), (2, 1), (3, 1)}")              \
  "    <link port='out' relation='t'/>"                                                        \
  "  </entity>"                                                                                \
  "  <entity name='Outside' class='Test'>"                                                     \
  "    <property name='correctValues' value='{0.0, 1.0, 2.0, 3.0}'/>"                          \
  "    <property name='correctTags' value='{(0, 1), (2, 1), (4, 1), (6, 1)}'/>"                \
  "  </entity>"                                                                                \
  "  <relation name='o'/>"                                                                     \
  "  <link port='Inner.out' relation='o'/><link port='Outside.input' relation='o'/>"           \
  "</entity>"

static void
test_local_clock_rate_inside (void)
{
  g_autoptr (HycoModel) model = run_inline (DRIFTING_MODEL ("0.5"));
  HycoActor *inner = hyco_composite_actor_get_actor (hyco_model_get_toplevel (model), "Inner");
  HycoDirector *director = hyco_composite_actor_get_director (HYCO_COMPOSITE_ACTOR (inner));
  g_autoptr (HycoModel) fast = test_load_inline (DRIFTING_MODEL ("2"));
  g_autofree char *text = NULL;
  g_autofree char *saved = NULL;
  g_autoptr (HycoModel) reloaded = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_nonnull (hyco_director_get_local_clock (director));
  g_assert_cmpfloat (hyco_local_clock_get_clock_rate (hyco_director_get_local_clock (director)),
                     ==, 0.5);
  text = hyco_parameter_owner_get_text (HYCO_PARAMETER_OWNER (director), "localClock.clockRate");
  g_assert_cmpstr (text, ==, "0.5");
  saved = hyco_model_save_to_data (model);
  test_assert_contains (saved, "\"localClock.clockRate\"");
  reloaded = hyco_model_new_from_data (saved, -1, "saved.xml", &error);
  g_assert_no_error (error);
  g_assert_true (hyco_model_run (reloaded, NULL, &error));
  g_assert_no_error (error);
  /* At rate 2 the same local times come four times as fast: the tests object. */
  g_assert_false (hyco_model_run (fast, NULL, &error));
  g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_TEST_FAILED);
}

/* A composite's PortParameter sets its model parameter from what arrives at its port, before
 * anything inside fires, and a localClock's rate given as that parameter changes with it (as
 * Ptolemy II's PortParameterUpdates): rate 1 from 0, 0.5 from 2, 1 from 4, 0.5 from 6. The
 * local time goes on from where it is when the rate changes. Saved and read back, the model
 * still does so. */
static void
test_local_clock_port_parameter (void)
{
  static const char model_text[] =
    "<entity name='top' class='CompositeActor'>"
    "  <property name='DE' class='DEDirector'><property name='stopTime' value='8'/></property>"
    "  <entity name='Tick' class='DiscreteClock'/>"
    "  <entity name='Rates' class='DiscreteClock'>"
    "    <property name='period' value='4'/><property name='offsets' value='{0.0, 2.0}'/>"
    "    <property name='values' value='%s'/>"
    "  </entity>"
    "  <entity name='Inner' class='CompositeActor'>"
    "    <property name='rate' class='ptolemy.actor.parameters.PortParameter' value='1.0'/>"
    "    <property name='DE' class='DEDirector'>"
    "      <property name='localClock' class='ptolemy.actor.LocalClock'>"
    "        <property name='clockRate' value='rate'/>"
    "      </property>"
    "    </property>"
    "    <port name='rate' class='ptolemy.actor.parameters.ParameterPort'>"
    "      <property name='input'/></port>"
    "    <port name='in'><property name='input'/></port>"
    "    <port name='out'><property name='output'/></port>"
    "    <entity name='Time' class='CurrentTime'/>"
    "    <relation name='i'/><relation name='o'/>"
    "    <link port='in' relation='i'/><link port='Time.trigger' relation='i'/>"
    "    <link port='Time.output' relation='o'/><link port='out' relation='o'/>"
    "  </entity>"
    "  <entity name='Test' class='Test'>"
    "    <property name='correctValues'"
    "      value='{0.0, 1.0, 2.0, 2.5, 3.0, 4.0, 5.0, 5.5, 6.0}'/>"
    "  </entity>"
    "  <relation name='t'/><relation name='r'/><relation name='o'/>"
    "  <link port='Tick.output' relation='t'/><link port='Inner.in' relation='t'/>"
    "  <link port='Rates.output' relation='r'/><link port='Inner.rate' relation='r'/>"
    "  <link port='Inner.out' relation='o'/><link port='Test.input' relation='o'/>"
    "</entity>";
  g_autofree char *rates = g_strdup_printf (model_text, "{1.0, 0.5}");
  g_autofree char *stopping = g_strdup_printf (model_text, "{1.0, 0.0}");
  g_autoptr (HycoModel) model = run_inline (rates);
  g_autoptr (HycoModel) stopped = test_load_inline (stopping);
  HycoActor *inner = hyco_composite_actor_get_actor (hyco_model_get_toplevel (model), "Inner");
  g_autofree char *saved = hyco_model_save_to_data (model);
  g_autoptr (HycoModel) reloaded = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_true (hyco_composite_actor_has_parameter_port (HYCO_COMPOSITE_ACTOR (inner), "rate"));
  /* Each run starts from the model as written. */
  g_assert_cmpstr (hyco_composite_actor_get_parameter_text (HYCO_COMPOSITE_ACTOR (inner), "rate"),
                   ==, "1.0");
  test_assert_contains (saved, "ptolemy.actor.parameters.PortParameter");
  test_assert_contains (saved, "ptolemy.actor.parameters.ParameterPort");
  reloaded = hyco_model_new_from_data (saved, -1, "saved.xml", &error);
  g_assert_no_error (error);
  g_assert_true (hyco_model_run (reloaded, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (hyco_model_run (model, NULL, &error));
  g_assert_no_error (error);
  /* A rate of 0 arriving is refused where it arrives, at 2 s. */
  g_assert_false (hyco_model_run (stopped, NULL, &error));
  g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_PARAMETER);
  test_assert_contains (error->message, "localClock.clockRate");
  test_assert_contains (error->message, "must be positive");
}

/* Where local time is the container's (a continuous director's, and a modal model's), a rate
 * other than 1 is refused, naming the parameter. */
static void
test_local_clock_rate_refused (void)
{
  g_autoptr (HycoModel) model = test_load_inline (
    "<entity name='top' class='CompositeActor'>"
    "  <property name='DE' class='DEDirector'><property name='stopTime' value='1'/></property>"
    "  <entity name='Inner' class='CompositeActor'>"
    "    <property name='CT' class='ContinuousDirector'>"
    "      <property name='localClock' class='ptolemy.actor.LocalClock'>"
    "        <property name='clockRate' value='0.5'/>"
    "      </property>"
    "    </property>"
    "  </entity>"
    "</entity>");
  g_autoptr (GError) error = NULL;

  g_assert_false (hyco_model_prepare (model, &error));
  g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_PARAMETER);
  test_assert_contains (error->message, "localClock.clockRate");
  test_assert_contains (error->message, "0.5: a local time drifting");
}

/* MostRecent (Ptolemy II's, which its older ptolemy.domains.de.lib.Sampler is read as): at a
 * trigger, each output channel gets the most recent event of its input channel, at the
 * trigger's tag or before it, else initialValue. */
static void
test_most_recent (void)
{
  g_autoptr (HycoModel) model = run_inline (
    "<entity name='top' class='CompositeActor'>"
    "  <property name='DE' class='DEDirector'><property name='stopTime' value='6'/></property>"
    "  <entity name='A' class='DiscreteClock'><property name='period' value='2'/></entity>"
    "  <entity name='B' class='DiscreteClock'><property name='period' value='3'/></entity>"
    "  <entity name='Ramp' class='Ramp'/>"
    "  <entity name='Recent' class='ptolemy.domains.de.lib.Sampler'>"
    "    <property name='initialValue' value='-1'/>"
    "  </entity>"
    "  <entity name='Test0' class='Test'>"
    "    <property name='correctValues' value='{0, 1, 3}'/>"
    "    <property name='correctTags' value='{(0, 1), (3, 1), (6, 1)}'/>"
    "  </entity>"
    "  <entity name='Test1' class='Test'>"
    "    <property name='correctValues' value='{-1, -1, -1}'/>"
    "    <property name='correctTags' value='{(0, 1), (3, 1), (6, 1)}'/>"
    "  </entity>"
    "  <relation name='a'/><relation name='b'/><relation name='r'/><relation name='none'/>"
    "  <relation name='o0'/><relation name='o1'/>"
    "  <link port='A.output' relation='a'/><link port='Ramp.trigger' relation='a'/>"
    "  <link port='Ramp.output' relation='r'/><link port='Recent.input' relation='r'/>"
    "  <link port='Recent.input' relation='none'/>"
    "  <link port='B.output' relation='b'/><link port='Recent.trigger' relation='b'/>"
    "  <link port='Recent.output' relation='o0'/><link port='Test0.input' relation='o0'/>"
    "  <link port='Recent.output' relation='o1'/><link port='Test1.input' relation='o1'/>"
    "</entity>");
  HycoActor *recent = hyco_composite_actor_get_actor (hyco_model_get_toplevel (model), "Recent");

  g_assert_true (HYCO_IS_MOST_RECENT (recent));
}

/* A pending request of a director with a startTime inside is reported in the time of its
 * container (what a modal model resuming the composite asks for again). */
static void
test_start_time_pending_request (void)
{
  g_autoptr (HycoModel) model = run_inline (
    "<entity name='top' class='CompositeActor'>"
    "  <property name='DE' class='DEDirector'><property name='stopTime' value='0.5'/></property>"
    "  <entity name='Inner' class='CompositeActor'>"
    "    <property name='DE' class='DEDirector'><property name='startTime' value='2'/></property>"
    "    <entity name='Clock' class='DiscreteClock'/>"
    "  </entity>"
    "</entity>");
  HycoActor *inner = hyco_composite_actor_get_actor (hyco_model_get_toplevel (model), "Inner");
  HycoDirector *director = hyco_composite_actor_get_director (HYCO_COMPOSITE_ACTOR (inner));
  HycoTag tag;

  g_assert_cmpuint (hyco_director_get_n_pending_requests (director), ==, 1);
  g_assert_true (hyco_director_get_pending_request (director, 0, &tag));
  g_assert_cmpint (tag.time, ==, test_tag ("1", 1).time);
  g_assert_cmpuint (tag.microstep, ==, 1);
}

/* A DE tag visits only the actors with something to do (a pure event, an input present); the
 * rest must read as having done nothing. Idle chains of Gains that nothing triggers surround
 * every case, and record nothing. */
#define IDLE_CHAIN                                                                              \
  "  <entity name='Idle0' class='Gain'/><entity name='Idle1' class='Gain'/>"                    \
  "  <entity name='Idle2' class='Gain'/><entity name='IdleLog' class='Recorder'/>"              \
  "  <relation name='i0'/><relation name='i1'/><relation name='i2'/>"                           \
  "  <link port='Idle0.output' relation='i0'/><link port='Idle1.input' relation='i0'/>"        \
  "  <link port='Idle1.output' relation='i1'/><link port='Idle2.input' relation='i1'/>"        \
  "  <link port='Idle2.output' relation='i2'/><link port='IdleLog.input' relation='i2'/>"

static void
assert_idle (HycoModel *model)
{
  HycoActor *log = hyco_composite_actor_get_actor (hyco_model_get_toplevel (model), "IdleLog");

  g_assert_cmpuint (hyco_recorder_get_count (HYCO_RECORDER (log)), ==, 0);
}

/* An actor triggered by its own fire_at alone (no input) fires at exactly those tags, and what
 * it triggers fires with it. */
static void
test_worklist_fire_at_only (void)
{
  g_autoptr (HycoModel) model = run_inline (
    "<entity name='top' class='CompositeActor'>"
    "  <property name='DE' class='DEDirector'/>"
    IDLE_CHAIN
    "  <entity name='E' class='SingleEvent'>"
    "    <property name='time' value='1.5'/><property name='value' value='5'/>"
    "  </entity>"
    "  <entity name='G' class='Gain'><property name='factor' value='2'/></entity>"
    "  <entity name='Test' class='Test'>"
    "    <property name='correctValues' value='{10}'/>"
    "    <property name='correctTags' value='{(1.5, 1)}'/>"
    "  </entity>"
    "  <relation name='e'/><relation name='g'/>"
    "  <link port='E.output' relation='e'/><link port='G.input' relation='e'/>"
    "  <link port='G.output' relation='g'/><link port='Test.input' relation='g'/>"
    "</entity>");

  g_assert_cmpuint (hyco_model_get_firing_count (model), ==, 3);
  assert_idle (model);
}

/* Actors triggered at microsteps after the first, by pure events (the microstep delays) and by
 * an input (the Gain), fire there and only there. */
static void
test_worklist_later_microstep (void)
{
  g_autoptr (HycoModel) model = run_inline (
    "<entity name='top' class='CompositeActor'>"
    "  <property name='DE' class='DEDirector'/>"
    IDLE_CHAIN
    "  <entity name='E' class='SingleEvent'>"
    "    <property name='time' value='1'/><property name='value' value='5'/>"
    "  </entity>"
    "  <entity name='D1' class='MicrostepDelay'/><entity name='D2' class='MicrostepDelay'/>"
    "  <entity name='G' class='Gain'><property name='factor' value='3'/></entity>"
    "  <entity name='Test' class='Test'>"
    "    <property name='correctValues' value='{15}'/>"
    "    <property name='correctTags' value='{(1, 3)}'/>"
    "  </entity>"
    "  <relation name='e'/><relation name='d1'/><relation name='d2'/><relation name='g'/>"
    "  <link port='E.output' relation='e'/><link port='D1.input' relation='e'/>"
    "  <link port='D1.output' relation='d1'/><link port='D2.input' relation='d1'/>"
    "  <link port='D2.output' relation='d2'/><link port='G.input' relation='d2'/>"
    "  <link port='G.output' relation='g'/><link port='Test.input' relation='g'/>"
    "</entity>");

  assert_idle (model);
}

/* An opaque composite whose inside asked for a firing (no input present outside) is fired at
 * that tag, and its output triggers what reads it outside. */
static void
test_worklist_composite_fire_at (void)
{
  g_autoptr (HycoModel) model = run_inline (
    "<entity name='top' class='CompositeActor'>"
    "  <property name='DE' class='DEDirector'/>"
    IDLE_CHAIN
    "  <entity name='Inner' class='CompositeActor'>"
    "    <property name='DE' class='DEDirector'/>"
    "    <port name='out'><property name='output'/></port>"
    "    <entity name='E' class='SingleEvent'>"
    "      <property name='time' value='2'/><property name='value' value='3'/>"
    "    </entity>"
    "    <relation name='e'/>"
    "    <link port='E.output' relation='e'/><link port='out' relation='e'/>"
    "  </entity>"
    "  <entity name='G' class='Gain'><property name='factor' value='2'/></entity>"
    "  <entity name='Test' class='Test'>"
    "    <property name='correctValues' value='{6}'/>"
    "    <property name='correctTags' value='{(2, 1)}'/>"
    "  </entity>"
    "  <relation name='o'/><relation name='g'/>"
    "  <link port='Inner.out' relation='o'/><link port='G.input' relation='o'/>"
    "  <link port='G.output' relation='g'/><link port='Test.input' relation='g'/>"
    "</entity>");

  assert_idle (model);
}

/* An input present at one tag and written by nothing at the next reads as absent there: the
 * sum at 2 s is 7, not 5 + 7. */
static void
test_worklist_stale_input_absent (void)
{
  g_autoptr (HycoModel) model = run_inline (
    "<entity name='top' class='CompositeActor'>"
    "  <property name='DE' class='DEDirector'/>"
    IDLE_CHAIN
    "  <entity name='A' class='SingleEvent'>"
    "    <property name='time' value='1'/><property name='value' value='5'/>"
    "  </entity>"
    "  <entity name='B' class='SingleEvent'>"
    "    <property name='time' value='2'/><property name='value' value='7'/>"
    "  </entity>"
    "  <entity name='Sum' class='AddSubtract'/>"
    "  <entity name='Test' class='Test'>"
    "    <property name='correctValues' value='{5, 7}'/>"
    "    <property name='correctTags' value='{(1, 1), (2, 1)}'/>"
    "  </entity>"
    "  <relation name='a'/><relation name='b'/><relation name='s'/>"
    "  <link port='A.output' relation='a'/><link port='Sum.plus' relation='a'/>"
    "  <link port='B.output' relation='b'/><link port='Sum.plus' relation='b'/>"
    "  <link port='Sum.output' relation='s'/><link port='Test.input' relation='s'/>"
    "</entity>");

  assert_idle (model);
}

/* A non-strict actor fired at an early depth (an opaque composite, one of whose outputs does not
 * depend on its input, fired by its inside's fire_at) reads its input, produced later in the
 * tag, as unknown there, not as absent: fired again once the input is present, it passes it on
 * rather than contradicting an absent output. */
static void
test_worklist_non_strict_read_ahead (void)
{
  g_autoptr (HycoModel) model = run_inline (
    "<entity name='top' class='CompositeActor'>"
    "  <property name='DE' class='DEDirector'><property name='stopTime' value='2'/></property>"
    IDLE_CHAIN
    "  <entity name='Clock' class='DiscreteClock'><property name='period' value='1'/></entity>"
    "  <entity name='Ramp' class='Ramp'/>"
    "  <entity name='Inner' class='CompositeActor'>"
    "    <property name='DE' class='DEDirector'/>"
    "    <port name='in'><property name='input'/></port>"
    "    <port name='own'><property name='output'/></port>"
    "    <port name='passed'><property name='output'/></port>"
    "    <entity name='Tick' class='DiscreteClock'>"
    "      <property name='period' value='1'/><property name='value' value='9'/>"
    "    </entity>"
    "    <entity name='G' class='Gain'><property name='factor' value='10'/></entity>"
    "    <relation name='t'/><relation name='i'/><relation name='g'/>"
    "    <link port='Tick.output' relation='t'/><link port='own' relation='t'/>"
    "    <link port='in' relation='i'/><link port='G.input' relation='i'/>"
    "    <link port='G.output' relation='g'/><link port='passed' relation='g'/>"
    "  </entity>"
    "  <entity name='TestOwn' class='Test'>"
    "    <property name='correctValues' value='{9, 9, 9}'/>"
    "    <property name='correctTags' value='{(0, 1), (1, 1), (2, 1)}'/>"
    "  </entity>"
    "  <entity name='TestPassed' class='Test'>"
    "    <property name='correctValues' value='{0, 10, 20}'/>"
    "    <property name='correctTags' value='{(0, 1), (1, 1), (2, 1)}'/>"
    "  </entity>"
    "  <relation name='c'/><relation name='r'/><relation name='o'/><relation name='p'/>"
    "  <link port='Clock.output' relation='c'/><link port='Ramp.trigger' relation='c'/>"
    "  <link port='Ramp.output' relation='r'/><link port='Inner.in' relation='r'/>"
    "  <link port='Inner.own' relation='o'/><link port='TestOwn.input' relation='o'/>"
    "  <link port='Inner.passed' relation='p'/><link port='TestPassed.input' relation='p'/>"
    "</entity>");

  assert_idle (model);
}

/* Built-in actors reached inline (Gain, AddSubtract), on a fan-out and a merge: a chain link
 * visited without the worklist's heap (B after A has two successors, so the heap is used too),
 * exact values through the double and the general product, and the events counted with and
 * without a trace. */
static void
run_diamond (const char *trace)
{
  g_autoptr (HycoCompositeActor) top = test_top_new ("2");
  HycoActor *clock = test_add_new (top, "DiscreteClock", "Clock");
  HycoActor *a = test_add_new (top, "Gain", "A");
  HycoActor *b = test_add_new (top, "Gain", "B");
  HycoActor *add = test_add_new (top, "AddSubtract", "Add");
  HycoActor *sum = test_log_new ("Sum");
  HycoActor *tail = test_log_new ("Tail");
  g_autoptr (HycoModel) model = NULL;
  g_autoptr (GError) error = NULL;

  test_set (clock, "period", "1");
  test_set (a, "factor", "2.0");
  test_set (b, "factor", "3.0");
  test_add (top, sum);
  test_add (top, tail);
  test_connect (top, clock, "output", a, "input");
  test_connect (top, a, "output", b, "input");
  test_connect (top, a, "output", add, "plus");
  test_connect (top, b, "output", add, "plus");
  test_connect (top, add, "output", sum, "input");
  test_connect (top, b, "output", tail, "input");
  model = hyco_model_new (top);
  if (trace != NULL)
    g_assert_true (hyco_model_set_trace_file (model, trace, &error));
  g_assert_no_error (error);
  hyco_model_run (model, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (test_log_count (TEST_LOG (sum)), ==, 3);
  g_assert_cmpuint (test_log_count (TEST_LOG (tail)), ==, 3);
  for (guint i = 0; i < 3; i++)
    {
      g_assert_cmpint (test_log_value (TEST_LOG (sum), i), ==, 8); /* 2·1 + 3·2·1 */
      g_assert_cmpint (test_log_value (TEST_LOG (tail), i), ==, 6);
      assert_tag (test_log_tag (TEST_LOG (sum), i), i == 0 ? "0" : i == 1 ? "1" : "2", 1);
    }
  /* Clock, A, B, Add, Sum and Tail at each of the 3 ticks; present outputs: Clock, A, B, Add. */
  g_assert_cmpuint (hyco_model_get_firing_count (model), ==, 18);
  g_assert_cmpuint (hyco_model_get_event_count (model), ==, 12);
}

static void
test_worklist_builtin_diamond (void)
{
  g_autofree char *trace = g_build_filename (test_private_tmp_begin ("hyco-diamond"), "trace.csv",
                                             NULL);

  run_diamond (NULL);
  run_diamond (trace);
  g_assert_true (g_file_test (trace, G_FILE_TEST_EXISTS));
  g_remove (trace);
  test_private_tmp_end ();
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  hyco_init ();
  g_test_add_func ("/de/ordering", test_ordering);
  g_test_add_func ("/de/simultaneity", test_simultaneity);
  g_test_add_func ("/de/chain", test_chain);
  g_test_add_func ("/de/lone-actor-tags", test_lone_actor_tags);
  g_test_add_func ("/de/stop-time", test_stop_time);
  g_test_add_func ("/de/determinism", test_determinism);
  g_test_add_func ("/de/fire-at", test_fire_at);
  g_test_add_func ("/de/zeno", test_zeno);
  g_test_add_func ("/de/zero-delay-loop", test_zero_delay_loop);
  g_test_add_func ("/de/composite-feedback", test_composite_feedback);
  g_test_add_func ("/de/nesting", test_nesting);
  g_test_add_func ("/de/failure-wraps-up", test_failure_wraps_up);
  g_test_add_func ("/de/cancel", test_cancel);
  g_test_add_func ("/de/rerun", test_rerun);
  g_test_add_func ("/de/two-sources", test_two_sources);
  g_test_add_func ("/de/unrepresentable-stop-time", test_unrepresentable_stop_time);
  g_test_add_func ("/de/start-time", test_start_time);
  g_test_add_func ("/de/start-time-errors", test_start_time_errors);
  g_test_add_func ("/de/start-time-inside", test_start_time_inside);
  g_test_add_func ("/de/negative-start-time-inside", test_negative_start_time_inside);
  g_test_add_func ("/de/stop-when-queue-is-empty", test_stop_when_queue_is_empty);
  g_test_add_func ("/de/synchronize-to-real-time", test_synchronize_to_real_time);
  g_test_add_func ("/de/ptolemy-parameters", test_ptolemy_parameters);
  g_test_add_func ("/de/enforce-microstep-semantics", test_enforce_microstep_semantics);
  g_test_add_func ("/de/local-clock", test_local_clock);
  g_test_add_func ("/de/local-clock-rate-inside", test_local_clock_rate_inside);
  g_test_add_func ("/de/local-clock-port-parameter", test_local_clock_port_parameter);
  g_test_add_func ("/de/local-clock-rate-refused", test_local_clock_rate_refused);
  g_test_add_func ("/de/most-recent", test_most_recent);
  g_test_add_func ("/de/start-time-pending-request", test_start_time_pending_request);
  g_test_add_func ("/de/worklist/fire-at-only", test_worklist_fire_at_only);
  g_test_add_func ("/de/worklist/later-microstep", test_worklist_later_microstep);
  g_test_add_func ("/de/worklist/composite-fire-at", test_worklist_composite_fire_at);
  g_test_add_func ("/de/worklist/stale-input-absent", test_worklist_stale_input_absent);
  g_test_add_func ("/de/worklist/non-strict-read-ahead", test_worklist_non_strict_read_ahead);
  g_test_add_func ("/de/worklist/builtin-diamond", test_worklist_builtin_diamond);
  return g_test_run ();
}
