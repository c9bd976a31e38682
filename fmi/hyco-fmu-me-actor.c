/* hyco-fmu-me-actor.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actor-helpers-private.h"
#include "hyco-fmu-actor-private.h"
#include "hyco-fmu-me-actor.h"
#include "hyco-param-private.h"
#include "hyco-fmu.h"
#include "hyco-fmu-remote.h"
#include "hyco-fmu-value.h"

#include <math.h>
#include <string.h>

/**
 * HycoFMUMEActor:
 *
 * A Model Exchange FMU (FMI 2.0 or 3.0) as an actor, `FMUModelExchange` in model files, under a
 * continuous director: the FMU computes derivatives, the director's solver (Runge-Kutta or
 * CVODE) integrates its continuous states together with the model's own integrators, through
 * the array forms of #HycoContinuousState.
 *
 * Each firing outside an event sets the FMU's time, the states the solver proposes and the
 * inputs, and reads derivatives, event indicators and outputs; nothing is committed until
 * postfire, so a rejected or refined step leaves no trace (the FMU's states are set from the
 * director's values before every evaluation; rollback is the director's own restore). The
 * event indicators are level crossings (#HycoStepSizeControl): a step across which one changes
 * sign is refined until it ends just past the crossing, within `errorTolerance` of zero on the
 * new side. At the step's end, (t, 0), the outputs are the values before the event; the FMU's
 * event iteration runs at (t, 1), (t, 2), ...: each fmi2NewDiscreteStates (FMI 3.0:
 * fmi3UpdateDiscreteStates) a microstep, until
 * the FMU needs no more. State events, step events (fmi2CompletedIntegratorStep asking for
 * event mode) and time events (the FMU's nextEventTime, a fire_at request, so steps end on it)
 * are all handled so. The FMU's nominals scale the solver's absolute tolerance.
 *
 * Its ports carry every scalar type FMUImport's do (FMI 2.0's Real, Integer, Enumeration,
 * Boolean, String; FMI 3.0's Float32/64, sized integers, Boolean, String, Enumeration, Binary;
 * not clocks, clocked variables or arrays). A discrete input is given to the FMU in event mode
 * only: a value that differs from the one it was last given is an event at the next microstep,
 * where the FMU gets that value even if the input is absent by then (a discrete event).
 *
 * Under a director that is not continuous the actor refuses to run, saying how to place it.
 */

typedef struct
{
  const HycoFmuVariable *variable;
  HycoPort *port;
  /* A discrete input: the value last given to the FMU (set in event mode only); none yet:
   * HYCO_VALUE_TYPE_NONE. */
  HycoValue last;
  /* A discrete input: a new value seen at the commit that called the event, for the event
   * iteration, where the input may be absent again (a discrete event); else none. */
  HycoValue next;
} Binding;

struct _HycoFMUMEActor
{
  HycoActor parent_instance;

  /* Parameters. */
  char *fmu_file;
  char *load_error; /* why the last fmuFile set could not be loaded: reported at initialize */
  double error_tolerance; /* 0: the director's errorTolerance, or DEFAULT_TOLERANCE */
  gboolean logging;
  char *isolation;     /* "none" or "process" */
  double call_timeout; /* s, for isolation="process" */
  GHashTable *starts; /* variable name -> start value text, set before initialization */

  HycoFmu *fmu;
  GArray *inputs, *outputs; /* Binding */
  guint nx, nz;

  /* Run. */
  HycoFmuInstance *instance;
  const HycoFmuInstanceOps *ops;
  const HycoFmuModelExchangeOps *me;
  gboolean can_terminate; /* initialized, not yet terminated */
  int resolution;
  double tolerance; /* of the event indicators */
  double *x;           /* committed states */
  double *x_tentative; /* set by the director, or the FMU's after an event iteration */
  double *dx;          /* derivatives at the last firing */
  double *nominals;
  double *z_committed; /* event indicators at the last commit */
  double *z;           /* at the last firing */
  gint64 committed_time;
  gboolean event_mode;
  gboolean has_pending; /* an event iteration step is due at pending */
  HycoTag pending;
  gboolean has_iterated; /* that step was done at iterated (firing again there: no repeat) */
  HycoTag iterated;
  HycoFmuEventInfo info;
  gint64 far_time; /* the end of the last step refined for a crossing, and the indicators */
  double *far_z;   /* there: the next step aims at the crossing between them and now */
  guint64 events;
};

#define DEFAULT_TOLERANCE 1e-6
#define MAX_INITIAL_ITERATIONS 1000

static void hyco_fmu_me_actor_state_init (HycoContinuousStateInterface *iface);
static void hyco_fmu_me_actor_control_init (HycoStepSizeControlInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (HycoFMUMEActor, hyco_fmu_me_actor, HYCO_TYPE_ACTOR,
                               G_IMPLEMENT_INTERFACE (HYCO_TYPE_CONTINUOUS_STATE,
                                                      hyco_fmu_me_actor_state_init)
                                 G_IMPLEMENT_INTERFACE (HYCO_TYPE_STEP_SIZE_CONTROL,
                                                        hyco_fmu_me_actor_control_init))

enum
{
  PROP_0,
  PROP_FMU_FILE,
  PROP_ERROR_TOLERANCE,
  PROP_LOGGING,
  PROP_ISOLATION,
  PROP_CALL_TIMEOUT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* FMU calls ------------------------------------------------------------------------------- */

static gboolean
check (HycoFMUMEActor *self, HycoFmuStatus status, const char *call, GError **error)
{
  g_autoptr (GError) local_error = NULL;

  if (self->ops->check (self->instance, status, call, &local_error))
    return TRUE;
  /* After an error the FMU is only freed (FMI 2.0 section 2.1.3), not terminated. */
  self->can_terminate = FALSE;
  hyco_actor_set_error (HYCO_ACTOR (self), error, HYCO_ACTOR_ERROR_FAILED, "%s",
                        local_error->message);
  return FALSE;
}

#define CALL(self, name, error, ...)                                                               \
  check ((self), (self)->me->name ((self)->instance->handle, ##__VA_ARGS__),                       \
         (self)->me->names->name, (error))
#define COMMON(self, name, error, ...)                                                             \
  check ((self), (self)->ops->name ((self)->instance->handle, ##__VA_ARGS__),                      \
         (self)->ops->names->name, (error))

static double
seconds (HycoFMUMEActor *self, gint64 ticks)
{
  return hyco_time_to_seconds (ticks, self->resolution);
}

/* A discrete input may only be set in event mode (FMI 2.0 section 3.2.3, FMI 3.0 section
 * 3.2): a change of its value is an event. */
static gboolean
is_discrete_input (const Binding *binding)
{
  return binding->variable->variability != HYCO_FMU_VARIABILITY_CONTINUOUS;
}

/* Whether a discrete input has a value the FMU was not given: an event is due, in which the
 * FMU is given that value (kept, as the input may be absent by then). */
static gboolean
discrete_inputs_changed (HycoFMUMEActor *self)
{
  gboolean changed = FALSE;

  for (guint i = 0; i < self->inputs->len; i++)
    {
      Binding *binding = &g_array_index (self->inputs, Binding, i);
      if (is_discrete_input (binding) && hyco_port_is_present (binding->port, 0)
          && !hyco_value_equal (hyco_port_get_value (binding->port, 0), &binding->last))
        {
          hyco_value_assign (&binding->next, hyco_port_get_value (binding->port, 0));
          changed = TRUE;
        }
    }
  return changed;
}

/* Values ----------------------------------------------------------------------------------
 * A port carries a scalar of any type but Clock: FMI 2.0's Real, Integer, Enumeration,
 * Boolean and String through FMI 2.0's calls, FMI 3.0's every type through its typed calls
 * (hyco-fmu-value.h converts) and Binary through fmi3Get/SetBinary, as FMUImport does. */

static gboolean
is_fmi3 (HycoFMUMEActor *self)
{
  return self->fmu->description->fmi_major >= 3;
}

/* Whether @value is one of @variable's type (and, FMI 2.0, the C type of its calls). */
static gboolean
is_value_of (const HycoFmuVariable *variable, const HycoValue *value)
{
  HycoValueType kind = hyco_value_get_value_type (value);
  guint64 element = 0;

  switch (variable->type)
    {
    case HYCO_FMU_TYPE_BINARY:
      return hyco_value_get_bytes (value) != NULL
             && (variable->max_size == 0
                 || g_bytes_get_size (hyco_value_get_bytes (value)) <= variable->max_size);
    case HYCO_FMU_TYPE_STRING:
      return kind == HYCO_VALUE_TYPE_STRING;
    case HYCO_FMU_TYPE_ENUMERATION:
      /* FMI 2.0's are Integers, FMI 3.0's Int64: the items, read in their version's range,
       * check both; without items, the narrower range does. */
      if (variable->items == NULL || variable->items->len == 0)
        return _hyco_fmu_value_to_element (HYCO_FMU_TYPE_INTEGER, value, (guint8 *) &element);
      return _hyco_fmu_value_to_element (HYCO_FMU_TYPE_INT64, value, (guint8 *) &element)
             && _hyco_fmu_is_enumeration_item (variable, (gint64) element);
    default:
      return _hyco_fmu_value_to_element (variable->type, value, (guint8 *) &element);
    }
}

/* What values @variable takes, for messages where its type's name does not say it all: " (true
 * or false)", " (one of off = 1, fast = 4)", ...; else "". */
static char *
describe_values (const HycoFmuVariable *variable)
{
  switch (variable->type)
    {
    case HYCO_FMU_TYPE_BOOLEAN:
      return g_strdup (" (true or false)");
    case HYCO_FMU_TYPE_BINARY:
      if (variable->max_size > 0)
        return g_strdup_printf (" (bytes, in hexadecimal two digits each, at most %" G_GUINT64_FORMAT
                                ", its maxSize)",
                                variable->max_size);
      return g_strdup (" (bytes, in hexadecimal two digits each)");
    case HYCO_FMU_TYPE_ENUMERATION:
      {
        g_autofree char *items = NULL;
        if (variable->items == NULL || variable->items->len == 0)
          return g_strdup ("");
        items = _hyco_fmu_list_enumeration_items (variable);
        return g_strdup_printf (" (one of %s)", items);
      }
    default:
      return g_strdup ("");
    }
}

/* @text (a start value from the command line) as a value of @variable's type: a number, true or
 * false, a String as written (quotes around it stripped), a Binary's hexadecimal bytes (0a1b or
 * 0x0a1b). */
static gboolean
value_from_text (const HycoFmuVariable *variable, const char *text, HycoValue *value)
{
  g_autofree char *stripped = g_strstrip (g_strdup (text));
  gsize length = strlen (stripped);

  switch (variable->type)
    {
    case HYCO_FMU_TYPE_STRING:
      if (length >= 2 && text[0] == '"' && text[strlen (text) - 1] == '"')
        {
          g_autofree char *inner = g_strndup (text + 1, strlen (text) - 2);
          hyco_value_set_string (value, inner);
        }
      else
        hyco_value_set_string (value, text);
      return TRUE;
    case HYCO_FMU_TYPE_BINARY:
      {
        g_autofree char *literal = g_str_has_prefix (stripped, "0x")
                                     ? g_strdup (stripped)
                                     : g_strconcat ("0x", stripped, NULL);
        if (!hyco_value_parse_literal (literal, value, NULL))
          return FALSE;
        break;
      }
    case HYCO_FMU_TYPE_BOOLEAN:
      if (!g_str_equal (stripped, "true") && !g_str_equal (stripped, "false"))
        return FALSE;
      hyco_value_set_boolean (value, g_str_equal (stripped, "true"));
      break;
    case HYCO_FMU_TYPE_REAL:
    case HYCO_FMU_TYPE_FLOAT32:
      {
        char *end;
        double number = g_ascii_strtod (stripped, &end);
        if (length == 0 || *end != '\0')
          return FALSE;
        hyco_value_set_double (value, number);
        break;
      }
    default:
      {
        gint64 number;
        if (!g_ascii_string_to_signed (stripped, 10, G_MININT64, G_MAXINT64, &number, NULL))
          return FALSE;
        hyco_value_set_int (value, number);
        break;
      }
    }
  return is_value_of (variable, value);
}

/* Sets @variable to @value, a value of its type (is_value_of()). */
static gboolean
set_value (HycoFMUMEActor *self, const HycoFmuVariable *variable, const HycoValue *value,
           GError **error)
{
  const HycoFmuValueReference *vr = &variable->value_reference;

  if (is_fmi3 (self) && variable->type == HYCO_FMU_TYPE_BINARY)
    {
      gsize size;
      const guint8 *data = hyco_value_get_bytes_data (value, &size);
      if (data == NULL)
        data = (const guint8 *) ""; /* no bytes, but a pointer */
      if (self->ops->set_binary == NULL)
        {
          hyco_actor_set_error (HYCO_ACTOR (self), error, HYCO_ACTOR_ERROR_FAILED,
                                "setting %s: the FMU exports no fmi3SetBinary", variable->name);
          return FALSE;
        }
      return COMMON (self, set_binary, error, vr, 1, &size, &data, 1);
    }
  if (is_fmi3 (self))
    {
      guint64 element = 0;
      if (!_hyco_fmu_value_to_element (variable->type, value, (guint8 *) &element))
        g_return_val_if_reached (FALSE); /* checked by is_value_of() */
      return check (self, self->ops->set_values (self->instance->handle, variable->type, vr, 1,
                                                 &element, 1),
                    self->ops->set_value_names[variable->type], error);
    }
  switch (variable->type)
    {
    case HYCO_FMU_TYPE_REAL:
      {
        double x = hyco_value_get_double (value);
        return COMMON (self, set_real, error, vr, 1, &x);
      }
    case HYCO_FMU_TYPE_BOOLEAN:
      {
        int x = hyco_value_get_boolean (value);
        return COMMON (self, set_boolean, error, vr, 1, &x);
      }
    case HYCO_FMU_TYPE_STRING:
      {
        const char *x = hyco_value_get_string (value);
        return COMMON (self, set_string, error, vr, 1, &x);
      }
    default: /* Integer, Enumeration */
      {
        int x = (int) hyco_value_get_int (value);
        return COMMON (self, set_integer, error, vr, 1, &x);
      }
    }
}

/* Reads @variable into @value. */
static gboolean
get_value (HycoFMUMEActor *self, const HycoFmuVariable *variable, HycoValue *value,
           GError **error)
{
  const HycoFmuValueReference *vr = &variable->value_reference;

  if (is_fmi3 (self) && variable->type == HYCO_FMU_TYPE_BINARY)
    {
      gsize size = 0;
      const guint8 *data = NULL;
      if (self->ops->get_binary == NULL)
        {
          hyco_actor_set_error (HYCO_ACTOR (self), error, HYCO_ACTOR_ERROR_FAILED,
                                "reading %s: the FMU exports no fmi3GetBinary", variable->name);
          return FALSE;
        }
      if (!COMMON (self, get_binary, error, vr, 1, &size, &data, 1))
        return FALSE;
      if ((data == NULL && size > 0) || (variable->max_size > 0 && size > variable->max_size))
        {
          hyco_actor_set_error (HYCO_ACTOR (self), error, HYCO_ACTOR_ERROR_FAILED,
                                "output %s: the FMU gave %" G_GSIZE_FORMAT " bytes%s",
                                variable->name, size,
                                data == NULL ? " but no address for them"
                                             : ", more than the maxSize of its Binary variable");
          return FALSE;
        }
      /* The FMU's bytes are its own until its next call: copied. */
      hyco_value_set_bytes_data (value, size > 0 ? data : NULL, size);
      return TRUE;
    }
  if (is_fmi3 (self))
    {
      guint64 element = 0;
      if (!check (self, self->ops->get_values (self->instance->handle, variable->type, vr, 1,
                                               &element, 1),
                  self->ops->get_value_names[variable->type], error))
        return FALSE;
      if (!_hyco_fmu_element_to_value (variable->type, (const guint8 *) &element, value))
        {
          hyco_actor_set_error (HYCO_ACTOR (self), error, HYCO_ACTOR_ERROR_FAILED,
                                "output %s: the FMU's UInt64 value is beyond the range of a Hyco "
                                "integer (%" G_GINT64_FORMAT " at most)",
                                variable->name, G_MAXINT64);
          return FALSE;
        }
      return TRUE;
    }
  switch (variable->type)
    {
    case HYCO_FMU_TYPE_REAL:
      {
        double x;
        if (!COMMON (self, get_real, error, vr, 1, &x))
          return FALSE;
        hyco_value_set_double (value, x);
        return TRUE;
      }
    case HYCO_FMU_TYPE_BOOLEAN:
      {
        int x;
        if (!COMMON (self, get_boolean, error, vr, 1, &x))
          return FALSE;
        hyco_value_set_boolean (value, x != 0);
        return TRUE;
      }
    case HYCO_FMU_TYPE_STRING:
      {
        const char *x = NULL;
        if (!COMMON (self, get_string, error, vr, 1, &x))
          return FALSE;
        hyco_value_set_string (value, x ? x : "");
        return TRUE;
      }
    default: /* Integer, Enumeration */
      {
        int x;
        if (!COMMON (self, get_integer, error, vr, 1, &x))
          return FALSE;
        hyco_value_set_int (value, x);
        return TRUE;
      }
    }
}

/* The inputs present, to the FMU: outside event mode the continuous ones only. A value not of
 * its variable's type ends the run naming the port. */
static gboolean
set_inputs (HycoFMUMEActor *self, GError **error)
{
  for (guint i = 0; i < self->inputs->len; i++)
    {
      Binding *binding = &g_array_index (self->inputs, Binding, i);
      const HycoValue *value;

      if (is_discrete_input (binding) && !self->event_mode)
        continue;
      if (hyco_port_is_present (binding->port, 0))
        value = hyco_port_get_value (binding->port, 0);
      else if (hyco_value_get_value_type (&binding->next) != HYCO_VALUE_TYPE_NONE)
        value = &binding->next;
      else
        continue;
      if (!is_value_of (binding->variable, value))
        {
          g_autofree char *text = hyco_value_to_literal (value);
          g_autofree char *what = describe_values (binding->variable);
          hyco_actor_set_error (HYCO_ACTOR (self), error, HYCO_ACTOR_ERROR_FAILED,
                                "input %s received %s, which is not a value of the FMU's %s "
                                "variable of that name%s",
                                hyco_port_get_name (binding->port), text,
                                _hyco_fmu_variable_type_name (binding->variable), what);
          return FALSE;
        }
      if (!set_value (self, binding->variable, value, error))
        return FALSE;
      if (is_discrete_input (binding))
        {
          hyco_value_assign (&binding->last, value); /* value may be next: cleared after */
          hyco_value_clear (&binding->next);
        }
    }
  return TRUE;
}

static gboolean
send_outputs (HycoFMUMEActor *self, GError **error)
{
  for (guint i = 0; i < self->outputs->len; i++)
    {
      Binding *binding = &g_array_index (self->outputs, Binding, i);
      g_auto (HycoValue) value = HYCO_VALUE_INIT;

      if (binding->variable->type == HYCO_FMU_TYPE_REAL)
        {
          /* The common case, without a HycoValue (fmi3GetFloat64 in FMI 3.0). */
          double x;
          if (!COMMON (self, get_real, error, &binding->variable->value_reference, 1, &x))
            return FALSE;
          hyco_port_send_double (binding->port, 0, x);
          continue;
        }
      if (!get_value (self, binding->variable, &value, error))
        return FALSE;
      hyco_port_send (binding->port, 0, &value);
    }
  return TRUE;
}

static void
binding_clear (gpointer data)
{
  hyco_value_clear (&((Binding *) data)->last);
  hyco_value_clear (&((Binding *) data)->next);
}

/* Loading --------------------------------------------------------------------------------- */

static void
free_instance (HycoFMUMEActor *self)
{
  if (self->instance == NULL)
    return;
  self->instance->ops->free (self->instance);
  self->instance = NULL;
  self->can_terminate = FALSE;
}

static void
free_arrays (HycoFMUMEActor *self)
{
  g_clear_pointer (&self->x, g_free);
  g_clear_pointer (&self->x_tentative, g_free);
  g_clear_pointer (&self->dx, g_free);
  g_clear_pointer (&self->nominals, g_free);
  g_clear_pointer (&self->z_committed, g_free);
  g_clear_pointer (&self->z, g_free);
  g_clear_pointer (&self->far_z, g_free);
}


/* The variables a port carries: scalars of every type but Clock, not clocked (the actor runs
 * no clocks; FMI 3.0 arrays have no port either). */
static gboolean
is_port_type (HycoFmu *fmu, const HycoFmuVariable *variable)
{
  return variable->n_dimensions == 0 && variable->type != HYCO_FMU_TYPE_CLOCK
         && variable->clock < 0;
}

/**
 * hyco_fmu_me_actor_load:
 * @self: a Model Exchange FMU actor
 * @path: an FMU file with a ModelExchange element (FMI 2.0 or 3.0); a relative path is looked for
 *   next to the model file the actor was loaded from, then in the directories of
 *   `HYCO_FMU_PATH`
 * @error: return location for a #GError
 *
 * Loads the FMU and gives the actor a port per input and output variable. This is what
 * setting #HycoFMUMEActor:fmuFile does; only one FMU can be loaded.
 *
 * Returns: %TRUE on success
 */
gboolean
hyco_fmu_me_actor_load (HycoFMUMEActor *self, const char *path, GError **error)
{
  g_autofree char *resolved = NULL;
  g_autoptr (HycoFmu) fmu = NULL;

  g_return_val_if_fail (HYCO_IS_FMU_ME_ACTOR (self), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);
  if (self->fmu != NULL)
    {
      hyco_actor_set_error (HYCO_ACTOR (self), error, HYCO_ACTOR_ERROR_PARAMETER,
                            "already holds %s: an FMU actor loads one FMU", self->fmu_file);
      return FALSE;
    }
  resolved = _hyco_fmu_actor_resolve_path (HYCO_ACTOR (self), path);
  fmu = _hyco_fmu_open (resolved, error);
  if (fmu == NULL)
    return FALSE;
  if (!fmu->description->has_model_exchange)
    {
      hyco_actor_set_error (HYCO_ACTOR (self), error, HYCO_ACTOR_ERROR_PARAMETER,
                            "%s has no ModelExchange element: a co-simulation FMU, for FMUImport",
                            path);
      return FALSE;
    }
  for (guint i = 0; i < fmu->description->variables->len; i++)
    {
      const HycoFmuVariable *variable = fmu->description->variables->pdata[i];
      gboolean input = variable->causality == HYCO_FMU_CAUSALITY_INPUT;
      Binding binding = { variable, NULL, HYCO_VALUE_INIT, HYCO_VALUE_INIT };

      if ((!input && variable->causality != HYCO_FMU_CAUSALITY_OUTPUT)
          || !is_port_type (fmu, variable))
        continue;
      binding.port = hyco_actor_add_port (HYCO_ACTOR (self), variable->name,
                                          input ? HYCO_PORT_INPUT : HYCO_PORT_OUTPUT, error);
      if (binding.port == NULL)
        return FALSE;
      if (variable->unit)
        hyco_port_set_unit (binding.port, variable->unit);
      g_array_append_val (input ? self->inputs : self->outputs, binding);
    }
  self->nx = fmu->description->states->len;
  self->nz = fmu->description->number_of_event_indicators;
  self->fmu = g_steal_pointer (&fmu);
  g_free (self->fmu_file);
  self->fmu_file = g_strdup (path);
  return TRUE;
}

/**
 * hyco_fmu_me_actor_set_start:
 * @self: a Model Exchange FMU actor with its FMU loaded
 * @name: a variable of the FMU that may be set before initialization (a parameter, a state's
 *   start value)
 * @text: its value, as a literal of its type
 * @error: return location for a #GError
 *
 * Sets the value the FMU is given before its initialization, at every run.
 *
 * Returns: %TRUE if the FMU has such a variable, settable, and @text is a value of its type
 */
gboolean
hyco_fmu_me_actor_set_start (HycoFMUMEActor *self, const char *name, const char *text,
                             GError **error)
{
  const HycoFmuVariable *variable;
  g_auto (HycoValue) value = HYCO_VALUE_INIT;

  g_return_val_if_fail (HYCO_IS_FMU_ME_ACTOR (self), FALSE);
  variable = self->fmu ? _hyco_fmu_find_variable (self->fmu, name) : NULL;
  if (variable == NULL || !_hyco_fmu_variable_is_settable (variable)
      || !is_port_type (self->fmu, variable))
    {
      hyco_actor_set_error (HYCO_ACTOR (self), error, HYCO_ACTOR_ERROR_PARAMETER,
                            "the FMU %s has no variable %s that can be set before its "
                            "initialization",
                            self->fmu_file ? self->fmu_file : "(none loaded)", name);
      return FALSE;
    }
  if (!value_from_text (variable, text, &value))
    {
      g_autofree char *what = describe_values (variable);
      hyco_actor_set_error (HYCO_ACTOR (self), error, HYCO_ACTOR_ERROR_PARAMETER,
                            "%s: \"%s\" is not a value of the FMU's %s variable%s", name, text,
                            _hyco_fmu_variable_type_name (variable), what);
      return FALSE;
    }
  g_hash_table_replace (self->starts, g_strdup (name), g_strdup (text));
  return TRUE;
}

static gboolean
apply_starts (HycoFMUMEActor *self, GError **error)
{
  GHashTableIter iter;
  gpointer key, value;

  g_hash_table_iter_init (&iter, self->starts);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      const HycoFmuVariable *variable = _hyco_fmu_find_variable (self->fmu, key);
      g_auto (HycoValue) start = HYCO_VALUE_INIT;

      /* Checked by hyco_fmu_me_actor_set_start(). */
      if (!value_from_text (variable, value, &start))
        g_return_val_if_reached (FALSE);
      if (!set_value (self, variable, &start, error))
        return FALSE;
    }
  return TRUE;
}

/* Execution ------------------------------------------------------------------------------- */

static double
director_double (HycoDirector *director, const char *name)
{
  GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (director), name);
  double value = 0;

  if (pspec != NULL && pspec->value_type == G_TYPE_DOUBLE)
    g_object_get (director, name, &value, NULL);
  return value;
}

/* The time event the FMU asked for, as a request (a step ends there); one at or before now is
 * an event at the next microstep. */
static gboolean
request_time_event (HycoFMUMEActor *self, const HycoTag *now, GError **error)
{
  double tick = hyco_time_to_seconds (1, self->resolution);
  gint64 when;
  HycoTag tag;

  if (!self->info.next_event_time_defined)
    return TRUE;
  when = (gint64) llround (self->info.next_event_time / tick);
  if (when <= now->time)
    {
      self->pending = (HycoTag){ now->time, now->microstep + 1 };
      self->has_pending = TRUE;
      return _hyco_actors_fire_at_tag_exactly (HYCO_ACTOR (self), &self->pending, error);
    }
  tag = (HycoTag){ when, 0 };
  return _hyco_actors_fire_at_tag_exactly (HYCO_ACTOR (self), &tag, error);
}

/* After an event iteration: back to continuous-time mode, with the FMU's states and
 * indicators as the committed ones. */
static gboolean
leave_event_mode (HycoFMUMEActor *self, GError **error)
{
  if (!CALL (self, enter_continuous_time_mode, error))
    return FALSE;
  self->event_mode = FALSE;
  self->far_time = G_MININT64; /* what was aimed at is behind */
  if (self->nx > 0
      && (!CALL (self, get_continuous_states, error, self->x, self->nx)
          || !CALL (self, get_nominals_of_continuous_states, error, self->nominals, self->nx)))
    return FALSE;
  memcpy (self->x_tentative, self->x, sizeof (double) * self->nx);
  for (guint i = 0; i < self->nx; i++)
    if (!(self->nominals[i] > 0))
      self->nominals[i] = 1;
  /* New nominals: the director collects the states again, and with them the tolerances. */
  if (self->info.nominals_of_continuous_states_changed)
    {
      HycoDirector *director = hyco_actor_get_executive_director (HYCO_ACTOR (self));
      if (HYCO_IS_CONTINUOUS_STATEFUL_DIRECTOR (director))
        hyco_continuous_stateful_director_states_changed (
          HYCO_CONTINUOUS_STATEFUL_DIRECTOR (director));
    }
  return self->nz == 0 || CALL (self, get_event_indicators, error, self->z_committed, self->nz);
}

static gboolean
hyco_fmu_me_actor_initialize (HycoActor *actor, GError **error)
{
  HycoFMUMEActor *self = HYCO_FMU_ME_ACTOR (actor);
  HycoDirector *director = hyco_actor_get_executive_director (actor);
  HycoTag now;
  gint64 stop;
  double start, tolerance;
  guint iterations = 0;

  if (self->load_error != NULL)
    {
      _hyco_set_parameter_error (self, error, "fmuFile", self->load_error);
      return FALSE;
    }
  if (!g_str_equal (self->isolation, "none") && !g_str_equal (self->isolation, "process"))
    {
      g_autofree char *reason
        = g_strdup_printf ("\"%s\" is neither \"none\" (the FMU runs in the hyco process) nor "
                           "\"process\" (in a process of its own)",
                           self->isolation);
      _hyco_set_parameter_error (actor, error, "isolation", reason);
      return FALSE;
    }
  if (self->fmu == NULL)
    {
      hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_PARAMETER,
                            "no FMU: set fmuFile to a Model Exchange FMU");
      return FALSE;
    }
  if (director == NULL || !hyco_director_is_continuous (director))
    {
      hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_PARAMETER,
                            "%s is a Model Exchange FMU: its continuous states are integrated by "
                            "a continuous director's solver, and the director here is not one; "
                            "put the actor in a model (or a composite actor) whose director is a "
                            "ContinuousDirector",
                            self->fmu_file);
      return FALSE;
    }
  free_instance (self);
  free_arrays (self);
  self->resolution = hyco_actor_get_resolution (actor);
  hyco_actor_get_current_tag (actor, &now);
  self->tolerance = self->error_tolerance > 0 ? self->error_tolerance
                    : director_double (director, "errorTolerance") > 0
                      ? director_double (director, "errorTolerance")
                      : DEFAULT_TOLERANCE;
  self->x = g_new0 (double, MAX (self->nx, 1));
  self->x_tentative = g_new0 (double, MAX (self->nx, 1));
  self->dx = g_new0 (double, MAX (self->nx, 1));
  self->nominals = g_new0 (double, MAX (self->nx, 1));
  self->z_committed = g_new0 (double, MAX (self->nz, 1));
  self->z = g_new0 (double, MAX (self->nz, 1));
  self->far_z = g_new0 (double, MAX (self->nz, 1));
  self->has_pending = self->has_iterated = FALSE;
  for (guint i = 0; i < self->inputs->len; i++)
    binding_clear (&g_array_index (self->inputs, Binding, i));
  self->info = (HycoFmuEventInfo){ 0 };
  self->far_time = G_MININT64;
  self->events = 0;

  if (g_str_equal (self->isolation, "process"))
    self->instance = _hyco_fmu_remote_instantiate_model_exchange (
      self->fmu, hyco_actor_get_name (actor), self->logging, self->call_timeout, &self->me,
      error);
  else
    self->instance = _hyco_fmu_instantiate_model_exchange (self->fmu, hyco_actor_get_name (actor),
                                                           self->logging, &self->me, error);
  if (self->instance == NULL)
    return FALSE;
  self->ops = self->instance->ops;
  start = seconds (self, now.time);
  stop = hyco_director_get_stop_time (director);
  tolerance = director_double (director, "relativeTolerance");
  if (!COMMON (self, setup_experiment, error, tolerance > 0, tolerance, start,
               stop != HYCO_TIME_INFINITY, stop != HYCO_TIME_INFINITY ? seconds (self, stop) : 0)
      || !apply_starts (self, error) || !COMMON (self, enter_initialization_mode, error))
    return FALSE;
  self->can_terminate = TRUE;
  if (!COMMON (self, exit_initialization_mode, error))
    return FALSE;
  /* FMI 2.0 section 3.2.3: after initialization the FMU is in event mode; its first event
   * iteration is part of the start, not microsteps. */
  self->event_mode = TRUE;
  do
    {
      self->info = (HycoFmuEventInfo){ 0 };
      if (!CALL (self, new_discrete_states, error, &self->info))
        return FALSE;
      if (++iterations > MAX_INITIAL_ITERATIONS)
        {
          hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_FAILED,
                                "the FMU's initial event iteration did not end after %d "
                                "%s calls",
                                MAX_INITIAL_ITERATIONS, self->me->names->new_discrete_states);
          return FALSE;
        }
    }
  while (self->info.new_discrete_states_needed && !self->info.terminate_simulation);
  if (!leave_event_mode (self, error))
    return FALSE;
  self->committed_time = now.time;
  return request_time_event (self, &now, error);
}

static gboolean
hyco_fmu_me_actor_fire (HycoActor *actor, GError **error)
{
  HycoFMUMEActor *self = HYCO_FMU_ME_ACTOR (actor);
  HycoTag now;

  hyco_actor_get_current_tag (actor, &now);
  if (self->has_pending && hyco_tag_equal (&now, &self->pending))
    {
      /* One step of the event iteration per microstep; firing again at this tag (the director
       * re-fires a committed tag before planning a step inside a composite) repeats none. */
      if (!self->has_iterated || !hyco_tag_equal (&now, &self->iterated))
        {
          /* The event's time and the committed states are set in continuous-time mode, the
           * only mode FMI 3.0 sets states in (an evaluation of a rejected step may have left
           * others); in event mode the time is already the event's. */
          if (!self->event_mode)
            {
              if (!CALL (self, set_time, error, seconds (self, now.time))
                  || (self->nx > 0 && !CALL (self, set_continuous_states, error, self->x, self->nx))
                  || !CALL (self, enter_event_mode, error))
                return FALSE;
              self->event_mode = TRUE;
            }
          self->info = (HycoFmuEventInfo){ 0 };
          if (!set_inputs (self, error) || !CALL (self, new_discrete_states, error, &self->info))
            return FALSE;
          self->iterated = now;
          self->has_iterated = TRUE;
          self->events++;
        }
      /* The states after the event (which postfire commits) and their derivatives. */
      if (self->nx > 0
          && (!CALL (self, get_continuous_states, error, self->x_tentative, self->nx)
              || !CALL (self, get_derivatives, error, self->dx, self->nx)))
        return FALSE;
      if (self->nz > 0 && !CALL (self, get_event_indicators, error, self->z, self->nz))
        return FALSE;
      return send_outputs (self, error);
    }
  if (self->event_mode)
    {
      if (!CALL (self, enter_continuous_time_mode, error))
        return FALSE;
      self->event_mode = FALSE;
    }
  /* Everything from the director's values: what an earlier, rejected evaluation set is
   * overwritten. */
  if (!CALL (self, set_time, error, seconds (self, now.time))
      || (self->nx > 0 && !CALL (self, set_continuous_states, error, self->x_tentative, self->nx))
      || !set_inputs (self, error)
      || (self->nx > 0 && !CALL (self, get_derivatives, error, self->dx, self->nx))
      || (self->nz > 0 && !CALL (self, get_event_indicators, error, self->z, self->nz)))
    return FALSE;
  return send_outputs (self, error);
}

/* FMI 2.0 section 3.1: an event indicator's sign change is a state event. */
static gboolean
sign_changed (double before, double after)
{
  return (before < 0 && after >= 0) || (before > 0 && after <= 0);
}

/* The FMU asked to end the simulation: the run ends with this tag, as for a co-simulation
 * FMU that returns its terminated status. */
static gboolean
terminate_run (HycoFMUMEActor *self, const HycoTag *now, const char *call)
{
  g_autofree char *at = hyco_time_to_string (now->time, self->resolution);
  g_autofree char *reason
    = g_strdup_printf ("the FMU %s asked to end the simulation at %s s (terminateSimulation from "
                       "%s)",
                       self->fmu->description->model_name, at, call);

  hyco_actor_request_stop (HYCO_ACTOR (self), reason);
  hyco_actor_finish (HYCO_ACTOR (self));
  return TRUE;
}

static gboolean
hyco_fmu_me_actor_postfire (HycoActor *actor, GError **error)
{
  HycoFMUMEActor *self = HYCO_FMU_ME_ACTOR (actor);
  gboolean event = FALSE;
  HycoTag now;

  hyco_actor_get_current_tag (actor, &now);
  if (self->has_pending && hyco_tag_equal (&now, &self->pending))
    {
      self->has_pending = FALSE;
      memcpy (self->x, self->x_tentative, sizeof (double) * self->nx);
      self->committed_time = now.time;
      if (self->info.terminate_simulation)
        return terminate_run (self, &now, self->me->names->new_discrete_states);
      if (self->info.new_discrete_states_needed)
        {
          self->pending = (HycoTag){ now.time, now.microstep + 1 };
          self->has_pending = TRUE;
          return _hyco_actors_fire_at_tag_exactly (actor, &self->pending, error);
        }
      return leave_event_mode (self, error) && request_time_event (self, &now, error);
    }
  memcpy (self->x, self->x_tentative, sizeof (double) * self->nx);
  if (now.time > self->committed_time && now.microstep == 0 && !self->event_mode)
    {
      /* A step's end: the FMU is told the step is complete, at the accepted states. */
      int enter_event_mode = FALSE, terminate = FALSE;
      if (!self->fmu->description->me_completed_integrator_step_not_needed
          && (!CALL (self, set_time, error, seconds (self, now.time))
              || (self->nx > 0 && !CALL (self, set_continuous_states, error, self->x, self->nx))
              || !CALL (self, completed_integrator_step, error, TRUE, &enter_event_mode,
                        &terminate)))
        return FALSE;
      if (terminate)
        {
          memcpy (self->z_committed, self->z, sizeof (double) * self->nz);
          self->committed_time = now.time;
          return terminate_run (self, &now, self->me->names->completed_integrator_step);
        }
      event = enter_event_mode;
      if (self->info.next_event_time_defined
          && now.time >= (gint64) llround (self->info.next_event_time
                                           / hyco_time_to_seconds (1, self->resolution)))
        event = TRUE;
    }
  for (guint i = 0; i < self->nz; i++)
    event = event || sign_changed (self->z_committed[i], self->z[i]);
  /* Called whatever else is due: it keeps the new values for the event iteration. */
  if (discrete_inputs_changed (self))
    event = TRUE;
  memcpy (self->z_committed, self->z, sizeof (double) * self->nz);
  self->committed_time = now.time;
  if (!event)
    return TRUE;
  self->pending = (HycoTag){ now.time, now.microstep + 1 };
  self->has_pending = TRUE;
  return _hyco_actors_fire_at_tag_exactly (actor, &self->pending, error);
}

static gboolean
hyco_fmu_me_actor_wrapup (HycoActor *actor, GError **error)
{
  HycoFMUMEActor *self = HYCO_FMU_ME_ACTOR (actor);
  gboolean ok = TRUE;

  if (self->instance != NULL && self->can_terminate)
    {
      self->can_terminate = FALSE;
      ok = COMMON (self, terminate, error);
    }
  free_instance (self);
  return ok;
}

static gboolean
hyco_fmu_me_actor_output_depends_on (HycoActor *actor, HycoPort *output, HycoPort *input)
{
  HycoFMUMEActor *self = HYCO_FMU_ME_ACTOR (actor);
  const HycoFmuVariable *out = NULL, *in = NULL;

  for (guint i = 0; i < self->outputs->len; i++)
    if (g_array_index (self->outputs, Binding, i).port == output)
      out = g_array_index (self->outputs, Binding, i).variable;
  for (guint i = 0; i < self->inputs->len; i++)
    if (g_array_index (self->inputs, Binding, i).port == input)
      in = g_array_index (self->inputs, Binding, i).variable;
  if (out == NULL || in == NULL || out->n_dependencies < 0)
    return TRUE;
  for (int d = 0; d < out->n_dependencies; d++)
    if (self->fmu->description->variables->pdata[out->dependencies[d]] == in)
      return TRUE;
  return FALSE;
}

/* The continuous states ------------------------------------------------------------------- */

static guint
get_n_states (HycoContinuousState *state)
{
  return HYCO_FMU_ME_ACTOR (state)->nx;
}

static void
get_states (HycoContinuousState *state, double *x)
{
  HycoFMUMEActor *self = HYCO_FMU_ME_ACTOR (state);

  memcpy (x, self->x, sizeof (double) * self->nx);
}

static void
set_tentative_states (HycoContinuousState *state, const double *x)
{
  HycoFMUMEActor *self = HYCO_FMU_ME_ACTOR (state);

  memcpy (self->x_tentative, x, sizeof (double) * self->nx);
}

static void
get_derivatives (HycoContinuousState *state, double *dx)
{
  HycoFMUMEActor *self = HYCO_FMU_ME_ACTOR (state);

  memcpy (dx, self->dx, sizeof (double) * self->nx);
}

static void
get_nominals (HycoContinuousState *state, double *nominals)
{
  HycoFMUMEActor *self = HYCO_FMU_ME_ACTOR (state);

  for (guint i = 0; i < self->nx; i++)
    nominals[i] = self->nominals ? self->nominals[i] : 1;
}

static void
hyco_fmu_me_actor_state_init (HycoContinuousStateInterface *iface)
{
  iface->get_n_states = get_n_states;
  iface->get_states = get_states;
  iface->set_tentative_states = set_tentative_states;
  iface->get_derivatives = get_derivatives;
  iface->get_nominals = get_nominals;
}

/* The event indicators as level crossings ------------------------------------------------- */

/* Where, as a fraction of the way from the committed indicators to @z, the first crossing
 * lies, aiming half the tolerance past it so that a step ending there is on the new side;
 * FALSE when no indicator changed sign or (@far_only) all that did ended within the tolerance. */
static gboolean
crossing_fraction (HycoFMUMEActor *self, const double *z, gboolean far_only, double *fraction)
{
  gboolean crossed = FALSE;

  *fraction = 1;
  for (guint i = 0; i < self->nz; i++)
    if (sign_changed (self->z_committed[i], z[i])
        && (!far_only || fabs (z[i]) > self->tolerance))
      {
        double before = fabs (self->z_committed[i]), after = fabs (z[i]);
        *fraction = MIN (*fraction, (before + self->tolerance / 2) / (before + after));
        crossed = TRUE;
      }
  return crossed;
}

/* Whether the step just fired ended past a crossing, farther from it than the tolerance. */
static gboolean
crossed_far (HycoFMUMEActor *self, double *fraction)
{
  HycoTag now;

  hyco_actor_get_current_tag (HYCO_ACTOR (self), &now);
  if (now.time <= self->committed_time || self->event_mode)
    return FALSE;
  return crossing_fraction (self, self->z, TRUE, fraction);
}

static gboolean
is_step_size_accurate (HycoStepSizeControl *control)
{
  double fraction;

  return !crossed_far (HYCO_FMU_ME_ACTOR (control), &fraction);
}

static gint64
refined_step_size (HycoStepSizeControl *control, gint64 step)
{
  HycoFMUMEActor *self = HYCO_FMU_ME_ACTOR (control);
  double fraction;
  gint64 refined;

  if (!crossed_far (self, &fraction))
    return step;
  refined = (gint64) ceil ((double) step * fraction);
  refined = CLAMP (refined, 1, step > 1 ? step - 1 : 1);
  /* Should the refined step stop short of the crossing (the interpolation undershoots a
   * curved indicator), the next one aims between its end and this one's. */
  self->far_time = self->committed_time + step;
  memcpy (self->far_z, self->z, sizeof (double) * self->nz);
  return refined;
}

static gint64
suggested_step_size (HycoStepSizeControl *control)
{
  HycoFMUMEActor *self = HYCO_FMU_ME_ACTOR (control);
  double fraction;

  if (self->far_time <= self->committed_time
      || !crossing_fraction (self, self->far_z, FALSE, &fraction))
    return HYCO_TIME_INFINITY;
  return CLAMP ((gint64) ceil ((double) (self->far_time - self->committed_time) * fraction), 1,
                self->far_time - self->committed_time);
}

static void
hyco_fmu_me_actor_control_init (HycoStepSizeControlInterface *iface)
{
  iface->is_step_size_accurate = is_step_size_accurate;
  iface->refined_step_size = refined_step_size;
  iface->suggested_step_size = suggested_step_size;
}

/* GObject --------------------------------------------------------------------------------- */

static void
get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  HycoFMUMEActor *self = HYCO_FMU_ME_ACTOR (object);

  switch (prop_id)
    {
    case PROP_FMU_FILE:
      g_value_set_string (value, self->fmu_file);
      break;
    case PROP_ERROR_TOLERANCE:
      g_value_set_double (value, self->error_tolerance);
      break;
    case PROP_LOGGING:
      g_value_set_boolean (value, self->logging);
      break;
    case PROP_ISOLATION:
      g_value_set_string (value, self->isolation);
      break;
    case PROP_CALL_TIMEOUT:
      g_value_set_double (value, self->call_timeout);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  HycoFMUMEActor *self = HYCO_FMU_ME_ACTOR (object);

  switch (prop_id)
    {
    case PROP_FMU_FILE:
      {
        const char *path = g_value_get_string (value);
        g_autoptr (GError) error = NULL;
        if (path == NULL || *path == '\0'
            || (self->fmu_file && g_str_equal (path, self->fmu_file)))
          return;
        g_clear_pointer (&self->load_error, g_free);
        /* Ports come from the FMU, so it is loaded now; a property setter cannot fail, so the
         * error waits for initialize, which names the parameter. */
        if (!hyco_fmu_me_actor_load (self, path, &error))
          self->load_error = g_strdup (error->message);
        break;
      }
    case PROP_ERROR_TOLERANCE:
      self->error_tolerance = g_value_get_double (value);
      break;
    case PROP_LOGGING:
      self->logging = g_value_get_boolean (value);
      break;
    case PROP_ISOLATION:
      g_free (self->isolation);
      self->isolation = g_value_dup_string (value);
      if (self->isolation == NULL)
        self->isolation = g_strdup ("none");
      break;
    case PROP_CALL_TIMEOUT:
      self->call_timeout = g_value_get_double (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }
  g_object_notify_by_pspec (object, pspec);
}

static void
hyco_fmu_me_actor_finalize (GObject *object)
{
  HycoFMUMEActor *self = HYCO_FMU_ME_ACTOR (object);

  free_instance (self);
  free_arrays (self);
  g_clear_pointer (&self->fmu, _hyco_fmu_unref);
  g_array_unref (self->inputs);
  g_array_unref (self->outputs);
  g_hash_table_unref (self->starts);
  g_free (self->fmu_file);
  g_free (self->load_error);
  g_free (self->isolation);
  G_OBJECT_CLASS (hyco_fmu_me_actor_parent_class)->finalize (object);
}

static void
hyco_fmu_me_actor_class_init (HycoFMUMEActorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  object_class->finalize = hyco_fmu_me_actor_finalize;
  object_class->get_property = get_property;
  object_class->set_property = set_property;
  actor_class->initialize = hyco_fmu_me_actor_initialize;
  actor_class->fire = hyco_fmu_me_actor_fire;
  actor_class->postfire = hyco_fmu_me_actor_postfire;
  actor_class->wrapup = hyco_fmu_me_actor_wrapup;
  actor_class->output_depends_on = hyco_fmu_me_actor_output_depends_on;

  hyco_actor_class_set_description (
    actor_class, "A Model Exchange FMU whose states the continuous director integrates");
  /**
   * HycoFMUMEActor:fmuFile:
   *
   * The FMU (a `.fmu` file with a ModelExchange element); setting it loads the FMU.
   */
  properties[PROP_FMU_FILE]
    = g_param_spec_string ("fmuFile", NULL, "The Model Exchange FMU file", NULL,
                           G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HycoFMUMEActor:errorTolerance:
   *
   * How close to zero, past the crossing, a step must end for an event indicator's crossing
   * to count as located; 0 (the default): the director's errorTolerance when it has one, else
   * 1e-6.
   */
  properties[PROP_ERROR_TOLERANCE] = g_param_spec_double (
    "errorTolerance", NULL, "How close to zero a located event indicator crossing is", 0,
    G_MAXDOUBLE, 0, G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HycoFMUMEActor:fmuLogging:
   *
   * Whether the FMU logs everything it can (its messages go to GLib logging).
   */
  properties[PROP_LOGGING] = g_param_spec_boolean (
    "fmuLogging", NULL, "Whether the FMU logs its messages", FALSE,
    G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HycoFMUMEActor:isolation:
   *
   * Where the FMU's code runs: "none" (the default, the fastest) in the hyco process;
   * "process" in a process of its own, as FMUImport's isolation: an FMU that crashes, calls
   * exit() or hangs ends the run with an error naming the call.
   */
  properties[PROP_ISOLATION] = g_param_spec_string (
    "isolation", NULL, "Where the FMU runs: none (in hyco) or process (a process of its own)",
    "none", G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HycoFMUMEActor:callTimeout:
   *
   * With isolation="process": how long (seconds) a call into the FMU may take before its
   * process is stopped and the run ends with an error.
   */
  properties[PROP_CALL_TIMEOUT] = g_param_spec_double (
    "callTimeout", NULL, "With isolation=process: the longest an FMU call may take (s)",
    G_MINDOUBLE, G_MAXDOUBLE, 60, G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hyco_fmu_me_actor_init (HycoFMUMEActor *self)
{
  self->inputs = g_array_new (FALSE, FALSE, sizeof (Binding));
  self->outputs = g_array_new (FALSE, FALSE, sizeof (Binding));
  g_array_set_clear_func (self->inputs, binding_clear);
  self->starts = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  self->isolation = g_strdup ("none");
  self->call_timeout = 60;
}

/**
 * hyco_fmu_me_actor_new:
 * @name: the actor's name
 *
 * Creates an actor that runs a Model Exchange FMU: the continuous director integrates its states
 * and locates its state events. Set its fmuFile property to load the FMU.
 *
 * Returns: (transfer full): a new Model Exchange FMU actor, with no FMU loaded
 */
HycoActor *
hyco_fmu_me_actor_new (const char *name)
{
  return g_object_new (HYCO_TYPE_FMU_ME_ACTOR, "name", name, NULL);
}

/**
 * hyco_fmu_me_actor_get_event_count:
 * @self: a Model Exchange FMU actor
 *
 * Counts the event iterations the FMU made during the run, for statistics and tests.
 *
 * Returns: the steps of event iteration (fmi2NewDiscreteStates or fmi3UpdateDiscreteStates
 *   calls at microsteps) in the current or last run, the initial iteration not counted
 */
guint64
hyco_fmu_me_actor_get_event_count (HycoFMUMEActor *self)
{
  g_return_val_if_fail (HYCO_IS_FMU_ME_ACTOR (self), 0);
  return self->events;
}

/**
 * hyco_fmu_me_actor_get_default_experiment:
 * @self: a Model Exchange FMU actor
 * @start_time: (out) (optional): the start time in seconds, or NAN
 * @stop_time: (out) (optional): the stop time in seconds, or NAN
 * @step_size: (out) (optional): the step size in seconds, or NAN
 * @tolerance: (out) (optional): the tolerance, or NAN
 *
 * The default experiment of the FMU's description, as hyco_fmu_actor_get_default_experiment()
 * gives a co-simulation FMU's (`hyco fmu run` takes its stop time where its command line says
 * nothing). NAN where the description gives no value.
 *
 * Returns: %TRUE when an FMU is loaded; else %FALSE and every value NAN
 */
gboolean
hyco_fmu_me_actor_get_default_experiment (HycoFMUMEActor *self, double *start_time,
                                          double *stop_time, double *step_size, double *tolerance)
{
  const HycoModelDescription *description;

  g_return_val_if_fail (HYCO_IS_FMU_ME_ACTOR (self), FALSE);

  description = self->fmu ? self->fmu->description : NULL;
  if (start_time)
    *start_time = description ? description->start_time : NAN;
  if (stop_time)
    *stop_time = description ? description->stop_time : NAN;
  if (step_size)
    *step_size = description ? description->step_size : NAN;
  if (tolerance)
    *tolerance = description ? description->tolerance : NAN;
  return description != NULL;
}
