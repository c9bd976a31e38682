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
 * present input, from the tag of that input on; absent before the first.
 */
struct _HycoZeroOrderHold
{
  HycoActor parent_instance;

  gboolean holding;
  HycoValue held;
  HycoPort *input;
  HycoPort *output;
};

G_DEFINE_FINAL_TYPE (HycoZeroOrderHold, hyco_zero_order_hold, HYCO_TYPE_ACTOR)
HYCO_REGISTER_DEFINE (zero_order_hold, HYCO_TYPE_ZERO_ORDER_HOLD, "ZeroOrderHold")

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
  hyco_value_clear (&HYCO_ZERO_ORDER_HOLD (object)->held);
  G_OBJECT_CLASS (hyco_zero_order_hold_parent_class)->finalize (object);
}

static gboolean
hyco_zero_order_hold_initialize (HycoActor *actor, GError **error)
{
  HycoZeroOrderHold *self = HYCO_ZERO_ORDER_HOLD (actor);

  self->holding = FALSE;
  hyco_value_clear (&self->held);
  return TRUE;
}

static gboolean
hyco_zero_order_hold_fire (HycoActor *actor, GError **error)
{
  HycoZeroOrderHold *self = HYCO_ZERO_ORDER_HOLD (actor);

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
  return TRUE;
}

static void
hyco_zero_order_hold_class_init (HycoZeroOrderHoldClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  object_class->constructed = hyco_zero_order_hold_constructed;
  object_class->finalize = hyco_zero_order_hold_finalize;
  actor_class->initialize = hyco_zero_order_hold_initialize;
  actor_class->fire = hyco_zero_order_hold_fire;
  actor_class->postfire = hyco_zero_order_hold_postfire;
  hyco_actor_class_set_description (actor_class,
                                    "Holds the last present input as a continuous signal");
  hyco_actor_class_add_port (actor_class, "input", HYCO_PORT_INPUT, "Discrete events");
  hyco_actor_class_add_port (actor_class, "output", HYCO_PORT_OUTPUT,
                             "The last present input; absent before the first");
}

static void
hyco_zero_order_hold_init (HycoZeroOrderHold *self)
{
}
