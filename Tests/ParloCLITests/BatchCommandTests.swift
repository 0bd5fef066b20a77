import Foundation
import XCTest
import ParloTesting

final class BatchCommandTests: ScratchFolderTestCase {
    static let cards = "/usr/share/pocketsphinx/test/data/cards"

    /// A manifest of the five cards transcripts, built from Debian's cards.transcription.
    func cardsManifest() throws -> String {
        let lines = try String(contentsOfFile: Self.cards + "/cards.transcription", encoding: .utf8).split(separator: "\n")
        let json = lines.enumerated().map { i, line -> String in
            let text = line.replacingOccurrences(of: "<s>", with: "").replacingOccurrences(of: "</s>", with: "")
                .replacingOccurrences(of: "(00\(i + 1))", with: "").split(separator: " ").joined(separator: " ")
            return #"{"audio": "\#(Self.cards)/00\#(i + 1).wav", "text": "\#(text)"}"#
        }
        let path = dir.appendingPathComponent("cards.jsonl").path
        try json.joined(separator: "\n").write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func testBatchMatchesAllFiveCardsTranscriptsAsJSONLines() throws {
        let out = try ParloProcess.run(["batch", "--jsgf", Self.cards + "/cards.gram", "--expect", cardsManifest(), Self.cards])
        XCTAssertEqual(out.status, 0, out.stderr)
        let objects = try out.lines.map(ParloProcess.object)
        XCTAssertEqual(objects.count, 6)
        for o in objects.prefix(5) {
            XCTAssertEqual(o["correct"] as? Bool, true, "\(o)")
            for key in ["file", "text", "words", "audio_s", "decode_s"] { XCTAssertNotNil(o[key], key) }
        }
        let summary = objects[5]
        XCTAssertEqual(summary["type"] as? String, "summary")
        XCTAssertEqual(summary["files"] as? Int, 5)
        XCTAssertEqual(summary["sentence_accuracy"] as? Double, 1.0)
        XCTAssertEqual(summary["wer"] as? Double, 0.0)
        XCTAssertGreaterThan(summary["xrt"] as? Double ?? 0, 0)
    }

    func testBadFileIsReportedAndTheRestStillDecodedWithNonZeroExit() throws {
        let bad = dir.appendingPathComponent("broken.wav").path
        XCTAssertTrue(FileManager.default.createFile(atPath: bad, contents: Data("RIFF....WAVEjunk".utf8)))
        let out = try ParloProcess.run(["batch", "--jsgf", Self.cards + "/cards.gram", bad, Self.cards + "/003.wav"])
        XCTAssertEqual(out.status, 1)
        let errLines = out.stderr.split(separator: "\n")
        XCTAssertEqual(errLines.count, 1, out.stderr)
        XCTAssertTrue(errLines[0].contains("broken.wav"))
        XCTAssertEqual(try ParloProcess.object(out.lines[1])["text"] as? String, "seven of clubs")
    }

    func testOutKeepsResultsAndResumeDecodesOnlyWhatIsMissing() throws {
        let results = dir.appendingPathComponent("results.jsonl").path
        let args = ["batch", "--jsgf", Self.cards + "/cards.gram", "--out", results, Self.cards]
        XCTAssertEqual(try ParloProcess.run(args).status, 0)
        let full = try String(contentsOfFile: results, encoding: .utf8).split(separator: "\n")
        // The run's line, a result per file, the summary of the finished run.
        XCTAssertEqual(try full.map { try ParloProcess.object(String($0))["type"] as? String },
                       ["batch_run"] + Array(repeating: "result", count: 5) + ["summary"])
        // Simulate a crash after two files, mid-way through writing the third result.
        try (full.prefix(3).joined(separator: "\n") + "\n" + full[3].prefix(20)).write(toFile: results, atomically: true, encoding: .utf8)
        let resumed = try ParloProcess.run(args + ["--resume", "--json"])
        XCTAssertEqual(resumed.status, 0, resumed.stderr)
        let summary = try ParloProcess.object(resumed.lines.last!)
        XCTAssertEqual(summary["files"] as? Int, 5, "the report covers old and new results")
        let after = try String(contentsOfFile: results, encoding: .utf8).split(separator: "\n")
            .compactMap { try? ParloProcess.object(String($0)) }
        XCTAssertEqual(after.compactMap { $0["file"] as? String }.sorted(), (1...5).map { "\(Self.cards)/00\($0).wav" })
        XCTAssertEqual(after.filter { $0["type"] as? String == "batch_run" }.count, 1, "one run line: the resumed run is the same run")
        XCTAssertEqual(after.last?["type"] as? String, "summary")
        XCTAssertTrue(resumed.stderr.isEmpty, "the run's own lines are no damaged results: \(resumed.stderr)")
    }

    func testMissingGrammarAndMissingModelAreOneLineErrors() throws {
        let noGrammar = try ParloProcess.run(["batch", "--grammar", "/no/catalog", Self.cards])
        XCTAssertNotEqual(noGrammar.status, 0)
        XCTAssertTrue(noGrammar.stderr.contains("/no/catalog"), noGrammar.stderr)
        XCTAssertTrue(noGrammar.stderr.contains("--grammar"), noGrammar.stderr)
        let noModel = try ParloProcess.run(["batch", "--jsgf", Self.cards + "/cards.gram", "--model", "/nope", Self.cards])
        XCTAssertNotEqual(noModel.status, 0)
        XCTAssertTrue(noModel.stderr.contains("pocketsphinx-en-us"), noModel.stderr)
        XCTAssertEqual(noModel.stderr.split(separator: "\n").count, 1, noModel.stderr)
    }
}

/// `parlo batch` against the bundled command catalog (grammars/), the default without --jsgf.
final class BatchCatalogTests: XCTestCase {
    /// The package root, found from this source file: fixtures and grammars live there.
    static let root = Repository.root

    func testCommandsSlotsAndLanguageComeWithEachResultAndNonCommandsAreNull() throws {
        let fixtures = Self.root.appendingPathComponent("audio-fixtures")
        let files = ["basic/00-open_math.wav", "basic/16-start_a_twenty_five_minute_timer.wav",
                     "rejection/00-oog-I_need_to_buy_some_milk_and_brea.flac"].map { fixtures.appendingPathComponent($0).path }
        let out = try ParloProcess.run(["batch", "--grammar", Self.root.appendingPathComponent("grammars").path, "--json"] + files)
        XCTAssertEqual(out.status, 0, out.stderr)
        let objects = try out.lines.map(ParloProcess.object)
        XCTAssertEqual(objects.count, 4)
        XCTAssertEqual(objects[0]["command"] as? String, "open_subject")
        XCTAssertEqual((objects[0]["slots"] as? [String: Any])?["subject"] as? String, "math")
        XCTAssertEqual(objects[0]["language"] as? String, "en")
        XCTAssertEqual(objects[0]["rejected"] as? Bool, false)
        XCTAssertEqual(objects[1]["command"] as? String, "set_timer")
        XCTAssertEqual((objects[1]["slots"] as? [String: Any])?["minutes"] as? Int, 25, "numbers are integers")
        let confidence = try XCTUnwrap(objects[1]["confidence"] as? Double)
        XCTAssertTrue((0.5...1).contains(confidence), "\(confidence)")
        // Each slot value has its own confidence, from the words that said it ("twenty five").
        let slotConfidence = try XCTUnwrap((objects[1]["slot_confidence"] as? [String: Any])?["minutes"] as? Double)
        XCTAssertTrue((0.5...1).contains(slotConfidence), "\(slotConfidence)")
        XCTAssertNotNil((objects[1]["slot_evidence"] as? [String: Any])?["minutes"] as? Double)
        XCTAssertNil(objects[2]["slot_confidence"], "a rejected result has no slot values")
        XCTAssertTrue(objects[2].keys.contains("command"), "the key is present…")
        XCTAssertTrue(objects[2]["command"] is NSNull, "…and null for speech that is no command")
        XCTAssertEqual(objects[2]["rejected"] as? Bool, true)
    }

    /// With a catalog, `confidence` is the calibrated probability (`ConfidenceModel.batch`), not
    /// the floors' margin (0.88 for most accepted results before): a clean English command is
    /// near certain, a lone Italian "prossimo" through the en-us model (right, but scored low per
    /// frame) is accepted by the floors with a clearly lower probability.
    func testBatchConfidenceIsACalibratedProbabilityNotAConstant() throws {
        let commands = Self.root.appendingPathComponent("audio-fixtures/commands")
        let names = ["en-use_voice-00-snr15.flac", "en-faster-00-clean.flac", "it-next-00-clean.flac"]
        let out = try ParloProcess.run(["batch", "--grammar", Self.root.appendingPathComponent("grammars").path, "--json"]
                                       + names.map { commands.appendingPathComponent($0).path })
        XCTAssertEqual(out.status, 0, out.stderr)
        let results = try out.lines.map(ParloProcess.object).filter { $0["type"] as? String == "result" }
        XCTAssertEqual(results.count, 3)
        let confidences = try results.map { try XCTUnwrap($0["confidence"] as? Double) }
        XCTAssertTrue(results.allSatisfy { $0["rejected"] as? Bool == false })
        XCTAssertEqual(Set(confidences).count, 3, "\(confidences)")
        XCTAssertGreaterThan(confidences[0], 0.95)
        XCTAssertEqual(results[2]["command"] as? String, "next")
        XCTAssertLessThan(confidences[2], min(0.8, confidences[1] - 0.2), "accepted by the floors, doubted by the model")
    }

    /// `--ps beam=…` names the option the rejection preset also sets (`-beam`): the user's wins
    /// instead of the two clashing ("bad decoder options").
    func testDecoderOptionsWithoutTheDashOverrideThePreset() throws {
        let file = Self.root.appendingPathComponent("audio-fixtures/basic/00-open_math.wav").path
        let out = try ParloProcess.run(["batch", "--grammar", Self.root.appendingPathComponent("grammars").path, "--json",
                                        "--ps", "beam=1e-60", "--ps=-pbeam=1e-60", file])
        XCTAssertEqual(out.status, 0, out.stderr)
        let result = try XCTUnwrap(out.lines.map(ParloProcess.object).first { $0["type"] as? String == "result" })
        XCTAssertEqual(result["command"] as? String, "open_subject")
    }
}
