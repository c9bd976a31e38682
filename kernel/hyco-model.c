/* hyco-model.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-results-private.h"
#include "hyco-director-private.h"
#include "hyco-model-private.h"
#include "hyco-output-file-private.h"
#include "hyco-param-private.h"
#include "hyco-model-syntax-private.h"

#include <errno.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <stdatomic.h>

/**
 * HycoModel:
 *
 * A runnable model: a top-level opaque composite, with what is needed to load it from a file,
 * save it, set its parameters, and run it to its stop time (Ptolemy II's manager). A run can
 * be cancelled with a #GCancellable, and always ends by wrapping up every actor.
 */
struct _HycoModel
{
  GObject parent_instance;

  HycoCompositeActor *toplevel;
  char *trace_path;
  gboolean trace_written; /* by the last run */
  gboolean record_results;
  char **probes;            /* the signals to record, or NULL for all */
  HycoResults *results;     /* of the last run */
  GPtrArray *sinks;         /* HycoSink*, open during a run */
  GHashTable *port_signals; /* HycoPort* -> PortSignals*: the signals a port's channels are */
  guint n_signals;          /* signal indices given so far */
  guint trace_generation;   /* of @port_signals, which actors cache (HycoActorPrivate) */
  gboolean prepared;
  guint64 iterations;
  guint64 events;      /* present values written by the actors fired so far */
  char *stop_reason;   /* why an actor ended the last run, NULL if none did */
  int resolution;      /* settled by prepare, from the top-level director's timeResolution */
  GPtrArray *counters; /* HycoModelCounter*: directors' named statistics */
  GArray *run_checks;  /* RunCheck: consulted when a run ends, added anew by each prepare */

  /* A snapshot for other threads (hyco_model_get_progress()), stored by the run's loop once
   * per iteration without ordering: each number is consistent, their set nearly so. */
  atomic_int_least64_t progress_time;
  atomic_uint_least64_t progress_microstep;
  atomic_uint_least64_t progress_iterations;
  atomic_uint_least64_t progress_events;

  /* Set while a run (synchronous or asynchronous) is going on: a second one is refused. */
  gint running;
};

typedef struct
{
  HycoModelRunCheck check;
  gpointer user_data;
} RunCheck;

typedef struct
{
  guint first; /* signal index of channel 0 */
  guint n_channels;
  char **names; /* per channel */
} PortSignals;

struct _HycoModelCounter
{
  char *name;
  guint64 value;
};

/* A number no model's port table had before: a cache of another model's table, or of this one
 * before it was emptied, is never taken for the table of now. */
static guint
next_trace_generation (void)
{
  static gint generation;

  return (guint) g_atomic_int_add (&generation, 1) + 1;
}

static void
port_signals_free (gpointer data)
{
  PortSignals *signals = data;

  g_strfreev (signals->names);
  g_free (signals);
}

static void
counter_free (gpointer data)
{
  HycoModelCounter *counter = data;

  g_free (counter->name);
  g_free (counter);
}

G_DEFINE_FINAL_TYPE (HycoModel, hyco_model, G_TYPE_OBJECT)

/* The quark name is text, not a subtraction: keep clang-format away from it. */
/* clang-format off */
/**
 * hyco_model_file_error_quark:
 *
 * The error domain of model files: a file that cannot be read or built into a model, with a message
 * naming the file, line, element and cause.
 *
 * Returns: the #GQuark of #HycoModelFileError
 */
G_DEFINE_QUARK (hyco-model-file-error-quark, hyco_model_file_error)
/* clang-format on */

static void
hyco_model_finalize (GObject *object)
{
  HycoModel *self = HYCO_MODEL (object);

  for (guint i = 0; i < self->sinks->len; i++)
    {
      HycoSink *sink = self->sinks->pdata[i];
      sink->klass->close (sink, 0, 0, NULL);
    }
  g_ptr_array_unref (self->sinks);
  if (self->toplevel)
    _hyco_composite_actor_set_model (self->toplevel, NULL);
  g_clear_object (&self->toplevel);
  g_free (self->stop_reason);
  g_free (self->trace_path);
  g_strfreev (self->probes);
  g_clear_object (&self->results);
  g_hash_table_unref (self->port_signals);
  g_ptr_array_unref (self->counters);
  g_array_unref (self->run_checks);
  G_OBJECT_CLASS (hyco_model_parent_class)->finalize (object);
}

static void
hyco_model_class_init (HycoModelClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = hyco_model_finalize;
  _hyco_model_class_init_async (G_OBJECT_CLASS (klass));
}

static void
hyco_model_init (HycoModel *self)
{
  self->port_signals = g_hash_table_new_full (NULL, NULL, NULL, port_signals_free);
  self->trace_generation = next_trace_generation ();
  self->sinks = g_ptr_array_new ();
  self->counters = g_ptr_array_new_with_free_func (counter_free);
  self->run_checks = g_array_new (FALSE, FALSE, sizeof (RunCheck));
  self->resolution = HYCO_DEFAULT_RESOLUTION;
}

static gboolean prepare (HycoModel *self, GError **error);

/* The model's setters and prepare change what a run reads: refused while one is under way
 * (from a progress handler, another thread), rather than pulling the model from under it. */
static gboolean
refuse_while_running (HycoModel *self, const char *what, GError **error)
{
  if (!g_atomic_int_get (&self->running))
    return TRUE;
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_BUSY,
               "the model %s is running: %s waits until the run has ended",
               hyco_actor_get_name (HYCO_ACTOR (self->toplevel)), what);
  return FALSE;
}

/**
 * hyco_model_new:
 * @toplevel: (transfer none): the top-level composite, which should have a director, and
 *   belongs to no other model
 *
 * Wraps a top-level composite, built in code, in a model that can run it; see
 * hyco_model_new_from_file() for a model read from a file.
 *
 * Returns: (transfer full): a model running @toplevel
 */
HycoModel *
hyco_model_new (HycoCompositeActor *toplevel)
{
  HycoModel *self;

  g_return_val_if_fail (HYCO_IS_COMPOSITE_ACTOR (toplevel), NULL);
  g_return_val_if_fail (hyco_actor_get_container (HYCO_ACTOR (toplevel)) == NULL, NULL);
  /* Two models would run one set of actors, each with its own state of the run. */
  g_return_val_if_fail (_hyco_composite_actor_get_model (toplevel) == NULL, NULL);
  hyco_registry_ensure_modules ();
  self = g_object_new (HYCO_TYPE_MODEL, NULL);
  self->toplevel = g_object_ref (toplevel);
  _hyco_composite_actor_set_model (toplevel, self);
  return self;
}

/**
 * hyco_model_new_from_data:
 * @data: a model file's text
 * @length: its length, or -1 if nul-terminated
 * @source_name: the name to use in error messages (a file name)
 * @error: return location for a #GError
 *
 * Builds a model from a model file's text held in memory, as hyco_model_new_from_file() does from a
 * file.
 *
 * Returns: (transfer full) (nullable): the model, or %NULL with an error naming the source,
 *   line, element and cause
 */
HycoModel *
hyco_model_new_from_data (const char *data, gssize length, const char *source_name, GError **error)
{
  g_autoptr (HycoCompositeActor) toplevel = NULL;

  g_return_val_if_fail (data != NULL, NULL);
  hyco_registry_ensure_modules ();
  toplevel = _hyco_model_file_load (data, length, source_name ? source_name : "<data>", error);
  if (toplevel == NULL)
    return NULL;
  return hyco_model_new (toplevel);
}

/* Reads a model file: a regular file only (a FIFO would block, /dev/zero never end) and no
 * larger than HYCO_MODEL_FILE_MAX_SIZE, checked before reading. */
static gboolean
read_model_file (const char *path, char **data, gsize *length, GError **error)
{
  int fd = g_open (path, O_RDONLY | O_CLOEXEC | O_NONBLOCK, 0);
  GStatBuf info;
  gsize done = 0;
  int failed = 0;

  if (fd < 0)
    {
      int saved = errno;
      g_set_error (error, HYCO_MODEL_FILE_ERROR, HYCO_MODEL_FILE_ERROR_IO, "cannot read %s: %s",
                   path, g_strerror (saved));
      return FALSE;
    }
  if (fstat (fd, &info) != 0 || !S_ISREG (info.st_mode))
    {
      close (fd);
      g_set_error (error, HYCO_MODEL_FILE_ERROR, HYCO_MODEL_FILE_ERROR_IO,
                   "%s is not a regular file: a model is read from a file", path);
      return FALSE;
    }
  if (info.st_size > HYCO_MODEL_FILE_MAX_SIZE)
    {
      close (fd);
      g_set_error (error, HYCO_MODEL_FILE_ERROR, HYCO_MODEL_FILE_ERROR_IO,
                   "%s is too large (%.1f MiB): model files are limited to %.1f MiB", path,
                   (double) info.st_size / (1 << 20),
                   (double) HYCO_MODEL_FILE_MAX_SIZE / (1 << 20));
      return FALSE;
    }
  /* Its size and a terminating NUL: a file that grows meanwhile is read no further. */
  *data = g_malloc ((gsize) info.st_size + 1);
  while (done < (gsize) info.st_size)
    {
      gssize n = read (fd, *data + done, (gsize) info.st_size - done);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        {
          failed = n < 0 ? errno : 0;
          break;
        }
      done += (gsize) n;
    }
  close (fd);
  if (failed)
    {
      g_clear_pointer (data, g_free);
      g_set_error (error, HYCO_MODEL_FILE_ERROR, HYCO_MODEL_FILE_ERROR_IO, "cannot read %s: %s",
                   path, g_strerror (failed));
      return FALSE;
    }
  (*data)[done] = '\0';
  *length = done;
  return TRUE;
}

/**
 * hyco_model_new_from_file:
 * @path: a model file (MoML-like XML)
 * @error: return location for a #GError
 *
 * Reads a regular file of at most %HYCO_MODEL_FILE_MAX_SIZE bytes (checked before reading: a
 * device or a FIFO is refused, and so is a larger file) and builds its model.
 *
 * The file is UTF-8, or ISO-8859-1 when its XML declaration says so (other encodings, UTF-16
 * among them, are refused). Its DOCTYPE may name a DTD, which is never read, but may declare
 * nothing; only XML's predefined entities and character references are expanded.
 *
 * Returns: (transfer full) (nullable): the model, or %NULL with an error naming the file,
 *   line, element and cause
 */
HycoModel *
hyco_model_new_from_file (const char *path, GError **error)
{
  g_autofree char *data = NULL;
  gsize length = 0;

  g_return_val_if_fail (path != NULL, NULL);
  if (!read_model_file (path, &data, &length, error))
    return NULL;
  return hyco_model_new_from_data (data, (gssize) length, path, error);
}

/**
 * hyco_model_save_to_data:
 * @self: a model
 *
 * Writes the model as a model file's text, which hyco_model_new_from_data() reads back into the
 * same model: the structure, and the parameters that differ from their defaults.
 *
 * Returns: (transfer full): the model as a model file's text
 */
char *
hyco_model_save_to_data (HycoModel *self)
{
  g_return_val_if_fail (HYCO_IS_MODEL (self), NULL);
  return _hyco_model_file_save (self->toplevel);
}

/**
 * hyco_model_save_to_file:
 * @self: a model
 * @path: where to write it
 * @error: return location for a #GError
 *
 * Writes the model file atomically: a file already at @path is replaced only once the new one
 * is complete and on the disk, and stays as it was when writing fails.
 *
 * Returns: %TRUE on success
 */
gboolean
hyco_model_save_to_file (HycoModel *self, const char *path, GError **error)
{
  g_autofree char *data = NULL;
  g_autoptr (GError) local_error = NULL;
  HycoOutputFile *output;

  g_return_val_if_fail (HYCO_IS_MODEL (self), FALSE);
  data = hyco_model_save_to_data (self);
  output = _hyco_output_file_new (path, "the model", &local_error);
  if (output != NULL)
    {
      FILE *stream = _hyco_output_file_get_stream (output);
      int write_errno = fputs (data, stream) == EOF ? errno : 0;
      if (_hyco_output_file_commit (output, write_errno, &local_error))
        return TRUE;
    }
  g_set_error (error, HYCO_MODEL_FILE_ERROR, HYCO_MODEL_FILE_ERROR_IO, "%s", local_error->message);
  return FALSE;
}

/**
 * hyco_model_get_toplevel:
 * @self: a model
 *
 * Gets the model's top-level composite, to look into the hierarchy or change it between runs.
 *
 * Returns: (transfer none): the top-level composite
 */
HycoCompositeActor *
hyco_model_get_toplevel (HycoModel *self)
{
  g_return_val_if_fail (HYCO_IS_MODEL (self), NULL);
  return self->toplevel;
}

/**
 * hyco_model_lookup_actor:
 * @self: a model
 * @path: a dot-separated path below the top level (`Inner.Clock`)
 *
 * Finds an actor anywhere in the model by its path of names, as the trace and the command line's
 * `--set` name it.
 *
 * Returns: (transfer none) (nullable): the actor, or %NULL
 */
HycoActor *
hyco_model_lookup_actor (HycoModel *self, const char *path)
{
  g_return_val_if_fail (HYCO_IS_MODEL (self), NULL);
  return hyco_composite_actor_lookup_actor (self->toplevel, path);
}

/* Finds the object a parameter path names: an actor, or a composite's director (by its
 * name, or as `director`). */
static GObject *
lookup_parameter_owner (HycoModel *self, const char *owner_path)
{
  const char *dot;
  g_autofree char *container_path = NULL;
  HycoActor *owner;
  HycoDirector *director;

  if (*owner_path == '\0')
    return G_OBJECT (self->toplevel);
  owner = hyco_composite_actor_lookup_actor (self->toplevel, owner_path);
  if (owner)
    return G_OBJECT (owner);
  dot = strrchr (owner_path, '.');
  container_path = dot ? g_strndup (owner_path, (gsize) (dot - owner_path)) : g_strdup ("");
  owner = *container_path ? hyco_composite_actor_lookup_actor (self->toplevel, container_path)
                          : HYCO_ACTOR (self->toplevel);
  if (owner == NULL || !HYCO_IS_COMPOSITE_ACTOR (owner))
    return NULL;
  director = hyco_composite_actor_get_director (HYCO_COMPOSITE_ACTOR (owner));
  if (director == NULL)
    return NULL;
  dot = dot ? dot + 1 : owner_path;
  if (g_str_equal (dot, "director") || g_str_equal (dot, hyco_director_get_name (director)))
    return G_OBJECT (director);
  return NULL;
}

/**
 * hyco_model_set_parameter:
 * @self: a model
 * @path: the parameter's path: `Actor.parameter`, `Inner.Actor.parameter`,
 *   `director.parameter` for the top level's director, `f` for a model parameter of the top
 *   level, `Inner.f` for one of a composite, `Plant.spring.c` for an FMU's parameter whose
 *   name has dots
 * @text: the new value's text: a literal, or an expression over the model parameters
 * @error: return location for a #GError
 *
 * Sets a parameter as the command line's `--set NAME=VALUE` does. A model parameter (see
 * hyco_composite_actor_set_parameter()) must exist already; its new expression must evaluate,
 * and everything computed from it is computed again when the model is next prepared.
 *
 * Returns: %TRUE on success
 */
gboolean
hyco_model_set_parameter (HycoModel *self, const char *path, const char *text, GError **error)
{
  const char *dot;
  const char *name;
  g_autofree char *owner_path = NULL;
  GObject *owner;
  g_autoptr (GError) local_error = NULL;

  g_return_val_if_fail (HYCO_IS_MODEL (self), FALSE);
  g_return_val_if_fail (path != NULL && text != NULL, FALSE);
  if (!refuse_while_running (self, "setting a parameter", error))
    return FALSE;
  dot = strrchr (path, '.');
  name = dot ? dot + 1 : path;
  owner_path = dot ? g_strndup (path, (gsize) (dot - path)) : g_strdup ("");
  owner = lookup_parameter_owner (self, owner_path);
  /* A parameter's name may have dots (an FMU's `spring.c`, from Modelica): the owner is then
   * the nearest actor on the path that has the parameter, or that has no actors inside. */
  for (const char *end = dot; owner == NULL && end != NULL && end > path;)
    {
      g_autofree char *prefix = NULL;
      HycoActor *actor;
      end = g_strrstr_len (path, end - path, ".");
      if (end == NULL)
        break;
      prefix = g_strndup (path, (gsize) (end - path));
      actor = hyco_composite_actor_lookup_actor (self->toplevel, prefix);
      if (actor != NULL
          && (hyco_parameter_owner_has (HYCO_PARAMETER_OWNER (actor), end + 1)
              || !HYCO_IS_COMPOSITE_ACTOR (actor)))
        {
          owner = G_OBJECT (actor);
          name = end + 1;
        }
    }
  if (owner == NULL)
    {
      g_set_error (error, HYCO_MODEL_FILE_ERROR, HYCO_MODEL_FILE_ERROR_UNKNOWN_PARAMETER,
                   "%s: no actor or director named \"%s\" in the model", path, owner_path);
      return FALSE;
    }
  if (!hyco_parameter_owner_set_text (HYCO_PARAMETER_OWNER (owner), name, text, &local_error))
    {
      g_set_error (error, HYCO_MODEL_FILE_ERROR,
                   g_error_matches (local_error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_UNKNOWN)
                     ? HYCO_MODEL_FILE_ERROR_UNKNOWN_PARAMETER
                     : HYCO_MODEL_FILE_ERROR_BAD_VALUE,
                   "%s: %s", path, local_error->message);
      return FALSE;
    }
  self->prepared = FALSE;
  return TRUE;
}

/**
 * hyco_model_set_stop_time:
 * @self: a model
 * @literal: a time in seconds, or `Infinity`
 * @error: return location for a #GError
 *
 * Overrides the top-level director's stop time.
 *
 * Returns: %TRUE on success
 */
gboolean
hyco_model_set_stop_time (HycoModel *self, const char *literal, GError **error)
{
  HycoDirector *director;

  g_return_val_if_fail (HYCO_IS_MODEL (self), FALSE);
  if (!refuse_while_running (self, "setting the stop time", error))
    return FALSE;
  director = hyco_composite_actor_get_director (self->toplevel);
  if (director == NULL)
    {
      g_set_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_STRUCTURE,
                   "the top level %s has no director",
                   hyco_actor_get_name (HYCO_ACTOR (self->toplevel)));
      return FALSE;
    }
  if (!hyco_time_validate (literal, error))
    return FALSE;
  /* Refused here rather than when the model is prepared, which would blame the model file. */
  {
    g_autofree char *start = NULL;
    double start_seconds;
    g_object_get (director, "startTime", &start, NULL);
    start_seconds = start != NULL && *g_strstrip (start) != '\0' ? g_ascii_strtod (start, NULL) : 0;
    if (g_ascii_strtod (literal, NULL) < start_seconds)
      {
        g_set_error (error, HYCO_PARAM_ERROR, HYCO_PARAM_ERROR_BAD_VALUE,
                     "\"%s\" is before the start time %s", literal,
                     start != NULL && *start != '\0' ? start : "0");
        return FALSE;
      }
  }
  if (!hyco_param_set_from_string (G_OBJECT (director), "stopTime", literal, error))
    return FALSE;
  self->prepared = FALSE;
  return TRUE;
}

/**
 * hyco_model_set_trace_file:
 * @self: a model
 * @path: (nullable): a CSV file to write at each run, or %NULL for none
 * @error: return location for a #GError
 *
 * Makes each run write every present value of every output port as a CSV row
 * `signal,time,microstep,value`, with time printed exactly from the integer tick count. A
 * path that cannot be written is reported now, before any run. The file is replaced atomically
 * when the run ends (or fails: then it holds the trace up to the failure), so that a file there
 * before stays as it was until the new trace is complete and on the disk, and stays when the new
 * one cannot be written (hyco_model_get_trace_written() tells).
 *
 * Returns: %TRUE on success
 */
gboolean
hyco_model_set_trace_file (HycoModel *self, const char *path, GError **error)
{
  g_return_val_if_fail (HYCO_IS_MODEL (self), FALSE);
  if (!refuse_while_running (self, "setting the trace file", error))
    return FALSE;
  g_clear_pointer (&self->trace_path, g_free);
  if (path == NULL)
    return TRUE;
  {
    g_autoptr (GError) local_error = NULL;
    if (!_hyco_output_file_check (path, "the trace", &local_error))
      {
        g_set_error (error, HYCO_MODEL_FILE_ERROR, HYCO_MODEL_FILE_ERROR_IO, "%s",
                     local_error->message);
        return FALSE;
      }
  }
  self->trace_path = g_strdup (path);
  return TRUE;
}

/**
 * hyco_model_get_trace_written:
 * @self: a model
 *
 * Whether the last run wrote its trace file (see hyco_model_set_trace_file()), completely: up to
 * its end, or up to its failure when it failed. A trace that could not be written (a full disk)
 * leaves the file that was there before as it was.
 *
 * Returns: %TRUE if the trace file holds the last run's trace
 */
gboolean
hyco_model_get_trace_written (HycoModel *self)
{
  g_return_val_if_fail (HYCO_IS_MODEL (self), FALSE);
  return self->trace_written;
}

/**
 * hyco_model_set_record_results:
 * @self: a model
 * @record: whether each run records its signals
 *
 * Makes each run record every output signal (or the probes, see hyco_model_set_probes()) in
 * memory: each sample's tag, presence and value, for hyco_model_get_results(), plots and
 * result files. Memory grows by about 25 bytes per sample: per tag at which a recorded
 * signal's actor fires.
 */
void
hyco_model_set_record_results (HycoModel *self, gboolean record)
{
  g_return_if_fail (HYCO_IS_MODEL (self));
  g_return_if_fail (!g_atomic_int_get (&self->running));
  self->record_results = record;
}

/**
 * hyco_model_set_probes:
 * @self: a model
 * @signals: (nullable) (array zero-terminated=1): the names of the signals to record, as in
 *   the trace (`Clock1.output`), or %NULL for all
 *
 * Restricts what hyco_model_set_record_results() records. The names are checked when the
 * model is prepared: see hyco_model_list_signals().
 */
void
hyco_model_set_probes (HycoModel *self, const char *const *signals)
{
  g_return_if_fail (HYCO_IS_MODEL (self));
  g_return_if_fail (!g_atomic_int_get (&self->running));
  g_strfreev (self->probes);
  self->probes = g_strdupv ((char **) signals);
  self->prepared = FALSE;
}

/**
 * hyco_model_get_results:
 * @self: a model
 *
 * Gets the results the last run recorded, when hyco_model_set_record_results() asked for them; they
 * stay valid until the next run starts.
 *
 * Returns: (transfer none) (nullable): what the last run recorded, or %NULL when it recorded
 *   nothing (see hyco_model_set_record_results())
 */
HycoResults *
hyco_model_get_results (HycoModel *self)
{
  g_return_val_if_fail (HYCO_IS_MODEL (self), NULL);
  return self->results;
}

static void
collect_signals (HycoCompositeActor *composite, GPtrArray *names)
{
  g_autoptr (GPtrArray) actors = hyco_composite_actor_get_actors (composite);

  for (guint i = 0; i < actors->len; i++)
    {
      GPtrArray *ports = _hyco_actor_get_private (actors->pdata[i])->ports;
      for (guint p = 0; p < ports->len; p++)
        {
          HycoPort *port = ports->pdata[p];
          g_autofree char *name = NULL;
          if (!(port->flags & HYCO_PORT_OUTPUT) || port->n_signals == 0)
            continue;
          name = hyco_port_get_full_name (port);
          for (guint c = 0; c < port->n_signals; c++)
            g_ptr_array_add (names, port->n_signals > 1 ? g_strdup_printf ("%s[%u]", name, c)
                                                        : g_strdup (name));
        }
      if (HYCO_IS_COMPOSITE_ACTOR (actors->pdata[i]))
        collect_signals (actors->pdata[i], names);
    }
}

/* The names of the output channels as they are now: none before the model is prepared. */
static char **
signal_names (HycoModel *self)
{
  GPtrArray *names = g_ptr_array_new ();

  collect_signals (self->toplevel, names);
  g_ptr_array_add (names, NULL);
  return (char **) g_ptr_array_free (names, FALSE);
}

/**
 * hyco_model_list_signals:
 * @self: a model
 *
 * Lists the signals a run can trace and record: every channel of every output port below the
 * top level, named as in the trace (`Inner.Clock.output`, `Add.output[1]` for one channel of
 * a multiport), in model order.
 *
 * How many channels a multiport has is known only once the model's relations are resolved, so
 * a model that is not prepared is prepared first, as hyco_model_run() would (see
 * hyco_model_prepare()). A model that cannot be prepared has no signals to list: the list is
 * then empty, and hyco_model_prepare() says why.
 *
 * Returns: (transfer full) (array zero-terminated=1): the signal names
 */
char **
hyco_model_list_signals (HycoModel *self)
{
  g_return_val_if_fail (HYCO_IS_MODEL (self), NULL);
  if (!self->prepared && !g_atomic_int_get (&self->running))
    prepare (self, NULL);
  return signal_names (self);
}

/* Whether the directors feed sinks (_hyco_model_trace_outputs()) or only count events. */
gboolean
_hyco_model_has_trace (HycoModel *self)
{
  return self->sinks->len > 0;
}

/* Events of actors the directors did not postfire (see HYCO_PRECOMPUTED_DONE). */
void
_hyco_model_add_events (HycoModel *self, guint64 events)
{
  self->events += events;
}

static PortSignals *
lookup_port_signals (HycoModel *self, HycoPort *port)
{
  PortSignals *signals = g_hash_table_lookup (self->port_signals, port);
  g_autofree char *name = NULL;

  if (G_LIKELY (signals && signals->n_channels == port->n_signals))
    return signals;
  signals = g_new0 (PortSignals, 1);
  signals->first = self->n_signals;
  signals->n_channels = port->n_signals;
  signals->names = g_new0 (char *, port->n_signals + 1);
  name = hyco_port_get_full_name (port);
  for (guint c = 0; c < port->n_signals; c++)
    signals->names[c] = port->n_signals > 1 ? g_strdup_printf ("%s[%u]", name, c) : g_strdup (name);
  self->n_signals += port->n_signals;
  g_hash_table_replace (self->port_signals, port, signals);
  return signals;
}

void
_hyco_model_trace_outputs (HycoModel *self, HycoActor *actor, const HycoTag *tag)
{
  HycoActorPrivate *priv = _hyco_actor_get_private (actor);
  GPtrArray *ports = priv->ports;

  /* The actor's cache of the table, from this prepare on: the table stays as it is meanwhile,
   * but for entries it adds, and replaces only when a port's width changed. */
  if (G_UNLIKELY (priv->trace_generation != self->trace_generation
                  || priv->n_trace_ports != ports->len))
    {
      g_free (priv->trace_ports);
      priv->trace_ports = g_new0 (gpointer, MAX (ports->len, 1));
      priv->n_trace_ports = ports->len;
      priv->trace_generation = self->trace_generation;
    }
  for (guint i = 0; i < ports->len; i++)
    {
      HycoPort *port = ports->pdata[i];
      PortSignals *signals;
      if (!(port->flags & HYCO_PORT_OUTPUT))
        continue;
      if (self->sinks->len == 0)
        {
          for (guint c = 0; c < port->n_signals; c++)
            self->events += hyco_signal_status (&port->signals[c]) == HYCO_SIGNAL_PRESENT;
          continue;
        }
      signals = priv->trace_ports[i];
      if (G_UNLIKELY (signals == NULL || signals->n_channels != port->n_signals))
        signals = priv->trace_ports[i] = lookup_port_signals (self, port);
      for (guint c = 0; c < port->n_signals; c++)
        {
          HycoSignal *signal = &port->signals[c];
          HycoSignalStatus status = hyco_signal_status (signal);
          if (status == HYCO_SIGNAL_UNKNOWN)
            continue;
          self->events += status == HYCO_SIGNAL_PRESENT;
          for (guint k = 0; k < self->sinks->len; k++)
            {
              HycoSink *sink = self->sinks->pdata[k];
              if (status == HYCO_SIGNAL_PRESENT || sink->klass->wants_absent)
                sink->klass->write (sink, signals->first + c, signals->names[c], tag,
                                    self->iterations, signal);
            }
        }
    }
}

/* Gives the results the units of the output ports that have one, under their signal names. */
static void
note_units (HycoResults *results, HycoActor *actor)
{
  GPtrArray *ports = _hyco_actor_get_private (actor)->ports;

  for (guint i = 0; i < ports->len; i++)
    {
      HycoPort *port = ports->pdata[i];
      g_autofree char *name = NULL;
      if (port->unit == NULL || !(port->flags & HYCO_PORT_OUTPUT))
        continue;
      name = hyco_port_get_full_name (port);
      if (port->n_signals <= 1)
        _hyco_results_set_unit (results, name, port->unit);
      for (guint c = 0; port->n_signals > 1 && c < port->n_signals; c++)
        {
          g_autofree char *channel = g_strdup_printf ("%s[%u]", name, c);
          _hyco_results_set_unit (results, channel, port->unit);
        }
    }
  if (HYCO_IS_COMPOSITE_ACTOR (actor))
    {
      g_autoptr (GPtrArray) actors = hyco_composite_actor_get_actors ((gpointer) actor);
      for (guint i = 0; i < actors->len; i++)
        note_units (results, actors->pdata[i]);
    }
}

static gboolean
check_probes (HycoModel *self, GError **error)
{
  g_auto (GStrv) names = signal_names (self);

  for (guint i = 0; self->probes[i]; i++)
    if (!g_strv_contains ((const char *const *) names, self->probes[i]))
      {
        g_autofree char *known = g_strjoinv (", ", names);
        g_set_error (error, HYCO_RESULTS_ERROR, HYCO_RESULTS_ERROR_UNKNOWN_SIGNAL,
                     "no output signal named \"%s\": the signals are %s", self->probes[i],
                     *known ? known : "none");
        return FALSE;
      }
  return TRUE;
}

/**
 * hyco_model_prepare:
 * @self: a model
 * @error: return location for a #GError
 *
 * Checks that the model can run: parameters, structure, and causality (a real zero-delay loop
 * is reported here, naming the actors and ports on it). hyco_model_run() prepares the model
 * itself when needed; call this first to tell a model that cannot run from a run that fails.
 *
 * Returns: %TRUE if the model can run
 */
gboolean
hyco_model_prepare (HycoModel *self, GError **error)
{
  g_return_val_if_fail (HYCO_IS_MODEL (self), FALSE);
  if (!refuse_while_running (self, "preparing it", error))
    return FALSE;
  return prepare (self, error);
}

static gboolean
prepare (HycoModel *self, GError **error)
{
  if (hyco_composite_actor_get_director (self->toplevel) == NULL)
    {
      g_set_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_STRUCTURE,
                   "the top level %s has no director: add one (for example DEDirector)",
                   hyco_actor_get_name (HYCO_ACTOR (self->toplevel)));
      return FALSE;
    }
  _hyco_composite_actor_set_model (self->toplevel, self);
  /* The actors that check runs add their checks again as they are preinitialized. */
  g_array_set_size (self->run_checks, 0);
  g_hash_table_remove_all (self->port_signals);
  self->n_signals = 0;
  self->trace_generation = next_trace_generation ();
  {
    HycoDirector *director = hyco_composite_actor_get_director (self->toplevel);

    /* The top level's director may compute its resolution from model parameters. */
    if (!_hyco_param_resolve_expressions (G_OBJECT (director), error)
        || !_hyco_director_parse_resolution (director, &self->resolution, error))
      return FALSE;
  }
  self->prepared = hyco_actor_preinitialize (HYCO_ACTOR (self->toplevel), error);
  if (self->prepared && self->probes && !check_probes (self, error))
    self->prepared = FALSE;
  return self->prepared;
}

static inline void
publish_progress (HycoModel *self, const HycoTag *tag)
{
  atomic_store_explicit (&self->progress_time, tag->time, memory_order_relaxed);
  atomic_store_explicit (&self->progress_microstep, tag->microstep, memory_order_relaxed);
  atomic_store_explicit (&self->progress_iterations, self->iterations, memory_order_relaxed);
  atomic_store_explicit (&self->progress_events, self->events, memory_order_relaxed);
}

/**
 * hyco_model_get_progress:
 * @self: a model
 * @tag: (out caller-allocates): the last tag the top level finished
 * @iterations: (out) (optional): the tags executed so far
 * @events: (out) (optional): the present values written so far
 *
 * Reads how far a run has come. Unlike the rest of the model's API, this may be called from
 * any thread while another runs the model (for a progress display): it only reads numbers
 * the run stores after each tag.
 */
void
hyco_model_get_progress (HycoModel *self, HycoTag *tag, guint64 *iterations, guint64 *events)
{
  g_return_if_fail (HYCO_IS_MODEL (self));
  g_return_if_fail (tag != NULL);
  tag->time = atomic_load_explicit (&self->progress_time, memory_order_relaxed);
  tag->microstep = atomic_load_explicit (&self->progress_microstep, memory_order_relaxed);
  if (iterations)
    *iterations = atomic_load_explicit (&self->progress_iterations, memory_order_relaxed);
  if (events)
    *events = atomic_load_explicit (&self->progress_events, memory_order_relaxed);
}

gboolean
_hyco_model_begin_run (HycoModel *self, GError **error)
{
  if (g_atomic_int_compare_and_exchange (&self->running, FALSE, TRUE))
    return TRUE;
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_PENDING, "the model %s is already running",
               hyco_actor_get_name (HYCO_ACTOR (self->toplevel)));
  return FALSE;
}

void
_hyco_model_end_run (HycoModel *self)
{
  g_atomic_int_set (&self->running, FALSE);
}

/**
 * hyco_model_is_running:
 * @self: a model
 *
 * Whether a run is going on (hyco_model_run() on another thread, or hyco_model_run_async()
 * before its callback). Like hyco_model_get_progress(), this may be called from any thread.
 *
 * Returns: %TRUE while the model runs
 */
gboolean
hyco_model_is_running (HycoModel *self)
{
  g_return_val_if_fail (HYCO_IS_MODEL (self), FALSE);
  return g_atomic_int_get (&self->running);
}

/**
 * hyco_model_run:
 * @self: a model
 * @cancellable: (nullable): cancels the run between two tags
 * @error: return location for a #GError
 *
 * Runs the model from its start to its stop time, or until no event is left. Every actor is
 * wrapped up, also after a failure or a cancellation (%G_IO_ERROR_CANCELLED). A model runs
 * once at a time: while it runs, another run fails with %G_IO_ERROR_PENDING. See
 * hyco_model_run_async() to run it without blocking a main loop.
 *
 * Returns: %TRUE if the run completed
 */
gboolean
hyco_model_run (HycoModel *self, GCancellable *cancellable, GError **error)
{
  gboolean ok;

  g_return_val_if_fail (HYCO_IS_MODEL (self), FALSE);
  g_return_val_if_fail (cancellable == NULL || G_IS_CANCELLABLE (cancellable), FALSE);
  if (!_hyco_model_begin_run (self, error))
    return FALSE;
  ok = _hyco_model_run_started (self, cancellable, error);
  _hyco_model_end_run (self);
  return ok;
}

/* The run itself, once _hyco_model_begin_run() succeeded; on the run's thread. */
gboolean
_hyco_model_run_started (HycoModel *self, GCancellable *cancellable, GError **error)
{
  HycoActor *top;
  HycoDirector *director;
  HycoDirectorClass *klass;
  g_autoptr (GError) failure = NULL;
  HycoSink *trace = NULL;
  gboolean ok;

  if (!self->prepared && !prepare (self, error))
    return FALSE;
  self->prepared = FALSE;
  top = HYCO_ACTOR (self->toplevel);
  director = hyco_composite_actor_get_director (self->toplevel);
  self->iterations = 0;
  self->events = 0;
  g_clear_pointer (&self->stop_reason, g_free);
  for (guint i = 0; i < self->counters->len; i++)
    ((HycoModelCounter *) self->counters->pdata[i])->value = 0;
  publish_progress (self, &(HycoTag){ 0, 0 });

  self->trace_written = FALSE;
  if (self->trace_path)
    {
      trace
        = _hyco_trace_sink_open (self->trace_path, hyco_director_get_resolution (director), error);
      if (trace == NULL)
        return FALSE;
      g_ptr_array_add (self->sinks, trace);
    }
  g_clear_object (&self->results);
  if (self->record_results)
    {
      self->results = _hyco_results_new (hyco_director_get_resolution (director));
      note_units (self->results, HYCO_ACTOR (self->toplevel));
      g_ptr_array_add (self->sinks,
                       _hyco_results_sink_new (self->results, (const char *const *) self->probes));
    }

  klass = HYCO_DIRECTOR_GET_CLASS (director);
  ok = hyco_actor_initialize (top, &failure);
  while (ok)
    {
      if (cancellable != NULL && g_cancellable_set_error_if_cancelled (cancellable, &failure))
        {
          ok = FALSE;
          break;
        }
      /* The director's methods directly: this loop runs once per tag. */
      if (!klass->prefire (director, &failure))
        {
          ok = failure == NULL;
          break;
        }
      ok = klass->fire (director, &failure) && klass->postfire (director, &failure);
      self->iterations++;
      publish_progress (self, &_hyco_director_get_private (director)->current);
      if (G_UNLIKELY (self->stop_reason != NULL))
        break;
    }
  /* Wrap up whatever happened; a failure during the run is the one reported. */
  if (!hyco_actor_wrapup (top, failure ? NULL : &failure))
    ok = FALSE;
  {
    HycoTag reached;
    hyco_model_get_current_tag (self, &reached);
    for (guint i = 0; i < self->sinks->len; i++)
      {
        HycoSink *sink = self->sinks->pdata[i];
        g_autoptr (GError) sink_error = NULL;
        gboolean closed = sink->klass->close (sink, self->iterations, reached.time, &sink_error);

        if (sink == trace)
          self->trace_written = closed;
        if (closed)
          continue;
        ok = FALSE;
        /* A run that failed and could not keep its trace says both. */
        if (failure == NULL)
          failure = g_steal_pointer (&sink_error);
        else
          g_prefix_error (&failure, "%s; and the run failed: ", sink_error->message);
      }
    g_ptr_array_set_size (self->sinks, 0);
  }
  /* Whether the run passed is the run checks' to say: a model may expect to fail. */
  for (guint i = 0; i < self->run_checks->len; i++)
    {
      RunCheck *check = &g_array_index (self->run_checks, RunCheck, i);
      check->check (self, &failure, check->user_data);
    }
  if (self->run_checks->len > 0)
    ok = failure == NULL;
  if (!ok)
    g_propagate_error (error, g_steal_pointer (&failure));
  return ok;
}

/**
 * hyco_model_add_run_check:
 * @self: a model
 * @check: (scope notified): the check
 * @user_data: its data, which must live as long as the model's actors
 *
 * Makes @check decide, at the end of each run, whether the run passed: it is given the error
 * that ended the run (or %NULL) after every actor was wrapped up and may clear it or set one.
 * This is how a model declares that it is meant to fail, and how (Ptolemy II's
 * TestExceptionHandler and TestExceptionAttribute, which pass when the run fails with the
 * exception they expect): an actor adds its check when it is preinitialized, since each
 * hyco_model_prepare() removes the checks of the previous run. Checks run in the order they
 * were added, each seeing the error the previous one left.
 */
void
hyco_model_add_run_check (HycoModel *self, HycoModelRunCheck check, gpointer user_data)
{
  RunCheck entry = { check, user_data };

  g_return_if_fail (HYCO_IS_MODEL (self));
  g_return_if_fail (check != NULL);
  g_array_append_val (self->run_checks, entry);
}

void
_hyco_model_request_stop (HycoModel *self, HycoActor *actor, const char *reason)
{
  g_autofree char *name = NULL;

  if (self->stop_reason != NULL)
    return;
  name = hyco_actor_get_full_name (actor);
  self->stop_reason
    = g_strdup_printf ("%s: %s", *name ? name : hyco_actor_get_name (actor), reason);
}

/**
 * hyco_model_get_stop_reason:
 * @self: a model
 *
 * Tells why the last run ended before its stop time, when an actor asked it to end (a Stop actor).
 *
 * Returns: (nullable): why the last run ended before its stop time, when an actor ended it
 *   (hyco_actor_request_stop()): the actor's name and its reason; %NULL otherwise
 */
const char *
hyco_model_get_stop_reason (HycoModel *self)
{
  g_return_val_if_fail (HYCO_IS_MODEL (self), NULL);
  return self->stop_reason;
}

/**
 * hyco_model_get_resolution:
 * @self: a model
 *
 * Gets the model's time resolution, from its top-level director's parameters: times in ticks of the
 * model (hyco_director_get_stop_time(), the results' times) are in units of 10^r seconds.
 *
 * Returns: the resolution exponent r (ticks of 10^r s) settled when the model was last
 *   prepared; the default before
 */
int
hyco_model_get_resolution (HycoModel *self)
{
  g_return_val_if_fail (HYCO_IS_MODEL (self), HYCO_DEFAULT_RESOLUTION);
  return self->resolution;
}

/**
 * hyco_model_get_current_tag:
 * @self: a model
 * @tag: (out caller-allocates): the tag the top level reached
 *
 * Gets the last tag the top-level director executed.
 */
void
hyco_model_get_current_tag (HycoModel *self, HycoTag *tag)
{
  HycoDirector *director;

  g_return_if_fail (HYCO_IS_MODEL (self));
  director = hyco_composite_actor_get_director (self->toplevel);
  tag->time = 0;
  tag->microstep = 0;
  if (director)
    hyco_director_get_current_tag (director, tag);
}

static guint64
count_firings (HycoCompositeActor *composite)
{
  guint64 total = 0;
  g_autoptr (GPtrArray) actors = hyco_composite_actor_get_actors (composite);
  HycoDirector *director = hyco_composite_actor_get_director (composite);

  if (director)
    total += hyco_director_get_firing_count (director);
  for (guint i = 0; i < actors->len; i++)
    if (HYCO_IS_COMPOSITE_ACTOR (actors->pdata[i]))
      total += count_firings (actors->pdata[i]);
  return total;
}

/**
 * hyco_model_get_firing_count:
 * @self: a model
 *
 * Counts the actor firings of the last run, made by every director of the model.
 *
 * Returns: how many actor firings the last run made, at every level
 */
guint64
hyco_model_get_firing_count (HycoModel *self)
{
  g_return_val_if_fail (HYCO_IS_MODEL (self), 0);
  return count_firings (self->toplevel);
}

/**
 * hyco_model_get_iteration_count:
 * @self: a model
 *
 * Counts the tags the last run executed at the top level.
 *
 * Returns: how many tags the top level executed in the last run
 */
guint64
hyco_model_get_iteration_count (HycoModel *self)
{
  g_return_val_if_fail (HYCO_IS_MODEL (self), 0);
  return self->iterations;
}

/**
 * hyco_model_get_event_count:
 * @self: a model
 *
 * Counts the present values the last run's actors wrote.
 *
 * Returns: how many present values the actors wrote in the last run, at every level (the
 *   rows a trace has)
 */
guint64
hyco_model_get_event_count (HycoModel *self)
{
  g_return_val_if_fail (HYCO_IS_MODEL (self), 0);
  return self->events;
}

HycoModelCounter *
_hyco_model_get_counter (HycoModel *self, const char *name)
{
  HycoModelCounter *counter;

  for (guint i = 0; i < self->counters->len; i++)
    {
      counter = self->counters->pdata[i];
      if (g_str_equal (counter->name, name))
        return counter;
    }
  counter = g_new0 (HycoModelCounter, 1);
  counter->name = g_strdup (name);
  g_ptr_array_add (self->counters, counter);
  return counter;
}

void
_hyco_model_counter_add (HycoModelCounter *counter, guint64 amount)
{
  counter->value += amount;
}

/**
 * hyco_model_get_statistics:
 * @self: a model
 *
 * Gets what the last run did, as a dictionary (`a{sv}`) with these entries:
 *
 * - `time` (`x`): the model time reached, in ticks; `resolution` (`i`): their exponent
 * - `iterations` (`t`): the tags the top level executed
 * - `firings` (`t`): actor firings, at every level
 * - `events` (`t`): present values written (the trace's rows)
 *
 * and one `t` entry for each counter a director keeps, such as `steps` and `rollbacks` for
 * directors that integrate, and `compiled`, their solver stages computed from the functions
 * actors declare (#HycoStageFunction) rather than by firing them.
 *
 * Returns: (transfer full): the statistics
 */
GVariant *
hyco_model_get_statistics (HycoModel *self)
{
  GVariantBuilder builder;
  HycoTag reached;

  g_return_val_if_fail (HYCO_IS_MODEL (self), NULL);
  hyco_model_get_current_tag (self, &reached);
  g_variant_builder_init (&builder, G_VARIANT_TYPE_VARDICT);
  g_variant_builder_add (&builder, "{sv}", "time", g_variant_new_int64 (reached.time));
  g_variant_builder_add (&builder, "{sv}", "resolution", g_variant_new_int32 (self->resolution));
  g_variant_builder_add (&builder, "{sv}", "iterations", g_variant_new_uint64 (self->iterations));
  g_variant_builder_add (&builder, "{sv}", "firings",
                         g_variant_new_uint64 (hyco_model_get_firing_count (self)));
  g_variant_builder_add (&builder, "{sv}", "events", g_variant_new_uint64 (self->events));
  for (guint i = 0; i < self->counters->len; i++)
    {
      HycoModelCounter *counter = self->counters->pdata[i];
      g_variant_builder_add (&builder, "{sv}", counter->name,
                             g_variant_new_uint64 (counter->value));
    }
  return g_variant_ref_sink (g_variant_builder_end (&builder));
}

/* The parameters of @object's class, through the parameter protocol. Those another provider
 * adds are shown in their own words below: a composite's model parameters with their values
 * (describe_model_parameters), an FMU's variables by its module's description. */
static void
describe_parameters (GString *out, GObject *object, const char *indent)
{
  HycoParameterOwner *owner = HYCO_PARAMETER_OWNER (object);
  g_auto (GStrv) names = hyco_parameter_owner_list (owner);

  for (guint i = 0; names[i] != NULL; i++)
    {
      g_autofree char *value = NULL;

      if (g_object_class_find_property (G_OBJECT_GET_CLASS (object), names[i]) == NULL)
        continue;
      value = hyco_parameter_owner_get_text (owner, names[i]);
      g_string_append_printf (out, "%sparameter %s = %s%s\n", indent, names[i], value,
                              hyco_parameter_owner_is_set (owner, names[i]) ? "  (set)" : "");
    }
}

/* A composite's model parameters, each with its expression and its value now. */
static void
describe_model_parameters (GString *out, HycoCompositeActor *composite, const char *indent)
{
  g_auto (GStrv) names = hyco_composite_actor_list_parameters (composite);

  for (guint i = 0; names[i]; i++)
    {
      const char *name = names[i];
      const char *text = hyco_composite_actor_get_parameter_text (composite, name);
      g_autoptr (GError) error = NULL;
      g_auto (HycoValue) value = HYCO_VALUE_INIT;
      g_autofree char *shown = NULL;

      g_string_append_printf (out, "%sparameter %s = %s  (model parameter", indent, name, text);
      if (!hyco_composite_actor_evaluate_parameter_value (composite, name, &value, &error))
        g_string_append_printf (out, "; error: %s)\n", error->message);
      else
        {
          /* Numbers as doubles, as inspection has always shown them. */
          if (hyco_value_get_value_type (&value) == HYCO_VALUE_TYPE_INT
              || hyco_value_get_value_type (&value) == HYCO_VALUE_TYPE_BOOLEAN)
            hyco_value_set_double (&value, hyco_value_get_double (&value));
          shown = hyco_value_to_literal (&value);
          g_string_append_printf (out, ", %s)\n", shown);
        }
    }
}

/* How a composite without a director of its own runs: as its class or its container's
 * class says (a modal model, a refinement), or transparently. */
static const char *
execution_note (HycoActor *composite)
{
  const HycoModelSyntax *own = _hyco_model_syntax_lookup (G_OBJECT_TYPE (composite));
  HycoCompositeActor *container = hyco_actor_get_container (composite);
  const HycoModelSyntax *outer
    = container ? _hyco_model_syntax_lookup (G_OBJECT_TYPE (container)) : NULL;

  if (own != NULL && own->execution_note != NULL)
    return own->execution_note;
  if (outer != NULL && outer->inner_execution_note != NULL)
    return outer->inner_execution_note;
  return "transparent: no director";
}

static void
describe_actor (GString *out, HycoActor *actor, int level)
{
  const HycoModelSyntax *syntax = _hyco_model_syntax_lookup (G_OBJECT_TYPE (actor));
  g_autofree char *indent = g_strnfill ((gsize) level * 2, ' ');
  g_autofree char *inner = g_strnfill ((gsize) level * 2 + 2, ' ');
  const char *class_name = hyco_registry_get_name (G_OBJECT_TYPE (actor));
  g_autoptr (GPtrArray) ports = hyco_actor_get_ports (actor);

  g_string_append_printf (
    out, "%s%s %s (%s)\n", indent, HYCO_IS_COMPOSITE_ACTOR (actor) ? "composite" : "actor",
    hyco_actor_get_name (actor), class_name ? class_name : G_OBJECT_TYPE_NAME (actor));
  if (HYCO_IS_COMPOSITE_ACTOR (actor))
    {
      HycoDirector *director = hyco_composite_actor_get_director ((gpointer) actor);
      if (director)
        {
          const char *dname = hyco_registry_get_name (G_OBJECT_TYPE (director));
          g_autofree char *dindent = g_strconcat (inner, "  ", NULL);
          g_string_append_printf (out, "%sdirector %s (%s)\n", inner,
                                  hyco_director_get_name (director),
                                  dname ? dname : G_OBJECT_TYPE_NAME (director));
          describe_parameters (out, G_OBJECT (director), dindent);
        }
      else
        g_string_append_printf (out, "%s(%s)\n", inner, execution_note (actor));
    }
  for (guint i = 0; i < ports->len; i++)
    {
      HycoPort *port = ports->pdata[i];
      g_autoptr (GPtrArray) flags = g_ptr_array_new ();
      g_autofree char *joined = NULL;
      if (port->flags & HYCO_PORT_INPUT)
        g_ptr_array_add (flags, "input");
      if (port->flags & HYCO_PORT_OUTPUT)
        g_ptr_array_add (flags, "output");
      if (port->flags & HYCO_PORT_MULTIPORT)
        g_ptr_array_add (flags, "multiport");
      g_ptr_array_add (flags, NULL);
      joined = g_strjoinv (", ", (char **) flags->pdata);
      g_string_append_printf (out, "%sport %s (%s)\n", inner, port->name, joined);
    }
  describe_parameters (out, G_OBJECT (actor), inner);
  if (syntax != NULL && syntax->describe != NULL)
    syntax->describe (actor, out, inner);
  if (HYCO_IS_COMPOSITE_ACTOR (actor))
    describe_model_parameters (out, HYCO_COMPOSITE_ACTOR (actor), inner);
  if (HYCO_IS_COMPOSITE_ACTOR (actor))
    {
      g_autoptr (GPtrArray) actors = hyco_composite_actor_get_actors ((gpointer) actor);
      g_autoptr (GPtrArray) relations = hyco_composite_actor_get_relations ((gpointer) actor);
      for (guint i = 0; i < actors->len; i++)
        describe_actor (out, actors->pdata[i], level + 1);
      for (guint i = 0; i < relations->len; i++)
        {
          g_autoptr (GPtrArray) linked = hyco_relation_get_linked_ports (relations->pdata[i]);
          g_string_append_printf (out, "%srelation %s:", inner,
                                  hyco_relation_get_name (relations->pdata[i]));
          for (guint k = 0; k < linked->len; k++)
            {
              HycoPort *port = linked->pdata[k];
              if (port->container == actor)
                g_string_append_printf (out, " %s", port->name);
              else
                g_string_append_printf (out, " %s.%s", hyco_actor_get_name (port->container),
                                        port->name);
            }
          g_string_append_c (out, '\n');
        }
    }
}

/**
 * hyco_model_describe:
 * @self: a model
 *
 * Describes the model's hierarchy as text, as the command line's `hyco inspect` prints it, for
 * reading and for comparing two models.
 *
 * Returns: (transfer full): the hierarchy as text: composites, directors, actors, ports,
 *   relations with their links, and parameters with their values
 */
char *
hyco_model_describe (HycoModel *self)
{
  GString *out = g_string_new (NULL);

  g_return_val_if_fail (HYCO_IS_MODEL (self), g_string_free (out, FALSE));
  describe_actor (out, HYCO_ACTOR (self->toplevel), 0);
  return g_string_free (out, FALSE);
}
