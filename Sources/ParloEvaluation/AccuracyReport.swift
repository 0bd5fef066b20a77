/// Accumulates accuracy over a batch: sentence accuracy, WER and the mismatches.
public struct AccuracyReport: Sendable {
    public struct Mismatch: Sendable, Equatable, Codable {
        public var file: String
        public var expected: String
        public var heard: String
    }

    public private(set) var scored = 0
    public private(set) var correctSentences = 0
    public private(set) var alignment = WordAlignment()
    public private(set) var mismatches: [Mismatch] = []

    public init() {}

    /// Scores one file's hypothesis against its expected transcript.
    public mutating func add(file: String, expected: String, heard: String) {
        let ref = transcriptWords(expected), hyp = transcriptWords(heard)
        scored += 1
        alignment = alignment + WordAlignment(reference: ref, hypothesis: hyp)
        if ref == hyp { correctSentences += 1 } else {
            mismatches.append(Mismatch(file: file, expected: expected, heard: heard))
        }
    }

    public var sentenceAccuracy: Double { scored == 0 ? 0 : Double(correctSentences) / Double(scored) }
}
