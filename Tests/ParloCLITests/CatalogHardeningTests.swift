import Foundation
import XCTest

/// Issue 13 defect 13, catalogs and matching: each mistake in a catalog or a typed command is one
/// line saying where (file:line) and what to do, and the explanation given is true.
final class CatalogHardeningTests: XCTestCase {
    static let grammar = SpeechHardeningTests.grammar
    var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("parlo-catalog-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    func path(_ name: String) -> String { dir.appendingPathComponent(name).path }

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
