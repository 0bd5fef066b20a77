import ParloCatalog

/// One line of `manifest.jsonl`: an audio file and what it says.
///
/// `command` is the canonical name (null for out-of-grammar speech, which has `rejected: true`);
/// `slots` holds canonical values, numbers as integers; `snr_db` is null for clean audio.
public struct FixtureManifestEntry: Sendable, Equatable, Codable {
    /// File name, relative to the manifest's folder.
    public var audio: String
    public var text: String
    public var language: Language
    public var command: String?
    public var slots: [String: SlotValue]
    /// eSpeak voice identifier, e.g. "it+f2".
    public var voice: String
    /// eSpeak rate in words per minute.
    public var rate: Int
    public var snrDB: Int?
    public var rejected: Bool

    public init(audio: String, text: String, language: Language, command: String?, slots: [String: SlotValue],
                voice: String, rate: Int, snrDB: Int?, rejected: Bool) {
        self.audio = audio; self.text = text; self.language = language; self.command = command; self.slots = slots
        self.voice = voice; self.rate = rate; self.snrDB = snrDB; self.rejected = rejected
    }

    enum CodingKeys: String, CodingKey {
        case audio, text, language, command, slots, voice, rate, rejected
        case snrDB = "snr_db"
    }

    /// Encodes every key, nulls included, so each line has the same fields.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(audio, forKey: .audio)
        try c.encode(text, forKey: .text)
        try c.encode(language, forKey: .language)
        try c.encode(command, forKey: .command)
        try c.encode(slots, forKey: .slots)
        try c.encode(voice, forKey: .voice)
        try c.encode(rate, forKey: .rate)
        try c.encode(snrDB, forKey: .snrDB)
        try c.encode(rejected, forKey: .rejected)
    }
}
