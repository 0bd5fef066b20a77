import Foundation
import ParloCore
import XCTest

final class VowelBandTests: XCTestCase {
    /// 20 ms windows of a sine at `hz` (and one at `plusHz`, as loud, when given).
    private func windows(_ hz: Double, plus plusHz: Double? = nil, count: Int = 10) -> [Bool] {
        let samples = (0..<(320 * count)).map { i -> Int16 in
            let t = Double(i) / 16000
            let x = sin(2 * .pi * hz * t) + (plusHz.map { sin(2 * .pi * $0 * t) } ?? 0)
            return Int16(x * 8000)
        }
        var w = VowelWindows(windowSamples: 320)
        var out: [Bool] = []
        samples.withUnsafeBufferPointer { w.classify($0) { out.append($0) } }
        return out
    }

    func testAVowelsLowEnergyCountsAndARingOrHissDoesNot() {
        XCTAssertEqual(windows(300), [Bool](repeating: true, count: 10), "a first formant's energy")
        XCTAssertEqual(windows(3000), [Bool](repeating: false, count: 10), "cutlery ringing")
        XCTAssertEqual(Array(windows(500, plus: 3000).dropFirst()), [Bool](repeating: true, count: 9),
                       "half below 1 kHz and half above is a vowel lifted by a bright microphone")
    }

    /// Windows are counted across calls: a window split between two chunks is judged once, whole.
    func testWindowsSpanChunks() {
        var w = VowelWindows(windowSamples: 320)
        var count = 0
        let chunk = [Int16](repeating: 100, count: 200)
        for _ in 0..<8 { chunk.withUnsafeBufferPointer { w.classify($0) { _ in count += 1 } } }
        XCTAssertEqual(count, 5)   // 1,600 samples
    }
}
