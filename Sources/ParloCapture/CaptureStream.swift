import Foundation

/// Chunks produced on a dedicated capture thread, consumed as an `AsyncSequence`.
///
/// Bounded: the producer waits when `capacity` chunks are unread, so a slow pipeline applies
/// back-pressure (a live device then overruns and recovers, counted; a file or `--fast` source
/// simply slows down) instead of growing memory. `stop()` (or dropping the iterator) ends the
/// thread at its next chunk boundary, and the thread closes its device itself.
// @unchecked Sendable: `stopped` is read and written only under `lock`; the stream, its continuation and the semaphores are `let`s and thread-safe.
public final class CaptureStream: AsyncSequence, @unchecked Sendable {
    public typealias Element = AudioChunk

    /// The producer's side, used only on the capture thread.
    // @unchecked Sendable: only `let`s and a weak reference (loaded atomically by the runtime), used on the capture thread; the continuation and the semaphore are thread-safe.
    public final class Producer: @unchecked Sendable {
        fileprivate weak var stream: CaptureStream?
        fileprivate let continuation: AsyncThrowingStream<AudioChunk, Error>.Continuation
        fileprivate let credits: DispatchSemaphore

        fileprivate init(continuation: AsyncThrowingStream<AudioChunk, Error>.Continuation, credits: DispatchSemaphore) {
            self.continuation = continuation; self.credits = credits
        }

        /// Whether the consumer asked to stop.
        public var isStopped: Bool { stream?.isStopped ?? true }

        /// Hands a chunk over, waiting while the consumer is `capacity` chunks behind.
        /// Returns false when the capture should stop.
        public func yield(_ chunk: AudioChunk) -> Bool {
            while credits.wait(timeout: .now() + .milliseconds(50)) == .timedOut {
                if isStopped { return false }
            }
            if isStopped { return false }
            if case .terminated = continuation.yield(chunk) { return false }
            return true
        }
    }

    private let stream: AsyncThrowingStream<AudioChunk, Error>
    private let credits: DispatchSemaphore
    private let lock = NSLock()
    private var stopped = false
    private let done = DispatchSemaphore(value: 0)

    /// Starts `produce` on a new thread named `name`; it should loop until `yield` returns false
    /// or its source ends, and throw on unrecoverable errors (delivered to the consumer).
    public init(name: String, capacity: Int = 50, produce: @escaping @Sendable (Producer) throws -> Void) {
        // Created at 0 and raised: libdispatch traps when a semaphore is freed below its
        // initial value, which happens whenever the consumer stops early.
        let credits = DispatchSemaphore(value: 0)
        for _ in 0..<Swift.max(1, capacity) { credits.signal() }
        self.credits = credits
        let (stream, continuation) = AsyncThrowingStream.makeStream(of: AudioChunk.self, throwing: Error.self)
        self.stream = stream
        let producer = Producer(continuation: continuation, credits: credits)
        producer.stream = self
        continuation.onTermination = { [weak self] _ in self?.stop() }
        let done = self.done
        let thread = Thread {
            do {
                try produce(producer)
                continuation.finish()
            } catch {
                continuation.finish(throwing: error)
            }
            done.signal()
        }
        thread.name = name
        thread.start()
    }

    /// Asks the capture thread to stop; it finishes the stream after closing its source.
    public func stop() {
        lock.lock(); stopped = true; lock.unlock()
    }

    public var isStopped: Bool { lock.lock(); defer { lock.unlock() }; return stopped }

    /// Stops and waits (up to `timeout` seconds) until the capture thread has released its source.
    @discardableResult
    public func stopAndWait(timeout: Double = 2) -> Bool {
        stop()
        guard done.wait(timeout: .now() + timeout) == .success else { return false }
        done.signal()   // later waiters return at once
        return true
    }

    public struct AsyncIterator: AsyncIteratorProtocol {
        var base: AsyncThrowingStream<AudioChunk, Error>.AsyncIterator
        let credits: DispatchSemaphore

        public mutating func next() async throws -> AudioChunk? {
            let chunk = try await base.next()
            if chunk != nil { credits.signal() }
            return chunk
        }
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(base: stream.makeAsyncIterator(), credits: credits)
    }
}
