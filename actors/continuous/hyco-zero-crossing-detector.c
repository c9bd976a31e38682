/* hyco-zero-crossing-detector.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actor-helpers-private.h"
#include "hyco-actors.h"

#include <math.h>

/**
 * HycoZeroCrossingDetector:
 *
 * Component 3.9, after Ptolemy II's LevelCrossingDetector: emits `value` (default 0) when its
 * continuous `trigger` input crosses `level`. A crossing inside a step makes the step
 * inaccurate and proposes a refined step (linear interpolation of the crossing), so the
 * continuous director locates it by step refinement within `errorTolerance` of the level,
 * without shrinking steps anywhere else; the event is then emitted one microstep after the
 * step's end, at (t, 1). A sign change or an arrival at the level across microsteps at one
 * time (a discontinuity) is emitted at once, at that microstep. `direction` restricts events
 * to rising or falling crossings.
 */
struct _HycoZeroCrossingDetector
{
  HycoActor parent_instance;

  double level;
  double tolerance;
  char *direction;
  char *value_literal;
  HycoValue value;
  gboolean rising, falling;

  /* Committed: the input relative to the level at the last committed tag. */
  gboolean have_previous;
  double previous;
  gint64 previous_time;
  /* The committed value before that, at an earlier time: with three points a dip that
   * touches the level inside a step, without crossing it, shows as a parabola's vertex. */
  gboolean have_earlier;
  double earlier;
  gint64 earlier_time;
  HycoTag pending; /* an event located at a step's end, emitted at (t, 1) */
  gboolean has_pending;

  HycoPort *trigger;
  HycoPort *output;
};

static void hyco_zero_crossing_detector_control_init (HycoStepSizeControlInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (HycoZeroCrossingDetector, hyco_zero_crossing_detector,
                               HYCO_TYPE_ACTOR,
                               G_IMPLEMENT_INTERFACE (HYCO_TYPE_STEP_SIZE_CONTROL,
                                                      hyco_zero_crossing_detector_control_init))
HYCO_REGISTER_DEFINE (zero_crossing_detector, HYCO_TYPE_ZERO_CROSSING_DETECTOR,
                      "ZeroCrossingDetector")

enum
{
  PROP_0,
  PROP_LEVEL,
  PROP_TOLERANCE,
  PROP_DIRECTION,
  PROP_VALUE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  HycoZeroCrossingDetector *self = HYCO_ZERO_CROSSING_DETECTOR (object);

  switch (prop_id)
    {
    case PROP_LEVEL:
      g_value_set_double (value, self->level);
      break;
    case PROP_TOLERANCE:
      g_value_set_double (value, self->tolerance);
      break;
    case PROP_DIRECTION:
      g_value_set_string (value, self->direction);
      break;
    case PROP_VALUE:
      g_value_set_string (value, self->value_literal);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  HycoZeroCrossingDetector *self = HYCO_ZERO_CROSSING_DETECTOR (object);

  switch (prop_id)
    {
    case PROP_LEVEL:
      self->level = g_value_get_double (value);
      break;
    case PROP_TOLERANCE:
      self->tolerance = g_value_get_double (value);
      break;
    case PROP_DIRECTION:
      if (!_hyco_actors_set_literal (&self->direction, value, pspec))
        return;
      break;
    case PROP_VALUE:
      if (!_hyco_actors_set_literal (&self->value_literal, value, pspec))
        return;
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }
  g_object_notify_by_pspec (object, pspec);
}

static void
hyco_zero_crossing_detector_constructed (GObject *object)
{
  HycoZeroCrossingDetector *self = HYCO_ZERO_CROSSING_DETECTOR (object);

  G_OBJECT_CLASS (hyco_zero_crossing_detector_parent_class)->constructed (object);
  self->trigger = hyco_actor_get_port (HYCO_ACTOR (self), "trigger");
  self->output = hyco_actor_get_port (HYCO_ACTOR (self), "output");
}

static void
hyco_zero_crossing_detector_finalize (GObject *object)
{
  HycoZeroCrossingDetector *self = HYCO_ZERO_CROSSING_DETECTOR (object);

  g_free (self->direction);
  g_free (self->value_literal);
  hyco_value_clear (&self->value);
  G_OBJECT_CLASS (hyco_zero_crossing_detector_parent_class)->finalize (object);
}

static gboolean
hyco_zero_crossing_detector_preinitialize (HycoActor *actor, GError **error)
{
  HycoZeroCrossingDetector *self = HYCO_ZERO_CROSSING_DETECTOR (actor);

  self->rising = g_str_equal (self->direction, "both") || g_str_equal (self->direction, "rising");
  self->falling = g_str_equal (self->direction, "both") || g_str_equal (self->direction, "falling");
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
  return _hyco_actors_parse_value (actor, "value", self->value_literal, &self->value, error);
}

static gboolean
hyco_zero_crossing_detector_initialize (HycoActor *actor, GError **error)
{
  HycoZeroCrossingDetector *self = HYCO_ZERO_CROSSING_DETECTOR (actor);

  self->have_previous = FALSE;
  self->have_earlier = FALSE;
  self->has_pending = FALSE;
  return TRUE;
}

/* The input relative to the level, with values within the tolerance taken as on it. */
static gboolean
current_offset (HycoZeroCrossingDetector *self, double *offset)
{
  if (!hyco_port_is_present (self->trigger, 0))
    return FALSE;
  *offset = hyco_port_get_double (self->trigger, 0) - self->level;
  if (fabs (*offset) <= self->tolerance)
    *offset = 0;
  return TRUE;
}

/* Whether going from @before to @after is an event of the watched direction: a strict sign
 * change, or an arrival on the level from off it. */
static gboolean
is_event (HycoZeroCrossingDetector *self, double before, double after)
{
  if (before == 0)
    return FALSE;
  if (before < 0 && after >= 0)
    return self->rising;
  if (before > 0 && after <= 0)
    return self->falling;
  return FALSE;
}

static gboolean
hyco_zero_crossing_detector_fire (HycoActor *actor, GError **error)
{
  HycoZeroCrossingDetector *self = HYCO_ZERO_CROSSING_DETECTOR (actor);
  HycoTag now;
  double offset;

  hyco_actor_get_current_tag (actor, &now);
  if (self->has_pending && hyco_tag_equal (&now, &self->pending))
    {
      hyco_port_send (self->output, 0, &self->value);
      return TRUE;
    }
  /* Across microsteps at one time, an event is immediate. */
  if (now.microstep > 0 && self->have_previous && now.time == self->previous_time
      && current_offset (self, &offset) && is_event (self, self->previous, offset))
    hyco_port_send (self->output, 0, &self->value);
  return TRUE;
}

static gboolean
hyco_zero_crossing_detector_postfire (HycoActor *actor, GError **error)
{
  HycoZeroCrossingDetector *self = HYCO_ZERO_CROSSING_DETECTOR (actor);
  HycoTag now;
  double offset;

  hyco_actor_get_current_tag (actor, &now);
  if (self->has_pending && hyco_tag_equal (&now, &self->pending))
    self->has_pending = FALSE;
  if (!current_offset (self, &offset))
    return TRUE;
  /* A step ended on the level, coming from off it: the crossing is here, emit at (t, 1). */
  if (now.microstep == 0 && self->have_previous && now.time > self->previous_time
      && is_event (self, self->previous, offset))
    {
      self->pending.time = now.time;
      self->pending.microstep = 1;
      self->has_pending = TRUE;
      if (!_hyco_actors_fire_at_tag_exactly (actor, &self->pending, error))
        return FALSE;
    }
  if (self->have_previous && self->previous_time < now.time)
    {
      self->earlier = self->previous;
      self->earlier_time = self->previous_time;
      self->have_earlier = TRUE;
    }
  self->previous = offset;
  self->previous_time = now.time;
  self->have_previous = TRUE;
  return TRUE;
}

static gboolean
hyco_zero_crossing_detector_is_strict (HycoActor *actor)
{
  return FALSE;
}

/* Where the parabola through the last two committed points and the step's end has its vertex,
 * when that vertex lies inside the step and reaches the level (touching it, or dipping through
 * and back): the time in ticks from the step's start, or 0 for none. */
static gint64
touch_inside (HycoZeroCrossingDetector *self, double offset, gint64 now)
{
  double t0, t1, t2, x0 = self->earlier, x1 = self->previous, x2 = offset, a, b, vertex, value;

  if (!self->have_earlier || x0 == 0 || x1 == 0 || x2 == 0 || (x0 > 0) != (x1 > 0)
      || (x1 > 0) != (x2 > 0))
    return 0;
  /* Times relative to the step's start, in ticks (exact integers as doubles). */
  t0 = (double) (self->earlier_time - self->previous_time);
  t1 = 0;
  t2 = (double) (now - self->previous_time);
  /* p(t) = x1 + b t + a t^2 through (t0, x0), (0, x1), (t2, x2). */
  a = ((x2 - x1) / t2 - (x0 - x1) / t0) / (t2 - t0);
  b = (x2 - x1) / t2 - a * t2;
  if (a == 0 || (x1 > 0) != (a > 0))
    return 0; /* no dip towards the level */
  vertex = -b / (2 * a);
  if (!(vertex > t1 && vertex < t2))
    return 0;
  value = x1 + b * vertex + a * vertex * vertex;
  if ((x1 > 0 && value > self->tolerance) || (x1 < 0 && value < -self->tolerance))
    return 0;
  return MAX ((gint64) vertex, 1);
}

/* Inaccurate when the input changed sign strictly inside the step, both ends off the level,
 * or touched the level inside it. */
static gboolean
crossed_inside (HycoZeroCrossingDetector *self, double *offset, gint64 *touch)
{
  HycoTag now;

  *touch = 0;
  hyco_actor_get_current_tag (HYCO_ACTOR (self), &now);
  if (!self->have_previous || now.time <= self->previous_time || !current_offset (self, offset))
    return FALSE;
  if (*offset != 0 && is_event (self, self->previous, *offset))
    return TRUE;
  /* Touching from above is a falling arrival on the level, from below a rising one. */
  if ((self->previous > 0 && !self->falling) || (self->previous < 0 && !self->rising))
    return FALSE;
  *touch = touch_inside (self, *offset, now.time);
  return *touch > 0;
}

static gboolean
hyco_zero_crossing_detector_is_step_size_accurate (HycoStepSizeControl *control)
{
  double offset;
  gint64 touch;

  return !crossed_inside (HYCO_ZERO_CROSSING_DETECTOR (control), &offset, &touch);
}

static gint64
hyco_zero_crossing_detector_refined_step_size (HycoStepSizeControl *control, gint64 step)
{
  HycoZeroCrossingDetector *self = HYCO_ZERO_CROSSING_DETECTOR (control);
  double offset, fraction;
  gint64 touch;

  if (!crossed_inside (self, &offset, &touch))
    return step;
  if (touch > 0)
    return CLAMP (touch, 1, step > 1 ? step - 1 : 1);
  /* Where the straight line between the two ends meets the level. */
  fraction = fabs (self->previous) / (fabs (self->previous) + fabs (offset));
  return CLAMP ((gint64) ((double) step * fraction), 1, step - 1 > 0 ? step - 1 : 1);
}

static void
hyco_zero_crossing_detector_control_init (HycoStepSizeControlInterface *iface)
{
  iface->is_step_size_accurate = hyco_zero_crossing_detector_is_step_size_accurate;
  iface->refined_step_size = hyco_zero_crossing_detector_refined_step_size;
}

static void
hyco_zero_crossing_detector_class_init (HycoZeroCrossingDetectorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  object_class->constructed = hyco_zero_crossing_detector_constructed;
  object_class->finalize = hyco_zero_crossing_detector_finalize;
  object_class->get_property = get_property;
  object_class->set_property = set_property;
  actor_class->preinitialize = hyco_zero_crossing_detector_preinitialize;
  actor_class->initialize = hyco_zero_crossing_detector_initialize;
  actor_class->fire = hyco_zero_crossing_detector_fire;
  actor_class->postfire = hyco_zero_crossing_detector_postfire;
  actor_class->is_strict = hyco_zero_crossing_detector_is_strict;

  hyco_actor_class_set_description (actor_class,
                                    "Emits an event where a continuous input crosses a level");
  hyco_actor_class_add_port (actor_class, "trigger", HYCO_PORT_INPUT,
                             "The continuous signal watched");
  hyco_actor_class_add_port (actor_class, "output", HYCO_PORT_OUTPUT,
                             "value at each crossing: at (t, 1) inside an interval, at once "
                             "across microsteps");
  /**
   * HycoZeroCrossingDetector:level:
   *
   * The level whose crossings are detected.
   */
  properties[PROP_LEVEL] = g_param_spec_double (
    "level", NULL, "The level whose crossings are detected", -G_MAXDOUBLE, G_MAXDOUBLE, 0,
    G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HycoZeroCrossingDetector:errorTolerance:
   *
   * How close to the level a step must end for the crossing to count as located.
   */
  properties[PROP_TOLERANCE] = g_param_spec_double (
    "errorTolerance", NULL, "How close to the level a located crossing is", 0, G_MAXDOUBLE, 1e-4,
    G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HycoZeroCrossingDetector:direction:
   *
   * Which crossings count: `both`, `rising` or `falling`.
   */
  properties[PROP_DIRECTION]
    = g_param_spec_string ("direction", NULL, "both, rising or falling", "both",
                           G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HycoZeroCrossingDetector:value:
   *
   * The value of each event.
   */
  properties[PROP_VALUE]
    = hyco_param_spec_literal ("value", "The value of each event", HYCO_PARAM_KIND_VALUE, "0");
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hyco_zero_crossing_detector_init (HycoZeroCrossingDetector *self)
{
  self->tolerance = 1e-4;
  self->direction = g_strdup ("both");
  self->value_literal = g_strdup ("0");
}
