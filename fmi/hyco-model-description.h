/* hyco-model-description.h: what an FMU's modelDescription.xml says, whatever its FMI version;
 * not installed.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "hyco-fmu-error.h"

#include <glib.h>

G_BEGIN_DECLS

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

/* An FMU's value reference: FMI 2.0's fmi2ValueReference, FMI 3.0's fmi3ValueReference. */
typedef unsigned int HycoFmuValueReference;

/* An item of an Enumeration type: the values an Enumeration variable may take. */
typedef struct
{
  char *name;
  int value;
  char *description; /* NULL if none */
} HycoFmuEnumerationItem;

typedef struct
{
  char *name;
  HycoFmuValueReference value_reference;
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
  /* Enumeration: its type's items (HycoFmuEnumerationItem*, in declaration order; a reference
   * to the type's array). NULL for other types. */
  GPtrArray *items;
  /* Outputs: the inputs (indices into variables) this output depends on, from
   * ModelStructure/Outputs; n_dependencies is -1 when the FMU does not say (then it depends on
   * every input). Other variables: NULL, -1. */
  guint *dependencies;
  int n_dependencies;
  /* Real: the 1-based index in ModelVariables of the variable this one is the derivative of
   * (its derivative attribute), 0 if none. */
  guint derivative;
} HycoFmuVariable;

typedef struct
{
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
  gboolean can_run_asynchronuously; /* the standard's spelling */
  guint max_output_derivative_order;
  /* FMI-HC capability flags, if the modelDescription gives them (the symbols decide). */
  gboolean declares_can_get_max_step_size, declares_can_get_preferred_resolution,
    declares_can_set_resolution, declares_can_handle_integer_time;

  /* DefaultExperiment: NAN where absent. */
  double start_time, stop_time, tolerance, step_size;

  GPtrArray *variables; /* HycoFmuVariable*, in declaration order (index + 1 is the index
                         * ModelStructure uses) */
  GHashTable *by_name;  /* variable name -> HycoFmuVariable* in variables */

  /* The interfaces the FMU implements: its CoSimulation and ModelExchange elements. With
   * ModelExchange only, model_identifier is the ModelExchange element's. */
  gboolean has_co_simulation;
  gboolean has_model_exchange;
  /* ModelExchange (FMI 2.0 section 3.3): its library's name and capabilities. */
  char *me_model_identifier; /* NULL without ModelExchange */
  gboolean me_completed_integrator_step_not_needed;
  gboolean me_can_get_and_set_fmu_state;
  gboolean me_needs_execution_tool;
  guint number_of_event_indicators;
  /* ModelStructure/Derivatives (ModelExchange): the continuous states' derivatives and the
   * states themselves (indices into variables), in the order of the FMU's state vector. */
  GArray *derivatives; /* guint */
  GArray *states;      /* guint */
} HycoModelDescription;

/* Reads @directory/modelDescription.xml of the FMU @path (which errors name, with the line in
 * the description): no entity declarations, no DTD, no network. Its fmiVersion must be one of
 * @versions (NULL-terminated), else a HYCO_FMU_ERROR_UNSUPPORTED error, before anything else is
 * read. */
HycoModelDescription *_hyco_model_description_read (const char *path, const char *directory,
                                                    const char *const *versions, GError **error);
void _hyco_model_description_free (HycoModelDescription *self);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (HycoModelDescription, _hyco_model_description_free)

const HycoFmuVariable *_hyco_model_description_find_variable (const HycoModelDescription *self,
                                                              const char *name);

const char *_hyco_fmu_type_name (HycoFmuType type);                /* "Real", "Integer", ... */
const char *_hyco_fmu_causality_name (HycoFmuCausality causality); /* "parameter", ... */
const char *_hyco_fmu_variability_name (HycoFmuVariability variability);
const char *_hyco_fmu_initial_name (HycoFmuInitial initial); /* "none", "exact", ... */
/* Whether a master may set @variable before initialization (FMI 2.0 section 3.2.3): an input,
 * or a variable that is not constant whose initial is exact or approx (parameters, start
 * values of states). */
gboolean _hyco_fmu_variable_is_settable (const HycoFmuVariable *variable);

G_END_DECLS
