/* hyco-periodic-piecewise-constant.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actor-helpers-private.h"
#include "hyco-actors.h"

/**
 * HycoPeriodicPiecewiseConstant:
 *
 * Component 3.4: a continuous signal equal to `a` on (2kp, (2k+1)p) and `b` on
 * ((2k+1)p, (2k+2)p). At each multiple of p it is still the old value at microstep 0 and the
 * new one from microstep 1, so every switch is a discontinuity at a single time. It asks to be
 * fired at (kp, 1), which makes a continuous director land a step exactly on each switch.
 */
struct _HycoPeriodicPiecewiseConstant
{
  HycoActor parent_instance;

  char *a_literal, *b_literal, *period_literal;
  HycoValue a, b;
  gint64 period;
  HycoPort *output;
};

G_DEFINE_FINAL_TYPE (HycoPeriodicPiecewiseConstant, hyco_periodic_piecewise_constant,
                     HYCO_TYPE_ACTOR)
HYCO_REGISTER_DEFINE (periodic_piecewise_constant, HYCO_TYPE_PERIODIC_PIECEWISE_CONSTANT,
                      "PeriodicPiecewiseConstant")

enum
{
  PROP_0,
  PROP_A,
  PROP_B,
  PROP_PERIOD,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static char **
literal_field (HycoPeriodicPiecewiseConstant *self, guint prop_id)
{
  switch (prop_id)
    {
    case PROP_A:
      return &self->a_literal;
    case PROP_B:
      return &self->b_literal;
    case PROP_PERIOD:
      return &self->period_literal;
    default:
      return NULL;
    }
}

static void
get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  char **field = literal_field (HYCO_PERIODIC_PIECEWISE_CONSTANT (object), prop_id);

  if (field == NULL)
    {
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }
  g_value_set_string (value, *field);
}

static void
set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  char **field = literal_field (HYCO_PERIODIC_PIECEWISE_CONSTANT (object), prop_id);

  if (field == NULL)
    {
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }
  if (_hyco_actors_set_literal (field, value, pspec))
    g_object_notify_by_pspec (object, pspec);
}

static void
hyco_periodic_piecewise_constant_constructed (GObject *object)
{
  HycoPeriodicPiecewiseConstant *self = HYCO_PERIODIC_PIECEWISE_CONSTANT (object);

  G_OBJECT_CLASS (hyco_periodic_piecewise_constant_parent_class)->constructed (object);
  self->output = hyco_actor_get_port (HYCO_ACTOR (self), "output");
}

static void
hyco_periodic_piecewise_constant_finalize (GObject *object)
{
  HycoPeriodicPiecewiseConstant *self = HYCO_PERIODIC_PIECEWISE_CONSTANT (object);

  g_free (self->a_literal);
  g_free (self->b_literal);
  g_free (self->period_literal);
  hyco_value_clear (&self->a);
  hyco_value_clear (&self->b);
  G_OBJECT_CLASS (hyco_periodic_piecewise_constant_parent_class)->finalize (object);
}

static gboolean
hyco_periodic_piecewise_constant_preinitialize (HycoActor *actor, GError **error)
{
  HycoPeriodicPiecewiseConstant *self = HYCO_PERIODIC_PIECEWISE_CONSTANT (actor);

  return _hyco_actors_parse_value (actor, "a", self->a_literal, &self->a, error)
         && _hyco_actors_parse_value (actor, "b", self->b_literal, &self->b, error)
         && _hyco_actors_get_positive_time (actor, "period", FALSE, NULL, &self->period, error);
}

static gboolean
request_next_switch (HycoPeriodicPiecewiseConstant *self, gint64 after, GError **error)
{
  HycoTag tag = { 0, 1 };
  gint64 switched = (after / self->period) * self->period;

  /* After the stop time, if there is one: the signal switches no more. */
  if (!hyco_time_add (switched, self->period, &tag.time, NULL))
    {
      g_autofree char *period
        = hyco_time_to_string (self->period, hyco_actor_get_resolution (HYCO_ACTOR (self)));
      g_autofree char *last
        = hyco_time_to_string (switched, hyco_actor_get_resolution (HYCO_ACTOR (self)));
      return _hyco_actors_drop_beyond_time_range (HYCO_ACTOR (self), error,
                                                  "the switch after %s s (period %s s) is "
                                                  "beyond the range of model time",
                                                  last, period);
    }
  return _hyco_actors_fire_at_tag_exactly (HYCO_ACTOR (self), &tag, error);
}

static gboolean
hyco_periodic_piecewise_constant_initialize (HycoActor *actor, GError **error)
{
  return request_next_switch (HYCO_PERIODIC_PIECEWISE_CONSTANT (actor), 0, error);
}

static gboolean
hyco_periodic_piecewise_constant_fire (HycoActor *actor, GError **error)
{
  HycoPeriodicPiecewiseConstant *self = HYCO_PERIODIC_PIECEWISE_CONSTANT (actor);
  HycoTag now;
  gint64 interval;

  hyco_actor_get_current_tag (actor, &now);
  interval = now.time / self->period;
  /* At a multiple of p, microstep 0 still belongs to the interval before. */
  if (now.time % self->period == 0 && now.microstep == 0 && interval > 0)
    interval--;
  hyco_port_send (self->output, 0, interval % 2 == 0 ? &self->a : &self->b);
  return TRUE;
}

static gboolean
hyco_periodic_piecewise_constant_postfire (HycoActor *actor, GError **error)
{
  HycoPeriodicPiecewiseConstant *self = HYCO_PERIODIC_PIECEWISE_CONSTANT (actor);
  HycoTag now;

  hyco_actor_get_current_tag (actor, &now);
  if (hyco_actor_has_pure_event (actor) && now.microstep == 1 && now.time % self->period == 0)
    return request_next_switch (self, now.time, error);
  return TRUE;
}

static void
hyco_periodic_piecewise_constant_class_init (HycoPeriodicPiecewiseConstantClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  object_class->constructed = hyco_periodic_piecewise_constant_constructed;
  object_class->finalize = hyco_periodic_piecewise_constant_finalize;
  object_class->get_property = get_property;
  object_class->set_property = set_property;
  actor_class->preinitialize = hyco_periodic_piecewise_constant_preinitialize;
  actor_class->initialize = hyco_periodic_piecewise_constant_initialize;
  actor_class->fire = hyco_periodic_piecewise_constant_fire;
  actor_class->postfire = hyco_periodic_piecewise_constant_postfire;

  hyco_actor_class_set_description (actor_class,
                                    "a and b alternately for one period each, switching at "
                                    "(kp, 1)");
  hyco_actor_class_add_port (actor_class, "output", HYCO_PORT_OUTPUT,
                             "The continuous piecewise-constant signal");
  /**
   * HycoPeriodicPiecewiseConstant:a:
   *
   * The value on even periods.
   */
  properties[PROP_A]
    = hyco_param_spec_literal ("a", "The value on even periods", HYCO_PARAM_KIND_VALUE, "1");
  /**
   * HycoPeriodicPiecewiseConstant:b:
   *
   * The value on odd periods.
   */
  properties[PROP_B]
    = hyco_param_spec_literal ("b", "The value on odd periods", HYCO_PARAM_KIND_VALUE, "-1");
  /**
   * HycoPeriodicPiecewiseConstant:period:
   *
   * The length of each period, in seconds.
   */
  properties[PROP_PERIOD]
    = hyco_param_spec_literal ("period", "Length of each period (s)", HYCO_PARAM_KIND_TIME, "1");
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hyco_periodic_piecewise_constant_init (HycoPeriodicPiecewiseConstant *self)
{
  self->a_literal = g_strdup ("1");
  self->b_literal = g_strdup ("-1");
  self->period_literal = g_strdup ("1");
}
