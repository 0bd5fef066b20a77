import ParloCatalog
import ParloCommands
import ParloCore
import ParloSpeech

/// One thing that happened in a study session, for a UI: printed as a JSON Lines object.
///
/// A flat `type` plus fields (rather than an enum per case) because a UI reads them as JSON
/// anyway, and new state changes can be added without breaking readers that ignore them.
public struct StudyEvent: Sendable, Equatable, Encodable {
    /// "command", "reply", "rejected", "subject_opened", "material", "reading_started", "reading",
    /// "reading_paused", "reading_resumed", "reading_stopped", "reading_finished", "rate",
    /// "mind_map", "timer_started", "timer_ended", "character_changed", "listening".
    public var type: String
    public var fields: [String: JSONValue]

    public init(_ type: String, _ fields: [String: JSONValue] = [:]) { self.type = type; self.fields = fields }

    public subscript(key: String) -> JSONValue? { fields[key] }
    /// A string field, or nil.
    public func string(_ key: String) -> String? { fields[key]?.stringValue }

    public func encode(to encoder: any Encoder) throws {
        var all = fields
        all["type"] = .string(type)
        try all.encode(to: encoder)
    }

    /// A command the registry dispatched.
    static func command(_ m: MatchResult, source: String, speaking: Bool) -> StudyEvent {
        var slots: [String: JSONValue] = [:]
        for (k, v) in m.slots { slots[k] = v.intValue.map { .number(Double($0)) } ?? .string(v.stringValue ?? "\(v)") }
        return StudyEvent("command", [
            "command": .string(m.command ?? ""), "slots": .object(slots),
            "language": .string(m.language?.rawValue ?? "en"), "confidence": .number((m.confidence * 1000).rounded() / 1000),
            "text": .string(m.text), "source": .string(source), "while_speaking": .bool(speaking),
        ])
    }

    /// A reply about to be spoken.
    static func reply(_ text: String, language: SpeechLanguage, character: SpeechCharacter) -> StudyEvent {
        StudyEvent("reply", ["text": .string(text), "language": .string(language.rawValue),
                             "character": .string(character.name.lowercased()), "color": .string(character.colour)])
    }
}

extension JSONValue {
    /// A string array as JSON.
    static func strings(_ a: [String]) -> JSONValue { .array(a.map { .string($0) }) }
    static func int(_ n: Int) -> JSONValue { .number(Double(n)) }
}
