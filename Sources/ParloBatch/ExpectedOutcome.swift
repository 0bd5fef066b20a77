import ParloCommands
import ParloCore
import ParloEvaluation

/// What a file of a batch should come out as, in the terms results are scored in: the
/// command (or none), the language and recording condition it is counted under, whether it
/// should be rejected. Built once from a manifest line; the result carries it, so result files
/// can be scored again (`parlo report`) without the manifest or the catalog.
public struct ExpectedOutcome: Sendable, Equatable {
    /// The expected transcript.
    public var text: String
    /// The command outcome, when it is scored (a run with a catalog): nil inside for speech
    /// that is no command and must trigger nothing.
    public var command: ExpectedCommand?
    public var language: String?
    /// The recording condition the manifest names: its `condition` ("quiet", "snr05"), else
    /// its `snr_db` ("clean" for null, "15 dB").
    public var condition: String?
    /// The manifest's `rejected`: whether the speech should be rejected.
    public var rejected: Bool?

    public init(text: String, command: ExpectedCommand? = nil, language: String? = nil, condition: String? = nil,
                rejected: Bool? = nil) {
        self.text = text; self.command = command; self.language = language
        self.condition = condition; self.rejected = rejected
    }

    /// The outcome a manifest line asks for. Its `command` (and `slots`) when it names one;
    /// otherwise, in a run with a catalog (`interpret` given), what the expected text itself
    /// triggers, so a manifest of transcripts scores commands too and a right command said in
    /// other words counts as right. Speech marked `"rejected": true` expects no command.
    public init(_ e: Expectation, interpret: ((String) -> MatchResult)? = nil) {
        text = e.text
        language = e.fields["language"]?.stringValue
        if case .bool(let b)? = e.fields["rejected"] { rejected = b }
        if let c = e.fields["condition"]?.stringValue {
            condition = c
        } else if let snr = e.fields["snr_db"] {
            if case .number(let n) = snr { condition = "\(Int(n)) dB" } else { condition = "clean" }
        }
        if let named = e.fields["command"] {
            var slots: [String: SlotValue]?
            if case .object(let o)? = e.fields["slots"] { slots = o.compactMapValues(SlotValue.init(json:)) }
            command = ExpectedCommand(name: named.stringValue, slots: named.stringValue == nil ? nil : slots)
        } else if let interpret {
            let match = rejected == true || e.text.isEmpty ? nil : interpret(e.text)
            let name = match.flatMap { $0.rejected ? nil : $0.command }
            command = ExpectedCommand(name: name, slots: name == nil ? nil : match?.slots)
            if language == nil, name != nil { language = match?.language?.rawValue }
        }
    }
}

/// The command a file should trigger: `name` nil for none; `slots` nil when the manifest does
/// not say (then they are not checked).
public struct ExpectedCommand: Sendable, Equatable {
    public var name: String?
    public var slots: [String: SlotValue]?

    public init(name: String?, slots: [String: SlotValue]? = nil) { self.name = name; self.slots = slots }

    /// Whether `command` with `slots` is this outcome: the same command (or none) and, when
    /// slots are expected, the same values (compared as written: 25 and "25" are one value).
    public func isMet(by command: String?, slots got: [String: SlotValue]) -> Bool {
        guard command == name else { return false }
        guard name != nil, let slots else { return true }
        return slots.count == got.count && slots.allSatisfy { key, value in got[key]?.description == value.description }
    }

    /// `set_timer minutes=25`, `rejected` for none: how confusions name an outcome.
    public static func label(_ command: String?, _ slots: [String: SlotValue]?) -> String {
        guard let command else { return "rejected" }
        return ([command] + (slots ?? [:]).keys.sorted().map { "\($0)=\(slots![$0]!)" }).joined(separator: " ")
    }
}

extension SlotValue {
    /// A manifest's slot value: a string, or a whole number.
    init?(json: JSONValue) {
        switch json {
        case .string(let s): self = .text(s)
        case .number(let n) where n.rounded() == n && abs(n) < 1e15: self = .number(Int(n))
        default: return nil
        }
    }
}
