/* hyco-poisson-clock.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actors-private.h"
#include "hyco-actors.h"

#include <math.h>

/**
 * HycoPoissonClock:
 *
 * Ptolemy II's PoissonClock: events whose intervals are independent exponential random
 * variables of mean `meanTime`, with the values of `values` in turn. The first event is at the
 * start (microstep 1) when `fireAtStart` is true, else one interval after it; each event asks
 * for the next one, at microstep 1 of its time. An event on `trigger` produces the next event
 * at once. The actor stops at `stopTime`.
 *
 * A given `seed` reproduces Ptolemy II's sequence exactly: its random sources seed
 * java.util.Random with `seed` plus the Java hash of the actor's full name (unless
 * `privateSeed` is given, which is used as it is), and an interval is
 * −ln(1 − nextDouble()) · meanTime, drawn once per event. java.util.Random is specified in its
 * documentation: a 48-bit linear congruential generator whose nextDouble takes 26 and then 27
 * bits. A seed of 0 seeds from the clock, so runs then differ.
 */
enum
{
  PROP_0,
  PROP_MEAN_TIME,
  PROP_VALUES,
  PROP_FIRE_AT_START,
  PROP_STOP_TIME,
  PROP_SEED,
  PROP_PRIVATE_SEED,
  PROP_RESET_ON_EACH_RUN,
  N_PROPS
};

#define LCG_MULTIPLIER G_GUINT64_CONSTANT (0x5DEECE66D)
#define LCG_ADDEND G_GUINT64_CONSTANT (0xB)
#define LCG_MASK ((G_GUINT64_CONSTANT (1) << 48) - 1)

struct _HycoPoissonClock
{
  HycoActor parent_instance;

  char *literals[N_PROPS];
  double mean_time;
  GPtrArray *values;
  gboolean fire_at_start;
  gint64 stop_time;
  gboolean reset_on_each_run;

  guint64 random; /* java.util.Random's 48-bit state */
  gboolean seeded;
  double interval; /* the last interval drawn, in seconds */

  guint next_index;
  gint64 next_time;
  gboolean produced;

  HycoPort *trigger;
  HycoPort *output;
};

G_DEFINE_FINAL_TYPE (HycoPoissonClock, hyco_poisson_clock, HYCO_TYPE_ACTOR)
HYCO_REGISTER_DEFINE (poisson_clock, HYCO_TYPE_POISSON_CLOCK, "PoissonClock")

static GParamSpec *properties[N_PROPS];

/* java.util.Random, as its documentation specifies it. */
static void
random_set_seed (HycoPoissonClock *self, gint64 seed)
{
  self->random = ((guint64) seed ^ LCG_MULTIPLIER) & LCG_MASK;
}

static guint32
random_next (HycoPoissonClock *self, int bits)
{
  self->random = (self->random * LCG_MULTIPLIER + LCG_ADDEND) & LCG_MASK;
  return (guint32) (self->random >> (48 - bits));
}

static double
random_next_double (HycoPoissonClock *self)
{
  guint64 high = random_next (self, 26);
  guint64 low = random_next (self, 27);

  return (double) ((high << 27) + low) * 0x1.0p-53;
}

/* Java's String.hashCode: s[0]·31^(n−1) + ... + s[n−1] over UTF-16 code units, in 32-bit
 * arithmetic that wraps. */
static gint32
java_string_hash (const char *text)
{
  guint32 hash = 0;
  glong n = 0;
  g_autofree gunichar2 *utf16 = g_utf8_to_utf16 (text, -1, NULL, &n, NULL);

  for (glong i = 0; utf16 != NULL && i < n; i++)
    hash = 31 * hash + utf16[i];
  return (gint32) hash;
}

/* Ptolemy II's full name: the top level's name too, each name after a dot. */
static char *
ptolemy_full_name (HycoActor *actor)
{
  g_autofree char *inner = hyco_actor_get_full_name (actor);
  HycoActor *top = actor;

  while (hyco_actor_get_container (top) != NULL)
    top = HYCO_ACTOR (hyco_actor_get_container (top));
  if (top == actor)
    return g_strconcat (".", inner, NULL);
  return g_strconcat (".", hyco_actor_get_name (top), ".", inner, NULL);
}

static void
hyco_poisson_clock_constructed (GObject *object)
{
  HycoPoissonClock *self = HYCO_POISSON_CLOCK (object);

  G_OBJECT_CLASS (hyco_poisson_clock_parent_class)->constructed (object);
  self->trigger = hyco_actor_get_port (HYCO_ACTOR (self), "trigger");
  self->output = hyco_actor_get_port (HYCO_ACTOR (self), "output");
}

static void
hyco_poisson_clock_finalize (GObject *object)
{
  HycoPoissonClock *self = HYCO_POISSON_CLOCK (object);

  _hyco_literals_clear (self->literals, N_PROPS);
  g_clear_pointer (&self->values, g_ptr_array_unref);
  G_OBJECT_CLASS (hyco_poisson_clock_parent_class)->finalize (object);
}

static void
hyco_poisson_clock_get_property (GObject *object, guint prop_id, GValue *value,
                                 GParamSpec *pspec)
{
  _hyco_literals_get (HYCO_POISSON_CLOCK (object)->literals, N_PROPS, prop_id, value);
}

static void
hyco_poisson_clock_set_property (GObject *object, guint prop_id, const GValue *value,
                                 GParamSpec *pspec)
{
  _hyco_literals_set (object, HYCO_POISSON_CLOCK (object)->literals, N_PROPS, prop_id, value,
                      pspec);
}

static gboolean
parse_seed (HycoActor *actor, const char *name, const char *literal, gint64 *seed,
            GError **error)
{
  g_auto (HycoValue) value = HYCO_VALUE_INIT;

  if (hyco_value_parse_literal (literal, &value, NULL)
      && hyco_value_get_value_type (&value) == HYCO_VALUE_TYPE_INT)
    {
      *seed = hyco_value_get_int (&value);
      return TRUE;
    }
  hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_PARAMETER,
                        "parameter %s: must be an integer such as 1L, not \"%s\"", name, literal);
  return FALSE;
}

/* Seeds the generator as Ptolemy II's RandomSource does. */
static gboolean
seed_generator (HycoPoissonClock *self, GError **error)
{
  HycoActor *actor = HYCO_ACTOR (self);
  g_autofree char *private_seed = g_strstrip (g_strdup (self->literals[PROP_PRIVATE_SEED]));
  gint64 seed;

  if (*private_seed != '\0')
    {
      if (!parse_seed (actor, "privateSeed", private_seed, &seed, error))
        return FALSE;
    }
  else
    {
      g_autofree char *name = ptolemy_full_name (actor);

      if (!parse_seed (actor, "seed", self->literals[PROP_SEED], &seed, error))
        return FALSE;
      if (seed == 0)
        seed = g_get_real_time () / 1000 + GPOINTER_TO_SIZE (self);
      else
        seed = (gint64) ((guint64) seed + (guint64) (gint64) java_string_hash (name));
    }
  random_set_seed (self, seed);
  self->seeded = TRUE;
  return TRUE;
}

static gboolean
hyco_poisson_clock_preinitialize (HycoActor *actor, GError **error)
{
  HycoPoissonClock *self = HYCO_POISSON_CLOCK (actor);
  g_auto (HycoValue) mean = HYCO_VALUE_INIT;

  g_clear_pointer (&self->values, g_ptr_array_unref);
  if (!_hyco_actors_parse_value (actor, "meanTime", self->literals[PROP_MEAN_TIME], &mean, error)
      || !_hyco_actors_parse_value_list (actor, "values", self->literals[PROP_VALUES],
                                         &self->values, error)
      || !_hyco_actors_parse_boolean (actor, "fireAtStart", self->literals[PROP_FIRE_AT_START],
                                      &self->fire_at_start, error)
      || !_hyco_actors_parse_boolean (actor, "resetOnEachRun",
                                      self->literals[PROP_RESET_ON_EACH_RUN],
                                      &self->reset_on_each_run, error)
      || !hyco_actor_get_time_parameter (actor, "stopTime", &self->stop_time, error))
    return FALSE;
  self->mean_time = hyco_value_is_numeric (&mean) ? hyco_value_get_double (&mean) : -1;
  if (!(self->mean_time > 0) || !isfinite (self->mean_time))
    {
      hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_PARAMETER,
                            "parameter meanTime: must be a positive number, not %s",
                            self->literals[PROP_MEAN_TIME]);
      return FALSE;
    }
  if (self->values->len == 0)
    {
      hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_PARAMETER,
                            "parameter values: must have at least one element");
      return FALSE;
    }
  return TRUE;
}

static void
draw_interval (HycoPoissonClock *self)
{
  self->interval = -log (1 - random_next_double (self)) * self->mean_time;
}

/* Asks to be fired one interval after @now, the interval rounded to the model's resolution as
 * Ptolemy II rounds a double added to its time. */
static gboolean
schedule_next (HycoPoissonClock *self, gint64 now, GError **error)
{
  HycoActor *actor = HYCO_ACTOR (self);
  double ticks = self->interval / pow (10, hyco_actor_get_resolution (actor));

  if (!(ticks < (double) (G_MAXINT64 / 2))
      || !hyco_time_add (now, (gint64) llround (ticks), &self->next_time, NULL))
    return _hyco_actors_drop_beyond_time_range (actor, error,
                                                "the next event is beyond the range of model "
                                                "time");
  return hyco_actor_fire_at (actor, self->next_time, NULL, error);
}

static gboolean
hyco_poisson_clock_initialize (HycoActor *actor, GError **error)
{
  HycoPoissonClock *self = HYCO_POISSON_CLOCK (actor);
  gint64 now = hyco_actor_get_current_time (actor);

  if ((self->reset_on_each_run || !self->seeded) && !seed_generator (self, error))
    return FALSE;
  self->next_index = 0;
  self->produced = FALSE;
  if (self->stop_time != HYCO_TIME_INFINITY && self->stop_time > now
      && !hyco_actor_fire_at (actor, self->stop_time, NULL, error))
    return FALSE;
  if (self->fire_at_start)
    {
      self->next_time = now;
      return hyco_actor_fire_at (actor, now, NULL, error);
    }
  draw_interval (self);
  return schedule_next (self, now, error);
}

static gboolean
hyco_poisson_clock_fire (HycoActor *actor, GError **error)
{
  HycoPoissonClock *self = HYCO_POISSON_CLOCK (actor);
  HycoTag now;
  gboolean triggered = hyco_port_get_width (self->trigger) > 0
                       && hyco_port_any_present (self->trigger);

  hyco_actor_get_current_tag (actor, &now);
  self->produced = FALSE;
  /* Discrete events are at microstep 1 and later, never at the time's initial value. */
  if (!triggered && (now.time < self->next_time || now.microstep < 1))
    return TRUE;
  hyco_port_send (self->output, 0, self->values->pdata[self->next_index]);
  self->produced = TRUE;
  return TRUE;
}

static gboolean
hyco_poisson_clock_postfire (HycoActor *actor, GError **error)
{
  HycoPoissonClock *self = HYCO_POISSON_CLOCK (actor);
  gint64 now = hyco_actor_get_current_time (actor);

  if (self->produced)
    {
      self->next_index = (self->next_index + 1) % self->values->len;
      /* One draw per event, as Ptolemy II's RandomSource draws once per firing iteration. */
      draw_interval (self);
      if (!schedule_next (self, now, error))
        return FALSE;
    }
  else if (now >= self->next_time && !hyco_actor_fire_at (actor, now, NULL, error))
    return FALSE;
  if (now >= self->stop_time)
    hyco_actor_finish (actor);
  return TRUE;
}

static void
hyco_poisson_clock_class_init (HycoPoissonClockClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  object_class->constructed = hyco_poisson_clock_constructed;
  object_class->finalize = hyco_poisson_clock_finalize;
  object_class->get_property = hyco_poisson_clock_get_property;
  object_class->set_property = hyco_poisson_clock_set_property;
  actor_class->preinitialize = hyco_poisson_clock_preinitialize;
  actor_class->initialize = hyco_poisson_clock_initialize;
  actor_class->fire = hyco_poisson_clock_fire;
  actor_class->postfire = hyco_poisson_clock_postfire;

  hyco_actor_class_set_description (actor_class,
                                    "Events at the times of a Poisson process (seeded as "
                                    "Ptolemy II's)");
  hyco_actor_class_add_port (actor_class, "trigger", HYCO_PORT_INPUT | HYCO_PORT_MULTIPORT,
                             "An event produces the next event at once");
  hyco_actor_class_add_port (actor_class, "output", HYCO_PORT_OUTPUT,
                             "The values in turn, at the events");

  /**
   * HycoPoissonClock:meanTime:
   *
   * The mean time between events, in seconds.
   */
  properties[PROP_MEAN_TIME] = hyco_param_spec_literal (
    "meanTime", "Mean time between events (s)", HYCO_PARAM_KIND_VALUE, "1.0");
  /**
   * HycoPoissonClock:values:
   *
   * The values of the events, in turn.
   */
  properties[PROP_VALUES] = hyco_param_spec_literal ("values", "The values, in turn",
                                                     HYCO_PARAM_KIND_VALUE_LIST, "{1, 0}");
  /**
   * HycoPoissonClock:fireAtStart:
   *
   * Whether the first event is at the start rather than one interval after it.
   */
  properties[PROP_FIRE_AT_START] = hyco_param_spec_literal (
    "fireAtStart", "First event at the start", HYCO_PARAM_KIND_VALUE, "true");
  /**
   * HycoPoissonClock:stopTime:
   *
   * The time at which the clock stops, in seconds, or Infinity.
   */
  properties[PROP_STOP_TIME] = hyco_param_spec_literal (
    "stopTime", "Time at which the clock stops (s)", HYCO_PARAM_KIND_TIME, "Infinity");
  /**
   * HycoPoissonClock:seed:
   *
   * The seed, as Ptolemy II's random sources take it (`1L`); 0 seeds from the clock.
   */
  properties[PROP_SEED] = hyco_param_spec_literal ("seed", "Seed (0: from the clock)",
                                                   HYCO_PARAM_KIND_VALUE, "0L");
  /**
   * HycoPoissonClock:privateSeed:
   *
   * If given, the seed used as it is, without the actor's name.
   */
  properties[PROP_PRIVATE_SEED] = hyco_param_spec_literal (
    "privateSeed", "Seed used as it is, if given", HYCO_PARAM_KIND_PLAIN, "");
  /**
   * HycoPoissonClock:resetOnEachRun:
   *
   * Whether each run starts the random sequence again.
   */
  properties[PROP_RESET_ON_EACH_RUN] = hyco_param_spec_literal (
    "resetOnEachRun", "Each run starts the sequence again", HYCO_PARAM_KIND_VALUE, "false");
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hyco_poisson_clock_init (HycoPoissonClock *self)
{
  _hyco_literals_init (self->literals, properties, N_PROPS);
}
