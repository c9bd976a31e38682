/* hyco-pre.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actor-helpers-private.h"
#include "hyco-actors.h"

/**
 * HycoPre:
 *
 * The previous value of a signal, for synchronous-reactive models: at each tick the output is
 * the most recent value the input had at an earlier tick (Esterel's `pre(?S)`), absent until
 * the input has been present once. The value is taken when the tick is committed, so the
 * output never depends on the input at the same tick and the actor breaks feedback loops.
 *
 * The actor is meant for the SR director, which fires every actor at every tick. A DE
 * director fires it only where its input is present, and then it produces the previous
 * present input (Ptolemy II's Pre without an initial value); since that output exists only
 * because the input is present, under DE the actor is strict and does not break loops.
 */
struct _HycoPre
{
  HycoActor parent_instance;

  gboolean has_value;
  HycoValue value;

  HycoPort *input;
  HycoPort *output;
};

G_DEFINE_FINAL_TYPE (HycoPre, hyco_pre, HYCO_TYPE_ACTOR)
HYCO_REGISTER_DEFINE (pre, HYCO_TYPE_PRE, "Pre")

static void
hyco_pre_constructed (GObject *object)
{
  HycoPre *self = HYCO_PRE (object);

  G_OBJECT_CLASS (hyco_pre_parent_class)->constructed (object);
  self->input = hyco_actor_get_port (HYCO_ACTOR (self), "input");
  self->output = hyco_actor_get_port (HYCO_ACTOR (self), "output");
}

static void
hyco_pre_finalize (GObject *object)
{
  hyco_value_clear (&HYCO_PRE (object)->value);
  G_OBJECT_CLASS (hyco_pre_parent_class)->finalize (object);
}

static gboolean
hyco_pre_initialize (HycoActor *actor, GError **error)
{
  HycoPre *self = HYCO_PRE (actor);

  self->has_value = FALSE;
  hyco_value_clear (&self->value);
  return TRUE;
}

static gboolean
hyco_pre_fire (HycoActor *actor, GError **error)
{
  HycoPre *self = HYCO_PRE (actor);

  /* The input may still be unknown: the output does not depend on it. */
  if (self->has_value)
    hyco_port_send (self->output, 0, &self->value);
  else
    hyco_port_send_absent (self->output, 0);
  return TRUE;
}

static gboolean
hyco_pre_postfire (HycoActor *actor, GError **error)
{
  HycoPre *self = HYCO_PRE (actor);
  const HycoValue *x = hyco_port_get_value (self->input, 0);

  if (x != NULL)
    {
      hyco_value_assign (&self->value, x);
      self->has_value = TRUE;
    }
  return TRUE;
}

/* Under DE the output exists only where the input is present: the actor is strict there. */
static gboolean
hyco_pre_is_strict (HycoActor *actor)
{
  return _hyco_actors_fired_only_when_triggered (actor);
}

static gboolean
hyco_pre_output_depends_on (HycoActor *actor, HycoPort *output, HycoPort *input)
{
  return FALSE;
}

static void
hyco_pre_class_init (HycoPreClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  object_class->constructed = hyco_pre_constructed;
  object_class->finalize = hyco_pre_finalize;
  actor_class->initialize = hyco_pre_initialize;
  actor_class->fire = hyco_pre_fire;
  actor_class->postfire = hyco_pre_postfire;
  actor_class->is_strict = hyco_pre_is_strict;
  actor_class->output_depends_on = hyco_pre_output_depends_on;

  hyco_actor_class_set_description (actor_class,
                                    "The most recent present input of an earlier tick (for SR)");
  hyco_actor_class_add_port (actor_class, "input", HYCO_PORT_INPUT, "The signal to remember");
  hyco_actor_class_add_port (actor_class, "output", HYCO_PORT_OUTPUT,
                             "The last value the input had before this tick; absent until "
                             "it has had one");
}

static void
hyco_pre_init (HycoPre *self)
{
}
