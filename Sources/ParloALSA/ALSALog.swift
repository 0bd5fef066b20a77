import CALSA
import Foundation

/// The single owner of libasound's process-wide error handler.
///
/// libasound prints its own diagnostics ("ALSA lib pcm.c:… Unknown PCM") to stderr; Parlo reports
/// errors as one line of its own instead, so they are silenced unless the user asks for `--verbose`.
public enum ALSALog {
    nonisolated(unsafe) private static var verbose = false
    nonisolated(unsafe) private static var applied = false
    private static let lock = NSLock()

    /// Chooses whether libasound's own error printing reaches stderr.
    public static func setVerbose(_ on: Bool) {
        lock.lock(); defer { lock.unlock() }
        verbose = on
        parlo_alsa_set_logging(on ? 1 : 0)
        applied = true
    }

    /// Applies the choice (silent by default) before the first libasound call.
    static func ensureApplied() {
        lock.lock(); defer { lock.unlock() }
        if !applied { parlo_alsa_set_logging(verbose ? 1 : 0); applied = true }
    }
}
