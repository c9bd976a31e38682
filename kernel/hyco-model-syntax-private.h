/* hyco-model-syntax-private.h: what a module gives the model-file reader and writer for a
 * class with elements of its own (a state machine's states and transitions, a modal model's
 * name-based links), and the reader's and writer's pieces it builds them from; not installed.
 *
 * The generic reader handles entities, properties (parameters through the parameter protocol,
 * directors), ports, relations and links. A module registers a HycoModelSyntax for its class
 * from its register function, and adding such a class touches no kernel file.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "hyco-kernel.h"
#include "hyco-xml-private.h"

G_BEGIN_DECLS

typedef struct _HycoModelReader HycoModelReader;

typedef struct
{
  /* Its entities may declare ports of their own, as a composite's do. */
  gboolean declares_ports;
  /* Reads the children of @element, the entity that made @actor, in place of the generic
   * reader; NULL for the generic one. */
  gboolean (*read_contents) (HycoActor *actor, HycoModelReader *reader, HycoXmlNode *element,
                             GError **error);
  /* Writes @actor's contents into @element, its entity; NULL for the generic writer. */
  void (*write_contents) (HycoActor *actor, HycoXmlNode *element);
  /* Appends what `hyco inspect` shows beyond ports and parameters, one line each. */
  void (*describe) (HycoActor *actor, GString *out, const char *indent);
  /* How a composite of this class runs without a director, and how one inside it does. */
  const char *execution_note;
  const char *inner_execution_note;
} HycoModelSyntax;

void _hyco_model_syntax_register (GType type, const HycoModelSyntax *syntax);
const HycoModelSyntax *_hyco_model_syntax_lookup (GType type);

/* Reading: errors are `FILE:LINE: WHAT: CAUSE`. */
gboolean _hyco_model_reader_fail (HycoModelReader *reader, GError **error, long line,
                                  HycoModelFileError code, const char *what, const char *format,
                                  ...) G_GNUC_PRINTF (6, 7);
char *_hyco_model_reader_describe (HycoXmlNode *element);
int _hyco_model_reader_classify_child (HycoModelReader *reader, HycoXmlNode *node,
                                       HycoXmlNode *parent, GError **error);
gboolean _hyco_model_reader_fail_not_allowed (HycoModelReader *reader, HycoXmlNode *element,
                                              HycoXmlNode *parent, GError **error);
gboolean _hyco_model_reader_check_ignorable_children (HycoModelReader *reader, HycoXmlNode *parent,
                                                      GError **error);
gboolean _hyco_model_reader_require_attr (HycoModelReader *reader, HycoXmlNode *element,
                                          const char *name, char **value, GError **error);
gboolean _hyco_model_reader_check_name (HycoModelReader *reader, HycoXmlNode *element,
                                        const char *name, GError **error);
gboolean _hyco_model_reader_is_ignored_property (HycoXmlNode *element);
/* A module that skips an attribute only its class knows to be drawing or documentation (a
 * transition's exitAngle) records it, so that `--verbose` counts it with Vergil's others.
 * Properties _hyco_model_reader_is_ignored_property() accepts are counted without it. */
void _hyco_model_reader_note_ignored (HycoModelReader *reader, HycoXmlNode *element);
gboolean _hyco_model_reader_read_child (HycoModelReader *reader, HycoActor *actor,
                                        HycoXmlNode *node, HycoXmlNode *parent, GError **error);
gboolean _hyco_model_reader_read_port (HycoModelReader *reader, HycoXmlNode *element,
                                       HycoActor *actor, GError **error);
gboolean _hyco_model_reader_read_property (HycoModelReader *reader, HycoXmlNode *element,
                                           HycoActor *actor, GError **error);

static inline long
_hyco_model_reader_line (HycoXmlNode *node)
{
  return node->line;
}

/* The last component of a Ptolemy class name: `ptolemy.actor.TypedIOPort` → `TypedIOPort`. */
static inline const char *
_hyco_model_reader_short_class_name (const char *class_name)
{
  const char *dot = strrchr (class_name, '.');
  return dot ? dot + 1 : class_name;
}

/* Writing. */
HycoXmlNode *_hyco_model_writer_add_element (HycoXmlNode *parent, const char *tag, const char *name,
                                             const char *class_name, const char *value);
void _hyco_model_writer_save_parameters (HycoXmlNode *element, GObject *object);
void _hyco_model_writer_save_port (HycoXmlNode *element, HycoPort *port);
void _hyco_model_writer_save_composite (HycoXmlNode *element, HycoCompositeActor *composite,
                                        gboolean with_director);

G_END_DECLS
