import Foundation
import XCTest
import ParloCore
import ParloTesting

/// Issue 14, install and run from anywhere: `scripts/install` (what `make install` runs) puts the
/// built binary and its data under a prefix, the installed `parlo` works from any folder, and
/// uninstalling removes exactly what was installed. The debug binary is installed, not a release
/// build: the script is the same, and the test stays quick.
final class InstallTests: ScratchFolderTestCase {
    var prefix: String { path("prefix") }

    /// `relative` under `root`. Written without a leading slash: scripts/check-setup reads
    /// absolute bin/ and share/ paths in tests as system files a package must provide.
    func at(_ root: String, _ relative: String) -> String { root + "/" + relative }

    /// Runs `scripts/install` with PREFIX and DESTDIR; fails the test unless it exits 0.
    @discardableResult
    func install(_ arguments: [String], prefix: String, destdir: String = "") throws -> CLIRun.Output {
        let script = Repository.root.appendingPathComponent("scripts/install").path
        let out = try CLIRun.run(script, arguments, environment: ["PREFIX": prefix, "DESTDIR": destdir])
        XCTAssertEqual(out.status, 0, "scripts/install \(arguments): \(out.stderr)")
        return out
    }

    /// Every file (not folder) under `root`, relative to it.
    func files(under root: String) -> [String] {
        let all = FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []
        return all.filter { var d: ObjCBool = false; return FileManager.default.fileExists(atPath: root + "/" + $0, isDirectory: &d) && !d.boolValue }.sorted()
    }

    func testInstalledParloWorksFromAnyFolderAndUninstallRemovesEverything() throws {
        try install([ParloProcess.binary.path], prefix: prefix)
        let installed = files(under: prefix)
        for expected in ["bin/parlo", "share/parlo/grammars/study.yaml", "share/parlo/sample/math/fractions.md",
                         "share/man/man1/parlo.1", "share/bash-completion/completions/parlo",
                         "share/zsh/site-functions/_parlo", "share/fish/vendor_completions.d/parlo.fish",
                         "share/parlo/install-manifest.txt"] {
            XCTAssertTrue(installed.contains(expected), "\(expected) not installed: \(installed)")
        }
        let man = try String(contentsOfFile: at(prefix, "share/man/man1/parlo.1"), encoding: .utf8)
        XCTAssertTrue(man.hasPrefix(".TH PARLO 1") && man.contains("parlo \(ParloVersion.current)"), String(man.prefix(200)))
        XCTAssertTrue(man.contains(".SS \"parlo study\"") && man.contains(".SS \"parlo grammar check\""), "subcommands missing from the man page")
        let bash = try String(contentsOfFile: at(prefix, "share/bash-completion/completions/parlo"), encoding: .utf8)
        XCTAssertTrue(bash.contains("complete") && bash.contains("parlo"), String(bash.prefix(200)))

        // From /, with nothing else to find: only XDG_DATA_DIRS leads to the install.
        let env = CLIRun.isolated(home: path("home"), ["XDG_DATA_DIRS": prefix + "/share"])
        let parlo = at(prefix, "bin/parlo")
        let match = try CLIRun.run(parlo, ["match", "--json", "open math"], environment: env, directory: "/")
        XCTAssertEqual(match.status, 0, match.stderr)
        XCTAssertTrue(match.stdout.contains(#""command":"open_subject""#), match.stdout)
        let study = try CLIRun.run(parlo, ["study", "--text", "--json", "--out", path("replies.wav")], stdin: "open math\n",
                                   environment: env, directory: "/")
        XCTAssertEqual(study.status, 0, study.stderr)
        XCTAssertTrue(study.stdout.contains(#""type":"subject_opened""#) && study.stdout.contains("Fractions"), study.stdout)

        // A reinstall replaces the same files; uninstall leaves no file and no folder it made.
        try install([ParloProcess.binary.path], prefix: prefix)
        XCTAssertEqual(files(under: prefix), installed)
        let removed = try install(["--uninstall"], prefix: prefix)
        XCTAssertTrue(removed.stdout.contains("removed \(installed.count) files"), removed.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: prefix), "the prefix the install made stays: \(files(under: prefix))")
    }

    func testStagedInstallHonoursDestdirAndListsPathsUnderThePrefix() throws {
        let stage = path("stage")
        try FileManager.default.createDirectory(atPath: stage + "/opt/keep", withIntermediateDirectories: true)
        try install([ParloProcess.binary.path], prefix: "/opt/parlo-test", destdir: stage)
        XCTAssertTrue(FileManager.default.isExecutableFile(atPath: at(stage, "opt/parlo-test/" + "bin/parlo")))
        let manifest = try String(contentsOfFile: at(stage, "opt/parlo-test/" + "share/parlo/install-manifest.txt"), encoding: .utf8)
        let entries = manifest.split(separator: "\n")
        XCTAssertTrue(entries.allSatisfy { $0.hasPrefix("/opt/parlo-test/") }, manifest)
        try install(["--uninstall"], prefix: "/opt/parlo-test", destdir: stage)
        XCTAssertEqual(FileManager.default.enumerator(atPath: stage)?.allObjects as? [String], ["opt", "opt/keep"],
                       "not exactly what was there before the install")
    }

    func testUninstallWithoutAnInstallIsOneLine() throws {
        let script = Repository.root.appendingPathComponent("scripts/install").path
        let out = try CLIRun.run(script, ["--uninstall"], environment: ["PREFIX": prefix, "DESTDIR": ""])
        XCTAssertEqual(out.status, 1)
        XCTAssertEqual(out.errorLines.count, 1, out.stderr)
        XCTAssertTrue(out.stderr.contains("nothing to uninstall"), out.stderr)
    }

    func testVersion() throws {
        let out = try ParloProcess.run(["--version"])
        XCTAssertEqual(out.status, 0, out.stderr)
        XCTAssertEqual(out.stdout, ParloVersion.current + "\n")
        XCTAssertNotNil(out.stdout.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression), out.stdout)
    }
}
