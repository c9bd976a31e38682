/* hyco-adder.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actor-helpers-private.h"
#include "hyco-actors.h"
#include "hyco-signal-private.h"

/**
 * HycoAdder:
 *
 * The adder of the reference set (component 3.3): the sum of the channels of `input` that are
 * present, absent when all are absent. Integers add to integers (overflow is an error), a
 * double makes the sum a double, and a string makes it a concatenation, as in Ptolemy II.
 */
struct _HycoAdder
{
  HycoActor parent_instance;

  HycoValue sum; /* scratch, so that firing does not allocate */

  HycoPort *input;
  HycoPort *output;
};

static void hyco_adder_stage_function_init (HycoStageFunctionInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (HycoAdder, hyco_adder, HYCO_TYPE_ACTOR,
                               G_IMPLEMENT_INTERFACE (HYCO_TYPE_STAGE_FUNCTION,
                                                      hyco_adder_stage_function_init))
HYCO_REGISTER_DEFINE (adder, HYCO_TYPE_ADDER, "Adder")

static void
hyco_adder_constructed (GObject *object)
{
  HycoAdder *self = HYCO_ADDER (object);

  G_OBJECT_CLASS (hyco_adder_parent_class)->constructed (object);
  self->input = hyco_actor_get_port (HYCO_ACTOR (self), "input");
  self->output = hyco_actor_get_port (HYCO_ACTOR (self), "output");
}

static void
hyco_adder_finalize (GObject *object)
{
  hyco_value_clear (&HYCO_ADDER (object)->sum);
  G_OBJECT_CLASS (hyco_adder_parent_class)->finalize (object);
}

/* The sum of present channels that are all doubles, added in channel order as
 * hyco_value_add() would; FALSE (nothing sent) when some present channel is not a double. */
static gboolean
add_doubles (HycoAdder *self, guint width)
{
  gboolean any = FALSE;
  double sum = 0;

  for (guint c = 0; c < width; c++)
    {
      const HycoValue *x = _hyco_port_read_value (self->input, c);
      if (x == NULL)
        continue;
      if (x->type != HYCO_VALUE_TYPE_DOUBLE)
        return FALSE;
      sum = any ? sum + x->data.v_double : x->data.v_double;
      any = TRUE;
    }
  if (any)
    _hyco_port_write_double (self->output, 0, sum);
  return TRUE;
}

static gboolean
hyco_adder_fire (HycoActor *actor, GError **error)
{
  HycoAdder *self = HYCO_ADDER (actor);
  guint width = hyco_port_get_width (self->input);
  gboolean any = FALSE;

  if (add_doubles (self, width))
    return TRUE;

  for (guint c = 0; c < width; c++)
    {
      const HycoValue *x = _hyco_port_read_value (self->input, c);
      g_autoptr (GError) local_error = NULL;

      if (x == NULL)
        continue;
      if (!any)
        {
          hyco_value_assign (&self->sum, x);
          any = TRUE;
        }
      else if (!hyco_value_add (&self->sum, x, &self->sum, &local_error))
        {
          hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_FAILED, "channel %u: %s", c,
                                local_error->message);
          return FALSE;
        }
    }
  if (any)
    _hyco_port_write (self->output, 0, &self->sum);
  return TRUE;
}

static gboolean
hyco_adder_get_stage_function (HycoStageFunction *function, HycoStageFunctionSpec *spec)
{
  spec->kind = HYCO_STAGE_FUNCTION_SUM;
  return TRUE;
}

static void
hyco_adder_stage_function_init (HycoStageFunctionInterface *iface)
{
  iface->get_stage_function = hyco_adder_get_stage_function;
}

static void
hyco_adder_class_init (HycoAdderClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  object_class->constructed = hyco_adder_constructed;
  object_class->finalize = hyco_adder_finalize;
  actor_class->fire = hyco_adder_fire;

  hyco_actor_class_set_description (actor_class, "Adds the present channels of its input");
  hyco_actor_class_add_port (actor_class, "input", HYCO_PORT_INPUT | HYCO_PORT_MULTIPORT,
                             "The terms, one per channel");
  hyco_actor_class_add_port (actor_class, "output", HYCO_PORT_OUTPUT,
                             "The sum of the present terms, absent when all are absent");
}

static void
hyco_adder_init (HycoAdder *self)
{
}
