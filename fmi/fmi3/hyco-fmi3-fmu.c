/* hyco-fmi3-fmu.c: the FMI 3.0 backend: an FMU's library checked from its symbols, loaded and its
 * functions resolved when the first instance is made, its co-simulation instances created with a
 * logger that keeps their last message for errors.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-fmi3-fmu.h"

#include <gmodule.h>
#include <string.h>

/* What fmi3InstantiateCoSimulation gets as instanceEnvironment: the instance's name, for log
 * messages, and the last message it logged at fmi3Warning or worse, for the check. Kept until
 * the FMU is freed; one per instance name. */
typedef struct
{
  HycoFmu *fmu; /* not a reference: instances do not outlive their FMU */
  char *name;
  gboolean logging;
  char *last_message;      /* under Fmu.lock */
  HycoFmuLogBudget budget; /* under Fmu.lock */
} Log;

/* HycoFmu.backend_data. */
typedef struct
{
  HycoFmi3Functions fmi;
  GModule *module;
  GMutex lock; /* logs and their messages: an FMU may log from any thread */
  GPtrArray *logs;
  HycoFmuInstanceOps ops;
  HycoFmuModelExchangeOps me_ops;
  char *missing_me_functions; /* why it cannot run as Model Exchange, when it has that element */
} Fmu;

#define FMU_PRIVATE(self) ((Fmu *) (self)->backend_data)

typedef struct
{
  const char *name;
  gsize offset;
} FunctionSlot;

#define HYCO_FMU_SLOT(ret, name, args) { #name, G_STRUCT_OFFSET (HycoFmi3Functions, name) },
static const FunctionSlot slots[]
  = { HYCO_FMI3_FUNCTIONS (HYCO_FMU_SLOT) HYCO_FMI3_ME_FUNCTIONS (HYCO_FMU_SLOT) };
#undef HYCO_FMU_SLOT

/* What every co-simulation FMU must export for Hyco to run it. */
static const char *const required_functions[] = {
  "fmi3GetVersion",
  "fmi3InstantiateCoSimulation",
  "fmi3FreeInstance",
  "fmi3EnterInitializationMode",
  "fmi3ExitInitializationMode",
  "fmi3Terminate",
  "fmi3DoStep",
};

/* What every Model Exchange FMU must export (section 3.2), besides the getters and setters of
 * its variables' types. */
static const char *const required_me_functions[] = {
  "fmi3GetVersion",
  "fmi3InstantiateModelExchange",
  "fmi3FreeInstance",
  "fmi3EnterInitializationMode",
  "fmi3ExitInitializationMode",
  "fmi3Terminate",
  "fmi3EnterEventMode",
  "fmi3UpdateDiscreteStates",
  "fmi3EnterContinuousTimeMode",
  "fmi3CompletedIntegratorStep",
  "fmi3SetTime",
  "fmi3SetContinuousStates",
  "fmi3GetContinuousStateDerivatives",
  "fmi3GetEventIndicators",
  "fmi3GetContinuousStates",
  "fmi3GetNominalsOfContinuousStates",
  "fmi3GetNumberOfEventIndicators",
  "fmi3GetNumberOfContinuousStates",
};

/* The getter and setter of each type, by HycoFmuType: required when a variable has it. */
static const char *const getter_names[HYCO_FMU_N_TYPES] = {
  [HYCO_FMU_TYPE_REAL] = "fmi3GetFloat64",      [HYCO_FMU_TYPE_INTEGER] = "fmi3GetInt32",
  [HYCO_FMU_TYPE_BOOLEAN] = "fmi3GetBoolean",   [HYCO_FMU_TYPE_STRING] = "fmi3GetString",
  [HYCO_FMU_TYPE_ENUMERATION] = "fmi3GetInt64", [HYCO_FMU_TYPE_FLOAT32] = "fmi3GetFloat32",
  [HYCO_FMU_TYPE_INT8] = "fmi3GetInt8",         [HYCO_FMU_TYPE_UINT8] = "fmi3GetUInt8",
  [HYCO_FMU_TYPE_INT16] = "fmi3GetInt16",       [HYCO_FMU_TYPE_UINT16] = "fmi3GetUInt16",
  [HYCO_FMU_TYPE_UINT32] = "fmi3GetUInt32",     [HYCO_FMU_TYPE_INT64] = "fmi3GetInt64",
  [HYCO_FMU_TYPE_UINT64] = "fmi3GetUInt64",     [HYCO_FMU_TYPE_BINARY] = "fmi3GetBinary",
  [HYCO_FMU_TYPE_CLOCK] = "fmi3GetClock",
};
static const char *const setter_names[HYCO_FMU_N_TYPES] = {
  [HYCO_FMU_TYPE_REAL] = "fmi3SetFloat64",      [HYCO_FMU_TYPE_INTEGER] = "fmi3SetInt32",
  [HYCO_FMU_TYPE_BOOLEAN] = "fmi3SetBoolean",   [HYCO_FMU_TYPE_STRING] = "fmi3SetString",
  [HYCO_FMU_TYPE_ENUMERATION] = "fmi3SetInt64", [HYCO_FMU_TYPE_FLOAT32] = "fmi3SetFloat32",
  [HYCO_FMU_TYPE_INT8] = "fmi3SetInt8",         [HYCO_FMU_TYPE_UINT8] = "fmi3SetUInt8",
  [HYCO_FMU_TYPE_INT16] = "fmi3SetInt16",       [HYCO_FMU_TYPE_UINT16] = "fmi3SetUInt16",
  [HYCO_FMU_TYPE_UINT32] = "fmi3SetUInt32",     [HYCO_FMU_TYPE_INT64] = "fmi3SetInt64",
  [HYCO_FMU_TYPE_UINT64] = "fmi3SetUInt64",     [HYCO_FMU_TYPE_BINARY] = "fmi3SetBinary",
  [HYCO_FMU_TYPE_CLOCK] = "fmi3SetClock",
};

static gpointer *
function_slot (HycoFmu *self, const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (slots); i++)
    if (g_str_equal (slots[i].name, name))
      return (gpointer *) ((guint8 *) &FMU_PRIVATE (self)->fmi + slots[i].offset);
  g_return_val_if_reached (NULL);
}

static void
log_free (gpointer data)
{
  Log *log = data;

  _hyco_fmu_log_budget_report (&log->budget, log->name);
  g_free (log->name);
  g_free (log->last_message);
  g_free (log);
}

static void
require (HycoFmu *self, GString *missing, const char *name)
{
  if (*function_slot (self, name) == NULL && !strstr (missing->str, name))
    g_string_append_printf (missing, "%s%s", missing->len ? ", " : "", name);
}

/* The functions of the variables' types, missing from the library. */
static void
find_missing_accessors (HycoFmu *self, GString *missing)
{
  const HycoModelDescription *description = self->description;

  for (guint i = 0; i < description->variables->len; i++)
    {
      const HycoFmuVariable *variable = description->variables->pdata[i];
      if (variable->causality == HYCO_FMU_CAUSALITY_INDEPENDENT)
        continue;
      require (self, missing, getter_names[variable->type]);
      if (_hyco_fmu_variable_is_settable (variable))
        require (self, missing, setter_names[variable->type]);
    }
}

/* The functions this FMU's description makes necessary for co-simulation, missing from its
 * library. */
static void
find_missing (HycoFmu *self, GString *missing)
{
  const HycoModelDescription *description = self->description;

  for (guint i = 0; i < G_N_ELEMENTS (required_functions); i++)
    require (self, missing, required_functions[i]);
  find_missing_accessors (self, missing);
  if (description->has_event_mode)
    {
      require (self, missing, "fmi3EnterEventMode");
      require (self, missing, "fmi3UpdateDiscreteStates");
      require (self, missing, "fmi3EnterStepMode");
    }
  if (description->can_get_and_set_fmu_state)
    {
      require (self, missing, "fmi3GetFMUState");
      require (self, missing, "fmi3SetFMUState");
      require (self, missing, "fmi3FreeFMUState");
    }
}

/* Every function of the table that the library exports, from its symbols (@module NULL:
 * _hyco_fmu_function_not_loaded stands for each) or, once loaded, from @module; the others
 * NULL. When a function its symbols listed is not found in @module, its name is added to
 * @unresolved. */
static void
resolve (HycoFmu *self, GModule *module, GString *unresolved)
{
  Fmu *fmu = FMU_PRIVATE (self);

  for (guint i = 0; i < G_N_ELEMENTS (slots); i++)
    {
      gpointer *address = (gpointer *) ((guint8 *) &fmu->fmi + slots[i].offset);
      if (!_hyco_fmu_exports (self, slots[i].name))
        *address = NULL;
      else if (module == NULL)
        *address = (gpointer) _hyco_fmu_function_not_loaded;
      else if (!g_module_symbol (module, slots[i].name, address) || *address == NULL)
        {
          *address = NULL;
          g_string_append_printf (unresolved, "%s%s", unresolved->len ? ", " : "", slots[i].name);
        }
    }
}

/* The ops of the FMU's instances, from the function table. */
static void
init_ops (HycoFmu *self)
{
  Fmu *fmu = FMU_PRIVATE (self);

  _hyco_fmi3_instance_ops_init (&fmu->ops, &fmu->fmi);
  fmu->ops.get_value_names = getter_names;
  fmu->ops.set_value_names = setter_names;
  self->ops = &fmu->ops;
}

/* The library checked without loading it: the functions FMI 3.0 and the description require,
 * from its symbols. */
static gboolean
check_library (HycoFmu *self, GError **error)
{
  Fmu *fmu = g_new0 (Fmu, 1);
  g_autofree char *file_name = g_strconcat (self->description->model_identifier, ".so", NULL);
  g_autoptr (GString) missing = g_string_new (NULL);

  g_mutex_init (&fmu->lock);
  fmu->logs = g_ptr_array_new_with_free_func (log_free);
  self->backend_data = fmu;
  /* FMI 3.0 names platforms by architecture and system (section 2.5.1.1). */
  if (!_hyco_fmu_read_symbols (self, "x86_64-linux", error))
    return FALSE;
  resolve (self, NULL, missing);
  /* Model Exchange, from the same library when both interfaces name it (a ModelExchange
   * element naming another library is refused when an instance is asked for). */
  if (self->description->has_model_exchange
      && g_str_equal (self->description->me_model_identifier, self->description->model_identifier))
    {
      g_autoptr (GString) missing_me = g_string_new (NULL);
      for (guint i = 0; i < G_N_ELEMENTS (required_me_functions); i++)
        require (self, missing_me, required_me_functions[i]);
      find_missing_accessors (self, missing_me);
      if (missing_me->len)
        fmu->missing_me_functions
          = g_strdup_printf ("%s: binaries/x86_64-linux/%s does not export %s, which FMI 3.0 "
                             "Model Exchange requires (the FMU has a ModelExchange element)",
                             self->path, file_name, missing_me->str);
      /* An FMU for co-simulation too still runs so; run through Model Exchange, it is refused
       * with this message. */
      if (missing_me->len && !self->description->has_co_simulation)
        {
          g_set_error_literal (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_MISSING_FUNCTION,
                               fmu->missing_me_functions);
          return FALSE;
        }
      _hyco_fmi3_instance_model_exchange_ops_init (&fmu->me_ops);
    }
  if (self->description->has_co_simulation)
    find_missing (self, missing);
  if (missing->len)
    {
      g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_MISSING_FUNCTION,
                   "%s: binaries/x86_64-linux/%s does not export %s, which its "
                   "modelDescription.xml needs",
                   self->path, file_name, missing->str);
      return FALSE;
    }
  self->category = HYCO_FMU_CATEGORY_FMI3;
  init_ops (self);
  return TRUE;
}

/* The library loaded into this process (its code runs), its functions resolved, and what only
 * a call tells checked: the version it implements. */
static gboolean
load_library (HycoFmu *self, GError **error)
{
  Fmu *fmu = FMU_PRIVATE (self);
  g_autofree char *file_name = g_strconcat (self->description->model_identifier, ".so", NULL);
  g_autoptr (GString) unresolved = g_string_new (NULL);
  const char *version;

  fmu->module = _hyco_fmu_open_library (self, "x86_64-linux", error);
  if (fmu->module == NULL)
    return FALSE;
  resolve (self, fmu->module, unresolved);
  init_ops (self);
  if (unresolved->len)
    {
      g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_MISSING_FUNCTION,
                   "%s: binaries/x86_64-linux/%s does not export %s once loaded, though its "
                   "symbol table lists it",
                   self->path, file_name, unresolved->str);
      return FALSE;
    }
  version = fmu->fmi.fmi3GetVersion ();
  if (version == NULL || !g_str_has_prefix (version, "3."))
    {
      g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_UNSUPPORTED,
                   "%s: binaries/x86_64-linux/%s implements FMI %s, not 3.0", self->path, file_name,
                   version ? version : "(null)");
      return FALSE;
    }
  return TRUE;
}

/* Instances and their messages ---------------------------------------------------------- */

static const char *
status_name (fmi3Status status)
{
  static const char *const names[]
    = { "fmi3OK", "fmi3Warning", "fmi3Discard", "fmi3Error", "fmi3Fatal" };

  return (guint) status < G_N_ELEMENTS (names) ? names[status] : "an unknown status";
}

static void
log_message (fmi3InstanceEnvironment environment, fmi3Status status, fmi3String category,
             fmi3String message)
{
  Log *log = environment;
  GLogLevelFlags level;

  if (message == NULL || log == NULL)
    return;
  /* As FMI 2.0's (hyco-fmi2-fmu.c): an error's message goes into the failing call's error. */
  if (status == fmi3Error || status == fmi3Fatal)
    level = G_LOG_LEVEL_INFO;
  else if (status == fmi3Warning || log->logging)
    level = G_LOG_LEVEL_MESSAGE;
  else
    level = 0;
  {
    Fmu *fmu = FMU_PRIVATE (log->fmu);
    g_mutex_lock (&fmu->lock);
    if (status >= fmi3Warning && status <= fmi3Fatal)
      {
        g_free (log->last_message);
        log->last_message = g_strdup (message);
      }
    if (level == G_LOG_LEVEL_MESSAGE && !_hyco_fmu_log_budget_take (&log->budget, log->name))
      level = 0;
    g_mutex_unlock (&fmu->lock);
  }
  if (level == 0)
    return;
  if (category && *category)
    _hyco_fmu_log (level, "%s: %s: %s", log->name, category, message);
  else
    _hyco_fmu_log (level, "%s: %s", log->name, message);
}

static Log *
get_log (HycoFmu *self, const char *instance_name, gboolean logging)
{
  Fmu *fmu = FMU_PRIVATE (self);
  Log *log = NULL;

  g_mutex_lock (&fmu->lock);
  for (guint i = 0; i < fmu->logs->len && !log; i++)
    if (g_str_equal (((Log *) fmu->logs->pdata[i])->name, instance_name))
      log = fmu->logs->pdata[i];
  if (log == NULL)
    {
      log = g_new0 (Log, 1);
      log->fmu = self;
      log->name = g_strdup (instance_name);
      g_ptr_array_add (fmu->logs, log);
    }
  log->logging = logging;
  g_clear_pointer (&log->last_message, g_free);
  g_mutex_unlock (&fmu->lock);
  return log;
}

static char *
take_last_message (HycoFmu *self, Log *log)
{
  Fmu *fmu = FMU_PRIVATE (self);
  char *message;

  g_mutex_lock (&fmu->lock);
  message = g_steal_pointer (&log->last_message);
  g_mutex_unlock (&fmu->lock);
  return message;
}

gboolean
_hyco_fmi3_fmu_check (HycoFmu *self, gpointer log, fmi3Status status, const char *call,
                      GError **error)
{
  g_autofree char *message = NULL;

  g_return_val_if_fail (self != NULL && log != NULL && call != NULL, FALSE);

  message = take_last_message (self, log);
  if (status == fmi3OK || status == fmi3Warning)
    return TRUE;
  g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_CALL, "FMU %s (%s): %s returned %s%s%s",
               self->description->model_name, ((Log *) log)->name, call, status_name (status),
               message ? ": " : "", message ? message : "");
  return FALSE;
}

static HycoFmuInstance *
instantiate_with_events (HycoFmu *self, const char *instance_name, gboolean logging,
                         gboolean event_mode_used, gboolean early_return_allowed, GError **error)
{
  Log *log;
  const HycoFmi3Functions *fmi = &FMU_PRIVATE (self)->fmi;
  /* FMI 3.0 gives the resources as a directory path, with the trailing separator. */
  g_autofree char *resources = g_strconcat (self->directory, "/resources/", NULL);
  /* No intermediate update callback: the actor steps to exactly the next tag anything happens
   * at, so there is nothing to return early for that the FMU's own event signalling does not
   * give (an event inside the step is an early return with eventHandlingNeeded). */
  fmi3Instance instance;

  if (!self->description->has_co_simulation)
    {
      g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_UNSUPPORTED,
                   "%s: no CoSimulation element: a Model Exchange FMU (use it in "
                   "FMUModelExchange, under a continuous director)",
                   self->path);
      return NULL;
    }
  log = get_log (self, instance_name, logging);
  instance = fmi->fmi3InstantiateCoSimulation (
    instance_name, self->description->guid, resources, fmi3False, logging ? fmi3True : fmi3False,
    event_mode_used && self->description->has_event_mode ? fmi3True : fmi3False,
    early_return_allowed ? fmi3True : fmi3False, NULL, 0, log, log_message, NULL);

  if (instance == NULL)
    {
      g_autofree char *message = take_last_message (self, log);
      g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_CALL,
                   "FMU %s (%s): fmi3InstantiateCoSimulation failed%s%s",
                   self->description->model_name, instance_name, message ? ": " : "",
                   message ? message : "");
      return NULL;
    }
  return _hyco_fmi3_instance_new (self, fmi, log, instance);
}

const HycoFmuModelExchangeOps *
_hyco_fmi3_fmu_get_model_exchange_ops (HycoFmu *self)
{
  g_return_val_if_fail (self != NULL && self->backend == &_hyco_fmi3_backend, NULL);
  return &FMU_PRIVATE (self)->me_ops;
}

HycoFmuInstance *
_hyco_fmi3_fmu_instantiate_model_exchange (HycoFmu *self, const char *instance_name,
                                           gboolean logging, const HycoFmuModelExchangeOps **me,
                                           GError **error)
{
  Fmu *fmu;
  Log *log;
  g_autofree char *resources = NULL;
  fmi3Instance instance;
  HycoFmuInstance *result;
  size_t nx = 0, nz = 0;
  g_return_val_if_fail (self != NULL && self->backend == &_hyco_fmi3_backend, NULL);

  fmu = FMU_PRIVATE (self);
  if (!self->description->has_model_exchange)
    {
      g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_UNSUPPORTED,
                   "%s: no ModelExchange element: a co-simulation FMU (use it in FMUImport)",
                   self->path);
      return NULL;
    }
  if (fmu->missing_me_functions != NULL)
    {
      g_set_error_literal (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_MISSING_FUNCTION,
                           fmu->missing_me_functions);
      return NULL;
    }
  if (!g_str_equal (self->description->me_model_identifier, self->description->model_identifier))
    {
      g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_UNSUPPORTED,
                   "%s: its ModelExchange element names the library %s, its CoSimulation element "
                   "%s: an FMU with two libraries is not supported",
                   self->path, self->description->me_model_identifier,
                   self->description->model_identifier);
      return NULL;
    }
  if (!_hyco_fmu_load (self, error))
    return NULL;
  log = get_log (self, instance_name, logging);
  resources = g_strconcat (self->directory, "/resources/", NULL);
  instance = fmu->fmi.fmi3InstantiateModelExchange (
    instance_name, self->description->guid, resources, fmi3False, logging ? fmi3True : fmi3False,
    log, log_message);
  if (instance == NULL)
    {
      g_autofree char *message = take_last_message (self, log);
      g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_CALL,
                   "FMU %s (%s): fmi3InstantiateModelExchange failed%s%s",
                   self->description->model_name, instance_name, message ? ": " : "",
                   message ? message : "");
      return NULL;
    }
  result = _hyco_fmi3_instance_new (self, &fmu->fmi, log, instance);
  /* The library's counts must be the description's: the importer's vectors are sized by the
   * description (ContinuousStateDerivative and EventIndicator elements). */
  if (!_hyco_fmi3_fmu_check (self, log, fmu->fmi.fmi3GetNumberOfContinuousStates (instance, &nx),
                             "fmi3GetNumberOfContinuousStates", error)
      || !_hyco_fmi3_fmu_check (self, log, fmu->fmi.fmi3GetNumberOfEventIndicators (instance, &nz),
                                "fmi3GetNumberOfEventIndicators", error))
    {
      result->ops->free (result);
      return NULL;
    }
  if (nx != self->description->states->len || nz != self->description->number_of_event_indicators)
    {
      g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_DESCRIPTION,
                   "FMU %s (%s): the library has %zu continuous states and %zu event indicators, "
                   "its modelDescription.xml %u and %u (ContinuousStateDerivative and "
                   "EventIndicator elements)",
                   self->description->model_name, instance_name, nx, nz,
                   self->description->states->len, self->description->number_of_event_indicators);
      result->ops->free (result);
      return NULL;
    }
  *me = &fmu->me_ops;
  return result;
}

static HycoFmuInstance *
instantiate (HycoFmu *self, const char *instance_name, gboolean logging, GError **error)
{
  return instantiate_with_events (self, instance_name, logging, FALSE, FALSE, error);
}

static void
unload (HycoFmu *self)
{
  Fmu *fmu = FMU_PRIVATE (self);

  if (fmu->module && !g_module_close (fmu->module))
    g_warning ("%s: cannot close its library: %s", self->path, g_module_error ());
  g_clear_pointer (&fmu->logs, g_ptr_array_unref);
  g_free (fmu->missing_me_functions);
  g_mutex_clear (&fmu->lock);
  g_free (fmu);
  self->backend_data = NULL;
}

static char *
list_extensions (HycoFmu *self)
{
  return NULL; /* FMI-HC is an FMI 2.0 extension */
}

const HycoFmuBackend _hyco_fmi3_backend = {
  .fmi_version = "3.0",
  .check = check_library,
  .load = load_library,
  .unload = unload,
  .instantiate = instantiate,
  .instantiate_with_events = instantiate_with_events,
  .list_extensions = list_extensions,
};
