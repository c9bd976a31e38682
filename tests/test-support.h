/* test-support.h: small actors that the kernel and director tests observe the contract with.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "hyco.h"

G_BEGIN_DECLS

/* Emits its firing count (0, 1, ...) at each tag of its schedule, requested with fire_at. */
#define TEST_TYPE_EMITTER (test_emitter_get_type ())
G_DECLARE_FINAL_TYPE (TestEmitter, test_emitter, TEST, EMITTER, HycoActor)
HycoActor *test_emitter_new (const char *name, const HycoTag *tags, guint n_tags);

/* Records what it sees in postfire, and counts fire/postfire/wrapup calls. */
#define TEST_TYPE_LOG (test_log_get_type ())
G_DECLARE_FINAL_TYPE (TestLog, test_log, TEST, LOG, HycoActor)
HycoActor *test_log_new (const char *name);
guint test_log_count (TestLog *self);
HycoTag test_log_tag (TestLog *self, guint i);
guint test_log_channel (TestLog *self, guint i);
gint64 test_log_value (TestLog *self, guint i);
guint test_log_fires (TestLog *self);
guint test_log_postfires (TestLog *self);
guint test_log_wrapups (TestLog *self);
char *test_log_dump (TestLog *self);

/* Strict pass-through that adds 1 to an integer input. */
#define TEST_TYPE_PASS (test_pass_get_type ())
G_DECLARE_FINAL_TYPE (TestPass, test_pass, TEST, PASS, HycoActor)
HycoActor *test_pass_new (const char *name);

/* Non-strict pass-through that adds 1: like TestPass, but may be fired with its input unknown
 * and then produces nothing, so a cycle through it is accepted and must settle at run time. */
#define TEST_TYPE_LAZY_PASS (test_lazy_pass_get_type ())
G_DECLARE_FINAL_TYPE (TestLazyPass, test_lazy_pass, TEST, LAZY_PASS, HycoActor)
HycoActor *test_lazy_pass_new (const char *name);

/* Non-strict choice: `preferred` when present (whatever `alternate` is), else `alternate` once
 * known. Output depends on both inputs. */
#define TEST_TYPE_EITHER (test_either_get_type ())
G_DECLARE_FINAL_TYPE (TestEither, test_either, TEST, EITHER, HycoActor)
HycoActor *test_either_new (const char *name);

/* A buggy actor: sends 1 and then 2 on its output in the same fire. */
#define TEST_TYPE_FICKLE (test_fickle_get_type ())
G_DECLARE_FINAL_TYPE (TestFickle, test_fickle, TEST, FICKLE, HycoActor)
HycoActor *test_fickle_new (const char *name);

/* Sends a constant 7 at every firing; strict, no inputs. */
#define TEST_TYPE_SEVEN (test_seven_get_type ())
G_DECLARE_FINAL_TYPE (TestSeven, test_seven, TEST, SEVEN, HycoActor)
HycoActor *test_seven_new (const char *name);

/* Asks to be fired again at the same time in every postfire: chattering Zeno. */
#define TEST_TYPE_STALLER (test_staller_get_type ())
G_DECLARE_FINAL_TYPE (TestStaller, test_staller, TEST, STALLER, HycoActor)
HycoActor *test_staller_new (const char *name);

/* Fails in fire at its first firing. */
#define TEST_TYPE_FAILER (test_failer_get_type ())
G_DECLARE_FINAL_TYPE (TestFailer, test_failer, TEST, FAILER, HycoActor)
HycoActor *test_failer_new (const char *name);

HycoCompositeActor *test_top_new (const char *stop_time);
HycoCompositeActor *test_sr_top_new (const char *period, const char *stop_time);
HycoCompositeActor *test_sr_composite_new (HycoCompositeActor *container, const char *name,
                                           const char *period);
HycoPort *test_port (HycoActor *actor, const char *name, HycoPortFlags flags);
HycoActor *test_add_new (HycoCompositeActor *container, const char *class_name, const char *name);
void test_set (gpointer object, const char *name, const char *value);
HycoCompositeActor *test_continuous_top_new (const char *stop_time);
HycoModel *test_run_ok (HycoCompositeActor *top);
void test_catch_criticals (guint *n_criticals);
void test_release_criticals (void);
HycoCompositeActor *test_composite_new (HycoCompositeActor *container, const char *name,
                                        gboolean opaque);
void test_add (HycoCompositeActor *container, HycoActor *actor);
void test_connect (HycoCompositeActor *container, HycoActor *from, const char *out, HycoActor *to,
                   const char *in);
HycoTag test_tag (const char *time, guint64 microstep);

/* Loads a model from XML text (named inline.xml in errors); fails the test if it does not. */
HycoModel *test_load_inline (const char *xml);
/* Fails, showing both, unless @part is in @text. */
void test_assert_contains (const char *text, const char *part);

/* A private TMPDIR for the test program, set up before g_test_init() (GLib reads it once):
 * what FMUs unpack lands there, so a test can check that nothing is left. */
const char *test_private_tmp_begin (const char *prefix);
guint test_private_tmp_count (void);
void test_private_tmp_end (void);

G_END_DECLS
