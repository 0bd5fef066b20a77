import Foundation
import XCTest
import ParloTesting

/// Issue 13 defect 13, catalogs and matching: each mistake in a catalog or a typed command is one
/// line saying where (file:line) and what to do, and the explanation given is true.
final class CatalogHardeningTests: ScratchFolderTestCase {
    static let grammar = SpeechHardeningTests.grammar

    /// A catalog folder holding one file `a.yaml` with `yaml`.
    func catalog(_ yaml: String) throws -> String {
        let folder = path("catalog")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try yaml.write(toFile: folder + "/a.yaml", atomically: true, encoding: .utf8)
        return folder
    }

    func run(_ arguments: [String]) throws -> ParloProcess.Output {
        let (out, timedOut) = try ParloProcess.run(arguments, timeout: 60)
        XCTAssertFalse(timedOut, "\(arguments)")
        return out
    }

    /// The one stderr line of a run that must fail with exit 1.
    func failure(_ arguments: [String]) throws -> String {
        let out = try run(arguments)
        XCTAssertEqual(out.status, 1, "\(arguments): \(out.stderr)")
        let lines = ParloProcess.errorLines(out)
        XCTAssertEqual(lines.count, 1, out.stderr)
        return String(lines.first ?? "")
    }

    func testCompileOutThatIsAFileIsOneClearLine() throws {
        let file = path("taken")
        _ = FileManager.default.createFile(atPath: file, contents: Data("keep".utf8))
        let line = try failure(["grammar", "compile", "--grammar", Self.grammar, "--out", file])
        XCTAssertTrue(line.contains("not a folder"), line)
        XCTAssertFalse(line.contains("NSCocoaErrorDomain") || line.contains("Error Domain"), line)
        XCTAssertEqual(try String(contentsOfFile: file, encoding: .utf8), "keep")
    }
}

extension CatalogHardeningTests {
    func testADuplicateCommandInOneFileNamesItsLines() throws {
        let folder = try catalog("commands:\n  open:\n    en: [open it]\n  shut:\n    en: [shut it]\n  open:\n    en: [open that]\n")
        let line = try failure(["match", "--grammar", folder, "open it"])
        XCTAssertTrue(line.contains("a.yaml:6:"), line)
        XCTAssertTrue(line.contains("line 2"), line)
        XCTAssertTrue(line.contains("'open'"), line)
    }

    func testAnUnsupportedLanguageNamesTheSupportedOnesAndItsLine() throws {
        let folder = try catalog("commands:\n  open:\n    en: [open it]\n    fr: [ouvre le]\n")
        for arguments in [["match", "--grammar", folder, "open it"], ["grammar", "check", "--grammar", folder]] {
            let line = try failure(arguments)
            XCTAssertTrue(line.contains("a.yaml:4:"), line)
            XCTAssertTrue(line.contains("'fr'") && line.contains("en, it"), line)
            XCTAssertFalse(line.contains("grammars/pronunciations.dict"), "pointed at another folder: \(line)")
        }
    }

    func testCommandsWithoutSentencesAndUnpronounceableSentencesWarn() throws {
        let folder = try catalog("commands:\n  open:\n    en: [open it]\n  close: {}\n  shut:\n    en: [shut 3 doors 😀]\n")
        let out = try run(["match", "--grammar", folder, "open it"])
        XCTAssertEqual(out.status, 0, out.stderr)
        let lines = ParloProcess.errorLines(out)
        XCTAssertEqual(lines.count, 2, out.stderr)
        XCTAssertTrue(lines.first { $0.contains("'close'") }?.contains("a.yaml:4: warning") ?? false, out.stderr)
        let shut = String(lines.first { $0.contains("shut 3") } ?? "")
        XCTAssertTrue(shut.contains("a.yaml:6: warning") && shut.contains("'3'") && shut.contains("'😀'"), out.stderr)
        XCTAssertTrue(shut.contains("cannot be pronounced"), shut)
        XCTAssertEqual(try ParloProcess.object(out.lines[0])["command"] as? String, "open")
        // The shipped catalog has none of these.
        XCTAssertEqual(try run(["match", "--grammar", Self.grammar, "open math"]).stderr, "")
    }

    func testACatalogOfEmptyFilesIsAnError() throws {
        let line = try failure(["match", "--grammar", try catalog(""), "open it"])
        XCTAssertTrue(line.contains("no commands"), line)
    }
}

/// Issue 13 defect 13.6-7: typed commands.
extension CatalogHardeningTests {
    func match(_ text: String) throws -> [String: Any] {
        let out = try run(["match", "--json", "--grammar", Self.grammar, text])
        XCTAssertEqual(out.status, 0, out.stderr)
        return try ParloProcess.object(out.lines.first ?? "")
    }

    func testANegativeNumberNeverMatchesAsPositive() throws {
        for text in ["set a -5 minute timer", "start a -5 minute timer", "start a minus five minute timer"] {
            let r = try match(text)
            XCTAssertTrue(r["command"] is NSNull, "\(text): \(r)")
            XCTAssertTrue((r["reason"] as? String)?.contains("negative number -5") ?? false, "\(text): \(r)")
        }
        // The sign is only a sign: hyphenated words and positive numbers still work.
        XCTAssertEqual((try match("start a five-minute timer")["slots"] as? [String: Any])?["minutes"] as? Int, 5)
        XCTAssertEqual((try match("start a 5 minute timer")["slots"] as? [String: Any])?["minutes"] as? Int, 5)
    }

    func testTheRejectionReasonIsTrueAboutSharedWords() throws {
        let r = try match("please open the big door of the house now")
        XCTAssertTrue(r["command"] is NSNull)
        let reason = r["reason"] as? String ?? ""
        XCTAssertFalse(reason.contains("no command shares a word"), reason)
        XCTAssertTrue(reason.contains("'open'"), reason)
        XCTAssertEqual(try match("zzz qqq")["reason"] as? String, "no command shares a word with the text")
    }
}
