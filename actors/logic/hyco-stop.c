/* hyco-stop.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actors-private.h"
#include "hyco-actors.h"

/**
 * HycoStop:
 *
 * Ptolemy II's Stop: when any channel of its input is true, the run ends once the current tag
 * is complete, successfully, as reaching the stop time would. Its decision is taken in
 * postfire, with the tag's values final.
 */
struct _HycoStop
{
  HycoActor parent_instance;

  HycoPort *input;
};

G_DEFINE_FINAL_TYPE (HycoStop, hyco_stop, HYCO_TYPE_ACTOR)
HYCO_REGISTER_DEFINE (stop, HYCO_TYPE_STOP, "Stop")

static void
hyco_stop_constructed (GObject *object)
{
  HycoStop *self = HYCO_STOP (object);

  G_OBJECT_CLASS (hyco_stop_parent_class)->constructed (object);
  self->input = hyco_actor_get_port (HYCO_ACTOR (self), "input");
}

static gboolean
hyco_stop_fire (HycoActor *actor, GError **error)
{
  return TRUE;
}

static gboolean
hyco_stop_postfire (HycoActor *actor, GError **error)
{
  HycoStop *self = HYCO_STOP (actor);
  guint width = hyco_port_get_width (self->input);

  for (guint c = 0; c < width; c++)
    {
      const HycoValue *x = hyco_port_get_value (self->input, c);
      if (x != NULL && hyco_value_get_value_type (x) == HYCO_VALUE_TYPE_BOOLEAN
          && hyco_value_get_boolean (x))
        {
          g_autofree char *name = hyco_actor_get_full_name (actor);
          g_autofree char *reason = g_strdup_printf ("%s received true", name);
          hyco_actor_request_stop (actor, reason);
          break;
        }
    }
  return TRUE;
}

static void
hyco_stop_class_init (HycoStopClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  object_class->constructed = hyco_stop_constructed;
  actor_class->fire = hyco_stop_fire;
  actor_class->postfire = hyco_stop_postfire;

  hyco_actor_class_set_description (actor_class, "Stops the run when it receives true");
  hyco_actor_class_add_port (actor_class, "input", HYCO_PORT_INPUT | HYCO_PORT_MULTIPORT,
                             "true on any channel ends the run after the current tag");
}

static void
hyco_stop_init (HycoStop *self)
{
}
