import Foundation
import Parlo

/// The presentation side of a batch: progress and report on a terminal, JSON Lines otherwise,
/// every result appended to `--out` the moment it is known.
struct BatchSession {
    private var tally: BatchTally
    private let expectations: ExpectationSet
    private let json: Bool
    private let total: Int
    private var done = 0
    private var results: ResultsFile?
    private var finishedFiles: Set<String> = []
    private let encoder = JSONLinesEncoder()
    private var progress: ProgressBar?

    /// `interpret`: the catalog's matcher, which gives expectations naming no command the one
    /// their text triggers.
    /// `run` starts a fresh `--out` file; resuming, it must match the file's own (the same
    /// settings and shard), else the results of two runs would mix.
    init(outPath: String?, resume: Bool, run: BatchRunInfo, expectations: ExpectationSet,
         interpret: (@Sendable (String) -> MatchResult)?, json: Bool, total: Int) throws {
        self.expectations = expectations
        tally = BatchTally(interpret: interpret)
        self.json = json
        self.total = total
        var previous: [FileResult] = []
        if let outPath {
            let file = try ResultsFile(outPath, resume: resume)
            let data = resume ? file.existingContents() : Data()
            if resume {
                let found = ResultsFileContents(data)
                try Self.check(found.run, against: run, path: outPath)
                previous = found.latestResults.filter { $0.error == nil }
                for n in found.badLines {
                    printError("\(outPath) line \(n) is not a result (damaged?): that file is decoded again")
                }
            }
            try file.prepareForAppending(keeping: data)
            results = file
            // A fresh file starts with its run line (a resumed one has it, or predates it).
            if data.isEmpty || !resume { write(line: (try? encoder.line(run)) ?? "{}") }
        }
        if !json && Terminal.stderrIsTerminal { progress = ProgressBar(total: total) }
        // Results already in the `--out` file are counted, not decoded or written again.
        for r in previous {
            finishedFiles.insert(Self.key(r.file))
            emit(tally.add(r, expectation: expectations.expectation(for: r.file)), persist: false)
        }
    }

    /// Refuses to resume a file written by another run: other settings, or another shard.
    static func check(_ found: BatchRunInfo?, against run: BatchRunInfo, path: String) throws {
        guard let found else { return }
        let differing = found.differences(from: run) + (found.shard == run.shard ? [] : ["shard"])
        guard differing.isEmpty else {
            throw CLIError("\(path) holds results of a run with other settings (\(differing.joined(separator: ", ")) differ): resume with the options it was started with, or give another --out")
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
        if persist { write(line: line) }
        if let e = r.error { progress?.clear(); printError(e) }
        if json { print(line); fflush(nil) } else { progress?.update(done: done, file: r.file) }
    }

    /// Appends `line` to the `--out` file; a failing write stops further ones, once, with a line.
    private mutating func write(line: String) {
        guard let file = results else { return }
        do { try file.handle.write(contentsOf: Data((line + "\n").utf8)) } catch {
            progress?.clear()
            printError("\(file.path): cannot write results any more (\(error.localizedDescription)): they are still printed")
            file.close()
            results = nil
        }
    }

    /// Prints the summary (JSON or report), closes the `--out` file with it (the mark of a
    /// finished run for `parlo report`) and returns it.
    mutating func finish(wallSeconds: Double, jobs: Int) -> BatchSummary {
        progress?.clear()
        let summary = tally.finished(wallSeconds: wallSeconds, jobs: jobs)
        write(line: (try? encoder.line(summary)) ?? "{}")
        results?.close()
        if json { print((try? encoder.line(summary)) ?? "{}") } else { print(BatchReport(summary).text) }
        return summary
    }
}
