import CPocketSphinx

/// Whole-utterance decoding with a cepstral mean set from the utterance itself.
///
/// The en-us model expects features normalised by the mean of the speaker's cepstra (CMN). Its
/// `-cmninit` mean is an average over its training speakers; an eSpeak voice, an Italian
/// speaker or a noisy room sits far from it (C0 of a 15 dB "pausa": 69 against 41). What
/// this PocketSphinx (5prealpha) does, read from its behaviour and sphinxbase's `cmn_prior.c`:
/// - A decoder that never streamed normalises a whole utterance by that utterance's own mean
///   (batch CMN). Once it has streamed any audio it switches for good to the live mean.
/// - The live mean moves only when its running sums pass 800 frames (they are then scaled
///   back to 500), not at the end of an utterance. `-cmninit` sets the mean but leaves the
///   sums empty, while resetting the mean (`startStream`) sets them to 500 frames of it.
///
/// So the mean a decode got depended on what the decoder had heard before: up to session 3
/// `CatalogRecognizer` streamed each utterance 5 times to drag the mean towards it, and the
/// first file of each batch worker (whose decoder had been reset) got another mean than the
/// rest (it-pause-01-snr15: "pausa" first, "help" after any other file).
///
/// Here the mean is computed instead: one streaming pass on a pristine decoder fills the sums
/// with this utterance alone, and the decode uses a blend of the model's mean and the
/// utterance's, the model's counting as `cepstralPriorSeconds` of speech:
/// `(prior × model + frames × utterance) / (prior + frames)`. The model's share keeps short
/// utterances (mostly speech, little silence) from being normalised by their speech alone,
/// which is what plain batch CMN does and is worse (session 1: 79 % against 94 % on English
/// commands).
///
/// Measured on audio-fixtures/commands (`parlo batch`, `.catalog` floors swept for each
/// setting, the chosen ones fixed for this table): commands right clean and 15 dB (of 208),
/// at 5 dB (of 104), non-commands rejected (of 40), commands falsely rejected (of 312):
///
/// | prior | clean + 15 dB | 5 dB | rejected | false rejections |
/// |---|---|---|---|---|
/// | 5 s | 200 | 103 | 39 | 6 |
/// | 2.5 s | 203 | 101 | 39 | 5 |
/// | 1.25 s | 204 | 102 | 39 | 4 |
/// | 0.31–0.83 s | 207 | 101–103 | 39 | 1 |
/// | 5 streaming passes from a reset decoder (the old way, made consistent) | 207 | 103 | 39 | 1 |
///
/// The old way made 6 decodes per file, this 2: the set decodes in 76 s instead of 189 s
/// (2 cores). Held out, audio-fixtures/rejection: 42 of its 50 non-commands rejected.
extension Recognizer {
    /// Decodes `samples` as one utterance, normalised by a cepstral mean between the model's
    /// and the utterance's own (`cepstralPriorSeconds`: how much speech the model's mean
    /// counts as). Starts from a pristine decoder, so the result depends on nothing heard before.
    public func decode(_ samples: [Int16], cepstralPriorSeconds prior: Double) throws -> Recognition {
        try startStream(fresh: true)
        try begin()
        try process(samples)
        try endWithoutResult()      // only the sums this pass leaves matter
        var sums = [Float](repeating: 0, count: initialMean.count)
        let frames = sums.isEmpty ? 0 : Double(sums.withUnsafeMutableBufferPointer { parlo_ps_cmn_sums(decoder, $0.baseAddress) })
        if frames > 0 {
            let p = prior * 100   // 10 ms frames
            let mean = zip(initialMean, sums).map { m0, sum in Float((p * Double(m0) + Double(sum)) / (p + frames)) }
            mean.withUnsafeBufferPointer { parlo_ps_cmn_set(decoder, $0.baseAddress) }
        }
        return try decode(samples)
    }

    /// Moves the streaming cepstral mean towards the speech streamed since the last move, the
    /// current mean counting as `priorSeconds` of speech: live listening's counterpart of
    /// `decode(_:cepstralPriorSeconds:)`, called between utterances so each one is normalised
    /// by the speaker and room heard so far instead of the model's mean.
    @discardableResult
    public func adaptStreamingMean(priorSeconds: Double) -> Int {
        Int(parlo_ps_cmn_adapt(decoder, Float(priorSeconds * 100)))
    }
}
