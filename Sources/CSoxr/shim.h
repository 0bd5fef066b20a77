#ifndef PARLO_CSOXR_SHIM_H
#define PARLO_CSOXR_SHIM_H
#include <soxr.h>
#endif
