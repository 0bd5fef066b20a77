import Foundation
import ParloAudio
import XCTest
import ParloTesting

/// Issue 13, `say`, `read` and `study`: untrusted text and input end cleanly, with one clear
/// line for what is wrong, and the audio already spoken is kept.
final class SpeechHardeningTests: ScratchFolderTestCase {
    static let grammar = BatchCatalogTests.root.appendingPathComponent("grammars").path

    /// Seconds of audio in a WAV written by parlo (0 when libsndfile cannot read it).
    func seconds(_ wav: String) throws -> Double { try AudioFileReader(path: wav).duration }

    func testReadingAFolderIsOneClearErrorNotACrash() throws {
        let out = try ParloProcess.run(["read", dir.path, "--out", path("x.wav")])
        XCTAssertEqual(out.status, 1, out.stderr)
        let lines = ParloProcess.errorLines(out)
        XCTAssertEqual(lines.count, 1, out.stderr)
        XCTAssertTrue(lines.first?.contains("is a folder") ?? false, out.stderr)
    }

    func testStudyPausedWithNothingReadingStillAnswersResumeAndEnds() throws {
        let wav = path("r.wav")
        let (out, timedOut) = try ParloProcess.run(["study", "--text", "--out", wav, "--grammar", Self.grammar],
                                                   stdin: "pause\nhelp\nresume\n", timeout: 60)
        XCTAssertFalse(timedOut, "parlo study hung after 'pause'")
        XCTAssertEqual(out.status, 0, out.stderr)
        let commands = try out.lines.map(ParloProcess.object).filter { $0["type"] as? String == "command" }
        XCTAssertEqual(commands.compactMap { $0["command"] as? String }, ["pause", "help", "resume"])
        XCTAssertGreaterThan(try seconds(wav), 1, "the help reply is spoken once resumed")
    }

    /// Duration and RMS level of a WAV.
    func measure(_ wav: String) throws -> (seconds: Double, rms: Double) {
        let samples = try AudioFileReader(path: wav).readAll()
        let energy = samples.reduce(0.0) { $0 + Double($1) * Double($1) }
        return (try seconds(wav), (energy / Double(max(1, samples.count))).squareRoot())
    }

    /// Speaks `text` (from stdin, so a NUL survives) into a WAV and measures it.
    func say(_ text: String, _ name: String) throws -> (seconds: Double, rms: Double) {
        let out = try ParloProcess.run(["say", "--lang", "en", "--out", path(name), "-"], stdin: text)
        XCTAssertEqual(out.status, 0, out.stderr)
        return try measure(path(name))
    }

    func testEmbeddedCommandsInTextAreInert() throws {
        let text = "Hi there. Silent now, or not? This sentence should sound as loud as the first one."
        let plain = try say(text, "plain.wav")
        let muted = try say(text.replacingOccurrences(of: "Silent", with: "\u{1}0A Silent"), "muted.wav")
        let fast = try say(text.replacingOccurrences(of: "Silent", with: "\u{1}450S Silent"), "fast.wav")
        XCTAssertEqual(muted.seconds, plain.seconds, accuracy: plain.seconds * 0.15)
        XCTAssertEqual(muted.rms, plain.rms, accuracy: plain.rms * 0.25)
        // Inert, "450S" is read out as words: longer, never the 2.5 times faster rest of the text.
        XCTAssertGreaterThan(fast.seconds, plain.seconds * 0.95)
        XCTAssertEqual(fast.rms, plain.rms, accuracy: plain.rms * 0.25)
        // read goes through the same synthesis: a file with the command reads like one without.
        let file = path("muted.txt")
        try (text.replacingOccurrences(of: "Silent", with: "\u{1}0A Silent") + "\n").write(toFile: file, atomically: true, encoding: .utf8)
        let read = try ParloProcess.run(["read", "--lang", "en", "--restart", "--out", path("read.wav"), file],
                                        environment: ["XDG_STATE_HOME": dir.path])
        XCTAssertEqual(read.status, 0, read.stderr)
        XCTAssertEqual(try measure(path("read.wav")).rms, plain.rms, accuracy: plain.rms * 0.25)
    }

    func testTextAfterANulIsStillSpoken() throws {
        let before = try say("Hello.", "before.wav")
        let whole = try say("Hello.\u{0} This part comes after the null character and is spoken as well.", "whole.wav")
        XCTAssertGreaterThan(whole.seconds, before.seconds * 2.5)
    }

    /// A text long enough that writing it to a WAV takes several seconds.
    func longText() throws -> String {
        let file = path("long.txt")
        let sentence = "The river runs from the mountains to the sea, and the students follow it on the map. "
        try String(repeating: sentence, count: 4000).write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    func testInterruptedWAVOutputKeepsAValidHeader() throws {
        for (signal, name) in [(SIGTERM, "term.wav"), (SIGINT, "int.wav")] {
            let wav = path(name)
            let (out, _) = try ParloProcess.interrupt(["read", "--lang", "en", "--restart", "--out", wav, try longText()],
                                                      after: 0.5, signal: signal,
                                                      environment: ["XDG_STATE_HOME": dir.path]) {
                ((try? FileManager.default.attributesOfItem(atPath: wav)[.size] as? Int) ?? 0) > 100_000
            }
            XCTAssertFalse(out.stdout.contains("\"finished\""), "the text ended before the signal: make it longer")
            try assertHeaderHoldsTheAudio(wav, name, minimumDataBytes: 22050)
        }
    }

    /// `parlo study --out`, replaying the recorded session at real time, stopped by a signal after
    /// the first replies: the WAV keeps them, and every event printed is a whole JSON line.
    func testInterruptedStudyKeepsTheRepliesSpokenSoFar() throws {
        let session = BatchCatalogTests.root.appendingPathComponent("audio-fixtures/session/demo-session.wav").path
        for (signal, name) in [(SIGTERM, "study-term.wav"), (SIGINT, "study-int.wav")] {
            let wav = path(name)
            let (out, _) = try ParloProcess.interrupt(["study", "--input", session, "--json", "--out", wav, "--grammar", Self.grammar],
                                                      after: 0.3, signal: signal) {
                ((try? FileManager.default.attributesOfItem(atPath: wav)[.size] as? Int) ?? 0) > 30_000
            }
            let events = try out.stdout.split(separator: "\n").map { try ParloProcess.object(String($0)) }
            let replies = events.filter { $0["type"] as? String == "reply" }
            XCTAssertGreaterThan(replies.count, 0, "\(name): a reply was spoken before the signal")
            XCTAssertLessThan(events.filter { $0["type"] as? String == "command" }.count, 7,
                              "\(name): the signal came before the session's end")
            try assertHeaderHoldsTheAudio(wav, name, minimumDataBytes: 30_000)
        }
    }

    /// The WAV header of an interrupted output, read byte by byte (libsndfile repairs a zero-size
    /// header when reading, other players do not): it claims the audio written, no more, no less.
    func assertHeaderHoldsTheAudio(_ wav: String, _ name: String, minimumDataBytes: Int) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: wav)))
        func u32(_ at: Int) -> Int { (0..<4).reduce(0) { $0 | Int(bytes[at + $1]) << (8 * $1) } }
        let dataAt = try XCTUnwrap((12..<(bytes.count - 8)).first { Array(bytes[$0..<($0 + 4)]) == Array("data".utf8) }, "\(name): no data chunk in \(bytes.count) bytes")
        let dataSize = u32(dataAt + 4)
        XCTAssertGreaterThan(dataSize, minimumDataBytes, "\(name): the header claims (almost) no audio")
        XCTAssertLessThanOrEqual(dataAt + 8 + dataSize, bytes.count, "\(name): the header claims more than the file holds")
        XCTAssertLessThanOrEqual(u32(4) + 8, bytes.count, "\(name): RIFF size beyond the file")
        XCTAssertGreaterThan(dataAt + 8 + dataSize, bytes.count - 100_000, "\(name): the header lags far behind the data")
        XCTAssertGreaterThan(try SoundFile(path: wav).frames, 0)
    }

    func testSSMLAudioNeverReachesESpeakAndMalformedSSMLIsOneLine() throws {
        let (out, timedOut) = try ParloProcess.run(["say", "--ssml", "--out", path("s.wav"),
                                                    #"<speak>one <audio src="x$(touch PWNED).txt">two</audio> three</speak>"#],
                                                   timeout: 60, directory: dir)
        XCTAssertFalse(timedOut)
        XCTAssertEqual(out.status, 0, out.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("PWNED")), "eSpeak ran the <audio> command")
        let warnings = ParloProcess.errorLines(out)
        XCTAssertEqual(warnings.count, 1, out.stderr)
        XCTAssertTrue(warnings.first?.contains("<audio>") ?? false, out.stderr)
        XCTAssertGreaterThan(try seconds(path("s.wav")), 0.5, "the text around <audio> is still spoken")

        for bad in [#"<speak>a <prosody rate="slow">b</speak>"#, "a < b", "<speak>x &foo; y</speak>"] {
            let refused = try ParloProcess.run(["say", "--ssml", "--out", path("bad.wav"), bad])
            XCTAssertEqual(refused.status, 1, bad)
            let lines = ParloProcess.errorLines(refused)
            XCTAssertEqual(lines.count, 1, refused.stderr)
            XCTAssertTrue(lines.first?.contains("SSML is malformed") ?? false, refused.stderr)
        }
    }

    /// FoundationXML dereferences null on a processing instruction without data: `<?x?>` in
    /// `--ssml` killed `parlo say` with SIGSEGV (found by the ssml fuzz target, session 11).
    func testSSMLProcessingInstructionsAreLeftOutNotACrash() throws {
        let out = try ParloProcess.run(["say", "--ssml", "--out", path("pi.wav"), "<speak>one <?x?> two <?y data?> three</speak>"],
                                       timeout: 60, directory: dir).0
        XCTAssertEqual(out.status, 0, out.stderr)
        let warnings = ParloProcess.errorLines(out)
        XCTAssertEqual(warnings.count, 1, out.stderr)
        XCTAssertTrue(warnings.first?.contains("<?…?>") ?? false, out.stderr)
        XCTAssertGreaterThan(try seconds(path("pi.wav")), 0.5, "the text around the instructions is still spoken")
    }

    func testEmptyTextToSayIsAnError() throws {
        for (argument, stdin) in [("", nil), ("   ", nil), ("-", "\n \n")] as [(String, String?)] {
            let out = try ParloProcess.run(["say", "--out", path("e.wav"), argument], stdin: stdin)
            XCTAssertEqual(out.status, 1, "'\(argument)'")
            let lines = ParloProcess.errorLines(out)
            XCTAssertEqual(lines.count, 1, out.stderr)
            XCTAssertTrue(lines.first?.contains("nothing to say") ?? false, out.stderr)
        }
    }
}
