/* hyco-xml.c: libxml2 helpers shared by the model-file reader and the FMU loader.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-xml-private.h"

#include <string.h>

/* Skips to just after @end from @p, counting lines; FALSE when @end does not come. */
static gboolean
skip_past (const char **p, const char *limit, const char *end, int *line)
{
  gsize n = strlen (end);

  for (; *p + n <= limit; (*p)++)
    {
      if (memcmp (*p, end, n) == 0)
        {
          *p += n;
          return TRUE;
        }
      *line += **p == '\n';
    }
  return FALSE;
}

const char *
_hyco_xml_find_crowded_element (const char *data, gsize size, guint limit, int *line_out)
{
  const char *p = data, *limit_p = data + size;
  int line = 1;

  while (p < limit_p)
    {
      const char *tag;
      int tag_line;
      guint attributes = 0;
      char quote = 0;

      if (*p != '<')
        {
          line += *p++ == '\n';
          continue;
        }
      if (limit_p - p >= 4 && memcmp (p, "<!--", 4) == 0)
        {
          p += 4;
          if (!skip_past (&p, limit_p, "-->", &line))
            return NULL;
          continue;
        }
      if (limit_p - p >= 9 && memcmp (p, "<![CDATA[", 9) == 0)
        {
          p += 9;
          if (!skip_past (&p, limit_p, "]]>", &line))
            return NULL;
          continue;
        }
      if (limit_p - p >= 2 && p[1] == '?')
        {
          p += 2;
          if (!skip_past (&p, limit_p, "?>", &line))
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
              if (quote)
                quote = *p == quote ? 0 : quote;
              else if (*p == '"' || *p == '\'')
                quote = *p;
              else if (*p == '[')
                brackets++;
              else if (*p == ']')
                brackets--;
              else if (*p == '>' && brackets <= 0)
                break;
              line += *p == '\n';
            }
          p++;
          continue;
        }
      tag = p++;
      tag_line = line;
      for (; p < limit_p && (quote || *p != '>'); p++)
        {
          if (quote)
            quote = *p == quote ? 0 : quote;
          else if (*p == '"' || *p == '\'')
            quote = *p;
          else if (*p == '=' && ++attributes > limit)
            {
              *line_out = tag_line;
              return tag;
            }
          line += *p == '\n';
        }
      p++;
    }
  return NULL;
}
