/* hyco-fmu.c: an FMU unpacked into a private temporary directory, its modelDescription.xml read
 * and its shared library loaded.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-fmu.h"
#include "hyco-xml-private.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <unzip.h>

G_DEFINE_QUARK (hyco - fmu - error - quark, _hyco_fmu_error)

/* An FMU that unpacks to more than this is refused before anything is written (zip bombs). */
#define MAX_UNPACKED_SIZE (G_GUINT64_CONSTANT (1) << 30)
#define MAX_ENTRIES 100000

/* What fmi2Instantiate gets as componentEnvironment: the instance's name, for log messages, and
 * the last message it logged at fmi2Warning or worse, for _hyco_fmu_check. Kept until the FMU
 * is freed, since nothing tells the loader when an instance is freed; one per instance name. */
typedef struct
{
  HycoFmu *fmu; /* not a reference: instances do not outlive their FMU */
  char *name;
  gboolean logging;
  char *last_message;              /* under Fmu.lock */
  fmi2CallbackFunctions callbacks; /* must stay valid as long as the instance */
} Instance;

/* HycoFmu and what only this file uses. */
typedef struct
{
  HycoFmu public;
  GHashTable *by_name; /* variable name -> HycoFmuVariable* in public.variables */
  GMutex lock;         /* instances and their messages: an FMU may log from any thread */
  GPtrArray *instances;
} Fmu;

#define FMU_PRIVATE(self) ((Fmu *) (self))

/* Functions an FMU's library need not export: they are NULL when it does not. */
static const char *const optional_functions[] = {
  "fmi2GetDirectionalDerivative",
  "fmi2SerializedFMUstateSize",
  "fmi2SerializeFMUstate",
  "fmi2DeSerializeFMUstate",
  "fmi2SetRealInputDerivatives",
  "fmi2GetRealOutputDerivatives",
  "fmi2CancelStep",
  "fmi2GetStatus",
  "fmi2GetRealStatus",
  "fmi2GetIntegerStatus",
  "fmi2GetBooleanStatus",
  "fmi2GetStringStatus",
};
/* Optional too when the modelDescription says canGetAndSetFMUstate="false". */
static const char *const state_functions[]
  = { "fmi2GetFMUstate", "fmi2SetFMUstate", "fmi2FreeFMUstate" };

typedef struct
{
  const char *name;
  gsize offset;
} FunctionSlot;

#define HYCO_FMU_SLOT(ret, name, args) { #name, G_STRUCT_OFFSET (HycoFmi2Functions, name) },
static const FunctionSlot fmi2_slots[] = { HYCO_FMI2_FUNCTIONS (HYCO_FMU_SLOT) };
static const FunctionSlot hybrid_slots[] = { HYCO_FMI2_HYBRID_FUNCTIONS (HYCO_FMU_SLOT) };
#undef HYCO_FMU_SLOT

static gpointer *
function_slot (HycoFmu *self, const FunctionSlot *slot)
{
  return (gpointer *) ((guint8 *) &self->fmi + slot->offset);
}

static void
variable_free (gpointer data)
{
  HycoFmuVariable *variable = data;

  g_free (variable->name);
  g_free (variable->start);
  g_free (variable->unit);
  g_free (variable->description);
  g_free (variable->dependencies);
  g_free (variable);
}

static void
instance_free (gpointer data)
{
  Instance *instance = data;

  g_free (instance->name);
  g_free (instance->last_message);
  g_free (instance);
}

/* Removes @path and everything below it, never following a symbolic link. */
static void
remove_tree (const char *path)
{
  GStatBuf info;

  if (g_lstat (path, &info) != 0)
    return;
  if (S_ISDIR (info.st_mode))
    {
      GDir *dir = g_dir_open (path, 0, NULL);
      const char *name;

      while (dir && (name = g_dir_read_name (dir)))
        {
          g_autofree char *child = g_build_filename (path, name, NULL);
          remove_tree (child);
        }
      if (dir)
        g_dir_close (dir);
      if (g_rmdir (path) != 0)
        g_warning ("cannot remove %s: %s", path, g_strerror (errno));
    }
  else if (g_unlink (path) != 0)
    g_warning ("cannot remove %s: %s", path, g_strerror (errno));
}

HycoFmu *
_hyco_fmu_ref (HycoFmu *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_atomic_ref_count_inc (&self->ref_count);
  return self;
}

void
_hyco_fmu_unref (HycoFmu *self)
{
  Fmu *fmu = FMU_PRIVATE (self);

  g_return_if_fail (self != NULL);

  if (!g_atomic_ref_count_dec (&self->ref_count))
    return;
  if (self->module && !g_module_close (self->module))
    g_warning ("%s: cannot close its library: %s", self->path, g_module_error ());
  if (self->directory)
    remove_tree (self->directory);
  g_free (self->path);
  g_free (self->directory);
  g_free (self->resource_uri);
  g_free (self->fmi_version);
  g_free (self->model_name);
  g_free (self->guid);
  g_free (self->model_identifier);
  g_free (self->description);
  g_free (self->generation_tool);
  g_clear_pointer (&fmu->by_name, g_hash_table_unref);
  g_clear_pointer (&self->variables, g_ptr_array_unref);
  g_clear_pointer (&fmu->instances, g_ptr_array_unref);
  g_mutex_clear (&fmu->lock);
  g_free (fmu);
}

/* Unpacking ------------------------------------------------------------------------------- */

/* Why an entry's name is refused, or NULL: it must be a relative path below the directory. */
static const char *
unsafe_name (const char *name, gsize length)
{
  g_auto (GStrv) parts = NULL;

  if (length == 0 || strlen (name) != length)
    return "an empty name or a NUL byte in it";
  if (name[0] == '/')
    return "an absolute path";
  if (strchr (name, '\\'))
    return "a backslash, which may be a path separator";
  parts = g_strsplit (name, "/", -1);
  for (guint i = 0; parts[i]; i++)
    if (g_str_equal (parts[i], ".."))
      return "a \"..\" component";
  return NULL;
}

/* The entry's file name relative to the directory: its components without empty ones and ".";
 * "" for the directory itself. */
static char *
relative_path (const char *name)
{
  g_auto (GStrv) parts = g_strsplit (name, "/", -1);
  g_autoptr (GPtrArray) kept = g_ptr_array_new ();

  for (guint i = 0; parts[i]; i++)
    if (*parts[i] != '\0' && !g_str_equal (parts[i], "."))
      g_ptr_array_add (kept, parts[i]);
  g_ptr_array_add (kept, NULL);
  return g_build_filenamev ((char **) kept->pdata);
}

/* The current entry's information and name (NUL-terminated, as stored). */
static gboolean
current_entry (unzFile zip, unz_file_info64 *info, char **name)
{
  if (unzGetCurrentFileInfo64 (zip, info, NULL, 0, NULL, 0, NULL, 0) != UNZ_OK)
    return FALSE;
  *name = g_malloc (info->size_filename + 1);
  if (unzGetCurrentFileInfo64 (zip, info, *name, info->size_filename + 1, NULL, 0, NULL, 0)
      != UNZ_OK)
    {
      g_clear_pointer (name, g_free);
      return FALSE;
    }
  (*name)[info->size_filename] = '\0';
  return TRUE;
}

static gboolean
is_symlink (const unz_file_info64 *info)
{
  /* Made on Unix (3): the high 16 bits of the external attributes are st_mode. */
  return (info->version >> 8) == 3 && S_ISLNK ((info->external_fa >> 16) & 0xFFFF);
}

/* Every name and the total size, before anything is written. */
/* After walking the archive's directory: whether it ended where it should, not on damage. */
static gboolean
listed_to_end (HycoFmu *self, int status, GError **error)
{
  if (status == UNZ_END_OF_LIST_OF_FILE)
    return TRUE;
  g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_ARCHIVE,
               "%s: the zip archive is damaged (its directory cannot be read)", self->path);
  return FALSE;
}

static gboolean
check_entries (HycoFmu *self, unzFile zip, GError **error)
{
  guint64 total = 0;
  guint entries = 0;
  int status;

  for (status = unzGoToFirstFile (zip); status == UNZ_OK; status = unzGoToNextFile (zip))
    {
      unz_file_info64 info;
      g_autofree char *name = NULL;
      const char *reason;

      if (!current_entry (zip, &info, &name))
        break;
      reason = unsafe_name (name, info.size_filename);
      if (reason == NULL && is_symlink (&info))
        reason = "a symbolic link";
      if (reason)
        {
          g_autofree char *printable = g_strescape (name, NULL);
          g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_UNSAFE_PATH,
                       "%s: the archive entry \"%s\" is refused: %s", self->path, printable,
                       reason);
          return FALSE;
        }
      if (info.flag & 1)
        {
          g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_ARCHIVE,
                       "%s: the archive entry %s is encrypted", self->path, name);
          return FALSE;
        }
      if (++entries > MAX_ENTRIES)
        {
          g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_ARCHIVE,
                       "%s: the archive has too many entries (more than %d)", self->path,
                       MAX_ENTRIES);
          return FALSE;
        }
      if (info.uncompressed_size > MAX_UNPACKED_SIZE - total)
        {
          g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_ARCHIVE,
                       "%s: the archive is too large (more than 1 GiB unpacked)", self->path);
          return FALSE;
        }
      total += info.uncompressed_size;
    }
  return listed_to_end (self, status, error);
}

static gboolean
write_all (int fd, const char *data, gsize size)
{
  while (size > 0)
    {
      gssize written = write (fd, data, size);
      if (written < 0 && errno == EINTR)
        continue;
      if (written <= 0)
        return FALSE;
      data += written;
      size -= (gsize) written;
    }
  return TRUE;
}

/* Writes the current entry's data to @target, a new file; @total counts the bytes unpacked. */
static gboolean
extract_file (HycoFmu *self, unzFile zip, const char *name, const char *target, char *buffer,
              gsize buffer_size, guint64 *total, GError **error)
{
  int fd, read, status;
  gboolean ok = TRUE;

  /* O_EXCL: an entry that appears twice does not overwrite the first. */
  fd = g_open (target, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (fd < 0)
    {
      int saved = errno;
      g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_ARCHIVE, "%s: cannot unpack %s: %s",
                   self->path, name,
                   saved == EEXIST ? "the archive holds it twice" : g_strerror (saved));
      return FALSE;
    }
  if (unzOpenCurrentFile (zip) != UNZ_OK)
    {
      close (fd);
      g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_ARCHIVE,
                   "%s: cannot read the archive entry %s (damaged or an unsupported compression "
                   "method)",
                   self->path, name);
      return FALSE;
    }
  while ((read = unzReadCurrentFile (zip, buffer, (unsigned) buffer_size)) > 0)
    {
      *total += (guint64) read;
      if (*total > MAX_UNPACKED_SIZE)
        {
          g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_ARCHIVE,
                       "%s: the archive is too large (more than 1 GiB unpacked)", self->path);
          ok = FALSE;
          break;
        }
      if (!write_all (fd, buffer, (gsize) read))
        {
          g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_ARCHIVE, "%s: cannot unpack %s: %s",
                       self->path, name, g_strerror (errno));
          ok = FALSE;
          break;
        }
    }
  status = unzCloseCurrentFile (zip);
  if (ok && (read < 0 || status != UNZ_OK))
    {
      g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_ARCHIVE,
                   "%s: the archive entry %s is damaged%s", self->path, name,
                   status == UNZ_CRCERROR ? " (its checksum does not match)" : "");
      ok = FALSE;
    }
  if (close (fd) != 0 && ok)
    {
      g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_ARCHIVE, "%s: cannot unpack %s: %s",
                   self->path, name, g_strerror (errno));
      ok = FALSE;
    }
  return ok;
}

static gboolean
extract_entries (HycoFmu *self, unzFile zip, GError **error)
{
  const gsize buffer_size = 64 * 1024;
  g_autofree char *buffer = g_malloc (buffer_size);
  guint64 total = 0;
  int status;

  for (status = unzGoToFirstFile (zip); status == UNZ_OK; status = unzGoToNextFile (zip))
    {
      unz_file_info64 info;
      g_autofree char *name = NULL;
      g_autofree char *relative = NULL;
      g_autofree char *target = NULL;
      g_autofree char *parent = NULL;
      gboolean is_directory;

      if (!current_entry (zip, &info, &name))
        break;
      is_directory = g_str_has_suffix (name, "/");
      relative = relative_path (name);
      if (*relative == '\0')
        continue;
      target = g_build_filename (self->directory, relative, NULL);
      parent = is_directory ? g_strdup (target) : g_path_get_dirname (target);
      if (g_mkdir_with_parents (parent, 0755) != 0)
        {
          g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_ARCHIVE, "%s: cannot unpack %s: %s",
                       self->path, name, g_strerror (errno));
          return FALSE;
        }
      if (!is_directory
          && !extract_file (self, zip, name, target, buffer, buffer_size, &total, error))
        return FALSE;
    }
  return listed_to_end (self, status, error);
}

static gboolean
unpack (HycoFmu *self, GError **error)
{
  unzFile zip = unzOpen64 (self->path);
  gboolean ok;

  if (zip == NULL)
    {
      g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_ARCHIVE,
                   "%s: not a zip archive (an FMU is one), or unreadable", self->path);
      return FALSE;
    }
  ok = check_entries (self, zip, error) && extract_entries (self, zip, error);
  unzClose (zip);
  return ok;
}

/* modelDescription.xml ------------------------------------------------------------------ */

typedef struct
{
  HycoFmuType type;
  char *unit;
  double min, max; /* -INFINITY, INFINITY when not given */
} SimpleType;

static void
simple_type_free (gpointer data)
{
  SimpleType *type = data;

  g_free (type->unit);
  g_free (type);
}

typedef struct
{
  HycoFmu *fmu;
  char *xml_message; /* the first error of the parser */
  int xml_line;
  char *declaration; /* the first entity declaration, refused */
  int declaration_line;
  GHashTable *types; /* SimpleType name -> SimpleType* */
} Reader;

static void
reader_clear (Reader *reader)
{
  g_free (reader->xml_message);
  g_free (reader->declaration);
  g_clear_pointer (&reader->types, g_hash_table_unref);
}

/* `ScalarVariable "x"`, `Real of ScalarVariable "x"`, or the element's name. */
static char *
describe_element (xmlNode *element)
{
  xmlChar *name = xmlGetNoNsProp (element, BAD_CAST "name");
  char *text;

  if (name == NULL && element->parent && element->parent->type == XML_ELEMENT_NODE)
    {
      xmlChar *parent_name = xmlGetNoNsProp (element->parent, BAD_CAST "name");
      if (parent_name)
        {
          text = g_strdup_printf ("%s of %s \"%s\"", (const char *) element->name,
                                  (const char *) element->parent->name, (const char *) parent_name);
          xmlFree (parent_name);
          return text;
        }
    }
  if (name == NULL)
    return g_strdup ((const char *) element->name);
  text = g_strdup_printf ("%s \"%s\"", (const char *) element->name, (const char *) name);
  xmlFree (name);
  return text;
}

/* `FMU: modelDescription.xml:LINE: ELEMENT: CAUSE`: where in the description, then why. */
static char *
locate (Reader *reader, xmlNode *element, const char *format, va_list args)
{
  g_autofree char *cause = g_strdup_vprintf (format, args);
  g_autofree char *what = describe_element (element);

  return g_strdup_printf ("%s: modelDescription.xml:%ld: %s: %s", reader->fmu->path,
                          xmlGetLineNo (element), what, cause);
}

/* Sets @error to the located message; returns FALSE. */
static gboolean G_GNUC_PRINTF (5, 6) fail (Reader *reader, GError **error, xmlNode *element,
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
  tolerate (Reader *reader, xmlNode *element, const char *format, ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = locate (reader, element, format, args);
  va_end (args);
  g_message ("%s", message);
}

static gboolean
get_required (Reader *reader, xmlNode *element, const char *name, char **value, GError **error)
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

/* The min and max attributes of a Real, Integer or Enumeration element, where given (@min and
 * @max are left as they are otherwise). */
static gboolean
read_range (Reader *reader, xmlNode *element, HycoFmuType type, double *min, double *max,
            GError **error)
{
  const char *names[] = { "min", "max" };
  double *bounds[] = { min, max };

  if (type != HYCO_FMU_TYPE_REAL && type != HYCO_FMU_TYPE_INTEGER
      && type != HYCO_FMU_TYPE_ENUMERATION)
    return TRUE;
  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *text = _hyco_xml_get_attr (element, names[i]);
      gint64 integer;
      if (text == NULL)
        continue;
      if (type == HYCO_FMU_TYPE_REAL ? !parse_double (text, bounds[i])
                                     : !parse_integer (text, G_MININT32, G_MAXINT32, &integer))
        return fail (reader, error, element, HYCO_FMU_ERROR_DESCRIPTION,
                     "%s=\"%s\" is not a valid %s", names[i], text, _hyco_fmu_type_name (type));
      if (type != HYCO_FMU_TYPE_REAL)
        *bounds[i] = (double) integer;
    }
  return TRUE;
}

static gboolean
get_boolean (Reader *reader, xmlNode *element, const char *name, gboolean fallback, gboolean *value,
             GError **error)
{
  g_autofree char *text = _hyco_xml_get_attr (element, name);

  *value = fallback;
  if (text && !parse_boolean (text, value))
    return fail (reader, error, element, HYCO_FMU_ERROR_DESCRIPTION,
                 "%s=\"%s\" is not a boolean (true or false)", name, text);
  return TRUE;
}

static gboolean
get_double (Reader *reader, xmlNode *element, const char *name, double *value, GError **error)
{
  g_autofree char *text = _hyco_xml_get_attr (element, name);

  *value = NAN;
  if (text && !parse_double (text, value))
    return fail (reader, error, element, HYCO_FMU_ERROR_DESCRIPTION, "%s=\"%s\" is not a number",
                 name, text);
  return TRUE;
}

static gboolean
get_unsigned (Reader *reader, xmlNode *element, const char *name, guint *value, GError **error)
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

static gboolean
read_co_simulation (Reader *reader, xmlNode *element, GError **error)
{
  HycoFmu *self = reader->fmu;

  if (!get_required (reader, element, "modelIdentifier", &self->model_identifier, error))
    return FALSE;
  if (!is_c_identifier (self->model_identifier))
    return fail (reader, error, element, HYCO_FMU_ERROR_DESCRIPTION,
                 "modelIdentifier \"%s\" is not a C identifier", self->model_identifier);
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
  static const char *const names[] = { "Real", "Integer", "Boolean", "String", "Enumeration" };

  return (guint) type < G_N_ELEMENTS (names) ? names[type] : "?";
}

static gboolean
read_type_definitions (Reader *reader, xmlNode *element, GError **error)
{
  for (xmlNode *child = element->children; child; child = child->next)
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
      for (xmlNode *kind = child->children; kind; kind = kind->next)
        {
          HycoFmuType value;
          if (kind->type != XML_ELEMENT_NODE || !type_from_name ((const char *) kind->name, &value))
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
          if (!read_range (reader, kind, value, &type->min, &type->max, error))
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
read_variable_type (Reader *reader, xmlNode *element, HycoFmuVariable *variable, GError **error)
{
  xmlNode *type_element = NULL;
  g_autofree char *declared = NULL;
  SimpleType *declared_type = NULL;

  for (xmlNode *child = element->children; child; child = child->next)
    {
      HycoFmuType type;
      if (child->type != XML_ELEMENT_NODE || !type_from_name ((const char *) child->name, &type))
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

  if (variable->type == HYCO_FMU_TYPE_REAL)
    {
      variable->unit = _hyco_xml_get_attr (type_element, "unit");
      if (variable->unit == NULL && declared_type && declared_type->unit)
        variable->unit = g_strdup (declared_type->unit);
    }
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
        case HYCO_FMU_TYPE_STRING:
          break;
        }
      if (!valid)
        return fail (reader, error, type_element, HYCO_FMU_ERROR_DESCRIPTION,
                     "start=\"%s\" is not a valid %s", variable->start,
                     _hyco_fmu_type_name (variable->type));
    }
  return TRUE;
}

static gboolean
read_variable (Reader *reader, xmlNode *element, GError **error)
{
  HycoFmu *self = reader->fmu;
  Fmu *fmu = FMU_PRIVATE (self);
  HycoFmuVariable *variable = g_new0 (HycoFmuVariable, 1);
  g_autofree char *causality = NULL;
  g_autofree char *variability = NULL;
  g_autofree char *initial = NULL;
  g_autofree char *reference = NULL;
  guint value;
  gint64 number;

  variable->n_dependencies = -1;
  /* In the array at once: a failure frees it with the rest. */
  g_ptr_array_add (self->variables, variable);

  if (!get_required (reader, element, "name", &variable->name, error)
      || !get_required (reader, element, "valueReference", &reference, error))
    return FALSE;
  if (g_hash_table_contains (fmu->by_name, variable->name))
    return fail (reader, error, element, HYCO_FMU_ERROR_DESCRIPTION,
                 "a second variable of that name");
  g_hash_table_insert (fmu->by_name, variable->name, variable);
  if (!parse_integer (reference, 0, G_MAXUINT32, &number))
    return fail (reader, error, element, HYCO_FMU_ERROR_DESCRIPTION,
                 "valueReference=\"%s\" is not an unsigned integer", reference);
  variable->value_reference = (fmi2ValueReference) number;
  variable->description = _hyco_xml_get_attr (element, "description");

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
read_model_variables (Reader *reader, xmlNode *element, GError **error)
{
  for (xmlNode *child = element->children; child; child = child->next)
    if (_hyco_xml_is_element (child, "ScalarVariable") && !read_variable (reader, child, error))
      return FALSE;
  return TRUE;
}

/* A 1-based ModelStructure index into ModelVariables, as a variable. */
static HycoFmuVariable *
lookup_index (HycoFmu *self, const char *text, guint *index)
{
  gint64 number;

  if (self->variables->len == 0 || !parse_integer (text, 1, self->variables->len, &number))
    return NULL;
  *index = (guint) number - 1;
  return self->variables->pdata[*index];
}

static gboolean
read_output (Reader *reader, xmlNode *element, GError **error)
{
  HycoFmu *self = reader->fmu;
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

static gboolean
read_model_structure (Reader *reader, xmlNode *element, GError **error)
{
  for (xmlNode *child = element->children; child; child = child->next)
    {
      if (!_hyco_xml_is_element (child, "Outputs"))
        continue;
      for (xmlNode *unknown = child->children; unknown; unknown = unknown->next)
        if (_hyco_xml_is_element (unknown, "Unknown") && !read_output (reader, unknown, error))
          return FALSE;
    }
  return TRUE;
}

static gboolean
read_default_experiment (Reader *reader, xmlNode *element, GError **error)
{
  HycoFmu *self = reader->fmu;

  return get_double (reader, element, "startTime", &self->start_time, error)
         && get_double (reader, element, "stopTime", &self->stop_time, error)
         && get_double (reader, element, "tolerance", &self->tolerance, error)
         && get_double (reader, element, "stepSize", &self->step_size, error);
}

static gboolean
read_root (Reader *reader, xmlNode *root, GError **error)
{
  static const char *const sections[] = { "CoSimulation", "TypeDefinitions", "ModelVariables",
                                          "ModelStructure", "DefaultExperiment" };
  xmlNode *found[G_N_ELEMENTS (sections)] = { NULL };
  HycoFmu *self = reader->fmu;

  if (root == NULL)
    {
      g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_DESCRIPTION,
                   "%s: modelDescription.xml has no root element", self->path);
      return FALSE;
    }
  if (!_hyco_xml_is_element (root, "fmiModelDescription"))
    return fail (reader, error, root, HYCO_FMU_ERROR_DESCRIPTION,
                 "the root element must be fmiModelDescription");
  if (!get_required (reader, root, "fmiVersion", &self->fmi_version, error))
    return FALSE;
  if (!g_str_equal (self->fmi_version, "2.0"))
    return fail (reader, error, root, HYCO_FMU_ERROR_UNSUPPORTED,
                 "fmiVersion is \"%s\": only FMI 2.0 FMUs are supported", self->fmi_version);
  if (!get_required (reader, root, "modelName", &self->model_name, error)
      || !get_required (reader, root, "guid", &self->guid, error))
    return FALSE;
  self->description = _hyco_xml_get_attr (root, "description");
  self->generation_tool = _hyco_xml_get_attr (root, "generationTool");

  for (xmlNode *child = root->children; child; child = child->next)
    for (guint i = 0; i < G_N_ELEMENTS (sections); i++)
      if (_hyco_xml_is_element (child, sections[i]))
        {
          if (found[i])
            return fail (reader, error, child, HYCO_FMU_ERROR_DESCRIPTION, "a second %s element",
                         sections[i]);
          found[i] = child;
        }
  if (found[0] == NULL)
    return fail (reader, error, root, HYCO_FMU_ERROR_UNSUPPORTED,
                 "no CoSimulation element: not a co-simulation FMU");
  if (found[2] == NULL)
    return fail (reader, error, root, HYCO_FMU_ERROR_DESCRIPTION, "no ModelVariables element");
  return read_co_simulation (reader, found[0], error)
         && (found[1] == NULL || read_type_definitions (reader, found[1], error))
         && read_model_variables (reader, found[2], error)
         && (found[3] == NULL || read_model_structure (reader, found[3], error))
         && (found[4] == NULL || read_default_experiment (reader, found[4], error));
}

static void
on_xml_error (void *data, xmlErrorPtr xml_error)
{
  xmlParserCtxt *ctxt = data;
  Reader *reader = ctxt->_private;

  if (reader->xml_message != NULL || xml_error->level < XML_ERR_ERROR)
    return;
  reader->xml_message = g_strchomp (g_strdup (xml_error->message ? xml_error->message : "?"));
  reader->xml_line = xml_error->line;
}

/* A modelDescription.xml declares no entities: refused, so that nothing is expanded. */
static void
refuse_declaration (void *data, const xmlChar *name)
{
  xmlParserCtxt *ctxt = data;
  Reader *reader = ctxt->_private;

  if (reader->declaration == NULL)
    {
      reader->declaration = g_strdup ((const char *) name);
      reader->declaration_line = xmlSAX2GetLineNumber (ctxt);
    }
}

static void
on_entity_declaration (void *data, const xmlChar *name, int type, const xmlChar *public_id,
                       const xmlChar *system_id, xmlChar *content)
{
  refuse_declaration (data, name);
}

static void
on_unparsed_entity_declaration (void *data, const xmlChar *name, const xmlChar *public_id,
                                const xmlChar *system_id, const xmlChar *notation)
{
  refuse_declaration (data, name);
}

static void
ignore_generic_error (void *context, const char *format, ...)
{
}

static xmlDoc *
parse_xml (Reader *reader, const char *data, gsize size, GError **error)
{
  static gsize initialized = 0;
  xmlParserCtxt *ctxt;
  xmlDoc *doc;

  if (g_once_init_enter (&initialized))
    {
      xmlInitParser ();
      g_once_init_leave (&initialized, 1);
    }
  if (size > G_MAXINT)
    {
      g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_DESCRIPTION,
                   "%s: modelDescription.xml is too large", reader->fmu->path);
      return NULL;
    }
  ctxt = xmlNewParserCtxt ();
  if (ctxt == NULL)
    g_error ("%s: out of memory", G_STRLOC);
  ctxt->_private = reader;
  ctxt->sax->serror = on_xml_error;
  ctxt->sax->entityDecl = on_entity_declaration;
  ctxt->sax->unparsedEntityDecl = on_unparsed_entity_declaration;
  /* No DTD loading, no entity substitution, no network; errors come to on_xml_error. Some
   * encoding errors bypass the context and go to the (thread-local) generic handler. */
  {
    xmlGenericErrorFunc saved_handler = xmlGenericError;
    void *saved_context = xmlGenericErrorContext;

    xmlSetGenericErrorFunc (NULL, ignore_generic_error);
    doc = xmlCtxtReadMemory (ctxt, data, (int) size, "modelDescription.xml", NULL,
                             XML_PARSE_NONET | XML_PARSE_NOWARNING | XML_PARSE_NOERROR
                               | XML_PARSE_BIG_LINES);
    xmlSetGenericErrorFunc (saved_context, saved_handler);
  }
  if (reader->xml_message == NULL && (doc == NULL || !ctxt->wellFormed))
    {
      const xmlError *last = xmlCtxtGetLastError (ctxt);
      reader->xml_message
        = g_strchomp (g_strdup (last && last->message ? last->message : "not well-formed"));
      reader->xml_line = last ? last->line : 0;
    }
  xmlFreeParserCtxt (ctxt);
  if (reader->declaration != NULL)
    {
      g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_DESCRIPTION,
                   "%s: modelDescription.xml:%d: ENTITY %s: entity declarations are refused",
                   reader->fmu->path, reader->declaration_line, reader->declaration);
      g_clear_pointer (&doc, xmlFreeDoc);
      return NULL;
    }
  if (reader->xml_message != NULL)
    {
      g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_DESCRIPTION,
                   "%s: modelDescription.xml:%d: malformed XML: %s", reader->fmu->path,
                   reader->xml_line, reader->xml_message);
      g_clear_pointer (&doc, xmlFreeDoc);
      return NULL;
    }
  return doc;
}

static gboolean
read_description (HycoFmu *self, GError **error)
{
  g_autofree char *file = g_build_filename (self->directory, "modelDescription.xml", NULL);
  g_autofree char *data = NULL;
  Reader reader = { .fmu = self };
  xmlDoc *doc;
  gsize size;
  gboolean ok;

  if (!g_file_test (file, G_FILE_TEST_IS_REGULAR)
      || !g_file_get_contents (file, &data, &size, NULL))
    {
      g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_DESCRIPTION,
                   "%s: no modelDescription.xml in the archive", self->path);
      return FALSE;
    }
  doc = parse_xml (&reader, data, size, error);
  if (doc == NULL)
    {
      reader_clear (&reader);
      return FALSE;
    }
  reader.types = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, simple_type_free);
  ok = read_root (&reader, xmlDocGetRootElement (doc), error);
  xmlFreeDoc (doc);
  reader_clear (&reader);
  return ok;
}

/* The library ------------------------------------------------------------------------- */

static gboolean
is_optional (HycoFmu *self, const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (optional_functions); i++)
    if (g_str_equal (name, optional_functions[i]))
      return TRUE;
  if (!self->can_get_and_set_fmu_state)
    for (guint i = 0; i < G_N_ELEMENTS (state_functions); i++)
      if (g_str_equal (name, state_functions[i]))
        return TRUE;
  return FALSE;
}

static HycoFmuCategory
detect_category (HycoFmu *self)
{
  if (self->fmi.fmi2HybridDoStep)
    {
      gboolean preferred = self->fmi.fmi2GetPreferredResolution != NULL;
      gboolean settable = self->fmi.fmi2SetResolution != NULL;
      if (preferred && settable)
        return HYCO_FMU_CATEGORY_4;
      if (settable)
        return HYCO_FMU_CATEGORY_3;
      if (preferred)
        return HYCO_FMU_CATEGORY_2;
      return HYCO_FMU_CATEGORY_1;
    }
  if (self->fmi.fmi2GetMaxStepSize)
    return HYCO_FMU_CATEGORY_0B;
  return HYCO_FMU_CATEGORY_0A;
}

static gboolean
load_library (HycoFmu *self, GError **error)
{
  g_autofree char *file_name = g_strconcat (self->model_identifier, ".so", NULL);
  g_autofree char *library
    = g_build_filename (self->directory, "binaries", "linux64", file_name, NULL);
  g_autoptr (GError) local_error = NULL;
  g_autoptr (GString) missing = g_string_new (NULL);
  const char *version, *platform;

  if (!g_file_test (library, G_FILE_TEST_IS_REGULAR))
    {
      g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_NO_BINARY,
                   "%s: no binaries/linux64/%s: the FMU has no library for this platform",
                   self->path, file_name);
      return FALSE;
    }
  /* Local: FMUs export the same names, and several may be loaded at once. */
  self->module
    = g_module_open_full (library, G_MODULE_BIND_LOCAL | G_MODULE_BIND_LAZY, &local_error);
  if (self->module == NULL)
    {
      /* The loader names the file where it was unpacked, which is gone by the time anyone
       * reads this: name it within the FMU instead. */
      g_autoptr (GString) reason = g_string_new (local_error->message);
      g_autofree char *unpacked = g_strconcat (self->directory, G_DIR_SEPARATOR_S, NULL);
      g_string_replace (reason, unpacked, "", 0);
      g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_NO_BINARY,
                   "%s: binaries/linux64/%s does not load: %s", self->path, file_name, reason->str);
      return FALSE;
    }
  for (guint i = 0; i < G_N_ELEMENTS (fmi2_slots); i++)
    if (!g_module_symbol (self->module, fmi2_slots[i].name, function_slot (self, &fmi2_slots[i]))
        && !is_optional (self, fmi2_slots[i].name))
      g_string_append_printf (missing, "%s%s", missing->len ? ", " : "", fmi2_slots[i].name);
  for (guint i = 0; i < G_N_ELEMENTS (hybrid_slots); i++)
    g_module_symbol (self->module, hybrid_slots[i].name, function_slot (self, &hybrid_slots[i]));
  if (missing->len)
    {
      g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_MISSING_FUNCTION,
                   "%s: binaries/linux64/%s does not export %s, which FMI 2.0 requires", self->path,
                   file_name, missing->str);
      return FALSE;
    }
  version = self->fmi.fmi2GetVersion ();
  platform = self->fmi.fmi2GetTypesPlatform ();
  if (version == NULL || !g_str_equal (version, "2.0"))
    {
      g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_UNSUPPORTED,
                   "%s: binaries/linux64/%s implements FMI %s, not 2.0", self->path, file_name,
                   version ? version : "(null)");
      return FALSE;
    }
  if (platform == NULL || !g_str_equal (platform, "default"))
    {
      g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_UNSUPPORTED,
                   "%s: binaries/linux64/%s uses the types platform \"%s\", not \"default\"",
                   self->path, file_name, platform ? platform : "(null)");
      return FALSE;
    }
  self->category = detect_category (self);
  return TRUE;
}

HycoFmu *
_hyco_fmu_open (const char *path, GError **error)
{
  g_autoptr (HycoFmu) self = NULL;
  g_autoptr (GError) local_error = NULL;
  g_autofree char *resources = NULL;
  g_autofree char *uri = NULL;
  Fmu *fmu;

  g_return_val_if_fail (path != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (!g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_NOT_FOUND, "%s: no such file", path);
      return NULL;
    }
  if (g_file_test (path, G_FILE_TEST_IS_DIR))
    {
      g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_ARCHIVE,
                   "%s: a directory, not an FMU archive", path);
      return NULL;
    }

  fmu = g_new0 (Fmu, 1);
  self = &fmu->public;
  g_atomic_ref_count_init (&self->ref_count);
  g_mutex_init (&fmu->lock);
  fmu->instances = g_ptr_array_new_with_free_func (instance_free);
  fmu->by_name = g_hash_table_new (g_str_hash, g_str_equal);
  self->path = g_strdup (path);
  self->variables = g_ptr_array_new_with_free_func (variable_free);
  self->start_time = self->stop_time = self->tolerance = self->step_size = NAN;

  self->directory = g_dir_make_tmp ("hyco-fmu-XXXXXX", &local_error);
  if (self->directory == NULL)
    {
      g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_ARCHIVE, "%s: cannot unpack it: %s", path,
                   local_error->message);
      return NULL;
    }
  if (!unpack (self, error) || !read_description (self, error) || !load_library (self, error))
    return NULL;

  resources = g_build_filename (self->directory, "resources", NULL);
  uri = g_filename_to_uri (resources, NULL, &local_error);
  if (uri == NULL)
    {
      g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_ARCHIVE, "%s: %s", path,
                   local_error->message);
      return NULL;
    }
  /* With the trailing slash, as FMUs expect: they append file names to it. */
  self->resource_uri = g_strconcat (uri, "/", NULL);
  return g_steal_pointer (&self);
}

const HycoFmuVariable *
_hyco_fmu_find_variable (HycoFmu *self, const char *name)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (name != NULL, NULL);

  return g_hash_table_lookup (FMU_PRIVATE (self)->by_name, name);
}

const char *
_hyco_fmu_category_name (HycoFmuCategory category)
{
  static const char *const names[] = { "0A", "0B", "1", "2", "3", "4" };

  g_return_val_if_fail ((guint) category < G_N_ELEMENTS (names), "?");
  return names[category];
}

/* Instances and their messages ---------------------------------------------------------- */

static const char *
status_name (fmi2Status status)
{
  static const char *const names[]
    = { "fmi2OK", "fmi2Warning", "fmi2Discard", "fmi2Error", "fmi2Fatal", "fmi2Pending" };

  return (guint) status < G_N_ELEMENTS (names) ? names[status] : "an unknown status";
}

/* A message's value references, `#r12#` (type r, i, b or s, then the reference), become the
 * variables' names; `##` is `#` (FMI 2.0, section 2.1.5). */
static char *
expand_references (HycoFmu *self, const char *message)
{
  GString *text = g_string_sized_new (strlen (message));

  for (const char *p = message; *p; p++)
    {
      const char *end;
      const HycoFmuVariable *found = NULL;

      if (*p != '#')
        {
          g_string_append_c (text, *p);
          continue;
        }
      if (p[1] == '#')
        {
          g_string_append_c (text, '#');
          p++;
          continue;
        }
      if (p[1] == '\0' || strchr ("ribs", p[1]) == NULL)
        {
          g_string_append_c (text, '#');
          continue;
        }
      end = p + 2;
      while (g_ascii_isdigit (*end))
        end++;
      if (end > p + 2 && *end == '#')
        {
          guint64 reference = g_ascii_strtoull (p + 2, NULL, 10);
          for (guint i = 0; i < self->variables->len && !found; i++)
            {
              const HycoFmuVariable *variable = self->variables->pdata[i];
              char kind = variable->type == HYCO_FMU_TYPE_REAL      ? 'r'
                          : variable->type == HYCO_FMU_TYPE_BOOLEAN ? 'b'
                          : variable->type == HYCO_FMU_TYPE_STRING  ? 's'
                                                                    : 'i';
              if (kind == p[1] && variable->value_reference == reference)
                found = variable;
            }
        }
      if (found)
        {
          g_string_append (text, found->name);
          p = end;
        }
      else
        g_string_append_c (text, '#');
    }
  return g_string_free (text, FALSE);
}

static void G_GNUC_PRINTF (5, 6)
  log_message (fmi2ComponentEnvironment environment, fmi2String instance_name, fmi2Status status,
               fmi2String category, fmi2String message, ...)
{
  Instance *instance = environment;
  g_autofree char *formatted = NULL;
  g_autofree char *text = NULL;
  const char *name = instance ? instance->name : instance_name ? instance_name : "FMU";
  GLogLevelFlags level;
  va_list args;

  if (message == NULL)
    return;
  va_start (args, message);
  formatted = g_strdup_vprintf (message, args);
  va_end (args);
  text = instance ? expand_references (instance->fmu, formatted) : g_strdup (formatted);

  if (instance && status >= fmi2Warning && status <= fmi2Fatal)
    {
      Fmu *fmu = FMU_PRIVATE (instance->fmu);
      g_mutex_lock (&fmu->lock);
      g_free (instance->last_message);
      instance->last_message = g_strdup (text);
      g_mutex_unlock (&fmu->lock);
    }

  /* An error's message reaches the user in the error of the call that failed (see
   * _hyco_fmu_check()); printing it too would repeat it, and flood the output when step
   * revision retries steps the FMU refused. */
  if (status == fmi2Error || status == fmi2Fatal)
    level = G_LOG_LEVEL_INFO;
  else if (status == fmi2Warning || (instance && instance->logging))
    level = G_LOG_LEVEL_MESSAGE; /* the rest only when asked for */
  else
    return;
  if (category && *category)
    g_log (G_LOG_DOMAIN, level, "%s: %s: %s", name, category, text);
  else
    g_log (G_LOG_DOMAIN, level, "%s: %s", name, text);
}

/* The instance of that name, created at the first fmi2Instantiate of the name. */
static Instance *
get_instance (HycoFmu *self, const char *instance_name, gboolean logging)
{
  Fmu *fmu = FMU_PRIVATE (self);
  Instance *instance = NULL;

  g_mutex_lock (&fmu->lock);
  for (guint i = 0; i < fmu->instances->len && !instance; i++)
    if (g_str_equal (((Instance *) fmu->instances->pdata[i])->name, instance_name))
      instance = fmu->instances->pdata[i];
  if (instance == NULL)
    {
      instance = g_new0 (Instance, 1);
      instance->fmu = self;
      instance->name = g_strdup (instance_name);
      {
        /* The members are const: initialized here, then copied in. */
        const fmi2CallbackFunctions callbacks = {
          .logger = log_message,
          .allocateMemory = calloc,
          .freeMemory = free,
          .stepFinished = NULL,
          .componentEnvironment = instance,
        };
        memcpy (&instance->callbacks, &callbacks, sizeof callbacks);
      }
      g_ptr_array_add (fmu->instances, instance);
    }
  instance->logging = logging;
  g_clear_pointer (&instance->last_message, g_free);
  g_mutex_unlock (&fmu->lock);
  return instance;
}

/* The last message the instance logged at fmi2Warning or worse, now forgotten. */
static char *
take_last_message (HycoFmu *self, const char *instance_name)
{
  Fmu *fmu = FMU_PRIVATE (self);
  char *message = NULL;

  g_mutex_lock (&fmu->lock);
  for (guint i = 0; i < fmu->instances->len; i++)
    {
      Instance *instance = fmu->instances->pdata[i];
      if (g_str_equal (instance->name, instance_name))
        {
          message = g_steal_pointer (&instance->last_message);
          break;
        }
    }
  g_mutex_unlock (&fmu->lock);
  return message;
}

fmi2Component
_hyco_fmu_instantiate (HycoFmu *self, const char *instance_name, gboolean logging, GError **error)
{
  Instance *instance;
  fmi2Component component;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (instance_name != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  instance = get_instance (self, instance_name, logging);
  component
    = self->fmi.fmi2Instantiate (instance_name, fmi2CoSimulation, self->guid, self->resource_uri,
                                 &instance->callbacks, fmi2False, logging ? fmi2True : fmi2False);
  if (component == NULL)
    {
      g_autofree char *message = take_last_message (self, instance_name);
      g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_CALL,
                   "FMU %s (%s): fmi2Instantiate failed%s%s", self->model_name, instance_name,
                   message ? ": " : "", message ? message : "");
    }
  return component;
}

gboolean
_hyco_fmu_check (HycoFmu *self, const char *instance_name, fmi2Status status, const char *call,
                 GError **error)
{
  g_autofree char *message = NULL;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (instance_name != NULL, FALSE);
  g_return_val_if_fail (call != NULL, FALSE);

  message = take_last_message (self, instance_name);
  if (status == fmi2OK || status == fmi2Warning)
    return TRUE;
  g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_CALL, "FMU %s (%s): %s returned %s%s%s",
               self->model_name, instance_name, call, status_name (status), message ? ": " : "",
               message ? message : "");
  return FALSE;
}

/* Description --------------------------------------------------------------------------- */

static const char *
category_summary (HycoFmuCategory category)
{
  switch (category)
    {
    case HYCO_FMU_CATEGORY_0A:
      return "plain FMI 2.0 co-simulation";
    case HYCO_FMU_CATEGORY_0B:
      return "FMI 2.0 with fmi2GetMaxStepSize: real time, zero-size steps";
    case HYCO_FMU_CATEGORY_1:
      return "FMI-HC, integer time, no resolution functions";
    case HYCO_FMU_CATEGORY_2:
      return "FMI-HC, integer time at its preferred resolution";
    case HYCO_FMU_CATEGORY_3:
      return "FMI-HC, integer time at a resolution the master sets";
    case HYCO_FMU_CATEGORY_4:
      return "FMI-HC, integer time, preferred and settable resolution";
    }
  return "?";
}

static void
append_flag (GString *text, gboolean on, const char *name)
{
  if (on)
    g_string_append_printf (text, " %s", name);
}

static void
append_number (GString *text, const char *name, double value, gboolean *first)
{
  if (isnan (value))
    return;
  g_string_append_printf (text, "%s %s %g", *first ? "" : ",", name, value);
  *first = FALSE;
}

char *
_hyco_fmu_describe (HycoFmu *self)
{
  GString *text = g_string_new (NULL);
  g_autoptr (GString) functions = g_string_new (NULL);
  gboolean first = TRUE;
  guint n_inputs = 0;

  g_return_val_if_fail (self != NULL, NULL);

  g_string_append_printf (text, "FMU %s (%s)\n", self->model_name, self->path);
  if (self->description)
    g_string_append_printf (text, "  description     %s\n", self->description);
  g_string_append_printf (text, "  GUID            %s\n", self->guid);
  g_string_append_printf (text, "  FMI version     %s, co-simulation\n", self->fmi_version);
  if (self->generation_tool)
    g_string_append_printf (text, "  generated by    %s\n", self->generation_tool);
  g_string_append_printf (text, "  library         binaries/linux64/%s.so\n",
                          self->model_identifier);
  g_string_append_printf (text, "  category        %s (%s)\n",
                          _hyco_fmu_category_name (self->category),
                          category_summary (self->category));
  for (guint i = 0; i < G_N_ELEMENTS (hybrid_slots); i++)
    if (*function_slot (self, &hybrid_slots[i]))
      g_string_append_printf (functions, " %s", hybrid_slots[i].name);
  g_string_append_printf (text, "  FMI-HC          %s\n",
                          functions->len ? functions->str + 1 : "none");

  g_string_append (text, "  capabilities   ");
  append_flag (text, self->can_handle_variable_communication_step_size,
               "canHandleVariableCommunicationStepSize");
  append_flag (text, self->can_interpolate_inputs, "canInterpolateInputs");
  append_flag (text, self->can_get_and_set_fmu_state, "canGetAndSetFMUstate");
  append_flag (text, self->can_serialize_fmu_state, "canSerializeFMUstate");
  append_flag (text, self->needs_execution_tool, "needsExecutionTool");
  append_flag (text, self->declares_can_get_max_step_size, "canGetMaxStepSize");
  append_flag (text, self->declares_can_get_preferred_resolution, "canGetPreferredResolution");
  append_flag (text, self->declares_can_set_resolution, "canSetResolution");
  append_flag (text, self->declares_can_handle_integer_time, "canHandleIntegerTime");
  g_string_append_printf (text, " maxOutputDerivativeOrder=%u\n",
                          self->max_output_derivative_order);

  g_string_append (text, "  experiment     ");
  append_number (text, "start", self->start_time, &first);
  append_number (text, "stop", self->stop_time, &first);
  append_number (text, "step size", self->step_size, &first);
  append_number (text, "tolerance", self->tolerance, &first);
  g_string_append (text, first ? " none given\n" : "\n");

  for (guint i = 0; i < self->variables->len; i++)
    n_inputs
      += ((HycoFmuVariable *) self->variables->pdata[i])->causality == HYCO_FMU_CAUSALITY_INPUT;
  g_string_append_printf (text, "  variables       %u\n", self->variables->len);
  for (guint i = 0; i < self->variables->len; i++)
    {
      const HycoFmuVariable *variable = self->variables->pdata[i];

      g_string_append_printf (text, "    %s (%s, %s %s), value reference %u", variable->name,
                              causality_names[variable->causality],
                              variability_names[variable->variability],
                              _hyco_fmu_type_name (variable->type), variable->value_reference);
      if (variable->start)
        g_string_append_printf (text, ", start %s", variable->start);
      /* What hyco fmu run --set takes besides parameters and inputs: start values of states. */
      if (variable->causality != HYCO_FMU_CAUSALITY_PARAMETER
          && variable->causality != HYCO_FMU_CAUSALITY_INPUT
          && _hyco_fmu_variable_is_settable (variable))
        g_string_append_printf (text, " (settable, initial %s)", initial_names[variable->initial]);
      if (variable->unit)
        g_string_append_printf (text, ", unit %s", variable->unit);
      if (variable->min > -INFINITY)
        g_string_append_printf (text, ", min %.15g", variable->min);
      if (variable->max < INFINITY)
        g_string_append_printf (text, ", max %.15g", variable->max);
      if (variable->causality == HYCO_FMU_CAUSALITY_OUTPUT)
        {
          /* Without inputs, an undeclared dependency is on none. */
          if (variable->n_dependencies == 0 || n_inputs == 0)
            g_string_append (text, ", depends on no input");
          else if (variable->n_dependencies < 0)
            g_string_append (text, ", depends on every input");
          else
            {
              g_string_append (text, ", depends on ");
              for (int d = 0; d < variable->n_dependencies; d++)
                {
                  const HycoFmuVariable *input = self->variables->pdata[variable->dependencies[d]];
                  g_string_append_printf (text, "%s%s", d ? " " : "", input->name);
                }
            }
        }
      g_string_append_c (text, '\n');
      if (variable->description && *variable->description)
        g_string_append_printf (text, "      %s\n", variable->description);
    }
  return g_string_free (text, FALSE);
}
