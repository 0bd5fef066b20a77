#ifndef PARLO_CFFTW_SHIM_H
#define PARLO_CFFTW_SHIM_H
#include <fftw3.h>

/// Planning flags as plain constants (fftw3.h defines them as shifted macros): estimate the plan
/// (no timing runs) and accept arrays of any alignment, so that one plan serves every buffer.
static const unsigned parlo_fftw_flags = FFTW_ESTIMATE | FFTW_UNALIGNED;
#endif
