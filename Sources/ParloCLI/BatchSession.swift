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
    private var outHandle: FileHandle?
    private var finishedFiles: Set<String> = []
    private let encoder = JSONLinesEncoder()
    private var progress: ProgressBar?

    init(outPath: String?, resume: Bool, expectations: ExpectationSet, json: Bool, total: Int) throws {
        self.expectations = expectations
        self.json = json
        self.total = total
        var previous: [FileResult] = []
        if let outPath {
            if resume, let data = FileManager.default.contents(atPath: outPath) {
                previous = Self.finishedResults(in: data)
            } else if !FileManager.default.createFile(atPath: outPath, contents: nil) {
                throw CLIError("\(outPath): cannot create the results file")
            }
            guard let h = FileHandle(forWritingAtPath: outPath) else {
                throw CLIError("\(outPath): cannot write the results file")
            }
            // A crash can leave half a line at the end: cut it, so new lines start clean.
            let data = FileManager.default.contents(atPath: outPath) ?? Data()
            let keep = data.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
            try h.truncate(atOffset: UInt64(keep))
            h.seekToEndOfFile()
            outHandle = h
        }
        if !json && Terminal.stderrIsTerminal { progress = ProgressBar(total: total) }
        // Results already in the `--out` file are counted, not decoded or written again.
        for r in previous {
            finishedFiles.insert(r.file)
            emit(tally.add(r, expectation: expectations.expectation(for: r.file)), persist: false)
        }
    }

    /// The successful results of an earlier run, once per file. A line cut short by a crash is
    /// not a result: that file is decoded again.
    static func finishedResults(in data: Data) -> [FileResult] {
        var seen = Set<String>()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").compactMap { line in
            guard let r = try? JSONDecoder().decode(FileResult.self, from: Data(line.utf8)),
                  r.error == nil, seen.insert(r.file).inserted else { return nil }
            return r
        }
    }

    func isDone(_ file: String) -> Bool { finishedFiles.contains(file) }

    mutating func record(_ result: FileResult) {
        let scored = tally.add(result, expectation: expectations.expectation(for: result.file))
        emit(scored, persist: true)
    }

    private mutating func emit(_ r: FileResult, persist: Bool) {
        done += 1
        let line = (try? encoder.line(r)) ?? "{}"
        if persist, let outHandle { outHandle.write(Data((line + "\n").utf8)) }
        if let e = r.error { progress?.clear(); printError(e) }
        if json { print(line); fflush(stdout) } else { progress?.update(done: done, file: r.file) }
    }

    /// Prints the summary (JSON or report) and returns it.
    mutating func finish(wallSeconds: Double, jobs: Int) -> BatchSummary {
        progress?.clear()
        try? outHandle?.close()
        let summary = tally.finished(wallSeconds: wallSeconds, jobs: jobs)
        if json { print((try? encoder.line(summary)) ?? "{}") } else { print(BatchReport(summary).text) }
        return summary
    }
}
