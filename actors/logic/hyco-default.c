/* hyco-default.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actor-helpers-private.h"
#include "hyco-actors.h"

/**
 * HycoDefault:
 *
 * Ptolemy II's SR Default (SIGNAL's `default`): the `preferred` input where it is present,
 * otherwise the `alternate` input, present or absent. The actor is non-strict: a present
 * preferred input is produced while the alternate is still unknown, and the alternate is
 * produced only once the preferred input is known to be absent, which keeps the actor
 * monotonic. Its output depends on both inputs at the same tag.
 */
struct _HycoDefault
{
  HycoActor parent_instance;

  HycoPort *preferred;
  HycoPort *alternate;
  HycoPort *output;
};

G_DEFINE_FINAL_TYPE (HycoDefault, hyco_default, HYCO_TYPE_ACTOR)
HYCO_REGISTER_DEFINE (default, HYCO_TYPE_DEFAULT, "Default")

static void
hyco_default_constructed (GObject *object)
{
  HycoDefault *self = HYCO_DEFAULT (object);

  G_OBJECT_CLASS (hyco_default_parent_class)->constructed (object);
  self->preferred = hyco_actor_get_port (HYCO_ACTOR (self), "preferred");
  self->alternate = hyco_actor_get_port (HYCO_ACTOR (self), "alternate");
  self->output = hyco_actor_get_port (HYCO_ACTOR (self), "output");
}

static gboolean
hyco_default_fire (HycoActor *actor, GError **error)
{
  HycoDefault *self = HYCO_DEFAULT (actor);

  switch (hyco_port_get_status (self->preferred, 0))
    {
    case HYCO_SIGNAL_PRESENT:
      hyco_port_send (self->output, 0, hyco_port_get_value (self->preferred, 0));
      break;
    case HYCO_SIGNAL_ABSENT:
      switch (hyco_port_get_status (self->alternate, 0))
        {
        case HYCO_SIGNAL_PRESENT:
          hyco_port_send (self->output, 0, hyco_port_get_value (self->alternate, 0));
          break;
        case HYCO_SIGNAL_ABSENT:
          hyco_port_send_absent (self->output, 0);
          break;
        case HYCO_SIGNAL_UNKNOWN:
          break;
        }
      break;
    case HYCO_SIGNAL_UNKNOWN:
      /* Even a present alternate says nothing until the preferred input is known. */
      break;
    }
  return TRUE;
}

static gboolean
hyco_default_is_strict (HycoActor *actor)
{
  return FALSE;
}

static gboolean
hyco_default_output_depends_on (HycoActor *actor, HycoPort *output, HycoPort *input)
{
  return TRUE;
}

static void
hyco_default_class_init (HycoDefaultClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  object_class->constructed = hyco_default_constructed;
  actor_class->fire = hyco_default_fire;
  actor_class->is_strict = hyco_default_is_strict;
  actor_class->output_depends_on = hyco_default_output_depends_on;

  hyco_actor_class_set_description (actor_class,
                                    "The preferred input where present, else the alternate");
  hyco_actor_class_add_port (actor_class, "preferred", HYCO_PORT_INPUT,
                             "Produced whenever it is present");
  hyco_actor_class_add_port (actor_class, "alternate", HYCO_PORT_INPUT,
                             "Produced, present or absent, where preferred is absent");
  hyco_actor_class_add_port (actor_class, "output", HYCO_PORT_OUTPUT,
                             "preferred if present, otherwise alternate");
}

static void
hyco_default_init (HycoDefault *self)
{
}
