import Foundation
import ParloAudio
import ParloCapture
import ParloListen
import ParloRecognizer
import XCTest

final class WakeModeTests: XCTestCase {
    /// eSpeak NG's "hey parlo" over the room noise, then two recorded commands: only the one
    /// after the wake phrase is decoded.
    func testOnlyTheUtteranceAfterTheWakePhraseIsDecoded() throws {
        let wav = Fixtures.directory + "/hey-parlo.wav"
        let espeak = Process()
        espeak.executableURL = URL(fileURLWithPath: "/usr/bin/espeak-ng")
        espeak.arguments = ["-v", "en-us", "-s", "150", "-w", wav, "hey parlo"]
        try espeak.run()
        espeak.waitUntilExit()
        XCTAssertEqual(espeak.terminationStatus, 0)
        var seed: UInt64 = 7
        let voice = try AudioFileReader(path: wav).readAll()
        let wake = zip(voice, Fixtures.roomNoise(voice.count, seed: &seed)).map { Int16(clamping: Int($0) + Int($1)) }
        let card = { (f: String) in try AudioFileReader(path: "\(Fixtures.cards)/\(f).wav").readAll() }
        var audio = Fixtures.roomNoise(8000, seed: &seed) + wake + Fixtures.roomNoise(16_000, seed: &seed)
        audio += try card("001") + Fixtures.roomNoise(16_000, seed: &seed)
        audio += try card("003") + Fixtures.roomNoise(16_000, seed: &seed)

        let spotter = try KeyphraseSpotter(model: try AcousticModel.locate(), phrases: ["hey parlo", "ehi parlo"])
        let pipeline = ListenPipeline(recognizer: try Fixtures.cardsRecognizer(), mode: .wake(spotter, timeout: 5))
        var events: [ListenEvent] = []
        var i = 0
        while i < audio.count {
            let n = min(320, audio.count - i)
            try pipeline.process(AudioChunk(samples: Array(audio[i..<(i + n)]), start: i)) { events.append($0) }
            i += n
        }
        try pipeline.finish { events.append($0) }
        let wakes = events.filter { $0.type == "wake" }
        XCTAssertEqual(wakes.count, 1)
        if case .wake(_, let phrase)? = wakes.first { XCTAssertTrue(["hey parlo", "ehi parlo"].contains(phrase), phrase) }
        XCTAssertLessThan(wakes.first?.t ?? 99, 2.5)
        let texts = events.compactMap { e -> String? in if case .recognized(_, let r, _) = e { r.text } else { nil } }
        XCTAssertEqual(texts, ["ten of clubs"])
        XCTAssertFalse(pipeline.armed)
    }
}
