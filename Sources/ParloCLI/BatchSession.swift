import Foundation
import Parlo

/// The presentation side of a batch: progress and report on a terminal, JSON Lines otherwise,
/// every result appended to `--out` the moment it is known.
struct BatchSession {
    private var tally = BatchTally()
    private let expectations: ExpectationSet
    private let json: Bool
    private let total: Int
    private var done = 0
    private var results: ResultsFile?
    private var finishedFiles: Set<String> = []
    private let encoder = JSONLinesEncoder()
    private var progress: ProgressBar?

    init(outPath: String?, resume: Bool, expectations: ExpectationSet, json: Bool, total: Int) throws {
        self.expectations = expectations
        self.json = json
        self.total = total
        var previous: [FileResult] = []
        if let outPath {
            let file = try ResultsFile(outPath, resume: resume)
            let data = resume ? file.existingContents() : Data()
            if resume {
                let found = ResumedResults.finished(in: data)
                previous = found.results
                for n in found.badLines {
                    printError("\(outPath) line \(n) is not a result (damaged?): that file is decoded again")
                }
            }
            try file.prepareForAppending(keeping: data)
            results = file
        }
        if !json && Terminal.stderrIsTerminal { progress = ProgressBar(total: total) }
        // Results already in the `--out` file are counted, not decoded or written again.
        for r in previous {
            finishedFiles.insert(Self.key(r.file))
            emit(tally.add(r, expectation: expectations.expectation(for: r.file)), persist: false)
        }
    }

    /// A file's identity for --resume (see `ResumedResults.key`).
    static func key(_ file: String) -> String { ResumedResults.key(file) }

    func isDone(_ file: String) -> Bool { finishedFiles.contains(Self.key(file)) }

    mutating func record(_ result: FileResult) {
        let scored = tally.add(result, expectation: expectations.expectation(for: result.file))
        emit(scored, persist: true)
    }

    private mutating func emit(_ r: FileResult, persist: Bool) {
        done += 1
        let line = (try? encoder.line(r)) ?? "{}"
        if persist, let file = results {
            do { try file.handle.write(contentsOf: Data((line + "\n").utf8)) } catch {
                progress?.clear()
                printError("\(file.path): cannot write results any more (\(error.localizedDescription)): they are still printed")
                file.close()
                results = nil
            }
        }
        if let e = r.error { progress?.clear(); printError(e) }
        if json { print(line); fflush(nil) } else { progress?.update(done: done, file: r.file) }
    }

    /// Prints the summary (JSON or report) and returns it.
    mutating func finish(wallSeconds: Double, jobs: Int) -> BatchSummary {
        progress?.clear()
        results?.close()
        let summary = tally.finished(wallSeconds: wallSeconds, jobs: jobs)
        if json { print((try? encoder.line(summary)) ?? "{}") } else { print(BatchReport(summary).text) }
        return summary
    }
}
