/* hyco-timer.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actors-private.h"
#include "hyco-actors.h"

/**
 * HycoTimer:
 *
 * Ptolemy II's Timer (`ptolemy.domains.de.lib.Timer`): an input d (seconds, not negative)
 * makes the timer produce `value` d later, at microstep 1 of that time or at the next
 * microstep when d is 0; every input starts its own timing, and outputs due at one time come
 * one microstep apart.
 *
 * Its subclass #HycoNonInterruptibleTimer (Ptolemy II's NonInterruptibleTimer) times one input
 * at a time: inputs arriving while a timing is in progress wait, first come first served, and
 * the next one starts when the output of the previous one is produced.
 *
 * The output never depends on the input at the same tag.
 */
enum
{
  PROP_0,
  PROP_VALUE,
  N_PROPS
};

typedef struct
{
  char *literals[N_PROPS];
  HycoValue value;

  GArray *due;     /* HycoTag of each output to produce, in order */
  GArray *waiting; /* gint64 delays of inputs not yet started (queued timers only) */
  gboolean sent;   /* fire produced the first due output */

  HycoPort *input;
  HycoPort *output;
} HycoTimerPrivate;

G_DEFINE_TYPE_WITH_PRIVATE (HycoTimer, hyco_timer, HYCO_TYPE_ACTOR)
HYCO_REGISTER_DEFINE (timer, HYCO_TYPE_TIMER, "Timer")

static GParamSpec *properties[N_PROPS];

#define PRIV(self) ((HycoTimerPrivate *) hyco_timer_get_instance_private (HYCO_TIMER (self)))

static void
hyco_timer_constructed (GObject *object)
{
  HycoTimerPrivate *priv = PRIV (object);

  G_OBJECT_CLASS (hyco_timer_parent_class)->constructed (object);
  priv->input = hyco_actor_get_port (HYCO_ACTOR (object), "input");
  priv->output = hyco_actor_get_port (HYCO_ACTOR (object), "output");
}

static void
hyco_timer_finalize (GObject *object)
{
  HycoTimerPrivate *priv = PRIV (object);

  _hyco_literals_clear (priv->literals, N_PROPS);
  hyco_value_clear (&priv->value);
  g_array_unref (priv->due);
  g_array_unref (priv->waiting);
  G_OBJECT_CLASS (hyco_timer_parent_class)->finalize (object);
}

static void
hyco_timer_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  _hyco_literals_get (PRIV (object)->literals, N_PROPS, prop_id, value);
}

static void
hyco_timer_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  _hyco_literals_set (object, PRIV (object)->literals, N_PROPS, prop_id, value, pspec);
}

static gboolean
hyco_timer_preinitialize (HycoActor *actor, GError **error)
{
  HycoTimerPrivate *priv = PRIV (actor);

  return _hyco_actors_parse_value (actor, "value", priv->literals[PROP_VALUE], &priv->value,
                                   error);
}

static gboolean
hyco_timer_initialize (HycoActor *actor, GError **error)
{
  HycoTimerPrivate *priv = PRIV (actor);

  g_array_set_size (priv->due, 0);
  g_array_set_size (priv->waiting, 0);
  return TRUE;
}

static gboolean
hyco_timer_fire (HycoActor *actor, GError **error)
{
  HycoTimerPrivate *priv = PRIV (actor);
  HycoTag now;

  priv->sent = FALSE;
  if (priv->due->len == 0)
    return TRUE;
  hyco_actor_get_current_tag (actor, &now);
  if (hyco_tag_equal (&g_array_index (priv->due, HycoTag, 0), &now))
    {
      hyco_port_send (priv->output, 0, &priv->value);
      priv->sent = TRUE;
    }
  return TRUE;
}

/* Times @delay from now: the output's tag is the one the director grants, in order among the
 * outputs already due. */
static gboolean
start (HycoActor *actor, gint64 delay, GError **error)
{
  HycoTimerPrivate *priv = PRIV (actor);
  gint64 time;
  HycoTag tag;
  guint i;

  if (!hyco_time_add (hyco_actor_get_current_time (actor), delay, &time, NULL))
    return _hyco_actors_drop_beyond_time_range (actor, error,
                                                "an output beyond the range of model time");
  if (!hyco_actor_fire_at (actor, time, &tag, error))
    return FALSE;
  /* Another output already due at that tag: this one comes one microstep after the last. */
  for (i = priv->due->len; i > 0; i--)
    {
      HycoTag *before = &g_array_index (priv->due, HycoTag, i - 1);
      if (hyco_tag_compare (before, &tag) < 0)
        break;
      if (before->time == tag.time && before->microstep >= tag.microstep)
        {
          tag.microstep = before->microstep + 1;
          break;
        }
    }
  g_array_insert_val (priv->due, i, tag);
  return hyco_actor_fire_at_tag (actor, &tag, NULL, error);
}

static gboolean
hyco_timer_postfire (HycoActor *actor, GError **error)
{
  HycoTimerPrivate *priv = PRIV (actor);
  const HycoValue *x = hyco_port_get_value (priv->input, 0);
  gboolean queued = HYCO_TIMER_GET_CLASS (actor)->queued;
  gint64 delay;

  if (priv->sent)
    g_array_remove_index (priv->due, 0);
  if (x != NULL)
    {
      if (!hyco_value_is_numeric (x) || hyco_value_get_double (x) < 0)
        {
          g_autofree char *text = hyco_value_to_literal (x);
          hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_FAILED,
                                "input: must be a delay in seconds, not negative, not %s", text);
          return FALSE;
        }
      if (!_hyco_actors_value_to_ticks (actor, "input", x, &delay, error))
        return FALSE;
      if (!queued)
        return start (actor, delay, error);
      g_array_append_val (priv->waiting, delay);
    }
  /* Not interruptible: the next input starts once the timer is free. */
  if (queued && priv->due->len == 0 && priv->waiting->len > 0)
    {
      delay = g_array_index (priv->waiting, gint64, 0);
      g_array_remove_index (priv->waiting, 0);
      return start (actor, delay, error);
    }
  return TRUE;
}

static gboolean
hyco_timer_is_strict (HycoActor *actor)
{
  return FALSE;
}

static gboolean
hyco_timer_output_depends_on (HycoActor *actor, HycoPort *output, HycoPort *input)
{
  return FALSE;
}

static void
hyco_timer_class_init (HycoTimerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  object_class->constructed = hyco_timer_constructed;
  object_class->finalize = hyco_timer_finalize;
  object_class->get_property = hyco_timer_get_property;
  object_class->set_property = hyco_timer_set_property;
  actor_class->preinitialize = hyco_timer_preinitialize;
  actor_class->initialize = hyco_timer_initialize;
  actor_class->fire = hyco_timer_fire;
  actor_class->postfire = hyco_timer_postfire;
  actor_class->is_strict = hyco_timer_is_strict;
  actor_class->output_depends_on = hyco_timer_output_depends_on;

  hyco_actor_class_set_description (actor_class,
                                    "Produces value a time given by each input later");
  hyco_actor_class_add_port (actor_class, "input", HYCO_PORT_INPUT,
                             "The time (s) until the output, not negative");
  hyco_actor_class_add_port (actor_class, "output", HYCO_PORT_OUTPUT,
                             "value, when a timing has elapsed");

  /**
   * HycoTimer:value:
   *
   * The value produced.
   */
  properties[PROP_VALUE]
    = hyco_param_spec_literal ("value", "The value produced", HYCO_PARAM_KIND_VALUE, "true");
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hyco_timer_init (HycoTimer *self)
{
  HycoTimerPrivate *priv = PRIV (self);

  _hyco_literals_init (priv->literals, properties, N_PROPS);
  priv->due = g_array_new (FALSE, FALSE, sizeof (HycoTag));
  priv->waiting = g_array_new (FALSE, FALSE, sizeof (gint64));
}
