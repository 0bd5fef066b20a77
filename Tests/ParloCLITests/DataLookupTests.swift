import Foundation
import XCTest
import ParloTesting

/// Issue 14: where `parlo` finds its catalog and sample materials when not told (DataLocator):
/// the environment variable, then the user's config folder, then an install's share folder,
/// then the checkout; each miss is one line naming where it looked and what to do. Runs the
/// built binary from / (no checkout there) with HOME in the scratch folder.
final class DataLookupTests: ScratchFolderTestCase {
    var home: String { path("home") }
    var share: String { path("share") }

    /// A catalog at `folder` whose one command, named `name`, is said "hello parlo".
    func catalog(at folder: String, command name: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "commands:\n  \(name):\n    en: [hello parlo]\n".write(toFile: folder + "/a.yaml", atomically: true, encoding: .utf8)
    }

    /// `parlo ARGS` from `directory` with only `extra` steering the look-up (XDG_DATA_DIRS: `share`).
    func parlo(_ arguments: [String], _ extra: [String: String] = [:], stdin: String? = nil,
               directory: String = "/") throws -> CLIRun.Output {
        let env = CLIRun.isolated(home: home, ["XDG_DATA_DIRS": share].merging(extra) { $1 })
        return try CLIRun.run(ParloProcess.binary.path, arguments, stdin: stdin, environment: env, directory: directory)
    }

    /// The command `hello parlo` triggers, or the failure's stderr.
    func matched(_ extra: [String: String] = [:], _ options: [String] = []) throws -> String {
        let out = try parlo(["match", "--json"] + options + ["hello parlo"], extra)
        guard out.status == 0 else { return "failed: \(out.stderr)" }
        let event = try ParloProcess.object(out.lines.first ?? "{}")
        return event["command"] as? String ?? "no command: \(out.stdout)"
    }

    func testOptionBeatsEnvironmentBeatsConfigBeatsShare() throws {
        try catalog(at: path("option"), command: "from_option")
        try catalog(at: path("env"), command: "from_env")
        try catalog(at: home + "/.config/parlo/grammars", command: "from_config")
        try catalog(at: share + "/parlo/grammars", command: "from_share")
        let env = ["PARLO_GRAMMARS": path("env")]
        XCTAssertEqual(try matched(env, ["--grammar", path("option")]), "from_option")
        XCTAssertEqual(try matched(env), "from_env")
        XCTAssertEqual(try matched(), "from_config")
        XCTAssertEqual(try matched(["XDG_CONFIG_HOME": path("elsewhere")]), "from_share", "XDG_CONFIG_HOME moves the config folder")
        try FileManager.default.removeItem(atPath: home + "/.config/parlo/grammars")
        XCTAssertEqual(try matched(), "from_share")
        try catalog(at: home + "/.local/" + "share/parlo/grammars", command: "from_data_home")
        XCTAssertEqual(try matched(), "from_data_home", "XDG_DATA_HOME comes before XDG_DATA_DIRS")
    }

    func testTheCheckoutIsUsedWhenRunInIt() throws {
        let out = try parlo(["match", "--json", "open math"], directory: Repository.root.path)
        XCTAssertEqual(out.status, 0, out.stderr)
        XCTAssertTrue(out.stdout.contains(#""command":"open_subject""#), out.stdout)
    }

    func testNoCatalogAnywhereIsOneLineSayingWhereAndWhatToDo() throws {
        let out = try parlo(["match", "open math"])
        XCTAssertEqual(out.status, 1)
        XCTAssertEqual(out.errorLines.count, 1, out.stderr)
        let line = out.stderr
        for part in ["no command catalog found", "$PARLO_GRAMMARS", "~/.config/parlo/grammars", share + "/parlo/grammars",
                     "make install", "--grammar FOLDER"] {
            XCTAssertTrue(line.contains(part), "'\(part)' missing: \(line)")
        }
    }

    func testEnvironmentNamingNothingIsOneLine() throws {
        try catalog(at: home + "/.config/parlo/grammars", command: "from_config")
        let out = try parlo(["match", "hello parlo"], ["PARLO_GRAMMARS": path("missing")])
        XCTAssertEqual(out.status, 1)
        XCTAssertEqual(out.errorLines.count, 1, out.stderr)
        XCTAssertTrue(out.stderr.contains("PARLO_GRAMMARS=\(path("missing")) is not a folder") && out.stderr.contains("unset it"), out.stderr)
    }

    func testStudyPrefersHomeStudyThenTheSampleFromTheLookUp() throws {
        let grammar = ["--grammar", Repository.grammars]
        let study = ["study", "--text", "--json", "--out", path("r.wav")] + grammar

        // No sample anywhere: one line.
        var out = try parlo(study, stdin: "open math\n")
        XCTAssertEqual(out.status, 1)
        XCTAssertEqual(out.errorLines.count, 1, out.stderr)
        XCTAssertTrue(out.stderr.contains("no sample study materials found") && out.stderr.contains("PARLO_SAMPLE"), out.stderr)

        // The sample through PARLO_SAMPLE.
        let sample = Repository.root.appendingPathComponent("Sources/ParloStudy/Resources/sample").path
        out = try parlo(study, ["PARLO_SAMPLE": sample], stdin: "open math\n")
        XCTAssertEqual(out.status, 0, out.stderr)
        XCTAssertTrue(out.stdout.contains("Fractions"), out.stdout)
        XCTAssertEqual(out.stderr, "")

        // ~/Study wins over the sample, and says so in one line.
        try FileManager.default.createDirectory(atPath: home + "/Study/math", withIntermediateDirectories: true)
        try "# Angles\n\nRight angles.\n".write(toFile: home + "/Study/math/angles.md", atomically: true, encoding: .utf8)
        out = try parlo(study, ["PARLO_SAMPLE": sample], stdin: "open math\n")
        XCTAssertEqual(out.status, 0, out.stderr)
        XCTAssertTrue(out.stdout.contains("Angles") && !out.stdout.contains("Fractions"), out.stdout)
        XCTAssertEqual(out.errorLines, ["parlo: studying ~/Study (give a folder to study another: parlo study FOLDER)"])
    }
}
