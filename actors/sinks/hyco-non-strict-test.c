/* hyco-non-strict-test.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actor-helpers-private.h"
#include "hyco-actors.h"
#include "hyco-non-strict-test-private.h"

/**
 * HycoNonStrictTest:
 *
 * Makes a model check itself, like Ptolemy II's NonStrictTest: each value that arrives on
 * `input` is compared, in order, with the next of `correctValues` (within `tolerance` for
 * numbers, element by element for arrays and records, exactly for other values) and, if
 * `correctTags` is not empty, its tag with the next of `correctTags`. Absent inputs are not
 * checked. Values beyond the list are accepted, so a test can check the first values of a
 * run that goes on; with `requireAllCorrectValues` (the default) a run that ends before every
 * value arrived fails. Checking happens in postfire, after the values of the tag are final.
 *
 * With `trainingMode`, nothing is checked: the values received become `correctValues` when
 * the run ends, to be saved with the model, as Ptolemy II's training mode does.
 *
 * Failures are %HYCO_ACTOR_ERROR_TEST_FAILED errors that name the tag and the values.
 */
typedef struct
{
  char *correct_values_literal;
  char *correct_tags_literal;
  double tolerance;
  gboolean training_mode;
  gboolean require_all;
  gboolean uses_correct_values;

  GPtrArray *expected;   /* HycoValue* */
  GArray *expected_tags; /* HycoTag, empty when tags are not checked */
  GPtrArray *trained;    /* HycoValue*, the values received in training mode */
  int resolution;
  gboolean running; /* initialized and not yet wrapped up */
  gboolean failed;
  guint count;

  HycoPort *input;
} HycoNonStrictTestPrivate;

G_DEFINE_TYPE_WITH_PRIVATE (HycoNonStrictTest, hyco_non_strict_test, HYCO_TYPE_ACTOR)
HYCO_REGISTER_DEFINE (non_strict_test, HYCO_TYPE_NON_STRICT_TEST, "NonStrictTest")

enum
{
  PROP_0,
  PROP_CORRECT_VALUES,
  PROP_CORRECT_TAGS,
  PROP_TOLERANCE,
  PROP_TRAINING_MODE,
  PROP_REQUIRE_ALL_CORRECT_VALUES,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
hyco_non_strict_test_constructed (GObject *object)
{
  HycoNonStrictTestPrivate *priv
    = hyco_non_strict_test_get_instance_private (HYCO_NON_STRICT_TEST (object));

  G_OBJECT_CLASS (hyco_non_strict_test_parent_class)->constructed (object);
  priv->input = hyco_actor_get_port (HYCO_ACTOR (object), "input");
}

static void
hyco_non_strict_test_finalize (GObject *object)
{
  HycoNonStrictTestPrivate *priv
    = hyco_non_strict_test_get_instance_private (HYCO_NON_STRICT_TEST (object));

  g_free (priv->correct_values_literal);
  g_free (priv->correct_tags_literal);
  g_clear_pointer (&priv->expected, g_ptr_array_unref);
  g_clear_pointer (&priv->expected_tags, g_array_unref);
  g_clear_pointer (&priv->trained, g_ptr_array_unref);
  G_OBJECT_CLASS (hyco_non_strict_test_parent_class)->finalize (object);
}

static void
hyco_non_strict_test_get_property (GObject *object, guint prop_id, GValue *value,
                                   GParamSpec *pspec)
{
  HycoNonStrictTestPrivate *priv
    = hyco_non_strict_test_get_instance_private (HYCO_NON_STRICT_TEST (object));

  switch (prop_id)
    {
    case PROP_CORRECT_VALUES:
      g_value_set_string (value, priv->correct_values_literal);
      break;
    case PROP_CORRECT_TAGS:
      g_value_set_string (value, priv->correct_tags_literal);
      break;
    case PROP_TOLERANCE:
      g_value_set_double (value, priv->tolerance);
      break;
    case PROP_TRAINING_MODE:
      g_value_set_boolean (value, priv->training_mode);
      break;
    case PROP_REQUIRE_ALL_CORRECT_VALUES:
      g_value_set_boolean (value, priv->require_all);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
set_boolean (GObject *object, gboolean *field, const GValue *value, GParamSpec *pspec)
{
  if (*field != g_value_get_boolean (value))
    {
      *field = g_value_get_boolean (value);
      g_object_notify_by_pspec (object, pspec);
    }
}

static void
hyco_non_strict_test_set_property (GObject *object, guint prop_id, const GValue *value,
                                   GParamSpec *pspec)
{
  HycoNonStrictTestPrivate *priv
    = hyco_non_strict_test_get_instance_private (HYCO_NON_STRICT_TEST (object));

  switch (prop_id)
    {
    case PROP_CORRECT_VALUES:
      if (_hyco_actors_set_literal (&priv->correct_values_literal, value, pspec))
        g_object_notify_by_pspec (object, pspec);
      break;
    case PROP_CORRECT_TAGS:
      if (_hyco_actors_set_literal (&priv->correct_tags_literal, value, pspec))
        g_object_notify_by_pspec (object, pspec);
      break;
    case PROP_TOLERANCE:
      if (priv->tolerance != g_value_get_double (value))
        {
          priv->tolerance = g_value_get_double (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    case PROP_TRAINING_MODE:
      set_boolean (object, &priv->training_mode, value, pspec);
      break;
    case PROP_REQUIRE_ALL_CORRECT_VALUES:
      set_boolean (object, &priv->require_all, value, pspec);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static gboolean
hyco_non_strict_test_preinitialize (HycoActor *actor, GError **error)
{
  HycoNonStrictTestPrivate *priv
    = hyco_non_strict_test_get_instance_private (HYCO_NON_STRICT_TEST (actor));
  g_autoptr (GError) local_error = NULL;
  g_autoptr (GPtrArray) values = NULL;
  g_autoptr (GArray) tags = NULL;

  values = hyco_value_parse_list (priv->correct_values_literal, &local_error);
  if (values == NULL)
    {
      hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_PARAMETER, "parameter correctValues: %s",
                            local_error->message);
      return FALSE;
    }
  if (!hyco_param_parse_tag_list (priv->correct_tags_literal, hyco_actor_get_resolution (actor),
                                  &tags, &local_error))
    {
      hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_PARAMETER, "parameter correctTags: %s",
                            local_error->message);
      return FALSE;
    }
  if (tags->len > 0 && tags->len != values->len)
    {
      hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_PARAMETER,
                            "parameter correctTags: %u tags for %u values in correctValues; "
                            "give one tag per value, or none",
                            tags->len, values->len);
      return FALSE;
    }
  g_clear_pointer (&priv->expected, g_ptr_array_unref);
  g_clear_pointer (&priv->expected_tags, g_array_unref);
  priv->expected = g_steal_pointer (&values);
  priv->expected_tags = g_steal_pointer (&tags);
  return TRUE;
}

static gboolean
hyco_non_strict_test_initialize (HycoActor *actor, GError **error)
{
  HycoNonStrictTestPrivate *priv
    = hyco_non_strict_test_get_instance_private (HYCO_NON_STRICT_TEST (actor));

  priv->count = 0;
  priv->failed = FALSE;
  priv->running = TRUE;
  priv->resolution = hyco_actor_get_resolution (actor);
  priv->uses_correct_values = TRUE;
  g_clear_pointer (&priv->trained, g_ptr_array_unref);
  if (priv->training_mode)
    priv->trained = g_ptr_array_new_with_free_func ((GDestroyNotify) hyco_value_free);
  return TRUE;
}

gboolean
_hyco_non_strict_test_fail (HycoNonStrictTest *self, GError **error, const char *format, ...)
{
  HycoNonStrictTestPrivate *priv = hyco_non_strict_test_get_instance_private (self);
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  priv->failed = TRUE;
  hyco_actor_set_error (HYCO_ACTOR (self), error, HYCO_ACTOR_ERROR_TEST_FAILED, "%s", message);
  return FALSE;
}

gboolean
_hyco_non_strict_test_check (HycoNonStrictTest *self, const HycoTag *now, const HycoValue *value,
                             GError **error)
{
  HycoNonStrictTestPrivate *priv = hyco_non_strict_test_get_instance_private (self);
  const HycoValue *want;
  const HycoTag *want_tag = NULL;
  g_autofree char *tag = NULL;
  g_autofree char *got = NULL;
  g_autofree char *want_text = NULL;

  if (priv->trained != NULL)
    {
      g_ptr_array_add (priv->trained, hyco_value_copy (value));
      return TRUE;
    }
  if (priv->count >= priv->expected->len)
    return TRUE;
  want = priv->expected->pdata[priv->count];
  if (priv->expected_tags->len > 0)
    want_tag = &g_array_index (priv->expected_tags, HycoTag, priv->count);
  /* Ptolemy reads an element of correctValues as an array of one value per channel where it
   * is an array: with one channel, {x} is x, as its training mode records arrays. */
  if ((want_tag == NULL || hyco_tag_equal (want_tag, now))
      && (hyco_value_close (value, want, priv->tolerance)
          || (hyco_value_get_value_type (want) == HYCO_VALUE_TYPE_ARRAY
              && hyco_value_get_array_length (want) == 1
              && hyco_value_close (value, hyco_value_get_array_element (want, 0),
                                   priv->tolerance))))
    {
      priv->count++;
      return TRUE;
    }
  tag = hyco_tag_to_string (now, priv->resolution);
  got = hyco_value_to_literal (value);
  want_text = hyco_value_to_literal (want);
  if (want_tag != NULL && !hyco_tag_equal (want_tag, now))
    {
      g_autofree char *want_tag_text = hyco_tag_to_string (want_tag, priv->resolution);
      return _hyco_non_strict_test_fail (self, error, "value %u: expected %s at %s, received %s at %s",
                                         priv->count + 1, want_text, want_tag_text, got, tag);
    }
  return _hyco_non_strict_test_fail (self, error,
                                     "at %s expected %s, received %s (value %u, tolerance %g)", tag,
                                     want_text, got, priv->count + 1, priv->tolerance);
}

void
_hyco_non_strict_test_set_uses_correct_values (HycoNonStrictTest *self, gboolean uses)
{
  HycoNonStrictTestPrivate *priv = hyco_non_strict_test_get_instance_private (self);

  priv->uses_correct_values = uses;
}

gboolean
_hyco_non_strict_test_is_complete (HycoNonStrictTest *self)
{
  HycoNonStrictTestPrivate *priv = hyco_non_strict_test_get_instance_private (self);

  return priv->expected != NULL && priv->count >= priv->expected->len;
}

int
_hyco_non_strict_test_get_resolution (HycoNonStrictTest *self)
{
  HycoNonStrictTestPrivate *priv = hyco_non_strict_test_get_instance_private (self);

  return priv->resolution;
}

double
_hyco_non_strict_test_get_tolerance (HycoNonStrictTest *self)
{
  HycoNonStrictTestPrivate *priv = hyco_non_strict_test_get_instance_private (self);

  return priv->tolerance;
}

static gboolean
hyco_non_strict_test_postfire (HycoActor *actor, GError **error)
{
  HycoNonStrictTestPrivate *priv
    = hyco_non_strict_test_get_instance_private (HYCO_NON_STRICT_TEST (actor));
  const HycoValue *x;
  HycoTag now;

  x = hyco_port_get_value (priv->input, 0);
  if (x == NULL)
    return TRUE;
  hyco_actor_get_current_tag (actor, &now);
  return _hyco_non_strict_test_check (HYCO_NON_STRICT_TEST (actor), &now, x, error);
}

/* Training mode's result: the values received, as the list literal correctValues takes. */
static char *
trained_literal (GPtrArray *trained)
{
  GString *text = g_string_new ("{");

  for (guint i = 0; i < trained->len; i++)
    {
      g_autofree char *literal = hyco_value_to_literal (trained->pdata[i]);
      g_string_append_printf (text, "%s%s", i ? ", " : "", literal);
    }
  g_string_append_c (text, '}');
  return g_string_free (text, FALSE);
}

static gboolean
hyco_non_strict_test_wrapup (HycoActor *actor, GError **error)
{
  HycoNonStrictTest *self = HYCO_NON_STRICT_TEST (actor);
  HycoNonStrictTestPrivate *priv = hyco_non_strict_test_get_instance_private (self);
  g_autofree char *missing = NULL;
  g_autofree char *tag = NULL;

  if (!priv->running)
    return TRUE;
  priv->running = FALSE;
  if (priv->trained != NULL)
    {
      g_autofree char *literal = trained_literal (priv->trained);
      guint n = priv->trained->len;

      g_clear_pointer (&priv->trained, g_ptr_array_unref);
      g_object_set (actor, "correctValues", literal, NULL);
      g_message ("%s: in training mode, nothing was checked: correctValues is now the %u values "
                 "received; set trainingMode to false to check them",
                 hyco_actor_get_name (actor), n);
      return TRUE;
    }
  if (priv->failed || !priv->uses_correct_values || priv->count >= priv->expected->len)
    return TRUE;
  missing = hyco_value_to_literal (priv->expected->pdata[priv->count]);
  if (priv->expected_tags->len > 0)
    {
      g_autofree char *text = hyco_tag_to_string (
        &g_array_index (priv->expected_tags, HycoTag, priv->count), priv->resolution);
      tag = g_strdup_printf (" (at %s)", text);
    }
  if (!priv->require_all)
    {
      g_message ("%s: expected %u values, received %u; first missing: %s%s "
                 "(accepted: requireAllCorrectValues is false)",
                 hyco_actor_get_name (actor), priv->expected->len, priv->count, missing,
                 tag ? tag : "");
      return TRUE;
    }
  return _hyco_non_strict_test_fail (self, error, "expected %u values, received %u; first missing: %s%s",
                                     priv->expected->len, priv->count, missing, tag ? tag : "");
}

/* It reads its input only in postfire, once the values of the tag are final, so it can sit
 * where an input is still unknown when it is first fired (Ptolemy II's reason for it). */
static gboolean
hyco_non_strict_test_is_strict (HycoActor *actor)
{
  return FALSE;
}

static void
hyco_non_strict_test_class_init (HycoNonStrictTestClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  object_class->constructed = hyco_non_strict_test_constructed;
  object_class->finalize = hyco_non_strict_test_finalize;
  object_class->get_property = hyco_non_strict_test_get_property;
  object_class->set_property = hyco_non_strict_test_set_property;
  actor_class->preinitialize = hyco_non_strict_test_preinitialize;
  actor_class->initialize = hyco_non_strict_test_initialize;
  actor_class->postfire = hyco_non_strict_test_postfire;
  actor_class->wrapup = hyco_non_strict_test_wrapup;
  actor_class->is_strict = hyco_non_strict_test_is_strict;

  hyco_actor_class_set_description (actor_class,
                                    "Fails the run unless the values it receives match the "
                                    "expected ones; absent inputs are not checked");
  hyco_actor_class_add_port (actor_class, "input", HYCO_PORT_INPUT, "The signal checked");

  /**
   * HycoNonStrictTest:correctValues:
   *
   * The values expected on `input`, in order, as a list (`{1, 2.5, true}`, or an expression
   * such as `repeat(3, 0.0)`).
   */
  properties[PROP_CORRECT_VALUES] = hyco_param_spec_literal (
    "correctValues", "The values expected, in order", HYCO_PARAM_KIND_VALUE_LIST, "{}");
  /**
   * HycoNonStrictTest:correctTags:
   *
   * The tags at which the values are expected (`{(0, 1), (0.5, 1)}`), one per value, or an
   * empty list not to check tags.
   */
  properties[PROP_CORRECT_TAGS] = hyco_param_spec_literal (
    "correctTags", "The tags of the expected values, or {}", HYCO_PARAM_KIND_TAG_LIST, "{}");
  /**
   * HycoNonStrictTest:tolerance:
   *
   * The largest difference accepted between numbers.
   */
  properties[PROP_TOLERANCE] = g_param_spec_double (
    "tolerance", NULL, "Largest difference accepted between numbers", 0, G_MAXDOUBLE, 1e-9,
    G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HycoNonStrictTest:trainingMode:
   *
   * Instead of checking, collect the values received into `correctValues` at the end of the
   * run.
   */
  properties[PROP_TRAINING_MODE] = g_param_spec_boolean (
    "trainingMode", NULL, "Collect the values received into correctValues instead of checking",
    FALSE, G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /**
   * HycoNonStrictTest:requireAllCorrectValues:
   *
   * Fail a run that ends before every expected value was received.
   */
  properties[PROP_REQUIRE_ALL_CORRECT_VALUES] = g_param_spec_boolean (
    "requireAllCorrectValues", NULL, "Fail a run that ends before every expected value arrived",
    TRUE, G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hyco_non_strict_test_init (HycoNonStrictTest *self)
{
  HycoNonStrictTestPrivate *priv = hyco_non_strict_test_get_instance_private (self);

  priv->correct_values_literal = g_strdup ("{}");
  priv->correct_tags_literal = g_strdup ("{}");
  priv->tolerance = 1e-9;
  priv->require_all = TRUE;
}

/**
 * hyco_non_strict_test_get_count:
 * @self: a test actor
 *
 * Counts the inputs the NonStrictTest actor checked against its correctValues.
 *
 * Returns: how many values passed the check in the current or last run
 */
guint
hyco_non_strict_test_get_count (HycoNonStrictTest *self)
{
  HycoNonStrictTestPrivate *priv;

  g_return_val_if_fail (HYCO_IS_NON_STRICT_TEST (self), 0);
  priv = hyco_non_strict_test_get_instance_private (self);
  return priv->count;
}
