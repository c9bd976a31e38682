/* hyco-modal-director.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-director-private.h"
#include "hyco-modal-private.h"

/**
 * HycoModalDirector:
 *
 * The director of a #HycoModalModel (Ptolemy II's FSMDirector): it runs the state machine
 * that controls the modal model and, while a state is current, that state's refinement.
 *
 * Each firing at a tag first tests the current state's preemptive transitions; if none is
 * enabled the refinement fires, then the other transitions are tested, their guards seeing
 * the inputs and what the refinement produced. The modal model's outputs are the refinement's,
 * overridden by the enabled transition's output actions. Nothing is committed until postfire:
 * then the refinement commits, the transition is taken (set actions, new current state), a
 * reset transition initializes the destination's refinement again, and the modal model asks to
 * fire again one microstep later, so a mode switch is a discontinuity at one time, never a
 * jump in time. Under a synchronous director (SR: every actor fired at every tick) the
 * transition is part of the reaction that enabled it, and the new state reacts at the next
 * tick; no extra reaction is asked for.
 *
 * Inside a continuous director, a guard that becomes true during an integration step (a level
 * crossing, see #HycoModalModel) is found at the step's end, (t, 0), where the signals are
 * still the old mode's continuous ones; the transition is taken at (t, 1), as a zero-crossing
 * detector emits its event there, and the new mode runs from (t, 2). To that continuous
 * director it is a #HycoContinuousStatefulDirector that keeps its container's time: the
 * solver outside integrates the states of the active refinement, and collects them again
 * after a mode switch (hyco_director_notify_states_changed()).
 *
 * A refinement has its own local time, as in Ptolemy II: the time it has been active. It
 * stands still while the refinement is inactive, so a history transition resumes the
 * refinement where its time stopped, and what it had scheduled (a clock's next tick) comes as
 * long after the resumption as it was due after the suspension. A reset transition initializes
 * it again, and its director's startTime says where local time restarts: at that value when
 * given, at the model's time of the transition when blank (Ptolemy II's default: the director
 * starts at the time of its environment). At the instant it becomes active, its microsteps
 * continue from where they were. The initial state's refinement runs on model time until it
 * is first left.
 *
 * A transition may have a refinement too (Ptolemy II's transition refinement): fired when the
 * transition is taken, after its output actions, it produces the outputs it writes in their
 * place (see fire_transition_refinements()).
 *
 * Refinements connect to the modal model's ports by name: a refinement's port `x` reads the
 * modal model's input `x`, and its output `y` becomes the modal model's output `y` while the
 * refinement is active.
 */

typedef struct
{
  HycoCompositeActor *composite; /* unowned: the modal model owns it */
  HycoPort **outputs; /* per output of the modal model, the refinement's port of that name */

  HycoDirector *director; /* unowned: its director, which keeps the refinement's local time */
  HycoTag stopped;        /* the local tag at which it last became inactive */
} Refinement;

struct _HycoModalDirector
{
  HycoDirector parent_instance;

  HycoFSMActor *controller; /* unowned */
  GArray *refinements;      /* Refinement */
  GPtrArray *outputs;       /* the modal model's output ports, unowned */
  Refinement *active;
  GPtrArray *transient; /* Refinement*: of states passed through, fired at this tag */
  GPtrArray *taken;     /* Refinement*: of the chosen transitions, fired at this tag */
  gboolean refinement_fired;
  gboolean continuous;   /* a continuous director keeps the modal model's time */
  gboolean step_end;     /* firing at the end of an integration step: transitions wait */
  gint64 committed_time; /* of the last postfire: where a step being checked started */
  guint64 transitions;
};

static void hyco_modal_director_stateful_init (HycoContinuousStatefulDirectorInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (HycoModalDirector, hyco_modal_director, HYCO_TYPE_DIRECTOR,
                               G_IMPLEMENT_INTERFACE (HYCO_TYPE_CONTINUOUS_STATEFUL_DIRECTOR,
                                                      hyco_modal_director_stateful_init))

static HycoTag
to_local (const Refinement *refinement, const HycoTag *tag)
{
  HycoTag local;

  hyco_director_outer_to_local_tag (refinement->director, tag, &local);
  return local;
}

static HycoTag
to_model (const Refinement *refinement, const HycoTag *local)
{
  HycoTag tag;

  hyco_director_local_to_outer_tag (refinement->director, local, &tag);
  return tag;
}

/* Where the local time of @refinement restarts when a transition initializes it again, at the
 * model's tag @now. As in Ptolemy II, its director's startTime decides: given, local time
 * restarts there (the director shifts it from 0 by that value, see hyco_director_initialize());
 * blank, the director starts at the time of its environment, and local time goes on as the
 * model's time from then on. */
static HycoTag
restart_tag (const Refinement *refinement, const HycoTag *now)
{
  const char *literal = _hyco_director_get_private (refinement->director)->start_time_literal;
  HycoTag zero = { 0, 0 };

  if (literal == NULL || literal[strspn (literal, " \t\n\r")] == '\0')
    return *now;
  return zero;
}

static void
clear_refinements (HycoModalDirector *self)
{
  for (guint i = 0; i < self->refinements->len; i++)
    g_free (g_array_index (self->refinements, Refinement, i).outputs);
  g_array_set_size (self->refinements, 0);
  g_ptr_array_set_size (self->outputs, 0);
  if (self->transient != NULL)
    g_ptr_array_set_size (self->transient, 0);
  if (self->taken != NULL)
    g_ptr_array_set_size (self->taken, 0);
  self->active = NULL;
  self->controller = NULL;
}

static void
hyco_modal_director_finalize (GObject *object)
{
  HycoModalDirector *self = HYCO_MODAL_DIRECTOR (object);

  clear_refinements (self);
  g_array_unref (self->refinements);
  g_ptr_array_unref (self->outputs);
  g_ptr_array_unref (self->transient);
  g_ptr_array_unref (self->taken);
  G_OBJECT_CLASS (hyco_modal_director_parent_class)->finalize (object);
}

static Refinement *
find_refinement (HycoModalDirector *self, const char *name)
{
  for (guint i = 0; name != NULL && i < self->refinements->len; i++)
    {
      Refinement *refinement = &g_array_index (self->refinements, Refinement, i);
      if (g_str_equal (hyco_actor_get_name (HYCO_ACTOR (refinement->composite)), name))
        return refinement;
    }
  return NULL;
}

/* For the syntax and the wiring, see hyco-modal-private.h. */
HycoPort *
_hyco_modal_mirrored_output (HycoActor *modal, HycoActor *owner, const char *name)
{
  g_autofree char *output = NULL;
  HycoPort *port, *mirrored;

  if (owner == modal || HYCO_IS_FSM_ACTOR (owner) || !g_str_has_suffix (name, "_in")
      || hyco_actor_get_port (modal, name) != NULL)
    return NULL;
  port = hyco_actor_get_port (owner, name);
  output = g_strndup (name, strlen (name) - strlen ("_in"));
  mirrored = hyco_actor_get_port (modal, output);
  if (port == NULL || !hyco_port_is_input (port) || mirrored == NULL
      || !hyco_port_is_output (mirrored))
    return NULL;
  return mirrored;
}

/* A refinement's port reads or feeds the modal model's port of the same name; a transition
 * refinement's input `y_in`, for the modal model's output y, is accepted. */
static gboolean
wire_refinement (HycoModalDirector *self, HycoCompositeActor *container, Refinement *refinement,
                 GError **error)
{
  HycoActor *actor = HYCO_ACTOR (refinement->composite);
  GPtrArray *ports = _hyco_actor_get_private (actor)->ports;

  refinement->outputs = g_new0 (HycoPort *, MAX (self->outputs->len, 1));
  for (guint i = 0; i < ports->len; i++)
    {
      HycoPort *port = ports->pdata[i];
      HycoPort *outer = hyco_actor_get_port (HYCO_ACTOR (container), port->name);
      gboolean input = (port->flags & HYCO_PORT_INPUT) != 0;
      HycoPort *mirrored = _hyco_modal_mirrored_output (HYCO_ACTOR (container), actor, port->name);

      /* Ptolemy II feeds it what the state's refinement and the output actions produced; here
       * it is absent. */
      if (mirrored != NULL)
        {
          _hyco_port_set_sources (port, 1);
          continue;
        }

      /* A multiport pair (Ptolemy II's ModalPort and RefinementPort marked multiport) of one
       * channel outside is a single port. */
      gboolean single = !hyco_port_is_multiport (port)
                        || (outer != NULL && hyco_port_is_multiport (outer)
                            && hyco_port_get_width (outer) <= 1);

      if (outer == NULL || (input ? !hyco_port_is_input (outer) : !hyco_port_is_output (outer))
          || !single)
        {
          hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_STRUCTURE,
                                "the refinement's %s %s has no match: a refinement's ports are "
                                "single ports named like the %s of its modal model %s",
                                input ? "input" : "output", port->name,
                                input ? "inputs" : "outputs",
                                hyco_actor_get_name (HYCO_ACTOR (container)));
          return FALSE;
        }
      if (input)
        {
          _hyco_port_set_sources (port, 1);
          port->sources[0] = &outer->signals[0];
          port->source_ports[0] = outer;
          continue;
        }
      for (guint o = 0; o < self->outputs->len; o++)
        if (self->outputs->pdata[o] == outer)
          refinement->outputs[o] = port;
    }
  return TRUE;
}

/* Whether @refinement's output named like @output depends on its input named like @input;
 * @constructive tells whether it may produce it before knowing that input. */
static gboolean
refinement_depends (const Refinement *refinement, HycoPort *output, HycoPort *input,
                    gboolean *constructive)
{
  HycoActor *actor = HYCO_ACTOR (refinement->composite);
  HycoPort *inner_output = hyco_actor_get_port (actor, output->name);
  HycoPort *inner_input = hyco_actor_get_port (actor, input->name);

  *constructive = FALSE;
  if (inner_output == NULL || inner_input == NULL || !hyco_port_is_output (inner_output)
      || !hyco_port_is_input (inner_input)
      || !hyco_actor_output_depends_on (actor, inner_output, inner_input))
    return FALSE;
  *constructive
    = _hyco_composite_actor_is_constructive (refinement->composite, inner_output, inner_input);
  return TRUE;
}

/* Whether a transition @which selects (of the current state only, with @current) reads
 * @input, in its guard or output actions, directly or through an output a refinement computes
 * from it; with @output, only among the transitions whose output actions write @output. */
static gboolean
controller_reads (HycoModalDirector *self, HycoFSMChoice which, gboolean current, HycoPort *output,
                  HycoPort *input)
{
  gboolean constructive;

  if (_hyco_fsm_actor_transitions_read (self->controller, which, current, output, input))
    return TRUE;
  for (guint o = 0; o < self->outputs->len; o++)
    if (_hyco_fsm_actor_transitions_read (self->controller, which, current, output,
                                          self->outputs->pdata[o]))
      for (guint r = 0; r < self->refinements->len; r++)
        if (refinement_depends (&g_array_index (self->refinements, Refinement, r),
                                self->outputs->pdata[o], input, &constructive))
          return TRUE;
  return FALSE;
}

/* Whether some refinement has an output named like @output. */
static gboolean
refined_output (HycoModalDirector *self, HycoPort *output)
{
  for (guint r = 0; r < self->refinements->len; r++)
    {
      HycoPort *inner = hyco_actor_get_port (
        HYCO_ACTOR (g_array_index (self->refinements, Refinement, r).composite), output->name);
      if (inner != NULL && hyco_port_is_output (inner))
        return TRUE;
    }
  return FALSE;
}

/* The modal model's causality interface follows its contents, as Ptolemy II's does: an output
 * depends on an input when the output of that name of some refinement depends on the input of
 * that name, or when a transition whose output actions write the output reads the input (in
 * its guard or those actions). A preemptive transition decides whether the refinement fires at
 * all: every output depends on what it reads. It is constructive (the modal model may produce
 * the output before knowing the input) only through refinements that are. */
static void
declare_causality (HycoModalDirector *self, HycoCompositeActor *container)
{
  GPtrArray *ports = _hyco_actor_get_private (HYCO_ACTOR (container))->ports;
  guint n = ports->len;
  gboolean *depends = g_new0 (gboolean, MAX (n * n, 1));
  gboolean *constructive = g_new0 (gboolean, MAX (n * n, 1));

  for (guint i = 0; i < n; i++)
    {
      HycoPort *input = ports->pdata[i];
      gboolean preempts;
      if (!(input->flags & HYCO_PORT_INPUT))
        continue;
      preempts = controller_reads (self, HYCO_FSM_CHOICE_PREEMPTIVE, FALSE, NULL, input);
      for (guint o = 0; o < n; o++)
        {
          HycoPort *output = ports->pdata[o];
          gboolean through = FALSE, partial = FALSE, controls;
          if (!(output->flags & HYCO_PORT_OUTPUT))
            continue;
          for (guint r = 0; r < self->refinements->len; r++)
            {
              gboolean c;
              if (refinement_depends (&g_array_index (self->refinements, Refinement, r), output,
                                      input, &c))
                {
                  through = TRUE;
                  partial |= c;
                }
            }
          controls = preempts || controller_reads (self, HYCO_FSM_CHOICE_ALL, FALSE, output, input);
          depends[o * n + i] = controls || through;
          /* Through transitions only (not preemptive ones, which decide whether a refinement
           * runs at all), and with no refinement producing it, the output may be known before
           * the input: in a state where no transition writes it it is absent (Ptolemy II's may
           * analysis); the firing leaves it unknown where a transition may write it. A loop
           * through a refinement's output is still refused before the run. */
          constructive[o * n + i]
            = through ? !controls && partial
                      : !preempts && !refined_output (self, output)
                          && _hyco_fsm_actor_has_silent_state (self->controller, output);
        }
    }
  _hyco_composite_actor_set_dependencies (container, depends, constructive);
}

/* Whether the transitions of the current state that @which selects can be tested: every input
 * they read is known. Fired before all its inputs are known, the modal model tests them only
 * then; @all_known tells whether every input is. */
static gboolean
controller_can_choose (HycoModalDirector *self, HycoDirectorPrivate *priv, HycoFSMChoice which,
                       gboolean *all_known)
{
  GPtrArray *ports = _hyco_actor_get_private (HYCO_ACTOR (priv->container))->ports;
  gboolean can = TRUE;

  *all_known = TRUE;
  for (guint i = 0; i < ports->len; i++)
    {
      HycoPort *port = ports->pdata[i];
      if (!(port->flags & HYCO_PORT_INPUT) || port->n_signals == 0
          || hyco_signal_status (&port->signals[0]) != HYCO_SIGNAL_UNKNOWN)
        continue;
      *all_known = FALSE;
      can = can && !controller_reads (self, which, TRUE, NULL, port);
    }
  return can;
}

static gboolean
hyco_modal_director_preinitialize (HycoDirector *director, GError **error)
{
  HycoModalDirector *self = HYCO_MODAL_DIRECTOR (director);
  HycoDirectorPrivate *priv = _hyco_director_get_private (director);
  HycoCompositeActor *container = priv->container;
  GPtrArray *relations = hyco_composite_actor_get_relations (container);
  GPtrArray *actors = hyco_composite_actor_get_actors (container);
  GPtrArray *ports = _hyco_actor_get_private (HYCO_ACTOR (container))->ports;
  gboolean ok = FALSE;

  clear_refinements (self);
  if (!HYCO_IS_MODAL_MODEL (container))
    {
      hyco_actor_set_error (HYCO_ACTOR (container), error, HYCO_ACTOR_ERROR_STRUCTURE,
                            "a modal director governs modal models only");
      goto out;
    }
  if (relations->len > 0)
    {
      hyco_actor_set_error (HYCO_ACTOR (container), error, HYCO_ACTOR_ERROR_STRUCTURE,
                            "relation %s: a modal model has no relations inside; its refinements "
                            "connect to its ports by name",
                            hyco_relation_get_name (relations->pdata[0]));
      goto out;
    }
  for (guint i = 0; i < actors->len; i++)
    {
      HycoActor *actor = actors->pdata[i];
      if (HYCO_IS_FSM_ACTOR (actor) && self->controller == NULL)
        self->controller = HYCO_FSM_ACTOR (actor);
      else if (HYCO_IS_COMPOSITE_ACTOR (actor)
               && hyco_composite_actor_is_opaque (HYCO_COMPOSITE_ACTOR (actor)))
        {
          Refinement refinement = { HYCO_COMPOSITE_ACTOR (actor), NULL };
          g_array_append_val (self->refinements, refinement);
        }
      else
        {
          hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_STRUCTURE,
                                "a modal model holds one state machine (its controller) and "
                                "composites (the refinements of its states), nothing else");
          goto out;
        }
    }
  if (self->controller == NULL)
    {
      hyco_actor_set_error (HYCO_ACTOR (container), error, HYCO_ACTOR_ERROR_STRUCTURE,
                            "a modal model needs a state machine, its controller");
      goto out;
    }
  for (guint i = 0; i < ports->len; i++)
    if (((HycoPort *) ports->pdata[i])->flags & HYCO_PORT_OUTPUT)
      g_ptr_array_add (self->outputs, ports->pdata[i]);
  if (_hyco_actor_get_private (HYCO_ACTOR (self->controller))->ports->len > 0)
    {
      hyco_actor_set_error (HYCO_ACTOR (self->controller), error, HYCO_ACTOR_ERROR_STRUCTURE,
                            "the controller of a modal model has no ports: its guards and "
                            "actions name the modal model's ports");
      goto out;
    }
  for (guint s = 0; s < hyco_fsm_actor_get_n_states (self->controller); s++)
    {
      const char *name = hyco_fsm_actor_get_state_refinement (self->controller, s);
      if (name != NULL && find_refinement (self, name) == NULL)
        {
          hyco_actor_set_error (HYCO_ACTOR (self->controller), error, HYCO_ACTOR_ERROR_STRUCTURE,
                                "state %s: no refinement named \"%s\" in the modal model",
                                hyco_fsm_actor_get_state (self->controller, s, NULL, NULL), name);
          goto out;
        }
    }
  for (guint t = 0; t < hyco_fsm_actor_get_n_transitions (self->controller); t++)
    {
      const char *name = hyco_fsm_actor_get_transition_refinement (self->controller, t);
      const char *from, *to;
      if (name == NULL || find_refinement (self, name) != NULL)
        continue;
      hyco_fsm_actor_get_transition (self->controller, t, &from, &to, NULL, NULL, NULL);
      hyco_actor_set_error (HYCO_ACTOR (self->controller), error, HYCO_ACTOR_ERROR_STRUCTURE,
                            "the transition from %s to %s: no refinement named \"%s\" in the "
                            "modal model",
                            from, to, name);
      goto out;
    }
  /* The base class wires what it can (nothing inside is linked); the refinements' ports are
   * then wired by name. */
  if (!HYCO_DIRECTOR_CLASS (hyco_modal_director_parent_class)->preinitialize (director, error))
    goto out;
  priv->wants_every_tag = FALSE;
  self->continuous = hyco_director_get_enclosing_continuous_director (director) != NULL;
  for (guint i = 0; i < self->refinements->len; i++)
    {
      Refinement *refinement = &g_array_index (self->refinements, Refinement, i);
      refinement->director = hyco_composite_actor_get_director (refinement->composite);
      if (!wire_refinement (self, container, refinement, error))
        goto out;
      priv->wants_every_tag |= hyco_director_wants_every_tag (refinement->director);
    }
  declare_causality (self, container);
  ok = TRUE;
out:
  g_ptr_array_unref (relations);
  g_ptr_array_unref (actors);
  return ok;
}

static gboolean
hyco_modal_director_initialize (HycoDirector *director, GError **error)
{
  HycoModalDirector *self = HYCO_MODAL_DIRECTOR (director);

  self->transitions = 0;
  self->committed_time = 0;
  self->refinement_fired = FALSE;
  /* The controller and every refinement are initialized; only the initial state's runs. */
  for (guint i = 0; i < self->refinements->len; i++)
    {
      Refinement *refinement = &g_array_index (self->refinements, Refinement, i);
      refinement->stopped.time = 0;
      refinement->stopped.microstep = 0;
      hyco_director_set_local_time (refinement->director, &refinement->stopped,
                                    &refinement->stopped);
    }
  if (!HYCO_DIRECTOR_CLASS (hyco_modal_director_parent_class)->initialize (director, error))
    return FALSE;
  self->active = find_refinement (self, _hyco_fsm_actor_get_current_refinement (self->controller));
  return TRUE;
}

/* With some inputs unknown: an output that no transition of the current state may write (nor
 * an immediate transition after it), in a state without refinement, is absent whatever the
 * inputs turn out to be (Ptolemy II's may analysis, which breaks causality loops through a
 * state machine that cannot react in its current state). */
static void
assert_silent_outputs_absent (HycoModalDirector *self)
{
  if (self->active != NULL || _hyco_fsm_actor_is_final (self->controller))
    return;
  for (guint o = 0; o < self->outputs->len; o++)
    {
      HycoPort *output = self->outputs->pdata[o];
      if (output->n_signals == 0 || hyco_signal_status (&output->signals[0]) != HYCO_SIGNAL_UNKNOWN
          || _hyco_fsm_actor_transitions_write (self->controller, HYCO_FSM_CHOICE_ALL, TRUE,
                                                output))
        continue;
      hyco_signal_set_absent (&output->signals[0]);
    }
}

/* The chosen transitions pass through states with refinements: as in Ptolemy II, each such
 * refinement runs in the firing, after the transition into its state (initialized first when
 * that transition resets it), and what it produces replaces what came before, until a later
 * transition's output action replaces it in turn. They commit in postfire, and stay inactive. */
static gboolean
fire_transient_refinements (HycoModalDirector *self, HycoDirectorPrivate *priv, GError **error)
{
  guint length = _hyco_fsm_actor_get_chain_length (self->controller);
  HycoTag now = priv->current;

  g_ptr_array_set_size (self->transient, 0);
  for (guint c = 1; c < length; c++)
    {
      gboolean reset = FALSE, ok = TRUE;
      Refinement *refinement = find_refinement (
        self, _hyco_fsm_actor_get_transient_refinement (self->controller, c, &reset));
      HycoActor *actor;
      if (refinement == NULL)
        continue;
      actor = HYCO_ACTOR (refinement->composite);
      if (reset)
        {
          HycoTag start = restart_tag (refinement, &now);
          hyco_director_set_local_time (refinement->director, &start, &now);
          priv->current = start;
          ok = hyco_actor_initialize (actor, error);
        }
      else
        hyco_director_set_local_time (refinement->director, &refinement->stopped, &now);
      priv->current = to_local (refinement, &now);
      if (ok && hyco_actor_prefire (actor))
        {
          ok = hyco_actor_fire (actor, error);
          g_ptr_array_add (self->transient, refinement);
          priv->firings++;
        }
      priv->current = now;
      if (!ok)
        return FALSE;
      for (guint o = 0; o < self->outputs->len; o++)
        {
          HycoPort *output = self->outputs->pdata[o];
          HycoPort *inner = refinement->outputs[o];
          if (output->n_signals == 0 || inner == NULL || inner->n_signals == 0
              || hyco_signal_status (&inner->signals[0]) != HYCO_SIGNAL_PRESENT
              || _hyco_fsm_actor_chain_writes_from (self->controller, c, output))
            continue;
          _hyco_signal_copy (&output->signals[0], &inner->signals[0]);
        }
    }
  return TRUE;
}

/* A transition refinement fires only when its transition is taken: what its director asked
 * for before the model's tag @now (its initial firing, ticks while the transition was not
 * taken) can no longer be honoured, and is dropped, as from a suspended refinement. */
static void
drop_requests_before (Refinement *refinement, const HycoTag *now)
{
  HycoTagQueue *queue = _hyco_director_get_private (refinement->director)->queue;
  g_autoptr (GArray) missed = g_array_new (FALSE, FALSE, sizeof (HycoTag));

  for (guint i = 0; i < hyco_director_get_n_pending_requests (refinement->director); i++)
    {
      HycoTag local, tag;
      hyco_director_get_pending_request (refinement->director, i, &local);
      tag = to_model (refinement, &local);
      if (hyco_tag_compare (&tag, now) < 0)
        g_array_append_val (missed, local);
    }
  for (guint i = 0; queue != NULL && i < missed->len; i++)
    _hyco_tag_queue_take (queue, &g_array_index (missed, HycoTag, i));
  if (queue != NULL && missed->len > 0)
    _hyco_tag_queue_release (queue);
}

/* The chosen transitions' refinements (Ptolemy II's transition refinements) fire after their
 * output actions, in the order of the chain. What they produce on an output, present or
 * absent, is the modal model's, unless a later transition of the chain writes it: the output
 * actions of their own and earlier transitions on it are not even produced, and the state's
 * refinement fills in only the outputs they leave. They run in the model's time, never
 * suspended, and commit in postfire. */
static gboolean
fire_transition_refinements (HycoModalDirector *self, HycoDirectorPrivate *priv, GError **error)
{
  guint length = _hyco_fsm_actor_get_chain_length (self->controller);

  g_ptr_array_set_size (self->taken, 0);
  for (guint c = 0; c < length; c++)
    {
      Refinement *refinement
        = find_refinement (self, _hyco_fsm_actor_get_chain_refinement (self->controller, c));
      HycoActor *actor;
      HycoTag now = priv->current;
      gboolean ok = TRUE;
      if (refinement == NULL)
        continue;
      actor = HYCO_ACTOR (refinement->composite);
      drop_requests_before (refinement, &now);
      priv->current = to_local (refinement, &now);
      if (hyco_actor_prefire (actor))
        {
          ok = hyco_actor_fire (actor, error);
          g_ptr_array_add (self->taken, refinement);
          priv->firings++;
        }
      priv->current = now;
      if (!ok)
        return FALSE;
      for (guint o = 0; o < self->outputs->len; o++)
        {
          HycoPort *output = self->outputs->pdata[o];
          HycoPort *inner = refinement->outputs[o];
          if (output->n_signals == 0 || inner == NULL || inner->n_signals == 0
              || _hyco_fsm_actor_chain_writes_from (self->controller, c + 1, output))
            continue;
          _hyco_signal_copy (&output->signals[0], &inner->signals[0]);
        }
    }
  return TRUE;
}

static gboolean
hyco_modal_director_fire (HycoDirector *director, GError **error)
{
  HycoModalDirector *self = HYCO_MODAL_DIRECTOR (director);
  HycoDirectorPrivate *priv = _hyco_director_get_private (director);
  HycoFSMChoice later;
  gboolean all_known, can_preempt, undecided = FALSE;

  priv->epoch.value++;
  _hyco_director_transfer_inputs (director);
  self->refinement_fired = FALSE;
  /* Under Ptolemy II's continuous director a transition enabled at a step's end is taken
   * there, the step having been refined to end at the crossing (its HybridModalDirector). */
  self->step_end = self->continuous && priv->current.microstep == 0
                   && priv->current.time > self->committed_time
                   && !(_hyco_fsm_actor_get_guard_tolerance (self->controller) > 0);
  later = self->step_end ? HYCO_FSM_CHOICE_ALL : HYCO_FSM_CHOICE_NON_PREEMPTIVE;
  /* Fired before all its inputs are known (its causality interface allows it), it tests
   * transitions only once what they read is known, and leaves unknown what they may decide. */
  can_preempt = controller_can_choose (self, priv, HYCO_FSM_CHOICE_PREEMPTIVE, &all_known);
  if (!self->step_end && !can_preempt)
    {
      assert_silent_outputs_absent (self);
      return TRUE;
    }
  /* At a step's end the old mode runs, and any enabled transition is only noted. */
  if (!self->step_end
      && !_hyco_fsm_actor_choose (self->controller, HYCO_FSM_CHOICE_PREEMPTIVE, TRUE, error))
    return FALSE;
  if ((self->step_end || !_hyco_fsm_actor_has_chosen (self->controller)) && self->active != NULL)
    {
      HycoActor *refinement = HYCO_ACTOR (self->active->composite);
      HycoTag now = priv->current;
      gboolean ok = TRUE;
      /* The refinement, and the director inside, see its local time. */
      priv->current = to_local (self->active, &now);
      if (hyco_actor_prefire (refinement))
        {
          ok = hyco_actor_fire (refinement, error);
          self->refinement_fired = TRUE;
          priv->firings++;
        }
      priv->current = now;
      if (!ok)
        return FALSE;
    }
  if (self->step_end || !_hyco_fsm_actor_has_chosen (self->controller))
    undecided = !all_known && !controller_can_choose (self, priv, later, &all_known);
  if (self->step_end && !undecided
      && !_hyco_fsm_actor_choose (self->controller, HYCO_FSM_CHOICE_ALL, FALSE, error))
    return FALSE;
  if (!self->step_end && !undecided && !_hyco_fsm_actor_has_chosen (self->controller)
      && !_hyco_fsm_actor_choose (self->controller, HYCO_FSM_CHOICE_NON_PREEMPTIVE, TRUE, error))
    return FALSE;
  if (!self->step_end && !fire_transient_refinements (self, priv, error))
    return FALSE;
  g_ptr_array_set_size (self->taken, 0);
  if (!self->step_end && !undecided && _hyco_fsm_actor_has_chosen (self->controller)
      && !fire_transition_refinements (self, priv, error))
    return FALSE;
  /* What the output actions did not produce comes from the refinement. */
  for (guint o = 0; o < self->outputs->len; o++)
    {
      HycoPort *output = self->outputs->pdata[o];
      HycoPort *inner = self->refinement_fired ? self->active->outputs[o] : NULL;
      if (output->n_signals == 0 || hyco_signal_status (&output->signals[0]) != HYCO_SIGNAL_UNKNOWN)
        continue;
      if (undecided && !self->step_end
          && _hyco_fsm_actor_transitions_write (self->controller, later, TRUE, output))
        continue;
      if (inner != NULL && inner->n_signals > 0)
        _hyco_signal_copy (&output->signals[0], &inner->signals[0]);
      /* With inputs unknown, the director outside knows which outputs are settled. */
      if (all_known && hyco_signal_status (&output->signals[0]) == HYCO_SIGNAL_UNKNOWN)
        hyco_signal_set_absent (&output->signals[0]);
    }
  if (!all_known && !self->step_end && !self->refinement_fired && self->transient->len == 0
      && _hyco_fsm_actor_has_chosen (self->controller))
    {
      /* A transition chosen before the refinement could fire (a preemptive one) settles the
       * outputs whatever the inputs still unknown: what its output actions, and those of the
       * immediate transitions after it, did not write is absent, as in Ptolemy II. */
      for (guint o = 0; o < self->outputs->len; o++)
        {
          HycoPort *output = self->outputs->pdata[o];
          if (output->n_signals > 0
              && hyco_signal_status (&output->signals[0]) == HYCO_SIGNAL_UNKNOWN)
            hyco_signal_set_absent (&output->signals[0]);
        }
    }
  if (!all_known)
    assert_silent_outputs_absent (self);
  return TRUE;
}

static gboolean
ticks_synchronously (HycoActor *container)
{
  HycoDirector *outer = hyco_actor_get_executive_director (container);

  return outer != NULL && hyco_director_fires_every_actor (outer)
         && !hyco_director_wants_every_tag (outer);
}

/* The transition just taken made @self->active current, at the model's tag @now. */
static gboolean
activate (HycoModalDirector *self, HycoDirectorPrivate *priv, gboolean reset, const HycoTag *now,
          GError **error)
{
  Refinement *refinement = self->active;
  gboolean ok = TRUE;
  GArray *missed;
  HycoTagQueue *queue;
  gboolean synchronous = ticks_synchronously (HYCO_ACTOR (priv->container));

  if (reset)
    {
      HycoTag start = restart_tag (refinement, now);
      hyco_director_set_local_time (refinement->director, &start, now);
      priv->current = start;
      ok = hyco_actor_initialize (HYCO_ACTOR (refinement->composite), error);
      priv->current = *now;
      return ok;
    }
  /* History: local time goes on from where it stopped, and what the refinement had asked for
   * is asked of the container again at the model times that now correspond. A request for the
   * instant of the resumption or earlier (a periodic director's tick at local time 0, asked for
   * when the refinement was initialized and never active since) can no longer be honoured: it
   * is dropped, as Ptolemy II's suspended directors let it pass, and the refinement's director
   * catches up on its next firing. Under a synchronous director outside, the resumption ends
   * its tick: the rest of that time is gone too. */
  hyco_director_set_local_time (refinement->director, &refinement->stopped, now);
  missed = g_array_new (FALSE, FALSE, sizeof (HycoTag));
  for (guint i = 0; ok && i < hyco_director_get_n_pending_requests (refinement->director); i++)
    {
      HycoTag local, tag, granted;
      hyco_director_get_pending_request (refinement->director, i, &local);
      tag = to_model (refinement, &local);
      if (hyco_tag_compare (&tag, now) <= 0 || (synchronous && tag.time <= now->time))
        g_array_append_val (missed, local);
      else
        ok = hyco_actor_fire_at_tag (HYCO_ACTOR (priv->container), &tag, &granted, error);
    }
  queue = _hyco_director_get_private (refinement->director)->queue;
  for (guint i = 0; queue != NULL && i < missed->len; i++)
    _hyco_tag_queue_take (queue, &g_array_index (missed, HycoTag, i));
  if (queue != NULL && missed->len > 0)
    _hyco_tag_queue_release (queue);
  g_array_unref (missed);
  return ok;
}

/* In a final state without refinement the modal model is done, as Ptolemy II's postfire
 * returning false: its director fires it no more and its outputs are absent from then on,
 * while the rest of the model runs on. */
static gboolean
finish_if_final (HycoModalDirector *self, HycoActor *container)
{
  if (_hyco_fsm_actor_is_final (self->controller) && self->active == NULL)
    hyco_actor_finish (container);
  return TRUE;
}

/* Whether @refinement's director is Ptolemy II's continuous director: one that has guards
 * located as level crossings (see HycoContinuousStatefulDirectorInterface). */
static gboolean
runs_ptolemy_continuous (HycoCompositeActor *refinement)
{
  HycoDirector *inner = hyco_composite_actor_get_director (refinement);

  return HYCO_IS_CONTINUOUS_STATEFUL_DIRECTOR (inner)
         && hyco_continuous_stateful_director_get_guard_tolerance (
              HYCO_CONTINUOUS_STATEFUL_DIRECTOR (inner))
              > 0;
}

static gboolean
hyco_modal_director_postfire (HycoDirector *director, GError **error)
{
  HycoModalDirector *self = HYCO_MODAL_DIRECTOR (director);
  HycoDirectorPrivate *priv = _hyco_director_get_private (director);
  HycoActor *container = HYCO_ACTOR (priv->container);
  Refinement *previous = self->active;
  HycoTag now = priv->current, next, granted;
  gboolean taken, reset, ok = TRUE;

  if (self->refinement_fired)
    {
      priv->current = to_local (self->active, &now);
      ok = hyco_actor_postfire (HYCO_ACTOR (self->active->composite), error);
      priv->current = now;
      if (!ok)
        return FALSE;
    }
  for (guint i = 0; i < self->transient->len; i++)
    {
      Refinement *refinement = self->transient->pdata[i];
      priv->current = to_local (refinement, &now);
      ok = hyco_actor_postfire (HYCO_ACTOR (refinement->composite), error);
      priv->current = now;
      refinement->stopped = to_local (refinement, &now);
      if (!ok)
        return FALSE;
    }
  g_ptr_array_set_size (self->transient, 0);
  for (guint i = 0; i < self->taken->len; i++)
    {
      Refinement *refinement = self->taken->pdata[i];
      priv->current = to_local (refinement, &now);
      ok = hyco_actor_postfire (HYCO_ACTOR (refinement->composite), error);
      priv->current = now;
      if (!ok)
        return FALSE;
    }
  g_ptr_array_set_size (self->taken, 0);
  self->committed_time = now.time;
  if (self->step_end && _hyco_fsm_actor_has_chosen (self->controller))
    {
      /* A level crossing: the transition is taken one microstep later. */
      self->refinement_fired = FALSE;
      next.time = now.time;
      next.microstep = 1;
      return hyco_actor_fire_at_tag (container, &next, &granted, error);
    }
  /* Set actions still see what the refinement produced at this tag, and so does the memory of
   * where the next step starts. */
  ok = _hyco_fsm_actor_commit (self->controller, &taken, &reset, error);
  if (ok && !taken)
    _hyco_fsm_actor_remember_guard_inputs (self->controller);
  self->refinement_fired = FALSE;
  if (!ok)
    return FALSE;
  if (!taken)
    return finish_if_final (self, container);
  self->transitions++;
  if (previous != NULL)
    previous->stopped = to_local (previous, &now);
  self->active = find_refinement (self, _hyco_fsm_actor_get_current_refinement (self->controller));
  if (self->active != NULL && (reset || self->active != previous)
      && !activate (self, priv, reset, &now, error))
    return FALSE;
  hyco_director_notify_states_changed (director);
  /* Under a synchronous director (every actor fired at every tick, and no continuous signals
   * to settle) the transition is part of this reaction and the new state reacts at the next
   * tick, as in Ptolemy II. Elsewhere it reacts one microstep later, at the same time. */
  if (ticks_synchronously (container))
    return finish_if_final (self, container);
  next.time = now.time;
  next.microstep = now.microstep + 1;
  if (!hyco_actor_fire_at_tag (container, &next, &granted, error))
    return FALSE;
  /* Under Ptolemy II's continuous director a refinement entered without reset is resumed, and
   * its continuous director, resumed, asks to be fired once more at the same time. */
  if (_hyco_fsm_actor_get_guard_tolerance (self->controller) > 0 && !reset && self->active != NULL
      && runs_ptolemy_continuous (self->active->composite))
    {
      next.microstep = now.microstep + 2;
      if (!hyco_actor_fire_at_tag (container, &next, &granted, error))
        return FALSE;
    }
  return finish_if_final (self, container);
}

static gboolean
hyco_modal_director_fire_at (HycoDirector *director, HycoActor *actor, const HycoTag *tag,
                             HycoTag *granted, GError **error)
{
  HycoModalDirector *self = HYCO_MODAL_DIRECTOR (director);
  HycoActor *container = HYCO_ACTOR (_hyco_director_get_private (director)->container);
  Refinement *refinement = NULL;
  HycoTag model_tag;

  /* Refinements ask through the modal model, in their local time. */
  for (guint i = 0; i < self->refinements->len; i++)
    if (HYCO_ACTOR (g_array_index (self->refinements, Refinement, i).composite) == actor)
      refinement = &g_array_index (self->refinements, Refinement, i);
  if (refinement == NULL)
    return hyco_actor_fire_at_tag (container, tag, granted, error);
  model_tag = to_model (refinement, tag);
  /* Under a synchronous director outside, a refinement initialized during a reaction (entered
   * by a reset transition, or passed through) asks to fire at that instant: it is fired in
   * this reaction or at the next tick anyway, every actor being fired at every tick. */
  if (ticks_synchronously (container)
      && model_tag.time <= _hyco_director_get_private (director)->current.time)
    {
      *granted = *tag;
      return TRUE;
    }
  if (!hyco_actor_fire_at_tag (container, &model_tag, granted, error))
    return FALSE;
  *granted = to_local (refinement, granted);
  return TRUE;
}

static void
hyco_modal_director_class_init (HycoModalDirectorClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoDirectorClass *director_class = HYCO_DIRECTOR_CLASS (klass);

  object_class->finalize = hyco_modal_director_finalize;
  director_class->preinitialize = hyco_modal_director_preinitialize;
  director_class->initialize = hyco_modal_director_initialize;
  director_class->fire = hyco_modal_director_fire;
  director_class->postfire = hyco_modal_director_postfire;
  director_class->fire_at = hyco_modal_director_fire_at;
}

static void
hyco_modal_director_init (HycoModalDirector *self)
{
  self->refinements = g_array_new (FALSE, TRUE, sizeof (Refinement));
  self->outputs = g_ptr_array_new ();
  self->transient = g_ptr_array_new ();
  self->taken = g_ptr_array_new ();
}

/**
 * hyco_modal_director_new:
 *
 * Creates the director of a modal model: it fires the controller (a #HycoFSMActor) and the
 * refinement of its current state, and takes the transitions the controller chooses.
 *
 * Returns: (transfer full): a new modal director, for a #HycoModalModel
 */
HycoDirector *
hyco_modal_director_new (void)
{
  return g_object_new (HYCO_TYPE_MODAL_DIRECTOR, NULL);
}

/**
 * hyco_modal_director_get_transition_count:
 * @self: a modal director
 *
 * Counts the transitions the controller took in the current or last run.
 *
 * Returns: how many transitions were taken in the current or last run
 */
guint64
hyco_modal_director_get_transition_count (HycoModalDirector *self)
{
  g_return_val_if_fail (HYCO_IS_MODAL_DIRECTOR (self), 0);
  return self->transitions;
}

/* Inside a continuous director, the refinement of the current state holds the states its
 * solver integrates. */
static void
hyco_modal_director_foreach_state_actor (HycoContinuousStatefulDirector *director,
                                         HycoActorFunc func, gpointer user_data)
{
  HycoModalDirector *self = HYCO_MODAL_DIRECTOR (director);

  if (self->active != NULL)
    func (HYCO_ACTOR (self->active->composite), user_data);
}

/* A modal model runs in its container's time (its refinements' local times aside), so the
 * directors inside look through it for the enclosing continuous director. */
static gboolean
hyco_modal_director_keeps_container_time (HycoContinuousStatefulDirector *director)
{
  return TRUE;
}

static void
hyco_modal_director_stateful_init (HycoContinuousStatefulDirectorInterface *iface)
{
  iface->foreach_state_actor = hyco_modal_director_foreach_state_actor;
  iface->keeps_container_time = hyco_modal_director_keeps_container_time;
}

/* For the controller's guards, see hyco-modal-private.h. */
const HycoValue *
_hyco_modal_director_get_refinement_output (HycoModalDirector *self, HycoPort *output)
{
  if (!self->refinement_fired)
    return NULL;
  for (guint o = 0; o < self->outputs->len; o++)
    if (self->outputs->pdata[o] == output)
      {
        HycoPort *inner = self->active->outputs[o];
        if (inner == NULL || inner->n_signals == 0
            || hyco_signal_status (&inner->signals[0]) != HYCO_SIGNAL_PRESENT)
          return NULL;
        return &inner->signals[0].value;
      }
  return NULL;
}

/* Whether the last fire chose a transition, and the time of the last commit (for the modal
 * model's step-size control). */
gboolean
_hyco_modal_director_chose_transition (HycoModalDirector *self, gint64 *committed_time)
{
  *committed_time = self->committed_time;
  return self->controller != NULL && _hyco_fsm_actor_has_chosen (self->controller);
}

/* Where in the step the chosen transition's guard became true (see
 * _hyco_fsm_actor_crossing_fraction()). */
double
_hyco_modal_director_crossing_fraction (HycoModalDirector *self)
{
  return self->controller ? _hyco_fsm_actor_crossing_fraction (self->controller) : 0.5;
}

/* The state machine that controls the modal model, once the director found it. */
HycoFSMActor *
_hyco_modal_director_get_controller (HycoModalDirector *self)
{
  return self->controller;
}
