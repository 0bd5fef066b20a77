import ParloCatalog
import ParloCommands
import ParloCore
import ParloEvaluation
import ParloListen
import ParloRecognizer

/// One line of `parlo batch` output: what one file was recognised as, or why it could not be.
public struct FileResult: Codable, Sendable, Equatable {
    public var file: String
    public var text: String?
    public var words: [Recognition.Word]?
    public var score: Int32?
    public var audioSeconds: Double?
    public var decodeSeconds: Double?
    /// Whether the speech fitted no sentence of the grammar (or nothing was heard).
    public var rejected: Bool?
    /// How sure the recognizer is of `text` (0-1).
    public var confidence: Double?
    /// What the rejection check measured, when rejection is on.
    public var evidence: RejectionEvidence?
    /// How sure the result is of each slot value (`SlotConfidence`), with a catalog.
    public var slotConfidence: [String: Double]?
    /// The acoustic score per frame of the words that said each slot value, where found.
    public var slotEvidence: [String: Double]?
    /// The expected transcript, when the batch has expectations for this file.
    public var expected: String?
    /// What the file should come out as, beyond its transcript (command, language, condition):
    /// carried in the result so results can be scored again without the manifest.
    public var expectedCommand: ExpectedCommand?
    public var expectedLanguage: String?
    public var condition: String?
    public var expectedRejected: Bool?
    /// Whether the outcome is right: with a catalog, the command and its slots (or nothing
    /// triggered for speech that is no command), whatever the words; else the transcript.
    public var correct: Bool?
    /// Whether `text` matches `expected` word for word.
    public var textCorrect: Bool?
    /// How far the file's speech stood above the rest of the recording, dB (`FileDecoder.decodeMeasuring`).
    public var snrDB: Double?
    /// A file over `FileDecoder.wholeUtteranceLimit`: each utterance accepted in it, in order,
    /// with the command it names.
    public var utterances: [HeardUtterance]?
    /// A one-line reason, when the file could not be decoded.
    public var error: String?
    /// What the speech matched, when the batch runs against a command catalog.
    public var match: MatchResult?
    /// The command triggered (nil when the speech or its match was rejected).
    public var command: String? { match.flatMap { $0.rejected ? nil : $0.command } }

    enum CodingKeys: String, CodingKey {
        case type, file, text, words, score, rejected, confidence, evidence, expected, correct, error, condition, snr_db
        case command, slots, language, utterances
        case audioSeconds = "audio_s", decodeSeconds = "decode_s"
        case expectedCommand = "expected_command", expectedSlots = "expected_slots"
        case expectedLanguage = "expected_language", expectedRejected = "expected_rejected"
        case textCorrect = "text_correct"
        case slotConfidence = "slot_confidence", slotEvidence = "slot_evidence"
    }

    public init(file: String, recognition: Recognition, decodeSeconds: Double, match: MatchResult? = nil,
                slots: SlotConfidence? = nil, snrDB: Double? = nil, utterances: [HeardUtterance]? = nil) {
        self.utterances = utterances
        self.match = match
        self.snrDB = snrDB.map { ($0 * 10).rounded() / 10 }
        self.file = file
        text = recognition.text
        // Per-word scores serve the slots' confidence only; a result reads back equal without them.
        words = recognition.words.map { Recognition.Word(word: $0.word, start: $0.start, end: $0.end) }
        score = recognition.score
        audioSeconds = recognition.audioSeconds
        rejected = recognition.rejected
        confidence = recognition.confidence
        evidence = recognition.evidence
        self.decodeSeconds = decodeSeconds
        if let match {
            rejected = command == nil
            confidence = min(recognition.confidence, match.confidence)
            if let slots, let confidence, command != nil, !match.slots.isEmpty {
                let values = slots.values(of: match, words: recognition.words, resultConfidence: confidence)
                slotConfidence = values.mapValues(\.confidence)
                slotEvidence = values.compactMapValues(\.wordScorePerFrame)
            }
        }
    }

    public init(file: String, error: any Error) {
        self.file = file
        self.error = oneLine(error)
    }

    /// This result scored against `expected`: the expected fields filled in, `correct` and
    /// `textCorrect` decided. A result that failed or has no text is left as it is.
    public func scored(against expected: ExpectedOutcome) -> FileResult {
        guard error == nil, let text else { return self }
        var r = self
        r.expected = expected.text
        r.expectedCommand = expected.command
        r.expectedLanguage = expected.language
        r.condition = expected.condition
        r.expectedRejected = expected.rejected
        r.textCorrect = transcriptWords(expected.text) == transcriptWords(text)
        r.correct = expected.command.map { $0.isMet(by: command, slots: command == nil ? [:] : match?.slots ?? [:]) } ?? r.textCorrect
        return r
    }
}

extension FileResult {
    /// With a catalog, `command` and `language` are always present: `null` when rejected.
    /// `rejected` and `confidence` then describe the whole result (acoustic and matcher checks).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode("result", forKey: .type)
        try c.encode(file, forKey: .file)
        try c.encodeIfPresent(text, forKey: .text)
        try c.encodeIfPresent(words, forKey: .words)
        try c.encodeIfPresent(score, forKey: .score)
        try c.encodeIfPresent(audioSeconds, forKey: .audioSeconds)
        try c.encodeIfPresent(decodeSeconds, forKey: .decodeSeconds)
        try c.encodeIfPresent(snrDB, forKey: .snr_db)
        try c.encodeIfPresent(evidence, forKey: .evidence)
        try c.encodeIfPresent(expected, forKey: .expected)
        if let e = expectedCommand {
            try c.encode(e.name, forKey: .expectedCommand)
            try c.encodeIfPresent(e.slots, forKey: .expectedSlots)
        }
        try c.encodeIfPresent(expectedLanguage, forKey: .expectedLanguage)
        try c.encodeIfPresent(condition, forKey: .condition)
        try c.encodeIfPresent(expectedRejected, forKey: .expectedRejected)
        try c.encodeIfPresent(correct, forKey: .correct)
        try c.encodeIfPresent(textCorrect, forKey: .textCorrect)
        try c.encodeIfPresent(utterances, forKey: .utterances)
        try c.encodeIfPresent(error, forKey: .error)
        try c.encodeIfPresent(rejected, forKey: .rejected)
        try c.encodeIfPresent(confidence, forKey: .confidence)
        if let m = match {
            let accepted = command != nil
            try c.encode(command, forKey: .command)
            try c.encode(accepted ? m.slots : [:], forKey: .slots)
            try c.encode(accepted ? m.language : nil, forKey: .language)
            try c.encodeIfPresent(slotConfidence, forKey: .slotConfidence)
            if let e = slotEvidence, !e.isEmpty { try c.encode(e, forKey: .slotEvidence) }
        }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        file = try c.decode(String.self, forKey: .file)
        text = try c.decodeIfPresent(String.self, forKey: .text)
        words = try c.decodeIfPresent([Recognition.Word].self, forKey: .words)
        score = try c.decodeIfPresent(Int32.self, forKey: .score)
        audioSeconds = try c.decodeIfPresent(Double.self, forKey: .audioSeconds)
        decodeSeconds = try c.decodeIfPresent(Double.self, forKey: .decodeSeconds)
        snrDB = try c.decodeIfPresent(Double.self, forKey: .snr_db)
        rejected = try c.decodeIfPresent(Bool.self, forKey: .rejected)
        confidence = try c.decodeIfPresent(Double.self, forKey: .confidence)
        evidence = try c.decodeIfPresent(RejectionEvidence.self, forKey: .evidence)
        expected = try c.decodeIfPresent(String.self, forKey: .expected)
        correct = try c.decodeIfPresent(Bool.self, forKey: .correct)
        textCorrect = try c.decodeIfPresent(Bool.self, forKey: .textCorrect)
        if c.contains(.expectedCommand) {
            expectedCommand = ExpectedCommand(name: try c.decodeIfPresent(String.self, forKey: .expectedCommand),
                                              slots: try c.decodeIfPresent([String: SlotValue].self, forKey: .expectedSlots))
        }
        expectedLanguage = try c.decodeIfPresent(String.self, forKey: .expectedLanguage)
        condition = try c.decodeIfPresent(String.self, forKey: .condition)
        expectedRejected = try c.decodeIfPresent(Bool.self, forKey: .expectedRejected)
        error = try c.decodeIfPresent(String.self, forKey: .error)
        utterances = try c.decodeIfPresent([HeardUtterance].self, forKey: .utterances)
        slotConfidence = try c.decodeIfPresent([String: Double].self, forKey: .slotConfidence)
        slotEvidence = try c.decodeIfPresent([String: Double].self, forKey: .slotEvidence)
        if c.contains(.command) {
            let command = try c.decodeIfPresent(String.self, forKey: .command)
            match = MatchResult(text: text ?? "", command: command,
                                slots: try c.decodeIfPresent([String: SlotValue].self, forKey: .slots) ?? [:],
                                language: try c.decodeIfPresent(Language.self, forKey: .language),
                                confidence: confidence ?? 0, rejected: command == nil)
        }
    }
}
