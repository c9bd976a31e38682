/* build-model.c: building a model in C, without a model file.
 *
 * A ramp, triggered by a clock every 0.25 s and scaled by a gain whose factor is an expression
 * over a model parameter, recorded for one second of model time, under a discrete-event
 * director:
 *
 *   Clock (DiscreteClock) --> Ramp --> Gain (factor 2 * rate) --> Recorder
 *
 * docs/building-in-c.md walks through it. Prints the signals the model has, each recorded value
 * of the gain's output with its tag, then the number of tags the run executed.
 *
 *   build-model [--rate R]
 *
 * Exits 0 when the run completes, 1 when building or running the model fails (the message
 * names the actor, port or parameter).
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include <hyco.h>
#include <stdio.h>

/* Creates an actor of @type named @name, adds it to @top and returns it (owned by @top). */
static HycoActor *
add_actor (HycoCompositeActor *top, GType type, const char *name, GError **error)
{
  g_autoptr (HycoActor) actor = g_object_new (type, "name", name, NULL);

  if (!hyco_composite_actor_add_actor (top, actor, error))
    return NULL;
  return actor; /* @top holds a reference now */
}

/* Sets a parameter as a model file would: from its text, a literal or an expression over the
 * model parameters in scope. */
static gboolean
set (gpointer actor_or_director, const char *name, const char *text, GError **error)
{
  return hyco_parameter_owner_set_text (HYCO_PARAMETER_OWNER (actor_or_director), name, text,
                                        error);
}

/* Links @from to @to through a new relation of @top named @relation_name: a relation is the
 * point that ports link to, as <relation> and <link> in a model file. */
static gboolean
link_ports (HycoCompositeActor *top, const char *relation_name, const char *from, const char *to,
            GError **error)
{
  HycoRelation *relation = hyco_composite_actor_add_relation (top, relation_name, error);

  return relation != NULL
         && hyco_composite_actor_link (top, hyco_composite_actor_lookup_port (top, from), relation,
                                       error)
         && hyco_composite_actor_link (top, hyco_composite_actor_lookup_port (top, to), relation,
                                       error);
}

static HycoModel *
build_model (const char *rate, GError **error)
{
  g_autoptr (HycoCompositeActor) top = hyco_composite_actor_new ("BuildModel");
  g_autoptr (HycoDirector) director = hyco_de_director_new ();
  HycoActor *clock, *ramp, *gain;

  /* The director: it makes the composite opaque, and its stopTime ends the run. */
  hyco_composite_actor_set_director (top, director);
  if (!set (director, "stopTime", "1", error))
    return NULL;

  /* A model parameter, which the actors' expressions may name. */
  if (!hyco_composite_actor_set_parameter (top, "rate", rate, error))
    return NULL;

  if (!(clock = add_actor (top, HYCO_TYPE_DISCRETE_CLOCK, "Clock", error))
      || !set (clock, "period", "0.25", error)
      || !(ramp = add_actor (top, HYCO_TYPE_RAMP, "Ramp", error)) || !set (ramp, "init", "0", error)
      || !set (ramp, "step", "1", error) || !(gain = add_actor (top, HYCO_TYPE_GAIN, "Gain", error))
      || !set (gain, "factor", "2 * rate", error)
      || !add_actor (top, HYCO_TYPE_RECORDER, "Recorder", error))
    return NULL;

  if (!link_ports (top, "ticks", "Clock.output", "Ramp.trigger", error)
      || !link_ports (top, "ramp", "Ramp.output", "Gain.input", error)
      || !link_ports (top, "scaled", "Gain.output", "Recorder.input", error))
    return NULL;

  return hyco_model_new (top);
}

/* Prints the present samples of @signal: its tags (time in seconds and microstep) and values. */
static void
print_signal (HycoResults *results, const char *signal)
{
  int resolution = hyco_results_get_resolution (results);
  gsize n = 0;
  const gint64 *times = hyco_results_get_times (results, signal, &n);
  const guint64 *microsteps = hyco_results_get_microsteps (results, signal, NULL);
  const guint8 *present = hyco_results_get_presence (results, signal, NULL);
  const double *values = hyco_results_get_values (results, signal, NULL);

  for (gsize i = 0; i < n; i++)
    if (present[i])
      {
        g_autofree char *time = hyco_time_to_string (times[i], resolution);
        printf ("%s (%s s, %" G_GUINT64_FORMAT "): %g\n", signal, time, microsteps[i], values[i]);
      }
}

int
main (int argc, char **argv)
{
  g_autofree char *rate = NULL;
  GOptionEntry entries[] = {
    { "rate", 0, 0, G_OPTION_ARG_STRING, &rate, "The model parameter rate (default 1.5)", "R" },
    G_OPTION_ENTRY_NULL,
  };
  g_autoptr (GOptionContext) context = g_option_context_new ("- build a model in C and run it");
  g_autoptr (GError) error = NULL;
  g_autoptr (HycoModel) model = NULL;

  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "build-model: %s\n", error->message);
      return 1;
    }
  hyco_init ();

  model = build_model (rate ? rate : "1.5", &error);
  if (model == NULL)
    {
      fprintf (stderr, "build-model: %s\n", error->message);
      return 1;
    }

  /* The signals are known before the run: the model prepares itself to list them. */
  {
    g_auto (GStrv) signals = hyco_model_list_signals (model);
    g_autofree char *names = g_strjoinv (", ", signals);
    printf ("signals: %s\n", names);
  }

  hyco_model_set_record_results (model, TRUE);
  if (!hyco_model_run (model, NULL, &error))
    {
      fprintf (stderr, "build-model: %s\n", error->message);
      return 1;
    }
  print_signal (hyco_model_get_results (model), "Gain.output");
  printf ("tags: %" G_GUINT64_FORMAT "\n", hyco_model_get_iteration_count (model));
  return 0;
}
