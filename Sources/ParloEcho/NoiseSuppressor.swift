import CSpeexDSP
import Foundation
import ParloCore
import ParloMeter

/// Stationary noise suppression with libspeexdsp's preprocessor: takes steady background noise
/// (a fan, a room, a microphone's hiss) out of captured or recorded speech before the recognizer
/// hears it.
///
/// Owns a `SpeexPreprocessState` with only its denoiser on: no automatic gain (the recognizer
/// normalises levels itself, and gain riding between words would look like speech), no voice
/// activity detection (off from the start: speex warns on stderr whenever it is set), no
/// dereverberation. The denoiser tracks the noise spectrum continuously
/// (minimum statistics) and attenuates each frequency bin by at most `suppressDB`. Freed in
/// `deinit`.
///
/// Speex works on fixed frames; this type buffers partial frames, so chunks of any size work,
/// and compensates speex's one-frame overlap-add delay: output is aligned with input sample for
/// sample, and `finish()` flushes the last frame with silence so that as many samples come out as
/// went in (see `AudioConditioner`). Without `learnFirst` or `maximumSpreadDB`, less than two
/// frames are ever held back; with them, a stream's first `lookahead` samples are (whole inputs
/// given to `condition` are judged as a whole). Not thread-safe: one per stream.
public final class NoiseSuppressor: AudioConditioner {
    public struct Options: Sendable, Equatable {
        /// Largest attenuation of noise, dB (negative; speex's default is -15).
        public var suppressDB: Int32
        /// Samples per speex frame: 160 (10 ms) or 320 (20 ms) at 16 kHz.
        public var frameSize: Int
        public var sampleRate: Int
        /// Run the input's start (`lookahead`, or a whole input) through once to learn its noise,
        /// then again for the output: otherwise speex cleans the first words with a noise
        /// estimate still being learned, and a short command is mostly first words.
        public var learnFirst: Bool
        /// Suppress only when the loud frames of the input's start (or of a whole input) are less
        /// than this many dB above its quiet ones (see `levelSpread`), i.e. only noisy audio,
        /// and pass other audio through untouched; nil: always suppress.
        public var maximumSpreadDB: Double?
        /// Samples of a stream that `learnFirst` and `maximumSpreadDB` look at (2 s).
        public var lookahead: Int
        /// For live streams: hand out the denoised audio only while this gate finds the room
        /// noisy, and the input itself otherwise (speex keeps learning the noise all along).
        /// The live counterpart of `learnFirst` and `maximumSpreadDB`, which judge a file's start:
        /// use one or the other (with both, the learning pass would be judged twice).
        public var roomGate: NoisyRoomGate.Options?

        public init(suppressDB: Int32 = -15, frameSize: Int = 320, sampleRate: Int = SpeechFormat.sampleRate,
                    learnFirst: Bool = false, maximumSpreadDB: Double? = nil, lookahead: Int = 2 * SpeechFormat.sampleRate,
                    roomGate: NoisyRoomGate.Options? = nil) {
            self.suppressDB = suppressDB; self.frameSize = frameSize; self.sampleRate = sampleRate
            self.learnFirst = learnFirst; self.maximumSpreadDB = maximumSpreadDB; self.lookahead = lookahead
            self.roomGate = roomGate
        }
    }

    /// What the current input gets: not known before the lookahead is in (with `learnFirst` or a
    /// spread limit), then speex's denoiser or nothing.
    private enum Mode { case undecided, suppress, passThrough }

    public let options: Options
    private var state: OpaquePointer
    /// Input not yet handed out (a partial frame, or the lookahead).
    private var pending: [Int16] = []
    private var frame: [Int16]
    /// Input samples taken and aligned output samples handed out since the input began.
    private var taken = 0, given = 0
    /// Leading output samples still to drop: speex's delay.
    private var skip: Int
    private var mode: Mode = .undecided
    /// With `roomGate`: the verdict, the input frame speex's output lags behind, and whether the
    /// last frame handed out was denoised (a switch crossfades over one frame).
    private var gate: NoisyRoomGate?
    private var lastInput: [Int16]
    private var lastDenoised = true

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
        lastInput = frame
        skip = options.frameSize
        restartInput()
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
        speex_preprocess_ctl(state, SPEEX_PREPROCESS_SET_DEREVERB, &off)
        // Voice activity detection starts off; setting it, even off, prints a warning to stderr.
        return state
    }

    public var frameSize: Int { options.frameSize }

    /// Samples speex's overlap-add holds back (one frame); `process` and `finish` take it off.
    public var latency: Int { options.frameSize }

    public func process(_ samples: UnsafeBufferPointer<Int16>) -> [Int16] {
        pending.append(contentsOf: samples)
        taken += samples.count
        if mode == .undecided {
            guard pending.count >= options.lookahead else { return [] }
            decide(from: options.lookahead)
        }
        return drain()
    }

    public func finish() -> [Int16] {
        if mode == .undecided { decide(from: pending.count) }
        let ready = drain()
        var rest: [Int16] = []
        while given + rest.count < taken {
            var last = pending
            pending = []
            last += [Int16](repeating: 0, count: frameSize - last.count)
            run(last[...], into: &rest)
        }
        rest.removeLast(given + rest.count - taken)
        reset()
        return ready + rest
    }

    /// Conditions `samples` as one input, judged as a whole by `learnFirst` and the spread limit.
    public func condition(_ samples: [Int16]) -> [Int16] {
        reset()
        pending = samples
        taken = samples.count
        return finish()
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
        mode = options.learnFirst || options.maximumSpreadDB != nil ? .undecided : .suppress
        gate = options.roomGate.map { NoisyRoomGate(options: $0) }
        lastInput = [Int16](repeating: 0, count: frameSize)
        lastDenoised = true
    }

    /// Chooses, from the first `count` pending samples, between suppressing and passing
    /// through; learns the noise from them first if asked to.
    private func decide(from count: Int) {
        let head = Array(pending.prefix(count))
        if let limit = options.maximumSpreadDB, Self.levelSpread(head) >= limit {
            mode = .passThrough
            return
        }
        mode = .suppress
        guard options.learnFirst else { return }
        var scratch: [Int16] = []
        var start = 0
        while head.count - start >= frameSize {
            run(head[start..<(start + frameSize)], into: &scratch)
            start += frameSize
        }
        skip = frameSize        // keeps the noise estimate; the frame speex still holds is dropped
    }

    /// Hands out what can go: all pending input when passing through, else whole frames.
    private func drain() -> [Int16] {
        var out: [Int16] = []
        if mode == .passThrough {
            swap(&out, &pending)
        } else {
            out.reserveCapacity(pending.count)
            var start = 0
            while pending.count - start >= frameSize {
                run(pending[start..<(start + frameSize)], into: &out)
                start += frameSize
            }
            pending.removeFirst(start)
        }
        given += out.count
        return out
    }

    /// Denoises one whole frame and appends it to `out`, minus the samples still to skip. With
    /// `roomGate`, appends the input (the frame speex's output lags behind) in a quiet room.
    private func run(_ input: ArraySlice<Int16>, into out: inout [Int16]) {
        frame.withUnsafeMutableBufferPointer { f in
            _ = f.update(fromContentsOf: input)
            _ = speex_preprocess_run(state, f.baseAddress)
        }
        if gate != nil { choose(input) }
        let drop = min(skip, frameSize)
        skip -= drop
        out.append(contentsOf: frame[drop...])
    }

    /// Replaces the denoised `frame` by the input it stands for while the room is quiet, fading
    /// from one to the other over the frame when the verdict changes.
    private func choose(_ input: ArraySlice<Int16>) {
        let raw = lastInput
        lastInput = Array(input)
        input.withUnsafeBufferPointer { gate!.observe($0) }
        let denoise = gate!.isNoisy
        defer { lastDenoised = denoise }
        if denoise && lastDenoised { return }
        if !denoise && !lastDenoised { frame = raw; return }
        let n = Double(frameSize)
        for i in 0..<frameSize {
            let toDenoised = denoise ? Double(i) / n : 1 - Double(i) / n
            frame[i] = Int16(clamping: Int((Double(frame[i]) * toDenoised + Double(raw[i]) * (1 - toDenoised)).rounded()))
        }
    }

    /// How far the loud 20 ms windows (95th percentile of level) stand above the quiet ones
    /// (10th percentile), dB, measured with the `LevelMeter` every other stage uses: about the
    /// signal-to-noise ratio plus 5–10 dB for speech with pauses, far more for speech in digital
    /// silence (which reads the meter's floor). On the command fixtures: 10–14.5 dB at 5 dB SNR,
    /// 18.8–23.7 dB at 15 dB SNR, 72 dB and more clean.
    public static func levelSpread(_ samples: [Int16]) -> Double {
        let levels = LevelMeter.levels(of: samples).sorted()
        guard !levels.isEmpty else { return 0 }
        func percentile(_ p: Double) -> Double { Double(levels[min(levels.count - 1, Int(p * Double(levels.count - 1)))]) }
        return percentile(0.95) - percentile(0.10)
    }
}
