import XCTest
@testable import ParloESpeak

final class ESpeakSynthesisTests: XCTestCase {
    func testSynthesisDeliversPCMAndWordMarksThroughUserData() throws {
        var samples = 0
        var marks: [ESpeakMark] = []
        let rate = try ESpeakEngine.shared.synthesize("hello world", voice: ESpeakVoice(name: "en-us")) { chunk in
            samples += chunk.samples.count
            marks += chunk.marks
            return true
        }
        XCTAssertEqual(rate, 22050)
        XCTAssertGreaterThan(samples, rate / 2)
        let words = marks.filter { $0.kind == .word && $0.length > 0 }
        XCTAssertEqual(words.map(\.textPosition), [1, 7])
        XCTAssertEqual(words.map(\.length), [5, 5])
        XCTAssertLessThan(words[0].sample, words[1].sample)
        XCTAssertTrue(marks.contains { $0.kind == .sentence })
    }

    func testVoiceWithUnknownNameIsAnError() {
        XCTAssertThrowsError(try ESpeakEngine.shared.synthesize("x", voice: ESpeakVoice(name: "xx-nope")) { _ in true })
    }
}
