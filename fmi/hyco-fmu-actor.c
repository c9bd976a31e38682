/* hyco-fmu-actor.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actor-helpers-private.h"
#include "hyco-fmu-actor-private.h"
#include "hyco-fmu.h"
#include "hyco-fmu-remote.h"
#include "hyco-fmu-value.h"
#include "hyco-director-private.h"
#include "hyco-param-private.h"

#include <math.h>

/**
 * HycoFMUActor:
 *
 * An FMI 2.0 co-simulation FMU as an actor (Ptolemy II's FMUImport). Setting `fmuFile` loads
 * the FMU and gives the actor a port per input and output variable; the FMU's parameters are
 * set with hyco_fmu_actor_set_fmu_parameter() (in a model file, as properties of the entity).
 *
 * The actor keeps the actor contract on top of the FMU's step function. `fire` brings the FMU
 * from the committed tag to the current one (a step, or for FMI-HC FMUs a zero-size step at a
 * new microstep), sets the inputs and reads the outputs; `postfire` commits. When a director
 * may fire a later time and then an earlier one (a continuous director's solver stages and
 * refined steps), the actor saves the FMU's state at every commit and restores it before
 * stepping from the committed tag again: rollback emulates postfire. An FMU that cannot save
 * its state is refused there.
 *
 * A plain FMI 2.0 FMU (category 0A) only takes positive steps and its outputs are read after a
 * step: it keeps its outputs through the microsteps of one time and sees inputs that changed
 * there at its next step. If `directFeedthrough` is set, the model declares that the FMU
 * computes its outputs from its inputs when they are read: the actor then sets inputs and
 * reads outputs at every firing. FMUs that implement the hybrid extension (FMI-HC, categories
 * 0B to 4) take zero-size steps at microsteps, exchange absent values and say when they next
 * need to be fired (their maximum step size becomes a fire_at request). The FMU's declared
 * output dependencies (ModelStructure) are the actor's causality interface.
 *
 * When an FMU discards a step (it returns the discard status, or an FMI-HC FMU stops short of
 * the step asked for), a continuous director retries a smaller step (step revision), unless
 * `stepRevision` is false. An error status from a plain FMU's step ends the run with the FMU's
 * message; after a fatal status the FMU is not called again, not even to free it (FMI 2.0
 * section 2.1.3). Asynchronous steps (the pending status) are not supported.
 *
 * The FMU is told the run's stop time and a tolerance: `fmuTolerance`, else the continuous
 * director's, else its default experiment's. A communication step that does not divide the
 * stop time ends in a short last step to it (not for an FMU that cannot handle variable
 * communication step sizes). Inputs connected to another FMU's outputs of a type their
 * variable cannot take are refused when the model is prepared; values are checked as they
 * arrive (an Enumeration takes only its items).
 *
 * The actor makes its calls through the instance interface (hyco-fmu-instance.h), the same
 * for every FMI version; the loader gives it the backend of the FMU's version. With
 * `isolation` "process" (co-simulation, FMI 2.0 and 3.0), the instance is created and called in a
 * host process (fmi/isolation/) through the same interface: a crash, exit() or a call longer than
 * `callTimeout` there is an error naming the call that ends the run, not the end of hyco.
 *
 * An FMI 3.0 FMU exchanges every type through the typed calls: sized integers are Hyco
 * integers (out of a type's range: an error naming the port), Float32 a double, an array
 * variable a Hyco array of the size its Dimensions (structural parameters, set in
 * configuration mode) give, Binary bytes (hexadecimal in a parameter's text: 0a1b or 0x0a1b;
 * a value longer than the variable's maxSize is refused). Its outputs are computed from
 * the inputs they depend on when read, as FMI-HC FMUs'. With event mode (hasEventMode), an
 * event the FMU signals at the end of a step to t is handled at (t, 1), (t, 2), ...: one
 * fmi3UpdateDiscreteStates per microstep while the discrete states need an update; the next
 * event time it announces is a fire_at request. A step may return early only where the
 * director can revise it: the last successful time is then a partial step, as FMI 2.0's. Clocks
 * are events: an output clock is present at the tag where the FMU reports it active, a
 * triggered input clock ticks at the tag where its input is present, a time-based input clock
 * at its times (from the description or fmi3GetIntervalDecimal); clocked variables are
 * present at their clock's ticks only.
 */

typedef struct
{
  const HycoFmuVariable *variable;
  HycoPort *port;
  HycoFmuValueReference vr;
  HycoFmuType type;
  HycoValue committed; /* inputs: the value set at the last commit */
  HycoValue value;     /* outputs: read from the FMU at the current tag */
  gboolean present;    /* outputs: whether that value is present */
  HycoValue kept;      /* outputs: the value at the last commit, for a rollback */
  gboolean kept_present;
  guint *depends_on; /* outputs: indices into the inputs; NULL with all_inputs */
  guint n_depends_on;
  gboolean all_inputs;
  guint64 n_values; /* FMI 3.0: the number of values (an array's elements; 1 for a scalar) */
  int clock;        /* FMI 3.0 clocked variables: their clock's binding, else -1 */
  gboolean clock_is_input; /* that binding is among the inputs (else the outputs) */
  /* FMI 3.0 time-based input clocks: the interval (s), the tag time of the next tick (-1:
   * none), and that at the last commit. */
  double interval;
  gint64 next_tick, committed_next_tick;
  gint64 first_tick; /* a clock with an exact fraction: the tag time its ticks count from */
  /* A clock whose interval the FMU gives as a fraction (fmi3GetIntervalFraction): the
   * interval, counter / resolution seconds, and the number of intervals from first_tick to the
   * next tick. */
  guint64 fraction_counter, fraction_resolution;
  /* What the last commit had of the schedule, for a rollback. */
  gint64 committed_first_tick;
  guint64 committed_fraction_counter, committed_fraction_resolution;
  double committed_interval;
} Binding;

/* A parameter of the FMU set in the model: a literal of its type, or (numbers and booleans) an
 * expression over the model parameters, evaluated whenever the model is prepared. */
typedef struct
{
  char *text;                 /* as given, and saved */
  HycoExpression *expression; /* NULL for a literal */
  HycoValue value;            /* what the FMU is given */
} FmuParameter;

static void
fmu_parameter_free (gpointer data)
{
  FmuParameter *parameter = data;

  g_free (parameter->text);
  g_clear_object (&parameter->expression);
  hyco_value_clear (&parameter->value);
  g_free (parameter);
}

struct _HycoFMUActor
{
  HycoActor parent_instance;

  /* Parameters. */
  char *fmu_file;
  gboolean direct_feedthrough;
  gboolean step_revision;
  gboolean fmu_logging;
  double fmu_tolerance; /* 0: not set */
  char *isolation;      /* "none" or "process" */
  double call_timeout;  /* s, for isolation="process" */
  char *communication_step_literal;
  GHashTable *fmu_parameters; /* name -> FmuParameter */
  GPtrArray *fmu_parameter_order;

  HycoFmu *fmu;
  char *load_error;
  GArray *inputs;          /* Binding */
  GArray *outputs;         /* Binding */
  GPtrArray *real_outputs; /* Binding* of the Real outputs, read in one call */
  GArray *real_output_vrs, *real_output_values, *real_output_status;

  /* Run. */
  HycoFmuInstance *instance;
  gpointer handle;               /* the instance's, which its calls take */
  const HycoFmuInstanceOps *ops; /* of the instance, known before it is created */
  char *instance_name;
  gboolean initialized;
  gboolean failed;       /* a call returned an error or a fatal status */
  gboolean fatal;        /* a call returned the fatal status: no call to the FMU is allowed */
  gboolean hybrid;       /* FMI-HC: zero-size steps and absent values */
  gboolean integer_time; /* FMI-HC integer steps, in ticks of 10^fmu_resolution s */
  int fmu_resolution;
  gint64 fmu_committed; /* the FMU's time at the last commit, in its ticks */
  gint64 fmu_now;       /* and where the instance is, when it moved on (dirty_fmu) */
  gboolean dirty_fmu;
  gint64 time_now;                 /* the model time the instance is at, when dirty */
  double real_committed, real_now; /* plain and 0B FMUs: their own time, in seconds */
  gboolean needs_rollback;
  gboolean plain_commit; /* FMI 2.0 without rollback: a commit keeps no state to restore and
                          * no FMI 3.0 clocks or events (set at initialize) */
  gpointer saved;
  int resolution;
  double ticks_per_second; /* 10^-resolution (10^resolution for positive ones), exact */
  gint64 communication_step;
  gint64 next_communication; /* the next point of the communication grid to ask for */
  HycoTag committed;
  HycoTag stepped;     /* the tag the FMU instance is at */
  gboolean dirty;      /* the instance moved away from the committed state */
  gboolean inputs_set; /* the current tag's inputs were set in fire */
  gboolean outputs_read;
  gboolean fresh;       /* initialized, not fired yet: the outputs at the start are to be read */
  gboolean discarded;   /* the last step was not completed */
  gboolean terminated;  /* the FMU asked to end the simulation at its last step */
  gint64 terminated_at; /* and where it got (model ticks) */
  gint64 reached;       /* how far it got (master ticks from the committed time), -1 unknown */
  gint64 stop_time;     /* the run's, in model ticks; HYCO_TIME_INFINITY for none */
  gint64 first_step;    /* the first positive step committed in the run, in model ticks */
  gboolean warned_variable_steps;
  char *discard_reason; /* the FMU's message, when it reported an error state */
  /* Stepped ahead in a worker thread (a director's `parallel`): what the step logged and the
   * error it ended with, for fire to report. */
  GPtrArray *advance_messages;
  GError *advance_error;

  /* FMI 3.0 (fmi3 is set at load): events in event mode, values through the typed calls. */
  gboolean fmi3;
  gboolean event_mode_used;  /* the instance signals events for the actor to handle */
  gboolean event_pending;    /* its discrete states need an update at the next microstep */
  gboolean in_event_mode;
  gboolean committed_event_pending, committed_in_event_mode;
  gboolean next_event_defined; /* a time event the FMU announced, to be fired at */
  double next_event_time;
  gboolean independent_read; /* the outputs of no input were read at this firing's tag */
  gboolean has_clocks;       /* some port is a clock or clocked: what the per-tag loops skip */
  gboolean feedthrough;      /* has_feedthrough(), as the run's firings ask it */
  GByteArray *scratch; /* values in the typed calls' layout */
};

static void hyco_fmu_actor_control_init (HycoStepSizeControlInterface *iface);
static gboolean preinitialize3 (HycoFMUActor *self, GError **error);
static gboolean clock_reaction3 (HycoFMUActor *self, GError **error);
static gboolean update_discrete_states3 (HycoFMUActor *self, GError **error);
/* When a time-based input clock's schedule is asked for: at the start (in initialization
 * mode), after its own tick, and in every event mode. */
typedef enum
{
  CLOCK_AT_START,
  CLOCK_TICKED,
  CLOCK_AT_EVENT,
} ClockMoment;

static gboolean set_clock_intervals3 (HycoFMUActor *self, GError **error);
static gboolean schedule_clock3 (HycoFMUActor *self, Binding *clock, ClockMoment moment,
                                 GError **error);
static gboolean evaluate_fmu_parameter (HycoFMUActor *self, const HycoFmuVariable *variable,
                                        FmuParameter *parameter, GError **error);

G_DEFINE_FINAL_TYPE_WITH_CODE (HycoFMUActor, hyco_fmu_actor, HYCO_TYPE_ACTOR,
                               G_IMPLEMENT_INTERFACE (HYCO_TYPE_STEP_SIZE_CONTROL,
                                                      hyco_fmu_actor_control_init)
                                 G_IMPLEMENT_INTERFACE (HYCO_TYPE_PARAMETER_OWNER,
                                                        _hyco_fmu_actor_parameter_owner_init))

enum
{
  PROP_0,
  PROP_FMU_FILE,
  PROP_DIRECT_FEEDTHROUGH,
  PROP_STEP_REVISION,
  PROP_COMMUNICATION_STEP,
  PROP_FMU_LOGGING,
  PROP_FMU_TOLERANCE,
  PROP_ISOLATION,
  PROP_CALL_TIMEOUT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* The hot paths read tags and signals directly: the public accessors' type checks cost more
 * than the work here (bench/bench-fmu.c). */
static inline void
current_tag (HycoFMUActor *self, HycoTag *tag)
{
  HycoDirector *executive = _hyco_actor_get_private ((HycoActor *) self)->executive;

  if (executive != NULL)
    *tag = _hyco_director_get_private (executive)->current;
  else
    tag->time = 0, tag->microstep = 0;
}

static inline HycoSignalStatus
input_status (HycoPort *port)
{
  return port->n_sources > 0 ? hyco_signal_status (port->sources[0]) : HYCO_SIGNAL_ABSENT;
}

static inline void
send_value (HycoPort *port, const HycoValue *value, gboolean present)
{
  HycoSignal *signal = port->n_signals > 0 ? &port->signals[0] : NULL;

  if (signal == NULL
      || !hyco_signal_may_write (signal, present ? HYCO_SIGNAL_PRESENT : HYCO_SIGNAL_ABSENT, value))
    return;
  if (!present)
    {
      hyco_signal_set_absent (signal);
      return;
    }
  if (value->type <= HYCO_VALUE_TYPE_BOOLEAN && signal->value.type <= HYCO_VALUE_TYPE_BOOLEAN)
    signal->value = *value; /* scalars: a copy, nothing to free (arrays are shared) */
  else
    hyco_value_assign (&signal->value, value);
  hyco_signal_mark_present (signal);
}

static void
binding_clear (gpointer data)
{
  Binding *binding = data;

  hyco_value_clear (&binding->committed);
  hyco_value_clear (&binding->value);
  hyco_value_clear (&binding->kept);
  g_free (binding->depends_on);
}

/* FMU states saved before the FMU returned the fatal status, which may not be given back (no
 * call after it, FMI 2.0 section 2.1.3): kept reachable until the process ends, like the
 * instance itself (fmi/fmi2/hyco-fmi2-instance.c). */
static GPtrArray *abandoned_states;
static GMutex abandoned_states_lock;

static void
free_instance (HycoFMUActor *self)
{
  if (self->instance == NULL)
    return;
  if (self->saved != NULL && self->fatal)
    {
      g_mutex_lock (&abandoned_states_lock);
      if (abandoned_states == NULL)
        abandoned_states = g_ptr_array_new ();
      g_ptr_array_add (abandoned_states, self->saved);
      g_mutex_unlock (&abandoned_states_lock);
    }
  else if (self->saved != NULL && self->ops->free_state != NULL)
    self->ops->free_state (self->handle, &self->saved);
  self->saved = NULL;
  self->ops->free (self->instance);
  /* An isolated instance's calls went with it. */
  self->ops = self->fmu->ops;
  self->instance = self->handle = NULL;
  self->initialized = FALSE;
}

static void
hyco_fmu_actor_finalize (GObject *object)
{
  HycoFMUActor *self = HYCO_FMU_ACTOR (object);

  free_instance (self);
  g_free (self->fmu_file);
  g_free (self->communication_step_literal);
  g_free (self->isolation);
  g_free (self->load_error);
  g_free (self->instance_name);
  g_free (self->discard_reason);
  g_clear_pointer (&self->advance_messages, g_ptr_array_unref);
  g_clear_error (&self->advance_error);
  g_byte_array_unref (self->scratch);
  g_hash_table_unref (self->fmu_parameters);
  g_ptr_array_unref (self->fmu_parameter_order);
  g_array_unref (self->inputs);
  g_ptr_array_unref (self->real_outputs);
  g_array_unref (self->real_output_vrs);
  g_array_unref (self->real_output_values);
  g_array_unref (self->real_output_status);
  g_array_unref (self->outputs);
  g_clear_pointer (&self->fmu, _hyco_fmu_unref);
  G_OBJECT_CLASS (hyco_fmu_actor_parent_class)->finalize (object);
}

char *
_hyco_fmu_actor_resolve_path (HycoActor *actor, const char *path)
{
  const char *location = _hyco_get_source_location (actor);
  const char *search = g_getenv ("HYCO_FMU_PATH");

  if (g_path_is_absolute (path))
    return g_strdup (path);
  if (location != NULL && strrchr (location, ':') != NULL)
    {
      g_autofree char *file = g_strndup (location, (gsize) (strrchr (location, ':') - location));
      g_autofree char *directory = g_path_get_dirname (file);
      /* A model in the current directory: the path as given, not ./path. */
      char *candidate
        = g_str_equal (directory, ".") ? g_strdup (path) : g_build_filename (directory, path, NULL);
      if (g_file_test (candidate, G_FILE_TEST_EXISTS))
        return candidate;
      g_free (candidate);
    }
  if (search != NULL)
    {
      g_auto (GStrv) directories = g_strsplit (search, G_SEARCHPATH_SEPARATOR_S, -1);
      for (guint i = 0; directories[i]; i++)
        {
          char *candidate = g_build_filename (directories[i], path, NULL);
          if (*directories[i] && g_file_test (candidate, G_FILE_TEST_EXISTS))
            return candidate;
          g_free (candidate);
        }
    }
  return g_strdup (path);
}

static void
hyco_fmu_actor_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  HycoFMUActor *self = HYCO_FMU_ACTOR (object);

  switch (prop_id)
    {
    case PROP_FMU_FILE:
      g_value_set_string (value, self->fmu_file);
      break;
    case PROP_DIRECT_FEEDTHROUGH:
      g_value_set_boolean (value, self->direct_feedthrough);
      break;
    case PROP_STEP_REVISION:
      g_value_set_boolean (value, self->step_revision);
      break;
    case PROP_FMU_LOGGING:
      g_value_set_boolean (value, self->fmu_logging);
      break;
    case PROP_FMU_TOLERANCE:
      g_value_set_double (value, self->fmu_tolerance);
      break;
    case PROP_ISOLATION:
      g_value_set_string (value, self->isolation);
      break;
    case PROP_CALL_TIMEOUT:
      g_value_set_double (value, self->call_timeout);
      break;
    case PROP_COMMUNICATION_STEP:
      g_value_set_string (value, self->communication_step_literal);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hyco_fmu_actor_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  HycoFMUActor *self = HYCO_FMU_ACTOR (object);

  switch (prop_id)
    {
    case PROP_FMU_FILE:
      {
        g_autoptr (GError) error = NULL;
        const char *path = g_value_get_string (value);
        if (g_strcmp0 (path, self->fmu_file) == 0)
          return;
        g_clear_pointer (&self->load_error, g_free);
        /* Ports come from the FMU, so it is loaded now; an error is kept for prepare (and
         * model files report it where the parameter is). */
        if (path != NULL && *path != '\0' && !hyco_fmu_actor_load (self, path, &error))
          self->load_error = g_strdup (error->message);
        break;
      }
    case PROP_DIRECT_FEEDTHROUGH:
      self->direct_feedthrough = g_value_get_boolean (value);
      break;
    case PROP_STEP_REVISION:
      self->step_revision = g_value_get_boolean (value);
      break;
    case PROP_FMU_LOGGING:
      self->fmu_logging = g_value_get_boolean (value);
      break;
    case PROP_FMU_TOLERANCE:
      self->fmu_tolerance = g_value_get_double (value);
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
    case PROP_COMMUNICATION_STEP:
      if (!_hyco_actors_set_literal (&self->communication_step_literal, value, pspec))
        return;
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }
  g_object_notify_by_pspec (object, pspec);
}

/* Reads the current value of an input port into what the FMU takes: a number into a Real, an
 * integer into an Integer, one of its items into an Enumeration, a boolean into a Boolean
 * (FMI 2.0 connects variables of one type; the model's types are checked when it is prepared,
 * see check_connections(), and its values here). */
static gboolean
read_input (HycoFMUActor *self, Binding *binding, GError **error)
{
  const HycoValue *value = &binding->port->sources[0]->value;
  HycoValueType type = hyco_value_get_value_type (value);

  switch (binding->type)
    {
    case HYCO_FMU_TYPE_REAL:
      if (!hyco_value_is_numeric (value) && type != HYCO_VALUE_TYPE_BOOLEAN)
        break;
      hyco_value_set_double (&binding->committed, hyco_value_get_double (value));
      return TRUE;
    case HYCO_FMU_TYPE_INTEGER:
    case HYCO_FMU_TYPE_ENUMERATION:
      if (!hyco_value_is_numeric (value) || type == HYCO_VALUE_TYPE_DOUBLE)
        break;
      if (binding->type == HYCO_FMU_TYPE_ENUMERATION
          && !_hyco_fmu_is_enumeration_item (binding->variable, hyco_value_get_int (value)))
        {
          g_autofree char *text = hyco_value_to_literal (value);
          g_autofree char *items = _hyco_fmu_list_enumeration_items (binding->variable);
          hyco_actor_set_error (HYCO_ACTOR (self), error, HYCO_ACTOR_ERROR_FAILED,
                                "input %s received %s, which is none of the values of the FMU's "
                                "Enumeration (%s)",
                                hyco_port_get_name (binding->port), text, items);
          return FALSE;
        }
      hyco_value_set_int (&binding->committed, hyco_value_get_int (value));
      return TRUE;
    case HYCO_FMU_TYPE_BOOLEAN:
      if (type != HYCO_VALUE_TYPE_BOOLEAN)
        break;
      hyco_value_set_boolean (&binding->committed, hyco_value_get_boolean (value));
      return TRUE;
    case HYCO_FMU_TYPE_STRING:
      if (hyco_value_get_value_type (value) != HYCO_VALUE_TYPE_STRING)
        break;
      hyco_value_set_string (&binding->committed, hyco_value_get_string (value));
      return TRUE;
    default: /* FMI 3.0's types: read_input3() */
      break;
    }
  {
    g_autofree char *text = hyco_value_to_literal (value);
    hyco_actor_set_error (HYCO_ACTOR (self), error, HYCO_ACTOR_ERROR_FAILED,
                          "input %s received %s, which the FMU's %s variable of that name cannot "
                          "take",
                          hyco_port_get_name (binding->port), text,
                          _hyco_fmu_type_name (binding->type));
  }
  return FALSE;
}

static G_GNUC_NO_INLINE gboolean
check_status (HycoFMUActor *self, HycoFmuStatus status, const char *call, GError **error)
{
  if (self->ops->check (self->instance, status, call, error))
    return TRUE;
  /* After an error the FMU only accepts being freed; after a fatal status, not even that. */
  self->failed = TRUE;
  if (status == HYCO_FMU_STATUS_FATAL)
    self->fatal = TRUE;
  g_prefix_error (error, "%s: ", self->instance_name);
  return FALSE;
}

/* Inline: every call is checked, and nearly all return OK. */
static inline gboolean
check (HycoFMUActor *self, HycoFmuStatus status, const char *call, GError **error)
{
  if (G_LIKELY (status == HYCO_FMU_STATUS_OK))
    return TRUE;
  return check_status (self, status, call, error);
}

/* Sets one input in the FMU (absent: through the hybrid functions, when the FMU has them). */
static gboolean
set_input (HycoFMUActor *self, Binding *binding, gboolean present, GError **error)
{
  const HycoFmuInstanceOps *ops = self->ops;
  const HycoFmuCallNames *names = ops->names;
  gpointer c = self->handle;
  const HycoFmuValueReference *vr = &binding->vr;
  HycoFmuSignal status = present ? HYCO_FMU_SIGNAL_PRESENT : HYCO_FMU_SIGNAL_ABSENT;
  const HycoValue *v = &binding->committed;

  if (!present && !self->hybrid)
    return TRUE; /* plain FMI has no absence: the FMU keeps the last value */
  switch (binding->type)
    {
    case HYCO_FMU_TYPE_REAL:
      {
        double x
          = hyco_value_get_value_type (v) == HYCO_VALUE_TYPE_NONE ? 0 : hyco_value_get_double (v);
        return self->hybrid && ops->set_hybrid_real
                 ? check (self, ops->set_hybrid_real (c, vr, 1, &x, &status),
                          names->set_hybrid_real, error)
                 : check (self, ops->set_real (c, vr, 1, &x), names->set_real, error);
      }
    case HYCO_FMU_TYPE_INTEGER:
    case HYCO_FMU_TYPE_ENUMERATION:
      {
        int x = hyco_value_get_value_type (v) == HYCO_VALUE_TYPE_NONE
                  ? 0
                  : (int) hyco_value_get_int (v);
        return self->hybrid && ops->set_hybrid_integer
                 ? check (self, ops->set_hybrid_integer (c, vr, 1, &x, &status),
                          names->set_hybrid_integer, error)
                 : check (self, ops->set_integer (c, vr, 1, &x), names->set_integer, error);
      }
    case HYCO_FMU_TYPE_BOOLEAN:
      {
        int x = hyco_value_get_value_type (v) != HYCO_VALUE_TYPE_NONE && hyco_value_get_boolean (v);
        return self->hybrid && ops->set_hybrid_boolean
                 ? check (self, ops->set_hybrid_boolean (c, vr, 1, &x, &status),
                          names->set_hybrid_boolean, error)
                 : check (self, ops->set_boolean (c, vr, 1, &x), names->set_boolean, error);
      }
    case HYCO_FMU_TYPE_STRING:
      {
        const char *x = hyco_value_get_value_type (v) == HYCO_VALUE_TYPE_STRING
                          ? hyco_value_get_string (v)
                          : "";
        return self->hybrid && ops->set_hybrid_string
                 ? check (self, ops->set_hybrid_string (c, vr, 1, &x, &status),
                          names->set_hybrid_string, error)
                 : check (self, ops->set_string (c, vr, 1, &x), names->set_string, error);
      }
    default: /* FMI 3.0's types: set_input3() */
      break;
    }
  g_return_val_if_reached (FALSE);
}

/* Reads one output from the FMU into binding->value and binding->present. */
static gboolean
get_output (HycoFMUActor *self, Binding *binding, GError **error)
{
  const HycoFmuInstanceOps *ops = self->ops;
  const HycoFmuCallNames *names = ops->names;
  gpointer c = self->handle;
  const HycoFmuValueReference *vr = &binding->vr;
  HycoFmuSignal status = HYCO_FMU_SIGNAL_PRESENT;
  gboolean hybrid = self->hybrid;

  switch (binding->type)
    {
    case HYCO_FMU_TYPE_REAL:
      {
        double x = 0;
        if (!(hybrid && ops->get_hybrid_real
                ? check (self, ops->get_hybrid_real (c, vr, 1, &x, &status), names->get_hybrid_real,
                         error)
                : check (self, ops->get_real (c, vr, 1, &x), names->get_real, error)))
          return FALSE;
        hyco_value_set_double (&binding->value, x);
        break;
      }
    case HYCO_FMU_TYPE_INTEGER:
    case HYCO_FMU_TYPE_ENUMERATION:
      {
        int x = 0;
        if (!(hybrid && ops->get_hybrid_integer
                ? check (self, ops->get_hybrid_integer (c, vr, 1, &x, &status),
                         names->get_hybrid_integer, error)
                : check (self, ops->get_integer (c, vr, 1, &x), names->get_integer, error)))
          return FALSE;
        hyco_value_set_int (&binding->value, x);
        break;
      }
    case HYCO_FMU_TYPE_BOOLEAN:
      {
        int x = 0;
        if (!(hybrid && ops->get_hybrid_boolean
                ? check (self, ops->get_hybrid_boolean (c, vr, 1, &x, &status),
                         names->get_hybrid_boolean, error)
                : check (self, ops->get_boolean (c, vr, 1, &x), names->get_boolean, error)))
          return FALSE;
        hyco_value_set_boolean (&binding->value, x != 0);
        break;
      }
    case HYCO_FMU_TYPE_STRING:
      {
        const char *x = NULL;
        if (!(hybrid && ops->get_hybrid_string
                ? check (self, ops->get_hybrid_string (c, vr, 1, &x, &status),
                         names->get_hybrid_string, error)
                : check (self, ops->get_string (c, vr, 1, &x), names->get_string, error)))
          return FALSE;
        hyco_value_set_string (&binding->value, x ? x : "");
        break;
      }
    default: /* FMI 3.0's types: get_output3() */
      g_return_val_if_reached (FALSE);
    }
  binding->present = status == HYCO_FMU_SIGNAL_PRESENT;
  return TRUE;
}

/* FMI 3.0 values ------------------------------------------------------------------------ */

/* FMI 3.0 FMUs exchange every type through the typed calls (hyco-fmu-instance.h), scalars and
 * arrays alike: each element is converted between a HycoValue and the type's C representation
 * by hyco-fmu-value.c, and an array variable's values are a HycoValue array (row-major, as
 * FMI 3.0 lays them out). */

/* The elements of a Hyco value for a variable of @n values: the value itself for a scalar,
 * an array's elements for an array variable (which must have exactly @n); NULL otherwise. */
static const HycoValue *
value_element (const HycoValue *value, gboolean array, guint64 n, guint64 i)
{
  if (!array)
    return value;
  if (hyco_value_get_value_type (value) != HYCO_VALUE_TYPE_ARRAY
      || hyco_value_get_array_length (value) != n)
    return NULL;
  return hyco_value_get_array_element (value, (guint) i);
}

/* @value in the typed calls' layout, in @buffer (resized); FALSE if some element is not a
 * value of the variable. */
static gboolean
value_to_buffer (const HycoFmuVariable *variable, gboolean array, guint64 n,
                 const HycoValue *value, GByteArray *buffer)
{
  gsize size = hyco_fmu_type_size (variable->type);

  g_byte_array_set_size (buffer, (guint) (size * MAX (n, 1)));
  for (guint64 i = 0; i < n; i++)
    {
      const HycoValue *element = value_element (value, array, n, i);
      if (element == NULL
          || !_hyco_fmu_value_to_element (variable->type, element, buffer->data + i * size))
        return FALSE;
    }
  return TRUE;
}

/* FMI 3.0 clocks and clocked variables: present at the clock's ticks only. */
static inline gboolean
is_clock_or_clocked (const Binding *binding)
{
  return binding->type == HYCO_FMU_TYPE_CLOCK || binding->clock >= 0;
}

/* An FMI 3.0 input clock the importer ticks by time: all but the triggered ones. */
static inline gboolean
is_time_based_clock (const Binding *binding)
{
  return binding->type == HYCO_FMU_TYPE_CLOCK
         && binding->variable->causality == HYCO_FMU_CAUSALITY_INPUT
         && !g_str_equal (binding->variable->interval_variability, "triggered");
}

/* Whether @binding's variable is an array (even of one element). */
static inline gboolean
binding_is_array (const Binding *binding)
{
  return binding->variable->n_dimensions > 0;
}

/* The number of values of @binding's variable: for an array, the product of its sizes, which
 * structural parameters may give (read from the instance, since they can be set). */
static gboolean
resolve_size3 (HycoFMUActor *self, Binding *binding, GError **error)
{
  const HycoFmuVariable *variable = binding->variable;
  guint64 n = 1;

  for (guint d = 0; d < variable->n_dimensions; d++)
    {
      const HycoFmuDimension *dimension = &variable->dimensions[d];
      guint64 size = dimension->start;
      if (dimension->variable)
        {
          const HycoFmuVariable *parameter = self->fmu->description->variables->pdata[dimension->index];
          guint8 buffer[8] = { 0 };
          g_auto (HycoValue) value = HYCO_VALUE_INIT;
          if (!check (self,
                      self->ops->get_values (self->handle, parameter->type,
                                             &parameter->value_reference, 1, buffer, 1),
                      self->ops->get_value_names[parameter->type], error))
            return FALSE;
          if (!_hyco_fmu_element_to_value (parameter->type, buffer, &value)
              || hyco_value_get_int (&value) < 0)
            {
              hyco_actor_set_error (HYCO_ACTOR (self), error, HYCO_ACTOR_ERROR_FAILED,
                                    "the structural parameter %s, a size of %s, is not a size",
                                    parameter->name, variable->name);
              return FALSE;
            }
          size = (guint64) hyco_value_get_int (&value);
        }
      if (size > G_MAXUINT32 || (size > 0 && n > G_MAXUINT32 / size))
        {
          hyco_actor_set_error (HYCO_ACTOR (self), error, HYCO_ACTOR_ERROR_FAILED,
                                "%s has too many elements for a Hyco array", variable->name);
          return FALSE;
        }
      n *= size;
    }
  binding->n_values = n;
  return TRUE;
}

/* FMI 3.0 Binary: a value is Hyco bytes (an array variable's, an array of them), of at most
 * the variable's maxSize. The FMU is given pointers into the values themselves (shared, never
 * copied); what it gives is copied, since it stays the FMU's only until its next call. */
static gboolean
is_binary_value (const HycoFmuVariable *variable, const HycoValue *value)
{
  GBytes *bytes = hyco_value_get_bytes (value);

  return bytes != NULL
         && (variable->max_size == 0 || g_bytes_get_size (bytes) <= variable->max_size);
}

static gboolean
is_binary_values (const HycoFmuVariable *variable, gboolean array, guint64 n,
                  const HycoValue *value)
{
  for (guint64 i = 0; i < n; i++)
    {
      const HycoValue *element = value_element (value, array, n, i);
      if (element == NULL || !is_binary_value (variable, element))
        return FALSE;
    }
  return TRUE;
}

/* Room for the sizes and pointers of @n Binary values: a scalar's on the stack. */
typedef struct
{
  gsize size;
  const guint8 *data;
  gsize *sizes;
  const guint8 **datas;
} BinaryBuffer;

static void
binary_buffer_init (BinaryBuffer *buffer, guint64 n)
{
  buffer->sizes = &buffer->size;
  buffer->datas = &buffer->data;
  buffer->size = 0;
  buffer->data = NULL;
  if (n > 1)
    {
      buffer->sizes = g_new0 (gsize, n);
      buffer->datas = g_new0 (const guint8 *, n);
    }
}

static void
binary_buffer_clear (BinaryBuffer *buffer)
{
  if (buffer->sizes != &buffer->size)
    {
      g_free (buffer->sizes);
      g_free (buffer->datas);
    }
}

/* Sets @variable (@n values) to @value, checked by is_binary_values(). */
static gboolean
set_binary3 (HycoFMUActor *self, const HycoFmuVariable *variable, gboolean array, guint64 n,
             const HycoValue *value, GError **error)
{
  BinaryBuffer buffer;
  gboolean ok;

  if (self->ops->set_binary == NULL)
    {
      hyco_actor_set_error (HYCO_ACTOR (self), error, HYCO_ACTOR_ERROR_FAILED,
                            "setting %s: the FMU exports no fmi3SetBinary", variable->name);
      return FALSE;
    }
  binary_buffer_init (&buffer, n);
  for (guint64 i = 0; i < n; i++)
    {
      buffer.datas[i]
        = hyco_value_get_bytes_data (value_element (value, array, n, i), &buffer.sizes[i]);
      if (buffer.datas[i] == NULL)
        buffer.datas[i] = (const guint8 *) ""; /* no bytes, but a pointer */
    }
  ok = check (self,
              self->ops->set_binary (self->handle, &variable->value_reference, 1, buffer.sizes,
                                     buffer.datas, n),
              self->ops->names->set_binary, error);
  binary_buffer_clear (&buffer);
  return ok;
}

/* Reads a Binary output into binding->value. Bytes equal to those it holds are kept, not
 * copied again: an output that does not change costs no allocation. */
static gboolean
get_binary3 (HycoFMUActor *self, Binding *binding, GError **error)
{
  const HycoFmuVariable *variable = binding->variable;
  guint64 n = binding->n_values;
  BinaryBuffer buffer;
  gboolean ok = TRUE;

  if (self->ops->get_binary == NULL)
    {
      hyco_actor_set_error (HYCO_ACTOR (self), error, HYCO_ACTOR_ERROR_FAILED,
                            "reading %s: the FMU exports no fmi3GetBinary", variable->name);
      return FALSE;
    }
  binary_buffer_init (&buffer, n);
  if (!check (self,
              self->ops->get_binary (self->handle, &binding->vr, 1, buffer.sizes, buffer.datas, n),
              self->ops->names->get_binary, error))
    {
      binary_buffer_clear (&buffer);
      return FALSE;
    }
  for (guint64 i = 0; i < n && ok; i++)
    if (buffer.datas[i] == NULL && buffer.sizes[i] > 0)
      {
        hyco_actor_set_error (HYCO_ACTOR (self), error, HYCO_ACTOR_ERROR_FAILED,
                              "output %s: the FMU gave %" G_GSIZE_FORMAT " bytes but no address "
                              "for them",
                              hyco_port_get_name (binding->port), buffer.sizes[i]);
        ok = FALSE;
      }
    else if (variable->max_size > 0 && buffer.sizes[i] > variable->max_size)
      {
        hyco_actor_set_error (HYCO_ACTOR (self), error, HYCO_ACTOR_ERROR_FAILED,
                              "output %s: the FMU gave %" G_GSIZE_FORMAT " bytes, more than "
                              "the maxSize %" G_GUINT64_FORMAT " of its Binary variable",
                              hyco_port_get_name (binding->port), buffer.sizes[i],
                              variable->max_size);
        ok = FALSE;
      }
  if (ok && !binding_is_array (binding))
    {
      gsize size;
      const guint8 *held = hyco_value_get_bytes_data (&binding->value, &size);
      if (hyco_value_get_bytes (&binding->value) == NULL || size != buffer.size
          || (size > 0 && memcmp (held, buffer.data, size) != 0))
        hyco_value_set_bytes_data (&binding->value, buffer.size > 0 ? buffer.data : NULL,
                                   buffer.size);
    }
  else if (ok)
    {
      g_autofree HycoValue *elements = g_new0 (HycoValue, MAX (n, 1));
      for (guint64 i = 0; i < n; i++)
        hyco_value_set_bytes_data (&elements[i], buffer.sizes[i] > 0 ? buffer.datas[i] : NULL,
                                   buffer.sizes[i]);
      hyco_value_set_array (&binding->value, elements, n);
      for (guint64 i = 0; i < n; i++)
        hyco_value_clear (&elements[i]);
    }
  binary_buffer_clear (&buffer);
  binding->present = ok;
  return ok;
}

/* What a Binary variable takes, for messages: "a Binary value: bytes such as 0x0a1b, at most 8
 * (its maxSize)". */
static char *
describe_binary (const HycoFmuVariable *variable, gboolean array, guint64 n)
{
  g_autofree char *limit
    = variable->max_size > 0
        ? g_strdup_printf (", at most %" G_GUINT64_FORMAT " (its maxSize)", variable->max_size)
        : g_strdup ("");
  if (array)
    return g_strdup_printf ("an array of %" G_GUINT64_FORMAT " Binary values: bytes such as "
                            "0x0a1b%s",
                            n, limit);
  return g_strdup_printf ("a Binary value: bytes such as 0x0a1b%s", limit);
}

/* An input's value, checked against its variable (scalar or array, type, range) and kept. */
static gboolean
read_input3 (HycoFMUActor *self, Binding *binding, GError **error)
{
  const HycoValue *value = &binding->port->sources[0]->value;

  if (binding->type == HYCO_FMU_TYPE_BINARY)
    {
      if (!is_binary_values (binding->variable, binding_is_array (binding), binding->n_values,
                             value))
        {
          g_autofree char *text = hyco_value_to_literal (value);
          g_autofree char *what
            = describe_binary (binding->variable, binding_is_array (binding), binding->n_values);
          hyco_actor_set_error (HYCO_ACTOR (self), error, HYCO_ACTOR_ERROR_FAILED,
                                "input %s received %s, which is not %s (the FMU's variable of "
                                "that name)",
                                hyco_port_get_name (binding->port), text, what);
          return FALSE;
        }
      hyco_value_assign (&binding->committed, value);
      return TRUE;
    }
  if (!value_to_buffer (binding->variable, binding_is_array (binding), binding->n_values, value,
                        self->scratch))
    {
      g_autofree char *text = hyco_value_to_literal (value);
      g_autofree char *what = binding_is_array (binding)
                                ? g_strdup_printf ("an array of %" G_GUINT64_FORMAT " %s",
                                                   binding->n_values,
                                                   _hyco_fmu_variable_type_name (binding->variable))
                                : g_strdup_printf ("a %s", _hyco_fmu_variable_type_name (binding->variable));
      hyco_actor_set_error (HYCO_ACTOR (self), error, HYCO_ACTOR_ERROR_FAILED,
                            "input %s received %s, which is not %s (the FMU's variable of that "
                            "name)",
                            hyco_port_get_name (binding->port), text, what);
      return FALSE;
    }
  hyco_value_assign (&binding->committed, value);
  return TRUE;
}

/* Sets an input: FMI 3.0 has no absence, so an absent input keeps the value set last (or its
 * start value). */
static gboolean
set_input3 (HycoFMUActor *self, Binding *binding, gboolean present, GError **error)
{
  if (!present || hyco_value_get_value_type (&binding->committed) == HYCO_VALUE_TYPE_NONE)
    return TRUE;
  if (binding->type == HYCO_FMU_TYPE_BINARY)
    return set_binary3 (self, binding->variable, binding_is_array (binding), binding->n_values,
                        &binding->committed, error);
  if (!value_to_buffer (binding->variable, binding_is_array (binding), binding->n_values,
                        &binding->committed, self->scratch))
    g_return_val_if_reached (FALSE); /* checked by read_input3() */
  return check (self,
                self->ops->set_values (self->handle, binding->type, &binding->vr, 1,
                                       self->scratch->data, binding->n_values),
                self->ops->set_value_names[binding->type], error);
}

/* Reads an output (scalar or array) into binding->value; always present. */
static gboolean
get_output3 (HycoFMUActor *self, Binding *binding, GError **error)
{
  gsize size = hyco_fmu_type_size (binding->type);
  guint64 n = binding->n_values;
  guint64 scalar[1] = { 0 }; /* a scalar's value: no buffer to size */

  if (binding->type == HYCO_FMU_TYPE_BINARY)
    return get_binary3 (self, binding, error);
  if (!binding_is_array (binding))
    {
      if (!check (self,
                  self->ops->get_values (self->handle, binding->type, &binding->vr, 1, scalar, 1),
                  self->ops->get_value_names[binding->type], error))
        return FALSE;
      if (!_hyco_fmu_element_to_value (binding->type, (const guint8 *) scalar, &binding->value))
        goto out_of_range;
      binding->present = TRUE;
      return TRUE;
    }
  g_byte_array_set_size (self->scratch, (guint) (size * MAX (n, 1)));
  if (!check (self,
              self->ops->get_values (self->handle, binding->type, &binding->vr, 1,
                                     self->scratch->data, n),
              self->ops->get_value_names[binding->type], error))
    return FALSE;
  {
    g_autofree HycoValue *elements = g_new0 (HycoValue, MAX (n, 1));
    gboolean ok = TRUE;
    for (guint64 i = 0; i < n && ok; i++)
      ok = _hyco_fmu_element_to_value (binding->type, self->scratch->data + i * size, &elements[i]);
    if (ok)
      hyco_value_set_array (&binding->value, elements, n);
    for (guint64 i = 0; i < n; i++)
      hyco_value_clear (&elements[i]);
    if (!ok)
      goto out_of_range;
  }
  binding->present = TRUE;
  return TRUE;

out_of_range:
  hyco_actor_set_error (HYCO_ACTOR (self), error, HYCO_ACTOR_ERROR_FAILED,
                        "output %s: the FMU's UInt64 value is beyond the range of a Hyco "
                        "integer (%" G_GINT64_FORMAT " at most)",
                        hyco_port_get_name (binding->port), G_MAXINT64);
  return FALSE;
}

/* A time-based clock's schedule as committed, what a rollback restores. */
static void
commit_schedule (Binding *clock)
{
  clock->committed_next_tick = clock->next_tick;
  clock->committed_first_tick = clock->first_tick;
  clock->committed_fraction_counter = clock->fraction_counter;
  clock->committed_fraction_resolution = clock->fraction_resolution;
  clock->committed_interval = clock->interval;
}

static void
add_binding (HycoFMUActor *self, GArray *bindings, const HycoFmuVariable *variable, HycoPort *port)
{
  Binding binding = { variable,
                      port,
                      variable->value_reference,
                      variable->type,
                      HYCO_VALUE_INIT,
                      HYCO_VALUE_INIT,
                      FALSE,
                      HYCO_VALUE_INIT,
                      FALSE,
                      NULL,
                      0,
                      FALSE,
                      variable->n_elements,
                      -1,
                      FALSE,
                      0,
                      -1,
                      -1 };

  g_array_append_val (bindings, binding);
}

/**
 * hyco_fmu_actor_load:
 * @self: an FMU actor
 * @path: an FMU file (`.fmu`); a relative path is looked for next to the model file the actor
 *   was loaded from, then in the directories of the `HYCO_FMU_PATH` environment variable
 * @error: return location for a #GError
 *
 * Loads the FMU's description and gives the actor a port for each input and output variable.
 * This is what setting #HycoFMUActor:fmuFile does; only one FMU can be loaded.
 *
 * Returns: %TRUE on success
 */
gboolean
hyco_fmu_actor_load (HycoFMUActor *self, const char *path, GError **error)
{
  g_autofree char *resolved = NULL;
  g_autoptr (HycoFmu) fmu = NULL;

  g_return_val_if_fail (HYCO_IS_FMU_ACTOR (self), FALSE);
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
  if (!fmu->description->has_co_simulation)
    {
      hyco_actor_set_error (HYCO_ACTOR (self), error, HYCO_ACTOR_ERROR_PARAMETER,
                            "%s is a Model Exchange FMU (no CoSimulation element): use it in an "
                            "FMUModelExchange actor, under a continuous director",
                            path);
      return FALSE;
    }
  for (guint i = 0; i < fmu->description->variables->len; i++)
    {
      const HycoFmuVariable *variable = fmu->description->variables->pdata[i];
      gboolean input = variable->causality == HYCO_FMU_CAUSALITY_INPUT;
      HycoPort *port;
      if (!input && variable->causality != HYCO_FMU_CAUSALITY_OUTPUT)
        continue;
      port = hyco_actor_add_port (HYCO_ACTOR (self), variable->name,
                                  input ? HYCO_PORT_INPUT : HYCO_PORT_OUTPUT, error);
      if (port == NULL)
        return FALSE;
      if (variable->unit)
        hyco_port_set_unit (port, variable->unit);
      add_binding (self, input ? self->inputs : self->outputs, variable, port);
    }
  /* FMI 3.0 clocked variables: their clocks' bindings. */
  for (guint k = 0; k < 2; k++)
    {
      GArray *side = k ? self->outputs : self->inputs;
      for (guint i = 0; i < side->len; i++)
        {
          Binding *binding = &g_array_index (side, Binding, i);
          if (binding->variable->clock < 0)
            continue;
          /* Outputs may be clocked by input clocks too. */
          for (guint c = 0; c < 2; c++)
            {
              GArray *clocks = c ? self->outputs : self->inputs;
              for (guint j = 0; j < clocks->len; j++)
                if (g_array_index (clocks, Binding, j).variable
                    == fmu->description->variables->pdata[binding->variable->clock])
                  {
                    binding->clock = (int) j;
                    binding->clock_is_input = c == 0;
                  }
            }
        }
    }
  /* Output dependencies, as indices into the inputs. */
  for (guint o = 0; o < self->outputs->len; o++)
    {
      Binding *output = &g_array_index (self->outputs, Binding, o);
      const HycoFmuVariable *variable = output->variable;
      output->all_inputs = variable->n_dependencies < 0;
      output->depends_on = g_new0 (guint, MAX (variable->n_dependencies, 1));
      for (int d = 0; d < variable->n_dependencies; d++)
        {
          const HycoFmuVariable *input
            = fmu->description->variables->pdata[variable->dependencies[d]];
          for (guint i = 0; i < self->inputs->len; i++)
            if (g_array_index (self->inputs, Binding, i).variable == input)
              output->depends_on[output->n_depends_on++] = i;
        }
    }
  for (guint o = 0; o < self->outputs->len; o++)
    {
      Binding *output = &g_array_index (self->outputs, Binding, o);
      HycoFmuSignal present = HYCO_FMU_SIGNAL_PRESENT;
      double zero = 0;
      if (output->type != HYCO_FMU_TYPE_REAL)
        continue;
      /* FMI 3.0: the scalar Float64 outputs present at every tag (read in one call too). */
      if (fmu->description->fmi_major >= 3
          && (output->variable->n_dimensions > 0 || output->variable->clock >= 0))
        continue;
      g_ptr_array_add (self->real_outputs, output);
      g_array_append_val (self->real_output_vrs, output->vr);
      g_array_append_val (self->real_output_values, zero);
      g_array_append_val (self->real_output_status, present);
    }
  self->ops = fmu->ops;
  self->fmi3 = fmu->description->fmi_major >= 3;
  for (guint k = 0; k < 2; k++)
    for (guint i = 0; i < (k ? self->outputs : self->inputs)->len; i++)
      self->has_clocks
        |= is_clock_or_clocked (&g_array_index (k ? self->outputs : self->inputs, Binding, i));
  self->fmu = g_steal_pointer (&fmu);
  g_free (self->fmu_file);
  self->fmu_file = g_strdup (path);
  return TRUE;
}

static gboolean
check_loaded (HycoFMUActor *self, GError **error)
{
  if (self->load_error != NULL)
    {
      _hyco_set_parameter_error (self, error, "fmuFile", self->load_error);
      return FALSE;
    }
  if (self->fmu == NULL)
    {
      _hyco_set_parameter_error (self, error, "fmuFile", "no FMU given");
      return FALSE;
    }
  return TRUE;
}

/* Whether the director of @actor, or one it is nested in, may fire a time and then an
 * earlier one: a continuous director's stages and refined steps. Through the containers, so
 * that it is known before the directors wire their actors. */
static gboolean
may_go_back_in_time (HycoActor *actor)
{
  for (HycoCompositeActor *container = hyco_actor_get_container (actor); container != NULL;
       container = hyco_actor_get_container (HYCO_ACTOR (container)))
    {
      HycoDirector *director = hyco_composite_actor_get_director (container);
      if (director != NULL && hyco_director_is_continuous (director))
        return TRUE;
    }
  return FALSE;
}

/* What a value of an FMU type is, as far as connections go. */
typedef enum
{
  VALUE_KIND_FLOAT,
  VALUE_KIND_INTEGER, /* the integer types of every size, and enumerations */
  VALUE_KIND_BOOLEAN,
  VALUE_KIND_STRING,
  VALUE_KIND_BINARY,
  VALUE_KIND_CLOCK,
} ValueKind;

static ValueKind
value_kind (HycoFmuType type)
{
  switch (type)
    {
    case HYCO_FMU_TYPE_REAL:
    case HYCO_FMU_TYPE_FLOAT32:
      return VALUE_KIND_FLOAT;
    case HYCO_FMU_TYPE_INTEGER:
    case HYCO_FMU_TYPE_ENUMERATION:
    case HYCO_FMU_TYPE_INT8:
    case HYCO_FMU_TYPE_UINT8:
    case HYCO_FMU_TYPE_INT16:
    case HYCO_FMU_TYPE_UINT16:
    case HYCO_FMU_TYPE_UINT32:
    case HYCO_FMU_TYPE_INT64:
    case HYCO_FMU_TYPE_UINT64:
      return VALUE_KIND_INTEGER;
    case HYCO_FMU_TYPE_BOOLEAN:
      return VALUE_KIND_BOOLEAN;
    case HYCO_FMU_TYPE_STRING:
      return VALUE_KIND_STRING;
    case HYCO_FMU_TYPE_BINARY:
      return VALUE_KIND_BINARY;
    case HYCO_FMU_TYPE_CLOCK:
      return VALUE_KIND_CLOCK;
    }
  g_assert_not_reached ();
}

/* Whether an FMU's @target input takes what a @source output sends (FMI connects variables of
 * one type; Hyco also lets a float take integers and booleans, as read_input() does, and an
 * integer of any size or an enumeration any other: values out of range fail where they
 * arrive). */
static gboolean
takes_type (HycoFmuType target, HycoFmuType source)
{
  ValueKind to = value_kind (target), from = value_kind (source);

  if (to == VALUE_KIND_FLOAT)
    return from == VALUE_KIND_FLOAT || from == VALUE_KIND_INTEGER || from == VALUE_KIND_BOOLEAN;
  return to == from;
}

/* The output of an FMU actor that @port is, or NULL. */
static const Binding *
find_fmu_output (HycoPort *port)
{
  HycoActor *owner = hyco_port_get_container (port);
  HycoFMUActor *fmu_actor;

  if (!HYCO_IS_FMU_ACTOR (owner) || !hyco_port_is_output (port))
    return NULL;
  fmu_actor = HYCO_FMU_ACTOR (owner);
  for (guint o = 0; o < fmu_actor->outputs->len; o++)
    if (g_array_index (fmu_actor->outputs, Binding, o).port == port)
      return &g_array_index (fmu_actor->outputs, Binding, o);
  return NULL;
}

/* Each input linked to another FMU's output of a type its variable cannot take is refused
 * when the model is prepared, not at the first value sent through it. */
static gboolean
check_connections (HycoFMUActor *self, GError **error)
{
  for (guint i = 0; i < self->inputs->len; i++)
    {
      const Binding *input = &g_array_index (self->inputs, Binding, i);
      g_autoptr (GPtrArray) relations = hyco_port_get_linked_relations (input->port);

      for (guint r = 0; r < relations->len; r++)
        {
          g_autoptr (GPtrArray) ports = hyco_relation_get_linked_ports (relations->pdata[r]);
          for (guint p = 0; p < ports->len; p++)
            {
              const Binding *output = find_fmu_output (ports->pdata[p]);
              if (output == NULL || takes_type (input->type, output->type))
                continue;
              hyco_actor_set_error (
                HYCO_ACTOR (self), error, HYCO_ACTOR_ERROR_STRUCTURE,
                "input %s is the FMU's %s variable, and it is connected to %s.%s, %s %s "
                "variable of its FMU: FMI connects variables of one type",
                hyco_port_get_name (input->port), _hyco_fmu_type_name (input->type),
                hyco_actor_get_name (hyco_port_get_container (output->port)),
                hyco_port_get_name (output->port),
                strchr ("AEIO", _hyco_fmu_type_name (output->type)[0]) ? "an" : "a",
                _hyco_fmu_type_name (output->type));
              return FALSE;
            }
        }
    }
  return TRUE;
}

static gboolean
hyco_fmu_actor_preinitialize (HycoActor *actor, GError **error)
{
  HycoFMUActor *self = HYCO_FMU_ACTOR (actor);

  if (!check_loaded (self, error))
    return FALSE;
  self->resolution = hyco_actor_get_resolution (actor);
  self->ticks_per_second = 1;
  for (int r = self->resolution; r != 0; r += r < 0 ? 1 : -1)
    self->ticks_per_second *= 10;
  self->communication_step = 0;
  if (*self->communication_step_literal != '\0'
      && !g_str_equal (self->communication_step_literal, "0")
      && !_hyco_actors_get_positive_time (actor, "communicationStepSize", FALSE, NULL,
                                          &self->communication_step, error))
    return FALSE;
  self->hybrid = self->fmu->category != HYCO_FMU_CATEGORY_0A;
  if (!g_str_equal (self->isolation, "none") && !g_str_equal (self->isolation, "process"))
    {
      g_autofree char *reason
        = g_strdup_printf ("\"%s\" is neither \"none\" (the FMU runs in the hyco process) nor "
                           "\"process\" (in a process of its own)",
                           self->isolation);
      _hyco_set_parameter_error (actor, error, "isolation", reason);
      return FALSE;
    }
  if (self->fmi3 && !preinitialize3 (self, error))
    return FALSE;
  /* Parameters computed from the model's, as they are now. */
  for (guint i = 0; i < self->fmu_parameter_order->len; i++)
    {
      const char *name = self->fmu_parameter_order->pdata[i];
      g_autoptr (GError) local_error = NULL;
      if (!_hyco_fmu_actor_resolve_fmu_parameter (self, name, &local_error))
        {
          _hyco_set_parameter_error (actor, error, name, local_error->message);
          return FALSE;
        }
    }
  /* Known before the run: a model that cannot run is refused when it is prepared. */
  if (!check_connections (self, error))
    return FALSE;
  self->needs_rollback = may_go_back_in_time (actor);
  if (self->needs_rollback
      && (!self->fmu->description->can_get_and_set_fmu_state || self->ops->get_state == NULL))
    {
      hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_STRUCTURE,
                            "the FMU %s cannot save and restore its state (canGetAndSetFMUstate "
                            "is false), which a continuous director needs to roll back its "
                            "steps; use it under a DE or SR director",
                            self->fmu->description->model_name);
      return FALSE;
    }
  return TRUE;
}

static gboolean set_parameters3 (HycoFMUActor *self, GError **error);
static gboolean set_parameter3 (HycoFMUActor *self, const char *name, GError **error);

/* FMI 3.0: no FMI-HC, and clocks only with event mode. */
static gboolean
preinitialize3 (HycoFMUActor *self, GError **error)
{
  GArray *sides[] = { self->inputs, self->outputs };

  self->hybrid = FALSE;
  for (guint k = 0; k < G_N_ELEMENTS (sides); k++)
    for (guint i = 0; i < sides[k]->len; i++)
      {
        Binding *binding = &g_array_index (sides[k], Binding, i);
        if (binding->type == HYCO_FMU_TYPE_CLOCK && !self->fmu->description->has_event_mode)
          {
            hyco_actor_set_error (HYCO_ACTOR (self), error, HYCO_ACTOR_ERROR_STRUCTURE,
                                  "port %s is a clock of an FMU without event mode (hasEventMode "
                                  "is false)",
                                  hyco_port_get_name (binding->port));
            return FALSE;
          }
      }
  return TRUE;
}

/* The parameters and start values set on the actor, before the FMU's initialization. */
static gboolean
set_parameters (HycoFMUActor *self, GError **error)
{
  if (self->fmi3)
    return set_parameters3 (self, error);

  for (guint i = 0; i < self->fmu_parameter_order->len; i++)
    {
      const char *name = self->fmu_parameter_order->pdata[i];
      const FmuParameter *parameter = g_hash_table_lookup (self->fmu_parameters, name);
      const HycoValue *value = &parameter->value;
      const HycoFmuVariable *variable = _hyco_fmu_find_variable (self->fmu, name);
      const HycoFmuInstanceOps *ops = self->ops;
      const HycoFmuCallNames *names = ops->names;
      const HycoFmuValueReference *vr = &variable->value_reference;
      HycoFmuStatus status;
      const char *call;

      if (variable->type == HYCO_FMU_TYPE_STRING)
        {
          const char *x = hyco_value_get_string (value);
          call = names->set_string;
          status = ops->set_string (self->handle, vr, 1, &x);
        }
      else if (variable->type == HYCO_FMU_TYPE_REAL)
        {
          double x = hyco_value_get_double (value);
          call = names->set_real;
          status = ops->set_real (self->handle, vr, 1, &x);
        }
      else if (variable->type == HYCO_FMU_TYPE_BOOLEAN)
        {
          int x = hyco_value_get_boolean (value);
          call = names->set_boolean;
          status = ops->set_boolean (self->handle, vr, 1, &x);
        }
      else
        {
          int x = (int) hyco_value_get_int (value);
          call = names->set_integer;
          status = ops->set_integer (self->handle, vr, 1, &x);
        }
      if (!check (self, status, call, error))
        {
          g_prefix_error (error, "setting %s = %s: ", name, parameter->text);
          return FALSE;
        }
    }
  return TRUE;
}

/* The FMU's time for the model's @ticks. */
static double
seconds (HycoFMUActor *self, gint64 ticks)
{
  /* As hyco_time_to_seconds(): dividing by the exact 10^-r keeps 0.1 s the double 0.1. */
  return self->resolution < 0 ? (double) ticks / self->ticks_per_second
                              : (double) ticks * self->ticks_per_second;
}

static gint64
power_of_ten (int exponent)
{
  gint64 factor = 1;

  while (exponent-- > 0)
    factor *= 10;
  return factor;
}

/* The FMU's integer time for the model's @ticks: exact to a finer FMU, the floor to a coarser
 * one (seed file 003: an event at 15 s is seen at 10 s by an FMU counting tens of seconds). */
static gint64
to_fmu_ticks (HycoFMUActor *self, gint64 ticks)
{
  int shift = self->fmu_resolution - self->resolution;

  if (shift >= 0)
    return ticks / power_of_ten (shift);
  return ticks * power_of_ten (-shift);
}

/* The model's ticks for the FMU's integer @time: exact from a coarser FMU, the ceiling from a
 * finer one, so that time always advances. */
static gint64
to_model_ticks (HycoFMUActor *self, gint64 time)
{
  int shift = self->fmu_resolution - self->resolution;

  if (shift >= 0)
    return time * power_of_ten (shift);
  /* The ceiling, without an addition that could overflow. */
  return time / power_of_ten (-shift) + (time % power_of_ten (-shift) > 0);
}

static gboolean
save_state (HycoFMUActor *self, GError **error)
{
  if (!self->needs_rollback)
    return TRUE;
  return check (self, self->ops->get_state (self->handle, &self->saved),
                self->ops->names->get_state, error);
}

static gboolean read_outputs (HycoFMUActor *self, gboolean all, GError **error);
static gboolean has_feedthrough (HycoFMUActor *self);
static gboolean initial_events3 (HycoFMUActor *self, GError **error);

/* A director's double parameter @name, or NAN when it has none. */
static double
director_double (HycoDirector *director, const char *name)
{
  GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (director), name);
  double value = NAN;

  if (pspec != NULL && G_PARAM_SPEC_VALUE_TYPE (pspec) == G_TYPE_DOUBLE)
    g_object_get (director, name, &value, NULL);
  return value;
}

/* The tolerance the FMU is told in fmi2SetupExperiment (a relative one): the actor's
 * fmuTolerance where set; else, under a continuous director, the director's (its
 * errorTolerance where set, which Ptolemy II gives its FMUs, else its relativeTolerance), so
 * that the FMU's own solver is as accurate as the director asks the model to be; else the
 * default experiment's; else none (NAN). */
static double
fmu_tolerance (HycoFMUActor *self)
{
  if (self->fmu_tolerance > 0)
    return self->fmu_tolerance;
  for (HycoCompositeActor *container = hyco_actor_get_container (HYCO_ACTOR (self));
       container != NULL; container = hyco_actor_get_container (HYCO_ACTOR (container)))
    {
      HycoDirector *director = hyco_composite_actor_get_director (container);
      double tolerance;
      if (director == NULL || !hyco_director_is_continuous (director))
        continue;
      tolerance = director_double (director, "errorTolerance");
      if (!(tolerance > 0))
        tolerance = director_double (director, "relativeTolerance");
      if (tolerance > 0)
        return tolerance;
      break;
    }
  return self->fmu->description->tolerance;
}

/* When the run stops, as far as this actor sees it: the earliest stop time of the directors
 * it is under (model ticks; HYCO_TIME_INFINITY for none). */
static gint64
run_stop_time (HycoFMUActor *self)
{
  gint64 stop = HYCO_TIME_INFINITY;

  for (HycoCompositeActor *container = hyco_actor_get_container (HYCO_ACTOR (self));
       container != NULL; container = hyco_actor_get_container (HYCO_ACTOR (container)))
    {
      HycoDirector *director = hyco_composite_actor_get_director (container);
      if (director != NULL)
        stop = MIN (stop, hyco_director_get_stop_time (director));
    }
  return stop;
}

/* A communication grid that misses the stop time ends in a short step to it (as FMPy steps),
 * except for an FMU that cannot handle variable step sizes: said once, when it is started. */
static void
check_last_step (HycoFMUActor *self, gint64 start)
{
  gint64 last;

  if (self->communication_step <= 0 || self->stop_time == HYCO_TIME_INFINITY
      || self->stop_time <= start || (self->stop_time - start) % self->communication_step == 0
      || self->fmu->description->can_handle_variable_communication_step_size)
    return;
  last = self->stop_time - (self->stop_time - start) % self->communication_step;
  {
    g_autofree char *stop_text = hyco_time_to_string (self->stop_time, self->resolution);
    g_autofree char *step_text = hyco_time_to_string (self->communication_step, self->resolution);
    g_autofree char *last_text = hyco_time_to_string (last, self->resolution);
    g_message ("%s: the stop time %s s is not a multiple of the communication step %s s, and the "
               "FMU %s cannot handle variable communication step sizes "
               "(canHandleVariableCommunicationStepSize is false): its last step ends at %s s",
               self->instance_name, stop_text, step_text, self->fmu->description->model_name,
               last_text);
  }
}

/* An instance in the hyco process, or in one of its own (isolation="process"); for FMI 3.0
 * with @event_mode_used, and early return where the director can revise a step. */
static HycoFmuInstance *
instantiate (HycoFMUActor *self, gboolean event_mode_used, GError **error)
{
  gboolean early_return = self->needs_rollback && self->step_revision;

  if (g_str_equal (self->isolation, "process"))
    return _hyco_fmu_remote_instantiate (self->fmu, self->instance_name, self->fmu_logging,
                                         event_mode_used, early_return, self->call_timeout, error);
  return _hyco_fmu_instantiate_with_events (self->fmu, self->instance_name, self->fmu_logging,
                                            event_mode_used, early_return, error);
}

static gboolean
hyco_fmu_actor_initialize (HycoActor *actor, GError **error)
{
  HycoFMUActor *self = HYCO_FMU_ACTOR (actor);
  const HycoFmuInstanceOps *ops;
  double tolerance = fmu_tolerance (self);
  gboolean stop_defined;
  HycoTag start;

  free_instance (self);
  g_clear_error (&self->advance_error);
  ops = self->ops;
  g_free (self->instance_name);
  self->instance_name = hyco_actor_get_full_name (actor);
  if (*self->instance_name == '\0')
    {
      g_free (self->instance_name);
      self->instance_name = g_strdup (hyco_actor_get_name (actor));
    }
  self->failed = self->fatal = FALSE;
  /* FMI 3.0: the actor handles the FMU's events in event mode; a step may return early only
   * where the director can revise it. */
  self->event_mode_used = self->fmi3 && self->fmu->description->has_event_mode
                          && ops->enter_event_mode != NULL;
  if (self->fmi3)
    {
      g_autoptr (GError) refused = NULL;
      self->instance
        = instantiate (self, self->event_mode_used, self->event_mode_used ? &refused : error);
      /* Some FMUs declare hasEventMode and refuse it when instantiated (the Reference FMUs'
       * Roberts): they run as FMUs that handle their events themselves. */
      if (self->instance == NULL && refused != NULL && self->has_clocks)
        {
          /* Without event mode a clock cannot tick: its ports would lie. */
          hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_FAILED,
                                "%s, and the FMU's clocks tick only in event mode",
                                refused->message);
          return FALSE;
        }
      if (self->instance == NULL && refused != NULL)
        {
          g_message ("%s: %s (instantiated again without event mode)", self->instance_name,
                     refused->message);
          self->event_mode_used = FALSE;
          self->instance = instantiate (self, FALSE, error);
        }
    }
  else
    self->instance = instantiate (self, FALSE, error);
  if (self->instance == NULL)
    {
      g_prefix_error (error, "%s: ", self->instance_name);
      return FALSE;
    }
  self->feedthrough = has_feedthrough (self);
  /* An isolated instance has calls of its own: the same ones, made in its process. */
  ops = self->ops = self->instance->ops;
  self->handle = self->instance->handle;
  hyco_actor_get_current_tag (actor, &start);
  /* FMI-HC resolution: the model's where the FMU can take it, else the FMU's own. */
  self->integer_time = ops->do_integer_step != NULL;
  self->fmu_resolution = self->resolution;
  if (self->integer_time && ops->set_resolution != NULL)
    {
      if (!check (self, ops->set_resolution (self->handle, self->resolution),
                  ops->names->set_resolution, error))
        return FALSE;
    }
  else if (self->integer_time && ops->get_preferred_resolution != NULL)
    {
      int preferred = 0;
      if (!check (self, ops->get_preferred_resolution (self->handle, &preferred),
                  ops->names->get_preferred_resolution, error))
        return FALSE;
      if (preferred < -18 || preferred > 18)
        {
          hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_FAILED,
                                "the FMU prefers a resolution of 10^%d s, beyond what model "
                                "time can represent",
                                preferred);
          return FALSE;
        }
      self->fmu_resolution = preferred;
    }
  self->fmu_committed = to_fmu_ticks (self, start.time);
  self->real_committed = seconds (self, start.time);
  /* The FMU is told when the run ends (FMI 2.0 section 4.2.1: it may prepare for it), as FMPy
   * tells it. */
  self->stop_time = run_stop_time (self);
  stop_defined = self->stop_time != HYCO_TIME_INFINITY && self->stop_time >= start.time;
  if (!check (self,
              ops->setup_experiment (self->handle, !isnan (tolerance),
                                     isnan (tolerance) ? 0 : tolerance, seconds (self, start.time),
                                     stop_defined,
                                     stop_defined ? seconds (self, self->stop_time) : 0),
              ops->names->setup_experiment, error)
      || !set_parameters (self, error)
      || !check (self, ops->enter_initialization_mode (self->handle),
                 ops->names->enter_initialization_mode, error)
      || (self->fmi3 && !set_clock_intervals3 (self, error))
      || !check (self, ops->exit_initialization_mode (self->handle),
                 ops->names->exit_initialization_mode, error))
    return FALSE;
  self->initialized = TRUE;
  self->event_pending = self->in_event_mode = self->next_event_defined = FALSE;
  self->terminated = FALSE;
  if (self->fmi3)
    {
      for (guint i = 0; i < self->inputs->len; i++)
        if (!resolve_size3 (self, &g_array_index (self->inputs, Binding, i), error))
          return FALSE;
      for (guint o = 0; o < self->outputs->len; o++)
        if (!resolve_size3 (self, &g_array_index (self->outputs, Binding, o), error))
          return FALSE;
      self->time_now = start.time;
      self->committed = start; /* what schedule_clock3() counts from */
      for (guint i = 0; i < self->inputs->len; i++)
        {
          Binding *input = &g_array_index (self->inputs, Binding, i);
          input->next_tick = input->committed_next_tick = -1;
          if (is_time_based_clock (input) && !schedule_clock3 (self, input, CLOCK_AT_START, error))
            return FALSE;
          commit_schedule (input);
        }
      if (!initial_events3 (self, error))
        return FALSE;
    }
  self->committed_event_pending = self->event_pending;
  self->committed_in_event_mode = self->in_event_mode;
  for (guint i = 0; self->fmi3 && i < self->inputs->len; i++)
    {
      Binding *input = &g_array_index (self->inputs, Binding, i);
      commit_schedule (input);
    }
  for (guint i = 0; i < self->inputs->len; i++)
    hyco_value_clear (&g_array_index (self->inputs, Binding, i).committed);
  self->committed = self->stepped = start;
  self->next_communication = start.time;
  self->dirty = self->dirty_fmu = FALSE;
  self->discarded = FALSE;
  self->inputs_set = self->outputs_read = FALSE;
  self->first_step = 0;
  self->warned_variable_steps = FALSE;
  self->fresh = TRUE;
  self->plain_commit = !self->fmi3 && !self->needs_rollback;
  check_last_step (self, start.time);
  if (!save_state (self, error))
    return FALSE;
  /* The first firing computes the outputs at the start: a director that fires only triggered
   * actors (DE) is asked for it; the others fire every actor at their first tag anyway (and a
   * request would add a tick of its own to SR). */
  if (_hyco_actors_fired_only_when_triggered (actor)
      && !hyco_actor_fire_at_tag (actor, &start, NULL, error))
    return FALSE;
  return TRUE;
}

/* Back to the committed state, when the instance moved away from it. */
static gboolean
restore (HycoFMUActor *self, GError **error)
{
  if (!self->dirty)
    return TRUE;
  if (!self->needs_rollback)
    {
      g_autofree char *tag = hyco_tag_to_string (&self->committed, self->resolution);
      hyco_actor_set_error (HYCO_ACTOR (self), error, HYCO_ACTOR_ERROR_FAILED,
                            "fired again after %s without a commit, and the FMU's state was "
                            "not saved",
                            tag);
      return FALSE;
    }
  if (!check (self, self->ops->set_state (self->handle, self->saved), self->ops->names->set_state,
              error))
    return FALSE;
  for (guint o = 0; o < self->outputs->len; o++)
    {
      Binding *output = &g_array_index (self->outputs, Binding, o);
      hyco_value_assign (&output->value, &output->kept);
      output->present = output->kept_present;
    }
  self->stepped = self->committed;
  self->dirty = self->dirty_fmu = FALSE;
  self->terminated = FALSE;
  self->event_pending = self->committed_event_pending;
  self->in_event_mode = self->committed_in_event_mode;
  self->next_event_defined = FALSE;
  for (guint i = 0; self->fmi3 && i < self->inputs->len; i++)
    {
      Binding *input = &g_array_index (self->inputs, Binding, i);
      input->next_tick = input->committed_next_tick;
      input->first_tick = input->committed_first_tick;
      input->fraction_counter = input->committed_fraction_counter;
      input->fraction_resolution = input->committed_fraction_resolution;
      input->interval = input->committed_interval;
    }
  return TRUE;
}

/* An FMI-HC FMU that reports an error state after a step (the tunnelling ball of seed file
 * 001) asks for step revision: where the director can retry a smaller step from the committed
 * state, the step is discarded instead of failing the run. The FMU's message is kept for the
 * error if even a step of one tick fails. For a plain FMI 2.0 FMU an error is an error (FMI
 * 2.0 section 2.1.3: the simulation cannot go on with it); a step it cannot take is
 * discarded with fmi2Discard. */
static gboolean
revisable (HycoFMUActor *self, const char *call)
{
  g_autoptr (GError) reason = NULL;

  if (!self->step_revision || !self->needs_rollback || !self->hybrid)
    return FALSE;
  self->ops->check (self->instance, HYCO_FMU_STATUS_ERROR, call, &reason);
  g_free (self->discard_reason);
  self->discard_reason = g_strdup (reason->message);
  self->discarded = TRUE;
  self->reached = -1; /* no telling: bisection */
  return TRUE;
}

/* A step the FMU did not complete, reaching only the model time @reached: where the director
 * can retry a smaller step it will (step revision); elsewhere, or with stepRevision false,
 * it is an error with the FMU's message, not a step silently cut short. */
static gboolean
incomplete_step (HycoFMUActor *self, HycoFmuStatus status, const char *call, gint64 reached,
                 GError **error)
{
  g_autoptr (GError) reason = NULL;

  if (status == HYCO_FMU_STATUS_DISCARD)
    self->ops->check (self->instance, status, call, &reason);
  else
    {
      g_autofree char *where = hyco_time_to_string (reached, self->resolution);
      reason = g_error_new (HYCO_FMU_ERROR, HYCO_FMU_ERROR_CALL,
                            "FMU %s (%s): %s stopped at %s s, short of the step",
                            self->fmu->description->model_name, self->instance_name, call, where);
    }
  if (self->step_revision && self->needs_rollback)
    {
      self->discarded = TRUE;
      self->reached = reached - self->committed.time;
      g_free (self->discard_reason);
      self->discard_reason = g_strdup (reason->message);
      return TRUE;
    }
  g_propagate_prefixed_error (error, g_steal_pointer (&reason), "%s: ", self->instance_name);
  return FALSE;
}

/* A step the FMU discarded (or cut short) at @reached, -1 when it does not say. An FMU that
 * asks to end the simulation (FMI 2.0's terminated status after a discard) ends the run with
 * this tag, unless it stopped short and the director can take a smaller step to where it got.
 * Any other incomplete step asks for a smaller step, or is an error (incomplete_step()). */
static gboolean
discarded_step (HycoFMUActor *self, HycoFmuStatus status, const char *call, gint64 from,
                gint64 reached, gint64 to, GError **error)
{
  const HycoFmuInstanceOps *ops = self->ops;
  gboolean terminated = FALSE;

  if (status == HYCO_FMU_STATUS_DISCARD && ops->get_boolean_status != NULL
      && ops->get_boolean_status (self->handle, HYCO_FMU_STATUS_KIND_TERMINATED, &terminated)
           <= HYCO_FMU_STATUS_WARNING
      && terminated)
    {
      self->terminated = TRUE;
      self->terminated_at = reached < 0 ? to : MIN (reached, to);
      if (reached < 0 || reached >= to || !(self->step_revision && self->needs_rollback))
        return TRUE;
    }
  if (reached < 0)
    reached = from + (to - from) / 2; /* no telling how far it got: bisection */
  return reached >= to || incomplete_step (self, status, call, reached, error);
}

/* An FMU that cannot handle variable communication step sizes may compute garbage when given
 * one: said once per run, since what fires it (inputs, a continuous director) is the model's
 * choice. Checked at each commit, with the @step (model ticks) committed: steps a continuous
 * director tried and rolled back were never taken. The first positive step, or one that
 * differs from it. */
static G_NO_INLINE void
note_step_size (HycoFMUActor *self, gint64 step)
{
  if (self->first_step == 0)
    self->first_step = step;
  else if (step != self->first_step)
    {
      g_autofree char *first = hyco_time_to_string (self->first_step, self->resolution);
      g_autofree char *now = hyco_time_to_string (step, self->resolution);
      g_autofree char *from = hyco_time_to_string (self->committed.time - step, self->resolution);
      /* Through the FMU's log, as the FMU's own messages. */
      _hyco_fmu_log (G_LOG_LEVEL_MESSAGE,
                     "%s: the FMU %s cannot handle variable communication step sizes "
                     "(canHandleVariableCommunicationStepSize is false), but after steps of %s "
                     "s it took a step of %s s (from %s s): its results may be wrong (fire it at "
                     "a fixed period, communicationStepSize, and nothing else)",
                     self->instance_name, self->fmu->description->model_name, first, now, from);
      self->warned_variable_steps = TRUE;
    }
}

/* The check at every commit, inline: the step is most often the first one again. */
static inline void
check_step_size (HycoFMUActor *self, gint64 step)
{
  if (self->fmu->description->can_handle_variable_communication_step_size
      || self->warned_variable_steps || step <= 0 || step == self->first_step)
    return;
  note_step_size (self, step);
}

/* one_step() in integer time (FMI-HC), from the model time @from. */
static G_NO_INLINE gboolean
one_integer_step (HycoFMUActor *self, gint64 from, gint64 to, gboolean no_rollback,
                  GError **error)
{
  const HycoFmuInstanceOps *ops = self->ops;
  gint64 fmu_from = self->dirty_fmu ? self->fmu_now : self->fmu_committed;
  gint64 fmu_step = to > from ? to_fmu_ticks (self, to) - fmu_from : 0;
  guint64 performed = 0;
  HycoFmuStatus status;

  status = ops->do_integer_step (self->handle, (guint64) fmu_from, (guint64) fmu_step,
                                 no_rollback, &performed);
  if (status == HYCO_FMU_STATUS_DISCARD
      || (status <= HYCO_FMU_STATUS_WARNING && (gint64) performed < fmu_step))
    {
      /* A partial step: enough when it reaches @to at the model's resolution (the FMU's
       * time then lags behind, by less than a tick); else the director must revise. */
      gint64 reached = to_model_ticks (self, fmu_from + (gint64) performed);
      if (!discarded_step (self, status, ops->names->do_integer_step, from, reached, to, error))
        return FALSE;
      status = HYCO_FMU_STATUS_OK;
    }
  if (status == HYCO_FMU_STATUS_ERROR && revisable (self, ops->names->do_integer_step))
    status = HYCO_FMU_STATUS_OK;
  self->fmu_now = fmu_from + (gint64) performed;
  self->dirty_fmu = TRUE;
  self->time_now = to;
  return check (self, status, ops->names->do_integer_step, error);
}

/* A real-time step from @real_from that did not end with OK or a warning: revised where it
 * can be, else the error. */
static G_NO_INLINE gboolean
one_step_failed (HycoFMUActor *self, HycoFmuStatus status, gint64 from, double real_from,
                 gint64 to, GError **error)
{
  const HycoFmuInstanceOps *ops = self->ops;

  if (status == HYCO_FMU_STATUS_ERROR && revisable (self, ops->names->do_step))
    status = HYCO_FMU_STATUS_OK;
  if (status == HYCO_FMU_STATUS_DISCARD)
    {
      double last = NAN;
      gint64 reached = -1;
      if (ops->get_real_status != NULL
          && ops->get_real_status (self->handle, HYCO_FMU_STATUS_KIND_LAST_SUCCESSFUL_TIME, &last)
               <= HYCO_FMU_STATUS_WARNING
          && !isnan (last) && last >= real_from)
        {
          /* Real progress to ticks with the ceiling: time always advances. */
          reached = (gint64) ceil (last * self->ticks_per_second - 1e-6);
          if (self->resolution >= 0)
            reached = (gint64) ceil (last / self->ticks_per_second - 1e-6);
          self->real_now = last;
        }
      if (!discarded_step (self, status, ops->names->do_step, from, reached, to, error))
        return FALSE;
      status = HYCO_FMU_STATUS_OK;
    }
  self->time_now = to;
  return check (self, status, ops->names->do_step, error);
}

/* One call of the FMU's step function, from where the instance is to the model time @to (the
 * same time: a zero-size step). Inline, with what is rare out of line: it is most of a DE
 * firing of an FMU. */
static inline gboolean
one_step (HycoFMUActor *self, gint64 to, GError **error)
{
  const HycoFmuInstanceOps *ops = self->ops;
  gint64 from = self->dirty ? self->time_now : self->committed.time;
  /* Where time only goes forward, the FMU is told it will never be set back (FMI 2.0 lets it
   * drop what only a rollback would need). */
  gboolean no_rollback = !self->needs_rollback;
  HycoFmuStatus status;
  double real_from, real_to;

  self->dirty = TRUE;
  if (self->integer_time)
    return one_integer_step (self, from, to, no_rollback, error);
  /* Real time: from the FMU's own time, which a partial step may have left behind the
   * model's by less than a tick. */
  real_from = self->dirty_fmu ? self->real_now : self->real_committed;
  real_to = to > from ? seconds (self, to) : real_from;
  status = ops->do_step (self->handle, real_from, real_to - real_from, no_rollback);
  self->real_now = real_to;
  self->dirty_fmu = TRUE;
  if (G_UNLIKELY (status > HYCO_FMU_STATUS_WARNING))
    return one_step_failed (self, status, from, real_from, to, error);
  self->time_now = to;
  return check (self, status, ops->names->do_step, error);
}

/* An event iteration that does not end: an error, not a hang. */
static gboolean
event_iteration_error (HycoFMUActor *self, GError **error)
{
  g_autofree char *tag = hyco_tag_to_string (&self->committed, self->resolution);
  hyco_actor_set_error (HYCO_ACTOR (self), error, HYCO_ACTOR_ERROR_FAILED,
                        "the FMU's discrete states still need an update after 1000 updates "
                        "(fmi3UpdateDiscreteStates) at %s",
                        tag);
  return FALSE;
}

/* Reads the outputs of an FMI 3.0 FMU; with @all FALSE only those that depend on no input. */
static gboolean
read_outputs3 (HycoFMUActor *self, gboolean all, GError **error)
{
  guint n = self->real_outputs->len;
  /* Every output is read: all asked for, or no input for any to depend on. */
  gboolean every = all || self->inputs->len == 0;

  /* Without inputs every output is of no input: read already at this tag. */
  if (all && self->independent_read && self->inputs->len == 0)
    return TRUE;
  self->independent_read = !all;
  if (every && n > 0)
    {
      /* The scalar Float64 outputs in one call, as FMI 2.0's Reals (read_outputs()). */
      double *values = (double *) self->real_output_values->data;
      if (!check (self,
                  self->ops->get_values (self->handle, HYCO_FMU_TYPE_REAL,
                                         (const HycoFmuValueReference *) self->real_output_vrs->data,
                                         n, values, n),
                  self->ops->get_value_names[HYCO_FMU_TYPE_REAL], error))
        return FALSE;
      for (guint k = 0; k < n; k++)
        {
          Binding *output = self->real_outputs->pdata[k];
          output->value.type = HYCO_VALUE_TYPE_DOUBLE; /* a Float64 output never holds more */
          output->value.data.v_double = values[k];
          output->present = TRUE;
        }
    }
  for (guint o = 0; o < self->outputs->len; o++)
    {
      Binding *output = &g_array_index (self->outputs, Binding, o);
      if (!all && (output->all_inputs || output->n_depends_on > 0) && self->inputs->len > 0)
        continue;
      if (every && n > 0 && output->type == HYCO_FMU_TYPE_REAL && !binding_is_array (output)
          && output->clock < 0)
        continue; /* read above */
      if (is_clock_or_clocked (output))
        continue; /* present at their ticks only: read_clocks3() */
      if (!get_output3 (self, output, error))
        return FALSE;
    }
  return TRUE;
}

/* The parameters set on the actor, before the FMU's initialization. */
static gboolean
set_parameters3 (HycoFMUActor *self, GError **error)
{
  const HycoFmuInstanceOps *ops = self->ops;
  gboolean configuring = FALSE;

  /* Structural parameters first, in configuration mode (FMI 3.0 section 3.2.2): the sizes of
   * arrays given next depend on them. */
  for (int pass = 0; pass < 2; pass++)
    for (guint i = 0; i < self->fmu_parameter_order->len; i++)
      {
        const char *name = self->fmu_parameter_order->pdata[i];
        const HycoFmuVariable *variable = _hyco_fmu_find_variable (self->fmu, name);
        gboolean structural = variable->causality == HYCO_FMU_CAUSALITY_STRUCTURAL_PARAMETER;
        if (structural != (pass == 0))
          continue;
        if (structural && !configuring)
          {
            if (ops->enter_configuration_mode == NULL)
              {
                hyco_actor_set_error (HYCO_ACTOR (self), error, HYCO_ACTOR_ERROR_PARAMETER,
                                      "setting %s: the FMU exports no "
                                      "fmi3EnterConfigurationMode to set structural parameters in",
                                      name);
                return FALSE;
              }
            if (!check (self, ops->enter_configuration_mode (self->handle),
                        ops->names->enter_configuration_mode, error))
              return FALSE;
            configuring = TRUE;
          }
        if (!structural && configuring)
          {
            if (!check (self, ops->exit_configuration_mode (self->handle),
                        ops->names->exit_configuration_mode, error))
              return FALSE;
            configuring = FALSE;
          }
        if (!set_parameter3 (self, name, error))
          return FALSE;
      }
  return !configuring
         || check (self, ops->exit_configuration_mode (self->handle),
                   ops->names->exit_configuration_mode, error);
}

/* One parameter set on the actor, through its type's setter (an array takes an array). */
static gboolean
set_parameter3 (HycoFMUActor *self, const char *name, GError **error)
{
  const FmuParameter *parameter = g_hash_table_lookup (self->fmu_parameters, name);
  const HycoFmuVariable *variable = _hyco_fmu_find_variable (self->fmu, name);
  gboolean array = variable->n_dimensions > 0;
  guint64 n = array ? hyco_value_get_array_length (&parameter->value) : 1;

  if (variable->type == HYCO_FMU_TYPE_BINARY)
    {
      if (!is_binary_values (variable, array, n, &parameter->value))
        {
          g_autofree char *what = describe_binary (variable, array, n);
          hyco_actor_set_error (HYCO_ACTOR (self), error, HYCO_ACTOR_ERROR_PARAMETER,
                                "setting %s = %s: not %s", name, parameter->text, what);
          return FALSE;
        }
      if (!set_binary3 (self, variable, array, n, &parameter->value, error))
        {
          g_prefix_error (error, "setting %s = %s: ", name, parameter->text);
          return FALSE;
        }
      return TRUE;
    }
  if (!value_to_buffer (variable, array, n, &parameter->value, self->scratch))
    {
      hyco_actor_set_error (HYCO_ACTOR (self), error, HYCO_ACTOR_ERROR_PARAMETER,
                            "setting %s = %s: not a value of the FMU's %s variable", name,
                            parameter->text, _hyco_fmu_variable_type_name (variable));
      return FALSE;
    }
  if (!check (self,
              self->ops->set_values (self->handle, variable->type, &variable->value_reference, 1,
                                     self->scratch->data, n),
              self->ops->set_value_names[variable->type], error))
    {
      g_prefix_error (error, "setting %s = %s: ", name, parameter->text);
      return FALSE;
    }
  return TRUE;
}

/* The model's ticks for the FMU's time @t in seconds, with the ceiling: time always advances. */
static gint64
ticks_at (HycoFMUActor *self, double t)
{
  if (self->resolution >= 0)
    return (gint64) ceil (t / self->ticks_per_second - 1e-6);
  return (gint64) ceil (t * self->ticks_per_second - 1e-6);
}

/* FMI 3.0 output clocks: those active now (in event mode, before the update that deactivates
 * them) tick, and their clocked outputs are present with the values of this tick. */
static gboolean
read_clocks3 (HycoFMUActor *self, GError **error)
{
  for (guint o = 0; self->has_clocks && o < self->outputs->len; o++)
    {
      Binding *clock = &g_array_index (self->outputs, Binding, o);
      gboolean active = FALSE;
      if (clock->type != HYCO_FMU_TYPE_CLOCK)
        continue;
      if (!check (self,
                  self->ops->get_values (self->handle, HYCO_FMU_TYPE_CLOCK, &clock->vr, 1,
                                         &active, 1),
                  self->ops->get_value_names[HYCO_FMU_TYPE_CLOCK], error))
        return FALSE;
      if (!active)
        continue;
      hyco_value_set_boolean (&clock->value, TRUE);
      clock->present = TRUE;
      for (guint c = 0; c < self->outputs->len; c++)
        {
          Binding *clocked = &g_array_index (self->outputs, Binding, c);
          if (clocked->clock == (int) o && !clocked->clock_is_input
              && !get_output3 (self, clocked, error))
            return FALSE;
        }
    }
  return TRUE;
}

/* At a new tag, clocks and clocked outputs are absent until a tick. */
static void
clear_clocks3 (HycoFMUActor *self)
{
  for (guint o = 0; self->has_clocks && o < self->outputs->len; o++)
    {
      Binding *output = &g_array_index (self->outputs, Binding, o);
      if (is_clock_or_clocked (output))
        output->present = FALSE;
    }
}

/* Whether the input clock @input ticks at the current tag: a triggered one when its input is
 * present, a time-based one at (or, if fired late, after) its time. */
static gboolean
clock_ticks3 (HycoFMUActor *self, const Binding *input)
{
  if (input->type != HYCO_FMU_TYPE_CLOCK)
    return FALSE;
  if (is_time_based_clock (input))
    return input->next_tick >= 0 && input->next_tick <= self->stepped.time;
  return input_status (input->port) == HYCO_SIGNAL_PRESENT;
}

/* A time-based input clock whose interval is the description's: a constant one, or a fixed or
 * tunable one with an intervalDecimal, whose interval the importer sets (FMI 3.0 section
 * 2.2.9.4: fmi3SetIntervalDecimal, or fmi3SetIntervalFraction, in Initialization Mode; Hyco
 * sets the description's and never retunes it). */
static gboolean
has_description_interval (const HycoFmuVariable *variable)
{
  const char *kind = variable->interval_variability;

  return g_str_equal (kind, "constant")
         || ((g_str_equal (kind, "fixed") || g_str_equal (kind, "tunable"))
             && !isnan (variable->interval_decimal));
}

/* In Initialization Mode: the interval of each fixed or tunable input clock that has one in
 * the description, told to the FMU (which must be told, FMI 3.0 section 3.2.1 on
 * Initialization Mode): as the description's fraction where the clock supports fractions and
 * the description gives one, else in seconds. */
static gboolean
set_clock_intervals3 (HycoFMUActor *self, GError **error)
{
  const HycoFmuInstanceOps *ops = self->ops;

  for (guint i = 0; self->has_clocks && i < self->inputs->len; i++)
    {
      Binding *input = &g_array_index (self->inputs, Binding, i);
      const HycoFmuVariable *variable = input->variable;
      if (!is_time_based_clock (input) || !has_description_interval (variable)
          || g_str_equal (variable->interval_variability, "constant"))
        continue;
      if (variable->supports_fraction && variable->fraction_resolution > 0
          && ops->set_interval_fraction != NULL)
        {
          guint64 counter = variable->interval_counter;
          guint64 resolution = variable->fraction_resolution;
          if (!check (self,
                      ops->set_interval_fraction (self->handle, &input->vr, 1, &counter,
                                                  &resolution),
                      ops->names->set_interval_fraction, error))
            return FALSE;
          continue;
        }
      if (ops->set_interval_decimal == NULL)
        {
          hyco_actor_set_error (HYCO_ACTOR (self), error, HYCO_ACTOR_ERROR_FAILED,
                                "the FMU exports no fmi3SetIntervalDecimal to be told the "
                                "interval of its %s clock %s",
                                variable->interval_variability, variable->name);
          return FALSE;
        }
      if (!check (self,
                  ops->set_interval_decimal (self->handle, &input->vr, 1,
                                             &variable->interval_decimal),
                  ops->names->set_interval_decimal, error))
        return FALSE;
    }
  return TRUE;
}

/* A constant clock whose description gives its interval and shift as fractions (intervalCounter,
 * shiftCounter, resolution): its k-th tick at exactly (shiftCounter + k intervalCounter) /
 * resolution seconds from the start, rounded to the nearest tag time, so that an interval
 * such as 1/3 s does not drift as a sum of rounded decimal intervals would. FALSE for other
 * clocks, or where the time resolution is coarser than a second. */
static gboolean
fraction_ticks (HycoFMUActor *self, Binding *clock, gboolean first)
{
  const HycoFmuVariable *variable = clock->variable;
  gint64 per_second, resolution, shift, interval, k;

  if (variable->fraction_resolution == 0 || self->resolution > 0
      || !has_description_interval (variable))
    return FALSE;
  per_second = (gint64) self->ticks_per_second;
  resolution = variable->fraction_resolution;
  shift = variable->shift_counter;
  interval = variable->interval_counter;
  if (first)
    {
      clock->first_tick = self->committed.time;
      k = 0;
    }
  else /* the tick after the one due now: the nearest k to it, plus one */
    k = ((clock->next_tick - clock->first_tick) * resolution - shift * per_second
         + interval * per_second / 2)
          / (interval * per_second)
        + 1;
  clock->next_tick
    = clock->first_tick + ((shift + k * interval) * per_second + resolution / 2) / resolution;
  return TRUE;
}

/* A time-based input clock's interval and next tick (FMI 3.0 section 2.2.9): constant clocks
 * have theirs in the description, the others' come from fmi3GetIntervalDecimal with its
 * qualifier.
 * - Periodic clocks (constant, fixed, tunable) tick first at the start plus their shift
 *   (fmi3GetShiftDecimal where the description gives none), then one interval after each tick.
 *   A tunable clock is asked in every event mode: a changed interval counts from that event.
 * - A changing clock ticks first one interval after the start, then one interval (asked at
 *   each tick, 0 allowed) after each tick.
 * - A countdown clock is asked in every event mode: a changed interval (0 allowed: the next
 *   microstep) counts from that event; its tick uses it up, and until the FMU gives another
 *   (fmi3IntervalNotYetKnown meanwhile) it does not tick again.
 * The tick falls on the tag time at or after the exact time (ticks_at()). */
static gboolean
schedule_clock3 (HycoFMUActor *self, Binding *clock, ClockMoment moment, GError **error)
{
  const HycoFmuInstanceOps *ops = self->ops;
  const HycoFmuVariable *variable = clock->variable;
  const char *kind = variable->interval_variability;
  gboolean countdown = g_str_equal (kind, "countdown");
  gboolean aperiodic = countdown || g_str_equal (kind, "changing");
  gboolean tunable = g_str_equal (kind, "tunable");
  double interval = variable->interval_decimal, shift = aperiodic ? 0 : variable->shift_decimal;
  /* A constant clock never changes, nor one whose interval Hyco set (the description's). */
  gboolean described = has_description_interval (variable);
  gboolean changed = !described;

  if (moment == CLOCK_AT_EVENT && !countdown && (!tunable || described))
    return TRUE;
  if (moment == CLOCK_TICKED && countdown)
    clock->next_tick = -1; /* used up */
  gboolean fraction = variable->supports_fraction && ops->get_interval_fraction != NULL
                      && self->resolution <= 0 && !described;
  guint64 counter = 0, resolution = 0;

  if (fraction)
    {
      int qualifier = 0;
      if (!check (self,
                  ops->get_interval_fraction (self->handle, &clock->vr, 1, &counter, &resolution,
                                              &qualifier),
                  ops->names->get_interval_fraction, error))
        return FALSE;
      if (qualifier == 0)
        {
          if (moment == CLOCK_AT_START)
            clock->next_tick = -1;
          return TRUE;
        }
      changed = qualifier == 2;
      if (!changed && moment != CLOCK_AT_START && (moment == CLOCK_AT_EVENT || countdown))
        return TRUE;
      if (!changed && moment != CLOCK_AT_START)
        counter = clock->fraction_counter, resolution = clock->fraction_resolution;
      interval = resolution > 0 ? (double) counter / (double) resolution : NAN;
      if (moment == CLOCK_AT_START && !aperiodic && isnan (variable->interval_decimal)
          && ops->get_shift_decimal != NULL
          && !check (self, ops->get_shift_decimal (self->handle, &clock->vr, 1, &shift),
                     ops->names->get_shift_decimal, error))
        return FALSE;
    }
  else if (!described)
    {
      int qualifier = 0;
      if (ops->get_interval_decimal == NULL)
        {
          hyco_actor_set_error (HYCO_ACTOR (self), error, HYCO_ACTOR_ERROR_FAILED,
                                "the FMU exports no fmi3GetIntervalDecimal to give the interval "
                                "of its clock %s",
                                variable->name);
          return FALSE;
        }
      if (!check (self, ops->get_interval_decimal (self->handle, &clock->vr, 1, &interval,
                                                   &qualifier),
                  ops->names->get_interval_decimal, error))
        return FALSE;
      if (qualifier == 0) /* fmi3IntervalNotYetKnown: no tick until it is */
        {
          if (moment == CLOCK_AT_START)
            clock->next_tick = -1;
          return TRUE;
        }
      changed = qualifier == 2; /* else fmi3IntervalUnchanged */
      if (!changed && moment != CLOCK_AT_START)
        {
          /* The schedule stands; after a tick, a periodic or changing clock's next one is
           * its interval on. */
          if (moment == CLOCK_AT_EVENT || countdown)
            return TRUE;
          interval = clock->interval;
        }
      if (moment == CLOCK_AT_START && !aperiodic && isnan (variable->interval_decimal)
          && ops->get_shift_decimal != NULL
          && !check (self, ops->get_shift_decimal (self->handle, &clock->vr, 1, &shift),
                     ops->names->get_shift_decimal, error))
        return FALSE;
    }
  if (!(aperiodic ? interval >= 0 : interval > 0) || (moment == CLOCK_AT_START && !(shift >= 0)))
    {
      hyco_actor_set_error (HYCO_ACTOR (self), error, HYCO_ACTOR_ERROR_FAILED,
                            "the FMU gives its %s clock %s an interval of %g s and a shift of "
                            "%g s",
                            kind, variable->name, interval, shift);
      return FALSE;
    }
  clock->interval = interval;
  if (fraction)
    {
      /* Exact: the k-th tick k counter / resolution seconds after the tick or event the
       * interval counts from, rounded to the nearest tag time, with no drift. */
      __int128 per_second = (__int128) self->ticks_per_second;
      guint64 k;
      clock->fraction_counter = counter;
      clock->fraction_resolution = resolution;
      if (moment == CLOCK_AT_START)
        {
          clock->first_tick = ticks_at (self, seconds (self, self->committed.time) + shift);
          k = aperiodic ? 1 : 0;
        }
      else if (moment == CLOCK_AT_EVENT || countdown)
        {
          clock->first_tick = self->time_now;
          k = 1;
        }
      else if (changed)
        {
          clock->first_tick = clock->next_tick;
          k = 1;
        }
      else /* the tick after the one due now: the nearest k to it, plus one */
        k = counter == 0
              ? 1
              : (guint64) (((__int128) (clock->next_tick - clock->first_tick) * resolution
                            + counter * per_second / 2)
                           / (counter * per_second))
                  + 1;
      clock->next_tick
        = clock->first_tick
          + (gint64) (((__int128) k * counter * per_second + resolution / 2) / resolution);
      return TRUE;
    }
  if (moment == CLOCK_AT_START && fraction_ticks (self, clock, TRUE))
    return TRUE;
  if (moment == CLOCK_TICKED && !changed && fraction_ticks (self, clock, FALSE))
    return TRUE;
  if (moment == CLOCK_AT_START)
    clock->next_tick
      = ticks_at (self, seconds (self, self->committed.time) + shift + interval * aperiodic);
  else if (moment == CLOCK_AT_EVENT || countdown)
    clock->next_tick = ticks_at (self, seconds (self, self->time_now) + interval);
  else
    clock->next_tick += MAX (ticks_at (self, interval), aperiodic ? 0 : 1);
  return TRUE;
}

/* In event mode: the clocks whose interval the FMU may give or change at any event. */
static gboolean
reschedule_clocks3 (HycoFMUActor *self, GError **error)
{
  for (guint i = 0; self->has_clocks && i < self->inputs->len; i++)
    {
      Binding *input = &g_array_index (self->inputs, Binding, i);
      if (is_time_based_clock (input) && !schedule_clock3 (self, input, CLOCK_AT_EVENT, error))
        return FALSE;
    }
  return TRUE;
}

/* FMI 3.0 input clocks present at this tag: the FMU enters event mode (if it is not in it),
 * the clocks are activated and their clocked inputs set, and the discrete states updated: the
 * reaction happens at the tag of the tick. */
static gboolean
clock_reaction3 (HycoFMUActor *self, GError **error)
{
  const HycoFmuInstanceOps *ops = self->ops;
  gboolean any = FALSE;

  for (guint i = 0; self->has_clocks && i < self->inputs->len && !any; i++)
    any = clock_ticks3 (self, &g_array_index (self->inputs, Binding, i));
  if (!any)
    return TRUE;
  if (!self->in_event_mode
      && !check (self, ops->enter_event_mode (self->handle), ops->names->enter_event_mode, error))
    return FALSE;
  self->in_event_mode = TRUE;
  self->dirty = TRUE;
  for (guint i = 0; i < self->inputs->len; i++)
    {
      Binding *input = &g_array_index (self->inputs, Binding, i);
      gboolean active = TRUE;
      if (!clock_ticks3 (self, input))
        continue;
      if (!check (self,
                  ops->set_values (self->handle, HYCO_FMU_TYPE_CLOCK, &input->vr, 1, &active, 1),
                  ops->set_value_names[HYCO_FMU_TYPE_CLOCK], error))
        return FALSE;
      /* A time-based clock's next tick (its interval asked again where it may change). */
      if (is_time_based_clock (input) && !schedule_clock3 (self, input, CLOCK_TICKED, error))
        return FALSE;
      for (guint c = 0; c < self->inputs->len; c++)
        {
          Binding *clocked = &g_array_index (self->inputs, Binding, c);
          if (clocked->clock != (int) i || input_status (clocked->port) != HYCO_SIGNAL_PRESENT)
            continue;
          if (!read_input3 (self, clocked, error) || !set_input3 (self, clocked, TRUE, error))
            return FALSE;
        }
      /* Outputs clocked by this input clock: present at its tick, computed before the update
       * ends it. */
      for (guint c = 0; c < self->outputs->len; c++)
        {
          Binding *clocked = &g_array_index (self->outputs, Binding, c);
          if (clocked->clock == (int) i && clocked->clock_is_input
              && !get_output3 (self, clocked, error))
            return FALSE;
          /* An output clock clocked by this one is present where it is active only. */
          if (clocked->clock == (int) i && clocked->clock_is_input
              && clocked->type == HYCO_FMU_TYPE_CLOCK && !hyco_value_get_boolean (&clocked->value))
            clocked->present = FALSE;
        }
    }
  return update_discrete_states3 (self, error);
}

/* One fmi3UpdateDiscreteStates in event mode (entered first if need be): the FMU's discrete
 * states at the next microstep. Back in step mode once they need no further update. */
static gboolean
update_discrete_states3 (HycoFMUActor *self, GError **error)
{
  const HycoFmuInstanceOps *ops = self->ops;
  gboolean needs_update = FALSE, terminate = FALSE, defined = FALSE;
  double next = 0;

  if (!self->in_event_mode
      && !check (self, ops->enter_event_mode (self->handle), ops->names->enter_event_mode, error))
    return FALSE;
  self->in_event_mode = TRUE;
  self->dirty = TRUE;
  if (!read_clocks3 (self, error))
    return FALSE;
  if (!check (
        self,
        ops->update_discrete_states (self->handle, &needs_update, &terminate, &defined, &next),
        ops->names->update_discrete_states, error)
      || !reschedule_clocks3 (self, error))
    return FALSE;
  self->event_pending = needs_update && !terminate;
  self->next_event_defined = defined;
  self->next_event_time = next;
  if (terminate)
    {
      self->terminated = TRUE;
      self->terminated_at = self->time_now;
    }
  if (!self->event_pending && !terminate)
    {
      if (!check (self, ops->enter_step_mode (self->handle), ops->names->enter_step_mode, error))
        return FALSE;
      self->in_event_mode = FALSE;
    }
  return TRUE;
}

/* One fmi3DoStep from where the instance is to the model time @to. An early return or a
 * discard is a partial step, as FMI 2.0's (discarded_step()); an event the FMU signals at the
 * end of the step is handled at the next microsteps (event_pending). */
static gboolean
one_step3 (HycoFMUActor *self, gint64 to, GError **error)
{
  const HycoFmuInstanceOps *ops = self->ops;
  gint64 from = self->dirty ? self->time_now : self->committed.time;
  double real_from = self->dirty_fmu ? self->real_now : self->real_committed;
  double real_to = seconds (self, to);
  gboolean event = FALSE, terminate = FALSE, early = FALSE;
  double last = real_to;
  HycoFmuStatus status;

  self->dirty = TRUE;
  self->time_now = to;
  if (!(real_to > real_from))
    return TRUE; /* FMI 3.0 takes no zero-size step; a partial step left it within a tick */
  /* The step size is checked at the commit (postfire), in model ticks, as for FMI 2.0. */
  status = ops->do_event_step (self->handle, real_from, real_to - real_from, !self->needs_rollback,
                               &event, &terminate, &early, &last);
  self->real_now = real_to;
  self->dirty_fmu = TRUE;
  if (status == HYCO_FMU_STATUS_ERROR && revisable (self, ops->names->do_event_step))
    return TRUE;
  if (status <= HYCO_FMU_STATUS_WARNING && terminate)
    {
      /* Where it got, if it stopped short: the run ends there, at the tag of this step. */
      self->terminated = TRUE;
      self->terminated_at = last < real_to ? MIN (ticks_at (self, last), to) : to;
      if (last >= real_from && last < real_to)
        self->real_now = last;
      return check (self, status, ops->names->do_event_step, error);
    }
  if (status == HYCO_FMU_STATUS_DISCARD
      || (status <= HYCO_FMU_STATUS_WARNING && early && last < real_to))
    {
      gint64 reached = -1;
      if (!isnan (last) && last >= real_from && last < real_to)
        {
          reached = ticks_at (self, last);
          self->real_now = last;
        }
      /* An early return reports OK: discarded_step() words it as a step cut short. */
      if (!discarded_step (self, early ? HYCO_FMU_STATUS_OK : status, ops->names->do_event_step,
                           from, reached, to, error))
        return FALSE;
      status = HYCO_FMU_STATUS_OK;
    }
  if (status <= HYCO_FMU_STATUS_WARNING && event && self->event_mode_used)
    self->event_pending = TRUE;
  return check (self, status, ops->names->do_event_step, error);
}

/* FMI 3.0's step_to(): a step to a later time, after the event iteration left pending at the
 * committed time is finished there; at a later microstep of the same time, one update of the
 * discrete states per microstep while the FMU needs them. Returns in @advanced whether the
 * outputs may have changed. */
static gboolean
step_to3 (HycoFMUActor *self, const HycoTag *now, gboolean *advanced, GError **error)
{
  gint64 step = now->time - self->committed.time;

  self->discarded = FALSE;
  self->terminated = FALSE;
  g_clear_pointer (&self->discard_reason, g_free);
  self->reached = step;
  self->time_now = self->committed.time;
  *advanced = FALSE;
  clear_clocks3 (self);
  if (step > 0)
    {
      /* Events left at the committed time are its own: handled there first. */
      for (int n = 0; self->event_pending && !self->terminated; n++)
        {
          if (n >= 1000)
            return event_iteration_error (self, error);
          if (!update_discrete_states3 (self, error))
            return FALSE;
        }
      if (self->terminated)
        return TRUE;
      clear_clocks3 (self); /* ticks of the committed time's events are not this tag's */
      if (!one_step3 (self, now->time, error))
        return FALSE;
      *advanced = TRUE;
    }
  /* One update per microstep: at (t, m) the FMU has made m updates since its step to t. */
  for (guint64 m = step > 0 ? 0 : self->committed.microstep;
       m < now->microstep && self->event_pending && !self->discarded && !self->terminated; m++)
    {
      if (!update_discrete_states3 (self, error))
        return FALSE;
      *advanced = TRUE;
    }
  self->stepped = *now;
  self->dirty = TRUE;
  return TRUE;
}

/* After initialization in event mode (FMI 3.0 CS with eventModeUsed): the initial event
 * iteration, at the start tag, then step mode. */
static gboolean
initial_events3 (HycoFMUActor *self, GError **error)
{
  int n = 0;

  if (!self->event_mode_used)
    return TRUE;
  self->in_event_mode = TRUE;
  self->event_pending = TRUE;
  while (self->event_pending && !self->terminated)
    {
      if (++n > 1000)
        return event_iteration_error (self, error);
      if (!update_discrete_states3 (self, error))
        return FALSE;
    }
  return TRUE;
}

/* Steps the instance from the committed tag to @now: a positive step to a later time; for
 * FMI-HC FMUs a zero-size step to a later microstep. */
static gboolean
step_to (HycoFMUActor *self, const HycoTag *now, GError **error)
{
  gint64 step = now->time - self->committed.time;

  self->discarded = FALSE;
  self->terminated = FALSE;
  g_clear_pointer (&self->discard_reason, g_free);
  self->reached = step;
  if (step == 0 && !self->hybrid)
    return TRUE; /* plain FMI 2.0 takes no zero-size step: outputs stay */
  if (step > 0 && !one_step (self, now->time, error))
    return FALSE;
  /* FMI-HC: a zero-size step per microstep, so that the FMU's microstep is the model's (an
   * event it was given at (t, 1) is due at (t + d, 1), not at (t + d, 0)). */
  if (self->hybrid)
    for (guint64 m = step > 0 ? 0 : self->committed.microstep;
         m < now->microstep && !self->discarded; m++)
      if (!one_step (self, now->time, error))
        return FALSE;
  self->stepped = *now;
  self->dirty = TRUE;
  return TRUE;
}

static gboolean
inputs_known (HycoFMUActor *self)
{
  for (guint i = 0; i < self->inputs->len; i++)
    if (input_status (g_array_index (self->inputs, Binding, i).port) == HYCO_SIGNAL_UNKNOWN)
      return FALSE;
  return TRUE;
}

static gboolean
set_inputs (HycoFMUActor *self, GError **error)
{
  for (guint i = 0; i < self->inputs->len; i++)
    {
      Binding *input = &g_array_index (self->inputs, Binding, i);
      gboolean present = input_status (input->port) == HYCO_SIGNAL_PRESENT;
      if (self->fmi3)
        {
          if (is_clock_or_clocked (input))
            continue; /* in event mode, at their ticks: clock_reaction3() */
          if ((present && !read_input3 (self, input, error))
              || !set_input3 (self, input, present, error))
            return FALSE;
          continue;
        }
      if (present && !read_input (self, input, error))
        return FALSE;
      if (!set_input (self, input, present, error))
        return FALSE;
    }
  self->dirty = TRUE;
  return TRUE;
}

/* Reads the outputs; with @all FALSE only those that depend on no input. */
static gboolean
read_outputs (HycoFMUActor *self, gboolean all, GError **error)
{
  const HycoFmuInstanceOps *ops = self->ops;
  guint n = self->real_outputs->len;

  if (self->fmi3)
    return read_outputs3 (self, all, error);
  if (all && n > 0)
    {
      /* One call for all the Real outputs. */
      const HycoFmuValueReference *vr = (const HycoFmuValueReference *) self->real_output_vrs->data;
      double *values = (double *) self->real_output_values->data;
      HycoFmuSignal *status = (HycoFmuSignal *) self->real_output_status->data;
      gboolean hybrid = self->hybrid && ops->get_hybrid_real;
      if (!(hybrid
              ? check (self, ops->get_hybrid_real (self->handle, vr, n, values, status),
                       ops->names->get_hybrid_real, error)
              : check (self, ops->get_real (self->handle, vr, n, values), ops->names->get_real,
                       error)))
        return FALSE;
      for (guint k = 0; k < n; k++)
        {
          Binding *output = self->real_outputs->pdata[k];
          output->value.type = HYCO_VALUE_TYPE_DOUBLE; /* a Real output never holds a string */
          output->value.data.v_double = values[k];
          output->present = !hybrid || status[k] == HYCO_FMU_SIGNAL_PRESENT;
        }
      if (n == self->outputs->len)
        return TRUE;
    }
  for (guint o = 0; o < self->outputs->len; o++)
    {
      Binding *output = &g_array_index (self->outputs, Binding, o);
      if (!all && (output->all_inputs || output->n_depends_on > 0) && self->inputs->len > 0)
        continue;
      if (all && output->type == HYCO_FMU_TYPE_REAL)
        continue;
      if (!get_output (self, output, error))
        return FALSE;
    }
  return TRUE;
}

static void
send_outputs (HycoFMUActor *self, gboolean all)
{
  for (guint o = 0; o < self->outputs->len; o++)
    {
      Binding *output = &g_array_index (self->outputs, Binding, o);
      if (!all && (output->all_inputs || output->n_depends_on > 0) && self->inputs->len > 0)
        continue;
      send_value (output->port, &output->value, output->present);
    }
}

/* FMI 3.0, while some inputs are unknown: the known ones are set, and the outputs that depend
 * only on those are sent (the causality interface told the director they could be). */
static gboolean
send_known_outputs3 (HycoFMUActor *self, GError **error)
{
  for (guint i = 0; i < self->inputs->len; i++)
    {
      Binding *input = &g_array_index (self->inputs, Binding, i);
      if (input_status (input->port) != HYCO_SIGNAL_PRESENT || is_clock_or_clocked (input))
        continue;
      if (!read_input3 (self, input, error) || !set_input3 (self, input, TRUE, error))
        return FALSE;
      self->dirty = TRUE;
    }
  for (guint o = 0; o < self->outputs->len; o++)
    {
      Binding *output = &g_array_index (self->outputs, Binding, o);
      gboolean known = !output->all_inputs;
      for (guint d = 0; known && d < output->n_depends_on; d++)
        known = input_status (g_array_index (self->inputs, Binding, output->depends_on[d]).port)
                != HYCO_SIGNAL_UNKNOWN;
      if (!known || output->n_depends_on == 0 || is_clock_or_clocked (output))
        continue; /* those of no input are sent anyway; clocks at their ticks */
      if (!get_output3 (self, output, error))
        return FALSE;
      send_value (output->port, &output->value, output->present);
    }
  return TRUE;
}

/* Whether outputs read at this tag reflect its inputs: FMI-HC FMUs and those declared to
 * compute outputs from inputs when read. */
static gboolean
has_feedthrough (HycoFMUActor *self)
{
  return self->hybrid || self->direct_feedthrough || self->fmi3;
}

/* An FMI-HC FMU may only see that its step went too far once it has this tag's inputs (the zero
 * crossing FMU, given an input that overshot zero): it then answers its max step size with an
 * error state. Asked here, before the tag is committed, that is a step the director revises;
 * asked only in postfire, the overshoot would already be committed. The answer itself is
 * asked again in postfire, where the next firing is requested. */
static void
probe_error_state (HycoFMUActor *self)
{
  const HycoFmuInstanceOps *ops = self->ops;
  guint64 max_step;

  if (self->discarded || !self->step_revision || !self->needs_rollback || !self->hybrid
      || ops->get_integer_max_step_size == NULL)
    return;
  if (ops->get_integer_max_step_size (self->handle, &max_step) == HYCO_FMU_STATUS_ERROR)
    revisable (self, ops->names->get_integer_max_step_size);
}

/* The first part of a firing at @now, a tag the instance is not at: from the committed state, the
 * step to @now and the outputs it gives. It reads no input of @now, so it can be taken ahead of
 * the firing (hyco_fmu_actor_advance()). */
static gboolean
step_to_tag (HycoFMUActor *self, const HycoTag *now, GError **error)
{
  gboolean advanced = FALSE;

  if (!restore (self, error))
    return FALSE;
  self->inputs_set = FALSE;
  if (_hyco_tag_compare (now, &self->committed) > 0 && self->fmi3)
    {
      if (!step_to3 (self, now, &advanced, error))
        return FALSE;
    }
  else if (_hyco_tag_compare (now, &self->committed) > 0)
    {
      if (!step_to (self, now, error))
        return FALSE;
      advanced = now->time > self->committed.time || self->hybrid;
    }
  self->stepped = *now;
  /* A plain FMU's outputs can only be read right after a step (or at the start); they stay
   * through the microsteps of one time. With feedthrough, first those that depend on no
   * input, before the inputs are set. */
  if ((advanced || self->fresh) && !read_outputs (self, !self->feedthrough, error))
    return FALSE;
  self->fresh = FALSE;
  self->outputs_read = TRUE;
  return TRUE;
}

/* HycoActorClass.advance, in a worker thread of a director with `parallel`: the step of the
 * coming firing, taken now, while other FMUs take theirs. It starts from the committed state,
 * with the inputs set at the last commit, whatever this tag's inputs will be; fire then finds
 * the instance at the tag and only sets inputs and reads outputs. It touches nothing but this
 * actor and its instance; what the FMU logs meanwhile, and an error, wait for fire. Not where
 * the director may take the tag back (rollback, under a continuous director), nor at a tag
 * fire would refuse or leave as it is. */
static void
hyco_fmu_actor_advance (HycoActor *actor)
{
  HycoFMUActor *self = (HycoFMUActor *) actor;
  HycoTag now;

  if (self->needs_rollback || self->advance_error != NULL || self->instance == NULL)
    return;
  current_tag (self, &now);
  if (_hyco_tag_compare (&now, &self->committed) <= 0
      || (_hyco_tag_compare (&now, &self->stepped) == 0 && self->outputs_read))
    return;
  if (self->advance_messages == NULL)
    self->advance_messages = _hyco_fmu_log_messages_new ();
  _hyco_fmu_log_capture_begin (self->advance_messages);
  step_to_tag (self, &now, &self->advance_error);
  _hyco_fmu_log_capture_end ();
}

static gboolean
hyco_fmu_actor_fire (HycoActor *actor, GError **error)
{
  HycoFMUActor *self = (HycoFMUActor *) actor;
  HycoTag now;

  current_tag (self, &now);
  if (now.time < self->committed.time)
    {
      g_autofree char *tag = hyco_tag_to_string (&now, self->resolution);
      hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_TIME,
                            "fired at %s, before its last commit", tag);
      return FALSE;
    }
  /* A solver stage at the committed time (a step of less than a tick's fraction): the
   * committed tag. */
  if (_hyco_tag_compare (&now, &self->committed) < 0)
    now = self->committed;
  /* Stepped ahead in a worker thread (hyco_fmu_actor_advance()): what the step logged is
   * logged now, and what it failed at is this firing's error, as in a serial run. */
  if (G_UNLIKELY (self->advance_messages != NULL) && self->advance_messages->len > 0)
    _hyco_fmu_log_replay (self->advance_messages);
  if (G_UNLIKELY (self->advance_error != NULL))
    {
      g_propagate_error (error, g_steal_pointer (&self->advance_error));
      return FALSE;
    }
  /* A tag not stepped to yet (or left for another): from the committed state. Firing again at
   * the same tag only adds what the inputs now known allow. */
  if ((_hyco_tag_compare (&now, &self->stepped) != 0 || !self->outputs_read)
      && !step_to_tag (self, &now, error))
    return FALSE;
  if (self->feedthrough && !self->inputs_set && inputs_known (self))
    {
      if (!set_inputs (self, error) || (self->fmi3 && !clock_reaction3 (self, error))
          || !read_outputs (self, TRUE, error))
        return FALSE;
      self->inputs_set = TRUE;
      if (_hyco_tag_compare (&now, &self->committed) > 0)
        probe_error_state (self);
    }
  else if (self->fmi3 && !self->inputs_set && !send_known_outputs3 (self, error))
    return FALSE;
  send_outputs (self, !self->feedthrough || self->inputs_set);
  return TRUE;
}

/* hyco_actor_fire_at_tag() without its checks: once per step. */
static gboolean
fire_at (HycoFMUActor *self, const HycoTag *tag, GError **error)
{
  HycoDirector *executive = _hyco_actor_get_private ((HycoActor *) self)->executive;
  HycoTag granted;

  return HYCO_DIRECTOR_GET_CLASS (executive)->fire_at (executive, (HycoActor *) self, tag, &granted,
                                                       error);
}

/* The next firing the FMU needs lies beyond the range of model time, so after any stop time:
 * dropped, or an error when the run has no stop time. */
static gboolean
beyond_time_range (HycoFMUActor *self, GError **error)
{
  g_autofree char *now = hyco_tag_to_string (&self->committed, self->resolution);
  return _hyco_actors_drop_beyond_time_range (
    HYCO_ACTOR (self), error, "the FMU's next firing after %s is beyond the range of model time",
    now);
}

/* For FMUs that say when they next need to be fired. */
static gboolean
request_next_firing (HycoFMUActor *self, GError **error)
{
  const HycoFmuInstanceOps *ops = self->ops;
  HycoTag next = self->committed;

  if (self->hybrid && ops->get_integer_max_step_size != NULL)
    {
      guint64 max_step = G_MAXUINT64; /* no limit */
      if (!check (self, ops->get_integer_max_step_size (self->handle, &max_step),
                  ops->names->get_integer_max_step_size, error))
        return FALSE;
      if (max_step == G_MAXUINT64 || max_step > (guint64) (G_MAXINT64 / 2))
        return TRUE;
      if (max_step == 0)
        next.microstep++;
      else
        {
          gint64 fmu_next;
          int shift = self->fmu_resolution - self->resolution;
          if (__builtin_add_overflow (self->fmu_committed, (gint64) max_step, &fmu_next)
              || (shift > 0 && __builtin_mul_overflow (fmu_next, power_of_ten (shift), &next.time)))
            return beyond_time_range (self, error);
          if (shift <= 0)
            next.time = to_model_ticks (self, fmu_next);
          next.microstep = 0;
        }
      return fire_at (self, &next, error);
    }
  if (ops->get_max_step_size != NULL)
    {
      double max_step = INFINITY;
      if (!check (self, ops->get_max_step_size (self->handle, &max_step),
                  ops->names->get_max_step_size, error))
        return FALSE;
      if (!(max_step < 1e300))
        return TRUE;
      if (max_step <= 0)
        next.microstep++;
      else
        {
          /* Real progress to ticks with the ceiling: time always advances. */
          double ticks = MAX (ceil (max_step / seconds (self, 1) - 1e-9), 1);
          if (!(ticks < 0x1p63) || __builtin_add_overflow (next.time, (gint64) ticks, &next.time))
            return beyond_time_range (self, error);
          next.microstep = 0;
        }
      return fire_at (self, &next, error);
    }
  if (self->communication_step > 0)
    {
      /* A grid from the start: a firing between two of its points (an input, a solver step)
       * leaves the request for the next one as it is. */
      if (self->committed.time < self->next_communication)
        return TRUE;
      /* Fired at the grid point (the common case): the next one, without a division. */
      gint64 steps
        = self->committed.time == self->next_communication
            ? 1
            : (self->committed.time - self->next_communication) / self->communication_step + 1;
      gint64 span;
      if (__builtin_mul_overflow (steps, self->communication_step, &span)
          || __builtin_add_overflow (self->next_communication, span, &self->next_communication))
        return beyond_time_range (self, error);
      next.time = self->next_communication;
      next.microstep = 0;
      /* The grid passes the stop time: a short last step to it, for an FMU that can take one
       * (check_last_step() warns about the others). */
      if (next.time > self->stop_time && self->committed.time < self->stop_time
          && self->fmu->description->can_handle_variable_communication_step_size)
        next.time = self->stop_time;
      return fire_at (self, &next, error);
    }
  return TRUE;
}

/* A time event the FMU announced: a firing at its time (the ceiling at the model's
 * resolution), at microstep 0. */
static gboolean
request_next_event3 (HycoFMUActor *self, GError **error)
{
  HycoTag next;
  double ticks;

  if (self->event_pending)
    {
      next = self->committed;
      next.microstep++;
      return fire_at (self, &next, error);
    }
  for (guint i = 0; self->has_clocks && i < self->inputs->len; i++)
    {
      const Binding *input = &g_array_index (self->inputs, Binding, i);
      if (!is_time_based_clock (input) || input->next_tick < 0)
        continue;
      next.time = MAX (input->next_tick, self->committed.time);
      next.microstep = next.time == self->committed.time ? self->committed.microstep + 1 : 0;
      if (!fire_at (self, &next, error))
        return FALSE;
    }
  if (!self->next_event_defined)
    return TRUE;
  ticks = self->resolution >= 0 ? ceil (self->next_event_time / self->ticks_per_second - 1e-6)
                                : ceil (self->next_event_time * self->ticks_per_second - 1e-6);
  if (!(ticks < 0x1p63))
    return beyond_time_range (self, error);
  next.time = MAX ((gint64) ticks, self->committed.time);
  next.microstep = next.time == self->committed.time ? self->committed.microstep + 1 : 0;
  self->next_event_defined = FALSE; /* asked once */
  return fire_at (self, &next, error);
}

/* The rest of a commit where there is more than the step (plain_commit false, or the FMU
 * asked to end): FMI 3.0 clocks and events, what a rollback restores, the end of the run
 * (@ended: no firing is to be requested). */
static G_NO_INLINE gboolean
commit_more (HycoFMUActor *self, gboolean *ended, GError **error)
{
  self->committed_event_pending = self->event_pending;
  self->committed_in_event_mode = self->in_event_mode;
  for (guint i = 0; self->fmi3 && i < self->inputs->len; i++)
    {
      Binding *input = &g_array_index (self->inputs, Binding, i);
      commit_schedule (input);
    }
  /* What a rollback restores (never needed where time only goes forward). */
  for (guint o = 0; self->needs_rollback && o < self->outputs->len; o++)
    {
      Binding *output = &g_array_index (self->outputs, Binding, o);
      hyco_value_assign (&output->kept, &output->value);
      output->kept_present = output->present;
    }
  if (!save_state (self, error))
    return FALSE;
  if (self->terminated)
    {
      /* Not to be stepped again: the run ends with this tag. */
      g_autofree char *at = hyco_time_to_string (self->terminated_at, self->resolution);
      g_autofree char *reason
        = g_strdup_printf ("the FMU %s asked to end the simulation at %s s (%s)",
                           self->fmu->description->model_name, at, self->ops->terminated_status);
      hyco_actor_request_stop (HYCO_ACTOR (self), reason);
      hyco_actor_finish (HYCO_ACTOR (self));
      *ended = TRUE;
      return TRUE;
    }
  return !self->fmi3 || request_next_event3 (self, error);
}

static gboolean
hyco_fmu_actor_postfire (HycoActor *actor, GError **error)
{
  HycoFMUActor *self = (HycoFMUActor *) actor;
  HycoTag now;
  gint64 step;

  current_tag (self, &now);
  if (self->discarded && self->step_revision && self->needs_rollback)
    {
      g_autofree char *tag = hyco_tag_to_string (&now, self->resolution);
      hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_FAILED,
                            "the FMU discarded the step to %s even at the smallest step the "
                            "director can take%s%s",
                            tag, self->discard_reason ? ": " : "",
                            self->discard_reason ? self->discard_reason : "");
      return FALSE;
    }
  /* Inputs the FMU has not seen yet (a plain FMU without feedthrough): for its next step. */
  if (!self->inputs_set && self->inputs->len > 0 && !set_inputs (self, error))
    return FALSE;
  step = now.time - self->committed.time;
  self->committed = now;
  check_step_size (self, step);
  self->stepped = now;
  /* The FMU's own time, which a partial step accepted at the model's resolution may leave
   * behind. */
  if (self->dirty_fmu && self->integer_time)
    self->fmu_committed = self->fmu_now;
  else if (self->dirty_fmu)
    self->real_committed = self->real_now;
  self->dirty = self->dirty_fmu = FALSE;
  self->inputs_set = FALSE;
  self->outputs_read = FALSE;
  /* Most commits (a DE step of a plain FMU) keep nothing else. */
  if (!(G_LIKELY (self->plain_commit) && !self->terminated))
    {
      gboolean ended = FALSE;
      if (!commit_more (self, &ended, error))
        return FALSE;
      if (ended)
        return TRUE;
    }
  return request_next_firing (self, error);
}

static gboolean
hyco_fmu_actor_wrapup (HycoActor *actor, GError **error)
{
  HycoFMUActor *self = HYCO_FMU_ACTOR (actor);
  gboolean ok = TRUE;

  if (self->initialized && !self->failed)
    ok = check (self, self->ops->terminate (self->handle), self->ops->names->terminate, error);
  free_instance (self);
  /* A step taken ahead for a firing that never came (the run failed first): a serial run
   * would not have taken it, nor said what it says. */
  g_clear_error (&self->advance_error);
  if (self->advance_messages != NULL)
    g_ptr_array_set_size (self->advance_messages, 0);
  return ok;
}

static gboolean
hyco_fmu_actor_is_strict (HycoActor *actor)
{
  return FALSE;
}

static gboolean
hyco_fmu_actor_output_depends_on (HycoActor *actor, HycoPort *port, HycoPort *input)
{
  HycoFMUActor *self = HYCO_FMU_ACTOR (actor);

  /* A plain FMU's outputs are read after its step, before it sees this tag's inputs: their
   * values do not depend on them. Under a director that fires it only when triggered (DE),
   * their presence does. */
  if (!has_feedthrough (self))
    return _hyco_actors_fired_only_when_triggered (actor);
  for (guint o = 0; o < self->outputs->len; o++)
    {
      Binding *output = &g_array_index (self->outputs, Binding, o);
      if (output->port != port)
        continue;
      if (output->all_inputs)
        return TRUE;
      for (guint d = 0; d < output->n_depends_on; d++)
        if (g_array_index (self->inputs, Binding, output->depends_on[d]).port == input)
          return TRUE;
      return FALSE;
    }
  return TRUE;
}

static gboolean
hyco_fmu_actor_is_step_size_accurate (HycoStepSizeControl *control)
{
  HycoFMUActor *self = (HycoFMUActor *) control;

  return !(self->discarded && self->step_revision);
}

static gint64
hyco_fmu_actor_refined_step_size (HycoStepSizeControl *control, gint64 step)
{
  HycoFMUActor *self = (HycoFMUActor *) control;

  /* As far as the FMU got, or half the step (step revision by bisection). An FMI-HC FMU that
   * got nowhere has something to do at the committed time first (an event it stopped at): a
   * zero-size step, a microstep, before time can advance. */
  if (self->reached == 0 && self->hybrid)
    return 0;
  if (self->reached > 0 && self->reached < step)
    return self->reached;
  return MAX (step / 2, 1);
}

/* No next-step limit: the interface's default (infinity). */
static void
hyco_fmu_actor_control_init (HycoStepSizeControlInterface *iface)
{
  iface->is_step_size_accurate = hyco_fmu_actor_is_step_size_accurate;
  iface->refined_step_size = hyco_fmu_actor_refined_step_size;
}

static void
hyco_fmu_actor_class_init (HycoFMUActorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  object_class->finalize = hyco_fmu_actor_finalize;
  object_class->get_property = hyco_fmu_actor_get_property;
  object_class->set_property = hyco_fmu_actor_set_property;
  actor_class->preinitialize = hyco_fmu_actor_preinitialize;
  actor_class->initialize = hyco_fmu_actor_initialize;
  actor_class->fire = hyco_fmu_actor_fire;
  actor_class->advance = hyco_fmu_actor_advance;
  actor_class->postfire = hyco_fmu_actor_postfire;
  actor_class->wrapup = hyco_fmu_actor_wrapup;
  actor_class->is_strict = hyco_fmu_actor_is_strict;
  actor_class->output_depends_on = hyco_fmu_actor_output_depends_on;
  hyco_actor_class_set_description (actor_class,
                                    "An FMI 2.0 or 3.0 co-simulation FMU (FMI-HC where it implements it)");

  /**
   * HycoFMUActor:fmuFile:
   *
   * The FMU (a `.fmu` file). Setting it loads the FMU and creates the ports.
   */
  properties[PROP_FMU_FILE]
    = g_param_spec_string ("fmuFile", NULL, "The FMU file (.fmu)", NULL,
                           G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HycoFMUActor:directFeedthrough:
   *
   * For a plain FMI 2.0 FMU: whether it computes its outputs from its inputs when they are
   * read, so the actor may set inputs and read outputs at every tag without a step between.
   */
  properties[PROP_DIRECT_FEEDTHROUGH] = g_param_spec_boolean (
    "directFeedthrough", NULL, "A plain FMU computes outputs from inputs when they are read", FALSE,
    G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HycoFMUActor:stepRevision:
   *
   * Whether a step the FMU discards makes a continuous director retry a smaller one.
   */
  properties[PROP_STEP_REVISION] = g_param_spec_boolean (
    "stepRevision", NULL, "Retry smaller steps when the FMU discards one", TRUE,
    G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HycoFMUActor:communicationStepSize:
   *
   * If positive, the actor asks to be fired at every multiple of it (seconds) from its start,
   * whatever else fires it in between: under DE, how a plain FMU with no inputs is stepped.
   */
  properties[PROP_COMMUNICATION_STEP] = hyco_param_spec_literal (
    "communicationStepSize", "Fire at every multiple of this (s); 0: only when triggered",
    HYCO_PARAM_KIND_TIME, "0");
  /**
   * HycoFMUActor:fmuLogging:
   *
   * Whether the FMU is instantiated with logging on (the loggingOn of FMI): what it
   * logs then is shown as messages, each prefixed with the actor's name and the category.
   * Warnings are shown in any case; errors are in the error that ends the run.
   */
  properties[PROP_FMU_LOGGING] = g_param_spec_boolean (
    "fmuLogging", NULL, "Show everything the FMU logs (FMI's loggingOn)", FALSE,
    G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HycoFMUActor:fmuTolerance:
   *
   * The relative tolerance the FMU is told (fmi2SetupExperiment's), for its own solver. 0
   * (the default): under a continuous director the director's errorTolerance where set, else
   * its relativeTolerance; elsewhere the tolerance of the FMU's default experiment, if it
   * gives one.
   */
  properties[PROP_FMU_TOLERANCE] = g_param_spec_double (
    "fmuTolerance", NULL, "Relative tolerance for the FMU's solver (0: the director's)", 0,
    G_MAXDOUBLE, 0, G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HycoFMUActor:isolation:
   *
   * Where the FMU's code runs: "none" (the default, the fastest) in the hyco process;
   * "process" in a process of its own, started for the run (co-simulation, FMI 2.0 and 3.0), so
   * that an FMU that crashes, calls exit() or hangs ends the run with an error naming the call,
   * and the trace and results keep every tag committed before.
   */
  properties[PROP_ISOLATION] = g_param_spec_string (
    "isolation", NULL, "Where the FMU runs: none (in hyco) or process (a process of its own)",
    "none", G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HycoFMUActor:callTimeout:
   *
   * With isolation="process": how long (seconds) a call into the FMU may take before its
   * process is stopped and the run ends with an error naming the call.
   */
  properties[PROP_CALL_TIMEOUT] = g_param_spec_double (
    "callTimeout", NULL, "With isolation=process: the longest an FMU call may take (s)",
    G_MINDOUBLE, G_MAXDOUBLE, 60, G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hyco_fmu_actor_init (HycoFMUActor *self)
{
  self->step_revision = TRUE;
  self->isolation = g_strdup ("none");
  self->call_timeout = 60;
  self->communication_step_literal = g_strdup ("0");
  self->fmu_parameters
    = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, fmu_parameter_free);
  self->fmu_parameter_order = g_ptr_array_new_with_free_func (g_free);
  self->inputs = g_array_new (FALSE, TRUE, sizeof (Binding));
  g_array_set_clear_func (self->inputs, binding_clear);
  self->outputs = g_array_new (FALSE, TRUE, sizeof (Binding));
  g_array_set_clear_func (self->outputs, binding_clear);
  self->real_outputs = g_ptr_array_new ();
  self->real_output_vrs = g_array_new (FALSE, TRUE, sizeof (HycoFmuValueReference));
  self->real_output_values = g_array_new (FALSE, TRUE, sizeof (double));
  self->real_output_status = g_array_new (FALSE, TRUE, sizeof (HycoFmuSignal));
  self->scratch = g_byte_array_new ();
}

/**
 * hyco_fmu_actor_new:
 * @name: the actor's name
 *
 * Creates an actor that runs a Co-Simulation FMU (FMI 2.0 or 3.0, with or without the FMI-HC hybrid
 * extension). Its ports and parameters appear when the FMU named by its fmuFile property is loaded.
 *
 * Returns: (transfer full): an FMU actor; set its #HycoFMUActor:fmuFile
 */
HycoActor *
hyco_fmu_actor_new (const char *name)
{
  return g_object_new (HYCO_TYPE_FMU_ACTOR, "name", name, NULL);
}

/**
 * hyco_fmu_actor_set_fmu_parameter:
 * @self: an FMU actor with its FMU loaded
 * @name: a variable of the FMU that a master may set before initialization: a parameter, an
 *   input, or a variable whose initial is exact or approx (a state's start value)
 * @text: its value: a number, `true` or `false`, or (String variables) any text, taken as
 *   it is unless it is a quoted string literal (`"a b"`), which gives the text it quotes
 * @error: return location for a #GError
 *
 * Sets a parameter or start value of the FMU, applied when the FMU is instantiated at each
 * run. A calculated variable is refused with %HYCO_PARAM_ERROR_BAD_VALUE and the reason, an
 * unknown name with %HYCO_PARAM_ERROR_UNKNOWN.
 *
 * Returns: %TRUE on success
 */
gboolean
hyco_fmu_actor_set_fmu_parameter (HycoFMUActor *self, const char *name, const char *text,
                                  GError **error)
{
  g_return_val_if_fail (HYCO_IS_FMU_ACTOR (self), FALSE);
  g_return_val_if_fail (name != NULL && text != NULL, FALSE);
  if (_hyco_fmu_actor_set_fmu_parameter_text (self, name, text, TRUE, error))
    return TRUE;
  if (error != NULL && !g_error_matches (*error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_UNKNOWN))
    g_prefix_error (error, "%s: ", name);
  return FALSE;
}

/* The error for @text that is neither a literal of @variable's type nor an expression that
 * gives one (@cause says why). Errors about FMU parameters do not name them: the callers do. */
static void
set_not_a_value_error (GError **error, const HycoFmuVariable *variable, const char *text,
                       const char *cause)
{
  g_set_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_BAD_VALUE,
               "\"%s\" is not a value of the FMU's %s variable; as an expression: %s", text,
               _hyco_fmu_type_name (variable->type), cause);
}

/* Whether the number @d (given as @text) is a value of @variable: of its type, in its range
 * (the FMU need not accept anything else); into @value. */
static gboolean
fmu_value_from_number (const HycoFmuVariable *variable, double d, const char *text,
                       HycoValue *value, GError **error)
{
  gboolean integer
    = variable->type == HYCO_FMU_TYPE_INTEGER || variable->type == HYCO_FMU_TYPE_ENUMERATION;
  /* FMI 3.0's variables (those that name their type): each integer type with its own range. */
  double low = G_MININT32, high = G_MAXINT32;
  gboolean wide = FALSE;

  if (variable->type_name != NULL && _hyco_fmu_integer_range (variable->type, &low, &high))
    {
      integer = TRUE;
      wide = high >= 0x1p63; /* an exclusive bound */
      high = MIN (high, 0x1p63); /* what a Hyco integer holds */
    }
  if ((integer && d != floor (d)) || (variable->type == HYCO_FMU_TYPE_BOOLEAN && d != 0 && d != 1)
      || isnan (d))
    {
      g_set_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_BAD_VALUE,
                   "%s is not a value of the FMU's %s variable", text,
                   _hyco_fmu_type_name (variable->type));
      return FALSE;
    }
  if (integer && variable->type_name != NULL && (d < low || (wide ? d >= high : d > high)))
    {
      g_set_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_BAD_VALUE,
                   "%s is out of the range of the FMU's %s variable (%.17g to %.17g)", text,
                   _hyco_fmu_variable_type_name (variable), low, wide ? high - 1 : high);
      return FALSE;
    }
  if (integer && variable->type_name == NULL && (d < G_MININT32 || d > G_MAXINT32))
    {
      g_set_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_BAD_VALUE,
                   "%s is out of the range of the FMU's %s variable (32 bits, %d to %d)", text,
                   _hyco_fmu_type_name (variable->type), G_MININT32, G_MAXINT32);
      return FALSE;
    }
  if (variable->type == HYCO_FMU_TYPE_ENUMERATION
      && !_hyco_fmu_is_enumeration_item (variable, (gint64) d))
    {
      g_autofree char *items = _hyco_fmu_list_enumeration_items (variable);
      g_set_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_BAD_VALUE,
                   "%s is none of the values of the FMU's Enumeration (%s)", text, items);
      return FALSE;
    }
  if (d < variable->min || d > variable->max)
    {
      gboolean below = d < variable->min;
      g_set_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_BAD_VALUE,
                   "%s is %s the FMU's %s %.15g", text, below ? "below" : "above",
                   below ? "minimum" : "maximum", below ? variable->min : variable->max);
      return FALSE;
    }
  if (variable->type == HYCO_FMU_TYPE_REAL || variable->type == HYCO_FMU_TYPE_FLOAT32)
    hyco_value_set_double (value, d);
  else if (variable->type == HYCO_FMU_TYPE_BOOLEAN)
    hyco_value_set_boolean (value, d != 0);
  else
    hyco_value_set_int (value, (gint64) d);
  return TRUE;
}

/* An expression's value for @variable, computed in the scope of @self's container. */
static gboolean
evaluate_fmu_parameter (HycoFMUActor *self, const HycoFmuVariable *variable,
                        FmuParameter *parameter, GError **error)
{
  HycoCompositeActor *scope = hyco_actor_get_container (HYCO_ACTOR (self));
  g_autoptr (GError) cause = NULL;
  g_autofree char *text = NULL;
  double d;

  if (!_hyco_composite_actor_evaluate_expression (scope, parameter->expression, &d, &cause))
    {
      g_autofree char *trimmed = g_strstrip (g_strdup (parameter->text));
      /* A bare name is as likely a mistyped literal. */
      if (hyco_expression_get_n_variables (parameter->expression) == 1
          && g_str_equal (hyco_expression_get_variable_name (parameter->expression, 0), trimmed))
        set_not_a_value_error (error, variable, parameter->text, cause->message);
      else
        g_propagate_error (error, g_steal_pointer (&cause));
      return FALSE;
    }
  text = g_strdup_printf ("%s = %.17g", parameter->text, d);
  return fmu_value_from_number (variable, d, text, &parameter->value, error);
}

/* Why FMI 2.0 does not let a master set @variable: "a calculated output". */
static const char *
describe_unsettable (const HycoFmuVariable *variable)
{
  if (variable->variability == HYCO_FMU_VARIABILITY_CONSTANT)
    return "a constant";
  switch (variable->causality)
    {
    case HYCO_FMU_CAUSALITY_OUTPUT:
      return "a calculated output";
    case HYCO_FMU_CAUSALITY_CALCULATED_PARAMETER:
      return "a calculated parameter";
    case HYCO_FMU_CAUSALITY_INDEPENDENT:
      return "the independent variable";
    default:
      return "calculated";
    }
}

/* A Binary value from its text: hexadecimal digits, two a byte, as FMI 3.0 writes start
 * values (010203), or as Hyco writes bytes (0x010203); checked against the maxSize. */
static gboolean
binary_from_text (const HycoFmuVariable *variable, const char *text, HycoValue *value,
                  GError **error)
{
  g_autofree char *stripped = g_strstrip (g_strdup (text));
  g_autofree char *literal = g_str_has_prefix (stripped, "0x") || g_str_has_prefix (stripped, "0X")
                               ? g_strdup (stripped)
                               : g_strconcat ("0x", stripped, NULL);
  g_autoptr (GError) syntax = NULL;
  g_auto (HycoValue) bytes = HYCO_VALUE_INIT;

  if (!hyco_value_parse_literal (literal, &bytes, &syntax) || hyco_value_get_bytes (&bytes) == NULL)
    {
      g_set_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_BAD_VALUE,
                   "\"%s\" is not a value of the FMU's Binary variable: write its bytes in "
                   "hexadecimal, two digits each (0a1b or 0x0a1b)",
                   text);
      return FALSE;
    }
  if (!is_binary_value (variable, &bytes))
    {
      g_set_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_BAD_VALUE,
                   "\"%s\" is %" G_GSIZE_FORMAT " bytes, more than the maxSize %" G_GUINT64_FORMAT
                   " of the FMU's Binary variable %s",
                   text, g_bytes_get_size (hyco_value_get_bytes (&bytes)), variable->max_size,
                   variable->name);
      return FALSE;
    }
  hyco_value_assign (value, &bytes);
  return TRUE;
}

/* Sets a parameter of the FMU from its text: a literal of its type or, for numbers and
 * booleans, an expression over the model parameters. With @evaluate, the expression is
 * evaluated now and refused if it cannot be; without, only its syntax is checked (a model
 * file's loader evaluates once the whole model is read). */
gboolean
_hyco_fmu_actor_set_fmu_parameter_text (HycoFMUActor *self, const char *name, const char *text,
                                        gboolean evaluate, GError **error)
{
  const HycoFmuVariable *variable;
  FmuParameter *parameter;
  g_auto (HycoValue) literal = HYCO_VALUE_INIT;
  gboolean ok = TRUE;

  variable = self->fmu ? _hyco_fmu_find_variable (self->fmu, name) : NULL;
  if (variable != NULL && !_hyco_fmu_variable_is_settable (variable))
    {
      /* Not unknown: the message says why. */
      g_set_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_BAD_VALUE,
                   "the FMU's variable cannot be set: FMI 2.0 lets a master set parameters, "
                   "inputs and variables whose initial is exact or approx, and %s is %s",
                   name, describe_unsettable (variable));
      return FALSE;
    }
  if (variable == NULL)
    {
      g_set_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_UNKNOWN,
                   "%s has no parameter \"%s\"%s", hyco_actor_get_name (HYCO_ACTOR (self)), name,
                   self->fmu ? "" : " (its fmuFile is not loaded)");
      return FALSE;
    }
  parameter = g_new0 (FmuParameter, 1);
  parameter->text = g_strdup (text);
  /* A String is its text; a string literal ("a b", with the expression language's escapes)
   * gives the text it quotes, so that a value can have outer spaces or be empty. */
  if (variable->type == HYCO_FMU_TYPE_BINARY && variable->n_dimensions == 0)
    ok = binary_from_text (variable, text, &parameter->value, error);
  else if (variable->type == HYCO_FMU_TYPE_STRING && text[0] == '"'
           && hyco_value_parse_literal (text, &literal, NULL)
           && hyco_value_get_value_type (&literal) == HYCO_VALUE_TYPE_STRING)
    hyco_value_set_string (&parameter->value, hyco_value_get_string (&literal));
  else if (variable->type == HYCO_FMU_TYPE_STRING)
    hyco_value_set_string (&parameter->value, text);
  else if (variable->n_dimensions > 0 && hyco_value_parse_literal (text, &literal, NULL)
           && hyco_value_get_value_type (&literal) == HYCO_VALUE_TYPE_ARRAY)
    hyco_value_assign (&parameter->value, &literal); /* FMI 3.0 arrays: checked when set */
  else if (hyco_value_parse_literal (text, &literal, NULL)
           && (variable->type == HYCO_FMU_TYPE_BOOLEAN
                 ? hyco_value_get_value_type (&literal) == HYCO_VALUE_TYPE_BOOLEAN
                 : hyco_value_is_numeric (&literal)))
    ok = fmu_value_from_number (variable, hyco_value_get_double (&literal), text, &parameter->value,
                                error);
  else
    {
      g_autoptr (GError) syntax = NULL;
      parameter->expression = hyco_expression_new (text, &syntax);
      if (parameter->expression == NULL)
        {
          set_not_a_value_error (error, variable, text, syntax->message);
          ok = FALSE;
        }
      else if (evaluate)
        ok = evaluate_fmu_parameter (self, variable, parameter, error);
    }
  if (!ok)
    {
      fmu_parameter_free (parameter);
      return FALSE;
    }
  if (!g_hash_table_contains (self->fmu_parameters, name))
    g_ptr_array_add (self->fmu_parameter_order, g_strdup (name));
  g_hash_table_insert (self->fmu_parameters, g_strdup (name), parameter);
  return TRUE;
}

/* Whether the FMU has a variable @name, settable or not. */
gboolean
_hyco_fmu_actor_has_fmu_variable (HycoFMUActor *self, const char *name)
{
  return self->fmu != NULL && _hyco_fmu_find_variable (self->fmu, name) != NULL;
}

gboolean
_hyco_fmu_actor_is_fmu_parameter_expression (HycoFMUActor *self, const char *name)
{
  FmuParameter *parameter = g_hash_table_lookup (self->fmu_parameters, name);

  return parameter != NULL && parameter->expression != NULL;
}

/* Evaluates the FMU parameter @name if it is an expression; the error does not name it. */
gboolean
_hyco_fmu_actor_resolve_fmu_parameter (HycoFMUActor *self, const char *name, GError **error)
{
  FmuParameter *parameter = g_hash_table_lookup (self->fmu_parameters, name);

  return parameter == NULL || parameter->expression == NULL
         || evaluate_fmu_parameter (self, _hyco_fmu_find_variable (self->fmu, name), parameter,
                                    error);
}

/**
 * hyco_fmu_actor_get_fmu_parameter:
 * @self: an FMU actor
 * @name: a parameter of its FMU
 *
 * Gets the value set for one of the FMU's parameters with hyco_fmu_actor_set_fmu_parameter() or a
 * model file, as text.
 *
 * Returns: (nullable): the value set for it, or %NULL if it keeps the FMU's start value
 */
const char *
hyco_fmu_actor_get_fmu_parameter (HycoFMUActor *self, const char *name)
{
  FmuParameter *parameter;

  g_return_val_if_fail (HYCO_IS_FMU_ACTOR (self), NULL);
  parameter = g_hash_table_lookup (self->fmu_parameters, name);
  return parameter ? parameter->text : NULL;
}

/**
 * hyco_fmu_actor_list_fmu_parameters:
 * @self: an FMU actor
 *
 * Lists the FMU parameters given a value (with hyco_fmu_actor_set_fmu_parameter() or a model file),
 * which a saved model writes; the others keep the FMU's start values.
 *
 * Returns: (transfer full) (array zero-terminated=1): the FMU parameters set, in the order
 *   they were first set
 */
char **
hyco_fmu_actor_list_fmu_parameters (HycoFMUActor *self)
{
  char **names;

  g_return_val_if_fail (HYCO_IS_FMU_ACTOR (self), NULL);
  names = g_new0 (char *, self->fmu_parameter_order->len + 1);
  for (guint i = 0; i < self->fmu_parameter_order->len; i++)
    names[i] = g_strdup (self->fmu_parameter_order->pdata[i]);
  return names;
}

/**
 * hyco_fmu_actor_get_category:
 * @self: an FMU actor
 *
 * Gets the FMI-HC category of the loaded FMU, detected from the functions it exports: it says how
 * the actor steps it, in real or integer time, at which resolution, and whether zero steps are
 * allowed.
 *
 * Returns: (nullable): the FMI-HC category of its FMU ("0A" for plain FMI 2.0, "0B", "1" to
 *   "4"), or %NULL before an FMU is loaded
 */
const char *
hyco_fmu_actor_get_category (HycoFMUActor *self)
{
  g_return_val_if_fail (HYCO_IS_FMU_ACTOR (self), NULL);
  return self->fmu ? _hyco_fmu_category_name (self->fmu->category) : NULL;
}

/**
 * hyco_fmu_actor_get_default_experiment:
 * @self: an FMU actor
 * @start_time: (out) (optional): the start time in seconds, or NAN
 * @stop_time: (out) (optional): the stop time in seconds, or NAN
 * @step_size: (out) (optional): the step size in seconds, or NAN
 * @tolerance: (out) (optional): the tolerance, or NAN
 *
 * The default experiment of the FMU's description: what its exporter proposes for a run of it
 * alone (`hyco fmu run` takes it where its command line says nothing). NAN where the
 * description gives no value.
 *
 * Returns: %TRUE when an FMU is loaded; else %FALSE and every value NAN
 */
gboolean
hyco_fmu_actor_get_default_experiment (HycoFMUActor *self, double *start_time, double *stop_time,
                                       double *step_size, double *tolerance)
{
  const HycoModelDescription *description;

  g_return_val_if_fail (HYCO_IS_FMU_ACTOR (self), FALSE);

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

/* Why the FMU set last could not be loaded, or NULL. */
const char *
_hyco_fmu_actor_get_load_error (HycoFMUActor *self)
{
  return self->load_error;
}
