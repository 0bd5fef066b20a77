#ifndef PARLO_CALSA_SHIM_H
#define PARLO_CALSA_SHIM_H
#include <alsa/asoundlib.h>

/* libasound prints its own errors through a variadic handler Swift cannot implement. */
static void parlo_alsa_quiet_handler(const char *file, int line, const char *function, int err,
                                     const char *fmt, ...) {
    (void)file; (void)line; (void)function; (void)err; (void)fmt;
}

/* Silences (enabled == 0) or restores libasound's own error printing. */
static inline void parlo_alsa_set_logging(int enabled) {
    snd_lib_error_set_handler(enabled ? NULL : parlo_alsa_quiet_handler);
}
#endif
