/* hyco-model-description.c: an FMU's modelDescription.xml read into a HycoModelDescription.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-model-description.h"
#include "hyco-xml-private.h"

#include <errno.h>
#include <math.h>
#include <string.h>

/* By HycoFmuType. */
static const char *const type_names[]
  = { "Real",  "Integer", "Boolean", "String", "Enumeration", "Float32", "Int8", "UInt8",
      "Int16", "UInt16",  "UInt32",  "Int64",  "UInt64",      "Binary",  "Clock" };
G_STATIC_ASSERT (G_N_ELEMENTS (type_names) == HYCO_FMU_N_TYPES);
/* FMI 3.0's names of the first two. */
static const char *const type_names3[] = { "Float64", "Int32" };

static void
variable_free (gpointer data)
{
  HycoFmuVariable *variable = data;

  g_free (variable->name);
  g_free (variable->start);
  g_free (variable->unit);
  g_free (variable->mime_type);
  g_free (variable->description);
  g_free (variable->dependencies);
  g_clear_pointer (&variable->items, g_ptr_array_unref);
  g_free (variable->dimensions);
  g_free (variable);
}

static void
item_free (gpointer data)
{
  HycoFmuEnumerationItem *item = data;

  g_free (item->name);
  g_free (item->description);
  g_free (item);
}

typedef struct
{
  HycoFmuType type;
  char *unit;
  double min, max;  /* -INFINITY, INFINITY when not given */
  GPtrArray *items; /* Enumeration: HycoFmuEnumerationItem* */
  char *mime_type;  /* BinaryType: its mimeType, NULL when not given */
  guint64 max_size; /* BinaryType: its maxSize, 0 when not given */
} SimpleType;

static void
simple_type_free (gpointer data)
{
  SimpleType *type = data;

  g_free (type->unit);
  g_free (type->mime_type);
  g_clear_pointer (&type->items, g_ptr_array_unref);
  g_free (type);
}

typedef struct
{
  const char *path;                  /* the FMU, for errors */
  const char *const *versions;       /* the FMI versions a backend runs */
  HycoModelDescription *description; /* what is read */
  GHashTable *types; /* SimpleType name -> SimpleType* */
} Reader;

static void
reader_clear (Reader *reader)
{
  g_clear_pointer (&reader->types, g_hash_table_unref);
}

/* `ScalarVariable "x"`, `Real of ScalarVariable "x"`, or the element's name. */
static char *
describe_element (HycoXmlNode *element)
{
  const char *name = _hyco_xml_peek_attr (element, "name");

  if (name == NULL && element->parent && element->parent->type == HYCO_XML_ELEMENT_NODE)
    {
      const char *parent_name = _hyco_xml_peek_attr (element->parent, "name");
      if (parent_name)
        return g_strdup_printf ("%s of %s \"%s\"", element->name, element->parent->name,
                                parent_name);
    }
  if (name == NULL)
    return g_strdup (element->name);
  return g_strdup_printf ("%s \"%s\"", element->name, name);
}

/* `FMU: modelDescription.xml:LINE: ELEMENT: CAUSE`: where in the description, then why. */
static char *
locate (Reader *reader, HycoXmlNode *element, const char *format, va_list args)
{
  g_autofree char *cause = g_strdup_vprintf (format, args);
  g_autofree char *what = describe_element (element);

  return g_strdup_printf ("%s: modelDescription.xml:%u: %s: %s", reader->path, element->line, what,
                          cause);
}

/* Sets @error to the located message; returns FALSE. */
static gboolean G_GNUC_PRINTF (5, 6) fail (Reader *reader, GError **error, HycoXmlNode *element,
                                           HycoFmuError code, const char *format, ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = locate (reader, element, format, args);
  va_end (args);
  g_set_error_literal (error, HYCO_FMU_ERROR, (int) code, message);
  return FALSE;
}

/* What a description gets wrong in a way that changes nothing Hyco does: a message, worded as
 * fail() words its errors, and the load goes on. */
static void G_GNUC_PRINTF (3, 4)
  tolerate (Reader *reader, HycoXmlNode *element, const char *format, ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = locate (reader, element, format, args);
  va_end (args);
  g_message ("%s", message);
}

static gboolean
get_required (Reader *reader, HycoXmlNode *element, const char *name, char **value, GError **error)
{
  *value = _hyco_xml_get_attr (element, name);
  if (*value == NULL || **value == '\0')
    {
      g_clear_pointer (value, g_free);
      return fail (reader, error, element, HYCO_FMU_ERROR_DESCRIPTION, "no %s attribute", name);
    }
  return TRUE;
}

/* xs:boolean: true, false, 1, 0 (with whitespace around). */
static gboolean
parse_boolean (const char *text, gboolean *value)
{
  g_autofree char *copy = g_strstrip (g_strdup (text));

  if (g_str_equal (copy, "true") || g_str_equal (copy, "1"))
    *value = TRUE;
  else if (g_str_equal (copy, "false") || g_str_equal (copy, "0"))
    *value = FALSE;
  else
    return FALSE;
  return TRUE;
}

static gboolean
parse_double (const char *text, double *value)
{
  g_autofree char *copy = g_strstrip (g_strdup (text));
  char *end;

  if (*copy == '\0')
    return FALSE;
  errno = 0;
  *value = g_ascii_strtod (copy, &end);
  return *end == '\0' && errno != ERANGE;
}

static gboolean
parse_integer (const char *text, gint64 min, gint64 max, gint64 *value)
{
  g_autofree char *copy = g_strstrip (g_strdup (text));

  return g_ascii_string_to_signed (copy, 10, min, max, value, NULL);
}

static gboolean
is_float_type (HycoFmuType type)
{
  return type == HYCO_FMU_TYPE_REAL || type == HYCO_FMU_TYPE_FLOAT32;
}

static gboolean
is_integer_type (HycoFmuType type)
{
  return type == HYCO_FMU_TYPE_INTEGER || type == HYCO_FMU_TYPE_ENUMERATION
         || (type >= HYCO_FMU_TYPE_INT8 && type <= HYCO_FMU_TYPE_UINT64);
}

static void integer_limits (HycoFmuType type, gint64 *min, guint64 *max);

/* An integer of @type (its C type's range) as a double; @enumeration64 for FMI 3.0's
 * enumerations, which are Int64. */
static gboolean
parse_typed_integer (const char *text, HycoFmuType type, gboolean enumeration64, double *value)
{
  g_autofree char *copy = g_strstrip (g_strdup (text));
  gint64 min;
  guint64 max;

  integer_limits (enumeration64 && type == HYCO_FMU_TYPE_ENUMERATION ? HYCO_FMU_TYPE_INT64 : type,
                  &min, &max);
  if (min == 0)
    {
      guint64 number;
      if (!g_ascii_string_to_unsigned (copy, 10, 0, max, &number, NULL))
        return FALSE;
      *value = (double) number;
      return TRUE;
    }
  {
    gint64 number;
    if (!g_ascii_string_to_signed (copy, 10, min, (gint64) max, &number, NULL))
      return FALSE;
    *value = (double) number;
  }
  return TRUE;
}

/* The min and max attributes of a Real, Integer or Enumeration element, where given (@min and
 * @max are left as they are otherwise). */
static gboolean
read_range (Reader *reader, HycoXmlNode *element, HycoFmuType type, double *min, double *max,
            GError **error)
{
  const char *names[] = { "min", "max" };
  double *bounds[] = { min, max };
  gboolean fmi3 = reader->description->fmi_major >= 3;

  if (!is_float_type (type) && !is_integer_type (type))
    return TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *text = _hyco_xml_get_attr (element, names[i]);
      if (text == NULL)
        continue;
      if (is_float_type (type) ? !parse_double (text, bounds[i])
                               : !parse_typed_integer (text, type, fmi3, bounds[i]))
        return fail (reader, error, element, HYCO_FMU_ERROR_DESCRIPTION,
                     "%s=\"%s\" is not a valid %s", names[i], text,
                     fmi3 && type < G_N_ELEMENTS (type_names3) ? type_names3[type]
                                                               : _hyco_fmu_type_name (type));
    }
  return TRUE;
}

static gboolean
get_boolean (Reader *reader, HycoXmlNode *element, const char *name, gboolean fallback,
             gboolean *value, GError **error)
{
  g_autofree char *text = _hyco_xml_get_attr (element, name);

  *value = fallback;
  if (text && !parse_boolean (text, value))
    return fail (reader, error, element, HYCO_FMU_ERROR_DESCRIPTION,
                 "%s=\"%s\" is not a boolean (true or false)", name, text);
  return TRUE;
}

static gboolean
get_double (Reader *reader, HycoXmlNode *element, const char *name, double *value, GError **error)
{
  g_autofree char *text = _hyco_xml_get_attr (element, name);

  *value = NAN;
  if (text && !parse_double (text, value))
    return fail (reader, error, element, HYCO_FMU_ERROR_DESCRIPTION, "%s=\"%s\" is not a number",
                 name, text);
  return TRUE;
}

static gboolean
get_unsigned (Reader *reader, HycoXmlNode *element, const char *name, guint *value, GError **error)
{
  g_autofree char *text = _hyco_xml_get_attr (element, name);
  gint64 number;

  if (text == NULL)
    return TRUE;
  if (!parse_integer (text, 0, G_MAXUINT32, &number))
    return fail (reader, error, element, HYCO_FMU_ERROR_DESCRIPTION,
                 "%s=\"%s\" is not an unsigned integer", name, text);
  *value = (guint) number;
  return TRUE;
}

/* modelIdentifier names the library file and prefixes C functions: a C identifier. */
static gboolean
is_c_identifier (const char *text)
{
  if (!g_ascii_isalpha (*text) && *text != '_')
    return FALSE;
  for (; *text; text++)
    if (!g_ascii_isalnum (*text) && *text != '_')
      return FALSE;
  return TRUE;
}

/* The modelIdentifier of a CoSimulation or ModelExchange element: the library's name, so a C
 * identifier. */
static gboolean
read_model_identifier (Reader *reader, HycoXmlNode *element, char **identifier, GError **error)
{
  if (!get_required (reader, element, "modelIdentifier", identifier, error))
    return FALSE;
  if (!is_c_identifier (*identifier))
    return fail (reader, error, element, HYCO_FMU_ERROR_DESCRIPTION,
                 "modelIdentifier \"%s\" is not a C identifier", *identifier);
  return TRUE;
}

static gboolean
read_co_simulation (Reader *reader, HycoXmlNode *element, GError **error)
{
  HycoModelDescription *self = reader->description;

  if (!read_model_identifier (reader, element, &self->model_identifier, error))
    return FALSE;
  return get_boolean (reader, element, "canHandleVariableCommunicationStepSize", FALSE,
                      &self->can_handle_variable_communication_step_size, error)
         && get_boolean (reader, element, "canInterpolateInputs", FALSE,
                         &self->can_interpolate_inputs, error)
         && get_boolean (reader, element, "canGetAndSetFMUstate", FALSE,
                         &self->can_get_and_set_fmu_state, error)
         && get_boolean (reader, element, "canSerializeFMUstate", FALSE,
                         &self->can_serialize_fmu_state, error)
         && get_boolean (reader, element, "needsExecutionTool", FALSE, &self->needs_execution_tool,
                         error)
         && get_boolean (reader, element, "canRunAsynchronuously", FALSE,
                         &self->can_run_asynchronuously, error)
         && get_unsigned (reader, element, "maxOutputDerivativeOrder",
                          &self->max_output_derivative_order, error)
         && get_boolean (reader, element, "canGetMaxStepSize", FALSE,
                         &self->declares_can_get_max_step_size, error)
         && get_boolean (reader, element, "canGetPreferredResolution", FALSE,
                         &self->declares_can_get_preferred_resolution, error)
         && get_boolean (reader, element, "canSetResolution", FALSE,
                         &self->declares_can_set_resolution, error)
         && get_boolean (reader, element, "canHandleIntegerTime", FALSE,
                         &self->declares_can_handle_integer_time, error);
}

/* FMI 2.0 section 3.3: the ModelExchange element. */
static gboolean
read_model_exchange (Reader *reader, HycoXmlNode *element, GError **error)
{
  HycoModelDescription *self = reader->description;

  self->has_model_exchange = TRUE;
  if (!read_model_identifier (reader, element, &self->me_model_identifier, error))
    return FALSE;
  if (!get_boolean (reader, element, "completedIntegratorStepNotNeeded", FALSE,
                    &self->me_completed_integrator_step_not_needed, error)
      || !get_boolean (reader, element, "canGetAndSetFMUstate", FALSE,
                       &self->me_can_get_and_set_fmu_state, error)
      || !get_boolean (reader, element, "needsExecutionTool", FALSE, &self->me_needs_execution_tool,
                       error))
    return FALSE;
  /* A Model Exchange FMU only: its library is the ModelExchange element's. */
  if (!self->has_co_simulation)
    {
      g_free (self->model_identifier);
      self->model_identifier = g_strdup (self->me_model_identifier);
      self->can_get_and_set_fmu_state = self->me_can_get_and_set_fmu_state;
      self->needs_execution_tool = self->me_needs_execution_tool;
    }
  return TRUE;
}

static gboolean
type_from_name (const char *name, HycoFmuType *type)
{
  static const char *const names[] = { "Real", "Integer", "Boolean", "String", "Enumeration" };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_str_equal (name, names[i]))
      {
        *type = (HycoFmuType) i;
        return TRUE;
      }
  return FALSE;
}

/* "an input", "a parameter". */
static const char *
article (const char *word)
{
  return strchr ("aeiouAEIOU", word[0]) ? "an" : "a";
}

const char *
_hyco_fmu_type_name (HycoFmuType type)
{
  return (guint) type < G_N_ELEMENTS (type_names) ? type_names[type] : "?";
}

const char *
_hyco_fmu_variable_type_name (const HycoFmuVariable *variable)
{
  return variable->type_name ? variable->type_name : _hyco_fmu_type_name (variable->type);
}

/* An FMI 3.0 variable element's (or, with "Type" appended, type definition's) type. */
static gboolean
type_from_name3 (const char *name, const char *suffix, HycoFmuType *type, const char **type_name)
{
  gsize length = strlen (name), suffix_length = strlen (suffix);

  if (length <= suffix_length || !g_str_has_suffix (name, suffix))
    return FALSE;
  length -= suffix_length;
  for (guint i = 0; i < G_N_ELEMENTS (type_names3); i++)
    if (strlen (type_names3[i]) == length && strncmp (name, type_names3[i], length) == 0)
      {
        *type = (HycoFmuType) i;
        *type_name = type_names3[i];
        return TRUE;
      }
  for (guint i = HYCO_FMU_TYPE_BOOLEAN; i < G_N_ELEMENTS (type_names); i++)
    if (strlen (type_names[i]) == length && strncmp (name, type_names[i], length) == 0)
      {
        *type = (HycoFmuType) i;
        *type_name = type_names[i];
        return TRUE;
      }
  return FALSE;
}

/* The range of an integer type's values, for its attributes. */
static void
integer_limits (HycoFmuType type, gint64 *min, guint64 *max)
{
  switch (type)
    {
    case HYCO_FMU_TYPE_INT8:
      *min = G_MININT8, *max = G_MAXINT8;
      break;
    case HYCO_FMU_TYPE_UINT8:
      *min = 0, *max = G_MAXUINT8;
      break;
    case HYCO_FMU_TYPE_INT16:
      *min = G_MININT16, *max = G_MAXINT16;
      break;
    case HYCO_FMU_TYPE_UINT16:
      *min = 0, *max = G_MAXUINT16;
      break;
    case HYCO_FMU_TYPE_UINT32:
      *min = 0, *max = G_MAXUINT32;
      break;
    case HYCO_FMU_TYPE_INT64:
      *min = G_MININT64, *max = G_MAXINT64;
      break;
    case HYCO_FMU_TYPE_UINT64:
      *min = 0, *max = G_MAXUINT64;
      break;
    default: /* Integer, Int32 and (FMI 2.0) Enumeration */
      *min = G_MININT32, *max = G_MAXINT32;
      break;
    }
}

/* The Items of an Enumeration type: a name and a value each. */
static gboolean
read_items (Reader *reader, HycoXmlNode *element, SimpleType *type, GError **error)
{
  type->items = g_ptr_array_new_with_free_func (item_free);
  for (HycoXmlNode *child = element->children; child; child = child->next)
    {
      HycoFmuEnumerationItem *item;
      g_autofree char *value = NULL;
      gint64 number;

      if (!_hyco_xml_is_element (child, "Item"))
        continue;
      item = g_new0 (HycoFmuEnumerationItem, 1);
      g_ptr_array_add (type->items, item); /* freed with the type on failure */
      if (!get_required (reader, child, "name", &item->name, error)
          || !get_required (reader, child, "value", &value, error))
        return FALSE;
      if (reader->description->fmi_major >= 3
            ? !parse_integer (value, G_MININT64, G_MAXINT64, &number)
            : !parse_integer (value, G_MININT32, G_MAXINT32, &number))
        return fail (reader, error, child, HYCO_FMU_ERROR_DESCRIPTION, "value=\"%s\" is not an %s",
                     value, reader->description->fmi_major >= 3 ? "Int64" : "Integer");
      item->value = number;
      item->description = _hyco_xml_get_attr (child, "description");
    }
  return TRUE;
}

static gboolean
read_type_definitions (Reader *reader, HycoXmlNode *element, GError **error)
{
  for (HycoXmlNode *child = element->children; child; child = child->next)
    {
      g_autofree char *name = NULL;
      SimpleType *type = NULL;

      if (!_hyco_xml_is_element (child, "SimpleType"))
        continue;
      if (!get_required (reader, child, "name", &name, error))
        return FALSE;
      if (g_hash_table_contains (reader->types, name))
        return fail (reader, error, child, HYCO_FMU_ERROR_DESCRIPTION,
                     "a second SimpleType of that name");
      for (HycoXmlNode *kind = child->children; kind; kind = kind->next)
        {
          HycoFmuType value;
          if (kind->type != HYCO_XML_ELEMENT_NODE
              || !type_from_name ((const char *) kind->name, &value))
            continue;
          if (type)
            {
              simple_type_free (type);
              return fail (reader, error, child, HYCO_FMU_ERROR_DESCRIPTION,
                           "more than one of Real, Integer, Boolean, String, Enumeration");
            }
          type = g_new0 (SimpleType, 1);
          type->type = value;
          if (value == HYCO_FMU_TYPE_REAL)
            type->unit = _hyco_xml_get_attr (kind, "unit");
          type->min = -INFINITY;
          type->max = INFINITY;
          if (!read_range (reader, kind, value, &type->min, &type->max, error)
              || (value == HYCO_FMU_TYPE_ENUMERATION && !read_items (reader, kind, type, error)))
            {
              simple_type_free (type);
              return FALSE;
            }
        }
      if (type == NULL)
        return fail (reader, error, child, HYCO_FMU_ERROR_DESCRIPTION,
                     "none of Real, Integer, Boolean, String, Enumeration");
      g_hash_table_insert (reader->types, g_steal_pointer (&name), type);
    }
  return TRUE;
}

static gboolean
parse_enum (const char *text, const char *const *names, guint n_names, guint *value)
{
  for (guint i = 0; i < n_names; i++)
    if (g_str_equal (text, names[i]))
      {
        *value = i;
        return TRUE;
      }
  return FALSE;
}

static const char *const causality_names[]
  = { "parameter", "calculatedParameter", "input", "output", "local", "independent" };
static const char *const variability_names[]
  = { "constant", "fixed", "tunable", "discrete", "continuous" };
static const char *const initial_names[] = { "none", "exact", "approx", "calculated" };

/* FMI 2.0 section 2.2.7: initial where the description does not give it. */
static HycoFmuInitial
default_initial (const HycoFmuVariable *variable)
{
  if (variable->causality == HYCO_FMU_CAUSALITY_INPUT
      || variable->causality == HYCO_FMU_CAUSALITY_INDEPENDENT)
    return HYCO_FMU_INITIAL_NONE;
  if (variable->variability == HYCO_FMU_VARIABILITY_CONSTANT
      || variable->causality == HYCO_FMU_CAUSALITY_PARAMETER)
    return HYCO_FMU_INITIAL_EXACT;
  return HYCO_FMU_INITIAL_CALCULATED;
}

gboolean
_hyco_fmu_variable_is_settable (const HycoFmuVariable *variable)
{
  return variable->causality == HYCO_FMU_CAUSALITY_INPUT
         || (variable->variability != HYCO_FMU_VARIABILITY_CONSTANT
             && (variable->initial == HYCO_FMU_INITIAL_EXACT
                 || variable->initial == HYCO_FMU_INITIAL_APPROX));
}

/* The type element of a ScalarVariable: its type, start and unit. */
static gboolean
read_variable_type (Reader *reader, HycoXmlNode *element, HycoFmuVariable *variable, GError **error)
{
  HycoXmlNode *type_element = NULL;
  g_autofree char *declared = NULL;
  SimpleType *declared_type = NULL;

  for (HycoXmlNode *child = element->children; child; child = child->next)
    {
      HycoFmuType type;
      if (child->type != HYCO_XML_ELEMENT_NODE
          || !type_from_name ((const char *) child->name, &type))
        continue;
      if (type_element)
        return fail (reader, error, child, HYCO_FMU_ERROR_DESCRIPTION,
                     "a ScalarVariable has exactly one of Real, Integer, Boolean, String, "
                     "Enumeration");
      type_element = child;
      variable->type = type;
    }
  if (type_element == NULL)
    return fail (reader, error, element, HYCO_FMU_ERROR_DESCRIPTION,
                 "no type element (Real, Integer, Boolean, String or Enumeration)");

  declared = _hyco_xml_get_attr (type_element, "declaredType");
  if (declared)
    {
      declared_type = g_hash_table_lookup (reader->types, declared);
      if (declared_type == NULL)
        return fail (reader, error, type_element, HYCO_FMU_ERROR_DESCRIPTION,
                     "declaredType \"%s\" is not in TypeDefinitions", declared);
      if (declared_type->type != variable->type)
        return fail (reader, error, type_element, HYCO_FMU_ERROR_DESCRIPTION,
                     "declaredType \"%s\" is %s %s type", declared,
                     article (_hyco_fmu_type_name (declared_type->type)),
                     _hyco_fmu_type_name (declared_type->type));
    }
  else if (variable->type == HYCO_FMU_TYPE_ENUMERATION)
    return fail (reader, error, type_element, HYCO_FMU_ERROR_DESCRIPTION,
                 "an Enumeration needs a declaredType");

  if (variable->type == HYCO_FMU_TYPE_REAL
      && !get_unsigned (reader, type_element, "derivative", &variable->derivative, error))
    return FALSE;
  if (variable->type == HYCO_FMU_TYPE_REAL)
    {
      variable->unit = _hyco_xml_get_attr (type_element, "unit");
      if (variable->unit == NULL && declared_type && declared_type->unit)
        variable->unit = g_strdup (declared_type->unit);
    }
  if (variable->type == HYCO_FMU_TYPE_ENUMERATION && declared_type->items)
    variable->items = g_ptr_array_ref (declared_type->items);
  /* The variable's own bounds override its declared type's. */
  variable->min = declared_type ? declared_type->min : -INFINITY;
  variable->max = declared_type ? declared_type->max : INFINITY;
  if (!read_range (reader, type_element, variable->type, &variable->min, &variable->max, error))
    return FALSE;

  variable->start = _hyco_xml_get_attr (type_element, "start");
  if (variable->start)
    {
      gboolean flag;
      double number;
      gint64 integer;
      gboolean valid = TRUE;

      switch (variable->type)
        {
        case HYCO_FMU_TYPE_REAL:
          valid = parse_double (variable->start, &number);
          break;
        case HYCO_FMU_TYPE_INTEGER:
        case HYCO_FMU_TYPE_ENUMERATION:
          valid = parse_integer (variable->start, G_MININT32, G_MAXINT32, &integer);
          break;
        case HYCO_FMU_TYPE_BOOLEAN:
          valid = parse_boolean (variable->start, &flag);
          break;
        default: /* FMI 2.0 has no other type */
          break;
        }
      if (!valid)
        return fail (reader, error, type_element, HYCO_FMU_ERROR_DESCRIPTION,
                     "start=\"%s\" is not a valid %s", variable->start,
                     _hyco_fmu_type_name (variable->type));
    }
  return TRUE;
}

/* What every variable element of every version has: its name (unique), its value reference and
 * its description. The variable is in the description's list already. */
static gboolean
read_identity (Reader *reader, HycoXmlNode *element, HycoFmuVariable *variable, GError **error)
{
  HycoModelDescription *self = reader->description;
  g_autofree char *reference = NULL;
  gint64 number;

  if (!get_required (reader, element, "name", &variable->name, error)
      || !get_required (reader, element, "valueReference", &reference, error))
    return FALSE;
  if (g_hash_table_contains (self->by_name, variable->name))
    return fail (reader, error, element, HYCO_FMU_ERROR_DESCRIPTION,
                 "a second variable of that name");
  g_hash_table_insert (self->by_name, variable->name, variable);
  if (!parse_integer (reference, 0, G_MAXUINT32, &number))
    return fail (reader, error, element, HYCO_FMU_ERROR_DESCRIPTION,
                 "valueReference=\"%s\" is not an unsigned integer", reference);
  variable->value_reference = (HycoFmuValueReference) number;
  variable->description = _hyco_xml_get_attr (element, "description");
  return TRUE;
}

static gboolean
read_variable (Reader *reader, HycoXmlNode *element, GError **error)
{
  HycoModelDescription *self = reader->description;
  HycoFmuVariable *variable = g_new0 (HycoFmuVariable, 1);
  g_autofree char *causality = NULL;
  g_autofree char *variability = NULL;
  g_autofree char *initial = NULL;
  guint value;

  variable->n_dependencies = -1;
  variable->n_elements = 1;
  variable->clock = -1;
  /* In the array at once: a failure frees it with the rest. */
  g_ptr_array_add (self->variables, variable);

  if (!read_identity (reader, element, variable, error))
    return FALSE;

  causality = _hyco_xml_get_attr (element, "causality");
  variable->causality = HYCO_FMU_CAUSALITY_LOCAL;
  if (causality)
    {
      if (!parse_enum (causality, causality_names, G_N_ELEMENTS (causality_names), &value))
        return fail (reader, error, element, HYCO_FMU_ERROR_DESCRIPTION, "unknown causality \"%s\"",
                     causality);
      variable->causality = (HycoFmuCausality) value;
    }

  if (!read_variable_type (reader, element, variable, error))
    return FALSE;

  /* The standard's default is continuous, which only a Real can be: the default of the other
   * types is discrete, as FMI tools read it. */
  variability = _hyco_xml_get_attr (element, "variability");
  variable->variability = variable->type == HYCO_FMU_TYPE_REAL ? HYCO_FMU_VARIABILITY_CONTINUOUS
                                                               : HYCO_FMU_VARIABILITY_DISCRETE;
  if (variability)
    {
      if (!parse_enum (variability, variability_names, G_N_ELEMENTS (variability_names), &value))
        return fail (reader, error, element, HYCO_FMU_ERROR_DESCRIPTION,
                     "unknown variability \"%s\"", variability);
      variable->variability = (HycoFmuVariability) value;
    }
  /* Inputs and the independent variable have none: an initial given there (some exporters
   * write one) is ignored, as the standard's table leaves nothing to choose. */
  initial = _hyco_xml_get_attr (element, "initial");
  variable->initial = default_initial (variable);
  if (initial && variable->initial != HYCO_FMU_INITIAL_NONE)
    {
      if (!parse_enum (initial, initial_names, G_N_ELEMENTS (initial_names), &value)
          || value == HYCO_FMU_INITIAL_NONE)
        return fail (reader, error, element, HYCO_FMU_ERROR_DESCRIPTION, "unknown initial \"%s\"",
                     initial);
      variable->initial = (HycoFmuInitial) value;
    }
  if (variable->variability == HYCO_FMU_VARIABILITY_CONTINUOUS
      && variable->type != HYCO_FMU_TYPE_REAL)
    return fail (reader, error, element, HYCO_FMU_ERROR_DESCRIPTION,
                 "only a Real can be continuous, not %s %s",
                 article (_hyco_fmu_type_name (variable->type)),
                 _hyco_fmu_type_name (variable->type));
  if ((variable->causality == HYCO_FMU_CAUSALITY_PARAMETER
       || variable->causality == HYCO_FMU_CAUSALITY_CALCULATED_PARAMETER)
      && variable->variability != HYCO_FMU_VARIABILITY_FIXED
      && variable->variability != HYCO_FMU_VARIABILITY_TUNABLE)
    return fail (reader, error, element, HYCO_FMU_ERROR_DESCRIPTION,
                 "%s %s must be fixed or tunable, not %s",
                 article (causality_names[variable->causality]),
                 causality_names[variable->causality], variability_names[variable->variability]);
  if (variable->start == NULL
      && (variable->causality == HYCO_FMU_CAUSALITY_PARAMETER
          || variable->causality == HYCO_FMU_CAUSALITY_INPUT
          || variable->variability == HYCO_FMU_VARIABILITY_CONSTANT))
    return fail (reader, error, element, HYCO_FMU_ERROR_DESCRIPTION, "%s needs a start value",
                 variable->causality == HYCO_FMU_CAUSALITY_INPUT       ? "an input"
                 : variable->causality == HYCO_FMU_CAUSALITY_PARAMETER ? "a parameter"
                                                                       : "a constant");
  return TRUE;
}

static gboolean
read_model_variables (Reader *reader, HycoXmlNode *element, GError **error)
{
  for (HycoXmlNode *child = element->children; child; child = child->next)
    if (_hyco_xml_is_element (child, "ScalarVariable") && !read_variable (reader, child, error))
      return FALSE;
  return TRUE;
}

/* A 1-based ModelStructure index into ModelVariables, as a variable. */
static HycoFmuVariable *
lookup_index (HycoModelDescription *self, const char *text, guint *index)
{
  gint64 number;

  if (self->variables->len == 0 || !parse_integer (text, 1, self->variables->len, &number))
    return NULL;
  *index = (guint) number - 1;
  return self->variables->pdata[*index];
}

static gboolean
read_output (Reader *reader, HycoXmlNode *element, GError **error)
{
  HycoModelDescription *self = reader->description;
  g_autofree char *index_text = NULL;
  g_autofree char *dependencies = NULL;
  g_auto (GStrv) indices = NULL;
  g_autoptr (GArray) inputs = NULL;
  HycoFmuVariable *output;
  guint index;

  if (!get_required (reader, element, "index", &index_text, error))
    return FALSE;
  output = lookup_index (self, index_text, &index);
  if (output == NULL)
    return fail (reader, error, element, HYCO_FMU_ERROR_DESCRIPTION,
                 "index=\"%s\" is not the index of a ScalarVariable (1 to %u)", index_text,
                 self->variables->len);
  if (output->causality != HYCO_FMU_CAUSALITY_OUTPUT)
    return fail (reader, error, element, HYCO_FMU_ERROR_DESCRIPTION,
                 "index %s is %s, %s %s, not an output", index_text, output->name,
                 article (causality_names[output->causality]), causality_names[output->causality]);
  if (output->n_dependencies >= 0)
    return fail (reader, error, element, HYCO_FMU_ERROR_DESCRIPTION,
                 "output %s (index %s) is listed twice", output->name, index_text);

  dependencies = _hyco_xml_get_attr (element, "dependencies");
  if (dependencies == NULL)
    return TRUE; /* depends on every input */
  indices = g_strsplit_set (g_strstrip (dependencies), " \t\r\n", -1);
  inputs = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint i = 0; indices[i]; i++)
    {
      HycoFmuVariable *known;
      guint known_index;

      if (*indices[i] == '\0')
        continue;
      known = lookup_index (self, indices[i], &known_index);
      if (known == NULL)
        return fail (reader, error, element, HYCO_FMU_ERROR_DESCRIPTION,
                     "dependency \"%s\" is not the index of a ScalarVariable (1 to %u)", indices[i],
                     self->variables->len);
      /* The knowns are inputs, states and the independent variable; the last two are inside
       * the FMU in co-simulation, so only inputs are kept. */
      if (known->causality == HYCO_FMU_CAUSALITY_LOCAL
          || known->causality == HYCO_FMU_CAUSALITY_INDEPENDENT)
        continue;
      /* Not a known FMI 2.0 allows here, but some exporters list them (the Reference FMUs'
       * Feedthrough did): a parameter only changes when the master sets it, never within a
       * tag, so the dependency changes no causality. */
      if (known->causality == HYCO_FMU_CAUSALITY_PARAMETER
          || known->causality == HYCO_FMU_CAUSALITY_CALCULATED_PARAMETER)
        {
          tolerate (reader, element,
                    "dependency %s is %s, %s %s, which FMI 2.0 does not list among the knowns of "
                    "an output; ignored: the output depends on the inputs listed besides it",
                    indices[i], known->name, article (causality_names[known->causality]),
                    causality_names[known->causality]);
          continue;
        }
      if (known->causality != HYCO_FMU_CAUSALITY_INPUT)
        return fail (reader, error, element, HYCO_FMU_ERROR_DESCRIPTION,
                     "dependency %s is %s, %s %s, not an input", indices[i], known->name,
                     article (causality_names[known->causality]),
                     causality_names[known->causality]);
      g_array_append_val (inputs, known_index);
    }
  output->n_dependencies = (int) inputs->len;
  output->dependencies = (guint *) (void *) g_array_free (g_steal_pointer (&inputs), FALSE);
  return TRUE;
}

/* ModelStructure/Derivatives/Unknown: a derivative, and through its derivative attribute the
 * continuous state it is the derivative of. */
static gboolean
read_derivative (Reader *reader, HycoXmlNode *element, GError **error)
{
  HycoModelDescription *self = reader->description;
  g_autofree char *index_text = NULL;
  HycoFmuVariable *derivative;
  guint index, state_index;

  if (!get_required (reader, element, "index", &index_text, error))
    return FALSE;
  derivative = lookup_index (self, index_text, &index);
  if (derivative == NULL)
    return fail (reader, error, element, HYCO_FMU_ERROR_DESCRIPTION,
                 "index=\"%s\" is not the index of a ScalarVariable (1 to %u)", index_text,
                 self->variables->len);
  if (derivative->type != HYCO_FMU_TYPE_REAL || derivative->derivative == 0
      || derivative->derivative > self->variables->len)
    return fail (reader, error, element, HYCO_FMU_ERROR_DESCRIPTION,
                 "index %s is %s, not a Real with a derivative attribute naming a "
                 "ScalarVariable (1 to %u)",
                 index_text, derivative->name, self->variables->len);
  state_index = derivative->derivative - 1;
  if (((HycoFmuVariable *) self->variables->pdata[state_index])->type != HYCO_FMU_TYPE_REAL)
    return fail (reader, error, element, HYCO_FMU_ERROR_DESCRIPTION,
                 "%s is the derivative of %s, which is not a Real", derivative->name,
                 ((HycoFmuVariable *) self->variables->pdata[state_index])->name);
  g_array_append_val (self->derivatives, index);
  g_array_append_val (self->states, state_index);
  return TRUE;
}

static gboolean
read_model_structure (Reader *reader, HycoXmlNode *element, GError **error)
{
  for (HycoXmlNode *child = element->children; child; child = child->next)
    {
      if (_hyco_xml_is_element (child, "Derivatives"))
        for (HycoXmlNode *unknown = child->children; unknown; unknown = unknown->next)
          if (_hyco_xml_is_element (unknown, "Unknown")
              && !read_derivative (reader, unknown, error))
            return FALSE;
      if (!_hyco_xml_is_element (child, "Outputs"))
        continue;
      for (HycoXmlNode *unknown = child->children; unknown; unknown = unknown->next)
        if (_hyco_xml_is_element (unknown, "Unknown") && !read_output (reader, unknown, error))
          return FALSE;
    }
  return TRUE;
}

/* FMI 3.0 ------------------------------------------------------------------------------- */

/* FMI 3.0's CoSimulation attributes (section 4.2.1): FMUState with a capital S, and the
 * capabilities of event mode and early return. */
static gboolean
read_co_simulation3 (Reader *reader, HycoXmlNode *element, GError **error)
{
  HycoModelDescription *self = reader->description;

  if (!read_model_identifier (reader, element, &self->model_identifier, error))
    return FALSE;
  return get_boolean (reader, element, "canHandleVariableCommunicationStepSize", FALSE,
                      &self->can_handle_variable_communication_step_size, error)
         && get_boolean (reader, element, "canGetAndSetFMUState", FALSE,
                         &self->can_get_and_set_fmu_state, error)
         && get_boolean (reader, element, "canSerializeFMUState", FALSE,
                         &self->can_serialize_fmu_state, error)
         && get_boolean (reader, element, "needsExecutionTool", FALSE, &self->needs_execution_tool,
                         error)
         && get_unsigned (reader, element, "maxOutputDerivativeOrder",
                          &self->max_output_derivative_order, error)
         && get_boolean (reader, element, "hasEventMode", FALSE, &self->has_event_mode, error)
         && get_boolean (reader, element, "providesIntermediateUpdate", FALSE,
                         &self->provides_intermediate_update, error)
         && get_boolean (reader, element, "mightReturnEarlyFromDoStep", FALSE,
                         &self->might_return_early_from_do_step, error)
         && get_boolean (reader, element, "canReturnEarlyAfterIntermediateUpdate", FALSE,
                         &self->can_return_early_after_intermediate_update, error)
         && get_double (reader, element, "fixedInternalStepSize", &self->fixed_internal_step_size,
                        error);
}

/* The mimeType and maxSize of a Binary variable or BinaryType (section 2.4.7.6), where given
 * (@mime_type and @max_size are left as they are otherwise, for a declared type's). */
static gboolean
read_binary_attributes (Reader *reader, HycoXmlNode *element, char **mime_type, guint64 *max_size,
                        GError **error)
{
  g_autofree char *size = _hyco_xml_get_attr (element, "maxSize");
  char *mime = _hyco_xml_get_attr (element, "mimeType");
  gint64 number;

  if (size && !parse_integer (size, 0, G_MAXINT64, &number))
    {
      g_free (mime);
      return fail (reader, error, element, HYCO_FMU_ERROR_DESCRIPTION,
                   "maxSize=\"%s\" is not a number of bytes", size);
    }
  if (size)
    *max_size = (guint64) number;
  if (mime)
    {
      g_free (*mime_type);
      *mime_type = mime;
    }
  return TRUE;
}

/* Float64Type, Int8Type, EnumerationType, ... (section 2.4.3). */
static gboolean
read_type_definitions3 (Reader *reader, HycoXmlNode *element, GError **error)
{
  for (HycoXmlNode *child = element->children; child; child = child->next)
    {
      g_autofree char *name = NULL;
      SimpleType *type;
      HycoFmuType value;
      const char *type_name;

      if (child->type != HYCO_XML_ELEMENT_NODE
          || !type_from_name3 ((const char *) child->name, "Type", &value, &type_name))
        continue;
      if (!get_required (reader, child, "name", &name, error))
        return FALSE;
      if (g_hash_table_contains (reader->types, name))
        return fail (reader, error, child, HYCO_FMU_ERROR_DESCRIPTION,
                     "a second type definition of that name");
      type = g_new0 (SimpleType, 1);
      type->type = value;
      if (is_float_type (value))
        type->unit = _hyco_xml_get_attr (child, "unit");
      type->min = -INFINITY;
      type->max = INFINITY;
      if (!read_range (reader, child, value, &type->min, &type->max, error)
          || (value == HYCO_FMU_TYPE_ENUMERATION && !read_items (reader, child, type, error))
          || (value == HYCO_FMU_TYPE_BINARY
              && !read_binary_attributes (reader, child, &type->mime_type, &type->max_size,
                                          error)))
        {
          simple_type_free (type);
          return FALSE;
        }
      g_hash_table_insert (reader->types, g_steal_pointer (&name), type);
    }
  return TRUE;
}

/* One value of @variable's type, as a start attribute writes it. */
static gboolean
is_value3 (const HycoFmuVariable *variable, const char *text)
{
  double number;
  gboolean flag;

  if (is_float_type (variable->type))
    return parse_double (text, &number);
  if (is_integer_type (variable->type))
    return parse_typed_integer (text, variable->type, TRUE, &number);
  if (variable->type == HYCO_FMU_TYPE_BOOLEAN || variable->type == HYCO_FMU_TYPE_CLOCK)
    return parse_boolean (text, &flag);
  if (variable->type == HYCO_FMU_TYPE_BINARY)
    {
      g_autofree char *copy = g_strstrip (g_strdup (text));
      gsize length = strlen (copy);
      if (g_str_has_prefix (copy, "0x"))
        length -= 2;
      for (const char *p = copy + (strlen (copy) - length); *p; p++)
        if (!g_ascii_isxdigit (*p))
          return FALSE;
      return length % 2 == 0;
    }
  return TRUE;
}

/* The start values: the start attribute (numbers and booleans, an array's separated by
 * whitespace), or Start elements (String, Binary). Kept as written; each value checked. */
static gboolean
read_start3 (Reader *reader, HycoXmlNode *element, HycoFmuVariable *variable, GError **error)
{
  g_auto (GStrv) values = NULL;

  if (variable->type == HYCO_FMU_TYPE_STRING || variable->type == HYCO_FMU_TYPE_BINARY)
    {
      g_autoptr (GPtrArray) starts = g_ptr_array_new_with_free_func (g_free);
      for (HycoXmlNode *child = element->children; child; child = child->next)
        if (_hyco_xml_is_element (child, "Start"))
          {
            char *value = _hyco_xml_get_attr (child, "value");
            if (value == NULL)
              return fail (reader, error, child, HYCO_FMU_ERROR_DESCRIPTION, "no value attribute");
            g_ptr_array_add (starts, value);
          }
      /* Some exporters write a start attribute, as FMI 2.0 did. */
      if (starts->len == 0 && (variable->start = _hyco_xml_get_attr (element, "start")) != NULL)
        g_ptr_array_add (starts, g_strdup (variable->start));
      else if (starts->len > 0)
        variable->start = g_strdup (starts->pdata[0]);
      for (guint i = 0; i < starts->len; i++)
        if (!is_value3 (variable, starts->pdata[i]))
          return fail (reader, error, element, HYCO_FMU_ERROR_DESCRIPTION,
                       "start value \"%s\" is not a valid %s (hexadecimal digits, two a byte)",
                       (const char *) starts->pdata[i], variable->type_name);
      return TRUE;
    }
  variable->start = _hyco_xml_get_attr (element, "start");
  if (variable->start == NULL)
    return TRUE;
  values = g_strsplit_set (variable->start, " \t\r\n", -1);
  for (guint i = 0; values[i]; i++)
    if (*values[i] != '\0' && !is_value3 (variable, values[i]))
      return fail (reader, error, element, HYCO_FMU_ERROR_DESCRIPTION,
                   "start=\"%s\" is not a valid %s", variable->start, variable->type_name);
  return TRUE;
}

/* Dimension elements (section 2.4.7.1): a start, or the valueReference of a structural
 * parameter (resolved once every variable is read: resolve_dimensions()). */
static gboolean
read_dimensions3 (Reader *reader, HycoXmlNode *element, HycoFmuVariable *variable, GError **error)
{
  g_autoptr (GArray) dimensions = g_array_new (FALSE, TRUE, sizeof (HycoFmuDimension));

  for (HycoXmlNode *child = element->children; child; child = child->next)
    {
      g_autofree char *start = NULL;
      g_autofree char *reference = NULL;
      HycoFmuDimension dimension = { 0 };
      gint64 number;

      if (!_hyco_xml_is_element (child, "Dimension"))
        continue;
      start = _hyco_xml_get_attr (child, "start");
      reference = _hyco_xml_get_attr (child, "valueReference");
      if ((start == NULL) == (reference == NULL))
        return fail (reader, error, child, HYCO_FMU_ERROR_DESCRIPTION,
                     "a Dimension has either a start or a valueReference");
      if (start && !parse_integer (start, 0, G_MAXINT64, &number))
        return fail (reader, error, child, HYCO_FMU_ERROR_DESCRIPTION,
                     "start=\"%s\" is not an unsigned integer", start);
      if (reference && !parse_integer (reference, 0, G_MAXUINT32, &number))
        return fail (reader, error, child, HYCO_FMU_ERROR_DESCRIPTION,
                     "valueReference=\"%s\" is not an unsigned integer", reference);
      dimension.variable = reference != NULL;
      if (reference)
        dimension.vr = (HycoFmuValueReference) number;
      else
        dimension.start = (guint64) number;
      g_array_append_val (dimensions, dimension);
    }
  variable->n_dimensions = dimensions->len;
  if (dimensions->len > 0)
    variable->dimensions
      = (HycoFmuDimension *) (void *) g_array_free (g_steal_pointer (&dimensions), FALSE);
  return TRUE;
}

/* FMI 3.0 section 2.4.7.4: initial where the description does not give it; as FMI 2.0's table,
 * with structural parameters as parameters. */
static HycoFmuInitial
default_initial3 (const HycoFmuVariable *variable)
{
  if (variable->causality == HYCO_FMU_CAUSALITY_STRUCTURAL_PARAMETER)
    return HYCO_FMU_INITIAL_EXACT;
  return default_initial (variable);
}

/* A Binary start value longer than the variable's maxSize could never be set: the description
 * contradicts itself. @text is a start value, checked by is_value3(). */
static gboolean
check_binary_start (Reader *reader, HycoXmlNode *element, const HycoFmuVariable *variable,
                    const char *text, GError **error)
{
  g_autofree char *value = text ? g_strstrip (g_strdup (text)) : NULL;
  gsize bytes;

  if (value == NULL || variable->max_size == 0)
    return TRUE;
  bytes = (strlen (value) - (g_str_has_prefix (value, "0x") ? 2 : 0)) / 2;
  if (bytes <= variable->max_size)
    return TRUE;
  return fail (reader, error, element, HYCO_FMU_ERROR_DESCRIPTION,
               "start value \"%s\" has %" G_GSIZE_FORMAT " bytes, more than its maxSize %"
               G_GUINT64_FORMAT,
               value, bytes, variable->max_size);
}

static gboolean
check_binary_starts (Reader *reader, HycoXmlNode *element, const HycoFmuVariable *variable,
                     GError **error)
{
  g_autofree char *start = _hyco_xml_get_attr (element, "start");

  if (!check_binary_start (reader, element, variable, start, error))
    return FALSE;
  for (HycoXmlNode *child = element->children; child; child = child->next)
    if (_hyco_xml_is_element (child, "Start"))
      {
        g_autofree char *value = _hyco_xml_get_attr (child, "value");
        if (!check_binary_start (reader, element, variable, value, error))
          return FALSE;
      }
  return TRUE;
}

static gboolean
read_variable3 (Reader *reader, HycoXmlNode *element, HycoFmuType type, const char *type_name,
                GError **error)
{
  HycoModelDescription *self = reader->description;
  HycoFmuVariable *variable = g_new0 (HycoFmuVariable, 1);
  g_autofree char *causality = NULL;
  g_autofree char *variability = NULL;
  g_autofree char *initial = NULL;
  g_autofree char *declared = NULL;
  SimpleType *declared_type = NULL;
  guint value;

  variable->n_dependencies = -1;
  variable->type = type;
  variable->type_name = type_name;
  variable->n_elements = 1;
  variable->clock = -1;
  variable->derivative_reference = -1;
  g_ptr_array_add (self->variables, variable);

  if (!read_identity (reader, element, variable, error))
    return FALSE;

  causality = _hyco_xml_get_attr (element, "causality");
  variable->causality = HYCO_FMU_CAUSALITY_LOCAL;
  if (causality && g_str_equal (causality, "structuralParameter"))
    variable->causality = HYCO_FMU_CAUSALITY_STRUCTURAL_PARAMETER;
  else if (causality)
    {
      if (!parse_enum (causality, causality_names, G_N_ELEMENTS (causality_names), &value))
        return fail (reader, error, element, HYCO_FMU_ERROR_DESCRIPTION, "unknown causality \"%s\"",
                     causality);
      variable->causality = (HycoFmuCausality) value;
    }

  declared = _hyco_xml_get_attr (element, "declaredType");
  if (declared)
    {
      declared_type = g_hash_table_lookup (reader->types, declared);
      if (declared_type == NULL)
        return fail (reader, error, element, HYCO_FMU_ERROR_DESCRIPTION,
                     "declaredType \"%s\" is not in TypeDefinitions", declared);
      if (declared_type->type != type)
        return fail (reader, error, element, HYCO_FMU_ERROR_DESCRIPTION,
                     "declaredType \"%s\" is not a %s type", declared, type_name);
    }
  else if (type == HYCO_FMU_TYPE_ENUMERATION)
    return fail (reader, error, element, HYCO_FMU_ERROR_DESCRIPTION,
                 "an Enumeration needs a declaredType");
  if (type == HYCO_FMU_TYPE_ENUMERATION && declared_type->items)
    variable->items = g_ptr_array_ref (declared_type->items);
  if (is_float_type (type))
    {
      g_autofree char *derivative = _hyco_xml_get_attr (element, "derivative");
      gint64 reference;
      variable->unit = _hyco_xml_get_attr (element, "unit");
      if (variable->unit == NULL && declared_type && declared_type->unit)
        variable->unit = g_strdup (declared_type->unit);
      if (derivative && !parse_integer (derivative, 0, G_MAXUINT32, &reference))
        return fail (reader, error, element, HYCO_FMU_ERROR_DESCRIPTION,
                     "derivative=\"%s\" is not a value reference", derivative);
      if (derivative)
        variable->derivative_reference = reference;
    }
  variable->min = declared_type ? declared_type->min : -INFINITY;
  variable->max = declared_type ? declared_type->max : INFINITY;
  if (!read_range (reader, element, type, &variable->min, &variable->max, error)
      || !read_dimensions3 (reader, element, variable, error)
      || !read_start3 (reader, element, variable, error)
      || !get_boolean (reader, element, "intermediateUpdate", FALSE, &variable->intermediate_update,
                       error))
    return FALSE;
  if (type == HYCO_FMU_TYPE_BINARY)
    {
      /* The variable's own attributes, else its declared type's, else the defaults. */
      variable->mime_type = g_strdup (declared_type ? declared_type->mime_type : NULL);
      variable->max_size = declared_type ? declared_type->max_size : 0;
      if (!read_binary_attributes (reader, element, &variable->mime_type, &variable->max_size,
                                   error)
          || !check_binary_starts (reader, element, variable, error))
        return FALSE;
      if (variable->mime_type == NULL)
        variable->mime_type = g_strdup ("application/octet-stream");
    }
  if (type == HYCO_FMU_TYPE_CLOCK)
    {
      static const char *const kinds[]
        = { "constant", "fixed", "tunable", "changing", "countdown", "triggered" };
      g_autofree char *kind = _hyco_xml_get_attr (element, "intervalVariability");
      if (kind == NULL || !parse_enum (kind, kinds, G_N_ELEMENTS (kinds), &value))
        return fail (reader, error, element, HYCO_FMU_ERROR_DESCRIPTION,
                     "a Clock needs an intervalVariability (constant, fixed, tunable, changing, "
                     "countdown or triggered), not \"%s\"",
                     kind ? kind : "");
      variable->interval_variability = kinds[value];
      if (!get_double (reader, element, "intervalDecimal", &variable->interval_decimal, error)
          || !get_double (reader, element, "shiftDecimal", &variable->shift_decimal, error))
        return FALSE;
      if (isnan (variable->shift_decimal))
        variable->shift_decimal = 0;
      if (!get_boolean (reader, element, "supportsFraction", FALSE, &variable->supports_fraction,
                        error))
        return FALSE;
      if (!get_unsigned (reader, element, "intervalCounter", &variable->interval_counter, error)
          || !get_unsigned (reader, element, "shiftCounter", &variable->shift_counter, error)
          || !get_unsigned (reader, element, "resolution", &variable->fraction_resolution, error))
        return FALSE;
      /* The fraction, exact, gives the decimal where the description does not. */
      if (variable->interval_counter > 0 && variable->fraction_resolution > 0)
        {
          if (isnan (variable->interval_decimal))
            variable->interval_decimal
              = (double) variable->interval_counter / variable->fraction_resolution;
          if (variable->shift_decimal == 0)
            variable->shift_decimal
              = (double) variable->shift_counter / variable->fraction_resolution;
        }
      else
        variable->fraction_resolution = 0;
      if (g_str_equal (variable->interval_variability, "constant")
          && !(variable->interval_decimal > 0))
        return fail (reader, error, element, HYCO_FMU_ERROR_DESCRIPTION,
                     "a constant Clock needs a positive intervalDecimal");
    }

  /* Continuous is the default of the float types only (section 2.4.7.4). */
  variability = _hyco_xml_get_attr (element, "variability");
  variable->variability
    = is_float_type (type) ? HYCO_FMU_VARIABILITY_CONTINUOUS : HYCO_FMU_VARIABILITY_DISCRETE;
  if (variability)
    {
      if (!parse_enum (variability, variability_names, G_N_ELEMENTS (variability_names), &value))
        return fail (reader, error, element, HYCO_FMU_ERROR_DESCRIPTION,
                     "unknown variability \"%s\"", variability);
      variable->variability = (HycoFmuVariability) value;
    }
  initial = _hyco_xml_get_attr (element, "initial");
  variable->initial = default_initial3 (variable);
  if (initial && variable->initial != HYCO_FMU_INITIAL_NONE)
    {
      if (!parse_enum (initial, initial_names, G_N_ELEMENTS (initial_names), &value)
          || value == HYCO_FMU_INITIAL_NONE)
        return fail (reader, error, element, HYCO_FMU_ERROR_DESCRIPTION, "unknown initial \"%s\"",
                     initial);
      variable->initial = (HycoFmuInitial) value;
    }
  if (variable->variability == HYCO_FMU_VARIABILITY_CONTINUOUS && !is_float_type (type))
    return fail (reader, error, element, HYCO_FMU_ERROR_DESCRIPTION,
                 "only a Float32 or Float64 can be continuous, not %s %s", article (type_name),
                 type_name);
  if ((variable->causality == HYCO_FMU_CAUSALITY_PARAMETER
       || variable->causality == HYCO_FMU_CAUSALITY_STRUCTURAL_PARAMETER
       || variable->causality == HYCO_FMU_CAUSALITY_CALCULATED_PARAMETER)
      && variable->variability != HYCO_FMU_VARIABILITY_FIXED
      && variable->variability != HYCO_FMU_VARIABILITY_TUNABLE)
    return fail (reader, error, element, HYCO_FMU_ERROR_DESCRIPTION,
                 "%s %s must be fixed or tunable, not %s",
                 article (causality ? causality : "local"), causality ? causality : "local",
                 variability_names[variable->variability]);
  /* Clocks have no start; the rest as in FMI 2.0. */
  if (variable->start == NULL && type != HYCO_FMU_TYPE_CLOCK
      && (variable->causality == HYCO_FMU_CAUSALITY_PARAMETER
          || variable->causality == HYCO_FMU_CAUSALITY_STRUCTURAL_PARAMETER
          || variable->causality == HYCO_FMU_CAUSALITY_INPUT
          || variable->variability == HYCO_FMU_VARIABILITY_CONSTANT))
    return fail (reader, error, element, HYCO_FMU_ERROR_DESCRIPTION, "%s needs a start value",
                 variable->causality == HYCO_FMU_CAUSALITY_INPUT ? "an input"
                 : variable->causality == HYCO_FMU_CAUSALITY_PARAMETER
                     || variable->causality == HYCO_FMU_CAUSALITY_STRUCTURAL_PARAMETER
                   ? "a parameter"
                   : "a constant");
  return TRUE;
}

/* The variable of @vr (FMI 3.0 value references are unique), or NULL. */
static HycoFmuVariable *
lookup_reference (HycoModelDescription *self, HycoFmuValueReference vr, guint *index)
{
  for (guint i = 0; i < self->variables->len; i++)
    {
      HycoFmuVariable *variable = self->variables->pdata[i];
      if (variable->value_reference == vr)
        {
          *index = i;
          return variable;
        }
    }
  return NULL;
}

/* Each Dimension's structural parameter, and each array's number of values at the start. */
static gboolean
resolve_dimensions (Reader *reader, HycoXmlNode *element, GError **error)
{
  HycoModelDescription *self = reader->description;

  for (guint i = 0; i < self->variables->len; i++)
    {
      HycoFmuVariable *variable = self->variables->pdata[i];
      for (guint d = 0; d < variable->n_dimensions; d++)
        {
          HycoFmuDimension *dimension = &variable->dimensions[d];
          HycoFmuVariable *size;
          double start;
          if (!dimension->variable)
            continue;
          size = lookup_reference (self, dimension->vr, &dimension->index);
          if (size == NULL || size->causality != HYCO_FMU_CAUSALITY_STRUCTURAL_PARAMETER
              || !is_integer_type (size->type) || size->n_dimensions > 0)
            return fail (reader, error, element, HYCO_FMU_ERROR_DESCRIPTION,
                         "a Dimension of %s refers to value reference %u, which is not a scalar "
                         "integer structural parameter",
                         variable->name, dimension->vr);
          if (size->start == NULL || !parse_typed_integer (size->start, size->type, TRUE, &start)
              || start < 0)
            return fail (reader, error, element, HYCO_FMU_ERROR_DESCRIPTION,
                         "the structural parameter %s, a Dimension of %s, has no size as start",
                         size->name, variable->name);
          dimension->start = (guint64) start;
        }
      for (guint d = 0; d < variable->n_dimensions; d++)
        if (variable->dimensions[d].start > 0
            && __builtin_mul_overflow (variable->n_elements, variable->dimensions[d].start,
                                       &variable->n_elements))
          return fail (reader, error, element, HYCO_FMU_ERROR_DESCRIPTION,
                       "%s has more elements than can be counted", variable->name);
      for (guint d = 0; d < variable->n_dimensions; d++)
        if (variable->dimensions[d].start == 0)
          variable->n_elements = 0;
    }
  return TRUE;
}

/* A clocked variable's clock (the clocks attribute: Hyco takes the first). */
static gboolean
resolve_clock (Reader *reader, HycoXmlNode *element, HycoFmuVariable *variable, GError **error)
{
  g_autofree char *clocks = _hyco_xml_get_attr (element, "clocks");
  HycoFmuVariable *clock;
  gint64 number;
  guint index;

  if (clocks == NULL)
    return TRUE;
  if (!parse_integer (clocks, 0, G_MAXUINT32, &number))
    {
      g_auto (GStrv) references = g_strsplit_set (g_strstrip (clocks), " \t\r\n", 2);
      if (references[0] == NULL || !parse_integer (references[0], 0, G_MAXUINT32, &number))
        return fail (reader, error, element, HYCO_FMU_ERROR_DESCRIPTION,
                     "clocks=\"%s\" is not a list of value references", clocks);
    }
  clock = lookup_reference (reader->description, (HycoFmuValueReference) number, &index);
  if (clock == NULL || clock->type != HYCO_FMU_TYPE_CLOCK)
    return fail (reader, error, element, HYCO_FMU_ERROR_DESCRIPTION,
                 "clocks=\"%s\" is not the value reference of a Clock", clocks);
  variable->clock = (int) index;
  return TRUE;
}

static gboolean
read_model_variables3 (Reader *reader, HycoXmlNode *element, GError **error)
{
  guint i = 0;

  for (HycoXmlNode *child = element->children; child; child = child->next)
    {
      HycoFmuType type;
      const char *type_name;
      if (child->type != HYCO_XML_ELEMENT_NODE)
        continue;
      if (!type_from_name3 ((const char *) child->name, "", &type, &type_name))
        return fail (reader, error, child, HYCO_FMU_ERROR_DESCRIPTION,
                     "not a variable type of FMI 3.0");
      if (!read_variable3 (reader, child, type, type_name, error))
        return FALSE;
    }
  for (HycoXmlNode *child = element->children; child; child = child->next)
    if (child->type == HYCO_XML_ELEMENT_NODE
        && !resolve_clock (reader, child, reader->description->variables->pdata[i++], error))
      return FALSE;
  return resolve_dimensions (reader, element, error);
}

/* An Output of ModelStructure (section 2.4.8): by value reference, its dependencies too. */
static gboolean
read_output3 (Reader *reader, HycoXmlNode *element, GError **error)
{
  HycoModelDescription *self = reader->description;
  g_autofree char *reference = NULL;
  g_autofree char *dependencies = NULL;
  g_auto (GStrv) references = NULL;
  g_autoptr (GArray) inputs = NULL;
  HycoFmuVariable *output;
  gint64 number;
  guint index;

  if (!get_required (reader, element, "valueReference", &reference, error))
    return FALSE;
  if (!parse_integer (reference, 0, G_MAXUINT32, &number)
      || (output = lookup_reference (self, (HycoFmuValueReference) number, &index)) == NULL)
    return fail (reader, error, element, HYCO_FMU_ERROR_DESCRIPTION,
                 "valueReference=\"%s\" is not the value reference of a variable", reference);
  if (output->causality != HYCO_FMU_CAUSALITY_OUTPUT)
    return fail (reader, error, element, HYCO_FMU_ERROR_DESCRIPTION,
                 "value reference %s is %s, %s %s, not an output", reference, output->name,
                 article (_hyco_fmu_causality_name (output->causality)),
                 _hyco_fmu_causality_name (output->causality));
  if (output->n_dependencies >= 0)
    return fail (reader, error, element, HYCO_FMU_ERROR_DESCRIPTION,
                 "output %s (value reference %s) is listed twice", output->name, reference);
  dependencies = _hyco_xml_get_attr (element, "dependencies");
  if (dependencies == NULL)
    return TRUE; /* depends on every input */
  references = g_strsplit_set (g_strstrip (dependencies), " \t\r\n", -1);
  inputs = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint i = 0; references[i]; i++)
    {
      HycoFmuVariable *known;
      guint known_index;

      if (*references[i] == '\0')
        continue;
      if (!parse_integer (references[i], 0, G_MAXUINT32, &number)
          || (known = lookup_reference (self, (HycoFmuValueReference) number, &known_index))
               == NULL)
        return fail (reader, error, element, HYCO_FMU_ERROR_DESCRIPTION,
                     "dependency \"%s\" is not the value reference of a variable", references[i]);
      /* Only inputs matter to the causality of the actor (as in read_output()). */
      if (known->causality == HYCO_FMU_CAUSALITY_INPUT)
        g_array_append_val (inputs, known_index);
    }
  output->n_dependencies = (int) inputs->len;
  output->dependencies = (guint *) (void *) g_array_free (g_steal_pointer (&inputs), FALSE);
  return TRUE;
}

/* The variable a ModelStructure element names by its valueReference attribute, or NULL with an
 * error. */
static HycoFmuVariable *
structure_variable3 (Reader *reader, HycoXmlNode *element, guint *index, GError **error)
{
  g_autofree char *reference = NULL;
  HycoFmuVariable *variable;
  gint64 number;

  if (!get_required (reader, element, "valueReference", &reference, error))
    return NULL;
  if (!parse_integer (reference, 0, G_MAXUINT32, &number)
      || (variable = lookup_reference (reader->description, (HycoFmuValueReference) number, index))
           == NULL)
    {
      fail (reader, error, element, HYCO_FMU_ERROR_DESCRIPTION,
            "valueReference=\"%s\" is not the value reference of a variable", reference);
      return NULL;
    }
  return variable;
}

/* ContinuousStateDerivative (section 2.4.8): a derivative, and through its derivative attribute
 * the continuous state it is the derivative of. Hyco's state vector holds scalars. */
static gboolean
read_state_derivative3 (Reader *reader, HycoXmlNode *element, GError **error)
{
  HycoModelDescription *self = reader->description;
  HycoFmuVariable *derivative, *state;
  guint index, state_index;

  derivative = structure_variable3 (reader, element, &index, error);
  if (derivative == NULL)
    return FALSE;
  if (derivative->type != HYCO_FMU_TYPE_REAL || derivative->derivative == 0)
    return fail (reader, error, element, HYCO_FMU_ERROR_DESCRIPTION,
                 "%s is not a Float64 with a derivative attribute naming its state",
                 derivative->name);
  state_index = derivative->derivative - 1;
  state = self->variables->pdata[state_index];
  if (state->type != HYCO_FMU_TYPE_REAL)
    return fail (reader, error, element, HYCO_FMU_ERROR_DESCRIPTION,
                 "%s is the derivative of %s, which is not a Float64", derivative->name,
                 state->name);
  if (derivative->n_dimensions > 0 || state->n_dimensions > 0)
    return fail (reader, error, element, HYCO_FMU_ERROR_UNSUPPORTED,
                 "%s is an array: Hyco integrates scalar continuous states only",
                 derivative->n_dimensions > 0 ? derivative->name : state->name);
  g_array_append_val (self->derivatives, index);
  g_array_append_val (self->states, state_index);
  return TRUE;
}

static gboolean
read_model_structure3 (Reader *reader, HycoXmlNode *element, GError **error)
{
  HycoModelDescription *self = reader->description;

  /* The derivative attributes, now that every variable is known. */
  for (guint i = 0; i < self->variables->len; i++)
    {
      HycoFmuVariable *variable = self->variables->pdata[i];
      guint state;
      if (variable->derivative_reference < 0)
        continue;
      if (lookup_reference (self, (HycoFmuValueReference) variable->derivative_reference, &state)
          == NULL)
        return fail (reader, error, element, HYCO_FMU_ERROR_DESCRIPTION,
                     "the derivative attribute of %s, %" G_GINT64_FORMAT
                     ", is not the value reference of a variable",
                     variable->name, variable->derivative_reference);
      variable->derivative = state + 1;
    }
  for (HycoXmlNode *child = element->children; child; child = child->next)
    {
      guint index;
      HycoFmuVariable *indicator;

      if (_hyco_xml_is_element (child, "Output") && !read_output3 (reader, child, error))
        return FALSE;
      if (_hyco_xml_is_element (child, "ContinuousStateDerivative")
          && !read_state_derivative3 (reader, child, error))
        return FALSE;
      if (!_hyco_xml_is_element (child, "EventIndicator"))
        continue;
      indicator = structure_variable3 (reader, child, &index, error);
      if (indicator == NULL)
        return FALSE;
      self->number_of_event_indicators += (guint) indicator->n_elements;
    }
  return TRUE;
}

/* FMI 3.0 section 3.3: the ModelExchange element. */
static gboolean
read_model_exchange3 (Reader *reader, HycoXmlNode *element, GError **error)
{
  HycoModelDescription *self = reader->description;
  gboolean needs_completed_integrator_step;

  self->has_model_exchange = TRUE;
  if (!read_model_identifier (reader, element, &self->me_model_identifier, error)
      || !get_boolean (reader, element, "needsCompletedIntegratorStep", FALSE,
                       &needs_completed_integrator_step, error)
      || !get_boolean (reader, element, "canGetAndSetFMUState", FALSE,
                       &self->me_can_get_and_set_fmu_state, error)
      || !get_boolean (reader, element, "needsExecutionTool", FALSE, &self->me_needs_execution_tool,
                       error))
    return FALSE;
  self->me_completed_integrator_step_not_needed = !needs_completed_integrator_step;
  /* A Model Exchange FMU only: its library is the ModelExchange element's. */
  if (!self->has_co_simulation)
    {
      g_free (self->model_identifier);
      self->model_identifier = g_strdup (self->me_model_identifier);
      self->can_get_and_set_fmu_state = self->me_can_get_and_set_fmu_state;
      self->needs_execution_tool = self->me_needs_execution_tool;
    }
  return TRUE;
}

static gboolean
read_default_experiment (Reader *reader, HycoXmlNode *element, GError **error)
{
  HycoModelDescription *self = reader->description;

  return get_double (reader, element, "startTime", &self->start_time, error)
         && get_double (reader, element, "stopTime", &self->stop_time, error)
         && get_double (reader, element, "tolerance", &self->tolerance, error)
         && get_double (reader, element, "stepSize", &self->step_size, error);
}

static gboolean
read_root (Reader *reader, HycoXmlNode *root, GError **error)
{
  static const char *const sections[] = { "CoSimulation",   "TypeDefinitions",   "ModelVariables",
                                          "ModelStructure", "DefaultExperiment", "ModelExchange" };
  HycoXmlNode *found[G_N_ELEMENTS (sections)] = { NULL };
  HycoModelDescription *self = reader->description;

  if (root == NULL)
    {
      g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_DESCRIPTION,
                   "%s: modelDescription.xml has no root element", reader->path);
      return FALSE;
    }
  if (!_hyco_xml_is_element (root, "fmiModelDescription"))
    return fail (reader, error, root, HYCO_FMU_ERROR_DESCRIPTION,
                 "the root element must be fmiModelDescription");
  if (!get_required (reader, root, "fmiVersion", &self->fmi_version, error))
    return FALSE;
  if (!g_strv_contains (reader->versions, self->fmi_version))
    {
      g_autofree char *supported = g_strjoinv (" and ", (char **) reader->versions);
      return fail (reader, error, root, HYCO_FMU_ERROR_UNSUPPORTED,
                   "fmiVersion is \"%s\": only FMI %s FMUs are supported", self->fmi_version,
                   supported);
    }
  self->fmi_major = g_ascii_strtoll (self->fmi_version, NULL, 10);
  if (!get_required (reader, root, "modelName", &self->model_name, error)
      || !get_required (reader, root, self->fmi_major >= 3 ? "instantiationToken" : "guid",
                        &self->guid, error))
    return FALSE;
  self->description = _hyco_xml_get_attr (root, "description");
  self->generation_tool = _hyco_xml_get_attr (root, "generationTool");

  for (HycoXmlNode *child = root->children; child; child = child->next)
    for (guint i = 0; i < G_N_ELEMENTS (sections); i++)
      if (_hyco_xml_is_element (child, sections[i]))
        {
          if (found[i])
            return fail (reader, error, child, HYCO_FMU_ERROR_DESCRIPTION, "a second %s element",
                         sections[i]);
          found[i] = child;
        }
  if (found[0] == NULL && found[5] == NULL)
    return fail (reader, error, root, HYCO_FMU_ERROR_UNSUPPORTED,
                 "neither a CoSimulation nor a ModelExchange element: not an FMU Hyco can run");
  if (found[2] == NULL)
    return fail (reader, error, root, HYCO_FMU_ERROR_DESCRIPTION, "no ModelVariables element");
  self->has_co_simulation = found[0] != NULL;
  if (self->fmi_major >= 3)
    {
      return (found[0] == NULL || read_co_simulation3 (reader, found[0], error))
             && (found[5] == NULL || read_model_exchange3 (reader, found[5], error))
             && (found[1] == NULL || read_type_definitions3 (reader, found[1], error))
             && read_model_variables3 (reader, found[2], error)
             && (found[3] == NULL || read_model_structure3 (reader, found[3], error))
             && (found[4] == NULL || read_default_experiment (reader, found[4], error));
    }
  if (!get_unsigned (reader, root, "numberOfEventIndicators", &self->number_of_event_indicators,
                     error))
    return FALSE;
  return (found[0] == NULL || read_co_simulation (reader, found[0], error))
         && (found[5] == NULL || read_model_exchange (reader, found[5], error))
         && (found[1] == NULL || read_type_definitions (reader, found[1], error))
         && read_model_variables (reader, found[2], error)
         && (found[3] == NULL || read_model_structure (reader, found[3], error))
         && (found[4] == NULL || read_default_experiment (reader, found[4], error));
}

/* The most attributes an element of a model description may have: FMI's elements have at most
 * a dozen or so. */
#define MAX_ATTRIBUTES 1000u

/* How deeply its elements may nest: FMI's nest six deep or so. */
#define MAX_DEPTH 256u

static HycoXmlDocument *
parse_xml (Reader *reader, const char *data, gsize size, GError **error)
{
  HycoXmlProblem problem;
  HycoXmlDocument *doc;

  if (size > G_MAXINT)
    {
      g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_DESCRIPTION,
                   "%s: modelDescription.xml is too large", reader->path);
      return NULL;
    }
  /* Refused before any memory is spent on the tree. */
  {
    int line;
    const char *crowded = _hyco_xml_find_crowded_element (data, size, MAX_ATTRIBUTES, &line);
    if (crowded != NULL)
      {
        gsize name = strcspn (crowded + 1, " \t\r\n/>");
        g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_DESCRIPTION,
                     "%s: modelDescription.xml:%d: <%.*s> has more than %u attributes",
                     reader->path, line, (int) MIN (name, 64), crowded + 1, MAX_ATTRIBUTES);
        return NULL;
      }
  }
  doc = _hyco_xml_parse (data, size, MAX_DEPTH, &problem);
  switch (problem.kind)
    {
    case HYCO_XML_PROBLEM_NONE:
      break;
    case HYCO_XML_PROBLEM_DECLARATION:
      g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_DESCRIPTION,
                   "%s: modelDescription.xml:%lu: %s %s: %s declarations are refused", reader->path,
                   problem.line, problem.declaration, problem.name,
                   g_str_equal (problem.declaration, "ENTITY") ? "entity" : "DOCTYPE");
      break;
    case HYCO_XML_PROBLEM_TOO_DEEP:
      g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_DESCRIPTION,
                   "%s: modelDescription.xml:%lu: %s is nested %u elements deep: model "
                   "descriptions are limited to %u levels",
                   reader->path, problem.line, problem.message, problem.depth, MAX_DEPTH);
      break;
    case HYCO_XML_PROBLEM_UNSUPPORTED:
      g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_DESCRIPTION,
                   "%s: modelDescription.xml:%lu: %s", reader->path, problem.line, problem.message);
      break;
    case HYCO_XML_PROBLEM_MALFORMED:
    default:
      g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_DESCRIPTION,
                   "%s: modelDescription.xml:%lu: malformed XML: %s", reader->path, problem.line,
                   problem.message);
      break;
    }
  _hyco_xml_problem_clear (&problem);
  return doc;
}

HycoModelDescription *
_hyco_model_description_read (const char *path, const char *directory, const char *const *versions,
                              GError **error)
{
  g_autofree char *file = g_build_filename (directory, "modelDescription.xml", NULL);
  g_autofree char *data = NULL;
  g_autoptr (HycoModelDescription) self = NULL;
  Reader reader = { .path = path, .versions = versions };
  HycoXmlDocument *doc;
  gsize size;
  gboolean ok;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (directory != NULL, NULL);
  g_return_val_if_fail (versions != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!g_file_test (file, G_FILE_TEST_IS_REGULAR)
      || !g_file_get_contents (file, &data, &size, NULL))
    {
      g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_DESCRIPTION,
                   "%s: no modelDescription.xml in the archive", path);
      return NULL;
    }
  self = g_new0 (HycoModelDescription, 1);
  self->variables = g_ptr_array_new_with_free_func (variable_free);
  self->by_name = g_hash_table_new (g_str_hash, g_str_equal);
  self->start_time = self->stop_time = self->tolerance = self->step_size = NAN;
  self->fixed_internal_step_size = NAN;
  self->derivatives = g_array_new (FALSE, FALSE, sizeof (guint));
  self->states = g_array_new (FALSE, FALSE, sizeof (guint));
  reader.description = self;
  doc = parse_xml (&reader, data, size, error);
  if (doc == NULL)
    {
      reader_clear (&reader);
      return NULL;
    }
  reader.types = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, simple_type_free);
  ok = read_root (&reader, _hyco_xml_document_get_root (doc), error);
  _hyco_xml_document_free (doc);
  reader_clear (&reader);
  return ok ? g_steal_pointer (&self) : NULL;
}

void
_hyco_model_description_free (HycoModelDescription *self)
{
  if (self == NULL)
    return;
  g_free (self->fmi_version);
  g_free (self->model_name);
  g_free (self->guid);
  g_free (self->model_identifier);
  g_free (self->description);
  g_free (self->generation_tool);
  g_free (self->me_model_identifier);
  g_clear_pointer (&self->derivatives, g_array_unref);
  g_clear_pointer (&self->states, g_array_unref);
  g_clear_pointer (&self->by_name, g_hash_table_unref);
  g_clear_pointer (&self->variables, g_ptr_array_unref);
  g_free (self);
}

const HycoFmuVariable *
_hyco_model_description_find_variable (const HycoModelDescription *self, const char *name)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (name != NULL, NULL);

  return g_hash_table_lookup (self->by_name, name);
}

const char *
_hyco_fmu_causality_name (HycoFmuCausality causality)
{
  if (causality == HYCO_FMU_CAUSALITY_STRUCTURAL_PARAMETER)
    return "structuralParameter"; /* FMI 3.0 only: not in the table FMI 2.0's are read by */
  return (guint) causality < G_N_ELEMENTS (causality_names) ? causality_names[causality] : "?";
}

const char *
_hyco_fmu_variability_name (HycoFmuVariability variability)
{
  return (guint) variability < G_N_ELEMENTS (variability_names) ? variability_names[variability]
                                                                : "?";
}

const char *
_hyco_fmu_initial_name (HycoFmuInitial initial)
{
  return (guint) initial < G_N_ELEMENTS (initial_names) ? initial_names[initial] : "?";
}
