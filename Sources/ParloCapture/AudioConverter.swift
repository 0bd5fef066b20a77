import ParloAudio
import ParloCore

/// Turns interleaved float frames at a device's rate and channel count into speech format
/// (16 kHz mono Int16): channels are averaged, other rates go through libsoxr.
final class AudioConverter {
    let channels: Int
    private let resampler: Resampler?
    private var mono: [Float] = []

    init(sampleRate: Int, channels: Int) throws {
        self.channels = max(1, channels)
        resampler = sampleRate == SpeechFormat.sampleRate
            ? nil : try Resampler(from: sampleRate, to: SpeechFormat.sampleRate)
    }

    /// Converts `frames` interleaved frames.
    func convert(_ interleaved: UnsafeBufferPointer<Float>, frames: Int) throws -> [Int16] {
        if resampler == nil && channels == 1 {
            return (0..<frames).map { PCM.int16(interleaved[$0]) }
        }
        mono.removeAll(keepingCapacity: true)
        let scale = 1 / Float(channels)
        for f in 0..<frames {
            var sum: Float = 0
            for c in 0..<channels { sum += interleaved[f * channels + c] }
            mono.append(sum * scale)
        }
        let out = try resampler.map { try $0.process(mono) } ?? mono
        return PCM.int16(out)
    }

    /// What the resampler still holds, at the end of the stream.
    func flush() throws -> [Int16] {
        try resampler.map { PCM.int16(try $0.process([])) } ?? []
    }
}
