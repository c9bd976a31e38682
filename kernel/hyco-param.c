/* hyco-param.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-param-private.h"
#include "hyco-director-private.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Parameters are GObject properties. Literal parameters (times, values, lists) are string
 * properties that keep the modeller's text, checked when set and converted exactly when the
 * model is prepared, so a model saved back reads "0.1", never 0.1000000000000000055.
 *
 * A numeric parameter may also be an expression over the model parameters in scope
 * (`2 * pi * f`, see hyco_composite_actor_set_parameter()). Its text is kept in the object's
 * qdata, beside the property, and evaluated into the property whenever the object is
 * preinitialized, so that changing a model parameter changes every value computed from it.
 * Text that reads as a literal is always a literal: `0.1` stays an exact time. */

/* The quark name is text, not a subtraction: keep clang-format away from it. */
/* clang-format off */
/**
 * hyco_param_error_quark:
 *
 * The error domain of parameters: an unknown parameter, a text that is no valid value for it, an
 * expression naming no parameter in scope, model parameters that depend on each other.
 *
 * Returns: the #GQuark of #HycoParamError
 */
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
 * Gets the kind of literal a parameter takes (a time, a list of values, ...), which tells how its
 * text is read.
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
 * Reads a list of tags written as in model files, each `(time, microstep)`, converting the times to
 * ticks of @resolution; @error says which part is malformed.
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
      /* Blank is Ptolemy II's "not given" (a director's startTime): its owner decides. */
      ok = text[strspn (text, " \t\n\r")] == '\0' || hyco_time_validate (text, &local_error);
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
    g_set_error_literal (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_BAD_VALUE,
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
               "\"%s\" is not a valid %s%s", text, g_type_name (type),
               G_TYPE_IS_ENUM (type) ? " name" : " in range");
  return FALSE;
}

/* The expressions of an object's parameters: pspec name -> HycoExpression. */
static GQuark
expressions_quark (void)
{
  return g_quark_from_static_string ("hyco-param-expressions");
}

static HycoExpression *
lookup_expression (GObject *object, const char *name)
{
  GHashTable *table = g_object_get_qdata (object, expressions_quark ());

  return table ? g_hash_table_lookup (table, name) : NULL;
}

static void
store_expression (GObject *object, const char *name, HycoExpression *expression)
{
  GHashTable *table = g_object_get_qdata (object, expressions_quark ());

  if (expression == NULL)
    {
      if (table)
        g_hash_table_remove (table, name);
      return;
    }
  if (table == NULL)
    {
      table = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_object_unref);
      g_object_set_qdata_full (object, expressions_quark (), table,
                               (GDestroyNotify) g_hash_table_unref);
    }
  g_hash_table_replace (table, g_strdup (name), g_object_ref (expression));
}

/* Numbers, booleans, the literal kinds whose value can be a number, and values and lists of
 * values, which any expression may compute. */
static gboolean
accepts_expression (GParamSpec *pspec)
{
  GType type = G_PARAM_SPEC_VALUE_TYPE (pspec);

  switch (hyco_param_spec_get_kind (pspec))
    {
    case HYCO_PARAM_KIND_TIME:
    case HYCO_PARAM_KIND_RESOLUTION:
    case HYCO_PARAM_KIND_VALUE:
    case HYCO_PARAM_KIND_VALUE_LIST:
      return TRUE;
    case HYCO_PARAM_KIND_PLAIN:
      return type == G_TYPE_DOUBLE || type == G_TYPE_FLOAT || type == G_TYPE_INT
             || type == G_TYPE_UINT || type == G_TYPE_INT64 || type == G_TYPE_UINT64
             || type == G_TYPE_LONG || type == G_TYPE_ULONG || type == G_TYPE_BOOLEAN;
    case HYCO_PARAM_KIND_TAG_LIST:
    default:
      return FALSE;
    }
}

/* Where the names of an object's expressions are looked up: a composite's own parameters
 * first, an actor's or director's container's otherwise; NULL when the object is in none. */
static HycoCompositeActor *
scope_of (GObject *object)
{
  if (HYCO_IS_COMPOSITE_ACTOR (object))
    return HYCO_COMPOSITE_ACTOR (object);
  if (HYCO_IS_ACTOR (object))
    return hyco_actor_get_container (HYCO_ACTOR (object));
  if (HYCO_IS_DIRECTOR (object))
    return hyco_director_get_container (HYCO_DIRECTOR (object));
  if (HYCO_IS_LOCAL_CLOCK (object) && _hyco_local_clock_get_director (HYCO_LOCAL_CLOCK (object)))
    return hyco_director_get_container (_hyco_local_clock_get_director (HYCO_LOCAL_CLOCK (object)));
  return NULL;
}

static int
resolution_of (GObject *object)
{
  HycoCompositeActor *scope = scope_of (object);

  if (HYCO_IS_ACTOR (object))
    return hyco_actor_get_resolution (HYCO_ACTOR (object));
  return scope ? hyco_actor_get_resolution (HYCO_ACTOR (scope)) : HYCO_DEFAULT_RESOLUTION;
}

static char *
number_text (double d)
{
  g_auto (HycoValue) number = HYCO_VALUE_INIT;

  hyco_value_set_double (&number, d);
  return hyco_value_to_literal (&number);
}

/* The time literal for @d seconds: its shortest text when that is a whole number of ticks,
 * else the nearest tick, as Ptolemy II quantizes a computed time (`1 / 3` is 0.333333333 at
 * the default resolution, `0.1 + 0.2` is 0.3). */
static char *
time_text (double d, int resolution)
{
  g_autofree char *text = NULL;
  double ticks;
  gint64 exact;

  if (isinf (d) && d > 0)
    return g_strdup ("Infinity");
  text = number_text (d);
  if (!isfinite (d) || hyco_time_parse (text, resolution, &exact, NULL))
    return g_steal_pointer (&text);
  /* Powers of ten up to 1e22 are exact doubles, and resolutions are within 1e±18. */
  ticks = resolution <= 0 ? d * pow (10.0, -resolution) : d / pow (10.0, resolution);
  ticks = nearbyint (ticks);
  /* Beyond the range of time: the literal's own error says so. */
  if (!(fabs (ticks) < ldexp (1, 63)))
    return g_steal_pointer (&text);
  return hyco_time_to_string ((gint64) ticks, resolution);
}

/* Sets @pspec of @object to the number an expression evaluated to, converted as its literal
 * would be. */
static gboolean
set_from_number (GObject *object, GParamSpec *pspec, double d, GError **error)
{
  GType type = G_PARAM_SPEC_VALUE_TYPE (pspec);
  HycoParamKind kind = hyco_param_spec_get_kind (pspec);
  g_auto (GValue) value = G_VALUE_INIT;
  g_autofree char *shown = number_text (d);

  if (kind != HYCO_PARAM_KIND_PLAIN)
    {
      g_autofree char *text = NULL;
      g_autoptr (GError) local_error = NULL;

      text = kind == HYCO_PARAM_KIND_TIME ? time_text (d, resolution_of (object)) : number_text (d);
      if (!check_literal (pspec, text, &local_error))
        {
          g_set_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_BAD_VALUE, "evaluates to %s: %s",
                       shown, local_error->message);
          return FALSE;
        }
      g_object_set (object, pspec->name, text, NULL);
      return TRUE;
    }
  g_value_init (&value, type);
  if (type == G_TYPE_DOUBLE || type == G_TYPE_FLOAT)
    {
      if (type == G_TYPE_DOUBLE)
        g_value_set_double (&value, d);
      else
        g_value_set_float (&value, (float) d);
    }
  else if (type == G_TYPE_BOOLEAN)
    {
      if (d != 0 && d != 1)
        {
          g_set_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_BAD_VALUE,
                       "evaluates to %s, not a boolean (1 or 0)", shown);
          return FALSE;
        }
      g_value_set_boolean (&value, d == 1);
    }
  else
    {
      gboolean is_signed = type == G_TYPE_INT || type == G_TYPE_INT64 || type == G_TYPE_LONG;

      /* Whole and within ±2^63 (or [0, 2^64)), so that the conversion is defined; the spec's
       * own range is checked below. */
      if (!isfinite (d) || d != floor (d)
          || (is_signed ? d < -ldexp (1, 63) || d >= ldexp (1, 63) : d < 0 || d >= ldexp (1, 64)))
        {
          g_set_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_BAD_VALUE,
                       "evaluates to %s, not an integer in range", shown);
          return FALSE;
        }
      if (type == G_TYPE_INT64)
        g_value_set_int64 (&value, (gint64) d);
      else if (type == G_TYPE_LONG)
        g_value_set_long (&value, (glong) d);
      else if (type == G_TYPE_UINT64)
        g_value_set_uint64 (&value, (guint64) d);
      else if (type == G_TYPE_ULONG)
        g_value_set_ulong (&value, (gulong) d);
      else if (type == G_TYPE_INT && d >= G_MININT && d <= G_MAXINT)
        g_value_set_int (&value, (int) d);
      else if (type == G_TYPE_UINT && d <= G_MAXUINT)
        g_value_set_uint (&value, (guint) d);
      else
        {
          g_set_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_BAD_VALUE,
                       "evaluates to %s, not a %s in range", shown, g_type_name (type));
          return FALSE;
        }
    }
  if (g_param_value_validate (pspec, &value))
    {
      g_set_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_BAD_VALUE,
                   "evaluates to %s, which is out of range", shown);
      return FALSE;
    }
  g_object_set_property (object, pspec->name, &value);
  return TRUE;
}

/* A VALUE or VALUE_LIST parameter takes what its expression gives, with Ptolemy's types, as
 * the literal the actor parses (`createSequence(0.0, 0.5, 3)` gives `{0.0, 0.5, 1.0}`). */
static gboolean
set_from_value (GObject *object, GParamSpec *pspec, const HycoValue *value, GError **error)
{
  g_autofree char *text = hyco_value_to_literal (value);
  g_autoptr (GError) local_error = NULL;

  if (hyco_param_spec_get_kind (pspec) == HYCO_PARAM_KIND_VALUE_LIST
      && hyco_value_get_value_type (value) != HYCO_VALUE_TYPE_ARRAY)
    {
      g_set_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_BAD_VALUE,
                   "evaluates to %s, not an array such as {1, 2, 3}", text);
      return FALSE;
    }
  if (!check_literal (pspec, text, &local_error))
    {
      g_set_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_BAD_VALUE, "evaluates to %s: %s",
                   text, local_error->message);
      return FALSE;
    }
  g_object_set (object, pspec->name, text, NULL);
  return TRUE;
}

/* Evaluates @expression over the parameters in scope of @object into @pspec. */
static gboolean
apply_expression (GObject *object, GParamSpec *pspec, HycoExpression *expression, GError **error)
{
  HycoParamKind kind = hyco_param_spec_get_kind (pspec);
  double d;

  if (kind == HYCO_PARAM_KIND_VALUE_LIST)
    {
      g_auto (HycoValue) value = HYCO_VALUE_INIT;

      return _hyco_composite_actor_evaluate_expression_value (scope_of (object), expression,
                                                              &value, error)
             && set_from_value (object, pspec, &value, error);
    }
  if (kind == HYCO_PARAM_KIND_VALUE)
    {
      /* A number is computed in doubles, as a value parameter's numbers always were (`f / 4`
       * is 0.25 for f = 1); any other value (a string, a boolean, an array, a record) keeps
       * Ptolemy's types. */
      g_auto (HycoValue) value = HYCO_VALUE_INIT;
      g_autoptr (GError) value_error = NULL;

      if (_hyco_composite_actor_evaluate_expression_value (scope_of (object), expression, &value,
                                                           &value_error)
          && !hyco_value_is_numeric (&value))
        return set_from_value (object, pspec, &value, error);
      if (_hyco_composite_actor_evaluate_expression (scope_of (object), expression, &d, NULL))
        return set_from_number (object, pspec, d, error);
      if (value_error != NULL)
        {
          g_propagate_error (error, g_steal_pointer (&value_error));
          return FALSE;
        }
    }
  return _hyco_composite_actor_evaluate_expression (scope_of (object), expression, &d, error)
         && set_from_number (object, pspec, d, error);
}

static GParamSpec *
find_parameter (GObject *object, const char *name, GError **error)
{
  GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (object), name);

  if (pspec == NULL || g_str_equal (name, "name") || !(pspec->flags & G_PARAM_WRITABLE)
      || (pspec->flags & G_PARAM_CONSTRUCT_ONLY))
    {
      /* Named as the model names it, like an FMU's variables (hyco-fmu-parameters.c). */
      const char *owner = HYCO_IS_DIRECTOR (object)
                            ? hyco_director_get_name (HYCO_DIRECTOR (object))
                          : HYCO_IS_ACTOR (object) ? hyco_actor_get_name (HYCO_ACTOR (object))
                                                   : G_OBJECT_TYPE_NAME (object);
      g_set_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_UNKNOWN, "%s has no parameter \"%s\"",
                   owner, name);
      return NULL;
    }
  return pspec;
}

/* Why @expression cannot give @pspec its value (without the parameter's name). A bare name (`soon`) is
 * as likely a mistyped literal as an expression: say what the literal should look like too. */
static void
set_expression_error (GParamSpec *pspec, HycoExpression *expression, const GError *cause,
                      GError **error)
{
  const char *text = hyco_expression_get_text (expression);
  g_autofree char *trimmed = g_strstrip (g_strdup (text));
  g_autoptr (GError) literal_error = NULL;
  g_auto (GValue) value = G_VALUE_INIT;

  if (hyco_expression_get_n_variables (expression) == 1
      && g_str_equal (hyco_expression_get_variable_name (expression, 0), trimmed)
      && (hyco_param_spec_get_kind (pspec) != HYCO_PARAM_KIND_PLAIN
            ? !check_literal (pspec, text, &literal_error)
            : !parse_plain (pspec, text, &value, &literal_error)))
    g_set_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_BAD_VALUE, "%s; as an expression: %s",
                 literal_error->message, cause->message);
  else
    g_set_error_literal (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_BAD_VALUE, cause->message);
}

/* Sets a parameter from a literal or, for numeric parameters, an expression. With @evaluate,
 * the expression is evaluated now, in the scope the object has, and refused if it cannot be;
 * without, only its syntax is checked (a model file's loader evaluates once the whole model is
 * read, since a parameter may be declared below its use). The error does not name the
 * parameter. */
gboolean
_hyco_param_set_text (GObject *object, const char *name, const char *text, gboolean evaluate,
                      GError **error)
{
  GParamSpec *pspec;
  g_auto (GValue) value = G_VALUE_INIT;
  g_autoptr (GError) literal_error = NULL;
  g_autoptr (GError) expression_error = NULL;
  g_autoptr (HycoExpression) expression = NULL;

  pspec = find_parameter (object, name, error);
  if (pspec == NULL)
    return FALSE;
  if (hyco_param_spec_get_kind (pspec) != HYCO_PARAM_KIND_PLAIN)
    {
      if (check_literal (pspec, text, &literal_error))
        {
          store_expression (object, pspec->name, NULL);
          g_object_set (object, pspec->name, text, NULL);
          return TRUE;
        }
    }
  else if (parse_plain (pspec, text, &value, &literal_error))
    {
      store_expression (object, pspec->name, NULL);
      g_object_set_property (object, pspec->name, &value);
      return TRUE;
    }
  if (!accepts_expression (pspec))
    {
      g_propagate_error (error, g_steal_pointer (&literal_error));
      return FALSE;
    }
  /* Ptolemy's empty expression gives a parameter no value (a director's `startTime` left
   * blank): it keeps its default. */
  if (text[strspn (text, " \t\r\n")] == '\0')
    {
      store_expression (object, pspec->name, NULL);
      g_object_set_property (object, pspec->name, g_param_spec_get_default_value (pspec));
      return TRUE;
    }
  expression = hyco_expression_new (text, &expression_error);
  if (expression == NULL)
    {
      g_set_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_BAD_VALUE, "%s; as an expression: %s",
                   literal_error->message, expression_error->message);
      return FALSE;
    }
  if (evaluate && !apply_expression (object, pspec, expression, &expression_error))
    {
      set_expression_error (pspec, expression, expression_error, error);
      return FALSE;
    }
  store_expression (object, pspec->name, expression);
  return TRUE;
}

/* Evaluates the expression parameter @name of @object, if it is one, into its value; the
 * error does not name the parameter. */
gboolean
_hyco_param_resolve_expression (GObject *object, const char *name, GError **error)
{
  HycoExpression *expression = lookup_expression (object, name);
  GParamSpec *pspec = g_object_class_find_property (G_OBJECT_GET_CLASS (object), name);
  g_autoptr (GError) cause = NULL;

  if (expression == NULL || pspec == NULL || apply_expression (object, pspec, expression, &cause))
    return TRUE;
  set_expression_error (pspec, expression, cause, error);
  return FALSE;
}

/* Evaluates every expression parameter of @object into its value: what preinitialize does
 * first, so that the object's own preinitialize reads values computed from the model
 * parameters as they are now. Errors point at the object's place in the model file. */
gboolean
_hyco_param_resolve_expressions (GObject *object, GError **error)
{
  g_autoptr (GPtrArray) params = NULL;

  if (g_object_get_qdata (object, expressions_quark ()) == NULL)
    return TRUE;
  params = hyco_param_list (G_OBJECT_GET_CLASS (object));
  for (guint i = 0; i < params->len; i++)
    {
      GParamSpec *pspec = params->pdata[i];
      g_autoptr (GError) local_error = NULL;

      if (!_hyco_param_resolve_expression (object, pspec->name, &local_error))
        {
          _hyco_set_parameter_error (object, error, pspec->name, local_error->message);
          return FALSE;
        }
    }
  return TRUE;
}

/* Evaluates again, during a run, every expression parameter of @object whose value a change of
 * model parameters may have changed, and tells an actor of each one whose value did change
 * (hyco_actor_parameter_changed()). Comparing the texts before and after keeps actors whose
 * expressions do not name the changed parameter undisturbed. */
gboolean
_hyco_param_refresh (GObject *object, GError **error)
{
  GHashTable *table = g_object_get_qdata (object, expressions_quark ());
  g_autoptr (GPtrArray) params = NULL;

  /* A director's localClock is one of its parameters (localClock.clockRate). */
  if (HYCO_IS_DIRECTOR (object) && hyco_director_get_local_clock (HYCO_DIRECTOR (object)) != NULL
      && !_hyco_param_refresh (G_OBJECT (hyco_director_get_local_clock (HYCO_DIRECTOR (object))),
                               error))
    return FALSE;
  if (table == NULL)
    return TRUE;
  params = hyco_param_list (G_OBJECT_GET_CLASS (object));
  for (guint i = 0; i < params->len; i++)
    {
      GParamSpec *pspec = params->pdata[i];
      g_autoptr (GError) local_error = NULL;
      g_auto (GValue) before = G_VALUE_INIT;
      g_auto (GValue) after = G_VALUE_INIT;

      if (g_hash_table_lookup (table, pspec->name) == NULL)
        continue;
      g_value_init (&before, G_PARAM_SPEC_VALUE_TYPE (pspec));
      g_value_init (&after, G_PARAM_SPEC_VALUE_TYPE (pspec));
      g_object_get_property (object, pspec->name, &before);
      if (!_hyco_param_resolve_expression (object, pspec->name, &local_error))
        {
          _hyco_set_parameter_error (object, error, pspec->name, local_error->message);
          return FALSE;
        }
      g_object_get_property (object, pspec->name, &after);
      if (g_param_values_cmp (pspec, &before, &after) != 0 && HYCO_IS_ACTOR (object)
          && !hyco_actor_parameter_changed (HYCO_ACTOR (object), pspec->name, error))
        return FALSE;
    }
  return TRUE;
}

/**
 * hyco_param_set_from_string:
 * @object: an actor or director
 * @name: a parameter name
 * @text: the parameter's new text
 * @error: return location for a #GError
 *
 * Sets a parameter from its text, checking it first, through the parameter protocol
 * (hyco_parameter_owner_set_text()), so that @object may be any parameter owner: an FMU
 * actor's FMU variables and a composite's model parameters are set here too. Errors start
 * with the parameter's name.
 *
 * Text that is a literal of the parameter (a number, `true`, a time, a value) is used as it
 * is. For a numeric parameter (a number, a boolean, a time, a resolution, or a value), other
 * text may be an expression over the model parameters in scope of @object (see
 * hyco_composite_actor_set_parameter()), such as `2 * pi * f` or `1 / rate`: it is evaluated
 * now, so the names must be in scope already (add the actor to its composite first), and again
 * whenever the model is prepared. The parameter's text (see hyco_param_to_string()) is then
 * the expression. A computed time is rounded to the model's resolution.
 *
 * Returns: %TRUE on success
 */
gboolean
hyco_param_set_from_string (GObject *object, const char *name, const char *text, GError **error)
{
  g_autoptr (GError) local_error = NULL;

  g_return_val_if_fail (G_IS_OBJECT (object), FALSE);
  g_return_val_if_fail (name != NULL && text != NULL, FALSE);
  if (hyco_parameter_owner_set_text (HYCO_PARAMETER_OWNER (object), name, text, &local_error))
    return TRUE;
  if (!g_error_matches (local_error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_UNKNOWN))
    g_prefix_error (&local_error, "%s: ", name);
  g_propagate_error (error, g_steal_pointer (&local_error));
  return FALSE;
}

/**
 * hyco_param_get_expression:
 * @object: an actor or director
 * @name: a parameter name
 *
 * Gets the expression an actor's or director's parameter is computed from, evaluated over the model
 * parameters in scope.
 *
 * Returns: (nullable): the expression the parameter is computed from, or %NULL when it was
 *   given a literal
 */
const char *
hyco_param_get_expression (GObject *object, const char *name)
{
  HycoExpression *expression;

  g_return_val_if_fail (G_IS_OBJECT (object), NULL);
  g_return_val_if_fail (name != NULL, NULL);
  expression = lookup_expression (object, name);
  return expression ? hyco_expression_get_text (expression) : NULL;
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
 * Gets the text of an actor's or director's parameter, as a saved model writes it.
 *
 * Returns: (transfer full): the parameter's text, as a model file holds it: its expression,
 *   if it has one
 */
char *
hyco_param_to_string (GObject *object, GParamSpec *pspec)
{
  g_auto (GValue) value = G_VALUE_INIT;
  HycoExpression *expression;

  g_return_val_if_fail (G_IS_OBJECT (object), NULL);
  expression = lookup_expression (object, pspec->name);
  if (expression)
    return g_strdup (hyco_expression_get_text (expression));
  g_value_init (&value, G_PARAM_SPEC_VALUE_TYPE (pspec));
  g_object_get_property (object, pspec->name, &value);
  return value_to_text (pspec, &value);
}

/**
 * hyco_param_default_to_string:
 * @pspec: a parameter
 *
 * Gets a parameter's default value as a model file would write it.
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
 * Tells whether an actor's or director's parameter still has its default value, which a saved model
 * leaves out.
 *
 * Returns: %TRUE if the parameter has its default value, and no expression
 */
gboolean
hyco_param_is_default (GObject *object, GParamSpec *pspec)
{
  g_auto (GValue) value = G_VALUE_INIT;

  if (lookup_expression (object, pspec->name))
    return FALSE;
  g_value_init (&value, G_PARAM_SPEC_VALUE_TYPE (pspec));
  g_object_get_property (object, pspec->name, &value);
  return g_param_values_cmp (pspec, &value, g_param_spec_get_default_value (pspec)) == 0;
}

/**
 * hyco_param_list:
 * @klass: an actor or director class
 *
 * Lists the parameters of an actor or director class, as model files set them.
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
