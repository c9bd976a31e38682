/* hyco-fsm-actor.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actors-private.h"

#include <math.h>

/**
 * HycoFSMActor:
 *
 * A finite state machine (Ptolemy II's FSMActor), usable as an actor in DE and SR models:
 * states (one initial, optionally final ones) and guarded transitions between them.
 *
 * When the actor fires, the guards of the transitions leaving the current state are evaluated
 * (see #HycoExpression) over the inputs and the machine's variables: an input `x` stands for
 * its value (0 when absent), `x_isPresent` for its presence (1 or 0). The enabled transition's
 * output actions (`y = x + 1; done = true`) produce outputs at this tag; firing again at the
 * same tag recomputes them, nothing is committed. In postfire the transition is taken: its set
 * actions (`count = count + 1`) update the variables, all right-hand sides evaluated before
 * any assignment, and the destination becomes the current state. Two enabled transitions are
 * an error naming both unless `deterministic` is false, in which case the first declared wins.
 * In a final state the machine stops reacting.
 */

typedef struct _State State;

typedef enum
{
  BIND_VALUE,    /* an input's value, 0 when absent */
  BIND_PRESENCE, /* an input's presence, 1 or 0 */
  BIND_VARIABLE, /* a variable of the machine */
} BindingKind;

typedef struct
{
  BindingKind kind;
  HycoPort *port;
  guint index;
} Binding;

typedef struct
{
  char *text;
  HycoExpression *expression;
  GArray *bindings; /* Binding, one per variable of the expression; set at preinitialize */
} Compiled;

typedef struct
{
  char *target; /* an output port, or a variable */
  Compiled value;
  HycoPort *port; /* output actions */
  guint variable; /* set actions */
} Action;

typedef struct
{
  State *from, *to;
  char *output_text, *set_text; /* as written, for saving the model */
  Compiled guard;               /* expression NULL: always enabled */
  GPtrArray *outputs;           /* Action* */
  GPtrArray *sets;              /* Action* */
} Transition;

struct _State
{
  char *name;
  gboolean initial, final;
  GPtrArray *outgoing; /* Transition*, unowned, in declaration order */
};

struct _HycoFSMActor
{
  HycoActor parent_instance;

  gboolean deterministic;
  GPtrArray *states;      /* State* */
  GPtrArray *transitions; /* Transition* */
  GPtrArray *variable_names;
  GArray *initial_values; /* double */
  GArray *variables;      /* double, committed */
  GArray *pending;        /* double, scratch for set actions */
  State *current;
  Transition *chosen; /* by the last fire at this tag, taken in postfire */
};

G_DEFINE_FINAL_TYPE (HycoFSMActor, hyco_fsm_actor, HYCO_TYPE_ACTOR)

enum
{
  PROP_0,
  PROP_DETERMINISTIC,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
compiled_clear (Compiled *compiled)
{
  g_free (compiled->text);
  g_clear_object (&compiled->expression);
  g_clear_pointer (&compiled->bindings, g_array_unref);
}

static void
action_free (gpointer data)
{
  Action *action = data;

  g_free (action->target);
  compiled_clear (&action->value);
  g_free (action);
}

static void
transition_free (gpointer data)
{
  Transition *transition = data;

  compiled_clear (&transition->guard);
  g_free (transition->output_text);
  g_free (transition->set_text);
  g_ptr_array_unref (transition->outputs);
  g_ptr_array_unref (transition->sets);
  g_free (transition);
}

static void
state_free (gpointer data)
{
  State *state = data;

  g_free (state->name);
  g_ptr_array_unref (state->outgoing);
  g_free (state);
}

static void
hyco_fsm_actor_finalize (GObject *object)
{
  HycoFSMActor *self = HYCO_FSM_ACTOR (object);

  g_ptr_array_unref (self->transitions);
  g_ptr_array_unref (self->states);
  g_ptr_array_unref (self->variable_names);
  g_array_unref (self->initial_values);
  g_array_unref (self->variables);
  g_array_unref (self->pending);
  G_OBJECT_CLASS (hyco_fsm_actor_parent_class)->finalize (object);
}

static void
hyco_fsm_actor_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_DETERMINISTIC:
      g_value_set_boolean (value, HYCO_FSM_ACTOR (object)->deterministic);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hyco_fsm_actor_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  HycoFSMActor *self = HYCO_FSM_ACTOR (object);

  switch (prop_id)
    {
    case PROP_DETERMINISTIC:
      if (self->deterministic != g_value_get_boolean (value))
        {
          self->deterministic = g_value_get_boolean (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static State *
find_state (HycoFSMActor *self, const char *name)
{
  for (guint i = 0; i < self->states->len; i++)
    if (g_str_equal (((State *) self->states->pdata[i])->name, name))
      return self->states->pdata[i];
  return NULL;
}

static int
find_variable (HycoFSMActor *self, const char *name)
{
  for (guint i = 0; i < self->variable_names->len; i++)
    if (g_str_equal (self->variable_names->pdata[i], name))
      return (int) i;
  return -1;
}

static char *
describe_transition (Transition *transition)
{
  return g_strdup_printf ("%s -> %s", transition->from->name, transition->to->name);
}

/* Resolves every name an expression uses to an input (value or presence) or a variable. */
static gboolean
bind (HycoFSMActor *self, Compiled *compiled, const char *where, GError **error)
{
  guint n;

  if (compiled->expression == NULL)
    return TRUE;
  n = hyco_expression_get_n_variables (compiled->expression);
  g_clear_pointer (&compiled->bindings, g_array_unref);
  compiled->bindings = g_array_sized_new (FALSE, TRUE, sizeof (Binding), n);
  for (guint i = 0; i < n; i++)
    {
      const char *name = hyco_expression_get_variable_name (compiled->expression, i);
      Binding binding = { BIND_VALUE, NULL, 0 };
      g_autofree char *port_name = NULL;
      int variable = find_variable (self, name);
      HycoPort *port;

      if (g_str_has_suffix (name, "_isPresent"))
        {
          port_name = g_strndup (name, strlen (name) - strlen ("_isPresent"));
          binding.kind = BIND_PRESENCE;
        }
      port = hyco_actor_get_port (HYCO_ACTOR (self), port_name ? port_name : name);
      if (variable >= 0 && binding.kind == BIND_VALUE)
        {
          binding.kind = BIND_VARIABLE;
          binding.index = (guint) variable;
        }
      else if (port != NULL && hyco_port_is_input (port))
        binding.port = port;
      else
        {
          hyco_actor_set_error (HYCO_ACTOR (self), error, HYCO_ACTOR_ERROR_PARAMETER,
                                "%s \"%s\": no input or variable named \"%s\"", where,
                                compiled->text, name);
          return FALSE;
        }
      g_array_append_val (compiled->bindings, binding);
    }
  return TRUE;
}

static gboolean
evaluate (HycoFSMActor *self, Compiled *compiled, double *result, GError **error)
{
  if (compiled->expression == NULL)
    {
      *result = 1;
      return TRUE;
    }
  for (guint i = 0; i < compiled->bindings->len; i++)
    {
      Binding *binding = &g_array_index (compiled->bindings, Binding, i);
      double value = 0;
      switch (binding->kind)
        {
        case BIND_VALUE:
          value
            = hyco_port_is_present (binding->port, 0) ? hyco_port_get_double (binding->port, 0) : 0;
          break;
        case BIND_PRESENCE:
          value = hyco_port_is_present (binding->port, 0) ? 1 : 0;
          break;
        case BIND_VARIABLE:
          value = g_array_index (self->variables, double, binding->index);
          break;
        }
      hyco_expression_set_variable (compiled->expression, i, value);
    }
  if (hyco_expression_evaluate (compiled->expression, result, error))
    return TRUE;
  g_prefix_error (error, "%s: ", hyco_actor_get_name (HYCO_ACTOR (self)));
  return FALSE;
}

static gboolean
hyco_fsm_actor_preinitialize (HycoActor *actor, GError **error)
{
  HycoFSMActor *self = HYCO_FSM_ACTOR (actor);
  guint initials = 0;

  for (guint i = 0; i < self->states->len; i++)
    initials += ((State *) self->states->pdata[i])->initial;
  if (initials != 1)
    {
      hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_STRUCTURE,
                            "a state machine needs exactly one initial state, not %u", initials);
      return FALSE;
    }
  for (guint t = 0; t < self->transitions->len; t++)
    {
      Transition *transition = self->transitions->pdata[t];
      g_autofree char *name = describe_transition (transition);
      g_autofree char *guard = g_strdup_printf ("in the guard of %s,", name);
      g_autofree char *action = g_strdup_printf ("in an action of %s,", name);
      if (!bind (self, &transition->guard, guard, error))
        return FALSE;
      for (guint a = 0; a < transition->outputs->len; a++)
        {
          Action *output = transition->outputs->pdata[a];
          output->port = hyco_actor_get_port (actor, output->target);
          if (output->port == NULL || !hyco_port_is_output (output->port))
            {
              hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_PARAMETER,
                                    "output action of %s: no output named \"%s\"", name,
                                    output->target);
              return FALSE;
            }
          if (!bind (self, &output->value, action, error))
            return FALSE;
        }
      for (guint a = 0; a < transition->sets->len; a++)
        {
          Action *set = transition->sets->pdata[a];
          int variable = find_variable (self, set->target);
          if (variable < 0)
            {
              hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_PARAMETER,
                                    "set action of %s: no variable named \"%s\"", name,
                                    set->target);
              return FALSE;
            }
          set->variable = (guint) variable;
          if (!bind (self, &set->value, action, error))
            return FALSE;
        }
    }
  return TRUE;
}

static gboolean
hyco_fsm_actor_initialize (HycoActor *actor, GError **error)
{
  HycoFSMActor *self = HYCO_FSM_ACTOR (actor);

  g_array_set_size (self->variables, 0);
  g_array_append_vals (self->variables, self->initial_values->data, self->initial_values->len);
  g_array_set_size (self->pending, self->initial_values->len);
  self->current = NULL;
  for (guint i = 0; i < self->states->len; i++)
    if (((State *) self->states->pdata[i])->initial)
      self->current = self->states->pdata[i];
  self->chosen = NULL;
  return TRUE;
}

static gboolean
hyco_fsm_actor_fire (HycoActor *actor, GError **error)
{
  HycoFSMActor *self = HYCO_FSM_ACTOR (actor);

  self->chosen = NULL;
  if (self->current->final)
    return TRUE;
  for (guint t = 0; t < self->current->outgoing->len; t++)
    {
      Transition *transition = self->current->outgoing->pdata[t];
      double enabled;
      if (!evaluate (self, &transition->guard, &enabled, error))
        return FALSE;
      if (enabled == 0)
        continue;
      if (self->chosen == NULL)
        {
          self->chosen = transition;
          if (!self->deterministic)
            break;
          continue;
        }
      {
        g_autofree char *first = describe_transition (self->chosen);
        g_autofree char *second = describe_transition (transition);
        HycoTag now;
        g_autofree char *tag = NULL;
        hyco_actor_get_current_tag (actor, &now);
        tag = hyco_tag_to_string (&now, hyco_actor_get_resolution (actor));
        hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_FAILED,
                              "two transitions are enabled at %s: %s (guard \"%s\") and %s "
                              "(guard \"%s\"); make the guards exclusive, or set "
                              "deterministic to false",
                              tag, first, self->chosen->guard.text ? self->chosen->guard.text : "",
                              second, transition->guard.text ? transition->guard.text : "");
        return FALSE;
      }
    }
  if (self->chosen == NULL)
    return TRUE;
  for (guint a = 0; a < self->chosen->outputs->len; a++)
    {
      Action *output = self->chosen->outputs->pdata[a];
      double value;
      if (!evaluate (self, &output->value, &value, error))
        return FALSE;
      hyco_port_send_double (output->port, 0, value);
    }
  return TRUE;
}

static gboolean
hyco_fsm_actor_postfire (HycoActor *actor, GError **error)
{
  HycoFSMActor *self = HYCO_FSM_ACTOR (actor);
  Transition *transition = self->chosen;

  if (transition == NULL)
    return TRUE;
  /* All right-hand sides see the variables as they were before the transition. */
  for (guint a = 0; a < transition->sets->len; a++)
    {
      Action *set = transition->sets->pdata[a];
      if (!evaluate (self, &set->value, &g_array_index (self->pending, double, a), error))
        return FALSE;
    }
  for (guint a = 0; a < transition->sets->len; a++)
    {
      Action *set = transition->sets->pdata[a];
      g_array_index (self->variables, double, set->variable)
        = g_array_index (self->pending, double, a);
    }
  self->current = transition->to;
  self->chosen = NULL;
  return TRUE;
}

static void
hyco_fsm_actor_class_init (HycoFSMActorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  object_class->finalize = hyco_fsm_actor_finalize;
  object_class->get_property = hyco_fsm_actor_get_property;
  object_class->set_property = hyco_fsm_actor_set_property;
  actor_class->preinitialize = hyco_fsm_actor_preinitialize;
  actor_class->initialize = hyco_fsm_actor_initialize;
  actor_class->fire = hyco_fsm_actor_fire;
  actor_class->postfire = hyco_fsm_actor_postfire;
  hyco_actor_class_set_description (actor_class,
                                    "A state machine with guarded transitions and actions");

  /**
   * HycoFSMActor:deterministic:
   *
   * Whether two enabled transitions are an error (the default) or the first declared wins.
   */
  properties[PROP_DETERMINISTIC]
    = g_param_spec_boolean ("deterministic", NULL, "Two enabled transitions are an error", TRUE,
                            G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hyco_fsm_actor_init (HycoFSMActor *self)
{
  self->deterministic = TRUE;
  self->states = g_ptr_array_new_with_free_func (state_free);
  self->transitions = g_ptr_array_new_with_free_func (transition_free);
  self->variable_names = g_ptr_array_new_with_free_func (g_free);
  self->initial_values = g_array_new (FALSE, FALSE, sizeof (double));
  self->variables = g_array_new (FALSE, FALSE, sizeof (double));
  self->pending = g_array_new (FALSE, TRUE, sizeof (double));
}

/**
 * hyco_fsm_actor_new:
 * @name: the actor's name
 *
 * Returns: (transfer full): a state machine without states
 */
HycoActor *
hyco_fsm_actor_new (const char *name)
{
  return g_object_new (HYCO_TYPE_FSM_ACTOR, "name", name, NULL);
}

/**
 * hyco_fsm_actor_add_state:
 * @self: a state machine
 * @name: the state's name
 * @initial: whether the machine starts in it
 * @final: whether the machine stops reacting in it
 * @error: return location for a #GError
 *
 * Returns: %TRUE on success; %FALSE if the name is taken
 */
gboolean
hyco_fsm_actor_add_state (HycoFSMActor *self, const char *name, gboolean initial, gboolean final,
                          GError **error)
{
  State *state;

  g_return_val_if_fail (HYCO_IS_FSM_ACTOR (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);
  if (find_state (self, name) != NULL)
    {
      hyco_actor_set_error (HYCO_ACTOR (self), error, HYCO_ACTOR_ERROR_STRUCTURE,
                            "already has a state named \"%s\"", name);
      return FALSE;
    }
  state = g_new0 (State, 1);
  state->name = g_strdup (name);
  state->initial = initial;
  state->final = final;
  state->outgoing = g_ptr_array_new ();
  g_ptr_array_add (self->states, state);
  return TRUE;
}

static gboolean
compile (HycoFSMActor *self, Compiled *compiled, const char *text, GError **error)
{
  compiled->text = g_strdup (text);
  compiled->expression = hyco_expression_new (text, error);
  if (compiled->expression != NULL)
    return TRUE;
  g_prefix_error (error, "%s: ", hyco_actor_get_name (HYCO_ACTOR (self)));
  return FALSE;
}

/* The `=` of an assignment: not part of `==`, `<=`, `>=` or `!=`. */
static const char *
find_assignment (const char *text)
{
  for (const char *p = strchr (text, '='); p; p = strchr (p + 1, '='))
    if (p[1] != '=' && (p == text || strchr ("=<>!", p[-1]) == NULL))
      return p;
  return NULL;
}

/* Parses `a = expr; b = expr` into @actions. */
static gboolean
parse_actions (HycoFSMActor *self, const char *text, GPtrArray *actions, GError **error)
{
  g_auto (GStrv) parts = NULL;

  if (text == NULL)
    return TRUE;
  parts = g_strsplit (text, ";", -1);
  for (guint i = 0; parts[i]; i++)
    {
      const char *equals;
      Action *action;
      if (*g_strstrip (parts[i]) == '\0')
        continue;
      equals = find_assignment (parts[i]);
      if (equals == NULL)
        {
          hyco_actor_set_error (HYCO_ACTOR (self), error, HYCO_ACTOR_ERROR_PARAMETER,
                                "action \"%s\" is not of the form name = expression", parts[i]);
          return FALSE;
        }
      action = g_new0 (Action, 1);
      action->target = g_strstrip (g_strndup (parts[i], (gsize) (equals - parts[i])));
      g_ptr_array_add (actions, action);
      if (*action->target == '\0' || !compile (self, &action->value, equals + 1, error))
        {
          if (*action->target == '\0')
            hyco_actor_set_error (HYCO_ACTOR (self), error, HYCO_ACTOR_ERROR_PARAMETER,
                                  "action \"%s\" assigns to nothing", parts[i]);
          return FALSE;
        }
    }
  return TRUE;
}

/**
 * hyco_fsm_actor_add_transition:
 * @self: a state machine
 * @from: the source state's name
 * @to: the destination state's name
 * @guard: (nullable): when the transition is enabled (an expression); %NULL or empty: always
 * @output_actions: (nullable): `port = expression; ...`, produced when the transition is
 *   enabled
 * @set_actions: (nullable): `variable = expression; ...`, committed when it is taken
 * @error: return location for a #GError
 *
 * Adds a transition. Syntax errors in the expressions are reported here, naming the machine,
 * the expression and the position.
 *
 * Returns: %TRUE on success
 */
gboolean
hyco_fsm_actor_add_transition (HycoFSMActor *self, const char *from, const char *to,
                               const char *guard, const char *output_actions,
                               const char *set_actions, GError **error)
{
  Transition *transition;
  State *source, *destination;

  g_return_val_if_fail (HYCO_IS_FSM_ACTOR (self), FALSE);
  g_return_val_if_fail (from != NULL && to != NULL, FALSE);
  source = find_state (self, from);
  destination = find_state (self, to);
  if (source == NULL || destination == NULL)
    {
      hyco_actor_set_error (HYCO_ACTOR (self), error, HYCO_ACTOR_ERROR_STRUCTURE,
                            "no state named \"%s\"", source == NULL ? from : to);
      return FALSE;
    }
  transition = g_new0 (Transition, 1);
  transition->from = source;
  transition->to = destination;
  transition->outputs = g_ptr_array_new_with_free_func (action_free);
  transition->sets = g_ptr_array_new_with_free_func (action_free);
  transition->output_text = g_strdup (output_actions);
  transition->set_text = g_strdup (set_actions);
  if ((guard != NULL && guard[strspn (guard, " \t\r\n")] != '\0'
       && !compile (self, &transition->guard, guard, error))
      || !parse_actions (self, output_actions, transition->outputs, error)
      || !parse_actions (self, set_actions, transition->sets, error))
    {
      transition_free (transition);
      return FALSE;
    }
  g_ptr_array_add (self->transitions, transition);
  g_ptr_array_add (source->outgoing, transition);
  return TRUE;
}

/**
 * hyco_fsm_actor_add_variable:
 * @self: a state machine
 * @name: the variable's name
 * @initial: its value at the start of a run
 * @error: return location for a #GError
 *
 * Declares a variable that guards and actions can read and set actions update.
 *
 * Returns: %TRUE on success; %FALSE if the name is taken
 */
gboolean
hyco_fsm_actor_add_variable (HycoFSMActor *self, const char *name, double initial, GError **error)
{
  g_return_val_if_fail (HYCO_IS_FSM_ACTOR (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);
  if (find_variable (self, name) >= 0)
    {
      hyco_actor_set_error (HYCO_ACTOR (self), error, HYCO_ACTOR_ERROR_STRUCTURE,
                            "already has a variable named \"%s\"", name);
      return FALSE;
    }
  g_ptr_array_add (self->variable_names, g_strdup (name));
  g_array_append_val (self->initial_values, initial);
  return TRUE;
}

/**
 * hyco_fsm_actor_get_current_state:
 * @self: a state machine
 *
 * Returns: (nullable): the name of the current state, once initialized
 */
const char *
hyco_fsm_actor_get_current_state (HycoFSMActor *self)
{
  g_return_val_if_fail (HYCO_IS_FSM_ACTOR (self), NULL);
  return self->current ? self->current->name : NULL;
}

/**
 * hyco_fsm_actor_get_variable:
 * @self: a state machine
 * @name: a variable's name
 *
 * Returns: the variable's committed value (NaN if there is no such variable)
 */
double
hyco_fsm_actor_get_variable (HycoFSMActor *self, const char *name)
{
  int index;

  g_return_val_if_fail (HYCO_IS_FSM_ACTOR (self), NAN);
  index = find_variable (self, name);
  if (index < 0 || (guint) index >= self->variables->len)
    return NAN;
  return g_array_index (self->variables, double, index);
}

/**
 * hyco_fsm_actor_get_n_states:
 * @self: a state machine
 *
 * Returns: how many states it has
 */
guint
hyco_fsm_actor_get_n_states (HycoFSMActor *self)
{
  g_return_val_if_fail (HYCO_IS_FSM_ACTOR (self), 0);
  return self->states->len;
}

/**
 * hyco_fsm_actor_get_state:
 * @self: a state machine
 * @index: a state index, in declaration order
 * @initial: (out) (optional): whether it is the initial state
 * @final: (out) (optional): whether it is a final state
 *
 * Returns: the state's name
 */
const char *
hyco_fsm_actor_get_state (HycoFSMActor *self, guint index, gboolean *initial, gboolean *final)
{
  State *state;

  g_return_val_if_fail (HYCO_IS_FSM_ACTOR (self), NULL);
  g_return_val_if_fail (index < self->states->len, NULL);
  state = self->states->pdata[index];
  if (initial)
    *initial = state->initial;
  if (final)
    *final = state->final;
  return state->name;
}

/**
 * hyco_fsm_actor_get_n_transitions:
 * @self: a state machine
 *
 * Returns: how many transitions it has
 */
guint
hyco_fsm_actor_get_n_transitions (HycoFSMActor *self)
{
  g_return_val_if_fail (HYCO_IS_FSM_ACTOR (self), 0);
  return self->transitions->len;
}

/**
 * hyco_fsm_actor_get_transition:
 * @self: a state machine
 * @index: a transition index, in declaration order
 * @from: (out) (optional) (transfer none): the source state
 * @to: (out) (optional) (transfer none): the destination state
 * @guard: (out) (optional) (nullable) (transfer none): the guard, as written
 * @output_actions: (out) (optional) (nullable) (transfer none): the output actions
 * @set_actions: (out) (optional) (nullable) (transfer none): the set actions
 *
 * Gets a transition as it was added.
 */
void
hyco_fsm_actor_get_transition (HycoFSMActor *self, guint index, const char **from, const char **to,
                               const char **guard, const char **output_actions,
                               const char **set_actions)
{
  Transition *transition;

  g_return_if_fail (HYCO_IS_FSM_ACTOR (self));
  g_return_if_fail (index < self->transitions->len);
  transition = self->transitions->pdata[index];
  if (from)
    *from = transition->from->name;
  if (to)
    *to = transition->to->name;
  if (guard)
    *guard = transition->guard.text;
  if (output_actions)
    *output_actions = transition->output_text;
  if (set_actions)
    *set_actions = transition->set_text;
}

/**
 * hyco_fsm_actor_get_n_variables:
 * @self: a state machine
 *
 * Returns: how many variables it declares
 */
guint
hyco_fsm_actor_get_n_variables (HycoFSMActor *self)
{
  g_return_val_if_fail (HYCO_IS_FSM_ACTOR (self), 0);
  return self->variable_names->len;
}

/**
 * hyco_fsm_actor_get_variable_name:
 * @self: a state machine
 * @index: a variable index, in declaration order
 * @initial: (out) (optional): its value at the start of a run
 *
 * Returns: the variable's name
 */
const char *
hyco_fsm_actor_get_variable_name (HycoFSMActor *self, guint index, double *initial)
{
  g_return_val_if_fail (HYCO_IS_FSM_ACTOR (self), NULL);
  g_return_val_if_fail (index < self->variable_names->len, NULL);
  if (initial)
    *initial = g_array_index (self->initial_values, double, index);
  return self->variable_names->pdata[index];
}
