/* hyco-fmu.c: placeholder until the loader lands. */
#include "hyco-fmu.h"
