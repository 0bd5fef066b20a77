import CALSA
import Foundation

/// One PCM device name libasound knows, as `arecord -L` / `aplay -L` list them.
public struct AudioDevice: Sendable, Equatable, Codable {
    /// What to pass to `--device`.
    public var name: String
    /// libasound's description (may span lines; joined with " · ").
    public var description: String
    public var capture: Bool
    public var playback: Bool

    public init(name: String, description: String, capture: Bool, playback: Bool) {
        self.name = name; self.description = description; self.capture = capture; self.playback = playback
    }
}

/// Lists PCM devices through `snd_device_name_hint`.
public enum DeviceList {
    /// All PCM names from the system configuration (and `ALSA_CONFIG_PATH`), with their directions.
    public static func pcmDevices() -> [AudioDevice] {
        ALSALog.ensureApplied()
        var hints: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
        guard snd_device_name_hint(-1, "pcm", &hints) >= 0, let hints else { return [] }
        defer { snd_device_name_free_hint(hints) }
        var devices: [AudioDevice] = []
        var i = 0
        while let hint = hints[i] {
            i += 1
            guard let name = take(snd_device_name_get_hint(hint, "NAME")) else { continue }
            let desc = take(snd_device_name_get_hint(hint, "DESC")) ?? ""
            let ioid = take(snd_device_name_get_hint(hint, "IOID"))
            devices.append(AudioDevice(
                name: name,
                description: desc.split(whereSeparator: \.isNewline).joined(separator: " · "),
                capture: ioid == nil || ioid == "Input",
                playback: ioid == nil || ioid == "Output"))
        }
        return devices
    }

    /// Whether libasound sees any sound card.
    public static var hasSoundCard: Bool {
        var card: Int32 = -1
        return snd_card_next(&card) >= 0 && card >= 0
    }

    /// Converts a malloc'd C string from libasound to Swift and frees it.
    private static func take(_ p: UnsafeMutablePointer<CChar>?) -> String? {
        guard let p else { return nil }
        defer { free(p) }
        return String(cString: p)
    }
}
