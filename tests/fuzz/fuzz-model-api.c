/* fuzz-model-api.c: libFuzzer target for building and running models through the C API, as an
 * application or a Python script does. Each input is a program of small operations (create an
 * actor of any registered class or a composite with any director, add a relation, link a port,
 * set a parameter to one of a set of awkward texts), after which the model is prepared and,
 * when that succeeds, run for a short while. Every misuse must end in a GError, never in a
 * crash, a critical warning, a leak or a hang. Built and run by tools/fuzz.sh.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco.h"

int LLVMFuzzerTestOneInput (const guint8 *data, size_t size);

/* Parameter texts that have found bugs elsewhere: signs, extremes, non-numbers, the wrong type,
 * arrays, names of other parameters, expressions that do not parse. */
static const char *const texts[] = {
  "0", "1", "-1", "0.5", "1e-9", "1e308", "-1e308", "1e-320", "NaN", "Infinity", "-Infinity",
  "true", "false", "\"text\"", "\"\"", "{}", "{1, 2, 3}", "{0.0, 1.0}", "{{1}}", "{true}",
  "period", "stopTime", "1 +", "(", "1/0", "2147483648", "-9223372036854775809", "\xc3\xa9", "",
  "UNBOUNDED", "NONE", "PI/2", "sin(1)", "[1, 2]", "{a=1}", "CVODE", "ExplicitRK23Solver",
};
static const char *const director_classes[] = {
  "DEDirector", "SRDirector", "ContinuousDirector", "PtolemyContinuousDirector",
};

typedef struct
{
  const guint8 *data;
  size_t size;
  size_t at;
} Program;

static guint
next (Program *program, guint limit)
{
  if (limit == 0 || program->at >= program->size)
    return 0;
  return program->data[program->at++] % limit;
}

typedef struct
{
  HycoCompositeActor *toplevel;
  GPtrArray *composites;  /* (element-type HycoCompositeActor), toplevel first, borrowed */
  GPtrArray *actors;      /* (element-type HycoActor), borrowed from their containers */
  GPtrArray *relations;   /* (element-type HycoRelation), borrowed */
  GPtrArray *classes;     /* registered class names */
  guint serial;
} Builder;

static void
add_actor (Builder *builder, Program *program)
{
  HycoCompositeActor *container = builder->composites->pdata[next (program,
                                                                    builder->composites->len)];
  const char *class_name = builder->classes->pdata[next (program, builder->classes->len)];
  GType type = hyco_registry_lookup (class_name);
  g_autofree char *name = g_strdup_printf ("a%u", builder->serial++);
  g_autoptr (HycoActor) actor = NULL;

  if (!g_type_is_a (type, HYCO_TYPE_ACTOR) || G_TYPE_IS_ABSTRACT (type))
    return;
  actor = g_object_new (type, "name", name, NULL);
  if (hyco_composite_actor_add_actor (container, actor, NULL))
    g_ptr_array_add (builder->actors, actor);
}

static void
add_composite (Builder *builder, Program *program)
{
  HycoCompositeActor *container = builder->composites->pdata[next (program,
                                                                    builder->composites->len)];
  g_autofree char *name = g_strdup_printf ("c%u", builder->serial++);
  g_autoptr (HycoCompositeActor) composite = hyco_composite_actor_new (name);
  guint choice = next (program, G_N_ELEMENTS (director_classes) + 1);

  if (choice < G_N_ELEMENTS (director_classes))
    {
      g_autoptr (HycoDirector) director = g_object_new (
        hyco_registry_lookup (director_classes[choice]), "name", "director", NULL);
      hyco_composite_actor_set_director (composite, director);
    }
  if (hyco_composite_actor_add_actor (container, HYCO_ACTOR (composite), NULL))
    {
      g_ptr_array_add (builder->composites, composite);
      g_ptr_array_add (builder->actors, composite);
    }
}

static void
add_relation (Builder *builder, Program *program)
{
  HycoCompositeActor *container = builder->composites->pdata[next (program,
                                                                    builder->composites->len)];
  g_autofree char *name = g_strdup_printf ("r%u", builder->serial++);
  HycoRelation *relation = hyco_composite_actor_add_relation (container, name, NULL);

  if (relation != NULL)
    g_ptr_array_add (builder->relations, relation);
}

static void
link_port (Builder *builder, Program *program)
{
  HycoActor *actor;
  HycoRelation *relation;
  g_autoptr (GPtrArray) ports = NULL;
  HycoCompositeActor *container;

  if (builder->actors->len == 0 || builder->relations->len == 0)
    return;
  actor = builder->actors->pdata[next (program, builder->actors->len)];
  relation = builder->relations->pdata[next (program, builder->relations->len)];
  ports = hyco_actor_get_ports (actor);
  if (ports == NULL || ports->len == 0)
    return;
  /* From outside the actor or, for a composite, from inside it: the link may be refused. */
  container = next (program, 2) && HYCO_IS_COMPOSITE_ACTOR (actor)
                ? HYCO_COMPOSITE_ACTOR (actor)
                : hyco_relation_get_container (relation);
  hyco_composite_actor_link (container, ports->pdata[next (program, ports->len)], relation,
                             NULL);
}

static void
set_parameter (Builder *builder, Program *program)
{
  HycoActor *actor;
  g_auto (GStrv) names = NULL;
  guint n;
  GObject *owner;

  if (builder->actors->len == 0)
    return;
  actor = builder->actors->pdata[next (program, builder->actors->len)];
  owner = G_OBJECT (actor);
  /* A composite's director has parameters too. */
  if (HYCO_IS_COMPOSITE_ACTOR (actor) && next (program, 2)
      && hyco_composite_actor_get_director (HYCO_COMPOSITE_ACTOR (actor)) != NULL)
    owner = G_OBJECT (hyco_composite_actor_get_director (HYCO_COMPOSITE_ACTOR (actor)));
  if (!HYCO_IS_PARAMETER_OWNER (owner))
    return;
  names = hyco_parameter_owner_list (HYCO_PARAMETER_OWNER (owner));
  n = names != NULL ? g_strv_length (names) : 0;
  if (n == 0)
    return;
  hyco_parameter_owner_set_text (HYCO_PARAMETER_OWNER (owner), names[next (program, n)],
                                 texts[next (program, G_N_ELEMENTS (texts))], NULL);
}

static gboolean
cancel_run (gpointer cancellable)
{
  g_cancellable_cancel (cancellable);
  return G_SOURCE_REMOVE;
}

static void
on_finished (GObject *source, GAsyncResult *result, gpointer loop)
{
  g_autoptr (GError) error = NULL;

  hyco_model_run_finish (HYCO_MODEL (source), result, &error);
  g_main_loop_quit (loop);
}

/* Runs at most a moment (the model may be endless, or have a period of 1e-9 s): cancelled from
 * the main loop, which the run leaves free. */
static void
run_briefly (HycoModel *model)
{
  g_autoptr (GMainLoop) loop = g_main_loop_new (NULL, FALSE);
  g_autoptr (GCancellable) cancellable = g_cancellable_new ();
  guint timeout = g_timeout_add (50, cancel_run, cancellable);

  hyco_model_run_async (model, cancellable, on_finished, loop);
  g_main_loop_run (loop);
  if (!g_cancellable_is_cancelled (cancellable))
    g_source_remove (timeout);
}

int
LLVMFuzzerTestOneInput (const guint8 *data, size_t size)
{
  Program program = { data, size, 0 };
  g_autoptr (HycoCompositeActor) toplevel = hyco_composite_actor_new ("top");
  g_autoptr (HycoDirector) director = NULL;
  g_autoptr (HycoModel) model = NULL;
  Builder builder = { toplevel };

  g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL);
  hyco_registry_ensure_modules ();
  builder.composites = g_ptr_array_new ();
  builder.actors = g_ptr_array_new ();
  builder.relations = g_ptr_array_new ();
  builder.classes = hyco_registry_list ();
  g_ptr_array_add (builder.composites, toplevel);
  director = g_object_new (
    hyco_registry_lookup (director_classes[next (&program, G_N_ELEMENTS (director_classes))]),
    "name", "director", NULL);
  hyco_composite_actor_set_director (toplevel, director);

  while (program.at < program.size && builder.serial < 64)
    switch (next (&program, 5))
      {
      case 0:
        add_actor (&builder, &program);
        break;
      case 1:
        add_composite (&builder, &program);
        break;
      case 2:
        add_relation (&builder, &program);
        break;
      case 3:
        link_port (&builder, &program);
        break;
      default:
        set_parameter (&builder, &program);
        break;
      }

  model = hyco_model_new (toplevel);
  if (hyco_model_set_stop_time (model, "2", NULL) && hyco_model_prepare (model, NULL))
    run_briefly (model);

  g_ptr_array_unref (builder.classes);
  g_ptr_array_unref (builder.relations);
  g_ptr_array_unref (builder.actors);
  g_ptr_array_unref (builder.composites);
  return 0;
}
