import Foundation
import XCTest
import ParloAudio
import ParloCatalog
@testable import ParloFixtures

/// Real eSpeak NG synthesis, libsoxr and libsndfile on a tiny catalog.
final class FixtureGeneratorTests: XCTestCase {
    func generateTiny(seed: UInt64 = 7) throws -> (folder: String, entries: [FixtureManifestEntry]) {
        let (catalog, catalogFolder) = try tinyCatalog()
        defer { try? FileManager.default.removeItem(atPath: catalogFolder) }
        var options = FixtureGenerator.Options()
        options.perCommand = 2
        options.seed = seed
        let folder = try temporaryFolder("out")
        var reported = 0
        let entries = try FixtureGenerator(catalog: catalog, options: options).generate(into: folder) { p in
            reported += 1
            XCTAssertEqual(p.done, reported)
        }
        XCTAssertEqual(reported, entries.count)
        return (folder, entries)
    }

    func files(_ folder: String) throws -> [String: Data] {
        var out: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            out[name] = FileManager.default.contents(atPath: folder + "/" + name)
        }
        return out
    }

    /// eSpeak keeps state across utterances within a process, so determinism is what a user
    /// gets: two `parlo fixtures synth` runs (fresh processes) write identical bytes.
    func testTwoCommandLineRunsGiveIdenticalBytes() throws {
        let (_, catalogFolder) = try tinyCatalog()
        let outs = try (0..<3).map { _ in try temporaryFolder("cli") }
        defer { for f in outs + [catalogFolder] { try? FileManager.default.removeItem(atPath: f) } }
        var printed: [[String]] = []
        for (out, seed) in zip(outs, ["7", "7", "8"]) {
            let r = try runParlo(["fixtures", "synth", "--grammar", catalogFolder, "--out", out, "--per-command", "2", "--seed", seed])
            XCTAssertEqual(r.status, 0, r.stderr)
            printed.append(r.lines)
        }
        let fa = try files(outs[0]), fb = try files(outs[1]), fc = try files(outs[2])
        XCTAssertGreaterThan(fa.count, 20)
        XCTAssertEqual(fa.keys.sorted(), fb.keys.sorted())
        for (name, data) in fa { XCTAssertEqual(data, fb[name], name) }
        // Piped output is one `fixture` event per file: the manifest's lines with their `type`.
        XCTAssertEqual(printed[0].count, fa.count - 1)
        let manifest = String(decoding: fa["manifest.jsonl"]!, as: UTF8.self).split(separator: "\n").map(String.init)
        XCTAssertEqual(printed[0], manifest.map { $0.replacingOccurrences(of: #","voice""#, with: #","type":"fixture","voice""#) })
        // Another seed picks other variants and other noise: every noisy file changes.
        let noisy = fa.keys.filter { $0.contains("-snr") }
        XCTAssertFalse(noisy.isEmpty)
        for name in noisy { XCTAssertNotEqual(fa[name], fc[name], name) }
    }

    func testMixedFilesHitTheirSNR() throws {
        let run = try generateTiny()
        defer { try? FileManager.default.removeItem(atPath: run.folder) }
        var checked = 0
        for entry in run.entries {
            guard let snr = entry.snrDB else { continue }
            let cleanName = entry.audio.replacingOccurrences(of: String(format: "-snr%02d", snr), with: "-clean")
            let clean = try AudioFileReader(path: run.folder + "/" + cleanName).readAll()
            let mixed = try AudioFileReader(path: run.folder + "/" + entry.audio).readAll()
            XCTAssertEqual(clean.count, mixed.count)
            let measured = measuredSNR(clean: clean, mixed: mixed)
            XCTAssertEqual(measured, Double(snr), accuracy: 0.5, "\(entry.audio): \(measured) dB")
            checked += 1
        }
        XCTAssertGreaterThanOrEqual(checked, 16)
    }

    func testFilesAre16kMonoAndManifestHasTypedFields() throws {
        let run = try generateTiny()
        defer { try? FileManager.default.removeItem(atPath: run.folder) }
        let lines = try readManifest(run.folder)
        XCTAssertEqual(lines.count, run.entries.count)
        let keys: Set<String> = ["audio", "text", "language", "command", "slots", "voice", "rate", "snr_db", "rejected"]
        for line in lines {
            XCTAssertEqual(Set(line.keys), keys)
            let audio = try XCTUnwrap(line["audio"] as? String)
            let file = try SoundFile(path: run.folder + "/" + audio)
            XCTAssertEqual(file.sampleRate, 16_000)
            XCTAssertEqual(file.channels, 1)
            XCTAssertGreaterThan(file.frames, 8_000)
            XCTAssertNotNil(line["text"] as? String)
            XCTAssertTrue(["en", "it"].contains(line["language"] as? String))
            XCTAssertNotNil(line["voice"] as? String)
            XCTAssertNotNil(line["rate"] as? Int)
            let slots = try XCTUnwrap(line["slots"] as? [String: Any])
            let rejected = try XCTUnwrap(line["rejected"] as? Bool)
            if rejected {
                XCTAssertTrue(line["command"] is NSNull, audio)
                XCTAssertTrue(line["snr_db"] is NSNull, audio)
            } else {
                let command = try XCTUnwrap(line["command"] as? String)
                if command == "wait" {
                    // Numbers are JSON integers, not strings.
                    XCTAssertNotNil(slots["minutes"] as? Int, audio)
                    XCTAssertNil(slots["minutes"] as? String, audio)
                }
                if command == "paint" { XCTAssertTrue(["red", "blue"].contains(slots["colour"] as? String), audio) }
                XCTAssertTrue(line["snr_db"] is NSNull || [15, 5].contains(line["snr_db"] as? Int), audio)
            }
        }
        // Both numbers' ends and both colours, clean, in each language.
        for language in ["en", "it"] {
            let clean = run.entries.filter { $0.language.rawValue == language && $0.snrDB == nil && !$0.rejected }
            XCTAssertEqual(Set(clean.compactMap { $0.slots["colour"] }), [.text("red"), .text("blue")], language)
            XCTAssertGreaterThanOrEqual(Set(clean.compactMap { $0.slots["minutes"] }).count, 5, language)
        }
    }
}
