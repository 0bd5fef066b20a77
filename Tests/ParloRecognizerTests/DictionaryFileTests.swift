import Foundation
import XCTest
@testable import ParloRecognizer

/// cmudict is mapped for each lookup and not kept (it was 3.2 MB of resident memory).
final class DictionaryFileTests: XCTestCase {
    func testLookupsFindTheSameWordsEachTimeAndKeepNothingMapped() throws {
        let model = try AcousticModel.locate()
        let first = try PronunciationDictionary.lookup(["clubs", "seven", "zzzz"], inFile: model.dictionary)
        XCTAssertEqual(first["seven"], ["S EH V AH N"])
        XCTAssertNil(first["zzzz"])
        let second = try PronunciationDictionary.lookup(["clubs", "seven"], inFile: model.dictionary)
        XCTAssertEqual(first, second)
        let maps = Self.procFile("/proc/self/maps")
        XCTAssertTrue(maps.contains("/usr/"), "read the whole maps file")
        XCTAssertFalse(maps.contains(model.dictionary), "the dictionary stays mapped after the lookup")
    }

    /// The byte scan over the mapped file agrees with the plain parser on every entry it finds.
    func testMappedLookupEqualsParsingTheWholeFile() throws {
        let model = try AcousticModel.locate()
        let words: Set<String> = ["read", "minute", "minutes", "timer", "english", "notes", "open", "the", "a", "math"]
        let parsed = PronunciationDictionary.parse(try String(contentsOfFile: model.dictionary, encoding: .utf8)[...], wanted: words)
        let looked = try PronunciationDictionary.lookup(words, inFile: model.dictionary)
        XCTAssertEqual(looked, parsed)
        XCTAssertEqual(looked["read"]?.count, 2, "alternates kept in file order")
    }

    func testAMissingFileNamesIt() {
        XCTAssertThrowsError(try PronunciationDictionary.lookup(["a"], inFile: "/nonexistent/cmudict.dict")) { error in
            XCTAssertEqual((error as? RecognizerError)?.code, .dictionaryMissing)
            XCTAssertTrue("\(error)".contains("/nonexistent/cmudict.dict"), "\(error)")
        }
    }

    func testAnEmptyFileHasNoWords() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("parlo-empty-\(getpid()).dict").path
        XCTAssertTrue(FileManager.default.createFile(atPath: path, contents: Data()))
        defer { try? FileManager.default.removeItem(atPath: path) }
        XCTAssertTrue(try PronunciationDictionary.lookup(["a"], inFile: path).entries.isEmpty)
    }

    /// /proc files report size 0: Foundation's file reading stops early, so read to end of file.
    static func procFile(_ path: String) -> String {
        guard let file = fopen(path, "r") else { return "" }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while case let n = fread(&buffer, 1, buffer.count, file), n > 0 { bytes += buffer[0..<n] }
        return String(decoding: bytes, as: UTF8.self)
    }
}
