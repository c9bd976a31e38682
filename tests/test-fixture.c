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
