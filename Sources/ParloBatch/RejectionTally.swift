import ParloEvaluation

/// Rejection rates over files whose expectation says whether they should be rejected
/// (a manifest field `"rejected": true` for out-of-grammar speech, `false` for commands).
/// "Accepted right" counts accepted files whose outcome is `correct`: the right command with
/// a catalog, the right transcript with a JSGF grammar.
public struct RejectionTally: Codable, Sendable, Equatable {
    /// Files that should be rejected, and how many were.
    public var outOfGrammar = 0
    public var outOfGrammarRejected = 0
    /// Files that should be accepted, how many were rejected anyway, and how many of the
    /// accepted ones were recognised right.
    public var inGrammar = 0
    public var inGrammarRejected = 0
    public var inGrammarAccepted = 0
    public var inGrammarAcceptedCorrect = 0

    public init() {}

    public var isEmpty: Bool { outOfGrammar + inGrammar == 0 }

    /// Counts `result` when it carries whether it should be rejected (`expectedRejected`).
    public mutating func add(_ result: FileResult) {
        guard let shouldReject = result.expectedRejected, result.error == nil else { return }
        let rejected = result.rejected ?? (result.text ?? "").isEmpty
        if shouldReject {
            outOfGrammar += 1
            if rejected { outOfGrammarRejected += 1 }
        } else {
            inGrammar += 1
            if rejected { inGrammarRejected += 1 } else {
                inGrammarAccepted += 1
                if result.correct == true { inGrammarAcceptedCorrect += 1 }
            }
        }
    }

    enum CodingKeys: String, CodingKey {
        case outOfGrammar = "out_of_grammar", outOfGrammarRejected = "out_of_grammar_rejected"
        case inGrammar = "in_grammar", inGrammarRejected = "in_grammar_rejected"
        case inGrammarAccepted = "in_grammar_accepted", inGrammarAcceptedCorrect = "in_grammar_accepted_correct"
    }
}
