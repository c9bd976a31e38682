/* hyco-fmu-remote.c: the instance interface (hyco-fmu-instance.h) of an FMU that runs in a
 * host process (hyco-fmu-host.c), through a shared page and a socket pair.
 *
 * Each call is one request and one reply (hyco-fmu-protocol.h): the request put in the shared
 * page's slot (or written on the socket in one system call), the reply waited for up to the call
 * timeout. The reply never comes when the FMU crashes its process, calls exit() or does not
 * return: the socket's end of file (the process is gone: its wait status says how) or the
 * timeout (the process is killed) make the call return the fatal status, so that the actor asks
 * nothing more of the instance, and the check of that status tells what happened, in which call,
 * at which time.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#define _GNU_SOURCE
#include "hyco-fmu-remote.h"
#include "hyco-fmu-error.h"
#include "hyco-fmu-protocol.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <glib-unix.h>
#include <errno.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

typedef struct
{
  HycoFmuInstance parent;
  HycoFmuInstanceOps ops; /* the parent's: the proxies of the calls the FMU has */
  HycoFmuModelExchangeOps me_ops; /* a Model Exchange instance's, likewise */
  HycoFmu *fmu;           /* a reference: its directory stays until the host is gone */
  char *instance_name;
  char *file_name; /* the .fmu, for messages */
  GPid pid;
  int fd;
  gint64 timeout; /* µs */
  double call_timeout;
  char *fault;               /* what ended the host process, once it ended */
  char where[64];            /* the time of the call being made, for messages (" at t = 1.5 s") */
  guint start;               /* where the request being made starts: deferred ones come before it */
  const char *deferred_call; /* the first of the deferred requests not answered yet */
  const char *failed_call;   /* the deferred request that failed, with its status */
  HycoFmuStatus failed_status;
  GByteArray *request; /* the request being written: header and payload */
  GByteArray *reply;   /* the last reply's payload */
  GByteArray *input;   /* what was read of the reply */
  GByteArray *strings; /* the last string get's payload: the strings stay valid until the next */
  HycoFmuRemoteReply header;
  HycoFmuRemoteShared *shared; /* with the host: the call it serves, the messages' slots */
  gboolean slots;              /* the messages go through the shared page's slots */
  gint replies;                /* the host's reply_sequence at the last reply */
  gint64 spin;                 /* µs, adapted (hyco_fmu_remote_wait) */
  /* The gets the actor makes after each step are made with the step (hyco-fmu-protocol.h):
   * the requests it made right after the last step, learned (ahead_requests, their value
   * references in ahead_vrs), and what the host got for them after this one (ahead_values: a
   * HycoFmuRemoteAhead and the values for each of the first ahead_got), to answer them. */
  GArray *ahead_requests;    /* HycoFmuRemoteRequest, payload the value references' size */
  GArray *ahead_vrs;         /* HycoFmuValueReference, one after the other */
  GByteArray *ahead_values;  /* the last step's reply */
  GArray *ahead_at;          /* guint: where each answer is in ahead_values */
  guint ahead_got;           /* the gets the last step's reply answers */
  guint ahead_next;          /* the number of gets made since the step */
  gboolean after_step;       /* only gets were made since a step that returned OK */
  gboolean prefetching;      /* a step that also makes the gets is being made */
  guint64 round_trips;       /* requests whose reply was waited for */
  gint output_seen;          /* the host's output_written when the actor last read its output */
  guint quiet_replies;       /* replies since then */
  int output;                  /* the host's standard output and error, -1 once at its end */
  GString *output_text;        /* a line or a framed message not complete yet */
  gboolean in_record;          /* output_text is a framed message */
  HycoFmuLogBudget output_budget; /* the lines the FMU wrote */
} Remote;

#define REMOTE(handle) ((Remote *) (handle))

char *
_hyco_fmu_remote_host_path (void)
{
  const char *variable = g_getenv ("HYCO_FMU_HOST");
  Dl_info info;

  if (variable != NULL && *variable != '\0')
    return g_strdup (variable);
  /* The code of this file is in the library (or a test program) of the build tree, or
   * installed: each finds the host where its build put it. */
  if (dladdr ((gpointer) _hyco_fmu_remote_host_path, &info) != 0 && info.dli_fname != NULL)
    {
      g_autofree char *real = realpath (info.dli_fname, NULL);
      if (real != NULL && g_str_has_prefix (real, HYCO_BUILD_ROOT "/"))
        return g_strdup (HYCO_FMU_HOST_BUILT);
    }
  return g_strdup (HYCO_FMU_HOST_INSTALLED);
}

static const char *call_name (Remote *r, guint64 call);

/* The host's end: waited for up to the call timeout (it is ending), then killed. */
static int
reap (Remote *r)
{
  gint64 deadline = g_get_monotonic_time () + MAX (r->timeout, G_USEC_PER_SEC);
  int status = 0;

  if (r->pid <= 0)
    return 0;
  for (;;)
    {
      pid_t done = waitpid (r->pid, &status, WNOHANG);
      if (done == r->pid || (done < 0 && errno != EINTR))
        break;
      if (done == 0 && g_get_monotonic_time () > deadline)
        {
          kill (r->pid, SIGKILL);
          while (waitpid (r->pid, &status, 0) < 0 && errno == EINTR)
            ;
          break;
        }
      if (done == 0)
        g_usleep (1000);
    }
  r->pid = 0;
  return status;
}

/* The host is gone or was stopped in @call: the call fails, and so will any check. */
static HycoFmuStatus
lost (Remote *r, const char *call, gboolean timed_out)
{
  const char *model = r->fmu->description->model_name;
  int status;

  if (r->fault != NULL)
    return HYCO_FMU_STATUS_FATAL;
  if (timed_out && r->pid > 0)
    kill (r->pid, SIGKILL);
  if (r->fd >= 0)
    close (r->fd);
  r->fd = -1;
  status = reap (r);
  /* A deferred request sent with the call may have been the one the host was in. */
  if (r->shared != NULL && (r->deferred_call != NULL || r->prefetching)
      && !g_str_equal (call_name (r, r->shared->call), "a call"))
    {
      call = call_name (r, r->shared->call);
      r->where[0] = '\0';
    }
  if (timed_out)
    r->fault
      = g_strdup_printf ("FMU %s (%s): %s%s did not return within %g s (callTimeout): the "
                         "process running %s was stopped",
                         model, r->instance_name, call, r->where, r->call_timeout, r->file_name);
  else if (WIFSIGNALED (status))
    r->fault = g_strdup_printf ("FMU %s (%s): the process running %s crashed (signal %d, %s) in "
                                "%s%s",
                                model, r->instance_name, r->file_name, WTERMSIG (status),
                                g_strsignal (WTERMSIG (status)), call, r->where);
  else if (WIFEXITED (status))
    r->fault = g_strdup_printf ("FMU %s (%s): the process running %s exited (status %d) in "
                                "%s%s: the FMU's code ended it",
                                model, r->instance_name, r->file_name, WEXITSTATUS (status), call,
                                r->where);
  else
    r->fault = g_strdup_printf ("FMU %s (%s): the process running %s ended in %s%s", model,
                                r->instance_name, r->file_name, call, r->where);
  return HYCO_FMU_STATUS_FATAL;
}

/* One line the FMU wrote, or one of the host's framed messages (hyco-fmu-protocol.h), logged
 * here as the FMU's messages are in process: through the application's log handler, a line
 * the FMU writes counting as one of its messages. */
static void
log_output (Remote *r)
{
  const char *text = r->output_text->str;

  if (r->in_record && text[0] != '\0')
    _hyco_fmu_log (text[0] == 'W' ? G_LOG_LEVEL_WARNING : G_LOG_LEVEL_MESSAGE, "%s", text + 1);
  else if (!r->in_record && _hyco_fmu_log_budget_take (&r->output_budget, r->instance_name))
    _hyco_fmu_log (G_LOG_LEVEL_MESSAGE, "%s: the FMU wrote: %s", r->instance_name, text);
  g_string_truncate (r->output_text, 0);
}

/* Reads what the host wrote on its standard output and error, without waiting, and logs each
 * complete line and message; at the end of the output, what is left too. */
static void
take_output (Remote *r)
{
  char buffer[4096];

  while (r->output >= 0)
    {
      ssize_t n = read (r->output, buffer, sizeof buffer);
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        return; /* EAGAIN: nothing more for now */
      if (n == 0)
        {
          if (r->output_text->len > 0)
            log_output (r);
          close (r->output);
          r->output = -1;
          return;
        }
      for (ssize_t i = 0; i < n; i++)
        {
          char c = buffer[i];
          if (!r->in_record && c == HYCO_FMU_REMOTE_RECORD_START)
            {
              if (r->output_text->len > 0)
                log_output (r);
              r->in_record = TRUE;
            }
          else if (r->in_record && c == HYCO_FMU_REMOTE_RECORD_END)
            {
              log_output (r);
              r->in_record = FALSE;
            }
          else if (!r->in_record && c == '\n')
            log_output (r);
          else
            g_string_append_c (r->output_text, c);
        }
    }
}

/* How long a caller spins on the socket before it sleeps in poll(): a fast FMU call is answered
 * sooner than the scheduler would wake a sleeping process. */
#define SPIN_USEC 30

/* Reads what the host sent on the socket until r->input holds @size bytes: in as few reads as
 * it takes (a reply and its payload in one). */
static gboolean
fill_socket (Remote *r, gsize size, gint64 deadline, gboolean *timed_out)
{
  gint64 spin_until = g_get_monotonic_time () + SPIN_USEC;

  while (r->input->len < size)
    {
      guint have = r->input->len;
      gsize room = MAX (size - have, 4096);
      struct pollfd pfd[2] = { { .fd = r->fd, .events = POLLIN },
                               { .fd = r->output, .events = POLLIN } };
      ssize_t n;
      gint64 now, left;
      int ready;

      g_byte_array_set_size (r->input, (guint) (have + room));
      n = recv (r->fd, r->input->data + have, room, MSG_DONTWAIT);
      g_byte_array_set_size (r->input, have + (guint) MAX (n, 0));
      if (n > 0)
        continue;
      if (n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR))
        return FALSE;
      now = g_get_monotonic_time ();
      if (now < spin_until)
        {
          sched_yield (); /* on a busy machine, the host may be waiting for this processor */
          continue;
        }
      left = deadline - now;
      if (left <= 0)
        {
          *timed_out = TRUE;
          return FALSE;
        }
      ready = poll (pfd, r->output >= 0 ? 2 : 1, (int) MIN ((left + 999) / 1000, G_MAXINT));
      if (ready < 0 && errno != EINTR)
        return FALSE;
      /* The FMU writing more than the pipe holds waits for this. */
      if (ready > 0 && r->output >= 0 && pfd[1].revents != 0)
        take_output (r);
    }
  return TRUE;
}

/* How long a caller sleeps at most on the shared page's futex before it looks whether the host
 * is still there (its socket's end of file) and takes what it wrote (an FMU writing more than
 * the pipe holds waits for that). */
#define SLOT_SLEEP_USEC (10 * 1000)

/* Whether the host's end of the socket is closed: it ended. */
static gboolean
host_gone (Remote *r)
{
  char byte;
  ssize_t n = recv (r->fd, &byte, 1, MSG_PEEK | MSG_DONTWAIT);

  return n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR);
}

/* Reads what the host sent until r->input holds @size bytes: from the shared page's reply
 * slot, or where the host said so (a large reply) or there is no slot, from the socket. */
static gboolean
fill (Remote *r, gsize size, gint64 deadline, gboolean *timed_out)
{
  HycoFmuRemoteShared *shared = r->shared;
  gboolean spin = TRUE;

  if (!r->slots)
    return fill_socket (r, size, deadline, timed_out);
  while (r->input->len < size)
    {
      gint64 left = deadline - g_get_monotonic_time ();
      if (left <= 0)
        {
          *timed_out = TRUE;
          return FALSE;
        }
      if (!hyco_fmu_remote_wait (&shared->reply_sequence, r->replies, &shared->actor_waiting,
                                 MIN (left, SLOT_SLEEP_USEC), spin ? &r->spin : NULL))
        {
          spin = FALSE;
          if (host_gone (r))
            return FALSE;
          take_output (r);
          continue;
        }
      r->replies = g_atomic_int_get (&shared->reply_sequence);
      if (shared->reply_on_socket)
        {
          if (!fill_socket (r, r->input->len + shared->reply_size, deadline, timed_out))
            return FALSE;
        }
      else
        g_byte_array_append (r->input, shared->reply, MIN (shared->reply_size,
                                                           HYCO_FMU_REMOTE_SLOT_SIZE));
    }
  return TRUE;
}

/* Writes @size bytes on the socket. */
static gboolean
send_all (Remote *r, const guint8 *p, gsize size)
{
  while (size > 0)
    {
      /* Not a write(): a host that is gone would raise SIGPIPE. */
      ssize_t n = send (r->fd, p, size, MSG_NOSIGNAL);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        return FALSE;
      p += n, size -= (gsize) n;
    }
  return TRUE;
}

/* Sends the request written: in the shared page's slot, or (larger, or no slot) on the
 * socket, announced in the slot first so that the host reads it as it is written. */
static gboolean
deliver (Remote *r, const guint8 *p, gsize size)
{
  HycoFmuRemoteShared *shared = r->shared;

  if (!r->slots)
    return send_all (r, p, size);
  shared->request_size = (guint32) size;
  shared->request_on_socket = size > HYCO_FMU_REMOTE_SLOT_SIZE;
  if (!shared->request_on_socket)
    memcpy (shared->request, p, size);
  hyco_fmu_remote_post (&shared->request_sequence, &shared->host_waiting);
  return !shared->request_on_socket || send_all (r, p, size);
}

/* How many replies at most go by without a look at the host's output. */
#define OUTPUT_CHECK_REPLIES 64

/* The reply to what was written: its header in r->header, its payload in r->reply. */
static gboolean
wait_reply (Remote *r, gboolean *timed_out)
{
  gint64 deadline = g_get_monotonic_time () + r->timeout;

  *timed_out = FALSE;
  if (!fill (r, sizeof r->header, deadline, timed_out))
    return FALSE;
  memcpy (&r->header, r->input->data, sizeof r->header);
  if (!fill (r, sizeof r->header + r->header.payload, deadline, timed_out))
    return FALSE;
  g_byte_array_set_size (r->reply, r->header.payload);
  if (r->header.payload > 0) /* an empty array may have no data at all */
    memcpy (r->reply->data, r->input->data + sizeof r->header, r->header.payload);
  /* What came after (the host's two first messages may come in one read) is the next's. */
  g_byte_array_remove_range (r->input, 0, (guint) (sizeof r->header + r->header.payload));
  /* What the host wrote before it replied is in the pipe by now: logged in its place, before
   * what the caller does with the reply. Through the shared page, the host says when it wrote
   * a framed message (the FMU's log); what the FMU writes itself, in the same pipe, comes with
   * those, every OUTPUT_CHECK_REPLIES replies, whenever the actor sleeps and at the end: not a
   * system call per reply. */
  if (!r->slots || g_atomic_int_get (&r->shared->output_written) != r->output_seen
      || ++r->quiet_replies >= OUTPUT_CHECK_REPLIES)
    {
      if (r->slots)
        r->output_seen = g_atomic_int_get (&r->shared->output_written);
      r->quiet_replies = 0;
      take_output (r);
    }
  return TRUE;
}

static inline void
begin (Remote *r)
{
  /* Any other call than the gets after a step: what was read with the step is not theirs. */
  r->after_step = FALSE;
  r->start = r->request->len;
  g_byte_array_set_size (r->request, r->start + (guint) sizeof (HycoFmuRemoteRequest));
  r->where[0] = '\0';
}

/* Whether the last reply holds what the call asked for. */
static inline gboolean
answered (Remote *r)
{
  return r->fault == NULL && r->failed_call == NULL;
}

static const char *
call_name (Remote *r, guint64 call)
{
  const HycoFmuCallNames *names = r->ops.names;
  guint64 type = HYCO_FMU_REMOTE_TYPE_OF (call);

  switch (HYCO_FMU_REMOTE_CALL_OF (call))
    {
    case HYCO_FMU_REMOTE_SET_VALUES:
      return type < HYCO_FMU_N_TYPES && r->ops.set_value_names ? r->ops.set_value_names[type]
                                                               : "a call";
    case HYCO_FMU_REMOTE_GET_VALUES:
      return type < HYCO_FMU_N_TYPES && r->ops.get_value_names ? r->ops.get_value_names[type]
                                                               : "a call";
    case HYCO_FMU_REMOTE_SET_REAL:
      return names->set_real;
    case HYCO_FMU_REMOTE_GET_REAL:
      return names->get_real;
    case HYCO_FMU_REMOTE_SET_INTEGER:
      return names->set_integer;
    case HYCO_FMU_REMOTE_SET_BOOLEAN:
      return names->set_boolean;
    case HYCO_FMU_REMOTE_SET_STRING:
      return names->set_string;
    case HYCO_FMU_REMOTE_SET_HYBRID_REAL:
      return names->set_hybrid_real;
    case HYCO_FMU_REMOTE_SET_HYBRID_INTEGER:
      return names->set_hybrid_integer;
    case HYCO_FMU_REMOTE_SET_HYBRID_BOOLEAN:
      return names->set_hybrid_boolean;
    case HYCO_FMU_REMOTE_SET_HYBRID_STRING:
      return names->set_hybrid_string;
    case HYCO_FMU_REMOTE_SET_STATE:
      return names->set_state;
    case HYCO_FMU_REMOTE_ME_SET_TIME:
      return r->me_ops.names ? r->me_ops.names->set_time : "a call";
    case HYCO_FMU_REMOTE_ME_SET_CONTINUOUS_STATES:
      return r->me_ops.names ? r->me_ops.names->set_continuous_states : "a call";
    default:
      return "a call";
    }
}

static inline void
add (Remote *r, gconstpointer data, gsize size)
{
  g_byte_array_append (r->request, data, (guint) size);
}

/* Sends the request begun (@request its header), with the deferred ones before it, and waits
 * for the reply: its status. A deferred request only joins the others: OK.
 *
 * When a deferred request failed, the reply says so instead: the call returns the fatal
 * status, so that the actor asks nothing more of the instance (a value not set is not a step
 * to revise), and the check names the call that failed, with the FMU's message. */
static HycoFmuStatus
transact (Remote *r, HycoFmuRemoteRequest *request, const char *call)
{
  gboolean timed_out = FALSE;
  const guint8 *p;
  gsize size;

  if (!answered (r))
    {
      g_byte_array_set_size (r->request, 0);
      return HYCO_FMU_STATUS_FATAL;
    }
  request->payload = r->request->len - r->start - (guint) sizeof *request;
  memcpy (r->request->data + r->start, request, sizeof *request);
  if (request->flags & HYCO_FMU_REMOTE_DEFERRED)
    {
      if (r->deferred_call == NULL)
        r->deferred_call = call;
      return HYCO_FMU_STATUS_OK;
    }
  p = r->request->data, size = r->request->len;
  if (r->request->len > G_MAXUINT32 || !deliver (r, p, size))
    {
      g_byte_array_set_size (r->request, 0);
      return lost (r, call, FALSE);
    }
  /* Only now: shrinking clears what it drops under G_DEBUG=gc-friendly. */
  g_byte_array_set_size (r->request, 0);
  r->round_trips++;
  if (!wait_reply (r, &timed_out))
    return lost (r, call, timed_out);
  r->deferred_call = NULL;
  if (r->header.flags & HYCO_FMU_REMOTE_DEFERRED_FAILED)
    {
      r->failed_call = call_name (r, r->header.u);
      r->failed_status = (HycoFmuStatus) r->header.status;
      return HYCO_FMU_STATUS_FATAL;
    }
  return (HycoFmuStatus) r->header.status;
}

static HycoFmuStatus
simple (gpointer handle, HycoFmuRemoteCall id, const char *call)
{
  Remote *r = REMOTE (handle);
  HycoFmuRemoteRequest request = { .call = id };

  begin (r);
  return transact (r, &request, call);
}

static HycoFmuStatus
set_values (gpointer handle, HycoFmuRemoteCall id, const char *call,
            const HycoFmuValueReference *vr, gsize n, gconstpointer values, gsize size,
            const HycoFmuSignal *presence)
{
  Remote *r = REMOTE (handle);
  HycoFmuRemoteRequest request
    = { .call = id, .n = (guint32) n, .flags = HYCO_FMU_REMOTE_DEFERRED };

  begin (r);
  add (r, vr, n * sizeof *vr);
  add (r, values, n * size);
  if (presence != NULL)
    add (r, presence, n * sizeof *presence);
  return transact (r, &request, call);
}

static HycoFmuStatus
get_values (gpointer handle, HycoFmuRemoteCall id, const char *call,
            const HycoFmuValueReference *vr, gsize n, gpointer values, gsize size,
            HycoFmuSignal *presence)
{
  Remote *r = REMOTE (handle);
  HycoFmuRemoteRequest request = { .call = id, .n = (guint32) n };
  HycoFmuStatus status;
  gsize expected = n * size + (presence != NULL ? n * sizeof *presence : 0);

  begin (r);
  add (r, vr, n * sizeof *vr);
  status = transact (r, &request, call);
  if (!answered (r) || r->reply->len < expected)
    return !answered (r) ? status : HYCO_FMU_STATUS_ERROR;
  if (n == 0)
    return status;
  memcpy (values, r->reply->data, n * size);
  if (presence != NULL)
    memcpy (presence, r->reply->data + n * size, n * sizeof *presence);
  return status;
}

static HycoFmuStatus
set_strings (gpointer handle, HycoFmuRemoteCall id, const char *call,
             const HycoFmuValueReference *vr, gsize n, const char *const *values,
             const HycoFmuSignal *presence)
{
  Remote *r = REMOTE (handle);
  HycoFmuRemoteRequest request
    = { .call = id, .n = (guint32) n, .flags = HYCO_FMU_REMOTE_DEFERRED };

  begin (r);
  add (r, vr, n * sizeof *vr);
  if (presence != NULL)
    add (r, presence, n * sizeof *presence);
  for (gsize i = 0; i < n; i++)
    add (r, values[i] != NULL ? values[i] : "", strlen (values[i] != NULL ? values[i] : "") + 1);
  return transact (r, &request, call);
}

static HycoFmuStatus
get_strings (gpointer handle, HycoFmuRemoteCall id, const char *call,
             const HycoFmuValueReference *vr, gsize n, const char **values, HycoFmuSignal *presence)
{
  Remote *r = REMOTE (handle);
  HycoFmuRemoteRequest request = { .call = id, .n = (guint32) n };
  HycoFmuStatus status;
  gsize at = presence != NULL ? n * sizeof *presence : 0;
  GByteArray *swap;

  begin (r);
  add (r, vr, n * sizeof *vr);
  status = transact (r, &request, call);
  if (!answered (r))
    return status;
  /* Kept until the next string get, as an FMU keeps its strings until its next call. */
  swap = r->strings, r->strings = r->reply, r->reply = swap;
  if (r->strings->len < at)
    return HYCO_FMU_STATUS_ERROR;
  if (presence != NULL && at > 0)
    memcpy (presence, r->strings->data, at);
  for (gsize i = 0; i < n; i++)
    {
      const guint8 *end
        = at < r->strings->len ? memchr (r->strings->data + at, '\0', r->strings->len - at) : NULL;
      if (end == NULL)
        return HYCO_FMU_STATUS_ERROR;
      values[i] = (const char *) r->strings->data + at;
      at = (gsize) (end - r->strings->data) + 1;
    }
  return status;
}

#define NAMES(handle) (REMOTE (handle)->ops.names)

static HycoFmuStatus
remote_setup_experiment (gpointer handle, gboolean tolerance_defined, double tolerance,
                         double start_time, gboolean stop_time_defined, double stop_time)
{
  Remote *r = REMOTE (handle);
  HycoFmuRemoteRequest request = {
    .call = HYCO_FMU_REMOTE_SETUP_EXPERIMENT,
    .flags = (tolerance_defined ? 1u : 0u) | (stop_time_defined ? 2u : 0u),
    .d = { tolerance, start_time, stop_time },
  };

  begin (r);
  return transact (r, &request, NAMES (handle)->setup_experiment);
}

/* The calls that take nothing but the instance and return nothing but their status. */
#define DEFINE_SIMPLE(name, ID)                                                                    \
  static HycoFmuStatus remote_##name (gpointer handle)                                             \
  {                                                                                                \
    return simple (handle, ID, NAMES (handle)->name);                                              \
  }

DEFINE_SIMPLE (enter_initialization_mode, HYCO_FMU_REMOTE_ENTER_INITIALIZATION_MODE)
DEFINE_SIMPLE (exit_initialization_mode, HYCO_FMU_REMOTE_EXIT_INITIALIZATION_MODE)
DEFINE_SIMPLE (terminate, HYCO_FMU_REMOTE_TERMINATE)
DEFINE_SIMPLE (enter_event_mode, HYCO_FMU_REMOTE_ENTER_EVENT_MODE)
DEFINE_SIMPLE (enter_step_mode, HYCO_FMU_REMOTE_ENTER_STEP_MODE)
DEFINE_SIMPLE (enter_configuration_mode, HYCO_FMU_REMOTE_ENTER_CONFIGURATION_MODE)
DEFINE_SIMPLE (exit_configuration_mode, HYCO_FMU_REMOTE_EXIT_CONFIGURATION_MODE)

#define DEFINE_SET(name, ID, type)                                                                 \
  static HycoFmuStatus remote_##name (gpointer handle, const HycoFmuValueReference *vr, gsize n,   \
                                      const type *values)                                          \
  {                                                                                                \
    return set_values (handle, ID, NAMES (handle)->name, vr, n, values, sizeof (type), NULL);      \
  }
#define DEFINE_GET(name, ID, type)                                                                 \
  static HycoFmuStatus remote_##name (gpointer handle, const HycoFmuValueReference *vr, gsize n,   \
                                      type *values)                                                \
  {                                                                                                \
    return get_values (handle, ID, NAMES (handle)->name, vr, n, values, sizeof (type), NULL);      \
  }
#define DEFINE_SET_HYBRID(name, ID, type)                                                          \
  static HycoFmuStatus remote_##name (gpointer handle, const HycoFmuValueReference *vr, gsize n,   \
                                      const type *values, const HycoFmuSignal *presence)           \
  {                                                                                                \
    return set_values (handle, ID, NAMES (handle)->name, vr, n, values, sizeof (type), presence);  \
  }
#define DEFINE_GET_HYBRID(name, ID, type)                                                          \
  static HycoFmuStatus remote_##name (gpointer handle, const HycoFmuValueReference *vr, gsize n,   \
                                      type *values, HycoFmuSignal *presence)                       \
  {                                                                                                \
    return get_values (handle, ID, NAMES (handle)->name, vr, n, values, sizeof (type), presence);  \
  }

DEFINE_SET (set_real, HYCO_FMU_REMOTE_SET_REAL, double)
DEFINE_SET (set_integer, HYCO_FMU_REMOTE_SET_INTEGER, int)
DEFINE_SET (set_boolean, HYCO_FMU_REMOTE_SET_BOOLEAN, int)

/* A get the actor makes after a step (@request, with @vr), the values @size bytes: answered
 * from what the host got with the step when it is the one made after the last step at that
 * place, and then TRUE with the status in @status; else learned for the next step. */
static gboolean
answer_ahead (Remote *r, const HycoFmuRemoteRequest *request, const HycoFmuValueReference *vr,
              gpointer values, gsize size, HycoFmuStatus *status)
{
  guint k = r->ahead_next++;
  guint vr_at = 0;
  gboolean same = FALSE;

  if (!r->after_step)
    return FALSE;
  if (r->ahead_requests == NULL)
    {
      r->ahead_requests = g_array_new (FALSE, FALSE, sizeof (HycoFmuRemoteRequest));
      r->ahead_vrs = g_array_new (FALSE, FALSE, sizeof (HycoFmuValueReference));
      r->ahead_at = g_array_new (FALSE, FALSE, sizeof (guint));
      r->ahead_values = g_byte_array_new ();
    }
  for (guint i = 0; i < k && i < r->ahead_requests->len; i++)
    vr_at += g_array_index (r->ahead_requests, HycoFmuRemoteRequest, i).n;
  if (k < r->ahead_requests->len)
    {
      const HycoFmuRemoteRequest *learned
        = &g_array_index (r->ahead_requests, HycoFmuRemoteRequest, k);
      same = learned->call == request->call && learned->integer == request->integer
             && learned->n == request->n && learned->u[0] == request->u[0]
             && memcmp (&g_array_index (r->ahead_vrs, HycoFmuValueReference, vr_at), vr,
                        request->n * sizeof *vr)
                  == 0;
    }
  if (same && k < r->ahead_got)
    {
      guint at = g_array_index (r->ahead_at, guint, k);
      HycoFmuRemoteAhead item;
      memcpy (&item, r->ahead_values->data + at, sizeof item);
      if (item.size == size)
        {
          if (size > 0)
            memcpy (values, r->ahead_values->data + at + sizeof item, size);
          *status = (HycoFmuStatus) item.status;
          return TRUE;
        }
    }
  if (!same)
    {
      /* Another sequence of gets than after the last step: this one from here on. */
      HycoFmuRemoteRequest learned = *request;
      learned.payload = request->n * (guint32) sizeof *vr;
      g_array_set_size (r->ahead_requests, k);
      g_array_set_size (r->ahead_vrs, vr_at);
      g_array_append_val (r->ahead_requests, learned);
      g_array_append_vals (r->ahead_vrs, vr, request->n);
      r->ahead_got = MIN (r->ahead_got, k);
    }
  return FALSE;
}

/* The step's request (@request, begun) asks for the gets learned, if any. */
static void
ask_ahead (Remote *r, HycoFmuRemoteRequest *request)
{
  guint vr_at = 0;

  r->ahead_got = 0;
  r->ahead_next = 0;
  if (r->ahead_requests == NULL || r->ahead_requests->len == 0)
    return;
  request->flags |= HYCO_FMU_REMOTE_THEN_GET;
  request->n = r->ahead_requests->len;
  for (guint i = 0; i < r->ahead_requests->len; i++)
    {
      const HycoFmuRemoteRequest *get = &g_array_index (r->ahead_requests, HycoFmuRemoteRequest, i);
      add (r, get, sizeof *get);
      add (r, &g_array_index (r->ahead_vrs, HycoFmuValueReference, vr_at),
           get->n * sizeof (HycoFmuValueReference));
      vr_at += get->n;
    }
  r->prefetching = TRUE;
}

/* After the step's reply, with its @status: what the host got, kept for the gets. */
static void
keep_ahead (Remote *r, HycoFmuStatus status)
{
  gsize at = 0;

  r->prefetching = FALSE;
  r->after_step = answered (r) && status == HYCO_FMU_STATUS_OK;
  if (!r->after_step || !(r->header.flags & HYCO_FMU_REMOTE_GOT) || r->ahead_requests == NULL)
    return;
  g_byte_array_set_size (r->ahead_values, 0);
  g_byte_array_append (r->ahead_values, r->reply->data, r->reply->len);
  g_array_set_size (r->ahead_at, 0);
  while (r->ahead_got < r->ahead_requests->len && r->reply->len - at >= sizeof (HycoFmuRemoteAhead))
    {
      HycoFmuRemoteAhead item;
      guint offset = (guint) at;
      memcpy (&item, r->reply->data + at, sizeof item);
      if (r->reply->len - at - sizeof item < item.size)
        break;
      g_array_append_val (r->ahead_at, offset);
      at += sizeof item + item.size;
      r->ahead_got++;
    }
}

/* fmi2GetReal: after a step, answered by what the host got with it (answer_ahead()). */
static HycoFmuStatus
remote_get_real (gpointer handle, const HycoFmuValueReference *vr, gsize n, double *values)
{
  Remote *r = REMOTE (handle);
  HycoFmuRemoteRequest request = { .call = HYCO_FMU_REMOTE_GET_REAL, .n = (guint32) n };
  gboolean after_step = r->after_step;
  HycoFmuStatus status;

  if (answer_ahead (r, &request, vr, values, n * sizeof (double), &status))
    return status;
  status = get_values (handle, HYCO_FMU_REMOTE_GET_REAL, NAMES (handle)->get_real, vr, n, values,
                       sizeof (double), NULL);
  /* Still among the gets after the step. */
  r->after_step = after_step && answered (r);
  return status;
}
DEFINE_GET (get_integer, HYCO_FMU_REMOTE_GET_INTEGER, int)
DEFINE_GET (get_boolean, HYCO_FMU_REMOTE_GET_BOOLEAN, int)
DEFINE_SET_HYBRID (set_hybrid_real, HYCO_FMU_REMOTE_SET_HYBRID_REAL, double)
DEFINE_SET_HYBRID (set_hybrid_integer, HYCO_FMU_REMOTE_SET_HYBRID_INTEGER, int)
DEFINE_SET_HYBRID (set_hybrid_boolean, HYCO_FMU_REMOTE_SET_HYBRID_BOOLEAN, int)
DEFINE_GET_HYBRID (get_hybrid_real, HYCO_FMU_REMOTE_GET_HYBRID_REAL, double)
DEFINE_GET_HYBRID (get_hybrid_integer, HYCO_FMU_REMOTE_GET_HYBRID_INTEGER, int)
DEFINE_GET_HYBRID (get_hybrid_boolean, HYCO_FMU_REMOTE_GET_HYBRID_BOOLEAN, int)

static HycoFmuStatus
remote_set_string (gpointer handle, const HycoFmuValueReference *vr, gsize n,
                   const char *const *values)
{
  return set_strings (handle, HYCO_FMU_REMOTE_SET_STRING, NAMES (handle)->set_string, vr, n, values,
                      NULL);
}

static HycoFmuStatus
remote_set_hybrid_string (gpointer handle, const HycoFmuValueReference *vr, gsize n,
                          const char *const *values, const HycoFmuSignal *presence)
{
  return set_strings (handle, HYCO_FMU_REMOTE_SET_HYBRID_STRING, NAMES (handle)->set_hybrid_string,
                      vr, n, values, presence);
}

static HycoFmuStatus
remote_get_string (gpointer handle, const HycoFmuValueReference *vr, gsize n, const char **values)
{
  return get_strings (handle, HYCO_FMU_REMOTE_GET_STRING, NAMES (handle)->get_string, vr, n, values,
                      NULL);
}

static HycoFmuStatus
remote_get_hybrid_string (gpointer handle, const HycoFmuValueReference *vr, gsize n,
                          const char **values, HycoFmuSignal *presence)
{
  return get_strings (handle, HYCO_FMU_REMOTE_GET_HYBRID_STRING, NAMES (handle)->get_hybrid_string,
                      vr, n, values, presence);
}

static HycoFmuStatus
remote_do_step (gpointer handle, double current_time, double step, gboolean no_rollback)
{
  Remote *r = REMOTE (handle);
  HycoFmuRemoteRequest request = {
    .call = HYCO_FMU_REMOTE_DO_STEP,
    .flags = no_rollback ? 1u : 0u,
    .d = { current_time, step },
  };

  HycoFmuStatus status;

  begin (r);
  g_snprintf (r->where, sizeof r->where, " at t = %g s", current_time);
  ask_ahead (r, &request);
  status = transact (r, &request, NAMES (handle)->do_step);
  keep_ahead (r, status);
  return status;
}

static HycoFmuStatus
remote_do_integer_step (gpointer handle, guint64 current_time, guint64 step, gboolean no_rollback,
                        guint64 *performed)
{
  Remote *r = REMOTE (handle);
  HycoFmuRemoteRequest request = {
    .call = HYCO_FMU_REMOTE_DO_INTEGER_STEP,
    .flags = no_rollback ? 1u : 0u,
    .u = { current_time, step },
  };
  HycoFmuStatus status;

  begin (r);
  g_snprintf (r->where, sizeof r->where, " at tick %" G_GUINT64_FORMAT, current_time);
  status = transact (r, &request, NAMES (handle)->do_integer_step);
  if (answered (r))
    *performed = r->header.u;
  return status;
}

static HycoFmuStatus
remote_get_max_step_size (gpointer handle, double *max_step)
{
  Remote *r = REMOTE (handle);
  HycoFmuStatus status
    = simple (handle, HYCO_FMU_REMOTE_GET_MAX_STEP_SIZE, NAMES (handle)->get_max_step_size);

  if (answered (r))
    *max_step = r->header.d;
  return status;
}

static HycoFmuStatus
remote_get_integer_max_step_size (gpointer handle, guint64 *max_step)
{
  Remote *r = REMOTE (handle);
  HycoFmuStatus status = simple (handle, HYCO_FMU_REMOTE_GET_INTEGER_MAX_STEP_SIZE,
                                 NAMES (handle)->get_integer_max_step_size);

  if (answered (r))
    *max_step = r->header.u;
  return status;
}

static HycoFmuStatus
remote_set_resolution (gpointer handle, int resolution)
{
  Remote *r = REMOTE (handle);
  HycoFmuRemoteRequest request = { .call = HYCO_FMU_REMOTE_SET_RESOLUTION, .integer = resolution };

  begin (r);
  return transact (r, &request, NAMES (handle)->set_resolution);
}

static HycoFmuStatus
remote_get_preferred_resolution (gpointer handle, int *resolution)
{
  Remote *r = REMOTE (handle);
  HycoFmuStatus status = simple (handle, HYCO_FMU_REMOTE_GET_PREFERRED_RESOLUTION,
                                 NAMES (handle)->get_preferred_resolution);

  if (answered (r))
    *resolution = (int) (gint64) r->header.u;
  return status;
}

static HycoFmuStatus
remote_get_real_status (gpointer handle, HycoFmuStatusKind kind, double *value)
{
  Remote *r = REMOTE (handle);
  HycoFmuRemoteRequest request = { .call = HYCO_FMU_REMOTE_GET_REAL_STATUS, .integer = kind };
  HycoFmuStatus status;

  begin (r);
  status = transact (r, &request, NAMES (handle)->get_real_status);
  if (answered (r))
    *value = r->header.d;
  return status;
}

static HycoFmuStatus
remote_get_boolean_status (gpointer handle, HycoFmuStatusKind kind, gboolean *value)
{
  Remote *r = REMOTE (handle);
  HycoFmuRemoteRequest request = { .call = HYCO_FMU_REMOTE_GET_BOOLEAN_STATUS, .integer = kind };
  HycoFmuStatus status;

  begin (r);
  status = transact (r, &request, NAMES (handle)->get_boolean_status);
  if (answered (r))
    *value = r->header.u != 0;
  return status;
}

/* States stay in the host; the caller holds their handles (1, 2, ...) as pointers. */
static HycoFmuStatus
remote_get_state (gpointer handle, gpointer *state)
{
  Remote *r = REMOTE (handle);
  HycoFmuRemoteRequest request
    = { .call = HYCO_FMU_REMOTE_GET_STATE, .u = { GPOINTER_TO_SIZE (*state) } };
  HycoFmuStatus status;

  begin (r);
  status = transact (r, &request, NAMES (handle)->get_state);
  if (answered (r))
    *state = GSIZE_TO_POINTER ((gsize) r->header.u);
  return status;
}

static HycoFmuStatus
remote_set_state (gpointer handle, gpointer state)
{
  Remote *r = REMOTE (handle);
  HycoFmuRemoteRequest request = { .call = HYCO_FMU_REMOTE_SET_STATE,
                                   .flags = HYCO_FMU_REMOTE_DEFERRED,
                                   .u = { GPOINTER_TO_SIZE (state) } };

  begin (r);
  return transact (r, &request, NAMES (handle)->set_state);
}

static HycoFmuStatus
remote_free_state (gpointer handle, gpointer *state)
{
  Remote *r = REMOTE (handle);
  HycoFmuRemoteRequest request
    = { .call = HYCO_FMU_REMOTE_FREE_STATE, .u = { GPOINTER_TO_SIZE (*state) } };
  HycoFmuStatus status;

  begin (r);
  status = transact (r, &request, NAMES (handle)->free_state);
  *state = NULL; /* gone with the host, if the host is gone */
  return status;
}

/* FMI 3.0 ------------------------------------------------------------------------------ */

static HycoFmuStatus
remote_set_values (gpointer handle, HycoFmuType type, const HycoFmuValueReference *vr, gsize n,
                   gconstpointer values, gsize n_values)
{
  Remote *r = REMOTE (handle);
  HycoFmuRemoteRequest request = { .call = HYCO_FMU_REMOTE_SET_VALUES,
                                   .n = (guint32) n,
                                   .flags = HYCO_FMU_REMOTE_DEFERRED,
                                   .integer = (gint32) type,
                                   .u = { n_values } };

  begin (r);
  add (r, vr, n * sizeof *vr);
  if (type == HYCO_FMU_TYPE_STRING)
    for (gsize i = 0; i < n_values; i++)
      {
        const char *s = ((const char *const *) values)[i];
        add (r, s != NULL ? s : "", strlen (s != NULL ? s : "") + 1);
      }
  else
    add (r, values, n_values * hyco_fmu_type_size (type));
  return transact (r, &request, r->ops.set_value_names[type]);
}

static HycoFmuStatus
remote_get_values (gpointer handle, HycoFmuType type, const HycoFmuValueReference *vr, gsize n,
                   gpointer values, gsize n_values)
{
  Remote *r = REMOTE (handle);
  HycoFmuRemoteRequest request = { .call = HYCO_FMU_REMOTE_GET_VALUES,
                                   .n = (guint32) n,
                                   .integer = (gint32) type,
                                   .u = { n_values } };
  gsize size = hyco_fmu_type_size (type);
  gboolean after_step = r->after_step;
  gboolean ahead = type != HYCO_FMU_TYPE_STRING && type != HYCO_FMU_TYPE_BINARY
                   && type != HYCO_FMU_TYPE_CLOCK;
  HycoFmuStatus status;

  /* A get after a step, of values of a fixed size, may have been made with it. */
  if (ahead && answer_ahead (r, &request, vr, values, n_values * size, &status))
    return status;
  begin (r);
  add (r, vr, n * sizeof *vr);
  status = transact (r, &request, r->ops.get_value_names[type]);
  r->after_step = ahead && after_step && answered (r);
  if (!answered (r))
    return status;
  if (type == HYCO_FMU_TYPE_STRING)
    {
      /* Kept until the next string get, as an FMU keeps its strings until its next call. */
      GByteArray *swap = r->strings;
      gsize at = 0;
      r->strings = r->reply, r->reply = swap;
      for (gsize i = 0; i < n_values; i++)
        {
          const guint8 *end = at < r->strings->len
                                ? memchr (r->strings->data + at, '\0', r->strings->len - at)
                                : NULL;
          if (end == NULL)
            return HYCO_FMU_STATUS_ERROR;
          ((const char **) values)[i] = (const char *) r->strings->data + at;
          at = (gsize) (end - r->strings->data) + 1;
        }
      return status;
    }
  if (r->reply->len < n_values * size)
    return HYCO_FMU_STATUS_ERROR;
  if (n_values > 0)
    memcpy (values, r->reply->data, n_values * size);
  return status;
}

/* Binary values as the typed calls' type Binary (hyco-fmu-protocol.h). */
static HycoFmuStatus
remote_set_binary (gpointer handle, const HycoFmuValueReference *vr, gsize n, const gsize *sizes,
                   const guint8 *const *values, gsize n_values)
{
  Remote *r = REMOTE (handle);
  HycoFmuRemoteRequest request = { .call = HYCO_FMU_REMOTE_SET_VALUES,
                                   .n = (guint32) n,
                                   .flags = HYCO_FMU_REMOTE_DEFERRED,
                                   .integer = (gint32) HYCO_FMU_TYPE_BINARY,
                                   .u = { n_values } };

  begin (r);
  add (r, vr, n * sizeof *vr);
  for (gsize i = 0; i < n_values; i++)
    {
      guint64 size = sizes[i];
      add (r, &size, sizeof size);
    }
  for (gsize i = 0; i < n_values; i++)
    if (sizes[i] > 0)
      add (r, values[i], sizes[i]);
  return transact (r, &request, r->ops.set_value_names[HYCO_FMU_TYPE_BINARY]);
}

static HycoFmuStatus
remote_get_binary (gpointer handle, const HycoFmuValueReference *vr, gsize n, gsize *sizes,
                   const guint8 **values, gsize n_values)
{
  Remote *r = REMOTE (handle);
  HycoFmuRemoteRequest request = { .call = HYCO_FMU_REMOTE_GET_VALUES,
                                   .n = (guint32) n,
                                   .integer = (gint32) HYCO_FMU_TYPE_BINARY,
                                   .u = { n_values } };
  HycoFmuStatus status;
  GByteArray *swap;
  gsize at = n_values * sizeof (guint64);

  begin (r);
  add (r, vr, n * sizeof *vr);
  status = transact (r, &request, r->ops.get_value_names[HYCO_FMU_TYPE_BINARY]);
  if (!answered (r))
    return status;
  /* Kept until the next such get, as an FMU keeps its values until its next call. */
  swap = r->strings;
  r->strings = r->reply, r->reply = swap;
  if (r->strings->len < at)
    return HYCO_FMU_STATUS_ERROR;
  for (gsize i = 0; i < n_values; i++)
    {
      guint64 size;
      memcpy (&size, r->strings->data + i * sizeof size, sizeof size);
      if (size > r->strings->len - at)
        return HYCO_FMU_STATUS_ERROR;
      sizes[i] = (gsize) size;
      values[i] = r->strings->data + at;
      at += (gsize) size;
    }
  return status;
}

static HycoFmuStatus
remote_update_discrete_states (gpointer handle, gboolean *needs_update, gboolean *terminate,
                               gboolean *next_event_time_defined, double *next_event_time)
{
  Remote *r = REMOTE (handle);
  HycoFmuStatus status = simple (handle, HYCO_FMU_REMOTE_UPDATE_DISCRETE_STATES,
                                 NAMES (handle)->update_discrete_states);

  if (answered (r))
    {
      *needs_update = (r->header.u & HYCO_FMU_REMOTE_UPDATE_NEEDS_UPDATE) != 0;
      *terminate = (r->header.u & HYCO_FMU_REMOTE_UPDATE_TERMINATE) != 0;
      *next_event_time_defined
        = (r->header.u & HYCO_FMU_REMOTE_UPDATE_NEXT_EVENT_TIME_DEFINED) != 0;
      *next_event_time = r->header.d;
    }
  return status;
}

static HycoFmuStatus
remote_get_interval_decimal (gpointer handle, const HycoFmuValueReference *vr, gsize n,
                             double *intervals, int *qualifiers)
{
  Remote *r = REMOTE (handle);
  HycoFmuRemoteRequest request = { .call = HYCO_FMU_REMOTE_GET_INTERVAL_DECIMAL, .n = (guint32) n };
  HycoFmuStatus status;

  begin (r);
  add (r, vr, n * sizeof *vr);
  status = transact (r, &request, NAMES (handle)->get_interval_decimal);
  if (!answered (r) || n == 0)
    return status;
  if (r->reply->len < n * (sizeof (double) + sizeof (int)))
    return HYCO_FMU_STATUS_ERROR;
  memcpy (intervals, r->reply->data, n * sizeof (double));
  memcpy (qualifiers, r->reply->data + n * sizeof (double), n * sizeof (int));
  return status;
}

static HycoFmuStatus
remote_get_interval_fraction (gpointer handle, const HycoFmuValueReference *vr, gsize n,
                              guint64 *counters, guint64 *resolutions, int *qualifiers)
{
  Remote *r = REMOTE (handle);
  HycoFmuRemoteRequest request
    = { .call = HYCO_FMU_REMOTE_GET_INTERVAL_FRACTION, .n = (guint32) n };
  HycoFmuStatus status;

  begin (r);
  add (r, vr, n * sizeof *vr);
  status = transact (r, &request, NAMES (handle)->get_interval_fraction);
  if (!answered (r) || n == 0)
    return status;
  if (r->reply->len < n * (2 * sizeof (guint64) + sizeof (int)))
    return HYCO_FMU_STATUS_ERROR;
  memcpy (counters, r->reply->data, n * sizeof (guint64));
  memcpy (resolutions, r->reply->data + n * sizeof (guint64), n * sizeof (guint64));
  memcpy (qualifiers, r->reply->data + 2 * n * sizeof (guint64), n * sizeof (int));
  return status;
}

static HycoFmuStatus
remote_set_interval_decimal (gpointer handle, const HycoFmuValueReference *vr, gsize n,
                             const double *intervals)
{
  Remote *r = REMOTE (handle);
  HycoFmuRemoteRequest request = { .call = HYCO_FMU_REMOTE_SET_INTERVAL_DECIMAL, .n = (guint32) n };

  begin (r);
  add (r, vr, n * sizeof *vr);
  add (r, intervals, n * sizeof *intervals);
  return transact (r, &request, NAMES (handle)->set_interval_decimal);
}

static HycoFmuStatus
remote_set_interval_fraction (gpointer handle, const HycoFmuValueReference *vr, gsize n,
                              const guint64 *counters, const guint64 *resolutions)
{
  Remote *r = REMOTE (handle);
  HycoFmuRemoteRequest request
    = { .call = HYCO_FMU_REMOTE_SET_INTERVAL_FRACTION, .n = (guint32) n };

  begin (r);
  add (r, vr, n * sizeof *vr);
  add (r, counters, n * sizeof *counters);
  add (r, resolutions, n * sizeof *resolutions);
  return transact (r, &request, NAMES (handle)->set_interval_fraction);
}

static HycoFmuStatus
remote_get_shift_fraction (gpointer handle, const HycoFmuValueReference *vr, gsize n,
                           guint64 *counters, guint64 *resolutions)
{
  Remote *r = REMOTE (handle);
  HycoFmuRemoteRequest request = { .call = HYCO_FMU_REMOTE_GET_SHIFT_FRACTION, .n = (guint32) n };
  HycoFmuStatus status;

  begin (r);
  add (r, vr, n * sizeof *vr);
  status = transact (r, &request, NAMES (handle)->get_shift_fraction);
  if (!answered (r) || n == 0)
    return status;
  if (r->reply->len < n * 2 * sizeof (guint64))
    return HYCO_FMU_STATUS_ERROR;
  memcpy (counters, r->reply->data, n * sizeof (guint64));
  memcpy (resolutions, r->reply->data + n * sizeof (guint64), n * sizeof (guint64));
  return status;
}

static HycoFmuStatus
remote_get_shift_decimal (gpointer handle, const HycoFmuValueReference *vr, gsize n, double *shifts)
{
  return get_values (handle, HYCO_FMU_REMOTE_GET_SHIFT_DECIMAL, NAMES (handle)->get_shift_decimal,
                     vr, n, shifts, sizeof (double), NULL);
}

static HycoFmuStatus
remote_do_event_step (gpointer handle, double current_time, double step, gboolean no_rollback,
                      gboolean *event_handling_needed, gboolean *terminate, gboolean *early_return,
                      double *last_successful_time)
{
  Remote *r = REMOTE (handle);
  HycoFmuRemoteRequest request = {
    .call = HYCO_FMU_REMOTE_DO_EVENT_STEP,
    .flags = no_rollback ? 1u : 0u,
    .d = { current_time, step },
  };
  HycoFmuStatus status;

  begin (r);
  g_snprintf (r->where, sizeof r->where, " at t = %g s", current_time);
  ask_ahead (r, &request);
  status = transact (r, &request, NAMES (handle)->do_event_step);
  keep_ahead (r, status);
  /* After an event the actor goes on with event mode: the host made no get (hyco-fmu-host.c). */
  if (answered (r) && r->header.u != 0)
    r->after_step = FALSE;
  if (answered (r))
    {
      *event_handling_needed = (r->header.u & HYCO_FMU_REMOTE_STEP_EVENT_HANDLING_NEEDED) != 0;
      *terminate = (r->header.u & HYCO_FMU_REMOTE_STEP_TERMINATE) != 0;
      *early_return = (r->header.u & HYCO_FMU_REMOTE_STEP_EARLY_RETURN) != 0;
      *last_successful_time = r->header.d;
    }
  return status;
}

/* Model Exchange ------------------------------------------------------------------------ */

#define ME_NAMES(handle) (REMOTE (handle)->me_ops.names)

static HycoFmuStatus
remote_set_time (gpointer handle, double time)
{
  Remote *r = REMOTE (handle);
  HycoFmuRemoteRequest request
    = { .call = HYCO_FMU_REMOTE_ME_SET_TIME, .flags = HYCO_FMU_REMOTE_DEFERRED, .d = { time } };

  begin (r);
  return transact (r, &request, ME_NAMES (handle)->set_time);
}

static HycoFmuStatus
remote_set_continuous_states (gpointer handle, const double *x, gsize n)
{
  Remote *r = REMOTE (handle);
  HycoFmuRemoteRequest request = { .call = HYCO_FMU_REMOTE_ME_SET_CONTINUOUS_STATES,
                                   .flags = HYCO_FMU_REMOTE_DEFERRED,
                                   .u = { n } };

  begin (r);
  add (r, x, n * sizeof *x);
  return transact (r, &request, ME_NAMES (handle)->set_continuous_states);
}

/* One of the vectors an ME instance gives (derivatives, event indicators, states, nominals). */
static HycoFmuStatus
get_vector (gpointer handle, HycoFmuRemoteCall id, const char *call, double *vector, gsize n)
{
  Remote *r = REMOTE (handle);
  HycoFmuRemoteRequest request = { .call = id, .u = { n } };
  HycoFmuStatus status;

  begin (r);
  status = transact (r, &request, call);
  if (!answered (r) || n == 0)
    return status;
  if (r->reply->len < n * sizeof (double))
    return HYCO_FMU_STATUS_ERROR;
  memcpy (vector, r->reply->data, n * sizeof (double));
  return status;
}

#define DEFINE_GET_VECTOR(name, ID)                                                                \
  static HycoFmuStatus remote_##name (gpointer handle, double *vector, gsize n)                    \
  {                                                                                                \
    return get_vector (handle, ID, ME_NAMES (handle)->name, vector, n);                            \
  }

DEFINE_GET_VECTOR (get_derivatives, HYCO_FMU_REMOTE_ME_GET_DERIVATIVES)
DEFINE_GET_VECTOR (get_event_indicators, HYCO_FMU_REMOTE_ME_GET_EVENT_INDICATORS)
DEFINE_GET_VECTOR (get_continuous_states, HYCO_FMU_REMOTE_ME_GET_CONTINUOUS_STATES)
DEFINE_GET_VECTOR (get_nominals_of_continuous_states, HYCO_FMU_REMOTE_ME_GET_NOMINALS)

static HycoFmuStatus
remote_me_enter_event_mode (gpointer handle)
{
  return simple (handle, HYCO_FMU_REMOTE_ME_ENTER_EVENT_MODE, ME_NAMES (handle)->enter_event_mode);
}

static HycoFmuStatus
remote_enter_continuous_time_mode (gpointer handle)
{
  return simple (handle, HYCO_FMU_REMOTE_ME_ENTER_CONTINUOUS_TIME_MODE,
                 ME_NAMES (handle)->enter_continuous_time_mode);
}

static HycoFmuStatus
remote_new_discrete_states (gpointer handle, HycoFmuEventInfo *info)
{
  Remote *r = REMOTE (handle);
  HycoFmuStatus status = simple (handle, HYCO_FMU_REMOTE_ME_NEW_DISCRETE_STATES,
                                 ME_NAMES (handle)->new_discrete_states);

  if (!answered (r))
    return status;
  if (r->reply->len < sizeof *info)
    return HYCO_FMU_STATUS_ERROR;
  memcpy (info, r->reply->data, sizeof *info);
  return status;
}

static HycoFmuStatus
remote_completed_integrator_step (gpointer handle, gboolean no_set_state_prior,
                                  gboolean *enter_event_mode, gboolean *terminate_simulation)
{
  Remote *r = REMOTE (handle);
  HycoFmuRemoteRequest request = { .call = HYCO_FMU_REMOTE_ME_COMPLETED_INTEGRATOR_STEP,
                                   .flags = no_set_state_prior ? 1u : 0u };
  HycoFmuStatus status;

  begin (r);
  status = transact (r, &request, ME_NAMES (handle)->completed_integrator_step);
  if (answered (r))
    {
      *enter_event_mode = (r->header.u & HYCO_FMU_REMOTE_COMPLETED_ENTER_EVENT_MODE) != 0;
      *terminate_simulation = (r->header.u & HYCO_FMU_REMOTE_COMPLETED_TERMINATE) != 0;
    }
  return status;
}

/* The Model Exchange calls of the library, each by its proxy. */
static void
me_ops_init (HycoFmuModelExchangeOps *ops, const HycoFmuModelExchangeOps *local)
{
  ops->set_time = remote_set_time;
  ops->set_continuous_states = remote_set_continuous_states;
  ops->get_derivatives = remote_get_derivatives;
  ops->get_event_indicators = remote_get_event_indicators;
  ops->get_continuous_states = remote_get_continuous_states;
  ops->get_nominals_of_continuous_states = remote_get_nominals_of_continuous_states;
  ops->enter_event_mode = remote_me_enter_event_mode;
  ops->new_discrete_states = remote_new_discrete_states;
  ops->enter_continuous_time_mode = remote_enter_continuous_time_mode;
  ops->completed_integrator_step = remote_completed_integrator_step;
  ops->names = local->names;
}

/* The instance's own check, in the host: the same message, the same forgetting of the last
 * logged one. */
static gboolean
remote_check (HycoFmuInstance *self, HycoFmuStatus status, const char *call, GError **error)
{
  Remote *r = REMOTE (self->handle);
  HycoFmuRemoteRequest request = { .call = HYCO_FMU_REMOTE_CHECK, .integer = (gint32) status };
  const char *failed_call = r->failed_call;

  /* A deferred call failed: its check, as if it had been made alone. */
  if (failed_call != NULL)
    {
      call = failed_call;
      request.integer = (gint32) r->failed_status;
      r->failed_call = NULL;
    }
  if (r->fault == NULL)
    {
      begin (r);
      add (r, call, strlen (call));
      transact (r, &request, call);
    }
  r->failed_call = failed_call;
  if (r->fault != NULL)
    {
      g_set_error_literal (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_CALL, r->fault);
      return FALSE;
    }
  if (r->header.status == 0)
    return TRUE;
  g_set_error_literal (error, HYCO_FMU_ERROR, (int) r->header.u,
                       r->reply->len > 0 ? (const char *) r->reply->data : call);
  return FALSE;
}

static void
remote_free (HycoFmuInstance *self)
{
  Remote *r = REMOTE (self->handle);

  /* The end of file tells the host to free the instance and end; one that sleeps on the shared
   * page is woken to see it. */
  if (r->slots && r->fd >= 0)
    {
      g_atomic_int_set (&r->shared->closing, 1);
      hyco_fmu_remote_post (&r->shared->request_sequence, &r->shared->host_waiting);
    }
  if (r->fd >= 0)
    close (r->fd);
  reap (r);
  /* Its last words (a process it started may hold the pipe open: not waited for). */
  take_output (r);
  if (r->output_text->len > 0)
    {
      r->in_record = FALSE;
      log_output (r);
    }
  _hyco_fmu_log_budget_report (&r->output_budget, r->instance_name);
  if (r->output >= 0)
    close (r->output);
  g_string_free (r->output_text, TRUE);
  _hyco_fmu_unref (r->fmu);
  g_free (r->instance_name);
  g_free (r->file_name);
  g_free (r->fault);
  g_byte_array_unref (r->request);
  g_byte_array_unref (r->reply);
  g_byte_array_unref (r->input);
  g_byte_array_unref (r->strings);
  if (r->ahead_requests != NULL)
    {
      g_array_unref (r->ahead_requests);
      g_array_unref (r->ahead_vrs);
      g_array_unref (r->ahead_at);
      g_byte_array_unref (r->ahead_values);
    }
  if (r->shared != NULL)
    munmap (r->shared, sizeof *r->shared);
  g_free (r);
}

guint64
_hyco_fmu_remote_get_round_trips (HycoFmuInstance *instance)
{
  g_return_val_if_fail (_hyco_fmu_remote_is_remote (instance), 0);

  return REMOTE (instance->handle)->round_trips;
}

gboolean
_hyco_fmu_remote_is_remote (HycoFmuInstance *instance)
{
  return instance != NULL && instance->ops->free == remote_free;
}

/* The calls of the FMU's own instances, each by its proxy. */
static void
ops_init (HycoFmuInstanceOps *ops, const HycoFmuInstanceOps *local)
{
#define OP(name)                                                                                   \
  if (local->name != NULL)                                                                         \
    ops->name = remote_##name;
  OP (setup_experiment)
  OP (enter_initialization_mode)
  OP (exit_initialization_mode)
  OP (terminate)
  OP (set_real)
  OP (set_integer)
  OP (set_boolean)
  OP (set_string)
  OP (get_real)
  OP (get_integer)
  OP (get_boolean)
  OP (get_string)
  OP (set_hybrid_real)
  OP (set_hybrid_integer)
  OP (set_hybrid_boolean)
  OP (set_hybrid_string)
  OP (get_hybrid_real)
  OP (get_hybrid_integer)
  OP (get_hybrid_boolean)
  OP (get_hybrid_string)
  OP (do_step)
  OP (do_integer_step)
  OP (get_max_step_size)
  OP (get_integer_max_step_size)
  OP (set_resolution)
  OP (get_preferred_resolution)
  OP (get_real_status)
  OP (get_boolean_status)
  OP (get_state)
  OP (set_state)
  OP (free_state)
  OP (set_values)
  OP (get_values)
  OP (set_binary)
  OP (get_binary)
  OP (enter_event_mode)
  OP (update_discrete_states)
  OP (enter_step_mode)
  OP (enter_configuration_mode)
  OP (exit_configuration_mode)
  OP (get_interval_decimal)
  OP (get_interval_fraction)
  OP (get_shift_fraction)
  OP (get_shift_decimal)
  OP (set_interval_decimal)
  OP (set_interval_fraction)
  OP (do_event_step)
#undef OP
  ops->check = remote_check;
  ops->free = remote_free;
  ops->names = local->names;
  ops->get_value_names = local->get_value_names;
  ops->set_value_names = local->set_value_names;
  ops->terminated_status = local->terminated_status;
}

/* The host started, the instance made there (for Model Exchange with @model_exchange). */
static Remote *
spawn (HycoFmu *fmu, const char *instance_name, gboolean logging, gboolean event_mode_used,
       gboolean early_return_allowed, gboolean model_exchange, double call_timeout,
       GError **error)
{
  const char *instantiate
    = fmu->description->fmi_major == 3
        ? (model_exchange ? "fmi3InstantiateModelExchange" : "fmi3InstantiateCoSimulation")
        : "fmi2Instantiate";
  g_autoptr (GError) local_error = NULL;
  g_autofree char *host = NULL;
  g_autofree char *fd_text = NULL;
  Remote *r;
  int pair[2];
  int page;
  gboolean timed_out = FALSE;

  g_return_val_if_fail (fmu != NULL && instance_name != NULL, NULL);
  g_return_val_if_fail (call_timeout > 0, NULL);

  if (socketpair (AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) != 0)
    {
      g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_CALL,
                   "FMU %s (%s): no socket for its process: %s", fmu->description->model_name,
                   instance_name, g_strerror (errno));
      return NULL;
    }
  host = _hyco_fmu_remote_host_path ();
  r = g_new0 (Remote, 1);
  r->parent.handle = r;
  r->parent.ops = &r->ops;
  ops_init (&r->ops, fmu->ops);
  r->fmu = _hyco_fmu_ref (fmu);
  r->instance_name = g_strdup (instance_name);
  r->file_name = g_path_get_basename (fmu->path);
  r->call_timeout = call_timeout;
  r->timeout = call_timeout >= (double) G_MAXINT64 / G_USEC_PER_SEC
                 ? G_MAXINT64 / 2
                 : (gint64) (call_timeout * G_USEC_PER_SEC);
  r->request = g_byte_array_new ();
  r->reply = g_byte_array_new ();
  r->input = g_byte_array_new ();
  r->strings = g_byte_array_new ();
  r->fd = pair[0];
  r->output = -1;
  r->output_text = g_string_new (NULL);
  fd_text = g_strdup_printf ("%d", pair[1]);
  page = memfd_create ("hyco-fmu-host", MFD_CLOEXEC);
  if (page >= 0 && ftruncate (page, sizeof *r->shared) == 0)
    {
      r->shared = mmap (NULL, sizeof *r->shared, PROT_READ | PROT_WRITE, MAP_SHARED, page, 0);
      if (r->shared == MAP_FAILED)
        r->shared = NULL;
      else
        r->shared->slots_wanted = g_strcmp0 (g_getenv ("HYCO_FMU_TRANSPORT"), "socket") != 0;
    }
  {
    /* Each descriptor keeps its number in the host, which is told them: no renumbering, so no
     * clash between one's old number and another's new one. */
    g_autofree char *page_text = g_strdup_printf ("%d", page);
    const char *argv[] = { host,
                           fd_text,
                           page_text,
                           fmu->path,
                           fmu->directory,
                           instance_name,
                           logging ? "1" : "0",
                           event_mode_used ? "1" : "0",
                           early_return_allowed ? "1" : "0",
                           model_exchange ? "1" : "0",
                           NULL };
    int source_fds[] = { pair[1], page };
    int *target_fds = source_fds;
    int output[2] = { -1, -1 };
    gboolean spawned;

    /* Without a pipe, the host writes where hyco does. */
    if (g_unix_open_pipe (output, FD_CLOEXEC, NULL))
      {
        r->output = output[0];
        g_unix_set_fd_nonblocking (r->output, TRUE, NULL);
        /* Room for what a chatty FMU writes between two looks at it (wait_reply()). */
        (void) fcntl (output[1], F_SETPIPE_SZ, 1024 * 1024);
      }
    spawned = g_spawn_async_with_pipes_and_fds (NULL, argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD, NULL,
                                                NULL, -1, output[1], output[1], source_fds,
                                                target_fds, page >= 0 ? 2 : 1, &r->pid, NULL,
                                                NULL, NULL, &local_error);
    if (output[1] >= 0)
      close (output[1]);
    if (page >= 0)
      close (page);
    if (!spawned)
      {
        close (pair[1]);
        g_set_error (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_CALL,
                     "FMU %s (%s): cannot start the process to run it in: %s",
                     fmu->description->model_name, instance_name, local_error->message);
        remote_free (&r->parent);
        return NULL;
      }
  }
  close (pair[1]);
  /* The host's first word, that it runs: a slow start (valgrind) is given a minute at least;
   * its second, after the call timeout at most: the FMU instantiated, or why not. */
  {
    gint64 timeout = r->timeout;
    gboolean started;
    r->timeout = MAX (timeout, 60 * G_USEC_PER_SEC);
    started = wait_reply (r, &timed_out) && r->header.status == HYCO_FMU_REMOTE_STARTED;
    r->timeout = timeout;
    if (!started)
      {
        lost (r, instantiate, timed_out);
        g_set_error_literal (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_CALL, r->fault);
        remote_free (&r->parent);
        return NULL;
      }
  }
  if (!wait_reply (r, &timed_out))
    {
      lost (r, instantiate, timed_out);
      g_set_error_literal (error, HYCO_FMU_ERROR, HYCO_FMU_ERROR_CALL, r->fault);
      remote_free (&r->parent);
      return NULL;
    }
  if (r->header.status != 0)
    {
      g_set_error_literal (error, HYCO_FMU_ERROR, (int) r->header.u,
                           r->reply->len > 0 ? (const char *) r->reply->data : "");
      remote_free (&r->parent);
      return NULL;
    }
  /* From now on, the messages go through the shared page if the host mapped it too. */
  r->slots = r->shared != NULL && (r->header.flags & HYCO_FMU_REMOTE_HELLO_SHARED);
  r->spin = HYCO_FMU_REMOTE_SPIN_MIN;
  return r;
}


HycoFmuInstance *
_hyco_fmu_remote_instantiate (HycoFmu *fmu, const char *instance_name, gboolean logging,
                              gboolean event_mode_used, gboolean early_return_allowed,
                              double call_timeout, GError **error)
{
  Remote *r = spawn (fmu, instance_name, logging, event_mode_used, early_return_allowed, FALSE,
                     call_timeout, error);

  return r ? &r->parent : NULL;
}

HycoFmuInstance *
_hyco_fmu_remote_instantiate_model_exchange (HycoFmu *fmu, const char *instance_name,
                                             gboolean logging, double call_timeout,
                                             const HycoFmuModelExchangeOps **me, GError **error)
{
  const HycoFmuModelExchangeOps *local = _hyco_fmu_get_model_exchange_ops (fmu);
  Remote *r;

  g_return_val_if_fail (me != NULL, NULL);

  r = spawn (fmu, instance_name, logging, FALSE, FALSE, TRUE, call_timeout, error);
  if (r == NULL)
    return NULL;
  /* The host checked the interface and instantiated it: the library has these calls. */
  me_ops_init (&r->me_ops, local);
  *me = &r->me_ops;
  return &r->parent;
}
