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
        var o = options
        o["-fsgusefiller"] = "no"
        let r = try Recognizer(model: model, grammar: compiled.grammar, pronunciations: compiled.dictionary,
                               options: o, rejection: rejection, noiseFloor: noiseFloor)
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
    public func decode(_ samples: [Int16], cepstralPrior: CepstralMean? = nil) throws -> Recognition {
        guard !samples.isEmpty else { return try primary.decode(samples) }
        let prior = cepstralPrior ?? primary.modelCepstralMean(counting: cepstralPriorSeconds)
        let first = try primary.decode(samples, cepstralPrior: prior)
        guard !first.hypothesisFound else { return first }
        let second = try fallback().decode(samples, cepstralPrior: prior)
        return second.hypothesisFound ? second : first
    }
}

extension CatalogRecognizer: UtteranceDecoder {
    public var recognizer: Recognizer { primary }
    public func decodeUtterance(_ samples: [Int16]) throws -> Recognition { try decode(samples) }
    public func decodeUtterance(_ samples: [Int16], cepstralPrior: CepstralMean?) throws -> Recognition {
        try decode(samples, cepstralPrior: cepstralPrior)
    }
}
