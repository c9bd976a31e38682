/* hyco-logical-not.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actor-helpers-private.h"
#include "hyco-actors.h"

/**
 * HycoLogicalNot:
 *
 * Ptolemy II's LogicalNot: the negation of a boolean input where it is present, absent
 * elsewhere. A present input that is not a boolean is an error.
 */
struct _HycoLogicalNot
{
  HycoActor parent_instance;

  HycoPort *input;
  HycoPort *output;
};

G_DEFINE_FINAL_TYPE (HycoLogicalNot, hyco_logical_not, HYCO_TYPE_ACTOR)
HYCO_REGISTER_DEFINE (logical_not, HYCO_TYPE_LOGICAL_NOT, "LogicalNot")

static void
hyco_logical_not_constructed (GObject *object)
{
  HycoLogicalNot *self = HYCO_LOGICAL_NOT (object);

  G_OBJECT_CLASS (hyco_logical_not_parent_class)->constructed (object);
  self->input = hyco_actor_get_port (HYCO_ACTOR (self), "input");
  self->output = hyco_actor_get_port (HYCO_ACTOR (self), "output");
}

static gboolean
hyco_logical_not_fire (HycoActor *actor, GError **error)
{
  HycoLogicalNot *self = HYCO_LOGICAL_NOT (actor);
  const HycoValue *x = hyco_port_get_value (self->input, 0);

  if (x == NULL)
    return TRUE;
  if (hyco_value_get_value_type (x) != HYCO_VALUE_TYPE_BOOLEAN)
    {
      g_autofree char *literal = hyco_value_to_literal (x);
      hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_FAILED, "input: %s %s is not a boolean",
                            hyco_value_type_to_string (hyco_value_get_value_type (x)), literal);
      return FALSE;
    }
  hyco_port_send_boolean (self->output, 0, !hyco_value_get_boolean (x));
  return TRUE;
}

static void
hyco_logical_not_class_init (HycoLogicalNotClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  object_class->constructed = hyco_logical_not_constructed;
  actor_class->fire = hyco_logical_not_fire;

  hyco_actor_class_set_description (actor_class, "Negates a boolean input");
  hyco_actor_class_add_port (actor_class, "input", HYCO_PORT_INPUT, "A boolean");
  hyco_actor_class_add_port (actor_class, "output", HYCO_PORT_OUTPUT,
                             "The negated input where it is present, absent elsewhere");
}

static void
hyco_logical_not_init (HycoLogicalNot *self)
{
}
