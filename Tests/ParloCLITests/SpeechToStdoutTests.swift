import Foundation
import ParloAudio
import XCTest
import ParloTesting

/// `parlo say --out -` and `parlo read --out -` (issue 14): WAV on standard output and nothing
/// else, the same audio as `--out FILE`, playable by aplay from a pipe.
final class SpeechToStdoutTests: ScratchFolderTestCase {
    static let text = "Hello there. This goes down a pipe."

    /// The bytes of the `data` chunk of a WAV (what follows its 8-byte chunk header).
    static func dataChunk(_ wav: Data) throws -> Data {
        let bytes = [UInt8](wav)
        var offset = 12
        while offset + 8 <= bytes.count {
            let id = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            let size = Int(bytes[offset + 4]) | Int(bytes[offset + 5]) << 8 | Int(bytes[offset + 6]) << 16 | Int(bytes[offset + 7]) << 24
            if id == "data" { return Data(bytes[(offset + 8)...]) }
            offset += 8 + size + size % 2
        }
        throw CocoaError(.fileReadCorruptFile, userInfo: [NSDebugDescriptionErrorKey: "no data chunk"])
    }

    func testSayWritesOnlyAWAVToStdoutWithTheSameAudioAsAFile() throws {
        let file = path("file.wav")
        XCTAssertEqual(try ParloProcess.run(["say", "--lang", "en", "--out", file, Self.text]).status, 0)
        let piped = try ParloProcess.run(["say", "--lang", "en", "--out", "-", Self.text])
        XCTAssertEqual(piped.status, 0, piped.stderr)
        let wav = piped.data
        XCTAssertEqual(String(decoding: wav.prefix(4), as: UTF8.self), "RIFF")
        XCTAssertEqual(String(decoding: wav[8..<16], as: UTF8.self), "WAVEfmt ")
        // Streamed: the sizes say "unknown" (0xFFFFFFFF), never 0, which aplay would play as nothing.
        XCTAssertEqual([UInt8](wav[4..<8]), [0xFF, 0xFF, 0xFF, 0xFF])
        XCTAssertEqual([UInt8](wav[40..<44]), [0xFF, 0xFF, 0xFF, 0xFF])
        // Nothing but audio on stdout: every byte after the header is the file's audio, exactly.
        let expected = try Self.dataChunk(Data(contentsOf: URL(fileURLWithPath: file)))
        XCTAssertGreaterThan(expected.count, 22050, "over half a second of speech")
        XCTAssertEqual(wav.count, 44 + expected.count)
        XCTAssertTrue(wav.dropFirst(44) == expected, "the piped audio differs from the file's")
        XCTAssertTrue(piped.stderr.contains("said it → standard output"), piped.stderr)
        // libsndfile reads the stream as the file: same rate, same length.
        let streamed = path("streamed.wav")
        try wav.write(to: URL(fileURLWithPath: streamed))
        XCTAssertEqual(try AudioFileReader(path: streamed).duration, try AudioFileReader(path: file).duration, accuracy: 0.001)
    }

    func testReadPipedIntoAplayPlaysTheAudioAndKeepsItsLinesOnStderr() throws {
        let notes = path("notes.txt")
        try "First sentence here. Second one.\n".write(toFile: notes, atomically: true, encoding: .utf8)
        let file = path("read.wav"), played = path("played.raw"), conf = path("asound.conf")
        let env = ["XDG_STATE_HOME": dir.path]
        XCTAssertEqual(try ParloProcess.run(["read", "--lang", "en", "--restart", "--out", file, notes], environment: env).status, 0)
        // aplay's output through ALSA's `file` plugin: what it played, as raw samples.
        try "pcm.speaker { type file slave.pcm \"null\" file \"\(played)\" format \"raw\" }\n"
            .write(toFile: conf, atomically: true, encoding: .utf8)
        let parlo = ParloProcess.binary.path
        let out = try Subprocess.run("/bin/sh", ["-c", "\"$0\" read --lang en --restart --out - \"$1\" | /usr/bin/aplay -q -D speaker -", parlo, notes],
                                     environment: ProcessInfo.processInfo.environment.merging(env) { $1 }
                                         .merging(["ALSA_CONFIG_PATH": "/usr/share/alsa/alsa.conf:" + conf]) { $1 })
        XCTAssertEqual(out.status, 0, out.stderr)
        XCTAssertTrue(out.stderr.contains("sentence 1 of 2"), "lines for people go to stderr: \(out.stderr)")
        XCTAssertTrue(out.stderr.contains("read 2 sentences → standard output"), out.stderr)
        let expected = try Self.dataChunk(Data(contentsOf: URL(fileURLWithPath: file)))
        let heard = try Data(contentsOf: URL(fileURLWithPath: played))
        // aplay pads its last period with silence: what it played starts with all of the audio.
        XCTAssertGreaterThanOrEqual(heard.count, expected.count)
        XCTAssertTrue(heard.prefix(expected.count) == expected, "aplay played other audio than `read --out FILE` wrote")
    }

    func testJSONWithAudioOnStdoutIsRefusedInOneLine() throws {
        let out = try ParloProcess.run(["say", "--json", "--out", "-", "hi"])
        XCTAssertEqual(out.status, 64, out.stderr)
        XCTAssertEqual(out.errorLines.count, 1, out.stderr)
        XCTAssertTrue(out.stderr.contains("--json and --out -"), out.stderr)
        XCTAssertTrue(out.data.isEmpty, "nothing on stdout")
    }
}
