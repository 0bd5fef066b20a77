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
#include <sphinxbase/cmn.h>
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
/* Length of the live cepstral-mean vector (0 when the model uses none). */
static inline int parlo_ps_cmn_length(ps_decoder_t *ps) {
    feat_t *f = ps_get_feat(ps);
    return (f && f->cmn_struct) ? f->cmn_struct->veclen : 0;
}

/* Copies the live cepstral mean out (`out` holds parlo_ps_cmn_length values). */
static inline void parlo_ps_cmn_get(ps_decoder_t *ps, float *out) {
    cmn_t *c = ps_get_feat(ps)->cmn_struct;
    for (int i = 0; i < c->veclen; i++) out[i] = (float)c->cmn_mean[i];
}

/* Sets the live cepstral mean (and restarts its running sums from it). */
static inline void parlo_ps_cmn_set(ps_decoder_t *ps, const float *in) {
    cmn_t *c = ps_get_feat(ps)->cmn_struct;
    mfcc_t v[64];
    int n = c->veclen < 64 ? c->veclen : 64;
    for (int i = 0; i < n; i++) v[i] = (mfcc_t)in[i];
    cmn_live_set(c, v);
}
/* Copies the running sums behind the live cepstral mean out and returns how many frames they
 * hold (their mean is sum / frames). */
static inline int parlo_ps_cmn_sums(ps_decoder_t *ps, float *out) {
    cmn_t *c = ps_get_feat(ps)->cmn_struct;
    for (int i = 0; i < c->veclen; i++) out[i] = (float)c->sum[i];
    return c->nframe;
}
/* Moves the live cepstral mean towards the frames streamed since it was last set: the current
 * mean counts as `prior_frames` frames against them, then the sums are re-seated at CMN_WIN (500)
 * frames of the result. PocketSphinx itself moves the mean to sum / frames once 800 frames have
 * gathered, and at the end of an utterance whose last block brings frames (feat_cmn's
 * end-of-utterance update): that is nearly every utterance (234 of the 235 of DEV's quiet stream,
 * all 252 at 5 dB; session 48). The blend then gives that mean back whatever `prior_frames` is:
 * the stream's mean counts as the 500 frames (5 s) the sums were seated with, and re-seating
 * them keeps it there instead of growing towards 800. Returns the frames the move used. */
static inline int parlo_ps_cmn_adapt(ps_decoder_t *ps, float prior_frames) {
    cmn_t *c = ps_get_feat(ps)->cmn_struct;
    int fresh = c->nframe - CMN_WIN;
    if (fresh <= 0 || c->veclen > 64) return 0;
    mfcc_t v[64];
    for (int i = 0; i < c->veclen; i++) {
        float fresh_sum = (float)c->sum[i] - (float)c->cmn_mean[i] * CMN_WIN;
        v[i] = (mfcc_t)((prior_frames * (float)c->cmn_mean[i] + fresh_sum) / (prior_frames + fresh));
    }
    cmn_live_set(c, v);
    return fresh;
}
/* Runs the decoder's front end over `samples` as one utterance and hands its frames to the live
 * cepstral mean, `block` frames at a time (the running sums are scaled back after a block that
 * takes them past 800 frames), then updates the mean as the end of an utterance does: what a
 * streaming decoding pass leaves in the sums, without the search. Leaves the feature module on
 * the live mean, as any streamed pass does. Returns the frames, -1 on failure. */
static inline int parlo_ps_cmn_measure(ps_decoder_t *ps, const int16 *samples, size_t n, int block) {
    fe_t *fe = ps_get_fe(ps);
    feat_t *f = ps_get_feat(ps);
    if (!fe || !f || !f->cmn_struct || block <= 0) return -1;
    mfcc_t **buf = (mfcc_t **)ckd_calloc_2d(block, fe_get_output_size(fe), sizeof(mfcc_t));
    int total = 0;
    if (fe_start_utt(fe) < 0) { ckd_free_2d(buf); return -1; }
    while (n > 0) {
        int32 frames = block;
        size_t before = n;
        if (fe_process_frames(fe, &samples, &n, buf, &frames, NULL) < 0) { ckd_free_2d(buf); return -1; }
        if (frames > 0) cmn_live(f->cmn_struct, buf, 0, frames);
        total += frames;
        if (frames == 0 && n == before) break;   /* the rest is shorter than a frame: fe_end_utt takes it */
    }
    int32 last = 0;
    fe_end_utt(fe, buf[0], &last);
    if (last > 0) cmn_live(f->cmn_struct, buf, 0, last);
    total += last;
    cmn_live_update(f->cmn_struct);
    f->cmn = CMN_LIVE;
    ckd_free_2d(buf);
    return total;
}
/* Puts the live cepstral mean back as a new decoder has it: `mean`, and empty running sums. */
static inline void parlo_ps_cmn_restart(ps_decoder_t *ps, const float *mean) {
    cmn_t *c = ps_get_feat(ps)->cmn_struct;
    for (int i = 0; i < c->veclen; i++) { c->cmn_mean[i] = (mfcc_t)mean[i]; c->sum[i] = 0; }
    c->nframe = 0;
}
/* Puts the live cepstral mean and its running sums back as parlo_ps_cmn_get and
 * parlo_ps_cmn_sums read them: a stream's state, kept across a whole decode between its
 * utterances. */
static inline void parlo_ps_cmn_put(ps_decoder_t *ps, const float *mean, const float *sums, int nframe) {
    cmn_t *c = ps_get_feat(ps)->cmn_struct;
    for (int i = 0; i < c->veclen; i++) { c->cmn_mean[i] = (mfcc_t)mean[i]; c->sum[i] = (mfcc_t)sums[i]; }
    c->nframe = nframe;
}
#endif
