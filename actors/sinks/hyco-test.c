/* hyco-test.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actor-helpers-private.h"
#include "hyco-actors.h"
#include "hyco-non-strict-test-private.h"

/**
 * HycoTest:
 *
 * Makes a model check itself, like Ptolemy II's Test: a #HycoNonStrictTest whose input is a
 * multiport. With one channel, each value is compared with the next of `correctValues`; with
 * several, each element of `correctValues` is an array with one value per channel
 * (`{{1, 2}, {3, 4}}`), and at a tag where some channel has a value every channel must have
 * one. `output` is false until every expected value has been received, then true (it can
 * stop a run with Ptolemy's Stop actor).
 *
 * With `reference` connected (Hyco's addition), `input` is compared instead with the value
 * `reference` has at the same tag: at every tag where either has an event both must have one,
 * and the values must agree within `tolerance`.
 */
struct _HycoTest
{
  HycoNonStrictTest parent_instance;

  gboolean reference_mode; /* reference is connected */
  gboolean output_linked;
  guint reference_count;

  HycoPort *input;
  HycoPort *reference;
  HycoPort *output;
};

G_DEFINE_FINAL_TYPE (HycoTest, hyco_test, HYCO_TYPE_NON_STRICT_TEST)
HYCO_REGISTER_DEFINE (test, HYCO_TYPE_TEST, "Test")

static void
hyco_test_constructed (GObject *object)
{
  HycoTest *self = HYCO_TEST (object);

  G_OBJECT_CLASS (hyco_test_parent_class)->constructed (object);
  self->input = hyco_actor_get_port (HYCO_ACTOR (self), "input");
  self->reference = hyco_actor_get_port (HYCO_ACTOR (self), "reference");
  self->output = hyco_actor_get_port (HYCO_ACTOR (self), "output");
}

static gboolean
hyco_test_initialize (HycoActor *actor, GError **error)
{
  HycoTest *self = HYCO_TEST (actor);

  if (!HYCO_ACTOR_CLASS (hyco_test_parent_class)->initialize (actor, error))
    return FALSE;
  self->reference_mode = hyco_port_get_width (self->reference) > 0;
  self->reference_count = 0;
  {
    g_autoptr (GPtrArray) relations = hyco_port_get_linked_relations (self->output);
    self->output_linked = relations->len > 0;
  }
  /* In reference mode correctValues is not used, so none of it can be missing. */
  _hyco_non_strict_test_set_uses_correct_values (HYCO_NON_STRICT_TEST (self),
                                                 !self->reference_mode);
  return TRUE;
}

/* The output says whether the test is complete before this tag's values are checked, as
 * Ptolemy's does: it depends on no input at the same tag. Unlinked, it sends nothing, so that
 * traces show only what the model uses. */
static gboolean
hyco_test_fire (HycoActor *actor, GError **error)
{
  HycoTest *self = HYCO_TEST (actor);

  if (self->output_linked)
    hyco_port_send_boolean (self->output, 0,
                            _hyco_non_strict_test_is_complete (HYCO_NON_STRICT_TEST (self)));
  return TRUE;
}

static gboolean
hyco_test_output_depends_on (HycoActor *actor, HycoPort *output, HycoPort *input)
{
  return FALSE;
}

static gboolean
check_reference (HycoTest *self, const HycoTag *now, const HycoValue *x, const HycoValue *r,
                 GError **error)
{
  HycoNonStrictTest *base = HYCO_NON_STRICT_TEST (self);
  double tolerance = _hyco_non_strict_test_get_tolerance (base);
  g_autofree char *tag = NULL;
  g_autofree char *got = NULL;
  g_autofree char *want = NULL;

  if (x != NULL && r != NULL && hyco_value_close (x, r, tolerance))
    {
      self->reference_count++;
      return TRUE;
    }
  tag = hyco_tag_to_string (now, _hyco_non_strict_test_get_resolution (base));
  got = x ? hyco_value_to_literal (x) : NULL;
  want = r ? hyco_value_to_literal (r) : NULL;
  if (x == NULL)
    return _hyco_non_strict_test_fail (base, error, "at %s input is absent but reference is %s",
                                       tag, want);
  if (r == NULL)
    return _hyco_non_strict_test_fail (base, error, "at %s reference is absent but input is %s",
                                       tag, got);
  return _hyco_non_strict_test_fail (base, error,
                                     "at %s input is %s but reference is %s (tolerance %g)", tag,
                                     got, want, tolerance);
}

/* Several channels are checked as one array of their values, against an element of
 * correctValues that is an array of one value per channel. */
static gboolean
check_channels (HycoTest *self, const HycoTag *now, guint width, GError **error)
{
  HycoNonStrictTest *base = HYCO_NON_STRICT_TEST (self);
  g_autofree HycoValue *values = g_new0 (HycoValue, width);
  g_auto (HycoValue) received = HYCO_VALUE_INIT;
  gboolean ok;

  for (guint i = 0; i < width; i++)
    {
      const HycoValue *x = hyco_port_get_value (self->input, i);

      if (x == NULL)
        {
          g_autofree char *tag
            = hyco_tag_to_string (now, _hyco_non_strict_test_get_resolution (base));
          for (guint j = 0; j < i; j++)
            hyco_value_clear (&values[j]);
          return _hyco_non_strict_test_fail (base, error,
                                             "at %s channel %u of the input is absent while "
                                             "another has a value",
                                             tag, i);
        }
      hyco_value_assign (&values[i], x);
    }
  hyco_value_set_array (&received, values, width);
  ok = _hyco_non_strict_test_check (base, now, &received, error);
  for (guint i = 0; i < width; i++)
    hyco_value_clear (&values[i]);
  return ok;
}

static gboolean
hyco_test_postfire (HycoActor *actor, GError **error)
{
  HycoTest *self = HYCO_TEST (actor);
  guint width = hyco_port_get_width (self->input);
  gboolean any = FALSE;
  HycoTag now;

  hyco_actor_get_current_tag (actor, &now);
  if (self->reference_mode)
    {
      const HycoValue *x = hyco_port_get_value (self->input, 0);
      const HycoValue *r = hyco_port_get_value (self->reference, 0);

      return (x == NULL && r == NULL) || check_reference (self, &now, x, r, error);
    }
  for (guint i = 0; i < width && !any; i++)
    any = hyco_port_get_value (self->input, i) != NULL;
  /* A firing without any input checks nothing: the director fired it for another reason. */
  if (!any)
    return TRUE;
  if (width == 1)
    return _hyco_non_strict_test_check (HYCO_NON_STRICT_TEST (self), &now,
                                        hyco_port_get_value (self->input, 0), error);
  return check_channels (self, &now, width, error);
}

/* Test's own checking is strict, as Ptolemy's is: every channel is known when it fires. */
static gboolean
hyco_test_is_strict (HycoActor *actor)
{
  return TRUE;
}

static void
hyco_test_class_init (HycoTestClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  object_class->constructed = hyco_test_constructed;
  actor_class->initialize = hyco_test_initialize;
  actor_class->fire = hyco_test_fire;
  actor_class->postfire = hyco_test_postfire;
  actor_class->is_strict = hyco_test_is_strict;
  actor_class->output_depends_on = hyco_test_output_depends_on;

  hyco_actor_class_set_description (actor_class,
                                    "Fails the run unless its input matches the expected values "
                                    "or a reference signal");
  hyco_actor_class_add_port (actor_class, "input", HYCO_PORT_INPUT | HYCO_PORT_MULTIPORT,
                             "The signal checked, one or more channels");
  hyco_actor_class_add_port (actor_class, "reference", HYCO_PORT_INPUT,
                             "If connected, the signal the input must equal at every tag");
  hyco_actor_class_add_port (actor_class, "output", HYCO_PORT_OUTPUT,
                             "False until every expected value has been received, then true");
}

static void
hyco_test_init (HycoTest *self)
{
}

/**
 * hyco_test_get_count:
 * @self: a test actor
 *
 * Counts the inputs the Test actor checked, for a test that wants to know that it checked
 * something.
 *
 * Returns: how many events passed the check in the current or last run, against
 *   `correctValues` or, when `reference` is connected, against the reference
 */
guint
hyco_test_get_count (HycoTest *self)
{
  g_return_val_if_fail (HYCO_IS_TEST (self), 0);
  if (self->reference_mode)
    return self->reference_count;
  return hyco_non_strict_test_get_count (HYCO_NON_STRICT_TEST (self));
}
