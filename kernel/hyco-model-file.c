/* hyco-model-file.c: models in Ptolemy II's MoML, read and written.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-model-syntax-private.h"
#include "hyco-model-private.h"
#include "hyco-param-private.h"
#include "hyco-signal-private.h"

#include <libxml/parser.h>
#include <libxml/SAX2.h>
#include <libxml/tree.h>

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
  char *xml_message; /* the parser's first error: later ones are consequences of it */
  int xml_line;
  char *declaration; /* the first declaration in the DOCTYPE, which we refuse */
  int declaration_line;
  GPtrArray *expressions; /* PendingExpression*: evaluated once the whole model is read */
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

static gboolean load_entity (Loader *loader, xmlNode *element, HycoCompositeActor *container,
                             HycoActor **actor, GError **error);

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
line_of (xmlNode *node)
{
  return xmlGetLineNo (node);
}

/* `entity "Clock"`, or `entity` when it has no name. */
static char *
describe (xmlNode *element)
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

/* Classes Vergil uses for layout, icons, windows and documentation: they mean nothing to a
 * simulation, so properties of these classes are skipped with everything inside them. */
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
    "ptolemy.kernel.util.SingletonAttribute",
    "ptolemy.kernel.util.ConfigurableAttribute",
    "ptolemy.kernel.util.SingletonConfigurableAttribute",
    "ptolemy.kernel.attributes.VersionAttribute",
    "ptolemy.kernel.attributes.URIAttribute",
  };

  for (guint i = 0; i < G_N_ELEMENTS (prefixes); i++)
    if (g_str_has_prefix (class_name, prefixes[i]))
      return TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_str_equal (class_name, names[i]))
      return TRUE;
  return FALSE;
}

/* A property that only Vergil or Ptolemy's internals read: `_location`, `_vergilSize`,
 * `_iconDescription`, annotations. */
static gboolean
is_ignored_property (xmlNode *element)
{
  g_autofree char *name = _hyco_xml_get_attr (element, "name");
  g_autofree char *class_name = _hyco_xml_get_attr (element, "class");

  return (name != NULL && name[0] == '_') || (class_name != NULL && is_ignored_class (class_name));
}

/* Sorts out the nodes every element may contain. Returns 1 for an element the caller must
 * handle, 0 for a node to skip, -1 on error. */
static int
classify_child (Loader *loader, xmlNode *node, xmlNode *parent, GError **error)
{
  switch (node->type)
    {
    case XML_ELEMENT_NODE:
      /* Ptolemy writes documentation and display names; neither affects a run. */
      if (_hyco_xml_is_element (node, "doc") || _hyco_xml_is_element (node, "display"))
        return 0;
      return 1;
    case XML_TEXT_NODE:
    case XML_CDATA_SECTION_NODE:
      for (const xmlChar *p = node->content; p && *p; p++)
        if (!g_ascii_isspace (*p))
          {
            g_autofree char *what = describe (parent);
            long line = line_of (node);

            /* The parser dates a text node by where it ends; report where the text starts. */
            for (const xmlChar *q = p; *q; q++)
              line -= *q == '\n';
            fail (loader, error, line, HYCO_MODEL_FILE_ERROR_INVALID, what,
                  "unexpected text inside the element");
            return -1;
          }
      return 0;
    case XML_ENTITY_REF_NODE:
      /* Unreachable while no entity can be declared; refused rather than dropped. */
      {
        g_autofree char *what = describe (parent);
        fail (loader, error, line_of (parent), HYCO_MODEL_FILE_ERROR_INVALID, what,
              "entity reference &%s; is not supported", (const char *) node->name);
        return -1;
      }
    default:
      /* Comments and processing instructions. */
      return 0;
    }
}

static gboolean
fail_not_allowed (Loader *loader, xmlNode *element, xmlNode *parent, GError **error)
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
check_ignorable_children (Loader *loader, xmlNode *parent, GError **error)
{
  for (xmlNode *node = parent->children; node; node = node->next)
    {
      int kind = classify_child (loader, node, parent, error);

      if (kind < 0)
        return FALSE;
      if (kind == 0 || (_hyco_xml_is_element (node, "property") && is_ignored_property (node)))
        continue;
      return fail_not_allowed (loader, node, parent, error);
    }
  return TRUE;
}

static gboolean
require_attr (Loader *loader, xmlNode *element, const char *name, char **value, GError **error)
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
check_name (Loader *loader, xmlNode *element, const char *name, GError **error)
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
check_unique (Loader *loader, xmlNode *element, HycoCompositeActor *container, const char *name,
              GError **error)
{
  if (hyco_composite_actor_get_actor (container, name) != NULL
      || hyco_composite_actor_get_relation (container, name) != NULL)
    {
      g_autofree char *what = describe (element);
      return fail (loader, error, line_of (element), HYCO_MODEL_FILE_ERROR_DUPLICATE_NAME, what,
                   "%s already contains an entity or relation named \"%s\"",
                   hyco_actor_get_name (HYCO_ACTOR (container)), name);
    }
  return TRUE;
}

/* Sets a parameter as the file states it, through the parameter protocol: the owner's class,
 * a composite's model parameters and an FMU's variables answer alike. An expression is
 * evaluated once the whole model is read (evaluate_expressions). */
static gboolean
set_parameter (Loader *loader, xmlNode *element, GObject *owner, const char *name,
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

/* A `property` holding a parameter: name and value; its class (Parameter, StringParameter, ...)
 * says nothing we need, since the owner's parameter spec decides how the text is read. On a
 * composite, a name that is not a parameter of its class declares a model parameter, whose
 * value is an expression. */
static gboolean
load_parameter (Loader *loader, xmlNode *element, GObject *owner, GError **error)
{
  g_autofree char *name = NULL;
  g_autofree char *value = _hyco_xml_get_attr (element, "value");
  g_autofree char *class_name = _hyco_xml_get_attr (element, "class");
  g_autofree char *what = describe (element);

  if (!require_attr (loader, element, "name", &name, error))
    return FALSE;
  if (value == NULL)
    {
      /* A property with a class other than Ptolemy's parameter classes and no value is meant
       * as a director (a misspelt class). */
      if (class_name != NULL && !g_str_has_prefix (class_name, "ptolemy.data.expr.")
          && !g_str_has_prefix (class_name, "ptolemy.actor.parameters."))
        {
          g_autofree char *known = director_class_names ();
          return fail (loader, error, line_of (element), HYCO_MODEL_FILE_ERROR_UNKNOWN_CLASS, what,
                       "no director class named \"%s\" (the director classes: %s)", class_name,
                       known);
        }
      return fail (loader, error, line_of (element), HYCO_MODEL_FILE_ERROR_INVALID, what,
                   "missing attribute \"value\" (a property is a parameter with a value, or a "
                   "director with a director class)");
    }
  if (!check_ignorable_children (loader, element, error))
    return FALSE;
  return set_parameter (loader, element, owner, name, value, error);
}

static gboolean
load_director (Loader *loader, xmlNode *element, HycoActor *actor, GType type, GError **error)
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
  for (xmlNode *node = element->children; node; node = node->next)
    {
      int kind = classify_child (loader, node, element, error);

      if (kind < 0)
        return FALSE;
      if (kind == 0)
        continue;
      if (!_hyco_xml_is_element (node, "property"))
        return fail_not_allowed (loader, node, element, error);
      if (is_ignored_property (node))
        continue;
      if (!load_parameter (loader, node, G_OBJECT (director), error))
        return FALSE;
    }
  return TRUE;
}

static gboolean
load_property (Loader *loader, xmlNode *element, HycoActor *actor, GError **error)
{
  g_autofree char *name = NULL;
  g_autofree char *class_name = NULL;
  GType type = G_TYPE_INVALID;

  if (!require_attr (loader, element, "name", &name, error))
    return FALSE;
  if (is_ignored_property (element))
    return TRUE;
  class_name = _hyco_xml_get_attr (element, "class");
  if (class_name != NULL)
    type = hyco_registry_lookup (class_name);
  if (type != G_TYPE_INVALID && g_type_is_a (type, HYCO_TYPE_DIRECTOR))
    return load_director (loader, element, actor, type, error);
  if (type != G_TYPE_INVALID)
    {
      g_autofree char *what = describe (element);
      return fail (loader, error, line_of (element), HYCO_MODEL_FILE_ERROR_INVALID, what,
                   "\"%s\" is an actor class: an actor is an entity, not a property", class_name);
    }
  return load_parameter (loader, element, G_OBJECT (actor), error);
}

/* A port's or relation's class only says what it is: Ptolemy's port classes all end in `Port`
 * (TypedIOPort, IOPort, ...), its relation classes in `Relation`. @kind is "port" or
 * "relation". */
static gboolean
check_kind_class (Loader *loader, xmlNode *element, const char *class_name, const char *suffix,
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

/* Reads the `input`, `output` and `multiport` properties of a port, and its `unit`. */
static gboolean
load_port_flags (Loader *loader, xmlNode *element, HycoPortFlags *flags, char **unit,
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
  for (xmlNode *node = element->children; node; node = node->next)
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
        continue;
      what = describe (node);
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
load_port (Loader *loader, xmlNode *element, HycoActor *actor, GError **error)
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
      if (missing != 0)
        return fail (loader, error, line_of (element), HYCO_MODEL_FILE_ERROR_INVALID, what,
                     "port \"%s\" of %s is not %s", name, who, missing_flag_name (missing));
      if (unit)
        hyco_port_set_unit (port, unit);
      return TRUE;
    }
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

static gboolean
load_relation (Loader *loader, xmlNode *element, HycoCompositeActor *container, GError **error)
{
  g_autofree char *name = NULL;
  g_autofree char *class_name = _hyco_xml_get_attr (element, "class");
  g_autoptr (GError) local_error = NULL;

  if (!require_attr (loader, element, "name", &name, error)
      || !check_name (loader, element, name, error)
      || !check_kind_class (loader, element, class_name, "Relation", "relation", error)
      || !check_unique (loader, element, container, name, error))
    return FALSE;
  for (xmlNode *node = element->children; node; node = node->next)
    {
      int kind = classify_child (loader, node, element, error);
      g_autofree char *property = NULL;

      if (kind < 0)
        return FALSE;
      if (kind == 0
          || _hyco_xml_is_element (node, "vertex")) /* Vergil's routing of the drawn wire */
        continue;
      if (!_hyco_xml_is_element (node, "property"))
        return fail_not_allowed (loader, node, element, error);
      if (is_ignored_property (node))
        continue;
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
find_link_port (Loader *loader, xmlNode *element, HycoCompositeActor *container, const char *path,
                GError **error)
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
  else if (port == NULL)
    fail (loader, error, line_of (element), HYCO_MODEL_FILE_ERROR_UNKNOWN_PORT, what,
          "%s has no port \"%s\"", actor_name, dot + 1);
  return port;
}

/* Ptolemy may give a link's position among the port's links. We link in file order, so an
 * index is accepted only where it says exactly that. */
static gboolean
check_link_index (Loader *loader, xmlNode *element, HycoCompositeActor *container, HycoPort *port,
                  GError **error)
{
  gboolean inside = hyco_port_get_container (port) == HYCO_ACTOR (container);
  const char *attribute = inside ? "insideIndex" : "index";
  const char *other = inside ? "index" : "insideIndex";
  g_autofree char *index = _hyco_xml_get_attr (element, attribute);
  g_autofree char *wrong = _hyco_xml_get_attr (element, other);
  guint64 expected = _hyco_port_count_relations (port, inside);
  guint64 n = 0;

  if (wrong != NULL)
    {
      g_autofree char *what = g_strdup_printf ("link %s=\"%s\"", other, wrong);
      return fail (loader, error, line_of (element), HYCO_MODEL_FILE_ERROR_INVALID, what,
                   "%s is not supported for a port %s the composite; write links in order", other,
                   inside ? "of" : "inside");
    }
  if (index == NULL)
    return TRUE;
  if (!g_ascii_string_to_unsigned (index, 10, 0, G_MAXUINT, &n, NULL) || n != expected)
    {
      g_autofree char *what = g_strdup_printf ("link %s=\"%s\"", attribute, index);
      return fail (loader, error, line_of (element), HYCO_MODEL_FILE_ERROR_INVALID, what,
                   "links at a given index are not supported; write the links of each port in "
                   "order (this one would be at %" G_GUINT64_FORMAT ")",
                   expected);
    }
  return TRUE;
}

static gboolean
load_link (Loader *loader, xmlNode *element, HycoCompositeActor *container, GError **error)
{
  g_autofree char *port_path = NULL;
  g_autofree char *relation_name = NULL;
  g_autofree char *relation1 = _hyco_xml_get_attr (element, "relation1");
  g_autofree char *relation2 = _hyco_xml_get_attr (element, "relation2");
  g_autoptr (GError) local_error = NULL;
  HycoRelation *relation;
  HycoPort *port;

  if (relation1 != NULL || relation2 != NULL)
    {
      g_autofree char *what
        = g_strdup_printf ("link relation1=\"%s\" relation2=\"%s\"", relation1 ? relation1 : "",
                           relation2 ? relation2 : "");
      return fail (loader, error, line_of (element), HYCO_MODEL_FILE_ERROR_INVALID, what,
                   "links between relations are not supported; link each port to one relation");
    }
  if (!require_attr (loader, element, "port", &port_path, error)
      || !require_attr (loader, element, "relation", &relation_name, error)
      || !check_ignorable_children (loader, element, error))
    return FALSE;
  relation = hyco_composite_actor_get_relation (container, relation_name);
  if (relation == NULL)
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
require_composite (Loader *loader, xmlNode *element, HycoActor *actor, GError **error)
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
_hyco_model_reader_read_child (Loader *loader, HycoActor *actor, xmlNode *node, xmlNode *element,
                               GError **error)
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
load_entity_contents (Loader *loader, xmlNode *element, HycoActor *actor, GError **error)
{
  for (xmlNode *node = element->children; node; node = node->next)
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
load_entity (Loader *loader, xmlNode *element, HycoCompositeActor *container, HycoActor **actor,
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
    return fail (loader, error, line_of (element), HYCO_MODEL_FILE_ERROR_UNKNOWN_CLASS, what,
                 "no actor class named \"%s\"", class_name);
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

static void
on_xml_error (void *data, xmlErrorPtr xml_error)
{
  xmlParserCtxt *ctxt = data;
  Loader *loader = ctxt->_private;

  if (loader->xml_message != NULL || xml_error->level < XML_ERR_ERROR)
    return;
  loader->xml_message = g_strchomp (g_strdup (xml_error->message ? xml_error->message : "?"));
  loader->xml_line = xml_error->line;
}

/* Declarations in the DOCTYPE could declare entities or default attributes behind the reader's
 * back; MoML files have none. These handlers replace the parser's own, so nothing is declared,
 * and the first declaration is reported once parsing is over. */
static void
refuse_declaration (void *data, const char *kind, const xmlChar *name)
{
  xmlParserCtxt *ctxt = data;
  Loader *loader = ctxt->_private;

  if (loader->declaration == NULL)
    {
      loader->declaration = g_strdup_printf ("<!%s %s>", kind, (const char *) name);
      loader->declaration_line = xmlSAX2GetLineNumber (ctxt);
    }
}

static void
on_entity_declaration (void *data, const xmlChar *name, int type, const xmlChar *public_id,
                       const xmlChar *system_id, xmlChar *content)
{
  refuse_declaration (data, "ENTITY", name);
}

static void
on_unparsed_entity_declaration (void *data, const xmlChar *name, const xmlChar *public_id,
                                const xmlChar *system_id, const xmlChar *notation)
{
  refuse_declaration (data, "ENTITY", name);
}

static void
on_attribute_declaration (void *data, const xmlChar *element, const xmlChar *name, int type,
                          int def, const xmlChar *default_value, xmlEnumeration *values)
{
  refuse_declaration (data, "ATTLIST", element);
  xmlFreeEnumeration (values); /* ours: the parser hands it over */
}

static void
on_element_declaration (void *data, const xmlChar *name, int type, xmlElementContent *content)
{
  refuse_declaration (data, "ELEMENT", name);
}

static void
on_notation_declaration (void *data, const xmlChar *name, const xmlChar *public_id,
                         const xmlChar *system_id)
{
  refuse_declaration (data, "NOTATION", name);
}

static void
ignore_generic_error (void *context, const char *format, ...)
{
}

static xmlDoc *
parse (Loader *loader, const char *data, gssize length, GError **error)
{
  static gsize initialized = 0;
  xmlParserCtxt *ctxt;
  xmlDoc *doc;
  gsize size = length < 0 ? strlen (data) : (gsize) length;

  if (g_once_init_enter (&initialized))
    {
      xmlInitParser ();
      g_once_init_leave (&initialized, 1);
    }
  if (size > G_MAXINT)
    {
      g_set_error (error, HYCO_MODEL_FILE_ERROR, HYCO_MODEL_FILE_ERROR_IO,
                   "%s: the file is too large", loader->source);
      return NULL;
    }
  ctxt = xmlNewParserCtxt ();
  if (ctxt == NULL)
    g_error ("%s: out of memory", G_STRLOC);
  ctxt->_private = loader;
  ctxt->sax->serror = on_xml_error;
  ctxt->sax->entityDecl = on_entity_declaration;
  ctxt->sax->unparsedEntityDecl = on_unparsed_entity_declaration;
  ctxt->sax->attributeDecl = on_attribute_declaration;
  ctxt->sax->elementDecl = on_element_declaration;
  ctxt->sax->notationDecl = on_notation_declaration;
  /* No DTD loading, no entity substitution, no network; errors come to on_xml_error. A few
   * encoding errors in libxml2 2.9 bypass the context and print through the generic handler
   * (thread-local): silence it while parsing, the structured error carries the message. */
  {
    xmlGenericErrorFunc saved_handler = xmlGenericError;
    void *saved_context = xmlGenericErrorContext;

    xmlSetGenericErrorFunc (NULL, ignore_generic_error);
    doc = xmlCtxtReadMemory (ctxt, data, (int) size, loader->source, NULL,
                             XML_PARSE_NONET | XML_PARSE_NOWARNING | XML_PARSE_NOERROR
                               | XML_PARSE_BIG_LINES);
    xmlSetGenericErrorFunc (saved_context, saved_handler);
  }
  if (loader->xml_message == NULL && (doc == NULL || !ctxt->wellFormed))
    {
      const xmlError *last = xmlCtxtGetLastError (ctxt);
      loader->xml_message
        = g_strchomp (g_strdup (last && last->message ? last->message : "not well-formed"));
      loader->xml_line = last ? last->line : 0;
    }
  xmlFreeParserCtxt (ctxt);
  /* First: references to a refused entity are what the parser then complains of. */
  if (loader->declaration != NULL)
    {
      fail (loader, error, loader->declaration_line, HYCO_MODEL_FILE_ERROR_INVALID,
            loader->declaration,
            "declarations in the DOCTYPE are not supported; it only names the MoML DTD");
      g_clear_pointer (&doc, xmlFreeDoc);
      return NULL;
    }
  if (loader->xml_message != NULL)
    {
      g_set_error (error, HYCO_MODEL_FILE_ERROR, HYCO_MODEL_FILE_ERROR_MALFORMED,
                   "%s:%d: malformed XML: %s", loader->source, loader->xml_line,
                   loader->xml_message);
      g_clear_pointer (&doc, xmlFreeDoc);
      return NULL;
    }
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

/* Builds the top-level composite a model file describes; errors name @source_name and a line. */
HycoCompositeActor *
_hyco_model_file_load (const char *data, gssize length, const char *source_name, GError **error)
{
  Loader loader = { .source = source_name ? source_name : "(data)" };
  g_autoptr (GPtrArray) expressions = g_ptr_array_new_with_free_func (pending_expression_free);
  g_autoptr (HycoActor) toplevel = NULL;
  xmlDoc *doc;
  xmlNode *root;
  gboolean ok;

  g_return_val_if_fail (data != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);
  hyco_registry_ensure_modules ();
  doc = parse (&loader, data, length, error);
  g_free (loader.xml_message);
  g_free (loader.declaration);
  if (doc == NULL)
    return NULL;
  root = xmlDocGetRootElement (doc);
  if (!_hyco_xml_is_element (root, "entity"))
    {
      g_autofree char *what = g_strdup_printf ("<%s>", (const char *) root->name);
      ok = fail (&loader, error, line_of (root), HYCO_MODEL_FILE_ERROR_INVALID, what,
                 "a model file holds one top-level <entity>");
    }
  else
    {
      loader.expressions = expressions;
      ok = load_entity (&loader, root, NULL, &toplevel, error)
           && evaluate_expressions (&loader, error);
    }
  xmlFreeDoc (doc);
  return ok ? HYCO_COMPOSITE_ACTOR (g_steal_pointer (&toplevel)) : NULL;
}

/* Writing. */

static xmlNode *
add_element (xmlNode *parent, const char *tag, const char *name, const char *class_name,
             const char *value)
{
  xmlNode *element = xmlNewChild (parent, NULL, BAD_CAST tag, NULL);

  /* xmlNewProp escapes the values when the document is written. */
  if (name != NULL)
    xmlNewProp (element, BAD_CAST "name", BAD_CAST name);
  if (class_name != NULL)
    xmlNewProp (element, BAD_CAST "class", BAD_CAST class_name);
  if (value != NULL)
    xmlNewProp (element, BAD_CAST "value", BAD_CAST value);
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
save_parameters (xmlNode *element, GObject *object)
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
save_port (xmlNode *element, HycoPort *port)
{
  xmlNode *port_element
    = add_element (element, "port", hyco_port_get_name (port), "TypedIOPort", NULL);

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
save_port_units (xmlNode *element, HycoActor *actor)
{
  g_autoptr (GPtrArray) ports = hyco_actor_get_ports (actor);

  for (guint i = 0; i < ports->len; i++)
    {
      HycoPort *port = ports->pdata[i];
      xmlNode *port_element;
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
save_links (xmlNode *element, HycoCompositeActor *composite)
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
      xmlNode *link;
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
      link = xmlNewChild (element, NULL, BAD_CAST "link", NULL);
      xmlNewProp (link, BAD_CAST "port", BAD_CAST path);
      xmlNewProp (link, BAD_CAST "relation",
                  BAD_CAST hyco_relation_get_name (relations->pdata[chosen]));
    }
}

static xmlNode *save_actor (xmlNode *parent, HycoActor *actor);

void
_hyco_model_writer_save_composite (xmlNode *element, HycoCompositeActor *composite,
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
                   : "ptolemy.data.expr.Parameter",
                 hyco_composite_actor_get_parameter_text (composite, parameters[i]));
  if (director != NULL && with_director)
    {
      xmlNode *director_element
        = add_element (element, "property", hyco_director_get_name (director),
                       class_name_of (G_OBJECT (director)), NULL);
      save_parameters (director_element, G_OBJECT (director));
    }
  save_parameters (element, G_OBJECT (composite));
  for (guint i = 0; i < ports->len; i++)
    save_port (element, ports->pdata[i]);
  for (guint i = 0; i < actors->len; i++)
    save_actor (element, actors->pdata[i]);
  for (guint i = 0; i < relations->len; i++)
    add_element (element, "relation", hyco_relation_get_name (relations->pdata[i]),
                 "TypedIORelation", NULL);
  save_links (element, composite);
}

static xmlNode *
save_actor (xmlNode *parent, HycoActor *actor)
{
  xmlNode *element = xmlNewNode (NULL, BAD_CAST "entity");
  const HycoModelSyntax *syntax = _hyco_model_syntax_lookup (G_OBJECT_TYPE (actor));

  xmlNewProp (element, BAD_CAST "name", BAD_CAST hyco_actor_get_name (actor));
  xmlNewProp (element, BAD_CAST "class", BAD_CAST class_name_of (G_OBJECT (actor)));
  if (parent != NULL)
    xmlAddChild (parent, element);
  if (syntax != NULL && syntax->write_contents != NULL)
    syntax->write_contents (actor, element);
  else if (HYCO_IS_COMPOSITE_ACTOR (actor))
    _hyco_model_writer_save_composite (element, HYCO_COMPOSITE_ACTOR (actor), TRUE);
  else
    {
      save_parameters (element, G_OBJECT (actor));
      save_port_units (element, actor);
    }
  return element;
}

/* Writes @toplevel as a model file that _hyco_model_file_load() reads back to the same model:
 * parameters at their defaults are left out, as Ptolemy does. */
char *
_hyco_model_file_save (HycoCompositeActor *toplevel)
{
  xmlDoc *doc;
  xmlChar *text = NULL;
  int size = 0;
  const char *body;
  char *result;

  g_return_val_if_fail (HYCO_IS_COMPOSITE_ACTOR (toplevel), NULL);
  hyco_registry_ensure_modules ();
  doc = xmlNewDoc (BAD_CAST "1.0");
  doc->standalone = 0; /* standalone="no", as Ptolemy writes it */
  xmlDocSetRootElement (doc, save_actor (NULL, HYCO_ACTOR (toplevel)));
  xmlDocDumpFormatMemory (doc, &text, &size, 1);
  if (text == NULL)
    g_error ("%s: out of memory", G_STRLOC);
  /* The DOCTYPE goes after the XML declaration, folded the way Ptolemy writes it. */
  body = strchr ((const char *) text, '\n');
  g_assert (body != NULL);
  result = g_strdup_printf ("%.*s\n<!DOCTYPE entity PUBLIC \"%s\"\n    \"%s\">%s",
                            (int) (body - (const char *) text), (const char *) text, MOML_PUBLIC_ID,
                            MOML_SYSTEM_ID, body);
  xmlFree (text);
  xmlFreeDoc (doc);
  return result;
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
  for (; syntaxes != NULL && syntax == NULL && type != G_TYPE_INVALID;
       type = g_type_parent (type))
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
_hyco_model_reader_describe (xmlNode *element)
{
  return describe (element);
}

int
_hyco_model_reader_classify_child (Loader *loader, xmlNode *node, xmlNode *parent, GError **error)
{
  return classify_child (loader, node, parent, error);
}

gboolean
_hyco_model_reader_fail_not_allowed (Loader *loader, xmlNode *element, xmlNode *parent,
                                     GError **error)
{
  return fail_not_allowed (loader, element, parent, error);
}

gboolean
_hyco_model_reader_check_ignorable_children (Loader *loader, xmlNode *parent, GError **error)
{
  return check_ignorable_children (loader, parent, error);
}

gboolean
_hyco_model_reader_require_attr (Loader *loader, xmlNode *element, const char *name, char **value,
                                 GError **error)
{
  return require_attr (loader, element, name, value, error);
}

gboolean
_hyco_model_reader_check_name (Loader *loader, xmlNode *element, const char *name, GError **error)
{
  return check_name (loader, element, name, error);
}

gboolean
_hyco_model_reader_is_ignored_property (xmlNode *element)
{
  return is_ignored_property (element);
}

gboolean
_hyco_model_reader_read_port (Loader *loader, xmlNode *element, HycoActor *actor, GError **error)
{
  return load_port (loader, element, actor, error);
}

gboolean
_hyco_model_reader_read_property (Loader *loader, xmlNode *element, HycoActor *actor,
                                  GError **error)
{
  return load_property (loader, element, actor, error);
}

xmlNode *
_hyco_model_writer_add_element (xmlNode *parent, const char *tag, const char *name,
                                const char *class_name, const char *value)
{
  return add_element (parent, tag, name, class_name, value);
}

void
_hyco_model_writer_save_parameters (xmlNode *element, GObject *object)
{
  save_parameters (element, object);
}

void
_hyco_model_writer_save_port (xmlNode *element, HycoPort *port)
{
  save_port (element, port);
}
