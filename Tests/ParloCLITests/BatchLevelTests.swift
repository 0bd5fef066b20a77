import Foundation
import ParloAudio
import ParloCore
import XCTest
import ParloTesting

/// `parlo batch`'s results do not depend on how loud a file was recorded (`--agc`, the default).
final class BatchLevelTests: ScratchFolderTestCase {
    /// Two commands and two non-commands of audio-fixtures, played 30 dB softer (speech near
    /// −56 dBFS: a far-away or low-gain microphone), under the batch's −55 dBFS file floor.
    static let fixtures = ["commands/it-previous-00-clean", "commands/it-show_mind_map-00-clean",
                           "commands/it-oog-00-clean", "rejection/03-oog-go_to_sleep_now"]

    func testASoftRecordingIsHeardAsAtItsOwnLevel() throws {
        let folder = path("soft")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for name in Self.fixtures {
            let samples = try AudioFileReader(path: Repository.fixtures(name + ".flac")).readAll()
            let writer = try SoundFileWriter(path: folder + "/" + name.split(separator: "/")[1] + ".wav", sampleRate: 16_000)
            try writer.write(samples.map { Int16((Double($0) / 31.6).rounded()) })
            writer.close()
        }
        func outcomes(_ extra: [String]) throws -> [String] {
            let out = try ParloProcess.run(["batch", "--grammar", Repository.grammars, "--json"] + extra + [folder])
            XCTAssertEqual(out.status, 0, out.stderr)
            return try out.lines.map(ParloProcess.object).filter { $0["type"] as? String == "result" }
                .map { ($0["rejected"] as? Bool) == true ? "rejected" : ($0["command"] as? String ?? "?") }
        }
        // Files sort by name: it-oog, it-previous, it-show_mind_map, 03-oog… sorts first.
        XCTAssertEqual(try outcomes([]), ["rejected", "rejected", "previous", "show_mind_map"])
        let fixedGain = try outcomes(["--no-agc"])
        XCTAssertNotEqual(fixedGain, ["rejected", "rejected", "previous", "show_mind_map"],
                          "without the gain control the floor drowns these files, or this test proves nothing")
    }
}
