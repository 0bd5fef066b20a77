import ParloCommands
import ParloRecognizer

/// One utterance accepted in a long file: when it was said, what was heard, and the command it
/// names. A recording of a study session holds many commands; the file's own `command` is the
/// match of all its words together, which names none of them.
public struct HeardUtterance: Codable, Sendable, Equatable {
    /// Seconds from the start of the file: its first word's start and its last word's end.
    public var start: Double
    public var end: Double
    public var text: String
    /// How sure the recognizer is of `text`, or, with a command, of the command (the weaker of
    /// the two, as live listening's `command` event).
    public var confidence: Double
    /// The command the words name (nil: none, or no catalog to name one).
    public var command: String?
    public var slots: [String: SlotValue]?
    public var language: Language?
    /// What the recognizer's rejection measured of it, which its confidence is computed from:
    /// what `scripts/fit-confidence --long` fits a long file's confidence on.
    public var evidence: RejectionEvidence?

    public init(start: Double, end: Double, text: String, confidence: Double, evidence: RejectionEvidence? = nil) {
        // Word times are frame counts (10 ms) added to seconds: rounded to the millisecond.
        self.start = (start * 1000).rounded() / 1000; self.end = (end * 1000).rounded() / 1000
        self.text = text; self.confidence = confidence; self.evidence = evidence
    }

    /// The utterance as what `match` made of it: its command, slots and language when it named one.
    mutating func interpret(_ match: MatchResult) {
        guard !match.rejected, let name = match.command else { return }
        command = name
        slots = match.slots
        language = match.language
        confidence = min(confidence, match.confidence)
    }
}

/// What decoding one file gives: its result, how far its speech stood above the rest of the
/// recording (`SpeechToNoise`, dB; nil where speech fills the file or nothing stands out), and
/// for a long file each utterance accepted in it.
public struct DecodedFile {
    public var recognition: Recognition
    public var snrDB: Double?
    public var utterances: [HeardUtterance]?
}
