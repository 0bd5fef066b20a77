import ParloCatalog
import ParloCommands
import ParloCore
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
    /// The expected transcript, when the batch has expectations for this file.
    public var expected: String?
    /// Whether `text` matches `expected` word for word.
    public var correct: Bool?
    /// A one-line reason, when the file could not be decoded.
    public var error: String?
    /// What the speech matched, when the batch runs against a command catalog.
    public var match: MatchResult?
    /// The command triggered (nil when the speech or its match was rejected).
    public var command: String? { match.flatMap { $0.rejected ? nil : $0.command } }

    enum CodingKeys: String, CodingKey {
        case type, file, text, words, score, rejected, confidence, evidence, expected, correct, error
        case command, slots, language
        case audioSeconds = "audio_s", decodeSeconds = "decode_s"
    }

    public init(file: String, recognition: Recognition, decodeSeconds: Double, match: MatchResult? = nil) {
        self.match = match
        self.file = file
        text = recognition.text
        words = recognition.words
        score = recognition.score
        audioSeconds = recognition.audioSeconds
        rejected = recognition.rejected
        confidence = recognition.confidence
        evidence = recognition.evidence
        self.decodeSeconds = decodeSeconds
        if let match {
            rejected = command == nil
            confidence = min(recognition.confidence, match.confidence)
        }
    }

    public init(file: String, error: any Error) {
        self.file = file
        self.error = oneLine(error)
    }
}

/// The closing line of a batch: totals, speed and, with expectations, accuracy.
public struct BatchSummary: Codable, Sendable {
    public var type = "summary"
    public var files = 0
    public var failed = 0
    public var audioSeconds = 0.0
    public var decodeSeconds = 0.0
    public var wallSeconds = 0.0
    /// Decoding time over audio time, summed over files (lower is faster; 0.1 = ten times real time).
    public var xrt = 0.0
    public var jobs = 1
    public var scored: Int?
    public var sentenceAccuracy: Double?
    public var wordErrorRate: Double?
    public var substitutions: Int?
    public var deletions: Int?
    public var insertions: Int?
    public var mismatches: [AccuracyMismatch]?
    /// Rejection rates, when expectations say which files should be rejected.
    public var rejection: RejectionTally?
    /// Share of files whose command and every slot were right, when expectations name commands.
    public var commandAccuracy: Double?
    /// Command counts, per language and as a confusion matrix.
    public var commands: CommandTally?

    public struct AccuracyMismatch: Codable, Sendable {
        public var file: String
        public var expected: String
        public var heard: String
    }

    enum CodingKeys: String, CodingKey {
        case type, files, failed, xrt, jobs, scored, substitutions, deletions, insertions, mismatches, rejection, commands
        case commandAccuracy = "command_accuracy"
        case audioSeconds = "audio_s", decodeSeconds = "decode_s", wallSeconds = "wall_s"
        case sentenceAccuracy = "sentence_accuracy", wordErrorRate = "wer"
    }

    public init() {}
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
        try c.encodeIfPresent(evidence, forKey: .evidence)
        try c.encodeIfPresent(expected, forKey: .expected)
        try c.encodeIfPresent(correct, forKey: .correct)
        try c.encodeIfPresent(error, forKey: .error)
        try c.encodeIfPresent(rejected, forKey: .rejected)
        try c.encodeIfPresent(confidence, forKey: .confidence)
        if let m = match {
            let accepted = command != nil
            try c.encode(command, forKey: .command)
            try c.encode(accepted ? m.slots : [:], forKey: .slots)
            try c.encode(accepted ? m.language : nil, forKey: .language)
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
        rejected = try c.decodeIfPresent(Bool.self, forKey: .rejected)
        confidence = try c.decodeIfPresent(Double.self, forKey: .confidence)
        evidence = try c.decodeIfPresent(RejectionEvidence.self, forKey: .evidence)
        expected = try c.decodeIfPresent(String.self, forKey: .expected)
        correct = try c.decodeIfPresent(Bool.self, forKey: .correct)
        error = try c.decodeIfPresent(String.self, forKey: .error)
        if c.contains(.command) {
            let command = try c.decodeIfPresent(String.self, forKey: .command)
            match = MatchResult(text: text ?? "", command: command,
                                slots: try c.decodeIfPresent([String: SlotValue].self, forKey: .slots) ?? [:],
                                language: try c.decodeIfPresent(Language.self, forKey: .language),
                                confidence: confidence ?? 0, rejected: command == nil)
        }
    }
}
