/* hyco-director.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-director-private.h"
#include "hyco-model-private.h"
#include "hyco-param-private.h"

#include <math.h>

/**
 * HycoDirector:
 *
 * The base class of directors. A director governs the actors of its composite (looking through
 * transparent composites), makes the composite opaque, and implements its execution. The base
 * class wires signals, computes the causality schedule shared by all directors, transfers
 * signals across the composite's boundary, and holds the model-wide parameters of the top
 * level: stop time, time resolution, and the microstep bound.
 *
 * A new director subclasses it and overrides the virtual methods of its model of computation,
 * with the director kit (`hyco-director-kit.h`). At the top level, its `prefire` chooses the
 * next tag (often the head of a [struct@Hyco.EventQueue]) and sets it with
 * [method@Hyco.Director.set_current_tag]; inside a composite it chains up, which takes the
 * container's tag. Its `fire` runs [method@Hyco.Director.run_schedule], which computes the
 * tag's least fixed point over the actors it governs, and its `postfire` commits what fired
 * with [method@Hyco.Director.postfire_fired]. Its `fire_at` queues the requests of its actors;
 * a director that gave the base class its queue with [method@Hyco.Director.set_event_queue]
 * inherits one that does. The virtual methods can be implemented in Python too.
 */

static void hyco_director_parameter_owner_init (HycoParameterOwnerInterface *iface);
static void worklist_free (struct _HycoWorklist *self);

G_DEFINE_TYPE_WITH_CODE (HycoDirector, hyco_director, G_TYPE_OBJECT,
                         G_ADD_PRIVATE (HycoDirector)
                         G_IMPLEMENT_INTERFACE (HYCO_TYPE_PARAMETER_OWNER,
                                                hyco_director_parameter_owner_init))

enum
{
  PROP_0,
  PROP_NAME,
  PROP_START_TIME,
  PROP_STOP_TIME,
  PROP_TIME_RESOLUTION,
  PROP_MAX_MICROSTEPS,
  PROP_TIME_ZENO_EVENTS,
  PROP_TIME_ZENO_TICKS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

#define PRIV(self) ((HycoDirectorPrivate *) hyco_director_get_instance_private (self))

gint _hyco_director_private_offset;

void
_hyco_director_set_container (HycoDirector *self, HycoCompositeActor *container)
{
  PRIV (self)->container = container;
}

static GQuark
name_quark (void)
{
  return g_quark_from_static_string ("hyco-director-name");
}

static void
hyco_director_finalize (GObject *object)
{
  HycoDirectorPrivate *priv = PRIV (HYCO_DIRECTOR (object));

  _hyco_schedule_clear (&priv->schedule);
  g_clear_pointer (&priv->worklist, worklist_free);
  if (priv->owns_queue)
    hyco_event_queue_unref ((HycoEventQueue *) priv->queue);
  g_ptr_array_unref (priv->fired);
  g_free (priv->stop_time_literal);
  g_free (priv->start_time_literal);
  g_free (priv->resolution_literal);
  hyco_director_set_local_clock (HYCO_DIRECTOR (object), NULL);
  g_clear_pointer (&priv->parameter_ports, g_ptr_array_unref);
  g_clear_pointer (&priv->workers, _hyco_workers_free);
  g_clear_pointer (&priv->advancing, g_ptr_array_unref);
  G_OBJECT_CLASS (hyco_director_parent_class)->finalize (object);
}

static void
hyco_director_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  HycoDirector *self = HYCO_DIRECTOR (object);
  HycoDirectorPrivate *priv = PRIV (self);

  switch (prop_id)
    {
    case PROP_NAME:
      g_value_set_string (value, hyco_director_get_name (self));
      break;
    case PROP_START_TIME:
      g_value_set_string (value, priv->start_time_literal);
      break;
    case PROP_STOP_TIME:
      g_value_set_string (value, priv->stop_time_literal);
      break;
    case PROP_TIME_RESOLUTION:
      g_value_set_string (value, priv->resolution_literal);
      break;
    case PROP_MAX_MICROSTEPS:
      g_value_set_uint64 (value, priv->max_microsteps);
      break;
    case PROP_TIME_ZENO_EVENTS:
      g_value_set_uint64 (value, priv->time_zeno_events);
      break;
    case PROP_TIME_ZENO_TICKS:
      g_value_set_uint64 (value, priv->time_zeno_ticks);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hyco_director_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  HycoDirectorPrivate *priv = PRIV (HYCO_DIRECTOR (object));

  switch (prop_id)
    {
    case PROP_NAME:
      g_object_set_qdata_full (object, name_quark (), g_value_dup_string (value), g_free);
      break;
    case PROP_START_TIME:
      g_free (priv->start_time_literal);
      priv->start_time_literal = g_value_dup_string (value);
      if (priv->start_time_literal == NULL)
        priv->start_time_literal = g_strdup ("");
      break;
    case PROP_STOP_TIME:
      g_free (priv->stop_time_literal);
      priv->stop_time_literal = g_value_dup_string (value);
      break;
    case PROP_TIME_RESOLUTION:
      g_free (priv->resolution_literal);
      priv->resolution_literal = g_value_dup_string (value);
      break;
    case PROP_MAX_MICROSTEPS:
      priv->max_microsteps = g_value_get_uint64 (value);
      break;
    case PROP_TIME_ZENO_EVENTS:
      priv->time_zeno_events = g_value_get_uint64 (value);
      break;
    case PROP_TIME_ZENO_TICKS:
      priv->time_zeno_ticks = g_value_get_uint64 (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static HycoDirector *
top_level_director (HycoDirector *self)
{
  HycoActor *top = _hyco_actor_get_toplevel (HYCO_ACTOR (PRIV (self)->container));

  return hyco_composite_actor_get_director (HYCO_COMPOSITE_ACTOR (top));
}

/* The resolution a top-level director's timeResolution gives the whole model: the one place
 * that reads it (for a model's prepare, and for a director run without a model). */
gboolean
_hyco_director_parse_resolution (HycoDirector *self, int *resolution, GError **error)
{
  g_autoptr (GError) local_error = NULL;

  if (hyco_resolution_parse (PRIV (self)->resolution_literal, resolution, &local_error))
    return TRUE;
  _hyco_set_parameter_error (self, error, "timeResolution", local_error->message);
  return FALSE;
}

static gboolean
is_blank (const char *text)
{
  return text == NULL || text[strspn (text, " \t\n\r")] == '\0';
}

/* startTime: blank (Ptolemy II's default) starts a run at 0 and a director inside a composite
 * at its container's time; a time starts local time there (see initialize). */
static gboolean
parse_start_time (HycoDirector *self, HycoDirectorPrivate *priv, GError **error)
{
  g_autoptr (GError) local_error = NULL;

  priv->start_time = 0;
  if (is_blank (priv->start_time_literal))
    return TRUE;
  if (!hyco_time_parse (priv->start_time_literal, priv->resolution, &priv->start_time,
                        &local_error))
    {
      _hyco_set_parameter_error (self, error, "startTime", local_error->message);
      return FALSE;
    }
  if (priv->start_time == HYCO_TIME_INFINITY)
    {
      _hyco_set_parameter_error (self, error, "startTime", "a run cannot start at Infinity");
      return FALSE;
    }
  return TRUE;
}

/* stopTime of the top level: a time beyond the range of model time (Ptolemy II's
 * `MaxDouble`, 1.797e308) is never reached, so it is no stop time at all. */
static gboolean
parse_stop_time (HycoDirector *self, HycoDirectorPrivate *priv, GError **error)
{
  g_autoptr (GError) local_error = NULL;

  if (!hyco_time_parse (priv->stop_time_literal, priv->resolution, &priv->stop_time,
                        &local_error))
    {
      if (!g_error_matches (local_error, HYCO_TIME_ERROR, HYCO_TIME_ERROR_OVERFLOW)
          || strchr (priv->stop_time_literal, '-') == priv->stop_time_literal
                                                     + strspn (priv->stop_time_literal, " \t"))
        {
          _hyco_set_parameter_error (self, error, "stopTime", local_error->message);
          return FALSE;
        }
      priv->stop_time = HYCO_TIME_INFINITY;
    }
  if (priv->stop_time < priv->start_time)
    {
      g_autofree char *start = hyco_time_to_string (priv->start_time, priv->resolution);
      g_autofree char *message = g_strdup_printf ("\"%s\" is before the start time %s",
                                                  priv->stop_time_literal, start);
      _hyco_set_parameter_error (self, error, "stopTime", message);
      return FALSE;
    }
  return TRUE;
}

/* Whether @self's local time may drift from the time outside: a continuous or modal director
 * (implementing HycoContinuousStatefulDirector), and a director directly inside one (whose
 * time that director sets: a refinement's, or one stepped at solver stages), keep the time
 * they are given. */
static gboolean
can_drift (HycoDirector *self, HycoDirectorPrivate *priv)
{
  HycoDirector *outer = hyco_actor_get_executive_director (HYCO_ACTOR (priv->container));

  return !HYCO_IS_CONTINUOUS_STATEFUL_DIRECTOR (self)
         && (outer == NULL || !HYCO_IS_CONTINUOUS_STATEFUL_DIRECTOR (outer));
}

/* Ptolemy II's localClock: its rate positive, other than 1 only where local time may drift
 * (a rate given by an expression may become another during the run), and its resolution the
 * model's. */
static gboolean
check_local_clock (HycoDirector *self, HycoDirectorPrivate *priv, GError **error)
{
  const char *literal;
  int resolution;
  double rate;
  g_autoptr (GError) local_error = NULL;

  if (priv->local_clock == NULL)
    return TRUE;
  rate = hyco_local_clock_get_clock_rate (priv->local_clock);
  if (!(rate > 0))
    {
      g_autofree char *message
        = g_strdup_printf ("%g: the rate of a local clock must be positive", rate);
      _hyco_set_parameter_error (self, error, "localClock.clockRate", message);
      return FALSE;
    }
  if ((rate != 1 || hyco_param_get_expression (G_OBJECT (priv->local_clock), "clockRate") != NULL)
      && !can_drift (self, priv))
    {
      const char *expression
        = hyco_param_get_expression (G_OBJECT (priv->local_clock), "clockRate");
      g_autofree char *given
        = expression != NULL ? g_strdup (expression) : g_strdup_printf ("%g", rate);
      g_autofree char *message = g_strdup_printf (
        "%s: a local time drifting from the time outside is not supported for a continuous "
        "director, a modal model's, or one inside either (their time is their container's); "
        "only the rate 1",
        given);
      _hyco_set_parameter_error (self, error, "localClock.clockRate", message);
      return FALSE;
    }
  literal = hyco_local_clock_get_global_time_resolution (priv->local_clock);
  if (is_blank (literal))
    return TRUE;
  if (!hyco_resolution_parse (literal, &resolution, &local_error))
    {
      _hyco_set_parameter_error (self, error, "localClock.globalTimeResolution",
                                 local_error->message);
      return FALSE;
    }
  if (resolution != priv->resolution)
    {
      g_autofree char *model = hyco_resolution_to_string (priv->resolution);
      g_autofree char *message
        = g_strdup_printf ("\"%s\" differs from the model's time resolution %s (timeResolution)",
                           literal, model);
      _hyco_set_parameter_error (self, error, "localClock.globalTimeResolution", message);
      return FALSE;
    }
  return TRUE;
}

/* The container's input ports that set its model parameters (PortParameters). */
static void
collect_parameter_ports (HycoDirectorPrivate *priv)
{
  GPtrArray *ports = _hyco_actor_get_private ((HycoActor *) priv->container)->ports;

  g_clear_pointer (&priv->parameter_ports, g_ptr_array_unref);
  for (guint i = 0; i < ports->len; i++)
    {
      HycoPort *port = ports->pdata[i];

      if (!(port->flags & HYCO_PORT_INPUT)
          || !hyco_composite_actor_has_parameter_port (priv->container, hyco_port_get_name (port)))
        continue;
      if (priv->parameter_ports == NULL)
        priv->parameter_ports = g_ptr_array_new ();
      g_ptr_array_add (priv->parameter_ports, port);
    }
}

static gboolean
hyco_director_real_preinitialize (HycoDirector *self, GError **error)
{
  HycoDirectorPrivate *priv = PRIV (self);
  HycoDirector *top = top_level_director (self);
  g_autoptr (GError) local_error = NULL;

  priv->model = _hyco_composite_actor_get_model (priv->container);
  if (priv->model)
    priv->resolution = hyco_model_get_resolution (priv->model);
  else if (!_hyco_director_parse_resolution (top, &priv->resolution, error))
    return FALSE;
  if (!parse_start_time (self, priv, error) || !check_local_clock (self, priv, error))
    return FALSE;
  priv->clock_running = FALSE;
  collect_parameter_ports (priv);
  priv->stop_time = HYCO_TIME_INFINITY;
  if (self == top && !parse_stop_time (self, priv, error))
    return FALSE;

  _hyco_schedule_clear (&priv->schedule);
  g_clear_pointer (&priv->worklist, worklist_free);
  priv->schedule.actors = g_ptr_array_new_with_free_func (g_object_unref);
  _hyco_composite_actor_collect_scope (priv->container, priv->schedule.actors);
  if (!_hyco_composite_actor_wire (priv->container, self, priv->schedule.actors, &priv->epoch,
                                   error))
    return FALSE;
  return _hyco_schedule_build (&priv->schedule, self, error);
}

static gboolean
hyco_director_real_initialize (HycoDirector *self, GError **error)
{
  HycoDirectorPrivate *priv = PRIV (self);
  GPtrArray *actors = priv->schedule.actors;
  HycoDirector *outer = hyco_actor_get_executive_director (HYCO_ACTOR (priv->container));

  /* A run starts at (startTime, 0); a composite initialized again during a run (the
   * refinement of a reset transition) starts at its container's tag. There, as in Ptolemy II,
   * a startTime starts local time at that value, ahead of or behind the time outside from then
   * on; blank, local time is the time outside. */
  priv->current.time = priv->start_time;
  priv->current.microstep = 0;
  priv->start_shift = 0;
  priv->drifting = FALSE;
  priv->clock_running = FALSE;
  if (outer != NULL)
    {
      priv->current = PRIV (outer)->current;
      if (!is_blank (priv->start_time_literal))
        {
          priv->start_shift = priv->start_time - priv->current.time;
          priv->current.time = priv->start_time;
        }
      else
        priv->start_time = priv->current.time;
      /* Local time starts here, at the local clock's rate from now on. */
      priv->clock_rate
        = priv->local_clock != NULL ? hyco_local_clock_get_clock_rate (priv->local_clock) : 1;
      priv->drifting = priv->clock_rate != 1;
      priv->clock_outer = PRIV (outer)->current.time;
      priv->clock_local = priv->current.time;
      priv->clock_running = priv->local_clock != NULL;
    }
  priv->real_start = g_get_monotonic_time ();
  priv->firings = 0;
  priv->dense_events = 0;
  priv->dense_first = priv->dense_last = -1;
  priv->epoch.value++;
  priv->epoch.stale = HYCO_SIGNAL_UNKNOWN;
  _hyco_ptr_array_empty (priv->fired);
  for (guint i = 0; i < actors->len; i++)
    if (!hyco_actor_initialize (actors->pdata[i], error))
      return FALSE;
  return TRUE;
}

static gboolean
hyco_director_real_prefire (HycoDirector *self, GError **error)
{
  HycoDirectorPrivate *priv = PRIV (self);
  HycoDirector *outer = hyco_actor_get_executive_director (HYCO_ACTOR (priv->container));

  if (outer)
    {
      priv->current = PRIV (outer)->current;
      if (G_UNLIKELY (priv->drifting))
        priv->current.time = _hyco_director_outer_to_local_time (self, priv->current.time);
      else
        priv->current.time += priv->start_shift;
    }
  return TRUE;
}

static gboolean
hyco_director_real_fire (HycoDirector *self, GError **error)
{
  return _hyco_director_run_schedule (self, FALSE, error);
}

static gboolean
hyco_director_real_postfire (HycoDirector *self, GError **error)
{
  return _hyco_director_postfire_fired (self, error);
}

static gboolean
hyco_director_real_wrapup (HycoDirector *self, GError **error)
{
  GPtrArray *actors = PRIV (self)->schedule.actors;
  gboolean ok = TRUE;

  PRIV (self)->clock_running = FALSE;
  /* The run's worker threads end with it. */
  g_clear_pointer (&PRIV (self)->workers, _hyco_workers_free);
  /* Every actor is wrapped up even when one fails; the first failure is reported. */
  for (guint i = 0; actors && i < actors->len; i++)
    if (!hyco_actor_wrapup (actors->pdata[i], ok ? error : NULL))
      ok = FALSE;
  return ok;
}

static gboolean
hyco_director_real_fire_at (HycoDirector *self, HycoActor *actor, const HycoTag *tag,
                            HycoTag *granted, GError **error)
{
  if (PRIV (self)->owns_queue)
    return _hyco_tag_queue_request (PRIV (self)->queue, self, actor, tag, granted, error);
  g_set_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_TIME,
               "%s does not support fire_at (requested by %s)", G_OBJECT_TYPE_NAME (self),
               hyco_actor_get_name (actor));
  return FALSE;
}

static void
hyco_director_class_init (HycoDirectorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  _hyco_director_private_offset = HycoDirector_private_offset;
  object_class->finalize = hyco_director_finalize;
  object_class->get_property = hyco_director_get_property;
  object_class->set_property = hyco_director_set_property;
  klass->preinitialize = hyco_director_real_preinitialize;
  klass->initialize = hyco_director_real_initialize;
  klass->prefire = hyco_director_real_prefire;
  klass->fire = hyco_director_real_fire;
  klass->postfire = hyco_director_real_postfire;
  klass->wrapup = hyco_director_real_wrapup;
  klass->fire_at = hyco_director_real_fire_at;

  /**
   * HycoDirector:name:
   *
   * The director's name in the model file.
   */
  properties[PROP_NAME]
    = g_param_spec_string ("name", NULL, "The director's name", "director",
                           G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  /**
   * HycoDirector:startTime:
   *
   * The model time at which the director starts, as a decimal literal in seconds. Blank (the
   * default), a run starts at 0 and a director inside a composite at the time of its
   * container. Given inside a composite, as in Ptolemy II, local time starts at that value
   * whenever the composite is initialized, and runs ahead of or behind the time outside by the
   * difference from then on: actors inside see local time, and what they ask for is fired at
   * the corresponding time outside.
   */
  properties[PROP_START_TIME] = hyco_param_spec_literal (
    "startTime", "Model time at which the director starts (seconds); blank: 0, or the time of "
                 "the container",
    HYCO_PARAM_KIND_TIME, "");
  /**
   * HycoDirector:stopTime:
   *
   * The model time at which a top-level run stops, as a decimal literal in seconds; events at
   * exactly this time are still processed. `Infinity` runs until no event is left.
   */
  properties[PROP_STOP_TIME] = hyco_param_spec_literal (
    "stopTime", "Model time at which the run stops (seconds)", HYCO_PARAM_KIND_TIME, "Infinity");
  /**
   * HycoDirector:timeResolution:
   *
   * The model's time resolution, a power of ten in seconds; only the top level's counts.
   */
  properties[PROP_TIME_RESOLUTION]
    = hyco_param_spec_literal ("timeResolution", "Resolution of model time (a power of ten, s)",
                               HYCO_PARAM_KIND_RESOLUTION, "1e-9");
  /**
   * HycoDirector:maxMicrosteps:
   *
   * How many microsteps may pass at one model time before the model is reported as Zeno.
   */
  properties[PROP_MAX_MICROSTEPS] = g_param_spec_uint64 (
    "maxMicrosteps", NULL, "Microsteps allowed at one model time before a Zeno error", 1,
    G_MAXUINT64 - 1, 1000,
    G_PARAM_READWRITE | G_PARAM_CONSTRUCT | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HycoDirector:timeZenoEvents:
   *
   * Time-Zeno: how many model times with discrete events (at a microstep above 0) may follow
   * the first, each at most #HycoDirector:timeZenoTicks after the one before, before the model
   * is reported as Zeno.
   * Model time then advances only by the resolution, as after the accumulation point of a
   * bouncing ball without a resting mode, and would go on so forever. 0 turns the check off;
   * only the top level's counts.
   */
  properties[PROP_TIME_ZENO_EVENTS] = g_param_spec_uint64 (
    "timeZenoEvents", NULL,
    "Times with events in a row, each within timeZenoTicks of the last, before a Zeno error "
    "(0: no check)",
    0, G_MAXUINT64, 1000,
    G_PARAM_READWRITE | G_PARAM_CONSTRUCT | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HycoDirector:timeZenoTicks:
   *
   * How close, in ticks of the resolution, a model time with events must follow the one
   * before to count towards #HycoDirector:timeZenoEvents.
   */
  properties[PROP_TIME_ZENO_TICKS] = g_param_spec_uint64 (
    "timeZenoTicks", NULL, "Ticks between times with events that count towards timeZenoEvents", 1,
    G_MAXUINT64, 10,
    G_PARAM_READWRITE | G_PARAM_CONSTRUCT | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hyco_director_init (HycoDirector *self)
{
  HycoDirectorPrivate *priv = PRIV (self);

  priv->fired = g_ptr_array_new ();
  priv->stop_time_literal = g_strdup ("Infinity");
  priv->start_time_literal = g_strdup ("");
  priv->resolution_literal = g_strdup ("1e-9");
  priv->max_microsteps = 1000;
  priv->time_zeno_events = 1000;
  priv->time_zeno_ticks = 10;
  priv->dense_first = priv->dense_last = -1;
  priv->resolution = HYCO_DEFAULT_RESOLUTION;
  priv->stop_time = HYCO_TIME_INFINITY;
}

/**
 * hyco_director_get_name:
 * @self: a director
 *
 * Gets the name the director has in a model file (its `name` property; `director` when it was given
 * none), which messages about the director use.
 *
 * Returns: the director's name in the model file
 */
const char *
hyco_director_get_name (HycoDirector *self)
{
  const char *name;

  g_return_val_if_fail (HYCO_IS_DIRECTOR (self), NULL);
  name = g_object_get_qdata (G_OBJECT (self), name_quark ());
  return name ? name : "director";
}

/**
 * hyco_director_get_container:
 * @self: a director
 *
 * Gets the composite the director was set on with hyco_composite_actor_set_director().
 *
 * Returns: (transfer none) (nullable): the composite the director governs
 */
HycoCompositeActor *
hyco_director_get_container (HycoDirector *self)
{
  g_return_val_if_fail (HYCO_IS_DIRECTOR (self), NULL);
  return PRIV (self)->container;
}

/**
 * hyco_director_get_model:
 * @self: a director
 *
 * Gets the model the director runs in, settled when the model is prepared.
 *
 * Returns: (transfer none) (nullable): the model being run, once prepared
 */
HycoModel *
hyco_director_get_model (HycoDirector *self)
{
  g_return_val_if_fail (HYCO_IS_DIRECTOR (self), NULL);
  return PRIV (self)->model;
}

/**
 * hyco_director_is_top_level:
 * @self: a director
 *
 * Tells whether the director governs the model's top-level composite, and so chooses the tags of
 * the whole run, rather than taking its container's.
 *
 * Returns: %TRUE if the director governs the top-level composite
 */
gboolean
hyco_director_is_top_level (HycoDirector *self)
{
  g_return_val_if_fail (HYCO_IS_DIRECTOR (self), FALSE);
  return PRIV (self)->container != NULL
         && hyco_actor_get_container (HYCO_ACTOR (PRIV (self)->container)) == NULL;
}

/**
 * hyco_director_get_current_tag:
 * @self: a director
 * @tag: (out caller-allocates): the current tag
 *
 * Gets the tag the director is executing.
 */
void
hyco_director_get_current_tag (HycoDirector *self, HycoTag *tag)
{
  g_return_if_fail (HYCO_IS_DIRECTOR (self));
  *tag = PRIV (self)->current;
}

/**
 * hyco_director_get_resolution:
 * @self: a director
 *
 * Gets the time resolution of the model, the exponent r of a tick of 10^r s, settled when the model
 * is prepared.
 *
 * Returns: the model's resolution exponent, once prepared
 */
int
hyco_director_get_resolution (HycoDirector *self)
{
  g_return_val_if_fail (HYCO_IS_DIRECTOR (self), HYCO_DEFAULT_RESOLUTION);
  return PRIV (self)->resolution;
}

/**
 * hyco_director_get_start_time:
 * @self: a director
 *
 * Gets the model time at which the director starts its run, in ticks.
 *
 * Returns: the time in ticks at which the director starts (its startTime; 0 when blank at the
 *   top level, the time of its container when blank inside a composite), once initialized
 */
gint64
hyco_director_get_start_time (HycoDirector *self)
{
  g_return_val_if_fail (HYCO_IS_DIRECTOR (self), 0);
  return PRIV (self)->start_time;
}

/* The local clock's rate changed: during a run, local time goes on from where it is now at
 * the new rate (Ptolemy II's LocalClock commits the current time with the new drift); before
 * one, initialize takes it. A rate that is not positive is reported by the next firing. */
static void
commit_clock_rate (HycoDirector *self)
{
  HycoDirectorPrivate *priv = PRIV (self);
  HycoDirector *outer;
  double rate = hyco_local_clock_get_clock_rate (priv->local_clock);
  gint64 now, local;

  if (!priv->clock_running || !(rate > 0) || rate == priv->clock_rate)
    return;
  outer = hyco_actor_get_executive_director (HYCO_ACTOR (priv->container));
  if (outer == NULL)
    return;
  now = PRIV (outer)->current.time;
  local = _hyco_director_outer_to_local_time (self, now);
  priv->clock_rate = rate;
  priv->drifting = rate != 1;
  priv->clock_outer = now;
  priv->clock_local = local;
  priv->start_shift = local - now;
}

gint64
_hyco_director_outer_to_local_time (HycoDirector *self, gint64 outer)
{
  HycoDirectorPrivate *priv = PRIV (self);

  if (G_LIKELY (!priv->drifting))
    return outer + priv->start_shift;
  return priv->clock_local + (gint64) llround ((double) (outer - priv->clock_outer) * priv->clock_rate);
}

gint64
_hyco_director_local_to_outer_time (HycoDirector *self, gint64 local)
{
  HycoDirectorPrivate *priv = PRIV (self);

  if (G_LIKELY (!priv->drifting))
    return local - priv->start_shift;
  if (local == HYCO_TIME_INFINITY)
    return local;
  return priv->clock_outer + (gint64) llround ((double) (local - priv->clock_local) / priv->clock_rate);
}

/**
 * hyco_director_set_local_clock:
 * @self: a director
 * @clock: (nullable): a local clock, or %NULL for none
 *
 * Gives @self Ptolemy II's `localClock`, as a model file states it; its parameters are then
 * also @self's, as `localClock.clockRate` and `localClock.globalTimeResolution`. Inside a
 * composite, local time advances at the clock's rate against the time outside, from where the
 * director is initialized (at its startTime, if given); when the rate changes during the run
 * (an expression over a port parameter), from the time of the change on. The rate must be
 * positive, and 1 for a continuous or modal director and a director directly inside one
 * (whose time that director sets); the resolution, if given, the model's: another is refused, naming the
 * parameter, when the model is prepared (or when the run reaches a rate given by an expression).
 */
void
hyco_director_set_local_clock (HycoDirector *self, HycoLocalClock *clock)
{
  HycoDirectorPrivate *priv;

  g_return_if_fail (HYCO_IS_DIRECTOR (self));
  g_return_if_fail (clock == NULL || HYCO_IS_LOCAL_CLOCK (clock));
  priv = PRIV (self);
  if (priv->local_clock == clock)
    return;
  if (priv->local_clock != NULL)
    {
      g_signal_handlers_disconnect_by_data (priv->local_clock, self);
      if (_hyco_local_clock_get_director (priv->local_clock) == self)
        _hyco_local_clock_set_director (priv->local_clock, NULL);
    }
  g_set_object (&priv->local_clock, clock);
  if (clock != NULL)
    {
      _hyco_local_clock_set_director (clock, self);
      g_signal_connect_swapped (clock, "notify::clockRate", G_CALLBACK (commit_clock_rate), self);
    }
}

/**
 * hyco_director_get_local_clock:
 * @self: a director
 *
 * Gets the local clock of the director, which makes its time advance at another rate than the time
 * outside (Ptolemy II's `localClock`).
 *
 * Returns: (transfer none) (nullable): the local clock given with
 *   hyco_director_set_local_clock(), or %NULL
 */
HycoLocalClock *
hyco_director_get_local_clock (HycoDirector *self)
{
  g_return_val_if_fail (HYCO_IS_DIRECTOR (self), NULL);
  return PRIV (self)->local_clock;
}

/**
 * hyco_director_get_stop_time:
 * @self: a director
 *
 * Gets the model time at which the director ends its run, in ticks, from its stopTime parameter (or
 * hyco_model_set_stop_time()).
 *
 * Returns: the stop time in ticks (%HYCO_TIME_INFINITY for none), once prepared
 */
gint64
hyco_director_get_stop_time (HycoDirector *self)
{
  g_return_val_if_fail (HYCO_IS_DIRECTOR (self), HYCO_TIME_INFINITY);
  return PRIV (self)->stop_time;
}

/**
 * hyco_director_get_actors:
 * @self: a director
 *
 * Lists the actors the director fires: those of its composite, and those of transparent composites
 * inside it, but not the actors inside opaque composites, which their own directors fire. The list
 * is made when the model is prepared.
 *
 * Returns: (transfer container) (element-type Hyco.Actor): the actors the director fires,
 *   looking through transparent composites, once prepared
 */
GPtrArray *
hyco_director_get_actors (HycoDirector *self)
{
  g_return_val_if_fail (HYCO_IS_DIRECTOR (self), NULL);
  if (PRIV (self)->schedule.actors == NULL)
    return g_ptr_array_new ();
  return _hyco_ptr_array_copy_unowned (PRIV (self)->schedule.actors);
}

/**
 * hyco_director_get_firing_count:
 * @self: a director
 *
 * Counts the firings of actors this director made in the current or last run; firings made by the
 * directors of opaque composites inside are theirs (hyco_model_get_firing_count() counts them all).
 *
 * Returns: how many actor firings this director (not counting inner ones) made in this run
 */
guint64
hyco_director_get_firing_count (HycoDirector *self)
{
  g_return_val_if_fail (HYCO_IS_DIRECTOR (self), 0);
  return PRIV (self)->firings;
}

/**
 * hyco_director_fires_every_actor:
 * @self: a director
 *
 * Whether each firing of the director fires every actor it governs (as SR does at every tick),
 * rather than only the actors that are triggered by a pure event or a present input (as DE
 * does). Under the latter, an actor that outputs whenever it fires makes its outputs' presence
 * depend on its inputs.
 *
 * Returns: %TRUE if every actor fires at every firing of the director
 */
gboolean
hyco_director_fires_every_actor (HycoDirector *self)
{
  g_return_val_if_fail (HYCO_IS_DIRECTOR (self), FALSE);
  return PRIV (self)->fires_every_actor;
}

/**
 * hyco_director_wants_every_tag:
 * @self: a director
 *
 * Whether the composite of @self carries continuous signals (a continuous director's, or a
 * modal model's with such a refinement), so that the director outside fires it at every tag,
 * triggered or not.
 *
 * Returns: %TRUE if the composite is fired at every tag of its container
 */
gboolean
hyco_director_wants_every_tag (HycoDirector *self)
{
  g_return_val_if_fail (HYCO_IS_DIRECTOR (self), FALSE);
  return PRIV (self)->wants_every_tag;
}

/**
 * hyco_director_get_enclosing_director:
 * @self: a director
 *
 * The director outside @self's composite: that of the nearest composite containing it that
 * has one, looking through composites without a director. Unlike
 * hyco_actor_get_executive_director() on the composite, it reads the containment, so it is
 * known from preinitialize on, before the directors wire their actors.
 *
 * Returns: (transfer none) (nullable): the enclosing director, or %NULL at the top level
 */
HycoDirector *
hyco_director_get_enclosing_director (HycoDirector *self)
{
  HycoCompositeActor *outer;

  g_return_val_if_fail (HYCO_IS_DIRECTOR (self), NULL);
  if (PRIV (self)->container == NULL)
    return NULL;
  outer = hyco_actor_get_container (HYCO_ACTOR (PRIV (self)->container));
  while (outer != NULL && !hyco_composite_actor_is_opaque (outer))
    outer = hyco_actor_get_container (HYCO_ACTOR (outer));
  return outer != NULL ? hyco_composite_actor_get_director (outer) : NULL;
}

/**
 * hyco_director_get_n_pending_requests:
 * @self: a director
 *
 * Counts the firings the director's actors requested and it has not yet made, for tests and for a
 * director that decides whether a run has more to do.
 *
 * Returns: how many firings the actors of @self asked for (hyco_actor_fire_at()) and are
 *   still to come; 0 for a director that keeps no queue of them
 */
guint
hyco_director_get_n_pending_requests (HycoDirector *self)
{
  g_return_val_if_fail (HYCO_IS_DIRECTOR (self), 0);
  return PRIV (self)->queue != NULL ? _hyco_tag_queue_length (PRIV (self)->queue) : 0;
}

/**
 * hyco_director_get_pending_request:
 * @self: a director
 * @index: which request, below hyco_director_get_n_pending_requests()
 * @tag: (out caller-allocates): the requested tag, in the time of the director's container
 *   (the director's local time, less the shift a startTime inside a composite makes)
 *
 * Gets a firing the actors of @self asked for and that is still to come, in no particular
 * order: a modal model asks for them again when a refinement resumes (a history transition).
 *
 * Returns: %TRUE if @index names a pending request
 */
gboolean
hyco_director_get_pending_request (HycoDirector *self, guint index, HycoTag *tag)
{
  g_return_val_if_fail (HYCO_IS_DIRECTOR (self), FALSE);
  g_return_val_if_fail (tag != NULL, FALSE);
  if (index >= hyco_director_get_n_pending_requests (self))
    return FALSE;
  *tag = *_hyco_tag_queue_nth (PRIV (self)->queue, index);
  /* As the container sees it: without the shift of a startTime given inside a composite, and
   * through its local clock's rate. */
  tag->time = _hyco_director_local_to_outer_time (self, tag->time);
  return TRUE;
}

/**
 * hyco_director_set_local_time:
 * @self: a director
 * @local: a tag of @self's local time
 * @outer: the tag of the time outside that @local is from now on
 *
 * Gives @self a local time of its own, one that stands still while the time outside goes on
 * (the refinement of a modal model while its state is inactive). From now on the local time
 * runs behind the time outside by the difference of @outer's and @local's times and, at the
 * local time of @local, the microsteps by the difference of theirs. A director's local time
 * is the time outside, (0, 0) at (0, 0), until this is called.
 */
void
hyco_director_set_local_time (HycoDirector *self, const HycoTag *local, const HycoTag *outer)
{
  HycoLocalTime *time;

  g_return_if_fail (HYCO_IS_DIRECTOR (self));
  g_return_if_fail (local != NULL && outer != NULL);
  time = &PRIV (self)->local_time;
  time->lag = outer->time - local->time;
  time->anchor = local->time;
  time->shift = (gint64) outer->microstep - (gint64) local->microstep;
}

/**
 * hyco_director_local_to_outer_tag:
 * @self: a director
 * @local: a tag of @self's local time
 * @outer: (out caller-allocates): the corresponding tag outside
 *
 * Converts a tag of @self's local time (see hyco_director_set_local_time()) to the time
 * outside. @outer may be @local.
 */
void
hyco_director_local_to_outer_tag (HycoDirector *self, const HycoTag *local, HycoTag *outer)
{
  g_return_if_fail (HYCO_IS_DIRECTOR (self));
  g_return_if_fail (local != NULL && outer != NULL);
  _hyco_local_time_to_outer (&PRIV (self)->local_time, local, outer);
}

/**
 * hyco_director_outer_to_local_tag:
 * @self: a director
 * @outer: a tag of the time outside
 * @local: (out caller-allocates): the corresponding tag of @self's local time
 *
 * Converts a tag of the time outside to @self's local time (see
 * hyco_director_set_local_time()); at the local time where the microsteps are shifted, a
 * microstep before the shift is taken as 0. @local may be @outer.
 */
void
hyco_director_outer_to_local_tag (HycoDirector *self, const HycoTag *outer, HycoTag *local)
{
  const HycoLocalTime *time;
  HycoTag tag;

  g_return_if_fail (HYCO_IS_DIRECTOR (self));
  g_return_if_fail (local != NULL && outer != NULL);
  time = &PRIV (self)->local_time;
  tag = *outer;
  local->time = tag.time - time->lag;
  local->microstep = tag.microstep;
  if (local->time == time->anchor)
    local->microstep = (guint64) MAX ((gint64) tag.microstep - time->shift, 0);
}

/**
 * hyco_director_preinitialize: (virtual preinitialize)
 * @self: a director
 * @error: return location for a #GError
 *
 * Checks parameters and wires the actors the director governs. Parameters given as
 * expressions are evaluated first, as hyco_actor_preinitialize() does.
 *
 * Returns: %TRUE on success
 */
gboolean
hyco_director_preinitialize (HycoDirector *self, GError **error)
{
  g_return_val_if_fail (HYCO_IS_DIRECTOR (self), FALSE);
  g_return_val_if_fail (PRIV (self)->container != NULL, FALSE);
  if (!_hyco_param_resolve_expressions (G_OBJECT (self), error))
    return FALSE;
  return HYCO_DIRECTOR_GET_CLASS (self)->preinitialize (self, error);
}

/**
 * hyco_director_initialize: (virtual initialize)
 * @self: a director
 * @error: return location for a #GError
 *
 * Resets the director to the start of a run and initializes the actors it governs. Called once per
 * run, after hyco_model_prepare() and before the first tag.
 *
 * Returns: %TRUE on success
 */
gboolean
hyco_director_initialize (HycoDirector *self, GError **error)
{
  g_return_val_if_fail (HYCO_IS_DIRECTOR (self), FALSE);
  return HYCO_DIRECTOR_GET_CLASS (self)->initialize (self, error);
}

/**
 * hyco_director_prefire: (virtual prefire)
 * @self: a director
 * @error: return location for a #GError
 *
 * Prepares the director for the next tag. At the top level it chooses that tag and returns %FALSE
 * once the run is over; inside an opaque composite it takes its container's tag and returns whether
 * its contents have anything to do at it.
 *
 * Returns: %FALSE when the run is over (no error) or on failure (error set)
 */
gboolean
hyco_director_prefire (HycoDirector *self, GError **error)
{
  g_return_val_if_fail (HYCO_IS_DIRECTOR (self), FALSE);
  return HYCO_DIRECTOR_GET_CLASS (self)->prefire (self, error);
}

/**
 * hyco_director_fire: (virtual fire)
 * @self: a director
 * @error: return location for a #GError
 *
 * Fires the composite the director governs at the current tag: its actors fire, possibly several
 * times, until their outputs are settled, and nothing is committed. The director of the composite
 * outside calls it; a director class implements it as its fire virtual method.
 *
 * Returns: %TRUE on success
 */
gboolean
hyco_director_fire (HycoDirector *self, GError **error)
{
  g_return_val_if_fail (HYCO_IS_DIRECTOR (self), FALSE);
  return HYCO_DIRECTOR_GET_CLASS (self)->fire (self, error);
}

/**
 * hyco_director_postfire: (virtual postfire)
 * @self: a director
 * @error: return location for a #GError
 *
 * Commits the firings of the current tag: postfires every actor fired at it, once, after its values
 * are final, and advances the director's state.
 *
 * Returns: %TRUE on success
 */
gboolean
hyco_director_postfire (HycoDirector *self, GError **error)
{
  g_return_val_if_fail (HYCO_IS_DIRECTOR (self), FALSE);
  return HYCO_DIRECTOR_GET_CLASS (self)->postfire (self, error);
}

/**
 * hyco_director_wrapup: (virtual wrapup)
 * @self: a director
 * @error: return location for a #GError
 *
 * Ends a run for the director and wraps up every actor it governs, also when the run failed or was
 * cancelled, so that each actor releases what it held.
 *
 * Returns: %TRUE on success
 */
gboolean
hyco_director_wrapup (HycoDirector *self, GError **error)
{
  g_return_val_if_fail (HYCO_IS_DIRECTOR (self), FALSE);
  return HYCO_DIRECTOR_GET_CLASS (self)->wrapup (self, error);
}

/**
 * hyco_director_fire_at: (virtual fire_at)
 * @self: a director
 * @actor: an actor the director governs
 * @tag: the requested tag
 * @granted: (out caller-allocates): the tag the firing was queued at
 * @error: return location for a #GError
 *
 * Asks the director to fire @actor at @tag, or at the earliest later tag it can, which it puts in
 * @granted; actors call it through hyco_actor_fire_at(). The base class queues the request in the
 * director's event queue, if it has one (hyco_director_set_event_queue()); @error names the actor
 * and tag when the request cannot be granted.
 *
 * Returns: %TRUE on success
 */
gboolean
hyco_director_fire_at (HycoDirector *self, HycoActor *actor, const HycoTag *tag, HycoTag *granted,
                       GError **error)
{
  g_return_val_if_fail (HYCO_IS_DIRECTOR (self), FALSE);
  g_return_val_if_fail (HYCO_IS_ACTOR (actor), FALSE);
  g_return_val_if_fail (tag != NULL && granted != NULL, FALSE);
  return HYCO_DIRECTOR_GET_CLASS (self)->fire_at (self, actor, tag, granted, error);
}

void
_hyco_director_transfer_inputs (HycoDirector *self)
{
  GPtrArray *ports = _hyco_actor_get_private ((HycoActor *) PRIV (self)->container)->ports;

  for (guint i = 0; i < ports->len; i++)
    {
      HycoPort *port = ports->pdata[i];
      if (!(port->flags & HYCO_PORT_INPUT))
        continue;
      for (guint c = 0; c < port->n_signals; c++)
        {
          if (c < port->n_sources)
            _hyco_signal_copy (&port->signals[c], port->sources[c]);
          else
            hyco_signal_set_absent (&port->signals[c]);
        }
    }
}

void
_hyco_director_absent_inputs (HycoDirector *self)
{
  GPtrArray *ports = _hyco_actor_get_private (HYCO_ACTOR (PRIV (self)->container))->ports;

  for (guint i = 0; i < ports->len; i++)
    {
      HycoPort *port = ports->pdata[i];
      for (guint c = 0; c < port->n_signals && (port->flags & HYCO_PORT_INPUT); c++)
        hyco_signal_set_absent (&port->signals[c]);
    }
}

void
_hyco_director_transfer_outputs (HycoDirector *self)
{
  GPtrArray *ports = _hyco_actor_get_private ((HycoActor *) PRIV (self)->container)->ports;
  gboolean conditional = PRIV (self)->conditional;

  for (guint i = 0; i < ports->len; i++)
    {
      HycoPort *port = ports->pdata[i];
      if (!(port->flags & HYCO_PORT_OUTPUT))
        continue;
      for (guint c = 0; c < port->n_signals; c++)
        {
          if (G_UNLIKELY (conditional) && c < port->n_sources
              && hyco_signal_status (port->sources[c]) != HYCO_SIGNAL_ABSENT)
            continue;
          if (c < port->n_sources)
            _hyco_signal_copy (&port->signals[c], port->sources[c]);
          else
            hyco_signal_set_absent (&port->signals[c]);
        }
    }
}

static inline void
set_outputs_absent (HycoScheduleEntry *entry)
{
  for (guint o = 0; o < entry->n_outputs; o++)
    {
      HycoPort *port = entry->outputs[o];
      for (guint c = 0; c < port->n_signals; c++)
        if (hyco_signal_status (&port->signals[c]) == HYCO_SIGNAL_UNKNOWN)
          hyco_signal_set_absent (&port->signals[c]);
    }
}

static gboolean
dependencies_known (HycoPort *output)
{
  for (guint i = 0; i < output->n_dependencies; i++)
    {
      HycoPort *input = output->dependencies[i];
      for (guint c = 0; c < input->n_sources; c++)
        if (hyco_signal_status (input->sources[c]) == HYCO_SIGNAL_UNKNOWN)
          return FALSE;
    }
  return TRUE;
}

/* Once an actor has fired, what it left unknown is absent if it could have been determined:
 * always for a strict actor; for a non-strict one, when the inputs an output depends on are
 * known (inside a composite fired with partial inputs they may not be yet). */
static inline void
default_outputs_absent (HycoScheduleEntry *entry)
{
  for (guint o = 0; o < entry->n_outputs; o++)
    {
      HycoPort *port = entry->outputs[o];
      for (guint c = 0; c < port->n_signals; c++)
        if (hyco_signal_status (&port->signals[c]) == HYCO_SIGNAL_UNKNOWN
            && (entry->strict || dependencies_known (port)))
          hyco_signal_set_absent (&port->signals[c]);
    }
}

/* After a fire: a write that tried to change a known signal is a bug of the actor. */
static gboolean
check_monotonic (HycoDirectorPrivate *priv, HycoActor *actor, GError **error)
{
  GPtrArray *ports = _hyco_actor_get_private (actor)->ports;

  for (guint i = 0; i < ports->len; i++)
    {
      HycoPort *port = ports->pdata[i];
      for (guint c = 0; c < port->n_signals && (port->flags & HYCO_PORT_OUTPUT); c++)
        if (port->signals[c].violated)
          {
            g_autofree char *tag = hyco_tag_to_string (&priv->current, priv->resolution);
            g_autofree char *value = hyco_value_to_literal (&port->signals[c].value);
            port->signals[c].violated = FALSE;
            priv->epoch.violations = 0;
            hyco_actor_set_error (
              actor, error, HYCO_ACTOR_ERROR_FAILED,
              "output %s changed at %s after it was known (it was %s): within one tag an "
              "actor may only add knowledge, never retract or change it",
              port->name, tag, port->signals[c].status == HYCO_SIGNAL_PRESENT ? value : "absent");
            return FALSE;
          }
    }
  /* Written by someone else (a composite's transfer): find it on the next check. */
  return TRUE;
}

/* Adds the entry's actor to those to postfire at this tag, once. */
static inline void
mark_fired (HycoDirectorPrivate *priv, HycoScheduleEntry *entry)
{
  if (!entry->priv->fired)
    {
      entry->priv->fired = TRUE;
      _hyco_ptr_array_push (priv->fired, &priv->fired_capacity, entry->actor);
    }
}

/* An entry's signals as the worklist lists them, in flat arrays (see HycoWorklist): what a DE
 * tag reads and writes at every firing, without walking ports and channels. */
typedef struct
{
  HycoSignal **inputs;    /* what the actor's inputs read, every channel */
  HycoSignal **unsettled; /* the outputs its actor determines at it and its later entries, */
  guint n_inputs;
  guint n_unsettled;
  guint n_own;     /* the first @n_own of them at this entry */
  gboolean plain;  /* its outputs need no pass around its firing (see is_plain()) */
  /* The visit of a DE tag, read with the signals: the entry is outside any zero-delay loop and
   * reads nothing ahead (the common case, which needs no other table), and the one entry to
   * visit after it when it is its only reader, later in the schedule (a chain), else
   * G_MAXUINT. */
  gboolean simple;
  guint sole_successor;
  /* Plain and simple, and no entry reads its outputs: at a tag where its actor alone has an
   * event, its firing is the whole tag (see run_alone()). */
  gboolean alone;
} HycoEntrySignals;

/* Once a strict actor has fired, what it left unknown is absent. */
static inline void
own_outputs_absent (const HycoEntrySignals *flat)
{
  for (guint s = 0; s < flat->n_own; s++)
    if (hyco_signal_status (flat->unsettled[s]) == HYCO_SIGNAL_UNKNOWN)
      hyco_signal_set_absent (flat->unsettled[s]);
}

/* Fires one entry if it can add knowledge. In DE (@fire_all false) an actor fires only when
 * triggered, by a pure event or a present input; in SR every actor fires at every tick. @flat,
 * from the worklist of a DE tag (NULL without one: SR, continuous time), lists its signals; a
 * DE tag has no publish hook.
 * Inlined: the call and the registers it saves cost some 30 instructions per firing. */
static G_ALWAYS_INLINE inline gboolean
fire_entry (HycoDirectorPrivate *priv, HycoScheduleEntry *entry, gboolean fire_all,
            const HycoEntrySignals *flat, GError **error)
{
  HycoActorPrivate *actor = entry->priv;
  guint seen = 0; /* a bit for each status the inputs have */
  gboolean any_unknown, any_present;
  /* Read before the firing, which the compiler must assume writes anywhere. */
  gboolean plain = flat != NULL && flat->plain;

  if (flat == NULL && G_UNLIKELY (entry->precomputed != HYCO_PRECOMPUTED_NONE)
      && priv->publish != NULL)
    {
      /* Written by the publish hook: at most to postfire. */
      if (entry->precomputed == HYCO_PRECOMPUTED_POSTFIRE)
        mark_fired (priv, entry);
      return TRUE;
    }
  if (G_UNLIKELY (actor->finished))
    {
      set_outputs_absent (entry);
      return TRUE;
    }
  if (flat != NULL && flat->n_inputs == 1)
    seen = 1u << hyco_signal_status (flat->inputs[0]); /* a chain's link: no loop */
  else if (flat != NULL)
    for (guint s = 0; s < flat->n_inputs; s++)
      seen |= 1u << hyco_signal_status (flat->inputs[s]);
  else
    for (guint i = 0; i < entry->n_inputs; i++)
      {
        HycoPort *input = entry->inputs[i];
        for (guint c = 0; c < input->n_sources; c++)
          seen |= 1u << hyco_signal_status (input->sources[c]);
      }
  any_unknown = (seen & (1u << HYCO_SIGNAL_UNKNOWN)) != 0;
  any_present = (seen & (1u << HYCO_SIGNAL_PRESENT)) != 0;
  if (any_unknown && entry->strict)
    return TRUE;
  if (!fire_all && !actor->pure_event && !any_present && !entry->always)
    {
      /* Not triggered. With inputs still unknown, only what does not depend on them is
       * settled, and what the actor would leave absent even if they triggered it. */
      if (G_UNLIKELY (entry->conditional) && any_unknown
          && !_hyco_schedule_fire_untriggered (entry, error))
        return FALSE;
      if (any_unknown)
        default_outputs_absent (entry);
      else
        set_outputs_absent (entry);
      return TRUE;
    }
  /* What the actor has still to determine, not written yet, is unknown while it fires, as it
   * would be had every entry been visited: an actor may test that an output is still to be
   * written. */
  if (flat != NULL && !plain)
    for (guint s = 0; s < flat->n_unsettled; s++)
      if (flat->unsettled[s]->stamp != priv->epoch.value)
        hyco_signal_set_unknown (flat->unsettled[s]);
  if (!actor->default_prefire && !entry->klass->prefire (entry->actor))
    {
      set_outputs_absent (entry);
      return TRUE;
    }
  if (!entry->klass->fire (entry->actor, error))
    return FALSE;
  priv->firings++;
  if (G_UNLIKELY (priv->epoch.violations != 0) && !check_monotonic (priv, entry->actor, error))
    return FALSE;
  mark_fired (priv, entry);
  if (plain)
    return TRUE;
  if (flat != NULL && entry->strict)
    own_outputs_absent (flat);
  else
    default_outputs_absent (entry);
  return TRUE;
}

static guint
count_known_outputs (HycoScheduleEntry *entries, guint begin, guint end)
{
  guint known = 0;

  for (guint e = begin; e < end; e++)
    for (guint o = 0; o < entries[e].n_outputs; o++)
      {
        HycoPort *port = entries[e].outputs[o];
        for (guint c = 0; c < port->n_signals; c++)
          known += hyco_signal_status (&port->signals[c]) != HYCO_SIGNAL_UNKNOWN;
      }
  return known;
}

static gboolean
container_inputs_known (HycoDirectorPrivate *priv)
{
  GPtrArray *ports = _hyco_actor_get_private (HYCO_ACTOR (priv->container))->ports;

  for (guint i = 0; i < ports->len; i++)
    {
      HycoPort *port = ports->pdata[i];
      for (guint c = 0; c < port->n_signals && (port->flags & HYCO_PORT_INPUT); c++)
        if (hyco_signal_status (&port->signals[c]) == HYCO_SIGNAL_UNKNOWN)
          return FALSE;
    }
  return TRUE;
}

/* What a cycle leaves unknown once nothing changes is a causality error, unless inputs of the
 * container are still unknown (an outer fixed point will fire it again). */
static gboolean
check_cycle_settled (HycoDirectorPrivate *priv, HycoScheduleEntry *entries, guint begin, guint end,
                     GError **error)
{
  g_autoptr (GString) unknown = NULL;
  g_autofree char *tag = NULL;
  g_autofree char *where = NULL;

  for (guint e = begin; e < end; e++)
    for (guint o = 0; o < entries[e].n_outputs; o++)
      {
        HycoPort *port = entries[e].outputs[o];
        for (guint c = 0; c < port->n_signals; c++)
          if (hyco_signal_status (&port->signals[c]) == HYCO_SIGNAL_UNKNOWN)
            {
              g_autofree char *name = hyco_port_get_full_name (port);
              if (unknown == NULL)
                unknown = g_string_new (NULL);
              else if (strstr (unknown->str, name) != NULL)
                continue;
              g_string_append_printf (unknown, "%s%s", unknown->len ? ", " : "", name);
            }
      }
  if (unknown == NULL || !container_inputs_known (priv))
    return TRUE;
  tag = hyco_tag_to_string (&priv->current, priv->resolution);
  where = hyco_actor_get_full_name (HYCO_ACTOR (priv->container));
  g_set_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_CAUSALITY,
               "causality loop in %s at %s: the fixed point leaves %s unknown; no actor on the "
               "cycle can produce its output before knowing its input",
               *where ? where : hyco_actor_get_name (HYCO_ACTOR (priv->container)), tag,
               unknown->str);
  return FALSE;
}

/* What arrives at a PortParameter's port becomes the model parameter's value, before anything
 * inside fires (Ptolemy II's CompositeActor transfers port parameters first), and stays until
 * the next value arrives. */
static gboolean
update_port_parameters (HycoDirector *self, GError **error)
{
  HycoDirectorPrivate *priv = PRIV (self);

  for (guint i = 0; i < priv->parameter_ports->len; i++)
    {
      HycoPort *port = priv->parameter_ports->pdata[i];
      HycoSignal *signal = port->n_signals > 0 ? &port->signals[0] : NULL;
      g_autoptr (GError) local_error = NULL;

      if (signal == NULL || hyco_signal_status (signal) != HYCO_SIGNAL_PRESENT)
        continue;
      if (!hyco_composite_actor_change_parameter (priv->container, hyco_port_get_name (port),
                                                  &signal->value, &local_error))
        {
          g_autofree char *where = hyco_port_get_full_name (port);
          g_set_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_PARAMETER,
                       "%s: the value arriving at this PortParameter's port cannot be taken: %s",
                       where, local_error->message);
          return FALSE;
        }
    }
  return TRUE;
}

/* The entries a DE tag visits. Only three things make an entry do more than leave its outputs
 * absent: a pure event for its actor, an input written present (by an entry that fired, or the
 * container's transfer), or its being fired at every tag (a continuous composite). So a tag
 * starts from the entries of the first and last kind, adds the readers of every entry that
 * fires, and visits them in schedule order through a heap of positions: its cost grows with
 * what is triggered, not with the model. What no entry wrote reads as absent (the epoch's
 * stale status), which is what visiting it would have written.
 *
 * Where an entry reads a signal before the entry that determines it (a non-strict actor fired at
 * several depths, reading a producer between them), the visit makes that signal unknown and
 * queues its producer, which settles it. A zero-delay loop, iterated as a whole, is entered
 * whole when any of its entries is queued, its signals made unknown first. A director with an
 * input fed from outside its schedule runs every entry. */
/* An input read at an entry before the entry that determines it (a non-strict actor fired at
 * an earlier depth, with part of its inputs): it must read unknown there, and be settled. */
typedef struct
{
  HycoSignal *signal;
  guint producer;
} HycoWorklistForward;

typedef struct _HycoWorklist
{
  gboolean usable;
  gboolean seedless; /* usable, no entry visited at every tag, and the container has no ports:
                      * what run_alone() asks of the director */
  guint n_entries;
  guint *group_begin;     /* per entry: the first entry of its group, if in one */
  guint *next_of_actor;   /* per entry: the next entry of the same actor, or G_MAXUINT */
  guint *successor_begin; /* per entry: its range in @successors, */
  guint *successor_end;   /* empty for none */
  guint *successors;      /* the entries of the actors reading its actor's outputs */
  guint *forward_begin;   /* per entry: its range in @forward */
  guint *forward_end;
  HycoWorklistForward *forward;
  HycoEntrySignals *signals; /* per entry: its ranges in @unsettled and @inputs */
  HycoSignal **unsettled;    /* the outputs its actor determines at it and its later entries */
  HycoSignal **inputs;       /* the signals its actor's inputs read */
  GArray *seeds;          /* guint: the first entries of the actors visited at every tag
                           * (continuous composites, opaque composites a loop fires
                           * untriggered, the readers of the container's inputs) */
  guint8 *queued;         /* per entry: in @heap */
  guint *heap;            /* binary min-heap of positions, at most one per entry */
  guint heap_len;
} HycoWorklist;

static void
worklist_free (HycoWorklist *self)
{
  if (self == NULL)
    return;
  g_free (self->group_begin);
  g_free (self->next_of_actor);
  g_free (self->successor_begin);
  g_free (self->successor_end);
  g_free (self->forward_begin);
  g_free (self->forward_end);
  g_free (self->forward);
  g_free (self->signals);
  g_free (self->unsettled);
  g_free (self->inputs);
  g_free (self->successors);
  if (self->seeds != NULL)
    g_array_unref (self->seeds);
  g_free (self->queued);
  g_free (self->heap);
  g_free (self);
}

static inline void
worklist_push (HycoWorklist *self, guint entry)
{
  guint *heap = self->heap;
  guint i = self->heap_len++;

  self->queued[entry] = TRUE;
  while (i > 0)
    {
      guint parent = (i - 1) / 2;
      if (heap[parent] <= entry)
        break;
      heap[i] = heap[parent];
      i = parent;
    }
  heap[i] = entry;
}

/* Queues @entry unless it is queued already or the visit has passed it (@cursor: the last
 * position visited, plus one; a group is passed as a whole). */
static inline void
worklist_add (HycoWorklist *self, guint entry, guint cursor)
{
  if (entry >= cursor && !self->queued[entry])
    worklist_push (self, entry);
}

static inline guint
worklist_pop (HycoWorklist *self)
{
  guint *heap = self->heap;
  guint top = heap[0], n = --self->heap_len, last = heap[n], i = 0;

  for (;;)
    {
      guint child = 2 * i + 1;
      if (child >= n)
        break;
      if (child + 1 < n && heap[child + 1] < heap[child])
        child++;
      if (last <= heap[child])
        break;
      heap[i] = heap[child];
      i = child;
    }
  heap[i] = last;
  self->queued[top] = FALSE;
  return top;
}

/* After a failed run: nothing stays queued for the next one. */
static void
worklist_empty (HycoWorklist *self)
{
  for (guint i = 0; i < self->heap_len; i++)
    self->queued[self->heap[i]] = FALSE;
  self->heap_len = 0;
}

static inline void
worklist_add_actor (HycoWorklist *self, guint first, guint cursor)
{
  for (guint e = first; e != G_MAXUINT; e = self->next_of_actor[e])
    worklist_add (self, e, cursor);
}

static inline gboolean
same_group (HycoScheduleEntry *entries, guint a, guint b)
{
  return entries[a].group_end != 0 && entries[a].group_end == entries[b].group_end;
}

static int
compare_reads (gconstpointer a, gconstpointer b)
{
  const guint *x = a, *y = b;

  if (x[0] != y[0])
    return x[0] < y[0] ? -1 : 1;
  return (x[1] > y[1]) - (x[1] < y[1]);
}

#define CONTAINER_INPUT G_MAXUINT

/* A signal list that is never NULL, even when empty (a GPtrArray has no storage until its first
 * element), so that offsets into it are defined. */
static HycoSignal **
copy_signal_list (GPtrArray *signals)
{
  HycoSignal **copy = g_new (HycoSignal *, MAX (signals->len, 1));

  if (signals->len > 0)
    memcpy (copy, signals->pdata, sizeof (HycoSignal *) * signals->len);
  return copy;
}

/* Whether entry @e's outputs can be left alone around its firing: what it does not write
 * stays stale, which reads absent at a DE tag, as marking it unknown before the firing and
 * absent after would leave it. So for a strict atomic actor fired at one entry, outside a
 * zero-delay loop, that neither reads its own outputs (an actor can see nothing else of them)
 * nor has them read ahead (made unknown before it fires). Its firing then costs no pass over
 * its outputs. An actor reading no signal is as good as strict (an FMU without inputs): no
 * input of it is ever unknown, so whatever it leaves unwritten is absent either way. Asked
 * once the signals and the forward reads are listed. */
static gboolean
is_plain (HycoWorklist *self, HycoScheduleEntry *entries, guint e, const guint8 *read_ahead)
{
  const HycoEntrySignals *flat = &self->signals[e];

  if (!(entries[e].strict || flat->n_inputs == 0) || entries[e].group_end != 0 || flat->n_own != flat->n_unsettled
      || self->next_of_actor[e] != G_MAXUINT || entries[e].priv->schedule_position != e
      || HYCO_IS_COMPOSITE_ACTOR (entries[e].actor) || read_ahead[e])
    return FALSE;
  for (guint i = 0; i < flat->n_inputs; i++)
    for (guint o = 0; o < flat->n_own; o++)
      if (flat->inputs[i] == flat->unsettled[o])
        return FALSE;
  return TRUE;
}

static HycoWorklist *
worklist_build (HycoDirectorPrivate *priv)
{
  HycoScheduleEntry *entries = priv->schedule.entries;
  guint n = priv->schedule.n_entries;
  HycoWorklist *self = g_new0 (HycoWorklist, 1);
  g_autoptr (GHashTable) producers = g_hash_table_new (NULL, NULL); /* signal -> entry + 1 */
  g_autoptr (GHashTable) owners = g_hash_table_new (NULL, NULL);    /* signal -> first + 1 */
  g_autoptr (GArray) successors = g_array_new (FALSE, FALSE, sizeof (guint));
  guint last_owner = 0;
  g_autofree guint *last_of_actor = g_new (guint, n);
  GPtrArray *container_ports = _hyco_actor_get_private ((HycoActor *) priv->container)->ports;
  HycoSignal *always_absent = _hyco_signal_always_absent ();
  /* Per actor (by its first entry): the entries reading it, as pairs of actor and reader. */
  g_autoptr (GArray) reads = g_array_new (FALSE, FALSE, sizeof (guint) * 2);
  g_autoptr (GArray) forward = g_array_new (FALSE, FALSE, sizeof (HycoWorklistForward));
  g_autoptr (GPtrArray) unsettled = g_ptr_array_new ();
  g_autoptr (GPtrArray) read = g_ptr_array_new ();
  g_autofree guint *unsettled_begin = NULL;
  g_autofree guint *inputs_begin = NULL;
  g_autofree guint8 *read_ahead = NULL;

  self->n_entries = n;
  self->group_begin = g_new (guint, MAX (n, 1));
  self->next_of_actor = g_new (guint, MAX (n, 1));
  self->successor_begin = g_new0 (guint, MAX (n, 1));
  self->successor_end = g_new0 (guint, MAX (n, 1));
  self->forward_begin = g_new0 (guint, MAX (n, 1));
  self->forward_end = g_new0 (guint, MAX (n, 1));
  self->seeds = g_array_new (FALSE, FALSE, sizeof (guint));
  self->queued = g_new0 (guint8, MAX (n, 1));
  self->heap = g_new (guint, MAX (n, 1));
  self->usable = TRUE;

  for (guint e = 0; e < n; e++)
    {
      guint first = entries[e].priv->schedule_position;
      self->group_begin[e] = e > 0 && entries[e].group_end != 0
                                 && entries[e - 1].group_end == entries[e].group_end
                               ? self->group_begin[e - 1]
                               : e;
      self->next_of_actor[e] = G_MAXUINT;
      if (first >= n || entries[first].actor != entries[e].actor)
        self->usable = FALSE;
      else if (first != e)
        self->next_of_actor[last_of_actor[first]] = e;
      last_of_actor[first] = e;
      for (guint o = 0; o < entries[e].n_outputs; o++)
        for (guint c = 0; c < entries[e].outputs[o]->n_signals; c++)
          g_hash_table_insert (producers, &entries[e].outputs[o]->signals[c],
                               GUINT_TO_POINTER (e + 1));
      for (guint s = 0; first == e && s < entries[e].priv->n_output_signals; s++)
        g_hash_table_insert (owners, entries[e].priv->output_signals[s],
                             GUINT_TO_POINTER (e + 1));
      if (entries[e].always || entries[e].conditional)
        g_array_append_val (self->seeds, first);
    }
  for (guint i = 0; i < container_ports->len; i++)
    {
      HycoPort *port = container_ports->pdata[i];
      for (guint c = 0; (port->flags & HYCO_PORT_INPUT) && c < port->n_signals; c++)
        g_hash_table_insert (owners, &port->signals[c], GUINT_TO_POINTER (CONTAINER_INPUT));
    }

  /* Who reads whom, and what is read before its producer's entry. */
  for (guint e = 0; e < n && self->usable; e++)
    {
      self->forward_begin[e] = forward->len;
      for (guint i = 0; i < entries[e].n_inputs && self->usable; i++)
        {
          HycoPort *input = entries[e].inputs[i];
          for (guint c = 0; c < input->n_sources; c++)
            {
              HycoSignal *source = input->sources[c];
              guint owner = GPOINTER_TO_UINT (g_hash_table_lookup (owners, source));
              guint producer = GPOINTER_TO_UINT (g_hash_table_lookup (producers, source));
              guint pair[2];
              if (source == always_absent)
                continue;
              if (owner == 0)
                {
                  self->usable = FALSE; /* fed from outside the schedule */
                  break;
                }
              if (owner == CONTAINER_INPUT)
                {
                  g_array_append_val (self->seeds, entries[e].priv->schedule_position);
                  continue;
                }
              owner--;
              /* An output no entry determines is known once its actor's last entry ran. */
              producer = producer != 0 ? producer - 1 : last_of_actor[owner];
              if (producer >= e && !same_group (entries, producer, e))
                {
                  HycoWorklistForward ahead = { source, producer };
                  g_array_append_val (forward, ahead);
                }
              pair[0] = owner;
              pair[1] = e;
              g_array_append_val (reads, pair);
            }
        }
      self->forward_end[e] = forward->len;
    }
  if (!self->usable)
    return self;
  self->forward = (HycoWorklistForward *) g_memdup2 (
    forward->data, sizeof (HycoWorklistForward) * MAX (forward->len, 1));

  /* Successors: sorted by producer, then reader, the readers of each actor are one range. */
  g_array_sort (reads, compare_reads);
  for (guint r = 0, k = 0; r < reads->len; r++)
    {
      guint *pair = &g_array_index (reads, guint, 2 * r);
      if (k > 0 && successors->len > 0 && pair[0] == last_owner
          && g_array_index (successors, guint, successors->len - 1) == pair[1])
        continue;
      if (k == 0 || pair[0] != last_owner)
        {
          last_owner = pair[0];
          self->successor_begin[pair[0]] = successors->len;
        }
      g_array_append_val (successors, pair[1]);
      self->successor_end[pair[0]] = successors->len;
      k++;
    }
  for (guint e = 0; e < n; e++)
    {
      guint first = entries[e].priv->schedule_position;
      self->successor_begin[e] = self->successor_begin[first];
      self->successor_end[e] = self->successor_end[first];
    }
  self->successors
    = (guint *) g_memdup2 (successors->data, sizeof (guint) * MAX (successors->len, 1));

  /* Unsettled outputs: those of the entry and of its actor's later entries; and what each
   * entry's inputs read, as fire_entry() scans them. */
  self->signals = g_new0 (HycoEntrySignals, MAX (n, 1));
  unsettled_begin = g_new0 (guint, MAX (n, 1));
  inputs_begin = g_new0 (guint, MAX (n, 1));
  for (guint e = 0; e < n; e++)
    {
      unsettled_begin[e] = unsettled->len;
      for (guint k = e; k != G_MAXUINT; k = self->next_of_actor[k])
        {
          for (guint o = 0; o < entries[k].n_outputs; o++)
            for (guint c = 0; c < entries[k].outputs[o]->n_signals; c++)
              g_ptr_array_add (unsettled, &entries[k].outputs[o]->signals[c]);
          if (k == e)
            self->signals[e].n_own = unsettled->len - unsettled_begin[e];
        }
      self->signals[e].n_unsettled = unsettled->len - unsettled_begin[e];
      inputs_begin[e] = read->len;
      for (guint i = 0; i < entries[e].n_inputs; i++)
        for (guint c = 0; c < entries[e].inputs[i]->n_sources; c++)
          g_ptr_array_add (read, entries[e].inputs[i]->sources[c]);
      self->signals[e].n_inputs = read->len - inputs_begin[e];
    }
  self->unsettled = copy_signal_list (unsettled);
  self->inputs = copy_signal_list (read);
  for (guint e = 0; e < n; e++)
    {
      self->signals[e].unsettled = self->unsettled + unsettled_begin[e];
      self->signals[e].inputs = self->inputs + inputs_begin[e];
    }
  /* The producers whose outputs some entry reads ahead, in one pass. */
  read_ahead = g_new0 (guint8, MAX (n, 1));
  for (guint e = 0; e < n; e++)
    for (guint f = self->forward_begin[e]; f < self->forward_end[e]; f++)
      read_ahead[self->forward[f].producer] = TRUE;
  for (guint e = 0; e < n; e++)
    {
      guint first = self->successor_begin[e], last = self->successor_end[e];
      self->signals[e].plain = is_plain (self, entries, e, read_ahead);
      self->signals[e].simple
        = entries[e].group_end == 0 && self->forward_begin[e] == self->forward_end[e];
      self->signals[e].sole_successor
        = last - first == 1 && self->successors[first] > e ? self->successors[first] : G_MAXUINT;
      self->signals[e].alone = self->signals[e].plain && self->signals[e].simple && first == last;
    }
  self->seedless = self->seeds->len == 0 && container_ports->len == 0;
  return self;
}

/* Iterates the group of entries [@begin, @end), on a zero-delay loop, until no output changes. */
static gboolean
run_group (HycoDirectorPrivate *priv, HycoScheduleEntry *entries, guint begin, guint end,
           gboolean fire_all, HycoWorklist *worklist, GError **error)
{
  for (guint known = G_MAXUINT, now = count_known_outputs (entries, begin, end); known != now;
       known = now, now = count_known_outputs (entries, begin, end))
    for (guint k = begin; k < end; k++)
      if (!fire_entry (priv, &entries[k], fire_all, worklist ? &worklist->signals[k] : NULL,
                       error))
        return FALSE;
  return check_cycle_settled (priv, entries, begin, end, error);
}

static G_ALWAYS_INLINE inline gboolean
run_every_entry (HycoDirectorPrivate *priv, gboolean fire_all, GError **error)
{
  HycoScheduleEntry *entries = priv->schedule.entries;
  guint n_entries = priv->schedule.n_entries;

  for (guint e = 0; e < n_entries;)
    {
      guint end = entries[e].group_end;
      if (G_LIKELY (end == 0))
        {
          if (!fire_entry (priv, &entries[e], fire_all, NULL, error))
            return FALSE;
          e++;
          continue;
        }
      if (!run_group (priv, entries, e, end, fire_all, NULL, error))
        return FALSE;
      e = end;
    }
  return TRUE;
}

/* What @entry reads before its producer's entry is unknown until that entry, which is queued
 * to settle it. */
static inline void
read_ahead (HycoDirectorPrivate *priv, HycoWorklist *worklist, guint entry, guint cursor)
{
  for (guint f = worklist->forward_begin[entry]; f < worklist->forward_end[entry]; f++)
    {
      HycoWorklistForward *ahead = &worklist->forward[f];
      if (ahead->signal->stamp != priv->epoch.value)
        hyco_signal_set_unknown (ahead->signal);
      worklist_add (worklist, ahead->producer, cursor);
    }
}

/* Visits, in schedule order, only the entries with something to do (see HycoWorklist). */
static gboolean
run_triggered_entries (HycoDirectorPrivate *priv, HycoWorklist *worklist, GError **error)
{
  HycoScheduleEntry *entries = priv->schedule.entries;
  guint cursor = 0; /* every position before it is settled */
  /* The entry to visit next where the heap would hold it alone (a chain, or the one actor
   * triggered at a tag): no push, no pop. It is not marked queued; nothing before its visit
   * can queue it again, as every position queued meanwhile comes after it. */
  guint next = G_MAXUINT;

  for (guint i = 0; i < worklist->seeds->len; i++)
    worklist_add_actor (worklist, g_array_index (worklist->seeds, guint, i), 0);
  if (priv->queue != NULL)
    {
      GPtrArray *triggered = priv->queue->triggered;
      for (guint i = 0; i < triggered->len; i++)
        {
          HycoActorPrivate *actor = _hyco_actor_get_private (triggered->pdata[i]);
          guint first = actor->schedule_position;
          /* An actor no longer governed here (its position is another director's) is ignored,
           * as running every entry would. */
          if (first >= worklist->n_entries || entries[first].priv != actor)
            continue;
          if (triggered->len == 1 && worklist->heap_len == 0
              && worklist->next_of_actor[first] == G_MAXUINT)
            next = first;
          else
            worklist_add_actor (worklist, first, 0);
        }
    }

  while (next != G_MAXUINT || worklist->heap_len > 0)
    {
      guint e = next != G_MAXUINT ? next : worklist_pop (worklist);
      const HycoEntrySignals *flat = &worklist->signals[e];
      guint end;
      guint64 firings = priv->firings;

      next = G_MAXUINT;
      if (G_LIKELY (flat->simple))
        {
          cursor = e + 1;
          if (!fire_entry (priv, &entries[e], FALSE, flat, error))
            goto failed;
          if (priv->firings == firings)
            continue;
          if (worklist->heap_len == 0 && flat->sole_successor != G_MAXUINT)
            {
              next = flat->sole_successor;
              continue;
            }
          for (guint s = worklist->successor_begin[e]; s < worklist->successor_end[e]; s++)
            worklist_add (worklist, worklist->successors[s], cursor);
          continue;
        }
      end = entries[e].group_end;
      if (end == 0)
        {
          guint first = worklist->successor_begin[e], last = worklist->successor_end[e];
          cursor = e + 1;
          if (G_UNLIKELY (worklist->forward_begin[e] != worklist->forward_end[e]))
            read_ahead (priv, worklist, e, cursor);
          if (!fire_entry (priv, &entries[e], FALSE, &worklist->signals[e], error))
            goto failed;
          if (priv->firings == firings)
            continue;
          if (worklist->heap_len == 0 && last - first == 1 && worklist->successors[first] >= cursor)
            {
              next = worklist->successors[first];
              continue;
            }
          for (guint s = first; s < last; s++)
            worklist_add (worklist, worklist->successors[s], cursor);
          continue;
        }
      /* A zero-delay loop, entered as a whole: its signals are unknown until iterated, where
       * stale ones would read as absent. */
      e = worklist->group_begin[e];
      cursor = end;
      for (guint k = e; k < end; k++)
        read_ahead (priv, worklist, k, cursor);
      for (guint k = e; k < end; k++)
        for (guint o = 0; o < entries[k].n_outputs; o++)
          {
            HycoPort *port = entries[k].outputs[o];
            for (guint c = 0; c < port->n_signals; c++)
              if (port->signals[c].stamp != priv->epoch.value)
                hyco_signal_set_unknown (&port->signals[c]);
          }
      if (!run_group (priv, entries, e, end, FALSE, worklist, error))
        goto failed;
      for (guint k = e; k < end; k++)
        for (guint s = worklist->successor_begin[k]; s < worklist->successor_end[k]; s++)
          worklist_add (worklist, worklist->successors[s], cursor);
    }
  return TRUE;

failed:
  worklist_empty (worklist);
  return FALSE;
}

/* Whether the director advances actors in parallel before a tag's firings (its `parallel`
 * parameter): set at initialize. */
void
_hyco_director_set_parallel (HycoDirector *self, gboolean parallel)
{
  PRIV (self)->parallel = parallel;
  PRIV (self)->advanced = 0;
}

/* Before a DE tag's firings: the actors fired at it for a pure event, whose class can advance
 * ahead of firing (HycoActorClass.advance), are advanced in parallel. Only those: an actor
 * triggered by an input is known to fire only once the input is there, and one the director
 * might not fire after all (finished, or with a prefire of its own) must not be advanced. Each
 * then fires in schedule order as usual, finding its step taken. Fewer than two actors gain
 * nothing from threads. */
static void
advance_triggered (HycoDirectorPrivate *priv)
{
  GPtrArray *triggered = priv->queue->triggered;
  HycoScheduleEntry *entries = priv->schedule.entries;

  if (triggered->len < 2)
    return;
  if (priv->advancing == NULL)
    priv->advancing = g_ptr_array_new ();
  g_ptr_array_set_size (priv->advancing, 0);
  for (guint i = 0; i < triggered->len; i++)
    {
      HycoActor *actor = triggered->pdata[i];
      HycoActorPrivate *actor_priv = _hyco_actor_get_private (actor);
      guint first = actor_priv->schedule_position;
      if (first < priv->schedule.n_entries && entries[first].priv == actor_priv
          && entries[first].klass->advance != NULL && !actor_priv->finished
          && actor_priv->default_prefire)
        g_ptr_array_add (priv->advancing, actor);
    }
  if (priv->advancing->len < 2)
    return;
  if (priv->workers == NULL)
    {
      /* A thread per core besides this one, but no more than the actors that could use them
       * (every one woken at each tag). At least one, so that the threads are used even on
       * one core, where the work is the same and tests check it. */
      GPtrArray *actors = priv->schedule.actors;
      guint can_advance = 0;
      for (guint i = 0; i < actors->len; i++)
        can_advance += HYCO_ACTOR_GET_CLASS (actors->pdata[i])->advance != NULL;
      priv->workers = _hyco_workers_new (MAX (MIN (g_get_num_processors (), can_advance), 2) - 1);
    }
  _hyco_workers_advance (priv->workers, (HycoActor **) priv->advancing->pdata,
                         priv->advancing->len);
  priv->advanced += priv->advancing->len;
}

/* A DE tag at which one actor alone has a pure event, and nothing else can happen (an FMU's
 * communication step): the actor is outside any zero-delay loop, reads nothing ahead, and no
 * entry reads its outputs (HycoEntrySignals.alone); no entry is visited at every tag and the
 * container has no ports (HycoWorklist.seedless), so nothing is transferred; no publish hook,
 * no speculation, no local clock whose rate an expression sets; one actor, so nothing to
 * advance in parallel. Its firing is then the whole of run_triggered_entries()'s work, done
 * without the rest of the schedule's machinery: the same firing, trace and counts. Returns
 * -1 where the tag is not such a tag (nothing done), else whether the firing succeeded. */
static G_ALWAYS_INLINE inline int
run_alone (HycoDirectorPrivate *priv, GError **error)
{
  HycoWorklist *worklist = priv->worklist;
  GPtrArray *triggered;
  HycoActorPrivate *actor;
  guint first;

  if (worklist == NULL || !worklist->seedless || !priv->owns_queue || priv->publish != NULL
      || priv->speculating || priv->local_clock != NULL)
    return -1;
  triggered = priv->queue->triggered;
  if (triggered->len != 1)
    return -1;
  actor = _hyco_actor_get_private (triggered->pdata[0]);
  first = actor->schedule_position;
  if (first >= worklist->n_entries || priv->schedule.entries[first].priv != actor
      || !worklist->signals[first].alone)
    return -1;
  priv->epoch.value++;
  priv->epoch.stale = HYCO_SIGNAL_ABSENT;
  if (!fire_entry (priv, &priv->schedule.entries[first], FALSE, &worklist->signals[first], error))
    return FALSE;
  /* As after any run of the schedule (fire_entry() has checked the actor itself). */
  if (G_UNLIKELY (priv->epoch.violations != 0))
    for (guint i = 0; i < priv->fired->len; i++)
      if (!check_monotonic (priv, priv->fired->pdata[i], error))
        return FALSE;
  return TRUE;
}

/* Computes the least fixed point of the current tag over unknown, absent and present. Entries
 * come in dependency order, so one pass settles everything but cycles; the entries of a depth
 * on a (constructive) cycle are fired again until no output changes. */
gboolean
_hyco_director_run_schedule (HycoDirector *self, gboolean fire_all, GError **error)
{
  HycoDirectorPrivate *priv = PRIV (self);
  GPtrArray *container_ports;
  gboolean event_driven;

  if (!fire_all)
    {
      int alone = run_alone (priv, error);
      if (alone >= 0)
        return alone;
    }
  container_ports = _hyco_actor_get_private ((HycoActor *) priv->container)->ports;

  priv->epoch.value++;
  priv->epoch.stale = HYCO_SIGNAL_UNKNOWN;
  /* At the top level nothing feeds the container's inputs: the transfer makes them absent.
   * Ahead of the container's time, discrete inputs have no events yet: absent too. */
  if (G_UNLIKELY (priv->speculating))
    _hyco_director_absent_inputs (self);
  else if (container_ports->len > 0)
    {
      _hyco_director_transfer_inputs (self);
      if (G_UNLIKELY (priv->parameter_ports != NULL) && !update_port_parameters (self, error))
        return FALSE;
    }
  /* A rate given by an expression may have changed (a port parameter's); where it may not
   * drift, preinitialize refused the expression. */
  if (G_UNLIKELY (priv->local_clock != NULL)
      && !(hyco_local_clock_get_clock_rate (priv->local_clock) > 0)
      && !check_local_clock (self, priv, error))
    return FALSE;
  if (G_UNLIKELY (priv->publish != NULL))
    priv->publish (priv->publish_data);
  else if (G_UNLIKELY (priv->parallel) && !fire_all && priv->owns_queue && !priv->speculating)
    advance_triggered (priv);
  /* A director firing only triggered actors whose pure events are all in its own queue (DE)
   * visits only the entries with something to do. Only with every input known: fired inside a
   * fixed point outside, what inputs still unknown would decide must stay unknown, which only
   * running every entry leaves so. */
  event_driven = !fire_all && priv->owns_queue && priv->publish == NULL
                 && (container_ports->len == 0 || container_inputs_known (priv));
  if (event_driven && G_UNLIKELY (priv->worklist == NULL))
    priv->worklist = worklist_build (priv);
  if (event_driven && priv->worklist->usable)
    {
      priv->epoch.stale = HYCO_SIGNAL_ABSENT;
      if (!run_triggered_entries (priv, priv->worklist, error))
        return FALSE;
    }
  else if (fire_all ? !run_every_entry (priv, TRUE, error) : !run_every_entry (priv, FALSE, error))
    return FALSE;
  if (G_LIKELY (!priv->speculating) && container_ports->len > 0)
    _hyco_director_transfer_outputs (self);
  if (G_UNLIKELY (priv->epoch.violations != 0))
    {
      /* A composite's outputs changed between two fires of one tag. */
      for (guint i = 0; i < priv->fired->len; i++)
        if (!check_monotonic (priv, priv->fired->pdata[i], error))
          return FALSE;
    }
  return TRUE;
}

void
_hyco_local_time_to_outer (const HycoLocalTime *self, const HycoTag *local, HycoTag *outer)
{
  HycoTag tag = *local; /* @outer may be @local */

  outer->time = tag.time + self->lag;
  outer->microstep = tag.microstep;
  if (tag.time == self->anchor)
    outer->microstep = (guint64) ((gint64) tag.microstep + self->shift);
}

/* The current tag in model time: inside refinements of modal models, local times differ. */
void
_hyco_director_get_model_tag (HycoDirector *self, HycoTag *tag)
{
  *tag = PRIV (self)->current;
  for (HycoDirector *director = self; director != NULL;
       director = _hyco_actor_get_private ((HycoActor *) PRIV (director)->container)->executive)
    {
      HycoDirector *outer
        = _hyco_actor_get_private ((HycoActor *) PRIV (director)->container)->executive;

      /* The current time of a drifting clock is the current time outside, exactly. */
      if (G_UNLIKELY (PRIV (director)->drifting) && outer != NULL
          && tag->time == PRIV (director)->current.time)
        tag->time = PRIV (outer)->current.time;
      else
        tag->time = _hyco_director_local_to_outer_time (director, tag->time);
      _hyco_local_time_to_outer (&PRIV (director)->local_time, tag, tag);
    }
}

/* The present outputs of an actor fired at this tag: the events the model counts when no sink
 * traces them. Inline, one pass over a flat array: the statistics cost next to nothing. */
static inline guint
count_present_outputs (HycoActorPrivate *actor)
{
  guint present = 0;

  for (guint i = 0; i < actor->n_output_signals; i++)
    present += hyco_signal_status (actor->output_signals[i]) == HYCO_SIGNAL_PRESENT;
  return present;
}

/* _hyco_director_postfire_fired() where sinks trace the outputs, which they write first. */
static G_NO_INLINE gboolean
postfire_traced (HycoDirector *self, GError **error)
{
  HycoDirectorPrivate *priv = PRIV (self);
  gboolean ok = TRUE;
  HycoTag model_tag;

  _hyco_director_get_model_tag (self, &model_tag);
  for (guint i = 0; i < priv->fired->len; i++)
    {
      HycoActor *actor = priv->fired->pdata[i];
      HycoActorPrivate *actor_priv = _hyco_actor_get_private (actor);
      actor_priv->fired = FALSE;
      if (!ok)
        continue;
      _hyco_model_trace_outputs (priv->model, actor, &model_tag);
      ok = actor_priv->default_postfire || HYCO_ACTOR_GET_CLASS (actor)->postfire (actor, error);
    }
  _hyco_ptr_array_empty (priv->fired);
  return ok;
}

/* Commits the actors fired at the current tag, in the order they first fired. After a failure
 * the others are forgotten, neither postfired nor counted. */
gboolean
_hyco_director_postfire_fired (HycoDirector *self, GError **error)
{
  HycoDirectorPrivate *priv = PRIV (self);
  GPtrArray *fired = priv->fired;
  gboolean ok = TRUE;
  guint64 events = 0;
  guint i;
  /* _hyco_actor_get_private() once, not reloaded around each postfire. */
  gint offset = _hyco_actor_private_offset;

  if (priv->model && _hyco_model_has_trace (priv->model))
    return postfire_traced (self, error);
  for (i = 0; i < fired->len; i++)
    {
      HycoActor *actor = fired->pdata[i];
      HycoActorPrivate *actor_priv = G_STRUCT_MEMBER_P (actor, offset);
      actor_priv->fired = FALSE;
      events += count_present_outputs (actor_priv);
      if (!actor_priv->default_postfire && !HYCO_ACTOR_GET_CLASS (actor)->postfire (actor, error))
        {
          ok = FALSE;
          break;
        }
    }
  for (i++; i < fired->len; i++)
    _hyco_actor_get_private (fired->pdata[i])->fired = FALSE;
  _hyco_ptr_array_empty (fired);
  if (events != 0 && priv->model != NULL)
    _hyco_model_add_events (priv->model, events);
  return ok;
}

char *
_hyco_director_describe_actors (GPtrArray *actors)
{
  GString *names = g_string_new (NULL);

  for (guint i = 0; i < actors->len; i++)
    {
      g_autofree char *name = hyco_actor_get_full_name (actors->pdata[i]);
      g_string_append_printf (names, "%s%s", i ? ", " : "", name);
    }
  return g_string_free (names, FALSE);
}

/* The parameter protocol of a director: its properties, and its localClock's parameters as
 * `localClock.NAME` (a model file's nested localClock, written back flat, which Ptolemy II
 * reads as well). Setting one gives the director its clock. */

static HycoParameterOwnerInterface properties_iface;

#define CLOCK_PREFIX "localClock."

static const char *
clock_parameter (const char *name)
{
  if (!g_str_has_prefix (name, CLOCK_PREFIX))
    return NULL;
  name += strlen (CLOCK_PREFIX);
  static gsize klass;

  if (g_once_init_enter (&klass))
    g_once_init_leave (&klass, (gsize) g_type_class_ref (HYCO_TYPE_LOCAL_CLOCK));
  return g_object_class_find_property ((GObjectClass *) klass, name) != NULL ? name : NULL;
}

/* The director's clock, or (@create) a new one given to it, or NULL. */
static HycoParameterOwner *
clock_of (HycoParameterOwner *self, gboolean create)
{
  HycoDirectorPrivate *priv = PRIV (HYCO_DIRECTOR (self));

  if (priv->local_clock == NULL && create)
    {
      g_autoptr (HycoLocalClock) clock = hyco_local_clock_new ();
      hyco_director_set_local_clock (HYCO_DIRECTOR (self), clock);
    }
  return priv->local_clock ? HYCO_PARAMETER_OWNER (priv->local_clock) : NULL;
}

static char **
director_list (HycoParameterOwner *self)
{
  g_auto (GStrv) own = properties_iface.list (self);
  HycoParameterOwner *clock = clock_of (self, FALSE);
  g_autoptr (GStrvBuilder) builder = g_strv_builder_new ();

  g_strv_builder_addv (builder, (const char **) own);
  if (clock != NULL)
    {
      g_auto (GStrv) names = hyco_parameter_owner_list (clock);
      for (guint i = 0; names[i] != NULL; i++)
        if (hyco_parameter_owner_is_set (clock, names[i]))
          {
            g_autofree char *full = g_strconcat (CLOCK_PREFIX, names[i], NULL);
            g_strv_builder_add (builder, full);
          }
    }
  return g_strv_builder_end (builder);
}

static gboolean
director_has (HycoParameterOwner *self, const char *name)
{
  return clock_parameter (name) != NULL || properties_iface.has (self, name);
}

static gboolean
director_set_text (HycoParameterOwner *self, const char *name, const char *text,
                   gboolean evaluate, GError **error)
{
  const char *own = clock_parameter (name);
  HycoParameterOwner *clock;

  if (own == NULL)
    return properties_iface.set_text (self, name, text, evaluate, error);
  clock = clock_of (self, TRUE);
  return HYCO_PARAMETER_OWNER_GET_IFACE (clock)->set_text (clock, own, text, evaluate, error);
}

static char *
director_get_text (HycoParameterOwner *self, const char *name)
{
  const char *own = clock_parameter (name);
  HycoParameterOwner *clock = own ? clock_of (self, FALSE) : NULL;
  g_autoptr (HycoLocalClock) fresh = NULL;

  if (own == NULL)
    return properties_iface.get_text (self, name);
  if (clock == NULL)
    {
      fresh = hyco_local_clock_new ();
      clock = HYCO_PARAMETER_OWNER (fresh);
    }
  return hyco_parameter_owner_get_text (clock, own);
}

static gboolean
director_is_set (HycoParameterOwner *self, const char *name)
{
  const char *own = clock_parameter (name);
  HycoParameterOwner *clock = own ? clock_of (self, FALSE) : NULL;

  if (own == NULL)
    return properties_iface.is_set (self, name);
  return clock != NULL && hyco_parameter_owner_is_set (clock, own);
}

static gboolean
director_needs_evaluation (HycoParameterOwner *self, const char *name)
{
  const char *own = clock_parameter (name);
  HycoParameterOwner *clock = own ? clock_of (self, FALSE) : NULL;

  if (own == NULL)
    return properties_iface.needs_evaluation (self, name);
  return clock != NULL && hyco_parameter_owner_needs_evaluation (clock, own);
}

static gboolean
director_evaluate (HycoParameterOwner *self, const char *name, GError **error)
{
  const char *own = clock_parameter (name);
  HycoParameterOwner *clock = own ? clock_of (self, FALSE) : NULL;

  if (own == NULL)
    return properties_iface.evaluate (self, name, error);
  return clock == NULL || hyco_parameter_owner_evaluate (clock, own, error);
}

static HycoParameterInfo *
director_describe (HycoParameterOwner *self, const char *name)
{
  const char *own = clock_parameter (name);
  g_autoptr (HycoLocalClock) fresh = NULL;
  HycoParameterInfo *info;

  if (own == NULL)
    return properties_iface.describe (self, name);
  fresh = hyco_local_clock_new ();
  info = hyco_parameter_owner_describe (HYCO_PARAMETER_OWNER (fresh), own);
  if (info != NULL)
    {
      g_free (info->name);
      info->name = g_strdup (name);
    }
  return info;
}

static void
hyco_director_parameter_owner_init (HycoParameterOwnerInterface *iface)
{
  _hyco_parameter_owner_properties_init (&properties_iface);
  iface->list = director_list;
  iface->has = director_has;
  iface->set_text = director_set_text;
  iface->get_text = director_get_text;
  iface->is_set = director_is_set;
  iface->needs_evaluation = director_needs_evaluation;
  iface->evaluate = director_evaluate;
  iface->describe = director_describe;
}
