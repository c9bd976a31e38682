/* hyco-xml-private.h: libxml2 helpers shared by the model-file reader and the FMU loader; not
 * installed.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>
#include <libxml/tree.h>

/* An attribute's value as a GLib string, so that it can be g_autofree'd; NULL if absent. */
static inline char *
_hyco_xml_get_attr (xmlNode *element, const char *name)
{
  xmlChar *value = xmlGetNoNsProp (element, BAD_CAST name);
  char *copy;

  if (value == NULL)
    return NULL;
  copy = g_strdup ((const char *) value);
  xmlFree (value);
  return copy;
}

static inline gboolean
_hyco_xml_is_element (xmlNode *node, const char *name)
{
  return node->type == XML_ELEMENT_NODE && g_str_equal ((const char *) node->name, name);
}

/* libxml2 2.9 checks each attribute of an element against every earlier one, and appends each
 * to the element by walking the ones before: an element of 1e5 attributes takes minutes to
 * read. So before parsing, this one linear pass counts the attributes of every start tag in
 * @data (the '=' outside quoted values; comments, CDATA sections, processing instructions and
 * the DOCTYPE passed over): the first start tag ('<') with more than @limit, and its line in
 * @line; NULL when none has. Malformed input is left for the parser to name. */
const char *_hyco_xml_find_crowded_element (const char *data, gsize size, guint limit, int *line);
