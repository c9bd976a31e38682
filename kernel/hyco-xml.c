/* hyco-xml.c: XML documents read with expat into a tree of our own, and written back.
 *
 * Expat is a stream parser: this builds the tree the readers walk, in one arena per document
 * (nodes, attribute arrays and strings allocated by bumping a pointer, element and attribute
 * names shared), and keeps the guarantees the readers document: nothing outside the data is
 * read, nothing can be declared, nesting is bounded, and every error has its line.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-xml-private.h"

#include <expat.h>
#include <string.h>

#define ARENA_BLOCK_SIZE (64 * 1024)

typedef struct _ArenaBlock ArenaBlock;
struct _ArenaBlock
{
  ArenaBlock *previous;
  gsize size;
  gsize used;
  char data[]; /* aligned as the header, whose size is a multiple of 8 */
};

struct _HycoXmlDocument
{
  HycoXmlNode *root;
  ArenaBlock *block; /* the newest; each links to the one before */
  GHashTable *names; /* tag and attribute name -> its one copy in the arena */
};

static gpointer
arena_alloc (HycoXmlDocument *doc, gsize size)
{
  ArenaBlock *block = doc->block;
  gpointer p;

  size = (size + 7) & ~(gsize) 7;
  if (block == NULL || block->size - block->used < size)
    {
      /* A string larger than a block gets a block of its own, behind the current one, so that
       * the room left in the current one is not lost. */
      gsize data_size = MAX (size, ARENA_BLOCK_SIZE - sizeof (ArenaBlock));
      ArenaBlock *fresh = g_malloc (sizeof (ArenaBlock) + data_size);

      fresh->size = data_size;
      fresh->used = 0;
      if (block != NULL && size > ARENA_BLOCK_SIZE / 4)
        {
          fresh->previous = block->previous;
          block->previous = fresh;
        }
      else
        {
          fresh->previous = block;
          doc->block = fresh;
        }
      block = fresh;
    }
  p = block->data + block->used;
  block->used += size;
  return p;
}

static char *
arena_strndup (HycoXmlDocument *doc, const char *text, gsize length)
{
  char *copy = arena_alloc (doc, length + 1);

  memcpy (copy, text, length);
  copy[length] = '\0';
  return copy;
}

/* Names repeat on every element: one copy each. */
static const char *
arena_intern (HycoXmlDocument *doc, const char *name)
{
  char *copy = g_hash_table_lookup (doc->names, name);

  if (copy == NULL)
    {
      copy = arena_strndup (doc, name, strlen (name));
      g_hash_table_add (doc->names, copy);
    }
  return copy;
}

HycoXmlDocument *
_hyco_xml_document_new (void)
{
  HycoXmlDocument *doc = g_new0 (HycoXmlDocument, 1);

  doc->names = g_hash_table_new (g_str_hash, g_str_equal);
  return doc;
}

void
_hyco_xml_document_free (HycoXmlDocument *doc)
{
  if (doc == NULL)
    return;
  while (doc->block != NULL)
    {
      ArenaBlock *previous = doc->block->previous;
      g_free (doc->block);
      doc->block = previous;
    }
  g_hash_table_unref (doc->names);
  g_free (doc);
}

HycoXmlNode *
_hyco_xml_document_get_root (HycoXmlDocument *doc)
{
  return doc->root;
}

static HycoXmlNode *
append_node (HycoXmlDocument *doc, HycoXmlNode *parent, HycoXmlNodeType type, guint line)
{
  HycoXmlNode *node = arena_alloc (doc, sizeof (HycoXmlNode));

  memset (node, 0, sizeof *node);
  node->type = type;
  node->line = line;
  node->doc = doc;
  node->parent = parent;
  if (parent == NULL)
    doc->root = node;
  else
    {
      if (parent->last != NULL)
        parent->last->next = node;
      else
        parent->children = node;
      parent->last = node;
    }
  return node;
}

HycoXmlNode *
_hyco_xml_new_element (HycoXmlDocument *doc, HycoXmlNode *parent, const char *name)
{
  HycoXmlNode *element = append_node (doc, parent, HYCO_XML_ELEMENT_NODE, 0);

  element->name = arena_intern (doc, name);
  return element;
}

void
_hyco_xml_set_attr (HycoXmlNode *element, const char *name, const char *value)
{
  HycoXmlDocument *doc = element->doc;
  guint n = 0;
  char **attributes;

  g_return_if_fail (element->type == HYCO_XML_ELEMENT_NODE);
  for (char **a = element->attributes; a != NULL && *a != NULL; a += 2, n++)
    if (strcmp (a[0], name) == 0)
      {
        a[1] = arena_strndup (doc, value, strlen (value));
        return;
      }
  /* A new array one attribute longer: elements that are written have two or three. */
  attributes = arena_alloc (doc, (2 * n + 3) * sizeof (char *));
  if (n > 0)
    memcpy (attributes, element->attributes, 2 * n * sizeof (char *));
  attributes[2 * n] = (char *) arena_intern (doc, name);
  attributes[2 * n + 1] = arena_strndup (doc, value, strlen (value));
  attributes[2 * n + 2] = NULL;
  element->attributes = attributes;
}

void
_hyco_xml_problem_clear (HycoXmlProblem *problem)
{
  g_clear_pointer (&problem->message, g_free);
  g_clear_pointer (&problem->name, g_free);
  problem->kind = HYCO_XML_PROBLEM_NONE;
}

/* Reading. */

typedef struct
{
  XML_Parser parser;
  const char *data;
  gsize size;
  HycoXmlDocument *doc;
  HycoXmlNode *current; /* the element whose children are being read */
  guint depth;
  guint max_depth;
  gboolean carriage_returns; /* in the data: then expat counts the lines */
  gsize counted;              /* the lines before this offset are counted: */
  gulong lines;               /* so many, plus one */
  GString *text;              /* the text since the last tag */
  gulong text_line; /* where its first non-space is; 0 while it is only spaces */
  HycoXmlProblem *problem;
} Reader;

/* Records the first problem. */
static void
record (Reader *reader, HycoXmlProblemKind kind, gulong line, const char *format, va_list args)
{
  if (reader->problem->kind != HYCO_XML_PROBLEM_NONE)
    return;
  reader->problem->kind = kind;
  reader->problem->line = line;
  reader->problem->message = g_strdup_vprintf (format, args);
}

/* Records the first problem and stops the parser. */
static void G_GNUC_PRINTF (4, 5)
  stop (Reader *reader, HycoXmlProblemKind kind, gulong line, const char *format, ...)
{
  va_list args;

  va_start (args, format);
  record (reader, kind, line, format, args);
  va_end (args);
  XML_StopParser (reader->parser, XML_FALSE);
}

/* Records the problem that made expat stop. */
static void G_GNUC_PRINTF (4, 5)
  fail (Reader *reader, HycoXmlProblemKind kind, gulong line, const char *format, ...)
{
  va_list args;

  va_start (args, format);
  record (reader, kind, line, format, args);
  va_end (args);
}

/* The line expat is at. Expat counts it by going over every byte since it was last asked;
 * memchr() over line feeds is quicker, where there are no carriage returns to count too. */
static gulong
current_line (Reader *reader)
{
  XML_Index offset = XML_GetCurrentByteIndex (reader->parser);
  const char *p, *end;

  if (reader->carriage_returns || offset < (XML_Index) reader->counted
      || (gsize) offset > reader->size)
    return XML_GetCurrentLineNumber (reader->parser);
  end = reader->data + offset;
  for (p = reader->data + reader->counted; (p = memchr (p, '\n', end - p)) != NULL; p++)
    reader->lines++;
  reader->counted = (gsize) offset;
  return reader->lines + 1;
}

/* The text read since the last tag becomes a node when it is more than whitespace. */
static void
flush_text (Reader *reader)
{
  if (reader->text_line != 0 && reader->current != NULL)
    {
      HycoXmlNode *text
        = append_node (reader->doc, reader->current, HYCO_XML_TEXT_NODE, reader->text_line);
      text->content = arena_strndup (reader->doc, reader->text->str, reader->text->len);
    }
  g_string_truncate (reader->text, 0);
  reader->text_line = 0;
}

static gboolean
is_name_byte (char c)
{
  return g_ascii_isalnum (c) || c == '_' || c == ':' || c == '-' || c == '.' || (guchar) c >= 0x80;
}

/* The name at @offset of the data (after @skip bytes), for messages: at most 64 bytes. */
static char *
name_at (Reader *reader, XML_Index offset, gsize skip)
{
  gsize start, end;

  if (offset < 0 || (gsize) offset + skip > reader->size)
    return g_strdup ("?");
  start = end = (gsize) offset + skip;
  while (end < reader->size && end - start < 64 && is_name_byte (reader->data[end]))
    end++;
  return g_strndup (reader->data + start, end - start);
}

#define UNDECLARED_ENTITY                                                                          \
  "&%s; refers to an entity that is not declared: only &amp; &lt; &gt; &quot; &apos; and "         \
  "character references are read"

/* The first reference in @start..@end to an entity other than XML's five predefined ones, as
 * an offset in the data, and its line in *@line (that of @start given); -1 if none. */
static gssize
find_unknown_reference (Reader *reader, const char *start, const char *end, gulong *line)
{
  static const char *const predefined[] = { "amp;", "lt;", "gt;", "quot;", "apos;" };

  for (const char *p = start; p < end; p++)
    {
      gboolean known = p + 1 < end && p[1] == '#';

      if (*p == '\n')
        (*line)++;
      if (*p != '&')
        continue;
      for (guint i = 0; !known && i < G_N_ELEMENTS (predefined); i++)
        known = (gsize) (end - p - 1) >= strlen (predefined[i])
                && memcmp (p + 1, predefined[i], strlen (predefined[i])) == 0;
      if (!known)
        return p - reader->data;
    }
  return -1;
}

/* With a DOCTYPE that names a DTD or refers to a parameter entity, expat passes over a
 * reference to an entity no one declared (the DTD, not read, might declare it): silently in
 * an attribute value. None can be declared here, so any reference in a start tag but to XML's
 * five predefined entities is refused. */
static gboolean
check_references (Reader *reader)
{
  XML_Index offset = XML_GetCurrentByteIndex (reader->parser);
  int count = XML_GetCurrentByteCount (reader->parser);
  gulong line = current_line (reader);
  gssize found;

  if (offset < 0 || count <= 0 || (gsize) offset + (gsize) count > reader->size
      || memchr (reader->data + offset, '&', count) == NULL)
    return TRUE;
  found
    = find_unknown_reference (reader, reader->data + offset, reader->data + offset + count, &line);
  if (found >= 0)
    {
      g_autofree char *name = name_at (reader, found, 1);
      stop (reader, HYCO_XML_PROBLEM_MALFORMED, line, UNDECLARED_ENTITY, name);
      return FALSE;
    }
  return TRUE;
}

/* The line a start tag ends on, where libxml2 dated its element: the readers' messages name
 * it, and a tag whose attributes take several lines is named where they end. */
static gulong
tag_end_line (Reader *reader)
{
  XML_Index offset = XML_GetCurrentByteIndex (reader->parser);
  int count = XML_GetCurrentByteCount (reader->parser);
  gulong line = current_line (reader);
  const char *p, *end;

  if (offset < 0 || count <= 0 || (gsize) offset + (gsize) count > reader->size)
    return line;
  p = reader->data + offset;
  end = p + count;
  if (memchr (p, '\r', count) != NULL)
    {
      /* A carriage return ends a line too, once with a line feed after it. */
      for (; p < end; p++)
        line += *p == '\n' || (*p == '\r' && (p + 1 == end || p[1] != '\n'));
      return line;
    }
  for (; (p = memchr (p, '\n', end - p)) != NULL; p++)
    line++;
  return line;
}

static void XMLCALL
on_start_element (void *data, const XML_Char *name, const XML_Char **attributes)
{
  Reader *reader = data;
  HycoXmlNode *element;
  guint n = 0;

  /* Expat may call a handler or two after stop(): the tree is no longer built. */
  if (reader->problem->kind != HYCO_XML_PROBLEM_NONE)
    return;
  flush_text (reader);
  if (++reader->depth > reader->max_depth)
    {
      stop (reader, HYCO_XML_PROBLEM_TOO_DEEP, current_line (reader), "<%s>", name);
      reader->problem->name = g_strdup (name);
      reader->problem->depth = reader->depth;
      return;
    }
  if (attributes[0] != NULL && !check_references (reader))
    return;
  element = append_node (reader->doc, reader->current, HYCO_XML_ELEMENT_NODE,
                         (guint) MIN (tag_end_line (reader), G_MAXUINT));
  element->name = arena_intern (reader->doc, name);
  while (attributes[2 * n] != NULL)
    n++;
  if (n > 0)
    {
      element->attributes = arena_alloc (reader->doc, (2 * n + 1) * sizeof (char *));
      for (guint i = 0; i < n; i++)
        {
          element->attributes[2 * i] = (char *) arena_intern (reader->doc, attributes[2 * i]);
          element->attributes[2 * i + 1]
            = arena_strndup (reader->doc, attributes[2 * i + 1], strlen (attributes[2 * i + 1]));
        }
      element->attributes[2 * n] = NULL;
    }
  reader->current = element;
}

static void XMLCALL
on_end_element (void *data, const XML_Char *name)
{
  Reader *reader = data;

  if (reader->problem->kind != HYCO_XML_PROBLEM_NONE)
    return;
  flush_text (reader);
  reader->depth--;
  reader->current = reader->current->parent;
}

static void XMLCALL
on_text (void *data, const XML_Char *text, int length)
{
  Reader *reader = data;

  if (reader->current == NULL || reader->problem->kind != HYCO_XML_PROBLEM_NONE)
    return;
  /* Expat hands text over in pieces (a line break is one): its first non-space dates it. */
  if (reader->text_line == 0)
    {
      int first = 0;

      while (first < length && g_ascii_isspace (text[first]))
        first++;
      if (first < length)
        {
          reader->text_line = current_line (reader);
          for (int i = 0; i < first; i++)
            reader->text_line += text[i] == '\n';
        }
    }
  g_string_append_len (reader->text, text, length);
}

/* Declarations could declare entities or default attributes behind the readers' back; MoML
 * files and model descriptions have none. The first one stops the parser. */
static void
refuse (Reader *reader, const char *declaration, const char *name)
{
  if (reader->problem->kind != HYCO_XML_PROBLEM_NONE)
    return;
  stop (reader, HYCO_XML_PROBLEM_DECLARATION, current_line (reader), "<!%s %s>", declaration, name);
  reader->problem->declaration = declaration;
  reader->problem->name = g_strdup (name);
}

static void XMLCALL
on_entity_declaration (void *data, const XML_Char *name, int is_parameter_entity,
                       const XML_Char *value, int value_length, const XML_Char *base,
                       const XML_Char *system_id, const XML_Char *public_id,
                       const XML_Char *notation)
{
  refuse (data, "ENTITY", name);
}

static void XMLCALL
on_element_declaration (void *data, const XML_Char *name, XML_Content *model)
{
  Reader *reader = data;

  XML_FreeContentModel (reader->parser, model); /* ours: the parser hands it over */
  refuse (reader, "ELEMENT", name);
}

static void XMLCALL
on_attribute_declaration (void *data, const XML_Char *element, const XML_Char *name,
                          const XML_Char *type, const XML_Char *default_value, int required)
{
  refuse (data, "ATTLIST", element);
}

static void XMLCALL
on_notation_declaration (void *data, const XML_Char *name, const XML_Char *base,
                         const XML_Char *system_id, const XML_Char *public_id)
{
  refuse (data, "NOTATION", name);
}

/* In text, expat reports the references it passed over (see check_references()). */
static void XMLCALL
on_skipped_entity (void *data, const XML_Char *name, int is_parameter_entity)
{
  Reader *reader = data;

  if (reader->problem->kind != HYCO_XML_PROBLEM_NONE)
    return;
  if (is_parameter_entity)
    stop (reader, HYCO_XML_PROBLEM_MALFORMED, current_line (reader),
          "%%%s; refers to a parameter entity, which is not read", name);
  else
    stop (reader, HYCO_XML_PROBLEM_MALFORMED, current_line (reader), UNDECLARED_ENTITY, name);
}

static gboolean
is_supported_encoding (const char *encoding)
{
  return g_ascii_strcasecmp (encoding, "UTF-8") == 0
         || g_ascii_strcasecmp (encoding, "US-ASCII") == 0
         || g_ascii_strcasecmp (encoding, "ISO-8859-1") == 0;
}

#define ENCODING_ADVICE "only UTF-8 (and US-ASCII, a part of it) and ISO-8859-1 are read"

static void XMLCALL
on_xml_declaration (void *data, const XML_Char *version, const XML_Char *encoding, int standalone)
{
  Reader *reader = data;

  if (encoding != NULL && !is_supported_encoding (encoding))
    stop (reader, HYCO_XML_PROBLEM_UNSUPPORTED, current_line (reader),
          "the XML declaration names the encoding \"%s\": " ENCODING_ADVICE, encoding);
}

/* The line and column expat stopped at, 1-based, and the byte. */
static void
describe_error (Reader *reader)
{
  enum XML_Error code = XML_GetErrorCode (reader->parser);
  gulong line = XML_GetCurrentLineNumber (reader->parser);
  gulong column = XML_GetCurrentColumnNumber (reader->parser) + 1;
  XML_Index offset = XML_GetCurrentByteIndex (reader->parser);
  const char *at = offset >= 0 && (gsize) offset < reader->size ? reader->data + offset : NULL;
  HycoXmlNode *open = reader->current;
  const char *valid_end = NULL;

  switch (code)
    {
    case XML_ERROR_TAG_MISMATCH:
      {
        g_autofree char *found = name_at (reader, offset, 0);
        fail (reader, HYCO_XML_PROBLEM_MALFORMED, line,
              "</%s> does not close <%s>, opened on line %u", found, open ? open->name : "?",
              open ? open->line : 0);
        return;
      }
    case XML_ERROR_NO_ELEMENTS:
      if (open != NULL)
        fail (reader, HYCO_XML_PROBLEM_MALFORMED, line,
              "the file ends before <%s>, opened on line %u, is closed", open->name, open->line);
      else
        {
          gboolean blank = TRUE;
          for (gsize i = 0; i < reader->size && blank; i++)
            blank = g_ascii_isspace (reader->data[i]);
          fail (reader, HYCO_XML_PROBLEM_MALFORMED, line,
                blank ? "the file is empty" : "the file holds no element");
        }
      return;
    case XML_ERROR_UNCLOSED_TOKEN:
    case XML_ERROR_PARTIAL_CHAR:
      if (open != NULL)
        fail (reader, HYCO_XML_PROBLEM_MALFORMED, line,
              "the file ends inside a tag, within <%s>, opened on line %u", open->name, open->line);
      else
        fail (reader, HYCO_XML_PROBLEM_MALFORMED, line, "the file ends inside a tag");
      return;
    case XML_ERROR_INVALID_TOKEN:
      /* Expat says the same of bytes that are not UTF-8: say which. */
      if (at != NULL && (guchar) *at >= 0x80
          && !g_utf8_validate (at, MIN (reader->size - (gsize) offset, 4), &valid_end)
          && valid_end == at)
        {
          fail (reader, HYCO_XML_PROBLEM_MALFORMED, line,
                "column %lu: the byte 0x%02X is not UTF-8 (a file in ISO-8859-1 says so in its "
                "XML declaration)",
                column, (guchar) *at);
          return;
        }
      if (at != NULL && *at == '<')
        {
          fail (reader, HYCO_XML_PROBLEM_MALFORMED, line,
                "column %lu: '<' inside a tag (is the '>' of the tag before it missing?) or in "
                "an attribute value (where it is written &lt;)",
                column);
          return;
        }
      /* Expat points at the '&' or just after it. */
      if (at != NULL && (*at == '&' || (at > reader->data && at[-1] == '&')))
        {
          fail (reader, HYCO_XML_PROBLEM_MALFORMED, line,
                "column %lu: '&' that begins no reference (it is written &amp;)",
                *at == '&' ? column : column - 1);
          return;
        }
      break;
    case XML_ERROR_DUPLICATE_ATTRIBUTE:
      {
        g_autofree char *name = name_at (reader, offset, 0);
        fail (reader, HYCO_XML_PROBLEM_MALFORMED, line, "the attribute \"%s\" is given twice",
              name);
        return;
      }
    case XML_ERROR_UNDEFINED_ENTITY:
      /* Expat points at the reference in text, at the start tag for one in an attribute. */
      if (at != NULL)
        {
          gssize found = find_unknown_reference (reader, at, reader->data + reader->size, &line);
          g_autofree char *name = name_at (reader, found, 1);
          fail (reader, HYCO_XML_PROBLEM_MALFORMED, line, UNDECLARED_ENTITY, name);
          return;
        }
      break;
    case XML_ERROR_JUNK_AFTER_DOC_ELEMENT:
      fail (reader, HYCO_XML_PROBLEM_MALFORMED, line,
            "column %lu: more after the end of the top-level element, which must be the only "
            "one",
            column);
      return;
    case XML_ERROR_UNKNOWN_ENCODING:
    case XML_ERROR_INCORRECT_ENCODING:
      fail (reader, HYCO_XML_PROBLEM_UNSUPPORTED, line, "%s: " ENCODING_ADVICE,
            XML_ErrorString (code));
      return;
    default:
      break;
    }
  fail (reader, HYCO_XML_PROBLEM_MALFORMED, line, "column %lu: %s", column, XML_ErrorString (code));
}

HycoXmlDocument *
_hyco_xml_parse (const char *data, gsize size, guint max_depth, HycoXmlProblem *problem)
{
  Reader reader = { .data = data, .size = size, .max_depth = max_depth, .problem = problem };
  const guchar *bytes = (const guchar *) data;
  gboolean ok;

  g_return_val_if_fail (size <= G_MAXINT, NULL);
  memset (problem, 0, sizeof *problem);
  /* UTF-16 (with its byte-order mark, or without one, as XML tells it by the '<'): refused
   * rather than converted, as check_references() reads the bytes as ASCII does. */
  if (size >= 2
      && ((bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE)
          || (bytes[0] == 0 && bytes[1] == '<') || (bytes[0] == '<' && bytes[1] == 0)))
    {
      problem->kind = HYCO_XML_PROBLEM_UNSUPPORTED;
      problem->line = 1;
      problem->message = g_strdup ("the file is UTF-16: " ENCODING_ADVICE);
      return NULL;
    }
  reader.parser = XML_ParserCreate (NULL);
  if (reader.parser == NULL)
    g_error ("%s: out of memory", G_STRLOC);
  reader.carriage_returns = memchr (data, '\r', size) != NULL;
  reader.doc = _hyco_xml_document_new ();
  reader.text = g_string_new (NULL);
  XML_SetUserData (reader.parser, &reader);
  XML_SetElementHandler (reader.parser, on_start_element, on_end_element);
  XML_SetCharacterDataHandler (reader.parser, on_text);
  XML_SetXmlDeclHandler (reader.parser, on_xml_declaration);
  XML_SetEntityDeclHandler (reader.parser, on_entity_declaration);
  XML_SetElementDeclHandler (reader.parser, on_element_declaration);
  XML_SetAttlistDeclHandler (reader.parser, on_attribute_declaration);
  XML_SetNotationDeclHandler (reader.parser, on_notation_declaration);
  XML_SetSkippedEntityHandler (reader.parser, on_skipped_entity);
  /* No external entity handler (expat's default, set here to say so): expat reads nothing
   * itself, so nothing outside @data is ever asked for, the DTD a DOCTYPE names included.
   * Parameter entities are looked up, so that a reference to one in the DOCTYPE, which none
   * can declare, reaches on_skipped_entity(). */
  XML_SetExternalEntityRefHandler (reader.parser, NULL);
  XML_SetParamEntityParsing (reader.parser, XML_PARAM_ENTITY_PARSING_UNLESS_STANDALONE);

  ok = XML_Parse (reader.parser, data, (int) size, XML_TRUE) == XML_STATUS_OK;
  if (!ok && problem->kind == HYCO_XML_PROBLEM_NONE)
    describe_error (&reader);
  XML_ParserFree (reader.parser);
  g_string_free (reader.text, TRUE);
  if (!ok || problem->kind != HYCO_XML_PROBLEM_NONE)
    {
      if (problem->kind == HYCO_XML_PROBLEM_NONE)
        {
          problem->kind = HYCO_XML_PROBLEM_MALFORMED;
          problem->message = g_strdup ("not well-formed");
        }
      _hyco_xml_document_free (reader.doc);
      return NULL;
    }
  return reader.doc;
}

/* Writing. */

static void
append_indent (GString *out, guint level)
{
  /* libxml2 indents at most 30 levels (its MAX_INDENT of 60 characters). */
  for (guint i = 0; i < MIN (level, 30u); i++)
    g_string_append_len (out, "  ", 2);
}

/* As libxml2 2.9's xmlBufAttrSerializeTxtContent() for a document without an encoding: a byte
 * that does not start a character XML allows is written as a reference to itself, and the
 * last byte of a value as it is. */
static void
append_escaped (GString *out, const char *value)
{
  const guchar *p = (const guchar *) value;

  while (*p != '\0')
    {
      guint c = 0, length = 1;

      switch (*p)
        {
        case '\n':
          g_string_append (out, "&#10;");
          p++;
          continue;
        case '\r':
          g_string_append (out, "&#13;");
          p++;
          continue;
        case '\t':
          g_string_append (out, "&#9;");
          p++;
          continue;
        case '"':
          g_string_append (out, "&quot;");
          p++;
          continue;
        case '<':
          g_string_append (out, "&lt;");
          p++;
          continue;
        case '>':
          g_string_append (out, "&gt;");
          p++;
          continue;
        case '&':
          g_string_append (out, "&amp;");
          p++;
          continue;
        default:
          break;
        }
      if (*p < 0x80 || p[1] == '\0')
        {
          g_string_append_c (out, (char) *p++);
          continue;
        }
      /* libxml2 reads the lead byte's length and trusts the bytes after it. */
      if (*p < 0xC0)
        length = 1;
      else if (*p < 0xE0)
        c = ((p[0] & 0x1Fu) << 6) | (p[1] & 0x3Fu), length = 2;
      else if (*p < 0xF0 && p[2] != '\0')
        c = ((p[0] & 0x0Fu) << 12) | ((p[1] & 0x3Fu) << 6) | (p[2] & 0x3Fu), length = 3;
      else if (*p < 0xF8 && p[2] != '\0' && p[3] != '\0')
        c = ((p[0] & 0x07u) << 18) | ((p[1] & 0x3Fu) << 12) | ((p[2] & 0x3Fu) << 6)
            | (p[3] & 0x3Fu),
        length = 4;
      if (length == 1
          || !((c >= 0x20 && c <= 0xD7FF) || (c >= 0xE000 && c <= 0xFFFD)
               || (c >= 0x10000 && c <= 0x10FFFF) || c == 0x9 || c == 0xA || c == 0xD))
        {
          g_string_append_printf (out, "&#x%X;", *p);
          p++;
          continue;
        }
      g_string_append_printf (out, "&#x%X;", c);
      p += length;
    }
}

static void
append_start_tag (GString *out, const HycoXmlNode *element, guint level)
{
  append_indent (out, level);
  g_string_append_c (out, '<');
  g_string_append (out, element->name);
  for (char **a = element->attributes; a != NULL && *a != NULL; a += 2)
    {
      g_string_append_c (out, ' ');
      g_string_append (out, a[0]);
      g_string_append (out, "=\"");
      append_escaped (out, a[1]);
      g_string_append_c (out, '"');
    }
}

void
_hyco_xml_dump (const HycoXmlNode *element, GString *out)
{
  const HycoXmlNode *node = element;
  guint level = 0;

  /* Without recursion: a model may nest ten thousand levels. Writers make no text nodes. */
  while (node != NULL)
    {
      append_start_tag (out, node, level);
      if (node->children != NULL)
        {
          g_string_append (out, ">\n");
          node = node->children;
          level++;
          continue;
        }
      g_string_append (out, "/>\n");
      while (node != element && node->next == NULL)
        {
          node = node->parent;
          level--;
          append_indent (out, level);
          g_string_append (out, "</");
          g_string_append (out, node->name);
          g_string_append (out, ">\n");
        }
      node = node == element ? NULL : node->next;
    }
}

/* The attribute counter (_hyco_xml_find_crowded_element): memchr() takes it over text and
 * quoted values, and lines are counted only for the tag it finds. */

/* Skips to just after @end from @p; FALSE when @end does not come. */
static gboolean
skip_past (const char **p, const char *limit, const char *end)
{
  gsize n = strlen (end);

  while (*p + n <= limit)
    {
      const char *first = memchr (*p, end[0], limit - *p);

      if (first == NULL || first + n > limit)
        return FALSE;
      if (memcmp (first, end, n) == 0)
        {
          *p = first + n;
          return TRUE;
        }
      *p = first + 1;
    }
  return FALSE;
}

/* Past the quoted text that starts at @p; NULL when it does not end. */
static const char *
skip_quoted (const char *p, const char *limit)
{
  return memchr (p + 1, *p, limit - p - 1);
}

const char *
_hyco_xml_find_crowded_element (const char *data, gsize size, guint limit, int *line_out)
{
  const char *p = data, *limit_p = data + size;

  while (p < limit_p && (p = memchr (p, '<', limit_p - p)) != NULL)
    {
      const char *tag;
      guint attributes = 0;

      if (limit_p - p >= 4 && memcmp (p, "<!--", 4) == 0)
        {
          p += 4;
          if (!skip_past (&p, limit_p, "-->"))
            return NULL;
          continue;
        }
      if (limit_p - p >= 9 && memcmp (p, "<![CDATA[", 9) == 0)
        {
          p += 9;
          if (!skip_past (&p, limit_p, "]]>"))
            return NULL;
          continue;
        }
      if (limit_p - p >= 2 && p[1] == '?')
        {
          p += 2;
          if (!skip_past (&p, limit_p, "?>"))
            return NULL;
          continue;
        }
      /* A declaration (the DOCTYPE and its internal subset: quoted texts, brackets, and
       * comments inside it) or an end tag: no attributes to count. */
      if (limit_p - p >= 2 && (p[1] == '!' || p[1] == '/'))
        {
          int brackets = 0;
          for (p += 2; p < limit_p; p++)
            {
              if ((*p == '"' || *p == '\'') && (p = skip_quoted (p, limit_p)) == NULL)
                return NULL;
              else if (*p == '[')
                brackets++;
              else if (*p == ']')
                brackets--;
              else if (*p == '>' && brackets <= 0)
                break;
            }
          p++;
          continue;
        }
      tag = p++;
      for (; p < limit_p && *p != '>'; p++)
        {
          if ((*p == '"' || *p == '\'') && (p = skip_quoted (p, limit_p)) == NULL)
            return NULL;
          else if (*p == '=' && ++attributes > limit)
            {
              int line = 1;
              for (const char *q = data; (q = memchr (q, '\n', tag - q)) != NULL; q++)
                line++;
              *line_out = line;
              return tag;
            }
        }
      p++;
    }
  return NULL;
}
