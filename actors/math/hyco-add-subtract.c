/* hyco-add-subtract.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actors-private.h"
#include "hyco-actors.h"
#include "hyco-signal-private.h"

/**
 * HycoAddSubtract:
 *
 * Ptolemy II's AddSubtract: the sum of the present channels of `plus` minus the present
 * channels of `minus`, in channel order, absent when every channel is absent. Types follow
 * Ptolemy II: integers give an integer, a double anywhere gives a double; with only `minus`
 * present the result is 0 minus them.
 */
struct _HycoAddSubtract
{
  HycoActor parent_instance;

  HycoValue sum;  /* scratch, so that firing does not allocate */
  HycoValue term; /* likewise */
  HycoValue minus_one;

  HycoPort *plus;
  HycoPort *minus;
  HycoPort *output;
};

G_DEFINE_FINAL_TYPE (HycoAddSubtract, hyco_add_subtract, HYCO_TYPE_ACTOR)
HYCO_REGISTER_DEFINE (add_subtract, HYCO_TYPE_ADD_SUBTRACT, "AddSubtract")

static void
hyco_add_subtract_constructed (GObject *object)
{
  HycoAddSubtract *self = HYCO_ADD_SUBTRACT (object);

  G_OBJECT_CLASS (hyco_add_subtract_parent_class)->constructed (object);
  self->plus = hyco_actor_get_port (HYCO_ACTOR (self), "plus");
  self->minus = hyco_actor_get_port (HYCO_ACTOR (self), "minus");
  self->output = hyco_actor_get_port (HYCO_ACTOR (self), "output");
}

static void
hyco_add_subtract_finalize (GObject *object)
{
  HycoAddSubtract *self = HYCO_ADD_SUBTRACT (object);

  hyco_value_clear (&self->sum);
  hyco_value_clear (&self->term);
  G_OBJECT_CLASS (hyco_add_subtract_parent_class)->finalize (object);
}

/* sum += x, or sum = x for the first term; x is negated first for a minus channel. */
static gboolean
accumulate (HycoAddSubtract *self, const HycoValue *x, gboolean negate, gboolean *any,
            GError **error)
{
  if (negate)
    {
      if (!hyco_value_is_numeric (x))
        {
          g_autofree char *text = hyco_value_to_literal (x);
          g_set_error (error, HYCO_VALUE_ERROR, HYCO_VALUE_ERROR_TYPE,
                       "cannot subtract %s, which is not a number", text);
          return FALSE;
        }
      if (!hyco_value_multiply (&self->minus_one, x, &self->term, error))
        return FALSE;
      x = &self->term;
    }
  if (!*any)
    {
      *any = TRUE;
      hyco_value_assign (&self->sum, x);
      return TRUE;
    }
  return hyco_value_add (&self->sum, x, &self->sum, error);
}

static gboolean
hyco_add_subtract_fire (HycoActor *actor, GError **error)
{
  HycoAddSubtract *self = HYCO_ADD_SUBTRACT (actor);
  HycoPort *ports[] = { self->plus, self->minus };
  gboolean any = FALSE;

  for (guint p = 0; p < G_N_ELEMENTS (ports); p++)
    {
      guint width = hyco_port_get_width (ports[p]);
      for (guint c = 0; c < width; c++)
        {
          const HycoValue *x = _hyco_port_read_value (ports[p], c);
          g_autoptr (GError) local_error = NULL;

          if (x == NULL)
            continue;
          if (!accumulate (self, x, p == 1, &any, &local_error))
            {
              hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_FAILED, "%s channel %u: %s",
                                    p == 0 ? "plus" : "minus", c, local_error->message);
              return FALSE;
            }
        }
    }
  if (any)
    _hyco_port_write (self->output, 0, &self->sum);
  return TRUE;
}

static void
hyco_add_subtract_class_init (HycoAddSubtractClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  object_class->constructed = hyco_add_subtract_constructed;
  object_class->finalize = hyco_add_subtract_finalize;
  actor_class->fire = hyco_add_subtract_fire;

  hyco_actor_class_set_description (actor_class,
                                    "Adds the present plus channels, subtracts the minus ones");
  hyco_actor_class_add_port (actor_class, "plus", HYCO_PORT_INPUT | HYCO_PORT_MULTIPORT,
                             "The terms added, one per channel");
  hyco_actor_class_add_port (actor_class, "minus", HYCO_PORT_INPUT | HYCO_PORT_MULTIPORT,
                             "The terms subtracted, one per channel");
  hyco_actor_class_add_port (actor_class, "output", HYCO_PORT_OUTPUT,
                             "plus − minus over the present channels, absent when all are "
                             "absent");
}

static void
hyco_add_subtract_init (HycoAddSubtract *self)
{
  hyco_value_set_int (&self->minus_one, -1);
}
