import ParloCore

/// Why `parlo adapt` could not estimate a transform, or why a transform file cannot be used.
public struct AdaptationError: ParloError, Equatable {
    public enum Code: Sendable, Equatable { case toolsMissing, tooFewUtterances, toolFailed, notATransform, cannotWrite }
    public var code: Code
    public var detail: String

    public init(_ code: Code, _ detail: String) { self.code = code; self.detail = detail }

    public var message: String {
        switch code {
        case .toolsMissing:
            return "\(detail) — install SphinxTrain with `scripts/setup` (or `apt-get install sphinxtrain sphinxbase-utils pocketsphinx`)"
        case .tooFewUtterances:
            return "\(detail) — record at least \(ModelAdaptation.minimumUtterances) sentences, each with its transcript"
        case .toolFailed:
            return "\(detail) — nothing was written; run with --verbose to keep the work folder and its logs"
        case .cannotWrite:
            return "\(detail) — give a writable path with --out"
        case .notATransform:
            return "\(detail) — give a file written by `parlo adapt`, or --adaptation none"
        }
    }
}
