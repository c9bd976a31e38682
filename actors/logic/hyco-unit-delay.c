/* hyco-unit-delay.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actor-helpers-private.h"
#include "hyco-actors.h"

/**
 * HycoUnitDelay:
 *
 * A delay by one tick, for synchronous-reactive models (Ptolemy II's NonStrictDelay, the
 * name it is also registered under, whose initialValue defaults to absent instead): the
 * output at tick k is the input at tick k − 1, present or absent, and `initialValue` at the
 * first tick. The input is taken when the tick is committed, so the output never depends on
 * the input at the same tick and the actor breaks feedback loops.
 *
 * The actor is meant for the SR director, which fires every actor at every tick. A DE
 * director fires it only where its input is present, so each present input produces the
 * previous present input (`initialValue` the first time); since that output exists only
 * because the input is present, under DE the actor is strict and does not break loops.
 */
struct _HycoUnitDelay
{
  HycoActor parent_instance;

  char *initial_literal;
  HycoValue initial;

  gboolean has_value; /* the output at the current tick is present */
  HycoValue value;

  HycoPort *input;
  HycoPort *output;
};

G_DEFINE_FINAL_TYPE (HycoUnitDelay, hyco_unit_delay, HYCO_TYPE_ACTOR)
HYCO_REGISTER_DEFINE (unit_delay, HYCO_TYPE_UNIT_DELAY, "UnitDelay", "NonStrictDelay")

enum
{
  PROP_0,
  PROP_INITIAL_VALUE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
hyco_unit_delay_constructed (GObject *object)
{
  HycoUnitDelay *self = HYCO_UNIT_DELAY (object);

  G_OBJECT_CLASS (hyco_unit_delay_parent_class)->constructed (object);
  self->input = hyco_actor_get_port (HYCO_ACTOR (self), "input");
  self->output = hyco_actor_get_port (HYCO_ACTOR (self), "output");
}

static void
hyco_unit_delay_finalize (GObject *object)
{
  HycoUnitDelay *self = HYCO_UNIT_DELAY (object);

  g_free (self->initial_literal);
  hyco_value_clear (&self->initial);
  hyco_value_clear (&self->value);
  G_OBJECT_CLASS (hyco_unit_delay_parent_class)->finalize (object);
}

static void
hyco_unit_delay_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  HycoUnitDelay *self = HYCO_UNIT_DELAY (object);

  switch (prop_id)
    {
    case PROP_INITIAL_VALUE:
      g_value_set_string (value, self->initial_literal);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hyco_unit_delay_set_property (GObject *object, guint prop_id, const GValue *value,
                              GParamSpec *pspec)
{
  HycoUnitDelay *self = HYCO_UNIT_DELAY (object);

  switch (prop_id)
    {
    case PROP_INITIAL_VALUE:
      if (_hyco_actors_set_literal (&self->initial_literal, value, pspec))
        g_object_notify_by_pspec (object, pspec);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static gboolean
hyco_unit_delay_preinitialize (HycoActor *actor, GError **error)
{
  HycoUnitDelay *self = HYCO_UNIT_DELAY (actor);

  return _hyco_actors_parse_value (actor, "initialValue", self->initial_literal, &self->initial,
                                   error);
}

static gboolean
hyco_unit_delay_initialize (HycoActor *actor, GError **error)
{
  HycoUnitDelay *self = HYCO_UNIT_DELAY (actor);

  self->has_value = TRUE;
  hyco_value_assign (&self->value, &self->initial);
  return TRUE;
}

static gboolean
hyco_unit_delay_fire (HycoActor *actor, GError **error)
{
  HycoUnitDelay *self = HYCO_UNIT_DELAY (actor);

  /* The input may still be unknown: the output does not depend on it. */
  if (self->has_value)
    hyco_port_send (self->output, 0, &self->value);
  else
    hyco_port_send_absent (self->output, 0);
  return TRUE;
}

static gboolean
hyco_unit_delay_postfire (HycoActor *actor, GError **error)
{
  HycoUnitDelay *self = HYCO_UNIT_DELAY (actor);
  const HycoValue *x = hyco_port_get_value (self->input, 0);

  self->has_value = x != NULL;
  if (x != NULL)
    hyco_value_assign (&self->value, x);
  return TRUE;
}

/* Under DE the output exists only where the input is present: the actor is strict there. */
static gboolean
hyco_unit_delay_is_strict (HycoActor *actor)
{
  return _hyco_actors_fired_only_when_triggered (actor);
}

static gboolean
hyco_unit_delay_output_depends_on (HycoActor *actor, HycoPort *output, HycoPort *input)
{
  return FALSE;
}

static void
hyco_unit_delay_class_init (HycoUnitDelayClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  object_class->constructed = hyco_unit_delay_constructed;
  object_class->finalize = hyco_unit_delay_finalize;
  object_class->get_property = hyco_unit_delay_get_property;
  object_class->set_property = hyco_unit_delay_set_property;
  actor_class->preinitialize = hyco_unit_delay_preinitialize;
  actor_class->initialize = hyco_unit_delay_initialize;
  actor_class->fire = hyco_unit_delay_fire;
  actor_class->postfire = hyco_unit_delay_postfire;
  actor_class->is_strict = hyco_unit_delay_is_strict;
  actor_class->output_depends_on = hyco_unit_delay_output_depends_on;

  hyco_actor_class_set_description (actor_class,
                                    "Delays a signal by one tick: y(k) = x(k − 1) (for SR)");
  hyco_actor_class_add_port (actor_class, "input", HYCO_PORT_INPUT, "The signal to delay");
  hyco_actor_class_add_port (actor_class, "output", HYCO_PORT_OUTPUT,
                             "The input of the previous tick, present or absent; initialValue "
                             "at the first tick");

  /**
   * HycoUnitDelay:initialValue:
   *
   * The output at the first tick, as a value literal (`0`, `2.5`, `true`, `"text"`).
   */
  properties[PROP_INITIAL_VALUE] = hyco_param_spec_literal (
    "initialValue", "The output at the first tick", HYCO_PARAM_KIND_VALUE, "0");
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hyco_unit_delay_init (HycoUnitDelay *self)
{
  self->initial_literal = g_strdup ("0");
}
