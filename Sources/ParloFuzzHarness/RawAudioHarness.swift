import Foundation
import ParloAudio

/// Headerless PCM with the `--raw-rate`, `--raw-format` and `--raw-channels` values taken from
/// the input's first bytes, checked against the ranges the CLI accepts, then decoded to the end.
///
/// Layout: byte 0 picks the encoding (out of range: an unknown name, refused as the CLI does),
/// byte 1 is the channel count, bytes 2–4 the rate in Hz (big-endian); the rest is the audio.
enum RawAudioHarness {
    static let target = FuzzTarget(name: "raw", maxLength: 4096) { data in
        let bytes = [UInt8](data)
        guard bytes.count >= 5 else { return }
        let encodings = RawFormat.Encoding.allCases
        let name = Int(bytes[0]) < encodings.count ? encodings[Int(bytes[0])].rawValue : "x\(bytes[0])"
        let channels = Int(bytes[1])
        let rate = Int(bytes[2]) << 16 | Int(bytes[3]) << 8 | Int(bytes[4])
        // The checks of `RawAudioOptions.validate()` and `format()`.
        guard RawFormat.rates.contains(rate), RawFormat.channelCounts.contains(channels) else { return }
        let encoding: RawFormat.Encoding
        do { encoding = try RawFormat.encoding(named: name) } catch { requireOneLine(error, "raw"); return }
        let path = scratchFile("raw")
        guard FileManager.default.createFile(atPath: path, contents: Data(bytes[5...])) else { fatalError("raw: cannot write \(path)") }
        defer { unlink(path) }
        readAll(path, raw: RawFormat(encoding: encoding, sampleRate: rate, channels: channels), "raw")
    }
}
