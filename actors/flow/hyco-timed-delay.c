/* hyco-timed-delay.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actors-private.h"
#include "hyco-actors.h"

/**
 * HycoTimedDelay:
 *
 * Ptolemy II's discrete-event delay (`TimedDelay`, and `VariableDelay` and the newer
 * `TimeDelay` with their `delay` input): an event that arrives at time t is produced at time
 * t + `delay`, at the microstep at which the delay asks to be fired there: microstep 1 after a
 * positive delay (the microstep of the input is not kept, unlike #HycoTimeDelay), the next
 * microstep after a delay of 0. Several events due at one time come out one per microstep, in
 * the order they arrived. An event on the `delay` input sets the delay of the input at the
 * same tag and of later ones, as Ptolemy II's port parameter does. Registered under
 * `ptolemy.actor.lib.TimeDelay` too: the short name `TimeDelay` is #HycoTimeDelay's.
 *
 * Its output never depends on its inputs at the same tag, so it breaks zero-delay loops, with
 * a delay of 0 too.
 */
enum
{
  PROP_0,
  PROP_DELAY,
  PROP_MINIMUM_DELAY,
  N_PROPS
};

typedef struct
{
  gint64 time;
  guint64 microstep; /* the earliest microstep of its time it may be produced at */
  HycoValue value;
} Pending;

struct _HycoTimedDelay
{
  HycoActor parent_instance;

  char *literals[N_PROPS];
  gint64 delay;
  /* Events in the order they are due (time, then arrival); the array's storage is reused, so
   * delaying scalars does not allocate once it has grown. */
  GArray *pending;
  gboolean sent; /* fire produced the first pending event */

  HycoPort *input;
  HycoPort *delay_port;
  HycoPort *output;
};

G_DEFINE_FINAL_TYPE (HycoTimedDelay, hyco_timed_delay, HYCO_TYPE_ACTOR)
HYCO_REGISTER_DEFINE (timed_delay, HYCO_TYPE_TIMED_DELAY, "TimedDelay", "VariableDelay",
                      "ptolemy.actor.lib.TimeDelay")

static GParamSpec *properties[N_PROPS];

static void
pending_clear (gpointer data)
{
  hyco_value_clear (&((Pending *) data)->value);
}

static void
hyco_timed_delay_constructed (GObject *object)
{
  HycoTimedDelay *self = HYCO_TIMED_DELAY (object);

  G_OBJECT_CLASS (hyco_timed_delay_parent_class)->constructed (object);
  self->input = hyco_actor_get_port (HYCO_ACTOR (self), "input");
  self->delay_port = hyco_actor_get_port (HYCO_ACTOR (self), "delay");
  self->output = hyco_actor_get_port (HYCO_ACTOR (self), "output");
}

static void
hyco_timed_delay_finalize (GObject *object)
{
  HycoTimedDelay *self = HYCO_TIMED_DELAY (object);

  _hyco_literals_clear (self->literals, N_PROPS);
  g_array_unref (self->pending);
  G_OBJECT_CLASS (hyco_timed_delay_parent_class)->finalize (object);
}

static void
hyco_timed_delay_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  _hyco_literals_get (HYCO_TIMED_DELAY (object)->literals, N_PROPS, prop_id, value);
}

static void
hyco_timed_delay_set_property (GObject *object, guint prop_id, const GValue *value,
                               GParamSpec *pspec)
{
  _hyco_literals_set (object, HYCO_TIMED_DELAY (object)->literals, N_PROPS, prop_id, value,
                      pspec);
}

static gboolean
hyco_timed_delay_preinitialize (HycoActor *actor, GError **error)
{
  HycoTimedDelay *self = HYCO_TIMED_DELAY (actor);
  gint64 minimum;

  return _hyco_actors_get_positive_time (actor, "delay", TRUE, NULL, &self->delay, error)
         && _hyco_actors_get_positive_time (actor, "minimumDelay", TRUE, NULL, &minimum, error);
}

static gboolean
hyco_timed_delay_initialize (HycoActor *actor, GError **error)
{
  HycoTimedDelay *self = HYCO_TIMED_DELAY (actor);
  gint64 delay;

  g_array_set_size (self->pending, 0);
  /* The delay input may have changed it in the previous run. */
  if (!_hyco_actors_get_positive_time (actor, "delay", TRUE, NULL, &delay, error))
    return FALSE;
  self->delay = delay;
  return TRUE;
}

static gboolean
hyco_timed_delay_fire (HycoActor *actor, GError **error)
{
  HycoTimedDelay *self = HYCO_TIMED_DELAY (actor);
  Pending *first;
  HycoTag now;

  self->sent = FALSE;
  if (self->pending->len == 0)
    return TRUE;
  first = &g_array_index (self->pending, Pending, 0);
  hyco_actor_get_current_tag (actor, &now);
  /* A director that fires the delay at an earlier microstep of the time (a continuous one, at
   * the time's initial value) does not get the event before the microstep it asked for. */
  if (first->time == now.time && now.microstep >= first->microstep)
    {
      hyco_port_send (self->output, 0, &first->value);
      self->sent = TRUE;
    }
  return TRUE;
}

static gboolean
hyco_timed_delay_postfire (HycoActor *actor, GError **error)
{
  HycoTimedDelay *self = HYCO_TIMED_DELAY (actor);
  gint64 now = hyco_actor_get_current_time (actor);
  const HycoValue *x;

  if (self->sent)
    g_array_remove_index (self->pending, 0);
  /* The next event due now comes out one microstep later. */
  if (self->pending->len > 0 && g_array_index (self->pending, Pending, 0).time == now
      && !hyco_actor_fire_at (actor, now, NULL, error))
    return FALSE;

  if (hyco_port_get_width (self->delay_port) > 0 && hyco_port_is_present (self->delay_port, 0))
    {
      gint64 delay;
      if (!_hyco_actors_value_to_ticks (actor, "input delay",
                                        hyco_port_get_value (self->delay_port, 0), &delay, error))
        return FALSE;
      if (delay < 0)
        {
          hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_PARAMETER,
                                "input delay: must not be negative");
          return FALSE;
        }
      self->delay = delay;
    }

  x = hyco_port_get_width (self->input) > 0 ? hyco_port_get_value (self->input, 0) : NULL;
  if (x != NULL)
    {
      Pending event = { 0, 0, HYCO_VALUE_INIT };
      guint i = self->pending->len;
      HycoTag tag;

      if (!hyco_time_add (now, self->delay, &event.time, NULL))
        return _hyco_actors_drop_beyond_time_range (actor, error,
                                                    "an event delayed beyond the range of "
                                                    "model time");
      /* After every event due at the same time or earlier: arrival order within a time. */
      while (i > 0 && g_array_index (self->pending, Pending, i - 1).time > event.time)
        i--;
      hyco_actor_get_current_tag (actor, &tag);
      event.microstep = self->delay > 0 ? 1 : tag.microstep + 1;
      g_array_insert_val (self->pending, i, event);
      hyco_value_assign (&g_array_index (self->pending, Pending, i).value, x);
      tag.time = event.time;
      tag.microstep = event.microstep;
      if (!hyco_actor_fire_at_tag (actor, &tag, NULL, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
hyco_timed_delay_is_strict (HycoActor *actor)
{
  return FALSE;
}

static gboolean
hyco_timed_delay_output_depends_on (HycoActor *actor, HycoPort *output, HycoPort *input)
{
  return FALSE;
}

static void
hyco_timed_delay_class_init (HycoTimedDelayClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  object_class->constructed = hyco_timed_delay_constructed;
  object_class->finalize = hyco_timed_delay_finalize;
  object_class->get_property = hyco_timed_delay_get_property;
  object_class->set_property = hyco_timed_delay_set_property;
  actor_class->preinitialize = hyco_timed_delay_preinitialize;
  actor_class->initialize = hyco_timed_delay_initialize;
  actor_class->fire = hyco_timed_delay_fire;
  actor_class->postfire = hyco_timed_delay_postfire;
  actor_class->is_strict = hyco_timed_delay_is_strict;
  actor_class->output_depends_on = hyco_timed_delay_output_depends_on;

  hyco_actor_class_set_description (actor_class,
                                    "Delays events by a time, 0 included (one microstep)");
  hyco_actor_class_add_port (actor_class, "input", HYCO_PORT_INPUT, "The events to delay");
  hyco_actor_class_add_port (actor_class, "delay", HYCO_PORT_INPUT,
                             "A new delay (s) for this event and the later ones");
  hyco_actor_class_add_port (actor_class, "output", HYCO_PORT_OUTPUT,
                             "The events, delay later, one per microstep");

  /**
   * HycoTimedDelay:delay:
   *
   * The delay, in seconds, not negative; 0 delays by one microstep.
   */
  properties[PROP_DELAY]
    = hyco_param_spec_literal ("delay", "The delay (s)", HYCO_PARAM_KIND_TIME, "1.0");
  /**
   * HycoTimedDelay:minimumDelay:
   *
   * Ptolemy II's lower bound of the delays the `delay` input may give, for its causality
   * analysis; the output never depends on the input at the same tag here, so it has no effect.
   */
  properties[PROP_MINIMUM_DELAY] = hyco_param_spec_literal (
    "minimumDelay", "Lower bound of the delays (s, no effect)", HYCO_PARAM_KIND_TIME, "0.0");
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hyco_timed_delay_init (HycoTimedDelay *self)
{
  _hyco_literals_init (self->literals, properties, N_PROPS);
  self->pending = g_array_new (FALSE, FALSE, sizeof (Pending));
  g_array_set_clear_func (self->pending, pending_clear);
}
