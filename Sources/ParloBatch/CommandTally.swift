import ParloCore

/// Command accuracy over results scored against a command outcome (`expectedCommand`): right
/// when the command and every expected slot match, or when speech that is no command
/// triggered nothing. Counted per language and recording condition, with the confusions:
/// expected command → what was triggered (`-` for nothing), and right commands with wrong slots.
public struct CommandTally: Codable, Sendable, Equatable {
    public var scored = 0
    public var correct = 0
    /// expected → triggered → count.
    public var confusion: [String: [String: Int]] = [:]
    /// The right command with other slot values: "set_timer minutes=20" → "set_timer minutes=25" → count.
    public var slotErrors: [String: [String: Int]] = [:]
    /// Per expected language ("en", "it"): scored and correct.
    public var byLanguage: [String: Count] = [:]
    /// Per recording condition the manifest names, then per language ("-" when unknown).
    public var byCondition: [String: [String: Count]] = [:]
    /// Per band of how far the file's speech stood above its room (`snrBand`), whatever the
    /// manifest says: where a set's own conditions are unknown, this is where its errors are.
    public var bySNR: [String: Count] = [:]

    enum CodingKeys: String, CodingKey {
        case scored, correct, confusion
        case slotErrors = "slot_errors", byLanguage = "by_language", byCondition = "by_condition", bySNR = "by_snr"
    }

    public struct Count: Codable, Sendable, Equatable {
        public var scored = 0
        public var correct = 0
        public init(scored: Int = 0, correct: Int = 0) { self.scored = scored; self.correct = correct }
        mutating func add(_ right: Bool) { scored += 1; if right { correct += 1 } }
        public static func + (a: Count, b: Count) -> Count { Count(scored: a.scored + b.scored, correct: a.correct + b.correct) }
    }

    public init() {}

    public var accuracy: Double { scored == 0 ? 0 : Double(correct) / Double(scored) }

    /// Counts `r` when it was scored against a command outcome.
    public mutating func add(_ r: FileResult) {
        guard r.error == nil, let expected = r.expectedCommand else { return }
        let right = r.correct == true
        scored += 1
        if right { correct += 1 }
        confusion[expected.name ?? "-", default: [:]][r.command ?? "-", default: 0] += 1
        if !right, let name = expected.name, r.command == name {
            let got = ExpectedCommand.label(name, r.match?.slots ?? [:])
            slotErrors[ExpectedCommand.label(name, expected.slots), default: [:]][got, default: 0] += 1
        }
        if let lang = r.expectedLanguage { byLanguage[lang, default: Count()].add(right) }
        if let condition = r.condition { byCondition[condition, default: [:]][r.expectedLanguage ?? "-", default: Count()].add(right) }
        bySNR[Self.snrBand(r.snrDB), default: Count()].add(right)
    }

    /// The bands of `bySNR`, cleanest first: 5 dB wide from 0 to 20 dB (docs/listening.md:
    /// commands heard right halve from over 10 dB to under it), and "-" for no ratio (speech
    /// filled the file, or nothing stood out).
    public static let snrBands = ["≥ 20 dB", "15–20 dB", "10–15 dB", "5–10 dB", "< 5 dB", "-"]

    static func snrBand(_ db: Double?) -> String {
        guard let db else { return "-" }
        return snrBands[[20.0, 15, 10, 5].firstIndex { db >= $0 } ?? 4]
    }
}
