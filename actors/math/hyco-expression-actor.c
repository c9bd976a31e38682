/* hyco-expression-actor.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actor-helpers-private.h"
#include "hyco-actors.h"
#include "hyco-expr-private.h"
#include "hyco-model-syntax-private.h"
#include "hyco-param-private.h"

/**
 * HycoExpressionActor:
 *
 * Ptolemy II's `Expression` actor: its `output` is the value of its `expression` (a
 * #HycoExpression, with Ptolemy's types) over its inputs, the model parameters in scope, `time`
 * (the current time in seconds, a double) and `iteration` (1 at the first firing, counting the
 * firings with every input present). The model file declares the inputs, whose names the
 * expression uses:
 *
 * ```xml
 * <entity name="Expression" class="ptolemy.actor.lib.Expression">
 *   <property name="expression" class="ptolemy.kernel.util.StringAttribute" value="in1 > 10"/>
 *   <port name="in1" class="ptolemy.actor.TypedIOPort"><property name="input"/></port>
 * </entity>
 * ```
 *
 * As in Ptolemy, it fires when every connected input is present (an input left unconnected is
 * not waited for), and the output is absent otherwise. Registered as `Expression`.
 */

typedef enum
{
  BIND_INPUT,
  BIND_TIME,
  BIND_ITERATION,
  BIND_FIXED, /* a model parameter's value, or unbound: a constant */
} BindingKind;

typedef struct
{
  BindingKind kind;
  HycoPort *port;
} Binding;

struct _HycoExpressionActor
{
  HycoActor parent_instance;

  char *text;
  HycoExpression *expression;
  Binding *bindings; /* one per variable of the expression */
  gint64 iteration;
  gboolean fired; /* every connected input was present at the last firing */
  HycoValue scratch; /* so that firing does not allocate for scalars */
  HycoPort *output;
};

G_DEFINE_FINAL_TYPE (HycoExpressionActor, hyco_expression_actor, HYCO_TYPE_ACTOR)

static const HycoModelSyntax *expression_syntax (void);

/* Registers the class and its model-file syntax: its entities declare their input ports. */
void _hyco_register_expression_actor (void);
void
_hyco_register_expression_actor (void)
{
  hyco_registry_register ("Expression", HYCO_TYPE_EXPRESSION_ACTOR);
  _hyco_model_syntax_register (HYCO_TYPE_EXPRESSION_ACTOR, expression_syntax ());
}

enum
{
  PROP_0,
  PROP_EXPRESSION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
hyco_expression_actor_constructed (GObject *object)
{
  HycoExpressionActor *self = HYCO_EXPRESSION_ACTOR (object);

  G_OBJECT_CLASS (hyco_expression_actor_parent_class)->constructed (object);
  self->output = hyco_actor_get_port (HYCO_ACTOR (self), "output");
}

static void
hyco_expression_actor_finalize (GObject *object)
{
  HycoExpressionActor *self = HYCO_EXPRESSION_ACTOR (object);

  g_free (self->text);
  g_clear_object (&self->expression);
  g_free (self->bindings);
  hyco_value_clear (&self->scratch);
  G_OBJECT_CLASS (hyco_expression_actor_parent_class)->finalize (object);
}

static void
hyco_expression_actor_get_property (GObject *object, guint prop_id, GValue *value,
                                    GParamSpec *pspec)
{
  HycoExpressionActor *self = HYCO_EXPRESSION_ACTOR (object);

  switch (prop_id)
    {
    case PROP_EXPRESSION:
      g_value_set_string (value, self->text);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hyco_expression_actor_set_property (GObject *object, guint prop_id, const GValue *value,
                                    GParamSpec *pspec)
{
  HycoExpressionActor *self = HYCO_EXPRESSION_ACTOR (object);

  switch (prop_id)
    {
    case PROP_EXPRESSION:
      if (g_strcmp0 (self->text, g_value_get_string (value)) != 0)
        {
          g_free (self->text);
          self->text = g_value_dup_string (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* Parses the expression and binds each name: an input port, `time`, `iteration`, or a model
 * parameter in scope, whose value is fixed for the run. */
static gboolean
hyco_expression_actor_preinitialize (HycoActor *actor, GError **error)
{
  HycoExpressionActor *self = HYCO_EXPRESSION_ACTOR (actor);
  g_autoptr (GError) local_error = NULL;
  guint n;

  g_clear_object (&self->expression);
  g_clear_pointer (&self->bindings, g_free);
  self->expression = hyco_expression_new (self->text ? self->text : "", &local_error);
  if (self->expression == NULL)
    {
      hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_PARAMETER, "parameter expression: %s",
                            local_error->message);
      return FALSE;
    }
  n = hyco_expression_get_n_variables (self->expression);
  self->bindings = g_new0 (Binding, n);
  for (guint i = 0; i < n; i++)
    {
      const char *name = hyco_expression_get_variable_name (self->expression, i);
      HycoPort *port = hyco_actor_get_port (actor, name);
      g_auto (HycoValue) value = HYCO_VALUE_INIT;

      if (port != NULL && hyco_port_is_input (port))
        {
          self->bindings[i].kind = BIND_INPUT;
          self->bindings[i].port = port;
          continue;
        }
      if (g_str_equal (name, "time"))
        {
          self->bindings[i].kind = BIND_TIME;
          continue;
        }
      if (g_str_equal (name, "iteration"))
        {
          self->bindings[i].kind = BIND_ITERATION;
          continue;
        }
      self->bindings[i].kind = BIND_FIXED;
      if (_hyco_parameter_lookup_value (actor, name, &value, &local_error))
        hyco_expression_set_variable_value (self->expression, i, &value);
      else if (local_error != NULL)
        {
          hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_PARAMETER,
                                "parameter expression: in \"%s\" at position %d: parameter %s: %s",
                                self->text, hyco_expression_get_variable_position (self->expression, i),
                                name, local_error->message);
          return FALSE;
        }
      else
        {
          /* Unbound: a constant such as e or Infinity, or an error now rather than at the
           * first firing. */
          hyco_expression_set_variable_value (self->expression, i, NULL);
          if (!_hyco_expr_lookup_constant (name, &value))
            {
              hyco_actor_set_error (
                actor, error, HYCO_ACTOR_ERROR_PARAMETER,
                "parameter expression: in \"%s\" at position %d: unknown name \"%s\" (not an "
                "input port, time, iteration or a model parameter)",
                self->text, hyco_expression_get_variable_position (self->expression, i), name);
              return FALSE;
            }
        }
    }
  return TRUE;
}

static gboolean
hyco_expression_actor_initialize (HycoActor *actor, GError **error)
{
  HycoExpressionActor *self = HYCO_EXPRESSION_ACTOR (actor);

  self->iteration = 1;
  self->fired = FALSE;
  return TRUE;
}

static gboolean
hyco_expression_actor_fire (HycoActor *actor, GError **error)
{
  HycoExpressionActor *self = HYCO_EXPRESSION_ACTOR (actor);
  guint n = hyco_expression_get_n_variables (self->expression);
  g_autoptr (GList) inputs = NULL;
  g_autoptr (GError) local_error = NULL;
  g_autoptr (GPtrArray) ports = hyco_actor_get_ports (actor);

  self->fired = FALSE;
  /* Every connected input must be present, whether the expression names it or not. */
  for (guint i = 0; i < ports->len; i++)
    {
      HycoPort *port = ports->pdata[i];

      if (hyco_port_is_input (port) && hyco_port_get_width (port) > 0
          && !hyco_port_is_present (port, 0))
        return TRUE;
    }
  for (guint i = 0; i < n; i++)
    {
      HycoValue scalar = HYCO_VALUE_INIT;

      switch (self->bindings[i].kind)
        {
        case BIND_INPUT:
          hyco_expression_set_variable_value (self->expression, i,
                                              hyco_port_get_width (self->bindings[i].port) > 0
                                                ? hyco_port_get_value (self->bindings[i].port, 0)
                                                : NULL);
          break;
        case BIND_TIME:
          hyco_value_set_double (&scalar,
                                 hyco_time_to_seconds (hyco_actor_get_current_time (actor),
                                                       hyco_actor_get_resolution (actor)));
          hyco_expression_set_variable_value (self->expression, i, &scalar);
          break;
        case BIND_ITERATION:
          hyco_value_set_int (&scalar, self->iteration);
          hyco_expression_set_variable_value (self->expression, i, &scalar);
          break;
        case BIND_FIXED:
        default:
          break;
        }
    }
  if (!hyco_expression_evaluate_value (self->expression, &self->scratch, &local_error))
    {
      hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_FAILED, "%s", local_error->message);
      return FALSE;
    }
  hyco_port_send (self->output, 0, &self->scratch);
  self->fired = TRUE;
  return TRUE;
}

static gboolean
hyco_expression_actor_postfire (HycoActor *actor, GError **error)
{
  HycoExpressionActor *self = HYCO_EXPRESSION_ACTOR (actor);

  if (self->fired)
    self->iteration++;
  self->fired = FALSE;
  return TRUE;
}

/* The model file declares the inputs: they are written back with the parameters. */
static void
write_contents (HycoActor *actor, HycoXmlNode *element)
{
  g_autoptr (GPtrArray) ports = hyco_actor_get_ports (actor);

  _hyco_model_writer_save_parameters (element, G_OBJECT (actor));
  for (guint i = 0; i < ports->len; i++)
    {
      HycoPort *port = ports->pdata[i];
      HycoXmlNode *port_element;

      if (port == HYCO_EXPRESSION_ACTOR (actor)->output)
        continue;
      port_element = _hyco_model_writer_add_element (element, "port", hyco_port_get_name (port),
                                                     "TypedIOPort", NULL);
      _hyco_model_writer_add_element (port_element, "property",
                                      hyco_port_is_input (port) ? "input" : "output", NULL, NULL);
      if (hyco_port_is_multiport (port))
        _hyco_model_writer_add_element (port_element, "property", "multiport", NULL, NULL);
    }
}

static const HycoModelSyntax *
expression_syntax (void)
{
  static const HycoModelSyntax syntax = {
    .declares_ports = TRUE,
    .write_contents = write_contents,
  };

  return &syntax;
}

static void
hyco_expression_actor_class_init (HycoExpressionActorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  object_class->constructed = hyco_expression_actor_constructed;
  object_class->finalize = hyco_expression_actor_finalize;
  object_class->get_property = hyco_expression_actor_get_property;
  object_class->set_property = hyco_expression_actor_set_property;
  actor_class->preinitialize = hyco_expression_actor_preinitialize;
  actor_class->initialize = hyco_expression_actor_initialize;
  actor_class->fire = hyco_expression_actor_fire;
  actor_class->postfire = hyco_expression_actor_postfire;

  hyco_actor_class_set_description (actor_class,
                                    "The value of an expression over its inputs (Ptolemy's "
                                    "Expression)");
  hyco_actor_class_add_port (actor_class, "output", HYCO_PORT_OUTPUT,
                             "The expression's value when every connected input is present");

  /**
   * HycoExpressionActor:expression:
   *
   * The expression, in Ptolemy II's expression language, over the input ports' names,
   * `time`, `iteration` and the model parameters in scope; its text as it is (Ptolemy's
   * string mode), parsed when the model is prepared.
   */
  properties[PROP_EXPRESSION] = g_param_spec_string (
    "expression", "The expression", "The expression that gives the output", "",
    G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hyco_expression_actor_init (HycoExpressionActor *self)
{
  self->text = g_strdup ("");
}
