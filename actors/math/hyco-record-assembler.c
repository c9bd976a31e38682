/* hyco-record-assembler.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actors-private.h"
#include "hyco-actors.h"

/**
 * HycoRecordAssembler:
 *
 * Ptolemy II's RecordAssembler: the model declares its input ports, and at each tag where
 * every connected one is present it sends the record whose fields are named after the ports
 * and hold their values (`{fixpart = 1, rest = {2, 3}}` from ports `fixpart` and `rest`).
 */
struct _HycoRecordAssembler
{
  HycoActor parent_instance;

  /* The declared inputs and their names, gathered at preinitialize; storage reused. */
  GPtrArray *inputs;
  GPtrArray *names;
  GArray *values;
  HycoValue record;

  HycoPort *output;
};

G_DEFINE_FINAL_TYPE (HycoRecordAssembler, hyco_record_assembler, HYCO_TYPE_ACTOR)
/* Registers the class and its model-file syntax: its entities declare their ports. */
void _hyco_register_record_assembler (void);
void
_hyco_register_record_assembler (void)
{
  hyco_registry_register ("RecordAssembler", HYCO_TYPE_RECORD_ASSEMBLER);
  _hyco_actors_register_declared_ports (HYCO_TYPE_RECORD_ASSEMBLER);
}

static void
hyco_record_assembler_constructed (GObject *object)
{
  HycoRecordAssembler *self = HYCO_RECORD_ASSEMBLER (object);

  G_OBJECT_CLASS (hyco_record_assembler_parent_class)->constructed (object);
  self->output = hyco_actor_get_port (HYCO_ACTOR (self), "output");
}

static void
hyco_record_assembler_finalize (GObject *object)
{
  HycoRecordAssembler *self = HYCO_RECORD_ASSEMBLER (object);

  g_ptr_array_unref (self->inputs);
  g_ptr_array_unref (self->names);
  g_array_unref (self->values);
  hyco_value_clear (&self->record);
  G_OBJECT_CLASS (hyco_record_assembler_parent_class)->finalize (object);
}

static gboolean
hyco_record_assembler_preinitialize (HycoActor *actor, GError **error)
{
  HycoRecordAssembler *self = HYCO_RECORD_ASSEMBLER (actor);
  g_autoptr (GPtrArray) ports = hyco_actor_get_ports (actor);

  g_ptr_array_set_size (self->inputs, 0);
  g_ptr_array_set_size (self->names, 0);
  for (guint i = 0; i < ports->len; i++)
    if (hyco_port_is_input (ports->pdata[i]))
      {
        g_ptr_array_add (self->inputs, ports->pdata[i]);
        g_ptr_array_add (self->names, (gpointer) hyco_port_get_name (ports->pdata[i]));
      }
  g_array_set_size (self->values, self->inputs->len);
  return TRUE;
}

static gboolean
hyco_record_assembler_fire (HycoActor *actor, GError **error)
{
  HycoRecordAssembler *self = HYCO_RECORD_ASSEMBLER (actor);
  HycoValue *values = (HycoValue *) (gpointer) self->values->data;

  for (guint i = 0; i < self->inputs->len; i++)
    {
      HycoPort *port = self->inputs->pdata[i];

      if (hyco_port_get_width (port) > 0 && !hyco_port_is_present (port, 0))
        return TRUE;
      /* A field's value is only read while the record is built: a shallow copy. */
      values[i] = hyco_port_get_width (port) > 0 ? *hyco_port_get_value (port, 0)
                                                  : (HycoValue) HYCO_VALUE_INIT;
    }
  if (!hyco_value_set_record (&self->record, (const char *const *) self->names->pdata, values,
                              self->inputs->len, error))
    return FALSE;
  hyco_port_send (self->output, 0, &self->record);
  return TRUE;
}

static void
hyco_record_assembler_class_init (HycoRecordAssemblerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  object_class->constructed = hyco_record_assembler_constructed;
  object_class->finalize = hyco_record_assembler_finalize;
  actor_class->preinitialize = hyco_record_assembler_preinitialize;
  actor_class->fire = hyco_record_assembler_fire;

  hyco_actor_class_set_description (
    actor_class, "A record of its inputs, each field named after its port (declare the ports)");
  hyco_actor_class_add_port (actor_class, "output", HYCO_PORT_OUTPUT,
                             "The record of the inputs' values");
}

static void
hyco_record_assembler_init (HycoRecordAssembler *self)
{
  self->inputs = g_ptr_array_new ();
  self->names = g_ptr_array_new ();
  self->values = g_array_new (FALSE, TRUE, sizeof (HycoValue));
}
