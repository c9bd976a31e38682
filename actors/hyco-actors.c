/* hyco-actors.c: registration of the actor library, and helpers its actors share.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actors-private.h"

/**
 * hyco_actors_register:
 *
 * Registers every actor of the library under the class name model files use (Ptolemy II's
 * names). hyco_init() calls it; applications do not need to.
 */
void
hyco_actors_register (void)
{
  hyco_registry_register ("Const", HYCO_TYPE_CONST);
  hyco_registry_register ("DiscreteClock", HYCO_TYPE_DISCRETE_CLOCK);
  hyco_registry_register ("Ramp", HYCO_TYPE_RAMP);
  hyco_registry_register ("CurrentTime", HYCO_TYPE_CURRENT_TIME);
  hyco_registry_register ("Gain", HYCO_TYPE_GAIN);
  hyco_registry_register ("Scale", HYCO_TYPE_GAIN);
  hyco_registry_register ("Adder", HYCO_TYPE_ADDER);
  hyco_registry_register ("Product", HYCO_TYPE_PRODUCT);
  hyco_registry_register ("MultiplyDivide", HYCO_TYPE_PRODUCT);
  hyco_registry_register ("MathFunction", HYCO_TYPE_MATH_FUNCTION);
  hyco_registry_register ("Sampler", HYCO_TYPE_SAMPLER);
  hyco_registry_register ("TimeDelay", HYCO_TYPE_TIME_DELAY);
  hyco_registry_register ("MicrostepDelay", HYCO_TYPE_MICROSTEP_DELAY);
  hyco_registry_register ("Recorder", HYCO_TYPE_RECORDER);
  hyco_registry_register ("Test", HYCO_TYPE_TEST);
  hyco_registry_register ("LogicalOperator", HYCO_TYPE_LOGICAL_OPERATOR);
  hyco_registry_register ("LogicalNot", HYCO_TYPE_LOGICAL_NOT);
  hyco_registry_register ("Comparator", HYCO_TYPE_COMPARATOR);
  hyco_registry_register ("Pre", HYCO_TYPE_PRE);
  hyco_registry_register ("UnitDelay", HYCO_TYPE_UNIT_DELAY);
  hyco_registry_register ("Default", HYCO_TYPE_DEFAULT);
  hyco_registry_register ("Integrator", HYCO_TYPE_INTEGRATOR);
  hyco_registry_register ("ContinuousIntegrator", HYCO_TYPE_INTEGRATOR);
  hyco_registry_register ("ZeroCrossingDetector", HYCO_TYPE_ZERO_CROSSING_DETECTOR);
  hyco_registry_register ("LevelCrossingDetector", HYCO_TYPE_ZERO_CROSSING_DETECTOR);
  hyco_registry_register ("PeriodicPiecewiseConstant", HYCO_TYPE_PERIODIC_PIECEWISE_CONSTANT);
  hyco_registry_register ("ZeroOrderHold", HYCO_TYPE_ZERO_ORDER_HOLD);
  hyco_registry_register ("ContinuousSinewave", HYCO_TYPE_CONTINUOUS_SINEWAVE);
  hyco_registry_register ("ContinuousRamp", HYCO_TYPE_CONTINUOUS_RAMP);
  hyco_registry_register ("PeriodicSampler", HYCO_TYPE_PERIODIC_SAMPLER);
  hyco_registry_register ("Counter", HYCO_TYPE_COUNTER);
}

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
