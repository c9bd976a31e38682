/* hyco-recorder.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actor-helpers-private.h"
#include "hyco-actors.h"
#include "hyco-director-private.h"

#include <math.h>

/**
 * HycoRecorder:
 *
 * Records every event on every channel of its input: the tag, the channel and a copy of the
 * value, in the order the tags are committed (channels in order within a tag). Recording
 * happens in postfire, so values computed during a speculative firing that is abandoned are
 * never recorded. The record is cleared when a run starts and kept after it ends, to be read
 * with hyco_recorder_get_count() and friends.
 */

typedef struct
{
  HycoTag tag;
  guint channel;
  HycoValue value;
} Event;

struct _HycoRecorder
{
  HycoActor parent_instance;

  GArray *events; /* Event, grown geometrically, reused from run to run */
  int resolution;

  HycoPort *input;
};

G_DEFINE_FINAL_TYPE (HycoRecorder, hyco_recorder, HYCO_TYPE_ACTOR)
HYCO_REGISTER_DEFINE (recorder, HYCO_TYPE_RECORDER, "Recorder")

static void
event_clear (gpointer data)
{
  hyco_value_clear (&((Event *) data)->value);
}

static void
hyco_recorder_constructed (GObject *object)
{
  HycoRecorder *self = HYCO_RECORDER (object);

  G_OBJECT_CLASS (hyco_recorder_parent_class)->constructed (object);
  self->input = hyco_actor_get_port (HYCO_ACTOR (self), "input");
}

static void
hyco_recorder_finalize (GObject *object)
{
  g_array_unref (HYCO_RECORDER (object)->events);
  G_OBJECT_CLASS (hyco_recorder_parent_class)->finalize (object);
}

static gboolean
hyco_recorder_initialize (HycoActor *actor, GError **error)
{
  HycoRecorder *self = HYCO_RECORDER (actor);

  g_array_set_size (self->events, 0);
  self->resolution = hyco_actor_get_resolution (actor);
  return TRUE;
}

static gboolean
hyco_recorder_postfire (HycoActor *actor, GError **error)
{
  HycoRecorder *self = HYCO_RECORDER (actor);
  guint width = hyco_port_get_width (self->input);
  HycoTag now = _hyco_actor_current_tag (actor);

  for (guint c = 0; c < width; c++)
    {
      const HycoValue *value = hyco_port_get_value (self->input, c);
      Event *event;

      if (value == NULL)
        continue;
      /* The array zeroes new elements, which is a cleared value. */
      g_array_set_size (self->events, self->events->len + 1);
      event = &g_array_index (self->events, Event, self->events->len - 1);
      event->tag = now;
      event->channel = c;
      hyco_value_assign (&event->value, value);
    }
  return TRUE;
}

static void
hyco_recorder_class_init (HycoRecorderClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  object_class->constructed = hyco_recorder_constructed;
  object_class->finalize = hyco_recorder_finalize;
  actor_class->initialize = hyco_recorder_initialize;
  actor_class->postfire = hyco_recorder_postfire;

  hyco_actor_class_set_description (actor_class,
                                    "Records the tag, channel and value of every event");
  hyco_actor_class_add_port (actor_class, "input", HYCO_PORT_INPUT | HYCO_PORT_MULTIPORT,
                             "The events to record");
}

static void
hyco_recorder_init (HycoRecorder *self)
{
  self->events = g_array_sized_new (FALSE, TRUE, sizeof (Event), 64);
  g_array_set_clear_func (self->events, event_clear);
  self->resolution = HYCO_DEFAULT_RESOLUTION;
}

static inline Event *
get_event (HycoRecorder *self, guint index)
{
  return &g_array_index (self->events, Event, index);
}

/**
 * hyco_recorder_get_count:
 * @self: a recorder
 *
 * Counts the events the Recorder actor recorded: the present values its input received.
 *
 * Returns: the number of events recorded in the current or last run
 */
guint
hyco_recorder_get_count (HycoRecorder *self)
{
  g_return_val_if_fail (HYCO_IS_RECORDER (self), 0);
  return self->events->len;
}

/**
 * hyco_recorder_get_tag:
 * @self: a recorder
 * @index: an event index, below hyco_recorder_get_count()
 * @tag: (out caller-allocates): the event's tag
 *
 * Gets the tag of event @index.
 */
void
hyco_recorder_get_tag (HycoRecorder *self, guint index, HycoTag *tag)
{
  g_return_if_fail (HYCO_IS_RECORDER (self));
  g_return_if_fail (index < self->events->len);
  g_return_if_fail (tag != NULL);
  *tag = get_event (self, index)->tag;
}

/**
 * hyco_recorder_get_channel:
 * @self: a recorder
 * @index: an event index, below hyco_recorder_get_count()
 *
 * Gets the input channel on which one of the events the Recorder recorded arrived.
 *
 * Returns: the input channel event @index arrived on
 */
guint
hyco_recorder_get_channel (HycoRecorder *self, guint index)
{
  g_return_val_if_fail (HYCO_IS_RECORDER (self), 0);
  g_return_val_if_fail (index < self->events->len, 0);
  return get_event (self, index)->channel;
}

/**
 * hyco_recorder_get_value:
 * @self: a recorder
 * @index: an event index, below hyco_recorder_get_count()
 *
 * Gets the value of one of the events the Recorder recorded, in the order they arrived.
 *
 * Returns: (transfer none): the value of event @index, valid until the next run starts or the
 *   recorder is destroyed
 */
const HycoValue *
hyco_recorder_get_value (HycoRecorder *self, guint index)
{
  g_return_val_if_fail (HYCO_IS_RECORDER (self), NULL);
  g_return_val_if_fail (index < self->events->len, NULL);
  return &get_event (self, index)->value;
}

/**
 * hyco_recorder_get_times:
 * @self: a recorder
 *
 * The model times of the events in seconds, converted from ticks for plotting; compare tags
 * (hyco_recorder_get_tag()) for exact checks.
 *
 * Returns: (transfer full) (element-type gdouble): one time per event, in event order
 */
GArray *
hyco_recorder_get_times (HycoRecorder *self)
{
  GArray *times;

  g_return_val_if_fail (HYCO_IS_RECORDER (self), NULL);
  times = g_array_sized_new (FALSE, FALSE, sizeof (double), self->events->len);
  for (guint i = 0; i < self->events->len; i++)
    {
      double t = hyco_time_to_seconds (get_event (self, i)->tag.time, self->resolution);
      g_array_append_val (times, t);
    }
  return times;
}

/**
 * hyco_recorder_get_doubles:
 * @self: a recorder
 *
 * The values of the events as doubles; values that are not numbers (booleans, strings) give
 * NaN.
 *
 * Returns: (transfer full) (element-type gdouble): one value per event, in event order
 */
GArray *
hyco_recorder_get_doubles (HycoRecorder *self)
{
  GArray *values;

  g_return_val_if_fail (HYCO_IS_RECORDER (self), NULL);
  values = g_array_sized_new (FALSE, FALSE, sizeof (double), self->events->len);
  for (guint i = 0; i < self->events->len; i++)
    {
      const HycoValue *value = &get_event (self, i)->value;
      double d = hyco_value_is_numeric (value) ? hyco_value_get_double (value) : NAN;
      g_array_append_val (values, d);
    }
  return values;
}
