/* hyco-fmi2-fmu.c: the FMI 2.0 backend: an FMU's library checked from its symbols, loaded and
 * its functions resolved when the first instance is made, its instances created with a logger
 * that keeps their last message for errors.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-fmi2-fmu.h"

#include <stdlib.h>
#include <string.h>

/* What fmi2Instantiate gets as componentEnvironment: the instance's name, for log messages, and
 * the last message it logged at fmi2Warning or worse, for _hyco_fmi2_fmu_check. Kept until the FMU
 * is freed, since nothing tells the loader when an instance is freed; one per instance name. */
typedef struct
{
  HycoFmu *fmu; /* not a reference: instances do not outlive their FMU */
  char *name;
  gboolean logging;
  char *last_message;              /* under Fmu.lock; value references not yet expanded */
  HycoFmuLogBudget budget;         /* under Fmu.lock */
  fmi2CallbackFunctions callbacks; /* must stay valid as long as the instance */
} Instance;

/* HycoFmu.backend_data. */
typedef struct
{
  HycoFmi2Functions fmi;
  GModule *module;
  GMutex lock; /* instances and their messages: an FMU may log from any thread */
  GPtrArray *instances;
  HycoFmuInstanceOps ops;
  HycoFmuModelExchangeOps me_ops; /* with the ModelExchange functions resolved */
  gboolean has_me_functions;
  char *missing_me_functions; /* why not, when it has a ModelExchange element */
  /* A call returned fmi2Fatal: FMI 2.0 section 2.1.3 forbids any further call to any of the
   * FMU's instances, fmi2FreeInstance included. */
  gboolean fatal; /* under lock */
} Fmu;

#define FMU_PRIVATE(self) ((Fmu *) (self)->backend_data)

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
/* Optional too in an FMU without a CoSimulation element (Model Exchange only). */
static const char *const co_simulation_functions[] = {
  "fmi2DoStep",
  "fmi2CancelStep",
  "fmi2GetStatus",
  "fmi2GetRealStatus",
  "fmi2GetIntegerStatus",
  "fmi2GetBooleanStatus",
  "fmi2GetStringStatus",
  "fmi2SetRealInputDerivatives",
  "fmi2GetRealOutputDerivatives",
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
static const FunctionSlot me_slots[] = { HYCO_FMI2_ME_FUNCTIONS (HYCO_FMU_SLOT) };
#undef HYCO_FMU_SLOT

static gpointer *
function_slot (HycoFmu *self, const FunctionSlot *slot)
{
  return (gpointer *) ((guint8 *) &FMU_PRIVATE (self)->fmi + slot->offset);
}

static void
instance_free (gpointer data)
{
  Instance *instance = data;

  _hyco_fmu_log_budget_report (&instance->budget, instance->name);
  g_free (instance->name);
  g_free (instance->last_message);
  g_free (instance);
}

static gboolean
is_optional (HycoFmu *self, const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (optional_functions); i++)
    if (g_str_equal (name, optional_functions[i]))
      return TRUE;
  if (!self->description->has_co_simulation)
    for (guint i = 0; i < G_N_ELEMENTS (co_simulation_functions); i++)
      if (g_str_equal (name, co_simulation_functions[i]))
        return TRUE;
  if (!self->description->can_get_and_set_fmu_state)
    for (guint i = 0; i < G_N_ELEMENTS (state_functions); i++)
      if (g_str_equal (name, state_functions[i]))
        return TRUE;
  return FALSE;
}

static HycoFmuCategory
detect_category (HycoFmu *self)
{
  const HycoFmi2Functions *fmi = &FMU_PRIVATE (self)->fmi;

  if (fmi->fmi2HybridDoStep)
    {
      gboolean preferred = fmi->fmi2GetPreferredResolution != NULL;
      gboolean settable = fmi->fmi2SetResolution != NULL;
      if (preferred && settable)
        return HYCO_FMU_CATEGORY_4;
      if (settable)
        return HYCO_FMU_CATEGORY_3;
      if (preferred)
        return HYCO_FMU_CATEGORY_2;
      return HYCO_FMU_CATEGORY_1;
    }
  if (fmi->fmi2GetMaxStepSize)
    return HYCO_FMU_CATEGORY_0B;
  return HYCO_FMU_CATEGORY_0A;
}

/* Every function of the three tables that the library exports, from its symbols (@module
 * NULL: _hyco_fmu_function_not_loaded stands for each) or, once loaded, from @module; the others
 * NULL. When a function its symbols listed is not found in @module, its name is added to
 * @unresolved. */
static void
resolve (HycoFmu *self, GModule *module, GString *unresolved)
{
  static const struct
  {
    const FunctionSlot *slots;
    guint n;
  } tables[] = {
    { fmi2_slots, G_N_ELEMENTS (fmi2_slots) },
    { hybrid_slots, G_N_ELEMENTS (hybrid_slots) },
    { me_slots, G_N_ELEMENTS (me_slots) },
  };

  for (guint t = 0; t < G_N_ELEMENTS (tables); t++)
    for (guint i = 0; i < tables[t].n; i++)
      {
        const FunctionSlot *slot = &tables[t].slots[i];
        gpointer *address = function_slot (self, slot);
        if (!_hyco_fmu_exports (self, slot->name))
          *address = NULL;
        else if (module == NULL)
          *address = (gpointer) _hyco_fmu_function_not_loaded;
        else if (!g_module_symbol (module, slot->name, address) || *address == NULL)
          {
            *address = NULL;
            g_string_append_printf (unresolved, "%s%s", unresolved->len ? ", " : "", slot->name);
          }
      }
}

/* The ops of the FMU's instances, from the function table. */
static void
init_ops (HycoFmu *self)
{
  Fmu *fmu = FMU_PRIVATE (self);

  _hyco_fmi2_instance_ops_init (&fmu->ops, &fmu->fmi);
  _hyco_fmi2_instance_model_exchange_ops_init (&fmu->me_ops, &fmu->fmi);
  self->ops = &fmu->ops;
}

/* The library checked without loading it: the functions FMI 2.0 requires, from its symbols. */
static gboolean
check_library (HycoFmu *self, GError **error)
{
  Fmu *fmu = g_new0 (Fmu, 1);
  g_autofree char *file_name = g_strconcat (self->description->model_identifier, ".so", NULL);
  g_autoptr (GString) missing = g_string_new (NULL);

  g_mutex_init (&fmu->lock);
  fmu->instances = g_ptr_array_new_with_free_func (instance_free);
  self->backend_data = fmu;
  if (!_hyco_fmu_read_symbols (self, "linux64", error))
    return FALSE;
  resolve (self, NULL, missing);
  for (guint i = 0; i < G_N_ELEMENTS (fmi2_slots); i++)
    if (*function_slot (self, &fmi2_slots[i]) == NULL && !is_optional (self, fmi2_slots[i].name))
      g_string_append_printf (missing, "%s%s", missing->len ? ", " : "", fmi2_slots[i].name);
  if (missing->len)
    {
      g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_MISSING_FUNCTION,
                   "%s: binaries/linux64/%s does not export %s, which FMI 2.0 requires", self->path,
                   file_name, missing->str);
      return FALSE;
    }
  /* Model Exchange, from the same library when both interfaces name it (a ModelExchange
   * element naming another library is refused when an instance is asked for). */
  if (self->description->has_model_exchange
      && g_str_equal (self->description->me_model_identifier, self->description->model_identifier))
    {
      for (guint i = 0; i < G_N_ELEMENTS (me_slots); i++)
        if (*function_slot (self, &me_slots[i]) == NULL)
          g_string_append_printf (missing, "%s%s", missing->len ? ", " : "", me_slots[i].name);
      /* An FMU for co-simulation too still runs so; run through Model Exchange, it is
       * refused with this message. */
      if (missing->len)
        fmu->missing_me_functions
          = g_strdup_printf ("%s: binaries/linux64/%s does not export %s, which FMI 2.0 Model "
                             "Exchange requires (the FMU has a ModelExchange element)",
                             self->path, file_name, missing->str);
      if (missing->len && !self->description->has_co_simulation)
        {
          g_set_error_literal (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_MISSING_FUNCTION,
                               fmu->missing_me_functions);
          return FALSE;
        }
      fmu->has_me_functions = missing->len == 0;
    }
  self->category = detect_category (self);
  init_ops (self);
  return TRUE;
}

/* The library loaded into this process (its code runs), its functions resolved, and what only
 * calls tell checked: the version and types platform it implements. */
static gboolean
load_library (HycoFmu *self, GError **error)
{
  Fmu *fmu = FMU_PRIVATE (self);
  const HycoFmi2Functions *fmi = &fmu->fmi;
  g_autofree char *file_name = g_strconcat (self->description->model_identifier, ".so", NULL);
  g_autoptr (GString) unresolved = g_string_new (NULL);
  const char *version, *platform;

  fmu->module = _hyco_fmu_open_library (self, "linux64", error);
  if (fmu->module == NULL)
    return FALSE;
  resolve (self, fmu->module, unresolved);
  init_ops (self);
  if (unresolved->len)
    {
      g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_MISSING_FUNCTION,
                   "%s: binaries/linux64/%s does not export %s once loaded, though its symbol "
                   "table lists it",
                   self->path, file_name, unresolved->str);
      return FALSE;
    }
  version = fmi->fmi2GetVersion ();
  platform = fmi->fmi2GetTypesPlatform ();
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
  return TRUE;
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
          for (guint i = 0; i < self->description->variables->len && !found; i++)
            {
              const HycoFmuVariable *variable = self->description->variables->pdata[i];
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

  /* An error's message reaches the user in the error of the call that failed (see
   * _hyco_fmi2_fmu_check()); printing it too would repeat it, and flood the output when step
   * revision retries steps the FMU refused. */
  if (status == fmi2Error || status == fmi2Fatal)
    level = G_LOG_LEVEL_INFO;
  else if (status == fmi2Warning || (instance && instance->logging))
    level = G_LOG_LEVEL_MESSAGE; /* the rest only when asked for */
  else
    level = 0;
  if (instance)
    {
      Fmu *fmu = FMU_PRIVATE (instance->fmu);
      g_mutex_lock (&fmu->lock);
      if (status >= fmi2Warning && status <= fmi2Fatal)
        {
          /* Kept as logged: names replace value references only if it is ever shown. */
          g_free (instance->last_message);
          instance->last_message = g_strdup (formatted);
        }
      if (level == G_LOG_LEVEL_MESSAGE && !_hyco_fmu_log_budget_take (&instance->budget, name))
        level = 0;
      g_mutex_unlock (&fmu->lock);
    }
  if (level == 0)
    return;
  text = instance ? expand_references (instance->fmu, formatted) : g_strdup (formatted);
  if (category && *category)
    _hyco_fmu_log (level, "%s: %s: %s", name, category, text);
  else
    _hyco_fmu_log (level, "%s: %s", name, text);
}

/* The log record of the instance of that name, created at its first fmi2Instantiate. */
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
  if (message != NULL)
    {
      char *expanded = expand_references (self, message);
      g_free (message);
      message = expanded;
    }
  return message;
}

static HycoFmuInstance *
instantiate_as (HycoFmu *self, fmi2Type type, const char *instance_name, gboolean logging,
                GError **error)
{
  Instance *instance = get_instance (self, instance_name, logging);
  fmi2Component component = FMU_PRIVATE (self)->fmi.fmi2Instantiate (
    instance_name, type, self->description->guid, self->resource_uri, &instance->callbacks,
    fmi2False, logging ? fmi2True : fmi2False);

  if (component == NULL)
    {
      g_autofree char *message = take_last_message (self, instance_name);
      g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_CALL,
                   "FMU %s (%s): fmi2Instantiate failed%s%s", self->description->model_name,
                   instance_name, message ? ": " : "", message ? message : "");
      return NULL;
    }
  return _hyco_fmi2_instance_new (self, instance_name, component);
}

static HycoFmuInstance *
instantiate (HycoFmu *self, const char *instance_name, gboolean logging, GError **error)
{
  return instantiate_as (self, fmi2CoSimulation, instance_name, logging, error);
}

const HycoFmuModelExchangeOps *
_hyco_fmi2_fmu_get_model_exchange_ops (HycoFmu *self)
{
  g_return_val_if_fail (self != NULL && self->backend == &_hyco_fmi2_backend, NULL);
  return &FMU_PRIVATE (self)->me_ops;
}

HycoFmuInstance *
_hyco_fmi2_fmu_instantiate_model_exchange (HycoFmu *self, const char *instance_name,
                                           gboolean logging, const HycoFmuModelExchangeOps **me,
                                           GError **error)
{
  g_return_val_if_fail (self != NULL && self->backend == &_hyco_fmi2_backend, NULL);

  if (!self->description->has_model_exchange)
    {
      g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_UNSUPPORTED,
                   "%s: no ModelExchange element: a co-simulation FMU (use it in FMUImport)",
                   self->path);
      return NULL;
    }
  if (FMU_PRIVATE (self)->missing_me_functions != NULL)
    {
      g_set_error_literal (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_MISSING_FUNCTION,
                           FMU_PRIVATE (self)->missing_me_functions);
      return NULL;
    }
  if (!FMU_PRIVATE (self)->has_me_functions)
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
  *me = &FMU_PRIVATE (self)->me_ops;
  return instantiate_as (self, fmi2ModelExchange, instance_name, logging, error);
}

gboolean
_hyco_fmi2_fmu_check (HycoFmu *self, const char *instance_name, fmi2Status status, const char *call,
                      GError **error)
{
  g_autofree char *message = NULL;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (instance_name != NULL, FALSE);
  g_return_val_if_fail (call != NULL, FALSE);

  message = take_last_message (self, instance_name);
  if (status == fmi2OK || status == fmi2Warning)
    return TRUE;
  if (status == fmi2Fatal)
    {
      Fmu *fmu = FMU_PRIVATE (self);
      g_mutex_lock (&fmu->lock);
      fmu->fatal = TRUE;
      g_mutex_unlock (&fmu->lock);
    }
  /* FMI 2.0 section 4.2.3: a step computed asynchronously returns fmi2Pending and is to be
   * polled with fmi2GetStatus; Hyco's actors compute their outputs within fire. */
  if (status == fmi2Pending)
    g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_CALL,
                 "FMU %s (%s): %s returned fmi2Pending: the FMU computes asynchronously "
                 "(canRunAsynchronuously), and asynchronous FMUs are not supported%s%s",
                 self->description->model_name, instance_name, call, message ? ": " : "",
                 message ? message : "");
  else
    g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_CALL, "FMU %s (%s): %s returned %s%s%s",
                 self->description->model_name, instance_name, call, status_name (status),
                 message ? ": " : "", message ? message : "");
  return FALSE;
}

gboolean
_hyco_fmi2_fmu_is_fatal (HycoFmu *self)
{
  Fmu *fmu = FMU_PRIVATE (self);
  gboolean fatal;

  g_mutex_lock (&fmu->lock);
  fatal = fmu->fatal;
  g_mutex_unlock (&fmu->lock);
  return fatal;
}

static void
unload (HycoFmu *self)
{
  Fmu *fmu = FMU_PRIVATE (self);

  if (fmu->module && !g_module_close (fmu->module))
    g_warning ("%s: cannot close its library: %s", self->path, g_module_error ());
  g_clear_pointer (&fmu->instances, g_ptr_array_unref);
  g_free (fmu->missing_me_functions);
  g_mutex_clear (&fmu->lock);
  g_free (fmu);
  self->backend_data = NULL;
}

static char *
list_extensions (HycoFmu *self)
{
  g_autoptr (GString) functions = g_string_new (NULL);

  for (guint i = 0; i < G_N_ELEMENTS (hybrid_slots); i++)
    if (*function_slot (self, &hybrid_slots[i]))
      g_string_append_printf (functions, " %s", hybrid_slots[i].name);
  return functions->len ? g_strdup (functions->str + 1) : NULL;
}

const HycoFmi2Functions *
_hyco_fmi2_fmu_get_functions (HycoFmu *fmu)
{
  g_autoptr (GError) error = NULL;

  g_return_val_if_fail (fmu != NULL && fmu->backend == &_hyco_fmi2_backend, NULL);

  if (!_hyco_fmu_load (fmu, &error))
    {
      g_critical ("%s", error->message);
      return NULL;
    }
  return &FMU_PRIVATE (fmu)->fmi;
}

const HycoFmuBackend _hyco_fmi2_backend = {
  .fmi_version = "2.0",
  .check = check_library,
  .load = load_library,
  .unload = unload,
  .instantiate = instantiate,
  .list_extensions = list_extensions,
};
