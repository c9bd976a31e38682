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
