/* hyco-set-variable.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actors-private.h"
#include "hyco-actors.h"

/**
 * HycoSetVariable:
 *
 * Ptolemy II's SetVariable: each value on its input becomes the value of the model parameter
 * `variableName` (the nearest in scope), and the actors whose parameters are expressions over
 * it use the new value from their next firing on (hyco_composite_actor_change_parameter()).
 *
 * The change is made in postfire, once the tag's values are final, since a firing may be
 * repeated or abandoned. With `delayed` true (the default), Ptolemy makes it at the end of the
 * iteration, after every actor fired, and the output is the parameter's value before the
 * change; with `delayed` false Ptolemy makes it in fire, so that actors firing later at the
 * same tag see it, and the output is the input, sent once the parameter is set. Hyco makes
 * both at postfire: a model that reads the parameter at the same tag as it is set gets the
 * old value in Hyco, which is what Ptolemy calls the deterministic choice. Several
 * SetVariables setting one parameter at one tag take effect in the order they fire (by
 * `_priority`, then model order), the last one winning, as in Ptolemy.
 */
struct _HycoSetVariable
{
  HycoActor parent_instance;

  char *variable_name;
  gboolean delayed;

  HycoPort *input;
  HycoPort *output;
};

G_DEFINE_FINAL_TYPE (HycoSetVariable, hyco_set_variable, HYCO_TYPE_ACTOR)
HYCO_REGISTER_DEFINE (set_variable, HYCO_TYPE_SET_VARIABLE, "SetVariable")

enum
{
  PROP_0,
  PROP_VARIABLE_NAME,
  PROP_DELAYED,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
hyco_set_variable_constructed (GObject *object)
{
  HycoSetVariable *self = HYCO_SET_VARIABLE (object);

  G_OBJECT_CLASS (hyco_set_variable_parent_class)->constructed (object);
  self->input = hyco_actor_get_port (HYCO_ACTOR (self), "input");
  self->output = hyco_actor_get_port (HYCO_ACTOR (self), "output");
}

static void
hyco_set_variable_finalize (GObject *object)
{
  g_free (HYCO_SET_VARIABLE (object)->variable_name);
  G_OBJECT_CLASS (hyco_set_variable_parent_class)->finalize (object);
}

static void
hyco_set_variable_get_property (GObject *object, guint prop_id, GValue *value,
                                GParamSpec *pspec)
{
  HycoSetVariable *self = HYCO_SET_VARIABLE (object);

  switch (prop_id)
    {
    case PROP_VARIABLE_NAME:
      g_value_set_string (value, self->variable_name);
      break;
    case PROP_DELAYED:
      g_value_set_boolean (value, self->delayed);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hyco_set_variable_set_property (GObject *object, guint prop_id, const GValue *value,
                                GParamSpec *pspec)
{
  HycoSetVariable *self = HYCO_SET_VARIABLE (object);

  switch (prop_id)
    {
    case PROP_VARIABLE_NAME:
      if (g_strcmp0 (self->variable_name, g_value_get_string (value)) != 0)
        {
          g_free (self->variable_name);
          self->variable_name = g_value_dup_string (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_DELAYED:
      if (self->delayed != g_value_get_boolean (value))
        {
          self->delayed = g_value_get_boolean (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* Ptolemy creates the variable when none is in scope; Hyco asks the model to declare it, so
 * that a mistyped name is an error rather than a parameter nobody reads. */
static gboolean
hyco_set_variable_preinitialize (HycoActor *actor, GError **error)
{
  HycoSetVariable *self = HYCO_SET_VARIABLE (actor);
  g_auto (HycoValue) value = HYCO_VALUE_INIT;
  g_autoptr (GError) local_error = NULL;

  if (self->variable_name == NULL || *self->variable_name == '\0')
    {
      hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_PARAMETER,
                            "variableName names no model parameter");
      return FALSE;
    }
  if (!hyco_composite_actor_evaluate_parameter_value (hyco_actor_get_container (actor),
                                                      self->variable_name, &value, &local_error))
    {
      hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_PARAMETER, "variableName: %s",
                            local_error->message);
      return FALSE;
    }
  return TRUE;
}

static gboolean
hyco_set_variable_fire (HycoActor *actor, GError **error)
{
  HycoSetVariable *self = HYCO_SET_VARIABLE (actor);
  g_auto (HycoValue) current = HYCO_VALUE_INIT;

  if (!self->delayed)
    {
      if (hyco_port_get_width (self->input) > 0 && hyco_port_is_present (self->input, 0))
        hyco_port_send (self->output, 0, hyco_port_get_value (self->input, 0));
      return TRUE;
    }
  /* Evaluating the parameter allocates: only for an output someone reads. */
  if (hyco_port_get_width (self->output) == 0)
    return TRUE;
  if (!hyco_composite_actor_evaluate_parameter_value (hyco_actor_get_container (actor),
                                                      self->variable_name, &current, error))
    return FALSE;
  hyco_port_send (self->output, 0, &current);
  return TRUE;
}

static gboolean
hyco_set_variable_postfire (HycoActor *actor, GError **error)
{
  HycoSetVariable *self = HYCO_SET_VARIABLE (actor);
  g_autoptr (GError) local_error = NULL;

  if (hyco_port_get_width (self->input) == 0 || !hyco_port_is_present (self->input, 0))
    return TRUE;
  if (hyco_composite_actor_change_parameter (hyco_actor_get_container (actor),
                                             self->variable_name, hyco_port_get_value (self->input, 0),
                                             &local_error))
    return TRUE;
  hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_PARAMETER, "setting \"%s\": %s",
                        self->variable_name, local_error->message);
  return FALSE;
}

static void
hyco_set_variable_class_init (HycoSetVariableClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  object_class->constructed = hyco_set_variable_constructed;
  object_class->finalize = hyco_set_variable_finalize;
  object_class->get_property = hyco_set_variable_get_property;
  object_class->set_property = hyco_set_variable_set_property;
  actor_class->preinitialize = hyco_set_variable_preinitialize;
  actor_class->fire = hyco_set_variable_fire;
  actor_class->postfire = hyco_set_variable_postfire;

  hyco_actor_class_set_description (actor_class,
                                    "Sets a model parameter to each value of its input");
  hyco_actor_class_add_port (actor_class, "input", HYCO_PORT_INPUT,
                             "The parameter's new value");
  hyco_actor_class_add_port (actor_class, "output", HYCO_PORT_OUTPUT,
                             "With delayed, the parameter's value before the change; without, "
                             "the input");

  /**
   * HycoSetVariable:variableName:
   *
   * The model parameter to set: the nearest of that name, from the actor's container up.
   */
  properties[PROP_VARIABLE_NAME]
    = g_param_spec_string ("variableName", "The model parameter to set", NULL, NULL,
                           G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HycoSetVariable:delayed:
   *
   * Whether the output is the parameter's value before the change (true) or the input.
   */
  properties[PROP_DELAYED]
    = g_param_spec_boolean ("delayed", "Output the value before the change", NULL, TRUE,
                            G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hyco_set_variable_init (HycoSetVariable *self)
{
  self->delayed = TRUE;
}
