/* hyco-relation.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-signal-private.h"

/**
 * HycoRelation:
 *
 * A relation joins ports within one composite: one port writes the signal (an output of a
 * contained actor, or an input of the composite seen from inside) and every other linked port
 * reads it. Relations are created with hyco_composite_actor_add_relation().
 */
struct _HycoRelation
{
  GObject parent_instance;

  char *name;
  HycoCompositeActor *container; /* unowned: the composite owns its relations */
  GPtrArray *ports;              /* unowned HycoPort*, in link order */
};

G_DEFINE_FINAL_TYPE (HycoRelation, hyco_relation, G_TYPE_OBJECT)

static void
hyco_relation_finalize (GObject *object)
{
  HycoRelation *self = HYCO_RELATION (object);

  g_free (self->name);
  g_ptr_array_unref (self->ports);
  G_OBJECT_CLASS (hyco_relation_parent_class)->finalize (object);
}

static void
hyco_relation_class_init (HycoRelationClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = hyco_relation_finalize;
}

static void
hyco_relation_init (HycoRelation *self)
{
  self->ports = g_ptr_array_new ();
}

HycoRelation *
_hyco_relation_new (HycoCompositeActor *container, const char *name)
{
  HycoRelation *self = g_object_new (HYCO_TYPE_RELATION, NULL);

  self->container = container;
  self->name = g_strdup (name);
  return self;
}

void
_hyco_relation_add_port (HycoRelation *self, HycoPort *port)
{
  g_ptr_array_add (self->ports, port);
}

/**
 * hyco_relation_get_name:
 * @self: a relation
 *
 * Gets the relation's name.
 *
 * Returns: the relation's name, unique within its composite
 */
const char *
hyco_relation_get_name (HycoRelation *self)
{
  g_return_val_if_fail (HYCO_IS_RELATION (self), NULL);
  return self->name;
}

/**
 * hyco_relation_get_container:
 * @self: a relation
 *
 * Gets the composite the relation was added to with hyco_composite_actor_add_relation().
 *
 * Returns: (transfer none): the composite the relation belongs to
 */
HycoCompositeActor *
hyco_relation_get_container (HycoRelation *self)
{
  g_return_val_if_fail (HYCO_IS_RELATION (self), NULL);
  return self->container;
}

/**
 * hyco_relation_get_linked_ports:
 * @self: a relation
 *
 * Lists the ports linked to the relation with hyco_composite_actor_link(); a value sent by an
 * output port among them reaches all its input ports.
 *
 * Returns: (transfer container) (element-type Hyco.Port): the ports linked to the relation, in
 *   link order
 */
GPtrArray *
hyco_relation_get_linked_ports (HycoRelation *self)
{
  g_return_val_if_fail (HYCO_IS_RELATION (self), NULL);
  return _hyco_ptr_array_copy_unowned (self->ports);
}
