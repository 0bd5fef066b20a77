import CPocketSphinx
import Foundation

/// The single owner of sphinxbase's global log stream.
///
/// sphinxbase logs through one process-wide `FILE*`; Parlo keeps it silent unless the user asks
/// for `--verbose`, and sets it only here, under a lock, before any decoder is built.
public enum PocketSphinxLog {
    nonisolated(unsafe) private static var verbose = false
    nonisolated(unsafe) private static var applied = false
    private static let lock = NSLock()

    /// Chooses whether PocketSphinx's own log reaches stderr.
    public static func setVerbose(_ on: Bool) {
        lock.lock(); defer { lock.unlock() }
        verbose = on
        parlo_ps_set_logging(on ? 1 : 0)
        applied = true
    }

    /// Runs `body` with the log settled and decoder construction serialised (the JSGF parser
    /// and config code share sphinxbase globals).
    static func withConstructionLock<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock(); defer { lock.unlock() }
        if !applied { parlo_ps_set_logging(verbose ? 1 : 0); applied = true }
        return try body()
    }
}
