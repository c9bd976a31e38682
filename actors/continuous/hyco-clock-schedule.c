/* hyco-clock-schedule.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-clock-schedule-private.h"
#include "hyco-actor-helpers-private.h"

#include <string.h>

void
_hyco_clock_schedule_clear (HycoClockSchedule *self)
{
  g_clear_pointer (&self->offsets, g_array_unref);
  g_clear_pointer (&self->values, g_ptr_array_unref);
}

/* The offsets are times: each element of the list literal is parsed as a time literal, so
 * that "0.1" is exactly 0.1 s in ticks, as a period is. */
static gboolean
parse_offsets (HycoClockSchedule *self, HycoActor *actor, const char *literal, GError **error)
{
  g_autofree char *text = g_strstrip (g_strdup (literal));
  g_auto (GStrv) elements = NULL;
  gsize length = strlen (text);
  gint64 previous = 0;

  if (length < 2 || text[0] != '{' || text[length - 1] != '}')
    {
      hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_PARAMETER,
                            "parameter offsets: \"%s\" is not a list of times such as {0.0, 1.0}",
                            literal);
      return FALSE;
    }
  text[length - 1] = '\0';
  self->offsets = g_array_new (FALSE, FALSE, sizeof (gint64));
  if (g_strstrip (text + 1)[0] == '\0')
    return TRUE;
  elements = g_strsplit (text + 1, ",", -1);
  for (guint i = 0; elements[i] != NULL; i++)
    {
      g_autoptr (GError) local_error = NULL;
      gint64 offset;

      if (!hyco_time_parse (g_strstrip (elements[i]), hyco_actor_get_resolution (actor), &offset,
                            &local_error))
        {
          hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_PARAMETER,
                                "parameter offsets: element %u: %s", i + 1, local_error->message);
          return FALSE;
        }
      if (offset < previous)
        {
          hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_PARAMETER,
                                "parameter offsets: the offsets must be nondecreasing, but "
                                "element %u (%s) is smaller than the one before it",
                                i + 1, elements[i]);
          return FALSE;
        }
      previous = offset;
      g_array_append_val (self->offsets, offset);
    }
  return TRUE;
}

/* Converts the parameters the actor holds: `period` and `stopTime` are its time parameters,
 * @offsets and @values its list literals. */
gboolean
_hyco_clock_schedule_prepare (HycoClockSchedule *self, HycoActor *actor, const char *offsets,
                              const char *values, GError **error)
{
  g_autoptr (GError) local_error = NULL;

  _hyco_clock_schedule_clear (self);
  /* Unlike most periods, Infinity is allowed: one cycle. */
  if (!hyco_actor_get_time_parameter (actor, "period", &self->period, error)
      || !hyco_actor_get_time_parameter (actor, "stopTime", &self->stop_time, error)
      || !parse_offsets (self, actor, offsets, error))
    return FALSE;
  if (self->period <= 0)
    {
      hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_PARAMETER,
                            "parameter period: must be greater than 0");
      return FALSE;
    }
  self->values = hyco_value_parse_list (values, &local_error);
  if (self->values == NULL)
    {
      hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_PARAMETER, "parameter values: %s",
                            local_error->message);
      return FALSE;
    }
  if (self->values->len != self->offsets->len)
    {
      hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_PARAMETER,
                            "parameters offsets and values: %u offsets but %u values; each "
                            "value needs its offset",
                            self->offsets->len, self->values->len);
      return FALSE;
    }
  return TRUE;
}

/* Sets `next` to the current phase's event, moving to the next cycle past the phases a finite
 * period never reaches (an offset beyond the period is never produced), and asks for a firing
 * there. @microstep is the microstep of the event just produced at the same time, if any. */
static gboolean
schedule_next (HycoClockSchedule *self, HycoActor *actor, guint64 microstep, GError **error)
{
  guint n = self->offsets->len;

  for (guint skipped = 0;; skipped++)
    {
      gint64 offset;

      if (self->phase >= n)
        {
          gint64 start;

          /* A single cycle when the period is infinite (a finite sequence of events). */
          if (self->period == HYCO_TIME_INFINITY || n == 0 || skipped > n
              || (self->max_cycles > 0 && self->cycle + 1 >= self->max_cycles))
            {
              self->done = TRUE;
              return TRUE;
            }
          if (!hyco_time_add (self->cycle_start, self->period, &start, NULL))
            {
              self->done = TRUE;
              return _hyco_actors_drop_beyond_time_range (
                actor, error,
                "the clock's cycle after cycle %" G_GINT64_FORMAT
                " starts beyond the range of model time",
                self->cycle);
            }
          self->cycle_start = start;
          self->cycle++;
          self->phase = 0;
          microstep = 0;
        }
      offset = g_array_index (self->offsets, gint64, self->phase);
      if (self->period != HYCO_TIME_INFINITY && offset > self->period)
        {
          self->phase = n;
          continue;
        }
      if (!hyco_time_add (self->cycle_start, offset, &self->next.time, NULL)
          || self->next.time > self->stop_time)
        {
          self->done = TRUE;
          return TRUE;
        }
      break;
    }
  /* Events are discrete: at microstep 1, absent at microstep 0 of their time, so that a
   * continuous model sees the signal absent there, continuous from the left. Several events
   * at one time (equal offsets) come at successive microsteps. */
  self->next.microstep = MAX (microstep + 1, 1);
  /* Started at a later microstep of the first event's time (a mode entered by a reset inside a
   * modal model): the event comes at the next microstep, as in Ptolemy II. */
  {
    HycoTag now;
    hyco_actor_get_current_tag (actor, &now);
    if (self->next.time == now.time && self->next.microstep <= now.microstep)
      self->next.microstep = now.microstep + 1;
  }
  return _hyco_actors_fire_at_tag_exactly (actor, &self->next, error);
}

gboolean
_hyco_clock_schedule_start (HycoClockSchedule *self, HycoActor *actor, GError **error)
{
  self->cycle_start = hyco_actor_get_current_time (actor);
  self->cycle = 0;
  self->phase = 0;
  self->done = FALSE;
  return schedule_next (self, actor, 0, error);
}

/* The value of the event due at the actor's current tag, or %NULL. An event is due at its tag
 * or, if the actor was not fired then (a modal model entered later), at the first later
 * microstep of its time. */
const HycoValue *
_hyco_clock_schedule_due (HycoClockSchedule *self, HycoActor *actor)
{
  HycoTag now;

  if (self->done)
    return NULL;
  hyco_actor_get_current_tag (actor, &now);
  if (now.time != self->next.time || now.microstep < self->next.microstep)
    return NULL;
  return self->values->pdata[self->phase];
}

/* In postfire: after an event, on to the next. */
gboolean
_hyco_clock_schedule_advance (HycoClockSchedule *self, HycoActor *actor, GError **error)
{
  HycoTag now;
  gint64 offset;

  if (_hyco_clock_schedule_due (self, actor) == NULL)
    return TRUE;
  hyco_actor_get_current_tag (actor, &now);
  offset = g_array_index (self->offsets, gint64, self->phase);
  self->phase++;
  /* The next event at the same time (an equal offset) comes one microstep later. */
  if (self->phase < self->offsets->len
      && g_array_index (self->offsets, gint64, self->phase) == offset)
    return schedule_next (self, actor, now.microstep, error);
  return schedule_next (self, actor, 0, error);
}
