/* hyco-actor-helpers.c: what many actors do alike (literal parameters, positive times, firing
 * at exact tags, triggers), shared by every module's actors.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actor-helpers-private.h"

/* Stores a literal parameter's new text in @field; %NULL restores the default. Returns whether
 * the text changed, for explicit notification. */
gboolean
_hyco_actors_set_literal (char **field, const GValue *value, GParamSpec *pspec)
{
  const char *text = g_value_get_string (value);

  if (text == NULL)
    text = G_PARAM_SPEC_STRING (pspec)->default_value;
  if (g_strcmp0 (*field, text) == 0)
    return FALSE;
  g_free (*field);
  *field = g_strdup (text);
  return TRUE;
}

/* Parses the value literal of parameter @name into @value, with an error naming both. */
gboolean
_hyco_actors_parse_value (HycoActor *actor, const char *name, const char *literal, HycoValue *value,
                          GError **error)
{
  g_autoptr (GError) local_error = NULL;

  if (hyco_value_parse_literal (literal, value, &local_error))
    return TRUE;
  hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_PARAMETER, "parameter %s: %s", name,
                        local_error->message);
  return FALSE;
}

/* Converts time parameter @name to ticks and checks that it is finite and positive (or zero,
 * if @allow_zero); @hint, if not %NULL, is appended to the message about zero. */
gboolean
_hyco_actors_get_positive_time (HycoActor *actor, const char *name, gboolean allow_zero,
                                const char *hint, gint64 *ticks, GError **error)
{
  g_autofree char *literal = NULL;

  if (!hyco_actor_get_time_parameter (actor, name, ticks, error))
    return FALSE;
  if (*ticks > 0 && *ticks != HYCO_TIME_INFINITY)
    return TRUE;
  if (*ticks == 0 && allow_zero)
    return TRUE;
  g_object_get (actor, name, &literal, NULL);
  if (*ticks == HYCO_TIME_INFINITY)
    hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_PARAMETER,
                          "parameter %s: must be finite, not \"%s\"", name, literal);
  else if (*ticks == 0)
    hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_PARAMETER,
                          "parameter %s: must be greater than 0, not \"%s\"%s%s", name, literal,
                          hint ? "; " : "", hint ? hint : "");
  else
    hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_PARAMETER,
                          "parameter %s: must not be negative, not \"%s\"", name, literal);
  return FALSE;
}

/* Requests a firing at exactly @tag: a director granting another tag would shift the actor's
 * events in time silently, so that is an error (as in Ptolemy II's DiscreteClock). */
gboolean
_hyco_actors_fire_at_tag_exactly (HycoActor *actor, const HycoTag *tag, GError **error)
{
  HycoTag granted;

  if (!hyco_actor_fire_at_tag (actor, tag, &granted, error))
    return FALSE;
  if (!hyco_tag_equal (&granted, tag))
    {
      int resolution = hyco_actor_get_resolution (actor);
      g_autofree char *asked = hyco_tag_to_string (tag, resolution);
      g_autofree char *got = hyco_tag_to_string (&granted, resolution);
      hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_TIME,
                            "asked to be fired at %s but the director granted %s", asked, got);
      return FALSE;
    }
  return TRUE;
}

/* A firing @actor would need at a time beyond the range of model time (an addition that
 * overflowed): when the run has a stop time, the firing lies after it and would never happen,
 * so it is dropped (TRUE); without one it is an error (FALSE), with the message that @format
 * makes. */
gboolean
_hyco_actors_drop_beyond_time_range (HycoActor *actor, GError **error, const char *format, ...)
{
  g_autofree char *message = NULL;
  va_list args;

  if (hyco_actor_get_stop_time (actor) != HYCO_TIME_INFINITY)
    return TRUE;
  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_TIME, "%s", message);
  return FALSE;
}

/* An actor whose trigger input is connected to nothing fires once at the start of the run, as
 * Ptolemy II's Const does under DE. Call from initialize, once the ports are wired. */
gboolean
_hyco_actors_fire_at_start_if_untriggered (HycoActor *actor, HycoPort *trigger, GError **error)
{
  if (hyco_port_get_width (trigger) > 0)
    return TRUE;
  /* The start is now: 0, or later for a refinement a modal model initializes again. */
  return hyco_actor_fire_at (actor, hyco_actor_get_current_time (actor), NULL, error);
}

/* Whether @actor's director fires it only where it is triggered (a pure event or a present
 * input), as DE does, rather than at every tick, as SR does. Under such a director an actor
 * that produces an output whenever it fires makes the output's presence depend on its inputs
 * at the same tag, even when the value does not: a delay by one tick is strict there. */
gboolean
_hyco_actors_fired_only_when_triggered (HycoActor *actor)
{
  HycoDirector *director = hyco_actor_get_executive_director (actor);

  return director != NULL && !hyco_director_fires_every_actor (director);
}

/* prefire of an actor with a `trigger` port: with the port connected it is ready only where a
 * trigger is present (under SR, which fires every actor at every tick, it is otherwise silent,
 * as Ptolemy II's sources are); unconnected, it is always ready. */
gboolean
_hyco_actors_trigger_ready (HycoActor *actor, HycoPort *trigger)
{
  return hyco_port_get_width (trigger) == 0 || hyco_port_any_present (trigger)
         || hyco_actor_has_pure_event (actor);
}
