import Foundation
import ParloAudio
import ParloCore
import ParloRecognizer
import ParloTesting

/// Fixture audio for live-listening tests: PocketSphinx's recorded "cards" utterances (16 kHz
/// mono human speech) separated by quiet room noise, written once per test process as raw
/// S16_LE for the ALSA `file` plugin and as WAV-less raw for `--input`.
enum Fixtures {
    static let cards = "/usr/share/pocketsphinx/test/data/cards"
    static let utterances: [(file: String, text: String)] = [
        ("001", "ten of clubs"), ("003", "seven of clubs"), ("004", "five five"),
    ]

    struct Stream {
        let rawPath: String
        /// Where each utterance's audio ends in the stream, seconds.
        let ends: [Double]
        let duration: Double

        /// The stream's samples, read back from `rawPath`.
        func samples() throws -> [Int16] {
            try Data(contentsOf: URL(fileURLWithPath: rawPath)).withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        }
    }

    static let directory: String = {
        let d = FileManager.default.temporaryDirectory.appendingPathComponent("parlo-listen-\(getpid())").path
        try? FileManager.default.createDirectory(atPath: d, withIntermediateDirectories: true)
        return d
    }()

    static func roomNoise(_ count: Int, seed: inout UInt64) -> [Int16] { RoomNoise.samples(count, seed: &seed) }

    static let stream: Stream = {
        var seed: UInt64 = 42
        var samples = roomNoise(16_000, seed: &seed)
        var ends: [Double] = []
        for u in utterances {
            samples += try! AudioFileReader(path: "\(cards)/\(u.file).wav").readAll()
            ends.append(Double(samples.count) / 16_000)
            samples += roomNoise(16_000, seed: &seed)
        }
        let path = directory + "/cards-stream.raw"
        try! samples.withUnsafeBufferPointer { Data(buffer: $0) }.write(to: URL(fileURLWithPath: path))
        return Stream(rawPath: path, ends: ends, duration: Double(samples.count) / 16_000)
    }()

    /// A command catalog of the cards' sentences (a folder with one YAML file).
    static let cardsCatalog: String = try! CardsCatalog.write(into: directory + "/cards-catalog")

    static func cardsRecognizer() throws -> Recognizer {
        let text = try String(contentsOfFile: "\(cards)/cards.gram", encoding: .utf8)
        return try Recognizer(model: try AcousticModel.locate(), grammar: try JSGFGrammar(text))
    }
}
