/* hyco-fmu-host.c: the process an isolated FMU runs in (FMUImport's isolation="process").
 *
 *   hyco-fmu-host FD PAGE FMU DIRECTORY INSTANCE LOGGING EVENT_MODE EARLY_RETURN ME
 *
 * The FMU actor starts it with one end of a socket as FD, a shared page as PAGE (-1: none), the
 * .fmu file (for messages), the directory the actor unpacked it into, the instance name, and 0
 * or 1 for the FMU's logging and, for FMI 3.0, for eventModeUsed and earlyReturnAllowed, and 1
 * for a Model Exchange instance (0: co-simulation).
 * It loads the library (the backend of the FMU's version: its code runs here, never in hyco),
 * instantiates it, says so, then serves the calls of the instance interface one request at a
 * time (hyco-fmu-protocol.h: through the shared page's slots, or the socket) until the actor is
 * done (the page says so, or the socket closes); then it frees the instance and ends.
 * Whatever the FMU does to this process (a crash, exit(), a call that never returns) is
 * the actor's to report: this program only serves.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-fmu-protocol.h"
#include "hyco-fmu.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <poll.h>
#include <sched.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/prctl.h>
#include <unistd.h>

/* How long the host spins on the socket for the next request before it sleeps in poll(): the
 * actor's next call comes within microseconds when it steps a fast FMU. */
#define SPIN_USEC 50
/* With the shared page's slots: how long it sleeps at most on the futex before it looks whether
 * the actor is still there (its socket's end of file). */
#define SLOT_SLEEP_USEC (100 * 1000)

/* Where the requests come from and the replies go: the socket, or once the hello said so the
 * shared page's slots. */
typedef struct
{
  int fd;
  GByteArray *data; /* the requests read, several in one message (the deferred ones with the next) */
  gsize at;         /* the next unread byte */
  HycoFmuRemoteShared *shared;
  gboolean slots;
  gint requests; /* the actor's request_sequence at the last request */
  gint64 spin;   /* µs, adapted (hyco_fmu_remote_wait) */
} Input;

/* Reads from the socket until input->data holds @want bytes; @exact: not one more (a message
 * announced in a slot: what follows comes in the slots). FALSE at the socket's end. */
static gboolean
read_socket (Input *input, gsize want, gboolean exact)
{
  gint64 spin_until = g_get_monotonic_time () + SPIN_USEC;

  while (input->data->len < want)
    {
      guint have = input->data->len;
      gsize room = exact ? want - have : MAX (want - have, 4096);
      ssize_t n;

      g_byte_array_set_size (input->data, (guint) (have + room));
      n = recv (input->fd, input->data->data + have, room, MSG_DONTWAIT);
      g_byte_array_set_size (input->data, have + (guint) MAX (n, 0));
      if (n > 0)
        continue;
      if (n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR))
        return FALSE;
      if (g_get_monotonic_time () < spin_until)
        {
          sched_yield (); /* on a busy machine, the actor may be waiting for this processor */
          continue;
        }
      {
        struct pollfd pfd = { .fd = input->fd, .events = POLLIN };
        if (poll (&pfd, 1, -1) < 0 && errno != EINTR)
          return FALSE;
      }
    }
  return TRUE;
}

/* Whether the actor's end of the socket is closed. */
static gboolean
actor_gone (Input *input)
{
  char byte;
  ssize_t n = recv (input->fd, &byte, 1, MSG_PEEK | MSG_DONTWAIT);

  return n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR);
}

/* Waits for the next request in the shared page's slot and appends it to input->data (or
 * reads it from the socket, where the slot says it is). FALSE when the actor is done or gone. */
static gboolean
read_slot (Input *input)
{
  HycoFmuRemoteShared *shared = input->shared;
  gboolean spin = TRUE;

  while (!hyco_fmu_remote_wait (&shared->request_sequence, input->requests, &shared->host_waiting,
                                SLOT_SLEEP_USEC, spin ? &input->spin : NULL))
    {
      spin = FALSE;
      if (actor_gone (input))
        return FALSE;
    }
  input->requests = g_atomic_int_get (&shared->request_sequence);
  if (g_atomic_int_get (&shared->closing))
    return FALSE;
  if (shared->request_on_socket)
    return read_socket (input, input->data->len + shared->request_size, TRUE);
  g_byte_array_append (input->data, shared->request,
                       MIN (shared->request_size, HYCO_FMU_REMOTE_SLOT_SIZE));
  return TRUE;
}

/* The next @size bytes of the input, or NULL at its end. */
static const guint8 *
take (Input *input, gsize size)
{
  const guint8 *p;

  if (input->at > 0 && input->at == input->data->len)
    {
      g_byte_array_set_size (input->data, 0);
      input->at = 0;
    }
  while (input->data->len - input->at < size)
    if (input->slots ? !read_slot (input) : !read_socket (input, input->at + size, FALSE))
      return NULL;
  p = input->data->data + input->at;
  input->at += size;
  return p;
}

static gboolean
write_full (int fd, gconstpointer data, gsize size)
{
  const guint8 *p = data;

  while (size > 0)
    {
      ssize_t n = write (fd, p, size);
      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        return FALSE;
      p += n, size -= (gsize) n;
    }
  return TRUE;
}

/* The reply and its payload in one message: one system call per reply on the socket, none or
 * one (waking the actor) through the slot. A reply larger than the slot is announced there,
 * then written on the socket. */
static gboolean
send_reply (Input *io, HycoFmuRemoteReply *reply, GByteArray *payload)
{
  HycoFmuRemoteShared *shared = io->shared;

  reply->payload = payload->len;
  g_byte_array_prepend (payload, (const guint8 *) reply, sizeof *reply);
  if (!io->slots)
    return write_full (io->fd, payload->data, payload->len);
  shared->reply_size = payload->len;
  shared->reply_on_socket = payload->len > HYCO_FMU_REMOTE_SLOT_SIZE;
  if (!shared->reply_on_socket)
    memcpy (shared->reply, payload->data, payload->len);
  hyco_fmu_remote_post (&shared->reply_sequence, &shared->actor_waiting);
  return !shared->reply_on_socket || write_full (io->fd, payload->data, payload->len);
}

static void
send_error (Input *io, const GError *error)
{
  HycoFmuRemoteReply reply = { .status = 1, .u = (guint64) error->code };
  g_autoptr (GByteArray) payload = g_byte_array_new ();

  g_byte_array_append (payload, (const guint8 *) error->message, strlen (error->message) + 1);
  send_reply (io, &reply, payload);
}

typedef struct
{
  HycoFmuInstance *instance;
  const HycoFmuModelExchangeOps *me; /* a Model Exchange instance's own calls */
  GPtrArray *states; /* handle - 1 -> the backend's state, NULL when freed */
  gboolean fatal; /* a call returned the fatal status: no further call, not even to free */
  HycoFmuRemoteShared *shared; /* the call being served */
} Host;

static gsize
value_size (guint32 call)
{
  switch (call)
    {
    case HYCO_FMU_REMOTE_SET_REAL:
    case HYCO_FMU_REMOTE_GET_REAL:
    case HYCO_FMU_REMOTE_SET_HYBRID_REAL:
    case HYCO_FMU_REMOTE_GET_HYBRID_REAL:
      return sizeof (double);
    default:
      return sizeof (int);
    }
}

/* Strings of a set: @n NUL-terminated ones from @data (of @size bytes), or FALSE. */
static gboolean
split_strings (const guint8 *data, gsize size, guint32 n, const char **strings)
{
  gsize at = 0;

  for (guint32 i = 0; i < n; i++)
    {
      const guint8 *end = at < size ? memchr (data + at, '\0', size - at) : NULL;
      if (end == NULL)
        return FALSE;
      strings[i] = (const char *) data + at;
      at = (gsize) (end - data) + 1;
    }
  return TRUE;
}

static gpointer
state_of (Host *host, guint64 handle)
{
  return handle > 0 && handle <= host->states->len ? host->states->pdata[handle - 1] : NULL;
}

/* FMI 3.0's Binary get or set: @values the set's sizes (guint64) then their bytes, one after
 * the other; the reply the same. */
static HycoFmuStatus
serve_binary (Host *host, const HycoFmuRemoteRequest *request, const HycoFmuValueReference *vr,
              const guint8 *values, gsize given, GByteArray *out)
{
  const HycoFmuInstanceOps *ops = host->instance->ops;
  gsize n_values = (gsize) request->u[0];
  g_autofree gsize *sizes = NULL;
  g_autofree const guint8 **datas = NULL;
  HycoFmuStatus status;
  gsize at;

  if (n_values > G_MAXUINT32 / sizeof (guint64)
      || (request->call == HYCO_FMU_REMOTE_SET_VALUES ? ops->set_binary == NULL
                                                      : ops->get_binary == NULL))
    return HYCO_FMU_STATUS_ERROR;
  sizes = g_new0 (gsize, MAX (n_values, 1));
  datas = g_new0 (const guint8 *, MAX (n_values, 1));
  if (request->call == HYCO_FMU_REMOTE_SET_VALUES)
    {
      if (given < n_values * sizeof (guint64))
        return HYCO_FMU_STATUS_ERROR;
      at = n_values * sizeof (guint64);
      for (gsize i = 0; i < n_values; i++)
        {
          guint64 size = ((const guint64 *) (gconstpointer) values)[i];
          if (size > given - at)
            return HYCO_FMU_STATUS_ERROR;
          sizes[i] = (gsize) size;
          datas[i] = values + at;
          at += (gsize) size;
        }
      return ops->set_binary (host->instance->handle, vr, request->n, sizes, datas, n_values);
    }
  status = ops->get_binary (host->instance->handle, vr, request->n, sizes, datas, n_values);
  g_byte_array_set_size (out, (guint) (n_values * sizeof (guint64)));
  for (gsize i = 0; i < n_values; i++)
    {
      guint64 size = datas[i] != NULL ? sizes[i] : 0;
      memcpy (out->data + i * sizeof (guint64), &size, sizeof size);
    }
  for (gsize i = 0; i < n_values; i++)
    if (datas[i] != NULL && sizes[i] > 0)
      g_byte_array_append (out, datas[i], (guint) sizes[i]);
  return status;
}

/* FMI 3.0's typed get or set (hyco-fmu-protocol.h): @values the set's, aligned. */
static HycoFmuStatus
serve_typed (Host *host, const HycoFmuRemoteRequest *request, const HycoFmuValueReference *vr,
             const guint8 *values, GByteArray *out)
{
  const HycoFmuInstanceOps *ops = host->instance->ops;
  gpointer c = host->instance->handle;
  HycoFmuType type = (HycoFmuType) request->integer;
  gsize size
    = request->integer >= 0 && request->integer < HYCO_FMU_N_TYPES ? hyco_fmu_type_size (type) : 0;
  gsize n_values = (gsize) request->u[0];
  gsize given = request->payload - request->n * sizeof (HycoFmuValueReference);
  gboolean set = request->call == HYCO_FMU_REMOTE_SET_VALUES;
  HycoFmuStatus status;

  if (type == HYCO_FMU_TYPE_BINARY)
    return serve_binary (host, request, vr, values, given, out);
  if (size == 0 || n_values > G_MAXUINT32 / size)
    return HYCO_FMU_STATUS_ERROR;
  if (type == HYCO_FMU_TYPE_STRING)
    {
      g_autofree const char **strings = g_new0 (const char *, MAX (n_values, 1));
      if (set)
        return split_strings (values, given, (guint32) n_values, strings)
                 ? ops->set_values (c, type, vr, request->n, strings, n_values)
                 : HYCO_FMU_STATUS_ERROR;
      status = ops->get_values (c, type, vr, request->n, strings, n_values);
      for (gsize i = 0; i < n_values; i++)
        {
          const char *s = strings[i] != NULL ? strings[i] : "";
          g_byte_array_append (out, (const guint8 *) s, strlen (s) + 1);
        }
      return status;
    }
  if (set)
    return given >= n_values * size ? ops->set_values (c, type, vr, request->n, values, n_values)
                                    : HYCO_FMU_STATUS_ERROR;
  g_byte_array_set_size (out, (guint) (n_values * size));
  return ops->get_values (c, type, vr, request->n, out->data, n_values);
}

static void serve (Host *host, const HycoFmuRemoteRequest *request, const guint8 *payload,
                   HycoFmuRemoteReply *reply, GByteArray *out);

/* After a step that returned OK, the gets the actor made after the last one (@step's payload,
 * hyco-fmu-protocol.h), made now, in order, up to the first that fails: their statuses and
 * values in @out. */
static void
serve_ahead (Host *host, const HycoFmuRemoteRequest *step, const guint8 *payload,
             HycoFmuRemoteReply *reply, GByteArray *out)
{
  g_autoptr (GByteArray) values = g_byte_array_new ();
  gsize at = 0;

  for (guint32 i = 0; i < step->n; i++)
    {
      HycoFmuRemoteRequest get;
      HycoFmuRemoteReply got = { 0 };
      HycoFmuRemoteAhead item;

      if (step->payload - at < sizeof get)
        break;
      memcpy (&get, payload + at, sizeof get);
      at += sizeof get;
      /* Only gets of values of a fixed size and no side effect (a clock's is reset when got),
       * each with its value references (the offset stays
       * a multiple of 4, as they need). */
      if ((get.call != HYCO_FMU_REMOTE_GET_REAL
           && (get.call != HYCO_FMU_REMOTE_GET_VALUES || get.integer < 0
               || get.integer >= HYCO_FMU_N_TYPES || get.integer == HYCO_FMU_TYPE_STRING
               || get.integer == HYCO_FMU_TYPE_BINARY || get.integer == HYCO_FMU_TYPE_CLOCK))
          || get.payload != (guint64) get.n * sizeof (HycoFmuValueReference)
          || step->payload - at < get.payload)
        break;
      /* The call it may crash in. */
      host->shared->call = get.call == HYCO_FMU_REMOTE_GET_VALUES
                             ? HYCO_FMU_REMOTE_CALL_ID (get.call, get.integer)
                             : get.call;
      g_byte_array_set_size (values, 0);
      serve (host, &get, payload + at, &got, values);
      at += get.payload;
      item.status = got.status;
      item.size = values->len;
      g_byte_array_append (out, (const guint8 *) &item, sizeof item);
      g_byte_array_append (out, values->data, values->len);
      if (got.status == HYCO_FMU_STATUS_FATAL)
        host->fatal = TRUE;
      if (got.status > HYCO_FMU_STATUS_WARNING)
        break;
    }
  reply->flags |= HYCO_FMU_REMOTE_GOT;
}

/* Serves the request @request with its @payload; the reply's payload goes into @out. */
static void
serve (Host *host, const HycoFmuRemoteRequest *request, const guint8 *payload,
       HycoFmuRemoteReply *reply, GByteArray *out)
{
  const HycoFmuInstanceOps *ops = host->instance->ops;
  gpointer c = host->instance->handle;
  const HycoFmuValueReference *vr = (const HycoFmuValueReference *) payload;
  gsize after_references = request->n * sizeof (HycoFmuValueReference);
  /* The values follow the 4-byte references: copied to memory aligned for any type, since an
   * odd count leaves doubles misaligned. */
  g_autofree guint8 *values = request->payload > after_references
                                ? g_memdup2 (payload + after_references,
                                             request->payload - after_references)
                                : NULL;
  gsize size = value_size (request->call);
  guint32 n = request->n;
  HycoFmuStatus status = HYCO_FMU_STATUS_ERROR;

#define SET(op, type) status = ops->op (c, vr, n, (const type *) values)
#define SET_HYBRID(op, type)                                                                      \
  status = ops->op (c, vr, n, (const type *) values, (const HycoFmuSignal *) (values + n * size))
#define GET(op, type)                                                                             \
  G_STMT_START                                                                                    \
  {                                                                                               \
    g_byte_array_set_size (out, n * size);                                                        \
    status = ops->op (c, vr, n, (type *) out->data);                                              \
  }                                                                                               \
  G_STMT_END
#define GET_HYBRID(op, type)                                                                      \
  G_STMT_START                                                                                    \
  {                                                                                               \
    g_byte_array_set_size (out, n * size + n * sizeof (HycoFmuSignal));                           \
    status = ops->op (c, vr, n, (type *) out->data, (HycoFmuSignal *) (out->data + n * size));    \
  }                                                                                               \
  G_STMT_END

  switch ((HycoFmuRemoteCall) request->call)
    {
    case HYCO_FMU_REMOTE_SETUP_EXPERIMENT:
      status = ops->setup_experiment (c, request->flags & 1, request->d[0], request->d[1],
                                      (request->flags & 2) != 0, request->d[2]);
      break;
    case HYCO_FMU_REMOTE_ENTER_INITIALIZATION_MODE:
      status = ops->enter_initialization_mode (c);
      break;
    case HYCO_FMU_REMOTE_EXIT_INITIALIZATION_MODE:
      status = ops->exit_initialization_mode (c);
      break;
    case HYCO_FMU_REMOTE_TERMINATE:
      status = ops->terminate (c);
      break;
    case HYCO_FMU_REMOTE_SET_REAL:
      SET (set_real, double);
      break;
    case HYCO_FMU_REMOTE_SET_INTEGER:
      SET (set_integer, int);
      break;
    case HYCO_FMU_REMOTE_SET_BOOLEAN:
      SET (set_boolean, int);
      break;
    case HYCO_FMU_REMOTE_SET_HYBRID_REAL:
      SET_HYBRID (set_hybrid_real, double);
      break;
    case HYCO_FMU_REMOTE_SET_HYBRID_INTEGER:
      SET_HYBRID (set_hybrid_integer, int);
      break;
    case HYCO_FMU_REMOTE_SET_HYBRID_BOOLEAN:
      SET_HYBRID (set_hybrid_boolean, int);
      break;
    case HYCO_FMU_REMOTE_SET_STRING:
    case HYCO_FMU_REMOTE_SET_HYBRID_STRING:
      {
        gboolean hybrid = request->call == HYCO_FMU_REMOTE_SET_HYBRID_STRING;
        gsize strings_size = request->payload - n * sizeof (HycoFmuValueReference)
                             - (hybrid ? n * sizeof (HycoFmuSignal) : 0);
        g_autofree const char **strings = g_new0 (const char *, MAX (n, 1));
        if (request->payload < n * sizeof (HycoFmuValueReference)
                                 + (hybrid ? n * sizeof (HycoFmuSignal) : 0)
            || !split_strings (values + (hybrid ? n * sizeof (HycoFmuSignal) : 0), strings_size,
                               n, strings))
          break;
        status = hybrid ? ops->set_hybrid_string (c, vr, n, strings, (const HycoFmuSignal *) values)
                        : ops->set_string (c, vr, n, strings);
        break;
      }
    case HYCO_FMU_REMOTE_GET_REAL:
      GET (get_real, double);
      break;
    case HYCO_FMU_REMOTE_GET_INTEGER:
      GET (get_integer, int);
      break;
    case HYCO_FMU_REMOTE_GET_BOOLEAN:
      GET (get_boolean, int);
      break;
    case HYCO_FMU_REMOTE_GET_HYBRID_REAL:
      GET_HYBRID (get_hybrid_real, double);
      break;
    case HYCO_FMU_REMOTE_GET_HYBRID_INTEGER:
      GET_HYBRID (get_hybrid_integer, int);
      break;
    case HYCO_FMU_REMOTE_GET_HYBRID_BOOLEAN:
      GET_HYBRID (get_hybrid_boolean, int);
      break;
    case HYCO_FMU_REMOTE_GET_STRING:
    case HYCO_FMU_REMOTE_GET_HYBRID_STRING:
      {
        gboolean hybrid = request->call == HYCO_FMU_REMOTE_GET_HYBRID_STRING;
        g_autofree const char **strings = g_new0 (const char *, MAX (n, 1));
        g_autofree HycoFmuSignal *presence = g_new0 (HycoFmuSignal, MAX (n, 1));
        status = hybrid ? ops->get_hybrid_string (c, vr, n, strings, presence)
                        : ops->get_string (c, vr, n, strings);
        /* Presences first: the strings' lengths vary. */
        if (hybrid)
          g_byte_array_append (out, (const guint8 *) presence, n * sizeof (HycoFmuSignal));
        for (guint32 i = 0; i < n; i++)
          {
            const char *s = strings[i] != NULL ? strings[i] : "";
            g_byte_array_append (out, (const guint8 *) s, strlen (s) + 1);
          }
        break;
      }
    case HYCO_FMU_REMOTE_DO_STEP:
      status = ops->do_step (c, request->d[0], request->d[1], request->flags & 1);
      if ((request->flags & HYCO_FMU_REMOTE_THEN_GET) && status == HYCO_FMU_STATUS_OK)
        serve_ahead (host, request, payload, reply, out);
      break;
    case HYCO_FMU_REMOTE_DO_INTEGER_STEP:
      status = ops->do_integer_step (c, request->u[0], request->u[1], request->flags & 1,
                                     &reply->u);
      break;
    case HYCO_FMU_REMOTE_GET_MAX_STEP_SIZE:
      status = ops->get_max_step_size (c, &reply->d);
      break;
    case HYCO_FMU_REMOTE_GET_INTEGER_MAX_STEP_SIZE:
      status = ops->get_integer_max_step_size (c, &reply->u);
      break;
    case HYCO_FMU_REMOTE_SET_RESOLUTION:
      status = ops->set_resolution (c, request->integer);
      break;
    case HYCO_FMU_REMOTE_GET_PREFERRED_RESOLUTION:
      {
        int resolution = 0;
        status = ops->get_preferred_resolution (c, &resolution);
        reply->u = (guint64) (gint64) resolution;
        break;
      }
    case HYCO_FMU_REMOTE_GET_REAL_STATUS:
      status = ops->get_real_status (c, (HycoFmuStatusKind) request->integer, &reply->d);
      break;
    case HYCO_FMU_REMOTE_GET_BOOLEAN_STATUS:
      {
        gboolean value = FALSE;
        status = ops->get_boolean_status (c, (HycoFmuStatusKind) request->integer, &value);
        reply->u = (guint64) value;
        break;
      }
    case HYCO_FMU_REMOTE_GET_STATE:
      {
        gpointer state = state_of (host, request->u[0]);
        status = ops->get_state (c, &state);
        if (state_of (host, request->u[0]) != NULL)
          {
            host->states->pdata[request->u[0] - 1] = state;
            reply->u = request->u[0];
          }
        else if (state != NULL)
          {
            g_ptr_array_add (host->states, state);
            reply->u = host->states->len;
          }
        break;
      }
    case HYCO_FMU_REMOTE_SET_STATE:
      status = ops->set_state (c, state_of (host, request->u[0]));
      break;
    case HYCO_FMU_REMOTE_FREE_STATE:
      {
        gpointer state = state_of (host, request->u[0]);
        status = ops->free_state (c, &state);
        if (state == NULL && request->u[0] > 0 && request->u[0] <= host->states->len)
          host->states->pdata[request->u[0] - 1] = NULL;
        break;
      }
    case HYCO_FMU_REMOTE_SET_VALUES:
    case HYCO_FMU_REMOTE_GET_VALUES:
      status = serve_typed (host, request, vr, values, out);
      break;
    case HYCO_FMU_REMOTE_ENTER_EVENT_MODE:
      status = ops->enter_event_mode (c);
      break;
    case HYCO_FMU_REMOTE_UPDATE_DISCRETE_STATES:
      {
        gboolean needs_update = FALSE, terminate = FALSE, defined = FALSE;
        status = ops->update_discrete_states (c, &needs_update, &terminate, &defined, &reply->d);
        reply->u = (needs_update ? HYCO_FMU_REMOTE_UPDATE_NEEDS_UPDATE : 0)
                   | (terminate ? HYCO_FMU_REMOTE_UPDATE_TERMINATE : 0)
                   | (defined ? HYCO_FMU_REMOTE_UPDATE_NEXT_EVENT_TIME_DEFINED : 0);
        break;
      }
    case HYCO_FMU_REMOTE_ENTER_STEP_MODE:
      status = ops->enter_step_mode (c);
      break;
    case HYCO_FMU_REMOTE_ENTER_CONFIGURATION_MODE:
      status = ops->enter_configuration_mode (c);
      break;
    case HYCO_FMU_REMOTE_EXIT_CONFIGURATION_MODE:
      status = ops->exit_configuration_mode (c);
      break;
    case HYCO_FMU_REMOTE_GET_INTERVAL_DECIMAL:
      g_byte_array_set_size (out, n * (sizeof (double) + sizeof (int)));
      status = ops->get_interval_decimal (c, vr, n, (double *) out->data,
                                          (int *) (out->data + n * sizeof (double)));
      break;
    case HYCO_FMU_REMOTE_GET_INTERVAL_FRACTION:
      g_byte_array_set_size (out, n * (2 * sizeof (guint64) + sizeof (int)));
      status = ops->get_interval_fraction (c, vr, n, (guint64 *) out->data,
                                           (guint64 *) (out->data + n * sizeof (guint64)),
                                           (int *) (out->data + 2 * n * sizeof (guint64)));
      break;
    case HYCO_FMU_REMOTE_GET_SHIFT_FRACTION:
      g_byte_array_set_size (out, n * 2 * sizeof (guint64));
      status = ops->get_shift_fraction (c, vr, n, (guint64 *) out->data,
                                        (guint64 *) (out->data + n * sizeof (guint64)));
      break;
    case HYCO_FMU_REMOTE_SET_INTERVAL_DECIMAL:
      status = request->payload - after_references >= n * sizeof (double)
                 ? ops->set_interval_decimal (c, vr, n, (const double *) values)
                 : HYCO_FMU_STATUS_ERROR;
      break;
    case HYCO_FMU_REMOTE_SET_INTERVAL_FRACTION:
      status = request->payload - after_references >= n * 2 * sizeof (guint64)
                 ? ops->set_interval_fraction (c, vr, n, (const guint64 *) values,
                                               (const guint64 *) values + n)
                 : HYCO_FMU_STATUS_ERROR;
      break;
    case HYCO_FMU_REMOTE_GET_SHIFT_DECIMAL:
      g_byte_array_set_size (out, n * sizeof (double));
      status = ops->get_shift_decimal (c, vr, n, (double *) out->data);
      break;
    case HYCO_FMU_REMOTE_DO_EVENT_STEP:
      {
        gboolean event = FALSE, terminate = FALSE, early = FALSE;
        status = ops->do_event_step (c, request->d[0], request->d[1], request->flags & 1, &event,
                                     &terminate, &early, &reply->d);
        reply->u = (event ? HYCO_FMU_REMOTE_STEP_EVENT_HANDLING_NEEDED : 0)
                   | (terminate ? HYCO_FMU_REMOTE_STEP_TERMINATE : 0)
                   | (early ? HYCO_FMU_REMOTE_STEP_EARLY_RETURN : 0);
        /* After an event, the actor goes on with event mode, not with the gets. */
        if ((request->flags & HYCO_FMU_REMOTE_THEN_GET) && status == HYCO_FMU_STATUS_OK
            && reply->u == 0)
          serve_ahead (host, request, payload, reply, out);
        break;
      }
    case HYCO_FMU_REMOTE_ME_SET_TIME:
      status = host->me->set_time (c, request->d[0]);
      break;
    case HYCO_FMU_REMOTE_ME_SET_CONTINUOUS_STATES:
      status = request->payload - after_references >= request->u[0] * sizeof (double)
                 ? host->me->set_continuous_states (c, (const double *) values, request->u[0])
                 : HYCO_FMU_STATUS_ERROR;
      break;
    case HYCO_FMU_REMOTE_ME_GET_DERIVATIVES:
    case HYCO_FMU_REMOTE_ME_GET_EVENT_INDICATORS:
    case HYCO_FMU_REMOTE_ME_GET_CONTINUOUS_STATES:
    case HYCO_FMU_REMOTE_ME_GET_NOMINALS:
      {
        gsize n_values = MIN (request->u[0], G_MAXUINT32 / sizeof (double));
        double *vector;
        g_byte_array_set_size (out, (guint) (n_values * sizeof (double)));
        vector = (double *) out->data;
        status = request->call == HYCO_FMU_REMOTE_ME_GET_DERIVATIVES
                   ? host->me->get_derivatives (c, vector, n_values)
                 : request->call == HYCO_FMU_REMOTE_ME_GET_EVENT_INDICATORS
                   ? host->me->get_event_indicators (c, vector, n_values)
                 : request->call == HYCO_FMU_REMOTE_ME_GET_CONTINUOUS_STATES
                   ? host->me->get_continuous_states (c, vector, n_values)
                   : host->me->get_nominals_of_continuous_states (c, vector, n_values);
        break;
      }
    case HYCO_FMU_REMOTE_ME_ENTER_EVENT_MODE:
      status = host->me->enter_event_mode (c);
      break;
    case HYCO_FMU_REMOTE_ME_NEW_DISCRETE_STATES:
      {
        HycoFmuEventInfo info = { 0 };
        status = host->me->new_discrete_states (c, &info);
        g_byte_array_append (out, (const guint8 *) &info, sizeof info);
        break;
      }
    case HYCO_FMU_REMOTE_ME_ENTER_CONTINUOUS_TIME_MODE:
      status = host->me->enter_continuous_time_mode (c);
      break;
    case HYCO_FMU_REMOTE_ME_COMPLETED_INTEGRATOR_STEP:
      {
        gboolean enter = FALSE, terminate = FALSE;
        status = host->me->completed_integrator_step (c, request->flags & 1, &enter, &terminate);
        reply->u = (enter ? HYCO_FMU_REMOTE_COMPLETED_ENTER_EVENT_MODE : 0)
                   | (terminate ? HYCO_FMU_REMOTE_COMPLETED_TERMINATE : 0);
        break;
      }
    case HYCO_FMU_REMOTE_CHECK:
      {
        g_autoptr (GError) error = NULL;
        g_autofree char *call = g_strndup ((const char *) payload, request->payload);
        if (ops->check (host->instance, (HycoFmuStatus) request->integer, call, &error))
          status = 0;
        else
          {
            status = 1;
            reply->u = (guint64) error->code;
            g_byte_array_append (out, (const guint8 *) error->message,
                                 strlen (error->message) + 1);
          }
        break;
      }
    case HYCO_FMU_REMOTE_N_CALLS:
    default:
      break;
    }
#undef SET
#undef SET_HYBRID
#undef GET
#undef GET_HYBRID
  reply->status = (gint32) status;
}

static HycoFmuRemoteShared *framed_shared; /* where to say that a framed message was written */

/* Serving an actor: framed for it to log with their level (hyco-fmu-protocol.h), at once, as
 * this process may not live to hand them over. */
static void
log_framed (const char *domain, GLogLevelFlags level, const char *message, gpointer data)
{
  HycoFmuRemoteShared *shared = framed_shared;

  fprintf (stderr, "%c%c%s%c", HYCO_FMU_REMOTE_RECORD_START,
           (level & G_LOG_LEVEL_WARNING) ? 'W' : 'M', message, HYCO_FMU_REMOTE_RECORD_END);
  fflush (stderr);
  /* In the pipe before the reply: the actor reads it first. */
  if (shared != NULL)
    g_atomic_int_inc (&shared->output_written);
}

static void
host_init (GLogFunc log)
{
  /* The hyco process decides what an interrupt does; and if it dies, so does this one. */
  signal (SIGINT, SIG_IGN);
  signal (SIGPIPE, SIG_IGN);
  prctl (PR_SET_PDEATHSIG, SIGKILL);
  g_set_prgname ("hyco");
  g_log_set_handler ("Hyco", G_LOG_LEVEL_MESSAGE | G_LOG_LEVEL_WARNING, log, NULL);
}

int
main (int argc, char **argv)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoFmu) fmu = NULL;
  g_autoptr (GByteArray) payload = g_byte_array_new ();
  g_autoptr (GByteArray) out = g_byte_array_new ();
  Host host = { NULL };
  HycoFmuRemoteRequest request;
  Input input = { -1, NULL, 0, NULL, FALSE, 0, HYCO_FMU_REMOTE_SPIN_MIN };
  g_autofree HycoFmuRemoteShared *unshared = NULL;
  HycoFmuRemoteShared *shared;
  guint32 failed_call = 0; /* the deferred call that failed, not reported yet */
  gint32 failed_status = 0;
  int fd;

  if (argc != 10)
    {
      g_printerr ("hyco-fmu-host: started by Hyco for an FMU actor with isolation=\"process\"; "
                  "not to be run by hand\n");
      return 2;
    }
  host_init (log_framed);
  fd = atoi (argv[1]);
  shared = atoi (argv[2]) >= 0 ? mmap (NULL, sizeof *shared, PROT_READ | PROT_WRITE, MAP_SHARED,
                                        atoi (argv[2]), 0)
                              : MAP_FAILED;
  if (shared == MAP_FAILED)
    shared = unshared = g_new0 (HycoFmuRemoteShared, 1);
  input.fd = fd;
  input.shared = shared;
  host.shared = shared;
  framed_shared = shared;

  /* Started: from now on the actor's call timeout counts (a slow start, as under valgrind,
   * is not the FMU's). */
  {
    HycoFmuRemoteReply started = { .status = HYCO_FMU_REMOTE_STARTED };
    g_byte_array_set_size (out, 0);
    if (!send_reply (&input, &started, out))
      return 0;
  }
  fmu = _hyco_fmu_open_unpacked (argv[3], argv[4], &error);
  if (fmu != NULL && g_str_equal (argv[9], "1"))
    host.instance = _hyco_fmu_instantiate_model_exchange (fmu, argv[5], g_str_equal (argv[6], "1"),
                                                          &host.me, &error);
  else if (fmu != NULL)
    host.instance = _hyco_fmu_instantiate_with_events (fmu, argv[5], g_str_equal (argv[6], "1"),
                                                       g_str_equal (argv[7], "1"),
                                                       g_str_equal (argv[8], "1"), &error);
  if (host.instance == NULL)
    {
      send_error (&input, error);
      return 0;
    }
  {
    /* The messages that follow go through the shared page, if it could be mapped here. */
    gboolean slots = shared != unshared && shared->slots_wanted;
    HycoFmuRemoteReply hello = { .status = 0, .flags = slots ? HYCO_FMU_REMOTE_HELLO_SHARED : 0 };
    g_byte_array_set_size (out, 0);
    if (!send_reply (&input, &hello, out))
      return 0;
    input.slots = slots;
  }
  host.states = g_ptr_array_new ();
  input.data = g_byte_array_new ();
  for (;;)
    {
      HycoFmuRemoteReply reply = { 0 };
      const guint8 *header = take (&input, sizeof request);
      const guint8 *data;
      if (header == NULL)
        break;
      memcpy (&request, header, sizeof request);
      data = take (&input, request.payload);
      if (data == NULL)
        break;
      /* Copied: the payload is read as value references and values, aligned. */
      g_byte_array_set_size (payload, request.payload);
      if (request.payload > 0)
        memcpy (payload->data, data, request.payload);
      /* A payload shorter than its value references is refused: nothing is read past it. */
      if (request.call != HYCO_FMU_REMOTE_CHECK
          && request.payload < (guint64) request.n * sizeof (HycoFmuValueReference))
        request.call = HYCO_FMU_REMOTE_N_CALLS;
      g_byte_array_set_size (out, 0);
      shared->call
        = request.call == HYCO_FMU_REMOTE_SET_VALUES || request.call == HYCO_FMU_REMOTE_GET_VALUES
            ? HYCO_FMU_REMOTE_CALL_ID (request.call, request.integer)
            : request.call;
      if (request.flags & HYCO_FMU_REMOTE_DEFERRED)
        {
          /* After a failed one, the others wait with the request that reports it. */
          if (failed_call != 0)
            continue;
          serve (&host, &request, payload->data, &reply, out);
          if (reply.status > HYCO_FMU_STATUS_WARNING)
            failed_call = shared->call, failed_status = reply.status;
          if (reply.status == HYCO_FMU_STATUS_FATAL)
            host.fatal = TRUE;
          continue;
        }
      if (failed_call != 0)
        {
          reply.status = failed_status;
          reply.flags = HYCO_FMU_REMOTE_DEFERRED_FAILED;
          reply.u = failed_call;
          failed_call = 0;
        }
      else
        serve (&host, &request, payload->data, &reply, out);
      if (request.call != HYCO_FMU_REMOTE_CHECK && reply.status == HYCO_FMU_STATUS_FATAL)
        host.fatal = TRUE;
      if (!send_reply (&input, &reply, out))
        break;
    }
  /* The socket closed: the actor is done with the instance (or gone). */
  g_byte_array_unref (input.data);
  for (guint i = 0; i < host.states->len; i++)
    if (host.states->pdata[i] != NULL && !host.fatal && host.instance->ops->free_state != NULL)
      host.instance->ops->free_state (host.instance->handle, &host.states->pdata[i]);
  g_ptr_array_unref (host.states);
  host.instance->ops->free (host.instance);
  return 0;
}
