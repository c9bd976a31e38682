/* hyco-time-delay.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actor-helpers-private.h"
#include "hyco-actors.h"

#include <string.h>

/**
 * HycoTimeDelay:
 *
 * The discrete time delay of the reference set (component 3.12): y(t, n) = x(t − `delay`, n),
 * with `delay` > 0. Its output does not depend on its input at the same tag, so it breaks
 * zero-delay loops. Any number of events may be in flight; they are kept in a queue that grows
 * to the largest number in flight and is then reused, so delaying scalars does not allocate.
 */

typedef struct
{
  HycoTag tag; /* when to produce it */
  HycoValue value;
} Pending;

struct _HycoTimeDelay
{
  HycoActor parent_instance;

  char *delay_literal;
  gint64 delay;

  /* A ring of Pending in tag order (input tags increase, so arrival order is tag order):
   * ring->len is the capacity, the events are at head, head + 1, ... modulo it. */
  GArray *ring;
  guint head;
  guint count;

  HycoPort *input;
  HycoPort *output;
};

G_DEFINE_FINAL_TYPE (HycoTimeDelay, hyco_time_delay, HYCO_TYPE_ACTOR)
HYCO_REGISTER_DEFINE (time_delay, HYCO_TYPE_TIME_DELAY, "TimeDelay")

enum
{
  PROP_0,
  PROP_DELAY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

#define INITIAL_CAPACITY 16

static inline Pending *
ring_at (HycoTimeDelay *self, guint i)
{
  return &g_array_index (self->ring, Pending, (self->head + i) % self->ring->len);
}

static void
ring_pop (HycoTimeDelay *self)
{
  hyco_value_clear (&ring_at (self, 0)->value);
  self->head = (self->head + 1) % self->ring->len;
  self->count--;
}

static void
ring_clear (HycoTimeDelay *self)
{
  while (self->count > 0)
    ring_pop (self);
  self->head = 0;
}

/* Returns a cleared slot after the last event. */
static Pending *
ring_push (HycoTimeDelay *self)
{
  guint capacity = self->ring->len;

  if (self->count == capacity)
    {
      Pending *data;

      /* Double, then move the wrapped-around front [0, head) after the old end, so the
       * events stay contiguous from head. New slots are zeroed: cleared values. */
      g_array_set_size (self->ring, capacity * 2);
      data = (Pending *) self->ring->data;
      memcpy (&data[capacity], &data[0], self->head * sizeof (Pending));
      memset (&data[0], 0, self->head * sizeof (Pending));
    }
  self->count++;
  return ring_at (self, self->count - 1);
}

static void
hyco_time_delay_constructed (GObject *object)
{
  HycoTimeDelay *self = HYCO_TIME_DELAY (object);

  G_OBJECT_CLASS (hyco_time_delay_parent_class)->constructed (object);
  self->input = hyco_actor_get_port (HYCO_ACTOR (self), "input");
  self->output = hyco_actor_get_port (HYCO_ACTOR (self), "output");
}

static void
hyco_time_delay_finalize (GObject *object)
{
  HycoTimeDelay *self = HYCO_TIME_DELAY (object);

  ring_clear (self);
  g_array_unref (self->ring);
  g_free (self->delay_literal);
  G_OBJECT_CLASS (hyco_time_delay_parent_class)->finalize (object);
}

static void
hyco_time_delay_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  HycoTimeDelay *self = HYCO_TIME_DELAY (object);

  switch (prop_id)
    {
    case PROP_DELAY:
      g_value_set_string (value, self->delay_literal);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hyco_time_delay_set_property (GObject *object, guint prop_id, const GValue *value,
                              GParamSpec *pspec)
{
  HycoTimeDelay *self = HYCO_TIME_DELAY (object);

  switch (prop_id)
    {
    case PROP_DELAY:
      if (_hyco_actors_set_literal (&self->delay_literal, value, pspec))
        g_object_notify_by_pspec (object, pspec);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static gboolean
hyco_time_delay_preinitialize (HycoActor *actor, GError **error)
{
  return _hyco_actors_get_positive_time (actor, "delay", FALSE,
                                         "for a delay of one microstep use MicrostepDelay",
                                         &HYCO_TIME_DELAY (actor)->delay, error);
}

static gboolean
hyco_time_delay_initialize (HycoActor *actor, GError **error)
{
  ring_clear (HYCO_TIME_DELAY (actor));
  return TRUE;
}

static gboolean
hyco_time_delay_fire (HycoActor *actor, GError **error)
{
  HycoTimeDelay *self = HYCO_TIME_DELAY (actor);
  HycoTag now;

  /* The input may still be unknown here: the output does not depend on it. */
  if (self->count == 0)
    return TRUE;
  hyco_actor_get_current_tag (actor, &now);
  if (hyco_tag_equal (&ring_at (self, 0)->tag, &now))
    hyco_port_send (self->output, 0, &ring_at (self, 0)->value);
  return TRUE;
}

static gboolean
hyco_time_delay_postfire (HycoActor *actor, GError **error)
{
  HycoTimeDelay *self = HYCO_TIME_DELAY (actor);
  const HycoValue *x = hyco_port_get_value (self->input, 0);
  Pending *pending;
  HycoTag now;
  gint64 time;

  hyco_actor_get_current_tag (actor, &now);
  /* Tags already reached were produced by fire (or, beyond a director's reach, never will). */
  while (self->count > 0 && hyco_tag_compare (&ring_at (self, 0)->tag, &now) <= 0)
    ring_pop (self);
  if (x == NULL)
    return TRUE;
  if (!hyco_time_add (now.time, self->delay, &time, NULL))
    {
      /* After the stop time, if there is one: the delayed event would never be produced. */
      g_autofree char *tag = hyco_tag_to_string (&now, hyco_actor_get_resolution (actor));
      return _hyco_actors_drop_beyond_time_range (
        actor, error, "the event at %s, delayed by %s s, is beyond the range of model time", tag,
        self->delay_literal);
    }
  pending = ring_push (self);
  pending->tag.time = time;
  pending->tag.microstep = now.microstep;
  hyco_value_assign (&pending->value, x);
  return _hyco_actors_fire_at_tag_exactly (actor, &pending->tag, error);
}

static gboolean
hyco_time_delay_is_strict (HycoActor *actor)
{
  return FALSE;
}

static gboolean
hyco_time_delay_output_depends_on (HycoActor *actor, HycoPort *output, HycoPort *input)
{
  return FALSE;
}

static void
hyco_time_delay_class_init (HycoTimeDelayClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  object_class->constructed = hyco_time_delay_constructed;
  object_class->finalize = hyco_time_delay_finalize;
  object_class->get_property = hyco_time_delay_get_property;
  object_class->set_property = hyco_time_delay_set_property;
  actor_class->preinitialize = hyco_time_delay_preinitialize;
  actor_class->initialize = hyco_time_delay_initialize;
  actor_class->fire = hyco_time_delay_fire;
  actor_class->postfire = hyco_time_delay_postfire;
  actor_class->is_strict = hyco_time_delay_is_strict;
  actor_class->output_depends_on = hyco_time_delay_output_depends_on;

  hyco_actor_class_set_description (actor_class,
                                    "Delays each event by a fixed model time: y(t, n) = "
                                    "x(t − delay, n)");
  hyco_actor_class_add_port (actor_class, "input", HYCO_PORT_INPUT, "The events to delay");
  hyco_actor_class_add_port (actor_class, "output", HYCO_PORT_OUTPUT, "The delayed events");

  /**
   * HycoTimeDelay:delay:
   *
   * The delay in seconds, as an exact decimal literal; greater than 0 (a delay of one
   * microstep is #HycoMicrostepDelay).
   */
  properties[PROP_DELAY]
    = hyco_param_spec_literal ("delay", "The delay (s), greater than 0", HYCO_PARAM_KIND_TIME, "1");
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hyco_time_delay_init (HycoTimeDelay *self)
{
  self->delay_literal = g_strdup ("1");
  self->ring = g_array_sized_new (FALSE, TRUE, sizeof (Pending), INITIAL_CAPACITY);
  g_array_set_size (self->ring, INITIAL_CAPACITY);
}
