/* hyco-param.h: actor and director parameters as GObject properties set from text or from
 * expressions over the model's parameters.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined(HYCO_INSIDE) && !defined(HYCO_COMPILATION)
#error "Only <hyco.h> can be included directly."
#endif

#include "hyco-export.h"
#include <glib-object.h>

G_BEGIN_DECLS

/**
 * HYCO_PARAM_ERROR:
 *
 * Error domain for setting parameters from text; errors are from #HycoParamError.
 */
#define HYCO_PARAM_ERROR (hyco_param_error_quark ())

/**
 * HycoParamError:
 * @HYCO_PARAM_ERROR_UNKNOWN: the object has no parameter of that name
 * @HYCO_PARAM_ERROR_BAD_VALUE: the text is not a valid value for the parameter
 * @HYCO_PARAM_ERROR_UNKNOWN_NAME: an expression names no parameter in scope
 * @HYCO_PARAM_ERROR_CYCLE: model parameters whose values depend on each other
 * @HYCO_PARAM_ERROR_INVALID_NAME: the name cannot be given to a model parameter
 *
 * Errors from setting and evaluating parameters.
 */
typedef enum
{
  HYCO_PARAM_ERROR_UNKNOWN,
  HYCO_PARAM_ERROR_BAD_VALUE,
  HYCO_PARAM_ERROR_UNKNOWN_NAME,
  HYCO_PARAM_ERROR_CYCLE,
  HYCO_PARAM_ERROR_INVALID_NAME,
} HycoParamError;

/**
 * HycoParamKind:
 * @HYCO_PARAM_KIND_PLAIN: a plain property (number, boolean, string, enumeration)
 * @HYCO_PARAM_KIND_TIME: a decimal time literal in seconds, kept as text and converted exactly
 *   to ticks when the model's resolution is known
 * @HYCO_PARAM_KIND_RESOLUTION: a time resolution, a power of ten in seconds (`1e-9`)
 * @HYCO_PARAM_KIND_VALUE: a value literal (`1`, `2.5`, `true`, `"text"`)
 * @HYCO_PARAM_KIND_VALUE_LIST: a list of value literals in braces (`{1, 2, 3}`)
 * @HYCO_PARAM_KIND_TAG_LIST: a list of tags in braces (`{(0.1, 1), (0.2, 1)}`)
 *
 * How the text of a string parameter is checked.
 */
typedef enum
{
  HYCO_PARAM_KIND_PLAIN,
  HYCO_PARAM_KIND_TIME,
  HYCO_PARAM_KIND_RESOLUTION,
  HYCO_PARAM_KIND_VALUE,
  HYCO_PARAM_KIND_VALUE_LIST,
  HYCO_PARAM_KIND_TAG_LIST,
} HycoParamKind;

HYCO_API GQuark hyco_param_error_quark (void);

HYCO_API GParamSpec *hyco_param_spec_literal (const char *name, const char *blurb,
                                              HycoParamKind kind, const char *default_value);
HYCO_API HycoParamKind hyco_param_spec_get_kind (GParamSpec *pspec);

HYCO_API gboolean hyco_param_set_from_string (GObject *object, const char *name, const char *text,
                                              GError **error);
HYCO_API const char *hyco_param_get_expression (GObject *object, const char *name);
HYCO_API char *hyco_param_to_string (GObject *object, GParamSpec *pspec);
HYCO_API char *hyco_param_default_to_string (GParamSpec *pspec);
HYCO_API gboolean hyco_param_is_default (GObject *object, GParamSpec *pspec);
HYCO_API GPtrArray *hyco_param_list (GObjectClass *klass);
HYCO_API gboolean hyco_param_parse_tag_list (const char *text, int resolution, GArray **tags,
                                             GError **error);

G_END_DECLS
