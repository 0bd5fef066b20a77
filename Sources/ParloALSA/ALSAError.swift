import CALSA
import ParloCore

/// Why an ALSA device could not be opened, configured, read or written.
///
/// Carries the device name and libasound's errno (negative values as libasound returns them,
/// stored positive) so that the one-line message can say which device and what to do.
public struct ALSAError: ParloError, Equatable {
    public enum Code: Sendable, Equatable {
        /// The name is unknown to libasound (not in any config, no such card).
        case noSuchDevice
        /// Another program holds the device.
        case busy
        /// The machine has no sound card and the name needs one (e.g. `default`).
        case noSoundCard
        /// The device accepts none of the sample formats Parlo can convert.
        case unsupportedFormat
        /// hw/sw parameters were refused.
        case configurationFailed
        /// A read or write failed and could not be recovered.
        case ioFailed
        /// Recovery from a suspend failed.
        case suspended
    }

    public var code: Code
    /// The device name as given (`default`, `hw:1`, `fixture_mic`…).
    public var device: String
    /// The positive errno libasound reported (0 when none).
    public var errno: Int32
    /// What Parlo was doing, in its own words.
    public var detail: String

    public init(_ code: Code, device: String, errno: Int32 = 0, _ detail: String) {
        self.code = code; self.device = device; self.errno = abs(errno); self.detail = detail
    }

    /// libasound's description of `errno`.
    public var systemText: String { errno == 0 ? "" : String(cString: snd_strerror(-errno)) }

    public var message: String {
        let list = "list devices with `parlo devices` (or `arecord -L` / `aplay -L`)"
        let why = systemText.isEmpty ? "" : " (\(systemText))"
        switch code {
        case .noSuchDevice:
            return "no audio device '\(device)'\(why) — \(list) and pass one with --device"
        case .busy:
            return "audio device '\(device)' is busy — close the program using it, or \(list) and pick another"
        case .noSoundCard:
            return "no sound card found for '\(device)' — connect a microphone or speaker, use a file instead (--input FILE to listen, --out FILE.wav to speak), or \(list)"
        case .unsupportedFormat:
            return "audio device '\(device)': \(detail)\(why) — try its `plughw:` or `default` variant; \(list)"
        case .configurationFailed:
            return "audio device '\(device)': \(detail)\(why) — try another device; \(list)"
        case .ioFailed, .suspended:
            return "audio device '\(device)': \(detail)\(why) — check the device is still connected; \(list)"
        }
    }
}
