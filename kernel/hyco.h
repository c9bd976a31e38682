/* hyco.h: the one header applications include.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#define HYCO_INSIDE
#include "hyco-time.h"
#include "hyco-value.h"
#include "hyco-port.h"
#include "hyco-relation.h"
#include "hyco-actor.h"
#include "hyco-composite-actor.h"
#include "hyco-director.h"
#include "hyco-param.h"
#include "hyco-registry.h"
#include "hyco-model.h"
#include "hyco-results.h"
#include "hyco-continuous.h"
#include "hyco-expression.h"
#include "hyco-de-director.h"
#include "hyco-sr-director.h"
#include "hyco-continuous-director.h"
#include "hyco-modal-director.h"
#include "hyco-actors.h"
#include "hyco-fmu-actor.h"
#undef HYCO_INSIDE
