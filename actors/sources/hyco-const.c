/* hyco-const.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actors-private.h"
#include "hyco-actors.h"

/**
 * HycoConst:
 *
 * Produces the value of its `value` parameter each time it fires (component 3.1 of the
 * reference set). Under a discrete-event director it fires when an event arrives on any
 * channel of `trigger`; with nothing connected to `trigger` it fires once, at the start of the
 * run (tag (0, 1)), as Ptolemy II's Const does. Under directors that fire it at every tag it
 * produces the value at every tag.
 */
struct _HycoConst
{
  HycoActor parent_instance;

  char *value_literal;
  HycoValue value;
  char *limit_literal;
  gint64 limit; /* firings before the actor stops; 0: no limit */
  gint64 firings;

  HycoPort *trigger;
  HycoPort *output;
};

static void hyco_const_stage_function_init (HycoStageFunctionInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (HycoConst, hyco_const, HYCO_TYPE_ACTOR,
                               G_IMPLEMENT_INTERFACE (HYCO_TYPE_STAGE_FUNCTION,
                                                      hyco_const_stage_function_init))
HYCO_REGISTER_DEFINE (const, HYCO_TYPE_CONST, "Const")

enum
{
  PROP_0,
  PROP_VALUE,
  PROP_FIRING_COUNT_LIMIT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
hyco_const_constructed (GObject *object)
{
  HycoConst *self = HYCO_CONST (object);

  G_OBJECT_CLASS (hyco_const_parent_class)->constructed (object);
  self->trigger = hyco_actor_get_port (HYCO_ACTOR (self), "trigger");
  self->output = hyco_actor_get_port (HYCO_ACTOR (self), "output");
}

static void
hyco_const_finalize (GObject *object)
{
  HycoConst *self = HYCO_CONST (object);

  g_free (self->value_literal);
  hyco_value_clear (&self->value);
  g_free (self->limit_literal);
  G_OBJECT_CLASS (hyco_const_parent_class)->finalize (object);
}

static void
hyco_const_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  HycoConst *self = HYCO_CONST (object);

  switch (prop_id)
    {
    case PROP_VALUE:
      g_value_set_string (value, self->value_literal);
      break;
    case PROP_FIRING_COUNT_LIMIT:
      g_value_set_string (value, self->limit_literal);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hyco_const_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  HycoConst *self = HYCO_CONST (object);

  switch (prop_id)
    {
    case PROP_VALUE:
      if (_hyco_actors_set_literal (&self->value_literal, value, pspec))
        g_object_notify_by_pspec (object, pspec);
      break;
    case PROP_FIRING_COUNT_LIMIT:
      if (_hyco_actors_set_literal (&self->limit_literal, value, pspec))
        g_object_notify_by_pspec (object, pspec);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static gboolean
hyco_const_preinitialize (HycoActor *actor, GError **error)
{
  HycoConst *self = HYCO_CONST (actor);

  return _hyco_actors_parse_value (actor, "value", self->value_literal, &self->value, error)
         && _hyco_actors_parse_count (actor, "firingCountLimit", self->limit_literal,
                                      &self->limit, error);
}

/* A model parameter its value names changed during the run (SetVariable). */
static gboolean
hyco_const_parameter_changed (HycoActor *actor, const char *name, GError **error)
{
  HycoConst *self = HYCO_CONST (actor);

  if (!g_str_equal (name, "value"))
    return TRUE;
  return _hyco_actors_parse_value (actor, "value", self->value_literal, &self->value, error);
}

static gboolean
hyco_const_initialize (HycoActor *actor, GError **error)
{
  HYCO_CONST (actor)->firings = 0;
  return _hyco_actors_fire_at_start_if_untriggered (actor, HYCO_CONST (actor)->trigger, error);
}

static gboolean
hyco_const_fire (HycoActor *actor, GError **error)
{
  HycoConst *self = HYCO_CONST (actor);

  hyco_port_send (self->output, 0, &self->value);
  return TRUE;
}

static gboolean
hyco_const_postfire (HycoActor *actor, GError **error)
{
  HycoConst *self = HYCO_CONST (actor);

  if (self->limit > 0 && ++self->firings >= self->limit)
    hyco_actor_finish (actor);
  return TRUE;
}

static gboolean
hyco_const_prefire (HycoActor *actor)
{
  return _hyco_actors_trigger_ready (actor, hyco_actor_get_port (actor, "trigger"));
}

/* Untriggered, a double constant is one at every stage. */
static gboolean
hyco_const_get_stage_function (HycoStageFunction *function, HycoStageFunctionSpec *spec)
{
  HycoConst *self = HYCO_CONST (function);

  if (hyco_port_get_width (self->trigger) > 0
      || hyco_value_get_value_type (&self->value) != HYCO_VALUE_TYPE_DOUBLE)
    return FALSE;
  spec->kind = HYCO_STAGE_FUNCTION_CONSTANT;
  spec->constant = hyco_value_get_double (&self->value);
  return TRUE;
}

static void
hyco_const_stage_function_init (HycoStageFunctionInterface *iface)
{
  iface->get_stage_function = hyco_const_get_stage_function;
}

static void
hyco_const_class_init (HycoConstClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  object_class->constructed = hyco_const_constructed;
  object_class->finalize = hyco_const_finalize;
  object_class->get_property = hyco_const_get_property;
  object_class->set_property = hyco_const_set_property;
  actor_class->preinitialize = hyco_const_preinitialize;
  actor_class->parameter_changed = hyco_const_parameter_changed;
  actor_class->initialize = hyco_const_initialize;
  actor_class->prefire = hyco_const_prefire;
  actor_class->fire = hyco_const_fire;
  actor_class->postfire = hyco_const_postfire;

  hyco_actor_class_set_description (actor_class, "Produces a constant value when triggered");
  hyco_actor_class_add_port (actor_class, "trigger", HYCO_PORT_INPUT | HYCO_PORT_MULTIPORT,
                             "Any event makes the actor fire; if unconnected, it fires once "
                             "at the start");
  hyco_actor_class_add_port (actor_class, "output", HYCO_PORT_OUTPUT, "The constant value");

  /**
   * HycoConst:value:
   *
   * The value produced, as a value literal (`1`, `2.5`, `true`, `"text"`).
   */
  properties[PROP_VALUE]
    = hyco_param_spec_literal ("value", "The value produced", HYCO_PARAM_KIND_VALUE, "1");
  /**
   * HycoConst:firingCountLimit:
   *
   * After this many firings the actor is not fired again (Ptolemy II's LimitedFiringSource);
   * NONE or 0: no limit.
   */
  properties[PROP_FIRING_COUNT_LIMIT]
    = hyco_param_spec_literal ("firingCountLimit", "Firings before it stops, or NONE",
                               HYCO_PARAM_KIND_PLAIN, "NONE");
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hyco_const_init (HycoConst *self)
{
  self->limit_literal = g_strdup ("NONE");
  self->value_literal = g_strdup ("1");
}
