/* hyco-private.h: every private header of the kernel, for the files that use most of them;
 * not installed. A file that needs one concern includes that header alone.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "hyco-director-private.h"
#include "hyco-model-private.h"
#include "hyco-param-private.h"
