/* test-fmu-output.c: what an FMU in the process writes on standard output (the chatty test
 * FMU) stays there in an application that did not ask otherwise; after
 * hyco_fmu_output_contain(), it becomes the FMU's messages, and the application's own output
 * goes to the descriptor it was given. Each case in a subprocess of its own: it changes the
 * process's descriptors.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "test-support.h"

#include <stdio.h>
#include <unistd.h>

static void
run_chatty (void)
{
  g_autofree char *path = g_build_filename (g_getenv ("HYCO_TEST_FMU_DIR"), "chatty.fmu", NULL);
  g_autofree char *text = g_strdup_printf (
    "<entity name=\"m\" class=\"TypedCompositeActor\">"
    "<property name=\"d\" class=\"DEDirector\"><property name=\"stopTime\" value=\"0.5\"/>"
    "</property><entity name=\"F\" class=\"FMUImport\">"
    "<property name=\"fmuFile\" value=\"%s\"/>"
    "<property name=\"communicationStepSize\" value=\"0.25\"/></entity></entity>",
    path);
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoModel) model = hyco_model_new_from_data (text, -1, "chatty.xml", &error);

  g_assert_no_error (error);
  g_assert_true (hyco_model_run (model, NULL, &error));
  g_assert_no_error (error);
}

static void
test_untouched_by_default (void)
{
  if (g_test_subprocess ())
    {
      run_chatty ();
      fflush (stdout);
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stdout ("chatty: step 1 line 1 at 0\nchatty: step 2 line 1 at 0.25\n");
  g_test_trap_assert_stderr_unmatched ("*wrote*");
}

static void
test_contained_when_asked (void)
{
  if (g_test_subprocess ())
    {
      g_autoptr (GError) error = NULL;
      int own = hyco_fmu_output_contain (&error);
      g_assert_no_error (error);
      g_assert_cmpint (own, >, 2);
      /* Asked again: the same descriptor. */
      g_assert_cmpint (hyco_fmu_output_contain (NULL), ==, own);
      run_chatty ();
      hyco_fmu_output_drain ();
      g_assert_cmpint (write (own, "mine\n", 5), ==, 5);
      hyco_fmu_output_restore ();
      /* Standard output is the application's again. */
      printf ("after\n");
      fflush (stdout);
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stdout ("mine\nafter\n");
  g_test_trap_assert_stderr ("*F: the FMU wrote: chatty: step 1 line 1 at 0*"
                             "F: the FMU wrote: chatty: step 2 line 1 at 0.25*");
}

int
main (int argc, char **argv)
{
  const char *private_tmp = test_private_tmp_begin ("test-fmu-output");
  int status;

  g_test_init (&argc, &argv, NULL);
  hyco_init ();
  g_assert_cmpstr (g_get_tmp_dir (), ==, private_tmp);
  if (g_getenv ("HYCO_TEST_FMU_DIR") == NULL)
    g_error ("HYCO_TEST_FMU_DIR is not set: run the test with meson test");
  g_test_add_func ("/fmu-output/untouched-by-default", test_untouched_by_default);
  g_test_add_func ("/fmu-output/contained-when-asked", test_contained_when_asked);
  status = g_test_run ();
  g_assert_cmpuint (test_private_tmp_count (), ==, 0);
  test_private_tmp_end ();
  return status;
}
