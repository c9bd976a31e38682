/* hyco-port.h: actor ports and the three-valued signals they carry.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined(HYCO_INSIDE) && !defined(HYCO_COMPILATION)
#error "Only <hyco.h> can be included directly."
#endif

#include "hyco-export.h"
#include <glib-object.h>
#include "hyco-value.h"

G_BEGIN_DECLS

/**
 * HycoSignalStatus:
 * @HYCO_SIGNAL_UNKNOWN: not yet determined at the current tag
 * @HYCO_SIGNAL_ABSENT: known to carry no event at the current tag
 * @HYCO_SIGNAL_PRESENT: known to carry a value at the current tag
 *
 * What is known about a signal at the current tag. Within one tag knowledge only grows:
 * unknown becomes absent or present, never the reverse.
 */
typedef enum
{
  HYCO_SIGNAL_UNKNOWN,
  HYCO_SIGNAL_ABSENT,
  HYCO_SIGNAL_PRESENT,
} HycoSignalStatus;

/**
 * HycoPortFlags:
 * @HYCO_PORT_INPUT: the port receives signals
 * @HYCO_PORT_OUTPUT: the port produces signals
 * @HYCO_PORT_MULTIPORT: each linked relation is a separate channel
 *
 * What kind of port this is.
 */
typedef enum /*< flags >*/
{
  HYCO_PORT_INPUT = 1 << 0,
  HYCO_PORT_OUTPUT = 1 << 1,
  HYCO_PORT_MULTIPORT = 1 << 2,
} HycoPortFlags;

#define HYCO_TYPE_PORT (hyco_port_get_type ())
HYCO_API
G_DECLARE_FINAL_TYPE (HycoPort, hyco_port, HYCO, PORT, GObject)

typedef struct _HycoActor HycoActor;

HYCO_API const char *hyco_port_get_name (HycoPort *self);
HYCO_API HycoActor *hyco_port_get_container (HycoPort *self);
HYCO_API HycoPortFlags hyco_port_get_flags (HycoPort *self);
HYCO_API gboolean hyco_port_is_input (HycoPort *self);
HYCO_API gboolean hyco_port_is_output (HycoPort *self);
HYCO_API gboolean hyco_port_is_multiport (HycoPort *self);
HYCO_API char *hyco_port_get_full_name (HycoPort *self);
HYCO_API guint hyco_port_get_width (HycoPort *self);
HYCO_API GPtrArray *hyco_port_get_linked_relations (HycoPort *self);
HYCO_API const char *hyco_port_get_unit (HycoPort *self);
HYCO_API void hyco_port_set_unit (HycoPort *self, const char *unit);

HYCO_API HycoSignalStatus hyco_port_get_status (HycoPort *self, guint channel);
HYCO_API gboolean hyco_port_is_known (HycoPort *self, guint channel);
HYCO_API gboolean hyco_port_is_present (HycoPort *self, guint channel);
HYCO_API gboolean hyco_port_all_known (HycoPort *self);
HYCO_API gboolean hyco_port_any_present (HycoPort *self);
HYCO_API const HycoValue *hyco_port_get_value (HycoPort *self, guint channel);
HYCO_API double hyco_port_get_double (HycoPort *self, guint channel);
HYCO_API gint64 hyco_port_get_int (HycoPort *self, guint channel);
HYCO_API gboolean hyco_port_get_boolean (HycoPort *self, guint channel);
HYCO_API const char *hyco_port_get_string (HycoPort *self, guint channel);

HYCO_API void hyco_port_send (HycoPort *self, guint channel, const HycoValue *value);
HYCO_API void hyco_port_send_double (HycoPort *self, guint channel, double value);
HYCO_API void hyco_port_send_int (HycoPort *self, guint channel, gint64 value);
HYCO_API void hyco_port_send_boolean (HycoPort *self, guint channel, gboolean value);
HYCO_API void hyco_port_send_string (HycoPort *self, guint channel, const char *value);
HYCO_API void hyco_port_send_absent (HycoPort *self, guint channel);

G_END_DECLS
