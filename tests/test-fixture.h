/* test-fixture.h: a top-level composite with a director, built and run by the actor tests.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include "hyco.h"

G_BEGIN_DECLS

typedef struct
{
  HycoCompositeActor *top;
  HycoDirector *director; /* owned by top */
  HycoModel *model;
} Fixture;

void fixture_init (Fixture *f, HycoDirector *director);
void fixture_setup_de (Fixture *f, gconstpointer data);
void fixture_teardown (Fixture *f, gconstpointer data);
void fixture_set (gpointer object, const char *name, const char *text);
void fixture_stop_time (Fixture *f, const char *stop_time);
HycoActor *fixture_add (Fixture *f, const char *class_name, const char *name,
                        ...) G_GNUC_NULL_TERMINATED;
void fixture_connect (Fixture *f, HycoActor *from, const char *output, HycoActor *to,
                      const char *input);
gboolean fixture_run (Fixture *f, GError **error);
void fixture_run_ok (Fixture *f);
void fixture_assert_contains (const char *message, const char *part);
char *fixture_run_fails (Fixture *f, GQuark domain, int code);

/* One expected event: tag, value literal and channel. */
typedef struct
{
  const char *time;
  guint64 microstep;
  const char *value;
  guint channel;
} FixtureEvent;

void fixture_assert_events (HycoActor *recorder, const FixtureEvent *expected, guint n);

G_END_DECLS
