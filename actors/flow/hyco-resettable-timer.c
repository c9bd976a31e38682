/* hyco-resettable-timer.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actors-private.h"
#include "hyco-actors.h"

/**
 * HycoResettableTimer:
 *
 * Ptolemy II's ResettableTimer: an input d (seconds) asks for `value` to be produced d later:
 * at microstep 1 of that time, or at the next microstep when d is 0. A negative input cancels
 * the pending output. With `preemptive` true (the default) a new input replaces the pending
 * request; with it false, requests queue and each starts when the previous one has been
 * produced (a negative input then cancels the last one queued, if any).
 *
 * The output never depends on the input at the same tag, so the timer breaks zero-delay
 * loops.
 */
enum
{
  PROP_0,
  PROP_VALUE,
  PROP_PREEMPTIVE,
  N_PROPS
};

#define CANCEL (-1)

struct _HycoResettableTimer
{
  HycoActor parent_instance;

  char *literals[N_PROPS];
  HycoValue value;
  gboolean preemptive;

  gboolean pending; /* an output is scheduled at pending_tag */
  HycoTag pending_tag;
  GArray *requests; /* gint64 delays in ticks, or CANCEL; non-preemptive only */

  HycoPort *input;
  HycoPort *output;
};

G_DEFINE_FINAL_TYPE (HycoResettableTimer, hyco_resettable_timer, HYCO_TYPE_ACTOR)
HYCO_REGISTER_DEFINE (resettable_timer, HYCO_TYPE_RESETTABLE_TIMER, "ResettableTimer")

static GParamSpec *properties[N_PROPS];

static void
hyco_resettable_timer_constructed (GObject *object)
{
  HycoResettableTimer *self = HYCO_RESETTABLE_TIMER (object);

  G_OBJECT_CLASS (hyco_resettable_timer_parent_class)->constructed (object);
  self->input = hyco_actor_get_port (HYCO_ACTOR (self), "input");
  self->output = hyco_actor_get_port (HYCO_ACTOR (self), "output");
}

static void
hyco_resettable_timer_finalize (GObject *object)
{
  HycoResettableTimer *self = HYCO_RESETTABLE_TIMER (object);

  _hyco_literals_clear (self->literals, N_PROPS);
  hyco_value_clear (&self->value);
  g_array_unref (self->requests);
  G_OBJECT_CLASS (hyco_resettable_timer_parent_class)->finalize (object);
}

static void
hyco_resettable_timer_get_property (GObject *object, guint prop_id, GValue *value,
                                    GParamSpec *pspec)
{
  _hyco_literals_get (HYCO_RESETTABLE_TIMER (object)->literals, N_PROPS, prop_id, value);
}

static void
hyco_resettable_timer_set_property (GObject *object, guint prop_id, const GValue *value,
                                    GParamSpec *pspec)
{
  _hyco_literals_set (object, HYCO_RESETTABLE_TIMER (object)->literals, N_PROPS, prop_id, value,
                      pspec);
}

static gboolean
hyco_resettable_timer_preinitialize (HycoActor *actor, GError **error)
{
  HycoResettableTimer *self = HYCO_RESETTABLE_TIMER (actor);

  return _hyco_actors_parse_value (actor, "value", self->literals[PROP_VALUE], &self->value,
                                   error)
         && _hyco_actors_parse_boolean (actor, "preemptive", self->literals[PROP_PREEMPTIVE],
                                        &self->preemptive, error);
}

static gboolean
hyco_resettable_timer_initialize (HycoActor *actor, GError **error)
{
  HycoResettableTimer *self = HYCO_RESETTABLE_TIMER (actor);

  self->pending = FALSE;
  g_array_set_size (self->requests, 0);
  return TRUE;
}

static gboolean
is_due (HycoResettableTimer *self)
{
  HycoTag now;

  if (!self->pending)
    return FALSE;
  hyco_actor_get_current_tag (HYCO_ACTOR (self), &now);
  return hyco_tag_equal (&now, &self->pending_tag);
}

static gboolean
hyco_resettable_timer_fire (HycoActor *actor, GError **error)
{
  HycoResettableTimer *self = HYCO_RESETTABLE_TIMER (actor);

  if (is_due (self))
    hyco_port_send (self->output, 0, &self->value);
  return TRUE;
}

/* Schedules the output @delay ticks after now: microstep 1 of a later time, the next
 * microstep of this one. */
static gboolean
schedule (HycoResettableTimer *self, gint64 delay, GError **error)
{
  HycoActor *actor = HYCO_ACTOR (self);
  gint64 time;

  if (!hyco_time_add (hyco_actor_get_current_time (actor), delay, &time, NULL))
    {
      self->pending = FALSE;
      return _hyco_actors_drop_beyond_time_range (actor, error,
                                                  "an output beyond the range of model time");
    }
  self->pending = TRUE;
  return hyco_actor_fire_at (actor, time, &self->pending_tag, error);
}

static gboolean
hyco_resettable_timer_postfire (HycoActor *actor, GError **error)
{
  HycoResettableTimer *self = HYCO_RESETTABLE_TIMER (actor);
  const HycoValue *x = hyco_port_get_value (self->input, 0);
  gboolean has_request = FALSE;
  gint64 delay = 0;

  if (is_due (self))
    self->pending = FALSE;
  if (x != NULL)
    {
      if (!hyco_value_is_numeric (x))
        {
          g_autofree char *text = hyco_value_to_literal (x);
          hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_FAILED,
                                "input: must be a time in seconds, not %s", text);
          return FALSE;
        }
      if (hyco_value_get_double (x) < 0)
        {
          if (!self->preemptive && self->requests->len > 0)
            {
              gint64 cancel = CANCEL;
              g_array_append_val (self->requests, cancel);
            }
          else
            self->pending = FALSE;
        }
      else if (!_hyco_actors_value_to_ticks (actor, "input", x, &delay, error))
        return FALSE;
      else
        has_request = TRUE;
    }

  if (self->preemptive)
    return has_request ? schedule (self, delay, error) : TRUE;

  if (has_request)
    g_array_append_val (self->requests, delay);
  while (self->requests->len > 0 && !self->pending)
    {
      gint64 next = g_array_index (self->requests, gint64, 0);
      g_array_remove_index (self->requests, 0);
      /* A request followed by a cancellation never starts. */
      if (self->requests->len > 0 && g_array_index (self->requests, gint64, 0) == CANCEL)
        {
          g_array_remove_index (self->requests, 0);
          continue;
        }
      if (next != CANCEL && !schedule (self, next, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
hyco_resettable_timer_is_strict (HycoActor *actor)
{
  return FALSE;
}

static gboolean
hyco_resettable_timer_output_depends_on (HycoActor *actor, HycoPort *output, HycoPort *input)
{
  return FALSE;
}

static void
hyco_resettable_timer_class_init (HycoResettableTimerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  object_class->constructed = hyco_resettable_timer_constructed;
  object_class->finalize = hyco_resettable_timer_finalize;
  object_class->get_property = hyco_resettable_timer_get_property;
  object_class->set_property = hyco_resettable_timer_set_property;
  actor_class->preinitialize = hyco_resettable_timer_preinitialize;
  actor_class->initialize = hyco_resettable_timer_initialize;
  actor_class->fire = hyco_resettable_timer_fire;
  actor_class->postfire = hyco_resettable_timer_postfire;
  actor_class->is_strict = hyco_resettable_timer_is_strict;
  actor_class->output_depends_on = hyco_resettable_timer_output_depends_on;

  hyco_actor_class_set_description (actor_class,
                                    "Produces value a time given by its input later");
  hyco_actor_class_add_port (actor_class, "input", HYCO_PORT_INPUT,
                             "The time (s) until the output; negative cancels");
  hyco_actor_class_add_port (actor_class, "output", HYCO_PORT_OUTPUT,
                             "value, when a requested time has elapsed");

  /**
   * HycoResettableTimer:value:
   *
   * The value produced.
   */
  properties[PROP_VALUE]
    = hyco_param_spec_literal ("value", "The value produced", HYCO_PARAM_KIND_VALUE, "true");
  /**
   * HycoResettableTimer:preemptive:
   *
   * Whether a new input replaces the pending request rather than waiting for it.
   */
  properties[PROP_PREEMPTIVE]
    = hyco_param_spec_literal ("preemptive", "A new input replaces the pending request",
                               HYCO_PARAM_KIND_VALUE, "true");
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hyco_resettable_timer_init (HycoResettableTimer *self)
{
  _hyco_literals_init (self->literals, properties, N_PROPS);
  self->requests = g_array_new (FALSE, FALSE, sizeof (gint64));
}
