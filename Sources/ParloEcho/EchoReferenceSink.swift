import ParloAudio
import ParloCore
import ParloSpeech

/// A `SpeechSink` that passes everything to another sink and records, in an `EchoReference`,
/// when each sample will be heard — the far end the capture side's echo canceller subtracts.
///
/// Speech arrives at eSpeak's 22050 Hz and the reference is 16 kHz, so samples go through a
/// streaming libsoxr resampler (phase-aligned: output sample k is input time k / 16000).
/// Placement: when the inner sink is idle (everything written has been heard) playback starts
/// from silence *now*, so a new run is anchored at `reference.now` plus whatever latency the
/// device reports beyond the new samples; while it plays, the next samples follow the previous
/// ones contiguously, the way the device plays them. A flush drops the unheard part from the
/// reference too, from the device's own count of what was heard.
// @unchecked Sendable: `resampler` and the `run…` positions change only in SpeechSink methods, called one at a time by the owning SpeechQueue actor; what the capture side shares is `reference`, which locks.
public final class EchoReferenceSink: SpeechSink, @unchecked Sendable {
    public let inner: any SpeechSink
    public let reference: EchoReference
    /// Shifts placement earlier by this many 16 kHz samples: a safety margin for a device whose
    /// clock reading lags (a reference that is early is absorbed by the canceller's tail, a late
    /// one is not cancelled at all).
    public let marginSamples: Int
    private var resampler: Resampler
    /// Reference index of the current run's first 16 kHz sample, and samples placed since.
    private var runStart = 0
    private var runPlaced = 0
    /// The inner sink's frame count when the current run started.
    private var runBase = 0

    public init(_ inner: any SpeechSink, reference: EchoReference, marginSeconds: Double = 0) throws {
        self.inner = inner
        self.reference = reference
        marginSamples = Int(marginSeconds * Double(SpeechFormat.sampleRate))
        resampler = try Self.makeResampler(inner.sampleRate)
    }

    private static func makeResampler(_ rate: Int) throws -> Resampler {
        do { return try Resampler(from: rate, to: SpeechFormat.sampleRate) } catch {
            throw EchoError(.resampling, "cannot resample speech output \(rate) → \(SpeechFormat.sampleRate) Hz for the echo reference")
        }
    }

    public var sampleRate: Int { inner.sampleRate }

    public func write(_ samples: [Int16]) throws {
        let idle = inner.writtenFrames <= inner.playedFrames
        if idle { place(try resampler.process([])) }   // what libsoxr held back of the last run
        try inner.write(samples)
        if idle {
            // Starting from silence: these samples are heard after what the device still holds
            // in its own latency (pending beyond them), from the capture position now.
            resampler = try Self.makeResampler(inner.sampleRate)
            let ahead = max(0, inner.writtenFrames - inner.playedFrames - samples.count)
            runStart = reference.now + ahead * SpeechFormat.sampleRate / inner.sampleRate - marginSamples
            runPlaced = 0
            runBase = inner.writtenFrames - samples.count
        }
        place(try resampler.process(PCM.float(samples)))
    }

    private func place(_ floats: [Float]) {
        guard !floats.isEmpty else { return }
        reference.write(PCM.int16(floats), at: runStart + runPlaced)
        runPlaced += floats.count
    }

    public var playedFrames: Int { inner.playedFrames }
    public var writtenFrames: Int { inner.writtenFrames }
    public func pause() throws { try inner.pause() }
    public func resume() throws { try inner.resume() }

    /// Reference index the device has played up to, from its own clock (`playedFrames`).
    private var heardIndex: Int {
        runStart + Int(Double(max(0, inner.playedFrames - runBase)) * Double(SpeechFormat.sampleRate) / Double(inner.sampleRate))
    }

    public func flush() throws {
        let heard = heardIndex
        try inner.flush()
        reference.discard(from: heard)
        resampler = try Self.makeResampler(inner.sampleRate)
        runPlaced = 0
    }

    public func drain() throws { try inner.drain() }
}
