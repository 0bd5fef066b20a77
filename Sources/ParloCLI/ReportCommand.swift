import ArgumentParser
import Foundation
import Parlo

/// `parlo report RESULTS…`: the report and summary of a batch run from its `--out` files,
/// merging the shards of a run decoded as N jobs (`parlo batch --shard K/N`).
struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Report on batch results: merge the --out files of `parlo batch --shard K/N` jobs into one run's report.",
        discussion: """
        Each RESULTS file is the --out file of one `parlo batch` run (its first line names the run's \
        settings and shard). The report and the summary are those one run over every file would \
        print: results are scored already, so neither the manifest nor the catalog is needed. \
        Refused: files of runs with other settings, the same shard twice, a file in two shards. \
        A missing shard or one that did not finish is reported and merged anyway. On a terminal: \
        the report; piped or with --json: the {"type":"summary"} object.
        """)

    @OptionGroup var output: OutputOptions

    @Argument(help: "Results files (`parlo batch --out`), one per shard.")
    var results: [String]

    func validate() throws {
        if results.isEmpty { throw ValidationError("give the results files to report on (the --out files of parlo batch)") }
    }

    func run() throws {
        let files = try results.map { path -> (String, ResultsFileContents) in
            if let problem = FileProblem.reading(path) { throw CLIError("\(path): \(problem)") }
            guard let data = FileManager.default.contents(atPath: path) else { throw CLIError("\(path): cannot be read: check its permissions") }
            let contents = ResultsFileContents(data)
            guard contents.run != nil || !contents.results.isEmpty else {
                throw CLIError("\(path): holds no batch results: give the --out file of parlo batch")
            }
            for n in contents.badLines { printError("\(path) line \(n) is not a result (damaged?): left out") }
            return (path, contents)
        }
        let merged = try ResultsMerge(files)
        for warning in merged.warnings { printError("warning: " + warning) }
        var tally = BatchTally()
        for r in merged.results { tally.add(r) }
        let summary = tally.finished(wallSeconds: merged.wallSeconds, jobs: merged.jobs)
        print(output.asJSON ? try JSONLinesEncoder().line(summary) : BatchReport(summary).text)
        if summary.failed > 0 { throw ExitCode(1) }
    }
}

/// The results of several `--out` files as one run's: checked to belong together, each file
/// once (sorted by path, as `parlo batch` takes a folder).
struct ResultsMerge {
    var results: [FileResult] = []
    var warnings: [String] = []
    /// The longest run's wall time (shards run side by side) and the jobs of all of them.
    var wallSeconds = 0.0
    var jobs = 0

    init(_ files: [(path: String, contents: ResultsFileContents)]) throws {
        let runs = files.compactMap { f in f.contents.run.map { (f.path, $0) } }
        if let (firstPath, first) = runs.first {
            for (path, run) in runs.dropFirst() {
                let differing = run.differences(from: first)
                if !differing.isEmpty {
                    throw CLIError("\(path) comes from a run with other settings than \(firstPath) (\(differing.joined(separator: ", ")) differ): merge only the shards of one run")
                }
            }
            try checkShards(runs)
        }
        var owner: [String: String] = [:]
        for (path, contents) in files {
            for r in contents.latestResults {
                let key = ResumedResults.key(r.file)
                if let other = owner[key] {
                    throw CLIError("\(r.file) has results in both \(other) and \(path): give each shard's results once")
                }
                owner[key] = path
                results.append(r)
            }
            if let run = contents.run, contents.summary == nil {
                let done = contents.latestResults.count
                warnings.append("\(path): \(run.shard.map { "shard \($0)" } ?? "the run") did not finish (\(done) of \(run.files) files): the report counts what it holds")
            }
            wallSeconds = max(wallSeconds, contents.summary?.wallSeconds ?? 0)
            jobs += contents.summary?.jobs ?? 0
        }
        results.sort { $0.file < $1.file }
        jobs = max(1, jobs)
    }

    /// One shard of each number, all of one split; a missing one is a warning.
    private mutating func checkShards(_ runs: [(path: String, run: BatchRunInfo)]) throws {
        var seen: [Int: String] = [:], count: (n: Int, path: String)?
        for (path, run) in runs {
            guard let text = run.shard, let shard = Shard(text) else {
                if runs.count > 1 { throw CLIError("\(path) holds a whole run, not a shard: report on it alone") }
                continue
            }
            if let count, count.n != shard.count {
                throw CLIError("\(path) is part of a split into \(shard.count), \(count.path) of one into \(count.n): merge the shards of one split")
            }
            count = (shard.count, path)
            if let other = seen[shard.index] { throw CLIError("\(other) and \(path) are both shard \(shard): give each shard once") }
            seen[shard.index] = path
        }
        if let count {
            let missing = (1...count.n).filter { seen[$0] == nil }
            if !missing.isEmpty {
                warnings.append("shard(s) \(missing.map { "\($0)/\(count.n)" }.joined(separator: ", ")) missing: the report covers \(seen.count) of \(count.n) shards")
            }
        }
    }
}
