import Foundation

/// A `parlo batch --out` file read back: for `--resume` (the results of an earlier run) and
/// `parlo report` (shards to merge).
///
/// Lives here rather than in the CLI so the parser of that outside file can be fuzzed
/// (`Fuzz/`) and tested without a process.
public struct ResultsFileContents: Sendable {
    /// The `batch_run` line, when the file has one (files written before it existed do not).
    public var run: BatchRunInfo?
    /// Every result line, failed ones too, in file order.
    public var results: [FileResult] = []
    /// The last `summary` line: a run that finished wrote one.
    public var summary: BatchSummary?
    /// Numbers (1-based) of complete lines that are none of these. A last line cut short by a
    /// crash is not counted: that file is simply decoded again.
    public var badLines: [Int] = []

    public init(_ data: Data) {
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        let decoder = JSONDecoder()
        struct Tag: Decodable { var type: String? }
        for (i, line) in lines.enumerated() where !line.isEmpty {
            let bytes = Data(line.utf8)
            switch (try? decoder.decode(Tag.self, from: bytes))?.type {
            case "batch_run"?:
                if let r = try? decoder.decode(BatchRunInfo.self, from: bytes) { run = run ?? r; continue }
            case "summary"?:
                if let s = try? decoder.decode(BatchSummary.self, from: bytes) { summary = s; continue }
            default:
                if let r = try? decoder.decode(FileResult.self, from: bytes) { results.append(r); continue }
            }
            if i < lines.count - 1 { badLines.append(i + 1) }
        }
    }

    /// One result per file (by `ResumedResults.key`), in first-seen order: its first successful
    /// one, else its last failure (a file that failed and was decoded again on --resume).
    public var latestResults: [FileResult] {
        var order: [String] = [], chosen: [String: FileResult] = [:]
        for r in results {
            let key = ResumedResults.key(r.file)
            guard let old = chosen[key] else { order.append(key); chosen[key] = r; continue }
            if old.error != nil { chosen[key] = r }
        }
        return order.map { chosen[$0]! }
    }
}

/// What `parlo batch --resume` finds in its `--out` file: the results of an earlier run.
public enum ResumedResults {
    /// The successful results of an earlier run, once per file, and the numbers (1-based) of
    /// complete lines that are neither results nor the run's own lines.
    public static func finished(in data: Data) -> (results: [FileResult], badLines: [Int]) {
        let contents = ResultsFileContents(data)
        return (contents.latestResults.filter { $0.error == nil }, contents.badLines)
    }

    /// A file's identity for --resume: its standardized absolute path, so `./x/a.wav` and
    /// `x/a.wav` (or an absolute spelling) are one file.
    public static func key(_ file: String) -> String { URL(fileURLWithPath: file).standardizedFileURL.path }
}
