/* hyco-level-crossing-detector.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actor-helpers-private.h"
#include "hyco-actors.h"

#include <math.h>

/**
 * HycoLevelCrossingDetector:
 *
 * Ptolemy II's LevelCrossingDetector: turns the crossings of `level` by the continuous
 * `trigger` input into discrete events of value `value` (by default the level itself).
 *
 * A crossing is a firing whose input lies on the other side of the level from the input at
 * the last committed tag, or exactly on it, moving in a watched `direction` (`both`, `rising`
 * or `falling`). At the end of an integration step the crossing counts only when the input is
 * within `errorTolerance` of the level; farther, the step is inaccurate, and the refined step
 * proposed aims half a tolerance past the level along the straight line between the two
 * inputs, so the continuous director locates the crossing by step refinement alone. Across
 * microsteps at one time (a discontinuity) any crossing counts at once.
 *
 * The event comes one microstep after the crossing's tag: a crossing found at (t, n) is output
 * at (t, n + 1). So the output is absent at microstep 0, as a discrete signal in a continuous
 * model must be, and depends on no input at its own tag: the actor is non-strict and breaks
 * zero-delay loops. Unlike ZeroCrossingDetector (component 3.9), it does not look for a level
 * touched inside a step without a crossing at its end, and never emits at the very first
 * firing, which has no earlier input to compare with.
 */
struct _HycoLevelCrossingDetector
{
  HycoActor parent_instance;

  double level;
  double tolerance;
  char *direction;
  char *value_literal;
  HycoValue value;
  gboolean rising, falling;

  /* Committed: the input at the last tag it was present, and the time of the last tag. */
  gboolean has_last;
  double last;
  gint64 last_time;
  guint64 postponed; /* the microstep of a pending event at the current time; 0 for none */

  HycoPort *trigger;
  HycoPort *output;
};

static void hyco_level_crossing_detector_control_init (HycoStepSizeControlInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (HycoLevelCrossingDetector, hyco_level_crossing_detector,
                               HYCO_TYPE_ACTOR,
                               G_IMPLEMENT_INTERFACE (HYCO_TYPE_STEP_SIZE_CONTROL,
                                                      hyco_level_crossing_detector_control_init))
HYCO_REGISTER_DEFINE (level_crossing_detector, HYCO_TYPE_LEVEL_CROSSING_DETECTOR,
                      "LevelCrossingDetector")

enum
{
  PROP_0,
  PROP_LEVEL,
  PROP_VALUE,
  PROP_DIRECTION,
  PROP_TOLERANCE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  HycoLevelCrossingDetector *self = HYCO_LEVEL_CROSSING_DETECTOR (object);

  switch (prop_id)
    {
    case PROP_LEVEL:
      g_value_set_double (value, self->level);
      break;
    case PROP_VALUE:
      g_value_set_string (value, self->value_literal);
      break;
    case PROP_DIRECTION:
      g_value_set_string (value, self->direction);
      break;
    case PROP_TOLERANCE:
      g_value_set_double (value, self->tolerance);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  HycoLevelCrossingDetector *self = HYCO_LEVEL_CROSSING_DETECTOR (object);

  switch (prop_id)
    {
    case PROP_LEVEL:
      if (self->level == g_value_get_double (value))
        return;
      self->level = g_value_get_double (value);
      break;
    case PROP_VALUE:
      if (!_hyco_actors_set_literal (&self->value_literal, value, pspec))
        return;
      break;
    case PROP_DIRECTION:
      if (!_hyco_actors_set_literal (&self->direction, value, pspec))
        return;
      break;
    case PROP_TOLERANCE:
      if (self->tolerance == g_value_get_double (value))
        return;
      self->tolerance = g_value_get_double (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }
  g_object_notify_by_pspec (object, pspec);
}

static void
hyco_level_crossing_detector_constructed (GObject *object)
{
  HycoLevelCrossingDetector *self = HYCO_LEVEL_CROSSING_DETECTOR (object);

  G_OBJECT_CLASS (hyco_level_crossing_detector_parent_class)->constructed (object);
  self->trigger = hyco_actor_get_port (HYCO_ACTOR (self), "trigger");
  self->output = hyco_actor_get_port (HYCO_ACTOR (self), "output");
}

static void
hyco_level_crossing_detector_finalize (GObject *object)
{
  HycoLevelCrossingDetector *self = HYCO_LEVEL_CROSSING_DETECTOR (object);

  g_free (self->direction);
  g_free (self->value_literal);
  hyco_value_clear (&self->value);
  G_OBJECT_CLASS (hyco_level_crossing_detector_parent_class)->finalize (object);
}

static gboolean
hyco_level_crossing_detector_preinitialize (HycoActor *actor, GError **error)
{
  HycoLevelCrossingDetector *self = HYCO_LEVEL_CROSSING_DETECTOR (actor);
  g_autofree char *value = g_strstrip (g_strdup (self->value_literal));

  /* Ptolemy II compares the direction ignoring case. */
  self->rising = g_ascii_strcasecmp (self->direction, "both") == 0
                 || g_ascii_strcasecmp (self->direction, "rising") == 0;
  self->falling = g_ascii_strcasecmp (self->direction, "both") == 0
                  || g_ascii_strcasecmp (self->direction, "falling") == 0;
  if (!self->rising && !self->falling)
    {
      hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_PARAMETER,
                            "parameter direction: \"%s\" is not both, rising or falling",
                            self->direction);
      return FALSE;
    }
  if (!(self->tolerance > 0))
    {
      hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_PARAMETER,
                            "parameter errorTolerance: must be greater than 0");
      return FALSE;
    }
  /* The default, Ptolemy II's expression "level", is the level's value. */
  hyco_value_clear (&self->value);
  if (value[0] == '\0' || g_str_equal (value, "level"))
    {
      hyco_value_set_double (&self->value, self->level);
      return TRUE;
    }
  return _hyco_actors_parse_value (actor, "value", value, &self->value, error);
}

static gboolean
hyco_level_crossing_detector_initialize (HycoActor *actor, GError **error)
{
  HycoLevelCrossingDetector *self = HYCO_LEVEL_CROSSING_DETECTOR (actor);

  self->has_last = FALSE;
  self->last_time = hyco_actor_get_current_time (actor);
  self->postponed = 0;
  return TRUE;
}

typedef enum
{
  CROSSING_NONE,
  CROSSING_FOUND,  /* within the tolerance, or across microsteps: an event */
  CROSSING_MISSED, /* at a step's end, too far past the level: refine the step */
} Crossing;

/* What the input at the current tag says, compared with the committed one: a pure function of
 * the inputs and the committed state, so that fire, the accuracy vote and postfire agree. */
static Crossing
crossing (HycoLevelCrossingDetector *self, double *x)
{
  HycoTag now;

  if (!self->has_last || !hyco_port_is_present (self->trigger, 0))
    return CROSSING_NONE;
  *x = hyco_port_get_double (self->trigger, 0);
  if (!((self->last - self->level) * (*x - self->level) < 0 || *x == self->level))
    return CROSSING_NONE;
  /* An input that does not move is not a crossing: one was reported when it arrived. */
  if (!((self->rising && *x > self->last) || (self->falling && *x < self->last)))
    return CROSSING_NONE;
  hyco_actor_get_current_tag (HYCO_ACTOR (self), &now);
  /* A later time than the committed one is the end of an integration step. */
  if (now.time != self->last_time && fabs (*x - self->level) >= self->tolerance)
    return CROSSING_MISSED;
  return CROSSING_FOUND;
}

static gboolean
pending_now (HycoLevelCrossingDetector *self, const HycoTag *now)
{
  /* At or after the microstep asked for: a modal model may have been suspended then. */
  return self->postponed > 0 && now->time == self->last_time && self->postponed <= now->microstep;
}

static gboolean
hyco_level_crossing_detector_fire (HycoActor *actor, GError **error)
{
  HycoLevelCrossingDetector *self = HYCO_LEVEL_CROSSING_DETECTOR (actor);
  HycoTag now;

  /* The event found at an earlier microstep; the input at this tag plays no part. */
  hyco_actor_get_current_tag (actor, &now);
  if (pending_now (self, &now))
    hyco_port_send (self->output, 0, &self->value);
  else
    hyco_port_send_absent (self->output, 0);
  return TRUE;
}

static gboolean
hyco_level_crossing_detector_postfire (HycoActor *actor, GError **error)
{
  HycoLevelCrossingDetector *self = HYCO_LEVEL_CROSSING_DETECTOR (actor);
  Crossing found;
  HycoTag now;
  double x;

  hyco_actor_get_current_tag (actor, &now);
  if (pending_now (self, &now) || now.time != self->last_time)
    self->postponed = 0;
  found = crossing (self, &x);
  if (hyco_port_is_present (self->trigger, 0))
    {
      self->last = hyco_port_get_double (self->trigger, 0);
      self->has_last = TRUE;
    }
  self->last_time = now.time;
  /* A step is committed only once every controller found it accurate, or when the director
   * could refine it no more: a crossing in a committed step is an event either way. */
  if (found == CROSSING_NONE)
    return TRUE;
  self->postponed = now.microstep + 1;
  now.microstep++;
  return _hyco_actors_fire_at_tag_exactly (actor, &now, error);
}

static gboolean
hyco_level_crossing_detector_is_strict (HycoActor *actor)
{
  return FALSE;
}

static gboolean
hyco_level_crossing_detector_output_depends_on (HycoActor *actor, HycoPort *output, HycoPort *input)
{
  return FALSE;
}

static gboolean
hyco_level_crossing_detector_is_step_size_accurate (HycoStepSizeControl *control)
{
  double x;

  return crossing (HYCO_LEVEL_CROSSING_DETECTOR (control), &x) != CROSSING_MISSED;
}

/* Where the straight line between the committed input and this one passes half a tolerance
 * beyond the level: a step that ends within the tolerance, just past the crossing. */
static gint64
hyco_level_crossing_detector_refined_step_size (HycoStepSizeControl *control, gint64 step)
{
  HycoLevelCrossingDetector *self = HYCO_LEVEL_CROSSING_DETECTOR (control);
  double x, fraction;

  if (crossing (self, &x) != CROSSING_MISSED)
    return step;
  fraction = (fabs (self->last - self->level) + self->tolerance / 2) / fabs (x - self->last);
  return CLAMP ((gint64) llround ((double) step * fraction), 1, MAX (step - 1, 1));
}

static void
hyco_level_crossing_detector_control_init (HycoStepSizeControlInterface *iface)
{
  iface->is_step_size_accurate = hyco_level_crossing_detector_is_step_size_accurate;
  iface->refined_step_size = hyco_level_crossing_detector_refined_step_size;
}

static void
hyco_level_crossing_detector_class_init (HycoLevelCrossingDetectorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  object_class->constructed = hyco_level_crossing_detector_constructed;
  object_class->finalize = hyco_level_crossing_detector_finalize;
  object_class->get_property = get_property;
  object_class->set_property = set_property;
  actor_class->preinitialize = hyco_level_crossing_detector_preinitialize;
  actor_class->initialize = hyco_level_crossing_detector_initialize;
  actor_class->fire = hyco_level_crossing_detector_fire;
  actor_class->postfire = hyco_level_crossing_detector_postfire;
  actor_class->is_strict = hyco_level_crossing_detector_is_strict;
  actor_class->output_depends_on = hyco_level_crossing_detector_output_depends_on;

  hyco_actor_class_set_description (
    actor_class, "Emits value one microstep after a continuous input crosses a level");
  hyco_actor_class_add_port (actor_class, "trigger", HYCO_PORT_INPUT,
                             "The continuous signal watched");
  hyco_actor_class_add_port (actor_class, "output", HYCO_PORT_OUTPUT,
                             "value at (t, n + 1) for a crossing found at (t, n)");
  /**
   * HycoLevelCrossingDetector:level:
   *
   * The level whose crossings are detected.
   */
  properties[PROP_LEVEL] = g_param_spec_double (
    "level", NULL, "The level whose crossings are detected", -G_MAXDOUBLE, G_MAXDOUBLE, 0,
    G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HycoLevelCrossingDetector:value:
   *
   * The value of each event, a value literal; `level` (the default) for the level's value.
   */
  properties[PROP_VALUE] = g_param_spec_string (
    "value", NULL, "The value of each event; level for the level's value", "level",
    G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HycoLevelCrossingDetector:direction:
   *
   * Which crossings count: `both`, `rising` or `falling`.
   */
  properties[PROP_DIRECTION]
    = g_param_spec_string ("direction", NULL, "both, rising or falling", "both",
                           G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HycoLevelCrossingDetector:errorTolerance:
   *
   * How close to the level the input must be at a step's end for the crossing to count.
   */
  properties[PROP_TOLERANCE] = g_param_spec_double (
    "errorTolerance", NULL, "How close to the level a located crossing is", 0, G_MAXDOUBLE, 1e-4,
    G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hyco_level_crossing_detector_init (HycoLevelCrossingDetector *self)
{
  self->tolerance = 1e-4;
  self->direction = g_strdup ("both");
  self->value_literal = g_strdup ("level");
}
