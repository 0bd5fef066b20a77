import ParloCommands
import ParloEvaluation

/// Adds up file results into a `BatchSummary`: totals, speed, and accuracy where expected
/// outcomes are known.
///
/// A result is scored once, against its manifest line (`add(_:expectation:)`), and counted
/// from what it then carries; `parlo report` counts results read back from files the same
/// way (`add(_:)`), so merged shards add up to the summary of one run.
public struct BatchTally: Sendable {
    public private(set) var summary = BatchSummary()
    public private(set) var accuracy = AccuracyReport()
    public private(set) var rejection = RejectionTally()
    public private(set) var commands = CommandTally()
    /// What a sentence triggers, with a catalog: expectations that name no command get the
    /// command of their expected text (see `ExpectedOutcome`).
    public let interpret: (@Sendable (String) -> MatchResult)?

    public init(interpret: (@Sendable (String) -> MatchResult)? = nil) { self.interpret = interpret }

    /// Scores `result` against `expectation` (when there is one) and counts it; returns the
    /// result as it should be printed.
    @discardableResult
    public mutating func add(_ result: FileResult, expectation: Expectation?) -> FileResult {
        var r = result
        if let e = expectation { r = r.scored(against: ExpectedOutcome(e, interpret: interpret)) }
        add(r)
        return r
    }

    /// Counts a result as it is, scored or not (a result read back from a results file).
    public mutating func add(_ r: FileResult) {
        summary.files += 1
        guard r.error == nil, let text = r.text else { summary.failed += 1; return }
        summary.audioSeconds += r.audioSeconds ?? 0
        summary.decodeSeconds += r.decodeSeconds ?? 0
        guard let expected = r.expected else { return }
        accuracy.add(file: r.file, expected: expected, heard: text)
        rejection.add(r)
        commands.add(r)
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
            // Sorted by file: merged shards (`parlo report`) list them as one run does.
            s.mismatches = accuracy.mismatches.sorted { $0.file < $1.file }.map { .init(file: $0.file, expected: $0.expected, heard: $0.heard) }
        }
        if !rejection.isEmpty { s.rejection = rejection }
        if commands.scored > 0 {
            s.commandAccuracy = commands.accuracy
            s.commands = commands
        }
        return s
    }
}
