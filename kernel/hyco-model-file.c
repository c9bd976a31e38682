/* hyco-model-file.c: models in Ptolemy II's MoML, read and written.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-model-syntax-private.h"
#include "hyco-xml-private.h"
#include "hyco-model-private.h"
#include "hyco-param-private.h"
#include "hyco-signal-private.h"

#include <string.h>

/* The structural subset of MoML (Ptolemy II's Modeling Markup Language): entities, ports,
 * relations, links, directors and parameters, so that a Ptolemy user reads our files and we
 * read theirs. What Vergil adds for drawing and documentation is skipped; anything else we
 * cannot honour is an error naming file and line, never silently dropped. The DOCTYPE is
 * accepted but never loaded, and a file cannot declare entities (nor anything else), so it
 * cannot reach the network or the file system, change its own attributes, or blow up in
 * memory; only XML's predefined entities and character references are read. */

#define MOML_PUBLIC_ID "-//UC Berkeley//DTD MoML 1//EN"
#define MOML_SYSTEM_ID "http://ptolemy.eecs.berkeley.edu/xml/dtd/MoML_1.dtd"

struct _HycoModelReader
{
  const char *source;
  GPtrArray *expressions;      /* PendingExpression*: evaluated once the whole model is read */
  GHashTable *ignored;         /* HycoXmlNode*: what the reader skipped, counted for `--verbose` */
  GHashTable *renamed;         /* old package or class -> count: the renames class_renames made */
  GHashTable *accepted;        /* what -> count: semantic attributes accepted without effect */
  GHashTable *relation_groups; /* HycoXmlNode* of a composite's entity -> RelationGroups* */
  GPtrArray *port_parameters;  /* HycoXmlNode*: PortParameters declaring model parameters */
  GHashTable *actors;          /* HycoXmlNode* of an entity -> the HycoActor* it made (unowned) */
};
typedef HycoModelReader Loader;

/* A parameter given as an expression (or a model parameter), whose names can only be looked
 * up once every parameter of the model is declared. */
typedef struct
{
  GObject *owner; /* unowned: the model being built holds it */
  char *name;
  char *what; /* the property element, as describe() gives it */
  long line;
} PendingExpression;

static void
pending_expression_free (gpointer data)
{
  PendingExpression *pending = data;

  g_free (pending->name);
  g_free (pending->what);
  g_free (pending);
}

static gboolean load_entity (Loader *loader, HycoXmlNode *element, HycoCompositeActor *container,
                             HycoActor **actor, GError **error);
static gboolean load_attribute (Loader *loader, HycoXmlNode *element, GObject *owner,
                                GError **error);
static gboolean has_relation (Loader *loader, HycoXmlNode *composite_element,
                              HycoCompositeActor *container, const char *name);

/* Sets @error to `FILE:LINE: WHAT: CAUSE`. */
static gboolean G_GNUC_PRINTF (6, 7)
  fail (Loader *loader, GError **error, long line, HycoModelFileError code, const char *what,
        const char *format, ...)
{
  g_autofree char *cause = NULL;
  va_list args;

  va_start (args, format);
  cause = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, HYCO_MODEL_FILE_ERROR, code, "%s:%ld: %s: %s", loader->source, line, what,
               cause);
  return FALSE;
}

static long
line_of (HycoXmlNode *node)
{
  return node->line;
}

/* `entity "Clock"`, or `entity` when it has no name. */
static char *
describe (HycoXmlNode *element)
{
  g_autofree char *name = _hyco_xml_get_attr (element, "name");

  if (name == NULL)
    return g_strdup ((const char *) element->name);
  return g_strdup_printf ("%s \"%s\"", (const char *) element->name, name);
}

/* The model-file names of the registered director classes, for messages: "DEDirector, ...". */
static char *
director_class_names (void)
{
  g_autoptr (GPtrArray) names = hyco_registry_list ();
  GString *text = g_string_new (NULL);

  for (guint i = 0; i < names->len; i++)
    if (g_type_is_a (hyco_registry_lookup (names->pdata[i]), HYCO_TYPE_DIRECTOR))
      g_string_append_printf (text, "%s%s", text->len ? ", " : "", (char *) names->pdata[i]);
  return g_string_free (text, FALSE);
}

/* `DiscreteClock "Clock1"`: how messages name the object that owns a parameter or port. */
static char *
describe_object (GObject *object)
{
  const char *class_name = hyco_registry_get_name (G_OBJECT_TYPE (object));
  const char *name = HYCO_IS_DIRECTOR (object) ? hyco_director_get_name (HYCO_DIRECTOR (object))
                                               : hyco_actor_get_name (HYCO_ACTOR (object));

  return g_strdup_printf ("%s \"%s\"", class_name ? class_name : G_OBJECT_TYPE_NAME (object), name);
}

/* Ptolemy II renamed some packages over the years and reads old files through its MoML
 * filters; we rename the same way before reading, so that a model saved by an older Vergil
 * reads as a newer one (a class that ends with a dot renames every class of that package). */
static const struct
{
  const char *old_name;
  const char *new_name;
} class_renames[] = {
  { "ptolemy.domains.fsm.kernel.", "ptolemy.domains.modal.kernel." },
  { "ptolemy.domains.fsm.modal.", "ptolemy.domains.modal.modal." },
  { "ptolemy.vergil.fsm.", "ptolemy.vergil.modal." },
  { "ptolemy.moml.SharedParameter", "ptolemy.actor.parameters.SharedParameter" },
  { "ptolemy.moml.Location", "ptolemy.kernel.util.Location" },
  { "ptolemy.kernel.util.VersionAttribute", "ptolemy.kernel.attributes.VersionAttribute" },
};

/* Names Vergil gives the attributes it draws with, whatever their class: positions, sizes,
 * icons, windows, what is shown or hidden, editor factories. */
static const char *const drawing_names[] = {
  "_location",
  "_vergilSize",
  "_windowProperties",
  "_vergilZoomFactor",
  "_vergilCenter",
  "_vergilLocation",
  "_hideName",
  "_showName",
  "_hide",
  "_showInfo",
  "_expertMode",
  "_hideAllParameters",
  "_controllerFactory",
  "_icon",
  "_iconDescription",
  "_smallIconDescription",
  "_library",
  "_centerName",
  "_tableauFactory",
  "_editorFactory",
  "_configurer",
  "_color",
  "_layoutHint",
  "_cardinal",
  "_ordinal",
  "_flipPortsHorizontal",
  "_flipPortsVertical",
  "_rotatePorts",
  "_documentation",
  "_explanation",
  "_alternateGetMoML",
  "_annotation",
  "_parameterEditorFactory",
};

static gboolean
is_drawing_name (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (drawing_names); i++)
    if (g_str_equal (name, drawing_names[i]))
      return TRUE;
  return FALSE;
}

/* Classes Vergil uses for layout, icons, windows and documentation, and classes whose
 * attributes only record where a model came from: they mean nothing to a simulation, so
 * properties of these classes are skipped with everything inside them. */
static gboolean
is_ignored_class (const char *class_name)
{
  static const char *const prefixes[] = {
    "ptolemy.vergil.",
    "ptolemy.actor.gui.",
  };
  static const char *const names[] = {
    "ptolemy.kernel.util.Attribute",
    "ptolemy.kernel.util.Location",
    "ptolemy.kernel.util.RelativeLocation",
    "ptolemy.kernel.util.SingletonAttribute",
    "ptolemy.kernel.util.ConfigurableAttribute",
    "ptolemy.kernel.util.SingletonConfigurableAttribute",
    "ptolemy.kernel.attributes.VersionAttribute",
    "ptolemy.kernel.attributes.URIAttribute",
    "ptolemy.moml.LibraryAttribute",
    "ptolemy.moml.Vertex",
    /* What a model transformation recorded it would change; nothing a run reads. */
    "ptolemy.actor.gt.GTIngredientsAttribute",
  };

  for (guint i = 0; i < G_N_ELEMENTS (prefixes); i++)
    if (g_str_has_prefix (class_name, prefixes[i]))
      return TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_str_equal (class_name, names[i]))
      return TRUE;
  return FALSE;
}

/* Underscore attributes that are not drawing: a simulation in Ptolemy reads them, so the
 * reader honours or refuses each by name (load_semantic_attribute(), load_port_flags()). */
static const char *const semantic_underscore_names[] = {
  "_type",
  "_priority",
  "_enableBackwardTypeInference",
  "_defaultInferredWidthTo1",
  "_createdBy",
};

static gboolean
is_semantic_underscore_name (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (semantic_underscore_names); i++)
    if (g_str_equal (name, semantic_underscore_names[i]))
      return TRUE;
  return FALSE;
}

/* A property that only Vergil or Ptolemy's internals read: `_location`, `_vergilSize`,
 * `_iconDescription`, annotations. Ptolemy's convention is that an attribute whose name
 * starts with an underscore is one Ptolemy or Vergil adds, not a user's parameter: those that
 * a simulation reads are listed in semantic_underscore_names; the others are skipped, and
 * `--verbose` counts them by name. */
static gboolean
is_ignored_property (HycoXmlNode *element)
{
  g_autofree char *name = _hyco_xml_get_attr (element, "name");
  g_autofree char *class_name = _hyco_xml_get_attr (element, "class");

  if (name != NULL && is_semantic_underscore_name (name))
    return FALSE;
  if (name != NULL && name[0] == '_')
    return TRUE;
  return class_name != NULL && is_ignored_class (class_name);
}

/* Ptolemy II's parameter classes: a property of one of these is a parameter, whose value is an
 * expression or, for the string ones, text. */
static gboolean
is_parameter_class (const char *class_name)
{
  /* Hyco's own files may name them by their last component, as any class. */
  static const char *const short_names[] = { "Parameter",       "ExpertParameter",
                                             "SharedParameter", "SingletonParameter",
                                             "PortParameter",   "StringParameter",
                                             "FileParameter" };

  if (strchr (class_name, '.') == NULL)
    for (guint i = 0; i < G_N_ELEMENTS (short_names); i++)
      if (g_str_equal (class_name, short_names[i]))
        return TRUE;
  return g_str_has_prefix (class_name, "ptolemy.data.expr.")
         || g_str_has_prefix (class_name, "ptolemy.actor.parameters.");
}

/* Classes whose value is text rather than an expression. */
static gboolean
is_string_class (const char *class_name)
{
  return g_str_equal (class_name, "ptolemy.data.expr.StringParameter")
         || g_str_equal (class_name, "ptolemy.data.expr.FileParameter")
         || g_str_equal (class_name, "ptolemy.kernel.util.StringAttribute");
}

/* Records that the reader skipped @node, for the count `--verbose` shows. */
static void
note_ignored (Loader *loader, HycoXmlNode *node)
{
  if (loader->ignored != NULL)
    g_hash_table_add (loader->ignored, node);
}

/* Sorts out the nodes every element may contain. Returns 1 for an element the caller must
 * handle, 0 for a node to skip, -1 on error. */
static int
classify_child (Loader *loader, HycoXmlNode *node, HycoXmlNode *parent, GError **error)
{
  switch (node->type)
    {
    case HYCO_XML_ELEMENT_NODE:
      /* Ptolemy writes documentation and display names; neither affects a run. */
      if (_hyco_xml_is_element (node, "doc") || _hyco_xml_is_element (node, "display"))
        return 0;
      return 1;
    case HYCO_XML_TEXT_NODE:
      /* Text that is only whitespace, comments and processing instructions are not in the
       * tree; a text node is dated by its first character that is not a space. */
      {
        g_autofree char *what = describe (parent);
        fail (loader, error, line_of (node), HYCO_MODEL_FILE_ERROR_INVALID, what,
              "unexpected text inside the element");
        return -1;
      }
    default:
      return 0;
    }
}

static gboolean
fail_not_allowed (Loader *loader, HycoXmlNode *element, HycoXmlNode *parent, GError **error)
{
  static const char *const known[]
    = { "entity",       "property",   "port",           "relation",       "link",   "vertex",
        "class",        "configure",  "group",          "input",          "rename", "unlink",
        "deleteEntity", "deletePort", "deleteProperty", "deleteRelation", "import" };
  g_autofree char *what = g_strdup_printf ("<%s>", (const char *) element->name);
  g_autofree char *where = describe (parent);

  for (guint i = 0; i < G_N_ELEMENTS (known); i++)
    if (_hyco_xml_is_element (element, known[i]))
      return fail (loader, error, line_of (element), HYCO_MODEL_FILE_ERROR_INVALID, what,
                   "not supported inside %s", where);
  return fail (loader, error, line_of (element), HYCO_MODEL_FILE_ERROR_INVALID, what,
               "unknown element inside %s", where);
}

/* For elements that may hold only what Vergil adds: ignored properties, doc, display. */
static gboolean
check_ignorable_children (Loader *loader, HycoXmlNode *parent, GError **error)
{
  for (HycoXmlNode *node = parent->children; node; node = node->next)
    {
      int kind = classify_child (loader, node, parent, error);

      if (kind < 0)
        return FALSE;
      if (kind == 0)
        continue;
      if (_hyco_xml_is_element (node, "property") && is_ignored_property (node))
        {
          note_ignored (loader, node);
          continue;
        }
      return fail_not_allowed (loader, node, parent, error);
    }
  return TRUE;
}

static gboolean
require_attr (Loader *loader, HycoXmlNode *element, const char *name, char **value, GError **error)
{
  *value = _hyco_xml_get_attr (element, name);
  if (*value == NULL)
    {
      g_autofree char *what = describe (element);
      return fail (loader, error, line_of (element), HYCO_MODEL_FILE_ERROR_INVALID, what,
                   "missing attribute \"%s\"", name);
    }
  return TRUE;
}

/* Names of actors and relations are path components: not empty, no dots. */
static gboolean
check_name (Loader *loader, HycoXmlNode *element, const char *name, GError **error)
{
  if (*name == '\0' || strchr (name, '.') != NULL)
    {
      g_autofree char *what = describe (element);
      return fail (loader, error, line_of (element), HYCO_MODEL_FILE_ERROR_INVALID, what,
                   "\"%s\" is not a valid name: names are not empty and contain no '.'", name);
    }
  return TRUE;
}

/* Actors and relations of one composite share one namespace, as in Ptolemy. */
static gboolean
check_unique (Loader *loader, HycoXmlNode *element, HycoCompositeActor *container, const char *name,
              GError **error)
{
  if (hyco_composite_actor_get_actor (container, name) != NULL
      || (element->parent != NULL && has_relation (loader, element->parent, container, name)))
    {
      g_autofree char *what = describe (element);
      return fail (loader, error, line_of (element), HYCO_MODEL_FILE_ERROR_DUPLICATE_NAME, what,
                   "%s already contains an entity or relation named \"%s\"",
                   hyco_actor_get_name (HYCO_ACTOR (container)), name);
    }
  return TRUE;
}

/* Counts a semantic attribute accepted because it changes nothing Hyco does, under @key, for
 * the line `--verbose` shows. */
static void
note_accepted (Loader *loader, const char *key)
{
  if (loader->accepted != NULL)
    g_hash_table_insert (
      loader->accepted, (gpointer) g_intern_string (key),
      GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (loader->accepted, key)) + 1));
}

/* `"text"`: @text as a string literal of the expression language, for a parameter whose
 * Ptolemy class holds text rather than an expression. */
static char *
quote_text (const char *text)
{
  g_auto (HycoValue) string = HYCO_VALUE_INIT;

  hyco_value_set_string (&string, text);
  return hyco_value_to_literal (&string);
}

/* Sets a parameter as the file states it, through the parameter protocol: the owner's class,
 * a composite's model parameters and an FMU's variables answer alike. An expression is
 * evaluated once the whole model is read (evaluate_expressions). A name the owner lacks is
 * refused: Ptolemy lets a model add a parameter to any actor, but Hyco's actors hold only
 * their class's (a composite's are model parameters). */
static gboolean
set_parameter (Loader *loader, HycoXmlNode *element, GObject *owner, const char *name,
               const char *value, GError **error)
{
  HycoParameterOwner *parameters = HYCO_PARAMETER_OWNER (owner);
  g_autoptr (GError) local_error = NULL;
  g_autofree char *what = NULL;
  g_autofree char *who = NULL;

  if (hyco_parameter_owner_declare_text (parameters, name, value, &local_error))
    {
      if (hyco_parameter_owner_needs_evaluation (parameters, name))
        {
          PendingExpression *pending = g_new0 (PendingExpression, 1);
          pending->owner = owner;
          pending->name = g_strdup (name);
          pending->what = describe (element);
          pending->line = line_of (element);
          g_ptr_array_add (loader->expressions, pending);
        }
      return TRUE;
    }
  what = describe (element);
  who = describe_object (owner);
  if (g_error_matches (local_error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_UNKNOWN))
    return fail (loader, error, line_of (element), HYCO_MODEL_FILE_ERROR_UNKNOWN_PARAMETER, what,
                 "%s has no parameter \"%s\"", who, name);
  return fail (loader, error, line_of (element), HYCO_MODEL_FILE_ERROR_BAD_VALUE, what,
               "bad value for %s: %s", who, local_error->message);
}

/* A director's `localClock` (ptolemy.actor.LocalClock): every Ptolemy director has one, and a
 * model writes it to change how the director's time relates to its environment's. Its
 * parameters go to the director as `localClock.NAME` (hyco_director_set_local_clock()); at
 * their defaults they say what Hyco's directors do anyway; anything else is refused by name.
 * A LocalClock of another name is an attribute Ptolemy's director never reads (its clock is
 * the one named localClock): skipped, and counted. */
static gboolean
load_local_clock (Loader *loader, HycoXmlNode *element, GObject *director, GError **error)
{
  g_autofree char *clock_name = _hyco_xml_get_attr (element, "name");

  if (clock_name != NULL && !g_str_equal (clock_name, "localClock"))
    {
      note_ignored (loader, element);
      return TRUE;
    }

  for (HycoXmlNode *node = element->children; node; node = node->next)
    {
      int kind = classify_child (loader, node, element, error);
      g_autofree char *name = NULL;
      g_autofree char *value = NULL;
      g_autofree char *class_name = NULL;
      g_autofree char *full_name = NULL;
      g_autofree char *what = NULL;
      g_autofree char *who = NULL;

      if (kind < 0)
        return FALSE;
      if (kind == 0)
        continue;
      if (!_hyco_xml_is_element (node, "property"))
        return fail_not_allowed (loader, node, element, error);
      if (!require_attr (loader, node, "name", &name, error))
        return FALSE;
      if (is_ignored_property (node))
        {
          note_ignored (loader, node);
          continue;
        }
      value = _hyco_xml_get_attr (node, "value");
      class_name = _hyco_xml_get_attr (node, "class");
      full_name = g_strdup_printf ("localClock.%s", name);
      if (hyco_parameter_owner_has (HYCO_PARAMETER_OWNER (director), full_name))
        {
          if (value != NULL && !set_parameter (loader, node, director, full_name, value, error))
            return FALSE;
          continue;
        }
      if (value == NULL)
        continue;
      what = describe (node);
      who = describe_object (director);
      return fail (loader, error, line_of (node), HYCO_MODEL_FILE_ERROR_UNKNOWN_PARAMETER, what,
                   "%s: parameter \"%s\" of its local clock \"%s\" is not supported (Hyco "
                   "reads its clockRate and globalTimeResolution)",
                   who, name, clock_name ? clock_name : "localClock");
    }
  note_accepted (loader, "localClock at its defaults");
  return TRUE;
}

/* A `property` holding a parameter: name and value. The owner's parameter spec decides how a
 * class parameter's text is read, whatever Ptolemy parameter class the file gives it
 * (Parameter, PortParameter, SharedParameter, StringParameter, ...). On a composite, a name
 * that is not a parameter of its class declares a model parameter: an expression, or a string
 * for StringParameter, FileParameter and StringAttribute. A StringAttribute its owner does
 * not read is documentation, as in Ptolemy, where only the class that owns it reads it. */
static gboolean
load_parameter (Loader *loader, HycoXmlNode *element, GObject *owner, GError **error)
{
  g_autofree char *name = NULL;
  g_autofree char *value = _hyco_xml_get_attr (element, "value");
  g_autofree char *class_name = _hyco_xml_get_attr (element, "class");
  g_autofree char *what = describe (element);
  g_autofree char *quoted = NULL;
  gboolean owner_has;

  if (!require_attr (loader, element, "name", &name, error))
    return FALSE;
  if (class_name != NULL && g_str_equal (class_name, "ptolemy.actor.LocalClock")
      && HYCO_IS_DIRECTOR (owner))
    return load_local_clock (loader, element, owner, error);
  owner_has = hyco_parameter_owner_has (HYCO_PARAMETER_OWNER (owner), name);
  if (class_name != NULL && !is_parameter_class (class_name) && !is_string_class (class_name)
      && (value == NULL || !owner_has))
    {
      const char *short_name = _hyco_model_reader_short_class_name (class_name);

      if (value == NULL
          && (strstr (short_name, "Director") != NULL || strchr (class_name, '.') == NULL
              || g_str_has_prefix (class_name, "ptolemy.domains.")))
        {
          /* A property with a short class name or a domain's class, and no value, is meant as
           * a director (a misspelt class). */
          g_autofree char *known = director_class_names ();
          return fail (loader, error, line_of (element), HYCO_MODEL_FILE_ERROR_UNKNOWN_CLASS, what,
                       "no director class named \"%s\" (the director classes: %s)", class_name,
                       known);
        }
      return fail (loader, error, line_of (element), HYCO_MODEL_FILE_ERROR_UNKNOWN_CLASS, what,
                   "attribute class \"%s\" is not supported (Hyco reads parameters, directors "
                   "and Vergil's drawing attributes, which it skips)",
                   class_name);
    }
  if (value == NULL)
    {
      if (class_name == NULL)
        return fail (loader, error, line_of (element), HYCO_MODEL_FILE_ERROR_INVALID, what,
                     "missing attribute \"value\" (a property is a parameter with a value, or a "
                     "director with a director class)");
      /* Ptolemy keeps a parameter's value when the file gives none; a new parameter without
       * a value has none either. */
      if (owner_has)
        return check_ignorable_children (loader, element, error);
      if (is_string_class (class_name) && HYCO_IS_COMPOSITE_ACTOR (owner))
        value = g_strdup ("");
      else if (is_string_class (class_name))
        {
          note_ignored (loader, element);
          return TRUE;
        }
      else
        return fail (loader, error, line_of (element), HYCO_MODEL_FILE_ERROR_INVALID, what,
                     "a parameter with no value is not supported: give it one");
    }
  if (!check_ignorable_children (loader, element, error))
    return FALSE;
  if (!owner_has && class_name != NULL
      && g_str_equal (class_name, "ptolemy.kernel.util.StringAttribute"))
    {
      /* Not a Variable in Ptolemy: no expression sees it, only a class that reads it by
       * name, and this owner's class does not. */
      note_ignored (loader, element);
      return TRUE;
    }
  if (!owner_has && class_name != NULL && is_string_class (class_name))
    quoted = quote_text (value);
  if (!owner_has && class_name != NULL && HYCO_IS_COMPOSITE_ACTOR (owner)
      && g_str_equal (class_name, "ptolemy.actor.parameters.PortParameter")
      && loader->port_parameters != NULL)
    g_ptr_array_add (loader->port_parameters, element);
  return set_parameter (loader, element, owner, name, quoted ? quoted : value, error);
}

static gboolean
load_director (Loader *loader, HycoXmlNode *element, HycoActor *actor, GType type, GError **error)
{
  g_autofree char *name = _hyco_xml_get_attr (element, "name");
  g_autofree char *value = _hyco_xml_get_attr (element, "value");
  g_autofree char *what = describe (element);
  g_autoptr (HycoDirector) director = NULL;
  HycoCompositeActor *composite;
  HycoDirector *existing;

  if (!HYCO_IS_COMPOSITE_ACTOR (actor))
    {
      g_autofree char *who = describe_object (G_OBJECT (actor));
      return fail (loader, error, line_of (element), HYCO_MODEL_FILE_ERROR_INVALID, what,
                   "%s is not a composite actor and cannot have a director", who);
    }
  if (value != NULL)
    return fail (loader, error, line_of (element), HYCO_MODEL_FILE_ERROR_INVALID, what,
                 "a director has no value; its parameters are properties inside it");
  composite = HYCO_COMPOSITE_ACTOR (actor);
  existing = hyco_composite_actor_get_director (composite);
  if (existing != NULL)
    return fail (loader, error, line_of (element), HYCO_MODEL_FILE_ERROR_INVALID, what,
                 "%s already has a director, \"%s\"", hyco_actor_get_name (actor),
                 hyco_director_get_name (existing));

  director = g_object_new (type, "name", name, NULL);
  _hyco_set_source_location (director, loader->source, line_of (element));
  hyco_composite_actor_set_director (composite, director);
  for (HycoXmlNode *node = element->children; node; node = node->next)
    {
      int kind = classify_child (loader, node, element, error);

      if (kind < 0)
        return FALSE;
      if (kind == 0)
        continue;
      if (!_hyco_xml_is_element (node, "property"))
        return fail_not_allowed (loader, node, element, error);
      if (is_ignored_property (node))
        {
          note_ignored (loader, node);
          continue;
        }
      if (!load_attribute (loader, node, G_OBJECT (director), error))
        return FALSE;
    }
  return TRUE;
}

static gboolean load_entity (Loader *loader, HycoXmlNode *element, HycoCompositeActor *container,
                             HycoActor **actor, GError **error);

static gboolean
class_has_ports (GType type)
{
  g_autoptr (GTypeClass) klass = g_type_class_ref (type);
  g_autoptr (GPtrArray) ports = hyco_actor_class_list_port_names (HYCO_ACTOR_CLASS (klass));

  return ports->len > 0;
}

static gboolean
load_property (Loader *loader, HycoXmlNode *element, HycoActor *actor, GError **error)
{
  g_autofree char *name = NULL;
  g_autofree char *class_name = NULL;
  GType type = G_TYPE_INVALID;

  if (!require_attr (loader, element, "name", &name, error))
    return FALSE;
  if (is_ignored_property (element))
    {
      note_ignored (loader, element);
      return TRUE;
    }
  class_name = _hyco_xml_get_attr (element, "class");
  if (class_name != NULL)
    type = hyco_registry_lookup (class_name);
  if (type != G_TYPE_INVALID && g_type_is_a (type, HYCO_TYPE_DIRECTOR))
    return load_director (loader, element, actor, type, error);
  if (type != G_TYPE_INVALID && HYCO_IS_COMPOSITE_ACTOR (actor) && !G_TYPE_IS_ABSTRACT (type)
      && g_type_is_a (type, HYCO_TYPE_ACTOR) && !class_has_ports (type))
    {
      /* An attribute that takes part in the run, such as Ptolemy's TestExceptionAttribute,
       * is an actor without ports: it is read as the entity it is in Hyco. */
      return load_entity (loader, element, HYCO_COMPOSITE_ACTOR (actor), NULL, error);
    }
  if (type != G_TYPE_INVALID)
    {
      g_autofree char *what = describe (element);
      return fail (loader, error, line_of (element), HYCO_MODEL_FILE_ERROR_INVALID, what,
                   "\"%s\" is an actor class: an actor is an entity, not a property", class_name);
    }
  return load_attribute (loader, element, G_OBJECT (actor), error);
}

/* Whether @value, a boolean parameter's text, is false: absent, empty or `false`. */
static gboolean
is_false (const char *value)
{
  return value == NULL || *value == '\0' || g_str_equal (value, "false");
}

/* A property of an actor or director that is not a director: a parameter, or one of the
 * underscore attributes a Ptolemy simulation reads (semantic_underscore_names), each honoured
 * or refused by name. */
static gboolean
load_attribute (Loader *loader, HycoXmlNode *element, GObject *owner, GError **error)
{
  g_autofree char *name = _hyco_xml_get_attr (element, "name");
  g_autofree char *value = _hyco_xml_get_attr (element, "value");
  g_autofree char *what = NULL;
  g_autofree char *who = NULL;

  if (name == NULL || !is_semantic_underscore_name (name)
      || hyco_parameter_owner_has (HYCO_PARAMETER_OWNER (owner), name))
    return load_parameter (loader, element, owner, error);
  what = describe (element);
  who = describe_object (owner);
  if (g_str_equal (name, "_createdBy"))
    {
      /* Honoured, not skipped: the modal syntax reads it from the file, since what a
       * transition's reset means changed in Ptolemy II 9.1. */
      return check_ignorable_children (loader, element, error);
    }
  if (g_str_equal (name, "_defaultInferredWidthTo1"))
    {
      /* Hyco's relations are one channel wide, the width this asks for when none is
       * inferred. */
      note_accepted (loader, "_defaultInferredWidthTo1 (relations are one channel wide)");
      return check_ignorable_children (loader, element, error);
    }
  if (g_str_equal (name, "_enableBackwardTypeInference") && is_false (value))
    {
      note_accepted (loader, "_enableBackwardTypeInference false");
      return check_ignorable_children (loader, element, error);
    }
  if (g_str_equal (name, "_enableBackwardTypeInference"))
    return fail (loader, error, line_of (element), HYCO_MODEL_FILE_ERROR_UNKNOWN_PARAMETER, what,
                 "%s: backward type inference is not supported (Hyco's values carry their "
                 "own types)",
                 who);
  if (g_str_equal (name, "_priority") && value != NULL && g_str_equal (g_strstrip (value), "0"))
    {
      /* Every actor's priority when it has none: the order Hyco's DE director keeps. */
      note_accepted (loader, "_priority 0 (the default)");
      return check_ignorable_children (loader, element, error);
    }
  if (g_str_equal (name, "_priority"))
    {
      /* Ptolemy's order of simultaneous firings: the schedule's order among actors of one
       * depth (hyco_actor_set_priority()). */
      gint64 priority;

      if (!HYCO_IS_ACTOR (owner) || value == NULL
          || !g_ascii_string_to_signed (g_strstrip (value), 10, G_MININT, G_MAXINT, &priority,
                                        NULL))
        return fail (loader, error, line_of (element), HYCO_MODEL_FILE_ERROR_BAD_VALUE, what,
                     "%s: \"_priority\" (Ptolemy's order of simultaneous firings) is an "
                     "actor's integer, not \"%s\"",
                     who, value ? value : "");
      hyco_actor_set_priority (HYCO_ACTOR (owner), (int) priority);
      return check_ignorable_children (loader, element, error);
    }
  return fail (loader, error, line_of (element), HYCO_MODEL_FILE_ERROR_UNKNOWN_PARAMETER, what,
               "%s: \"%s\" is not supported here", who, name);
}

/* A port's or relation's class only says what it is: Ptolemy's port classes all end in `Port`
 * (TypedIOPort, IOPort, ...), its relation classes in `Relation`. @kind is "port" or
 * "relation". */
static gboolean
check_kind_class (Loader *loader, HycoXmlNode *element, const char *class_name, const char *suffix,
                  const char *kind, GError **error)
{
  g_autofree char *what = NULL;

  if (class_name == NULL)
    return TRUE;
  if (g_str_has_suffix (_hyco_model_reader_short_class_name (class_name), suffix)
      && hyco_registry_lookup (class_name) == G_TYPE_INVALID)
    return TRUE;
  what = describe (element);
  if (hyco_registry_lookup (class_name) != G_TYPE_INVALID)
    return fail (loader, error, line_of (element), HYCO_MODEL_FILE_ERROR_INVALID, what,
                 "\"%s\" is an actor or director class, not a %s class", class_name, kind);
  return fail (loader, error, line_of (element), HYCO_MODEL_FILE_ERROR_UNKNOWN_CLASS, what,
               "no %s class named \"%s\"", kind, class_name);
}

typedef enum
{
  PORT_ATTRIBUTE_FAILED,
  PORT_ATTRIBUTE_READ,
  PORT_ATTRIBUTE_OTHER,
} PortAttributeResult;

/* The attributes Ptolemy writes on a port besides input, output and multiport: its declared
 * type, `defaultValue`, and what editors and older domains left there. */
static PortAttributeResult
load_port_attribute (Loader *loader, HycoXmlNode *node, const char *name, GError **error)
{
  g_autofree char *value = _hyco_xml_get_attr (node, "value");
  g_autofree char *class_name = _hyco_xml_get_attr (node, "class");
  g_autofree char *what = NULL;

  if (g_str_equal (name, "_type"))
    {
      /* A declared type only constrains what a port takes in a model Ptolemy accepted, but
       * for the types Ptolemy converts lesser values to: those would change the values. */
      static const char *const constraining[] = { "unknown", "general", "int", "boolean" };

      for (guint i = 0; value != NULL && i < G_N_ELEMENTS (constraining); i++)
        if (g_str_equal (value, constraining[i]))
          {
            note_accepted (loader, "_type (a port's declared type; values are not converted)");
            return check_ignorable_children (loader, node, error) ? PORT_ATTRIBUTE_READ
                                                                  : PORT_ATTRIBUTE_FAILED;
          }
      what = describe (node);
      fail (loader, error, line_of (node), HYCO_MODEL_FILE_ERROR_BAD_VALUE, what,
            "a port declared of type \"%s\" is not supported: Hyco does not convert the values "
            "a port receives to its declared type (int, boolean and unknown are accepted)",
            value ? value : "");
      return PORT_ATTRIBUTE_FAILED;
    }
  if (g_str_equal (name, "defaultValue"))
    {
      /* Without a value the port has no default, as every Hyco port. */
      if (value == NULL || *value == '\0')
        return check_ignorable_children (loader, node, error) ? PORT_ATTRIBUTE_READ
                                                              : PORT_ATTRIBUTE_FAILED;
      what = describe (node);
      fail (loader, error, line_of (node), HYCO_MODEL_FILE_ERROR_UNKNOWN_PARAMETER, what,
            "a port's default value (what it reads when nothing arrives) is not supported");
      return PORT_ATTRIBUTE_FAILED;
    }
  /* `signalType`: a parameter the CT domain read to tell continuous from discrete signals,
   * which the Continuous domain that replaced it does not read. StringAttributes that tools
   * such as KIELER leave on ports: no port class reads them. */
  if (g_str_equal (name, "signalType")
      || (class_name != NULL && g_str_equal (class_name, "ptolemy.kernel.util.StringAttribute")))
    {
      note_ignored (loader, node);
      return check_ignorable_children (loader, node, error) ? PORT_ATTRIBUTE_READ
                                                            : PORT_ATTRIBUTE_FAILED;
    }
  return PORT_ATTRIBUTE_OTHER;
}

/* Reads the `input`, `output` and `multiport` properties of a port, and its `unit`. */
static gboolean
load_port_flags (Loader *loader, HycoXmlNode *element, HycoPortFlags *flags, char **unit,
                 GError **error)
{
  static const struct
  {
    const char *name;
    HycoPortFlags flag;
  } known[] = {
    { "input", HYCO_PORT_INPUT },
    { "output", HYCO_PORT_OUTPUT },
    { "multiport", HYCO_PORT_MULTIPORT },
  };

  *flags = 0;
  for (HycoXmlNode *node = element->children; node; node = node->next)
    {
      int kind = classify_child (loader, node, element, error);
      g_autofree char *name = NULL;
      g_autofree char *value = NULL;
      g_autofree char *what = NULL;
      guint i;

      if (kind < 0)
        return FALSE;
      if (kind == 0)
        continue;
      if (!_hyco_xml_is_element (node, "property"))
        return fail_not_allowed (loader, node, element, error);
      if (!require_attr (loader, node, "name", &name, error))
        return FALSE;
      if (is_ignored_property (node))
        {
          note_ignored (loader, node);
          continue;
        }
      what = describe (node);
      switch (load_port_attribute (loader, node, name, error))
        {
        case PORT_ATTRIBUTE_FAILED:
          return FALSE;
        case PORT_ATTRIBUTE_READ:
          continue;
        case PORT_ATTRIBUTE_OTHER:
          break;
        }
      if (g_str_equal (name, "unit"))
        {
          g_free (*unit);
          *unit = _hyco_xml_get_attr (node, "value");
          continue;
        }
      for (i = 0; i < G_N_ELEMENTS (known); i++)
        if (g_str_equal (name, known[i].name))
          break;
      if (i == G_N_ELEMENTS (known))
        return fail (loader, error, line_of (node), HYCO_MODEL_FILE_ERROR_UNKNOWN_PARAMETER, what,
                     "a port has only the properties input, output, multiport and unit");
      value = _hyco_xml_get_attr (node, "value");
      if (value == NULL || g_str_equal (value, "true"))
        *flags |= known[i].flag;
      else if (!g_str_equal (value, "false"))
        return fail (loader, error, line_of (node), HYCO_MODEL_FILE_ERROR_BAD_VALUE, what,
                     "\"%s\" is neither true nor false", value);
    }
  return TRUE;
}

static const char *
missing_flag_name (HycoPortFlags missing)
{
  if (missing & HYCO_PORT_INPUT)
    return "an input";
  if (missing & HYCO_PORT_OUTPUT)
    return "an output";
  return "a multiport";
}

/* Composites and state machines get their ports from the model file. */
static gboolean
accepts_ports (HycoActor *actor)
{
  const HycoModelSyntax *syntax = _hyco_model_syntax_lookup (G_OBJECT_TYPE (actor));

  return HYCO_IS_COMPOSITE_ACTOR (actor) || (syntax != NULL && syntax->declares_ports);
}

/* A `port` adds a port to a composite. On an actor whose ports come from its class (Ptolemy
 * writes those to record, for example, that a port is a multiport), it only checks them. */
static gboolean
load_port (Loader *loader, HycoXmlNode *element, HycoActor *actor, GError **error)
{
  g_autofree char *name = NULL;
  g_autofree char *class_name = _hyco_xml_get_attr (element, "class");
  g_autofree char *what = NULL;
  g_autofree char *who = NULL;
  g_autofree char *unit = NULL;
  g_autoptr (GError) local_error = NULL;
  HycoPortFlags flags;
  HycoPort *port;

  if (!require_attr (loader, element, "name", &name, error)
      || !check_kind_class (loader, element, class_name, "Port", "port", error)
      || !load_port_flags (loader, element, &flags, &unit, error))
    return FALSE;
  what = describe (element);
  who = describe_object (G_OBJECT (actor));
  port = hyco_actor_get_port (actor, name);
  if (port != NULL
      && (!accepts_ports (actor)
          || hyco_actor_class_get_port_flags (HYCO_ACTOR_GET_CLASS (actor), name) != 0))
    {
      HycoPortFlags missing = flags & ~hyco_port_get_flags (port);

      /* Ptolemy's class may have a multiport where Hyco's has a single port: one link is
       * the same on both, and the kernel refuses a second when the model is prepared. */
      if (missing == HYCO_PORT_MULTIPORT)
        {
          note_accepted (loader, "multiport (a single port in Hyco's class)");
          missing = 0;
        }
      if (missing != 0)
        return fail (loader, error, line_of (element), HYCO_MODEL_FILE_ERROR_INVALID, what,
                     "port \"%s\" of %s is not %s", name, who, missing_flag_name (missing));
      if (unit)
        hyco_port_set_unit (port, unit);
      return TRUE;
    }
  if (!accepts_ports (actor) && hyco_parameter_owner_has (HYCO_PARAMETER_OWNER (actor), name))
    /* A PortParameter in Ptolemy is a parameter and a port of one name. */
    return fail (loader, error, line_of (element), HYCO_MODEL_FILE_ERROR_UNKNOWN_PORT, what,
                 "%s has no port \"%s\": \"%s\" is a parameter of it, not a port", who, name, name);
  if (!accepts_ports (actor))
    return fail (loader, error, line_of (element), HYCO_MODEL_FILE_ERROR_UNKNOWN_PORT, what,
                 "%s has no port \"%s\"", who, name);
  if (port != NULL)
    return fail (loader, error, line_of (element), HYCO_MODEL_FILE_ERROR_DUPLICATE_NAME, what,
                 "%s already has a port named \"%s\"", who, name);
  if (*name == '\0' || strchr (name, '.') != NULL)
    return fail (loader, error, line_of (element), HYCO_MODEL_FILE_ERROR_INVALID, what,
                 "\"%s\" is not a valid name: names are not empty and contain no '.'", name);
  if ((flags & (HYCO_PORT_INPUT | HYCO_PORT_OUTPUT)) == 0)
    return fail (loader, error, line_of (element), HYCO_MODEL_FILE_ERROR_INVALID, what,
                 "the port is neither an input nor an output: add <property name=\"input\"/> "
                 "or <property name=\"output\"/>");
  port = hyco_actor_add_port (actor, name, flags, &local_error);
  if (port == NULL)
    return fail (loader, error, line_of (element), HYCO_MODEL_FILE_ERROR_INVALID, what, "%s",
                 local_error->message);
  hyco_port_set_unit (port, unit);
  return TRUE;
}

/* Relations that Ptolemy links to each other (`<link relation1="a" relation2="b"/>`) form one
 * relation group: every port linked to one of them is connected to all the others, as through
 * one relation. The reader makes one relation of each group, the one declared first, and
 * links the ports of the others to it. */
typedef struct
{
  GHashTable *representative; /* relation name -> the first-declared relation of its group */
  GHashTable *declared;       /* names of relations of a group not made, once declared */
} RelationGroups;

static void
relation_groups_free (gpointer data)
{
  RelationGroups *groups = data;

  g_hash_table_unref (groups->representative);
  g_hash_table_unref (groups->declared);
  g_free (groups);
}

static const char *
find_group (GHashTable *parent, const char *name)
{
  const char *up;

  while ((up = g_hash_table_lookup (parent, name)) != NULL && !g_str_equal (up, name))
    name = up;
  return name;
}

/* The relation groups of the composite @composite_element describes, from its links between
 * relations, wherever they are among its children. */
static RelationGroups *
get_relation_groups (Loader *loader, HycoXmlNode *composite_element)
{
  RelationGroups *groups = g_hash_table_lookup (loader->relation_groups, composite_element);
  g_autoptr (GHashTable) parent = NULL; /* union-find over relation names */
  g_autoptr (GHashTable) order = NULL;  /* relation name -> its position among declarations */
  guint position = 0;

  if (groups != NULL)
    return groups;
  groups = g_new0 (RelationGroups, 1);
  groups->representative = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  groups->declared = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_hash_table_insert (loader->relation_groups, composite_element, groups);

  parent = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  order = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (HycoXmlNode *node = composite_element->children; node; node = node->next)
    {
      g_autofree char *name = NULL;
      g_autofree char *first = NULL;
      g_autofree char *second = NULL;
      const char *a;
      const char *b;

      if (_hyco_xml_is_element (node, "relation")
          && (name = _hyco_xml_get_attr (node, "name")) != NULL
          && !g_hash_table_contains (order, name))
        g_hash_table_insert (order, g_strdup (name), GUINT_TO_POINTER (++position));
      if (!_hyco_xml_is_element (node, "link")
          || (first = _hyco_xml_get_attr (node, "relation1")) == NULL
          || (second = _hyco_xml_get_attr (node, "relation2")) == NULL)
        continue;
      a = find_group (parent, first);
      b = find_group (parent, second);
      if (!g_str_equal (a, b))
        g_hash_table_insert (parent, g_strdup (b), g_strdup (a));
      if (!g_hash_table_contains (parent, a))
        g_hash_table_insert (parent, g_strdup (a), g_strdup (a));
    }
  /* Each group's representative is the member declared first. */
  {
    g_autoptr (GHashTable) first_of_group
      = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
    GHashTableIter iter;
    gpointer key;

    g_hash_table_iter_init (&iter, parent);
    while (g_hash_table_iter_next (&iter, &key, NULL))
      {
        const char *root = find_group (parent, key);
        const char *best = g_hash_table_lookup (first_of_group, root);
        guint key_position = GPOINTER_TO_UINT (g_hash_table_lookup (order, key));
        guint best_position = best ? GPOINTER_TO_UINT (g_hash_table_lookup (order, best)) : 0;

        /* Undeclared names (position 0) come last; Ptolemy would refuse the link anyway. */
        if (best == NULL
            || (key_position != 0 && (best_position == 0 || key_position < best_position)))
          g_hash_table_replace (first_of_group, g_strdup (root), g_strdup (key));
      }
    g_hash_table_iter_init (&iter, parent);
    while (g_hash_table_iter_next (&iter, &key, NULL))
      {
        const char *best = g_hash_table_lookup (first_of_group, find_group (parent, key));
        if (!g_str_equal (best, key))
          g_hash_table_insert (groups->representative, g_strdup (key), g_strdup (best));
      }
  }
  return groups;
}

/* The relation a link to @name links to: @name's group's first relation. */
static const char *
group_representative (Loader *loader, HycoXmlNode *composite_element, const char *name)
{
  RelationGroups *groups = get_relation_groups (loader, composite_element);
  const char *representative = g_hash_table_lookup (groups->representative, name);

  return representative ? representative : name;
}

/* Whether the composite declares a relation @name, made or merged into its group's. */
static gboolean
has_relation (Loader *loader, HycoXmlNode *composite_element, HycoCompositeActor *container,
              const char *name)
{
  RelationGroups *groups = get_relation_groups (loader, composite_element);

  return hyco_composite_actor_get_relation (container, name) != NULL
         || g_hash_table_contains (groups->declared, name);
}

static gboolean
load_relation (Loader *loader, HycoXmlNode *element, HycoCompositeActor *container, GError **error)
{
  g_autofree char *name = NULL;
  g_autofree char *class_name = _hyco_xml_get_attr (element, "class");
  g_autoptr (GError) local_error = NULL;

  if (!require_attr (loader, element, "name", &name, error)
      || !check_name (loader, element, name, error)
      || !check_kind_class (loader, element, class_name, "Relation", "relation", error)
      || !check_unique (loader, element, container, name, error))
    return FALSE;
  for (HycoXmlNode *node = element->children; node; node = node->next)
    {
      int kind = classify_child (loader, node, element, error);
      g_autofree char *property = NULL;

      if (kind < 0)
        return FALSE;
      if (kind == 0)
        continue;
      if (_hyco_xml_is_element (node, "vertex")) /* Vergil's routing of the drawn wire */
        {
          note_ignored (loader, node);
          continue;
        }
      if (!_hyco_xml_is_element (node, "property"))
        return fail_not_allowed (loader, node, element, error);
      if (is_ignored_property (node))
        {
          note_ignored (loader, node);
          continue;
        }
      property = _hyco_xml_get_attr (node, "name");
      if (property != NULL && g_str_equal (property, "width"))
        {
          /* Ptolemy writes a relation's width: inferred (-1, Auto) or 1 is what ours is, one
           * channel; a wider relation is a bus, which we do not have. */
          g_autofree char *width = _hyco_xml_get_attr (node, "value");
          g_autofree char *what = NULL;

          if (width == NULL || g_str_equal (width, "-1") || g_str_equal (width, "1")
              || g_ascii_strcasecmp (width, "auto") == 0 || g_str_equal (width, "WIDTH_TO_INFER"))
            continue;
          what = describe (node);
          return fail (loader, error, line_of (node), HYCO_MODEL_FILE_ERROR_BAD_VALUE, what,
                       "width \"%s\" is not supported: a relation carries one channel", width);
        }
      {
        g_autofree char *what = describe (node);
        return fail (loader, error, line_of (node), HYCO_MODEL_FILE_ERROR_UNKNOWN_PARAMETER, what,
                     "a relation has no parameter but width");
      }
    }
  if (element->parent != NULL
      && !g_str_equal (group_representative (loader, element->parent, name), name))
    {
      /* Linked to a relation declared before it: its links go to that one. */
      RelationGroups *groups = get_relation_groups (loader, element->parent);
      g_hash_table_add (groups->declared, g_strdup (name));
      return TRUE;
    }
  if (hyco_composite_actor_add_relation (container, name, &local_error) == NULL)
    {
      g_autofree char *what = describe (element);
      return fail (loader, error, line_of (element), HYCO_MODEL_FILE_ERROR_INVALID, what, "%s",
                   local_error->message);
    }
  return TRUE;
}

/* Finds the port a link names: `Clock.output` on an actor of @container, or `in` on
 * @container itself. Actor names have no dots, but port names may (an FMU's variable
 * `sensor.y`): the actor's name ends at the first dot. */
static HycoPort *
find_link_port (Loader *loader, HycoXmlNode *element, HycoCompositeActor *container,
                const char *path, GError **error)
{
  g_autofree char *what = g_strdup_printf ("link port=\"%s\"", path);
  const char *dot = strchr (path, '.');
  const char *container_name = hyco_actor_get_name (HYCO_ACTOR (container));
  g_autofree char *actor_name = NULL;
  HycoActor *actor;
  HycoPort *port;

  if (dot == NULL)
    {
      port = hyco_actor_get_port (HYCO_ACTOR (container), path);
      if (port == NULL)
        fail (loader, error, line_of (element), HYCO_MODEL_FILE_ERROR_UNKNOWN_PORT, what,
              "%s has no port \"%s\"", container_name, path);
      return port;
    }
  actor_name = g_strndup (path, (gsize) (dot - path));
  actor = hyco_composite_actor_get_actor (container, actor_name);
  if (actor == NULL)
    {
      fail (loader, error, line_of (element), HYCO_MODEL_FILE_ERROR_UNKNOWN_PORT, what,
            "%s contains no actor \"%s\"", container_name, actor_name);
      return NULL;
    }
  port = hyco_actor_get_port (actor, dot + 1);
  if (port == NULL && HYCO_IS_COMPOSITE_ACTOR (actor) && strchr (dot + 1, '.') != NULL)
    fail (loader, error, line_of (element), HYCO_MODEL_FILE_ERROR_INVALID, what,
          "a link in %s can only name its own ports and those of the actors directly inside "
          "it",
          container_name);
  else if (port == NULL && hyco_parameter_owner_has (HYCO_PARAMETER_OWNER (actor), dot + 1))
    /* A PortParameter in Ptolemy is a parameter and a port of one name. */
    fail (loader, error, line_of (element), HYCO_MODEL_FILE_ERROR_UNKNOWN_PORT, what,
          "%s has no port \"%s\": \"%s\" is a parameter of it, not a port", actor_name, dot + 1,
          dot + 1);
  else if (port == NULL)
    fail (loader, error, line_of (element), HYCO_MODEL_FILE_ERROR_UNKNOWN_PORT, what,
          "%s has no port \"%s\"", actor_name, dot + 1);
  return port;
}

/* Ptolemy may give a link's position among the port's links: `insertAt` for a port of an
 * actor inside, `insertInsideAt` for one of the composite itself (older files: `index` and
 * `insideIndex`). We link in file order, so a position is accepted only where it says exactly
 * that. */
static gboolean
check_link_index (Loader *loader, HycoXmlNode *element, HycoCompositeActor *container,
                  HycoPort *port, GError **error)
{
  static const char *const outside_names[] = { "insertAt", "index" };
  static const char *const inside_names[] = { "insertInsideAt", "insideIndex" };
  gboolean inside = hyco_port_get_container (port) == HYCO_ACTOR (container);
  const char *const *own = inside ? inside_names : outside_names;
  const char *const *other = inside ? outside_names : inside_names;
  guint64 expected = _hyco_port_count_relations (port, inside);

  for (guint i = 0; i < 2; i++)
    {
      g_autofree char *wrong = _hyco_xml_get_attr (element, other[i]);
      g_autofree char *index = _hyco_xml_get_attr (element, own[i]);
      guint64 n = 0;

      /* Ptolemy writes -1 for "at the end", the only place we link. */
      if (wrong != NULL && !g_str_equal (wrong, "-1"))
        {
          g_autofree char *what = g_strdup_printf ("link %s=\"%s\"", other[i], wrong);
          return fail (loader, error, line_of (element), HYCO_MODEL_FILE_ERROR_INVALID, what,
                       "%s is not supported for a port %s the composite; write links in order",
                       other[i], inside ? "of" : "inside");
        }
      if (index == NULL || g_str_equal (index, "-1"))
        continue;
      if (!g_ascii_string_to_unsigned (index, 10, 0, G_MAXUINT, &n, NULL) || n != expected)
        {
          g_autofree char *what = g_strdup_printf ("link %s=\"%s\"", own[i], index);
          return fail (loader, error, line_of (element), HYCO_MODEL_FILE_ERROR_INVALID, what,
                       "links at a given index are not supported; write the links of each port "
                       "in order (this one would be at %" G_GUINT64_FORMAT ")",
                       expected);
        }
    }
  return TRUE;
}

/* `<link relation1="a" relation2="b"/>`: the two relations are one group (get_relation_groups
 * merged them when the relations were declared); both must be declared above it. */
static gboolean
load_relation_link (Loader *loader, HycoXmlNode *element, HycoCompositeActor *container,
                    const char *relation1, const char *relation2, GError **error)
{
  const char *names[] = { relation1, relation2 };
  g_autofree char *port = _hyco_xml_get_attr (element, "port");

  if (port != NULL || relation1 == NULL || relation2 == NULL)
    {
      g_autofree char *what
        = g_strdup_printf ("link relation1=\"%s\" relation2=\"%s\"", relation1 ? relation1 : "",
                           relation2 ? relation2 : "");
      return fail (loader, error, line_of (element), HYCO_MODEL_FILE_ERROR_INVALID, what,
                   "a link between relations names relation1 and relation2, and no port");
    }
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (!has_relation (loader, element->parent, container, names[i]))
      {
        g_autofree char *what = g_strdup_printf ("link relation%u=\"%s\"", i + 1, names[i]);
        return fail (loader, error, line_of (element), HYCO_MODEL_FILE_ERROR_UNKNOWN_RELATION, what,
                     "%s has no relation \"%s\"", hyco_actor_get_name (HYCO_ACTOR (container)),
                     names[i]);
      }
  return check_ignorable_children (loader, element, error);
}

static gboolean
load_link (Loader *loader, HycoXmlNode *element, HycoCompositeActor *container, GError **error)
{
  g_autofree char *port_path = NULL;
  g_autofree char *relation_name = NULL;
  g_autofree char *relation1 = _hyco_xml_get_attr (element, "relation1");
  g_autofree char *relation2 = _hyco_xml_get_attr (element, "relation2");
  g_autoptr (GError) local_error = NULL;
  HycoRelation *relation;
  HycoPort *port;

  if (relation1 != NULL || relation2 != NULL)
    return load_relation_link (loader, element, container, relation1, relation2, error);
  if (!require_attr (loader, element, "port", &port_path, error)
      || !require_attr (loader, element, "relation", &relation_name, error)
      || !check_ignorable_children (loader, element, error))
    return FALSE;
  relation = hyco_composite_actor_get_relation (
    container, group_representative (loader, element->parent, relation_name));
  if (relation == NULL || !has_relation (loader, element->parent, container, relation_name))
    {
      g_autofree char *what = g_strdup_printf ("link relation=\"%s\"", relation_name);
      return fail (loader, error, line_of (element), HYCO_MODEL_FILE_ERROR_UNKNOWN_RELATION, what,
                   "%s has no relation \"%s\"", hyco_actor_get_name (HYCO_ACTOR (container)),
                   relation_name);
    }
  port = find_link_port (loader, element, container, port_path, error);
  if (port == NULL || !check_link_index (loader, element, container, port, error))
    return FALSE;
  if (!hyco_composite_actor_link (container, port, relation, &local_error))
    {
      g_autofree char *what = g_strdup_printf ("link port=\"%s\"", port_path);
      return fail (loader, error, line_of (element), HYCO_MODEL_FILE_ERROR_INVALID, what, "%s",
                   local_error->message);
    }
  return TRUE;
}

static gboolean
require_composite (Loader *loader, HycoXmlNode *element, HycoActor *actor, GError **error)
{
  g_autofree char *what = NULL;
  g_autofree char *who = NULL;

  if (HYCO_IS_COMPOSITE_ACTOR (actor))
    return TRUE;
  what = describe (element);
  who = describe_object (G_OBJECT (actor));
  return fail (loader, error, line_of (element), HYCO_MODEL_FILE_ERROR_INVALID, what,
               "%s is not a composite actor and cannot contain %ss", who,
               (const char *) element->name);
}

/* One child of an entity, read the generic way. */
gboolean
_hyco_model_reader_read_child (Loader *loader, HycoActor *actor, HycoXmlNode *node,
                               HycoXmlNode *element, GError **error)
{
  if (_hyco_xml_is_element (node, "property"))
    return load_property (loader, node, actor, error);
  if (_hyco_xml_is_element (node, "port"))
    return load_port (loader, node, actor, error);
  if (_hyco_xml_is_element (node, "entity"))
    return require_composite (loader, node, actor, error)
           && load_entity (loader, node, HYCO_COMPOSITE_ACTOR (actor), NULL, error);
  if (_hyco_xml_is_element (node, "relation"))
    return require_composite (loader, node, actor, error)
           && load_relation (loader, node, HYCO_COMPOSITE_ACTOR (actor), error);
  if (_hyco_xml_is_element (node, "link"))
    return require_composite (loader, node, actor, error)
           && load_link (loader, node, HYCO_COMPOSITE_ACTOR (actor), error);
  return fail_not_allowed (loader, node, element, error);
}

/* The contents of an entity, in file order as Ptolemy reads them: a link can only name
 * relations and ports declared above it. */
static gboolean
load_entity_contents (Loader *loader, HycoXmlNode *element, HycoActor *actor, GError **error)
{
  for (HycoXmlNode *node = element->children; node; node = node->next)
    {
      int kind = classify_child (loader, node, element, error);

      if (kind < 0)
        return FALSE;
      if (kind > 0 && !_hyco_model_reader_read_child (loader, actor, node, element, error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
load_entity (Loader *loader, HycoXmlNode *element, HycoCompositeActor *container, HycoActor **actor,
             GError **error)
{
  g_autofree char *name = NULL;
  g_autofree char *class_name = NULL;
  g_autofree char *what = NULL;
  g_autoptr (HycoActor) created = NULL;
  g_autoptr (GError) local_error = NULL;
  const HycoModelSyntax *syntax;
  GType type;

  if (!require_attr (loader, element, "name", &name, error)
      || !check_name (loader, element, name, error)
      || !require_attr (loader, element, "class", &class_name, error))
    return FALSE;
  what = describe (element);
  type = hyco_registry_lookup (class_name);
  if (type == G_TYPE_INVALID)
    {
      g_autofree char *suggestion = hyco_registry_suggest (class_name);

      if (suggestion != NULL)
        return fail (loader, error, line_of (element), HYCO_MODEL_FILE_ERROR_UNKNOWN_CLASS, what,
                     "no actor class named \"%s\" (Hyco has %s)", class_name, suggestion);
      return fail (loader, error, line_of (element), HYCO_MODEL_FILE_ERROR_UNKNOWN_CLASS, what,
                   "no actor class named \"%s\"", class_name);
    }
  if (g_type_is_a (type, HYCO_TYPE_DIRECTOR))
    return fail (loader, error, line_of (element), HYCO_MODEL_FILE_ERROR_INVALID, what,
                 "\"%s\" is a director class: a director is a property of a composite, not an "
                 "entity",
                 class_name);
  if (!g_type_is_a (type, HYCO_TYPE_ACTOR) || G_TYPE_IS_ABSTRACT (type))
    return fail (loader, error, line_of (element), HYCO_MODEL_FILE_ERROR_INVALID, what,
                 "\"%s\" is not a class of actors that can be created", class_name);
  if (container == NULL && !g_type_is_a (type, HYCO_TYPE_COMPOSITE_ACTOR))
    return fail (loader, error, line_of (element), HYCO_MODEL_FILE_ERROR_INVALID, what,
                 "the top level must be a composite actor, and \"%s\" is not", class_name);
  if (container != NULL && !check_unique (loader, element, container, name, error))
    return FALSE;

  created = g_object_new (type, "name", name, NULL);
  _hyco_set_source_location (created, loader->source, line_of (element));
  if (loader->actors != NULL)
    g_hash_table_insert (loader->actors, element, created);
  if (container != NULL && !hyco_composite_actor_add_actor (container, created, &local_error))
    return fail (loader, error, line_of (element), HYCO_MODEL_FILE_ERROR_INVALID, what, "%s",
                 local_error->message);
  syntax = _hyco_model_syntax_lookup (type);
  if (!(syntax != NULL && syntax->read_contents != NULL
          ? syntax->read_contents (created, loader, element, error)
          : load_entity_contents (loader, element, created, error)))
    return FALSE;
  if (actor != NULL)
    *actor = g_steal_pointer (&created);
  return TRUE;
}

/* An element of more than HYCO_MODEL_FILE_MAX_ATTRIBUTES attributes, refused before any memory
 * is spent on the tree, with its line. */
static gboolean
check_attribute_counts (Loader *loader, const char *data, gsize size, GError **error)
{
  int line;
  const char *crowded
    = _hyco_xml_find_crowded_element (data, size, HYCO_MODEL_FILE_MAX_ATTRIBUTES, &line);
  gsize name;

  if (crowded == NULL)
    return TRUE;
  name = strcspn (crowded + 1, " \t\r\n/>");
  g_set_error (error, HYCO_MODEL_FILE_ERROR, HYCO_MODEL_FILE_ERROR_MALFORMED,
               "%s:%d: <%.*s> has more than %u attributes: model files are limited to %u per "
               "element",
               loader->source, line, (int) MIN (name, 64), crowded + 1,
               HYCO_MODEL_FILE_MAX_ATTRIBUTES, HYCO_MODEL_FILE_MAX_ATTRIBUTES);
  return FALSE;
}

/* Nesting is bounded by HYCO_MODEL_FILE_MAX_DEPTH, the file's size before it is read
 * (HYCO_MODEL_FILE_MAX_SIZE). */
static HycoXmlDocument *
parse (Loader *loader, const char *data, gssize length, GError **error)
{
  HycoXmlProblem problem;
  HycoXmlDocument *doc;
  gsize size = length < 0 ? strlen (data) : (gsize) length;

  if (size > G_MAXINT)
    {
      g_set_error (error, HYCO_MODEL_FILE_ERROR, HYCO_MODEL_FILE_ERROR_IO,
                   "%s: the file is too large", loader->source);
      return NULL;
    }
  if (!check_attribute_counts (loader, data, size, error))
    return NULL;
  doc = _hyco_xml_parse (data, size, HYCO_MODEL_FILE_MAX_DEPTH, &problem);
  switch (problem.kind)
    {
    case HYCO_XML_PROBLEM_NONE:
      break;
    case HYCO_XML_PROBLEM_DECLARATION:
      fail (loader, error, problem.line, HYCO_MODEL_FILE_ERROR_INVALID, problem.message,
            "declarations in the DOCTYPE are not supported; it only names the MoML DTD");
      break;
    case HYCO_XML_PROBLEM_TOO_DEEP:
      g_set_error (error, HYCO_MODEL_FILE_ERROR, HYCO_MODEL_FILE_ERROR_MALFORMED,
                   "%s:%lu: %s is nested %u elements deep: model files are limited to %u levels",
                   loader->source, problem.line, problem.message, problem.depth,
                   HYCO_MODEL_FILE_MAX_DEPTH);
      break;
    case HYCO_XML_PROBLEM_UNSUPPORTED:
      g_set_error (error, HYCO_MODEL_FILE_ERROR, HYCO_MODEL_FILE_ERROR_MALFORMED, "%s:%lu: %s",
                   loader->source, problem.line, problem.message);
      break;
    case HYCO_XML_PROBLEM_MALFORMED:
    default:
      g_set_error (error, HYCO_MODEL_FILE_ERROR, HYCO_MODEL_FILE_ERROR_MALFORMED,
                   "%s:%lu: malformed XML: %s", loader->source, problem.line, problem.message);
      break;
    }
  _hyco_xml_problem_clear (&problem);
  return doc;
}

/* Evaluates every expression the model file gave, now that every model parameter is declared:
 * an unknown name or a cycle is reported at the property that holds it. */
static gboolean
evaluate_expressions (Loader *loader, GError **error)
{
  for (guint i = 0; i < loader->expressions->len; i++)
    {
      PendingExpression *pending = loader->expressions->pdata[i];
      g_autoptr (GError) local_error = NULL;
      g_autofree char *who = NULL;
      gboolean ok;

      ok = hyco_parameter_owner_evaluate (HYCO_PARAMETER_OWNER (pending->owner), pending->name,
                                          &local_error);
      if (ok)
        continue;
      who = describe_object (pending->owner);
      return fail (loader, error, pending->line, HYCO_MODEL_FILE_ERROR_BAD_VALUE, pending->what,
                   "bad value for %s: %s", who, local_error->message);
    }
  return TRUE;
}

/* A PortParameter on a composite is a model parameter and an input port of one name, and
 * what arrives on the port sets the parameter (hyco_composite_actor_set_parameter_port()).
 * Without its port in the file, it is a plain parameter, as in Ptolemy, where nothing could
 * arrive. */
static gboolean
check_port_parameters (Loader *loader, GError **error)
{
  for (guint i = 0; i < loader->port_parameters->len; i++)
    {
      HycoXmlNode *element = loader->port_parameters->pdata[i];
      g_autofree char *name = _hyco_xml_get_attr (element, "name");
      HycoActor *composite = g_hash_table_lookup (loader->actors, element->parent);
      HycoPort *port = composite ? hyco_actor_get_port (composite, name) : NULL;
      g_autoptr (GError) local_error = NULL;
      g_autofree char *what = NULL;
      g_autofree char *who = NULL;

      if (port == NULL)
        continue;
      if (hyco_port_is_input (port) && !hyco_port_is_output (port)
          && hyco_composite_actor_set_parameter_port (HYCO_COMPOSITE_ACTOR (composite), name,
                                                      TRUE, &local_error))
        continue;
      what = describe (element);
      who = describe_object (G_OBJECT (composite));
      return fail (loader, error, line_of (element), HYCO_MODEL_FILE_ERROR_INVALID, what,
                   "%s: the port \"%s\" of a PortParameter must be an input only%s%s", who,
                   name, local_error ? ": " : "", local_error ? local_error->message : "");
    }
  return TRUE;
}

/* Renames the classes of older Ptolemy II versions throughout the document (class_renames),
 * counting each rename by the name it replaced. */
static void
rename_classes (Loader *loader, HycoXmlNode *node)
{
  for (; node != NULL; node = node->next)
    {
      static const char *const attributes[] = { "class", "extends" };

      if (node->type != HYCO_XML_ELEMENT_NODE)
        continue;
      for (guint a = 0; a < G_N_ELEMENTS (attributes); a++)
        {
          g_autofree char *class_name = _hyco_xml_get_attr (node, attributes[a]);

          for (guint i = 0; class_name != NULL && i < G_N_ELEMENTS (class_renames); i++)
            {
              const char *old_name = class_renames[i].old_name;
              gboolean package = g_str_has_suffix (old_name, ".");
              g_autofree char *renamed = NULL;

              if (package ? !g_str_has_prefix (class_name, old_name)
                          : !g_str_equal (class_name, old_name))
                continue;
              renamed
                = g_strconcat (class_renames[i].new_name, class_name + strlen (old_name), NULL);
              _hyco_xml_set_attr (node, attributes[a], renamed);
              {
                g_autofree char *label_text
                  = package ? g_strconcat (old_name, "*", NULL) : g_strdup (old_name);
                const char *label = g_intern_string (label_text);

                g_hash_table_insert (
                  loader->renamed, (gpointer) label,
                  GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (loader->renamed, label))
                                    + 1));
              }
              break;
            }
        }
      rename_classes (loader, node->children);
    }
}

/* Counts what no reader looked at: the ignored properties, vertices, doc and display elements
 * wherever they are, but not what is inside a skipped element. */
static void
collect_ignored (Loader *loader, HycoXmlNode *node)
{
  for (; node != NULL; node = node->next)
    {
      if (node->type != HYCO_XML_ELEMENT_NODE)
        continue;
      if (g_hash_table_contains (loader->ignored, node))
        continue;
      if ((_hyco_xml_is_element (node, "property") && is_ignored_property (node))
          || _hyco_xml_is_element (node, "vertex") || _hyco_xml_is_element (node, "doc")
          || _hyco_xml_is_element (node, "display"))
        {
          g_hash_table_add (loader->ignored, node);
          continue;
        }
      collect_ignored (loader, node->children);
    }
}

typedef struct
{
  const char *key;
  guint count;
} NoteCount;

static int
compare_note_counts (gconstpointer a, gconstpointer b)
{
  const NoteCount *x = a;
  const NoteCount *y = b;

  if (x->count != y->count)
    return x->count > y->count ? -1 : 1;
  return g_strcmp0 (x->key, y->key);
}

/* `TOTAL WHAT (KEY COUNT, KEY COUNT, ...)`, the keys by decreasing count; NULL when empty. */
static char *
format_counts (GHashTable *counts, const char *verb, const char *what)
{
  g_autoptr (GArray) sorted = g_array_new (FALSE, FALSE, sizeof (NoteCount));
  GHashTableIter iter;
  gpointer key;
  gpointer value;
  guint total = 0;
  GString *text;

  g_hash_table_iter_init (&iter, counts);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      NoteCount entry = { key, GPOINTER_TO_UINT (value) };
      g_array_append_val (sorted, entry);
      total += entry.count;
    }
  if (total == 0)
    return NULL;
  g_array_sort (sorted, compare_note_counts);
  text = g_string_new (NULL);
  g_string_append_printf (text, "%s %u %s (", verb, total, what);
  for (guint i = 0; i < sorted->len; i++)
    {
      NoteCount *entry = &g_array_index (sorted, NoteCount, i);
      g_string_append_printf (text, "%s%s %u", i ? ", " : "", entry->key, entry->count);
    }
  g_string_append_c (text, ')');
  return g_string_free (text, FALSE);
}

/* What `hyco --verbose` says of a file: what was skipped, renamed or accepted without effect,
 * one line each. Ignored attributes are counted by name when Vergil's (an underscore name),
 * else by class, and elements by tag. */
static char **
reading_notes (Loader *loader, HycoXmlNode *root)
{
  g_autoptr (GHashTable) ignored = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GHashTable) unknown = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GPtrArray) lines = g_ptr_array_new ();
  GHashTableIter iter;
  gpointer key;
  char *line;

  collect_ignored (loader, root);
  g_hash_table_iter_init (&iter, loader->ignored);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      HycoXmlNode *node = key;
      g_autofree char *name = _hyco_xml_get_attr (node, "name");
      g_autofree char *class_name = _hyco_xml_get_attr (node, "class");
      GHashTable *counts = ignored;
      const char *label;

      if (name != NULL && name[0] == '_' && !is_drawing_name (name)
          && (class_name == NULL || !is_ignored_class (class_name)))
        counts = unknown;
      if (!_hyco_xml_is_element (node, "property"))
        label = g_intern_string ((const char *) node->name);
      else if (class_name != NULL && is_ignored_class (class_name)
               && (name == NULL || name[0] != '_'))
        label = g_intern_string (_hyco_model_reader_short_class_name (class_name));
      else
        label = g_intern_string (name ? name : "property");
      g_hash_table_insert (
        counts, (gpointer) label,
        GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (counts, label)) + 1));
    }
  if ((line = format_counts (ignored, "ignored", "drawing and documentation attributes")))
    g_ptr_array_add (lines, line);
  if ((line = format_counts (unknown, "ignored",
                             "other underscore attributes, which Ptolemy or its tools add")))
    g_ptr_array_add (lines, line);
  if ((line = format_counts (loader->renamed, "renamed", "classes of older Ptolemy II versions")))
    g_ptr_array_add (lines, line);
  if ((line
       = format_counts (loader->accepted, "accepted", "attributes that change nothing in Hyco")))
    g_ptr_array_add (lines, line);
  g_ptr_array_add (lines, NULL);
  return (char **) g_ptr_array_free (g_steal_pointer (&lines), FALSE);
}

#define READING_NOTES_KEY "hyco-model-file-reading-notes"

/* hyco_model_get_reading_notes() is documented in hyco-model.h, which the introspection
 * scanner reads (it does not read this private file). */
char **
hyco_model_get_reading_notes (HycoModel *self)
{
  const char *const *notes;

  g_return_val_if_fail (HYCO_IS_MODEL (self), NULL);
  notes = g_object_get_data (G_OBJECT (hyco_model_get_toplevel (self)), READING_NOTES_KEY);
  return notes ? g_strdupv ((char **) notes) : g_new0 (char *, 1);
}

/* Builds the top-level composite a model file describes; errors name @source_name and a line. */
HycoCompositeActor *
_hyco_model_file_load (const char *data, gssize length, const char *source_name, GError **error)
{
  Loader loader = { .source = source_name ? source_name : "(data)" };
  g_autoptr (GPtrArray) expressions = g_ptr_array_new_with_free_func (pending_expression_free);
  g_autoptr (GHashTable) ignored = g_hash_table_new (NULL, NULL);
  g_autoptr (GHashTable) renamed = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GHashTable) accepted = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GHashTable) relation_groups
    = g_hash_table_new_full (NULL, NULL, NULL, relation_groups_free);
  g_autoptr (GPtrArray) port_parameters = g_ptr_array_new ();
  g_autoptr (GHashTable) actors = g_hash_table_new (NULL, NULL);
  g_autoptr (HycoActor) toplevel = NULL;
  HycoXmlDocument *doc;
  HycoXmlNode *root;
  gboolean ok;

  g_return_val_if_fail (data != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);
  hyco_registry_ensure_modules ();
  doc = parse (&loader, data, length, error);
  if (doc == NULL)
    return NULL;
  root = _hyco_xml_document_get_root (doc);
  if (!_hyco_xml_is_element (root, "entity"))
    {
      g_autofree char *what = g_strdup_printf ("<%s>", (const char *) root->name);
      ok = fail (&loader, error, line_of (root), HYCO_MODEL_FILE_ERROR_INVALID, what,
                 "a model file holds one top-level <entity>");
    }
  else
    {
      loader.expressions = expressions;
      loader.ignored = ignored;
      loader.renamed = renamed;
      loader.accepted = accepted;
      loader.relation_groups = relation_groups;
      loader.port_parameters = port_parameters;
      loader.actors = actors;
      rename_classes (&loader, root);
      ok = load_entity (&loader, root, NULL, &toplevel, error)
           && evaluate_expressions (&loader, error) && check_port_parameters (&loader, error);
      if (ok)
        g_object_set_data_full (G_OBJECT (toplevel), READING_NOTES_KEY,
                                reading_notes (&loader, root), (GDestroyNotify) g_strfreev);
    }
  _hyco_xml_document_free (doc);
  return ok ? HYCO_COMPOSITE_ACTOR (g_steal_pointer (&toplevel)) : NULL;
}

/* Writing. */

static HycoXmlNode *
add_element (HycoXmlNode *parent, const char *tag, const char *name, const char *class_name,
             const char *value)
{
  HycoXmlNode *element = _hyco_xml_new_element (parent->doc, parent, tag);

  /* _hyco_xml_dump() escapes the values when the document is written. */
  if (name != NULL)
    _hyco_xml_set_attr (element, "name", name);
  if (class_name != NULL)
    _hyco_xml_set_attr (element, "class", class_name);
  if (value != NULL)
    _hyco_xml_set_attr (element, "value", value);
  return element;
}

static const char *
class_name_of (GObject *object)
{
  const char *name = hyco_registry_get_name (G_OBJECT_TYPE (object));
  return name ? name : G_OBJECT_TYPE_NAME (object);
}

/* Parameters that differ from their defaults, as `property` elements, whoever provides them
 * (an FMU's variables come after its class's fmuFile, which loads the FMU). A composite's
 * model parameters are not among them: save_composite() writes them first, as Ptolemy II
 * does. */
static void
save_parameters (HycoXmlNode *element, GObject *object)
{
  HycoParameterOwner *owner = HYCO_PARAMETER_OWNER (object);
  g_auto (GStrv) names = hyco_parameter_owner_list (owner);

  for (guint i = 0; names[i] != NULL; i++)
    {
      g_autofree char *text = NULL;

      if (!hyco_parameter_owner_is_set (owner, names[i])
          || (HYCO_IS_COMPOSITE_ACTOR (object)
              && hyco_composite_actor_get_parameter_text (HYCO_COMPOSITE_ACTOR (object), names[i])
                   != NULL))
        continue;
      text = hyco_parameter_owner_get_text (owner, names[i]);
      /* One the class does not have (an FMU's variable) is declared, as Ptolemy II does. */
      add_element (element, "property", names[i],
                   g_object_class_find_property (G_OBJECT_GET_CLASS (object), names[i])
                     ? NULL
                     : "ptolemy.data.expr.Parameter",
                   text);
    }
}

static void
save_port (HycoXmlNode *element, HycoPort *port)
{
  HycoActor *owner = hyco_port_get_container (port);
  gboolean sets_parameter = HYCO_IS_COMPOSITE_ACTOR (owner)
                            && hyco_composite_actor_has_parameter_port (HYCO_COMPOSITE_ACTOR (owner),
                                                                        hyco_port_get_name (port));
  HycoXmlNode *port_element
    = add_element (element, "port", hyco_port_get_name (port),
                   sets_parameter ? "ptolemy.actor.parameters.ParameterPort" : "TypedIOPort", NULL);

  if (hyco_port_is_input (port))
    add_element (port_element, "property", "input", NULL, NULL);
  if (hyco_port_is_output (port))
    add_element (port_element, "property", "output", NULL, NULL);
  if (hyco_port_is_multiport (port))
    add_element (port_element, "property", "multiport", NULL, NULL);
  if (hyco_port_get_unit (port))
    add_element (port_element, "property", "unit", NULL, hyco_port_get_unit (port));
}

/* The ports an actor's class declares are not written, but for the units given to them. */
static void
save_port_units (HycoXmlNode *element, HycoActor *actor)
{
  g_autoptr (GPtrArray) ports = hyco_actor_get_ports (actor);

  for (guint i = 0; i < ports->len; i++)
    {
      HycoPort *port = ports->pdata[i];
      HycoXmlNode *port_element;
      if (hyco_port_get_unit (port) == NULL
          || hyco_actor_class_get_port_flags (HYCO_ACTOR_GET_CLASS (actor),
                                              hyco_port_get_name (port))
               == 0)
        continue;
      port_element = add_element (element, "port", hyco_port_get_name (port), NULL, NULL);
      add_element (port_element, "property", "unit", NULL, hyco_port_get_unit (port));
    }
}

static char *
link_path (HycoCompositeActor *composite, HycoPort *port)
{
  HycoActor *owner = hyco_port_get_container (port);

  if (owner == HYCO_ACTOR (composite))
    return g_strdup (hyco_port_get_name (port));
  return g_strdup_printf ("%s.%s", hyco_actor_get_name (owner), hyco_port_get_name (port));
}

/* Links, grouped by relation where possible. A multiport's channels follow the order of its
 * links, so the file must list every port's links in the port's order as well as every
 * relation's links in the relation's order. The order the links were made satisfies both; we
 * choose, at each step, the first relation whose next link is also its port's next one. */
static void
save_links (HycoXmlNode *element, HycoCompositeActor *composite)
{
  g_autoptr (GPtrArray) relations = hyco_composite_actor_get_relations (composite);
  g_autoptr (GHashTable) pending
    = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_ptr_array_unref);
  g_autofree guint *next = g_new0 (guint, relations->len);
  g_autoptr (GPtrArray) linked
    = g_ptr_array_new_with_free_func ((GDestroyNotify) g_ptr_array_unref);
  guint remaining = 0;
  guint first = 0; /* relations before it are written out */

  /* For each port, the relations of @composite it still has to be written with. */
  for (guint r = 0; r < relations->len; r++)
    {
      GPtrArray *ports = hyco_relation_get_linked_ports (relations->pdata[r]);

      g_ptr_array_add (linked, ports);
      remaining += ports->len;
      for (guint p = 0; p < ports->len; p++)
        {
          HycoPort *port = ports->pdata[p];
          GPtrArray *list;

          if (g_hash_table_contains (pending, port))
            continue;
          list = g_ptr_array_new ();
          for (guint i = 0; i < port->relations->len; i++)
            if (hyco_relation_get_container (port->relations->pdata[i]) == composite)
              g_ptr_array_add (list, port->relations->pdata[i]);
          g_hash_table_insert (pending, port, list);
        }
    }

  while (remaining > 0)
    {
      guint chosen = G_MAXUINT;
      HycoPort *port;
      GPtrArray *list;
      g_autofree char *path = NULL;
      HycoXmlNode *link;
      guint index = 0;

      while (next[first] == ((GPtrArray *) linked->pdata[first])->len)
        first++;
      for (guint r = first; r < relations->len && chosen == G_MAXUINT; r++)
        {
          GPtrArray *ports = linked->pdata[r];
          if (next[r] < ports->len)
            {
              list = g_hash_table_lookup (pending, ports->pdata[next[r]]);
              if (list->len > 0 && list->pdata[0] == relations->pdata[r])
                chosen = r;
            }
        }
      /* Unreachable while the kernel links ports and relations in one step; then write the
       * links relation by relation rather than lose any. */
      if (chosen == G_MAXUINT)
        chosen = first;

      port = ((GPtrArray *) linked->pdata[chosen])->pdata[next[chosen]++];
      list = g_hash_table_lookup (pending, port);
      if (g_ptr_array_find (list, relations->pdata[chosen], &index))
        g_ptr_array_remove_index (list, index);
      remaining--;

      path = link_path (composite, port);
      link = _hyco_xml_new_element (element->doc, element, "link");
      _hyco_xml_set_attr (link, "port", path);
      _hyco_xml_set_attr (link, "relation", hyco_relation_get_name (relations->pdata[chosen]));
    }
}

static HycoXmlNode *save_actor (HycoXmlDocument *doc, HycoXmlNode *parent, HycoActor *actor);

void
_hyco_model_writer_save_composite (HycoXmlNode *element, HycoCompositeActor *composite,
                                   gboolean with_director)
{
  HycoDirector *director = hyco_composite_actor_get_director (composite);
  g_autoptr (GPtrArray) ports = hyco_actor_get_ports (HYCO_ACTOR (composite));
  g_autoptr (GPtrArray) actors = hyco_composite_actor_get_actors (composite);
  g_autoptr (GPtrArray) relations = hyco_composite_actor_get_relations (composite);
  g_auto (GStrv) parameters = hyco_composite_actor_list_parameters (composite);

  /* Model parameters first, as Ptolemy II writes its attributes. */
  for (guint i = 0; parameters[i]; i++)
    add_element (element, "property", parameters[i],
                 hyco_composite_actor_is_string_parameter (composite, parameters[i])
                   ? "ptolemy.data.expr.StringParameter"
                 : hyco_composite_actor_has_parameter_port (composite, parameters[i])
                   ? "ptolemy.actor.parameters.PortParameter"
                   : "ptolemy.data.expr.Parameter",
                 hyco_composite_actor_get_parameter_text (composite, parameters[i]));
  if (director != NULL && with_director)
    {
      HycoXmlNode *director_element
        = add_element (element, "property", hyco_director_get_name (director),
                       class_name_of (G_OBJECT (director)), NULL);
      save_parameters (director_element, G_OBJECT (director));
    }
  save_parameters (element, G_OBJECT (composite));
  for (guint i = 0; i < ports->len; i++)
    save_port (element, ports->pdata[i]);
  for (guint i = 0; i < actors->len; i++)
    save_actor (element->doc, element, actors->pdata[i]);
  for (guint i = 0; i < relations->len; i++)
    add_element (element, "relation", hyco_relation_get_name (relations->pdata[i]),
                 "TypedIORelation", NULL);
  save_links (element, composite);
}

/* An actor whose element is in place and whose contents are still to write. */
typedef struct
{
  HycoXmlNode *element;
  HycoActor *actor;
} PendingContents;

/* While _hyco_model_file_save() writes, the actors whose contents wait: an actor's element is
 * placed among its siblings at once, its contents written later, so that a model nested
 * however deep is written without recursing as deep. */
static __thread GArray *pending_contents;

static void
save_contents (HycoXmlNode *element, HycoActor *actor)
{
  const HycoModelSyntax *syntax = _hyco_model_syntax_lookup (G_OBJECT_TYPE (actor));

  if (hyco_actor_get_priority (actor) != 0)
    {
      /* Read back by load_semantic_attribute(): the order of simultaneous firings. */
      g_autofree char *priority = g_strdup_printf ("%d", hyco_actor_get_priority (actor));
      _hyco_model_writer_add_element (element, "property", "_priority",
                                      "ptolemy.data.expr.Parameter", priority);
    }
  if (syntax != NULL && syntax->write_contents != NULL)
    syntax->write_contents (actor, element);
  else if (HYCO_IS_COMPOSITE_ACTOR (actor))
    _hyco_model_writer_save_composite (element, HYCO_COMPOSITE_ACTOR (actor), TRUE);
  else
    {
      save_parameters (element, G_OBJECT (actor));
      save_port_units (element, actor);
    }
}

static HycoXmlNode *
save_actor (HycoXmlDocument *doc, HycoXmlNode *parent, HycoActor *actor)
{
  HycoXmlNode *element = _hyco_xml_new_element (doc, parent, "entity");

  _hyco_xml_set_attr (element, "name", hyco_actor_get_name (actor));
  _hyco_xml_set_attr (element, "class", class_name_of (G_OBJECT (actor)));
  if (pending_contents != NULL)
    g_array_append_val (pending_contents, ((PendingContents){ element, actor }));
  else
    save_contents (element, actor);
  return element;
}

/* Writes @toplevel as a model file that _hyco_model_file_load() reads back to the same model:
 * parameters at their defaults are left out, as Ptolemy does. */
char *
_hyco_model_file_save (HycoCompositeActor *toplevel)
{
  HycoXmlDocument *doc;
  GString *text;

  g_return_val_if_fail (HYCO_IS_COMPOSITE_ACTOR (toplevel), NULL);
  hyco_registry_ensure_modules ();
  doc = _hyco_xml_document_new ();
  pending_contents = g_array_new (FALSE, FALSE, sizeof (PendingContents));
  save_actor (doc, NULL, HYCO_ACTOR (toplevel));
  /* In the order the elements were placed; writing one's contents may add more. */
  for (guint i = 0; i < pending_contents->len; i++)
    {
      PendingContents next = g_array_index (pending_contents, PendingContents, i);
      save_contents (next.element, next.actor);
    }
  g_clear_pointer (&pending_contents, g_array_unref);
  /* standalone="no" and the DOCTYPE folded as Ptolemy writes them. */
  text = g_string_new ("<?xml version=\"1.0\" standalone=\"no\"?>\n"
                       "<!DOCTYPE entity PUBLIC \"" MOML_PUBLIC_ID "\"\n"
                       "    \"" MOML_SYSTEM_ID "\">\n");
  _hyco_xml_dump (_hyco_xml_document_get_root (doc), text);
  _hyco_xml_document_free (doc);
  return g_string_free (text, FALSE);
}

/* The pieces of the reader and writer that modules build their own syntax from. */

static GHashTable *syntaxes; /* GType -> const HycoModelSyntax* */
G_LOCK_DEFINE_STATIC (syntaxes);

/* Registers @syntax (static storage) for @type and its subclasses. */
void
_hyco_model_syntax_register (GType type, const HycoModelSyntax *syntax)
{
  G_LOCK (syntaxes);
  if (syntaxes == NULL)
    syntaxes = g_hash_table_new (NULL, NULL);
  g_hash_table_insert (syntaxes, GSIZE_TO_POINTER (type), (gpointer) syntax);
  G_UNLOCK (syntaxes);
}

/* The syntax registered for @type or its nearest ancestor, or NULL. */
const HycoModelSyntax *
_hyco_model_syntax_lookup (GType type)
{
  const HycoModelSyntax *syntax = NULL;

  G_LOCK (syntaxes);
  for (; syntaxes != NULL && syntax == NULL && type != G_TYPE_INVALID; type = g_type_parent (type))
    syntax = g_hash_table_lookup (syntaxes, GSIZE_TO_POINTER (type));
  G_UNLOCK (syntaxes);
  return syntax;
}

gboolean
_hyco_model_reader_fail (Loader *loader, GError **error, long line, HycoModelFileError code,
                         const char *what, const char *format, ...)
{
  g_autofree char *cause = NULL;
  va_list args;

  va_start (args, format);
  cause = g_strdup_vprintf (format, args);
  va_end (args);
  return fail (loader, error, line, code, what, "%s", cause);
}

char *
_hyco_model_reader_describe (HycoXmlNode *element)
{
  return describe (element);
}

int
_hyco_model_reader_classify_child (Loader *loader, HycoXmlNode *node, HycoXmlNode *parent,
                                   GError **error)
{
  return classify_child (loader, node, parent, error);
}

gboolean
_hyco_model_reader_fail_not_allowed (Loader *loader, HycoXmlNode *element, HycoXmlNode *parent,
                                     GError **error)
{
  return fail_not_allowed (loader, element, parent, error);
}

gboolean
_hyco_model_reader_check_ignorable_children (Loader *loader, HycoXmlNode *parent, GError **error)
{
  return check_ignorable_children (loader, parent, error);
}

gboolean
_hyco_model_reader_require_attr (Loader *loader, HycoXmlNode *element, const char *name,
                                 char **value, GError **error)
{
  return require_attr (loader, element, name, value, error);
}

gboolean
_hyco_model_reader_check_name (Loader *loader, HycoXmlNode *element, const char *name,
                               GError **error)
{
  return check_name (loader, element, name, error);
}

gboolean
_hyco_model_reader_is_ignored_property (HycoXmlNode *element)
{
  return is_ignored_property (element);
}

void
_hyco_model_reader_note_ignored (Loader *loader, HycoXmlNode *element)
{
  note_ignored (loader, element);
}

gboolean
_hyco_model_reader_read_port (Loader *loader, HycoXmlNode *element, HycoActor *actor,
                              GError **error)
{
  return load_port (loader, element, actor, error);
}

gboolean
_hyco_model_reader_read_property (Loader *loader, HycoXmlNode *element, HycoActor *actor,
                                  GError **error)
{
  return load_property (loader, element, actor, error);
}

HycoXmlNode *
_hyco_model_writer_add_element (HycoXmlNode *parent, const char *tag, const char *name,
                                const char *class_name, const char *value)
{
  return add_element (parent, tag, name, class_name, value);
}

void
_hyco_model_writer_save_parameters (HycoXmlNode *element, GObject *object)
{
  save_parameters (element, object);
}

void
_hyco_model_writer_save_port (HycoXmlNode *element, HycoPort *port)
{
  save_port (element, port);
}
