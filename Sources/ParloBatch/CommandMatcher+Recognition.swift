import ParloCommands
import ParloRecognizer

extension CommandMatcher {
    /// The command a recognition triggers: speech the recognizer rejected never becomes one
    /// (confidence 0), the rest is matched as text (`preferring`: see `match(_:filter:preferring:)`).
    public func match(_ recognition: Recognition, preferring: Language? = nil) -> MatchResult {
        guard !recognition.rejected, !recognition.text.isEmpty else {
            return MatchResult(text: recognition.text, command: nil, language: nil, confidence: 0, rejected: true,
                               reason: "the recognizer rejected the speech")
        }
        return match(recognition.text, preferring: preferring)
    }
}
