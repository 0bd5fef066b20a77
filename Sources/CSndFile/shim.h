#ifndef PARLO_CSNDFILE_SHIM_H
#define PARLO_CSNDFILE_SHIM_H
#include <sndfile.h>
#endif
