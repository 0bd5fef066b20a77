import Foundation
import XCTest
import ParloTesting

/// `parlo batch` cleans noisy files with libspeexdsp's denoiser by default (`--denoise`).
final class BatchDenoiseTests: XCTestCase {
    /// Commands in pink noise at 5 dB SNR that the recognizer gets wrong without suppression
    /// (read_page, help, help, use_voice), and a clean one the gate leaves alone.
    static let files: [(name: String, command: String)] = [
        ("en-next-02-snr05", "next"), ("it-show_mind_map-00-snr05", "show_mind_map"),
        ("en-stop-01-snr05", "stop"), ("it-pause-00-snr05", "pause"),
        ("en-faster-00-clean", "faster"),
    ]

    func commands(_ extra: [String]) throws -> [String?] {
        let root = BatchCatalogTests.root
        let paths = Self.files.map { root.appendingPathComponent("audio-fixtures/commands/\($0.name).flac").path }
        let out = try ParloProcess.run(["batch", "--json", "--grammar", root.appendingPathComponent("grammars").path] + extra + paths)
        XCTAssertEqual(out.status, 0, out.stderr)
        let objects = try out.lines.map(ParloProcess.object).filter { $0["file"] != nil }
        XCTAssertEqual(objects.count, Self.files.count)
        return objects.map { $0["command"] as? String }
    }

    func testNoisyCommandsAreHeardRightWithTheDefaultSuppression() throws {
        let denoised = try commands([])
        XCTAssertEqual(denoised, Self.files.map(\.command))
        let raw = try commands(["--denoise", "off"])
        XCTAssertEqual(raw.last, "faster")
        XCTAssertNotEqual(raw, denoised, "--denoise off must reach the recognizer unchanged")
    }

    func testBadSuppressionIsRefusedInOneLine() throws {
        let out = try ParloProcess.run(["batch", "--denoise", "loud", "x.wav"])
        XCTAssertNotEqual(out.status, 0)
        XCTAssertTrue(out.stderr.contains("--denoise takes a suppression"), out.stderr)
    }
}
