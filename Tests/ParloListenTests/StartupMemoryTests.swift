import Foundation
import XCTest
import ParloAudio
import ParloRecognizer
@testable import ParloListen

/// Dropping start-up pages loses nothing: a real decoder hears the same after `release()`.
final class StartupMemoryTests: XCTestCase {
    func residentFileKB() throws -> Int {
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = status.split(separator: "\n").first { $0.hasPrefix("RssFile:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
    }

    func testDecoderHearsTheSameAfterItsModelPagesAreDropped() throws {
        let recognizer = try Fixtures.cardsRecognizer()
        let audio = try AudioFileReader(path: Fixtures.cards + "/001.wav").readAll()
        try recognizer.startStream()        // each decode from the model's initial cepstral mean
        let before = try recognizer.decode(audio)
        XCTAssertEqual(before.text, "ten of clubs")
        let fileKB = try residentFileKB()
        let released = StartupMemory.release()
        XCTAssertGreaterThan(released, 1_000, "the model files and the executable were resident")
        XCTAssertLessThan(try residentFileKB(), fileKB - 1_000)
        try recognizer.startStream()
        let after = try recognizer.decode(audio)
        XCTAssertEqual(after.text, before.text)
        XCTAssertEqual(after.score, before.score)
    }

    func testOnlyReadOnlyFileMappingsWithoutPrivatePagesAreCandidates() throws {
        let mappings = StartupMemory.readOnlyFileMappings()
        XCTAssertFalse(mappings.isEmpty)
        let maps = try XCTUnwrap(StartupMemory.procFile("/proc/self/maps")).split(separator: "\n")
        for m in mappings {
            guard let line = maps.first(where: { $0.hasPrefix(String(m.start, radix: 16) + "-") }) else {
                XCTFail("no mapping at \(String(m.start, radix: 16))"); continue
            }
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            XCTAssertFalse(fields[1].contains("w"), String(line))
            XCTAssertTrue(fields.count >= 6 && fields[5].hasPrefix("/"), String(line))
        }
        // A library's relocated read-only data holds private pages: never dropped.
        XCTAssertTrue(mappings.contains { $0.privatePagesKB > 0 })
    }
}
