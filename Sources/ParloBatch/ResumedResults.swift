import Foundation

/// What `parlo batch --resume` finds in its `--out` file: the results of an earlier run.
///
/// Lives here rather than in the CLI so the parser of that outside file can be fuzzed
/// (`Fuzz/`) and tested without a process.
public enum ResumedResults {
    /// The successful results of an earlier run, once per file, and the numbers (1-based) of
    /// complete lines that are not results. A last line cut short by a crash is neither: that
    /// file is simply decoded again.
    public static func finished(in data: Data) -> (results: [FileResult], badLines: [Int]) {
        var seen = Set<String>(), results: [FileResult] = [], bad: [Int] = []
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        for (i, line) in lines.enumerated() where !line.isEmpty {
            guard let r = try? JSONDecoder().decode(FileResult.self, from: Data(line.utf8)) else {
                if i < lines.count - 1 { bad.append(i + 1) }
                continue
            }
            if r.error == nil, seen.insert(key(r.file)).inserted { results.append(r) }
        }
        return (results, bad)
    }

    /// A file's identity for --resume: its standardized absolute path, so `./x/a.wav` and
    /// `x/a.wav` (or an absolute spelling) are one file.
    public static func key(_ file: String) -> String { URL(fileURLWithPath: file).standardizedFileURL.path }
}
