/* hyco-causality.c: the port dependency graph of a director's scope, zero-delay loop analysis,
 * the firing schedule, and the causality interface of an opaque composite derived from its
 * contents. Shared by every director.
 *
 * Nodes are ports; edges run from the port writing a signal to each port reading it, and
 * inside an actor from an input to every output that depends on it at the same tag. An edge
 * inside a strict actor (or along a path of a composite that meets only strict actors) is
 * strict. A cycle of strict edges is a real zero-delay loop and is refused before the run. A
 * cycle with a non-strict edge (a non-strict OR, a composite that can produce some outputs
 * early) may be constructive: its ports form a strongly connected component whose firings the
 * director repeats until nothing changes, and whatever stays unknown is reported then.
 *
 * A composite that a director outside fires only when triggered, but whose director then fires
 * everything inside (SR), has every output depend on every input, constructively: on a cycle,
 * while untriggered, it is fired speculatively to settle what it would leave absent anyway
 * (_hyco_schedule_fire_untriggered()). A modal model's director declares its interface itself.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-director-private.h"

typedef struct
{
  guint node;
  gboolean strict;
} Edge;

typedef struct
{
  GPtrArray *ports;    /* HycoPort*, unowned: node i */
  GHashTable *index;   /* HycoPort* -> node index + 1 */
  GArray **successors; /* per node, Edge */
  guint *component;    /* per node, strongly connected component */
  gboolean *cyclic;    /* per component: more than one node */
  int *depth;          /* per component: longest path in the condensation */
  guint n_components;
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
add_edge (Graph *graph, HycoPort *from, HycoPort *to, gboolean strict)
{
  guint a = node_of (graph, from), b = node_of (graph, to);
  Edge edge = { b - 1, strict };

  /* Edges from outside the scope (the always-absent signal) carry no dependency. */
  if (a == 0 || b == 0)
    return;
  g_array_append_val (graph->successors[a - 1], edge);
}

static void
graph_clear (Graph *graph)
{
  for (guint i = 0; i < graph->ports->len; i++)
    g_array_unref (graph->successors[i]);
  g_free (graph->successors);
  g_free (graph->component);
  g_free (graph->cyclic);
  g_free (graph->depth);
  g_ptr_array_unref (graph->ports);
  g_hash_table_unref (graph->index);
}

/* Whether the dependency of @output on @input inside @actor leaves no room for a partial
 * answer: true of strict actors, and of composite paths that meet only strict actors. */
static gboolean
dependency_is_strict (HycoActor *actor, HycoPort *output, HycoPort *input)
{
  if (HYCO_IS_COMPOSITE_ACTOR (actor))
    return !_hyco_composite_actor_is_constructive (HYCO_COMPOSITE_ACTOR (actor), output, input);
  return hyco_actor_is_strict (actor);
}

static void collect_ports (HycoActor *actor, HycoPortFlags flag, GPtrArray *into);

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
  for (guint i = 0; i < graph->ports->len; i++)
    graph->successors[i] = g_array_new (FALSE, FALSE, sizeof (Edge));

  /* Signals: writer -> reader. A signal passes on whatever is known: strict. */
  for (guint i = 0; i < graph->ports->len; i++)
    {
      HycoPort *reader = graph->ports->pdata[i];
      for (guint c = 0; c < reader->n_sources; c++)
        if (reader->source_ports[c])
          add_edge (graph, reader->source_ports[c], reader, TRUE);
    }
  /* Inside actors: input -> output where the output depends on it at the same tag. Inputs
   * and outputs listed first: an actor may have thousands of ports (an FMU's). */
  {
    g_autoptr (GPtrArray) inputs = g_ptr_array_new ();
    g_autoptr (GPtrArray) outputs = g_ptr_array_new ();

    for (guint a = 0; a < scope->len; a++)
      {
        HycoActor *actor = scope->pdata[a];

        g_ptr_array_set_size (inputs, 0);
        g_ptr_array_set_size (outputs, 0);
        collect_ports (actor, HYCO_PORT_INPUT, inputs);
        collect_ports (actor, HYCO_PORT_OUTPUT, outputs);
        for (guint o = 0; o < outputs->len; o++)
          for (guint i = 0; i < inputs->len; i++)
            {
              HycoPort *input = inputs->pdata[i], *output = outputs->pdata[o];
              if (input != output && hyco_actor_output_depends_on (actor, output, input))
                add_edge (graph, input, output, dependency_is_strict (actor, output, input));
            }
      }
  }
}

/* Tarjan's algorithm, iteratively (models can be deep). Components come out in reverse
 * topological order; they are renumbered here in topological order. */
static void
find_components (Graph *graph, gboolean strict_only)
{
  guint n = graph->ports->len, counter = 0, found = 0;
  g_autofree guint *index = g_new0 (guint, MAX (n, 1)); /* 0: not visited; else order + 1 */
  g_autofree guint *low = g_new0 (guint, MAX (n, 1));
  g_autofree gboolean *on_stack = g_new0 (gboolean, MAX (n, 1));
  g_autofree guint *stack = g_new (guint, MAX (n, 1));
  g_autofree guint *call_node = g_new (guint, MAX (n, 1));
  g_autofree guint *call_edge = g_new (guint, MAX (n, 1));
  guint top = 0;

  g_free (graph->component);
  graph->component = g_new0 (guint, MAX (n, 1));
  for (guint root = 0; root < n; root++)
    {
      guint depth = 0;
      if (index[root])
        continue;
      call_node[0] = root;
      call_edge[0] = 0;
      index[root] = low[root] = ++counter;
      stack[top++] = root;
      on_stack[root] = TRUE;
      while (TRUE)
        {
          guint v = call_node[depth];
          GArray *edges = graph->successors[v];
          if (call_edge[depth] < edges->len)
            {
              Edge *edge = &g_array_index (edges, Edge, call_edge[depth]);
              guint w = edge->node;
              call_edge[depth]++;
              if (strict_only && !edge->strict)
                continue;
              if (!index[w])
                {
                  index[w] = low[w] = ++counter;
                  stack[top++] = w;
                  on_stack[w] = TRUE;
                  depth++;
                  call_node[depth] = w;
                  call_edge[depth] = 0;
                }
              else if (on_stack[w])
                low[v] = MIN (low[v], index[w]);
              continue;
            }
          if (low[v] == index[v])
            {
              guint w;
              do
                {
                  w = stack[--top];
                  on_stack[w] = FALSE;
                  graph->component[w] = found;
                }
              while (w != v);
              found++;
            }
          if (depth == 0)
            break;
          depth--;
          low[call_node[depth]] = MIN (low[call_node[depth]], low[v]);
        }
    }
  graph->n_components = found;
  for (guint i = 0; i < n; i++)
    graph->component[i] = found - 1 - graph->component[i];
}

static void
report_cycle (Graph *graph, guint component, HycoCompositeActor *container, GError **error)
{
  g_autoptr (GString) path = g_string_new (NULL);
  g_autoptr (GString) names = g_string_new (NULL);
  g_autoptr (GPtrArray) actors = g_ptr_array_new ();
  g_autoptr (GArray) trail = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autofree guint *position = g_new0 (guint, graph->ports->len);
  g_autofree char *where = hyco_actor_get_full_name (HYCO_ACTOR (container));
  guint node = 0;

  /* Every node of a cyclic component has a predecessor in it: walking backwards along those
   * must revisit a node, which closes a cycle. */
  while (graph->component[node] != component)
    node++;
  while (position[node] == 0)
    {
      guint previous = node;
      g_array_append_val (trail, node);
      position[node] = trail->len;
      for (guint p = 0; p < graph->ports->len && previous == node; p++)
        for (guint s = 0; graph->component[p] == component && s < graph->successors[p]->len; s++)
          if (g_array_index (graph->successors[p], Edge, s).node == node
              && g_array_index (graph->successors[p], Edge, s).strict)
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
    g_autofree char *name
      = hyco_port_get_full_name (graph->ports->pdata[g_array_index (trail, guint, trail->len - 1)]);
    g_string_append (path, name);
  }
  for (guint i = 0; i < actors->len; i++)
    {
      g_autofree char *name = hyco_actor_get_full_name (actors->pdata[i]);
      g_string_append_printf (names, "%s%s", i ? ", " : "", name);
    }
  g_set_error (error, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_CAUSALITY,
               "zero-delay loop in %s: %s (actors on the loop: %s); every actor on it needs all "
               "of its inputs before it can produce anything: break it with a delay, or an actor "
               "whose output does not depend on that input at the same tag",
               *where ? where : hyco_actor_get_name (HYCO_ACTOR (container)), path->str,
               names->str);
}

static int
compare_by_component (gconstpointer a, gconstpointer b, gpointer user_data)
{
  Graph *graph = user_data;
  guint x = graph->component[*(const guint *) a], y = graph->component[*(const guint *) b];

  return (x > y) - (x < y);
}

static guint *
component_sizes (Graph *graph)
{
  guint *size = g_new0 (guint, MAX (graph->n_components, 1));

  for (guint i = 0; i < graph->ports->len; i++)
    size[graph->component[i]]++;
  return size;
}

/* A cycle whose every edge is strict is a real zero-delay loop: look for one among the strict
 * edges alone, so that a non-strict edge elsewhere cannot hide it. */
static gboolean
refuse_strict_cycles (Graph *graph, HycoCompositeActor *container, GError **error)
{
  g_autofree guint *size = NULL;

  find_components (graph, TRUE);
  size = component_sizes (graph);
  for (guint k = 0; k < graph->n_components; k++)
    if (size[k] > 1)
      {
        report_cycle (graph, k, container, error);
        return FALSE;
      }
  return TRUE;
}

/* Depths over the condensation of the whole graph: the ports of one (constructive) cycle share
 * a depth, and the director iterates over them. */
static void
assign_depths (Graph *graph)
{
  guint n = graph->ports->len, c;
  g_autofree guint *size = NULL;
  g_autofree guint *order = g_new (guint, MAX (n, 1));

  find_components (graph, FALSE);
  c = graph->n_components;
  size = component_sizes (graph);
  graph->cyclic = g_new0 (gboolean, MAX (c, 1));
  graph->depth = g_new0 (int, MAX (c, 1));
  for (guint k = 0; k < c; k++)
    graph->cyclic[k] = size[k] > 1;
  /* Components are numbered in topological order: relax edges in that order. */
  for (guint i = 0; i < n; i++)
    order[i] = i;
  g_qsort_with_data (order, (gint) n, sizeof (guint), compare_by_component, graph);
  for (guint k = 0; k < n; k++)
    {
      guint i = order[k];
      for (guint s = 0; s < graph->successors[i]->len; s++)
        {
          guint j = g_array_index (graph->successors[i], Edge, s).node;
          if (graph->component[j] != graph->component[i])
            graph->depth[graph->component[j]]
              = MAX (graph->depth[graph->component[j]], graph->depth[graph->component[i]] + 1);
        }
    }
  for (guint i = 0; i < n; i++)
    {
      HycoPort *port = graph->ports->pdata[i];
      port->depth = graph->depth[graph->component[i]];
      port->cyclic = graph->cyclic[graph->component[i]];
      port->component = graph->component[i];
    }
}

/* The container's causality interface: an output depends on an input if a path joins them,
 * and the dependency is constructive if some path between them has a non-strict edge. Under a
 * director that fires every actor whenever the composite fires (SR), whether an output is
 * present at all depends on whether an input fired the composite: every output then depends
 * on every input, constructively where no path joins them. */
static void
derive_composite_causality (Graph *graph, HycoCompositeActor *container,
                            gboolean fires_every_actor)
{
  GPtrArray *own = _hyco_actor_get_private (HYCO_ACTOR (container))->ports;
  guint n = own->len, nodes = graph->ports->len;
  gboolean *depends = g_new0 (gboolean, MAX (n * n, 1));
  gboolean *constructive = g_new0 (gboolean, MAX (n * n, 1));
  /* States: node, and whether the path so far has met a non-strict edge. */
  g_autofree gboolean *seen = g_new0 (gboolean, MAX (2 * nodes, 1));
  g_autofree guint *stack = g_new (guint, MAX (2 * nodes, 1));

  for (guint i = 0; i < n; i++)
    {
      HycoPort *input = own->pdata[i];
      guint top = 0, start;
      if (!(input->flags & HYCO_PORT_INPUT))
        continue;
      memset (seen, 0, sizeof (gboolean) * 2 * nodes);
      start = 2 * (node_of (graph, input) - 1);
      stack[top++] = start;
      seen[start] = TRUE;
      while (top > 0)
        {
          guint state = stack[--top], node = state / 2;
          for (guint s = 0; s < graph->successors[node]->len; s++)
            {
              Edge *edge = &g_array_index (graph->successors[node], Edge, s);
              guint next = 2 * edge->node + ((state & 1) | !edge->strict);
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
          guint node;
          if (!(output->flags & HYCO_PORT_OUTPUT))
            continue;
          node = node_of (graph, output) - 1;
          depends[o * n + i] = seen[2 * node] || seen[2 * node + 1] || fires_every_actor;
          constructive[o * n + i]
            = seen[2 * node + 1] || (fires_every_actor && !seen[2 * node]);
        }
    }
  _hyco_composite_actor_set_dependencies (container, depends, constructive);
}

static int
compare_entries (gconstpointer a, gconstpointer b)
{
  const HycoScheduleEntry *x = a, *y = b;

  if (x->depth != y->depth)
    return x->depth < y->depth ? -1 : 1;
  if (x->priv->priority != y->priv->priority)
    return x->priv->priority < y->priv->priority ? -1 : 1;
  if (x->priv->scope_index != y->priv->scope_index)
    return x->priv->scope_index < y->priv->scope_index ? -1 : 1;
  return (x->n_outputs > y->n_outputs) - (x->n_outputs < y->n_outputs);
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

static void
append_entry (GArray *entries, HycoActor *actor, gboolean strict, int depth, GPtrArray *inputs,
              GPtrArray *group)
{
  HycoScheduleEntry entry = { actor, _hyco_actor_get_private (actor), HYCO_ACTOR_GET_CLASS (actor),
                              strict, depth };

  for (guint o = 0; o < group->len; o++)
    entry.cyclic |= ((HycoPort *) group->pdata[o])->cyclic;
  if (HYCO_IS_COMPOSITE_ACTOR (actor) && hyco_composite_actor_is_opaque ((gpointer) actor))
    {
      HycoDirectorPrivate *inner
        = _hyco_director_get_private (hyco_composite_actor_get_director ((gpointer) actor));
      entry.always = inner->wants_every_tag;
      entry.conditional = entry.cyclic && inner->fires_every_actor && !inner->wants_every_tag;
    }
  entry.outputs = steal_ports (g_ptr_array_ref (group), &entry.n_outputs);
  entry.inputs = (HycoPort **) g_memdup2 (inputs->pdata, sizeof (gpointer) * inputs->len);
  entry.n_inputs = inputs->len;
  g_array_append_val (entries, entry);
}

/* A strict actor fires once, after all its inputs. A non-strict one fires at each depth at
 * which some of its outputs become computable, and once more when all its inputs are known.
 * An input in the same cycle as one of the actor's outputs shares their depth. */
static void
add_entries (GArray *entries, HycoActor *actor)
{
  gboolean strict = hyco_actor_is_strict (actor);
  g_autoptr (GPtrArray) inputs = g_ptr_array_new ();
  g_autoptr (GPtrArray) outputs = g_ptr_array_new ();
  g_autoptr (GPtrArray) last = g_ptr_array_new ();
  g_autoptr (GArray) depths = g_array_new (FALSE, FALSE, sizeof (int));
  int last_depth = 0;

  collect_ports (actor, HYCO_PORT_INPUT, inputs);
  collect_ports (actor, HYCO_PORT_OUTPUT, outputs);
  for (guint i = 0; i < inputs->len; i++)
    {
      HycoPort *input = inputs->pdata[i];
      gboolean in_own_cycle = FALSE;
      for (guint o = 0; o < outputs->len; o++)
        in_own_cycle |= input->cyclic
                        && ((HycoPort *) outputs->pdata[o])->component == input->component;
      last_depth = MAX (last_depth, input->depth + (in_own_cycle ? 0 : 1));
    }
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
          for (guint o = 0; o < outputs->len; o++)
            if (((HycoPort *) outputs->pdata[o])->depth == d)
              g_ptr_array_add (group, outputs->pdata[o]);
          append_entry (entries, actor, FALSE, d, inputs, group);
        }
    }
  for (guint o = 0; o < outputs->len; o++)
    if (strict || ((HycoPort *) outputs->pdata[o])->depth >= last_depth)
      g_ptr_array_add (last, outputs->pdata[o]);
  append_entry (entries, actor, strict, last_depth, inputs, last);
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
  ok = refuse_strict_cycles (&graph, container, error);
  if (ok)
    {
      assign_depths (&graph);
      HycoDirectorPrivate *dpriv = _hyco_director_get_private (director);
      derive_composite_causality (&graph, container,
                                  dpriv->fires_every_actor && !dpriv->wants_every_tag);
    }
  graph_clear (&graph);
  if (!ok)
    return FALSE;

  entries = g_array_new (FALSE, FALSE, sizeof (HycoScheduleEntry));
  for (guint a = 0; a < schedule->actors->len; a++)
    add_entries (entries, schedule->actors->pdata[a]);
  g_array_sort (entries, compare_entries);
  schedule->n_entries = entries->len;
  schedule->entries = (HycoScheduleEntry *) g_array_free (entries, FALSE);
  /* A depth with an entry on a cycle is iterated as a whole until nothing changes: entries of
   * one depth never feed each other except around such a cycle. */
  for (guint i = 0; i < schedule->n_entries;)
    {
      guint end = i;
      gboolean cyclic = FALSE;
      while (end < schedule->n_entries
             && schedule->entries[end].depth == schedule->entries[i].depth)
        cyclic |= schedule->entries[end++].cyclic;
      for (guint k = i; k < end; k++)
        schedule->entries[k].group_end = cyclic ? end : 0;
      i = end;
    }
  for (guint i = schedule->n_entries; i-- > 0;)
    schedule->entries[i].priv->schedule_position = i;
  return TRUE;
}

/* Forgets what a speculative firing fired, at every level below: none of it is committed. */
static void
abandon_fired (HycoDirector *director)
{
  HycoDirectorPrivate *priv = _hyco_director_get_private (director);

  for (guint i = 0; i < priv->fired->len; i++)
    {
      HycoActor *actor = priv->fired->pdata[i];
      _hyco_actor_get_private (actor)->fired = FALSE;
      if (HYCO_IS_COMPOSITE_ACTOR (actor) && hyco_composite_actor_is_opaque ((gpointer) actor))
        abandon_fired (hyco_composite_actor_get_director ((gpointer) actor));
    }
  _hyco_ptr_array_empty (priv->fired);
}

/* An opaque composite whose director fires every actor inside whenever the composite fires,
 * but which a director outside fires only when triggered (an input present, a firing it
 * requested), has every output depend on every input: whether it reacts at all depends on
 * them. Yet an output its reaction leaves absent while the inputs are still unknown is absent
 * whether they then trigger the reaction or not (as inputs become known a reaction only adds
 * knowledge), which settles a loop through a delay inside. So the composite is fired for that
 * alone, speculatively, as fire may be: only absent outputs are passed out, and nothing fired
 * is committed. */
gboolean
_hyco_schedule_fire_untriggered (HycoScheduleEntry *entry, GError **error)
{
  HycoDirector *inner = hyco_composite_actor_get_director ((HycoCompositeActor *) entry->actor);
  HycoDirectorPrivate *priv = _hyco_director_get_private (inner);
  gboolean ok;

  if (!entry->klass->prefire (entry->actor))
    return TRUE;
  priv->conditional = TRUE;
  ok = entry->klass->fire (entry->actor, error);
  priv->conditional = FALSE;
  abandon_fired (inner);
  return ok;
}
