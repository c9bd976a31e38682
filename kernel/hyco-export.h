/* hyco-export.h: what the library exports. Symbols are hidden by default; HYCO_API marks the
 * public API in the public headers, so internal functions (`_hyco_*`) stay inside the library.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined(HYCO_INSIDE) && !defined(HYCO_COMPILATION)
#error "Only <hyco.h> can be included directly."
#endif

#if defined(__GNUC__)
#define HYCO_API __attribute__ ((visibility ("default"))) extern
#else
#define HYCO_API extern
#endif
