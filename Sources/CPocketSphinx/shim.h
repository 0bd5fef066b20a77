#ifndef PARLO_CPOCKETSPHINX_SHIM_H
#define PARLO_CPOCKETSPHINX_SHIM_H
/* Thin shim over PocketSphinx 5prealpha + sphinxbase: only what Swift cannot call directly. */
#include <stdio.h>
#include <pocketsphinx.h>
#include <sphinxbase/err.h>
#include <sphinxbase/cmd_ln.h>
#include <sphinxbase/logmath.h>
#include <sphinxbase/fsg_model.h>
#include <sphinxbase/jsgf.h>
#include <sphinxbase/feat.h>
#include <string.h>

/* cmd_ln_init is variadic: build a config from an argv-style array instead. */
static inline cmd_ln_t *parlo_ps_config(int argc, char **argv) {
    return cmd_ln_parse_r(NULL, ps_args(), argc, argv, 1);
}

/* sphinxbase logs to stderr by default; NULL silences it, stderr restores it. */
static inline void parlo_ps_set_logging(int enabled) {
    err_set_logfp(enabled ? stderr : NULL);
}

/* Converts a log-domain score into a linear probability (0...1). */
static inline double parlo_ps_exp(ps_decoder_t *ps, int32 logprob) {
    return logmath_exp(ps_get_logmath(ps), logprob);
}

/* The language weight (-lw) the decoder scales grammar transition log-probabilities by. */
static inline double parlo_ps_language_weight(ps_decoder_t *ps) {
    return cmd_ln_float_r(ps_get_config(ps), "-lw");
}
#endif
