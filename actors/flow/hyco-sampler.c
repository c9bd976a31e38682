/* hyco-sampler.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actor-helpers-private.h"
#include "hyco-actors.h"

/**
 * HycoSampler:
 *
 * The sampler of the reference set (component 3.11): y = x at the tags where `trigger` has an
 * event (on any channel), absent elsewhere, and absent where x is absent too. The actor is
 * strict, so x is sampled at exactly the trigger's tag: an event of x simultaneous with the
 * trigger is seen, one microstep later is not.
 */
struct _HycoSampler
{
  HycoActor parent_instance;

  HycoPort *input;
  HycoPort *trigger;
  HycoPort *output;
};

G_DEFINE_FINAL_TYPE (HycoSampler, hyco_sampler, HYCO_TYPE_ACTOR)
HYCO_REGISTER_DEFINE (sampler, HYCO_TYPE_SAMPLER, "Sampler")

static void
hyco_sampler_constructed (GObject *object)
{
  HycoSampler *self = HYCO_SAMPLER (object);

  G_OBJECT_CLASS (hyco_sampler_parent_class)->constructed (object);
  self->input = hyco_actor_get_port (HYCO_ACTOR (self), "input");
  self->trigger = hyco_actor_get_port (HYCO_ACTOR (self), "trigger");
  self->output = hyco_actor_get_port (HYCO_ACTOR (self), "output");
}

static gboolean
hyco_sampler_fire (HycoActor *actor, GError **error)
{
  HycoSampler *self = HYCO_SAMPLER (actor);
  const HycoValue *x;

  if (!hyco_port_any_present (self->trigger))
    return TRUE;
  x = hyco_port_get_value (self->input, 0);
  if (x != NULL)
    hyco_port_send (self->output, 0, x);
  return TRUE;
}

static void
hyco_sampler_class_init (HycoSamplerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  object_class->constructed = hyco_sampler_constructed;
  actor_class->fire = hyco_sampler_fire;

  hyco_actor_class_set_description (actor_class, "Samples its input when triggered");
  hyco_actor_class_add_port (actor_class, "input", HYCO_PORT_INPUT, "The signal sampled");
  hyco_actor_class_add_port (actor_class, "trigger", HYCO_PORT_INPUT | HYCO_PORT_MULTIPORT,
                             "An event on any channel samples the input");
  hyco_actor_class_add_port (actor_class, "output", HYCO_PORT_OUTPUT,
                             "The input where the trigger is present, absent elsewhere");
}

static void
hyco_sampler_init (HycoSampler *self)
{
}
