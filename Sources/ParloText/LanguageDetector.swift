import ParloCore

/// Says whether a stretch of text is English or Italian, or that it cannot tell.
///
/// A thin decision over `LanguageModel`'s evidence: under `undecided` (1.5 nats either way) the
/// text says too little — a name, a number, "Pythagoras" — and the caller should use the
/// context (`SentenceLanguages`: the neighbouring sentences, the document). The margin comes
/// from the development set: below it the model was right on 4 of 6 items, a coin toss.
public struct LanguageDetector: Sendable {
    public var model: LanguageModel
    /// Evidence below this (absolute) decides nothing.
    public var undecided = 1.5

    public init(model: LanguageModel = .shared) { self.model = model }

    /// The likelier language, or nil when the evidence is too weak to choose.
    public func detect(_ text: Substring) -> Language? {
        decide(model.evidence(text))
    }

    public func detect(_ text: String) -> Language? { detect(text[...]) }

    /// The language `evidence` points to, or nil when it is under `undecided`.
    public func decide(_ evidence: Double) -> Language? {
        abs(evidence) < undecided ? nil : (evidence > 0 ? .en : .it)
    }

    /// The likelier language even on weak evidence (ties: English).
    public func guess(_ text: Substring) -> Language { model.evidence(text) >= 0 ? .en : .it }
}
