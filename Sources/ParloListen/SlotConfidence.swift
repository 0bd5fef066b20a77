import Foundation
import ParloCatalog
import ParloCommands
import ParloCore
import ParloRecognizer

/// How sure a result is of each slot value, from the words that said it.
///
/// A result's confidence covers the whole utterance; a wrong slot value ("dieci minuti" heard as
/// "venti minuti") usually rests on one or two words whose sounds fit poorly. So each slot value
/// is looked up among the recognised words (the catalog's phrases for that value, in the result's
/// language) and its confidence is a logistic regression on the result's confidence (as a
/// log-odds) and those words' acoustic score per frame, fitted by `scripts/fit-slot-confidence`
/// on the development set. A value whose words cannot be found gets the result's confidence.
public struct SlotConfidence: Sendable {
    /// The fitted weights: `σ(bias + result × logit(p_result) + words × score/10)`.
    public struct Model: Sendable, Equatable {
        public var bias: Double
        public var result: Double
        public var words: Double
        public init(bias: Double, result: Double, words: Double) {
            self.bias = bias; self.result = result; self.words = words
        }

        /// The result's confidence for every slot.
        public static let resultOnly = Model(bias: 0, result: 1, words: 0)
        /// Per-file decoding's (`parlo batch`): fitted on the 264 slot values of accepted results
        /// of the development set (audio-fixtures/eval/dev), each file decoded from its speech
        /// span (session 20); reliability in docs/batch.md.
        public static let batch = Model(bias: 3.3069, result: 0.7595, words: 0.6838)
        /// Live listening's (`parlo listen`, `parlo study`'s asking back): fitted on the 246 slot
        /// values of commands fired on the DEV streams (`scripts/fit-slot-confidence --live`);
        /// reliability in docs/listening.md.
        public static let live = Model(bias: 4.1790, result: 0.6830, words: 0.8949)

        public func probability(result p: Double, wordScorePerFrame score: Double?) -> Double {
            guard let score else { return p }
            let q = min(max(p, 1e-6), 1 - 1e-6)
            let z = bias + result * log(q / (1 - q)) + words * score / 10
            return 1 / (1 + exp(-z))
        }
    }

    /// What one slot value of a result measured.
    public struct Value: Sendable, Equatable {
        /// Mean acoustic score per frame of the words that said the value (nil: not found).
        public var wordScorePerFrame: Double?
        public var confidence: Double
    }

    public let model: Model
    /// Slot name → language → the phrases of each value, in grammar spelling.
    private let phrases: [String: [Language: [(words: [String], value: SlotValue)]]]

    public init(catalog: Catalog, model: Model = .resultOnly) {
        self.model = model
        let expander = SentenceExpander(catalog: catalog)
        var table: [String: [Language: [(words: [String], value: SlotValue)]]] = [:]
        for (name, slot) in catalog.slots {
            for language in catalog.languages {
                // A slot whose phrases cannot be listed (too many) is left to the result's confidence.
                guard let list = try? expander.phrases(ofSlot: slot, in: language) else { continue }
                table[name, default: [:]][language] = list.map { p in
                    var value = p.value
                    if case .number(let n) = value { value = .number(n * slot.multiplier) }
                    return (p.words.map(Spelling.grammarWord), value)
                }
            }
        }
        phrases = table
    }

    /// Each slot of `match` with its confidence; `resultConfidence` is the result's.
    public func values(of match: MatchResult, words: [Recognition.Word], resultConfidence: Double) -> [String: Value] {
        var out: [String: Value] = [:]
        for (name, value) in match.slots {
            let score = match.language.flatMap { scorePerFrame(of: name, value, in: $0, words: words) }
            out[name] = Value(wordScorePerFrame: score, confidence: model.probability(result: resultConfidence, wordScorePerFrame: score))
        }
        return out
    }

    /// The acoustic score per frame of the longest phrase of `value` found among `words`.
    func scorePerFrame(of slot: String, _ value: SlotValue, in language: Language, words: [Recognition.Word]) -> Double? {
        guard let candidates = phrases[slot]?[language] else { return nil }
        let said = words.map { Spelling.grammarWord($0.word) }
        var best: Range<Int>?
        for (phrase, v) in candidates where v == value && !phrase.isEmpty && phrase.count <= said.count {
            guard best.map({ phrase.count > $0.count }) ?? true else { continue }
            for start in 0...(said.count - phrase.count) where Array(said[start..<start + phrase.count]) == phrase {
                best = start..<start + phrase.count
                break
            }
        }
        guard let span = best else { return nil }
        var total = 0.0, frames = 0.0
        for w in words[span] {
            guard let s = w.scorePerFrame else { return nil }
            let n = max(1, ((w.end - w.start) * 100).rounded())
            total += s * n; frames += n
        }
        return total / frames
    }
}
