/* hyco-workers.c: the threads that advance actors in parallel (HycoActorClass.advance).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-director-private.h"

#include <pthread.h>

/* A director running actors in parallel keeps a few threads for the run: at a tag, the
 * actors to advance are one batch, which the workers and the director's own thread take one
 * actor at a time; the director returns once every actor of the batch is advanced. The
 * threads wait between batches and are joined when the run wraps up, so that nothing outlives
 * the run (a GThreadPool's threads linger after it is freed, which valgrind counts).
 *
 * Which thread advances which actor does not matter: an advance touches only its actor, and
 * what it reports waits for the actor's fire.
 *
 * The lock and conditions are pthread's, not GMutex and GCond: GLib's are futexes that
 * helgrind and DRD cannot see, and this is the code to check under them. */
struct _HycoWorkers
{
  pthread_mutex_t lock;
  pthread_cond_t wake; /* for the workers: a new batch, or the end */
  pthread_cond_t done; /* for the director: the batch is advanced */
  GThread **threads;
  guint n_threads;
  /* The batch, under @lock: its actors, the next one to take, how many are advanced. */
  HycoActor **actors;
  guint n_actors;
  guint next;
  guint n_done;
  guint64 batch; /* counts the batches, so that a worker takes part once in each */
  gboolean quit;
};

/* One more actor of @batch to advance, or NULL when all are taken (or the batch is over). */
static HycoActor *
take (HycoWorkers *self, guint64 batch)
{
  HycoActor *actor = NULL;

  pthread_mutex_lock (&self->lock);
  if (self->batch == batch && self->next < self->n_actors)
    actor = self->actors[self->next++];
  pthread_mutex_unlock (&self->lock);
  return actor;
}

/* Advances actors of @batch until none is left to take; returns how many. */
static guint
advance_some (HycoWorkers *self, guint64 batch)
{
  guint n = 0;

  for (HycoActor *actor; (actor = take (self, batch)) != NULL; n++)
    HYCO_ACTOR_GET_CLASS (actor)->advance (actor);
  return n;
}

static gpointer
worker (gpointer data)
{
  HycoWorkers *self = data;
  guint64 seen = 0;

  pthread_mutex_lock (&self->lock);
  for (;;)
    {
      guint64 batch;
      guint n;
      while (!self->quit && self->batch == seen)
        pthread_cond_wait (&self->wake, &self->lock);
      if (self->quit)
        break;
      batch = seen = self->batch;
      pthread_mutex_unlock (&self->lock);
      n = advance_some (self, batch);
      pthread_mutex_lock (&self->lock);
      if (n > 0 && self->batch == batch && (self->n_done += n) == self->n_actors)
        pthread_cond_signal (&self->done);
    }
  pthread_mutex_unlock (&self->lock);
  return NULL;
}

/* Workers for a director: @n_threads besides the director's own thread. */
HycoWorkers *
_hyco_workers_new (guint n_threads)
{
  HycoWorkers *self = g_new0 (HycoWorkers, 1);

  pthread_mutex_init (&self->lock, NULL);
  pthread_cond_init (&self->wake, NULL);
  pthread_cond_init (&self->done, NULL);
  self->n_threads = n_threads;
  self->threads = g_new0 (GThread *, MAX (n_threads, 1));
  for (guint i = 0; i < n_threads; i++)
    self->threads[i] = g_thread_new ("hyco-advance", worker, self);
  return self;
}

/* Advances @actors (each once), in the workers and the calling thread; returns when all are
 * advanced. */
void
_hyco_workers_advance (HycoWorkers *self, HycoActor **actors, guint n_actors)
{
  guint64 batch;
  guint n;

  pthread_mutex_lock (&self->lock);
  self->actors = actors;
  self->n_actors = n_actors;
  self->next = 0;
  self->n_done = 0;
  batch = ++self->batch;
  pthread_cond_broadcast (&self->wake);
  pthread_mutex_unlock (&self->lock);

  n = advance_some (self, batch);

  pthread_mutex_lock (&self->lock);
  self->n_done += n;
  while (self->n_done < self->n_actors)
    pthread_cond_wait (&self->done, &self->lock);
  /* Nothing of the batch is left to take: a worker waking late finds it over. */
  self->actors = NULL;
  self->n_actors = 0;
  pthread_mutex_unlock (&self->lock);
}

/* Ends and joins the threads. */
void
_hyco_workers_free (HycoWorkers *self)
{
  if (self == NULL)
    return;
  pthread_mutex_lock (&self->lock);
  self->quit = TRUE;
  pthread_cond_broadcast (&self->wake);
  pthread_mutex_unlock (&self->lock);
  for (guint i = 0; i < self->n_threads; i++)
    g_thread_join (self->threads[i]);
  g_free (self->threads);
  pthread_cond_destroy (&self->done);
  pthread_cond_destroy (&self->wake);
  pthread_mutex_destroy (&self->lock);
  g_free (self);
}
