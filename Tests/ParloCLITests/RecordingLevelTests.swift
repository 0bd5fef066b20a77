import Foundation
import ParloAudio
import ParloCore
import XCTest
import ParloTesting

/// Results do not depend on how loud a file was recorded (`--agc`, the default of `parlo batch`
/// and of `parlo listen` / `parlo study` with `--input`), nor on a DC offset under it.
final class RecordingLevelTests: ScratchFolderTestCase {
    /// An offset of 5 % of full scale: about −26 dBFS, as loud as the fixtures' speech.
    static let offset = 1638

    func fixture(_ name: String) throws -> [Int16] { try AudioFileReader(path: Repository.fixtures(name)).readAll() }

    func write(_ samples: [Int16], to target: String, sampleRate: Int = 16_000) throws {
        let writer = try SoundFileWriter(path: target, sampleRate: sampleRate)
        try writer.write(samples)
        writer.close()
    }

    /// `source` (in audio-fixtures) written to `target` 30 dB softer.
    func soften(_ source: String, to target: String) throws {
        try write(try fixture(source).map { Int16((Double($0) / 31.6).rounded()) }, to: target)
    }

    func shifted(_ samples: [Int16]) -> [Int16] { samples.map { Int16(clamping: Int($0) + Self.offset) } }

    /// `parlo batch` on `inputs`: each file's command, or "rejected", in the batch's order.
    func batchOutcomes(_ inputs: [String], _ extra: [String] = []) throws -> [String] {
        let out = try ParloProcess.run(["batch", "--grammar", Repository.grammars, "--json"] + extra + inputs)
        XCTAssertEqual(out.status, 0, out.stderr)
        return try out.lines.map(ParloProcess.object).filter { $0["type"] as? String == "result" }
            .map { ($0["rejected"] as? Bool) == true ? "rejected" : ($0["command"] as? String ?? "?") }
    }

    /// The commands `parlo listen --input` acts on, in order.
    func listenCommands(_ input: String, _ extra: [String] = []) throws -> [String] {
        let out = try ParloProcess.run(["listen", "--input", input, "--fast", "--no-levels", "--json", "--grammar", Repository.grammars] + extra)
        XCTAssertEqual(out.status, 0, out.stderr)
        return try out.lines.map(ParloProcess.object).filter { $0["type"] as? String == "command" }.map { $0["command"] as? String ?? "?" }
    }

    func makeFolder(_ name: String) throws -> String {
        let folder = path(name)
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Two commands and two non-commands of audio-fixtures, played 30 dB softer (speech near
    /// −56 dBFS: a far-away or low-gain microphone), under the batch's −55 dBFS file floor.
    static let fixtures = ["commands/it-previous-00-clean", "commands/it-show_mind_map-00-clean",
                           "commands/it-oog-00-clean", "rejection/03-oog-go_to_sleep_now"]

    func testBatchHearsASoftRecordingAsAtItsOwnLevel() throws {
        let folder = try makeFolder("soft")
        for name in Self.fixtures { try soften(name + ".flac", to: folder + "/" + name.split(separator: "/")[1] + ".wav") }
        // Files sort by name: it-oog, it-previous, it-show_mind_map, 03-oog… sorts first.
        XCTAssertEqual(try batchOutcomes([folder]), ["rejected", "rejected", "previous", "show_mind_map"])
        let fixedGain = try batchOutcomes([folder], ["--no-agc"])
        XCTAssertNotEqual(fixedGain, ["rejected", "rejected", "previous", "show_mind_map"],
                          "without the gain control the floor drowns these files, or this test proves nothing")
    }

    /// A DC offset of 5 % of full scale (as loud as the speech): before `DCBlocker`, the
    /// non-command fired "open the math book" and the 15 dB "stop" came back "read slower"
    /// (and 3 more of audio-fixtures/commands' Italian commands were lost: docs/listening.md).
    /// Unwarped (`--warps none`): since session 50 this "stop" (confidence 0.26) is decoded again
    /// at warp 0.8 and heard, wrongly and surely, as "help", with or without the offset
    /// (docs/recognizer-measurements.md, "Resampled instead of the front end's filters"); what this
    /// test guards is the offset. Its confidence is under the 0.3 that a result the floors pass
    /// needs since session 60 (`Rejection.minimumConfidenceBesideFloors`), so its hypothesis is
    /// read with every result kept (`--min-confidence 0`).
    func testBatchHearsARecordingWithAnOffsetAsWithout() throws {
        let folder = try makeFolder("offset")
        for name in ["en-oog-18-clean", "it-stop-02-snr15"] {
            let samples = try fixture("commands/\(name).flac")
            let offset = shifted(samples)
            func mean(_ s: [Int16]) -> Double { Double(s.reduce(0) { $0 + Int($1) }) / Double(s.count) }
            XCTAssertEqual(mean(offset) - mean(samples), Double(Self.offset), accuracy: 5, "nothing clipped")
            try write(offset, to: folder + "/" + name + ".wav")
        }
        XCTAssertEqual(try batchOutcomes([folder + "/en-oog-18-clean.wav"], ["--warps", "none"]), ["rejected"])
        XCTAssertEqual(try batchOutcomes([folder + "/it-stop-02-snr15.wav"], ["--warps", "none", "--min-confidence", "0"]), ["stop"])
    }

    /// Twelve clean Italian commands of audio-fixtures in a row, 1.5 s apart, with and without an
    /// offset of 5 % of full scale: `parlo listen --input` hears the same commands. Before
    /// `DCBlocker` it lost three of the ten (the offset was a loud steady noise to every stage).
    func testListenHearsARecordingWithAnOffsetAsWithout() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Repository.fixtures("commands"))
            .filter { $0.hasPrefix("it-") && $0.hasSuffix("-00-clean.flac") }.sorted().prefix(12)
        XCTAssertEqual(names.count, 12)
        var stream: [Int16] = []
        for name in names { stream += try fixture("commands/" + name) + [Int16](repeating: 0, count: 24_000) }
        try write(stream, to: path("stream.wav"))
        try write(shifted(stream), to: path("offset.wav"))
        let asMade = try listenCommands(path("stream.wav"))
        XCTAssertGreaterThanOrEqual(asMade.count, 9, "\(asMade)")
        XCTAssertEqual(try listenCommands(path("offset.wav")), asMade)
    }

    /// A file sampled at 8 kHz is decoded (resampled) with one warning line that says what it
    /// costs; a 16 kHz file gets none.
    func testANarrowbandFileIsDecodedWithOneWarning() throws {
        let folder = try makeFolder("narrow")
        let samples = try fixture("commands/en-next-00-clean.flac")
        try write(stride(from: 0, to: samples.count, by: 2).map { samples[$0] }, to: folder + "/phone.wav", sampleRate: 8_000)
        let out = try ParloProcess.run(["batch", "--grammar", Repository.grammars, "--json", folder])
        XCTAssertEqual(out.status, 0, out.stderr)
        let warnings = ParloProcess.errorLines(out)
        XCTAssertEqual(warnings.count, 1, out.stderr)
        XCTAssertTrue(warnings.first?.contains("phone.wav is sampled below 16 kHz (8000 Hz)") ?? false, out.stderr)
        XCTAssertEqual(try out.lines.map(ParloProcess.object).filter { $0["type"] as? String == "result" }.count, 1)
        let listen = try ParloProcess.run(["listen", "--input", folder + "/phone.wav", "--fast", "--no-levels", "--json", "--grammar", Repository.grammars])
        XCTAssertEqual(listen.status, 0, listen.stderr)
        XCTAssertTrue(listen.stderr.contains("sampled below 16 kHz"), listen.stderr)
        let wide = try ParloProcess.run(["batch", "--grammar", Repository.grammars, "--json", Repository.fixtures("commands/en-next-00-clean.flac")])
        XCTAssertEqual(ParloProcess.errorLines(wide), [], wide.stderr)
    }

    /// The demo session 30 dB softer: `parlo listen --input` hears its seven commands as at
    /// its own level; played as it is, its speech (near −56 dBFS) sits 1 dB over the file floor
    /// and is not heard as those commands.
    func testListenHearsASoftRecordingAsAtItsOwnLevel() throws {
        let soft = path("soft-session.wav")
        try soften("session/demo-session.wav", to: soft)
        let asMade = try listenCommands(Repository.fixtures("session/demo-session.wav"))
        XCTAssertEqual(asMade.count, 7, "\(asMade)")
        XCTAssertEqual(try listenCommands(soft), asMade)
        XCTAssertNotEqual(try listenCommands(soft, ["--no-agc"]), asMade, "the floor must matter here, or this test proves nothing")
    }
}
