import Glibc
import ParloCapture
import ParloCore

/// The capture-side stage: each capture chunk minus the echo of what was played at the same
/// stream time, before any decoder hears it.
///
/// Cuts the stream into the canceller's frames, fetching the far end for each frame's exact span
/// from the `EchoReference`, and tells the reference how far capture has got (`noteCaptured`),
/// which is what aligns the playback side. A chunk that is not a whole number of frames leaves
/// its tail for the next chunk, and the residual suppressor hands frames out one frame late, so
/// the output runs up to two frames (40 ms) behind the input. Output chunks carry their true
/// stream positions (the canceller's latency is taken off), so downstream times stay exact.
public final class CaptureEchoFilter {
    public let canceller: EchoCanceller
    public let reference: EchoReference
    /// Whether frames are cancelled (false: chunks pass through whole frames unchanged, and
    /// capture is still noted so playback stays aligned — for comparing with and without).
    public let enabled: Bool
    private var pending: [Int16] = []
    /// Stream index of `pending[0]`, and of the next output sample.
    private var pendingStart = 0
    private var outputStart = 0
    /// Output samples still to drop: the canceller's latency, at the start of the stream.
    private var warmup: Int
    private var started = false
    /// What was heard and what cancellation left, per frame: whose voice an utterance was.
    public private(set) var energy: CancelledEnergy
    public private(set) var processedSamples = 0
    /// CPU time of this thread spent cancelling (not wall time: the machine may be shared).
    public private(set) var processingSeconds = 0.0

    public init(canceller: EchoCanceller, reference: EchoReference, enabled: Bool = true) {
        self.canceller = canceller
        self.reference = reference
        self.enabled = enabled
        warmup = enabled ? canceller.latency : 0
        energy = CancelledEnergy(frameSize: canceller.frameSize)
    }

    /// Cancels echo in `chunk`; returns the cleaned audio available so far (possibly empty).
    /// `capturedAt`: when the chunk arrived (for a `.wallClock` reference).
    public func process(_ chunk: AudioChunk, capturedAt: ContinuousClock.Instant? = nil) -> AudioChunk {
        if !started { started = true; pendingStart = chunk.start; outputStart = chunk.start }
        reference.noteCaptured(through: chunk.end, at: capturedAt)
        pending += chunk.samples
        let frame = canceller.frameSize
        let whole = pending.count - pending.count % frame
        guard whole > 0 else { return AudioChunk(samples: [], start: outputStart) }
        let mic = Array(pending[0..<whole])
        let start = pendingStart
        pending.removeFirst(whole)
        pendingStart += whole
        return emit(enabled ? cancel(mic, from: start) : mic)
    }

    /// The end of the stream: what the canceller still holds, then the uncancelled tail
    /// shorter than a frame.
    public func finish() -> AudioChunk {
        var out: [Int16] = []
        if enabled && canceller.latency > 0 && started && warmup == 0 {
            // One frame of silence pushes the last real frame out of the preprocessor.
            let flushed = cancel([Int16](repeating: 0, count: canceller.frameSize), from: pendingStart)
            out += flushed.prefix(canceller.latency)
        }
        out += pending
        pending.removeAll()
        let chunk = AudioChunk(samples: out, start: outputStart)
        outputStart = chunk.end
        return chunk
    }

    private func cancel(_ mic: [Int16], from start: Int) -> [Int16] {
        let began = Self.threadCPUSeconds()
        let far = reference.read(from: start, count: mic.count)
        let out = canceller.process(mic: mic, far: far)
        energy.note(mic, start: start, as: .heard)
        energy.note(out, start: start - canceller.latency, as: .left)
        energy.note(far, start: start, as: .played)
        processingSeconds += Self.threadCPUSeconds() - began
        processedSamples += mic.count
        return out
    }

    /// Emits output samples, dropping the canceller's start-up latency.
    private func emit(_ samples: [Int16]) -> AudioChunk {
        var samples = samples
        if warmup > 0 {
            let drop = min(warmup, samples.count)
            samples.removeFirst(drop)
            warmup -= drop
        }
        let chunk = AudioChunk(samples: samples, start: outputStart)
        outputStart = chunk.end
        return chunk
    }

    private static func threadCPUSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
    }

    /// Milliseconds of CPU spent cancelling per second of audio cancelled.
    public var cpuMillisecondsPerSecond: Double {
        processedSamples == 0 ? 0 : processingSeconds * 1000 / (Double(processedSamples) / Double(SpeechFormat.sampleRate))
    }
}
