import ParloEvaluation

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
