/* hyco-expr-eval.c: evaluating Ptolemy II's expressions over #HycoValue, with Ptolemy's types:
 * an int combined with an int is an int (`3 / 2` is 1), with a double a double; `+` joins
 * strings; arrays and records combine element by element. Scalars are computed in place on
 * the stack, so evaluating a guard allocates nothing.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-kernel.h"
#include "hyco-expr-private.h"
#include "hyco-value-private.h"

#include <float.h>
#include <math.h>
#include <string.h>

static gboolean eval (const ExprContext *cx, const ExprNode *node, HycoValue *out, GError **error);

static void
fail (const ExprContext *cx, int position, GError **error, const char *format, ...)
  G_GNUC_PRINTF (4, 5);

static void
fail (const ExprContext *cx, int position, GError **error, const char *format, ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_set_error (error, HYCO_EXPRESSION_ERROR, HYCO_EXPRESSION_ERROR_EVALUATION,
               "in \"%s\" at position %d: %s", cx->text, position, message);
}

/* ---- Constants ---- */

static const struct
{
  const char *name;
  HycoValueType type;
  double d;
  gint64 i;
  gboolean fixed;
} constants[] = {
  { "PI", HYCO_VALUE_TYPE_DOUBLE, G_PI, 0, TRUE },
  { "pi", HYCO_VALUE_TYPE_DOUBLE, G_PI, 0, TRUE },
  { "E", HYCO_VALUE_TYPE_DOUBLE, G_E, 0, TRUE },
  { "e", HYCO_VALUE_TYPE_DOUBLE, G_E, 0, FALSE },
  { "NaN", HYCO_VALUE_TYPE_DOUBLE, NAN, 0, TRUE },
  { "Infinity", HYCO_VALUE_TYPE_DOUBLE, INFINITY, 0, FALSE },
  { "PositiveInfinity", HYCO_VALUE_TYPE_DOUBLE, INFINITY, 0, TRUE },
  { "NegativeInfinity", HYCO_VALUE_TYPE_DOUBLE, -INFINITY, 0, TRUE },
  { "MaxDouble", HYCO_VALUE_TYPE_DOUBLE, DBL_MAX, 0, TRUE },
  /* Java's Double.MIN_VALUE: the smallest positive double. */
  { "MinDouble", HYCO_VALUE_TYPE_DOUBLE, 4.9406564584124654e-324, 0, TRUE },
  { "MaxFloat", HYCO_VALUE_TYPE_DOUBLE, FLT_MAX, 0, TRUE },
  { "MinFloat", HYCO_VALUE_TYPE_DOUBLE, 1.4012984643248171e-45, 0, TRUE },
  { "MaxInt", HYCO_VALUE_TYPE_INT, 0, G_MAXINT32, TRUE },
  { "MinInt", HYCO_VALUE_TYPE_INT, 0, G_MININT32, TRUE },
  { "MaxLong", HYCO_VALUE_TYPE_INT, 0, G_MAXINT64, TRUE },
  { "MinLong", HYCO_VALUE_TYPE_INT, 0, G_MININT64, TRUE },
  { "MaxShort", HYCO_VALUE_TYPE_INT, 0, G_MAXINT16, TRUE },
  { "MinShort", HYCO_VALUE_TYPE_INT, 0, G_MININT16, TRUE },
  { "MaxUnsignedByte", HYCO_VALUE_TYPE_INT, 0, 255, TRUE },
  { "MinUnsignedByte", HYCO_VALUE_TYPE_INT, 0, 0, TRUE },
};

gboolean
_hyco_expr_lookup_constant (const char *name, HycoValue *value)
{
  for (gsize i = 0; i < G_N_ELEMENTS (constants); i++)
    if (g_str_equal (constants[i].name, name))
      {
        if (constants[i].type == HYCO_VALUE_TYPE_INT)
          hyco_value_set_int (value, constants[i].i);
        else
          hyco_value_set_double (value, constants[i].d);
        return TRUE;
      }
  return FALSE;
}

gboolean
_hyco_expr_is_fixed_constant (const char *name)
{
  for (gsize i = 0; i < G_N_ELEMENTS (constants); i++)
    if (g_str_equal (constants[i].name, name))
      return constants[i].fixed;
  return FALSE;
}

/* ---- Numbers ---- */

static gboolean
is_number (const ExprContext *cx, const HycoValue *v)
{
  return v->type == HYCO_VALUE_TYPE_INT || v->type == HYCO_VALUE_TYPE_DOUBLE
         || (cx->mode == EXPR_MODE_DOUBLES && v->type == HYCO_VALUE_TYPE_BOOLEAN);
}

static gboolean
both_ints (const ExprContext *cx, const HycoValue *a, const HycoValue *b)
{
  return cx->mode == EXPR_MODE_VALUES && a->type == HYCO_VALUE_TYPE_INT
         && b->type == HYCO_VALUE_TYPE_INT;
}

/* "an int", "a double", ...: the type of @v with its article, for messages. */
static const char *
type_name (const HycoValue *v)
{
  switch (v->type)
    {
    case HYCO_VALUE_TYPE_INT: return "an int";
    case HYCO_VALUE_TYPE_DOUBLE: return "a double";
    case HYCO_VALUE_TYPE_BOOLEAN: return "a boolean";
    case HYCO_VALUE_TYPE_STRING: return "a string";
    case HYCO_VALUE_TYPE_ARRAY: return "an array";
    case HYCO_VALUE_TYPE_RECORD: return "a record";
    case HYCO_VALUE_TYPE_BYTES: return "bytes";
    default: return "no value";
    }
}

/* What an operator is called in a message. */
static const char *
op_name (int op)
{
  switch (op)
    {
    case OP_ADD: return "+";
    case OP_SUBTRACT: return "-";
    case OP_MULTIPLY: return "*";
    case OP_DIVIDE: return "/";
    case OP_MODULO: return "%";
    case OP_POWER: return "^";
    case OP_NOT: return "!";
    case OP_BITWISE_NOT: return "~";
    case OP_BITWISE_AND: return "&";
    case OP_BITWISE_OR: return "|";
    case OP_BITWISE_XOR: return "#";
    case OP_LESS: return "<";
    case OP_GREATER: return ">";
    case OP_LESS_EQUAL: return "<=";
    case OP_GREATER_EQUAL: return ">=";
    case OP_EQUAL: return "==";
    case OP_NOT_EQUAL: return "!=";
    case OP_SHIFT_LEFT: return "<<";
    case OP_SHIFT_RIGHT: return ">>";
    case OP_SHIFT_RIGHT_UNSIGNED: return ">>>";
    default: return "?";
    }
}

static gboolean
int_arith (const ExprContext *cx, int position, int op, gint64 x, gint64 y, HycoValue *out,
           GError **error)
{
  gint64 r = 0;
  gboolean overflow = FALSE;

  switch (op)
    {
    case OP_ADD:
      overflow = __builtin_add_overflow (x, y, &r);
      break;
    case OP_SUBTRACT:
      overflow = __builtin_sub_overflow (x, y, &r);
      break;
    case OP_MULTIPLY:
      overflow = __builtin_mul_overflow (x, y, &r);
      break;
    case OP_DIVIDE:
    case OP_MODULO:
      if (y == 0)
        {
          fail (cx, position, error, "integer division by zero (%" G_GINT64_FORMAT " %s 0)", x,
                op_name (op));
          return FALSE;
        }
      overflow = x == G_MININT64 && y == -1;
      /* C truncates toward zero and gives the remainder the dividend's sign, as Java does. */
      r = overflow ? 0 : op == OP_DIVIDE ? x / y : x % y;
      if (op == OP_MODULO && overflow)
        overflow = FALSE, r = 0;
      break;
    default:
      g_assert_not_reached ();
    }
  if (overflow)
    {
      fail (cx, position, error,
            "integer overflow: %" G_GINT64_FORMAT " %s %" G_GINT64_FORMAT
            " does not fit in a 64-bit int",
            x, op_name (op), y);
      return FALSE;
    }
  hyco_value_set_int (out, r);
  return TRUE;
}

/* An integer power by repeated squaring, as Ptolemy's pow(int) multiplies; a negative
 * exponent divides one by the power (1 / 2^1 is 0 for ints). */
static gboolean
power (const ExprContext *cx, int position, const HycoValue *a, const HycoValue *b, HycoValue *out,
       GError **error)
{
  if (!is_number (cx, a) || !is_number (cx, b))
    {
      fail (cx, position, error, "cannot raise %s to %s", type_name (a), type_name (b));
      return FALSE;
    }
  if (both_ints (cx, a, b))
    {
      gint64 base = a->data.v_int, n = b->data.v_int, r = 1;
      gboolean negative = n < 0;
      guint64 k = negative ? -(guint64) n : (guint64) n;

      for (; k > 0; k >>= 1)
        {
          if ((k & 1) && __builtin_mul_overflow (r, base, &r))
            goto overflow;
          if (k > 1 && __builtin_mul_overflow (base, base, &base))
            goto overflow;
        }
      if (negative)
        {
          if (r == 0)
            {
              fail (cx, position, error, "integer division by zero (0 ^ %" G_GINT64_FORMAT ")",
                    b->data.v_int);
              return FALSE;
            }
          r = 1 / r;
        }
      hyco_value_set_int (out, r);
      return TRUE;
    overflow:
      fail (cx, position, error,
            "integer overflow: %" G_GINT64_FORMAT " ^ %" G_GINT64_FORMAT
            " does not fit in a 64-bit int",
            a->data.v_int, b->data.v_int);
      return FALSE;
    }
  hyco_value_set_double (out, pow (hyco_value_get_double (a), hyco_value_get_double (b)));
  return TRUE;
}

/* Strings join with the text of any other value, as Ptolemy's toString writes it. */
static void
concatenate (const HycoValue *a, const HycoValue *b, HycoValue *out)
{
  g_autofree char *sa = a->type == HYCO_VALUE_TYPE_STRING ? NULL : hyco_value_to_literal (a);
  g_autofree char *sb = b->type == HYCO_VALUE_TYPE_STRING ? NULL : hyco_value_to_literal (b);
  g_autofree char *joined = g_strconcat (sa ? sa : hyco_value_get_string (a),
                                         sb ? sb : hyco_value_get_string (b), NULL);

  hyco_value_set_string (out, joined);
}

static gboolean binary (const ExprContext *cx, int position, int op, const HycoValue *a,
                        const HycoValue *b, HycoValue *out, GError **error);

/* Arrays combine element by element, a scalar with each element; records field by field,
 * over the fields both have (Ptolemy's RecordToken arithmetic). */
static gboolean
elementwise (const ExprContext *cx, int position, int op, const HycoValue *a, const HycoValue *b,
             HycoValue *out, GError **error)
{
  HycoValue result = HYCO_VALUE_INIT;

  if (a->type == HYCO_VALUE_TYPE_RECORD || b->type == HYCO_VALUE_TYPE_RECORD)
    {
      g_autoptr (GPtrArray) names = g_ptr_array_new ();
      g_autoptr (GArray) values = g_array_new (FALSE, TRUE, sizeof (HycoValue));
      gboolean ok = TRUE;

      if (a->type != b->type)
        {
          fail (cx, position, error, "cannot apply %s to %s and %s", op_name (op),
                type_name (a), type_name (b));
          return FALSE;
        }
      g_array_set_clear_func (values, (GDestroyNotify) hyco_value_clear);
      for (guint i = 0; ok && i < hyco_value_get_record_size (a); i++)
        {
          const char *name = hyco_value_get_record_field_name (a, i);
          const HycoValue *y = hyco_value_lookup_record_field (b, name);
          HycoValue z = HYCO_VALUE_INIT;

          if (y == NULL)
            continue;
          ok = binary (cx, position, op, hyco_value_get_record_field (a, i), y, &z, error);
          g_ptr_array_add (names, (gpointer) name);
          g_array_append_val (values, z);
        }
      if (!ok)
        return FALSE;
      hyco_value_set_record (&result, (const char *const *) names->pdata,
                             (HycoValue *) values->data, values->len, NULL);
    }
  else
    {
      gboolean a_array = a->type == HYCO_VALUE_TYPE_ARRAY;
      gboolean b_array = b->type == HYCO_VALUE_TYPE_ARRAY;
      guint n = a_array ? hyco_value_get_array_length (a) : hyco_value_get_array_length (b);
      HycoValue *items;

      if (a_array && b_array && hyco_value_get_array_length (b) != n)
        {
          fail (cx, position, error, "cannot apply %s to arrays of lengths %u and %u",
                op_name (op), n, hyco_value_get_array_length (b));
          return FALSE;
        }
      items = _hyco_value_init_array (&result, n);
      for (guint i = 0; i < n; i++)
        if (!binary (cx, position, op, a_array ? hyco_value_get_array_element (a, i) : a,
                     b_array ? hyco_value_get_array_element (b, i) : b, &items[i], error))
          {
            hyco_value_clear (&result);
            return FALSE;
          }
    }
  hyco_value_clear (out);
  *out = result;
  return TRUE;
}

/* Ptolemy's isEqualTo: numbers by value (1 == 1.0), arrays and records element by element,
 * other values when they are the same. */
static gboolean
values_equal (const ExprContext *cx, const HycoValue *a, const HycoValue *b)
{
  if (is_number (cx, a) && is_number (cx, b))
    {
      if (both_ints (cx, a, b))
        return a->data.v_int == b->data.v_int;
      if (a->type == HYCO_VALUE_TYPE_INT && b->type == HYCO_VALUE_TYPE_INT)
        return a->data.v_int == b->data.v_int;
      if (a->type == HYCO_VALUE_TYPE_DOUBLE || b->type == HYCO_VALUE_TYPE_DOUBLE)
        {
          /* An int against a double compares exactly (hyco_value_equal knows how); two doubles
           * with ==, so NaN == NaN is false. */
          if (a->type == HYCO_VALUE_TYPE_INT || b->type == HYCO_VALUE_TYPE_INT)
            return hyco_value_equal (a, b);
          return hyco_value_get_double (a) == hyco_value_get_double (b);
        }
      return hyco_value_get_double (a) == hyco_value_get_double (b);
    }
  return hyco_value_equal (a, b);
}

static gboolean
binary (const ExprContext *cx, int position, int op, const HycoValue *a, const HycoValue *b,
        HycoValue *out, GError **error)
{
  switch (op)
    {
    case OP_EQUAL:
    case OP_NOT_EQUAL:
      {
        gboolean equal = values_equal (cx, a, b);

        hyco_value_set_boolean (out, op == OP_EQUAL ? equal : !equal);
        return TRUE;
      }
    case OP_POWER:
      return power (cx, position, a, b, out, error);
    default:
      break;
    }

  if (op == OP_ADD && (a->type == HYCO_VALUE_TYPE_STRING || b->type == HYCO_VALUE_TYPE_STRING)
      && a->type != HYCO_VALUE_TYPE_NONE && b->type != HYCO_VALUE_TYPE_NONE)
    {
      concatenate (a, b, out);
      return TRUE;
    }

  if ((op == OP_ADD || op == OP_SUBTRACT || op == OP_MULTIPLY || op == OP_DIVIDE
       || op == OP_MODULO)
      && (a->type == HYCO_VALUE_TYPE_ARRAY || b->type == HYCO_VALUE_TYPE_ARRAY
          || a->type == HYCO_VALUE_TYPE_RECORD || b->type == HYCO_VALUE_TYPE_RECORD))
    return elementwise (cx, position, op, a, b, out, error);

  switch (op)
    {
    case OP_ADD:
    case OP_SUBTRACT:
    case OP_MULTIPLY:
    case OP_DIVIDE:
    case OP_MODULO:
      if (!is_number (cx, a) || !is_number (cx, b))
        break;
      if (both_ints (cx, a, b))
        return int_arith (cx, position, op, a->data.v_int, b->data.v_int, out, error);
      {
        double x = hyco_value_get_double (a), y = hyco_value_get_double (b);

        hyco_value_set_double (out, op == OP_ADD        ? x + y
                                    : op == OP_SUBTRACT ? x - y
                                    : op == OP_MULTIPLY ? x * y
                                    : op == OP_DIVIDE   ? x / y
                                                        : fmod (x, y));
      }
      return TRUE;

    case OP_LESS:
    case OP_GREATER:
    case OP_LESS_EQUAL:
    case OP_GREATER_EQUAL:
      if (!is_number (cx, a) || !is_number (cx, b))
        break;
      {
        int cmp;

        if (both_ints (cx, a, b))
          cmp = (a->data.v_int > b->data.v_int) - (a->data.v_int < b->data.v_int);
        else
          {
            double x = hyco_value_get_double (a), y = hyco_value_get_double (b);

            if (isnan (x) || isnan (y))
              {
                hyco_value_set_boolean (out, FALSE);
                return TRUE;
              }
            cmp = (x > y) - (x < y);
          }
        hyco_value_set_boolean (out, op == OP_LESS            ? cmp < 0
                                     : op == OP_GREATER       ? cmp > 0
                                     : op == OP_LESS_EQUAL    ? cmp <= 0
                                                              : cmp >= 0);
      }
      return TRUE;

    case OP_BITWISE_AND:
    case OP_BITWISE_OR:
    case OP_BITWISE_XOR:
      if (a->type == HYCO_VALUE_TYPE_BOOLEAN && b->type == HYCO_VALUE_TYPE_BOOLEAN)
        {
          gboolean x = a->data.v_boolean, y = b->data.v_boolean;

          hyco_value_set_boolean (out, op == OP_BITWISE_AND ? x && y
                                       : op == OP_BITWISE_OR ? x || y
                                                             : x != y);
          return TRUE;
        }
      /* fall through */
    case OP_SHIFT_LEFT:
    case OP_SHIFT_RIGHT:
    case OP_SHIFT_RIGHT_UNSIGNED:
      if (a->type != HYCO_VALUE_TYPE_INT || b->type != HYCO_VALUE_TYPE_INT)
        break;
      {
        gint64 x = a->data.v_int, y = b->data.v_int;
        guint shift = (guint) (y & 63);

        hyco_value_set_int (out, op == OP_BITWISE_AND   ? x & y
                                 : op == OP_BITWISE_OR  ? x | y
                                 : op == OP_BITWISE_XOR ? x ^ y
                                 : op == OP_SHIFT_LEFT  ? (gint64) ((guint64) x << shift)
                                 : op == OP_SHIFT_RIGHT ? x >> shift
                                                        : (gint64) ((guint64) x >> shift));
      }
      return TRUE;
    default:
      break;
    }
  fail (cx, position, error, "cannot apply %s to %s and %s", op_name (op), type_name (a),
        type_name (b));
  return FALSE;
}

/* A condition: a boolean, or a number (nonzero is true), as guards have always read them. */
static gboolean
truth (const ExprContext *cx, const ExprNode *node, const HycoValue *v, gboolean *result,
       GError **error)
{
  switch (v->type)
    {
    case HYCO_VALUE_TYPE_BOOLEAN:
    case HYCO_VALUE_TYPE_INT:
    case HYCO_VALUE_TYPE_DOUBLE:
      *result = hyco_value_get_boolean (v);
      return TRUE;
    default:
      fail (cx, node->position, error, "%s is not a condition: expected a boolean",
            type_name (v));
      return FALSE;
    }
}

static gboolean
unary (const ExprContext *cx, const ExprNode *node, const HycoValue *a, HycoValue *out,
       GError **error)
{
  switch (node->op)
    {
    case OP_NOT:
      {
        gboolean b;

        if (!truth (cx, node, a, &b, error))
          return FALSE;
        hyco_value_set_boolean (out, !b);
        return TRUE;
      }
    case OP_BITWISE_NOT:
      if (a->type == HYCO_VALUE_TYPE_INT)
        {
          hyco_value_set_int (out, ~a->data.v_int);
          return TRUE;
        }
      if (a->type == HYCO_VALUE_TYPE_BOOLEAN)
        {
          hyco_value_set_boolean (out, !a->data.v_boolean);
          return TRUE;
        }
      break;
    case OP_SUBTRACT:
      if (a->type == HYCO_VALUE_TYPE_INT && cx->mode == EXPR_MODE_VALUES)
        {
          if (a->data.v_int == G_MININT64)
            {
              fail (cx, node->position, error, "integer overflow: -(%" G_GINT64_FORMAT ")",
                    a->data.v_int);
              return FALSE;
            }
          hyco_value_set_int (out, -a->data.v_int);
          return TRUE;
        }
      if (is_number (cx, a))
        {
          hyco_value_set_double (out, -hyco_value_get_double (a));
          return TRUE;
        }
      if (a->type == HYCO_VALUE_TYPE_ARRAY || a->type == HYCO_VALUE_TYPE_RECORD)
        {
          HycoValue zero = HYCO_VALUE_INIT;

          hyco_value_set_int (&zero, 0);
          return elementwise (cx, node->position, OP_SUBTRACT, &zero, a, out, error);
        }
      break;
    default:
      break;
    }
  fail (cx, node->position, error, "cannot apply %s to %s", op_name (node->op), type_name (a));
  return FALSE;
}

/* ---- Functions ---- */

typedef gboolean (*ExprFunction) (const ExprContext *cx, const ExprNode *node, HycoValue *args,
                                  guint n_args, HycoValue *out, GError **error);

static gboolean
number_arg (const ExprContext *cx, const ExprNode *node, const HycoValue *args, guint i,
            double *x, GError **error)
{
  if (!is_number (cx, &args[i]))
    {
      fail (cx, node->args[i]->position, error, "%s expects a number, not %s", node->name,
            type_name (&args[i]));
      return FALSE;
    }
  *x = hyco_value_get_double (&args[i]);
  return TRUE;
}

static gboolean
int_arg (const ExprContext *cx, const ExprNode *node, const HycoValue *args, guint i, gint64 *n,
         GError **error)
{
  const HycoValue *v = &args[i];

  if (v->type == HYCO_VALUE_TYPE_INT
      || (v->type == HYCO_VALUE_TYPE_DOUBLE && cx->mode == EXPR_MODE_DOUBLES
          && v->data.v_double == trunc (v->data.v_double)))
    {
      *n = hyco_value_get_int (v);
      return TRUE;
    }
  fail (cx, node->args[i]->position, error, "%s expects an int, not %s", node->name,
        type_name (v));
  return FALSE;
}

typedef double (*RealFunction) (double);

static const struct
{
  const char *name;
  RealFunction f;
} real_functions[] = {
  { "sin", sin },   { "cos", cos },     { "tan", tan },     { "asin", asin },   { "acos", acos },
  { "atan", atan }, { "sinh", sinh },   { "cosh", cosh },   { "tanh", tanh },   { "asinh", asinh },
  { "acosh", acosh }, { "atanh", atanh }, { "exp", exp },   { "log", log },     { "ln", log },
  { "log10", log10 }, { "log2", log2 }, { "sqrt", sqrt },   { "floor", floor }, { "ceil", ceil },
  { "rint", rint },
};

static gboolean
apply_real_function (const ExprContext *cx, const ExprNode *node, RealFunction f,
                     HycoValue *args, guint n_args, HycoValue *out, GError **error)
{
  double x;

  if (n_args != 1)
    {
      fail (cx, node->position, error, "%s takes one argument, not %u", node->name, n_args);
      return FALSE;
    }
  /* On an array, element by element (Ptolemy's functions on arrays of doubles). */
  if (args[0].type == HYCO_VALUE_TYPE_ARRAY)
    {
      guint n = hyco_value_get_array_length (&args[0]);
      HycoValue result = HYCO_VALUE_INIT;
      HycoValue *items = _hyco_value_init_array (&result, n);

      for (guint i = 0; i < n; i++)
        {
          const HycoValue *e = hyco_value_get_array_element (&args[0], i);

          if (!is_number (cx, e))
            {
              hyco_value_clear (&result);
              fail (cx, node->args[0]->position, error, "%s expects numbers, not %s",
                    node->name, type_name (e));
              return FALSE;
            }
          hyco_value_set_double (&items[i], f (hyco_value_get_double (e)));
        }
      hyco_value_clear (out);
      *out = result;
      return TRUE;
    }
  if (!number_arg (cx, node, args, 0, &x, error))
    return FALSE;
  hyco_value_set_double (out, f (x));
  return TRUE;
}

static gboolean
check_n_args (const ExprContext *cx, const ExprNode *node, guint n_args, guint min, guint max,
              GError **error)
{
  if (n_args >= min && n_args <= max)
    return TRUE;
  if (min == max)
    fail (cx, node->position, error, "%s takes %u argument%s, not %u", node->name, min,
          min == 1 ? "" : "s", n_args);
  else
    fail (cx, node->position, error, "%s takes %u to %u arguments, not %u", node->name, min, max,
          n_args);
  return FALSE;
}

static gboolean
fn_abs (const ExprContext *cx, const ExprNode *node, HycoValue *args, guint n_args,
        HycoValue *out, GError **error)
{
  double x;

  if (!check_n_args (cx, node, n_args, 1, 1, error))
    return FALSE;
  if (args[0].type == HYCO_VALUE_TYPE_INT && cx->mode == EXPR_MODE_VALUES)
    {
      if (args[0].data.v_int == G_MININT64)
        {
          fail (cx, node->position, error, "integer overflow: abs(%" G_GINT64_FORMAT ")",
                args[0].data.v_int);
          return FALSE;
        }
      hyco_value_set_int (out, ABS (args[0].data.v_int));
      return TRUE;
    }
  if (!number_arg (cx, node, args, 0, &x, error))
    return FALSE;
  hyco_value_set_double (out, fabs (x));
  return TRUE;
}

/* Ptolemy's round gives an integer (a long), half away from zero. */
static gboolean
fn_round (const ExprContext *cx, const ExprNode *node, HycoValue *args, guint n_args,
          HycoValue *out, GError **error)
{
  double x;

  if (!check_n_args (cx, node, n_args, 1, 1, error) || !number_arg (cx, node, args, 0, &x, error))
    return FALSE;
  if (cx->mode == EXPR_MODE_DOUBLES)
    hyco_value_set_double (out, round (x));
  else if (isnan (x) || fabs (x) >= 9223372036854775808.0)
    {
      fail (cx, node->position, error, "round(%g) does not fit in a 64-bit int", x);
      return FALSE;
    }
  else
    hyco_value_set_int (out, (gint64) round (x));
  return TRUE;
}

static gboolean
fn_sign (const ExprContext *cx, const ExprNode *node, HycoValue *args, guint n_args,
         HycoValue *out, GError **error)
{
  double x;

  if (!check_n_args (cx, node, n_args, 1, 1, error) || !number_arg (cx, node, args, 0, &x, error))
    return FALSE;
  if (cx->mode == EXPR_MODE_DOUBLES)
    hyco_value_set_double (out, (x > 0) - (x < 0));
  else
    hyco_value_set_int (out, (x > 0) - (x < 0));
  return TRUE;
}

static gboolean
fn_real2 (const ExprContext *cx, const ExprNode *node, HycoValue *args, guint n_args,
          HycoValue *out, GError **error)
{
  double x, y;

  if (!check_n_args (cx, node, n_args, 2, 2, error) || !number_arg (cx, node, args, 0, &x, error)
      || !number_arg (cx, node, args, 1, &y, error))
    return FALSE;
  hyco_value_set_double (out, g_str_equal (node->name, "atan2")   ? atan2 (x, y)
                              : g_str_equal (node->name, "hypot") ? hypot (x, y)
                                                                  : pow (x, y));
  return TRUE;
}

/* max, min, sum and avg take numbers or arrays of numbers, any count of them; an int result
 * when every number is an int (sum and the extremes; avg is a double). */
static gboolean
fn_fold (const ExprContext *cx, const ExprNode *node, HycoValue *args, guint n_args,
         HycoValue *out, GError **error)
{
  const char *name = node->name;
  gboolean is_max = g_str_equal (name, "max"), is_min = g_str_equal (name, "min");
  gboolean is_avg = g_str_equal (name, "avg");
  HycoValue acc = HYCO_VALUE_INIT;
  guint count = 0;

  for (guint i = 0; i < n_args; i++)
    {
      gboolean is_array = args[i].type == HYCO_VALUE_TYPE_ARRAY;
      guint n = is_array ? hyco_value_get_array_length (&args[i]) : 1;

      for (guint k = 0; k < n; k++)
        {
          const HycoValue *x = is_array ? hyco_value_get_array_element (&args[i], k) : &args[i];

          if (!is_number (cx, x))
            {
              fail (cx, node->args[i]->position, error, "%s expects numbers, not %s", name,
                    type_name (x));
              return FALSE;
            }
          if (count++ == 0)
            hyco_value_assign (&acc, x);
          else if (is_max || is_min)
            {
              HycoValue greater = HYCO_VALUE_INIT;

              binary (cx, node->position, OP_GREATER, x, &acc, &greater, NULL);
              if (greater.data.v_boolean == is_max)
                {
                  /* max(1, 2.5) is a double, as Ptolemy converts to the common type. */
                  gboolean to_double = acc.type == HYCO_VALUE_TYPE_DOUBLE;

                  hyco_value_assign (&acc, x);
                  if (to_double)
                    hyco_value_set_double (&acc, hyco_value_get_double (&acc));
                }
              else if (x->type == HYCO_VALUE_TYPE_DOUBLE)
                hyco_value_set_double (&acc, hyco_value_get_double (&acc));
            }
          else if (!binary (cx, node->position, OP_ADD, &acc, x, &acc, error))
            return FALSE;
        }
    }
  if (count == 0)
    {
      fail (cx, node->position, error, "%s needs at least one number", name);
      return FALSE;
    }
  if (is_avg)
    hyco_value_set_double (&acc, hyco_value_get_double (&acc) / count);
  hyco_value_clear (out);
  *out = acc;
  return TRUE;
}

/* Ptolemy's arrays are of one type: ints among doubles become doubles. */
static void
unify_numbers (HycoValue *items, guint n)
{
  gboolean any_double = FALSE;

  for (guint i = 0; i < n; i++)
    {
      if (items[i].type == HYCO_VALUE_TYPE_DOUBLE)
        any_double = TRUE;
      else if (items[i].type != HYCO_VALUE_TYPE_INT)
        return;
    }
  if (any_double)
    for (guint i = 0; i < n; i++)
      if (items[i].type == HYCO_VALUE_TYPE_INT)
        hyco_value_set_double (&items[i], (double) items[i].data.v_int);
}

/* The array limit keeps a mistyped count from exhausting memory. */
#define MAX_ARRAY_LENGTH 100000000

static gboolean
check_length (const ExprContext *cx, const ExprNode *node, guint arg, gint64 n, GError **error)
{
  if (n >= 0 && n <= MAX_ARRAY_LENGTH)
    return TRUE;
  fail (cx, node->args[arg]->position, error, "%s: %" G_GINT64_FORMAT " is not a length (0 to %d)",
        node->name, n, MAX_ARRAY_LENGTH);
  return FALSE;
}

/* createSequence(start, step, n): {start, start + step, ..., start + (n - 1) step}. */
static gboolean
fn_create_sequence (const ExprContext *cx, const ExprNode *node, HycoValue *args, guint n_args,
                    HycoValue *out, GError **error)
{
  HycoValue result = HYCO_VALUE_INIT;
  HycoValue *items;
  gint64 n;

  if (!check_n_args (cx, node, n_args, 3, 3, error) || !int_arg (cx, node, args, 2, &n, error)
      || !check_length (cx, node, 2, n, error))
    return FALSE;
  for (guint i = 0; i < 2; i++)
    if (!is_number (cx, &args[i]))
      {
        fail (cx, node->args[i]->position, error, "%s expects a number, not %s", node->name,
              type_name (&args[i]));
        return FALSE;
      }
  items = _hyco_value_init_array (&result, (gsize) n);
  for (gint64 i = 0; i < n; i++)
    {
      if (i == 0)
        hyco_value_assign (&items[0], &args[0]);
      else if (!binary (cx, node->position, OP_ADD, &items[i - 1], &args[1], &items[i], error))
        {
          hyco_value_clear (&result);
          return FALSE;
        }
    }
  if (n > 0 && args[1].type == HYCO_VALUE_TYPE_DOUBLE)
    unify_numbers (items, (guint) n);
  hyco_value_clear (out);
  *out = result;
  return TRUE;
}

/* repeat(n, value): an array of n copies of value. */
static gboolean
fn_repeat (const ExprContext *cx, const ExprNode *node, HycoValue *args, guint n_args,
           HycoValue *out, GError **error)
{
  HycoValue result = HYCO_VALUE_INIT;
  HycoValue *items;
  gint64 n;

  if (!check_n_args (cx, node, n_args, 2, 2, error) || !int_arg (cx, node, args, 0, &n, error)
      || !check_length (cx, node, 0, n, error))
    return FALSE;
  items = _hyco_value_init_array (&result, (gsize) n);
  for (gint64 i = 0; i < n; i++)
    hyco_value_assign (&items[i], &args[1]);
  hyco_value_clear (out);
  *out = result;
  return TRUE;
}

static gboolean
fn_is_nan (const ExprContext *cx, const ExprNode *node, HycoValue *args, guint n_args,
           HycoValue *out, GError **error)
{
  double x;

  if (!check_n_args (cx, node, n_args, 1, 1, error) || !number_arg (cx, node, args, 0, &x, error))
    return FALSE;
  hyco_value_set_boolean (out, g_str_equal (node->name, "isNaN") ? isnan (x) : isinf (x));
  return TRUE;
}

static const struct
{
  const char *name;
  ExprFunction f;
} functions[] = {
  { "abs", fn_abs },
  { "round", fn_round },
  { "sign", fn_sign },
  { "sgn", fn_sign },
  { "atan2", fn_real2 },
  { "hypot", fn_real2 },
  { "pow", fn_real2 },
  { "max", fn_fold },
  { "min", fn_fold },
  { "sum", fn_fold },
  { "avg", fn_fold },
  { "createSequence", fn_create_sequence },
  { "repeat", fn_repeat },
  { "isNaN", fn_is_nan },
  { "isInfinite", fn_is_nan },
};

/* The functions are numbered from 1: the real functions, then the others. */
int
_hyco_expr_function_index (const char *name)
{
  for (gsize i = 0; i < G_N_ELEMENTS (real_functions); i++)
    if (g_str_equal (real_functions[i].name, name))
      return (int) i + 1;
  for (gsize i = 0; i < G_N_ELEMENTS (functions); i++)
    if (g_str_equal (functions[i].name, name))
      return (int) (G_N_ELEMENTS (real_functions) + i) + 1;
  return 0;
}

gboolean
_hyco_expr_is_function (const char *name)
{
  return _hyco_expr_function_index (name) > 0;
}

/* Arguments live on the stack for the common counts, so a call allocates nothing. */
#define STACK_ARGS 4

static gboolean
call (const ExprContext *cx, const ExprNode *node, HycoValue *out, GError **error)
{
  HycoValue stack_args[STACK_ARGS] = { HYCO_VALUE_INIT, HYCO_VALUE_INIT, HYCO_VALUE_INIT,
                                       HYCO_VALUE_INIT };
  HycoValue *args = node->n_args <= STACK_ARGS ? stack_args : g_new0 (HycoValue, node->n_args);
  gboolean ok = TRUE;

  for (guint i = 0; ok && i < node->n_args; i++)
    ok = eval (cx, node->args[i], &args[i], error);
  if (ok)
    {
      /* The parser numbered the function (node->op), so a call looks nothing up by name. */
      gsize index = (gsize) node->op - 1;

      g_assert (node->op > 0);
      if (index < G_N_ELEMENTS (real_functions))
        ok = apply_real_function (cx, node, real_functions[index].f, args, node->n_args, out,
                                  error);
      else
        ok = functions[index - G_N_ELEMENTS (real_functions)].f (cx, node, args, node->n_args,
                                                                 out, error);
    }
  for (guint i = 0; i < node->n_args; i++)
    hyco_value_clear (&args[i]);
  if (args != stack_args)
    g_free (args);
  return ok;
}

/* a(i): the element i (from 0) of the array a variable holds. */
static gboolean
index_variable (const ExprContext *cx, const ExprNode *node, HycoValue *out, GError **error)
{
  const HycoValue *array = &cx->values[node->variable];
  HycoValue index = HYCO_VALUE_INIT;
  gint64 i;

  if (array->type == HYCO_VALUE_TYPE_NONE)
    {
      fail (cx, node->position, error, "unknown function or name \"%s\"", node->name);
      if (error != NULL && *error != NULL)
        (*error)->code = HYCO_EXPRESSION_ERROR_UNKNOWN_NAME;
      return FALSE;
    }
  if (array->type != HYCO_VALUE_TYPE_ARRAY)
    {
      fail (cx, node->position, error, "%s is %s: only an array is indexed as %s(i)", node->name,
            type_name (array), node->name);
      return FALSE;
    }
  if (node->n_args != 1)
    {
      fail (cx, node->position, error, "an array is indexed with one int, as %s(0)", node->name);
      return FALSE;
    }
  if (!eval (cx, node->args[0], &index, error))
    return FALSE;
  if (index.type != HYCO_VALUE_TYPE_INT)
    {
      fail (cx, node->args[0]->position, error, "an array index is an int, not %s",
            type_name (&index));
      hyco_value_clear (&index);
      return FALSE;
    }
  i = index.data.v_int;
  if (i < 0 || i >= hyco_value_get_array_length (array))
    {
      fail (cx, node->args[0]->position, error,
            "index %" G_GINT64_FORMAT " is out of bounds: %s has %u elements", i, node->name,
            hyco_value_get_array_length (array));
      return FALSE;
    }
  hyco_value_assign (out, hyco_value_get_array_element (array, (guint) i));
  return TRUE;
}

static gboolean
method (const ExprContext *cx, const ExprNode *node, HycoValue *out, GError **error)
{
  HycoValue target = HYCO_VALUE_INIT;
  gboolean ok = FALSE;

  if (!eval (cx, node->args[0], &target, error))
    return FALSE;
  if (target.type == HYCO_VALUE_TYPE_RECORD && !node->method_call)
    {
      const HycoValue *field = hyco_value_lookup_record_field (&target, node->name);

      if (field != NULL)
        {
          HycoValue copy = HYCO_VALUE_INIT;

          hyco_value_assign (&copy, field);
          hyco_value_clear (out);
          *out = copy;
          ok = TRUE;
        }
      else
        fail (cx, node->position, error, "the record has no field \"%s\"", node->name);
    }
  else if (g_str_equal (node->name, "length") && node->method_call && node->n_args == 1
           && (target.type == HYCO_VALUE_TYPE_ARRAY || target.type == HYCO_VALUE_TYPE_STRING))
    {
      hyco_value_set_int (out, target.type == HYCO_VALUE_TYPE_ARRAY
                                 ? hyco_value_get_array_length (&target)
                                 : (gint64) g_utf8_strlen (hyco_value_get_string (&target), -1));
      ok = TRUE;
    }
  else if (g_str_equal (node->name, "toString") && node->method_call && node->n_args == 1)
    {
      g_autofree char *text = hyco_value_to_literal (&target);

      hyco_value_set_string (out, text);
      ok = TRUE;
    }
  else
    fail (cx, node->position, error, "%s has no %s \"%s\"", type_name (&target),
          node->method_call ? "method" : "field", node->name);
  hyco_value_clear (&target);
  return ok;
}

static gboolean
construct (const ExprContext *cx, const ExprNode *node, HycoValue *out, GError **error)
{
  HycoValue result = HYCO_VALUE_INIT;
  HycoValue *items;
  char **names = NULL;

  if (node->kind == EXPR_ARRAY)
    items = _hyco_value_init_array (&result, node->n_args);
  else
    items = _hyco_value_init_record (&result, node->n_args, &names);
  for (guint i = 0; i < node->n_args; i++)
    {
      if (names != NULL)
        names[i] = g_strdup (node->labels[i]);
      if (!eval (cx, node->args[i], &items[i], error))
        {
          /* Fill the remaining names so that the record can be released. */
          for (guint k = i + 1; names != NULL && k < node->n_args; k++)
            names[k] = g_strdup (node->labels[k]);
          hyco_value_clear (&result);
          return FALSE;
        }
    }
  if (node->kind == EXPR_ARRAY)
    unify_numbers (items, node->n_args);
  else if (!_hyco_value_finish_record (&result, NULL))
    {
      fail (cx, node->position, error, "the record names a field twice");
      return FALSE;
    }
  hyco_value_clear (out);
  *out = result;
  return TRUE;
}

static gboolean
eval (const ExprContext *cx, const ExprNode *node, HycoValue *out, GError **error)
{
  switch (node->kind)
    {
    case EXPR_CONSTANT:
      if (cx->mode == EXPR_MODE_DOUBLES && node->constant.type == HYCO_VALUE_TYPE_INT)
        hyco_value_set_double (out, (double) node->constant.data.v_int);
      else
        hyco_value_assign (out, &node->constant);
      return TRUE;

    case EXPR_NAME:
      {
        const HycoValue *v = &cx->values[node->variable];

        if (v->type != HYCO_VALUE_TYPE_NONE)
          hyco_value_assign (out, v);
        else if (!_hyco_expr_lookup_constant (node->name, out))
          {
            fail (cx, node->position, error, "unknown name \"%s\"", node->name);
            if (error != NULL && *error != NULL)
              (*error)->code = HYCO_EXPRESSION_ERROR_UNKNOWN_NAME;
            return FALSE;
          }
        return TRUE;
      }

    case EXPR_UNARY:
      {
        HycoValue a = HYCO_VALUE_INIT;
        gboolean ok = eval (cx, node->args[0], &a, error) && unary (cx, node, &a, out, error);

        hyco_value_clear (&a);
        return ok;
      }

    case EXPR_BINARY:
      {
        HycoValue a = HYCO_VALUE_INIT, b = HYCO_VALUE_INIT;
        gboolean ok = eval (cx, node->args[0], &a, error) && eval (cx, node->args[1], &b, error)
                      && binary (cx, node->position, node->op, &a, &b, out, error);

        hyco_value_clear (&a);
        hyco_value_clear (&b);
        return ok;
      }

    case EXPR_AND:
    case EXPR_OR:
      {
        HycoValue a = HYCO_VALUE_INIT;
        gboolean x = FALSE;
        gboolean ok = eval (cx, node->args[0], &a, error) && truth (cx, node->args[0], &a, &x, error);

        /* The right side is not evaluated when the left decides, as in Ptolemy and C. */
        if (ok && x == (node->kind == EXPR_AND))
          ok = eval (cx, node->args[1], &a, error) && truth (cx, node->args[1], &a, &x, error);
        hyco_value_clear (&a);
        if (ok)
          hyco_value_set_boolean (out, x);
        return ok;
      }

    case EXPR_IF:
      {
        HycoValue c = HYCO_VALUE_INIT;
        gboolean x = FALSE;
        gboolean ok = eval (cx, node->args[0], &c, error) && truth (cx, node->args[0], &c, &x, error);

        hyco_value_clear (&c);
        return ok && eval (cx, node->args[x ? 1 : 2], out, error);
      }

    case EXPR_CALL:
      return node->variable >= 0 ? index_variable (cx, node, out, error)
                                 : call (cx, node, out, error);

    case EXPR_ARRAY:
    case EXPR_RECORD:
      return construct (cx, node, out, error);

    case EXPR_METHOD:
      return method (cx, node, out, error);

    default:
      g_assert_not_reached ();
    }
}

gboolean
_hyco_expr_evaluate (const ExprContext *context, const ExprNode *node, HycoValue *result,
                     GError **error)
{
  HycoValue tmp = HYCO_VALUE_INIT;

  /* Into a temporary, so that @result may be one of the variables and is untouched on error. */
  if (!eval (context, node, &tmp, error))
    {
      hyco_value_clear (&tmp);
      return FALSE;
    }
  hyco_value_clear (result);
  *result = tmp;
  return TRUE;
}
