/* hyco-fmu-value.c: FMI 3.0 values to and from Hyco values.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-fmu-value.h"

#include <math.h>
#include <string.h>

/* Sized integers become Hyco integers (64 bits) and back with a range check; Float32 becomes a
 * double. */

/* The range of an integer type (the C type's), as doubles for the check of a Hyco value. */
gboolean
_hyco_fmu_integer_range (HycoFmuType type, double *min, double *max)
{
  switch (type)
    {
    case HYCO_FMU_TYPE_INT8:
      *min = G_MININT8, *max = G_MAXINT8;
      return TRUE;
    case HYCO_FMU_TYPE_UINT8:
      *min = 0, *max = G_MAXUINT8;
      return TRUE;
    case HYCO_FMU_TYPE_INT16:
      *min = G_MININT16, *max = G_MAXINT16;
      return TRUE;
    case HYCO_FMU_TYPE_UINT16:
      *min = 0, *max = G_MAXUINT16;
      return TRUE;
    case HYCO_FMU_TYPE_INTEGER:
      *min = G_MININT32, *max = G_MAXINT32;
      return TRUE;
    case HYCO_FMU_TYPE_UINT32:
      *min = 0, *max = G_MAXUINT32;
      return TRUE;
    case HYCO_FMU_TYPE_INT64:
    case HYCO_FMU_TYPE_ENUMERATION:
      *min = -0x1p63, *max = 0x1p63; /* a Hyco integer is 64 bits: gint64 checks the rest */
      return TRUE;
    case HYCO_FMU_TYPE_UINT64:
      *min = 0, *max = 0x1p64;
      return TRUE;
    default:
      return FALSE;
    }
}

/* Stores the Hyco value @v as one element of @type at @p; FALSE if it is not a value of the
 * type (a fraction for an integer, out of its range, a string for a number). */
gboolean
_hyco_fmu_value_to_element (HycoFmuType type, const HycoValue *v, guint8 *p)
{
  HycoValueType kind = hyco_value_get_value_type (v);
  double min, max;

  if (type == HYCO_FMU_TYPE_STRING)
    {
      if (kind != HYCO_VALUE_TYPE_STRING)
        return FALSE;
      *(const char **) (void *) p = hyco_value_get_string (v);
      return TRUE;
    }
  if (type == HYCO_FMU_TYPE_BOOLEAN || type == HYCO_FMU_TYPE_CLOCK)
    {
      if (kind != HYCO_VALUE_TYPE_BOOLEAN && kind != HYCO_VALUE_TYPE_INT)
        return FALSE;
      if (kind == HYCO_VALUE_TYPE_INT && hyco_value_get_int (v) != 0
          && hyco_value_get_int (v) != 1)
        return FALSE;
      *(gboolean *) (void *) p = hyco_value_get_boolean (v);
      return TRUE;
    }
  if (kind != HYCO_VALUE_TYPE_DOUBLE && kind != HYCO_VALUE_TYPE_INT
      && kind != HYCO_VALUE_TYPE_BOOLEAN)
    return FALSE;
  if (type == HYCO_FMU_TYPE_REAL || type == HYCO_FMU_TYPE_FLOAT32)
    {
      double d = hyco_value_get_double (v);
      if (type == HYCO_FMU_TYPE_REAL)
        memcpy (p, &d, sizeof d);
      else
        {
          float f = (float) d;
          memcpy (p, &f, sizeof f);
        }
      return TRUE;
    }
  if (!_hyco_fmu_integer_range (type, &min, &max))
    return FALSE;
  {
    /* The 64-bit types' maxima (2^63, 2^64) are exclusive, the others' inclusive. */
    gboolean wide = max >= 0x1p63;
    gint64 i;
    guint64 u;
    if (kind == HYCO_VALUE_TYPE_DOUBLE)
      {
        double d = hyco_value_get_double (v);
        if (d != floor (d) || !(d >= min) || !(wide ? d < max : d <= max))
          return FALSE;
        u = type == HYCO_FMU_TYPE_UINT64 ? (guint64) d : (guint64) (gint64) d;
        i = (gint64) u;
      }
    else
      {
        i = hyco_value_get_int (v);
        if ((double) i < min || (!wide && (double) i > max))
          return FALSE;
        u = (guint64) i;
      }
    if (type == HYCO_FMU_TYPE_UINT64)
      {
        memcpy (p, &u, sizeof u);
        return TRUE;
      }
    switch (type)
      {
      case HYCO_FMU_TYPE_INT8:
        *(gint8 *) p = (gint8) i;
        break;
      case HYCO_FMU_TYPE_UINT8:
        *p = (guint8) i;
        break;
      case HYCO_FMU_TYPE_INT16:
        {
          gint16 x = (gint16) i;
          memcpy (p, &x, sizeof x);
          break;
        }
      case HYCO_FMU_TYPE_UINT16:
        {
          guint16 x = (guint16) i;
          memcpy (p, &x, sizeof x);
          break;
        }
      case HYCO_FMU_TYPE_INTEGER:
        {
          gint32 x = (gint32) i;
          memcpy (p, &x, sizeof x);
          break;
        }
      case HYCO_FMU_TYPE_UINT32:
        {
          guint32 x = (guint32) i;
          memcpy (p, &x, sizeof x);
          break;
        }
      default: /* Int64, UInt64 (not negative, checked), Enumeration */
        memcpy (p, &i, sizeof i);
        break;
      }
  }
  return TRUE;
}

/* One element of @type at @p as a Hyco value; FALSE for a UInt64 beyond a Hyco integer. */
gboolean
_hyco_fmu_element_to_value (HycoFmuType type, const guint8 *p, HycoValue *v)
{
  switch (type)
    {
    case HYCO_FMU_TYPE_REAL:
      {
        double x;
        memcpy (&x, p, sizeof x);
        hyco_value_set_double (v, x);
        return TRUE;
      }
    case HYCO_FMU_TYPE_FLOAT32:
      {
        float x;
        memcpy (&x, p, sizeof x);
        hyco_value_set_double (v, x);
        return TRUE;
      }
    case HYCO_FMU_TYPE_INT8:
      hyco_value_set_int (v, *(const gint8 *) p);
      return TRUE;
    case HYCO_FMU_TYPE_UINT8:
      hyco_value_set_int (v, *p);
      return TRUE;
    case HYCO_FMU_TYPE_INT16:
      {
        gint16 x;
        memcpy (&x, p, sizeof x);
        hyco_value_set_int (v, x);
        return TRUE;
      }
    case HYCO_FMU_TYPE_UINT16:
      {
        guint16 x;
        memcpy (&x, p, sizeof x);
        hyco_value_set_int (v, x);
        return TRUE;
      }
    case HYCO_FMU_TYPE_INTEGER:
      {
        gint32 x;
        memcpy (&x, p, sizeof x);
        hyco_value_set_int (v, x);
        return TRUE;
      }
    case HYCO_FMU_TYPE_UINT32:
      {
        guint32 x;
        memcpy (&x, p, sizeof x);
        hyco_value_set_int (v, x);
        return TRUE;
      }
    case HYCO_FMU_TYPE_INT64:
    case HYCO_FMU_TYPE_ENUMERATION:
      {
        gint64 x;
        memcpy (&x, p, sizeof x);
        hyco_value_set_int (v, x);
        return TRUE;
      }
    case HYCO_FMU_TYPE_UINT64:
      {
        guint64 x;
        memcpy (&x, p, sizeof x);
        if (x > G_MAXINT64)
          return FALSE;
        hyco_value_set_int (v, (gint64) x);
        return TRUE;
      }
    case HYCO_FMU_TYPE_BOOLEAN:
    case HYCO_FMU_TYPE_CLOCK:
      {
        gboolean x;
        memcpy (&x, p, sizeof x);
        hyco_value_set_boolean (v, x);
        return TRUE;
      }
    case HYCO_FMU_TYPE_STRING:
      {
        const char *x;
        memcpy (&x, p, sizeof x);
        hyco_value_set_string (v, x ? x : "");
        return TRUE;
      }
    case HYCO_FMU_TYPE_BINARY:
      break;
    }
  return FALSE;
}

gboolean
_hyco_fmu_is_enumeration_item (const HycoFmuVariable *variable, gint64 value)
{
  if (variable->type != HYCO_FMU_TYPE_ENUMERATION || variable->items == NULL
      || variable->items->len == 0)
    return TRUE;
  for (guint i = 0; i < variable->items->len; i++)
    if (((const HycoFmuEnumerationItem *) variable->items->pdata[i])->value == value)
      return TRUE;
  return FALSE;
}

char *
_hyco_fmu_list_enumeration_items (const HycoFmuVariable *variable)
{
  GString *text = g_string_new (NULL);

  for (guint i = 0; variable->items && i < variable->items->len; i++)
    {
      const HycoFmuEnumerationItem *item = variable->items->pdata[i];
      g_string_append_printf (text, "%s%s = %" G_GINT64_FORMAT, i ? ", " : "", item->name,
                              item->value);
    }
  return g_string_free (text, FALSE);
}
