import Foundation
import ParloBatch
import ParloCore
import ParloEvaluation

/// JSON Lines files `parlo batch` reads back: the `--out` file on `--resume` (results counted
/// into a summary as a resumed run does) and in `parlo report`, and, from the same bytes, an
/// `--expect` manifest.
enum ResultsHarness {
    static let target = FuzzTarget(name: "results", maxLength: 8192) { data in
        var expectations = ExpectationSet()
        do { expectations = try ExpectationSet(manifest: data, path: "/nonexistent/manifest.jsonl") } catch {
            requireOneLine(error, "results")
        }
        var tally = BatchTally()
        let encoder = JSONLinesEncoder()
        for r in ResumedResults.finished(in: data).results {
            _ = try? encoder.line(tally.add(r, expectation: expectations.expectation(for: r.file)))
        }
        _ = try? encoder.line(tally.finished(wallSeconds: 1, jobs: 1))
        // As `parlo report` reads them: every result counted as it is, scored or not.
        var report = BatchTally()
        for r in ResultsFileContents(data).latestResults { report.add(r) }
        _ = try? encoder.line(report.finished(wallSeconds: 1, jobs: 1))
    }
}
