/* test-fmu-parallel.c: FMUs stepped in parallel (the DE director's `parallel`): a run with it
 * gives the trace, the error and the messages of the serial run, byte for byte, with FMUs that
 * are independent, that feed each other (with and without direct feedthrough), isolated in
 * processes, failing, or logging at every step; and the director did advance them (a count
 * kept by the director). The FMUs are the project's test FMUs (tests/fmus/README.md), found
 * through HYCO_FMU_PATH.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-director-private.h"
#include "test-support.h"

#include <glib/gstdio.h>
#include <string.h>

#define SOURCE "fmu-parallel.xml"

/* What a run gave. */
typedef struct
{
  gboolean ok;
  char *error;         /* its message, when it failed */
  char *trace;         /* the trace file's text */
  GPtrArray *messages; /* what it logged in domain "Hyco": "LEVEL MESSAGE" */
  guint64 advanced;    /* the actors the director advanced in parallel */
} Run;

static void
run_clear (Run *run)
{
  g_free (run->error);
  g_free (run->trace);
  g_clear_pointer (&run->messages, g_ptr_array_unref);
}

static GPtrArray *logged;
static GThread *main_thread;

/* Every message is logged in the director's thread (here the test's), where a serial run logs
 * it: one logged by a worker thread would be marked. */
static void
record_message (const char *domain, GLogLevelFlags level, const char *message, gpointer data)
{
  g_ptr_array_add (logged, g_strdup_printf ("%s%d %s", g_thread_self () == main_thread ? "" : "worker: ",
                                            level & G_LOG_LEVEL_MASK, message));
}

/* The FMUs' messages (warnings among them) are what the tests look at, not a reason to abort. */
static gboolean
fmu_messages_not_fatal (const char *domain, GLogLevelFlags level, const char *message,
                        gpointer data)
{
  return !(g_strcmp0 (domain, "Hyco") == 0 && strstr (message, ": logStatus") != NULL);
}

/* Runs @body under a DE director with @stop_time, with `parallel` as given, into @run. */
static void
run_model (const char *body, const char *stop_time, gboolean parallel, Run *run)
{
  g_autofree char *text
    = g_strdup_printf ("<?xml version=\"1.0\"?>\n"
                       "<entity name=\"m\" class=\"TypedCompositeActor\">\n"
                       "  <property name=\"Director\" class=\"DEDirector\">\n"
                       "    <property name=\"stopTime\" value=\"%s\"/>\n"
                       "    <property name=\"parallel\" value=\"%s\"/>\n"
                       "  </property>\n"
                       "%s"
                       "</entity>\n",
                       stop_time, parallel ? "true" : "false", body);
  g_autofree char *path = g_build_filename (g_get_tmp_dir (), "trace.csv", NULL);
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoModel) model = hyco_model_new_from_data (text, -1, SOURCE, &error);
  HycoDirector *director;
  guint handler;

  g_assert_no_error (error);
  g_assert_true (hyco_model_set_trace_file (model, path, &error));
  g_assert_no_error (error);
  memset (run, 0, sizeof *run);
  logged = run->messages = g_ptr_array_new_with_free_func (g_free);
  handler = g_log_set_handler ("Hyco", G_LOG_LEVEL_MESSAGE | G_LOG_LEVEL_INFO | G_LOG_LEVEL_WARNING,
                               record_message, NULL);
  run->ok = hyco_model_run (model, NULL, &error);
  g_log_remove_handler ("Hyco", handler);
  logged = NULL;
  run->error = error ? g_strdup (error->message) : NULL;
  g_assert_true (run->ok == (error == NULL));
  g_clear_error (&error);
  g_assert_true (g_file_get_contents (path, &run->trace, NULL, &error));
  g_assert_no_error (error);
  g_unlink (path);
  director = hyco_composite_actor_get_director (hyco_model_get_toplevel (model));
  run->advanced = _hyco_director_get_private (director)->advanced;
}

/* Runs @body serially and in parallel: the same trace, error and messages; returns the
 * parallel run in @parallel, after checking that it advanced @advanced actors. */
static void
run_both (const char *body, const char *stop_time, guint64 advanced, Run *parallel)
{
  Run serial;

  run_model (body, stop_time, FALSE, &serial);
  run_model (body, stop_time, TRUE, parallel);
  g_assert_cmpuint (serial.advanced, ==, 0);
  g_assert_cmpuint (parallel->advanced, ==, advanced);
  g_assert_true (serial.ok == parallel->ok);
  g_assert_cmpstr (serial.error, ==, parallel->error);
  g_assert_cmpstr (serial.trace, ==, parallel->trace);
  g_assert_cmpuint (serial.messages->len, ==, parallel->messages->len);
  for (guint i = 0; i < serial.messages->len; i++)
    g_assert_cmpstr (serial.messages->pdata[i], ==, parallel->messages->pdata[i]);
  run_clear (&serial);
}

static guint
count_lines (const char *text)
{
  guint n = 0;

  for (const char *p = text; (p = strchr (p, '\n')) != NULL; p++)
    n++;
  return n;
}

/* The lines of a trace for the signals whose names start with @prefix. */
static char *
lines_of (const char *trace, const char *prefix)
{
  g_auto (GStrv) lines = g_strsplit (trace, "\n", -1);
  GString *kept = g_string_new (NULL);

  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], prefix))
      g_string_append_printf (kept, "%s\n", lines[i]);
  return g_string_free (kept, FALSE);
}

/* The value of @signal at (@time, 0) in a trace, as written. */
static char *
value_at (const char *trace, const char *signal, const char *time)
{
  g_autofree char *key = g_strdup_printf ("%s,%s,0,", signal, time);
  g_auto (GStrv) lines = g_strsplit (trace, "\n", -1);

  for (guint i = 0; lines[i] != NULL; i++)
    if (g_str_has_prefix (lines[i], key))
      return g_strdup (lines[i] + strlen (key));
  g_error ("no %s at %s in the trace", signal, time);
  return NULL;
}

static char *
vanderpol (const char *name, const char *mu, const char *extra)
{
  return g_strdup_printf ("  <entity name=\"%s\" class=\"FMUImport\">\n"
                          "    <property name=\"fmuFile\" value=\"vanderpol.fmu\"/>\n"
                          "    <property name=\"communicationStepSize\" value=\"0.1\"/>\n"
                          "    <property name=\"substep\" value=\"1e-4\"/>\n"
                          "    <property name=\"mu\" value=\"%s\"/>\n"
                          "%s"
                          "  </entity>\n",
                          name, mu, extra);
}

/* Two and three Van der Pol FMUs, nothing connected: 21 tags (0 to 2 s by 0.1 s) at which all
 * fire for their communication step. Each one's values are those it has alone. */
static void
test_independent (void)
{
  g_autofree char *a = vanderpol ("A", "1", "");
  g_autofree char *b = vanderpol ("B", "2", "");
  g_autofree char *c = vanderpol ("C", "0.5", "");
  g_autofree char *two = g_strconcat (a, b, NULL);
  g_autofree char *three = g_strconcat (a, b, c, NULL);
  g_autofree char *alone_a = NULL, *parallel_a = NULL, *alone_c = NULL, *parallel_c = NULL;
  Run run, alone;

  run_both (two, "2", 2 * 21, &run);
  g_assert_true (run.ok);
  /* x1 and x2 of two FMUs at 21 tags. */
  g_assert_true (g_str_has_prefix (run.trace, "signal,time,microstep,value\n"));
  g_assert_cmpuint (count_lines (run.trace), ==, 1 + 4 * 21);
  run_model (a, "2", FALSE, &alone);
  alone_a = lines_of (alone.trace, "A.");
  parallel_a = lines_of (run.trace, "A.");
  g_assert_cmpstr (alone_a, ==, parallel_a);
  g_assert_true (g_str_has_prefix (alone_a, "A.x1,0,0,2\n"));
  run_clear (&alone);
  run_clear (&run);

  run_both (three, "2", 3 * 21, &run);
  g_assert_true (run.ok);
  run_model (c, "2", FALSE, &alone);
  alone_c = lines_of (alone.trace, "C.");
  parallel_c = lines_of (run.trace, "C.");
  g_assert_cmpstr (alone_c, ==, parallel_c);
  run_clear (&alone);
  run_clear (&run);
}

/* FMUs that feed each other: A's x1 into a passthrough (its output the input of its last step,
 * so one communication step late), B's x2 into a gain with direct feedthrough (its output at
 * the same tag). Their steps start from the last commit and are taken in parallel; the values
 * they exchange at a tag still follow the schedule. */
static void
test_dependent (void)
{
  g_autofree char *a = vanderpol ("A", "1", "");
  g_autofree char *b = vanderpol ("B", "2", "");
  g_autofree char *body = g_strconcat (
    a, b,
    "  <entity name=\"P\" class=\"FMUImport\">\n"
    "    <property name=\"fmuFile\" value=\"passthrough.fmu\"/>\n"
    "    <property name=\"communicationStepSize\" value=\"0.1\"/>\n"
    "  </entity>\n"
    "  <entity name=\"G\" class=\"FMUImport\">\n"
    "    <property name=\"fmuFile\" value=\"gain.fmu\"/>\n"
    "    <property name=\"communicationStepSize\" value=\"0.1\"/>\n"
    "    <property name=\"directFeedthrough\" value=\"true\"/>\n"
    "    <property name=\"k\" value=\"2\"/>\n"
    "  </entity>\n"
    "  <relation name=\"a\" class=\"TypedIORelation\"/>\n"
    "  <relation name=\"b\" class=\"TypedIORelation\"/>\n"
    "  <link port=\"A.x1\" relation=\"a\"/>\n"
    "  <link port=\"P.u\" relation=\"a\"/>\n"
    "  <link port=\"B.x2\" relation=\"b\"/>\n"
    "  <link port=\"G.u\" relation=\"b\"/>\n",
    NULL);
  Run run;

  run_both (body, "2", 4 * 21, &run);
  g_assert_true (run.ok);
  for (int k = 1; k <= 20; k++)
    {
      g_autofree char *before = g_strdup_printf ("%g", (k - 1) / 10.0);
      g_autofree char *now = g_strdup_printf ("%g", k / 10.0);
      g_autofree char *x1 = value_at (run.trace, "A.x1", before);
      g_autofree char *delayed = value_at (run.trace, "P.y", now);
      g_autofree char *x2 = value_at (run.trace, "B.x2", now);
      g_autofree char *doubled = value_at (run.trace, "G.y", now);
      g_assert_cmpstr (x1, ==, delayed);
      g_assert_cmpfloat (2 * g_ascii_strtod (x2, NULL), ==, g_ascii_strtod (doubled, NULL));
    }
  run_clear (&run);
}

/* FMI 3.0 FMUs (vanderpol3, the same equations through fmi3DoStep) step in parallel too. */
static void
test_fmi3 (void)
{
  g_autofree char *a = vanderpol ("A", "1", "");
  g_autofree char *b = vanderpol ("B", "2", "");
  g_autoptr (GString) body = g_string_new (a);
  g_autofree char *fmi2_a = NULL, *fmi3_a = NULL;
  Run run, fmi2;

  g_string_append (body, b);
  g_string_replace (body, "vanderpol.fmu", "vanderpol3.fmu", 0);
  run_both (body->str, "2", 2 * 21, &run);
  g_assert_true (run.ok);
  /* The same values as the FMI 2.0 FMU's. */
  run_model (a, "2", FALSE, &fmi2);
  fmi2_a = lines_of (fmi2.trace, "A.");
  fmi3_a = lines_of (run.trace, "A.");
  g_assert_cmpstr (fmi2_a, ==, fmi3_a);
  run_clear (&fmi2);
  run_clear (&run);
}

/* Isolated in host processes, the FMUs step in parallel there. */
static void
test_isolated (void)
{
  const char *isolated = "    <property name=\"isolation\" value=\"process\"/>\n";
  g_autofree char *a = vanderpol ("A", "1", isolated);
  g_autofree char *b = vanderpol ("B", "2", isolated);
  g_autofree char *body = g_strconcat (a, b, NULL);
  Run run;

  run_both (body, "1", 2 * 11, &run);
  g_assert_true (run.ok);
  run_clear (&run);
}

static char *
faulty (const char *name, int fail_at, const char *fail_at_time)
{
  return g_strdup_printf ("  <entity name=\"%s\" class=\"FMUImport\">\n"
                          "    <property name=\"fmuFile\" value=\"faulty.fmu\"/>\n"
                          "    <property name=\"failAt\" value=\"%d\"/>\n"
                          "    <property name=\"failAtTime\" value=\"%s\"/>\n"
                          "    <property name=\"communicationStepSize\" value=\"0.1\"/>\n"
                          "  </entity>\n",
                          name, fail_at, fail_at_time);
}

/* A step that fails in a worker thread fails the run at the FMU's firing, with the serial
 * run's error and messages, whether it comes before or after the FMUs stepped with it. The
 * failing step is the one from 0.5 s: the run fails at the tag 0.6 s, the 7th. */
static void
test_error (void)
{
  g_autofree char *a = vanderpol ("A", "1", "");
  g_autofree char *b = vanderpol ("B", "2", "");
  g_autofree char *f = faulty ("F", 1, "0.5");
  g_autofree char *first = g_strconcat (f, a, b, NULL);
  g_autofree char *middle = g_strconcat (a, f, b, NULL);
  g_autofree char *last = g_strconcat (a, b, f, NULL);
  const char *bodies[] = { first, middle, last };

  for (guint i = 0; i < G_N_ELEMENTS (bodies); i++)
    {
      Run run;

      run_both (bodies[i], "2", 3 * 7, &run);
      g_assert_false (run.ok);
      g_assert_cmpstr (run.error, ==,
                       "F: FMU faulty (F): fmi2DoStep returned fmi2Error: doStep fails on "
                       "purpose at 0.5 (failAt=1)");
      g_assert_cmpuint (run.messages->len, ==, 1);
      /* An error's message is logged at the info level: the run's error says it. */
      g_assert_cmpint (G_LOG_LEVEL_INFO, ==, 64);
      g_assert_cmpstr (run.messages->pdata[0], ==,
                       "64 F: logStatusError: doStep fails on purpose at 0.5 (failAt=1)");
      run_clear (&run);
    }
}

/* FMUs that log a warning at every step, stepped in parallel: the warnings come in the serial
 * run's order, each FMU's at its firing. F3, fired by F1's output (it has no communication step
 * of its own), steps at its firing, between F1's and F2's (F2 reads F3's output): a warning
 * logged where a step is taken ahead would come before F3's. */
static void
test_messages (void)
{
  g_autofree char *f1 = faulty ("F1", 11, "0");
  g_autofree char *f2 = faulty ("F2", 11, "0");
  g_autofree char *body = g_strconcat (f1, f2,
                                       "  <entity name=\"F3\" class=\"FMUImport\">\n"
                                       "    <property name=\"fmuFile\" value=\"faulty.fmu\"/>\n"
                                       "    <property name=\"failAt\" value=\"11\"/>\n"
                                       "    <property name=\"failAtTime\" value=\"0\"/>\n"
                                       "  </entity>\n"
                                       "  <relation name=\"r1\" class=\"TypedIORelation\"/>\n"
                                       "  <relation name=\"r3\" class=\"TypedIORelation\"/>\n"
                                       "  <link port=\"F1.t\" relation=\"r1\"/>\n"
                                       "  <link port=\"F3.u\" relation=\"r1\"/>\n"
                                       "  <link port=\"F3.t\" relation=\"r3\"/>\n"
                                       "  <link port=\"F2.u\" relation=\"r3\"/>\n",
                                       NULL);
  const char *order[] = { "F1", "F3", "F2" };
  Run run;

  /* Every FMU has a pure event at the start (its initial outputs); F3 none after it. */
  run_both (body, "1", 3 + 2 * 10, &run);
  g_assert_true (run.ok);
  /* A step to each of the 10 tags after the start, for each FMU. */
  g_assert_cmpuint (run.messages->len, ==, 3 * 10);
  for (guint i = 0; i < run.messages->len; i++)
    {
      g_autofree char *expected
        = g_strdup_printf ("%d %s: logStatusWarning: a warning on purpose at %g (failAt=11)",
                           G_LOG_LEVEL_MESSAGE, order[i % 3], (i / 3) / 10.0);
      g_assert_cmpstr (run.messages->pdata[i], ==, expected);
    }
  run_clear (&run);
}

int
main (int argc, char **argv)
{
  const char *private_tmp = test_private_tmp_begin ("test-fmu-parallel");
  int status;

  g_test_init (&argc, &argv, NULL);
  hyco_init ();
  main_thread = g_thread_self ();
  g_assert_cmpstr (g_get_tmp_dir (), ==, private_tmp);
  g_test_log_set_fatal_handler (fmu_messages_not_fatal, NULL);

  if (g_getenv ("HYCO_FMU_PATH") == NULL)
    g_error ("HYCO_FMU_PATH is not set: run the test with meson test");

  g_test_add_func ("/fmu-parallel/independent", test_independent);
  g_test_add_func ("/fmu-parallel/dependent", test_dependent);
  g_test_add_func ("/fmu-parallel/fmi3", test_fmi3);
  g_test_add_func ("/fmu-parallel/isolated", test_isolated);
  g_test_add_func ("/fmu-parallel/error", test_error);
  g_test_add_func ("/fmu-parallel/messages", test_messages);
  status = g_test_run ();

  g_assert_cmpuint (test_private_tmp_count (), ==, 0);
  test_private_tmp_end ();
  return status;
}
