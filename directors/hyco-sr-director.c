/* hyco-sr-director.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-directors.h"

/**
 * HycoSRDirector:
 *
 * Synchronous-reactive semantics. At each tick every actor is fired (strict actors once all
 * their inputs are known, non-strict ones as often as they can add knowledge) until the least
 * fixed point over unknown, absent and present is reached; then every actor that fired is
 * postfired once. A cycle through non-strict actors (a non-strict OR, a Pre, a composite that
 * can produce some outputs early) may be constructive: it is iterated, and what it leaves
 * unknown is a causality error naming the ports.
 *
 * With a positive `period` the director is periodic, at any level: it reacts only at the
 * tags (origin + k·period, 1) of its grid (the tags of discrete events, as DiscreteClock's),
 * where the origin is the time at which it was initialized (0 for a run). At the top level it
 * advances time from one grid tick to the next; inside a composite it asks its container to
 * fire it there, and when its container fires it at any other tag (a solver stage, an input
 * event off the grid) it does not react: its actors are not fired and its outputs are absent.
 * A firing its actors request with fire_at is granted at the first grid tick at or after the
 * requested tag, as Ptolemy II's periodic director helper does; a director inside that needs
 * the exact tag (DE, Continuous) reports the difference as an error.
 *
 * With a zero period (the default) it is triggered: inside a composite it reacts whenever the
 * container fires it (on input events, for instance) and passes fire_at requests up unchanged,
 * so that they come back at exactly the tag requested. At the top level, where nothing fires
 * it, time does not advance: as in Ptolemy II it runs `iterations` ticks at its start time,
 * one microstep after the other, (start, 1), (start, 2), ... (Ptolemy II repeats one tag,
 * which a tag's single postfire here does not allow); it then needs a number of iterations.
 *
 * `iterations` bounds the number of ticks (with a period too: k·period for k below it); 0, the
 * default, does not. Inside a composite, the composite is not fired again after them. As Ptolemy
 * II's `stopTime`, a run ends at whichever bound comes first. `synchronizeToRealTime` makes the top
 * level wait for each tick's time on the wall clock; `scheduler` names one of Ptolemy II's SR
 * schedulers, which only choose the order in which the fixed point is computed, and so not its
 * result.
 */

struct _HycoSRDirector
{
  HycoDirector parent_instance;

  char *period_literal;
  gint64 period;
  int iterations;
  gboolean synchronize_to_real_time;
  char *scheduler;
  char *state_signals;
  HycoEventQueue *queue; /* owned by the base class (hyco_director_set_event_queue) */
  HycoTag next_grid;     /* the next tick of the period grid, if periodic */
  gint64 origin;         /* the time of the grid's first tick */
  gboolean reacting;     /* this firing is a tick (always, if triggered) */
  gboolean tick_started; /* between fire and postfire of a tick */
  guint64 ticks;
  /* Read once per run rather than at every tick. */
  gboolean top_level;
  gint64 stop_time;
};

G_DEFINE_FINAL_TYPE (HycoSRDirector, hyco_sr_director, HYCO_TYPE_DIRECTOR)

enum
{
  PROP_0,
  PROP_PERIOD,
  PROP_ITERATIONS,
  PROP_SYNCHRONIZE_TO_REAL_TIME,
  PROP_SCHEDULER,
  PROP_STATE_SIGNALS,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
hyco_sr_director_finalize (GObject *object)
{
  HycoSRDirector *self = HYCO_SR_DIRECTOR (object);

  g_free (self->period_literal);
  g_free (self->scheduler);
  g_free (self->state_signals);
  G_OBJECT_CLASS (hyco_sr_director_parent_class)->finalize (object);
}

static void
hyco_sr_director_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_PERIOD:
      g_value_set_string (value, HYCO_SR_DIRECTOR (object)->period_literal);
      break;
    case PROP_ITERATIONS:
      g_value_set_int (value, HYCO_SR_DIRECTOR (object)->iterations);
      break;
    case PROP_SYNCHRONIZE_TO_REAL_TIME:
      g_value_set_boolean (value, HYCO_SR_DIRECTOR (object)->synchronize_to_real_time);
      break;
    case PROP_SCHEDULER:
      g_value_set_string (value, HYCO_SR_DIRECTOR (object)->scheduler);
      break;
    case PROP_STATE_SIGNALS:
      g_value_set_string (value, HYCO_SR_DIRECTOR (object)->state_signals);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hyco_sr_director_set_property (GObject *object, guint prop_id, const GValue *value,
                               GParamSpec *pspec)
{
  HycoSRDirector *self = HYCO_SR_DIRECTOR (object);

  switch (prop_id)
    {
    case PROP_PERIOD:
      if (g_strcmp0 (self->period_literal, g_value_get_string (value)) == 0)
        break;
      g_free (self->period_literal);
      self->period_literal = g_value_dup_string (value);
      if (self->period_literal == NULL)
        self->period_literal = g_strdup ("0");
      g_object_notify_by_pspec (object, pspec);
      break;
    case PROP_ITERATIONS:
      self->iterations = g_value_get_int (value);
      g_object_notify_by_pspec (object, pspec);
      break;
    case PROP_SYNCHRONIZE_TO_REAL_TIME:
      self->synchronize_to_real_time = g_value_get_boolean (value);
      g_object_notify_by_pspec (object, pspec);
      break;
    case PROP_SCHEDULER:
      g_free (self->scheduler);
      self->scheduler = g_value_dup_string (value);
      g_object_notify_by_pspec (object, pspec);
      break;
    case PROP_STATE_SIGNALS:
      g_free (self->state_signals);
      self->state_signals = g_value_dup_string (value);
      g_object_notify_by_pspec (object, pspec);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static gboolean
hyco_sr_director_preinitialize (HycoDirector *director, GError **error)
{
  HycoSRDirector *self = HYCO_SR_DIRECTOR (director);

  if (!HYCO_DIRECTOR_CLASS (hyco_sr_director_parent_class)->preinitialize (director, error))
    return FALSE;
  if (!hyco_director_get_time_parameter (director, "period", &self->period, error))
    return FALSE;
  if (self->period < 0 || self->period == HYCO_TIME_INFINITY)
    {
      g_autofree char *message = g_strdup_printf (
        "\"%s\" must be a finite time, 0 (triggered) or positive (periodic)", self->period_literal);
      return hyco_director_reject_parameter (director, "period", message, error);
    }
  if (self->period == 0 && self->iterations <= 0 && hyco_director_is_top_level (director))
    return hyco_director_reject_parameter (director, "iterations",
                                           "with period 0 the top level ticks at its start time "
                                           "without end: give it a number of iterations, or a "
                                           "period greater than 0",
                                           error);
  if (self->scheduler != NULL && *self->scheduler != '\0'
      && !g_str_has_prefix (self->scheduler, "ptolemy.domains.sr.kernel.SR")
      && !g_str_has_prefix (self->scheduler, "SR"))
    {
      g_autofree char *message = g_strdup_printf (
        "no SR scheduler named \"%s\" (Ptolemy II's SROptimizedScheduler, SRRandomizedScheduler "
        "...: the order in which the fixed point is found, which does not change it)",
        self->scheduler);
      return hyco_director_reject_parameter (director, "scheduler", message, error);
    }
  return TRUE;
}

/* Inside a composite: asks the container for the next grid tick, which must be granted as is
 * (Ptolemy II's periodic director helper refuses another time too). The request is one of the
 * director's own pending requests, so that a modal model resuming the composite (a history
 * transition) asks for it again at the model time that then corresponds. */
static gboolean
request_grid_tick (HycoSRDirector *self, HycoDirector *director, GError **error)
{
  HycoActor *container = HYCO_ACTOR (hyco_director_get_container (director));
  HycoTag granted;

  if (hyco_event_queue_request (self->queue, director, container, &self->next_grid, &granted,
                                error))
    return TRUE;
  g_prefix_error (error, "%s (period %s): ", hyco_director_get_name (director),
                  self->period_literal);
  return FALSE;
}

/* The first grid tick at or after @tag; %FALSE if it is beyond the range of model time. */
static gboolean
grid_tick_from (HycoSRDirector *self, const HycoTag *tag, HycoTag *tick)
{
  gint64 offset = tag->time - self->origin;
  gint64 k = 0;

  if (offset >= 0)
    {
      k = offset / self->period;
      if (offset % self->period != 0 || tag->microstep > 1)
        k++;
    }
  if (k > (HYCO_TIME_INFINITY - 1 - self->origin) / self->period)
    return FALSE;
  tick->time = self->origin + k * self->period;
  tick->microstep = 1;
  return TRUE;
}

static gboolean
hyco_sr_director_initialize (HycoDirector *director, GError **error)
{
  HycoSRDirector *self = HYCO_SR_DIRECTOR (director);
  HycoTag current;

  self->top_level = hyco_director_is_top_level (director);
  self->stop_time = hyco_director_get_stop_time (director);
  hyco_event_queue_clear (self->queue);
  self->ticks = 0;
  self->reacting = FALSE;
  self->tick_started = FALSE;
  if (!HYCO_DIRECTOR_CLASS (hyco_sr_director_parent_class)->initialize (director, error))
    return FALSE;
  /* The grid starts where the director starts: (0, 1) for a run; a composite initialized
   * again during a run (a reset refinement) at its container's tag. */
  hyco_director_get_current_tag (director, &current);
  self->origin = current.time;
  self->next_grid.time = current.time;
  self->next_grid.microstep = 1;
  if (current.microstep > 1
      && !hyco_time_add (current.time, self->period, &self->next_grid.time, error))
    return FALSE;
  /* Inside a composite a periodic director asks to be fired on its grid. */
  if (self->period > 0 && !self->top_level)
    return request_grid_tick (self, director, error);
  return TRUE;
}

static gboolean
hyco_sr_director_prefire (HycoDirector *director, GError **error)
{
  HycoSRDirector *self = HYCO_SR_DIRECTOR (director);
  HycoTag next;

  self->tick_started = FALSE;
  if (!self->top_level)
    {
      HYCO_DIRECTOR_CLASS (hyco_sr_director_parent_class)->prefire (director, error);
      hyco_director_get_current_tag (director, &next);
      self->reacting = TRUE;
      if (self->period > 0)
        {
          /* Fired past a grid tick without reacting there (a container that does not fire it
           * at every tag it asked for): catch up, and ask for the next one. */
          if (hyco_tag_compare (&self->next_grid, &next) < 0)
            {
              if (!grid_tick_from (self, &next, &self->next_grid))
                {
                  /* No tick left in the range of model time. */
                  self->next_grid.time = HYCO_TIME_INFINITY;
                  self->reacting = FALSE;
                  return TRUE;
                }
              if (!hyco_tag_equal (&self->next_grid, &next)
                  && !request_grid_tick (self, director, error))
                return FALSE;
            }
          self->reacting = hyco_tag_equal (&self->next_grid, &next);
        }
      if (!self->reacting)
        return TRUE;
      if (!hyco_event_queue_check_missed (self->queue, director, error))
        return FALSE;
      hyco_event_queue_take (self->queue, &next);
      return TRUE;
    }

  /* The next tick of the grid: requests from inside are all on it. */
  next = self->next_grid;
  if (next.time > self->stop_time
      || (self->iterations > 0 && self->ticks >= (guint64) self->iterations))
    return FALSE;
  if (self->synchronize_to_real_time)
    hyco_director_synchronize_to_real_time (director, next.time);
  self->reacting = TRUE;
  hyco_director_set_current_tag (director, &next);
  hyco_event_queue_take (self->queue, &next);
  return TRUE;
}

static gboolean
hyco_sr_director_fire (HycoDirector *director, GError **error)
{
  HycoSRDirector *self = HYCO_SR_DIRECTOR (director);

  if (!self->reacting)
    {
      /* Between two grid ticks: no reaction, and outputs absent. */
      g_autoptr (GPtrArray) ports
        = hyco_actor_get_ports (HYCO_ACTOR (hyco_director_get_container (director)));
      for (guint i = 0; i < ports->len; i++)
        if (hyco_port_is_output (ports->pdata[i]))
          for (guint c = 0; c < hyco_port_get_width (ports->pdata[i]); c++)
            hyco_port_send_absent (ports->pdata[i], c);
      return TRUE;
    }
  self->tick_started = TRUE;
  hyco_event_queue_start_tag (self->queue);
  return hyco_director_run_schedule (director, error);
}

static gboolean
hyco_sr_director_postfire (HycoDirector *director, GError **error)
{
  HycoSRDirector *self = HYCO_SR_DIRECTOR (director);
  gboolean ok;
  HycoTag current;

  if (!self->reacting)
    return TRUE;
  ok = hyco_director_postfire_fired (director, error);
  self->reacting = FALSE;
  self->tick_started = FALSE;
  hyco_event_queue_release (self->queue);
  self->ticks++;
  /* Inside a composite too, as Ptolemy II's postfire returning false: after its iterations the
   * composite is not fired again. */
  if (ok && !self->top_level && self->iterations > 0 && self->ticks >= (guint64) self->iterations)
    {
      hyco_actor_finish (HYCO_ACTOR (hyco_director_get_container (director)));
      return TRUE;
    }
  hyco_director_get_current_tag (director, &current);
  if (ok && self->period == 0 && self->top_level)
    {
      /* Time stands still at the top level: the next tick is the next microstep. */
      if (current.microstep == G_MAXUINT64)
        {
          g_set_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_TIME, "%s: microstep overflow",
                       hyco_director_get_name (director));
          return FALSE;
        }
      self->next_grid.microstep = current.microstep + 1;
      return TRUE;
    }
  if (!ok || self->period == 0 || !hyco_tag_equal (&current, &self->next_grid))
    return ok;
  /* This was a tick of the grid: schedule the next one. */
  if (!hyco_time_add (current.time, self->period, &self->next_grid.time, NULL))
    {
      /* Beyond the range of model time, and so after any stop time: the grid ends there. */
      if (hyco_actor_get_stop_time (HYCO_ACTOR (hyco_director_get_container (director)))
          != HYCO_TIME_INFINITY)
        {
          self->next_grid.time = HYCO_TIME_INFINITY;
          return TRUE;
        }
      hyco_time_add (current.time, self->period, &self->next_grid.time, error);
      g_prefix_error (error, "%s: ", hyco_director_get_name (director));
      return FALSE;
    }
  self->next_grid.microstep = 1;
  if (!self->top_level)
    return request_grid_tick (self, director, error);
  return TRUE;
}

/* A periodic director grants requests at its grid ticks only; a triggered one queues them as
 * they are (and, inside a composite, passes them up). */
static gboolean
hyco_sr_director_fire_at (HycoDirector *director, HycoActor *actor, const HycoTag *tag,
                          HycoTag *granted, GError **error)
{
  HycoSRDirector *self = HYCO_SR_DIRECTOR (director);
  HycoTag current, tick;

  if (self->period == 0)
    return HYCO_DIRECTOR_CLASS (hyco_sr_director_parent_class)
      ->fire_at (director, actor, tag, granted, error);
  hyco_director_get_current_tag (director, &current);
  tick = *tag;
  /* The tick under way cannot be requested again: the request is for the next one. */
  if (self->tick_started && hyco_tag_equal (&tick, &current))
    tick.microstep++;
  /* A tag in the past, or one without a grid tick after it, stays as asked: the queue reports
   * it, or drops it after the stop time. */
  if (hyco_tag_compare (&tick, &current) >= 0)
    grid_tick_from (self, &tick, &tick);
  return HYCO_DIRECTOR_CLASS (hyco_sr_director_parent_class)
    ->fire_at (director, actor, &tick, granted, error);
}

static void
hyco_sr_director_class_init (HycoSRDirectorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoDirectorClass *director_class = HYCO_DIRECTOR_CLASS (klass);

  object_class->finalize = hyco_sr_director_finalize;
  object_class->get_property = hyco_sr_director_get_property;
  object_class->set_property = hyco_sr_director_set_property;
  director_class->preinitialize = hyco_sr_director_preinitialize;
  director_class->initialize = hyco_sr_director_initialize;
  director_class->prefire = hyco_sr_director_prefire;
  director_class->fire = hyco_sr_director_fire;
  director_class->postfire = hyco_sr_director_postfire;
  director_class->fire_at = hyco_sr_director_fire_at;

  /**
   * HycoSRDirector:period:
   *
   * Time between ticks, in seconds. Positive: the director is periodic and reacts only at
   * (k·period, 1), at any level. 0: it is triggered, reacting whenever its container fires it
   * (only inside a composite).
   */
  properties[PROP_PERIOD] = hyco_param_spec_literal (
    "period", "Time between ticks (s); 0: tick when the container fires it", HYCO_PARAM_KIND_TIME,
    "0");
  /**
   * HycoSRDirector:iterations:
   *
   * How many ticks the top level runs: 0 (the default) or less, no bound but the stop time.
   * With period 0, where time does not advance, it must be given.
   */
  properties[PROP_ITERATIONS] = g_param_spec_int (
    "iterations", NULL, "Ticks the top level runs (0: no bound)", G_MININT, G_MAXINT, 0,
    G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HycoSRDirector:synchronizeToRealTime:
   *
   * Whether the top level waits before each tick until as much real time has passed since the
   * run started as model time since the start time: the run never gets ahead of real time.
   */
  properties[PROP_SYNCHRONIZE_TO_REAL_TIME] = g_param_spec_boolean (
    "synchronizeToRealTime", NULL, "Never run ahead of wall-clock time (top level)", FALSE,
    G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HycoSRDirector:scheduler:
   *
   * One of Ptolemy II's SR schedulers, by class name: they choose the order in which the
   * fixed point is computed, which does not change it, so any of them means the same here.
   */
  properties[PROP_SCHEDULER] = g_param_spec_string (
    "scheduler", NULL, "Ptolemy II's SR scheduler class (the fixed point is the same)",
    "ptolemy.domains.sr.kernel.SROptimizedScheduler",
    G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HycoSRDirector:statesignals:
   *
   * The list of state signals Ptolemy II's SyncCharts editor writes on the SR directors of its
   * models (`[A_SyncChart_918158682]`): a note for that editor, kept so that a saved model
   * keeps it, without effect on execution.
   */
  properties[PROP_STATE_SIGNALS] = g_param_spec_string (
    "statesignals", NULL, "Ptolemy II's SyncCharts editor's state signals (no effect)", "",
    G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hyco_sr_director_init (HycoSRDirector *self)
{
  g_autoptr (HycoEventQueue) queue = hyco_event_queue_new ();

  hyco_director_set_fires_every_actor (HYCO_DIRECTOR (self), TRUE);
  hyco_director_set_event_queue (HYCO_DIRECTOR (self), queue);
  self->queue = queue;
  self->period_literal = g_strdup ("0");
  self->scheduler = g_strdup ("ptolemy.domains.sr.kernel.SROptimizedScheduler");
  self->state_signals = g_strdup ("");
}

/**
 * hyco_sr_director_new:
 *
 * Creates a synchronous-reactive director: at each tick it fires its actors until every signal is
 * known (a fixed point), then commits them, as Ptolemy II's SRDirector does.
 *
 * Returns: (transfer full): a new synchronous-reactive director
 */
HycoDirector *
hyco_sr_director_new (void)
{
  return g_object_new (HYCO_TYPE_SR_DIRECTOR, NULL);
}

/**
 * hyco_sr_director_get_tick_count:
 * @self: an SR director
 *
 * Counts the ticks the director ran in the current or last run.
 *
 * Returns: how many ticks the director has run in the current or last run
 */
guint64
hyco_sr_director_get_tick_count (HycoSRDirector *self)
{
  g_return_val_if_fail (HYCO_IS_SR_DIRECTOR (self), 0);
  return self->ticks;
}
