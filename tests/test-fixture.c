/* test-fixture.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "test-fixture.h"

#include <string.h>

void
fixture_init (Fixture *f, HycoDirector *director)
{
  f->top = hyco_composite_actor_new ("top");
  hyco_composite_actor_set_director (f->top, director);
  f->director = director;
  f->model = NULL;
}

void
fixture_teardown (Fixture *f, gconstpointer data)
{
  g_clear_object (&f->model);
  g_clear_object (&f->top);
}

void
fixture_set (gpointer object, const char *name, const char *text)
{
  g_autoptr (GError) error = NULL;

  hyco_param_set_from_string (G_OBJECT (object), name, text, &error);
  g_assert_no_error (error);
}

void
fixture_stop_time (Fixture *f, const char *stop_time)
{
  fixture_set (f->director, "stopTime", stop_time);
}

/* Creates an actor of registered class @class_name, sets the NULL-terminated name/text pairs
 * that follow as parameters, and adds it to the top level. */
HycoActor *
fixture_add (Fixture *f, const char *class_name, const char *name, ...)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoActor) actor = NULL;
  GType type = hyco_registry_lookup (class_name);
  const char *param;
  va_list args;

  g_assert_true (g_type_is_a (type, HYCO_TYPE_ACTOR));
  actor = g_object_new (type, "name", name, NULL);
  va_start (args, name);
  while ((param = va_arg (args, const char *)) != NULL)
    fixture_set (actor, param, va_arg (args, const char *));
  va_end (args);
  g_assert_true (hyco_composite_actor_add_actor (f->top, actor, &error));
  g_assert_no_error (error);
  return actor; /* the top level holds it */
}

void
fixture_connect (Fixture *f, HycoActor *from, const char *output, HycoActor *to, const char *input)
{
  g_autoptr (GError) error = NULL;

  hyco_composite_actor_connect_ports (f->top, hyco_actor_get_port (from, output),
                                      hyco_actor_get_port (to, input), &error);
  g_assert_no_error (error);
}

gboolean
fixture_run (Fixture *f, GError **error)
{
  if (f->model == NULL)
    f->model = hyco_model_new (f->top);
  return hyco_model_run (f->model, NULL, error);
}

void
fixture_run_ok (Fixture *f)
{
  g_autoptr (GError) error = NULL;

  fixture_run (f, &error);
  g_assert_no_error (error);
}

void
fixture_assert_contains (const char *message, const char *part)
{
  if (strstr (message, part) == NULL)
    g_error ("\"%s\" does not contain \"%s\"", message, part);
}

/* Runs and asserts failure with @code; returns the message. */
char *
fixture_run_fails (Fixture *f, GQuark domain, int code)
{
  g_autoptr (GError) error = NULL;

  g_assert_false (fixture_run (f, &error));
  g_assert_error (error, domain, code);
  g_test_message ("expected failure: %s", error->message);
  return g_strdup (error->message);
}

static char *
describe_events (HycoRecorder *recorder)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < hyco_recorder_get_count (recorder); i++)
    {
      HycoTag tag;
      g_autofree char *tag_text = NULL;
      g_autofree char *value = hyco_value_to_literal (hyco_recorder_get_value (recorder, i));

      hyco_recorder_get_tag (recorder, i, &tag);
      tag_text = hyco_tag_to_string (&tag, HYCO_DEFAULT_RESOLUTION);
      g_string_append_printf (text, "%s[%u]=%s ", tag_text, hyco_recorder_get_channel (recorder, i),
                              value);
    }
  return g_string_free (text, FALSE);
}

/* Asserts that @recorder holds exactly @expected: tags, channels, values of the same type. */
void
fixture_assert_events (HycoActor *recorder, const FixtureEvent *expected, guint n)
{
  HycoRecorder *rec = HYCO_RECORDER (recorder);
  g_autofree char *got = describe_events (rec);

  g_test_message ("recorded: %s", got);
  g_assert_cmpuint (hyco_recorder_get_count (rec), ==, n);
  for (guint i = 0; i < n; i++)
    {
      g_auto (HycoValue) want = HYCO_VALUE_INIT;
      const HycoValue *value = hyco_recorder_get_value (rec, i);
      HycoTag tag;
      gint64 time;

      hyco_recorder_get_tag (rec, i, &tag);
      g_assert_true (hyco_time_parse (expected[i].time, HYCO_DEFAULT_RESOLUTION, &time, NULL));
      g_assert_cmpint (tag.time, ==, time);
      g_assert_cmpuint (tag.microstep, ==, expected[i].microstep);
      g_assert_cmpuint (hyco_recorder_get_channel (rec, i), ==, expected[i].channel);
      g_assert_true (hyco_value_parse_literal (expected[i].value, &want, NULL));
      g_assert_cmpint (hyco_value_get_value_type (value), ==, hyco_value_get_value_type (&want));
      g_assert_true (hyco_value_equal (value, &want));
    }
}

/* A g_test_add() setup: a top level under a DE director. */
void
fixture_setup_de (Fixture *f, gconstpointer data)
{
  g_autoptr (HycoDirector) director = hyco_de_director_new ();

  fixture_init (f, director);
}
