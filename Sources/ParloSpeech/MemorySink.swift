import Foundation

/// A sink that keeps what is played in memory, with a playback clock the caller drives.
///
/// Tests write through the real queue into it, then `advance` the clock: frames move from
/// pending to `played` exactly as a device would consume them, flushes drop what is pending.
// @unchecked Sendable: every mutable property is read and written only under `lock` (tests read it from other tasks than the queue's).
public final class MemorySink: SpeechSink, @unchecked Sendable {
    public let sampleRate: Int
    private let lock = NSLock()
    private var pending: [Int16] = []
    private var _played: [Int16] = []
    private var _playedFrames = 0
    private var _flushedFrames = 0
    private var _paused = false
    /// When true, frames are heard as soon as they are written (a sink without a clock).
    public let instant: Bool

    public init(sampleRate: Int = 22050, instant: Bool = false) {
        self.sampleRate = sampleRate
        self.instant = instant
    }

    /// Everything heard so far, in order.
    public var played: [Int16] { lock.withLock { _played } }
    /// Frames written but not yet heard.
    public var pendingFrames: Int { lock.withLock { pending.count } }
    /// Total frames discarded by `flush`.
    public var flushedFrames: Int { lock.withLock { _flushedFrames } }
    public var isPaused: Bool { lock.withLock { _paused } }

    public func write(_ samples: [Int16]) throws {
        lock.withLock {
            if instant { _played += samples; _playedFrames += samples.count } else { pending += samples }
        }
    }

    public var playedFrames: Int { lock.withLock { _playedFrames } }
    public var writtenFrames: Int { lock.withLock { _playedFrames + pending.count } }

    /// Plays up to `frames` pending frames (fewer if less is pending or the sink is paused);
    /// returns how many were played.
    @discardableResult
    public func advance(frames: Int) -> Int {
        lock.withLock {
            guard !_paused else { return 0 }
            let n = min(frames, pending.count)
            _played += pending[0..<n]
            pending.removeFirst(n)
            _playedFrames += n
            return n
        }
    }

    /// Plays `seconds` worth of pending audio.
    @discardableResult
    public func advance(seconds: Double) -> Int { advance(frames: Int(seconds * Double(sampleRate))) }

    public func pause() throws { lock.withLock { _paused = true } }
    public func resume() throws { lock.withLock { _paused = false } }

    public func flush() throws {
        lock.withLock {
            _flushedFrames += pending.count
            pending.removeAll()
        }
    }

    /// Plays everything pending (the test's clock runs to the end).
    public func drain() throws { lock.withLock { _paused = false }; advance(frames: Int.max) }
}
