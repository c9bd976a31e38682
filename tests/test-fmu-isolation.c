/* test-fmu-isolation.c: the read-ahead of an isolated FMU (fmi/isolation/): the gets the actor
 * makes after each step go with the step, one round trip for both, and give what the same calls
 * give in the process, for FMI 2.0 (fmi2DoStep, fmi2GetReal) and FMI 3.0 (fmi3DoStep,
 * fmi3GetFloat64, one get per output as the actor makes them); a sequence of gets that changes
 * is learned again, a get it does not know is made on its own.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-fmu-remote.h"
#include "test-support.h"

#define STEP 0.01

typedef struct
{
  HycoFmu *fmu;
  HycoFmuInstance *local, *remote;
  HycoFmuValueReference x1, x2;
  double time;
} Pair;

static void
pair_open (Pair *pair, const char *name)
{
  g_autofree char *path = g_build_filename (g_getenv ("HYCO_TEST_FMU_DIR"), name, NULL);
  g_autoptr (GError) error = NULL;
  gboolean fmi3 = g_str_has_suffix (name, "3.fmu");

  pair->fmu = _hyco_fmu_open (path, &error);
  g_assert_no_error (error);
  pair->x1 = _hyco_fmu_find_variable (pair->fmu, "x1")->value_reference;
  pair->x2 = _hyco_fmu_find_variable (pair->fmu, "x2")->value_reference;
  pair->local = fmi3 ? _hyco_fmu_instantiate_with_events (pair->fmu, "local", FALSE, FALSE, FALSE,
                                                          &error)
                     : _hyco_fmu_instantiate (pair->fmu, "local", FALSE, &error);
  g_assert_no_error (error);
  pair->remote = _hyco_fmu_remote_instantiate (pair->fmu, "remote", FALSE, FALSE, FALSE, 60, &error);
  g_assert_no_error (error);
  g_assert_true (_hyco_fmu_remote_is_remote (pair->remote));
  for (int i = 0; i < 2; i++)
    {
      HycoFmuInstance *c = i == 0 ? pair->local : pair->remote;
      g_assert_cmpint (c->ops->setup_experiment (c->handle, FALSE, 0, 0, TRUE, 10), ==,
                       HYCO_FMU_STATUS_OK);
      g_assert_cmpint (c->ops->enter_initialization_mode (c->handle), ==, HYCO_FMU_STATUS_OK);
      g_assert_cmpint (c->ops->exit_initialization_mode (c->handle), ==, HYCO_FMU_STATUS_OK);
    }
}

static void
pair_close (Pair *pair)
{
  pair->local->ops->free (pair->local);
  pair->remote->ops->free (pair->remote);
  _hyco_fmu_unref (pair->fmu);
}

static void
step (Pair *pair, HycoFmuInstance *c)
{
  if (c->ops->do_event_step != NULL)
    {
      gboolean event = TRUE, terminate = TRUE, early = TRUE;
      double last = 0;
      g_assert_cmpint (c->ops->do_event_step (c->handle, pair->time, STEP, TRUE, &event,
                                              &terminate, &early, &last),
                       ==, HYCO_FMU_STATUS_OK);
      g_assert_false (event || terminate || early);
    }
  else
    g_assert_cmpint (c->ops->do_step (c->handle, pair->time, STEP, TRUE), ==, HYCO_FMU_STATUS_OK);
}

/* The values of @vr (n of them, one get each when @one_by_one) after a step. */
static void
get (HycoFmuInstance *c, const HycoFmuValueReference *vr, guint n, gboolean one_by_one,
     double *values)
{
  if (!one_by_one)
    {
      g_assert_cmpint (c->ops->do_event_step != NULL
                         ? c->ops->get_values (c->handle, HYCO_FMU_TYPE_REAL, vr, n, values, n)
                         : c->ops->get_real (c->handle, vr, n, values),
                       ==, HYCO_FMU_STATUS_OK);
      return;
    }
  for (guint i = 0; i < n; i++)
    get (c, vr + i, 1, FALSE, values + i);
}

/* One step of both instances, then the gets of @vr: the same values, bit for bit; the round
 * trips it took the remote one. */
static guint64
step_and_get (Pair *pair, const HycoFmuValueReference *vr, guint n, gboolean one_by_one)
{
  guint64 before = _hyco_fmu_remote_get_round_trips (pair->remote);
  double local[4], remote[4];

  step (pair, pair->local);
  get (pair->local, vr, n, one_by_one, local);
  step (pair, pair->remote);
  get (pair->remote, vr, n, one_by_one, remote);
  pair->time += STEP;
  for (guint i = 0; i < n; i++)
    g_assert_cmpmem (&local[i], sizeof (double), &remote[i], sizeof (double));
  return _hyco_fmu_remote_get_round_trips (pair->remote) - before;
}

static void
check_read_ahead (const char *name, gboolean one_by_one)
{
  Pair pair = { 0 };
  HycoFmuValueReference both[] = { 0, 0 };
  guint gets = one_by_one ? 2 : 1;

  pair_open (&pair, name);
  both[0] = pair.x1, both[1] = pair.x2;
  /* The first step: the gets after it are learned, each a round trip. */
  g_assert_cmpuint (step_and_get (&pair, both, 2, one_by_one), ==, 1 + gets);
  for (int i = 0; i < 20; i++)
    g_assert_cmpuint (step_and_get (&pair, both, 2, one_by_one), ==, 1);
  /* Other gets after the step: made on their own, learned, then with the step again. */
  g_assert_cmpuint (step_and_get (&pair, &pair.x2, 1, FALSE), ==, 2);
  for (int i = 0; i < 5; i++)
    g_assert_cmpuint (step_and_get (&pair, &pair.x2, 1, FALSE), ==, 1);
  /* A step with no get after it, then the gets of before: the values are the step's. */
  step (&pair, pair.local);
  step (&pair, pair.remote);
  pair.time += STEP;
  g_assert_cmpuint (step_and_get (&pair, &pair.x2, 1, FALSE), ==, 1);
  /* A get that is not after a step is made on its own. */
  {
    guint64 before = _hyco_fmu_remote_get_round_trips (pair.remote);
    double local[2], remote[2];
    get (pair.local, both, 2, one_by_one, local);
    get (pair.remote, both, 2, one_by_one, remote);
    g_assert_cmpmem (local, sizeof local, remote, sizeof remote);
    g_assert_cmpuint (_hyco_fmu_remote_get_round_trips (pair.remote) - before, ==, gets);
  }
  pair_close (&pair);
}

static void
test_fmi2_read_ahead (void)
{
  check_read_ahead ("vanderpol.fmu", FALSE);
}

static void
test_fmi3_read_ahead (void)
{
  check_read_ahead ("vanderpol3.fmu", FALSE);
}

static void
test_fmi3_read_ahead_one_get_per_output (void)
{
  /* As the FMU actor reads an FMI 3.0 FMU's Float64 outputs that are not bound together. */
  check_read_ahead ("vanderpol3.fmu", TRUE);
}

int
main (int argc, char **argv)
{
  const char *private_tmp = test_private_tmp_begin ("test-fmu-isolation");
  int status;

  g_test_init (&argc, &argv, NULL);
  hyco_init ();
  g_assert_cmpstr (g_get_tmp_dir (), ==, private_tmp);
  if (g_getenv ("HYCO_TEST_FMU_DIR") == NULL)
    g_error ("HYCO_TEST_FMU_DIR is not set: run the test with meson test");
  g_test_add_func ("/fmu-isolation/fmi2-read-ahead", test_fmi2_read_ahead);
  g_test_add_func ("/fmu-isolation/fmi3-read-ahead", test_fmi3_read_ahead);
  g_test_add_func ("/fmu-isolation/fmi3-read-ahead-one-get-per-output",
                   test_fmi3_read_ahead_one_get_per_output);
  status = g_test_run ();
  /* Every FMU unpacked was removed with its last reference. */
  g_assert_cmpuint (test_private_tmp_count (), ==, 0);
  test_private_tmp_end ();
  return status;
}
