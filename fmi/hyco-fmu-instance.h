/* hyco-fmu-instance.h: one instance of an FMU, as the FMU actor calls it whatever the FMU's FMI
 * version; not installed.
 *
 * Each FMI version's backend (fmi/fmi2/ for FMI 2.0 and its hybrid extension FMI-HC, fmi/fmi3/
 * for FMI 3.0) fills a HycoFmuInstanceOps table per loaded FMU: a function per call the actor
 * makes, NULL where the FMU's library (or its version) does not provide it, and the name of the
 * function each call makes, for errors.
 *
 * FMI 3.0 has no setup_experiment: its backend keeps what that call is given and passes it to
 * fmi3EnterInitializationMode. The calls named after FMI 2.0's (set_real, get_integer, ...)
 * take FMI 2.0's C types in every version (Real: double, Integer: int, Boolean: int); the
 * typed calls (get_values, set_values) take each type's own, for scalars and arrays:
 *
 *   Real, Float64: double          Float32: float
 *   Integer, Int32: gint32         Int8, UInt8, Int16, UInt16, UInt32, Int64, UInt64: theirs
 *   Enumeration: gint64 (FMI 3.0)  Boolean, Clock: gboolean      String: const char *
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "hyco-model-description.h"

G_BEGIN_DECLS

/* What a call returns: FMI 2.0's fmi2Status, and FMI 3.0's fmi3Status without Pending. */
typedef enum
{
  HYCO_FMU_STATUS_OK,
  HYCO_FMU_STATUS_WARNING,
  HYCO_FMU_STATUS_DISCARD,
  HYCO_FMU_STATUS_ERROR,
  HYCO_FMU_STATUS_FATAL,
  HYCO_FMU_STATUS_PENDING,
} HycoFmuStatus;

/* FMI-HC: whether a signal has a value (SEMANTICS.md section 6). */
typedef enum
{
  HYCO_FMU_SIGNAL_PRESENT,
  HYCO_FMU_SIGNAL_ABSENT,
  HYCO_FMU_SIGNAL_UNKNOWN,
} HycoFmuSignal;

typedef struct _HycoFmuInstance HycoFmuInstance;

/* What the status getters ask for: FMI 2.0's fmi2StatusKind. */
typedef enum
{
  HYCO_FMU_STATUS_KIND_DO_STEP,
  HYCO_FMU_STATUS_KIND_PENDING,
  HYCO_FMU_STATUS_KIND_LAST_SUCCESSFUL_TIME,
  HYCO_FMU_STATUS_KIND_TERMINATED,
} HycoFmuStatusKind;

/* The calls, each returning a HycoFmuStatus. Each takes the instance's handle (what the backend
 * makes of it: FMI 2.0 gives the fmi2Component, and the library's own functions as the calls,
 * so that a call costs what calling the FMU directly costs). Integer times count ticks of
 * 10^r s from the start time (FMI-HC); the hybrid getters and setters exchange presence with
 * the values; a state is the backend's, opaque to the caller. */
/* clang-format off */
#define HYCO_FMU_INSTANCE_CALLS(F) \
  F (setup_experiment, (gpointer handle, gboolean tolerance_defined, double tolerance, double start_time, gboolean stop_time_defined, double stop_time)) \
  F (enter_initialization_mode, (gpointer handle)) \
  F (exit_initialization_mode, (gpointer handle)) \
  F (terminate, (gpointer handle)) \
  F (set_real, (gpointer handle, const HycoFmuValueReference *vr, gsize n, const double *values)) \
  F (set_integer, (gpointer handle, const HycoFmuValueReference *vr, gsize n, const int *values)) \
  F (set_boolean, (gpointer handle, const HycoFmuValueReference *vr, gsize n, const int *values)) \
  F (set_string, (gpointer handle, const HycoFmuValueReference *vr, gsize n, const char *const *values)) \
  F (get_real, (gpointer handle, const HycoFmuValueReference *vr, gsize n, double *values)) \
  F (get_integer, (gpointer handle, const HycoFmuValueReference *vr, gsize n, int *values)) \
  F (get_boolean, (gpointer handle, const HycoFmuValueReference *vr, gsize n, int *values)) \
  F (get_string, (gpointer handle, const HycoFmuValueReference *vr, gsize n, const char **values)) \
  F (set_hybrid_real, (gpointer handle, const HycoFmuValueReference *vr, gsize n, const double *values, const HycoFmuSignal *presence)) \
  F (set_hybrid_integer, (gpointer handle, const HycoFmuValueReference *vr, gsize n, const int *values, const HycoFmuSignal *presence)) \
  F (set_hybrid_boolean, (gpointer handle, const HycoFmuValueReference *vr, gsize n, const int *values, const HycoFmuSignal *presence)) \
  F (set_hybrid_string, (gpointer handle, const HycoFmuValueReference *vr, gsize n, const char *const *values, const HycoFmuSignal *presence)) \
  F (get_hybrid_real, (gpointer handle, const HycoFmuValueReference *vr, gsize n, double *values, HycoFmuSignal *presence)) \
  F (get_hybrid_integer, (gpointer handle, const HycoFmuValueReference *vr, gsize n, int *values, HycoFmuSignal *presence)) \
  F (get_hybrid_boolean, (gpointer handle, const HycoFmuValueReference *vr, gsize n, int *values, HycoFmuSignal *presence)) \
  F (get_hybrid_string, (gpointer handle, const HycoFmuValueReference *vr, gsize n, const char **values, HycoFmuSignal *presence)) \
  F (do_step, (gpointer handle, double current_time, double step, gboolean no_rollback)) \
  F (do_integer_step, (gpointer handle, guint64 current_time, guint64 step, gboolean no_rollback, guint64 *performed)) \
  F (get_max_step_size, (gpointer handle, double *max_step)) \
  F (get_integer_max_step_size, (gpointer handle, guint64 *max_step)) \
  F (set_resolution, (gpointer handle, int resolution)) \
  F (get_preferred_resolution, (gpointer handle, int *resolution)) \
  F (get_real_status, (gpointer handle, HycoFmuStatusKind kind, double *value)) \
  F (get_boolean_status, (gpointer handle, HycoFmuStatusKind kind, gboolean *value)) \
  F (get_state, (gpointer handle, gpointer *state)) \
  F (set_state, (gpointer handle, gpointer state)) \
  F (free_state, (gpointer handle, gpointer *state)) \
  F (get_values, (gpointer handle, HycoFmuType type, const HycoFmuValueReference *vr, gsize n, gpointer values, gsize n_values)) \
  F (set_values, (gpointer handle, HycoFmuType type, const HycoFmuValueReference *vr, gsize n, gconstpointer values, gsize n_values)) \
  F (get_binary, (gpointer handle, const HycoFmuValueReference *vr, gsize n, gsize *sizes, const guint8 **values, gsize n_values)) \
  F (set_binary, (gpointer handle, const HycoFmuValueReference *vr, gsize n, const gsize *sizes, const guint8 *const *values, gsize n_values)) \
  F (enter_event_mode, (gpointer handle)) \
  F (update_discrete_states, (gpointer handle, gboolean *needs_update, gboolean *terminate, gboolean *next_event_time_defined, double *next_event_time)) \
  F (enter_step_mode, (gpointer handle)) \
  F (enter_configuration_mode, (gpointer handle)) \
  F (get_interval_decimal, (gpointer handle, const HycoFmuValueReference *vr, gsize n, double *intervals, int *qualifiers)) \
  F (get_shift_decimal, (gpointer handle, const HycoFmuValueReference *vr, gsize n, double *shifts)) \
  F (get_interval_fraction, (gpointer handle, const HycoFmuValueReference *vr, gsize n, guint64 *counters, guint64 *resolutions, int *qualifiers)) \
  F (get_shift_fraction, (gpointer handle, const HycoFmuValueReference *vr, gsize n, guint64 *counters, guint64 *resolutions)) \
  F (set_interval_decimal, (gpointer handle, const HycoFmuValueReference *vr, gsize n, const double *intervals)) \
  F (set_interval_fraction, (gpointer handle, const HycoFmuValueReference *vr, gsize n, const guint64 *counters, const guint64 *resolutions)) \
  F (exit_configuration_mode, (gpointer handle)) \
  F (do_event_step, (gpointer handle, double current_time, double step, gboolean no_rollback, gboolean *event_handling_needed, gboolean *terminate, gboolean *early_return, double *last_successful_time))
/* clang-format on */
/* FMI 3.0's calls (NULL for FMI 2.0):
 * - get_values, set_values: the typed getters and setters (fmi3GetInt8, ...), @n_values the
 *   number of values of the @n variables (arrays have several);
 * - get_binary, set_binary: Binary values, each with its size; the values got belong to the FMU
 *   until its next call;
 * - enter_event_mode, update_discrete_states (what fmi3UpdateDiscreteStates says of the
 *   discrete states, the end of the simulation and the next time event), enter_step_mode;
 * - enter_configuration_mode, exit_configuration_mode: around the setting of structural
 *   parameters, before initialization;
 * - get_interval_decimal, get_shift_decimal: a time-based clock's interval (with FMI 3.0's
 *   qualifier: 0 not yet known, 1 unchanged, 2 changed) and shift, in seconds;
 * - get_interval_fraction, get_shift_fraction: the same as counter / resolution seconds, exact
 *   (a clock with supportsFraction);
 * - set_interval_decimal, set_interval_fraction: the interval the importer gives a fixed or
 *   tunable periodic clock whose description has an intervalDecimal, in seconds or as counter /
 *   resolution (a clock with supportsFraction);
 * - do_event_step: fmi3DoStep with what it tells besides its status. */

/* The size of one value of @type in the typed calls (the C types above); 0 for Binary, whose
 * values come with their sizes. */
static inline gsize
hyco_fmu_type_size (HycoFmuType type)
{
  switch (type)
    {
    case HYCO_FMU_TYPE_REAL:
      return sizeof (double);
    case HYCO_FMU_TYPE_FLOAT32:
      return sizeof (float);
    case HYCO_FMU_TYPE_INT8:
    case HYCO_FMU_TYPE_UINT8:
      return 1;
    case HYCO_FMU_TYPE_INT16:
    case HYCO_FMU_TYPE_UINT16:
      return 2;
    case HYCO_FMU_TYPE_INTEGER:
    case HYCO_FMU_TYPE_UINT32:
      return 4;
    case HYCO_FMU_TYPE_INT64:
    case HYCO_FMU_TYPE_UINT64:
    case HYCO_FMU_TYPE_ENUMERATION:
      return 8;
    case HYCO_FMU_TYPE_BOOLEAN:
    case HYCO_FMU_TYPE_CLOCK:
      return sizeof (gboolean);
    case HYCO_FMU_TYPE_STRING:
      return sizeof (const char *);
    case HYCO_FMU_TYPE_BINARY:
      break;
    }
  return 0;
}

/* The name of the function each call makes ("fmi2DoStep"), for errors. */
typedef struct
{
#define HYCO_FMU_DECLARE_NAME(name, args) const char *name;
  HYCO_FMU_INSTANCE_CALLS (HYCO_FMU_DECLARE_NAME)
#undef HYCO_FMU_DECLARE_NAME
} HycoFmuCallNames;

typedef struct
{
#define HYCO_FMU_DECLARE_CALL(name, args) HycoFmuStatus (*name) args;
  HYCO_FMU_INSTANCE_CALLS (HYCO_FMU_DECLARE_CALL)
#undef HYCO_FMU_DECLARE_CALL

  /* OK and WARNING: TRUE. DISCARD, ERROR, FATAL, PENDING: FALSE with a HYCO_FMU_ERROR_CALL
   * error "FMU <modelName> (<instance>): <call> returned <status>" and the last message the
   * instance logged, if any. Every check forgets that message, so check every call whose
   * status matters, or a later failure may quote an earlier warning. */
  gboolean (*check) (HycoFmuInstance *self, HycoFmuStatus status, const char *call, GError **error);
  /* Frees the instance (any saved state must be freed before). */
  void (*free) (HycoFmuInstance *self);

  const HycoFmuCallNames *names;
  /* The typed calls' functions, by HycoFmuType ("fmi3GetInt8"); NULL without typed calls. */
  const char *const *get_value_names;
  const char *const *set_value_names;
  /* How the version names an FMU's request to end the simulation ("fmi2Terminated"). */
  const char *terminated_status;
} HycoFmuInstanceOps;

/* A backend's instance starts with this. */
struct _HycoFmuInstance
{
  const HycoFmuInstanceOps *ops;
  gpointer handle; /* what the calls take */
};

/* Model Exchange ---------------------------------------------------------------------------
 * An instance created for Model Exchange (hyco-fmu-me.h) takes the calls above that both
 * interfaces share (setup, initialization, get and set, terminate) and these, whose handle is
 * the instance's. */

/* What an event update reports: FMI 2.0's fmi2EventInfo, field for field. */
typedef struct
{
  int new_discrete_states_needed;
  int terminate_simulation;
  int nominals_of_continuous_states_changed;
  int values_of_continuous_states_changed;
  int next_event_time_defined;
  double next_event_time;
} HycoFmuEventInfo;

/* clang-format off */
#define HYCO_FMU_MODEL_EXCHANGE_CALLS(F) \
  F (set_time, (gpointer handle, double time)) \
  F (set_continuous_states, (gpointer handle, const double *x, gsize n)) \
  F (get_derivatives, (gpointer handle, double *derivatives, gsize n)) \
  F (get_event_indicators, (gpointer handle, double *indicators, gsize n)) \
  F (get_continuous_states, (gpointer handle, double *x, gsize n)) \
  F (get_nominals_of_continuous_states, (gpointer handle, double *nominals, gsize n)) \
  F (enter_event_mode, (gpointer handle)) \
  F (new_discrete_states, (gpointer handle, HycoFmuEventInfo *info)) \
  F (enter_continuous_time_mode, (gpointer handle)) \
  F (completed_integrator_step, (gpointer handle, gboolean no_set_state_prior, gboolean *enter_event_mode, gboolean *terminate_simulation))
/* clang-format on */

typedef struct
{
#define HYCO_FMU_DECLARE_NAME(name, args) const char *name;
  HYCO_FMU_MODEL_EXCHANGE_CALLS (HYCO_FMU_DECLARE_NAME)
#undef HYCO_FMU_DECLARE_NAME
} HycoFmuModelExchangeCallNames;

typedef struct
{
#define HYCO_FMU_DECLARE_CALL(name, args) HycoFmuStatus (*name) args;
  HYCO_FMU_MODEL_EXCHANGE_CALLS (HYCO_FMU_DECLARE_CALL)
#undef HYCO_FMU_DECLARE_CALL
  const HycoFmuModelExchangeCallNames *names;
} HycoFmuModelExchangeOps;

G_END_DECLS
