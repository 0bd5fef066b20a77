import Foundation
import XCTest
import ParloAudio
import ParloTesting
import ParloCatalog
import ParloGrammar
import ParloRecognizer
@testable import ParloBatch

/// Decoding an unsure file again at other frequency warps (`CatalogRecognizer.warps`, `parlo
/// batch --warps`), for voices whose formants sit far from the model's adult speakers'.
final class VocalTractWarpTests: XCTestCase {
    static let catalog: Result<Catalog, Error> = Result { try CatalogLoader.load(folder: Repository.grammars) }

    /// eSpeak NG's en-us voice with every frequency scaled by 0.8 (played a fifth slower, as
    /// `sox speed 0.8` would: formants, pitch and pace together), each file decoded as `parlo batch`
    /// decodes it. Unwarped, fewer of its commands are heard than at the 0.8 warp, which each of
    /// them is heard at, with word times of the file as it is (the warped decode heard it 0.8 times
    /// as long). A sure result of the voice as it is stays the unwarped decode.
    func testALoweredVoiceIsHeardAtItsWarp() throws {
        let texts = ["go faster", "start a twenty five minute timer"]
        let lowered = try texts.map { try Self.scaled($0, by: 0.8) }
        let plain = try FreshSpeech.wav("open math", voice: "en-us", rate: 150)
        defer { for url in lowered + [plain] { try? FileManager.default.removeItem(at: url) } }
        let compiled = try CatalogCompiler(model: AcousticModel.locate()).compile(Self.catalog.get(), decoys: [.english, .italian])
        let recognizer = try CatalogRecognizer(compiled: compiled, model: AcousticModel.locate(), rejection: .catalog,
                                               noiseFloor: Recognizer.fileNoiseFloorDB)
        let unwarped = try lowered.map { try FileDecoder().decode($0.path, with: recognizer) }
        recognizer.warps = [0.8, 1.25]
        let warped = try lowered.map { try FileDecoder().decode($0.path, with: recognizer) }
        XCTAssertEqual(warped.map(\.text), texts)
        XCTAssertEqual(warped.map { $0.evidence?.warp }, [0.8, 0.8])
        for (url, result) in zip(lowered, warped) {
            let samples = try AudioFileReader(path: url.path).readAll()
            let speechEnd = Double(try XCTUnwrap(samples.lastIndex { abs(Int($0)) > 300 })) / 16_000
            let end = try XCTUnwrap(result.words.last?.end)
            XCTAssertEqual(end, speechEnd, accuracy: 0.15, "the last word ends where the speech does: \(result.words)")
        }
        XCTAssertLessThan(zip(unwarped, texts).filter { $0.text == $1 }.count, texts.count,
                          "unwarped (if this fails, eSpeak's voice or the model changed): \(unwarped.map(\.text))")
        let sure = try FileDecoder().decode(plain.path, with: recognizer)
        XCTAssertEqual(sure.text, "open math")
        XCTAssertGreaterThanOrEqual(sure.confidence, recognizer.warpBelowConfidence)
        XCTAssertNil(sure.evidence?.warp, "a sure result is not decoded again")
    }

    /// `text` in eSpeak NG's en-us voice with every frequency multiplied by `factor`: its
    /// 16 kHz samples written to a WAV file that says they were taken at 16 kHz × `factor`.
    static func scaled(_ text: String, by factor: Double) throws -> URL {
        let samples = try LoudestSecondLookTests.samples(FreshSpeech.wav(text, voice: "en-us", rate: 150))
        return try LoudestSecondLookTests.file(samples, sampleRate: Int(16_000 * factor))
    }
}
