import ParloCore

/// The room's late reverberation taken out of a stream while it is heard: `Dereverberator`'s
/// weighted prediction error, with each bin's predictor kept up to date frame by frame by
/// recursive least squares (Yoshioka and Nakatani, 2012; nara_wpe's `OnlineWPE`) instead of
/// solved over a whole recording.
///
/// Why: live listening never has the whole recording, and a room stays the same room for as long
/// as Parlo listens in it, so what the predictor learned on one utterance serves the next.
///
/// Lag: a sample is handed on once every frame over it has been heard, `frameLength − hop`
/// samples (48 ms) after it came in. The endpointer does not wait for it: `ListenPipeline` hands
/// only the decoder this stage's output, and when an utterance ends, `provisionalTail()` renders
/// what is still held back as if silence followed, without changing what the stage has learned.
public final class StreamingDereverberator: HeldBackConditioner {
    /// Samples per analysis frame (64 ms) and between frames (16 ms), taps and delay:
    /// `Dereverberator`'s, which were chosen on reverberant DEV rooms, and kept the same here.
    public let frameLength: Int
    public let hop: Int
    public let taps: Int
    public let delay: Int
    /// How much of the past each new frame leaves to the predictor's statistics: 0.999 per 16 ms
    /// hop forgets with a time constant of 16 s, a few utterances in the same room
    /// (docs/recognizer-measurements.md).
    public let forgetting = 0.999

    private let stft: ShortTimeSpectrum
    private var state: State

    public init() {
        let batch = Dereverberator()
        frameLength = batch.frameLength; hop = batch.hop; taps = batch.taps; delay = batch.delay
        stft = ShortTimeSpectrum(length: frameLength, hop: hop)
        state = State(length: frameLength, hop: hop, bins: stft.bins, taps: taps, delay: delay)
    }

    /// Whether the predictor learns from what it hears now (it is applied either way).
    /// `ListenPipeline` lets it learn only while an utterance is open: every frame weighs about
    /// the same in weighted prediction error, loud or not, and minutes of a quiet room between
    /// two commands would otherwise teach it that nothing is predictable, and leave it with
    /// nothing to take out of the next command.
    public var adapting: Bool {
        get { state.adapting }
        set { state.adapting = newValue }
    }

    /// Samples handed in and not yet handed on.
    public var heldBack: Int { state.received - state.delivered }

    public func process(_ samples: UnsafeBufferPointer<Int16>) -> [Int16] {
        var out: [Int16] = []
        out.reserveCapacity(samples.count + hop)
        state.push(samples, stft: stft, forgetting: forgetting, into: &out)
        return out
    }

    /// What is held back, as if silence followed; the stage goes on as if it had not been asked.
    /// The copy does not learn from the silence it is completed with, so its filter and
    /// statistics (most of the state, about 1 MB) are shared with the stage's, not copied.
    public func provisionalTail() -> [Int16] {
        var copy = state
        copy.adapting = false
        return copy.drain(stft: stft, forgetting: forgetting)
    }

    public func finish() -> [Int16] {
        let tail = state.drain(stft: stft, forgetting: forgetting)
        reset()
        return tail
    }

    public func reset() {
        state = State(length: frameLength, hop: hop, bins: stft.bins, taps: taps, delay: delay)
    }
}

extension StreamingDereverberator {
    /// Everything the stage knows, as one value: `provisionalTail()` works on a copy.
    struct State {
        let length, hop, bins, taps, delay: Int
        /// The last `length` samples heard, the newest `filled` of them in the current hop.
        var recent: [Float]
        var filled = 0
        /// The spectra of the last `delay + taps + 1` frames (slot `s`, bin `f` at
        /// `s * bins + f`), the newest in slot `newest`: the taps read some, the power all.
        var pastRe: [Double], pastIm: [Double]
        var newest = 0
        /// Each bin's prediction filter (`taps` values) and the inverse of its weighted
        /// correlation matrix (`taps × taps`, Hermitian), as recursive least squares keeps them.
        var gRe: [Double], gIm: [Double]
        var pRe: [Double], pIm: [Double]
        /// Synthesised frames added up; the first `hop` samples are complete after each frame.
        var overlap: [Float]
        /// Samples handed in, and handed on (the first `length − hop` synthesised ones lie
        /// before the stream and are dropped).
        var received = 0, delivered = 0
        var adapting = true
        var synthesised = 0
        // Scratch, kept to avoid allocating per frame.
        var frame: [Float], spectrum: [Float]
        var yr: [Double], yi: [Double], qr: [Double], qi: [Double]

        init(length: Int, hop: Int, bins: Int, taps: Int, delay: Int) {
            self.length = length; self.hop = hop; self.bins = bins; self.taps = taps; self.delay = delay
            recent = [Float](repeating: 0, count: length)
            pastRe = [Double](repeating: 0, count: (delay + taps + 1) * bins); pastIm = pastRe
            gRe = [Double](repeating: 0, count: bins * taps); gIm = gRe
            pRe = [Double](repeating: 0, count: bins * taps * taps); pIm = pRe
            for f in 0..<bins { Self.identity(&pRe, &pIm, bin: f, taps: taps) }
            overlap = [Float](repeating: 0, count: length)
            frame = recent
            spectrum = [Float](repeating: 0, count: 2 * bins)
            yr = [Double](repeating: 0, count: taps); yi = yr; qr = yr; qi = yr
        }

        /// How many frames' worth of "nothing is predictable" the statistics start from (P
        /// starts at the identity over this). Frames are weighed by their power, so each adds
        /// about 1 to the correlation's diagonal; starting from the identity alone, the filter
        /// fitted the first few frames of the first utterance and mangled it.
        static let priorFrames = 100.0

        /// P of bin `f` as at the start.
        static func identity(_ pRe: inout [Double], _ pIm: inout [Double], bin f: Int, taps k: Int) {
            for i in 0..<k * k { pRe[f * k * k + i] = 0; pIm[f * k * k + i] = 0 }
            for i in 0..<k { pRe[f * k * k + i * k + i] = 1 / priorFrames }
        }

        mutating func push(_ samples: UnsafeBufferPointer<Int16>, stft: ShortTimeSpectrum, forgetting: Double, into out: inout [Int16]) {
            for s in samples {
                recent[length - hop + filled] = Float(s) / 32768
                filled += 1
                if filled == hop { step(stft: stft, forgetting: forgetting, into: &out) }
            }
            received += samples.count
        }

        /// Hands on everything held back, completing the frames with silence.
        mutating func drain(stft: ShortTimeSpectrum, forgetting: Double) -> [Int16] {
            var out: [Int16] = []
            let target = received
            while delivered < target {
                while filled < hop { recent[length - hop + filled] = 0; filled += 1 }
                step(stft: stft, forgetting: forgetting, into: &out)
            }
            let extra = delivered - target
            if extra > 0 { out.removeLast(extra) }
            return out
        }

        /// One full frame in `recent`: its spectrum dereverberated, added back, one hop out.
        private mutating func step(stft: ShortTimeSpectrum, forgetting: Double, into out: inout [Int16]) {
            for n in 0..<length { frame[n] = recent[n] }
            stft.transform(&frame, into: &spectrum)
            predict(forgetting: forgetting)
            stft.inverse(&spectrum, into: &frame)
            for n in 0..<length { overlap[n] += frame[n] }
            let gain = stft.overlapGain
            for n in 0..<hop where synthesised + n >= length - hop {
                out.append(Int16(clamping: Int((overlap[n] / gain * 32768).rounded())))
                delivered += 1
            }
            synthesised += hop
            overlap.withUnsafeMutableBufferPointer { o in
                for n in 0..<(length - hop) { o[n] = o[n + hop] }
                for n in (length - hop)..<length { o[n] = 0 }
            }
            recent.withUnsafeMutableBufferPointer { r in
                for n in 0..<(length - hop) { r[n] = r[n + hop] }
            }
            filled = 0
        }

        /// Replaces each bin of `spectrum` with its prediction error, y − gᴴỹ (ỹ: the bin in the
        /// frames `delay` to `delay + taps − 1` back), then moves g and P by one recursive
        /// least-squares step weighted by the inverse of the bin's power: its mean over this frame
        /// and the `delay + taps` before it, as nara_wpe's online form estimates it. The mean
        /// includes the taps, so no frame weighs more than `delay + taps + 1` times their power,
        /// however quiet it is (the frame's own power alone made the update diverge on digital
        /// silence after speech).
        private mutating func predict(forgetting alpha: Double) {
            let k = taps, slots = delay + taps + 1
            // The frame is kept, as heard, in the oldest frame's slot, which neither the taps nor
            // the power reach any more.
            let next = (newest + 1) % slots
            for f in 0..<bins {
                let cr = Double(spectrum[2 * f]), ci = Double(spectrum[2 * f + 1])
                pastRe[next * bins + f] = cr; pastIm[next * bins + f] = ci
                var energy = 0.0
                for a in 0..<k {
                    let slot = (newest - (delay + a - 1) + 2 * slots) % slots
                    yr[a] = pastRe[slot * bins + f]; yi[a] = pastIm[slot * bins + f]
                    energy += yr[a] * yr[a] + yi[a] * yi[a]
                }
                let g = f * k, p = f * k * k
                // e = y − Σ conj(g)·ỹ
                var er = cr, ei = ci
                for a in 0..<k {
                    er -= gRe[g + a] * yr[a] + gIm[g + a] * yi[a]
                    ei -= gRe[g + a] * yi[a] - gIm[g + a] * yr[a]
                }
                spectrum[2 * f] = Float(er); spectrum[2 * f + 1] = Float(ei)
                // Digital silence teaches nothing, and dividing P by alpha alone would grow it
                // without bound.
                guard energy > 0, adapting else { continue }
                // q = P ỹ; denominator αλ + ỹᴴ q.
                var quad = 0.0
                for a in 0..<k {
                    var sr = 0.0, si = 0.0
                    for b in 0..<k {
                        let pr = pRe[p + a * k + b], pi = pIm[p + a * k + b]
                        sr += pr * yr[b] - pi * yi[b]; si += pr * yi[b] + pi * yr[b]
                    }
                    qr[a] = sr; qi[a] = si
                    quad += yr[a] * sr + yi[a] * si
                }
                var power = 0.0
                for slot in 0..<slots { power += pastRe[slot * bins + f] * pastRe[slot * bins + f] + pastIm[slot * bins + f] * pastIm[slot * bins + f] }
                power = max(power / Double(slots), 1e-10)
                let denominator = alpha * power + quad
                guard denominator.isFinite, denominator > 0 else {
                    Self.identity(&pRe, &pIm, bin: f, taps: k)
                    for a in 0..<k { gRe[g + a] = 0; gIm[g + a] = 0 }
                    continue
                }
                // Gain κ = q / denominator; g += κ·conj(e); P = (P − κ qᴴ) / α.
                for a in 0..<k {
                    let kr = qr[a] / denominator, ki = qi[a] / denominator
                    gRe[g + a] += kr * er + ki * ei
                    gIm[g + a] += ki * er - kr * ei
                    for b in 0..<k {
                        let i = p + a * k + b
                        pRe[i] = (pRe[i] - (kr * qr[b] + ki * qi[b])) / alpha
                        pIm[i] = (pIm[i] - (ki * qr[b] - kr * qi[b])) / alpha
                    }
                }
            }
            newest = next
        }
    }
}
