import CSpeexDSP
import Foundation
import ParloCore

/// Stationary noise suppression with libspeexdsp's preprocessor: takes steady background noise
/// (a fan, a room, a microphone's hiss) out of captured or recorded speech before the recognizer
/// hears it.
///
/// Owns a `SpeexPreprocessState` with only its denoiser on: no automatic gain (the recognizer
/// normalises levels itself, and gain riding between words would look like speech), no voice
/// activity detection, no dereverberation. The denoiser learns the noise spectrum continuously
/// (minimum tracking), so it needs no noise-only training and follows slow changes; it attenuates
/// each frequency band by at most `suppressDB`. Freed in `deinit`.
///
/// Speex works on fixed frames; this type buffers partial frames, so chunks of any size work,
/// and compensates speex's one-frame overlap-add delay: output is aligned with input sample for
/// sample, and `finish()` flushes the last frame with silence so that as many samples come out as
/// went in (see `AudioConditioner`). Not thread-safe: one per stream.
public final class NoiseSuppressor: AudioConditioner {
    public struct Options: Sendable, Equatable {
        /// Largest attenuation of noise, dB (negative; speex's default is -15).
        public var suppressDB: Int32
        /// Samples per speex frame: 160 (10 ms) or 320 (20 ms) at 16 kHz.
        public var frameSize: Int
        public var sampleRate: Int
        /// Whole inputs (`condition`): run the input through once to learn its noise, then
        /// again for the output, so its first frames are cleaned with a settled estimate.
        public var learnFirst: Bool
        /// Whole inputs: suppress only when the loud frames are less than this many dB above the
        /// quiet ones (see `levelSpread`), i.e. only noisy recordings; nil: always.
        public var maximumSpreadDB: Double?

        public init(suppressDB: Int32 = -15, frameSize: Int = 320, sampleRate: Int = SpeechFormat.sampleRate,
                    learnFirst: Bool = false, maximumSpreadDB: Double? = nil) {
            self.suppressDB = suppressDB; self.frameSize = frameSize; self.sampleRate = sampleRate
            self.learnFirst = learnFirst; self.maximumSpreadDB = maximumSpreadDB
        }
    }

    public let options: Options
    private var state: OpaquePointer
    /// Input not yet a whole frame.
    private var pending: [Int16] = []
    private var frame: [Int16]
    /// Input samples taken and aligned output samples handed out since the input began.
    private var taken = 0, given = 0
    /// Leading output samples still to drop: speex's delay.
    private var skip: Int

    public init(options: Options = .init()) throws {
        guard (1...60).contains(-Int(options.suppressDB)) else {
            throw EchoError(.badSuppressorConfiguration, "cannot suppress noise by \(options.suppressDB) dB")
        }
        guard let state = Self.makeState(options) else {
            throw EchoError(.badSuppressorConfiguration, "cannot create a noise suppressor with \(options.frameSize)-sample frames at \(options.sampleRate) Hz")
        }
        self.options = options
        self.state = state
        frame = [Int16](repeating: 0, count: options.frameSize)
        skip = options.frameSize
    }

    deinit { speex_preprocess_state_destroy(state) }

    /// A preprocessor with the denoiser alone, or nil if speex refuses the frame size or rate.
    private static func makeState(_ options: Options) -> OpaquePointer? {
        guard (64...2048).contains(options.frameSize), options.sampleRate > 0,
              let state = speex_preprocess_state_init(Int32(options.frameSize), Int32(options.sampleRate)) else { return nil }
        var on: Int32 = 1, off: Int32 = 0, level = options.suppressDB
        speex_preprocess_ctl(state, SPEEX_PREPROCESS_SET_DENOISE, &on)
        speex_preprocess_ctl(state, SPEEX_PREPROCESS_SET_NOISE_SUPPRESS, &level)
        speex_preprocess_ctl(state, SPEEX_PREPROCESS_SET_AGC, &off)
        speex_preprocess_ctl(state, SPEEX_PREPROCESS_SET_VAD, &off)
        speex_preprocess_ctl(state, SPEEX_PREPROCESS_SET_DEREVERB, &off)
        return state
    }

    public var frameSize: Int { options.frameSize }

    /// Samples speex's overlap-add holds back (one frame); `process` and `finish` take it off.
    public var latency: Int { options.frameSize }

    public func process(_ samples: UnsafeBufferPointer<Int16>) -> [Int16] {
        pending.append(contentsOf: samples)
        taken += samples.count
        var out: [Int16] = []
        out.reserveCapacity(pending.count)
        var start = 0
        while pending.count - start >= frameSize {
            run(pending[start..<(start + frameSize)], into: &out)
            start += frameSize
        }
        pending.removeFirst(start)
        given += out.count
        return out
    }

    public func finish() -> [Int16] {
        var out: [Int16] = []
        while given + out.count < taken {
            var last = pending
            pending = []
            last += [Int16](repeating: 0, count: frameSize - last.count)
            run(last[...], into: &out)
        }
        out.removeLast(given + out.count - taken)
        reset()
        return out
    }

    public func condition(_ samples: [Int16]) -> [Int16] {
        if let limit = options.maximumSpreadDB, Self.levelSpread(samples) >= limit { return samples }
        reset()
        if options.learnFirst {
            _ = samples.withUnsafeBufferPointer { process($0) }
            restartInput()      // keeps the noise estimate; the frame speex still holds is skipped
        }
        var out = samples.withUnsafeBufferPointer { process($0) }
        out += finish()
        return out
    }

    /// How far the loud 20 ms frames (95th percentile of energy) stand above the quiet ones
    /// (10th percentile), dB: about the signal-to-noise ratio plus 5–10 dB for speech with
    /// pauses; 70 dB and more for speech in digital silence.
    public static func levelSpread(_ samples: [Int16]) -> Double {
        let frame = SpeechFormat.samplesPer20ms
        guard samples.count >= frame else { return 0 }
        var levels: [Double] = []
        levels.reserveCapacity(samples.count / frame)
        var start = 0
        while start + frame <= samples.count {
            var sum = 0.0
            for i in start..<(start + frame) { let x = Double(samples[i]); sum += x * x }
            levels.append(10 * log10(sum / Double(frame) + 1))
            start += frame
        }
        levels.sort()
        func percentile(_ p: Double) -> Double { levels[min(levels.count - 1, Int(p * Double(levels.count - 1)))] }
        return percentile(0.95) - percentile(0.10)
    }

    /// Starts a new, independent input: speex has no reset, so the state is made anew (the old
    /// one is kept, with its noise estimate, in the unlikely case that allocation fails).
    public func reset() {
        if let fresh = Self.makeState(options) {
            speex_preprocess_state_destroy(state)
            state = fresh
        }
        restartInput()
    }

    /// Forgets buffered input; output starts aligned again.
    private func restartInput() {
        pending = []
        taken = 0; given = 0
        skip = frameSize
    }

    /// Denoises one whole frame and appends it to `out`, minus the samples still to skip.
    private func run(_ input: ArraySlice<Int16>, into out: inout [Int16]) {
        frame.withUnsafeMutableBufferPointer { f in
            _ = f.update(fromContentsOf: input)
            _ = speex_preprocess_run(state, f.baseAddress)
        }
        let drop = min(skip, frameSize)
        skip -= drop
        out.append(contentsOf: frame[drop...])
    }
}
