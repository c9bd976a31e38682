/* test-support.c
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "test-support.h"

#include <glib/gstdio.h>
#include <string.h>

HycoTag
test_tag (const char *time, guint64 microstep)
{
  HycoTag tag = { 0, microstep };
  g_autoptr (GError) error = NULL;

  g_assert_true (hyco_time_parse (time, HYCO_DEFAULT_RESOLUTION, &tag.time, &error));
  g_assert_no_error (error);
  return tag;
}

/* Emitter ------------------------------------------------------------------------------- */

struct _TestEmitter
{
  HycoActor parent_instance;
  GArray *tags;
  gint64 count;
};

G_DEFINE_FINAL_TYPE (TestEmitter, test_emitter, HYCO_TYPE_ACTOR)

static gboolean
emitter_initialize (HycoActor *actor, GError **error)
{
  TestEmitter *self = TEST_EMITTER (actor);

  self->count = 0;
  for (guint i = 0; i < self->tags->len; i++)
    if (!hyco_actor_fire_at_tag (actor, &g_array_index (self->tags, HycoTag, i), NULL, error))
      return FALSE;
  return TRUE;
}

static gboolean
emitter_fire (HycoActor *actor, GError **error)
{
  if (hyco_actor_has_pure_event (actor))
    hyco_port_send_int (hyco_actor_get_port (actor, "output"), 0, TEST_EMITTER (actor)->count);
  return TRUE;
}

static gboolean
emitter_postfire (HycoActor *actor, GError **error)
{
  if (hyco_actor_has_pure_event (actor))
    TEST_EMITTER (actor)->count++;
  return TRUE;
}

static void
emitter_finalize (GObject *object)
{
  g_array_unref (TEST_EMITTER (object)->tags);
  G_OBJECT_CLASS (test_emitter_parent_class)->finalize (object);
}

static void
test_emitter_class_init (TestEmitterClass *klass)
{
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = emitter_finalize;
  actor_class->initialize = emitter_initialize;
  actor_class->fire = emitter_fire;
  actor_class->postfire = emitter_postfire;
  hyco_actor_class_add_port (actor_class, "output", HYCO_PORT_OUTPUT, "firing count");
}

static void
test_emitter_init (TestEmitter *self)
{
  self->tags = g_array_new (FALSE, FALSE, sizeof (HycoTag));
}

HycoActor *
test_emitter_new (const char *name, const HycoTag *tags, guint n_tags)
{
  TestEmitter *self = g_object_new (TEST_TYPE_EMITTER, "name", name, NULL);
  g_array_append_vals (self->tags, tags, n_tags);
  return HYCO_ACTOR (self);
}

/* Log ----------------------------------------------------------------------------------- */

typedef struct
{
  HycoTag tag;
  guint channel;
  gint64 value;
} Entry;

struct _TestLog
{
  HycoActor parent_instance;
  GArray *entries;
  guint fires, postfires, wrapups;
};

G_DEFINE_FINAL_TYPE (TestLog, test_log, HYCO_TYPE_ACTOR)

static gboolean
log_initialize (HycoActor *actor, GError **error)
{
  TestLog *self = TEST_LOG (actor);

  g_array_set_size (self->entries, 0);
  self->fires = self->postfires = self->wrapups = 0;
  return TRUE;
}

static gboolean
log_fire (HycoActor *actor, GError **error)
{
  TEST_LOG (actor)->fires++;
  return TRUE;
}

static gboolean
log_postfire (HycoActor *actor, GError **error)
{
  TestLog *self = TEST_LOG (actor);
  HycoPort *input = hyco_actor_get_port (actor, "input");

  self->postfires++;
  for (guint c = 0; c < hyco_port_get_width (input); c++)
    if (hyco_port_is_present (input, c))
      {
        Entry entry = { { 0, 0 }, c, hyco_port_get_int (input, c) };
        hyco_actor_get_current_tag (actor, &entry.tag);
        g_array_append_val (self->entries, entry);
      }
  return TRUE;
}

static gboolean
log_wrapup (HycoActor *actor, GError **error)
{
  TEST_LOG (actor)->wrapups++;
  return TRUE;
}

static void
log_finalize (GObject *object)
{
  g_array_unref (TEST_LOG (object)->entries);
  G_OBJECT_CLASS (test_log_parent_class)->finalize (object);
}

static void
test_log_class_init (TestLogClass *klass)
{
  HycoActorClass *actor_class = HYCO_ACTOR_CLASS (klass);

  G_OBJECT_CLASS (klass)->finalize = log_finalize;
  actor_class->initialize = log_initialize;
  actor_class->fire = log_fire;
  actor_class->postfire = log_postfire;
  actor_class->wrapup = log_wrapup;
  hyco_actor_class_add_port (actor_class, "input", HYCO_PORT_INPUT | HYCO_PORT_MULTIPORT, NULL);
}

static void
test_log_init (TestLog *self)
{
  self->entries = g_array_new (FALSE, FALSE, sizeof (Entry));
}

HycoActor *
test_log_new (const char *name)
{
  return g_object_new (TEST_TYPE_LOG, "name", name, NULL);
}

guint
test_log_count (TestLog *self)
{
  return self->entries->len;
}

HycoTag
test_log_tag (TestLog *self, guint i)
{
  g_assert_cmpuint (i, <, self->entries->len);
  return g_array_index (self->entries, Entry, i).tag;
}

guint
test_log_channel (TestLog *self, guint i)
{
  g_assert_cmpuint (i, <, self->entries->len);
  return g_array_index (self->entries, Entry, i).channel;
}

gint64
test_log_value (TestLog *self, guint i)
{
  g_assert_cmpuint (i, <, self->entries->len);
  return g_array_index (self->entries, Entry, i).value;
}

guint
test_log_fires (TestLog *self)
{
  return self->fires;
}

guint
test_log_postfires (TestLog *self)
{
  return self->postfires;
}

guint
test_log_wrapups (TestLog *self)
{
  return self->wrapups;
}

char *
test_log_dump (TestLog *self)
{
  GString *out = g_string_new (NULL);

  for (guint i = 0; i < self->entries->len; i++)
    {
      Entry *e = &g_array_index (self->entries, Entry, i);
      g_autofree char *tag = hyco_tag_to_string (&e->tag, HYCO_DEFAULT_RESOLUTION);
      g_string_append_printf (out, "%s ch%u=%" G_GINT64_FORMAT "\n", tag, e->channel, e->value);
    }
  return g_string_free (out, FALSE);
}

/* Pass ---------------------------------------------------------------------------------- */

struct _TestPass
{
  HycoActor parent_instance;
};

G_DEFINE_FINAL_TYPE (TestPass, test_pass, HYCO_TYPE_ACTOR)

static gboolean
pass_fire (HycoActor *actor, GError **error)
{
  HycoPort *input = hyco_actor_get_port (actor, "input");

  if (hyco_port_is_present (input, 0))
    hyco_port_send_int (hyco_actor_get_port (actor, "output"), 0, hyco_port_get_int (input, 0) + 1);
  return TRUE;
}

static void
test_pass_class_init (TestPassClass *klass)
{
  HYCO_ACTOR_CLASS (klass)->fire = pass_fire;
  hyco_actor_class_add_port (HYCO_ACTOR_CLASS (klass), "input", HYCO_PORT_INPUT, NULL);
  hyco_actor_class_add_port (HYCO_ACTOR_CLASS (klass), "output", HYCO_PORT_OUTPUT, NULL);
}

static void
test_pass_init (TestPass *self)
{
}

HycoActor *
test_pass_new (const char *name)
{
  return g_object_new (TEST_TYPE_PASS, "name", name, NULL);
}

/* LazyPass ------------------------------------------------------------------------------ */

struct _TestLazyPass
{
  HycoActor parent_instance;
};

G_DEFINE_FINAL_TYPE (TestLazyPass, test_lazy_pass, HYCO_TYPE_ACTOR)

static gboolean
lazy_pass_is_strict (HycoActor *actor)
{
  return FALSE;
}

static void
test_lazy_pass_class_init (TestLazyPassClass *klass)
{
  HYCO_ACTOR_CLASS (klass)->fire = pass_fire;
  HYCO_ACTOR_CLASS (klass)->is_strict = lazy_pass_is_strict;
  hyco_actor_class_add_port (HYCO_ACTOR_CLASS (klass), "input", HYCO_PORT_INPUT, NULL);
  hyco_actor_class_add_port (HYCO_ACTOR_CLASS (klass), "output", HYCO_PORT_OUTPUT, NULL);
}

static void
test_lazy_pass_init (TestLazyPass *self)
{
}

HycoActor *
test_lazy_pass_new (const char *name)
{
  return g_object_new (TEST_TYPE_LAZY_PASS, "name", name, NULL);
}

/* Either -------------------------------------------------------------------------------- */

struct _TestEither
{
  HycoActor parent_instance;
};

G_DEFINE_FINAL_TYPE (TestEither, test_either, HYCO_TYPE_ACTOR)

static gboolean
either_fire (HycoActor *actor, GError **error)
{
  HycoPort *preferred = hyco_actor_get_port (actor, "preferred");
  HycoPort *alternate = hyco_actor_get_port (actor, "alternate");
  HycoPort *output = hyco_actor_get_port (actor, "output");

  if (hyco_port_is_present (preferred, 0))
    hyco_port_send (output, 0, hyco_port_get_value (preferred, 0));
  else if (hyco_port_is_known (preferred, 0) && hyco_port_is_present (alternate, 0))
    hyco_port_send (output, 0, hyco_port_get_value (alternate, 0));
  return TRUE;
}

static void
test_either_class_init (TestEitherClass *klass)
{
  HYCO_ACTOR_CLASS (klass)->fire = either_fire;
  HYCO_ACTOR_CLASS (klass)->is_strict = lazy_pass_is_strict;
  hyco_actor_class_add_port (HYCO_ACTOR_CLASS (klass), "preferred", HYCO_PORT_INPUT, NULL);
  hyco_actor_class_add_port (HYCO_ACTOR_CLASS (klass), "alternate", HYCO_PORT_INPUT, NULL);
  hyco_actor_class_add_port (HYCO_ACTOR_CLASS (klass), "output", HYCO_PORT_OUTPUT, NULL);
}

static void
test_either_init (TestEither *self)
{
}

HycoActor *
test_either_new (const char *name)
{
  return g_object_new (TEST_TYPE_EITHER, "name", name, NULL);
}

/* Fickle -------------------------------------------------------------------------------- */

struct _TestFickle
{
  HycoActor parent_instance;
};

G_DEFINE_FINAL_TYPE (TestFickle, test_fickle, HYCO_TYPE_ACTOR)

static gboolean
fickle_fire (HycoActor *actor, GError **error)
{
  hyco_port_send_int (hyco_actor_get_port (actor, "output"), 0, 1);
  hyco_port_send_int (hyco_actor_get_port (actor, "output"), 0, 2);
  return TRUE;
}

static void
test_fickle_class_init (TestFickleClass *klass)
{
  HYCO_ACTOR_CLASS (klass)->fire = fickle_fire;
  hyco_actor_class_add_port (HYCO_ACTOR_CLASS (klass), "output", HYCO_PORT_OUTPUT, NULL);
}

static void
test_fickle_init (TestFickle *self)
{
}

HycoActor *
test_fickle_new (const char *name)
{
  return g_object_new (TEST_TYPE_FICKLE, "name", name, NULL);
}

/* Seven --------------------------------------------------------------------------------- */

struct _TestSeven
{
  HycoActor parent_instance;
};

G_DEFINE_FINAL_TYPE (TestSeven, test_seven, HYCO_TYPE_ACTOR)

static gboolean
seven_fire (HycoActor *actor, GError **error)
{
  hyco_port_send_int (hyco_actor_get_port (actor, "output"), 0, 7);
  return TRUE;
}

static void
test_seven_class_init (TestSevenClass *klass)
{
  HYCO_ACTOR_CLASS (klass)->fire = seven_fire;
  hyco_actor_class_add_port (HYCO_ACTOR_CLASS (klass), "output", HYCO_PORT_OUTPUT, NULL);
}

static void
test_seven_init (TestSeven *self)
{
}

HycoActor *
test_seven_new (const char *name)
{
  return g_object_new (TEST_TYPE_SEVEN, "name", name, NULL);
}

/* Staller ------------------------------------------------------------------------------- */

struct _TestStaller
{
  HycoActor parent_instance;
};

G_DEFINE_FINAL_TYPE (TestStaller, test_staller, HYCO_TYPE_ACTOR)

static gboolean
staller_initialize (HycoActor *actor, GError **error)
{
  return hyco_actor_fire_at (actor, 0, NULL, error);
}

static gboolean
staller_postfire (HycoActor *actor, GError **error)
{
  return hyco_actor_fire_at (actor, hyco_actor_get_current_time (actor), NULL, error);
}

static void
test_staller_class_init (TestStallerClass *klass)
{
  HYCO_ACTOR_CLASS (klass)->initialize = staller_initialize;
  HYCO_ACTOR_CLASS (klass)->postfire = staller_postfire;
}

static void
test_staller_init (TestStaller *self)
{
}

HycoActor *
test_staller_new (const char *name)
{
  return g_object_new (TEST_TYPE_STALLER, "name", name, NULL);
}

/* Failer -------------------------------------------------------------------------------- */

struct _TestFailer
{
  HycoActor parent_instance;
};

G_DEFINE_FINAL_TYPE (TestFailer, test_failer, HYCO_TYPE_ACTOR)

static gboolean
failer_initialize (HycoActor *actor, GError **error)
{
  return hyco_actor_fire_at (actor, 0, NULL, error);
}

static gboolean
failer_fire (HycoActor *actor, GError **error)
{
  hyco_actor_set_error (actor, error, HYCO_ACTOR_ERROR_FAILED, "deliberate failure");
  return FALSE;
}

static void
test_failer_class_init (TestFailerClass *klass)
{
  HYCO_ACTOR_CLASS (klass)->initialize = failer_initialize;
  HYCO_ACTOR_CLASS (klass)->fire = failer_fire;
}

static void
test_failer_init (TestFailer *self)
{
}

HycoActor *
test_failer_new (const char *name)
{
  return g_object_new (TEST_TYPE_FAILER, "name", name, NULL);
}

/* Model building ------------------------------------------------------------------------- */

HycoCompositeActor *
test_top_new (const char *stop_time)
{
  HycoCompositeActor *top = hyco_composite_actor_new ("top");
  g_autoptr (HycoDirector) director = hyco_de_director_new ();
  g_autoptr (GError) error = NULL;

  if (stop_time)
    {
      hyco_param_set_from_string (G_OBJECT (director), "stopTime", stop_time, &error);
      g_assert_no_error (error);
    }
  hyco_composite_actor_set_director (top, director);
  return top;
}

HycoCompositeActor *
test_sr_top_new (const char *period, const char *stop_time)
{
  HycoCompositeActor *top = hyco_composite_actor_new ("top");
  g_autoptr (HycoDirector) director = hyco_sr_director_new ();
  g_autoptr (GError) error = NULL;

  hyco_param_set_from_string (G_OBJECT (director), "period", period, &error);
  g_assert_no_error (error);
  hyco_param_set_from_string (G_OBJECT (director), "stopTime", stop_time, &error);
  g_assert_no_error (error);
  hyco_composite_actor_set_director (top, director);
  return top;
}

HycoCompositeActor *
test_sr_composite_new (HycoCompositeActor *container, const char *name, const char *period)
{
  HycoCompositeActor *composite = hyco_composite_actor_new (name);
  g_autoptr (HycoDirector) director = hyco_sr_director_new ();
  g_autoptr (GError) error = NULL;

  hyco_param_set_from_string (G_OBJECT (director), "period", period, &error);
  g_assert_no_error (error);
  hyco_composite_actor_set_director (composite, director);
  test_add (container, HYCO_ACTOR (composite));
  return composite;
}

HycoPort *
test_port (HycoActor *actor, const char *name, HycoPortFlags flags)
{
  g_autoptr (GError) error = NULL;
  HycoPort *port = hyco_actor_add_port (actor, name, flags, &error);

  g_assert_no_error (error);
  return port;
}

HycoCompositeActor *
test_composite_new (HycoCompositeActor *container, const char *name, gboolean opaque)
{
  HycoCompositeActor *composite = hyco_composite_actor_new (name);

  if (opaque)
    {
      g_autoptr (HycoDirector) director = hyco_de_director_new ();
      hyco_composite_actor_set_director (composite, director);
    }
  test_add (container, HYCO_ACTOR (composite));
  return composite;
}

void
test_add (HycoCompositeActor *container, HycoActor *actor)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (hyco_composite_actor_add_actor (container, actor, &error));
  g_assert_no_error (error);
  g_object_unref (actor);
}

void
test_connect (HycoCompositeActor *container, HycoActor *from, const char *out, HycoActor *to,
              const char *in)
{
  g_autoptr (GError) error = NULL;
  HycoPort *source = hyco_actor_get_port (from, out);
  HycoPort *destination = hyco_actor_get_port (to, in);

  g_assert_nonnull (source);
  g_assert_nonnull (destination);
  g_assert_true (hyco_composite_actor_connect_ports (container, source, destination, &error));
  g_assert_no_error (error);
}

HycoActor *
test_add_new (HycoCompositeActor *container, const char *class_name, const char *name)
{
  HycoActor *actor = g_object_new (hyco_registry_lookup (class_name), "name", name, NULL);

  g_assert_nonnull (actor);
  test_add (container, actor);
  return actor;
}

void
test_set (gpointer object, const char *name, const char *value)
{
  g_autoptr (GError) error = NULL;

  hyco_param_set_from_string (G_OBJECT (object), name, value, &error);
  g_assert_no_error (error);
}

HycoCompositeActor *
test_continuous_top_new (const char *stop_time)
{
  HycoCompositeActor *top = hyco_composite_actor_new ("top");
  g_autoptr (HycoDirector) director = hyco_continuous_director_new ();

  test_set (director, "stopTime", stop_time);
  hyco_composite_actor_set_director (top, director);
  return top;
}

/* Runs @top to its end; the model returned holds it. */
HycoModel *
test_run_ok (HycoCompositeActor *top)
{
  g_autoptr (GError) error = NULL;
  HycoModel *model = hyco_model_new (top);

  hyco_model_run (model, NULL, &error);
  g_assert_no_error (error);
  return model;
}

/* Programmer errors are reported with g_return_if_fail() criticals. They are caught in-process
 * (not with g_test_trap_subprocess(), whose helper thread valgrind reports as a leak), and
 * without naming a log domain, which depends on how the library was built. */
static void
count_critical (const char *log_domain, GLogLevelFlags level, const char *message,
                gpointer user_data)
{
  guint *n_criticals = user_data;

  if (level & G_LOG_LEVEL_CRITICAL)
    (*n_criticals)++;
  else
    g_log_default_handler (log_domain, level, message, NULL);
}

static gboolean
critical_is_not_fatal (const char *log_domain, GLogLevelFlags level, const char *message,
                       gpointer user_data)
{
  return (level & G_LOG_LEVEL_CRITICAL) == 0;
}

void
test_catch_criticals (guint *n_criticals)
{
  *n_criticals = 0;
  g_log_set_default_handler (count_critical, n_criticals);
  g_test_log_set_fatal_handler (critical_is_not_fatal, NULL);
}

void
test_release_criticals (void)
{
  g_log_set_default_handler (g_log_default_handler, NULL);
  g_test_log_set_fatal_handler (NULL, NULL);
}

HycoModel *
test_load_inline (const char *xml)
{
  g_autoptr (GError) error = NULL;
  HycoModel *model = hyco_model_new_from_data (xml, -1, "inline.xml", &error);

  g_assert_no_error (error);
  g_assert_nonnull (model);
  return model;
}

void
test_assert_contains (const char *text, const char *part)
{
  if (strstr (text, part) == NULL)
    g_assert_cmpstr (text, ==, part); /* fails, showing both */
}

static char *private_tmp;
static char *saved_tmp; /* TMPDIR before, given back at the end: a later test makes its own */

const char *
test_private_tmp_begin (const char *prefix)
{
  const char *tmp = g_getenv ("TMPDIR");
  g_autofree char *name = g_strdup_printf ("%s-XXXXXX", prefix);
  g_autofree char *template = g_build_filename (tmp && *tmp ? tmp : "/tmp", name, NULL);

  /* Before anything asks GLib for the temporary directory: it is read once. */
  private_tmp = g_mkdtemp (g_steal_pointer (&template));
  g_assert_nonnull (private_tmp);
  g_free (saved_tmp);
  saved_tmp = g_strdup (tmp);
  g_setenv ("TMPDIR", private_tmp, TRUE);
  return private_tmp;
}

guint
test_private_tmp_count (void)
{
  g_autoptr (GDir) dir = g_dir_open (private_tmp, 0, NULL);
  guint count = 0;

  g_assert_nonnull (dir);
  while (g_dir_read_name (dir))
    count++;
  return count;
}

void
test_private_tmp_end (void)
{
  g_rmdir (private_tmp);
  g_clear_pointer (&private_tmp, g_free);
  if (saved_tmp != NULL)
    g_setenv ("TMPDIR", saved_tmp, TRUE);
  else
    g_unsetenv ("TMPDIR");
  g_clear_pointer (&saved_tmp, g_free);
}
