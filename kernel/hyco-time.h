/* hyco-time.h: superdense time over integer ticks of a decimal resolution.
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
 * HYCO_TIME_ERROR:
 *
 * Error domain for parsing and arithmetic on model time. Errors in this domain are from the
 * #HycoTimeError enumeration.
 */
#define HYCO_TIME_ERROR (hyco_time_error_quark ())

/**
 * HycoTimeError:
 * @HYCO_TIME_ERROR_SYNTAX: the text is not a decimal time literal
 * @HYCO_TIME_ERROR_NOT_REPRESENTABLE: the literal is finer than the resolution can hold
 * @HYCO_TIME_ERROR_OVERFLOW: the tick count or microstep would overflow
 * @HYCO_TIME_ERROR_NEGATIVE: a time that must not be negative is negative
 * @HYCO_TIME_ERROR_RESOLUTION: the text is not a valid resolution (a power of ten)
 *
 * Errors from time parsing and arithmetic.
 */
typedef enum
{
  HYCO_TIME_ERROR_SYNTAX,
  HYCO_TIME_ERROR_NOT_REPRESENTABLE,
  HYCO_TIME_ERROR_OVERFLOW,
  HYCO_TIME_ERROR_NEGATIVE,
  HYCO_TIME_ERROR_RESOLUTION,
} HycoTimeError;

/**
 * HYCO_TIME_INFINITY:
 *
 * The tick count that stands for "never" (an unbounded stop time). Printed as `Infinity`.
 */
#define HYCO_TIME_INFINITY G_MAXINT64

/**
 * HYCO_DEFAULT_RESOLUTION:
 *
 * The default resolution exponent r: ticks of 10^-9 s (nanoseconds), which spans ±292 years.
 */
#define HYCO_DEFAULT_RESOLUTION (-9)

/**
 * HYCO_RESOLUTION_MIN:
 *
 * The finest resolution exponent a model may use: ticks of 10^-18 s. Resolution exponents
 * outside [%HYCO_RESOLUTION_MIN, %HYCO_RESOLUTION_MAX] cannot be used: 10^18 fits a gint64,
 * 10^19 does not.
 */
#define HYCO_RESOLUTION_MIN (-18)
/**
 * HYCO_RESOLUTION_MAX:
 *
 * The coarsest resolution exponent a model may use: ticks of 10^18 s.
 */
#define HYCO_RESOLUTION_MAX 18

/**
 * HycoTag:
 * @time: model time in ticks of the model's resolution, from the start time
 * @microstep: index within @time; restarts at 0 when @time advances
 *
 * A superdense time stamp. Tags are ordered lexicographically.
 */
typedef struct _HycoTag HycoTag;
struct _HycoTag
{
  gint64 time;
  guint64 microstep;
};

#define HYCO_TYPE_TAG (hyco_tag_get_type ())

HYCO_API GType hyco_tag_get_type (void) G_GNUC_CONST;
HYCO_API GQuark hyco_time_error_quark (void);

HYCO_API HycoTag *hyco_tag_new (gint64 time, guint64 microstep);
HYCO_API HycoTag *hyco_tag_copy (const HycoTag *tag);
HYCO_API void hyco_tag_free (HycoTag *tag);
HYCO_API int hyco_tag_compare (const HycoTag *a, const HycoTag *b);
HYCO_API gboolean hyco_tag_equal (const HycoTag *a, const HycoTag *b);
HYCO_API char *hyco_tag_to_string (const HycoTag *tag, int resolution);

HYCO_API gboolean hyco_time_parse (const char *literal, int resolution, gint64 *ticks,
                                   GError **error);
HYCO_API gboolean hyco_time_validate (const char *literal, GError **error);
HYCO_API char *hyco_time_to_string (gint64 ticks, int resolution);
HYCO_API gboolean hyco_time_add (gint64 a, gint64 b, gint64 *result, GError **error);
HYCO_API gboolean hyco_time_multiply (gint64 ticks, gint64 factor, gint64 *result, GError **error);
HYCO_API double hyco_time_to_seconds (gint64 ticks, int resolution);
HYCO_API gboolean hyco_resolution_parse (const char *literal, int *resolution, GError **error);
HYCO_API char *hyco_resolution_to_string (int resolution);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (HycoTag, hyco_tag_free)

G_END_DECLS
