/// Decides when to tell a user that the room is too loud for reliable commands: after an
/// utterance that stood less than `belowDB` over the room, and then at most once every
/// `intervalSeconds` of stream time, so a noisy afternoon gets a reminder, not a flood.
///
/// Why 10 dB: on the development streams (docs/listening.md, "How loud the room is") about
/// 85–95 % of commands are right at 15 dB and above, 80 % at 10 dB and half at 5 dB; measured
/// the way `SpeechToNoise` measures, those streams read 16, 12 and 8 dB.
public struct NoisyRoomNotice: Sendable {
    public static let belowDB = 10.0
    public static let intervalSeconds = 60.0
    private var lastNotice: Double?

    public init() {}

    /// The notice for a terminal; `quieter` names the option that listens only while the user
    /// holds a key (`--mode ptt`, `--push-to-talk`).
    public static func message(snrDB: Double, quieter option: String) -> String {
        String(format: "noisy room: you were %.0f dB over it; below %.0f dB many commands are missed."
               + " Speak closer to the microphone, quiet the room, or try %@.", snrDB, belowDB, option)
    }

    /// The utterance's ratio when this `speech_end` calls for a notice, else nil.
    public mutating func notice(after event: ListenEvent) -> Double? {
        guard case .speechEnd(let t, let snr?) = event, snr < Self.belowDB else { return nil }
        if let last = lastNotice, t - last < Self.intervalSeconds { return nil }
        lastNotice = t
        return snr
    }
}
