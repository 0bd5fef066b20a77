/// What decodes utterances: a plain grammar recognizer, or one that adds work around it (the
/// catalog's, with its cepstral mean and fallback decoder).
///
/// Batch workers give short files to `decodeUtterance` whole and stream long ones through
/// `recognizer`; live listening streams through `recognizer` for partial results and makes the
/// final one with `decodeUtterance`, so both paths decide the same way on the same audio.
public protocol UtteranceDecoder: AnyObject {
    /// The streaming decoder (also reset between files).
    var recognizer: Recognizer { get }
    /// Decodes one whole utterance.
    func decodeUtterance(_ samples: [Int16]) throws -> Recognition
    /// Decodes one whole utterance, its cepstral mean blended with `cepstralPrior` (a mean and the
    /// seconds it counts as) instead of the decoder's own prior. A decoder that blends no means
    /// (a plain `Recognizer`) decodes as `decodeUtterance(_:)` does.
    func decodeUtterance(_ samples: [Int16], cepstralPrior: CepstralMean?) throws -> Recognition
    /// A second look at `streamed`, the result of `samples` streamed through `recognizer`
    /// (the catalog's decodes a rejected one again at vocal-tract warps); the result stands when
    /// the decoder has no second look.
    func reconsider(_ samples: [Int16], streamed: Recognition) throws -> Recognition
    /// Whether `reconsider` would decode `samples` again (it returns `streamed` at once
    /// otherwise): live listening runs those second looks off its thread.
    func reconsiders(_ samples: [Int16], streamed: Recognition) -> Bool
    /// The mean a whole utterance's own cepstral mean is blended with when it is decoded as a
    /// file is (`Recognizer.beginWhole`); nil: this decoder blends none, and live listening does
    /// not decode its utterances whole.
    var wholeUtterancePrior: CepstralMean? { get }
    /// Finishes the result of a whole decode that `recognizer` made of `samples` after
    /// `Recognizer.beginWhole` (a fallback decode, warps), as `decodeUtterance` would; a rejected
    /// result is left to `reconsider`.
    func completeWholeUtterance(_ samples: [Int16], decoded: Recognition) throws -> Recognition
    /// How every decoder it owns judges results, when not by its own rejection (`Recognizer.judging`).
    var judging: Rejection? { get set }
}

extension UtteranceDecoder {
    public func decodeUtterance(_ samples: [Int16], cepstralPrior: CepstralMean?) throws -> Recognition {
        try decodeUtterance(samples)
    }

    public func reconsider(_ samples: [Int16], streamed: Recognition) throws -> Recognition { streamed }
    public var wholeUtterancePrior: CepstralMean? { nil }
    public func completeWholeUtterance(_ samples: [Int16], decoded: Recognition) throws -> Recognition { decoded }
    public func reconsiders(_ samples: [Int16], streamed: Recognition) -> Bool { false }

    /// A decoder that owns only `recognizer` judges by it.
    public var judging: Rejection? {
        get { recognizer.judging }
        set { recognizer.judging = newValue }
    }
}

extension Recognizer: UtteranceDecoder {
    public var recognizer: Recognizer { self }
    public func decodeUtterance(_ samples: [Int16]) throws -> Recognition { try decode(samples) }
}
