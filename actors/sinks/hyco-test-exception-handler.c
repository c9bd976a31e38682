/* hyco-test-exception-handler.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actors-private.h"
#include "hyco-actors.h"

/**
 * HycoTestExceptionHandler:
 *
 * Ptolemy II's TestExceptionHandler and TestExceptionAttribute: a model that is meant to fail
 * passes when its run fails the expected way, and fails when the run ends well or fails
 * otherwise. It has no ports; the model file's attribute form is read as this actor.
 *
 * Ptolemy's models give the expected failure as Ptolemy's own message
 * (`correctExceptionMessage`), which Hyco's messages never equal. What Hyco checks is the
 * failure's kind: a table below recognises Ptolemy's message by a phrase of it and names the
 * Hyco error of the same kind (its #HycoActorError code and, where the code alone is too
 * broad, a phrase of Hyco's message). A message the table does not know is refused when the
 * model is prepared, rather than guessed. With `trainingMode`, Ptolemy records the message
 * the run fails with; here any failure passes and its message is logged, to be read and added
 * to the table.
 *
 * It adds a run check to its model when preinitialized (hyco_model_add_run_check()), which
 * sees the error that ended the run after every actor was wrapped up.
 */
typedef struct
{
  const char *ptolemy; /* a phrase of Ptolemy's message */
  HycoActorError code;
  const char *hyco; /* a phrase of Hyco's message, or NULL when the code says enough */
  const char *kind; /* the kind, as messages name it */
} FailureKind;

static const FailureKind failure_kinds[] = {
  { "Possible causality loop", HYCO_ACTOR_ERROR_CAUSALITY, NULL, "a causality loop" },
  /* Ptolemy's director refusing a fireAt (an actor in a refinement asking for a time its
   * container will not fire it at). */
  { "unable to fire the actor at the requested time", HYCO_ACTOR_ERROR_TIME, NULL,
    "a firing its director cannot grant at the requested time" },
  { "Initial state with a refinement and an enabled immediate transition",
    HYCO_ACTOR_ERROR_STRUCTURE, "immediate transition",
    "an immediate transition out of an initial state that has a refinement" },
};

struct _HycoTestExceptionHandler
{
  HycoActor parent_instance;

  char *correct_message;
  gboolean training_mode;
  const FailureKind *expected; /* from correct_message, at preinitialize */
};

G_DEFINE_FINAL_TYPE (HycoTestExceptionHandler, hyco_test_exception_handler, HYCO_TYPE_ACTOR)
HYCO_REGISTER_DEFINE (test_exception_handler, HYCO_TYPE_TEST_EXCEPTION_HANDLER,
                      "TestExceptionHandler", "TestExceptionAttribute")

enum
{
  PROP_0,
  PROP_CORRECT_EXCEPTION_MESSAGE,
  PROP_TRAINING_MODE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
hyco_test_exception_handler_finalize (GObject *object)
{
  g_free (HYCO_TEST_EXCEPTION_HANDLER (object)->correct_message);
  G_OBJECT_CLASS (hyco_test_exception_handler_parent_class)->finalize (object);
}

static void
hyco_test_exception_handler_get_property (GObject *object, guint prop_id, GValue *value,
                                          GParamSpec *pspec)
{
  HycoTestExceptionHandler *self = HYCO_TEST_EXCEPTION_HANDLER (object);

  switch (prop_id)
    {
    case PROP_CORRECT_EXCEPTION_MESSAGE:
      g_value_set_string (value, self->correct_message);
      break;
    case PROP_TRAINING_MODE:
      g_value_set_boolean (value, self->training_mode);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hyco_test_exception_handler_set_property (GObject *object, guint prop_id, const GValue *value,
                                          GParamSpec *pspec)
{
  HycoTestExceptionHandler *self = HYCO_TEST_EXCEPTION_HANDLER (object);

  switch (prop_id)
    {
    case PROP_CORRECT_EXCEPTION_MESSAGE:
      if (g_strcmp0 (self->correct_message, g_value_get_string (value)) != 0)
        {
          g_free (self->correct_message);
          self->correct_message = g_value_dup_string (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_TRAINING_MODE:
      if (self->training_mode != g_value_get_boolean (value))
        {
          self->training_mode = g_value_get_boolean (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static gboolean
is_expected (const FailureKind *kind, const GError *failure)
{
  return g_error_matches (failure, HYCO_ACTOR_ERROR, kind->code)
         && (kind->hyco == NULL || strstr (failure->message, kind->hyco) != NULL);
}

static void
check_run (HycoModel *model, GError **failure, gpointer user_data)
{
  HycoTestExceptionHandler *self = user_data;
  HycoActor *actor = HYCO_ACTOR (self);
  g_autoptr (GError) cause = NULL;

  if (self->training_mode && *failure != NULL)
    {
      g_message ("%s (training mode): the run failed with: %s", hyco_actor_get_name (actor),
                 (*failure)->message);
      g_clear_error (failure);
      return;
    }
  if (*failure == NULL)
    {
      hyco_actor_set_error (actor, failure, HYCO_ACTOR_ERROR_TEST_FAILED,
                            "the run was expected to fail with %s, but it ended without error",
                            self->expected ? self->expected->kind : "an error");
      return;
    }
  if (is_expected (self->expected, *failure))
    {
      g_clear_error (failure);
      return;
    }
  cause = g_steal_pointer (failure);
  hyco_actor_set_error (actor, failure, HYCO_ACTOR_ERROR_TEST_FAILED,
                        "the run was expected to fail with %s, but it failed otherwise: %s",
                        self->expected->kind, cause->message);
}

static gboolean
hyco_test_exception_handler_preinitialize (HycoActor *actor, GError **error)
{
  HycoTestExceptionHandler *self = HYCO_TEST_EXCEPTION_HANDLER (actor);
  HycoModel *model = hyco_actor_get_model (actor);

  self->expected = NULL;
  for (guint i = 0; i < G_N_ELEMENTS (failure_kinds) && self->correct_message != NULL; i++)
    if (strstr (self->correct_message, failure_kinds[i].ptolemy) != NULL)
      self->expected = &failure_kinds[i];
  if (self->expected == NULL && !self->training_mode)
    {
      hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_PARAMETER,
                            "correctExceptionMessage: Hyco does not know which of its errors "
                            "Ptolemy's message \"%s\" stands for (it knows the messages with "
                            "\"%s\", \"%s\" or \"%s\")",
                            self->correct_message ? self->correct_message : "",
                            failure_kinds[0].ptolemy, failure_kinds[1].ptolemy,
                            failure_kinds[2].ptolemy);
      return FALSE;
    }
  if (model != NULL)
    hyco_model_add_run_check (model, check_run, self);
  return TRUE;
}

static void
hyco_test_exception_handler_class_init (HycoTestExceptionHandlerClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  object_class->finalize = hyco_test_exception_handler_finalize;
  object_class->get_property = hyco_test_exception_handler_get_property;
  object_class->set_property = hyco_test_exception_handler_set_property;
  actor_class->preinitialize = hyco_test_exception_handler_preinitialize;

  hyco_actor_class_set_description (
    actor_class, "Passes a run that fails with the kind of error the model expects");

  /**
   * HycoTestExceptionHandler:correctExceptionMessage:
   *
   * Ptolemy's message for the expected failure, which names its kind.
   */
  properties[PROP_CORRECT_EXCEPTION_MESSAGE] = g_param_spec_string (
    "correctExceptionMessage", "Ptolemy's message for the expected failure", NULL, NULL,
    G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HycoTestExceptionHandler:trainingMode:
   *
   * Whether any failure passes, its message logged.
   */
  properties[PROP_TRAINING_MODE]
    = g_param_spec_boolean ("trainingMode", "Pass any failure and log its message", NULL, FALSE,
                            G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hyco_test_exception_handler_init (HycoTestExceptionHandler *self)
{
}
