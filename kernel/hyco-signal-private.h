/* hyco-signal-private.h: signals at the current tag, ports and relations as the engine sees them;
 * not installed.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "hyco-util-private.h"
#include "hyco-value-private.h"

G_BEGIN_DECLS

/* A director's epoch: bumping @value makes every signal it owns @stale at once, so a new tag
 * (or a repeated fire) costs nothing per signal. @stale is unknown, except while a DE director
 * visits only the triggered actors of a tag: what nothing wrote at that tag is then absent, so
 * an actor left alone costs nothing (see HycoWorklist). @violations counts writes that tried to
 * change a signal already known in this epoch: actor bugs, reported by the director. */
typedef struct
{
  guint64 value;
  guint violations;
  HycoSignalStatus stale;
} HycoEpoch;

/* One channel of a signal at the current tag. The status is only valid while @stamp equals
 * the owning director's epoch; before that the signal is its epoch's @stale. A stamped unknown
 * status says unknown where stale ones are absent (the signals of a zero-delay loop being
 * iterated). */
typedef struct
{
  guint64 stamp;
  HycoEpoch *epoch;
  HycoSignalStatus status;
  gboolean violated; /* a write tried to change it after it was known (see HycoEpoch) */
  HycoValue value;
} HycoSignal;

static inline HycoSignalStatus
hyco_signal_status (const HycoSignal *signal)
{
  return signal->stamp == signal->epoch->value ? signal->status : signal->epoch->stale;
}

static inline void
hyco_signal_set_absent (HycoSignal *signal)
{
  signal->stamp = signal->epoch->value;
  signal->status = HYCO_SIGNAL_ABSENT;
}

/* Unknown whatever the epoch's stale status, until written in this epoch. */
static inline void
hyco_signal_set_unknown (HycoSignal *signal)
{
  signal->stamp = signal->epoch->value;
  signal->status = HYCO_SIGNAL_UNKNOWN;
}

static inline void
hyco_signal_mark_present (HycoSignal *signal)
{
  signal->stamp = signal->epoch->value;
  signal->status = HYCO_SIGNAL_PRESENT;
}

/* Whether a write of @status (and @value, when present) may proceed: knowledge only grows
 * within a tick, so writing to a known signal is allowed only when it says the same thing,
 * and then there is nothing to write. Anything else is recorded as a violation. */
static inline gboolean
hyco_signal_may_write (HycoSignal *signal, HycoSignalStatus status, const HycoValue *value)
{
  if (signal->stamp != signal->epoch->value || signal->status == HYCO_SIGNAL_UNKNOWN)
    return TRUE;
  if (signal->status != status
      || (status == HYCO_SIGNAL_PRESENT && !hyco_value_equal (&signal->value, value)))
    {
      signal->violated = TRUE;
      signal->epoch->violations++;
    }
  return FALSE;
}

/* Copies what is known of @from into @to (which may belong to another director). */
void _hyco_signal_copy (HycoSignal *to, const HycoSignal *from);

/* A signal that is absent at every tag: what a port reads through a relation with no source. */
HycoSignal *_hyco_signal_always_absent (void);

struct _HycoPort
{
  GObject parent_instance;

  char *name;
  HycoActor *container; /* unowned: the actor owns its ports */
  HycoPortFlags flags;
  GPtrArray *relations; /* unowned HycoRelation*, in link order */
  char *unit;           /* of the values it carries, for labels; NULL if not given */

  /* Wiring, rebuilt at every preinitialize. */
  HycoSignal *signals; /* storage this port writes: actor outputs, inside copies of the inputs
                        * of an opaque composite, outside copies of its outputs */
  guint n_signals;
  HycoSignal **sources; /* per channel, the signal this port reads */
  HycoPort **source_ports;
  guint n_sources;

  /* Causality, rebuilt at every preinitialize by the governing director. */
  int depth;
  gboolean cyclic;         /* on a (constructive) cycle */
  guint component;         /* strongly connected component in the director's graph */
  HycoPort **dependencies; /* inputs this output depends on (non-strict actors) */
  guint n_dependencies;
};

/* The port calls of the built-in actors, on their own ports, inline: hyco_port_get_value(),
 * hyco_port_send_double(), ... without the type checks the public calls make on what a caller
 * passes, which cost a firing more than its work. They behave as the public calls. */
static inline const HycoValue *
_hyco_port_read_value (HycoPort *port, guint channel)
{
  const HycoSignal *signal;

  if (G_UNLIKELY (channel >= port->n_sources))
    return NULL;
  signal = port->sources[channel];
  return hyco_signal_status (signal) == HYCO_SIGNAL_PRESENT ? &signal->value : NULL;
}

/* The channel @port writes, or NULL where the write is ignored: a channel it does not have,
 * or one already known, which only a write saying the same thing may touch (see
 * hyco_signal_may_write()). */
static inline HycoSignal *
_hyco_port_writable (HycoPort *port, guint channel, const HycoValue *candidate)
{
  HycoSignal *signal;

  if (G_UNLIKELY (channel >= port->n_signals))
    return NULL;
  signal = &port->signals[channel];
  if (G_UNLIKELY (!hyco_signal_may_write (signal, HYCO_SIGNAL_PRESENT, candidate)))
    return NULL;
  return signal;
}

static inline void
_hyco_port_write_double (HycoPort *port, guint channel, double value)
{
  HycoValue candidate = { HYCO_VALUE_TYPE_DOUBLE, { .v_double = value } };
  HycoSignal *signal = _hyco_port_writable (port, channel, &candidate);

  if (signal == NULL)
    return;
  _hyco_value_put_double (&signal->value, value);
  hyco_signal_mark_present (signal);
}

static inline void
_hyco_port_write_int (HycoPort *port, guint channel, gint64 value)
{
  HycoValue candidate = { HYCO_VALUE_TYPE_INT, { .v_int = value } };
  HycoSignal *signal = _hyco_port_writable (port, channel, &candidate);

  if (signal == NULL)
    return;
  _hyco_value_put_int (&signal->value, value);
  hyco_signal_mark_present (signal);
}

/* hyco_port_send(): a copy of @value. */
static inline void
_hyco_port_write (HycoPort *port, guint channel, const HycoValue *value)
{
  HycoSignal *signal = _hyco_port_writable (port, channel, value);

  if (signal == NULL)
    return;
  if (G_LIKELY (value->type < HYCO_VALUE_TYPE_STRING))
    {
      _hyco_value_release (&signal->value);
      signal->value = *value;
    }
  else
    hyco_value_assign (&signal->value, value);
  hyco_signal_mark_present (signal);
}

HycoPort *_hyco_port_new (HycoActor *container, const char *name, HycoPortFlags flags);
void _hyco_port_link (HycoPort *self, HycoRelation *relation);
void _hyco_port_reset_wiring (HycoPort *self);
void _hyco_port_allocate_signals (HycoPort *self, guint width, HycoEpoch *epoch);
void _hyco_port_set_sources (HycoPort *self, guint width);
guint _hyco_port_count_relations (HycoPort *self, gboolean inside);
HycoRelation *_hyco_port_get_relation (HycoPort *self, gboolean inside, guint index);

HycoRelation *_hyco_relation_new (HycoCompositeActor *container, const char *name);
void _hyco_relation_add_port (HycoRelation *self, HycoPort *port);

G_END_DECLS
