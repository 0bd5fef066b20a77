import ParloAudio
import ParloCatalog
import ParloCore
import ParloRecognizer

/// Decodes speech against a compiled catalog, recovering the utterances PocketSphinx drops.
///
/// With a large grammar and poorly matching audio (Italian through the en-us model), the FSG
/// search sometimes ends outside a final grammar state and returns an empty hypothesis
/// ("Final result does not match the grammar"). Decoding that audio again without filler words
/// (`-fsgusefiller no`) reaches a final state; on synthetic Italian commands this raised command
/// accuracy from 66 % to 80 % (English 94 → 95 %) without changing any non-empty result.
/// See `decode` for the cepstral mean each utterance is normalised by.
/// Owns two decoders: not thread-safe, use one per worker like `Recognizer`.
public final class CatalogRecognizer {
    public let compiled: CompiledCatalog
    public let primary: Recognizer
    /// Built on first use: most utterances never need it.
    private var fallbackDecoder: Recognizer?
    private let model: AcousticModel
    private let options: [String: String]
    private let rejection: Rejection?
    private let noiseFloor: Double?
    /// How much speech the model's cepstral mean counts as against the utterance's own, in
    /// seconds (see `Recognizer.decode(_:cepstralPriorSeconds:)`). 0.3–0.8 s measured alike
    /// on audio-fixtures/commands; 0.625 is the middle of that plateau.
    public var cepstralPriorSeconds = 0.625
    /// Vocal-tract-length warps an utterance is decoded at too when its result is unsure; a warped
    /// decode that is sure and fits better per frame stands (`bestWarped`). A voice whose formants sit far from the model's
    /// adult speakers' (a child's, a very high or low one) fits the model better warped. Warp `w`
    /// divides every frequency by `w`: the utterance is resampled to `w` times as many samples
    /// (libsoxr) and decoded by the same decoder, so a warp costs decoding time but no memory.
    /// Resampling moved DEV's quiet files shifted by ±300 and ±400 cents (formants and pitch
    /// together) further than warping the front end's filters (`-warp_type inverse_linear`,
    /// session 49) did: docs/recognizer-measurements.md, "Vocal-tract length". Empty: unwarped only.
    public var warps: [Double] = []
    /// What `parlo batch` decodes an unsure file at besides the unwarped (`--warps`): a lower
    /// voice is heard best at 0.8, a higher one at 1.25.
    public static let defaultWarps = [0.8, 1.25]
    /// How much better a warped decode's path score per 10 ms frame of its speech must be to
    /// replace the unwarped one's: a warp can also let speech that is no command fit a command
    /// better, and a slowed decode (warp above 1) scores better per frame by itself. Chosen with
    /// `defaultWarpedAtLeast` as the pair that gains most on DEV without Asterisk's real voices
    /// firing more (docs/recognizer-measurements.md, "Resampled instead of the front end's filters").
    public static let defaultWarpMargin = 12.0
    /// Results at least this sure are final without the warped decodes (rejected ones count 0),
    /// so a clear command costs one decode.
    public static let defaultWarpBelowConfidence = 0.8
    /// How sure a warped decode must be to replace an unsure result: a warp is taken when it
    /// makes the result sure, not merely better.
    public static let defaultWarpedAtLeast = 0.9
    public var warpMarginPerFrame = defaultWarpMargin
    public var warpBelowConfidence = defaultWarpBelowConfidence
    public var warpedAtLeast = defaultWarpedAtLeast
    /// The longest utterance live listening decodes again at the warps: DEV's longest command
    /// lasts 2.7 s, and what lasts longer is mostly a sentence read aloud, whose warped decodes
    /// would cost the most and could only make it fire. Set from the commands' lengths, not tuned.
    public static let secondLookAtMostSeconds = 5.0
    /// Where the loudest voice's words are in an utterance, for live listening's second look
    /// (`reconsider`): a rejected utterance still rejected at the warps is decoded once more on
    /// that range, and the result stands if accepted (nil, or a nil range: no such look). Another
    /// person talking in the room around a command is speech the endpointer keeps in the
    /// utterance and the garbage loop explains better than any command, as in `parlo batch`'s
    /// files (`FileDecoder.loudestSecondLook`, `SpeechSpan.secondLook`).
    public var loudestSpeech: (@Sendable ([Int16]) -> Range<Int>?)?
    /// How often each warp has won in live listening's second looks (`reconsider`) so far.
    private var streamWarpWins: [Double: Int] = [:]
    /// Both decoders judge by it (`Recognizer.judging`), the fallback from when it is built.
    public var judging: Rejection? {
        didSet {
            primary.judging = judging
            fallbackDecoder?.judging = judging
        }
    }

    public init(compiled: CompiledCatalog, model: AcousticModel, options: [String: String] = [:],
                rejection: Rejection? = nil, noiseFloor: Double? = nil) throws {
        self.compiled = compiled
        self.noiseFloor = noiseFloor
        self.model = model
        self.options = options
        self.rejection = rejection
        primary = try Recognizer(model: model, grammar: compiled.grammar, pronunciations: compiled.dictionary,
                                 options: options, rejection: rejection, noiseFloor: noiseFloor)
    }

    /// The second decoder (no filler words), created on demand.
    public func fallback() throws -> Recognizer {
        if let fallbackDecoder { return fallbackDecoder }
        let r = try Recognizer(model: model, grammar: compiled.grammar, pronunciations: compiled.dictionary,
                               options: options.merging(["-fsgusefiller": "no"]) { $1 }, rejection: rejection,
                               noiseFloor: noiseFloor)
        r.judging = judging
        fallbackDecoder = r
        return r
    }

    /// Decodes one whole utterance; when the search found no hypothesis at all it is retried
    /// with the fallback decoder. A hypothesis that was found and rejected is final: retrying
    /// those gave speech that is no command a second chance, and the fallback accepted 8 of the
    /// 60 non-commands of audio-fixtures/rejection that the primary decoder had rejected.
    /// Each decoder normalises the utterance by a cepstral mean between the model's and the
    /// utterance's own (`cepstralPriorSeconds`), from a pristine decoder: results do not depend
    /// on earlier input. `cepstralPrior`, when given, stands in for the model's mean and its
    /// seconds (a long recording's mean so far, `ListenPipeline.Options.streamCepstralPriorSeconds`).
    /// A result less sure than `warpBelowConfidence` is decoded again at each of `warps`.
    public func decode(_ samples: [Int16], cepstralPrior: CepstralMean? = nil) throws -> Recognition {
        guard !samples.isEmpty else { return try primary.decode(samples) }
        let prior = cepstralPrior ?? modelPrior
        return try completed(samples, decoded: primary.decode(samples, cepstralPrior: prior), cepstralPrior: prior, warpingRejected: true)
    }

    /// The model's cepstral mean counting as `cepstralPriorSeconds`: what a whole decode blends
    /// an utterance's own mean with unless told otherwise.
    private var modelPrior: CepstralMean { primary.modelCepstralMean(counting: cepstralPriorSeconds) }

    /// What `decode` does after the primary decoder's whole decode of `samples`: the fallback
    /// decoder when it found no hypothesis, the warps when the result is unsure (a rejected one
    /// only if `warpingRejected`: live listening gives those a second look off its thread).
    private func completed(_ samples: [Int16], decoded: Recognition, cepstralPrior prior: CepstralMean,
                           warpingRejected: Bool) throws -> Recognition {
        var best = decoded
        if !best.hypothesisFound {
            let second = try fallback().decode(samples, cepstralPrior: prior)
            if second.hypothesisFound { best = second }
        }
        guard !warps.isEmpty, warpingRejected || !best.rejected, (best.rejected ? 0 : best.confidence) < warpBelowConfidence else { return best }
        return try bestWarped(samples, than: best, cepstralPrior: prior)
    }

    /// Live listening's second look at a streamed result: a rejected one (it would fire nothing)
    /// is decoded again whole at each of `warps`, and a warped decode replaces it by the rule
    /// per-file decoding uses (`bestWarped`). An accepted result, however unsure, acts at once:
    /// the second look at those (below `warpBelowConfidence`, as per file) held each of them
    /// about a second on DEV's streams and seldom changed one (docs/listening.md). The whole
    /// decodes restart the decoder; the stream's cepstral mean is put back afterwards, so the
    /// next utterance is normalised as it would have been without them. (The front end's noise
    /// estimate restarts with them: PocketSphinx keeps it out of reach.)
    ///
    /// A stream is one speaker's, mostly: the warps are tried in the order of how often each has
    /// won so far, and the first that wins ends the search, so that a voice that needs a warp
    /// costs one more decode per rejected utterance once it has been heard at it.
    /// An utterance longer than `secondLookAtMostSeconds` has none.
    public func reconsider(_ samples: [Int16], streamed: Recognition) throws -> Recognition {
        guard reconsiders(samples, streamed: streamed) else { return streamed }
        let stream = primary.streamingMean()
        defer { primary.restoreStreamingMean(stream) }
        let order = warps.enumerated().sorted { a, b in
            let (x, y) = (streamWarpWins[a.element, default: 0], streamWarpWins[b.element, default: 0])
            return x != y ? x > y : a.offset < b.offset     // ties keep `warps`' order
        }.map(\.element)
        let best = try bestWarped(samples, than: streamed, cepstralPrior: modelPrior,
                                  at: order, firstWin: true)
        if let w = best.evidence?.warp { streamWarpWins[w, default: 0] += 1 }
        guard best.rejected || best.text.isEmpty, let range = loudestSpeech?(samples), range.count < samples.count else { return best }
        let loudest = try decode(Array(samples[range])).shifted(by: range.lowerBound, of: samples.count)
        return loudest.rejected || loudest.text.isEmpty ? best : loudest
    }

    public func reconsiders(_ samples: [Int16], streamed: Recognition) -> Bool {
        (!warps.isEmpty || loudestSpeech != nil) && !samples.isEmpty && samples.count <= Int(Self.secondLookAtMostSeconds * Double(SpeechFormat.sampleRate))
            && (streamed.rejected || streamed.text.isEmpty)
    }

    /// `unwarped`, or the decode of `samples` at one of `warps` that is sure (`warpedAtLeast`)
    /// and whose path scores better per frame by `warpMarginPerFrame`, its times mapped back to
    /// the unwarped audio's.
    /// `firstWin`: the first warp of `order` that wins is taken without trying the rest.
    private func bestWarped(_ samples: [Int16], than unwarped: Recognition, cepstralPrior prior: CepstralMean,
                            at order: [Double]? = nil, firstWin: Bool = false) throws -> Recognition {
        func perFrame(_ r: Recognition) -> Double { Double(r.score) / max(1, r.audioSeconds * 100) }   // 10 ms frames
        var best = unwarped
        var bestScore = unwarped.hypothesisFound ? perFrame(unwarped) + warpMarginPerFrame : -.infinity
        for w in order ?? warps {
            if firstWin && best.evidence?.warp != nil { break }
            let rate = Int((Double(SpeechFormat.sampleRate) * w).rounded())
            let warped = try Resampler.resample(samples, from: SpeechFormat.sampleRate, to: rate)
            var r = try primary.decode(warped, cepstralPrior: prior, measuringMean: false)
            guard !r.rejected, r.confidence >= warpedAtLeast, perFrame(r) > bestScore else { continue }
            bestScore = perFrame(r)
            r.words = r.words.map { .init(word: $0.word, start: $0.start / w, end: $0.end / w, scorePerFrame: $0.scorePerFrame) }
            r.audioSeconds = unwarped.audioSeconds
            r.evidence?.warp = w
            best = r
        }
        return best
    }
}

extension CatalogRecognizer: UtteranceDecoder {
    public var recognizer: Recognizer { primary }
    public func decodeUtterance(_ samples: [Int16]) throws -> Recognition { try decode(samples) }
    public func decodeUtterance(_ samples: [Int16], cepstralPrior: CepstralMean?) throws -> Recognition {
        try decode(samples, cepstralPrior: cepstralPrior)
    }
    public var wholeUtterancePrior: CepstralMean? { modelPrior }
    public func completeWholeUtterance(_ samples: [Int16], decoded: Recognition) throws -> Recognition {
        try completed(samples, decoded: decoded, cepstralPrior: modelPrior, warpingRejected: false)
    }
}
