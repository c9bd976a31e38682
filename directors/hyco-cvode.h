/* hyco-cvode.h: the stiff solver backend of the continuous director, on SUNDIALS CVODE (BDF),
 * in the module hyco-cvode (hyco-cvode.c), which hyco-cvode-load.c loads when the first one is
 * made. Internal.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _HycoCvode HycoCvode;

/* Evaluates the derivatives at @t (seconds) for the states @y; FALSE with @error to stop. */
typedef gboolean (*HycoCvodeRhs) (gpointer user_data, double t, const double *y, double *ydot,
                                  GError **error);

/* The linear solver of CVODE's Newton iterations, both on Jacobians by difference quotients:
 * AUTO chooses BAND where the Jacobian's band, probed at the first restart, is at most a
 * quarter of the states wide, DENSE elsewhere. */
typedef enum
{
  HYCO_CVODE_LINEAR_SOLVER_AUTO,
  HYCO_CVODE_LINEAR_SOLVER_DENSE,
  HYCO_CVODE_LINEAR_SOLVER_BAND,
} HycoCvodeLinearSolver;

/* @absolute_tolerances: one per state. */
HycoCvode *_hyco_cvode_new (guint n, double relative_tolerance, const double *absolute_tolerances,
                            double max_step, double initial_step,
                            HycoCvodeLinearSolver linear_solver, HycoCvodeRhs rhs,
                            gpointer user_data, GError **error);
/* What was chosen (AUTO before the first restart). */
HycoCvodeLinearSolver _hyco_cvode_get_linear_solver (HycoCvode *self);
/* New absolute tolerances (the states' nominals changed). */
gboolean _hyco_cvode_set_tolerances (HycoCvode *self, double relative_tolerance,
                                     const double *absolute_tolerances, GError **error);
gboolean _hyco_cvode_restart (HycoCvode *self, double t, const double *y, GError **error);
gboolean _hyco_cvode_step (HycoCvode *self, double t_stop, double *t_reached, double *y,
                           GError **error);
gboolean _hyco_cvode_advance (HycoCvode *self, double t_end, double *y, GError **error);
void _hyco_cvode_free (HycoCvode *self);

/* The module's table, "hyco_cvode_ops": the functions above, CVODE's own failures reported in
 * @error_domain and @error_code. */
typedef struct
{
  HycoCvode *(*new) (guint n, double relative_tolerance, const double *absolute_tolerances,
                     double max_step, double initial_step, HycoCvodeLinearSolver linear_solver,
                     HycoCvodeRhs rhs, gpointer user_data, GQuark error_domain, gint error_code,
                     GError **error);
  HycoCvodeLinearSolver (*get_linear_solver) (HycoCvode *self);
  gboolean (*set_tolerances) (HycoCvode *self, double relative_tolerance,
                              const double *absolute_tolerances, GError **error);
  gboolean (*restart) (HycoCvode *self, double t, const double *y, GError **error);
  gboolean (*step) (HycoCvode *self, double t_stop, double *t_reached, double *y, GError **error);
  gboolean (*advance) (HycoCvode *self, double t_end, double *y, GError **error);
  void (*free) (HycoCvode *self);
} HycoCvodeOps;

#define HYCO_CVODE_OPS_SYMBOL "hyco_cvode_ops"

G_END_DECLS
