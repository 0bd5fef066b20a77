import Foundation
import ParloALSA
import XCTest

/// Real libasound devices built from the `file` plugin in a private configuration.
final class PCMDeviceTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("parlo-alsa-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    func writeRaw(_ samples: [Int16], name: String) throws -> String {
        let path = dir.appendingPathComponent(name).path
        let data = samples.withUnsafeBufferPointer { Data(buffer: $0) }
        try data.write(to: URL(fileURLWithPath: path))
        return path
    }

    func testCaptureReturnsTheFileThenSilence() throws {
        let samples = (0..<1000).map { Int16(truncatingIfNeeded: $0 * 37 - 16000) }
        let raw = try writeRaw(samples, name: "in.raw")
        let config = try ALSAConfiguration(ALSAConfiguration.fileCapture(name: "mic", rawFile: raw))
        let pcm = try PCMDevice(name: "mic", direction: .capture, configuration: config)
        XCTAssertEqual(pcm.format.sampleFormat, .s16le)
        XCTAssertEqual(pcm.format.sampleRate, 16_000)
        XCTAssertEqual(pcm.format.channels, 1)
        XCTAssertEqual(pcm.format.periodFrames, 320, accuracy: 64)
        var got: [Int16] = []
        var buf = [Float](repeating: 0, count: 4096)
        while got.count < 2000 {
            let n = try buf.withUnsafeMutableBufferPointer { try pcm.read(into: $0, frames: 320) }
            XCTAssertGreaterThan(n, 0)
            got += buf[0..<n].map { Int16(($0 * 32768).rounded()) }
        }
        XCTAssertEqual(Array(got[0..<1000]), samples)
        XCTAssertTrue(got[1000..<2000].allSatisfy { $0 == 0 }, "\(got[990..<1400])")
    }

    func testOverrunIsRecoveredAndCounted() throws {
        let raw = try writeRaw([Int16](repeating: 1000, count: 3200), name: "in.raw")
        let config = try ALSAConfiguration(ALSAConfiguration.fileCapture(name: "mic", rawFile: raw))
        let pcm = try PCMDevice(name: "mic", direction: .capture, configuration: config)
        try pcm.simulateFault(EPIPE)
        try pcm.simulateFault(EPIPE)
        XCTAssertEqual(pcm.xrunCount, 2)
        var buf = [Float](repeating: 0, count: 640)
        let n = try buf.withUnsafeMutableBufferPointer { try pcm.read(into: $0, frames: 320) }
        XCTAssertGreaterThan(n, 0)
        try pcm.simulateFault(ESTRPIPE)   // resume (or re-prepare) after a suspend
        XCTAssertEqual(pcm.suspendCount, 1)
        XCTAssertGreaterThan(try buf.withUnsafeMutableBufferPointer { try pcm.read(into: $0, frames: 320) }, 0)
        XCTAssertThrowsError(try pcm.simulateFault(EIO)) { error in
            XCTAssertEqual((error as? ALSAError)?.code, .ioFailed)
        }
    }

    func testPlaybackWritesTheExactBytes() throws {
        let out = dir.appendingPathComponent("out.raw").path
        let config = try ALSAConfiguration(ALSAConfiguration.filePlayback(name: "speaker", rawFile: out))
        let samples = (0..<5000).map { Int16(truncatingIfNeeded: $0 &* 131) }
        do {
            let player = try ALSAPlayer(device: "speaker", sampleRate: 16_000, configuration: config)
            try player.play(Array(samples[0..<1234]))
            try player.play(Array(samples[1234...]))
            try player.finish()
            player.device.close()
        }
        let data = try Data(contentsOf: URL(fileURLWithPath: out))
        let written = data.withUnsafeBytes { Array($0.bindMemory(to: Int16.self)) }
        XCTAssertEqual(written, samples)
    }

    func testPlaybackAtAnotherRateIsResampled() throws {
        let out = dir.appendingPathComponent("out22.raw").path
        let config = try ALSAConfiguration(ALSAConfiguration.filePlayback(name: "speaker", rawFile: out))
        let player = try ALSAPlayer(device: "speaker", sampleRate: 22_050, configuration: config)
        XCTAssertEqual(player.device.format.sampleRate, 22_050)
        try player.play([Int16](repeating: 500, count: 2205))
        try player.finish()
        player.device.close()
        let data = try Data(contentsOf: URL(fileURLWithPath: out))
        XCTAssertEqual(data.count, 4410)
    }

    func testUnknownDeviceNamesTheDevice() throws {
        let start = Date()
        XCTAssertThrowsError(try PCMDevice(name: "no_such_mic", direction: .capture)) { error in
            guard let e = error as? ALSAError else { return XCTFail("not an ALSAError: \(error)") }
            XCTAssertEqual(e.code, .noSuchDevice)
            XCTAssertEqual(e.device, "no_such_mic")
            XCTAssertNotEqual(e.errno, 0)
            XCTAssertTrue(e.message.contains("'no_such_mic'"), e.message)
            XCTAssertTrue(e.message.contains("parlo devices"), e.message)
        }
        let config = try ALSAConfiguration(ALSAConfiguration.filePlayback(name: "speaker", rawFile: "/dev/null"))
        XCTAssertThrowsError(try PCMDevice(name: "mic", direction: .capture, configuration: config)) { error in
            XCTAssertEqual((error as? ALSAError)?.code, .noSuchDevice)
        }
        XCTAssertLessThan(Date().timeIntervalSince(start), 5)
    }

    func testDefaultDeviceWithoutCardSaysSo() throws {
        try XCTSkipIf(DeviceList.hasSoundCard, "this machine has a sound card")
        XCTAssertThrowsError(try PCMDevice(name: "default", direction: .capture)) { error in
            XCTAssertEqual((error as? ALSAError)?.code, .noSoundCard)
        }
    }

    func testDeviceListNamesNull() {
        let devices = DeviceList.pcmDevices()
        XCTAssertTrue(devices.contains { $0.name == "null" && $0.capture && $0.playback }, "\(devices)")
    }
}
