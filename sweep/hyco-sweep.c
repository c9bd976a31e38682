/* hyco-sweep.c: parameter sweeps: the parameters' specifications, the run list, and the runs
 * on a thread pool.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-sweep-private.h"

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
 * seconds).
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
  if (!check_design (self, error))
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
  n_summaries = (gsize) self->probes->len * G_N_ELEMENTS (summary_kinds);
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
 * seconds). A value the run has not (a signal never present, a failed run) is NaN.
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
  names = g_strv_builder_end (builder);
  g_strv_builder_unref (builder);
  return names;
}

/* Running ---------------------------------------------------------------------------------- */

static void
summarise (HycoSweep *self, guint run, HycoResults *results)
{
  double *out = self->summaries + (gsize) run * self->probes->len * G_N_ELEMENTS (summary_kinds);
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
      /* A failed run's summary values are what it recorded up to the failure. */
      if (!cancelled && hyco_model_get_results (model))
        summarise (self, run, hyco_model_get_results (model));
      finish_run (self, run, cancelled ? HYCO_SWEEP_STATUS_NOT_RUN : HYCO_SWEEP_STATUS_FAILED,
                  error);
      return FALSE;
    }
  if (hyco_model_get_results (model))
    summarise (self, run, hyco_model_get_results (model));
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
  gsize n_summaries = (gsize) self->probes->len * G_N_ELEMENTS (summary_kinds);

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
  n_summaries = (gsize) self->probes->len * G_N_ELEMENTS (summary_kinds);
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
       * sweep's, ended before this returns: whatever a thread keeps of its own (libxml2's
       * per-thread state) is freed by then. */
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
  n_summaries = self->probes->len * G_N_ELEMENTS (summary_kinds);
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
