import ParloEvaluation

/// Adds up file results into a `BatchSummary`: totals, speed, and accuracy where expected
/// transcripts are known.
public struct BatchTally: Sendable {
    public private(set) var summary = BatchSummary()
    public private(set) var accuracy = AccuracyReport()
    public private(set) var rejection = RejectionTally()
    public private(set) var commands = CommandTally()

    public init() {}

    /// Counts `result`, filling in `expected`/`correct` from `expectation`; returns the result
    /// as it should be printed.
    @discardableResult
    public mutating func add(_ result: FileResult, expectation: Expectation?) -> FileResult {
        var r = result
        summary.files += 1
        guard r.error == nil, let text = r.text else { summary.failed += 1; return r }
        summary.audioSeconds += r.audioSeconds ?? 0
        summary.decodeSeconds += r.decodeSeconds ?? 0
        if let e = expectation {
            r.expected = e.text
            r.correct = transcriptWords(e.text) == transcriptWords(text)
            accuracy.add(file: r.file, expected: e.text, heard: text)
            rejection.add(r, expectation: e)
            commands.add(r, expectation: e)
        }
        return r
    }

    /// The summary with derived figures (xRT, WER …) filled in.
    public func finished(wallSeconds: Double, jobs: Int) -> BatchSummary {
        var s = summary
        s.wallSeconds = wallSeconds
        s.jobs = jobs
        s.xrt = s.audioSeconds > 0 ? s.decodeSeconds / s.audioSeconds : 0
        if accuracy.scored > 0 {
            s.scored = accuracy.scored
            s.sentenceAccuracy = accuracy.sentenceAccuracy
            s.wordErrorRate = accuracy.alignment.wordErrorRate
            s.substitutions = accuracy.alignment.substitutions
            s.deletions = accuracy.alignment.deletions
            s.insertions = accuracy.alignment.insertions
            s.mismatches = accuracy.mismatches.map { .init(file: $0.file, expected: $0.expected, heard: $0.heard) }
        }
        if !rejection.isEmpty { s.rejection = rejection }
        if commands.scored > 0 {
            s.commandAccuracy = commands.accuracy
            s.commands = commands
        }
        return s
    }
}
