import ParloCore
import ParloEvaluation

/// Command accuracy over files whose expectation names a command (`"command"` in the manifest,
/// `null` for speech that must be rejected): right only when the command and every slot match.
/// Also a confusion matrix, expected command → what was triggered (`-` for nothing).
public struct CommandTally: Codable, Sendable, Equatable {
    public var scored = 0
    public var correct = 0
    /// expected → triggered → count.
    public var confusion: [String: [String: Int]] = [:]
    /// Per language and noise condition ("en", "it", "en 15 dB", …): scored and correct.
    public var byLanguage: [String: LanguageCount] = [:]

    enum CodingKeys: String, CodingKey { case scored, correct, confusion, byLanguage = "by_language" }

    public struct LanguageCount: Codable, Sendable, Equatable {
        public var scored = 0
        public var correct = 0
    }

    public init() {}

    public var accuracy: Double { scored == 0 ? 0 : Double(correct) / Double(scored) }

    /// Counts `result` when `expectation` has a `command` field.
    public mutating func add(_ result: FileResult, expectation: Expectation) {
        guard let expected = expectation.fields["command"], result.error == nil else { return }
        let expectedCommand = expected.stringValue
        let got = result.command
        var right = expectedCommand == got
        if right, case .object(let slots)? = expectation.fields["slots"] {
            let gotSlots = result.match?.slots ?? [:]
            right = slots.count == gotSlots.count && slots.allSatisfy { key, value in
                gotSlots[key].map { Self.same(value, $0.description) } ?? false
            }
        }
        scored += 1
        if right { correct += 1 }
        confusion[expectedCommand ?? "-", default: [:]][got ?? "-", default: 0] += 1
        if let lang = expectation.fields["language"]?.stringValue {
            var key = lang
            if case .number(let snr)? = expectation.fields["snr_db"] { key += " \(Int(snr)) dB" }
            byLanguage[key, default: LanguageCount()].scored += 1
            if right { byLanguage[key, default: LanguageCount()].correct += 1 }
        }
    }

    private static func same(_ expected: JSONValue, _ got: String) -> Bool {
        switch expected {
        case .string(let s): return s == got
        case .number(let n): return Int(n) == Int(got)
        default: return false
        }
    }
}
