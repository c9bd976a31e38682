/* hyco-fmu.h: an FMU unpacked, its description read, its library checked by the backend of its
 * FMI version and loaded only when an instance is made; not installed.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "hyco-fmu-instance.h"
#include "hyco-fmu-symbols.h"
#include "hyco-model-description.h"

#include <gmodule.h>

G_BEGIN_DECLS

/* FMI-HC categories (SEMANTICS.md section 6), from the functions the library exports:
 * 0A plain FMI 2.0; 0B fmi2GetMaxStepSize (real time, zero steps allowed); 1 the hybrid
 * functions (integer time) without resolution functions; 2 with fmi2GetPreferredResolution
 * only; 3 with fmi2SetResolution only; 4 with both. */
typedef enum
{
  HYCO_FMU_CATEGORY_0A,
  HYCO_FMU_CATEGORY_0B,
  HYCO_FMU_CATEGORY_1,
  HYCO_FMU_CATEGORY_2,
  HYCO_FMU_CATEGORY_3,
  HYCO_FMU_CATEGORY_4,
  HYCO_FMU_CATEGORY_FMI3, /* FMI 3.0: no FMI-HC; events in event mode */
} HycoFmuCategory;

typedef struct _HycoFmu HycoFmu;

/* What an FMI version brings: the loader picks the backend whose fmi_version the description
 * gives (hyco-fmu.c lists them).
 *
 * Opening an FMU runs none of its code: the backend checks its library from the file
 * (_hyco_fmu_read_symbols()) and knows from it which functions it has, its category and its
 * instances' ops, whose calls the library has are set (to _hyco_fmu_function_not_loaded until
 * it is loaded) and the others NULL. The library is loaded (its constructors run) when the first
 * instance is made in this process (_hyco_fmu_load()); an isolated FMU's host process loads it,
 * never the hyco process. */
typedef struct
{
  const char *fmi_version; /* as modelDescription.xml writes it: "2.0" */
  /* Checks the library of the unpacked FMU @fmu without loading it (the functions its FMI
   * version and description require) and sets its backend_data, ops and category. HYCO_FMU_ERROR
   * errors that start with the FMU's path. */
  gboolean (*check) (HycoFmu *fmu, GError **error);
  /* Loads the library checked, resolves its functions and sets the ops to them; checks what only
   * a call tells (the FMI version it implements). Called once, under HycoFmu.load_lock. */
  gboolean (*load) (HycoFmu *fmu, GError **error);
  /* Closes the library and frees backend_data, at the FMU's last reference. */
  void (*unload) (HycoFmu *fmu);
  /* A co-simulation instance, not visible, whose log messages go to GLib logging (domain
   * "Hyco", prefixed by @instance_name; errors as info, since their text goes into the failing
   * call's error; warnings as messages; the rest as messages too when @logging). NULL with a
   * HYCO_FMU_ERROR_CALL error naming the FMU and the instantiating function when it fails. */
  HycoFmuInstance *(*instantiate) (HycoFmu *fmu, const char *instance_name, gboolean logging,
                                   GError **error);
  /* As instantiate, with FMI 3.0's choices of the master: whether it handles the FMU's events
   * in event mode, and whether the FMU may return early from a step. NULL where the version
   * has no such choice (FMI 2.0). */
  HycoFmuInstance *(*instantiate_with_events) (HycoFmu *fmu, const char *instance_name,
                                               gboolean logging, gboolean event_mode_used,
                                               gboolean early_return_allowed, GError **error);
  /* The extension functions the library exports, space-separated (FMI-HC), or NULL. */
  char *(*list_extensions) (HycoFmu *fmu);
} HycoFmuBackend;

struct _HycoFmu
{
  gatomicrefcount ref_count;
  char *path;         /* the .fmu file, as given */
  char *directory;    /* private temporary directory it was unpacked into; removed at the end */
  gboolean directory_borrowed; /* _hyco_fmu_open_unpacked(): another's, left in place */
  char *resource_uri; /* file:// URI of its resources/ directory, with the trailing slash */
  HycoModelDescription *description;

  const HycoFmuBackend *backend;
  gpointer backend_data;         /* the backend's: its library and function table */
  const HycoFmuInstanceOps *ops; /* of its instances: which calls there are, before the load */
  HycoFmuCategory category;
  HycoFmuSymbols *symbols; /* the FMI functions its library exports, read from the file */

  GMutex load_lock;
  gboolean loaded;    /* under load_lock: the library is loaded in this process */
  GError *load_error; /* under load_lock: why it could not be, given again to each caller */
};

/* Unpacks @path into a new private temporary directory (g_dir_make_tmp) with the archive's
 * safety checks (hyco-fmu-archive.h), reads modelDescription.xml and has the backend of its
 * fmiVersion check the library, without loading it: no code of the FMU runs. On failure nothing
 * is left on disk. Errors name the file. */
HycoFmu *_hyco_fmu_open (const char *path, GError **error);
/* As _hyco_fmu_open(), of @path already unpacked into @directory by another process (the host
 * of an isolated FMU, fmi/isolation/): the directory is left in place at the end. */
HycoFmu *_hyco_fmu_open_unpacked (const char *path, const char *directory, GError **error);
HycoFmu *_hyco_fmu_ref (HycoFmu *self);
/* At the last reference: closes the library and removes the temporary directory. */
void _hyco_fmu_unref (HycoFmu *self);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (HycoFmu, _hyco_fmu_unref)

/* Loads the FMU's library into this process, if not yet (its constructors run now), and sets
 * the ops to its functions; thread-safe. The instantiating functions below do it first. FALSE
 * with a HYCO_FMU_ERROR error naming the FMU and the library, the same one at each call, when it
 * does not load or is not what its symbols said. */
gboolean _hyco_fmu_load (HycoFmu *self, GError **error);
/* Whether the library was loaded into this process. */
gboolean _hyco_fmu_is_loaded (HycoFmu *self);

const HycoFmuVariable *_hyco_fmu_find_variable (HycoFmu *self, const char *name);
const char *_hyco_fmu_category_name (HycoFmuCategory category); /* "0A", "0B", "1", ... */

/* An instance of @self, by its backend (HycoFmuBackend.instantiate). */
HycoFmuInstance *_hyco_fmu_instantiate (HycoFmu *self, const char *instance_name, gboolean logging,
                                        GError **error);

/* A Model Exchange instance of @self, by its version's backend, with its Model Exchange calls
 * in @me; NULL with an error naming the FMU where it has no Model Exchange interface. */
HycoFmuInstance *_hyco_fmu_instantiate_model_exchange (HycoFmu *self, const char *instance_name,
                                                       gboolean logging,
                                                       const HycoFmuModelExchangeOps **me,
                                                       GError **error);
/* The Model Exchange calls of @self's library (NULL where there are none): for their names. */
const HycoFmuModelExchangeOps *_hyco_fmu_get_model_exchange_ops (HycoFmu *self);

/* As _hyco_fmu_instantiate(), with FMI 3.0's eventModeUsed and earlyReturnAllowed; for other
 * versions, _hyco_fmu_instantiate(). */
HycoFmuInstance *_hyco_fmu_instantiate_with_events (HycoFmu *self, const char *instance_name,
                                                    gboolean logging, gboolean event_mode_used,
                                                    gboolean early_return_allowed,
                                                    GError **error);

/* What `hyco fmu info` prints: names, GUID, FMI version, generation tool, category and the
 * FMI-HC functions found, capabilities, default experiment, and each variable with causality,
 * variability, type, start, unit and (outputs) dependencies (hyco-fmu-info.c). */
char *_hyco_fmu_describe (HycoFmu *self);

/* For the backends: reads the FMI functions the library binaries/@platform/MODELIDENTIFIER.so
 * of the unpacked FMU exports into self->symbols, without loading it (hyco-fmu-symbols.h), or
 * FALSE with a HYCO_FMU_ERROR_NO_BINARY error naming the FMU and the library within it (none
 * for this platform, not a shared library, one for another machine). */
gboolean _hyco_fmu_read_symbols (HycoFmu *self, const char *platform, GError **error);
/* Whether the library exports @name (after _hyco_fmu_read_symbols()). */
gboolean _hyco_fmu_exports (HycoFmu *self, const char *name);
/* For the backends: what stands for a function the library exports until it is loaded. Calling
 * it is a programming error (an instance made without _hyco_fmu_load()): it aborts. */
void _hyco_fmu_function_not_loaded (void);
/* For the backends: opens the library binaries/@platform/MODELIDENTIFIER.so of the unpacked
 * FMU, its symbols local (FMUs export the same names, and several may be loaded at once), or
 * NULL with a HYCO_FMU_ERROR_NO_BINARY error naming the FMU and the library within it. */
GModule *_hyco_fmu_open_library (HycoFmu *self, const char *platform, GError **error);

/* How many of its messages an FMU instance may print before the rest are only counted: an FMU
 * that logs a warning at every step would bury hyco's own output. */
#define HYCO_FMU_LOG_LIMIT 100

typedef struct
{
  guint shown;
  guint64 suppressed;
} HycoFmuLogBudget;

/* For the backends' loggers, under the lock that guards @budget: whether one more message of
 * the instance @name may be printed; the message that reaches the limit says that further ones
 * are only counted. */
gboolean _hyco_fmu_log_budget_take (HycoFmuLogBudget *budget, const char *name);
/* When the instance's record is freed: how many messages were not shown, if any. */
void _hyco_fmu_log_budget_report (const HycoFmuLogBudget *budget, const char *name);

/* The FMU's messages and the backends' own about its calls: logged (g_log, G_LOG_DOMAIN), or,
 * on a thread that captures them, kept for later. An FMU actor stepping in a worker thread
 * (a director's `parallel`) captures what its calls log there, and logs it when it fires, in
 * the director's thread: where and in what order a serial run logs it. */
void _hyco_fmu_log (GLogLevelFlags level, const char *format, ...) G_GNUC_PRINTF (2, 3);
/* Until _hyco_fmu_log_capture_end(), what this thread logs through _hyco_fmu_log() is added to
 * @messages (a GPtrArray made by _hyco_fmu_log_messages_new()). */
void _hyco_fmu_log_capture_begin (GPtrArray *messages);
void _hyco_fmu_log_capture_end (void);
GPtrArray *_hyco_fmu_log_messages_new (void);
/* Logs the messages kept in @messages, in order, and empties it. */
void _hyco_fmu_log_replay (GPtrArray *messages);

G_END_DECLS
