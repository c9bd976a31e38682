/* hyco-param.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-private.h"

#include <errno.h>
#include <stdlib.h>

/* Parameters are GObject properties. Literal parameters (times, values, lists) are string
 * properties that keep the modeller's text, checked when set and converted exactly when the
 * model is prepared, so a model saved back reads "0.1", never 0.1000000000000000055. */

/* The quark name is text, not a subtraction: keep clang-format away from it. */
/* clang-format off */
G_DEFINE_QUARK (hyco-param-error-quark, hyco_param_error)
/* clang-format on */

static GQuark
location_quark (void)
{
  return g_quark_from_static_string ("hyco-source-location");
}

void
_hyco_set_source_location (gpointer object, const char *file, long line)
{
  g_object_set_qdata_full (object, location_quark (), g_strdup_printf ("%s:%ld", file, line),
                           g_free);
}

const char *
_hyco_get_source_location (gpointer object)
{
  return g_object_get_qdata (object, location_quark ());
}

/* A parameter the model cannot use, reported with where the model file declared its owner. */
void
_hyco_set_parameter_error (gpointer object, GError **error, const char *parameter,
                           const char *message)
{
  const char *location = _hyco_get_source_location (object);
  g_autofree char *owner = NULL;

  if (HYCO_IS_ACTOR (object))
    {
      owner = hyco_actor_get_full_name (object);
      if (*owner == '\0')
        {
          g_free (owner);
          owner = g_strdup (hyco_actor_get_name (object));
        }
    }
  else
    owner = g_strdup (hyco_director_get_name (object));
  g_set_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_PARAMETER, "%s%s%s: parameter %s: %s",
               location ? location : "", location ? ": " : "", owner, parameter, message);
}

static GQuark
kind_quark (void)
{
  return g_quark_from_static_string ("hyco-param-kind");
}

/**
 * hyco_param_spec_literal:
 * @name: the parameter's name
 * @blurb: one line on what it means
 * @kind: how its text is checked
 * @default_value: the default text
 *
 * Creates a string property spec whose text is a literal of @kind.
 *
 * Returns: (transfer full): a new #GParamSpec
 */
GParamSpec *
hyco_param_spec_literal (const char *name, const char *blurb, HycoParamKind kind,
                         const char *default_value)
{
  GParamSpec *pspec
    = g_param_spec_string (name, NULL, blurb, default_value,
                           G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_param_spec_set_qdata (pspec, kind_quark (), GINT_TO_POINTER (kind + 1));
  return pspec;
}

/**
 * hyco_param_spec_get_kind:
 * @pspec: a parameter spec
 *
 * Returns: the literal kind of the parameter, %HYCO_PARAM_KIND_PLAIN for others
 */
HycoParamKind
hyco_param_spec_get_kind (GParamSpec *pspec)
{
  int kind = GPOINTER_TO_INT (g_param_spec_get_qdata (pspec, kind_quark ()));
  return kind ? (HycoParamKind) (kind - 1) : HYCO_PARAM_KIND_PLAIN;
}

static gboolean
parse_tag (const char *text, int resolution, HycoTag *tag, GError **error)
{
  g_autofree char *copy = g_strstrip (g_strdup (text));
  g_auto (GStrv) parts = NULL;
  guint64 microstep = 0;

  if (copy[0] != '(' || copy[strlen (copy) - 1] != ')')
    {
      g_set_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_BAD_VALUE,
                   "\"%s\" is not a tag: write (time, microstep)", text);
      return FALSE;
    }
  copy[strlen (copy) - 1] = '\0';
  parts = g_strsplit (copy + 1, ",", -1);
  if (g_strv_length (parts) != 2)
    {
      g_set_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_BAD_VALUE,
                   "\"%s\" is not a tag: write (time, microstep)", text);
      return FALSE;
    }
  g_strstrip (parts[1]);
  if (!g_ascii_string_to_unsigned (parts[1], 10, 0, G_MAXUINT64, &microstep, NULL))
    {
      g_set_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_BAD_VALUE,
                   "\"%s\": microstep \"%s\" is not a non-negative integer", text, parts[1]);
      return FALSE;
    }
  tag->microstep = microstep;
  if (resolution == G_MININT)
    return hyco_time_validate (parts[0], error);
  return hyco_time_parse (parts[0], resolution, &tag->time, error);
}

/**
 * hyco_param_parse_tag_list:
 * @text: a list of tags, as in `{(0.1, 1), (0.2, 1)}`
 * @resolution: the resolution to convert times at
 * @tags: (out) (transfer full) (element-type Hyco.Tag) (optional): the tags
 * @error: return location for a #GError
 *
 * Returns: %TRUE if @text is a well-formed list of representable tags
 */
gboolean
hyco_param_parse_tag_list (const char *text, int resolution, GArray **tags, GError **error)
{
  g_autofree char *copy = g_strstrip (g_strdup (text ? text : ""));
  g_autoptr (GArray) result = g_array_new (FALSE, FALSE, sizeof (HycoTag));
  gsize len = strlen (copy);
  const char *p;

  if (len < 2 || copy[0] != '{' || copy[len - 1] != '}')
    {
      g_set_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_BAD_VALUE,
                   "\"%s\" is not a list of tags: write {(time, microstep), ...}", text);
      return FALSE;
    }
  copy[len - 1] = '\0';
  p = copy + 1;
  while (*p)
    {
      const char *close;
      g_autofree char *item = NULL;
      HycoTag tag = { 0, 0 };

      while (g_ascii_isspace (*p) || *p == ',')
        p++;
      if (*p == '\0')
        break;
      close = strchr (p, ')');
      if (close == NULL)
        {
          g_set_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_BAD_VALUE,
                       "\"%s\": unterminated tag at \"%s\"", text, p);
          return FALSE;
        }
      item = g_strndup (p, (gsize) (close - p + 1));
      if (!parse_tag (item, resolution, &tag, error))
        return FALSE;
      g_array_append_val (result, tag);
      p = close + 1;
    }
  if (tags)
    *tags = g_steal_pointer (&result);
  return TRUE;
}

static gboolean
check_literal (GParamSpec *pspec, const char *text, GError **error)
{
  g_autoptr (GError) local_error = NULL;
  gboolean ok = TRUE;

  switch (hyco_param_spec_get_kind (pspec))
    {
    case HYCO_PARAM_KIND_PLAIN:
      break;
    case HYCO_PARAM_KIND_TIME:
      ok = hyco_time_validate (text, &local_error);
      break;
    case HYCO_PARAM_KIND_RESOLUTION:
      {
        int r;
        ok = hyco_resolution_parse (text, &r, &local_error);
      }
      break;
    case HYCO_PARAM_KIND_VALUE:
      {
        g_auto (HycoValue) value = HYCO_VALUE_INIT;
        ok = hyco_value_parse_literal (text, &value, &local_error);
      }
      break;
    case HYCO_PARAM_KIND_VALUE_LIST:
      {
        g_autoptr (GPtrArray) list = hyco_value_parse_list (text, &local_error);
        ok = list != NULL;
      }
      break;
    case HYCO_PARAM_KIND_TAG_LIST:
      ok = hyco_param_parse_tag_list (text, G_MININT, NULL, &local_error);
      break;
    }
  if (!ok)
    g_set_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_BAD_VALUE, "%s: %s", pspec->name,
                 local_error->message);
  return ok;
}

static gboolean
parse_plain (GParamSpec *pspec, const char *text, GValue *value, GError **error)
{
  GType type = G_PARAM_SPEC_VALUE_TYPE (pspec);
  g_autofree char *trimmed = g_strstrip (g_strdup (text));

  g_value_init (value, type);
  if (type == G_TYPE_STRING)
    {
      g_value_set_string (value, text);
      return TRUE;
    }
  if (type == G_TYPE_BOOLEAN)
    {
      if (g_str_equal (trimmed, "true") || g_str_equal (trimmed, "false"))
        {
          g_value_set_boolean (value, g_str_equal (trimmed, "true"));
          return TRUE;
        }
    }
  else if (type == G_TYPE_DOUBLE)
    {
      char *end = NULL;
      double d;
      errno = 0;
      d = g_ascii_strtod (trimmed, &end);
      if (*trimmed && end && *end == '\0' && errno == 0)
        {
          g_value_set_double (value, d);
          if (!g_param_value_validate (pspec, value))
            return TRUE;
        }
    }
  else if (type == G_TYPE_INT || type == G_TYPE_INT64 || type == G_TYPE_LONG)
    {
      gint64 n;
      if (g_ascii_string_to_signed (trimmed, 10, G_MININT64, G_MAXINT64, &n, NULL))
        {
          if (type == G_TYPE_INT64)
            g_value_set_int64 (value, n);
          else if (type == G_TYPE_LONG)
            g_value_set_long (value, (glong) n);
          else if (n >= G_MININT && n <= G_MAXINT)
            g_value_set_int (value, (int) n);
          else
            goto bad;
          if (!g_param_value_validate (pspec, value))
            return TRUE;
        }
    }
  else if (type == G_TYPE_UINT || type == G_TYPE_UINT64)
    {
      guint64 n;
      if (g_ascii_string_to_unsigned (trimmed, 10, 0, G_MAXUINT64, &n, NULL))
        {
          if (type == G_TYPE_UINT64)
            g_value_set_uint64 (value, n);
          else if (n <= G_MAXUINT)
            g_value_set_uint (value, (guint) n);
          else
            goto bad;
          if (!g_param_value_validate (pspec, value))
            return TRUE;
        }
    }
  else if (G_TYPE_IS_ENUM (type))
    {
      g_autoptr (GEnumClass) klass = g_type_class_ref (type);
      GEnumValue *v = g_enum_get_value_by_nick (klass, trimmed);
      if (v == NULL)
        v = g_enum_get_value_by_name (klass, trimmed);
      if (v)
        {
          g_value_set_enum (value, v->value);
          return TRUE;
        }
    }
bad:
  g_value_unset (value);
  g_set_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_BAD_VALUE,
               "%s: \"%s\" is not a valid %s%s", pspec->name, text, g_type_name (type),
               G_TYPE_IS_ENUM (type) ? " name" : " in range");
  return FALSE;
}

/**
 * hyco_param_set_from_string:
 * @object: an actor or director
 * @name: a parameter name
 * @text: the parameter's new text
 * @error: return location for a #GError
 *
 * Sets a parameter from its text, checking it first.
 *
 * Returns: %TRUE on success
 */
gboolean
hyco_param_set_from_string (GObject *object, const char *name, const char *text, GError **error)
{
  GParamSpec *pspec;
  g_auto (GValue) value = G_VALUE_INIT;

  g_return_val_if_fail (G_IS_OBJECT (object), FALSE);
  g_return_val_if_fail (name != NULL && text != NULL, FALSE);
  pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (object), name);
  if (pspec == NULL || g_str_equal (name, "name") || !(pspec->flags & G_PARAM_WRITABLE)
      || (pspec->flags & G_PARAM_CONSTRUCT_ONLY))
    {
      g_set_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_UNKNOWN, "%s has no parameter \"%s\"",
                   G_OBJECT_TYPE_NAME (object), name);
      return FALSE;
    }
  if (hyco_param_spec_get_kind (pspec) != HYCO_PARAM_KIND_PLAIN)
    {
      if (!check_literal (pspec, text, error))
        return FALSE;
      g_object_set (object, name, text, NULL);
      return TRUE;
    }
  if (!parse_plain (pspec, text, &value, error))
    return FALSE;
  g_object_set_property (object, name, &value);
  return TRUE;
}

static char *
value_to_text (GParamSpec *pspec, const GValue *value)
{
  GType type = G_VALUE_TYPE (value);

  if (type == G_TYPE_STRING)
    return g_strdup (g_value_get_string (value) ? g_value_get_string (value) : "");
  if (type == G_TYPE_BOOLEAN)
    return g_strdup (g_value_get_boolean (value) ? "true" : "false");
  if (type == G_TYPE_DOUBLE)
    {
      /* The shortest text that reads back as the same double: 1e-09, not 1.0000000000000001e-09. */
      g_auto (HycoValue) number = HYCO_VALUE_INIT;
      hyco_value_set_double (&number, g_value_get_double (value));
      return hyco_value_to_literal (&number);
    }
  if (G_TYPE_IS_ENUM (type))
    {
      g_autoptr (GEnumClass) klass = g_type_class_ref (type);
      GEnumValue *v = g_enum_get_value (klass, g_value_get_enum (value));
      return g_strdup (v ? v->value_nick : "");
    }
  {
    g_auto (GValue) text = G_VALUE_INIT;
    g_value_init (&text, G_TYPE_STRING);
    if (g_value_transform (value, &text))
      return g_value_dup_string (&text);
  }
  return g_strdup ("");
}

/**
 * hyco_param_to_string:
 * @object: an actor or director
 * @pspec: one of its parameters
 *
 * Returns: (transfer full): the parameter's text, as a model file holds it
 */
char *
hyco_param_to_string (GObject *object, GParamSpec *pspec)
{
  g_auto (GValue) value = G_VALUE_INIT;

  g_return_val_if_fail (G_IS_OBJECT (object), NULL);
  g_value_init (&value, G_PARAM_SPEC_VALUE_TYPE (pspec));
  g_object_get_property (object, pspec->name, &value);
  return value_to_text (pspec, &value);
}

/**
 * hyco_param_default_to_string:
 * @pspec: a parameter
 *
 * Returns: (transfer full): the parameter's default text
 */
char *
hyco_param_default_to_string (GParamSpec *pspec)
{
  return value_to_text (pspec, g_param_spec_get_default_value (pspec));
}

/**
 * hyco_param_is_default:
 * @object: an actor or director
 * @pspec: one of its parameters
 *
 * Returns: %TRUE if the parameter has its default value
 */
gboolean
hyco_param_is_default (GObject *object, GParamSpec *pspec)
{
  g_auto (GValue) value = G_VALUE_INIT;

  g_value_init (&value, G_PARAM_SPEC_VALUE_TYPE (pspec));
  g_object_get_property (object, pspec->name, &value);
  return g_param_values_cmp (pspec, &value, g_param_spec_get_default_value (pspec)) == 0;
}

/**
 * hyco_param_list:
 * @klass: an actor or director class
 *
 * Returns: (transfer container) (element-type GParamSpec): the class's parameters: its
 *   writable properties other than `name`
 */
GPtrArray *
hyco_param_list (GObjectClass *klass)
{
  guint n = 0;
  g_autofree GParamSpec **specs = g_object_class_list_properties (klass, &n);
  GPtrArray *params = g_ptr_array_new ();

  for (guint i = 0; i < n; i++)
    if ((specs[i]->flags & G_PARAM_WRITABLE) && !(specs[i]->flags & G_PARAM_CONSTRUCT_ONLY)
        && !g_str_equal (specs[i]->name, "name"))
      g_ptr_array_add (params, specs[i]);
  return params;
}
