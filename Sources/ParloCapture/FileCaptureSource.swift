import Foundation
import ParloAudio
import ParloCore

/// Plays an audio file into the live pipeline as if it came from a microphone (`--input FILE`).
///
/// Any format libsndfile reads is converted to speech format by `AudioFileReader`; chunks are
/// 20 ms like an ALSA period and are paced at real time unless `fast` is set.
// @unchecked Sendable: `reader` is made in `init` and moved to the capture thread by `start()` (which clears it and refuses a second call), so one thread at a time owns it; the rest are `let`s.
public final class FileCaptureSource: CaptureSource, @unchecked Sendable {
    public let path: String
    public let fast: Bool
    public let stats = CaptureStats()
    /// The gain every sample is played with, dB (0 unless `standardiseLevel`).
    public let gainDB: Double
    private var reader: AudioFileReader?

    /// Opens `path` now, so a bad file fails before anything starts.
    ///
    /// With `standardiseLevel`, a regular file is read through once first and played with the
    /// gain that brings its speech within 6 dB of −26 dBFS (`SpeechLevel`), as `parlo batch`
    /// does with each file: the floor laid under `--input` audio (−55 dBFS) must stay as far
    /// under the speech as under the fixtures it was measured on. A pipe is played as it is.
    public init(path: String, fast: Bool = false, raw: RawFormat? = nil, standardiseLevel: Bool = false) throws {
        self.path = path
        self.fast = fast
        reader = try AudioFileReader(path: path, raw: raw, blockSeconds: 0.02)
        let regular = (try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType) == .typeRegular
        gainDB = standardiseLevel && regular ? try SpeechLevel.standardisingGainDB(ofFile: path, raw: raw) : 0
    }

    public var description: String {
        "\(path)\(fast ? " (fast)" : " (real time)")"
    }

    public func start() -> CaptureStream {
        precondition(reader != nil, "FileCaptureSource.start() called twice")
        // The reader moves to the capture thread: nothing here touches it after this.
        nonisolated(unsafe) let reader = reader!
        self.reader = nil
        let fast = fast, stats = stats, gainDB = gainDB
        return CaptureStream(name: "parlo.capture.file") { producer in
            var pacer = RealTimePacer()
            var position = 0
            while !producer.isStopped, let block = try reader.nextBlock() {
                // Split resampler output into ≤ 20 ms chunks so timing matches a device.
                var i = 0
                while i < block.count {
                    let n = min(SpeechFormat.samplesPer20ms, block.count - i)
                    let chunk = AudioChunk(samples: SpeechLevel.scaled(Array(block[i..<(i + n)]), byDB: gainDB), start: position)
                    i += n
                    position = chunk.end
                    stats.update(xruns: 0, samples: position)
                    if !fast { pacer.wait(until: chunk.endTime) }
                    guard producer.yield(chunk) else { return }
                }
            }
        }
    }
}
