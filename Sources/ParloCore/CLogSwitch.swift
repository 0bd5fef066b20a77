import Foundation

/// The one owner of a C library's process-wide log switch (sphinxbase's log stream,
/// libasound's error handler …).
///
/// The C libraries print their own diagnostics; Parlo reports errors as one line of its own,
/// so their logs stay off unless the user asks for `--verbose`. The switch is applied before the
/// library's first use and only under this lock, which callers may also hold to serialise other
/// calls that touch the same globals.
// @unchecked Sendable: `verbose` and `applied` are read and written only under `lock`; `apply` is an immutable @Sendable closure.
public final class CLogSwitch: @unchecked Sendable {
    private let apply: @Sendable (Bool) -> Void
    private let lock = NSLock()
    private var verbose = false
    private var applied = false

    /// `apply(true)` lets the library log to stderr, `apply(false)` silences it.
    public init(_ apply: @escaping @Sendable (Bool) -> Void) { self.apply = apply }

    /// Chooses whether the library's own log reaches stderr.
    public func setVerbose(_ on: Bool) {
        lock.lock(); defer { lock.unlock() }
        verbose = on
        apply(on)
        applied = true
    }

    /// Runs `body` with the switch applied (silent by default), under the switch's lock.
    public func withApplied<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock(); defer { lock.unlock() }
        if !applied { apply(verbose); applied = true }
        return try body()
    }
}
