/* hyco-is-present.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actors-private.h"
#include "hyco-actors.h"

/**
 * HycoIsPresent:
 *
 * Ptolemy II's IsPresent: true where its input is present, false where it is absent, at
 * every tag it fires (under DE only where the input is present, so always true there; under
 * SR at every tick).
 */
struct _HycoIsPresent
{
  HycoActor parent_instance;

  HycoPort *input;
  HycoPort *output;
};

G_DEFINE_FINAL_TYPE (HycoIsPresent, hyco_is_present, HYCO_TYPE_ACTOR)
HYCO_REGISTER_DEFINE (is_present, HYCO_TYPE_IS_PRESENT, "IsPresent")

static void
hyco_is_present_constructed (GObject *object)
{
  HycoIsPresent *self = HYCO_IS_PRESENT (object);

  G_OBJECT_CLASS (hyco_is_present_parent_class)->constructed (object);
  self->input = hyco_actor_get_port (HYCO_ACTOR (self), "input");
  self->output = hyco_actor_get_port (HYCO_ACTOR (self), "output");
}

static gboolean
hyco_is_present_fire (HycoActor *actor, GError **error)
{
  HycoIsPresent *self = HYCO_IS_PRESENT (actor);

  hyco_port_send_boolean (self->output, 0,
                          hyco_port_get_width (self->input) > 0
                            && hyco_port_is_present (self->input, 0));
  return TRUE;
}

static void
hyco_is_present_class_init (HycoIsPresentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  object_class->constructed = hyco_is_present_constructed;
  actor_class->fire = hyco_is_present_fire;

  hyco_actor_class_set_description (actor_class, "Whether its input is present");
  hyco_actor_class_add_port (actor_class, "input", HYCO_PORT_INPUT, "Any signal");
  hyco_actor_class_add_port (actor_class, "output", HYCO_PORT_OUTPUT,
                             "true where the input is present, false where it is absent");
}

static void
hyco_is_present_init (HycoIsPresent *self)
{
}
