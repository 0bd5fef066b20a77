import ParloCatalog
import ParloCommands
import ParloRecognizer

/// The command a file's speech triggers, as `parlo batch` reports it with a catalog.
///
/// `command` and `language` are nil (printed as `null`) when the speech was rejected, by the
/// recognizer (it fits no command acoustically) or by the matcher (ambiguous, no match).
public struct CommandOutcome: Codable, Sendable, Equatable {
    public var command: String?
    public var slots: [String: SlotValue]
    public var language: String?
    /// The matcher's confidence in the text → command step (0–1).
    public var matchConfidence: Double

    public init(command: String?, slots: [String: SlotValue], language: String?, matchConfidence: Double) {
        self.command = command; self.slots = slots; self.language = language; self.matchConfidence = matchConfidence
    }

    /// Matches a recognition against the catalog; rejected speech never becomes a command.
    public init(_ recognition: Recognition, matcher: CommandMatcher) {
        guard !recognition.rejected, !recognition.text.isEmpty else {
            self.init(command: nil, slots: [:], language: nil, matchConfidence: 0)
            return
        }
        let m = matcher.match(recognition.text)
        self.init(command: m.rejected ? nil : m.command, slots: m.rejected ? [:] : m.slots,
                  language: m.rejected ? nil : m.language?.rawValue, matchConfidence: m.confidence)
    }
}
