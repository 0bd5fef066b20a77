import CALSA
import ParloCore

/// The single owner of libasound's process-wide error handler.
///
/// libasound prints its own diagnostics ("ALSA lib pcm.c:… Unknown PCM") to stderr; Parlo reports
/// errors as one line of its own instead, so they are silenced unless the user asks for `--verbose`.
public enum ALSALog {
    private static let logSwitch = CLogSwitch { parlo_alsa_set_logging($0 ? 1 : 0) }

    /// Chooses whether libasound's own error printing reaches stderr.
    public static func setVerbose(_ on: Bool) { logSwitch.setVerbose(on) }

    /// Applies the choice (silent by default) before the first libasound call.
    static func ensureApplied() { logSwitch.withApplied {} }
}
