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

    enum CodingKeys: String, CodingKey {
        case file, text, words, score, rejected, confidence, evidence, expected, correct, error
        case audioSeconds = "audio_s", decodeSeconds = "decode_s"
    }

    public init(file: String, recognition: Recognition, decodeSeconds: Double) {
        self.file = file
        text = recognition.text
        words = recognition.words
        score = recognition.score
        audioSeconds = recognition.audioSeconds
        rejected = recognition.rejected
        confidence = recognition.confidence
        evidence = recognition.evidence
        self.decodeSeconds = decodeSeconds
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

    public struct AccuracyMismatch: Codable, Sendable {
        public var file: String
        public var expected: String
        public var heard: String
    }

    enum CodingKeys: String, CodingKey {
        case type, files, failed, xrt, jobs, scored, substitutions, deletions, insertions, mismatches, rejection
        case audioSeconds = "audio_s", decodeSeconds = "decode_s", wallSeconds = "wall_s"
        case sentenceAccuracy = "sentence_accuracy", wordErrorRate = "wer"
    }

    public init() {}
}
