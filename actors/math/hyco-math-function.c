/* hyco-math-function.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actor-helpers-private.h"
#include "hyco-actors.h"

#include <math.h>

/**
 * HycoMathFunction:
 *
 * Applies the function named by `function` to its numeric input and outputs the result as a
 * double; absent where the input is absent. The functions are those of the C library, with
 * its domain rules: `log` of a negative number or `sqrt` of one is NaN, `log (0)` is −∞,
 * and none of them is an error. Integers are converted to doubles first.
 *
 * It covers both Ptolemy II's MathFunction (exp, log, sqrt, square) and its TrigFunction
 * (sin, cos, tan, asin, acos, atan), and adds the hyperbolic functions, abs, floor and ceil.
 */
typedef double (*MathFunc) (double x);

struct _HycoMathFunction
{
  HycoActor parent_instance;

  char *function_name;
  MathFunc function; /* resolved in preinitialize */

  HycoPort *input;
  HycoPort *output;
};

static void hyco_math_function_stage_function_init (HycoStageFunctionInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (HycoMathFunction, hyco_math_function, HYCO_TYPE_ACTOR,
                               G_IMPLEMENT_INTERFACE (HYCO_TYPE_STAGE_FUNCTION,
                                                      hyco_math_function_stage_function_init))
HYCO_REGISTER_DEFINE (math_function, HYCO_TYPE_MATH_FUNCTION, "MathFunction")

enum
{
  PROP_0,
  PROP_FUNCTION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static double
square (double x)
{
  return x * x;
}

static const struct
{
  const char *name;
  MathFunc function;
} functions[] = {
  { "exp", exp },   { "log", log },   { "sin", sin },       { "cos", cos },
  { "tan", tan },   { "sqrt", sqrt }, { "square", square }, { "abs", fabs },
  { "asin", asin }, { "acos", acos }, { "atan", atan },     { "sinh", sinh },
  { "cosh", cosh }, { "tanh", tanh }, { "floor", floor },   { "ceil", ceil },
};

static MathFunc
lookup_function (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (functions); i++)
    if (g_strcmp0 (functions[i].name, name) == 0)
      return functions[i].function;
  return NULL;
}

static void
hyco_math_function_constructed (GObject *object)
{
  HycoMathFunction *self = HYCO_MATH_FUNCTION (object);

  G_OBJECT_CLASS (hyco_math_function_parent_class)->constructed (object);
  self->input = hyco_actor_get_port (HYCO_ACTOR (self), "input");
  self->output = hyco_actor_get_port (HYCO_ACTOR (self), "output");
}

static void
hyco_math_function_finalize (GObject *object)
{
  g_free (HYCO_MATH_FUNCTION (object)->function_name);
  G_OBJECT_CLASS (hyco_math_function_parent_class)->finalize (object);
}

static void
hyco_math_function_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_FUNCTION:
      g_value_set_string (value, HYCO_MATH_FUNCTION (object)->function_name);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hyco_math_function_set_property (GObject *object, guint prop_id, const GValue *value,
                                 GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_FUNCTION:
      if (_hyco_actors_set_literal (&HYCO_MATH_FUNCTION (object)->function_name, value, pspec))
        g_object_notify_by_pspec (object, pspec);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static gboolean
hyco_math_function_preinitialize (HycoActor *actor, GError **error)
{
  HycoMathFunction *self = HYCO_MATH_FUNCTION (actor);
  g_autoptr (GString) names = NULL;

  self->function = lookup_function (self->function_name);
  if (self->function != NULL)
    return TRUE;
  names = g_string_new (NULL);
  for (guint i = 0; i < G_N_ELEMENTS (functions); i++)
    g_string_append_printf (names, "%s%s", i > 0 ? ", " : "", functions[i].name);
  hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_PARAMETER,
                        "parameter function: no function named \"%s\"; use one of %s",
                        self->function_name, names->str);
  return FALSE;
}

static gboolean
hyco_math_function_fire (HycoActor *actor, GError **error)
{
  HycoMathFunction *self = HYCO_MATH_FUNCTION (actor);
  const HycoValue *x = hyco_port_get_value (self->input, 0);

  if (x == NULL)
    return TRUE;
  if (!hyco_value_is_numeric (x))
    {
      hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_FAILED,
                            "input: expected a number, not a %s",
                            hyco_value_type_to_string (hyco_value_get_value_type (x)));
      return FALSE;
    }
  hyco_port_send_double (self->output, 0, self->function (hyco_value_get_double (x)));
  return TRUE;
}

static gboolean
hyco_math_function_get_stage_function (HycoStageFunction *function, HycoStageFunctionSpec *spec)
{
  HycoMathFunction *self = HYCO_MATH_FUNCTION (function);

  if (self->function == NULL)
    return FALSE;
  spec->kind = HYCO_STAGE_FUNCTION_UNARY;
  spec->unary = self->function;
  return TRUE;
}

static void
hyco_math_function_stage_function_init (HycoStageFunctionInterface *iface)
{
  iface->get_stage_function = hyco_math_function_get_stage_function;
}

static void
hyco_math_function_class_init (HycoMathFunctionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  object_class->constructed = hyco_math_function_constructed;
  object_class->finalize = hyco_math_function_finalize;
  object_class->get_property = hyco_math_function_get_property;
  object_class->set_property = hyco_math_function_set_property;
  actor_class->preinitialize = hyco_math_function_preinitialize;
  actor_class->fire = hyco_math_function_fire;

  hyco_actor_class_set_description (actor_class,
                                    "Applies a mathematical function (exp, log, sin, sqrt, ...) "
                                    "to its input");
  hyco_actor_class_add_port (actor_class, "input", HYCO_PORT_INPUT, "The argument, a number");
  hyco_actor_class_add_port (actor_class, "output", HYCO_PORT_OUTPUT,
                             "The function of the input, a double; absent where the input is");

  /**
   * HycoMathFunction:function:
   *
   * The function's name: `exp`, `log` (natural), `sin`, `cos`, `tan`, `sqrt`, `square`, `abs`,
   * `asin`, `acos`, `atan`, `sinh`, `cosh`, `tanh`, `floor` or `ceil`. Checked when the model
   * is prepared.
   */
  properties[PROP_FUNCTION] = g_param_spec_string (
    "function", NULL,
    "exp, log, sin, cos, tan, sqrt, square, abs, asin, acos, atan, sinh, cosh, tanh, floor or "
    "ceil",
    "exp", G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hyco_math_function_init (HycoMathFunction *self)
{
  self->function_name = g_strdup ("exp");
}
