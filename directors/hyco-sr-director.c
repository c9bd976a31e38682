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
 * With a positive `period` the director is periodic: at the top level it ticks at (k·period, 1),
 * the tags of discrete events (as DiscreteClock's), inside a composite it asks its container to
 * fire it on that grid. With a
 * zero period (the default) it is triggered: inside a composite it ticks whenever the container
 * fires it (on input events, for instance); at the top level it needs a period. It also ticks
 * at every tag an actor requested with fire_at, so that requests from inside come back at
 * exactly the tag requested.
 */

struct _HycoSRDirector
{
  HycoDirector parent_instance;

  char *period_literal;
  gint64 period;
  HycoEventQueue *queue; /* owned by the base class (hyco_director_set_event_queue) */
  HycoTag next_grid;     /* the next tick of the period grid, if periodic */
  guint64 ticks;
  /* Read once per run rather than at every tick. */
  gboolean top_level;
  gint64 stop_time;
  guint64 max_microsteps;
};

G_DEFINE_FINAL_TYPE (HycoSRDirector, hyco_sr_director, HYCO_TYPE_DIRECTOR)

enum
{
  PROP_0,
  PROP_PERIOD,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
hyco_sr_director_finalize (GObject *object)
{
  HycoSRDirector *self = HYCO_SR_DIRECTOR (object);

  g_free (self->period_literal);
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
  if (self->period == 0 && hyco_director_is_top_level (director))
    return hyco_director_reject_parameter (director, "period",
                                           "at the top level an SR director ticks at k·period: "
                                           "give it a period greater than 0",
                                           error);
  return TRUE;
}

static gboolean
hyco_sr_director_initialize (HycoDirector *director, GError **error)
{
  HycoSRDirector *self = HYCO_SR_DIRECTOR (director);

  self->top_level = hyco_director_is_top_level (director);
  self->stop_time = hyco_director_get_stop_time (director);
  self->max_microsteps = hyco_director_get_max_microsteps (director);
  hyco_event_queue_clear (self->queue);
  self->ticks = 0;
  self->next_grid.time = 0;
  self->next_grid.microstep = 1;
  if (!HYCO_DIRECTOR_CLASS (hyco_sr_director_parent_class)->initialize (director, error))
    return FALSE;
  /* Inside a composite a periodic director asks to be fired on its grid. */
  if (self->period > 0 && !self->top_level)
    return hyco_actor_fire_at (HYCO_ACTOR (hyco_director_get_container (director)), 0,
                               &self->next_grid, error);
  return TRUE;
}

static gboolean
hyco_sr_director_prefire (HycoDirector *director, GError **error)
{
  HycoSRDirector *self = HYCO_SR_DIRECTOR (director);
  const HycoTag *request;
  HycoTag next;

  if (!self->top_level)
    {
      HYCO_DIRECTOR_CLASS (hyco_sr_director_parent_class)->prefire (director, error);
      if (!hyco_event_queue_check_missed (self->queue, director, error))
        return FALSE;
      hyco_director_get_current_tag (director, &next);
      hyco_event_queue_take (self->queue, &next);
      return TRUE;
    }

  /* The next tick: the period grid, or an earlier requested tag. */
  next = self->next_grid;
  request = hyco_event_queue_peek (self->queue);
  if (request && hyco_tag_compare (request, &next) < 0)
    next = *request;
  if (next.time > self->stop_time)
    return FALSE;
  if (next.microstep > self->max_microsteps)
    return hyco_event_queue_report_zeno (self->queue, director, &next, error);
  hyco_director_set_current_tag (director, &next);
  hyco_event_queue_take (self->queue, &next);
  return TRUE;
}

static gboolean
hyco_sr_director_fire (HycoDirector *director, GError **error)
{
  hyco_event_queue_start_tag (HYCO_SR_DIRECTOR (director)->queue);
  return hyco_director_run_schedule (director, error);
}

static gboolean
hyco_sr_director_postfire (HycoDirector *director, GError **error)
{
  HycoSRDirector *self = HYCO_SR_DIRECTOR (director);
  gboolean ok = hyco_director_postfire_fired (director, error);
  HycoTag current;

  hyco_event_queue_release (self->queue);
  self->ticks++;
  hyco_director_get_current_tag (director, &current);
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
  if (!self->top_level)
    return hyco_actor_fire_at (HYCO_ACTOR (hyco_director_get_container (director)),
                               self->next_grid.time, &self->next_grid, error);
  self->next_grid.microstep = 1;
  return TRUE;
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
  /* fire_at is the base class's: it queues requests in the event queue. */

  /**
   * HycoSRDirector:period:
   *
   * Time between ticks, in seconds; 0 makes the director triggered by its container.
   */
  properties[PROP_PERIOD] = hyco_param_spec_literal (
    "period", "Time between ticks (s); 0: tick when the container fires it", HYCO_PARAM_KIND_TIME,
    "0");
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
}

/**
 * hyco_sr_director_new:
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
 * Returns: how many ticks the director has run in the current or last run
 */
guint64
hyco_sr_director_get_tick_count (HycoSRDirector *self)
{
  g_return_val_if_fail (HYCO_IS_SR_DIRECTOR (self), 0);
  return self->ticks;
}
