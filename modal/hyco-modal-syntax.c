/* hyco-modal-syntax.c: state machines and modal models in model files, as Ptolemy II writes
 * them: a state machine's State entities, Transition relations and the links between them; a
 * modal model's relations, which join ports of one name; and what `hyco inspect` shows of
 * them.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-modal.h"
#include "hyco-modal-private.h"
#include "hyco-model-syntax-private.h"

#include <stdio.h>

static gboolean
is_named (HycoXmlNode *node, const char *name)
{
  g_autofree char *value = _hyco_xml_get_attr (node, "name");

  return value != NULL && g_str_equal (value, name);
}

/* Inside a modal model, ports connect by name (see HycoModalDirector): a relation there
 * (which Ptolemy II writes) may only join ports of one name. @relations maps each relation
 * declared to the port name it carries ("" until linked). */
static gboolean
load_modal_link (HycoModelReader *loader, HycoXmlNode *element, HycoModalModel *modal,
                 GHashTable *relations, GError **error)
{
  g_autofree char *port_path = NULL;
  g_autofree char *relation_name = NULL;
  g_autofree char *what = NULL;
  const char *dot, *port_name, *carried;
  HycoActor *owner = HYCO_ACTOR (modal);
  HycoPort *signal;

  if (!_hyco_model_reader_require_attr (loader, element, "port", &port_path, error)
      || !_hyco_model_reader_require_attr (loader, element, "relation", &relation_name, error)
      || !_hyco_model_reader_check_ignorable_children (loader, element, error))
    return FALSE;
  what = g_strdup_printf ("link port=\"%s\"", port_path);
  carried = g_hash_table_lookup (relations, relation_name);
  if (carried == NULL)
    return _hyco_model_reader_fail (loader, error, _hyco_model_reader_line (element), HYCO_MODEL_FILE_ERROR_UNKNOWN_RELATION, what,
                 "%s has no relation \"%s\"", hyco_actor_get_name (HYCO_ACTOR (modal)),
                 relation_name);
  dot = strchr (port_path, '.'); /* as in find_link_port() */
  port_name = dot ? dot + 1 : port_path;
  if (dot != NULL)
    {
      g_autofree char *actor_name = g_strndup (port_path, (gsize) (dot - port_path));
      owner = hyco_composite_actor_get_actor (HYCO_COMPOSITE_ACTOR (modal), actor_name);
      if (owner == NULL)
        return _hyco_model_reader_fail (loader, error, _hyco_model_reader_line (element), HYCO_MODEL_FILE_ERROR_UNKNOWN_PORT, what,
                     "%s contains no actor \"%s\"", hyco_actor_get_name (HYCO_ACTOR (modal)),
                     actor_name);
      /* The controller reads and writes the modal model's own ports. */
      if (HYCO_IS_FSM_ACTOR (owner))
        owner = HYCO_ACTOR (modal);
    }
  if (hyco_actor_get_port (owner, port_name) == NULL)
    return _hyco_model_reader_fail (loader, error, _hyco_model_reader_line (element), HYCO_MODEL_FILE_ERROR_UNKNOWN_PORT, what,
                 "%s has no port \"%s\"", hyco_actor_get_name (owner), port_name);
  /* A transition refinement's input `y_in` (Ptolemy II's TransitionRefinementPort) is linked
   * to the modal model's output y. */
  signal = _hyco_modal_mirrored_output (HYCO_ACTOR (modal), owner, port_name);
  if (signal != NULL)
    port_name = hyco_port_get_name (signal);
  if (*carried != '\0' && !g_str_equal (carried, port_name))
    return _hyco_model_reader_fail (loader, error, _hyco_model_reader_line (element), HYCO_MODEL_FILE_ERROR_INVALID, what,
                 "inside a modal model ports connect by name, and relation \"%s\" already joins "
                 "ports named \"%s\"",
                 relation_name, carried);
  g_hash_table_insert (relations, g_steal_pointer (&relation_name), g_strdup (port_name));
  return TRUE;
}

/* A relation inside a modal model carries one signal: Ptolemy II's `width` may say so
 * (1, or Auto and -1, which infer it), and vertices only place its bends in Vergil. */
static gboolean
check_modal_relation_child (HycoModelReader *loader, HycoXmlNode *node, HycoXmlNode *relation,
                            GError **error)
{
  g_autofree char *value = NULL;

  if (_hyco_xml_is_element (node, "vertex"))
    return TRUE;
  if (!_hyco_xml_is_element (node, "property"))
    return _hyco_model_reader_fail_not_allowed (loader, node, relation, error);
  if (_hyco_model_reader_is_ignored_property (node))
    return TRUE;
  value = _hyco_xml_get_attr (node, "value");
  if (is_named (node, "width")
      && (value == NULL || g_str_equal (value, "Auto") || g_str_equal (value, "-1")
          || g_str_equal (value, "1") || g_str_equal (value, "WIDTH_TO_INFER")))
    return TRUE;
  {
    g_autofree char *what = _hyco_model_reader_describe (node);
    return _hyco_model_reader_fail (loader, error, _hyco_model_reader_line (node),
                                    HYCO_MODEL_FILE_ERROR_INVALID, what,
                                    "a relation inside a modal model carries one signal: its "
                                    "only property is a width of 1 (or Auto)");
  }
}

static gboolean
load_modal_relation (HycoModelReader *loader, HycoXmlNode *element, GHashTable *relations,
                     GError **error)
{
  g_autofree char *name = NULL;

  if (!_hyco_model_reader_require_attr (loader, element, "name", &name, error))
    return FALSE;
  for (HycoXmlNode *node = element->children; node; node = node->next)
    {
      int kind = _hyco_model_reader_classify_child (loader, node, element, error);
      if (kind < 0 || (kind > 0 && !check_modal_relation_child (loader, node, element, error)))
        return FALSE;
    }
  if (!g_hash_table_contains (relations, name))
    g_hash_table_insert (relations, g_steal_pointer (&name), g_strdup (""));
  return TRUE;
}

/* A boolean property of a transition: no value means true. */
static gboolean
read_flag (HycoModelReader *loader, HycoXmlNode *node, const char *value, gboolean *flag,
           GError **error)
{
  g_autofree char *what = _hyco_model_reader_describe (node);

  if (value != NULL && !g_str_equal (value, "true") && !g_str_equal (value, "false"))
    return _hyco_model_reader_fail (loader, error, _hyco_model_reader_line (node), HYCO_MODEL_FILE_ERROR_BAD_VALUE, what,
                 "\"%s\" is neither true nor false", value);
  *flag = value == NULL || g_str_equal (value, "true");
  return TRUE;
}

/* A property of a transition or state, read as a boolean that must be @expected (the features
 * that other values would need are not supported yet). */
static gboolean
check_flag (HycoModelReader *loader, HycoXmlNode *node, const char *value, gboolean expected,
            GError **error)
{
  gboolean set;
  g_autofree char *what = NULL;

  if (!read_flag (loader, node, value, &set, error))
    return FALSE;
  if (set == expected)
    return TRUE;
  what = _hyco_model_reader_describe (node);
  return _hyco_model_reader_fail (loader, error, _hyco_model_reader_line (node), HYCO_MODEL_FILE_ERROR_INVALID, what,
               "not supported yet by Hyco's state machines");
}

typedef struct
{
  char *name;
  char *guard, *outputs, *sets;
  char *from, *to;
  char *refinement; /* refinementName: a transition refinement's */
  gboolean preemptive, reset, is_default, immediate, nondeterministic, history;
  gboolean history_given; /* the file sets `history`, which then decides over `reset` */
  long line;
} PendingTransition;

/* Properties of transitions and states that only Vergil (or a tool that exported the model)
 * reads: how a transition's arc is drawn, its label, and identifiers of the tools that
 * generated the model (`priority` included: Ptolemy II's transitions have no such parameter,
 * so the attribute has no effect there either). */
static gboolean
is_drawing_property (HycoXmlNode *node, const char *name)
{
  static const char *const names[] = { "exitAngle",
                                       "gamma",
                                       "annotation",
                                       "fsmTransitionParameterName",
                                       "showFSMTransitionParameter",
                                       "EmfFragmentURI",
                                       "elementURIFragment",
                                       "originalName",
                                       "priority" };

  if (_hyco_model_reader_is_ignored_property (node))
    return TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_str_equal (name, names[i]))
      return TRUE;
  return FALSE;
}

static void
pending_transition_free (gpointer data)
{
  PendingTransition *transition = data;

  g_free (transition->name);
  g_free (transition->guard);
  g_free (transition->outputs);
  g_free (transition->sets);
  g_free (transition->from);
  g_free (transition->to);
  g_free (transition->refinement);
  g_free (transition);
}

static gboolean
load_state (HycoModelReader *loader, HycoXmlNode *element, HycoFSMActor *fsm,
            gboolean *initial_given, GError **error)
{
  g_autofree char *name = NULL;
  g_autofree char *what = _hyco_model_reader_describe (element);
  g_autoptr (GError) local_error = NULL;
  g_autofree char *refinement = NULL;
  gboolean initial = FALSE, final = FALSE;

  if (!_hyco_model_reader_require_attr (loader, element, "name", &name, error)
      || !_hyco_model_reader_check_name (loader, element, name, error))
    return FALSE;
  for (HycoXmlNode *node = element->children; node; node = node->next)
    {
      int kind = _hyco_model_reader_classify_child (loader, node, element, error);
      g_autofree char *property = NULL;
      g_autofree char *value = NULL;
      if (kind < 0)
        return FALSE;
      if (kind == 0)
        continue;
      if (!_hyco_xml_is_element (node, "property"))
        return _hyco_model_reader_fail_not_allowed (loader, node, element, error);
      if (!_hyco_model_reader_require_attr (loader, node, "name", &property, error))
        return FALSE;
      if (is_drawing_property (node, property))
        continue;
      value = _hyco_xml_get_attr (node, "value");
      if (g_str_equal (property, "isInitialState") || g_str_equal (property, "isFinalState"))
        {
          if (!read_flag (loader, node, value,
                          g_str_equal (property, "isInitialState") ? &initial : &final, error))
            return FALSE;
          if (g_str_equal (property, "isInitialState"))
            *initial_given = TRUE;
        }
      else if (g_str_equal (property, "refinementName"))
        {
          g_autofree char *where = _hyco_model_reader_describe (node);
          if (value != NULL && strchr (value, ',') != NULL)
            return _hyco_model_reader_fail (loader, error, _hyco_model_reader_line (node), HYCO_MODEL_FILE_ERROR_INVALID, where,
                         "a state has one refinement, not a list (\"%s\")", value);
          if (value != NULL && *value != '\0'
              && !HYCO_IS_MODAL_MODEL (hyco_actor_get_container (HYCO_ACTOR (fsm))))
            return _hyco_model_reader_fail (loader, error, _hyco_model_reader_line (node), HYCO_MODEL_FILE_ERROR_INVALID, where,
                         "only the controller of a ModalModel has states with refinements");
          g_free (refinement);
          refinement = g_steal_pointer (&value);
        }
      else
        {
          g_autofree char *where = _hyco_model_reader_describe (node);
          return _hyco_model_reader_fail (loader, error, _hyco_model_reader_line (node), HYCO_MODEL_FILE_ERROR_UNKNOWN_PARAMETER,
                       where, "a state has only isInitialState, isFinalState and refinementName");
        }
    }
  if (!hyco_fsm_actor_add_state (fsm, name, initial, final, &local_error)
      || !hyco_fsm_actor_set_state_refinement (fsm, name, refinement, &local_error))
    return _hyco_model_reader_fail (loader, error, _hyco_model_reader_line (element), HYCO_MODEL_FILE_ERROR_DUPLICATE_NAME, what, "%s",
                 local_error->message);
  return TRUE;
}

static gboolean
load_transition (HycoModelReader *loader, HycoXmlNode *element, GPtrArray *pending, GError **error)
{
  PendingTransition *transition = g_new0 (PendingTransition, 1);

  g_ptr_array_add (pending, transition);
  transition->line = _hyco_model_reader_line (element);
  if (!_hyco_model_reader_require_attr (loader, element, "name", &transition->name, error))
    return FALSE;
  for (HycoXmlNode *node = element->children; node; node = node->next)
    {
      int kind = _hyco_model_reader_classify_child (loader, node, element, error);
      g_autofree char *property = NULL;
      char *value, **field;
      gboolean *flag, ok = TRUE;
      if (kind < 0)
        return FALSE;
      if (kind == 0)
        continue;
      if (!_hyco_xml_is_element (node, "property"))
        return _hyco_model_reader_fail_not_allowed (loader, node, element, error);
      if (!_hyco_model_reader_require_attr (loader, node, "name", &property, error))
        return FALSE;
      if (is_drawing_property (node, property))
        continue;
      value = _hyco_xml_get_attr (node, "value");
      field = g_str_equal (property, "guardExpression") ? &transition->guard
              : g_str_equal (property, "outputActions") ? &transition->outputs
              : g_str_equal (property, "setActions")    ? &transition->sets
                                                        : NULL;
      flag = g_str_equal (property, "reset")               ? &transition->reset
             : g_str_equal (property, "preemptive")        ? &transition->preemptive
             : g_str_equal (property, "defaultTransition") ? &transition->is_default
             : g_str_equal (property, "immediate")         ? &transition->immediate
             : g_str_equal (property, "nondeterministic")  ? &transition->nondeterministic
             : g_str_equal (property, "history")           ? &transition->history
                                                           : NULL;
      if (field != NULL)
        {
          /* A property given twice: the last one counts, as for parameters. */
          g_free (*field);
          *field = value;
          continue;
        }
      if (flag != NULL)
        ok = read_flag (loader, node, value, flag, error);
      /* Error and termination transitions (taken when the source's refinement fails or
       * finishes) are not supported: accepted only when off. */
      else if (g_str_equal (property, "error") || g_str_equal (property, "errorTransition")
               || g_str_equal (property, "termination"))
        ok = check_flag (loader, node, value, FALSE, error);
      else if (g_str_equal (property, "refinementName"))
        {
          /* A transition refinement (deprecated in Ptolemy II for immediate transitions, still
           * run): a composite of the modal model fired when the transition is taken. */
          g_free (transition->refinement);
          transition->refinement = value ? g_strdup (g_strstrip (value)) : NULL;
        }
      else
        {
          g_autofree char *where = _hyco_model_reader_describe (node);
          g_free (value);
          return _hyco_model_reader_fail (
            loader, error, _hyco_model_reader_line (node), HYCO_MODEL_FILE_ERROR_UNKNOWN_PARAMETER,
            where,
            "a transition has guardExpression, outputActions, setActions, reset, history, "
            "preemptive, immediate, defaultTransition and nondeterministic");
        }
      transition->history_given |= flag == &transition->history;
      g_free (value);
      if (!ok)
        return FALSE;
    }
  return TRUE;
}

/* `link port="State.outgoingPort"` (or `incomingPort`) joins a state to a transition. */
static gboolean
load_fsm_link (HycoModelReader *loader, HycoXmlNode *element, HycoFSMActor *fsm, GPtrArray *pending,
               GError **error)
{
  g_autofree char *port = NULL;
  g_autofree char *relation = NULL;
  g_autofree char *what = _hyco_model_reader_describe (element);
  const char *dot;
  PendingTransition *transition = NULL;

  if (!_hyco_model_reader_require_attr (loader, element, "port", &port, error)
      || !_hyco_model_reader_require_attr (loader, element, "relation", &relation, error))
    return FALSE;
  for (guint i = 0; i < pending->len; i++)
    if (g_str_equal (((PendingTransition *) pending->pdata[i])->name, relation))
      transition = pending->pdata[i];
  if (transition == NULL)
    return _hyco_model_reader_fail (loader, error, _hyco_model_reader_line (element), HYCO_MODEL_FILE_ERROR_UNKNOWN_RELATION, what,
                 "no transition named \"%s\"", relation);
  dot = strrchr (port, '.');
  if (dot == NULL
      || (!g_str_equal (dot + 1, "outgoingPort") && !g_str_equal (dot + 1, "incomingPort")))
    return _hyco_model_reader_fail (loader, error, _hyco_model_reader_line (element), HYCO_MODEL_FILE_ERROR_UNKNOWN_PORT, what,
                 "a transition links to State.outgoingPort or State.incomingPort, not \"%s\"",
                 port);
  if (g_str_equal (dot + 1, "outgoingPort"))
    {
      g_free (transition->from);
      transition->from = g_strndup (port, (gsize) (dot - port));
    }
  else
    {
      g_free (transition->to);
      transition->to = g_strndup (port, (gsize) (dot - port));
    }
  return TRUE;
}

/* Ptolemy II gives a modal model's controller copies of the modal model's ports; ours reads
 * and writes the modal model's ports directly, so such a copy is only checked. */
static gboolean
check_controller_port (HycoModelReader *loader, HycoXmlNode *element, HycoFSMActor *fsm,
                       GError **error)
{
  g_autofree char *name = NULL;
  HycoActor *modal = HYCO_ACTOR (hyco_actor_get_container (HYCO_ACTOR (fsm)));

  if (!_hyco_model_reader_require_attr (loader, element, "name", &name, error))
    return FALSE;
  if (hyco_actor_get_port (modal, name) == NULL)
    {
      g_autofree char *what = _hyco_model_reader_describe (element);
      return _hyco_model_reader_fail (loader, error, _hyco_model_reader_line (element), HYCO_MODEL_FILE_ERROR_INVALID, what,
                   "the controller of a modal model uses the modal model's ports, and %s has "
                   "no port \"%s\"",
                   hyco_actor_get_name (modal), name);
    }
  return TRUE;
}

/* Whether the model was saved by a Ptolemy II older than 9.1 (its top-level `_createdBy`):
 * there, a transition without `history` re-initializes the destination's refinement only when
 * its `reset` is true, as Hyco's own files (which have no `_createdBy`) also mean it; from 9.1
 * on `reset` is gone and every transition re-initializes it unless `history` is true. */
static gboolean
uses_reset_parameter (HycoXmlNode *element)
{
  HycoXmlNode *root = _hyco_xml_document_get_root (element->doc);
  gboolean old = TRUE;

  for (HycoXmlNode *node = root ? root->children : NULL; node; node = node->next)
    {
      g_autofree char *name = NULL;
      g_autofree char *value = NULL;
      unsigned major = 0, minor = 0;
      if (!_hyco_xml_is_element (node, "property"))
        continue;
      name = _hyco_xml_get_attr (node, "name");
      value = _hyco_xml_get_attr (node, "value");
      if (name == NULL || !g_str_equal (name, "_createdBy") || value == NULL)
        continue;
      if (sscanf (value, "%u.%u", &major, &minor) == 2)
        old = major < 9 || (major == 9 && minor == 0);
    }
  return old;
}

static guint
count_initial_states (HycoFSMActor *fsm)
{
  guint initials = 0;

  for (guint i = 0; i < hyco_fsm_actor_get_n_states (fsm); i++)
    {
      gboolean initial = FALSE;
      hyco_fsm_actor_get_state (fsm, i, &initial, NULL);
      initials += initial;
    }
  return initials;
}

/* Ptolemy II's controller-level string attributes, applied once the states are known. */
static gboolean
apply_state_names (HycoModelReader *loader, HycoFSMActor *fsm, HycoXmlNode *node, GError **error)
{
  g_autofree char *name = _hyco_xml_get_attr (node, "name");
  g_autofree char *value = _hyco_xml_get_attr (node, "value");
  g_autoptr (GError) local_error = NULL;
  g_auto (GStrv) names = NULL;
  gboolean ok = TRUE;

  if (value == NULL || value[strspn (value, " \t")] == '\0')
    return TRUE;
  if (g_str_equal (name, "initialStateName"))
    ok = hyco_fsm_actor_set_initial_state (fsm, g_strstrip (value), &local_error);
  else
    {
      names = g_strsplit (value, ",", -1);
      for (guint i = 0; ok && names[i]; i++)
        ok = *g_strstrip (names[i]) == '\0'
             || hyco_fsm_actor_set_state_final (fsm, names[i], TRUE, &local_error);
    }
  if (!ok)
    {
      g_autofree char *what = _hyco_model_reader_describe (node);
      return _hyco_model_reader_fail (loader, error, _hyco_model_reader_line (node),
                                      HYCO_MODEL_FILE_ERROR_BAD_VALUE, what, "%s",
                                      local_error->message);
    }
  return TRUE;
}

/* A state machine in Ptolemy II's shape: ports, parameters, variables (other properties with
 * a value), State entities, Transition relations with guardExpression, outputActions and
 * setActions, and links from State.outgoingPort and to State.incomingPort. */
static gboolean
load_fsm_contents (HycoModelReader *loader, HycoXmlNode *element, HycoFSMActor *fsm, GError **error)
{
  g_autoptr (GPtrArray) pending = g_ptr_array_new_with_free_func (pending_transition_free);
  g_autoptr (GPtrArray) state_names = g_ptr_array_new ();
  gboolean reset_parameter = uses_reset_parameter (element);
  g_autofree char *first_state = NULL;
  gboolean first_state_says = FALSE;

  for (HycoXmlNode *node = element->children; node; node = node->next)
    {
      int kind = _hyco_model_reader_classify_child (loader, node, element, error);
      gboolean ok;

      if (kind < 0)
        return FALSE;
      if (kind == 0)
        continue;
      if (_hyco_xml_is_element (node, "port")
          && HYCO_IS_MODAL_MODEL (hyco_actor_get_container (HYCO_ACTOR (fsm))))
        ok = check_controller_port (loader, node, fsm, error);
      else if (_hyco_xml_is_element (node, "port"))
        ok = _hyco_model_reader_read_port (loader, node, HYCO_ACTOR (fsm), error);
      else if (_hyco_xml_is_element (node, "property"))
        {
          g_autofree char *name = _hyco_xml_get_attr (node, "name");
          g_autofree char *value = _hyco_xml_get_attr (node, "value");
          g_autofree char *class_name = _hyco_xml_get_attr (node, "class");
          if (name != NULL
              && (g_str_equal (name, "initialStateName") || g_str_equal (name, "finalStateNames")))
            {
              g_ptr_array_add (state_names, node);
              ok = TRUE;
            }
          /* How Ptolemy II's causality interface of the machine is computed: Hyco's follows
           * the transitions of every state, which gives the same answer or a safer one. */
          else if (name != NULL && g_str_equal (name, "stateDependentCausality"))
            ok = TRUE;
          /* A bare Ptolemy II attribute: a name with no value, nothing to run. */
          else if (name != NULL && value == NULL && class_name != NULL
                   && g_str_equal (class_name, "ptolemy.kernel.util.Attribute"))
            ok = TRUE;
          else if (name != NULL && value != NULL && !_hyco_model_reader_is_ignored_property (node)
                   && g_object_class_find_property (G_OBJECT_GET_CLASS (fsm), name) == NULL)
            {
              /* Not a parameter of the class: a variable of the machine. */
              g_auto (HycoValue) initial = HYCO_VALUE_INIT;
              g_autoptr (GError) local_error = NULL;
              g_autofree char *what = _hyco_model_reader_describe (node);
              if (!hyco_value_parse_literal (value, &initial, &local_error)
                  || (!hyco_value_is_numeric (&initial)
                      && hyco_value_get_value_type (&initial) != HYCO_VALUE_TYPE_BOOLEAN))
                return _hyco_model_reader_fail (loader, error, _hyco_model_reader_line (node), HYCO_MODEL_FILE_ERROR_BAD_VALUE, what,
                             "a state machine's variable is a number or a boolean, not \"%s\"",
                             value);
              ok = hyco_fsm_actor_add_variable (fsm, name, hyco_value_get_double (&initial),
                                                &local_error)
                   || _hyco_model_reader_fail (loader, error, _hyco_model_reader_line (node), HYCO_MODEL_FILE_ERROR_DUPLICATE_NAME,
                            what, "%s", local_error->message);
            }
          else
            ok = _hyco_model_reader_read_property (loader, node, HYCO_ACTOR (fsm), error);
        }
      else if (_hyco_xml_is_element (node, "entity"))
        {
          g_autofree char *class_name = _hyco_xml_get_attr (node, "class");
          g_autofree char *what = _hyco_model_reader_describe (node);
          gboolean initial_given = FALSE;
          ok = class_name != NULL && g_str_equal (_hyco_model_reader_short_class_name (class_name), "State")
                 ? load_state (loader, node, fsm, &initial_given, error)
                 : _hyco_model_reader_fail (loader, error, _hyco_model_reader_line (node), HYCO_MODEL_FILE_ERROR_INVALID, what,
                         "a state machine contains State entities only");
          if (ok && first_state == NULL)
            {
              first_state = _hyco_xml_get_attr (node, "name");
              first_state_says = initial_given;
            }
        }
      else if (_hyco_xml_is_element (node, "relation"))
        ok = load_transition (loader, node, pending, error);
      else if (_hyco_xml_is_element (node, "link"))
        ok = load_fsm_link (loader, node, fsm, pending, error);
      else
        ok = _hyco_model_reader_fail_not_allowed (loader, node, element, error);
      if (!ok)
        return FALSE;
    }
  for (guint i = 0; i < state_names->len; i++)
    if (!apply_state_names (loader, fsm, state_names->pdata[i], error))
      return FALSE;
  /* Ptolemy II makes a state initial when it is the only one in its machine as it is created,
   * unless initialStateName names another: models older than isInitialState (the fsm era)
   * designate their initial state only by writing it first. */
  if (first_state != NULL && !first_state_says && count_initial_states (fsm) == 0)
    hyco_fsm_actor_set_initial_state (fsm, first_state, NULL);
  for (guint i = 0; i < pending->len; i++)
    {
      PendingTransition *transition = pending->pdata[i];
      guint index = hyco_fsm_actor_get_n_transitions (fsm);
      gboolean reset;
      g_autoptr (GError) local_error = NULL;
      g_autofree char *what = g_strdup_printf ("relation \"%s\"", transition->name);
      if (transition->from == NULL || transition->to == NULL)
        return _hyco_model_reader_fail (loader, error, transition->line, HYCO_MODEL_FILE_ERROR_INVALID, what,
                     "a transition needs a link from a State.outgoingPort and one to a "
                     "State.incomingPort");
      if (!hyco_fsm_actor_add_transition (fsm, transition->from, transition->to, transition->guard,
                                          transition->outputs, transition->sets, &local_error))
        return _hyco_model_reader_fail (loader, error, transition->line,
                     local_error->domain == HYCO_EXPRESSION_ERROR ? HYCO_MODEL_FILE_ERROR_BAD_VALUE
                                                                  : HYCO_MODEL_FILE_ERROR_INVALID,
                     what, "%s", local_error->message);
      reset = transition->history_given ? !transition->history
              : reset_parameter         ? transition->reset
                                        : TRUE;
      hyco_fsm_actor_set_transition_kind (fsm, index, transition->preemptive, reset);
      hyco_fsm_actor_set_transition_default (fsm, index, transition->is_default);
      hyco_fsm_actor_set_transition_immediate (fsm, index, transition->immediate);
      hyco_fsm_actor_set_transition_nondeterministic (fsm, index, transition->nondeterministic);
      hyco_fsm_actor_set_transition_refinement (fsm, index, transition->refinement);
    }
  return TRUE;
}

/* Creates the actor an `entity` describes, adds it to @container (none for the top level) and
 * loads its contents. */
static void
save_fsm (HycoXmlNode *element, HycoFSMActor *fsm)
{
  g_autoptr (GPtrArray) ports = hyco_actor_get_ports (HYCO_ACTOR (fsm));

  _hyco_model_writer_save_parameters (element, G_OBJECT (fsm));
  for (guint i = 0; i < hyco_fsm_actor_get_n_variables (fsm); i++)
    {
      double initial;
      const char *name = hyco_fsm_actor_get_variable_name (fsm, i, &initial);
      g_auto (HycoValue) value = HYCO_VALUE_INIT;
      g_autofree char *text = NULL;
      hyco_value_set_double (&value, initial);
      text = hyco_value_to_literal (&value);
      _hyco_model_writer_add_element (element, "property", name, "Parameter", text);
    }
  for (guint i = 0; i < ports->len; i++)
    _hyco_model_writer_save_port (element, ports->pdata[i]);
  for (guint i = 0; i < hyco_fsm_actor_get_n_states (fsm); i++)
    {
      gboolean initial, final;
      const char *name = hyco_fsm_actor_get_state (fsm, i, &initial, &final);
      HycoXmlNode *state = _hyco_model_writer_add_element (element, "entity", name, "State", NULL);
      if (initial)
        _hyco_model_writer_add_element (state, "property", "isInitialState", NULL, "true");
      if (final)
        _hyco_model_writer_add_element (state, "property", "isFinalState", NULL, "true");
      if (hyco_fsm_actor_get_state_refinement (fsm, i))
        _hyco_model_writer_add_element (state, "property", "refinementName", NULL,
                     hyco_fsm_actor_get_state_refinement (fsm, i));
    }
  for (guint i = 0; i < hyco_fsm_actor_get_n_transitions (fsm); i++)
    {
      const char *from, *to, *guard, *outputs, *sets;
      gboolean preemptive, reset;
      g_autofree char *name = g_strdup_printf ("transition%u", i + 1);
      HycoXmlNode *transition
        = _hyco_model_writer_add_element (element, "relation", name, "Transition", NULL);
      hyco_fsm_actor_get_transition (fsm, i, &from, &to, &guard, &outputs, &sets);
      hyco_fsm_actor_get_transition_kind (fsm, i, &preemptive, &reset);
      if (guard)
        _hyco_model_writer_add_element (transition, "property", "guardExpression", NULL, guard);
      if (outputs)
        _hyco_model_writer_add_element (transition, "property", "outputActions", NULL, outputs);
      if (sets)
        _hyco_model_writer_add_element (transition, "property", "setActions", NULL, sets);
      if (reset)
        _hyco_model_writer_add_element (transition, "property", "reset", NULL, "true");
      if (preemptive)
        _hyco_model_writer_add_element (transition, "property", "preemptive", NULL, "true");
      if (hyco_fsm_actor_get_transition_default (fsm, i))
        _hyco_model_writer_add_element (transition, "property", "defaultTransition", NULL, "true");
      if (hyco_fsm_actor_get_transition_immediate (fsm, i))
        _hyco_model_writer_add_element (transition, "property", "immediate", NULL, "true");
      if (hyco_fsm_actor_get_transition_nondeterministic (fsm, i))
        _hyco_model_writer_add_element (transition, "property", "nondeterministic", NULL, "true");
      if (hyco_fsm_actor_get_transition_refinement (fsm, i))
        _hyco_model_writer_add_element (transition, "property", "refinementName", NULL,
                                        hyco_fsm_actor_get_transition_refinement (fsm, i));
    }
  for (guint i = 0; i < hyco_fsm_actor_get_n_transitions (fsm); i++)
    {
      const char *from, *to;
      g_autofree char *name = g_strdup_printf ("transition%u", i + 1);
      g_autofree char *outgoing = NULL;
      g_autofree char *incoming = NULL;
      HycoXmlNode *link;
      hyco_fsm_actor_get_transition (fsm, i, &from, &to, NULL, NULL, NULL);
      outgoing = g_strconcat (from, ".outgoingPort", NULL);
      incoming = g_strconcat (to, ".incomingPort", NULL);
      link = _hyco_xml_new_element (element->doc, element, "link");
      _hyco_xml_set_attr (link, "port", outgoing);
      _hyco_xml_set_attr (link, "relation", name);
      link = _hyco_xml_new_element (element->doc, element, "link");
      _hyco_xml_set_attr (link, "port", incoming);
      _hyco_xml_set_attr (link, "relation", name);
    }
}

/* Ptolemy II's `directorClass` of a modal model names the director its ModalModel creates:
 * Hyco's modal models have the FSM director's semantics only, so that one is accepted and any
 * other refused by name. */
static gboolean
check_director_class (HycoModelReader *loader, HycoXmlNode *node, GError **error)
{
  g_autofree char *value = _hyco_xml_get_attr (node, "value");
  const char *name = value ? _hyco_model_reader_short_class_name (g_strstrip (value)) : "";

  if (g_str_equal (name, "FSMDirector") || g_str_equal (name, "ModalDirector"))
    return TRUE;
  {
    g_autofree char *what = _hyco_model_reader_describe (node);
    return _hyco_model_reader_fail (
      loader, error, _hyco_model_reader_line (node), HYCO_MODEL_FILE_ERROR_INVALID, what,
      "Hyco's modal models run under the FSMDirector only, not %s", value ? value : "(none)");
  }
}

/* Ptolemy II lets a state's refinement be a state machine itself (a ModalController other than
 * the modal model's _Controller). Hyco's refinements are composites: the machine is read into
 * one of its name, with its ports, and linked to them; the composite gets the modal model's
 * domain as any refinement without a director does, and a reset transition initializes it,
 * and so the machine, again. */
static gboolean
is_machine_refinement (HycoXmlNode *node, HycoXmlNode *parent)
{
  g_autofree char *class_name = NULL;
  g_autofree char *name = NULL;
  gboolean has_controller = FALSE;

  if (!_hyco_xml_is_element (node, "entity"))
    return FALSE;
  class_name = _hyco_xml_get_attr (node, "class");
  name = _hyco_xml_get_attr (node, "name");
  if (class_name == NULL || name == NULL || g_str_equal (name, "_Controller")
      || !g_str_equal (_hyco_model_reader_short_class_name (class_name), "ModalController"))
    return FALSE;
  for (HycoXmlNode *child = parent->children; child; child = child->next)
    if (_hyco_xml_is_element (child, "entity") && is_named (child, "_Controller"))
      has_controller = TRUE;
  return has_controller;
}

static gboolean
read_machine_refinement (HycoModelReader *loader, HycoActor *modal, HycoXmlNode *node,
                         GError **error)
{
  g_autofree char *name = _hyco_xml_get_attr (node, "name");
  g_autoptr (HycoCompositeActor) composite = hyco_composite_actor_new (name);
  HycoActor *machine;
  g_autoptr (GPtrArray) ports = NULL;
  g_autoptr (GError) local_error = NULL;

  for (HycoXmlNode *child = node->children; child; child = child->next)
    if (_hyco_xml_is_element (child, "port")
        && !_hyco_model_reader_read_port (loader, child, HYCO_ACTOR (composite), error))
      return FALSE;
  if (!_hyco_model_reader_read_child (loader, HYCO_ACTOR (composite), node, node->parent, error))
    return FALSE;
  machine = hyco_composite_actor_get_actor (composite, name);
  g_assert (machine != NULL);
  ports = hyco_actor_get_ports (HYCO_ACTOR (composite));
  for (guint i = 0; i < ports->len; i++)
    {
      HycoPort *outer = ports->pdata[i];
      HycoPort *inner = hyco_actor_get_port (machine, hyco_port_get_name (outer));
      gboolean ok = inner == NULL
                    || (hyco_port_is_input (outer)
                          ? hyco_composite_actor_connect_ports (composite, outer, inner, &local_error)
                          : hyco_composite_actor_connect_ports (composite, inner, outer, &local_error));
      if (!ok)
        {
          g_autofree char *what = _hyco_model_reader_describe (node);
          return _hyco_model_reader_fail (loader, error, _hyco_model_reader_line (node),
                                          HYCO_MODEL_FILE_ERROR_INVALID, what, "%s",
                                          local_error->message);
        }
    }
  if (!hyco_composite_actor_add_actor (HYCO_COMPOSITE_ACTOR (modal), HYCO_ACTOR (composite),
                                       &local_error))
    {
      g_autofree char *what = _hyco_model_reader_describe (node);
      return _hyco_model_reader_fail (loader, error, _hyco_model_reader_line (node),
                                      HYCO_MODEL_FILE_ERROR_DUPLICATE_NAME, what, "%s",
                                      local_error->message);
    }
  return TRUE;
}

/* A modal model's contents: relations and links by name, the rest the generic way. */
static gboolean
read_modal_contents (HycoActor *actor, HycoModelReader *loader, HycoXmlNode *element,
                     GError **error)
{
  g_autoptr (GHashTable) relations = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  for (HycoXmlNode *node = element->children; node; node = node->next)
    {
      int kind = _hyco_model_reader_classify_child (loader, node, element, error);
      gboolean ok;

      if (kind < 0)
        return FALSE;
      if (kind == 0)
        continue;
      if (_hyco_xml_is_element (node, "relation"))
        ok = load_modal_relation (loader, node, relations, error);
      else if (_hyco_xml_is_element (node, "property") && is_named (node, "directorClass"))
        ok = check_director_class (loader, node, error);
      else if (_hyco_xml_is_element (node, "link"))
        ok = load_modal_link (loader, node, HYCO_MODAL_MODEL (actor), relations, error);
      else if (is_machine_refinement (node, element))
        ok = read_machine_refinement (loader, actor, node, error);
      else
        ok = _hyco_model_reader_read_child (loader, actor, node, element, error);
      if (!ok)
        return FALSE;
    }
  return TRUE;
}

static void
write_modal_contents (HycoActor *actor, HycoXmlNode *element)
{
  HycoDirector *director = hyco_composite_actor_get_director (HYCO_COMPOSITE_ACTOR (actor));

  _hyco_model_writer_save_composite (element, HYCO_COMPOSITE_ACTOR (actor),
                                     director != NULL
                                       && !_hyco_modal_model_is_implicit_director (director));
}

static gboolean
read_fsm_contents (HycoActor *actor, HycoModelReader *loader, HycoXmlNode *element, GError **error)
{
  return load_fsm_contents (loader, element, HYCO_FSM_ACTOR (actor), error);
}

static void
write_fsm_contents (HycoActor *actor, HycoXmlNode *element)
{
  save_fsm (element, HYCO_FSM_ACTOR (actor));
}

/* States and transitions, as the model file gives them. */
static void
describe_state_machine (HycoActor *actor, GString *out, const char *indent)
{
  HycoFSMActor *fsm = HYCO_FSM_ACTOR (actor);

  for (guint i = 0; i < hyco_fsm_actor_get_n_variables (fsm); i++)
    {
      double initial;
      const char *name = hyco_fsm_actor_get_variable_name (fsm, i, &initial);
      g_string_append_printf (out, "%svariable %s = %g\n", indent, name, initial);
    }
  for (guint i = 0; i < hyco_fsm_actor_get_n_states (fsm); i++)
    {
      gboolean initial, final;
      const char *name = hyco_fsm_actor_get_state (fsm, i, &initial, &final);
      const char *refinement = hyco_fsm_actor_get_state_refinement (fsm, i);
      g_string_append_printf (out, "%sstate %s%s%s", indent, name, initial ? " (initial)" : "",
                              final ? " (final)" : "");
      if (refinement)
        g_string_append_printf (out, ", refinement %s", refinement);
      g_string_append_c (out, '\n');
    }
  for (guint i = 0; i < hyco_fsm_actor_get_n_transitions (fsm); i++)
    {
      const char *from, *to, *guard, *outputs, *sets;
      gboolean preemptive, reset;
      hyco_fsm_actor_get_transition (fsm, i, &from, &to, &guard, &outputs, &sets);
      hyco_fsm_actor_get_transition_kind (fsm, i, &preemptive, &reset);
      g_string_append_printf (
        out, "%stransition %s -> %s%s%s%s%s%s", indent, from, to, preemptive ? " (preemptive)" : "",
        reset ? " (reset)" : "", hyco_fsm_actor_get_transition_default (fsm, i) ? " (default)" : "",
        hyco_fsm_actor_get_transition_immediate (fsm, i) ? " (immediate)" : "",
        hyco_fsm_actor_get_transition_nondeterministic (fsm, i) ? " (nondeterministic)" : "");
      if (guard)
        g_string_append_printf (out, ", guard \"%s\"", guard);
      if (outputs)
        g_string_append_printf (out, ", outputs \"%s\"", outputs);
      if (sets)
        g_string_append_printf (out, ", sets \"%s\"", sets);
      g_string_append_c (out, '\n');
    }
}

void
_hyco_modal_syntax_register (void)
{
  static const HycoModelSyntax fsm_syntax = {
    .declares_ports = TRUE,
    .read_contents = read_fsm_contents,
    .write_contents = write_fsm_contents,
    .describe = describe_state_machine,
  };
  static const HycoModelSyntax modal_syntax = {
    .read_contents = read_modal_contents,
    .write_contents = write_modal_contents,
    .execution_note = "modal: its state machine chooses the refinement that runs",
    .inner_execution_note = "refinement: runs under the director of its modal model's container",
  };

  _hyco_model_syntax_register (HYCO_TYPE_FSM_ACTOR, &fsm_syntax);
  _hyco_model_syntax_register (HYCO_TYPE_MODAL_MODEL, &modal_syntax);
}
