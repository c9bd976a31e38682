/* hyco-fmu.h: an FMI 2.0 co-simulation FMU, unpacked and loaded; not installed.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "hyco-kernel.h"
#include "hyco-fmu-actor.h"
#include "hyco-fmi2.h"

#include <gmodule.h>

G_BEGIN_DECLS

#define HYCO_FMU_ERROR (_hyco_fmu_error_quark ())
GQuark _hyco_fmu_error_quark (void);

typedef enum
{
  HYCO_FMU_ERROR_NOT_FOUND,        /* no such file */
  HYCO_FMU_ERROR_ARCHIVE,          /* not a zip archive, or unreadable */
  HYCO_FMU_ERROR_UNSAFE_PATH,      /* an entry with an absolute path or `..` */
  HYCO_FMU_ERROR_DESCRIPTION,      /* modelDescription.xml missing or malformed */
  HYCO_FMU_ERROR_UNSUPPORTED,      /* not FMI 2.0 co-simulation */
  HYCO_FMU_ERROR_NO_BINARY,        /* no binaries/linux64/<modelIdentifier>.so, or it won't load */
  HYCO_FMU_ERROR_MISSING_FUNCTION, /* a required FMI 2.0 function is not exported */
  HYCO_FMU_ERROR_CALL,             /* an FMI function returned fmi2Error or fmi2Fatal */
} HycoFmuError;

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
} HycoFmuCategory;

typedef enum
{
  HYCO_FMU_CAUSALITY_PARAMETER,
  HYCO_FMU_CAUSALITY_CALCULATED_PARAMETER,
  HYCO_FMU_CAUSALITY_INPUT,
  HYCO_FMU_CAUSALITY_OUTPUT,
  HYCO_FMU_CAUSALITY_LOCAL,
  HYCO_FMU_CAUSALITY_INDEPENDENT,
} HycoFmuCausality;

typedef enum
{
  HYCO_FMU_VARIABILITY_CONSTANT,
  HYCO_FMU_VARIABILITY_FIXED,
  HYCO_FMU_VARIABILITY_TUNABLE,
  HYCO_FMU_VARIABILITY_DISCRETE,
  HYCO_FMU_VARIABILITY_CONTINUOUS,
} HycoFmuVariability;

/* FMI 2.0 section 2.2.7: how a variable's value is first determined. */
typedef enum
{
  HYCO_FMU_INITIAL_NONE, /* inputs and the independent variable */
  HYCO_FMU_INITIAL_EXACT,
  HYCO_FMU_INITIAL_APPROX,
  HYCO_FMU_INITIAL_CALCULATED,
} HycoFmuInitial;

typedef enum
{
  HYCO_FMU_TYPE_REAL,
  HYCO_FMU_TYPE_INTEGER,
  HYCO_FMU_TYPE_BOOLEAN,
  HYCO_FMU_TYPE_STRING,
  HYCO_FMU_TYPE_ENUMERATION, /* read and written as Integer */
} HycoFmuType;

typedef struct
{
  char *name;
  fmi2ValueReference value_reference;
  HycoFmuCausality causality;     /* local when not given */
  HycoFmuVariability variability; /* when not given: continuous for Real, discrete for others */
  HycoFmuType type;
  /* As given, else the standard's default for the causality and variability. */
  HycoFmuInitial initial;
  char *start; /* the start attribute as written, NULL if none */
  char *unit;  /* Real only; NULL if none */
  /* Real, Integer, Enumeration: the range a value must be in (the variable's min and max, or
   * its declared type's); -INFINITY and INFINITY when not given. */
  double min, max;
  char *description; /* NULL if none */
  /* Outputs: the inputs (indices into HycoFmu.variables) this output depends on, from
   * ModelStructure/Outputs; n_dependencies is -1 when the FMU does not say (then it depends on
   * every input). Other variables: NULL, -1. */
  guint *dependencies;
  int n_dependencies;
} HycoFmuVariable;

/* The function table: FMI 2.0 functions are all resolved (a missing one fails the load,
 * except the optional ones listed in hyco-fmu.c: fmi2GetDirectionalDerivative, the state
 * serialization functions, fmi2SetRealInputDerivatives, fmi2GetRealOutputDerivatives,
 * fmi2CancelStep and the fmi2Get*Status functions, which are NULL when absent); FMI-HC
 * functions are NULL when the library does not export them. */
typedef struct
{
#define HYCO_FMI2_DECLARE_MEMBER(ret, name, args) name##TYPE *name;
  HYCO_FMI2_FUNCTIONS (HYCO_FMI2_DECLARE_MEMBER)
  HYCO_FMI2_HYBRID_FUNCTIONS (HYCO_FMI2_DECLARE_MEMBER)
#undef HYCO_FMI2_DECLARE_MEMBER
} HycoFmi2Functions;

typedef struct _HycoFmu
{
  gatomicrefcount ref_count;
  char *path;         /* the .fmu file, as given */
  char *directory;    /* private temporary directory it was unpacked into; removed at the end */
  char *resource_uri; /* file:// URI of its resources/ directory, for fmi2Instantiate */

  char *fmi_version; /* "2.0" */
  char *model_name;
  char *guid;
  char *model_identifier;              /* of the CoSimulation element: the library's name */
  char *description, *generation_tool; /* NULL if none */

  /* CoSimulation capabilities. */
  gboolean can_handle_variable_communication_step_size;
  gboolean can_interpolate_inputs;
  gboolean can_get_and_set_fmu_state;
  gboolean can_serialize_fmu_state;
  gboolean needs_execution_tool;
  guint max_output_derivative_order;
  /* FMI-HC capability flags, if the modelDescription gives them (the symbols decide). */
  gboolean declares_can_get_max_step_size, declares_can_get_preferred_resolution,
    declares_can_set_resolution, declares_can_handle_integer_time;

  /* DefaultExperiment: NAN where absent. */
  double start_time, stop_time, tolerance, step_size;

  GPtrArray *variables; /* HycoFmuVariable*, in declaration order (index + 1 is the index
                         * ModelStructure uses) */
  HycoFmuCategory category;
  HycoFmi2Functions fmi;
  GModule *module;
} HycoFmu;

/* Unpacks @path into a new private temporary directory (g_dir_make_tmp), refusing entries
 * with absolute paths or `..` components, parses modelDescription.xml, loads
 * binaries/linux64/<modelIdentifier>.so and resolves the functions. On failure nothing is left
 * on disk. Errors name the file. */
HycoFmu *_hyco_fmu_open (const char *path, GError **error);
HycoFmu *_hyco_fmu_ref (HycoFmu *self);
/* At the last reference: closes the library and removes the temporary directory. */
void _hyco_fmu_unref (HycoFmu *self);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (HycoFmu, _hyco_fmu_unref)

const HycoFmuVariable *_hyco_fmu_find_variable (HycoFmu *self, const char *name);
const char *_hyco_fmu_category_name (HycoFmuCategory category); /* "0A", "0B", "1", ... */
const char *_hyco_fmu_type_name (HycoFmuType type);             /* "Real", "Integer", ... */
/* Whether a master may set @variable before initialization (FMI 2.0 section 3.2.3): an input,
 * or a variable that is not constant whose initial is exact or approx (parameters, start
 * values of states). */
gboolean _hyco_fmu_variable_is_settable (const HycoFmuVariable *variable);

/* fmi2Instantiate as co-simulation, not visible, with callbacks whose logger routes the FMU's
 * messages to GLib logging (domain "Hyco", prefixed by @instance_name; fmi2Error and fmi2Fatal
 * as info, since their text goes into the failing call's error; fmi2Warning as messages; the
 * rest as messages too when @logging). Returns NULL with an error naming the FMU and
 * fmi2Instantiate when it fails. */
fmi2Component _hyco_fmu_instantiate (HycoFmu *self, const char *instance_name, gboolean logging,
                                     GError **error);

/* fmi2OK and fmi2Warning: TRUE. fmi2Discard, fmi2Error, fmi2Fatal, fmi2Pending: FALSE with a
 * HYCO_FMU_ERROR_CALL error "FMU <modelName> (<instance>): <call> returned fmi2Error" and the
 * last message the FMU logged for that instance, if any. The message kept is the last one logged
 * with fmi2Warning, fmi2Discard, fmi2Error or fmi2Fatal since the previous _hyco_fmu_check (or
 * _hyco_fmu_instantiate) of that instance: every check forgets it, so check every call whose
 * status matters, or a later failure may quote an earlier warning. Value references in messages
 * (`#r12#`) are replaced by the variables' names. */
gboolean _hyco_fmu_check (HycoFmu *self, const char *instance_name, fmi2Status status,
                          const char *call, GError **error);

/* What `hyco fmu info` prints: names, GUID, FMI version, generation tool, category and the
 * FMI-HC functions found, capabilities, default experiment, and each variable with causality,
 * variability, type, start, unit and (outputs) dependencies. */
char *_hyco_fmu_describe (HycoFmu *self);

/* The FMU an actor loaded (transfer none), or NULL: for `hyco fmu run`, which takes its default
 * experiment. */
HycoFmu *_hyco_fmu_actor_get_fmu (HycoFMUActor *self);

G_END_DECLS
