import ParloCatalog
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
    /// Frequency warps (vocal-tract-length factors: sphinxbase's `inverse_linear` warp of the
    /// front end's filters) an utterance is decoded at too when its result is unsure; the decode
    /// whose path scores best stands. A voice whose formants sit far from the model's adult
    /// speakers' (a child's, a very high or low one) fits the model better warped: DEV's quiet
    /// files shifted by ±300 and ±400 cents (formants and pitch together) went from 355 to 390 of
    /// 480 commands right, 30 → 33 of 424 non-commands firing (docs/recognizer-measurements.md,
    /// "Vocal-tract length"). Empty: unwarped only.
    public var warps: [Double] = []
    /// What `parlo batch` decodes an unsure file at besides the unwarped (`--warps`): a lower
    /// voice is heard best at 0.8, a higher one at 1.25.
    public static let defaultWarps = [0.8, 1.25]
    /// How much better a warped decode's path score must be, per 10 ms frame of the utterance,
    /// to replace the unwarped one: a warp can also let speech that is no command fit a command
    /// better. 6 is the 4 chosen in a simulation that counted whole files' frames, counted in the
    /// decoded span's: at 4, Asterisk's real voices (formants like the model's speakers') fired
    /// 7 more of 1,127 prompts per file in quiet; at 6, none.
    public static let defaultWarpMargin = 6.0
    /// Results at least this sure are final without the warped decodes (rejected ones count 0),
    /// so a clear command costs one decode.
    public static let defaultWarpBelowConfidence = 0.8
    public var warpMarginPerFrame = defaultWarpMargin
    public var warpBelowConfidence = defaultWarpBelowConfidence
    /// One decoder per warp, built on first use.
    private var warpedDecoders: [Double: Recognizer] = [:]
    /// Both decoders judge by it (`Recognizer.judging`), the fallback from when it is built.
    public var judging: Rejection? {
        didSet {
            primary.judging = judging
            fallbackDecoder?.judging = judging
            for r in warpedDecoders.values { r.judging = judging }
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
        let r = try decoder(changing: ["-fsgusefiller": "no"])
        fallbackDecoder = r
        return r
    }

    /// A decoder like `primary` with some of its PocketSphinx options changed.
    private func decoder(changing changes: [String: String]) throws -> Recognizer {
        let r = try Recognizer(model: model, grammar: compiled.grammar, pronunciations: compiled.dictionary,
                               options: options.merging(changes) { $1 }, rejection: rejection, noiseFloor: noiseFloor)
        r.judging = judging
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
        let prior = cepstralPrior ?? primary.modelCepstralMean(counting: cepstralPriorSeconds)
        var best = try primary.decode(samples, cepstralPrior: prior)
        if !best.hypothesisFound {
            let second = try fallback().decode(samples, cepstralPrior: prior)
            if second.hypothesisFound { best = second }
        }
        guard !warps.isEmpty, (best.rejected ? 0 : best.confidence) < warpBelowConfidence else { return best }
        let frames = max(1, best.audioSeconds * 100)       // 10 ms frames
        var bestScore = best.hypothesisFound ? Double(best.score) + warpMarginPerFrame * frames : -.infinity
        for w in warps {
            var r = try warped(w).decode(samples, cepstralPrior: prior)
            guard r.hypothesisFound, Double(r.score) > bestScore else { continue }
            r.evidence?.warp = w
            best = r; bestScore = Double(r.score)
        }
        return best
    }

    /// The decoder hearing at frequency warp `w`.
    private func warped(_ w: Double) throws -> Recognizer {
        if let r = warpedDecoders[w] { return r }
        let r = try decoder(changing: ["-warp_type": "inverse_linear", "-warp_params": String(w)])
        warpedDecoders[w] = r
        return r
    }
}

extension CatalogRecognizer: UtteranceDecoder {
    public var recognizer: Recognizer { primary }
    public func decodeUtterance(_ samples: [Int16]) throws -> Recognition { try decode(samples) }
    public func decodeUtterance(_ samples: [Int16], cepstralPrior: CepstralMean?) throws -> Recognition {
        try decode(samples, cepstralPrior: cepstralPrior)
    }
}
