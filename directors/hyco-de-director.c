/* hyco-de-director.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-directors.h"

/**
 * HycoDEDirector:
 *
 * Discrete-event semantics over superdense time. A queue of pure events (fire_at requests)
 * ordered by tag, then by the destination's position in the causality schedule (topological
 * depth, then model order) decides the next tag; at each tag the schedule is run once, which
 * computes the least fixed point over unknown, absent and present (Lee and Zheng, EMSOFT 2007),
 * so an opaque composite in a feedback loop that is not a real zero-delay loop runs. Actors
 * fire when they have a pure event or a present input; all events of a tag are processed before
 * time advances. The trace is the same whatever the order in which events were queued.
 *
 * It takes Ptolemy II's DEDirector parameters with their meaning: `startTime` and `stopTime`
 * (the base class's), `stopWhenQueueIsEmpty`, `synchronizeToRealTime`,
 * `enforceMicrostepSemantics`, and the tuning of Ptolemy's calendar queue (`isCQAdaptive`,
 * `minBinCount`, `binCountFactor`), which are checked but change nothing: the queue here is a
 * binary heap, whose order does not depend on them.
 *
 * With `parallel`, the FMUs (and any actor that can take its step ahead of its firing, see
 * HycoActorClass.advance) fired at one tag for a pure event take their steps at once, in
 * threads, before the tag's firings: their steps start from their last commit and read no input
 * of the tag, so the causality within the tag does not matter. Inputs are then set and outputs
 * read in schedule order, as without it; the trace, errors and messages are the same.
 */

struct _HycoDEDirector
{
  HycoDirector parent_instance;

  HycoEventQueue *queue; /* owned by the base class (hyco_director_set_event_queue) */
  /* Read once per run rather than at every tag. */
  gboolean top_level;
  gint64 stop_time;
  guint64 max_microsteps;
  gboolean reached_stop; /* ran the last tag, at the stop time, of a run that does not end
                          * when the queue is empty */

  gboolean stop_when_queue_is_empty;
  gboolean synchronize_to_real_time;
  gboolean enforce_microstep_semantics;
  gboolean is_cq_adaptive;
  int min_bin_count;
  int bin_count_factor;
  gboolean parallel;
};

G_DEFINE_FINAL_TYPE (HycoDEDirector, hyco_de_director, HYCO_TYPE_DIRECTOR)

enum
{
  PROP_0,
  PROP_STOP_WHEN_QUEUE_IS_EMPTY,
  PROP_SYNCHRONIZE_TO_REAL_TIME,
  PROP_ENFORCE_MICROSTEP_SEMANTICS,
  PROP_IS_CQ_ADAPTIVE,
  PROP_MIN_BIN_COUNT,
  PROP_BIN_COUNT_FACTOR,
  PROP_PARALLEL,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
hyco_de_director_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  HycoDEDirector *self = HYCO_DE_DIRECTOR (object);

  switch (prop_id)
    {
    case PROP_STOP_WHEN_QUEUE_IS_EMPTY:
      g_value_set_boolean (value, self->stop_when_queue_is_empty);
      break;
    case PROP_SYNCHRONIZE_TO_REAL_TIME:
      g_value_set_boolean (value, self->synchronize_to_real_time);
      break;
    case PROP_ENFORCE_MICROSTEP_SEMANTICS:
      g_value_set_boolean (value, self->enforce_microstep_semantics);
      break;
    case PROP_IS_CQ_ADAPTIVE:
      g_value_set_boolean (value, self->is_cq_adaptive);
      break;
    case PROP_MIN_BIN_COUNT:
      g_value_set_int (value, self->min_bin_count);
      break;
    case PROP_BIN_COUNT_FACTOR:
      g_value_set_int (value, self->bin_count_factor);
      break;
    case PROP_PARALLEL:
      g_value_set_boolean (value, self->parallel);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hyco_de_director_set_property (GObject *object, guint prop_id, const GValue *value,
                               GParamSpec *pspec)
{
  HycoDEDirector *self = HYCO_DE_DIRECTOR (object);

  switch (prop_id)
    {
    case PROP_STOP_WHEN_QUEUE_IS_EMPTY:
      self->stop_when_queue_is_empty = g_value_get_boolean (value);
      break;
    case PROP_SYNCHRONIZE_TO_REAL_TIME:
      self->synchronize_to_real_time = g_value_get_boolean (value);
      break;
    case PROP_ENFORCE_MICROSTEP_SEMANTICS:
      self->enforce_microstep_semantics = g_value_get_boolean (value);
      break;
    case PROP_IS_CQ_ADAPTIVE:
      self->is_cq_adaptive = g_value_get_boolean (value);
      break;
    case PROP_MIN_BIN_COUNT:
      self->min_bin_count = g_value_get_int (value);
      break;
    case PROP_BIN_COUNT_FACTOR:
      self->bin_count_factor = g_value_get_int (value);
      break;
    case PROP_PARALLEL:
      self->parallel = g_value_get_boolean (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }
  g_object_notify_by_pspec (object, pspec);
}

static gboolean
hyco_de_director_preinitialize (HycoDirector *director, GError **error)
{
  HycoDEDirector *self = (HycoDEDirector *) director;

  if (!HYCO_DIRECTOR_CLASS (hyco_de_director_parent_class)->preinitialize (director, error))
    return FALSE;
  /* Ptolemy II waits for events from other threads; nothing outside a Hyco model adds any. */
  if (!self->stop_when_queue_is_empty && hyco_director_is_top_level (director)
      && hyco_director_get_stop_time (director) == HYCO_TIME_INFINITY)
    return hyco_director_reject_parameter (
      director, "stopWhenQueueIsEmpty",
      "false without a stopTime would wait forever once no event is left, since nothing "
      "outside the model adds events: give the director a stopTime",
      error);
  return TRUE;
}

static gboolean
hyco_de_director_initialize (HycoDirector *director, GError **error)
{
  HycoDEDirector *self = (HycoDEDirector *) director;

  self->top_level = hyco_director_is_top_level (director);
  self->stop_time = hyco_director_get_stop_time (director);
  self->max_microsteps = hyco_director_get_max_microsteps (director);
  self->reached_stop = FALSE;
  hyco_director_set_parallel (director, self->parallel);
  /* Empty the queue before actors initialize: that is when they first call fire_at. */
  hyco_event_queue_clear (self->queue);
  return HYCO_DIRECTOR_CLASS (hyco_de_director_parent_class)->initialize (director, error);
}

static gboolean
hyco_de_director_prefire (HycoDirector *director, GError **error)
{
  HycoDEDirector *self = (HycoDEDirector *) director;
  const HycoTag *head;
  HycoTag next;

  if (!self->top_level)
    {
      /* Inside a composite the tag is the container's; the outer director fires the composite
       * at every tag this director asked for. */
      HYCO_DIRECTOR_CLASS (hyco_de_director_parent_class)->prefire (director, error);
      if (!hyco_event_queue_check_missed (self->queue, director, error))
        return FALSE;
      hyco_director_get_current_tag (director, &next);
      hyco_event_queue_take (self->queue, &next);
      return TRUE;
    }

  head = hyco_event_queue_peek (self->queue);
  if (head == NULL || head->time > self->stop_time)
    {
      HycoTag now;
      /* Not stopping when the queue is empty, time goes on to the stop time (Ptolemy II
       * queues a firing there): one last tag, at which nothing is triggered. */
      hyco_director_get_current_tag (director, &now);
      if (self->stop_when_queue_is_empty || self->reached_stop || now.time >= self->stop_time)
        return FALSE;
      next.time = self->stop_time;
      next.microstep = 1;
      self->reached_stop = TRUE;
      if (self->synchronize_to_real_time)
        hyco_director_synchronize_to_real_time (director, next.time);
      hyco_director_set_current_tag (director, &next);
      return TRUE;
    }
  if (head->microstep > self->max_microsteps)
    return hyco_event_queue_report_zeno (self->queue, director, head, error);
  if (!hyco_event_queue_check_time_zeno (self->queue, director, head, error))
    return FALSE;
  next = *head;
  if (self->synchronize_to_real_time)
    hyco_director_synchronize_to_real_time (director, next.time);
  hyco_director_set_current_tag (director, &next);
  hyco_event_queue_take (self->queue, &next);
  return TRUE;
}

/* enforceMicrostepSemantics: an event at microstep 0 is a continuous signal's value (from a
 * continuous composite), not a discrete event; Ptolemy II then refuses it. */
static gboolean
check_discrete_inputs (HycoDirector *director, GError **error)
{
  g_autoptr (GPtrArray) actors = hyco_director_get_actors (director);

  for (guint a = 0; a < actors->len; a++)
    {
      g_autoptr (GPtrArray) ports = hyco_actor_get_ports (actors->pdata[a]);
      for (guint p = 0; p < ports->len; p++)
        {
          HycoPort *port = ports->pdata[p];
          if (hyco_port_is_input (port) && hyco_port_any_present (port))
            {
              g_autofree char *name = hyco_port_get_full_name (port);
              g_set_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_TIME,
                           "%s: %s received an event at microstep 0, which is not a discrete "
                           "event (enforceMicrostepSemantics): perhaps a continuous "
                           "composite sends a continuous signal rather than a discrete one",
                           hyco_director_get_name (director), name);
              return FALSE;
            }
        }
    }
  return TRUE;
}

static gboolean
hyco_de_director_fire (HycoDirector *director, GError **error)
{
  HycoDEDirector *self = (HycoDEDirector *) director;
  HycoTag now;

  hyco_event_queue_start_tag (self->queue);
  if (!hyco_director_run_schedule (director, error))
    return FALSE;
  if (!self->enforce_microstep_semantics)
    return TRUE;
  hyco_director_get_current_tag (director, &now);
  return now.microstep > 0 || check_discrete_inputs (director, error);
}

static gboolean
hyco_de_director_postfire (HycoDirector *director, GError **error)
{
  gboolean ok = hyco_director_postfire_fired (director, error);

  hyco_event_queue_release (((HycoDEDirector *) director)->queue);
  return ok;
}

static void
hyco_de_director_class_init (HycoDEDirectorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoDirectorClass *director_class = HYCO_DIRECTOR_CLASS (klass);

  object_class->get_property = hyco_de_director_get_property;
  object_class->set_property = hyco_de_director_set_property;
  /* fire_at is the base class's: it queues requests in the event queue. */
  director_class->preinitialize = hyco_de_director_preinitialize;
  director_class->initialize = hyco_de_director_initialize;
  director_class->prefire = hyco_de_director_prefire;
  director_class->fire = hyco_de_director_fire;
  director_class->postfire = hyco_de_director_postfire;

  /**
   * HycoDEDirector:stopWhenQueueIsEmpty:
   *
   * Whether a run ends when no event is left (the default). Otherwise model time goes on to
   * the stop time, which must then be given: the run ends there.
   */
  properties[PROP_STOP_WHEN_QUEUE_IS_EMPTY] = g_param_spec_boolean (
    "stopWhenQueueIsEmpty", NULL, "End the run when no event is left (else at stopTime)", TRUE,
    G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HycoDEDirector:synchronizeToRealTime:
   *
   * Whether the top level waits before each tag until as much real time has passed since the
   * run started as model time since the start time: the run never gets ahead of real time.
   */
  properties[PROP_SYNCHRONIZE_TO_REAL_TIME] = g_param_spec_boolean (
    "synchronizeToRealTime", NULL, "Never run ahead of wall-clock time (top level)", FALSE,
    G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HycoDEDirector:enforceMicrostepSemantics:
   *
   * Whether an input event at microstep 0, which only a continuous signal has, is an error.
   */
  properties[PROP_ENFORCE_MICROSTEP_SEMANTICS] = g_param_spec_boolean (
    "enforceMicrostepSemantics", NULL, "Refuse input events at microstep 0 (continuous signals)",
    FALSE, G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HycoDEDirector:isCQAdaptive:
   *
   * Ptolemy II's calendar queue adapts its bins: accepted for its models, without effect.
   */
  properties[PROP_IS_CQ_ADAPTIVE] = g_param_spec_boolean (
    "isCQAdaptive", NULL, "Ptolemy II's calendar-queue tuning (no effect here)", TRUE,
    G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HycoDEDirector:minBinCount:
   *
   * Ptolemy II's calendar queue's initial bins: accepted for its models, without effect.
   */
  properties[PROP_MIN_BIN_COUNT] = g_param_spec_int (
    "minBinCount", NULL, "Ptolemy II's calendar-queue tuning (no effect here)", 1, G_MAXINT, 2,
    G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HycoDEDirector:binCountFactor:
   *
   * Ptolemy II's calendar queue's growth factor: accepted for its models, without effect.
   */
  properties[PROP_BIN_COUNT_FACTOR] = g_param_spec_int (
    "binCountFactor", NULL, "Ptolemy II's calendar-queue tuning (no effect here)", 2, G_MAXINT,
    2, G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HycoDEDirector:parallel:
   *
   * Whether the FMUs fired at one tag for a pure event (their communication points) take their
   * steps at once, in threads, one per core: the steps start from the FMUs' last commits, so
   * none waits for another's outputs. Inputs are set and outputs read in the usual order
   * afterwards: the results, errors and messages are those of a serial run. Worth it when the
   * steps are heavy; an FMU the run may roll back, or any other actor, fires as usual.
   */
  properties[PROP_PARALLEL] = g_param_spec_boolean (
    "parallel", NULL,
    "Step the FMUs of one tag at once, in threads (the same results as serially)", FALSE,
    G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hyco_de_director_init (HycoDEDirector *self)
{
  g_autoptr (HycoEventQueue) queue = hyco_event_queue_new ();

  hyco_director_set_event_queue (HYCO_DIRECTOR (self), queue);
  self->queue = queue;
  self->stop_when_queue_is_empty = TRUE;
  self->is_cq_adaptive = TRUE;
  self->min_bin_count = 2;
  self->bin_count_factor = 2;
}

/**
 * hyco_de_director_new:
 *
 * Creates a discrete-event director: it fires actors in tag order, each tag (time and microstep)
 * once its inputs are known, as Ptolemy II's DEDirector does.
 *
 * Returns: (transfer full): a new discrete-event director
 */
HycoDirector *
hyco_de_director_new (void)
{
  return g_object_new (HYCO_TYPE_DE_DIRECTOR, NULL);
}

/**
 * hyco_de_director_get_queue_length:
 * @self: a DE director
 *
 * Counts the pure events (firings actors requested with hyco_actor_fire_at()) that the director has
 * queued and not yet made.
 *
 * Returns: how many pure events are queued
 */
guint
hyco_de_director_get_queue_length (HycoDEDirector *self)
{
  g_return_val_if_fail (HYCO_IS_DE_DIRECTOR (self), 0);
  return hyco_event_queue_get_length (self->queue);
}
