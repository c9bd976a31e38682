/* me-values.h: the variables of types other than Real (me-model.h's MeVariable), as both Model
 * Exchange runtimes look them up and check them.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "me-model.h"

#include <stdlib.h>
#include <string.h>

/* The variable with value reference @vr, or NULL. */
static inline const MeVariable *
me_variable (unsigned vr)
{
  if (vr < ME_VALUES_VR || vr - ME_VALUES_VR >= me_model.n_values)
    return NULL;
  return &me_model.values[vr - ME_VALUES_VR];
}

/* Whether a variable of FMI 3.0 type @type is reached through the calls of @call_type: its own
 * type's (Enumeration: Int64's), or with FMI 2.0 (@fmi2) an integer type's through Integer's. */
static inline bool
me_type_matches (const char *type, const char *call_type, bool fmi2)
{
  if (fmi2 && strcmp (call_type, "Integer") == 0)
    return type[0] == 'I' || type[0] == 'U' || strcmp (type, "Enumeration") == 0;
  return strcmp (type, call_type) == 0
         || (strcmp (call_type, "Int64") == 0 && strcmp (type, "Enumeration") == 0);
}

/* Whether a variable of @causality may be set: parameters before initialization ends (@early),
 * discrete inputs also in event mode (@event), computed ones never. */
static inline bool
me_settable (MeCausality causality, bool early, bool event)
{
  switch (causality)
    {
    case ME_PARAMETER:
      return early;
    case ME_DISCRETE_INPUT:
      return early || event;
    default:
      return false;
    }
}

/* The values of a new instance: the start values. */
static inline MeValue *
me_values_new (void)
{
  MeValue *values = calloc (me_model.n_values > 0 ? me_model.n_values : 1, sizeof (MeValue));

  for (unsigned i = 0; i < me_model.n_values; i++)
    values[i] = me_model.values[i].start;
  return values;
}
