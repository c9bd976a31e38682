/* hyco-actor-parameters.c: parameter forms many actors of Ptolemy II's library share (symbolic
 * counts, lists of times and values, booleans), read once in preinitialize.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actors-private.h"
#include "hyco-model-syntax-private.h"

#include <string.h>

/* A count such as numberOfCycles or firingCountLimit: an integer, or Ptolemy II's symbolic
 * names for "no limit", UNBOUNDED (-1) and NONE (0). */
gboolean
_hyco_actors_parse_count (HycoActor *actor, const char *name, const char *literal, gint64 *count,
                          GError **error)
{
  g_auto (HycoValue) value = HYCO_VALUE_INIT;
  g_autofree char *text = g_strstrip (g_strdup (literal ? literal : ""));

  if (g_str_equal (text, "UNBOUNDED"))
    {
      *count = -1;
      return TRUE;
    }
  if (g_str_equal (text, "NONE"))
    {
      *count = 0;
      return TRUE;
    }
  if (hyco_value_parse_literal (text, &value, NULL)
      && hyco_value_get_value_type (&value) == HYCO_VALUE_TYPE_INT)
    {
      *count = hyco_value_get_int (&value);
      return TRUE;
    }
  hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_PARAMETER,
                        "parameter %s: must be an integer, UNBOUNDED or NONE, not \"%s\"", name,
                        text);
  return FALSE;
}

/* Converts a numeric value (seconds) to ticks exactly, through its shortest decimal form, so
 * that 0.1 is 0.1 s and not the double nearest to it. */
gboolean
_hyco_actors_value_to_ticks (HycoActor *actor, const char *what, const HycoValue *value,
                             gint64 *ticks, GError **error)
{
  g_autofree char *literal = NULL;
  g_autoptr (GError) local_error = NULL;

  if (!hyco_value_is_numeric (value))
    {
      g_autofree char *text = hyco_value_to_literal (value);
      hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_PARAMETER,
                            "%s: must be a time in seconds, not %s", what, text);
      return FALSE;
    }
  literal = hyco_value_to_literal (value);
  if (hyco_time_parse (literal, hyco_actor_get_resolution (actor), ticks, &local_error))
    return TRUE;
  hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_PARAMETER, "%s: %s", what,
                        local_error->message);
  return FALSE;
}

gboolean
_hyco_actors_parse_value_list (HycoActor *actor, const char *name, const char *literal,
                               GPtrArray **values, GError **error)
{
  g_autoptr (GError) local_error = NULL;

  *values = hyco_value_parse_list (literal ? literal : "", &local_error);
  if (*values != NULL)
    return TRUE;
  hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_PARAMETER, "parameter %s: %s", name,
                        local_error->message);
  return FALSE;
}

/* A list of times in seconds such as `{0.0, 1.5}`, each converted exactly to ticks; the times
 * must not decrease and not be negative (Ptolemy II's offsets). */
gboolean
_hyco_actors_parse_time_list (HycoActor *actor, const char *name, const char *literal,
                              GArray **ticks, GError **error)
{
  g_autoptr (GPtrArray) values = NULL;
  g_autoptr (GArray) result = g_array_new (FALSE, FALSE, sizeof (gint64));
  gint64 previous = 0;

  if (!_hyco_actors_parse_value_list (actor, name, literal, &values, error))
    return FALSE;
  for (guint i = 0; i < values->len; i++)
    {
      g_autofree char *what = g_strdup_printf ("parameter %s, element %u", name, i + 1);
      gint64 t;

      if (!_hyco_actors_value_to_ticks (actor, what, values->pdata[i], &t, error))
        return FALSE;
      if (t < previous)
        {
          hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_PARAMETER,
                                "parameter %s: the times must not decrease and not be negative, "
                                "not %s",
                                name, literal);
          return FALSE;
        }
      previous = t;
      g_array_append_val (result, t);
    }
  *ticks = g_steal_pointer (&result);
  return TRUE;
}

gboolean
_hyco_actors_parse_boolean (HycoActor *actor, const char *name, const char *literal,
                            gboolean *result, GError **error)
{
  g_auto (HycoValue) value = HYCO_VALUE_INIT;

  if (hyco_value_parse_literal (literal ? literal : "", &value, NULL)
      && hyco_value_get_value_type (&value) == HYCO_VALUE_TYPE_BOOLEAN)
    {
      *result = hyco_value_get_boolean (&value);
      return TRUE;
    }
  hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_PARAMETER,
                        "parameter %s: must be true or false, not \"%s\"", name,
                        literal ? literal : "");
  return FALSE;
}

/* Writes the parameters, then the ports the model declared (those its class does not). */
static void
write_declared_ports (HycoActor *actor, HycoXmlNode *element)
{
  g_autoptr (GPtrArray) ports = hyco_actor_get_ports (actor);

  _hyco_model_writer_save_parameters (element, G_OBJECT (actor));
  for (guint i = 0; i < ports->len; i++)
    {
      HycoPort *port = ports->pdata[i];
      HycoXmlNode *port_element;

      if (hyco_actor_class_get_port_flags (HYCO_ACTOR_GET_CLASS (actor),
                                           hyco_port_get_name (port))
          != 0)
        continue;
      port_element = _hyco_model_writer_add_element (element, "port", hyco_port_get_name (port),
                                                     "TypedIOPort", NULL);
      _hyco_model_writer_add_element (port_element, "property",
                                      hyco_port_is_input (port) ? "input" : "output", NULL, NULL);
      if (hyco_port_is_multiport (port))
        _hyco_model_writer_add_element (port_element, "property", "multiport", NULL, NULL);
    }
}

/* The model file syntax of an actor whose ports, besides its class's, the model declares
 * (RecordAssembler's fields): read and written back. */
void
_hyco_actors_register_declared_ports (GType type)
{
  static const HycoModelSyntax syntax = {
    .declares_ports = TRUE,
    .write_contents = write_declared_ports,
  };

  _hyco_model_syntax_register (type, &syntax);
}
