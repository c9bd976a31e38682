/* hyco-test.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actor-helpers-private.h"
#include "hyco-actors.h"

/**
 * HycoTest:
 *
 * Makes a model check itself, like Ptolemy II's Test actor. With `reference` connected, at
 * every tag where `input` or `reference` has an event both must have one and the values must
 * agree within `tolerance`. Otherwise each event on `input` is compared, in order, with the
 * next of `correctValues` (within `tolerance` for numbers, exactly for other values) and, if
 * `correctTags` is not empty, its tag with the next of `correctTags`. Receiving more events
 * than expected fails at once; receiving fewer fails when the run is wrapped up. Failures are
 * %HYCO_ACTOR_ERROR_TEST_FAILED errors that name the tag and the values.
 */
struct _HycoTest
{
  HycoActor parent_instance;

  char *correct_values_literal;
  char *correct_tags_literal;
  double tolerance;

  GPtrArray *expected;   /* HycoValue* */
  GArray *expected_tags; /* HycoTag, empty when tags are not checked */
  int resolution;
  gboolean reference_mode; /* reference is connected */
  gboolean running;        /* initialized and not yet wrapped up */
  gboolean failed;
  guint count;

  HycoPort *input;
  HycoPort *reference;
};

G_DEFINE_FINAL_TYPE (HycoTest, hyco_test, HYCO_TYPE_ACTOR)
HYCO_REGISTER_DEFINE (test, HYCO_TYPE_TEST, "Test")

enum
{
  PROP_0,
  PROP_CORRECT_VALUES,
  PROP_CORRECT_TAGS,
  PROP_TOLERANCE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static void
hyco_test_constructed (GObject *object)
{
  HycoTest *self = HYCO_TEST (object);

  G_OBJECT_CLASS (hyco_test_parent_class)->constructed (object);
  self->input = hyco_actor_get_port (HYCO_ACTOR (self), "input");
  self->reference = hyco_actor_get_port (HYCO_ACTOR (self), "reference");
}

static void
hyco_test_finalize (GObject *object)
{
  HycoTest *self = HYCO_TEST (object);

  g_free (self->correct_values_literal);
  g_free (self->correct_tags_literal);
  g_clear_pointer (&self->expected, g_ptr_array_unref);
  g_clear_pointer (&self->expected_tags, g_array_unref);
  G_OBJECT_CLASS (hyco_test_parent_class)->finalize (object);
}

static void
hyco_test_get_property (GObject *object, guint prop_id, GValue *value, GParamSpec *pspec)
{
  HycoTest *self = HYCO_TEST (object);

  switch (prop_id)
    {
    case PROP_CORRECT_VALUES:
      g_value_set_string (value, self->correct_values_literal);
      break;
    case PROP_CORRECT_TAGS:
      g_value_set_string (value, self->correct_tags_literal);
      break;
    case PROP_TOLERANCE:
      g_value_set_double (value, self->tolerance);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
hyco_test_set_property (GObject *object, guint prop_id, const GValue *value, GParamSpec *pspec)
{
  HycoTest *self = HYCO_TEST (object);

  switch (prop_id)
    {
    case PROP_CORRECT_VALUES:
      if (_hyco_actors_set_literal (&self->correct_values_literal, value, pspec))
        g_object_notify_by_pspec (object, pspec);
      break;
    case PROP_CORRECT_TAGS:
      if (_hyco_actors_set_literal (&self->correct_tags_literal, value, pspec))
        g_object_notify_by_pspec (object, pspec);
      break;
    case PROP_TOLERANCE:
      if (self->tolerance != g_value_get_double (value))
        {
          self->tolerance = g_value_get_double (value);
          g_object_notify_by_pspec (object, pspec);
        }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static gboolean
hyco_test_preinitialize (HycoActor *actor, GError **error)
{
  HycoTest *self = HYCO_TEST (actor);
  g_autoptr (GError) local_error = NULL;
  g_autoptr (GPtrArray) values = NULL;
  g_autoptr (GArray) tags = NULL;

  values = hyco_value_parse_list (self->correct_values_literal, &local_error);
  if (values == NULL)
    {
      hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_PARAMETER, "parameter correctValues: %s",
                            local_error->message);
      return FALSE;
    }
  if (!hyco_param_parse_tag_list (self->correct_tags_literal, hyco_actor_get_resolution (actor),
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
  g_clear_pointer (&self->expected, g_ptr_array_unref);
  g_clear_pointer (&self->expected_tags, g_array_unref);
  self->expected = g_steal_pointer (&values);
  self->expected_tags = g_steal_pointer (&tags);
  return TRUE;
}

static gboolean
hyco_test_initialize (HycoActor *actor, GError **error)
{
  HycoTest *self = HYCO_TEST (actor);

  self->count = 0;
  self->failed = FALSE;
  self->running = TRUE;
  self->reference_mode = hyco_port_get_width (self->reference) > 0;
  self->resolution = hyco_actor_get_resolution (actor);
  return TRUE;
}

static gboolean fail (HycoTest *self, GError **error, const char *format, ...) G_GNUC_PRINTF (3, 4);

static gboolean
fail (HycoTest *self, GError **error, const char *format, ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  self->failed = TRUE;
  hyco_actor_set_error (HYCO_ACTOR (self), error, HYCO_ACTOR_ERROR_TEST_FAILED, "%s", message);
  return FALSE;
}

static gboolean
check_reference (HycoTest *self, const HycoTag *now, const HycoValue *x, const HycoValue *r,
                 GError **error)
{
  g_autofree char *tag = NULL;
  g_autofree char *got = NULL;
  g_autofree char *want = NULL;

  if (x != NULL && r != NULL && hyco_value_close (x, r, self->tolerance))
    {
      self->count++;
      return TRUE;
    }
  tag = hyco_tag_to_string (now, self->resolution);
  got = x ? hyco_value_to_literal (x) : NULL;
  want = r ? hyco_value_to_literal (r) : NULL;
  if (x == NULL)
    return fail (self, error, "at %s input is absent but reference is %s", tag, want);
  if (r == NULL)
    return fail (self, error, "at %s reference is absent but input is %s", tag, got);
  return fail (self, error, "at %s input is %s but reference is %s (tolerance %g)", tag, got, want,
               self->tolerance);
}

static gboolean
check_expected (HycoTest *self, const HycoTag *now, const HycoValue *x, GError **error)
{
  const HycoValue *want = NULL;
  const HycoTag *want_tag = NULL;
  g_autofree char *tag = NULL;
  g_autofree char *got = NULL;
  g_autofree char *want_text = NULL;
  g_autofree char *want_tag_text = NULL;

  if (self->count < self->expected->len)
    {
      want = self->expected->pdata[self->count];
      if (self->expected_tags->len > 0)
        want_tag = &g_array_index (self->expected_tags, HycoTag, self->count);
      if ((want_tag == NULL || hyco_tag_equal (want_tag, now))
          && hyco_value_close (x, want, self->tolerance))
        {
          self->count++;
          return TRUE;
        }
    }
  tag = hyco_tag_to_string (now, self->resolution);
  got = hyco_value_to_literal (x);
  if (self->count >= self->expected->len)
    return fail (self, error, "received value %s at %s beyond the %u expected", got, tag,
                 self->expected->len);
  want_text = hyco_value_to_literal (want);
  if (want_tag != NULL && !hyco_tag_equal (want_tag, now))
    {
      want_tag_text = hyco_tag_to_string (want_tag, self->resolution);
      return fail (self, error, "value %u: expected %s at %s, received %s at %s", self->count + 1,
                   want_text, want_tag_text, got, tag);
    }
  return fail (self, error, "at %s expected %s, received %s (value %u, tolerance %g)", tag,
               want_text, got, self->count + 1, self->tolerance);
}

static gboolean
hyco_test_postfire (HycoActor *actor, GError **error)
{
  HycoTest *self = HYCO_TEST (actor);
  const HycoValue *x = hyco_port_get_value (self->input, 0);
  const HycoValue *r = hyco_port_get_value (self->reference, 0);
  HycoTag now;

  if (x == NULL && r == NULL)
    return TRUE;
  hyco_actor_get_current_tag (actor, &now);
  if (self->reference_mode)
    return check_reference (self, &now, x, r, error);
  return check_expected (self, &now, x, error);
}

static gboolean
hyco_test_wrapup (HycoActor *actor, GError **error)
{
  HycoTest *self = HYCO_TEST (actor);
  g_autofree char *missing = NULL;
  g_autofree char *tag = NULL;

  if (!self->running)
    return TRUE;
  self->running = FALSE;
  if (self->failed || self->reference_mode || self->count >= self->expected->len)
    return TRUE;
  missing = hyco_value_to_literal (self->expected->pdata[self->count]);
  if (self->expected_tags->len > 0)
    {
      g_autofree char *text = hyco_tag_to_string (
        &g_array_index (self->expected_tags, HycoTag, self->count), self->resolution);
      tag = g_strdup_printf (" (at %s)", text);
    }
  return fail (self, error, "expected %u values, received %u; first missing: %s%s",
               self->expected->len, self->count, missing, tag ? tag : "");
}

static void
hyco_test_class_init (HycoTestClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  object_class->constructed = hyco_test_constructed;
  object_class->finalize = hyco_test_finalize;
  object_class->get_property = hyco_test_get_property;
  object_class->set_property = hyco_test_set_property;
  actor_class->preinitialize = hyco_test_preinitialize;
  actor_class->initialize = hyco_test_initialize;
  actor_class->postfire = hyco_test_postfire;
  actor_class->wrapup = hyco_test_wrapup;

  hyco_actor_class_set_description (actor_class,
                                    "Fails the run unless its input matches the expected values "
                                    "or a reference signal");
  hyco_actor_class_add_port (actor_class, "input", HYCO_PORT_INPUT, "The signal checked");
  hyco_actor_class_add_port (actor_class, "reference", HYCO_PORT_INPUT,
                             "If connected, the signal the input must equal at every tag");

  /**
   * HycoTest:correctValues:
   *
   * The values expected on `input`, in order, as a list literal (`{1, 2.5, true}`); ignored
   * when `reference` is connected.
   */
  properties[PROP_CORRECT_VALUES] = hyco_param_spec_literal (
    "correctValues", "The values expected, in order", HYCO_PARAM_KIND_VALUE_LIST, "{}");
  /**
   * HycoTest:correctTags:
   *
   * The tags at which the values are expected (`{(0, 1), (0.5, 1)}`), one per value, or an
   * empty list not to check tags.
   */
  properties[PROP_CORRECT_TAGS] = hyco_param_spec_literal (
    "correctTags", "The tags of the expected values, or {}", HYCO_PARAM_KIND_TAG_LIST, "{}");
  /**
   * HycoTest:tolerance:
   *
   * The largest difference accepted between numbers.
   */
  properties[PROP_TOLERANCE] = g_param_spec_double (
    "tolerance", NULL, "Largest difference accepted between numbers", 0, G_MAXDOUBLE, 1e-9,
    G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
hyco_test_init (HycoTest *self)
{
  self->correct_values_literal = g_strdup ("{}");
  self->correct_tags_literal = g_strdup ("{}");
  self->tolerance = 1e-9;
}

/**
 * hyco_test_get_count:
 * @self: a test actor
 *
 * Returns: how many events passed the check in the current or last run
 */
guint
hyco_test_get_count (HycoTest *self)
{
  g_return_val_if_fail (HYCO_IS_TEST (self), 0);
  return self->count;
}
