import Foundation
import XCTest
@testable import ParloCore

final class DCBlockerTests: XCTestCase {
    /// Two seconds of a 200 Hz tone (amplitude 3000, within a low voice's range) over `offset`.
    func tone(offset: Double) -> [Int16] {
        (0..<32_000).map { Int16((offset + 3000 * sin(2 * .pi * 200 * Double($0) / 16_000)).rounded()) }
    }

    func mean(_ s: ArraySlice<Int16>) -> Double { s.reduce(0.0) { $0 + Double($1) } / Double(s.count) }

    func testAnOffsetIsTakenAwayAndTheToneIsLeft() {
        let out = DCBlocker().condition(tone(offset: 1638))      // 5 % of full scale
        XCTAssertEqual(out.count, 32_000)
        XCTAssertEqual(mean(out[16_000...]), 0, accuracy: 2)
        let ref = tone(offset: 0)
        let worst = zip(out, ref).map { abs(Int($0) - Int($1)) }.max() ?? .max
        XCTAssertLessThan(worst, 40, "a 200 Hz tone must pass all but unchanged (largest difference \(worst))")
    }

    /// The filter starts as if the input had always been at its first chunk's mean: an offset
    /// present from the start leaves no step to fade out (a click, or a fading offset that every
    /// level measure would count).
    func testAnOffsetFromTheStartMakesNoClick() {
        let out = DCBlocker().condition(tone(offset: -2000))
        XCTAssertLessThanOrEqual(out.prefix(400).map { abs(Int($0)) }.max() ?? .max, 3100)
        XCTAssertEqual(mean(out[0..<16_000]), 0, accuracy: 5)
    }

    func testStreamingContinuesTheFilterAcrossChunks() {
        let input = tone(offset: 1000)
        let whole = DCBlocker().condition(input)
        let blocker = DCBlocker()
        var pieces = blocker.process(input[0..<16_000])
        pieces += blocker.process(input[16_000...]) + blocker.finish()
        XCTAssertEqual(pieces, whole)
        XCTAssertEqual(blocker.process([Int16](repeating: 500, count: 100)[...]), [Int16](repeating: 0, count: 100),
                       "finish starts a new input: its own level is its offset")
    }
}
