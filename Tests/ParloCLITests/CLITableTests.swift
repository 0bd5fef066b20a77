import Foundation
import XCTest
import ParloTesting

/// Issue 13: every subcommand that takes a file or folder, given a bad one, ends with exit 1 or
/// 64 (never a signal, never a hang) and exactly one line on stderr.
///
/// One test per kind of bad input (the table's columns), each running every subcommand (its
/// rows), so a failure names both. Inputs are tiny and runs short: the table takes seconds.
final class CLITableTests: ScratchFolderTestCase {
    static let grammar = SpeechHardeningTests.grammar
    static let cards = BatchCommandTests.cards + "/cards.gram"

    /// A subcommand with its file or folder argument left open.
    struct Row {
        var name: String
        /// Whether the argument is a folder (catalog, study folder, output folder) or a file.
        var wantsFolder: Bool
        var arguments: (String) -> [String]
    }

    var rows: [Row] {
        let out = path("out.wav")
        return [
            Row(name: "batch", wantsFolder: false) { ["batch", "--json", "--jsgf", Self.cards, $0] },
            Row(name: "report", wantsFolder: false) { ["report", $0] },
            Row(name: "read", wantsFolder: false) { ["read", "--out", out, $0] },
            Row(name: "say --out", wantsFolder: false) { ["say", "--out", $0, "hi"] },
            Row(name: "study", wantsFolder: true) { ["study", "--text", "--out", out, "--grammar", Self.grammar, $0] },
            Row(name: "listen --input", wantsFolder: false) { ["listen", "--grammar", Self.grammar, "--fast", "--seconds", "1", "--input", $0] },
            Row(name: "grammar check --grammar", wantsFolder: true) { ["grammar", "check", "--grammar", $0] },
            Row(name: "grammar compile --grammar", wantsFolder: true) { ["grammar", "compile", "--grammar", $0, "--out", self.path("compiled")] },
            Row(name: "match --grammar", wantsFolder: true) { ["match", "--grammar", $0, "open math"] },
            Row(name: "fixtures synth --out", wantsFolder: true) { ["fixtures", "synth", "--grammar", Self.grammar, "--per-command", "1", "--out", $0] },
        ]
    }

    /// Runs one cell and checks the contract.
    func check(_ row: Row, _ arguments: [String], column: String) throws {
        let (out, timedOut) = try ParloProcess.run(arguments, timeout: 30)
        let cell = "\(row.name) × \(column) (\(arguments.joined(separator: " ")))"
        XCTAssertFalse(timedOut, "\(cell): hung")
        XCTAssertTrue([1, 64].contains(out.status), "\(cell): exit \(out.status): \(out.stderr)")
        let lines = ParloProcess.errorLines(out)
        XCTAssertEqual(lines.count, 1, "\(cell): \(out.stderr)")
        XCTAssertFalse(lines.first?.trimmingCharacters(in: .whitespaces).isEmpty ?? true, "\(cell): empty message")
    }

    func testMissing() throws {
        for row in rows {
            // An output can be created: what is missing is the folder it would go in (under a file).
            _ = FileManager.default.createFile(atPath: path("plain"), contents: Data("x".utf8))
            let missing = ["say --out", "fixtures synth --out"].contains(row.name) ? path("plain/sub/x.wav") : path("missing")
            try check(row, row.arguments(missing), column: "missing")
        }
    }

    func testWrongKind() throws {
        let folder = path("folder"), file = path("file.yaml")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: file, contents: Data("commands:\n".utf8))
        for row in rows {
            // batch searches folders: an empty one is its "nothing to do" case.
            try check(row, row.arguments(row.wantsFolder ? file : folder), column: row.wantsFolder ? "a file for a folder" : "a folder for a file")
        }
    }

    func testEmpty() throws {
        let empty = path("empty.wav"), emptyFolder = path("empty-folder"), emptyCatalog = path("empty-catalog")
        _ = FileManager.default.createFile(atPath: empty, contents: Data())
        try FileManager.default.createDirectory(atPath: emptyFolder, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: emptyCatalog, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: emptyCatalog + "/a.yaml", contents: Data())
        for row in rows {
            switch row.name {
            // An output file may exist empty (it is replaced): the empty input is the text.
            case "say --out": try check(row, ["say", "--out", path("out.wav"), ""], column: "empty text")
            // An output folder may exist empty: here the empty input is the catalog.
            case "fixtures synth --out": try check(row, ["fixtures", "synth", "--grammar", emptyCatalog, "--out", path("fx")], column: "empty catalog")
            case "study": try check(row, row.arguments(emptyFolder), column: "empty folder")
            default: try check(row, row.arguments(row.wantsFolder ? emptyCatalog : empty), column: "empty")
            }
        }
    }

    func testUnreadable() throws {
        if geteuid() == 0 {
            throw XCTSkip("running as root, where chmod 000 does not stop reading: the unreadable column cannot be tested")
        }
        let file = path("locked.wav"), folder = path("locked")
        _ = FileManager.default.createFile(atPath: file, contents: Data(count: 3200))
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: folder + "/a.yaml", contents: Data("commands:\n  a:\n    en: [a]\n".utf8))
        chmod(file, 0); chmod(folder, 0)
        defer { chmod(file, 0o644); chmod(folder, 0o755) }
        for row in rows { try check(row, row.arguments(row.wantsFolder ? folder : file), column: "unreadable") }
    }

    func testDevice() throws {
        for row in rows {
            // /dev/full as an output (writes fail: no space); /dev/zero as an input (never ends).
            try check(row, row.arguments(row.name == "say --out" ? "/dev/full" : "/dev/zero"), column: "device")
        }
    }

    func testBadOptionValue() throws {
        let bad: [String: [String]] = [
            "batch": ["--jobs", "0"], "report": ["--json=yes"], "read": ["--rate", "9"], "say --out": ["--rate", "9"],
            "study": ["--hangover-ms", "soon"], "listen --input": ["--seconds", "0"],
            "grammar check --grammar": ["--threshold", "abc"], "grammar compile --grammar": ["--name", ""],
            "match --grammar": ["--grammar"], "fixtures synth --out": ["--per-command", "0"],
        ]
        let good = BatchCommandTests.cards + "/003.wav"
        for row in rows {
            let value = row.wantsFolder ? Self.grammar : good
            var arguments = row.arguments(row.name == "say --out" ? path("out.wav") : row.name == "fixtures synth --out" ? path("fx") : value)
            let extra = try XCTUnwrap(bad[row.name], row.name)
            // Last, where it wins over the row's own value, except before a trailing positional argument.
            if ["batch", "read", "say", "study"].contains(arguments[0]) { arguments.insert(contentsOf: extra, at: 1) } else { arguments += extra }
            try check(row, arguments, column: "bad option value")
        }
    }
}
