/* hyco-actor.h: the actor base class and its execution contract.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#if !defined(HYCO_INSIDE) && !defined(HYCO_COMPILATION)
#error "Only <hyco.h> can be included directly."
#endif

#include "hyco-export.h"
#include <glib-object.h>
#include "hyco-time.h"
#include "hyco-port.h"

G_BEGIN_DECLS

/**
 * HYCO_ACTOR_ERROR:
 *
 * Error domain for failures of actors and directors while a model runs; errors are from
 * #HycoActorError.
 */
#define HYCO_ACTOR_ERROR (hyco_actor_error_quark ())

/**
 * HycoActorError:
 * @HYCO_ACTOR_ERROR_FAILED: an actor failed while running
 * @HYCO_ACTOR_ERROR_PARAMETER: a parameter has a value the actor cannot use
 * @HYCO_ACTOR_ERROR_TEST_FAILED: a Test actor saw something other than what it expected
 * @HYCO_ACTOR_ERROR_CAUSALITY: a zero-delay loop or an undetermined signal
 * @HYCO_ACTOR_ERROR_ZENO: too many microsteps at one model time
 * @HYCO_ACTOR_ERROR_TIME: a request for a time in the past or beyond the range of time
 * @HYCO_ACTOR_ERROR_STRUCTURE: the model's structure cannot run (for example a relation with
 *   two sources, or a top level without a director)
 *
 * Errors raised by actors and directors. A cancelled run fails with GLib's
 * %G_IO_ERROR_CANCELLED, as every cancellable GLib operation does.
 */
typedef enum
{
  HYCO_ACTOR_ERROR_FAILED,
  HYCO_ACTOR_ERROR_PARAMETER,
  HYCO_ACTOR_ERROR_TEST_FAILED,
  HYCO_ACTOR_ERROR_CAUSALITY,
  HYCO_ACTOR_ERROR_ZENO,
  HYCO_ACTOR_ERROR_TIME,
  HYCO_ACTOR_ERROR_STRUCTURE,
} HycoActorError;

#define HYCO_TYPE_ACTOR (hyco_actor_get_type ())
HYCO_API
G_DECLARE_DERIVABLE_TYPE (HycoActor, hyco_actor, HYCO, ACTOR, GObject)

typedef struct _HycoCompositeActor HycoCompositeActor;
typedef struct _HycoDirector HycoDirector;
typedef struct _HycoModel HycoModel;

/**
 * HycoActorClass:
 * @preinitialize: check parameters and structure once, before anything runs
 * @initialize: reset state to the start of a run; may request firings with fire_at
 * @prefire: return %FALSE when the actor is not ready to fire at this tag
 * @fire: read inputs, produce outputs at the current tag, without persistent side effect;
 *   it may run many times at one tag and its results may be abandoned
 * @postfire: commit state for the current tag, once, after its values are final
 * @wrapup: release what the run held and make final checks; always called, also after an
 *   error
 * @is_strict: whether every input must be known before the actor fires
 * @output_depends_on: whether @output depends at the same tag on @input
 * @parameter_changed: the parameter @name got a new value during the run, because a model
 *   parameter its expression names changed (Ptolemy's SetVariable); an actor that derives
 *   state from its parameters at preinitialize derives it again here, so that its next firing
 *   uses the new value. Called between firings, never during one.
 * @advance: optional: the part of the coming firing that needs no input of the tag, done
 *   ahead of @fire, possibly in a worker thread (see `HycoActorClass::advance`)
 *
 * The execution contract of an actor (Ptolemy II's Executable).
 */
struct _HycoActorClass
{
  GObjectClass parent_class;

  gboolean (*preinitialize) (HycoActor *self, GError **error);
  gboolean (*initialize) (HycoActor *self, GError **error);
  gboolean (*prefire) (HycoActor *self);
  gboolean (*fire) (HycoActor *self, GError **error);
  gboolean (*postfire) (HycoActor *self, GError **error);
  gboolean (*wrapup) (HycoActor *self, GError **error);
  gboolean (*is_strict) (HycoActor *self);
  gboolean (*output_depends_on) (HycoActor *self, HycoPort *output, HycoPort *input);
  gboolean (*parameter_changed) (HycoActor *self, const char *name, GError **error);
  void (*advance) (HycoActor *self);

  /*< private >*/
  gpointer padding[10];
};

/**
 * HycoActorClass::advance:
 * @self: an actor
 *
 * Optional: the part of the coming firing at the current tag that reads no input of this tag
 * and touches nothing but the actor's own state (an FMU's step from its last commit), done
 * ahead of `fire`. A director asked to run actors in parallel (the DE director's `parallel`,
 * [method@Hyco.Director.set_parallel]) calls it for actors it is about to fire at this tag, in
 * worker threads, several actors at once; `fire` follows in the usual order and must give what
 * it would have given without it. What the advance fails at or logs, `fire` reports, so that a
 * run says the same whether or not it ran in parallel.
 */

HYCO_API GQuark hyco_actor_error_quark (void);

HYCO_API void hyco_actor_class_add_port (HycoActorClass *klass, const char *name,
                                         HycoPortFlags flags, const char *description);
HYCO_API void hyco_actor_class_set_description (HycoActorClass *klass, const char *description);
HYCO_API const char *hyco_actor_class_get_description (HycoActorClass *klass);
HYCO_API GPtrArray *hyco_actor_class_list_port_names (HycoActorClass *klass);
HYCO_API HycoPortFlags hyco_actor_class_get_port_flags (HycoActorClass *klass, const char *name);
HYCO_API const char *hyco_actor_class_get_port_description (HycoActorClass *klass,
                                                            const char *name);

HYCO_API const char *hyco_actor_get_name (HycoActor *self);
HYCO_API char *hyco_actor_get_full_name (HycoActor *self);
HYCO_API HycoCompositeActor *hyco_actor_get_container (HycoActor *self);
HYCO_API HycoPort *hyco_actor_get_port (HycoActor *self, const char *name);
HYCO_API GPtrArray *hyco_actor_get_ports (HycoActor *self);
HYCO_API HycoPort *hyco_actor_add_port (HycoActor *self, const char *name, HycoPortFlags flags,
                                        GError **error);
HYCO_API HycoDirector *hyco_actor_get_executive_director (HycoActor *self);

HYCO_API gboolean hyco_actor_preinitialize (HycoActor *self, GError **error);
HYCO_API gboolean hyco_actor_initialize (HycoActor *self, GError **error);
HYCO_API gboolean hyco_actor_prefire (HycoActor *self);
HYCO_API gboolean hyco_actor_fire (HycoActor *self, GError **error);
HYCO_API gboolean hyco_actor_postfire (HycoActor *self, GError **error);
HYCO_API gboolean hyco_actor_wrapup (HycoActor *self, GError **error);
HYCO_API gboolean hyco_actor_is_strict (HycoActor *self);
HYCO_API gboolean hyco_actor_output_depends_on (HycoActor *self, HycoPort *output, HycoPort *input);
HYCO_API gboolean hyco_actor_parameter_changed (HycoActor *self, const char *name, GError **error);
HYCO_API HycoModel *hyco_actor_get_model (HycoActor *self);
HYCO_API void hyco_actor_set_priority (HycoActor *self, int priority);
HYCO_API int hyco_actor_get_priority (HycoActor *self);

HYCO_API void hyco_actor_get_current_tag (HycoActor *self, HycoTag *tag);
HYCO_API gint64 hyco_actor_get_current_time (HycoActor *self);
HYCO_API int hyco_actor_get_resolution (HycoActor *self);
HYCO_API gint64 hyco_actor_get_stop_time (HycoActor *self);
HYCO_API gboolean hyco_actor_fire_at (HycoActor *self, gint64 time, HycoTag *granted,
                                      GError **error);
HYCO_API gboolean hyco_actor_fire_at_tag (HycoActor *self, const HycoTag *tag, HycoTag *granted,
                                          GError **error);
HYCO_API gboolean hyco_actor_has_pure_event (HycoActor *self);
HYCO_API void hyco_actor_finish (HycoActor *self);
HYCO_API gboolean hyco_actor_is_finished (HycoActor *self);
HYCO_API void hyco_actor_request_stop (HycoActor *self, const char *reason);

HYCO_API void hyco_actor_set_error (HycoActor *self, GError **error, HycoActorError code,
                                    const char *format, ...) G_GNUC_PRINTF (4, 5);
HYCO_API gboolean hyco_actor_get_time_parameter (HycoActor *self, const char *name, gint64 *ticks,
                                                 GError **error);

G_END_DECLS
