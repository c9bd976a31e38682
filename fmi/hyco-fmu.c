/* hyco-fmu.c: an FMU unpacked into a private temporary directory, its modelDescription.xml read,
 * its library checked by the backend of its FMI version from the file, and loaded only when an
 * instance is made.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-fmu.h"
#include "hyco-fmu-archive.h"
#include "hyco-fmi2-fmu.h"
#include "hyco-fmi3-fmu.h"
#include "hyco-fmu-output-private.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

/* The FMI versions Hyco runs, one backend each. */
static const HycoFmuBackend *const backends[] = { &_hyco_fmi2_backend, &_hyco_fmi3_backend };

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
  g_return_if_fail (self != NULL);

  if (!g_atomic_ref_count_dec (&self->ref_count))
    return;
  if (self->backend_data)
    self->backend->unload (self);
  g_clear_pointer (&self->symbols, _hyco_fmu_symbols_free);
  g_clear_error (&self->load_error);
  g_mutex_clear (&self->load_lock);
  if (self->directory && !self->directory_borrowed)
    _hyco_fmu_archive_remove_tree (self->directory);
  g_free (self->path);
  g_free (self->directory);
  g_free (self->resource_uri);
  g_clear_pointer (&self->description, _hyco_model_description_free);
  g_free (self);
}

static gboolean
read_description (HycoFmu *self, GError **error)
{
  const char *versions[G_N_ELEMENTS (backends) + 1] = { NULL };

  for (guint i = 0; i < G_N_ELEMENTS (backends); i++)
    versions[i] = backends[i]->fmi_version;
  self->description = _hyco_model_description_read (self->path, self->directory, versions, error);
  if (self->description == NULL)
    return FALSE;
  for (guint i = 0; i < G_N_ELEMENTS (backends); i++)
    if (g_str_equal (backends[i]->fmi_version, self->description->fmi_version))
      self->backend = backends[i];
  g_assert (self->backend != NULL);
  return TRUE;
}

/* An FMU is unpacked into "hyco-fmu-PID-XXXXXX" in the temporary directory and removed when
 * the FMU is freed, on errors and on Ctrl-C included; a process killed outright leaves its
 * directory, which the next process to open an FMU removes: one named by Hyco, owned by this
 * user, of a process that no longer exists. */
#define DIRECTORY_PREFIX "hyco-fmu-"

static void
remove_stale_directories (void)
{
  static gsize done = 0;
  const char *tmp = g_get_tmp_dir ();
  GDir *dir;
  const char *name;

  if (!g_once_init_enter (&done))
    return;
  dir = g_dir_open (tmp, 0, NULL);
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = NULL;
      char *end;
      guint64 pid;
      GStatBuf info;

      if (!g_str_has_prefix (name, DIRECTORY_PREFIX))
        continue;
      pid = g_ascii_strtoull (name + strlen (DIRECTORY_PREFIX), &end, 10);
      if (end == name + strlen (DIRECTORY_PREFIX) || *end != '-' || pid == 0 || pid > G_MAXINT
          || (pid_t) pid == getpid () || kill ((pid_t) pid, 0) == 0 || errno != ESRCH)
        continue;
      path = g_build_filename (tmp, name, NULL);
      if (g_lstat (path, &info) == 0 && S_ISDIR (info.st_mode) && info.st_uid == getuid ())
        _hyco_fmu_archive_remove_tree (path);
    }
  if (dir != NULL)
    g_dir_close (dir);
  g_once_init_leave (&done, 1);
}

static HycoFmu *finish_open (HycoFmu *fmu, GError **error);

HycoFmu *
_hyco_fmu_open (const char *path, GError **error)
{
  g_autoptr (HycoFmu) self = NULL;
  g_autoptr (GError) local_error = NULL;

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

  self = g_new0 (HycoFmu, 1);
  g_atomic_ref_count_init (&self->ref_count);
  g_mutex_init (&self->load_lock);
  self->path = g_strdup (path);

  remove_stale_directories ();
  {
    g_autofree char *template = g_strdup_printf (DIRECTORY_PREFIX "%ld-XXXXXX", (long) getpid ());
    self->directory = g_dir_make_tmp (template, &local_error);
  }
  if (self->directory == NULL)
    {
      g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_ARCHIVE, "%s: cannot unpack it: %s", path,
                   local_error->message);
      return NULL;
    }
  if (!_hyco_fmu_archive_unpack (self->path, self->directory, error))
    return NULL;
  return finish_open (g_steal_pointer (&self), error);
}

HycoFmu *
_hyco_fmu_open_unpacked (const char *path, const char *directory, GError **error)
{
  HycoFmu *self;

  g_return_val_if_fail (path != NULL && directory != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  self = g_new0 (HycoFmu, 1);
  g_atomic_ref_count_init (&self->ref_count);
  g_mutex_init (&self->load_lock);
  self->path = g_strdup (path);
  self->directory = g_strdup (directory);
  self->directory_borrowed = TRUE;
  return finish_open (self, error);
}

/* The description read and the library checked, of an FMU unpacked in self->directory. */
static HycoFmu *
finish_open (HycoFmu *fmu, GError **error)
{
  g_autoptr (HycoFmu) self = fmu;
  g_autoptr (GError) local_error = NULL;
  g_autofree char *resources = NULL;
  g_autofree char *uri = NULL;
  const char *path = self->path;

  if (!read_description (self, error) || !self->backend->check (self, error))
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

gboolean
_hyco_fmu_load (HycoFmu *self, GError **error)
{
  gboolean loaded;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  /* Its constructor may print already. */
  _hyco_fmu_output_will_load (NULL);
  g_mutex_lock (&self->load_lock);
  if (!self->loaded && self->load_error == NULL)
    self->loaded = self->backend->load (self, &self->load_error);
  loaded = self->loaded;
  if (!loaded && error != NULL)
    *error = g_error_copy (self->load_error);
  g_mutex_unlock (&self->load_lock);
  return loaded;
}

gboolean
_hyco_fmu_is_loaded (HycoFmu *self)
{
  gboolean loaded;

  g_return_val_if_fail (self != NULL, FALSE);

  g_mutex_lock (&self->load_lock);
  loaded = self->loaded;
  g_mutex_unlock (&self->load_lock);
  return loaded;
}

void
_hyco_fmu_function_not_loaded (void)
{
  g_error ("an FMU's function was called before its library was loaded (_hyco_fmu_load)");
}

/* binaries/@platform/MODELIDENTIFIER.so in the unpacked FMU, or NULL with the error that the
 * FMU has none. */
static char *
find_library (HycoFmu *self, const char *platform, GError **error)
{
  g_autofree char *file_name = g_strconcat (self->description->model_identifier, ".so", NULL);
  g_autofree char *library
    = g_build_filename (self->directory, "binaries", platform, file_name, NULL);

  if (!g_file_test (library, G_FILE_TEST_IS_REGULAR))
    {
      g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_NO_BINARY,
                   "%s: no binaries/%s/%s: the FMU has no library for this platform", self->path,
                   platform, file_name);
      return NULL;
    }
  return g_steal_pointer (&library);
}

gboolean
_hyco_fmu_read_symbols (HycoFmu *self, const char *platform, GError **error)
{
  g_autofree char *library = find_library (self, platform, error);
  g_autofree char *name = NULL;

  if (library == NULL)
    return FALSE;
  name = g_strdup_printf ("binaries/%s/%s.so", platform, self->description->model_identifier);
  g_clear_pointer (&self->symbols, _hyco_fmu_symbols_free);
  self->symbols = _hyco_fmu_symbols_read (library, self->path, name, error);
  return self->symbols != NULL;
}

gboolean
_hyco_fmu_exports (HycoFmu *self, const char *name)
{
  g_return_val_if_fail (self != NULL && self->symbols != NULL, FALSE);

  return _hyco_fmu_symbols_has (self->symbols, name);
}

GModule *
_hyco_fmu_open_library (HycoFmu *self, const char *platform, GError **error)
{
  g_autofree char *file_name = g_strconcat (self->description->model_identifier, ".so", NULL);
  g_autofree char *library = find_library (self, platform, error);
  g_autoptr (GError) local_error = NULL;
  GModule *module;

  if (library == NULL)
    return NULL;
  module = g_module_open_full (library, G_MODULE_BIND_LOCAL | G_MODULE_BIND_LAZY, &local_error);
  if (module == NULL)
    {
      /* The loader names the file where it was unpacked, which is gone by the time anyone
       * reads this: name it within the FMU instead. */
      g_autoptr (GString) reason = g_string_new (local_error->message);
      g_autofree char *unpacked = g_strconcat (self->directory, G_DIR_SEPARATOR_S, NULL);
      g_string_replace (reason, unpacked, "", 0);
      g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_NO_BINARY,
                   "%s: binaries/%s/%s does not load: %s", self->path, platform, file_name,
                   reason->str);
    }
  return module;
}

/* The messages a thread keeps instead of logging them (a GPtrArray of LogMessage), if any. */
static GPrivate log_capture;

typedef struct
{
  GLogLevelFlags level;
  char *text;
} LogMessage;

static void
log_message_free (gpointer data)
{
  LogMessage *message = data;

  g_free (message->text);
  g_free (message);
}

void
_hyco_fmu_log (GLogLevelFlags level, const char *format, ...)
{
  GPtrArray *messages = g_private_get (&log_capture);
  va_list args;

  va_start (args, format);
  if (messages == NULL)
    g_logv (G_LOG_DOMAIN, level, format, args);
  else
    {
      LogMessage *message = g_new (LogMessage, 1);
      message->level = level;
      message->text = g_strdup_vprintf (format, args);
      g_ptr_array_add (messages, message);
    }
  va_end (args);
}

GPtrArray *
_hyco_fmu_log_messages_new (void)
{
  return g_ptr_array_new_with_free_func (log_message_free);
}

void
_hyco_fmu_log_capture_begin (GPtrArray *messages)
{
  g_private_set (&log_capture, messages);
}

void
_hyco_fmu_log_capture_end (void)
{
  g_private_set (&log_capture, NULL);
}

void
_hyco_fmu_log_replay (GPtrArray *messages)
{
  for (guint i = 0; i < messages->len; i++)
    {
      LogMessage *message = messages->pdata[i];
      g_log (G_LOG_DOMAIN, message->level, "%s", message->text);
    }
  g_ptr_array_set_size (messages, 0);
}

gboolean
_hyco_fmu_log_budget_take (HycoFmuLogBudget *budget, const char *name)
{
  if (budget->shown >= HYCO_FMU_LOG_LIMIT)
    {
      budget->suppressed++;
      return FALSE;
    }
  if (++budget->shown == HYCO_FMU_LOG_LIMIT)
    _hyco_fmu_log (G_LOG_LEVEL_MESSAGE,
                   "%s: %u messages shown: the FMU's further messages are counted, not shown",
                   name, HYCO_FMU_LOG_LIMIT);
  return TRUE;
}

void
_hyco_fmu_log_budget_report (const HycoFmuLogBudget *budget, const char *name)
{
  if (budget->suppressed > 0)
    g_message ("%s: %" G_GUINT64_FORMAT " more messages of the FMU were not shown", name,
               budget->suppressed);
}

const HycoFmuVariable *
_hyco_fmu_find_variable (HycoFmu *self, const char *name)
{
  g_return_val_if_fail (self != NULL, NULL);

  return _hyco_model_description_find_variable (self->description, name);
}

const char *
_hyco_fmu_category_name (HycoFmuCategory category)
{
  static const char *const names[] = { "0A", "0B", "1", "2", "3", "4", "3.0" };

  g_return_val_if_fail ((guint) category < G_N_ELEMENTS (names), "?");
  return names[category];
}

HycoFmuInstance *
_hyco_fmu_instantiate (HycoFmu *self, const char *instance_name, gboolean logging, GError **error)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (instance_name != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  _hyco_fmu_output_will_load (instance_name);
  if (!_hyco_fmu_load (self, error))
    return NULL;
  return self->backend->instantiate (self, instance_name, logging, error);
}

HycoFmuInstance *
_hyco_fmu_instantiate_model_exchange (HycoFmu *self, const char *instance_name, gboolean logging,
                                      const HycoFmuModelExchangeOps **me, GError **error)
{
  g_return_val_if_fail (self != NULL && instance_name != NULL && me != NULL, NULL);

  /* Each backend loads the library once it knows the FMU can run so (_hyco_fmu_load()). */
  _hyco_fmu_output_will_load (instance_name);
  if (self->backend == &_hyco_fmi2_backend)
    return _hyco_fmi2_fmu_instantiate_model_exchange (self, instance_name, logging, me, error);
  if (self->backend == &_hyco_fmi3_backend)
    return _hyco_fmi3_fmu_instantiate_model_exchange (self, instance_name, logging, me, error);
  g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_UNSUPPORTED,
               "%s: FMI %s Model Exchange is not supported", self->path,
               self->description->fmi_version);
  return NULL;
}

const HycoFmuModelExchangeOps *
_hyco_fmu_get_model_exchange_ops (HycoFmu *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  if (self->backend == &_hyco_fmi2_backend)
    return _hyco_fmi2_fmu_get_model_exchange_ops (self);
  if (self->backend == &_hyco_fmi3_backend)
    return _hyco_fmi3_fmu_get_model_exchange_ops (self);
  return NULL;
}

HycoFmuInstance *
_hyco_fmu_instantiate_with_events (HycoFmu *self, const char *instance_name, gboolean logging,
                                   gboolean event_mode_used, gboolean early_return_allowed,
                                   GError **error)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (instance_name != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  _hyco_fmu_output_will_load (instance_name);
  if (!_hyco_fmu_load (self, error))
    return NULL;
  if (self->backend->instantiate_with_events == NULL)
    return self->backend->instantiate (self, instance_name, logging, error);
  return self->backend->instantiate_with_events (self, instance_name, logging, event_mode_used,
                                                 early_return_allowed, error);
}
