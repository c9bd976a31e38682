/* hyco-fmu-protocol.h: what an FMU actor and the host process of its isolated FMU
 * (hyco-fmu-host.c) say to each other over their socket; not installed.
 *
 * One request, one reply, in order: a fixed-size header, then as many bytes of payload as it
 * says (value references, values, strings). Both ends are the same build on the same machine,
 * so the structures go as they are in memory. Small fixed messages keep a step's round trip to
 * two short writes and two short reads.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The host's first message, once it has loaded the FMU and instantiated it (status 0), or
 * could not (status 1, the error's code in `u` and its message as payload). */
#define HYCO_FMU_REMOTE_HELLO 0
/* Before it, as soon as it runs: status 2. */
#define HYCO_FMU_REMOTE_STARTED 2

/* The host's standard output and error go to one pipe the actor reads: what the FMU writes
 * there (a debugging printf) is shown through hyco's logging, a line at a time and within the
 * limit of an FMU's messages. The host's own log messages (the FMU's logger's among them) come
 * framed in it, so that they keep their level: HYCO_FMU_REMOTE_RECORD_START, 'W' (warning) or
 * 'M' (message), the text, HYCO_FMU_REMOTE_RECORD_END. */
#define HYCO_FMU_REMOTE_RECORD_START '\x1e'
#define HYCO_FMU_REMOTE_RECORD_END '\x1f'

/* The calls of the instance interface a request makes, and the check of a status. */
typedef enum
{
  HYCO_FMU_REMOTE_SETUP_EXPERIMENT = 1,
  HYCO_FMU_REMOTE_ENTER_INITIALIZATION_MODE,
  HYCO_FMU_REMOTE_EXIT_INITIALIZATION_MODE,
  HYCO_FMU_REMOTE_TERMINATE,
  HYCO_FMU_REMOTE_SET_REAL,
  HYCO_FMU_REMOTE_SET_INTEGER,
  HYCO_FMU_REMOTE_SET_BOOLEAN,
  HYCO_FMU_REMOTE_SET_STRING,
  HYCO_FMU_REMOTE_GET_REAL,
  HYCO_FMU_REMOTE_GET_INTEGER,
  HYCO_FMU_REMOTE_GET_BOOLEAN,
  HYCO_FMU_REMOTE_GET_STRING,
  HYCO_FMU_REMOTE_SET_HYBRID_REAL,
  HYCO_FMU_REMOTE_SET_HYBRID_INTEGER,
  HYCO_FMU_REMOTE_SET_HYBRID_BOOLEAN,
  HYCO_FMU_REMOTE_SET_HYBRID_STRING,
  HYCO_FMU_REMOTE_GET_HYBRID_REAL,
  HYCO_FMU_REMOTE_GET_HYBRID_INTEGER,
  HYCO_FMU_REMOTE_GET_HYBRID_BOOLEAN,
  HYCO_FMU_REMOTE_GET_HYBRID_STRING,
  HYCO_FMU_REMOTE_DO_STEP,
  HYCO_FMU_REMOTE_DO_INTEGER_STEP,
  HYCO_FMU_REMOTE_GET_MAX_STEP_SIZE,
  HYCO_FMU_REMOTE_GET_INTEGER_MAX_STEP_SIZE,
  HYCO_FMU_REMOTE_SET_RESOLUTION,
  HYCO_FMU_REMOTE_GET_PREFERRED_RESOLUTION,
  HYCO_FMU_REMOTE_GET_REAL_STATUS,
  HYCO_FMU_REMOTE_GET_BOOLEAN_STATUS,
  HYCO_FMU_REMOTE_GET_STATE,
  HYCO_FMU_REMOTE_SET_STATE,
  HYCO_FMU_REMOTE_FREE_STATE,
  /* FMI 3.0 */
  HYCO_FMU_REMOTE_SET_VALUES,
  HYCO_FMU_REMOTE_GET_VALUES,
  HYCO_FMU_REMOTE_ENTER_EVENT_MODE,
  HYCO_FMU_REMOTE_UPDATE_DISCRETE_STATES,
  HYCO_FMU_REMOTE_ENTER_STEP_MODE,
  HYCO_FMU_REMOTE_ENTER_CONFIGURATION_MODE,
  HYCO_FMU_REMOTE_EXIT_CONFIGURATION_MODE,
  HYCO_FMU_REMOTE_GET_INTERVAL_DECIMAL,
  HYCO_FMU_REMOTE_GET_SHIFT_DECIMAL,
  HYCO_FMU_REMOTE_GET_INTERVAL_FRACTION,
  HYCO_FMU_REMOTE_GET_SHIFT_FRACTION,
  HYCO_FMU_REMOTE_DO_EVENT_STEP,
  /* Model Exchange */
  HYCO_FMU_REMOTE_ME_SET_TIME,
  HYCO_FMU_REMOTE_ME_SET_CONTINUOUS_STATES,
  HYCO_FMU_REMOTE_ME_GET_DERIVATIVES,
  HYCO_FMU_REMOTE_ME_GET_EVENT_INDICATORS,
  HYCO_FMU_REMOTE_ME_GET_CONTINUOUS_STATES,
  HYCO_FMU_REMOTE_ME_GET_NOMINALS,
  HYCO_FMU_REMOTE_ME_ENTER_EVENT_MODE,
  HYCO_FMU_REMOTE_ME_NEW_DISCRETE_STATES,
  HYCO_FMU_REMOTE_ME_ENTER_CONTINUOUS_TIME_MODE,
  HYCO_FMU_REMOTE_ME_COMPLETED_INTEGRATOR_STEP,
  /* The instance's check of a status (`integer`) for the call named in the payload: reply
   * status 0 when it passes, else 1 with the error's code in `u` and its message. */
  HYCO_FMU_REMOTE_CHECK,
  HYCO_FMU_REMOTE_N_CALLS
} HycoFmuRemoteCall;

/* A page both share (a memfd, the host's PAGE): the call the host is serving, so that the
 * actor can name the one that crashed or hung even among deferred requests. */
typedef struct
{
  volatile guint32 call;
} HycoFmuRemoteShared;

/* Where a call is named by a number (the shared page, a failed deferred call): the call, and
 * for the typed calls the HycoFmuType above it, so that the name is the typed function's. */
#define HYCO_FMU_REMOTE_CALL_ID(call, type) ((guint32) (call) | ((guint32) (type) << 16))
#define HYCO_FMU_REMOTE_CALL_OF(id) ((id) &0xffffu)
#define HYCO_FMU_REMOTE_TYPE_OF(id) ((id) >> 16)

/* Request flag: no reply is expected. The sets of values and of FMU states go with the next
 * call that waits for its reply, in the same write: a step with its inputs is one round trip.
 * The host stops at the first such call that fails (a status above warning) and answers the
 * next request, unserved, with that status, the flag below and the failed call in `u`. */
#define HYCO_FMU_REMOTE_DEFERRED (1u << 31)
#define HYCO_FMU_REMOTE_DEFERRED_FAILED 1u

/* Requests. Scalars by call: setup_experiment flags (bit 0 tolerance defined, bit 1 stop time
 * defined), d[0..2] tolerance, start, stop; do_step d[0..1] time and step, flags noRollback;
 * do_integer_step u[0..1] time and step, flags noRollback; set_resolution, status kinds: the
 * integer; states: u[0] the host's handle (0: none). Get and set: n value references (guint32)
 * as payload, then for sets the values (double, or gint32 for Integer and Boolean, or
 * NUL-terminated strings), then for hybrid sets n presences (gint32). FMI 3.0: typed gets and
 * sets the HycoFmuType in `integer` and the number of values (arrays have several) in u[0],
 * the values as the typed calls take them (strings NUL-terminated; Binary values, type Binary,
 * as their sizes, guint64 each, then their bytes one after the other); do_event_step as do_step;
 * interval and shift gets the n value references. Model Exchange: set_time d[0]; the state
 * vectors' length in u[0], the states set as payload; completed_integrator_step flags
 * noSetFMUStatePriorToCurrentPoint. */
typedef struct
{
  guint32 call;
  guint32 n;
  guint32 flags;
  gint32 integer;
  guint64 u[2];
  double d[3];
  guint32 payload; /* bytes that follow */
  guint32 padding;
} HycoFmuRemoteRequest;

/* Replies: the call's status; scalars in u (performed ticks, integer max step, state handle,
 * resolution, boolean status) or d (max step, real status); the values got as payload (then
 * the presences for hybrid gets). FMI 3.0: update_discrete_states the HYCO_FMU_REMOTE_UPDATE_*
 * flags in u and the next event time in d; do_event_step the HYCO_FMU_REMOTE_STEP_* flags in u
 * and the last successful time in d; interval gets n intervals (double) then n qualifiers
 * (int), shift gets n shifts; their fraction variants n counters and n resolutions (guint64)
 * before the qualifiers. */
#define HYCO_FMU_REMOTE_UPDATE_NEEDS_UPDATE 1u
#define HYCO_FMU_REMOTE_UPDATE_TERMINATE 2u
#define HYCO_FMU_REMOTE_UPDATE_NEXT_EVENT_TIME_DEFINED 4u
#define HYCO_FMU_REMOTE_STEP_EVENT_HANDLING_NEEDED 1u
#define HYCO_FMU_REMOTE_STEP_TERMINATE 2u
#define HYCO_FMU_REMOTE_STEP_EARLY_RETURN 4u
/* Model Exchange: the vectors got as payload; new_discrete_states a HycoFmuEventInfo as
 * payload; completed_integrator_step these flags in u. */
#define HYCO_FMU_REMOTE_COMPLETED_ENTER_EVENT_MODE 1u
#define HYCO_FMU_REMOTE_COMPLETED_TERMINATE 2u
typedef struct
{
  gint32 status;
  guint32 flags;
  guint64 u;
  double d;
  guint32 payload;
  guint32 padding;
} HycoFmuRemoteReply;

G_END_DECLS
