/* hyco-fmu-output-private.h: the hook of hyco-fmu-output.c in the FMU loader.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Before an FMU's library is loaded in the process and before each instance is made in it
 * (@instance_name: the actor's name, or NULL): standard output taken off, the first time, if
 * the program asked for it (hyco_fmu_output_contain()). */
void _hyco_fmu_output_will_load (const char *instance_name);

G_END_DECLS
