import Foundation
import ParloCore
import ParloMeter
import XCTest

final class LevelMeterTests: XCTestCase {
    func sine(dBFS: Double, seconds: Double, hz: Double = 440) -> [Int16] {
        let amp = 32768 * pow(10, dBFS / 20)
        return (0..<Int(seconds * 16_000)).map { Int16((amp * sin(2 * .pi * hz * Double($0) / 16_000)).rounded()) }
    }

    func levels(_ samples: [Int16]) -> [Level] {
        var meter = LevelMeter()
        var out: [Level] = []
        meter.process(samples) { out.append($0) }
        return out
    }

    func testMinus6dBSineReadsMinus6Peak() {
        let out = levels(sine(dBFS: -6, seconds: 0.5))
        XCTAssertEqual(out.count, 25)
        for l in out {
            XCTAssertEqual(l.peakDB, -6, accuracy: 0.1)
            XCTAssertEqual(l.rmsDB, -9.01, accuracy: 0.1)   // a sine's RMS is 3.01 dB below its peak
            XCTAssertFalse(l.clipping)
            XCTAssertEqual(l.level, (60 - 9.01) / 60, accuracy: 0.01)
        }
        XCTAssertEqual(out.last!.t, 0.5, accuracy: 1e-9)
    }

    func testSilenceReadsTheFloor() {
        let out = levels([Int16](repeating: 0, count: 3200))
        XCTAssertEqual(out.count, 10)
        for l in out {
            XCTAssertEqual(l.rmsDB, -60); XCTAssertEqual(l.peakDB, -60); XCTAssertEqual(l.level, 0)
        }
    }

    func testClippingIsFlaggedOnlyInItsWindow() {
        var samples = sine(dBFS: -20, seconds: 0.1)
        samples[400] = .max
        let out = levels(samples)
        XCTAssertEqual(out.map(\.clipping), [false, true, false, false, false])
        XCTAssertEqual(out[1].peakDB, 0, accuracy: 0.01)
    }

    func testWindowsSpanBuffersAndBarsShift() {
        var meter = LevelMeter()
        var out: [Level] = []
        let loud = sine(dBFS: -6, seconds: 0.1), quiet = [Int16](repeating: 0, count: 1600)
        let all = loud + quiet
        // Odd buffer sizes: windows must not depend on how audio is cut.
        var i = 0
        for size in [7, 333, 1000, 91, 2000] where i < all.count {
            meter.process(Array(all[i..<min(all.count, i + size)])) { out.append($0) }
            i += size
        }
        XCTAssertEqual(out.count, 10)
        XCTAssertEqual(out[9].barArray.prefix(3).map { $0 > 0.5 }, [true, true, true])
        XCTAssertEqual(out[9].barArray.suffix(5), [0, 0, 0, 0, 0])
        XCTAssertEqual(out[4].barArray.suffix(5).map { $0 > 0.5 }, [true, true, true, true, true])
    }

    func testJSONShape() throws {
        let l = levels(sine(dBFS: -6, seconds: 0.02))[0]
        let line = try JSONLinesEncoder().line(l)
        let obj = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
        XCTAssertEqual(obj["type"] as? String, "level")
        XCTAssertEqual(Set(obj.keys), ["type", "t", "rms_db", "peak_db", "level", "clipping", "bars"])
        XCTAssertEqual((obj["bars"] as? [Double])?.count, 8)
        XCTAssertEqual(obj["peak_db"] as! Double, -6.0, accuracy: 0.01)
    }

    func testStreamKeepsOnlyTheNewest() async {
        let stream = LevelStream()
        let samples = sine(dBFS: -6, seconds: 1)
        samples.withUnsafeBufferPointer { stream.process($0) }
        stream.finish()
        var seen: [Level] = []
        for await l in stream.levels { seen.append(l) }
        XCTAssertEqual(seen.count, 1)
        XCTAssertEqual(seen[0].t, 1, accuracy: 1e-9)
    }
}
