import CSpeexDSP
import ParloCore

/// Acoustic echo cancellation with libspeexdsp: removes what the speakers played from what the
/// microphone heard, so the listener can hear a student talking over Parlo's own voice.
///
/// Owns a `SpeexEchoState` (an adaptive filter, MDF, estimating the speaker → room → microphone
/// path) and, optionally, a `SpeexPreprocessState` linked to it: speex's own advice is to follow
/// the linear canceller with its residual-echo suppressor, because the filter alone leaves what it
/// cannot model (non-linear speakers, a path that changed). Both are freed in `deinit`.
///
/// Works on fixed frames of speech-format audio (`frameSize`, 20 ms = 320 samples at 16 kHz:
/// speex's FFT wants a power-of-two-friendly size of 10–20 ms). Not thread-safe: one task owns it
/// (the capture side). `CaptureEchoFilter` cuts capture chunks into frames and fetches the
/// far-end from an `EchoReference`.
public final class EchoCanceller {
    public struct Options: Sendable, Equatable {
        /// Samples per frame (20 ms at 16 kHz).
        public var frameSize = 320
        /// Longest echo path the filter models, seconds: the acoustic delay + reverberation,
        /// *plus* any error in aligning the reference. 250 ms covers a desk (a few ms of air, tens
        /// of ms of reverberation) with room for the alignment error of a live device.
        public var tailSeconds = 0.25
        public var sampleRate = SpeechFormat.sampleRate
        /// Run speex's residual echo suppressor after the linear filter.
        public var residualSuppression = true
        /// Attenuation of residual echo when the far end alone talks, dB (speex default −40).
        public var echoSuppressDB: Int32 = -40
        /// Attenuation of residual echo while the near end talks too, dB (speex default −15):
        /// milder, so a student's word over Parlo's voice is not eaten.
        public var echoSuppressActiveDB: Int32 = -15
        /// Stationary noise suppression of the preprocessor, dB. Speex applies the echo
        /// suppressor only with its denoiser on, so it stays on, gently: PocketSphinx and the
        /// endpointer measure room noise themselves.
        public var noiseSuppressDB: Int32 = -6
        public init() {}
    }

    public let options: Options
    private let echo: OpaquePointer
    private let preprocess: OpaquePointer?
    private var output: [Int16]

    public init(options: Options = .init()) throws {
        let tail = Int((options.tailSeconds * Double(options.sampleRate)).rounded())
        guard options.frameSize > 0, tail >= options.frameSize,
              let state = speex_echo_state_init(Int32(options.frameSize), Int32(tail)) else {
            throw EchoError(.badConfiguration, "cannot create an echo canceller with \(options.frameSize)-sample frames and a \(tail)-sample tail")
        }
        echo = state
        var rate = Int32(options.sampleRate)
        speex_echo_ctl(echo, SPEEX_ECHO_SET_SAMPLING_RATE, &rate)
        if options.residualSuppression {
            guard let pre = speex_preprocess_state_init(Int32(options.frameSize), Int32(options.sampleRate)) else {
                speex_echo_state_destroy(state)
                throw EchoError(.badConfiguration, "cannot create the speex preprocessor at \(options.sampleRate) Hz")
            }
            var on: Int32 = 1, off: Int32 = 0
            var noise = options.noiseSuppressDB, suppress = options.echoSuppressDB, active = options.echoSuppressActiveDB
            speex_preprocess_ctl(pre, SPEEX_PREPROCESS_SET_DENOISE, &on)
            speex_preprocess_ctl(pre, SPEEX_PREPROCESS_SET_NOISE_SUPPRESS, &noise)
            speex_preprocess_ctl(pre, SPEEX_PREPROCESS_SET_AGC, &off)
            speex_preprocess_ctl(pre, SPEEX_PREPROCESS_SET_VAD, &off)
            speex_preprocess_ctl(pre, SPEEX_PREPROCESS_SET_DEREVERB, &off)
            speex_preprocess_ctl(pre, SPEEX_PREPROCESS_SET_ECHO_SUPPRESS, &suppress)
            speex_preprocess_ctl(pre, SPEEX_PREPROCESS_SET_ECHO_SUPPRESS_ACTIVE, &active)
            speex_preprocess_ctl(pre, SPEEX_PREPROCESS_SET_ECHO_STATE, UnsafeMutableRawPointer(echo))
            preprocess = pre
        } else {
            preprocess = nil
        }
        self.options = options
        output = [Int16](repeating: 0, count: options.frameSize)
    }

    deinit {
        if let preprocess { speex_preprocess_state_destroy(preprocess) }
        speex_echo_state_destroy(echo)
    }

    public var frameSize: Int { options.frameSize }

    /// Samples by which the output trails the input: one frame with the residual suppressor
    /// (its overlap-add hands each frame out one call later — measured: the student's voice
    /// lines up best at exactly 320 samples), none for the linear filter alone.
    public var latency: Int { preprocess == nil ? 0 : frameSize }

    /// Cancels one frame in place: `mic` (what was captured) minus the echo of `far` (what was
    /// played at the same stream time). Both hold exactly `frameSize` samples; the result is
    /// `latency` samples late.
    public func process(mic: UnsafeMutableBufferPointer<Int16>, far: UnsafeBufferPointer<Int16>) {
        precondition(mic.count == frameSize && far.count == frameSize, "echo frames must hold \(frameSize) samples")
        output.withUnsafeMutableBufferPointer { out in
            speex_echo_cancellation(echo, mic.baseAddress, far.baseAddress, out.baseAddress)
            if let preprocess { _ = speex_preprocess_run(preprocess, out.baseAddress) }
            _ = mic.update(fromContentsOf: out)
        }
    }

    /// Cancels whole frames of `mic` against `far` (same length, a multiple of `frameSize`);
    /// the result is `latency` samples late.
    public func process(mic: [Int16], far: [Int16]) -> [Int16] {
        precondition(mic.count == far.count && mic.count % frameSize == 0, "echo input must be whole frames")
        var out = mic
        out.withUnsafeMutableBufferPointer { m in
            far.withUnsafeBufferPointer { f in
                var i = 0
                while i < m.count {
                    process(mic: UnsafeMutableBufferPointer(rebasing: m[i..<(i + frameSize)]),
                            far: UnsafeBufferPointer(rebasing: f[i..<(i + frameSize)]))
                    i += frameSize
                }
            }
        }
        return out
    }

    /// Forgets the learned echo path (the speakers or the room changed).
    public func reset() { speex_echo_state_reset(echo) }
}
