/* hyco-modal-model.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actor-helpers-private.h"
#include "hyco-modal-private.h"
#include "hyco-param-private.h"

#include <math.h>

/**
 * HycoModalModel:
 *
 * A modal model (Ptolemy II's ModalModel): a composite holding a #HycoFSMActor, its
 * controller, and composites that are the refinements of its states, governed by a
 * #HycoModalDirector (see there for the semantics). A refinement without a director of its own
 * gets one of the kind that governs the modal model, so its contents run in the same model of
 * computation; its ports connect to the modal model's ports of the same names.
 *
 * Inside a continuous director a guard over continuous signals is a level crossing: when a
 * transition of the current state becomes enabled inside an integration step, the modal
 * model declares the step inaccurate and the director refines it, halving, until the step ends
 * within `errorTolerance` seconds after the instant the guard became true; the transition is
 * then taken at the step's end, (t, 0), and the new mode runs from (t, 1).
 *
 * Under Ptolemy II's continuous director (a model from Ptolemy II) guards follow its
 * HybridModalDirector instead: every comparison in a guard is measured in the values it
 * compares, `==` and `!=` hold within the director's `errorTolerance`, a level crossed between
 * two steps counts even when the guard is false at both, and a step that ends more than the
 * tolerance past a comparison's level is refined by linear interpolation to end half a
 * tolerance past it. The transition is taken at the step's end, (t, 0); a refinement entered
 * without reset runs at (t, 1) and, its continuous director resumed, once more at (t, 2).
 *
 * A modal model is strict: it fires once all its inputs are known.
 */

struct _HycoModalModel
{
  HycoCompositeActor parent_instance;

  double error_tolerance;
  double overshoot, committed_distance; /* at the last inaccurate step, under Ptolemy II's */
  double ptolemy_tolerance; /* > 0 under Ptolemy II's continuous director: see
                             * ptolemy_guard_tolerance() */
};

static void hyco_modal_model_control_init (HycoStepSizeControlInterface *iface);

G_DEFINE_FINAL_TYPE_WITH_CODE (HycoModalModel, hyco_modal_model, HYCO_TYPE_COMPOSITE_ACTOR,
                               G_IMPLEMENT_INTERFACE (HYCO_TYPE_STEP_SIZE_CONTROL,
                                                      hyco_modal_model_control_init))

enum
{
  PROP_0,
  PROP_ERROR_TOLERANCE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* Marks the directors a modal model gave its refinements, which model files do not save. */
static GQuark implicit_director_quark (void);
/* clang-format off */
G_DEFINE_QUARK (hyco-implicit-director, implicit_director)
/* clang-format on */

static void
hyco_modal_model_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  switch (prop_id)
    {
    case PROP_ERROR_TOLERANCE:
      g_value_set_double (value, HYCO_MODAL_MODEL (object)->error_tolerance);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hyco_modal_model_set_property (GObject *object, guint prop_id, const GValue *value,
                               GParamSpec *pspec)
{
  HycoModalModel *self = HYCO_MODAL_MODEL (object);

  switch (prop_id)
    {
    case PROP_ERROR_TOLERANCE:
      if (self->error_tolerance != g_value_get_double (value))
        {
          self->error_tolerance = g_value_get_double (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static HycoModalDirector *modal_director (HycoStepSizeControl *control);

/* Under Ptolemy II's continuous director (its HybridModalDirector) guards are level crossings
 * measured in the values they compare, to that director's errorTolerance, rather than in time:
 * that tolerance, or 0 under any other director. */
static double
ptolemy_guard_tolerance (HycoDirector *outer)
{
  if (!HYCO_IS_CONTINUOUS_STATEFUL_DIRECTOR (outer))
    return 0;
  return hyco_continuous_stateful_director_get_guard_tolerance (
    HYCO_CONTINUOUS_STATEFUL_DIRECTOR (outer));
}

static gboolean
hyco_modal_model_preinitialize (HycoActor *actor, GError **error)
{
  HycoModalModel *self = HYCO_MODAL_MODEL (actor);
  HycoCompositeActor *composite = HYCO_COMPOSITE_ACTOR (actor);
  HycoDirector *director = hyco_composite_actor_get_director (composite);
  HycoDirector *outer;
  g_autoptr (GPtrArray) actors = NULL;

  if (director == NULL)
    {
      g_autoptr (HycoDirector) modal = hyco_modal_director_new ();
      g_object_set_qdata (G_OBJECT (modal), implicit_director_quark (), GINT_TO_POINTER (1));
      hyco_composite_actor_set_director (composite, modal);
    }
  else if (!HYCO_IS_MODAL_DIRECTOR (director))
    {
      hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_STRUCTURE,
                            "a modal model's director is a modal director (FSMDirector), not %s",
                            hyco_director_get_name (director));
      return FALSE;
    }
  /* The director that governs the modal model from outside. */
  outer = hyco_director_get_enclosing_director (hyco_composite_actor_get_director (composite));
  if (outer == NULL)
    {
      hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_STRUCTURE,
                            "a modal model runs inside a composite with a director");
      return FALSE;
    }
  if (!(self->error_tolerance > 0))
    {
      _hyco_set_parameter_error (actor, error, "errorTolerance", "must be greater than 0");
      return FALSE;
    }
  /* A refinement without a director runs in the modal model's domain: that of the nearest
   * director outside that is not a modal one. */
  while (HYCO_IS_MODAL_DIRECTOR (outer) && hyco_director_get_enclosing_director (outer) != NULL)
    outer = hyco_director_get_enclosing_director (outer);
  actors = hyco_composite_actor_get_actors (composite);
  for (guint i = 0; i < actors->len; i++)
    {
      HycoCompositeActor *refinement = actors->pdata[i];
      g_autoptr (HycoDirector) inner = NULL;
      /* A modal model inside (Ptolemy II's ModalRefinement) makes its own modal director. */
      if (!HYCO_IS_COMPOSITE_ACTOR (refinement) || HYCO_IS_MODAL_MODEL (refinement)
          || hyco_composite_actor_get_director (refinement) != NULL)
        continue;
      inner = g_object_new (G_OBJECT_TYPE (outer), "name", hyco_director_get_name (outer), NULL);
      g_object_set_qdata (G_OBJECT (inner), implicit_director_quark (), GINT_TO_POINTER (1));
      hyco_composite_actor_set_director (refinement, inner);
    }
  if (!HYCO_ACTOR_CLASS (hyco_modal_model_parent_class)->preinitialize (actor, error))
    return FALSE;
  self->ptolemy_tolerance = ptolemy_guard_tolerance (outer);
  if (modal_director (HYCO_STEP_SIZE_CONTROL (self)) != NULL
      && _hyco_modal_director_get_controller (modal_director (HYCO_STEP_SIZE_CONTROL (self))))
    _hyco_fsm_actor_set_guard_tolerance (
      _hyco_modal_director_get_controller (modal_director (HYCO_STEP_SIZE_CONTROL (self))),
      self->ptolemy_tolerance);
  return TRUE;
}

static HycoModalDirector *
modal_director (HycoStepSizeControl *control)
{
  HycoDirector *director = hyco_composite_actor_get_director (HYCO_COMPOSITE_ACTOR (control));

  return HYCO_IS_MODAL_DIRECTOR (director) ? HYCO_MODAL_DIRECTOR (director) : NULL;
}

/* The tolerance in ticks, at least one. */
static gint64
tolerance_ticks (HycoModalModel *self)
{
  double tick = hyco_time_to_seconds (1, hyco_actor_get_resolution (HYCO_ACTOR (self)));

  return MAX ((gint64) llround (self->error_tolerance / tick), 1);
}

/* The step from the last commit to now, in ticks, when a transition became enabled in it and
 * it is longer than the tolerance; 0 otherwise. */
static gint64
step_to_refine (HycoStepSizeControl *control)
{
  HycoModalModel *self = HYCO_MODAL_MODEL (control);
  HycoModalDirector *director = modal_director (control);
  gint64 committed, step;

  if (director == NULL || !_hyco_modal_director_chose_transition (director, &committed))
    return 0;
  step = hyco_actor_get_current_time (HYCO_ACTOR (self)) - committed;
  return step > tolerance_ticks (self) ? step : 0;
}

static gboolean
hyco_modal_model_is_step_size_accurate (HycoStepSizeControl *control)
{
  HycoModalModel *self = HYCO_MODAL_MODEL (control);
  HycoModalDirector *director = modal_director (control);

  if (self->ptolemy_tolerance > 0)
    return director == NULL || _hyco_modal_director_get_controller (director) == NULL
           || _hyco_fsm_actor_guards_accurate (_hyco_modal_director_get_controller (director),
                                               &self->overshoot, &self->committed_distance);
  return step_to_refine (control) == 0;
}

static gint64
hyco_modal_model_refined_step_size (HycoStepSizeControl *control, gint64 step)
{
  HycoModalModel *self = HYCO_MODAL_MODEL (control);
  gint64 enabled_after;
  double fraction;
  gint64 aim;

  if (self->ptolemy_tolerance > 0)
    {
      /* Ptolemy II's linear interpolation in the compared values, aiming half a tolerance
       * past the level: the step shrinks by (L + tolerance / 2) / (L + D), L the distance to
       * the level at the step's start and D past it at its end. */
      double scaled;
      if (self->overshoot <= 0)
        return step;
      scaled = (double) step * (self->committed_distance + self->ptolemy_tolerance / 2)
               / (self->committed_distance + self->overshoot);
      return CLAMP ((gint64) llround (scaled), 1, MAX (step - 1, 1));
    }
  enabled_after = step_to_refine (control);
  if (enabled_after == 0)
    return step;
  /* Aim half a tolerance past where the guard's inputs, moving linearly, make it true: a good
   * guess lands within the tolerance after the crossing, a short one leaves it closer ahead. */
  fraction = _hyco_modal_director_crossing_fraction (modal_director (control));
  aim = (gint64) ceil (fraction * (double) enabled_after) + tolerance_ticks (self) / 2;
  return CLAMP (aim, 1, enabled_after - 1);
}

/* No next-step limit: the interface's default (infinity). */
static void
hyco_modal_model_control_init (HycoStepSizeControlInterface *iface)
{
  iface->is_step_size_accurate = hyco_modal_model_is_step_size_accurate;
  iface->refined_step_size = hyco_modal_model_refined_step_size;
}

static void
hyco_modal_model_class_init (HycoModalModelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  object_class->get_property = hyco_modal_model_get_property;
  object_class->set_property = hyco_modal_model_set_property;
  actor_class->preinitialize = hyco_modal_model_preinitialize;
  /* Its causality interface is the composite's, which its director declares from the
   * refinements and the controller. */
  hyco_actor_class_set_description (actor_class, "A state machine whose states hold refinements");

  /**
   * HycoModalModel:errorTolerance:
   *
   * Inside a continuous director, how close after the instant a guard became true the mode
   * switch happens, in seconds.
   */
  properties[PROP_ERROR_TOLERANCE] = g_param_spec_double (
    "errorTolerance", NULL, "How precisely guard crossings are located in time (s)", 0, G_MAXDOUBLE,
    1e-9, G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hyco_modal_model_init (HycoModalModel *self)
{
  self->error_tolerance = 1e-9;
}

/**
 * hyco_modal_model_new:
 * @name: the modal model's name
 *
 * Creates a modal model (Ptolemy II's ModalModel), a composite whose behaviour is chosen by a state
 * machine: its controller's current state selects the refinement that runs. It gets a
 * #HycoModalDirector.
 *
 * Returns: (transfer full): an empty modal model; add a #HycoFSMActor (its controller) and
 *   the refinements of its states
 */
HycoActor *
hyco_modal_model_new (const char *name)
{
  return g_object_new (HYCO_TYPE_MODAL_MODEL, "name", name, NULL);
}

/**
 * hyco_modal_model_get_current_state:
 * @self: a modal model
 *
 * Gets the state the modal model's controller is in, which selects the refinement that runs.
 *
 * Returns: (nullable): the name of its controller's current state, once initialized
 */
const char *
hyco_modal_model_get_current_state (HycoModalModel *self)
{
  g_autoptr (GPtrArray) actors = NULL;

  g_return_val_if_fail (HYCO_IS_MODAL_MODEL (self), NULL);
  actors = hyco_composite_actor_get_actors (HYCO_COMPOSITE_ACTOR (self));
  for (guint i = 0; i < actors->len; i++)
    if (HYCO_IS_FSM_ACTOR (actors->pdata[i]))
      return hyco_fsm_actor_get_current_state (actors->pdata[i]);
  return NULL;
}

/**
 * hyco_modal_model_is_implicit_director:
 * @director: a director
 *
 * Returns: whether a modal model created @director (for itself or a refinement), so that
 *   saving the model leaves it out
 */
gboolean
_hyco_modal_model_is_implicit_director (HycoDirector *director)
{
  return g_object_get_qdata (G_OBJECT (director), implicit_director_quark ()) != NULL;
}
