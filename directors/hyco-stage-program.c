/* hyco-stage-program.c: a continuous director's solver stages evaluated without firing actors.
 *
 * Explicit solvers fire the model six times per Dormand-Prince step only to get the states'
 * derivatives; when everything upstream of the derivatives is a pure function of the states
 * and time that says which one (#HycoStageFunction: constants, gains, sums, products, math
 * functions, integrators), the director evaluates that cone as a flat list of operations on
 * doubles instead: no firing, no values, no signals. The functions give the same doubles as
 * the actors, in the same order of operations, so results are identical bit for bit. At a
 * step's end the values are published to the actors' output ports (the schedule then fires
 * only the other actors and postfires all), so every observer sees what firing would give.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-model-private.h"
#include "hyco-stage-program.h"

/* What the evaluation loop dispatches on: the declared kinds, with the two-input sums and
 * products (most of them) apart, their inputs at hand. The _CHAINED ones take their first
 * input (_CHAINED_LAST: their last) from the operation just before, kept in a local: reading
 * it back from its register would put a store-to-load forwarding on the critical path of
 * every chain. */
typedef enum
{
  OP_SCALE,
  OP_SCALE_CHAINED,
  OP_ADD2,
  OP_ADD2_CHAINED,
  OP_SUM,
  OP_SUM_CHAINED_LAST,
  OP_MULTIPLY2,
  OP_MULTIPLY2_CHAINED,
  OP_PRODUCT,
  OP_PRODUCT_CHAINED_LAST,
  OP_UNARY,
  OP_UNARY_CHAINED,
  OP_OF_TIME,
} OpCode;

typedef struct
{
  OpCode code;
  guint output;                /* register */
  guint a, b;                  /* the first two input registers */
  guint first_input, n_inputs; /* in the program's input registers */
  HycoStageFunctionSpec spec;  /* what the actor declared */
} Operation;

struct _HycoStageProgram
{
  HycoDirectorPrivate *priv;
  guint n_states;        /* registers 0 .. n_states - 1 hold the states */
  Operation *operations; /* in dependency order */
  guint n_operations;
  guint *inputs;      /* operations' input registers */
  guint *derivatives; /* per state, the register of its derivative */
  double *registers;
  HycoSignal **signals; /* per register, the output signal it is published to */
  HycoActor **actors;   /* per register, the actor whose output it is */
  guint n_registers;
  gboolean uses_time;
  guint n_silent; /* registers of actors not postfired (HYCO_PRECOMPUTED_DONE): their events */
};

typedef struct
{
  HycoDirectorPrivate *priv;
  GHashTable *governed;    /* HycoActor* of the director's schedule */
  GHashTable *visiting;    /* HycoActor* being visited: a cycle if seen again */
  GHashTable *register_of; /* HycoSignal* -> register + 1 */
  GArray *operations;
  GArray *inputs;
  GPtrArray *signals;
  GPtrArray *actors;
  GArray *values; /* the registers' initial values: constants */
} Builder;

/* The actor's one output signal, or NULL if it has other outputs or channels. */
static HycoSignal *
output_signal (HycoActor *actor)
{
  GPtrArray *ports = _hyco_actor_get_private (actor)->ports;
  HycoSignal *found = NULL;

  for (guint i = 0; i < ports->len; i++)
    {
      HycoPort *port = ports->pdata[i];
      if (!(port->flags & HYCO_PORT_OUTPUT))
        continue;
      if (found != NULL || port->n_signals != 1)
        return NULL;
      found = &port->signals[0];
    }
  return found;
}

static guint
add_register (Builder *b, HycoActor *actor, HycoSignal *signal, double value)
{
  g_ptr_array_add (b->actors, actor);
  g_ptr_array_add (b->signals, signal);
  g_array_append_val (b->values, value);
  g_hash_table_insert (b->register_of, signal, GUINT_TO_POINTER (b->signals->len));
  return b->signals->len - 1;
}

static gboolean
declared_function (Builder *b, HycoActor *actor, HycoStageFunctionSpec *spec)
{
  return g_hash_table_contains (b->governed, actor) && HYCO_IS_STAGE_FUNCTION (actor)
         && hyco_stage_function_get_stage_function (HYCO_STAGE_FUNCTION (actor), spec);
}

static gboolean visit (Builder *b, HycoActor *actor);

/* Makes @op take its input from the operation before it, when it reads that one's output. A
 * sum or product of two is the same either way round (IEEE 754 addition and multiplication
 * commute), so the chained input may be the second. */
static void
chain (Builder *b, Operation *op)
{
  const Operation *before;

  if (b->operations->len == 0)
    return;
  before = &g_array_index (b->operations, Operation, b->operations->len - 1);
  if ((op->code == OP_SUM || op->code == OP_PRODUCT) && op->n_inputs >= 2
      && g_array_index (b->inputs, guint, op->first_input + op->n_inputs - 1) == before->output)
    {
      op->code = op->code == OP_SUM ? OP_SUM_CHAINED_LAST : OP_PRODUCT_CHAINED_LAST;
      return;
    }
  if ((op->code == OP_ADD2 || op->code == OP_MULTIPLY2) && op->b == before->output)
    {
      op->b = op->a;
      op->a = before->output;
    }
  if (op->a != before->output || op->n_inputs == 0)
    return;
  switch (op->code)
    {
    case OP_SCALE:
      op->code = OP_SCALE_CHAINED;
      break;
    case OP_ADD2:
      op->code = OP_ADD2_CHAINED;
      break;
    case OP_MULTIPLY2:
      op->code = OP_MULTIPLY2_CHAINED;
      break;
    case OP_UNARY:
      op->code = OP_UNARY_CHAINED;
      break;
    default:
      break;
    }
}

/* Visits the producers of every input channel of @actor, then appends the registers they
 * write to the program's inputs (after what the visits appended), from @first. */
static gboolean
add_inputs (Builder *b, HycoActor *actor, guint *first, guint *n_inputs)
{
  GPtrArray *ports = _hyco_actor_get_private (actor)->ports;

  for (guint i = 0; i < ports->len; i++)
    {
      HycoPort *port = ports->pdata[i];
      for (guint c = 0; (port->flags & HYCO_PORT_INPUT) && c < port->n_sources; c++)
        if (port->source_ports[c] == NULL || !visit (b, port->source_ports[c]->container))
          return FALSE;
    }
  *first = b->inputs->len;
  *n_inputs = 0;
  for (guint i = 0; i < ports->len; i++)
    {
      HycoPort *port = ports->pdata[i];
      for (guint c = 0; (port->flags & HYCO_PORT_INPUT) && c < port->n_sources; c++)
        {
          guint index = GPOINTER_TO_UINT (g_hash_table_lookup (b->register_of, port->sources[c]));
          if (index == 0) /* another channel of the producer's output */
            return FALSE;
          index--;
          g_array_append_val (b->inputs, index);
          (*n_inputs)++;
        }
    }
  return TRUE;
}

static gboolean
arity_fits (const HycoStageFunctionSpec *spec, guint n_inputs)
{
  switch (spec->kind)
    {
    case HYCO_STAGE_FUNCTION_CONSTANT:
    case HYCO_STAGE_FUNCTION_OF_TIME:
      return TRUE;
    case HYCO_STAGE_FUNCTION_SCALE:
      return n_inputs == 1;
    case HYCO_STAGE_FUNCTION_UNARY:
      return n_inputs == 1 && spec->unary != NULL;
    case HYCO_STAGE_FUNCTION_SUM:
      return n_inputs >= 1;
    case HYCO_STAGE_FUNCTION_PRODUCT:
      return n_inputs >= 1 && spec->n_factors <= n_inputs;
    case HYCO_STAGE_FUNCTION_STATE:
    default:
      return FALSE; /* states are the program's inputs, not operations */
    }
}

/* Adds @actor's operation after those of everything it reads: a depth-first walk, so the
 * operations come in dependency order. States end the walk. */
static gboolean
visit (Builder *b, HycoActor *actor)
{
  HycoStageFunctionSpec spec;
  HycoSignal *signal = output_signal (actor);
  Operation op = { 0 };

  if (signal != NULL && g_hash_table_contains (b->register_of, signal))
    return TRUE;
  if (signal == NULL || g_hash_table_contains (b->visiting, actor)
      || !declared_function (b, actor, &spec))
    return FALSE;
  g_hash_table_add (b->visiting, actor);
  if (spec.kind == HYCO_STAGE_FUNCTION_CONSTANT)
    {
      /* Written once: no operation. */
      add_register (b, actor, signal, spec.constant);
      return TRUE;
    }
  if (!add_inputs (b, actor, &op.first_input, &op.n_inputs) || !arity_fits (&spec, op.n_inputs))
    return FALSE;
  op.spec = spec;
  op.a = op.n_inputs > 0 ? g_array_index (b->inputs, guint, op.first_input) : 0;
  op.b = op.n_inputs > 1 ? g_array_index (b->inputs, guint, op.first_input + 1) : 0;
  switch (spec.kind)
    {
    case HYCO_STAGE_FUNCTION_SCALE:
      op.code = OP_SCALE;
      break;
    case HYCO_STAGE_FUNCTION_SUM:
      op.code = op.n_inputs == 2 ? OP_ADD2 : OP_SUM;
      break;
    case HYCO_STAGE_FUNCTION_PRODUCT:
      op.code = op.n_inputs == 2 && op.spec.n_factors == 2 ? OP_MULTIPLY2 : OP_PRODUCT;
      break;
    case HYCO_STAGE_FUNCTION_UNARY:
      op.code = OP_UNARY;
      break;
    default:
      op.code = OP_OF_TIME;
    }
  chain (b, &op);
  op.output = add_register (b, actor, signal, 0);
  g_array_append_val (b->operations, op);
  return TRUE;
}

static void
builder_clear (Builder *b)
{
  g_hash_table_unref (b->governed);
  g_hash_table_unref (b->visiting);
  g_hash_table_unref (b->register_of);
  if (b->operations)
    g_array_unref (b->operations);
  if (b->inputs)
    g_array_unref (b->inputs);
  if (b->signals)
    g_ptr_array_unref (b->signals);
  if (b->actors)
    g_ptr_array_unref (b->actors);
  if (b->values)
    g_array_unref (b->values);
}

/* What the schedule does with an actor whose output the program computes: postfire it, or,
 * when that does nothing and no sink traces it, nothing. */
static HycoPrecomputed
precomputed_kind (HycoStageProgram *self, HycoActor *actor)
{
  HycoModel *model = self->priv->model;

  if (_hyco_actor_has_default_postfire (actor) && (model == NULL || !_hyco_model_has_trace (model)))
    return HYCO_PRECOMPUTED_DONE;
  return HYCO_PRECOMPUTED_POSTFIRE;
}

/* Marks the schedule entries of the actors whose outputs the program computes (or unmarks
 * all). */
static void
mark_entries (HycoStageProgram *self, gboolean precomputed)
{
  HycoSchedule *schedule = &self->priv->schedule;

  self->n_silent = 0;
  for (guint r = 0; precomputed && r < self->n_registers; r++)
    self->n_silent += precomputed_kind (self, self->actors[r]) == HYCO_PRECOMPUTED_DONE;
  for (guint e = 0; e < schedule->n_entries; e++)
    {
      HycoActor *actor = schedule->entries[e].actor;
      HycoPrecomputed kind = HYCO_PRECOMPUTED_NONE;
      for (guint r = 0; precomputed && r < self->n_registers; r++)
        if (self->actors[r] == actor)
          kind = precomputed_kind (self, actor);
      schedule->entries[e].precomputed = kind;
    }
}

/* The program computing the derivatives of @states (#HycoContinuousState actors) from the
 * states and time, or NULL when something upstream of a derivative does not declare its
 * function, or a state is not a plain integrator of this director. */
HycoStageProgram *
_hyco_stage_program_new (HycoDirector *director, GPtrArray *states)
{
  HycoDirectorPrivate *priv = _hyco_director_get_private (director);
  HycoStageProgram *self = NULL;
  g_autofree guint *derivatives = g_new (guint, MAX (states->len, 1));
  Builder b = {
    priv,
    g_hash_table_new (NULL, NULL),
    g_hash_table_new (NULL, NULL),
    g_hash_table_new (NULL, NULL),
    g_array_new (FALSE, FALSE, sizeof (Operation)),
    g_array_new (FALSE, FALSE, sizeof (guint)),
    g_ptr_array_new (),
    g_ptr_array_new (),
    g_array_new (FALSE, FALSE, sizeof (double)),
  };

  if (states->len == 0)
    goto out;
  for (guint a = 0; a < priv->schedule.actors->len; a++)
    g_hash_table_add (b.governed, priv->schedule.actors->pdata[a]);
  /* The states first: registers 0 .. n - 1. */
  for (guint i = 0; i < states->len; i++)
    {
      HycoActor *state = states->pdata[i];
      HycoSignal *signal = output_signal (state);
      HycoStageFunctionSpec spec;
      if (signal == NULL || !declared_function (&b, state, &spec)
          || spec.kind != HYCO_STAGE_FUNCTION_STATE)
        goto out;
      add_register (&b, state, signal, 0);
    }
  /* Then what their derivatives, the first input channel of each, need. */
  for (guint i = 0; i < states->len; i++)
    {
      guint n_inputs, first;
      if (!add_inputs (&b, states->pdata[i], &first, &n_inputs) || n_inputs < 1)
        goto out;
      derivatives[i] = g_array_index (b.inputs, guint, first);
      g_array_set_size (b.inputs, first);
    }

  self = g_new0 (HycoStageProgram, 1);
  self->priv = priv;
  self->n_states = states->len;
  self->n_operations = b.operations->len;
  self->operations = (Operation *) g_array_free (g_steal_pointer (&b.operations), FALSE);
  self->inputs = (guint *) g_array_free (g_steal_pointer (&b.inputs), FALSE);
  self->derivatives = g_steal_pointer (&derivatives);
  self->n_registers = b.signals->len;
  self->registers = (double *) g_array_free (g_steal_pointer (&b.values), FALSE);
  self->signals = (HycoSignal **) g_ptr_array_free (g_steal_pointer (&b.signals), FALSE);
  self->actors = (HycoActor **) g_ptr_array_free (g_steal_pointer (&b.actors), FALSE);
  for (guint o = 0; o < self->n_operations; o++)
    self->uses_time |= self->operations[o].code == OP_OF_TIME;
  mark_entries (self, TRUE);
out:
  builder_clear (&b);
  return self;
}

void
_hyco_stage_program_free (HycoStageProgram *self)
{
  if (self == NULL)
    return;
  mark_entries (self, FALSE);
  g_free (self->operations);
  g_free (self->inputs);
  g_free (self->derivatives);
  g_free (self->registers);
  g_free (self->signals);
  g_free (self->actors);
  g_free (self);
}

/* The derivatives @k at the states @x and model time @time (ticks of the director). */
void
_hyco_stage_program_evaluate (HycoStageProgram *self, gint64 time, const double *x, double *k)
{
  double *r = self->registers;
  const guint *in = self->inputs;
  double t = self->uses_time ? hyco_time_to_seconds (time, self->priv->resolution) : 0;

  /* Locals: without strict aliasing, every store would reload the fields. */
  const guint n_states = self->n_states, *derivatives = self->derivatives;

  for (guint i = 0; i < n_states; i++)
    r[i] = x[i];
  double v = 0; /* the last operation's value */

  for (guint o = 0; o < self->n_operations; o++)
    {
      const Operation *op = &self->operations[o];
      switch (op->code)
        {
        case OP_SCALE:
          v = op->spec.constant * r[op->a];
          break;
        case OP_SCALE_CHAINED:
          v = op->spec.constant * v;
          break;
        case OP_ADD2:
          v = r[op->a] + r[op->b];
          break;
        case OP_ADD2_CHAINED:
          v = v + r[op->b];
          break;
        case OP_SUM:
          {
            const guint *args = in + op->first_input;
            v = r[op->a];
            for (guint i = 1; i < op->n_inputs; i++)
              v = v + r[args[i]];
          }
          break;
        case OP_SUM_CHAINED_LAST:
          {
            const guint *args = in + op->first_input;
            const guint last = op->n_inputs - 1;
            const double chained = v;
            v = r[op->a];
            for (guint i = 1; i < last; i++)
              v = v + r[args[i]];
            v = v + chained;
          }
          break;
        case OP_MULTIPLY2:
          v = r[op->a] * r[op->b];
          break;
        case OP_MULTIPLY2_CHAINED:
          v = v * r[op->b];
          break;
        case OP_PRODUCT:
          {
            const guint *args = in + op->first_input;
            guint i = 0;
            v = op->spec.n_factors > 0 ? r[args[i++]] : 1.0;
            for (; i < op->spec.n_factors; i++)
              v = v * r[args[i]];
            for (; i < op->n_inputs; i++)
              v = v / r[args[i]];
          }
          break;
        case OP_PRODUCT_CHAINED_LAST:
          {
            const guint *args = in + op->first_input;
            const guint last = op->n_inputs - 1;
            const double chained = v;
            guint i = 0;
            v = op->spec.n_factors > 0 ? r[args[i++]] : 1.0;
            for (; i < MIN (op->spec.n_factors, last); i++)
              v = v * r[args[i]];
            for (; i < last; i++)
              v = v / r[args[i]];
            v = last < op->spec.n_factors ? v * chained : v / chained;
          }
          break;
        case OP_UNARY:
          v = op->spec.unary (r[op->a]);
          break;
        case OP_UNARY_CHAINED:
          v = op->spec.unary (v);
          break;
        case OP_OF_TIME:
        default:
          v = op->spec.of_time (op->spec.data, t);
          break;
        }
      r[op->output] = v;
    }
  for (guint i = 0; i < n_states; i++)
    k[i] = r[derivatives[i]];
}

/* The events of the step's end the schedule did not count: the outputs of the actors it
 * neither fired nor postfired (all present). */
guint
_hyco_stage_program_get_silent_events (HycoStageProgram *self)
{
  return self->n_silent;
}

/* The director's publish hook: the last evaluation's values become the outputs of the actors
 * computed, in the schedule's new epoch. */
void
_hyco_stage_program_publish (gpointer data)
{
  HycoStageProgram *self = data;

  const guint n = self->n_registers;
  HycoSignal *const *signals = self->signals;
  const double *r = self->registers;

  for (guint i = 0; i < n; i++)
    {
      HycoSignal *signal = signals[i];
      if (G_LIKELY (signal->value.type == HYCO_VALUE_TYPE_DOUBLE))
        signal->value.data.v_double = r[i];
      else
        hyco_value_set_double (&signal->value, r[i]);
      hyco_signal_mark_present (signal);
    }
}
