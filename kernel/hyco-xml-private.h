/* hyco-xml-private.h: the XML documents of the model-file reader and writer and of the FMU
 * loader: read with expat into a small tree of our own, and written back; not installed.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>
#include <string.h>

G_BEGIN_DECLS

typedef enum
{
  HYCO_XML_ELEMENT_NODE = 1,
  HYCO_XML_TEXT_NODE = 3, /* text and CDATA sections that are not only whitespace */
} HycoXmlNodeType;

typedef struct _HycoXmlDocument HycoXmlDocument;
typedef struct _HycoXmlNode HycoXmlNode;

/* One element, or one run of text between two tags. A document's nodes and strings live in one
 * arena that _hyco_xml_document_free() releases at once: a model of 1e5 actors is read into a
 * few megabytes. Whitespace between elements, comments and processing instructions are not
 * kept: no reader looks at them. */
struct _HycoXmlNode
{
  HycoXmlNodeType type;
  guint line;       /* where the element's start tag ends; where a text's first non-space is */
  const char *name; /* the element's tag; NULL for text */
  union
  {
    char **attributes;   /* an element's: name, value, name, value, ..., NULL; NULL if none */
    const char *content; /* a text's, CDATA sections' contents included */
  };
  HycoXmlNode *parent;
  HycoXmlNode *children; /* the first child */
  HycoXmlNode *last;     /* the last child, so that appending is direct */
  HycoXmlNode *next;
  HycoXmlDocument *doc;
};

/* Why a document was not read. */
typedef enum
{
  HYCO_XML_PROBLEM_NONE,
  HYCO_XML_PROBLEM_MALFORMED,   /* not well-formed XML: message says what and where */
  HYCO_XML_PROBLEM_UNSUPPORTED, /* an encoding other than UTF-8 or ISO-8859-1: message */
  HYCO_XML_PROBLEM_DECLARATION, /* a declaration in the DOCTYPE: kind ("ENTITY") and name */
  HYCO_XML_PROBLEM_TOO_DEEP,    /* the element name, nested depth deep */
} HycoXmlProblemKind;

typedef struct
{
  HycoXmlProblemKind kind;
  gulong line;
  char *message; /* what is wrong: `<!ENTITY lol>` and `<entity>` for DECLARATION, TOO_DEEP */
  char *name;    /* DECLARATION: what it declares; TOO_DEEP: the element */
  const char *declaration; /* DECLARATION: "ENTITY", "ELEMENT", "ATTLIST" or "NOTATION" */
  guint depth;             /* TOO_DEEP */
} HycoXmlProblem;

void _hyco_xml_problem_clear (HycoXmlProblem *problem);

/* Reads @size bytes of @data into a tree, or returns NULL and says why in @problem. Nothing
 * outside @data is ever read: the DOCTYPE may name a DTD, which is not fetched, but may not
 * declare anything (entities, attribute defaults, elements, notations), and only XML's
 * predefined entities and character references are expanded. Elements nest at most
 * @max_depth deep. The file must be UTF-8 (US-ASCII is a part of it) or ISO-8859-1, which
 * expat converts: Ptolemy II and FMI write UTF-8. */
HycoXmlDocument *_hyco_xml_parse (const char *data, gsize size, guint max_depth,
                                  HycoXmlProblem *problem);

/* An empty document, for writing. */
HycoXmlDocument *_hyco_xml_document_new (void);
void _hyco_xml_document_free (HycoXmlDocument *doc);
HycoXmlNode *_hyco_xml_document_get_root (HycoXmlDocument *doc);

/* A new element @name, appended to @parent's children, or the root of @doc when @parent is
 * NULL. */
HycoXmlNode *_hyco_xml_new_element (HycoXmlDocument *doc, HycoXmlNode *parent, const char *name);

/* Sets @element's attribute @name to a copy of @value, in its place if @element has it, else
 * after the others. */
void _hyco_xml_set_attr (HycoXmlNode *element, const char *name, const char *value);

/* Appends @element and what it holds to @out as libxml2 wrote them (xmlDocDumpFormatMemory):
 * two spaces of indentation a level (at most 60), `<tag a="b"/>` when empty, attribute values
 * escaped (& < > " as entities, newline, carriage return and tab as character references, and
 * any other non-ASCII character as a hexadecimal character reference), one element a line. */
void _hyco_xml_dump (const HycoXmlNode *element, GString *out);

/* An attribute's value in the document, or NULL. */
static inline const char *
_hyco_xml_peek_attr (const HycoXmlNode *element, const char *name)
{
  if (element->type != HYCO_XML_ELEMENT_NODE || element->attributes == NULL)
    return NULL;
  for (char **a = element->attributes; *a != NULL; a += 2)
    if (strcmp (a[0], name) == 0)
      return a[1];
  return NULL;
}

/* An attribute's value as a GLib string, so that it can be g_autofree'd; NULL if absent. */
static inline char *
_hyco_xml_get_attr (const HycoXmlNode *element, const char *name)
{
  return g_strdup (_hyco_xml_peek_attr (element, name));
}

static inline gboolean
_hyco_xml_is_element (const HycoXmlNode *node, const char *name)
{
  return node->type == HYCO_XML_ELEMENT_NODE && strcmp (node->name, name) == 0;
}

/* Before parsing, this one linear pass counts the attributes of every start tag in @data (the
 * '=' outside quoted values; comments, CDATA sections, processing instructions and the
 * DOCTYPE passed over): the first start tag ('<') with more than @limit, and its line in
 * @line; NULL when none has. Malformed input is left for the parser to name. Expat reads many
 * attributes in linear time, but the limits are documented (HYCO_MODEL_FILE_MAX_ATTRIBUTES)
 * and checked before any memory is spent on the tree. */
const char *_hyco_xml_find_crowded_element (const char *data, gsize size, guint limit, int *line);

G_END_DECLS
