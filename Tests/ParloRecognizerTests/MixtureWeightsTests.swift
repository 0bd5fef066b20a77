import Foundation
import XCTest
import ParloAudio
@testable import ParloRecognizer

/// `parlo adapt` gives SphinxTrain the model's mixture weights converted from `sendump`; a
/// wrong conversion would make every transform estimated from them wrong without an error.
final class MixtureWeightsTests: XCTestCase {
    /// A model folder with the converted `mixture_weights` in place of `sendump` decodes the
    /// human `cards` recordings to the very same scores: PocketSphinx quantises the weights
    /// back to the values `sendump` holds.
    func testTheConvertedWeightsDecodeLikeTheShippedOnes() throws {
        let shipped = try AcousticModel.locate()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("parlo-mixw-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // The folder `parlo adapt` gives SphinxTrain: the shipped files but `sendump`, linked,
        // and the converted weights.
        try ModelAdaptation(model: shipped).prepareModel(in: folder)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/sendump"))
        let converted = AcousticModel(directory: folder, dictionary: shipped.dictionary)

        let grammar = try JSGFGrammar(String(contentsOfFile: RecognizerTests.cards + "/cards.gram", encoding: .utf8))
        let a = try Recognizer(model: shipped, grammar: grammar), b = try Recognizer(model: converted, grammar: grammar)
        for id in ["001", "002", "003"] {
            let samples = try AudioFileReader(path: "\(RecognizerTests.cards)/\(id).wav").readAll()
            let x = try a.decode(samples), y = try b.decode(samples)
            XCTAssertEqual(y.text, x.text, id)
            XCTAssertEqual(Double(y.score), Double(x.score), accuracy: abs(Double(x.score)) * 0.002, id)
        }
    }

    func testATruncatedSendumpIsAnErrorNotACrash() throws {
        let shipped = try AcousticModel.locate()
        let data = try Data(contentsOf: URL(fileURLWithPath: shipped.directory + "/sendump"))
        let cut = FileManager.default.temporaryDirectory.appendingPathComponent("parlo-sendump-\(UUID().uuidString)").path
        try data.prefix(data.count / 2).write(to: URL(fileURLWithPath: cut))
        defer { try? FileManager.default.removeItem(atPath: cut) }
        XCTAssertThrowsError(try MixtureWeights.convert(sendump: cut, to: cut + ".out"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: cut + ".out"))
    }
}
