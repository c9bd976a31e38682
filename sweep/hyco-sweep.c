/* hyco-sweep.c: parameter sweeps: the parameters' specifications, the run list, and the runs
 * on a thread pool.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-sweep-private.h"
#include "hyco-expr-private.h"
#include "hyco-value-private.h"

#include <gmodule.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/**
 * HycoSweep:
 *
 * Runs one model file many times, each run a fresh #HycoModel read from the file with its own
 * parameter values, set through the parameter protocol as `hyco run --set` sets them, and
 * records per run the parameter values, how the run ended (a failed run is recorded with its
 * error and does not stop the sweep) and summary values of the probed signals: for each
 * signal `SIGNAL.final` (the last present value), `SIGNAL.min`, `SIGNAL.max`, `SIGNAL.events`
 * (how many times it was present) and `SIGNAL.first` (the model time of its first event, in
 * seconds); and the values of expressions over these, the parameters and the signals' values
 * (hyco_sweep_add_summary()).
 *
 * Parameters are varied over lists and ranges (hyco_sweep_add_vary()) or sampled from
 * distributions (hyco_sweep_add_sample()), and combined in a full factorial design or a Latin
 * hypercube (hyco_sweep_set_design()). The run list is fixed by hyco_sweep_plan() before any
 * run starts: run i's values depend only on the specifications, the seed and i, so the results
 * are the same with one job or many.
 */

/* Ranges and lists longer than this are surely a typo (a step of 1e-9). */
#define MAX_VALUES 10000000u

/* clang-format off */
/**
 * hyco_sweep_error_quark:
 *
 * The error domain of sweeps: a parameter written wrongly, parameters that do not fit the
 * design, a plot of a value the sweep lacks, a result file that cannot be written.
 *
 * Returns: the #GQuark of #HycoSweepError
 */
G_DEFINE_QUARK (hyco-sweep-error-quark, hyco_sweep_error)
/* clang-format on */

G_DEFINE_FINAL_TYPE (HycoSweep, hyco_sweep, G_TYPE_OBJECT)

enum
{
  SIGNAL_PROGRESS,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

static const char *const summary_kinds[] = { "final", "min", "max", "events", "first" };

/* The summary values of a run: the probes' kinds, then the expressions'. */
static gsize
n_summary_values (HycoSweep *self)
{
  return (gsize) self->probes->len * G_N_ELEMENTS (summary_kinds) + self->expressions->len;
}

/* A name an expression sees, one segment of a dotted name: a record of the names below it,
 * or a parameter's value, a probed signal's summary record, an earlier expression's value. */
typedef enum
{
  BINDING_RECORD,
  BINDING_PARAMETER,
  BINDING_SIGNAL,
  BINDING_EXPRESSION,
} SweepBindingKind;

typedef struct
{
  char *name;
  SweepBindingKind kind;
  guint index;         /* the parameter's, the probe's or the expression's */
  GPtrArray *children; /* a record's SweepBinding */
} SweepBinding;

static void
sweep_binding_free (gpointer data)
{
  SweepBinding *binding = data;

  g_free (binding->name);
  if (binding->children)
    g_ptr_array_unref (binding->children);
  g_free (binding);
}

static void
sweep_expr_free (gpointer data)
{
  HycoSweepExpr *expr = data;

  g_free (expr->name);
  g_free (expr->text);
  g_free (expr);
}

static void
sweep_param_free (gpointer data)
{
  HycoSweepParam *param = data;

  g_free (param->name);
  g_free (param->spec);
  g_strfreev (param->texts);
  g_free (param->values);
  g_free (param->permutation);
  g_free (param);
}

static void
clear_plan (HycoSweep *self)
{
  for (guint i = 0; self->texts && i < self->n_runs * self->parameters->len; i++)
    g_free (self->texts[i]);
  g_clear_pointer (&self->texts, g_free);
  g_clear_pointer (&self->values, g_free);
  for (guint i = 0; self->errors && i < self->n_runs; i++)
    g_free (self->errors[i]);
  g_clear_pointer (&self->errors, g_free);
  g_clear_pointer (&self->statuses, g_free);
  g_clear_pointer (&self->summaries, g_free);
  g_clear_pointer (&self->bindings, g_ptr_array_unref);
  self->n_runs = 0;
  self->planned = FALSE;
}

static void
hyco_sweep_finalize (GObject *object)
{
  HycoSweep *self = HYCO_SWEEP (object);

  clear_plan (self);
  g_free (self->model_file);
  g_free (self->stop_time);
  g_ptr_array_unref (self->parameters);
  g_ptr_array_unref (self->assignments);
  g_ptr_array_unref (self->probes);
  g_ptr_array_unref (self->expressions);
  G_OBJECT_CLASS (hyco_sweep_parent_class)->finalize (object);
}

static void
hyco_sweep_class_init (HycoSweepClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = hyco_sweep_finalize;

  /**
   * HycoSweep::progress:
   * @sweep: the sweep
   * @finished: how many runs have ended, completed or failed
   * @failed: how many of them failed
   *
   * Emitted during an asynchronous sweep (hyco_sweep_run_async()) when more runs have ended,
   * at most every 100 ms, and once more before its callback; in the main context
   * hyco_sweep_run_async() was called from.
   */
  signals[SIGNAL_PROGRESS]
    = g_signal_new ("progress", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                    G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_UINT);
}

static void
hyco_sweep_init (HycoSweep *self)
{
  self->parameters = g_ptr_array_new_with_free_func (sweep_param_free);
  self->assignments = g_ptr_array_new_with_free_func (g_free);
  self->probes = g_ptr_array_new_with_free_func (g_free);
  self->expressions = g_ptr_array_new_with_free_func (sweep_expr_free);
  self->jobs = g_get_num_processors ();
}

/**
 * hyco_sweep_new:
 * @model_file: the model file each run reads afresh
 *
 * Creates a sweep of @model_file with no parameters: one factorial run, one job per core.
 *
 * Returns: (transfer full): the sweep
 */
HycoSweep *
hyco_sweep_new (const char *model_file)
{
  HycoSweep *self;

  g_return_val_if_fail (model_file != NULL, NULL);
  self = g_object_new (HYCO_TYPE_SWEEP, NULL);
  self->model_file = g_strdup (model_file);
  return self;
}

/**
 * hyco_sweep_get_model_file:
 * @self: a sweep
 *
 * Gets the model file the sweep runs.
 *
 * Returns: the file name, as given to hyco_sweep_new()
 */
const char *
hyco_sweep_get_model_file (HycoSweep *self)
{
  g_return_val_if_fail (HYCO_IS_SWEEP (self), NULL);
  return self->model_file;
}

/* Parsing ---------------------------------------------------------------------------------- */

/* A number written alone in @text, surrounded by blanks at most. */
static gboolean
parse_number (const char *text, double *value)
{
  g_autofree char *copy = g_strstrip (g_strdup (text));
  char *end;

  if (*copy == '\0')
    return FALSE;
  *value = g_ascii_strtod (copy, &end);
  return *end == '\0' && isfinite (*value);
}

/* Splits "NAME=VALUE" into its name and its value; the name is a parameter's path. */
static gboolean
split_spec (const char *spec, const char *example, char **name, char **value, GError **error)
{
  const char *equals = strchr (spec, '=');
  g_autofree char *left = NULL;

  if (equals == NULL)
    {
      g_set_error (error, HYCO_SWEEP_ERROR, HYCO_SWEEP_ERROR_BAD_SPEC,
                   "%s: write NAME=VALUES, as in %s", spec, example);
      return FALSE;
    }
  left = g_strstrip (g_strndup (spec, equals - spec));
  if (*left == '\0' || strpbrk (left, " \t[]():,") != NULL)
    {
      g_set_error (error, HYCO_SWEEP_ERROR, HYCO_SWEEP_ERROR_BAD_SPEC,
                   "%s: \"%s\" is not a parameter's name; write NAME=VALUES, as in %s", spec, left,
                   example);
      return FALSE;
    }
  *name = g_steal_pointer (&left);
  *value = g_strstrip (g_strdup (equals + 1));
  return TRUE;
}

static gboolean
check_new_name (HycoSweep *self, const char *spec, const char *name, GError **error)
{
  for (guint i = 0; i < self->parameters->len; i++)
    if (g_str_equal (((HycoSweepParam *) self->parameters->pdata[i])->name, name))
      {
        g_set_error (error, HYCO_SWEEP_ERROR, HYCO_SWEEP_ERROR_BAD_SPEC,
                     "%s: %s is already varied or sampled (%s)", spec, name,
                     ((HycoSweepParam *) self->parameters->pdata[i])->spec);
        return FALSE;
      }
  return TRUE;
}

/* "[1, 2, 5]", or a single value "3". */
static gboolean
parse_list (HycoSweepParam *param, const char *text, GError **error)
{
  g_autofree char *inner = NULL;
  g_auto (GStrv) items = NULL;
  gsize length = strlen (text);

  if (text[0] == '[')
    {
      if (length < 2 || text[length - 1] != ']')
        {
          g_set_error (error, HYCO_SWEEP_ERROR, HYCO_SWEEP_ERROR_BAD_SPEC,
                       "%s: the list has no closing bracket; write %s=[1,2,5]", param->spec,
                       param->name);
          return FALSE;
        }
      inner = g_strndup (text + 1, length - 2);
    }
  else
    inner = g_strdup (text);
  items = g_strsplit (inner, ",", -1);
  param->n_values = g_strv_length (items);
  if (param->n_values == 0)
    {
      g_set_error (error, HYCO_SWEEP_ERROR, HYCO_SWEEP_ERROR_BAD_SPEC,
                   "%s: the list is empty; write %s=[1,2,5]", param->spec, param->name);
      return FALSE;
    }
  param->values = g_new (double, MAX (param->n_values, 1));
  param->texts = g_new0 (char *, param->n_values + 1);
  for (guint i = 0; i < param->n_values; i++)
    {
      g_strstrip (items[i]);
      if (!parse_number (items[i], &param->values[i]))
        {
          g_set_error (error, HYCO_SWEEP_ERROR, HYCO_SWEEP_ERROR_BAD_SPEC,
                       *items[i] ? "%s: \"%s\" is not a number; write %s=[1,2,5]"
                                 : "%s: the list has an empty value%.0s; write %s=[1,2,5]",
                       param->spec, items[i], param->name);
          return FALSE;
        }
      param->texts[i] = g_strdup (items[i]);
    }
  return TRUE;
}

/* The text a range's value is set as: 15 significant digits, so that 0.5 + 1 * 0.1 is set as
 * 0.6 rather than 0.59999999999999998, and the value recorded is the one parsed from it. */
static char *
range_text (double value)
{
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  if (value == 0.0)
    value = 0.0; /* not -0 */
  return g_strdup (g_ascii_formatd (buffer, sizeof buffer, "%.15g", value));
}

/* "LOW:HIGH:STEP", inclusive of HIGH within rounding; or "LOW:HIGH" for a Latin hypercube. */
static gboolean
parse_range (HycoSweepParam *param, const char *text, GError **error)
{
  g_auto (GStrv) parts = g_strsplit (text, ":", -1);
  guint n = g_strv_length (parts);
  double numbers[3];
  double count;

  if (n != 2 && n != 3)
    {
      g_set_error (error, HYCO_SWEEP_ERROR, HYCO_SWEEP_ERROR_BAD_SPEC,
                   "%s: write a range as %s=LOW:HIGH:STEP, as in %s=0.5:0.9:0.1", param->spec,
                   param->name, param->name);
      return FALSE;
    }
  for (guint i = 0; i < n; i++)
    if (!parse_number (parts[i], &numbers[i]))
      {
        g_set_error (error, HYCO_SWEEP_ERROR, HYCO_SWEEP_ERROR_BAD_SPEC,
                     "%s: \"%s\" is not a number; write a range as %s=LOW:HIGH:STEP, as in "
                     "%s=0.5:0.9:0.1",
                     param->spec, g_strstrip (parts[i]), param->name, param->name);
        return FALSE;
      }
  param->kind = HYCO_SWEEP_PARAM_RANGE;
  param->low = numbers[0];
  param->high = numbers[1];
  param->has_step = n == 3;
  if (!param->has_step)
    return TRUE;
  param->step = numbers[2];
  if (param->step == 0.0 || (param->high - param->low) / param->step < 0)
    {
      g_set_error (error, HYCO_SWEEP_ERROR, HYCO_SWEEP_ERROR_BAD_SPEC,
                   "%s: the step %s never leads from %s to %s", param->spec, g_strstrip (parts[2]),
                   g_strstrip (parts[0]), g_strstrip (parts[1]));
      return FALSE;
    }
  /* Inclusive of HIGH within rounding: 0.5:0.9:0.1 has five values although 0.4 / 0.1 is a
   * little less than 4. The rounding grows with the quotient. */
  {
    double quotient = (param->high - param->low) / param->step;
    count = floor (quotient + 1e-9 + 1e-12 * quotient) + 1;
  }
  if (count > MAX_VALUES)
    {
      g_set_error (error, HYCO_SWEEP_ERROR, HYCO_SWEEP_ERROR_BAD_SPEC,
                   "%s: the range has %.0f values, more than %u", param->spec, count, MAX_VALUES);
      return FALSE;
    }
  param->n_values = (guint) count;
  param->values = g_new (double, param->n_values);
  param->texts = g_new0 (char *, param->n_values + 1);
  for (guint i = 0; i < param->n_values; i++)
    {
      param->texts[i] = range_text (param->low + i * param->step);
      param->values[i] = g_ascii_strtod (param->texts[i], NULL);
    }
  return TRUE;
}

/**
 * hyco_sweep_add_vary:
 * @self: a sweep
 * @spec: the parameter and its values: `NAME=LOW:HIGH:STEP` (a range, inclusive of HIGH
 *   within rounding: `Ball.e=0.5:0.9:0.1` is 0.5, 0.6, 0.7, 0.8, 0.9), `NAME=LOW:HIGH` (a range
 *   a Latin hypercube samples), `NAME=[1,2,5]` (a list) or `NAME=3` (one value)
 * @error: return location for an error
 *
 * Varies a parameter, named as `hyco run --set` names it (`Clock.period`, a model parameter
 * `e`), over a list or a range of numbers.
 *
 * Returns: %TRUE if @spec is well written, else %FALSE with an error that quotes it
 */
gboolean
hyco_sweep_add_vary (HycoSweep *self, const char *spec, GError **error)
{
  HycoSweepParam *param;
  g_autofree char *name = NULL;
  g_autofree char *text = NULL;
  gboolean ok;

  g_return_val_if_fail (HYCO_IS_SWEEP (self), FALSE);
  g_return_val_if_fail (spec != NULL, FALSE);
  if (!split_spec (spec, "Ball.e=0.5:0.9:0.1 or k=[1,2,5]", &name, &text, error)
      || !check_new_name (self, spec, name, error))
    return FALSE;
  param = g_new0 (HycoSweepParam, 1);
  param->name = g_steal_pointer (&name);
  param->spec = g_strdup (spec);
  param->kind = HYCO_SWEEP_PARAM_LIST;
  if (*text == '\0')
    {
      g_set_error (error, HYCO_SWEEP_ERROR, HYCO_SWEEP_ERROR_BAD_SPEC,
                   "%s: no values; write %s=0.5:0.9:0.1 or %s=[1,2,5]", spec, param->name,
                   param->name);
      ok = FALSE;
    }
  else if (strchr (text, '(') != NULL)
    {
      g_set_error (error, HYCO_SWEEP_ERROR, HYCO_SWEEP_ERROR_BAD_SPEC,
                   "%s: a distribution is sampled, not varied (--sample %s)", spec, spec);
      ok = FALSE;
    }
  else if (text[0] != '[' && strchr (text, ':') != NULL)
    ok = parse_range (param, text, error);
  else
    ok = parse_list (param, text, error);
  if (!ok)
    {
      sweep_param_free (param);
      return FALSE;
    }
  clear_plan (self);
  g_ptr_array_add (self->parameters, param);
  return TRUE;
}

/**
 * hyco_sweep_add_sample:
 * @self: a sweep
 * @spec: the parameter and its distribution: `NAME=normal(MEAN,SD)` or
 *   `NAME=uniform(LOW,HIGH)`
 * @error: return location for an error
 *
 * Samples a parameter, named as `hyco run --set` names it, from a distribution: a value per
 * run, drawn from the seed and the run's index (see hyco_sweep_set_seed()).
 *
 * Returns: %TRUE if @spec is well written, else %FALSE with an error that quotes it
 */
gboolean
hyco_sweep_add_sample (HycoSweep *self, const char *spec, GError **error)
{
  const char *example = "mu=normal(1,0.1) or a=uniform(0,2)";
  g_autofree char *name = NULL;
  g_autofree char *text = NULL;
  g_autofree char *function = NULL;
  g_autofree char *arguments = NULL;
  g_auto (GStrv) parts = NULL;
  HycoSweepParam *param;
  const char *open;
  gsize length;
  double numbers[2];

  g_return_val_if_fail (HYCO_IS_SWEEP (self), FALSE);
  g_return_val_if_fail (spec != NULL, FALSE);
  if (!split_spec (spec, example, &name, &text, error) || !check_new_name (self, spec, name, error))
    return FALSE;
  open = strchr (text, '(');
  length = strlen (text);
  if (open == NULL || text[length - 1] != ')')
    {
      g_set_error (error, HYCO_SWEEP_ERROR, HYCO_SWEEP_ERROR_BAD_SPEC,
                   "%s: write a distribution, as in %s (lists and ranges are varied: --vary)", spec,
                   example);
      return FALSE;
    }
  function = g_strstrip (g_strndup (text, open - text));
  arguments = g_strndup (open + 1, text + length - 1 - (open + 1));
  parts = g_strsplit (arguments, ",", -1);
  if (!g_str_equal (function, "normal") && !g_str_equal (function, "uniform"))
    {
      g_set_error (error, HYCO_SWEEP_ERROR, HYCO_SWEEP_ERROR_BAD_SPEC,
                   "%s: no distribution is called \"%s\" (there are normal(MEAN,SD) and "
                   "uniform(LOW,HIGH))",
                   spec, function);
      return FALSE;
    }
  if (g_strv_length (parts) != 2)
    {
      g_set_error (error, HYCO_SWEEP_ERROR, HYCO_SWEEP_ERROR_BAD_SPEC,
                   "%s: %s takes two numbers, as in %s", spec, function,
                   g_str_equal (function, "normal") ? "normal(1,0.1)" : "uniform(0,2)");
      return FALSE;
    }
  for (guint i = 0; i < 2; i++)
    if (!parse_number (parts[i], &numbers[i]))
      {
        g_set_error (error, HYCO_SWEEP_ERROR, HYCO_SWEEP_ERROR_BAD_SPEC,
                     "%s: \"%s\" is not a number", spec, g_strstrip (parts[i]));
        return FALSE;
      }
  if (g_str_equal (function, "normal") && numbers[1] < 0)
    {
      g_set_error (error, HYCO_SWEEP_ERROR, HYCO_SWEEP_ERROR_BAD_SPEC,
                   "%s: the standard deviation %s is negative", spec, g_strstrip (parts[1]));
      return FALSE;
    }
  if (g_str_equal (function, "uniform") && !(numbers[0] < numbers[1]))
    {
      g_set_error (error, HYCO_SWEEP_ERROR, HYCO_SWEEP_ERROR_BAD_SPEC,
                   "%s: the low end %s is not below the high end %s", spec, g_strstrip (parts[0]),
                   g_strstrip (parts[1]));
      return FALSE;
    }
  param = g_new0 (HycoSweepParam, 1);
  param->name = g_steal_pointer (&name);
  param->spec = g_strdup (spec);
  param->kind
    = g_str_equal (function, "normal") ? HYCO_SWEEP_PARAM_NORMAL : HYCO_SWEEP_PARAM_UNIFORM;
  param->low = numbers[0];
  param->high = numbers[1];
  clear_plan (self);
  g_ptr_array_add (self->parameters, param);
  return TRUE;
}

/**
 * hyco_sweep_add_assignment:
 * @self: a sweep
 * @name: a parameter, named as `hyco run --set` names it
 * @text: its value, a literal or an expression
 *
 * Sets a parameter to the same value in every run, before the varied and sampled ones.
 */
void
hyco_sweep_add_assignment (HycoSweep *self, const char *name, const char *text)
{
  g_return_if_fail (HYCO_IS_SWEEP (self));
  g_return_if_fail (name != NULL && text != NULL);
  g_ptr_array_add (self->assignments, g_strdup (name));
  g_ptr_array_add (self->assignments, g_strdup (text));
}

/**
 * hyco_sweep_set_stop_time:
 * @self: a sweep
 * @literal: (nullable): the stop time in seconds, as `hyco run --stop-time` takes it; %NULL
 *   for the model's own
 *
 * Sets the stop time of every run, before the other parameters.
 */
void
hyco_sweep_set_stop_time (HycoSweep *self, const char *literal)
{
  g_return_if_fail (HYCO_IS_SWEEP (self));
  g_free (self->stop_time);
  self->stop_time = g_strdup (literal);
}

/**
 * hyco_sweep_add_probe:
 * @self: a sweep
 * @signal: a signal, named as `hyco run --probe` names it (`Ball.y`)
 *
 * Summarises @signal in every run: its final value, minimum, maximum, number of events and the
 * time of its first event (see hyco_sweep_list_summaries()).
 */
void
hyco_sweep_add_probe (HycoSweep *self, const char *signal)
{
  g_return_if_fail (HYCO_IS_SWEEP (self));
  g_return_if_fail (signal != NULL);
  clear_plan (self);
  g_ptr_array_add (self->probes, g_strdup (signal));
}

/* A dotted name of the expression language: Ball.range, ratio. */
static gboolean
is_dotted_name (const char *name)
{
  g_auto (GStrv) segments = g_strsplit (name, ".", -1);

  for (guint i = 0; segments[i]; i++)
    {
      const char *c = segments[i];

      if (!g_ascii_isalpha (*c) && *c != '_')
        return FALSE;
      for (c++; *c; c++)
        if (!g_ascii_isalnum (*c) && *c != '_' && *c != '$' && *c != '@')
          return FALSE;
    }
  return segments[0] != NULL;
}

/**
 * hyco_sweep_add_summary:
 * @self: a sweep
 * @name: the summary value's name: a name of the expression language, or several joined by
 *   dots (`bounces`, `Ball.range`)
 * @expression: an expression of Hyco's expression language (see #HycoExpression) over the
 *   run's results: `Ball.y.max - Ball.y.min`, `Ball.impact.events / 10`
 * @error: return location for an error
 *
 * Adds a summary value computed per run from the run's results, listed after the probed
 * signals' (hyco_sweep_list_summaries()). The expression sees, by their dotted names as
 * records of records: each varied or sampled parameter (`e`, `Ball.e`: its value in the run);
 * each probed signal `SIGNAL` as a record of its summary values `SIGNAL.final`, `.min`,
 * `.max`, `.events` and `.first`, and of `SIGNAL.values` and `SIGNAL.times`, the arrays of its
 * present values and of their model times in seconds (for `sum`, `avg`, `max`, `min`,
 * `.length()` and arithmetic element by element); and the summaries added before this one.
 * Numbers are computed as doubles (`3 / 2` is 1.5), as numeric parameters are, and the value
 * must be a number or a boolean (1 or 0).
 *
 * A syntax error fails here; a name the sweep lacks fails when the sweep is planned
 * (hyco_sweep_plan()), before any run. An expression that fails in a run (an array of another
 * length, a value that is not a number) makes the run fail (%HYCO_SWEEP_STATUS_FAILED) with
 * that error, its value NaN; an expression over a failed run's results counts what it
 * recorded up to the failure, and is NaN for a run that did not start.
 *
 * Returns: %TRUE if the expression is well written and the name well formed, else %FALSE with
 *   a %HYCO_SWEEP_ERROR_BAD_SUMMARY error that starts with @name and gives the position in the
 *   expression
 */
gboolean
hyco_sweep_add_summary (HycoSweep *self, const char *name, const char *expression, GError **error)
{
  g_autoptr (HycoExpression) parsed = NULL;
  g_autoptr (GError) local_error = NULL;
  HycoSweepExpr *expr;

  g_return_val_if_fail (HYCO_IS_SWEEP (self), FALSE);
  g_return_val_if_fail (name != NULL && expression != NULL, FALSE);
  if (!is_dotted_name (name))
    {
      g_set_error (error, HYCO_SWEEP_ERROR, HYCO_SWEEP_ERROR_BAD_SUMMARY,
                   "%s: a summary is named as the expression language names values: letters, "
                   "digits and _, not starting with a digit, parts joined by dots (range, "
                   "Ball.range)",
                   name);
      return FALSE;
    }
  for (guint i = 0; i < self->expressions->len; i++)
    if (g_str_equal (((HycoSweepExpr *) self->expressions->pdata[i])->name, name))
      {
        g_set_error (error, HYCO_SWEEP_ERROR, HYCO_SWEEP_ERROR_BAD_SUMMARY,
                     "%s: the sweep already has a summary of that name (%s)", name,
                     ((HycoSweepExpr *) self->expressions->pdata[i])->text);
        return FALSE;
      }
  parsed = hyco_expression_new (expression, &local_error);
  if (parsed == NULL)
    {
      g_set_error (error, HYCO_SWEEP_ERROR, HYCO_SWEEP_ERROR_BAD_SUMMARY, "%s: %s", name,
                   local_error->message);
      return FALSE;
    }
  clear_plan (self);
  expr = g_new0 (HycoSweepExpr, 1);
  expr->name = g_strdup (name);
  expr->text = g_strdup (expression);
  g_ptr_array_add (self->expressions, expr);
  return TRUE;
}

/**
 * hyco_sweep_set_design:
 * @self: a sweep
 * @design: how the parameters combine into runs
 *
 * Chooses the design; the default is %HYCO_SWEEP_DESIGN_FACTORIAL.
 */
void
hyco_sweep_set_design (HycoSweep *self, HycoSweepDesign design)
{
  g_return_if_fail (HYCO_IS_SWEEP (self));
  clear_plan (self);
  self->design = design;
}

/**
 * hyco_sweep_get_design:
 * @self: a sweep
 *
 * Gets the design.
 *
 * Returns: how the parameters combine into runs
 */
HycoSweepDesign
hyco_sweep_get_design (HycoSweep *self)
{
  g_return_val_if_fail (HYCO_IS_SWEEP (self), HYCO_SWEEP_DESIGN_FACTORIAL);
  return self->design;
}

/**
 * hyco_sweep_design_from_string:
 * @name: a design's name: `factorial` or `lhs`
 * @design: (out): the design
 *
 * Looks a design up by the name `hyco sweep --design` takes.
 *
 * Returns: %TRUE if @name is a design's
 */
gboolean
hyco_sweep_design_from_string (const char *name, HycoSweepDesign *design)
{
  g_return_val_if_fail (name != NULL, FALSE);
  for (guint i = HYCO_SWEEP_DESIGN_FACTORIAL; i <= HYCO_SWEEP_DESIGN_LHS; i++)
    if (g_str_equal (name, hyco_sweep_design_to_string (i)))
      {
        *design = i;
        return TRUE;
      }
  return FALSE;
}

/**
 * hyco_sweep_design_to_string:
 * @design: a design
 *
 * Gets the name `hyco sweep --design` takes for @design.
 *
 * Returns: `factorial` or `lhs`
 */
const char *
hyco_sweep_design_to_string (HycoSweepDesign design)
{
  return design == HYCO_SWEEP_DESIGN_LHS ? "lhs" : "factorial";
}

/**
 * hyco_sweep_set_samples:
 * @self: a sweep
 * @samples: the number of samples: the runs of a Latin hypercube, or how many times a
 *   factorial design's combinations are each run with sampled parameters
 *
 * Sets the number of samples; 0 (the default) is none.
 */
void
hyco_sweep_set_samples (HycoSweep *self, guint samples)
{
  g_return_if_fail (HYCO_IS_SWEEP (self));
  clear_plan (self);
  self->samples = samples;
}

/**
 * hyco_sweep_get_samples:
 * @self: a sweep
 *
 * Gets the number of samples.
 *
 * Returns: the number of samples, 0 if none was set
 */
guint
hyco_sweep_get_samples (HycoSweep *self)
{
  g_return_val_if_fail (HYCO_IS_SWEEP (self), 0);
  return self->samples;
}

/**
 * hyco_sweep_set_seed:
 * @self: a sweep
 * @seed: the seed of the sampled values and of a Latin hypercube's strata
 *
 * Sets the seed (0 by default). Run i draws its values from a #GRand seeded with the seed and
 * i, whatever job runs it.
 */
void
hyco_sweep_set_seed (HycoSweep *self, guint32 seed)
{
  g_return_if_fail (HYCO_IS_SWEEP (self));
  clear_plan (self);
  self->seed = seed;
}

/**
 * hyco_sweep_get_seed:
 * @self: a sweep
 *
 * Gets the seed.
 *
 * Returns: the seed
 */
guint32
hyco_sweep_get_seed (HycoSweep *self)
{
  g_return_val_if_fail (HYCO_IS_SWEEP (self), 0);
  return self->seed;
}

/**
 * hyco_sweep_set_jobs:
 * @self: a sweep
 * @jobs: how many runs at once, each on a thread of its own; 0 for one per core
 *
 * Sets how many runs go at once (by default one per core). The results do not depend on it.
 */
void
hyco_sweep_set_jobs (HycoSweep *self, guint jobs)
{
  g_return_if_fail (HYCO_IS_SWEEP (self));
  self->jobs = jobs ? jobs : g_get_num_processors ();
}

/**
 * hyco_sweep_get_jobs:
 * @self: a sweep
 *
 * Gets how many runs go at once.
 *
 * Returns: the number of jobs
 */
guint
hyco_sweep_get_jobs (HycoSweep *self)
{
  g_return_val_if_fail (HYCO_IS_SWEEP (self), 1);
  return self->jobs;
}

/* Summary expressions ---------------------------------------------------------------------- */

static const char *
binding_what (SweepBindingKind kind)
{
  switch (kind)
    {
    case BINDING_PARAMETER:
      return "the parameter";
    case BINDING_SIGNAL:
      return "the probed signal";
    case BINDING_EXPRESSION:
      return "the summary";
    case BINDING_RECORD:
    default:
      return "the names under";
    }
}

/* Adds @path to the names the expressions see, one record per dotted segment. A name that is
 * both a value and a record of others (a parameter Ball and a signal Ball.y), or two values,
 * cannot be told apart in an expression. */
static gboolean
bind_name (GPtrArray *roots, const char *path, SweepBindingKind kind, guint index, GError **error)
{
  g_auto (GStrv) segments = g_strsplit (path, ".", -1);
  g_autoptr (GString) prefix = g_string_new (NULL);
  GPtrArray *level = roots;

  for (guint i = 0; segments[i]; i++)
    {
      gboolean last = segments[i + 1] == NULL;
      SweepBinding *found = NULL;

      g_string_append_printf (prefix, "%s%s", i ? "." : "", segments[i]);
      for (guint k = 0; k < level->len && found == NULL; k++)
        if (g_str_equal (((SweepBinding *) level->pdata[k])->name, segments[i]))
          found = level->pdata[k];
      if (found == NULL)
        {
          found = g_new0 (SweepBinding, 1);
          found->name = g_strdup (segments[i]);
          found->kind = last ? kind : BINDING_RECORD;
          found->index = index;
          if (!last)
            found->children = g_ptr_array_new_with_free_func (sweep_binding_free);
          g_ptr_array_add (level, found);
        }
      else if (last && kind == BINDING_SIGNAL && found->kind == BINDING_SIGNAL)
        return TRUE; /* a signal probed twice */
      else if (last || found->kind != BINDING_RECORD)
        {
          g_set_error (error, HYCO_SWEEP_ERROR, HYCO_SWEEP_ERROR_BAD_SUMMARY, "%s %s and %s %s: %s",
                       binding_what (found->kind), prefix->str, binding_what (kind), path,
                       g_str_equal (prefix->str, path) && found->kind != BINDING_RECORD
                         ? "the same name"
                         : "an expression cannot tell them apart");
          return FALSE;
        }
      level = found->children;
    }
  return TRUE;
}

static SweepBinding *
lookup_binding (HycoSweep *self, const char *name)
{
  for (guint i = 0; self->bindings && i < self->bindings->len; i++)
    if (g_str_equal (((SweepBinding *) self->bindings->pdata[i])->name, name))
      return self->bindings->pdata[i];
  return NULL;
}

/* What an expression evaluated over one run sees. */
typedef struct
{
  HycoSweep *sweep;
  const double *parameters; /* the run's values; NULL before the runs: NaN */
  const double *row;        /* the run's summary values */
  HycoResults *results;     /* NULL: no signal values */
  HycoValue *arrays;        /* per probe, its values and its times, built on first use */
  guint visible;            /* the expressions before this one */
} SummaryScope;

static void
signal_arrays (SummaryScope *scope, guint probe)
{
  HycoSweep *self = scope->sweep;
  HycoValue *values = &scope->arrays[2 * probe], *times = values + 1;
  const char *signal = self->probes->pdata[probe];
  const double *data = NULL;
  const gint64 *stamps = NULL;
  const guint8 *presence = NULL;
  HycoValue *v, *t;
  gsize n = 0, present = 0;
  int resolution = 0;

  if (values->type != HYCO_VALUE_TYPE_NONE)
    return;
  /* Only when an expression may name them: a long run's values are many. */
  if (scope->results && self->expressions_use_arrays
      && hyco_results_get_value_type (scope->results, signal) != HYCO_VALUE_TYPE_STRING)
    {
      data = hyco_results_get_values (scope->results, signal, &n);
      stamps = hyco_results_get_times (scope->results, signal, NULL);
      presence = hyco_results_get_presence (scope->results, signal, NULL);
      resolution = hyco_results_get_resolution (scope->results);
      for (gsize k = 0; k < n; k++)
        present += presence[k] != 0;
    }
  v = _hyco_value_init_array (values, present);
  t = _hyco_value_init_array (times, present);
  for (gsize k = 0, j = 0; k < n; k++)
    if (presence[k])
      {
        hyco_value_set_double (&v[j], data[k]);
        hyco_value_set_double (&t[j], hyco_time_to_seconds (stamps[k], resolution));
        j++;
      }
}

static void
binding_value (SummaryScope *scope, const SweepBinding *binding, HycoValue *out)
{
  HycoSweep *self = scope->sweep;
  gsize first_expression = (gsize) self->probes->len * G_N_ELEMENTS (summary_kinds);
  HycoValue *fields;
  char **names;
  guint n = 0;

  switch (binding->kind)
    {
    case BINDING_PARAMETER:
      hyco_value_set_double (out, scope->parameters ? scope->parameters[binding->index] : NAN);
      return;
    case BINDING_EXPRESSION:
      hyco_value_set_double (out, scope->row[first_expression + binding->index]);
      return;
    case BINDING_SIGNAL:
      signal_arrays (scope, binding->index);
      fields = _hyco_value_init_record (out, G_N_ELEMENTS (summary_kinds) + 2, &names);
      for (guint k = 0; k < G_N_ELEMENTS (summary_kinds); k++)
        {
          names[k] = g_strdup (summary_kinds[k]);
          hyco_value_set_double (&fields[k],
                                 scope->row[binding->index * G_N_ELEMENTS (summary_kinds) + k]);
        }
      names[G_N_ELEMENTS (summary_kinds)] = g_strdup ("values");
      hyco_value_assign (&fields[G_N_ELEMENTS (summary_kinds)], &scope->arrays[2 * binding->index]);
      names[G_N_ELEMENTS (summary_kinds) + 1] = g_strdup ("times");
      hyco_value_assign (&fields[G_N_ELEMENTS (summary_kinds) + 1],
                         &scope->arrays[2 * binding->index + 1]);
      _hyco_value_finish_record (out, NULL);
      return;
    case BINDING_RECORD:
    default:
      /* The summaries from this one on are not computed yet: not there. */
      for (guint i = 0; i < binding->children->len; i++)
        {
          const SweepBinding *child = binding->children->pdata[i];
          n += child->kind != BINDING_EXPRESSION || child->index < scope->visible;
        }
      fields = _hyco_value_init_record (out, n, &names);
      n = 0;
      for (guint i = 0; i < binding->children->len; i++)
        {
          const SweepBinding *child = binding->children->pdata[i];

          if (child->kind == BINDING_EXPRESSION && child->index >= scope->visible)
            continue;
          names[n] = g_strdup (child->name);
          binding_value (scope, child, &fields[n]);
          n++;
        }
      _hyco_value_finish_record (out, NULL);
      return;
    }
}

/* Evaluates expression @index over the scope, its names bound (an unbound one is a constant,
 * e or Infinity, or an unknown name the evaluation reports). */
static gboolean
evaluate_expression (SummaryScope *scope, guint index, double *value, GError **error)
{
  HycoSweepExpr *expr = scope->sweep->expressions->pdata[index];
  g_autoptr (HycoExpression) parsed = hyco_expression_new (expr->text, error);

  *value = NAN;
  if (parsed == NULL)
    return FALSE;
  scope->visible = index;
  for (guint v = 0; v < hyco_expression_get_n_variables (parsed); v++)
    {
      const SweepBinding *binding
        = lookup_binding (scope->sweep, hyco_expression_get_variable_name (parsed, v));
      HycoValue bound = HYCO_VALUE_INIT;

      if (binding == NULL || (binding->kind == BINDING_EXPRESSION && binding->index >= index))
        continue;
      binding_value (scope, binding, &bound);
      hyco_expression_set_variable_value (parsed, v, &bound);
      hyco_value_clear (&bound);
    }
  if (!hyco_expression_evaluate (parsed, value, error))
    {
      *value = NAN;
      return FALSE;
    }
  return TRUE;
}

/* Evaluates the expressions in order over a run (@results %NULL when it recorded none), each
 * value into @row; the first error is returned, and the values that failed are NaN. */
static gboolean
evaluate_expressions (HycoSweep *self, const double *parameters, double *row, HycoResults *results,
                      GError **error)
{
  gsize first = (gsize) self->probes->len * G_N_ELEMENTS (summary_kinds);
  g_autofree HycoValue *arrays = g_new0 (HycoValue, 2 * MAX (self->probes->len, 1));
  SummaryScope scope = { self, parameters, row, results, arrays, 0 };
  gboolean ok = TRUE;

  for (guint i = 0; i < self->expressions->len; i++)
    {
      g_autoptr (GError) local_error = NULL;

      if (!evaluate_expression (&scope, i, &row[first + i], &local_error) && ok)
        {
          g_propagate_prefixed_error (error, g_steal_pointer (&local_error), "summary %s: ",
                                      ((HycoSweepExpr *) self->expressions->pdata[i])->name);
          ok = FALSE;
        }
    }
  for (guint i = 0; i < 2 * self->probes->len; i++)
    hyco_value_clear (&arrays[i]);
  return ok;
}

/* The names the expressions see, and the checks that need no run: every name an expression
 * uses is there, and so is every field it takes from a record (Ball.y.mxa is not). */
static gboolean
plan_expressions (HycoSweep *self, GError **error)
{
  g_autofree double *row = NULL;
  g_autofree HycoValue *arrays = NULL;
  SummaryScope scope;
  gsize first;
  gboolean ok = TRUE;

  if (self->expressions->len == 0)
    return TRUE;
  self->bindings = g_ptr_array_new_with_free_func (sweep_binding_free);
  /* A parameter named as a probed signal is no summary's fault. */
  for (guint i = 0; i < self->parameters->len + self->probes->len; i++)
    {
      gboolean parameter = i < self->parameters->len;
      guint index = parameter ? i : i - self->parameters->len;
      const char *name = parameter ? ((HycoSweepParam *) self->parameters->pdata[index])->name
                                   : (const char *) self->probes->pdata[index];
      g_autoptr (GError) local_error = NULL;

      if (!bind_name (self->bindings, name, parameter ? BINDING_PARAMETER : BINDING_SIGNAL, index,
                      &local_error))
        {
          g_set_error (error, HYCO_SWEEP_ERROR, HYCO_SWEEP_ERROR_BAD_SPEC,
                       "%s, which a summary expression cannot tell apart", local_error->message);
          return FALSE;
        }
    }
  self->expressions_use_arrays = FALSE;
  for (guint i = 0; i < self->expressions->len; i++)
    {
      HycoSweepExpr *expr = self->expressions->pdata[i];

      if (!bind_name (self->bindings, expr->name, BINDING_EXPRESSION, i, error))
        {
          g_prefix_error (error, "%s: ", expr->name);
          return FALSE;
        }
      /* Every expression that names a signal's values or times has the word in its text. */
      self->expressions_use_arrays |= strstr (expr->text, "values") || strstr (expr->text, "times");
    }

  first = (gsize) self->probes->len * G_N_ELEMENTS (summary_kinds);
  row = g_new (double, n_summary_values (self));
  for (gsize i = 0; i < n_summary_values (self); i++)
    row[i] = NAN;
  arrays = g_new0 (HycoValue, 2 * MAX (self->probes->len, 1));
  scope = (SummaryScope){ self, NULL, row, NULL, arrays, 0 };
  for (guint i = 0; ok && i < self->expressions->len; i++)
    {
      HycoSweepExpr *expr = self->expressions->pdata[i];
      g_autoptr (HycoExpression) parsed = hyco_expression_new (expr->text, NULL);
      g_autoptr (GError) local_error = NULL;

      for (guint v = 0; ok && v < hyco_expression_get_n_variables (parsed); v++)
        {
          const char *name = hyco_expression_get_variable_name (parsed, v);
          const SweepBinding *binding = lookup_binding (self, name);
          HycoValue constant = HYCO_VALUE_INIT;

          if (binding != NULL && (binding->kind != BINDING_EXPRESSION || binding->index < i))
            continue;
          /* e and Infinity are constants unless a name of the sweep's hides them. */
          if (binding == NULL && _hyco_expr_lookup_constant (name, &constant))
            continue;
          {
            g_autoptr (GString) known = g_string_new (NULL);

            for (guint k = 0; k < self->bindings->len; k++)
              {
                const SweepBinding *root = self->bindings->pdata[k];

                if (root->kind == BINDING_EXPRESSION && root->index >= i)
                  continue;
                g_string_append_printf (known, "%s%s", known->len ? ", " : "", root->name);
              }
            g_set_error (error, HYCO_SWEEP_ERROR, HYCO_SWEEP_ERROR_BAD_SUMMARY,
                         "%s: in \"%s\" at position %d: unknown name \"%s\" (an expression "
                         "sees the varied and sampled parameters, the probed signals and the "
                         "summaries before it: %s)",
                         expr->name, expr->text, hyco_expression_get_variable_position (parsed, v),
                         name, known->len ? known->str : "none here");
            ok = FALSE;
          }
        }
      /* Evaluated over no run: the values are NaN and the arrays empty, so only a field or
       * method that no record of the sweep has is the expression's own error; the others
       * (an array too short, a value of the wrong type) are the runs'. */
      if (ok && !evaluate_expression (&scope, i, &row[first + i], &local_error)
          && (strstr (local_error->message, "has no field \"")
              || strstr (local_error->message, "has no method \"")))
        {
          g_set_error (error, HYCO_SWEEP_ERROR, HYCO_SWEEP_ERROR_BAD_SUMMARY, "%s: %s", expr->name,
                       local_error->message);
          ok = FALSE;
        }
    }
  for (guint i = 0; i < 2 * self->probes->len; i++)
    hyco_value_clear (&arrays[i]);
  return ok;
}

/* Planning --------------------------------------------------------------------------------- */

/* The quantile function of the standard normal distribution: P. J. Acklam's rational
 * approximations (relative error below 1.15e-9), refined by one step of Halley's method with
 * erfc, which brings it to the precision of a double. */
static double
normal_quantile (double p)
{
  static const double a[]
    = { -3.969683028665376e+01, 2.209460984245205e+02,  -2.759285104469687e+02,
        1.383577518672690e+02,  -3.066479806614716e+01, 2.506628277459239e+00 };
  static const double b[] = { -5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02,
                              6.680131188771972e+01, -1.328068155288572e+01 };
  static const double c[]
    = { -7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00,
        -2.549732539343734e+00, 4.374664141464968e+00,  2.938163982698783e+00 };
  static const double d[] = { 7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00,
                              3.754408661907416e+00 };
  const double low = 0.02425;
  double q, r, x, e, u;

  if (p < low)
    {
      q = sqrt (-2 * log (p));
      x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5])
          / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    }
  else if (p <= 1 - low)
    {
      q = p - 0.5;
      r = q * q;
      x = (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q
          / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
    }
  else
    {
      q = sqrt (-2 * log (1 - p));
      x = -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5])
          / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1);
    }
  e = 0.5 * erfc (-x / G_SQRT2) - p;
  u = e * sqrt (2 * G_PI) * exp (x * x / 2);
  return x - u / (1 + x * u / 2);
}

/* A uniform number in (0, 1) with 53 random bits: never 0 or 1, where a quantile is infinite. */
static double
open_uniform (GRand *rand)
{
  guint32 high = g_rand_int (rand) >> 5, low = g_rand_int (rand) >> 6;

  return ((double) high * 67108864.0 + (double) low + 0.5) / 9007199254740992.0;
}

/* The value at probability @u of a parameter's distribution or range. */
static double
quantile (const HycoSweepParam *param, double u)
{
  if (param->kind == HYCO_SWEEP_PARAM_NORMAL)
    return param->low + param->high * normal_quantile (u);
  return param->low + u * (param->high - param->low);
}

/* The generator of run @run's values: seeded with the seed and the index alone. */
static GRand *
run_rand (HycoSweep *self, guint run)
{
  guint32 seed[2] = { self->seed, run };

  return g_rand_new_with_seed_array (seed, 2);
}

static gboolean
check_design (HycoSweep *self, GError **error)
{
  gboolean sampled = FALSE;

  for (guint p = 0; p < self->parameters->len; p++)
    {
      HycoSweepParam *param = self->parameters->pdata[p];

      sampled |= param->kind == HYCO_SWEEP_PARAM_NORMAL || param->kind == HYCO_SWEEP_PARAM_UNIFORM;
      if (self->design == HYCO_SWEEP_DESIGN_LHS && param->kind == HYCO_SWEEP_PARAM_LIST)
        {
          g_set_error (error, HYCO_SWEEP_ERROR, HYCO_SWEEP_ERROR_BAD_DESIGN,
                       "%s: a Latin hypercube samples ranges and distributions, not lists; "
                       "write a range %s=LOW:HIGH, or use the factorial design",
                       param->spec, param->name);
          return FALSE;
        }
      if (self->design == HYCO_SWEEP_DESIGN_LHS && param->kind == HYCO_SWEEP_PARAM_RANGE
          && param->has_step)
        {
          g_set_error (error, HYCO_SWEEP_ERROR, HYCO_SWEEP_ERROR_BAD_DESIGN,
                       "%s: a Latin hypercube samples a range anywhere between its ends; write "
                       "it without a step, %s=%.15g:%.15g",
                       param->spec, param->name, param->low, param->high);
          return FALSE;
        }
      if (self->design == HYCO_SWEEP_DESIGN_FACTORIAL && param->kind == HYCO_SWEEP_PARAM_RANGE
          && !param->has_step)
        {
          g_set_error (error, HYCO_SWEEP_ERROR, HYCO_SWEEP_ERROR_BAD_DESIGN,
                       "%s: a full factorial design needs the range's step, as in "
                       "%s=%.15g:%.15g:STEP (or use the Latin hypercube design)",
                       param->spec, param->name, param->low, param->high);
          return FALSE;
        }
    }
  if (self->design == HYCO_SWEEP_DESIGN_LHS && self->samples == 0)
    {
      g_set_error (error, HYCO_SWEEP_ERROR, HYCO_SWEEP_ERROR_BAD_DESIGN,
                   "a Latin hypercube needs its number of samples (the runs)");
      return FALSE;
    }
  if (self->design == HYCO_SWEEP_DESIGN_FACTORIAL && sampled && self->samples == 0)
    {
      g_set_error (error, HYCO_SWEEP_ERROR, HYCO_SWEEP_ERROR_BAD_DESIGN,
                   "sampled parameters need a number of samples");
      return FALSE;
    }
  if (self->design == HYCO_SWEEP_DESIGN_FACTORIAL && !sampled && self->samples > 0)
    {
      g_set_error (error, HYCO_SWEEP_ERROR, HYCO_SWEEP_ERROR_BAD_DESIGN,
                   "a number of samples without a sampled parameter would run every "
                   "combination alike several times: sample a parameter, or use the Latin "
                   "hypercube design");
      return FALSE;
    }
  return TRUE;
}

static void
set_run_value (HycoSweep *self, guint run, guint p, double value, const char *text)
{
  guint slot = run * self->parameters->len + p;
  char buffer[G_ASCII_DTOSTR_BUF_SIZE];

  if (text == NULL)
    {
      /* 17 digits: the text parses back to exactly the value drawn. */
      text = g_ascii_formatd (buffer, sizeof buffer, "%.17g", value);
      value = g_ascii_strtod (text, NULL);
    }
  self->values[slot] = value;
  self->texts[slot] = g_strdup (text);
}

/**
 * hyco_sweep_plan:
 * @self: a sweep
 * @error: return location for an error
 *
 * Fixes the run list from the parameters, the design, the number of samples and the seed;
 * hyco_sweep_run() plans a sweep not yet planned. Changing any of them (or the probes)
 * afterwards discards the plan and the results. A full factorial design runs every
 * combination of the varied values, the first varied parameter changing slowest, and with
 * sampled parameters each combination as many times as there are samples, each with values of
 * its own. A Latin hypercube runs the number of samples: each parameter's range or
 * distribution is cut into that many strata of equal probability, shuffled per parameter, and
 * run i takes a value in its stratum of each. Run i's random numbers come from a #GRand seeded
 * with the seed and i.
 *
 * Returns: %TRUE if the parameters fit the design, else %FALSE with an error
 */
gboolean
hyco_sweep_plan (HycoSweep *self, GError **error)
{
  guint n_params, combinations = 1, repeats = 1;
  gsize n_summaries;

  g_return_val_if_fail (HYCO_IS_SWEEP (self), FALSE);
  clear_plan (self);
  if (!check_design (self, error) || !plan_expressions (self, error))
    return FALSE;
  n_params = self->parameters->len;
  if (self->design == HYCO_SWEEP_DESIGN_FACTORIAL)
    {
      for (guint p = 0; p < n_params; p++)
        {
          HycoSweepParam *param = self->parameters->pdata[p];
          if (param->values == NULL)
            continue;
          if ((guint64) combinations * param->n_values > MAX_VALUES)
            {
              g_set_error (error, HYCO_SWEEP_ERROR, HYCO_SWEEP_ERROR_BAD_DESIGN,
                           "the full factorial design has more than %u runs", MAX_VALUES);
              return FALSE;
            }
          combinations *= param->n_values;
        }
      repeats = self->samples ? self->samples : 1;
      if ((guint64) combinations * repeats > MAX_VALUES)
        {
          g_set_error (error, HYCO_SWEEP_ERROR, HYCO_SWEEP_ERROR_BAD_DESIGN,
                       "the sweep has more than %u runs", MAX_VALUES);
          return FALSE;
        }
      self->n_runs = combinations * repeats;
    }
  else
    self->n_runs = self->samples;

  self->values = g_new (double, (gsize) self->n_runs *MAX (n_params, 1));
  self->texts = g_new0 (char *, (gsize) self->n_runs *MAX (n_params, 1));
  self->statuses = g_new (int, self->n_runs);
  self->errors = g_new0 (char *, self->n_runs);
  n_summaries = n_summary_values (self);
  self->summaries = g_new (double, (gsize) self->n_runs *MAX (n_summaries, 1));
  for (gsize i = 0; i < (gsize) self->n_runs * n_summaries; i++)
    self->summaries[i] = NAN;
  for (guint r = 0; r < self->n_runs; r++)
    self->statuses[r] = HYCO_SWEEP_STATUS_NOT_RUN;

  if (self->design == HYCO_SWEEP_DESIGN_LHS)
    for (guint p = 0; p < n_params; p++)
      {
        /* Each parameter's strata in an order of their own, from the seed and the
         * parameter's position (three numbers: never a run's seed). */
        HycoSweepParam *param = self->parameters->pdata[p];
        guint32 seed[3] = { self->seed, G_MAXUINT32, p };
        g_autoptr (GRand) rand = g_rand_new_with_seed_array (seed, 3);

        g_free (param->permutation);
        param->permutation = g_new (guint, self->n_runs);
        for (guint i = 0; i < self->n_runs; i++)
          param->permutation[i] = i;
        for (guint i = self->n_runs; i > 1; i--)
          {
            guint k = (guint) g_rand_int_range (rand, 0, (gint32) i);
            guint swap = param->permutation[i - 1];
            param->permutation[i - 1] = param->permutation[k];
            param->permutation[k] = swap;
          }
      }

  for (guint r = 0; r < self->n_runs; r++)
    {
      g_autoptr (GRand) rand = run_rand (self, r);
      guint combination = r / repeats;
      guint below = combinations; /* the combinations of the parameters after this one */

      for (guint p = 0; p < n_params; p++)
        {
          HycoSweepParam *param = self->parameters->pdata[p];

          if (self->design == HYCO_SWEEP_DESIGN_LHS)
            {
              double u = (param->permutation[r] + open_uniform (rand)) / self->n_runs;
              set_run_value (self, r, p, quantile (param, u), NULL);
            }
          else if (param->values != NULL)
            {
              guint index;
              below /= param->n_values;
              index = (combination / below) % param->n_values;
              set_run_value (self, r, p, param->values[index], param->texts[index]);
            }
          else
            set_run_value (self, r, p, quantile (param, open_uniform (rand)), NULL);
        }
    }
  self->planned = TRUE;
  return TRUE;
}

/**
 * hyco_sweep_get_run_count:
 * @self: a planned sweep
 *
 * Gets the number of runs.
 *
 * Returns: the number of runs, 0 before hyco_sweep_plan()
 */
guint
hyco_sweep_get_run_count (HycoSweep *self)
{
  g_return_val_if_fail (HYCO_IS_SWEEP (self), 0);
  return self->n_runs;
}

/**
 * hyco_sweep_list_parameters:
 * @self: a sweep
 *
 * Lists the varied and sampled parameters, in the order they were added: the order of
 * hyco_sweep_get_parameter_value()'s index.
 *
 * Returns: (transfer full) (array zero-terminated=1): the parameters' names
 */
char **
hyco_sweep_list_parameters (HycoSweep *self)
{
  GStrvBuilder *builder = g_strv_builder_new ();
  char **names;

  g_return_val_if_fail (HYCO_IS_SWEEP (self), NULL);
  for (guint p = 0; p < self->parameters->len; p++)
    g_strv_builder_add (builder, ((HycoSweepParam *) self->parameters->pdata[p])->name);
  names = g_strv_builder_end (builder);
  g_strv_builder_unref (builder);
  return names;
}

/**
 * hyco_sweep_get_parameter_value:
 * @self: a planned sweep
 * @run: a run's index
 * @parameter: a parameter's index in hyco_sweep_list_parameters()
 *
 * Gets the value a run gives a parameter.
 *
 * Returns: the value
 */
double
hyco_sweep_get_parameter_value (HycoSweep *self, guint run, guint parameter)
{
  g_return_val_if_fail (HYCO_IS_SWEEP (self), NAN);
  g_return_val_if_fail (run < self->n_runs && parameter < self->parameters->len, NAN);
  return self->values[run * self->parameters->len + parameter];
}

/**
 * hyco_sweep_get_parameter_text:
 * @self: a planned sweep
 * @run: a run's index
 * @parameter: a parameter's index in hyco_sweep_list_parameters()
 *
 * Gets the text a run sets a parameter to: a list's value as written, a range's with 15
 * significant digits (`0.6`, not `0.59999999999999998`), a sampled one with 17, which give
 * the value drawn exactly.
 *
 * Returns: the text
 */
const char *
hyco_sweep_get_parameter_text (HycoSweep *self, guint run, guint parameter)
{
  g_return_val_if_fail (HYCO_IS_SWEEP (self), NULL);
  g_return_val_if_fail (run < self->n_runs && parameter < self->parameters->len, NULL);
  return self->texts[run * self->parameters->len + parameter];
}

/**
 * hyco_sweep_list_summaries:
 * @self: a sweep
 *
 * Lists the summary values of each run: for each probed signal, `SIGNAL.final` (its last
 * present value), `SIGNAL.min` and `SIGNAL.max` (over its present values), `SIGNAL.events`
 * (how many times it was present) and `SIGNAL.first` (the model time of its first event, in
 * seconds); then the summaries computed by expressions (hyco_sweep_add_summary()), by their
 * names. A value the run has not (a signal never present, a failed run) is NaN.
 *
 * Returns: (transfer full) (array zero-terminated=1): the names, in the order of
 *   hyco_sweep_get_summary()'s index
 */
char **
hyco_sweep_list_summaries (HycoSweep *self)
{
  GStrvBuilder *builder = g_strv_builder_new ();
  char **names;

  g_return_val_if_fail (HYCO_IS_SWEEP (self), NULL);
  for (guint i = 0; i < self->probes->len; i++)
    for (guint k = 0; k < G_N_ELEMENTS (summary_kinds); k++)
      {
        g_autofree char *name
          = g_strdup_printf ("%s.%s", (char *) self->probes->pdata[i], summary_kinds[k]);
        g_strv_builder_add (builder, name);
      }
  for (guint i = 0; i < self->expressions->len; i++)
    g_strv_builder_add (builder, ((HycoSweepExpr *) self->expressions->pdata[i])->name);
  names = g_strv_builder_end (builder);
  g_strv_builder_unref (builder);
  return names;
}

/**
 * hyco_sweep_get_summary_expression:
 * @self: a sweep
 * @summary: a summary value's index in hyco_sweep_list_summaries()
 *
 * Gets the expression a summary value is computed by, as given to hyco_sweep_add_summary().
 *
 * Returns: (nullable): the expression's text, %NULL for a probed signal's summary value
 */
const char *
hyco_sweep_get_summary_expression (HycoSweep *self, guint summary)
{
  gsize first;

  g_return_val_if_fail (HYCO_IS_SWEEP (self), NULL);
  first = (gsize) self->probes->len * G_N_ELEMENTS (summary_kinds);
  g_return_val_if_fail (summary < n_summary_values (self), NULL);
  if (summary < first)
    return NULL;
  return ((HycoSweepExpr *) self->expressions->pdata[summary - first])->text;
}

/* Running ---------------------------------------------------------------------------------- */

static void
summarise (HycoSweep *self, guint run, HycoResults *results)
{
  double *out = self->summaries + (gsize) run * n_summary_values (self);
  int resolution = hyco_results_get_resolution (results);

  for (guint i = 0; i < self->probes->len; i++, out += G_N_ELEMENTS (summary_kinds))
    {
      const char *signal = self->probes->pdata[i];
      gsize n = 0;
      const double *values = hyco_results_get_values (results, signal, &n);
      const gint64 *times = hyco_results_get_times (results, signal, NULL);
      const guint8 *presence = hyco_results_get_presence (results, signal, NULL);
      gboolean numeric = hyco_results_get_value_type (results, signal) != HYCO_VALUE_TYPE_STRING;
      double events = 0;

      for (gsize k = 0; k < n; k++)
        {
          if (!presence[k])
            continue;
          if (events == 0)
            out[4] = hyco_time_to_seconds (times[k], resolution);
          events++;
          if (!numeric)
            continue;
          out[0] = values[k];
          if (isnan (out[1]) || values[k] < out[1])
            out[1] = values[k];
          if (isnan (out[2]) || values[k] > out[2])
            out[2] = values[k];
        }
      out[3] = events;
    }
}

static void
finish_run (HycoSweep *self, guint run, HycoSweepStatus status, const GError *error)
{
  g_autofree char *prefix = g_strconcat (self->model_file, ":", NULL);

  /* As hyco run prints them: the model file's errors start with its name and line; others
   * get the name. */
  if (error && !g_str_has_prefix (error->message, prefix))
    self->errors[run] = g_strdup_printf ("%s %s", prefix, error->message);
  else
    self->errors[run] = error ? g_strdup (error->message) : NULL;
  self->statuses[run] = status;
  if (status != HYCO_SWEEP_STATUS_NOT_RUN)
    {
      if (status != HYCO_SWEEP_STATUS_OK)
        g_atomic_int_inc (&self->failed);
      g_atomic_int_inc (&self->finished);
    }
}

/**
 * hyco_sweep_run_one:
 * @self: a planned sweep
 * @run: a run's index
 * @cancellable: (nullable): cancels the run
 *
 * Runs one run of the sweep: reads the model file afresh, sets the stop time, the assignments
 * and the run's values, prepares and runs it, and records how it ended and its summary values.
 * Runs of one sweep may go on several threads at once, each run once.
 *
 * Returns: %TRUE if the run completed; whether or not, see hyco_sweep_get_status()
 */
gboolean
hyco_sweep_run_one (HycoSweep *self, guint run, GCancellable *cancellable)
{
  g_autoptr (HycoModel) model = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) probes = NULL;

  g_return_val_if_fail (HYCO_IS_SWEEP (self) && self->planned, FALSE);
  g_return_val_if_fail (run < self->n_runs, FALSE);
  if (g_cancellable_set_error_if_cancelled (cancellable, &error))
    {
      finish_run (self, run, HYCO_SWEEP_STATUS_NOT_RUN, error);
      return FALSE;
    }
  model = hyco_model_new_from_file (self->model_file, &error);
  if (model == NULL)
    {
      finish_run (self, run, HYCO_SWEEP_STATUS_INVALID, error);
      return FALSE;
    }
  if (self->stop_time && !hyco_model_set_stop_time (model, self->stop_time, &error))
    {
      g_prefix_error (&error, "stop time %s: ", self->stop_time);
      finish_run (self, run, HYCO_SWEEP_STATUS_INVALID, error);
      return FALSE;
    }
  for (guint i = 0; i + 1 < self->assignments->len; i += 2)
    if (!hyco_model_set_parameter (model, self->assignments->pdata[i],
                                   self->assignments->pdata[i + 1], &error))
      {
        finish_run (self, run, HYCO_SWEEP_STATUS_INVALID, error);
        return FALSE;
      }
  for (guint p = 0; p < self->parameters->len; p++)
    {
      HycoSweepParam *param = self->parameters->pdata[p];
      const char *text = self->texts[run * self->parameters->len + p];

      if (!hyco_model_set_parameter (model, param->name, text, &error))
        {
          g_prefix_error (&error, "%s=%s: ", param->name, text);
          finish_run (self, run, HYCO_SWEEP_STATUS_INVALID, error);
          return FALSE;
        }
    }
  /* Borrowed names: not the sweep's array, whose copy would free them. */
  probes = g_ptr_array_sized_new (self->probes->len + 1);
  for (guint i = 0; i < self->probes->len; i++)
    g_ptr_array_add (probes, self->probes->pdata[i]);
  g_ptr_array_add (probes, NULL);
  hyco_model_set_record_results (model, self->probes->len > 0);
  if (self->probes->len > 0)
    hyco_model_set_probes (model, (const char *const *) probes->pdata);
  if (!hyco_model_prepare (model, &error))
    {
      finish_run (self, run, HYCO_SWEEP_STATUS_INVALID, error);
      return FALSE;
    }
  if (!hyco_model_run (model, cancellable, &error))
    {
      gboolean cancelled = g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
      /* A failed run's summary values are what it recorded up to the failure; an expression
       * that fails over them is NaN, the run's error the one that stopped it. */
      if (!cancelled && hyco_model_get_results (model))
        summarise (self, run, hyco_model_get_results (model));
      if (!cancelled && self->expressions->len > 0)
        evaluate_expressions (self, self->values + (gsize) run * self->parameters->len,
                              self->summaries + (gsize) run * n_summary_values (self),
                              hyco_model_get_results (model), NULL);
      finish_run (self, run, cancelled ? HYCO_SWEEP_STATUS_NOT_RUN : HYCO_SWEEP_STATUS_FAILED,
                  error);
      return FALSE;
    }
  if (hyco_model_get_results (model))
    summarise (self, run, hyco_model_get_results (model));
  /* A run whose summary expression fails (a value that is not a number) fails with its error. */
  if (self->expressions->len > 0
      && !evaluate_expressions (self, self->values + (gsize) run * self->parameters->len,
                                self->summaries + (gsize) run * n_summary_values (self),
                                hyco_model_get_results (model), &error))
    {
      finish_run (self, run, HYCO_SWEEP_STATUS_FAILED, error);
      return FALSE;
    }
  finish_run (self, run, HYCO_SWEEP_STATUS_OK, NULL);
  return TRUE;
}

typedef struct
{
  HycoSweep *sweep;
  GCancellable *cancellable;
  gint next; /* the next run a job takes */
} Jobs;

/* A job: takes the next run until none is left, so that runs of unequal length balance. */
static gpointer
job_thread (gpointer user_data)
{
  Jobs *jobs = user_data;
  gint run;

  while ((run = g_atomic_int_add (&jobs->next, 1)) < (gint) jobs->sweep->n_runs)
    hyco_sweep_run_one (jobs->sweep, (guint) run, jobs->cancellable);
  return NULL;
}

/* A run another MPI rank ran, as it recorded it there. */
static void
store_result (HycoSweep *self, guint run, int status, const char *error, const double *summaries)
{
  gsize n_summaries = n_summary_values (self);

  g_return_if_fail (run < self->n_runs);
  memcpy (self->summaries + run * n_summaries, summaries, n_summaries * sizeof (double));
  g_free (self->errors[run]);
  self->errors[run] = error && *error ? g_strdup (error) : NULL;
  self->statuses[run] = status;
  if (status != HYCO_SWEEP_STATUS_NOT_RUN)
    {
      if (status != HYCO_SWEEP_STATUS_OK)
        g_atomic_int_inc (&self->failed);
      g_atomic_int_inc (&self->finished);
    }
}

/* Under mpirun: the MPI part, a module built against Open MPI, so that hyco itself neither
 * links MPI nor pays for loading it. The build's module first, then the installed one. */
static gboolean
run_mpi (HycoSweep *self, GCancellable *cancellable, GError **error)
{
  static const HycoSweepMpiHooks hooks = { store_result };
  const char *paths[] = { HYCO_SWEEP_MPI_BUILT, HYCO_SWEEP_MPI_INSTALLED };
  GModule *module = NULL;
  gpointer run = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (paths) && module == NULL; i++)
    if (g_file_test (paths[i], G_FILE_TEST_EXISTS))
      module = g_module_open (paths[i], G_MODULE_BIND_LOCAL);
  if (module == NULL || !g_module_symbol (module, "hyco_sweep_mpi_run", &run))
    {
      g_set_error (error, HYCO_SWEEP_ERROR, HYCO_SWEEP_ERROR_MPI,
                   "launched by mpirun, but this Hyco has no MPI part (%s: %s); build it with "
                   "Open MPI (Debian: libopenmpi-dev)",
                   HYCO_SWEEP_MPI_INSTALLED, module ? "no entry point" : g_module_error ());
      return FALSE;
    }
  /* Kept loaded: MPI cannot be initialized twice in a process. */
  g_module_make_resident (module);
  return ((HycoSweepMpiRun) run) (self, cancellable, &hooks, &self->mpi_rank, error);
}

/**
 * hyco_sweep_get_mpi_rank:
 * @self: a sweep
 *
 * Gets this process's MPI rank in a sweep that ran under `mpirun`: the results are gathered
 * on rank 0, and only there are they complete; the other ranks ran runs for it.
 *
 * Returns: the rank, 0 when the sweep did not run under `mpirun`
 */
int
hyco_sweep_get_mpi_rank (HycoSweep *self)
{
  g_return_val_if_fail (HYCO_IS_SWEEP (self), 0);
  return self->mpi_rank;
}

/**
 * hyco_sweep_run:
 * @self: a sweep
 * @cancellable: (nullable): stops the sweep: the runs going on are cancelled, those not begun
 *   are not run
 * @error: return location for an error
 *
 * Plans the sweep if it is not planned yet (hyco_sweep_plan()), then runs every run, as many
 * at once as there are jobs (hyco_sweep_set_jobs()), each job a thread that takes the next run
 * when done with its last. A run that fails is recorded with its error
 * (hyco_sweep_get_status(), hyco_sweep_get_error_message()) and the others go on. The results are
 * the same whatever the number of jobs.
 *
 * In a process started by Open MPI's `mpirun`, the runs are spread over the MPI ranks instead:
 * each rank runs one run at a time, and asks rank 0 for the next when it is done; the results
 * are gathered on rank 0 (see hyco_sweep_get_mpi_rank()), the same as with one job.
 *
 * Returns: %TRUE if every run was run, whether it completed or failed; %FALSE if the sweep
 *   could not be planned or was cancelled
 */
gboolean
hyco_sweep_run (HycoSweep *self, GCancellable *cancellable, GError **error)
{
  Jobs jobs = { self, cancellable, 0 };
  g_autoptr (GPtrArray) threads = g_ptr_array_new ();
  gsize n_summaries;

  g_return_val_if_fail (HYCO_IS_SWEEP (self), FALSE);
  if (!self->planned && !hyco_sweep_plan (self, error))
    return FALSE;
  g_atomic_int_set (&self->finished, 0);
  g_atomic_int_set (&self->failed, 0);
  n_summaries = n_summary_values (self);
  for (guint r = 0; r < self->n_runs; r++)
    {
      g_clear_pointer (&self->errors[r], g_free);
      self->statuses[r] = HYCO_SWEEP_STATUS_NOT_RUN;
    }
  for (gsize i = 0; i < (gsize) self->n_runs * n_summaries; i++)
    self->summaries[i] = NAN;
  /* Open MPI's launcher sets this in each process it starts. */
  if (g_getenv ("OMPI_COMM_WORLD_SIZE") != NULL)
    {
      if (!run_mpi (self, cancellable, error))
        return FALSE;
    }
  else
    {
      /* A pool of joined threads, one per job, each taking the next run (in index order) when
       * done with its last. Every model, even with one job, is read and run on a thread of the
       * sweep's, ended before this returns: whatever a thread keeps of its own
       * (GLib's per-thread caches) is freed by then. */
      for (guint i = 0; i < MAX (MIN (self->jobs, self->n_runs), 1); i++)
        g_ptr_array_add (threads, g_thread_new ("hyco-sweep-job", job_thread, &jobs));
      for (guint i = 0; i < threads->len; i++)
        g_thread_join (threads->pdata[i]);
    }
  return !g_cancellable_set_error_if_cancelled (cancellable, error);
}

/**
 * hyco_sweep_get_progress:
 * @self: a sweep
 * @finished: (out) (optional): how many runs have ended
 * @failed: (out) (optional): how many of them failed
 *
 * Gets how far a sweep is, from any thread, also while hyco_sweep_run() goes on in another.
 */
void
hyco_sweep_get_progress (HycoSweep *self, guint *finished, guint *failed)
{
  g_return_if_fail (HYCO_IS_SWEEP (self));
  if (finished)
    *finished = (guint) g_atomic_int_get (&self->finished);
  if (failed)
    *failed = (guint) g_atomic_int_get (&self->failed);
}

/**
 * hyco_sweep_get_status:
 * @self: a planned sweep
 * @run: a run's index
 *
 * Gets how a run ended.
 *
 * Returns: the run's status
 */
HycoSweepStatus
hyco_sweep_get_status (HycoSweep *self, guint run)
{
  g_return_val_if_fail (HYCO_IS_SWEEP (self), HYCO_SWEEP_STATUS_NOT_RUN);
  g_return_val_if_fail (run < self->n_runs, HYCO_SWEEP_STATUS_NOT_RUN);
  return self->statuses[run];
}

/**
 * hyco_sweep_get_error_message:
 * @self: a planned sweep
 * @run: a run's index
 *
 * Gets the error that ended a run that failed or could not start, as `hyco run` would print it.
 *
 * Returns: (nullable): the message, %NULL if the run completed or has not run
 */
const char *
hyco_sweep_get_error_message (HycoSweep *self, guint run)
{
  g_return_val_if_fail (HYCO_IS_SWEEP (self), NULL);
  g_return_val_if_fail (run < self->n_runs, NULL);
  return self->errors[run];
}

/**
 * hyco_sweep_get_summary:
 * @self: a planned sweep
 * @run: a run's index
 * @summary: a summary value's index in hyco_sweep_list_summaries()
 *
 * Gets a summary value of a run.
 *
 * Returns: the value, NaN if the run has none
 */
double
hyco_sweep_get_summary (HycoSweep *self, guint run, guint summary)
{
  guint n_summaries;

  g_return_val_if_fail (HYCO_IS_SWEEP (self), NAN);
  n_summaries = (guint) n_summary_values (self);
  g_return_val_if_fail (run < self->n_runs && summary < n_summaries, NAN);
  return self->summaries[(gsize) run * n_summaries + summary];
}

/**
 * hyco_sweep_lookup_column:
 * @self: a sweep
 * @name: a varied or sampled parameter's name, or a summary value's (`Ball.y.max`)
 * @is_parameter: (out) (optional): whether @name is a parameter's
 * @index: (out) (optional): its index among the parameters or the summary values
 *
 * Finds a parameter or a summary value by its name.
 *
 * Returns: %TRUE if the sweep has it
 */
gboolean
hyco_sweep_lookup_column (HycoSweep *self, const char *name, gboolean *is_parameter, guint *index)
{
  g_auto (GStrv) parameters = NULL;
  g_auto (GStrv) summaries = NULL;

  g_return_val_if_fail (HYCO_IS_SWEEP (self), FALSE);
  g_return_val_if_fail (name != NULL, FALSE);
  parameters = hyco_sweep_list_parameters (self);
  summaries = hyco_sweep_list_summaries (self);
  for (guint pass = 0; pass < 2; pass++)
    {
      char **names = pass == 0 ? parameters : summaries;
      for (guint i = 0; names[i]; i++)
        if (g_str_equal (names[i], name))
          {
            if (is_parameter)
              *is_parameter = pass == 0;
            if (index)
              *index = i;
            return TRUE;
          }
    }
  return FALSE;
}

/* Asynchronous runs ------------------------------------------------------------------------ */

/* As hyco_model_run_async(): the sweep goes on a GTask worker thread (the inner task); the
 * "progress" emissions and then the caller's callback (through the outer task) happen in the
 * caller's main context. */

#define PROGRESS_INTERVAL_MS 100

typedef struct
{
  GSource *timeout;
  guint reported;
} RunAsync;

static void
run_async_free (gpointer data)
{
  RunAsync *run = data;

  if (run->timeout)
    {
      g_source_destroy (run->timeout);
      g_source_unref (run->timeout);
    }
  g_free (run);
}

static void
emit_progress (HycoSweep *self, RunAsync *run, gboolean always)
{
  guint finished, failed;

  hyco_sweep_get_progress (self, &finished, &failed);
  if (finished == run->reported && !always)
    return;
  run->reported = finished;
  g_signal_emit (self, signals[SIGNAL_PROGRESS], 0, finished, failed);
}

static gboolean
on_progress_timeout (gpointer user_data)
{
  GTask *outer = user_data;

  emit_progress (g_task_get_source_object (outer), g_task_get_task_data (outer), FALSE);
  return G_SOURCE_CONTINUE;
}

static void
run_in_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancellable)
{
  GError *error = NULL;

  if (hyco_sweep_run (source, cancellable, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void
on_inner_done (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (GTask) outer = user_data;
  RunAsync *run = g_task_get_task_data (outer);
  GError *error = NULL;

  g_source_destroy (run->timeout);
  emit_progress (HYCO_SWEEP (source), run, TRUE);
  if (g_task_propagate_boolean (G_TASK (result), &error))
    g_task_return_boolean (outer, TRUE);
  else
    g_task_return_error (outer, error);
}

/**
 * hyco_sweep_run_async:
 * @self: a sweep
 * @cancellable: (nullable): stops the sweep
 * @callback: (scope async): called when the sweep is over
 * @user_data: passed to @callback
 *
 * Runs the sweep as hyco_sweep_run() does, on a worker thread, without blocking the calling
 * thread's main context, which gets the #HycoSweep::progress emissions and then @callback;
 * call hyco_sweep_run_finish() from it.
 */
void
hyco_sweep_run_async (HycoSweep *self, GCancellable *cancellable, GAsyncReadyCallback callback,
                      gpointer user_data)
{
  GTask *outer, *inner;
  RunAsync *run;

  g_return_if_fail (HYCO_IS_SWEEP (self));
  outer = g_task_new (self, cancellable, callback, user_data);
  g_task_set_source_tag (outer, hyco_sweep_run_async);
  run = g_new0 (RunAsync, 1);
  g_task_set_task_data (outer, run, run_async_free);
  run->timeout = g_timeout_source_new (PROGRESS_INTERVAL_MS);
  g_source_set_callback (run->timeout, on_progress_timeout, outer, NULL);
  g_source_attach (run->timeout, g_main_context_get_thread_default ());
  inner = g_task_new (self, cancellable, on_inner_done, outer);
  g_task_run_in_thread (inner, run_in_thread);
  g_object_unref (inner);
}

/**
 * hyco_sweep_run_finish:
 * @self: a sweep
 * @result: what the callback of hyco_sweep_run_async() was given
 * @error: return location for an error
 *
 * Ends an asynchronous sweep.
 *
 * Returns: what hyco_sweep_run() would have returned
 */
gboolean
hyco_sweep_run_finish (HycoSweep *self, GAsyncResult *result, GError **error)
{
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);
  return g_task_propagate_boolean (G_TASK (result), error);
}
