#ifndef PARLO_CSPEEXDSP_SHIM_H
#define PARLO_CSPEEXDSP_SHIM_H
#include <speex/speex_echo.h>
#include <speex/speex_preprocess.h>
#endif
