import Foundation
import ParloAudio
import XCTest
import ParloTesting

/// A sound that goes on after a command (babble starting, a room's echo; here a hum with a
/// voice's harmonics and syllable-like swings) keeps the levels up, and the endpointer alone keeps
/// the utterance open until the sound stops. The decoder knows better: once its best path has
/// named the same whole command for `--settled-ms` (1 s), the utterance ends and the command
/// fires; the sound still going on opens no new utterance until it dips, or a louder voice
/// speaks over it.
final class SettledCommandTests: ScratchFolderTestCase {
    private static let rate = 16_000.0

    private struct Session {
        let stream: String, catalog: String
        /// Where the command's audio ends, the hum's and the second command's, seconds.
        let commandEnd: Double, humEnd: Double, secondEnd: Double?
    }

    /// A quiet room (1 s), "ten of clubs" (pocketsphinx-testdata's cards/001: real speech), the
    /// hum 14 dB under it with the room (4.5 s; with `second`, "seven of clubs", cards/003, said
    /// over it from 2 s on), then the room (1.5 s); and a catalog of cards.
    private func session(second: Bool = false) throws -> Session {
        var seed: UInt32 = 2_024
        func room(_ seconds: Double) -> [Double] {
            (0..<Int(seconds * Self.rate)).map { _ in
                seed = seed &* 1_664_525 &+ 1_013_904_223
                return 52 * (Double(seed >> 8) / Double(1 << 23) - 1)      // RMS 30: about -61 dBFS
            }
        }
        func cards(_ file: String) throws -> [Double] {
            try AudioFileReader(path: "/usr/share/pocketsphinx/test/data/cards/\(file).wav").readAll().map(Double.init)
        }
        let command = try cards("001")
        let commandRMS = (command.reduce(0) { $0 + $1 * $1 } / Double(command.count)).squareRoot()
        var hum = (0..<Int(4.5 * Self.rate)).map { n -> Double in
            let t = Double(n) / Self.rate
            let voice = (1...7).reduce(0.0) { $0 + sin(2 * Double.pi * 140 * Double($1) * t) / Double($1) }
            return voice * pow(10, (-6 + 6 * sin(2 * Double.pi * 3 * t)) / 20)
        }
        let humRMS = (hum.reduce(0) { $0 + $1 * $1 } / Double(hum.count)).squareRoot()
        hum = zip(hum, room(4.5)).map { $0 * commandRMS / humRMS * pow(10, -14.0 / 20) + $1 }
        var secondEnd: Double?
        if second {
            let next = try cards("003"), from = Int(2 * Self.rate)
            for (i, x) in next.enumerated() { hum[from + i] += x }
            secondEnd = 1 + Double(command.count + from + next.count) / Self.rate
        }
        let samples = (room(1) + command + hum + room(1.5)).map { Int16(max(-32_767, min(32_767, $0.rounded()))) }
        let writer = try SoundFileWriter(path: path("hum.wav"), sampleRate: 16_000)
        try writer.write(samples)
        writer.close()
        try CardsCatalog.write(into: path("catalog"))
        let commandEnd = 1 + Double(command.count) / Self.rate
        return Session(stream: path("hum.wav"), catalog: path("catalog"), commandEnd: commandEnd, humEnd: commandEnd + 4.5,
                       secondEnd: secondEnd)
    }

    /// The command events of `parlo listen` on the session: (t, command, rank, suit).
    private func commands(_ extra: [String], _ s: Session) throws -> [(t: Double, command: String, rank: String?, suit: String?)] {
        let out = try ParloProcess.run(["listen", "--input", s.stream, "--fast", "--no-levels", "--json", "--grammar", s.catalog] + extra)
        XCTAssertEqual(out.status, 0, out.stderr)
        return try out.lines.map(ParloProcess.object).filter { $0["type"] as? String == "command" }.map {
            let slots = $0["slots"] as? [String: Any]
            return ($0["t"] as? Double ?? -1, $0["command"] as? String ?? "", slots?["rank"] as? String, slots?["suit"] as? String)
        }
    }

    func testACommandFiresOnceTheDecoderSettlesWhileAHumGoesOn() throws {
        let s = try session()
        let held = try commands(["--settled-ms", "0"], s)
        XCTAssertEqual(held.map(\.command), ["card"], "\(held)")
        XCTAssertGreaterThan(held.first?.t ?? 0, s.humEnd, "without the rule the hum must hold the utterance open, or this test proves nothing")

        let settled = try commands([], s)
        XCTAssertEqual(settled.map(\.command), ["card"], "the command, and nothing from the hum: \(settled)")
        XCTAssertEqual(settled.first?.rank, "ten")
        XCTAssertEqual(settled.first?.suit, "clubs")
        XCTAssertLessThan(settled.first?.t ?? .infinity, s.commandEnd + 1.5, "fired while the hum went on")
    }

    /// "seven of clubs" said over the hum 2 s after "ten of clubs": the hum held the first
    /// utterance open into the second, and only the first command was heard. With the rule both are.
    func testACommandSaidOverTheHumIsHeardAfterTheOneBefore() throws {
        let s = try session(second: true)
        let held = try commands(["--settled-ms", "0"], s)
        XCTAssertEqual(held.map(\.rank), ["ten"], "one utterance through both commands, or this test proves nothing: \(held)")
        XCTAssertGreaterThan(held.first?.t ?? 0, s.secondEnd ?? .infinity)

        let settled = try commands([], s)
        XCTAssertEqual(settled.map(\.rank), ["ten", "seven"], "\(settled)")
        XCTAssertEqual(settled.map(\.suit), ["clubs", "clubs"])
        XCTAssertLessThan(settled.first?.t ?? .infinity, s.commandEnd + 1.5)
    }

    func testASettledTimeTooShortToBeAWordIsRefusedInOneLine() throws {
        let s = try session()
        let out = try ParloProcess.run(["listen", "--input", s.stream, "--fast", "--json", "--grammar", s.catalog, "--settled-ms", "50"])
        XCTAssertNotEqual(out.status, 0)
        XCTAssertTrue(out.stderr.contains("--settled-ms must be 0 (off) or between 200 and 10000"), out.stderr)
    }
}
