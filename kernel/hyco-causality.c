/* hyco-causality.c: the port dependency graph of a director's scope, its topological depths,
 * zero-delay loop detection, the firing schedule, and the causality interface of an opaque
 * composite derived from its contents. Shared by every director.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-private.h"

typedef struct
{
  GPtrArray *ports;    /* HycoPort*, unowned: node i */
  GHashTable *index;   /* HycoPort* -> node index + 1 */
  GArray **successors; /* per node, guint node indices */
  guint *in_degree;
} Graph;

static guint
node_of (Graph *graph, HycoPort *port)
{
  return GPOINTER_TO_UINT (g_hash_table_lookup (graph->index, port));
}

static void
add_node (Graph *graph, HycoPort *port)
{
  if (node_of (graph, port) != 0)
    return;
  g_ptr_array_add (graph->ports, port);
  g_hash_table_insert (graph->index, port, GUINT_TO_POINTER (graph->ports->len));
}

static void
add_edge (Graph *graph, HycoPort *from, HycoPort *to)
{
  guint a = node_of (graph, from), b = node_of (graph, to);

  /* Edges from outside the scope (the always-absent signal) carry no dependency. */
  if (a == 0 || b == 0)
    return;
  g_array_append_val (graph->successors[a - 1], (guint){ b - 1 });
  graph->in_degree[b - 1]++;
}

static void
graph_clear (Graph *graph)
{
  for (guint i = 0; i < graph->ports->len; i++)
    g_array_unref (graph->successors[i]);
  g_free (graph->successors);
  g_free (graph->in_degree);
  g_ptr_array_unref (graph->ports);
  g_hash_table_unref (graph->index);
}

static void
build_graph (Graph *graph, HycoCompositeActor *container, GPtrArray *scope)
{
  GPtrArray *own = _hyco_actor_get_private (HYCO_ACTOR (container))->ports;

  graph->ports = g_ptr_array_new ();
  graph->index = g_hash_table_new (NULL, NULL);
  for (guint i = 0; i < own->len; i++)
    add_node (graph, own->pdata[i]);
  for (guint a = 0; a < scope->len; a++)
    {
      GPtrArray *ports = _hyco_actor_get_private (scope->pdata[a])->ports;
      for (guint i = 0; i < ports->len; i++)
        add_node (graph, ports->pdata[i]);
    }
  graph->successors = g_new (GArray *, graph->ports->len);
  graph->in_degree = g_new0 (guint, graph->ports->len);
  for (guint i = 0; i < graph->ports->len; i++)
    graph->successors[i] = g_array_new (FALSE, FALSE, sizeof (guint));

  /* Signals: writer -> reader. */
  for (guint i = 0; i < graph->ports->len; i++)
    {
      HycoPort *reader = graph->ports->pdata[i];
      for (guint c = 0; c < reader->n_sources; c++)
        if (reader->source_ports[c])
          add_edge (graph, reader->source_ports[c], reader);
    }
  /* Inside actors: input -> output where the output depends on it at the same tag. */
  for (guint a = 0; a < scope->len; a++)
    {
      HycoActor *actor = scope->pdata[a];
      GPtrArray *ports = _hyco_actor_get_private (actor)->ports;
      for (guint o = 0; o < ports->len; o++)
        {
          HycoPort *output = ports->pdata[o];
          if (!(output->flags & HYCO_PORT_OUTPUT))
            continue;
          for (guint i = 0; i < ports->len; i++)
            {
              HycoPort *input = ports->pdata[i];
              if ((input->flags & HYCO_PORT_INPUT) && input != output
                  && hyco_actor_output_depends_on (actor, output, input))
                add_edge (graph, input, output);
            }
        }
    }
}

static void
report_cycle (Graph *graph, const guint *remaining, HycoCompositeActor *container, GError **error)
{
  g_autoptr (GString) path = g_string_new (NULL);
  g_autoptr (GString) names = g_string_new (NULL);
  g_autoptr (GPtrArray) actors = g_ptr_array_new ();
  g_autoptr (GArray) trail = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autofree guint *position = g_new0 (guint, graph->ports->len);
  g_autofree char *where = hyco_actor_get_full_name (HYCO_ACTOR (container));
  guint node = 0;

  /* Every node left over by Kahn's algorithm still has a left-over predecessor, so walking
   * backwards along them must revisit a node: that closes a cycle. */
  while (remaining[node] == 0)
    node++;
  while (position[node] == 0)
    {
      guint previous = node;
      g_array_append_val (trail, node);
      position[node] = trail->len;
      for (guint p = 0; p < graph->ports->len && previous == node; p++)
        for (guint s = 0; remaining[p] && s < graph->successors[p]->len; s++)
          if (g_array_index (graph->successors[p], guint, s) == node)
            {
              previous = p;
              break;
            }
      node = previous;
    }
  /* The trail runs against the edges: print it backwards, ending where it starts. */
  for (guint k = trail->len; k-- > position[node] - 1;)
    {
      HycoPort *port = graph->ports->pdata[g_array_index (trail, guint, k)];
      g_autofree char *name = hyco_port_get_full_name (port);
      g_string_append_printf (path, "%s -> ", name);
      if (!g_ptr_array_find (actors, port->container, NULL))
        g_ptr_array_add (actors, port->container);
    }
  {
    g_autofree char *name = hyco_port_get_full_name (
      graph->ports->pdata[trail->len ? g_array_index (trail, guint, trail->len - 1) : node]);
    g_string_append (path, name);
  }
  for (guint i = 0; i < actors->len; i++)
    {
      g_autofree char *name = hyco_actor_get_full_name (actors->pdata[i]);
      g_string_append_printf (names, "%s%s", i ? ", " : "", name);
    }
  g_set_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_CAUSALITY,
               "zero-delay loop in %s: %s (actors on the loop: %s); break it with a delay or "
               "an actor whose output does not depend on that input at the same tag",
               *where ? where : hyco_actor_get_name (HYCO_ACTOR (container)), path->str,
               names->str);
}

/* Longest-path depths by Kahn's algorithm; FALSE with an error naming a cycle. */
static gboolean
compute_depths (Graph *graph, HycoCompositeActor *container, GError **error)
{
  guint n = graph->ports->len, done = 0;
  g_autofree guint *remaining = g_memdup2 (graph->in_degree, sizeof (guint) * MAX (n, 1));
  g_autofree guint *queue = g_new (guint, MAX (n, 1));
  guint head = 0, tail = 0;

  for (guint i = 0; i < n; i++)
    {
      ((HycoPort *) graph->ports->pdata[i])->depth = 0;
      if (remaining[i] == 0)
        queue[tail++] = i;
    }
  while (head < tail)
    {
      guint node = queue[head++];
      HycoPort *port = graph->ports->pdata[node];
      done++;
      for (guint s = 0; s < graph->successors[node]->len; s++)
        {
          guint next = g_array_index (graph->successors[node], guint, s);
          HycoPort *successor = graph->ports->pdata[next];
          successor->depth = MAX (successor->depth, port->depth + 1);
          if (--remaining[next] == 0)
            queue[tail++] = next;
        }
    }
  if (done == n)
    return TRUE;
  report_cycle (graph, remaining, container, error);
  return FALSE;
}

static void
derive_composite_causality (Graph *graph, HycoCompositeActor *container)
{
  GPtrArray *own = _hyco_actor_get_private (HYCO_ACTOR (container))->ports;
  guint n = own->len;
  gboolean *matrix = g_new0 (gboolean, MAX (n * n, 1));
  g_autofree gboolean *seen = g_new0 (gboolean, MAX (graph->ports->len, 1));
  g_autofree guint *stack = g_new (guint, MAX (graph->ports->len, 1));

  for (guint i = 0; i < n; i++)
    {
      HycoPort *input = own->pdata[i];
      guint top = 0;
      if (!(input->flags & HYCO_PORT_INPUT))
        continue;
      memset (seen, 0, sizeof (gboolean) * graph->ports->len);
      stack[top++] = node_of (graph, input) - 1;
      seen[stack[0]] = TRUE;
      while (top > 0)
        {
          guint node = stack[--top];
          for (guint s = 0; s < graph->successors[node]->len; s++)
            {
              guint next = g_array_index (graph->successors[node], guint, s);
              if (!seen[next])
                {
                  seen[next] = TRUE;
                  stack[top++] = next;
                }
            }
        }
      for (guint o = 0; o < n; o++)
        {
          HycoPort *output = own->pdata[o];
          if ((output->flags & HYCO_PORT_OUTPUT) && seen[node_of (graph, output) - 1])
            matrix[o * n + i] = TRUE;
        }
    }
  _hyco_composite_actor_set_dependencies (container, matrix);
}

static int
compare_entries (gconstpointer a, gconstpointer b)
{
  const HycoScheduleEntry *x = a, *y = b;

  if (x->depth != y->depth)
    return x->depth < y->depth ? -1 : 1;
  if (x->priv->scope_index != y->priv->scope_index)
    return x->priv->scope_index < y->priv->scope_index ? -1 : 1;
  return 0;
}

static int
compare_ints (gconstpointer a, gconstpointer b)
{
  int x = *(const int *) a, y = *(const int *) b;
  return (x > y) - (x < y);
}

static void
collect_ports (HycoActor *actor, HycoPortFlags flag, GPtrArray *into)
{
  GPtrArray *ports = _hyco_actor_get_private (actor)->ports;

  for (guint i = 0; i < ports->len; i++)
    if (((HycoPort *) ports->pdata[i])->flags & flag)
      g_ptr_array_add (into, ports->pdata[i]);
}

static HycoPort **
steal_ports (GPtrArray *ports, guint *n)
{
  *n = ports->len;
  return (HycoPort **) g_ptr_array_free (ports, FALSE);
}

/* One entry per depth at which a non-strict actor's outputs become computable, plus a last one
 * once all its inputs are known; a strict actor fires once, after all its inputs. */
static void
add_entries (GArray *entries, HycoActor *actor)
{
  gboolean strict = hyco_actor_is_strict (actor);
  g_autoptr (GPtrArray) inputs = g_ptr_array_new ();
  g_autoptr (GPtrArray) outputs = g_ptr_array_new ();
  int last_depth = 0;

  collect_ports (actor, HYCO_PORT_INPUT, inputs);
  collect_ports (actor, HYCO_PORT_OUTPUT, outputs);
  for (guint i = 0; i < inputs->len; i++)
    last_depth = MAX (last_depth, ((HycoPort *) inputs->pdata[i])->depth + 1);
  for (guint o = 0; o < outputs->len; o++)
    {
      HycoPort *output = outputs->pdata[o];
      g_autoptr (GPtrArray) deps = g_ptr_array_new ();
      last_depth = MAX (last_depth, output->depth);
      for (guint i = 0; i < inputs->len; i++)
        if (hyco_actor_output_depends_on (actor, output, inputs->pdata[i]))
          g_ptr_array_add (deps, inputs->pdata[i]);
      g_free (output->dependencies);
      output->dependencies = steal_ports (g_steal_pointer (&deps), &output->n_dependencies);
    }

  if (!strict)
    {
      /* Group outputs by depth, in increasing order. */
      g_autoptr (GArray) depths = g_array_new (FALSE, FALSE, sizeof (int));
      for (guint o = 0; o < outputs->len; o++)
        {
          int d = ((HycoPort *) outputs->pdata[o])->depth;
          gboolean found = FALSE;
          for (guint k = 0; k < depths->len; k++)
            found |= g_array_index (depths, int, k) == d;
          if (!found && d < last_depth)
            g_array_append_val (depths, d);
        }
      g_array_sort (depths, compare_ints);
      for (guint k = 0; k < depths->len; k++)
        {
          int d = g_array_index (depths, int, k);
          g_autoptr (GPtrArray) group = g_ptr_array_new ();
          HycoScheduleEntry entry
            = { actor, _hyco_actor_get_private (actor), HYCO_ACTOR_GET_CLASS (actor), FALSE, d };
          for (guint o = 0; o < outputs->len; o++)
            if (((HycoPort *) outputs->pdata[o])->depth == d)
              g_ptr_array_add (group, outputs->pdata[o]);
          entry.outputs = steal_ports (g_steal_pointer (&group), &entry.n_outputs);
          entry.inputs = (HycoPort **) g_memdup2 (inputs->pdata, sizeof (gpointer) * inputs->len);
          entry.n_inputs = inputs->len;
          g_array_append_val (entries, entry);
        }
    }
  {
    HycoScheduleEntry entry = { actor, _hyco_actor_get_private (actor),
                                HYCO_ACTOR_GET_CLASS (actor), strict, last_depth };
    g_autoptr (GPtrArray) group = g_ptr_array_new ();
    for (guint o = 0; o < outputs->len; o++)
      if (strict || ((HycoPort *) outputs->pdata[o])->depth >= last_depth)
        g_ptr_array_add (group, outputs->pdata[o]);
    entry.outputs = steal_ports (g_steal_pointer (&group), &entry.n_outputs);
    entry.inputs = (HycoPort **) g_memdup2 (inputs->pdata, sizeof (gpointer) * inputs->len);
    entry.n_inputs = inputs->len;
    g_array_append_val (entries, entry);
  }
}

void
_hyco_schedule_clear (HycoSchedule *schedule)
{
  for (guint i = 0; i < schedule->n_entries; i++)
    {
      g_free (schedule->entries[i].outputs);
      g_free (schedule->entries[i].inputs);
    }
  g_clear_pointer (&schedule->entries, g_free);
  schedule->n_entries = 0;
  g_clear_pointer (&schedule->actors, g_ptr_array_unref);
}

gboolean
_hyco_schedule_build (HycoSchedule *schedule, HycoDirector *director, GError **error)
{
  HycoCompositeActor *container = hyco_director_get_container (director);
  Graph graph = { 0 };
  GArray *entries;
  gboolean ok;

  build_graph (&graph, container, schedule->actors);
  ok = compute_depths (&graph, container, error);
  if (ok)
    derive_composite_causality (&graph, container);
  graph_clear (&graph);
  if (!ok)
    return FALSE;

  entries = g_array_new (FALSE, FALSE, sizeof (HycoScheduleEntry));
  for (guint a = 0; a < schedule->actors->len; a++)
    add_entries (entries, schedule->actors->pdata[a]);
  g_array_sort (entries, compare_entries);
  schedule->n_entries = entries->len;
  schedule->entries = (HycoScheduleEntry *) g_array_free (entries, FALSE);
  for (guint i = schedule->n_entries; i-- > 0;)
    schedule->entries[i].priv->schedule_position = i;
  return TRUE;
}
