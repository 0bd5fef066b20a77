import ParloCore

/// Reads any audio file as 16 kHz mono 16-bit blocks: the recognizer's input.
///
/// Streams: at most one block of the file is in memory at a time, so an hour of audio costs
/// the same memory as a second of it.
public final class AudioFileReader {
    public let file: SoundFile
    private let resampler: Resampler?
    private let blockFrames: Int
    private var finished = false

    /// Seconds of audio in the file, from its header.
    public var duration: Double { Double(file.frames) / Double(file.sampleRate) }

    public init(path: String, raw: RawFormat? = nil, blockSeconds: Double = 0.5) throws {
        file = try SoundFile(path: path, raw: raw)
        resampler = file.sampleRate == SpeechFormat.sampleRate
            ? nil : try Resampler(from: file.sampleRate, to: SpeechFormat.sampleRate)
        blockFrames = max(256, Int(Double(file.sampleRate) * blockSeconds))
    }

    /// The next block of speech-format samples, or nil at the end.
    public func nextBlock() throws -> [Int16]? {
        while !finished {
            let mono = try file.readMono(maxFrames: blockFrames)
            if mono.isEmpty { finished = true }
            let resampled = try resampler.map { try $0.process(mono) } ?? mono
            if !resampled.isEmpty { return PCM.int16(resampled) }
        }
        return nil
    }

    /// Reads the whole file; meant for short utterances and tests.
    public func readAll() throws -> [Int16] {
        var all: [Int16] = []
        while let block = try nextBlock() { all.append(contentsOf: block) }
        return all
    }
}
