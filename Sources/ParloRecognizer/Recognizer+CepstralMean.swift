import CPocketSphinx

/// Whole-utterance decoding with a cepstral mean set from the utterance itself.
///
/// The en-us model expects features normalised by the mean of the speaker's cepstra (CMN). Its
/// `-cmninit` mean is an average over its training speakers; an eSpeak voice, an Italian speaker
/// or a noisy room sits far from it. How this PocketSphinx moves its mean, and the measurements
/// that chose the blend below, are in docs/recognizer-measurements.md.
///
/// The mean PocketSphinx uses depends on what the decoder heard before; here it is computed
/// instead: on a restarted decoder, the front end alone runs over the utterance and fills the
/// live mean's sums with its frames (what a streaming decoding pass leaves there, at half the
/// cost: no search), and the decode uses a blend of the model's mean and the utterance's, the
/// model's counting as `cepstralPriorSeconds` of speech:
/// `(prior × model + frames × utterance) / (prior + frames)`. The model's share keeps short
/// utterances (mostly speech, little silence) from being normalised by their speech alone,
/// which is what plain batch CMN does and is worse (session 1: 79 % against 94 % on English
/// commands).
extension Recognizer {
    /// The model's own cepstral mean, counting as `seconds` of speech: the prior of a file on its own.
    public func modelCepstralMean(counting seconds: Double) -> CepstralMean {
        CepstralMean(values: initialMean, seconds: seconds)
    }

    /// Decodes `samples` as one utterance, normalised by a cepstral mean between the model's and
    /// the utterance's own (`cepstralPriorSeconds`: how much speech the model's mean counts as).
    public func decode(_ samples: [Int16], cepstralPriorSeconds prior: Double) throws -> Recognition {
        try decode(samples, cepstralPrior: modelCepstralMean(counting: prior))
    }

    /// Decodes `samples` as one utterance, normalised by a cepstral mean between `prior` (the
    /// model's, or a long recording's so far; a mean of another length counts as the model's) and
    /// the utterance's own. Restarts the decoder exactly first, so the result depends on nothing
    /// heard before but `prior`. Leaves the utterance's own mean in `measuredMean` unless
    /// `measuringMean` is false (a second look at audio whose mean was already measured).
    public func decode(_ samples: [Int16], cepstralPrior prior: CepstralMean, measuringMean: Bool = true) throws -> Recognition {
        let own = try restartWithBlendedMean(samples, cepstralPrior: prior)
        let kept = measuredMean
        let recognition = try decode(samples)
        measuredMean = measuringMean ? own : kept
        return recognition
    }

    /// Begins a whole decode of an utterance whose first `samples` are here and whose rest is
    /// still to come (`process`, then `end`): normalised as `decode(_:cepstralPrior:)` does, by
    /// the blend of `prior` and the mean of `samples`, and fed them. Live listening's form of a
    /// file's decode, begun while the speaker pauses (`ListenPipeline.Options.wholeDecodeVoiceShift`).
    /// Leaves the mean of `samples` in `measuredMean`.
    public func beginWhole(_ samples: [Int16], cepstralPrior prior: CepstralMean) throws {
        measuredMean = try restartWithBlendedMean(samples, cepstralPrior: prior)
        try begin()
        try process(samples)
    }

    /// Restarts the decoder exactly, measures the cepstral mean of `samples` and sets the live
    /// mean to its blend with `prior`; returns the mean of `samples` (nil: no frames).
    private func restartWithBlendedMean(_ samples: [Int16], cepstralPrior prior: CepstralMean) throws -> CepstralMean? {
        try restartAndMeasureCepstralMean(samples)     // the front end only: no search
        var sums = [Float](repeating: 0, count: initialMean.count)
        let frames = sums.isEmpty ? 0 : Double(sums.withUnsafeMutableBufferPointer { parlo_ps_cmn_sums(decoder, $0.baseAddress) })
        guard frames > 0 else { return nil }
        let p = prior.seconds * 100   // 10 ms frames
        let base = prior.values.count == initialMean.count ? prior.values : initialMean
        let mean = zip(base, sums).map { m0, sum in Float((p * Double(m0) + Double(sum)) / (p + frames)) }
        mean.withUnsafeBufferPointer { parlo_ps_cmn_set(decoder, $0.baseAddress) }
        return CepstralMean(values: sums.map { Float(Double($0) / frames) }, seconds: frames / 100)
    }

    /// Moves the streaming cepstral mean towards the speech streamed since the last move, the
    /// current mean counting as `priorSeconds` of speech: live listening's counterpart of
    /// `decode(_:cepstralPriorSeconds:)`, called between utterances so each one is normalised
    /// by the speaker and room heard so far instead of the model's mean.
    ///
    /// In effect the prior is 5 s whatever `priorSeconds` says: PocketSphinx has nearly always
    /// moved the mean itself when the utterance ended, counting the sums' 500 frames against it,
    /// and this then only seats the sums at 500 frames again (`parlo_ps_cmn_adapt`). Setting the
    /// mean explicitly (session 48): a prior of 1 or 3 s was worse in DEV's kitchen, 5 s as now,
    /// and 10 s a few commands either way (docs/recognizer-measurements.md, "The streaming mean's prior").
    @discardableResult
    public func adaptStreamingMean(priorSeconds: Double) -> Int {
        Int(parlo_ps_cmn_adapt(decoder, Float(priorSeconds * 100)))
    }

    /// The live cepstral mean and the running sums behind it: what a stream carries from one
    /// utterance to the next. A whole decode between two utterances of a stream restarts them
    /// (`decode(_:cepstralPrior:measuringMean:)`); `restoreStreamingMean` puts them back, so
    /// the next utterance is normalised as if the whole decode had not happened.
    public func streamingMean() -> StreamingMeanState {
        var mean = [Float](repeating: 0, count: initialMean.count), sums = mean
        guard !mean.isEmpty else { return StreamingMeanState(mean: [], sums: [], frames: 0) }
        mean.withUnsafeMutableBufferPointer { parlo_ps_cmn_get(decoder, $0.baseAddress) }
        let frames = sums.withUnsafeMutableBufferPointer { parlo_ps_cmn_sums(decoder, $0.baseAddress) }
        return StreamingMeanState(mean: mean, sums: sums, frames: frames)
    }

    /// Puts back a state `streamingMean()` read.
    public func restoreStreamingMean(_ state: StreamingMeanState) {
        guard !state.mean.isEmpty, state.mean.count == initialMean.count, state.sums.count == initialMean.count else { return }
        state.mean.withUnsafeBufferPointer { mean in
            state.sums.withUnsafeBufferPointer { parlo_ps_cmn_put(decoder, mean.baseAddress, $0.baseAddress, state.frames) }
        }
    }
}

/// A stream's live cepstral mean and its running sums (`Recognizer.streamingMean()`).
public struct StreamingMeanState: Sendable, Equatable {
    public let mean: [Float]
    public let sums: [Float]
    public let frames: Int32

    public init(mean: [Float], sums: [Float], frames: Int32) {
        self.mean = mean; self.sums = sums; self.frames = frames
    }
}

extension StreamingMeanState {
    /// How far the mean of the frames added since `earlier` (the same stream's state when an
    /// utterance began) lies from `earlier`'s mean, over c1–c12 (c0 is loudness, not voice):
    /// how much this utterance's speaker or room differs from what the stream has heard.
    /// `fedSamples`: the samples fed since; nil when the sums no longer add up to them
    /// (PocketSphinx scaled them back past 800 frames) or nothing was added.
    public func shift(since earlier: StreamingMeanState, fedSamples: Int) -> Double? {
        let frames = Int(self.frames) - Int(earlier.frames)
        guard frames > 0, abs(frames - fedSamples / 160) <= 3, mean.count >= 13, earlier.mean.count == mean.count else { return nil }
        let squares = (1..<13).map { i -> Double in
            let own = Double(sums[i] - earlier.sums[i]) / Double(frames)
            return (own - Double(earlier.mean[i])) * (own - Double(earlier.mean[i]))
        }
        return squares.reduce(0, +).squareRoot()
    }
}
