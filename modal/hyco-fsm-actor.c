/* hyco-fsm-actor.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actor-helpers-private.h"
#include "hyco-guard-relations-private.h"
#include "hyco-modal-private.h"
#include "hyco-param-private.h"

#include <math.h>

/**
 * HycoFSMActor:
 *
 * A finite state machine (Ptolemy II's FSMActor), usable as an actor in DE and SR models:
 * states (one initial, optionally final ones) and guarded transitions between them.
 *
 * When the actor fires, the guards of the transitions leaving the current state are evaluated
 * (see #HycoExpression) over the inputs, the machine's variables and the model's parameters:
 * an input `x` stands for its value, `x_isPresent` for its presence (1 or 0). A guard that
 * reads the value of an absent input is false, whatever the rest of it says (test
 * `x_isPresent` in another transition); an action that reads one is an error. The enabled
 * transition's output actions (`y = x + 1; done = true`) produce outputs at this tag; firing
 * again at the same tag recomputes them, nothing is committed. In postfire the transition is taken:
 * its set actions (`count = count + 1`) update the variables, all right-hand sides evaluated before
 * any assignment, and the destination becomes the current state. Two enabled transitions are
 * an error naming both unless `deterministic` is false, in which case the first declared wins.
 * A default transition is tested only when no other is enabled.
 * In a final state the machine stops reacting.
 *
 * A guard may call `timeout(d)`: it is false until d seconds of model time after the current
 * state was entered and true from then on, until the state is left. Its argument is evaluated
 * when the state is entered (after the set actions of the transition that enters it), and the
 * machine then asks its director to fire it at that time with hyco_actor_fire_at(): entered
 * at (t, n), under DE it is fired at (t + d, 1), and for d = 0 at (t, n + 1). The timer is due
 * at the tag the director grants, so `timeout(d)` first holds when the machine is fired for
 * its own request. Entering a state again (a self-loop too) restarts its timers; a request of
 * an earlier visit finds the guard false and does nothing. `timeout(Infinity)` never fires,
 * nor does a time beyond the range of model time. An input present at the tag a timer is due
 * may enable another transition at the same firing: make the guards exclusive (`timeout(60)
 * && !x_isPresent`) or set `deterministic` to false and order them. The page
 * [State machines, timers and DEVS](state-machines.html) gives the exact tags and how a DEVS
 * model maps onto timeouts (`models/devs-traffic-light.xml`).
 *
 * As the controller of a #HycoModalModel, the machine reads and writes the modal model's ports:
 * a name in a guard may also be an output of the modal model, standing for the value the
 * current state's refinement produced at this tag, and a set action may assign a parameter of
 * an actor inside a refinement (`Free.Velocity.initialState = -0.8 * v`), which a reset
 * transition then uses when it re-initializes the destination's refinement. Parameters so
 * assigned get their original values back when the run is wrapped up.
 */

typedef struct _State State;

typedef enum
{
  BIND_VALUE,               /* an input's value */
  BIND_PRESENCE,            /* an input's presence, 1 or 0 */
  BIND_VARIABLE,            /* a variable of the machine */
  BIND_REFINEMENT_VALUE,    /* a modal model's output, as its active refinement produced it */
  BIND_REFINEMENT_PRESENCE, /* and its presence */
  BIND_CONSTANT,            /* a model parameter, evaluated when the model is prepared */
  BIND_TIMER,               /* a `timeout(d)` of a guard: 1 once due, else 0 */
} BindingKind;

typedef struct _Timer Timer;

typedef struct
{
  BindingKind kind;
  HycoPort *port;
  guint index;
  double constant;
  double start; /* an input's value at the last commit, for locating crossings */
  Timer *timer;
} Binding;

typedef struct
{
  char *text;
  HycoExpression *expression;
  GArray *bindings; /* Binding, one per variable of the expression; set at preinitialize */
  GPtrArray *timers; /* Timer*: the `timeout(d)` calls of a guard, NULL elsewhere */
  HycoGuardRelations *relations; /* a guard's comparisons, under Ptolemy II's continuous
                                  * director (see guard_tolerance); made at first use */
} Compiled;

/* A `timeout(d)` in a guard. The guard's expression holds a variable in its place, a name as
 * long as the call so that positions in messages stay those of the text as written. */
struct _Timer
{
  char *placeholder;
  Compiled delay; /* d, evaluated when the source state is entered */
  gboolean armed; /* requested at this visit of the state */
  HycoTag due;    /* the tag the director granted for the request */
};

typedef struct
{
  char *target; /* an output port, or a variable */
  Compiled value;
  HycoPort *port;     /* output actions */
  guint variable;     /* set actions on a variable */
  GObject *parameter; /* set actions on a refinement's parameter: the actor, unowned */
  const char *parameter_name;
  gboolean model_parameter; /* a parameter of the refinement itself (a composite's) */
} Action;

typedef struct
{
  State *from, *to;
  char *output_text, *set_text; /* as written, for saving the model */
  Compiled guard;               /* expression NULL: always enabled */
  gboolean preemptive;          /* in a modal model: taken before the refinement fires */
  gboolean reset;               /* in a modal model: re-initialize the destination's refinement */
  gboolean remembered;          /* the guard's bindings hold their values at the last commit */
  gboolean is_default;          /* tested only when no other transition is enabled */
  gboolean immediate;           /* also taken on entering its source, in the same firing */
  gboolean nondeterministic;    /* may be enabled together with other such transitions */
  char *refinement;             /* in a modal model: a composite fired when it is taken */
  HycoActor *refinement_actor;  /* unowned: that composite, found at preinitialize */
  GPtrArray *outputs;           /* Action* */
  GPtrArray *sets;              /* Action* */
} Transition;

struct _State
{
  char *name;
  gboolean initial, final;
  char *refinement;    /* in a modal model: the composite that runs while the state is current */
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
  Transition *chosen;          /* by the last fire at this tag, taken in postfire */
  GPtrArray *chain;            /* Transition*: chosen, then the immediate ones it leads to */
  gboolean initializing;       /* inputs are not there yet: guards see them absent */
  GPtrArray *output_ports;     /* HycoPort*, unowned: its own outputs, when not a controller */
  HycoActor *interface;        /* whose ports the expressions name: itself, or its modal model */
  GPtrArray *saved_parameters; /* SavedParameter*: refinement parameters set actions change */
  double guard_tolerance;      /* > 0 under Ptolemy II's continuous director: guards are read
                                * as level crossings (hyco-guard-relations.c), `==` within it */
};

/* A parameter a set action assigns, with its text before the run, restored at wrapup. */
typedef struct
{
  GObject *object;
  char *name;
  char *text;
  gboolean model_parameter;
} SavedParameter;

static void
saved_parameter_free (gpointer data)
{
  SavedParameter *saved = data;

  g_object_unref (saved->object);
  g_free (saved->name);
  g_free (saved->text);
  g_free (saved);
}

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
  g_clear_pointer (&compiled->timers, g_ptr_array_unref);
  g_clear_pointer (&compiled->relations, _hyco_guard_relations_free);
}

static void
timer_free (gpointer data)
{
  Timer *timer = data;

  g_free (timer->placeholder);
  compiled_clear (&timer->delay);
  g_free (timer);
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
  g_free (transition->refinement);
  g_ptr_array_unref (transition->outputs);
  g_ptr_array_unref (transition->sets);
  g_free (transition);
}

static void
state_free (gpointer data)
{
  State *state = data;

  g_free (state->name);
  g_free (state->refinement);
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
  g_ptr_array_unref (self->saved_parameters);
  g_ptr_array_unref (self->chain);
  g_ptr_array_unref (self->output_ports);

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

/* Resolves every name an expression uses to an input (value or presence), an output of the
 * modal model the machine controls (as its refinement produced it), a variable, or a model
 * parameter. */
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
      Binding binding = { BIND_VALUE, NULL, 0, 0 };
      g_autofree char *port_name = NULL;
      int variable = find_variable (self, name);
      gboolean presence = FALSE;
      g_autoptr (GError) parameter_error = NULL;
      HycoPort *port;

      for (guint t = 0; compiled->timers && t < compiled->timers->len; t++)
        if (g_str_equal (((Timer *) compiled->timers->pdata[t])->placeholder, name))
          binding.timer = compiled->timers->pdata[t];
      if (binding.timer != NULL)
        {
          binding.kind = BIND_TIMER;
          g_array_append_val (compiled->bindings, binding);
          if (!bind (self, &binding.timer->delay, where, error))
            return FALSE;
          continue;
        }
      if (g_str_has_suffix (name, "_isPresent"))
        {
          port_name = g_strndup (name, strlen (name) - strlen ("_isPresent"));
          presence = TRUE;
        }
      port = hyco_actor_get_port (self->interface, port_name ? port_name : name);
      if (port == NULL && variable < 0)
        {
          /* Ptolemy II also names an input's channels: `x_0` and `x_0_isPresent` are the
           * first (and, for Hyco's single ports, only) channel of input x. */
          const char *base = port_name ? port_name : name;
          if (g_str_has_suffix (base, "_0") && strlen (base) > 2)
            {
              g_autofree char *stem = g_strndup (base, strlen (base) - 2);
              HycoPort *channel = hyco_actor_get_port (self->interface, stem);
              if (channel != NULL && hyco_port_is_input (channel))
                port = channel;
            }
        }
      if (variable >= 0 && !presence)
        {
          binding.kind = BIND_VARIABLE;
          binding.index = (guint) variable;
        }
      else if (port != NULL && hyco_port_is_input (port))
        {
          binding.kind = presence ? BIND_PRESENCE : BIND_VALUE;
          binding.port = port;
        }
      else if (port != NULL && self->interface != HYCO_ACTOR (self))
        {
          binding.kind = presence ? BIND_REFINEMENT_PRESENCE : BIND_REFINEMENT_VALUE;
          binding.port = port;
        }
      else if (!presence
               && _hyco_parameter_lookup (HYCO_ACTOR (self), name, &binding.constant,
                                          &parameter_error))
        binding.kind = BIND_CONSTANT;
      else if (parameter_error == NULL && !presence && g_str_equal (name, "Infinity"))
        {
          /* Ptolemy II's constant, as in model parameters, unless a name hides it. (Not `e`:
           * in a DEVS model it would read as the elapsed time.) */
          binding.kind = BIND_CONSTANT;
          binding.constant = INFINITY;
        }
      else
        {
          if (parameter_error != NULL)
            hyco_actor_set_error (HYCO_ACTOR (self), error, HYCO_ACTOR_ERROR_PARAMETER,
                                  "%s \"%s\": %s", where, compiled->text, parameter_error->message);
          else
            hyco_actor_set_error (HYCO_ACTOR (self), error, HYCO_ACTOR_ERROR_PARAMETER,
                                  "%s \"%s\": no input, variable or parameter named \"%s\"", where,
                                  compiled->text, name);
          return FALSE;
        }
      g_array_append_val (compiled->bindings, binding);
    }
  return TRUE;
}

/* Reading the value of an absent input makes a guard false (the transition is not enabled)
 * and an action an error. */
static gboolean
absent_value (HycoFSMActor *self, Binding *binding, gboolean guard, double *result, GError **error)
{
  HycoTag now;
  g_autofree char *tag = NULL;

  if (guard)
    {
      *result = 0;
      return TRUE;
    }
  hyco_actor_get_current_tag (HYCO_ACTOR (self), &now);
  tag = hyco_tag_to_string (&now, hyco_actor_get_resolution (HYCO_ACTOR (self)));
  hyco_actor_set_error (HYCO_ACTOR (self), error, HYCO_ACTOR_ERROR_FAILED,
                        "an action reads %s, which is absent at %s (test %s_isPresent in the "
                        "guard)",
                        hyco_port_get_name (binding->port), tag,
                        hyco_port_get_name (binding->port));
  return FALSE;
}

/* The current value a binding stands for; FALSE when it reads the value of an absent input. */
static gboolean
read_binding (HycoFSMActor *self, Binding *binding, double *value)
{
  const HycoValue *produced;

  switch (binding->kind)
    {
    case BIND_VALUE:
      if (self->initializing || !hyco_port_is_present (binding->port, 0))
        return FALSE;
      *value = hyco_port_get_double (binding->port, 0);
      return TRUE;
    case BIND_PRESENCE:
      *value = !self->initializing && hyco_port_is_present (binding->port, 0) ? 1 : 0;
      return TRUE;
    case BIND_VARIABLE:
      *value = g_array_index (self->variables, double, binding->index);
      return TRUE;
    case BIND_REFINEMENT_VALUE:
    case BIND_REFINEMENT_PRESENCE:
      produced = _hyco_modal_director_get_refinement_output (
        HYCO_MODAL_DIRECTOR (
          hyco_composite_actor_get_director (HYCO_COMPOSITE_ACTOR (self->interface))),
        binding->port);
      if (binding->kind == BIND_REFINEMENT_PRESENCE)
        *value = produced != NULL;
      else if (produced == NULL)
        return FALSE;
      else if (hyco_value_get_value_type (produced) == HYCO_VALUE_TYPE_BOOLEAN)
        *value = hyco_value_get_boolean (produced);
      else
        *value = hyco_value_is_numeric (produced) ? hyco_value_get_double (produced) : 0;
      return TRUE;
    case BIND_CONSTANT:
      *value = binding->constant;
      return TRUE;
    case BIND_TIMER:
      {
        HycoTag now;
        hyco_actor_get_current_tag (HYCO_ACTOR (self), &now);
        *value = binding->timer->armed && hyco_tag_compare (&now, &binding->timer->due) >= 0;
      }
      return TRUE;
    }
  g_return_val_if_reached (FALSE);
}

static gboolean
is_continuous_value (Binding *binding)
{
  return binding->kind == BIND_VALUE || binding->kind == BIND_REFINEMENT_VALUE;
}

/* A guard under Ptolemy II's continuous director, its inputs all present: evaluated with its
 * comparisons measured (see hyco-guard-relations.c). */
static gboolean
evaluate_relations (HycoFSMActor *self, Compiled *compiled, double *result, GError **error)
{
  guint n = compiled->bindings->len;
  g_autofree HycoValue *values = g_new0 (HycoValue, MAX (n, 1));
  gboolean enabled = FALSE;

  if (compiled->relations == NULL)
    {
      compiled->relations
        = _hyco_guard_relations_new (hyco_expression_get_text (compiled->expression), error);
      if (compiled->relations == NULL)
        return FALSE;
    }
  g_return_val_if_fail (_hyco_guard_relations_get_n_variables (compiled->relations) == n, FALSE);
  for (guint i = 0; i < n; i++)
    {
      double value = 0;
      read_binding (self, &g_array_index (compiled->bindings, Binding, i), &value);
      hyco_value_set_double (&values[i], value);
    }
  if (!_hyco_guard_relations_evaluate (compiled->relations, values, self->guard_tolerance,
                                       &enabled, error))
    {
      g_prefix_error (error, "%s: ", hyco_actor_get_name (HYCO_ACTOR (self)));
      return FALSE;
    }
  *result = enabled;
  return TRUE;
}

/* Evaluates @compiled at the current tag or, for @fraction in [0, 1], with the values of
 * inputs (not presences or variables) interpolated linearly from those remembered at the last
 * commit to the current ones. */
static gboolean
evaluate_at (HycoFSMActor *self, Compiled *compiled, gboolean guard, double fraction,
             double *result, GError **error)
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
      if (!read_binding (self, binding, &value))
        return absent_value (self, binding, guard, result, error);
      if (fraction >= 0 && is_continuous_value (binding))
        value = binding->start + fraction * (value - binding->start);
      hyco_expression_set_variable (compiled->expression, i, value);
    }
  if (guard && fraction < 0 && self->guard_tolerance > 0)
    return evaluate_relations (self, compiled, result, error);
  if (hyco_expression_evaluate (compiled->expression, result, error))
    return TRUE;
  g_prefix_error (error, "%s: ", hyco_actor_get_name (HYCO_ACTOR (self)));
  return FALSE;
}

static gboolean
evaluate (HycoFSMActor *self, Compiled *compiled, gboolean guard, double *result, GError **error)
{
  return evaluate_at (self, compiled, guard, -1, result, error);
}

/* At a commit, for each guard of the current state, the values its inputs have: where the
 * next integration step starts (see _hyco_fsm_actor_crossing_fraction()). */
void
_hyco_fsm_actor_remember_guard_inputs (HycoFSMActor *self)
{
  for (guint t = 0; self->current && t < self->current->outgoing->len; t++)
    {
      Transition *transition = self->current->outgoing->pdata[t];
      Compiled *guard = &transition->guard;
      transition->remembered = guard->expression != NULL;
      for (guint i = 0; guard->expression && i < guard->bindings->len; i++)
        {
          Binding *binding = &g_array_index (guard->bindings, Binding, i);
          if (is_continuous_value (binding) && !read_binding (self, binding, &binding->start))
            transition->remembered = FALSE;
        }
    }
}

/* The chosen transition became enabled during an integration step: where, as a fraction of
 * the step, assuming the inputs its guard reads moved linearly from their values at the
 * step's start (a generalized secant; its guard is only true or false, so the point is found
 * by bisection over the interpolated inputs, which fires nothing). Without those values, 1/2. */
double
_hyco_fsm_actor_crossing_fraction (HycoFSMActor *self)
{
  Transition *transition = self->chosen;
  double low = 0, high = 1, enabled;

  if (transition == NULL || !transition->remembered)
    return 0.5;
  if (!evaluate_at (self, &transition->guard, TRUE, 0, &enabled, NULL) || enabled != 0)
    return 0.5;
  while (high - low > 1e-12)
    {
      double middle = (low + high) / 2;
      if (!evaluate_at (self, &transition->guard, TRUE, middle, &enabled, NULL))
        return 0.5;
      if (enabled != 0)
        high = middle;
      else
        low = middle;
    }
  return high;
}

/* A set action's target `Refinement.Actor.parameter`: a parameter of an actor inside the modal
 * model, remembered so that wrapup puts its text back. */
static gboolean
bind_parameter_target (HycoFSMActor *self, Action *set, const char *transition, GError **error)
{
  const char *dot = strrchr (set->target, '.');
  g_autofree char *path = g_strndup (set->target, (gsize) (dot - set->target));
  HycoActor *actor = NULL;
  GParamSpec *pspec = NULL;
  SavedParameter *saved;

  if (self->interface != HYCO_ACTOR (self))
    actor = hyco_composite_actor_lookup_actor (HYCO_COMPOSITE_ACTOR (self->interface), path);
  if (actor != NULL)
    pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (actor), dot + 1);
  if (actor == NULL)
    {
      hyco_actor_set_error (HYCO_ACTOR (self), error, HYCO_ACTOR_ERROR_PARAMETER,
                            "set action of %s: \"%s\": %s \"%s\"", transition, set->target,
                            self->interface == HYCO_ACTOR (self)
                              ? "no variable named"
                              : "no actor in the modal model's refinements named",
                            self->interface == HYCO_ACTOR (self) ? set->target : path);
      return FALSE;
    }
  /* A refinement's own parameter (Ptolemy II's `refinement.variable`), which the actors inside
   * may use in their parameters' expressions. */
  set->model_parameter
    = pspec == NULL && HYCO_IS_COMPOSITE_ACTOR (actor)
      && hyco_composite_actor_get_parameter_text (HYCO_COMPOSITE_ACTOR (actor), dot + 1) != NULL;
  if ((pspec == NULL && !set->model_parameter) || g_str_equal (dot + 1, "name"))
    {
      hyco_actor_set_error (HYCO_ACTOR (self), error, HYCO_ACTOR_ERROR_PARAMETER,
                            "set action of %s: \"%s\": %s has no parameter \"%s\"", transition,
                            set->target, path, dot + 1);
      return FALSE;
    }
  set->parameter = G_OBJECT (actor);
  set->parameter_name = pspec != NULL ? pspec->name : g_intern_string (dot + 1);
  for (guint i = 0; i < self->saved_parameters->len; i++)
    {
      SavedParameter *existing = self->saved_parameters->pdata[i];
      if (existing->object == set->parameter && g_str_equal (existing->name, set->parameter_name))
        return TRUE;
    }
  saved = g_new0 (SavedParameter, 1);
  saved->object = g_object_ref (set->parameter);
  saved->name = g_strdup (set->parameter_name);
  saved->model_parameter = set->model_parameter;
  saved->text = set->model_parameter ? g_strdup (hyco_composite_actor_get_parameter_text (
                  HYCO_COMPOSITE_ACTOR (actor), set->parameter_name))
                                     : hyco_param_to_string (set->parameter, pspec);
  g_ptr_array_add (self->saved_parameters, saved);
  return TRUE;
}

static gboolean
hyco_fsm_actor_preinitialize (HycoActor *actor, GError **error)
{
  HycoFSMActor *self = HYCO_FSM_ACTOR (actor);
  HycoCompositeActor *container = hyco_actor_get_container (actor);
  guint initials = 0;

  self->interface = HYCO_IS_MODAL_MODEL (container) ? HYCO_ACTOR (container) : actor;
  g_ptr_array_set_size (self->output_ports, 0);
  if (self->interface == actor)
    {
      g_autoptr (GPtrArray) ports = hyco_actor_get_ports (actor);
      for (guint i = 0; i < ports->len; i++)
        if (hyco_port_is_output (ports->pdata[i]))
          g_ptr_array_add (self->output_ports, ports->pdata[i]);
    }
  g_ptr_array_set_size (self->saved_parameters, 0);
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
      transition->refinement_actor
        = transition->refinement != NULL && self->interface != actor
            ? hyco_composite_actor_get_actor (HYCO_COMPOSITE_ACTOR (self->interface),
                                              transition->refinement)
            : NULL;
      g_autofree char *action = g_strdup_printf ("in an action of %s,", name);
      if (!bind (self, &transition->guard, guard, error))
        return FALSE;
      for (guint a = 0; a < transition->outputs->len; a++)
        {
          Action *output = transition->outputs->pdata[a];
          output->port = hyco_actor_get_port (self->interface, output->target);
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
          if (variable < 0 && strchr (set->target, '.') != NULL)
            {
              if (!bind_parameter_target (self, set, name, error))
                return FALSE;
            }
          else if (variable < 0)
            {
              hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_PARAMETER,
                                    "set action of %s: no variable named \"%s\"", name,
                                    set->target);
              return FALSE;
            }
          if (variable >= 0)
            set->variable = (guint) variable;
          if (!bind (self, &set->value, action, error))
            return FALSE;
        }
    }
  return TRUE;
}

/* @seconds in ticks of 10^@resolution s, to the nearest tick as a computed time parameter is
 * (exact for a decimal number the resolution represents); FALSE beyond the range of time,
 * infinity included. */
static gboolean
seconds_to_ticks (double seconds, int resolution, gint64 *ticks)
{
  /* Powers of ten up to 1e22 are exact doubles, and resolutions are within 1e±18. */
  double scaled = nearbyint (resolution <= 0 ? seconds * pow (10.0, -resolution)
                                             : seconds / pow (10.0, resolution));

  if (!(fabs (scaled) < ldexp (1, 63)))
    return FALSE;
  *ticks = (gint64) scaled;
  return TRUE;
}

/* The current state was just entered: each timeout of its guards evaluates its delay and asks
 * to be fired then; a timer armed at an earlier visit is forgotten, and so is its request. */
static gboolean
start_timers (HycoFSMActor *self, GError **error)
{
  HycoActor *actor = HYCO_ACTOR (self);
  HycoTag now;

  if (self->current == NULL || self->current->final)
    return TRUE;
  hyco_actor_get_current_tag (actor, &now);
  for (guint t = 0; t < self->current->outgoing->len; t++)
    {
      Transition *transition = self->current->outgoing->pdata[t];
      GPtrArray *timers = transition->guard.timers;
      for (guint i = 0; timers && i < timers->len; i++)
        {
          Timer *timer = timers->pdata[i];
          double delay;
          gint64 ticks, time;

          timer->armed = FALSE;
          if (!evaluate (self, &timer->delay, FALSE, &delay, error))
            return FALSE;
          if (isnan (delay) || delay < 0)
            {
              g_autofree char *name = describe_transition (transition);
              g_autofree char *tag = hyco_tag_to_string (&now, hyco_actor_get_resolution (actor));
              hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_FAILED,
                                    "in the guard of %s, timeout(%s) at %s: the delay is %g; it "
                                    "must be 0 or more",
                                    name, timer->delay.text, tag, delay);
              return FALSE;
            }
          /* Never: infinity, or a time model time cannot reach. */
          if (!seconds_to_ticks (delay, hyco_actor_get_resolution (actor), &ticks)
              || !hyco_time_add (now.time, ticks, &time, NULL) || time == HYCO_TIME_INFINITY)
            continue;
          if (!hyco_actor_fire_at (actor, time, &timer->due, error))
            return FALSE;
          timer->armed = TRUE;
        }
    }
  return TRUE;
}

static gboolean ticks_synchronously (HycoActor *actor);
static gboolean find_enabled (HycoFSMActor *self, State *state, HycoFSMChoice which,
                              gboolean immediate_only, Transition **chosen, GError **error);

/* At initialization, as in Ptolemy II: the immediate transitions enabled in the initial state
 * (guards see every input absent) are taken at once, set actions included; their output
 * actions produce nothing, there being no tag yet. A state with a refinement cannot be left
 * that way, since the refinement would have to run. Then, if a transition of the state reached
 * is enabled, the machine asks to be fired at the start. */
static gboolean
take_initial_transitions (HycoFSMActor *self, GError **error)
{
  HycoActor *actor = HYCO_ACTOR (self);
  gboolean taken, reset, ok;
  Transition *enabled = NULL;
  HycoTag now;

  self->initializing = TRUE;
  ok = find_enabled (self, self->current, HYCO_FSM_CHOICE_PREEMPTIVE, TRUE, &enabled, error)
       && (enabled != NULL
           || find_enabled (self, self->current, HYCO_FSM_CHOICE_NON_PREEMPTIVE, TRUE, &enabled,
                            error));
  if (ok && enabled != NULL)
    {
      /* The chain from there, as a firing would choose it. */
      ok = _hyco_fsm_actor_choose (
        self, enabled->preemptive ? HYCO_FSM_CHOICE_PREEMPTIVE : HYCO_FSM_CHOICE_NON_PREEMPTIVE,
        FALSE, error);
      for (guint c = 0; ok && c < self->chain->len; c++)
        {
          Transition *transition = self->chain->pdata[c];
          if (!transition->immediate)
            {
              /* Not immediate: left for the first firing. */
              g_ptr_array_set_size (self->chain, c);
              break;
            }
          if (!transition->preemptive && transition->from->refinement != NULL)
            {
              g_autofree char *name = describe_transition (transition);
              hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_STRUCTURE,
                                    "state %s has a refinement, so the immediate transition %s "
                                    "cannot be taken when the model is initialized: the "
                                    "refinement would have to run before the start",
                                    transition->from->name, name);
              ok = FALSE;
            }
        }
      if (ok && self->chain->len == 0)
        self->chosen = NULL;
      ok = ok && _hyco_fsm_actor_commit (self, &taken, &reset, error);
    }
  self->chosen = NULL;
  g_ptr_array_set_size (self->chain, 0);
  if (ok && !self->current->final && !ticks_synchronously (actor))
    {
      ok = find_enabled (self, self->current, HYCO_FSM_CHOICE_ALL, FALSE, &enabled, NULL);
      hyco_actor_get_current_tag (actor, &now);
      if (ok && enabled != NULL)
        ok = hyco_actor_fire_at (actor, now.time, NULL, error);
      else
        ok = TRUE; /* two enabled at once: the firing reports it */
    }
  self->initializing = FALSE;
  return ok;
}

static gboolean
hyco_fsm_actor_initialize (HycoActor *actor, GError **error)
{
  HycoFSMActor *self = HYCO_FSM_ACTOR (actor);

  g_array_set_size (self->variables, 0);
  g_array_append_vals (self->variables, self->initial_values->data, self->initial_values->len);
  /* Room for the right-hand sides of the transition with the most set actions. */
  g_array_set_size (self->pending, 0);
  for (guint t = 0; t < self->transitions->len; t++)
    g_array_set_size (self->pending, MAX (self->pending->len,
                                          ((Transition *) self->transitions->pdata[t])->sets->len));
  self->current = NULL;
  for (guint i = 0; i < self->states->len; i++)
    if (((State *) self->states->pdata[i])->initial)
      self->current = self->states->pdata[i];
  self->chosen = NULL;
  g_ptr_array_set_size (self->chain, 0);
  for (guint t = 0; t < self->transitions->len; t++)
    {
      GPtrArray *timers = ((Transition *) self->transitions->pdata[t])->guard.timers;
      for (guint i = 0; timers && i < timers->len; i++)
        ((Timer *) timers->pdata[i])->armed = FALSE;
    }
  return start_timers (self, error) && take_initial_transitions (self, error);
}

/* The current tag, as messages give it. */
static char *
now_string (HycoFSMActor *self)
{
  HycoTag now;

  hyco_actor_get_current_tag (HYCO_ACTOR (self), &now);
  return hyco_tag_to_string (&now, hyco_actor_get_resolution (HYCO_ACTOR (self)));
}

/* Finds among @state's transitions of the kind @which selects (only the immediate ones with
 * @immediate_only) the enabled one: default transitions count only when no other is enabled.
 * Two enabled transitions are an error, unless both are nondeterministic or the machine is
 * not deterministic; then the first declared wins (Ptolemy II picks one at random, and says
 * always picking the same one is as valid). */
static gboolean transition_writes (Transition *transition, HycoPort *output);

/* Whether the transition's refinement (a transition refinement, fired after its output
 * actions) has an output named like @output, the modal model's. */
static gboolean
refinement_writes (Transition *transition, HycoPort *output)
{
  HycoPort *port
    = transition->refinement_actor != NULL
        ? hyco_actor_get_port (transition->refinement_actor, hyco_port_get_name (output))
        : NULL;

  return port != NULL && hyco_port_is_output (port);
}
static gboolean immediate_chain_writes (HycoFSMActor *self, State *state, HycoPort *output,
                                        guint depth);
static gboolean compiled_reads (const Compiled *compiled, HycoPort *port, gboolean *unbound);
static gboolean actions_read (GPtrArray *actions, HycoPort *port, gboolean *unbound);

static gboolean
find_enabled (HycoFSMActor *self, State *state, HycoFSMChoice which, gboolean immediate_only,
              Transition **chosen, GError **error)
{
  *chosen = NULL;
  for (int pass = 0; pass < 2 && *chosen == NULL; pass++)
    for (guint t = 0; t < state->outgoing->len; t++)
      {
        Transition *transition = state->outgoing->pdata[t];
        double enabled;
        if ((which == HYCO_FSM_CHOICE_PREEMPTIVE && !transition->preemptive)
            || (which == HYCO_FSM_CHOICE_NON_PREEMPTIVE && transition->preemptive)
            || (immediate_only && !transition->immediate) || transition->is_default != (pass == 1))
          continue;
        if (!evaluate (self, &transition->guard, TRUE, &enabled, error))
          return FALSE;
        if (enabled == 0)
          continue;
        if (*chosen == NULL)
          {
            *chosen = transition;
            if (!self->deterministic)
              break;
            continue;
          }
        if ((*chosen)->nondeterministic && transition->nondeterministic)
          continue;
        {
          g_autofree char *first = describe_transition (*chosen);
          g_autofree char *second = describe_transition (transition);
          g_autofree char *tag = now_string (self);
          hyco_actor_set_error (HYCO_ACTOR (self), error, HYCO_ACTOR_ERROR_FAILED,
                                "two transitions are enabled at %s: %s (guard \"%s\") and %s "
                                "(guard \"%s\"); make the guards exclusive, mark both "
                                "nondeterministic, or set deterministic to false",
                                tag, first, (*chosen)->guard.text ? (*chosen)->guard.text : "",
                                second, transition->guard.text ? transition->guard.text : "");
          *chosen = NULL;
          return FALSE;
        }
      }
  return TRUE;
}

/* Whether an output action of a transition after @index in the chain writes @port: the last
 * transition's value is the one that stays, as when Ptolemy II executes them in turn. */
static gboolean
written_later (HycoFSMActor *self, guint index, HycoPort *port)
{
  for (guint c = index + 1; c < self->chain->len; c++)
    if (transition_writes (self->chain->pdata[c], port))
      return TRUE;
  return FALSE;
}

/* Chooses among the current state's transitions of the given kind (see HycoFSMChoice) the
 * enabled one, then, from its destination on, the enabled immediate transitions it leads to
 * (preemptive ones first), as Ptolemy II does: states passed through are transient. If @act,
 * produces their output actions, the later overriding the earlier. Nothing is committed: the
 * guards all see the variables as they are. */
gboolean
_hyco_fsm_actor_choose (HycoFSMActor *self, HycoFSMChoice which, gboolean act, GError **error)
{
  Transition *next;

  self->chosen = NULL;
  g_ptr_array_set_size (self->chain, 0);
  if (self->current->final)
    return TRUE;
  if (!find_enabled (self, self->current, which, FALSE, &next, error))
    return FALSE;
  if (next != NULL && next->immediate && next->to == self->current)
    {
      g_autofree char *name = describe_transition (next);
      g_autofree char *tag = now_string (self);
      hyco_actor_set_error (HYCO_ACTOR (self), error, HYCO_ACTOR_ERROR_FAILED,
                            "at %s: the self-loop %s cannot be immediate: it would be taken again "
                            "and again",
                            tag, name);
      return FALSE;
    }
  while (next != NULL)
    {
      State *entered = next->to;
      g_ptr_array_add (self->chain, next);
      if (entered->final)
        break;
      if (!find_enabled (self, entered, HYCO_FSM_CHOICE_PREEMPTIVE, TRUE, &next, error)
          || (next == NULL
              && !find_enabled (self, entered, HYCO_FSM_CHOICE_NON_PREEMPTIVE, TRUE, &next, error)))
        {
          g_ptr_array_set_size (self->chain, 0);
          return FALSE;
        }
      for (guint c = 0; next != NULL && c < self->chain->len; c++)
        if (((Transition *) self->chain->pdata[c])->to == next->to)
          {
            g_autofree char *name = describe_transition (next);
            g_autofree char *tag = now_string (self);
            g_ptr_array_set_size (self->chain, 0);
            hyco_actor_set_error (HYCO_ACTOR (self), error, HYCO_ACTOR_ERROR_FAILED,
                                  "at %s: the immediate transition %s closes a cycle of immediate "
                                  "transitions",
                                  tag, name);
            return FALSE;
          }
    }
  self->chosen = self->chain->len > 0 ? self->chain->pdata[0] : NULL;
  if (self->chosen == NULL || !act)
    return TRUE;
  for (guint c = 0; c < self->chain->len; c++)
    {
      Transition *transition = self->chain->pdata[c];
      for (guint a = 0; a < transition->outputs->len; a++)
        {
          Action *output = transition->outputs->pdata[a];
          double value;
          /* The transition's own refinement fires after its actions, and replaces them. */
          if (written_later (self, c, output->port) || refinement_writes (transition, output->port))
            continue;
          if (!evaluate (self, &output->value, FALSE, &value, error))
            return FALSE;
          hyco_port_send_double (output->port, 0, value);
        }
    }
  return TRUE;
}

/* Whether every input @compiled reads (value or presence) is known at this tag. */
static gboolean
compiled_inputs_known (const Compiled *compiled)
{
  for (guint i = 0; compiled->expression != NULL && i < compiled->bindings->len; i++)
    {
      Binding *binding = &g_array_index (compiled->bindings, Binding, i);
      if ((binding->kind == BIND_VALUE || binding->kind == BIND_PRESENCE)
          && !hyco_port_is_known (binding->port, 0))
        return FALSE;
      if (binding->kind == BIND_TIMER && !compiled_inputs_known (&binding->timer->delay))
        return FALSE;
    }
  return TRUE;
}

/* Whether the transitions that may be chosen from @state (immediate ones they lead to
 * included) read only inputs known at this tag. */
static gboolean
choice_inputs_known (HycoFSMActor *self, State *state, gboolean immediate_only, guint depth)
{
  if (depth > self->states->len)
    return TRUE;
  for (guint t = 0; t < state->outgoing->len; t++)
    {
      Transition *transition = state->outgoing->pdata[t];
      if (immediate_only && !transition->immediate)
        continue;
      if (!compiled_inputs_known (&transition->guard))
        return FALSE;
      for (guint a = 0; a < transition->outputs->len; a++)
        if (!compiled_inputs_known (&((Action *) transition->outputs->pdata[a])->value))
          return FALSE;
      if (!choice_inputs_known (self, transition->to, TRUE, depth + 1))
        return FALSE;
    }
  return TRUE;
}

/* Fired before all its inputs are known (it is not strict, as in Ptolemy II), the machine
 * chooses only once the transitions of its current state can be evaluated; meanwhile, an
 * output none of them may write is absent (may analysis). Once it has chosen, the outputs its
 * transitions did not write are absent. */
static gboolean
hyco_fsm_actor_fire (HycoActor *actor, GError **error)
{
  HycoFSMActor *self = HYCO_FSM_ACTOR (actor);
  GPtrArray *ports = self->output_ports;
  gboolean decided = self->current->final || choice_inputs_known (self, self->current, FALSE, 0);

  if (decided && !_hyco_fsm_actor_choose (self, HYCO_FSM_CHOICE_ALL, TRUE, error))
    return FALSE;
  if (!decided)
    {
      self->chosen = NULL;
      g_ptr_array_set_size (self->chain, 0);
    }
  for (guint i = 0; i < ports->len; i++)
    {
      HycoPort *port = ports->pdata[i];
      if (hyco_port_get_width (port) == 0 || hyco_port_get_status (port, 0) != HYCO_SIGNAL_UNKNOWN)
        continue;
      if (decided || self->current->final
          || !_hyco_fsm_actor_transitions_write (self, HYCO_FSM_CHOICE_ALL, TRUE, port))
        hyco_port_send_absent (port, 0);
    }
  return TRUE;
}

static gboolean
hyco_fsm_actor_is_strict (HycoActor *actor)
{
  return FALSE;
}

/* An output depends on an input when, in some state, a transition may write the output and a
 * transition of that state (deciding which one is taken) reads the input. */
static gboolean
hyco_fsm_actor_output_depends_on (HycoActor *actor, HycoPort *output, HycoPort *input)
{
  HycoFSMActor *self = HYCO_FSM_ACTOR (actor);

  for (guint s = 0; s < self->states->len; s++)
    {
      State *state = self->states->pdata[s];
      gboolean writes = FALSE, reads = FALSE, unbound = FALSE;
      for (guint t = 0; t < state->outgoing->len; t++)
        {
          Transition *transition = state->outgoing->pdata[t];
          writes |= transition_writes (transition, output)
                    || immediate_chain_writes (self, transition->to, output, 0);
          reads |= compiled_reads (&transition->guard, input, &unbound)
                   || actions_read (transition->outputs, input, &unbound);
        }
      if (writes && (reads || unbound))
        return TRUE;
    }
  return FALSE;
}

/* Whether the last choice found an enabled transition. */
gboolean
_hyco_fsm_actor_has_chosen (HycoFSMActor *self)
{
  return self->chosen != NULL;
}

/* Whether the expression @text names @name. */
static gboolean
expression_names (const char *text, const char *name)
{
  g_autoptr (HycoExpression) expression = text ? hyco_expression_new (text, NULL) : NULL;

  for (guint i = 0; expression && i < hyco_expression_get_n_variables (expression); i++)
    if (g_str_equal (hyco_expression_get_variable_name (expression, i), name))
      return TRUE;
  return FALSE;
}

/* Parameter @name of @composite was set: the parameters of the actors (and directors) inside
 * are evaluated again, and, as Ptolemy II's dependents are, every actor whose parameter names
 * it is told, even when the value is the same (an Integrator whose initialState names it
 * starts again from it). */
static gboolean
refresh_parameters (HycoCompositeActor *composite, const char *name, GError **error)
{
  g_autoptr (GPtrArray) actors = hyco_composite_actor_get_actors (composite);
  HycoDirector *director = hyco_composite_actor_get_director (composite);

  if (director != NULL && !_hyco_param_resolve_expressions (G_OBJECT (director), error))
    return FALSE;
  for (guint i = 0; i < actors->len; i++)
    {
      HycoActor *actor = actors->pdata[i];
      g_autoptr (GPtrArray) params = hyco_param_list (G_OBJECT_GET_CLASS (actor));
      if (!_hyco_param_resolve_expressions (G_OBJECT (actor), error))
        return FALSE;
      for (guint p = 0; p < params->len; p++)
        {
          const char *param = ((GParamSpec *) params->pdata[p])->name;
          if (expression_names (hyco_param_get_expression (G_OBJECT (actor), param), name)
              && !hyco_actor_parameter_changed (actor, param, error))
            return FALSE;
        }
      if (HYCO_IS_COMPOSITE_ACTOR (actor)
          && !refresh_parameters (HYCO_COMPOSITE_ACTOR (actor), name, error))
        return FALSE;
    }
  return TRUE;
}

/* The set actions of @transition: all right-hand sides see the variables as they were before
 * it. */
static gboolean
run_set_actions (HycoFSMActor *self, Transition *transition, GError **error)
{
  for (guint a = 0; a < transition->sets->len; a++)
    {
      Action *set = transition->sets->pdata[a];
      if (!evaluate (self, &set->value, FALSE, &g_array_index (self->pending, double, a), error))
        return FALSE;
    }
  for (guint a = 0; a < transition->sets->len; a++)
    {
      Action *set = transition->sets->pdata[a];
      double value = g_array_index (self->pending, double, a);
      char text[G_ASCII_DTOSTR_BUF_SIZE];
      if (set->parameter == NULL)
        {
          g_array_index (self->variables, double, set->variable) = value;
          continue;
        }
      if (set->model_parameter)
        {
          if (!hyco_composite_actor_set_parameter (HYCO_COMPOSITE_ACTOR (set->parameter),
                                                   set->parameter_name,
                                                   g_ascii_dtostr (text, sizeof text, value), error)
              || !refresh_parameters (HYCO_COMPOSITE_ACTOR (set->parameter), set->parameter_name,
                                     error))
            {
              g_prefix_error (error,
                              "%s: set action \"%s\": ", hyco_actor_get_name (HYCO_ACTOR (self)),
                              set->target);
              return FALSE;
            }
          continue;
        }
      if (!hyco_param_set_from_string (set->parameter, set->parameter_name,
                                       g_ascii_dtostr (text, sizeof text, value), error))
        {
          g_prefix_error (error, "%s: set action \"%s\": ", hyco_actor_get_name (HYCO_ACTOR (self)),
                          set->target);
          return FALSE;
        }
    }
  return TRUE;
}

/* Under Ptolemy II's continuous director, at a commit: the guards' comparisons as last
 * evaluated are where the next step starts; after a transition, the history of the state left
 * means nothing any more. */
static void
keep_guard_relations (HycoFSMActor *self, gboolean taken)
{
  for (guint t = 0; self->current && t < self->current->outgoing->len; t++)
    {
      HycoGuardRelations *relations = ((Transition *) self->current->outgoing->pdata[t])->guard.relations;
      if (relations == NULL)
        continue;
      if (taken)
        _hyco_guard_relations_forget (relations);
      else
        _hyco_guard_relations_commit (relations);
    }
}

/* Under Ptolemy II's continuous director (Ptolemy II's HybridModalDirector), at a step's end:
 * whether the step ended close enough to where a guard of the current state changed, every
 * guard being evaluated again. A guard that became true, or whose number crossed the level of
 * an `==`, needs the step to end within the tolerance past the crossing; otherwise
 * @overshoot gets how far past it is, and @committed how far before it the step started. */
gboolean
_hyco_fsm_actor_guards_accurate (HycoFSMActor *self, double *overshoot, double *committed)
{
  /* Not 0: a transition enabled without any relation changing kind is accurate. */
  double largest = G_MINDOUBLE, before = 0;
  gboolean any = FALSE;

  *overshoot = *committed = 0;
  if (self->guard_tolerance <= 0 || self->current == NULL)
    return TRUE;
  for (guint t = 0; t < self->current->outgoing->len; t++)
    {
      Transition *transition = self->current->outgoing->pdata[t];
      double enabled = 0, distance, start;
      if (transition->guard.expression == NULL
          || !evaluate (self, &transition->guard, TRUE, &enabled, NULL)
          || transition->guard.relations == NULL
          || (enabled == 0 && !_hyco_guard_relations_crossed (transition->guard.relations)))
        continue;
      any = TRUE;
      distance = _hyco_guard_relations_overshoot (transition->guard.relations, &start);
      if (distance > largest)
        {
          largest = distance;
          before = start;
        }
    }
  if (!any || largest < self->guard_tolerance)
    return TRUE;
  *overshoot = largest;
  *committed = before;
  return FALSE;
}

/* Reads guards as Ptolemy II's continuous director does, `==` within @tolerance; 0 for Hyco's
 * own reading. */
void
_hyco_fsm_actor_set_guard_tolerance (HycoFSMActor *self, double tolerance)
{
  self->guard_tolerance = tolerance;
}

double
_hyco_fsm_actor_get_guard_tolerance (HycoFSMActor *self)
{
  return self->guard_tolerance;
}

/* Takes the chosen transitions, if any, in turn: each one's set actions, then the destination
 * of the last becomes current. @reset says whether that last one is a reset transition (the
 * refinement of the state entered starts again). */
gboolean
_hyco_fsm_actor_commit (HycoFSMActor *self, gboolean *taken, gboolean *reset, GError **error)
{
  Transition *last;

  *taken = self->chosen != NULL && self->chain->len > 0;
  *reset = FALSE;
  keep_guard_relations (self, *taken);
  if (!*taken)
    {
      self->chosen = NULL;
      return TRUE;
    }
  for (guint c = 0; c < self->chain->len; c++)
    if (!run_set_actions (self, self->chain->pdata[c], error))
      return FALSE;
  last = self->chain->pdata[self->chain->len - 1];
  *reset = last->reset;
  self->current = last->to;
  self->chosen = NULL;
  g_ptr_array_set_size (self->chain, 0);
  return start_timers (self, error);
}

/* Whether the director outside fires every actor at every tick and no continuous signals
 * settle there (SR): a state machine's next reaction is then its next tick. */
static gboolean
ticks_synchronously (HycoActor *actor)
{
  HycoDirector *outer = hyco_actor_get_executive_director (actor);

  return outer != NULL && hyco_director_fires_every_actor (outer)
         && !hyco_director_wants_every_tag (outer);
}

/* After a transition, Ptolemy II's state machine asks to be fired again at once (the next
 * microstep), so that a transition enabled in the new state without new inputs is taken
 * without waiting for another event. */
static gboolean
hyco_fsm_actor_postfire (HycoActor *actor, GError **error)
{
  HycoFSMActor *self = HYCO_FSM_ACTOR (actor);
  gboolean taken, reset;
  HycoTag now;

  if (!_hyco_fsm_actor_commit (self, &taken, &reset, error))
    return FALSE;
  if (!taken || self->current->final || ticks_synchronously (actor))
    return TRUE;
  hyco_actor_get_current_tag (actor, &now);
  return hyco_actor_fire_at (actor, now.time, NULL, error);
}

/* The refinement of the current state, or NULL. */
const char *
_hyco_fsm_actor_get_current_refinement (HycoFSMActor *self)
{
  return self->current ? self->current->refinement : NULL;
}

/* Whether the current state is final. */
gboolean
_hyco_fsm_actor_is_final (HycoFSMActor *self)
{
  return self->current != NULL && self->current->final;
}

static gboolean
hyco_fsm_actor_wrapup (HycoActor *actor, GError **error)
{
  HycoFSMActor *self = HYCO_FSM_ACTOR (actor);

  /* The model's parameters are the model's: a run's set actions do not outlive it. */
  for (guint i = 0; i < self->saved_parameters->len; i++)
    {
      SavedParameter *saved = self->saved_parameters->pdata[i];
      if (saved->model_parameter)
        hyco_composite_actor_set_parameter (HYCO_COMPOSITE_ACTOR (saved->object), saved->name,
                                            saved->text, NULL);
      else
        hyco_param_set_from_string (saved->object, saved->name, saved->text, NULL);
    }
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
  actor_class->wrapup = hyco_fsm_actor_wrapup;
  actor_class->is_strict = hyco_fsm_actor_is_strict;
  actor_class->output_depends_on = hyco_fsm_actor_output_depends_on;
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
  self->saved_parameters = g_ptr_array_new_with_free_func (saved_parameter_free);
  self->chain = g_ptr_array_new ();
  self->output_ports = g_ptr_array_new ();
}

/**
 * hyco_fsm_actor_new:
 * @name: the actor's name
 *
 * Creates a finite state machine (Ptolemy II's FSMActor) with no states, transitions or variables:
 * add them with hyco_fsm_actor_add_state(), hyco_fsm_actor_add_transition() and
 * hyco_fsm_actor_add_variable(). Alone it reacts to its inputs; as the controller of a
 * #HycoModalModel it also chooses the refinement that runs.
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
 * Adds a state to the machine. Exactly one state must be initial by the time the model is prepared;
 * in a final state the machine stops reacting, and a modal model it controls is fired no more once
 * no refinement runs.
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

/* Finds, from @from on, the next call `timeout(...)` in @text: where its name starts, where
 * its argument starts and where its closing parenthesis is. */
static gboolean
find_timeout_call (const char *text, const char *from, const char **start, const char **argument,
                   const char **close)
{
  for (const char *p = strstr (from, "timeout"); p; p = strstr (p + 1, "timeout"))
    {
      const char *q = p + strlen ("timeout");
      int depth = 0;

      if (p > text && (g_ascii_isalnum (p[-1]) || p[-1] == '_'))
        continue;
      while (g_ascii_isspace (*q))
        q++;
      if (*q != '(')
        continue;
      *start = p;
      *argument = q + 1;
      for (; *q; q++)
        if (*q == '(')
          depth++;
        else if (*q == ')' && --depth == 0)
          {
            *close = q;
            return TRUE;
          }
      /* Unbalanced: the parser says where. */
      return FALSE;
    }
  return FALSE;
}

/* A guard: each `timeout(d)` becomes a variable bound to its timer, and d an expression of its
 * own. */
static gboolean
compile_guard (HycoFSMActor *self, Compiled *compiled, const char *text, GError **error)
{
  const char *name = hyco_actor_get_name (HYCO_ACTOR (self));
  g_autoptr (GString) rewritten = g_string_new (NULL);
  g_autoptr (GError) local_error = NULL;
  const char *p = text, *start, *argument, *close, *nested;

  compiled->text = g_strdup (text);
  compiled->timers = g_ptr_array_new_with_free_func (timer_free);
  while (find_timeout_call (text, p, &start, &argument, &close))
    {
      Timer *timer = g_new0 (Timer, 1);
      GString *placeholder = g_string_new (NULL);

      g_string_printf (placeholder, "timeout_%u", compiled->timers->len);
      while (placeholder->len < (gsize) (close + 1 - start))
        g_string_append_c (placeholder, '_');
      timer->placeholder = g_string_free (placeholder, FALSE);
      timer->delay.text = g_strstrip (g_strndup (argument, (gsize) (close - argument)));
      g_ptr_array_add (compiled->timers, timer);
      g_string_append_len (rewritten, p, start - p);
      g_string_append (rewritten, timer->placeholder);
      p = close + 1;
      if (find_timeout_call (timer->delay.text, timer->delay.text, &nested, &nested, &nested))
        {
          g_set_error (error, HYCO_EXPRESSION_ERROR, HYCO_EXPRESSION_ERROR_SYNTAX,
                       "%s: in \"%s\": a timeout's delay cannot hold another timeout", name, text);
          return FALSE;
        }
      timer->delay.expression = hyco_expression_new (timer->delay.text, error);
      if (timer->delay.expression == NULL)
        {
          g_prefix_error (error, "%s: in \"%s\": the delay of timeout: ", name, text);
          return FALSE;
        }
    }
  g_string_append (rewritten, p);
  if (compiled->timers->len == 0)
    g_clear_pointer (&compiled->timers, g_ptr_array_unref);
  compiled->expression = hyco_expression_new (rewritten->str, &local_error);
  if (compiled->expression != NULL)
    return TRUE;
  /* The placeholders are as long as the calls: the positions are those of @text. */
  {
    g_autoptr (GString) message = g_string_new (local_error->message);
    g_string_replace (message, rewritten->str, text, 1);
    g_set_error (error, local_error->domain, local_error->code, "%s: %s", name, message->str);
  }
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
      {
        const char *start, *argument, *close;
        if (find_timeout_call (parts[i], parts[i], &start, &argument, &close))
          {
            hyco_actor_set_error (HYCO_ACTOR (self), error, HYCO_ACTOR_ERROR_PARAMETER,
                                  "action \"%s\": timeout() may only be used in a guard", parts[i]);
            return FALSE;
          }
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
       && !compile_guard (self, &transition->guard, guard, error))
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
 * Gets the state the machine is in: the initial state once the run is initialized, then the
 * destination of each transition taken, after it is committed.
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
 * Gets the value of one of the machine's variables as the last committed transition left it, its
 * initial value before.
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
 * Counts the machine's states, for listing them with hyco_fsm_actor_get_state().
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
 * Gets one of the machine's states by its index, with whether it is initial and final, for
 * inspecting or saving the machine.
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
 * Counts the machine's transitions, for listing them with hyco_fsm_actor_get_transition() and the
 * other getters that take a transition index.
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
 * Counts the machine's variables, for listing them with hyco_fsm_actor_get_variable_name().
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
 * Gets one of the machine's variables by its index, with its initial value, for inspecting or
 * saving the machine.
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

/**
 * hyco_fsm_actor_set_state_refinement:
 * @self: a state machine
 * @state: a state's name
 * @refinement: (nullable): the name of a composite in the #HycoModalModel the machine
 *   controls, which runs while @state is current; %NULL for none
 * @error: return location for a #GError
 *
 * Gives a state a refinement: the composite of the modal model that runs while the state is
 * current, or none. The composite is looked up when the model is prepared, which reports a name
 * that names none.
 *
 * Returns: %TRUE on success; %FALSE if there is no such state
 */
gboolean
hyco_fsm_actor_set_state_refinement (HycoFSMActor *self, const char *state, const char *refinement,
                                     GError **error)
{
  State *found;

  g_return_val_if_fail (HYCO_IS_FSM_ACTOR (self), FALSE);
  g_return_val_if_fail (state != NULL, FALSE);
  found = find_state (self, state);
  if (found == NULL)
    {
      hyco_actor_set_error (HYCO_ACTOR (self), error, HYCO_ACTOR_ERROR_STRUCTURE,
                            "no state named \"%s\"", state);
      return FALSE;
    }
  g_free (found->refinement);
  found->refinement = refinement && *refinement ? g_strdup (refinement) : NULL;
  return TRUE;
}

/**
 * hyco_fsm_actor_get_state_refinement:
 * @self: a state machine
 * @index: a state index, in declaration order
 *
 * Gets the refinement of one of the machine's states, the composite of the modal model that runs
 * while the state is current (see hyco_fsm_actor_set_state_refinement()).
 *
 * Returns: (nullable): the name of the state's refinement, if it has one
 */
const char *
hyco_fsm_actor_get_state_refinement (HycoFSMActor *self, guint index)
{
  g_return_val_if_fail (HYCO_IS_FSM_ACTOR (self), NULL);
  g_return_val_if_fail (index < self->states->len, NULL);
  return ((State *) self->states->pdata[index])->refinement;
}

/**
 * hyco_fsm_actor_set_transition_kind:
 * @self: a state machine
 * @index: a transition index, in declaration order
 * @preemptive: whether, in a modal model, the transition is tested before the source state's
 *   refinement fires, which then does not fire when it is enabled
 * @reset: whether, in a modal model, the destination's refinement is initialized again when
 *   the transition is taken (otherwise it resumes where it was: a history transition)
 *
 * Sets how a transition interacts with refinements; both are %FALSE when it is added.
 */
void
hyco_fsm_actor_set_transition_kind (HycoFSMActor *self, guint index, gboolean preemptive,
                                    gboolean reset)
{
  Transition *transition;

  g_return_if_fail (HYCO_IS_FSM_ACTOR (self));
  g_return_if_fail (index < self->transitions->len);
  transition = self->transitions->pdata[index];
  transition->preemptive = preemptive;
  transition->reset = reset;
}

/**
 * hyco_fsm_actor_get_transition_kind:
 * @self: a state machine
 * @index: a transition index, in declaration order
 * @preemptive: (out) (optional): whether it is preemptive
 * @reset: (out) (optional): whether it is a reset transition
 *
 * Gets whether a transition is preemptive (taken before the state's refinement fires at the tag)
 * and whether it is a reset transition (the destination's refinement starts again from its initial
 * state).
 */
void
hyco_fsm_actor_get_transition_kind (HycoFSMActor *self, guint index, gboolean *preemptive,
                                    gboolean *reset)
{
  Transition *transition;

  g_return_if_fail (HYCO_IS_FSM_ACTOR (self));
  g_return_if_fail (index < self->transitions->len);
  transition = self->transitions->pdata[index];
  if (preemptive)
    *preemptive = transition->preemptive;
  if (reset)
    *reset = transition->reset;
}

/**
 * hyco_fsm_actor_set_transition_default:
 * @self: a state machine
 * @index: a transition index, in declaration order
 * @is_default: whether the transition is tested only when no other transition leaving its
 *   state is enabled (Ptolemy II's defaultTransition)
 *
 * Makes a transition a default transition, or not.
 */
void
hyco_fsm_actor_set_transition_default (HycoFSMActor *self, guint index, gboolean is_default)
{
  g_return_if_fail (HYCO_IS_FSM_ACTOR (self));
  g_return_if_fail (index < self->transitions->len);
  ((Transition *) self->transitions->pdata[index])->is_default = is_default;
}

/**
 * hyco_fsm_actor_get_transition_default:
 * @self: a state machine
 * @index: a transition index, in declaration order
 *
 * Tells whether a transition is a default transition, tested only when no other transition leaving
 * its state is enabled (see hyco_fsm_actor_set_transition_default()).
 *
 * Returns: whether it is a default transition
 */
gboolean
hyco_fsm_actor_get_transition_default (HycoFSMActor *self, guint index)
{
  g_return_val_if_fail (HYCO_IS_FSM_ACTOR (self), FALSE);
  g_return_val_if_fail (index < self->transitions->len, FALSE);
  return ((Transition *) self->transitions->pdata[index])->is_default;
}

static gboolean
compiled_reads (const Compiled *compiled, HycoPort *port, gboolean *unbound)
{
  if (compiled->expression == NULL)
    return FALSE;
  if (compiled->bindings == NULL)
    {
      *unbound = TRUE;
      return FALSE;
    }
  for (guint i = 0; i < compiled->bindings->len; i++)
    if (g_array_index (compiled->bindings, Binding, i).port == port)
      return TRUE;
  return FALSE;
}

static gboolean
actions_read (GPtrArray *actions, HycoPort *port, gboolean *unbound)
{
  for (guint a = 0; actions != NULL && a < actions->len; a++)
    if (compiled_reads (&((Action *) actions->pdata[a])->value, port, unbound))
      return TRUE;
  return FALSE;
}

/* Whether a causality question is about @transition: one of those @which selects, leaving any
 * state or, with @current, the current state. */
static gboolean
transition_selected (HycoFSMActor *self, Transition *transition, HycoFSMChoice which,
                     gboolean current)
{
  if (current && transition->from != self->current)
    return FALSE;
  if (which == HYCO_FSM_CHOICE_PREEMPTIVE)
    return transition->preemptive;
  if (which == HYCO_FSM_CHOICE_NON_PREEMPTIVE)
    return !transition->preemptive;
  return TRUE;
}

static gboolean
transition_writes (Transition *transition, HycoPort *output)
{
  for (guint a = 0; a < transition->outputs->len; a++)
    if (((Action *) transition->outputs->pdata[a])->port == output)
      return TRUE;
  return refinement_writes (transition, output);
}

/* Whether the guard or an output action of a transition @which selects (see
 * transition_selected()) reads @port, its value or its presence; with @output, only among the
 * transitions whose output actions write @output. Set actions act at the commit, on later
 * tags, so they do not count. Before the names are bound (the model not prepared), every port
 * may be read. For the causality interface of the modal model the machine controls. */
gboolean
_hyco_fsm_actor_transitions_read (HycoFSMActor *self, HycoFSMChoice which, gboolean current,
                                  HycoPort *output, HycoPort *port)
{
  gboolean unbound = FALSE;

  for (guint t = 0; t < self->transitions->len; t++)
    {
      Transition *transition = self->transitions->pdata[t];
      if (!transition_selected (self, transition, which, current)
          || (output != NULL && !transition_writes (transition, output)))
        continue;
      if (compiled_reads (&transition->guard, port, &unbound)
          || actions_read (transition->outputs, port, &unbound))
        return TRUE;
    }
  return unbound;
}

/* Whether the immediate transitions that may follow one entering @state (and those after
 * them) write @output; @depth bounds the search, as chains visit each state once. */
static gboolean
immediate_chain_writes (HycoFSMActor *self, State *state, HycoPort *output, guint depth)
{
  if (depth > self->states->len)
    return FALSE;
  for (guint t = 0; t < state->outgoing->len; t++)
    {
      Transition *transition = state->outgoing->pdata[t];
      if (transition->immediate
          && (transition_writes (transition, output)
              || immediate_chain_writes (self, transition->to, output, depth + 1)))
        return TRUE;
    }
  return FALSE;
}

/* The transitions the last choice chose, in the order they are taken: for the modal director,
 * which runs the refinements of the states passed through. */
guint
_hyco_fsm_actor_get_chain_length (HycoFSMActor *self)
{
  return self->chosen != NULL ? self->chain->len : 0;
}

/* The refinement of the state that transition @index of the chain leaves, when that state is
 * passed through (not the current one) by a non-preemptive transition; whether the transition
 * into it resets it. NULL otherwise. */
const char *
_hyco_fsm_actor_get_transient_refinement (HycoFSMActor *self, guint index, gboolean *reset)
{
  Transition *transition, *into;

  if (index == 0 || index >= _hyco_fsm_actor_get_chain_length (self))
    return NULL;
  transition = self->chain->pdata[index];
  into = self->chain->pdata[index - 1];
  if (transition->preemptive)
    return NULL;
  *reset = into->reset;
  return transition->from->refinement;
}

/* The refinement of transition @index of the chain, fired when the chain is taken. */
const char *
_hyco_fsm_actor_get_chain_refinement (HycoFSMActor *self, guint index)
{
  if (index >= _hyco_fsm_actor_get_chain_length (self))
    return NULL;
  return ((Transition *) self->chain->pdata[index])->refinement;
}

/* Whether a transition of the chain from @index on writes @output. */
gboolean
_hyco_fsm_actor_chain_writes_from (HycoFSMActor *self, guint index, HycoPort *output)
{
  for (guint c = index; c < _hyco_fsm_actor_get_chain_length (self); c++)
    if (transition_writes (self->chain->pdata[c], output))
      return TRUE;
  return FALSE;
}

/* Whether the machine has a state in which no transition, immediate ones it leads to
 * included, writes @output: there the output is known to be absent (when no refinement
 * produces it) before any input is. */
gboolean
_hyco_fsm_actor_has_silent_state (HycoFSMActor *self, HycoPort *output)
{
  for (guint i = 0; i < self->states->len; i++)
    {
      State *state = self->states->pdata[i];
      gboolean writes = FALSE;
      for (guint t = 0; !writes && t < state->outgoing->len; t++)
        {
          Transition *transition = state->outgoing->pdata[t];
          writes = transition_writes (transition, output)
                   || immediate_chain_writes (self, transition->to, output, 0);
        }
      if (!writes)
        return TRUE;
    }
  return FALSE;
}

/* Whether an output action of a transition @which selects writes @output, or (with @current)
 * one of the immediate transitions it may lead to. */
gboolean
_hyco_fsm_actor_transitions_write (HycoFSMActor *self, HycoFSMChoice which, gboolean current,
                                   HycoPort *output)
{
  for (guint t = 0; t < self->transitions->len; t++)
    {
      Transition *transition = self->transitions->pdata[t];
      if (transition_selected (self, transition, which, current)
          && (transition_writes (transition, output)
              || (current && immediate_chain_writes (self, transition->to, output, 0))))
        return TRUE;
    }
  return FALSE;
}

/**
 * hyco_fsm_actor_set_transition_immediate:
 * @self: a state machine
 * @index: a transition index, in declaration order
 * @immediate: whether the transition is also taken in the firing that enters its source state,
 *   when its guard then holds (Ptolemy II's immediate transitions): the source state is then
 *   only passed through, and the output actions of the transitions taken in one firing all
 *   apply, the later overriding the earlier
 *
 * An immediate transition enabled in the initial state is taken when the machine is
 * initialized (its set actions apply; its outputs, there being no tag yet, do not).
 */
void
hyco_fsm_actor_set_transition_immediate (HycoFSMActor *self, guint index, gboolean immediate)
{
  g_return_if_fail (HYCO_IS_FSM_ACTOR (self));
  g_return_if_fail (index < self->transitions->len);
  ((Transition *) self->transitions->pdata[index])->immediate = immediate;
}

/**
 * hyco_fsm_actor_get_transition_immediate:
 * @self: a state machine
 * @index: a transition index, in declaration order
 *
 * Tells whether a transition is immediate: taken at the tag its source state is entered, in the
 * same reaction, rather than at a later one.
 *
 * Returns: whether it is an immediate transition
 */
gboolean
hyco_fsm_actor_get_transition_immediate (HycoFSMActor *self, guint index)
{
  g_return_val_if_fail (HYCO_IS_FSM_ACTOR (self), FALSE);
  g_return_val_if_fail (index < self->transitions->len, FALSE);
  return ((Transition *) self->transitions->pdata[index])->immediate;
}

/**
 * hyco_fsm_actor_set_transition_nondeterministic:
 * @self: a state machine
 * @index: a transition index, in declaration order
 * @nondeterministic: whether the transition may be enabled together with other
 *   nondeterministic ones, the first declared being taken (Ptolemy II picks one at random)
 *
 * Marks a transition as nondeterministic, or not: two transitions leaving a state enabled at once
 * are an error unless both are marked, and then the first declared is taken.
 */
void
hyco_fsm_actor_set_transition_nondeterministic (HycoFSMActor *self, guint index,
                                                gboolean nondeterministic)
{
  g_return_if_fail (HYCO_IS_FSM_ACTOR (self));
  g_return_if_fail (index < self->transitions->len);
  ((Transition *) self->transitions->pdata[index])->nondeterministic = nondeterministic;
}

/**
 * hyco_fsm_actor_set_transition_refinement:
 * @self: a state machine
 * @index: a transition index, in declaration order
 * @refinement: (nullable): the name of a composite in the #HycoModalModel the machine
 *   controls, fired when the transition is taken, after its output actions (Ptolemy II's
 *   transition refinement); %NULL for none
 *
 * Gives a transition a refinement, or none.
 */
void
hyco_fsm_actor_set_transition_refinement (HycoFSMActor *self, guint index, const char *refinement)
{
  Transition *transition;

  g_return_if_fail (HYCO_IS_FSM_ACTOR (self));
  g_return_if_fail (index < self->transitions->len);
  transition = self->transitions->pdata[index];
  g_free (transition->refinement);
  transition->refinement = refinement && *refinement ? g_strdup (refinement) : NULL;
}

/**
 * hyco_fsm_actor_get_transition_refinement:
 * @self: a state machine
 * @index: a transition index, in declaration order
 *
 * Gets the refinement of a transition, the composite fired when it is taken (see
 * hyco_fsm_actor_set_transition_refinement()).
 *
 * Returns: (nullable): the name of the transition's refinement, if it has one
 */
const char *
hyco_fsm_actor_get_transition_refinement (HycoFSMActor *self, guint index)
{
  g_return_val_if_fail (HYCO_IS_FSM_ACTOR (self), NULL);
  g_return_val_if_fail (index < self->transitions->len, NULL);
  return ((Transition *) self->transitions->pdata[index])->refinement;
}

/**
 * hyco_fsm_actor_get_transition_nondeterministic:
 * @self: a state machine
 * @index: a transition index, in declaration order
 *
 * Tells whether a transition may be enabled at the same time as others leaving its state (see
 * hyco_fsm_actor_set_transition_nondeterministic()).
 *
 * Returns: whether it is marked nondeterministic
 */
gboolean
hyco_fsm_actor_get_transition_nondeterministic (HycoFSMActor *self, guint index)
{
  g_return_val_if_fail (HYCO_IS_FSM_ACTOR (self), FALSE);
  g_return_val_if_fail (index < self->transitions->len, FALSE);
  return ((Transition *) self->transitions->pdata[index])->nondeterministic;
}

/**
 * hyco_fsm_actor_set_initial_state:
 * @self: a state machine
 * @state: a state's name
 * @error: return location for a #GError
 *
 * Makes @state the initial state, and no other (Ptolemy II's `initialStateName`).
 *
 * Returns: %TRUE on success; %FALSE if there is no such state
 */
gboolean
hyco_fsm_actor_set_initial_state (HycoFSMActor *self, const char *state, GError **error)
{
  State *found;

  g_return_val_if_fail (HYCO_IS_FSM_ACTOR (self), FALSE);
  g_return_val_if_fail (state != NULL, FALSE);
  found = find_state (self, state);
  if (found == NULL)
    {
      hyco_actor_set_error (HYCO_ACTOR (self), error, HYCO_ACTOR_ERROR_STRUCTURE,
                            "no state named \"%s\"", state);
      return FALSE;
    }
  for (guint i = 0; i < self->states->len; i++)
    ((State *) self->states->pdata[i])->initial = self->states->pdata[i] == found;
  return TRUE;
}

/**
 * hyco_fsm_actor_set_state_final:
 * @self: a state machine
 * @state: a state's name
 * @final: whether the machine stops reacting in it
 * @error: return location for a #GError
 *
 * Makes a state final, or not: in a final state the machine stops reacting, and a modal model it
 * controls is fired no more once no refinement runs, while the rest of the model runs on.
 *
 * Returns: %TRUE on success; %FALSE if there is no such state
 */
gboolean
hyco_fsm_actor_set_state_final (HycoFSMActor *self, const char *state, gboolean final,
                                GError **error)
{
  State *found;

  g_return_val_if_fail (HYCO_IS_FSM_ACTOR (self), FALSE);
  g_return_val_if_fail (state != NULL, FALSE);
  found = find_state (self, state);
  if (found == NULL)
    {
      hyco_actor_set_error (HYCO_ACTOR (self), error, HYCO_ACTOR_ERROR_STRUCTURE,
                            "no state named \"%s\"", state);
      return FALSE;
    }
  found->final = final;
  return TRUE;
}
