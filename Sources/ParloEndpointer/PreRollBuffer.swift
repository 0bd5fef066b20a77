/// The most recent audio, kept so that an utterance can be fed to the recognizer from before
/// the moment speech was confirmed (pre-roll plus the minimum-speech delay).
///
/// A fixed-capacity ring addressed by absolute sample index: appending never allocates.
public struct PreRollBuffer: Sendable {
    private var ring: [Int16]
    /// Absolute index one past the newest sample.
    public private(set) var end: Int = 0

    public init(capacity: Int) { ring = [Int16](repeating: 0, count: max(1, capacity)) }

    public var capacity: Int { ring.count }
    /// Absolute index of the oldest sample still held.
    public var start: Int { max(0, end - ring.count) }

    public mutating func append(_ samples: UnsafeBufferPointer<Int16>) {
        let n = ring.count
        ring.withUnsafeMutableBufferPointer { r in
            for s in samples { r[end % n] = s; end += 1 }
        }
    }

    /// Calls `body` with the held samples in `[from, to)` (clamped to what is held), in at most
    /// two contiguous pieces, oldest first.
    public func withSamples(from: Int, to: Int, _ body: (UnsafeBufferPointer<Int16>) throws -> Void) rethrows {
        let lo = max(from, start), hi = min(to, end)
        guard lo < hi else { return }
        let n = ring.count
        try ring.withUnsafeBufferPointer { r in
            let a = lo % n, b = (hi - 1) % n + 1
            if a < b {
                try body(UnsafeBufferPointer(rebasing: r[a..<b]))
            } else {
                try body(UnsafeBufferPointer(rebasing: r[a..<n]))
                try body(UnsafeBufferPointer(rebasing: r[0..<b]))
            }
        }
    }

    /// The samples in `[from, to)` as an array (tests, small reads).
    public func samples(from: Int, to: Int) -> [Int16] {
        var out: [Int16] = []
        withSamples(from: from, to: to) { out.append(contentsOf: $0) }
        return out
    }
}
