import Foundation
import Glibc
import ParloAudio
import ParloEcho
import ParloSpeech

/// The room of the echo barge-in tests: Parlo's speakers, the air, and the microphone, feeding a
/// real libasound capture device (`file` plugin) through a FIFO, in step with the listener.
///
/// Each capture period k, the room lets the speech queue write, plays one period of Parlo's
/// speech (`MemorySink.advance`: the playback clock is the capture clock, as on one sound card),
/// turns what was *actually played* into what the microphone hears (linear interpolation to
/// 16 kHz — deliberately not the reference's libsoxr — through an `EchoPath`), adds the student
/// and room noise, and writes the period into the FIFO the ALSA device reads. It waits until the
/// listener has taken period k − 1, so a "stop" acts on Parlo's playback within a period, and
/// what the microphone hears after it is the echo of what was really still played.
final class EchoRoom: @unchecked Sendable {
    let sink: MemorySink
    let queue: SpeechQueue
    let reference: EchoReference
    /// Room noise the microphone hears besides Parlo, 16 kHz; its length is the session's.
    let near: [Int16]
    /// The student's voice and the capture index where it starts (set while the room runs).
    var student: (samples: [Int16], start: Int)?
    /// Capture index where Parlo began reading (set by the test while the room runs).
    var readingStart: Int?
    let fifo: String
    private let fd: Int32
    private var path: EchoPath
    /// What the speakers played, on the capture timeline (at the sink's rate; zeros when quiet).
    private(set) var played: [Int16] = []
    private var room16: [Float] = []

    /// Creates the FIFO and opens it read-write, so the ALSA plugin's read-only open (in the
    /// capture source's init) does not block waiting for a writer.
    init(sink: MemorySink, queue: SpeechQueue, reference: EchoReference, near: [Int16], directory: String,
         path: EchoPath = EchoPath(delay: 0.06, gain: 0.5, reverb: 0.12, seed: 5)) throws {
        self.sink = sink; self.queue = queue; self.reference = reference; self.near = near; self.path = path
        fifo = directory + "/mic-\(UUID().uuidString.prefix(8)).fifo"
        guard mkfifo(fifo, 0o600) == 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        fd = open(fifo, O_RDWR)
        guard fd >= 0 else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
    }

    deinit { close(fd); unlink(fifo) }

    /// Plays and records `near.count` samples in periods of `period` (the device's period);
    /// `onPeriod(start)` runs before each period (typed commands, placing the student).
    func run(period: Int, timeout: Double = 60, onPeriod: (Int) async -> Void = { _ in }) async throws {
        let deadline = Date().addingTimeInterval(timeout)
        let rate = Double(sink.sampleRate)
        var k = 0
        while k * period < near.count {
            while reference.capturedThrough < k * period {
                guard Date() < deadline else { throw POSIXError(.ETIMEDOUT) }
                try await Task.sleep(for: .microseconds(200))
            }
            await onPeriod(k * period)
            await queue.tick()
            let end = (k + 1) * period
            let want = Int(Double(end) * rate / 16_000) - played.count
            let n = sink.advance(frames: want)
            played += sink.played.suffix(n) + [Int16](repeating: 0, count: want - n)
            for c in room16.count..<end {
                let x = Double(c) * rate / 16_000
                let j = Int(x), f = Float(x - Double(j))
                let a = Float(played[j]), b = Float(played[min(j + 1, played.count - 1)])
                room16.append((a + (b - a) * f) / 32768)
            }
            let echo = path.process(Array(room16[(k * period)..<end]))
            let mic = (0..<period).map { i -> Int16 in
                let c = k * period + i
                var voice: Int16 = 0
                if let (samples, start) = student, samples.indices.contains(c - start) { voice = samples[c - start] }
                return PCM.int16(echo[i] + Float(near[c]) / 32768 + Float(voice) / 32768)
            }
            let bytes = mic.count * 2
            let written = mic.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, bytes) }
            guard written == bytes else { throw POSIXError(.EIO) }
            k += 1
        }
    }

    /// Fraction of 20 ms frames in `[from, to)` seconds where Parlo's speakers were audible
    /// (above −40 dBFS).
    func parloAudible(from: Double, to: Double) -> Double {
        let rate = Double(sink.sampleRate), frame = Int(rate * 0.02)
        let frames = stride(from: Int(from * rate), to: min(played.count, Int(to * rate)) - frame, by: frame).map { s in
            played[s..<(s + frame)].reduce(0.0) { $0 + Double($1) * Double($1) } / Double(frame)
        }
        guard !frames.isEmpty else { return 0 }
        return Double(frames.filter { 10 * log10($0 / (32768.0 * 32768.0) + 1e-12) > -40 }.count) / Double(frames.count)
    }

    /// Seconds of capture time when Parlo's speakers last played something audible.
    var lastAudible: Double {
        let last = played.lastIndex { abs(Int($0)) > 100 } ?? 0
        return Double(last) / Double(sink.sampleRate)
    }
}
