/* hyco-server.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actors-private.h"
#include "hyco-actors.h"

#include <math.h>

/**
 * HycoServer:
 *
 * Ptolemy II's Server (`ptolemy.domains.de.lib.Server`): each input is a job, queued and
 * served one at a time; a job's input is produced when its service ends, `serviceTime` after
 * its service began (at least one microstep after it arrived). A job's service time and
 * priority are the values of `serviceTime` and `priority` (parameters, or their input ports)
 * at its arrival. Jobs are served by decreasing priority, then in arrival order; a job that
 * arrives with a higher priority than the one in service preempts it, which resumes later
 * with the service time it had left. At every firing `size` gives the number of jobs queued
 * or in service. A positive `capacity` bounds the queue: an arrival beyond it is an error.
 *
 * The outputs never depend on the inputs at the same tag.
 */
enum
{
  PROP_0,
  PROP_SERVICE_TIME,
  PROP_PRIORITY,
  PROP_CAPACITY,
  PROP_NEW_SERVICE_TIME,
  N_PROPS
};

typedef struct
{
  HycoValue payload;
  gint64 remaining; /* service time left, in ticks */
  double priority;
  guint64 counter; /* arrival order */
} Job;

struct _HycoServer
{
  HycoActor parent_instance;

  char *literals[N_PROPS];
  gint64 service_time;
  double priority;
  gint64 capacity;

  GArray *jobs; /* by decreasing priority, then arrival; jobs[0] is in service */
  gint64 next_free;
  guint64 counter;

  /* What the last fire found, for postfire. */
  gint64 arriving_service;
  double arriving_priority;
  gboolean served;

  HycoPort *input;
  HycoPort *service_port;
  HycoPort *priority_port;
  HycoPort *output;
  HycoPort *size;
};

G_DEFINE_FINAL_TYPE (HycoServer, hyco_server, HYCO_TYPE_ACTOR)
HYCO_REGISTER_DEFINE (server, HYCO_TYPE_SERVER, "Server")

static GParamSpec *properties[N_PROPS];

static void
job_clear (gpointer data)
{
  hyco_value_clear (&((Job *) data)->payload);
}

static void
hyco_server_constructed (GObject *object)
{
  HycoServer *self = HYCO_SERVER (object);
  HycoActor *actor = HYCO_ACTOR (object);

  G_OBJECT_CLASS (hyco_server_parent_class)->constructed (object);
  self->input = hyco_actor_get_port (actor, "input");
  self->service_port = hyco_actor_get_port (actor, "serviceTime");
  self->priority_port = hyco_actor_get_port (actor, "priority");
  self->output = hyco_actor_get_port (actor, "output");
  self->size = hyco_actor_get_port (actor, "size");
}

static void
hyco_server_finalize (GObject *object)
{
  HycoServer *self = HYCO_SERVER (object);

  _hyco_literals_clear (self->literals, N_PROPS);
  g_array_unref (self->jobs);
  G_OBJECT_CLASS (hyco_server_parent_class)->finalize (object);
}

static void
hyco_server_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  _hyco_literals_get (HYCO_SERVER (object)->literals, N_PROPS, prop_id, value);
}

static void
hyco_server_set_property (GObject *object, guint prop_id, const GValue *value,
                          GParamSpec *pspec)
{
  _hyco_literals_set (object, HYCO_SERVER (object)->literals, N_PROPS, prop_id, value, pspec);
}

static gboolean
read_priority (HycoActor *actor, const char *what, const HycoValue *value, double *priority,
               GError **error)
{
  if (hyco_value_is_numeric (value) && !isnan (hyco_value_get_double (value)))
    {
      *priority = hyco_value_get_double (value);
      return TRUE;
    }
  hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_PARAMETER, "%s: must be a number", what);
  return FALSE;
}

static gboolean
hyco_server_preinitialize (HycoActor *actor, GError **error)
{
  HycoServer *self = HYCO_SERVER (actor);
  g_auto (HycoValue) priority = HYCO_VALUE_INIT;

  /* The older name wins when a model sets it. */
  const char *service_name
    = hyco_param_is_default (G_OBJECT (actor), properties[PROP_NEW_SERVICE_TIME])
        ? "serviceTime"
        : "newServiceTime";

  return _hyco_actors_get_positive_time (actor, service_name, TRUE, NULL, &self->service_time,
                                         error)
         && _hyco_actors_parse_value (actor, "priority", self->literals[PROP_PRIORITY],
                                      &priority, error)
         && read_priority (actor, "parameter priority", &priority, &self->priority, error)
         && _hyco_actors_parse_count (actor, "capacity", self->literals[PROP_CAPACITY],
                                      &self->capacity, error);
}

static gboolean
hyco_server_initialize (HycoActor *actor, GError **error)
{
  HycoServer *self = HYCO_SERVER (actor);

  g_array_set_size (self->jobs, 0);
  self->counter = 0;
  self->next_free = G_MININT64;
  /* The inputs may have changed them in the previous run. */
  return hyco_server_preinitialize (actor, error);
}

static gboolean
present (HycoPort *port)
{
  return hyco_port_get_width (port) > 0 && hyco_port_is_present (port, 0);
}

static gboolean
hyco_server_fire (HycoActor *actor, GError **error)
{
  HycoServer *self = HYCO_SERVER (actor);
  gint64 now = hyco_actor_get_current_time (actor);
  gboolean arrival = present (self->input);
  gboolean preempted;
  guint size = self->jobs->len;

  self->arriving_service = self->service_time;
  self->arriving_priority = self->priority;
  if (present (self->service_port))
    {
      if (!_hyco_actors_value_to_ticks (actor, "input serviceTime",
                                        hyco_port_get_value (self->service_port, 0),
                                        &self->arriving_service, error))
        return FALSE;
      if (self->arriving_service < 0)
        {
          hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_PARAMETER,
                                "input serviceTime: must not be negative");
          return FALSE;
        }
    }
  if (present (self->priority_port)
      && !read_priority (actor, "input priority", hyco_port_get_value (self->priority_port, 0),
                         &self->arriving_priority, error))
    return FALSE;
  if (arrival)
    {
      if (self->capacity > 0 && (gint64) size >= self->capacity)
        {
          hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_FAILED,
                                "the queue is full (capacity %" G_GINT64_FORMAT ")",
                                self->capacity);
          return FALSE;
        }
      size++;
    }
  /* A job arriving now is served at the earliest one microstep later, so only the job already
   * in service can end now, unless the arrival preempts it. */
  preempted = arrival && self->jobs->len > 0
              && self->arriving_priority > g_array_index (self->jobs, Job, 0).priority;
  self->served = self->jobs->len > 0 && !preempted && self->next_free == now;
  if (self->served)
    {
      hyco_port_send (self->output, 0, &g_array_index (self->jobs, Job, 0).payload);
      size--;
    }
  /* The size counts an arrival: it is known once the input is (a firing of this non-strict
   * actor before then, in a loop through its output, must leave it unknown). */
  if (hyco_port_get_width (self->input) == 0 || hyco_port_is_known (self->input, 0))
    hyco_port_send_int (self->size, 0, size);
  return TRUE;
}

static gboolean
hyco_server_postfire (HycoActor *actor, GError **error)
{
  HycoServer *self = HYCO_SERVER (actor);
  gint64 now = hyco_actor_get_current_time (actor);

  if (present (self->service_port))
    self->service_time = self->arriving_service;
  if (present (self->priority_port))
    self->priority = self->arriving_priority;
  /* The job in service keeps the service time it has left, should it be preempted. */
  if (self->jobs->len > 0)
    g_array_index (self->jobs, Job, 0).remaining = MAX (self->next_free - now, 0);
  if (self->served)
    g_array_remove_index (self->jobs, 0);
  if (present (self->input))
    {
      Job job = { HYCO_VALUE_INIT, self->arriving_service, self->arriving_priority,
                  self->counter++ };
      guint i = self->jobs->len;

      while (i > 0 && g_array_index (self->jobs, Job, i - 1).priority < job.priority)
        i--;
      g_array_insert_val (self->jobs, i, job);
      hyco_value_assign (&g_array_index (self->jobs, Job, i).payload,
                         hyco_port_get_value (self->input, 0));
    }
  if (self->jobs->len == 0)
    return TRUE;
  if (!hyco_time_add (now, g_array_index (self->jobs, Job, 0).remaining, &self->next_free, NULL))
    return _hyco_actors_drop_beyond_time_range (actor, error,
                                                "a service ending beyond the range of model "
                                                "time");
  return hyco_actor_fire_at (actor, self->next_free, NULL, error);
}

static gboolean
hyco_server_is_strict (HycoActor *actor)
{
  return FALSE;
}

static gboolean
hyco_server_output_depends_on (HycoActor *actor, HycoPort *output, HycoPort *input)
{
  /* The size counts the arrival at once; the served job never depends on it. */
  return output == HYCO_SERVER (actor)->size && input == HYCO_SERVER (actor)->input;
}

static void
hyco_server_class_init (HycoServerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  object_class->constructed = hyco_server_constructed;
  object_class->finalize = hyco_server_finalize;
  object_class->get_property = hyco_server_get_property;
  object_class->set_property = hyco_server_set_property;
  actor_class->preinitialize = hyco_server_preinitialize;
  actor_class->initialize = hyco_server_initialize;
  actor_class->fire = hyco_server_fire;
  actor_class->postfire = hyco_server_postfire;
  actor_class->is_strict = hyco_server_is_strict;
  actor_class->output_depends_on = hyco_server_output_depends_on;

  hyco_actor_class_set_description (actor_class,
                                    "Serves queued jobs one at a time, by priority");
  hyco_actor_class_add_port (actor_class, "input", HYCO_PORT_INPUT, "The jobs");
  hyco_actor_class_add_port (actor_class, "serviceTime", HYCO_PORT_INPUT,
                             "The service time (s) of the jobs arriving from now on");
  hyco_actor_class_add_port (actor_class, "priority", HYCO_PORT_INPUT,
                             "The priority of the jobs arriving from now on");
  hyco_actor_class_add_port (actor_class, "output", HYCO_PORT_OUTPUT,
                             "Each job when its service ends");
  hyco_actor_class_add_port (actor_class, "size", HYCO_PORT_OUTPUT,
                             "The number of jobs queued or in service, at every firing");

  /**
   * HycoServer:serviceTime:
   *
   * The service time of a job, in seconds, not negative.
   */
  properties[PROP_SERVICE_TIME] = hyco_param_spec_literal (
    "serviceTime", "Service time of a job (s)", HYCO_PARAM_KIND_TIME, "1.0");
  /**
   * HycoServer:priority:
   *
   * The priority of a job; higher first.
   */
  properties[PROP_PRIORITY] = hyco_param_spec_literal ("priority", "Priority of a job",
                                                       HYCO_PARAM_KIND_VALUE, "0.0");
  /**
   * HycoServer:capacity:
   *
   * The most jobs the server holds; 0 or negative: no bound.
   */
  properties[PROP_CAPACITY] = hyco_param_spec_literal ("capacity", "Most jobs held, 0: no bound",
                                                       HYCO_PARAM_KIND_VALUE, "0");
  /**
   * HycoServer:newServiceTime:
   *
   * serviceTime under the name older Ptolemy II Servers give it (a PortParameter, when
   * Server was a VariableDelay whose delay is the service time); set, it is the service time.
   */
  properties[PROP_NEW_SERVICE_TIME] = hyco_param_spec_literal (
    "newServiceTime", "Service time of a job (s), older name", HYCO_PARAM_KIND_TIME, "1.0");
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hyco_server_init (HycoServer *self)
{
  _hyco_literals_init (self->literals, properties, N_PROPS);
  self->jobs = g_array_new (FALSE, FALSE, sizeof (Job));
  g_array_set_clear_func (self->jobs, job_clear);
}
