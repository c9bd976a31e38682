/* test-director-kit.c: directors written outside the library, with the public API only (this
 * file is compiled without HYCO_COMPILATION and linked with the shared library, which exports
 * nothing else), run against SEMANTICS.md section 4.
 *
 * TestKitDE is a discrete-event director in some 80 lines: it must give every DE model the
 * trace the built-in DE director gives, byte for byte. TestKitSync fires every actor at every
 * tick of a period grid: it shows the other half of the kit (fires-every-actor, a time
 * parameter and its errors).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <hyco.h>

#include <glib/gstdio.h>
#include <string.h>

/* A discrete-event director. */

#define TEST_TYPE_KIT_DE (test_kit_de_get_type ())
G_DECLARE_FINAL_TYPE (TestKitDE, test_kit_de, TEST, KIT_DE, HycoDirector)

struct _TestKitDE
{
  HycoDirector parent_instance;

  HycoEventQueue *queue; /* owned by the base class */
};

G_DEFINE_FINAL_TYPE (TestKitDE, test_kit_de, HYCO_TYPE_DIRECTOR)

static gboolean
test_kit_de_initialize (HycoDirector *director, GError **error)
{
  /* Before the actors initialize: that is when they make their first requests. */
  hyco_event_queue_clear (TEST_KIT_DE (director)->queue);
  return HYCO_DIRECTOR_CLASS (test_kit_de_parent_class)->initialize (director, error);
}

static gboolean
test_kit_de_prefire (HycoDirector *director, GError **error)
{
  HycoEventQueue *queue = TEST_KIT_DE (director)->queue;
  const HycoTag *head;
  HycoTag next;

  if (!hyco_director_is_top_level (director))
    {
      /* The container's tag: its director fires us at every tag we asked for. */
      if (!HYCO_DIRECTOR_CLASS (test_kit_de_parent_class)->prefire (director, error)
          || !hyco_event_queue_check_missed (queue, director, error))
        return FALSE;
      hyco_director_get_current_tag (director, &next);
      hyco_event_queue_take (queue, &next);
      return TRUE;
    }
  head = hyco_event_queue_peek (queue);
  if (head == NULL || head->time > hyco_director_get_stop_time (director))
    return FALSE;
  if (head->microstep > hyco_director_get_max_microsteps (director))
    return hyco_event_queue_report_zeno (queue, director, head, error);
  next = *head;
  hyco_director_set_current_tag (director, &next);
  hyco_event_queue_take (queue, &next);
  return TRUE;
}

static gboolean
test_kit_de_fire (HycoDirector *director, GError **error)
{
  hyco_event_queue_start_tag (TEST_KIT_DE (director)->queue);
  return hyco_director_run_schedule (director, error);
}

static gboolean
test_kit_de_postfire (HycoDirector *director, GError **error)
{
  gboolean ok = hyco_director_postfire_fired (director, error);

  hyco_event_queue_release (TEST_KIT_DE (director)->queue);
  return ok;
}

static void
test_kit_de_class_init (TestKitDEClass *klass)
{
  HycoDirectorClass *director_class = HYCO_DIRECTOR_CLASS (klass);

  director_class->initialize = test_kit_de_initialize;
  director_class->prefire = test_kit_de_prefire;
  director_class->fire = test_kit_de_fire;
  director_class->postfire = test_kit_de_postfire;
  /* fire_at: the base class's, which queues requests in the queue given to it. */
}

static void
test_kit_de_init (TestKitDE *self)
{
  g_autoptr (HycoEventQueue) queue = hyco_event_queue_new ();

  hyco_director_set_event_queue (HYCO_DIRECTOR (self), queue);
  self->queue = queue;
}

/* A synchronous director: every actor fires at (k·step, 0), and at the tags actors asked for. */

#define TEST_TYPE_KIT_SYNC (test_kit_sync_get_type ())
G_DECLARE_FINAL_TYPE (TestKitSync, test_kit_sync, TEST, KIT_SYNC, HycoDirector)

struct _TestKitSync
{
  HycoDirector parent_instance;

  char *step_literal;
  gint64 step;
  HycoTag next_tick;
  HycoEventQueue *queue;
};

G_DEFINE_FINAL_TYPE (TestKitSync, test_kit_sync, HYCO_TYPE_DIRECTOR)

enum
{
  PROP_STEP = 1,
};

static void
test_kit_sync_finalize (GObject *object)
{
  g_free (TEST_KIT_SYNC (object)->step_literal);
  G_OBJECT_CLASS (test_kit_sync_parent_class)->finalize (object);
}

static void
test_kit_sync_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  g_value_set_string (value, TEST_KIT_SYNC (object)->step_literal);
}

static void
test_kit_sync_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  TestKitSync *self = TEST_KIT_SYNC (object);

  g_free (self->step_literal);
  self->step_literal = g_value_dup_string (value);
}

static gboolean
test_kit_sync_preinitialize (HycoDirector *director, GError **error)
{
  TestKitSync *self = TEST_KIT_SYNC (director);

  if (!HYCO_DIRECTOR_CLASS (test_kit_sync_parent_class)->preinitialize (director, error)
      || !hyco_director_get_time_parameter (director, "step", &self->step, error))
    return FALSE;
  if (self->step <= 0 || self->step == HYCO_TIME_INFINITY)
    return hyco_director_reject_parameter (director, "step", "must be a positive finite time",
                                           error);
  return TRUE;
}

static gboolean
test_kit_sync_initialize (HycoDirector *director, GError **error)
{
  TestKitSync *self = TEST_KIT_SYNC (director);

  hyco_event_queue_clear (self->queue);
  self->next_tick.time = 0;
  self->next_tick.microstep = 0;
  return HYCO_DIRECTOR_CLASS (test_kit_sync_parent_class)->initialize (director, error);
}

static gboolean
test_kit_sync_prefire (HycoDirector *director, GError **error)
{
  TestKitSync *self = TEST_KIT_SYNC (director);
  const HycoTag *request = hyco_event_queue_peek (self->queue);
  HycoTag next = self->next_tick;

  if (request != NULL && hyco_tag_compare (request, &next) < 0)
    next = *request;
  if (next.time > hyco_director_get_stop_time (director))
    return FALSE;
  if (next.microstep > hyco_director_get_max_microsteps (director))
    return hyco_event_queue_report_zeno (self->queue, director, &next, error);
  hyco_director_set_current_tag (director, &next);
  hyco_event_queue_take (self->queue, &next);
  return TRUE;
}

static gboolean
test_kit_sync_fire (HycoDirector *director, GError **error)
{
  hyco_event_queue_start_tag (TEST_KIT_SYNC (director)->queue);
  return hyco_director_run_schedule (director, error);
}

static gboolean
test_kit_sync_postfire (HycoDirector *director, GError **error)
{
  TestKitSync *self = TEST_KIT_SYNC (director);
  gboolean ok = hyco_director_postfire_fired (director, error);
  HycoTag now;

  hyco_event_queue_release (self->queue);
  hyco_director_get_current_tag (director, &now);
  if (ok && hyco_tag_equal (&now, &self->next_tick))
    ok = hyco_time_add (now.time, self->step, &self->next_tick.time, error);
  return ok;
}

static void
test_kit_sync_class_init (TestKitSyncClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoDirectorClass *director_class = HYCO_DIRECTOR_CLASS (klass);

  object_class->finalize = test_kit_sync_finalize;
  object_class->get_property = test_kit_sync_get_property;
  object_class->set_property = test_kit_sync_set_property;
  director_class->preinitialize = test_kit_sync_preinitialize;
  director_class->initialize = test_kit_sync_initialize;
  director_class->prefire = test_kit_sync_prefire;
  director_class->fire = test_kit_sync_fire;
  director_class->postfire = test_kit_sync_postfire;
  g_object_class_install_property (
    object_class, PROP_STEP,
    hyco_param_spec_literal ("step", "Time between ticks (s)", HYCO_PARAM_KIND_TIME, "1"));
}

static void
test_kit_sync_init (TestKitSync *self)
{
  g_autoptr (HycoEventQueue) queue = hyco_event_queue_new ();

  self->step_literal = g_strdup ("1");
  hyco_director_set_fires_every_actor (HYCO_DIRECTOR (self), TRUE);
  hyco_director_set_event_queue (HYCO_DIRECTOR (self), queue);
  self->queue = queue;
}

/* Helpers. */

static HycoTag
tag (const char *time, guint64 microstep)
{
  HycoTag result = { 0, microstep };
  g_autoptr (GError) error = NULL;

  hyco_time_parse (time, HYCO_DEFAULT_RESOLUTION, &result.time, &error);
  g_assert_no_error (error);
  return result;
}

static void
assert_tag (const HycoTag *actual, const char *time, guint64 microstep)
{
  HycoTag expected = tag (time, microstep);

  g_assert_nonnull (actual);
  g_assert_cmpint (actual->time, ==, expected.time);
  g_assert_cmpuint (actual->microstep, ==, expected.microstep);
}

static HycoActor *
add (HycoCompositeActor *top, const char *class_name, const char *name)
{
  HycoActor *actor = g_object_new (hyco_registry_lookup (class_name), "name", name, NULL);
  g_autoptr (GError) error = NULL;

  g_assert_true (hyco_composite_actor_add_actor (top, actor, &error));
  g_assert_no_error (error);
  g_object_unref (actor);
  return actor;
}

static void
set (gpointer object, const char *name, const char *text)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (hyco_param_set_from_string (object, name, text, &error));
  g_assert_no_error (error);
}

static void
connect (HycoCompositeActor *top, const char *source, const char *destination)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (hyco_composite_actor_connect_ports (
    top, hyco_composite_actor_lookup_port (top, source),
    hyco_composite_actor_lookup_port (top, destination), &error));
  g_assert_no_error (error);
}

/* The model file @path with its DE directors replaced by @director_class, run with a trace;
 * returns the trace. */
static char *
trace_with (const char *path, const char *director_class)
{
  g_autofree char *text = NULL;
  g_autoptr (GRegex) de
    = g_regex_new ("class=\"(ptolemy\\.domains\\.de\\.kernel\\.)?DEDirector\"", 0, 0, NULL);
  g_autofree char *replacement = g_strdup_printf ("class=\"%s\"", director_class);
  g_autofree char *swapped = NULL;
  g_autofree char *dir = g_dir_make_tmp ("hyco-director-kit-XXXXXX", NULL);
  g_autofree char *trace_path = g_build_filename (dir, "trace.csv", NULL);
  g_autoptr (HycoModel) model = NULL;
  g_autoptr (GError) error = NULL;
  char *trace = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, &error));
  swapped = g_regex_replace_literal (de, text, -1, 0, replacement, 0, &error);
  g_assert_no_error (error);
  g_assert_true (strcmp (director_class, "TestKitDE") != 0 || strcmp (swapped, text) != 0);
  model = hyco_model_new_from_data (swapped, -1, path, &error);
  g_assert_no_error (error);
  g_assert_true (hyco_model_set_trace_file (model, trace_path, &error));
  g_assert_true (hyco_model_run (model, NULL, &error));
  g_assert_no_error (error);
  g_clear_object (&model); /* closes the trace */
  g_assert_true (g_file_get_contents (trace_path, &trace, NULL, &error));
  g_unlink (trace_path);
  g_rmdir (dir);
  return trace;
}

/* Tests. */

/* Every DE model, nested DE composites included, gives the built-in director's trace. */
static void
test_de_same_traces (void)
{
  const char *models[]
    = { "simultaneous-events", "de-feedback",      "event-ordering", "fsm-toggle",
        "hierarchy",           "nested-directors", "parameters" };

  for (guint i = 0; i < G_N_ELEMENTS (models); i++)
    {
      g_autofree char *path = g_strdup_printf ("tests/examples/%s.xml", models[i]);
      g_autofree char *builtin = trace_with (path, "DEDirector");
      g_autofree char *kit = trace_with (path, "TestKitDE");

      g_test_message ("%s: %zu bytes of trace", models[i], strlen (kit));
      g_assert_cmpuint (strlen (builtin), >, 100);
      g_assert_cmpstr (kit, ==, builtin);
    }
}

/* Composition test 4.1: periods 0.1 and 0.2; the Sampler's output equals Clock2's at every
 * tag: present, value 2, at (0.2k, 1); a periodic generator's events are at (kp, 1). */
static void
test_de_simultaneous_events (void)
{
  g_autoptr (HycoCompositeActor) top = hyco_composite_actor_new ("top");
  g_autoptr (HycoDirector) director = g_object_new (TEST_TYPE_KIT_DE, NULL);
  g_autoptr (HycoModel) model = NULL;
  g_autoptr (GError) error = NULL;
  HycoResults *results;
  const gint64 *times;
  const guint64 *microsteps;
  const double *values;
  const guint8 *present;
  gsize n = 0;
  guint k = 0;

  hyco_composite_actor_set_director (top, director);
  set (director, "stopTime", "10");
  set (add (top, "DiscreteClock", "Clock1"), "period", "0.1");
  set (add (top, "DiscreteClock", "Clock2"), "period", "0.2");
  set (hyco_composite_actor_get_actor (top, "Clock2"), "value", "2");
  add (top, "Sampler", "Sampler");
  connect (top, "Clock1.output", "Sampler.trigger");
  connect (top, "Clock2.output", "Sampler.input");
  model = hyco_model_new (top);
  hyco_model_set_record_results (model, TRUE);
  g_assert_true (hyco_model_run (model, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (hyco_director_fires_every_actor (director) == FALSE);

  results = hyco_model_get_results (model);
  times = hyco_results_get_times (results, "Sampler.output", &n);
  microsteps = hyco_results_get_microsteps (results, "Sampler.output", &n);
  values = hyco_results_get_values (results, "Sampler.output", &n);
  present = hyco_results_get_presence (results, "Sampler.output", &n);
  /* The Sampler fires at each of Clock1's 101 events, (0.1k, 1). */
  g_assert_cmpuint (n, ==, 101);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *time = g_strdup_printf ("%u.%u", i / 10, i % 10);
      HycoTag sample = { times[i], microsteps[i] };
      assert_tag (&sample, time, 1);
      g_assert_cmpint (present[i], ==, i % 2 == 0);
      if (present[i])
        {
          g_assert_cmpfloat (values[i], ==, 2.0);
          k++;
        }
    }
  g_assert_cmpuint (k, ==, 51);
  g_assert_cmpuint (hyco_results_get_present_count (results, "Clock1.output"), ==, 101);
}

/* A microstep delay feeding itself: the event at (0, 1) comes back at (0, 2), (0, 3), ...
 * until maxMicrosteps, which is then reported as Zeno behaviour, naming the actor. */
static void
test_de_zeno (void)
{
  g_autoptr (HycoCompositeActor) top = hyco_composite_actor_new ("top");
  g_autoptr (HycoDirector) director = g_object_new (TEST_TYPE_KIT_DE, NULL);
  g_autoptr (HycoModel) model = NULL;
  g_autoptr (GError) error = NULL;
  HycoResults *results;
  const guint64 *microsteps;
  gsize n = 0;

  hyco_composite_actor_set_director (top, director);
  set (director, "maxMicrosteps", "5");
  set (add (top, "DiscreteClock", "Clock"), "period", "1");
  add (top, "Adder", "Join");
  add (top, "MicrostepDelay", "Again");
  connect (top, "Clock.output", "Join.input");
  connect (top, "Again.output", "Join.input");
  connect (top, "Join.output", "Again.input");
  model = hyco_model_new (top);
  hyco_model_set_record_results (model, TRUE);
  g_assert_false (hyco_model_run (model, NULL, &error));
  g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_ZENO);
  g_assert_nonnull (strstr (error->message, "Again"));
  g_assert_nonnull (strstr (error->message, "5 microsteps"));

  /* y(t, n) = x(t, n - 1): the sum at (0, 1), ..., (0, 5), the bound. */
  results = hyco_model_get_results (model);
  microsteps = hyco_results_get_microsteps (results, "Join.output", &n);
  g_assert_cmpuint (n, ==, 5);
  for (guint i = 0; i < n; i++)
    g_assert_cmpuint (microsteps[i], ==, i + 1);
}

/* The event queue through the kit alone: order, pure events, the next microstep once the tag
 * has started, requests in the past, Zeno reports. */
static void
test_event_queue (void)
{
  g_autoptr (HycoCompositeActor) top = hyco_composite_actor_new ("top");
  g_autoptr (HycoDirector) director = g_object_new (TEST_TYPE_KIT_DE, NULL);
  g_autoptr (HycoModel) model = NULL;
  g_autoptr (GError) error = NULL;
  HycoEventQueue *queue;
  HycoActor *first, *second;
  HycoTag granted, now;

  hyco_composite_actor_set_director (top, director);
  set (director, "stopTime", "5");
  first = add (top, "Recorder", "First");
  second = add (top, "Recorder", "Second");
  model = hyco_model_new (top);
  g_assert_true (hyco_model_prepare (model, &error));
  g_assert_true (hyco_director_initialize (director, &error));
  g_assert_no_error (error);

  queue = hyco_director_get_event_queue (director);
  g_assert_true (queue == TEST_KIT_DE (director)->queue);
  g_assert_cmpuint (hyco_event_queue_get_length (queue), ==, 0);
  g_assert_null (hyco_event_queue_peek (queue));

  /* Out of order, through the base class's fire_at and directly. */
  now = tag ("2", 1);
  g_assert_true (hyco_actor_fire_at_tag (second, &now, &granted, &error));
  assert_tag (&granted, "2", 1);
  now = tag ("1", 3);
  g_assert_true (hyco_event_queue_request (queue, director, second, &now, &granted, &error));
  now = tag ("1", 3);
  g_assert_true (hyco_director_fire_at (director, first, &now, &granted, &error));
  g_assert_no_error (error);
  /* After the stop time: granted, never queued. */
  now = tag ("6", 0);
  g_assert_true (hyco_actor_fire_at_tag (first, &now, &granted, &error));
  assert_tag (&granted, "6", 0);
  g_assert_cmpuint (hyco_event_queue_get_length (queue), ==, 3);
  assert_tag (hyco_event_queue_peek (queue), "1", 3);
  /* They are the director's pending requests, as a modal model sees them. */
  g_assert_cmpuint (hyco_director_get_n_pending_requests (director), ==, 3);
  {
    HycoTag early = tag ("1", 3), late = tag ("2", 1);
    guint n_early = 0, n_late = 0;

    for (guint i = 0; i < 3; i++)
      {
        g_assert_true (hyco_director_get_pending_request (director, i, &granted));
        n_early += hyco_tag_equal (&granted, &early);
        n_late += hyco_tag_equal (&granted, &late);
      }
    g_assert_cmpuint (n_early, ==, 2);
    g_assert_cmpuint (n_late, ==, 1);
  }

  /* Taking (1, 3) triggers both actors with a pure event; (2, 1) stays. */
  now = tag ("1", 3);
  hyco_director_set_current_tag (director, &now);
  hyco_event_queue_take (queue, &now);
  g_assert_true (hyco_actor_has_pure_event (first));
  g_assert_true (hyco_actor_has_pure_event (second));
  g_assert_cmpuint (hyco_event_queue_get_length (queue), ==, 1);
  assert_tag (hyco_event_queue_peek (queue), "2", 1);

  /* The current tag: granted as is before the tag started, the next microstep after. */
  g_assert_true (hyco_actor_fire_at_tag (first, &now, &granted, &error));
  assert_tag (&granted, "1", 3);
  hyco_event_queue_start_tag (queue);
  g_assert_true (hyco_actor_fire_at_tag (first, &now, &granted, &error));
  assert_tag (&granted, "1", 4);
  g_assert_no_error (error);
  hyco_event_queue_release (queue);
  g_assert_false (hyco_actor_has_pure_event (first));
  g_assert_false (hyco_actor_has_pure_event (second));
  assert_tag (hyco_event_queue_peek (queue), "1", 3);

  /* The past is refused. */
  now = tag ("0.5", 7);
  g_assert_false (hyco_actor_fire_at_tag (first, &now, &granted, &error));
  g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_TIME);
  g_assert_nonnull (strstr (error->message, "in the past"));
  g_clear_error (&error);

  /* A Zeno report names the actors waiting at the tag. */
  now = tag ("1", 3);
  g_assert_false (hyco_event_queue_report_zeno (queue, director, &now, &error));
  g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_ZENO);
  g_assert_nonnull (strstr (error->message, "First"));
  g_assert_null (strstr (error->message, "Second"));
  g_clear_error (&error);

  hyco_event_queue_clear (queue);
  g_assert_cmpuint (hyco_event_queue_get_length (queue), ==, 0);
  g_assert_true (hyco_director_wrapup (director, &error));
}

/* The boxed type: references, and a queue of its own outside any director. */
static void
test_event_queue_boxed (void)
{
  g_autoptr (HycoEventQueue) queue = hyco_event_queue_new ();
  HycoEventQueue *copy = g_boxed_copy (HYCO_TYPE_EVENT_QUEUE, queue);
  g_autoptr (HycoDirector) director = g_object_new (TEST_TYPE_KIT_SYNC, NULL);

  g_assert_true (copy == queue);
  g_boxed_free (HYCO_TYPE_EVENT_QUEUE, copy);
  g_assert_cmpuint (hyco_event_queue_get_length (queue), ==, 0);
  g_assert_true (hyco_director_get_event_queue (director) != queue);
  hyco_director_set_event_queue (director, queue);
  g_assert_true (hyco_director_get_event_queue (director) == queue);
  hyco_director_set_event_queue (director, NULL);
  g_assert_null (hyco_director_get_event_queue (director));
}

/* Every actor fires at every tick (k·step, 0): an unconnected Ramp counts the ticks, where
 * under DE it would fire once. The clock's requested tags (k·0.5, 1) are ticks too. */
static void
test_sync_ticks (void)
{
  g_autoptr (HycoCompositeActor) top = hyco_composite_actor_new ("top");
  g_autoptr (HycoDirector) director = g_object_new (TEST_TYPE_KIT_SYNC, NULL);
  g_autoptr (HycoModel) model = NULL;
  g_autoptr (GError) error = NULL;
  HycoResults *results;
  const gint64 *times;
  const guint64 *microsteps;
  const double *values;
  const guint8 *present;
  gsize n = 0;
  struct
  {
    const char *time;
    guint64 microstep;
    gboolean clock;
  } expected[]
    = { { "0", 0, FALSE },  { "0", 1, TRUE },     { "0.25", 0, FALSE }, { "0.5", 0, FALSE },
        { "0.5", 1, TRUE }, { "0.75", 0, FALSE }, { "1", 0, FALSE },    { "1", 1, TRUE } };

  hyco_composite_actor_set_director (top, director);
  set (director, "stopTime", "1");
  set (director, "step", "0.25");
  add (top, "Ramp", "Ramp");
  set (add (top, "DiscreteClock", "Clock"), "period", "0.5");
  model = hyco_model_new (top);
  hyco_model_set_record_results (model, TRUE);
  g_assert_true (hyco_model_run (model, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (hyco_director_fires_every_actor (director));

  results = hyco_model_get_results (model);
  times = hyco_results_get_times (results, "Ramp.output", &n);
  microsteps = hyco_results_get_microsteps (results, "Ramp.output", &n);
  values = hyco_results_get_values (results, "Ramp.output", &n);
  g_assert_cmpuint (n, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < n; i++)
    {
      HycoTag sample = { times[i], microsteps[i] };
      assert_tag (&sample, expected[i].time, expected[i].microstep);
      g_assert_cmpfloat (values[i], ==, (double) i);
    }
  present = hyco_results_get_presence (results, "Clock.output", &n);
  g_assert_cmpuint (n, ==, G_N_ELEMENTS (expected));
  for (guint i = 0; i < n; i++)
    g_assert_cmpint (present[i], ==, expected[i].clock);
}

static void
assert_bad_step (const char *step, const char *message)
{
  g_autoptr (HycoCompositeActor) top = hyco_composite_actor_new ("top");
  g_autoptr (HycoDirector) director = g_object_new (TEST_TYPE_KIT_SYNC, "name", "Sync", NULL);
  g_autoptr (HycoModel) model = NULL;
  g_autoptr (GError) error = NULL;

  hyco_composite_actor_set_director (top, director);
  set (director, "step", step);
  add (top, "Ramp", "Ramp");
  model = hyco_model_new (top);
  g_assert_false (hyco_model_run (model, NULL, &error));
  g_assert_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_PARAMETER);
  g_assert_cmpstr (error->message, ==, message);
}

/* A bad time parameter: the kit's error names the director and the parameter. */
static void
test_sync_bad_step (void)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *unrepresentable = NULL;
  gint64 ticks;

  assert_bad_step ("-0.5", "Sync: parameter step: must be a positive finite time");
  assert_bad_step ("0", "Sync: parameter step: must be a positive finite time");
  /* Not representable at the default resolution: the message is the time parser's. */
  g_assert_false (hyco_time_parse ("1e-12", HYCO_DEFAULT_RESOLUTION, &ticks, &error));
  unrepresentable = g_strdup_printf ("Sync: parameter step: %s", error->message);
  assert_bad_step ("1e-12", unrepresentable);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  hyco_init ();
  hyco_registry_register ("TestKitDE", TEST_TYPE_KIT_DE);

  g_test_add_func ("/director-kit/de/same-traces", test_de_same_traces);
  g_test_add_func ("/director-kit/de/simultaneous-events", test_de_simultaneous_events);
  g_test_add_func ("/director-kit/de/zeno", test_de_zeno);
  g_test_add_func ("/director-kit/event-queue/requests", test_event_queue);
  g_test_add_func ("/director-kit/event-queue/boxed", test_event_queue_boxed);
  g_test_add_func ("/director-kit/sync/ticks", test_sync_ticks);
  g_test_add_func ("/director-kit/sync/bad-step", test_sync_bad_step);
  return g_test_run ();
}
