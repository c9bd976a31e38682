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
  HYCO_FMU_CAUSALITY_STRUCTURAL_PARAMETER, /* FMI 3.0: a parameter that sizes arrays */
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

/* A variable's type. FMI 3.0's Float64 is REAL and its Int32 INTEGER (the same C types as
 * FMI 2.0's Real and Integer); the other FMI 3.0 types follow. */
typedef enum
{
  HYCO_FMU_TYPE_REAL,
  HYCO_FMU_TYPE_INTEGER,
  HYCO_FMU_TYPE_BOOLEAN,
  HYCO_FMU_TYPE_STRING,
  HYCO_FMU_TYPE_ENUMERATION, /* read and written as Integer (FMI 2.0), as Int64 (FMI 3.0) */
  HYCO_FMU_TYPE_FLOAT32,
  HYCO_FMU_TYPE_INT8,
  HYCO_FMU_TYPE_UINT8,
  HYCO_FMU_TYPE_INT16,
  HYCO_FMU_TYPE_UINT16,
  HYCO_FMU_TYPE_UINT32,
  HYCO_FMU_TYPE_INT64,
  HYCO_FMU_TYPE_UINT64,
  HYCO_FMU_TYPE_BINARY,
  HYCO_FMU_TYPE_CLOCK,
} HycoFmuType;

#define HYCO_FMU_N_TYPES (HYCO_FMU_TYPE_CLOCK + 1)

/* An FMU's value reference: FMI 2.0's fmi2ValueReference, FMI 3.0's fmi3ValueReference. */
typedef unsigned int HycoFmuValueReference;

/* An item of an Enumeration type: the values an Enumeration variable may take. */
typedef struct
{
  char *name;
  gint64 value;      /* FMI 2.0: an Integer; FMI 3.0: an Int64 */
  char *description; /* NULL if none */
} HycoFmuEnumerationItem;

/* FMI 3.0: one dimension of an array variable, a fixed size or the value of a structural
 * parameter (its start value, unless the master sets it). */
typedef struct
{
  guint64 start;                /* the size: given, or the structural parameter's start */
  gboolean variable;            /* the size is the structural parameter's */
  HycoFmuValueReference vr;     /* that parameter's value reference */
  guint index;                  /* and its index in variables */
} HycoFmuDimension;

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
  /* How the description names the type: "Real", "Float64", "UInt8", ... */
  const char *type_name;
  /* FMI 3.0 arrays: the dimensions, NULL and 0 for a scalar; n_elements is the number of
   * values with the sizes at their start (1 for a scalar). */
  HycoFmuDimension *dimensions;
  guint n_dimensions;
  guint64 n_elements;
  gboolean intermediate_update; /* FMI 3.0: readable in the intermediate update callback */
  /* FMI 3.0 Binary: its mimeType ("application/octet-stream" when not given) and maxSize (the
   * most bytes a value has; 0 when not given: no limit). NULL and 0 for other types. */
  char *mime_type;
  guint64 max_size;
  /* FMI 3.0 clocks: a Clock's intervalVariability ("triggered", "periodic" ones: "constant",
   * ...; NULL for other variables); a clocked variable's clock (index in variables), -1 when
   * it has none. */
  const char *interval_variability;
  double interval_decimal, shift_decimal; /* a Clock's attributes: NAN and 0 when not given */
  /* A constant Clock's exact interval and shift, intervalCounter / resolution and
   * shiftCounter / resolution seconds (supportsFraction); 0 resolution when not given. */
  guint interval_counter, shift_counter, fraction_resolution;
  gboolean supports_fraction; /* a Clock's: fmi3GetIntervalFraction may be called */
  int clock;
  /* Outputs: the inputs (indices into variables) this output depends on, from
   * ModelStructure/Outputs; n_dependencies is -1 when the FMU does not say (then it depends on
   * every input). Other variables: NULL, -1. */
  guint *dependencies;
  int n_dependencies;
  /* Real: the 1-based index in ModelVariables of the variable this one is the derivative of
   * (its derivative attribute), 0 if none. */
  guint derivative;
  /* FMI 3.0 writes the derivative attribute as a value reference: it, while the description is
   * read (derivative is set once every variable is known); -1 if none. */
  gint64 derivative_reference;
} HycoFmuVariable;

typedef struct
{
  char *fmi_version; /* "2.0", "3.0" */
  int fmi_major;     /* 2, 3 */
  char *model_name;
  char *guid; /* FMI 2.0's guid, FMI 3.0's instantiationToken */
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
  /* FMI 3.0 CoSimulation capabilities. */
  gboolean has_event_mode;
  gboolean provides_intermediate_update;
  gboolean might_return_early_from_do_step;
  gboolean can_return_early_after_intermediate_update;
  double fixed_internal_step_size; /* NAN when not given */
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
  /* ModelExchange (FMI 2.0 section 3.3, FMI 3.0 section 3.3): its library's name and
   * capabilities (FMI 3.0's needsCompletedIntegratorStep is the negation of FMI 2.0's
   * completedIntegratorStepNotNeeded). */
  char *me_model_identifier; /* NULL without ModelExchange */
  gboolean me_completed_integrator_step_not_needed;
  gboolean me_can_get_and_set_fmu_state;
  gboolean me_needs_execution_tool;
  guint number_of_event_indicators;
  /* ModelStructure/Derivatives (FMI 2.0) or ModelStructure/ContinuousStateDerivative (FMI
   * 3.0): the continuous states' derivatives and the states themselves (indices into
   * variables), in the order of the FMU's state vector. FMI 3.0 counts its EventIndicator
   * elements into number_of_event_indicators. */
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
/* The type as @variable's description names it: "Float64" in an FMI 3.0 FMU. */
const char *_hyco_fmu_variable_type_name (const HycoFmuVariable *variable);
const char *_hyco_fmu_causality_name (HycoFmuCausality causality); /* "parameter", ... */
const char *_hyco_fmu_variability_name (HycoFmuVariability variability);
const char *_hyco_fmu_initial_name (HycoFmuInitial initial); /* "none", "exact", ... */
/* Whether a master may set @variable before initialization (FMI 2.0 section 3.2.3): an input,
 * or a variable that is not constant whose initial is exact or approx (parameters, start
 * values of states). */
gboolean _hyco_fmu_variable_is_settable (const HycoFmuVariable *variable);

G_END_DECLS
