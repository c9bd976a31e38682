/* hyco-results.c: the signals a run recorded.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-results-private.h"

#include <math.h>

/**
 * HycoResults:
 *
 * What a run recorded, signal by signal, for plots and result files: see
 * hyco_model_set_record_results().
 *
 * A signal is an output channel, named as in the trace (`Clock1.output`, `Inner.Gain.output`,
 * `Add.output[1]` for one channel of a multiport). It has one sample for each tag at which its
 * actor fired: the tag (time in ticks of the model's resolution, microstep), whether the value
 * was present, and the value as a double (booleans as 0 and 1, integers converted, strings and
 * absent values as NaN). Samples are in tag order; an actor that did not fire at a tag has no
 * sample there, and its outputs were absent.
 */
struct _HycoResults
{
  GObject parent_instance;

  int resolution;
  guint64 tags;
  gint64 end;
  GPtrArray *signals;  /* HycoResultsSignal*, in model order */
  GHashTable *by_name; /* name -> HycoResultsSignal* (unowned) */
  GHashTable *units;   /* name -> unit, for the signals whose port has one */
};

G_DEFINE_FINAL_TYPE (HycoResults, hyco_results, G_TYPE_OBJECT)

/* clang-format off */
/**
 * hyco_results_error_quark:
 *
 * The error domain of results: a signal that was not recorded, a result file of an unknown format
 * or that cannot be written, a plot with nothing to draw or no driver to draw it.
 *
 * Returns: the #GQuark of #HycoResultsError
 */
G_DEFINE_QUARK (hyco-results-error-quark, hyco_results_error)
/* clang-format on */

static void
signal_free (gpointer data)
{
  HycoResultsSignal *signal = data;

  g_free (signal->name);
  g_array_unref (signal->times);
  g_array_unref (signal->microsteps);
  g_array_unref (signal->values);
  g_array_unref (signal->presence);
  g_array_unref (signal->gaps);
  g_free (signal);
}

static void
hyco_results_finalize (GObject *object)
{
  HycoResults *self = HYCO_RESULTS (object);

  g_hash_table_unref (self->by_name);
  g_hash_table_unref (self->units);
  g_ptr_array_unref (self->signals);
  G_OBJECT_CLASS (hyco_results_parent_class)->finalize (object);
}

static void
hyco_results_class_init (HycoResultsClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = hyco_results_finalize;
}

static void
hyco_results_init (HycoResults *self)
{
  self->signals = g_ptr_array_new_with_free_func (signal_free);
  self->by_name = g_hash_table_new (g_str_hash, g_str_equal);
  self->units = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
}

HycoResults *
_hyco_results_new (int resolution)
{
  HycoResults *self = g_object_new (HYCO_TYPE_RESULTS, NULL);

  self->resolution = resolution;
  return self;
}

HycoResultsSignal *
_hyco_results_add_signal (HycoResults *self, const char *name)
{
  HycoResultsSignal *signal = g_hash_table_lookup (self->by_name, name);

  if (signal)
    return signal;
  signal = g_new0 (HycoResultsSignal, 1);
  signal->name = g_strdup (name);
  signal->type = HYCO_VALUE_TYPE_NONE;
  signal->times = g_array_new (FALSE, FALSE, sizeof (gint64));
  signal->microsteps = g_array_new (FALSE, FALSE, sizeof (guint64));
  signal->values = g_array_new (FALSE, FALSE, sizeof (double));
  signal->presence = g_array_new (FALSE, FALSE, sizeof (guint8));
  signal->gaps = g_array_new (FALSE, FALSE, sizeof (guint));
  g_ptr_array_add (self->signals, signal);
  g_hash_table_insert (self->by_name, signal->name, signal);
  return signal;
}

/* Room in the four columns for one more sample: grown together by doubling, so that a sample
 * is four stores. (GArray's append is a call, a capacity check and a memcpy per column, which
 * made recording a 10^6-step run cost more than the run.) */
static inline void
signal_reserve (HycoResultsSignal *signal)
{
  guint n = signal->times->len, room;

  if (G_LIKELY (n < signal->reserved))
    return;
  g_return_if_fail (n < G_MAXUINT / 2);
  room = MAX (2 * n, 256u);
  g_array_set_size (signal->times, room);
  g_array_set_size (signal->microsteps, room);
  g_array_set_size (signal->values, room);
  g_array_set_size (signal->presence, room);
  /* Shrinking a GArray keeps its memory: the columns keep their length, and the room. */
  g_array_set_size (signal->times, n);
  g_array_set_size (signal->microsteps, n);
  g_array_set_size (signal->values, n);
  g_array_set_size (signal->presence, n);
  signal->reserved = room;
}

static void
signal_append (HycoResultsSignal *signal, const HycoTag *tag, guint64 iteration,
               const HycoSignal *value)
{
  guint8 present = hyco_signal_status (value) == HYCO_SIGNAL_PRESENT;
  double number = NAN;
  guint n;

  if (present)
    {
      HycoValueType type = hyco_value_get_value_type (&value->value);
      if (signal->n_present == 0)
        signal->first_present = iteration;
      else if (iteration <= signal->last_iteration + 1 && signal->presence->len > 0
               && g_array_index (signal->presence, guint8, signal->presence->len - 1))
        signal->n_continuing++;
      if (signal->type == HYCO_VALUE_TYPE_NONE)
        signal->type = type;
      if (type == HYCO_VALUE_TYPE_DOUBLE)
        number = hyco_value_get_double (&value->value);
      else if (type == HYCO_VALUE_TYPE_INT)
        number = (double) hyco_value_get_int (&value->value);
      else if (type == HYCO_VALUE_TYPE_BOOLEAN)
        number = hyco_value_get_boolean (&value->value) ? 1.0 : 0.0;
      signal->n_present++;
      signal->present_at_zero |= tag->microstep == 0;
    }
  else if (signal->n_present > 0)
    signal->absent_after_first = TRUE;
  /* An inner director may fire the actor more than once in one iteration of the top level. */
  if (signal->times->len > 0 && iteration > signal->last_iteration + 1)
    g_array_append_val (signal->gaps, signal->times->len);
  signal->last_iteration = iteration;
  signal_reserve (signal);
  n = signal->times->len;
  /* Within the room reserved: the columns are plain arrays (neither zero-terminated nor
   * cleared), whose length is theirs to set. */
  g_array_index (signal->times, gint64, n) = tag->time;
  g_array_index (signal->microsteps, guint64, n) = tag->microstep;
  g_array_index (signal->values, double, n) = number;
  g_array_index (signal->presence, guint8, n) = present;
  signal->times->len = signal->microsteps->len = signal->values->len = signal->presence->len
    = n + 1;
}

/* The results sink ------------------------------------------------------------------------ */

typedef struct
{
  HycoSink parent;
  HycoResults *results;        /* owned */
  GPtrArray *by_index;         /* signal index -> HycoResultsSignal*, or NULL: not yet seen */
  GHashTable *probes;          /* names to record, or NULL for all */
  HycoResultsSignal *excluded; /* marks an index not recorded */
} ResultsSink;

static void
results_sink_write (HycoSink *sink, guint index, const char *name, const HycoTag *tag,
                    guint64 iteration, const HycoSignal *signal)
{
  ResultsSink *self = (ResultsSink *) sink;
  HycoResultsSignal *recorded;

  if (G_UNLIKELY (index >= self->by_index->len))
    g_ptr_array_set_size (self->by_index, (int) index + 1);
  recorded = self->by_index->pdata[index];
  if (G_UNLIKELY (recorded == NULL))
    {
      if (self->probes && !g_hash_table_contains (self->probes, name))
        recorded = self->excluded;
      else
        recorded = _hyco_results_add_signal (self->results, name);
      self->by_index->pdata[index] = recorded;
    }
  if (recorded != self->excluded)
    signal_append (recorded, tag, iteration, signal);
}

static gboolean
results_sink_close (HycoSink *sink, guint64 tags, gint64 end, GError **error)
{
  ResultsSink *self = (ResultsSink *) sink;

  self->results->tags = tags;
  self->results->end = end;
  g_object_unref (self->results);
  g_ptr_array_unref (self->by_index);
  g_clear_pointer (&self->probes, g_hash_table_unref);
  g_free (self->excluded);
  g_free (self);
  return TRUE;
}

static const HycoSinkClass results_sink_class = {
  .write = results_sink_write,
  .close = results_sink_close,
  .wants_absent = TRUE,
};

HycoSink *
_hyco_results_sink_new (HycoResults *results, const char *const *probes)
{
  ResultsSink *self = g_new0 (ResultsSink, 1);

  self->parent.klass = &results_sink_class;
  self->results = g_object_ref (results);
  self->by_index = g_ptr_array_new ();
  self->excluded = g_new0 (HycoResultsSignal, 1);
  if (probes)
    {
      self->probes = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      for (guint i = 0; probes[i]; i++)
        g_hash_table_add (self->probes, g_strdup (probes[i]));
      /* Probes are recorded in the order they were given. */
      for (guint i = 0; probes[i]; i++)
        _hyco_results_add_signal (results, probes[i]);
    }
  return &self->parent;
}

/* Public API -------------------------------------------------------------------------------- */

HycoResultsSignal *
_hyco_results_lookup (HycoResults *self, const char *name, GError **error)
{
  HycoResultsSignal *signal = g_hash_table_lookup (self->by_name, name);

  if (signal == NULL)
    g_set_error (error, HYCO_RESULTS_ERROR, HYCO_RESULTS_ERROR_UNKNOWN_SIGNAL,
                 "no signal named \"%s\" was recorded", name);
  return signal;
}

GPtrArray *
_hyco_results_get_signals (HycoResults *self)
{
  return self->signals;
}

/**
 * hyco_results_get_resolution:
 * @self: results
 *
 * Gets the time resolution of the recorded times, the model's when it ran.
 *
 * Returns: the resolution exponent r of the sample times (ticks of 10^r s)
 */
int
hyco_results_get_resolution (HycoResults *self)
{
  g_return_val_if_fail (HYCO_IS_RESULTS (self), HYCO_DEFAULT_RESOLUTION);
  return self->resolution;
}

/**
 * hyco_results_get_tag_count:
 * @self: results
 *
 * Counts the tags the recorded run executed at the top level.
 *
 * Returns: how many tags the model executed (iterations of the top level)
 */
guint64
hyco_results_get_tag_count (HycoResults *self)
{
  g_return_val_if_fail (HYCO_IS_RESULTS (self), 0);
  return self->tags;
}

/**
 * hyco_results_get_end_time:
 * @self: results
 *
 * Gets the model time at which the recorded run ended, in ticks of the results' resolution.
 *
 * Returns: the model time the run reached, in ticks
 */
gint64
hyco_results_get_end_time (HycoResults *self)
{
  g_return_val_if_fail (HYCO_IS_RESULTS (self), 0);
  return self->end;
}

/**
 * hyco_results_list_signals:
 * @self: results
 *
 * Lists the recorded signals that were present at least once, in model order (or in the
 * order of the probes, when the model was given some).
 *
 * Returns: (transfer full) (array zero-terminated=1): the signal names
 */
char **
hyco_results_list_signals (HycoResults *self)
{
  GPtrArray *names;

  g_return_val_if_fail (HYCO_IS_RESULTS (self), NULL);
  names = g_ptr_array_new ();
  for (guint i = 0; i < self->signals->len; i++)
    {
      HycoResultsSignal *signal = self->signals->pdata[i];
      if (signal->n_present > 0)
        g_ptr_array_add (names, g_strdup (signal->name));
    }
  g_ptr_array_add (names, NULL);
  return (char **) g_ptr_array_free (names, FALSE);
}

/**
 * hyco_results_has_signal:
 * @self: results
 * @signal: a signal name
 *
 * Tells whether a signal was recorded; the names are those of hyco_results_list_signals().
 *
 * Returns: whether @signal was recorded (it may never have been present)
 */
gboolean
hyco_results_has_signal (HycoResults *self, const char *signal)
{
  g_return_val_if_fail (HYCO_IS_RESULTS (self), FALSE);
  g_return_val_if_fail (signal != NULL, FALSE);
  return g_hash_table_contains (self->by_name, signal);
}

static HycoResultsSignal *
lookup_or_warn (HycoResults *self, const char *name)
{
  HycoResultsSignal *signal = g_hash_table_lookup (self->by_name, name);

  if (signal == NULL)
    g_critical ("no signal named \"%s\" was recorded", name);
  return signal;
}

/**
 * hyco_results_get_value_type:
 * @self: results
 * @signal: a recorded signal's name
 *
 * Gets the type of a recorded signal's values, which tells how to read hyco_results_get_values()
 * for it.
 *
 * Returns: the type of the signal's first present value, or %HYCO_VALUE_TYPE_NONE
 */
HycoValueType
hyco_results_get_value_type (HycoResults *self, const char *signal)
{
  HycoResultsSignal *recorded;

  g_return_val_if_fail (HYCO_IS_RESULTS (self), HYCO_VALUE_TYPE_NONE);
  recorded = lookup_or_warn (self, signal);
  return recorded ? recorded->type : HYCO_VALUE_TYPE_NONE;
}

/**
 * hyco_results_get_sample_count:
 * @self: results
 * @signal: a recorded signal's name
 *
 * Counts the samples recorded for a signal, present or absent: the length of the arrays the other
 * getters return for it.
 *
 * Returns: how many samples (tags at which the signal's actor fired) were recorded
 */
gsize
hyco_results_get_sample_count (HycoResults *self, const char *signal)
{
  HycoResultsSignal *recorded;

  g_return_val_if_fail (HYCO_IS_RESULTS (self), 0);
  recorded = lookup_or_warn (self, signal);
  return recorded ? recorded->times->len : 0;
}

/**
 * hyco_results_get_present_count:
 * @self: results
 * @signal: a recorded signal's name
 *
 * Counts the present values recorded for a signal.
 *
 * Returns: how many of the signal's samples are present values (the trace's rows)
 */
guint64
hyco_results_get_present_count (HycoResults *self, const char *signal)
{
  HycoResultsSignal *recorded;

  g_return_val_if_fail (HYCO_IS_RESULTS (self), 0);
  recorded = lookup_or_warn (self, signal);
  return recorded ? recorded->n_present : 0;
}

#define DEFINE_ARRAY_GETTER(function, type, field)                                                 \
  const type *function (HycoResults *self, const char *signal, gsize *n_samples)                   \
  {                                                                                                \
    HycoResultsSignal *recorded;                                                                   \
                                                                                                   \
    if (n_samples != NULL)                                                                         \
      *n_samples = 0;                                                                              \
    g_return_val_if_fail (HYCO_IS_RESULTS (self), NULL);                                           \
    recorded = lookup_or_warn (self, signal);                                                      \
    if (recorded == NULL)                                                                          \
      return NULL;                                                                                 \
    if (n_samples != NULL)                                                                         \
      *n_samples = recorded->field->len;                                                           \
    return (const type *) (gpointer) recorded->field->data;                                        \
  }

/**
 * hyco_results_get_times:
 * @self: results
 * @signal: a recorded signal's name
 * @n_samples: (out) (optional): the number of samples, or %NULL (hyco_results_get_sample_count()
 *   gives it too)
 *
 * Gets the time of each sample of a recorded signal.
 *
 * Returns: (array length=n_samples) (transfer none): each sample's time, in ticks of the
 *   resolution (see hyco_results_get_resolution() and hyco_time_to_seconds())
 */
DEFINE_ARRAY_GETTER (hyco_results_get_times, gint64, times)

/**
 * hyco_results_get_microsteps:
 * @self: results
 * @signal: a recorded signal's name
 * @n_samples: (out) (optional): the number of samples, or %NULL (hyco_results_get_sample_count()
 *   gives it too)
 *
 * Gets the microstep of each sample of a recorded signal: its index among the tags at the same
 * time.
 *
 * Returns: (array length=n_samples) (transfer none): each sample's microstep
 */
DEFINE_ARRAY_GETTER (hyco_results_get_microsteps, guint64, microsteps)

/**
 * hyco_results_get_values:
 * @self: results
 * @signal: a recorded signal's name
 * @n_samples: (out) (optional): the number of samples, or %NULL (hyco_results_get_sample_count()
 *   gives it too)
 *
 * Gets the value of each sample of a recorded signal, as a double; the arrays of one signal are
 * parallel, and stay valid as long as the results.
 *
 * Returns: (array length=n_samples) (transfer none): each sample's value as a double:
 *   booleans as 0 and 1, absent values and strings as NaN
 */
DEFINE_ARRAY_GETTER (hyco_results_get_values, double, values)

/**
 * hyco_results_get_presence:
 * @self: results
 * @signal: a recorded signal's name
 * @n_samples: (out) (optional): the number of samples, or %NULL (hyco_results_get_sample_count()
 *   gives it too)
 *
 * Gets, for each sample of a recorded signal, whether it holds a present value.
 *
 * Returns: (array length=n_samples) (transfer none): for each sample, 1 when the value was
 *   present and 0 when it was absent
 */
DEFINE_ARRAY_GETTER (hyco_results_get_presence, guint8, presence)

/* The same columns as GBytes, for bindings that wrap memory without converting each sample
 * (numpy.frombuffer() in Python): one copy, made when called. */
#define DEFINE_BYTES_GETTER(function, field)                                                       \
  GBytes *function (HycoResults *self, const char *signal)                                         \
  {                                                                                                \
    HycoResultsSignal *recorded;                                                                   \
                                                                                                   \
    g_return_val_if_fail (HYCO_IS_RESULTS (self), NULL);                                           \
    recorded = lookup_or_warn (self, signal);                                                      \
    if (recorded == NULL)                                                                          \
      return NULL;                                                                                 \
    return g_bytes_new (recorded->field->data, (gsize) recorded->field->len                        \
                                                 * g_array_get_element_size (recorded->field));    \
  }

/**
 * hyco_results_get_times_bytes:
 * @self: results
 * @signal: a recorded signal's name
 *
 * Gets what hyco_results_get_times() does as one block of memory, for bindings: in Python,
 * `numpy.frombuffer(bytes.get_data(), numpy.int64)`.
 *
 * Returns: (transfer full) (nullable): each sample's time in ticks, as native-endian 64-bit
 *   signed integers, or %NULL if @signal was not recorded
 */
DEFINE_BYTES_GETTER (hyco_results_get_times_bytes, times)

/**
 * hyco_results_get_microsteps_bytes:
 * @self: results
 * @signal: a recorded signal's name
 *
 * Gets what hyco_results_get_microsteps() does as one block of memory, for bindings.
 *
 * Returns: (transfer full) (nullable): each sample's microstep, as native-endian 64-bit
 *   unsigned integers, or %NULL if @signal was not recorded
 */
DEFINE_BYTES_GETTER (hyco_results_get_microsteps_bytes, microsteps)

/**
 * hyco_results_get_values_bytes:
 * @self: results
 * @signal: a recorded signal's name
 *
 * Gets what hyco_results_get_values() does as one block of memory, for bindings: in Python,
 * `numpy.frombuffer(bytes.get_data(), numpy.float64)`.
 *
 * Returns: (transfer full) (nullable): each sample's value, as native doubles (NaN where
 *   absent or a string), or %NULL if @signal was not recorded
 */
DEFINE_BYTES_GETTER (hyco_results_get_values_bytes, values)

/**
 * hyco_results_get_presence_bytes:
 * @self: results
 * @signal: a recorded signal's name
 *
 * Gets what hyco_results_get_presence() does as one block of memory, for bindings.
 *
 * Returns: (transfer full) (nullable): for each sample, one byte: 1 when present, 0 when
 *   absent; or %NULL if @signal was not recorded
 */
DEFINE_BYTES_GETTER (hyco_results_get_presence_bytes, presence)

/**
 * hyco_results_get_plot_style:
 * @self: results
 * @signal: a recorded signal's name
 *
 * Tells how hyco_results_plot() draws a signal: as a line when it is continuous, that is,
 * present at every tag the model executed from its first value on, microstep 0 included (a
 * well-formed discrete event is absent at microstep 0), or, for a signal inside a modal model's
 * refinement, present at microstep 0 and at every tag while its mode was active (its actor
 * fired at successive tags at least three times in four, and its output was never absent);
 * as events (stems and markers) otherwise; not at all when it holds strings or was never
 * present.
 *
 * Returns: the style
 */
HycoPlotStyle
hyco_results_get_plot_style (HycoResults *self, const char *signal)
{
  HycoResultsSignal *recorded;

  g_return_val_if_fail (HYCO_IS_RESULTS (self), HYCO_PLOT_STYLE_NONE);
  recorded = lookup_or_warn (self, signal);
  return recorded ? _hyco_results_signal_style (self, recorded) : HYCO_PLOT_STYLE_NONE;
}

void
_hyco_results_set_unit (HycoResults *self, const char *signal, const char *unit)
{
  g_hash_table_replace (self->units, g_strdup (signal), g_strdup (unit));
}

/**
 * hyco_results_get_unit:
 * @self: results
 * @signal: a signal name
 *
 * Gets the unit of a recorded signal, which plots label it with.
 *
 * Returns: (nullable): the unit of the signal's port (see hyco_port_set_unit()), or %NULL
 */
const char *
hyco_results_get_unit (HycoResults *self, const char *signal)
{
  g_return_val_if_fail (HYCO_IS_RESULTS (self), NULL);
  g_return_val_if_fail (signal != NULL, NULL);
  return g_hash_table_lookup (self->units, signal);
}

HycoPlotStyle
_hyco_results_signal_style (HycoResults *self, HycoResultsSignal *signal)
{
  if (signal->n_present == 0 || signal->type == HYCO_VALUE_TYPE_STRING
      || signal->type == HYCO_VALUE_TYPE_BYTES)
    return HYCO_PLOT_STYLE_NONE;
  /* Continuous: present at microstep 0, where a discrete event never is, and at every tag
   * from its first value on (a zero-order hold is absent before), or, inside a modal model's
   * refinement, at every tag while its mode is active: never absent when its actor fires, and
   * firing at successive tags (the mode's spans) far more often than not. An actor whose
   * mode is inactive does not fire, so it has no sample there, not an absent one. */
  if (!signal->present_at_zero)
    return HYCO_PLOT_STYLE_EVENTS;
  return signal->n_present >= self->tags - signal->first_present
             || (!signal->absent_after_first && signal->n_continuing * 4 >= signal->n_present * 3)
           ? HYCO_PLOT_STYLE_LINE
           : HYCO_PLOT_STYLE_EVENTS;
}

/* The points a plot draws for @signal: (time in seconds, value) of each present sample in tag
 * order; for a line, a NaN pair where an absent sample or tags without a sample break it. */
void
_hyco_results_signal_points (HycoResults *self, HycoResultsSignal *signal, HycoPlotStyle style,
                             GArray *times, GArray *values)
{
  const gint64 *ticks = (const gint64 *) (gpointer) signal->times->data;
  const double *numbers = (const double *) (gpointer) signal->values->data;
  const guint8 *present = signal->presence->data;
  const guint *gaps = (const guint *) (gpointer) signal->gaps->data;
  guint next_gap = 0;
  gboolean broken = FALSE;
  double nan = NAN;

  for (guint i = 0; i < signal->times->len; i++)
    {
      double t;
      /* Its actor did not fire in between (its mode was inactive): no line across. */
      if (next_gap < signal->gaps->len && gaps[next_gap] == i)
        {
          next_gap++;
          broken = times->len > 0;
        }
      if (!present[i])
        {
          broken = times->len > 0;
          continue;
        }
      if (broken && style == HYCO_PLOT_STYLE_LINE)
        {
          g_array_append_val (times, nan);
          g_array_append_val (values, nan);
        }
      broken = FALSE;
      t = hyco_time_to_seconds (ticks[i], self->resolution);
      g_array_append_val (times, t);
      g_array_append_val (values, numbers[i]);
    }
}

/**
 * hyco_results_get_plot_points:
 * @self: results
 * @signal: a recorded signal's name
 * @times: (out) (array length=n_points) (transfer full): the points' times, in seconds
 * @values: (out) (array length=n_points) (transfer full): the points' values
 * @n_points: (out) (optional): the number of points, or %NULL
 * @error: return location for a #GError
 *
 * Gets the points hyco_results_plot() draws for @signal: one per present value, in tag order,
 * so that two values at one time (at successive microsteps) are two points at the same time;
 * for a line (see hyco_results_get_plot_style()) these are its vertices, and a NaN point
 * marks where an absent value, or tags at which its actor did not fire (a modal model's mode
 * that was inactive), break it.
 *
 * Returns: %TRUE on success, %FALSE if @signal was not recorded
 */
gboolean
hyco_results_get_plot_points (HycoResults *self, const char *signal, double **times,
                              double **values, gsize *n_points, GError **error)
{
  HycoResultsSignal *recorded;
  GArray *t, *v;

  g_return_val_if_fail (HYCO_IS_RESULTS (self), FALSE);
  g_return_val_if_fail (signal != NULL && times != NULL && values != NULL, FALSE);
  *times = NULL;
  *values = NULL;
  if (n_points != NULL)
    *n_points = 0;
  recorded = _hyco_results_lookup (self, signal, error);
  if (recorded == NULL)
    return FALSE;
  t = g_array_new (FALSE, FALSE, sizeof (double));
  v = g_array_new (FALSE, FALSE, sizeof (double));
  _hyco_results_signal_points (self, recorded, _hyco_results_signal_style (self, recorded), t, v);
  if (n_points != NULL)
    *n_points = t->len;
  *times = (double *) (gpointer) g_array_free (t, FALSE);
  *values = (double *) (gpointer) g_array_free (v, FALSE);
  return TRUE;
}
