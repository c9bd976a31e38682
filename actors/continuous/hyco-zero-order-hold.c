/* hyco-zero-order-hold.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actor-helpers-private.h"
#include "hyco-actors.h"

/**
 * HycoZeroOrderHold:
 *
 * Turns a discrete-event signal into a continuous one (component 3.10): the output is the last
 * present input, from the tag of that input on. Before the first input it is `defaultValue`,
 * as in Ptolemy II's ZeroOrderHold, or absent when that parameter is empty (the default).
 *
 * Under a continuous director the input must be discrete: present at microstep 0 during an
 * integration step it would be a continuous signal, whose changes between the step's stages
 * holding it would hide; as in Ptolemy II that is an error (at the first firing it is allowed).
 */
struct _HycoZeroOrderHold
{
  HycoActor parent_instance;

  char *default_literal;
  gboolean has_default;
  HycoValue default_value;

  gboolean continuous; /* run by a continuous director */
  gboolean fired;      /* postfired at least once since initialize */
  gboolean holding;
  HycoValue held;
  HycoPort *input;
  HycoPort *output;
};

G_DEFINE_FINAL_TYPE (HycoZeroOrderHold, hyco_zero_order_hold, HYCO_TYPE_ACTOR)
HYCO_REGISTER_DEFINE (zero_order_hold, HYCO_TYPE_ZERO_ORDER_HOLD, "ZeroOrderHold")

enum
{
  PROP_0,
  PROP_DEFAULT_VALUE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
hyco_zero_order_hold_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_DEFAULT_VALUE:
      g_value_set_string (value, HYCO_ZERO_ORDER_HOLD (object)->default_literal);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hyco_zero_order_hold_set_property (GObject *object, guint prop_id, const GValue *value,
                                   GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_DEFAULT_VALUE:
      if (_hyco_actors_set_literal (&HYCO_ZERO_ORDER_HOLD (object)->default_literal, value, pspec))
        g_object_notify_by_pspec (object, pspec);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hyco_zero_order_hold_constructed (GObject *object)
{
  HycoZeroOrderHold *self = HYCO_ZERO_ORDER_HOLD (object);

  G_OBJECT_CLASS (hyco_zero_order_hold_parent_class)->constructed (object);
  self->input = hyco_actor_get_port (HYCO_ACTOR (self), "input");
  self->output = hyco_actor_get_port (HYCO_ACTOR (self), "output");
}

static void
hyco_zero_order_hold_finalize (GObject *object)
{
  HycoZeroOrderHold *self = HYCO_ZERO_ORDER_HOLD (object);

  g_free (self->default_literal);
  hyco_value_clear (&self->default_value);
  hyco_value_clear (&self->held);
  G_OBJECT_CLASS (hyco_zero_order_hold_parent_class)->finalize (object);
}

/* An empty defaultValue (Ptolemy II's empty expression) means no output before the first
 * input; anything else is a value literal. */
static gboolean
hyco_zero_order_hold_preinitialize (HycoActor *actor, GError **error)
{
  HycoZeroOrderHold *self = HYCO_ZERO_ORDER_HOLD (actor);
  g_autofree char *trimmed = g_strstrip (g_strdup (self->default_literal));

  hyco_value_clear (&self->default_value);
  self->has_default = trimmed[0] != '\0';
  return !self->has_default
         || _hyco_actors_parse_value (actor, "defaultValue", trimmed, &self->default_value, error);
}

static gboolean
hyco_zero_order_hold_initialize (HycoActor *actor, GError **error)
{
  HycoZeroOrderHold *self = HYCO_ZERO_ORDER_HOLD (actor);
  HycoDirector *director = hyco_actor_get_executive_director (actor);

  /* Known once the model is prepared. */
  self->continuous = director != NULL && hyco_director_is_continuous (director);
  self->holding = self->has_default;
  self->fired = FALSE;
  hyco_value_clear (&self->held);
  if (self->has_default)
    hyco_value_assign (&self->held, &self->default_value);
  return TRUE;
}

static gboolean
hyco_zero_order_hold_fire (HycoActor *actor, GError **error)
{
  HycoZeroOrderHold *self = HYCO_ZERO_ORDER_HOLD (actor);

  if (self->continuous && self->fired && hyco_port_is_present (self->input, 0))
    {
      HycoTag now;

      hyco_actor_get_current_tag (actor, &now);
      if (now.microstep == 0)
        {
          g_autofree char *when = hyco_time_to_string (now.time, hyco_actor_get_resolution (actor));
          hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_FAILED,
                                "input: the input must be a discrete signal (present only at "
                                "microsteps after 0), but it is present at (%s, 0), "
                                "during an integration step",
                                when);
          return FALSE;
        }
    }
  if (hyco_port_is_present (self->input, 0))
    hyco_port_send (self->output, 0, hyco_port_get_value (self->input, 0));
  else if (self->holding)
    hyco_port_send (self->output, 0, &self->held);
  return TRUE;
}

static gboolean
hyco_zero_order_hold_postfire (HycoActor *actor, GError **error)
{
  HycoZeroOrderHold *self = HYCO_ZERO_ORDER_HOLD (actor);

  if (hyco_port_is_present (self->input, 0))
    {
      hyco_value_assign (&self->held, hyco_port_get_value (self->input, 0));
      self->holding = TRUE;
    }
  self->fired = TRUE;
  return TRUE;
}

static void
hyco_zero_order_hold_class_init (HycoZeroOrderHoldClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  object_class->constructed = hyco_zero_order_hold_constructed;
  object_class->finalize = hyco_zero_order_hold_finalize;
  object_class->get_property = hyco_zero_order_hold_get_property;
  object_class->set_property = hyco_zero_order_hold_set_property;
  actor_class->preinitialize = hyco_zero_order_hold_preinitialize;
  actor_class->initialize = hyco_zero_order_hold_initialize;
  actor_class->fire = hyco_zero_order_hold_fire;
  actor_class->postfire = hyco_zero_order_hold_postfire;
  hyco_actor_class_set_description (actor_class,
                                    "Holds the last present input as a continuous signal");
  hyco_actor_class_add_port (actor_class, "input", HYCO_PORT_INPUT, "Discrete events");
  hyco_actor_class_add_port (actor_class, "output", HYCO_PORT_OUTPUT,
                             "The last present input; defaultValue before the first");

  /**
   * HycoZeroOrderHold:defaultValue:
   *
   * The output before the first input, a value literal; empty (the default) for none.
   */
  properties[PROP_DEFAULT_VALUE] = g_param_spec_string (
    "defaultValue", NULL, "Output before the first input; empty for none", "",
    G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hyco_zero_order_hold_init (HycoZeroOrderHold *self)
{
  self->default_literal = g_strdup ("");
}
