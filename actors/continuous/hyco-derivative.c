/* hyco-derivative.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actor-helpers-private.h"
#include "hyco-actors.h"

/**
 * HycoDerivative:
 *
 * Ptolemy II's Derivative, a crude numerical derivative: `derivative` is the difference
 * between the input and the input at the last committed tag, divided by the time between
 * them. Where no time has passed (a later microstep) it repeats the last derivative, and a
 * change of the input there is sent on `impulse`, the weight of a Dirac delta. At the first
 * firing the derivative is 0 and a nonzero input is an impulse, so that an Integrator fed by
 * both outputs (`derivative` and `impulse`) reproduces the input. The actor takes no part in
 * step-size control: it works with the steps it is given. An absent input makes both outputs
 * absent and starts over, as if from the first firing.
 */
struct _HycoDerivative
{
  HycoActor parent_instance;

  /* Committed at the last tag where the input was present. */
  gboolean has_previous;
  gint64 previous_time;
  double previous_input;
  double previous_output;

  HycoPort *input;
  HycoPort *derivative;
  HycoPort *impulse;
};

G_DEFINE_FINAL_TYPE (HycoDerivative, hyco_derivative, HYCO_TYPE_ACTOR)
HYCO_REGISTER_DEFINE (derivative, HYCO_TYPE_DERIVATIVE, "Derivative")

static void
hyco_derivative_constructed (GObject *object)
{
  HycoDerivative *self = HYCO_DERIVATIVE (object);

  G_OBJECT_CLASS (hyco_derivative_parent_class)->constructed (object);
  self->input = hyco_actor_get_port (HYCO_ACTOR (self), "input");
  self->derivative = hyco_actor_get_port (HYCO_ACTOR (self), "derivative");
  self->impulse = hyco_actor_get_port (HYCO_ACTOR (self), "impulse");
}

static gboolean
hyco_derivative_initialize (HycoActor *actor, GError **error)
{
  HYCO_DERIVATIVE (actor)->has_previous = FALSE;
  return TRUE;
}

/* The derivative at the current tag, for an input of @x at time @now. */
static double
derivative_at (HycoDerivative *self, gint64 now, double x)
{
  if (!self->has_previous)
    return 0;
  if (now == self->previous_time)
    return self->previous_output;
  return (x - self->previous_input)
         / hyco_time_to_seconds (now - self->previous_time,
                                 hyco_actor_get_resolution (HYCO_ACTOR (self)));
}

static gboolean
hyco_derivative_fire (HycoActor *actor, GError **error)
{
  HycoDerivative *self = HYCO_DERIVATIVE (actor);
  gint64 now = hyco_actor_get_current_time (actor);
  double x;

  if (!hyco_port_is_present (self->input, 0))
    return TRUE;
  x = hyco_port_get_double (self->input, 0);
  hyco_port_send_double (self->derivative, 0, derivative_at (self, now, x));
  /* A jump of the input at one time is an impulse; so is the first value, the jump from the
   * zero the state of a downstream integrator starts from. */
  if (!self->has_previous && x != 0)
    hyco_port_send_double (self->impulse, 0, x);
  else if (self->has_previous && now == self->previous_time && x != self->previous_input)
    hyco_port_send_double (self->impulse, 0, x - self->previous_input);
  return TRUE;
}

static gboolean
hyco_derivative_postfire (HycoActor *actor, GError **error)
{
  HycoDerivative *self = HYCO_DERIVATIVE (actor);
  gint64 now = hyco_actor_get_current_time (actor);
  double x;

  if (!hyco_port_is_present (self->input, 0))
    {
      self->has_previous = FALSE;
      return TRUE;
    }
  x = hyco_port_get_double (self->input, 0);
  self->previous_output = derivative_at (self, now, x);
  self->previous_input = x;
  self->previous_time = now;
  self->has_previous = TRUE;
  return TRUE;
}

static void
hyco_derivative_class_init (HycoDerivativeClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  object_class->constructed = hyco_derivative_constructed;
  actor_class->initialize = hyco_derivative_initialize;
  actor_class->fire = hyco_derivative_fire;
  actor_class->postfire = hyco_derivative_postfire;

  hyco_actor_class_set_description (actor_class,
                                    "A numerical derivative, with jumps sent as impulses");
  hyco_actor_class_add_port (actor_class, "input", HYCO_PORT_INPUT,
                             "The signal differentiated (continuous)");
  hyco_actor_class_add_port (actor_class, "derivative", HYCO_PORT_OUTPUT,
                             "The difference quotient since the last tag; 0 at the first");
  hyco_actor_class_add_port (actor_class, "impulse", HYCO_PORT_OUTPUT,
                             "The size of a jump of the input at one time, for an Integrator's "
                             "impulse input");
}

static void
hyco_derivative_init (HycoDerivative *self)
{
}
