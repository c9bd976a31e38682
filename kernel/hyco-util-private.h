/* hyco-util-private.h: small helpers for the hot paths (pointer arrays, tag comparison); not
 * installed.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "hyco-kernel.h"

G_BEGIN_DECLS

/* Text without allocating, for the trace, which writes one per event. */
#define HYCO_TIME_TEXT_SIZE 64 /* 19 digits, 18 zeros, sign, point, a leading 0., NUL */
/* hyco_time_to_string() into @text; returns @text. */
const char *_hyco_time_format (gint64 ticks, int resolution, char text[HYCO_TIME_TEXT_SIZE]);
#define HYCO_VALUE_TEXT_SIZE G_ASCII_DTOSTR_BUF_SIZE
/* hyco_value_to_string() of a number or a boolean into @text, or a string's own text; NULL for
 * arrays, records and bytes, which need hyco_value_to_string(). */
const char *_hyco_value_format_scalar (const HycoValue *value, char text[HYCO_VALUE_TEXT_SIZE]);

/* A copy of @array's pointers without its element free function: what a (transfer container)
 * getter returns. g_ptr_array_copy() would keep the free function and unref the elements. */
static inline GPtrArray *
_hyco_ptr_array_copy_unowned (GPtrArray *array)
{
  GPtrArray *copy = g_ptr_array_sized_new (array->len);

  for (guint i = 0; i < array->len; i++)
    g_ptr_array_add (copy, array->pdata[i]);
  return copy;
}

/* Empties an array of unowned pointers (no element free function, not null-terminated)
 * without g_ptr_array_set_size()'s general path: once per tag on the directors' hot path. */
static inline void
_hyco_ptr_array_empty (GPtrArray *array)
{
  array->len = 0;
}

/* hyco_tag_compare() without its checks, for the hot paths. */
static inline int
_hyco_tag_compare (const HycoTag *a, const HycoTag *b)
{
  if (a->time != b->time)
    return a->time < b->time ? -1 : 1;
  return a->microstep < b->microstep ? -1 : a->microstep > b->microstep;
}

/* g_ptr_array_add() for the directors' hot paths, without its call and checks: @capacity is
 * the room the array is known to have, grown by doubling with g_ptr_array_set_size(), the
 * only call that allocates (emptying an array keeps its room). */
static inline void
_hyco_ptr_array_push (GPtrArray *array, guint *capacity, gpointer item)
{
  guint len = array->len;

  if (G_UNLIKELY (len >= *capacity))
    {
      *capacity = MAX (16, 2 * len);
      g_ptr_array_set_size (array, *capacity);
    }
  array->pdata[len] = item;
  array->len = len + 1;
}

G_END_DECLS
