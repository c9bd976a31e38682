/* hyco-local-clock.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-local-clock.h"
#include "hyco-director-private.h"
#include "hyco-param.h"
#include "hyco-param-private.h"

/**
 * HycoLocalClock:
 *
 * Ptolemy II's `ptolemy.actor.LocalClock`, which every director of its models holds as
 * `localClock`: the rate at which the director's local time advances against the time outside
 * (`clockRate`), and the model's time resolution (`globalTimeResolution`). Its owner, a
 * director (hyco_director_set_local_clock()), gives it its meaning: at a rate of 1, the
 * default, local time goes as the time outside; at another, each second outside is that many
 * seconds inside, from the time the rate was set on (the rate may change during a run, given
 * by an expression over a port parameter). A resolution given must be the model's. Its
 * expressions name the model parameters in scope of its director.
 */
struct _HycoLocalClock
{
  GObject parent_instance;

  HycoDirector *director; /* unowned: the director owns its clock */

  double clock_rate;
  char *global_time_resolution;
};

G_DEFINE_FINAL_TYPE_WITH_CODE (HycoLocalClock, hyco_local_clock, G_TYPE_OBJECT,
                               G_IMPLEMENT_INTERFACE (HYCO_TYPE_PARAMETER_OWNER,
                                                      _hyco_parameter_owner_properties_init))

enum
{
  PROP_0,
  PROP_CLOCK_RATE,
  PROP_GLOBAL_TIME_RESOLUTION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
hyco_local_clock_finalize (GObject *object)
{
  g_free (HYCO_LOCAL_CLOCK (object)->global_time_resolution);
  G_OBJECT_CLASS (hyco_local_clock_parent_class)->finalize (object);
}

static void
hyco_local_clock_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  HycoLocalClock *self = HYCO_LOCAL_CLOCK (object);

  switch (prop_id)
    {
    case PROP_CLOCK_RATE:
      g_value_set_double (value, self->clock_rate);
      break;
    case PROP_GLOBAL_TIME_RESOLUTION:
      g_value_set_string (value, self->global_time_resolution);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hyco_local_clock_set_property (GObject *object, guint prop_id, const GValue *value,
                               GParamSpec *pspec)
{
  HycoLocalClock *self = HYCO_LOCAL_CLOCK (object);

  switch (prop_id)
    {
    case PROP_CLOCK_RATE:
      self->clock_rate = g_value_get_double (value);
      break;
    case PROP_GLOBAL_TIME_RESOLUTION:
      g_free (self->global_time_resolution);
      self->global_time_resolution = g_value_dup_string (value);
      if (self->global_time_resolution == NULL)
        self->global_time_resolution = g_strdup ("");
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
      return;
    }
  g_object_notify_by_pspec (object, pspec);
}

static void
hyco_local_clock_class_init (HycoLocalClockClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = hyco_local_clock_finalize;
  object_class->get_property = hyco_local_clock_get_property;
  object_class->set_property = hyco_local_clock_set_property;

  /**
   * HycoLocalClock:clockRate:
   *
   * How fast local time advances against the time outside: 1, the default, is the same pace;
   * 0.5, half a second inside for each second outside. It has no effect at the top level.
   */
  properties[PROP_CLOCK_RATE] = g_param_spec_double (
    "clockRate", NULL, "Pace of local time against the time outside (1: the same)", 0,
    G_MAXDOUBLE, 1, G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HycoLocalClock:globalTimeResolution:
   *
   * The model's time resolution, as the top-level director's `timeResolution`; blank (the
   * default): that one.
   */
  properties[PROP_GLOBAL_TIME_RESOLUTION] = g_param_spec_string (
    "globalTimeResolution", NULL, "The model's time resolution (blank: timeResolution's)", "",
    G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hyco_local_clock_init (HycoLocalClock *self)
{
  self->clock_rate = 1;
  self->global_time_resolution = g_strdup ("");
}

/**
 * hyco_local_clock_new:
 *
 * Creates a local clock at a rate of 1, for a director's hyco_director_set_local_clock().
 *
 * Returns: (transfer full): a new local clock of rate 1
 */
HycoLocalClock *
hyco_local_clock_new (void)
{
  return g_object_new (HYCO_TYPE_LOCAL_CLOCK, NULL);
}

/**
 * hyco_local_clock_get_clock_rate:
 * @self: a local clock
 *
 * Gets the clock's rate: how many seconds pass inside the director for each second outside (its
 * clockRate property).
 *
 * Returns: the pace of local time against the time outside
 */
double
hyco_local_clock_get_clock_rate (HycoLocalClock *self)
{
  g_return_val_if_fail (HYCO_IS_LOCAL_CLOCK (self), 1);
  return self->clock_rate;
}

/**
 * hyco_local_clock_get_global_time_resolution:
 * @self: a local clock
 *
 * Gets the time resolution the clock was given (its globalTimeResolution property), which must be
 * the model's.
 *
 * Returns: the resolution literal given, or "" when none was
 */
const char *
hyco_local_clock_get_global_time_resolution (HycoLocalClock *self)
{
  g_return_val_if_fail (HYCO_IS_LOCAL_CLOCK (self), "");
  return self->global_time_resolution;
}

void
_hyco_local_clock_set_director (HycoLocalClock *self, HycoDirector *director)
{
  self->director = director;
}

HycoDirector *
_hyco_local_clock_get_director (HycoLocalClock *self)
{
  return self->director;
}
