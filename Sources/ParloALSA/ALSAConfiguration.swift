import CALSA
import ParloCore

/// A private libasound configuration built from text; owns the `snd_config_t`.
///
/// Devices opened with one (`snd_pcm_open_lconf`) see only its definitions, not the system's
/// `alsa.conf`: tests and fixtures define `file`-plugin devices here without touching the
/// process-wide `ALSA_CONFIG_PATH`. Plugins are resolved inside libasound, so a slave must be
/// written inline (`slave.pcm { type null }`), not by the name of a system device.
// @unchecked Sendable: immutable after `init`: `handle` is a `let` that libasound only reads when a PCM is opened from it, freed once in `deinit`; `text` is a `let`.
public final class ALSAConfiguration: @unchecked Sendable {
    let handle: OpaquePointer
    /// The text it was built from.
    public let text: String

    public init(_ text: String) throws {
        ALSALog.ensureApplied()
        var top: OpaquePointer?
        var err = snd_config_top(&top)
        guard err >= 0, let cfg = top else {
            throw ALSAError(.configurationFailed, device: "(config)", errno: err, "cannot create a configuration")
        }
        var input: OpaquePointer?
        let bytes = Array(text.utf8)
        err = bytes.withUnsafeBufferPointer { buf in
            buf.withMemoryRebound(to: CChar.self) { snd_input_buffer_open(&input, $0.baseAddress, buf.count) }
        }
        if err >= 0, let input {
            err = snd_config_load(cfg, input)
            snd_input_close(input)
        }
        guard err >= 0 else {
            snd_config_delete(cfg)
            throw ALSAError(.configurationFailed, device: "(config)", errno: err, "cannot parse the ALSA configuration")
        }
        handle = cfg
        self.text = text
    }

    deinit { snd_config_delete(handle) }

    /// A capture device named `name` that plays back `rawFile` (S16_LE interleaved, no header)
    /// and then silence, through libasound's `file` plugin.
    public static func fileCapture(name: String, rawFile: String) -> String {
        """
        pcm.\(name) {
            type file
            slave.pcm { type null }
            file "/dev/null"
            infile "\(rawFile)"
            format "raw"
        }

        """
    }

    /// A playback device named `name` that writes everything played to `rawFile`.
    public static func filePlayback(name: String, rawFile: String) -> String {
        """
        pcm.\(name) {
            type file
            slave.pcm { type null }
            file "\(rawFile)"
            format "raw"
        }

        """
    }
}
