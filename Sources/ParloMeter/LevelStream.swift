import ParloCore

/// Meters audio and publishes levels as an `AsyncStream` that keeps only the newest value.
///
/// A slow reader (a UI redrawing at 10 Hz) skips stale levels instead of queueing them, so the
/// audio thread never waits on it and memory stays constant.
// @unchecked Sendable: `meter` and `latest` are written only by `process`, which its owner calls one call at a time (the capture thread, or a speech sink under the SpeechQueue actor), and no other code reads them; other tasks only iterate `levels`, an AsyncStream whose continuation is thread-safe.
public final class LevelStream: @unchecked Sendable {
    /// The levels; iterate from any task. Finishes when `finish()` is called.
    public let levels: AsyncStream<Level>
    private let continuation: AsyncStream<Level>.Continuation
    /// The meter (owned by whoever calls `process`; not thread-safe).
    public private(set) var meter: LevelMeter
    /// The most recent level, for synchronous readers.
    public private(set) var latest: Level?

    public init(meter: LevelMeter = LevelMeter()) {
        self.meter = meter
        (levels, continuation) = AsyncStream.makeStream(of: Level.self, bufferingPolicy: .bufferingNewest(1))
    }

    /// Meters `samples` and publishes each completed window.
    public func process(_ samples: UnsafeBufferPointer<Int16>) { process(samples, each: { _ in }) }

    /// Meters `samples`, publishes each completed window and passes it to `each` (in order).
    public func process(_ samples: UnsafeBufferPointer<Int16>, each: (Level) throws -> Void) rethrows {
        try meter.process(samples) { level in
            latest = level
            continuation.yield(level)
            try each(level)
        }
    }

    /// Ends the stream.
    public func finish() { continuation.finish() }
}
