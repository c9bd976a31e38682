/* hyco-port.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-director-private.h"

/**
 * HycoPort:
 *
 * A named point where an actor receives or produces signals. An input port has one channel
 * per linked relation when it is a multiport, otherwise exactly one. At each tag every channel
 * is unknown, absent, or present with a #HycoValue.
 *
 * Ports are created by their actor (from the class's port declarations, or with
 * hyco_actor_add_port()) and live as long as it does.
 */
G_DEFINE_FINAL_TYPE (HycoPort, hyco_port, G_TYPE_OBJECT)

/* Its stamp matches its own epoch, which nothing bumps: it reads as absent under any director. */
static HycoEpoch always_absent_epoch = { 0, 0 };
static HycoSignal always_absent_signal
  = { 0, &always_absent_epoch, HYCO_SIGNAL_ABSENT, FALSE, HYCO_VALUE_INIT };

HycoSignal *
_hyco_signal_always_absent (void)
{
  return &always_absent_signal;
}

void
_hyco_signal_copy (HycoSignal *to, const HycoSignal *from)
{
  HycoSignalStatus status = hyco_signal_status (from);

  if (status == HYCO_SIGNAL_UNKNOWN || !hyco_signal_may_write (to, status, &from->value))
    return;
  if (status == HYCO_SIGNAL_PRESENT)
    hyco_value_assign (&to->value, &from->value);
  to->stamp = to->epoch->value;
  to->status = status;
}

static void
hyco_port_finalize (GObject *object)
{
  HycoPort *self = HYCO_PORT (object);

  _hyco_port_reset_wiring (self);
  g_free (self->name);
  g_free (self->unit);
  g_ptr_array_unref (self->relations);
  G_OBJECT_CLASS (hyco_port_parent_class)->finalize (object);
}

static void
hyco_port_class_init (HycoPortClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = hyco_port_finalize;
}

static void
hyco_port_init (HycoPort *self)
{
  self->relations = g_ptr_array_new ();
}

HycoPort *
_hyco_port_new (HycoActor *container, const char *name, HycoPortFlags flags)
{
  HycoPort *self = g_object_new (HYCO_TYPE_PORT, NULL);

  self->container = container;
  self->name = g_strdup (name);
  self->flags = flags;
  return self;
}

void
_hyco_port_link (HycoPort *self, HycoRelation *relation)
{
  g_ptr_array_add (self->relations, relation);
}

void
_hyco_port_reset_wiring (HycoPort *self)
{
  for (guint i = 0; i < self->n_signals; i++)
    hyco_value_clear (&self->signals[i].value);
  g_clear_pointer (&self->signals, g_free);
  self->n_signals = 0;
  g_clear_pointer (&self->sources, g_free);
  g_clear_pointer (&self->source_ports, g_free);
  self->n_sources = 0;
  g_clear_pointer (&self->dependencies, g_free);
  self->n_dependencies = 0;
  self->depth = 0;
}

void
_hyco_port_allocate_signals (HycoPort *self, guint width, HycoEpoch *epoch)
{
  for (guint i = 0; i < self->n_signals; i++)
    hyco_value_clear (&self->signals[i].value);
  g_free (self->signals);
  self->signals = g_new0 (HycoSignal, width);
  self->n_signals = width;
  for (guint i = 0; i < width; i++)
    {
      /* A stamp that can never equal the epoch, so every channel starts unknown. */
      self->signals[i].stamp = G_MAXUINT64;
      self->signals[i].epoch = epoch;
    }
}

void
_hyco_port_set_sources (HycoPort *self, guint width)
{
  g_free (self->sources);
  g_free (self->source_ports);
  self->sources = g_new0 (HycoSignal *, width);
  self->source_ports = g_new0 (HycoPort *, width);
  self->n_sources = width;
  for (guint i = 0; i < width; i++)
    self->sources[i] = _hyco_signal_always_absent ();
}

/* A relation is inside a port when it belongs to the port's own (composite) actor. */
static gboolean
relation_is_inside (HycoPort *self, HycoRelation *relation)
{
  return (gpointer) hyco_relation_get_container (relation) == (gpointer) self->container;
}

guint
_hyco_port_count_relations (HycoPort *self, gboolean inside)
{
  guint count = 0;

  for (guint i = 0; i < self->relations->len; i++)
    if (relation_is_inside (self, self->relations->pdata[i]) == inside)
      count++;
  return count;
}

HycoRelation *
_hyco_port_get_relation (HycoPort *self, gboolean inside, guint index)
{
  for (guint i = 0; i < self->relations->len; i++)
    if (relation_is_inside (self, self->relations->pdata[i]) == inside && index-- == 0)
      return self->relations->pdata[i];
  return NULL;
}

/**
 * hyco_port_get_name:
 * @self: a port
 *
 * Gets the port's name, which paths such as `Clock.output` end in.
 *
 * Returns: the port's name, unique within its actor
 */
const char *
hyco_port_get_name (HycoPort *self)
{
  g_return_val_if_fail (HYCO_IS_PORT (self), NULL);
  return self->name;
}

/**
 * hyco_port_get_container:
 * @self: a port
 *
 * Gets the actor the port belongs to.
 *
 * Returns: (transfer none): the actor that owns the port
 */
HycoActor *
hyco_port_get_container (HycoPort *self)
{
  g_return_val_if_fail (HYCO_IS_PORT (self), NULL);
  return self->container;
}

/**
 * hyco_port_get_flags:
 * @self: a port
 *
 * Gets the port's kind as it was declared: input, output, multiport.
 *
 * Returns: whether the port is an input, an output, a multiport
 */
HycoPortFlags
hyco_port_get_flags (HycoPort *self)
{
  g_return_val_if_fail (HYCO_IS_PORT (self), 0);
  return self->flags;
}

/**
 * hyco_port_is_input:
 * @self: a port
 *
 * Tells whether the port is an input port.
 *
 * Returns: %TRUE if the port receives signals
 */
gboolean
hyco_port_is_input (HycoPort *self)
{
  g_return_val_if_fail (HYCO_IS_PORT (self), FALSE);
  return (self->flags & HYCO_PORT_INPUT) != 0;
}

/**
 * hyco_port_is_output:
 * @self: a port
 *
 * Tells whether the port is an output port.
 *
 * Returns: %TRUE if the port produces signals
 */
gboolean
hyco_port_is_output (HycoPort *self)
{
  g_return_val_if_fail (HYCO_IS_PORT (self), FALSE);
  return (self->flags & HYCO_PORT_OUTPUT) != 0;
}

/**
 * hyco_port_is_multiport:
 * @self: a port
 *
 * Tells whether the port is a multiport, which has one channel for each relation linked to it.
 *
 * Returns: %TRUE if each linked relation is a separate channel
 */
gboolean
hyco_port_is_multiport (HycoPort *self)
{
  g_return_val_if_fail (HYCO_IS_PORT (self), FALSE);
  return (self->flags & HYCO_PORT_MULTIPORT) != 0;
}

/**
 * hyco_port_get_full_name:
 * @self: a port
 *
 * The port's name below the top level, dot-separated, as in `Inner.Clock.output`.
 *
 * Returns: (transfer full): the full name
 */
char *
hyco_port_get_full_name (HycoPort *self)
{
  g_autofree char *actor = NULL;

  g_return_val_if_fail (HYCO_IS_PORT (self), NULL);
  actor = self->container ? hyco_actor_get_full_name (self->container) : NULL;
  if (actor == NULL || *actor == '\0')
    return g_strdup (self->name);
  return g_strconcat (actor, ".", self->name, NULL);
}

/**
 * hyco_port_get_width:
 * @self: a port
 *
 * The number of channels of the port once the model is prepared: for an input, the channels it
 * reads; for an output, the channels it writes.
 *
 * Returns: the number of channels
 */
guint
hyco_port_get_width (HycoPort *self)
{
  g_return_val_if_fail (HYCO_IS_PORT (self), 0);
  if (self->flags & HYCO_PORT_INPUT)
    return self->n_sources;
  return self->n_signals;
}

/**
 * hyco_port_get_linked_relations:
 * @self: a port
 *
 * Lists the relations the port is linked to, from the composite that holds its actor and, for a
 * composite's own port, from inside it.
 *
 * Returns: (transfer container) (element-type Hyco.Relation): the relations linked to the port,
 *   inside and outside, in link order
 */
GPtrArray *
hyco_port_get_linked_relations (HycoPort *self)
{
  g_return_val_if_fail (HYCO_IS_PORT (self), NULL);
  return _hyco_ptr_array_copy_unowned (self->relations);
}

/**
 * hyco_port_get_unit:
 * @self: a port
 *
 * Gets the unit set with hyco_port_set_unit(), which plots and results use to label the port's
 * signal.
 *
 * Returns: (nullable): the unit of the values the port carries (`m/s`, `degC`), as labels
 *   show it, or %NULL if none was given
 */
const char *
hyco_port_get_unit (HycoPort *self)
{
  g_return_val_if_fail (HYCO_IS_PORT (self), NULL);
  return self->unit;
}

/**
 * hyco_port_set_unit:
 * @self: a port
 * @unit: (nullable): the unit of the values it carries, or %NULL for none
 *
 * Documents the unit of the port's values; plots label the signal with it. Nothing is
 * converted or checked.
 */
void
hyco_port_set_unit (HycoPort *self, const char *unit)
{
  g_return_if_fail (HYCO_IS_PORT (self));
  g_free (self->unit);
  self->unit = unit && *unit ? g_strdup (unit) : NULL;
}

static inline const HycoSignal *
read_signal (HycoPort *self, guint channel)
{
  if (G_UNLIKELY (channel >= self->n_sources))
    return NULL;
  return self->sources[channel];
}

/**
 * hyco_port_get_status:
 * @self: an input port
 * @channel: a channel index
 *
 * Tells, during a firing, whether one channel of an input port is unknown, absent or present at the
 * current tag.
 *
 * Returns: what is known of the channel at the current tag; a channel beyond the width is
 *   absent
 */
HycoSignalStatus
hyco_port_get_status (HycoPort *self, guint channel)
{
  const HycoSignal *signal;

  g_return_val_if_fail (HYCO_IS_PORT (self), HYCO_SIGNAL_UNKNOWN);
  signal = read_signal (self, channel);
  return signal ? hyco_signal_status (signal) : HYCO_SIGNAL_ABSENT;
}

/**
 * hyco_port_is_known:
 * @self: an input port
 * @channel: a channel index
 *
 * Tells, during a firing, whether one channel of an input port is known at the current tag; an
 * unknown channel may still become present or absent in a fixed-point iteration.
 *
 * Returns: %TRUE if the channel is known to be absent or present at the current tag
 */
gboolean
hyco_port_is_known (HycoPort *self, guint channel)
{
  return hyco_port_get_status (self, channel) != HYCO_SIGNAL_UNKNOWN;
}

/**
 * hyco_port_is_present:
 * @self: an input port
 * @channel: a channel index
 *
 * Tells, during a firing, whether one channel of an input port carries a value at the current tag.
 *
 * Returns: %TRUE if the channel carries a value at the current tag
 */
gboolean
hyco_port_is_present (HycoPort *self, guint channel)
{
  return hyco_port_get_status (self, channel) == HYCO_SIGNAL_PRESENT;
}

/**
 * hyco_port_all_known:
 * @self: an input port
 *
 * Tells, during a firing, whether every channel of the input port is known at the current tag,
 * present or absent. A strict actor is fired only when all its inputs are; a non-strict actor
 * checks this itself.
 *
 * Returns: %TRUE if every channel is known at the current tag
 */
gboolean
hyco_port_all_known (HycoPort *self)
{
  g_return_val_if_fail (HYCO_IS_PORT (self), FALSE);
  for (guint i = 0; i < self->n_sources; i++)
    if (hyco_signal_status (self->sources[i]) == HYCO_SIGNAL_UNKNOWN)
      return FALSE;
  return TRUE;
}

/**
 * hyco_port_any_present:
 * @self: an input port
 *
 * Tells, during a firing, whether any channel of the input port carries a value at the current tag.
 *
 * Returns: %TRUE if some channel carries a value at the current tag
 */
gboolean
hyco_port_any_present (HycoPort *self)
{
  g_return_val_if_fail (HYCO_IS_PORT (self), FALSE);
  for (guint i = 0; i < self->n_sources; i++)
    if (hyco_signal_status (self->sources[i]) == HYCO_SIGNAL_PRESENT)
      return TRUE;
  return FALSE;
}

/**
 * hyco_port_get_value:
 * @self: an input port
 * @channel: a channel index
 *
 * Reads the value of one channel of an input port as it arrived, of any type, during a firing.
 *
 * Returns: (transfer none) (nullable): the value of a present channel, %NULL otherwise
 */
const HycoValue *
hyco_port_get_value (HycoPort *self, guint channel)
{
  g_return_val_if_fail (HYCO_IS_PORT (self), NULL);
  return _hyco_port_read_value (self, channel);
}

/**
 * hyco_port_get_double:
 * @self: an input port
 * @channel: a channel index
 *
 * Reads the value of one channel of an input port as a double, during a firing; a boolean is 0 or
 * 1.
 *
 * Returns: the channel's value as a double (0 when it is not present)
 */
double
hyco_port_get_double (HycoPort *self, guint channel)
{
  const HycoValue *value = hyco_port_get_value (self, channel);
  return value ? hyco_value_get_double (value) : 0.0;
}

/**
 * hyco_port_get_int:
 * @self: an input port
 * @channel: a channel index
 *
 * Reads the value of one channel of an input port as an integer, during a firing.
 *
 * Returns: the channel's value as an integer (0 when it is not present)
 */
gint64
hyco_port_get_int (HycoPort *self, guint channel)
{
  const HycoValue *value = hyco_port_get_value (self, channel);
  return value ? hyco_value_get_int (value) : 0;
}

/**
 * hyco_port_get_boolean:
 * @self: an input port
 * @channel: a channel index
 *
 * Reads the value of one channel of an input port as a boolean, during a firing; a number is true
 * when it is not 0.
 *
 * Returns: the channel's value as a boolean (%FALSE when it is not present)
 */
gboolean
hyco_port_get_boolean (HycoPort *self, guint channel)
{
  const HycoValue *value = hyco_port_get_value (self, channel);
  return value ? hyco_value_get_boolean (value) : FALSE;
}

/**
 * hyco_port_get_string:
 * @self: an input port
 * @channel: a channel index
 *
 * Reads the value of one channel of an input port as a string, during a firing.
 *
 * Returns: (nullable): the channel's string, %NULL when it is not present or not a string
 */
const char *
hyco_port_get_string (HycoPort *self, guint channel)
{
  const HycoValue *value = hyco_port_get_value (self, channel);
  return value ? hyco_value_get_string (value) : NULL;
}

static inline HycoSignal *
write_signal (HycoPort *self, guint channel)
{
  if (G_UNLIKELY (channel >= self->n_signals))
    return NULL;
  return &self->signals[channel];
}

/**
 * hyco_port_send:
 * @self: an output port
 * @channel: a channel index
 * @value: the value to produce at the current tag
 *
 * Makes the channel present with a copy of @value at the current tag. Sending on a channel the
 * port does not have is ignored, as Ptolemy II does for unconnected channels.
 */
void
hyco_port_send (HycoPort *self, guint channel, const HycoValue *value)
{
  g_return_if_fail (HYCO_IS_PORT (self));
  g_return_if_fail (value != NULL);
  _hyco_port_write (self, channel, value);
}

/**
 * hyco_port_send_double:
 * @self: an output port
 * @channel: a channel index
 * @value: the value
 *
 * Produces a double at the current tag.
 */
void
hyco_port_send_double (HycoPort *self, guint channel, double value)
{
  g_return_if_fail (HYCO_IS_PORT (self));
  _hyco_port_write_double (self, channel, value);
}

/**
 * hyco_port_send_int:
 * @self: an output port
 * @channel: a channel index
 * @value: the value
 *
 * Produces an integer at the current tag.
 */
void
hyco_port_send_int (HycoPort *self, guint channel, gint64 value)
{
  g_return_if_fail (HYCO_IS_PORT (self));
  _hyco_port_write_int (self, channel, value);
}

/**
 * hyco_port_send_boolean:
 * @self: an output port
 * @channel: a channel index
 * @value: the value
 *
 * Produces a boolean at the current tag.
 */
void
hyco_port_send_boolean (HycoPort *self, guint channel, gboolean value)
{
  HycoSignal *signal;

  g_return_if_fail (HYCO_IS_PORT (self));
  if ((signal = write_signal (self, channel)) == NULL)
    return;
  {
    HycoValue candidate = { HYCO_VALUE_TYPE_BOOLEAN, { .v_boolean = value } };
    if (!hyco_signal_may_write (signal, HYCO_SIGNAL_PRESENT, &candidate))
      return;
  }
  hyco_value_set_boolean (&signal->value, value);
  hyco_signal_mark_present (signal);
}

/**
 * hyco_port_send_string:
 * @self: an output port
 * @channel: a channel index
 * @value: the value
 *
 * Produces a string at the current tag.
 */
void
hyco_port_send_string (HycoPort *self, guint channel, const char *value)
{
  HycoSignal *signal;

  g_return_if_fail (HYCO_IS_PORT (self));
  g_return_if_fail (value != NULL);
  if ((signal = write_signal (self, channel)) == NULL)
    return;
  {
    /* Compared in place: only read, never freed. */
    HycoValue candidate = { HYCO_VALUE_TYPE_STRING, { .v_string = (char *) value } };
    if (!hyco_signal_may_write (signal, HYCO_SIGNAL_PRESENT, &candidate))
      return;
  }
  hyco_value_set_string (&signal->value, value);
  hyco_signal_mark_present (signal);
}

/**
 * hyco_port_send_absent:
 * @self: an output port
 * @channel: a channel index
 *
 * Makes the channel known to be absent at the current tag.
 */
void
hyco_port_send_absent (HycoPort *self, guint channel)
{
  HycoSignal *signal;

  g_return_if_fail (HYCO_IS_PORT (self));
  if ((signal = write_signal (self, channel)) == NULL
      || !hyco_signal_may_write (signal, HYCO_SIGNAL_ABSENT, NULL))
    return;
  hyco_signal_set_absent (signal);
}
