/* hyco-record-disassembler.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actors-private.h"
#include "hyco-actors.h"

/**
 * HycoRecordDisassembler:
 *
 * Ptolemy II's RecordDisassembler: the model declares its output ports, and each record on
 * the input sends the value of its field of that name on each of them. A record lacking one
 * of the fields is an error naming it.
 */
struct _HycoRecordDisassembler
{
  HycoActor parent_instance;

  GPtrArray *outputs; /* the declared outputs, gathered at preinitialize */

  HycoPort *input;
};

G_DEFINE_FINAL_TYPE (HycoRecordDisassembler, hyco_record_disassembler, HYCO_TYPE_ACTOR)
/* Registers the class and its model-file syntax: its entities declare their ports. */
void _hyco_register_record_disassembler (void);
void
_hyco_register_record_disassembler (void)
{
  hyco_registry_register ("RecordDisassembler", HYCO_TYPE_RECORD_DISASSEMBLER);
  _hyco_actors_register_declared_ports (HYCO_TYPE_RECORD_DISASSEMBLER);
}

static void
hyco_record_disassembler_constructed (GObject *object)
{
  HycoRecordDisassembler *self = HYCO_RECORD_DISASSEMBLER (object);

  G_OBJECT_CLASS (hyco_record_disassembler_parent_class)->constructed (object);
  self->input = hyco_actor_get_port (HYCO_ACTOR (self), "input");
}

static void
hyco_record_disassembler_finalize (GObject *object)
{
  g_ptr_array_unref (HYCO_RECORD_DISASSEMBLER (object)->outputs);
  G_OBJECT_CLASS (hyco_record_disassembler_parent_class)->finalize (object);
}

static gboolean
hyco_record_disassembler_preinitialize (HycoActor *actor, GError **error)
{
  HycoRecordDisassembler *self = HYCO_RECORD_DISASSEMBLER (actor);
  g_autoptr (GPtrArray) ports = hyco_actor_get_ports (actor);

  g_ptr_array_set_size (self->outputs, 0);
  for (guint i = 0; i < ports->len; i++)
    if (hyco_port_is_output (ports->pdata[i]))
      g_ptr_array_add (self->outputs, ports->pdata[i]);
  return TRUE;
}

static gboolean
hyco_record_disassembler_fire (HycoActor *actor, GError **error)
{
  HycoRecordDisassembler *self = HYCO_RECORD_DISASSEMBLER (actor);
  const HycoValue *record;

  if (hyco_port_get_width (self->input) == 0 || !hyco_port_is_present (self->input, 0))
    return TRUE;
  record = hyco_port_get_value (self->input, 0);
  if (hyco_value_get_value_type (record) != HYCO_VALUE_TYPE_RECORD)
    {
      g_autofree char *literal = hyco_value_to_literal (record);
      hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_FAILED, "input %s is not a record",
                            literal);
      return FALSE;
    }
  for (guint i = 0; i < self->outputs->len; i++)
    {
      HycoPort *port = self->outputs->pdata[i];
      const HycoValue *field = hyco_value_lookup_record_field (record, hyco_port_get_name (port));

      if (field == NULL)
        {
          g_autofree char *literal = hyco_value_to_literal (record);
          hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_FAILED,
                                "input %s has no field \"%s\" for the output port of that name",
                                literal, hyco_port_get_name (port));
          return FALSE;
        }
      hyco_port_send (port, 0, field);
    }
  return TRUE;
}

static void
hyco_record_disassembler_class_init (HycoRecordDisassemblerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  object_class->constructed = hyco_record_disassembler_constructed;
  object_class->finalize = hyco_record_disassembler_finalize;
  actor_class->preinitialize = hyco_record_disassembler_preinitialize;
  actor_class->fire = hyco_record_disassembler_fire;

  hyco_actor_class_set_description (
    actor_class, "Each field of a record on the output port of its name (declare the ports)");
  hyco_actor_class_add_port (actor_class, "input", HYCO_PORT_INPUT, "The records");
}

static void
hyco_record_disassembler_init (HycoRecordDisassembler *self)
{
  self->outputs = g_ptr_array_new ();
}
