/* hyco-when.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actors-private.h"
#include "hyco-actors.h"

/**
 * HycoWhen:
 *
 * Ptolemy II's When (`ptolemy.domains.sr.lib.When`, the "when" of LUSTRE and SIGNAL): the
 * input where `control` is present and true; absent where the control is absent or false or
 * the input is absent.
 */
struct _HycoWhen
{
  HycoActor parent_instance;

  HycoPort *input;
  HycoPort *control;
  HycoPort *output;
};

G_DEFINE_FINAL_TYPE (HycoWhen, hyco_when, HYCO_TYPE_ACTOR)
HYCO_REGISTER_DEFINE (when, HYCO_TYPE_WHEN, "When")

static void
hyco_when_constructed (GObject *object)
{
  HycoWhen *self = HYCO_WHEN (object);

  G_OBJECT_CLASS (hyco_when_parent_class)->constructed (object);
  self->input = hyco_actor_get_port (HYCO_ACTOR (self), "input");
  self->control = hyco_actor_get_port (HYCO_ACTOR (self), "control");
  self->output = hyco_actor_get_port (HYCO_ACTOR (self), "output");
}

static gboolean
hyco_when_fire (HycoActor *actor, GError **error)
{
  HycoWhen *self = HYCO_WHEN (actor);
  const HycoValue *control = hyco_port_get_value (self->control, 0);
  const HycoValue *x = hyco_port_get_value (self->input, 0);

  if (control != NULL && hyco_value_get_value_type (control) != HYCO_VALUE_TYPE_BOOLEAN)
    {
      g_autofree char *text = hyco_value_to_literal (control);
      hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_FAILED,
                            "control: must be true or false, not %s", text);
      return FALSE;
    }
  if (control != NULL && hyco_value_get_boolean (control) && x != NULL)
    hyco_port_send (self->output, 0, x);
  else
    hyco_port_send_absent (self->output, 0);
  return TRUE;
}

static void
hyco_when_class_init (HycoWhenClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  object_class->constructed = hyco_when_constructed;
  actor_class->fire = hyco_when_fire;

  hyco_actor_class_set_description (actor_class, "The input where the control is true");
  hyco_actor_class_add_port (actor_class, "input", HYCO_PORT_INPUT, "The signal passed on");
  hyco_actor_class_add_port (actor_class, "control", HYCO_PORT_INPUT,
                             "A boolean: the input passes where it is present and true");
  hyco_actor_class_add_port (actor_class, "output", HYCO_PORT_OUTPUT,
                             "The input where the control is true, absent elsewhere");
}

static void
hyco_when_init (HycoWhen *self)
{
}
