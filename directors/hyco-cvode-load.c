/* hyco-cvode-load.c: the stiff solver's functions (hyco-cvode.h), from the module hyco-cvode,
 * loaded when a continuous director first makes one.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-cvode.h"
#include "hyco-kernel.h"
#include "hyco-module-private.h"

/* Set once, by the first _hyco_cvode_new(): every other function has a HycoCvode it made. */
static const HycoCvodeOps *cvode_ops;

HycoCvode *
_hyco_cvode_new (guint n, double relative_tolerance, const double *absolute_tolerances,
                 double max_step, double initial_step, HycoCvodeLinearSolver linear_solver,
                 HycoCvodeRhs rhs, gpointer user_data, GError **error)
{
  const HycoCvodeOps *ops = g_atomic_pointer_get (&cvode_ops);

  if (ops == NULL)
    {
      ops
        = _hyco_module_symbol ("directors", "hyco-cvode", HYCO_CVODE_OPS_SYMBOL, "the solver CVODE",
                               HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_FAILED, error);
      if (ops == NULL)
        return NULL;
      g_atomic_pointer_set (&cvode_ops, ops);
    }
  return ops->new (n, relative_tolerance, absolute_tolerances, max_step, initial_step,
                   linear_solver, rhs, user_data, HYCO_ACTOR_ERROR, HYCO_ACTOR_ERROR_FAILED, error);
}

static const HycoCvodeOps *
ops (void)
{
  return g_atomic_pointer_get (&cvode_ops);
}

HycoCvodeLinearSolver
_hyco_cvode_get_linear_solver (HycoCvode *self)
{
  return ops ()->get_linear_solver (self);
}

gboolean
_hyco_cvode_set_tolerances (HycoCvode *self, double relative_tolerance,
                            const double *absolute_tolerances, GError **error)
{
  return ops ()->set_tolerances (self, relative_tolerance, absolute_tolerances, error);
}

gboolean
_hyco_cvode_restart (HycoCvode *self, double t, const double *y, GError **error)
{
  return ops ()->restart (self, t, y, error);
}

gboolean
_hyco_cvode_step (HycoCvode *self, double t_stop, double *t_reached, double *y, GError **error)
{
  return ops ()->step (self, t_stop, t_reached, y, error);
}

gboolean
_hyco_cvode_advance (HycoCvode *self, double t_end, double *y, GError **error)
{
  return ops ()->advance (self, t_end, y, error);
}

void
_hyco_cvode_free (HycoCvode *self)
{
  if (self != NULL)
    ops ()->free (self);
}
