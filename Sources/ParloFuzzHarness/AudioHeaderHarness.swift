import Foundation
import ParloAudio

/// An audio file of any format libsndfile knows (WAV, FLAC, AIFF, …): opened and read to the
/// end as 16 kHz mono blocks, as `parlo batch` reads every input file. libsndfile takes a
/// path, so the input goes through a scratch file.
enum AudioHeaderHarness {
    static let target = FuzzTarget(name: "audio", maxLength: 4096) { data in
        let path = scratchFile("wav")
        guard FileManager.default.createFile(atPath: path, contents: data) else { fatalError("audio: cannot write \(path)") }
        defer { unlink(path) }
        _ = SoundFile.hasHeader(path)
        readAll(path, raw: nil, "audio")
    }
}

/// Reads `path` block by block as the batch decoder does; a Parlo error must be its only failure.
func readAll(_ path: String, raw: RawFormat?, _ target: String) {
    do {
        let reader = try AudioFileReader(path: path, raw: raw)
        while try reader.nextBlock() != nil {}
    } catch {
        requireOneLine(error, target)
    }
}
