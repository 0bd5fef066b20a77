/// A match speaks in the catalog's terms (`SlotValue`, `Language`): importing the matcher gives them.
@_exported import ParloCatalog

/// What a sentence would trigger, or why it triggers nothing.
///
/// JSON field names ("text", "command", "slots", "language", "confidence", "rejected") are the
/// ones `parlo batch` uses too; `command` and `language` are `null` when `rejected` is true.
public struct MatchResult: Sendable, Equatable, Codable {
    /// A command the text came close to.
    public struct Candidate: Sendable, Equatable, Codable {
        public var command: String
        public var slots: [String: SlotValue]
        public var language: Language
        public var sentence: String
        public var confidence: Double

        /// `set_timer minutes=25`, for messages.
        public var label: String {
            ([command] + slots.keys.sorted().map { "\($0)=\(slots[$0]!)" }).joined(separator: " ")
        }
    }

    public var text: String
    public var command: String?
    public var slots: [String: SlotValue]
    public var language: Language?
    /// 1 for an exact sentence of the catalog, lower the more the text differs.
    public var confidence: Double
    public var rejected: Bool
    /// The closest commands when nothing (or more than one command) matched.
    public var candidates: [Candidate]
    /// Why nothing matched, for people ("ambiguous", "too far from any command", …).
    public var reason: String?
    /// For a spoken command, how sure the decoder is of each slot value (0–1), where a listener
    /// measured it (`SlotConfidence`); nil for typed text.
    public var slotConfidence: [String: Double]?
    /// The acoustic score per frame of the words that said each slot value, where found: the
    /// evidence `slotConfidence` was computed from (and is fitted on).
    public var slotEvidence: [String: Double]?

    public init(text: String, command: String?, slots: [String: SlotValue] = [:], language: Language?,
                confidence: Double, rejected: Bool, candidates: [Candidate] = [], reason: String? = nil) {
        self.text = text; self.command = command; self.slots = slots; self.language = language
        self.confidence = confidence; self.rejected = rejected; self.candidates = candidates; self.reason = reason
    }

    /// `text` refused for `reason` (by a listener's checks rather than the matcher).
    public static func rejection(_ text: String, reason: String) -> MatchResult {
        MatchResult(text: text, command: nil, language: nil, confidence: 0, rejected: true, reason: reason)
    }

    /// A canonical string slot (e.g. subject "math").
    public func text(_ slot: String) -> String? { slots[slot]?.stringValue }
    /// A number slot (e.g. minutes 25).
    public func int(_ slot: String) -> Int? { slots[slot]?.intValue }

    enum CodingKeys: String, CodingKey { case text, command, slots, language, confidence, rejected, candidates, reason }
    private enum TypeKey: String, CodingKey { case type }

    /// A `match` event of docs/events.schema.json.
    public func encode(to encoder: any Encoder) throws {
        var tag = encoder.container(keyedBy: TypeKey.self)
        try tag.encode("match", forKey: .type)
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(text, forKey: .text)
        try c.encode(command, forKey: .command)   // explicit null when rejected
        try c.encode(slots, forKey: .slots)
        try c.encode(language, forKey: .language)
        try c.encode((confidence * 1000).rounded() / 1000, forKey: .confidence)
        try c.encode(rejected, forKey: .rejected)
        if !candidates.isEmpty { try c.encode(candidates, forKey: .candidates) }
        try c.encodeIfPresent(reason, forKey: .reason)
    }
}
