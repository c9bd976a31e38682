/* hyco-counter.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actor-helpers-private.h"
#include "hyco-actors.h"

/**
 * HycoCounter:
 *
 * An up-down counter of events (Ptolemy II's Counter, with multiports): at a tag where some
 * channel of `increment` or `decrement` is present, the count changes by the number of
 * present increment channels minus the number of present decrement channels, and the new
 * count is produced (an integer, also when the changes cancel out); elsewhere the output is
 * absent. The count starts at `init` and is committed in postfire. Overflow is an error.
 */
struct _HycoCounter
{
  HycoActor parent_instance;

  char *init_literal;
  gint64 init;
  gint64 count; /* committed */

  HycoPort *increment;
  HycoPort *decrement;
  HycoPort *output;
};

G_DEFINE_FINAL_TYPE (HycoCounter, hyco_counter, HYCO_TYPE_ACTOR)
HYCO_REGISTER_DEFINE (counter, HYCO_TYPE_COUNTER, "Counter")

enum
{
  PROP_0,
  PROP_INIT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
hyco_counter_constructed (GObject *object)
{
  HycoCounter *self = HYCO_COUNTER (object);

  G_OBJECT_CLASS (hyco_counter_parent_class)->constructed (object);
  self->increment = hyco_actor_get_port (HYCO_ACTOR (self), "increment");
  self->decrement = hyco_actor_get_port (HYCO_ACTOR (self), "decrement");
  self->output = hyco_actor_get_port (HYCO_ACTOR (self), "output");
}

static void
hyco_counter_finalize (GObject *object)
{
  g_free (HYCO_COUNTER (object)->init_literal);
  G_OBJECT_CLASS (hyco_counter_parent_class)->finalize (object);
}

static void
hyco_counter_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  HycoCounter *self = HYCO_COUNTER (object);

  switch (prop_id)
    {
    case PROP_INIT:
      g_value_set_string (value, self->init_literal);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hyco_counter_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  HycoCounter *self = HYCO_COUNTER (object);

  switch (prop_id)
    {
    case PROP_INIT:
      if (_hyco_actors_set_literal (&self->init_literal, value, pspec))
        g_object_notify_by_pspec (object, pspec);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static gboolean
hyco_counter_preinitialize (HycoActor *actor, GError **error)
{
  HycoCounter *self = HYCO_COUNTER (actor);
  g_auto (HycoValue) init = HYCO_VALUE_INIT;

  if (!_hyco_actors_parse_value (actor, "init", self->init_literal, &init, error))
    return FALSE;
  if (hyco_value_get_value_type (&init) != HYCO_VALUE_TYPE_INT)
    {
      hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_PARAMETER,
                            "parameter init: must be an integer, not %s", self->init_literal);
      return FALSE;
    }
  self->init = hyco_value_get_int (&init);
  return TRUE;
}

static gboolean
hyco_counter_initialize (HycoActor *actor, GError **error)
{
  HycoCounter *self = HYCO_COUNTER (actor);

  self->count = self->init;
  return TRUE;
}

static guint
count_present (HycoPort *port)
{
  guint width = hyco_port_get_width (port), n = 0;

  for (guint c = 0; c < width; c++)
    n += hyco_port_is_present (port, c);
  return n;
}

/* The count after the current tag's events, from the committed one; FALSE in @triggered when
 * no channel is present. */
static gboolean
next_count (HycoCounter *self, gboolean *triggered, gint64 *next, GError **error)
{
  guint up = count_present (self->increment), down = count_present (self->decrement);

  *triggered = up > 0 || down > 0;
  *next = self->count;
  if (!*triggered)
    return TRUE;
  if (__builtin_add_overflow (self->count, (gint64) up - (gint64) down, next))
    {
      hyco_actor_set_error (HYCO_ACTOR (self), error, HYCO_ACTOR_ERROR_FAILED,
                            "integer overflow: count %" G_GINT64_FORMAT " %+" G_GINT64_FORMAT,
                            self->count, (gint64) up - (gint64) down);
      return FALSE;
    }
  return TRUE;
}

static gboolean
hyco_counter_fire (HycoActor *actor, GError **error)
{
  HycoCounter *self = HYCO_COUNTER (actor);
  gboolean triggered;
  gint64 next;

  if (!next_count (self, &triggered, &next, error))
    return FALSE;
  if (triggered)
    hyco_port_send_int (self->output, 0, next);
  return TRUE;
}

static gboolean
hyco_counter_postfire (HycoActor *actor, GError **error)
{
  HycoCounter *self = HYCO_COUNTER (actor);
  gboolean triggered;

  return next_count (self, &triggered, &self->count, error);
}

static void
hyco_counter_class_init (HycoCounterClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  object_class->constructed = hyco_counter_constructed;
  object_class->finalize = hyco_counter_finalize;
  object_class->get_property = hyco_counter_get_property;
  object_class->set_property = hyco_counter_set_property;
  actor_class->preinitialize = hyco_counter_preinitialize;
  actor_class->initialize = hyco_counter_initialize;
  actor_class->fire = hyco_counter_fire;
  actor_class->postfire = hyco_counter_postfire;

  hyco_actor_class_set_description (actor_class,
                                    "Counts events: up on increment, down on decrement");
  hyco_actor_class_add_port (actor_class, "increment", HYCO_PORT_INPUT | HYCO_PORT_MULTIPORT,
                             "Each present channel adds 1 to the count");
  hyco_actor_class_add_port (actor_class, "decrement", HYCO_PORT_INPUT | HYCO_PORT_MULTIPORT,
                             "Each present channel subtracts 1 from the count");
  hyco_actor_class_add_port (actor_class, "output", HYCO_PORT_OUTPUT,
                             "The new count where some input is present, absent elsewhere");

  /**
   * HycoCounter:init:
   *
   * The count before the first event, as an integer literal.
   */
  properties[PROP_INIT]
    = hyco_param_spec_literal ("init", "The initial count", HYCO_PARAM_KIND_VALUE, "0");
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hyco_counter_init (HycoCounter *self)
{
  self->init_literal = g_strdup ("0");
}
