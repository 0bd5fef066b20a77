import Foundation
import ParloCore

/// What the speakers played, on the capture stream's timeline: the far-end signal an
/// `EchoCanceller` subtracts, fetched for exactly the samples of each capture chunk.
///
/// Indices are capture-stream sample indices (16 kHz, `AudioChunk.start` / `.end`). The playback
/// side writes each played buffer where the capture stream will be when the buffer is *heard*;
/// the capture side reads the span of the chunk it is cancelling. Places never written read as
/// silence. Thread-safe (one lock): playback and capture run on different tasks.
///
/// Alignment, and why it is done this way: the echo canceller tolerates a reference that is
/// *early* by up to its tail (it models the delay as part of the echo path), but not one that is
/// late. So playback places its samples at `now` — the capture position the reference believes is
/// current — plus what is still pending in the playback device. `now` comes from the capture side
/// (`noteCaptured`), in one of two `Timing`s:
/// - `.wallClock` (live devices): a captured position plus the time since it was noted. Capture
///   and playback on one sound card share its clock, so after that anchor the two streams advance
///   together. Chunks are noted when the listener takes them, which is late when it is busy
///   decoding; every note is a lower bound of the device's position, so the anchor is the note
///   predicting the latest position over the last 10 s (kept short so that a wall clock drifting
///   against the card's cannot push the reference late). Lag only makes the reference earlier.
///   Separate cards drift apart slowly; playback re-anchors every time it starts from silence
///   (each reply, each sentence after an underrun), which bounds the drift to one utterance.
/// - `.stream` (file devices, tests): the capture stream's own position, no wall clock. A
///   `file`-plugin device runs as fast as it is read, so only stream time relates the two: the
///   playback clock is advanced in step with capture (one period played per period captured).
// @unchecked Sendable: the ring, `horizon`, `captured` and `anchor` are read and written only under `lock` (playback and capture threads both use it); the rest are `let`s.
public final class EchoReference: @unchecked Sendable {
    public enum Timing: Sendable { case wallClock, stream }

    public let timing: Timing
    /// Samples kept behind the newest write (older spans read as silence).
    public let capacity: Int
    private let lock = NSLock()
    private var ring: [Int16]
    /// One past the newest index written.
    private var horizon = 0
    private var captured = 0
    /// The best `.wallClock` anchor: a captured position and when it was noted.
    private var anchor: (index: Int, at: ContinuousClock.Instant)?
    private let clock = ContinuousClock()
    /// How long an anchor may serve before a fresher note replaces it.
    static let anchorLifetime = Duration.seconds(10)

    /// - Parameters:
    ///   - seconds: how much played audio is kept (must exceed the capture side's lag).
    public init(timing: Timing, seconds: Double = 10) {
        self.timing = timing
        capacity = max(SpeechFormat.sampleRate, Int(seconds * Double(SpeechFormat.sampleRate)))
        ring = [Int16](repeating: 0, count: capacity)
    }

    // MARK: Capture side

    /// The capture side has consumed everything before `index`, captured at `instant`
    /// (for `.wallClock`; nil = now).
    public func noteCaptured(through index: Int, at instant: ContinuousClock.Instant? = nil) {
        let at = instant ?? clock.now
        lock.withLock {
            captured = max(captured, index)
            if let a = anchor, a.at.duration(to: at) < Self.anchorLifetime, Self.advance(a, to: at) > index { return }
            anchor = (index, at)
        }
    }

    /// The position `anchor` predicts at `instant`.
    private static func advance(_ anchor: (index: Int, at: ContinuousClock.Instant), to instant: ContinuousClock.Instant) -> Int {
        let d = anchor.at.duration(to: instant)
        let seconds = Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
        return anchor.index + Int(seconds * Double(SpeechFormat.sampleRate))
    }

    /// The last position given to `noteCaptured`.
    public var capturedThrough: Int { lock.withLock { captured } }

    /// Where the capture stream is now: the position that a sample played this instant lands at.
    public var now: Int {
        lock.withLock {
            guard timing == .wallClock, let a = anchor else { return captured }
            // Never more than 2 s past what was captured: a stalled capture is not running on.
            return min(max(captured, Self.advance(a, to: clock.now)), captured + 2 * SpeechFormat.sampleRate)
        }
    }

    /// The far-end samples for `[start, start + count)`: silence where nothing was played.
    public func read(from start: Int, count: Int) -> [Int16] {
        var out = [Int16](repeating: 0, count: count)
        lock.withLock {
            let lo = max(start, horizon - capacity, 0), hi = min(start + count, horizon)
            guard lo < hi else { return }
            // At most two contiguous pieces of the ring.
            var i = lo
            while i < hi {
                let at = i % capacity, n = min(hi - i, capacity - at)
                out.withUnsafeMutableBufferPointer { o in
                    ring.withUnsafeBufferPointer { r in
                        (o.baseAddress! + (i - start)).update(from: r.baseAddress! + at, count: n)
                    }
                }
                i += n
            }
        }
        return out
    }

    // MARK: Playback side

    /// Places played samples at capture index `index` (overwriting anything there).
    public func write(_ samples: [Int16], at index: Int) {
        guard !samples.isEmpty, index + samples.count > 0 else { return }
        lock.withLock {
            let end = index + samples.count
            if index > horizon {   // a gap of silence since the last write
                if index - horizon >= capacity { ring.withUnsafeMutableBufferPointer { $0.update(repeating: 0) } }
                else { for i in horizon..<index { ring[i % capacity] = 0 } }
            }
            let first = max(index, end - capacity, 0)   // before the stream began: never captured
            for i in first..<end { ring[i % capacity] = samples[i - index] }
            horizon = max(horizon, end)
        }
    }

    /// Forgets everything placed at or after `index`: the playback device dropped it (flush).
    public func discard(from index: Int) {
        lock.withLock {
            let index = max(0, index)
            guard index < horizon else { return }
            for i in max(index, horizon - capacity)..<horizon { ring[i % capacity] = 0 }
            horizon = max(index, horizon - capacity)
        }
    }

    /// One past the newest sample placed (for tests and diagnostics).
    public var end: Int { lock.withLock { horizon } }
}
