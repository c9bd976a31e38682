/* hyco-most-recent.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actor-helpers-private.h"
#include "hyco-actors.h"

/**
 * HycoMostRecent:
 *
 * Ptolemy II's MostRecent (`ptolemy.domains.de.lib.MostRecent`, which Ptolemy II also reads
 * for its older `ptolemy.domains.de.lib.Sampler`): where `trigger` has an event on any
 * channel, each channel i of `output` gets the most recent event of channel i of `input`, the
 * one at this tag if there is one, else the last one before it, else `initialValue` if it is
 * given; elsewhere the output is absent. Unlike Sampler, it remembers: an input seen at an
 * earlier tag is output at a later trigger. Input channels beyond the output's width are
 * read and dropped.
 */
struct _HycoMostRecent
{
  HycoActor parent_instance;

  char *initial_literal;
  HycoValue initial; /* HYCO_VALUE_TYPE_NONE when initialValue is blank */

  HycoValue *last; /* per input channel: the most recent input, or none */
  guint n_last;

  HycoPort *input;
  HycoPort *trigger;
  HycoPort *output;
};

G_DEFINE_FINAL_TYPE (HycoMostRecent, hyco_most_recent, HYCO_TYPE_ACTOR)
HYCO_REGISTER_DEFINE (most_recent, HYCO_TYPE_MOST_RECENT, "MostRecent",
                      "ptolemy.domains.de.lib.Sampler")

enum
{
  PROP_0,
  PROP_INITIAL_VALUE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
clear_last (HycoMostRecent *self)
{
  for (guint i = 0; i < self->n_last; i++)
    hyco_value_clear (&self->last[i]);
  g_clear_pointer (&self->last, g_free);
  self->n_last = 0;
}

static void
hyco_most_recent_constructed (GObject *object)
{
  HycoMostRecent *self = HYCO_MOST_RECENT (object);

  G_OBJECT_CLASS (hyco_most_recent_parent_class)->constructed (object);
  self->input = hyco_actor_get_port (HYCO_ACTOR (self), "input");
  self->trigger = hyco_actor_get_port (HYCO_ACTOR (self), "trigger");
  self->output = hyco_actor_get_port (HYCO_ACTOR (self), "output");
}

static void
hyco_most_recent_finalize (GObject *object)
{
  HycoMostRecent *self = HYCO_MOST_RECENT (object);

  g_free (self->initial_literal);
  hyco_value_clear (&self->initial);
  clear_last (self);
  G_OBJECT_CLASS (hyco_most_recent_parent_class)->finalize (object);
}

static void
hyco_most_recent_get_property (GObject *object, guint prop_id, GValue *value,
                               GParamSpec *pspec)
{
  HycoMostRecent *self = HYCO_MOST_RECENT (object);

  switch (prop_id)
    {
    case PROP_INITIAL_VALUE:
      g_value_set_string (value, self->initial_literal);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hyco_most_recent_set_property (GObject *object, guint prop_id, const GValue *value,
                               GParamSpec *pspec)
{
  HycoMostRecent *self = HYCO_MOST_RECENT (object);

  switch (prop_id)
    {
    case PROP_INITIAL_VALUE:
      if (_hyco_actors_set_literal (&self->initial_literal, value, pspec))
        g_object_notify_by_pspec (object, pspec);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static gboolean
hyco_most_recent_preinitialize (HycoActor *actor, GError **error)
{
  HycoMostRecent *self = HYCO_MOST_RECENT (actor);

  hyco_value_clear (&self->initial);
  /* Blank, as by default: no output at a trigger before the first input. */
  if (self->initial_literal == NULL || *self->initial_literal == '\0')
    return TRUE;
  return _hyco_actors_parse_value (actor, "initialValue", self->initial_literal, &self->initial,
                                   error);
}

static gboolean
hyco_most_recent_initialize (HycoActor *actor, GError **error)
{
  HycoMostRecent *self = HYCO_MOST_RECENT (actor);

  clear_last (self);
  self->n_last = hyco_port_get_width (self->input);
  self->last = g_new0 (HycoValue, MAX (self->n_last, 1));
  for (guint i = 0; i < self->n_last; i++)
    hyco_value_assign (&self->last[i], &self->initial);
  return TRUE;
}

static gboolean
hyco_most_recent_fire (HycoActor *actor, GError **error)
{
  HycoMostRecent *self = HYCO_MOST_RECENT (actor);
  gboolean triggered = hyco_port_any_present (self->trigger);
  guint n = MIN (self->n_last, hyco_port_get_width (self->output));

  for (guint i = 0; i < n; i++)
    {
      const HycoValue *x = triggered ? hyco_port_get_value (self->input, i) : NULL;

      if (x == NULL && triggered && hyco_value_get_value_type (&self->last[i]) != HYCO_VALUE_TYPE_NONE)
        x = &self->last[i];
      if (x != NULL)
        hyco_port_send (self->output, i, x);
      else
        hyco_port_send_absent (self->output, i);
    }
  return TRUE;
}

/* The inputs are remembered when the tag is committed, triggered or not. */
static gboolean
hyco_most_recent_postfire (HycoActor *actor, GError **error)
{
  HycoMostRecent *self = HYCO_MOST_RECENT (actor);

  for (guint i = 0; i < self->n_last; i++)
    {
      const HycoValue *x = hyco_port_get_value (self->input, i);

      if (x != NULL)
        hyco_value_assign (&self->last[i], x);
    }
  return TRUE;
}

static gboolean
hyco_most_recent_wrapup (HycoActor *actor, GError **error)
{
  clear_last (HYCO_MOST_RECENT (actor));
  return TRUE;
}

static void
hyco_most_recent_class_init (HycoMostRecentClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  object_class->constructed = hyco_most_recent_constructed;
  object_class->finalize = hyco_most_recent_finalize;
  object_class->get_property = hyco_most_recent_get_property;
  object_class->set_property = hyco_most_recent_set_property;
  actor_class->preinitialize = hyco_most_recent_preinitialize;
  actor_class->initialize = hyco_most_recent_initialize;
  actor_class->fire = hyco_most_recent_fire;
  actor_class->postfire = hyco_most_recent_postfire;
  actor_class->wrapup = hyco_most_recent_wrapup;

  hyco_actor_class_set_description (actor_class,
                                    "Outputs the most recent input of each channel when "
                                    "triggered");
  hyco_actor_class_add_port (actor_class, "input", HYCO_PORT_INPUT | HYCO_PORT_MULTIPORT,
                             "The signals remembered, one per channel");
  hyco_actor_class_add_port (actor_class, "trigger", HYCO_PORT_INPUT | HYCO_PORT_MULTIPORT,
                             "An event on any channel outputs the remembered inputs");
  hyco_actor_class_add_port (actor_class, "output", HYCO_PORT_OUTPUT | HYCO_PORT_MULTIPORT,
                             "Channel i: the most recent event of input channel i where the "
                             "trigger is present, absent elsewhere");

  /**
   * HycoMostRecent:initialValue:
   *
   * What a trigger outputs before any input came, as a value literal; blank (the default):
   * nothing.
   */
  properties[PROP_INITIAL_VALUE] = hyco_param_spec_literal (
    "initialValue", "The output at a trigger before any input (blank: none)",
    HYCO_PARAM_KIND_VALUE, "");
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hyco_most_recent_init (HycoMostRecent *self)
{
  self->initial_literal = g_strdup ("");
}
