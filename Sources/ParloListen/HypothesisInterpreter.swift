import ParloCommands
import ParloRecognizer

/// What the interpreter made of a final hypothesis.
public enum Interpretation: Sendable, Equatable {
    /// A command fires.
    case command(MatchResult)
    /// Heard, but not accepted (no match, low confidence, wrong language…).
    case rejected(reason: String)
}

/// Decides what a final hypothesis means: the seam where the command catalog and registry plug
/// into live listening. Called on the pipeline's task, once per utterance, after decoding.
public protocol HypothesisInterpreter {
    func interpret(_ recognition: Recognition) -> Interpretation
}

/// An interpreter from a closure.
public struct ClosureInterpreter: HypothesisInterpreter {
    private let body: (Recognition) -> Interpretation
    public init(_ body: @escaping (Recognition) -> Interpretation) { self.body = body }
    public func interpret(_ recognition: Recognition) -> Interpretation { body(recognition) }
}
