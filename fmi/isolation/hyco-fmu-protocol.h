/* hyco-fmu-protocol.h: what an FMU actor and the host process of its isolated FMU
 * (hyco-fmu-host.c) say to each other over their socket; not installed.
 *
 * One request, one reply, in order: a fixed-size header, then as many bytes of payload as it
 * says (value references, values, strings). Both ends are the same build on the same machine,
 * so the structures go as they are in memory.
 *
 * Where they go: the host's first two messages (it started; the FMU instantiated) on the
 * socket; after that, when the host's hello says so (HYCO_FMU_REMOTE_HELLO_SHARED), in the
 * slots of the page both share, each side waking the other with a futex: no system call at all
 * when both processes have a processor and the other answers within a short spin, one futex
 * call a side otherwise, against several for a socket's message. A message larger than its slot
 * goes on the socket, announced in the slot. The socket stays: its end of file says that the
 * host died (a crash, exit()), and the host's standard output and error keep their pipe.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>
#include <linux/futex.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

G_BEGIN_DECLS

/* The host's first message, once it has loaded the FMU and instantiated it (status 0), or
 * could not (status 1, the error's code in `u` and its message as payload). Its flags:
 * HYCO_FMU_REMOTE_HELLO_SHARED when the messages that follow go through the shared page. */
#define HYCO_FMU_REMOTE_HELLO 0
#define HYCO_FMU_REMOTE_HELLO_SHARED 1u
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
  HYCO_FMU_REMOTE_SET_INTERVAL_DECIMAL,
  HYCO_FMU_REMOTE_SET_INTERVAL_FRACTION,
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

/* What a slot of the shared page holds at most: larger messages go on the socket. */
#define HYCO_FMU_REMOTE_SLOT_SIZE (64 * 1024)

/* A page both share (a memfd, the host's PAGE): the call the host is serving, so that the
 * actor can name the one that crashed or hung even among deferred requests; and the slots of
 * the requests and replies. The writer of a message puts it in its slot (or, too large, its size
 * with on_socket, then writes it on the socket), then adds 1 to its sequence number, a futex the
 * reader waits on: it wakes the reader if its `waiting` is set. `closing`: the actor is done with
 * the instance (its socket's end of file says the same to a host that sleeps). `slots_wanted`:
 * set by the actor before the host starts, unless HYCO_FMU_TRANSPORT=socket (for comparison,
 * bench/bench-fmu.c). `output_written`: the host wrote a framed message on its output since the
 * actor last looked, which the actor then reads before it goes on with the reply (the lines the
 * FMU writes itself come in the same pipe, read then, and every few replies: not a system call
 * per reply). */
typedef struct
{
  volatile guint32 call;
  gint slots_wanted;
  gint request_sequence; /* futex, the actor's */
  gint reply_sequence;   /* futex, the host's */
  gint host_waiting;
  gint actor_waiting;
  gint closing;
  gint output_written; /* the host's: one more each time it wrote a framed message */
  guint32 request_size;
  guint32 request_on_socket;
  guint32 reply_size;
  guint32 reply_on_socket;
  guint8 request[HYCO_FMU_REMOTE_SLOT_SIZE];
  guint8 reply[HYCO_FMU_REMOTE_SLOT_SIZE];
} HycoFmuRemoteShared;

/* A message is in its slot: @sequence moves on, and the reader is woken if it sleeps. */
static inline void
hyco_fmu_remote_post (gint *sequence, gint *waiting)
{
  g_atomic_int_inc (sequence); /* a full barrier: the message is written before */
  if (g_atomic_int_get (waiting))
    syscall (SYS_futex, sequence, FUTEX_WAKE, 1, NULL, NULL, 0);
}

/* The bounds of a side's spin (µs): it doubles each time the message came while it spun (the
 * other side has a processor and answers fast), and halves each time it had to sleep (on a busy
 * machine the spin only takes the processor the other side waits for). */
#define HYCO_FMU_REMOTE_SPIN_MIN 1
#define HYCO_FMU_REMOTE_SPIN_MAX 50

/* Waits up to @timeout µs for @sequence to move on from @seen: whether it did. First spins for
 * *@spin µs, if @spin, and adapts it. */
static inline gboolean
hyco_fmu_remote_wait (gint *sequence, gint seen, gint *waiting, gint64 timeout, gint64 *spin)
{
  gint64 start = g_get_monotonic_time ();
  gint64 limit = MIN (spin != NULL ? *spin : 0, timeout);
  struct timespec left;

  for (guint k = 0;; k++)
    {
      if (g_atomic_int_get (sequence) != seen)
        {
          if (spin != NULL)
            *spin = MIN (*spin * 2, HYCO_FMU_REMOTE_SPIN_MAX);
          return TRUE;
        }
      /* The clock read every few turns only: it costs as much as a turn. */
      if (k % 16 == 15 && g_get_monotonic_time () - start >= limit)
        break;
#if defined(__x86_64__) || defined(__i386__)
      __builtin_ia32_pause ();
#endif
    }
  if (spin != NULL)
    *spin = MAX (*spin / 2, HYCO_FMU_REMOTE_SPIN_MIN);
  timeout -= g_get_monotonic_time () - start;
  if (timeout <= 0)
    return FALSE;
  left.tv_sec = (time_t) (timeout / G_USEC_PER_SEC);
  left.tv_nsec = (long) (timeout % G_USEC_PER_SEC) * 1000;
  g_atomic_int_set (waiting, 1);
  /* Seen now, or the poster sees `waiting` and wakes the futex (or changed it: no sleep). */
  if (g_atomic_int_get (sequence) == seen)
    syscall (SYS_futex, sequence, FUTEX_WAIT, seen, &left, NULL, 0);
  g_atomic_int_set (waiting, 0);
  return g_atomic_int_get (sequence) != seen;
}

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

/* A step's flag (do_step, do_event_step): the gets the actor made right after the last step
 * (FMI 2.0's get_real, FMI 3.0's typed gets of values of a fixed size), n of them, come as its
 * payload, each a request as it would be sent (header, value references); then, if the step
 * returned OK (and for do_event_step, with no event, termination or early return), the host
 * makes them in order, up to the first that fails, and puts in the reply's payload for each a
 * HycoFmuRemoteAhead and the values, and HYCO_FMU_REMOTE_GOT in its flags: the outputs read
 * after a step cost no round trip of their own. */
#define HYCO_FMU_REMOTE_THEN_GET 2u
#define HYCO_FMU_REMOTE_GOT 2u
typedef struct
{
  gint32 status;
  guint32 size; /* bytes of values that follow */
} HycoFmuRemoteAhead;

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
