import CPocketSphinx
import ParloCore

/// The single owner of sphinxbase's global log stream.
///
/// sphinxbase logs through one process-wide `FILE*`; Parlo keeps it silent unless the user asks
/// for `--verbose`, and sets it only here, under a lock, before any decoder is built.
public enum PocketSphinxLog {
    private static let logSwitch = CLogSwitch { parlo_ps_set_logging($0 ? 1 : 0) }

    /// Chooses whether PocketSphinx's own log reaches stderr.
    public static func setVerbose(_ on: Bool) { logSwitch.setVerbose(on) }

    /// Runs `body` with the log settled and decoder construction serialised (the JSGF parser
    /// and config code share sphinxbase globals).
    static func withConstructionLock<T>(_ body: () throws -> T) rethrows -> T {
        try logSwitch.withApplied(body)
    }
}
