/* hyco-product.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actor-helpers-private.h"
#include "hyco-actors.h"
#include "hyco-signal-private.h"

/**
 * HycoProduct:
 *
 * Multiplies the present channels of `multiply` and divides the result by each present
 * channel of `divide`, in channel order (Ptolemy II's MultiplyDivide). With no `multiply`
 * channel present the dividend is one, so a lone divisor d gives 1/d; with no channel present
 * at all the output is absent.
 *
 * Integers multiply and divide to integers, the quotient truncated toward zero as in C and
 * Java; overflow and integer division by zero are errors. Once a double takes part, the rest
 * of the computation is in doubles with IEEE semantics: dividing by 0.0 gives an infinity, or
 * NaN for 0/0, and is not an error. Any other type of value is an error.
 *
 * Registered as `Product` and, for Ptolemy II models, as `MultiplyDivide`.
 */
struct _HycoProduct
{
  HycoActor parent_instance;

  HycoValue result; /* scratch, so that firing does not allocate */

  HycoPort *multiply;
  HycoPort *divide;
  HycoPort *output;
};

static void hyco_product_stage_function_init (HycoStageFunctionInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (HycoProduct, hyco_product, HYCO_TYPE_ACTOR,
                               G_IMPLEMENT_INTERFACE (HYCO_TYPE_STAGE_FUNCTION,
                                                      hyco_product_stage_function_init))
HYCO_REGISTER_DEFINE (product, HYCO_TYPE_PRODUCT, "Product", "MultiplyDivide")

static void
hyco_product_constructed (GObject *object)
{
  HycoProduct *self = HYCO_PRODUCT (object);

  G_OBJECT_CLASS (hyco_product_parent_class)->constructed (object);
  self->multiply = hyco_actor_get_port (HYCO_ACTOR (self), "multiply");
  self->divide = hyco_actor_get_port (HYCO_ACTOR (self), "divide");
  self->output = hyco_actor_get_port (HYCO_ACTOR (self), "output");
}

static void
hyco_product_finalize (GObject *object)
{
  hyco_value_clear (&HYCO_PRODUCT (object)->result);
  G_OBJECT_CLASS (hyco_product_parent_class)->finalize (object);
}

static gboolean
check_numeric (HycoActor *actor, const char *port, guint channel, const HycoValue *x,
               GError **error)
{
  if (hyco_value_is_numeric (x))
    return TRUE;
  hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_FAILED,
                        "%s channel %u: expected a number, not a %s", port, channel,
                        hyco_value_type_to_string (hyco_value_get_value_type (x)));
  return FALSE;
}

/* result ← result / d, integer division when both are integers. */
static gboolean
divide_by (HycoProduct *self, const HycoValue *d, guint channel, GError **error)
{
  HycoValue *result = &self->result;

  if (hyco_value_get_value_type (result) == HYCO_VALUE_TYPE_INT
      && hyco_value_get_value_type (d) == HYCO_VALUE_TYPE_INT)
    {
      gint64 n = hyco_value_get_int (result), q = hyco_value_get_int (d);

      if (q == 0)
        {
          hyco_actor_set_error (
            HYCO_ACTOR (self), error, HYCO_ACTOR_ERROR_FAILED,
            "divide channel %u: integer division of %" G_GINT64_FORMAT " by zero", channel, n);
          return FALSE;
        }
      if (q == -1 && n == G_MININT64)
        {
          hyco_actor_set_error (HYCO_ACTOR (self), error, HYCO_ACTOR_ERROR_FAILED,
                                "divide channel %u: integer overflow: %" G_GINT64_FORMAT
                                " / -1 does not fit in a 64-bit int",
                                channel, n);
          return FALSE;
        }
      hyco_value_set_int (result, n / q);
      return TRUE;
    }
  hyco_value_set_double (result, hyco_value_get_double (result) / hyco_value_get_double (d));
  return TRUE;
}

/* The product of present channels that are all doubles, in the order firing uses below;
 * FALSE (nothing sent) when some present channel is not a double. */
static gboolean
multiply_doubles (HycoProduct *self)
{
  guint n_multiply = hyco_port_get_width (self->multiply);
  guint n_divide = hyco_port_get_width (self->divide);
  gboolean any = FALSE;
  double result = 0;

  for (guint c = 0; c < n_multiply; c++)
    {
      const HycoValue *x = _hyco_port_read_value (self->multiply, c);
      if (x == NULL)
        continue;
      if (x->type != HYCO_VALUE_TYPE_DOUBLE)
        return FALSE;
      result = any ? result * x->data.v_double : x->data.v_double;
      any = TRUE;
    }
  for (guint c = 0; c < n_divide; c++)
    {
      const HycoValue *d = _hyco_port_read_value (self->divide, c);
      if (d == NULL)
        continue;
      if (d->type != HYCO_VALUE_TYPE_DOUBLE)
        return FALSE;
      result = (any ? result : 1.0) / d->data.v_double;
      any = TRUE;
    }
  if (any)
    _hyco_port_write_double (self->output, 0, result);
  return TRUE;
}

static gboolean
hyco_product_fire (HycoActor *actor, GError **error)
{
  HycoProduct *self = HYCO_PRODUCT (actor);
  guint width = hyco_port_get_width (self->multiply);
  gboolean any = FALSE;

  if (multiply_doubles (self))
    return TRUE;

  for (guint c = 0; c < width; c++)
    {
      const HycoValue *x = _hyco_port_read_value (self->multiply, c);
      g_autoptr (GError) local_error = NULL;

      if (x == NULL)
        continue;
      if (!check_numeric (actor, "multiply", c, x, error))
        return FALSE;
      if (!any)
        {
          hyco_value_assign (&self->result, x);
          any = TRUE;
        }
      else if (!hyco_value_multiply (&self->result, x, &self->result, &local_error))
        {
          hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_FAILED, "multiply channel %u: %s", c,
                                local_error->message);
          return FALSE;
        }
    }

  width = hyco_port_get_width (self->divide);
  for (guint c = 0; c < width; c++)
    {
      const HycoValue *d = _hyco_port_read_value (self->divide, c);

      if (d == NULL)
        continue;
      if (!check_numeric (actor, "divide", c, d, error))
        return FALSE;
      if (!any)
        {
          /* The dividend is the divisor's own one: 1 for integers, 1.0 for doubles. */
          if (hyco_value_get_value_type (d) == HYCO_VALUE_TYPE_INT)
            hyco_value_set_int (&self->result, 1);
          else
            hyco_value_set_double (&self->result, 1.0);
          any = TRUE;
        }
      if (!divide_by (self, d, c, error))
        return FALSE;
    }

  if (any)
    _hyco_port_write (self->output, 0, &self->result);
  return TRUE;
}

/* The multiply channels in order, then each divide channel: as firing on doubles. */
static gboolean
hyco_product_get_stage_function (HycoStageFunction *function, HycoStageFunctionSpec *spec)
{
  spec->kind = HYCO_STAGE_FUNCTION_PRODUCT;
  spec->n_factors = hyco_port_get_width (HYCO_PRODUCT (function)->multiply);
  return TRUE;
}

static void
hyco_product_stage_function_init (HycoStageFunctionInterface *iface)
{
  iface->get_stage_function = hyco_product_get_stage_function;
}

static void
hyco_product_class_init (HycoProductClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  object_class->constructed = hyco_product_constructed;
  object_class->finalize = hyco_product_finalize;
  actor_class->fire = hyco_product_fire;

  hyco_actor_class_set_description (actor_class,
                                    "Multiplies the present channels of multiply and divides by "
                                    "the present channels of divide");
  hyco_actor_class_add_port (actor_class, "multiply", HYCO_PORT_INPUT | HYCO_PORT_MULTIPORT,
                             "The factors, one per channel");
  hyco_actor_class_add_port (actor_class, "divide", HYCO_PORT_INPUT | HYCO_PORT_MULTIPORT,
                             "The divisors, one per channel");
  hyco_actor_class_add_port (actor_class, "output", HYCO_PORT_OUTPUT,
                             "The product of the present factors divided by the present "
                             "divisors; absent when every channel is absent");
}

static void
hyco_product_init (HycoProduct *self)
{
}
