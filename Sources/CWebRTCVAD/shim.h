#ifndef PARLO_CWEBRTCVAD_SHIM_H
#define PARLO_CWEBRTCVAD_SHIM_H
// WebRTC's voice activity detector, from Debian's libwebrtc-audio-processing (0.3). The package
// exports the VAD's C functions but installs no header for them: these are the declarations of
// webrtc/common_audio/vad/include/webrtc_vad.h at that version.
#include <stddef.h>
#include <stdint.h>

typedef struct WebRtcVadInst VadInst;

/// Allocates a detector (NULL when out of memory); free it with WebRtcVad_Free.
VadInst *WebRtcVad_Create(void);
void WebRtcVad_Free(VadInst *handle);
/// Resets a detector to its start state; 0 on success, -1 on a NULL handle.
int WebRtcVad_Init(VadInst *handle);
/// 0 (quality) … 3 (very aggressive: least noise called speech); 0 on success, -1 otherwise.
int WebRtcVad_set_mode(VadInst *handle, int mode);
/// 1 speech, 0 non-speech, -1 error, for one frame of 10, 20 or 30 ms at 8/16/32/48 kHz.
int WebRtcVad_Process(VadInst *handle, int fs, const int16_t *audio_frame, size_t frame_length);

#endif
