import Foundation

/// Reads a file meant to hold text, telling binary data and other encodings from UTF-8 text.
///
/// `String(contentsOfFile:encoding:)` only says nil: study materials and `parlo read` need to
/// say *why* a file is not read (a PDF, a Latin-1 export, a device), in a line the user can act on.
public enum TextFileCheck {
    public enum Outcome: Equatable { case text(String), problem(String) }

    /// The whole file as UTF-8 text, or what is wrong with it (no path prefix).
    public static func read(_ path: String) -> Outcome {
        if let problem = FileProblem.reading(path) { return .problem(problem) }
        guard let data = FileManager.default.contents(atPath: path) else {
            return .problem("cannot be read — check its permissions")
        }
        if let problem = problem(in: data[...], complete: true) { return .problem(problem) }
        return .text(String(decoding: data, as: UTF8.self))
    }

    /// What keeps `bytes` from being UTF-8 text, or nil. With `complete` false (a file's first
    /// block), a multi-byte character cut at the end is not counted against it.
    public static func problem(in bytes: Data.SubSequence, complete: Bool) -> String? {
        if bytes.contains(0) { return "is binary data, not text — give a .txt, .md or .pdf file" }
        var slice = bytes
        if !complete {
            // Drop up to 3 trailing bytes of an unfinished UTF-8 sequence.
            var cut = 0
            while cut < 3, let last = slice.last, last & 0xC0 == 0x80 || last >= 0xC0 {
                slice = slice.dropLast(); cut += 1
                if last >= 0xC0 { break }
            }
        }
        if String(data: Data(slice), encoding: .utf8) == nil {
            return "is not UTF-8 text — convert it, e.g. iconv -f LATIN1 -t UTF-8 FILE > FILE.txt"
        }
        return nil
    }
}
