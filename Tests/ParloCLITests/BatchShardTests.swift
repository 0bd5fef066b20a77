import Foundation
import ParloCore
import XCTest
import ParloTesting

/// `parlo batch --shard K/N` and `parlo report` (issue 14): N shards of a real fixture set,
/// decoded by real PocketSphinx and merged, give the report and summary of one run.
final class BatchShardTests: ScratchFolderTestCase {
    static let root = BatchCatalogTests.root
    static let grammar = root.appendingPathComponent("grammars").path
    /// Commands in both languages and three conditions, a slot, and speech that is no command.
    static let fixtures = ["en-open_subject-00-clean", "en-open_subject-00-snr05", "en-set_timer-00-snr15", "en-help-00-clean",
                           "it-pause-01-snr15", "it-set_timer-00-clean", "it-next-00-snr05", "en-oog-00-clean", "it-oog-00-clean"]

    /// The fixtures copied into `set/` with their manifest lines: the batch's folder.
    func makeSet() throws -> (folder: String, manifest: String) {
        let source = Self.root.appendingPathComponent("audio-fixtures/commands")
        let folder = path("set")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let lines = try String(contentsOf: source.appendingPathComponent("manifest.jsonl"), encoding: .utf8).split(separator: "\n")
        var kept: [Substring] = []
        for name in Self.fixtures {
            try FileManager.default.copyItem(atPath: source.appendingPathComponent(name + ".flac").path, toPath: folder + "/" + name + ".flac")
            kept += lines.filter { $0.contains("\"audio\":\"\(name).flac\"") }
        }
        XCTAssertEqual(kept.count, Self.fixtures.count, "fixtures renamed?")
        let manifest = folder + "/manifest.jsonl"
        try (kept.joined(separator: "\n") + "\n").write(toFile: manifest, atomically: true, encoding: .utf8)
        return (folder, manifest)
    }

    /// A summary event without what depends on timing (and on how many jobs ran).
    static func untimed(_ line: String) throws -> NSDictionary {
        var o = try ParloProcess.object(line)
        for key in ["wall_s", "jobs", "decode_s", "xrt"] { XCTAssertNotNil(o.removeValue(forKey: key), key) }
        return o as NSDictionary
    }

    /// A report's lines without the closing speed line(s).
    static func untimed(report: String) -> [String] {
        PseudoTerminal.lines(report).filter { !$0.contains("real time") && !$0.contains(" s wall") }
    }

    func testThreeShardsMergedGiveTheReportAndSummaryOfOneRunAndBadMergesAreRefused() throws {
        let (folder, manifest) = try makeSet()
        let batch = ["batch", "--grammar", Self.grammar, "--expect", manifest]
        let whole = try ParloProcess.run(batch + ["--out", path("whole.jsonl"), folder])
        XCTAssertEqual(whole.status, 0, whole.stderr)
        var counts: [Int] = []
        for k in 1...3 {
            let shard = try ParloProcess.run(batch + ["--shard", "\(k)/3", "--out", path("s\(k).jsonl"), folder])
            XCTAssertEqual(shard.status, 0, shard.stderr)
            counts.append(shard.lines.count - 1)
        }
        XCTAssertEqual(counts.reduce(0, +), Self.fixtures.count, "the shards take every file once: \(counts)")
        XCTAssertLessThan(counts.max()!, Self.fixtures.count, "a shard is a part: \(counts)")

        // The summary event: one run's, printed by batch, is what report gives for the shards.
        let merged = try ParloProcess.run(["report", path("s3.jsonl"), path("s1.jsonl"), path("s2.jsonl")])
        XCTAssertEqual(merged.status, 0, merged.stderr)
        XCTAssertEqual(merged.lines.count, 1, merged.stdout)
        let summary = try Self.untimed(whole.lines.last!)
        XCTAssertEqual(try Self.untimed(merged.lines[0]), summary)
        XCTAssertEqual(summary["files"] as? Int, Self.fixtures.count)
        XCTAssertNotNil((summary["commands"] as? [String: Any])?["by_condition"], "the manifest names conditions")

        // The report on a terminal, word for word but for the speed.
        let env = PseudoTerminal.environment()
        let one = try PseudoTerminal.run(["report", path("whole.jsonl")], columns: 100, environment: env)
        let three = try PseudoTerminal.run(["report", path("s1.jsonl"), path("s2.jsonl"), path("s3.jsonl")], columns: 100, environment: env)
        XCTAssertEqual(one.status, 0, one.output)
        XCTAssertEqual(Self.untimed(report: three.output), Self.untimed(report: one.output))
        Self.checkLayout(PseudoTerminal.lines(one.output))

        // Refused, in one line each: a shard twice, a file in two shards, another run's shard.
        let twice = try ParloProcess.run(["report", path("s1.jsonl"), path("s2.jsonl"), path("s2.jsonl")])
        XCTAssertEqual(twice.status, 1)
        XCTAssertEqual(twice.errorLines.count, 1, twice.stderr)
        XCTAssertTrue(twice.stderr.contains("both shard 2/3"), twice.stderr)
        let withWhole = try ParloProcess.run(["report", path("whole.jsonl"), path("s1.jsonl")])
        XCTAssertTrue(withWhole.stderr.contains("not a shard"), withWhole.stderr)
        // s1 with one of s2's results in it.
        let s2Result = try String(contentsOfFile: path("s2.jsonl"), encoding: .utf8).split(separator: "\n")
            .first { $0.contains("\"type\":\"result\"") }!
        try (String(contentsOfFile: path("s1.jsonl"), encoding: .utf8) + s2Result + "\n").write(toFile: path("dup.jsonl"), atomically: true, encoding: .utf8)
        let duplicate = try ParloProcess.run(["report", path("dup.jsonl"), path("s2.jsonl"), path("s3.jsonl")])
        XCTAssertEqual(duplicate.status, 1)
        XCTAssertEqual(duplicate.errorLines.count, 1, duplicate.stderr)
        XCTAssertTrue(duplicate.stderr.contains("has results in both"), duplicate.stderr)
        // Shard 1 as a run with `--noise-floor off` writes it (decoding it again would cost seconds).
        let s1 = try String(contentsOfFile: path("s1.jsonl"), encoding: .utf8)
        XCTAssertTrue(s1.contains(#""noise_floor":"-55""#), s1)
        try s1.replacingOccurrences(of: #""noise_floor":"-55""#, with: #""noise_floor":"off""#)
            .write(toFile: path("other.jsonl"), atomically: true, encoding: .utf8)
        let mixed = try ParloProcess.run(["report", path("other.jsonl"), path("s2.jsonl"), path("s3.jsonl")])
        XCTAssertEqual(mixed.status, 1)
        XCTAssertEqual(mixed.errorLines.count, 1, mixed.stderr)
        XCTAssertTrue(mixed.stderr.contains("other settings") && mixed.stderr.contains("noise_floor"), mixed.stderr)
        // Resuming a shard's file as another shard would mix two runs.
        let resumed = try ParloProcess.run(batch + ["--shard", "2/3", "--resume", "--out", path("s1.jsonl"), folder])
        XCTAssertEqual(resumed.status, 1)
        XCTAssertTrue(resumed.stderr.contains("shard"), resumed.stderr)
        // A missing shard is merged with a warning.
        let partial = try ParloProcess.run(["report", path("s1.jsonl"), path("s3.jsonl")])
        XCTAssertEqual(partial.status, 0, partial.stderr)
        XCTAssertTrue(partial.stderr.contains("2/3 missing"), partial.stderr)
    }

    /// The report leads with command accuracy, then a table with a column per language and a
    /// row per condition (cleanest first) and the totals; nothing wider than 80 columns.
    static func checkLayout(_ report: [String], file: StaticString = #filePath, line: UInt = #line) {
        let text = report.joined(separator: "\n")
        XCTAssertTrue(report.first?.hasPrefix("Command accuracy") ?? false, text, file: file, line: line)
        for l in report { XCTAssertLessThanOrEqual(Terminal.width(l), 80, "wider than 80 columns: \(l)", file: file, line: line) }
        XCTAssertNotNil(report.first { $0.contains("en") && $0.contains("it") && $0.contains("all") }, text, file: file, line: line)
        let rows = report.compactMap { $0.split(separator: " ").first.map(String.init) }.filter { ["clean", "15", "5", "all"].contains($0) }
        XCTAssertEqual(rows, ["clean", "15", "5", "all"], text, file: file, line: line)
        XCTAssertTrue(report.contains { $0.hasPrefix("Rejected: ") }, text, file: file, line: line)
        // Clean and noisy files fall in more than one band of speech over the room.
        XCTAssertTrue(report.contains { $0.hasPrefix("  by speech over the room:  ≥ 20 dB ") }, text, file: file, line: line)
        XCTAssertTrue(report.contains { $0.hasPrefix("Transcripts word for word") }, text, file: file, line: line)
    }

    func testBadShardsAreOneLineErrors() throws {
        for bad in ["0/3", "4/3", "x", "1/0", "2/", "-1/3", "1/3/3"] {
            let out = try ParloProcess.run(["batch", "--shard=\(bad)", path("nothing.wav")])
            XCTAssertEqual(out.status, 64, "\(bad): \(out.stderr)")
            XCTAssertEqual(out.errorLines.count, 1, out.stderr)
            XCTAssertTrue(out.stderr.contains("--shard takes K/N") && out.stderr.contains("'\(bad)'"), out.stderr)
        }
    }
}
