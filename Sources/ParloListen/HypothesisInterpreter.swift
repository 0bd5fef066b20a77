import ParloCommands
import ParloRecognizer

/// Decides what a final hypothesis means: the seam where the command catalog and registry plug
/// into live listening. Called on the pipeline's task, once per utterance, after decoding.
///
/// The answer is the match itself: a command fires unless `rejected` (then `reason` says why:
/// no match, low confidence, not active now…), and the same value goes on to the registry.
public protocol HypothesisInterpreter {
    func interpret(_ recognition: Recognition) -> MatchResult
    /// Whether `words`, heard so far in an utterance that has gone quiet, begin a command without
    /// being a whole one yet, so that the endpointer waits `unfinishedHangover` for the rest.
    func awaitsMore(after words: String) -> Bool
}

extension HypothesisInterpreter {
    /// No interpreter knows by default: the usual hangover ends every utterance.
    public func awaitsMore(after words: String) -> Bool { false }
}

/// An interpreter from a closure.
public struct ClosureInterpreter: HypothesisInterpreter {
    private let body: (Recognition) -> MatchResult
    public init(_ body: @escaping (Recognition) -> MatchResult) { self.body = body }
    public func interpret(_ recognition: Recognition) -> MatchResult { body(recognition) }
}
