/* hyco-actors.c: registration of the actor library.
 *
 * SPDX-License-Identifier: LGPL-2.1-or-later
 */
#include "hyco-actors.h"

/**
 * hyco_actors_register:
 *
 * Registers every actor of the library under the class name model files use (Ptolemy II's
 * names). hyco_init() calls it; applications do not need to.
 */
void
hyco_actors_register (void)
{
  hyco_registry_register ("Const", HYCO_TYPE_CONST);
  hyco_registry_register ("DiscreteClock", HYCO_TYPE_DISCRETE_CLOCK);
  hyco_registry_register ("Ramp", HYCO_TYPE_RAMP);
  hyco_registry_register ("CurrentTime", HYCO_TYPE_CURRENT_TIME);
  hyco_registry_register ("Gain", HYCO_TYPE_GAIN);
  hyco_registry_register ("Scale", HYCO_TYPE_GAIN);
  hyco_registry_register ("Adder", HYCO_TYPE_ADDER);
  hyco_registry_register ("Product", HYCO_TYPE_PRODUCT);
  hyco_registry_register ("MultiplyDivide", HYCO_TYPE_PRODUCT);
  hyco_registry_register ("MathFunction", HYCO_TYPE_MATH_FUNCTION);
  hyco_registry_register ("Sampler", HYCO_TYPE_SAMPLER);
  hyco_registry_register ("TimeDelay", HYCO_TYPE_TIME_DELAY);
  hyco_registry_register ("MicrostepDelay", HYCO_TYPE_MICROSTEP_DELAY);
  hyco_registry_register ("Recorder", HYCO_TYPE_RECORDER);
  hyco_registry_register ("Test", HYCO_TYPE_TEST);
  hyco_registry_register ("LogicalOperator", HYCO_TYPE_LOGICAL_OPERATOR);
  hyco_registry_register ("LogicalNot", HYCO_TYPE_LOGICAL_NOT);
  hyco_registry_register ("Comparator", HYCO_TYPE_COMPARATOR);
  hyco_registry_register ("Pre", HYCO_TYPE_PRE);
  hyco_registry_register ("UnitDelay", HYCO_TYPE_UNIT_DELAY);
  hyco_registry_register ("Default", HYCO_TYPE_DEFAULT);
  hyco_registry_register ("Integrator", HYCO_TYPE_INTEGRATOR);
  hyco_registry_register ("ContinuousIntegrator", HYCO_TYPE_INTEGRATOR);
  hyco_registry_register ("ZeroCrossingDetector", HYCO_TYPE_ZERO_CROSSING_DETECTOR);
  hyco_registry_register ("LevelCrossingDetector", HYCO_TYPE_ZERO_CROSSING_DETECTOR);
  hyco_registry_register ("PeriodicPiecewiseConstant", HYCO_TYPE_PERIODIC_PIECEWISE_CONSTANT);
  hyco_registry_register ("ZeroOrderHold", HYCO_TYPE_ZERO_ORDER_HOLD);
  hyco_registry_register ("ContinuousSinewave", HYCO_TYPE_CONTINUOUS_SINEWAVE);
  hyco_registry_register ("ContinuousRamp", HYCO_TYPE_CONTINUOUS_RAMP);
  hyco_registry_register ("PeriodicSampler", HYCO_TYPE_PERIODIC_SAMPLER);
  hyco_registry_register ("Counter", HYCO_TYPE_COUNTER);
}
