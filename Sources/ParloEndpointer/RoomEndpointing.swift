/// The endpointer's settings for a stream heard in a real room, cut with a voice detector's
/// verdicts (WebRTC's): live listening (`RoomListening` in ParloEcho) and `parlo batch`'s long
/// files, which are cut as live listening cuts a stream. Each was chosen on the development
/// set's streams; the measurements are in docs/listening.md.
public enum RoomEndpointing {
    /// Quiet this long after speech ends an utterance: pauses between words stay inside it.
    public static let hangover = 0.25

    /// The quiet that ends an utterance whose words so far begin a command without being a whole
    /// one (`EndpointerConfiguration.unfinishedHangover`): people pause inside commands ("front …
    /// left"), synthetic voices do not. Recorded human speech as a stream (`scripts/recorded-speech`):
    /// 18 → 28 of 28 utterances right dry, 24 → 26 in the most reverberant room. DEV's six
    /// streams 526 / 21 → 529 / 25 (commands right / non-commands firing), the kitchen 163 / 12 →
    /// 162 / 15; 5 % of commands wait it out (docs/listening.md).
    public static let unfinishedHangover = 0.6

    /// The quietest window that may be speech, dBFS: −60 where the energy endpointer takes −50.
    /// Here a window must also be voiced and stand out from the room's level, which is what keeps
    /// a quiet room from opening utterances. At −50, a student 20 dB softer than the fixtures (speech
    /// near −46 dBFS: a low-gain or far microphone) lost the soft ends of words: DEV's quiet stream
    /// through a microphone (an ALSA `file` device), 45 / 48 of 60 commands right (en / it)
    /// against 52 / 54 at its own level; at −60, 52 / 54. DEV's six streams as made: 504 of 720
    /// commands right and 30 of 318 non-commands firing, against 503 and 31 (docs/listening.md).
    public static let minimumSpeechDB: Float = -60

    /// Windows whose levels over the last 0.6 s all lie within this many dB are noise, whatever
    /// the voice detector says: a fan or a hum holds its level, a voice seldom does for that long
    /// (syllables rise and fall by 10 dB and more, even at 10 dB SNR; a vowel held longer would
    /// end the utterance, and no DEV or TEST command was lost to it). It ends utterances that a
    /// noise just switched on kept open into the next one. DEV's six streams: merged utterances
    /// 8 → 4 (10 dB Italian 4 → 2, 5 dB English 3 → 1), 503 of 720 commands right against 502,
    /// 30 of 318 non-commands firing as before; the same at 6 and 10 dB, and at 12 dB the 0 dB
    /// stream started losing utterances (docs/listening.md).
    public static let steadyNoiseSpreadDB: Float = 8

    /// Windows in a row a sound must hold 6 dB over the room's level to open an utterance, or to
    /// resume one that was ending (`EndpointerConfiguration.sustainedWindows`): 60 ms, set once
    /// from how a knock decays (a chop on a board falls 8 dB in its second 20 ms window and to the
    /// room in its third) and not swept. In the kitchen of docs/evaluation.md chopping between two
    /// commands had kept the first open into the second: merged utterances 20 → 6 of 226 at 12 dB,
    /// 14 → 4 at 6 dB, commands right 79 → 87 and 72 → 76 of 120. DEV's six streams: 503 → 506 of
    /// 720 commands right, 30 of 318 non-commands firing as before, 4 merged as before
    /// (docs/listening.md).
    public static let sustainedWindows = 3

    /// How long past the hangover an utterance stays open after its last window with a vowel in
    /// it, however voiced what follows (`EndpointerConfiguration.vowelGrace`, session 36). In
    /// DEV's kitchen a tap running between two commands, with chops on it that kept it from looking
    /// steady, had held the first open into the second: merged 12 → 6, commands right 162 → 168
    /// of 240, non-commands firing 15 → 18 of 212. DEV's six streams: 529 / 25 → 528 / 24 of
    /// 720 / 318. Requiring a vowel of every window that holds an utterance open (session 35)
    /// split real speakers at a pause before a consonant; bounding the time since the last vowel
    /// does not (docs/listening.md).
    public static let vowelGrace = 0.15

    /// Seconds of audio before the detected onset that the decoder hears, as `parlo batch` decodes
    /// a file from 0.1 s before its first words (`SpeechSpan.margin`): every frame of room noise
    /// before the words is one the search must place on silence or on the garbage loop. The
    /// energy endpointer's 0.3 s was kept until session 23. DEV's six streams: 505 → 510 of 720
    /// commands right, 30 → 24 of 318 non-commands firing; 0.05–0.3 s swept on the 10 dB stream,
    /// 0.1 s best. Reaching further back over windows 2 dB over the room, for soft onsets, changed
    /// nothing (508 / 21). The held-out TEST streams: 315 → 324 of 720 and 62 → 50 of 615, and
    /// 333 / 54 with `ConfidenceModel.live` refitted for it (docs/listening.md).
    public static let preRoll = 0.1

    /// Seconds the decoder's best path must stay on a whole command, while the room holds the
    /// levels up, before the utterance ends (`EndpointerConfiguration.settledPath`, session 37;
    /// set beforehand: longer than a word). Other voices or clatter starting right after a
    /// command had held it open, at DEV's noise changes into the next command. DEV's streams
    /// (six, kitchen, rooms): 1,095 / 78 → 1,099 / 80 commands right / non-commands firing,
    /// merged 14 → 10; as long files 1,088 / 66 → 1,097 / 66. At 0.6 s seven times as many cuts
    /// and 8 more firing (docs/listening.md).
    public static let settledPath = 1.0

    /// Sets `configuration` to these (`hangover` instead of the usual 250 ms when given).
    public static func apply(to configuration: inout EndpointerConfiguration, hangover: Double? = nil) {
        configuration.hangover = hangover ?? Self.hangover
        configuration.minimumSpeechDB = minimumSpeechDB
        configuration.steadySpreadDB = steadyNoiseSpreadDB
        configuration.sustainedWindows = sustainedWindows
        configuration.vowelGrace = vowelGrace
        configuration.preRoll = preRoll
        configuration.unfinishedHangover = unfinishedHangover
        configuration.settledPath = settledPath
    }
}
