/* hyco-time.c: superdense time over integer ticks of a decimal resolution.
 *
 * Model time is never held in floating point: a literal such as "0.1" is converted exactly
 * to an integer tick count, so that adding it ten times gives exactly "1". Doubles appear only
 * at the edge, in hyco_time_to_seconds(), for solvers and plots.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-time.h"
#include "hyco-util-private.h"

#include <math.h>
#include <string.h>

/* The quark name is text, not a subtraction: keep clang-format away from it. */
/* clang-format off */
/**
 * hyco_time_error_quark:
 *
 * The error domain of times: a time or resolution literal that cannot be parsed, a time finer than
 * the resolution can hold or too large for it, a negative time where none is allowed.
 *
 * Returns: the #GQuark of #HycoTimeError
 */
G_DEFINE_QUARK (hyco-time-error-quark, hyco_time_error)
/* clang-format on */

G_DEFINE_BOXED_TYPE (HycoTag, hyco_tag, hyco_tag_copy, hyco_tag_free)

/* Decimal exponents are clamped to this magnitude while scanning, so that "1e999999999999"
 * neither overflows the accumulator nor makes us loop: any exponent this large already
 * overflows (or, with a zero mantissa, does not matter). */
#define EXPONENT_CLAMP G_GINT64_CONSTANT (1000000000000000)

/* A gint64 holds at most 19 decimal digits. */
#define MAX_TICK_DIGITS 19

/* An exactly scanned decimal literal: value = (-1)^negative × digits × 10^exponent. */
typedef struct
{
  gboolean negative;
  gboolean infinite;
  GString *digits; /* significant digits, no leading or trailing zeros; empty for zero */
  gint64 exponent;
} Decimal;

static void
decimal_clear (Decimal *dec)
{
  if (dec->digits != NULL)
    g_string_free (dec->digits, TRUE);
  dec->digits = NULL;
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Decimal, decimal_clear)

static gboolean
is_infinity_word (const char *p)
{
  return g_ascii_strcasecmp (p, "infinity") == 0 || g_ascii_strcasecmp (p, "inf") == 0;
}

/* Scans the whole of @text (already stripped of surrounding whitespace) with the grammar
 *   [+-]? digits [. digits]? ([eE] [+-]? digits)?   (at least one mantissa digit)
 *   +? (Infinity | inf)                              (case-insensitive)
 * Returns FALSE on a syntax error; the caller words the message because only it knows
 * whether the text is a time or a resolution. */
static gboolean
decimal_scan (const char *text, Decimal *dec)
{
  const char *p = text;
  gsize n_mantissa = 0;
  gint64 frac_len = 0;
  gint64 exp = 0;
  gint64 n_stripped = 0;

  dec->negative = FALSE;
  dec->infinite = FALSE;
  dec->digits = g_string_new (NULL);
  dec->exponent = 0;

  if (*p == '+' || *p == '-')
    {
      dec->negative = (*p == '-');
      p++;
    }

  /* "-Infinity" is rejected: there is no time before the start of all times. */
  if (!dec->negative && is_infinity_word (p))
    {
      dec->infinite = TRUE;
      return TRUE;
    }

  /* Leading zeros do not change the integer value of the digit string, so drop them here;
   * the number of fraction digits is tracked separately to place the decimal point. */
  for (; g_ascii_isdigit (*p); p++, n_mantissa++)
    if (dec->digits->len > 0 || *p != '0')
      g_string_append_c (dec->digits, *p);

  if (*p == '.')
    {
      for (p++; g_ascii_isdigit (*p); p++, n_mantissa++, frac_len++)
        if (dec->digits->len > 0 || *p != '0')
          g_string_append_c (dec->digits, *p);
    }

  if (n_mantissa == 0)
    return FALSE;

  if (*p == 'e' || *p == 'E')
    {
      gboolean exp_negative = FALSE;
      gsize n_exp = 0;

      p++;
      if (*p == '+' || *p == '-')
        {
          exp_negative = (*p == '-');
          p++;
        }
      for (; g_ascii_isdigit (*p); p++, n_exp++)
        if (exp < EXPONENT_CLAMP)
          exp = exp * 10 + (*p - '0');
      if (n_exp == 0)
        return FALSE;
      if (exp_negative)
        exp = -exp;
    }

  if (*p != '\0')
    return FALSE;

  /* Trailing zeros (of the fraction or the integer part) only scale the value; moving them
   * into the exponent keeps "1.000000000000000000000" from overflowing the accumulator and
   * makes the divisibility test for sub-tick literals a simple sign check. */
  while (dec->digits->len > 0 && dec->digits->str[dec->digits->len - 1] == '0')
    {
      g_string_truncate (dec->digits, dec->digits->len - 1);
      n_stripped++;
    }

  dec->exponent = exp - frac_len + n_stripped;
  return TRUE;
}

/* Scans @literal after stripping ASCII whitespace. @shown receives the stripped text for
 * error messages, made valid UTF-8 because messages must be (a valid literal is ASCII). */
static gboolean
decimal_scan_literal (const char *literal, Decimal *dec, char **shown)
{
  g_autofree char *stripped = g_strstrip (g_strdup (literal));

  *shown = g_utf8_make_valid (stripped, -1);
  return decimal_scan (stripped, dec);
}

static gboolean
resolution_valid (int resolution)
{
  return resolution >= HYCO_RESOLUTION_MIN && resolution <= HYCO_RESOLUTION_MAX;
}

/* Magnitude of a tick count as unsigned, correct for G_MININT64 whose negation overflows. */
static guint64
ticks_magnitude (gint64 ticks)
{
  return ticks < 0 ? (guint64) (-(ticks + 1)) + 1 : (guint64) ticks;
}

/**
 * hyco_time_parse:
 * @literal: a decimal time literal in seconds, such as `0.1`, `2.5e-3` or `Infinity`
 * @resolution: the resolution exponent r: ticks are 10^r seconds
 * @ticks: (out): return location for the number of ticks
 * @error: return location for a #GError
 *
 * Converts a decimal literal in seconds to an exact tick count without going through
 * floating point, so that `0.1` at r = -9 is exactly 100000000 ticks.
 *
 * The literal is an optional sign, digits with an optional decimal point and an optional
 * exponent (`[eE][+-]?digits`), with optional surrounding ASCII whitespace. `Infinity` or
 * `inf` (any case, optionally with `+`) gives `HYCO_TIME_INFINITY`. Negative times are
 * accepted; callers that need a non-negative time check the result.
 *
 * Fails with %HYCO_TIME_ERROR_SYNTAX if the text is not such a literal,
 * %HYCO_TIME_ERROR_NOT_REPRESENTABLE if it is not a whole number of ticks, and
 * %HYCO_TIME_ERROR_OVERFLOW if the tick count does not fit (`HYCO_TIME_INFINITY` itself is
 * reserved and not reachable from a finite literal).
 *
 * Returns: %TRUE on success, %FALSE if @error is set
 */
gboolean
hyco_time_parse (const char *literal, int resolution, gint64 *ticks, GError **error)
{
  g_auto (Decimal) dec = { 0 };
  g_autofree char *text = NULL;
  g_autofree char *res_text = NULL;
  gint64 shift;
  guint64 mag = 0;

  g_return_val_if_fail (literal != NULL, FALSE);
  g_return_val_if_fail (resolution_valid (resolution), FALSE);
  g_return_val_if_fail (ticks != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!decimal_scan_literal (literal, &dec, &text))
    {
      g_set_error (error, HYCO_TIME_ERROR, HYCO_TIME_ERROR_SYNTAX,
                   "\"%s\" is not a time literal: expected decimal seconds such as \"0.1\", "
                   "\"2.5e-3\" or \"Infinity\"",
                   text);
      return FALSE;
    }

  if (dec.infinite)
    {
      *ticks = HYCO_TIME_INFINITY;
      return TRUE;
    }

  if (dec.digits->len == 0)
    {
      *ticks = 0;
      return TRUE;
    }

  res_text = hyco_resolution_to_string (resolution);

  /* The digits have no trailing zero, so they are a whole number of ticks only if the
   * literal's exponent is at least the resolution's. */
  shift = dec.exponent - resolution;
  if (shift < 0)
    {
      g_set_error (error, HYCO_TIME_ERROR, HYCO_TIME_ERROR_NOT_REPRESENTABLE,
                   "time literal \"%s\" cannot be represented at resolution %s s", text, res_text);
      return FALSE;
    }

  /* Cheap bound first, so that a huge exponent never reaches the multiplication loop. */
  if (shift > MAX_TICK_DIGITS || (gint64) dec.digits->len + shift > MAX_TICK_DIGITS)
    goto overflow;

  for (gsize i = 0; i < dec.digits->len; i++)
    if (__builtin_mul_overflow (mag, 10, &mag)
        || __builtin_add_overflow (mag, (guint64) (dec.digits->str[i] - '0'), &mag))
      goto overflow;
  for (gint64 i = 0; i < shift; i++)
    if (__builtin_mul_overflow (mag, 10, &mag))
      goto overflow;

  if (dec.negative)
    {
      if (mag > (guint64) G_MAXINT64 + 1)
        goto overflow;
      *ticks = mag == (guint64) G_MAXINT64 + 1 ? G_MININT64 : -(gint64) mag;
    }
  else
    {
      /* G_MAXINT64 is HYCO_TIME_INFINITY, so a finite literal must stay below it. */
      if (mag >= (guint64) HYCO_TIME_INFINITY)
        goto overflow;
      *ticks = (gint64) mag;
    }
  return TRUE;

overflow:
  {
    g_autofree char *min_text = hyco_time_to_string (G_MININT64, resolution);
    g_autofree char *max_text = hyco_time_to_string (HYCO_TIME_INFINITY - 1, resolution);

    g_set_error (error, HYCO_TIME_ERROR, HYCO_TIME_ERROR_OVERFLOW,
                 "time literal \"%s\" overflows model time, which spans %s to %s s at "
                 "resolution %s s",
                 text, min_text, max_text, res_text);
    return FALSE;
  }
}

/**
 * hyco_time_validate:
 * @literal: a decimal time literal in seconds
 * @error: return location for a #GError
 *
 * Checks that @literal has the syntax accepted by [func@Hyco.time_parse], without converting
 * it: this is for checking a time parameter before the model's resolution is known.
 *
 * Returns: %TRUE if the literal is well formed, %FALSE with %HYCO_TIME_ERROR_SYNTAX otherwise
 */
gboolean
hyco_time_validate (const char *literal, GError **error)
{
  g_auto (Decimal) dec = { 0 };
  g_autofree char *text = NULL;

  g_return_val_if_fail (literal != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!decimal_scan_literal (literal, &dec, &text))
    {
      g_set_error (error, HYCO_TIME_ERROR, HYCO_TIME_ERROR_SYNTAX,
                   "\"%s\" is not a time literal: expected decimal seconds such as \"0.1\", "
                   "\"2.5e-3\" or \"Infinity\"",
                   text);
      return FALSE;
    }
  return TRUE;
}

/**
 * hyco_time_to_string:
 * @ticks: a tick count
 * @resolution: the resolution exponent r: ticks are 10^r seconds
 *
 * Formats a tick count as exact decimal seconds in the shortest form: no exponent, no
 * trailing zeros in the fraction and no trailing point (`0.1`, `1`, `-1.5`, `300`).
 * `HYCO_TIME_INFINITY` gives `Infinity`. The result reads back with [func@Hyco.time_parse]
 * to the same tick count.
 *
 * Returns: (transfer full): the decimal text
 */
char *
hyco_time_to_string (gint64 ticks, int resolution)
{
  char text[HYCO_TIME_TEXT_SIZE];

  g_return_val_if_fail (resolution_valid (resolution), NULL);
  return g_strdup (_hyco_time_format (ticks, resolution, text));
}

/* What hyco_time_to_string() gives, written into @text without allocating (the trace writes
 * one for every event). */
const char *
_hyco_time_format (gint64 ticks, int resolution, char text[HYCO_TIME_TEXT_SIZE])
{
  char digits[24];
  gsize n_digits, frac, at = 0;

  if (ticks == HYCO_TIME_INFINITY)
    return strcpy (text, "Infinity");
  if (ticks == 0)
    return strcpy (text, "0");
  n_digits = (gsize) g_snprintf (digits, sizeof digits, "%" G_GUINT64_FORMAT,
                                 ticks_magnitude (ticks));
  if (ticks < 0)
    text[at++] = '-';
  if (resolution >= 0)
    {
      memcpy (text + at, digits, n_digits);
      at += n_digits;
      for (int i = 0; i < resolution; i++)
        text[at++] = '0';
      text[at] = '\0';
      return text;
    }
  /* At least one digit before the point; then the fraction without its trailing zeros. */
  frac = (gsize) -resolution;
  if (n_digits <= frac)
    {
      text[at++] = '0';
      text[at++] = '.';
      for (gsize i = n_digits; i < frac; i++)
        text[at++] = '0';
      memcpy (text + at, digits, n_digits);
      at += n_digits;
    }
  else
    {
      memcpy (text + at, digits, n_digits - frac);
      at += n_digits - frac;
      text[at++] = '.';
      memcpy (text + at, digits + n_digits - frac, frac);
      at += frac;
    }
  while (text[at - 1] == '0')
    at--;
  if (text[at - 1] == '.')
    at--;
  text[at] = '\0';
  return text;
}

/**
 * hyco_time_add:
 * @a: a tick count
 * @b: a tick count
 * @result: (out): return location for @a + @b
 * @error: return location for a #GError
 *
 * Adds two tick counts, failing with %HYCO_TIME_ERROR_OVERFLOW rather than wrapping.
 *
 * `HYCO_TIME_INFINITY` is a marker, not a number: an operand or a sum equal to it is an
 * overflow too, so callers compare against it before doing arithmetic.
 *
 * Returns: %TRUE on success, %FALSE if @error is set
 */
gboolean
hyco_time_add (gint64 a, gint64 b, gint64 *result, GError **error)
{
  gint64 sum;

  g_return_val_if_fail (result != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (a == HYCO_TIME_INFINITY || b == HYCO_TIME_INFINITY || __builtin_add_overflow (a, b, &sum)
      || sum == HYCO_TIME_INFINITY)
    {
      g_set_error (error, HYCO_TIME_ERROR, HYCO_TIME_ERROR_OVERFLOW,
                   "model time overflow: %" G_GINT64_FORMAT " + %" G_GINT64_FORMAT
                   " ticks is outside the representable time range",
                   a, b);
      return FALSE;
    }

  *result = sum;
  return TRUE;
}

/**
 * hyco_time_multiply:
 * @ticks: a tick count
 * @factor: an integer factor, such as a period count
 * @result: (out): return location for @ticks × @factor
 * @error: return location for a #GError
 *
 * Multiplies a tick count by an integer, failing with %HYCO_TIME_ERROR_OVERFLOW rather than
 * wrapping. As for [func@Hyco.time_add], `HYCO_TIME_INFINITY` as @ticks or as the product is
 * an overflow.
 *
 * Returns: %TRUE on success, %FALSE if @error is set
 */
gboolean
hyco_time_multiply (gint64 ticks, gint64 factor, gint64 *result, GError **error)
{
  gint64 product;

  g_return_val_if_fail (result != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (ticks == HYCO_TIME_INFINITY || __builtin_mul_overflow (ticks, factor, &product)
      || product == HYCO_TIME_INFINITY)
    {
      g_set_error (error, HYCO_TIME_ERROR, HYCO_TIME_ERROR_OVERFLOW,
                   "model time overflow: %" G_GINT64_FORMAT " ticks * %" G_GINT64_FORMAT
                   " is outside the representable time range",
                   ticks, factor);
      return FALSE;
    }

  *result = product;
  return TRUE;
}

/* 10^k = 5^k × 2^k and 5^18 < 2^53, so these are exact doubles: the only rounding is in the
 * final multiplication or division. */
static const double exact_powers_of_ten[] = {
  1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,
  1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18,
};

/**
 * hyco_time_to_seconds:
 * @ticks: a tick count
 * @resolution: the resolution exponent r: ticks are 10^r seconds
 *
 * Converts a tick count to seconds as a double, for the edges of the simulation (solvers,
 * FMUs, plots). The conversion is lossy for large tick counts; never feed the result back
 * into model time. `HYCO_TIME_INFINITY` gives positive infinity.
 *
 * Returns: @ticks × 10^@resolution seconds
 */
double
hyco_time_to_seconds (gint64 ticks, int resolution)
{
  g_return_val_if_fail (resolution_valid (resolution), 0.0);

  if (ticks == HYCO_TIME_INFINITY)
    return INFINITY;

  /* Dividing by 1e9 rather than multiplying by the inexact 1e-9 keeps 100000000 ns at
   * exactly the double nearest 0.1. */
  if (resolution < 0)
    return (double) ticks / exact_powers_of_ten[-resolution];
  return (double) ticks * exact_powers_of_ten[resolution];
}

/**
 * hyco_resolution_parse:
 * @literal: a power of ten in seconds, such as `1e-9`, `0.001`, `1` or `1e3`
 * @resolution: (out): return location for the resolution exponent r
 * @error: return location for a #GError
 *
 * Parses a time resolution. The literal is read exactly (with the syntax of
 * [func@Hyco.time_parse]) and must be a power of ten between 1e-18 and 1e18 seconds;
 * anything else fails with %HYCO_TIME_ERROR_RESOLUTION.
 *
 * Returns: %TRUE on success, %FALSE if @error is set
 */
gboolean
hyco_resolution_parse (const char *literal, int *resolution, GError **error)
{
  g_auto (Decimal) dec = { 0 };
  g_autofree char *text = NULL;

  g_return_val_if_fail (literal != NULL, FALSE);
  g_return_val_if_fail (resolution != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  if (!decimal_scan_literal (literal, &dec, &text) || dec.infinite || dec.negative
      || strcmp (dec.digits->str, "1") != 0)
    {
      g_set_error (error, HYCO_TIME_ERROR, HYCO_TIME_ERROR_RESOLUTION,
                   "resolution \"%s\" is not a power of ten in seconds, such as \"1e-9\"", text);
      return FALSE;
    }

  if (dec.exponent < HYCO_RESOLUTION_MIN || dec.exponent > HYCO_RESOLUTION_MAX)
    {
      g_set_error (error, HYCO_TIME_ERROR, HYCO_TIME_ERROR_RESOLUTION,
                   "resolution \"%s\" is outside the supported range 1e%d to 1e%d s", text,
                   HYCO_RESOLUTION_MIN, HYCO_RESOLUTION_MAX);
      return FALSE;
    }

  *resolution = (int) dec.exponent;
  return TRUE;
}

/**
 * hyco_resolution_to_string:
 * @resolution: the resolution exponent r
 *
 * Formats a resolution as a literal that [func@Hyco.resolution_parse] accepts: `1e-9`,
 * `1` for r = 0, `1e3` for r = 3.
 *
 * Returns: (transfer full): the literal
 */
char *
hyco_resolution_to_string (int resolution)
{
  g_return_val_if_fail (resolution_valid (resolution), NULL);

  if (resolution == 0)
    return g_strdup ("1");
  return g_strdup_printf ("1e%d", resolution);
}

/**
 * hyco_tag_new:
 * @time: model time in ticks
 * @microstep: the microstep index
 *
 * Creates a superdense time stamp on the heap.
 *
 * Returns: (transfer full): a new #HycoTag; free with [method@Hyco.Tag.free]
 */
HycoTag *
hyco_tag_new (gint64 time, guint64 microstep)
{
  HycoTag *tag = g_new (HycoTag, 1);

  tag->time = time;
  tag->microstep = microstep;
  return tag;
}

/**
 * hyco_tag_copy:
 * @tag: a #HycoTag
 *
 * Copies a tag.
 *
 * Returns: (transfer full): a copy of @tag
 */
HycoTag *
hyco_tag_copy (const HycoTag *tag)
{
  g_return_val_if_fail (tag != NULL, NULL);

  return g_memdup2 (tag, sizeof *tag);
}

/**
 * hyco_tag_free:
 * @tag: (nullable) (transfer full): a #HycoTag
 *
 * Frees a tag made by [ctor@Hyco.Tag.new] or [method@Hyco.Tag.copy]. Does nothing for %NULL.
 */
void
hyco_tag_free (HycoTag *tag)
{
  g_free (tag);
}

/**
 * hyco_tag_compare:
 * @a: a #HycoTag
 * @b: another #HycoTag
 *
 * Compares two tags in superdense order: by time, then by microstep.
 *
 * Returns: -1 if @a comes before @b, 0 if they are equal, 1 if @a comes after @b
 */
int
hyco_tag_compare (const HycoTag *a, const HycoTag *b)
{
  g_return_val_if_fail (a != NULL, 0);
  g_return_val_if_fail (b != NULL, 0);

  if (a->time != b->time)
    return a->time < b->time ? -1 : 1;
  if (a->microstep != b->microstep)
    return a->microstep < b->microstep ? -1 : 1;
  return 0;
}

/**
 * hyco_tag_equal:
 * @a: a #HycoTag
 * @b: another #HycoTag
 *
 * Checks whether two tags have the same time and microstep.
 *
 * Returns: %TRUE if the tags are equal
 */
gboolean
hyco_tag_equal (const HycoTag *a, const HycoTag *b)
{
  g_return_val_if_fail (a != NULL, FALSE);
  g_return_val_if_fail (b != NULL, FALSE);

  return a->time == b->time && a->microstep == b->microstep;
}

/**
 * hyco_tag_to_string:
 * @tag: a #HycoTag
 * @resolution: the resolution exponent r of @tag's time
 *
 * Formats a tag as `(time, microstep)` with the time in exact decimal seconds, as in
 * `(0.1, 1)`: the form used in tag list parameters and traces.
 *
 * Returns: (transfer full): the text
 */
char *
hyco_tag_to_string (const HycoTag *tag, int resolution)
{
  g_autofree char *time_text = NULL;

  g_return_val_if_fail (tag != NULL, NULL);
  g_return_val_if_fail (resolution_valid (resolution), NULL);

  time_text = hyco_time_to_string (tag->time, resolution);
  return g_strdup_printf ("(%s, %" G_GUINT64_FORMAT ")", time_text, tag->microstep);
}
