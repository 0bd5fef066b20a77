import Foundation

/// Where a study session reads the time, so the focus timer can be tested without waiting.
public protocol StudyClock: Sendable {
    /// Seconds since an arbitrary origin; only differences matter.
    func now() -> Double
}

/// The wall clock (monotonic enough for minutes-long timers).
public struct SystemStudyClock: StudyClock {
    public init() {}
    public func now() -> Double { ProcessInfo.processInfo.systemUptime }
}

/// A clock that moves only when told: tests and scripted sessions.
// @unchecked Sendable: `t` is read and written only under `lock`.
public final class ManualStudyClock: StudyClock, @unchecked Sendable {
    private let lock = NSLock()
    private var t: Double
    public init(start: Double = 0) { t = start }
    public func now() -> Double { lock.withLock { t } }
    public func advance(by seconds: Double) { lock.withLock { t += seconds } }
}
